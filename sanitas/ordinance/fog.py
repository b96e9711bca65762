"""Chapter 51, discharges by food service establishments (§§ 51.61–51.68): the FOG program.

Who is covered (FOG-FSE-DEFINITION): an establishment is a food service
establishment when it ``cooks`` (frying, baking, grilling, … producing hot food
in receptacles that need washing) and is not recorded as outside the city; no
FOG rule applies to any other establishment. Nothing in the subchapter binds
before it came into force (``fog.in_force``).

Subjects: a finding about an establishment's standing (interceptor, BMP
program, fixtures, additives, monitoring) names the establishment; about a
device's condition (25 percent, maintenance frequency) the device; about an
employee's training the employee; about one event (a pump-out manifest, a
blockage, an inspection, a notice, a charge) the event's ``id`` where it has
one, else the thing the event belongs to. A notice of noncompliance is followed
by its own ``id``: an establishment may hold several, each with its deadline.

Principles every rule here keeps:

- A violation rests on something recorded: an observation, a record that lacks
  what the law requires, an act dated after its limit. What the records do not
  say is never supplied: an interceptor whose approval is not recorded is to be
  confirmed (``due``), not unapproved; where an approval or requirement changed
  after the last observation, a follow-up observation is ``due`` from the change.
- An order or decision binds from its date forward: a Director's frequency
  order never makes a pump-out due on a day before the order existed.
- A deadline met after it passed stays on the record as ``late``: each late
  pump-out interval of an interceptor, each late training, each notice complied
  with late.
- A notice of noncompliance is complied with by the act it demanded, where the
  records show it (a pump-out, a counted training, a submittal, an installed
  interceptor, an observation of the state corrected), or by a correction.
- An event dated before the thing it belongs to existed (a pump-out before its
  device was installed, a blockage before the establishment opened, a training
  of an employee not yet hired) is a data problem naming both records: it
  neither satisfies nor starts any clock.

Explanations name things as a clerk would say them to the recipient
(``words.name_of``); the reading of the law a rule relied on is the finding's
``reading``, never part of its explanation.

Observations that describe a standing state (sanitary fixtures, additives,
monitoring facility) are decided by the latest observation that reports them: a
later observation that finds the state corrected records it corrected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from sanitas.ordinance.calendar import add_days, add_months, day_text
from sanitas.ordinance.catalog import title
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    deadline,
    deadline_status,
    derived,
    due,
    exception,
    met,
    new_tuple,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import Date, Fact, Money, Thing, fact_type, ref, required_ref
from sanitas.ordinance.general import Employee, Establishment, Inspection, Notice
from sanitas.ordinance.words import (
    capital,
    dollars,
    listing,
    name_of,
    noun,
    plural,
    words,
)

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


class CostLine(BaseModel):
    """One itemized cost of a noncompliance charge, in cents."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    category: CostCategory
    amount_cents: int = Field(ge=0, description="In cents: 41250 is $412.50.")
    description: str | None = None


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
        description="The itemized costs, at least one, each {category, amount_cents, "
        "description?}; category is inspection_follow_up, sampling, monitoring, "
        "laboratory_analysis, treatment, disposal, administrative_processing or agency_fine."
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


# --------------------------------------------------------------------------- helpers

GREASE_DEVICES = ("grease_interceptor", "grease_trap")

#: readings the rules state in a finding's ``reading`` (one sentence each, for staff)
APPROVAL_NOT_RECORDED = (
    "A device whose approval is not on record is neither taken as approved nor as "
    "unapproved: confirming the approval is due, and only a record that it is not "
    "approved makes a violation."
)
FOLLOW_UP_DUE = (
    "An observation shows the state on its own day only: where the approval or "
    "requirement it was judged by changed afterwards, a follow-up observation is due "
    "from the change, and no violation is found without one."
)
UNSIGNED_DOES_NOT_COUNT = (
    "A training counts toward the training requirements only when the attendance sheet is signed."
)
TOPICS_MUST_BE_COVERED = (
    "A training that lists its topics counts only when it covers all four subjects "
    "of § 51.62(B)(1)-(4); one that lists none is taken to cover them."
)
ORDER_FROM_ITS_DATE = (
    "An order that shortens the frequency binds from its date: where the new frequency "
    "counted from the last pump-out had already run out, the next pump-out is due one "
    "new period after the order, and never later than under the old frequency."
)
CLOCK_FROM_START = (
    "The pump-out clock runs from the day the FOG rules took effect or the "
    "establishment opened, whichever is later: where the last pump-out or the "
    "installation came earlier, the first period is counted from that day."
)
NOTICE_MET_BY_ACT = (
    "A notice of noncompliance is complied with by the act it demanded, as the records "
    "show it, without a separate correction record."
)
REPAIRS_MAY_BE_ABSENT = "A manifest that records no repairs is read as saying none were made."


def _is(fact: Any, type_name: str) -> bool:
    """Whether ``fact`` is a fact of ``type_name`` (facts may be models or fast structs)."""
    return fact is not None and fact.type == type_name


def _in_force(ctx: Context) -> date:
    return ctx.param("fog.in_force")


def _is_fse(establishment: Any, ctx: Context) -> bool:
    return _is(establishment, "establishment") and bool(ctx.derived("is_fse", establishment))


def _opened(establishment: Establishment, ctx: Context) -> bool:
    """Opened by the as-of date (or no opening recorded). A violation found while an
    establishment was open stays on its record after it closes."""
    return establishment.opened_on is None or establishment.opened_on <= ctx.as_of


def _operating(establishment: Establishment, ctx: Context) -> bool:
    """Open on the as-of date: opened, and not closed (no more maintenance falls due)."""
    closed = establishment.closed_on
    return _opened(establishment, ctx) and (closed is None or closed > ctx.as_of)


def _fse(ident: str | None, ctx: Context) -> Establishment | None:
    """The establishment ``ident`` if it is a food service establishment."""
    establishment = ctx.get(ident)
    return establishment if _is_fse(establishment, ctx) else None


def _interceptor(device: Device) -> bool:
    return device.kind == "grease_interceptor"


def _in_service(device: Device, ctx: Context) -> bool:
    return device.removed_on is None or device.removed_on > ctx.as_of


def _installed_on(device: Device, day: date) -> bool:
    """Installed by ``day`` (or no installation recorded) and not yet removed."""
    return (device.installed_on is None or device.installed_on <= day) and (
        device.removed_on is None or device.removed_on > day
    )


def _devices(establishment: Establishment, ctx: Context) -> list[Device]:
    return [
        d for d in ctx.referring("device", "establishment", establishment.id) if _in_service(d, ctx)
    ]


def _cents(cents: int) -> str:
    """An amount in cents as dollars and cents: 155575 is "$1,555.75"."""
    return f"${Decimal(cents) / 100:,.2f}"


def _number(value: float) -> str:
    return f"{value:g}"


def _name(ctx: Context, thing: Any) -> str:
    return name_of(ctx, thing)


def _Name(ctx: Context, thing: Any) -> str:
    """A name at the start of a sentence."""
    return capital(name_of(ctx, thing))


def _key(fact: Any) -> str | None:
    """The record key a data problem names: the fact's id, else the fact it belongs to."""
    if fact is None or isinstance(fact, str):
        return fact
    if fact.id is not None:
        return fact.id
    for field_name in fact.references:
        target = getattr(fact, field_name)
        if target is not None:
            return target
    return None


def _problem(ctx: Context, facts: list[Any], problem: str) -> None:
    """Report facts that contradict each other, each record named once."""
    keys = [k for k in dict.fromkeys(_key(f) for f in facts) if k is not None]
    ctx.data_problem(keys, problem)


def _decisions(
    establishment: Establishment,
    kind: str,
    ctx: Context,
    device: str | None = None,
    on: date | None = None,
) -> list[Any]:
    """The Director's decisions of ``kind`` in force on ``on`` (default: the as-of
    date), for ``device`` where a decision is limited to one. A decision binds from
    its date until the day it is revoked."""
    day = ctx.as_of if on is None else on
    return [
        d
        for d in ctx.referring("fog_decision", "establishment", establishment.id)
        if d.kind == kind
        and d.date <= day
        and (d.revoked_on is None or d.revoked_on > day)
        and (d.device is None or device is None or d.device == device)
    ]


def _latest_observation(establishment: Establishment, ctx: Context, *fields: str) -> Any:
    """The latest FOG observation of the establishment that reports any of ``fields``."""
    for observation in reversed(
        ctx.referring("fog_observation", "establishment", establishment.id)
    ):
        if any(getattr(observation, name) is not None for name in fields):
            return observation
    return None


# ------------------------------------------------------------------------ events that cannot be


def _pump_outs(device: Device, ctx: Context) -> list[PumpOut]:
    """The device's pump-outs that could have happened, oldest first: none dated
    before its installation or after its removal. Each other one is reported as a data
    problem naming it and the device, and starts no clock. Computed once per
    evaluation."""
    cache = ctx.memo("fog.pump_outs")
    found = cache.get(device.id)
    if found is None:
        found = []
        for pump_out in ctx.referring("pump_out", "device", device.id):
            if device.installed_on is not None and pump_out.date < device.installed_on:
                _problem(
                    ctx,
                    [pump_out, device],
                    f"{_Name(ctx, pump_out)} is dated before {_name(ctx, device)} was "
                    f"installed on {device.installed_on}.",
                )
            elif device.removed_on is not None and pump_out.date > device.removed_on:
                _problem(
                    ctx,
                    [pump_out, device],
                    f"{_Name(ctx, pump_out)} is dated after {_name(ctx, device)} was "
                    f"removed on {device.removed_on}.",
                )
            else:
                found.append(pump_out)
        cache[device.id] = found
    return found


def _orders(device: Device, ctx: Context) -> list[FrequencyOrder]:
    """The Director's frequency orders for the device that could have been made of it:
    none dated before it was installed or after it was removed (each such one is a data
    problem, and sets no frequency). Once per evaluation."""
    cache = ctx.memo("fog.orders")
    found = cache.get(device.id)
    if found is None:
        found = [
            order
            for order in ctx.referring("frequency_order", "device", device.id)
            if _while_installed(
                order, order.date, device, f"the Director's frequency order of {order.date}", ctx
            )
        ]
        cache[device.id] = found
    return found


def _possible_pump_out(pump_out: PumpOut, device: Device, ctx: Context) -> bool:
    """Whether the pump-out is dated while the device existed (else reported)."""
    _pump_outs(device, ctx)  # reports the ones that could not have happened, once
    return _installed_on(device, pump_out.date) or pump_out.date == device.removed_on


def _while_installed(event: Any, day: date, device: Device, what: str, ctx: Context) -> bool:
    """Whether an event about a device (an inspection, a cleaning) is dated while the
    device existed; if not, a data problem naming both."""
    if device.installed_on is not None and day < device.installed_on:
        _problem(
            ctx,
            [event, device],
            f"{capital(what)} is dated before {_name(ctx, device)} was installed on "
            f"{device.installed_on}.",
        )
        return False
    if device.removed_on is not None and day > device.removed_on:
        _problem(
            ctx,
            [event, device],
            f"{capital(what)} is dated after {_name(ctx, device)} was removed on "
            f"{device.removed_on}.",
        )
        return False
    return True


def _blockages(establishment: Establishment, ctx: Context) -> list[Blockage]:
    """The establishment's grease-related blockages that could have happened: none
    dated before it opened (each such one is a data problem). Once per evaluation."""
    cache = ctx.memo("fog.blockages")
    found = cache.get(establishment.id)
    if found is None:
        found = []
        opened = establishment.opened_on
        for blockage in ctx.referring("blockage", "establishment", establishment.id):
            if opened is not None and blockage.date < opened:
                _problem(
                    ctx,
                    [blockage, establishment],
                    f"The grease-related blockage of {blockage.date} is attributed to "
                    f"{_name(ctx, establishment)}, which opened only on {opened}.",
                )
            else:
                found.append(blockage)
        cache[establishment.id] = found
    return found


# --------------------------------------------------------------------------- FOG-FSE-DEFINITION


