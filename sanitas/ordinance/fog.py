"""Chapter 51, discharges by food service establishments (§§ 51.61–51.68): the FOG program.

Who is covered (FOG-FSE-DEFINITION): an establishment is a food service
establishment (FSE) when it ``cooks`` (frying, baking, grilling, … producing hot
food in receptacles that need washing) and is not recorded as outside the city;
no FOG rule applies to any other establishment. Nothing in the subchapter binds
before it came into force (``fog.in_force``).

Subjects: a finding about an establishment's standing (interceptor, BMP
program, fixtures, additives, monitoring) names the establishment; about a
device's condition (25 percent, maintenance frequency) the device; about an
employee's training the employee; about one event (a pump-out manifest, a
blockage, an inspection, a notice, a charge) the event's ``id`` where it has
one, else the thing the event belongs to. A notice of noncompliance is followed
by its own ``id``: an establishment may hold several, each with its deadline.

Observations that describe a standing state (sanitary fixtures, additives,
monitoring facility) are decided by the latest observation that reports them: a
later observation that finds the state corrected records it corrected.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from sanitas.ordinance.calendar import add_days, add_months
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
    Blockage,
    BmpSubmittal,
    Date,
    Device,
    Employee,
    Establishment,
    Fact,
    FrequencyOrder,
    Inspection,
    Notice,
    PumpOut,
    Thing,
    Training,
    Waiver,
    fact_type,
    ref,
    required_ref,
)

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
_KIND_LABEL = {
    "grease_interceptor": "grease interceptor",
    "grease_trap": "grease trap",
    "sand_trap": "sand trap",
    "neutralizing_tank": "neutralizing tank",
}


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


def _frequency_order(device: Device, ctx: Context) -> FrequencyOrder | None:
    orders = ctx.referring("frequency_order", "device", device.id)
    return orders[-1] if orders else None


def _last_full_pump_out(device: Device, ctx: Context) -> PumpOut | None:
    for pump_out in reversed(ctx.referring("pump_out", "device", device.id)):
        if pump_out.full:
            return pump_out
    return None


def _dollars(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def _cents(cents: int) -> str:
    return _dollars(Decimal(cents) / 100)


def _number(value: float) -> str:
    return f"{value:g}"


def _months(count: int) -> str:
    return f"{count} month{'s' * (count != 1)}"


def _listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _decisions(
    establishment: Establishment,
    kind: str,
    ctx: Context,
    device: str | None = None,
    on: date | None = None,
) -> list[Any]:
    """The Director's decisions of ``kind`` in force on ``on`` (default: the as-of
    date), for ``device`` where a decision is limited to one."""
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
    such a discharge."""
    establishment = _fse(blockage.establishment, ctx)
    if establishment is None or blockage.date < _in_force(ctx):
        return None
    return violation(
        f"A grease-related sewer blockage on {blockage.date} is attributed to "
        f"{establishment.id}, which caused or contributed to a discharge of FOG into the "
        "sanitary sewer."
    )


@rule("FOG-DISCHARGE-PROHIBITION", on="fog_observation")
def discharge_observed(observation: FogObservation, ctx: Context) -> Outcome | None:
    """§ 51.61: "It is unlawful for any food service establishment to discharge FOG
    into the sanitary sewer …" — as an inspector observed it."""
    if observation.fog_discharge is not True or _fse(observation.establishment, ctx) is None:
        return None
    if observation.date < _in_force(ctx):
        return None
    return violation(
        f"On {observation.date} the inspector observed {observation.establishment} "
        "discharging FOG into the sanitary sewer."
    )


