"""The staff pages show what a finding says in the page's language: a finding the
engine said as a message is rendered from its catalogs, one whose rule writes its own
sentence is shown in the English it was stored with."""

from __future__ import annotations

from datetime import date
from html import unescape

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.kit.said import finding_words
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

pytestmark = pytest.mark.django_db

FACTS = [
    {"id": "fse-sol", "type": "establishment", "name": "Taquería El Sol",
     "category": "restaurant", "cooks": True, "opened_on": "2019-01-01"},
    {"id": "blk-sol", "type": "blockage", "establishment": "fse-sol", "date": "2024-11-02"},
]  # fmt: skip


@pytest.fixture
def blockage():
    record_facts(raw_facts=FACTS, actor="clerk", why="a blockage reported", evaluate=False)
    sweep(as_of=date.today())
    return Finding.objects.get(current=True, requirement="FOG-DISCHARGE-PROHIBITION")


def _supervisor(client, language: str) -> None:
    user = User.objects.create_user("ana", "ana@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    client.force_login(user)
    client.post(reverse("people:language"), {"language": language, "next": "/"})


@pytest.mark.parametrize(("language", "engine"), [("es", "es"), ("zh-hant", "zh-Hant")])
def test_a_findings_explanation_is_shown_in_the_pages_language(client, blockage, language, engine):
    assert blockage.message is not None
    words = finding_words(blockage, engine)
    assert words != english(blockage)
    _supervisor(client, language)
    for url in (
        reverse("staff:subject", kwargs={"key": "blk-sol"}),
        reverse("staff:worklist") + "?q=blk-sol",
    ):
        page = unescape(client.get(url).content.decode())
        assert words in page, url
        assert english(blockage) not in page, url


def test_in_english_the_stored_sentence_is_shown(client, blockage):
    _supervisor(client, "en")
    page = unescape(
        client.get(reverse("staff:subject", kwargs={"key": "blk-sol"})).content.decode()
    )
    assert english(blockage) in page
