"""Chapter 50, solid waste collection and recycling (general): storage, accumulation,
set-out, the franchise hauler, scavenging (SW-*, GEN-PENALTY-SCAVENGING).

One small function per requirement ID, its docstring quoting the words it
implements; every number, zone and reading comes from the rule pack (``sw.*``).
Times are naive city wall time; the as-of date is read as a moment by the pack
reading ``sw.as_of_moment`` (by default its end, 24:00).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.calendar import add_counted_hours, add_days, fmt_hour
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    deadline,
    derived,
    met,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import (
    Accumulation,
    CollectionService,
    Date,
    DateTime,
    Fact,
    Premises,
    SetOut,
    Thing,
    fact_type,
    ref,
    required_ref,
)

# --------------------------------------------------------------------------- vocabulary

YardLocation = Literal[
    "rear_yard",
    "side_yard",
    "front_yard",
    "street",
    "alley",
    "parkway",
    "public_place",
    "vacant_lot",
]


@fact_type
class PileObservation(Fact):
    """Solid waste seen stored outside containers, in stacks or piles, at a premises
    (SW-PILE-LIMITS)."""

    type: Literal["pile_observation"]
    premises: str = required_ref("premises")
    date: Date
    location: YardLocation = Field(description="Where the stacks or piles stand.")
    total_cubic_yards: float = Field(
        ge=0, description="Volume of all the stacks and piles at the premises together."
    )
    separation_ft: float | None = Field(
        default=None,
        ge=0,
        description="Smallest distance from a pile to another stack or pile, a building, a "
        "structure or other combustible material.",
    )
    shielded_from_wind: bool | None = Field(
        default=None, description="Shielded from winds which may scatter it."
    )
    shielded_from_view: bool | None = Field(
        default=None,
        description="Shielded from the view of neighboring properties and public rights of way.",
    )
    dated_by: ClassVar[str | None] = "date"


CompostContent = Literal[
    "leaves",
    "small_twigs",
    "grass_clippings",
    "vegetable_matter",
    "other_organic",
    "garbage",
    "non_organic",
]


@fact_type
class CompostObservation(Fact):
    """Composting seen at a premises, as observed against the composting rules
    (SW-COMPOST-RULES). A field left out was not observed and is not judged."""

    type: Literal["compost_observation"]
    premises: str = required_ref("premises")
    date: Date
    location: Literal[
        "rear_yard",
        "side_yard",
        "front_yard",
        "street",
        "alley",
        "parkway",
        "other_place",
        "unimproved_lot",
    ]
    adjoins_owner_improved_lot: bool | None = Field(
        default=None,
        description="For an unimproved lot: it adjoins the improved property of its owner.",
    )
    contents: list[CompostContent] | None = Field(
        default=None, description="What the compost is made of."
    )
    receptacle: Literal["pit", "container", "open_pile"]
    container_material: Literal["metal", "wood", "plastic", "other"] | None = None
    below_ground_level: bool | None = Field(
        default=None,
        description="For a pit: the contents are below natural surrounding ground level.",
    )
    height_ft: float | None = Field(
        default=None, ge=0, description="Height of the container or open pile."
    )
    distance_ft: float | None = Field(
        default=None, ge=0, description="Distance to the nearest property line or structure."
    )
    cover: Literal["soil", "approved_covering", "unapproved_covering", "none"] | None = Field(
        default=None,
        description="The covering: soil, a covering approved by the Health Officer, another "
        "covering, or none.",
    )
    cover_in: float | None = Field(default=None, ge=0, description="Depth of the covering.")
    moist: bool | None = None
    decomposition_complete: bool | None = Field(
        default=None, description="Decomposition is completed (it need no longer be kept moist)."
    )
    max_branch_diameter_in: float | None = Field(
        default=None, ge=0, description="Diameter of the thickest twig, limb or branch."
    )
    max_branch_length_ft: float | None = Field(
        default=None, ge=0, description="Length of the longest twig, limb or branch."
    )
    hardwood_or_second_season: bool | None = Field(
        default=None, description="Hardwood branches or second season growth are in it."
    )
    dated_by: ClassVar[str | None] = "date"


@fact_type
class AccumulationRemoval(Fact):
    """An accumulation of solid waste seen gone (collected or disposed of)."""

    type: Literal["accumulation_removal"]
    accumulation: str = required_ref("accumulation")
    removed_at: DateTime
    dated_by: ClassVar[str | None] = "removed_at"


@fact_type
class FireHazardNotice(Thing):
    """The Fire Chief's opinion, notified to the responsible person, that an
    accumulation of solid waste is a fire hazard or dangerous to the public
    (SW-ACCUMULATION-HAZARD)."""

    type: Literal["fire_hazard_notice"]
    premises: str = required_ref("premises")
    accumulation: str | None = ref("accumulation")
    date: Date = Field(description="The day the responsible person was notified.")
    danger: Literal["fire_hazard", "public_danger"] = Field(
        default="fire_hazard",
        description="fire_hazard, or public_danger (dangerous to the public peace, safety or "
        "health).",
    )
    dated_by: ClassVar[str | None] = "date"


@fact_type
class HazardCollectionArranged(Fact):
    """The responsible person arranged collection and disposal of a hazardous
    accumulation in an authorized manner."""

    type: Literal["hazard_collection_arranged"]
    notice: str = required_ref("fire_hazard_notice")
    date: Date
    means: Literal["contractor", "self_haul"] | None = None
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Dumping(Thing):
    """Solid waste found dumped, discarded, abandoned or deposited (SW-DUMPING)."""

    type: Literal["dumping"]
    premises: str | None = ref("premises")
    date: Date
    place: Literal[
        "private_property",
        "vacant_lot",
        "street",
        "alley",
        "parkway",
        "park",
        "public_place",
        "flood_channel",
        "channel_tributary",
        "flood_channel_easement",
        "stormwater_path",
    ] = Field(description="Where it was deposited.")
    material: (
        Literal[
            "garbage",
            "rubbish",
            "miscellaneous_debris",
            "combined_rubbish",
            "chemical_compound",
            "other",
        ]
        | None
    ) = None
    responsible: str | None = Field(default=None, description="Who deposited it, if known.")
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Burial(Fact):
    """Solid waste found placed in a hole or excavation, or buried (SW-NO-BURIAL).
    A compost pit is a ``compost_observation``, not a burial."""

    type: Literal["burial"]
    premises: str = required_ref("premises")
    date: Date
    dated_by: ClassVar[str | None] = "date"


CollectorRole = Literal["contractor", "city", "occupant", "charity", "other"]
Material = Literal["solid_waste", "greenwaste", "recyclables"]


@fact_type
class CollectionObservation(Thing):
    """Someone seen gathering, collecting or removing solid waste, greenwaste or
    recyclables from premises, or tampering with a refuse bin
    (SW-UNAUTHORIZED-COLLECTION, SW-RECYCLABLES-PROPERTY, GEN-PENALTY-SCAVENGING)."""

    type: Literal["collection_observation"]
    date: Date
    collector: str = Field(description="The person or business collecting.")
    collector_role: CollectorRole = Field(
        default="other",
        description="contractor (the city's franchisee), city, occupant (the premises' own "
        "owner or occupant), charity (a charitable entity), or other.",
    )
    materials: list[Material] | None = Field(default=None, description="What was taken.")
    locations: list[str] = Field(
        description="Each address (or premises id) it was taken from; each location is a "
        "separate offense.",
    )
    tampered: bool = Field(
        default=False,
        description="Tampered with, injured, destroyed or removed a bin, container or other "
        "refuse equipment.",
    )
    from_collection_container: bool = Field(
        default=False,
        description="The recyclables were taken after being placed at the curb or a designated "
        "collection location, or from a container provided by the contractor.",
    )
    recycling_arrangement: bool = Field(
        default=False,
        description="The collector takes segregated recyclables and has an arrangement to, and "
        "does, recycle all it collects.",
    )
    jobsite_debris_own_trucks: bool = Field(
        default=False,
        description="Debris from a jobsite hauled by the contractor or person in its own trucks.",
    )
    sale: str | None = ref(
        "recyclables_sale", description="The sale or donation the collection was part of."
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if not self.collector.strip():
            raise ValueError("collector: give the name of the person or business")
        if not self.locations:
            raise ValueError("locations: give at least one location")
        if not self.materials and not self.tampered:
            raise ValueError("give the materials taken, or tampered: true")


@fact_type
class HaulingService(Thing):
    """A container or hauling service provided at a residence, business or
    construction site (SW-EXCLUSIVE-HAULER)."""

    type: Literal["hauling_service"]
    premises: str | None = ref("premises")
    date: Date
    provider: str = Field(description="The hauler's name.")
    franchisee: bool = Field(description="The provider is the city's franchised contractor.")
    kind: Literal[
        "scheduled_container", "one_time_container", "own_truck_jobsite_debris", "hauling_service"
    ] = Field(
        description="scheduled_container, one_time_container (a bin or roll-off), "
        "own_truck_jobsite_debris (a contractor or person hauling its jobsite debris in its own "
        "trucks), or hauling_service (any other hired haul)."
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if not self.provider.strip():
            raise ValueError("provider: give the hauler's name")


@fact_type
class RecyclablesSale(Thing):
    """A sale or donation of recyclables to someone other than the contractor,
    claimed as the exception of SW-RECYCLABLES-SALE."""

    type: Literal["recyclables_sale"]
    seller: str | None = ref("premises", "establishment")
    buyer: str = Field(description="Who bought or received the recyclables.")
    date: Date
    kind: Literal["sale", "donation"] = "sale"
    segregated: bool = Field(description="The recyclables were kept apart from solid waste.")
    seller_paid_buyer: bool = Field(
        description="The seller or donor paid the buyer or donee a consideration or consulting "
        "fee for recycling services or for collecting, processing or transporting them."
    )
    discount_for_service: bool = Field(
        default=False,
        description="The claimed sale is a discount or reduction in price for collection, "
        "disposal or recycling service.",
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if not self.buyer.strip():
            raise ValueError("buyer: give the buyer's or donee's name")


@fact_type
class GreenwasteCheck(Fact):
    """A look at whether a householder separated greenwaste into its container
    (SW-GREENWASTE-SEPARATION)."""

    type: Literal["greenwaste_check"]
    premises: str = required_ref("premises")
    date: Date
    greenwaste_separated: bool
    dated_by: ClassVar[str | None] = "date"


@fact_type
class CollectionAccess(Fact):
    """An assessment of a commercial premises' rear and side for the contractor's
    equipment (SW-CONTAINER-PLACEMENT); the latest one counts."""

    type: Literal["collection_access"]
    premises: str = required_ref("premises")
    date: Date
    rear_or_side_accessible: bool = Field(
        description="The rear or side is accessible to the contractor's equipment."
    )
    damage_unlikely: bool = Field(
        description="Personal injury or property damage is unlikely to result from operating "
        "the contractor's equipment there."
    )
    dated_by: ClassVar[str | None] = "date"


# --------------------------------------------------------------------------- helpers


def _num(value: float) -> str:
    """2.0 → "2", 0.25 → "0.25"."""
    return f"{value:g}"


def _words(name: str) -> str:
    return name.replace("_", " ")


def _as_of_moment(ctx: Context) -> datetime:
    """The as-of date as a moment (reading ``sw.as_of_moment``)."""
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return datetime.combine(ctx.as_of, time())
    return datetime.combine(add_days(ctx.as_of, 1), time())


def _as_of_words(ctx: Context) -> str:
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return f"the start of {ctx.as_of}"
    return f"the end of {ctx.as_of}"


def _clock(text: str) -> time:
    return time.fromisoformat(str(text))


def _current(start: date, end: date | None, day: date) -> bool:
    """In force on ``day``: started, and not ended before it (the end day counts)."""
    return start <= day and (end is None or day <= end)


def _zone(premises: Premises | None) -> str | None:
    if premises is None or premises.zone is None:
        return None
    return premises.zone.strip().upper()


# --------------------------------------------------------------------------- SW-ACCUMULATION-TIME


@dataclass(frozen=True)
class AccumulationLimit:
    """How long an accumulation may stay, and why."""

    counted: bool  # the 48-hour limit, Sundays and holidays excepted
    basis: str  # the words of the limit that apply
    period_end: datetime  # before any holiday-week extension
    holiday: date | None  # the holiday in the week the period ends, if any
    deadline: datetime


def _period_end_day(moment: datetime) -> date:
    """The day a period ending at ``moment`` ends on (a period ending at 00:00 ends
    with the day before)."""
    return (moment - timedelta(minutes=1)).date()


def accumulation_limit(accumulation: Accumulation, ctx: Context) -> AccumulationLimit:
    """The limit of SW-ACCUMULATION-TIME for one accumulation."""
    on = accumulation.since.date()
    zone = _zone(ctx.get(accumulation.premises))  # type: ignore[arg-type]
    short_zones = {z.upper() for z in ctx.param("sw.short_limit_zones", on=on)}
    days = ctx.param("sw.standard_limit_days", on=on)
    if accumulation.garbage and zone in short_zones:
        hours = ctx.param("sw.short_limit_hours", on=on)
        counted = True
        basis = f"garbage in zone {zone} may stay {hours} hours, Sundays and holidays excepted"
        end = add_counted_hours(accumulation.since, hours, ctx.calendar)
    else:
        counted = False
        if accumulation.garbage:
            where = f"zone {zone}" if zone else "an area with no recorded zone"
            basis = f"garbage in {where} may stay {days} days (one week)"
        else:
            basis = f"solid waste other than garbage may stay {days} days (one week) in any zone"
        end = accumulation.since + timedelta(days=days)
    holiday = ctx.calendar.week_holiday(_period_end_day(end))
    limit = end
    if holiday is not None:
        extra = ctx.param("sw.holiday_extension_days", on=on)
        if counted and ctx.param("sw.holiday_extension_counted", on=on):
            limit = add_counted_hours(end, 24 * extra, ctx.calendar)
        else:
            limit = end + timedelta(days=extra)
    return AccumulationLimit(counted, basis, end, holiday, limit)


@derived("accumulation_deadline", on="accumulation", requirement="SW-ACCUMULATION-TIME")
def accumulation_deadline(accumulation: Accumulation, ctx: Context) -> datetime:
    """Ch. 50 time limits: "(A) Solid waste including garbage shall not be accumulated
    or stored for a period of time in excess of: (1) Commercial and Industrial zoned
    areas (C-1, C-3, M-1 and MD): 48 hours. (Sundays and holidays excepted.) (2) All
    other areas: one week. (B) Solid waste other than garbage shall not be stored or
    accumulated for a period of time in excess of one week. (C) The above periods of
    time which end in any week in which a holiday occurs shall be extended one
    additional day." """
    return accumulation_limit(accumulation, ctx).deadline


