"""Chapter 50, mandatory organic waste disposal (SB 1383, Ord. 680): premises classes,
service levels, participation, commercial duties, waivers, self-haulers, haulers,
facilities, construction and demolition, CALGreen and inspections.

Everything here is bounded by the subchapter's effective date (``org.in_force``,
ORG-EFFECTIVE): nothing is due and nothing is a violation before it. Numbers, dates
and readings come from the rule pack (``org.*``); a reading a finding relies on is
its ``reading``, never part of its explanation.

A finding rests on what is recorded: a service-level shortfall on a service of the
stream on record, a participation or access violation on an inspection's
observation, a container's missing labels on a recorded purchase date. A duty of a
named period (a quarter's self-inspection, a year's information) is breached when
the period closes without the act: that period is ``overdue`` for good, and a later
act counts for its own period only, never making up the one missed. Records that
contradict each other (an event dated before its business opened, a service that
ends before it starts, a report dated before its period, an answer before its
request) are data problems: reported, and counted for nothing.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from datetime import date
from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.calendar import (
    add_days,
    add_months,
    day_text,
    parse_period,
    period_label_quarter,
    quarter_end,
    quarter_of_year,
    quarter_start,
    quarterly_report_due,
    quarters_between,
)
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    deadline,
    derived,
    due,
    exception,
    met,
    new_tuple,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import Date, Fact, Period, Thing, fact_type, ref, required_ref
from sanitas.ordinance.fog import Waiver
from sanitas.ordinance.general import Establishment, Inspection, Premises
from sanitas.ordinance.words import (
    capital,
    listing,
    name_of,
    namer,
    names_of,
    number,
    period_words,
    plural,
    possessive,
    words,
)

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


def _amount(value: float, unit: str, digits: int = 1) -> str:
    """ "1 gallon", "32 gallons", "1.5 cubic yards": rounded, with its plural."""
    rounded = round(value, digits)
    return plural(int(rounded) if float(rounded).is_integer() else rounded, unit)


def _current(start: date, end: date | None, day: date) -> bool:
    """A dated arrangement in effect on ``day`` (``end`` is its last day)."""
    return start <= day and (end is None or end >= day)


_FACILITY_WORDS = {
    "compost": "the compost facility",
    "in_vessel_digestion": "the in-vessel digestion facility",
    "publicly_owned_treatment_works": "the publicly-owned treatment works",
    "community_composting": "the community composting operation",
    "transfer_processor": "the transfer/processor",
    "materials_recovery": "the materials recovery facility",
    "high_diversion_organics": "the high diversion organic waste processing facility",
    "landfill": "the landfill",
}


@namer("hauler")
def _hauler_name(ctx: Context, hauler: Hauler) -> str:
    """A hauler by its name, else "the franchised hauler" or "the hauler"."""
    if hauler.name:
        return hauler.name
    return "the franchised hauler" if hauler.franchised else "the hauler"


@namer("facility")
def _facility_name(ctx: Context, facility: Facility) -> str:
    """A facility by its name, else by what it is ("the compost facility")."""
    return facility.name or _FACILITY_WORDS.get(facility.kind or "", "the facility")


def _name(ctx: Context, thing: Fact | str | None) -> str:
    """:func:`name_of`, at the start of a sentence."""
    return capital(name_of(ctx, thing))


def _named(*facts: Fact | str | None) -> list[str | Fact]:
    """The facts a data problem names: events without an id are left out (they are
    named by what they belong to, which is listed too), each once, in order."""
    out: list[str | Fact] = []
    for fact in facts:
        if fact is None or (not isinstance(fact, str) and fact.id is None):
            continue
        ident = fact if isinstance(fact, str) else fact.id
        if ident not in out:
            out.append(ident)
    return out


_CLASS_WORDS = {
    "single_family": "single-family",
    "multi_family": "multi-family",
    "commercial": "commercial",
    "non_local": "non-local",
}


def premises_class_of(premises: Premises, ctx: Context) -> tuple[str | None, str]:
    """The SB 1383 class of a premises and the words that decided it. A class is given
    only from what is recorded: a residential premises whose dwelling units are not
    recorded has none (fewer than five units makes it single-family, five or more
    multi-family)."""
    if premises.non_local_entity is not None:
        return "non_local", f"a non-local entity ({words(premises.non_local_entity)})"
    use = premises.use
    if use == "hotel":
        return "commercial", "a hotel or motel, a commercial business"
    if use == "mixed_use":
        return ctx.param("org.mixed_use_class"), "a mixed-use development"
    if use in ("commercial", "industrial"):
        return "commercial", f"{use} use"
    units = premises.dwelling_units
    if use is None and units is None:
        if ctx.referring("establishment", "premises", premises.id):
            return "commercial", "a business operates there"
        return None, "neither its use nor its dwelling units are recorded"
    if premises.planned_development:
        return "single_family", "dwelling units of a planned development"
    if units is None:
        return None, "its dwelling units are not recorded"
    if units >= ctx.param("org.multi_family_min_units"):
        return "multi_family", plural(units, "dwelling unit")
    if premises.shared_bins and units >= ctx.param("org.shared_bins_min_units"):
        return (
            "multi_family",
            f"{plural(units, 'dwelling unit')} the City Manager put on shared bins",
        )
    return "single_family", plural(units, "dwelling unit")


def class_reading(premises: Premises | None, ctx: Context) -> str | None:
    """The reading a premises' class rests on, where one decided it (a mixed-use
    development), else None."""
    if not _is(premises, "premises") or premises.non_local_entity is not None:
        return None
    if premises.use == "mixed_use":
        chosen = _CLASS_WORDS.get(ctx.param("org.mixed_use_class"), "commercial")
        return (
            "A mixed-use development is never multi-family premises; the development, its "
            f"residential portion included, is taken as {chosen}."
        )
    return None


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


def _service_record(subject: Fact, ctx: Context) -> dict[str, list[CollectionService]]:
    """The collection services on record for a subject (and, for a premises, the
    businesses at it), by stream, started by the as-of date, current or ended. A
    service that ends before it starts is a data problem and counts for nothing."""
    memo = ctx.memo("organics.services")
    found = memo.get(subject.id)
    if found is not None:
        return found
    found = {}
    for holder in _holders(subject, ctx):
        for field_name in ("premises", "establishment"):
            for service in ctx.referring("collection_service", field_name, holder):
                if service.end is not None and service.end < service.start:
                    ctx.data_problem(
                        _named(service, holder),
                        f"The {words(service.stream)} collection service of "
                        f"{name_of(ctx, holder)} ends on {service.end}, before it starts on "
                        f"{service.start}.",
                    )
                    continue
                found.setdefault(service.stream, []).append(service)
    memo[subject.id] = found
    return found


def _services(subject: Fact, ctx: Context) -> list[CollectionService]:
    """The subject's services in effect on the as-of date."""
    return [
        s
        for services in _service_record(subject, ctx).values()
        for s in services
        if _current(s.start, s.end, ctx.as_of)
    ]


def _gallons(service: CollectionService, ctx: Context) -> float | None:
    """A service's gallons a week, or None when its size is not recorded."""
    if service.gallons_per_week is not None:
        return service.gallons_per_week
    if service.cubic_yards_per_week is not None:
        return service.cubic_yards_per_week * ctx.param("org.gallons_per_cubic_yard")
    return None


