"""Ch. 50 storage (SW-PILE-LIMITS) and composting (SW-COMPOST-RULES)."""

from __future__ import annotations

from typing import Any, get_args

from sanitas.ordinance.engine import Context, Outcome, met, rule, violation
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Phrase,
    Word,
    declare,
    render,
    vocabulary,
)
from sanitas.ordinance.solid_waste.common import (
    cite_parts,
    readings_sentence,
    ref,
    yard_word,
)
from sanitas.ordinance.solid_waste.vocabulary import (
    CompostContent,
    CompostObservation,
    PileObservation,
)
from sanitas.ordinance.words import words


def _breaks(stop: Any, no_stop: Any, problems: list[tuple[Any, str]], **args: Any) -> Message:
    """The sentence of what a thing breaks, the problems as clauses joined by
    semicolons; ended with a full stop unless the last clause ends with its own ("in.")."""
    clauses = tuple(clause for clause, _ in problems)
    last = clauses[-1]
    ends = render(last.message if isinstance(last, Phrase) else last.text).endswith(".")
    return (no_stop if ends else stop)(problems=Items(clauses, ";"), **args)


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
    problems: list[tuple[Any, str]] = []
    if pile.total_cubic_yards > most:
        problems.append(
            (Phrase(_PILE_TOO_BIG(n=Count(pile.total_cubic_yards), most=Count(most))), "")
        )
    if pile.separation_ft is not None and pile.separation_ft < gap:
        problems.append(
            (Phrase(_PILE_TOO_CLOSE(feet=Count(pile.separation_ft), gap=Count(gap))), "(A)")
        )
    if pile.location not in ctx.param("sw.pile_allowed_locations", on=on):
        part = "(B)" if pile.location in _PUBLIC_OR_VACANT else "(C)"
        problems.append((Phrase(_PILE_NOT_YARD(where=yard_word(pile.location))), part))
    if pile.shielded_from_wind is False:
        problems.append((Word(_NO_WIND_SHIELD), "(C)"))
    if pile.shielded_from_view is False:
        problems.append((Word(_NO_VIEW_SHIELD), "(C)"))
    head = Phrase(
        _PILE_HEAD(
            premises=ref(ctx, pile.premises), date=Day(pile.date), where=yard_word(pile.location)
        )
    )
    if problems:
        return violation(
            _breaks(_PILE_BREAKS, _PILE_BREAKS, problems, head=head),
            cite=cite_parts("Ch. 50 storage", (part for _, part in problems)),
        )
    args = {"head": head, "n": Count(pile.total_cubic_yards), "most": Count(most)}
    if pile.separation_ft is None:
        return met(_PILE_WITHIN(**args))
    return met(_PILE_WITHIN_APART(feet=Count(pile.separation_ft), gap=Count(gap), **args))


_NO_WIND_SHIELD = "not shielded from wind"
_NO_VIEW_SHIELD = "not shielded from the view of neighbors and public rights of way"
vocabulary(_NO_WIND_SHIELD, _NO_VIEW_SHIELD)
_PILE_HEAD = declare(
    "sw.pile.head", "Solid waste piled outside containers at {premises}, seen on {date} {where}"
)
_PILE_TOO_BIG = declare(
    "sw.pile.too-big",
    "{n} cubic yard in all, more than {most}",
    plural="{n} cubic yards in all, more than {most}",
    count="n",
)
_PILE_TOO_CLOSE = declare(
    "sw.pile.too-close",
    "only {feet} ft from another pile, a building or combustible material, less than {gap} ft",
)
_PILE_NOT_YARD = declare("sw.pile.not-yard", "{where}, not a rear or side yard")
_PILE_BREAKS = declare("sw.pile.breaks", "{head}, breaks the storage limits: {problems}.")
_PILE_WITHIN = declare(
    "sw.pile.within",
    "{head}, is within the storage limits: {n} cubic yard in all (at most {most}).",
    plural="{head}, is within the storage limits: {n} cubic yards in all (at most {most}).",
    count="n",
)
_PILE_WITHIN_APART = declare(
    "sw.pile.within-apart",
    "{head}, is within the storage limits: {n} cubic yard in all (at most {most}), {feet} ft "
    "from anything else (at least {gap} ft).",
    plural="{head}, is within the storage limits: {n} cubic yards in all (at most {most}), "
    "{feet} ft from anything else (at least {gap} ft).",
    count="n",
)


# --------------------------------------------------------------------------- SW-COMPOST-RULES

