"""Ch. 50 SB 1383 single-family (A)(1)-(2): the service levels a single-family
premises is enrolled in, waived as an exception, and its participation.
"""

from __future__ import annotations

from sanitas.ordinance.engine import Context, exception, met, rule, violation
from sanitas.ordinance.general import Inspection, Premises
from sanitas.ordinance.organics.common import (
    amount_words,
    class_of,
    class_reading,
    is_a,
    is_current,
    org_in_force,
    premises_wide,
    service_record,
    service_waiver,
    thing_name,
    weekly_gallons,
)
from sanitas.ordinance.organics.vocabulary import CollectionService
from sanitas.ordinance.words import listing, name_of

# --------------------------------------------------------------------------- ORG-SF-ENROLL


def per_week(value: float) -> str:
    return f"{amount_words(value, 'gallon')} a week"


def level_words(stream: str, services: list[CollectionService], level: float, ctx: Context) -> str:
    """ "32 gallons a week of organics service", or, when every service of the stream
    on record has ended, "no organics service in effect (the last ended on …)"."""
    if not any(is_current(s.start, s.end, ctx.as_of) for s in services):
        ended = max(s.end for s in services if s.end is not None)
        return f"no {stream} service in effect (the last ended on {ended})"
    return f"{per_week(level)} of {stream} service"


def _single_family(premises: Premises, ctx: Context) -> bool:
    """Single-family premises, the subchapter in force."""
    return org_in_force(ctx) and class_of(premises, ctx) == "single_family"


@rule("ORG-SF-ENROLL", on="premises", label="single_family_service_level")
def single_family_service_level(premises: Premises, ctx: Context):
    """Single-family (A)(1): "automatically enrolled in the city's two container organic
    waste collection services with a minimum source separated recyclable materials
    service level of 35 gallons per week and with a minimum source separated green
    container organic waste service level of 35 gallons per week". A shortfall rests on
    the services on record: a stream with no service on record, or one in effect of
    unrecorded size, decides nothing. A waiver is an exception (below)."""
    if not _single_family(premises, ctx):
        return None
    levels = weekly_gallons(premises, ctx)
    minimum = {
        "recyclables": ctx.param("org.sf_min_recyclables_gallons"),
        "organics": ctx.param("org.sf_min_organics_gallons"),
    }
    known = [s for s in minimum if levels[s] is not None]
    short = [s for s in known if levels[s] < minimum[s]]
    if not short and len(known) < len(minimum):
        return None
    name = thing_name(ctx, premises)
    record = service_record(premises, ctx)
    have = listing(level_words(s, record[s], levels[s], ctx) for s in known)
    if minimum["recyclables"] == minimum["organics"]:
        need = f"at least {per_week(minimum['organics'])} of each"
    else:
        need = (
            f"at least {per_week(minimum['recyclables'])} of recyclables and "
            f"{per_week(minimum['organics'])} of organics"
        )
    reading = class_reading(premises, ctx)
    if short:
        gaps = listing(
            f"its {s} service is {per_week(minimum[s] - levels[s])} short" for s in short
        )
        return violation(
            f"{name} has {have}; single-family premises need {need}, so {gaps}.",
            reading=reading,
        )
    return met(f"{name} has {have}, {need} as single-family premises need.", reading=reading)


@exception("single_family_service_level", cite="Ch. 50 SB 1383 waivers (A), (B)")
def single_family_service_waived(premises: Premises, ctx: Context) -> bool:
    """A valid de minimis or physical space waiver of the premises (or of every
    business at it) excuses it from the service levels.

    Waivers (A): "The city may waive a commercial business' obligation (including
    multi-family residential dwellings) to comply with some or all of the organic
    waste requirements …"; (B): "… some or all of the organic waste collection
    service requirements if … the premises lacks adequate space …"."""
    return _single_family(premises, ctx) and premises_wide(
        premises, ctx, lambda h: service_waiver(h, ctx)
    )


# --------------------------------------------------------------------------- ORG-SF-PARTICIPATE


def organics_inspection(inspection: Inspection, ctx: Context) -> bool:
    """An inspection the organics rules read: for the organics program (or for no named
    program), made once the subchapter is in force."""
    return inspection.program in (None, "organics") and org_in_force(ctx, inspection.date)


@rule("ORG-SF-PARTICIPATE", on="inspection")
def single_family_participation(inspection: Inspection, ctx: Context):
    """Single-family (A)(2): "Generators shall not place materials designated for the
    black container into the green container"; contamination found at a single-family
    premises is a violation, on the observation of the inspection that found it."""
    premises = ctx.get(inspection.subject)
    if not is_a(premises, "premises") or not organics_inspection(inspection, ctx):
        return None
    if class_of(premises, ctx) != "single_family" or inspection.contamination is None:
        return None
    who = "the hauler's" if inspection.by_hauler else "the"
    name = name_of(ctx, premises)
    if inspection.contamination:
        return violation(
            f"At {who} inspection of {inspection.date}, prohibited container contaminants were "
            f"found in the containers of {name}."
        )
    return met(
        f"At {who} inspection of {inspection.date}, the containers of {name} held no "
        "prohibited container contaminants."
    )
