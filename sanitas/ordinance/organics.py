"""Chapter 50, mandatory organic waste disposal (SB 1383, Ord. 680): premises classes,
service levels, participation, commercial duties, waivers, self-haulers, haulers,
facilities, construction and demolition, CALGreen and inspections.

Everything here is bounded by the subchapter's effective date (``org.in_force``,
ORG-EFFECTIVE): nothing is due and nothing is a violation before it. Numbers, dates
and readings come from the rule pack (``org.*``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.calendar import (
    add_days,
    add_months,
    period_label_quarter,
    quarter_end,
    quarter_of,
    quarterly_report_due,
    quarters_between,
)
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    deadline,
    derived,
    due,
    met,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import (
    CollectionService,
    Date,
    Establishment,
    Fact,
    Inspection,
    Period,
    Premises,
    SelfHauler,
    Thing,
    Waiver,
    fact_type,
    ref,
    required_ref,
)

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
        default=None, description="Purchase date; absent, taken as bought before 2022."
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


# --------------------------------------------------------------------------- helpers


def _in_force(ctx: Context, day: date | None = None) -> bool:
    """ORG-EFFECTIVE: the subchapter applies from ``org.in_force``."""
    return (ctx.as_of if day is None else day) >= ctx.param("org.in_force")


def _is(fact: Fact | None, *types: str) -> bool:
    """Whether a fact is of one of ``types`` (facts may be models or their fast mirrors,
    so the type name decides, never the class)."""
    return fact is not None and fact.type in types


def _num(value: float, digits: int = 1) -> str:
    """A quantity for an explanation: 64, 12.5, 403.9 (or more ``digits``)."""
    return f"{round(value, digits):g}"


def _current(start: date, end: date | None, day: date) -> bool:
    """A dated arrangement in effect on ``day`` (``end`` is its last day)."""
    return start <= day and (end is None or end >= day)


def premises_class_of(premises: Premises, ctx: Context) -> tuple[str | None, str]:
    """The SB 1383 class of a premises and the words that decided it."""
    if premises.non_local_entity is not None:
        kind = premises.non_local_entity.replace("_", " ")
        return "non_local", f"a non-local entity ({kind}) outside the city's enforcement"
    use = premises.use
    if use == "hotel":
        return "commercial", "a hotel or motel, a commercial business"
    if use == "mixed_use":
        chosen = ctx.param("org.mixed_use_class")
        return chosen, (
            "a mixed-use development, never multi-family "
            f"(reading: it is {chosen.replace('_', '-')}, its residential portion included)"
        )
    if use in ("commercial", "industrial"):
        return "commercial", f"{use} use"
    units = premises.dwelling_units
    if use is None and units is None:
        if ctx.referring("establishment", "premises", premises.id):
            return "commercial", "a business operates there"
        return None, "neither its use nor its dwelling units are recorded"
    if premises.planned_development:
        return "single_family", "dwelling units of a planned development"
    units = 1 if units is None else units
    if units >= ctx.param("org.multi_family_min_units"):
        return "multi_family", f"{units} dwelling units"
    if premises.shared_bins and units >= ctx.param("org.shared_bins_min_units"):
        return "multi_family", f"{units} dwelling units the City Manager put on shared bins"
    return "single_family", f"{units} dwelling unit{'s' if units != 1 else ''}"


def _class(premises: Premises, ctx: Context) -> str | None:
    return ctx.derived("premises_class", premises)


def _establishment_class(establishment: Establishment, ctx: Context) -> str:
    """Commercial, multi_family or non_local: how the subchapter sees a business."""
    if establishment.category in ctx.param("org.non_commercial_categories"):
        return "non_local"
    premises = ctx.get(establishment.premises)
    cls = _class(premises, ctx) if premises is not None else None
    if cls == "non_local":
        return "non_local"
    if establishment.multi_family or cls == "multi_family":
        return "multi_family"
    return "commercial"


def subject_class(subject: Fact | None, ctx: Context) -> str | None:
    """The class of a premises or an establishment (None for anything else)."""
    if _is(subject, "premises"):
        return _class(subject, ctx)
    if _is(subject, "establishment"):
        return _establishment_class(subject, ctx)
    return None


def _commercial(subject: Fact | None, ctx: Context, *, multi_family: bool = True) -> bool:
    """A commercial business (multi-family premises counting as one unless excluded)."""
    cls = subject_class(subject, ctx)
    return cls == "commercial" or (multi_family and cls == "multi_family")


def _establishments(premises: Premises, ctx: Context) -> list[Establishment]:
    return ctx.referring("establishment", "premises", premises.id)


def _holders(subject: Fact, ctx: Context) -> list[str]:
    """Whose collection services count for a subject: a premises's own and those of the
    businesses at it; an establishment's own."""
    if _is(subject, "premises"):
        return [subject.id, *(e.id for e in _establishments(subject, ctx))]
    return [subject.id]


def _services(subject: Fact, ctx: Context) -> list[CollectionService]:
    out: list[CollectionService] = []
    for holder in _holders(subject, ctx):
        for field_name in ("premises", "establishment"):
            out.extend(
                s
                for s in ctx.referring("collection_service", field_name, holder)
                if _current(s.start, s.end, ctx.as_of)
            )
    return out


def _gallons(service: CollectionService, ctx: Context) -> float:
    if service.gallons_per_week is not None:
        return service.gallons_per_week
    if service.cubic_yards_per_week is not None:
        return service.cubic_yards_per_week * ctx.param("org.gallons_per_cubic_yard")
    return 0.0


def _cubic_yards(service: CollectionService, ctx: Context) -> float:
    if service.cubic_yards_per_week is not None:
        return service.cubic_yards_per_week
    return _gallons(service, ctx) / ctx.param("org.gallons_per_cubic_yard")


def weekly_gallons(subject: Fact, ctx: Context) -> dict[str, float]:
    """Gallons per week of the subject's current services, by stream."""
    totals = {"recyclables": 0.0, "organics": 0.0, "black": 0.0, "total": 0.0}
    for service in _services(subject, ctx):
        totals[service.stream] += _gallons(service, ctx)
    return totals


