"""The staff pages on a phone (390 × 844) in a real browser: the worklist made for the
field (compact cards led by where to go and what is wrong, at least five on the first
screen, a tap opening the explanation and the actions), the search on screen without
a tap on every staff page, and every interactive element of every staff page big
enough to tap — at least 44 × 44 CSS pixels, WCAG 2.5.5's target size — unless it is a
link inside a sentence.

A link inside a sentence is, precisely: an ``<a>`` whose nearest ancestor that is not
laid out inline is a ``<p>`` or an ``<li>``, with text of that paragraph or item
outside any link or button, holding a letter or a digit, on the same line as the link
(a rendered line box of that text overlaps the link's box vertically). "Download the
worklist: CSV · Excel (XLSX)" makes "CSV" such a link, but not "Excel (XLSX)", which
only a "·" stands beside.

Every staff page is every page of the URL conf (``tests/access/test_doors.py`` lists
them, as the doors test asks them) that answers a page of HTML, opened by every role
the access table lets in (and the superuser) in the small city of the doors test, with
every folded part (each ``<details>``) opened and, once for each role, the menu.

The browser and what the browser tests share: ``tests/browser.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from sanitas.access.doors import PAGES, PUBLIC, SIGNED_IN
from sanitas.access.roles import ROLES

from ..access.test_doors import World, _patterns, expected, granted
from ..browser import DESK, PASSWORD, PHONE, axe, city, new_context, sign_in  # noqa: F401
from ..notices.test_browser import served_notices_purged  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

#: the size a target must have (WCAG 2.5.5, AAA), in CSS pixels, less half a pixel of
#: rounding
TARGET = 44 - 0.5

#: every interactive element of the page, measured as a person taps it: a checkbox
#: or a radio button by its label (USWDS draws the box in the label and hides the
#: input), anything else by its own box; those not shown (no box, hidden, off the
#: page like the skip link until it has focus, or an element for screen readers
#: only) are not measured. Returns the ones smaller than the target that are not a
#: link inside a sentence.
SMALL_TARGETS = """([target, root]) => {
  const interactive = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, '
    + '[role="button"], [tabindex]:not([tabindex="-1"])';
  const words = /[\\p{L}\\p{N}]/u;
  const shown = (el) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') return false;
    const box = el.getBoundingClientRect();
    if (box.right + scrollX <= 0 || box.bottom + scrollY <= 0) return false;
    return !(box.width <= 1 && box.height <= 1);
  };
  const inSentence = (el) => {
    if (el.tagName !== 'A') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) {
      block = block.parentElement;
    }
    if (!block || !['P', 'LI'].includes(block.tagName)) return false;
    const box = el.getBoundingClientRect();
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!words.test(node.textContent)) continue;
      if (node.parentElement.closest('a, button')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width && line.bottom > box.top + 1 && line.top < box.bottom - 1) return true;
      }
    }
    return false;
  };
  const small = [];
  let measured = 0;
  for (const el of document.querySelector(root).querySelectorAll(interactive)) {
    const tapped = el.matches('input[type="checkbox"], input[type="radio"]') && el.labels
      && el.labels.length ? el.labels[0] : el;
    if (!shown(tapped) || inSentence(el)) continue;
    measured += 1;
    const box = tapped.getBoundingClientRect();
    if (box.width >= target && box.height >= target) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.name || el.id || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 50);
    const css = (node) => node.tagName.toLowerCase()
      + (node.className ? '.' + node.className.trim().split(/\\s+/).join('.') : '');
    const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
    const up = el.parentElement ? css(el.parentElement) + ' > ' : '';
    small.push(`${up}${css(el)} "${name}" ${size}`);
  }
  return {measured, small};
}"""

#: the search box of the shell, on screen (not behind the menu) and wide enough to type in
SEARCH_SHOWN = """() => {
  const box = document.querySelector('header input[type="search"][name="q"]');
  if (!box) return 'no search box';
  const rect = box.getBoundingClientRect();
  if (!box.getClientRects().length || getComputedStyle(box).visibility === 'hidden') {
    return 'the search box is hidden';
  }
  if (rect.top < 0 || rect.bottom > innerHeight) return `the search box is off screen`;
  if (rect.width < 160 || rect.height < 44) return `the search box is too small`;
  return '';
}"""


def _first_screen_cards(page: Page) -> int:
    """How many of the worklist's lines are whole on the first screen (the page at
    its top), their cards shown."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(
        """(height) => [...document.querySelectorAll('table.findings tbody tr')]
          .filter((row) => {
            const card = row.querySelector('summary.line__card');
            if (!card || !card.getClientRects().length) return false;
            const box = row.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= height;
          }).length""",
        PHONE["height"],
    )


