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
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.calendar import add_days, fmt_datetime
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
from sanitas.ordinance.facts import Date, Fact, Thing, fact_type, ref, required_ref

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


def num(value: float | Decimal) -> str:
    """A number as a clerk reads it: 6, 0.6, 9.24."""
    return f"{round(float(value), 2):g}"


def _ge(value: float, minimum: float) -> bool:
    return round(value, 9) >= round(minimum, 9)


def _words(values: Any) -> str:
    items = [str(v).replace("_", " ") for v in values]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


# --------------------------------------------------------------------------- permit life


_EVENTS = ("work_started", "work_suspended", "work_resumed", "final_certificate")
#: acts that show the authorized work commenced: a connection made, a sewer entered,
#: a pool connected, under the permit they name
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
    days = ctx.param("prm.lapse_days", on=permit.issued_on)
    lapsing = permit.kind in ctx.param("prm.lapsing_permit_kinds", on=permit.issued_on)
    events = []
    for order, kind in enumerate(_EVENTS):
        for event in ctx.referring(kind, "permit", permit.id):
            if event.date <= on:
                events.append((event.date, order, kind))
    for kind, field_name in _STARTS:
        for act in ctx.referring(kind, "permit", permit.id):
            day = getattr(act, field_name)
            if day is not None and day <= on:
                events.append((day, 0, "work_started"))
    events.sort()
    state = "issued"
    window = add_days(permit.issued_on, days) if lapsing else None
    started = suspended = resumed = finaled = void_from = None
    after_void: list[tuple[str, date]] = []
    for day, _, kind in events:
        if state in ("issued", "suspended") and window is not None and day > window:
            state, void_from = "void", add_days(window, 1)
        if state == "void":
            if kind in ("work_started", "work_resumed", "final_certificate"):
                after_void.append((kind, day))
            continue
        if state == "finaled":
            continue
        if kind == "work_started" and state == "issued":
            state, started, window = "active", day, None
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
        return f"permit {permit.id} was not issued until {permit.issued_on}"
    state = history(permit, ctx, on=day)
    if state.status == "void":
        return f"permit {permit.id} was void from {state.void_from}"
    return None


def valid_permit(
    ident: str | None, premises: str | None, kind: str, day: date, ctx: Context
) -> tuple[Any, str | None]:
    """The permit that authorized work of ``kind`` on ``day``: the named one (with the
    reason it did not, if so), else one of that kind on the premises."""
    if ident is not None:
        permit = ctx.get(ident)
        if permit is None:
            return None, f"permit {ident} had not been issued by {ctx.as_of}"
        if permit.kind != kind:
            return permit, f"permit {permit.id} is a {permit.kind} permit, not a {kind} permit"
        return permit, permit_problem(permit, day, ctx)
    for permit in reversed(ctx.referring("permit", "premises", premises)):
        if permit.kind == kind and permit_problem(permit, day, ctx) is None:
            return permit, None
    return None, f"no {kind} permit for {premises} was in force on {day}"


def designs_of(permit: Any, ctx: Context) -> list[Any]:
    return ctx.referring("connection_design", "permit", permit.id)


def special_permit(design: Any, kind: str, ctx: Context) -> Any:
    """A special permit of ``kind`` on the premises of the design's permit."""
    permit = ctx.get(design.permit)
    if permit is None or permit.premises is None:
        return None
    for candidate in ctx.referring("permit", "premises", permit.premises):
        if candidate.kind == kind:
            return candidate
    return None


# --------------------------------------------------------------------------- the runs


@dataclass(frozen=True)
class Run:
    number: int  # 1-based position in the design's list
    segment: Any
    street_side: bool

    @property
    def label(self) -> str:
        return f"run {self.number} ({self.segment.from_} to {self.segment.to})"

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