def _cubic_yards(service: CollectionService, ctx: Context) -> float | None:
    if service.cubic_yards_per_week is not None:
        return service.cubic_yards_per_week
    gallons = _gallons(service, ctx)
    return None if gallons is None else gallons / ctx.param("org.gallons_per_cubic_yard")


def _level(services: list[CollectionService], ctx: Context) -> float | None:
    """Gallons a week of the services in effect on the as-of date (0 when every one has
    ended); None when one in effect has no recorded size."""
    total = 0.0
    for service in services:
        if _current(service.start, service.end, ctx.as_of):
            gallons = _gallons(service, ctx)
            if gallons is None:
                return None
            total += gallons
    return total


def weekly_gallons(subject: Fact, ctx: Context) -> dict[str, float | None]:
    """Gallons a week of the subject's services in effect, by stream: a level rests on a
    service of the stream on record (one that has ended counts as none in effect); a
    stream with no service on record, or one in effect of unrecorded size, is None."""
    record = _service_record(subject, ctx)
    return {
        stream: _level(record[stream], ctx) if stream in record else None
        for stream in ("recyclables", "organics", "black", "total")
    }


def _waiver_in_effect(waiver: Waiver, ctx: Context) -> bool:
    """The core ``waiver_valid`` (granted, not expired, not revoked, not voided)."""
    return bool(ctx.derived("waiver_valid", waiver))


def _service_waiver(holder: str, ctx: Context) -> Waiver | None:
    """A valid de minimis or physical space waiver naming ``holder``."""
    for waiver in ctx.referring("waiver", "subject", holder):
        if waiver.kind in ("de_minimis", "physical_space") and _waiver_in_effect(waiver, ctx):
            return waiver
    return None


def _registrations(subject_id: str, ctx: Context) -> list[SelfHauler]:
    """A subject's self-hauler registrations; one that ends before it starts is a data
    problem and counts for nothing."""
    out = []
    for registration in ctx.referring("self_hauler", "subject", subject_id):
        if registration.end is not None and registration.end < registration.start:
            ctx.data_problem(
                _named(registration, subject_id),
                f"The self-hauler registration of {name_of(ctx, subject_id)} ends on "
                f"{registration.end}, before it starts on {registration.start}.",
            )
            continue
        out.append(registration)
    return out


def _self_hauler(holder: str, ctx: Context) -> SelfHauler | None:
    """A current self-hauler registration naming ``holder``."""
    for registration in _registrations(holder, ctx):
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


def _opened_after(subject: Fact | None, event: Fact, day: date, what: str, ctx: Context) -> bool:
    """A data problem when ``event`` (``what``, dated ``day``) is dated before its
    business opened: True, and the event counts for nothing."""
    opened = getattr(subject, "opened_on", None)
    if opened is None or day >= opened:
        return False
    ctx.data_problem(
        _named(event, subject),
        f"{capital(what)} of {name_of(ctx, subject)} is dated {day}, before it opened on {opened}.",
    )
    return True


def _tail(done: date | None, due_on: date, ctx: Context, verb: str, none: str) -> str:
    """How an act stands against its due date, in words: "received 2025-01-20",
    "received late, on 2025-02-03", "not yet received", "none received"."""
    if done is not None:
        return f"{verb} {done}" if done <= due_on else f"{verb} late, on {done}"
    return f"not yet {verb}" if ctx.as_of <= due_on else none


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


def _per_week(value: float) -> str:
    return f"{_amount(value, 'gallon')} a week"


def _level_words(stream: str, services: list[CollectionService], level: float, ctx: Context) -> str:
    """ "32 gallons a week of organics service", or, when every service of the stream
    on record has ended, "no organics service in effect (the last ended on …)"."""
    if not any(_current(s.start, s.end, ctx.as_of) for s in services):
        ended = max(s.end for s in services if s.end is not None)
        return f"no {stream} service in effect (the last ended on {ended})"
    return f"{_per_week(level)} of {stream} service"


def _single_family(premises: Premises, ctx: Context) -> bool:
    """Single-family premises, the subchapter in force."""
    return _in_force(ctx) and _class(premises, ctx) == "single_family"


@rule("ORG-SF-ENROLL", on="premises", label="single_family_service_level")
def single_family_service_level(premises: Premises, ctx: Context):
    """Single-family (A)(1): "automatically enrolled in the city's two container organic
    waste collection services with a minimum source separated recyclable materials
    service level of 35 gallons per week and with a minimum source separated green
    container organic waste service level of 35 gallons per week". A shortfall rests on
    the services on record: a stream with no service on record, or one in effect of
    unrecorded size, decides nothing. A waiver is an exception (below)."""
    if not _single_family(premises, ctx):
        return None
    levels = weekly_gallons(premises, ctx)
    minimum = {
        "recyclables": ctx.param("org.sf_min_recyclables_gallons"),
        "organics": ctx.param("org.sf_min_organics_gallons"),
    }
    known = [s for s in minimum if levels[s] is not None]
    short = [s for s in known if levels[s] < minimum[s]]
    if not short and len(known) < len(minimum):
        return None
    name = _name(ctx, premises)
    record = _service_record(premises, ctx)
    have = listing(_level_words(s, record[s], levels[s], ctx) for s in known)
    if minimum["recyclables"] == minimum["organics"]:
        need = f"at least {_per_week(minimum['organics'])} of each"
    else:
        need = (
            f"at least {_per_week(minimum['recyclables'])} of recyclables and "
            f"{_per_week(minimum['organics'])} of organics"
        )
    reading = class_reading(premises, ctx)
    if short:
        gaps = listing(
            f"its {s} service is {_per_week(minimum[s] - levels[s])} short" for s in short
        )
        return violation(
            f"{name} has {have}; single-family premises need {need}, so {gaps}.",
            reading=reading,
        )
    return met(f"{name} has {have}, {need} as single-family premises need.", reading=reading)


@exception("single_family_service_level", cite="Ch. 50 SB 1383 waivers (A), (B)")
def single_family_service_waived(premises: Premises, ctx: Context) -> bool:
    """A valid de minimis or physical space waiver of the premises (or of every
    business at it) excuses it from the service levels.

    Waivers (A): "The city may waive a commercial business' obligation (including
    multi-family residential dwellings) to comply with some or all of the organic
    waste requirements …"; (B): "… some or all of the organic waste collection
    service requirements if … the premises lacks adequate space …"."""
    return _single_family(premises, ctx) and _premises_wide(
        premises, ctx, lambda h: _service_waiver(h, ctx)
    )


# --------------------------------------------------------------------------- ORG-SF-PARTICIPATE


def _organics_inspection(inspection: Inspection, ctx: Context) -> bool:
    """An inspection the organics rules read: for the organics program (or for no named
    program), made once the subchapter is in force."""
    return inspection.program in (None, "organics") and _in_force(ctx, inspection.date)


