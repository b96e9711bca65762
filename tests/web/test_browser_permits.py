"""A permit's pages in a real browser (Debian's Chromium through Playwright), at a
phone's width and a desk's: the page of a permit in each state, the permits list and
the refusal of a second certificate fit the screen with no sideways scrolling and pass
axe-core's WCAG 2.1 AA rules; the clerk drafts the one certificate of a ready permit
from its page. Screenshots go to ``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import expect

from sanitas.notices.models import Notice

from ..browser import PASSWORD, axe, city, sign_in  # noqa: F401  (city: a fixture)
from .test_permit_page import permits  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = (
    "/subjects/p-60/",  # active, ready
    "/subjects/p-61/",  # not started
    "/subjects/p-62/",  # lapsed
    "/subjects/p-63/",  # finaled
    "/subjects/p-65/",  # its fees unpaid
    "/permits/",
    "/permits/?status=void",
)


@pytest.fixture
def clerk(city, permits):  # noqa: F811  (the block first, then the permits swept after it)
    user = User.objects.create_user("permits", "permits@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    return user


def _sideways(page) -> int:
    """How many pixels the page is wider than the screen."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_the_permit_pages_fit_the_screen_and_pass_axe(request, where, shots, clerk):
    page = request.getfixturevalue(where)
    sign_in(page, "permits")
    problems, wide = {}, {}
    for path in PAGES:
        page.goto(path)
        found = axe(page)
        if found:
            problems[path] = found
        if _sideways(page) > 0:
            wide[path] = _sideways(page)
        name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")
        page.screenshot(path=shots / f"permit-{name}-{where}.png", full_page=True)
    assert problems == {}
    assert wide == {}


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_the_clerk_drafts_the_one_certificate_and_a_second_is_refused(request, where, shots, clerk):
    page = request.getfixturevalue(where)
    sign_in(page, "permits")
    page.goto("/subjects/p-60/")
    expect(page.locator(".permit-status")).to_contain_text("Active")
    page.get_by_role("button", name="Issue the certificate of final inspection").click()
    page.wait_for_url(re.compile(r"/notices/\d+/$"))
    expect(page.locator("main")).to_contain_text("Acme Sewer")
    assert Notice.objects.filter(subject="p-60", kind="final_certificate").count() == 1
    # the finaled permit: the draft page offers none, and says why with a link
    page.goto("/record/final_certificate/?permit=p-63&near=p-63")
    page.locator("#id_date").fill("04/30/2025")
    page.get_by_role("button", name=re.compile("^Record the")).click()
    refusal = page.locator(".certificate-blockers")
    expect(refusal).to_contain_text("already issued")
    assert _sideways(page) <= 0
    page.screenshot(path=shots / f"permit-second-certificate-refused-{where}.png", full_page=True)
    assert axe(page) == []
    refusal.get_by_role("link").first.click()
    page.wait_for_url(re.compile(r"/subjects/fc-63/$"))
