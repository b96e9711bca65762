"""The FOG subchapter's fact types (§§ 51.61–51.68): the establishments' devices,
their pump-outs and frequency orders, trainings, BMP submittals, ownership transfers, renovations,
blockages, waivers and variances, and the Director's observations, decisions,
in-house cleanings and noncompliance charges.
"""

from __future__ import annotations

import re
from datetime import date
from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import Date, Fact, Money, Row, Thing, fact_type, ref, required_ref

# --------------------------------------------------------------------------- fact types

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


# --------------------------------------------------------------------------- vocabulary


def _not_before(later: date | None, earlier: date, later_name: str, earlier_name: str) -> None:
    if later is not None and later < earlier:
        raise ValueError(f"{later_name}: {later} is before {earlier_name} {earlier}")


@fact_type
class FogObservation(Fact):
    """What a FOG inspector observed at a food service establishment on one visit:
    a discharge of FOG (§ 51.61), sanitary fixtures draining through the grease
    interceptor (§ 51.63(E)), additives or emulsifiers in use (§ 51.64(C)), and the
    state of a required monitoring facility (§ 51.66(A)). A field left out was not
    observed."""

    type: Literal["fog_observation"]
    establishment: str = required_ref("establishment")
    date: Date
    device: str | None = ref("device", description="The device observed, if one.")
    fog_discharge: bool | None = Field(
        default=None,
        description="FOG seen discharged to the sanitary sewer (e.g. grease poured down a "
        "drain, an overflowing interceptor).",
    )
    sanitary_fixtures_connected: bool | None = Field(
        default=None,
        description="Toilets, urinals or similar sanitary fixtures discharge through the "
        "grease interceptor.",
    )
    additives_used: bool | None = Field(
        default=None, description="FOG-reducing additives (e.g. bacteria, enzymes) are in use."
    )
    emulsifiers_used: bool | None = Field(
        default=None,
        description="Emulsifying agents (chemicals, solvents) are introduced into the "
        "interceptor beyond ordinary dishwashing and sanitation.",
    )
    monitoring_facility: Literal["accessible", "inaccessible", "unsafe", "missing"] | None = Field(
        default=None, description="The sampling port or manhole the Director required."
    )
    dated_by: ClassVar[str | None] = "date"


FogDecisionKind = Literal[
    "significant_discharge",
    "additives_approved",
    "sanitary_fixtures_approved",
    "monitoring_facility_required",
]


@fact_type
class FogDecision(Fact):
    """A written decision of the Director about a food service establishment: a
    determination that it discharges FOG in significant quantities (§ 51.63(A)(4)),
    an approval of additives (§ 51.64(C)) or of sanitary fixtures draining through
    the interceptor (§ 51.63(E)), or a requirement to provide a monitoring facility
    (§ 51.66(A))."""

    type: Literal["fog_decision"]
    establishment: str = required_ref("establishment")
    kind: FogDecisionKind
    date: Date
    device: str | None = ref("device", description="The device an approval is limited to.")
    revoked_on: Date | None = Field(default=None, description="The decision ends on this date.")
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        _not_before(self.revoked_on, self.date, "revoked_on", "date")


@fact_type
class OperationsChange(Fact):
    """A change in a food service establishment's operations that may increase the
    FOG it generates or discharges (the definition of CHANGE IN OPERATIONS;
    § 51.63(D)): new food types or food preparation activities, new operational
    procedures, or increased discharges. It voids a FOG conditional waiver."""

    type: Literal["operations_change"]
    establishment: str = required_ref("establishment")
    date: Date
    change: Literal[
        "food_types", "food_preparation", "operational_procedures", "increased_discharge"
    ]
    dated_by: ClassVar[str | None] = "date"


_TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


@fact_type
class InHouseCleaning(Fact):
    """A cleaning of a pretreatment device (e.g. a grease trap) by the
    establishment's own employees, as logged in its compliance record (§ 51.65)."""

    type: Literal["in_house_cleaning"]
    device: str = required_ref("device")
    date: Date
    time: str | None = Field(default=None, description="Time of day of the cleaning, HH:MM.")
    employee_name: str | None = Field(default=None, description="Who performed the cleaning.")
    volume_gallons: float | None = Field(default=None, ge=0, description="Volume removed.")
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.time is not None and not _TIME_RE.match(self.time):
            raise ValueError(f"time: expected a time of day (HH:MM), got {self.time!r}")


CostCategory = Literal[
    "inspection_follow_up",
    "sampling",
    "monitoring",
    "laboratory_analysis",
    "treatment",
    "disposal",
    "administrative_processing",
    "agency_fine",
]


class CostLine(Row):
    """One itemized cost of a noncompliance charge, in cents."""

    row_word: ClassVar[str] = "cost"

    category: CostCategory = Field(description="What the city's cost was for.")
    amount_cents: int = Field(ge=0, description="In cents: 41250 is $412.50.")
    description: str | None = Field(default=None, description="The cost in the city's words.")


@fact_type
class NoncomplianceCharge(Thing):
    """A noncompliance charge determined by the Director (§ 51.67(B)), itemized by
    the city's costs: additional inspection and follow-up, sampling, monitoring,
    laboratory analysis, treatment, disposal, administrative processing, and fines
    imposed on the city by other agencies. Amounts are in cents."""

    type: Literal["noncompliance_charge"]
    establishment: str = required_ref("establishment")
    notice: str | None = ref("notice", description="The notice of noncompliance it follows.")
    assessed_on: Date
    costs: list[CostLine] = Field(
        description="The itemized costs, at least one: what each was for (inspection "
        "follow-up, sampling, monitoring, laboratory analysis, treatment, disposal, "
        "administrative processing or a fine imposed by another agency) and its amount."
    )
    billed_cents: int | None = Field(
        default=None, ge=0, description="The total billed, if stated: it must equal the costs."
    )
    due_on: Date | None = Field(default=None, description="When payment is due, if set.")
    paid_on: Date | None = Field(default=None, description="When it was paid.")
    dated_by: ClassVar[str | None] = "assessed_on"

    def check(self) -> None:
        if not self.costs:
            raise ValueError("costs: list at least one itemized cost")
        _not_before(self.due_on, self.assessed_on, "due_on", "assessed_on")
        _not_before(self.paid_on, self.assessed_on, "paid_on", "assessed_on")
