"""Ch. 50 SB 1383 food recovery organizations and services: their records, the
Good Samaritan notice, the annual report and the answer to the city's capacity
requests (ORG-FRS-RECORDS, ORG-FRO-RECORDS, ORG-FRO-GOOD-SAMARITAN,
ORG-FRO-ANNUAL-REPORT, ORG-FRO-CAPACITY).
"""

from __future__ import annotations

from datetime import date
from functools import partial
from typing import Any

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.edible_food.common import (
    MISSING_FOR,
    generator_window,
    grouped,
    identity_problems,
    missing_identity,
    missing_months,
    month_label,
    months_due,
    name,
    names,
    whose,
)
from sanitas.ordinance.edible_food.generators import POUNDS, POUNDS_DELIVERED, Gaps, annual_report
from sanitas.ordinance.edible_food.vocabulary import (
    FRO,
    FRS,
    RECOVERY_CATEGORIES,
    FoodRecoveryAgreement,
)
from sanitas.ordinance.engine import Context, deadline, met, rule, violation
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.messages import Count, Day, Items, Message, Phrase, Word, declare, vocabulary
from sanitas.ordinance.organics.haulers import capacity_answered, capacity_due
from sanitas.ordinance.organics.self_haulers import reports_for

# ------------------------------------------------------ food recovery organizations and services


def _partner_agreements(
    est: Establishment, ctx: Context
) -> dict[str, list[tuple[FoodRecoveryAgreement, tuple[date, date]]]]:
    """The organization's or service's agreements with tier one or tier two
    generators, by generator, with the days each was in force under the
    generator's obligations."""
    return grouped(
        (a.generator, (a, window))
        for a in ctx.referring("food_recovery_agreement", "partner", est.id)
        if (window := generator_window(a, ctx)) is not None
    )


def _relation_gaps(
    est: Establishment, generators: dict[str, list[Any]], ctx: Context, verb: str
) -> Gaps:
    gaps = Gaps(est, ctx)
    for generator, entries in generators.items():
        months = missing_months([w for _, w in entries], est.id, generator, ctx)
        party = name(ctx, generator)
        gaps.add(
            partial(MISSING_FOR, party=party),
            Phrase(POUNDS[verb](party=party)),
            missing_identity(generator, ctx),
            months,
            f"pounds {verb}",
        )
    return gaps


#: what a service's and an organization's complete records hold
_SERVICE_KEPT = (
    "each generator's and organization's name, address and contact information and the "
    "pounds collected and delivered"
)
_ORGANIZATION_KEPT = (
    "each generator's and service's name, address and contact information and the pounds received"
)
vocabulary(_SERVICE_KEPT, _ORGANIZATION_KEPT)


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
            delivered.add(month_label(entry))
        elif entry.other_party in generators and entry.pounds > 0:
            collected.add(month_label(entry))
    owed = {
        m for _, w in (e for es in generators.values() for e in es) for m in months_due(*w, ctx)
    }
    undelivered = sorted((collected & owed) - delivered)
    gaps.add(None, Word(POUNDS_DELIVERED), [], undelivered, POUNDS_DELIVERED)
    gaps.shown += identity_problems(organizations, ctx)
    return gaps.outcome("partner", whose(ctx, est), Word(_SERVICE_KEPT))


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
    gaps.shown += identity_problems(services, ctx)
    return gaps.outcome("partner", whose(ctx, est), Word(_ORGANIZATION_KEPT))


_UNINFORMED = declare(
    "efr.good-samaritan.uninformed",
    "{partner} has not informed {generators} in writing of the Good Samaritan Food Donation "
    "Act protections: no agreement with it carries the clause and no letter to it is on "
    "record.",
    plural="{partner} has not informed {generators} in writing of the Good Samaritan Food "
    "Donation Act protections: no agreement with them carries the clause and no letter to "
    "them is on record.",
    count="count",
)
_INFORMED = declare(
    "efr.good-samaritan.informed",
    "{partner} informed its generators in writing of the Good Samaritan Food Donation Act "
    "protections: {how}.",
)
_IN_AGREEMENT = declare(
    "efr.good-samaritan.in-agreement",
    "{generators} in its agreement",
    plural="{generators} in their agreements",
    count="count",
)
_BY_LETTER = declare("efr.good-samaritan.by-letter", "{generator} by the letter of {date}")


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
        if generator_window(a, ctx) is not None
    ]
    if not agreements:
        return None
    letters = {
        n.generator: n.date for n in ctx.referring("good_samaritan_notice", "partner", est.id)
    }
    by_clause, by_letter, uninformed, unknown = [], [], [], []
    for generator, group in grouped((a.generator, a) for a in agreements).items():
        if any(a.good_samaritan_clause for a in group):
            by_clause.append(generator)
        elif generator in letters:
            by_letter.append(
                Phrase(_BY_LETTER(generator=name(ctx, generator), date=Day(letters[generator])))
            )
        elif all(a.good_samaritan_clause is False for a in group):
            uninformed.append(generator)
        else:
            unknown.append(generator)
    partner = name(ctx, est, capital=True)
    if uninformed:
        return violation(
            _UNINFORMED(
                partner=partner,
                generators=names(ctx, uninformed),
                count=Count(len(uninformed)),
            )
        )
    if unknown:
        return None
    how: list[Any] = []
    if by_clause:
        how.append(
            Phrase(_IN_AGREEMENT(generators=names(ctx, by_clause), count=Count(len(by_clause))))
        )
    how += by_letter
    return met(_INFORMED(partner=partner, how=Items(tuple(how))))


