"""A record's page names its fields and their values in the reader's language: the
record form's labels, a choice's word, a date as the language writes it, yes or no;
names, addresses and free text as recorded; in English the field's name as before and a
choice in words ("grease interceptor", never as stored)."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.ordinance.document import read_data
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}
SAID = {
    "en": ["capacity gallons", "grease interceptor", "2016-04-01", "approved yes"],
    "es": ["Capacidad en galones", "interceptor de grasa", "1 de abril de 2016", "sí"],
    "zh-Hant": ["容量（加侖）", "油脂截流器", "2016年4月1日", "是"],
}


def _text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_a_devices_fields_read_in_the_readers_language(language):
    record_facts(
        raw_facts=read_data(ROOT / "examples" / "city-block.yaml")["facts"],
        actor="clerk",
        why="block survey",
    )
    sweep(as_of=date(2025, 3, 1))
    user = User.objects.create_user("ana", "ana@example.org", "a-long-password-1")
    user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    client = Client(HTTP_ACCEPT_LANGUAGE=HEADER[language])
    client.force_login(user)
    page = client.get(reverse("staff:subject", kwargs={"key": "jade-gi"}))
    assert page.status_code == 200
    text = _text(page).lower()
    for words in SAID[language]:
        assert words.lower() in text, (language, words)
    # a choice is said in words in every language, never as stored
    assert "grease_interceptor" not in text
    if language != "en":
        assert "capacity gallons" not in text
