"""The edible food findings as messages: each reads in Spanish and Traditional Chinese
from the catalogs, the clause that makes a business a generator translated inside the
sentence, and the message goes to JSON and back whole."""

from __future__ import annotations

import json
from datetime import date

from sanitas.ordinance.edible_food import tiers
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Money,
    Name,
    Phrase,
    Title,
    Word,
    render,
)


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


def _records(ctx_months: list[str]) -> Message:
    from sanitas.ordinance.edible_food import common, generators

    pounds = generators.POUNDS["recovered"](party=Name("Valley Pantry"))
    pending = Phrase(
        generators._POUNDS_FOR(what=Phrase(pounds), months=common.months_message(ctx_months))
    )
    shown = Phrase(
        common.MISSING_FOR(
            party=Name("In Town Pantry"), missing=Items((Word("address"), Word("food types")))
        )
    )
    owner = Phrase(common._WHOSE(owner=Name("Big Market", capital=True)))
    return generators._INCOMPLETE_PENDING["generator"](
        whose=owner, shown=shown, pending=Items((pending,))
    )


def test_a_generators_records_read_in_each_language() -> None:
    message = _records(["2024-01", "2024-02", "2024-03", "2024-06"])
    assert render(message) == (
        "Big Market's food recovery records are incomplete: for In Town Pantry, missing address "
        "and food types; not yet on record: pounds recovered for Valley Pantry for 4 months "
        "(2024-01 to 2024-03, 2024-06)."
    )
    spanish = render(message, "es")
    assert spanish.startswith("Los registros de recuperación de alimentos de Big Market")
    assert "para In Town Pantry, falta: dirección y tipos de alimentos" in spanish
    assert "4 meses (2024-01 a 2024-03, 2024-06)" in spanish
    chinese = render(message, "zh-Hant")
    assert chinese.startswith(
        "Big Market的食物回收紀錄不完整：關於In Town Pantry，缺少地址和食物種類"
    )
    assert "4個月（2024-01至2024-03、2024-06）" in chinese


def test_months_follow_the_plural() -> None:
    from sanitas.ordinance.edible_food import common

    one = common.months_message(["2024-05"])
    assert (one.render("en"), one.render("es")) == ("1 month (2024-05)", "1 mes (2024-05)")
    assert common.months_text(["2024-01", "2024-03"]) == "2 months (2024-01, 2024-03)"
    assert common.months_message(["2024-01", "2024-03"]).render("es") == (
        "2 meses (2024-01, 2024-03)"
    )


def test_a_good_samaritan_finding_follows_the_number_of_generators() -> None:
    from sanitas.ordinance.edible_food import recovery

    def uninformed(*generators: str) -> Message:
        return recovery._UNINFORMED(
            partner=Name("Valley Pantry", capital=True),
            generators=Items(tuple(Name(g) for g in generators)),
            count=Count(len(generators)),
        )

    one, two = uninformed("Big Market"), uninformed("Big Market", "Casa Verde")
    assert render(one).endswith(
        "no agreement with it carries the clause and no letter to it is on record."
    )
    assert render(two).endswith("no letter to them is on record.")
    assert render(one, "es").endswith("ninguna carta dirigida a él.")
    assert render(two, "es").endswith("ninguna carta dirigida a ellos.")
    assert "Big Market y Casa Verde" in render(two, "es")
    assert "《善意撒馬利亞人食物捐贈法》" in render(two, "zh-Hant")
    back = Message.from_dict(json.loads(json.dumps(two.to_dict())))
    assert back == two and render(back, "es") == render(two, "es")


def test_a_report_deadline_reads_in_each_language() -> None:
    from sanitas.ordinance.edible_food import common, generators

    owner = Phrase(common._WHOSE_S(owner=Name("Big Markets", capital=True)))
    report = generators.GENERATOR_REPORT(whose=owner, year="2024")
    late = generators._report_message(Phrase(report), date(2025, 2, 1), date(2025, 2, 5), None)
    assert render(late) == (
        "Big Markets' 2024 annual food recovery report was due 2025-02-01 and received late, "
        "on 2025-02-05."
    )
    assert render(late, "es") == (
        "El informe anual de recuperación de alimentos de Big Markets correspondiente a 2024 "
        "vencía el 1 de febrero de 2025 y se recibió con retraso, el 5 de febrero de 2025."
    )
    assert render(late, "zh-Hant") == (
        "Big Markets的2024年度食物回收報告應於2025年2月1日前提交，已於2025年2月5日逾期收到。"
    )


