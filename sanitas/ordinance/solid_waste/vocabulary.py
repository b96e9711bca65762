"""Chapter 50's solid waste fact types: accumulations of solid waste and containers
set out for collection, and the records the sections below read.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import Date, DateTime, Fact, Thing, fact_type, ref, required_ref

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
