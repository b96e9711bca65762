"""The SB 1383 subchapter's fact types (Ch. 50, Ord. 680): collection services,
self-hauler registrations and deliveries, haulers, facilities and their designations,
capacity requests, containers, checklists, self-inspections, move-ins, and
construction projects and building applications.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import Date, Fact, Period, Thing, fact_type, ref, required_ref

# --------------------------------------------------------------------------- fact types

Stream = Literal["recyclables", "organics", "black", "total"]


@fact_type
class CollectionService(Fact):
    """A collection service subscription for a premises or establishment."""

    type: Literal["collection_service"]
    premises: str | None = ref("premises")
    establishment: str | None = ref("establishment")
    stream: Stream
    gallons_per_week: float | None = Field(default=None, ge=0)
    cubic_yards_per_week: float | None = Field(default=None, ge=0)
    collections_per_week: float | None = Field(
        default=None,
        ge=0,
        description="How often the contractor collects (1 = weekly, 0.5 = every other week); "
        "absent, the pack's reading applies (SW-DISPOSAL-MEANS).",
    )
    start: Date
    end: Date | None = None
    dated_by: ClassVar[str | None] = "start"

    def check(self) -> None:
        if (self.premises is None) == (self.establishment is None):
            raise ValueError("give exactly one of 'premises' or 'establishment'")


@fact_type
class SelfHauler(Fact):
    """A self-hauler registration: the subject hauls its own organic waste."""

    type: Literal["self_hauler"]
    subject: str = required_ref("establishment", "premises")
    start: Date
    end: Date | None = None
    residential: bool | None = None
    dated_by: ClassVar[str | None] = "start"


# --------------------------------------------------------------------------- vocabulary

FacilityKind = Literal[
    "compost",
    "in_vessel_digestion",
    "publicly_owned_treatment_works",
    "community_composting",
    "transfer_processor",
    "materials_recovery",
    "high_diversion_organics",
    "landfill",
    "other",
]


@fact_type
class Facility(Thing):
    """A solid waste facility, operation, activity or property that receives organic
    waste or recyclables: a compost facility, an in-vessel digester, a publicly-owned
    treatment works, a community composting operation, a transfer/processor, a
    materials recovery facility, a landfill."""

    type: Literal["facility"]
    name: str | None = None
    address: str | None = None
    kind: FacilityKind | None = None
    recovers_recyclables: bool | None = Field(
        default=None, description="Recovers source separated recyclable materials."
    )
    recovers_organics: bool | None = Field(
        default=None,
        description="Processes or recovers source separated organic waste (14 CCR, Div. 7, "
        "Ch. 12, Art. 2).",
    )
    high_diversion: bool | None = Field(
        default=None,
        description="A high diversion organic waste processing facility (14 CCR § 18984.3).",
    )
    scales: bool | None = Field(
        default=None,
        description="Has on-site scales able to weigh a self-hauler's vehicle; false means "
        "the self-hauler need not record the weight (Ch. 50 self-haulers (C)(3)).",
    )
    rdrs_number: str | None = Field(
        default=None,
        description="The facility's number in CalRecycle's Recycling and Disposal Reporting "
        "System (RDRS), as the city's annual report to the state names it (14 CCR § 18994.2).",
    )
    takes_compostable_plastics: bool | None = Field(
        default=None,
        description="Takes compostable plastics (Ch. 50's definition: ASTM D6400) in the "
        "source separated organic waste it receives, so that they may go in the green "
        "container.",
    )
    takes_plastic_bags: bool | None = Field(
        default=None,
        description="Takes organic waste collected in plastic bags, and removes the bags.",
    )


CapacityKind = Literal["food_recovery", "organic_waste"]


@fact_type
class CapacityRequest(Thing):
    """The city's written request for capacity-planning information: to a food
    recovery organization or service about edible food recovery capacity (FRO/FRS
    (E)), or to a facility, operation or community composting operator about organic
    waste recovery capacity (Facilities (A)-(B)). Answered within 60 days, unless the
    request sets a shorter date."""

    type: Literal["capacity_request"]
    subject: str = required_ref(
        "establishment", "facility", description="The entity asked for the information."
    )
    kind: CapacityKind = Field(
        description="food_recovery (an FRO or FRS, ORG-FRO-CAPACITY) or organic_waste (a "
        "recovery facility or community composting operator, ORG-FACILITY-CAPACITY)."
    )
    date: Date = Field(description="The day the request was sent.")
    due_on: Date | None = Field(
        default=None,
        description="A shorter response date the city set in the request; a later date "
        "does not extend the 60 days.",
    )
    dated_by: ClassVar[str | None] = "date"


@fact_type
class CapacityResponse(Fact):
    """The entity's answer to a capacity request."""

    type: Literal["capacity_response"]
    request: str = required_ref("capacity_request")
    date: Date = Field(description="The day the city received the answer.")
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Hauler(Thing):
    """A solid waste hauler; the city's exclusive franchised hauler names its
    facilities each year and hauls to facilities that recover organic waste."""

    type: Literal["hauler"]
    name: str | None = None
    franchised: bool = Field(description="The city's exclusive franchised hauler.")
    franchise_start: Date | None = Field(
        default=None, description="First day of the franchise; absent, before 2022."
    )
    franchise_end: Date | None = Field(default=None, description="Last day of the franchise.")