def runs(design: Any) -> list[Run]:
    """Every run of the design, street side first, then from the property line on."""
    segments = list(design.segments)
    street = _walk(segments, "street_sewer", set(), "property_line")
    private = _walk(segments, "property_line", set(street), None)
    rest = [i for i in range(len(segments)) if i not in street and i not in private]
    out = [Run(i + 1, segments[i], True) for i in street]
    out += [Run(i + 1, segments[i], False) for i in private + rest]
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


def _unshown_note(labels: list[str], ctx: Context) -> str:
    return (
        f"; {_join(labels)} not shown (reading: a dimension the design leaves out is "
        "left to the field inspection)"
        if labels and not _unshown(ctx)
        else ""
    )


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
                unshown.append(f"{label}'s {what}")
        elif value < minimum:
            failures.append(f"{label} is {num(value)} {as_measured}")
        else:
            checked += 1
    if failures:
        return violation(f"{_join(failures)[0].upper()}{_join(failures)[1:]}, but {rule_text}.")
    if not checked:
        return None
    return met(f"{every}: {rule_text}{_unshown_note(unshown, ctx)}.")


# --------------------------------------------------------------------------- design checks


@rule("PRM-PIPE-MATERIAL", on="connection_design")
def pipe_material(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(1): "All pipe shall be first-class, vitrified, salt glazed, socket
    pipe or standard cast iron soil pipe." """
    allowed = ctx.param("prm.pipe_materials")
    all_runs = runs(design)
    if not all_runs:
        return None
    bad = [r for r in all_runs if r.segment.material not in allowed]
    if bad:
        listed = _join([f"{r.label} is {r.segment.material.replace('_', ' ')}" for r in bad])
        return violation(
            f"{listed[0].upper()}{listed[1:]}; house-connection pipe must be {_words(allowed)}."
        )
    return met(f"Every run of the design is {_words(allowed)} pipe.")


@rule("PRM-PIPE-DIAMETER", on="connection_design")
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
    if large:
        basis = (
            f"Serving {persons} persons (more than {small}), every run must be at least "
            f"{num(large_min)} in. across"
        )
    else:
        basis = (
            f"Serving {persons} persons ({small} or fewer), the runs from the street sewer "
            f"to the property line must be at least {num(street_min)} in. across and the "
            f"rest at least {num(private_min)} in."
        )
    if failures:
        return violation(f"{basis}; {_join(failures)}.")
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


@rule("PRM-CLEANOUTS", on="connection_design")
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
        f"Clean-outs are required at {_join(required)} (the junction with the soil pipe "
        "at the building and each change of alignment or grade"
        + (", reading: every point where runs meet" if every_point else "")
        + ")"
    )
    if missing:
        return violation(f"{where}; none is shown at {_join(missing)}.")
    shown = [p for p in required if p not in unshown]
    return met(f"{where}; the design shows one at {_join(shown)}{_unshown_note(unshown, ctx)}.")


@rule("PRM-GRADE", on="connection_design")
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
            f"Special grade permit {special.id} of {special.issued_on} allows less than the "
            f"{num(minimum * 100)}% fall from the property line to the public sewer."
        )
    failures, unshown, slopes = [], [], []
    for run in street:
        slope = run.slope
        if slope is None:
            if _unshown(ctx):
                failures.append(f"{run.label} shows no fall or length")
            else:
                unshown.append(run.label)
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
        return violation(
            f"From the property line to the public sewer {_join(failures)}, "
            f"where {rule_text} is required."
        )
    if not slopes:
        return None
    return met(
        f"From the property line to the public sewer the grade is {num(min(slopes) * 100)}%"
        f", meeting {rule_text}{_unshown_note(unshown, ctx)}."
    )


@rule("PRM-CLAY-CLEARANCE", on="connection_design")
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
            (run.label, value, minimum, f"distance {what}", f"in. {what}")
            for run in clay
            for value, minimum, what in (
                (run.segment.clearance_wall_in, wall_min, "from the building wall"),
                (run.segment.cover_in, cover_min, "below the ground surface"),
            )
        ],
        f"vitrified clay pipe must lie at least {num(wall_min)} in. from any building wall "
        f"and {num(cover_min)} in. below the ground surface",
        "Every clay run keeps the distances shown",
        ctx,
    )


