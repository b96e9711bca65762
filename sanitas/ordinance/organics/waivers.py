"""Ch. 50 SB 1383 waivers (A)-(B): de minimis and physical space waivers, their
thresholds and their written re-verification every five years.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from sanitas.ordinance.calendar import add_months
from sanitas.ordinance.engine import Context, Outcome, deadline, derived, met, rule, violation
from sanitas.ordinance.fog.vocabulary import Waiver
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import (
    Count,
    Day,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.organics.commercial import gallons_a_week
from sanitas.ordinance.organics.common import (
    cubic_yards_words,
    gallons_words,
    named_facts,
    org_in_force,
    sentences,
    service_record,
    services_of,
    waiver_in_effect,
)

# --------------------------------------------------------------------------- waivers

_WAIVER_OF = {
    "de_minimis": declare("org.waiver.de-minimis", "the de minimis waiver of {subject}"),
    "physical_space": declare(
        "org.waiver.physical-space", "the physical space waiver of {subject}"
    ),
}


def _waiver_ref(waiver: Waiver, ctx: Context) -> Phrase:
    """The waiver as it begins a sentence, in the reader's words."""
    return Phrase(_WAIVER_OF[waiver.kind](subject=ref(ctx, waiver.subject)), capital=True)


#: how an act stands against its due date: (done, on time or not yet due)
_RECEIVED = {
    (True, True): declare("org.received.on", "received {date}"),
    (True, False): declare("org.received.late", "received late, on {date}"),
    (False, True): declare("org.received.not-yet", "not yet received"),
    (False, False): declare("org.received.none", "none received"),
}


def received(done: date | None, due_on: date, ctx: Context) -> Phrase:
    """ "received 2025-01-20", "received late, on 2025-02-03", "not yet received",
    "none received"."""
    if done is not None:
        return Phrase(_RECEIVED[True, done <= due_on](date=Day(done)))
    return Phrase(_RECEIVED[False, ctx.as_of <= due_on]())


_REVERIFY = declare(
    "org.waiver.reverify",
    "{waiver}, granted {granted}, needs written re-verification every {years} year, due "
    "{due}: {received}.",
    plural="{waiver}, granted {granted}, needs written re-verification every {years} years, "
    "due {due}: {received}.",
    count="years",
)
_REVERIFY_NEXT = declare(
    "org.waiver.reverify-next",
    "{waiver} was last verified {date}; the next written re-verification is due {due}, "
    "{years} year later.",
    plural="{waiver} was last verified {date}; the next written re-verification is due {due}, "
    "{years} years later.",
    count="years",
)


_REVERIFIED_BEFORE_GRANT = declare(
    "org.problem.reverified-before-grant",
    "{waiver} is recorded re-verified on {verified}, before it was granted on {granted}.",
)


def _reverified_on(waiver: Waiver, ctx: Context) -> date | None:
    """The waiver's written re-verification, if it came after the grant. One dated
    before the grant is a data problem; one dated on the grant is no re-verification."""
    verified = waiver.reverified_on
    if verified is None or verified == waiver.granted_on:
        return None
    if verified < waiver.granted_on:
        ctx.data_problem(
            named_facts(waiver, waiver.subject),
            _REVERIFIED_BEFORE_GRANT(
                waiver=_waiver_ref(waiver, ctx),
                verified=Day(verified),
                granted=Day(waiver.granted_on),
            ),
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
    name = _waiver_ref(waiver, ctx)
    first_due = add_months(waiver.granted_on, 12 * years)
    yield deadline(
        due_on=first_due,
        done_on=verified,
        as_of=ctx.as_of,
        explanation=_REVERIFY(
            waiver=name,
            granted=Day(waiver.granted_on),
            years=Count(years),
            due=Day(first_due),
            received=received(verified, first_due, ctx),
        ),
        cite=cite,
    )
    if verified is not None:
        next_due = add_months(verified, 12 * years)
        yield deadline(
            due_on=next_due,
            done_on=None,
            as_of=ctx.as_of,
            explanation=_REVERIFY_NEXT(
                waiver=name, date=Day(verified), due=Day(next_due), years=Count(years)
            ),
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


_CUBIC_YARDS = declare(
    "org.cubic-yards", "{yards} cubic yard", plural="{yards} cubic yards", count="yards"
)


def cubic_yards(value: float, digits: int = 1) -> Phrase:
    """ "1.5 cubic yards", rounded to ``digits``."""
    rounded = round(value, digits)
    return Phrase(
        _CUBIC_YARDS(yards=Count(int(rounded) if float(rounded).is_integer() else rounded))
    )


_LIMITS = declare(
    "org.waiver.limits", "under {yards} a week in all and under {gallons} of organics"
)
_LIMITS_LARGE = declare(
    "org.waiver.limits-large",
    "under {yards} a week in all and under {gallons} of organics, or {yards} or more with "
    "under {large} of organics",
)
_OF_ORGANICS = declare("org.waiver.of-organics", "{amount} of organics")
vocabulary("no organics service")
_BEYOND = declare(
    "org.waiver.beyond",
    "{waiver}: its current service is {total} a week in all and {organics}, beyond the "
    "waiver's limits ({limits}), so the waiver is to be rescinded.",
)
_WITHIN = declare(
    "org.waiver.within",
    "{waiver}: its current service is {total} a week in all and {organics}, within the "
    "waiver's limits ({limits}).",
)


_TOTAL_READING = declare(
    "org.reading.de-minimis-total",
    "The total is the current service recorded as a total, else the sum of the current "
    "services of every stream.",
)
#: the state rule's second test, {yards}: "2 cubic yards", {gallons}: "20 gallons a week"
_STATE_TEST_APPLIED = declare(
    "org.reading.de-minimis-state-test",
    "14 CCR § 18984.11(a)(2)(A) is applied: {yards} a week or more also qualifies with "
    "under {gallons} of organics.",
)
_STATE_TEST_NOT_APPLIED = declare(
    "org.reading.de-minimis-no-state-test",
    "The state rule's second test ({yards} a week or more with under {gallons} of "
    "organics) is not applied: the ordinance repeats only the first.",
)


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
    limit_args = {"yards": cubic_yards(max_yards), "gallons": gallons_a_week(max_gallons)}
    limits = _LIMITS(**limit_args)
    readings = [_TOTAL_READING()]
    tests = {"yards": cubic_yards(max_yards), "gallons": gallons_a_week(large)}
    if ctx.param("org.de_minimis_large_generator_test"):
        limits = _LIMITS_LARGE(**limit_args, large=gallons_a_week(large))
        readings.append(_STATE_TEST_APPLIED(**tests))
    elif total >= max_yards:
        readings.append(_STATE_TEST_NOT_APPLIED(**tests))
    have = {
        "waiver": _waiver_ref(waiver, ctx),
        "total": cubic_yards(total, 4),
        "organics": Phrase(_OF_ORGANICS(amount=gallons_a_week(gallons)))
        if organics
        else Word("no organics service"),
        "limits": Phrase(limits),
    }
    if passed is None:
        return violation(_BEYOND(**have), reading=sentences(*readings))
    return met(_WITHIN(**have), reading=sentences(*readings))
