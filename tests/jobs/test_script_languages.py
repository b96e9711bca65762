"""The words the pages' scripts write are the page's, in its language: the job page
gives progress.js its "about … left" (data-say-left), the FOG step gives
inspection.js the figure's sentences (data-say-*), a reference field gives web.js the
picker's "… chosen." and "… added."; each with the placeholders the script fills, in
Spanish and Traditional Chinese when the browser asks for them, and in English."""

from __future__ import annotations

import html
import re
from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.casework.services import start_visit
from sanitas.jobs import services
from sanitas.ordinance.document import read_data
from sanitas.records.services import record_facts

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}
SAID = {
    "en": {
        "left": "about %(left)s left",
        "empty": "Type the three depths.",
        "deeper": "FOG and solids cannot be deeper than the total liquid depth.",
        "over": "%(percent)s percent: above the %(limit)s percent limit",
        "within": "%(percent)s percent: within the %(limit)s percent limit",
        "chosen": "%(record)s chosen.",
        "added": "%(record)s added.",
        "found": "3 records found",
    },
    "es": {
        "left": "faltan unos %(left)s",
        "empty": "Escriba las tres profundidades.",
        "deeper": "El FOG y los sólidos no pueden tener más profundidad que la profundidad "
        "total del líquido.",
        "over": "%(percent)s por ciento: por encima del límite del %(limit)s por ciento",
        "within": "%(percent)s por ciento: dentro del límite del %(limit)s por ciento",
        "chosen": "Se eligió %(record)s.",
        "added": "Se agregó %(record)s.",
        "found": "Se encontraron 3 registros",
    },
    "zh-Hant": {
        "left": "約剩 %(left)s",
        "empty": "請輸入三項深度。",
        "deeper": "油脂（FOG）與固體的深度不得超過液體總深度。",
        "over": "百分之 %(percent)s：超過百分之 %(limit)s 的上限",
        "within": "百分之 %(percent)s：未超過百分之 %(limit)s 的上限",
        "chosen": "已選擇「%(record)s」。",
        "added": "已加入「%(record)s」。",
        "found": "找到 3 筆紀錄",
    },
}


def _said(page: str, name: str) -> str:
    found = re.search(rf'data-say-{name}="([^"]*)"', page)
    assert found, f"no data-say-{name}"
    return html.unescape(found.group(1))


@pytest.fixture
def supervisor(client, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    record_facts(
        raw_facts=read_data(ROOT / "examples" / "city-block.yaml")["facts"],
        actor="clerk",
        why="block survey",
    )
    user = User.objects.create_user("sam", "sam@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    client.force_login(user)
    return user


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_the_scripts_sentences_come_from_the_page_in_its_language(client, supervisor, language):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = HEADER[language]
    said = SAID[language]

    job = services.start_job(kind="sweep", params={}, user=supervisor)
    page = client.get(reverse("jobs:job", args=[job.pk])).content.decode()
    assert _said(page, "left") == said["left"]

    visit = start_visit(
        kind="fog", subject="jade-garden", visit_date=date(2025, 3, 1), actor=supervisor
    )
    step = reverse("casework:inspection_step", args=[visit.pk, "interceptor"])
    page = client.get(step).content.decode()
    for name in ("empty", "deeper", "over", "within"):
        assert _said(page, name) == said[name], name

    page = client.get(reverse("web:record_new", args=["pump_out"])).content.decode()
    assert _said(page, "chosen") == said["chosen"]
    page = client.get(reverse("web:record_new", args=["training"])).content.decode()
    assert _said(page, "added") == said["added"]

    found = client.get(reverse("web:pick"), {"q": "jade-emp", "types": "employee"}).json()
    assert found["status"] == said["found"] and len(found["results"]) == 3


#: Accept-Language → a running job's progress in words, as the bar shows it
PROGRESS = {
    "en": ("Running", "250 of 1,000 subject groups", "30 seconds", "2 h 05 min"),
    "es": ("En curso", "250 de 1\u00a0000 grupos de sujetos", "30 segundos", "2 h 05 min"),
    "zh-Hant": ("執行中", "250／1000 個對象群組", "30 秒", "2 小時 05 分"),
}


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_a_jobs_progress_is_said_in_the_readers_language(client, supervisor, language):
    from django.utils import translation

    from sanitas.jobs import selectors

    job = services.start_job(kind="sweep", params={}, user=supervisor)
    services.mark_running(job)
    services.report_progress(job, done=250, total=1000, message="sweeping")
    job.refresh_from_db()
    state, counted, soon, later = PROGRESS[language]
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = HEADER[language]
    polled = client.get(reverse("jobs:progress", args=[job.pk])).json()
    assert polled["state_label"] == state and polled["counted"] == counted
    with translation.override("zh-hant" if language == "zh-Hant" else language):
        near = selectors.progress(job, now=job.started_at + timedelta(seconds=10))
        far = selectors.progress(job, now=job.started_at + timedelta(seconds=2500))
    assert near["time_left"] == soon and far["time_left"] == later