_CONTENT_WORDS = {
    content: {"non_organic": "non-organic material"}.get(content, words(content))
    for content in get_args(CompostContent)
}
#: a receptacle as the head names it ("in an open pile") and as a problem does ("the pit")
_RECEPTACLE_WORDS = {"pit": "a pit", "container": "a container", "open_pile": "an open pile"}
_RECEPTACLE_THE = {"pit": "the pit", "container": "the container", "open_pile": "the open pile"}
_MATERIAL_WORDS = {
    "metal": "metal",
    "wood": "wood",
    "plastic": "plastic",
    "other": "another material",
}
_NOT_ADJOINING = "it is on an unimproved lot that does not adjoin its owner's improved property"
_ABOVE_GROUND = "the pit's contents are above the natural surrounding ground level"
_NOT_COVERED = "it is not covered"
_BAD_COVER = (
    "it is covered with something other than soil or a covering approved by the Health Officer"
)
_NOT_MOIST = "it is not kept moist before decomposition is completed"
_HARDWOOD = "it holds hardwood branches or second season growth"
_ADJOINING_UNKNOWN = "whether the lot adjoins its owner's improved property was not recorded"
_DECOMPOSITION_UNKNOWN = "whether decomposition is completed was not recorded"
vocabulary(
    *_CONTENT_WORDS.values(),
    *_RECEPTACLE_WORDS.values(),
    *_RECEPTACLE_THE.values(),
    *_MATERIAL_WORDS.values(),
    _NOT_ADJOINING,
    _ABOVE_GROUND,
    _NOT_COVERED,
    _BAD_COVER,
    _NOT_MOIST,
    _HARDWOOD,
    _ADJOINING_UNKNOWN,
    _DECOMPOSITION_UNKNOWN,
)
_COMPOST_NOT_YARD = declare(
    "sw.compost.not-yard",
    "it is {where}, and composting belongs only in rear or side yards of improved lots",
)
_COMPOST_HOLDS = declare("sw.compost.holds", "it holds {contents}")
_COMPOST_MATERIAL = declare("sw.compost.material", "the container is {material}, not metal or wood")
_COMPOST_TOO_HIGH = declare(
    "sw.compost.too-high", "{receptacle} is {height} ft high, more than {most} ft"
)
_COMPOST_TOO_NEAR = declare(
    "sw.compost.too-near",
    "{receptacle} is {distance} ft from a property line or structure, less than {least} ft",
)
_COMPOST_THIN_COVER = declare(
    "sw.compost.thin-cover", "its cover is {depth} in. deep, less than {least} in."
)
_COMPOST_THICK_BRANCHES = declare(
    "sw.compost.thick-branches", "it holds branches {thickness} in. thick, more than {most} in."
)
_COMPOST_LONG_BRANCHES = declare(
    "sw.compost.long-branches", "it holds branches {length} ft long, more than {most} ft"
)
_COMPOST_HEAD = declare(
    "sw.compost.head", "Compost seen at {premises} on {date}, in {receptacle} {where}"
)
_COMPOST_BREAKS = declare("sw.compost.breaks", "{head}, breaks the composting rules: {problems}.")
_COMPOST_BREAKS_STOPPED = declare(
    "sw.compost.breaks-stopped", "{head}, breaks the composting rules: {problems}"
)
_COMPOST_MEETS = declare(
    "sw.compost.meets", "{head}, meets every composting rule that was observed."
)
_COMPOST_MEETS_UNOBSERVED = declare(
    "sw.compost.meets-unobserved",
    "{head}, meets every composting rule that was observed ({unobserved}).",
)


