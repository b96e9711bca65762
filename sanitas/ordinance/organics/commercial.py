"""Ch. 50 SB 1383 commercial (A)(1)-(8): a business's service level (self-hauling
and waivers as exceptions), containers, employees, self-inspections, education of
employees and tenants, and new tenants.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from datetime import date

from sanitas.ordinance.calendar import (
    add_days,
    day_text,
    period_label_quarter,
    quarter_end,
    quarter_of_year,
    quarter_start,
    quarters_between,
)
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    deadline,
    derived,
    exception,
    met,
    new_tuple,
    rule,
    violation,
)
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general import Establishment, Premises
from sanitas.ordinance.organics.common import (
    class_of,
    class_reading,
    current_self_hauler,
    establishment_class,
    establishments_at,
    is_a,
    is_commercial,
    named_facts,
    opened_after,
    org_in_force,
    premises_wide,
    service_record,
    service_waiver,
    subject_class,
    thing_name,
    weekly_gallons,
)
from sanitas.ordinance.organics.single_family import level_words, per_week
from sanitas.ordinance.organics.vocabulary import (
    Container,
    MoveIn,
    OrganicsChecklist,
    SelfInspection,
)
from sanitas.ordinance.words import capital, listing, name_of, names_of, period_words, plural

# --------------------------------------------------------------------------- ORG-COM-ENROLL


def _enrolled_commercial(subject: Premises | Establishment, ctx: Context) -> bool:
    """Whether ORG-COM-ENROLL is about ``subject``, the subchapter in force: commercial
    or multi-family premises, unless every business at it is outside the city's
    duties (a local education agency, a state agency); or a business recorded
    without a premises, unless it is outside them."""
    if not org_in_force(ctx):
        return False
    if is_a(subject, "premises"):
        if class_of(subject, ctx) not in ("commercial", "multi_family"):
            return False
        businesses = establishments_at(subject, ctx)
        return not (
            businesses and all(establishment_class(e, ctx) == "non_local" for e in businesses)
        )
    return subject.premises is None and establishment_class(subject, ctx) != "non_local"


def _com_enroll(subject: Fact, ctx: Context) -> Outcome | None:
    gallons = weekly_gallons(subject, ctx)["organics"]
    if gallons is None:
        return None
    minimum = ctx.param("org.com_min_organics_gallons")
    name = thing_name(ctx, subject)
    businesses = establishments_at(subject, ctx) if is_a(subject, "premises") else []
    reading = class_reading(subject, ctx)
    if businesses:
        verb = "does" if len(businesses) == 1 else "do"
        name += f", where {names_of(ctx, businesses)} {verb} business,"
        together = (
            "A premises' organics service is its own and that of the businesses at it, "
            "counted together."
        )
        reading = f"{reading} {together}" if reading else together
    need = (
        "that multi-family premises need"
        if subject_class(subject, ctx) == "multi_family"
        else "that a commercial business needs unless it self-hauls"
    )
    record = service_record(subject, ctx)["organics"]
    have = f"{name} has {level_words('organics', record, gallons, ctx)}"
    if gallons < minimum:
        return violation(f"{have}, short of the {per_week(minimum)} {need}.", reading=reading)
    return met(f"{have}, at least the {per_week(minimum)} {need}.", reading=reading)


@rule("ORG-COM-ENROLL", on="premises", label="commercial_service_level")
def commercial_service_level(premises: Premises, ctx: Context):
    """Commercial (A)(1): "Except commercial businesses that meet the self-hauler
    requirements …, be automatically enrolled in the city's two-container organic waste
    collection services and with a source separated green container organic waste
    service level of 64 gallons". Reading: the subject is the premises (commercial or
    multi-family), counting its own services and those of the businesses at it, and
    outside the city's duties when every business at it is (a local education agency,
    a state agency). A shortfall rests on an organics service on record. Self-hauling
    and a waiver are exceptions (below)."""
    if not _enrolled_commercial(premises, ctx):
        return None
    return _com_enroll(premises, ctx)


@rule("ORG-COM-ENROLL", on="establishment", label="commercial_service_level_of_business")
def commercial_service_level_of_business(establishment: Establishment, ctx: Context):
    """Commercial (A)(1), for a business recorded without a premises: the business
    holding the service is the subject, with its own services."""
    if not _enrolled_commercial(establishment, ctx):
        return None
    return _com_enroll(establishment, ctx)


@exception("commercial_service_level", cite="Ch. 50 SB 1383 commercial (A)(1)")
@exception("commercial_service_level_of_business", cite="Ch. 50 SB 1383 commercial (A)(1)")
def commercial_self_hauls(subject: Premises | Establishment, ctx: Context) -> bool:
    """A business that self-hauls (or a premises every business at which does) is
    exempt from the organics service level.

    Commercial (A)(1): "Except commercial businesses that meet the self-hauler
    requirements …, be automatically enrolled …"."""
    return _enrolled_commercial(subject, ctx) and premises_wide(
        subject, ctx, lambda h: current_self_hauler(h, ctx)
    )


