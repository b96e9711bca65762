"""What the permit sections share: code cites, names in words, a permit's events
and its life (issued, started, suspended, lapsed), and the runs of a design from
the street sewer to the property line.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, Outcome, met, violation
from sanitas.ordinance.general import memo
from sanitas.ordinance.general.common import PERMIT, PERMIT_FOR, ref, ref_namer
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    reading_sentences,
)
from sanitas.ordinance.messages import vocabulary as words_of_messages
from sanitas.ordinance.words import namer, words

# --------------------------------------------------------------------------- small helpers


def code(section: str) -> str:
    """The printed cite of a Chapter 51 sewer section: "'65 Code § 6-8.119(B)(1)"."""
    return f"'65 Code § 6-8.{section}"


def num(value: float | Decimal) -> str:
    """A number as a clerk reads it: 6, 0.6, 9.24."""
    return f"{round(float(value), 2):g}"


def at_least(value: float, minimum: float) -> bool:
    return round(value, 9) >= round(minimum, 9)


def measure(value: float | Decimal) -> Count | str:
    """A measurement as a message's number, read as :func:`num` prints it: a Count
    where the catalog's digits say the same ("6", "0.6", "9.24"); the printed text
    itself where they would not (a thousand or more, which :func:`num` does not
    group; a value that rounds to "-0")."""
    text = num(value)
    if "e" in text or text.startswith("-0") or abs(float(value)) >= 1000:
        return text
    return Count(Decimal(text))


def readings(*texts: Message | str | None) -> Message | str | None:
    """The readings an outcome relied on, as one text for staff (None: none). Of two
    or more, each declared sentence goes in as a :class:`Phrase`, so that the list
    is read in the reader's language (a bare message in a list is said in English)."""
    named = [t for t in texts if t]
    if len(named) < 2:
        return reading_sentences(*named)
    return reading_sentences(*(Phrase(t) if isinstance(t, Message) else t for t in named))


# --------------------------------------------------------------------------- names


_DESIGN = "the connection design"
_UNACCEPTED = "the sewer in a street the Council has not accepted"
words_of_messages(_DESIGN, _UNACCEPTED)
_DESIGN_FOR = declare("prm.name.design-for", "the connection design for {permit}")
#: a connection by its work ("the sewer connection of 2025-03-01 at 12 Alhambra Rd")
_CONNECTIONS = {
    work: declare(
        f"prm.name.connection-{work}",
        f"the {'sewer connection' if work == 'new' else work} of {{date}} at {{premises}}",
    )
    for work in ("new", "renewal", "alteration", "repair")
}
_STREET_SEWER = declare("prm.name.street-sewer", "the sewer in {street}")
_CERTIFICATE = declare("prm.name.certificate", "the certificate of final inspection of {date}")
_INSPECTION = declare("prm.name.inspection", "the inspection of the work of {date}")
_COVERING = declare("prm.name.covering", "the covering of the work on {date}")
_TESTS = {
    kind: declare(f"prm.name.test-{kind}", f"the {kind} test of {{date}}")
    for kind in ("standing", "air")
}
#: a permit with no number of its own, by its kind, the premises and its issue
_PERMITS = {
    (premises, issued): declare(
        "prm.name.permit" + ("-for" if premises else "") + ("-issued" if issued else ""),
        "the {kind} permit"
        + (" for {premises}" if premises else "")
        + (" issued {date}" if issued else ""),
    )
    for premises in (False, True)
    for issued in (False, True)
}
_PERMIT_KINDS = ("house_connection", "special_pool", "special_grade", "special_depth")
words_of_messages(*(words(kind) for kind in (*_PERMIT_KINDS, "special_manhole")))


@ref_namer("connection_design")
def design_ref(ctx: Context, design: Any, capital: bool = False) -> Any:
    permit = ctx.get(design.permit)
    if permit is None:
        return Word(_DESIGN, capital=capital)
    return Phrase(_DESIGN_FOR(permit=ref(ctx, permit)), capital=capital)


