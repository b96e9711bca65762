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
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.calendar import add_days, annual_report_due
from sanitas.ordinance.engine import Context, Outcome, deadline, derived, met, rule, violation
from sanitas.ordinance.facts import (
    Date,
    Establishment,
    Fact,
    FoodRecoveryAgreement,
    Report,
    fact_type,
    required_ref,
)

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


def _label(category: str) -> str:
    return category.replace("_", " ")


def _number(value: float | int) -> str:
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,}"


def _dollars(value: Decimal | int) -> str:
    amount = Decimal(value)
    if amount == amount.to_integral_value():
        return f"${amount:,.0f}"
    return f"${amount:,.2f}"


def _names(idents: Iterable[str]) -> str:
    return _listing(list(dict.fromkeys(idents)))


def _next_month(month: str) -> str:
    year, number = int(month[:4]), int(month[5:])
    year, number = (year + 1, 1) if number == 12 else (year, number + 1)
    return f"{year:04d}-{number:02d}"


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


def _listing(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"


# --------------------------------------------------------------------------- tiers


def _at_least(value: float | Decimal | None, minimum: float | int) -> bool | None:
    """Whether a recorded measure reaches a threshold; ``None`` when not recorded."""
    return None if value is None else value >= minimum


def _size_basis(est: Establishment, ctx: Context, seats_param: str, area_param: str) -> str | None:
    """The seats-or-floor-area test shared by restaurants and state agency cafeterias."""
    min_seats = ctx.param(seats_param)
    min_area = ctx.param(area_param)
    if _at_least(est.seats, min_seats):
        return f"{_number(est.seats)} seats (at least {_number(min_seats)})"
    if _at_least(est.floor_area_sqft, min_area):
        return f"{_number(est.floor_area_sqft)} sq ft (at least {_number(min_area)})"
    return None


def _implied(ctx: Context, what: str) -> str | None:
    """Reading: a category whose definition carries the threshold meets it when the
    measure is not recorded."""
    if ctx.param("efg.category_implies_definition"):
        return f"{what} not recorded (reading: the category carries its definition)"
    return None


def _tier_one(est: Establishment, ctx: Context) -> str | None:
    category = est.category
    if category == "supermarket":
        minimum = ctx.param("efg.supermarket_min_sales")
        if est.gross_annual_sales is None:
            implied = _implied(ctx, "gross annual sales")
            return f"supermarket, {implied}" if implied else None
        if est.gross_annual_sales >= Decimal(minimum):
            return (
                f"supermarket with gross annual sales of {_dollars(est.gross_annual_sales)} "
                f"(at least {_dollars(minimum)})"
            )
        return None
    if category == "grocery_store":
        minimum = ctx.param("efg.grocery_store_min_sqft")
        if _at_least(est.floor_area_sqft, minimum):
            return (
                f"grocery store of {_number(est.floor_area_sqft)} sq ft "
                f"(at least {_number(minimum)})"
            )
        return None
    if category in ("food_service_provider", "food_distributor", "wholesale_food_vendor"):
        return _label(category)
    return None


def _with_food_facility(
    est: Establishment, what: str, count: int | None, minimum: int
) -> str | None:
    if est.on_site_food_facility is True and _at_least(count, minimum):
        return (
            f"{_label(est.category)} with an on-site food facility and "
            f"{_number(count)} {what} (at least {_number(minimum)})"
        )
    return None


def _attendance(est: Establishment, ctx: Context, param: str) -> str | None:
    """How average daily attendance is more than the threshold, or None when it is not."""
    over = ctx.param(param)
    attendance = est.average_daily_attendance
    if attendance is None:
        return _implied(ctx, "average daily attendance")
    if attendance > over:
        return f"average daily attendance {_number(attendance)} (more than {_number(over)})"
    return None


def _tier_two(est: Establishment, ctx: Context) -> str | None:
    category = est.category
    if category == "restaurant":
        basis = _size_basis(est, ctx, "efg.restaurant_min_seats", "efg.restaurant_min_sqft")
        return f"restaurant with {basis}" if basis else None
    if category == "state_agency_cafeteria":
        basis = _size_basis(est, ctx, "efg.cafeteria_min_seats", "efg.cafeteria_min_sqft")
        return f"state agency cafeteria with {basis}" if basis else None
    if category == "hotel":
        return _with_food_facility(est, "rooms", est.rooms, ctx.param("efg.hotel_min_rooms"))
    if category == "health_facility":
        return _with_food_facility(est, "beds", est.beds, ctx.param("efg.health_facility_min_beds"))
    if category == "local_education_agency":
        if est.on_site_food_facility is True:
            return "local education agency facility with an on-site food facility"
        return None
    if category == "large_venue":
        found = _attendance(est, ctx, "efg.large_venue_attendance_over")
        return f"large venue, {found}" if found else None
    if category == "large_event":
        found = _attendance(est, ctx, "efg.large_event_attendance_over")
        if found is None:
            return None
        if est.charges_admission:
            how = "that charges admission"
        elif est.operated_by_local_agency:
            how = "operated by a local agency"
        elif est.charges_admission is None or est.operated_by_local_agency is None:
            if est.charges_admission is False:
                what = "operation by a local agency"
            elif est.operated_by_local_agency is False:
                what = "an admission price"
            else:
                what = "an admission price or operation by a local agency"
            how = _implied(ctx, what)
            if how is None:
                return None
        else:
            return None
        return f"large event, {found}, {how}"
    return None


def tier_basis(est: Establishment, ctx: Context) -> tuple[int | None, str | None]:
    """The edible food generator tier of an establishment and the words that decide it.

    A condition the facts do not record (seats, floor area, rooms, beds, an on-site
    food facility) is not met, except where the pack's reading lets a category
    whose own definition carries the threshold (supermarket, large venue, large
    event) stand for it. Food recovery organizations and services are never
    generators.
    """
    if est.category in RECOVERY_CATEGORIES:
        return None, None
    basis = _tier_one(est, ctx)
    if basis is not None:
        return 1, basis
    basis = _tier_two(est, ctx)
    if basis is not None:
        return 2, basis
    return None, None


@derived("edible_food_tier", on="establishment", requirement="ORG-EFG-TIER1")
def edible_food_tier(est: Establishment, ctx: Context) -> int | None:
    """Definitions, TIER ONE and TIER TWO COMMERCIAL EDIBLE FOOD GENERATOR: 1, 2 or
    null. "Food recovery organizations and food recovery services are not
    commercial edible food generators." """
    return tier_basis(est, ctx)[0]


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
    found, basis = tier_basis(est, ctx)
    if found != tier:
        return None
    start = ctx.derived("edible_food_obligations_start", est)
    return met(
        f"Tier {TIER_WORDS[tier]} commercial edible food generator: {basis}; "
        f"food recovery obligations from {start}."
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


def _in_force(agreement: FoodRecoveryAgreement, day: date) -> bool:
    """An agreement is in force from its ``start`` through its ``end`` (inclusive)."""
    return agreement.start <= day and (agreement.end is None or agreement.end >= day)


def _overlap(agreement: FoodRecoveryAgreement, first: date, last: date) -> tuple[date, date] | None:
    """The days of ``first``..``last`` the agreement was in force, or None."""
    begin = max(agreement.start, first)
    end = last if agreement.end is None else min(agreement.end, last)
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
    return _overlap(agreement, start, _last_open_day(generator, ctx))


def _month_end(year: int, month: int) -> date:
    if month == 12:
        return date(year, 12, 31)
    return date(year, month + 1, 1) - timedelta(days=1)


def _months_due(first: date, last: date, ctx: Context) -> Iterator[str]:
    """The months touching ``first``..``last`` whose pounds must be on record by the
    as-of date (reading ``efg.monthly_record_days``: N days after the month ends)."""
    grace = ctx.param("efg.monthly_record_days")
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        if add_days(_month_end(year, month), grace) < ctx.as_of:
            yield f"{year:04d}-{month:02d}"
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)


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


def _identity_problems(role: str, idents: Iterable[str], ctx: Context) -> list[str]:
    """A problem for each party named (once, in order) whose name, address or contact
    information the records lack."""
    problems = []
    for ident in dict.fromkeys(idents):
        missing = _missing_identity(ident, ctx)
        if missing:
            problems.append(f"for {role} {ident}, missing {_listing(missing)}")
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


@rule("ORG-EFG-AGREEMENT", on="establishment")
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
    valid = [a for a in agreements if _in_force(a, day) and _partner_ok(a, ctx)]
    who = f"Tier {TIER_WORDS[tier]} generator with obligations from {start}"
    when = _judged_on(day, ctx)
    if valid:
        partners = _names(a.partner for a in valid)
        return met(f"{who} has a written agreement with {partners} in force {when}.")
    invalid = [a for a in agreements if _in_force(a, day) and not _partner_ok(a, ctx)]
    ended = [a for a in agreements if a.end is not None and a.end < day]
    if invalid:
        partner = ctx.get(invalid[-1].partner)
        detail = (
            f"; its agreement with {partner.id} does not count, {partner.id} being a "
            f"{_label(partner.category)}"
        )
    elif ended:
        detail = f"; its last agreement, with {ended[-1].partner}, ended on {ended[-1].end}"
    else:
        detail = ""
    return violation(
        f"{who} has no written agreement with a food recovery organization or service "
        f"in force {when}{detail}."
    )


@rule("ORG-EFG-AGREEMENT", on="food_recovery_agreement")
def agreement_partner(agreement: FoodRecoveryAgreement, ctx: Context):
    """Edible food (C)(2): the agreement must be "with food recovery organizations or
    food recovery services"; an agreement with anyone else is not one."""
    generator = ctx.get(agreement.generator)
    if generator is None or _obligated(generator, ctx) is None or _partner_ok(agreement, ctx):
        return None
    partner = ctx.get(agreement.partner)
    return violation(
        f"The agreement of {generator.id} with {partner.id} from {agreement.start} is not "
        f"with a food recovery organization or service: {partner.id} is a "
        f"{_label(partner.category)}."
    )


@rule("ORG-EFG-RECORDS", on="establishment")
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
    tier, start, day = obligated
    spans = _grouped(
        (a.partner, (a, window))
        for a in ctx.referring("food_recovery_agreement", "generator", est.id)
        if _partner_ok(a, ctx) and (window := _overlap(a, start, day)) is not None
    )
    if not spans:
        return None
    problems = []
    for partner, entries in spans.items():
        missing = _missing_identity(partner, ctx)
        if not all(a.food_types for a, _ in entries):
            missing.append("food types")
        if not all(a.collection_frequency for a, _ in entries):
            missing.append("collection frequency")
        months = _missing_months([w for _, w in entries], est.id, partner, ctx)
        if months:
            missing.append(f"pounds recovered for {_months_text(months)}")
        if missing:
            problems.append(f"for {partner}, missing {_listing(missing)}")
    if problems:
        return _incomplete(f"Tier {TIER_WORDS[tier]} generator's food recovery", problems, ctx)
    return met(
        f"Tier {TIER_WORDS[tier]} generator's records for {_names(spans)} hold name, address "
        f"and contact information, food types, collection frequency and pounds recovered "
        f"for every month due on record by {ctx.as_of}."
    )


def _report_phrase(due_on: date, done: date | None, ctx: Context, verb: str = "received") -> str:
    if done is not None and done <= due_on:
        return f"was due {due_on} and {verb} {done}"
    if done is not None:
        return f"was due {due_on} and {verb} late on {done}"
    if ctx.as_of <= due_on:
        return f"is due {due_on}; not yet {verb}"
    none = "none received" if verb == "received" else f"not {verb}"
    return f"was due {due_on}; {none} by {ctx.as_of}"


def _annual_due(year: int, first_due: date, ctx: Context) -> date:
    month, day = (int(part) for part in ctx.param("efg.annual_report_due").split("-"))
    return max(annual_report_due(year, month=month, day=day), first_due)


def _received(reports: list[Report], kind: str, year: int) -> date | None:
    dates = [r.date for r in reports if r.kind == kind and r.period == str(year)]
    return min(dates) if dates else None


def _annual_report(
    reports: list[Report], kind: str, year: int, first_due: date, ctx: Context, what: str
) -> Outcome:
    """The deadline of the annual report of ``kind`` for ``year``: "{what} is due …"."""
    due_on = _annual_due(year, first_due, ctx)
    received = _received(reports, kind, year)
    return deadline(
        due_on=due_on,
        done_on=received,
        as_of=ctx.as_of,
        period=str(year),
        explanation=f"{what} {_report_phrase(due_on, received, ctx)}.",
    )


@rule("ORG-EFG-ANNUAL-REPORT", on="establishment")
def generator_annual_report(est: Establishment, ctx: Context):
    """Edible food (C)(6): "No later than February 1 of each year commencing no later
    than February 1, 2023 for tier one commercial edible food generators and
    February 1, 2025 for tier two commercial edible food generators, those
    generators shall provide an annual food recovery report to the city that
    includes all records required in division (C)(5) …" One finding per
    calendar year, from the year before the first due date (or the year the
    generator's obligations start, if later) to the last year ended."""
    tier = ctx.derived("edible_food_tier", est)
    if tier is None:
        return
    start = ctx.derived("edible_food_obligations_start", est)
    first_due = ctx.param(f"efg.tier{tier}_first_report_due")
    first_year = max(first_due.year - 1, start.year)
    last_year = min(ctx.as_of.year - 1, _last_open_day(est, ctx).year)
    reports = ctx.referring("report", "subject", est.id)
    for year in range(first_year, last_year + 1):
        yield _annual_report(
            reports,
            "edible_food_annual",
            year,
            first_due,
            ctx,
            f"Tier {TIER_WORDS[tier]} generator with obligations from {start}: its "
            f"{year} annual food recovery report",
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


def _relation_problems(
    est: Establishment, generators: dict[str, list[Any]], ctx: Context, verb: str
) -> list[str]:
    problems = []
    for generator, entries in generators.items():
        missing = _missing_identity(generator, ctx)
        months = _missing_months([w for _, w in entries], est.id, generator, ctx)
        if months:
            missing.append(f"pounds {verb} for {_months_text(months)}")
        if missing:
            problems.append(f"for generator {generator}, missing {_listing(missing)}")
    return problems


def _incomplete(whose: str, problems: list[str], ctx: Context) -> Outcome:
    """The violation for incomplete records, naming the monthly reading where it decides."""
    text = f"{whose} records are incomplete: {'; '.join(problems)}"
    if any("pounds" in problem for problem in problems):
        grace = ctx.param("efg.monthly_record_days")
        text += f" (reading: a month's pounds are due on record {grace} days after it ends)"
    return violation(text + ".")


def _records_outcome(est: Establishment, ctx: Context, problems: list[str], kept: str):
    label = _label(est.category).capitalize()
    if problems:
        return _incomplete(f"{label}'s", problems, ctx)
    return met(f"{label}'s records hold {kept} for every month due on record by {ctx.as_of}.")


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
    problems = _relation_problems(est, generators, ctx, "collected")
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
    due = {
        m for _, w in (e for es in generators.values() for e in es) for m in _months_due(*w, ctx)
    }
    undelivered = sorted((collected & due) - delivered)
    if undelivered:
        problems.append(
            f"no pounds delivered to food recovery organizations for {_months_text(undelivered)}"
            " in which food was collected"
        )
    problems += _identity_problems("organization", organizations, ctx)
    return _records_outcome(
        est,
        ctx,
        problems,
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
    problems = _relation_problems(est, generators, ctx, "received")
    services = [
        entry.other_party
        for entry in ctx.referring("food_recovery_quantity", "kept_by", est.id)
        if ctx.get(entry.other_party).category == FRS
    ] + [
        entry.kept_by
        for entry in ctx.referring("food_recovery_quantity", "other_party", est.id)
        if ctx.get(entry.kept_by).category == FRS
    ]
    problems += _identity_problems("service", services, ctx)
    return _records_outcome(
        est,
        ctx,
        problems,
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
    date informs it."""
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
    informed, uninformed = [], []
    for generator, group in _grouped((a.generator, a) for a in agreements).items():
        if any(a.good_samaritan_clause for a in group):
            informed.append(f"{generator} in the agreement")
        elif generator in letters:
            informed.append(f"{generator} by the letter of {letters[generator]}")
        else:
            uninformed.append(generator)
    label = _label(est.category).capitalize()
    if uninformed:
        return violation(
            f"{label} has not informed {_names(uninformed)} in writing of the Good Samaritan "
            f"Food Donation Act protections, though it has had an agreement with "
            f"{'it' if len(uninformed) == 1 else 'them'} under the edible food rules."
        )
    return met(
        f"{label} informed its generators in writing of the Good Samaritan Food Donation "
        f"Act protections: {_names(informed)}."
    )


@rule("ORG-FRO-ANNUAL-REPORT", on="establishment")
def recovery_annual_report(est: Establishment, ctx: Context):
    """FRO/FRS (D): "Food recovery organizations and food recovery services that have
    their primary address physically located in the city and contract with or have
    written agreements with one or more commercial edible food generators … shall
    report to the city … the total pounds of edible food recovered … in the previous
    calendar year from the tier one and tier two commercial edible food generators
    they have established a contract or written agreement with … no later than each
    February 1." One finding per calendar year with such an agreement in force."""
    if est.category not in RECOVERY_CATEGORIES:
        return
    located = est.located_in_city
    reading = ""
    if located is None:
        located = ctx.param("efg.recovery_located_in_city_default")
        reading = " (reading: located in the city when not recorded)"
    if not located:
        return
    first_due = ctx.param("efg.recovery_first_report_due")
    windows = _partner_agreements(est, ctx)
    reports = ctx.referring("report", "subject", est.id)
    label = _label(est.category).capitalize()
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
            "food_recovery_annual",
            year,
            first_due,
            ctx,
            f"{label} located in the city{reading}, with an agreement with "
            f"{_names(generators)} in {year}: its {year} report of pounds recovered",
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
    days = ctx.param("efg.capacity_response_days", on=request.date)
    due_on = add_days(request.date, days)
    basis = f"within {days} days"
    if request.due_on is not None and request.due_on < due_on:
        due_on = request.due_on
        basis = "by the shorter date the city set"
    elif request.due_on is not None and request.due_on > due_on:
        basis += f" (the later date of {request.due_on} in the request does not extend it)"
    answers = [
        r.date
        for r in ctx.referring("capacity_response", "request", request.id)
        if r.date >= request.date
    ]
    answered = answers[0] if answers else None
    return deadline(
        due_on=due_on,
        done_on=answered,
        as_of=ctx.as_of,
        explanation=(
            f"The city's capacity-planning request of {request.date} to {_label(subject.category)} "
            f"{subject.id}, to be answered {basis}, "
            f"{_report_phrase(due_on, answered, ctx, 'answered')}."
        ),
    )