def _compost_problems(compost: CompostObservation, ctx: Context) -> list[tuple[Any, str]]:
    """What the observation shows against each rule (clauses of the finding), with the
    rule's subdivision. A field left out was not observed and is not judged."""
    on = compost.date
    problems: list[tuple[Any, str]] = []
    # (A) location
    if compost.location == "unimproved_lot":
        if compost.adjoins_owner_improved_lot is False:
            problems.append((Word(_NOT_ADJOINING), "(A)"))
    elif compost.location not in ctx.param("sw.compost_allowed_locations", on=on):
        problems.append((Phrase(_COMPOST_NOT_YARD(where=yard_word(compost.location))), "(A)"))
    # (B) contents
    bad = [c for c in compost.contents or () if c in ctx.param("sw.compost_prohibited_contents")]
    if bad:
        held = Items(tuple(Word(_CONTENT_WORDS[c]) for c in dict.fromkeys(bad)))
        problems.append((Phrase(_COMPOST_HOLDS(contents=held)), "(B)"))
    # (C) receptacle
    height = ctx.param("sw.compost_max_height_ft", on=on)
    near = ctx.param("sw.compost_receptacle_min_distance_ft", on=on)
    far = ctx.param("sw.compost_open_pile_min_distance_ft", on=on)
    receptacle = Word(_RECEPTACLE_THE[compost.receptacle])
    if compost.receptacle == "pit" and compost.below_ground_level is False:
        problems.append((Word(_ABOVE_GROUND), "(C)(1)"))
    if compost.receptacle == "container" and compost.container_material is not None:
        allowed = ctx.param("sw.compost_container_materials", on=on)
        if compost.container_material not in allowed:
            material = Word(_MATERIAL_WORDS[compost.container_material])
            problems.append((Phrase(_COMPOST_MATERIAL(material=material)), "(C)(2)"))
    if compost.receptacle != "pit" and compost.height_ft is not None and compost.height_ft > height:
        too_high = _COMPOST_TOO_HIGH(
            receptacle=receptacle, height=Count(compost.height_ft), most=Count(height)
        )
        problems.append((Phrase(too_high), "(C)(2)"))
    minimum = far if compost.receptacle == "open_pile" else near
    if compost.distance_ft is not None and compost.distance_ft < minimum:
        too_near = _COMPOST_TOO_NEAR(
            receptacle=receptacle, distance=Count(compost.distance_ft), least=Count(minimum)
        )
        problems.append((Phrase(too_near), "(C)(2)"))
    # (D) covering and maintenance
    cover = ctx.param("sw.compost_min_cover_in", on=on)
    if compost.cover == "none":
        problems.append((Word(_NOT_COVERED), "(D)"))
    elif compost.cover == "unapproved_covering":
        problems.append((Word(_BAD_COVER), "(D)"))
    elif compost.cover_in is not None and compost.cover_in < cover:
        thin = _COMPOST_THIN_COVER(depth=Count(compost.cover_in), least=Count(cover))
        problems.append((Phrase(thin), "(D)"))
    if compost.moist is False and compost.decomposition_complete is False:
        problems.append((Word(_NOT_MOIST), "(D)"))
    # (E) branches
    diameter = ctx.param("sw.compost_max_branch_diameter_in", on=on)
    length = ctx.param("sw.compost_max_branch_length_ft", on=on)
    if compost.max_branch_diameter_in is not None and compost.max_branch_diameter_in > diameter:
        thick = _COMPOST_THICK_BRANCHES(
            thickness=Count(compost.max_branch_diameter_in), most=Count(diameter)
        )
        problems.append((Phrase(thick), "(E)"))
    if compost.max_branch_length_ft is not None and compost.max_branch_length_ft > length:
        long = _COMPOST_LONG_BRANCHES(
            length=Count(compost.max_branch_length_ft), most=Count(length)
        )
        problems.append((Phrase(long), "(E)"))
    if compost.hardwood_or_second_season and ctx.param("sw.compost_hardwood_any_size", on=on):
        problems.append((Word(_HARDWOOD), "(E)"))
    return problems


def _compost_unobserved(compost: CompostObservation) -> list[Word]:
    """What the observation left out that a rule would need."""
    out = []
    if compost.location == "unimproved_lot" and compost.adjoins_owner_improved_lot is None:
        out.append(Word(_ADJOINING_UNKNOWN))
    if compost.moist is False and compost.decomposition_complete is None:
        out.append(Word(_DECOMPOSITION_UNKNOWN))
    return out


def _compost_readings(compost: CompostObservation, ctx: Context) -> Message | None:
    on = compost.date
    readings = []
    if compost.hardwood_or_second_season:
        readings.append(
            _HARDWOOD_ANY_SIZE
            if ctx.param("sw.compost_hardwood_any_size", on=on)
            else _HARDWOOD_BY_SIZE
        )
    near = ctx.param("sw.compost_receptacle_min_distance_ft", on=on)
    if compost.receptacle != "open_pile" and compost.distance_ft == near:
        readings.append(_NOT_WITHIN(near=Count(near)))
    return readings_sentence(readings)


_HARDWOOD_ANY_SIZE = declare(
    "sw.reading.hardwood-any-size",
    "hardwood branches and second season growth are excluded at any size; the size limits "
    'qualify only "other twigs, limbs or branches"',
)()
_HARDWOOD_BY_SIZE = declare(
    "sw.reading.hardwood-by-size",
    "the size limits apply to hardwood branches and second season growth too",
)()
_NOT_WITHIN = declare("sw.reading.not-within", 'exactly {near} ft away is not "within" {near} feet')


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
    head = Phrase(
        _COMPOST_HEAD(
            premises=ref(ctx, compost.premises),
            date=Day(compost.date),
            receptacle=Word(_RECEPTACLE_WORDS[compost.receptacle]),
            where=yard_word(compost.location),
        )
    )
    problems = _compost_problems(compost, ctx)
    reading = _compost_readings(compost, ctx)
    if problems:
        return violation(
            _breaks(_COMPOST_BREAKS, _COMPOST_BREAKS_STOPPED, problems, head=head),
            cite=cite_parts("Ch. 50 composting", (part for _, part in problems)),
            reading=reading,
        )
    unobserved = _compost_unobserved(compost)
    if unobserved:
        return met(
            _COMPOST_MEETS_UNOBSERVED(head=head, unobserved=Items(tuple(unobserved), ";")),
            reading=reading,
        )
    return met(_COMPOST_MEETS(head=head), reading=reading)
