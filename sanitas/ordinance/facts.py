"""The fact vocabulary: what the engine accepts, field by field.

A fact is a mapping with a ``type``. Things (establishments, devices, permits)
carry an ``id``; events (a pump-out, a training, a notice) may. A field that
names another fact holds that fact's ``id``. Each type here is a pydantic model
registered with :func:`fact_type`; the reference page (``sanitas vocabulary``)
is generated from these models, so the docstrings and field descriptions below
are the documentation.

Area modules add their own types with the same decorator; every type is
validated the same way, completely, before anything is evaluated.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from itertools import chain
from operator import attrgetter
from typing import Annotated, Any, ClassVar, Literal, get_args, get_origin

import orjson
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from sanitas.ordinance.bounds import (
    check_date,
    is_key,
    key_problem,
    money_problem,
    number_text_flaw,
    number_text_problem,
    short_text,
    shown,
    text_limit,
    value_problem,
    year_problem,
)
from sanitas.ordinance.catalog import catalog

# --------------------------------------------------------------------------- field types

# the digits 0-9 alone (``\d`` would take other scripts' digits too: see bounds.py)
_DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_DATETIME_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$")


def _parse_date(value: Any) -> Any:
    if isinstance(value, datetime):
        raise ValueError("expected a date (YYYY-MM-DD), got a date and time")
    if isinstance(value, date):
        return check_date(value)
    if isinstance(value, str) and _DATE_RE.match(value):
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a calendar date") from None
        return check_date(day)
    raise ValueError(f"expected a date (YYYY-MM-DD), got {shown(value)}")


def _parse_datetime(value: Any) -> Any:
    if isinstance(value, datetime):
        check_date(value.date())
        return value.replace(second=0, microsecond=0, tzinfo=None)
    if isinstance(value, str) and _DATETIME_RE.match(value):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a calendar date and time") from None
        check_date(moment.date())
        return moment
    raise ValueError(f"expected a date and time (YYYY-MM-DDTHH:MM), got {shown(value)}")


def _parse_money(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError(f"expected an amount in dollars, got {value!r}")
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int | float | str):
        if isinstance(value, str) and (problem := number_text_problem(value)):
            raise ValueError(f"expected an amount in dollars: {problem}")
        try:
            # an int exactly (its text may be too long for str()), the rest as written
            amount = Decimal(value) if isinstance(value, int) else Decimal(str(value))
        except InvalidOperation:
            raise ValueError(f"expected an amount in dollars, got {shown(value)}") from None
        if not amount.is_finite():
            raise ValueError(f"expected an amount in dollars, got {value!r}")
    else:
        raise ValueError(f"expected an amount in dollars, got {shown(value)}")
    problem = money_problem(amount)
    if problem:
        raise ValueError(problem)
    return amount


def _parse_period(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9999:
        value = str(value)
    if isinstance(value, str) and re.match(r"^[0-9]{4}(-Q[1-4])?$", value):
        problem = year_problem(int(value[:4]))
        if problem:
            raise ValueError(problem)
        return value
    raise ValueError(f'expected a reporting period such as "2024" or "2025-Q1", got {shown(value)}')


def _parse_requirement(value: Any) -> Any:
    if isinstance(value, str) and value in catalog():
        return value
    raise ValueError(f"{value!r} is not a requirement ID of the catalog")


Date = Annotated[date, BeforeValidator(_parse_date)]
DateTime = Annotated[datetime, BeforeValidator(_parse_datetime)]
Money = Annotated[Decimal, BeforeValidator(_parse_money)]
Period = Annotated[str, BeforeValidator(_parse_period)]
RequirementId = Annotated[str, BeforeValidator(_parse_requirement)]


def ref(*types: str, description: str = "") -> Any:
    """A field holding the ``id`` of another fact of one of ``types`` (any type when
    none are given); optional fields get ``None`` as default."""
    return Field(default=None, description=description, json_schema_extra={"ref": list(types)})


def required_ref(*types: str, description: str = "") -> Any:
    """A required field holding the ``id`` of another fact."""
    return Field(description=description, json_schema_extra={"ref": list(types)})


# --------------------------------------------------------------------------- base and registry


class Fact(BaseModel):
    """Common to every fact."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: str
    id: str | None = Field(
        default=None,
        description="A unique name for this fact: letters, digits and - _ . : ~ /, "
        "beginning with a letter or a digit.",
    )
    notes: str | None = Field(default=None, description="Free text for people; never evaluated.")

    #: the field that dates the fact: a fact dated after the as-of date has not happened yet
    dated_by: ClassVar[str | None] = None
    #: reference fields, filled in by :func:`fact_type`: field name → accepted types
    references: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: list fields whose items are references
    list_references: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: where the type is documented (module name)
    area: ClassVar[str] = "core"

    def check(self) -> None:
        """Rules across fields of one fact; raise ``ValueError`` with the message."""

    @field_validator("*", mode="after")
    @classmethod
    def _within_bounds(cls, value: Any, info: ValidationInfo) -> Any:
        """Every field of every type within the bounds the records and the date
        arithmetic can hold (``bounds.py``; ``fastpath.py`` mirrors this)."""
        name = info.field_name or ""
        key = name == "id" or name in cls.references or name in cls.list_references
        problem = value_problem(value, text_limit(name, reference=key))
        if problem is None and key:
            problem = _keys_problem(value)
        if problem:
            raise ValueError(problem)
        return value

    @model_validator(mode="after")
    def _check(self) -> Fact:
        self.check()
        return self

    def date_of(self) -> date | None:
        if self.dated_by is None:
            return None
        value = getattr(self, self.dated_by)
        if isinstance(value, datetime):
            return value.date()
        return value