@ref_namer("sewer_connection")
def connection_ref(ctx: Context, connection: Any, capital: bool = False) -> Phrase:
    made = _CONNECTIONS[connection.work](
        date=Day(connection.date), premises=ref(ctx, connection.premises)
    )
    return Phrase(made, capital=capital)


@ref_namer("unaccepted_street_sewer")
def street_sewer_ref(ctx: Context, sewer: Any, capital: bool = False) -> Any:
    if sewer.street:
        return Phrase(_STREET_SEWER(street=Name(sewer.street)), capital=capital)
    return Word(_UNACCEPTED, capital=capital)


@ref_namer("final_certificate")
def certificate_ref(ctx: Context, issued: Any, capital: bool = False) -> Phrase:
    return Phrase(_CERTIFICATE(date=Day(issued.date)), capital=capital)


@ref_namer("work_inspection")
def inspection_ref(ctx: Context, inspection: Any, capital: bool = False) -> Phrase:
    return Phrase(_INSPECTION(date=Day(inspection.date)), capital=capital)


@ref_namer("work_covered")
def covering_ref(ctx: Context, cover: Any, capital: bool = False) -> Phrase:
    return Phrase(_COVERING(date=Day(cover.date)), capital=capital)


@ref_namer("pressure_test")
def pressure_test_ref(ctx: Context, test: Any, capital: bool = False) -> Phrase:
    return test_ref(test, capital)


@ref_namer("permit")
def permit_ref(ctx: Context, permit: Any, capital: bool = False) -> Phrase:
    """A permit as ``words.name_of`` names it: by its number ("permit P-2025-014 for
    12 Alhambra Rd"), else by its kind, premises and issue ("the house connection
    permit for 12 Alhambra Rd issued 2025-03-01")."""
    premises = ctx.get(getattr(permit, "premises", None))
    where = {} if premises is None else {"premises": ref(ctx, premises)}
    if getattr(permit, "number", None):
        made = (PERMIT if premises is None else PERMIT_FOR)(number=Name(permit.number), **where)
        return Phrase(made, capital=capital)
    issued = getattr(permit, "issued_on", None)
    when = {} if not issued else {"date": Day(issued)}
    made = _PERMITS[premises is not None, bool(issued)](
        kind=Word(words(permit.kind)), **where, **when
    )
    return Phrase(made, capital=capital)


@namer("connection_design")
def _design_name(ctx: Context, design: Any) -> str:
    return design_ref(ctx, design).render("en")


@namer("sewer_connection")
def _connection_name(ctx: Context, connection: Any) -> str:
    return connection_ref(ctx, connection).render("en")


@namer("unaccepted_street_sewer")
def _street_sewer_name(ctx: Context, sewer: Any) -> str:
    return street_sewer_ref(ctx, sewer).render("en")


@namer("final_certificate")
def _certificate_name(ctx: Context, issued: Any) -> str:
    return certificate_ref(ctx, issued).render("en")


@namer("work_inspection")
def _work_inspection_name(ctx: Context, inspection: Any) -> str:
    return inspection_ref(ctx, inspection).render("en")


@namer("work_covered")
def _covering_name(ctx: Context, cover: Any) -> str:
    return covering_ref(ctx, cover).render("en")


@namer("pressure_test")
def _pressure_test_name(ctx: Context, test: Any) -> str:
    return test_name(test)


# --------------------------------------------------------------------------- a permit's events


#: the events of a permit's work, dated by ``date``, each belonging to one permit
PERMIT_EVENTS = (
    "work_started",
    "work_suspended",
    "work_resumed",
    "final_certificate",
    "pressure_test",
    "joint_check",
    "work_inspection",
    "work_covered",
    "street_excavation",
)


