"""The permit clerk's whole path in a real browser (Debian's Chromium through
Playwright), at a desk's width and a phone's, by the pages' own links, forms and
buttons: a new permit for a premises with its fees, the invoice and a payment that
brings the balance to nothing; the connection design with three runs entered as rows;
work started; a pressure test asked for, failed, asked for again and passed; the final
inspection asked for and passed; the one certificate of final inspection issued from
the permit's page to the person who built the work (§ 6-8.133) and served; a second
refused in words; and a lapsed permit's page saying a new permit and its fees are
required (§ 6-8.116). Every page visited fits the screen and passes axe-core's WCAG
2.1 AA rules. Screenshots go to ``$SANITAS_SCREENSHOTS``."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import Page, expect

from sanitas.notices import services
from sanitas.notices.models import Notice
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..browser import PASSWORD, axe, city, sign_in  # noqa: F401  (city: a fixture)
from ..served_notices import flush_with_served_notices
from .test_browser_permit_inspections import _ask
from .test_browser_record_rows import RUNS, _fill
from .test_permit_page import _bare

pytestmark = pytest.mark.django_db(transaction=True)

#: the day the worklist speaks for: the permit's work is dated on or before it
AS_OF = date(2025, 4, 30)
PERMIT = "Permit HC-2025-080, 80 Las Tunas Dr"


@pytest.fixture
def clerk(city):  # noqa: F811  (the block first, then the premises swept after it)
    facts = [
        {
            "id": "lot-80",
            "type": "premises",
            "address": "80 Las Tunas Dr",
            "owner_name": "Rosa Díaz",
        },
        *_bare(62, "2025-01-02"),  # lapsed: void from 2025-03-04
    ]
    record_facts(raw_facts=facts, actor="clerk", why="test permits")
    sweep(as_of=AS_OF)
    user = User.objects.create_user("permits", "permits@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    yield user
    # the served certificate is frozen: the next test's empty database needs the guard lifted
    flush_with_served_notices()


class Visits:
    """Each page visited, checked where it stands: axe-core's WCAG 2.1 AA violations
    and how far it is wider than the screen, kept by name; and its screenshot."""

    def __init__(self, page: Page, where: str, shots) -> None:
        self.page, self.where, self.shots = page, where, shots
        self.problems: dict[str, list] = {}
        self.wide: dict[str, int] = {}
        self.count = 0

    def check(self, name: str, page: Page | None = None) -> None:
        page = page or self.page
        self.count += 1
        found = axe(page)
        if found:
            self.problems[name] = found
        sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if sideways > 0:
            self.wide[name] = sideways
        path = self.shots / f"permit-path-{self.count:02d}-{name}-{self.where}.png"
        page.screenshot(path=path, full_page=True)


def _back_on_the_permit(page: Page) -> None:
    page.wait_for_url(re.compile(r"/subjects/p-80/$"))


def _result(page: Page, visits: Visits, name: str, *, passed: bool, psi: str | None) -> None:
    """Records the result of the open inspection from the permit's page."""
    page.locator(".permit-inspections").get_by_role("link", name="Record the result").click()
    page.locator(f"label[for=id_result_{0 if passed else 1}]").click()
    if psi:
        page.get_by_label("Kind of test").select_option("air")
        page.get_by_label("Pressure at the lower end (psi)").fill(psi)
        page.locator(f"label[for=id_leaked_{1 if passed else 0}]").click()
    visits.check(name)
    page.get_by_role("button", name="Record the result").click()
    _back_on_the_permit(page)