def _keys_problem(value: Any) -> str | None:
    """Why the key in an ``id`` or a reference, or one of a list of them, is no key
    (``bounds.key_problem``), or None."""
    if isinstance(value, str):
        return key_problem(value)
    if isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str) and (problem := key_problem(item)):
                return f"[{index}]: {problem}"
    return None


FACT_TYPES: dict[str, type[Fact]] = {}


def fact_type(cls: type[Fact]) -> type[Fact]:
    """Register a fact model under the literal value of its ``type`` field."""
    annotation = cls.model_fields["type"].annotation
    if get_origin(annotation) is not Literal:
        raise TypeError(f"{cls.__name__}.type must be a Literal")
    (name,) = get_args(annotation)
    refs: dict[str, tuple[str, ...]] = {}
    list_refs: dict[str, tuple[str, ...]] = {}
    for field_name, info in cls.model_fields.items():
        extra = info.json_schema_extra
        if isinstance(extra, dict) and "ref" in extra:
            types = tuple(extra["ref"])
            if get_origin(info.annotation) is list or "list" in str(info.annotation):
                list_refs[field_name] = types
            else:
                refs[field_name] = types
    cls.references = refs
    cls.list_references = list_refs
    cls.area = cls.__module__.rsplit(".", 1)[-1]
    if name in FACT_TYPES and FACT_TYPES[name] is not cls:
        raise TypeError(f"fact type {name!r} registered twice")
    FACT_TYPES[name] = cls
    return cls


class Thing(Fact):
    """A fact that other facts refer to: it must have an ``id``."""

    id: str = Field(
        description="A unique name for this fact, by which other facts refer to it: "
        "letters, digits and - _ . : ~ /, beginning with a letter or a digit."
    )


# --------------------------------------------------------------------------- core vocabulary

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


DeviceKind = Literal["grease_interceptor", "grease_trap", "sand_trap", "neutralizing_tank"]


@fact_type
class Device(Thing):
    """A pretreatment device: grease interceptor, grease trap, sand trap, neutralizing tank."""

    type: Literal["device"]
    establishment: str = required_ref("establishment")
    kind: DeviceKind
    installed_on: Date | None = None
    removed_on: Date | None = None
    compartments: int | None = Field(default=None, ge=0)
    capacity_gallons: float | None = Field(default=None, ge=0)
    grease_capacity_lbs: float | None = Field(default=None, ge=0)
    approved: bool | None = None
    dated_by: ClassVar[str | None] = "installed_on"


@fact_type
class PumpOut(Fact):
    """A hauler's pump-out of a device, with the manifest fields of § 51.64(D)."""

    type: Literal["pump_out"]
    device: str = required_ref("device")
    date: Date
    full: bool
    hauler_name: str | None = None
    hauler_address: str | None = None
    operator_name: str | None = None
    operator_signed: bool | None = None
    manifest_number: str | None = None
    water_gallons: float | None = Field(default=None, ge=0)
    fog_gallons: float | None = Field(default=None, ge=0)
    floating_fog_inches: float | None = Field(default=None, ge=0)
    settled_solids_inches: float | None = Field(default=None, ge=0)
    repairs: str | None = None
    disposal_facility: str | None = None
    dated_by: ClassVar[str | None] = "date"


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


