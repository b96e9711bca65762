"""What the edible food sections share: amounts, months and categories in words,
a generator's agreements, reports and months due.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, timedelta
from typing import Any

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.edible_food.vocabulary import (
    RECOVERY_CATEGORIES,
    TIER_WORDS,
    FoodRecoveryAgreement,
    FoodRecoveryQuantity,
)
from sanitas.ordinance.engine import Context
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.words import capital, listing, name_of, words

# --------------------------------------------------------------------------- formatting


def with_article(noun: str) -> str:
    """ "a restaurant", "an other business"."""
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def category_words(category: str) -> str:
    return "business" if category == "other" else words(category)


def thing_name(ctx: Context, thing: Any) -> str:
    return capital(name_of(ctx, thing))


def _next_month(month: str) -> str:
    year, value = int(month[:4]), int(month[5:])
    year, value = (year + 1, 1) if value == 12 else (year, value + 1)
    return f"{year:04d}-{value:02d}"


def months_text(months: list[str]) -> str:
    """``["2024-01", "2024-02", "2024-03", "2024-06"]`` →
    "4 months (2024-01 to 2024-03, 2024-06)"."""
    runs: list[list[str]] = []
    for month in months:
        if runs and _next_month(runs[-1][-1]) == month:
            runs[-1].append(month)
        else:
            runs.append([month])
    shown = ", ".join(run[0] if len(run) == 1 else f"{run[0]} to {run[-1]}" for run in runs)
    return f"{len(months)} month{'s' if len(months) != 1 else ''} ({shown})"


# --------------------------------------------------------------------------- shared helpers


def last_open_day(est: Establishment, ctx: Context) -> date:
    """The as-of date, or the day before the establishment closed if earlier."""
    if est.closed_on is not None and est.closed_on <= ctx.as_of:
        return add_days(est.closed_on, -1)
    return ctx.as_of


def obligations_of(est: Establishment, ctx: Context) -> tuple[int, date, date] | None:
    """The generator's tier, obligations start and the day its duties are judged on:
    the as-of date, or its last day open if it has closed since its obligations
    started (a closure ends the duties, not the record of how they stood)."""
    tier = ctx.derived("edible_food_tier", est)
    if tier is None:
        return None
    start = ctx.derived("edible_food_obligations_start", est)
    day = last_open_day(est, ctx)
    if start > day:
        return None
    return tier, start, day


def judged_on(day: date, ctx: Context) -> str:
    return f"on {day}" if day == ctx.as_of else f"on its last day open, {day}"


def generator_words(est: Establishment, tier: int, start: date, ctx: Context) -> str:
    """ "Canyon Produce, a tier one commercial edible food generator with food recovery
    obligations from 2022-01-01," """
    return (
        f"{thing_name(ctx, est)}, a tier {TIER_WORDS[tier]} commercial edible food generator with "
        f"food recovery obligations from {start},"
    )


def effective_span(
    agreement: FoodRecoveryAgreement, ctx: Context
) -> tuple[date, date | None] | None:
    """The first and last day an agreement can be in force, or None when it cannot be.
    An agreement that ends before it starts, or that starts before its partner opened,
    is a data problem: the first is never in force, the second only from the opening."""
    memo = ctx.memo("edible_food.agreements")
    key = id(agreement)
    if key in memo:
        return memo[key]
    found: tuple[date, date | None] | None = (agreement.start, agreement.end)
    named = [a for a in (agreement.id, agreement.generator, agreement.partner) if a]
    between = f"{name_of(ctx, agreement.generator)} and {name_of(ctx, agreement.partner)}"
    if agreement.end is not None and agreement.end < agreement.start:
        ctx.data_problem(
            named,
            f"The food recovery agreement between {between} ends on {agreement.end}, before "
            f"it starts on {agreement.start}.",
        )
        found = None
    else:
        partner = ctx.get(agreement.partner)
        opened = getattr(partner, "opened_on", None)
        if opened is not None and agreement.start < opened:
            ctx.data_problem(
                named,
                f"The food recovery agreement between {between} starts on {agreement.start}, "
                f"before {name_of(ctx, partner)} opened on {opened}.",
            )
            found = (
                None
                if agreement.end is not None and agreement.end < opened
                else (
                    opened,
                    agreement.end,
                )
            )
    memo[key] = found
    return found


def org_in_force(agreement: FoodRecoveryAgreement, day: date, ctx: Context) -> bool:
    """An agreement is in force from its start through its end date (inclusive)."""
    span = effective_span(agreement, ctx)
    return span is not None and span[0] <= day and (span[1] is None or span[1] >= day)


def overlap(
    agreement: FoodRecoveryAgreement, first: date, last: date, ctx: Context
) -> tuple[date, date] | None:
    """The days of ``first``..``last`` the agreement was in force, or None."""
    span = effective_span(agreement, ctx)
    if span is None:
        return None
    begin = max(span[0], first)
    end = last if span[1] is None else min(span[1], last)
    return (begin, end) if begin <= end else None


