"""Chapter 50, solid waste collection and recycling (general): storage, accumulation,
set-out, the franchise hauler, scavenging (SW-*, GEN-PENALTY-SCAVENGING).

One small function per requirement ID, its docstring quoting the words it
implements; every number, zone and reading comes from the rule pack (``sw.*``).
Times are naive city wall time.

A time limit on a state (how long solid waste may accumulate, when containers
must be back from the curb, how soon a fire hazard must be dealt with) is judged
broken only on a record that shows the state after the limit: an observation, a
follow-up observation, or a removal recorded after it. Where the last record came
before the limit, the finding is ``due`` at the limit (a follow-up observation is
due), never a violation. Records that contradict each other (seen before it
began, removed before it was set out) are data problems and start no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.calendar import add_counted_hours, add_days
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    derived,
    due,
    late,
    met,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import Date, DateTime, Fact, Thing, fact_type, ref, required_ref
from sanitas.ordinance.general import Premises
from sanitas.ordinance.organics.vocabulary import CollectionService
from sanitas.ordinance.words import (
    capital,
    day,
    listing,
    name_of,
    namer,
    number,
    plural,
    words,
)

# --------------------------------------------------------------------------- fact types


@fact_type
class Accumulation(Thing):
    """Solid waste observed accumulated at a premises."""

    type: Literal["accumulation"]
    premises: str = required_ref("premises")
    since: DateTime
    garbage: bool
    observed_at: DateTime
    dated_by: ClassVar[str | None] = "observed_at"


@fact_type
class SetOut(Thing):
    """Containers observed set out for collection."""

    type: Literal["set_out"]
    premises: str = required_ref("premises")
    collection_day: Date
    placed_at: DateTime
    removed_at: DateTime | None = None
    location: str | None = Field(
        default=None,
        description="Where the containers stood (alley_line, curb, parkway, rear, side, …).",
    )
    dated_by: ClassVar[str | None] = "placed_at"


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
    """An accumulation of solid waste collected or disposed of (SW-ACCUMULATION-TIME,
    SW-ACCUMULATION-HAZARD). A later look that only found it gone, with no time of
    removal, is a ``follow_up_observation`` with ``still_there: false``."""

    type: Literal["accumulation_removal"]
    accumulation: str = required_ref("accumulation")
    removed_at: DateTime = Field(description="When it was collected or disposed of.")
    dated_by: ClassVar[str | None] = "removed_at"


@fact_type
class FollowUpObservation(Fact):
    """A later look at an accumulation or at containers set out, recorded earlier:
    whether the solid waste, or the containers, were still there
    (SW-ACCUMULATION-TIME, SW-CONTAINER-SETOUT, SW-ACCUMULATION-HAZARD). A time
    limit is judged broken only on such a record, an accumulation's own
    ``observed_at`` or a removal after the limit."""

    type: Literal["follow_up_observation"]
    subject: str = required_ref("accumulation", "set_out")
    observed_at: DateTime
    still_there: bool = Field(
        description="The solid waste, or the containers at the collection place, were still "
        "there (true) or gone (false)."
    )
    dated_by: ClassVar[str | None] = "observed_at"


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


# --------------------------------------------------------------------------- names


def _at(ctx: Context, premises: str | None) -> str:
    return f" at {name_of(ctx, premises)}" if premises is not None else ""


@namer("accumulation")
def _name_accumulation(ctx: Context, fact: Accumulation) -> str:
    what = "garbage" if fact.garbage else "solid waste"
    return f"the {what}{_at(ctx, fact.premises)} since {day(fact.since)}"


@namer("set_out")
def _name_set_out(ctx: Context, fact: SetOut) -> str:
    where = _at(ctx, fact.premises)
    return f"the containers set out{where} for collection on {day(fact.collection_day)}"


@namer("fire_hazard_notice")
def _name_fire_hazard_notice(ctx: Context, fact: FireHazardNotice) -> str:
    return f"the Fire Chief's notice of {day(fact.date)}"


@namer("hazard_collection_arranged")
def _name_arrangement(ctx: Context, fact: HazardCollectionArranged) -> str:
    return f"the collection arranged on {day(fact.date)}"


@namer("follow_up_observation")
def _name_follow_up(ctx: Context, fact: FollowUpObservation) -> str:
    return f"the follow-up observation of {day(fact.observed_at)}"


@namer("accumulation_removal")
def _name_removal(ctx: Context, fact: AccumulationRemoval) -> str:
    return f"the removal of {day(fact.removed_at)}"


@namer("pile_observation")
def _name_pile(ctx: Context, fact: PileObservation) -> str:
    return f"the pile seen{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("compost_observation")
def _name_compost(ctx: Context, fact: CompostObservation) -> str:
    return f"the compost seen{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("dumping")
def _name_dumping(ctx: Context, fact: Dumping) -> str:
    return f"the dumping found{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("burial")
def _name_burial(ctx: Context, fact: Burial) -> str:
    return f"the burial found{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("collection_observation")
def _name_collection(ctx: Context, fact: CollectionObservation) -> str:
    return f"the collection by {fact.collector} on {day(fact.date)}"


@namer("hauling_service")
def _name_hauling(ctx: Context, fact: HaulingService) -> str:
    return f"the {_SERVICE_WORDS[fact.kind]} by {fact.provider} on {day(fact.date)}"


@namer("recyclables_sale")
def _name_sale(ctx: Context, fact: RecyclablesSale) -> str:
    return f"the {fact.kind} of recyclables to {fact.buyer} on {day(fact.date)}"


@namer("greenwaste_check")
def _name_greenwaste_check(ctx: Context, fact: GreenwasteCheck) -> str:
    return f"the greenwaste check{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("collection_access")
def _name_access(ctx: Context, fact: CollectionAccess) -> str:
    return f"the access assessment{_at(ctx, fact.premises)} of {day(fact.date)}"


# --------------------------------------------------------------------------- helpers

#: a set-out location as a sentence says where containers stood or go
_PLACE_WORDS = {
    "alley_line": "at the alley property line",
    "curb": "at the curb",
    "parkway": "in the parkway",
    "rear": "at the rear",
    "side": "at the side",
    "front_yard": "in the front yard",
    "street": "in the street",
    "driveway": "in the driveway",
    "sidewalk": "on the sidewalk",
}

#: where a pile or compost was seen, as a sentence says it
_YARD_WORDS = {
    "rear_yard": "in the rear yard",
    "side_yard": "in the side yard",
    "front_yard": "in the front yard",
    "street": "in the street",
    "alley": "in the alley",
    "parkway": "in the parkway",
    "public_place": "in a public place",
    "vacant_lot": "on a vacant lot",
    "unimproved_lot": "on an unimproved lot",
    "other_place": "in another place",
}


def place_words(location: str) -> str:
    """A set-out location as a sentence says it: ``parkway`` → "in the parkway"."""
    return _PLACE_WORDS.get(location) or f"at the {words(location)}"


def _alternatives(locations: Iterable[str]) -> str:
    """``("parkway", "curb")`` → "in the parkway or at the curb"."""
    return listing([place_words(loc) for loc in locations], "or")


def _yard(location: str) -> str:
    return _YARD_WORDS.get(location) or f"in the {words(location)}"


def _cite(section: str, parts: Iterable[str]) -> str:
    """``("Ch. 50 storage", ["(C)", "(A)"])`` → "Ch. 50 storage (A), (C)"; with no
    parts, the section alone."""
    named = sorted(dict.fromkeys(p for p in parts if p))
    return f"{section} {', '.join(named)}" if named else section


def _sentence(text: str) -> str:
    """``text`` ended with one full stop (a last word such as "in." keeps its own)."""
    return text if text.endswith(".") else text + "."


def _reading(parts: Iterable[str | None]) -> str | None:
    """The readings an outcome relied on, as one sentence for staff (or None)."""
    named = [p for p in dict.fromkeys(parts) if p]
    return capital("; ".join(named)) + "." if named else None


def _as_of_moment(ctx: Context) -> datetime:
    """The as-of date as a moment (reading ``sw.as_of_moment``)."""
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return datetime.combine(ctx.as_of, time())
    return datetime.combine(add_days(ctx.as_of, 1), time())


def _passed(limit: datetime, ctx: Context) -> bool:
    """Whether ``limit`` has passed by the as-of date (read as a moment)."""
    return limit < _as_of_moment(ctx)


def _moment_reading(limit: datetime, ctx: Context) -> str | None:
    """The reading that decided whether a limit falling on the as-of date has passed."""
    if limit.date() != ctx.as_of:
        return None
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return (
            "the as-of date is read as its first moment (00:00), so a limit that day has not passed"
        )
    return "the as-of date is read as its last moment (24:00), so a limit that day has passed"


_EVIDENCE_READING = (
    "only a record showing it there after the limit (an observation, a follow-up "
    "observation or a removal after it) shows the limit broken"
)


def _current(start: date, end: date | None, on: date) -> bool:
    """In force on ``on``: started, and not ended before it (the end day counts)."""
    return start <= on and (end is None or on <= end)


def _zone(premises: Premises | None) -> str | None:
    if premises is None or premises.zone is None:
        return None
    return premises.zone.strip().upper()


def _key(fact: Fact) -> str | None:
    """How a data problem names a fact: its id, else the fact it belongs to."""
    if fact.id is not None:
        return fact.id
    for name in fact.references:
        target = getattr(fact, name)
        if target is not None:
            return target
    return None


def _problem(ctx: Context, facts: Iterable[Fact], text: str) -> None:
    ctx.data_problem(list(dict.fromkeys(_key(f) for f in facts)), text)


# --------------------------------------------------------------------------- what the records show


@dataclass(frozen=True)
class Trail:
    """What the records show of solid waste, or containers, after it began: the last
    moment a record shows it there, and the first that shows it gone."""

    seen: datetime  # the last moment a record shows it there
    seen_again: bool  # that record is a follow-up observation
    removed: datetime | None  # when it was removed (collected, or taken in)
    gone: datetime | None  # a follow-up observation found it gone (removed by then)


def _build_trail(
    ctx: Context,
    thing: Fact,
    began: datetime,
    began_words: str,
    presence: list[tuple[datetime, Fact, str]],
    removals: list[tuple[datetime, Fact, str]],
    plural_: bool = False,
) -> Trail | None:
    """The trail of ``thing`` from its records and its follow-up observations, or
    None (and data problems reported) when they contradict each other: a record
    before it began, a sighting after a record of it gone, a removal after a
    follow-up found it gone."""
    name = name_of(ctx, thing)
    it, was = ("them", "they were") if plural_ else ("it", "it was")
    follow_ups = ctx.referring("follow_up_observation", "subject", thing.id)
    seen = list(presence)
    gone: list[tuple[datetime, Fact, str]] = []
    for follow_up in follow_ups:
        if follow_up.still_there:  # type: ignore[attr-defined]
            seen.append((follow_up.observed_at, follow_up, "seen still there"))  # type: ignore[attr-defined]
        else:
            gone.append((follow_up.observed_at, follow_up, "found gone"))  # type: ignore[attr-defined]
    consistent = True
    early: list[tuple[datetime, Fact, str]] = []
    for record in [*seen, *removals, *gone]:
        moment, fact, verb = record
        if moment < began:
            consistent = False
            early.append(record)
            _problem(
                ctx,
                [fact, thing],
                f"The records show {name} {verb} at {day(moment)}, before {began_words} at "
                f"{day(began)}.",
            )
    # a record already reported as dated before the start is not compared again
    seen = [r for r in seen if r not in early]
    removals = [r for r in removals if r not in early]
    gone = [r for r in gone if r not in early]
    removal = min(removals, key=lambda r: r[0]) if removals else None
    found_gone = min(gone, key=lambda g: g[0]) if gone else None
    if removal is not None and found_gone is not None and removal[0] > found_gone[0]:
        consistent = False
        _problem(
            ctx,
            [removal[1], found_gone[1], thing],
            f"The records show {name} removed at {day(removal[0])}, after a follow-up "
            f"observation found {it} gone at {day(found_gone[0])}.",
        )
    first_gone = removal or found_gone
    if first_gone is not None:
        for moment, fact, verb in seen:
            if moment > first_gone[0]:
                consistent = False
                _problem(
                    ctx,
                    [fact, first_gone[1], thing],
                    f"The records show {name} {verb} at {day(moment)}, after {was} "
                    f"{first_gone[2]} at {day(first_gone[0])}.",
                )
    if not consistent or not seen:
        return None
    last = max(seen, key=lambda s: s[0])
    return Trail(
        seen=last[0],
        seen_again=last[1].type == "follow_up_observation",
        removed=removal[0] if removal else None,
        gone=found_gone[0] if found_gone else None,
    )


def accumulation_trail(accumulation: Accumulation, ctx: Context) -> Trail | None:
    """The accumulation's trail (memoized), or None when its records contradict each
    other."""
    memo = ctx.memo("sw.accumulation_trail")
    if accumulation.id not in memo:
        removals = [
            (removal.removed_at, removal, "removed")  # type: ignore[attr-defined]
            for removal in ctx.referring("accumulation_removal", "accumulation", accumulation.id)
        ]
        memo[accumulation.id] = _build_trail(
            ctx,
            accumulation,
            accumulation.since,
            "it began",
            [(accumulation.observed_at, accumulation, "seen")],
            removals,
        )
    return memo[accumulation.id]


def _removed_at(set_out: SetOut, ctx: Context) -> datetime | None:
    """The set-out's removal, unless dated after the as-of date (not yet happened)."""
    removed = set_out.removed_at
    return removed if removed is not None and removed.date() <= ctx.as_of else None