@fact_type
class FrequencyOrder(Fact):
    """The Director's maintenance frequency for a grease interceptor."""

    type: Literal["frequency_order"]
    device: str = required_ref("device")
    date: Date
    months: int = Field(ge=1)
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Training(Fact):
    """An employee FOG training session and its attendance sheet."""

    type: Literal["training"]
    establishment: str = required_ref("establishment")
    date: Date
    employees: list[str] = required_ref("employee")
    signed: bool
    topics: list[str] | None = Field(
        default=None,
        description="Subjects covered (dry_wipe, food_waste_bagging, absorbents, grease_disposal).",
    )
    dated_by: ClassVar[str | None] = "date"


@fact_type
class BmpSubmittal(Fact):
    """A written best-management-practices program submitted to the Director."""

    type: Literal["bmp_submittal"]
    establishment: str = required_ref("establishment")
    date: Date
    elements: list[str] | None = Field(
        default=None,
        description="BMP elements the program includes (drain_screens, grease_segregation, "
        "food_waste_to_trash, exhaust_filters, employee_training, kitchen_signage).",
    )
    dated_by: ClassVar[str | None] = "date"


@fact_type
class OwnershipTransfer(Fact):
    """A sale or transfer of operational control of an establishment."""

    type: Literal["ownership_transfer"]
    establishment: str = required_ref("establishment")
    date: Date
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Renovation(Fact):
    """A renovation of an establishment (plumbing, FOG equipment, or building-permit valuation)."""

    type: Literal["renovation"]
    establishment: str = required_ref("establishment")
    date: Date
    plumbing: bool | None = None
    fog_equipment: bool | None = Field(
        default=None, description="Adds equipment that may increase FOG discharge."
    )
    valuation: Money | None = None
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Blockage(Fact):
    """A grease-related sewer blockage attributed to an establishment."""

    type: Literal["blockage"]
    establishment: str = required_ref("establishment")
    date: Date
    dated_by: ClassVar[str | None] = "date"


WaiverKind = Literal["fog_conditional", "fog_variance", "de_minimis", "physical_space"]


@fact_type
class Waiver(Thing):
    """A waiver or variance granted to an establishment or premises."""

    type: Literal["waiver"]
    subject: str = required_ref("establishment", "premises")
    kind: WaiverKind
    granted_on: Date
    expires_on: Date | None = None
    revoked_on: Date | None = None
    reverified_on: Date | None = None
    dated_by: ClassVar[str | None] = "granted_on"


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
class FoodRecoveryAgreement(Fact):
    """A written agreement between an edible food generator and a food recovery
    organization or service."""

    type: Literal["food_recovery_agreement"]
    generator: str = required_ref("establishment")
    partner: str = required_ref("establishment")
    start: Date
    end: Date | None = None
    food_types: list[str] | None = None
    collection_frequency: str | None = None
    good_samaritan_clause: bool | None = Field(
        default=None,
        description="The agreement informs the generator of the Good Samaritan Food "
        "Donation Act protections (ORG-FRO-GOOD-SAMARITAN).",
    )
    dated_by: ClassVar[str | None] = "start"


ReportKind = Literal[
    "edible_food_annual", "food_recovery_annual", "self_haul_quarterly", "hauler_facilities"
]


@fact_type
class Report(Fact):
    """A report received by the city for a period."""

    type: Literal["report"]
    subject: str = required_ref()
    kind: ReportKind
    period: Period
    date: Date
    dated_by: ClassVar[str | None] = "date"


@fact_type
class SelfHauler(Fact):
    """A self-hauler registration: the subject hauls its own organic waste."""

    type: Literal["self_hauler"]
    subject: str = required_ref("establishment", "premises")
    start: Date
    end: Date | None = None
    residential: bool | None = None
    dated_by: ClassVar[str | None] = "start"


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


# --------------------------------------------------------------------------- validation