def test_an_observed_violation_names_its_requirement_in_the_readers_words() -> None:
    from sanitas.ordinance.general import common, observations

    notice = Phrase(
        common._NOTICE_OF(notice=Word("the notice of violation"), date=Day(date(2025, 3, 2)))
    )
    observed = Phrase(
        observations._OBSERVED(
            subject=Name("6 Las Tunas Dr"),
            date=Day(date(2025, 3, 1)),
            cite=Name("'65 Code § 6-8.129"),
            title=Title("SEW-EXHAUST-SUMP", lower=True),
        )
    )
    how = observations._HOW["notice"](date=Day(date(2025, 4, 1)), notice=notice)
    late = observations._CORRECTED_LATE(
        observed=observed, how=Phrase(how), deadline=Day(date(2025, 3, 31)), notice=notice
    )
    assert render(late) == (
        "The inspection of 6 Las Tunas Dr on 2025-03-01 found a violation of '65 Code "
        "§ 6-8.129, exhaust and blowoff through a sump; compliance was recorded on 2025-04-01 "
        "on the notice of violation of 2025-03-02, after the deadline of 2025-03-31 that the "
        "notice of violation of 2025-03-02 set."
    )
    spanish = render(late, "es")
    assert "constató una infracción de '65 Code § 6-8.129, escape y purga" in spanish
    assert "el aviso de infracción del 2 de marzo de 2025" in spanish
    chinese = render(late, "zh-Hant")
    assert "2025年3月2日的違規通知" in chinese and "（排氣及排污須經集水坑）" in chinese
    back = Message.from_dict(json.loads(json.dumps(late.to_dict())))
    assert back == late and render(back, "es") == spanish


def test_a_title_in_a_sentence_keeps_an_initialism_and_reads_back_lowered() -> None:
    lowered = Title("SEW-EXHAUST-SUMP", lower=True)
    assert lowered.render("en") == "exhaust and blowoff through a sump"
    assert Title("SEW-EXHAUST-SUMP").render("en") == "Exhaust and blowoff through a sump"
    assert lowered.render("es").startswith("escape")
    back = Message.from_dict(Message("x", {"title": lowered}).to_dict()).args["title"]
    assert back == lowered
    first_stored = {
        "id": "x",
        "args": {"title": {"kind": "Title", "requirement": "SEW-EXHAUST-SUMP"}},
    }
    assert Message.from_dict(first_stored).args["title"] == Title("SEW-EXHAUST-SUMP")


def test_a_misdemeanor_referral_reads_in_each_language() -> None:
    from sanitas.ordinance.general import penalties

    message = penalties._MISDEMEANOR["at"](
        cite=Name("'65 Code § 6-8.129"),
        title=Title("SEW-EXHAUST-SUMP", lower=True),
        subject=Name("6 Las Tunas Dr"),
        fine=Money(1000),
        months=Count(6),
    )
    assert render(message) == (
        "The violation of '65 Code § 6-8.129, exhaust and blowoff through a sump, at 6 Las Tunas "
        "Dr is a misdemeanor that may be referred for prosecution: a fine of up to $1,000, up to "
        "6 months' imprisonment, or both."
    )
    spanish = render(message, "es")
    assert "es un delito menor" in spanish and "una multa de hasta" in spanish
    assert "6 meses de prisión" in spanish
    chinese = render(message, "zh-Hant")
    assert "輕罪" in chinese and "罰款" in chinese and "6個月以下監禁" in chinese


class _Facts:
    """The facts a reference looks up, by id."""

    def __init__(self, *facts: object) -> None:
        self.facts = {fact.id: fact for fact in facts}

    def get(self, ident: object) -> object:
        return self.facts.get(ident) if isinstance(ident, str) else ident


def test_a_permit_and_a_notice_are_named_in_the_readers_words(monkeypatch) -> None:
    from types import SimpleNamespace

    from sanitas.ordinance.general import common

    premises = SimpleNamespace(id="p-1", type="premises", address="10 Alhambra Rd")
    permit = SimpleNamespace(id="k-1", type="permit", number="HC-2025-304", premises="p-1")
    notice = SimpleNamespace(id="n-1", type="notice", kind="nov", issued_on=date(2025, 3, 2))
    ctx = _Facts(premises, permit, notice)
    named = common.ref(ctx, "k-1")
    assert named.render("en") == "permit HC-2025-304 for 10 Alhambra Rd"
    assert named.render("es") == "el permiso HC-2025-304 para 10 Alhambra Rd"
    assert named.render("zh-Hant") == "10 Alhambra Rd的許可證HC-2025-304"
    assert common.ref(ctx, "n-1", capital=True).render("en") == (
        "The notice of violation of 2025-03-02"
    )
    assert common.ref(ctx, "n-1").render("zh-Hant") == "2025年3月2日的違規通知"
    pile = SimpleNamespace(id="x-1", type="pile")
    monkeypatch.setitem(common._REF_NAMERS, "pile", lambda ctx, fact, capital: Word("the pile"))
    assert common.ref(ctx, pile) == Word("the pile")