def set_out_trail(set_out: SetOut, ctx: Context) -> Trail | None:
    """The set-out's trail (memoized), or None when its records contradict each
    other (set out after its collection day, removed before it was set out)."""
    memo = ctx.memo("sw.set_out_trail")
    if set_out.id not in memo:
        if set_out.placed_at.date() > set_out.collection_day:
            _problem(
                ctx,
                [set_out],
                f"The records show containers at {name_of(ctx, set_out.premises)} set out at "
                f"{day(set_out.placed_at)} for collection on {day(set_out.collection_day)}, "
                "which had already passed.",
            )
            memo[set_out.id] = None
        else:
            removed = _removed_at(set_out, ctx)
            memo[set_out.id] = _build_trail(
                ctx,
                set_out,
                set_out.placed_at,
                "they were set out",
                [(set_out.placed_at, set_out, "set out")],
                [(removed, set_out, "removed")] if removed is not None else [],
                plural_=True,
            )
    return memo[set_out.id]


# --------------------------------------------------------------------------- SW-ACCUMULATION-TIME


@dataclass(frozen=True)
class AccumulationLimit:
    """How long an accumulation may stay, and why."""

    counted: bool  # the 48-hour limit, Sundays and holidays excepted
    basis: str  # the words of the limit that apply
    period_end: datetime  # before any holiday-week extension
    holiday: date | None  # the holiday in the week the period ends, if any
    deadline: datetime
    cite: str  # the subdivisions the limit comes from
    readings: tuple[str, ...]  # the readings the limit relied on


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
    week = "one week" if days == 7 else plural(days, "day")
    readings: list[str] = []
    if accumulation.garbage and zone in short_zones:
        hours = ctx.param("sw.short_limit_hours", on=on)
        counted = True
        parts = ["(A)(1)"]
        basis = (
            f"in zone {zone} garbage may stay {plural(hours, 'hour')}, not counting Sundays "
            "and holidays"
        )
        readings.append(
            '"Sundays and holidays excepted" counts only the hours of days that are neither '
            "a Sunday nor a holiday"
        )
        end = add_counted_hours(accumulation.since, hours, ctx.calendar)
    else:
        counted = False
        if accumulation.garbage:
            parts = ["(A)(2)"]
            if zone:
                basis = f"in zone {zone} garbage may stay {week}"
            else:
                basis = f"with no zone on record, garbage may stay {week}"
                readings.append(
                    "a premises with no recorded zone is held to the one-week limit of all "
                    "other areas, the longer of the two"
                )
        else:
            parts = ["(B)"]
            basis = f"solid waste other than garbage may stay {week} in any zone"
        end = accumulation.since + timedelta(days=days)
    holiday = ctx.calendar.week_holiday(_period_end_day(end))
    limit = end
    if holiday is not None:
        parts.append("(C)")
        extra = ctx.param("sw.holiday_extension_days", on=on)
        if counted and ctx.param("sw.holiday_extension_counted", on=on):
            limit = add_counted_hours(end, 24 * extra, ctx.calendar)
            readings.append(
                "in a 48-hour zone the additional day of a holiday week is 24 more counted "
                "hours, Sundays and holidays still excepted"
            )
        else:
            limit = end + timedelta(days=extra)
    return AccumulationLimit(
        counted,
        basis,
        end,
        holiday,
        limit,
        _cite("Ch. 50 time limits", parts),
        tuple(readings),
    )


