"""The edible food findings as messages: each reads in Spanish and Traditional Chinese
from the catalogs, the clause that makes a business a generator translated inside the
sentence, and the message goes to JSON and back whole."""

from __future__ import annotations

import json
from datetime import date

from sanitas.ordinance.edible_food import tiers
from sanitas.ordinance.messages import Count, Day, Message, Money, Name, Phrase, Word, render


def _large_event() -> Message:
    attendance = tiers._ATTENDANCE(attendance=Count(2500), over=Count(2000))
    basis = tiers._LARGE_EVENT(attendance=Phrase(attendance), how=Word(tiers._EVENT_HOW[0]))
    return tiers._TIER_FINDING[2, True](
        establishment=Name("Casa Verde", capital=True),
        basis=Phrase(basis),
        start=Day(date(2024, 1, 1)),
    )


def test_a_generators_tier_reads_in_each_language() -> None:
    message = _large_event()
    assert render(message) == (
        "Casa Verde is a tier two commercial edible food generator, a large event with an "
        "average daily attendance of 2,500 (more than 2,000), that charges admission; its food "
        "recovery obligations run from 2024-01-01."
    )
    spanish = render(message, "es")
    assert "generador comercial de alimentos comestibles de nivel 2" in spanish
    assert "asistencia diaria promedio de 2.500 (más de 2.000), que cobra entrada" in spanish
    assert spanish.endswith("rigen desde el 1 de enero de 2024.")
    chinese = render(message, "zh-Hant")
    assert chinese.startswith("Casa Verde為第二級商業可食用食物產生者")
    assert "收取入場費的大型活動" in chinese and "2024年1月1日" in chinese


def test_a_tier_one_generator_that_has_not_started_yet() -> None:
    basis = tiers._SUPERMARKET(sales=Money(2500000), minimum=Money(2000000))
    message = tiers._TIER_FINDING[1, False](
        establishment=Name("Canyon Produce"), basis=Phrase(basis), start=Day(date(2027, 3, 1))
    )
    assert render(message) == (
        "Canyon Produce is a tier one commercial edible food generator, a supermarket with gross "
        "annual sales of $2,500,000 ($2,000,000 or more); its food recovery obligations start "
        "on 2027-03-01."
    )
    assert "comienzan el 1 de marzo de 2027" in render(message, "es")
    assert "將於2027年3月1日開始" in render(message, "zh-Hant")
    assert "nivel 1" in render(message, "es") and "第一級" in render(message, "zh-Hant")


def test_a_tier_message_goes_to_json_and_back() -> None:
    message = _large_event()
    data = json.loads(json.dumps(message.to_dict()))
    assert data["args"]["basis"]["p"]["id"] == "efr.tier.large-event"
    back = Message.from_dict(data)
    assert back == message and render(back, "zh-Hant") == render(message, "zh-Hant")
