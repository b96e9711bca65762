"""'65 Code § 6-8.114, § 6-8.116 and § 6-8.133: a permit's fees as money. The charges
are the fee schedule's (Council resolution, in the rule pack); the payments are the
records of what was received (``permit_payment``), each with its receipt. The fees
are paid when the payments cover them; a permit recorded before payments were kept
as records, marked only ``fees_paid``, is read as that mark says. A void permit's
fees are forfeited or refunded as the pack's ``prm.void_permit_fees`` says, and the
new permit that § 6-8.116 requires charges "the same fees fixed for the original
permit": the schedule as it stood when the void permit was issued.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from sanitas.ordinance.engine import Context
from sanitas.ordinance.permits.common import history

#: what becomes of a void permit's fees, as the pack may say it
VOID_FEES = ("forfeited", "refunded")


def in_cents(amount: Decimal) -> int:
    """Dollars to whole cents (half to even, as the charges round)."""
    return int((Decimal(str(amount)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def payments_of(permit: Any, ctx: Context) -> list[Any]:
    """The payments recorded against the permit up to the as-of day, oldest first."""
    found = ctx.referring("permit_payment", "permit", permit.id)
    return sorted(
        (p for p in found if p.date <= ctx.as_of), key=lambda p: (p.date, p.receipt_number)
    )


def original_of(permit: Any, ctx: Context) -> Any | None:
    """The void permit this one replaces under § 6-8.116: the latest permit of the same
    kind for the same premises, issued before it and void by the day it was issued."""
    if not permit.premises:
        return None
    earlier = [
        other
        for other in ctx.referring("permit", "premises", permit.premises)
        if other.id != permit.id
        and other.kind == permit.kind
        and other.issued_on < permit.issued_on
    ]
    for other in sorted(earlier, key=lambda p: p.issued_on, reverse=True):
        if history(other, ctx, permit.issued_on).status == "void":
            return other
    return None


def fee_day(permit: Any, ctx: Context) -> date:
    """The day whose fee schedule fixes the permit's fees: its own issue, or for a new
    permit after a lapse the original permit's ("the same fees", § 6-8.116)."""
    day = permit.issued_on
    seen = {permit.id}
    original = original_of(permit, ctx)
    while original is not None and original.id not in seen:
        seen.add(original.id)
        day = original.issued_on
        original = original_of(original, ctx)
    return day


@dataclass(frozen=True)
class FeeAccount:
    """A permit's fees and what was paid of them, in cents, as the law reads them."""

    #: the charge items: (a message's argument naming it, its amount in cents)
    items: tuple[tuple[Any, int], ...]
    total: int
    #: the payment facts, oldest first
    payments: tuple[Any, ...] = field(default=())
    paid: int = 0
    #: paid, owed, forfeited or refunded; "none" when nothing is charged
    standing: str = "none"
    #: marked fees_paid before payments were kept as records, with no payment recorded
    marked_paid: bool = False
    void_from: date | None = None
    #: the void permit whose fees this one charges again (§ 6-8.116)
    original: Any = None

    @property
    def balance(self) -> int:
        """What is still owed, in cents: nothing on a void permit or one marked paid;
        negative when overpaid."""
        if self.void_from is not None or self.marked_paid:
            return 0
        return self.total - self.paid

    @property
    def settled(self) -> bool:
        """The fees are paid, as § 6-8.133 asks before a certificate: by payments that
        cover them, or for a permit recorded before payments were, by its mark."""
        if self.payments:
            return self.paid >= self.total
        return self.marked_paid


def account(permit: Any, ctx: Context, items: list[tuple[Any, Decimal]]) -> FeeAccount:
    """The permit's account from its charge ``items`` (dollars) and its payments."""
    priced = tuple((name, in_cents(amount)) for name, amount in items)
    total = sum(cents for _, cents in priced)
    payments = tuple(payments_of(permit, ctx))
    paid = sum(in_cents(p.amount) for p in payments)
    marked = bool(permit.fees_paid) and not payments
    state = history(permit, ctx)
    void_from = state.void_from if state.status == "void" else None
    if void_from is not None and (paid or marked):
        standing = ctx.param("prm.void_permit_fees", on=void_from)
        if standing not in VOID_FEES:
            raise ValueError(f"prm.void_permit_fees: expected one of {VOID_FEES}, got {standing!r}")
    elif not total:
        standing = "none"
    elif marked or (payments and paid >= total):
        standing = "paid"
    else:
        standing = "owed"
    return FeeAccount(
        items=priced,
        total=total,
        payments=payments,
        paid=paid,
        standing=standing,
        marked_paid=marked,
        void_from=void_from,
        original=original_of(permit, ctx),
    )