@derived("accumulation_deadline", on="accumulation", requirement="SW-ACCUMULATION-TIME")
def accumulation_deadline(accumulation: Accumulation, ctx: Context) -> datetime | None:
    """Ch. 50 time limits: "(A) Solid waste including garbage shall not be accumulated
    or stored for a period of time in excess of: (1) Commercial and Industrial zoned
    areas (C-1, C-3, M-1 and MD): 48 hours. (Sundays and holidays excepted.) (2) All
    other areas: one week. (B) Solid waste other than garbage shall not be stored or
    accumulated for a period of time in excess of one week. (C) The above periods of
    time which end in any week in which a holiday occurs shall be extended one
    additional day." Null when the accumulation's records contradict each other."""
    if accumulation_trail(accumulation, ctx) is None:
        return None
    return accumulation_limit(accumulation, ctx).deadline


@rule("SW-ACCUMULATION-TIME", on="accumulation")
def accumulation_time(accumulation: Accumulation, ctx: Context) -> Outcome | None:
    """Ch. 50 time limits: "It is unlawful for any person to store or accumulate any
    solid waste … for any length of time other than as follows: …" (see
    ``accumulation_deadline``). A violation rests on a record of the waste there
    after the limit: its observation, a follow-up observation that found it still
    there, or its removal after the limit. A removal by the limit, or a follow-up
    that found it gone, meets it. With the last record before the limit and nothing
    since, it is within the limit until the limit passes (reading
    ``sw.as_of_moment``), then a follow-up observation is due."""
    trail = accumulation_trail(accumulation, ctx)
    if trail is None:
        return None
    limit = accumulation_limit(accumulation, ctx)
    until = limit.deadline
    what = "Garbage" if accumulation.garbage else "Solid waste"
    head = (
        f"{what} accumulated at {name_of(ctx, accumulation.premises)} from "
        f"{day(accumulation.since)}; {limit.basis}"
    )
    if limit.holiday is not None:
        head += (
            f": until {day(limit.period_end)}, extended by one day to {day(until)} because "
            f"the week holds the holiday of {day(limit.holiday)}"
        )
    else:
        head += f", so until {day(until)}"
    exact = (
        '"in excess of" the limit: the very end of the period is still within it'
        if until in (trail.seen, trail.removed)
        else None
    )
    kw = {"due": until, "cite": limit.cite}
    seen = "seen still there" if trail.seen_again else "seen"
    if trail.seen > until:
        tail = f"; it was {seen} at {day(trail.seen)}, after the limit"
        if trail.removed is not None:
            tail += f", and removed at {day(trail.removed)}"
        return violation(head + tail + ".", reading=_reading(limit.readings), **kw)
    if trail.removed is not None:
        if trail.removed > until:
            return violation(
                f"{head}; it was removed only at {day(trail.removed)}, after the limit.",
                reading=_reading(limit.readings),
                **kw,
            )
        return met(
            f"{head}; it was removed at {day(trail.removed)}, within the limit.",
            reading=_reading([*limit.readings, exact]),
            **kw,
        )
    if trail.gone is not None:
        if trail.gone <= until:
            return met(
                f"{head}; a follow-up observation at {day(trail.gone)} found it gone, within "
                "the limit.",
                reading=_reading(limit.readings),
                **kw,
            )
        return met(
            f"{head}; a follow-up observation at {day(trail.gone)} found it gone, and no "
            "record shows it there after the limit.",
            reading=_reading([*limit.readings, _EVIDENCE_READING]),
            **kw,
        )
    moment = _moment_reading(until, ctx)
    if not _passed(until, ctx):
        return met(
            f"{head}; it was {seen} at {day(trail.seen)} and may stay until then.",
            reading=_reading([*limit.readings, exact, moment]),
            **kw,
        )
    return due(
        f"{head}; it was last {seen} at {day(trail.seen)}, within the limit, and no removal "
        "is recorded, so a follow-up observation is due.",
        reading=_reading([*limit.readings, exact, moment, _EVIDENCE_READING]),
        **kw,
    )


# --------------------------------------------------------------------------- SW-ACCUMULATION-HAZARD


def _hazard_consistent(
    notice: FireHazardNotice, accumulation: Accumulation, trail: Trail, ctx: Context
) -> bool:
    """Whether the notice fits the accumulation it names; data problems otherwise."""
    named = name_of(ctx, notice)
    problems = []
    if accumulation.premises != notice.premises:
        problems.append(
            f"{capital(named)} is for {name_of(ctx, notice.premises)}, but names "
            f"{name_of(ctx, accumulation)}."
        )
    if accumulation.since.date() > notice.date:
        problems.append(
            f"{capital(named)} names {name_of(ctx, accumulation)}, which began only after "
            "the notice."
        )
    if trail.removed is not None and trail.removed.date() < notice.date:
        problems.append(
            f"The records show {name_of(ctx, accumulation)} removed at {day(trail.removed)}, "
            f"before {named} found it a fire hazard."
        )
    elif trail.gone is not None and trail.gone.date() < notice.date:
        problems.append(
            f"A follow-up observation found {name_of(ctx, accumulation)} gone at "
            f"{day(trail.gone)}, before {named} found it a fire hazard."
        )
    for text in problems:
        _problem(ctx, [notice, accumulation], text)
    return not problems


def _hazard_reading(days: int) -> str:
    if days == 0:
        return '"immediately" is read as by the end of the day of the notice'
    if days == 1:
        return '"immediately" is read as by the end of the day after the notice'
    return f'"immediately" is read as within {plural(days, "day")} of the day of the notice'


