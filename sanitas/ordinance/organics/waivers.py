"""Ch. 50 SB 1383 waivers (A)-(B): de minimis and physical space waivers, their
thresholds and their written re-verification every five years.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from sanitas.ordinance.calendar import add_months
from sanitas.ordinance.engine import Context, Outcome, deadline, derived, met, rule, violation
from sanitas.ordinance.fog.vocabulary import Waiver
from sanitas.ordinance.organics.common import (
    amount_words,
    cubic_yards_words,
    gallons_words,
    named_facts,
    org_in_force,
    service_record,
    services_of,
    tail_words,
    waiver_in_effect,
)
from sanitas.ordinance.organics.single_family import per_week
from sanitas.ordinance.words import capital, name_of, plural, words

# --------------------------------------------------------------------------- waivers


def _waiver(waiver: Waiver, ctx: Context) -> str:
    """ "the de minimis waiver of 1014 Las Tunas Dr"."""
    return f"the {words(waiver.kind)} waiver of {name_of(ctx, waiver.subject)}"


def _reverified_on(waiver: Waiver, ctx: Context) -> date | None:
    """The waiver's written re-verification, if it came after the grant. One dated
    before the grant is a data problem; one dated on the grant is no re-verification."""
    verified = waiver.reverified_on
    if verified is None or verified == waiver.granted_on:
        return None
    if verified < waiver.granted_on:
        ctx.data_problem(
            named_facts(waiver, waiver.subject),
            f"{capital(_waiver(waiver, ctx))} is recorded re-verified on {verified}, before "
            f"it was granted on {waiver.granted_on}.",
        )
        return None
    return verified


@derived("waiver_reverify_due", on="waiver", requirement="ORG-WAIVER-DE-MINIMIS")
def waiver_reverify_due(waiver: Waiver, ctx: Context) -> date | None:
    """Waivers (A)(2)(d), (B)(1)(c): "Provide written verification … every five years":
    ``granted_on`` + 5 years, or the last verification + 5 years once verified."""
    if waiver.kind not in ("de_minimis", "physical_space"):
        return None
    years = ctx.param("org.waiver_reverify_years")
    verified = _reverified_on(waiver, ctx)
    return add_months(verified or waiver.granted_on, 12 * years)


def _reverification(waiver: Waiver, ctx: Context, cite: str) -> Iterator[Outcome]:
    verified = _reverified_on(waiver, ctx)  # a contradictory date is reported in any case
    if not org_in_force(ctx) or not waiver_in_effect(waiver, ctx):
        return
    years = ctx.param("org.waiver_reverify_years")
    name = capital(_waiver(waiver, ctx))
    first_due = add_months(waiver.granted_on, 12 * years)
    yield deadline(
        due_on=first_due,
        done_on=verified,
        as_of=ctx.as_of,
        explanation=f"{name}, granted {waiver.granted_on}, needs written re-verification every "
        f"{plural(years, 'year')}, due {first_due}: "
        f"{tail_words(verified, first_due, ctx, 'received', 'none received')}.",
        cite=cite,
    )
    if verified is not None:
        next_due = add_months(verified, 12 * years)
        yield deadline(
            due_on=next_due,
            done_on=None,
            as_of=ctx.as_of,
            explanation=f"{name} was last verified {verified}; the next written re-verification "
            f"is due {next_due}, {plural(years, 'year')} later.",
            cite=cite,
        )


@rule("ORG-WAIVER-DE-MINIMIS", on="waiver")
def de_minimis_reverification(waiver: Waiver, ctx: Context):
    """Waivers (A)(2)(d): "Provide written verification of eligibility for de minimis
    waiver every five years, if the city has approved de minimis waiver"."""
    if waiver.kind != "de_minimis":
        return None
    return _reverification(waiver, ctx, "Ch. 50 SB 1383 waivers (A)(2)(d)")


@rule("ORG-WAIVER-SPACE", on="waiver")
def physical_space_reverification(waiver: Waiver, ctx: Context):
    """Waivers (B)(1)(c): "Provide written verification to the city that it is still
    eligible for physical space waiver every five years"."""
    if waiver.kind != "physical_space":
        return None
    return _reverification(waiver, ctx, "Ch. 50 SB 1383 waivers (B)(1)(c)")


