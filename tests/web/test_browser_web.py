"""The staff shell in a real browser (Debian's Chromium, headless, through
Playwright): an inspector on a phone searches a misspelled restaurant, opens its
page, goes to the worklist, assigns a case and downloads the worklist as XLSX,
which is read back; every new page passes axe-core's WCAG 2.1 AA rules at a
phone's size and a desk's.

Screenshots go to ``$SANITAS_SCREENSHOTS`` (a temporary folder if unset), for a
person to look at.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from sanitas.records.models import Finding

from ..browser import (  # the block of Las Tunas Drive, signing in, axe-core
    PASSWORD,
    axe,
    city,  # noqa: F401  (a fixture)
    search_from_the_shell,
    sign_in,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_inspector_on_a_phone_finds_a_restaurant_and_exports_the_worklist(phone, shots):
    page = phone
    sign_in(page)
    page.screenshot(path=shots / "worklist-phone.png", full_page=True)

    search_from_the_shell(page, "jade gardn")  # misspelled
    results = page.locator("table.search-results tbody tr")
    expect(results.first).to_contain_text("Jade Garden")
    page.screenshot(path=shots / "search-phone.png", full_page=True)
    results.first.get_by_role("link", name="Jade Garden").tap()
    page.wait_for_url(re.compile(r"/businesses/jade-garden/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Jade Garden")
    expect(page.locator(".business-summary")).to_contain_text("101 Las Tunas Dr")
    expect(page.locator(".business-summary")).to_contain_text("Jade Holdings LLC")
    expect(page.locator("table.open-items")).to_contain_text("Interceptor pump-out frequency")
    page.screenshot(path=shots / "business-phone.png", full_page=True)

    # the pump-out case, from the business page: assign it to oneself
    page.locator(
        "table.open-items tbody tr", has_text="Interceptor pump-out frequency"
    ).first.get_by_role("link", name="Case").tap()
    page.wait_for_url(re.compile(r"/cases/jade-gi/FOG-MIN-FREQUENCY/$"))
    page.get_by_label("Assign to").select_option(label="inspector")
    page.get_by_role("button", name="Save assignment").tap()
    expect(page.locator(".assignee")).to_contain_text("inspector (you)")
    page.screenshot(path=shots / "case-phone.png", full_page=True)

    page.goto("/")
    row = page.locator(
        "table.findings tbody tr", has=page.locator("code", has_text="FOG-MIN-FREQUENCY")
    )
    expect(row.first.locator("td[data-label='Assigned']")).to_have_text("inspector")

    with page.expect_download() as download:
        page.get_by_role("link", name="Excel (XLSX)").tap()
    data = Path(download.value.path()).read_bytes()
    sheet = load_workbook(io.BytesIO(data)).active
    rows = [[cell.value for cell in r] for r in sheet.iter_rows()]
    header = rows[0]
    open_fog = Finding.objects.filter(
        current=True, status__in=("due", "overdue", "violation")
    ).filter(requirement__regex=r"^(FOG-|SEW-GREASE-)")
    assert len(rows) - 1 == open_fog.count()
    keys = {(r[header.index("Subject key")], r[header.index("Requirement ID")]) for r in rows[1:]}
    assert ("jade-gi", "FOG-MIN-FREQUENCY") in keys
    mine = [
        r
        for r in rows[1:]
        if r[header.index("Subject key")] == "jade-gi"
        and r[header.index("Requirement ID")] == "FOG-MIN-FREQUENCY"
    ]
    assert {r[header.index("Assigned to")] for r in mine} == {"inspector"}
    assert {r[header.index("Requirement")] for r in mine} == {"Interceptor pump-out frequency"}


NEW_PAGES = (
    "/",
    "/search/?q=jade+gardn",
    "/establishments/",
    "/premises/",
    "/permits/",
    "/haulers/",
    "/food-recovery/",
    "/businesses/jade-garden/",
    "/cases/jade-gi/FOG-MIN-FREQUENCY/",
    "/cases/mine/",
    "/timeline/jade-garden/",
    "/timeline/lot-101/?kind=records",
)


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_every_new_page_passes_axe_wcag_21_aa(request, where, shots):
    page = request.getfixturevalue(where)
    sign_in(page)
    problems = {}
    for path in NEW_PAGES:
        page.goto(path)
        found = axe(page)
        if found:
            problems[path] = found
        name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "worklist"
        page.screenshot(path=shots / f"{name}-{where}.png", full_page=True)
    assert problems == {}


SUPERVISOR_PAGES = ("/audit/", "/audit/?findings=on&why=survey", "/timeline/jade-garden/")


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_the_audit_and_the_timeline_pass_axe_wcag_21_aa_for_a_supervisor(request, where, shots):
    from django.contrib.auth.models import Group, User

    page = request.getfixturevalue(where)
    user = User.objects.create_user(
        "supervisor", "supervisor@example.org", PASSWORD, first_name="Ana", last_name="Reyes"
    )
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    sign_in(page, "supervisor")
    problems = {}
    for path in SUPERVISOR_PAGES:
        page.goto(path)
        found = axe(page)
        if found:
            problems[path] = found
        name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")
        page.screenshot(path=shots / f"supervisor-{name}-{where}.png", full_page=True)
    assert problems == {}
    page.goto("/audit/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Audit of every write")
    expect(page.get_by_role("cell", name="clerk").first).to_be_visible()


@pytest.mark.parametrize(("done", "total", "percent"), [(3, 4, 75), (0, 0, 100), (12, 12, 100)])
def test_a_jobs_bar_shows_how_far_it_got_once_it_has_ended(desk, done, total, percent):
    """The bar's width is set by the page's script (the policy allows no inline
    style): a job that has ended shows its bar as far as it got, not empty."""
    from django.contrib.auth.models import Group, User
    from django.utils import timezone

    from sanitas.jobs.models import Job

    user = User.objects.create_user("supervisor", "supervisor@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    now = timezone.now()
    state = "finished" if done == total else "failed"
    job = Job.objects.create(
        kind="sweep",
        started_by=user,
        params={"as_of": "2025-06-30", "full": True},
        state=state,
        started_at=now,
        finished_at=now,
        done=done,
        total=total,
        unit="groups",
        outcome={"as_of": "2025-06-30", "full": True, "groups": done},
    )
    sign_in(desk, "supervisor")
    desk.goto(f"/jobs/{job.pk}/")
    fill = desk.locator(".job-progress__fill")
    expect(fill).to_have_attribute("style", f"width: {percent}%;")
    # and once its half-second transition is over, the bar is that far along
    desk.wait_for_function(
        """(percent) => {
          const track = document.querySelector('.job-progress__track').getBoundingClientRect();
          const fill = document.querySelector('.job-progress__fill').getBoundingClientRect();
          return track.width > 100 && Math.abs(fill.width - track.width * percent / 100) < 2;
        }""",
        arg=percent,
        timeout=5_000,
    )
