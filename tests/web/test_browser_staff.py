"""The staff pages in a real browser: Debian's Chromium, headless, driven by
Playwright against the live server. Sign-in with the keyboard, the worklist's
filters, sorting and pages, a subject's page today and as of a past day, a phone's
viewport, and the accessibility basics each page must keep.

The browser, the block of Las Tunas Drive and what the browser tests share:
``tests/browser.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..browser import AS_OF, AUDIT, PASSWORD, PHONE, city, new_context  # noqa: F401  (city: a fixture)
from ..records.amend import amend_engine, lone_finding

pytestmark = pytest.mark.django_db(transaction=True)

#: the worklist's address, with no parameters
WORKLIST = re.compile(r"^https?://[^/]+/$")

#: the programs by requirement prefix, written out independently of the selectors
PROGRAMS = {
    "fog": lambda r: r.startswith(("FOG-", "SEW-GREASE-")),
    "sewer": lambda r: r.startswith(("PRM-", "SEW-")) and not r.startswith("SEW-GREASE-"),
    "solid_waste": lambda r: r.startswith(("SW-", "GEN-")),
    "sb1383": lambda r: r.startswith("ORG-"),
}
OPEN = ("due", "overdue", "violation")


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def page(browser, live_server, city) -> Iterator[Page]:  # noqa: F811
    context = new_context(browser, live_server.url)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser, live_server, city) -> Iterator[Page]:  # noqa: F811
    context = new_context(
        browser,
        live_server.url,
        viewport=PHONE,
        device_scale_factor=3,
        is_mobile=True,
        has_touch=True,
    )
    yield context.new_page()
    context.close()


# --------------------------------------------------------------------------- helpers


def _path(page: Page) -> str:
    """The page's address without the scheme and host."""
    return re.sub(r"^https?://[^/]+", "", page.url)


def _sign_in(page: Page, then: str = "/") -> None:
    """Sign in through the form, then wait for the page it leads to."""
    page.goto(f"/accounts/login/?next={then}")
    page.get_by_label("User name").fill("inspector")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(f"^https?://[^/]+{re.escape(then)}$"))


def _show(page: Page, button: str, url: str) -> None:
    """Press a form's button and wait for the page it leads to."""
    page.get_by_role("button", name=button, exact=True).click()
    page.wait_for_url(re.compile(url))


def _column(page: Page, label: str) -> list[str]:
    """The texts of one column of the findings table, top to bottom."""
    cells = page.locator(f"table.findings tbody td[data-label='{label}']")
    return [" ".join(text.split()) for text in cells.all_text_contents()]


def _rows(page: Page) -> list[tuple[str, ...]]:
    """Each row of the findings table as the texts of its cells."""
    columns = ("Status", "Due", "Requirement", "Cite", "Subject", "Explanation")
    return list(zip(*(_column(page, label) for label in columns), strict=True))


def _requirements(page: Page) -> list[str]:
    """The requirement IDs of the worklist's findings, top to bottom: a line that
    gathers an obligation's run of findings counts once for each of them."""
    rows = page.locator("table.findings tbody tr")
    found = []
    for row in rows.all():
        requirement = row.locator("td[data-label='Requirement'] code").inner_text().strip()
        found.extend([requirement] * int(row.get_attribute("data-findings") or 1))
    return found


def _dues(page: Page) -> list[str]:
    """The due dates of the worklist's lines as ISO dates (the page shows them for
    people), "" for none."""
    cells = page.locator("table.findings tbody td[data-label='Due']")
    return [
        cell.locator("time").get_attribute("datetime") if cell.locator("time").count() else ""
        for cell in cells.all()
    ]


def _open_count(program: str | None = None, status: str | None = None) -> int:
    statuses = (status,) if status else OPEN
    return sum(
        1
        for finding in Finding.objects.filter(current=True, status__in=statuses)
        if program is None or PROGRAMS[program](finding.requirement)
    )


def _finding_row(page: Page, requirement: str, status: str | None = None):
    code = page.locator(
        "td[data-label='Requirement'] code", has_text=re.compile(f"^{requirement}$")
    )
    rows = page.locator("table.findings tbody tr", has=code)
    if status is not None:
        shown = page.locator("td[data-label='Status']", has_text=re.compile(f"^\\s*{status}\\s*$"))
        rows = rows.filter(has=shown)
    return rows


