"""The reports on the demo city: the SB 1383 figures for 2025 as of its last day
against counts of the stored records made here with the ORM, and the
Implementation Record's sheets with as many rows as the records they list."""

from __future__ import annotations

import time
from datetime import date
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from sanitas.jobs.services import jobs_dir
from sanitas.jobs.tasks import run_job
from sanitas.records.models import RECORD_MODELS
from sanitas.reports import services

from .conftest import user

pytestmark = pytest.mark.django_db
START, END = date(2025, 1, 1), date(2025, 12, 31)


def _live(fact_type: str):
    return RECORD_MODELS[fact_type].objects.filter(voided_at__isnull=True)


@pytest.fixture
def demo(demo_city, data_dir):
    """The demo city as of 2026-06-15, a copy for the module (tests/conftest.py); the
    reports evaluate the city themselves, as of their own day."""
    return demo_city


def _build(report: str, who):
    job = services.start_report(report=report, start=START, end=END, as_of=END, user=who)
    began = time.monotonic()
    run_job.call(job.pk)
    job.refresh_from_db()
    assert job.state == "finished", job.message
    return job, time.monotonic() - began


def test_the_demo_citys_sb1383_figures_and_implementation_record(demo):
    sam = user("sam-reports", "supervisor")
    job, took = _build("sb1383", sam)
    got = {f["label"]: f["value"] for s in job.outcome["sections"] for f in s["figures"]}
    classes = [
        "Single-family premises",
        "Multi-family premises",
        "Commercial premises",
        "Premises of non-local entities",
        "Premises whose class the records do not decide",
    ]
    assert sum(got[label] for label in classes) == _live("premises").count()
    assert got["Commercial premises"] > 0 and got["Single-family premises"] > 0

    visits = (
        _live("inspection")
        .filter(date__range=(START, END))
        .exclude(program__in=["fog", "sewer", "solid_waste"])
    )
    assert (
        got["Inspections made by the city in the period"] == visits.exclude(by_hauler=True).count()
    )
    label = "Route reviews and cart checks made by the franchised hauler in the period"
    assert got[label] == visits.filter(by_hauler=True).count()
    label = "Inspections and route reviews that found prohibited contaminants"
    assert got[label] == visits.filter(contamination=True).count()

    notices = _live("notice").filter(issued_on__range=(START, END), requirement__startswith="ORG-")
    assert got["Notices of violation issued in the period"] == notices.filter(kind="nov").count()
    citations = _live("citation").filter(
        issued_on__range=(START, END), requirement__startswith="ORG-"
    )
    assert got["Administrative citations issued in the period"] == citations.count()
    assessed = sum(
        Decimal(v)
        for k, v in got.items()
        if k.startswith("Citations for a") and k.endswith("penalties assessed")
    )
    assert assessed == sum((c.amount or Decimal(0) for c in citations), Decimal(0))
    waivers = _live("waiver").filter(granted_on__range=(START, END))
    assert (
        got["De minimis waivers granted in the period"] == waivers.filter(kind="de_minimis").count()
    )
    print(f"\nSB 1383 figures of the demo city built in {took:.1f} s")

    record, took = _build("implementation_record", sam)
    book = load_workbook(jobs_dir() / record.outcome["folder"] / "report.xlsx")
    assert book["Premises"].max_row - 1 == _live("premises").count()
    assert book["Notices"].max_row - 1 == notices.count()
    assert book["Citations"].max_row - 1 == citations.count()
    assert book["Inspections"].max_row - 1 == visits.count()
    keys = set(_live("premises").values_list("key", flat=True))
    assert not keys & {row[0] for row in book["Premises"].iter_rows(min_row=2, values_only=True)}
    print(f"Implementation Record of the demo city built in {took:.1f} s")


def test_the_demo_report_form_offers_a_period_with_enforcement_or_says_why(demo, client):
    """The form's default period on the demo city: the last complete reporting period
    that holds an SB 1383 notice or citation, or the last complete one with the reason
    it shows none."""
    from django.urls import reverse

    from sanitas.kit.selectors import worklist_date
    from sanitas.reports.forms import ReportForm, last_complete_year
    from sanitas.reports.selectors import enforcement_years

    client.force_login(user("sam-form", "supervisor"))
    page = client.get(reverse("reports:report", args=["sb1383"])).content.decode()
    years = enforcement_years("ORG-")
    enforced = {
        day.year
        for fact_type in ("notice", "citation")
        for day in _live(fact_type)
        .filter(requirement__startswith="ORG-")
        .dates("issued_on", "year")
    }
    assert years == sorted(enforced)
    today = worklist_date()
    offered = ReportForm.defaults(today, report="sb1383", years=years)
    assert f'value="{offered["start"].isoformat()}"' in page
    assert f'value="{offered["end"].isoformat()}"' in page
    last = last_complete_year(today, report="sb1383")
    held = _live("notice").filter(
        requirement__startswith="ORG-", issued_on__range=(offered["start"], offered["end"])
    )
    if offered["end"].year == last and held.exists():
        assert "usa-alert--info" not in page
    else:  # an earlier period, or one with no enforcement: the form says why
        assert "usa-alert--info" in page and "No notice or citation" in page
    print(
        f"\nthe demo's enforcement years {years}; the form offers {offered['start']} to "
        f"{offered['end']} as of {today}, {held.count()} SB 1383 notices in it"
    )
