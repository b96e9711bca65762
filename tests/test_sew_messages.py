"""The sewer areas' names of things as messages: a cesspool, a drain connection and an
entry into a sewer read in Spanish and Traditional Chinese from the catalogs, with the
address and the person as they are in every language, and go to JSON and back whole."""

from __future__ import annotations

import json
from datetime import date

from sanitas.ordinance.messages import Day, Message, Name, Phrase, render
from sanitas.ordinance.sewers import common

_AT = Name("10 Alhambra Rd")


def test_a_drain_connection_is_named_by_what_is_connected() -> None:
    message = common._DRAINS["roof_conductor"](premises=_AT)
    assert render(message) == "the roof conductor at 10 Alhambra Rd"
    assert render(message, "es") == "La bajante pluvial del techo de 10 Alhambra Rd"
    assert render(message, "zh-Hant") == "10 Alhambra Rd的屋頂落水管"
    assert Phrase(message, capital=True).render("en") == "The roof conductor at 10 Alhambra Rd"


def test_every_drain_source_and_act_has_its_message() -> None:
    from typing import get_args

    from sanitas.ordinance.sewers.vocabulary import DrainSource, SewerAct

    assert set(common._DRAINS) == set(get_args(DrainSource))
    assert {act for act, _ in common._ENTRIES} == set(get_args(SewerAct))


def test_an_entry_names_who_entered_when_known() -> None:
    day = Day(date(2025, 5, 10))
    anonymous = common._ENTRIES["remove", False](date=day)
    by = common._ENTRIES["remove", True](date=day, person=Name("Canyon Sewer Contractors"))
    assert render(anonymous) == "the removal of part of a public sewer on 2025-05-10"
    assert "10 de mayo de 2025" in render(anonymous, "es")
    assert render(by, "es").endswith("por Canyon Sewer Contractors el 10 de mayo de 2025")
    assert render(by, "zh-Hant").startswith("Canyon Sewer Contractors於2025年5月10日")
    back = Message.from_dict(json.loads(json.dumps(by.to_dict())))
    assert back == by and render(back, "zh-Hant") == render(by, "zh-Hant")


def test_a_cesspool_reads_in_each_language() -> None:
    message = common._CESSPOOL(premises=_AT)
    assert render(message) == "the cesspool at 10 Alhambra Rd"
    assert render(message, "es") == "El pozo negro de 10 Alhambra Rd"
    assert render(message, "zh-Hant") == "10 Alhambra Rd的化糞池"