#: elements wider than the viewport, for the message when a page scrolls sideways
OVERFLOW = """() => {
  const width = window.innerWidth;
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 0.5) {
      wide.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(box.right)}`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8)};
}"""


def _assert_no_sideways_scroll(page: Page) -> None:
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"], f"{_path(page)} scrolls sideways: {found}"


def _assert_accessible_basics(page: Page) -> None:
    assert page.evaluate(AUDIT) == [], _path(page)


# --------------------------------------------------------------------------- signing in


def test_signing_in_with_the_keyboard_lands_on_the_worklist(page):
    page.goto("/accounts/login/")
    expect(page.get_by_label("User name")).to_be_focused()  # autofocus
    page.keyboard.type("inspector")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password")).to_be_focused()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Sign in")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url(WORKLIST)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Worklist")
    expect(page.locator(".signout__who")).to_have_text("Signed in as inspector")
    assert len(_requirements(page)) == _open_count("fog")


def test_a_wrong_password_shows_an_error_and_stays_on_the_sign_in_page(page):
    page.goto("/accounts/login/")
    expect(page.get_by_label("User name")).to_be_focused()
    page.keyboard.type("inspector")
    page.keyboard.press("Tab")
    page.keyboard.type("not-the-password")
    page.keyboard.press("Enter")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("enter a correct username and password")
    assert _path(page) == "/accounts/login/"
    expect(page.get_by_role("heading", level=1)).to_have_text("Staff sign-in")
    expect(page.get_by_label("User name")).to_have_value("inspector")
    expect(page.get_by_label("Password")).to_have_value("")
    expect(page.locator(".signout__who")).to_have_count(0)


def test_an_anonymous_visit_is_sent_to_sign_in_and_back(page):
    page.goto("/")
    assert _path(page) == "/accounts/login/?next=/"
    expect(page.get_by_role("status")).to_have_text("Please sign in to see that page.")
    expect(page.get_by_role("table")).to_have_count(0)

    page.goto("/subjects/jade-gi/")
    assert _path(page) == "/accounts/login/?next=/subjects/jade-gi/"
    page.get_by_label("User name").fill("inspector")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/subjects/jade-gi/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("jade-gi")


# --------------------------------------------------------------------------- the worklist


def test_filtering_the_worklist_by_program_and_status(page):
    _sign_in(page)
    program = page.get_by_label("Program")
    expect(program).to_have_value("fog")  # the inspector's own program
    fog = _requirements(page)
    assert len(fog) == _open_count("fog") and all(PROGRAMS["fog"](r) for r in fog)
    assert set(_column(page, "Status")) <= set(OPEN)

    program.select_option("solid_waste")
    _show(page, "Show findings", r"program=solid_waste")
    solid_waste = _requirements(page)
    assert len(solid_waste) == _open_count("solid_waste") > 0
    assert all(PROGRAMS["solid_waste"](r) for r in solid_waste)
    expect(page.get_by_role("status")).to_have_text(
        re.compile(rf"^\s*{len(solid_waste)} findings( on \d+ lines?)?\.\s*$")
    )
    expect(page.get_by_label("Program")).to_have_value("solid_waste")

    page.get_by_label("Program").select_option("fog")
    page.get_by_label("Status").select_option("violation")
    _show(page, "Show findings", r"program=fog.*status=violation")
    violations = _requirements(page)
    assert len(violations) == _open_count("fog", "violation") > 0
    assert len(violations) < len(fog)
    assert set(_column(page, "Status")) == {"violation"}

    # late findings are not open: only asking for them shows them
    page.get_by_label("Status").select_option("late")
    _show(page, "Show findings", r"status=late")
    assert set(_column(page, "Status")) == {"late"}
    assert len(_requirements(page)) == _open_count("fog", "late") > 0

    page.get_by_role("link", name="Reset").click()
    page.wait_for_url(WORKLIST)
    expect(page.get_by_label("Status")).to_have_value("")
    assert len(_requirements(page)) == len(fog)


