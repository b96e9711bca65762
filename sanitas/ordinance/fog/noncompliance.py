"""§ 51.67, Notice of noncompliance (A) and the noncompliance charge (B), and
§ 51.68, the recovery of fines (tracked by the records system).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

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
    devices_of,
    event_ref,
    fse,
    fse_covered,
    in_force_from,
    installed_on_day,
    is_a,
    ref,
    report_problem,
    thing_name,
)
from sanitas.ordinance.fog.maintenance import above_limit, first_full_pump_out, pump_out_intervals
from sanitas.ordinance.fog.practices import bmp_missing, training_defect, trainings_of
from sanitas.ordinance.fog.pretreatment import interceptor_defects
from sanitas.ordinance.fog.vocabulary import Device, NoncomplianceCharge
from sanitas.ordinance.general import Establishment, Notice
from sanitas.ordinance.messages import (
    Cents,
    Count,
    Day,
    Items,
    Name,
    Phrase,
    Title,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.words import words

# ------------------------------------------------------------------------- FOG-NONCOMPLIANCE-NOTICE

#: what the records can show was done in answer to a notice: its date and, as a
#: clause, the act ("the grease interceptor of Arroyo Pho was fully pumped out on
#: 2025-02-20")
Act = tuple[date, Phrase]

_PUMPED = declare("fog.notice.act-pumped-out", "{device} was fully pumped out on {date}")
_ALL_PUMPED = declare("fog.notice.act-all-pumped-out", "{devices} were fully pumped out by {date}")
_TRAINED = declare("fog.notice.act-trained", "{employee} was trained on {date}")
_SIGNED_TRAINING = declare(
    "fog.notice.act-signed-training",
    "{establishment} held a FOG training documented with the employees' signatures on {date}",
)
_COUNTED_TRAINING = declare(
    "fog.notice.act-counted-training", "{establishment} held a counted FOG training on {date}"
)
_BMP_SUBMITTED = declare(
    "fog.notice.act-bmp-submitted",
    "{establishment} submitted its written best management practices program on {date}",
)
_INSTALLED = declare(
    "fog.notice.act-interceptor-installed",
    "{device}, approved and with enough compartments, was installed on {date}",
)
_OBSERVED = declare(
    "fog.notice.act-observed", "an inspection on {date} found {found} at {establishment}"
)
_CHARGE_PAID = declare("fog.notice.act-charge-paid", "the noncompliance charge was paid on {date}")
_CHARGES_PAID = declare(
    "fog.notice.act-charges-paid", "the noncompliance charges were paid on {date}"
)


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


def _all_done(ctx: Context, cures: list[tuple[Device, date | None]]) -> Act | None:
    """The act that answers a notice about several devices: each one's, by the last."""
    if not cures or any(day is None for _, day in cures):
        return None
    last = max(day for _, day in cures if day is not None)
    if len(cures) == 1:
        return last, Phrase(_PUMPED(device=ref(ctx, cures[0][0]), date=Day(last)))
    devices = Items(tuple(dict.fromkeys(ref(ctx, d) for d, _ in cures)))
    return last, Phrase(_ALL_PUMPED(devices=devices, date=Day(last)))


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
    return _all_done(ctx, cures)


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
    return _all_done(ctx, cures)