def partner_ok(agreement: FoodRecoveryAgreement, ctx: Context) -> bool:
    partner = ctx.get(agreement.partner)
    return partner is not None and partner.category in RECOVERY_CATEGORIES


def generator_window(agreement: FoodRecoveryAgreement, ctx: Context) -> tuple[date, date] | None:
    """The days, up to the as-of date, that an agreement was one a tier one or tier two
    generator made under its obligations: in force, the generator's obligations
    started and the generator open."""
    generator = ctx.get(agreement.generator)
    if generator is None or ctx.derived("edible_food_tier", generator) is None:
        return None
    start = ctx.derived("edible_food_obligations_start", generator)
    return overlap(agreement, start, last_open_day(generator, ctx), ctx)


def month_end(year: int, month: int) -> date:
    if month == 12:
        return date(year, 12, 31)
    return date(year, month + 1, 1) - timedelta(days=1)


def months_due(first: date, last: date, ctx: Context) -> Iterable[str]:
    """The months touching ``first``..``last`` whose pounds must be on record by the
    as-of date (reading ``efg.monthly_record_days``: N days after the month ends)."""
    grace = ctx.param("efg.monthly_record_days")
    if ctx.fast:
        return months_due_in_one_step(first, last, grace, ctx.as_of)
    return months_due_month_by_month(first, last, grace, ctx.as_of)


def months_due_month_by_month(first: date, last: date, grace: int, as_of: date) -> Iterator[str]:
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        if add_days(month_end(year, month), grace) < as_of:
            yield f"{year:04d}-{month:02d}"
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)


def months_due_in_one_step(first: date, last: date, grace: int, as_of: date) -> list[str]:
    """``months_due`` as the fast path finds them. A month's record falls due a fixed
    number of days after the month ends, so the months due by the as-of date are all
    the months up to one (found once per grace and as-of date); the months due of a
    window are a run of month labels cut at that month. The edible food rules ask for
    the months of every agreement and every report (34,730 windows at 20,000
    establishments), each month by month on the reference path."""
    key = (grace, as_of)
    cutoff = _LAST_MONTH_DUE.get(key)
    if cutoff is None:
        if len(_LAST_MONTH_DUE) > 64:
            _LAST_MONTH_DUE.clear()
        cutoff = as_of.year * 12 + as_of.month - 1
        # from the month of the as-of date (a month is numbered year * 12 + month - 1)
        # step back to the last month due, or on while the next is due too (a grace
        # of fewer days than none)
        while add_days(month_end(cutoff // 12, cutoff % 12 + 1), grace) >= as_of:
            cutoff -= 1
        while add_days(month_end((cutoff + 1) // 12, (cutoff + 1) % 12 + 1), grace) < as_of:
            cutoff += 1
        _LAST_MONTH_DUE[key] = cutoff
    low = first.year * 12 + first.month - 1
    high = min(last.year * 12 + last.month - 1, cutoff)
    if high < low:
        return []
    labels = _MONTH_LABELS
    out = []
    for ordinal in range(low, high + 1):
        label = labels.get(ordinal)
        if label is None:
            label = labels[ordinal] = f"{ordinal // 12:04d}-{ordinal % 12 + 1:02d}"
        out.append(label)
    return out


#: the last month (numbered year * 12 + month - 1) whose record is due, by (the days
#: of grace, the as-of date); and the label of each month, by its number
_LAST_MONTH_DUE: dict[tuple[int, date], int] = {}
_MONTH_LABELS: dict[int, str] = {}


def missing_identity(ident: str, ctx: Context) -> list[str]:
    """Which of name, address and contact information the records lack for a party."""
    party = ctx.get(ident)
    missing = []
    if not party.name:
        missing.append("name")
    premises = ctx.get(party.premises) if party.premises else None
    if not party.address and not (premises is not None and premises.address):
        missing.append("address")
    if not party.contact:
        missing.append("contact information")
    return missing


def identity_problems(idents: Iterable[str], ctx: Context) -> list[str]:
    """A problem for each party named (once, in order) whose name, address or contact
    information the records lack."""
    problems = []
    for ident in dict.fromkeys(idents):
        missing = missing_identity(ident, ctx)
        if missing:
            problems.append(f"for {name_of(ctx, ident)}, missing {listing(missing)}")
    return problems


def month_label(entry: FoodRecoveryQuantity) -> str:
    return f"{entry.year:04d}-{entry.month:02d}"


def _recorded_months(kept_by: str, other_party: str, ctx: Context) -> set[str]:
    return {
        month_label(entry)
        for entry in ctx.referring("food_recovery_quantity", "kept_by", kept_by)
        if entry.other_party == other_party
    }


def missing_months(
    windows: list[tuple[date, date]], kept_by: str, other_party: str, ctx: Context
) -> list[str]:
    required: set[str] = set()
    for first, last in windows:
        required.update(months_due(first, last, ctx))
    return sorted(required - _recorded_months(kept_by, other_party, ctx))


def grouped(pairs: Iterable[tuple[str, Any]]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for key, value in pairs:
        out.setdefault(key, []).append(value)
    return out