@derived("is_fse", on="establishment", requirement="FOG-FSE-DEFINITION")
def is_fse(establishment: Establishment, ctx: Context) -> bool:
    """Ch. 51 definitions, FOOD SERVICE ESTABLISHMENT: "Any room, building, or place …
    located within the boundaries of the City of San Gabriel … engaged in activities
    of … preparing, serving … food … These establishments use one or more of the
    following food preparation activities: cooking by frying …, baking …, grilling
    … and any other food preparation activity that produces a hot, non-drinkable
    food product in or on a receptacle that requires washing." """
    return establishment.cooks is True and establishment.located_in_city is not False


# ------------------------------------------------------------------------ FOG-DISCHARGE-PROHIBITION


@rule("FOG-DISCHARGE-PROHIBITION", on="blockage")
def discharge_blockage(blockage: Blockage, ctx: Context) -> Outcome | None:
    """§ 51.61: "It is unlawful for any food service establishment to discharge FOG
    into the sanitary sewer or allow, cause, or contribute to, the discharge of FOG
    into the sanitary sewer in any manner that is in violation of any condition set
    forth in this subchapter." A grease-related blockage attributed to an FSE is
    such a discharge; one dated before the establishment opened is a data problem."""
    establishment = _fse(blockage.establishment, ctx)
    if establishment is None or blockage.date < _in_force(ctx):
        return None
    _blockages(establishment, ctx)  # reports the ones that could not have happened, once
    if establishment.opened_on is not None and blockage.date < establishment.opened_on:
        return None
    return violation(
        f"A grease-related sewer blockage on {blockage.date} is attributed to "
        f"{_name(ctx, establishment)}, which caused or contributed to a discharge of fats, "
        "oils and grease into the sanitary sewer."
    )


@rule("FOG-DISCHARGE-PROHIBITION", on="fog_observation")
def discharge_observed(observation: FogObservation, ctx: Context) -> Outcome | None:
    """§ 51.61: "It is unlawful for any food service establishment to discharge FOG
    into the sanitary sewer …" — as an inspector observed it."""
    establishment = _fse(observation.establishment, ctx)
    if observation.fog_discharge is not True or establishment is None:
        return None
    if observation.date < _in_force(ctx):
        return None
    return violation(
        f"On {observation.date} the inspector observed {_name(ctx, establishment)} "
        "discharging fats, oils and grease into the sanitary sewer."
    )


@rule("FOG-DISCHARGE-PROHIBITION", on="fog_decision")
def discharge_determined(decision: FogDecision, ctx: Context) -> Outcome | None:
    """§ 51.61, with § 51.63(A)(4): an FSE "which, based on inspection or sampling,
    has been determined by the Director to be discharging FOG in significant
    quantities sufficient to adversely impact the sanitary sewer." """
    if decision.kind != "significant_discharge" or decision.date < _in_force(ctx):
        return None
    establishment = _fse(decision.establishment, ctx)
    if establishment is None:
        return None
    return violation(
        f"On {decision.date} the Director determined that {_name(ctx, establishment)} "
        "discharges fats, oils and grease in quantities significant enough to harm the "
        "sanitary sewer."
    )


# --------------------------------------------------------------------------- FOG-BMP-PROGRAM

_BMP_LABEL = {
    "drain_screens": "drain screens",
    "grease_segregation": "segregation and collection of waste cooking grease",
    "food_waste_to_trash": "disposal of food waste into trash receptacles (not sinks)",
    "exhaust_filters": "kitchen exhaust filter maintenance",
    "employee_training": "an employee training program",
    "kitchen_signage": "kitchen signage",
}


def _bmp_missing(submittal: BmpSubmittal, ctx: Context) -> list[str]:
    required = ctx.param("fog.bmp_elements", on=max(submittal.date, _in_force(ctx)))
    return [_BMP_LABEL.get(e, words(e)) for e in required if e not in (submittal.elements or ())]


