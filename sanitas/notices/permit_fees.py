"""A permit's invoice and a payment's receipt, as PDFs made as the notices are
(WeasyPrint, PDF/UA): in the recipient's language (the owner's, as the premises
records it) with the English after it, money written for the reader (Babel), the
amounts, payments and balance as the law reads them (:mod:`sanitas.records.fees`).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from sanitas.notices.kinds import LANGUAGE_NAMES
from sanitas.notices.render import date_words, pdf
from sanitas.ordinance.messages import Cents, Word
from sanitas.ordinance.words import words
from sanitas.records.fees import Fees, Payment
from sanitas.records.sweep import jurisdiction_pack

#: how a gettext language code is written for Django
_DJANGO = {"en": "en", "es": "es", "zh-Hant": "zh-hant"}


def recipient_languages(fees: Fees) -> list[str]:
    """The owner's language first, then English (English alone for an English reader)."""
    language = getattr(fees.premises, "owner_language", None) or "en"
    return [language] if language == "en" else [language, "en"]


def money(cents: int, language: str) -> str:
    """An amount in cents as ``language`` writes money ("$1,250.00", "US$1,250.00")."""
    return Cents(cents).render(language)


def method_words(method: str, language: str) -> str:
    """How a payment was made, in ``language`` (the vocabulary's word for it)."""
    return Word(words(method)).render(language)


def _words(language: str) -> dict[str, str]:
    with translation.override(_DJANGO[language]):
        return {
            "invoice": _("Invoice for permit fees"),
            "receipt": _("Receipt for a payment of permit fees"),
            "permit": _("Permit"),
            "address": _("Address"),
            "owner": _("Owner"),
            "contractor": _("Contractor"),
            "issued": _("Issued"),
            "as_of": _("As of"),
            "fee": _("Fee"),
            "amount": _("Amount"),
            "total": _("Total fees"),
            "payments": _("Payments received"),
            "date": _("Date"),
            "receipt_number": _("Receipt number"),
            "method": _("Method"),
            "payer": _("Paid by"),
            "paid": _("Total paid"),
            "balance": _("Balance owed"),
            "none": _("No payment is recorded."),
            "not_recorded": _("Not recorded"),
            "received": _("Amount received"),
            "law": _(
                "The fees are those of the fee schedule the City Council sets by resolution "
                "('65 Code § 6-8.114); the certificate of final inspection issues only when "
                "all fees have been paid (§ 6-8.133)."
            ),
            "controls": _("If this copy and the English copy differ, the English controls."),
        }


def _standing(fees: Fees, language: str) -> str:
    with translation.override(_DJANGO[language]):
        day = date_words(fees.void_from, language)
        if fees.standing == "forfeited":
            return _(
                "The permit is void from %(day)s: the fees paid are forfeited. A new permit "
                "is required, and the same fees (§ 6-8.116)."
            ) % {"day": day}
        if fees.standing == "refunded":
            return _(
                "The permit is void from %(day)s: the fees paid are to be refunded. A new "
                "permit is required, and the same fees (§ 6-8.116)."
            ) % {"day": day}
        if fees.standing == "paid" and fees.marked_paid:
            return _(
                "The fees were recorded as paid before payments were kept with their receipts."
            )
        if fees.standing == "paid":
            return _("The fees are paid in full.")
        if fees.standing == "owed":
            return _("Please pay %(amount)s at the Community Development counter.") % {
                "amount": money(fees.balance, language)
            }
        return _("No fee is charged for this permit.")


def _part(fees: Fees, language: str, payment: Payment | None) -> dict[str, Any]:
    premises = fees.premises
    return {
        "language": language,
        "name": LANGUAGE_NAMES[language],
        "w": _words(language),
        "issued": date_words(fees.permit.issued_on, language),
        "as_of": date_words(fees.on, language),
        "address": getattr(premises, "address", None) or "",
        "owner": getattr(premises, "owner_name", None) or "",
        "charges": [(c.words(language), money(c.cents, language)) for c in fees.charges],
        "total": money(fees.total, language),
        "payments": [
            {
                "date": date_words(p.date, language),
                "receipt": p.receipt_number,
                "method": method_words(p.method, language),
                "payer": p.payer or "",
                "amount": money(p.cents, language),
            }
            for p in fees.payments
        ],
        "paid": money(fees.paid, language),
        "balance": money(max(fees.balance, 0), language),
        "standing": _standing(fees, language),
        "payment": None
        if payment is None
        else {
            "date": date_words(payment.date, language),
            "receipt": payment.receipt_number,
            "method": method_words(payment.method, language),
            "payer": payment.payer or "",
            "amount": money(payment.cents, language),
        },
    }


def fees_html(fees: Fees, payment: Payment | None = None) -> str:
    """The invoice of ``fees`` (or, with ``payment``, that payment's receipt) as HTML."""
    parts = [_part(fees, language, payment) for language in recipient_languages(fees)]
    on = payment.date if payment is not None else fees.on
    return render_to_string(
        "notices/pdf/permit_fees.html",
        {
            "fees": fees,
            "parts": parts,
            "lead": parts[0],
            "receipt": payment is not None,
            "number": fees.permit.number or "",
            "contractor": fees.permit.contractor or "",
            "letterhead": jurisdiction_pack().value("notice.letterhead", on),
        },
    )


def invoice_pdf(fees: Fees) -> bytes:
    return pdf(fees_html(fees))


def receipt_pdf(fees: Fees, payment: Payment) -> bytes:
    return pdf(fees_html(fees, payment))


def payment_in(fees: Fees, key: str) -> Payment | None:
    """The payment ``key`` among the permit's payments counted as of ``fees.on``."""
    return next((p for p in fees.payments if p.key == key), None)


def pdf_name(prefix: str, number: str, day: date) -> str:
    """A file name for a download: ``invoice-HC-2025-022-2025-03-01.pdf``."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in number) or "permit"
    return f"{prefix}-{safe}-{day.isoformat()}.pdf"
