"""Ch. 50 SB 1383 self-haulers: registration, source separation, delivery to a
facility that recovers the waste, records and annual reports.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from sanitas.ordinance.calendar import (
    parse_period,
    period_label_quarter,
    quarter_end,
    quarter_start,
    quarterly_report_due,
    quarters_between,
)
from sanitas.ordinance.engine import Context, Outcome, deadline, met, rule, violation
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Day, Message, Phrase, Word, declare, vocabulary
from sanitas.ordinance.organics.commercial import quarter_phrase
from sanitas.ordinance.organics.common import (
    is_a,
    is_commercial,
    named_facts,
    opened_after,
    org_in_force,
    registrations_of,
)
from sanitas.ordinance.organics.vocabulary import Delivery, Facility, SelfHauler
from sanitas.ordinance.organics.waivers import cubic_yards, received
from sanitas.ordinance.words import name_of, words

# --------------------------------------------------------------------------- self-haulers


def accepts(facility: Facility, stream: str) -> bool | None:
    """Whether a facility recovers a stream: True, False, or None when not recorded."""
    if stream == "recyclables":
        accepted = facility.recovers_recyclables
    elif stream == "organics":
        if facility.recovers_organics or facility.high_diversion:
            return True
        accepted = (
            False
            if facility.recovers_organics is False or facility.high_diversion is False
            else None
        )
    else:  # mixed: only a high diversion organic waste processing facility
        accepted = facility.high_diversion
    if accepted is None and facility.kind == "landfill":
        return False
    return accepted


STREAM_WORDS = {
    "recyclables": "source separated recyclables",
    "organics": "source separated organic waste",
    "mixed": "organic waste that was not source separated",
}
_NEEDS = {
    "recyclables": "a facility that recovers recyclables",
    "organics": "a facility that processes or recovers organic waste",
    "mixed": "a high diversion organic waste processing facility",
}


vocabulary(*STREAM_WORDS.values(), *_NEEDS.values())
_RECOVERS = declare("org.recovers.yes", "{load}, {needs}.")
_RECOVERS_NOT = declare("org.recovers.not", "{load}, which is not {needs}.")
_TOOK = declare("org.load.took", "{who} took {stream} to {facility} on {date}")


def recovers_waste(
    stream: str, facility_id: str, ctx: Context, head: Callable[[object], Message]
) -> Outcome | None:
    """Met when the facility recovers the stream, a violation when it does not; None for
    black container waste or a facility that does not record it. ``head`` says the load
    or the designation, given the facility as a message's argument."""
    if stream == "black":
        return None
    facility = ctx.get(facility_id)
    accepted = accepts(facility, stream)
    if accepted is None:
        return None
    said = Phrase(head(ref(ctx, facility)), capital=True)
    needs = Word(_NEEDS[stream])
    if accepted:
        return met(_RECOVERS(load=said, needs=needs))
    return violation(_RECOVERS_NOT(load=said, needs=needs))


def destination(delivery: Delivery, ctx: Context, who: object) -> Outcome | None:
    """Where a load went; ``who``, the hauler or self-hauler as a message's argument."""
    return recovers_waste(
        delivery.stream,
        delivery.facility,
        ctx,
        lambda facility: _TOOK(
            who=who,
            stream=Word(STREAM_WORDS[delivery.stream]),
            facility=facility,
            date=Day(delivery.date),
        ),
    )


def _self_hauled(delivery: Delivery, ctx: Context) -> Fact | None:
    """The business or premises that self-hauled a load, or None (the franchised hauler's
    load, one before the subchapter, or one dated before the business opened)."""
    hauler = ctx.get(delivery.hauled_by)
    if is_a(hauler, "hauler") or not org_in_force(ctx, delivery.date):
        return None
    if opened_after(hauler, delivery, delivery.date, "the self-hauled load", ctx):
        return None
    return hauler


@rule("ORG-SELFHAUL-SEPARATE", on="delivery", cite="Ch. 50 SB 1383 self-haulers (B)")
def self_haul_destination(delivery: Delivery, ctx: Context):
    """Self-haulers (A)-(B): "source separate all recyclable materials and organic waste
    … or shall haul organic waste to a high diversion organic waste processing
    facility"; "haul their source separated recyclable materials to a facility that
    recovers those materials; and haul their source separated green container organic
    waste to a solid waste facility … that processes or recovers source separated
    organic waste"."""
    hauler = _self_hauled(delivery, ctx)
    if hauler is None:
        return None
    return destination(delivery, ctx, ref(ctx, hauler, capital=True))


