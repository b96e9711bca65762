"""Contractors in a real browser (Debian's Chromium through Playwright), at a phone's
width and a desk's: the permit clerk reads a permit's contractor and the warning of its
licence, opens the contractor's page and its permits, and records as a contractor the
name typed on an older permit; every page fits the screen with no sideways scrolling
and passes axe-core's WCAG 2.1 AA rules. Screenshots go to ``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import expect

from sanitas.records.models import RECORD_MODELS

from ..browser import PASSWORD, axe, city, sign_in  # noqa: F401  (city: a fixture)
from .test_browser_phone import SMALL_TARGETS
from .test_contractor_pages import contractors  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def clerk(city, contractors):  # noqa: F811  (the block first, then the permits swept after it)
    user = User.objects.create_user("permits", "permits@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    return user


def _sideways(page) -> int:
    """How many pixels the page is wider than the screen."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def _checked(page, shots, name: str, *mine: str) -> None:
    """No sideways scrolling, a screenshot, axe-core clean; on a phone, every target
    of ``mine`` (the parts of the page this work adds) at least 44 × 44 px."""
    assert _sideways(page) <= 0, name
    if page.viewport_size["width"] < 500:
        for root in mine:
            found = page.evaluate(SMALL_TARGETS, [44, root])
            assert found["measured"] > 0 and found["small"] == [], (name, root, found)
    page.screenshot(path=shots / f"contractor-{name}.png", full_page=True)
    assert axe(page) == [], name


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_the_clerk_follows_a_contractor_and_records_one(request, where, shots, clerk):
    page = request.getfixturevalue(where)
    sign_in(page, "permits")
    page.goto("/subjects/p-70/")
    row = page.locator(".permit-contractor")
    expect(row).to_contain_text("Bolt Pipe (city business licence BL-20417, in force to May 20")
    expect(row.locator(".permit-contractor__warning")).to_contain_text(
        "The contractor's licence: due May 20, 2025"
    )
    _checked(page, shots, f"permit-warned-{where}", ".permit-contractor")

    row.get_by_role("link", name="Bolt Pipe").click()
    page.wait_for_url(re.compile(r"/subjects/ctr-bolt/$"))
    held = page.locator(".contractor-permits")
    expect(held.locator("h2")).to_have_text("The 3 permits it holds")
    expect(held.locator("tbody tr")).to_have_count(3)
    expect(held).to_contain_text("HC-2025-074")
    _checked(page, shots, f"page-{where}", ".contractor-permits")
    held.get_by_role("link", name="HC-2025-071").click()
    page.wait_for_url(re.compile(r"/subjects/p-71/$"))
    expect(page.locator(".permit-contractor__warning")).to_contain_text("has not started")

    page.goto("/subjects/p-73/")
    typed = page.locator(".permit-contractor")
    expect(typed).to_contain_text("Typed on the permit")
    _checked(page, shots, f"permit-typed-{where}")  # its one link is in a sentence
    typed.get_by_role("link", name="Record Acme Sewer as a contractor").click()
    page.wait_for_url(re.compile(r"/record/contractor/"))
    expect(page.locator("#id_name")).to_have_value("Acme Sewer")
    page.locator("#id_id").fill("ctr-acme")
    page.locator("#id_license_number").fill("BL-40001")
    _checked(page, shots, f"form-{where}")
    page.get_by_role("button", name=re.compile("^Record the")).click()
    page.wait_for_url(re.compile(r"/subjects/p-73/$"))  # back to the permit it came from
    page.goto("/subjects/ctr-acme/")
    expect(page.locator("h1")).to_contain_text("Acme Sewer")
    expect(page.locator(".contractor-permits")).to_contain_text(
        "No permit names this contractor as the pipe layer."
    )
    stored = RECORD_MODELS["contractor"].objects.get(key="ctr-acme")
    assert (stored.name, stored.license_number) == ("Acme Sewer", "BL-40001")
    assert str(stored.license_expires_on) == "2025-05-10"
    _checked(page, shots, f"new-{where}")