def _small_targets(page: Page, root: str) -> list[str]:
    """The targets under ``root`` smaller than 44 × 44 px, not links inside a sentence
    (and that something was measured at all)."""
    found = page.evaluate(SMALL_TARGETS, [TARGET, root])
    assert found["measured"] > 0, f"nothing to tap under {root} on {page.url}"
    return found["small"]


def _phone(browser: Browser, base_url: str, **options):
    return new_context(
        browser,
        base_url,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        bypass_csp=True,
        **options,
    )


# --------------------------------------------------------------------------- the worklist


def test_a_phone_worklist_shows_five_findings_first_and_opens_one_on_a_tap(phone, desk, shots):
    sign_in(phone)
    phone.goto("/?program=all")
    assert _first_screen_cards(phone) >= 5
    phone.screenshot(path=str(shots / "worklist-phone.png"))
    first = phone.locator("table.findings tbody tr").first
    card = first.locator("summary.line__card")
    # led by where to go (the business's name and address) and what is wrong
    expect(card).to_contain_text("130 Las Tunas Dr")
    expect(card.locator(".status")).to_have_text(re.compile(r"violation", re.I))
    expect(card).to_contain_text("How long solid waste may accumulate")
    expect(card).to_contain_text("due Feb 24, 2025")
    # folded: the explanation and the actions are not shown
    explanation = first.locator(".line__explained")
    case = first.get_by_role("link", name="How long solid waste may accumulate")
    expect(explanation).to_be_hidden()
    expect(case).to_be_hidden()
    card.tap()
    expect(explanation).to_be_visible()
    expect(explanation).to_contain_text("Garbage accumulated at 130 Las Tunas Dr")
    expect(case).to_be_visible()
    record = first.get_by_role("link", name=re.compile(r"^Accumulation of 2025-02-25"))
    expect(record).to_be_visible()
    expect(first.get_by_label("Select line 1")).to_be_attached()
    box = case.bounding_box()
    assert box and box["height"] >= TARGET, box
    phone.wait_for_timeout(300)  # the tap's highlight fades
    phone.screenshot(path=str(shots / "worklist-phone-open.png"))
    assert axe(phone) == []
    # a tap again folds it
    card.tap()
    expect(explanation).to_be_hidden()
    # a run of findings opens to its findings
    run = phone.locator("table.findings tbody tr.run").first
    run.locator("summary.line__card").tap()
    expect(run.locator(".run__details > summary")).to_be_visible()

    # the measure: a link alone in a paragraph is a target to tap, one inside a
    # sentence is not; "CSV" stands in a sentence, "Excel (XLSX)" only beside a "·"
    phone.evaluate(
        """() => document.querySelector('main').insertAdjacentHTML('beforeend',
          '<p id="alone" style="all: revert"><a href="#x" style="all: revert">alone</a></p>'
          + '<p style="all: revert">A <a href="#y" style="all: revert">sentence</a> ends.</p>')"""
    )
    small = _small_targets(phone, "main")
    assert any('"alone"' in s for s in small) and not any('"sentence"' in s for s in small)
    assert not any('"CSV"' in s for s in small)

    # on a desk the table is as it was: every column shown, no card
    sign_in(desk)
    desk.goto("/?program=all")
    row = desk.locator("table.findings tbody tr").first
    expect(row.locator("summary.line__card")).to_be_hidden()
    expect(row.locator(".line__explained")).to_be_visible()
    expect(row.locator("td.line__requirement a")).to_be_visible()
    expect(desk.locator("table.findings thead th")).to_have_count(8)
    explained = row.locator("td.explanation").bounding_box()
    status = row.locator("td.line__status").bounding_box()
    assert explained["x"] > status["x"] and abs(explained["y"] - status["y"]) < 2
    desk.screenshot(path=str(shots / "worklist-desk.png"))
    assert axe(desk) == []


