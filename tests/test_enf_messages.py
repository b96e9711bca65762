"""The SB 1383 enforcement findings as messages: each reads in Spanish and Traditional
Chinese from the catalogs, a notice or citation named by its kind, day and whom it
went to, the ordinals of occasions and violations in each language, and the message
goes to JSON and back whole."""

from __future__ import annotations

import json
from datetime import date

from sanitas.ordinance.enforcement import common
from sanitas.ordinance.messages import Day, Message, Name, Phrase, Word


def _notice_to() -> Phrase:
    notice = Phrase(
        Message(
            "gen.name.notice-of",
            {"notice": Word("the notice of violation"), "date": Day(date(2024, 3, 1))},
        )
    )
    return Phrase(common._SERVED_TO(document=notice, subject=Name("Casa Verde")), capital=True)


def test_a_notice_is_named_by_its_kind_day_and_whom_it_went_to() -> None:
    phrase = _notice_to()
    assert phrase.render("en") == "The notice of violation of 2024-03-01 to Casa Verde"
    assert phrase.render("es") == "el aviso de infracción del 1 de marzo de 2024 a Casa Verde"
    assert phrase.render("zh-Hant") == "發給Casa Verde的2024年3月1日的違規通知"


def test_ordinals_read_in_each_language() -> None:
    assert [common.ordinal_ref(n).render("en") for n in (1, 3, 8, 9, 22)] == [
        "first",
        "third",
        "eighth",
        "9th",
        "22nd",
    ]
    assert common.ordinal_word(22) == common.ordinal_ref(22).render("en")
    assert [common.ordinal_ref(n).render("es") for n in (1, 3, 9)] == ["primera", "tercera", "9.ª"]
    assert [common.ordinal_ref(n).render("zh-Hant") for n in (1, 3, 9)] == ["第一", "第三", "第9"]


def test_kinds_and_reasons_are_the_catalogs_words() -> None:
    kinds = common.kinds_ref(("cart_tag", "nov"))
    assert kinds.render("en") == common.kinds_phrase(("cart_tag", "nov"))
    assert kinds.render("es") == "etiqueta de contenedor o aviso de infracción"
    assert kinds.render("zh-Hant") == "垃圾桶標籤或違規通知"
    assert common.reason_ref("act_of_god").render("es") == "un caso fortuito u otra emergencia"
    assert common.reason_ref("permit_delay").render("zh-Hant") == "取得許可證或機關核准的延誤"


def test_an_enforcement_record_is_named_by_its_kind_and_day() -> None:
    from sanitas.ordinance.enforcement.vocabulary import Extension

    extension = Extension(
        type="extension",
        id="ext-1",
        notice="n-1",
        date=date(2024, 5, 1),
        new_due_on=date(2024, 7, 1),
        reason="act_of_god",
    )
    named = common._event_ref(None, extension, capital=True)  # type: ignore[arg-type]
    assert named.render("en") == "The extension of 2024-05-01"
    assert named.render("es") == "la prórroga del 1 de mayo de 2024"
    assert named.render("zh-Hant") == "2024年5月1日的延期"
    data = json.loads(json.dumps(Message("x.any", {"what": named}).to_dict()))
    assert Message.from_dict(data).args["what"] == named