@exception("commercial_service_level", cite="Ch. 50 SB 1383 waivers (A), (B)")
@exception("commercial_service_level_of_business", cite="Ch. 50 SB 1383 waivers (A), (B)")
def commercial_service_waived(subject: Premises | Establishment, ctx: Context) -> bool:
    """A valid de minimis or physical space waiver of the business (or of every
    business at a premises) excuses it from the organics service level.

    Waivers (A): "The city may waive a commercial business' obligation … to comply
    with some or all of the organic waste requirements of this subchapter …"; (B):
    "… some or all of the organic waste collection service requirements …"."""
    return _enrolled_commercial(subject, ctx) and premises_wide(
        subject, ctx, lambda h: service_waiver(h, ctx)
    )


# --------------------------------------------------------------------------- ORG-COM-CONTAINERS

_LABELS_CITE = "Ch. 50 SB 1383 commercial (A)(4)(b)"
_COLORS_CITE = "Ch. 50 SB 1383 commercial (A)(4)(a)"


@derived("container_replace_by", on="container", requirement="ORG-COM-CONTAINERS")
def container_replace_by(container: Container, ctx: Context) -> date | None:
    """Commercial (A)(4)(a): "A commercial business is not required to replace functional
    containers, including containers purchased prior to January 1, 2022, that do not
    comply … prior to the end of the useful life of those containers, or prior to
    January 1, 2036, whichever comes first." None for a conforming container, for a new
    one (which has no such allowance), and for one with no purchase date on record
    unless the reading ``org.undated_container_is_old`` gives it the allowance."""
    if _conforms(container) or _new_container(container, ctx):
        return None
    if container.acquired_on is None and not ctx.param("org.undated_container_is_old"):
        return None
    last = ctx.param("org.container_replacement_deadline")
    if container.useful_life_ends_on is not None:
        return min(last, container.useful_life_ends_on)
    return last


def _conforms(container: Container) -> bool:
    return bool(container.color_conforms or container.labeled)


def _new_container(container: Container, ctx: Context) -> bool:
    """Bought, on record, on or after ``org.container_labels_from``."""
    return container.acquired_on is not None and container.acquired_on >= ctx.param(
        "org.container_labels_from"
    )


_CONTAINER_STREAM = {"recyclables": "recycling", "organics": "organics", "black": "black"}
_CONTAINER_PLACE = {
    "customer": " in a customer area",
    "employee": " in an employee area",
    "tenant": " for tenants",
    "service": " in a service area",
}


def _container(container: Container, ctx: Context) -> str:
    """ "The organics container in a customer area of Arroyo Pho, bought 2019-05-01"."""
    where = _CONTAINER_PLACE.get(container.location or "", "")
    bought = (
        f"bought {container.acquired_on}"
        if container.acquired_on is not None
        else "with no purchase date on record"
    )
    return (
        f"The {_CONTAINER_STREAM[container.stream]} container{where} of "
        f"{name_of(ctx, container.holder)}, {bought},"
    )


def _replaced_on(container: Container, ctx: Context) -> date | None:
    """When the container was replaced; a replacement dated before its purchase is a
    data problem and counts for nothing."""
    replaced = container.replaced_on
    bought = container.acquired_on
    if replaced is not None and bought is not None and replaced < bought:
        ctx.data_problem(
            named_facts(container, container.holder),
            f"The {_CONTAINER_STREAM[container.stream]} container of "
            f"{name_of(ctx, container.holder)} is recorded replaced on {replaced}, before it "
            f"was bought on {bought}.",
        )
        return None
    return replaced