def _removal(accumulation: Accumulation, ctx: Context) -> AccumulationRemoval | None:
    removals = ctx.referring("accumulation_removal", "accumulation", accumulation.id)
    return removals[0] if removals else None  # type: ignore[return-value]


@rule("SW-ACCUMULATION-TIME", on="accumulation")
def accumulation_time(accumulation: Accumulation, ctx: Context) -> Outcome | None:
    """Ch. 50 time limits: "It is unlawful for any person to store or accumulate any
    solid waste … for any length of time other than as follows: …" (see
    ``accumulation_deadline``). Observed after the limit, or removed after it, is a
    violation; with no removal recorded, the accumulation is presumed still there
    (reading ``sw.accumulation_presumed_until_removed``) and judged at the as-of
    moment (reading ``sw.as_of_moment``)."""
    limit = accumulation_limit(accumulation, ctx)
    until = limit.deadline
    head = f"Solid waste here since {fmt_hour(accumulation.since)}: {limit.basis}"
    if limit.holiday is not None:
        head += (
            f", so until {fmt_hour(limit.period_end)}, extended one day to {fmt_hour(until)} "
            f"for the holiday of {limit.holiday} in that week"
        )
    else:
        head += f", so until {fmt_hour(until)}"
    observed = accumulation.observed_at
    if observed > until:
        return violation(
            f"{head}; it was observed still there at {fmt_hour(observed)}, after the limit.",
            due=until,
        )
    removal = _removal(accumulation, ctx)
    if removal is not None:
        if removal.removed_at > until:
            return violation(
                f"{head}; it was removed only at {fmt_hour(removal.removed_at)}, after the limit.",
                due=until,
            )
        return met(
            f"{head}; it was removed at {fmt_hour(removal.removed_at)}, within the limit.",
            due=until,
        )
    if _as_of_moment(ctx) > until:
        if not ctx.param("sw.accumulation_presumed_until_removed"):
            return None
        return violation(
            f"{head}; it was observed at {fmt_hour(observed)} and no removal is recorded by "
            f"{_as_of_words(ctx)} (reading: an accumulation is presumed still there until a "
            "removal is recorded).",
            due=until,
        )
    return met(
        f"{head}; observed at {fmt_hour(observed)}, and the limit has not passed at "
        f"{_as_of_words(ctx)}.",
        due=until,
    )


