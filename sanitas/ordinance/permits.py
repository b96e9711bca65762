"""Chapter 51, house-connection permits and construction ('65 Code §§ 6-8.114 to
6-8.120, 6-8.133): the PRM-* requirements.

A permit's life (issued, active, void, finaled), the checks of a submitted
house-connection design run by run, the joints, the pressure tests, the approval
before covering, the charges and the certificate of final inspection.

A design's runs (``segments``) are split at the property line: the runs reached
from the ``street_sewer`` point without crossing the ``property_line`` point lie
between the street sewer and the property line (the "street side"); the others
lie between the property line and the building. Without a ``property_line`` point
every run reached from the street sewer is taken as street side.

A design is checked before the work is approved: a design that fails a check is a
reason not to approve it, and so is a test that has not passed (see
GEN-PENALTY-MISDEMEANOR's ``gen.referral_acts``). An event of a permit's work
(a start, a test, a joint check, an inspection, a covering, a certificate) dated
before the permit was issued contradicts the permit's record: it is reported as a
data problem and counts for nothing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.catalog import cite as catalog_cite
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    derived,
    due,
    met,
    overdue,
    rule,
    violation,
)
from sanitas.ordinance.facts import Date, DateTime, Fact, Thing, fact_type, ref, required_ref
from sanitas.ordinance.general import memo, printed_cite
from sanitas.ordinance.words import (
    capital,
    listing,
    name_of,
    namer,
    plural,
    requirement_words,
    words,
)
from sanitas.ordinance.words import day as say

# --------------------------------------------------------------------------- fact types

PermitKind = Literal[
    "house_connection", "special_pool", "special_grade", "special_depth", "special_manhole"
]


@fact_type
class Permit(Thing):
    """A sewer permit: a house connection, or a special permit of the Director."""

    type: Literal["permit"]
    kind: PermitKind
    number: str | None = Field(
        default=None, description="The permit number printed on the permit, e.g. HC-2025-022."
    )
    premises: str | None = ref("premises")
    issued_on: Date
    fees_paid: bool | None = None
    contractor: str | None = None
    contractor_license_expires_on: Date | None = None
    dated_by: ClassVar[str | None] = "issued_on"


class _WorkEvent(Fact):
    permit: str = required_ref("permit")
    date: Date
    dated_by: ClassVar[str | None] = "date"


@fact_type
class WorkStarted(_WorkEvent):
    """Work under a permit began."""

    type: Literal["work_started"]


@fact_type
class WorkSuspended(_WorkEvent):
    """Work under a permit was suspended or abandoned."""

    type: Literal["work_suspended"]


@fact_type
class WorkResumed(_WorkEvent):
    """Suspended work under a permit resumed."""

    type: Literal["work_resumed"]


class Segment(BaseModel):
    """One run of a house-connection sewer, from one point to the next."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    from_: str = Field(alias="from")
    to: str
    diameter_in: float = Field(gt=0)
    material: str = Field(description="vitrified_clay, cast_iron, or another material.")
    length_ft: float | None = Field(default=None, gt=0)
    fall_ft: float | None = None
    depth_ft: float | None = Field(default=None, ge=0)
    in_street: bool | None = None
    clearance_wall_in: float | None = Field(default=None, ge=0)
    cover_in: float | None = Field(default=None, ge=0)
    cleanout: bool | None = Field(default=None, description="A clean-out at this run's 'to' end.")


@fact_type
class ConnectionDesign(Thing):
    """A submitted house-connection sewer design, run by run."""

    type: Literal["connection_design"]
    permit: str | None = ref("permit")
    persons_served: int = Field(ge=0)
    segments: list[Segment]
    public_sewer_diameter_in: float | None = Field(default=None, gt=0)
    public_sewer_depth_ft: float | None = Field(default=None, ge=0)
    existing_branch: bool | None = None
    method: Literal["y_branch", "saddle"] | None = None


@fact_type
class PressureTest(Fact):
    """A pressure test of a house-connection sewer."""

    type: Literal["pressure_test"]
    permit: str = required_ref("permit")
    date: Date
    kind: Literal["standing", "air"]
    psi_at_lower_terminus: float = Field(ge=0)
    head_above_upper_terminus_in: float | None = None
    leaked: bool
    cement_joints_made_at: DateTime | None = None
    at: DateTime | None = None
    dated_by: ClassVar[str | None] = "date"


# --------------------------------------------------------------------------- vocabulary

WorkKind = Literal["new", "renewal", "alteration", "repair"]


@fact_type
class SewerConnection(Fact):
    """Work found or reported on a house-connection sewer: a new connection with a
    public sewer, or the renewal, alteration or repair of one (PRM-PERMIT-REQUIRED,
    SEW-REPAIRS-CONFORM)."""

    type: Literal["sewer_connection"]
    premises: str = required_ref(
        "premises", description="The lot whose building the connection serves."
    )
    date: Date
    work: WorkKind = Field(
        default="new",
        description="new: a connection made with a public sewer; renewal, alteration or "
        "repair: work on an existing public or house-connection sewer.",
    )
    permit: str | None = ref(
        "permit", description="The permit the work was done under (absent: none was named)."
    )
    at_designated_place: bool | None = Field(
        default=None,
        description="Made at the place the permit designates (false: somewhere else).",
    )
    dated_by: ClassVar[str | None] = "date"


InspectionResult = Literal["approved", "defective", "obstructed"]


@fact_type
class WorkInspection(Fact):
    """The Community Development Director's inspection of the work under a permit,
    made on the written notice that it is ready (§ 6-8.132)."""

    type: Literal["work_inspection"]
    permit: str = required_ref("permit")
    date: Date
    result: InspectionResult = Field(
        description="approved: inspected and approved (§ 6-8.119(B)(7)); defective: the "
        "work is defective in construction or material and must be removed or repaired; "
        "obstructed: pipes were enclosed or covered so the inspection could not be made."
    )
    defects: str | None = Field(default=None, description="What the inspector found.")
    dated_by: ClassVar[str | None] = "date"


@fact_type
class WorkCovered(Fact):
    """The house-connection sewer was covered or concealed (backfilled, enclosed)."""

    type: Literal["work_covered"]
    permit: str = required_ref("permit")
    date: Date
    dated_by: ClassVar[str | None] = "date"


@fact_type
class FinalCertificate(Fact):
    """A certificate of final inspection issued for the work under a permit
    (§ 6-8.133); the permit is then finaled."""

    type: Literal["final_certificate"]
    permit: str = required_ref("permit")
    date: Date
    dated_by: ClassVar[str | None] = "date"


JointCompound = Literal[
    "hot_poured", "approved_equal", "sewer_joint_compound", "portland_cement_mortar", "other"
]
_CLAY_ITEMS = ("laid_upgrade", "sockets_upgrade", "gasket_caulked", "compound", "watertight")
_IRON_ITEMS = ("lead_and_oakum", "caulked")