def _commercial_self_hauler(subject: Fact, ctx: Context) -> bool:
    """Reading: a self-hauler is commercial unless it is a single-family premises or its
    registration says residential (self-haulers (E))."""
    if any(r.residential for r in registrations_of(subject.id, ctx)):
        return False
    return is_commercial(subject, ctx)


_LOAD = "The load {hauler} self-hauled on {date} to {facility}"
_NO_SCALES = declare(
    "org.selfhaul-records.no-scales",
    _LOAD + " went to an entity without scales, so naming the entity suffices.",
)
#: (no receipt, no amount): the message of a record that lacks them
_NO_RECORD = {
    (True, False): declare(
        "org.selfhaul-records.no-receipt",
        _LOAD + " has no record of a delivery receipt or weight ticket.",
    ),
    (False, True): declare(
        "org.selfhaul-records.no-amount",
        _LOAD + " has no record of the amount in cubic yards or tons.",
    ),
    (True, True): declare(
        "org.selfhaul-records.no-receipt-nor-amount",
        _LOAD + " has no record of a delivery receipt or weight ticket nor of the amount in "
        "cubic yards or tons.",
    ),
}
_RECORDED = declare(
    "org.selfhaul-records.recorded", _LOAD + " is recorded with a receipt and {amount}."
)
_TONS = declare("org.tons", "{tons} ton", plural="{tons} tons", count="tons")


def _tons(value: float) -> Phrase:
    """ "2.5 tons", rounded to a tenth."""
    rounded = round(value, 1)
    return Phrase(_TONS(tons=Count(int(rounded) if float(rounded).is_integer() else rounded)))


@rule("ORG-SELFHAUL-RECORDS", on="delivery")
def self_haul_record(delivery: Delivery, ctx: Context):
    """Self-haulers (C): commercial self-haulers keep "(1) Delivery receipts and weight
    tickets from the entity accepting the waste. (2) The amount of material in cubic
    yards or tons"; "(3) If the material is transported to an entity that does not have
    scales on-site … the self-hauler is not required to record the weight of material
    but shall keep a record of the entities that received the organic waste". The load's
    record is what the self-hauler keeps of it: a receipt recorded as not kept, or a
    record without the amount, is the lack."""
    hauler = _self_hauled(delivery, ctx)
    if hauler is None or not _commercial_self_hauler(hauler, ctx):
        return None
    facility = ctx.get(delivery.facility)
    where = {
        "hauler": ref(ctx, hauler),
        "date": Day(delivery.date),
        "facility": ref(ctx, facility),
    }
    if facility.scales is False:
        return met(_NO_SCALES(**where), cite="Ch. 50 SB 1383 self-haulers (C)(3)")
    no_receipt = delivery.receipt is False
    no_amount = delivery.tons is None and delivery.cubic_yards is None
    if no_receipt or no_amount:
        return violation(
            _NO_RECORD[no_receipt, no_amount](**where),
            cite="Ch. 50 SB 1383 self-haulers (C)(1)-(2)",
        )
    if not delivery.receipt:
        return None
    amount = (
        _tons(delivery.tons) if delivery.tons is not None else cubic_yards(delivery.cubic_yards)
    )
    return met(_RECORDED(**where, amount=amount), cite="Ch. 50 SB 1383 self-haulers (C)(1)-(2)")


def _period_start(period: str) -> date:
    year, quarter = parse_period(period)
    return date(year, 1, 1) if quarter is None else quarter_start(year, quarter)


_REPORT_WORDS = {
    "edible_food_annual": "annual food recovery report",
    "food_recovery_annual": "annual report of edible food recovered",
    "self_haul_quarterly": "quarterly self-haul report",
    "hauler_facilities": "written notice of facilities",
}
vocabulary(*_REPORT_WORDS.values())
_REPORT_BEFORE_PERIOD = declare(
    "org.problem.report-before-period",
    "The {report} of {subject} for {period} is dated {date}, before that period began.",
)


def _period_ref(period: str) -> Phrase | str:
    """A report's period as ``words.period_words`` reads it: a quarter ("the third
    quarter of 2024") in the reader's words, a year or another label as it is."""
    year, _, quarter = str(period).partition("-Q")
    if quarter in ("1", "2", "3", "4") and year.isdigit():
        return quarter_phrase(int(year), int(quarter))
    return str(period)


def reports_for(subject: Fact, kind: str, ctx: Context, *, dated_in_period: bool = True) -> list:
    """The reports of ``kind`` received from a subject. With ``dated_in_period``, a
    report dated before its period began is a data problem and counts for nothing."""
    out = []
    for report in ctx.referring("report", "subject", subject.id):
        if report.kind != kind:
            continue
        if dated_in_period and report.date < _period_start(report.period):
            ctx.data_problem(
                named_facts(report, subject),
                _REPORT_BEFORE_PERIOD(
                    report=Word(_REPORT_WORDS.get(kind, words(kind))),
                    subject=ref(ctx, subject),
                    period=_period_ref(report.period),
                    date=Day(report.date),
                ),
            )
            continue
        out.append(report)
    return out