# --------------------------------------------------------------------------- SW-ACCUMULATION-HAZARD


@rule("SW-ACCUMULATION-HAZARD", on="fire_hazard_notice")
def accumulation_hazard(notice: FireHazardNotice, ctx: Context) -> Outcome:
    """('65 Code, § 6-4.104)(A): "It shall be unlawful for any person to accumulate any
    solid waste on his or her property in the city, which accumulation shall, in the
    opinion of the Fire Chief, constitute a fire hazard or be dangerous to the public
    peace, safety or health of the people of the city. In the event the accumulation
    constitutes a fire hazard in the opinion of the Fire Chief, he shall notify the
    owner, occupant, operator or other person responsible for the accumulation and
    that person shall immediately arrange for collection and disposal in an
    authorized manner." """
    if notice.danger == "public_danger":
        return violation(
            f"On {notice.date} the Fire Chief found the accumulation at {notice.premises} "
            "dangerous to the public peace, safety or health, which is unlawful."
        )
    days = ctx.param("sw.hazard_arrange_days", on=notice.date)
    due_on = add_days(notice.date, days)
    arranged = ctx.referring("hazard_collection_arranged", "notice", notice.id)
    done_on = arranged[0].date if arranged else None  # type: ignore[attr-defined]
    which = f"accumulation {notice.accumulation}" if notice.accumulation else "accumulation"
    head = (
        f"The Fire Chief gave notice on {notice.date} that the {which} at {notice.premises} "
        "is a fire hazard, so collection and disposal must be arranged immediately "
        f"(reading: by the end of {due_on})"
    )
    tail = f"; it was arranged on {done_on}." if done_on else "; no arrangement is recorded."
    return deadline(due_on=due_on, done_on=done_on, as_of=ctx.as_of, explanation=head + tail)


