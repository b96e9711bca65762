"""Chapter 50, SB 1383: commercial edible food generators, food recovery
organizations and food recovery services (ORG-EFG-*, ORG-FRO-*, ORG-FRS-*).

A tier one or tier two commercial edible food generator keeps a written
agreement with a food recovery organization or service, keeps records of it,
does not spoil recoverable food and reports each year by February 1. The food
recovery organizations and services it works with keep their own records, tell
it about the Good Samaritan protections in writing, report each year and answer
the city's capacity-planning requests.

Every threshold, date and reading is a rule-pack parameter (``efg.*``; the tier
start dates are ``org.tier1_start`` and ``org.tier2_start``). ORG-EFG-NO-SPOIL is
an inspector's observation, decided by the inspection-observation rules of
``general``; capacity requests use the ``capacity_request`` and
``capacity_response`` facts of ``organics``.

A finding rests on what is recorded: a generator's tier on the measures its
definition names (or, by the reading ``efg.category_implies_definition``, on a
category whose own definition carries the measure); an organization's duty to
report on a primary address on record in the city; a failure to tell a generator
of the Good Samaritan protections on an agreement recorded without the clause.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import Field

from sanitas.ordinance.calendar import add_days, annual_report_due
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    deadline,
    derived,
    met,
    overdue,
    rule,
    violation,
)
from sanitas.ordinance.facts import Date, Fact, Period, fact_type, required_ref
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.organics.haulers import capacity_answered, capacity_due
from sanitas.ordinance.organics.self_haulers import reports_for
from sanitas.ordinance.words import (
    capital,
    dollars,
    listing,
    name_of,
    names_of,
    number,
    possessive,
    words,
)

# --------------------------------------------------------------------------- fact types


@fact_type
class FoodRecoveryAgreement(Fact):
    """A written agreement between an edible food generator and a food recovery
    organization or service."""

    type: Literal["food_recovery_agreement"]
    generator: str = required_ref("establishment")
    partner: str = required_ref("establishment")
    start: Date
    end: Date | None = None
    food_types: list[str] | None = None
    collection_frequency: str | None = None
    good_samaritan_clause: bool | None = Field(
        default=None,
        description="The agreement informs the generator of the Good Samaritan Food "
        "Donation Act protections (ORG-FRO-GOOD-SAMARITAN).",
    )
    dated_by: ClassVar[str | None] = "start"


ReportKind = Literal[
    "edible_food_annual", "food_recovery_annual", "self_haul_quarterly", "hauler_facilities"
]


@fact_type
class Report(Fact):
    """A report received by the city for a period."""

    type: Literal["report"]
    subject: str = required_ref()
    kind: ReportKind
    period: Period
    date: Date
    dated_by: ClassVar[str | None] = "date"


FRO = "food_recovery_organization"
FRS = "food_recovery_service"
RECOVERY_CATEGORIES = (FRO, FRS)
TIER_WORDS = {1: "one", 2: "two"}

# --------------------------------------------------------------------------- vocabulary


@fact_type
class FoodRecoveryQuantity(Fact):
    """Pounds of edible food recovered in one calendar month between two parties,
    as the records of one of them show it: a generator's pounds collected by or
    self-hauled to a food recovery organization or service (ORG-EFG-RECORDS); a
    food recovery service's pounds collected from a generator or delivered to a
    food recovery organization (ORG-FRS-RECORDS); a food recovery organization's
    pounds received from a generator or a service (ORG-FRO-RECORDS)."""

    type: Literal["food_recovery_quantity"]
    kept_by: str = required_ref(
        "establishment",
        description="Whose records hold the entry: the generator, the food recovery "
        "service or the food recovery organization.",
    )
    other_party: str = required_ref(
        "establishment", description="The party the food went to or came from."
    )
    year: int = Field(
        ge=1900, le=9999, description="The year of the month the pounds were recovered in."
    )
    month: int = Field(
        ge=1, le=12, description="The calendar month (1-12) the pounds were recovered in."
    )
    pounds: float = Field(ge=0, description="Pounds of edible food in the month (0 if none).")


@fact_type
class GoodSamaritanNotice(Fact):
    """A written communication from a food recovery organization or service telling a
    commercial edible food generator about the California and Federal Good Samaritan
    Food Donation Act protections (ORG-FRO-GOOD-SAMARITAN). An agreement that does so
    itself says ``good_samaritan_clause: true`` instead."""

    type: Literal["good_samaritan_notice"]
    partner: str = required_ref(
        "establishment", description="The food recovery organization or service that wrote."
    )
    generator: str = required_ref("establishment", description="The generator it wrote to.")
    date: Date
    dated_by: ClassVar[str | None] = "date"


# --------------------------------------------------------------------------- formatting


def _a(noun: str) -> str:
    """ "a restaurant", "an other business"."""
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def _category(category: str) -> str:
    return "business" if category == "other" else words(category)


def _name(ctx: Context, thing: Any) -> str:
    return capital(name_of(ctx, thing))


def _next_month(month: str) -> str:
    year, value = int(month[:4]), int(month[5:])
    year, value = (year + 1, 1) if value == 12 else (year, value + 1)
    return f"{year:04d}-{value:02d}"


def _months_text(months: list[str]) -> str:
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


# --------------------------------------------------------------------------- tiers


class Tier(NamedTuple):
    """An establishment's generator tier, the words that decide it, the subdivision of
    the definition it falls under and the reading it rests on (or None)."""

    tier: int | None
    basis: str | None = None
    cite: str | None = None
    reading: str | None = None


_IMPLIED_READING = (
    "A supermarket, large venue or large event carries the threshold of its own "
    "definition when the measure is not recorded; a recorded measure that falls short "
    "takes it out."
)
_TIER_CITE = "Ch. 50 SB 1383 definitions, tier {} commercial edible food generator (1)({})"


def _at_least(value: float | Decimal | None, minimum: float | int) -> bool | None:
    """Whether a recorded measure reaches a threshold; ``None`` when not recorded."""
    return None if value is None else value >= minimum


def _size_basis(est: Establishment, ctx: Context, seats_param: str, area_param: str) -> str | None:
    """The seats-or-floor-area test shared by restaurants and state agency cafeterias."""
    min_seats = ctx.param(seats_param)
    min_area = ctx.param(area_param)
    if _at_least(est.seats, min_seats):
        return f"{number(est.seats)} seats ({number(min_seats)} or more)"
    if _at_least(est.floor_area_sqft, min_area):
        return f"{number(est.floor_area_sqft)} sq ft ({number(min_area)} or more)"
    return None


def _implied(ctx: Context) -> bool:
    """Reading ``efg.category_implies_definition``: a category whose definition carries
    the threshold meets it when the measure is not recorded."""
    return bool(ctx.param("efg.category_implies_definition"))


def _tier_one(est: Establishment, ctx: Context) -> Tier | None:
    category = est.category

    def one(basis: str, letter: str, reading: str | None = None) -> Tier:
        return Tier(1, basis, _TIER_CITE.format("one", letter), reading)

    if category == "supermarket":
        minimum = ctx.param("efg.supermarket_min_sales")
        if est.gross_annual_sales is None:
            if not _implied(ctx):
                return None
            return one("a supermarket, its gross annual sales not on record", "a", _IMPLIED_READING)
        if est.gross_annual_sales >= Decimal(minimum):
            return one(
                f"a supermarket with gross annual sales of {dollars(est.gross_annual_sales)} "
                f"({dollars(minimum)} or more)",
                "a",
            )
        return None
    if category == "grocery_store":
        minimum = ctx.param("efg.grocery_store_min_sqft")
        if _at_least(est.floor_area_sqft, minimum):
            return one(
                f"a grocery store of {number(est.floor_area_sqft)} sq ft "
                f"({number(minimum)} or more)",
                "b",
            )
        return None
    letters = {"food_service_provider": "c", "food_distributor": "d", "wholesale_food_vendor": "e"}
    if category in letters:
        return one(_a(words(category)), letters[category])
    return None


def _with_food_facility(
    est: Establishment, what: str, count: int | None, minimum: int
) -> str | None:
    if est.on_site_food_facility is True and _at_least(count, minimum):
        return (
            f"{_a(words(est.category))} with an on-site food facility and "
            f"{number(count)} {what} ({number(minimum)} or more)"
        )
    return None


def _attendance(est: Establishment, ctx: Context, param: str) -> tuple[str, bool] | None:
    """How average daily attendance is more than the threshold (and whether the
    reading supplied it), or None when it is not."""
    over = ctx.param(param)
    attendance = est.average_daily_attendance
    if attendance is None:
        return ("its average daily attendance not on record", True) if _implied(ctx) else None
    if attendance > over:
        return (
            f"an average daily attendance of {number(attendance)} (more than {number(over)})",
            False,
        )
    return None


def _tier_two(est: Establishment, ctx: Context) -> Tier | None:
    category = est.category

    def two(basis: str, letter: str, reading: str | None = None) -> Tier:
        return Tier(2, basis, _TIER_CITE.format("two", letter), reading)

    if category == "restaurant":
        basis = _size_basis(est, ctx, "efg.restaurant_min_seats", "efg.restaurant_min_sqft")
        return two(f"a restaurant with {basis}", "a") if basis else None
    if category == "state_agency_cafeteria":
        basis = _size_basis(est, ctx, "efg.cafeteria_min_seats", "efg.cafeteria_min_sqft")
        return two(f"a state agency cafeteria with {basis}", "f") if basis else None
    if category == "hotel":
        basis = _with_food_facility(est, "rooms", est.rooms, ctx.param("efg.hotel_min_rooms"))
        return two(basis, "b") if basis else None
    if category == "health_facility":
        minimum = ctx.param("efg.health_facility_min_beds")
        basis = _with_food_facility(est, "beds", est.beds, minimum)
        return two(basis, "c") if basis else None
    if category == "local_education_agency":
        if est.on_site_food_facility is True:
            return two("a local education agency facility with an on-site food facility", "g")
        return None
    if category == "large_venue":
        found = _attendance(est, ctx, "efg.large_venue_attendance_over")
        if found is None:
            return None
        return two(f"a large venue with {found[0]}", "d", _IMPLIED_READING if found[1] else None)
    if category == "large_event":
        found = _attendance(est, ctx, "efg.large_event_attendance_over")
        if found is None:
            return None
        implied = found[1]
        if est.charges_admission:
            how = "that charges admission"
        elif est.operated_by_local_agency:
            how = "operated by a local agency"
        elif est.charges_admission is None or est.operated_by_local_agency is None:
            if not _implied(ctx):
                return None
            if est.charges_admission is False:
                how = "its operation by a local agency not on record"
            elif est.operated_by_local_agency is False:
                how = "its admission price not on record"
            else:
                how = "its admission price or operation by a local agency not on record"
            implied = True
        else:
            return None
        return two(
            f"a large event with {found[0]}, {how}", "e", _IMPLIED_READING if implied else None
        )
    return None


def tier_of(est: Establishment, ctx: Context) -> Tier:
    """The edible food generator tier of an establishment, the words that decide it, its
    subdivision of the definition and any reading it rests on.

    A condition the facts do not record (seats, floor area, rooms, beds, an on-site
    food facility) is not met, except where the reading
    ``efg.category_implies_definition`` lets a category whose own definition carries
    the threshold (supermarket, large venue, large event) stand for it. Food recovery
    organizations and services are never generators.
    """
    memo = ctx.memo("edible_food.tier")
    found = memo.get(est.id)
    if found is None:
        if est.category in RECOVERY_CATEGORIES:
            found = Tier(None)
        else:
            found = _tier_one(est, ctx) or _tier_two(est, ctx) or Tier(None)
        memo[est.id] = found
    return found


@derived("edible_food_tier", on="establishment", requirement="ORG-EFG-TIER1")
def edible_food_tier(est: Establishment, ctx: Context) -> int | None:
    """Definitions, TIER ONE and TIER TWO COMMERCIAL EDIBLE FOOD GENERATOR: 1, 2 or
    null. "Food recovery organizations and food recovery services are not
    commercial edible food generators." """
    return tier_of(est, ctx).tier


