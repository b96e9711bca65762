"""Ch. 50 SB 1383 enforcement (H): appeals of citations (ORG-APPEAL)."""

from __future__ import annotations

from datetime import date

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.enforcement.common import (
    appeal_requests,
    hearing_orders,
    is_org,
    served_to_ref,
)
from sanitas.ordinance.engine import Context, Outcome, derived, due, late, met, rule
from sanitas.ordinance.general import Citation
from sanitas.ordinance.messages import Count, Day, Money, declare

# ------------------------------------------------------------------ appeals


@derived("appeal_deadline", on="citation", requirement="ORG-APPEAL")
def appeal_deadline(citation: Citation, ctx: Context) -> date | None:
    """Ch. 50 SB 1383 enforcement (H): "A hearing will be held only if it is requested
    within the time prescribed and consistent with the city's procedures in the
    city's codes for appeals of administrative citations." The citation's issue plus
    the appeal window (pack reading ``enf.appeal_window_days``: 20 days); null for a
    citation outside SB 1383."""
    if not is_org(citation.requirement):
        return None
    return add_days(citation.issued_on, ctx.param("enf.appeal_window_days", on=citation.issued_on))


_APPEAL_READING = (
    "the period the city's procedures for appeals of administrative citations are read to give."
)
APPEAL_READING = declare(
    "enf.reading.appeal-window",
    "The appeal window is read as {days} day from the citation's issue, " + _APPEAL_READING,
    plural="The appeal window is read as {days} days from the citation's issue, " + _APPEAL_READING,
    count="days",
)
_REQUESTED = "A hearing on {citation} was requested on {date}"
_APPEAL_LATE = declare(
    "enf.appeal.late",
    _REQUESTED + ", after the appeal window closed on {closes}, so no hearing is held.",
)
_WITHIN = _REQUESTED + ", within the appeal window closing {closes}"
_ORDER = "; the hearing officer's final written order of {decided} "
#: the final written order, by its decision
_DECIDED = {
    "upheld": declare("enf.appeal.upheld", _WITHIN + _ORDER + "upheld it."),
    "dismissed": declare("enf.appeal.dismissed", _WITHIN + _ORDER + "dismissed it."),
    "modified": declare(
        "enf.appeal.modified", _WITHIN + _ORDER + "modified the penalty to {amount}."
    ),
}
_AWAITS = declare(
    "enf.appeal.awaits", _WITHIN + ", and awaits the hearing officer's final written order."
)


@rule("ORG-APPEAL", on="citation")
def appeal(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (H): "Persons receiving an administrative citation
    containing a penalty for an uncorrected violation may request a hearing to appeal
    the citation. A hearing will be held only if it is requested within the time
    prescribed … The city will appoint a hearing officer who shall conduct the hearing
    and issue a final written order."

    Subject: the citation, once a hearing is requested: late when requested after the
    window; due while a timely appeal awaits the final written order; met when the
    order is issued. A request or order dated before the citation is a data problem."""
    window_closes = ctx.derived("appeal_deadline", citation)
    if window_closes is None:
        return None
    hearing_orders(citation, ctx)  # an order dated before the citation: a data problem
    requests = appeal_requests(citation, ctx)
    if not requests:
        return None
    request = requests[0]
    days = ctx.param("enf.appeal_window_days", on=citation.issued_on)
    reading = APPEAL_READING(days=Count(days))
    head = {
        "citation": served_to_ref(citation, ctx),
        "date": Day(request.date),
        "closes": Day(window_closes),
    }
    if request.date > window_closes:
        return late(_APPEAL_LATE(**head), due=window_closes, reading=reading)
    orders = [o for o in hearing_orders(citation, ctx) if o.date >= request.date]
    if orders:
        order = orders[-1]
        head["decided"] = Day(order.date)
        if order.decision == "modified":
            head["amount"] = Money(order.amount)
        return met(_DECIDED[order.decision](**head), due=window_closes, reading=reading)
    return due(_AWAITS(**head), due=window_closes, reading=reading)
