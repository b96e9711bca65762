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
from sanitas.ordinance.organics.commercial import quarter_label_words
from sanitas.ordinance.organics.common import (
    amount_words,
    is_a,
    is_commercial,
    named_facts,
    opened_after,
    org_in_force,
    registrations_of,
    tail_words,
    thing_name,
)
from sanitas.ordinance.organics.vocabulary import Delivery, Facility, SelfHauler
from sanitas.ordinance.words import name_of, period_words, plural, possessive, words

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


def recovers_waste(
    stream: str, facility_id: str, ctx: Context, head: Callable[[str], str]
) -> Outcome | None:
    """Met when the facility recovers the stream, a violation when it does not; None for
    black container waste or a facility that does not record it. ``head`` words the load
    or the designation from the facility's name."""
    if stream == "black":
        return None
    facility = ctx.get(facility_id)
    accepted = accepts(facility, stream)
    if accepted is None:
        return None
    said = head(name_of(ctx, facility))
    if accepted:
        return met(f"{said}, {_NEEDS[stream]}.")
    return violation(f"{said}, which is not {_NEEDS[stream]}.")


def destination(delivery: Delivery, ctx: Context, who: str) -> Outcome | None:
    return recovers_waste(
        delivery.stream,
        delivery.facility,
        ctx,
        lambda name: f"{who} took {STREAM_WORDS[delivery.stream]} to {name} on {delivery.date}",
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
    return destination(delivery, ctx, thing_name(ctx, hauler))


def _commercial_self_hauler(subject: Fact, ctx: Context) -> bool:
    """Reading: a self-hauler is commercial unless it is a single-family premises or its
    registration says residential (self-haulers (E))."""
    if any(r.residential for r in registrations_of(subject.id, ctx)):
        return False
    return is_commercial(subject, ctx)


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
    where = (
        f"The load {name_of(ctx, hauler)} self-hauled on {delivery.date} to "
        f"{name_of(ctx, facility)}"
    )
    if facility.scales is False:
        return met(
            f"{where} went to an entity without scales, so naming the entity suffices.",
            cite="Ch. 50 SB 1383 self-haulers (C)(3)",
        )
    missing = []
    if delivery.receipt is False:
        missing.append("a delivery receipt or weight ticket")
    if delivery.tons is None and delivery.cubic_yards is None:
        missing.append("the amount in cubic yards or tons")
    if missing:
        return violation(
            f"{where} has no record of {' nor of '.join(missing)}.",
            cite="Ch. 50 SB 1383 self-haulers (C)(1)-(2)",
        )
    if not delivery.receipt:
        return None
    amount = (
        amount_words(delivery.tons, "ton")
        if delivery.tons is not None
        else amount_words(delivery.cubic_yards, "cubic yard")
    )
    return met(
        f"{where} is recorded with a receipt and {amount}.",
        cite="Ch. 50 SB 1383 self-haulers (C)(1)-(2)",
    )


def _period_start(period: str) -> date:
    year, quarter = parse_period(period)
    return date(year, 1, 1) if quarter is None else quarter_start(year, quarter)


_REPORT_WORDS = {
    "edible_food_annual": "annual food recovery report",
    "food_recovery_annual": "annual report of edible food recovered",
    "self_haul_quarterly": "quarterly self-haul report",
    "hauler_facilities": "written notice of facilities",
}


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
                f"The {_REPORT_WORDS.get(kind, words(kind))} of {name_of(ctx, subject)} for "
                f"{period_words(report.period)} is dated {report.date}, before that period "
                "began.",
            )
            continue
        out.append(report)
    return out


def report_deadline(
    reports: list[Fact],
    period: str,
    due_on: date,
    ctx: Context,
    what: str,
    why: str = "",
    reading: str | None = None,
) -> Outcome:
    """The deadline of a report owed for ``period`` by ``due_on``, met or late by the
    first report for the period received: "{what} is due {due_on}{why}; not yet received." """
    received = min((r.date for r in reports if r.period == period), default=None)
    verb = "is due" if received is None and ctx.as_of <= due_on else "was due"
    return deadline(
        due_on=due_on,
        done_on=received,
        as_of=ctx.as_of,
        period=period,
        explanation=f"{what} {verb} {due_on}{why}; "
        f"{tail_words(received, due_on, ctx, 'received', 'none received')}.",
        reading=reading,
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
    name = possessive(thing_name(ctx, subject))
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
                f"{name} self-haul report for {quarter_label_words(year, quarter)}",
                f", {plural(days, 'day')} after the quarter ended",
                reading=None
                if whole
                else "A quarter's report is owed for each quarter in which the business "
                "self-hauled on any day.",
            )
        )
    return out