@rule("PRM-DEPTH", on="connection_design")
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
            f"Special depth permit {special.id} of {special.issued_on} allows less than "
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


@rule("PRM-CONNECTION-METHOD", on="connection_design")
def connection_method(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.120: the connection to a public sewer with no Y or T branch is made by a Y
    branch, or (8 to 12 in. and deeper than 10 ft) by a standard saddle."""
    if design.method is None:
        return None
    allowed = ctx.derived("connection_methods_allowed", design)
    if allowed is None:
        return None
    method = design.method.replace("_", " ")
    if design.existing_branch:
        return violation(
            f"The public sewer already has a branch for this connection, so no section may "
            f"be cut for a {method}."
        )
    sewer = (
        f"The public sewer is {num(design.public_sewer_diameter_in)} in. and "
        f"{num(design.public_sewer_depth_ft)} ft deep"
    )
    if design.method in allowed:
        return met(
            f"{sewer}, so § 6-8.120 allows {_words(allowed)}, and the design uses a {method}."
        )
    if allowed:
        return violation(
            f"{sewer}, so § 6-8.120 allows only {_words(allowed)}, not the design's {method}."
        )
    return violation(
        f"{sewer}, for which § 6-8.120 allows neither a Y branch nor a saddle, so the "
        f"design's {method} is not allowed."
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


def _moment(test: Any, ctx: Context) -> datetime:
    if test.at is not None:
        return test.at
    return datetime.combine(test.date, time.fromisoformat(ctx.param("prm.untimed_test_time")))


def tests_of(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    """The permit's pressure tests made by ``on``, in time order."""
    on = ctx.as_of if on is None else on
    tests = [t for t in ctx.referring("pressure_test", "permit", permit.id) if t.date <= on]
    return sorted(tests, key=lambda t: _moment(t, ctx))


def tests_of_record(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    tests = tests_of(permit, ctx, on)
    if tests and ctx.param("prm.latest_test_governs"):
        return tests[-1:]
    return tests


def _test_name(test: Any) -> str:
    when = fmt_datetime(test.at) if test.at is not None else str(test.date)
    return f"the {test.kind} test of {when}"


def leak_problem(test: Any, ctx: Context) -> str | None:
    if test.leaked:
        return f"{_test_name(test)} leaked"
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
        elif head is not None and head < above:
            problems.append(f"stood {num(head)} in. above the upper terminus")
    if not problems:
        return None
    return f"{_test_name(test)} {_join(problems)}"


def cement_problem(test: Any, ctx: Context) -> str | None:
    if test.cement_joints_made_at is None:
        return None
    wait = ctx.param("prm.cement_wait_hours")
    elapsed = _moment(test, ctx) - test.cement_joints_made_at
    if elapsed >= timedelta(hours=wait):
        return None
    return (
        f"{_test_name(test)} came {num(elapsed.total_seconds() / 3600)} h after the cement joints"
    )


@rule("PRM-PRESSURE", on="permit")
def pressure(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(5): "Every house connection sewer outside of any building shall be
    constructed in such a manner as to withstand a pressure of not less than four
    pounds per square inch without leaking at any point when filled with water." """
    tests = tests_of_record(permit, ctx)
    psi = ctx.param("prm.test_psi")
    leaks = [t for t in tests if t.leaked]
    if leaks:
        test = leaks[-1]
        return violation(
            f"{_test_name(test)[0].upper()}{_test_name(test)[1:]} leaked at "
            f"{num(test.psi_at_lower_terminus)} psi; the line outside the building must hold "
            f"{num(psi)} psi without leaking."
        )
    held = [t for t in tests if _ge(t.psi_at_lower_terminus, psi)]
    if not held or len(held) < len(tests):
        return None
    test = held[-1]
    return met(
        f"{_test_name(test)[0].upper()}{_test_name(test)[1:]} held "
        f"{num(test.psi_at_lower_terminus)} psi without leaking ({num(psi)} psi required)."
    )


def _latest_note(permit: Any, ctx: Context) -> str:
    earlier = len(tests_of(permit, ctx)) - 1
    if earlier > 0 and ctx.param("prm.latest_test_governs"):
        return " (reading: the latest test is the test of record)"
    return ""


@rule("PRM-TEST-STANDING", on="permit")
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
    note = _latest_note(permit, ctx)
    if problems:
        text = _join(problems)
        return violation(f"{text[0].upper()}{text[1:]}, but the test needs {need}{note}.")
    test = tests[-1]
    return met(
        f"{_test_name(test)[0].upper()}{_test_name(test)[1:]} developed "
        f"{num(test.psi_at_lower_terminus)} psi at the lower terminus, meeting {need}{note}."
    )


@rule("PRM-TEST-CEMENT-WAIT", on="permit")
def test_cement_wait(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(6)(c): "In the event any joints of any house connection sewer are
    cemented with portland cement mortar, no test shall be made thereof until the
    expiration of not less than 24 hours after such cement joints are made." """
    tests = [t for t in tests_of_record(permit, ctx) if t.cement_joints_made_at is not None]
    if not tests:
        return None
    wait = num(ctx.param("prm.cement_wait_hours"))
    untimed = any(t.at is None for t in tests)
    reading = (
        f" (reading: a test with no time recorded is taken at "
        f"{ctx.param('prm.untimed_test_time')} on its day)"
        if untimed
        else ""
    )
    problems = [p for p in (cement_problem(t, ctx) for t in tests) if p]
    if problems:
        text = _join(problems)
        return violation(
            f"{text[0].upper()}{text[1:]} were made, before the {wait} hours required{reading}."
        )
    test = tests[-1]
    return met(
        f"Cement joints made {fmt_datetime(test.cement_joints_made_at)}; "
        f"{_test_name(test)} waited at least {wait} hours{reading}."
    )


@rule("PRM-TEST-SECTIONS", on="permit")
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
    if over:
        test = over[-1]
        return violation(
            f"Design {design.id} falls {fall} ft from the property line to the building, so "
            f"it is tested in sections of at most {limit} ft of fall, but "
            f"{_test_name(test)} put {num(test.psi_at_lower_terminus)} psi on the pipe, over "
            f"{num(psi)} psi."
        )
    return met(
        f"Design {design.id} falls {fall} ft, so it is tested in sections, and no standing "
        f"test put more than {num(psi)} psi on the pipe."
    )


# --------------------------------------------------------------------------- joints


@rule("PRM-JOINTS", on="joint_check")
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
    later = [
        c
        for c in ctx.referring("joint_check", "permit", check.permit)
        if c.material == check.material and c.date > check.date
    ]
    if later:
        return None
    material = check.material.replace("_", " ")
    if check.material == "vitrified_clay":
        allowed = ctx.param(
            "prm.wet_trench_joint_compounds" if check.wet_trench else "prm.clay_joint_compounds"
        )
        failures = [
            text
            for ok, text in (
                (check.laid_upgrade, "not laid upgrade on an unyielding foundation"),
                (check.sockets_upgrade, "sockets not upgrade"),
                (check.gasket_caulked, "no gasket caulked into the joints"),
                (
                    check.compound in allowed,
                    f"joints filled with {check.compound.replace('_', ' ')}"
                    + (" in a wet trench" if check.wet_trench else "")
                    + f" rather than {_words(allowed)}",
                ),
                (check.watertight, "not watertight"),
            )
            if not ok
        ]
        good = (
            f"laid upgrade, gasketed, filled with {check.compound.replace('_', ' ')} and watertight"
        )
    else:
        failures = [
            text
            for ok, text in (
                (check.lead_and_oakum, "joints not made with pig lead and oakum"),
                (check.caulked, "joints not thoroughly caulked"),
            )
            if not ok
        ]
        good = "joints made with pig lead and oakum and thoroughly caulked"
    if failures:
        return violation(f"The {material} joint check of {check.date} found: {_join(failures)}.")
    return met(f"The {material} joint check of {check.date} found the pipe {good}.")


# --------------------------------------------------------------------------- approval


def approvals(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    on = ctx.as_of if on is None else on
    return [
        i
        for i in ctx.referring("work_inspection", "permit", permit.id)
        if i.result == "approved" and i.date <= on
    ]


def approval_problems(permit: Any, ctx: Context, on: date | None = None) -> list[str]:
    """§ 6-8.119(B)(7): approvals given over a leak or with no test, and covers before
    approval, up to ``on``."""
    on = ctx.as_of if on is None else on
    approved = approvals(permit, ctx, on)
    first = approved[0].date if approved else None
    problems = []
    for cover in ctx.referring("work_covered", "permit", permit.id):
        if cover.date <= on and (first is None or cover.date < first):
            problems.append(
                f"covered on {cover.date}, before it was inspected and approved"
                + (f" (on {first})" if first else "")
            )
            break
    if first is not None:
        before = tests_of(permit, ctx, first)
        if not before:
            problems.append(f"approved on {first} without a pressure test")
        elif before[-1].leaked:
            problems.append(f"approved on {first} although {_test_name(before[-1])} leaked")
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


@rule("PRM-APPROVAL", on="permit")
def approval(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(7): "(a) No such house connection sewer shall be approved if any
    portion thereof … fails to withstand the test provided for in this subsection
    without leaking at any point. (b) No sewer connection shall be covered or concealed
    in any way until it has been inspected and approved by the Community Development
    Director." """
    problems = approval_problems(permit, ctx)
    if problems:
        text = _join(problems)
        return violation(f"Permit {permit.id}'s connection was {text}.")
    approved = approvals(permit, ctx)
    if not approved:
        return None
    first = approved[0].date
    test = tests_of(permit, ctx, first)[-1]
    return met(
        f"Permit {permit.id}'s connection was approved on {first} after {_test_name(test)} "
        "held without leaking, and was not covered before."
    )


# --------------------------------------------------------------------------- permit required


def _connection_outcome(connection: Any, ctx: Context, what: str) -> Outcome:
    permit, problem = valid_permit(
        connection.permit, connection.premises, "house_connection", connection.date, ctx
    )
    if problem is None and permit is not None:
        if permit.premises is not None and permit.premises != connection.premises:
            problem = f"permit {permit.id} designates {permit.premises}, not {connection.premises}"
        elif connection.at_designated_place is False:
            problem = f"it was not made at the place permit {permit.id} designates"
    if problem is not None:
        return violation(
            f"The {what} of {connection.date} at {connection.premises} had no valid permit: "
            f"{problem}."
        )
    return met(
        f"The {what} of {connection.date} at {connection.premises} was made under permit "
        f"{permit.id}."
    )


@rule("PRM-PERMIT-REQUIRED", on="sewer_connection")
def permit_required(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(A): "It shall be unlawful for any person to make or maintain … any
    connection with any public sewer of the city until a permit therefor shall have
    been obtained from the Community Development Director, or to make … any such
    connections pursuant to any such permit at any place other than that designated
    therein." """
    if connection.work != "new":
        return None
    return _connection_outcome(connection, ctx, "sewer connection")


def repair_outcome(connection: Any, ctx: Context) -> Outcome:
    return _connection_outcome(connection, ctx, connection.work)


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


@rule("PRM-LAPSE", on="permit")
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
    if state.status == "finaled":
        return met(f"Permit {permit.id} was finaled on {state.finaled_on}.")
    if state.status == "void":
        since = (
            f"work suspended on {state.suspended_on} did not resume within {days} days"
            if state.suspended_on
            else f"work did not start within {days} days of issue on {permit.issued_on}"
        )
        if state.after_void:
            kind, day = state.after_void[0]
            act = {"work_started": "work started", "work_resumed": "work resumed"}.get(
                kind, "a certificate was issued"
            )
            return violation(
                f"Permit {permit.id} was void from {state.void_from} ({since}), yet {act} on "
                f"{day} without a new permit and fees.",
                due=window,
            )
        return overdue(
            f"Permit {permit.id} is void from {state.void_from}: {since}, by {window}; a new "
            "permit and the same fees are required before work.",
            due=window,
        )
    if state.suspended_on is not None:
        return due(
            f"Work under permit {permit.id} was suspended on {state.suspended_on}; unless it "
            f"resumes by {window} the permit is void.",
            due=window,
        )
    if state.status == "issued":
        return due(
            f"Permit {permit.id} was issued on {permit.issued_on}; unless work starts by "
            f"{window} it is void.",
            due=window,
        )
    text = f"Work under permit {permit.id} started on {state.started_on}"
    if state.resumed_on:
        text += f" and resumed on {state.resumed_on} after a suspension"
    return met(f"{text}, within {days} days; the permit is active.")


# --------------------------------------------------------------------------- charges


def charges(permit: Any, ctx: Context) -> list[tuple[str, Decimal]]:
    """The charge items of a permit under the pack's fee schedule."""
    schedule = ctx.param("prm.fee_schedule", on=permit.issued_on)
    items: list[tuple[str, Decimal]] = []
    fee = schedule.get("permit", {}).get(permit.kind)
    if fee:
        items.append((f"{permit.kind.replace('_', ' ')} permit", Decimal(str(fee))))
    premises = ctx.get(permit.premises)
    if (
        permit.kind == "house_connection"
        and premises is not None
        and premises.located_in_city is False
    ):
        items.append(
            ("connection from outside the city", Decimal(str(schedule["outside_city_connection"])))
        )
    area = sum(e.area_sqft for e in ctx.referring("street_excavation", "permit", permit.id))
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


@rule("PRM-CHARGES", on="permit")
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
    listed = "; ".join(f"{name}: {_money(amount)}" for name, amount in items)
    text = (
        f"Permit {permit.id} owes {_money(total)} ({listed}) under the pack's fee schedule "
        "(amounts set by Council resolution)"
    )
    if permit.fees_paid:
        return met(f"{text}, paid.")
    return due(f"{text}, not yet recorded paid.")


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


def _open(outcome: Outcome | None) -> bool:
    return outcome is not None and outcome.status == "violation"


def certificate_blockers(permit: Any, ctx: Context, on: date | None = None) -> list[str]:
    """Everything that keeps a certificate of final inspection from issuing on ``on``."""
    from sanitas.ordinance import sewers

    on = ctx.as_of if on is None else on
    blockers = []
    state = history(permit, ctx, on)
    if state.status == "void":
        blockers.append(f"PRM-LAPSE: permit void from {state.void_from}")
    if not permit.fees_paid:
        blockers.append("PRM-CHARGES: fees not recorded paid")
    if permit.kind != "house_connection":
        return blockers
    designs = designs_of(permit, ctx)
    if not designs:
        blockers.append("no connection design on file")
    for design in designs:
        checks = [*_DESIGN_CHECKS, ("SEW-MATERIALS", sewers.standard_materials)]
        for ident, check in checks:
            if _open(check(design, ctx)):
                blockers.append(f"{ident}: design {design.id}")
        for route in ctx.referring("connection_route", "design", design.id):
            if _open(same_lot(route, ctx)):
                blockers.append(f"PRM-SAME-LOT: design {design.id}")
        for sewer in ctx.referring("unaccepted_street_sewer", "design", design.id):
            if _open(unaccepted_street(sewer, ctx)):
                blockers.append(f"PRM-UNACCEPTED-STREET: {sewer.id}")
    tests = tests_of(permit, ctx, on)
    if not tests:
        blockers.append("PRM-PRESSURE: no pressure test")
    else:
        for ident, problem in (
            ("PRM-PRESSURE", leak_problem),
            ("PRM-TEST-STANDING", standing_problem),
            ("PRM-TEST-CEMENT-WAIT", cement_problem),
        ):
            text = problem(tests[-1], ctx)
            if text:
                blockers.append(f"{ident}: {text}")
    if not approvals(permit, ctx, on):
        blockers.append("PRM-APPROVAL: not inspected and approved")
    blockers.extend(f"PRM-APPROVAL: {p}" for p in approval_problems(permit, ctx, on))
    inspections = [i for i in ctx.referring("work_inspection", "permit", permit.id) if i.date <= on]
    if inspections and inspections[-1].result != "approved":
        blockers.append(f"SEW-INSPECTION-NOTICE: work found {inspections[-1].result}")
    for check in ctx.referring("joint_check", "permit", permit.id):
        if check.date <= on and _open(joints(check, ctx)):
            blockers.append(f"PRM-JOINTS: joint check of {check.date}")
    if _open(sewers.pipe_layer_license(permit, ctx, on)):
        blockers.append("SEW-PIPE-LAYER-LICENSE: pipe layer's licence")
    return blockers


@derived("certificate_blockers", on="permit", requirement="PRM-CERTIFICATE")
def certificate_blockers_value(permit: Any, ctx: Context) -> list[str]:
    """What keeps a certificate of final inspection from issuing today (empty: nothing)."""
    return certificate_blockers(permit, ctx)


@derived("certificate_ready", on="permit", requirement="PRM-CERTIFICATE")
def certificate_ready(permit: Any, ctx: Context) -> bool:
    """§ 6-8.133: the work meets every provision of the chapter and all fees are paid."""
    return not ctx.derived("certificate_blockers", permit)


@rule("PRM-CERTIFICATE", on="final_certificate")
def certificate(issued: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.133: "When it shall appear to the satisfaction of the Community Development
    Director that any work required by the provisions of this chapter has been
    constructed according to, and meets the requirements of, all the provisions of this
    chapter, and all fees for the inspection thereof have been paid, the Community
    Development Director shall cause to be issued … a certificate of final inspection.
    … The Community Development Director shall not issue the certificate of inspection
    unless the requirements of this chapter have been adhered to." """
    permit = ctx.get(issued.permit)
    if permit is None:
        return None
    blockers = certificate_blockers(permit, ctx, issued.date)
    if blockers:
        return violation(
            f"A certificate of final inspection issued on {issued.date} for permit "
            f"{permit.id} although: {'; '.join(blockers)}."
        )
    return met(
        f"The certificate of final inspection of {issued.date} for permit {permit.id} "
        "issued when every check passed and the fees were paid."
    )


# --------------------------------------------------------------------------- lots and streets


@rule("PRM-SAME-LOT", on="connection_route")
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
    if others:
        return violation(
            f"Design {design.id}'s connection lies on {_join(others)}, not only on "
            f"{_join(own)}, the lot of the building it serves.",
            subject=design.id,
        )
    return met(
        f"Design {design.id}'s connection lies only on {_join(own)}, the building's own lot.",
        subject=design.id,
    )


@rule("PRM-UNACCEPTED-STREET", on="unaccepted_street_sewer")
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
    where = f"Sewer {sewer.id}, in a street the Council has not accepted,"
    if failures:
        return violation(
            f"{where} {_join(failures)}, so design {sewer.design} may not connect it with "
            "the public sewer.",
            subject=sewer.design,
        )
    return met(
        f"{where} was laid under supervision to approved plans, so design {sewer.design} "
        "may connect it with the public sewer.",
        subject=sewer.design,
    )
