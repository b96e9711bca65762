"""Ch. 50 storage (SW-PILE-LIMITS) and composting (SW-COMPOST-RULES)."""

from __future__ import annotations

from sanitas.ordinance.engine import Context, Outcome, met, rule, violation
from sanitas.ordinance.solid_waste.common import (
    cite_parts,
    full_sentence,
    readings_sentence,
    yard_words,
)
from sanitas.ordinance.solid_waste.vocabulary import CompostObservation, PileObservation
from sanitas.ordinance.words import day, listing, name_of, number, plural, words

# --------------------------------------------------------------------------- SW-PILE-LIMITS

#: pile locations forbidden by name in (B); any other place outside a rear or side yard fails (C)
_PUBLIC_OR_VACANT = ("street", "alley", "parkway", "public_place", "vacant_lot")


@rule("SW-PILE-LIMITS", on="pile_observation")
def pile_limits(pile: PileObservation, ctx: Context) -> Outcome:
    """Ch. 50 storage: "Solid waste unless accumulated or stored in containers, shall be
    stored or accumulated only in stacks or piles not in excess of two cubic yards
    total, which: (A) Shall be separated from any other stack or pile and from any
    building, structure or other combustible material … not less than five feet; (B)
    Shall not be located in any street, alley, parkway or other public place, or in or
    upon any vacant or unimproved lot; and (C) Shall be located only in the rear or
    side yards of improved lots in a place shielded from winds which may scatter the
    same and also shielded from the view of neighboring properties and public rights
    of way." """
    on = pile.date
    most = ctx.param("sw.pile_max_cubic_yards", on=on)
    gap = ctx.param("sw.pile_min_separation_ft", on=on)
    problems: list[tuple[str, str]] = []
    if pile.total_cubic_yards > most:
        problems.append(
            (f"{plural(pile.total_cubic_yards, 'cubic yard')} in all, more than {number(most)}", "")
        )
    if pile.separation_ft is not None and pile.separation_ft < gap:
        problems.append(
            (
                f"only {number(pile.separation_ft)} ft from another pile, a building or "
                f"combustible material, less than {number(gap)} ft",
                "(A)",
            )
        )
    if pile.location not in ctx.param("sw.pile_allowed_locations", on=on):
        part = "(B)" if pile.location in _PUBLIC_OR_VACANT else "(C)"
        problems.append((f"{yard_words(pile.location)}, not a rear or side yard", part))
    if pile.shielded_from_wind is False:
        problems.append(("not shielded from wind", "(C)"))
    if pile.shielded_from_view is False:
        problems.append(("not shielded from the view of neighbors and public rights of way", "(C)"))
    head = (
        f"Solid waste piled outside containers at {name_of(ctx, pile.premises)}, seen on "
        f"{day(pile.date)} {yard_words(pile.location)},"
    )
    if problems:
        return violation(
            full_sentence(f"{head} breaks the storage limits: {'; '.join(t for t, _ in problems)}"),
            cite=cite_parts("Ch. 50 storage", (part for _, part in problems)),
        )
    spacing = (
        f", {number(pile.separation_ft)} ft from anything else (at least {number(gap)} ft)"
        if pile.separation_ft is not None
        else ""
    )
    return met(
        f"{head} is within the storage limits: {plural(pile.total_cubic_yards, 'cubic yard')} "
        f"in all (at most {number(most)}){spacing}."
    )


# --------------------------------------------------------------------------- SW-COMPOST-RULES

_CONTENT_WORDS = {"garbage": "garbage", "non_organic": "non-organic material"}