def _waiver_in_effect(waiver: Waiver, ctx: Context) -> bool:
    """The core ``waiver_valid`` (granted, not expired, not revoked, not voided)."""
    return bool(ctx.derived("waiver_valid", waiver))


def _service_waiver(holder: str, ctx: Context) -> Waiver | None:
    """A valid de minimis or physical space waiver naming ``holder``."""
    for waiver in ctx.referring("waiver", "subject", holder):
        if waiver.kind in ("de_minimis", "physical_space") and _waiver_in_effect(waiver, ctx):
            return waiver
    return None


def _self_hauler(holder: str, ctx: Context) -> SelfHauler | None:
    """A current self-hauler registration naming ``holder``."""
    for registration in ctx.referring("self_hauler", "subject", holder):
        if _current(registration.start, registration.end, ctx.as_of):
            return registration
    return None


def _premises_wide(subject: Fact, ctx: Context, test: Callable[[str], object]) -> bool:
    """True when ``test`` holds for the subject, or for every business at a premises."""
    if test(subject.id):
        return True
    if _is(subject, "premises"):
        businesses = _establishments(subject, ctx)
        return bool(businesses) and all(test(e.id) for e in businesses)
    return False


def _describe(subject: Fact, ctx: Context) -> str:
    if _is(subject, "premises"):
        _, why = premises_class_of(subject, ctx)
        cls = _class(subject, ctx) or "unclassified"
        return f"Premises {subject.id} ({cls.replace('_', '-')}: {why})"
    return f"Business {subject.id}"


# --------------------------------------------------------------------------- ORG-EFFECTIVE

records(
    "ORG-EFFECTIVE",
    "The subchapter's effective date is the rule pack parameter org.in_force (2022-01-01), "
    "which bounds every ORG rule; the records system keeps the ordinance's adoption history.",
)

# --------------------------------------------------------------------------- ORG-CLASSIFY-PREMISES


@derived("premises_class", on="premises", requirement="ORG-CLASSIFY-PREMISES")
def premises_class(premises: Premises, ctx: Context) -> str | None:
    """Definitions: SINGLE-FAMILY is "any residential premises with fewer than five
    units … each residential dwelling unit which is part of a 'planned development' …
    or any second unit/granny flat"; MULTI-FAMILY is "residential premises with five or
    more dwelling units; or any building … containing two or more residential dwelling
    units which the City Manager determines must receive … shared bin(s)", and "do not
    include hotels, motels … which are considered commercial businesses" nor "MIXED USE
    DEVELOPMENTS … or any residential portion of a MIXED USE DEVELOPMENT"; NON-LOCAL
    ENTITY: special districts, federal facilities, prisons, state parks, public
    universities, county fairgrounds, state agencies. A mixed-use development's class
    is the reading ``org.mixed_use_class``; multi-family premises count as commercial
    businesses for the commercial duties."""
    return premises_class_of(premises, ctx)[0]


# --------------------------------------------------------------------------- ORG-SF-ENROLL


@rule("ORG-SF-ENROLL", on="premises")
def single_family_service_level(premises: Premises, ctx: Context):
    """Single-family (A)(1): "automatically enrolled in the city's two container organic
    waste collection services with a minimum source separated recyclable materials
    service level of 35 gallons per week and with a minimum source separated green
    container organic waste service level of 35 gallons per week"."""
    if not _in_force(ctx) or _class(premises, ctx) != "single_family":
        return None
    waiver = _premises_wide(premises, ctx, lambda h: _service_waiver(h, ctx))
    if waiver:
        return None
    gallons = weekly_gallons(premises, ctx)
    minimum = {
        "recyclables": ctx.param("org.sf_min_recyclables_gallons"),
        "organics": ctx.param("org.sf_min_organics_gallons"),
    }
    short = [f"{_num(minimum[s] - gallons[s])} gal {s}" for s in minimum if gallons[s] < minimum[s]]
    have = (
        f"{_describe(premises, ctx)} has {_num(gallons['recyclables'])} gal/week recyclables "
        f"and {_num(gallons['organics'])} gal/week organics service"
    )
    floor = f"{_num(minimum['recyclables'])} and {_num(minimum['organics'])} gal/week"
    if short:
        return violation(
            f"{have}; the minimums are {floor}, so it is short {' and '.join(short)} a week."
        )
    return met(f"{have}, meeting the minimums of {floor}.")


# --------------------------------------------------------------------------- ORG-SF-PARTICIPATE


def _organics_inspection(inspection: Inspection, ctx: Context) -> bool:
    """An inspection the organics rules read: for the organics program (or for no named
    program), made once the subchapter is in force."""
    return inspection.program in (None, "organics") and _in_force(ctx, inspection.date)


@rule("ORG-SF-PARTICIPATE", on="inspection")
def single_family_participation(inspection: Inspection, ctx: Context):
    """Single-family (A)(2): "Generators shall not place materials designated for the
    black container into the green container"; contamination found at a single-family
    premises is a violation."""
    premises = ctx.get(inspection.subject)
    if not _is(premises, "premises") or not _organics_inspection(inspection, ctx):
        return None
    if _class(premises, ctx) != "single_family" or inspection.contamination is None:
        return None
    who = "the hauler's" if inspection.by_hauler else "the"
    if inspection.contamination:
        return violation(
            f"At {who} inspection of {inspection.date}, single-family premises {premises.id} "
            "had prohibited container contaminants in its containers."
        )
    return met(
        f"At {who} inspection of {inspection.date}, single-family premises {premises.id}'s "
        "containers held no prohibited container contaminants."
    )


# --------------------------------------------------------------------------- ORG-COM-ENROLL


def _com_enroll(subject: Fact, ctx: Context) -> Outcome | None:
    if _premises_wide(subject, ctx, lambda h: _self_hauler(h, ctx)):
        return None
    if _premises_wide(subject, ctx, lambda h: _service_waiver(h, ctx)):
        return None
    gallons = weekly_gallons(subject, ctx)["organics"]
    minimum = ctx.param("org.com_min_organics_gallons")
    head = f"{_describe(subject, ctx)} has {_num(gallons)} gal/week of organics service"
    if _is(subject, "premises") and _establishments(subject, ctx):
        names = ", ".join(e.id for e in _establishments(subject, ctx))
        head += f" (reading: its own and that of the businesses at it, {names})"
    if gallons < minimum:
        return violation(
            f"{head}, short of the {_num(minimum)}-gallon minimum for commercial businesses "
            "(multi-family premises included) that do not self-haul."
        )
    return met(f"{head}, at least the {_num(minimum)}-gallon minimum.")