def test_a_worklist_card_opens_on_a_phone_without_script(browser, live_server, city):  # noqa: F811
    context = _phone(browser, live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page)
    page.goto("/?program=all")
    # the filters fold away on the page's own word, and five cards are on screen
    expect(page.get_by_label("Program")).to_be_hidden()
    assert _first_screen_cards(page) >= 5
    first = page.locator("table.findings tbody tr").first
    explanation = first.locator(".line__explained")
    expect(explanation).to_be_hidden()
    first.locator("summary.line__card").tap()
    expect(explanation).to_be_visible()
    expect(first.get_by_role("link", name="How long solid waste may accumulate")).to_be_visible()
    # a filter's error opens them, beside its field
    page.goto("/?due_from=2025-03-01&due_to=2025-01-01")
    expect(page.get_by_label("Due to")).to_be_visible()
    expect(page.locator(".field__error")).to_contain_text("before its start")
    context.close()


# --------------------------------------------------------------------------- every staff page


@pytest.fixture
def world(transactional_db, settings, served_notices_purged) -> World:  # noqa: F811
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    made = World()
    for user in made.users.values():
        user.set_password(PASSWORD)
        user.save()
    return made


def _pages(world: World, *, public: bool = False) -> list[tuple[str, str]]:
    """Every page of the URL conf a GET opens, by name and address: those for the
    signed-in, or those for anyone (``public``)."""
    pages = []
    for name in sorted(_patterns()):
        door = PAGES[name]
        if name.startswith("api:") or door.get is None or (door.get == PUBLIC) != public:
            continue
        url = reverse(name, kwargs=world.kwargs(name))
        if url.endswith(".ics"):  # a calendar file the browser downloads: no page to measure
            continue
        if name == "notices:draft":  # the documents that answer a finding
            url += f"?finding={world.fog.finding_id}"
        pages.append((name, url))
    return pages


def _html(response) -> bool:
    """Whether a visit answered a page (not a file, a refusal or a redirect's end)."""
    kind = response.headers.get("content-type", "") if response else ""
    return response is not None and response.status == 200 and kind.startswith("text/html")


def _sees(world: World, asker: str, name: str) -> bool:
    need = PAGES[name].get
    asks = world.about(name, need) if need not in (None, PUBLIC, SIGNED_IN) else []
    return expected(asker, need, asks) == "in"


def _sign_in_as(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


@pytest.fixture
def phone_of(browser, live_server) -> Iterator:
    contexts = []

    def make():
        context = _phone(browser, live_server.url)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def test_every_staff_page_on_a_phone_has_targets_to_tap_and_the_search_on_screen(
    world, phone_of, shots
):
    small: list[str] = []
    hidden_search: list[str] = []
    audited: set[str] = set()
    violations: list[str] = []
    visited = 0
    for asker in [*ROLES, "superuser"]:
        user = world.users[asker]
        searches = asker == "superuser" or granted(asker, "records.view")
        page = phone_of()
        _sign_in_as(page, user.username)
        # the menu, open
        menu = page.get_by_role("button", name="Menu")
        if menu.count():
            menu.tap()
            small += [f"the menu as {asker}: {s}" for s in _small_targets(page, "nav")]
            page.get_by_role("button", name="Close").tap()
        for name, url in _pages(world):
            if not _sees(world, asker, name):
                continue
            if not _html(page.goto(url)):
                continue
            visited += 1
            # the search, for every role that may search the records (a hearing
            # officer may not: their pages have none)
            problem = page.evaluate(SEARCH_SHOWN) if searches else ""
            if problem:
                hidden_search.append(f"{name} as {asker}: {problem}")
            page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true })")
            small += [f"{name} as {asker}: {s}" for s in _small_targets(page, "body")]
            if name not in audited:
                audited.add(name)
                violations += [f"{name}: {v}" for v in axe(page)]
                page.screenshot(path=str(shots / f"phone-{name.replace(':', '-')}.png"))
    # the pages for anyone: signing in, a password's reset
    page = phone_of()
    for name, url in _pages(world, public=True):
        if not _html(page.goto(url)):
            continue
        visited += 1
        small += [f"{name} signed out: {s}" for s in _small_targets(page, "body")]
        violations += [f"{name}: {v}" for v in axe(page)]
        audited.add(name)
    assert visited > 40 and {"staff:worklist", "notices:draft", "login"} <= audited
    assert not hidden_search, "\n".join(hidden_search)
    assert not small, f"{len(small)} targets under 44x44 px:\n" + "\n".join(small)
    assert not violations, "\n".join(map(str, violations))
