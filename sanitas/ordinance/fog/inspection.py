"""§ 51.65, Record maintenance required (FOG-COMPLIANCE-RECORD), and § 51.66,
Inspection and right of entry: the monitoring facility (A) and entry (B).
"""

from __future__ import annotations

from datetime import date

from sanitas.ordinance.calendar import add_months
from sanitas.ordinance.engine import Context, Outcome, derived, met, rule, violation
from sanitas.ordinance.fog.common import (
    GREASE_DEVICES,
    decisions_of,
    fse,
    fse_covered,
    in_force_from,
    is_a,
    latest_observation,
    thing_name,
    while_installed,
)
from sanitas.ordinance.fog.vocabulary import InHouseCleaning, PumpOut
from sanitas.ordinance.general import Establishment, Inspection
from sanitas.ordinance.words import listing

# -------------------------------------------------------------------------- FOG-MONITORING-FACILITY


@rule("FOG-MONITORING-FACILITY", on="establishment")
def monitoring_facility(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.66(A): "When required for the purposes of this chapter, the food service
    establishment shall provide, operate and maintain safe and accessible monitoring
    facilities (such as a suitable sampling port or manhole) at all times …" """
    if not fse_covered(establishment, ctx):
        return None
    observation = latest_observation(establishment, ctx, "monitoring_facility")
    if observation is None:
        return None
    required = decisions_of(establishment, "monitoring_facility_required", ctx, on=observation.date)
    if not required:
        return None
    since = required[0].date
    state = observation.monitoring_facility
    facility = f"The monitoring facility the Director required of {thing_name(ctx, establishment)}"
    if state == "accessible":
        return met(f"{facility} on {since} was safe and accessible on {observation.date}.")
    return violation(
        f"{facility} on {since} was {state} on {observation.date}; it must be safe and "
        "accessible at all times."
    )


# --------------------------------------------------------------------------- FOG-COMPLIANCE-RECORD


@derived("fog_record_retain_until", on="pump_out", requirement="FOG-COMPLIANCE-RECORD")
def fog_record_retain_until(pump_out: PumpOut, ctx: Context) -> date | None:
    """§ 51.65: "All compliance records must be retained on site by the food service
    establishment for a period of not less than three years." The first day the
    manifest of a grease device's pump-out at an FSE may leave the site, else null."""
    device = ctx.get(pump_out.device)
    if not is_a(device, "device") or device.kind not in GREASE_DEVICES:
        return None
    if fse(device.establishment, ctx) is None:
        return None
    years = ctx.param("fog.records_retention_years", on=max(pump_out.date, in_force_from(ctx)))
    return add_months(pump_out.date, 12 * years)


@rule("FOG-COMPLIANCE-RECORD", on="in_house_cleaning")
def cleaning_log(cleaning: InHouseCleaning, ctx: Context) -> Outcome | None:
    """§ 51.65: "The compliance record must log the date and time of cleaning, the
    name of the employee who performed the cleaning, and the volume removed." """
    device = ctx.get(cleaning.device)
    if fse(getattr(device, "establishment", None), ctx) is None:
        return None
    what = f"the in-house cleaning of {cleaning.date}"
    if not while_installed(cleaning, cleaning.date, device, what, ctx):
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
        f"The compliance record of the in-house cleaning of {thing_name(ctx, device)} "
        f"on {cleaning.date}"
    )
    if missing:
        return violation(f"{log} lacks {listing(missing)}.")
    return met(f"{log} logs its time, the employee and the volume removed.")


def _inspected_fse(inspection: Inspection, ctx: Context) -> Establishment | None:
    """The FSE a FOG inspection (program ``fog`` or unspecified) was of, if any."""
    if inspection.program not in (None, "fog"):
        return None
    subject = ctx.get(inspection.subject)
    if is_a(subject, "device"):
        return fse(subject.establishment, ctx)
    if is_a(subject, "establishment"):
        return subject if fse_covered(subject, ctx) else None
    if inspection.program == "fog":
        for establishment in ctx.referring("establishment", "premises", inspection.subject):
            if fse_covered(establishment, ctx):
                return establishment
    return None


def _answering_fse(
    inspection: Inspection, refused: bool | None, ctx: Context
) -> Establishment | None:
    """The FSE of a FOG inspection since the subchapter took effect that records
    whether it refused (``refused`` not None), if any."""
    if refused is None or inspection.date < in_force_from(ctx):
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
            f"At the inspection of {inspection.date} {thing_name(ctx, establishment)} did not make "
            "its grease compliance record available."
        )
    return met(
        f"At the inspection of {inspection.date} {thing_name(ctx, establishment)} made its grease "
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
            f"On {inspection.date} {thing_name(ctx, establishment)} refused the Director's "
            "authorized inspector access for a grease inspection."
        )
    return met(
        f"On {inspection.date} {thing_name(ctx, establishment)} gave the inspector access for a "
        "grease inspection."
    )