@rule("ORG-COM-ENROLL", on="premises")
def commercial_service_level(premises: Premises, ctx: Context):
    """Commercial (A)(1): "Except commercial businesses that meet the self-hauler
    requirements …, be automatically enrolled in the city's two-container organic waste
    collection services and with a source separated green container organic waste
    service level of 64 gallons". Reading: the subject is the premises (commercial or
    multi-family), counting its own services and those of the businesses at it; it is
    exempt when it, or every business at it, self-hauls or holds a valid waiver."""
    if not _in_force(ctx) or _class(premises, ctx) not in ("commercial", "multi_family"):
        return None
    return _com_enroll(premises, ctx)


@rule("ORG-COM-ENROLL", on="establishment")
def commercial_service_level_of_business(establishment: Establishment, ctx: Context):
    """Commercial (A)(1), for a business recorded without a premises: the business
    holding the service is the subject, with its own services."""
    if not _in_force(ctx) or establishment.premises is not None:
        return None
    if _establishment_class(establishment, ctx) == "non_local":
        return None
    if not ctx.referring("collection_service", "establishment", establishment.id):
        return None
    return _com_enroll(establishment, ctx)


# --------------------------------------------------------------------------- ORG-COM-CONTAINERS


@derived("container_replace_by", on="container", requirement="ORG-COM-CONTAINERS")
def container_replace_by(container: Container, ctx: Context) -> date | None:
    """Commercial (A)(4)(a): "A commercial business is not required to replace functional
    containers, including containers purchased prior to January 1, 2022, that do not
    comply … prior to the end of the useful life of those containers, or prior to
    January 1, 2036, whichever comes first." None for a conforming container or for a
    new one (which has no such allowance)."""
    if _conforms(container) or _new_container(container, ctx):
        return None
    last = ctx.param("org.container_replacement_deadline")
    if container.useful_life_ends_on is not None:
        return min(last, container.useful_life_ends_on)
    return last


def _conforms(container: Container) -> bool:
    return bool(container.color_conforms or container.labeled)


def _new_container(container: Container, ctx: Context) -> bool:
    """Bought on or after ``org.container_labels_from``; an undated container is old or
    new by the reading ``org.undated_container_is_old``."""
    if container.acquired_on is None:
        return not ctx.param("org.undated_container_is_old")
    return container.acquired_on >= ctx.param("org.container_labels_from")


def _bought(container: Container, ctx: Context) -> str:
    if container.acquired_on is not None:
        return f"bought on {container.acquired_on}"
    side = "before" if ctx.param("org.undated_container_is_old") else "on or after"
    return (
        f"with no purchase date (reading: taken as bought {side} "
        f"{ctx.param('org.container_labels_from')})"
    )


@rule("ORG-COM-CONTAINERS", on="container")
def container_colors_and_labels(container: Container, ctx: Context):
    """Commercial (A)(3)-(4): containers "with sufficient labels or colors"; (a) a body or
    lid that conforms with the container colors, functional non-conforming containers
    allowed until the end of their useful life or January 1, 2036; (b) "the container
    labels are required on new containers commencing January 1, 2022"."""
    holder = ctx.get(container.holder)
    if not _in_force(ctx) or not _commercial(holder, ctx) or container.location == "restroom":
        return None
    if container.acquired_on is not None and container.acquired_on > ctx.as_of:
        return None  # not bought yet
    name = f"{container.stream.replace('_', ' ')} container {container.id}"
    if _new_container(container, ctx):
        labels_from = ctx.param("org.container_labels_from")
        if container.labeled is False:
            return violation(
                f"The {name}, {_bought(container, ctx)}, has no labels, which new containers "
                f"need from {labels_from}."
            )
        if container.labeled:
            return met(f"The {name}, {_bought(container, ctx)}, carries labels.")
        return None
    if _conforms(container):
        how = "its color conforms" if container.color_conforms else "it carries labels"
        return met(f"The {name} conforms: {how}.")
    if container.color_conforms is None and container.labeled is None:
        return None
    if container.functional is False:
        return violation(
            f"The {name} has neither a conforming color nor labels and is no longer "
            "functional, so the allowance for functional containers has ended."
        )
    replace_by = ctx.derived("container_replace_by", container)
    life = container.useful_life_ends_on
    why = (
        f"the end of its useful life on {replace_by}"
        if life is not None and life <= replace_by
        else f"{replace_by} (or the end of its useful life, if sooner)"
    )
    when = _bought(container, ctx)
    return deadline(
        due_on=replace_by,
        done_on=container.replaced_on,
        as_of=ctx.as_of,
        explanation=f"The {name}, {when}, has neither a conforming color nor labels and must "
        f"be replaced by {why}"
        + (f"; it was replaced on {container.replaced_on}." if container.replaced_on else "."),
    )