@fact_type
class JointCheck(Fact):
    """An inspector's checklist of the pipe joints of a house connection
    (§ 6-8.119(B)(3)(a)-(c)). A vitrified clay check records every clay item; a cast
    iron check records both cast iron items."""

    type: Literal["joint_check"]
    permit: str = required_ref("permit")
    date: Date
    material: Literal["vitrified_clay", "cast_iron"]
    laid_upgrade: bool | None = Field(
        default=None, description="Clay: pipe laid upgrade on an unyielding foundation."
    )
    sockets_upgrade: bool | None = Field(
        default=None, description="Clay: the socket ends of the pipe are upgrade."
    )
    gasket_caulked: bool | None = Field(
        default=None,
        description="Clay: a narrow gasket of oakum, hemp or equivalent caulked into each joint.",
    )
    compound: JointCompound | None = Field(
        default=None,
        description="Clay: what fills the annular space of the joints (hot_poured: C.P.I. "
        "sulphur silica compound).",
    )
    wet_trench: bool | None = Field(
        default=None,
        description="Clay: the trench made a watertight mortar joint impossible.",
    )
    watertight: bool | None = Field(
        default=None, description="Clay: the completed connection is watertight."
    )
    lead_and_oakum: bool | None = Field(
        default=None, description="Cast iron: joints made with pig lead and oakum."
    )
    caulked: bool | None = Field(default=None, description="Cast iron: joints thoroughly caulked.")
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        items = _CLAY_ITEMS if self.material == "vitrified_clay" else _IRON_ITEMS
        missing = [name for name in items if getattr(self, name) is None]
        if missing:
            raise ValueError(f"a {self.material} joint check must record {', '.join(missing)}")


@fact_type
class UnacceptedStreetSewer(Thing):
    """A sewer laid in a street, alley, right-of-way or other public place before the
    Council accepted it, through which a house-connection design reaches the public
    sewer (§ 6-8.117)."""

    type: Literal["unaccepted_street_sewer"]
    design: str = required_ref(
        "connection_design", description="The house-connection design that connects through it."
    )
    supervised: bool = Field(
        description="Laid under the supervision and to the satisfaction of the Community "
        "Development Director or the Chief Engineer."
    )
    plans_approved: bool = Field(
        description="Laid in accordance with the standard specifications and the plans and "
        "profiles they approved."
    )
    street: str | None = Field(default=None, description="The street, alley or place.")


@fact_type
class ConnectionRoute(Fact):
    """The lots a house connection lies in, under or upon between the building and the
    public street (§ 6-8.118)."""

    type: Literal["connection_route"]
    design: str = required_ref("connection_design")
    lots: list[str] = required_ref(
        "premises", description="Every lot the connection lies in, under or upon."
    )
    building_lots: list[str] | None = ref(
        "premises",
        description="The lots the building or structure stands on, wholly or partly (a "
        "building covering more than one lot; a house-court's parcel); absent: the lot of "
        "the design's permit.",
    )


@fact_type
class StreetExcavation(Fact):
    """An excavation in a public street under a permit, with the street improvements
    torn up or damaged that the city patches or replaces (§ 6-8.114(B)-(C))."""

    type: Literal["street_excavation"]
    permit: str = required_ref("permit")
    date: Date
    area_sqft: float = Field(
        gt=0, description="Square feet of street improvements to be patched or replaced."
    )
    dated_by: ClassVar[str | None] = "date"


# --------------------------------------------------------------------------- small helpers


def code(section: str) -> str:
    """The printed cite of a Chapter 51 sewer section: "'65 Code § 6-8.119(B)(1)"."""
    return f"'65 Code § 6-8.{section}"


def num(value: float | Decimal) -> str:
    """A number as a clerk reads it: 6, 0.6, 9.24."""
    return f"{round(float(value), 2):g}"


def _ge(value: float, minimum: float) -> bool:
    return round(value, 9) >= round(minimum, 9)


def any_of(values: Any) -> str:
    """Vocabulary values in words, as alternatives: "vitrified clay or cast iron"."""
    return listing([words(v) for v in values], "or")


def readings(*texts: str | None) -> str | None:
    """The readings an outcome relied on, as one text for staff (None: none)."""
    kept = [t for t in texts if t]
    return " ".join(kept) if kept else None


def _money(amount: Decimal) -> str:
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


def _unshown(ctx: Context) -> bool:
    return bool(ctx.param("prm.unshown_fails"))


_UNSHOWN_READING = (
    "A dimension or clean-out the design does not show is left to the field inspection, "
    "not failed on the plans."
)
_UNSHOWN_FAILS_READING = (
    "A design that does not show a dimension or clean-out the chapter requires cannot be "
    "approved until it does."
)


def _unshown_note(items: list[str], ctx: Context) -> str:
    return f"; the design does not show {listing(items)}" if items and not _unshown(ctx) else ""


def _minimums(
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
            if _unshown(ctx):
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
            reading=_UNSHOWN_FAILS_READING if strict else None,
        )
    if not checked:
        return None
    return met(
        f"{every}: {rule_text}{_unshown_note(unshown, ctx)}.",
        reading=_UNSHOWN_READING if unshown else None,
    )


# --------------------------------------------------------------------------- design checks


