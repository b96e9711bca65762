"""The general provisions' readings and data problems as messages: the reading of
§ 10.99 a misdemeanor referral relies on, and an inspection listing violations at a
thing before it existed, each read in Spanish and Traditional Chinese from the
catalogs, held to the legal glossary, and the English as it was always written."""

from __future__ import annotations

import re

import pytest

from sanitas.ordinance.messages import Message, render

from .catalog_forms import catalog_forms
from .support import evaluate
from .test_fog_messages import read_in_each_language, recorded_words, scenarios


def test_the_scenarios_general_readings_and_data_problems_read_in_each_language() -> None:
    """Every reading a general finding of the scenarios relied on, and every data
    problem a general rule reported, is a declared general message; it reads in Spanish
    and Chinese with no English left but the names and keys the facts hold, and goes to
    JSON and back saying the same English."""
    said = []
    for facts, evaluation in scenarios():
        recorded = recorded_words(facts)
        for finding in evaluation.findings:
            if finding.requirement.startswith("GEN-") and finding.reading is not None:
                said.append((finding.reading, finding.reading_text, recorded))
        for problem in evaluation.data_problems:
            if getattr(problem.problem, "id", "").startswith("gen."):
                said.append((problem.problem, problem.text, recorded))
    ids = {message.id for message, _, _ in said if isinstance(message, Message)}
    assert ids >= {"gen.reading.section-10-99", "gen.problem.inspection-before-opened"}
    for message, english, recorded in said:
        assert message.id.startswith(("gen.reading.", "gen.problem.")), message.id
        read_in_each_language(message, english, recorded)


def test_the_reading_of_section_10_99_keeps_the_printed_words_and_names_the_misdemeanor() -> None:
    from sanitas.ordinance.general import penalties

    reading = penalties.SECTION_10_99_READING
    assert render(reading) == (
        'Chapter 51 prints "Penalty, see § 10.99" without the section\'s text; § 10.99 is read '
        "as the general misdemeanor limit of Cal. Gov. Code § 36901."
    )
    spanish, chinese = render(reading, "es"), render(reading, "zh-Hant")
    assert '"Penalty, see § 10.99"' in spanish and "delito menor" in spanish
    assert "§ 36901 del Código de Gobierno de California" in spanish
    assert '"Penalty, see § 10.99"' in chinese and "輕罪" in chinese and "§ 36901" in chinese


_DEVICE = {
    "id": "gi-1",
    "type": "device",
    "establishment": "cafe",
    "kind": "grease_interceptor",
    "installed_on": "2025-03-01",
}
_CAFE = {"id": "cafe", "type": "establishment", "category": "restaurant", "name": "Cafe Uno"}


@pytest.mark.parametrize(
    ("facts", "english", "spanish", "chinese"),
    [
        (
            [{**_CAFE, "opened_on": "2025-03-01"}],
            "The inspection of 2025-02-28 lists violations at Cafe Uno, which opened only on "
            "2025-03-01.",
            "La inspección del 28 de febrero de 2025 registra infracciones en Cafe Uno, que abrió "
            "recién el 1 de marzo de 2025.",
            "2025年2月28日的檢查列出Cafe Uno的違規事項，但其遲至2025年3月1日才開業。",
        ),
        (
            [_CAFE, _DEVICE],
            "The inspection of 2025-02-28 lists violations at the grease interceptor of Cafe Uno, "
            "which was installed only on 2025-03-01.",
            "La inspección del 28 de febrero de 2025 registra infracciones en el interceptor de "
            "grasa de Cafe Uno, que se instaló recién el 1 de marzo de 2025.",
            "2025年2月28日的檢查列出Cafe Uno的油脂截流器的違規事項，但其遲至2025年3月1日才安裝。",
        ),
    ],
)
def test_an_inspection_before_its_subject_existed_is_said_in_each_language(
    facts: list, english: str, spanish: str, chinese: str
) -> None:
    subject = facts[-1]["id"]
    inspection = {
        "id": "i-1",
        "type": "inspection",
        "subject": subject,
        "date": "2025-02-28",
        "violations": ["FOG-SANITARY-FIXTURES"],
    }
    evaluation = evaluate([*facts, inspection], "2025-05-01")
    (problem,) = evaluation.data_problems
    assert problem.facts == ("i-1", subject) and problem.text == english
    assert render(problem.problem, "es") == spanish
    assert render(problem.problem, "zh-Hant") == chinese
    read_in_each_language(problem.problem, english, recorded_words(facts))


def test_each_way_a_thing_came_to_exist_has_its_own_message() -> None:
    """A thing opened, installed, built, connected or issued: the inspection before it
    is said with the verb its record has, in every language."""
    from sanitas.ordinance.general.common import EXISTED_FROM
    from sanitas.ordinance.general.observations import _BEFORE_IT_EXISTED

    assert set(_BEFORE_IT_EXISTED) == {said for _, said in EXISTED_FROM}
    chinese = set()
    for said, make in _BEFORE_IT_EXISTED.items():
        assert make.template.english.endswith(f", which {said} only on {{since}}.")
        assert make.template.id.startswith("gen.problem.inspection-before-")
        chinese.add(render(make(date="d", subject="s", since="t"), "zh-Hant"))
    assert len(chinese) == len(_BEFORE_IT_EXISTED)  # each verb its own words


def test_the_general_messages_hold_to_the_legal_glossary() -> None:
    """Where a general message's English uses a legal term (a misdemeanor, a penalty,
    a violation), its Spanish and Chinese use the glossary's words for it and never the
    forbidden ones, and keep every placeholder."""
    from sanitas.notices.kinds import _held_to_glossary
    from sanitas.ordinance.messages import TEMPLATES

    ours = [t for ident, t in TEMPLATES.items() if ident.startswith("gen.")]
    assert len([t for t in ours if t.id.startswith(("gen.reading.", "gen.problem."))]) == 6
    problems = []
    for language, template, english, text in catalog_forms(ours):
        words = re.sub(r"\{\w+\}", "", english)
        assert text != english or not any(c.isalpha() for c in words), template.id
        names = set(re.findall(r"\{\w+\}", template.english + (template.plural or "")))
        assert set(re.findall(r"\{\w+\}", text)) <= names, (language, template.id)
        assert set(re.findall(r"\{\w+\}", english)) <= set(re.findall(r"\{\w+\}", text)), (
            language,
            template.id,
        )
        problems += _held_to_glossary(language, template.id, english, text)
    assert not problems, "\n".join(problems)
