"""The reports in a real browser (Debian's Chromium, headless, through Playwright), on
a phone (390 px) and a desk (1280 px): a FOG inspector opens Reports from the
navigation, starts the FOG program report for the default period, is told of a
period that ends before it starts, follows the build's job to its end, and reads the
finished report with its files to download. Every page passes axe-core's WCAG 2.1
AA rules.

Screenshots go to ``$SANITAS_SCREENSHOTS`` (a temporary folder if unset)."""

from __future__ import annotations

import re

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Page, expect

from sanitas.jobs.models import Job
from sanitas.jobs.tasks import run_job

from ..browser import axe, city, sign_in  # noqa: F401  (city: a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


def _build_the_fog_report(page: Page, folder, tmp_path, width: str) -> None:
    sign_in(page)
    if width == "390":
        page.get_by_role("button", name="Menu").click()
    page.get_by_role("link", name="Reports", exact=True).click()
    page.wait_for_url(re.compile(r"/reports/$"))
    assert axe(page) == []
    page.get_by_role("link", name="Build or read the FOG program report").click()
    page.wait_for_url(re.compile(r"/reports/fog/$"))
    # the year before the worklist's day (the test city is swept as of 2025-03-01)
    expect(page.get_by_label("Period starts")).to_have_value("2024-01-01")
    expect(page.get_by_label("Period ends")).to_have_value("2024-12-31")
    page.screenshot(path=folder / f"report-start-{width}.png", full_page=True)
    assert axe(page) == []

    page.get_by_label("Period ends").fill("2023-06-30")
    page.get_by_role("button", name="Build the report").click()
    error = page.locator("#id_end_error")
    expect(error).to_contain_text("before it starts")
    described = page.get_by_label("Period ends").get_attribute("aria-describedby") or ""
    assert described.split() == ["id_end_error", "id_end_hint"]
    page.screenshot(path=folder / f"report-error-{width}.png", full_page=True)
    assert axe(page) == []
    assert not Job.objects.exists()

    page.get_by_label("Period ends").fill("2024-12-31")
    page.get_by_role("button", name="Build the report").click()
    page.wait_for_url(re.compile(r"/jobs/\d+/$"))
    job = Job.objects.get()
    assert job.kind == "report" and job.params["report"] == "fog"
    run_job.call(job.pk)  # what the worker does
    # the job's page follows the job and loads again when it ends
    expect(page.get_by_role("link", name="The report and its files")).to_be_visible(timeout=15000)
    page.get_by_role("link", name="The report and its files").click()
    page.wait_for_url(re.compile(rf"/reports/builds/{job.pk}/$"))
    expect(page.get_by_role("heading", name="FOG program report", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="Pump-outs and manifests")).to_be_visible()
    expect(page.get_by_text("FOG-MIN-FREQUENCY").first).to_be_visible()
    page.screenshot(path=folder / f"report-finished-{width}.png", full_page=True)
    assert axe(page) == []

    with page.expect_download() as download:
        page.get_by_role("link", name="Workbook (XLSX)").click()
    path = tmp_path / f"fog-{width}.xlsx"
    download.value.save_as(path)
    sheet = load_workbook(path)["Figures"]
    labels = [row[1] for row in sheet.iter_rows(min_row=6, values_only=True)]
    assert "Full pump-outs done in the period" in labels


def test_the_fog_report_on_a_phone(phone, shots, tmp_path):
    _build_the_fog_report(phone, shots, tmp_path, "390")


def test_the_fog_report_on_a_desk(desk, shots, tmp_path):
    _build_the_fog_report(desk, shots, tmp_path, "1280")


def _read_the_annual_report(page: Page, folder, width: str) -> None:
    """A coordinator builds the SB 1383 annual report and reads it by § 18994.2."""
    from django.contrib.auth.models import Group, User

    from sanitas.reports import ear, services

    from ..browser import PASSWORD

    coordinator = User.objects.create_user("linh", "linh@example.org", PASSWORD)
    coordinator.groups.add(Group.objects.get_or_create(name="sb1383_coordinator")[0])
    sign_in(page, "linh")
    page.goto("/reports/sb1383/")
    # the test city holds no notice or citation: the form says its figures of them are zero
    expect(page.get_by_role("status")).to_contain_text("No notice or citation is on record yet")
    expect(page.get_by_label("Period starts")).to_have_value("2024-01-01")
    assert axe(page) == []
    job = services.start_report(
        report="sb1383",
        start=ear.reporting_period(2024)[0],
        end=ear.reporting_period(2024)[1],
        as_of=ear.reporting_period(2024)[1],
        user=coordinator,
    )
    run_job.call(job.pk)
    page.goto(f"/reports/builds/{job.pk}/")
    expect(page.get_by_role("heading", name="§ 18994.2(g) Edible food recovery")).to_be_visible()
    expect(page.get_by_text("18994.2(h)(1)").first).to_be_visible()
    expect(page.get_by_role("rowheader", name="Not applicable").first).to_be_visible()
    expect(page.get_by_role("rowheader", name="Enter in the EAR yourself").first).to_be_visible()
    page.screenshot(path=folder / f"report-ear-{width}.png", full_page=True)
    assert axe(page) == []


def test_the_annual_report_by_subsection_on_a_phone(phone, shots):
    _read_the_annual_report(phone, shots, "390")


def test_the_annual_report_by_subsection_on_a_desk(desk, shots):
    _read_the_annual_report(desk, shots, "1280")
