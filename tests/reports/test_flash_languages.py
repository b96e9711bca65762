"""The reports' names and descriptions, the message after a build is started and the
reports' refusals in the language a person keeps on their account (Spanish,
Traditional Chinese, English still English); the files a build writes name the report
in English, whatever language the page that started it or the worker speaks."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from sanitas.jobs.models import Job
from sanitas.jobs.services import JobError, jobs_dir
from sanitas.jobs.tasks import run_job
from sanitas.people import services as people
from sanitas.reports import services

from .conftest import AS_OF, END, START, user

LANGUAGES = ["en", "es", "zh-hant"]
DATES = {"start": START.isoformat(), "end": END.isoformat(), "as_of": AS_OF.isoformat()}

#: each language's words, with {job} for the build's job (the English byte for byte)
SAID = {
    "en": {
        "name": "SB 1383 annual report figures",
        "fog": "FOG program report",
        "description": "What the city reports to the state each year about its Chapter 50",
        "started": "The SB 1383 annual report figures is being built (job {job}).",
        "workbook": "Workbook (XLSX)",
    },
    "es": {
        "name": "Cifras del informe anual de SB 1383",
        "fog": "Informe del programa de grasas, aceites y sebo (FOG)",
        "description": "Lo que la ciudad informa al estado cada año sobre su programa SB 1383",
        "started": (
            "Se está generando el informe «Cifras del informe anual de SB 1383» (proceso {job})."
        ),
        "workbook": "Libro de cálculo (XLSX)",
    },
    "zh-hant": {
        "name": "SB 1383 年度報告數據",
        "fog": "油脂（FOG）計畫報告",
        "description": "市政府每年就第 50 章 SB 1383 計畫向州政府申報的內容",
        "started": "正在產生SB 1383 年度報告數據（背景作業 {job}）。",
        "workbook": "活頁簿（XLSX）",
    },
}


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _coordinator(language: str):
    cora = user("cora", "sb1383_coordinator")
    people.set_language(account=cora, language=language)
    return cora


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reports_are_named_and_described_in_the_persons_language(city, client, language):
    client.force_login(_coordinator(language))
    index = _text(client.get(reverse("reports:index")))
    assert SAID[language]["name"] in index and SAID[language]["fog"] in index
    assert SAID[language]["description"] in index
    page = _text(client.get(reverse("reports:report", args=["sb1383"])))
    assert f"<h1>{SAID[language]['name']}</h1>" in page
    if language != "en":
        assert SAID["en"]["name"] not in index and SAID["en"]["description"] not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_build_started_says_so_and_its_files_name_the_report_in_english(city, client, language):
    client.force_login(_coordinator(language))
    page = client.post(reverse("reports:start", args=["sb1383"]), DATES, follow=True)
    job = Job.objects.get()
    assert page.redirect_chain[-1][0] == reverse("jobs:job", args=[job.pk])
    assert SAID[language]["started"].format(job=job.pk) in _text(page)
    # the job's page names the report in the page's language too
    assert re.search(rf"<h1>[^<]* {job.pk}: {SAID[language]['name']}</h1>", _text(page))
    listed = _text(client.get(reverse("jobs:list")))
    assert f'<span class="job-file">{SAID[language]["name"]}</span>' in listed
    # what the job keeps is English, the page's language notwithstanding
    assert job.params["name"] == "SB 1383 annual report figures"

    # a worker with the page's language still active writes the files in English
    with translation.override(language):
        run_job.call(job.pk)
    job.refresh_from_db()
    assert job.state == "finished", job.message
    assert job.outcome["report"] == "SB 1383 annual report figures"
    folder = jobs_dir() / job.outcome["folder"]
    book = load_workbook(folder / "report.xlsx")
    assert book["Figures"]["A1"].value == "SB 1383 annual report figures"
    assert "SB 1383 annual report figures" in (folder / "report.html").read_text()
    assert (folder / "report.pdf").read_bytes().startswith(b"%PDF")

    built = _text(client.get(reverse("reports:build", args=[job.pk])))
    assert f"<h1>{SAID[language]['name']}</h1>" in built
    assert SAID[language]["workbook"] in built


def test_a_refused_build_says_why_in_the_language_of_the_request(city):
    cora = user("cora", "sb1383_coordinator")
    with translation.override("es"), pytest.raises(JobError) as refused:
        services.start_report(report="fog", start=START, end=END, as_of=END, user=cora)
    assert refused.value.problems == [
        "report: cora no puede generar este informe: "
        "Informe del programa de grasas, aceites y sebo (FOG)"
    ]
    with translation.override("zh-hant"), pytest.raises(JobError) as refused:
        services.start_report(report="sb1383", start=END, end=START, as_of=END, user=cora)
    assert refused.value.problems == ["end：期間的結束日（2025-01-01）早於開始日"]
    with translation.override(None), pytest.raises(JobError) as refused:
        services.start_report(report="fog", start=START, end=END, as_of=END, user=cora)
    assert refused.value.problems == ["report: cora may not build the FOG program report"]
    assert not Job.objects.exists()
