"""A permit's fees as money on its page: the fees by kind from the pack's schedule,
the payments with their receipts, the balance, "Record a payment" for the permit
clerk only, an invoice and a receipt as PDFs in the owner's language; a void permit's
fees forfeited, never "paid" without a payment; a new permit after a lapse charging
the same fees. Every door refuses the roles that may not."""

from __future__ import annotations

import html
import re
import subprocess
from datetime import date
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse

from sanitas.records.fees import permit_fees
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep
from sanitas.web.record_forms import form_class
from tests.generic import person, post_data

pytestmark = pytest.mark.django_db

AS_OF = date(2025, 4, 30)


def _permit(n: int, issued: str, **more) -> dict:
    return {
        "id": f"p-{n}",
        "type": "permit",
        "kind": "house_connection",
        "number": f"HC-2025-0{n}",
        "premises": f"lot-{n}",
        "issued_on": issued,
        **more,
    }


def _lot(n: int, language: str = "en", outside: bool = False) -> dict:
    lot = {
        "id": f"lot-{n}",
        "type": "premises",
        "address": f"{n} Mission Dr",
        "owner_name": "Rosa Díaz",
        "owner_language": language,
    }
    return {**lot, "located_in_city": False} if outside else lot


@pytest.fixture
def permits() -> None:
    facts = [
        _lot(70, "es", outside=True),
        _permit(70, "2025-04-10"),  # owes $650.00: the fee and the outside-city charge
        _lot(71),
        _permit(71, "2025-04-10"),
        {
            "type": "permit_payment",
            "permit": "p-71",
            "date": "2025-04-10",
            "amount": "150.00",
            "method": "check",
            "receipt_number": "R-2025-0071",
            "payer": "Acme Sewer",
        },
        _lot(72),
        _permit(72, "2025-01-02"),  # void from 2025-03-04, its fees paid
        {
            "type": "permit_payment",
            "permit": "p-72",
            "date": "2025-01-02",
            "amount": "150.00",
            "method": "cash",
            "receipt_number": "R-2025-0002",
        },
        {**_permit(73, "2025-04-20"), "premises": "lot-72"},  # the new permit after the lapse
        _lot(74),
        _permit(74, "2025-04-10", fees_paid=True),  # recorded paid before payments were kept
    ]
    record_facts(raw_facts=facts, actor="clerk", why="test permits")
    sweep(as_of=AS_OF)


