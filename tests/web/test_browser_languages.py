"""The worklist in Spanish and in Traditional Chinese in a real browser, on a phone
(390 px) and on a desk (1280 px): the language chosen from the header's switch (on a
phone, in the menu), the page's ``lang``, nothing wider than the screen, the Chinese
drawn with a Traditional Chinese font (the fonts Chromium used, asked of the page), and
a screenshot of each (in ``$SANITAS_SCREENSHOTS`` when set).

The browser and the block of Las Tunas Drive: ``tests/browser.py``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from ..browser import DESK, PHONE, city, sign_in  # noqa: F401  (city: a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

#: what the page's own width holds beside what scrolls sideways
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getClientRects().length && !el.closest('.table-scroll'))
    .filter((el) => el.getBoundingClientRect().right > width + 1)
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8)};
}"""

LANGUAGES = {
    "es": ("Español", "es", "Lista de trabajo", "Filtros", "Cambiar"),
    "zh-hant": ("繁體中文", "zh-Hant", "工作清單", "篩選條件", "變更"),
}


def _choose(page: Page, language: str, *, phone: bool) -> None:
    if phone:
        page.get_by_role("button", name=re.compile("^(Menu|Menú|選單)$")).tap()
    switch = page.locator("nav .language-switch")
    switch.locator("select").select_option(language)
    button = switch.get_by_role("button")
    with page.expect_navigation():
        button.tap() if phone else button.click()


def _fonts(page: Page, selector: str) -> set[str]:
    """The fonts Chromium drew the text of ``selector`` with (DevTools' CSS domain)."""
    session = page.context.new_cdp_session(page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument")["root"]["nodeId"]
    node = session.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    used = session.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    session.detach()
    return {font["familyName"] for font in used}


def _look(page: Page, language: str, width: int, shots) -> None:
    name, lang, heading, _filters, change = LANGUAGES[language]
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("h1")).to_contain_text(heading)
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"] and not found["wide"], found
    assert page.locator("select#shell-language").evaluate("el => el.selectedOptions[0].text") == (
        name
    )
    # the pages' own words over Django's and the admin's for the same English
    expect(page.locator(".language-switch button")).to_have_text(change)
    if lang == "zh-Hant":
        fonts = _fonts(page, "h1")
        assert fonts and all("TC" in font for font in fonts if "CJK" in font), fonts
        assert any("CJK TC" in font for font in fonts), fonts
    page.screenshot(path=str(shots / f"worklist-{language}-{width}.png"), full_page=True)


@pytest.mark.parametrize("language", ["es", "zh-hant"])
def test_the_worklist_in_a_language_on_a_desk(desk, shots, language):
    sign_in(desk)
    _choose(desk, language, phone=False)
    desk.goto("/")
    _look(desk, language, DESK["width"], shots)
    expect(desk.locator("summary").first).to_be_hidden()  # the filters stay open
    expect(desk.get_by_text(LANGUAGES[language][3]).first).to_be_attached()


@pytest.mark.parametrize("language", ["es", "zh-hant"])
def test_the_worklist_in_a_language_on_a_phone(phone, shots, language):
    sign_in(phone)
    _choose(phone, language, phone=True)
    phone.goto("/")
    _look(phone, language, PHONE["width"], shots)
    # the filters fold away on a phone, under the page's word for them
    expect(phone.locator("details.filters-fold > summary")).to_have_text(LANGUAGES[language][3])


def test_the_sign_in_page_switches_language_on_a_phone(phone, shots):
    phone.goto("/accounts/login/")
    switch = phone.locator(".language-switch")
    switch.locator("select").select_option("zh-hant")
    with phone.expect_navigation():
        switch.get_by_role("button").tap()
    assert phone.evaluate("document.documentElement.lang") == "zh-Hant"
    expect(phone.locator("h1")).to_have_text("員工登入")
    found = phone.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"] and not found["wide"], found
    phone.screenshot(path=str(shots / "sign-in-zh-hant-390.png"), full_page=True)
