"""The SB 1383 enforcement findings as messages: each reads in Spanish and Traditional
Chinese from the catalogs, a notice or citation named by its kind, day and whom it
went to, the ordinals of occasions and violations in each language, and the message
goes to JSON and back whole."""

from __future__ import annotations

import json
import re
import sys
from datetime import date
from pathlib import Path

from sanitas.ordinance.enforcement import common
from sanitas.ordinance.messages import Count, Day, Message, Name, Phrase, Title, Word, render

from .catalog_forms import catalog_forms


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


def _enforcement_findings() -> list:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import english_golden

    from sanitas.ordinance.document import load_document
    from sanitas.ordinance.engine import evaluate_facts

    found = []
    for path in english_golden.scenario_paths():
        document = load_document(path)
        evaluation = evaluate_facts(
            document.facts,
            as_of=document.as_of or date(2025, 1, 1),
            pack=document.pack(),
            holidays=document.holidays,
        )
        found.extend(f for f in evaluation.findings if f.requirement in common.ENFORCEMENT_IDS)
    return found


def test_the_scenarios_enforcement_findings_read_in_each_language() -> None:
    """Every enforcement finding of the scenarios that is a message renders whole in
    Spanish and Chinese (no placeholder left, no English sentence), and goes to JSON
    and back as the same message saying the same English."""
    messages = [f for f in _enforcement_findings() if f.message is not None]
    assert messages, "the scenarios' enforcement findings carry messages"
    for finding in messages:
        message = finding.message
        again = Message.from_dict(json.loads(json.dumps(message.to_dict())))
        assert again == message and render(again) == finding.explanation
        for language in ("es", "zh-Hant"):
            text = render(message, language)
            assert "{" not in text and text != finding.explanation, (language, text)


def test_a_notices_sixty_days_read_in_each_language() -> None:
    from sanitas.ordinance.enforcement import notices

    basis = Phrase(notices._BASIS_DAYS(days=60, due=Day(date(2024, 4, 30))))
    complied = Phrase(notices._COMPLIED_BY_ACT(date=Day(date(2024, 4, 20))))
    message = notices._NOV_LATE(
        notice=_notice_to(),
        requirement=Title("ORG-COM-SELF-INSPECT", lower=True),
        basis=basis,
        complied=complied,
    )
    english = render(message)
    assert english.startswith("The notice of violation of 2024-03-01 to Casa Verde required ")
    assert english.endswith(
        " within 60 days, by 2024-04-30; the records show compliance from 2024-04-20, after "
        "the deadline."
    )
    spanish = render(message, "es")
    assert spanish.startswith("El aviso de infracción del 1 de marzo de 2024 a Casa Verde exigió")
    assert "en un plazo de 60 días, a más tardar el 30 de abril de 2024" in spanish
    assert spanish.endswith("desde el 20 de abril de 2024, después de la fecha límite.")
    chinese = render(message, "zh-Hant")
    assert "60天內（即2024年4月30日前）" in chinese and chinese.endswith("但已逾期限。")
    one_day = notices._BASIS_DAYS(days=1, due=Day(date(2024, 3, 2)))
    assert render(one_day, "es") == "En un plazo de 1 día, a más tardar el 2 de marzo de 2024"
    assert render(one_day) == "within 1 days, by 2024-03-02"  # the English as it always read


def test_a_referral_reads_in_each_language() -> None:
    from sanitas.ordinance.enforcement import notices

    message = notices._REFER[True](
        notice=_notice_to(), due=Day(date(2024, 4, 30)), late=Day(date(2024, 5, 3))
    )
    assert render(message) == (
        "The notice of violation of 2024-03-01 to Casa Verde passed its deadline of 2024-04-30 "
        "without compliance, which came only on 2024-05-03: refer it for an administrative "
        "citation."
    )
    assert "citación administrativa" in render(message, "es")
    assert "el cual solo llegó el 3 de mayo de 2024" in render(message, "es")
    assert render(message, "zh-Hant").endswith("直到2024年5月3日才遵守：請移送開立行政罰單。")


def test_the_enforcement_messages_hold_to_the_legal_glossary() -> None:
    """Where an enforcement message's English uses a legal term (a notice of violation,
    a citation, a penalty, a fine, an appeal, a hearing, a deadline), its Spanish and
    Chinese use the glossary's words for it and never the forbidden ones (a fine is
    never a fee)."""
    from sanitas.notices.kinds import _held_to_glossary
    from sanitas.ordinance.messages import TEMPLATES

    ours = [t for ident, t in TEMPLATES.items() if ident.startswith("enf.")]
    assert len(ours) > 40
    problems = []
    for language, template, english, text in catalog_forms(ours):
        words = re.sub(r"\{\w+\}", "", english)
        assert text != english or not any(c.isalpha() for c in words), template.id
        problems += _held_to_glossary(language, template.id, english, text)
    assert not problems, "\n".join(problems)


def test_noncompliance_reads_in_each_language() -> None:
    from sanitas.ordinance.enforcement import noncompliance

    out = noncompliance._OUT_SPAN(
        subject=Name("Casa Verde", capital=True),
        requirement=Title("ORG-COM-SELF-INSPECT", lower=True),
        count=Count(12),
        first=noncompliance.period_ref("2022-Q1"),
        last=noncompliance.period_ref("2024-Q4"),
    )
    message = noncompliance._CIVIL_NONE(noncompliance=Phrase(out))
    english = render(message)
    assert english.startswith("Casa Verde is out of compliance with ")
    assert english.endswith(
        ", overdue for 12 periods, from the first quarter of 2022 to the fourth quarter of "
        "2024: document the noncompliance and issue a notice of violation."
    )
    spanish = render(message, "es")
    assert "con atraso en 12 períodos, desde el primer trimestre de 2022 hasta el cuarto" in spanish
    assert spanish.endswith("emita un aviso de infracción.")
    chinese = render(message, "zh-Hant")
    assert "自2022年第一季至2024年第四季共12個期間逾期" in chinese
    assert chinese.endswith("並發出違規通知。")
    assert noncompliance.period_ref("2024") == "2024"


