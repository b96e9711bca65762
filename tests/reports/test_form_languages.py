"""The report form in the reader's language: its labels, and its refusal of dates
that do not make a period, in Spanish and Traditional Chinese when the browser asks
for them, and English still English; the form refuses what the service refuses."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.jobs.models import Job
from sanitas.reports.forms import period_errors
from sanitas.reports.services import period_problems

pytestmark = pytest.mark.django_db

HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}
#: Accept-Language → (a label, the period backwards, a year out of reach)
SAID = {
    "en": (
        "Period starts",
        "The period ends (2025-01-01) before it starts.",
        "1800-01-01 is outside the years a report may cover",
    ),
    "es": (
        "Inicio del período",
        "El período termina (2025-01-01) antes de comenzar.",
        "1800-01-01 está fuera de los años que puede abarcar un informe",
    ),
    "zh-Hant": (
        "期間開始日",
        "期間的結束日（2025-01-01）早於開始日。",
        "1800-01-01 超出報告可涵蓋的年份",
    ),
}


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_the_report_forms_words_are_in_the_readers_language(client, language):
    user = User.objects.create_user("cora", "cora@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="sb1383_coordinator")[0])
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = HEADER[language]
    label, backwards, beyond = SAID[language]
    start = reverse("reports:start", args=["sb1383"])

    page = client.get(reverse("reports:report", args=["sb1383"])).content.decode()
    assert label in page
    answer = client.post(start, {"start": "2025-12-31", "end": "2025-01-01", "as_of": "2025-12-31"})
    assert answer.status_code == 400 and backwards in answer.content.decode()
    answer = client.post(start, {"start": "1800-01-01", "end": "2025-12-31", "as_of": "2025-12-31"})
    assert answer.status_code == 400 and beyond in answer.content.decode()
    if language != "en":
        assert SAID["en"][0] not in page and SAID["en"][2] not in answer.content.decode()
    assert not Job.objects.exists()


@pytest.mark.parametrize(
    ("start", "end", "as_of"),
    [
        (date(2025, 1, 1), date(2025, 12, 31), date(2025, 12, 31)),
        (date(2025, 12, 31), date(2025, 1, 1), date(2025, 12, 31)),
        (date(2025, 6, 1), date(2025, 12, 31), date(2025, 1, 1)),
        (date(1800, 1, 1), date(2025, 12, 31), date(9999, 12, 31)),
        (date(1800, 1, 1), date(1700, 1, 1), date(1600, 1, 1)),
    ],
)
def test_the_form_names_the_fields_the_service_names(start, end, as_of):
    said = [name for name, _words in period_errors(start=start, end=end, as_of=as_of)]
    refused = [
        line.partition(":")[0] for line in period_problems(start=start, end=end, as_of=as_of)
    ]
    assert said == refused
