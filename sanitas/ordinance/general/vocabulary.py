"""The fact types every area reads: premises, establishments and their employees,
inspections, notices, corrections and citations.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import (
    Date,
    Fact,
    Money,
    RequirementId,
    Thing,
    fact_type,
    ref,
    required_ref,
)

# --------------------------------------------------------------------------- fact types

#: the languages notices are printed in: English, Spanish, Traditional Chinese
Language = Literal["en", "es", "zh-Hant"]


PremisesUse = Literal["residential", "commercial", "industrial", "mixed_use", "hotel"]


NonLocalEntity = Literal[
    "special_district",
    "federal",
    "prison",
    "state_park",
    "public_university",
    "county_fairground",
    "state_agency",
]


Category = Literal[
    "restaurant",
    "supermarket",
    "grocery_store",
    "food_service_provider",
    "food_distributor",
    "wholesale_food_vendor",
    "hotel",
    "health_facility",
    "large_venue",
    "large_event",
    "state_agency_cafeteria",
    "local_education_agency",
    "food_recovery_organization",
    "food_recovery_service",
    "car_wash",
    "other",
]


@fact_type
class Premises(Thing):
    """A lot or parcel: where collection service, zoning and sewer connections attach."""

    type: Literal["premises"]
    address: str | None = None
    zone: str | None = Field(default=None, description="Zoning district, e.g. C-3 or R-1.")
    dwelling_units: int | None = Field(default=None, ge=0)
    use: PremisesUse | None = None
    planned_development: bool | None = Field(
        default=None, description="Part of a planned development (Cal. Civil Code § 1351)."
    )
    shared_bins: bool | None = Field(
        default=None,
        description="The City Manager has determined the units must share bins.",
    )
    non_local_entity: NonLocalEntity | None = None
    alley: bool | None = Field(
        default=None, description="The lot is contiguous to a public alley (set-out location)."
    )
    owner_name: str | None = None
    owner_language: Language | None = Field(
        default=None, description="The language the owner reads notices in (en, es, zh-Hant)."
    )
    owner_tax_address: str | None = Field(
        default=None, description="The owner's address on the tax collector's roll."
    )
    service_payer_name: str | None = Field(
        default=None, description="The party responsible for paying for collection service."
    )
    service_payer_address: str | None = None
    located_in_city: bool | None = Field(
        default=None,
        description="Lies within the city's corporate limits (absent: it does); a sewer "
        "connection from outside pays the § 6-8.114(A) charge (PRM-CHARGES).",
    )


@fact_type
class Establishment(Thing):
    """A business or operation at a premises: a food service establishment, a
    supermarket, a hotel, a food recovery organization, a car wash…"""

    type: Literal["establishment"]
    premises: str | None = ref("premises")
    name: str | None = None
    address: str | None = None
    operator_name: str | None = Field(
        default=None, description="Who operates the business, as notices address them."
    )
    operator_language: Language | None = Field(
        default=None, description="The language the operator reads notices in (en, es, zh-Hant)."
    )
    category: Category
    cooks: bool | None = Field(
        default=None,
        description="Prepares hot food per the FSE definition (frying, baking, grilling, …).",
    )
    opened_on: Date | None = None
    closed_on: Date | None = None
    meals_per_day: int | None = Field(default=None, ge=0)
    seats: int | None = Field(default=None, ge=0)
    floor_area_sqft: float | None = Field(default=None, ge=0)
    gross_annual_sales: Money | None = None
    rooms: int | None = Field(default=None, ge=0)
    beds: int | None = Field(default=None, ge=0)
    on_site_food_facility: bool | None = None
    average_daily_attendance: int | None = Field(default=None, ge=0)
    charges_admission: bool | None = None
    operated_by_local_agency: bool | None = None
    wash_rack: bool | None = Field(
        default=None, description="Operates an automobile wash rack (car washes always do)."
    )
    kitchen_sink_outlets: int | None = Field(
        default=None, ge=0, description="Kitchen sink outlets wasting into the sewer."
    )
    located_in_city: bool | None = Field(
        default=None, description="Primary address physically in the city (FROs and FRSs)."
    )
    contact: str | None = Field(
        default=None,
        description="Contact information (person, phone, email) for food recovery records.",
    )
    multi_family: bool | None = None


@fact_type
class Employee(Thing):
    """A person employed at an establishment (for FOG training)."""

    type: Literal["employee"]
    establishment: str = required_ref("establishment")
    name: str | None = Field(default=None, description="The employee's name, as people call them.")
    job_title: str | None = Field(
        default=None, description="What the employee does, e.g. line cook."
    )
    hired_on: Date
    left_on: Date | None = None
    dated_by: ClassVar[str | None] = "hired_on"


@fact_type
class Inspection(Fact):
    """A site visit or check of any subject. ``violations`` lists the requirement
    IDs the inspector observed violated (the inspection findings of the
    catalog); a later inspection of the same subject that does not list one
    again records it corrected."""

    type: Literal["inspection"]
    subject: str = required_ref()
    date: Date
    fog_solids_percent_volume: float | None = Field(default=None, ge=0, le=100)
    fog_solids_percent_depth: float | None = Field(default=None, ge=0, le=100)
    access_refused: bool | None = None
    records_refused: bool | None = None
    remote_monitoring_refused: bool | None = None
    contamination: bool | None = None
    violations: list[RequirementId] | None = None
    program: Literal["fog", "sewer", "solid_waste", "organics"] | None = Field(
        default=None,
        description="The program the inspection was for; absent, every program's rules "
        "that fit the subject apply.",
    )
    by_hauler: bool | None = Field(
        default=None, description="Made by the franchised hauler (route review, cart check)."
    )
    residential_interior: bool | None = Field(
        default=None,
        description="Sought entry to the interior of a private residence, which the organics "
        "program may not enter (Ch. 50 inspections (A)): a refusal there is no violation.",
    )
    inspector: str | None = None
    dated_by: ClassVar[str | None] = "date"


NoticeKind = Literal["nov", "cart_tag", "noncompliance", "education"]


@fact_type
class Notice(Thing):
    """A notice served: a notice of violation, a cart tag, a FOG notice of
    noncompliance, or (during the education period) educational material."""

    type: Literal["notice"]
    subject: str = required_ref()
    requirement: RequirementId
    issued_on: Date
    kind: NoticeKind = "nov"
    due_on: Date | None = None
    dated_by: ClassVar[str | None] = "issued_on"


@fact_type
class Correction(Fact):
    """Compliance achieved on a notice."""

    type: Literal["correction"]
    notice: str = required_ref("notice")
    date: Date
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Citation(Thing):
    """An administrative citation."""

    type: Literal["citation"]
    subject: str = required_ref()
    requirement: RequirementId
    issued_on: Date
    notice: str | None = ref("notice")
    amount: Money | None = None
    dated_by: ClassVar[str | None] = "issued_on"
