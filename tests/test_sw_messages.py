"""The solid waste findings as messages: each reads in Spanish and Traditional Chinese
from the catalogs, the things they name (a pile at an address, a sale to a buyer)
described in the reader's words and the names from the facts as written, the places
of the vocabulary translated, and the message goes to JSON and back whole."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.messages import Message, Phrase, render
from sanitas.ordinance.solid_waste import common
from sanitas.ordinance.words import name_of

from .support import evaluate_raw, findings

HOME = {
    "id": "home",
    "type": "premises",
    "zone": "R-1",
    "use": "residential",
    "address": "12 Alhambra Rd",
}


class _Facts:
    """What naming reads of a context: the facts by id."""

    def __init__(self, raw: list[dict[str, Any]]) -> None:
        self.facts = {fact.id: fact for fact in parse_facts(raw)}

    def get(self, ident: Any) -> Any:
        return self.facts.get(ident)

    def referring(self, *_args: Any) -> list[Any]:
        return []


def _round_trip(message: Message) -> Message:
    return Message.from_dict(json.loads(json.dumps(message.to_dict())))


def _finding(facts: list[dict[str, Any]], as_of: date, requirement: str, subject: str) -> Any:
    (found,) = findings(evaluate_raw(facts, as_of), requirement, subject)
    assert isinstance(found.message, Message), f"{requirement} still builds its sentence"
    assert _round_trip(found.message) == found.message
    assert render(found.message) == found.explanation
    return found


# --------------------------------------------------------------------------- common: names, places


def test_a_thing_is_described_in_each_language_and_named_as_before_in_english() -> None:
    ctx = _Facts(
        [
            HOME,
            {
                "id": "pile-1",
                "type": "pile_observation",
                "premises": "home",
                "date": "2025-03-01",
                "location": "rear_yard",
                "total_cubic_yards": 2,
            },
        ]
    )
    pile = common.ref(ctx, "pile-1", capital=True)
    assert isinstance(pile, Phrase)
    assert _round_trip(pile.message) == pile.message
    assert pile.render("en") == "The pile seen at 12 Alhambra Rd on 2025-03-01"
    assert name_of(ctx, "pile-1") == "the pile seen at 12 Alhambra Rd on 2025-03-01"
    assert pile.render("es") == "la pila observada en 12 Alhambra Rd el 1 de marzo de 2025"
    assert pile.render("zh-Hant") == "2025年3月1日於12 Alhambra Rd觀察到的堆置物"
    assert common.ref(ctx, "home").render("es") == "12 Alhambra Rd"
    assert common.ref(ctx, "gone").render("es") == "un registro que no consta en el archivo"


def test_places_are_the_vocabulary_and_an_unknown_place_keeps_its_words() -> None:
    choices = common.place_choices(("parkway", "curb"))
    assert choices.render("en") == common.alternatives(("parkway", "curb"))
    assert choices.render("en") == "in the parkway or at the curb"
    assert choices.render("es") == "en la franja verde junto a la acera o junto a la acera"
    assert choices.render("zh-Hant") == "人行道旁綠帶上或路緣處"
    odd = common.place_word("loading_dock")
    assert odd.render("en") == common.place_words("loading_dock") == "at the loading dock"
    assert odd.render("es") == "en el lugar «loading dock»"
    assert common.yard_word("rear_yard").render("zh-Hant") == "後院內"