@rule("SW-ACCUMULATION-HAZARD", on="fire_hazard_notice", cite="'65 Code § 6-4.104(A)")
def accumulation_hazard(notice: FireHazardNotice, ctx: Context) -> Outcome | None:
    """('65 Code, § 6-4.104)(A): "It shall be unlawful for any person to accumulate any
    solid waste on his or her property in the city, which accumulation shall, in the
    opinion of the Fire Chief, constitute a fire hazard or be dangerous to the public
    peace, safety or health of the people of the city. In the event the accumulation
    constitutes a fire hazard in the opinion of the Fire Chief, he shall notify the
    owner, occupant, operator or other person responsible for the accumulation and
    that person shall immediately arrange for collection and disposal in an
    authorized manner."

    The notice is complied with by the act it demanded: an arrangement recorded, or
    the accumulation it names removed or found gone, by the deadline (reading
    ``sw.hazard_arrange_days``). It is missed only on a record after the deadline: a
    late arrangement or removal (late), or the accumulation seen still there with no
    arrangement recorded (a violation: the hazardous accumulation the first sentence
    makes unlawful, kept past the time to end it); with nothing recorded, a follow-up
    is due."""
    accumulation: Accumulation | None = ctx.get(notice.accumulation)  # type: ignore[assignment]
    trail = None
    if accumulation is not None:
        trail = accumulation_trail(accumulation, ctx)
        if trail is None or not _hazard_consistent(notice, accumulation, trail, ctx):
            return None
    arranged = ctx.referring("hazard_collection_arranged", "notice", notice.id)
    early = [a for a in arranged if a.date < notice.date]  # type: ignore[attr-defined]
    for arrangement in early:
        _problem(
            ctx,
            [arrangement, notice],
            f"The records show collection arranged on {day(arrangement.date)}, before "  # type: ignore[attr-defined]
            f"{name_of(ctx, notice)} that asked for it.",
        )
    if early:
        return None
    what = (
        name_of(ctx, accumulation)
        if accumulation is not None
        else f"the accumulation of solid waste at {name_of(ctx, notice.premises)}"
    )
    if notice.danger == "public_danger":
        return violation(
            f"On {day(notice.date)} the Fire Chief found {what} dangerous to the public peace, "
            "safety or health, which is unlawful."
        )
    days = ctx.param("sw.hazard_arrange_days", on=notice.date)
    due_on = add_days(notice.date, days)
    head = (
        f"On {day(notice.date)} the Fire Chief gave notice that {what} is a fire hazard, so "
        f"collection and disposal had to be arranged immediately, by {day(due_on)}"
    )
    reading = _hazard_reading(days)
    acts: list[tuple[date, str]] = [
        (a.date, f"collection was arranged on {day(a.date)}")  # type: ignore[attr-defined]
        for a in arranged
    ]
    if trail is not None and trail.removed is not None:
        acts.append((trail.removed.date(), f"it was removed at {day(trail.removed)}"))
    done = min(acts) if acts else None
    gone_on = trail.gone.date() if trail is not None and trail.gone is not None else None
    kw = {"due": due_on, "reading": _reading([reading])}
    if done is not None and done[0] <= due_on:
        return met(f"{head}; {done[1]}.", **kw)
    if gone_on is not None and gone_on <= due_on:
        return met(
            f"{head}; a follow-up observation at {day(trail.gone)} found it gone.",  # type: ignore[union-attr]
            **kw,
        )
    if done is not None:
        return late(f"{head}; {done[1]}, after that.", **kw)
    if gone_on is not None:
        return met(
            f"{head}; a follow-up observation at {day(trail.gone)} found it gone, and no "  # type: ignore[union-attr]
            "record shows it still there after the deadline.",
            due=due_on,
            reading=_reading([reading, _EVIDENCE_READING]),
        )
    if trail is not None and trail.seen.date() > due_on:
        return violation(
            f"{head}; it was seen still there at {day(trail.seen)}, after that, and no "
            "arrangement is recorded.",
            due=due_on,
            reading=_reading(
                [
                    reading,
                    "the fire hazard seen still there after the deadline, with no arrangement "
                    "recorded, is the unlawful accumulation the notice gave the chance to end",
                ]
            ),
        )
    if ctx.as_of <= due_on:
        return due(f"{head}; no arrangement is recorded yet.", **kw)
    return due(
        f"{head}; no arrangement is recorded, and nothing after {day(due_on)} shows whether "
        "it is still there, so a follow-up is due.",
        due=due_on,
        reading=_reading(
            [
                reading,
                "only a record after the deadline (a late arrangement or removal, or the "
                "accumulation still there) shows the notice not complied with",
            ]
        ),
    )


# --------------------------------------------------------------------------- SW-DISPOSAL-MEANS

#: a disposal stream in a sentence: "black-container collection service"
_STREAM_WORDS = {"black": "black-container", "total": "solid waste"}


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


def _use_words(use: str | None) -> str:
    """ "in residential use", "in mixed use"."""
    return "in mixed use" if use == "mixed_use" else f"in {words(use)} use"


def _per_week(count: float) -> str:
    if count == 1:
        return "weekly"
    if count == 0.5:
        return "every other week"
    return f"{number(count)} times a week"


@rule("SW-DISPOSAL-MEANS", on="premises")
def disposal_means(premises: Premises, ctx: Context) -> Outcome | None:
    """('65 Code, § 6-4.105)(B)(1): "It shall be the responsibility of every person to
    dispose of all solid waste … The disposal shall be by one of the following means:
    (a) Through regular, at least weekly, collection service by the city's authorized
    contractor; or (b) By personal transportation of the solid waste to a licensed
    public or private landfill or disposal site."

    Met by a current at-least-weekly contractor service or a self-hauler on record.
    Without either it is ``due``: the premises is to show its means of disposal. Its
    own transport to a licensed site needs no record with the city, so the absence of
    one is no evidence of a violation (and no ground for a referral); only a record of
    the waste kept (an accumulation past its limit, a pile, dumping) shows the duty
    broken, under those rules."""
    if premises.use not in ctx.param("sw.disposal_uses"):
        return None
    streams = ctx.param("sw.disposal_streams")
    minimum = ctx.param("sw.min_collections_per_week")
    where = name_of(ctx, premises)
    current = [
        s
        for s in _services(premises, ctx)
        if s.stream in streams and _current(s.start, s.end, ctx.as_of)
    ]
    for service in current:
        per_week, read = _frequency(service, ctx)
        if per_week >= minimum:
            return met(
                f"{capital(where)} has {_STREAM_WORDS.get(service.stream, words(service.stream))} "
                f"collection service by the contractor since {day(service.start)}, collected "
                f"{'weekly under the franchise' if read else _per_week(per_week)}: an "
                "at-least-weekly means of disposal.",
                cite="'65 Code § 6-4.105(B)(1)(a)",
                reading=_reading(
                    [
                        "a collection service that does not state its frequency is the "
                        "franchise's regular weekly service"
                        if read
                        else None
                    ]
                ),
            )
    for holder in _holders(premises, ctx):
        for hauler in ctx.referring("self_hauler", "subject", holder):
            if _current(hauler.start, hauler.end, ctx.as_of):  # type: ignore[attr-defined]
                return met(
                    f"{capital(name_of(ctx, holder))} hauls its own solid waste to a disposal "
                    f"site (a self-hauler since {day(hauler.start)}): a permitted means of "  # type: ignore[attr-defined]
                    "disposal.",
                    cite="'65 Code § 6-4.105(B)(1)(b)",
                )
    if current:
        service = current[0]
        why = (
            f"{_STREAM_WORDS.get(service.stream, words(service.stream))} collection only "
            f"{_per_week(_frequency(service, ctx)[0])} (at least "
            f"{_per_week(minimum)} is required)"
        )
    else:
        why = "no collection service by the contractor"
    return due(
        f"On {day(ctx.as_of)} {where}, {_use_words(premises.use)}, has {why} and no self-haul "
        "to a disposal site on record, so it is to show how it disposes of its solid waste: "
        "by at-least-weekly collection by the contractor or by taking it to a licensed "
        "landfill or disposal site.",
        cite="'65 Code § 6-4.105(B)(1)",
        reading=_DISPOSAL_NOT_SHOWN,
    )


_DISPOSAL_NOT_SHOWN = (
    "Taking one's own solid waste to a licensed disposal site needs no record with the city, "
    "so a premises without at-least-weekly contractor collection or a self-haul on record is "
    "asked to show its means of disposal; only a record of the waste kept (an accumulation "
    "past its limit, a pile, dumping) shows the duty broken."
)