@derived("edible_food_obligations_start", on="establishment", requirement="ORG-EFG-START")
def edible_food_obligations_start(est: Establishment, ctx: Context) -> date | None:
    """Edible food (A): "Tier one commercial edible food generators must comply with
    the requirements of this section commencing January 1, 2022, and tier two
    commercial edible food generators must comply commencing January 1, 2024" —
    or from opening, when that is later."""
    tier = ctx.derived("edible_food_tier", est)
    if tier is None:
        return None
    start = ctx.param(f"org.tier{tier}_start")
    if est.opened_on is not None and est.opened_on > start:
        return est.opened_on
    return start


def _tier_finding(est: Establishment, ctx: Context, tier: int) -> Outcome | None:
    if ctx.as_of < ctx.param("org.in_force"):
        return None
    found = tier_of(est, ctx)
    if found.tier != tier:
        return None
    start = ctx.derived("edible_food_obligations_start", est)
    runs = "run from" if start <= ctx.as_of else "start on"
    return met(
        f"{_name(ctx, est)} is a tier {TIER_WORDS[tier]} commercial edible food generator, "
        f"{found.basis}; its food recovery obligations {runs} {start}.",
        cite=found.cite,
        reading=found.reading,
    )


@rule("ORG-EFG-TIER1", on="establishment")
def tier_one_generator(est: Establishment, ctx: Context):
    """Definitions: "TIER ONE COMMERCIAL EDIBLE FOOD GENERATOR. (1) A commercial edible
    food generator that is one of the following: (a) Supermarket; (b) Grocery store
    with a total facility size equal to or greater than 10,000 square feet; (c) Food
    service provider; (d) Food distributor; or (e) Wholesale food vendor." A
    SUPERMARKET has "gross annual sales of $2,000,000, or more"."""
    return _tier_finding(est, ctx, 1)