def permit_events(kind: str, permit: Any, ctx: Context) -> list[Any]:
    """The permit's events of ``kind``, oldest first. One dated before the permit was
    issued contradicts it (work under a permit that did not exist): it is reported as
    a data problem naming both, and left out."""

    def compute() -> list[Any]:
        kept = []
        for event in ctx.referring(kind, "permit", permit.id):
            if event.date >= permit.issued_on:
                kept.append(event)
                continue
            ctx.data_problem(
                dict.fromkeys([event.id, permit.id]),
                _BEFORE_ISSUE(
                    event=ref(ctx, event, capital=True),
                    permit=ref(ctx, permit),
                    date=Day(permit.issued_on),
                ),
            )
        return kept

    return memo(ctx, ("permit_events", kind, permit.id), compute)


_BEFORE_ISSUE = declare(
    "prm.problem.before-issue",
    "{event} under {permit} is dated before the permit was issued on {date}.",
)


# --------------------------------------------------------------------------- permit life


_EVENTS = ("work_started", "work_suspended", "work_resumed", "final_certificate")
#: the permit's records that show work being done on their day (a test, a joint check,
#: an inspection of the work, its covering, an excavation in the street): the work has
#: commenced, or, while suspended, resumed
_WORK_RECORDS = (
    "pressure_test",
    "joint_check",
    "work_inspection",
    "work_covered",
    "street_excavation",
)
#: acts that show the authorized work commenced: a connection made, a sewer entered,
#: a pool connected, under the permit they name (one made before the permit was
#: issued was made without it, and its own rule says so)
_STARTS = (
    ("sewer_connection", "date"),
    ("sewer_entry", "date"),
    ("drain_connection", "connected_on"),
)


@dataclass(frozen=True)
class History:
    """A permit's state on a day under § 6-8.116."""

    status: str  # issued, active, void, finaled
    lapses_after: date | None  # the last day of the running (or passed) 60-day window
    started_on: date | None
    suspended_on: date | None  # the suspension now running
    resumed_on: date | None
    finaled_on: date | None
    void_from: date | None
    after_void: tuple[tuple[str, date], ...]  # work done on the void permit


def history(permit: Any, ctx: Context, on: date | None = None) -> History:
    """Walk the permit's work events up to ``on`` (default the as-of date). Besides
    ``work_started``, a connection, a sewer entry or a pool connection made under the
    permit shows the work commenced."""
    on = ctx.as_of if on is None else on
    return memo(ctx, ("history", permit.id, on), lambda: _history(permit, ctx, on))


def _history(permit: Any, ctx: Context, on: date) -> History:
    days = ctx.param("prm.lapse_days", on=permit.issued_on)
    lapsing = permit.kind in ctx.param("prm.lapsing_permit_kinds", on=permit.issued_on)
    events = []
    for order, kind in enumerate(_EVENTS):
        for event in permit_events(kind, permit, ctx):
            if event.date <= on:
                events.append((event.date, order, kind))
    for kind, field_name in _STARTS:
        for act in ctx.referring(kind, "permit", permit.id):
            day = getattr(act, field_name)
            if day is not None and permit.issued_on <= day <= on:
                events.append((day, 0, "work"))
    for kind in _WORK_RECORDS:
        for event in permit_events(kind, permit, ctx):
            if event.date <= on:
                events.append((event.date, 0, "work"))
    events.sort()
    state = "issued"
    window = add_days(permit.issued_on, days) if lapsing else None
    started = suspended = resumed = finaled = void_from = None
    after_void: list[tuple[str, date]] = []
    for day, _, kind in events:
        if state in ("issued", "suspended") and window is not None and day > window:
            state, void_from = "void", add_days(window, 1)
        if state == "void":
            if kind in ("work_started", "work_resumed", "work", "final_certificate"):
                after_void.append((kind, day))
            continue
        if state == "finaled":
            continue
        if kind in ("work_started", "work") and state == "issued":
            state, started, window = "active", day, None
        elif kind == "work" and state == "suspended":
            state, resumed, suspended, window = "active", day, None, None
        elif kind == "work_suspended" and state == "active":
            state, suspended = "suspended", day
            window = add_days(day, days) if lapsing else None
        elif kind == "work_resumed" and state == "suspended":
            state, resumed, suspended, window = "active", day, None, None
        elif kind == "final_certificate":
            state, finaled, window = "finaled", day, None
    if state in ("issued", "suspended") and window is not None and on > window:
        state, void_from = "void", add_days(window, 1)
    return History(
        status="active" if state == "suspended" else state,
        lapses_after=window if state in ("issued", "suspended", "void") else None,
        started_on=started,
        suspended_on=suspended if state in ("suspended", "void") else None,
        resumed_on=resumed,
        finaled_on=finaled,
        void_from=void_from,
        after_void=tuple(after_void),
    )