@rule("ORG-COM-CONTAINERS", on="container")
def container_colors_and_labels(container: Container, ctx: Context):
    """Commercial (A)(3)-(4): containers "with sufficient labels or colors"; (a) a body or
    lid that conforms with the container colors, functional non-conforming containers
    allowed until the end of their useful life or January 1, 2036; (b) "the container
    labels are required on new containers commencing January 1, 2022". A container is
    new only by a purchase date on record."""
    holder = ctx.get(container.holder)
    if not org_in_force(ctx) or not is_commercial(holder, ctx) or container.location == "restroom":
        return None
    if container.acquired_on is not None and container.acquired_on > ctx.as_of:
        return None  # not bought yet
    name = _container(container, ctx)
    replaced = _replaced_on(container, ctx)
    labels_from = ctx.param("org.container_labels_from")
    if _new_container(container, ctx):
        if container.labeled is False:
            if replaced is not None:
                return met(
                    f"{name} had no labels, which new containers need from {labels_from}; it "
                    f"was replaced on {replaced}.",
                    cite=_LABELS_CITE,
                )
            return violation(
                f"{name} has no labels, which new containers need from {labels_from}.",
                cite=_LABELS_CITE,
            )
        if container.labeled:
            return met(f"{name} carries labels.", cite=_LABELS_CITE)
        return None
    if _conforms(container):
        how = "has a conforming color" if container.color_conforms else "carries labels"
        return met(f"{name} {how}.", cite=_COLORS_CITE)
    if container.color_conforms is None and container.labeled is None:
        return None
    reading = None
    if container.acquired_on is None:
        if not ctx.param("org.undated_container_is_old"):
            return None
        reading = (
            f"A container with no purchase date on record keeps the allowance of one bought "
            f"before {labels_from}; only a recorded purchase on or after that date makes "
            "missing labels a violation."
        )
    if container.functional is False and replaced is None:
        return violation(
            f"{name} has neither a conforming color nor labels and is no longer functional, "
            "so the allowance for functional containers has ended.",
            cite=_COLORS_CITE,
            reading=reading,
        )
    replace_by = ctx.derived("container_replace_by", container)
    life = container.useful_life_ends_on
    by = (
        f"the end of its useful life on {replace_by}"
        if life is not None and life <= replace_by
        else f"{replace_by} at the latest (or the end of its useful life, if sooner)"
    )
    if replaced is not None and replaced <= replace_by:
        tail = f"was to be replaced by {by}, and was replaced on {replaced}."
    elif replaced is not None:
        tail = f"was to be replaced by {by}, and was replaced late, on {replaced}."
    elif ctx.as_of <= replace_by:
        tail = f"must be replaced by {by}."
    else:
        tail = f"was to be replaced by {by}, and has not been."
    return deadline(
        due_on=replace_by,
        done_on=replaced,
        as_of=ctx.as_of,
        explanation=f"{name} has neither a conforming color nor labels and {tail}",
        cite=_COLORS_CITE,
        reading=reading,
    )


_CONTAINER_ITEMS = (
    (
        "containers_adequate",
        "containers not adequate in number, size, type or location",
        "Ch. 50 SB 1383 commercial (A)(3)",
    ),
    (
        "containers_colored_or_labeled",
        "customer containers without conforming colors or labels",
        "Ch. 50 SB 1383 commercial (A)(4)(a)-(b)",
    ),
)
_CUSTOMER_ORGANICS = (
    "customer areas without organics containers",
    "Ch. 50 SB 1383 commercial (A)(4)",
)