def test_a_contamination_reads_in_each_language() -> None:
    from sanitas.ordinance.enforcement import contamination

    found = contamination._FOUND_BY[True, True](
        who=Name("Casa Verde"), date=Day(date(2025, 1, 6)), nth=common.ordinal_ref(3)
    )
    tail = contamination._NOTICE_FOLLOWED(notice=Word("the cart tag"), days=Count(2))
    message = contamination._CONTAMINATION(found=Phrase(found, capital=True), tail=Phrase(tail))
    assert render(message) == (
        "Contamination was found in the containers of Casa Verde by the hauler on 2025-01-06, "
        "the third consecutive occasion, so contamination processing fines may be assessed; "
        "the cart tag followed within 2 days."
    )
    spanish = render(message, "es")
    assert spanish.startswith("El transportista encontró contaminación en los contenedores")
    assert "la tercera ocasión consecutiva" in spanish and "multas" in spanish
    assert spanish.endswith("; la etiqueta de contenedor se emitió dentro de 2 días.")
    chinese = render(message, "zh-Hant")
    assert "連續第三次" in chinese and "罰款" in chinese and chinese.endswith("已於2天內發出。")
    one = contamination._NOTICE_LATE(notice=Word("the cart tag"), days=1, due=Day(date(2025, 1, 7)))
    assert render(one) == "the cart tag came after the 1-day deadline of 2025-01-07"
    assert "plazo de 1 día, que vencía el 7 de enero de 2025" in render(one, "es")


def test_a_citations_support_reads_in_each_language() -> None:
    from sanitas.ordinance.enforcement import citations

    clause = citations._BEFORE_FINES(
        fine_from=common.ordinal_ref(3), date=Day(date(2025, 2, 3)), nth=common.ordinal_ref(2)
    )
    support = citations.Support(False, clause, "Ch. 50 enforcement (D)(3)")
    assert support.why == (
        "is premature: contamination processing fines may be assessed from the third "
        "consecutive occasion, and the latest, on 2025-02-03, was the second"
    )
    citation = Phrase(
        common._SERVED_TO(
            document=Phrase(
                common._EVENT_OF(what=Word("the citation"), date=Day(date(2025, 2, 10)))
            ),
            subject=Name("Casa Verde"),
        ),
        capital=True,
    )
    message = citations._CITATION(citation=citation, why=Phrase(clause))
    assert render(message) == f"The citation of 2025-02-10 to Casa Verde {support.why}."
    spanish = render(message, "es")
    assert spanish.startswith("La citación del 10 de febrero de 2025 a Casa Verde es prematura")
    assert "a partir de la tercera ocasión consecutiva" in spanish
    assert spanish.endswith("fue la segunda.")
    chinese = render(message, "zh-Hant")
    assert chinese.startswith("發給Casa Verde的2025年2月10日的罰單為時過早")
    assert "連續第三次" in chinese and chinese.endswith("為連續第二次。")


def test_a_penalty_against_its_ceiling_reads_in_each_language() -> None:
    from decimal import Decimal

    from sanitas.ordinance.enforcement import penalties
    from sanitas.ordinance.messages import Money

    message = penalties._PENALTY[True, True](
        citation=Word("the citation", capital=True),
        nth=common.ordinal_ref(2),
        subject=Name("Casa Verde"),
        ceiling=Money(200),
        amount=Money(Decimal("250.50")),
        order=Word("the hearing order"),
    )
    assert render(message) == (
        "The citation is the second SB 1383 violation of Casa Verde, so its base penalty may "
        "not exceed $200; it assesses $250.50, as modified by the hearing order, above it."
    )
    spanish = render(message, "es")
    assert spanish.startswith("La citación es la segunda infracción de SB 1383 de Casa Verde")
    assert "multa base" in spanish and spanish.endswith("por encima de ese límite.")
    chinese = render(message, "zh-Hant")
    assert "第二次SB 1383違規" in chinese and "基本罰鍰" in chinese
    assert chinese.endswith("已超過上限。")


def test_an_appeal_reads_in_each_language() -> None:
    from sanitas.ordinance.enforcement import appeals
    from sanitas.ordinance.messages import Money

    message = appeals._DECIDED["modified"](
        citation=Word("the citation"),
        date=Day(date(2024, 2, 5)),
        closes=Day(date(2024, 2, 21)),
        decided=Day(date(2024, 3, 5)),
        amount=Money(100),
    )
    assert render(message) == (
        "A hearing on the citation was requested on 2024-02-05, within the appeal window closing "
        "2024-02-21; the hearing officer's final written order of 2024-03-05 modified the "
        "penalty to $100."
    )
    spanish = render(message, "es")
    assert spanish.startswith("El 5 de febrero de 2024 se solicitó una audiencia sobre la citación")
    assert "orden final por escrito del funcionario de audiencias del 5 de marzo de 2024" in spanish
    chinese = render(message, "zh-Hant")
    assert "上訴期限" in chinese and "聽證官於2024年3月5日作出的最終書面命令" in chinese
    assert set(appeals._DECIDED) == {"upheld", "modified", "dismissed"}
