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
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Name,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.organics.common import (
    class_of,
    class_reading,
    current_self_hauler,
    establishment_class,
    establishments_at,
    is_a,
    is_commercial,
    is_current,
    named_facts,
    opened_after,
    org_in_force,
    premises_wide,
    sentences,
    service_record,
    service_waiver,
    subject_class,
    weekly_gallons,
)
from sanitas.ordinance.organics.vocabulary import (
    CollectionService,
    Container,
    MoveIn,
    OrganicsChecklist,
    SelfInspection,
)
from sanitas.ordinance.words import name_of

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


vocabulary("organics")
_GALLONS_A_WEEK = declare(
    "org.gallons-a-week",
    "{gallons} gallon a week",
    plural="{gallons} gallons a week",
    count="gallons",
)
_LEVEL = declare("org.level.in-effect", "{amount} of {stream} service")
_LEVEL_ENDED = declare(
    "org.level.ended", "no {stream} service in effect (the last ended on {date})"
)


def gallons_a_week(value: float) -> Phrase:
    """ "64 gallons a week", rounded to a tenth of a gallon."""
    rounded = round(value, 1)
    return Phrase(
        _GALLONS_A_WEEK(gallons=Count(int(rounded) if float(rounded).is_integer() else rounded))
    )


def service_level(
    stream: str, services: list[CollectionService], level: float, ctx: Context
) -> Phrase:
    """ "32 gallons a week of organics service", or, when every service of the stream
    on record has ended, "no organics service in effect (the last ended on …)"."""
    if not any(is_current(s.start, s.end, ctx.as_of) for s in services):
        ended = max(s.end for s in services if s.end is not None)
        return Phrase(_LEVEL_ENDED(stream=Word(stream), date=Day(ended)))
    return Phrase(_LEVEL(amount=gallons_a_week(level), stream=Word(stream)))


_WHERE_BUSINESS = declare(
    "org.com-enroll.where",
    "{premises}, where {businesses} does business,",
    plural="{premises}, where {businesses} do business,",
    count="count",
)
#: (short of the minimum, multi-family premises): the message
_COM_ENROLL = {
    (True, False): declare(
        "org.com-enroll.short",
        "{subject} has {level}, short of the {minimum} that a commercial business needs "
        "unless it self-hauls.",
    ),
    (True, True): declare(
        "org.com-enroll.short-multi-family",
        "{subject} has {level}, short of the {minimum} that multi-family premises need.",
    ),
    (False, False): declare(
        "org.com-enroll.met",
        "{subject} has {level}, at least the {minimum} that a commercial business needs "
        "unless it self-hauls.",
    ),
    (False, True): declare(
        "org.com-enroll.met-multi-family",
        "{subject} has {level}, at least the {minimum} that multi-family premises need.",
    ),
}


_COUNTED_TOGETHER = declare(
    "org.reading.counted-together",
    "A premises' organics service is its own and that of the businesses at it, counted together.",
)


def _com_enroll(subject: Fact, ctx: Context) -> Outcome | None:
    gallons = weekly_gallons(subject, ctx)["organics"]
    if gallons is None:
        return None
    minimum = ctx.param("org.com_min_organics_gallons")
    name = ref(ctx, subject, capital=True)
    businesses = establishments_at(subject, ctx) if is_a(subject, "premises") else []
    reading = class_reading(subject, ctx)
    if businesses:
        named = {name_of(ctx, b): ref(ctx, b) for b in businesses}
        name = Phrase(
            _WHERE_BUSINESS(
                premises=name, businesses=Items(tuple(named.values())), count=Count(len(businesses))
            )
        )
        reading = sentences(reading, _COUNTED_TOGETHER())
    record = service_record(subject, ctx)["organics"]
    short = gallons < minimum
    message = _COM_ENROLL[short, subject_class(subject, ctx) == "multi_family"](
        subject=name,
        level=service_level("organics", record, gallons, ctx),
        minimum=gallons_a_week(minimum),
    )
    return violation(message, reading=reading) if short else met(message, reading=reading)


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
#: (stream, place): the container in words ("organics container in a customer area")
_CONTAINER_WORDS = {
    (stream, place): words + " container" + where
    for stream, words in _CONTAINER_STREAM.items()
    for place, where in (*_CONTAINER_PLACE.items(), (None, ""))
}
vocabulary(*_CONTAINER_WORDS.values())
_CONTAINER_BOUGHT = declare("org.container.bought", "the {container} of {holder}, bought {date}")
_CONTAINER_UNDATED = declare(
    "org.container.undated", "the {container} of {holder}, with no purchase date on record"
)


