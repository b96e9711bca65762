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
from sanitas.ordinance.words import capital, listing, name_of, namer, words
from sanitas.ordinance.words import day as say

# --------------------------------------------------------------------------- small helpers


def code(section: str) -> str:
    """The printed cite of a Chapter 51 sewer section: "'65 Code § 6-8.119(B)(1)"."""
    return f"'65 Code § 6-8.{section}"


def num(value: float | Decimal) -> str:
    """A number as a clerk reads it: 6, 0.6, 9.24."""
    return f"{round(float(value), 2):g}"


def at_least(value: float, minimum: float) -> bool:
    return round(value, 9) >= round(minimum, 9)


def any_of(values: Any) -> str:
    """Vocabulary values in words, as alternatives: "vitrified clay or cast iron"."""
    return listing([words(v) for v in values], "or")


def readings(*texts: str | None) -> str | None:
    """The readings an outcome relied on, as one text for staff (None: none)."""
    kept = [t for t in texts if t]
    return " ".join(kept) if kept else None


def money_words(amount: Decimal) -> str:
    return f"${amount:,.2f}"


# --------------------------------------------------------------------------- names


@namer("connection_design")
def _design_name(ctx: Context, design: Any) -> str:
    permit = ctx.get(design.permit)
    return (
        f"the connection design for {name_of(ctx, permit)}" if permit else "the connection design"
    )


@namer("sewer_connection")
def _connection_name(ctx: Context, connection: Any) -> str:
    what = "sewer connection" if connection.work == "new" else connection.work
    return f"the {what} of {connection.date} at {name_of(ctx, connection.premises)}"


@namer("unaccepted_street_sewer")
def _street_sewer_name(ctx: Context, sewer: Any) -> str:
    if sewer.street:
        return f"the sewer in {sewer.street}"
    return "the sewer in a street the Council has not accepted"


@namer("final_certificate")
def _certificate_name(ctx: Context, issued: Any) -> str:
    return f"the certificate of final inspection of {issued.date}"


@namer("work_inspection")
def _work_inspection_name(ctx: Context, inspection: Any) -> str:
    return f"the inspection of the work of {inspection.date}"


@namer("work_covered")
def _covering_name(ctx: Context, cover: Any) -> str:
    return f"the covering of the work on {cover.date}"


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
                f"{capital(name_of(ctx, event))} under {name_of(ctx, permit)} is dated before "
                f"the permit was issued on {permit.issued_on}.",
            )
        return kept

    return memo(ctx, ("permit_events", kind, permit.id), compute)


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


def permit_problem(permit: Any, day: date, ctx: Context) -> str | None:
    """Why ``permit`` did not authorize work on ``day`` (None when it did)."""
    if permit.issued_on > day:
        return f"{name_of(ctx, permit)} was not issued until {permit.issued_on}"
    state = history(permit, ctx, on=day)
    if state.status == "void":
        return f"{name_of(ctx, permit)} was void from {state.void_from}"
    return None


def valid_permit(
    ident: str | None, premises: str | None, kind: str, day: date, ctx: Context
) -> tuple[Any, str | None]:
    """The permit that authorized work of ``kind`` on ``day``: the named one (with the
    reason it did not, if so), else one of that kind on the premises."""
    if ident is not None:
        permit = ctx.get(ident)
        if permit is None:
            return None, f"the permit it names had not been issued by {ctx.as_of}"
        if permit.kind != kind:
            return permit, (
                f"{name_of(ctx, permit)} is a {words(permit.kind)} permit, not a "
                f"{words(kind)} permit"
            )
        return permit, permit_problem(permit, day, ctx)
    for permit in reversed(ctx.referring("permit", "premises", premises)):
        if permit.kind == kind and permit_problem(permit, day, ctx) is None:
            return permit, None
    where = f" for {name_of(ctx, premises)}" if premises is not None else ""
    return None, f"no {words(kind)} permit{where} was in force on {day}"


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


@dataclass(frozen=True)
class Run:
    number: int  # 1-based position in the design's list
    segment: Any
    street_side: bool
    label: str = ""  # "the run from the public sewer to the property line"

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


def runs(design: Any) -> list[Run]:
    """Every run of the design, street side first, then from the property line on."""
    segments = list(design.segments)
    labels = _labels(segments)
    street = _walk(segments, "street_sewer", set(), "property_line")
    private = _walk(segments, "property_line", set(street), None)
    rest = [i for i in range(len(segments)) if i not in street and i not in private]
    out = [Run(i + 1, segments[i], True, labels[i]) for i in street]
    out += [Run(i + 1, segments[i], False, labels[i]) for i in private + rest]
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


UNSHOWN_READING = (
    "A dimension or clean-out the design does not show is left to the field inspection, "
    "not failed on the plans."
)
UNSHOWN_FAILS_READING = (
    "A design that does not show a dimension or clean-out the chapter requires cannot be "
    "approved until it does."
)


def unshown_note(items: list[str], ctx: Context) -> str:
    return (
        f"; the design does not show {listing(items)}" if items and not fails_unshown(ctx) else ""
    )


def minimums_outcome(
    measures: list[tuple[str, float | None, float, str, str]],
    rule_text: str,
    every: str,
    ctx: Context,
) -> Outcome | None:
    """Runs' dimensions against their minimums, each ``(run label, value, minimum, what
    is measured, the words after a value)``: a violation naming every shortfall (and,
    with ``prm.unshown_fails``, every dimension not shown), else met when one was
    checked; None when the design shows none."""
    failures, unshown, checked = [], [], 0
    for label, value, minimum, what, as_measured in measures:
        if value is None:
            if fails_unshown(ctx):
                failures.append(f"{label} shows no {what}")
            else:
                unshown.append(f"the {what} of {label}")
        elif value < minimum:
            failures.append(f"{label} is {num(value)} {as_measured}")
        else:
            checked += 1
    strict = any(" shows no " in f for f in failures)
    if failures:
        return violation(
            f"{capital(listing(failures))}, but {rule_text}.",
            reading=UNSHOWN_FAILS_READING if strict else None,
        )
    if not checked:
        return None
    return met(
        f"{every}: {rule_text}{unshown_note(unshown, ctx)}.",
        reading=UNSHOWN_READING if unshown else None,
    )


def test_name(test: Any) -> str:
    """ "the standing test of 2025-03-01", "the air test of 2025-03-04 09:00"."""
    return f"the {test.kind} test of {say(test.at if test.at is not None else test.date)}"