# --------------------------------------------------------------------------- readings, problems


def test_the_scenarios_edible_food_readings_and_data_problems_are_messages() -> None:
    """Every reading an edible food finding of the scenarios relied on and every data
    problem the edible food scenarios report is a message, said whole in Spanish and
    Chinese: no placeholder left, no English word but the names and keys the records
    hold."""
    from .area_messages import area_requirements, english_left, readings_and_problems

    requirements = area_requirements("sanitas.ordinance.edible_food")
    said = readings_and_problems(("efg-", "org-annual-report"), requirements)
    ids = {message.id for _, message, _ in said if isinstance(message, Message)}
    assert {
        "efr.reading.implied-threshold",
        "efr.reading.located-by-premises",
        "efr.reading.record-grace",
        "efr.problem.agreement-ends-before-start",
        "efr.problem.agreement-before-opening",
    } <= ids, ids
    for name, message, english in said:
        assert isinstance(message, Message), (name, english)
        assert render(message) == english
        for language in ("es", "zh-Hant"):
            text = render(message, language)
            assert "{" not in text and text != english, (name, language, text)
            assert not english_left(message, language), (name, language, text)
        stored = json.loads(json.dumps(message.to_dict()))
        assert Message.from_dict(stored) == message


def test_the_records_reading_follows_the_number_of_days() -> None:
    """The day a month's pounds are due on record is the pack's number of days after the
    month ends, its plural in each language; the quoted "per month" is the ordinance's,
    said in the reader's quotation marks."""
    from sanitas.ordinance.edible_food import generators

    one, many = generators._RECORD_GRACE(days=Count(1)), generators._RECORD_GRACE(days=Count(30))
    assert render(many).startswith("A month's pounds are due on record 30 days after the month")
    assert render(one).startswith("A month's pounds are due on record 1 day after the month")
    assert 'asks for pounds "per month" and sets no day' in render(many)
    assert "30 días después del fin del mes" in render(many, "es")
    assert "1 día después del fin del mes" in render(one, "es")
    assert "«por mes»" in render(many, "es")
    assert render(many, "zh-Hant").startswith("每月磅數須於該月結束後30天列入紀錄")


def test_an_agreement_dated_before_its_partner_opened_names_both_parties() -> None:
    from sanitas.ordinance.edible_food import common

    message = common._AGREEMENT_BEFORE_OPENING(
        generator=Name("Early Foods"),
        partner=Name("New Pantry"),
        start=Day(date(2024, 5, 31)),
        opened=Day(date(2024, 6, 1)),
    )
    assert render(message) == (
        "The food recovery agreement between Early Foods and New Pantry starts on 2024-05-31, "
        "before New Pantry opened on 2024-06-01."
    )
    assert render(message, "es") == (
        "El acuerdo de recuperación de alimentos entre Early Foods y New Pantry comienza el 31 "
        "de mayo de 2024, antes de que New Pantry abriera el 1 de junio de 2024."
    )
    assert render(message, "zh-Hant") == (
        "Early Foods與New Pantry之間的食物回收協議開始日為2024年5月31日，"
        "早於New Pantry於2024年6月1日開業之時。"
    )


def test_the_edible_food_messages_hold_to_the_legal_glossary() -> None:
    """Every efr.* message (explanations, readings, data problems) and every word the
    edible food modules carry is translated in Spanish and Chinese, keeps its
    placeholders and uses the glossary's words where its English uses a legal term."""
    from sanitas.ordinance.edible_food import common, generators, recovery

    from .area_messages import area_words, held_to_glossary

    words = area_words(common, generators, recovery, tiers)
    assert len(words) > 10
    # an event that charges admission asks a price, no charge of the law
    problems = held_to_glossary("efr.", words, {"that charges admission": ("charge",)})
    assert not problems, "\n".join(problems)