LOCATED_BY_PREMISES = declare(
    "efr.reading.located-by-premises",
    "A food recovery organization or service with no location of its own on record has its "
    "primary address where its premises on the city's records is.",
)()


def _located_in_city(est: Establishment, ctx: Context) -> tuple[bool | None, Message | None]:
    """Whether the organization's primary address is in the city, on the record, and
    the reading that decided it: its own ``located_in_city``; else, by the reading
    ``efg.recovery_located_in_city_default``, the premises it is recorded at (a
    premises is in the city unless recorded otherwise); else not known (None)."""
    if est.located_in_city is not None:
        return est.located_in_city, None
    premises = ctx.get(est.premises)
    if premises is None or not ctx.param("efg.recovery_located_in_city_default"):
        return None, None
    return premises.located_in_city is not False, LOCATED_BY_PREMISES


_RECOVERY_REPORT = declare(
    "efr.report.recovery", "{whose} {year} report of the edible food recovered from {generators}"
)


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
    owner = whose(ctx, est)
    for year in range(first_due.year - 1, ctx.as_of.year):
        first, last = date(year, 1, 1), date(year, 12, 31)
        generators = [
            g
            for g, entries in windows.items()
            if any(w[0] <= last and w[1] >= first for _, w in entries)
        ]
        if not generators:
            continue
        yield annual_report(
            reports,
            year,
            first_due,
            ctx,
            _RECOVERY_REPORT(whose=owner, year=str(year), generators=names(ctx, generators)),
            reading,
        )


_WITHIN = declare(
    "efr.capacity.within",
    "{days} day after the request",
    plural="{days} days after the request",
    count="days",
)
_SHORTER = declare(
    "efr.capacity.shorter",
    "the shorter date the request set ({days} day would be {date})",
    plural="the shorter date the request set ({days} days would be {date})",
    count="days",
)
_LATER = declare(
    "efr.capacity.later",
    "{days} day after the request (its later date {date} does not extend them)",
    plural="{days} days after the request (its later date {date} does not extend them)",
    count="days",
)
_CAPACITY = {
    "answered": declare(
        "efr.capacity.answered",
        "The city's capacity-planning request of {date} to {partner} was due {due}, {why}; "
        "answered {answered}.",
    ),
    "answered-late": declare(
        "efr.capacity.answered-late",
        "The city's capacity-planning request of {date} to {partner} was due {due}, {why}; "
        "answered late, on {answered}.",
    ),
    "not-yet": declare(
        "efr.capacity.not-yet",
        "The city's capacity-planning request of {date} to {partner} is due {due}, {why}; "
        "not yet answered.",
    ),
    "none": declare(
        "efr.capacity.none",
        "The city's capacity-planning request of {date} to {partner} was due {due}, {why}; "
        "no answer by {as_of}.",
    ),
}


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
    due_on, _ = capacity_due(request, ctx, "efg.capacity_response_days")
    answered = capacity_answered(request, ctx)
    if answered is not None:
        state = "answered" if answered <= due_on else "answered-late"
    else:
        state = "not-yet" if ctx.as_of <= due_on else "none"
    args = {
        "date": Day(request.date),
        "partner": name(ctx, subject),
        "due": Day(due_on),
        "why": _why(request, ctx),
    }
    if answered is not None:
        args["answered"] = Day(answered)
    elif state == "none":
        args["as_of"] = Day(ctx.as_of)
    return deadline(
        due_on=due_on,
        done_on=answered,
        as_of=ctx.as_of,
        explanation=_CAPACITY[state](**args),
    )


def _why(request: Fact, ctx: Context) -> Phrase:
    """Why the answer is due when it is, as :func:`capacity_due` decides it: the
    standard days after the request, or the request's own shorter date (a later one
    does not extend them; one before the request is a data problem, not a date)."""
    days = ctx.param("efg.capacity_response_days", on=request.date)
    standard = add_days(request.date, days)
    own = request.due_on
    if own is not None and request.date <= own < standard:
        return Phrase(_SHORTER(days=Count(days), date=Day(standard)))
    if own is not None and own > standard:
        return Phrase(_LATER(days=Count(days), date=Day(own)))
    return Phrase(_WITHIN(days=Count(days)))