def _container(container: Container, ctx: Context) -> Phrase:
    """ "The organics container in a customer area of Arroyo Pho, bought 2019-05-01"."""
    place = container.location if container.location in _CONTAINER_PLACE else None
    what = Word(_CONTAINER_WORDS[container.stream, place])
    holder = ref(ctx, container.holder)
    if container.acquired_on is not None:
        message = _CONTAINER_BOUGHT(container=what, holder=holder, date=Day(container.acquired_on))
    else:
        message = _CONTAINER_UNDATED(container=what, holder=holder)
    return Phrase(message, capital=True)


_REPLACED_BEFORE_BOUGHT = declare(
    "org.problem.container-replaced-before-bought",
    "The {container} of {holder} is recorded replaced on {replaced}, before it was bought "
    "on {bought}.",
)


def _replaced_on(container: Container, ctx: Context) -> date | None:
    """When the container was replaced; a replacement dated before its purchase is a
    data problem and counts for nothing."""
    replaced = container.replaced_on
    bought = container.acquired_on
    if replaced is not None and bought is not None and replaced < bought:
        ctx.data_problem(
            named_facts(container, container.holder),
            _REPLACED_BEFORE_BOUGHT(
                container=Word(_CONTAINER_WORDS[container.stream, None]),
                holder=ref(ctx, container.holder),
                replaced=Day(replaced),
                bought=Day(bought),
            ),
        )
        return None
    return replaced


_LABELS_REPLACED = declare(
    "org.com-containers.labels-replaced",
    "{container}, had no labels, which new containers need from {labels_from}; it was "
    "replaced on {replaced}.",
)
_LABELS_MISSING = declare(
    "org.com-containers.labels-missing",
    "{container}, has no labels, which new containers need from {labels_from}.",
)
_LABELED = declare("org.com-containers.labeled", "{container}, carries labels.")
_COLORED = declare("org.com-containers.colored", "{container}, has a conforming color.")
_NOT_FUNCTIONAL = declare(
    "org.com-containers.not-functional",
    "{container}, has neither a conforming color nor labels and is no longer functional, so "
    "the allowance for functional containers has ended.",
)
_BY_END_OF_LIFE = declare(
    "org.com-containers.by-end-of-life", "the end of its useful life on {date}"
)
_BY_AT_THE_LATEST = declare(
    "org.com-containers.by-at-the-latest",
    "{date} at the latest (or the end of its useful life, if sooner)",
)
_REPLACED = declare(
    "org.com-containers.replaced",
    "{container}, has neither a conforming color nor labels and was to be replaced by {by}, "
    "and was replaced on {replaced}.",
)
_REPLACED_LATE = declare(
    "org.com-containers.replaced-late",
    "{container}, has neither a conforming color nor labels and was to be replaced by {by}, "
    "and was replaced late, on {replaced}.",
)
_TO_REPLACE = declare(
    "org.com-containers.to-replace",
    "{container}, has neither a conforming color nor labels and must be replaced by {by}.",
)
_NOT_REPLACED = declare(
    "org.com-containers.not-replaced",
    "{container}, has neither a conforming color nor labels and was to be replaced by {by}, "
    "and has not been.",
)


