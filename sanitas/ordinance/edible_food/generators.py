"""Ch. 50 SB 1383 commercial edible food generators: the written agreement, its
records and the annual report (ORG-EFG-AGREEMENT, ORG-EFG-RECORDS,
ORG-EFG-ANNUAL-REPORT).
"""

from __future__ import annotations

from datetime import date
from functools import partial
from typing import Any

from sanitas.ordinance.calendar import add_days, annual_report_due
from sanitas.ordinance.edible_food.common import (
    MISSING_FOR,
    category,
    effective_span,
    generator_words,
    grouped,
    judged_on,
    last_open_day,
    missing_identity,
    missing_months,
    month_end,
    months_message,
    name,
    names,
    obligations_of,
    org_in_force,
    overlap,
    partner_ok,
    whose,
)
from sanitas.ordinance.edible_food.tiers import tier_of
from sanitas.ordinance.edible_food.vocabulary import (
    RECOVERY_CATEGORIES,
    FoodRecoveryAgreement,
    Report,
)
from sanitas.ordinance.engine import Context, Outcome, deadline, met, overdue, rule, violation
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.messages import Count, Day, Items, Message, Phrase, Word, declare, vocabulary
from sanitas.ordinance.organics.self_haulers import reports_for

# --------------------------------------------------------------------------- generators

_HAS_AGREEMENT = declare(
    "efr.agreement.in-force", "{who} has a written agreement with {partners} in force {when}."
)
_NO_AGREEMENT = declare(
    "efr.agreement.none",
    "{who} has no written agreement with a food recovery organization or service in force {when}.",
)
_NOT_COUNTING = declare(
    "efr.agreement.none-not-counting",
    "{who} has no written agreement with a food recovery organization or service in force "
    "{when}; its agreement with {partner} does not count, that being {category}.",
)
_ENDED = declare(
    "efr.agreement.none-ended",
    "{who} has no written agreement with a food recovery organization or service in force "
    "{when}; its last agreement, with {partner}, ended on {end}.",
)
_NOT_A_PARTNER = declare(
    "efr.agreement.not-a-partner",
    "The agreement of {generator} with {partner} from {start} is not with a food recovery "
    "organization or service: {partner} is {category}.",
)


@rule("ORG-EFG-AGREEMENT", on="establishment", cite="Ch. 50 edible food (C)(2)")
def generator_agreement(est: Establishment, ctx: Context):
    """Edible food (C)(1)-(2): "Arrange to recover the maximum amount of edible food
    that would otherwise be disposed. Contract with or enter into a written agreement
    with food recovery organizations or food recovery services for: (a) The
    collection of edible food for food recovery; or (b) Acceptance of the edible food
    that the commercial edible food generator self-hauls to the food recovery
    organization for food recovery." """
    obligated = obligations_of(est, ctx)
    if obligated is None:
        return None
    tier, start, day = obligated
    agreements = ctx.referring("food_recovery_agreement", "generator", est.id)
    valid = [a for a in agreements if org_in_force(a, day, ctx) and partner_ok(a, ctx)]
    who = generator_words(est, tier, start, ctx)
    when = judged_on(day, ctx)
    reading = tier_of(est, ctx).reading
    if valid:
        partners = names(ctx, (a.partner for a in valid))
        return met(_HAS_AGREEMENT(who=who, partners=partners, when=when), reading=reading)
    if any(effective_span(a, ctx) is None for a in agreements):
        return None  # an agreement on record contradicts itself: a data problem, no violation
    invalid = [a for a in agreements if org_in_force(a, day, ctx) and not partner_ok(a, ctx)]
    ended = [
        a
        for a in agreements
        if (span := effective_span(a, ctx)) is not None and span[1] is not None and span[1] < day
    ]
    if invalid:
        partner = ctx.get(invalid[-1].partner)
        said = _NOT_COUNTING(
            who=who, when=when, partner=name(ctx, partner), category=category(partner)
        )
    elif ended:
        said = _ENDED(
            who=who, when=when, partner=name(ctx, ended[-1].partner), end=Day(ended[-1].end)
        )
    else:
        said = _NO_AGREEMENT(who=who, when=when)
    return violation(said, reading=reading)