def de_minimis_test(total_cubic_yards: float, organics_gallons: float, ctx: Context) -> str | None:
    """Which de minimis test the service data pass ("small" or "large"), or None.

    (A)(2)(a)-(b) repeat one test: total service under 2 cubic yards a week and organic
    waste under 10 gallons a week. The state rule (14 CCR § 18984.11(a)(2)(A)) also
    lets a business of 2 cubic yards or more qualify with organics under 20 gallons;
    the pack reading ``org.de_minimis_large_generator_test`` enables that."""
    if total_cubic_yards < ctx.param("org.de_minimis_total_cubic_yards"):
        if organics_gallons < ctx.param("org.de_minimis_organics_gallons"):
            return "small"
        return None
    if ctx.param("org.de_minimis_large_generator_test") and organics_gallons < ctx.param(
        "org.de_minimis_large_organics_gallons"
    ):
        return "large"
    return None


@rule("ORG-WAIVER-DE-MINIMIS", on="waiver", cite="Ch. 50 SB 1383 waivers (A)(2)(a)-(c)")
def de_minimis_thresholds(waiver: Waiver, ctx: Context):
    """Waivers (A)(2)(a)-(c): "total solid waste collection service is less than two cubic
    yards per week and organic waste subject to collection comprises less than ten
    gallons per week …"; "Notify the city if circumstances change such that commercial
    business's organic waste exceeds threshold required for waiver, in which case waiver
    will be rescinded". Reading: the total is the subject's current ``total`` services,
    else the sum of every stream; exceeding the test flags the waiver for rescission
    (it stays valid until the city revokes it). It rests on the services on record: with
    none, or with one in effect of unrecorded size, nothing is decided."""
    if waiver.kind != "de_minimis" or not org_in_force(ctx) or not waiver_in_effect(waiver, ctx):
        return None
    subject = ctx.get(waiver.subject)
    if not service_record(subject, ctx):
        return None
    services = services_of(subject, ctx)
    totals = [s for s in services if s.stream == "total"]
    yards = [cubic_yards_words(s, ctx) for s in (totals or services)]
    organics = [gallons_words(s, ctx) for s in services if s.stream == "organics"]
    if None in yards or None in organics:
        return None
    total, gallons = sum(yards), sum(organics)
    passed = de_minimis_test(total, gallons, ctx)
    max_yards = ctx.param("org.de_minimis_total_cubic_yards")
    max_gallons = ctx.param("org.de_minimis_organics_gallons")
    large = ctx.param("org.de_minimis_large_organics_gallons")
    limits = (
        f"under {amount_words(max_yards, 'cubic yard')} a week in all and under "
        f"{per_week(max_gallons)} of organics"
    )
    readings = [
        "The total is the current service recorded as a total, else the sum of the current "
        "services of every stream."
    ]
    if ctx.param("org.de_minimis_large_generator_test"):
        limits += (
            f", or {amount_words(max_yards, 'cubic yard')} or more with under {per_week(large)} of "
            "organics"
        )
        readings.append(
            "14 CCR § 18984.11(a)(2)(A) is applied: "
            f"{amount_words(max_yards, 'cubic yard')} a week "
            f"or more also qualifies with under {per_week(large)} of organics."
        )
    elif total >= max_yards:
        readings.append(
            f"The state rule's second test ({amount_words(max_yards, 'cubic yard')} a week or more "
            f"with under {per_week(large)} of organics) is not applied: the ordinance repeats "
            "only the first."
        )
    organics_words = f"{per_week(gallons)} of organics" if organics else "no organics service"
    have = (
        f"{capital(_waiver(waiver, ctx))}: its current service is "
        f"{amount_words(total, 'cubic yard', 4)} a week in all and {organics_words}"
    )
    if passed is None:
        return violation(
            f"{have}, beyond the waiver's limits ({limits}), so the waiver is to be rescinded.",
            reading=" ".join(readings),
        )
    return met(f"{have}, within the waiver's limits ({limits}).", reading=" ".join(readings))