_UNDATED_CONTAINER = declare(
    "org.reading.undated-container",
    "A container with no purchase date on record keeps the allowance of one bought before "
    "{labels_from}; only a recorded purchase on or after that date makes missing labels a "
    "violation.",
)


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
                    _LABELS_REPLACED(
                        container=name, labels_from=Day(labels_from), replaced=Day(replaced)
                    ),
                    cite=_LABELS_CITE,
                )
            return violation(
                _LABELS_MISSING(container=name, labels_from=Day(labels_from)), cite=_LABELS_CITE
            )
        if container.labeled:
            return met(_LABELED(container=name), cite=_LABELS_CITE)
        return None
    if _conforms(container):
        how = _COLORED if container.color_conforms else _LABELED
        return met(how(container=name), cite=_COLORS_CITE)
    if container.color_conforms is None and container.labeled is None:
        return None
    reading = None
    if container.acquired_on is None:
        if not ctx.param("org.undated_container_is_old"):
            return None
        reading = _UNDATED_CONTAINER(labels_from=Day(labels_from))
    if container.functional is False and replaced is None:
        return violation(_NOT_FUNCTIONAL(container=name), cite=_COLORS_CITE, reading=reading)
    replace_by = ctx.derived("container_replace_by", container)
    life = container.useful_life_ends_on
    by = Phrase(
        _BY_END_OF_LIFE(date=Day(replace_by))
        if life is not None and life <= replace_by
        else _BY_AT_THE_LATEST(date=Day(replace_by))
    )
    args = {"container": name, "by": by}
    if replaced is not None and replaced <= replace_by:
        explanation = _REPLACED(**args, replaced=Day(replaced))
    elif replaced is not None:
        explanation = _REPLACED_LATE(**args, replaced=Day(replaced))
    elif ctx.as_of <= replace_by:
        explanation = _TO_REPLACE(**args)
    else:
        explanation = _NOT_REPLACED(**args)
    return deadline(
        due_on=replace_by,
        done_on=replaced,
        as_of=ctx.as_of,
        explanation=explanation,
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
vocabulary(*(text for _, text, _ in _CONTAINER_ITEMS), _CUSTOMER_ORGANICS[0])
_CHECKLIST_FOUND = declare(
    "org.com-containers.checklist-found",
    "The organics checklist of {subject} on {date} found {failed}.",
)
_CHECKLIST_ADEQUATE = declare(
    "org.com-containers.checklist-adequate",
    "The organics checklist of {subject} on {date} found the containers adequate in each "
    "item checked.",
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
    args = {"subject": ref(ctx, subject), "date": Day(checklist.date)}
    if failed:
        cites = {cite for _, cite in failed}
        found = Items(tuple(Word(text) for text in dict.fromkeys(text for text, _ in failed)))
        return violation(
            _CHECKLIST_FOUND(**args, failed=found),
            cite=cites.pop() if len(cites) == 1 else None,
        )
    if checked:
        return met(_CHECKLIST_ADEQUATE(**args))
    return None


# --------------------------------------------------------------------------- ORG-COM-EMPLOYEES


_SORTING = declare(
    "org.com-employees.sorting",
    "The organics checklist of {subject} on {date} found education, training or inspection "
    "keeping employees from mis-sorting.",
)
_NO_SORTING = declare(
    "org.com-employees.no-sorting",
    "The organics checklist of {subject} on {date} found no education, training or "
    "inspection keeping employees from placing materials in the wrong container.",
)


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
    args = {"subject": ref(ctx, subject), "date": Day(checklist.date)}
    if checklist.employee_sorting_measures:
        return met(_SORTING(**args))
    return violation(_NO_SORTING(**args))


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


_QUARTERS = {
    1: declare("org.quarter.1", "the first quarter of {year}"),
    2: declare("org.quarter.2", "the second quarter of {year}"),
    3: declare("org.quarter.3", "the third quarter of {year}"),
    4: declare("org.quarter.4", "the fourth quarter of {year}"),
}


def quarter_phrase(year: int, quarter: int) -> Phrase:
    """ "the third quarter of 2024" in the reader's words."""
    return Phrase(_QUARTERS[quarter](year=str(year)))


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


INFORM_READING = declare(
    "org.reading.inform-employees",
    "A self-inspection that found contamination counts only when employees were told of it.",
)()


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


# The sentences of ORG-COM-SELF-INSPECT, for both ways of computing it.

_SELF_INSPECTED = declare(
    "org.com-self-inspect.done",
    "{subject} self-inspected its green and black containers on {date}, within {quarter}.",
)
_DROPPED = (
    "; the one of {dropped} found contamination without employees being told, so it does not count"
)
#: (due yet, one dropped, a later one): the message of a quarter without a counted one
_SELF_INSPECT_MISSING = {
    (True, False, False): declare(
        "org.com-self-inspect.due",
        "{subject} has not yet self-inspected its green and black containers in {quarter}; "
        "one is due by {due}.",
    ),
    (True, True, False): declare(
        "org.com-self-inspect.due-dropped",
        "{subject} has not yet self-inspected its green and black containers in {quarter}"
        + _DROPPED
        + "; one is due by {due}.",
    ),
    (False, False, False): declare(
        "org.com-self-inspect.overdue",
        "{subject} made no self-inspection of its green and black containers in {quarter}; "
        "one was due by {due}.",
    ),
    (False, True, False): declare(
        "org.com-self-inspect.overdue-dropped",
        "{subject} made no self-inspection of its green and black containers in {quarter}"
        + _DROPPED
        + "; one was due by {due}.",
    ),
    (False, False, True): declare(
        "org.com-self-inspect.overdue-later",
        "{subject} made no self-inspection of its green and black containers in {quarter}; "
        "one was due by {due}, and the next, on {later}, counts for its own quarter only.",
    ),
    (False, True, True): declare(
        "org.com-self-inspect.overdue-dropped-later",
        "{subject} made no self-inspection of its green and black containers in {quarter}"
        + _DROPPED
        + "; one was due by {due}, and the next, on {later}, counts for its own quarter only.",
    ),
}


def _self_inspect_missing(
    name: object,
    quarter: Phrase,
    dropped: date | None,
    last: date,
    *,
    yet: bool,
    later: date | None = None,
):
    """A quarter without a counted self-inspection; ``dropped``, the day of one that
    does not count; ``later``, the day of the next one after the quarter ended, which
    counts for its own quarter only."""
    args = {"subject": name, "quarter": quarter, "due": Day(last)}
    if dropped is not None:
        args["dropped"] = Day(dropped)
    if later is not None:
        args["later"] = Day(later)
    return _SELF_INSPECT_MISSING[yet, dropped is not None, later is not None](**args)


def _self_inspect(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    """Each quarter of the obligation, on its own (the engine's reference path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    if start > end:
        return
    counted, uncounted = _self_inspections(subject, ctx)
    name = ref(ctx, subject, capital=True)
    for year, quarter in quarters_between(start, end):
        period = period_label_quarter(year, quarter)
        first, last = quarter_start(year, quarter), quarter_end(year, quarter)
        quarter_words = quarter_phrase(year, quarter)
        done = first_act_within(counted, first, last)
        if done is not None:
            text = _SELF_INSPECTED(subject=name, date=Day(done), quarter=quarter_words)
            yield met(text, due=last, period=period)
            continue
        dropped = first_act_within(uncounted, first, last)
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
                dropped,
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
    name = ref(ctx, subject, capital=True)
    as_of = ctx.as_of
    out: list[Outcome] = []
    add = out.append
    n, i = len(counted), 0  # counted[i]: the first self-inspection not before the quarter
    for first, last, period, quarter_words in _quarter_run(start, end):
        while i < n and counted[i] < first:
            i += 1
        if i < n and counted[i] <= last:
            text = _SELF_INSPECTED(subject=name, date=Day(counted[i]), quarter=quarter_words)
            add(new_tuple(Outcome, ("met", text, last, period, None, None, None)))
            continue
        dropped = first_act_within(uncounted, first, last) if uncounted else None
        reading = None if dropped is None else INFORM_READING
        yet = as_of <= last
        # the next one, after the quarter, counts for its own quarter only
        later = counted[i] if i < n and counted[i] <= as_of else None
        text = _self_inspect_missing(name, quarter_words, dropped, last, yet=yet, later=later)
        status = "due" if yet else "overdue"
        add(new_tuple(Outcome, (status, text, last, period, None, reading, None)))
    return out


#: the quarters from one day's to another's: (first day, last day, label, words)
_QUARTER_RUNS: dict[tuple[date, date], tuple[tuple[date, date, str, Phrase], ...]] = {}


def _quarter_run(start: date, end: date) -> tuple[tuple[date, date, str, Phrase], ...]:
    key = (start, end)
    run = _QUARTER_RUNS.get(key)
    if run is None:
        if len(_QUARTER_RUNS) > 4096:
            _QUARTER_RUNS.clear()
        run = _QUARTER_RUNS[key] = tuple(
            (q.first, q.last, q.label, quarter_phrase(y, n))
            for y, n, q in ((y, n, quarter_of_year(y, n)) for y, n in quarters_between(start, end))
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


# The sentences of ORG-COM-EDUCATION, for both ways of computing it.
_EDUCATION_GIVEN = declare(
    "org.com-education.given",
    "{subject} gave the annual information on organic waste recovery and sorting on {date}, "
    "within {year}.",
)
_NOT_GIVEN = (
    "{subject} has not given the annual information on organic waste recovery and sorting to "
    "its employees, contractors, tenants and customers in {year}; "
)
_EDUCATION_DUE = declare("org.com-education.due", _NOT_GIVEN + "it is due by {due}.")
_EDUCATION_OVERDUE = declare("org.com-education.overdue", _NOT_GIVEN + "it was due by {due}.")
_EDUCATION_OVERDUE_LATER = declare(
    "org.com-education.overdue-later",
    _NOT_GIVEN + "it was due by {due}, and the information given on {later} counts for its "
    "own year only.",
)


def _education_given_in(name: object, done: date, year: object):
    return _EDUCATION_GIVEN(subject=name, date=Day(done), year=str(year))


def _education_missing(
    name: object, year: object, yet: bool, last: date, later: date | None = None
):
    """A year without the annual information; ``later``, the day it was next given,
    after the year ended, which counts for its own year only."""
    args = {"subject": name, "year": str(year), "due": Day(last)}
    if yet:
        return _EDUCATION_DUE(**args)
    if later is not None:
        return _EDUCATION_OVERDUE_LATER(**args, later=Day(later))
    return _EDUCATION_OVERDUE(**args)


def _education(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    """Each year of the obligation, on its own (the engine's reference path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    given = _education_given(subject, ctx)
    name = ref(ctx, subject, capital=True)
    for year in range(start.year, end.year + 1):
        last = date(year, 12, 31)
        done = first_act_within(given, date(year, 1, 1), last)
        if done is not None:
            yield met(_education_given_in(name, done, year), due=last, period=str(year))
            continue
        later = next_after(given, last)
        yield deadline(
            due_on=last,
            done_on=None,
            as_of=ctx.as_of,
            period=str(year),
            explanation=_education_missing(
                name,
                year,
                ctx.as_of <= last,
                last,
                later if later is not None and later <= ctx.as_of else None,
            ),
        )


def _education_in_one_pass(subject: Fact, ctx: Context) -> list[Outcome]:
    """``_education`` in one pass over the years and the days given, both in order
    (the engine's fast path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    given = _education_given(subject, ctx)
    name = ref(ctx, subject, capital=True)
    as_of = ctx.as_of
    out: list[Outcome] = []
    add = out.append
    n, i = len(given), 0  # given[i]: the first day not before the year
    for first, last, period in _year_run(start.year, end.year):
        while i < n and given[i] < first:
            i += 1
        if i < n and given[i] <= last:
            text = _education_given_in(name, given[i], period)
            add(new_tuple(Outcome, ("met", text, last, period, None, None, None)))
        elif as_of <= last:
            text = _education_missing(name, period, True, last)
            add(new_tuple(Outcome, ("due", text, last, period, None, None, None)))
        else:
            # the next time, after the year, counts for its own year only
            later = given[i] if i < n and given[i] <= as_of else None
            text = _education_missing(name, period, False, last, later)
            add(new_tuple(Outcome, ("overdue", text, last, period, None, None, None)))
    return out


#: the calendar years from one to another: (January 1, December 31, label)
_YEAR_RUNS: dict[tuple[int, int], tuple[tuple[date, date, str], ...]] = {}


def _year_run(first: int, last: int) -> tuple[tuple[date, date, str], ...]:
    key = (first, last)
    run = _YEAR_RUNS.get(key)
    if run is None:
        if len(_YEAR_RUNS) > 4096:
            _YEAR_RUNS.clear()
        run = _YEAR_RUNS[key] = tuple(
            (date(year, 1, 1), date(year, 12, 31), str(year)) for year in range(first, last + 1)
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


vocabulary("a new tenant")
_MOVED_IN = "{tenant} moved into {premises} on {date}, so the education for new tenants "
#: (given, on time or not yet due): the message
_NEW_TENANT = {
    (True, True): declare(
        "org.com-new-tenant.given",
        _MOVED_IN + "was due before or within {days} day, by {due}; it was given on {done}.",
        plural=_MOVED_IN
        + "was due before or within {days} days, by {due}; it was given on {done}.",
        count="days",
    ),
    (True, False): declare(
        "org.com-new-tenant.late",
        _MOVED_IN + "was due before or within {days} day, by {due}; it came late, on {done}.",
        plural=_MOVED_IN
        + "was due before or within {days} days, by {due}; it came late, on {done}.",
        count="days",
    ),
    (False, True): declare(
        "org.com-new-tenant.due",
        _MOVED_IN + "is due before or within {days} day, by {due}; it has not been given yet.",
        plural=_MOVED_IN
        + "is due before or within {days} days, by {due}; it has not been given yet.",
        count="days",
    ),
    (False, False): declare(
        "org.com-new-tenant.overdue",
        _MOVED_IN + "was due before or within {days} day, by {due}; none was given.",
        plural=_MOVED_IN + "was due before or within {days} days, by {due}; none was given.",
        count="days",
    ),
}


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
        tenant = Name(move_in.tenant, capital=True)
    elif move_in.establishment is not None:
        tenant = ref(ctx, move_in.establishment, capital=True)
    else:
        tenant = Word("a new tenant", capital=True)
    args = {
        "tenant": tenant,
        "premises": ref(ctx, premises),
        "date": Day(move_in.date),
        "days": Count(days),
        "due": Day(due_on),
    }
    if done_on is not None:
        explanation = _NEW_TENANT[True, done_on <= due_on](**args, done=Day(done_on))
    else:
        explanation = _NEW_TENANT[False, ctx.as_of <= due_on](**args)
    return deadline(due_on=due_on, done_on=done_on, as_of=ctx.as_of, explanation=explanation)