# --------------------------------------------------------------------------- SW-DISPOSAL-MEANS


def _holders(premises: Premises, ctx: Context) -> list[str]:
    """The premises and every establishment at it: a service or self-haul of either counts."""
    return [premises.id] + [e.id for e in ctx.referring("establishment", "premises", premises.id)]  # type: ignore[misc]


def _services(premises: Premises, ctx: Context) -> list[CollectionService]:
    services = list(ctx.referring("collection_service", "premises", premises.id))
    for establishment in ctx.referring("establishment", "premises", premises.id):
        services.extend(ctx.referring("collection_service", "establishment", establishment.id))
    return services  # type: ignore[return-value]


def _frequency(service: CollectionService, ctx: Context) -> tuple[float, bool]:
    """Collections per week, and whether the pack's reading supplied it."""
    if service.collections_per_week is None:
        return ctx.param("sw.default_collections_per_week"), True
    return service.collections_per_week, False


@rule("SW-DISPOSAL-MEANS", on="premises")
def disposal_means(premises: Premises, ctx: Context) -> Outcome | None:
    """('65 Code, § 6-4.105)(B)(1): "It shall be the responsibility of every person to
    dispose of all solid waste … The disposal shall be by one of the following means:
    (a) Through regular, at least weekly, collection service by the city's authorized
    contractor; or (b) By personal transportation of the solid waste to a licensed
    public or private landfill or disposal site." """
    if premises.use not in ctx.param("sw.disposal_uses"):
        return None
    streams = ctx.param("sw.disposal_streams")
    minimum = ctx.param("sw.min_collections_per_week")
    current = [
        s
        for s in _services(premises, ctx)
        if s.stream in streams and _current(s.start, s.end, ctx.as_of)
    ]
    for service in current:
        per_week, read = _frequency(service, ctx)
        if per_week >= minimum:
            how = (
                "frequency not stated, read as weekly (reading: a service is the franchise's "
                "regular weekly service)"
                if read
                else f"{_num(per_week)} collection(s) a week"
            )
            return met(
                f"The premises has {service.stream} collection service by the contractor since "
                f"{service.start}, {how}: an at-least-weekly means of disposal."
            )
    for holder in _holders(premises, ctx):
        for hauler in ctx.referring("self_hauler", "subject", holder):
            if _current(hauler.start, hauler.end, ctx.as_of):  # type: ignore[attr-defined]
                return met(
                    f"The premises self-hauls its solid waste to a disposal site (self-hauler "
                    f"since {hauler.start}): a permitted means of disposal."  # type: ignore[attr-defined]
                )
    if current:
        service = current[0]
        why = (
            f"its {service.stream} service collects only {_num(_frequency(service, ctx)[0])} "
            f"times a week (at least {_num(minimum)} required)"
        )
    else:
        why = "no current collection service by the contractor"
    return violation(
        f"On {ctx.as_of} the premises in {_words(premises.use)} use has {why} and no "  # type: ignore[arg-type]
        "self-haul to a disposal site, so its solid waste has no permitted means of disposal."
    )


# --------------------------------------------------------------------------- SW-PILE-LIMITS


@rule("SW-PILE-LIMITS", on="pile_observation")
def pile_limits(pile: PileObservation, ctx: Context) -> Outcome:
    """Ch. 50 storage: "Solid waste unless accumulated or stored in containers, shall be
    stored or accumulated only in stacks or piles not in excess of two cubic yards
    total, which: (A) Shall be separated from any other stack or pile and from any
    building, structure or other combustible material … not less than five feet; (B)
    Shall not be located in any street, alley, parkway or other public place, or in or
    upon any vacant or unimproved lot; and (C) Shall be located only in the rear or
    side yards of improved lots in a place shielded from winds which may scatter the
    same and also shielded from the view of neighboring properties and public rights
    of way." """
    on = pile.date
    most = ctx.param("sw.pile_max_cubic_yards", on=on)
    gap = ctx.param("sw.pile_min_separation_ft", on=on)
    problems = []
    if pile.total_cubic_yards > most:
        problems.append(f"{_num(pile.total_cubic_yards)} cubic yards in total (limit {_num(most)})")
    if pile.separation_ft is not None and pile.separation_ft < gap:
        problems.append(
            f"only {_num(pile.separation_ft)} ft from another pile, a building or combustible "
            f"material (minimum {_num(gap)} ft)"
        )
    if pile.location not in ctx.param("sw.pile_allowed_locations", on=on):
        problems.append("not in a rear or side yard of an improved lot")
    if pile.shielded_from_wind is False:
        problems.append("not shielded from wind")
    if pile.shielded_from_view is False:
        problems.append("not shielded from the view of neighbors and public rights of way")
    head = f"Solid waste piled in the {_words(pile.location)}, observed {pile.date}"
    if problems:
        return violation(f"{head}, fails the storage limits: {'; '.join(problems)}.")
    spacing = f", {_num(pile.separation_ft)} ft apart" if pile.separation_ft is not None else ""
    return met(
        f"{head}, is within the storage limits: {_num(pile.total_cubic_yards)} cubic yards in "
        f"total (limit {_num(most)}){spacing} (minimum {_num(gap)} ft)."
    )


# --------------------------------------------------------------------------- SW-COMPOST-RULES


