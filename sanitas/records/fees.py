"""A permit's fees as money, as the law reads them from the records: the records' one
call for the permit page's fees, its invoice and its receipts.

It reads the permit's group as the sweep reads it and asks the law's one answer
(:func:`sanitas.ordinance.permits.administration.fee_account`): the charges by kind
from the pack's fee schedule, the payments recorded against the permit with the
record each is, what was paid and what is owed, and what became of a void permit's
fees. Nothing here decides what is owed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sanitas.ordinance.permits.administration import fee_account
from sanitas.ordinance.permits.fees import in_cents
from sanitas.records.certificates import permit_in_context
from sanitas.records.models import RECORD_MODELS


@dataclass(frozen=True)
class Charge:
    """One fee of the permit: its name (a message's argument) and amount in cents."""

    said: Any
    cents: int

    def words(self, language: str = "en") -> str:
        render = getattr(self.said, "render", None)
        return render(language) if render is not None else str(self.said)


@dataclass(frozen=True)
class Payment:
    """One payment recorded against the permit, with its record's key."""

    key: str | None
    date: date
    cents: int
    method: str
    receipt_number: str
    payer: str | None


@dataclass(frozen=True)
class Fees:
    """A permit's fees, payments and balance as of ``on``."""

    permit: Any
    on: date
    charges: tuple[Charge, ...]
    total: int
    payments: tuple[Payment, ...]
    paid: int
    balance: int
    #: paid, owed, forfeited, refunded, or none (nothing charged)
    standing: str
    #: marked paid before payments were records, with no payment recorded
    marked_paid: bool
    void_from: date | None
    #: the void permit whose fees this one charges again (§ 6-8.116), its key
    original: str | None
    #: the premises the permit is for (a fact), or None
    premises: Any = None

    @property
    def settled(self) -> bool:
        return self.marked_paid if not self.payments else self.paid >= self.total


def permit_fees(permit_key: str, on: date | None = None) -> Fees:
    """The fees of the permit ``permit_key`` as of ``on`` (default: the worklist's day).
    Raises :class:`NotAPermit` for a key that names no live permit."""
    permit, ctx = permit_in_context(permit_key, on)
    found = fee_account(permit, ctx)
    keys = _payment_keys(permit_key)
    payments = tuple(
        Payment(
            key=keys.get((p.date, p.receipt_number)),
            date=p.date,
            cents=in_cents(p.amount),
            method=p.method,
            receipt_number=p.receipt_number,
            payer=p.payer,
        )
        for p in found.payments
    )
    return Fees(
        permit=permit,
        on=ctx.as_of,
        charges=tuple(Charge(said, cents) for said, cents in found.items),
        total=found.total,
        payments=payments,
        paid=found.paid,
        balance=found.balance,
        standing=found.standing,
        marked_paid=found.marked_paid,
        void_from=found.void_from,
        original=found.original.id if found.original is not None else None,
        premises=ctx.get(permit.premises) if permit.premises else None,
    )


def payment_record(key: str) -> Any | None:
    """The live payment record ``key``, or None."""
    return RECORD_MODELS["permit_payment"].objects.filter(key=key, voided_at__isnull=True).first()


def _payment_keys(permit_key: str) -> dict[tuple[date, str], str]:
    rows = RECORD_MODELS["permit_payment"].objects.filter(permit=permit_key, voided_at__isnull=True)
    return {(r.date, r.receipt_number): r.key for r in rows.order_by("pk")}