def test_sorting_the_worklist_by_a_column(page):
    _sign_in(page)
    header = page.locator("table.findings thead th")
    # by default, what needs action first: no column is the sort
    expect(header.filter(has_text="Due")).not_to_have_attribute("aria-sort", re.compile(".*"))
    ranks = [["violation", "overdue", "due", "late"].index(s) for s in _column(page, "Status")]
    assert ranks == sorted(ranks)
    page.get_by_role("link", name=re.compile(r"^Due")).click()
    page.wait_for_url(re.compile(r"sort=due"))
    expect(header.filter(has_text="Due")).to_have_attribute("aria-sort", "ascending")
    dues = [d for d in _dues(page) if d]
    assert dues == sorted(dues)

    page.get_by_role("link", name=re.compile(r"^Requirement")).click()
    page.wait_for_url(re.compile(r"sort=requirement"))
    expect(header.filter(has_text="Requirement")).to_have_attribute("aria-sort", "ascending")
    expect(header.filter(has_text="Due")).not_to_have_attribute("aria-sort", re.compile(".*"))
    ascending = _requirements(page)
    assert ascending == sorted(ascending) and len(set(ascending)) > 1

    page.get_by_role("link", name=re.compile(r"^Requirement")).click()
    page.wait_for_url(re.compile(r"sort=-requirement"))
    expect(header.filter(has_text="Requirement")).to_have_attribute("aria-sort", "descending")
    assert _requirements(page) == sorted(ascending, reverse=True)

    # the sort survives a change of filter
    page.get_by_label("Status").select_option("violation")
    _show(page, "Show findings", r"status=violation")
    assert "sort=-requirement" in page.url
    shown = _requirements(page)
    assert shown == sorted(shown, reverse=True)


def test_paging_through_the_worklist(page):
    _sign_in(page)
    page.get_by_label("Program").select_option("all")
    _show(page, "Show findings", r"program=all")
    total = _open_count()
    assert total > 50  # more than one page
    status = page.get_by_role("status")
    expect(status).to_have_text(
        re.compile(rf"^\s*{total} findings on \d+ lines, showing 1–50\.\s*$")
    )
    lines = int(re.search(r"on (\d+) lines", status.inner_text()).group(1))
    pages = page.get_by_role("navigation", name="Pages")
    last = (lines + 49) // 50
    expect(pages).to_contain_text(f"Page 1 of {last}")
    first = _rows(page)
    assert len(first) == len(set(first)) == 50

    pages.get_by_role("link", name="Next").click()
    page.wait_for_url(re.compile(r"page=2"))
    assert "program=all" in page.url
    expect(pages).to_contain_text(f"Page 2 of {last}")
    expect(page.get_by_role("status")).to_contain_text(f"showing 51–{min(100, lines)}.")
    second = _rows(page)
    assert len(second) == min(50, lines - 50)
    assert not set(first) & set(second)
    expect(page.get_by_label("Program")).to_have_value("all")

    pages.get_by_role("link", name="Previous").click()
    page.wait_for_url(re.compile(r"page=1"))
    assert _rows(page) == first


# --------------------------------------------------------------------------- a subject's page