def _compost_problems(compost: CompostObservation, ctx: Context) -> list[tuple[str, str]]:
    """What the observation shows against each rule, with the rule's subdivision. A
    field left out was not observed and is not judged."""
    on = compost.date
    problems: list[tuple[str, str]] = []
    # (A) location
    if compost.location == "unimproved_lot":
        if compost.adjoins_owner_improved_lot is False:
            problems.append(
                (
                    "it is on an unimproved lot that does not adjoin its owner's improved property",
                    "(A)",
                )
            )
    elif compost.location not in ctx.param("sw.compost_allowed_locations", on=on):
        problems.append(
            (
                f"it is {yard_words(compost.location)}, and composting belongs only in rear "
                "or side yards of improved lots",
                "(A)",
            )
        )
    # (B) contents
    bad = [c for c in compost.contents or () if c in ctx.param("sw.compost_prohibited_contents")]
    if bad:
        held = listing(_CONTENT_WORDS.get(c, words(c)) for c in dict.fromkeys(bad))
        problems.append((f"it holds {held}", "(B)"))
    # (C) receptacle
    height = ctx.param("sw.compost_max_height_ft", on=on)
    near = ctx.param("sw.compost_receptacle_min_distance_ft", on=on)
    far = ctx.param("sw.compost_open_pile_min_distance_ft", on=on)
    kind = words(compost.receptacle)
    if compost.receptacle == "pit" and compost.below_ground_level is False:
        problems.append(
            ("the pit's contents are above the natural surrounding ground level", "(C)(1)")
        )
    if compost.receptacle == "container" and compost.container_material is not None:
        allowed = ctx.param("sw.compost_container_materials", on=on)
        if compost.container_material not in allowed:
            material = (
                "another material"
                if compost.container_material == "other"
                else compost.container_material
            )
            problems.append((f"the container is {material}, not metal or wood", "(C)(2)"))
    if compost.receptacle != "pit" and compost.height_ft is not None and compost.height_ft > height:
        problems.append(
            (
                f"the {kind} is {number(compost.height_ft)} ft high, more than {number(height)} ft",
                "(C)(2)",
            )
        )
    minimum = far if compost.receptacle == "open_pile" else near
    if compost.distance_ft is not None and compost.distance_ft < minimum:
        problems.append(
            (
                f"the {kind} is {number(compost.distance_ft)} ft from a property line or "
                f"structure, less than {number(minimum)} ft",
                "(C)(2)",
            )
        )
    # (D) covering and maintenance
    cover = ctx.param("sw.compost_min_cover_in", on=on)
    if compost.cover == "none":
        problems.append(("it is not covered", "(D)"))
    elif compost.cover == "unapproved_covering":
        problems.append(
            (
                "it is covered with something other than soil or a covering approved by the "
                "Health Officer",
                "(D)",
            )
        )
    elif compost.cover_in is not None and compost.cover_in < cover:
        problems.append(
            (
                f"its cover is {number(compost.cover_in)} in. deep, less than {number(cover)} in.",
                "(D)",
            )
        )
    if compost.moist is False and compost.decomposition_complete is False:
        problems.append(("it is not kept moist before decomposition is completed", "(D)"))
    # (E) branches
    diameter = ctx.param("sw.compost_max_branch_diameter_in", on=on)
    length = ctx.param("sw.compost_max_branch_length_ft", on=on)
    if compost.max_branch_diameter_in is not None and compost.max_branch_diameter_in > diameter:
        problems.append(
            (
                f"it holds branches {number(compost.max_branch_diameter_in)} in. thick, more "
                f"than {number(diameter)} in.",
                "(E)",
            )
        )
    if compost.max_branch_length_ft is not None and compost.max_branch_length_ft > length:
        problems.append(
            (
                f"it holds branches {number(compost.max_branch_length_ft)} ft long, more than "
                f"{number(length)} ft",
                "(E)",
            )
        )
    if compost.hardwood_or_second_season and ctx.param("sw.compost_hardwood_any_size", on=on):
        problems.append(("it holds hardwood branches or second season growth", "(E)"))
    return problems


def _compost_unobserved(compost: CompostObservation) -> list[str]:
    """What the observation left out that a rule would need."""
    out = []
    if compost.location == "unimproved_lot" and compost.adjoins_owner_improved_lot is None:
        out.append("whether the lot adjoins its owner's improved property was not recorded")
    if compost.moist is False and compost.decomposition_complete is None:
        out.append("whether decomposition is completed was not recorded")
    return out


def _compost_readings(compost: CompostObservation, ctx: Context) -> str | None:
    on = compost.date
    readings = []
    if compost.hardwood_or_second_season:
        readings.append(
            "hardwood branches and second season growth are excluded at any size; the size "
            'limits qualify only "other twigs, limbs or branches"'
            if ctx.param("sw.compost_hardwood_any_size", on=on)
            else "the size limits apply to hardwood branches and second season growth too"
        )
    near = ctx.param("sw.compost_receptacle_min_distance_ft", on=on)
    if compost.receptacle != "open_pile" and compost.distance_ft == near:
        readings.append(f'exactly {number(near)} ft away is not "within" {number(near)} feet')
    return readings_sentence(readings)


@rule("SW-COMPOST-RULES", on="compost_observation")
def compost_rules(compost: CompostObservation, ctx: Context) -> Outcome:
    """Ch. 50 composting: "(A) … located in rear or side yards of improved lots only …
    (B) … only of organic waste materials such as leaves, small twigs, grass clippings
    and other vegetable matter except garbage. (C) … (1) A pit … the contents shall
    always be maintained below natural surrounding ground level; (2) … metal or wood
    containers not in excess of three feet in height. Such receptacles or pits shall
    not be maintained within five feet of any property line or structure. … open
    stacks or piles not in excess of three feet in height but only … not less than
    fifty (50) feet from any property line or structure. (D) … covered with at least
    one-half inch of soil … kept moist at all times until decomposition is completed.
    (E) No hardwood branches, second season growth, or other twigs, limbs or branches
    in excess of one-fourth inch in diameter or two feet in length …"

    A field the observation left out was not observed and is not judged: an
    unimproved lot whose adjoining is not recorded, dry compost whose decomposition
    is not recorded."""
    kind = words(compost.receptacle)
    head = (
        f"Compost seen at {name_of(ctx, compost.premises)} on {day(compost.date)}, in "
        f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} {yard_words(compost.location)},"
    )
    problems = _compost_problems(compost, ctx)
    reading = _compost_readings(compost, ctx)
    if problems:
        return violation(
            full_sentence(
                f"{head} breaks the composting rules: {'; '.join(t for t, _ in problems)}"
            ),
            cite=cite_parts("Ch. 50 composting", (part for _, part in problems)),
            reading=reading,
        )
    unobserved = _compost_unobserved(compost)
    tail = f" ({'; '.join(unobserved)})" if unobserved else ""
    return met(f"{head} meets every composting rule that was observed{tail}.", reading=reading)
