"""The house-connection sewer permits' fact types ('65 Code §§ 6-8.103–6-8.133):
the contractors who lay the sewers, permits and the work under them, connection
designs and their runs, pressure tests, joint checks, connections, routes, final
certificates.
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import (
    Date,
    DateTime,
    Fact,
    Money,
    Row,
    Thing,
    fact_type,
    ref,
    required_ref,
)

# --------------------------------------------------------------------------- fact types

PermitKind = Literal[
    "house_connection", "special_pool", "special_grade", "special_depth", "special_manhole"
]


@fact_type
class Contractor(Thing):
    """A contractor who lays sewers on private premises, with the city business licence
    it must first have obtained (§ 6-8.103); every permit that names it reads its
    licence from this record."""

    type: Literal["contractor"]
    name: str = Field(description="The contractor's business name, as its licence gives it.")
    license_number: str | None = Field(
        default=None, description="The number of its city business licence."
    )
    license_expires_on: Date | None = Field(
        default=None,
        description="The last day its city business licence is in force (absent: not yet "
        "shown to the city).",
    )
    contact_name: str | None = Field(default=None, description="The person to call about the work.")
    phone: str | None = Field(default=None, description="The contractor's telephone number.")
    email: str | None = Field(default=None, description="The contractor's e-mail address.")
    address: str | None = Field(
        default=None, description="The contractor's business address, for its mail."
    )


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
    pipe_layer: str | None = ref(
        "contractor",
        description="The contractor on record who lays the sewer under the permit "
        "(§ 6-8.103): its name and city business licence are read from its record.",
    )
    contractor: str | None = Field(
        default=None,
        description="The contractor's name as typed on a permit recorded before contractors "
        "were records; read only when the permit names no pipe layer on record.",
    )
    contractor_license_expires_on: Date | None = Field(
        default=None,
        description="The last day the contractor's city business licence is in force, as "
        "typed on a permit recorded before contractors were records; read only when the "
        "permit names no pipe layer on record.",
    )
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


class Segment(Row):
    """One run of a house-connection sewer, from one point to the next."""

    row_word: ClassVar[str] = "run"

    from_: str = Field(
        alias="from",
        description="The point the run begins at: street_sewer, property_line, building, "
        "or a name the design gives a point (bend_1).",
    )
    to: str = Field(description="The point the run ends at, named as its beginning is.")
    diameter_in: float = Field(gt=0, description="The pipe's inside diameter.")
    material: str = Field(description="vitrified_clay, cast_iron, or another material.")
    length_ft: float | None = Field(default=None, gt=0, description="The run's length.")
    fall_ft: float | None = Field(
        default=None, description="How far the pipe drops from the run's beginning to its end."
    )
    depth_ft: float | None = Field(
        default=None, ge=0, description="How deep the pipe lies below a street's surface."
    )
    in_street: bool | None = Field(default=None, description="The run lies under a street.")
    clearance_wall_in: float | None = Field(
        default=None, ge=0, description="How far the pipe is from a building's exterior wall."
    )
    cover_in: float | None = Field(
        default=None, ge=0, description="How far the pipe is below the surface of the ground."
    )
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


InspectionStage = Literal["before_backfill", "pressure_test", "final"]


@fact_type
class InspectionRequest(Fact):
    """A request for the inspection of a stage of the work under a permit: the notice
    in writing that the work is ready for inspection (§ 6-8.132), made at the counter or
    by the contractor's call, for a day and a part of it. Its stages are the
    ordinance's: the connection before it is covered (§ 6-8.119(B)(7)), the pressure
    test (§ 6-8.119(B)(5)-(6)) and the final inspection before the certificate
    (§ 6-8.133). The inspector records its result; a failed or missed inspection is
    asked for again by a new request, and this one is kept."""

    type: Literal["inspection_request"]
    permit: str = required_ref("permit")
    stage: InspectionStage = Field(
        description="before_backfill: the connection, uncovered, before it is covered; "
        "pressure_test: the pressure test of the connection; final: the final inspection "
        "before the certificate of final inspection."
    )
    requested_on: Date = Field(description="The day the request was made.")
    day: Date = Field(description="The day the inspection is asked for.")
    window: Literal["morning", "afternoon", "all_day"] = Field(
        default="all_day", description="The part of the day the inspection is asked for."
    )
    called_by: str | None = Field(
        default=None,
        description="Who asked, when the contractor's office called it in (absent: asked "
        "at the counter).",
    )
    inspector: str | None = Field(
        default=None, description="The inspector who is to make the inspection."
    )
    result: Literal["passed", "failed", "missed"] | None = Field(
        default=None,
        description="passed or failed at inspection; missed: the inspector could not make "
        "it (no access, the work not ready or covered); absent: not yet inspected.",
    )
    dated_by: ClassVar[str | None] = "requested_on"

    def check(self) -> None:
        if self.day < self.requested_on:
            raise ValueError("day: the inspection cannot be asked for before the request")


PaymentMethod = Literal["cash", "check", "card", "money_order"]


@fact_type
class PermitPayment(Fact):
    """A payment of a permit's fees, taken at the counter with its receipt: the fees of
    § 6-8.114 set by Council resolution, and "all fees for the inspection thereof" that
    must be paid before the certificate of final inspection (§ 6-8.133). A payment is
    never changed into another: a mistaken one is voided and the right one recorded."""

    type: Literal["permit_payment"]
    permit: str = required_ref("permit")
    date: Date = Field(description="The day the payment was received.")
    amount: Money = Field(gt=0, description="The amount received, in dollars and cents.")
    method: PaymentMethod = Field(description="How it was paid.")
    receipt_number: str = Field(description="The number printed on the receipt, e.g. R-2025-0147.")
    payer: str | None = Field(default=None, description="Who paid, as the receipt names them.")
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.amount != self.amount.quantize(Decimal("0.01")):
            raise ValueError(f"amount: a payment is in dollars and whole cents, got {self.amount}")