@rule("PRM-PIPE-MATERIAL", on="connection_design", cite=code("119(B)(1)"))
def pipe_material(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(1): "All pipe shall be first-class, vitrified, salt glazed, socket
    pipe or standard cast iron soil pipe." """
    allowed = ctx.param("prm.pipe_materials")
    all_runs = runs(design)
    if not all_runs:
        return None
    bad = [r for r in all_runs if r.segment.material not in allowed]
    if bad:
        listed = listing([f"{r.label} is {words(r.segment.material)}" for r in bad])
        return violation(
            f"{capital(listed)}; house-connection pipe must be {any_of(allowed)} soil pipe."
        )
    return met(f"Every run of the design is {any_of(allowed)} pipe.")


@rule("PRM-PIPE-DIAMETER", on="connection_design", cite=code("119(B)(1)"))
def pipe_diameter(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(1): "not less than six inches in internal diameter, for that portion
    extending from the street sewer to the property line, and not less than four inches
    … from the property line to the house or building for house connection sewers
    serving 20 persons or less, and not less than six inches in internal diameter for
    all portions of house connection sewers serving more than 20 persons." """
    all_runs = runs(design)
    if not all_runs:
        return None
    persons = design.persons_served
    small = ctx.param("prm.small_service_persons")
    street_min = ctx.param("prm.street_run_min_diameter_in")
    large_min = ctx.param("prm.large_service_min_diameter_in")
    private_min = ctx.param("prm.private_run_min_diameter_in")
    large = persons > small
    failures = []
    for run in all_runs:
        if large:
            need = max(large_min, street_min) if run.street_side else large_min
        else:
            need = street_min if run.street_side else private_min
        if run.segment.diameter_in < need:
            failures.append(f"{run.label} is only {num(run.segment.diameter_in)} in. across")
    serving = plural(persons, "person")
    if large:
        basis = (
            f"Serving {serving} (more than {small}), every run must be at least "
            f"{num(large_min)} in. across"
        )
    else:
        basis = (
            f"Serving {serving} ({small} or fewer), the runs from the public sewer to the "
            f"property line must be at least {num(street_min)} in. across and the rest at "
            f"least {num(private_min)} in."
        )
    if failures:
        return violation(f"{basis}; {listing(failures)}.")
    return met(f"{basis}, and every run is.")


def _cleanout_shown(point: str, design: Any) -> bool | None:
    shown: bool | None = None
    for seg in design.segments:
        if seg.to == point and seg.cleanout is not None:
            if seg.cleanout:
                return True
            shown = False
    return shown


def _grade_changes(point: str, all_runs: list[Run], ctx: Context) -> bool | None:
    slopes = [r.slope for r in all_runs if point in (r.segment.from_, r.segment.to)]
    if any(s is None for s in slopes):
        return None
    step = ctx.param("prm.grade_change_min")
    return bool(slopes) and round(max(slopes) - min(slopes), 9) >= step


@rule("PRM-CLEANOUTS", on="connection_design", cite=code("119(B)(2)"))
def cleanouts(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(2): "A clean out shall be placed in every house connection sewer at
    the junction with the soil pipe at the building and at all changes in alignment and
    grade." """
    all_runs = runs(design)
    counts: dict[str, int] = defaultdict(int)
    for seg in design.segments:
        counts[seg.from_] += 1
        counts[seg.to] += 1
    every_point = ctx.param("prm.cleanout_at_every_point")
    required: list[str] = []
    for point in counts:
        if point == "building":
            required.append(point)
        elif point == "street_sewer" or counts[point] < 2:
            continue
        elif point == "property_line" or not every_point:
            if _grade_changes(point, all_runs, ctx):
                required.append(point)
        else:
            required.append(point)
    if not required:
        return None
    missing, unshown = [], []
    for point in required:
        shown = _cleanout_shown(point, design)
        if shown is False or (shown is None and _unshown(ctx)):
            missing.append(point)
        elif shown is None:
            unshown.append(point)
    if len(unshown) == len(required):
        return None
    where = (
        f"Clean-outs are required at {listing(point_words(p) for p in required)} (the "
        "junction with the soil pipe at the building and each change of alignment or grade)"
    )
    every = (
        "Every point where two runs of the design meet, other than the property line, is "
        "taken as a change of alignment."
        if every_point and any(p not in ("building", "property_line") for p in required)
        else None
    )
    if missing:
        return violation(
            f"{where}; none is shown at {listing(point_words(p) for p in missing)}.",
            reading=readings(every, _UNSHOWN_FAILS_READING if _unshown(ctx) else None),
        )
    shown = [point_words(p) for p in required if p not in unshown]
    note = (
        f" but does not show whether there is one at {listing(point_words(p) for p in unshown)}"
        if unshown
        else ""
    )
    return met(
        f"{where}; the design shows one at {listing(shown)}{note}.",
        reading=readings(every, _UNSHOWN_READING if unshown else None),
    )


@rule("PRM-GRADE", on="connection_design", cite=code("119(B)(3)(d)"))
def grade(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(3)(d): "The grade shall be straight from the property line to the
    public sewer and shall have a fall of not less than one foot in 50 feet toward the
    public sewer, except where otherwise permitted by a special permit in writing from
    the Community Development Director." """
    street = [r for r in runs(design) if r.street_side]
    if not street:
        return None
    minimum = ctx.param("prm.min_grade")
    special = special_permit(design, "special_grade", ctx)
    if special is not None:
        return met(
            f"{capital(name_of(ctx, special))}, issued {special.issued_on}, allows less than "
            f"the {num(minimum * 100)}% fall from the property line to the public sewer."
        )
    failures, unshown, slopes = [], [], []
    for run in street:
        slope = run.slope
        if slope is None:
            if _unshown(ctx):
                failures.append(f"{run.label} shows no fall or length")
            else:
                unshown.append(f"the fall of {run.label}")
            continue
        slopes.append(slope)
        if not _ge(slope, minimum):
            seg = run.segment
            failures.append(
                f"{run.label} falls {num(seg.fall_ft)} ft in {num(seg.length_ft)} ft "
                f"({num(slope * 100)}%)"
            )
    step = ctx.param("prm.grade_change_min")
    if len(slopes) > 1 and round(max(slopes) - min(slopes), 9) >= step:
        failures.append(
            f"the grade changes from {num(min(slopes) * 100)}% to {num(max(slopes) * 100)}% "
            "instead of running straight"
        )
    rule_text = (
        f"a straight fall of at least 1 ft in {num(1 / minimum)} ft ({num(minimum * 100)}%) "
        "toward the public sewer"
    )
    if failures:
        strict = any(" shows no " in f for f in failures)
        return violation(
            f"From the property line to the public sewer, {listing(failures)}, but "
            f"{rule_text} is required.",
            reading=_UNSHOWN_FAILS_READING if strict else None,
        )
    if not slopes:
        return None
    return met(
        f"From the property line to the public sewer the grade is {num(min(slopes) * 100)}%"
        f", meeting {rule_text}{_unshown_note(unshown, ctx)}.",
        reading=_UNSHOWN_READING if unshown else None,
    )


@rule("PRM-CLAY-CLEARANCE", on="connection_design", cite=code("119(B)(3)(e)"))
def clay_clearance(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(3)(e): "Vitrified clay piping shall not be placed closer than 12
    inches to the exterior wall of any building or closer than 12 inches to the surface
    of the ground at any point of its course." """
    clay = [r for r in runs(design) if r.segment.material == "vitrified_clay"]
    if not clay:
        return None
    wall_min = ctx.param("prm.clay_min_wall_clearance_in")
    cover_min = ctx.param("prm.clay_min_cover_in")
    return _minimums(
        [
            (run.label, value, minimum, what, f"in. {where}")
            for run in clay
            for value, minimum, what, where in (
                (
                    run.segment.clearance_wall_in,
                    wall_min,
                    "distance from the building wall",
                    "from the building wall",
                ),
                (run.segment.cover_in, cover_min, "cover", "below the ground surface"),
            )
        ],
        f"vitrified clay pipe must lie at least {num(wall_min)} in. from any building wall "
        f"and {num(cover_min)} in. below the ground surface",
        "Every clay run keeps the distances shown",
        ctx,
    )


@rule("PRM-DEPTH", on="connection_design", cite=code("119(B)(4)"))
def depth(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(4): "Where laid within the limits of a public street, no connection
    shall be laid less than three feet below the established grade of the same or below
    the surface, where no grade is established, except by a special permit in writing
    from the Community Development Director." """
    in_street = [r for r in runs(design) if r.segment.in_street]
    if not in_street:
        return None
    minimum = ctx.param("prm.street_min_depth_ft")
    special = special_permit(design, "special_depth", ctx)
    if special is not None:
        return met(
            f"{capital(name_of(ctx, special))}, issued {special.issued_on}, allows less than "
            f"{num(minimum)} ft of depth in the public street."
        )
    return _minimums(
        [(run.label, run.segment.depth_ft, minimum, "depth", "ft deep") for run in in_street],
        f"a connection in a public street lies at least {num(minimum)} ft below grade",
        "Every run in the street is deep enough",
        ctx,
    )


# --------------------------------------------------------------------------- connection method


@derived("connection_methods_allowed", on="connection_design", requirement="PRM-CONNECTION-METHOD")
def connection_methods_allowed(design: Any, ctx: Context) -> list[str] | None:
    """§ 6-8.120: where no Y or T branch exists, "(A) In all public sewers 12 inches or
    less in internal diameter and ten feet or less in depth, … inserting a Y branch.
    (B) In public sewers from eight inches to 12 inches, inclusive, … and more than ten
    feet in depth, it shall be permissible to … insert a standard saddle." """
    if design.existing_branch:
        return []
    diameter, sewer_depth = design.public_sewer_diameter_in, design.public_sewer_depth_ft
    if diameter is None or sewer_depth is None:
        return None
    y_diameter = ctx.param("prm.y_branch_max_diameter_in")
    y_depth = ctx.param("prm.y_branch_max_depth_ft")
    if diameter <= y_diameter and sewer_depth <= y_depth:
        return ["y_branch"]
    low, high = ctx.param("prm.saddle_min_diameter_in"), ctx.param("prm.saddle_max_diameter_in")
    if low <= diameter <= high and sewer_depth > y_depth:
        return ["saddle", "y_branch"]
    return []


def _a(method: str) -> str:
    return f"a {words(method)}"


@rule("PRM-CONNECTION-METHOD", on="connection_design", cite=code("120"))
def connection_method(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.120: the connection to a public sewer with no Y or T branch is made by a Y
    branch, or (8 to 12 in. and deeper than 10 ft) by a standard saddle."""
    if design.method is None:
        return None
    allowed = ctx.derived("connection_methods_allowed", design)
    if allowed is None:
        return None
    method = _a(design.method)
    if design.existing_branch:
        return violation(
            f"The public sewer already has a branch for this connection, so no section may "
            f"be cut for {method}."
        )
    sewer = (
        f"The public sewer is {num(design.public_sewer_diameter_in)} in. across and "
        f"{num(design.public_sewer_depth_ft)} ft deep"
    )
    which = code("120(B)") if "saddle" in allowed else code("120(A)")
    if design.method in allowed:
        return met(
            f"{sewer}, so {listing([_a(m) for m in allowed], 'or')} may be used, and the "
            f"design uses {method}.",
            cite=which,
        )
    if allowed:
        return violation(
            f"{sewer}, so only {listing([_a(m) for m in allowed], 'or')} may be used, not "
            f"the design's {words(design.method)}.",
            cite=which,
        )
    return violation(
        f"{sewer}, for which the chapter allows neither a Y-branch nor a saddle, so the "
        f"design's {words(design.method)} may not be used."
    )


# --------------------------------------------------------------------------- sections


def _head_ft(ctx: Context) -> float:
    return ctx.param("prm.test_psi") * ctx.param("prm.ft_water_per_psi")


def _above_upper_ft(ctx: Context) -> float:
    return ctx.param("prm.test_min_head_above_upper_in") / 12


@derived("test_in_sections", on="connection_design", requirement="PRM-TEST-SECTIONS")
def test_in_sections(design: Any, ctx: Context) -> bool | None:
    """§ 6-8.119(B)(6)(b): "Where, by reason of excessive fall in any such house
    connection sewer, the static pressure in a standing test will exceed four pounds
    per square inch, such line shall be tested in sections." The total fall from the
    property line to the building plus the 4 in. above the upper terminus, against the
    4 psi head (9.24 ft of water)."""
    path = private_path(design)
    if not path or any(r.segment.fall_ft is None for r in path):
        return None
    fall = sum(r.segment.fall_ft for r in path)
    return round(fall + _above_upper_ft(ctx), 6) > round(_head_ft(ctx), 6)


@derived("test_sections", on="connection_design", requirement="PRM-TEST-SECTIONS")
def test_sections(design: Any, ctx: Context) -> list[dict[str, float]] | None:
    """The section plan: stations (feet from the property line) of sections whose fall
    plus the 4 in. above their upper end never exceeds the 4 psi head; one section when
    the whole run can be tested at once."""
    whole = ctx.derived("test_in_sections", design)
    path = private_path(design)
    if whole is None or any(r.segment.length_ft is None for r in path):
        return None
    limit = _head_ft(ctx) - _above_upper_ft(ctx)
    sections: list[dict[str, float]] = []
    start = station = fall = 0.0
    for run in path:
        length, drop = run.segment.length_ft, run.segment.fall_ft
        slope = drop / length
        while whole and slope > 0 and round(fall + length * slope, 9) > round(limit, 9):
            step = (limit - fall) / slope
            station += step
            length -= step
            sections.append({"from_ft": start, "to_ft": station, "fall_ft": limit})
            start, fall = station, 0.0
        station += length
        fall += length * slope
    sections.append({"from_ft": start, "to_ft": station, "fall_ft": fall})
    return [{k: round(v, 2) for k, v in s.items()} for s in sections]


# --------------------------------------------------------------------------- tests


def _sort_moment(test: Any) -> datetime:
    """Where a test falls in time, for ordering (its recorded time, else its day)."""
    return test.at if test.at is not None else datetime.combine(test.date, time.min)


def tests_of(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    """The permit's pressure tests made by ``on``, in time order."""
    on = ctx.as_of if on is None else on
    tests = [t for t in permit_events("pressure_test", permit, ctx) if t.date <= on]
    return sorted(tests, key=_sort_moment)


def tests_of_record(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    tests = tests_of(permit, ctx, on)
    if tests and ctx.param("prm.latest_test_governs"):
        return tests[-1:]
    return tests


def test_name(test: Any) -> str:
    """ "the standing test of 2025-03-01", "the air test of 2025-03-04 09:00"."""
    return f"the {test.kind} test of {say(test.at if test.at is not None else test.date)}"


def leak_problem(test: Any, ctx: Context) -> str | None:
    if test.leaked:
        return f"{test_name(test)} leaked"
    return None


def standing_problem(test: Any, ctx: Context) -> str | None:
    """What keeps ``test`` from being the test of § 6-8.119(B)(6)(a) (None: nothing)."""
    psi = ctx.param("prm.test_psi")
    above = ctx.param("prm.test_min_head_above_upper_in")
    problems = []
    if not _ge(test.psi_at_lower_terminus, psi):
        problems.append(f"developed {num(test.psi_at_lower_terminus)} psi at the lower terminus")
    if test.kind == "standing":
        head = test.head_above_upper_terminus_in
        if head is None:
            problems.append("records no head above the upper terminus")
        elif head < above:
            problems.append(f"stood {num(head)} in. above the upper terminus")
    if not problems:
        return None
    return f"{test_name(test)} {listing(problems)}"


@dataclass(frozen=True)
class CementWait:
    """What a test's record shows of the wait after cement joints: ``early`` (made
    less than the wait after them), ``waited``, or ``unshown`` (the record gives a
    day but no time, on the day the wait ends)."""

    shown: str
    text: str


def cement_wait(test: Any, ctx: Context) -> CementWait | None:
    """§ 6-8.119(B)(6)(c) on one test: None when no cement joints are recorded, or
    when their time comes after the test (a data problem, reported)."""
    made = test.cement_joints_made_at
    if made is None:
        return None
    wait = timedelta(hours=ctx.param("prm.cement_wait_hours"))
    hours = num(wait.total_seconds() / 3600)
    if test.at is not None:
        earliest = latest = test.at
    else:
        earliest = datetime.combine(test.date, time.min)
        latest = datetime.combine(test.date, time.max)
    if made > latest:
        ctx.data_problem(
            [test],
            f"{capital(test_name(test))} records its cement joints as made on {say(made)}, "
            "after the test.",
        )
        return None
    if latest - made < wait:
        if test.at is not None:
            elapsed = round((test.at - made).total_seconds() / 3600, 2)
            came = f"came {plural(elapsed, 'hour')} after"
        else:
            came = "was made on the same day as"
        return CementWait(
            "early",
            f"{test_name(test)} {came} the cement joints made {say(made)}, before the "
            f"{hours} hours had passed",
        )
    if earliest - made >= wait:
        return CementWait(
            "waited", f"{test_name(test)} waited at least {hours} hours after the cement joints"
        )
    return CementWait(
        "unshown",
        f"{test_name(test)} records no time, so it is not shown to have come {hours} hours "
        f"after the cement joints made {say(made)}",
    )


def cement_problem(test: Any, ctx: Context) -> str | None:
    """What keeps ``test`` from showing the cement wait (None: it shows it, or there
    were no cement joints)."""
    shown = cement_wait(test, ctx)
    return None if shown is None or shown.shown == "waited" else shown.text


_LATEST_READING = (
    "The latest pressure test is the test of record: a proper retest supersedes an earlier one."
)


def _latest_reading(permit: Any, ctx: Context) -> str | None:
    if len(tests_of(permit, ctx)) > 1 and ctx.param("prm.latest_test_governs"):
        return _LATEST_READING
    return None


@rule("PRM-PRESSURE", on="permit", cite=code("119(B)(5)"))
def pressure(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(5): "Every house connection sewer outside of any building shall be
    constructed in such a manner as to withstand a pressure of not less than four
    pounds per square inch without leaking at any point when filled with water." """
    tests = tests_of_record(permit, ctx)
    psi = ctx.param("prm.test_psi")
    under = name_of(ctx, permit)
    leaks = [t for t in tests if t.leaked]
    if leaks:
        test = leaks[-1]
        return violation(
            f"{capital(test_name(test))} under {under} leaked at "
            f"{num(test.psi_at_lower_terminus)} psi; the line outside the building must hold "
            f"{num(psi)} psi without leaking.",
            reading=_latest_reading(permit, ctx),
        )
    held = [t for t in tests if _ge(t.psi_at_lower_terminus, psi)]
    if not held or len(held) < len(tests):
        return None
    test = held[-1]
    return met(
        f"{capital(test_name(test))} under {under} held {num(test.psi_at_lower_terminus)} psi "
        f"without leaking ({num(psi)} psi required).",
        reading=_latest_reading(permit, ctx),
    )


@rule("PRM-TEST-STANDING", on="permit", cite=code("119(B)(6)(a)"))
def test_standing(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(6)(a): a standing test carries the water "to a height sufficient to
    develop a pressure of four pounds per square inch at the lower terminus thereof, and
    in no event to a height of less than four inches above the top of the upper terminal
    end"; a pump test furnishes "an aggregate pressure of four pounds per square inch"."""
    tests = tests_of_record(permit, ctx)
    if not tests:
        return None
    psi = ctx.param("prm.test_psi")
    head = num(_head_ft(ctx))
    above = num(ctx.param("prm.test_min_head_above_upper_in"))
    need = f"{num(psi)} psi ({head} ft of water) at the lower terminus"
    if any(t.kind == "standing" for t in tests):
        need += f" and a column at least {above} in. above the upper terminus"
    problems = [p for p in (standing_problem(t, ctx) for t in tests) if p]
    reading = _latest_reading(permit, ctx)
    if problems:
        return violation(
            f"{capital(listing(problems))}, but the test needs {need}.", reading=reading
        )
    test = tests[-1]
    return met(
        f"{capital(test_name(test))} developed {num(test.psi_at_lower_terminus)} psi at the "
        f"lower terminus, meeting {need}.",
        reading=reading,
    )


@rule("PRM-TEST-CEMENT-WAIT", on="permit", cite=code("119(B)(6)(c)"))
def test_cement_wait(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(6)(c): "In the event any joints of any house connection sewer are
    cemented with portland cement mortar, no test shall be made thereof until the
    expiration of not less than 24 hours after such cement joints are made."

    A test the record shows made too soon is a violation; one recorded with a day but
    no time, on the day the wait ends, is not shown either way: its time (or a new
    test) is due before the connection is approved."""
    shown = [s for s in (cement_wait(t, ctx) for t in tests_of_record(permit, ctx)) if s]
    if not shown:
        return None
    reading = _latest_reading(permit, ctx)
    early = [s.text for s in shown if s.shown == "early"]
    if early:
        return violation(f"{capital(listing(early))}.", reading=reading)
    unshown = [s.text for s in shown if s.shown == "unshown"]
    if unshown:
        return due(
            f"{capital(listing(unshown))}; the time of the test, or a new test, must show the "
            "wait before the connection is approved.",
            reading=reading,
        )
    return met(f"{capital(shown[-1].text)}.", reading=reading)


@rule("PRM-TEST-SECTIONS", on="permit", cite=code("119(B)(6)(b)"))
def test_sections_rule(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(6)(b): the line "shall be tested in sections of such length that no
    such section, nor any portion thereof, will be subjected to a pressure greater than
    four pounds per square inch." Every standing test counts: each put its pressure on
    the pipe."""
    steep = [d for d in designs_of(permit, ctx) if ctx.derived("test_in_sections", d)]
    standing = [t for t in tests_of(permit, ctx) if t.kind == "standing"]
    if not steep or not standing:
        return None
    psi = ctx.param("prm.test_psi")
    design = steep[0]
    fall = num(sum(r.segment.fall_ft for r in private_path(design)))
    over = [t for t in standing if t.psi_at_lower_terminus > psi]
    limit = num(_head_ft(ctx) - _above_upper_ft(ctx))
    steepness = (
        f"The line falls {fall} ft from the property line to the building, so it is tested "
        f"in sections of at most {limit} ft of fall"
    )
    if over:
        test = over[-1]
        return violation(
            f"{steepness}, but {test_name(test)} put {num(test.psi_at_lower_terminus)} psi on "
            f"the pipe, over {num(psi)} psi."
        )
    return met(f"{steepness}, and no standing test put more than {num(psi)} psi on the pipe.")


# --------------------------------------------------------------------------- joints

_COMPOUND_WORDS = {
    "hot_poured": "hot-poured C.P.I. compound",
    "approved_equal": "an approved equal",
    "sewer_joint_compound": "sewer joint compound",
    "portland_cement_mortar": "Portland cement mortar",
    "other": "another compound",
}


def _compound(value: str) -> str:
    return _COMPOUND_WORDS.get(value, words(value))


@rule("PRM-JOINTS", on="joint_check", cite=code("119(B)(3)"))
def joints(check: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(3): "(a) All vitrified clay pipe shall be laid upgrade on an
    unyielding foundation and with the socket ends of the pipe upgrade. A narrow gasket
    of oakum, hemp, or equivalent shall be caulked into each joint … filled with hot
    poured C.P.I. (sulphur silica) compound or approved equal, and the connection shall
    be watertight when completed. (b) When the condition of the trench is such that it
    is impossible to secure a watertight mortar joint, a sewer joint compound … shall be
    used. (c) All joints of standard cast iron soil pipe shall be made with pig lead and
    oakum and shall be thoroughly caulked." A later check of the same permit and
    material supersedes an earlier one."""
    permit = ctx.get(check.permit)
    if permit is None:
        return None
    checks = permit_events("joint_check", permit, ctx)
    if check not in checks:
        return None  # dated before the permit: a data problem
    if any(c.material == check.material and c.date > check.date for c in checks):
        return None
    material = words(check.material)
    if check.material == "vitrified_clay":
        allowed = ctx.param(
            "prm.wet_trench_joint_compounds" if check.wet_trench else "prm.clay_joint_compounds"
        )
        wet = " in a wet trench" if check.wet_trench else ""
        failures = [
            text
            for ok, text in (
                (check.laid_upgrade, "the pipe not laid upgrade on an unyielding foundation"),
                (check.sockets_upgrade, "the sockets not upgrade"),
                (check.gasket_caulked, "no gasket caulked into the joints"),
                (
                    check.compound in allowed,
                    f"the joints filled with {_compound(check.compound)}{wet} rather than "
                    f"{listing([_compound(c) for c in allowed], 'or')}",
                ),
                (check.watertight, "the connection not watertight"),
            )
            if not ok
        ]
        good = f"laid upgrade, gasketed, filled with {_compound(check.compound)} and watertight"
        where = code("119(B)(3)(a)-(b)") if check.wet_trench else code("119(B)(3)(a)")
    else:
        failures = [
            text
            for ok, text in (
                (check.lead_and_oakum, "the joints not made with pig lead and oakum"),
                (check.caulked, "the joints not thoroughly caulked"),
            )
            if not ok
        ]
        good = "joined with pig lead and oakum and thoroughly caulked"
        where = code("119(B)(3)(c)")
    what = f"The {material} joint check of {check.date} under {name_of(ctx, permit)}"
    if failures:
        return violation(f"{what} found {listing(failures)}.", cite=where)
    return met(f"{what} found the pipe {good}.", cite=where)


# --------------------------------------------------------------------------- approval


def approvals(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    on = ctx.as_of if on is None else on
    return [
        i
        for i in permit_events("work_inspection", permit, ctx)
        if i.result == "approved" and i.date <= on
    ]


def approval_problems(permit: Any, ctx: Context, on: date | None = None) -> list[tuple[str, str]]:
    """§ 6-8.119(B)(7): covers before approval ("(b)": a covering recorded, or an
    inspection that found the pipes covered) and approvals given over a leak or with no
    test ("(a)"), up to ``on``, each with its subdivision."""
    on = ctx.as_of if on is None else on
    approved = approvals(permit, ctx, on)
    first = approved[0].date if approved else None
    problems = []
    covers = [(c.date, f"covered on {c.date}") for c in permit_events("work_covered", permit, ctx)]
    # an inspection that found the pipes enclosed or covered shows them covered
    covers += [
        (i.date, f"found covered at the inspection of {i.date}")
        for i in permit_events("work_inspection", permit, ctx)
        if i.result == "obstructed"
    ]
    early = [c for c in sorted(covers) if c[0] <= on and (first is None or c[0] < first)]
    if early:
        problems.append(
            (
                "(b)",
                f"{early[0][1]}, before it was inspected and approved"
                + (f" (on {first})" if first else ""),
            )
        )
    if first is not None:
        before = tests_of(permit, ctx, first)
        if not before:
            problems.append(("(a)", f"approved on {first} without a pressure test"))
        elif before[-1].leaked:
            problems.append(("(a)", f"approved on {first} although {test_name(before[-1])} leaked"))
    return problems


@derived("connection_approvable", on="permit", requirement="PRM-APPROVAL")
def connection_approvable(permit: Any, ctx: Context) -> bool | None:
    """Whether the latest pressure test lets the connection be approved: it held the
    test pressure without leaking, properly made (null: no test yet)."""
    tests = tests_of(permit, ctx)
    if not tests:
        return None
    test = tests[-1]
    return not (leak_problem(test, ctx) or standing_problem(test, ctx) or cement_problem(test, ctx))


@rule("PRM-APPROVAL", on="permit", cite=code("119(B)(7)"))
def approval(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(7): "(a) No such house connection sewer shall be approved if any
    portion thereof … fails to withstand the test provided for in this subsection
    without leaking at any point. (b) No sewer connection shall be covered or concealed
    in any way until it has been inspected and approved by the Community Development
    Director." """
    problems = approval_problems(permit, ctx)
    what = f"The connection under {name_of(ctx, permit)}"
    if problems:
        parts = {part for part, _ in problems}
        return violation(
            f"{what} was {listing([text for _, text in problems])}.",
            cite=code("119(B)(7)") if len(parts) > 1 else code(f"119(B)(7){parts.pop()}"),
        )
    approved = approvals(permit, ctx)
    if not approved:
        return None
    first = approved[0].date
    test = tests_of(permit, ctx, first)[-1]
    return met(
        f"{what} was approved on {first} after {test_name(test)} held without leaking, and "
        "was not covered before."
    )


# --------------------------------------------------------------------------- permit required


def _connection_outcome(connection: Any, ctx: Context) -> Outcome:
    permit, problem = valid_permit(
        connection.permit, connection.premises, "house_connection", connection.date, ctx
    )
    if problem is None and permit is not None:
        if permit.premises is not None and permit.premises != connection.premises:
            problem = (
                f"{name_of(ctx, permit)} designates {name_of(ctx, permit.premises)}, not "
                f"{name_of(ctx, connection.premises)}"
            )
        elif connection.at_designated_place is False:
            problem = f"it was not made at the place {name_of(ctx, permit)} designates"
    what = capital(name_of(ctx, connection))
    if problem is not None:
        return violation(f"{what} had no valid permit: {problem}.")
    return met(f"{what} was made under {name_of(ctx, permit)}.")


@rule("PRM-PERMIT-REQUIRED", on="sewer_connection", cite=code("119(A)"))
def permit_required(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(A): "It shall be unlawful for any person to make or maintain … any
    connection with any public sewer of the city until a permit therefor shall have
    been obtained from the Community Development Director, or to make … any such
    connections pursuant to any such permit at any place other than that designated
    therein." """
    if connection.work != "new":
        return None
    return _connection_outcome(connection, ctx)


def repair_outcome(connection: Any, ctx: Context) -> Outcome:
    return _connection_outcome(connection, ctx)


# --------------------------------------------------------------------------- lapse


@derived("permit_status", on="permit", requirement="PRM-LAPSE")
def permit_status(permit: Any, ctx: Context) -> str:
    """issued (work not started), active, void (§ 6-8.116) or finaled (a certificate of
    final inspection)."""
    return history(permit, ctx).status


@derived("permit_lapses_after", on="permit", requirement="PRM-LAPSE")
def permit_lapses_after(permit: Any, ctx: Context) -> date | None:
    """The last day of the running 60-day window (from issue, or from a suspension);
    null while work is active, once finaled, and for permits that do not lapse."""
    return history(permit, ctx).lapses_after


@rule("PRM-LAPSE", on="permit", cite=code("116"))
def lapse(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.116: "If the work authorized by the permit is not commenced within 60 days
    from the date of its issuance, or if the work … shall be suspended or abandoned for
    a period of 60 days, the permit shall thenceforth be null and void, and, before
    such work can be recommenced, a new permit shall be taken out, and the same fees
    fixed for the original permit shall be paid therefor." """
    if permit.kind not in ctx.param("prm.lapsing_permit_kinds", on=permit.issued_on):
        return None
    state = history(permit, ctx)
    days = ctx.param("prm.lapse_days", on=permit.issued_on)
    window = state.lapses_after
    name = name_of(ctx, permit)
    if state.status == "finaled":
        return met(f"{capital(name)} was finaled on {state.finaled_on}.")
    if state.status == "void":
        since = (
            f"work suspended on {state.suspended_on} did not resume within {days} days"
            if state.suspended_on
            else f"work did not start within {days} days of its issue on {permit.issued_on}"
        )
        if state.after_void:
            kind, day = state.after_void[0]
            act = {
                "work_started": "work started",
                "work_resumed": "work resumed",
                "work": "work is recorded",
            }.get(kind, "a certificate of final inspection was issued")
            return violation(
                f"{capital(name)} was void from {state.void_from} ({since}), yet {act} on "
                f"{day} without a new permit and fees.",
                due=window,
            )
        return overdue(
            f"{capital(name)} is void from {state.void_from}: {since}, by {window}; a new "
            "permit and the same fees are required before work.",
            due=window,
        )
    if state.suspended_on is not None:
        return due(
            f"Work under {name} was suspended on {state.suspended_on}; unless it resumes by "
            f"{window} the permit is void.",
            due=window,
        )
    if state.status == "issued":
        return due(
            f"Work under {name} has not started; unless it starts by {window}, "
            f"{days} days after the permit's issue, the permit is void.",
            due=window,
        )
    text = f"Work under {name} started on {state.started_on}"
    if state.resumed_on:
        text += f" and resumed on {state.resumed_on} after a suspension"
    return met(f"{text}, within {days} days; the permit is active.")


# --------------------------------------------------------------------------- charges

_FEE_READING = (
    "The amounts are those of the fee schedule entered for the city, set by Council resolution."
)


def charges(permit: Any, ctx: Context) -> list[tuple[str, Decimal]]:
    """The charge items of a permit under the pack's fee schedule."""
    schedule = ctx.param("prm.fee_schedule", on=permit.issued_on)
    items: list[tuple[str, Decimal]] = []
    fee = schedule.get("permit", {}).get(permit.kind)
    if fee:
        items.append((f"the {words(permit.kind)} permit fee", Decimal(str(fee))))
    premises = ctx.get(permit.premises)
    if (
        permit.kind == "house_connection"
        and premises is not None
        and premises.located_in_city is False
    ):
        items.append(
            (
                "the charge for connecting from outside the city",
                Decimal(str(schedule["outside_city_connection"])),
            )
        )
    area = sum(e.area_sqft for e in permit_events("street_excavation", permit, ctx))
    if area:
        rate = Decimal(str(schedule["street_patch_per_sqft"]))
        amount = max(
            (Decimal(str(area)) * rate).quantize(Decimal("0.01")),
            Decimal(str(schedule["street_patch_minimum"])),
        )
        items.append((f"street patching of {num(area)} sq ft at {_money(rate)}", amount))
    return items


@derived("permit_fees", on="permit", requirement="PRM-CHARGES")
def permit_fees(permit: Any, ctx: Context) -> Decimal:
    """The permit's charges in dollars under the pack's fee schedule (Council resolution)."""
    return sum((amount for _, amount in charges(permit, ctx)), Decimal("0"))


@rule("PRM-CHARGES", on="permit", cite=code("114"))
def permit_charges(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.114: "(A) … Charges shall be established by Council resolution for
    connecting to the sewer system outside the corporate limits of the city. (B) …
    Charges shall be established by Council resolution and collected by the Community
    Development Director for the patching or replacement of street improvements torn up
    or damaged by any person. (C) … applicable to any person damaging or making
    excavations in the public streets of the city." """
    items = charges(permit, ctx)
    total = ctx.derived("permit_fees", permit)
    if not total:
        return None
    listed = "; ".join(f"{name}, {_money(amount)}" for name, amount in items)
    text = f"{capital(name_of(ctx, permit))} owes {_money(total)} ({listed})"
    if permit.fees_paid:
        return met(f"{text}, paid.", reading=_FEE_READING)
    return due(f"{text}, not yet recorded paid.", reading=_FEE_READING)


# --------------------------------------------------------------------------- certificate


_DESIGN_CHECKS = (
    ("PRM-PIPE-MATERIAL", pipe_material),
    ("PRM-PIPE-DIAMETER", pipe_diameter),
    ("PRM-CLEANOUTS", cleanouts),
    ("PRM-GRADE", grade),
    ("PRM-CLAY-CLEARANCE", clay_clearance),
    ("PRM-DEPTH", depth),
    ("PRM-CONNECTION-METHOD", connection_method),
)


def _open(outcome: Outcome | None, *statuses: str) -> bool:
    return outcome is not None and outcome.status in (statuses or ("violation",))


@dataclass(frozen=True)
class Blocker:
    """One thing that keeps a certificate of final inspection from issuing: for the
    worklist, the requirement and the record (``listed``); for the explanation, words."""

    requirement: str | None
    record: str
    said: str

    @property
    def listed(self) -> str:
        return f"{self.requirement}: {self.record}" if self.requirement else self.record


def _fails(requirement: str) -> str:
    cited = printed_cite(catalog_cite(requirement))
    return f"does not meet {cited} ({requirement_words(requirement)})"


def blockers(permit: Any, ctx: Context, on: date | None = None) -> list[Blocker]:
    """Everything that keeps a certificate of final inspection from issuing on ``on``."""
    from sanitas.ordinance import sewers

    on = ctx.as_of if on is None else on
    out: list[Blocker] = []
    state = history(permit, ctx, on)
    if state.status == "void":
        out.append(
            Blocker(
                "PRM-LAPSE",
                f"permit void from {state.void_from}",
                f"the permit was void from {state.void_from}",
            )
        )
    if not permit.fees_paid:
        out.append(
            Blocker("PRM-CHARGES", "fees not recorded paid", "the fees are not recorded paid")
        )
    if permit.kind != "house_connection":
        return out
    designs = designs_of(permit, ctx)
    if not designs:
        out.append(Blocker(None, "no connection design on file", "no connection design is on file"))
    for design in designs:
        checks = [*_DESIGN_CHECKS, ("SEW-MATERIALS", sewers.standard_materials)]
        for ident, check in checks:
            if _open(check(design, ctx)):
                out.append(
                    Blocker(ident, f"design {design.id}", f"the connection design {_fails(ident)}")
                )
        for route in ctx.referring("connection_route", "design", design.id):
            if _open(same_lot(route, ctx)):
                out.append(
                    Blocker(
                        "PRM-SAME-LOT",
                        f"design {design.id}",
                        f"the connection design {_fails('PRM-SAME-LOT')}",
                    )
                )
        for sewer in ctx.referring("unaccepted_street_sewer", "design", design.id):
            if _open(unaccepted_street(sewer, ctx)):
                out.append(
                    Blocker(
                        "PRM-UNACCEPTED-STREET",
                        sewer.id,
                        f"{name_of(ctx, sewer)} {_fails('PRM-UNACCEPTED-STREET')}",
                    )
                )
    tests = tests_of(permit, ctx, on)
    if not tests:
        out.append(Blocker("PRM-PRESSURE", "no pressure test", "no pressure test is on record"))
    else:
        for ident, problem in (
            ("PRM-PRESSURE", leak_problem),
            ("PRM-TEST-STANDING", standing_problem),
            ("PRM-TEST-CEMENT-WAIT", cement_problem),
        ):
            text = problem(tests[-1], ctx)
            if text:
                out.append(Blocker(ident, text, text))
    if not approvals(permit, ctx, on):
        out.append(
            Blocker(
                "PRM-APPROVAL",
                "not inspected and approved",
                "the connection was not inspected and approved",
            )
        )
    out.extend(
        Blocker("PRM-APPROVAL", text, f"the connection was {text}")
        for _, text in approval_problems(permit, ctx, on)
    )
    inspections = [i for i in permit_events("work_inspection", permit, ctx) if i.date <= on]
    if inspections and inspections[-1].result != "approved":
        result = inspections[-1].result
        out.append(
            Blocker(
                "SEW-INSPECTION-NOTICE",
                f"work found {result}",
                f"the work was last found {result} at inspection",
            )
        )
    for check in permit_events("joint_check", permit, ctx):
        if check.date <= on and _open(joints(check, ctx)):
            out.append(
                Blocker(
                    "PRM-JOINTS",
                    f"joint check of {check.date}",
                    f"the joint check of {check.date} found defects",
                )
            )
    licence = sewers.pipe_layer_license(permit, ctx, on)
    if _open(licence, "violation", "overdue"):
        out.append(
            Blocker(
                "SEW-PIPE-LAYER-LICENSE",
                "pipe layer's licence",
                "the pipe layer's city business licence is not shown for the work",
            )
        )
    return out


def certificate_blockers(permit: Any, ctx: Context, on: date | None = None) -> list[str]:
    """Everything that keeps a certificate of final inspection from issuing on ``on``,
    listed as "requirement: record"."""
    return [b.listed for b in blockers(permit, ctx, on)]


@derived("certificate_blockers", on="permit", requirement="PRM-CERTIFICATE")
def certificate_blockers_value(permit: Any, ctx: Context) -> list[str]:
    """What keeps a certificate of final inspection from issuing today (empty: nothing)."""
    return certificate_blockers(permit, ctx)


@derived("certificate_ready", on="permit", requirement="PRM-CERTIFICATE")
def certificate_ready(permit: Any, ctx: Context) -> bool:
    """§ 6-8.133: the work meets every provision of the chapter and all fees are paid."""
    return not ctx.derived("certificate_blockers", permit)


@rule("PRM-CERTIFICATE", on="final_certificate", cite=code("133"))
def certificate(issued: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.133: "When it shall appear to the satisfaction of the Community Development
    Director that any work required by the provisions of this chapter has been
    constructed according to, and meets the requirements of, all the provisions of this
    chapter, and all fees for the inspection thereof have been paid, the Community
    Development Director shall cause to be issued … a certificate of final inspection.
    … The Community Development Director shall not issue the certificate of inspection
    unless the requirements of this chapter have been adhered to." """
    permit = ctx.get(issued.permit)
    if permit is None or issued not in permit_events("final_certificate", permit, ctx):
        return None  # a permit not yet issued, or a certificate dated before it
    found = blockers(permit, ctx, issued.date)
    name = name_of(ctx, permit)
    if found:
        return violation(
            f"A certificate of final inspection was issued on {issued.date} for {name} "
            f"although {listing([b.said for b in found])}."
        )
    return met(
        f"The certificate of final inspection of {issued.date} for {name} was issued when "
        "every check had passed and the fees were paid."
    )


# --------------------------------------------------------------------------- lots and streets


@rule("PRM-SAME-LOT", on="connection_route", cite=code("118(A)"))
def same_lot(route: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.118(A): "No connection from any building or structure shall be made to any
    public sewer, which connection, or any portion thereof, shall be in, under, or upon
    any lot other than the lot on which such building or structure is located." (B): a
    house-court's buildings may share one private sewer on the house-court's parcel."""
    design = ctx.get(route.design)
    permit = ctx.get(design.permit)
    own = route.building_lots or ([permit.premises] if permit and permit.premises else None)
    if not own:
        return None
    others = [lot for lot in route.lots if lot not in own]
    where = capital(name_of(ctx, design))
    theirs = ("the lot" if len(own) == 1 else "the lots") + " of the building it serves"
    named = _addresses(own, ctx)
    if named:
        theirs += f" ({named})"
    if others:
        elsewhere = _addresses(others, ctx) or (
            "another lot" if len(others) == 1 else f"{plural(len(others), 'other lot')}"
        )
        return violation(
            f"{where} lies partly on {elsewhere}, but a connection may lie only on {theirs}.",
            subject=design.id,
        )
    return met(f"{where} lies only on {theirs}.", subject=design.id)


def _addresses(ids: list[str], ctx: Context) -> str | None:
    """The lots by address, or None where one has no address on record."""
    lots = [ctx.get(lot) for lot in ids]
    if any(lot is None or not lot.address for lot in lots):
        return None
    return listing(lot.address for lot in lots)


@rule("PRM-UNACCEPTED-STREET", on="unaccepted_street_sewer", cite=code("117"))
def unaccepted_street(sewer: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.117: no sewer built in a street, alley, right-of-way or other public place
    "prior to the dedication and acceptance of such street … by the Council" may be
    connected with a public sewer "unless such sewer … shall have been laid under the
    supervision and to the satisfaction of the Community Development Director or the
    Chief Engineer and in accordance with the standard specifications and plans and
    profiles approved by" them."""
    failures = []
    if not sewer.supervised:
        failures.append("was not laid under the supervision of the Director or Chief Engineer")
    if not sewer.plans_approved:
        failures.append("was not laid to approved standard specifications, plans and profiles")
    where = capital(name_of(ctx, sewer))
    if sewer.street:
        where += ", a street the Council has not accepted,"
    design = name_of(ctx, sewer.design)
    if failures:
        return violation(
            f"{where} {listing(failures)}, so {design} may not connect it with the public sewer.",
            subject=sewer.design,
        )
    return met(
        f"{where} was laid under supervision to approved plans, so {design} may connect it "
        "with the public sewer.",
        subject=sewer.design,
    )


@namer("work_started")
def _start_name(ctx: Context, event: Any) -> str:
    return f"the start of work on {event.date}"


@namer("work_resumed")
def _resumption_name(ctx: Context, event: Any) -> str:
    return f"the resumption of work on {event.date}"


@namer("work_suspended")
def _suspension_name(ctx: Context, event: Any) -> str:
    return f"the suspension of work on {event.date}"