@rule("ORG-SF-PARTICIPATE", on="inspection")
def single_family_participation(inspection: Inspection, ctx: Context):
    """Single-family (A)(2): "Generators shall not place materials designated for the
    black container into the green container"; contamination found at a single-family
    premises is a violation, on the observation of the inspection that found it."""
    premises = ctx.get(inspection.subject)
    if not _is(premises, "premises") or not _organics_inspection(inspection, ctx):
        return None
    if _class(premises, ctx) != "single_family" or inspection.contamination is None:
        return None
    who = "the hauler's" if inspection.by_hauler else "the"
    name = name_of(ctx, premises)
    if inspection.contamination:
        return violation(
            f"At {who} inspection of {inspection.date}, prohibited container contaminants were "
            f"found in the containers of {name}."
        )
    return met(
        f"At {who} inspection of {inspection.date}, the containers of {name} held no "
        "prohibited container contaminants."
    )


# --------------------------------------------------------------------------- ORG-COM-ENROLL


def _enrolled_commercial(subject: Premises | Establishment, ctx: Context) -> bool:
    """Whether ORG-COM-ENROLL is about ``subject``, the subchapter in force: commercial
    or multi-family premises, unless every business at it is outside the city's
    duties (a local education agency, a state agency); or a business recorded
    without a premises, unless it is outside them."""
    if not _in_force(ctx):
        return False
    if _is(subject, "premises"):
        if _class(subject, ctx) not in ("commercial", "multi_family"):
            return False
        businesses = _establishments(subject, ctx)
        return not (
            businesses and all(_establishment_class(e, ctx) == "non_local" for e in businesses)
        )
    return subject.premises is None and _establishment_class(subject, ctx) != "non_local"


def _com_enroll(subject: Fact, ctx: Context) -> Outcome | None:
    gallons = weekly_gallons(subject, ctx)["organics"]
    if gallons is None:
        return None
    minimum = ctx.param("org.com_min_organics_gallons")
    name = _name(ctx, subject)
    businesses = _establishments(subject, ctx) if _is(subject, "premises") else []
    reading = class_reading(subject, ctx)
    if businesses:
        verb = "does" if len(businesses) == 1 else "do"
        name += f", where {names_of(ctx, businesses)} {verb} business,"
        together = (
            "A premises' organics service is its own and that of the businesses at it, "
            "counted together."
        )
        reading = f"{reading} {together}" if reading else together
    need = (
        "that multi-family premises need"
        if subject_class(subject, ctx) == "multi_family"
        else "that a commercial business needs unless it self-hauls"
    )
    record = _service_record(subject, ctx)["organics"]
    have = f"{name} has {_level_words('organics', record, gallons, ctx)}"
    if gallons < minimum:
        return violation(f"{have}, short of the {_per_week(minimum)} {need}.", reading=reading)
    return met(f"{have}, at least the {_per_week(minimum)} {need}.", reading=reading)


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
    return _enrolled_commercial(subject, ctx) and _premises_wide(
        subject, ctx, lambda h: _self_hauler(h, ctx)
    )