@rule("ORG-EFG-AGREEMENT", on="food_recovery_agreement", cite="Ch. 50 edible food (C)(2)")
def agreement_partner(agreement: FoodRecoveryAgreement, ctx: Context):
    """Edible food (C)(2): the agreement must be "with food recovery organizations or
    food recovery services"; an agreement with anyone else is not one."""
    generator = ctx.get(agreement.generator)
    if generator is None or obligations_of(generator, ctx) is None or partner_ok(agreement, ctx):
        return None
    partner = ctx.get(agreement.partner)
    return violation(
        _NOT_A_PARTNER(
            generator=name(ctx, generator),
            partner=name(ctx, partner),
            start=Day(agreement.start),
            category=category(partner),
        )
    )


def _observations(est: Establishment, ctx: Context) -> list[tuple[date, int | None]]:
    """When the city has seen a party's records: each annual report it received (the
    report holds the year's records; the year it covers) and each organics inspection
    of it where the records were not refused (any year)."""
    memo = ctx.memo("edible_food.observations")
    found = memo.get(est.id)
    if found is None:
        kind = (
            "food_recovery_annual" if est.category in RECOVERY_CATEGORIES else "edible_food_annual"
        )
        found = [(r.date, int(r.period[:4])) for r in reports_for(est, kind, ctx)]
        found += [
            (i.date, None)
            for i in ctx.referring("inspection", "subject", est.id)
            if i.program in (None, "organics") and not i.records_refused
        ]
        memo[est.id] = found
    return found


def _record_due(month: str, ctx: Context) -> date:
    """The day a month's pounds are due on record (reading ``efg.monthly_record_days``)."""
    return add_days(month_end(int(month[:4]), int(month[5:])), ctx.param("efg.monthly_record_days"))


#: what a party's records lack, by whom it is kept for ("for Bamboo Cafe, missing the
#: address"), a month's pounds among them, and the pounds not yet on record
_MISSING_DELIVERIES = declare(
    "efr.records.missing-deliveries", "for its deliveries, missing {missing}"
)
_POUNDS_FOR = declare("efr.records.pounds-for-months", "{what} for {months}")
#: the pounds a record holds, with whom: recovered for a partner, collected or received
#: from a generator, delivered to food recovery organizations
POUNDS = {
    "recovered": declare("efr.records.pounds-recovered-for", "pounds recovered for {party}"),
    "collected": declare("efr.records.pounds-collected-from", "pounds collected from {party}"),
    "received": declare("efr.records.pounds-received-from", "pounds received from {party}"),
}
POUNDS_DELIVERED = "pounds delivered to food recovery organizations"
vocabulary("pounds recovered", "pounds collected", "pounds received", POUNDS_DELIVERED)
_GENERATOR_KEPT = declare(
    "efr.records.generator-kept",
    "the name, address and contact information, food types, collection frequency and pounds "
    "recovered of {partners}",
)
#: the findings on a party's records, by whose records they are: a generator's food
#: recovery records, or an organization's or a service's records
_INCOMPLETE = {
    "generator": declare(
        "efr.records.generator-incomplete",
        "{whose} food recovery records are incomplete: {shown}.",
    ),
    "partner": declare("efr.records.incomplete", "{whose} records are incomplete: {shown}."),
}
_INCOMPLETE_PENDING = {
    "generator": declare(
        "efr.records.generator-incomplete-pending",
        "{whose} food recovery records are incomplete: {shown}; not yet on record: {pending}.",
    ),
    "partner": declare(
        "efr.records.incomplete-pending",
        "{whose} records are incomplete: {shown}; not yet on record: {pending}.",
    ),
}
_NOT_YET = {
    "generator": declare(
        "efr.records.generator-not-yet",
        "{whose} food recovery records do not yet show the {pending}, due on record from "
        "{due}; no report or inspection has shown the records since.",
    ),
    "partner": declare(
        "efr.records.not-yet",
        "{whose} records do not yet show the {pending}, due on record from {due}; no report "
        "or inspection has shown the records since.",
    ),
}
_COMPLETE = {
    "generator": declare(
        "efr.records.generator-complete",
        "{whose} food recovery records hold {kept} for every month due on record by {date}.",
    ),
    "partner": declare(
        "efr.records.complete",
        "{whose} records hold {kept} for every month due on record by {date}.",
    ),
}


def _joined(items: list[Phrase]) -> Items:
    """Items joined by semicolons: "for A, missing the name; for B, missing …"."""
    return Items(tuple(items), ";")