def test_a_subject_page_from_the_worklist_today_and_as_of_a_past_day(page):
    _sign_in(page)
    stored = Finding.objects.get(
        current=True, requirement="FOG-MIN-FREQUENCY", subject="jade-gi", status="due"
    )
    _finding_row(page, "FOG-MIN-FREQUENCY").get_by_role(
        "link", name="Grease interceptor, 1,000 gal, installed 2016-04-01"
    ).first.click()
    page.wait_for_url(re.compile(r"/subjects/jade-gi/$"))
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text("Grease interceptor, 1,000 gal, installed 2016-04-01")
    expect(heading).to_contain_text("device · jade-gi")

    # the next pump-out is due (and the quarters pumped late are findings of their own)
    row = _finding_row(page, "FOG-MIN-FREQUENCY", "due")
    expect(row).to_have_count(1)
    expect(row.locator("td[data-label='Due']")).to_have_text("2025-05-28")
    expect(row.locator("td[data-label='Cite']")).to_have_text(stored.cite)
    expect(row.locator("td[data-label='Explanation']")).to_contain_text(english(stored))
    assert "2025-02-28" in english(stored)
    # the manifest of the Feb 28 pump-out, recorded since, is short of its details
    manifests = _finding_row(page, "FOG-HAULER-MANIFEST")
    expect(manifests.filter(has_text="2025-02-28")).to_have_count(1)
    children = page.locator("table.children tbody")
    expect(children).to_contain_text("date: 2025-02-28")
    expect(page.locator(".alert--past")).to_have_count(0)

    # as the city knew it at the end of 2025-03-01: before the late manifest came in
    as_of = page.get_by_label("As of", exact=True)
    as_of.click()
    as_of.fill("2025-03-01")
    _show(page, "Show", r"as_of=2025-03-01")
    expect(page.locator(".alert--past")).to_contain_text("As the city knew it on 1 March 2025")
    expect(page.get_by_label("As of", exact=True)).to_have_value("2025-03-01")
    row = _finding_row(page, "FOG-MIN-FREQUENCY", "overdue")
    expect(row.locator("td[data-label='Due']")).to_have_text("2025-01-30")
    expect(row.locator("td[data-label='Explanation']")).to_contain_text("2024-10-30")
    expect(_finding_row(page, "FOG-MIN-FREQUENCY", "due")).to_have_count(0)
    expect(manifests.filter(has_text="2024-10-30")).to_have_count(1)
    expect(manifests.filter(has_text="2025-02-28")).to_have_count(0)
    expect(children).to_contain_text("date: 2024-10-30")
    expect(children).not_to_contain_text("date: 2025-02-28")

    # before the block was recorded at all
    page.get_by_label("As of", exact=True).fill("2025-01-01")
    _show(page, "Show", r"as_of=2025-01-01")
    expect(
        page.get_by_text("This record had not been recorded by the end of 1 January 2025.")
    ).to_be_visible()
    expect(page.locator("table.findings")).to_have_count(0)
    expect(page.get_by_text("No findings.")).to_be_visible()

    page.get_by_role("link", name="Back to today").click()
    page.wait_for_url(re.compile(r"/subjects/jade-gi/$"))
    expect(page.locator(".alert--past")).to_have_count(0)
    expect(
        _finding_row(page, "FOG-MIN-FREQUENCY", "due").locator("td[data-label='Due']")
    ).to_have_text("2025-05-28")


def test_a_reading_and_a_data_problem_are_shown_beside_what_they_concern(page, monkeypatch):
    key = lone_finding(Finding.objects.filter(current=True, subject="jade-gi"))
    reading = "The frequency is counted from the last full pump-out, not from any pump-out."
    amend_engine(monkeypatch).readings[key] = reading
    early = {"id": "po-early", "type": "pump_out", "device": "jade-gi", "date": "2016-03-20"}
    record_facts(raw_facts=[{**early, "full": True}], actor="hauler-portal")
    sweep(as_of=AS_OF)
    _sign_in(page, "/subjects/jade-gi/")
    box = page.get_by_role("region", name="Data problems")
    expect(box).to_contain_text(
        "The pump-out of 2016-03-20 and the grease interceptor of Jade Garden (this device)"
    )
    expect(box).to_contain_text("installed on 2016-04-01")
    # the reading, small and labelled, under the explanation of its finding
    row = _finding_row(page, key[0]).filter(has=page.locator(".reading"))
    expect(row).to_have_count(1)
    expect(row.locator(".reading")).to_have_text(f"Reading: {reading}")
    size = row.locator(".reading").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    explained = row.locator("td.explanation").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size < explained
    _assert_accessible_basics(page)
    # each record is a link to its page, which shows the same problem
    box.get_by_role("link", name="The pump-out of 2016-03-20").click()
    page.wait_for_url(re.compile(r"/subjects/po-early/$"))
    expect(page.get_by_role("region", name="Data problems")).to_contain_text(
        "The pump-out of 2016-03-20 (this pump-out) and the grease interceptor of Jade Garden"
    )