def _compost_problems(compost: CompostObservation, ctx: Context) -> list[str]:
    on = compost.date
    problems: list[str] = []
    # (A) location
    adjoining = compost.location == "unimproved_lot" and compost.adjoins_owner_improved_lot
    if compost.location not in ctx.param("sw.compost_allowed_locations", on=on) and not adjoining:
        problems.append(f"(A) located in the {_words(compost.location)}")
    # (B) contents
    bad = [c for c in compost.contents or () if c in ctx.param("sw.compost_prohibited_contents")]
    if bad:
        problems.append(f"(B) contains {' and '.join(_words(c) for c in dict.fromkeys(bad))}")
    # (C) receptacle
    height = ctx.param("sw.compost_max_height_ft", on=on)
    near = ctx.param("sw.compost_receptacle_min_distance_ft", on=on)
    far = ctx.param("sw.compost_open_pile_min_distance_ft", on=on)
    kind = _words(compost.receptacle)
    if compost.receptacle == "pit" and compost.below_ground_level is False:
        problems.append("(C) pit contents above natural surrounding ground level")
    if compost.receptacle == "container" and compost.container_material is not None:
        allowed = ctx.param("sw.compost_container_materials", on=on)
        if compost.container_material not in allowed:
            problems.append(f"(C) container of {compost.container_material} (metal or wood only)")
    if compost.receptacle != "pit" and compost.height_ft is not None and compost.height_ft > height:
        problems.append(f"(C) {kind} {_num(compost.height_ft)} ft high (limit {_num(height)} ft)")
    minimum = far if compost.receptacle == "open_pile" else near
    if compost.distance_ft is not None and compost.distance_ft < minimum:
        problems.append(
            f"(C) {kind} {_num(compost.distance_ft)} ft from a property line or structure "
            f"(minimum {_num(minimum)} ft)"
        )
    # (D) covering and maintenance
    cover = ctx.param("sw.compost_min_cover_in", on=on)
    if compost.cover in ("none", "unapproved_covering"):
        problems.append(
            "(D) not covered with soil or a covering approved by the Health Officer"
            if compost.cover == "unapproved_covering"
            else "(D) not covered"
        )
    elif compost.cover_in is not None and compost.cover_in < cover:
        problems.append(
            f"(D) covered {_num(compost.cover_in)} in. deep (minimum {_num(cover)} in.)"
        )
    if compost.moist is False and not compost.decomposition_complete:
        problems.append("(D) not kept moist before decomposition is completed")
    # (E) branches
    diameter = ctx.param("sw.compost_max_branch_diameter_in", on=on)
    length = ctx.param("sw.compost_max_branch_length_ft", on=on)
    if compost.max_branch_diameter_in is not None and compost.max_branch_diameter_in > diameter:
        problems.append(
            f"(E) branches {_num(compost.max_branch_diameter_in)} in. in diameter "
            f"(limit {_num(diameter)} in.)"
        )
    if compost.max_branch_length_ft is not None and compost.max_branch_length_ft > length:
        problems.append(
            f"(E) branches {_num(compost.max_branch_length_ft)} ft long (limit {_num(length)} ft)"
        )
    if compost.hardwood_or_second_season and ctx.param("sw.compost_hardwood_any_size", on=on):
        problems.append(
            "(E) hardwood branches or second season growth (reading: excluded at any size)"
        )
    return problems


@rule("SW-COMPOST-RULES", on="compost_observation")
def compost_rules(compost: CompostObservation, ctx: Context) -> Outcome:
    """Ch. 50 composting: "(A) … located in rear or side yards of improved lots only …
    (B) … only of organic waste materials such as leaves, small twigs, grass clippings
    and other vegetable matter except garbage. (C) … (1) A pit … the contents shall
    always be maintained below natural surrounding ground level; (2) … metal or wood
    containers not in excess of three feet in height. Such receptacles or pits shall
    not be maintained within five feet of any property line or structure. … open
    stacks or piles not in excess of three feet in height but only … not less than
    fifty (50) feet from any property line or structure. (D) … covered with at least
    one-half inch of soil … kept moist at all times until decomposition is completed.
    (E) No hardwood branches, second season growth, or other twigs, limbs or branches
    in excess of one-fourth inch in diameter or two feet in length …" """
    head = (
        f"Compost in {'an' if compost.receptacle == 'open_pile' else 'a'} "
        f"{_words(compost.receptacle)} in the {_words(compost.location)}, "
        f"observed {compost.date}"
    )
    problems = _compost_problems(compost, ctx)
    if problems:
        return violation(f"{head}, breaks the composting rules: {'; '.join(problems)}.")
    return met(f"{head}, meets every composting rule that was observed.")


# --------------------------------------------------------------------------- SW-CONTAINER-SETOUT

_LOCATION_SYNONYMS = {
    "alley": "alley_line",
    "alley_property_line": "alley_line",
    "curbside": "curb",
    "curb_line": "curb",
    "public_parkway": "parkway",
    "rear_yard": "rear",
    "side_yard": "side",
}


def set_out_location(text: str | None) -> str | None:
    """A set-out location in the pack's words: ``"Rear yard"`` → ``rear``."""
    if text is None or not text.strip():
        return None
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    return _LOCATION_SYNONYMS.get(key, key)


@derived("set_out_window", on="set_out", requirement="SW-CONTAINER-SETOUT")
def set_out_window(set_out: SetOut, ctx: Context) -> list[datetime]:
    """Ch. 50 containers (A): "… not earlier than six p.m. of the day preceding
    collection and such containers shall be removed … not later than eight p.m. on
    the day of collection." """
    day = set_out.collection_day
    before = ctx.param("sw.set_out_days_before", on=day)
    start = datetime.combine(
        add_days(day, -before), _clock(ctx.param("sw.set_out_earliest", on=day))
    )
    end = datetime.combine(day, _clock(ctx.param("sw.set_out_removal_by", on=day)))
    return [start, end]