_RECORD_GRACE = declare(
    "efr.reading.record-grace",
    "A month's pounds are due on record {days} day after the month ends (the ordinance asks "
    'for pounds "per month" and sets no day); pounds past that day are shown missing only by '
    "a report or inspection of the records since.",
    plural="A month's pounds are due on record {days} days after the month ends (the ordinance "
    'asks for pounds "per month" and sets no day); pounds past that day are shown missing only '
    "by a report or inspection of the records since.",
    count="days",
)


class Gaps:
    """What a party's records lack. An item the records on file show missing (a name,
    food types) is a violation; so are a month's pounds missing from records the city
    has seen since the day they were due on record (an annual report of that year, an
    inspection). Pounds past their day that no report or inspection has shown since
    are overdue: not on record, not yet shown missing."""

    def __init__(self, est: Establishment, ctx: Context) -> None:
        self.est, self.ctx = est, ctx
        self.shown: list[Phrase] = []
        self.pending: list[Phrase] = []
        self.first_due: date | None = None
        self.months = False

    def add(
        self,
        label: Message | None,
        pending_label: Any,
        missing: list[Any],
        months: list[str],
        what: str,
    ):
        """``label``: "for {party}, missing {missing}" of whom the record is kept
        (None: the deliveries); ``pending_label``: the pounds not yet on record;
        ``what``: the pounds missing (a word of the vocabulary)."""
        observations = _observations(self.est, self.ctx)
        seen, unseen = [], []
        for month in months:
            due_on, year = _record_due(month, self.ctx), int(month[:4])
            shown = any(day > due_on and covers in (None, year) for day, covers in observations)
            (seen if shown else unseen).append(month)
        self.months = self.months or bool(months)
        if seen:
            missing = [*missing, Phrase(_POUNDS_FOR(what=Word(what), months=months_message(seen)))]
        if missing:
            listed = Items(tuple(missing))
            shown = _MISSING_DELIVERIES(missing=listed) if label is None else label(missing=listed)
            self.shown.append(Phrase(shown))
        if unseen:
            self.pending.append(
                Phrase(_POUNDS_FOR(what=pending_label, months=months_message(unseen)))
            )
            due_on = _record_due(unseen[0], self.ctx)
            self.first_due = due_on if self.first_due is None else min(self.first_due, due_on)

    def outcome(self, kind: str, whose: Phrase, kept: Any) -> Outcome:
        """``kind``: "generator" (its food recovery records) or "partner" (an
        organization's or a service's records); ``whose``: the possessive of the party."""
        ctx = self.ctx
        reading = None
        if self.months:
            grace = ctx.param("efg.monthly_record_days")
            reading = _RECORD_GRACE(days=Count(grace))
        if self.shown:
            shown = _joined(self.shown)
            if self.pending:
                said = _INCOMPLETE_PENDING[kind](
                    whose=whose, shown=shown, pending=Items(tuple(self.pending))
                )
            else:
                said = _INCOMPLETE[kind](whose=whose, shown=shown)
            return violation(said, reading=reading)
        if self.pending:
            return overdue(
                _NOT_YET[kind](
                    whose=whose, pending=Items(tuple(self.pending)), due=Day(self.first_due)
                ),
                due=self.first_due,
                reading=reading,
            )
        return met(_COMPLETE[kind](whose=whose, kept=kept, date=Day(ctx.as_of)))


@rule("ORG-EFG-RECORDS", on="establishment", cite="Ch. 50 edible food (C)(5)")
def generator_records(est: Establishment, ctx: Context):
    """Edible food (C)(5): "Keep records that include … (a) A list of each food
    recovery service or organization that collects or receives its edible food …
    (b) A copy of all contracts or written agreements … (c) … for each of those food
    recovery services or food recovery organizations: 1. The name, address and
    contact information … 2. The types of food that will be collected by or
    self-hauled to [it]. 3. The established frequency that food will be collected or
    self-hauled. 4. The quantity of food, measured in pounds recovered per month
    …" """
    obligated = obligations_of(est, ctx)
    if obligated is None:
        return None
    _, start, day = obligated
    spans = grouped(
        (a.partner, (a, window))
        for a in ctx.referring("food_recovery_agreement", "generator", est.id)
        if partner_ok(a, ctx) and (window := overlap(a, start, day, ctx)) is not None
    )
    if not spans:
        return None
    gaps = Gaps(est, ctx)
    for partner, entries in spans.items():
        missing = missing_identity(partner, ctx)
        if not all(a.food_types for a, _ in entries):
            missing.append(Word("food types"))
        if not all(a.collection_frequency for a, _ in entries):
            missing.append(Word("collection frequency"))
        months = missing_months([w for _, w in entries], est.id, partner, ctx)
        party = name(ctx, partner)
        gaps.add(
            partial(MISSING_FOR, party=party),
            Phrase(POUNDS["recovered"](party=party)),
            missing,
            months,
            "pounds recovered",
        )
    return gaps.outcome(
        "generator", whose(ctx, est), Phrase(_GENERATOR_KEPT(partners=names(ctx, spans)))
    )