_NOT_YET = declare("prm.permit.not-issued-until", "{permit} was not issued until {date}")
_VOID = declare("prm.permit.void-from", "{permit} was void from {date}")
_NOT_ISSUED_BY = declare(
    "prm.permit.named-not-issued", "the permit it names had not been issued by {date}"
)
_OTHER_KIND = declare("prm.permit.other-kind", "{permit} is a {kind} permit, not a {wanted} permit")
_NONE_IN_FORCE = {
    False: declare("prm.permit.none-in-force", "no {kind} permit was in force on {date}"),
    True: declare(
        "prm.permit.none-in-force-for", "no {kind} permit for {premises} was in force on {date}"
    ),
}


def permit_problem(permit: Any, day: date, ctx: Context) -> Message | None:
    """Why ``permit`` did not authorize work on ``day`` (None when it did): a clause,
    its English the message's (``str(problem)``)."""
    if permit.issued_on > day:
        return _NOT_YET(permit=ref(ctx, permit), date=Day(permit.issued_on))
    state = history(permit, ctx, on=day)
    if state.status == "void":
        return _VOID(permit=ref(ctx, permit), date=Day(state.void_from))
    return None


def valid_permit(
    ident: str | None, premises: str | None, kind: str, day: date, ctx: Context
) -> tuple[Any, Message | None]:
    """The permit that authorized work of ``kind`` on ``day``: the named one (with the
    reason it did not, if so, as a clause: a message whose ``str`` is its English),
    else one of that kind on the premises."""
    if ident is not None:
        permit = ctx.get(ident)
        if permit is None:
            return None, _NOT_ISSUED_BY(date=Day(ctx.as_of))
        if permit.kind != kind:
            return permit, _OTHER_KIND(
                permit=ref(ctx, permit), kind=Word(words(permit.kind)), wanted=Word(words(kind))
            )
        return permit, permit_problem(permit, day, ctx)
    for permit in reversed(ctx.referring("permit", "premises", premises)):
        if permit.kind == kind and permit_problem(permit, day, ctx) is None:
            return permit, None
    where = {} if premises is None else {"premises": ref(ctx, premises)}
    return None, _NONE_IN_FORCE[premises is not None](
        kind=Word(words(kind)), date=Day(day), **where
    )


def designs_of(permit: Any, ctx: Context) -> list[Any]:
    return ctx.referring("connection_design", "permit", permit.id)


def special_permit(design: Any, kind: str, ctx: Context) -> Any:
    """A special permit of ``kind`` on the premises of the design's permit, issued by
    the as-of date (a permit binds from its issue)."""
    permit = ctx.get(design.permit)
    if permit is None or permit.premises is None:
        return None
    for candidate in ctx.referring("permit", "premises", permit.premises):
        if candidate.kind == kind:
            return candidate
    return None


# --------------------------------------------------------------------------- the runs

_POINTS = ("street_sewer", "property_line", "building")


def point_words(point: str) -> str:
    """A point of a design in words: "the public sewer", "the property line", "the
    bend"."""
    return words(point) if point in _POINTS else "the " + point.replace("_", " ").replace("-", " ")