@rule("SW-CONTAINER-SETOUT", on="set_out")
def container_set_out(set_out: SetOut, ctx: Context) -> Outcome | None:
    """Ch. 50 containers (A): "Such containers so set out or placed by the householder
    or commercial customer not earlier than six p.m. of the day preceding collection
    and such containers shall be removed by the householder from the collection place
    not later than eight p.m. on the day of collection." Containers standing in the
    rear or side yard are stored, not set out (reading ``sw.storage_locations``)."""
    location = set_out_location(set_out.location)
    if location in ctx.param("sw.storage_locations", on=set_out.collection_day):
        return None
    start, end = ctx.derived("set_out_window", set_out)
    head = (
        f"Containers for collection on {set_out.collection_day} may stand out from "
        f"{fmt_hour(start)} to {fmt_hour(end)}"
    )
    moment = _as_of_moment(ctx)
    removed = set_out.removed_at if set_out.removed_at and set_out.removed_at <= moment else None
    problems = []
    if set_out.placed_at < start:
        problems.append(f"set out at {fmt_hour(set_out.placed_at)}, before the window opened")
    elif set_out.placed_at > end:
        problems.append(f"set out at {fmt_hour(set_out.placed_at)}, after the window closed")
    if removed is not None and removed > end:
        problems.append(f"removed only at {fmt_hour(removed)}")
    if problems:
        return violation(f"{head}; they were {' and '.join(problems)}.", due=end)
    placed = fmt_hour(set_out.placed_at)
    if removed is not None:
        return met(
            f"{head}; they were set out at {placed} and removed at {fmt_hour(removed)}.", due=end
        )
    if moment > end:
        return violation(
            f"{head}; they were set out at {placed} and no removal is recorded by "
            f"{_as_of_words(ctx)}.",
            due=end,
        )
    return met(
        f"{head}; they were set out at {placed} and need not be removed before {fmt_hour(end)}.",
        due=end,
    )


# --------------------------------------------------------------------------- SW-CONTAINER-PLACEMENT


@dataclass(frozen=True)
class Placement:
    """Where a premises' containers go for collection, and why."""

    customer: str  # householder or commercial
    locations: tuple[str, ...]
    basis: str


def _customer(premises: Premises, ctx: Context, on: date) -> str | None:
    if premises.use in ctx.param("sw.householder_uses", on=on):
        return "householder"
    if premises.use in ctx.param("sw.commercial_customer_uses", on=on):
        return "commercial"
    if premises.use is None and premises.dwelling_units:
        return "householder"
    return None


def _latest_access(premises: Premises, ctx: Context) -> CollectionAccess | None:
    assessments = ctx.referring("collection_access", "premises", premises.id)
    return assessments[-1] if assessments else None  # type: ignore[return-value]


def required_placement(set_out: SetOut, ctx: Context) -> Placement | None:
    """The locations SW-CONTAINER-PLACEMENT allows a set-out, or None when the facts
    cannot say (the premises is neither a householder's nor a commercial customer's)."""
    premises: Premises = ctx.get(set_out.premises)  # type: ignore[assignment]
    on = set_out.collection_day
    customer = _customer(premises, ctx, on)
    if customer == "householder":
        if premises.alley:
            return Placement(
                customer, ctx.param("sw.alley_locations", on=on), "is on a public alley"
            )
        if premises.alley is None and not ctx.param("sw.alley_unrecorded_is_no_alley", on=on):
            return None
        basis = (
            "has no public alley recorded (reading: not on an alley)"
            if premises.alley is None
            else "is not on a public alley"
        )
        return Placement(customer, ctx.param("sw.curb_locations", on=on), basis)
    if customer == "commercial":
        rear = tuple(ctx.param("sw.rear_side_locations", on=on))
        curb = tuple(ctx.param("sw.curb_locations", on=on))
        access = _latest_access(premises, ctx)
        if access is None:
            if ctx.param("sw.unassessed_commercial_placement", on=on) == "curb":
                return Placement(
                    customer, curb, "has no access assessment (reading: parkway or curb)"
                )
            return Placement(
                customer,
                rear + curb,
                "has no access assessment (reading: either place is accepted)",
            )
        if access.rear_or_side_accessible and access.damage_unlikely:
            return Placement(
                customer,
                rear,
                "has a rear or side accessible and safe for the contractor "
                f"(assessed {access.date})",
            )
        why = "inaccessible" if not access.rear_or_side_accessible else "unsafe"
        return Placement(
            customer,
            curb,
            f"has a rear and side {why} for the contractor's equipment (assessed {access.date})",
        )
    return None


@derived("required_set_out_locations", on="set_out", requirement="SW-CONTAINER-PLACEMENT")
def required_set_out_locations(set_out: SetOut, ctx: Context) -> list[str] | None:
    """Ch. 50 containers (B)-(C): the places a set-out may stand, sorted; null when
    the premises' use does not say whether a householder or a commercial customer
    sets it out."""
    placement = required_placement(set_out, ctx)
    return None if placement is None else sorted(placement.locations)


def _alternatives(locations: Iterable[str]) -> str:
    """``("rear", "side", "curb")`` → ``"rear, side or curb"``."""
    names = [_words(loc) for loc in locations]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


@rule("SW-CONTAINER-PLACEMENT", on="set_out")
def container_placement(set_out: SetOut, ctx: Context) -> Outcome | None:
    """Ch. 50 containers (B): "(1) When the householder's property is contiguous to a
    public alley, all containers shall be placed at the alley property line in one and
    the same location. (2) When the householder's property is not contiguous to a
    public alley, all containers shall be placed in the public parkway or at the curb
    line in one and the same location." (C): "(1) When the rear or side of the
    establishment is accessible to contractor's equipment and when personal injury or
    property damage is unlikely …, all containers … shall be placed at the rear or,
    when appropriate, at the side of the establishment in one and the same location.
    (2) When the rear or side … is inaccessible … or when personal injury or property
    damage is likely …, all containers … shall be placed in the public parkway or
    curbside at one and the same location." """
    location = set_out_location(set_out.location)
    placement = required_placement(set_out, ctx)
    if location is None or placement is None:
        return None
    storage = ctx.param("sw.storage_locations", on=set_out.collection_day)
    if placement.customer == "householder" and location in storage:
        return None  # kept in the rear or side yard: not set out
    who = "householder" if placement.customer == "householder" else "commercial customer"
    head = (
        f"The {who}'s premises {placement.basis}, so containers go at the "
        f"{_alternatives(placement.locations)}"
    )
    if location not in placement.locations:
        return violation(
            f"{head}; for collection on {set_out.collection_day} they stood at the "
            f"{_words(location)}."
        )
    for other in ctx.referring("set_out", "premises", set_out.premises):
        if other is set_out or other.collection_day != set_out.collection_day:  # type: ignore[attr-defined]
            continue
        elsewhere = set_out_location(other.location)  # type: ignore[attr-defined]
        if elsewhere is None or elsewhere == location:
            continue
        if placement.customer == "householder" and elsewhere in storage:
            continue
        return violation(
            f"{head}, in one and the same location; for collection on "
            f"{set_out.collection_day} they stood both at the {_words(location)} and at the "
            f"{_words(elsewhere)} (set-out {other.id})."
        )
    return met(
        f"{head}; for collection on {set_out.collection_day} they stood at the {_words(location)}."
    )


