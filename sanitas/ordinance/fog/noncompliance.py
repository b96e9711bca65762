"""§ 51.67, Notice of noncompliance (A) and the noncompliance charge (B), and
§ 51.68, the recovery of fines (tracked by the records system).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

from sanitas.ordinance.catalog import title
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
from sanitas.ordinance.fog.common import (
    GREASE_DEVICES,
    NOTICE_MET_BY_ACT,
    cents_words,
    devices_of,
    fse,
    fse_covered,
    in_force_from,
    installed_on_day,
    is_a,
    report_problem,
    thing_name,
)
from sanitas.ordinance.fog.maintenance import above_limit, first_full_pump_out, pump_out_intervals
from sanitas.ordinance.fog.practices import bmp_missing, training_defect, trainings_of
from sanitas.ordinance.fog.pretreatment import device_list, interceptor_defects
from sanitas.ordinance.fog.vocabulary import Device, NoncomplianceCharge
from sanitas.ordinance.general import Establishment, Notice
from sanitas.ordinance.words import listing, noun, plural

# ------------------------------------------------------------------------- FOG-NONCOMPLIANCE-NOTICE

#: what the records can show was done in answer to a notice: its date and, in words,
#: the act ("the grease interceptor of Arroyo Pho was fully pumped out on 2025-02-20")
Act = tuple[date, str]


def _notice_establishment(notice: Notice, ctx: Context) -> Establishment | None:
    """The FSE a notice was served on: its subject, or the FSE its subject belongs to."""
    subject = ctx.get(notice.subject)
    if is_a(subject, "establishment"):
        return subject if fse_covered(subject, ctx) else None
    if subject is not None and "establishment" in subject.references:
        return fse(subject.establishment, ctx)
    return None


def _notice_devices(notice: Notice, ctx: Context, kinds: tuple[str, ...]) -> list[Device]:
    """The devices of ``kinds`` a notice is about: its subject, or the establishment's
    devices in service on the day it was issued."""
    subject = ctx.get(notice.subject)
    if is_a(subject, "device"):
        return [subject] if subject.kind in kinds else []
    if is_a(subject, "establishment"):
        return [
            d
            for d in ctx.referring("device", "establishment", subject.id)
            if d.kind in kinds and installed_on_day(d, notice.issued_on)
        ]
    return []


def _all_done(ctx: Context, cures: list[tuple[Device, date | None]], verb: str) -> Act | None:
    """The act that answers a notice about several devices: each one's, by the last."""
    if not cures or any(day is None for _, day in cures):
        return None
    last = max(day for _, day in cures if day is not None)
    if len(cures) == 1:
        return last, f"{thing_name(ctx, cures[0][0])} was {verb} on {last}"
    return last, f"{device_list(ctx, [d for d, _ in cures])} were {verb} by {last}"


def _frequency_cure(device: Device, issued_on: date, ctx: Context) -> date | None:
    """The full pump-out that answers a notice about the pump-out frequency: the one
    that ended the interval running when the notice was issued, or, where the device
    was not overdue that day, the pump-out that had already brought it into
    compliance."""
    intervals = [i for i in pump_out_intervals(device, ctx) if i.start <= issued_on]
    if not intervals:
        return first_full_pump_out([device], issued_on, ctx)
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
        found = [i.date for i in inspected if i.date <= notice.issued_on and above_limit(i, ctx)]
        if found:
            since = max(found)
        cures.append((device, first_full_pump_out([device], since, ctx)))
    return _all_done(ctx, cures, "fully pumped out")


def _act_maintenance(notice: Notice, ctx: Context) -> Act | None:
    devices = _notice_devices(notice, ctx, GREASE_DEVICES)
    cures = [(d, first_full_pump_out([d], notice.issued_on, ctx)) for d in devices]
    return _all_done(ctx, cures, "fully pumped out")


def _act_training(notice: Notice, ctx: Context) -> Act | None:
    """For an employee: the first counted training since the clock of the
    requirement started (hire, or the subchapter's effective date), else since the
    notice. For an establishment: its first counted training since the notice."""
    subject = ctx.get(notice.subject)
    if is_a(subject, "employee"):
        if fse(subject.establishment, ctx) is None:
            return None
        start = {
            "FOG-TRAINING-NEW-HIRE": subject.hired_on,
            "FOG-TRAINING-INITIAL": in_force_from(ctx),
        }.get(notice.requirement, notice.issued_on)
        counted, _ = trainings_of(subject, ctx, start)
        if not counted:
            return None
        return counted[0].date, f"{thing_name(ctx, subject)} was trained on {counted[0].date}"
    establishment = _notice_establishment(notice, ctx)
    if establishment is None:
        return None
    for training in ctx.referring("training", "establishment", establishment.id):
        if training.date < notice.issued_on:
            continue
        if notice.requirement == "FOG-TRAINING-RECORDS":
            if training.signed:
                return training.date, (
                    f"{thing_name(ctx, establishment)} held a FOG training documented with the "
                    f"employees' signatures on {training.date}"
                )
        elif training_defect(training, ctx) is None:
            return training.date, (
                f"{thing_name(ctx, establishment)} held a counted FOG training on {training.date}"
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
            submittal.elements is None or bmp_missing(submittal, ctx)
        ):
            continue
        return submittal.date, (
            f"{thing_name(ctx, establishment)} submitted its written best management practices "
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
        and interceptor_defects(d, ctx) == ([], [])
    )
    if not installed:
        return None
    day, _, device = installed[0]
    return (
        day,
        f"{thing_name(ctx, device)}, approved and with enough compartments, was installed on {day}",
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
                    f"{thing_name(ctx, establishment)}"
                )
        return None

    return act


def _act_inspected(field: str, words_done: str) -> Callable:
    """A FOG inspection since the notice that records the establishment cooperating."""

    def act(notice: Notice, ctx: Context) -> Act | None:
        establishment = _notice_establishment(notice, ctx)
        if establishment is None:
            return None
        subjects = [establishment.id, *(d.id for d in devices_of(establishment, ctx))]
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
        return day, f"at the inspection of {day} {thing_name(ctx, establishment)} {words_done}"

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
    name, whose = thing_name(ctx, thing), f" of {thing_name(ctx, owner)}"
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
        f"{thing_name(ctx, recipient)} on {notice.issued_on}{about}"
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
            report_problem(
                ctx,
                [correction, notice],
                f"A correction of {correction.date} is recorded on "
                f"{thing_name(ctx, notice)}, which was issued only on {notice.issued_on}.",
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
    items = listing(f"{_COST_LABEL[k]} {cents_words(v)}" for k, v in by_category.items())
    head = (
        f"The noncompliance charge assessed on {charge.assessed_on} to "
        f"{thing_name(ctx, charge.establishment)}"
    )
    if charge.billed_cents is not None and charge.billed_cents != total:
        yield violation(
            f"{head} bills {cents_words(charge.billed_cents)}, but its itemized costs ({items}) "
            f"total {cents_words(total)}."
        )
        return
    head += f", {cents_words(total)} ({items})"
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
