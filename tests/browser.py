"""What the browser tests share: one headless Chromium (Debian's, driven by Playwright)
for the whole run, the block of Las Tunas Drive they read, a phone and a desk signed
in to the live server, axe-core's WCAG 2.1 AA audit and the shell's search.

Needs Debian's ``chromium`` package (``/usr/bin/chromium``); ``.ci/run`` installs it
when it runs as root. Without it these tests fail: they never skip.

The browser is started once per run (per pytest-xdist worker) by ``tests/conftest.py``'s
``browser`` fixture, which puts the tests that use it after every other test
(``pytest_collection_modifyitems``): Playwright's sync API keeps an event loop running
in the test thread, where Django refuses database calls unless
DJANGO_ALLOW_ASYNC_UNSAFE is set, so the loop and the variable must not reach a test
that does not expect them. The conftest also holds the phone, the desk and the
screenshots' folder (``phone``, ``desk``, ``shots``); a module imports the block
(``city``) from here when its pages need it, and the helpers it uses.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # the machines have no internet: no update checks, sync or field trials
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
RECORDED_ON = datetime(2025, 1, 15, 17, 0, tzinfo=UTC)
PASSWORD = "a-long-test-password"
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
TIMEOUT_MS = 10_000
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


#: the accessibility basics, checked in the page; returns the problems found
AUDIT = """() => {
  const problems = [];
  const text = (el) => (el ? el.textContent.replace(/\\s+/g, ' ').trim() : '');
  const what = (el) => `${el.tagName.toLowerCase()}#${el.id || el.name || ''}.${el.className}`;
  const named = (el) => {
    if ((el.getAttribute('aria-label') || '').trim()) return true;
    const by = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
    if (by.some((id) => text(document.getElementById(id)))) return true;
    if (el.labels && [...el.labels].some((label) => text(label))) return true;
    if (!el.matches('button, a')) return false;
    return Boolean(text(el) || el.querySelector('img[alt]:not([alt=""])'));
  };
  if (!(document.documentElement.lang || '').trim()) problems.push('html has no lang');
  if (!document.title.trim()) problems.push('no title');
  const h1s = document.querySelectorAll('h1').length;
  if (h1s !== 1) problems.push(`${h1s} h1 elements`);
  const mains = document.querySelectorAll('main, [role="main"]').length;
  if (mains !== 1) problems.push(`${mains} main landmarks`);
  const controls = 'input:not([type="hidden"]), select, textarea, button, a[href]';
  for (const el of document.querySelectorAll(controls)) {
    if (!named(el)) problems.push(`no accessible name: ${what(el)}`);
  }
  for (const img of document.querySelectorAll('img:not([alt])')) {
    problems.push(`img without alt: ${img.src}`);
  }
  for (const table of document.querySelectorAll('table')) {
    const headers = [...table.querySelectorAll('thead th[scope="col"]')];
    if (!headers.length) problems.push(`${what(table)} has no column headers`);
    if (headers.some((th) => !text(th))) problems.push(`${what(table)} has an empty header`);
    const rows = [...table.querySelectorAll('tbody tr')];
    if (rows.some((row) => row.children.length !== headers.length)) {
      problems.push(`${what(table)} has rows of another width than its headers`);
    }
    if (!text(table.querySelector('caption'))) problems.push(`${what(table)} has no caption`);
  }
  const ids = new Map();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) || 0) + 1);
  for (const [id, count] of ids) if (count > 1) problems.push(`id ${id} used ${count} times`);
  for (const el of document.querySelectorAll('[aria-describedby], [aria-labelledby]')) {
    const refs = ['aria-describedby', 'aria-labelledby'].map((a) => el.getAttribute(a) || '');
    for (const id of refs.join(' ').split(/\\s+/).filter(Boolean)) {
      if (!document.getElementById(id)) problems.push(`${what(el)} refers to missing #${id}`);
    }
  }
  return problems;
}"""


def start_browser() -> Iterator[Browser]:
    """One headless Chromium, with Django's async-unsafe check lifted while it runs
    (the documented way out of SynchronousOnlyOperation under Playwright's sync API)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium package "
            "(as root: apt-get install chromium; .ci/run does this)",
            pytrace=False,
        )
    saved = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
    finally:
        playwright.stop()
        if saved is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = saved


@pytest.fixture
def city(settings) -> None:
    """One block of Las Tunas Drive, recorded on 2025-01-15 and swept as of 2025-03-01,
    with a late manifest for a pump-out of Feb 28 recorded since; and an inspector."""
    from sanitas.ordinance.document import read_data
    from sanitas.records.models import RECORD_MODELS
    from sanitas.records.services import record_facts
    from sanitas.records.sweep import sweep

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    for model in RECORD_MODELS.values():
        model.history.all().update(history_date=RECORDED_ON)
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="hauler-portal",
        why="late manifest",
    )
    sweep(as_of=AS_OF)
    user = User.objects.create_user("inspector", "inspector@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])


def new_context(browser: Browser, base_url: str, **options) -> BrowserContext:
    """A fresh browser context (its own cookies) on ``base_url``, with the tests' timeouts."""
    context = browser.new_context(base_url=base_url, **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    return context


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where screenshots go: ``$SANITAS_SCREENSHOTS``, or a temporary folder."""
    folder = Path(os.environ.get("SANITAS_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def phone(browser, live_server, city) -> Iterator[Page]:
    context = new_context(
        browser,
        live_server.url,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
        # the audit injects axe-core, the test's own script, which the pages' policy
        # (no inline script) rightly refuses; the policy itself is tested in operations
        bypass_csp=True,
    )
    yield context.new_page()
    context.close()


@pytest.fixture
def desk(browser, live_server, city) -> Iterator[Page]:
    context = new_context(
        browser, live_server.url, viewport=DESK, accept_downloads=True, bypass_csp=True
    )
    yield context.new_page()
    context.close()


def sign_in(page: Page, username: str = "inspector") -> None:
    """Sign in through the form and wait for the worklist."""
    page.goto("/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"^https?://[^/]+/$"))


def axe(page: Page) -> list[dict]:
    """axe-core's WCAG 2.1 A and AA violations on the page as it stands."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run scripts/assets.sh (npm ci)", pytrace=False)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async (tags) => {
          const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
          return {passes: r.passes.length, violations: r.violations.map(v => ({id: v.id,
            impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))};
        }""",
        WCAG_21_AA,
    )
    assert result["passes"] > 10, "axe-core checked nothing"
    return result["violations"]


def search_from_the_shell(page: Page, words: str) -> None:
    """Search from the shell's box, on screen beside the brand (on a phone too: never
    behind the menu button)."""
    box = page.get_by_role("searchbox", name=re.compile("Search by name"))
    expect(box).to_be_visible()
    box.fill(words)
    box.press("Enter")
    page.wait_for_url(re.compile(r"/search/\?q="))