@rule("FOG-BMP-PROGRAM", on="establishment")
def bmp_program(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.62(A): "Best management practices shall include, at a minimum,
    installation of drain screens, segregation and collection of waste cooking
    grease, proper disposal of food waste into trash receptacles and not in sinks,
    maintenance of kitchen exhaust filters, employee training program on proper
    disposal of food waste and grease, and kitchen signage." The latest submitted
    program that lists its elements decides."""
    if not _is_fse(establishment, ctx) or not _opened(establishment, ctx):
        return None
    submittal: BmpSubmittal | None = None
    for candidate in reversed(ctx.referring("bmp_submittal", "establishment", establishment.id)):
        if candidate.elements is not None:
            submittal = candidate
            break
    if submittal is None:
        return None
    required = ctx.param("fog.bmp_elements")
    missing = _bmp_missing(submittal, ctx)
    program = (
        f"The best management practices program {_name(ctx, establishment)} submitted on "
        f"{submittal.date}"
    )
    if missing:
        return violation(
            f"{program} lacks {listing(missing)}: {len(missing)} of the "
            f"{plural(len(required), 'minimum practice')}."
        )
    return met(f"{program} includes all {plural(len(required), 'minimum practice')}.")


# --------------------------------------------------------------------------- FOG-BMP-SUBMITTAL


@rule("FOG-BMP-SUBMITTAL", on="establishment")
def bmp_submittal(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.62(D): "A written copy of the best management practices program must be
    submitted to the Director." The subchapter sets no time for it: a notice of
    noncompliance does (FOG-NONCOMPLIANCE-NOTICE), and is met by the submittal."""
    if not _is_fse(establishment, ctx) or not _opened(establishment, ctx):
        return None
    if ctx.as_of < _in_force(ctx):
        return None
    submittals = ctx.referring("bmp_submittal", "establishment", establishment.id)
    if submittals:
        return met(
            f"{_Name(ctx, establishment)} submitted its written best management practices "
            f"program to the Director on {submittals[-1].date}."
        )
    return violation(
        f"{_Name(ctx, establishment)} is a food service establishment, and no written best "
        "management practices program from it has been submitted to the Director."
    )


# --------------------------------------------------------------------------- training

_TOPIC_WORDS = {
    "dry_wipe": "dry wiping",
    "food_waste_bagging": "bagging food waste",
    "absorbents": "absorbent products",
    "grease_disposal": "disposing of grease into a receptacle",
}


def _employment_end(employee: Employee, ctx: Context) -> date | None:
    """The last day of employment: ``left_on``, or the day the establishment closed."""
    establishment = ctx.get(employee.establishment)
    ends = [d for d in (employee.left_on, getattr(establishment, "closed_on", None)) if d]
    return min(ends) if ends else None


def _training_defect(training: Training, ctx: Context) -> tuple[str, str] | None:
    """Why a training does not count, and the reading that says so; None if it counts."""
    if not training.signed and ctx.param("fog.training_counts_only_signed", on=training.date):
        return f"the training of {training.date} is unsigned", UNSIGNED_DOES_NOT_COUNT
    topics = ctx.param("fog.training_topics", on=max(training.date, _in_force(ctx)))
    if training.topics is not None:
        lacking = [_TOPIC_WORDS.get(t, words(t)) for t in topics if t not in training.topics]
        if lacking:
            return (
                f"the training of {training.date} did not cover {listing(lacking)}",
                TOPICS_MUST_BE_COVERED,
            )
    return None


def _defect(training: Training, ctx: Context) -> tuple[str, str] | None:
    """``_training_defect``, once per training and evaluation."""
    cache = ctx.memo("fog.training_defects")
    key = id(training)
    if key not in cache:
        cache[key] = _training_defect(training, ctx)
    return cache[key]


def _classified(employee: Employee, ctx: Context) -> list[tuple[Training, tuple | None]]:
    """The employee's trainings that could have happened (dated while employed), oldest
    first, each with why it does not count (or None); a training dated before the
    employee was hired or after they left is a data problem. Once per evaluation."""
    cache = ctx.memo("fog.trainings")
    if employee.id not in cache:
        kept = []
        for training in ctx.referring("training", "employees", employee.id):
            if training.date < employee.hired_on:
                _problem(
                    ctx,
                    [training, employee],
                    f"The training of {day_text(training.date)} at "
                    f"{_name(ctx, training.establishment)} lists {_name(ctx, employee)}, "
                    f"who was hired only on {day_text(employee.hired_on)}.",
                )
            elif employee.left_on is not None and training.date > employee.left_on:
                _problem(
                    ctx,
                    [training, employee],
                    f"The training of {training.date} at "
                    f"{_name(ctx, training.establishment)} lists {_name(ctx, employee)}, "
                    f"who had left on {employee.left_on}.",
                )
            else:
                kept.append((training, _defect(training, ctx)))
        cache[employee.id] = kept
    return cache[employee.id]


def _trainings(
    employee: Employee, ctx: Context, start: date, end: date | None = None
) -> tuple[list[Training], list[tuple[str, str]]]:
    """The employee's trainings dated from ``start`` to ``end``: those that count, and
    why each other one does not (with its reading)."""
    counted: list[Training] = []
    ignored: list[tuple[str, str]] = []
    for training, defect in _classified(employee, ctx):
        if training.date < start or (end is not None and training.date > end):
            continue
        if defect is None:
            counted.append(training)
        else:
            ignored.append(defect)
    return counted, ignored


def _not_counted(ignored: list[tuple[str, str]]) -> tuple[str, str | None]:
    """Why the trainings that did not count do not ("the training of 2025-02-10 is
    unsigned, so it does not count"; several joined by semicolons), and the readings
    that say so."""
    if not ignored:
        return "", None
    readings = " ".join(dict.fromkeys(reading for _, reading in ignored))
    return "; ".join(f"{why}, so it does not count" for why, _ in ignored), readings


def _employee_subject(employee: Employee, ctx: Context) -> str:
    """The employee at the start of a sentence, with the hire date said once."""
    if getattr(employee, "name", None):
        return f"{employee.name} (hired {employee.hired_on})"
    return _Name(ctx, employee)


def _training_deadline(
    *,
    employee: Employee,
    ctx: Context,
    start: date,
    due_on: date,
    why: str,
) -> Outcome | None:
    counted, ignored = _trainings(employee, ctx, start)
    done_on = counted[0].date if counted else None
    end = _employment_end(employee, ctx)
    if done_on is None and end is not None and end < due_on:
        return None  # left before the training fell due
    skipped, reading = _not_counted(ignored if done_on is None else [])
    who = _employee_subject(employee, ctx)
    return deadline(
        due_on=due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=_training_words(who, why, ctx.as_of, due_on, due_on, done_on, done_on, skipped),
        reading=reading,
    )


def _training_words(
    who: str,
    why: str,
    as_of: date,
    due_on: date,
    due_text: object,
    done_on: date | None,
    done_text: object,
    skipped: str,
) -> str:
    """The sentence of a training due once: ``who``, ``why`` (with ``{verb}``), the
    due day and the day trained (each as a date or as its text), and why the
    trainings that did not count do not."""
    verb = "is" if done_on is None and as_of <= due_on else "was"
    if done_on is not None and done_on <= due_on:
        tail = f"and was trained on {done_text}"
    elif done_on is not None:
        tail = f"and was trained on {done_text}, {plural((done_on - due_on).days, 'day')} late"
    elif as_of <= due_on:
        tail = "and no counted FOG training is on record yet"
    else:
        tail = "but no counted FOG training is on record"
    if skipped:
        tail += f" ({skipped})"
    return f"{who} {why.format(verb=verb)}, by {due_text}, {tail}."


@rule("FOG-TRAINING-INITIAL", on="employee")
def training_initial(employee: Employee, ctx: Context) -> Outcome | None:
    """§ 51.62(B): "All food service establishments shall provide employee training
    within 180 days of the effective date of the ordinance adopting this
    subchapter" — for the employees employed when it took effect; trainings from
    the effective date count."""
    if ctx.fast:
        return _training_initial_fast(employee, ctx)
    if _fse(employee.establishment, ctx) is None:
        return None
    in_force = _in_force(ctx)
    end = _employment_end(employee, ctx)
    if employee.hired_on >= in_force or (end is not None and end < in_force):
        return None
    days = ctx.param("fog.initial_training_days", on=in_force)
    return _training_deadline(
        employee=employee,
        ctx=ctx,
        start=in_force,
        due_on=add_days(in_force, days),
        why=f"was employed when the FOG rules took effect on {in_force} and {{verb}} to be "
        f"trained within {plural(days, 'day')}",
    )


@rule("FOG-TRAINING-NEW-HIRE", on="employee")
def training_new_hire(employee: Employee, ctx: Context) -> Outcome | None:
    """§ 51.62(B): "… to all new employees within ten days of their employment …" """
    if ctx.fast:
        return _training_new_hire_fast(employee, ctx)
    if _fse(employee.establishment, ctx) is None or employee.hired_on < _in_force(ctx):
        return None
    days = ctx.param("fog.new_hire_training_days", on=employee.hired_on)
    return _training_deadline(
        employee=employee,
        ctx=ctx,
        start=employee.hired_on,
        due_on=add_days(employee.hired_on, days),
        why=f"{{verb}} to receive FOG training within {plural(days, 'day')} of being hired",
    )


def _full_years(employee: Employee, ctx: Context) -> Iterator[int]:
    """The calendar years, up to the as-of year, the employee was employed all of
    while the subchapter was in force (the as-of year: employed since its start)."""
    in_force = _in_force(ctx)
    first = max(in_force, employee.hired_on)
    year = first.year if first == date(first.year, 1, 1) else first.year + 1
    end = _employment_end(employee, ctx)
    while year <= ctx.as_of.year:
        if end is not None and end < date(year, 12, 31):
            return
        yield year
        year += 1


@rule("FOG-TRAINING-SEMIANNUAL", on="employee")
def training_semiannual(employee: Employee, ctx: Context) -> list[Outcome] | Iterator[Outcome]:
    """§ 51.62(B): "… and to all employees twice each calendar year, on the best
    management practices including but not limited to the following subjects: (1)
    … "dry wipe" …; (2) … food waste and solids in enclosed plastic bags …; (3) …
    absorption products …; (4) … grease or oils … into a grease receptacle …"

    A training belongs to the calendar year it is dated in: one given in January
    does not make up for the year before, which stays overdue."""
    if ctx.fast:
        return _training_semiannual_in_one_pass(employee, ctx)
    return _training_semiannual_each_year(employee, ctx)


def _training_semiannual_each_year(employee: Employee, ctx: Context) -> Iterator[Outcome]:
    """FOG-TRAINING-SEMIANNUAL, each year on its own (the engine's reference path)."""
    if _fse(employee.establishment, ctx) is None:
        return
    who = _Name(ctx, employee)
    for year in _full_years(employee, ctx):
        year_end = date(year, 12, 31)
        needed = ctx.param("fog.trainings_per_year", on=year_end)
        counted, ignored = _trainings(employee, ctx, date(year, 1, 1), year_end)
        dates = listing(str(t.date) for t in counted)
        done_on = counted[needed - 1].date if len(counted) >= needed else None
        skipped, reading = _not_counted(ignored) if done_on is None else ("", None)
        counted_words = plural(len(counted), "counted FOG training")
        text = _year_of_training_words(
            who, year, year_end, ctx.as_of, dates, counted_words, needed, done_on, skipped
        )
        yield deadline(
            due_on=year_end,
            done_on=done_on,
            as_of=ctx.as_of,
            period=str(year),
            explanation=text,
            reading=reading,
        )


def _year_of_training_words(
    who: str,
    year: object,
    year_end: date,
    as_of: date,
    dates: str,
    counted_words: str,
    needed: int,
    done_on: date | None,
    skipped: str,
) -> str:
    """The sentence of a year's trainings: ``who``, the year and its last day, the
    days of the trainings that count and how many there are ("1 counted FOG
    training"), the ``needed`` ones, and why the others did not count."""
    employed = (
        f"{who} was employed all of {year}"
        if as_of >= year_end
        else f"{who} has been employed since the start of {year}"
    )
    if done_on is not None:
        return f"{employed} and was trained on {dates}, the {needed} trainings the year requires."
    notes = "; ".join(n for n in (dates, skipped) if n)
    so_far = f" ({notes})" if notes else ""
    verb = "are due" if as_of <= year_end else "were due"
    return (
        f"{employed}: {counted_words} dated in {year}"
        f"{so_far}, and {needed} {verb} by {day_text(year_end)}."
    )


# ------------------------------------------------------------- training, the fast path
#
# The three training rules above as the engine's fast path runs them: what they
# each work out about an employee (whether the business is a food service
# establishment, the end of employment, the names) once per employee, the days
# written from the calendar's memo, and the years of FOG-TRAINING-SEMIANNUAL in one
# pass over the employee's trainings. The findings are the rules' own, byte for
# byte (tests/test_engine_speed.py compares the two paths).


class _Trainee(NamedTuple):
    end: date | None  # the last day of employment
    name: str  # at the start of a sentence
    subject: str  # at the start of a sentence, with the hire date said once


def _trainee(employee: Employee, ctx: Context) -> _Trainee | None:
    """What the training rules need of an employee of a food service establishment
    (None for any other employee), once per evaluation."""
    cache = ctx.memo("fog.trainees")
    key = id(employee)
    try:
        return cache[key]
    except KeyError:
        pass
    trainee = None
    if _fse(employee.establishment, ctx) is not None:
        name = _Name(ctx, employee)
        subject = _employee_subject(employee, ctx) if getattr(employee, "name", None) else name
        trainee = _Trainee(_employment_end(employee, ctx), name, subject)
    cache[key] = trainee
    return trainee


def _training_deadline_fast(
    employee: Employee, trainee: _Trainee, ctx: Context, start: date, due_on: date, why: str
) -> Outcome | None:
    """``_training_deadline`` for a trainee: the first counted training from
    ``start``, or if there is none, why the others do not count."""
    done_on = None
    ignored: list[tuple[str, str]] = []
    for training, defect in _classified(employee, ctx):
        if training.date < start:
            continue
        if defect is None:
            done_on = training.date
            break
        ignored.append(defect)
    reading = None
    skipped = ""
    if done_on is None:
        end = trainee.end
        if end is not None and end < due_on:
            return None  # left before the training fell due
        skipped, reading = _not_counted(ignored)
    as_of = ctx.as_of
    text = _training_words(
        trainee.subject,
        why,
        as_of,
        due_on,
        day_text(due_on),
        done_on,
        None if done_on is None else day_text(done_on),
        skipped,
    )
    status = deadline_status(due_on, done_on, as_of)
    return new_tuple(Outcome, (status, text, due_on, None, None, reading, None))


def _training_initial_fast(employee: Employee, ctx: Context) -> Outcome | None:
    trainee = _trainee(employee, ctx)
    if trainee is None:
        return None
    in_force = _in_force(ctx)
    end = trainee.end
    if employee.hired_on >= in_force or (end is not None and end < in_force):
        return None
    days = ctx.param("fog.initial_training_days", on=in_force)
    why = (
        f"was employed when the FOG rules took effect on {in_force} and {{verb}} to be "
        f"trained within {plural(days, 'day')}"
    )
    return _training_deadline_fast(employee, trainee, ctx, in_force, add_days(in_force, days), why)


#: "{verb} to receive FOG training within 10 days of being hired", by the days
_NEW_HIRE_WHY: dict[int, str] = {}


def _training_new_hire_fast(employee: Employee, ctx: Context) -> Outcome | None:
    hired_on = employee.hired_on
    if hired_on < _in_force(ctx):
        return None
    trainee = _trainee(employee, ctx)
    if trainee is None:
        return None
    days = ctx.param("fog.new_hire_training_days", on=hired_on)
    why = _NEW_HIRE_WHY.get(days)
    if why is None:
        why = _NEW_HIRE_WHY[days] = (
            f"{{verb}} to receive FOG training within {plural(days, 'day')} of being hired"
        )
    return _training_deadline_fast(employee, trainee, ctx, hired_on, add_days(hired_on, days), why)


def _training_semiannual_in_one_pass(employee: Employee, ctx: Context) -> list[Outcome]:
    """FOG-TRAINING-SEMIANNUAL's years in one pass over the employee's trainings: a
    year without any costs its sentence alone."""
    trainee = _trainee(employee, ctx)
    if trainee is None:
        return []
    as_of = ctx.as_of
    first = max(_in_force(ctx), employee.hired_on)
    year = first.year if first.month == 1 and first.day == 1 else first.year + 1
    if year > as_of.year:
        return []
    who, end = trainee.name, trainee.end
    by_year: dict[int, _YearOfTrainings] | None = None
    out: list[Outcome] = []
    add = out.append
    for number, year_end, period in _years(year, as_of.year):
        if end is not None and end < year_end:
            break
        if by_year is None:
            by_year = _trainings_by_year(employee, ctx)
        needed = ctx.param("fog.trainings_per_year", on=year_end)
        if number not in by_year and needed > 0:
            # a year with no training on record: its sentence but the name is the
            # same for every employee, written once
            key = (number, needed, as_of)
            untrained = _UNTRAINED.get(key)
            if untrained is None:
                if len(_UNTRAINED) > 4096:
                    _UNTRAINED.clear()
                untrained = _UNTRAINED[key] = (
                    _year_of_training_words(
                        "", period, year_end, as_of, "", _COUNTED_WORDS[0], needed, None, ""
                    ),
                    deadline_status(year_end, None, as_of),
                )
            tail, status = untrained
            add(new_tuple(Outcome, (status, who + tail, year_end, period, None, None, None)))
            continue
        texts, dates, ignored = by_year.get(number, _NO_TRAININGS)
        done_on = dates[needed - 1] if len(dates) >= needed else None
        skipped, reading = _not_counted(ignored) if done_on is None else ("", None)
        counted = len(dates)
        counted_words = _COUNTED_WORDS.get(counted) or plural(counted, "counted FOG training")
        text = _year_of_training_words(
            who, period, year_end, as_of, listing(texts), counted_words, needed, done_on, skipped
        )
        status = deadline_status(year_end, done_on, as_of)
        add(new_tuple(Outcome, (status, text, year_end, period, None, reading, None)))
    return out


#: a year's trainings of one employee: the texts and the days of those that count,
#: and why each other one does not
_YearOfTrainings = tuple[list[str], list[date], list[tuple[str, str]]]
_NO_TRAININGS: _YearOfTrainings = ([], [], [])
_COUNTED_WORDS = {n: plural(n, "counted FOG training") for n in range(8)}
#: the sentence of a year without a training on record, after the employee's name,
#: and its status, by (the year, the trainings it needs, the as-of date)
_UNTRAINED: dict[tuple[int, int, date], tuple[str, str]] = {}


def _trainings_by_year(employee: Employee, ctx: Context) -> dict[int, _YearOfTrainings]:
    """The employee's trainings by calendar year, in the order the rules see them
    (oldest first)."""
    by_year: dict[int, _YearOfTrainings] = {}
    for training, defect in _classified(employee, ctx):
        bucket = by_year.get(training.date.year)
        if bucket is None:
            bucket = by_year[training.date.year] = ([], [], [])
        if defect is None:
            bucket[0].append(day_text(training.date))
            bucket[1].append(training.date)
        else:
            bucket[2].append(defect)
    return by_year


#: the calendar years from one to another: (the year, December 31, its label)
_YEARS: dict[tuple[int, int], tuple[tuple[int, date, str], ...]] = {}


def _years(first: int, last: int) -> tuple[tuple[int, date, str], ...]:
    key = (first, last)
    run = _YEARS.get(key)
    if run is None:
        if len(_YEARS) > 4096:
            _YEARS.clear()
        run = _YEARS[key] = tuple(
            (year, date(year, 12, 31), str(year)) for year in range(first, last + 1)
        )
    return run


@rule("FOG-TRAINING-RECORDS", on="training")
def training_records(training: Training, ctx: Context) -> Outcome | None:
    """§ 51.62(C): "Training shall be documented and employee signatures retained
    indicating each employee's attendance and understanding of the practices
    reviewed." The finding names the establishment."""
    establishment = _fse(training.establishment, ctx)
    if establishment is None or training.date < _in_force(ctx):
        return None
    people = plural(len(training.employees), "employee")
    what = f"The FOG training at {_name(ctx, establishment)} on {training.date} ({people})"
    if training.signed:
        return met(f"{what} is documented with signatures.", subject=establishment.id)
    counts_only_signed = ctx.param("fog.training_counts_only_signed", on=training.date)
    return violation(
        f"{what} has no employee signatures showing attendance and understanding.",
        subject=establishment.id,
        reading=UNSIGNED_DOES_NOT_COUNT if counts_only_signed else None,
    )


# --------------------------------------------------------------------------- waivers


def _waiver_establishments(waiver: Waiver, ctx: Context) -> list[Establishment]:
    subject = ctx.get(waiver.subject)
    if _is(subject, "establishment"):
        return [subject]
    return list(ctx.referring("establishment", "premises", waiver.subject))


_CHANGE_WORDS = {
    "food_types": "a change in food types",
    "food_preparation": "a change in food preparation activities",
    "operational_procedures": "a change in operational procedures",
    "increased_discharge": "increased discharges to the sewer system",
}


def _voiding_event(waiver: Waiver, ctx: Context) -> tuple[date, str] | None:
    """The earliest change after a FOG conditional waiver was granted that voids it."""
    if waiver.kind != "fog_conditional":
        return None
    voided_by = ctx.param("fog.conditional_waiver_voided_by", on=waiver.granted_on)
    events: list[tuple[date, str]] = []
    for establishment in _waiver_establishments(waiver, ctx):
        ident = establishment.id
        if "ownership_transfer" in voided_by:
            events += [
                (t.date, "a transfer of operational control")
                for t in ctx.referring("ownership_transfer", "establishment", ident)
            ]
        for renovation in ctx.referring("renovation", "establishment", ident):
            if renovation.plumbing and "plumbing_renovation" in voided_by:
                events.append((renovation.date, "a renovation of the plumbing system"))
            elif renovation.fog_equipment and "fog_equipment" in voided_by:
                events.append((renovation.date, "the addition of equipment that may increase FOG"))
        if "operations_change" in voided_by:
            events += [
                (c.date, _CHANGE_WORDS[c.change])
                for c in ctx.referring("operations_change", "establishment", ident)
            ]
        if "blockage" in voided_by:
            events += [
                (b.date, "a grease-related blockage") for b in _blockages(establishment, ctx)
            ]
    later = sorted(e for e in events if e[0] > waiver.granted_on)
    return later[0] if later else None


@derived("waiver_voided_on", on="waiver", requirement="FOG-WAIVER")
def waiver_voided_on(waiver: Waiver, ctx: Context) -> date | None:
    """§ 51.63(D): "Any waiver granted by the Director shall be voided by the food
    service establishment making changes in its operations that significantly
    affect FOG discharge, including, but not limited to, changes in food
    preparation activities, renovations of the plumbing system, and increased
    discharges to the sewer system." The date of the first such change after the
    grant (FOG conditional waivers only), else null."""
    event = _voiding_event(waiver, ctx)
    return None if event is None else event[0]


@derived("waiver_valid", on="waiver", requirement="FOG-WAIVER")
def waiver_valid(waiver: Waiver, ctx: Context) -> bool:
    """§ 51.63(D): "The waiver shall remain valid until the expiration date specified
    in the waiver … A waiver may be revoked at any time …" Every kind of waiver:
    granted by the date, not expired, not revoked; a FOG conditional waiver also
    not voided by a later change in operations."""
    as_of = ctx.as_of  # a waiver granted later is not yet among the facts
    if waiver.revoked_on is not None and waiver.revoked_on <= as_of:
        return False
    if waiver.expires_on is not None:
        through = ctx.param("fog.waiver_valid_through_expiry", on=waiver.granted_on)
        if as_of > waiver.expires_on or (as_of == waiver.expires_on and not through):
            return False
    return ctx.derived("waiver_voided_on", waiver) is None


def _waivers(establishment: Establishment, kind: str, ctx: Context) -> list[Waiver]:
    found = list(ctx.referring("waiver", "subject", establishment.id))
    if establishment.premises is not None:
        found += ctx.referring("waiver", "subject", establishment.premises)
    return [w for w in found if w.kind == kind]


def _valid_waivers(establishment: Establishment, kind: str, ctx: Context) -> list[Waiver]:
    return [w for w in _waivers(establishment, kind, ctx) if ctx.derived("waiver_valid", w)]


def _waiver_words(waiver: Waiver) -> str:
    """ "the conditional FOG waiver granted 2020-01-01"."""
    return f"the {words(waiver.kind)} granted {waiver.granted_on}"


def _lapse(waiver: Waiver, ctx: Context) -> str:
    """Why a waiver no longer holds, in words."""
    if waiver.revoked_on is not None and waiver.revoked_on <= ctx.as_of:
        return f"was revoked on {waiver.revoked_on}"
    event = _voiding_event(waiver, ctx)
    if event is not None:
        return f"was voided on {event[0]} by {event[1]}"
    return f"expired on {waiver.expires_on}"


# ----------------------------------------------------------------------- FOG-PRETREAT-APPLICABILITY

_TRIGGER_ORDER = ("new_fse", "transfer", "renovation", "blockage")


def _triggers(establishment: Establishment, ctx: Context) -> list[tuple[date, int, str, str]]:
    """Every § 51.63(A) trigger of the establishment: (date, paragraph order, name,
    words saying why, to follow "because")."""
    in_force = _in_force(ctx)
    ident = establishment.id
    found: list[tuple[date, int, str, str]] = []

    def add(day: date, name: str, why: str) -> None:
        if in_force <= day <= ctx.as_of:
            found.append((day, _TRIGGER_ORDER.index(name), name, why))

    if establishment.opened_on is not None:
        add(
            establishment.opened_on,
            "new_fse",
            f"it opened as a new food service establishment on {establishment.opened_on}, "
            + (
                f"after the FOG rules took effect on {in_force}"
                if establishment.opened_on > in_force
                else "the day the FOG rules took effect"
            ),
        )
    for transfer in ctx.referring("ownership_transfer", "establishment", ident):
        add(
            transfer.date,
            "transfer",
            f"operational control of it was transferred on {transfer.date}",
        )
    for renovation in ctx.referring("renovation", "establishment", ident):
        threshold = Decimal(str(ctx.param("fog.renovation_valuation", on=renovation.date)))
        on = renovation.date
        if renovation.plumbing:
            why = f"its plumbing system was renovated on {on}"
        elif renovation.fog_equipment:
            why = f"equipment that may increase its discharge of grease was added on {on}"
        elif renovation.valuation is not None and renovation.valuation >= threshold:
            why = (
                f"it was renovated on {on} under a building permit valued at "
                f"{dollars(renovation.valuation)}, at least {dollars(threshold)}"
            )
        else:
            continue
        add(on, "renovation", why)
    for blockage in _blockages(establishment, ctx):
        add(
            blockage.date,
            "blockage",
            f"it caused or contributed to a grease-related sewer blockage on {blockage.date}",
        )
    for decision in ctx.referring("fog_decision", "establishment", ident):
        if decision.kind == "significant_discharge":
            add(
                decision.date,
                "blockage",
                f"the Director determined on {decision.date} that it discharges grease in "
                "significant quantities",
            )
    return sorted(found)


def _first_trigger(establishment: Establishment, ctx: Context) -> tuple[date, int, str, str] | None:
    """The earliest § 51.63(A) trigger of an FSE, computed once per evaluation."""
    cache = ctx.memo("fog.first_trigger")
    if establishment.id not in cache:
        triggers = _triggers(establishment, ctx) if _is_fse(establishment, ctx) else []
        cache[establishment.id] = triggers[0] if triggers else None
    return cache[establishment.id]


@derived("fog_interceptor_trigger", on="establishment", requirement="FOG-PRETREAT-APPLICABILITY")
def fog_interceptor_trigger(establishment: Establishment, ctx: Context) -> str | None:
    """§ 51.63(A): "The requirements of this section shall apply to: (1) All new food
    service establishments …; (2) Any existing food service establishment upon the
    sale or transfer of operational control thereof; (3) … upon renovation of the
    plumbing system or addition of any equipment that may increase discharge of FOG
    …, regardless of valuation; or any material renovation … with a building permit
    valuation of $50,000 or more; and (4) … [one] which has caused or contributed
    to a grease-related blockage …, or which … has been determined by the Director
    to be discharging FOG in significant quantities …" The earliest trigger
    (``blockage`` names paragraph (4), either way), or null."""
    trigger = _first_trigger(establishment, ctx)
    return None if trigger is None else trigger[2]


@derived("fog_interceptor_trigger_on", on="establishment", requirement="FOG-PRETREAT-APPLICABILITY")
def fog_interceptor_trigger_on(establishment: Establishment, ctx: Context) -> date | None:
    """The date of the earliest § 51.63(A) trigger, or null."""
    trigger = _first_trigger(establishment, ctx)
    return None if trigger is None else trigger[0]


@derived("fog_interceptor_required", on="establishment", requirement="FOG-PRETREAT-APPLICABILITY")
def fog_interceptor_required(establishment: Establishment, ctx: Context) -> bool:
    """§ 51.63(A)–(B): an establishment "specified in division (A) of this section
    shall install … [a] grease interceptor": required once a trigger has occurred
    (but for the conditional waiver of § 51.63(D), the exception below)."""
    return _first_trigger(establishment, ctx) is not None


@exception("fog_interceptor_required", cite="§ 51.63(D)", value=False)
def conditional_waiver(establishment: Establishment, ctx: Context) -> bool:
    """A valid FOG conditional waiver excuses a triggered establishment from
    installing a grease interceptor.

    § 51.63(D): "An existing food service establishment may obtain a conditional
    waiver from installing a grease interceptor …"."""
    return _first_trigger(establishment, ctx) is not None and bool(
        _valid_waivers(establishment, "fog_conditional", ctx)
    )


# ------------------------------------------------------------------------- FOG-INTERCEPTOR-REQUIRED


def _interceptor_defects(device: Device, ctx: Context) -> tuple[list[str], list[str]]:
    """What the device's record shows wrong for a grease interceptor, and what it
    does not show (to be confirmed, never taken as wrong)."""
    minimum = ctx.param("fog.interceptor_min_compartments")
    wrong: list[str] = []
    unknown: list[str] = []
    if not _interceptor(device):
        wrong.append("is not a grease interceptor")
        return wrong, unknown
    if device.approved is False:
        wrong.append("is not approved")
    elif device.approved is None:
        unknown.append("its approval by the Director and the Building Official")
    if device.compartments is None:
        unknown.append("its number of compartments (at least 2 are required)")
    elif device.compartments < minimum:
        wrong.append(
            f"has {plural(device.compartments, 'compartment')}, fewer than the {minimum} required"
        )
    return wrong, unknown


def _device_list(ctx: Context, devices: list[Device]) -> str:
    return listing(dict.fromkeys(_name(ctx, d) for d in devices))


class _InterceptorCase(NamedTuple):
    """An establishment that must have an interceptor, as the rule and the variance
    read it: why (``basis``), its devices in service and what each lacks."""

    basis: str
    devices: list[Device]
    checked: dict[str | None, tuple[list[str], list[str]]]

    def conforming(self) -> Device | None:
        """The first device in service that is an approved interceptor of enough
        compartments, or None."""
        return next((d for d in self.devices if self.checked[d.id] == ([], [])), None)


def _interceptor_case(establishment: Establishment, ctx: Context) -> _InterceptorCase | None:
    """The case of an opened establishment that must have an interceptor, once per
    evaluation; None where it need not."""
    cases = ctx.memo("fog.interceptor_case")
    try:
        return cases[establishment.id]
    except KeyError:
        pass
    case = cases[establishment.id] = None
    if ctx.derived("fog_interceptor_required", establishment) and _opened(establishment, ctx):
        trigger = _first_trigger(establishment, ctx)
        assert trigger is not None
        who = _Name(ctx, establishment)
        basis = f"{who} must have an approved grease interceptor because {trigger[3]}"
        lapsed = [
            f"{_waiver_words(w[-1])} {_lapse(w[-1], ctx)}"
            for w in (
                _waivers(establishment, "fog_conditional", ctx),
                _waivers(establishment, "fog_variance", ctx),
            )
            if w and not ctx.derived("waiver_valid", w[-1])
        ]
        if lapsed:
            basis += f" ({listing(lapsed)})"
        devices = _devices(establishment, ctx)
        checked = {d.id: _interceptor_defects(d, ctx) for d in devices}
        case = cases[establishment.id] = _InterceptorCase(basis, devices, checked)
    return case


@rule("FOG-INTERCEPTOR-REQUIRED", on="establishment", label="interceptor_required")
def interceptor_required(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.63(B): "All food service establishments specified in division (A) of this
    section shall install, operate and maintain an approved type, adequately sized
    and readily accessible grease interceptor … Grease interceptors shall have a
    minimum of two compartments …" (but for a variance under § 51.63(C), the
    exception below).

    A violation rests on the record: no device in service, a device of another
    kind, one recorded unapproved or with fewer than two compartments. An
    interceptor whose approval or compartments are not recorded is to be confirmed
    (``due``)."""
    case = _interceptor_case(establishment, ctx)
    if case is None:
        return None
    basis, devices, checked = case
    device = case.conforming()
    if device is not None:
        return met(
            f"{basis}; {_name(ctx, device)} is approved and has "
            f"{plural(device.compartments, 'compartment')}."
        )
    if not devices:
        return violation(f"{basis}, and no pretreatment device is installed.")
    to_confirm = [d for d in devices if not checked[d.id][0]]
    if to_confirm:
        device = to_confirm[0]
        unknown = checked[device.id][1]
        return due(
            f"{basis}; {_name(ctx, device)} is installed, but {listing(unknown)} "
            f"{'is' if len(unknown) == 1 else 'are'} not on record and must be confirmed.",
            reading=APPROVAL_NOT_RECORDED,
        )
    problems = [f"{_name(ctx, d)} {' and '.join(checked[d.id][0])}" for d in devices]
    return violation(f"{basis}, but {listing(problems)}.")


def _in_lieu(establishment: Establishment, ctx: Context) -> Outcome:
    """The devices in service judged against the variance instead: met where one is
    installed (and approved, where the pack requires it), due where its approval is
    not on record, else a violation."""
    case = _interceptor_case(establishment, ctx)
    assert case is not None
    basis, devices, _ = case
    for variance in _valid_waivers(establishment, "fog_variance", ctx):
        must_approve = ctx.param("fog.variance_device_must_be_approved")
        grant = f"{_waiver_words(variance)} allows another pretreatment device"
        if not devices:
            return violation(f"{basis}; {grant}, but none is installed.", cite="§ 51.63(C)")
        approved = [d for d in devices if d.approved is True]
        if approved or not must_approve:
            device = (approved or devices)[0]
            reading = (
                None
                if device.approved is True
                else "While a variance holds, any pretreatment device in service meets the "
                "interceptor requirement; the variance rule itself checks the device's approval."
            )
            return met(
                f"{basis}; {grant}, and {_name(ctx, device)} is installed.",
                cite="§ 51.63(C)",
                reading=reading,
            )
        pending = [d for d in devices if d.approved is None]
        if pending:
            return due(
                f"{basis}; {grant}, and {_device_list(ctx, pending)} is installed, but its "
                "approval is not on record and is to be confirmed.",
                cite="§ 51.63(C)",
                reading=APPROVAL_NOT_RECORDED,
            )
        return violation(
            f"{basis}; {grant}, but {_device_list(ctx, devices)} is not approved.",
            cite="§ 51.63(C)",
        )
    raise AssertionError("the variance exception holds only where a variance is valid")


@exception("interceptor_required", cite="§ 51.63(C)", then=_in_lieu)
def variance_in_lieu(establishment: Establishment, ctx: Context) -> bool:
    """A valid FOG variance allows another pretreatment device in lieu of a grease
    interceptor, where no conforming interceptor is in service.

    § 51.63(C): a variance allows "an alternative pretreatment device in lieu of a
    grease interceptor"."""
    case = _interceptor_case(establishment, ctx)
    return (
        case is not None
        and case.conforming() is None
        and bool(_valid_waivers(establishment, "fog_variance", ctx))
    )


# --------------------------------------------------------------------------- FOG-VARIANCE


def _last_valid_day(waiver: Waiver, ctx: Context) -> date:
    """The as-of date for a variance still valid; else the last day it held (a variance
    lapses by expiry or revocation only)."""
    if ctx.derived("waiver_valid", waiver):
        return ctx.as_of
    ends = []
    if waiver.revoked_on is not None and waiver.revoked_on <= ctx.as_of:
        ends.append(add_days(waiver.revoked_on, -1))
    if waiver.expires_on is not None:
        through = ctx.param("fog.waiver_valid_through_expiry", on=waiver.granted_on)
        ends.append(waiver.expires_on if through else add_days(waiver.expires_on, -1))
    return min(ends)


@rule("FOG-VARIANCE", on="waiver")
def variance_device(waiver: Waiver, ctx: Context) -> Iterator[Outcome]:
    """§ 51.63(C): "Alternative pretreatment devices, including, but not limited to,
    grease traps and other separation and holding devices, must be appropriately
    sized and approved by the Director and the Building Official." Judged while the
    variance holds; once it lapses, as of its last day (the record does not change
    with time alone). A device whose approval is not recorded is to be confirmed
    while the variance holds, and is no finding once it has lapsed."""
    if waiver.kind != "fog_variance":
        return
    day = _last_valid_day(waiver, ctx)
    if day < waiver.granted_on:
        return
    holds = day == ctx.as_of
    held = "" if holds else f" (it held until {day})"
    for establishment in _waiver_establishments(waiver, ctx):
        if not _is_fse(establishment, ctx) or not _opened(establishment, ctx):
            continue
        head = (
            f"{capital(_waiver_words(waiver))} to {_name(ctx, establishment)} allows another "
            f"pretreatment device in place of a grease interceptor{held}"
        )
        devices = [
            d
            for d in ctx.referring("device", "establishment", establishment.id)
            if _installed_on(d, day)
        ]
        approved = [d for d in devices if d.approved is True]
        pending = [d for d in devices if d.approved is None]
        if approved:
            yield met(f"{head}; {_name(ctx, approved[0])} is approved.")
        elif pending and holds:
            yield due(
                f"{head}; {_device_list(ctx, pending)} is installed, but its approval by the "
                "Director and the Building Official is not on record and is to be confirmed.",
                reading=APPROVAL_NOT_RECORDED,
            )
        elif pending:
            continue  # lapsed: nothing left to confirm, and no record of a refusal
        elif devices:
            yield violation(
                f"{head}, but {_device_list(ctx, devices)} is not approved by the Director "
                "and the Building Official."
            )
        else:
            yield violation(f"{head}, but no pretreatment device is installed.")


# --------------------------------------------------------------------------- FOG-WAIVER
# The validity of every waiver, and the voiding of a FOG conditional waiver, are the
# derived values ``waiver_valid`` and ``waiver_voided_on`` above; the interceptor
# rule applies them.


# ------------------------------------------------------------------ approvals of an observed state


def _approved_state(
    establishment: Establishment,
    observation: Any,
    kind: str,
    ctx: Context,
    *,
    state: str,
    unapproved: str,
) -> Outcome:
    """An observed state that needs the Director's approval, judged by the approvals
    in force on the observation's day and since: an approval binds from its date
    until revoked. ``state`` says what was observed ("On … sanitary fixtures
    discharged …"); ``unapproved`` completes it when no approval held."""
    then = _decisions(establishment, kind, ctx, observation.device, on=observation.date)
    now = _decisions(establishment, kind, ctx, observation.device)
    if then and now:
        return met(f"{state} with the Director's written approval of {then[-1].date}.")
    if then:
        ended = min(
            d.revoked_on for d in then if d.revoked_on is not None and d.revoked_on <= ctx.as_of
        )
        return due(
            f"{state} with the Director's approval of {then[-1].date}, which was revoked on "
            f"{ended}; a follow-up inspection is due to see whether it continues.",
            due=ended,
            reading=FOLLOW_UP_DUE,
        )
    if now:
        return met(f"{state} {unapproved}; the Director approved it in writing on {now[0].date}.")
    return violation(f"{state} {unapproved}.")


# --------------------------------------------------------------------------- FOG-SANITARY-FIXTURES


@rule("FOG-SANITARY-FIXTURES", on="establishment")
def sanitary_fixtures(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.63(E): "Toilets, urinals, and other similar sanitary fixtures shall not
    discharge through the grease interceptor unless specifically approved, in
    writing, by the Director." """
    if not _is_fse(establishment, ctx):
        return None
    observation = _latest_observation(establishment, ctx, "sanitary_fixtures_connected")
    if observation is None:
        return None
    if not observation.sanitary_fixtures_connected:
        return met(
            f"On {observation.date} no sanitary fixture at {_name(ctx, establishment)} "
            "discharged through the grease interceptor."
        )
    return _approved_state(
        establishment,
        observation,
        "sanitary_fixtures_approved",
        ctx,
        state=f"On {observation.date} sanitary fixtures at {_name(ctx, establishment)} "
        "discharged through the grease interceptor",
        unapproved="without the Director's written approval",
    )


# --------------------------------------------------------------------------- FOG-ADDITIVES


@rule("FOG-ADDITIVES", on="establishment")
def additives(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.64(C): "The use of additives is subject to approval by the Director. The
    introduction of emulsifying agents, such as chemicals or solvents, either
    directly or indirectly into the grease interceptor, other than what is
    considered typical business operational practices such as dishwashing or
    sanitation, is strictly prohibited." """
    if not _is_fse(establishment, ctx):
        return None
    observation = _latest_observation(establishment, ctx, "additives_used", "emulsifiers_used")
    if observation is None:
        return None
    on = observation.date
    where = _name(ctx, establishment)
    if observation.emulsifiers_used:
        return violation(
            f"On {on} emulsifying agents were being put into the grease interceptor at {where}, "
            "which is strictly prohibited."
        )
    if observation.additives_used:
        return _approved_state(
            establishment,
            observation,
            "additives_approved",
            ctx,
            state=f"On {on} additives were in use at {where}",
            unapproved="without the Director's approval",
        )
    seen = [
        name
        for name, value in (
            ("additives", observation.additives_used),
            ("emulsifiers", observation.emulsifiers_used),
        )
        if value is False
    ]
    return met(f"On {on} no {' or '.join(seen)} were in use at {where}.")


# -------------------------------------------------------------------------- FOG-MONITORING-FACILITY


@rule("FOG-MONITORING-FACILITY", on="establishment")
def monitoring_facility(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.66(A): "When required for the purposes of this chapter, the food service
    establishment shall provide, operate and maintain safe and accessible monitoring
    facilities (such as a suitable sampling port or manhole) at all times …" """
    if not _is_fse(establishment, ctx):
        return None
    observation = _latest_observation(establishment, ctx, "monitoring_facility")
    if observation is None:
        return None
    required = _decisions(establishment, "monitoring_facility_required", ctx, on=observation.date)
    if not required:
        return None
    since = required[0].date
    state = observation.monitoring_facility
    facility = f"The monitoring facility the Director required of {_name(ctx, establishment)}"
    if state == "accessible":
        return met(f"{facility} on {since} was safe and accessible on {observation.date}.")
    return violation(
        f"{facility} on {since} was {state} on {observation.date}; it must be safe and "
        "accessible at all times."
    )


# --------------------------------------------------------------------------- FOG-25-PERCENT


def _accumulation_subject(inspection: Inspection, ctx: Context) -> tuple[str, list[Device]] | None:
    """The device an accumulation measurement is about (or the establishment, when it
    had several interceptors on the inspection day), with the interceptors that a
    pump-out would service. A measurement of a device dated before it was installed
    (or after it was removed) is a data problem, and no finding."""
    subject = ctx.get(inspection.subject)
    if _is(subject, "device"):
        if not _interceptor(subject) or _fse(subject.establishment, ctx) is None:
            return None
        what = f"the inspection of {inspection.date}"
        if not _while_installed(inspection, inspection.date, subject, what, ctx):
            return None
        return subject.id, [subject]
    if _is_fse(subject, ctx):
        day = inspection.date
        interceptors = [
            d
            for d in ctx.referring("device", "establishment", subject.id)
            if _interceptor(d) and _installed_on(d, day)
        ]
        if not interceptors:
            return None
        return (interceptors[0].id if len(interceptors) == 1 else subject.id), interceptors
    return None


def _above_limit(inspection: Inspection, ctx: Context) -> bool:
    measures = [
        v
        for v in (inspection.fog_solids_percent_volume, inspection.fog_solids_percent_depth)
        if v is not None
    ]
    return bool(measures) and max(measures) > ctx.param(
        "fog.max_accumulation_percent", on=max(inspection.date, _in_force(ctx))
    )


def _first_full_pump_out(devices: list[Device], since: date, ctx: Context) -> date | None:
    """The first full pump-out dated on or after ``since`` of any of ``devices``."""
    days = [p.date for d in devices for p in _pump_outs(d, ctx) if p.full and p.date >= since]
    return min(days) if days else None


@rule("FOG-25-PERCENT", on="inspection")
def accumulation_limit(inspection: Inspection, ctx: Context) -> Iterator[Outcome]:
    """§ 51.64(B): "Grease interceptors shall be fully pumped out and cleaned at a
    frequency such that the combined FOG and solids accumulation does not exceed 25%
    of the total hydraulic capacity of the grease interceptor calculated by volume or
    depth, whichever is more stringent. … If the grease interceptor, at any time,
    contains FOG and solids accumulation that does not meet the requirements of this
    chapter, the food service establishment shall be required to have the grease
    interceptor serviced immediately …"

    The measurement is the evidence: above the limit it is a violation on the
    inspection's day, and the immediate service it calls for is a deadline (met,
    late, due or overdue). Both findings carry the inspection's date as period."""
    measures = [
        (value, how)
        for value, how in (
            (inspection.fog_solids_percent_volume, "by volume"),
            (inspection.fog_solids_percent_depth, "by depth"),
        )
        if value is not None
    ]
    if not measures or inspection.date < _in_force(ctx):
        return
    found = _accumulation_subject(inspection, ctx)
    if found is None:
        return
    subject, interceptors = found
    percent, how = max(measures, key=lambda m: m[0])
    other = [f"{_number(v)}% {h}" for v, h in measures if h != how]
    limit = ctx.param("fog.max_accumulation_percent", on=inspection.date)
    what = (
        _name(ctx, interceptors[0])
        if len(interceptors) == 1
        else f"the grease interceptors of {_name(ctx, ctx.get(subject))}"
    )
    measured = (
        f"The inspection of {inspection.date} found fats, oils, grease and solids filling "
        f"{_number(percent)}% of {what} {how}" + (f" ({other[0]})" if other else "")
    )
    period = inspection.date.isoformat()
    if percent <= limit:
        yield met(
            f"{measured}, within the {_number(limit)}% limit.", subject=subject, period=period
        )
        return
    yield violation(
        f"{measured}, above the {_number(limit)}% limit.", subject=subject, period=period
    )
    days = ctx.param("fog.immediate_service_days", on=inspection.date)
    service_due = add_days(inspection.date, days)
    done_on = _first_full_pump_out(interceptors, inspection.date, ctx)
    if done_on is None:
        after = "no full pump-out is on record since"
    else:
        which = "it" if len(interceptors) == 1 else "one of them"
        after = f"{which} was fully pumped out on {done_on}"
        if done_on > service_due:
            after += f", {plural((done_on - service_due).days, 'day')} late"
    yield deadline(
        due_on=service_due,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=f"Found above the {_number(limit)}% limit on {inspection.date}, "
        f"{what} had to be serviced immediately, by {service_due}; {after}.",
        subject=subject,
        period=period,
        reading=f'"Serviced immediately" is read as a full pump-out within '
        f"{plural(days, 'day')} of the inspection.",
    )


# --------------------------------------------------------------------------- FOG-MIN-FREQUENCY


class _Regime(NamedTuple):
    """A maintenance frequency and the day it began to bind."""

    since: date
    months: int
    order: Any  # the Director's frequency order, or None for the subchapter's default
    asked: int | None  # the months the order asked for, before the six-month cap


class _Interval(NamedTuple):
    """One stretch of an interceptor's maintenance: from its installation or a full
    pump-out to the next full pump-out (or still open)."""

    start: date
    after: PumpOut | None  # the full pump-out it starts from; None: the installation
    due: date
    regime: _Regime
    floored: bool  # the regime began after the start, and the period counts from it
    done: PumpOut | None  # the full pump-out that ended it


def _regimes(device: Device, ctx: Context) -> list[_Regime]:
    """The frequencies of the device in the order they began to bind: the
    subchapter's default from the later of its effective date and the
    establishment's opening, then each of the Director's orders from its date (none
    before the first), capped at the six-month minimum. Orders of the same day: the
    last recorded."""
    in_force = _in_force(ctx)
    establishment = ctx.get(device.establishment)
    opened = getattr(establishment, "opened_on", None)
    first = max(in_force, opened) if opened is not None else in_force
    by_day: dict[date, _Regime] = {
        first: _Regime(first, ctx.param("fog.default_frequency_months", on=first), None, None)
    }
    for order in _orders(device, ctx):
        since = max(order.date, first)
        cap = ctx.param("fog.max_frequency_months", on=since)
        by_day[since] = _Regime(since, min(order.months, cap), order, order.months)
    return [by_day[day] for day in sorted(by_day)]


def _due_from(start: date, regimes: list[_Regime]) -> tuple[date, _Regime, bool]:
    """When the next full pump-out is due after one (or an installation) on ``start``.

    Each frequency binds from the day it began: a frequency in force on ``start``
    counts from it; one that begins later applies only if the pump-out was not
    already due before it began, counting from ``start`` where that falls on or
    after its beginning, else one new period from its beginning (never later than
    the deadline before it)."""
    current: int | None = None
    for i, regime in enumerate(regimes):
        if regime.since <= start:
            current = i
    if current is not None:
        used, floored = regimes[current], False
        due_on: date | None = add_months(start, used.months)
        later = regimes[current + 1 :]
    else:
        used, floored, due_on, later = regimes[0], False, None, regimes
    for regime in later:
        if due_on is not None and due_on < regime.since:
            break  # already due before the new frequency began
        counted = add_months(start, regime.months)
        if counted >= regime.since:
            due_on, used, floored = counted, regime, False
        else:
            fresh = add_months(regime.since, regime.months)
            if due_on is None or fresh < due_on:
                due_on, used, floored = fresh, regime, True
    assert due_on is not None
    return due_on, used, floored


def _intervals(device: Device, ctx: Context) -> list[_Interval]:
    """The maintenance intervals of a grease interceptor, oldest first; the last is
    open. Computed once per evaluation."""
    cache = ctx.memo("fog.intervals")
    if device.id in cache:
        return cache[device.id]
    out: list[_Interval] = []
    if _interceptor(device):
        regimes = _regimes(device, ctx)
        starts: list[tuple[date, PumpOut | None]] = []
        if device.installed_on is not None:
            starts.append((device.installed_on, None))
        starts += [(p.date, p) for p in _pump_outs(device, ctx) if p.full]
        for k, (start, after) in enumerate(starts):
            done = starts[k + 1][1] if k + 1 < len(starts) else None
            due_on, regime, floored = _due_from(start, regimes)
            out.append(_Interval(start, after, due_on, regime, floored, done))
    cache[device.id] = out
    return out


@derived("maintenance_frequency_months", on="device", requirement="FOG-MIN-FREQUENCY")
def maintenance_frequency_months(device: Device, ctx: Context) -> int | None:
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established.
    The Director may change the maintenance frequency at any time." The frequency in
    force on the as-of date."""
    if not _interceptor(device):
        return None
    orders = _orders(device, ctx)
    if not orders:
        return ctx.param("fog.default_frequency_months")
    order = orders[-1]
    return min(
        order.months, ctx.param("fog.max_frequency_months", on=max(order.date, _in_force(ctx)))
    )


@derived("next_pump_out_due", on="device", requirement="FOG-MIN-FREQUENCY")
def next_pump_out_due(device: Device, ctx: Context) -> date | None:
    """The last full pump-out (else the installation) plus the frequency in force,
    each frequency binding from its date (``_due_from``)."""
    intervals = _intervals(device, ctx)
    return intervals[-1].due if intervals else None


def _every(months: int) -> str:
    """ "every month", "every 2 months"."""
    return "every month" if months == 1 else f"every {plural(months, 'month')}"


def _orders_before_installation(device: Device, ctx: Context) -> list[FrequencyOrder]:
    """The Director's frequency orders on record for the device dated before it was
    installed: each is a data problem, sets no frequency, and is named where the
    subchapter's default applies instead."""
    if device.installed_on is None:
        return []
    return [
        order
        for order in ctx.referring("frequency_order", "device", device.id)
        if order.date < device.installed_on
    ]


def _frequency_words(interval: _Interval, ctx: Context, device: Device) -> tuple[str, str | None]:
    """How the interval's frequency was set, in words, and the reading it relied on."""
    regime = interval.regime
    months = regime.months
    if regime.order is None:
        default = "quarterly" if months == 3 else _every(months)
        impossible = _orders_before_installation(device, ctx)
        if impossible:
            one = len(impossible) == 1
            how = (
                f"the Director's {'order' if one else 'orders'} of "
                f"{listing(str(o.date) for o in impossible)} {'is' if one else 'are'} dated "
                f"before the installation and {'sets' if one else 'set'} no frequency for it: "
                f"it is pumped out {default}"
            )
        else:
            how = f"with no frequency set by the Director it is pumped out {default}"
    elif regime.asked is not None and regime.asked > months:
        how = (
            f"the Director's order of {regime.order.date} asks for a pump-out "
            f"{_every(regime.asked)}, but the law requires one at least {_every(months)}"
        )
    else:
        how = f"the Director's order of {regime.order.date} sets a pump-out {_every(months)}"
    if not interval.floored:
        return how, None
    if regime.order is not None:
        return f"{how}, counted from the order", ORDER_FROM_ITS_DATE
    return f"{how}, counted from {regime.since}", CLOCK_FROM_START


@rule("FOG-MIN-FREQUENCY", on="device")
def min_frequency(device: Device, ctx: Context) -> Iterator[Outcome]:
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established.
    The Director may change the maintenance frequency at any time …"

    One finding per maintenance interval that needs one, its ``period`` the
    interval's due date: the open interval (due or overdue) while the device is in
    service at an operating establishment, first; then each past interval whose
    full pump-out came after its due date (``late``). An interval met on time
    needs no finding. The interval from the installation to the first full pump-out
    on record is judged late only where the pack says so
    (``fog.late_from_installation``): a device's history on record may begin later."""
    if not _interceptor(device):
        return
    establishment = _fse(device.establishment, ctx)
    if establishment is None:
        return
    intervals = _intervals(device, ctx)
    if not intervals:
        return
    name = _name(ctx, device)
    current = intervals[-1]
    if _in_service(device, ctx) and _operating(establishment, ctx):
        if current.after is not None:
            since = f"{capital(name)} was last fully pumped out on {current.start}"
        else:
            since = (
                f"{capital(name)} has not been fully pumped out since its installation on "
                f"{current.start}"
            )
        partial = [
            p.date for p in _pump_outs(device, ctx) if not p.full and p.date >= current.start
        ]
        if partial:
            since += f" (the partial pump-out of {partial[-1]} does not count)"
        how, reading = _frequency_words(current, ctx, device)
        verb = "was due" if ctx.as_of > current.due else "is due"
        yield deadline(
            due_on=current.due,
            done_on=None,
            as_of=ctx.as_of,
            period=current.due.isoformat(),
            explanation=f"{since}; {how}, so the next full pump-out {verb} by {current.due}.",
            reading=reading,
        )
    from_installation = ctx.param("fog.late_from_installation")
    for interval in intervals[:-1]:
        assert interval.done is not None
        if interval.done.date <= interval.due:
            continue
        if interval.after is None and not from_installation:
            continue  # the pump-out history on record may begin after the installation
        how, reading = _frequency_words(interval, ctx, device)
        late_by = plural((interval.done.date - interval.due).days, "day")
        if interval.after is not None:
            text = (
                f"{capital(name)}, last fully pumped out on {interval.start}, was due for its "
                f"next full pump-out by {interval.due} ({how}); it was fully pumped out on "
                f"{interval.done.date}, {late_by} late."
            )
        else:
            text = (
                f"{capital(name)}, installed on {interval.start}, was due for its first full "
                f"pump-out by {interval.due} ({how}); the first full pump-out on record is of "
                f"{interval.done.date}, {late_by} late."
            )
        yield deadline(
            due_on=interval.due,
            done_on=interval.done.date,
            as_of=ctx.as_of,
            period=interval.due.isoformat(),
            explanation=text,
            reading=reading,
        )


# --------------------------------------------------------------------------- FOG-HAULER-MANIFEST

_MANIFEST_LABEL = {
    "hauler_name": "the hauler's name",
    "hauler_address": "the hauler's address",
    "operator_name": "the operator's name",
    "operator_signed": "the operator's signature",
    "water_gallons": "the volume of water removed",
    "fog_gallons": "the volume of grease removed",
    "floating_fog_inches": "the level of floating grease",
    "settled_solids_inches": "the level of settleable solids",
    "repairs": "the repairs made",
    "disposal_facility": "the disposal facility",
}
#: the paragraph of § 51.64(D) each manifest field answers
_MANIFEST_PARAGRAPH = {
    "hauler_name": 1,
    "hauler_address": 1,
    "operator_name": 2,
    "operator_signed": 2,
    "water_gallons": 3,
    "fog_gallons": 3,
    "floating_fog_inches": 4,
    "settled_solids_inches": 4,
    "repairs": 5,
    "disposal_facility": 6,
}


def _on_manifest(pump_out: PumpOut, name: str) -> bool:
    value = getattr(pump_out, name, None)
    if name == "operator_signed":
        return value is True
    if isinstance(value, str):
        return bool(value.strip())
    return value is not None


@rule("FOG-HAULER-MANIFEST", on="pump_out")
def hauler_manifest(pump_out: PumpOut, ctx: Context) -> Outcome | None:
    """§ 51.64(D): "All pumping of grease pretreatment facilities … must be tracked by
    a manifest … which must include: (1) The name and address of the hauling
    company; (2) The name and signature of operator performing the pump out; (3)
    Documentation of full pump out with volume of water and FOG removed …; (4)
    Documentation of the level of floating FOG and settable solids; (5)
    Documentation of any repairs to the grease interceptor; and (6) Identification
    of the facility where the waste hauler is planning to dispose of the waste."

    The cite names the paragraph a manifest fails, where it fails one only."""
    device = ctx.get(pump_out.device)
    if not _is(device, "device") or device.kind not in GREASE_DEVICES:
        return None
    if _fse(device.establishment, ctx) is None or pump_out.date < _in_force(ctx):
        return None
    if not _possible_pump_out(pump_out, device, ctx):
        return None
    fields = ctx.param("fog.manifest_fields", on=pump_out.date)
    lacking = [f for f in fields if not _on_manifest(pump_out, f)]
    reading = (
        None
        if "repairs" in fields or _on_manifest(pump_out, "repairs")
        else (REPAIRS_MAY_BE_ABSENT)
    )
    what = f"The hauler's manifest for the pump-out of {pump_out.date} of {_name(ctx, device)}"
    if lacking:
        paragraphs = sorted({_MANIFEST_PARAGRAPH.get(f) for f in lacking} - {None})
        cite = f"§ 51.64(D)({paragraphs[0]})" if len(paragraphs) == 1 else None
        missing = [_MANIFEST_LABEL.get(f, words(f)) for f in lacking]
        return violation(f"{what} lacks {listing(missing)}.", cite=cite, reading=reading)
    return met(f"{what} records all {plural(len(fields), 'required item')}.", reading=reading)


# --------------------------------------------------------------------------- FOG-COMPLIANCE-RECORD


@derived("fog_record_retain_until", on="pump_out", requirement="FOG-COMPLIANCE-RECORD")
def fog_record_retain_until(pump_out: PumpOut, ctx: Context) -> date | None:
    """§ 51.65: "All compliance records must be retained on site by the food service
    establishment for a period of not less than three years." The first day the
    manifest of a grease device's pump-out at an FSE may leave the site, else null."""
    device = ctx.get(pump_out.device)
    if not _is(device, "device") or device.kind not in GREASE_DEVICES:
        return None
    if _fse(device.establishment, ctx) is None:
        return None
    years = ctx.param("fog.records_retention_years", on=max(pump_out.date, _in_force(ctx)))
    return add_months(pump_out.date, 12 * years)


@rule("FOG-COMPLIANCE-RECORD", on="in_house_cleaning")
def cleaning_log(cleaning: InHouseCleaning, ctx: Context) -> Outcome | None:
    """§ 51.65: "The compliance record must log the date and time of cleaning, the
    name of the employee who performed the cleaning, and the volume removed." """
    device = ctx.get(cleaning.device)
    if _fse(getattr(device, "establishment", None), ctx) is None:
        return None
    what = f"the in-house cleaning of {cleaning.date}"
    if not _while_installed(cleaning, cleaning.date, device, what, ctx):
        return None
    missing = [
        label
        for value, label in (
            (cleaning.time, "the time"),
            (cleaning.employee_name, "the employee's name"),
            (cleaning.volume_gallons, "the volume removed"),
        )
        if value is None or (isinstance(value, str) and not value.strip())
    ]
    log = (
        f"The compliance record of the in-house cleaning of {_name(ctx, device)} on {cleaning.date}"
    )
    if missing:
        return violation(f"{log} lacks {listing(missing)}.")
    return met(f"{log} logs its time, the employee and the volume removed.")


def _inspected_fse(inspection: Inspection, ctx: Context) -> Establishment | None:
    """The FSE a FOG inspection (program ``fog`` or unspecified) was of, if any."""
    if inspection.program not in (None, "fog"):
        return None
    subject = ctx.get(inspection.subject)
    if _is(subject, "device"):
        return _fse(subject.establishment, ctx)
    if _is(subject, "establishment"):
        return subject if _is_fse(subject, ctx) else None
    if inspection.program == "fog":
        for establishment in ctx.referring("establishment", "premises", inspection.subject):
            if _is_fse(establishment, ctx):
                return establishment
    return None


def _answering_fse(
    inspection: Inspection, refused: bool | None, ctx: Context
) -> Establishment | None:
    """The FSE of a FOG inspection since the subchapter took effect that records
    whether it refused (``refused`` not None), if any."""
    if refused is None or inspection.date < _in_force(ctx):
        return None
    return _inspected_fse(inspection, ctx)


@rule("FOG-COMPLIANCE-RECORD", on="inspection")
def records_on_request(inspection: Inspection, ctx: Context) -> Outcome | None:
    """§ 51.65: "The food service establishment shall, upon request, make the
    compliance record available to the Director." """
    establishment = _answering_fse(inspection, inspection.records_refused, ctx)
    if establishment is None:
        return None
    if inspection.records_refused:
        return violation(
            f"At the inspection of {inspection.date} {_name(ctx, establishment)} did not make "
            "its grease compliance record available."
        )
    return met(
        f"At the inspection of {inspection.date} {_name(ctx, establishment)} made its grease "
        "compliance record available."
    )


# --------------------------------------------------------------------------- FOG-INSPECTION-ENTRY


@rule("FOG-INSPECTION-ENTRY", on="inspection")
def inspection_entry(inspection: Inspection, ctx: Context) -> Outcome | None:
    """§ 51.66(B): "Such authorized persons shall have access to any food service
    establishment premises, during normal business hours, for purposes of inspecting
    the food service establishment's grease interceptor or pretreatment devices,
    reviewing the manifests …" A refusal is noncompliance."""
    establishment = _answering_fse(inspection, inspection.access_refused, ctx)
    if establishment is None:
        return None
    if inspection.access_refused:
        return violation(
            f"On {inspection.date} {_name(ctx, establishment)} refused the Director's "
            "authorized inspector access for a grease inspection."
        )
    return met(
        f"On {inspection.date} {_name(ctx, establishment)} gave the inspector access for a "
        "grease inspection."
    )


# ------------------------------------------------------------------------- FOG-NONCOMPLIANCE-NOTICE

#: what the records can show was done in answer to a notice: its date and, in words,
#: the act ("the grease interceptor of Arroyo Pho was fully pumped out on 2025-02-20")
Act = tuple[date, str]


def _notice_establishment(notice: Notice, ctx: Context) -> Establishment | None:
    """The FSE a notice was served on: its subject, or the FSE its subject belongs to."""
    subject = ctx.get(notice.subject)
    if _is(subject, "establishment"):
        return subject if _is_fse(subject, ctx) else None
    if subject is not None and "establishment" in subject.references:
        return _fse(subject.establishment, ctx)
    return None


def _notice_devices(notice: Notice, ctx: Context, kinds: tuple[str, ...]) -> list[Device]:
    """The devices of ``kinds`` a notice is about: its subject, or the establishment's
    devices in service on the day it was issued."""
    subject = ctx.get(notice.subject)
    if _is(subject, "device"):
        return [subject] if subject.kind in kinds else []
    if _is(subject, "establishment"):
        return [
            d
            for d in ctx.referring("device", "establishment", subject.id)
            if d.kind in kinds and _installed_on(d, notice.issued_on)
        ]
    return []


def _all_done(ctx: Context, cures: list[tuple[Device, date | None]], verb: str) -> Act | None:
    """The act that answers a notice about several devices: each one's, by the last."""
    if not cures or any(day is None for _, day in cures):
        return None
    last = max(day for _, day in cures if day is not None)
    if len(cures) == 1:
        return last, f"{_name(ctx, cures[0][0])} was {verb} on {last}"
    return last, f"{_device_list(ctx, [d for d, _ in cures])} were {verb} by {last}"


def _frequency_cure(device: Device, issued_on: date, ctx: Context) -> date | None:
    """The full pump-out that answers a notice about the pump-out frequency: the one
    that ended the interval running when the notice was issued, or, where the device
    was not overdue that day, the pump-out that had already brought it into
    compliance."""
    intervals = [i for i in _intervals(device, ctx) if i.start <= issued_on]
    if not intervals:
        return _first_full_pump_out([device], issued_on, ctx)
    running = intervals[-1]
    if running.due >= issued_on and running.after is not None:
        return running.after.date
    return running.done.date if running.done is not None else None


def _act_frequency(notice: Notice, ctx: Context) -> Act | None:
    devices = _notice_devices(notice, ctx, ("grease_interceptor",))
    cures = [(d, _frequency_cure(d, notice.issued_on, ctx)) for d in devices]
    return _all_done(ctx, cures, "fully pumped out")


def _act_accumulation(notice: Notice, ctx: Context) -> Act | None:
    """A full pump-out since the inspection that found the device above the limit
    (the latest before the notice), else since the notice."""
    devices = _notice_devices(notice, ctx, ("grease_interceptor",))
    cures = []
    for device in devices:
        since = notice.issued_on
        inspected = [
            *ctx.referring("inspection", "subject", device.id),
            *ctx.referring("inspection", "subject", device.establishment),
        ]
        found = [i.date for i in inspected if i.date <= notice.issued_on and _above_limit(i, ctx)]
        if found:
            since = max(found)
        cures.append((device, _first_full_pump_out([device], since, ctx)))
    return _all_done(ctx, cures, "fully pumped out")


def _act_maintenance(notice: Notice, ctx: Context) -> Act | None:
    devices = _notice_devices(notice, ctx, GREASE_DEVICES)
    cures = [(d, _first_full_pump_out([d], notice.issued_on, ctx)) for d in devices]
    return _all_done(ctx, cures, "fully pumped out")


def _act_training(notice: Notice, ctx: Context) -> Act | None:
    """For an employee: the first counted training since the clock of the
    requirement started (hire, or the subchapter's effective date), else since the
    notice. For an establishment: its first counted training since the notice."""
    subject = ctx.get(notice.subject)
    if _is(subject, "employee"):
        if _fse(subject.establishment, ctx) is None:
            return None
        start = {
            "FOG-TRAINING-NEW-HIRE": subject.hired_on,
            "FOG-TRAINING-INITIAL": _in_force(ctx),
        }.get(notice.requirement, notice.issued_on)
        counted, _ = _trainings(subject, ctx, start)
        if not counted:
            return None
        return counted[0].date, f"{_name(ctx, subject)} was trained on {counted[0].date}"
    establishment = _notice_establishment(notice, ctx)
    if establishment is None:
        return None
    for training in ctx.referring("training", "establishment", establishment.id):
        if training.date < notice.issued_on:
            continue
        if notice.requirement == "FOG-TRAINING-RECORDS":
            if training.signed:
                return training.date, (
                    f"{_name(ctx, establishment)} held a FOG training documented with the "
                    f"employees' signatures on {training.date}"
                )
        elif _training_defect(training, ctx) is None:
            return training.date, (
                f"{_name(ctx, establishment)} held a counted FOG training on {training.date}"
            )
    return None


def _act_bmp(notice: Notice, ctx: Context) -> Act | None:
    """A written program submitted since the notice (for FOG-BMP-PROGRAM, one that
    lists every minimum practice)."""
    establishment = _notice_establishment(notice, ctx)
    if establishment is None:
        return None
    for submittal in ctx.referring("bmp_submittal", "establishment", establishment.id):
        if submittal.date < notice.issued_on:
            continue
        if notice.requirement == "FOG-BMP-PROGRAM" and (
            submittal.elements is None or _bmp_missing(submittal, ctx)
        ):
            continue
        return submittal.date, (
            f"{_name(ctx, establishment)} submitted its written best management practices "
            f"program on {submittal.date}"
        )
    return None


def _act_interceptor(notice: Notice, ctx: Context) -> Act | None:
    """An approved grease interceptor with enough compartments installed since the notice."""
    establishment = _notice_establishment(notice, ctx)
    if establishment is None:
        return None
    installed = sorted(
        (d.installed_on, d.id, d)
        for d in ctx.referring("device", "establishment", establishment.id)
        if d.installed_on is not None
        and d.installed_on >= notice.issued_on
        and _interceptor_defects(d, ctx) == ([], [])
    )
    if not installed:
        return None
    day, _, device = installed[0]
    return (
        day,
        f"{_name(ctx, device)}, approved and with enough compartments, was installed on {day}",
    )


def _act_observed(field: str, good: Callable[[Any], bool], words_done: str) -> Callable:
    """An observation since the notice that finds the state corrected."""

    def act(notice: Notice, ctx: Context) -> Act | None:
        establishment = _notice_establishment(notice, ctx)
        if establishment is None:
            return None
        for observation in ctx.referring("fog_observation", "establishment", establishment.id):
            value = getattr(observation, field)
            if observation.date >= notice.issued_on and value is not None and good(value):
                return observation.date, (
                    f"an inspection on {observation.date} found {words_done} at "
                    f"{_name(ctx, establishment)}"
                )
        return None

    return act


def _act_inspected(field: str, words_done: str) -> Callable:
    """A FOG inspection since the notice that records the establishment cooperating."""

    def act(notice: Notice, ctx: Context) -> Act | None:
        establishment = _notice_establishment(notice, ctx)
        if establishment is None:
            return None
        subjects = [establishment.id, *(d.id for d in _devices(establishment, ctx))]
        days = [
            i.date
            for s in subjects
            for i in ctx.referring("inspection", "subject", s)
            if i.program in (None, "fog")
            and i.date >= notice.issued_on
            and getattr(i, field) is False
        ]
        if not days:
            return None
        day = min(days)
        return day, f"at the inspection of {day} {_name(ctx, establishment)} {words_done}"

    return act


def _act_charge(notice: Notice, ctx: Context) -> Act | None:
    """Payment of every noncompliance charge assessed under the notice."""
    charges = ctx.referring("noncompliance_charge", "notice", notice.id)
    paid = [c.paid_on for c in charges if c.paid_on is not None and c.paid_on <= ctx.as_of]
    if not charges or len(paid) < len(charges):
        return None
    return (
        max(paid),
        f"the noncompliance {noun(len(charges), 'charge')} "
        f"{'was' if len(charges) == 1 else 'were'} paid on {max(paid)}",
    )


#: the act each requirement's notice demands, where the records can show it
NOTICE_ACTS: dict[str, Callable[[Notice, Context], Act | None]] = {
    "FOG-MIN-FREQUENCY": _act_frequency,
    "FOG-25-PERCENT": _act_accumulation,
    "FOG-MAINTENANCE-EFFICIENT": _act_maintenance,
    "FOG-TRAINING-INITIAL": _act_training,
    "FOG-TRAINING-NEW-HIRE": _act_training,
    "FOG-TRAINING-SEMIANNUAL": _act_training,
    "FOG-TRAINING-RECORDS": _act_training,
    "FOG-BMP-SUBMITTAL": _act_bmp,
    "FOG-BMP-PROGRAM": _act_bmp,
    "FOG-INTERCEPTOR-REQUIRED": _act_interceptor,
    "FOG-SANITARY-FIXTURES": _act_observed(
        "sanitary_fixtures_connected",
        lambda v: v is False,
        "no sanitary fixture discharging through the grease interceptor",
    ),
    "FOG-MONITORING-FACILITY": _act_observed(
        "monitoring_facility", lambda v: v == "accessible", "the monitoring facility accessible"
    ),
    "FOG-ADDITIVES": _act_observed(
        "emulsifiers_used", lambda v: v is False, "no emulsifying agents in use"
    ),
    "FOG-DISCHARGE-PROHIBITION": _act_observed(
        "fog_discharge", lambda v: v is False, "no grease being discharged"
    ),
    "FOG-INSPECTION-ENTRY": _act_inspected("access_refused", "gave the inspector access"),
    "FOG-COMPLIANCE-RECORD": _act_inspected(
        "records_refused", "made its compliance record available"
    ),
    "FOG-NONCOMPLIANCE-CHARGE": _act_charge,
}


def _its(ctx: Context, thing: Any, owner: Any) -> str:
    """A thing named as its owner's: "its 1,500-gallon grease interceptor" for "the
    1,500-gallon grease interceptor of Willow Tea House"; a name of its own stays."""
    name, whose = _name(ctx, thing), f" of {_name(ctx, owner)}"
    if name.startswith("the ") and whose in name:
        return "its " + name[4:].replace(whose, "", 1)
    return name


def _notice_words(notice: Notice, ctx: Context) -> str:
    """ "The notice of noncompliance (Interceptor pump-out frequency) issued to Willow Tea
    House on 2025-02-01 about its 1,500-gallon grease interceptor"."""
    subject = ctx.get(notice.subject)
    owner = _notice_establishment(notice, ctx)
    recipient = owner if owner is not None else subject
    about = "" if subject is None or subject is owner else f" about {_its(ctx, subject, owner)}"
    return (
        f"The notice of noncompliance ({title(notice.requirement)}) issued to "
        f"{_name(ctx, recipient)} on {notice.issued_on}{about}"
    )


def _deadline_of(notice: Notice, ctx: Context) -> tuple[date | None, str]:
    """The notice's deadline (the latest granted extension's, else its own) and how it
    was set, in words."""
    extensions = [e for e in ctx.referring("extension", "notice", notice.id) if e.granted]
    if extensions:
        last = extensions[-1]
        return (
            last.new_due_on,
            f"required compliance by {last.new_due_on} (extended on {last.date})",
        )
    if notice.due_on is not None:
        return notice.due_on, f"required compliance by {notice.due_on}"
    return None, "set no deadline"


@rule("FOG-NONCOMPLIANCE-NOTICE", on="notice")
def noncompliance_notice(notice: Notice, ctx: Context) -> Outcome | None:
    """§ 51.67(A): "… the Director may issue a notice of noncompliance, whereby the
    food service establishment shall comply with all directives, conditions and
    requirements therein within the time prescribed by the notice." The finding
    names the notice.

    The notice is complied with on the earlier of a correction recorded on it and
    the act it demanded as the records show it (``NOTICE_ACTS``): for a clock
    (pump-out frequency, 25 percent, a new hire's or the initial training) the act
    that cured the missed obligation, even one that crossed the notice; for a state
    (a submittal, an interceptor, an observed condition) an act dated from the
    notice on. A correction dated before the notice was issued is a data problem."""
    if notice.kind != "noncompliance":
        return None
    corrections = []
    for correction in ctx.referring("correction", "notice", notice.id):
        if correction.date < notice.issued_on:
            _problem(
                ctx,
                [correction, notice],
                f"A correction of {correction.date} is recorded on "
                f"{_name(ctx, notice)}, which was issued only on {notice.issued_on}.",
            )
        else:
            corrections.append(correction)
    act_of = NOTICE_ACTS.get(notice.requirement)
    act = act_of(notice, ctx) if act_of is not None else None
    corrected = corrections[0].date if corrections else None
    reading = None
    if act is not None and (corrected is None or act[0] < corrected):
        done_on, done = act
        if done_on < notice.issued_on:
            done += ", before the notice was issued"
        reading = NOTICE_MET_BY_ACT
    elif corrected is not None:
        done_on, done = corrected, f"compliance was recorded on {corrected}"
    else:
        done_on, done = None, ""
    due_on, how = _deadline_of(notice, ctx)
    head = f"{_notice_words(notice, ctx)} {how}"
    if due_on is None:
        if done_on is not None:
            return met(f"{head}; {done}.", reading=reading)
        return due(f"{head}, and no compliance is on record yet.")
    if done_on is None:
        done = (
            "no compliance is on record yet"
            if ctx.as_of <= due_on
            else "no compliance is on record"
        )
    elif done_on > due_on:
        done += f", {plural((done_on - due_on).days, 'day')} late"
    return deadline(
        due_on=due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=f"{head}; {done}.",
        reading=reading,
    )


# ------------------------------------------------------------------------- FOG-NONCOMPLIANCE-CHARGE

_COST_LABEL = {
    "inspection_follow_up": "additional inspection and follow-up",
    "sampling": "sampling",
    "monitoring": "monitoring",
    "laboratory_analysis": "laboratory analysis",
    "treatment": "treatment",
    "disposal": "disposal",
    "administrative_processing": "administrative processing",
    "agency_fine": "fines imposed on the city",
}


@derived(
    "noncompliance_charge_cents", on="noncompliance_charge", requirement="FOG-NONCOMPLIANCE-CHARGE"
)
def noncompliance_charge_cents(charge: NoncomplianceCharge, ctx: Context) -> int:
    """§ 51.67(B): the charge "shall be determined by the Director on a case-by-case
    basis to compensate the city for estimated and actual costs …": the sum of the
    itemized costs, in cents."""
    return sum(line.amount_cents for line in charge.costs)


@rule("FOG-NONCOMPLIANCE-CHARGE", on="noncompliance_charge")
def noncompliance_charge(charge: NoncomplianceCharge, ctx: Context) -> Iterator[Outcome]:
    """§ 51.67(B): "The noncompliance charge shall be determined by the Director on a
    case-by-case basis to compensate the city for estimated and actual costs of
    additional inspection and follow-up, sampling, monitoring, laboratory analysis,
    treatment, disposal, administrative processing incurred, and any fines imposed
    on the city by other regulatory agencies as a result of such noncompliance." """
    total = ctx.derived("noncompliance_charge_cents", charge)
    by_category: dict[str, int] = {}
    for line in charge.costs:
        by_category[line.category] = by_category.get(line.category, 0) + line.amount_cents
    items = listing(f"{_COST_LABEL[k]} {_cents(v)}" for k, v in by_category.items())
    head = (
        f"The noncompliance charge assessed on {charge.assessed_on} to "
        f"{_name(ctx, charge.establishment)}"
    )
    if charge.billed_cents is not None and charge.billed_cents != total:
        yield violation(
            f"{head} bills {_cents(charge.billed_cents)}, but its itemized costs ({items}) "
            f"total {_cents(total)}."
        )
        return
    head += f", {_cents(total)} ({items})"
    paid = charge.paid_on if charge.paid_on is not None and charge.paid_on <= ctx.as_of else None
    if charge.due_on is None:
        if paid is not None:
            yield met(f"{head}, was paid on {paid}.")
        else:
            yield due(f"{head}, sets no due date, and no payment is on record yet.")
        return
    if paid is None:
        tail = "no payment is on record"
    elif paid <= charge.due_on:
        tail = f"it was paid on {paid}"
    else:
        tail = f"it was paid on {paid}, {plural((paid - charge.due_on).days, 'day')} late"
    yield deadline(
        due_on=charge.due_on,
        done_on=paid,
        as_of=ctx.as_of,
        explanation=f"{head}, was due by {charge.due_on}; {tail}.",
    )


# --------------------------------------------------------------------------- records only

records(
    "FOG-MAINTENANCE-EFFICIENT",
    "The records system keeps each device's pump-outs and cleanings (dates, amounts and "
    "means of disposal); the ordinance sets no schedule for devices other than grease "
    "interceptors, whose frequency FOG-MIN-FREQUENCY and FOG-25-PERCENT compute.",
)
records(
    "FOG-FINE-RECOVERY",
    "The records system keeps the fine imposed on the city, the evidence tracing the "
    "violation to the establishment and the recovery invoice; a fine recovered through a "
    "noncompliance charge is an agency_fine cost line (FOG-NONCOMPLIANCE-CHARGE).",
)