def _act_maintenance(notice: Notice, ctx: Context) -> Act | None:
    devices = _notice_devices(notice, ctx, GREASE_DEVICES)
    cures = [(d, first_full_pump_out([d], notice.issued_on, ctx)) for d in devices]
    return _all_done(ctx, cures)


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
        day = counted[0].date
        return day, Phrase(_TRAINED(employee=ref(ctx, subject), date=Day(day)))
    establishment = _notice_establishment(notice, ctx)
    if establishment is None:
        return None
    for training in ctx.referring("training", "establishment", establishment.id):
        if training.date < notice.issued_on:
            continue
        if notice.requirement == "FOG-TRAINING-RECORDS":
            if training.signed:
                return training.date, Phrase(
                    _SIGNED_TRAINING(establishment=ref(ctx, establishment), date=Day(training.date))
                )
        elif training_defect(training, ctx) is None:
            return training.date, Phrase(
                _COUNTED_TRAINING(establishment=ref(ctx, establishment), date=Day(training.date))
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
        return submittal.date, Phrase(
            _BMP_SUBMITTED(establishment=ref(ctx, establishment), date=Day(submittal.date))
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
    return day, Phrase(_INSTALLED(device=ref(ctx, device), date=Day(day)))


def _act_observed(field: str, good: Callable[[Any], bool], words_done: str) -> Callable:
    """An observation since the notice that finds the state corrected."""

    def act(notice: Notice, ctx: Context) -> Act | None:
        establishment = _notice_establishment(notice, ctx)
        if establishment is None:
            return None
        for observation in ctx.referring("fog_observation", "establishment", establishment.id):
            value = getattr(observation, field)
            if observation.date >= notice.issued_on and value is not None and good(value):
                return observation.date, Phrase(
                    _OBSERVED(
                        date=Day(observation.date),
                        found=Word(words_done),
                        establishment=ref(ctx, establishment),
                    )
                )
        return None

    return act


_COOPERATED = {
    "access_refused": declare(
        "fog.notice.act-access",
        "at the inspection of {date} {establishment} gave the inspector access",
    ),
    "records_refused": declare(
        "fog.notice.act-records",
        "at the inspection of {date} {establishment} made its compliance record available",
    ),
}


def _act_inspected(field: str) -> Callable:
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
        made = _COOPERATED[field]
        return day, Phrase(made(date=Day(day), establishment=ref(ctx, establishment)))

    return act


def _act_charge(notice: Notice, ctx: Context) -> Act | None:
    """Payment of every noncompliance charge assessed under the notice."""
    charges = ctx.referring("noncompliance_charge", "notice", notice.id)
    paid = [c.paid_on for c in charges if c.paid_on is not None and c.paid_on <= ctx.as_of]
    if not charges or len(paid) < len(charges):
        return None
    made = _CHARGE_PAID if len(charges) == 1 else _CHARGES_PAID
    return max(paid), Phrase(made(date=Day(max(paid))))


#: the act each requirement's notice demands, where the records can show it, as a clause
NOTICE_ACT_MESSAGES: dict[str, Callable[[Notice, Context], Act | None]] = {
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
    "FOG-INSPECTION-ENTRY": _act_inspected("access_refused"),
    "FOG-COMPLIANCE-RECORD": _act_inspected("records_refused"),
    "FOG-NONCOMPLIANCE-CHARGE": _act_charge,
}


def _in_english(act_of: Callable[[Notice, Context], Act | None]) -> Callable:
    def act(notice: Notice, ctx: Context) -> tuple[date, str] | None:
        found = act_of(notice, ctx)
        return None if found is None else (found[0], found[1].render("en"))

    return act


#: :data:`NOTICE_ACT_MESSAGES` with the act in English words, for a notice's text
#: written in English ("the grease interceptor of Arroyo Pho was fully pumped out on …")
NOTICE_ACTS: dict[str, Callable[[Notice, Context], tuple[date, str] | None]] = {
    requirement: _in_english(act_of) for requirement, act_of in NOTICE_ACT_MESSAGES.items()
}
vocabulary(
    "no sanitary fixture discharging through the grease interceptor",
    "the monitoring facility accessible",
    "no emulsifying agents in use",
    "no grease being discharged",
)


#: a thing named as its owner's ("its grease interceptor"), by what it is
_ITS = declare("fog.notice.its", "its {what}")
_ITS_SIZED = declare("fog.notice.its-sized", "its {gallons}-gallon {what}")
_ITS_EMPLOYEE_HIRED = declare("fog.notice.its-employee-hired", "its employee hired {date}")
_BARE_KINDS = {
    kind: words(kind)
    for kind in ("grease_interceptor", "grease_trap", "sand_trap", "neutralizing_tank")
}
vocabulary("employee", *_BARE_KINDS.values())


def _its(ctx: Context, thing: Any, owner: Any) -> Any:
    """A thing named as its owner's: "its 1,500-gallon grease interceptor" for "the
    1,500-gallon grease interceptor of Willow Tea House"; a name of its own stays."""
    name, whose = thing_name(ctx, thing), f" of {thing_name(ctx, owner)}"
    if not (name.startswith("the ") and whose in name):
        return ref(ctx, thing)
    english = "its " + name[4:].replace(whose, "", 1)
    kind = getattr(thing, "kind", None) if is_a(thing, "device") else None
    if kind in _BARE_KINDS:
        what = Word(_BARE_KINDS[kind])
        if english == f"its {_BARE_KINDS[kind]}":
            return Phrase(_ITS(what=what))
        gallons = getattr(thing, "capacity_gallons", None)
        sized = Phrase(_ITS_SIZED(gallons=Count(gallons), what=what)) if gallons else None
        if sized is not None and sized.render("en") == english:
            return sized
    if is_a(thing, "employee"):
        if english == "its employee":
            return Phrase(_ITS(what=Word("employee")))
        hired = getattr(thing, "hired_on", None)
        if hired and english == f"its employee hired {hired}":
            return Phrase(_ITS_EMPLOYEE_HIRED(date=Day(hired)))
    return Name(english)


_NOTICE = "The notice of noncompliance ({title}) issued to {recipient} on {issued}"
_NOTICE_PLAIN = declare("fog.notice.notice", _NOTICE)
_NOTICE_ABOUT = declare("fog.notice.notice-about", _NOTICE + " about {subject}")


def _notice_words(notice: Notice, ctx: Context) -> Phrase:
    """ "The notice of noncompliance (Interceptor pump-out frequency) issued to Willow Tea
    House on 2025-02-01 about its 1,500-gallon grease interceptor"."""
    subject = ctx.get(notice.subject)
    owner = _notice_establishment(notice, ctx)
    recipient = owner if owner is not None else subject
    args = {
        "title": Title(notice.requirement),
        "recipient": ref(ctx, recipient),
        "issued": Day(notice.issued_on),
    }
    if subject is None or subject is owner:
        return Phrase(_NOTICE_PLAIN(**args))
    return Phrase(_NOTICE_ABOUT(**args, subject=_its(ctx, subject, owner)))


_EXTENDED = declare(
    "fog.notice.due-extended", "required compliance by {due} (extended on {extended})"
)
_DUE = declare("fog.notice.due", "required compliance by {due}")
_NO_DEADLINE = declare("fog.notice.no-deadline", "set no deadline")


def _deadline_of(notice: Notice, ctx: Context) -> tuple[date | None, Phrase]:
    """The notice's deadline (the latest granted extension's, else its own) and how it
    was set, as a clause."""
    extensions = [e for e in ctx.referring("extension", "notice", notice.id) if e.granted]
    if extensions:
        last = extensions[-1]
        return (
            last.new_due_on,
            Phrase(_EXTENDED(due=Day(last.new_due_on), extended=Day(last.date))),
        )
    if notice.due_on is not None:
        return notice.due_on, Phrase(_DUE(due=Day(notice.due_on)))
    return None, Phrase(_NO_DEADLINE())


_ANSWERED = declare("fog.notice.answered", "{notice} {how}; {done}.")
_NOT_ANSWERED = declare(
    "fog.notice.not-answered", "{notice} {how}, and no compliance is on record yet."
)
_BEFORE_ISSUED = declare("fog.notice.before-issued", "{act}, before the notice was issued")
_RECORDED = declare("fog.notice.recorded", "compliance was recorded on {date}")
_NONE_YET = declare("fog.notice.none-yet", "no compliance is on record yet")
_NONE = declare("fog.notice.none", "no compliance is on record")
_LATE = declare(
    "fog.notice.late", "{done}, {days} day late", plural="{done}, {days} days late", count="days"
)


_CORRECTION_BEFORE_NOTICE = declare(
    "fog.problem.correction-before-notice",
    "A correction of {date} is recorded on {notice}, which was issued only on {issued}.",
)


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
                _CORRECTION_BEFORE_NOTICE(
                    date=Day(correction.date),
                    notice=event_ref(ctx, notice),
                    issued=Day(notice.issued_on),
                ),
            )
        else:
            corrections.append(correction)
    act_of = NOTICE_ACT_MESSAGES.get(notice.requirement)
    act = act_of(notice, ctx) if act_of is not None else None
    corrected = corrections[0].date if corrections else None
    reading = None
    done: Phrase | None
    if act is not None and (corrected is None or act[0] < corrected):
        done_on, done = act
        if done_on < notice.issued_on:
            done = Phrase(_BEFORE_ISSUED(act=done))
        reading = NOTICE_MET_BY_ACT
    elif corrected is not None:
        done_on, done = corrected, Phrase(_RECORDED(date=Day(corrected)))
    else:
        done_on, done = None, None
    due_on, how = _deadline_of(notice, ctx)
    head = {"notice": _notice_words(notice, ctx), "how": how}
    if due_on is None:
        if done is not None:
            return met(_ANSWERED(**head, done=done), reading=reading)
        return due(_NOT_ANSWERED(**head))
    if done_on is None or done is None:
        done = Phrase(_NONE_YET() if ctx.as_of <= due_on else _NONE())
    elif done_on > due_on:
        done = Phrase(_LATE(done=done, days=Count((done_on - due_on).days)))
    return deadline(
        due_on=due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=_ANSWERED(**head, done=done),
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


vocabulary(*_COST_LABEL.values())
_COST = declare("fog.charge.cost", "{cost} {amount}")
_CHARGE = "The noncompliance charge assessed on {date} to {establishment}"
_BILLED_WRONG = declare(
    "fog.charge.billed-wrong",
    _CHARGE + " bills {billed}, but its itemized costs ({items}) total {total}.",
)
_CHARGED = _CHARGE + ", {total} ({items}), "
_PAID_NO_DUE = declare("fog.charge.paid-no-due-date", _CHARGED + "was paid on {paid}.")
_UNPAID_NO_DUE = declare(
    "fog.charge.no-due-date", _CHARGED + "sets no due date, and no payment is on record yet."
)
_UNPAID = declare("fog.charge.unpaid", _CHARGED + "was due by {due}; no payment is on record.")
_PAID = declare("fog.charge.paid", _CHARGED + "was due by {due}; it was paid on {paid}.")
_PAID_LATE = declare(
    "fog.charge.paid-late",
    _CHARGED + "was due by {due}; it was paid on {paid}, {days} day late.",
    plural=_CHARGED + "was due by {due}; it was paid on {paid}, {days} days late.",
    count="days",
)


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
    items = Items(
        tuple(
            Phrase(_COST(cost=Word(_COST_LABEL[k]), amount=Cents(v)))
            for k, v in by_category.items()
        )
    )
    head = {
        "date": Day(charge.assessed_on),
        "establishment": ref(ctx, charge.establishment),
        "items": items,
        "total": Cents(total),
    }
    if charge.billed_cents is not None and charge.billed_cents != total:
        yield violation(_BILLED_WRONG(**head, billed=Cents(charge.billed_cents)))
        return
    paid = charge.paid_on if charge.paid_on is not None and charge.paid_on <= ctx.as_of else None
    if charge.due_on is None:
        if paid is not None:
            yield met(_PAID_NO_DUE(**head, paid=Day(paid)))
        else:
            yield due(_UNPAID_NO_DUE(**head))
        return
    due_by = Day(charge.due_on)
    if paid is None:
        explanation = _UNPAID(**head, due=due_by)
    elif paid <= charge.due_on:
        explanation = _PAID(**head, due=due_by, paid=Day(paid))
    else:
        days = Count((paid - charge.due_on).days)
        explanation = _PAID_LATE(**head, due=due_by, paid=Day(paid), days=days)
    yield deadline(
        due_on=charge.due_on,
        done_on=paid,
        as_of=ctx.as_of,
        explanation=explanation,
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
