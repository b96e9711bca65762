"""The record forms in a real browser (Debian's Chromium through Playwright): an
inspector records an inspection, picking the business by typing part of its name,
sees the errors beside their fields, and the form's pages pass axe-core's WCAG 2.1
AA rules at a phone's size and a desk's. Screenshots go to ``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from sanitas.records.models import RECORD_MODELS

from ..browser import axe, city, sign_in  # noqa: F401  (city: a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

FORM_PAGES = (
    "/record/pump_out/?near=jade-garden",
    "/record/inspection/",
    "/record/training/?near=jade-garden",
    # a list of objects: a charge's costs, as rows (tests/web/test_browser_record_rows.py)
    "/record/noncompliance_charge/?near=jade-garden",
    "/records/jade-gi/edit/",
    "/records/jade-gi/void/",
)


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_an_inspection_is_recorded_with_the_picker_and_errors_show_beside_fields(
    request,
    where,
    shots,
):
    page = request.getfixturevalue(where)
    sign_in(page)
    page.goto("/record/inspection/")
    subject = page.get_by_role("combobox", name=re.compile("^Subject"))
    subject.press_sequentially("jade gard", delay=30)
    option = page.get_by_role("option", name=re.compile("Jade Garden"))
    expect(option.first).to_be_visible()
    option.first.click()
    expect(subject).to_have_value(re.compile("^jade-"))
    # a bad date and a percentage beyond 100: the page says what to fix, field by field
    page.locator("#id_date").fill("13/45/2025")
    page.get_by_label(re.compile("^FOG solids percent depth")).fill("140")
    page.get_by_role("button", name="Record the inspection").click()
    summary = page.locator(".error-summary")
    expect(summary).to_contain_text("Nothing was stored")
    expect(page.locator("#id_date_error")).to_contain_text("mm/dd/yyyy")
    expect(page.locator("#id_fog_solids_percent_depth_error")).to_contain_text("100")
    page.screenshot(path=shots / f"record-form-error-{where}.png", full_page=True)
    assert axe(page) == []
    assert not RECORD_MODELS["inspection"].objects.filter(inspector="").exists()


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_the_record_form_pages_pass_axe_wcag_21_aa(request, where, shots):
    page = request.getfixturevalue(where)
    sign_in(page)
    problems = {}
    for path in FORM_PAGES:
        page.goto(path)
        found = axe(page)
        if found:
            problems[path] = found
        name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")
        page.screenshot(path=shots / f"{name}-{where}.png", full_page=True)
    assert problems == {}
