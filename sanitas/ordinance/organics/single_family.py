"""Ch. 50 SB 1383 single-family (A)(1)-(2): the service levels a single-family
premises is enrolled in, waived as an exception, and its participation.
"""

from __future__ import annotations

from sanitas.ordinance.engine import Context, exception, met, rule, violation
from sanitas.ordinance.general import Inspection, Premises
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Day, Items, Phrase, Word, declare, vocabulary
from sanitas.ordinance.organics.commercial import gallons_a_week, service_level
from sanitas.ordinance.organics.common import (
    class_of,
    class_reading,
    is_a,
    org_in_force,
    premises_wide,
    service_record,
    service_waiver,
    weekly_gallons,
)

# --------------------------------------------------------------------------- ORG-SF-ENROLL


vocabulary("recyclables", "organics")
_NEED_EACH = declare("org.sf-enroll.need-each", "at least {amount} of each")
_NEED_BOTH = declare(
    "org.sf-enroll.need-both", "at least {recyclables} of recyclables and {organics} of organics"
)
_GAP = declare("org.sf-enroll.gap", "its {stream} service is {amount} short")
_SF_SHORT = declare(
    "org.sf-enroll.short", "{subject} has {have}; single-family premises need {need}, so {gaps}."
)
_SF_MET = declare(
    "org.sf-enroll.met", "{subject} has {have}, {need} as single-family premises need."
)


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
    name = ref(ctx, premises, capital=True)
    record = service_record(premises, ctx)
    have = Items(tuple(service_level(s, record[s], levels[s], ctx) for s in known))
    if minimum["recyclables"] == minimum["organics"]:
        need = Phrase(_NEED_EACH(amount=gallons_a_week(minimum["organics"])))
    else:
        need = Phrase(
            _NEED_BOTH(
                recyclables=gallons_a_week(minimum["recyclables"]),
                organics=gallons_a_week(minimum["organics"]),
            )
        )
    reading = class_reading(premises, ctx)
    if short:
        gaps = Items(
            tuple(
                Phrase(_GAP(stream=Word(s), amount=gallons_a_week(minimum[s] - levels[s])))
                for s in short
            )
        )
        return violation(_SF_SHORT(subject=name, have=have, need=need, gaps=gaps), reading=reading)
    return met(_SF_MET(subject=name, have=have, need=need), reading=reading)


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


#: (by the hauler, contaminants found): the message
_PARTICIPATION = {
    (False, True): declare(
        "org.sf-participate.contaminated",
        "At the inspection of {date}, prohibited container contaminants were found in the "
        "containers of {premises}.",
    ),
    (True, True): declare(
        "org.sf-participate.contaminated-by-hauler",
        "At the hauler's inspection of {date}, prohibited container contaminants were found in "
        "the containers of {premises}.",
    ),
    (False, False): declare(
        "org.sf-participate.clean",
        "At the inspection of {date}, the containers of {premises} held no prohibited container "
        "contaminants.",
    ),
    (True, False): declare(
        "org.sf-participate.clean-by-hauler",
        "At the hauler's inspection of {date}, the containers of {premises} held no prohibited "
        "container contaminants.",
    ),
}


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
    message = _PARTICIPATION[bool(inspection.by_hauler), bool(inspection.contamination)](
        date=Day(inspection.date), premises=ref(ctx, premises)
    )
    return violation(message) if inspection.contamination else met(message)