# --------------------------------------------------------------------------- SW-PILE-LIMITS

#: pile locations forbidden by name in (B); any other place outside a rear or side yard fails (C)
_PUBLIC_OR_VACANT = ("street", "alley", "parkway", "public_place", "vacant_lot")


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
    problems: list[tuple[str, str]] = []
    if pile.total_cubic_yards > most:
        problems.append(
            (f"{plural(pile.total_cubic_yards, 'cubic yard')} in all, more than {number(most)}", "")
        )
    if pile.separation_ft is not None and pile.separation_ft < gap:
        problems.append(
            (
                f"only {number(pile.separation_ft)} ft from another pile, a building or "
                f"combustible material, less than {number(gap)} ft",
                "(A)",
            )
        )
    if pile.location not in ctx.param("sw.pile_allowed_locations", on=on):
        part = "(B)" if pile.location in _PUBLIC_OR_VACANT else "(C)"
        problems.append((f"{_yard(pile.location)}, not a rear or side yard", part))
    if pile.shielded_from_wind is False:
        problems.append(("not shielded from wind", "(C)"))
    if pile.shielded_from_view is False:
        problems.append(("not shielded from the view of neighbors and public rights of way", "(C)"))
    head = (
        f"Solid waste piled outside containers at {name_of(ctx, pile.premises)}, seen on "
        f"{day(pile.date)} {_yard(pile.location)},"
    )
    if problems:
        return violation(
            _sentence(f"{head} breaks the storage limits: {'; '.join(t for t, _ in problems)}"),
            cite=_cite("Ch. 50 storage", (part for _, part in problems)),
        )
    spacing = (
        f", {number(pile.separation_ft)} ft from anything else (at least {number(gap)} ft)"
        if pile.separation_ft is not None
        else ""
    )
    return met(
        f"{head} is within the storage limits: {plural(pile.total_cubic_yards, 'cubic yard')} "
        f"in all (at most {number(most)}){spacing}."
    )


# --------------------------------------------------------------------------- SW-COMPOST-RULES

_CONTENT_WORDS = {"garbage": "garbage", "non_organic": "non-organic material"}


def _compost_problems(compost: CompostObservation, ctx: Context) -> list[tuple[str, str]]:
    """What the observation shows against each rule, with the rule's subdivision. A
    field left out was not observed and is not judged."""
    on = compost.date
    problems: list[tuple[str, str]] = []
    # (A) location
    if compost.location == "unimproved_lot":
        if compost.adjoins_owner_improved_lot is False:
            problems.append(
                (
                    "it is on an unimproved lot that does not adjoin its owner's improved property",
                    "(A)",
                )
            )
    elif compost.location not in ctx.param("sw.compost_allowed_locations", on=on):
        problems.append(
            (
                f"it is {_yard(compost.location)}, and composting belongs only in rear or side "
                "yards of improved lots",
                "(A)",
            )
        )
    # (B) contents
    bad = [c for c in compost.contents or () if c in ctx.param("sw.compost_prohibited_contents")]
    if bad:
        held = listing(_CONTENT_WORDS.get(c, words(c)) for c in dict.fromkeys(bad))
        problems.append((f"it holds {held}", "(B)"))
    # (C) receptacle
    height = ctx.param("sw.compost_max_height_ft", on=on)
    near = ctx.param("sw.compost_receptacle_min_distance_ft", on=on)
    far = ctx.param("sw.compost_open_pile_min_distance_ft", on=on)
    kind = words(compost.receptacle)
    if compost.receptacle == "pit" and compost.below_ground_level is False:
        problems.append(
            ("the pit's contents are above the natural surrounding ground level", "(C)(1)")
        )
    if compost.receptacle == "container" and compost.container_material is not None:
        allowed = ctx.param("sw.compost_container_materials", on=on)
        if compost.container_material not in allowed:
            material = (
                "another material"
                if compost.container_material == "other"
                else compost.container_material
            )
            problems.append((f"the container is {material}, not metal or wood", "(C)(2)"))
    if compost.receptacle != "pit" and compost.height_ft is not None and compost.height_ft > height:
        problems.append(
            (
                f"the {kind} is {number(compost.height_ft)} ft high, more than {number(height)} ft",
                "(C)(2)",
            )
        )
    minimum = far if compost.receptacle == "open_pile" else near
    if compost.distance_ft is not None and compost.distance_ft < minimum:
        problems.append(
            (
                f"the {kind} is {number(compost.distance_ft)} ft from a property line or "
                f"structure, less than {number(minimum)} ft",
                "(C)(2)",
            )
        )
    # (D) covering and maintenance
    cover = ctx.param("sw.compost_min_cover_in", on=on)
    if compost.cover == "none":
        problems.append(("it is not covered", "(D)"))
    elif compost.cover == "unapproved_covering":
        problems.append(
            (
                "it is covered with something other than soil or a covering approved by the "
                "Health Officer",
                "(D)",
            )
        )
    elif compost.cover_in is not None and compost.cover_in < cover:
        problems.append(
            (
                f"its cover is {number(compost.cover_in)} in. deep, less than {number(cover)} in.",
                "(D)",
            )
        )
    if compost.moist is False and compost.decomposition_complete is False:
        problems.append(("it is not kept moist before decomposition is completed", "(D)"))
    # (E) branches
    diameter = ctx.param("sw.compost_max_branch_diameter_in", on=on)
    length = ctx.param("sw.compost_max_branch_length_ft", on=on)
    if compost.max_branch_diameter_in is not None and compost.max_branch_diameter_in > diameter:
        problems.append(
            (
                f"it holds branches {number(compost.max_branch_diameter_in)} in. thick, more "
                f"than {number(diameter)} in.",
                "(E)",
            )
        )
    if compost.max_branch_length_ft is not None and compost.max_branch_length_ft > length:
        problems.append(
            (
                f"it holds branches {number(compost.max_branch_length_ft)} ft long, more than "
                f"{number(length)} ft",
                "(E)",
            )
        )
    if compost.hardwood_or_second_season and ctx.param("sw.compost_hardwood_any_size", on=on):
        problems.append(("it holds hardwood branches or second season growth", "(E)"))
    return problems


def _compost_unobserved(compost: CompostObservation) -> list[str]:
    """What the observation left out that a rule would need."""
    out = []
    if compost.location == "unimproved_lot" and compost.adjoins_owner_improved_lot is None:
        out.append("whether the lot adjoins its owner's improved property was not recorded")
    if compost.moist is False and compost.decomposition_complete is None:
        out.append("whether decomposition is completed was not recorded")
    return out


def _compost_readings(compost: CompostObservation, ctx: Context) -> str | None:
    on = compost.date
    readings = []
    if compost.hardwood_or_second_season:
        readings.append(
            "hardwood branches and second season growth are excluded at any size; the size "
            'limits qualify only "other twigs, limbs or branches"'
            if ctx.param("sw.compost_hardwood_any_size", on=on)
            else "the size limits apply to hardwood branches and second season growth too"
        )
    near = ctx.param("sw.compost_receptacle_min_distance_ft", on=on)
    if compost.receptacle != "open_pile" and compost.distance_ft == near:
        readings.append(f'exactly {number(near)} ft away is not "within" {number(near)} feet')
    return _reading(readings)


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
    in excess of one-fourth inch in diameter or two feet in length …"

    A field the observation left out was not observed and is not judged: an
    unimproved lot whose adjoining is not recorded, dry compost whose decomposition
    is not recorded."""
    kind = words(compost.receptacle)
    head = (
        f"Compost seen at {name_of(ctx, compost.premises)} on {day(compost.date)}, in "
        f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} {_yard(compost.location)},"
    )
    problems = _compost_problems(compost, ctx)
    reading = _compost_readings(compost, ctx)
    if problems:
        return violation(
            _sentence(f"{head} breaks the composting rules: {'; '.join(t for t, _ in problems)}"),
            cite=_cite("Ch. 50 composting", (part for _, part in problems)),
            reading=reading,
        )
    unobserved = _compost_unobserved(compost)
    tail = f" ({'; '.join(unobserved)})" if unobserved else ""
    return met(f"{head} meets every composting rule that was observed{tail}.", reading=reading)


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
def set_out_window(set_out: SetOut, ctx: Context) -> list[datetime] | None:
    """Ch. 50 containers (A): "… not earlier than six p.m. of the day preceding
    collection and such containers shall be removed … not later than eight p.m. on
    the day of collection." Null when the set-out's records contradict each other."""
    if set_out_trail(set_out, ctx) is None:
        return None
    return list(_window(set_out, ctx))


