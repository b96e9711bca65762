"""Two people in two browsers change the same pump-out (Debian's Chromium through
Playwright): the first saves; the second, saving a change of another field, is shown
nothing was stored, who changed what and when, field by field beside their own, and a
form holding the first's version with their change on top — saved, both stand. The
page passes axe-core's WCAG 2.1 AA rules. Screenshots go to ``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import Page, expect

from sanitas.records.models import RECORD_MODELS

from ..browser import DESK, PASSWORD, axe, city, new_context, sign_in  # noqa: F401  (city)

pytestmark = pytest.mark.django_db(transaction=True)
EDIT = "/records/po-2024-10/edit/"


@pytest.fixture
def two(browser, live_server, city) -> Iterator[tuple[Page, Page]]:  # noqa: F811
    """The inspector's browser and Juan's, each signed in."""
    juan = User.objects.create_user("juan", "juan@example.org", PASSWORD)
    juan.first_name, juan.last_name = "Juan", "Ortiz"
    juan.save()
    juan.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    User.objects.filter(username="inspector").update(first_name="Maria", last_name="Lopez")
    contexts = [
        new_context(browser, live_server.url, viewport=DESK, bypass_csp=True) for _ in range(2)
    ]
    pages = [context.new_page() for context in contexts]
    sign_in(pages[0], "inspector")
    sign_in(pages[1], "juan")
    yield pages[0], pages[1]
    for context in contexts:
        context.close()


def test_the_second_person_sees_the_first_change_and_loses_nothing(two, shots):
    maria, juan = two
    maria.goto(EDIT)
    juan.goto(EDIT)
    maria.get_by_label(re.compile("^Hauler name")).fill("Foothill Pumping")
    maria.get_by_label(re.compile("^Reason for the change")).fill("hauler's letterhead")
    maria.get_by_role("button", name="Save the new version").click()
    expect(maria.locator(".usa-alert--success")).to_contain_text("a new version is kept")
    juan.get_by_label(re.compile("^Water gallons")).fill("900")
    juan.get_by_label(re.compile("^Reason for the change")).fill("manifest re-read")
    juan.get_by_role("button", name="Save the new version").click()
    conflict = juan.locator(".conflict")
    expect(conflict).to_contain_text("Nothing was stored: Maria Lopez changed this pump-out")
    expect(conflict).to_contain_text(
        "Maria Lopez changed “Hauler name”; you changed “Water gallons”: both can stand"
    )
    rows = juan.locator(".conflict__fields tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Valley Grease Haulers")
    expect(rows.nth(0)).to_contain_text("Foothill Pumping")
    expect(rows.nth(1)).to_contain_text("900")
    # the form holds her version with his change on top; nothing stored yet
    expect(juan.get_by_label(re.compile("^Hauler name"))).to_have_value("Foothill Pumping")
    expect(juan.get_by_label(re.compile("^Water gallons"))).to_have_value(re.compile("^900"))
    assert RECORD_MODELS["pump_out"].objects.get(key="po-2024-10").water_gallons == 790
    juan.screenshot(path=shots / "record-form-conflict-desk.png", full_page=True)
    assert axe(juan) == []
    juan.get_by_role("button", name="Save my change on top of theirs").click()
    expect(juan.locator(".usa-alert--success")).to_contain_text("a new version is kept")
    stored = RECORD_MODELS["pump_out"].objects.get(key="po-2024-10")
    assert (stored.hauler_name, stored.water_gallons) == ("Foothill Pumping", 900)