@rule("ORG-COM-CONTAINERS", on="organics_checklist")
def container_checklist(checklist: OrganicsChecklist, ctx: Context):
    """Commercial (A)(3)-(4): supply adequate containers "for employees, contractors,
    tenants and customers"; "Excluding multi-family residential dwellings, provide
    containers for the collection of source separated green container organic waste, in
    all indoor and outdoor areas where disposal containers are provided for customers
    … Such containers do not need to be provided in restrooms. If a commercial business
    does not generate any source separated container organic waste then the business
    does not have to provide that particular container"."""
    subject = ctx.get(checklist.subject)
    if not org_in_force(ctx, checklist.date) or not is_commercial(subject, ctx):
        return None
    failed = [
        (text, cite) for item, text, cite in _CONTAINER_ITEMS if getattr(checklist, item) is False
    ]
    checked = [item for item, _, _ in _CONTAINER_ITEMS if getattr(checklist, item) is not None]
    multi_family = subject_class(subject, ctx) == "multi_family"
    if (
        not multi_family
        and checklist.generates_organics is not False
        and checklist.customer_organics_containers is not None
    ):
        checked.append("customer_organics_containers")
        if checklist.customer_organics_containers is False:
            failed.append(_CUSTOMER_ORGANICS)
    head = f"The organics checklist of {name_of(ctx, subject)} on {checklist.date}"
    if failed:
        cites = {cite for _, cite in failed}
        return violation(
            f"{head} found {listing(text for text, _ in failed)}.",
            cite=cites.pop() if len(cites) == 1 else None,
        )
    if checked:
        return met(f"{head} found the containers adequate in each item checked.")
    return None


# --------------------------------------------------------------------------- ORG-COM-EMPLOYEES


@rule("ORG-COM-EMPLOYEES", on="organics_checklist")
def employee_sorting(checklist: OrganicsChecklist, ctx: Context):
    """Commercial (A)(5): "Excluding multi-family residential dwellings, prohibit
    employees from placing materials in a container not designated for those materials
    … through education, training, inspection, and/or other measures"."""
    subject = ctx.get(checklist.subject)
    if not org_in_force(ctx, checklist.date) or not is_commercial(subject, ctx, multi_family=False):
        return None
    if checklist.employee_sorting_measures is None:
        return None
    head = f"The organics checklist of {name_of(ctx, subject)} on {checklist.date}"
    if checklist.employee_sorting_measures:
        return met(
            f"{head} found education, training or inspection keeping employees from mis-sorting."
        )
    return violation(
        f"{head} found no education, training or inspection keeping employees from placing "
        "materials in the wrong container."
    )


# --------------------------------------------------------------------------- business subjects


def _business_subjects_of_premises(premises: Premises, ctx: Context) -> bool:
    """A commercial or multi-family premises with no business recorded at it is its own
    business subject (the property owner); otherwise its businesses are."""
    return not establishments_at(premises, ctx)


def _obligation_start(subject: Fact, ctx: Context) -> date:
    start = ctx.param("org.in_force")
    opened = getattr(subject, "opened_on", None)
    return max(start, opened) if opened is not None else start


def _obligation_end(subject: Fact, ctx: Context) -> date:
    closed = getattr(subject, "closed_on", None)
    return min(ctx.as_of, closed) if closed is not None else ctx.as_of


def quarter_label_words(year: int, quarter: int) -> str:
    """ "the third quarter of 2024"."""
    return period_words(period_label_quarter(year, quarter))


def next_after(acts: list[date], after: date) -> date | None:
    """The first act dated after ``after`` (``acts`` sorted), or None. It counts for its
    own period only: a period that ended on ``after`` without an act stays overdue."""
    index = bisect_right(acts, after)
    return acts[index] if index < len(acts) else None


def first_act_within(acts: list[date], first: date, last: date) -> date | None:
    """The first act dated ``first``..``last`` (``acts`` sorted), or None."""
    index = bisect_left(acts, first)
    return acts[index] if index < len(acts) and acts[index] <= last else None


# --------------------------------------------------------------------------- ORG-COM-SELF-INSPECT


def _uninformed(log: SelfInspection) -> bool:
    return bool(log.contamination_found) and log.employees_informed is False


INFORM_READING = (
    "A self-inspection that found contamination counts only when employees were told of it."
)