def _window(set_out: SetOut, ctx: Context) -> tuple[datetime, datetime]:
    on = set_out.collection_day
    before = ctx.param("sw.set_out_days_before", on=on)
    start = datetime.combine(
        add_days(on, -before), time.fromisoformat(str(ctx.param("sw.set_out_earliest", on=on)))
    )
    end = datetime.combine(on, time.fromisoformat(str(ctx.param("sw.set_out_removal_by", on=on))))
    return start, end


@rule("SW-CONTAINER-SETOUT", on="set_out")
def container_set_out(set_out: SetOut, ctx: Context) -> Outcome | None:
    """Ch. 50 containers (A): "Except when placed for collection as otherwise provided
    herein, no container shall be placed in any area, street, parkway or other public
    place or upon any private lot or parcel of land other than in the rear or side yard
    of improved lots. Such containers so set out or placed by the householder or
    commercial customer not earlier than six p.m. of the day preceding collection and
    such containers shall be removed by the householder from the collection place not
    later than eight p.m. on the day of collection." Containers standing in the rear
    or side yard are stored, not set out (reading ``sw.storage_locations``).

    Containers out at the collection place outside the window are the state (A)
    forbids; it is a violation only on a record of it: set out before the window
    opened or after it closed, seen still out after it (a follow-up observation), or
    removed after it. Removed by then, or found gone, meets it. With nothing recorded
    after they were set out they may stand until the window closes (reading
    ``sw.as_of_moment``), then a follow-up observation is due."""
    if set_out_location(set_out.location) in ctx.param(
        "sw.storage_locations", on=set_out.collection_day
    ):
        return None
    trail = set_out_trail(set_out, ctx)
    if trail is None:
        return None
    start, end = _window(set_out, ctx)
    head = (
        f"Containers at {name_of(ctx, set_out.premises)} for collection on "
        f"{day(set_out.collection_day)} may stand out from {day(start)} to {day(end)}"
    )
    placed = day(set_out.placed_at)
    removed = trail.removed
    kw = {"due": end}
    wrong = []
    if set_out.placed_at < start:
        wrong.append(f"set out at {placed}, before the window opened")
    elif set_out.placed_at > end:
        wrong.append(f"set out at {placed}, after the window closed")
    else:
        wrong.append(f"set out at {placed}")
        if trail.seen > end:
            wrong.append(f"seen still out at {day(trail.seen)}, after the window closed")
    if removed is not None and removed > end:
        wrong.append(f"removed only at {day(removed)}")
    if len(wrong) > 1 or set_out.placed_at < start or set_out.placed_at > end:
        told = wrong[0] if len(wrong) == 1 else ", ".join(wrong[:-1]) + ", and " + wrong[-1]
        return violation(f"{head}; they were {told}.", **kw)
    if removed is not None:
        return met(f"{head}; they were set out at {placed} and removed at {day(removed)}.", **kw)
    if trail.gone is not None:
        if trail.gone <= end:
            return met(
                f"{head}; they were set out at {placed} and a follow-up observation at "
                f"{day(trail.gone)} found them gone.",
                **kw,
            )
        return met(
            f"{head}; they were set out at {placed} and a follow-up observation at "
            f"{day(trail.gone)} found them gone, and no record shows them out after "
            f"{day(end)}.",
            reading=_reading([_EVIDENCE_READING]),
            **kw,
        )
    last = (
        f"last seen still out at {day(trail.seen)}" if trail.seen_again else f"set out at {placed}"
    )
    moment = _moment_reading(end, ctx)
    if not _passed(end, ctx):
        return met(
            f"{head}; they were {last} and may stay out until then.",
            reading=_reading([moment]),
            **kw,
        )
    return due(
        f"{head}; they were {last} and no removal or later sighting is recorded, so a "
        "follow-up observation is due.",
        reading=_reading([moment, _EVIDENCE_READING]),
        **kw,
    )


# --------------------------------------------------------------------------- SW-CONTAINER-PLACEMENT


@dataclass(frozen=True)
class Placement:
    """Where a premises' containers go for collection, and why."""

    customer: str  # householder or commercial
    locations: tuple[str, ...]
    basis: str
    part: str  # the subdivision of Ch. 50 containers that applies
    reading: str | None = None


def _customer(premises: Premises, ctx: Context, on: date) -> str | None:
    if premises.use in ctx.param("sw.householder_uses", on=on):
        return "householder"
    if premises.use in ctx.param("sw.commercial_customer_uses", on=on):
        return "commercial"
    if premises.use is None and premises.dwelling_units:
        return "householder"
    return None


def _customer_reading(premises: Premises, customer: str) -> str | None:
    if premises.use is None:
        return "a premises with dwelling units and no recorded use is a householder's"
    if customer == "commercial" and premises.use in ("mixed_use", "hotel"):
        kind = "mixed-use" if premises.use == "mixed_use" else words(premises.use)
        return f"the occupants of {kind} premises set out containers as commercial customers"
    return None


def _access_on(premises: Premises, on: date, ctx: Context) -> CollectionAccess | None:
    """The latest access assessment made on or before ``on``: an assessment binds from
    its date, never a collection day before it."""
    for assessment in reversed(ctx.referring("collection_access", "premises", premises.id)):
        if assessment.date <= on:  # type: ignore[attr-defined]
            return assessment  # type: ignore[return-value]
    return None


def required_placement(set_out: SetOut, ctx: Context) -> Placement | None:
    """The locations SW-CONTAINER-PLACEMENT allows a set-out, or None when the facts
    cannot say (the premises is neither a householder's nor a commercial customer's).
    Where the fact that decides between two places is not on record (whether the lot
    is on a public alley, whether its rear is accessible), either place is allowed."""
    premises: Premises = ctx.get(set_out.premises)  # type: ignore[assignment]
    on = set_out.collection_day
    customer = _customer(premises, ctx, on)
    if customer is None:
        return None
    name = name_of(ctx, premises)
    reading = _customer_reading(premises, customer)
    if customer == "householder":
        alley = tuple(ctx.param("sw.alley_locations", on=on))
        curb = tuple(ctx.param("sw.curb_locations", on=on))
        if premises.alley:
            found, basis, part = alley, f"{capital(name)} is on a public alley", "(B)(1)"
        elif premises.alley is False:
            found, basis, part = curb, f"{capital(name)} is not on a public alley", "(B)(2)"
        else:
            found = alley + curb
            basis = f"No public alley is recorded for {name}"
            part = "(B)(1)-(2)"
        verb = "may go" if premises.alley is None else "go"
        return Placement(
            customer,
            found,
            f"{basis}, so its containers {verb} {_alternatives(found)}, all in one place",
            part,
            reading,
        )
    rear = tuple(ctx.param("sw.rear_side_locations", on=on))
    curb = tuple(ctx.param("sw.curb_locations", on=on))
    access = _access_on(premises, on, ctx)
    if access is None:
        return Placement(
            customer,
            rear + curb,
            f"{capital(name)} has no assessment on record of its access for the contractor's "
            f"equipment, so its containers may go {_alternatives(rear + curb)}, all in one place",
            "(C)(1)-(2)",
            reading,
        )
    if access.rear_or_side_accessible and access.damage_unlikely:
        return Placement(
            customer,
            rear,
            f"The rear or side of {name} is accessible and safe for the contractor's equipment "
            f"(assessed {day(access.date)}), so its containers go {_alternatives(rear)}, all in "
            "one place",
            "(C)(1)",
            reading,
        )
    why = "inaccessible to" if not access.rear_or_side_accessible else "unsafe for"
    return Placement(
        customer,
        curb,
        f"The rear and side of {name} are {why} the contractor's equipment (assessed "
        f"{day(access.date)}), so its containers go {_alternatives(curb)}, all in one place",
        "(C)(2)",
        reading,
    )