@rule("ORG-EFG-TIER2", on="establishment")
def tier_two_generator(est: Establishment, ctx: Context):
    """Definitions: "TIER TWO COMMERCIAL EDIBLE FOOD GENERATOR. (1) … (a) Restaurant
    with 250 or more seats, or a total facility size equal to or greater than 5,000
    square feet; (b) Hotel with an on-site food facility and 200 or more rooms; (c)
    Health facility with an on-site food facility and 100 or more beds; (d) Large
    venue; (e) Large event; (f) A state agency with a cafeteria with 250 or more
    seats or total cafeteria facility size equal to or greater than 5,000 square
    feet; or (g) A local education agency facility with an on-site food facility."
    A LARGE VENUE or LARGE EVENT serves "an average of more than 2,000 individuals
    per day"; a large event "charges an admission price, or is operated by a local
    agency"."""
    return _tier_finding(est, ctx, 2)


# --------------------------------------------------------------------------- shared helpers


def _last_open_day(est: Establishment, ctx: Context) -> date:
    """The as-of date, or the day before the establishment closed if earlier."""
    if est.closed_on is not None and est.closed_on <= ctx.as_of:
        return add_days(est.closed_on, -1)
    return ctx.as_of


def _obligated(est: Establishment, ctx: Context) -> tuple[int, date, date] | None:
    """The generator's tier, obligations start and the day its duties are judged on:
    the as-of date, or its last day open if it has closed since its obligations
    started (a closure ends the duties, not the record of how they stood)."""
    tier = ctx.derived("edible_food_tier", est)
    if tier is None:
        return None
    start = ctx.derived("edible_food_obligations_start", est)
    day = _last_open_day(est, ctx)
    if start > day:
        return None
    return tier, start, day


