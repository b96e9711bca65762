"""A design's runs in a real browser (Debian's Chromium through Playwright): a permit
clerk records a house-connection design with three runs on a phone and at a desk,
adding, moving and removing rows with the page's script, each row's inputs labelled,
its buttons at least 44 by 44 px, and axe-core finding no WCAG 2.1 AA violation; without
script the same buttons post the form and bring it back with the row added and every
value kept. Screenshots go to ``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import Page, expect

from sanitas.records.bridge import record_to_fact
from sanitas.records.models import RECORD_MODELS

from ..browser import PASSWORD, axe, city, new_context, sign_in  # noqa: F401  (city: a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

FORM = "/record/connection_design/?near=prm-224"

#: the runs typed, in the order they are typed (the third is then moved up)
RUNS = [
    {"from": "street_sewer", "to": "property_line", "diameter_in": "6", "material": "cast_iron",
     "length_ft": "25", "fall_ft": "0.6", "depth_ft": "5", "in_street": "yes"},
    {"from": "bend_1", "to": "building", "diameter_in": "4", "material": "cast_iron",
     "length_ft": "12", "fall_ft": "0.3"},
    {"from": "property_line", "to": "bend_1", "diameter_in": "4", "material": "cast_iron",
     "length_ft": "40", "fall_ft": "1", "cleanout": "yes"},
]  # fmt: skip


@pytest.fixture
def clerk(db):
    user = User.objects.create_user("permits", "permits@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    return user


def _fill(page: Page, index: int, run: dict[str, str]) -> None:
    row = page.locator(".record-row").nth(index)
    for key, value in run.items():
        if value == "yes":
            row.locator(f'label[for="id_segments-{index}-{key}_0"]').click()
        else:
            label = {"from": "From", "to": "To", "material": "Material"}.get(key)
            field = (
                row.get_by_label(re.compile(f"^{label}( |$)"))
                if label
                else row.locator(f'[name="segments-{index}-{key}"]')
            )
            field.fill(value)


def _values(page: Page) -> list[str]:
    return [
        page.locator(f'[name="segments-{i}-from"]').input_value()
        for i in range(page.locator(".record-row").count())
    ]


def _small_targets(page: Page) -> list[str]:
    small = []
    for button in page.locator(".record-rows button:visible").all():
        box = button.bounding_box()
        if box and (box["width"] < 44 or box["height"] < 44):
            small.append(f"{button.inner_text()}: {box['width']:.0f}x{box['height']:.0f}")
    return small


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_a_design_with_three_runs_is_recorded_row_by_row(request, where, clerk, shots):
    page = request.getfixturevalue(where)
    sign_in(page, "permits")
    page.goto(FORM)
    page.locator("#id_id").fill(f"d-224-{where}")
    page.locator("#id_permit").select_option("prm-224")
    page.get_by_label(re.compile("^Persons served")).fill("4")
    # one empty run to begin with: its heading, its labelled inputs
    expect(page.locator(".record-row")).to_have_count(1)
    expect(page.locator(".record-row__heading").first).to_have_text("Run 1")
    _fill(page, 0, RUNS[0])
    add = page.get_by_role("button", name="Add a run")
    for index in (1, 2):
        add.click()
        expect(page.locator(".record-row")).to_have_count(index + 1)
        # the new row's first input has the focus, and its heading its number
        expect(page.locator(f'[name="segments-{index}-from"]')).to_be_focused()
        expect(page.locator(".record-row__heading").nth(index)).to_have_text(f"Run {index + 1}")
        _fill(page, index, RUNS[index])
    # the third run belongs second: moved up, with its values and its yes
    page.get_by_role("button", name="Move up (Run 3)", exact=True).click()
    assert _values(page) == ["street_sewer", "property_line", "bend_1"]
    expect(page.locator('[name="segments-1-length_ft"]')).to_have_value("40")
    expect(page.locator("#id_segments-1-cleanout_0")).to_be_checked()
    expect(page.locator("#id_segments-0-in_street_0")).to_be_checked()
    expect(page.get_by_role("button", name="Move up (Run 2)", exact=True)).to_be_focused()
    expect(page.locator(".record-rows__status")).to_have_text("Moved: it is now Run 2.")
    # a fourth row added by mistake, removed
    add.click()
    page.get_by_role("button", name="Remove (Run 4)", exact=True).click()
    expect(page.locator(".record-row")).to_have_count(3)
    expect(page.locator('[name="segments-count"]')).to_have_value("3")
    # the first row cannot move up, nor the last down
    expect(page.get_by_role("button", name="Move up (Run 1)", exact=True)).to_be_hidden()
    expect(page.get_by_role("button", name="Move down (Run 3)", exact=True)).to_be_hidden()
    if where == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert _small_targets(page) == []
    page.screenshot(path=shots / f"design-three-runs-{where}.png", full_page=True)
    assert axe(page) == []
    page.get_by_role("button", name="Record the connection design").click()
    page.wait_for_url(re.compile(r"/subjects/|/records/"))
    stored = record_to_fact(RECORD_MODELS["connection_design"].objects.get(key=f"d-224-{where}"))
    assert stored["permit"] == "prm-224" and stored["persons_served"] == 4
    assert stored["segments"] == [
        {"from": "street_sewer", "to": "property_line", "diameter_in": 6.0,
         "material": "cast_iron", "length_ft": 25.0, "fall_ft": 0.6, "depth_ft": 5.0,
         "in_street": True},
        {"from": "property_line", "to": "bend_1", "diameter_in": 4.0, "material": "cast_iron",
         "length_ft": 40.0, "fall_ft": 1.0, "cleanout": True},
        {"from": "bend_1", "to": "building", "diameter_in": 4.0, "material": "cast_iron",
         "length_ft": 12.0, "fall_ft": 0.3},
    ]  # fmt: skip


def test_a_bad_length_in_run_3_is_shown_beside_it_and_in_the_summary(desk, clerk, shots):
    page = desk
    sign_in(page, "permits")
    page.goto(FORM)
    page.locator("#id_id").fill("d-224-bad")
    page.locator("#id_permit").select_option("prm-224")
    page.get_by_label(re.compile("^Persons served")).fill("4")
    add = page.get_by_role("button", name="Add a run")
    for index, run in enumerate(RUNS):
        if index:
            add.click()
        _fill(page, index, {**run, "length_ft": "0"} if index == 2 else run)
    page.get_by_role("button", name="Record the connection design").click()
    summary = page.locator(".error-summary")
    expect(summary).to_contain_text("Run 3, Length (feet)")
    expect(page.locator("#id_segments-2-length_ft_error")).to_be_visible()
    expect(page.locator('[name="segments-2-length_ft"]')).to_have_value("0")
    assert _values(page) == ["street_sewer", "bend_1", "property_line"]
    summary.get_by_role("link", name="Run 3, Length (feet)").click()
    expect(page.locator('[name="segments-2-length_ft"]')).to_be_focused()
    page.screenshot(path=shots / "design-run-error-desk.png", full_page=True)
    assert axe(page) == []
    assert not RECORD_MODELS["connection_design"].objects.filter(key="d-224-bad").exists()


@pytest.mark.usefixtures("city")
def test_without_script_the_buttons_post_the_form_and_keep_every_value(
    browser, live_server, clerk, shots
):
    context = new_context(
        browser, live_server.url, viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = context.new_page()
    try:
        sign_in(page, "permits")
        page.goto(FORM)
        page.locator("#id_id").fill("d-224-plain")
        page.get_by_label(re.compile("^Persons served")).fill("4")
        _fill(page, 0, RUNS[0])
        page.get_by_role("button", name="Add a run").click()
        page.wait_for_load_state()
        expect(page.locator(".record-row")).to_have_count(2)
        expect(page.locator('[name="segments-1-from"]')).to_be_focused()
        expect(page.locator('[name="segments-0-length_ft"]')).to_have_value("25")
        expect(page.locator("#id_segments-0-in_street_0")).to_be_checked()
        expect(page.get_by_label(re.compile("^Persons served"))).to_have_value("4")
        _fill(page, 1, RUNS[2])
        page.get_by_role("button", name="Move up (Run 2)", exact=True).click()
        page.wait_for_load_state()
        assert _values(page) == ["property_line", "street_sewer"]
        assert page.locator(".error-summary").count() == 0
        page.screenshot(path=shots / "design-runs-no-script-phone.png", full_page=True)
        # Enter in an input saves the form, as its last button does, not a row's button
        page.locator('[name="segments-1-material"]').press("Enter")
        page.wait_for_url(re.compile(r"/subjects/|/records/"))
        stored = record_to_fact(RECORD_MODELS["connection_design"].objects.get(key="d-224-plain"))
        assert [run["from"] for run in stored["segments"]] == ["property_line", "street_sewer"]
    finally:
        context.close()