@derived("required_set_out_locations", on="set_out", requirement="SW-CONTAINER-PLACEMENT")
def required_set_out_locations(set_out: SetOut, ctx: Context) -> list[str] | None:
    """Ch. 50 containers (B)-(C): the places a set-out may stand, sorted; null when
    the premises' use does not say whether a householder or a commercial customer
    sets it out."""
    placement = required_placement(set_out, ctx)
    return None if placement is None else sorted(placement.locations)


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
    if location is None or placement is None or set_out_trail(set_out, ctx) is None:
        return None
    storage = ctx.param("sw.storage_locations", on=set_out.collection_day)
    if placement.customer == "householder" and location in storage:
        return None  # kept in the rear or side yard: not set out
    kw = {"cite": f"Ch. 50 containers {placement.part}", "reading": _reading([placement.reading])}
    on = day(set_out.collection_day)
    if location not in placement.locations:
        return violation(
            f"{placement.basis}; for collection on {on} they stood {place_words(location)}.", **kw
        )
    for other in ctx.referring("set_out", "premises", set_out.premises):
        if other is set_out or other.collection_day != set_out.collection_day:  # type: ignore[attr-defined]
            continue
        elsewhere = set_out_location(other.location)  # type: ignore[attr-defined]
        if elsewhere is None or elsewhere == location:
            continue
        if set_out_trail(other, ctx) is None:  # type: ignore[arg-type]
            continue  # its own records contradict each other
        if placement.customer == "householder" and elsewhere in storage:
            continue
        return violation(
            f"{placement.basis}; for collection on {on} some stood {place_words(location)} and "
            f"some {place_words(elsewhere)}.",
            **kw,
        )
    return met(
        f"{placement.basis}; for collection on {on} they stood {place_words(location)}.", **kw
    )


# ----------------------------------------------------------------------- SW-DUMPING, SW-NO-BURIAL

_DUMPED_WHERE = {
    "private_property": "on private property",
    "vacant_lot": "on a vacant lot",
    "street": "in the street",
    "alley": "in an alley",
    "parkway": "in a parkway",
    "park": "in a park",
    "public_place": "in a public place",
    "flood_channel": "in a flood water channel",
    "channel_tributary": "in a channel or structure tributary to a flood water channel",
    "flood_channel_easement": "on a flood water channel easement or right-of-way",
    "stormwater_path": "where storm water could carry it to a flood water channel",
}
_DUMPED_WHAT = {
    "garbage": "garbage",
    "rubbish": "rubbish",
    "miscellaneous_debris": "miscellaneous debris",
    "combined_rubbish": "combined rubbish",
    "chemical_compound": "a chemical compound",
    "other": "solid waste",
}


@rule("SW-DUMPING", on="dumping")
def dumping(found: Dumping, ctx: Context) -> Outcome:
    """Ch. 50 dumping: "Except as otherwise provided in this chapter, it is unlawful for
    any person to dump, discard, abandon or otherwise deposit any garbage, combustible
    or noncombustible rubbish, miscellaneous debris, combined rubbish or chemical
    compound in or upon any public or private property within the city, including any
    vacant lot or in, on or upon any public street, alley, parkway, park or other
    public place or in or upon any flood water channel …" """
    what = _DUMPED_WHAT[found.material] if found.material else "solid waste"
    where = _DUMPED_WHERE[found.place]
    if found.premises is not None:
        where += f" at {name_of(ctx, found.premises)}"
    if found.responsible:
        return violation(
            f"{found.responsible} was found to have dumped {what} {where} on {day(found.date)}, "
            "which is unlawful."
        )
    return violation(
        f"{capital(what)} was found dumped {where} on {day(found.date)}, which is unlawful."
    )


@rule("SW-NO-BURIAL", on="burial", cite="'65 Code § 6-4.107")
def no_burial(found: Burial, ctx: Context) -> Outcome:
    """('65 Code, § 6-4.107): "It is unlawful for any person to place in any hole or
    excavation, or to bury, any solid waste." """
    return violation(
        f"Solid waste was found buried, or placed in a hole or excavation, at "
        f"{name_of(ctx, found.premises)} on {day(found.date)}, which is unlawful."
    )


# --------------------------------------------------------------------------- collection by others

_AUTHORIZED = ("contractor", "city")


@dataclass(frozen=True)
class Exception_:
    """Why a taking of recyclables was lawful, or why not."""

    words: str
    part: str  # (a) the collection ban, (b) recyclables set out for collection
    reading: str | None = None


_CHARITY_READING_YES = (
    "the charitable-entity exception is read to reach recyclables set out for collection"
)
_CHARITY_READING_NO = (
    "the charitable-entity exception covers collecting recyclables, not removing them from "
    "the contractor's containers or the curb once set out"
)


def _recyclables_exception(obs: CollectionObservation, ctx: Context) -> Exception_ | None:
    """Why taking recyclables was excepted, or None when it was unlawful."""
    if obs.from_collection_container:
        if obs.collector_role == "charity" and ctx.param("sw.charity_may_remove_from_containers"):
            return Exception_("a charitable entity took them", "(b)", _CHARITY_READING_YES)
        return None
    if obs.collector_role == "occupant":
        return Exception_("the premises' own owner or occupant took its own recyclables", "(a)")
    if obs.collector_role == "charity":
        return Exception_("a charitable entity is excepted from the collection ban", "(a)")
    if obs.recycling_arrangement:
        return Exception_(
            "they were segregated and taken by one with an arrangement to recycle all it collects",
            "(a)",
        )
    if obs.sale is not None:
        sale: RecyclablesSale = ctx.get(obs.sale)  # type: ignore[assignment]
        if sale is not None and not _sale_problems(sale):
            return Exception_(f"they were part of {name_of(ctx, sale)}, which qualifies", "(a)")
    return None


def _recyclables_refusal(obs: CollectionObservation, ctx: Context) -> Exception_:
    if obs.from_collection_container:
        return Exception_(
            "removed recyclables set out for collection, which became the contractor's "
            "property when they were placed",
            "(b)",
            _CHARITY_READING_NO if obs.collector_role == "charity" else None,
        )
    if obs.sale is not None:
        return Exception_(
            f"collected recyclables as part of {name_of(ctx, obs.sale)}, which does not qualify",
            "(a)",
        )
    return Exception_(
        "collected recyclables with no exception: not a charity, with no arrangement to "
        "recycle all it collects, and under no qualifying sale",
        "(a)",
    )


def _waste_exception(obs: CollectionObservation) -> str | None:
    """Why taking solid waste or greenwaste was excepted, or None."""
    if obs.collector_role == "occupant":
        return "the premises' own owner or occupant took its own waste to dispose of it"
    if obs.jobsite_debris_own_trucks:
        return "it was jobsite debris hauled in the hauler's own trucks"
    return None


