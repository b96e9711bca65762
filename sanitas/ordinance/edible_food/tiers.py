"""Ch. 50 SB 1383 Definitions of tier one and tier two commercial edible food
generators, and when their obligations start (ORG-EFG-TIER1, ORG-EFG-TIER2).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import NamedTuple

from sanitas.ordinance.edible_food.common import name, with_article
from sanitas.ordinance.edible_food.vocabulary import RECOVERY_CATEGORIES
from sanitas.ordinance.engine import Context, Outcome, derived, met, rule
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.messages import (
    Count,
    Day,
    Message,
    Money,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.words import words

# --------------------------------------------------------------------------- tiers


class Tier(NamedTuple):
    """An establishment's generator tier, the words that decide it (a message), the
    subdivision of the definition it falls under and the reading it rests on (or None)."""

    tier: int | None
    basis: Message | None = None
    cite: str | None = None
    reading: Message | None = None


IMPLIED_READING = declare(
    "efr.reading.implied-threshold",
    "A supermarket, large venue or large event carries the threshold of its own definition "
    "when the measure is not recorded; a recorded measure that falls short takes it out.",
)()
_TIER_CITE = "Ch. 50 SB 1383 definitions, tier {} commercial edible food generator (1)({})"


def _at_least(value: float | Decimal | None, minimum: float | int) -> bool | None:
    """Whether a recorded measure reaches a threshold; ``None`` when not recorded."""
    return None if value is None else value >= minimum


# what makes an establishment a generator, each the clause after its name
_SUPERMARKET_UNRECORDED = declare(
    "efr.tier.supermarket-unrecorded", "a supermarket, its gross annual sales not on record"
)
_SUPERMARKET = declare(
    "efr.tier.supermarket",
    "a supermarket with gross annual sales of {sales} ({minimum} or more)",
)
_GROCERY_STORE = declare(
    "efr.tier.grocery-store", "a grocery store of {area} sq ft ({minimum} or more)"
)
#: a category that is a generator by what it is ("a food distributor")
_BY_CATEGORY = declare("efr.tier.by-category", "{category}")
#: restaurants and state agency cafeterias, by their seats or their floor area
_SIZED = {
    ("restaurant", "seats"): declare(
        "efr.tier.restaurant-seats", "a restaurant with {count} seats ({minimum} or more)"
    ),
    ("restaurant", "area"): declare(
        "efr.tier.restaurant-area", "a restaurant with {count} sq ft ({minimum} or more)"
    ),
    ("state_agency_cafeteria", "seats"): declare(
        "efr.tier.cafeteria-seats",
        "a state agency cafeteria with {count} seats ({minimum} or more)",
    ),
    ("state_agency_cafeteria", "area"): declare(
        "efr.tier.cafeteria-area",
        "a state agency cafeteria with {count} sq ft ({minimum} or more)",
    ),
}
#: hotels by their rooms, health facilities by their beds, each with an on-site facility
_WITH_FOOD_FACILITY = {
    "hotel": declare(
        "efr.tier.hotel",
        "a hotel with an on-site food facility and {count} rooms ({minimum} or more)",
    ),
    "health_facility": declare(
        "efr.tier.health-facility",
        "a health facility with an on-site food facility and {count} beds ({minimum} or more)",
    ),
}
_LOCAL_EDUCATION_AGENCY = declare(
    "efr.tier.local-education-agency",
    "a local education agency facility with an on-site food facility",
)
_ATTENDANCE = declare(
    "efr.tier.attendance", "an average daily attendance of {attendance} (more than {over})"
)
_ATTENDANCE_UNRECORDED = declare(
    "efr.tier.attendance-unrecorded", "its average daily attendance not on record"
)
_LARGE_VENUE = declare("efr.tier.large-venue", "a large venue with {attendance}")
_LARGE_EVENT = declare("efr.tier.large-event", "a large event with {attendance}, {how}")
#: how a large event is one: by admission, by a local agency, or so read
_EVENT_HOW = (
    "that charges admission",
    "operated by a local agency",
    "its operation by a local agency not on record",
    "its admission price not on record",
    "its admission price or operation by a local agency not on record",
)
_BY_CATEGORY_WORDS = {
    category: with_article(words(category))
    for category in ("food_service_provider", "food_distributor", "wholesale_food_vendor")
}
vocabulary(*_EVENT_HOW, *_BY_CATEGORY_WORDS.values())


def _size_basis(
    est: Establishment, ctx: Context, seats_param: str, area_param: str
) -> Message | None:
    """The seats-or-floor-area test shared by restaurants and state agency cafeterias."""
    min_seats = ctx.param(seats_param)
    min_area = ctx.param(area_param)
    if _at_least(est.seats, min_seats):
        return _SIZED[est.category, "seats"](count=Count(est.seats), minimum=Count(min_seats))
    if _at_least(est.floor_area_sqft, min_area):
        return _SIZED[est.category, "area"](
            count=Count(est.floor_area_sqft), minimum=Count(min_area)
        )
    return None


def _implied(ctx: Context) -> bool:
    """Reading ``efg.category_implies_definition``: a category whose definition carries
    the threshold meets it when the measure is not recorded."""
    return bool(ctx.param("efg.category_implies_definition"))


def _tier_one(est: Establishment, ctx: Context) -> Tier | None:
    category = est.category

    def one(basis: Message, letter: str, reading: Message | None = None) -> Tier:
        return Tier(1, basis, _TIER_CITE.format("one", letter), reading)

    if category == "supermarket":
        minimum = ctx.param("efg.supermarket_min_sales")
        if est.gross_annual_sales is None:
            if not _implied(ctx):
                return None
            return one(_SUPERMARKET_UNRECORDED(), "a", IMPLIED_READING)
        if est.gross_annual_sales >= Decimal(minimum):
            return one(
                _SUPERMARKET(sales=Money(est.gross_annual_sales), minimum=Money(minimum)), "a"
            )
        return None
    if category == "grocery_store":
        minimum = ctx.param("efg.grocery_store_min_sqft")
        if _at_least(est.floor_area_sqft, minimum):
            return one(_GROCERY_STORE(area=Count(est.floor_area_sqft), minimum=Count(minimum)), "b")
        return None
    letters = {"food_service_provider": "c", "food_distributor": "d", "wholesale_food_vendor": "e"}
    if category in letters:
        return one(_BY_CATEGORY(category=Word(_BY_CATEGORY_WORDS[category])), letters[category])
    return None


def _with_food_facility(est: Establishment, count: int | None, minimum: int) -> Message | None:
    if est.on_site_food_facility is True and _at_least(count, minimum):
        return _WITH_FOOD_FACILITY[est.category](count=Count(count), minimum=Count(minimum))
    return None


def _attendance(est: Establishment, ctx: Context, param: str) -> tuple[Phrase, bool] | None:
    """How average daily attendance is more than the threshold (and whether the
    reading supplied it), or None when it is not."""
    over = ctx.param(param)
    attendance = est.average_daily_attendance
    if attendance is None:
        return (Phrase(_ATTENDANCE_UNRECORDED()), True) if _implied(ctx) else None
    if attendance > over:
        return Phrase(_ATTENDANCE(attendance=Count(attendance), over=Count(over))), False
    return None


def _tier_two(est: Establishment, ctx: Context) -> Tier | None:
    category = est.category

    def two(basis: Message, letter: str, reading: Message | None = None) -> Tier:
        return Tier(2, basis, _TIER_CITE.format("two", letter), reading)

    if category == "restaurant":
        basis = _size_basis(est, ctx, "efg.restaurant_min_seats", "efg.restaurant_min_sqft")
        return two(basis, "a") if basis else None
    if category == "state_agency_cafeteria":
        basis = _size_basis(est, ctx, "efg.cafeteria_min_seats", "efg.cafeteria_min_sqft")
        return two(basis, "f") if basis else None
    if category == "hotel":
        basis = _with_food_facility(est, est.rooms, ctx.param("efg.hotel_min_rooms"))
        return two(basis, "b") if basis else None
    if category == "health_facility":
        minimum = ctx.param("efg.health_facility_min_beds")
        basis = _with_food_facility(est, est.beds, minimum)
        return two(basis, "c") if basis else None
    if category == "local_education_agency":
        if est.on_site_food_facility is True:
            return two(_LOCAL_EDUCATION_AGENCY(), "g")
        return None
    if category == "large_venue":
        found = _attendance(est, ctx, "efg.large_venue_attendance_over")
        if found is None:
            return None
        return two(_LARGE_VENUE(attendance=found[0]), "d", IMPLIED_READING if found[1] else None)
    if category == "large_event":
        found = _attendance(est, ctx, "efg.large_event_attendance_over")
        if found is None:
            return None
        implied = found[1]
        if est.charges_admission:
            how = _EVENT_HOW[0]
        elif est.operated_by_local_agency:
            how = _EVENT_HOW[1]
        elif est.charges_admission is None or est.operated_by_local_agency is None:
            if not _implied(ctx):
                return None
            if est.charges_admission is False:
                how = _EVENT_HOW[2]
            elif est.operated_by_local_agency is False:
                how = _EVENT_HOW[3]
            else:
                how = _EVENT_HOW[4]
            implied = True
        else:
            return None
        return two(
            _LARGE_EVENT(attendance=found[0], how=Word(how)),
            "e",
            IMPLIED_READING if implied else None,
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


#: the finding, by tier and whether the obligations have started by the as-of date
_TIER_FINDING = {
    (1, True): declare(
        "efr.tier.one-runs",
        "{establishment} is a tier one commercial edible food generator, {basis}; its food "
        "recovery obligations run from {start}.",
    ),
    (1, False): declare(
        "efr.tier.one-starts",
        "{establishment} is a tier one commercial edible food generator, {basis}; its food "
        "recovery obligations start on {start}.",
    ),
    (2, True): declare(
        "efr.tier.two-runs",
        "{establishment} is a tier two commercial edible food generator, {basis}; its food "
        "recovery obligations run from {start}.",
    ),
    (2, False): declare(
        "efr.tier.two-starts",
        "{establishment} is a tier two commercial edible food generator, {basis}; its food "
        "recovery obligations start on {start}.",
    ),
}


def _tier_finding(est: Establishment, ctx: Context, tier: int) -> Outcome | None:
    if ctx.as_of < ctx.param("org.in_force"):
        return None
    found = tier_of(est, ctx)
    if found.tier != tier:
        return None
    start = ctx.derived("edible_food_obligations_start", est)
    return met(
        _TIER_FINDING[tier, start <= ctx.as_of](
            establishment=name(ctx, est, capital=True),
            basis=Phrase(found.basis),
            start=Day(start),
        ),
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