@rule("FOG-DISCHARGE-PROHIBITION", on="fog_decision")
def discharge_determined(decision: FogDecision, ctx: Context) -> Outcome | None:
    """§ 51.61, with § 51.63(A)(4): an FSE "which, based on inspection or sampling,
    has been determined by the Director to be discharging FOG in significant
    quantities sufficient to adversely impact the sanitary sewer." """
    if decision.kind != "significant_discharge" or decision.date < _in_force(ctx):
        return None
    if _fse(decision.establishment, ctx) is None:
        return None
    return violation(
        f"On {decision.date} the Director determined that {decision.establishment} "
        "discharges FOG in significant quantities sufficient to adversely impact the "
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
    missing = [_BMP_LABEL.get(e, e) for e in required if e not in submittal.elements]
    if missing:
        return violation(
            f"The BMP program submitted {submittal.date} lacks {_listing(missing)}, "
            f"{len(missing)} of the {len(required)} minimum practices."
        )
    return met(
        f"The BMP program submitted {submittal.date} includes all {len(required)} minimum "
        "practices."
    )


# --------------------------------------------------------------------------- FOG-BMP-SUBMITTAL


@rule("FOG-BMP-SUBMITTAL", on="establishment")
def bmp_submittal(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.62(D): "A written copy of the best management practices program must be
    submitted to the Director." """
    if not _is_fse(establishment, ctx) or not _opened(establishment, ctx):
        return None
    if ctx.as_of < _in_force(ctx):
        return None
    submittals = ctx.referring("bmp_submittal", "establishment", establishment.id)
    if submittals:
        return met(f"A written BMP program was submitted to the Director on {submittals[-1].date}.")
    return violation(
        f"{establishment.id} is a food service establishment and has submitted no written "
        "BMP program to the Director."
    )


# --------------------------------------------------------------------------- training


def _employment_end(employee: Employee, ctx: Context) -> date | None:
    """The last day of employment: ``left_on``, or the day the establishment closed."""
    establishment = ctx.get(employee.establishment)
    ends = [d for d in (employee.left_on, getattr(establishment, "closed_on", None)) if d]
    return min(ends) if ends else None


def _training_defect(training: Training, ctx: Context) -> str | None:
    """Why a training does not count (a reading of the pack), or None if it counts."""
    if not training.signed and ctx.param("fog.training_counts_only_signed", on=training.date):
        return f"the unsigned training of {training.date} does not count"
    topics = ctx.param("fog.training_topics", on=training.date)
    if training.topics is not None:
        lacking = [t for t in topics if t not in training.topics]
        if lacking:
            return (
                f"the training of {training.date} does not count, its topics lacking "
                f"{_listing(lacking)}"
            )
    return None


def _classified(employee: Employee, ctx: Context) -> list[tuple[Training, str | None]]:
    """The employee's trainings, oldest first, each with why it does not count (or
    None), computed once per evaluation."""
    cache = ctx.memo("fog.trainings")
    if employee.id not in cache:
        cache[employee.id] = [
            (training, _training_defect(training, ctx))
            for training in ctx.referring("training", "employees", employee.id)
        ]
    return cache[employee.id]


def _trainings(
    employee: Employee, ctx: Context, start: date, end: date | None = None
) -> tuple[list[Training], list[str]]:
    """The employee's trainings dated from ``start`` to ``end``: those that count, and
    the reasons the others do not."""
    counted: list[Training] = []
    ignored: list[str] = []
    for training, defect in _classified(employee, ctx):
        if training.date < start or (end is not None and training.date > end):
            continue
        if defect is None:
            counted.append(training)
        else:
            ignored.append(defect)
    return counted, ignored


def _reading(ignored: list[str]) -> str:
    return f" (reading: {'; '.join(ignored)})" if ignored else ""


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
    if done_on is not None and done_on <= ctx.as_of:
        when = "within" if done_on <= due_on else "after"
        text = f"{why}; trained {done_on}, {when} the deadline of {due_on}"
    else:
        verb = "is due" if ctx.as_of <= due_on else "was due"
        text = f"{why}; no counted FOG training since {start}; training {verb} by {due_on}"
    return deadline(
        due_on=due_on, done_on=done_on, as_of=ctx.as_of, explanation=text + _reading(ignored) + "."
    )


@rule("FOG-TRAINING-INITIAL", on="employee")
def training_initial(employee: Employee, ctx: Context) -> Outcome | None:
    """§ 51.62(B): "All food service establishments shall provide employee training
    within 180 days of the effective date of the ordinance adopting this
    subchapter" — for the employees employed when it took effect; trainings from
    the effective date count."""
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
        why=f"Employed when the FOG subchapter took effect on {in_force}",
    )


@rule("FOG-TRAINING-NEW-HIRE", on="employee")
def training_new_hire(employee: Employee, ctx: Context) -> Outcome | None:
    """§ 51.62(B): "… to all new employees within ten days of their employment …" """
    if _fse(employee.establishment, ctx) is None or employee.hired_on < _in_force(ctx):
        return None
    days = ctx.param("fog.new_hire_training_days", on=employee.hired_on)
    return _training_deadline(
        employee=employee,
        ctx=ctx,
        start=employee.hired_on,
        due_on=add_days(employee.hired_on, days),
        why=f"Hired {employee.hired_on}, to be trained within {days} days",
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
def training_semiannual(employee: Employee, ctx: Context) -> Iterator[Outcome]:
    """§ 51.62(B): "… and to all employees twice each calendar year, on the best
    management practices including but not limited to the following subjects: (1)
    … "dry wipe" …; (2) … food waste and solids in enclosed plastic bags …; (3) …
    absorption products …; (4) … grease or oils … into a grease receptacle …" """
    if _fse(employee.establishment, ctx) is None:
        return
    for year in _full_years(employee, ctx):
        year_end = date(year, 12, 31)
        needed = ctx.param("fog.trainings_per_year", on=year_end)
        counted, ignored = _trainings(employee, ctx, date(year, 1, 1), year_end)
        dates = _listing([str(t.date) for t in counted])
        done_on = counted[needed - 1].date if len(counted) >= needed else None
        employed = (
            f"Employed all of {year}"
            if ctx.as_of >= year_end
            else f"Employed since the start of {year}"
        )
        if done_on is not None:
            text = f"{employed}; trained {dates}, the {needed} trainings the year requires"
        else:
            so_far = f" ({dates})" if counted else ""
            verb = "are due" if ctx.as_of <= year_end else "were due"
            text = (
                f"{employed}; {len(counted)} counted FOG training{'s' * (len(counted) != 1)} "
                f"dated in {year}{so_far}, and {needed} {verb} by {year_end}"
            )
        yield deadline(
            due_on=year_end,
            done_on=done_on,
            as_of=ctx.as_of,
            period=str(year),
            explanation=text + _reading(ignored) + ".",
        )


@rule("FOG-TRAINING-RECORDS", on="training")
def training_records(training: Training, ctx: Context) -> Outcome | None:
    """§ 51.62(C): "Training shall be documented and employee signatures retained
    indicating each employee's attendance and understanding of the practices
    reviewed." The finding names the establishment."""
    if _fse(training.establishment, ctx) is None or training.date < _in_force(ctx):
        return None
    count = len(training.employees)
    people = f"{count} employee{'s' * (count != 1)}"
    if training.signed:
        return met(
            f"The training of {training.date} for {people} is documented with signatures.",
            subject=training.establishment,
        )
    reading = (
        " (reading: an unsigned training does not count toward the training requirements)"
        if ctx.param("fog.training_counts_only_signed", on=training.date)
        else ""
    )
    return violation(
        f"The training of {training.date} for {people} has no employee signatures{reading}.",
        subject=training.establishment,
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
                (b.date, "a grease-related blockage")
                for b in ctx.referring("blockage", "establishment", ident)
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


def _lapse(waiver: Waiver, ctx: Context) -> str:
    """Why a waiver no longer holds, in words."""
    if waiver.revoked_on is not None and waiver.revoked_on <= ctx.as_of:
        return f"was revoked {waiver.revoked_on}"
    event = _voiding_event(waiver, ctx)
    if event is not None:
        return f"was voided {event[0]} by {event[1]}"
    return f"expired {waiver.expires_on}"


# ----------------------------------------------------------------------- FOG-PRETREAT-APPLICABILITY

_TRIGGER_ORDER = ("new_fse", "transfer", "renovation", "blockage")


def _triggers(establishment: Establishment, ctx: Context) -> list[tuple[date, int, str, str]]:
    """Every § 51.63(A) trigger of the establishment: (date, paragraph order, name, words)."""
    in_force = _in_force(ctx)
    ident = establishment.id
    found: list[tuple[date, int, str, str]] = []

    def add(day: date, name: str, words: str) -> None:
        if in_force <= day <= ctx.as_of:
            found.append((day, _TRIGGER_ORDER.index(name), name, words))

    if establishment.opened_on is not None:
        add(
            establishment.opened_on,
            "new_fse",
            f"as a new FSE, opened {establishment.opened_on}, on or after the subchapter took "
            f"effect {in_force}",
        )
    for transfer in ctx.referring("ownership_transfer", "establishment", ident):
        add(
            transfer.date,
            "transfer",
            f"upon the transfer of operational control on {transfer.date}",
        )
    for renovation in ctx.referring("renovation", "establishment", ident):
        threshold = Decimal(str(ctx.param("fog.renovation_valuation", on=renovation.date)))
        on = renovation.date
        if renovation.plumbing:
            words = f"upon the renovation of the plumbing system on {on}"
        elif renovation.fog_equipment:
            words = f"upon the addition on {on} of equipment that may increase FOG"
        elif renovation.valuation is not None and renovation.valuation >= threshold:
            words = (
                f"upon the renovation of {on} with a building permit valuation of "
                f"{_dollars(renovation.valuation)} (at least {_dollars(threshold)})"
            )
        else:
            continue
        add(on, "renovation", words)
    for blockage in ctx.referring("blockage", "establishment", ident):
        add(blockage.date, "blockage", f"after the grease-related blockage on {blockage.date}")
    for decision in ctx.referring("fog_decision", "establishment", ident):
        if decision.kind == "significant_discharge":
            add(
                decision.date,
                "blockage",
                f"after the Director's determination of significant FOG discharge on "
                f"{decision.date}",
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
    """§ 51.63(A)–(B), with the exception of § 51.63(D): "An existing food service
    establishment may obtain a conditional waiver from installing a grease
    interceptor …" Required when a trigger has occurred and no valid FOG
    conditional waiver holds."""
    if _first_trigger(establishment, ctx) is None:
        return False
    return not _valid_waivers(establishment, "fog_conditional", ctx)


# ------------------------------------------------------------------------- FOG-INTERCEPTOR-REQUIRED


def _interceptor_defects(device: Device, ctx: Context) -> list[str]:
    minimum = ctx.param("fog.interceptor_min_compartments")
    defects = []
    if not _interceptor(device):
        defects.append(f"is a {_KIND_LABEL[device.kind]}, not a grease interceptor")
    else:
        if device.approved is not True:
            defects.append("is not approved")
        if (device.compartments or 0) < minimum:
            count = device.compartments
            if count is None:
                defects.append(f"has no recorded compartments (at least {minimum} required)")
            else:
                defects.append(f"has {count} compartment{'s' * (count != 1)}, fewer than {minimum}")
    return defects


@rule("FOG-INTERCEPTOR-REQUIRED", on="establishment")
def interceptor_required(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.63(B): "All food service establishments specified in division (A) of this
    section shall install, operate and maintain an approved type, adequately sized
    and readily accessible grease interceptor … Grease interceptors shall have a
    minimum of two compartments …"; § 51.63(C): a variance allows "an alternative
    pretreatment device in lieu of a grease interceptor." """
    if not ctx.derived("fog_interceptor_required", establishment):
        return None
    if not _opened(establishment, ctx):
        return None
    trigger = _first_trigger(establishment, ctx)
    assert trigger is not None
    basis = f"An interceptor is required {trigger[3]}"
    lapsed = [
        f"{label} {w[-1].id} {_lapse(w[-1], ctx)}"
        for label, w in (
            ("conditional waiver", _waivers(establishment, "fog_conditional", ctx)),
            ("variance", _waivers(establishment, "fog_variance", ctx)),
        )
        if w and not ctx.derived("waiver_valid", w[-1])
    ]
    if lapsed:
        basis += f" ({'; '.join(lapsed)})"
    devices = _devices(establishment, ctx)
    defects = {d.id: _interceptor_defects(d, ctx) for d in devices}
    for device in devices:
        if not defects[device.id]:
            return met(
                f"{basis}; {device.id} is an approved grease interceptor with "
                f"{device.compartments} compartments."
            )
    for variance in _valid_waivers(establishment, "fog_variance", ctx):
        must_approve = ctx.param("fog.variance_device_must_be_approved")
        allowed = [d for d in devices if d.approved is True or not must_approve]
        grant = f"variance {variance.id} of {variance.granted_on} allows an alternative device"
        if not allowed:
            which = "an approved one" if must_approve else "none"
            return violation(f"{basis}; {grant}, but {which} is installed.")
        device = allowed[0]
        reading = "" if device.approved else "; reading: any device counts while a variance holds"
        return met(
            f"{basis}; {grant}, and {device.id} ({_KIND_LABEL[device.kind]}{reading}) is installed."
        )
    if not devices:
        return violation(f"{basis}; no pretreatment device is installed.")
    problems = [f"{d.id} {' and '.join(defects[d.id])}" for d in devices]
    return violation(f"{basis}, but {_listing(problems)}.")


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
    with time alone)."""
    if waiver.kind != "fog_variance":
        return
    day = _last_valid_day(waiver, ctx)
    if day < waiver.granted_on:
        return
    held = "" if day == ctx.as_of else f" (it held until {day})"
    head = f"Variance {waiver.id} of {waiver.granted_on} allows an alternative device{held}"
    for establishment in _waiver_establishments(waiver, ctx):
        if not _is_fse(establishment, ctx) or not _opened(establishment, ctx):
            continue
        devices = [
            d
            for d in ctx.referring("device", "establishment", establishment.id)
            if _installed_on(d, day)
        ]
        approved = [d for d in devices if d.approved is True]
        if approved:
            yield met(
                f"{head}; {approved[0].id} ({_KIND_LABEL[approved[0].kind]}) at "
                f"{establishment.id} is approved."
            )
        elif devices:
            yield violation(
                f"{head}, but {_listing([d.id for d in devices])} at {establishment.id} "
                "is not approved by the Director and the Building Official."
            )
        else:
            yield violation(f"{head}, but no device is installed at {establishment.id}.")


# --------------------------------------------------------------------------- FOG-WAIVER
# The validity of every waiver, and the voiding of a FOG conditional waiver, are the
# derived values ``waiver_valid`` and ``waiver_voided_on`` above; the interceptor
# rule applies them.


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
            f"On {observation.date} no sanitary fixture discharged through the grease interceptor."
        )
    approvals = _decisions(establishment, "sanitary_fixtures_approved", ctx, observation.device)
    if approvals:
        return met(
            f"Sanitary fixtures discharge through the grease interceptor (observed "
            f"{observation.date}) with the Director's written approval of {approvals[-1].date}."
        )
    return violation(
        f"On {observation.date} sanitary fixtures discharged through the grease interceptor "
        "without the Director's written approval."
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
    if observation.emulsifiers_used:
        return violation(
            f"On {on} emulsifying agents were being introduced into the grease interceptor, "
            "which is strictly prohibited."
        )
    if observation.additives_used:
        approvals = _decisions(establishment, "additives_approved", ctx, observation.device)
        if approvals:
            return met(
                f"Additives in use on {on} were approved by the Director on {approvals[-1].date}."
            )
        return violation(f"On {on} additives were in use without the Director's approval.")
    seen = [
        name
        for name, value in (
            ("additives", observation.additives_used),
            ("emulsifiers", observation.emulsifiers_used),
        )
        if value is False
    ]
    return met(f"On {on} no {' or '.join(seen)} were in use.")


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
    if state == "accessible":
        return met(
            f"The monitoring facility the Director required on {since} was safe and "
            f"accessible on {observation.date}."
        )
    return violation(
        f"The monitoring facility the Director required on {since} was {state} on "
        f"{observation.date}; it must be safe and accessible at all times."
    )


# --------------------------------------------------------------------------- FOG-25-PERCENT


def _accumulation_subject(inspection: Inspection, ctx: Context) -> tuple[str, list[Device]] | None:
    """The device an accumulation measurement is about (or the establishment, when it
    had several interceptors on the inspection day), with the interceptors that a
    pump-out would service."""
    subject = ctx.get(inspection.subject)
    if _is(subject, "device"):
        if not _interceptor(subject) or _fse(subject.establishment, ctx) is None:
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


@rule("FOG-25-PERCENT", on="inspection")
def accumulation_limit(inspection: Inspection, ctx: Context) -> Iterator[Outcome]:
    """§ 51.64(B): "Grease interceptors shall be fully pumped out and cleaned at a
    frequency such that the combined FOG and solids accumulation does not exceed 25%
    of the total hydraulic capacity of the grease interceptor calculated by volume or
    depth, whichever is more stringent. … If the grease interceptor, at any time,
    contains FOG and solids accumulation that does not meet the requirements of this
    chapter, the food service establishment shall be required to have the grease
    interceptor serviced immediately …" """
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
    limit = ctx.param("fog.max_accumulation_percent", on=inspection.date)
    measured = f"Inspection {inspection.date} found FOG and solids at {_number(percent)}% {how}"
    if percent <= limit:
        yield met(
            f"{measured}, within the {_number(limit)}% limit (the more stringent of volume "
            "and depth).",
            subject=subject,
        )
        return
    yield violation(
        f"{measured}, more than {_number(limit)}% of the hydraulic capacity (the more "
        "stringent of volume and depth).",
        subject=subject,
    )
    days = ctx.param("fog.immediate_service_days", on=inspection.date)
    service_due = add_days(inspection.date, days)
    serviced = sorted(
        p.date
        for device in interceptors
        for p in ctx.referring("pump_out", "device", device.id)
        if p.full and p.date >= inspection.date
    )
    done_on = serviced[0] if serviced else None
    after = f"fully pumped out {done_on}" if done_on else "no full pump-out since"
    yield deadline(
        due_on=service_due,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=f"Found above {_number(limit)}% on {inspection.date}, so it must be "
        f"serviced immediately (reading: within {days} day{'s' * (days != 1)}, by "
        f"{service_due}); {after}.",
        subject=subject,
    )


# --------------------------------------------------------------------------- FOG-MIN-FREQUENCY


@derived("maintenance_frequency_months", on="device", requirement="FOG-MIN-FREQUENCY")
def maintenance_frequency_months(device: Device, ctx: Context) -> int | None:
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established.
    The Director may change the maintenance frequency at any time." """
    if not _interceptor(device):
        return None
    order = _frequency_order(device, ctx)
    if order is None:
        return ctx.param("fog.default_frequency_months")
    return min(order.months, ctx.param("fog.max_frequency_months", on=order.date))


@derived("next_pump_out_due", on="device", requirement="FOG-MIN-FREQUENCY")
def next_pump_out_due(device: Device, ctx: Context) -> date | None:
    """The last full pump-out (else the installation) plus the frequency in force."""
    months = ctx.derived("maintenance_frequency_months", device)
    if months is None:
        return None
    last = _last_full_pump_out(device, ctx)
    start = last.date if last is not None else device.installed_on
    if start is None:
        return None
    return add_months(start, months)


@rule("FOG-MIN-FREQUENCY", on="device")
def min_frequency(device: Device, ctx: Context) -> Outcome | None:
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established." """
    if not _interceptor(device) or not _in_service(device, ctx):
        return None
    establishment = _fse(device.establishment, ctx)
    if establishment is None or not _operating(establishment, ctx):
        return None
    due_on = ctx.derived("next_pump_out_due", device)
    if due_on is None:
        return None
    months = ctx.derived("maintenance_frequency_months", device)
    last = _last_full_pump_out(device, ctx)
    order = _frequency_order(device, ctx)
    if order is None:
        quarterly = " (quarterly)" if months == 3 else ""
        basis = f"no frequency set, so every {_months(months)}{quarterly} applies"
    elif months < order.months:
        basis = (
            f"the Director's order of {order.date} sets {order.months} months, "
            f"capped at the {months}-month minimum"
        )
    else:
        basis = f"the Director's order of {order.date} sets every {_months(months)}"
    since = (
        f"Last full pump-out {last.date}"
        if last is not None
        else f"No full pump-out since installation on {device.installed_on}"
    )
    partial = [
        p.date
        for p in ctx.referring("pump_out", "device", device.id)
        if not p.full and (last is None or p.date > last.date)
    ]
    if partial:
        since += f" (the partial pump-out of {partial[-1]} does not count)"
    verb = "was due" if ctx.as_of > due_on else "is due"
    return deadline(
        due_on=due_on,
        done_on=None,
        as_of=ctx.as_of,
        explanation=f"{since}; {basis}; next {verb} {due_on}.",
    )


# --------------------------------------------------------------------------- FOG-HAULER-MANIFEST

_MANIFEST_LABEL = {
    "hauler_name": "the hauler's name",
    "hauler_address": "the hauler's address",
    "operator_name": "the operator's name",
    "operator_signed": "the operator's signature",
    "water_gallons": "the volume of water removed",
    "fog_gallons": "the volume of FOG removed",
    "floating_fog_inches": "the level of floating FOG",
    "settled_solids_inches": "the level of settleable solids",
    "repairs": "the repairs made",
    "disposal_facility": "the disposal facility",
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
    of the facility where the waste hauler is planning to dispose of the waste." """
    device = ctx.get(pump_out.device)
    if not _is(device, "device") or device.kind not in GREASE_DEVICES:
        return None
    if _fse(device.establishment, ctx) is None or pump_out.date < _in_force(ctx):
        return None
    fields = ctx.param("fog.manifest_fields", on=pump_out.date)
    missing = [_MANIFEST_LABEL.get(f, f) for f in fields if not _on_manifest(pump_out, f)]
    what = f"The manifest of the {pump_out.date} pump-out of {device.id}"
    if missing:
        return violation(f"{what} lacks {_listing(missing)}.")
    return met(f"{what} records all {len(fields)} required items.")


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
    years = ctx.param("fog.records_retention_years", on=pump_out.date)
    return add_months(pump_out.date, 12 * years)


@rule("FOG-COMPLIANCE-RECORD", on="in_house_cleaning")
def cleaning_log(cleaning: InHouseCleaning, ctx: Context) -> Outcome | None:
    """§ 51.65: "The compliance record must log the date and time of cleaning, the
    name of the employee who performed the cleaning, and the volume removed." """
    device = ctx.get(cleaning.device)
    if _fse(getattr(device, "establishment", None), ctx) is None:
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
    what = f"The log of the {cleaning.date} in-house cleaning of {cleaning.device}"
    if missing:
        return violation(f"{what} lacks {_listing(missing)}.")
    return met(f"{what} records its time, the employee and the volume removed.")


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
            f"At the inspection of {inspection.date} {establishment.id} did not make its "
            "compliance record available."
        )
    return met(
        f"At the inspection of {inspection.date} {establishment.id} made its compliance "
        "record available."
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
            f"On {inspection.date} {establishment.id} refused the Director's authorized "
            "inspector access for a FOG inspection."
        )
    return met(f"On {inspection.date} {establishment.id} gave access for a FOG inspection.")


# ------------------------------------------------------------------------- FOG-NONCOMPLIANCE-NOTICE


@rule("FOG-NONCOMPLIANCE-NOTICE", on="notice")
def noncompliance_notice(notice: Notice, ctx: Context) -> Outcome | None:
    """§ 51.67(A): "… the Director may issue a notice of noncompliance, whereby the
    food service establishment shall comply with all directives, conditions and
    requirements therein within the time prescribed by the notice." The finding
    names the notice."""
    if notice.kind != "noncompliance":
        return None
    corrections = ctx.referring("correction", "notice", notice.id)
    done_on = corrections[0].date if corrections else None
    head = f"Notice of noncompliance {notice.id} ({notice.requirement}) issued {notice.issued_on}"
    if notice.due_on is None:
        if done_on is not None:
            return met(f"{head} set no deadline; compliance was achieved {done_on}.")
        return due(f"{head} sets no deadline, and no compliance is recorded yet.")
    if done_on is not None:
        tail = f"compliance achieved {done_on}"
    else:
        verb = "is" if ctx.as_of <= notice.due_on else "was"
        tail = f"no compliance recorded, and the deadline {verb} {notice.due_on}"
    return deadline(
        due_on=notice.due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=f"{head} requires compliance by {notice.due_on}; {tail}.",
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
    items = _listing([f"{_COST_LABEL[k]} {_cents(v)}" for k, v in by_category.items()])
    if charge.billed_cents is not None and charge.billed_cents != total:
        yield violation(
            f"Charge {charge.id} bills {_cents(charge.billed_cents)}, but its itemized costs "
            f"({items}) total {_cents(total)}."
        )
        return
    head = f"Noncompliance charge {charge.id} of {_cents(total)} ({items})"
    head += f" assessed {charge.assessed_on}"
    paid = charge.paid_on if charge.paid_on is not None and charge.paid_on <= ctx.as_of else None
    if charge.due_on is None:
        if paid is not None:
            yield met(f"{head}; paid {paid}.")
        else:
            yield due(f"{head}; no payment is recorded yet.")
        return
    tail = f"paid {paid}" if paid is not None else "no payment recorded"
    yield deadline(
        due_on=charge.due_on,
        done_on=paid,
        as_of=ctx.as_of,
        explanation=f"{head}, due {charge.due_on}; {tail}.",
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
