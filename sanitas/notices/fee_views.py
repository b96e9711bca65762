"""A permit's invoice and a payment's receipt, as PDFs (who may open each:
:data:`sanitas.access.doors.PAGES`, anyone who reads the records)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from sanitas.access.doors import door, require
from sanitas.access.policy import About
from sanitas.notices.permit_fees import invoice_pdf, payment_in, pdf_name, receipt_pdf
from sanitas.records.certificates import NotAPermit
from sanitas.records.fees import payment_record, permit_fees
from sanitas.records.sweep import evaluation_day


def _pdf(data: bytes, name: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@door
def permit_invoice(request: HttpRequest, key: str) -> HttpResponse:
    """The permit's fees by kind, its payments and its balance, as of the worklist's day."""
    require(request.user, "records.view", About.record("permit"))
    try:
        fees = permit_fees(key)
    except NotAPermit:
        raise Http404(_("No permit is on record as %(key)s.") % {"key": key}) from None
    return _pdf(invoice_pdf(fees), pdf_name("invoice", fees.permit.number or key, fees.on))


@door
def payment_receipt(request: HttpRequest, key: str) -> HttpResponse:
    """The receipt of one payment of a permit's fees, with the balance it left."""
    require(request.user, "records.view", About.record("permit_payment"))
    record = payment_record(key)
    if record is None:
        raise Http404(_("No payment is on record as %(key)s.") % {"key": key})
    try:
        fees = permit_fees(record.permit, on=max(evaluation_day(), record.date))
    except NotAPermit:
        raise Http404(_("The permit this payment names is not on record.")) from None
    payment = payment_in(fees, key)
    if payment is None:
        raise Http404(_("No payment is on record as %(key)s.") % {"key": key})
    return _pdf(
        receipt_pdf(fees, payment), pdf_name("receipt", payment.receipt_number, payment.date)
    )