#: (due yet, with why): the message of a report's deadline
_REPORT_DUE = {
    (True, False): declare("org.report.due", "{what} is due {due}; {received}."),
    (False, False): declare("org.report.was-due", "{what} was due {due}; {received}."),
    (True, True): declare("org.report.due-why", "{what} is due {due}, {why}; {received}."),
    (False, True): declare("org.report.was-due-why", "{what} was due {due}, {why}; {received}."),
}


def report_deadline(
    reports: list[Fact],
    period: str,
    due_on: date,
    ctx: Context,
    what: Phrase,
    why: Phrase | None = None,
    reading: Message | None = None,
) -> Outcome:
    """The deadline of a report owed for ``period`` by ``due_on``, met or late by the
    first report for the period received: "{what} is due {due_on}, {why}; not yet
    received." (``what`` begins the sentence)."""
    done = min((r.date for r in reports if r.period == period), default=None)
    args = {"what": what, "due": Day(due_on), "received": received(done, due_on, ctx)}
    if why is not None:
        args["why"] = why
    made = _REPORT_DUE[done is None and ctx.as_of <= due_on, why is not None]
    return deadline(
        due_on=due_on,
        done_on=done,
        as_of=ctx.as_of,
        period=period,
        explanation=made(**args),
        reading=reading,
    )


#: a thing's possessive: "Arroyo Pho's", "Canyon Sewer Contractors'"
_WHOSE = declare("org.whose", "{owner}'s")
_WHOSE_S = declare("org.whose-s", "{owner}'")


def whose(ctx: Context, thing: Fact) -> Phrase:
    """A thing's possessive, beginning a sentence: "Arroyo Pho's"."""
    made = _WHOSE_S if name_of(ctx, thing).endswith("s") else _WHOSE
    return Phrase(made(owner=ref(ctx, thing, capital=True)))


_QUARTERLY_REPORT = declare("org.selfhaul-report.what", "{whose} self-haul report for {quarter}")
_AFTER_QUARTER = declare(
    "org.selfhaul-report.why",
    "{days} day after the quarter ended",
    plural="{days} days after the quarter ended",
    count="days",
)


_ANY_DAY_OF_QUARTER = declare(
    "org.reading.any-day-of-quarter",
    "A quarter's report is owed for each quarter in which the business self-hauled on any day.",
)


@rule("ORG-SELFHAUL-REPORT", on="self_hauler", cite="Ch. 50 SB 1383 self-haulers (D)")
def self_haul_quarterly_report(registration: SelfHauler, ctx: Context):
    """Self-haulers (D)-(E): "Self-haulers that are commercial businesses (including
    multi-family self-haulers) shall provide information collected in this section to
    the city each quarter. The due date shall be 30 days after the end of each quarter";
    "A residential organic waste generator that self-hauls organic waste is not required
    to record or report". Reading: a quarter's report is owed for each quarter in which
    the business self-hauled on any day, once the quarter has ended."""
    registrations = registrations_of(registration.subject, ctx)
    if not registrations or registrations[0] is not registration:
        return None  # one subject, one series of quarters
    subject = ctx.get(registration.subject)
    if not _commercial_self_hauler(subject, ctx):
        return None
    days = ctx.param("org.self_haul_report_days")
    in_force = ctx.param("org.in_force")
    reports = reports_for(subject, "self_haul_quarterly", ctx)
    spans = [(each.start, each.end) for each in registrations]
    quarters: set[tuple[int, int]] = set()
    for start, end in spans:
        first = max(start, in_force)
        last = ctx.as_of if end is None else min(end, ctx.as_of)
        if first <= last:
            quarters.update(quarters_between(first, last))
    name = whose(ctx, subject)
    why = Phrase(_AFTER_QUARTER(days=Count(days)))
    out = []
    for year, quarter in sorted(quarters):
        last = quarter_end(year, quarter)
        if last >= ctx.as_of:
            continue
        first = quarter_start(year, quarter)
        whole = any(s <= first and (e is None or e >= last) for s, e in spans)
        out.append(
            report_deadline(
                reports,
                period_label_quarter(year, quarter),
                quarterly_report_due(year, quarter, days_after=days),
                ctx,
                Phrase(_QUARTERLY_REPORT(whose=name, quarter=quarter_phrase(year, quarter))),
                why,
                reading=None if whole else _ANY_DAY_OF_QUARTER(),
            )
        )
    return out
