"""A permit's fees in a real browser (Debian's Chromium through Playwright), at a
phone's width and a desk's: the permit clerk reads what a permit owes, records a
payment from its page (the form filled with the balance), sees the balance fall and
the receipt listed, and opens the invoice and the receipt as PDFs; a void permit's
fees read forfeited. Each page fits the screen and passes axe-core's WCAG 2.1 AA
rules. Screenshots go to ``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import expect

from sanitas.records.models import RECORD_MODELS

from ..browser import PASSWORD, axe, city, sign_in  # noqa: F401  (city: a fixture)
from .test_permit_fees import permits  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def clerk(city, permits):  # noqa: F811  (the block first, then the permits swept after it)
    user = User.objects.create_user("fees", "fees@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    return user


def _sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def _small_targets(page) -> list[str]:
    """The links and buttons of the fees section smaller than 44 x 44 CSS pixels."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.permit-fees a, .permit-fees button')]
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.width < 44 || r.height < 44; })
            .map(e => e.textContent.trim())"""
    )


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_the_clerk_records_a_payment_and_the_balance_falls(request, where, shots, clerk):
    page = request.getfixturevalue(where)
    sign_in(page, "fees")
    page.goto("/subjects/p-70/")
    fees = page.locator(".permit-fees")
    expect(fees).to_contain_text("$650.00 owed.")
    expect(fees).to_contain_text("The charge for connecting from outside the city")
    assert axe(page) == [] and _sideways(page) <= 0
    page.screenshot(path=shots / f"permit-fees-owed-{where}.png", full_page=True)

    invoice = page.request.get(fees.get_by_role("link", name="Invoice (PDF)").get_attribute("href"))
    assert invoice.status == 200 and invoice.headers["content-type"] == "application/pdf"

    fees.get_by_role("link", name="Record a payment").click()
    expect(page.locator("#id_amount")).to_have_value("650.00")
    assert axe(page) == [] and _sideways(page) <= 0
    page.locator("#id_amount").fill("400.00")
    page.locator("#id_method").select_option("card")
    page.locator("#id_receipt_number").fill("R-2025-0170")
    page.locator("#id_payer").fill("Rosa Díaz")
    page.screenshot(path=shots / f"permit-fees-payment-form-{where}.png", full_page=True)
    page.get_by_role("button", name="Record the permit payment").click()

    expect(page).to_have_url(f"{page.url.split('/subjects/')[0]}/subjects/p-70/")
    fees = page.locator(".permit-fees")
    expect(fees).to_contain_text("$250.00 owed.")
    expect(fees).to_contain_text("Receipt R-2025-0170 (PDF)")
    assert axe(page) == [] and _sideways(page) <= 0
    if where == "phone":
        assert _small_targets(page) == []
    page.screenshot(path=shots / f"permit-fees-part-paid-{where}.png", full_page=True)
    key = RECORD_MODELS["permit_payment"].objects.get(receipt_number="R-2025-0170").key
    receipt = page.request.get(f"/notices/payments/{key}/receipt.pdf")
    assert receipt.status == 200 and receipt.headers["content-type"] == "application/pdf"


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_paid_void_and_renewed_permits_read_in_words(request, where, shots, clerk):
    page = request.getfixturevalue(where)
    sign_in(page, "fees")
    for key, words in (
        ("p-71", "Paid in full: $150.00 received."),
        ("p-72", "Forfeited: the permit is void since"),
        ("p-73", "A new permit after the lapse of"),
    ):
        page.goto(f"/subjects/{key}/")
        expect(page.locator(".permit-fees")).to_contain_text(words)
        assert axe(page) == [], key
        assert _sideways(page) <= 0, key
        page.screenshot(path=shots / f"permit-fees-{key}-{where}.png", full_page=True)
