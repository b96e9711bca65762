"""A permit's fees on its page: the fees by kind from the pack's schedule, the payments
with their receipts, the balance, what became of a void permit's fees, the invoice,
and "Record a payment" for the roles that may (the law's reading of them:
:mod:`sanitas.records.fees`)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from sanitas.access.policy import About, allows
from sanitas.kit.said import reader_language
from sanitas.kit.titles import titles
from sanitas.notices.permit_fees import method_words, money
from sanitas.records.certificates import NotAPermit
from sanitas.records.fees import permit_fees

register = template.Library()


@register.inclusion_tag("staff/_permit_fees_section.html", takes_context=True)
def permit_fees_section(context: Any, page: Any) -> dict[str, Any]:
    """The permit's fees as of the worklist's day, in the page's language."""
    user = context["request"].user
    try:
        fees = permit_fees(page.key)
    except NotAPermit:
        return {"fees": None}
    language = reader_language()
    record_payment = ""
    if fees.standing == "owed" and allows(user, "records.record", About.record("permit_payment")):
        record_payment = f"{reverse('web:record_new', args=['permit_payment'])}?" + urlencode(
            {
                "near": page.key,
                "permit": page.key,
                "amount": f"{max(fees.balance, 0) / 100:.2f}",
                "date": fees.on.isoformat(),
            }
        )
    may_read = allows(user, "records.view", About.record("permit_payment"))
    original = titles([fees.original]).get(fees.original) if fees.original else None
    return {
        "fees": fees,
        "charges": [(c.words(language), money(c.cents, language)) for c in fees.charges],
        "total": money(fees.total, language),
        "payments": [
            {
                "date": p.date,
                "receipt": p.receipt_number,
                "method": method_words(p.method, language),
                "payer": p.payer,
                "amount": money(p.cents, language),
                "record": reverse("staff:subject", args=[p.key]) if p.key else "",
                "pdf": reverse("notices:payment_receipt", args=[p.key])
                if p.key and may_read
                else "",
            }
            for p in fees.payments
        ],
        "paid": money(fees.paid, language),
        "balance": money(max(fees.balance, 0), language),
        "overpaid": money(-fees.balance, language) if fees.balance < 0 else "",
        "invoice": reverse("notices:permit_invoice", args=[page.key]),
        "record_payment": record_payment,
        "original": original,
    }