def _judged_on(day: date, ctx: Context) -> str:
    return f"on {day}" if day == ctx.as_of else f"on its last day open, {day}"


def _generator_words(est: Establishment, tier: int, start: date, ctx: Context) -> str:
    """ "Canyon Produce, a tier one commercial edible food generator with food recovery
    obligations from 2022-01-01," """
    return (
        f"{_name(ctx, est)}, a tier {TIER_WORDS[tier]} commercial edible food generator with "
        f"food recovery obligations from {start},"
    )


def _effective(agreement: FoodRecoveryAgreement, ctx: Context) -> tuple[date, date | None] | None:
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


def _in_force(agreement: FoodRecoveryAgreement, day: date, ctx: Context) -> bool:
    """An agreement is in force from its start through its end date (inclusive)."""
    span = _effective(agreement, ctx)
    return span is not None and span[0] <= day and (span[1] is None or span[1] >= day)


def _overlap(
    agreement: FoodRecoveryAgreement, first: date, last: date, ctx: Context
) -> tuple[date, date] | None:
    """The days of ``first``..``last`` the agreement was in force, or None."""
    span = _effective(agreement, ctx)
    if span is None:
        return None
    begin = max(span[0], first)
    end = last if span[1] is None else min(span[1], last)
    return (begin, end) if begin <= end else None