class FactsError(Exception):
    """A facts document that cannot be evaluated; ``problems`` holds one line per defect."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def describe(position: int, raw: Any) -> str:
    """How a problem names a fact: by its id where it has one, else by its position."""
    ident = raw.get("id") if isinstance(raw, dict) else None
    kind = raw.get("type") if isinstance(raw, dict) else None
    label = f"fact {position + 1}"
    if isinstance(ident, str) and ident:
        label += f" (id {shown(ident)}"
        label += f", {short_text(kind)})" if isinstance(kind, str) else ")"
    elif isinstance(kind, str):
        label += f" ({short_text(kind)})"
    return label


def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + short_text(str(part))
    return out or "(fact)"


def _message(error: dict[str, Any]) -> str:
    kind = error["type"]
    value = error.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "value_error":
        return str(error["ctx"]["error"]) if "ctx" in error else error["msg"]
    if kind == "literal_error":
        expected = error.get("ctx", {}).get("expected", "")
        return f"{shown(value)} is not one of {expected}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, got {shown(value)}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {_number_shown(value)}"
    if kind in ("float_type", "float_parsing"):
        return f"expected a number, got {_number_shown(value)}"
    if kind in ("string_type",):
        return f"expected text, got {shown(value)}"
    if kind in ("list_type",):
        return f"expected a list, got {shown(value)}"
    if kind in ("model_type", "dict_type"):
        return f"expected a mapping, got {shown(value)}"
    msg = error["msg"]
    return f"{msg[0].lower()}{msg[1:]}" + (f" (got {shown(value)})" if "input" in error else "")


def _number_shown(value: Any) -> str:
    """A value given for a number, and, when it is text written like one with other
    digits or underscores (``1_000``, ``１２``), why that is not taken either."""
    flaw = number_text_flaw(value) if isinstance(value, str) else None
    return shown(value) if flaw is None else f"{shown(value)}, which {flaw}"


def _validation_problems(label: str, exc: ValidationError) -> list[str]:
    problems = []
    for error in exc.errors(include_url=False):
        loc = tuple(p for p in error["loc"] if not str(p).startswith("function-"))
        problems.append(f"{label}: {_loc(loc)}: {_message(error)}")
    return problems


def parse_fact(raw: Any, position: int) -> tuple[Fact | None, list[str]]:
    label = describe(position, raw)
    if not isinstance(raw, dict):
        return None, [f"{label}: a fact is a mapping with a 'type', got {shown(raw)}"]
    kind = raw.get("type")
    if kind is None:
        return None, [f"{label}: type: required field is missing"]
    model = FACT_TYPES.get(kind) if isinstance(kind, str) else None
    if model is None:
        return None, [f"{label}: type: unknown fact type {shown(kind)}"]
    try:
        return model.model_validate(raw), []
    except ValidationError as exc:
        return None, _validation_problems(label, exc)


class DecodedFacts(list):
    """Facts decoded straight from a JSON document's text into the fast structs, each
    plainly valid (``FastDecoder.decode_json_document``); ``raw`` is that text, decoded
    again as any document is when the facts' identities do not hold, so that the
    thorough path can report every problem."""

    __slots__ = ("raw",)

    def __init__(self, facts: list[Any], raw: bytes) -> None:
        super().__init__(facts)
        self.raw = raw


def parse_facts(raw_facts: Any, *, known: dict[str, str] | None = None) -> list[Fact]:
    """Validate every fact, then every reference; raise :class:`FactsError` listing
    every problem, or return the facts. ``known`` maps ids held elsewhere (records
    already stored) to their types: references to them are valid too."""
    if not isinstance(raw_facts, list):
        raise FactsError([f"facts: expected a list of facts, got {type(raw_facts).__name__}"])
    import sanitas.ordinance.rules  # noqa: F401  (every area's types are registered)
    from sanitas.ordinance.engine import paused_gc
    from sanitas.ordinance.fastpath import decoder

    # a city's batch decodes into hundreds of thousands of facts that all live on, so
    # the collector's passes meanwhile (the later ones over every fact so far) free
    # nothing: it is paused as for an evaluation
    if type(raw_facts) is DecodedFacts:
        with paused_gc():
            if _identities_hold(raw_facts, known):
                return list(raw_facts)
            raw_facts = orjson.loads(raw_facts.raw)["facts"]
    with paused_gc():
        decoded = decoder().decode(raw_facts)
        if decoded is not None and _identities_hold(decoded, known):
            return decoded
    return _parse_facts_reporting(raw_facts, known)


def _identities_hold(facts: list[Fact], known: dict[str, str] | None = None) -> bool:
    """Every id unique and every reference to a fact of an accepted type."""
    ids = [fact.id for fact in facts if fact.id is not None]
    types_by_id = {fact.id: fact.type for fact in facts if fact.id is not None}
    if len(types_by_id) != len(ids):
        return False
    if known:
        types_by_id = {**known, **types_by_id}
    by_class: dict[type, list[Fact]] = {}
    for fact in facts:
        by_class.setdefault(type(fact), []).append(fact)
    for cls, group in by_class.items():
        for field_name, allowed in cls.references.items():
            targets = set(map(attrgetter(field_name), group))
            targets.discard(None)
            if not _targets_hold(targets, allowed, types_by_id):
                return False
        for field_name, allowed in cls.list_references.items():
            lists = filter(None, map(attrgetter(field_name), group))
            if not _targets_hold(set(chain.from_iterable(lists)), allowed, types_by_id):
                return False
    return True


def _targets_hold(targets: set[str], allowed: tuple[str, ...], types: dict[str, str]) -> bool:
    for target in targets:
        actual = types.get(target)
        if actual is None or (allowed and actual not in allowed):
            return False
    return True


def _parse_facts_reporting(raw_facts: list[Any], known: dict[str, str] | None = None) -> list[Fact]:
    """The thorough path: pydantic validation of every fact, every problem reported."""
    problems: list[str] = []
    facts: list[Fact] = []
    positions: list[int] = []
    first_seen: dict[str, int] = {}
    for position, raw in enumerate(raw_facts):
        fact, fact_problems = parse_fact(raw, position)
        problems.extend(fact_problems)
        ident = raw.get("id") if isinstance(raw, dict) else None
        if isinstance(ident, str):
            if ident in first_seen:
                problems.append(
                    f"{describe(position, raw)}: id: {ident!r} is already the id of "
                    f"fact {first_seen[ident] + 1}"
                )
            else:
                first_seen[ident] = position
        if fact is not None:
            facts.append(fact)
            positions.append(position)
    # references are checked against every fact given, valid or not, so that one
    # bad fact does not hide or invent problems in the facts that name it
    types_by_id = {
        **(known or {}),
        **{
            raw["id"]: raw.get("type")
            for raw in raw_facts
            if isinstance(raw, dict) and isinstance(raw.get("id"), str)
        },
    }
    parsed = dict(zip(positions, facts, strict=True))
    for position, raw in enumerate(raw_facts):
        kind = raw.get("type") if isinstance(raw, dict) else None
        model = FACT_TYPES.get(kind) if isinstance(kind, str) else None
        if model is None:
            continue
        label = describe(position, raw)
        fact = parsed.get(position)
        for field_name, allowed in model.references.items():
            target = getattr(fact, field_name) if fact else raw.get(field_name)
            if isinstance(target, str) and is_key(target):  # else refused as no key
                problems.extend(_check_ref(label, field_name, target, allowed, types_by_id))
        for field_name, allowed in model.list_references.items():
            targets = getattr(fact, field_name) if fact else raw.get(field_name)
            if not isinstance(targets, list):
                continue
            for index, target in enumerate(targets):
                if isinstance(target, str) and is_key(target):
                    problems.extend(
                        _check_ref(label, f"{field_name}[{index}]", target, allowed, types_by_id)
                    )
    if problems:
        raise FactsError(problems)
    return facts


def _check_ref(
    label: str, field_name: str, target: str, allowed: tuple[str, ...], types: dict[str, str]
) -> list[str]:
    actual = types.get(target)
    if actual is None:
        return [f"{label}: {field_name}: no fact has the id {target!r}"]
    if allowed and actual not in allowed:
        return [
            f"{label}: {field_name}: {target!r} is a {actual}, expected " + " or ".join(allowed)
        ]
    return []


def vocabulary() -> dict[str, type[Fact]]:
    """Every registered fact type, by name (area modules register on import)."""
    import sanitas.ordinance.rules  # noqa: F401  (registers the area modules' types)

    return dict(sorted(FACT_TYPES.items()))