#: an annual report's deadline: received on time, received late, not yet due, missing
_REPORT_RECEIVED = declare("efr.report.received", "{report} was due {due} and received {done}.")
_REPORT_LATE = declare(
    "efr.report.received-late", "{report} was due {due} and received late, on {done}."
)
_REPORT_NOT_YET = declare("efr.report.not-yet", "{report} is due {due}; not yet received.")
_REPORT_NONE = declare("efr.report.none", "{report} was due {due}; none received by {date}.")
#: which report: a generator's, or an organization's or service's of what it recovered
GENERATOR_REPORT = declare("efr.report.generator", "{whose} {year} annual food recovery report")


def _report_message(report: Phrase, due_on: date, done: date | None, ctx: Context) -> Message:
    if done is not None and done <= due_on:
        return _REPORT_RECEIVED(report=report, due=Day(due_on), done=Day(done))
    if done is not None:
        return _REPORT_LATE(report=report, due=Day(due_on), done=Day(done))
    if ctx.as_of <= due_on:
        return _REPORT_NOT_YET(report=report, due=Day(due_on))
    return _REPORT_NONE(report=report, due=Day(due_on), date=Day(ctx.as_of))


def _annual_due(year: int, first_due: date, ctx: Context) -> date:
    month, day = (int(part) for part in ctx.param("efg.annual_report_due").split("-"))
    return max(annual_report_due(year, month=month, day=day), first_due)


def _received(reports: list[Report], year: int) -> date | None:
    dates = [r.date for r in reports if r.period == str(year)]
    return min(dates) if dates else None


def annual_report(
    reports: list[Report],
    year: int,
    first_due: date,
    ctx: Context,
    what: Message,
    reading: Message | None = None,
) -> Outcome:
    """The deadline of an annual report for ``year``: "{what} is due …"; ``what``
    names the report."""
    due_on = _annual_due(year, first_due, ctx)
    received = _received(reports, year)
    return deadline(
        due_on=due_on,
        done_on=received,
        as_of=ctx.as_of,
        period=str(year),
        explanation=_report_message(Phrase(what), due_on, received, ctx),
        reading=reading,
    )


@rule("ORG-EFG-ANNUAL-REPORT", on="establishment")
def generator_annual_report(est: Establishment, ctx: Context):
    """Edible food (C)(6): "No later than February 1 of each year commencing no later
    than February 1, 2023 for tier one commercial edible food generators and
    February 1, 2025 for tier two commercial edible food generators, those
    generators shall provide an annual food recovery report to the city that
    includes all records required in division (C)(5) …" One finding per
    calendar year, from the year before the first due date (or the year the
    generator's obligations start, if later) to the last year ended. A report dated
    before its year began is a data problem and counts for nothing."""
    tier = ctx.derived("edible_food_tier", est)
    if tier is None:
        return
    start = ctx.derived("edible_food_obligations_start", est)
    first_due = ctx.param(f"efg.tier{tier}_first_report_due")
    first_year = max(first_due.year - 1, start.year)
    last_year = min(ctx.as_of.year - 1, last_open_day(est, ctx).year)
    if first_year > last_year:
        return
    reports = reports_for(est, "edible_food_annual", ctx)
    owner = whose(ctx, est)
    reading = tier_of(est, ctx).reading
    for year in range(first_year, last_year + 1):
        report = GENERATOR_REPORT(whose=owner, year=str(year))
        yield annual_report(reports, year, first_due, ctx, report, reading)