_CONTAINER_ITEMS = (
    ("containers_adequate", "containers are not adequate in number, size, type or location"),
    (
        "containers_colored_or_labeled",
        "customer containers lack conforming colors or labels",
    ),
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
    if not _in_force(ctx, checklist.date) or not _commercial(subject, ctx):
        return None
    failed = [text for item, text in _CONTAINER_ITEMS if getattr(checklist, item) is False]
    checked = [item for item, _ in _CONTAINER_ITEMS if getattr(checklist, item) is not None]
    multi_family = subject_class(subject, ctx) == "multi_family"
    if (
        not multi_family
        and checklist.generates_organics is not False
        and checklist.customer_organics_containers is not None
    ):
        checked.append("customer_organics_containers")
        if checklist.customer_organics_containers is False:
            failed.append("customer areas lack organics containers")
    if failed:
        return violation(
            f"The checklist of {checklist.subject} on {checklist.date} found: {'; '.join(failed)}."
        )
    if checked:
        return met(
            f"The checklist of {checklist.subject} on {checklist.date} found the containers "
            "adequate in each item checked."
        )
    return None


# --------------------------------------------------------------------------- ORG-COM-EMPLOYEES


@rule("ORG-COM-EMPLOYEES", on="organics_checklist")
def employee_sorting(checklist: OrganicsChecklist, ctx: Context):
    """Commercial (A)(5): "Excluding multi-family residential dwellings, prohibit
    employees from placing materials in a container not designated for those materials
    … through education, training, inspection, and/or other measures"."""
    subject = ctx.get(checklist.subject)
    if not _in_force(ctx, checklist.date) or not _commercial(subject, ctx, multi_family=False):
        return None
    if checklist.employee_sorting_measures is None:
        return None
    if checklist.employee_sorting_measures:
        return met(
            f"The checklist of {checklist.subject} on {checklist.date} found education, "
            "training or inspection keeping employees from mis-sorting."
        )
    return violation(
        f"The checklist of {checklist.subject} on {checklist.date} found no education, "
        "training or inspection keeping employees from placing materials in the wrong container."
    )


# --------------------------------------------------------------------------- business subjects


def _business_subjects_of_premises(premises: Premises, ctx: Context) -> bool:
    """A commercial or multi-family premises with no business recorded at it is its own
    business subject (the property owner); otherwise its businesses are."""
    return not _establishments(premises, ctx)


def _obligation_start(subject: Fact, ctx: Context) -> date:
    start = ctx.param("org.in_force")
    opened = getattr(subject, "opened_on", None)
    return max(start, opened) if opened is not None else start


def _obligation_end(subject: Fact, ctx: Context) -> date:
    closed = getattr(subject, "closed_on", None)
    return min(ctx.as_of, closed) if closed is not None else ctx.as_of


# --------------------------------------------------------------------------- ORG-COM-SELF-INSPECT


def _uninformed(log: SelfInspection) -> bool:
    return bool(log.contamination_found) and log.employees_informed is False


def _self_inspect(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    if start > end:
        return
    must_inform = ctx.param("org.self_inspection_must_inform")
    by_quarter: dict[tuple[int, int], list[SelfInspection]] = {}
    for log in ctx.referring("self_inspection", "subject", subject.id):
        by_quarter.setdefault(quarter_of(log.date), []).append(log)
    for year, quarter in quarters_between(start, end):
        period = period_label_quarter(year, quarter)
        last_day = quarter_end(year, quarter)
        held = by_quarter.get((year, quarter), [])
        counted = [log for log in held if not (must_inform and _uninformed(log))]
        if counted:
            yield met(
                f"Green and black containers self-inspected on {counted[0].date}, in {period}.",
                due=last_day,
                period=period,
            )
            continue
        uninformed = (
            f" (reading: the one of {held[0].date} found contamination without informing "
            "employees, so it does not count)"
            if held
            else ""
        )
        verb = "is due" if ctx.as_of <= last_day else "was due"
        yield deadline(
            due_on=last_day,
            done_on=None,
            as_of=ctx.as_of,
            period=period,
            explanation=f"No self-inspection of the green and black containers counts for "
            f"{period}{uninformed}; one {verb} by {last_day}.",
        )


@rule("ORG-COM-SELF-INSPECT", on="establishment")
def self_inspection_of_business(establishment: Establishment, ctx: Context):
    """Commercial (A)(6): "Excluding multi-family residential dwellings, quarterly
    inspect green and black containers for contamination and inform employees if
    containers are contaminated". Reading: one self-inspection in each calendar quarter,
    due by the quarter's last day; with ``org.self_inspection_must_inform``, a log that
    found contamination without informing employees does not count."""
    if not _in_force(ctx) or _establishment_class(establishment, ctx) != "commercial":
        return None
    return _self_inspect(establishment, ctx)


@rule("ORG-COM-SELF-INSPECT", on="premises")
def self_inspection_of_premises(premises: Premises, ctx: Context):
    """Commercial (A)(6), for a commercial premises with no business recorded at it."""
    if not _in_force(ctx) or _class(premises, ctx) != "commercial":
        return None
    if not _business_subjects_of_premises(premises, ctx):
        return None
    return _self_inspect(premises, ctx)


# --------------------------------------------------------------------------- ORG-COM-EDUCATION


def _education(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    given = [
        e for e in ctx.referring("organics_education", "subject", subject.id) if e.move_in is None
    ]
    for year in range(start.year, end.year + 1):
        last_day = date(year, 12, 31)
        in_year = [e for e in given if e.date.year == year]
        if in_year:
            yield met(
                f"Organic waste information given on {in_year[0].date}, within {year}.",
                due=last_day,
                period=str(year),
            )
            continue
        verb = "is due" if ctx.as_of <= last_day else "was due"
        yield deadline(
            due_on=last_day,
            done_on=None,
            as_of=ctx.as_of,
            period=str(year),
            explanation=f"No annual organic waste information to employees, contractors, "
            f"tenants and customers in {year}; it {verb} by {last_day}.",
        )


@rule("ORG-COM-EDUCATION", on="establishment")
def annual_education_by_business(establishment: Establishment, ctx: Context):
    """Commercial (A)(7): "Annually provide information to employees, contractors,
    tenants, and customers about organic waste recovery requirements and about proper
    sorting". Reading: once in each calendar year, due by December 31."""
    if not _in_force(ctx) or _establishment_class(establishment, ctx) == "non_local":
        return None
    return _education(establishment, ctx)


@rule("ORG-COM-EDUCATION", on="premises")
def annual_education_by_premises(premises: Premises, ctx: Context):
    """Commercial (A)(7), for a commercial or multi-family premises with no business
    recorded at it (the property owner informs its tenants)."""
    if not _in_force(ctx) or _class(premises, ctx) not in ("commercial", "multi_family"):
        return None
    if not _business_subjects_of_premises(premises, ctx):
        return None
    return _education(premises, ctx)


# --------------------------------------------------------------------------- ORG-COM-NEW-TENANT


@rule("ORG-COM-NEW-TENANT", on="move_in")
def new_tenant_education(move_in: MoveIn, ctx: Context):
    """Commercial (A)(8): "Provide education information before or within 14 days of
    occupation of the premises to new tenants"."""
    premises = ctx.get(move_in.premises)
    if not _in_force(ctx, move_in.date) or not _commercial(premises, ctx):
        return None
    days = ctx.param("org.new_tenant_education_days")
    due_on = add_days(move_in.date, days)
    given = ctx.referring("organics_education", "move_in", move_in.id)
    done_on = min((e.date for e in given), default=None)
    tenant = move_in.tenant or move_in.establishment or "A new tenant"
    tail = f"educated on {done_on}" if done_on is not None else "not yet educated"
    return deadline(
        due_on=due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=f"{tenant} occupied {move_in.premises} on {move_in.date}, so education "
        f"was due before or within {days} days, by {due_on}; {tail}.",
    )


# --------------------------------------------------------------------------- access, inspections

_REFUSALS = (
    ("access_refused", "access to the premises"),
    ("remote_monitoring_refused", "installation and operation of remote monitoring equipment"),
    ("records_refused", "access to records"),
)


def _refusal(inspection: Inspection, ctx: Context, fields: tuple[str, ...]) -> Outcome | None:
    refused = [text for name, text in _REFUSALS if name in fields and getattr(inspection, name)]
    answered = [name for name in fields if getattr(inspection, name) is not None]
    where = f"the inspection of {inspection.subject} on {inspection.date}"
    if refused:
        return violation(
            f"At {where} the entity failed to provide or arrange for {' and '.join(refused)}."
        )
    if answered or inspection.program == "organics":
        return met(f"At {where} access was provided.")
    return None


def _inspectable(inspection: Inspection, ctx: Context) -> Fact | None:
    """The subject of an organics inspection the refusal rules read, or None. Reading:
    an inspection flagged ``residential_interior`` sought what the city may not enter,
    so a refusal there produces no finding."""
    if not _organics_inspection(inspection, ctx) or inspection.residential_interior:
        return None
    subject = ctx.get(inspection.subject)
    if _is(subject, "premises", "establishment", "hauler", "facility"):
        return subject
    return None


@rule("ORG-COM-ACCESS", on="inspection")
def commercial_access(inspection: Inspection, ctx: Context):
    """Commercial (A)(9)-(10): "Provide or arrange access for the city or its designee to
    their properties during all inspections" and "Accommodate and cooperate with city's
    remote monitoring program"."""
    subject = _inspectable(inspection, ctx)
    if subject is None or not _commercial(subject, ctx):
        return None
    return _refusal(inspection, ctx, ("access_refused", "remote_monitoring_refused"))


@rule("ORG-INSPECTIONS", on="inspection")
def inspection_refusal(inspection: Inspection, ctx: Context):
    """Inspections (B): "Failure to provide or arrange for: (i) access to an entity's
    premises; (ii) installation and operation of remote monitoring equipment; or (iii)
    access to records for any inspection or investigation is a violation of this
    ordinance"; (A): "This section does not allow city to enter the interior of a
    private residential property for inspection"."""
    subject = _inspectable(inspection, ctx)
    if subject is None or subject_class(subject, ctx) == "non_local":
        return None
    return _refusal(inspection, ctx, tuple(name for name, _ in _REFUSALS))


records(
    "ORG-COM-REMOTE-MONITOR",
    "A business's own remote monitoring is optional: the records system keeps its written "
    "notice, the city's approval and the devices' observations.",
)
records(
    "ORG-COMPLAINTS",
    "The records system takes in written complaints, anonymous ones included, and keeps "
    "their triage; a complaint decides nothing until an inspection finds facts.",
)
records(
    "ORG-ENFORCEMENT-MONITORING",
    "The records system keeps each monitoring activity (random checks, compliance and "
    "route reviews, complaint investigations, inspections) and the official notifications.",
)


# --------------------------------------------------------------------------- waivers


@derived("waiver_reverify_due", on="waiver", requirement="ORG-WAIVER-DE-MINIMIS")
def waiver_reverify_due(waiver: Waiver, ctx: Context) -> date | None:
    """Waivers (A)(2)(d), (B)(1)(c): "Provide written verification … every five years":
    ``granted_on`` + 5 years, or the last verification + 5 years once verified."""
    if waiver.kind not in ("de_minimis", "physical_space"):
        return None
    years = ctx.param("org.waiver_reverify_years")
    verified = waiver.reverified_on
    if verified is not None and verified > waiver.granted_on:
        return add_months(verified, 12 * years)
    return add_months(waiver.granted_on, 12 * years)


def _reverification(waiver: Waiver, ctx: Context) -> Iterator[Outcome]:
    if not _in_force(ctx) or not _waiver_in_effect(waiver, ctx):
        return
    years = ctx.param("org.waiver_reverify_years")
    kind = waiver.kind.replace("_", " ")
    first_due = add_months(waiver.granted_on, 12 * years)
    verified = waiver.reverified_on
    if verified is not None and verified <= waiver.granted_on:
        verified = None
    yield deadline(
        due_on=first_due,
        done_on=verified,
        as_of=ctx.as_of,
        explanation=f"The {kind} waiver granted {waiver.granted_on} needs written "
        f"re-verification every {years} years, due {first_due}"
        + (f"; verified {verified}." if verified else "; none received."),
    )
    if verified is not None:
        next_due = add_months(verified, 12 * years)
        yield deadline(
            due_on=next_due,
            done_on=None,
            as_of=ctx.as_of,
            explanation=f"The {kind} waiver was last verified {verified}; the next written "
            f"re-verification is due {next_due}, {years} years later.",
        )


@rule("ORG-WAIVER-DE-MINIMIS", on="waiver")
def de_minimis_reverification(waiver: Waiver, ctx: Context):
    """Waivers (A)(2)(d): "Provide written verification of eligibility for de minimis
    waiver every five years, if the city has approved de minimis waiver"."""
    if waiver.kind != "de_minimis":
        return None
    return _reverification(waiver, ctx)


@rule("ORG-WAIVER-SPACE", on="waiver")
def physical_space_reverification(waiver: Waiver, ctx: Context):
    """Waivers (B)(1)(c): "Provide written verification to the city that it is still
    eligible for physical space waiver every five years"."""
    if waiver.kind != "physical_space":
        return None
    return _reverification(waiver, ctx)


def de_minimis_test(total_cubic_yards: float, organics_gallons: float, ctx: Context) -> str | None:
    """Which de minimis test the service data pass ("small" or "large"), or None.

    (A)(2)(a)-(b) repeat one test: total service under 2 cubic yards a week and organic
    waste under 10 gallons a week. The state rule (14 CCR § 18984.11(a)(2)(A)) also
    lets a business of 2 cubic yards or more qualify with organics under 20 gallons;
    the pack reading ``org.de_minimis_large_generator_test`` enables that."""
    if total_cubic_yards < ctx.param("org.de_minimis_total_cubic_yards"):
        if organics_gallons < ctx.param("org.de_minimis_organics_gallons"):
            return "small"
        return None
    if ctx.param("org.de_minimis_large_generator_test") and organics_gallons < ctx.param(
        "org.de_minimis_large_organics_gallons"
    ):
        return "large"
    return None


@rule("ORG-WAIVER-DE-MINIMIS", on="waiver")
def de_minimis_thresholds(waiver: Waiver, ctx: Context):
    """Waivers (A)(2)(a)-(c): "total solid waste collection service is less than two cubic
    yards per week and organic waste subject to collection comprises less than ten
    gallons per week …"; "Notify the city if circumstances change such that commercial
    business's organic waste exceeds threshold required for waiver, in which case waiver
    will be rescinded". Reading: the total is the subject's current ``total`` services,
    else the sum of every stream; exceeding the test flags the waiver for rescission
    (it stays valid until the city revokes it)."""
    if waiver.kind != "de_minimis" or not _in_force(ctx) or not _waiver_in_effect(waiver, ctx):
        return None
    subject = ctx.get(waiver.subject)
    services = _services(subject, ctx)
    totals = [s for s in services if s.stream == "total"]
    total = sum(_cubic_yards(s, ctx) for s in (totals or services))
    organics = sum(_gallons(s, ctx) for s in services if s.stream == "organics")
    passed = de_minimis_test(total, organics, ctx)
    have = (
        f"the current service of {waiver.subject} is {_num(total, 3)} cubic yards/week in all "
        f"and {_num(organics)} gal/week of organics"
    )
    yards = _num(ctx.param("org.de_minimis_total_cubic_yards"))
    gallons = _num(ctx.param("org.de_minimis_organics_gallons"))
    test = f"under {yards} cubic yards and under {gallons} gal"
    large = (
        f"{yards} cubic yards or more with under "
        f"{_num(ctx.param('org.de_minimis_large_organics_gallons'))} gal of organics"
    )
    if ctx.param("org.de_minimis_large_generator_test"):
        test += f", or (reading: 14 CCR § 18984.11(a)(2)(A)) {large}"
    elif total >= ctx.param("org.de_minimis_total_cubic_yards"):
        test += f"; reading: the state rule's {large} is not a test here"
    if passed is None:
        return violation(
            f"De minimis waiver {waiver.id}: {have}, beyond the test ({test}), so the waiver is "
            "to be rescinded."
        )
    return met(f"De minimis waiver {waiver.id}: {have}, within the test ({test}).")


# --------------------------------------------------------------------------- self-haulers


def _accepts(facility: Facility, stream: str) -> bool | None:
    """Whether a facility recovers a stream: True, False, or None when not recorded."""
    if stream == "recyclables":
        accepted = facility.recovers_recyclables
    elif stream == "organics":
        if facility.recovers_organics or facility.high_diversion:
            return True
        accepted = (
            False
            if facility.recovers_organics is False or facility.high_diversion is False
            else None
        )
    else:  # mixed: only a high diversion organic waste processing facility
        accepted = facility.high_diversion
    if accepted is None and facility.kind == "landfill":
        return False
    return accepted


_STREAM_WORDS = {
    "recyclables": "source separated recyclables",
    "organics": "source separated organic waste",
    "mixed": "organic waste that was not source separated",
}
_NEEDS = {
    "recyclables": "a facility that recovers recyclables",
    "organics": "a facility that processes or recovers organic waste",
    "mixed": "a high diversion organic waste processing facility",
}


def _recovers(
    stream: str, facility_id: str, ctx: Context, head: Callable[[str], str]
) -> Outcome | None:
    """Met when the facility recovers the stream, a violation when it does not; None for
    black container waste or a facility that does not record it. ``head`` words the load
    or the designation from the facility's name."""
    if stream == "black":
        return None
    facility = ctx.get(facility_id)
    accepted = _accepts(facility, stream)
    if accepted is None:
        return None
    said = head(facility.name or facility.id)
    if accepted:
        return met(f"{said}, {_NEEDS[stream]}.")
    return violation(f"{said}, which is not {_NEEDS[stream]}.")


def _destination(delivery: Delivery, ctx: Context, who: str) -> Outcome | None:
    return _recovers(
        delivery.stream,
        delivery.facility,
        ctx,
        lambda name: f"{who} took {_STREAM_WORDS[delivery.stream]} to {name} on {delivery.date}",
    )


@rule("ORG-SELFHAUL-SEPARATE", on="delivery")
def self_haul_destination(delivery: Delivery, ctx: Context):
    """Self-haulers (A)-(B): "source separate all recyclable materials and organic waste
    … or shall haul organic waste to a high diversion organic waste processing
    facility"; "haul their source separated recyclable materials to a facility that
    recovers those materials; and haul their source separated green container organic
    waste to a solid waste facility … that processes or recovers source separated
    organic waste"."""
    hauler = ctx.get(delivery.hauled_by)
    if _is(hauler, "hauler") or not _in_force(ctx, delivery.date):
        return None
    return _destination(delivery, ctx, f"Self-hauler {delivery.hauled_by}")


def _commercial_self_hauler(subject: Fact, ctx: Context) -> bool:
    """Reading: a self-hauler is commercial unless it is a single-family premises or its
    registration says residential (self-haulers (E))."""
    if any(r.residential for r in ctx.referring("self_hauler", "subject", subject.id)):
        return False
    return _commercial(subject, ctx)


@rule("ORG-SELFHAUL-RECORDS", on="delivery")
def self_haul_record(delivery: Delivery, ctx: Context):
    """Self-haulers (C): commercial self-haulers keep "(1) Delivery receipts and weight
    tickets from the entity accepting the waste. (2) The amount of material in cubic
    yards or tons"; "(3) If the material is transported to an entity that does not have
    scales on-site … the self-hauler is not required to record the weight of material
    but shall keep a record of the entities that received the organic waste"."""
    hauler = ctx.get(delivery.hauled_by)
    if _is(hauler, "hauler") or not _in_force(ctx, delivery.date):
        return None
    if not _commercial_self_hauler(hauler, ctx):
        return None
    facility = ctx.get(delivery.facility)
    where = f"The self-hauled load of {delivery.date} to {facility.name or facility.id}"
    if facility.scales is False:
        return met(f"{where} went to an entity without scales, so naming the entity suffices.")
    missing = []
    if not delivery.receipt:
        missing.append("a delivery receipt or weight ticket")
    if delivery.tons is None and delivery.cubic_yards is None:
        missing.append("the amount in cubic yards or tons")
    if missing:
        return violation(f"{where} has no record of {', nor of '.join(missing)}.")
    amount = (
        f"{_num(delivery.tons)} ton{'' if delivery.tons == 1 else 's'}"
        if delivery.tons is not None
        else f"{_num(delivery.cubic_yards)} cubic yards"
    )
    return met(f"{where} is recorded with a receipt and {amount}.")


def _report_deadline(
    reports: list[Fact], period: str, due_on: date, ctx: Context, what: str, why: str = ""
) -> Outcome:
    """The deadline of a report owed for ``period`` by ``due_on``, met or late by the
    first report for the period received: "{what} is due {due_on}{why}; not received." """
    received = min((r.date for r in reports if r.period == period), default=None)
    tail = f"received {received}." if received else "not received."
    verb = "is due" if received is None and ctx.as_of <= due_on else "was due"
    return deadline(
        due_on=due_on,
        done_on=received,
        as_of=ctx.as_of,
        period=period,
        explanation=f"{what} {verb} {due_on}{why}; {tail}",
    )


@rule("ORG-SELFHAUL-REPORT", on="self_hauler")
def self_haul_quarterly_report(registration: SelfHauler, ctx: Context):
    """Self-haulers (D)-(E): "Self-haulers that are commercial businesses (including
    multi-family self-haulers) shall provide information collected in this section to
    the city each quarter. The due date shall be 30 days after the end of each quarter";
    "A residential organic waste generator that self-hauls organic waste is not required
    to record or report". Reading: a quarter's report is owed for each quarter in which
    the business self-hauled on any day, once the quarter has ended."""
    registrations = ctx.referring("self_hauler", "subject", registration.subject)
    if registrations and registrations[0] is not registration:
        return None  # one subject, one series of quarters
    subject = ctx.get(registration.subject)
    if not _commercial_self_hauler(subject, ctx):
        return None
    days = ctx.param("org.self_haul_report_days")
    in_force = ctx.param("org.in_force")
    reports = [
        r for r in ctx.referring("report", "subject", subject.id) if r.kind == "self_haul_quarterly"
    ]
    quarters: set[tuple[int, int]] = set()
    for each in registrations:
        start = max(each.start, in_force)
        end = ctx.as_of if each.end is None else min(each.end, ctx.as_of)
        if start <= end:
            quarters.update(quarters_between(start, end))
    out = []
    for year, quarter in sorted(quarters):
        if quarter_end(year, quarter) >= ctx.as_of:
            continue
        period = period_label_quarter(year, quarter)
        due_on = quarterly_report_due(year, quarter, days_after=days)
        out.append(
            _report_deadline(
                reports,
                period,
                due_on,
                ctx,
                f"The self-haul report for {period}",
                f", {days} days after the quarter ended",
            )
        )
    return out


# --------------------------------------------------------------------------- haulers


@rule("ORG-HAULER-FACILITIES", on="hauler")
def hauler_facilities_notice(hauler: Hauler, ctx: Context):
    """Haulers (A)(1): "Through written notice to the city annually on or before January
    31, identify the facilities to which they will transport organic waste". Reading:
    the notice for a year is owed by a hauler franchised on that year's January 31."""
    if not hauler.franchised or not _in_force(ctx):
        return None
    month, day = (int(part) for part in ctx.param("org.hauler_facilities_due").split("-"))
    reports = [
        r for r in ctx.referring("report", "subject", hauler.id) if r.kind == "hauler_facilities"
    ]
    out = []
    for year in range(ctx.param("org.in_force").year, ctx.as_of.year + 1):
        due_on = date(year, month, day)
        if hauler.franchise_start is not None and hauler.franchise_start > due_on:
            continue
        if hauler.franchise_end is not None and hauler.franchise_end < due_on:
            continue
        out.append(
            _report_deadline(
                reports,
                str(year),
                due_on,
                ctx,
                f"The franchised hauler's written notice of the facilities it will use in {year}",
            )
        )
    return out


@rule("ORG-HAULER-TRANSPORT", on="facility_designation")
def hauler_designated_facility(designation: FacilityDesignation, ctx: Context):
    """Haulers (A)(2): "Transport source separated recyclable materials, source separated
    green container organic waste and any other eligible waste to a facility, operation,
    activity, or property that recovers organic waste"."""
    hauler = ctx.get(designation.hauler)
    if not hauler.franchised or not _in_force(ctx, designation.date):
        return None
    return _recovers(
        designation.stream,
        designation.facility,
        ctx,
        lambda name: (
            f"Hauler {hauler.id} named {name} for "
            f"{_STREAM_WORDS[designation.stream]} in {designation.period}"
        ),
    )


@rule("ORG-HAULER-TRANSPORT", on="delivery")
def hauler_delivery(delivery: Delivery, ctx: Context):
    """Haulers (A)(2): "… hauler shall not be required to transport any containers with
    prohibited container contaminants to a facility … that recovers organic waste"."""
    hauler = ctx.get(delivery.hauled_by)
    if not _is(hauler, "hauler") or not hauler.franchised:
        return None
    if not _in_force(ctx, delivery.date):
        return None
    if delivery.contaminated:
        return met(
            f"Hauler {hauler.id}'s load of {delivery.date} held prohibited container "
            "contaminants, so it need not go to a recovery facility."
        )
    return _destination(delivery, ctx, f"Hauler {hauler.id}")


# --------------------------------------------------------------------------- facilities


def capacity_due(request: CapacityRequest, ctx: Context) -> tuple[date, str]:
    """The answer's due date and why: the request + ``org.capacity_response_days``, or
    the request's own earlier ``due_on``."""
    days = ctx.param("org.capacity_response_days", on=request.date)
    standard = add_days(request.date, days)
    if request.due_on is not None and request.due_on < standard:
        return request.due_on, f"the shorter date the request set ({days} days would be {standard})"
    if request.due_on is not None and request.due_on > standard:
        return standard, (
            f"{days} days after the request (its later date {request.due_on} does not extend them)"
        )
    return standard, f"{days} days after the request"


@rule("ORG-FACILITY-CAPACITY", on="capacity_request")
def facility_capacity_answer(request: CapacityRequest, ctx: Context):
    """Facilities (A)-(B): owners of facilities that recover organic waste and community
    composting operators, "upon the city's request, provide information regarding
    available and potential new or expanded capacity … Entities contacted by the city
    shall respond within 60 days"."""
    if request.kind != "organic_waste" or not _in_force(ctx, request.date):
        return None
    due_on, why = capacity_due(request, ctx)
    answers = ctx.referring("capacity_response", "request", request.id)
    answered = min((a.date for a in answers), default=None)
    tail = f"answered {answered}." if answered else "no answer yet."
    verb = "is due" if answered is None and ctx.as_of <= due_on else "was due"
    return deadline(
        due_on=due_on,
        done_on=answered,
        as_of=ctx.as_of,
        explanation=f"The capacity request of {request.date} to {request.subject} {verb} "
        f"{due_on}, {why}; {tail}",
    )


# --------------------------------------------------------------------------- ORG-CD-COVERED


@derived("cd_project_covered", on="cd_project", requirement="ORG-CD-COVERED")
def cd_project_covered(project: CdProject, ctx: Context) -> bool:
    """C&D (A)-(C): "All projects within the city shall be considered covered projects";
    so are city projects and demolition-only projects: every project, once the
    subchapter is in force."""
    return _in_force(ctx)


@derived("cd_single_project", on="cd_project", requirement="ORG-CD-COVERED")
def cd_single_project(project: CdProject, ctx: Context) -> str:
    """C&D (A): "all phases of a project and all related projects taking place on a
    single or adjoining parcel, as determined by the compliance official, shall be
    deemed a single project": the id of the project this one is joined to."""
    seen = {project.id}
    current = project
    while current.part_of is not None and current.part_of not in seen:
        seen.add(current.part_of)
        current = ctx.get(current.part_of)
    return current.id


@rule("ORG-CD-COVERED", on="cd_project")
def city_project_waste_management_plan(project: CdProject, ctx: Context):
    """C&D (B): "The city or its designee shall submit a Waste Management Plan (WMP) to the
    compliance official prior to beginning any construction or demolition activities".
    Reading (``org.wmp_days_before_work``): a plan submitted by the day work begins is
    on time."""
    if not project.city_project or not _in_force(ctx):
        return None
    lead = ctx.param("org.wmp_days_before_work")
    began = project.work_began_on
    submitted = project.wmp_submitted_on
    if began is not None:
        due_on = add_days(began, -lead)
        tail = f"submitted {submitted}." if submitted else "none submitted."
        reading = " (reading: a plan in by the day work begins is on time)" if not lead else ""
        return deadline(
            due_on=due_on,
            done_on=submitted,
            as_of=ctx.as_of,
            explanation=f"City project {project.id} began work on {began}; its Waste "
            f"Management Plan was due by {due_on}{reading}; {tail}",
        )
    if submitted is not None:
        return met(
            f"City project {project.id} submitted its Waste Management Plan on {submitted}, "
            "before work began."
        )
    planned = project.planned_start_on
    return due(
        f"City project {project.id} has not begun; its Waste Management Plan is due before "
        "work begins" + (f", planned for {planned}." if planned else "."),
        due=add_days(planned, -lead) if planned else None,
    )


# --------------------------------------------------------------------------- ORG-CALGREEN


@derived("calgreen_storage_required", on="building_application", requirement="ORG-CALGREEN")
def calgreen_storage_required(application: BuildingApplication, ctx: Context) -> bool:
    """CALGreen (B)(1)-(2): storage areas for blue and green container materials "Where
    five or more multi-family dwelling units are constructed on a building site", and
    for "New commercial construction or additions resulting in more than 30% of the
    floor area"."""
    return _calgreen_reason(application, ctx) is not None


def _calgreen_reason(application: BuildingApplication, ctx: Context) -> str | None:
    if not _in_force(ctx, application.date) or application.construction == "alteration":
        return None
    if application.occupancy == "multi_family":
        units = application.new_dwelling_units or 0
        minimum = ctx.param("org.calgreen_multi_family_units", on=application.date)
        if units >= minimum:
            return f"it builds {units} multi-family dwelling units ({minimum} or more)"
        return None
    if application.occupancy != "commercial":
        return None
    existing = application.existing_floor_area_sqft
    if application.construction == "new" or not existing:
        return "it is new commercial construction"
    added = application.added_floor_area_sqft or 0
    ratio = ctx.param("org.calgreen_addition_ratio", on=application.date)
    share = added / existing
    if share > ratio:
        return (
            f"its addition of {_num(added)} sq ft is {_num(share * 100)}% of the existing "
            f"{_num(existing)} sq ft, more than {_num(ratio * 100)}%"
        )
    return None


@rule("ORG-CALGREEN", on="building_application")
def calgreen_storage_areas(application: BuildingApplication, ctx: Context):
    """CALGreen (B): "as a condition of the city's permit approval … provide readily
    accessible areas … identified for the storage and collection of blue container and
    green container materials"."""
    reason = _calgreen_reason(application, ctx)
    if reason is None:
        return None
    head = f"Application {application.id} of {application.date} needs recycling and organics"
    if application.storage_areas:
        return met(f"{head} storage areas because {reason}, and its plans identify them.")
    return violation(f"{head} storage areas because {reason}, but its plans do not identify them.")
