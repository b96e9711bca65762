"""A finding the engine said as a message is stored as one (its id and arguments, no
sentence) and read in the reader's language, English included; a second sweep that
finds the same leaves it as it is."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import translation

from sanitas.kit.said import finding_words, reader_language
from sanitas.ordinance.document import read_data
from sanitas.ordinance.messages import Message, render
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.models import Finding, SubjectGroup
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import SHARED_SCENARIOS

pytestmark = pytest.mark.django_db

AS_OF = date(2025, 3, 1)
FACTS = [
    {"id": "fse-1", "type": "establishment", "category": "restaurant", "cooks": True,
     "opened_on": "2019-01-01"},
    {"id": "blk-1", "type": "blockage", "establishment": "fse-1", "date": "2024-11-02"},
]  # fmt: skip


@pytest.fixture
def blockage():
    record_facts(raw_facts=FACTS, actor="clerk", why="a blockage reported", evaluate=False)
    sweep(as_of=AS_OF)
    return Finding.objects.get(current=True, requirement="FOG-DISCHARGE-PROHIBITION")


def test_the_sweep_stores_the_message_and_no_sentence(blockage):
    message = Message.from_dict(blockage.message)
    assert message.id.startswith("fog.discharge")
    assert blockage.explanation == ""  # not rendered to be stored
    said = english(blockage)
    assert said == render(message) and "2024-11-02" in said
    spanish = finding_words(blockage, "es")
    chinese = finding_words(blockage, "zh-Hant")
    assert spanish == render(message, "es") and "2 de noviembre de 2024" in spanish
    assert chinese == render(message, "zh-Hant") and "2024年11月2日" in chinese
    assert finding_words(blockage, "en") == said
    # the history keeps it too, and says it alike
    version = blockage.history.latest()
    assert version.message == blockage.message and english(version) == said


def test_a_permits_lapse_is_stored_as_its_message():
    """The permit rules say their findings as messages (sanitas/ordinance/permits/): a
    permit's lapse is stored as its id and arguments, no sentence, and said from them
    in English as the rule says it and in Spanish."""
    lapse = read_data(SHARED_SCENARIOS / "prm-permit-lapse.yaml")
    record_facts(raw_facts=lapse["facts"], actor="clerk", why="two permits", evaluate=False)
    sweep(as_of=date.fromisoformat(str(lapse["as_of"])))
    found = list(Finding.objects.filter(current=True, requirement="PRM-LAPSE"))
    assert found, "the scenario's permits lapse or run"
    for finding in found:
        message = Message.from_dict(finding.message)
        assert message.id.startswith("prm.lapse.") and finding.explanation == ""
        assert english(finding) == render(message) and "permit" in english(finding)
        assert finding_words(finding, "es") == render(message, "es") != english(finding)


def test_a_page_reads_it_in_the_active_language(blockage):
    with translation.override("zh-hant"):
        assert reader_language() == "zh-Hant"
        assert finding_words(blockage) == render(Message.from_dict(blockage.message), "zh-Hant")
    with translation.override("es"):
        assert finding_words(blockage) == render(Message.from_dict(blockage.message), "es")
    with translation.override("fr"):
        assert reader_language() == "en" and finding_words(blockage) == english(blockage)


def test_a_second_sweep_that_finds_the_same_leaves_it(blockage):
    updated = blockage.updated_at
    result = sweep(as_of=AS_OF, full=True)
    blockage.refresh_from_db()
    assert result.findings_updated == 0 and blockage.updated_at == updated


def test_a_finding_without_a_message_and_one_no_longer_declared_read_in_english(blockage):
    plain = {"explanation": "As recorded.", "message": None}
    assert finding_words(plain, "es") == "As recorded."
    gone = {"explanation": "As recorded.", "message": {"id": "no.such.message", "args": {}}}
    assert finding_words(gone, "zh-Hant") == "As recorded."
    # with no sentence stored, a message this engine no longer declares is said by its id
    assert english({"explanation": "", "message": {"id": "no.such.message"}}) == "no.such.message"


def test_a_message_read_back_from_the_database_is_the_engines_when_its_json_is(blockage):
    """With the stored digests forgotten, the sweep compares each finding as stored
    with the engine's: the message read back from the database is equal and leaves the
    finding as it is; a message that differs is stored again, its English with it."""
    updated = blockage.updated_at
    SubjectGroup.objects.update(findings_digest="")
    result = sweep(as_of=AS_OF, full=True)
    blockage.refresh_from_db()
    assert result.findings_updated == 0 and blockage.updated_at == updated

    said = blockage.message
    Finding.objects.filter(pk=blockage.pk).update(
        message={"id": "fog.no.such", "args": {}}, explanation="Other words."
    )
    SubjectGroup.objects.update(findings_digest="")
    result = sweep(as_of=AS_OF, full=True)
    blockage.refresh_from_db()
    assert result.findings_updated == 1 and blockage.message == said
    assert blockage.explanation == "" and english(blockage) == render(Message.from_dict(said))


def test_a_finding_stored_with_its_english_beside_the_message_is_stored_again_without(
    blockage,
):
    """Findings stored before kept the message's English beside it: the next full sweep
    stores the message alone, without a new version of the finding."""
    versions = blockage.history.count()
    said = english(blockage)
    Finding.objects.filter(pk=blockage.pk).update(explanation=said)
    SubjectGroup.objects.update(findings_digest="")
    result = sweep(as_of=AS_OF, full=True)
    blockage.refresh_from_db()
    assert result.findings_updated == 1 and blockage.explanation == ""
    assert english(blockage) == said and blockage.history.count() == versions


def test_a_message_stored_in_the_first_longer_form_is_read_and_stored_again_short(blockage):
    """Findings stored before the short form carry each argument's kind by name: they
    read the same in every language, and the next full sweep stores them short,
    without a new version of the finding (its status has not changed)."""
    short = blockage.message
    first = {
        "id": short["id"],
        "args": {"date": {"kind": "Day", "value": {"date": "2024-11-02"}}, **{
            name: value for name, value in short["args"].items() if name != "date"
        }},
    }  # fmt: skip
    assert "date" in short["args"] and Message.from_dict(first) == Message.from_dict(short)
    versions = blockage.history.count()
    Finding.objects.filter(pk=blockage.pk).update(message=first)
    blockage.refresh_from_db()
    assert finding_words(blockage, "es") == render(Message.from_dict(short), "es")
    SubjectGroup.objects.update(findings_digest="")
    result = sweep(as_of=AS_OF, full=True)
    blockage.refresh_from_db()
    assert result.findings_updated == 1 and blockage.message == short
    assert blockage.history.count() == versions
