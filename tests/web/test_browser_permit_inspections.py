"""Inspection scheduling in a real browser (Debian's Chromium through Playwright), at a
phone's width and a desk's: the permit clerk asks for the pressure test of a permit's
work from its page for the contractor's call, finds it on the inspector's day, records
it failed with its readings, and asks for it again from the permit's page, the failed
one kept; a final before a passed test is refused in words beside the stage. Each page
fits the screen and passes axe-core's WCAG 2.1 AA rules. Screenshots go to
``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import expect

from sanitas.records.models import RECORD_MODELS

from ..browser import PASSWORD, axe, city, sign_in  # noqa: F401  (city: a fixture)
from .test_permit_inspections import permits  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def clerk(city, permits):  # noqa: F811  (the block first, then the permits swept after it)
    user = User.objects.create_user("scheduler", "scheduler@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    return user


def _sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def _small_targets(page, where: str) -> list[str]:
    """The links and buttons in ``where`` smaller than 44 x 44 CSS pixels."""
    return page.evaluate(
        """(where) => [...document.querySelectorAll(where + ' a, ' + where + ' button')]
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.width < 44 || r.height < 44; })
            .map(e => e.textContent.trim())""",
        where,
    )


def _ask(page, *, stage: str | None, day: str, called_by: str = "") -> None:
    if stage:
        page.locator("#id_stage").select_option(stage)
    page.locator("#id_day").fill(day)
    page.locator("#id_window").select_option("morning")
    page.locator("#id_inspector").fill("Ana Ruiz")
    if called_by:
        page.locator("#id_called_by").fill(called_by)
    page.get_by_role("button", name=re.compile("^Record the")).click()


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_the_clerk_schedules_a_test_records_it_failed_and_asks_again(request, where, shots, clerk):
    page = request.getfixturevalue(where)
    sign_in(page, "scheduler")
    page.goto("/subjects/p-70/")
    section = page.locator(".permit-inspections")
    expect(section).to_contain_text("No inspection has been asked for.")
    section.get_by_role("link", name="Ask for an inspection").click()
    assert axe(page) == [] and _sideways(page) <= 0
    _ask(page, stage="pressure_test", day="05/02/2025", called_by="Luis at Acme Sewer")
    page.wait_for_url(re.compile(r"/subjects/p-70/$"))
    section = page.locator(".permit-inspections")
    expect(section).to_contain_text("Pressure test")
    expect(section).to_contain_text("called in by Luis at Acme Sewer")
    assert axe(page) == [] and _sideways(page) <= 0
    if where == "phone":
        assert _small_targets(page, ".permit-inspections") == []
    page.screenshot(path=shots / f"inspection-asked-{where}.png", full_page=True)

    # the inspector's day, from the navigation
    page.goto("/inspections/?day=2025-05-02")
    expect(page.locator("h1")).to_have_text("Inspections of May 2, 2025")
    expect(page.locator("main")).to_contain_text("Ana Ruiz")
    expect(page.locator("main")).to_contain_text("70 Las Tunas Dr")
    assert axe(page) == [] and _sideways(page) <= 0
    page.screenshot(path=shots / f"inspection-day-{where}.png", full_page=True)
    page.get_by_role("link", name="Record the result").click()

    # failed, with its readings: the pressure test the law reads is recorded
    assert axe(page) == [] and _sideways(page) <= 0
    page.locator("label[for=id_result_1]").click()
    page.get_by_label("Kind of test").select_option("air")
    page.get_by_label("Pressure at the lower end (psi)").fill("3")
    page.locator("label[for=id_leaked_0]").click()
    page.screenshot(path=shots / f"inspection-result-{where}.png", full_page=True)
    page.get_by_role("button", name="Record the result").click()
    page.wait_for_url(re.compile(r"/subjects/p-70/$"))
    (test,) = RECORD_MODELS["pressure_test"].objects.filter(permit="p-70")
    assert test.leaked and test.psi_at_lower_terminus == 3
    section = page.locator(".permit-inspections")
    expect(section).to_contain_text("Failed")

    # asked again: the form opens with the stage and the inspector
    section.get_by_role("link", name="Ask for it again").click()
    expect(page.locator("#id_stage")).to_have_value("pressure_test")
    _ask(page, stage=None, day="05/05/2025")
    page.wait_for_url(re.compile(r"/subjects/p-70/$"))
    section = page.locator(".permit-inspections")
    expect(section.locator("li")).to_have_count(2)
    expect(section).to_contain_text("Failed")
    expect(section).to_contain_text("Not yet inspected")
    assert axe(page) == [] and _sideways(page) <= 0
    page.screenshot(path=shots / f"inspection-asked-again-{where}.png", full_page=True)

    # a final before a passed test: refused beside the stage, in words
    page.goto("/record/inspection_request/?near=p-70&permit=p-70&requested_on=2025-04-30")
    _ask(page, stage="final", day="05/06/2025")
    expect(page.locator("#id_stage_error")).to_contain_text(
        "a final inspection needs a passed pressure test first"
    )
    assert axe(page) == [] and _sideways(page) <= 0
    page.screenshot(path=shots / f"inspection-final-refused-{where}.png", full_page=True)
