"""Chapter 51 definitions (a food service establishment, FOG-FSE-DEFINITION) and
§ 51.61, FOG discharge prohibition (FOG-DISCHARGE-PROHIBITION).
"""

from __future__ import annotations

from sanitas.ordinance.engine import Context, Outcome, derived, rule, violation
from sanitas.ordinance.fog.common import blockages_of, fse, in_force_from, ref
from sanitas.ordinance.fog.vocabulary import Blockage, FogDecision, FogObservation
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.messages import Day, declare

# --------------------------------------------------------------------------- FOG-FSE-DEFINITION


@derived("is_fse", on="establishment", requirement="FOG-FSE-DEFINITION")
def is_fse(establishment: Establishment, ctx: Context) -> bool:
    """Ch. 51 definitions, FOOD SERVICE ESTABLISHMENT: "Any room, building, or place …
    located within the boundaries of the City of San Gabriel … engaged in activities
    of … preparing, serving … food … These establishments use one or more of the
    following food preparation activities: cooking by frying …, baking …, grilling
    … and any other food preparation activity that produces a hot, non-drinkable
    food product in or on a receptacle that requires washing." """
    return establishment.cooks is True and establishment.located_in_city is not False


# ------------------------------------------------------------------------ FOG-DISCHARGE-PROHIBITION

_BLOCKAGE = declare(
    "fog.discharge.blockage",
    "A grease-related sewer blockage on {date} is attributed to {establishment}, which caused "
    "or contributed to a discharge of fats, oils and grease into the sanitary sewer.",
)
_OBSERVED = declare(
    "fog.discharge.observed",
    "On {date} the inspector observed {establishment} discharging fats, oils and grease into "
    "the sanitary sewer.",
)
_DETERMINED = declare(
    "fog.discharge.determined",
    "On {date} the Director determined that {establishment} discharges fats, oils and grease "
    "in quantities significant enough to harm the sanitary sewer.",
)


@rule("FOG-DISCHARGE-PROHIBITION", on="blockage")
def discharge_blockage(blockage: Blockage, ctx: Context) -> Outcome | None:
    """§ 51.61: "It is unlawful for any food service establishment to discharge FOG
    into the sanitary sewer or allow, cause, or contribute to, the discharge of FOG
    into the sanitary sewer in any manner that is in violation of any condition set
    forth in this subchapter." A grease-related blockage attributed to an FSE is
    such a discharge; one dated before the establishment opened is a data problem."""
    establishment = fse(blockage.establishment, ctx)
    if establishment is None or blockage.date < in_force_from(ctx):
        return None
    blockages_of(establishment, ctx)  # reports the ones that could not have happened, once
    if establishment.opened_on is not None and blockage.date < establishment.opened_on:
        return None
    return violation(_BLOCKAGE(date=Day(blockage.date), establishment=ref(ctx, establishment)))


@rule("FOG-DISCHARGE-PROHIBITION", on="fog_observation")
def discharge_observed(observation: FogObservation, ctx: Context) -> Outcome | None:
    """§ 51.61: "It is unlawful for any food service establishment to discharge FOG
    into the sanitary sewer …" — as an inspector observed it."""
    establishment = fse(observation.establishment, ctx)
    if observation.fog_discharge is not True or establishment is None:
        return None
    if observation.date < in_force_from(ctx):
        return None
    return violation(_OBSERVED(date=Day(observation.date), establishment=ref(ctx, establishment)))


@rule("FOG-DISCHARGE-PROHIBITION", on="fog_decision")
def discharge_determined(decision: FogDecision, ctx: Context) -> Outcome | None:
    """§ 51.61, with § 51.63(A)(4): an FSE "which, based on inspection or sampling,
    has been determined by the Director to be discharging FOG in significant
    quantities sufficient to adversely impact the sanitary sewer." """
    if decision.kind != "significant_discharge" or decision.date < in_force_from(ctx):
        return None
    establishment = fse(decision.establishment, ctx)
    if establishment is None:
        return None
    return violation(_DETERMINED(date=Day(decision.date), establishment=ref(ctx, establishment)))