def _text(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<script.*?</script>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _fees(response) -> str:
    body = response.content.decode()
    start = body.index('class="permit-fees"')
    return " ".join(
        html.unescape(
            re.sub(r"<[^>]+>", " ", body[start : body.index("</section>", start)])
        ).split()
    )


def _page(client, key: str):
    response = client.get(reverse("staff:subject", args=[key]))
    assert response.status_code == 200
    return response


def _payment_key(receipt: str) -> str:
    return RECORD_MODELS["permit_payment"].objects.get(receipt_number=receipt).key


def test_a_permit_owing_its_fees_shows_them_by_kind_and_offers_a_payment(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    fees = _fees(_page(client, "p-70"))
    assert "$650.00 owed." in fees
    assert "The house connection permit fee $150.00" in fees
    assert "The charge for connecting from outside the city $500.00" in fees
    assert "Total fees $650.00" in fees
    assert "No payment is recorded." in fees
    assert "Record a payment" in fees and "Invoice (PDF)" in fees


def test_a_permit_paid_by_a_payment_shows_it_with_its_receipt(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    response = _page(client, "p-71")
    fees = _fees(response)
    assert "Paid in full: $150.00 received." in fees
    assert "Receipt R-2025-0071 (PDF)" in fees and "Acme Sewer" in fees
    assert "Balance owed $0.00" in fees
    assert "Record a payment" not in fees
    assert reverse("notices:payment_receipt", args=[_payment_key("R-2025-0071")]) in (
        response.content.decode()
    )


def test_a_void_permits_fees_are_forfeited_never_paid(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    fees = _fees(_page(client, "p-72"))
    assert "Forfeited: the permit is void since Mar 4, 2025, and the $150.00 paid is kept" in fees
    assert "Paid in full" not in fees and "Record a payment" not in fees
    assert "Balance owed" not in fees


def test_a_new_permit_after_a_lapse_names_the_void_one_and_charges_the_same_fees(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    fees = _fees(_page(client, "p-73"))
    assert "A new permit after the lapse of" in fees and "HC-2025-072" in fees
    assert "$150.00 owed." in fees
    assert permit_fees("p-73").original == "p-72"


def test_a_permit_marked_paid_before_payments_keeps_its_mark(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    fees = _fees(_page(client, "p-74"))
    assert "Recorded as paid before payments were kept with their receipts" in fees
    assert permit_fees("p-74").settled


def test_the_clerk_records_a_payment_from_the_page_and_the_balance_falls(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    fees = _page(client, "p-70").content.decode()
    link = html.unescape(re.search(r'href="([^"]*record/permit_payment/[^"]*)"', fees)[1])
    asked = parse_qs(urlparse(link).query)
    assert asked["permit"] == ["p-70"] and asked["amount"] == ["650.00"]
    form = client.get(link)
    assert form.status_code == 200
    assert form.context["form"].initial.get("amount") in ("650.00", 650, "650")
    payment = {
        "type": "permit_payment",
        "permit": "p-70",
        "date": "2025-04-30",
        "amount": "400.00",
        "method": "card",
        "receipt_number": "R-2025-0170",
        "payer": "Rosa Díaz",
    }
    response = client.post(
        reverse("web:record_new", args=["permit_payment"]),
        post_data(form_class("permit_payment"), payment),
    )
    assert response.status_code == 302
    fees = _fees(_page(client, "p-70"))
    assert "$250.00 owed." in fees and "Receipt R-2025-0170 (PDF)" in fees
    assert "Total paid $400.00" in fees and "Balance owed $250.00" in fees


def test_a_payment_of_part_of_a_cent_is_refused_beside_its_field(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    payment = {
        "type": "permit_payment",
        "permit": "p-70",
        "date": "2025-04-30",
        "amount": "10.005",
        "method": "cash",
        "receipt_number": "R-2025-0171",
    }
    response = client.post(
        reverse("web:record_new", args=["permit_payment"]),
        post_data(form_class("permit_payment"), payment),
    )
    assert response.status_code == 400
    assert "amount" in response.context["form"].errors
    assert "no more than 2 decimal places" in _text(response)
    assert not RECORD_MODELS["permit_payment"].objects.filter(receipt_number="R-2025-0171")


@pytest.mark.parametrize("role", ["auditor", "fog_inspector", "supervisor"])
def test_record_a_payment_is_offered_only_to_who_may_record_it(permits, client, role):
    client.force_login(person("someone", role))
    fees = _fees(_page(client, "p-70"))
    assert ("Record a payment" in fees) == (role == "supervisor")
    assert "Invoice (PDF)" in fees


@pytest.mark.parametrize("role", ["auditor", "fog_inspector", "code_enforcement"])
def test_the_payment_form_refuses_the_roles_that_may_not_record_it(permits, client, role):
    client.force_login(person("someone", role))
    url = reverse("web:record_new", args=["permit_payment"])
    assert client.get(url).status_code == 403
    payment = {
        "type": "permit_payment",
        "permit": "p-70",
        "date": "2025-04-30",
        "amount": "650.00",
        "method": "cash",
        "receipt_number": "R-2025-0172",
    }
    assert client.post(url, post_data(form_class("permit_payment"), payment)).status_code == 403
    assert not RECORD_MODELS["permit_payment"].objects.filter(receipt_number="R-2025-0172")


def _pdf_text(data: bytes) -> str:
    done = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True)
    return " ".join(done.stdout.decode("utf-8").split())


def test_the_invoice_is_a_pdf_in_the_owners_language_then_english(permits, client):
    client.force_login(person("auditor", "auditor"))
    response = client.get(reverse("notices:permit_invoice", args=["p-70"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "invoice-HC-2025-070-2025-04-30.pdf" in response["Content-Disposition"]
    text = _pdf_text(response.content)
    assert text.index("Factura de derechos del permiso") < text.index("Invoice for permit fees")
    assert "650,00" in text or "650.00" in text
    assert "Saldo adeudado" in text and "Balance owed" in text


def test_a_receipt_is_a_pdf_of_one_payment(permits, client):
    client.force_login(person("clerk", "permit_clerk"))
    key = _payment_key("R-2025-0071")
    response = client.get(reverse("notices:payment_receipt", args=[key]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = _pdf_text(response.content)
    assert "Receipt for a payment of permit fees" in text and "R-2025-0071" in text
    assert "$150.00" in text and "Acme Sewer" in text
    assert "Factura" not in text  # an English reader's receipt is English alone


def test_the_pdfs_refuse_who_reads_no_records_and_name_what_is_missing(permits, client):
    key = _payment_key("R-2025-0071")
    urls = [
        reverse("notices:permit_invoice", args=["p-70"]),
        reverse("notices:payment_receipt", args=[key]),
    ]
    for url in urls:
        assert client.get(url).status_code == 302  # nobody signed in: to sign in
    client.force_login(person("nobody"))
    for url in urls:
        assert client.get(url).status_code == 403
    client.force_login(person("officer", "hearing_officer"))
    for url in urls:
        assert client.get(url).status_code == 403
    client.force_login(person("clerk", "permit_clerk"))
    missing = client.get(reverse("notices:permit_invoice", args=["p-999"]))
    assert missing.status_code == 404
    missing = client.get(reverse("notices:payment_receipt", args=["nothing"]))
    assert missing.status_code == 404


@pytest.mark.parametrize(
    ("language", "owed", "fee", "method"),
    [
        (
            "es",
            "Se adeudan US$650,00.",
            "El derecho del permiso de conexión domiciliaria",
            "Cheque",
        ),
        ("zh-hant", "尚欠US$650.00。", "住宅接管許可證", "支票"),
    ],
)
def test_the_fees_read_in_the_readers_language(permits, client, language, owed, fee, method):
    client.force_login(person("clerk", "permit_clerk"))
    response = client.get(reverse("staff:subject", args=["p-70"]), HTTP_ACCEPT_LANGUAGE=language)
    fees = _fees(response)
    assert owed in fees, fees
    assert fee in fees, fees
    paid = _fees(client.get(reverse("staff:subject", args=["p-71"]), HTTP_ACCEPT_LANGUAGE=language))
    assert method in paid, paid


@pytest.mark.parametrize(("role", "status"), [("permit_clerk", 200), ("fog_inspector", 403)])
def test_the_api_records_a_payment_only_for_a_role_that_may(permits, role, status):
    from django.contrib.auth.models import Group, User
    from django.test import Client

    from sanitas.api.services import issue_api_token

    user = User.objects.create_user(f"api-{role}", password="not-used-here")
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    secret = issue_api_token(
        username=f"api-{role}", name="test client", actor="admin", scopes=("read", "write")
    ).secret
    api = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    payment = {
        "type": "permit_payment",
        "permit": "p-70",
        "date": "2025-04-30",
        "amount": "650.00",
        "method": "check",
        "receipt_number": "R-2025-0190",
    }
    response = api.post("/api/records", {"facts": [payment]}, content_type="application/json")
    assert response.status_code == status, response.content
    stored = RECORD_MODELS["permit_payment"].objects.filter(receipt_number="R-2025-0190")
    assert stored.exists() == (status == 200)
    assert permit_fees("p-70").standing == ("paid" if status == 200 else "owed")
