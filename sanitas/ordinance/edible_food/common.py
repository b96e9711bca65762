"""What the edible food sections share: amounts, months and categories in words,
a generator's agreements, reports and months due.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, timedelta
from typing import Any, get_args

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.edible_food.vocabulary import (
    RECOVERY_CATEGORIES,
    TIER_WORDS,
    FoodRecoveryAgreement,
    FoodRecoveryQuantity,
)
from sanitas.ordinance.engine import Context
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.general.vocabulary import Category
from sanitas.ordinance.messages import Count, Day, Items, Name, Phrase, Word, declare, vocabulary
from sanitas.ordinance.words import name_of, words

# --------------------------------------------------------------------------- formatting


def with_article(noun: str) -> str:
    """ "a restaurant", "an other business"."""
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def category_words(category: str) -> str:
    return "business" if category == "other" else words(category)


# --------------------------------------------------------------------------- in messages

#: what a business is, with its article ("a restaurant", "an other business")
CATEGORY_WORDS = {
    category: with_article(category_words(category)) for category in get_args(Category)
}
vocabulary(*CATEGORY_WORDS.values())


def name(ctx: Context, thing: Any, capital: bool = False) -> Any:
    """A thing as a message's argument: its name on the record as it is in every
    language, a description of a business with no name ("the food distributor at 5
    Main St") in the reader's words."""
    return ref(ctx, thing, capital)


def names(ctx: Context, things: Iterable[Any]) -> Items:
    """Several things named, each once, in a list ("Arroyo Pho, Bamboo Cafe and Casa Verde")."""
    named: dict[str, Any] = {}
    for thing in things:
        named.setdefault(name_of(ctx, thing), thing)
    return Items(tuple(ref(ctx, thing) for thing in named.values()))


def category(fact: Any) -> Word:
    """What a business is, with its article, in the reader's words."""
    return Word(CATEGORY_WORDS[fact.category])


#: a thing's possessive: "Arroyo Pho's", "Canyon Sewer Contractors'" ("de …", "…的")
_WHOSE = declare("efr.whose", "{owner}'s")
_WHOSE_S = declare("efr.whose-s", "{owner}'")


def whose(ctx: Context, thing: Any) -> Phrase:
    """A thing's possessive, beginning a sentence: "Arroyo Pho's"."""
    made = _WHOSE_S if name_of(ctx, thing).endswith("s") else _WHOSE
    return Phrase(made(owner=ref(ctx, thing, capital=True)))


_MONTHS = declare(
    "efr.months", "{count} month ({months})", plural="{count} months ({months})", count="count"
)
_MONTH_RUN = declare("efr.months.run", "{first} to {last}")
_MONTH_RUNS = declare("efr.months.runs", "{first}, {rest}")


def months_message(months: list[str]) -> Phrase:
    """``["2024-01", "2024-02", "2024-03", "2024-06"]`` →
    "4 months (2024-01 to 2024-03, 2024-06)" (:func:`months_text`)."""
    runs: list[list[str]] = []
    for month in months:
        if runs and _next_month(runs[-1][-1]) == month:
            runs[-1].append(month)
        else:
            runs.append([month])
    shown: Any = None
    for run in reversed(runs):
        one = Name(run[0]) if len(run) == 1 else Phrase(_MONTH_RUN(first=run[0], last=run[-1]))
        shown = one if shown is None else Phrase(_MONTH_RUNS(first=one, rest=shown))
    return Phrase(_MONTHS(count=Count(len(months)), months=shown))


def _next_month(month: str) -> str:
    year, value = int(month[:4]), int(month[5:])
    year, value = (year + 1, 1) if value == 12 else (year, value + 1)
    return f"{year:04d}-{value:02d}"


def months_text(months: list[str]) -> str:
    """``["2024-01", "2024-02", "2024-03", "2024-06"]`` →
    "4 months (2024-01 to 2024-03, 2024-06)"."""
    return months_message(months).render("en")


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


_ON = declare("efr.judged.on", "on {date}")
_LAST_DAY_OPEN = declare("efr.judged.last-day-open", "on its last day open, {date}")


def judged_on(day: date, ctx: Context) -> Phrase:
    """ "on 2025-03-01", or "on its last day open, 2025-02-28" when it has closed."""
    made = _ON if day == ctx.as_of else _LAST_DAY_OPEN
    return Phrase(made(date=Day(day)))


_GENERATOR = {
    tier: declare(
        f"efr.generator.tier-{TIER_WORDS[tier]}",
        f"{{generator}}, a tier {TIER_WORDS[tier]} commercial edible food generator with food "
        "recovery obligations from {start},",
    )
    for tier in TIER_WORDS
}


def generator_words(est: Establishment, tier: int, start: date, ctx: Context) -> Phrase:
    """ "Canyon Produce, a tier one commercial edible food generator with food recovery
    obligations from 2022-01-01," """
    return Phrase(_GENERATOR[tier](generator=name(ctx, est, capital=True), start=Day(start)))


_AGREEMENT_BACKWARDS = declare(
    "efr.problem.agreement-ends-before-start",
    "The food recovery agreement between {generator} and {partner} ends on {end}, before it "
    "starts on {start}.",
)
_AGREEMENT_BEFORE_OPENING = declare(
    "efr.problem.agreement-before-opening",
    "The food recovery agreement between {generator} and {partner} starts on {start}, before "
    "{partner} opened on {opened}.",
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
    between = {
        "generator": ref(ctx, agreement.generator),
        "partner": ref(ctx, agreement.partner),
    }
    if agreement.end is not None and agreement.end < agreement.start:
        ctx.data_problem(
            named,
            _AGREEMENT_BACKWARDS(**between, end=Day(agreement.end), start=Day(agreement.start)),
        )
        found = None
    else:
        partner = ctx.get(agreement.partner)
        opened = getattr(partner, "opened_on", None)
        if opened is not None and agreement.start < opened:
            ctx.data_problem(
                named,
                _AGREEMENT_BEFORE_OPENING(
                    **between, start=Day(agreement.start), opened=Day(opened)
                ),
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


#: what a party's records may lack
MISSING_WORDS = (
    "name",
    "address",
    "contact information",
    "food types",
    "collection frequency",
)
vocabulary(*MISSING_WORDS)
MISSING_FOR = declare("efr.records.missing-for", "for {party}, missing {missing}")


def missing_identity(ident: str, ctx: Context) -> list[Any]:
    """Which of name, address and contact information the records lack for a party."""
    party = ctx.get(ident)
    missing = []
    if not party.name:
        missing.append(Word("name"))
    premises = ctx.get(party.premises) if party.premises else None
    if not party.address and not (premises is not None and premises.address):
        missing.append(Word("address"))
    if not party.contact:
        missing.append(Word("contact information"))
    return missing


def identity_problems(idents: Iterable[str], ctx: Context) -> list[Phrase]:
    """A problem for each party named (once, in order) whose name, address or contact
    information the records lack."""
    problems = []
    for ident in dict.fromkeys(idents):
        missing = missing_identity(ident, ctx)
        if missing:
            problems.append(
                Phrase(MISSING_FOR(party=name(ctx, ident), missing=Items(tuple(missing))))
            )
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