def test_an_establishment_page_links_to_its_premises_and_device(page):
    _sign_in(page, "/subjects/jade-garden/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Jade Garden")
    fields = page.locator("dl.fields")
    # each linked by its title, never by its key
    fields.get_by_role("link", name="101 Las Tunas Dr").click()
    page.wait_for_url(re.compile(r"/subjects/lot-101/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("101 Las Tunas Dr")
    page.locator("table.children").get_by_role("link", name="Jade Garden").click()
    page.wait_for_url(re.compile(r"/subjects/jade-garden/$"))
    device = "Grease interceptor, 1,000 gal, installed 2016-04-01"
    page.locator("table.children").get_by_role("link", name=device).click()
    page.wait_for_url(re.compile(r"/subjects/jade-gi/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(f"{device} device · jade-gi")


# --------------------------------------------------------------------------- a phone


def _assert_controls_fit(page: Page) -> None:
    """Every form control and button shown is on screen, side to side, and big enough
    to tap (those folded away are not shown)."""
    boxes = page.evaluate(
        """() => {
          const controls = `main input:not([type="hidden"]):not([type="checkbox"]),
                            main select, main button, main .button`;
          return [...document.querySelectorAll(controls)]
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => {
            const box = el.getBoundingClientRect();
            const what = el.name || el.textContent.trim();
            return {what, left: box.left, right: box.right, height: box.height};
          });
        }"""
    )
    assert boxes
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
        assert box["height"] >= 44, box


def test_on_a_phone_the_pages_fit_the_screen(phone):
    page = phone
    page.goto("/accounts/login/")
    _assert_no_sideways_scroll(page)
    _assert_controls_fit(page)
    for label, text in (("User name", "inspector"), ("Password", PASSWORD)):
        page.get_by_label(label).tap()
        expect(page.get_by_label(label)).to_be_focused()
        page.keyboard.type(text)
    page.get_by_role("button", name="Sign in").tap()
    page.wait_for_url(WORKLIST)

    _assert_no_sideways_scroll(page)
    _assert_controls_fit(page)
    # the filters fold away on a phone, and open when asked
    expect(page.get_by_label("Program")).to_be_hidden()
    page.locator("details.filters-fold > summary").tap()
    _assert_controls_fit(page)
    page.get_by_label("Program").select_option("all")
    include_late = page.get_by_label("Include late")
    page.locator("label[for='id_include_late']").tap()
    expect(include_late).to_be_checked()
    page.get_by_role("button", name="Show findings").tap()
    page.wait_for_url(re.compile(r"program=all.*include_late=on"))
    expect(page.locator("table.findings tbody tr").first).to_be_visible()
    _assert_no_sideways_scroll(page)
    _assert_controls_fit(page)
    # a row is a card, its cells folded under it; a tap stacks them, each under the
    # column's label (tests/web/test_browser_phone.py holds the cards to more)
    row = page.locator("table.findings tbody tr").first
    expect(row.locator("td.line__requirement")).to_be_hidden()
    row.locator("summary.line__card").tap()
    first = row.locator("td.line__requirement").bounding_box()
    second = row.locator("td.line__subject").bounding_box()
    assert second["y"] >= first["y"] + first["height"] - 1
    _assert_no_sideways_scroll(page)
    _assert_controls_fit(page)

    pages = page.get_by_role("navigation", name="Pages")
    pages.get_by_role("link", name="Last").tap()
    page.wait_for_url(re.compile(r"page=\d"))
    _assert_no_sideways_scroll(page)

    for path in ("/subjects/jade-garden/", "/subjects/jade-gi/", "/subjects/lot-140/"):
        page.goto(path)
        _assert_no_sideways_scroll(page)
        _assert_controls_fit(page)
    page.get_by_label("As of", exact=True).fill("2025-03-01")
    page.get_by_role("button", name="Show", exact=True).tap()
    page.wait_for_url(re.compile(r"as_of=2025-03-01"))
    expect(page.locator(".alert--past")).to_be_visible()
    _assert_no_sideways_scroll(page)
    _assert_controls_fit(page)


# --------------------------------------------------------------------------- accessibility


def test_the_pages_keep_the_accessibility_basics(page):
    page.goto("/accounts/login/")
    _assert_accessible_basics(page)
    page.goto("/accounts/login/?next=/")
    _assert_accessible_basics(page)
    page.get_by_label("User name").fill("inspector")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    _assert_accessible_basics(page)

    _sign_in(page)
    _assert_accessible_basics(page)
    # the first Tab reaches the skip link, which is then on screen and leads to main
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).to_be_focused()
    box = skip.bounding_box()
    assert box and box["y"] >= 0
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()

    for path in (
        "/?program=all&page=2&sort=-status",
        "/?due_from=2025-03-01&due_to=2025-01-01",  # a field error beside its field
        "/?program=sewer&status=violation",  # nothing matches
        "/subjects/jade-garden/",
        "/subjects/jade-gi/?as_of=2025-03-01",
        "/subjects/jade-gi/?as_of=2025-01-01",
        "/subjects/jade-gi/?as_of=2025-13-40",
        "/subjects/prm-224/",
        "/subjects/no-such-record/",
    ):
        page.goto(path)
        _assert_accessible_basics(page)