DeliveryStream = Literal["recyclables", "organics", "mixed", "black"]


@fact_type
class FacilityDesignation(Fact):
    """One facility a franchised hauler names, in its annual written notice, as where
    it will take a stream (Haulers (A)(1))."""

    type: Literal["facility_designation"]
    hauler: str = required_ref("hauler")
    facility: str = required_ref("facility")
    period: Period = Field(description='The year the designation is for, e.g. "2025".')
    stream: DeliveryStream = Field(
        description="recyclables, organics (source separated green container), mixed "
        "(not source separated) or black (black container waste)."
    )
    date: Date = Field(description="The day of the written notice.")
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Delivery(Fact):
    """A load hauled to a facility, by the franchised hauler or by a self-hauler, with
    what the hauler keeps of it (receipt or weight ticket, amount)."""

    type: Literal["delivery"]
    hauled_by: str = required_ref(
        "hauler",
        "establishment",
        "premises",
        description="The franchised hauler, or the business or premises that self-hauls.",
    )
    facility: str = required_ref("facility")
    date: Date
    stream: DeliveryStream = Field(
        description="recyclables, organics (source separated green container organic "
        "waste), mixed (organic waste not source separated) or black."
    )
    tons: float | None = Field(default=None, ge=0)
    cubic_yards: float | None = Field(default=None, ge=0)
    receipt: bool | None = Field(
        default=None, description="A delivery receipt or weight ticket from the facility is kept."
    )
    contaminated: bool | None = Field(
        default=None, description="The load held prohibited container contaminants."
    )
    dated_by: ClassVar[str | None] = "date"


ContainerStream = Literal["recyclables", "organics", "black"]
ContainerLocation = Literal["customer", "employee", "tenant", "restroom", "service"]


@fact_type
class Container(Thing):
    """A collection container a commercial business supplies for employees,
    contractors, tenants or customers, with its color and labels."""

    type: Literal["container"]
    holder: str = required_ref("premises", "establishment")
    stream: ContainerStream
    location: ContainerLocation | None = Field(
        default=None, description="Where it stands: customer, employee, tenant, restroom, service."
    )
    acquired_on: Date | None = Field(
        default=None,
        description="Purchase date; absent, not on record (the reading "
        "org.undated_container_is_old decides what that allows).",
    )
    color_conforms: bool | None = Field(
        default=None, description="Body or lid in the collection service's color for the stream."
    )
    labeled: bool | None = Field(
        default=None,
        description="Labels or imprinted text or graphics showing the primary materials "
        "accepted and prohibited.",
    )
    functional: bool | None = Field(
        default=None, description="Still serviceable; false means at the end of its useful life."
    )
    useful_life_ends_on: Date | None = Field(
        default=None, description="When the container's useful life ends, where known."
    )
    replaced_on: Date | None = Field(
        default=None, description="Replaced by a conforming container or taken out of service."
    )