@pytest.mark.parametrize("where", ["desk", "phone"])
def test_the_clerk_takes_a_permit_from_application_to_its_one_certificate(
    request, where, shots, clerk
):
    page = request.getfixturevalue(where)
    visits = Visits(page, where, shots)
    sign_in(page, "permits")

    # 1. the application: a new permit for the premises, its fees invoiced and paid
    page.goto("/subjects/lot-80/")
    visits.check("premises")
    page.get_by_role("link", name="Record a permit").first.click()
    page.locator("#id_id").fill("p-80")
    page.locator("#id_kind").select_option("house_connection")
    page.locator("#id_number").fill("HC-2025-080")
    page.locator("#id_issued_on").fill("04/01/2025")
    page.locator("#id_contractor").fill("Acme Sewer")
    page.locator("#id_contractor_license_expires_on").fill("12/31/2025")
    visits.check("permit-form")
    page.get_by_role("button", name="Record the permit").click()
    page.wait_for_url(re.compile(r"/subjects/lot-80/$"))
    page.get_by_role("link", name=PERMIT).first.click()
    _back_on_the_permit(page)
    expect(page.locator(".permit-status")).to_contain_text("Not started")
    fees = page.locator(".permit-fees")
    expect(fees).to_contain_text("$150.00 owed.")
    expect(fees).to_contain_text("The house connection permit fee")
    visits.check("permit-owing")
    invoice = page.request.get(fees.get_by_role("link", name="Invoice (PDF)").get_attribute("href"))
    assert invoice.status == 200 and invoice.headers["content-type"] == "application/pdf"
    assert invoice.body().startswith(b"%PDF")
    fees.get_by_role("link", name="Record a payment").click()
    expect(page.locator("#id_amount")).to_have_value("150.00")
    page.locator("#id_method").select_option("check")
    page.locator("#id_receipt_number").fill("R-2025-0180")
    page.locator("#id_payer").fill("Rosa Díaz")
    visits.check("payment-form")
    page.get_by_role("button", name="Record the permit payment").click()
    _back_on_the_permit(page)
    fees = page.locator(".permit-fees")
    expect(fees).to_contain_text("Paid in full: $150.00 received.")
    expect(fees.locator("tr", has_text="Balance owed")).to_contain_text("$0.00")
    expect(fees).to_contain_text("Receipt R-2025-0180 (PDF)")
    expect(page.locator(".certificate-blockers")).not_to_contain_text("fees")
    visits.check("permit-paid")

    # 2. the design: three runs entered as rows
    page.get_by_role("link", name="Record a connection design").first.click()
    page.locator("#id_id").fill("d-80")
    page.get_by_label(re.compile("^Persons served")).fill("4")
    _fill(page, 0, RUNS[0])
    for index in (1, 2):
        page.get_by_role("button", name="Add a run").click()
        expect(page.locator(".record-row")).to_have_count(index + 1)
        _fill(page, index, RUNS[index])
    visits.check("design-form")
    page.get_by_role("button", name="Record the connection design").click()
    _back_on_the_permit(page)
    design = RECORD_MODELS["connection_design"].objects.get(key="d-80")
    assert design.permit == "p-80" and len(design.segments) == 3
    expect(page.locator(".certificate-blockers")).not_to_contain_text("connection design")

    # 3. the work started, its pressure test failed and passed, its final passed
    page.get_by_role("link", name="Record a work started").first.click()
    page.locator("#id_date").fill("04/03/2025")
    visits.check("work-started-form")
    page.get_by_role("button", name="Record the work started").click()
    _back_on_the_permit(page)
    expect(page.locator(".permit-status")).to_contain_text("Active")
    inspections = page.locator(".permit-inspections")
    inspections.get_by_role("link", name="Ask for an inspection").click()
    page.locator("#id_requested_on").fill("04/10/2025")
    visits.check("inspection-request-form")
    _ask(page, stage="pressure_test", day="04/14/2025", called_by="Luis at Acme Sewer")
    _back_on_the_permit(page)
    _result(page, visits, "pressure-test-failed", passed=False, psi="3")
    inspections = page.locator(".permit-inspections")
    expect(inspections).to_contain_text("Failed")
    visits.check("permit-test-failed")
    inspections.get_by_role("link", name="Ask for it again").click()
    expect(page.locator("#id_stage")).to_have_value("pressure_test")
    page.locator("#id_requested_on").fill("04/14/2025")
    _ask(page, stage=None, day="04/16/2025")
    _back_on_the_permit(page)
    _result(page, visits, "pressure-test-passed", passed=True, psi="4")
    page.locator(".permit-inspections").get_by_role("link", name="Ask for an inspection").click()
    page.locator("#id_requested_on").fill("04/16/2025")
    _ask(page, stage="final", day="04/18/2025")
    _back_on_the_permit(page)
    _result(page, visits, "final-passed", passed=True, psi=None)
    items = page.locator(".permit-inspections li")
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_contain_text("Final")
    expect(items.nth(0)).to_contain_text("Passed")
    expect(items.nth(1)).to_contain_text("Pressure test")
    expect(items.nth(1)).to_contain_text("Passed")
    expect(items.nth(2)).to_contain_text("Failed")
    tests = RECORD_MODELS["pressure_test"].objects.filter(permit="p-80").order_by("date")
    assert [t.leaked for t in tests] == [True, False]
    (approved,) = RECORD_MODELS["work_inspection"].objects.filter(permit="p-80")
    assert approved.result == "approved"
    expect(page.locator("main")).to_contain_text("the certificate of final inspection may issue")
    visits.check("permit-ready")

    # 4. the one certificate, to the person who built the work (§ 6-8.133)
    page.get_by_role("button", name="Issue the certificate of final inspection").click()
    page.wait_for_url(re.compile(r"/notices/\d+/$"))
    main = page.locator("main")
    expect(main).to_contain_text("Certificate of Final Inspection")
    expect(main).to_contain_text("Acme Sewer · 80 Las Tunas Dr")
    expect(main).to_contain_text("Copy: Rosa Díaz · 80 Las Tunas Dr")
    expect(main).to_contain_text("issued to the person constructing such work")
    (certificate,) = Notice.objects.filter(subject="p-80", kind="final_certificate")
    recipient = services.preview(certificate, served_on=AS_OF)["recipient"]
    assert (recipient["name"], recipient["rule"]) == ("Acme Sewer", "constructor")
    assert [copy["name"] for copy in recipient["copies"]] == ["Rosa Díaz"]
    # the permit's page, open in another tab since before the certificate was served
    stale = page.context.new_page()
    stale.goto("/subjects/p-80/")
    page.locator("#id_served_by").fill("Kevin Tsai")
    visits.check("certificate-draft")
    page.get_by_role("button", name="Serve the notice").click()
    page.wait_for_load_state()
    expect(page.locator("main")).to_contain_text("Served. The notice is frozen")
    expect(page.locator("main")).to_contain_text("Acme Sewer")
    visits.check("certificate-served")
    page.goto("/subjects/p-80/")
    expect(page.locator(".permit-status")).to_contain_text("Finaled")
    blockers = page.locator(".certificate-blockers")
    expect(blockers).to_contain_text("No second certificate of final inspection")
    expect(
        page.get_by_role("button", name="Issue the certificate of final inspection")
    ).to_have_count(0)
    visits.check("permit-finaled")

    # 5. a second certificate: refused in words
    # the button on the page left open draws a refusal, not a second draft
    stale.get_by_role("button", name="Issue the certificate of final inspection").click()
    stale.wait_for_url(re.compile(r"/notices/draft/"))
    refusal = stale.locator(".certificate-blockers")
    expect(refusal).to_contain_text("No second certificate of final inspection")
    expect(refusal).to_contain_text(
        "Its certificate of final inspection was already issued on 2025-04-30, "
        "and one certificate certifies the work"
    )
    visits.check("second-certificate-refused-by-the-notices", stale)
    stale.close()
    # nor does the record form make one (the permit's page offers it no more; the
    # form is the one a clerk would reach by its address)
    page.goto("/record/final_certificate/?near=p-80&permit=p-80")
    page.locator("#id_date").fill("04/30/2025")
    page.get_by_role("button", name=re.compile("^Record the")).click()
    refusal = page.locator(".certificate-blockers")
    expect(refusal).to_contain_text("already issued")
    visits.check("second-certificate-refused-by-the-form")
    assert Notice.objects.filter(subject="p-80", kind="final_certificate").count() == 1
    assert RECORD_MODELS["final_certificate"].objects.filter(permit="p-80").count() == 1

    # 6. a lapsed permit: a new permit and its fees are required
    page.goto("/permits/?status=void")
    visits.check("permits-lapsed")
    page.get_by_role("link", name=re.compile("HC-2025-062")).first.click()
    page.wait_for_url(re.compile(r"/subjects/p-62/$"))
    status = page.locator(".permit-status")
    expect(status).to_contain_text("Lapsed")
    expect(page.locator("main")).to_contain_text("a new permit must be taken")
    expect(page.locator("main")).to_contain_text("the same fees paid (§ 6-8.116)")
    expect(page.get_by_role("link", name="Record the new permit for this address")).to_be_visible()
    visits.check("permit-lapsed")

    assert visits.problems == {}
    assert visits.wide == {}
    assert visits.count == 20
