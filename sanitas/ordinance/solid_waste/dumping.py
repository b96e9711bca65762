"""Ch. 50 dumping (SW-DUMPING) and no burial ('65 § 6-4.107, SW-NO-BURIAL)."""

from __future__ import annotations

from sanitas.ordinance.engine import Context, Outcome, rule, violation
from sanitas.ordinance.solid_waste.vocabulary import Burial, Dumping
from sanitas.ordinance.words import capital, day, name_of

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


@rule("SW-DUMPING", on="dumping")
def dumping(found: Dumping, ctx: Context) -> Outcome:
    """Ch. 50 dumping: "Except as otherwise provided in this chapter, it is unlawful for
    any person to dump, discard, abandon or otherwise deposit any garbage, combustible
    or noncombustible rubbish, miscellaneous debris, combined rubbish or chemical
    compound in or upon any public or private property within the city, including any
    vacant lot or in, on or upon any public street, alley, parkway, park or other
    public place or in or upon any flood water channel …" """
    what = _DUMPED_WHAT[found.material] if found.material else "solid waste"
    where = _DUMPED_WHERE[found.place]
    if found.premises is not None:
        where += f" at {name_of(ctx, found.premises)}"
    if found.responsible:
        return violation(
            f"{found.responsible} was found to have dumped {what} {where} on {day(found.date)}, "
            "which is unlawful."
        )
    return violation(
        f"{capital(what)} was found dumped {where} on {day(found.date)}, which is unlawful."
    )


@rule("SW-NO-BURIAL", on="burial", cite="'65 Code § 6-4.107")
def no_burial(found: Burial, ctx: Context) -> Outcome:
    """('65 Code, § 6-4.107): "It is unlawful for any person to place in any hole or
    excavation, or to bury, any solid waste." """
    return violation(
        f"Solid waste was found buried, or placed in a hole or excavation, at "
        f"{name_of(ctx, found.premises)} on {day(found.date)}, which is unlawful."
    )