# ----------------------------------------------------------------------- SW-DUMPING, SW-NO-BURIAL


@rule("SW-DUMPING", on="dumping")
def dumping(found: Dumping, ctx: Context) -> Outcome:
    """Ch. 50 dumping: "Except as otherwise provided in this chapter, it is unlawful for
    any person to dump, discard, abandon or otherwise deposit any garbage, combustible
    or noncombustible rubbish, miscellaneous debris, combined rubbish or chemical
    compound in or upon any public or private property within the city, including any
    vacant lot or in, on or upon any public street, alley, parkway, park or other
    public place or in or upon any flood water channel …" """
    what = _words(found.material) if found.material else "solid waste"
    who = f" by {found.responsible}" if found.responsible else ""
    return violation(
        f"{what[0].upper()}{what[1:]} found dumped{who} on {found.date} "
        f"({_words(found.place)}): depositing it there is unlawful."
    )


@rule("SW-NO-BURIAL", on="burial")
def no_burial(found: Burial, ctx: Context) -> Outcome:
    """('65 Code, § 6-4.107): "It is unlawful for any person to place in any hole or
    excavation, or to bury, any solid waste." """
    return violation(
        f"Solid waste was found placed in a hole or excavation, or buried, at "
        f"{found.premises} on {found.date}, which is unlawful."
    )


# --------------------------------------------------------------------------- collection by others

_AUTHORIZED = ("contractor", "city")


def _recyclables_exception(obs: CollectionObservation, ctx: Context) -> str | None:
    """Why taking recyclables was excepted, or None when it was unlawful."""
    if obs.from_collection_container:
        if obs.collector_role == "charity" and ctx.param("sw.charity_may_remove_from_containers"):
            return (
                "a charitable entity (reading: the charity exception reaches set-out recyclables)"
            )
        return None
    if obs.collector_role == "occupant":
        return "the premises' own owner or occupant took its own recyclables"
    if obs.collector_role == "charity":
        return "a charitable entity is excepted from the collection ban"
    if obs.recycling_arrangement:
        return "segregated recyclables taken by one with an arrangement to recycle them all"
    if obs.sale is not None:
        sale: RecyclablesSale = ctx.get(obs.sale)  # type: ignore[assignment]
        if sale is not None and not _sale_problems(sale):
            return f"part of the qualifying {sale.kind} {sale.id}"
    return None


def _recyclables_refusal(obs: CollectionObservation, ctx: Context) -> str:
    if obs.from_collection_container:
        reading = (
            " (reading: the charity exception does not reach them)"
            if obs.collector_role == "charity"
            else ""
        )
        return (
            "removed recyclables set out for collection, which became the contractor's "
            f"property when placed{reading}"
        )
    if obs.sale is not None:
        return f"collected recyclables under the sale {obs.sale}, which does not qualify"
    return (
        "collected recyclables with no exception (not a charity, no recycling arrangement, "
        "no qualifying sale)"
    )


def _waste_exception(obs: CollectionObservation) -> str | None:
    """Why taking solid waste or greenwaste was excepted, or None."""
    if obs.collector_role == "occupant":
        return "the premises' own owner or occupant took its own waste to dispose of it"
    if obs.jobsite_debris_own_trucks:
        return "jobsite debris hauled in the hauler's own trucks"
    return None


def collection_review(obs: CollectionObservation, ctx: Context) -> tuple[list[str], list[str]]:
    """What the collector did that only the contractor or the city may do, and the
    exceptions that covered the rest."""
    acts: list[str] = []
    excepted: list[str] = []
    if obs.tampered:
        acts.append("tampered with refuse bins or equipment")
    for material in ("solid_waste", "greenwaste"):
        if material in (obs.materials or ()):
            reason = _waste_exception(obs)
            if reason is None:
                acts.append(f"collected {_words(material)}")
            else:
                excepted.append(f"{_words(material)}: {reason}")
    if "recyclables" in (obs.materials or ()):
        reason = _recyclables_exception(obs, ctx)
        if reason is None:
            acts.append(_recyclables_refusal(obs, ctx))
        else:
            excepted.append(f"recyclables: {reason}")
    return acts, excepted


def _places(obs: CollectionObservation) -> list[str]:
    return list(dict.fromkeys(obs.locations))


@rule("SW-UNAUTHORIZED-COLLECTION", on="collection_observation")
def unauthorized_collection(obs: CollectionObservation, ctx: Context) -> Outcome:
    """§ 50.014: "Except as otherwise provided in this chapter, it is unlawful for any
    person other than the contractor, as defined in this chapter, or the city to
    gather, collect or remove any solid waste, greenwaste or recyclable materials from
    any commercial, business, industrial or residential premises within the city or to
    tamper with, injure, destroy or remove any bin, container, or any other equipment
    used for refuse storage." """
    where = f"at {len(_places(obs))} location(s)"
    if obs.collector_role in _AUTHORIZED:
        return met(f"On {obs.date} {where} {obs.collector}, the {obs.collector_role}, collected.")
    acts, excepted = collection_review(obs, ctx)
    if acts:
        return violation(
            f"On {obs.date} {where} {obs.collector}, neither the contractor nor the city, "
            f"{'; '.join(acts)}."
        )
    return met(
        f"On {obs.date} {where} {obs.collector} collected under the chapter's exceptions "
        f"({'; '.join(excepted)})."
    )