words_of_messages(*(words(point) for point in _POINTS))
#: a point the design names itself ("the bend"): its name as the design gives it
_POINT = declare("prm.name.point", "the {point}")
_RUN = declare("prm.name.run", "the run from {start} to {end}")
_RUN_NUMBERED = declare(
    "prm.name.run-numbered", "the run from {start} to {end} (run {number} of the design)"
)


def point_ref(point: str) -> Any:
    """A point of a design as a message's argument (:func:`point_words` in English)."""
    if point in _POINTS:
        return Word(words(point))
    return Phrase(_POINT(point=Name(point.replace("_", " ").replace("-", " "))))


@dataclass(frozen=True)
class Run:
    number: int  # 1-based position in the design's list
    segment: Any
    street_side: bool
    label: str = ""  # "the run from the public sewer to the property line"
    #: the label as a message's argument, read in the reader's words
    name: Any = None

    @property
    def slope(self) -> float | None:
        seg = self.segment
        if seg.fall_ft is None or seg.length_ft is None:
            return None
        return seg.fall_ft / seg.length_ft


def _walk(segments: list[Any], start: str, blocked: set[int], stop: str | None) -> list[int]:
    """Segment indexes reached from ``start`` (breadth first), not passing ``stop``."""
    ends: dict[str, list[int]] = defaultdict(list)
    for index, seg in enumerate(segments):
        ends[seg.from_].append(index)
        ends[seg.to].append(index)
    if start not in ends:
        return []
    order: list[int] = []
    seen = {start}
    queue = [start]
    while queue:
        point = queue.pop(0)
        if point == stop and point != start:
            continue
        for index in ends[point]:
            if index in blocked or index in order:
                continue
            order.append(index)
            seg = segments[index]
            other = seg.to if seg.from_ == point else seg.from_
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return order


def _labels(segments: list[Any]) -> list[str]:
    """Each run named by its ends; two runs between the same points also by number."""
    plain = [f"the run from {point_words(s.from_)} to {point_words(s.to)}" for s in segments]
    counts: dict[str, int] = defaultdict(int)
    for label in plain:
        counts[label] += 1
    return [
        f"{label} (run {i + 1} of the design)" if counts[label] > 1 else label
        for i, label in enumerate(plain)
    ]


def _names(segments: list[Any], labels: list[str]) -> list[Phrase]:
    """Each run's label (:func:`_labels`) as a message's argument."""
    plain = [f"the run from {point_words(s.from_)} to {point_words(s.to)}" for s in segments]
    out = []
    for i, seg in enumerate(segments):
        ends = {"start": point_ref(seg.from_), "end": point_ref(seg.to)}
        numbered = labels[i] != plain[i]
        made = _RUN_NUMBERED(**ends, number=Count(i + 1)) if numbered else _RUN(**ends)
        out.append(Phrase(made))
    return out


def runs(design: Any) -> list[Run]:
    """Every run of the design, street side first, then from the property line on."""
    segments = list(design.segments)
    labels = _labels(segments)
    names = _names(segments, labels)
    street = _walk(segments, "street_sewer", set(), "property_line")
    private = _walk(segments, "property_line", set(street), None)
    rest = [i for i in range(len(segments)) if i not in street and i not in private]
    out = [Run(i + 1, segments[i], True, labels[i], names[i]) for i in street]
    out += [Run(i + 1, segments[i], False, labels[i], names[i]) for i in private + rest]
    return out


def private_path(design: Any) -> list[Run]:
    """The runs from the property line to the building (the run a test covers); where
    no path reaches the ``building`` point, every run beyond the property line."""
    private = [r for r in runs(design) if not r.street_side]
    parent: dict[str, tuple[str, Run]] = {}
    seen = {"property_line"}
    queue = ["property_line"]
    while queue:
        point = queue.pop(0)
        for run in private:
            seg = run.segment
            if point not in (seg.from_, seg.to):
                continue
            other = seg.to if seg.from_ == point else seg.from_
            if other not in seen:
                seen.add(other)
                parent[other] = (point, run)
                queue.append(other)
    if "building" not in parent:
        return private
    path: list[Run] = []
    point = "building"
    while point != "property_line":
        point, run = parent[point]
        path.append(run)
    return list(reversed(path))


