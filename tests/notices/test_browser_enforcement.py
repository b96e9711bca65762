"""One SB 1383 case from finding to hearing, and one FOG case to a notice that says
"immediately", followed in a real browser (Debian's Chromium, headless) by the roles a
city has — and each role refused the steps that are not its own:

- the SB 1383 coordinator drafts a notice of violation; it may not approve it; a
  supervisor approves it; the coordinator serves it;
- served today, a citation is premature: the page offers none and a forged request is
  refused with the reason; a notice served months ago is past its deadline, so the
  citation is offered, drafted, approved by the supervisor and served;
- the coordinator records the request for a hearing; the supervisor schedules it before
  the hearing officer, who signs in to their own page of hearings and issues the final
  written order with findings and reasons, signed with their name and title;
- the auditor reads it all and is offered no form; a FOG inspector may not open an SB 1383
  notice; the FOG inspector's notice for an interceptor above 25 percent says
  "immediately".

Each page on the way is checked with axe-core for WCAG 2.1 AA, at desk and phone width;
with ``SANITAS_SCREENSHOTS`` naming a folder, the screenshots are kept there."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, expect

from sanitas.notices.models import Hearing, Notice
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..browser import axe
from .conftest import AS_OF, PASSWORD, user
from .test_browser import TIMEOUT_MS, _shot, _sign_in, _text, served_notices_purged

__all__ = ["served_notices_purged"]

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}

#: a second restaurant short of organics service, whose notice was served long ago
PLAZA = [
    {
        "id": "p-plaza",
        "type": "premises",
        "use": "commercial",
        "address": "400 Mission Dr",
        "owner_name": "Plaza Partners LP",
        "owner_tax_address": "PO Box 9, San Gabriel, CA 91778",
    },
    {
        "id": "plaza-deli",
        "type": "establishment",
        "name": "Plaza Deli",
        "category": "restaurant",
        "premises": "p-plaza",
        "opened_on": "2019-02-01",
    },
    {
        "type": "collection_service",
        "premises": "p-plaza",
        "stream": "organics",
        "gallons_per_week": 20,
        "start": "2022-01-01",
    },
    {
        "id": "insp-pho",
        "type": "inspection",
        "subject": "gi-pho",
        "date": "2025-03-01",
        "fog_solids_percent_depth": 40,
    },
]


@pytest.fixture
def cast(settings, city, served_notices_purged):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    record_facts(raw_facts=PLAZA, actor="clerk", why="a second restaurant, an inspection")
    sweep(as_of=AS_OF)
    people = {
        "coordinator": user("coordinator", "sb1383_coordinator"),
        "supervisor": user("supervisor", "supervisor"),
        "judge": user("judge", "hearing_officer"),
        "auditor": user("auditor", "auditor"),
        "ines": user("ines", "fog_inspector"),
    }
    people["judge"].first_name, people["judge"].last_name = "Rosa", "Delgado"
    people["judge"].save()
    return people


def _context(browser: Browser, base_url: str) -> BrowserContext:
    # axe-core is injected as a script: the page's Content Security Policy is bypassed
    # for the test's own script only
    context = browser.new_context(
        base_url=base_url, viewport={"width": 1280, "height": 900}, bypass_csp=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    return context


def _checked(page: Page, name: str) -> None:
    """axe-core finds no WCAG 2.1 AA violation, at desk width and at phone width."""
    assert axe(page) == [], name
    _shot(page, f"{name}-desk")
    size = page.viewport_size
    page.set_viewport_size(PHONE)
    assert axe(page) == [], f"{name} (phone)"
    _shot(page, f"{name}-phone")
    page.set_viewport_size(size)


def _post(page: Page, context, url: str, form: dict | None = None):
    token = next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")
    return page.request.post(url, form=form or {}, headers={"X-CSRFToken": token,
                                                           "Referer": page.url})  # fmt: skip


def _draft_from_worklist(page: Page, subject_code: str) -> Notice:
    page.goto("/?program=sb1383")
    row = page.locator(
        "table.findings tbody tr",
        has=page.locator("code", has_text="ORG-COM-ENROLL"),
    ).filter(has_text=subject_code)
    row.get_by_role("link", name="Issue notice of violation").click()
    page.wait_for_url(re.compile(r"/notices/draft/"))
    page.get_by_role("button", name="Draft the notice").click()
    page.wait_for_url(re.compile(r"/notices/\d+/$"))
    return Notice.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def _serve(page: Page, notice: Notice, on: date) -> None:
    page.goto(f"/notices/{notice.pk}/")
    page.get_by_label("Method of service").select_option("personal")
    page.get_by_label("Served on").fill(on.isoformat())
    page.get_by_role("button", name="Serve the notice").click()
    page.wait_for_url(re.compile(rf"/notices/{notice.pk}/$"))
    expect(page.get_by_test_id("state")).to_have_text("served")


def test_an_sb1383_case_from_finding_to_hearing_and_a_fog_notice_that_says_immediately(
    browser: Browser, live_server, cast
):
    today = timezone.localdate()
    coordinator_context = _context(browser, live_server.url)
    coord = coordinator_context.new_page()
    _sign_in(coord, "coordinator", "/")
    boss_context = _context(browser, live_server.url)
    boss = boss_context.new_page()
    _sign_in(boss, "supervisor", "/")

    # ---- a notice of violation, served today: a citation is premature
    nov = _draft_from_worklist(coord, "Casa Verde")
    expect(coord.get_by_text("Waiting for a supervisor's approval.")).to_be_visible()
    expect(coord.get_by_role("button", name="Approve")).to_have_count(0)
    assert _post(coord, coordinator_context, f"/notices/{nov.pk}/approve/").status == 403
    boss.goto(f"/notices/{nov.pk}/")
    boss.get_by_role("button", name="Approve").click()
    expect(boss.get_by_test_id("state")).to_have_text("approved")
    _serve(coord, nov, today)
    expect(coord.get_by_test_id("citation-premature")).to_contain_text("premature")
    expect(coord.get_by_role("button", name="Draft the citation")).to_have_count(0)
    forged = _post(coord, coordinator_context, f"/notices/{nov.pk}/cite/")
    assert forged.status == 422 and "premature" in forged.text()
    _checked(coord, "nov-served-today")

    # ---- one served long ago: past its deadline, the citation is offered and drafted
    old = _draft_from_worklist(coord, "Plaza Deli")
    boss.goto(f"/notices/{old.pk}/")
    boss.get_by_role("button", name="Approve").click()
    expect(boss.get_by_test_id("state")).to_have_text("approved")
    _serve(coord, old, AS_OF)
    proposal = coord.get_by_test_id("citation-proposal")
    expect(proposal).to_contain_text("up to $100")
    coord.get_by_role("button", name="Draft the citation").click()
    coord.wait_for_url(re.compile(r"/notices/\d+/$"))
    citation = Notice.objects.get(kind="citation")
    assert coord.url.endswith(f"/notices/{citation.pk}/")
    boss.goto(f"/notices/{citation.pk}/")
    boss.get_by_role("button", name="Approve").click()
    expect(boss.get_by_test_id("state")).to_have_text("approved")
    _serve(coord, citation, today)
    text = _text(coord.request.get(f"/notices/{citation.pk}/pdf/").body())
    assert "Administrative Citation" in text and "$100" in text

    # ---- the request for a hearing, the hearing before the hearing officer
    coord.get_by_label("Request received on").fill(today.isoformat())
    coord.get_by_role("button", name="Record the request for a hearing").click()
    coord.wait_for_url(re.compile(rf"/notices/{citation.pk}/$"))
    boss.goto(f"/notices/{citation.pk}/")
    boss.get_by_label("Hearing officer").select_option("judge")
    boss.get_by_label("Scheduled at").fill(f"{today.isoformat()}T09:00")
    boss.get_by_label("Place").fill("City Hall, Council Chamber")
    boss.get_by_role("button", name="Schedule the hearing").click()
    boss.wait_for_url(re.compile(rf"/notices/{citation.pk}/$"))
    hearing = Hearing.objects.get()
    assert hearing.hearing_officer == "judge"

    judge_context = _context(browser, live_server.url)
    judge = judge_context.new_page()
    judge.goto("/accounts/login/")  # no page asked for: signing in lands on their own
    judge.get_by_label("User name").fill("judge")
    judge.get_by_label("Password").fill(PASSWORD)
    judge.get_by_role("button", name="Sign in").click()
    judge.wait_for_url(re.compile(r"/notices/hearings/$"))  # the hearing officer's page
    expect(judge.get_by_role("heading", name="To hear and decide")).to_be_visible()
    expect(judge.get_by_text(citation.code)).to_be_visible()
    _checked(judge, "hearings")
    judge.get_by_role("link", name="Open the citation and its appeal").click()
    judge.wait_for_url(re.compile(rf"/notices/{citation.pk}/"))
    judge.get_by_label("Decision", exact=True).select_option("upheld")
    judge.get_by_label("Decided on").fill(today.isoformat())
    judge.get_by_label("Findings", exact=True).fill(
        "The premises had no organics service on the day cited."
    )
    judge.get_by_label("Reasons", exact=True).fill("No reason the ordinance allows was shown.")
    _checked(judge, "hearing-decision-form")
    judge.get_by_role("button", name="Issue the final written order").click()
    judge.wait_for_url(re.compile(rf"/notices/{citation.pk}/$"))
    hearing.refresh_from_db()
    assert (hearing.decision, hearing.officer_name) == ("upheld", "Rosa Delgado")
    order = _text(
        judge.request.get(f"/notices/{citation.pk}/hearings/{hearing.pk}/order.pdf").body()
    )
    assert "Rosa Delgado" in order and "no organics service on the day cited" in order
    # the hearing officer opens nothing but what they hear
    assert judge.goto("/").status == 403
    assert judge.goto(f"/notices/{nov.pk}/").status == 403

    # ---- the auditor reads and is offered nothing; a FOG inspector may not open it
    auditor_context = _context(browser, live_server.url)
    auditor = auditor_context.new_page()
    _sign_in(auditor, "auditor", "/")
    auditor.goto(f"/notices/{citation.pk}/")
    expect(auditor.locator("main form[method='post']")).to_have_count(0)
    refused = _post(auditor, auditor_context, f"/notices/{old.pk}/rescind/", {"why": "x"})
    assert refused.status == 403 and "may not rescind a notice" in refused.text()
    _checked(auditor, "citation-as-auditor")
    fog_context = _context(browser, live_server.url)
    fog = fog_context.new_page()
    _sign_in(fog, "ines", "/")
    assert fog.goto(f"/notices/{citation.pk}/").status == 403
    expect(
        fog.get_by_role("heading", name=re.compile("may not read notices.* here"))
    ).to_be_visible()
    expect(fog.get_by_text("it belongs to another program")).to_be_visible()
    _checked(fog, "refused")

    # ---- the FOG case: above 25 percent, the notice says immediately
    fog.goto("/?program=fog")
    row = fog.locator("table.findings tbody tr", has=fog.locator("code", has_text="FOG-25-PERCENT"))
    row.first.get_by_role("link", name=re.compile("Issue notice")).click()
    fog.wait_for_url(re.compile(r"/notices/draft/"))
    fog.get_by_role("button", name="Draft the notice").click()
    fog.wait_for_url(re.compile(r"/notices/\d+/$"))
    preview = fog.locator(".paper section[lang='en']")
    expect(preview).to_contain_text("immediately")
    expect(preview).not_to_contain_text("30 days")
    _checked(fog, "fog-notice-immediately")
    for context in (coordinator_context, boss_context, judge_context, auditor_context, fog_context):
        context.close()