@exception("commercial_service_level", cite="Ch. 50 SB 1383 waivers (A), (B)")
@exception("commercial_service_level_of_business", cite="Ch. 50 SB 1383 waivers (A), (B)")
def commercial_service_waived(subject: Premises | Establishment, ctx: Context) -> bool:
    """A valid de minimis or physical space waiver of the business (or of every
    business at a premises) excuses it from the organics service level.

    Waivers (A): "The city may waive a commercial business' obligation … to comply
    with some or all of the organic waste requirements of this subchapter …"; (B):
    "… some or all of the organic waste collection service requirements …"."""
    return _enrolled_commercial(subject, ctx) and _premises_wide(
        subject, ctx, lambda h: _service_waiver(h, ctx)
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


def _container(container: Container, ctx: Context) -> str:
    """ "The organics container in a customer area of Arroyo Pho, bought 2019-05-01"."""
    where = _CONTAINER_PLACE.get(container.location or "", "")
    bought = (
        f"bought {container.acquired_on}"
        if container.acquired_on is not None
        else "with no purchase date on record"
    )
    return (
        f"The {_CONTAINER_STREAM[container.stream]} container{where} of "
        f"{name_of(ctx, container.holder)}, {bought},"
    )


def _replaced_on(container: Container, ctx: Context) -> date | None:
    """When the container was replaced; a replacement dated before its purchase is a
    data problem and counts for nothing."""
    replaced = container.replaced_on
    bought = container.acquired_on
    if replaced is not None and bought is not None and replaced < bought:
        ctx.data_problem(
            _named(container, container.holder),
            f"The {_CONTAINER_STREAM[container.stream]} container of "
            f"{name_of(ctx, container.holder)} is recorded replaced on {replaced}, before it "
            f"was bought on {bought}.",
        )
        return None
    return replaced


@rule("ORG-COM-CONTAINERS", on="container")
def container_colors_and_labels(container: Container, ctx: Context):
    """Commercial (A)(3)-(4): containers "with sufficient labels or colors"; (a) a body or
    lid that conforms with the container colors, functional non-conforming containers
    allowed until the end of their useful life or January 1, 2036; (b) "the container
    labels are required on new containers commencing January 1, 2022". A container is
    new only by a purchase date on record."""
    holder = ctx.get(container.holder)
    if not _in_force(ctx) or not _commercial(holder, ctx) or container.location == "restroom":
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
                    f"{name} had no labels, which new containers need from {labels_from}; it "
                    f"was replaced on {replaced}.",
                    cite=_LABELS_CITE,
                )
            return violation(
                f"{name} has no labels, which new containers need from {labels_from}.",
                cite=_LABELS_CITE,
            )
        if container.labeled:
            return met(f"{name} carries labels.", cite=_LABELS_CITE)
        return None
    if _conforms(container):
        how = "has a conforming color" if container.color_conforms else "carries labels"
        return met(f"{name} {how}.", cite=_COLORS_CITE)
    if container.color_conforms is None and container.labeled is None:
        return None
    reading = None
    if container.acquired_on is None:
        if not ctx.param("org.undated_container_is_old"):
            return None
        reading = (
            f"A container with no purchase date on record keeps the allowance of one bought "
            f"before {labels_from}; only a recorded purchase on or after that date makes "
            "missing labels a violation."
        )
    if container.functional is False and replaced is None:
        return violation(
            f"{name} has neither a conforming color nor labels and is no longer functional, "
            "so the allowance for functional containers has ended.",
            cite=_COLORS_CITE,
            reading=reading,
        )
    replace_by = ctx.derived("container_replace_by", container)
    life = container.useful_life_ends_on
    by = (
        f"the end of its useful life on {replace_by}"
        if life is not None and life <= replace_by
        else f"{replace_by} at the latest (or the end of its useful life, if sooner)"
    )
    if replaced is not None and replaced <= replace_by:
        tail = f"was to be replaced by {by}, and was replaced on {replaced}."
    elif replaced is not None:
        tail = f"was to be replaced by {by}, and was replaced late, on {replaced}."
    elif ctx.as_of <= replace_by:
        tail = f"must be replaced by {by}."
    else:
        tail = f"was to be replaced by {by}, and has not been."
    return deadline(
        due_on=replace_by,
        done_on=replaced,
        as_of=ctx.as_of,
        explanation=f"{name} has neither a conforming color nor labels and {tail}",
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
    head = f"The organics checklist of {name_of(ctx, subject)} on {checklist.date}"
    if failed:
        cites = {cite for _, cite in failed}
        return violation(
            f"{head} found {listing(text for text, _ in failed)}.",
            cite=cites.pop() if len(cites) == 1 else None,
        )
    if checked:
        return met(f"{head} found the containers adequate in each item checked.")
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
    head = f"The organics checklist of {name_of(ctx, subject)} on {checklist.date}"
    if checklist.employee_sorting_measures:
        return met(
            f"{head} found education, training or inspection keeping employees from mis-sorting."
        )
    return violation(
        f"{head} found no education, training or inspection keeping employees from placing "
        "materials in the wrong container."
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


def _quarter_words(year: int, quarter: int) -> str:
    """ "the third quarter of 2024"."""
    return period_words(period_label_quarter(year, quarter))


def _next_after(acts: list[date], after: date) -> date | None:
    """The first act dated after ``after`` (``acts`` sorted), or None. It counts for its
    own period only: a period that ended on ``after`` without an act stays overdue."""
    index = bisect_right(acts, after)
    return acts[index] if index < len(acts) else None


def _within(acts: list[date], first: date, last: date) -> date | None:
    """The first act dated ``first``..``last`` (``acts`` sorted), or None."""
    index = bisect_left(acts, first)
    return acts[index] if index < len(acts) and acts[index] <= last else None


# --------------------------------------------------------------------------- ORG-COM-SELF-INSPECT


def _uninformed(log: SelfInspection) -> bool:
    return bool(log.contamination_found) and log.employees_informed is False


_INFORM_READING = (
    "A self-inspection that found contamination counts only when employees were told of it."
)


def _self_inspections(subject: Fact, ctx: Context) -> tuple[list[date], list[date]]:
    """The days of the subject's self-inspections that count and of those that do
    not (contamination found, employees not told), each sorted."""
    must_inform = ctx.param("org.self_inspection_must_inform")
    counted: list[date] = []
    uncounted: list[date] = []
    for log in ctx.referring("self_inspection", "subject", subject.id):
        if _opened_after(subject, log, log.date, "the self-inspection", ctx):
            continue
        (uncounted if must_inform and _uninformed(log) else counted).append(log.date)
    counted.sort()
    uncounted.sort()
    return counted, uncounted


# The sentences of ORG-COM-SELF-INSPECT, for both ways of computing it: the name,
# the quarter in words, and days (as dates or as their text).


def _self_inspected(name: str, done: object, quarter_words: str) -> str:
    return (
        f"{name} self-inspected its green and black containers on {done}, within {quarter_words}."
    )


def _self_inspect_dropped(dropped: object) -> str:
    return (
        f"; the one of {dropped} found contamination without employees being told, so it "
        "does not count"
    )


def _self_inspect_missing(
    name: str, quarter_words: str, why: str, last: object, *, yet: bool, later: object = None
) -> str:
    """A quarter without a counted self-inspection; ``later``, the day of the next one
    after the quarter ended, which counts for its own quarter only."""
    if yet:
        return (
            f"{name} has not yet self-inspected its green and black containers in "
            f"{quarter_words}{why}; one is due by {last}."
        )
    after = "" if later is None else f", and the next, on {later}, counts for its own quarter only"
    return (
        f"{name} made no self-inspection of its green and black containers in "
        f"{quarter_words}{why}; one was due by {last}{after}."
    )


def _self_inspect(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    """Each quarter of the obligation, on its own (the engine's reference path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    if start > end:
        return
    counted, uncounted = _self_inspections(subject, ctx)
    name = _name(ctx, subject)
    for year, quarter in quarters_between(start, end):
        period = period_label_quarter(year, quarter)
        first, last = quarter_start(year, quarter), quarter_end(year, quarter)
        quarter_words = _quarter_words(year, quarter)
        done = _within(counted, first, last)
        if done is not None:
            yield met(_self_inspected(name, done, quarter_words), due=last, period=period)
            continue
        dropped = _within(uncounted, first, last)
        why = _self_inspect_dropped(dropped) if dropped is not None else ""
        reading = _INFORM_READING if dropped is not None else None
        later = _next_after(counted, last)
        yield deadline(
            due_on=last,
            done_on=None,
            as_of=ctx.as_of,
            period=period,
            explanation=_self_inspect_missing(
                name,
                quarter_words,
                why,
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
    name = _name(ctx, subject)
    as_of = ctx.as_of
    out: list[Outcome] = []
    add = out.append
    n, i = len(counted), 0  # counted[i]: the first self-inspection not before the quarter
    for first, last, period, quarter_words, last_text in _quarter_run(start, end):
        while i < n and counted[i] < first:
            i += 1
        if i < n and counted[i] <= last:
            text = _self_inspected(name, day_text(counted[i]), quarter_words)
            add(new_tuple(Outcome, ("met", text, last, period, None, None, None)))
            continue
        dropped = _within(uncounted, first, last) if uncounted else None
        why = "" if dropped is None else _self_inspect_dropped(day_text(dropped))
        reading = None if dropped is None else _INFORM_READING
        yet = as_of <= last
        # the next one, after the quarter, counts for its own quarter only
        later = day_text(counted[i]) if i < n and counted[i] <= as_of else None
        text = _self_inspect_missing(name, quarter_words, why, last_text, yet=yet, later=later)
        status = "due" if yet else "overdue"
        add(new_tuple(Outcome, (status, text, last, period, None, reading, None)))
    return out


#: the quarters from one day's to another's: (first day, last day, label, words, last day's text)
_QUARTER_RUNS: dict[tuple[date, date], tuple[tuple[date, date, str, str, str], ...]] = {}


def _quarter_run(start: date, end: date) -> tuple[tuple[date, date, str, str, str], ...]:
    key = (start, end)
    run = _QUARTER_RUNS.get(key)
    if run is None:
        if len(_QUARTER_RUNS) > 4096:
            _QUARTER_RUNS.clear()
        run = _QUARTER_RUNS[key] = tuple(
            (q.first, q.last, q.label, period_words(q.label), str(q.last))
            for q in (quarter_of_year(y, n) for y, n in quarters_between(start, end))
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
    if not _in_force(ctx) or _establishment_class(establishment, ctx) != "commercial":
        return None
    if ctx.fast:
        return _self_inspect_in_one_pass(establishment, ctx)
    return _self_inspect(establishment, ctx)


@rule("ORG-COM-SELF-INSPECT", on="premises")
def self_inspection_of_premises(premises: Premises, ctx: Context):
    """Commercial (A)(6), for a commercial premises with no business recorded at it."""
    if not _in_force(ctx) or _class(premises, ctx) != "commercial":
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
        and not _opened_after(subject, e, e.date, "the annual organic waste information", ctx)
    )


# The sentences of ORG-COM-EDUCATION, for both ways of computing it: the name, the
# year, and days (as dates or as their text).
_EDUCATION_WHAT = "the annual information on organic waste recovery and sorting"


def _education_given_in(name: str, done: object, year: object) -> str:
    return f"{name} gave {_EDUCATION_WHAT} on {done}, within {year}."


def _education_missing(
    name: str, year: object, verb: str, last: object, later: object = None
) -> str:
    """A year without the annual information; ``later``, the day it was next given,
    after the year ended, which counts for its own year only."""
    after = f", and the information given on {later} counts for its own year only" if later else ""
    return (
        f"{name} has not given {_EDUCATION_WHAT} to its employees, contractors, tenants "
        f"and customers in {year}; it {verb} by {last}{after}."
    )


def _education(subject: Fact, ctx: Context) -> Iterator[Outcome]:
    """Each year of the obligation, on its own (the engine's reference path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    given = _education_given(subject, ctx)
    name = _name(ctx, subject)
    for year in range(start.year, end.year + 1):
        last = date(year, 12, 31)
        done = _within(given, date(year, 1, 1), last)
        if done is not None:
            yield met(_education_given_in(name, done, year), due=last, period=str(year))
            continue
        later = _next_after(given, last)
        verb = "is due" if ctx.as_of <= last else "was due"
        yield deadline(
            due_on=last,
            done_on=None,
            as_of=ctx.as_of,
            period=str(year),
            explanation=_education_missing(
                name, year, verb, last, later if later is not None and later <= ctx.as_of else None
            ),
        )


def _education_in_one_pass(subject: Fact, ctx: Context) -> list[Outcome]:
    """``_education`` in one pass over the years and the days given, both in order
    (the engine's fast path)."""
    start, end = _obligation_start(subject, ctx), _obligation_end(subject, ctx)
    given = _education_given(subject, ctx)
    name = _name(ctx, subject)
    as_of = ctx.as_of
    out: list[Outcome] = []
    add = out.append
    n, i = len(given), 0  # given[i]: the first day not before the year
    for first, last, period, last_text in _year_run(start.year, end.year):
        while i < n and given[i] < first:
            i += 1
        if i < n and given[i] <= last:
            text = _education_given_in(name, day_text(given[i]), period)
            add(new_tuple(Outcome, ("met", text, last, period, None, None, None)))
        elif as_of <= last:
            text = _education_missing(name, period, "is due", last_text)
            add(new_tuple(Outcome, ("due", text, last, period, None, None, None)))
        else:
            # the next time, after the year, counts for its own year only
            later = day_text(given[i]) if i < n and given[i] <= as_of else None
            text = _education_missing(name, period, "was due", last_text, later)
            add(new_tuple(Outcome, ("overdue", text, last, period, None, None, None)))
    return out


#: the calendar years from one to another: (January 1, December 31, label, December 31's text)
_YEAR_RUNS: dict[tuple[int, int], tuple[tuple[date, date, str, str], ...]] = {}


def _year_run(first: int, last: int) -> tuple[tuple[date, date, str, str], ...]:
    key = (first, last)
    run = _YEAR_RUNS.get(key)
    if run is None:
        if len(_YEAR_RUNS) > 4096:
            _YEAR_RUNS.clear()
        run = _YEAR_RUNS[key] = tuple(
            (date(year, 1, 1), date(year, 12, 31), str(year), f"{year:04d}-12-31")
            for year in range(first, last + 1)
        )
    return run


@rule("ORG-COM-EDUCATION", on="establishment")
def annual_education_by_business(establishment: Establishment, ctx: Context):
    """Commercial (A)(7): "Annually provide information to employees, contractors,
    tenants, and customers about organic waste recovery requirements and about proper
    sorting". Once in each calendar year, due by December 31: a year that ends without
    it is overdue for good, and information given later counts for its own year
    only."""
    if not _in_force(ctx) or _establishment_class(establishment, ctx) == "non_local":
        return None
    if ctx.fast:
        return _education_in_one_pass(establishment, ctx)
    return _education(establishment, ctx)


@rule("ORG-COM-EDUCATION", on="premises")
def annual_education_by_premises(premises: Premises, ctx: Context):
    """Commercial (A)(7), for a commercial or multi-family premises with no business
    recorded at it (the property owner informs its tenants)."""
    if not _in_force(ctx) or _class(premises, ctx) not in ("commercial", "multi_family"):
        return None
    if not _business_subjects_of_premises(premises, ctx):
        return None
    if ctx.fast:
        return _education_in_one_pass(premises, ctx)
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
    if move_in.tenant:
        tenant = move_in.tenant
    elif move_in.establishment is not None:
        tenant = name_of(ctx, move_in.establishment)
    else:
        tenant = "a new tenant"
    if done_on is not None:
        tail = f"it was given on {done_on}" if done_on <= due_on else f"it came late, on {done_on}"
    else:
        tail = "it has not been given yet" if ctx.as_of <= due_on else "none was given"
    verb = "is" if done_on is None and ctx.as_of <= due_on else "was"
    return deadline(
        due_on=due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=f"{capital(tenant)} moved into {name_of(ctx, premises)} on {move_in.date}, so "
        f"the education for new tenants {verb} due before or within {plural(days, 'day')}, by "
        f"{due_on}; {tail}.",
    )


# --------------------------------------------------------------------------- access, inspections

_REFUSALS = (
    ("access_refused", "access to its premises", "Ch. 50 SB 1383 commercial (A)(9)"),
    (
        "remote_monitoring_refused",
        "the installation and operation of remote monitoring equipment",
        "Ch. 50 SB 1383 commercial (A)(10)",
    ),
    ("records_refused", "access to its records", None),
)


def _refusal(
    inspection: Inspection, ctx: Context, fields: tuple[str, ...], narrow: bool
) -> Outcome | None:
    refused = [
        (text, cite)
        for name, text, cite in _REFUSALS
        if name in fields and getattr(inspection, name)
    ]
    answered = [name for name in fields if getattr(inspection, name) is not None]
    subject = name_of(ctx, inspection.subject)
    if refused:
        cites = {cite for _, cite in refused}
        return violation(
            f"{capital(subject)} did not provide or arrange for "
            f"{listing(text for text, _ in refused)} at the organics inspection of "
            f"{inspection.date}.",
            cite=cites.pop() if narrow and len(cites) == 1 else None,
        )
    if answered or inspection.program == "organics":
        return met(
            f"At the organics inspection of {subject} on {inspection.date}, access was provided."
        )
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
    their properties during all inspections conducted in accordance with § 50.038" and
    "Accommodate and cooperate with city's remote monitoring program"."""
    subject = _inspectable(inspection, ctx)
    if subject is None or not _commercial(subject, ctx):
        return None
    return _refusal(inspection, ctx, ("access_refused", "remote_monitoring_refused"), True)


@rule("ORG-INSPECTIONS", on="inspection", cite="§ 50.038(B)")
def inspection_refusal(inspection: Inspection, ctx: Context):
    """§ 50.038(B): "Failure to provide or arrange for: (i) access to an entity's
    premises; (ii) installation and operation of remote monitoring equipment; or (iii)
    access to records for any inspection or investigation is a violation of this
    ordinance"; (A): "This section does not allow city to enter the interior of a
    private residential property for inspection"."""
    subject = _inspectable(inspection, ctx)
    if subject is None or subject_class(subject, ctx) == "non_local":
        return None
    return _refusal(inspection, ctx, tuple(name for name, _, _ in _REFUSALS), False)


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


def _waiver(waiver: Waiver, ctx: Context) -> str:
    """ "the de minimis waiver of 1014 Las Tunas Dr"."""
    return f"the {words(waiver.kind)} waiver of {name_of(ctx, waiver.subject)}"


def _reverified_on(waiver: Waiver, ctx: Context) -> date | None:
    """The waiver's written re-verification, if it came after the grant. One dated
    before the grant is a data problem; one dated on the grant is no re-verification."""
    verified = waiver.reverified_on
    if verified is None or verified == waiver.granted_on:
        return None
    if verified < waiver.granted_on:
        ctx.data_problem(
            _named(waiver, waiver.subject),
            f"{capital(_waiver(waiver, ctx))} is recorded re-verified on {verified}, before "
            f"it was granted on {waiver.granted_on}.",
        )
        return None
    return verified


@derived("waiver_reverify_due", on="waiver", requirement="ORG-WAIVER-DE-MINIMIS")
def waiver_reverify_due(waiver: Waiver, ctx: Context) -> date | None:
    """Waivers (A)(2)(d), (B)(1)(c): "Provide written verification … every five years":
    ``granted_on`` + 5 years, or the last verification + 5 years once verified."""
    if waiver.kind not in ("de_minimis", "physical_space"):
        return None
    years = ctx.param("org.waiver_reverify_years")
    verified = _reverified_on(waiver, ctx)
    return add_months(verified or waiver.granted_on, 12 * years)


def _reverification(waiver: Waiver, ctx: Context, cite: str) -> Iterator[Outcome]:
    verified = _reverified_on(waiver, ctx)  # a contradictory date is reported in any case
    if not _in_force(ctx) or not _waiver_in_effect(waiver, ctx):
        return
    years = ctx.param("org.waiver_reverify_years")
    name = capital(_waiver(waiver, ctx))
    first_due = add_months(waiver.granted_on, 12 * years)
    yield deadline(
        due_on=first_due,
        done_on=verified,
        as_of=ctx.as_of,
        explanation=f"{name}, granted {waiver.granted_on}, needs written re-verification every "
        f"{plural(years, 'year')}, due {first_due}: "
        f"{_tail(verified, first_due, ctx, 'received', 'none received')}.",
        cite=cite,
    )
    if verified is not None:
        next_due = add_months(verified, 12 * years)
        yield deadline(
            due_on=next_due,
            done_on=None,
            as_of=ctx.as_of,
            explanation=f"{name} was last verified {verified}; the next written re-verification "
            f"is due {next_due}, {plural(years, 'year')} later.",
            cite=cite,
        )


@rule("ORG-WAIVER-DE-MINIMIS", on="waiver")
def de_minimis_reverification(waiver: Waiver, ctx: Context):
    """Waivers (A)(2)(d): "Provide written verification of eligibility for de minimis
    waiver every five years, if the city has approved de minimis waiver"."""
    if waiver.kind != "de_minimis":
        return None
    return _reverification(waiver, ctx, "Ch. 50 SB 1383 waivers (A)(2)(d)")


@rule("ORG-WAIVER-SPACE", on="waiver")
def physical_space_reverification(waiver: Waiver, ctx: Context):
    """Waivers (B)(1)(c): "Provide written verification to the city that it is still
    eligible for physical space waiver every five years"."""
    if waiver.kind != "physical_space":
        return None
    return _reverification(waiver, ctx, "Ch. 50 SB 1383 waivers (B)(1)(c)")


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


@rule("ORG-WAIVER-DE-MINIMIS", on="waiver", cite="Ch. 50 SB 1383 waivers (A)(2)(a)-(c)")
def de_minimis_thresholds(waiver: Waiver, ctx: Context):
    """Waivers (A)(2)(a)-(c): "total solid waste collection service is less than two cubic
    yards per week and organic waste subject to collection comprises less than ten
    gallons per week …"; "Notify the city if circumstances change such that commercial
    business's organic waste exceeds threshold required for waiver, in which case waiver
    will be rescinded". Reading: the total is the subject's current ``total`` services,
    else the sum of every stream; exceeding the test flags the waiver for rescission
    (it stays valid until the city revokes it). It rests on the services on record: with
    none, or with one in effect of unrecorded size, nothing is decided."""
    if waiver.kind != "de_minimis" or not _in_force(ctx) or not _waiver_in_effect(waiver, ctx):
        return None
    subject = ctx.get(waiver.subject)
    if not _service_record(subject, ctx):
        return None
    services = _services(subject, ctx)
    totals = [s for s in services if s.stream == "total"]
    yards = [_cubic_yards(s, ctx) for s in (totals or services)]
    organics = [_gallons(s, ctx) for s in services if s.stream == "organics"]
    if None in yards or None in organics:
        return None
    total, gallons = sum(yards), sum(organics)
    passed = de_minimis_test(total, gallons, ctx)
    max_yards = ctx.param("org.de_minimis_total_cubic_yards")
    max_gallons = ctx.param("org.de_minimis_organics_gallons")
    large = ctx.param("org.de_minimis_large_organics_gallons")
    limits = (
        f"under {_amount(max_yards, 'cubic yard')} a week in all and under "
        f"{_per_week(max_gallons)} of organics"
    )
    readings = [
        "The total is the current service recorded as a total, else the sum of the current "
        "services of every stream."
    ]
    if ctx.param("org.de_minimis_large_generator_test"):
        limits += (
            f", or {_amount(max_yards, 'cubic yard')} or more with under {_per_week(large)} of "
            "organics"
        )
        readings.append(
            f"14 CCR § 18984.11(a)(2)(A) is applied: {_amount(max_yards, 'cubic yard')} a week "
            f"or more also qualifies with under {_per_week(large)} of organics."
        )
    elif total >= max_yards:
        readings.append(
            f"The state rule's second test ({_amount(max_yards, 'cubic yard')} a week or more "
            f"with under {_per_week(large)} of organics) is not applied: the ordinance repeats "
            "only the first."
        )
    organics_words = f"{_per_week(gallons)} of organics" if organics else "no organics service"
    have = (
        f"{capital(_waiver(waiver, ctx))}: its current service is "
        f"{_amount(total, 'cubic yard', 4)} a week in all and {organics_words}"
    )
    if passed is None:
        return violation(
            f"{have}, beyond the waiver's limits ({limits}), so the waiver is to be rescinded.",
            reading=" ".join(readings),
        )
    return met(f"{have}, within the waiver's limits ({limits}).", reading=" ".join(readings))


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
    said = head(name_of(ctx, facility))
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


def _self_hauled(delivery: Delivery, ctx: Context) -> Fact | None:
    """The business or premises that self-hauled a load, or None (the franchised hauler's
    load, one before the subchapter, or one dated before the business opened)."""
    hauler = ctx.get(delivery.hauled_by)
    if _is(hauler, "hauler") or not _in_force(ctx, delivery.date):
        return None
    if _opened_after(hauler, delivery, delivery.date, "the self-hauled load", ctx):
        return None
    return hauler


@rule("ORG-SELFHAUL-SEPARATE", on="delivery", cite="Ch. 50 SB 1383 self-haulers (B)")
def self_haul_destination(delivery: Delivery, ctx: Context):
    """Self-haulers (A)-(B): "source separate all recyclable materials and organic waste
    … or shall haul organic waste to a high diversion organic waste processing
    facility"; "haul their source separated recyclable materials to a facility that
    recovers those materials; and haul their source separated green container organic
    waste to a solid waste facility … that processes or recovers source separated
    organic waste"."""
    hauler = _self_hauled(delivery, ctx)
    if hauler is None:
        return None
    return _destination(delivery, ctx, _name(ctx, hauler))


def _commercial_self_hauler(subject: Fact, ctx: Context) -> bool:
    """Reading: a self-hauler is commercial unless it is a single-family premises or its
    registration says residential (self-haulers (E))."""
    if any(r.residential for r in _registrations(subject.id, ctx)):
        return False
    return _commercial(subject, ctx)


@rule("ORG-SELFHAUL-RECORDS", on="delivery")
def self_haul_record(delivery: Delivery, ctx: Context):
    """Self-haulers (C): commercial self-haulers keep "(1) Delivery receipts and weight
    tickets from the entity accepting the waste. (2) The amount of material in cubic
    yards or tons"; "(3) If the material is transported to an entity that does not have
    scales on-site … the self-hauler is not required to record the weight of material
    but shall keep a record of the entities that received the organic waste". The load's
    record is what the self-hauler keeps of it: a receipt recorded as not kept, or a
    record without the amount, is the lack."""
    hauler = _self_hauled(delivery, ctx)
    if hauler is None or not _commercial_self_hauler(hauler, ctx):
        return None
    facility = ctx.get(delivery.facility)
    where = (
        f"The load {name_of(ctx, hauler)} self-hauled on {delivery.date} to "
        f"{name_of(ctx, facility)}"
    )
    if facility.scales is False:
        return met(
            f"{where} went to an entity without scales, so naming the entity suffices.",
            cite="Ch. 50 SB 1383 self-haulers (C)(3)",
        )
    missing = []
    if delivery.receipt is False:
        missing.append("a delivery receipt or weight ticket")
    if delivery.tons is None and delivery.cubic_yards is None:
        missing.append("the amount in cubic yards or tons")
    if missing:
        return violation(
            f"{where} has no record of {' nor of '.join(missing)}.",
            cite="Ch. 50 SB 1383 self-haulers (C)(1)-(2)",
        )
    if not delivery.receipt:
        return None
    amount = (
        _amount(delivery.tons, "ton")
        if delivery.tons is not None
        else _amount(delivery.cubic_yards, "cubic yard")
    )
    return met(
        f"{where} is recorded with a receipt and {amount}.",
        cite="Ch. 50 SB 1383 self-haulers (C)(1)-(2)",
    )


def _period_start(period: str) -> date:
    year, quarter = parse_period(period)
    return date(year, 1, 1) if quarter is None else quarter_start(year, quarter)


_REPORT_WORDS = {
    "edible_food_annual": "annual food recovery report",
    "food_recovery_annual": "annual report of edible food recovered",
    "self_haul_quarterly": "quarterly self-haul report",
    "hauler_facilities": "written notice of facilities",
}


def reports_for(subject: Fact, kind: str, ctx: Context, *, dated_in_period: bool = True) -> list:
    """The reports of ``kind`` received from a subject. With ``dated_in_period``, a
    report dated before its period began is a data problem and counts for nothing."""
    out = []
    for report in ctx.referring("report", "subject", subject.id):
        if report.kind != kind:
            continue
        if dated_in_period and report.date < _period_start(report.period):
            ctx.data_problem(
                _named(report, subject),
                f"The {_REPORT_WORDS.get(kind, words(kind))} of {name_of(ctx, subject)} for "
                f"{period_words(report.period)} is dated {report.date}, before that period "
                "began.",
            )
            continue
        out.append(report)
    return out


def _report_deadline(
    reports: list[Fact],
    period: str,
    due_on: date,
    ctx: Context,
    what: str,
    why: str = "",
    reading: str | None = None,
) -> Outcome:
    """The deadline of a report owed for ``period`` by ``due_on``, met or late by the
    first report for the period received: "{what} is due {due_on}{why}; not yet received." """
    received = min((r.date for r in reports if r.period == period), default=None)
    verb = "is due" if received is None and ctx.as_of <= due_on else "was due"
    return deadline(
        due_on=due_on,
        done_on=received,
        as_of=ctx.as_of,
        period=period,
        explanation=f"{what} {verb} {due_on}{why}; "
        f"{_tail(received, due_on, ctx, 'received', 'none received')}.",
        reading=reading,
    )


@rule("ORG-SELFHAUL-REPORT", on="self_hauler", cite="Ch. 50 SB 1383 self-haulers (D)")
def self_haul_quarterly_report(registration: SelfHauler, ctx: Context):
    """Self-haulers (D)-(E): "Self-haulers that are commercial businesses (including
    multi-family self-haulers) shall provide information collected in this section to
    the city each quarter. The due date shall be 30 days after the end of each quarter";
    "A residential organic waste generator that self-hauls organic waste is not required
    to record or report". Reading: a quarter's report is owed for each quarter in which
    the business self-hauled on any day, once the quarter has ended."""
    registrations = _registrations(registration.subject, ctx)
    if not registrations or registrations[0] is not registration:
        return None  # one subject, one series of quarters
    subject = ctx.get(registration.subject)
    if not _commercial_self_hauler(subject, ctx):
        return None
    days = ctx.param("org.self_haul_report_days")
    in_force = ctx.param("org.in_force")
    reports = reports_for(subject, "self_haul_quarterly", ctx)
    spans = [(each.start, each.end) for each in registrations]
    quarters: set[tuple[int, int]] = set()
    for start, end in spans:
        first = max(start, in_force)
        last = ctx.as_of if end is None else min(end, ctx.as_of)
        if first <= last:
            quarters.update(quarters_between(first, last))
    name = possessive(_name(ctx, subject))
    out = []
    for year, quarter in sorted(quarters):
        last = quarter_end(year, quarter)
        if last >= ctx.as_of:
            continue
        first = quarter_start(year, quarter)
        whole = any(s <= first and (e is None or e >= last) for s, e in spans)
        out.append(
            _report_deadline(
                reports,
                period_label_quarter(year, quarter),
                quarterly_report_due(year, quarter, days_after=days),
                ctx,
                f"{name} self-haul report for {_quarter_words(year, quarter)}",
                f", {plural(days, 'day')} after the quarter ended",
                reading=None
                if whole
                else "A quarter's report is owed for each quarter in which the business "
                "self-hauled on any day.",
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
    start, end = hauler.franchise_start, hauler.franchise_end
    if start is not None and end is not None and end < start:
        ctx.data_problem(
            _named(hauler),
            f"The franchise of {name_of(ctx, hauler)} ends on {end}, before it starts on {start}.",
        )
        return None
    month, day = (int(part) for part in ctx.param("org.hauler_facilities_due").split("-"))
    reports = reports_for(hauler, "hauler_facilities", ctx, dated_in_period=False)
    reading = (
        "The notice for a year is owed by a hauler franchised on that year's January 31."
        if start is not None or end is not None
        else None
    )
    name = possessive(_name(ctx, hauler))
    out = []
    for year in range(ctx.param("org.in_force").year, ctx.as_of.year + 1):
        due_on = date(year, month, day)
        if start is not None and start > due_on:
            continue
        if end is not None and end < due_on:
            continue
        out.append(
            _report_deadline(
                reports,
                str(year),
                due_on,
                ctx,
                f"{name} written notice of the facilities it will use in {year}",
                reading=reading,
            )
        )
    return out


@rule("ORG-HAULER-TRANSPORT", on="facility_designation", cite="Ch. 50 SB 1383 haulers (A)(2)")
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
            f"{_name(ctx, hauler)} named {name} for "
            f"{_STREAM_WORDS[designation.stream]} in {designation.period}"
        ),
    )


@rule("ORG-HAULER-TRANSPORT", on="delivery", cite="Ch. 50 SB 1383 haulers (A)(2)")
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
            f"{possessive(_name(ctx, hauler))} load of {delivery.date} held prohibited "
            "container contaminants, so it need not go to a recovery facility."
        )
    return _destination(delivery, ctx, _name(ctx, hauler))


# --------------------------------------------------------------------------- facilities


def capacity_due(
    request: CapacityRequest, ctx: Context, days_param: str = "org.capacity_response_days"
) -> tuple[date, str]:
    """The answer's due date and why: the request + the pack's days, or the request's
    own earlier ``due_on``. A ``due_on`` before the request itself is a data problem
    (no date binds before the request existed): the standard days apply."""
    days = ctx.param(days_param, on=request.date)
    standard = add_days(request.date, days)
    within = plural(days, "day")
    own = request.due_on
    if own is not None and own < request.date:
        ctx.data_problem(
            _named(request),
            f"The capacity request of {request.date} to {name_of(ctx, request.subject)} sets an "
            f"answer date of {own}, before the request itself.",
        )
        own = None
    if own is not None and own < standard:
        return own, f"the shorter date the request set ({within} would be {standard})"
    if own is not None and own > standard:
        return standard, f"{within} after the request (its later date {own} does not extend them)"
    return standard, f"{within} after the request"


def capacity_answered(request: CapacityRequest, ctx: Context) -> date | None:
    """The first answer to a capacity request; one dated before the request is a data
    problem and counts for nothing."""
    answered = None
    for answer in ctx.referring("capacity_response", "request", request.id):
        if answer.date < request.date:
            ctx.data_problem(
                _named(answer, request),
                f"The answer to the capacity request of {request.date} to "
                f"{name_of(ctx, request.subject)} is dated {answer.date}, before the request.",
            )
            continue
        if answered is None or answer.date < answered:
            answered = answer.date
    return answered


@rule("ORG-FACILITY-CAPACITY", on="capacity_request")
def facility_capacity_answer(request: CapacityRequest, ctx: Context):
    """Facilities (A)-(B): owners of facilities that recover organic waste and community
    composting operators, "upon the city's request, provide information regarding
    available and potential new or expanded capacity … Entities contacted by the city
    shall respond within 60 days"."""
    if request.kind != "organic_waste" or not _in_force(ctx, request.date):
        return None
    due_on, why = capacity_due(request, ctx)
    answered = capacity_answered(request, ctx)
    subject = ctx.get(request.subject)
    composting = _is(subject, "facility") and subject.kind == "community_composting"
    verb = "is due" if answered is None and ctx.as_of <= due_on else "was due"
    return deadline(
        due_on=due_on,
        done_on=answered,
        as_of=ctx.as_of,
        explanation=f"The city's capacity request of {request.date} to {name_of(ctx, subject)} "
        f"{verb} {due_on}, {why}; {_tail(answered, due_on, ctx, 'answered', 'no answer yet')}.",
        cite="Ch. 50 SB 1383 facilities (B)" if composting else "Ch. 50 SB 1383 facilities (A)",
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


def _project(project: CdProject, ctx: Context) -> str:
    """ "The city project at 500 Mission Dr" (or "The city project")."""
    premises = ctx.get(project.premises)
    return f"The city project at {name_of(ctx, premises)}" if premises else "The city project"


@rule("ORG-CD-COVERED", on="cd_project", cite="Ch. 50 SB 1383 C&D (B)")
def city_project_waste_management_plan(project: CdProject, ctx: Context):
    """C&D (B): "The city or its designee shall submit a Waste Management Plan (WMP) to the
    compliance official prior to beginning any construction or demolition activities".
    Reading (``org.wmp_days_before_work``): a plan submitted by the day work begins is
    on time. Work begun before the subchapter took effect owed no plan."""
    if not project.city_project or not _in_force(ctx):
        return None
    lead = ctx.param("org.wmp_days_before_work")
    began = project.work_began_on
    submitted = project.wmp_submitted_on
    name = _project(project, ctx)
    if began is not None:
        if not _in_force(ctx, began):
            return None
        due_on = add_days(began, -lead)
        return deadline(
            due_on=due_on,
            done_on=submitted,
            as_of=ctx.as_of,
            explanation=f"{name} began work on {began}; its Waste Management Plan was due by "
            f"{due_on}: {_tail(submitted, due_on, ctx, 'submitted', 'none submitted')}.",
            reading=None
            if lead
            else "A plan submitted on the day work begins is submitted before work begins.",
        )
    if submitted is not None:
        return met(f"{name} submitted its Waste Management Plan on {submitted}, before work began.")
    planned = project.planned_start_on
    if planned is None:
        return due(f"{name} has not begun work; its Waste Management Plan is due before it does.")
    if planned >= ctx.as_of:
        return due(
            f"{name} has not begun work, planned for {planned}; its Waste Management Plan is due "
            "before work begins.",
            due=add_days(planned, -lead),
        )
    return due(
        f"{name} was planned to begin work on {planned}, but no start of work is on record; its "
        "Waste Management Plan is due before work begins."
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
            return f"it builds {plural(units, 'multi-family dwelling unit')} ({minimum} or more)"
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
            f"its addition of {number(round(added, 1))} sq ft is {_num(share * 100)}% of the "
            f"existing {number(round(existing, 1))} sq ft, more than {_num(ratio * 100)}%"
        )
    return None


_CONSTRUCTION_WORDS = {"new": "new construction", "addition": "an addition"}


@rule("ORG-CALGREEN", on="building_application")
def calgreen_storage_areas(application: BuildingApplication, ctx: Context):
    """CALGreen (B): "as a condition of the city's permit approval … provide readily
    accessible areas … identified for the storage and collection of blue container and
    green container materials". A condition of approval: plans not yet on record as
    identifying the areas leave it open."""
    reason = _calgreen_reason(application, ctx)
    if reason is None:
        return None
    premises = ctx.get(application.premises)
    at = f" at {name_of(ctx, premises)}" if premises is not None else ""
    head = (
        f"The building permit application of {application.date} for "
        f"{_CONSTRUCTION_WORDS[application.construction]}{at} needs recycling and organics "
        f"storage areas because {reason}"
    )
    cite = (
        "Ch. 50 SB 1383 CALGreen (B)(1)"
        if application.occupancy == "multi_family"
        else "Ch. 50 SB 1383 CALGreen (B)(2)"
    )
    if application.storage_areas:
        return met(f"{head}, and its plans identify them.", cite=cite)
    if application.storage_areas is None:
        return due(f"{head}; its plans are not yet on record as identifying them.", cite=cite)
    return violation(f"{head}, but its plans do not identify them.", cite=cite)