def fails_unshown(ctx: Context) -> bool:
    return bool(ctx.param("prm.unshown_fails"))


#: the readings of what a design does not show: left to the field inspection, or
#: (with ``prm.unshown_fails``) failed until the design shows it
UNSHOWN_READING = declare(
    "prm.reading.unshown",
    "A dimension or clean-out the design does not show is left to the field inspection, "
    "not failed on the plans.",
)()
UNSHOWN_FAILS_READING = declare(
    "prm.reading.unshown-fails",
    "A design that does not show a dimension or clean-out the chapter requires cannot be "
    "approved until it does.",
)()


_UNSHOWN_NOTE = declare("prm.unshown-note", "; the design does not show {items}")


def unshown_note(items: list[Any], ctx: Context) -> Any:
    """What the design does not show, said after a check that passed ("; the design
    does not show the cover of the run from …"), or nothing."""
    if items and not fails_unshown(ctx):
        return Phrase(_UNSHOWN_NOTE(items=Items(tuple(items))))
    return ""


#: what a minimum measures, and how a value of it is said, by key
MEASURED = {
    "wall": ("distance from the building wall", "in. from the building wall"),
    "cover": ("cover", "in. below the ground surface"),
    "depth": ("depth", "ft deep"),
}
_SHOWS_NO = {
    key: declare(f"prm.measure.{key}-not-shown", f"{{run}} shows no {what}")
    for key, (what, _) in MEASURED.items()
}
_NOT_SHOWN = {
    key: declare(f"prm.measure.{key}-unshown", f"the {what} of {{run}}")
    for key, (what, _) in MEASURED.items()
}
_SHORT = {
    key: declare(f"prm.measure.{key}-short", f"{{run}} is {{value}} {said}")
    for key, (_, said) in MEASURED.items()
}
_SHORT_OF = declare("prm.measure.violation", "{failures}, but {rule}.")


def minimums_outcome(
    measures: list[tuple[Run, float | None, float, str]],
    rule: Phrase,
    passed: Any,
    ctx: Context,
) -> Outcome | None:
    """Runs' dimensions against their minimums, each ``(run, value, minimum, what is
    measured: a key of MEASURED)``: a violation naming every shortfall (and, with
    ``prm.unshown_fails``, every dimension not shown), else met (``passed``, the
    declared message of ``rule`` and ``note``) when one was checked; None when the
    design shows none."""
    failures: list[Phrase] = []
    unshown: list[Phrase] = []
    checked = 0
    strict = False
    for run, value, minimum, key in measures:
        if value is None:
            if fails_unshown(ctx):
                failures.append(Phrase(_SHOWS_NO[key](run=run.name), capital=not failures))
                strict = True
            else:
                unshown.append(Phrase(_NOT_SHOWN[key](run=run.name)))
        elif value < minimum:
            short = _SHORT[key](run=run.name, value=measure(value))
            failures.append(Phrase(short, capital=not failures))
        else:
            checked += 1
    if failures:
        return violation(
            _SHORT_OF(failures=Items(tuple(failures)), rule=rule),
            reading=UNSHOWN_FAILS_READING if strict else None,
        )
    if not checked:
        return None
    return met(
        passed(rule=rule, note=unshown_note(unshown, ctx)),
        reading=UNSHOWN_READING if unshown else None,
    )


def test_ref(test: Any, capital: bool = False) -> Phrase:
    """A pressure test as a message's argument: "the standing test of 2025-03-01",
    "the air test of 2025-03-04 09:00"."""
    made = _TESTS[test.kind](date=Day(test.at if test.at is not None else test.date))
    return Phrase(made, capital=capital)


def test_name(test: Any) -> str:
    """ "the standing test of 2025-03-01", "the air test of 2025-03-04 09:00"."""
    return test_ref(test).render("en")
