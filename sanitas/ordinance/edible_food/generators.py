"""Ch. 50 SB 1383 commercial edible food generators: the written agreement, its
records and the annual report (ORG-EFG-AGREEMENT, ORG-EFG-RECORDS,
ORG-EFG-ANNUAL-REPORT).
"""

from __future__ import annotations

from datetime import date

from sanitas.ordinance.calendar import add_days, annual_report_due
from sanitas.ordinance.edible_food.common import (
    category_words,
    effective_span,
    generator_words,
    grouped,
    judged_on,
    last_open_day,
    missing_identity,
    missing_months,
    month_end,
    months_text,
    obligations_of,
    org_in_force,
    overlap,
    partner_ok,
    thing_name,
    with_article,
)
from sanitas.ordinance.edible_food.tiers import tier_of
from sanitas.ordinance.edible_food.vocabulary import (
    RECOVERY_CATEGORIES,
    FoodRecoveryAgreement,
    Report,
)
from sanitas.ordinance.engine import Context, Outcome, deadline, met, overdue, rule, violation
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.organics.self_haulers import reports_for
from sanitas.ordinance.words import listing, name_of, names_of, possessive

# --------------------------------------------------------------------------- generators


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
        partners = names_of(ctx, (a.partner for a in valid))
        return met(
            f"{who} has a written agreement with {partners} in force {when}.", reading=reading
        )
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
        detail = (
            f"; its agreement with {name_of(ctx, partner)} does not count, that being "
            f"{with_article(category_words(partner.category))}"
        )
    elif ended:
        detail = (
            f"; its last agreement, with {name_of(ctx, ended[-1].partner)}, ended on "
            f"{ended[-1].end}"
        )
    else:
        detail = ""
    return violation(
        f"{who} has no written agreement with a food recovery organization or service "
        f"in force {when}{detail}.",
        reading=reading,
    )


@rule("ORG-EFG-AGREEMENT", on="food_recovery_agreement", cite="Ch. 50 edible food (C)(2)")
def agreement_partner(agreement: FoodRecoveryAgreement, ctx: Context):
    """Edible food (C)(2): the agreement must be "with food recovery organizations or
    food recovery services"; an agreement with anyone else is not one."""
    generator = ctx.get(agreement.generator)
    if generator is None or obligations_of(generator, ctx) is None or partner_ok(agreement, ctx):
        return None
    partner = ctx.get(agreement.partner)
    return violation(
        f"The agreement of {name_of(ctx, generator)} with {name_of(ctx, partner)} from "
        f"{agreement.start} is not with a food recovery organization or service: "
        f"{name_of(ctx, partner)} is {with_article(category_words(partner.category))}."
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


class Gaps:
    """What a party's records lack. An item the records on file show missing (a name,
    food types) is a violation; so are a month's pounds missing from records the city
    has seen since the day they were due on record (an annual report of that year, an
    inspection). Pounds past their day that no report or inspection has shown since
    are overdue: not on record, not yet shown missing."""

    def __init__(self, est: Establishment, ctx: Context) -> None:
        self.est, self.ctx = est, ctx
        self.shown: list[str] = []
        self.pending: list[str] = []
        self.first_due: date | None = None
        self.months = False

    def add(self, label: str, pending_label: str, missing: list[str], months: list[str], what: str):
        observations = _observations(self.est, self.ctx)
        seen, unseen = [], []
        for month in months:
            due_on, year = _record_due(month, self.ctx), int(month[:4])
            shown = any(day > due_on and covers in (None, year) for day, covers in observations)
            (seen if shown else unseen).append(month)
        self.months = self.months or bool(months)
        if seen:
            missing = [*missing, f"{what} for {months_text(seen)}"]
        if missing:
            self.shown.append(f"{label}, missing {listing(missing)}")
        if unseen:
            self.pending.append(f"{pending_label} for {months_text(unseen)}")
            due_on = _record_due(unseen[0], self.ctx)
            self.first_due = due_on if self.first_due is None else min(self.first_due, due_on)

    def outcome(self, whose: str, kept: str) -> Outcome:
        ctx = self.ctx
        reading = None
        if self.months:
            grace = ctx.param("efg.monthly_record_days")
            reading = (
                f"A month's pounds are due on record {grace} days after the month ends (the "
                'ordinance asks for pounds "per month" and sets no day); pounds past that day '
                "are shown missing only by a report or inspection of the records since."
            )
        if self.shown:
            later = f"; not yet on record: {listing(self.pending)}" if self.pending else ""
            return violation(
                f"{whose} records are incomplete: {'; '.join(self.shown)}{later}.",
                reading=reading,
            )
        if self.pending:
            return overdue(
                f"{whose} records do not yet show the {listing(self.pending)}, due on record "
                f"from {self.first_due}; no report or inspection has shown the records since.",
                due=self.first_due,
                reading=reading,
            )
        return met(f"{whose} records hold {kept} for every month due on record by {ctx.as_of}.")


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
            missing.append("food types")
        if not all(a.collection_frequency for a, _ in entries):
            missing.append("collection frequency")
        months = missing_months([w for _, w in entries], est.id, partner, ctx)
        name = name_of(ctx, partner)
        gaps.add(f"for {name}", f"pounds recovered for {name}", missing, months, "pounds recovered")
    return gaps.outcome(
        f"{possessive(thing_name(ctx, est))} food recovery",
        f"the name, address and contact information, food types, collection frequency and "
        f"pounds recovered of {names_of(ctx, spans)}",
    )


def _report_phrase(due_on: date, done: date | None, ctx: Context, verb: str = "received") -> str:
    if done is not None and done <= due_on:
        return f"was due {due_on} and {verb} {done}"
    if done is not None:
        return f"was due {due_on} and {verb} late, on {done}"
    if ctx.as_of <= due_on:
        return f"is due {due_on}; not yet {verb}"
    none = "none received" if verb == "received" else f"not {verb}"
    return f"was due {due_on}; {none} by {ctx.as_of}"


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
    what: str,
    reading: str | None = None,
) -> Outcome:
    """The deadline of an annual report for ``year``: "{what} is due …"."""
    due_on = _annual_due(year, first_due, ctx)
    received = _received(reports, year)
    return deadline(
        due_on=due_on,
        done_on=received,
        as_of=ctx.as_of,
        period=str(year),
        explanation=f"{what} {_report_phrase(due_on, received, ctx)}.",
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
    whose = possessive(thing_name(ctx, est))
    reading = tier_of(est, ctx).reading
    for year in range(first_year, last_year + 1):
        yield annual_report(
            reports, year, first_due, ctx, f"{whose} {year} annual food recovery report", reading
        )