@rule("SW-RECYCLABLES-PROPERTY", on="collection_observation")
def recyclables_property(obs: CollectionObservation, ctx: Context) -> Outcome | None:
    """('65 Code, § 6-4.411): "(A) It is unlawful for any person … not otherwise
    excepted … to collect recyclable materials in the city; provided, however, the
    collection of segregated recyclable materials with the intent to recycle all such
    materials collected by one who has an arrangement to and does recycle all such
    materials collected shall not be prohibited. This section shall not apply to
    charitable entities … (B) From the time of placement of recyclable materials at
    curbside or other appropriate designated collection locations or in any container
    used for collection provided by city's contractor, said recyclable materials shall
    be and become the property of the contractor. It is unlawful for any person …
    other than the city's contractor to remove recyclable materials from a collection
    container provided by the city's contractor." """
    if "recyclables" not in (obs.materials or ()) or obs.collector_role in _AUTHORIZED:
        return None
    exception = _recyclables_exception(obs, ctx)
    if exception is None:
        return violation(f"On {obs.date} {obs.collector} {_recyclables_refusal(obs, ctx)}.")
    return met(f"On {obs.date} {obs.collector} took recyclables lawfully: {exception}.")


@derived("scavenging_offenses", on="collection_observation", requirement="GEN-PENALTY-SCAVENGING")
def scavenging_offenses(obs: CollectionObservation, ctx: Context) -> int:
    """§ 50.999(B): the separate offenses of an unauthorized collection or removal of
    recyclables, one per location; 0 when there is none."""
    if obs.collector_role in _AUTHORIZED or "recyclables" not in (obs.materials or ()):
        return 0
    if _recyclables_exception(obs, ctx) is not None:
        return 0
    return len(_places(obs))


@rule("GEN-PENALTY-SCAVENGING", on="collection_observation")
def penalty_scavenging(obs: CollectionObservation, ctx: Context) -> Outcome | None:
    """§ 50.999(B): "Any person violating any provision of § 50.014 by engaging in the
    unauthorized collection or removal of recyclable materials is guilty of an
    infraction … Any such unauthorized collections from one or more locations within
    the city shall constitute a separate and distinct offense." """
    offenses = ctx.derived("scavenging_offenses", obs)
    if not offenses:
        return None
    places = _places(obs)
    return violation(
        f"The unauthorized collection of recyclables by {obs.collector} on {obs.date} is an "
        f"infraction, one separate offense per location: {offenses} offense(s) "
        f"({', '.join(places)})."
    )


# --------------------------------------------------------------------------- SW-EXCLUSIVE-HAULER

_SERVICE_WORDS = {
    "scheduled_container": "regularly scheduled container service",
    "one_time_container": "one-time bin or roll-off service",
    "own_truck_jobsite_debris": "a haul of its own jobsite debris in its own trucks",
    "hauling_service": "a waste hauling service",
}


@rule("SW-EXCLUSIVE-HAULER", on="hauling_service")
def exclusive_hauler(service: HaulingService, ctx: Context) -> Outcome:
    """Ch. 50 containers (D): "The city's contractor is the exclusive franchised provider
    and the only hauler authorized to provide regularly scheduled and one-time special
    container (bin or roll-off) service … provided, however, that any contractor or
    other person may haul, in their own trucks, and properly dispose of any debris from
    a jobsite in the city. If the contractor or other person utilizes a waste hauling
    service, he shall utilize the services of the city's franchisee." """
    what = _SERVICE_WORDS[service.kind]
    if service.franchisee:
        return met(f"{service.provider}, the city's franchisee, provided {what} on {service.date}.")
    if service.kind == "own_truck_jobsite_debris":
        return met(
            f"{service.provider} made {what} on {service.date}, which anyone may do without the "
            "franchisee."
        )
    return violation(
        f"{service.provider}, not the city's franchisee, provided {what} on {service.date}; only "
        "the franchisee may."
    )


# --------------------------------------------------------------------------- SW-RECYCLABLES-SALE


def _sale_problems(sale: RecyclablesSale) -> list[str]:
    problems = []
    if not sale.segregated:
        problems.append("(1) the recyclables were mixed with solid waste")
    if sale.seller_paid_buyer:
        problems.append(
            "(2) the seller paid the buyer for recycling, collecting, processing or transporting"
        )
    if sale.discount_for_service:
        problems.append(
            "a discount or reduction in price for collection, disposal or recycling service is "
            "not a qualifying sale or donation"
        )
    return problems


@rule("SW-RECYCLABLES-SALE", on="recyclables_sale")
def recyclables_sale(sale: RecyclablesSale, ctx: Context) -> Outcome:
    """Ch. 50 recyclables (A): "Nothing contained in this chapter shall prohibit any
    person or commercial business from selling recyclable materials or giving
    recyclable materials away to persons or entities other than the city's contractor,
    provided, however, in either instance: (1) The recyclable materials must be
    segregated from and not mixed with solid waste; and (2) The seller/donor may not
    pay the buyer/donee any consideration or consulting fee … A discount or reduction
    in price for collection, disposal and/or recycling services … is not a qualifying
    sale or donation of recyclable materials per this exception." """
    head = f"The {sale.kind} of recyclables to {sale.buyer} on {sale.date}"
    problems = _sale_problems(sale)
    if problems:
        return violation(f"{head} does not qualify for the exception: {'; '.join(problems)}.")
    return met(f"{head} qualifies: segregated from solid waste and nothing paid to the buyer.")


# ---------------------------------------------------------------------- SW-GREENWASTE-SEPARATION


@rule("SW-GREENWASTE-SEPARATION", on="greenwaste_check")
def greenwaste_separation(check: GreenwasteCheck, ctx: Context) -> Outcome | None:
    """Ch. 50 greenwaste: "Householders shall separate greenwaste and place it in the
    appropriate container for collection." Applies to householders only (reading
    ``sw.householder_uses``)."""
    premises: Premises = ctx.get(check.premises)  # type: ignore[assignment]
    if _customer(premises, ctx, check.date) != "householder":
        return None
    if check.greenwaste_separated:
        return met(f"On {check.date} the householder's greenwaste was in its own container.")
    return violation(
        f"On {check.date} the householder's greenwaste was not separated into the greenwaste "
        "container."
    )


# --------------------------------------------------------------------------- records only

records(
    "SW-FRANCHISE",
    "The records system keeps the franchise agreement's terms and the Council's rates; "
    "collection under it is judged by SW-EXCLUSIVE-HAULER and SW-UNAUTHORIZED-COLLECTION.",
)
records(
    "SW-FEE-LIABILITY",
    "The records system keeps each premises' collection account and who owes it (owner and "
    "occupant); the civil debt is the contractor's to collect.",
)