def _self_inspections(subject: Fact, ctx: Context) -> tuple[list[date], list[date]]:
    """The days of the subject's self-inspections that count and of those that do
    not (contamination found, employees not told), each sorted."""
    must_inform = ctx.param("org.self_inspection_must_inform")
    counted: list[date] = []
    uncounted: list[date] = []
    for log in ctx.referring("self_inspection", "subject", subject.id):
        if opened_after(subject, log, log.date, "the self-inspection", ctx):
            continue
        (uncounted if must_inform and _uninformed(log) else counted).append(log.date)
    counted.sort()
    uncounted.sort()
    return counted, uncounted


# The sentences of ORG-COM-SELF-INSPECT, for both ways of computing it: the name,
# the quarter in words, and days (as dates or as their text).


def _self_inspected(name: str, done: object, quarter_words: str) -> str:
    return (
        f"{name} self-inspected its green and black containers on {done}, within {quarter_words}."
    )


def _self_inspect_dropped(dropped: object) -> str:
    return (
        f"; the one of {dropped} found contamination without employees being told, so it "
        "does not count"
    )


def _self_inspect_missing(
    name: str, quarter_words: str, why: str, last: object, *, yet: bool, later: object = None
) -> str:
    """A quarter without a counted self-inspection; ``later``, the day of the next one
    after the quarter ended, which counts for its own quarter only."""
    if yet:
        return (
            f"{name} has not yet self-inspected its green and black containers in "
            f"{quarter_words}{why}; one is due by {last}."
        )
    after = "" if later is None else f", and the next, on {later}, counts for its own quarter only"
    return (
        f"{name} made no self-inspection of its green and black containers in "
        f"{quarter_words}{why}; one was due by {last}{after}."
    )