@fact_type
class OrganicsChecklist(Fact):
    """An inspector's checklist of a commercial business's container and employee
    duties (commercial (A)(3)-(5)); an item left out was not checked."""

    type: Literal["organics_checklist"]
    subject: str = required_ref("premises", "establishment")
    date: Date
    containers_adequate: bool | None = Field(
        default=None,
        description="Adequate number, size, type and location of containers for employees, "
        "contractors, tenants and customers ((A)(3)).",
    )
    customer_organics_containers: bool | None = Field(
        default=None,
        description="Organics containers beside every customer disposal container, restrooms "
        "excepted ((A)(4)).",
    )
    generates_organics: bool | None = Field(
        default=None,
        description="False: the business generates no green container organic waste, so needs "
        "no customer organics container.",
    )
    containers_colored_or_labeled: bool | None = Field(
        default=None, description="Customer containers have conforming colors or labels ((A)(4))."
    )
    employee_sorting_measures: bool | None = Field(
        default=None,
        description="Education, training or inspection keeps employees from mis-sorting ((A)(5)).",
    )
    dated_by: ClassVar[str | None] = "date"


@fact_type
class SelfInspection(Fact):
    """A commercial business's own quarterly inspection of its green and black
    containers (commercial (A)(6))."""

    type: Literal["self_inspection"]
    subject: str = required_ref("premises", "establishment")
    date: Date
    contamination_found: bool | None = None
    employees_informed: bool | None = Field(
        default=None,
        description="Employees were told of the contamination and how to keep it out.",
    )
    dated_by: ClassVar[str | None] = "date"


Audience = Literal["employees", "contractors", "tenants", "customers"]


@fact_type
class MoveIn(Thing):
    """A new tenant's occupation of a commercial or multi-family premises."""

    type: Literal["move_in"]
    premises: str = required_ref("premises")
    date: Date = Field(description="The day the tenant occupied the premises.")
    tenant: str | None = Field(default=None, description="The tenant's name.")
    establishment: str | None = ref("establishment", description="The tenant business, if any.")
    dated_by: ClassVar[str | None] = "date"


@fact_type
class OrganicsEducation(Fact):
    """Information about organic waste recovery and sorting given by a commercial
    business: the annual information (commercial (A)(7)), or the education of a new
    tenant (commercial (A)(8)) when it names the move-in."""

    type: Literal["organics_education"]
    subject: str = required_ref("premises", "establishment")
    date: Date
    audiences: list[Audience] | None = Field(
        default=None, description="employees, contractors, tenants, customers."
    )
    move_in: str | None = ref("move_in", description="The new tenancy this education is for.")
    dated_by: ClassVar[str | None] = "date"


@fact_type
class CdProject(Thing):
    """A construction or demolition project in the city (C&D (A)-(C))."""

    type: Literal["cd_project"]
    premises: str | None = ref("premises")
    parcel: str | None = Field(default=None, description="Assessor's parcel number.")
    part_of: str | None = ref(
        "cd_project",
        description="The project this one is a phase of, or is related to on the same or an "
        "adjoining parcel, as the compliance official determined.",
    )
    city_project: bool | None = Field(default=None, description="Undertaken by the city.")
    demolition_only: bool | None = None
    planned_start_on: Date | None = None
    work_began_on: Date | None = None
    wmp_submitted_on: Date | None = Field(
        default=None, description="Waste Management Plan submitted to the compliance official."
    )


@fact_type
class BuildingApplication(Thing):
    """An application for a building permit for new construction, an addition or an
    alteration (CALGreen (A)-(B))."""

    type: Literal["building_application"]
    premises: str | None = ref("premises")
    date: Date = Field(description="The day the application was made.")
    construction: Literal["new", "addition", "alteration"]
    occupancy: Literal["multi_family", "commercial", "single_family", "mixed_use"]
    new_dwelling_units: int | None = Field(
        default=None, ge=0, description="Multi-family dwelling units built on the building site."
    )
    existing_floor_area_sqft: float | None = Field(default=None, ge=0)
    added_floor_area_sqft: float | None = Field(default=None, ge=0)
    storage_areas: bool | None = Field(
        default=None,
        description="The plans identify readily accessible areas for storing and collecting "
        "blue and green container materials.",
    )
    dated_by: ClassVar[str | None] = "date"
