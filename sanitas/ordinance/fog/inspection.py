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
    ref,
    while_installed,
)
from sanitas.ordinance.fog.vocabulary import InHouseCleaning, PumpOut
from sanitas.ordinance.general import Establishment, Inspection
from sanitas.ordinance.messages import Day, Items, Phrase, Word, declare, vocabulary

# -------------------------------------------------------------------------- FOG-MONITORING-FACILITY

_FACILITY = "The monitoring facility the Director required of {establishment} on {since} was "
_FACILITY_OK = declare("fog.monitoring.accessible", _FACILITY + "safe and accessible on {date}.")
#: the facility as observed, when not safe and accessible
_FACILITY_NOT = {
    state: declare(
        f"fog.monitoring.{state}",
        _FACILITY + state + " on {date}; it must be safe and accessible at all times.",
    )
    for state in ("inaccessible", "unsafe", "missing")
}


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
    args = {
        "establishment": ref(ctx, establishment),
        "since": Day(required[0].date),
        "date": Day(observation.date),
    }
    state = observation.monitoring_facility
    if state == "accessible":
        return met(_FACILITY_OK(**args))
    return violation(_FACILITY_NOT[state](**args))


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


_LOG = "The compliance record of the in-house cleaning of {device} on {date} "
_LOG_LACKS = declare("fog.cleaning-log.lacking", _LOG + "lacks {missing}.")
_LOG_COMPLETE = declare(
    "fog.cleaning-log.complete", _LOG + "logs its time, the employee and the volume removed."
)
_LOG_ITEMS = ("the time", "the employee's name", "the volume removed")
vocabulary(*_LOG_ITEMS)


_CLEANING_OF = declare("fog.name.cleaning-of", "the in-house cleaning of {date}")


@rule("FOG-COMPLIANCE-RECORD", on="in_house_cleaning")
def cleaning_log(cleaning: InHouseCleaning, ctx: Context) -> Outcome | None:
    """§ 51.65: "The compliance record must log the date and time of cleaning, the
    name of the employee who performed the cleaning, and the volume removed." """
    device = ctx.get(cleaning.device)
    if fse(getattr(device, "establishment", None), ctx) is None:
        return None
    what = Phrase(_CLEANING_OF(date=Day(cleaning.date)))
    if not while_installed(cleaning, cleaning.date, device, what, ctx):
        return None
    missing = tuple(
        Word(label)
        for value, label in zip(
            (cleaning.time, cleaning.employee_name, cleaning.volume_gallons),
            _LOG_ITEMS,
            strict=True,
        )
        if value is None or (isinstance(value, str) and not value.strip())
    )
    log = {"device": ref(ctx, device), "date": Day(cleaning.date)}
    if missing:
        return violation(_LOG_LACKS(**log, missing=Items(missing)))
    return met(_LOG_COMPLETE(**log))


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


_RECORDS_REFUSED = declare(
    "fog.records.refused",
    "At the inspection of {date} {establishment} did not make its grease compliance record "
    "available.",
)
_RECORDS_SHOWN = declare(
    "fog.records.shown",
    "At the inspection of {date} {establishment} made its grease compliance record available.",
)


@rule("FOG-COMPLIANCE-RECORD", on="inspection")
def records_on_request(inspection: Inspection, ctx: Context) -> Outcome | None:
    """§ 51.65: "The food service establishment shall, upon request, make the
    compliance record available to the Director." """
    establishment = _answering_fse(inspection, inspection.records_refused, ctx)
    if establishment is None:
        return None
    args = {"date": Day(inspection.date), "establishment": ref(ctx, establishment)}
    if inspection.records_refused:
        return violation(_RECORDS_REFUSED(**args))
    return met(_RECORDS_SHOWN(**args))


# --------------------------------------------------------------------------- FOG-INSPECTION-ENTRY


_ENTRY_REFUSED = declare(
    "fog.entry.refused",
    "On {date} {establishment} refused the Director's authorized inspector access for a grease "
    "inspection.",
)
_ENTRY_GIVEN = declare(
    "fog.entry.given",
    "On {date} {establishment} gave the inspector access for a grease inspection.",
)


@rule("FOG-INSPECTION-ENTRY", on="inspection")
def inspection_entry(inspection: Inspection, ctx: Context) -> Outcome | None:
    """§ 51.66(B): "Such authorized persons shall have access to any food service
    establishment premises, during normal business hours, for purposes of inspecting
    the food service establishment's grease interceptor or pretreatment devices,
    reviewing the manifests …" A refusal is noncompliance."""
    establishment = _answering_fse(inspection, inspection.access_refused, ctx)
    if establishment is None:
        return None
    args = {"date": Day(inspection.date), "establishment": ref(ctx, establishment)}
    if inspection.access_refused:
        return violation(_ENTRY_REFUSED(**args))
    return met(_ENTRY_GIVEN(**args))