def _self_inspect(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    """Each quarter of the obligation, on its own (the engine's reference path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    if start > end:
        return
    counted, uncounted = _self_inspections(subject, ctx)
    name = thing_name(ctx, subject)
    for year, quarter in quarters_between(start, end):
        period = period_label_quarter(year, quarter)
        first, last = quarter_start(year, quarter), quarter_end(year, quarter)
        quarter_words = quarter_label_words(year, quarter)
        done = first_act_within(counted, first, last)
        if done is not None:
            yield met(_self_inspected(name, done, quarter_words), due=last, period=period)
            continue
        dropped = first_act_within(uncounted, first, last)
        why = _self_inspect_dropped(dropped) if dropped is not None else ""
        reading = INFORM_READING if dropped is not None else None
        later = next_after(counted, last)
        yield deadline(
            due_on=last,
            done_on=None,
            as_of=ctx.as_of,
            period=period,
            explanation=_self_inspect_missing(
                name,
                quarter_words,
                why,
                last,
                yet=ctx.as_of <= last,
                later=later if later is not None and later <= ctx.as_of else None,
            ),
            reading=reading,
        )


def _self_inspect_in_one_pass(subject: Fact, ctx: Context) -> list[Outcome]:
    """``_self_inspect`` in one pass over the quarters and the self-inspections, both
    in order (the engine's fast path): a run of quarters without one costs a
    sentence each, and no search."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    if start > end:
        return []
    counted, uncounted = _self_inspections(subject, ctx)
    name = thing_name(ctx, subject)
    as_of = ctx.as_of
    out: list[Outcome] = []
    add = out.append
    n, i = len(counted), 0  # counted[i]: the first self-inspection not before the quarter
    for first, last, period, quarter_words, last_text in _quarter_run(start, end):
        while i < n and counted[i] < first:
            i += 1
        if i < n and counted[i] <= last:
            text = _self_inspected(name, day_text(counted[i]), quarter_words)
            add(new_tuple(Outcome, ("met", text, last, period, None, None, None)))
            continue
        dropped = first_act_within(uncounted, first, last) if uncounted else None
        why = "" if dropped is None else _self_inspect_dropped(day_text(dropped))
        reading = None if dropped is None else INFORM_READING
        yet = as_of <= last
        # the next one, after the quarter, counts for its own quarter only
        later = day_text(counted[i]) if i < n and counted[i] <= as_of else None
        text = _self_inspect_missing(name, quarter_words, why, last_text, yet=yet, later=later)
        status = "due" if yet else "overdue"
        add(new_tuple(Outcome, (status, text, last, period, None, reading, None)))
    return out


#: the quarters from one day's to another's: (first day, last day, label, words, last day's text)
_QUARTER_RUNS: dict[tuple[date, date], tuple[tuple[date, date, str, str, str], ...]] = {}


def _quarter_run(start: date, end: date) -> tuple[tuple[date, date, str, str, str], ...]:
    key = (start, end)
    run = _QUARTER_RUNS.get(key)
    if run is None:
        if len(_QUARTER_RUNS) > 4096:
            _QUARTER_RUNS.clear()
        run = _QUARTER_RUNS[key] = tuple(
            (q.first, q.last, q.label, period_words(q.label), str(q.last))
            for q in (quarter_of_year(y, n) for y, n in quarters_between(start, end))
        )
    return run


@rule("ORG-COM-SELF-INSPECT", on="establishment")
def self_inspection_of_business(establishment: Establishment, ctx: Context):
    """Commercial (A)(6): "Excluding multi-family residential dwellings, quarterly
    inspect green and black containers for contamination and inform employees if
    containers are contaminated". One self-inspection in each calendar quarter, due by
    the quarter's last day: a quarter that ends without one is overdue for good, and a
    later self-inspection counts for its own quarter only. Reading: with
    ``org.self_inspection_must_inform``, a log that found contamination without
    informing employees does not count."""
    if not org_in_force(ctx) or establishment_class(establishment, ctx) != "commercial":
        return None
    if ctx.fast:
        return _self_inspect_in_one_pass(establishment, ctx)
    return _self_inspect(establishment, ctx)


@rule("ORG-COM-SELF-INSPECT", on="premises")
def self_inspection_of_premises(premises: Premises, ctx: Context):
    """Commercial (A)(6), for a commercial premises with no business recorded at it."""
    if not org_in_force(ctx) or class_of(premises, ctx) != "commercial":
        return None
    if not _business_subjects_of_premises(premises, ctx):
        return None
    if ctx.fast:
        return _self_inspect_in_one_pass(premises, ctx)
    return _self_inspect(premises, ctx)


# --------------------------------------------------------------------------- ORG-COM-EDUCATION


def _education_given(subject: Fact, ctx: Context) -> list[date]:
    """The days the subject gave the annual information, sorted."""
    return sorted(
        e.date
        for e in ctx.referring("organics_education", "subject", subject.id)
        if e.move_in is None
        and not opened_after(subject, e, e.date, "the annual organic waste information", ctx)
    )


# The sentences of ORG-COM-EDUCATION, for both ways of computing it: the name, the
# year, and days (as dates or as their text).
_EDUCATION_WHAT = "the annual information on organic waste recovery and sorting"


def _education_given_in(name: str, done: object, year: object) -> str:
    return f"{name} gave {_EDUCATION_WHAT} on {done}, within {year}."


def _education_missing(
    name: str, year: object, verb: str, last: object, later: object = None
) -> str:
    """A year without the annual information; ``later``, the day it was next given,
    after the year ended, which counts for its own year only."""
    after = f", and the information given on {later} counts for its own year only" if later else ""
    return (
        f"{name} has not given {_EDUCATION_WHAT} to its employees, contractors, tenants "
        f"and customers in {year}; it {verb} by {last}{after}."
    )


def _education(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    """Each year of the obligation, on its own (the engine's reference path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    given = _education_given(subject, ctx)
    name = thing_name(ctx, subject)
    for year in range(start.year, end.year + 1):
        last = date(year, 12, 31)
        done = first_act_within(given, date(year, 1, 1), last)
        if done is not None:
            yield met(_education_given_in(name, done, year), due=last, period=str(year))
            continue
        later = next_after(given, last)
        verb = "is due" if ctx.as_of <= last else "was due"
        yield deadline(
            due_on=last,
            done_on=None,
            as_of=ctx.as_of,
            period=str(year),
            explanation=_education_missing(
                name, year, verb, last, later if later is not None and later <= ctx.as_of else None
            ),
        )


def _education_in_one_pass(subject: Fact, ctx: Context) -> list[Outcome]:
    """``_education`` in one pass over the years and the days given, both in order
    (the engine's fast path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    given = _education_given(subject, ctx)
    name = thing_name(ctx, subject)
    as_of = ctx.as_of
    out: list[Outcome] = []
    add = out.append
    n, i = len(given), 0  # given[i]: the first day not before the year
    for first, last, period, last_text in _year_run(start.year, end.year):
        while i < n and given[i] < first:
            i += 1
        if i < n and given[i] <= last:
            text = _education_given_in(name, day_text(given[i]), period)
            add(new_tuple(Outcome, ("met", text, last, period, None, None, None)))
        elif as_of <= last:
            text = _education_missing(name, period, "is due", last_text)
            add(new_tuple(Outcome, ("due", text, last, period, None, None, None)))
        else:
            # the next time, after the year, counts for its own year only
            later = day_text(given[i]) if i < n and given[i] <= as_of else None
            text = _education_missing(name, period, "was due", last_text, later)
            add(new_tuple(Outcome, ("overdue", text, last, period, None, None, None)))
    return out


#: the calendar years from one to another: (January 1, December 31, label, December 31's text)
_YEAR_RUNS: dict[tuple[int, int], tuple[tuple[date, date, str, str], ...]] = {}


def _year_run(first: int, last: int) -> tuple[tuple[date, date, str, str], ...]:
    key = (first, last)
    run = _YEAR_RUNS.get(key)
    if run is None:
        if len(_YEAR_RUNS) > 4096:
            _YEAR_RUNS.clear()
        run = _YEAR_RUNS[key] = tuple(
            (date(year, 1, 1), date(year, 12, 31), str(year), f"{year:04d}-12-31")
            for year in range(first, last + 1)
        )
    return run


@rule("ORG-COM-EDUCATION", on="establishment")
def annual_education_by_business(establishment: Establishment, ctx: Context):
    """Commercial (A)(7): "Annually provide information to employees, contractors,
    tenants, and customers about organic waste recovery requirements and about proper
    sorting". Once in each calendar year, due by December 31: a year that ends without
    it is overdue for good, and information given later counts for its own year
    only."""
    if not org_in_force(ctx) or establishment_class(establishment, ctx) == "non_local":
        return None
    if ctx.fast:
        return _education_in_one_pass(establishment, ctx)
    return _education(establishment, ctx)


@rule("ORG-COM-EDUCATION", on="premises")
def annual_education_by_premises(premises: Premises, ctx: Context):
    """Commercial (A)(7), for a commercial or multi-family premises with no business
    recorded at it (the property owner informs its tenants)."""
    if not org_in_force(ctx) or class_of(premises, ctx) not in ("commercial", "multi_family"):
        return None
    if not _business_subjects_of_premises(premises, ctx):
        return None
    if ctx.fast:
        return _education_in_one_pass(premises, ctx)
    return _education(premises, ctx)


# --------------------------------------------------------------------------- ORG-COM-NEW-TENANT


@rule("ORG-COM-NEW-TENANT", on="move_in")
def new_tenant_education(move_in: MoveIn, ctx: Context):
    """Commercial (A)(8): "Provide education information before or within 14 days of
    occupation of the premises to new tenants"."""
    premises = ctx.get(move_in.premises)
    if not org_in_force(ctx, move_in.date) or not is_commercial(premises, ctx):
        return None
    days = ctx.param("org.new_tenant_education_days")
    due_on = add_days(move_in.date, days)
    given = ctx.referring("organics_education", "move_in", move_in.id)
    done_on = min((e.date for e in given), default=None)
    if move_in.tenant:
        tenant = move_in.tenant
    elif move_in.establishment is not None:
        tenant = name_of(ctx, move_in.establishment)
    else:
        tenant = "a new tenant"
    if done_on is not None:
        tail = f"it was given on {done_on}" if done_on <= due_on else f"it came late, on {done_on}"
    else:
        tail = "it has not been given yet" if ctx.as_of <= due_on else "none was given"
    verb = "is" if done_on is None and ctx.as_of <= due_on else "was"
    return deadline(
        due_on=due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=f"{capital(tenant)} moved into {name_of(ctx, premises)} on {move_in.date}, so "
        f"the education for new tenants {verb} due before or within {plural(days, 'day')}, by "
        f"{due_on}; {tail}.",
    )