def _partner_ok(agreement: FoodRecoveryAgreement, ctx: Context) -> bool:
    partner = ctx.get(agreement.partner)
    return partner is not None and partner.category in RECOVERY_CATEGORIES


def _generator_window(agreement: FoodRecoveryAgreement, ctx: Context) -> tuple[date, date] | None:
    """The days, up to the as-of date, that an agreement was one a tier one or tier two
    generator made under its obligations: in force, the generator's obligations
    started and the generator open."""
    generator = ctx.get(agreement.generator)
    if generator is None or ctx.derived("edible_food_tier", generator) is None:
        return None
    start = ctx.derived("edible_food_obligations_start", generator)
    return _overlap(agreement, start, _last_open_day(generator, ctx), ctx)


def _month_end(year: int, month: int) -> date:
    if month == 12:
        return date(year, 12, 31)
    return date(year, month + 1, 1) - timedelta(days=1)


def _months_due(first: date, last: date, ctx: Context) -> Iterable[str]:
    """The months touching ``first``..``last`` whose pounds must be on record by the
    as-of date (reading ``efg.monthly_record_days``: N days after the month ends)."""
    grace = ctx.param("efg.monthly_record_days")
    if ctx.fast:
        return _months_due_in_one_step(first, last, grace, ctx.as_of)
    return _months_due_month_by_month(first, last, grace, ctx.as_of)


def _months_due_month_by_month(first: date, last: date, grace: int, as_of: date) -> Iterator[str]:
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        if add_days(_month_end(year, month), grace) < as_of:
            yield f"{year:04d}-{month:02d}"
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)


