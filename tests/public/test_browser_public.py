"""The public's pages in a real browser (Chromium), on a phone (390 × 844) and at a desk,
in English, Spanish and Traditional Chinese: the complaint form, filed anonymously with
a photo, its receipt with the tracking code, the tracking page, and the form with its
errors; each audited by axe-core (WCAG 2.1 AA) and the shared basics, every tap target
on the phone at least 44 × 44 px, and a screenshot of each kept
($SANITAS_SCREENSHOTS).

The browser and what the browser tests share: ``tests/browser.py``."""

from __future__ import annotations

import io
import re

import pytest
from django.core.cache import cache
from PIL import Image
from playwright.sync_api import expect

from sanitas.public.models import ServiceRequest

from ..browser import AUDIT, DESK, PHONE, axe, new_context
from ..web.test_browser_phone import _small_targets

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = {
    "en": ("File a complaint", "Send the complaint", "Complaint received", "Tracking code"),
    "es": ("Presentar una queja", "Enviar la queja", "Queja recibida", "Código de seguimiento"),
    "zh-Hant": ("提交投訴", "送出投訴", "已收到投訴", "追蹤碼"),
}


def _check(page, shots, name: str, *, on_phone: bool, basics: bool = True) -> None:
    if basics:
        assert page.evaluate(AUDIT) == [], page.url
    assert axe(page) == [], page.url
    if on_phone:
        assert _small_targets(page, "body") == [], page.url
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("width", ["phone", "desk"])
def test_a_person_files_an_anonymous_complaint_and_follows_it(
    browser, live_server, shots, tmp_path, language, width
):
    cache.clear()
    heading, send, received, code_label = LANGUAGES[language]
    options = (
        {"viewport": PHONE, "is_mobile": True, "has_touch": True}
        if width == "phone"
        else {"viewport": DESK}
    )
    context = new_context(browser, live_server.url, locale=language, bypass_csp=True, **options)
    page = context.new_page()
    on_phone = width == "phone"
    try:
        page.goto("/complaints/")
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        _check(page, shots, f"complaint-{language}-{width}", on_phone=on_phone)
        # sent empty: each problem beside its field, the page still accessible
        page.get_by_role("button", name=send).click()
        expect(page.locator(".usa-error-message").first).to_be_visible()
        _check(page, shots, f"complaint-errors-{language}-{width}", on_phone=on_phone)
        photo = tmp_path / "bin.jpg"
        buffer = io.BytesIO()
        Image.new("RGB", (80, 60), (30, 120, 60)).save(buffer, format="JPEG")
        photo.write_bytes(buffer.getvalue())
        page.locator("#id_service_code").select_option("contamination")
        page.locator("#id_description").fill("Food scraps in the blue bin")
        page.locator("#id_address").fill("315 South Del Mar Avenue")
        page.locator("#id_photo").set_input_files(str(photo))
        page.get_by_role("button", name=send).click()
        expect(page.get_by_role("heading", level=1)).to_have_text(received)
        filed = ServiceRequest.objects.get()
        assert filed.photo_type == "image/jpeg" and not filed.has_contact
        expect(page.get_by_text(filed.code).first).to_be_visible()
        _check(page, shots, f"complaint-filed-{language}-{width}", on_phone=on_phone)
        page.goto("/complaints/track/")
        page.get_by_label(code_label).fill(filed.code.lower())
        page.get_by_label(code_label).press("Enter")
        page.wait_for_url(re.compile(r"/complaints/track/\?code="))
        expect(page.locator("dl.facts")).to_contain_text(filed.code)
        _check(page, shots, f"complaint-track-{language}-{width}", on_phone=on_phone)
    finally:
        context.close()


@pytest.mark.parametrize("width", ["phone", "desk"])
def test_staff_find_a_complaint_on_my_cases_and_close_it(browser, live_server, shots, width):
    from django.contrib.auth.models import Group, User

    from sanitas.public import services

    cache.clear()
    filed = services.file_request(
        service_code="grease_discharge",
        description="Grease running from the back door into the gutter",
        address="420 West Las Tunas Drive",
        email="vecino@example.org",
        language="es",
    )
    staff = User.objects.create_user("aram", "aram@example.org", "a-long-test-password")
    staff.groups.add(Group.objects.get_or_create(name="code_enforcement")[0])
    options = (
        {"viewport": PHONE, "is_mobile": True, "has_touch": True}
        if width == "phone"
        else {"viewport": DESK}
    )
    context = new_context(browser, live_server.url, bypass_csp=True, **options)
    page = context.new_page()
    on_phone = width == "phone"
    try:
        page.goto("/accounts/login/")
        page.get_by_label("User name").fill("aram")
        page.get_by_label("Password").fill("a-long-test-password")
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        page.goto("/cases/mine/")
        _check(page, shots, f"staff-my-cases-{width}", on_phone=on_phone)
        page.get_by_role("link", name=f"Complaint {filed.code}").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Written complaints")
        # the case page's two forms share the id of their version field, as every case
        # page does (casework's, not the complaint's): axe-core and the targets only
        _check(page, shots, f"staff-complaint-case-{width}", on_phone=on_phone, basics=False)
        page.get_by_role("link", name=re.compile(f"The complaint {filed.code}")).click()
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Complaint {filed.code}")
        expect(page.get_by_text("420 West Las Tunas Drive")).to_be_visible()
        _check(page, shots, f"staff-complaint-{width}", on_phone=on_phone)
        page.get_by_label("What the city found and did").fill("The grease was cleaned up.")
        page.get_by_role("button", name="Close it and tell the complainants").click()
        expect(page.locator("dl.facts").first).to_contain_text("closed")
        _check(page, shots, f"staff-complaint-closed-{width}", on_phone=on_phone)
        assert ServiceRequest.objects.get(pk=filed.pk).status == "closed"
    finally:
        context.close()
