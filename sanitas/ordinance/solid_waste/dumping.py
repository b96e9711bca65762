"""Ch. 50 dumping (SW-DUMPING) and no burial ('65 § 6-4.107, SW-NO-BURIAL)."""

from __future__ import annotations

from sanitas.ordinance.engine import Context, Outcome, rule, violation
from sanitas.ordinance.messages import Day, Name, Word, declare, vocabulary
from sanitas.ordinance.solid_waste.vocabulary import Burial, Dumping
from sanitas.ordinance.words import name_of

# ----------------------------------------------------------------------- SW-DUMPING, SW-NO-BURIAL

_DUMPED_WHERE = {
    "private_property": "on private property",
    "vacant_lot": "on a vacant lot",
    "street": "in the street",
    "alley": "in an alley",
    "parkway": "in a parkway",
    "park": "in a park",
    "public_place": "in a public place",
    "flood_channel": "in a flood water channel",
    "channel_tributary": "in a channel or structure tributary to a flood water channel",
    "flood_channel_easement": "on a flood water channel easement or right-of-way",
    "stormwater_path": "where storm water could carry it to a flood water channel",
}
_DUMPED_WHAT = {
    "garbage": "garbage",
    "rubbish": "rubbish",
    "miscellaneous_debris": "miscellaneous debris",
    "combined_rubbish": "combined rubbish",
    "chemical_compound": "a chemical compound",
    "other": "solid waste",
}


vocabulary(*_DUMPED_WHERE.values(), *_DUMPED_WHAT.values())

_DUMPED_BY = declare(
    "sw.dumping.by",
    "{responsible} was found to have dumped {what} {where} on {date}, which is unlawful.",
)
_DUMPED_BY_AT = declare(
    "sw.dumping.by-at",
    "{responsible} was found to have dumped {what} {where} at {premises} on {date}, "
    "which is unlawful.",
)
_DUMPED = declare("sw.dumping", "{what} was found dumped {where} on {date}, which is unlawful.")
_DUMPED_AT = declare(
    "sw.dumping.at",
    "{what} was found dumped {where} at {premises} on {date}, which is unlawful.",
)
_BURIED = declare(
    "sw.no-burial",
    "Solid waste was found buried, or placed in a hole or excavation, at {premises} on "
    "{date}, which is unlawful.",
)


@rule("SW-DUMPING", on="dumping")
def dumping(found: Dumping, ctx: Context) -> Outcome:
    """Ch. 50 dumping: "Except as otherwise provided in this chapter, it is unlawful for
    any person to dump, discard, abandon or otherwise deposit any garbage, combustible
    or noncombustible rubbish, miscellaneous debris, combined rubbish or chemical
    compound in or upon any public or private property within the city, including any
    vacant lot or in, on or upon any public street, alley, parkway, park or other
    public place or in or upon any flood water channel …" """
    what = _DUMPED_WHAT[found.material] if found.material else "solid waste"
    where = Word(_DUMPED_WHERE[found.place])
    date = Day(found.date)
    at = Name(name_of(ctx, found.premises)) if found.premises is not None else None
    if found.responsible:
        by = Name(found.responsible)
        if at is None:
            return violation(_DUMPED_BY(responsible=by, what=Word(what), where=where, date=date))
        return violation(
            _DUMPED_BY_AT(responsible=by, what=Word(what), where=where, premises=at, date=date)
        )
    if at is None:
        return violation(_DUMPED(what=Word(what, capital=True), where=where, date=date))
    return violation(_DUMPED_AT(what=Word(what, capital=True), where=where, premises=at, date=date))


@rule("SW-NO-BURIAL", on="burial", cite="'65 Code § 6-4.107")
def no_burial(found: Burial, ctx: Context) -> Outcome:
    """('65 Code, § 6-4.107): "It is unlawful for any person to place in any hole or
    excavation, or to bury, any solid waste." """
    return violation(_BURIED(premises=Name(name_of(ctx, found.premises)), date=Day(found.date)))