def collection_review(
    obs: CollectionObservation, ctx: Context
) -> tuple[list[str], list[str], list[str | None]]:
    """What the collector did that only the contractor or the city may do, the
    exceptions that covered the rest, and the readings relied on."""
    acts: list[str] = []
    excepted: list[str] = []
    readings: list[str | None] = []
    if obs.tampered:
        acts.append("tampered with refuse bins or equipment")
    for material in ("solid_waste", "greenwaste"):
        if material in (obs.materials or ()):
            reason = _waste_exception(obs)
            if reason is None:
                acts.append(f"collected {words(material)}")
            else:
                excepted.append(f"for {words(material)}, {reason}")
    if "recyclables" in (obs.materials or ()):
        exception = _recyclables_exception(obs, ctx)
        if exception is None:
            refusal = _recyclables_refusal(obs, ctx)
            acts.append(refusal.words)
            readings.append(refusal.reading)
        else:
            excepted.append(f"for recyclables, {exception.words}")
            readings.append(exception.reading)
    return acts, excepted, readings


def _place_key(ctx: Context, location: str) -> str:
    """A location as the count of offenses tells it apart: a premises id by its address."""
    fact = ctx.get(location)
    if fact is not None and fact.type == "premises":
        return fact.address or fact.id  # type: ignore[attr-defined]
    return location


def _places(obs: CollectionObservation, ctx: Context) -> list[str]:
    return list(dict.fromkeys(_place_key(ctx, loc) for loc in obs.locations))


def _place_names(obs: CollectionObservation, ctx: Context) -> str:
    names = []
    for location in dict.fromkeys(obs.locations):
        fact = ctx.get(location)
        names.append(
            name_of(ctx, fact) if fact is not None and fact.type == "premises" else location
        )
    return listing(dict.fromkeys(names))


@rule("SW-UNAUTHORIZED-COLLECTION", on="collection_observation")
def unauthorized_collection(obs: CollectionObservation, ctx: Context) -> Outcome:
    """§ 50.014: "Except as otherwise provided in this chapter, it is unlawful for any
    person other than the contractor, as defined in this chapter, or the city to
    gather, collect or remove any solid waste, greenwaste or recyclable materials from
    any commercial, business, industrial or residential premises within the city or to
    tamper with, injure, destroy or remove any bin, container, or any other equipment
    used for refuse storage." """
    where = plural(len(_places(obs, ctx)), "location")
    when = day(obs.date)
    if obs.collector_role == "contractor":
        return met(f"On {when} {obs.collector}, the city's contractor, collected at {where}.")
    if obs.collector_role == "city":
        return met(f"On {when} {obs.collector}, for the city, collected at {where}.")
    acts, excepted, readings = collection_review(obs, ctx)
    if acts:
        return violation(
            f"On {when}, at {where}, {obs.collector}, who is neither the city's contractor nor "
            f"the city, {listing(acts)}.",
            reading=_reading(readings),
        )
    return met(
        f"On {when} {obs.collector} collected at {where} under the chapter's exceptions: "
        f"{'; '.join(excepted)}.",
        reading=_reading(readings),
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
        refusal = _recyclables_refusal(obs, ctx)
        return violation(
            f"On {day(obs.date)} {obs.collector} {refusal.words}.",
            cite=f"'65 Code § 6-4.411{refusal.part}",
            reading=_reading([refusal.reading]),
        )
    return met(
        f"On {day(obs.date)} {obs.collector} took recyclables lawfully: {exception.words}.",
        cite=f"'65 Code § 6-4.411{exception.part}",
        reading=_reading([exception.reading]),
    )


@derived("scavenging_offenses", on="collection_observation", requirement="GEN-PENALTY-SCAVENGING")
def scavenging_offenses(obs: CollectionObservation, ctx: Context) -> int:
    """§ 50.999(B): the separate offenses of an unauthorized collection or removal of
    recyclables, one per location; 0 when there is none."""
    if obs.collector_role in _AUTHORIZED or "recyclables" not in (obs.materials or ()):
        return 0
    if _recyclables_exception(obs, ctx) is not None:
        return 0
    return len(_places(obs, ctx))


@rule("GEN-PENALTY-SCAVENGING", on="collection_observation")
def penalty_scavenging(obs: CollectionObservation, ctx: Context) -> Outcome | None:
    """§ 50.999(B): "Any person violating any provision of § 50.014 by engaging in the
    unauthorized collection or removal of recyclable materials is guilty of an
    infraction … Any such unauthorized collections from one or more locations within
    the city shall constitute a separate and distinct offense." """
    offenses = ctx.derived("scavenging_offenses", obs)
    if not offenses:
        return None
    return violation(
        f"The unauthorized collection of recyclables by {obs.collector} on {day(obs.date)} is "
        f"an infraction, a separate offense at each location: {plural(offenses, 'offense')}, "
        f"at {_place_names(obs, ctx)}."
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
    at = f" at {name_of(ctx, service.premises)}" if service.premises is not None else ""
    when = day(service.date)
    if service.franchisee:
        return met(f"{service.provider}, the city's franchisee, provided {what}{at} on {when}.")
    if service.kind == "own_truck_jobsite_debris":
        return met(
            f"{service.provider} made {what}{at} on {when}, which anyone may do without the "
            "franchisee."
        )
    return violation(
        f"{service.provider}, not the city's franchisee, provided {what}{at} on {when}; only "
        "the franchisee may."
    )


# --------------------------------------------------------------------------- SW-RECYCLABLES-SALE


def _sale_problems(sale: RecyclablesSale) -> list[tuple[str, str]]:
    problems = []
    if not sale.segregated:
        problems.append(("the recyclables were mixed with solid waste", "(A)(1)"))
    if sale.seller_paid_buyer:
        problems.append(
            (
                "the seller paid the buyer for recycling, collecting, processing or "
                "transporting them",
                "(A)(2)",
            )
        )
    if sale.discount_for_service:
        problems.append(
            (
                "a discount or reduction in price for collection, disposal or recycling "
                "service is not a qualifying sale or donation",
                "(A)(2)",
            )
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
    seller = f" by {name_of(ctx, sale.seller)}" if sale.seller is not None else ""
    head = f"The {sale.kind} of recyclables{seller} to {sale.buyer} on {day(sale.date)}"
    problems = _sale_problems(sale)
    if problems:
        return violation(
            f"{head} does not qualify for the exception: "
            f"{'; '.join(text for text, _ in problems)}.",
            cite=_cite("Ch. 50 recyclables", (part for _, part in problems)),
        )
    return met(
        f"{head} qualifies for the exception: the recyclables were kept apart from solid "
        f"waste and nothing was paid to the {'buyer' if sale.kind == 'sale' else 'donee'}.",
        cite="Ch. 50 recyclables (A)",
    )


# ---------------------------------------------------------------------- SW-GREENWASTE-SEPARATION


@rule("SW-GREENWASTE-SEPARATION", on="greenwaste_check")
def greenwaste_separation(check: GreenwasteCheck, ctx: Context) -> Outcome | None:
    """Ch. 50 greenwaste: "Householders shall separate greenwaste and place it in the
    appropriate container for collection." Applies to householders only (reading
    ``sw.householder_uses``)."""
    premises: Premises = ctx.get(check.premises)  # type: ignore[assignment]
    customer = _customer(premises, ctx, check.date)
    if customer != "householder":
        return None
    where = name_of(ctx, premises)
    reading = _reading([_customer_reading(premises, customer)])
    if check.greenwaste_separated:
        return met(
            f"On {day(check.date)} the householder at {where} had greenwaste in its own container.",
            reading=reading,
        )
    return violation(
        f"On {day(check.date)} the householder at {where} had not separated greenwaste into "
        "its container.",
        reading=reading,
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