def _months_due_in_one_step(first: date, last: date, grace: int, as_of: date) -> list[str]:
    """``_months_due`` as the fast path finds them. A month's record falls due a fixed
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
        while add_days(_month_end(cutoff // 12, cutoff % 12 + 1), grace) >= as_of:
            cutoff -= 1
        while add_days(_month_end((cutoff + 1) // 12, (cutoff + 1) % 12 + 1), grace) < as_of:
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


def _missing_identity(ident: str, ctx: Context) -> list[str]:
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


def _identity_problems(idents: Iterable[str], ctx: Context) -> list[str]:
    """A problem for each party named (once, in order) whose name, address or contact
    information the records lack."""
    problems = []
    for ident in dict.fromkeys(idents):
        missing = _missing_identity(ident, ctx)
        if missing:
            problems.append(f"for {name_of(ctx, ident)}, missing {listing(missing)}")
    return problems


def _month_label(entry: FoodRecoveryQuantity) -> str:
    return f"{entry.year:04d}-{entry.month:02d}"


def _recorded_months(kept_by: str, other_party: str, ctx: Context) -> set[str]:
    return {
        _month_label(entry)
        for entry in ctx.referring("food_recovery_quantity", "kept_by", kept_by)
        if entry.other_party == other_party
    }


def _missing_months(
    windows: list[tuple[date, date]], kept_by: str, other_party: str, ctx: Context
) -> list[str]:
    required: set[str] = set()
    for first, last in windows:
        required.update(_months_due(first, last, ctx))
    return sorted(required - _recorded_months(kept_by, other_party, ctx))


def _grouped(pairs: Iterable[tuple[str, Any]]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for key, value in pairs:
        out.setdefault(key, []).append(value)
    return out


# --------------------------------------------------------------------------- generators


@rule("ORG-EFG-AGREEMENT", on="establishment", cite="Ch. 50 edible food (C)(2)")
def generator_agreement(est: Establishment, ctx: Context):
    """Edible food (C)(1)-(2): "Arrange to recover the maximum amount of edible food
    that would otherwise be disposed. Contract with or enter into a written agreement
    with food recovery organizations or food recovery services for: (a) The
    collection of edible food for food recovery; or (b) Acceptance of the edible food
    that the commercial edible food generator self-hauls to the food recovery
    organization for food recovery." """
    obligated = _obligated(est, ctx)
    if obligated is None:
        return None
    tier, start, day = obligated
    agreements = ctx.referring("food_recovery_agreement", "generator", est.id)
    valid = [a for a in agreements if _in_force(a, day, ctx) and _partner_ok(a, ctx)]
    who = _generator_words(est, tier, start, ctx)
    when = _judged_on(day, ctx)
    reading = tier_of(est, ctx).reading
    if valid:
        partners = names_of(ctx, (a.partner for a in valid))
        return met(
            f"{who} has a written agreement with {partners} in force {when}.", reading=reading
        )
    if any(_effective(a, ctx) is None for a in agreements):
        return None  # an agreement on record contradicts itself: a data problem, no violation
    invalid = [a for a in agreements if _in_force(a, day, ctx) and not _partner_ok(a, ctx)]
    ended = [
        a
        for a in agreements
        if (span := _effective(a, ctx)) is not None and span[1] is not None and span[1] < day
    ]
    if invalid:
        partner = ctx.get(invalid[-1].partner)
        detail = (
            f"; its agreement with {name_of(ctx, partner)} does not count, that being "
            f"{_a(_category(partner.category))}"
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
    if generator is None or _obligated(generator, ctx) is None or _partner_ok(agreement, ctx):
        return None
    partner = ctx.get(agreement.partner)
    return violation(
        f"The agreement of {name_of(ctx, generator)} with {name_of(ctx, partner)} from "
        f"{agreement.start} is not with a food recovery organization or service: "
        f"{name_of(ctx, partner)} is {_a(_category(partner.category))}."
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
    return add_days(
        _month_end(int(month[:4]), int(month[5:])), ctx.param("efg.monthly_record_days")
    )


class _Gaps:
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
            missing = [*missing, f"{what} for {_months_text(seen)}"]
        if missing:
            self.shown.append(f"{label}, missing {listing(missing)}")
        if unseen:
            self.pending.append(f"{pending_label} for {_months_text(unseen)}")
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
    obligated = _obligated(est, ctx)
    if obligated is None:
        return None
    _, start, day = obligated
    spans = _grouped(
        (a.partner, (a, window))
        for a in ctx.referring("food_recovery_agreement", "generator", est.id)
        if _partner_ok(a, ctx) and (window := _overlap(a, start, day, ctx)) is not None
    )
    if not spans:
        return None
    gaps = _Gaps(est, ctx)
    for partner, entries in spans.items():
        missing = _missing_identity(partner, ctx)
        if not all(a.food_types for a, _ in entries):
            missing.append("food types")
        if not all(a.collection_frequency for a, _ in entries):
            missing.append("collection frequency")
        months = _missing_months([w for _, w in entries], est.id, partner, ctx)
        name = name_of(ctx, partner)
        gaps.add(f"for {name}", f"pounds recovered for {name}", missing, months, "pounds recovered")
    return gaps.outcome(
        f"{possessive(_name(ctx, est))} food recovery",
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


def _annual_report(
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
    last_year = min(ctx.as_of.year - 1, _last_open_day(est, ctx).year)
    if first_year > last_year:
        return
    reports = reports_for(est, "edible_food_annual", ctx)
    whose = possessive(_name(ctx, est))
    reading = tier_of(est, ctx).reading
    for year in range(first_year, last_year + 1):
        yield _annual_report(
            reports, year, first_due, ctx, f"{whose} {year} annual food recovery report", reading
        )


# ------------------------------------------------------ food recovery organizations and services


def _partner_agreements(
    est: Establishment, ctx: Context
) -> dict[str, list[tuple[FoodRecoveryAgreement, tuple[date, date]]]]:
    """The organization's or service's agreements with tier one or tier two
    generators, by generator, with the days each was in force under the
    generator's obligations."""
    return _grouped(
        (a.generator, (a, window))
        for a in ctx.referring("food_recovery_agreement", "partner", est.id)
        if (window := _generator_window(a, ctx)) is not None
    )


def _relation_gaps(
    est: Establishment, generators: dict[str, list[Any]], ctx: Context, verb: str
) -> _Gaps:
    gaps = _Gaps(est, ctx)
    for generator, entries in generators.items():
        months = _missing_months([w for _, w in entries], est.id, generator, ctx)
        name = name_of(ctx, generator)
        what = f"pounds {verb}"
        gaps.add(
            f"for {name}", f"{what} from {name}", _missing_identity(generator, ctx), months, what
        )
    return gaps


@rule("ORG-FRS-RECORDS", on="establishment")
def service_records(est: Establishment, ctx: Context):
    """FRO/FRS (A): "Food recovery services collecting or receiving edible food
    directly from commercial edible food generators … shall maintain the following
    records: (1) The name, address, and contact information for each commercial
    edible food generator from which the service collects edible food. (2) The
    quantity in pounds of edible food collected from each commercial edible food
    generator per month. (3) The quantity in pounds of edible food transported to
    each food recovery organization per month. (4) The name, address, and contact
    information for each food recovery organization that the service transports
    edible food to for food recovery." """
    if est.category != FRS:
        return None
    generators = _partner_agreements(est, ctx)
    if not generators:
        return None
    gaps = _relation_gaps(est, generators, ctx, "collected")
    entries = ctx.referring("food_recovery_quantity", "kept_by", est.id)
    organizations = []
    delivered = set()
    collected = set()
    for entry in entries:
        other = ctx.get(entry.other_party)
        if other.category == FRO:
            organizations.append(other.id)
            delivered.add(_month_label(entry))
        elif entry.other_party in generators and entry.pounds > 0:
            collected.add(_month_label(entry))
    owed = {
        m for _, w in (e for es in generators.values() for e in es) for m in _months_due(*w, ctx)
    }
    undelivered = sorted((collected & owed) - delivered)
    gaps.add(
        "for its deliveries",
        "pounds delivered to food recovery organizations",
        [],
        undelivered,
        "pounds delivered to food recovery organizations",
    )
    gaps.shown += _identity_problems(organizations, ctx)
    return gaps.outcome(
        possessive(_name(ctx, est)),
        "each generator's and organization's name, address and contact information and "
        "the pounds collected and delivered",
    )


@rule("ORG-FRO-RECORDS", on="establishment")
def organization_records(est: Establishment, ctx: Context):
    """FRO/FRS (B): "Food recovery organizations collecting or receiving edible food
    directly from commercial edible food generators … shall maintain the following
    records: (1) The name, address, and contact information for each commercial
    edible food generator from which the organization receives edible food. (2) The
    quantity in pounds of edible food received from each commercial edible food
    generator per month. (3) The name, address, and contact information for each
    food recovery service that the organization receives edible food from for food
    recovery." """
    if est.category != FRO:
        return None
    generators = _partner_agreements(est, ctx)
    if not generators:
        return None
    gaps = _relation_gaps(est, generators, ctx, "received")
    services = [
        entry.other_party
        for entry in ctx.referring("food_recovery_quantity", "kept_by", est.id)
        if ctx.get(entry.other_party).category == FRS
    ] + [
        entry.kept_by
        for entry in ctx.referring("food_recovery_quantity", "other_party", est.id)
        if ctx.get(entry.kept_by).category == FRS
    ]
    gaps.shown += _identity_problems(services, ctx)
    return gaps.outcome(
        possessive(_name(ctx, est)),
        "each generator's and service's name, address and contact information and the "
        "pounds received",
    )


@rule("ORG-FRO-GOOD-SAMARITAN", on="establishment")
def good_samaritan_notice(est: Establishment, ctx: Context):
    """FRO/FRS (C): "Food recovery organizations and food recovery services shall
    inform generators about California and Federal Good Samaritan Food Donation Act
    protection in written communications, such as in their contract or agreement
    established under 14 CCR § 18991.3(b)." Applies to each tier one or tier two
    generator it has had an agreement with under the generator's obligations; the
    agreement's own clause or a written notice to that generator dated by the as-of
    date informs it. A generator is uninformed on the record only when every
    agreement with it is recorded without the clause and no notice to it is on
    record; an agreement whose clause is not recorded decides nothing."""
    if est.category not in RECOVERY_CATEGORIES:
        return None
    agreements = [
        a
        for a in ctx.referring("food_recovery_agreement", "partner", est.id)
        if _generator_window(a, ctx) is not None
    ]
    if not agreements:
        return None
    letters = {
        n.generator: n.date for n in ctx.referring("good_samaritan_notice", "partner", est.id)
    }
    by_clause, by_letter, uninformed, unknown = [], [], [], []
    for generator, group in _grouped((a.generator, a) for a in agreements).items():
        if any(a.good_samaritan_clause for a in group):
            by_clause.append(generator)
        elif generator in letters:
            by_letter.append(f"{name_of(ctx, generator)} by the letter of {letters[generator]}")
        elif all(a.good_samaritan_clause is False for a in group):
            uninformed.append(generator)
        else:
            unknown.append(generator)
    name = _name(ctx, est)
    if uninformed:
        them = "it" if len(uninformed) == 1 else "them"
        return violation(
            f"{name} has not informed {names_of(ctx, uninformed)} in writing of the Good "
            f"Samaritan Food Donation Act protections: no agreement with {them} carries the "
            f"clause and no letter to {them} is on record."
        )
    if unknown:
        return None
    how = []
    if by_clause:
        where = "its agreement" if len(by_clause) == 1 else "their agreements"
        how.append(f"{names_of(ctx, by_clause)} in {where}")
    how += by_letter
    return met(
        f"{name} informed its generators in writing of the Good Samaritan Food Donation "
        f"Act protections: {listing(how)}."
    )


_LOCATED_BY_PREMISES = (
    "A food recovery organization or service with no location of its own on record has "
    "its primary address where its premises on the city's records is."
)


def _located_in_city(est: Establishment, ctx: Context) -> tuple[bool | None, str | None]:
    """Whether the organization's primary address is in the city, on the record, and
    the reading that decided it: its own ``located_in_city``; else, by the reading
    ``efg.recovery_located_in_city_default``, the premises it is recorded at (a
    premises is in the city unless recorded otherwise); else not known (None)."""
    if est.located_in_city is not None:
        return est.located_in_city, None
    premises = ctx.get(est.premises)
    if premises is None or not ctx.param("efg.recovery_located_in_city_default"):
        return None, None
    return premises.located_in_city is not False, _LOCATED_BY_PREMISES


@rule("ORG-FRO-ANNUAL-REPORT", on="establishment")
def recovery_annual_report(est: Establishment, ctx: Context):
    """FRO/FRS (D): "Food recovery organizations and food recovery services that have
    their primary address physically located in the city and contract with or have
    written agreements with one or more commercial edible food generators … shall
    report to the city … the total pounds of edible food recovered … in the previous
    calendar year from the tier one and tier two commercial edible food generators
    they have established a contract or written agreement with … no later than each
    February 1." One finding per calendar year with such an agreement in force, where
    the primary address is on record in the city."""
    if est.category not in RECOVERY_CATEGORIES:
        return
    located, reading = _located_in_city(est, ctx)
    if not located:
        return
    first_due = ctx.param("efg.recovery_first_report_due")
    windows = _partner_agreements(est, ctx)
    if not windows:
        return
    reports = reports_for(est, "food_recovery_annual", ctx)
    whose = possessive(_name(ctx, est))
    for year in range(first_due.year - 1, ctx.as_of.year):
        first, last = date(year, 1, 1), date(year, 12, 31)
        generators = [
            g
            for g, entries in windows.items()
            if any(w[0] <= last and w[1] >= first for _, w in entries)
        ]
        if not generators:
            continue
        yield _annual_report(
            reports,
            year,
            first_due,
            ctx,
            f"{whose} {year} report of the edible food recovered from {names_of(ctx, generators)}",
            reading,
        )


@rule("ORG-FRO-CAPACITY", on="capacity_request")
def capacity_response(request: Fact, ctx: Context):
    """FRO/FRS (E): "A food recovery service or food recovery organization contacted
    by the city shall respond to such request for information within 60 days, unless
    a shorter timeframe is otherwise specified by the city." Uses the
    ``capacity_request`` and ``capacity_response`` facts of the organics module
    (kind ``food_recovery``)."""
    subject = ctx.get(request.subject)
    if (
        request.kind != "food_recovery"
        or getattr(subject, "category", None) not in RECOVERY_CATEGORIES
    ):
        return None
    due_on, why = capacity_due(request, ctx, "efg.capacity_response_days")
    answered = capacity_answered(request, ctx)
    verb = "is due" if answered is None and ctx.as_of <= due_on else "was due"
    if answered is not None:
        tail = f"answered {answered}" if answered <= due_on else f"answered late, on {answered}"
    else:
        tail = "not yet answered" if ctx.as_of <= due_on else f"no answer by {ctx.as_of}"
    return deadline(
        due_on=due_on,
        done_on=answered,
        as_of=ctx.as_of,
        explanation=f"The city's capacity-planning request of {request.date} to "
        f"{name_of(ctx, subject)} {verb} {due_on}, {why}; {tail}.",
    )
