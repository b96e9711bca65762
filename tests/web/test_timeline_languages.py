"""The timeline's, the audit page's and the two-people conflict's words in the reader's
language: what was recorded, changed and voided, the findings' status changes, the
cases' assignments and notes, the audit's actions and record types, and the sentence
that says another person changed the record first; in Spanish and Traditional
Chinese when the browser asks for them, names and values as recorded, and English
still English."""

from __future__ import annotations

import html
import re
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.casework import services as casework
from sanitas.ordinance.document import read_data
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
PUMP_OUT = "po-2024-10"
HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}
SAID = {
    "en": {
        "recorded": "Pump-out recorded",
        "changed": "Hauler name changed Valley Grease Haulers → Foothill Pumping",
        "found": "Found violation",
        "case": "Case assigned to Juan Ortiz",
        "note": "Note: Called the owner",
        "evaluation": "Sanitas (evaluation of the rules)",
        "audit action": ">changed<",
        "audit type": "Pump-out",
        "conflict": "Maria Lopez changed this pump-out on",
        "both": "you changed “Water gallons”: both can stand.",
    },
    "es": {
        "recorded": "Vaciado: registrado",
        "changed": "Nombre del transportista cambió: Valley Grease Haulers → Foothill Pumping",
        "found": "Hallado: infracción",
        "case": "Caso asignado a Juan Ortiz",
        "note": "Nota: Called the owner",
        "evaluation": "Sanitas (evaluación de las reglas)",
        "audit action": ">cambiado<",
        "audit type": "Vaciado",
        "conflict": "Este registro (vaciado) fue cambiado por Maria Lopez el",
        "both": "ambos cambios pueden mantenerse.",
    },
    "zh-Hant": {
        "recorded": "抽除已登錄",
        "changed": "清運業者名稱已變更：Valley Grease Haulers → Foothill Pumping",
        "found": "判定為違規",
        "case": "案件已指派給Juan Ortiz",
        "note": "備註：Called the owner",
        "evaluation": "Sanitas（規則評估）",
        "audit action": ">變更<",
        "audit type": "抽除",
        "conflict": "Maria Lopez於",
        "both": "兩者可以並存。",
    },
}


def _person(username: str, first: str, last: str, role: str, language: str) -> Client:
    user = User.objects.create_user(username, f"{username}@example.org", "a-long-password-1")
    user.first_name, user.last_name = first, last
    user.save()
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    client = Client(HTTP_ACCEPT_LANGUAGE=HEADER[language])
    client.force_login(user)
    return client


def _posted(client: Client, url: str) -> dict[str, Any]:
    form = client.get(url).context["form"]
    data: dict[str, Any] = {}
    for bound in form:
        value = bound.value()
        if value is None or bound.name == "id":
            continue
        if isinstance(value, list | tuple):
            data[bound.name] = [str(v) for v in value]
        elif isinstance(value, date):
            data[bound.name] = value.strftime("%m/%d/%Y")
        else:
            data[bound.name] = str(value)
    return data


def _text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_the_timeline_audit_and_conflict_speak_the_readers_language(language):
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=date(2025, 3, 1))
    said = SAID[language]
    maria = _person("maria", "Maria", "Lopez", "fog_inspector", language)
    juan = _person("juan", "Juan", "Ortiz", "fog_inspector", language)
    sam = _person("sam", "Sam", "Reyes", "supervisor", language)

    # two people change the same pump-out: the second is told, in their language
    edit = reverse("web:record_edit", args=[PUMP_OUT])
    theirs, mine = _posted(maria, edit), _posted(juan, edit)
    saved = maria.post(edit, {**theirs, "hauler_name": "Foothill Pumping", "why": "letterhead"})
    assert saved.status_code == 302
    refused = juan.post(edit, {**mine, "water_gallons": "900", "why": "manifest re-read"})
    assert refused.status_code == 409
    conflict = _text(refused)
    assert said["conflict"] in conflict and said["both"] in conflict

    ortiz = User.objects.get(username="juan")
    casework.assign_case(
        subject="jade-gi",
        requirement="FOG-MIN-FREQUENCY",
        assignee=ortiz,
        actor=User.objects.get(username="sam"),
    )
    casework.add_note(
        subject="jade-gi", requirement="FOG-MIN-FREQUENCY", text="Called the owner", actor=ortiz
    )
    url = reverse("web:timeline", args=["jade-garden"])
    timeline = " ".join(_text(sam.get(url, {"page": page})) for page in range(1, 4))
    for key in ("recorded", "changed", "found", "case", "note", "evaluation"):
        assert said[key] in timeline, key

    audit = sam.get(reverse("web:audit"), {"findings": "on"}).content.decode()
    assert said["audit action"] in audit and said["audit type"] in audit
    assert said["evaluation"] in audit

    if language != "en":
        english = SAID["en"]
        for key in ("recorded", "case", "evaluation"):
            assert english[key] not in timeline, key
        assert english["audit action"] not in audit
        assert english["conflict"] not in conflict and english["both"] not in conflict


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ("none", "yes", "1,000", "2.5", "grease trap")),
        ("es", ("sin valor", "sí", "1\u00a0000", "2,5", "trampa de grasa")),
        ("zh-hant", ("無", "是", "1000", "2.5", "隔油器")),
    ],
)
def test_a_changed_fields_values_are_written_the_languages_way(language, said):
    from django.utils import translation

    from sanitas.web.timeline import _value

    with translation.override(language):
        shown = (_value(None), _value(True), _value(1000), _value(2.5), _value("grease_trap"))
    assert shown == said
