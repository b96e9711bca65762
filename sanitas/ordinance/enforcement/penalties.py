"""Ch. 50 SB 1383 enforcement (E): the penalty amounts of citations
(ORG-PENALTY-AMOUNTS).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sanitas.ordinance.enforcement.citations import citation_support
from sanitas.ordinance.enforcement.common import (
    enforcement_cite,
    hearing_orders,
    is_org,
    ordinal_ref,
)
from sanitas.ordinance.enforcement.vocabulary import HearingOrder
from sanitas.ordinance.engine import Context, Outcome, derived, met, rule, violation
from sanitas.ordinance.general import Citation, memo
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Money, declare

# ------------------------------------------------------------------ penalties


def org_citations(subject: str, ctx: Context) -> list[Citation]:
    def compute() -> list[Citation]:
        return [c for c in ctx.referring("citation", "subject", subject) if is_org(c.requirement)]

    return memo(ctx, ("org_citations", subject), compute)


def assessed_amount(citation: Citation, ctx: Context) -> tuple[Decimal | None, HearingOrder | None]:
    """The penalty a citation assesses, as the latest final order modified it; and the
    order that modified it, if one did."""
    orders = hearing_orders(citation, ctx)
    if orders and orders[-1].decision == "modified":
        return orders[-1].amount, orders[-1]
    return citation.amount, None


def dismissed_on(citation: Citation, ctx: Context) -> date | None:
    orders = hearing_orders(citation, ctx)
    if orders and orders[-1].decision == "dismissed":
        return orders[-1].date
    return None


def _on_the_ladder(other: Citation, citation: Citation, ctx: Context) -> bool:
    """Whether an earlier citation counts as a violation on ``citation``'s ladder: not
    dismissed by an order dated by then (pack ``enf.dismissed_citations_count``), and
    able to carry a penalty: supported, or of the education period (pack
    ``enf.education_period_citations_count``)."""
    dismissed = dismissed_on(other, ctx)
    if (
        dismissed is not None
        and dismissed <= citation.issued_on
        and not ctx.param("enf.dismissed_citations_count")
    ):
        return False
    if other.issued_on < ctx.param("org.penalties_start"):
        return bool(ctx.param("enf.education_period_citations_count"))
    support = citation_support(other, ctx)
    return support is not None and support.lawful


@derived("citation_ordinal", on="citation", requirement="ORG-PENALTY-AMOUNTS")
def citation_ordinal(citation: Citation, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (E): "For a first violation … For a second violation
    … For a third or subsequent violation …". This citation's place among the
    subject's SB 1383 citations in issue order, counting only earlier ones that are
    violations on the ladder: supported (a lapsed notice, or contamination's fine
    occasion), not dismissed by a hearing order dated by this one's issue, and — by
    the pack's readings — those of the education period. Null for other citations."""
    if not is_org(citation.requirement):
        return None
    count = 0
    for other in org_citations(citation.subject, ctx):
        if other is citation:
            return count + 1
        if _on_the_ladder(other, citation, ctx):
            count += 1
    return None  # pragma: no cover - a citation is among its subject's citations


@derived("penalty_ceiling", on="citation", requirement="ORG-PENALTY-AMOUNTS")
def penalty_ceiling(citation: Citation, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (E): "(1) For a first violation, the amount of the
    base penalty shall not exceed $100 per violation. (2) For a second violation …
    $200 … (3) For a third or subsequent violation … $500"; (I): no penalties before
    January 1, 2024. Dollars; 0 for a citation that may carry no penalty (issued
    before penalties start, or resting on no lapsed notice); null for a citation of a
    requirement outside SB 1383."""
    number = ctx.derived("citation_ordinal", citation)
    if number is None:
        return None
    if citation.issued_on < ctx.param("org.penalties_start"):
        return 0
    support = citation_support(citation, ctx)
    if support is None or not support.lawful:
        return 0
    ladder = ctx.param("org.penalty_ladder", on=citation.issued_on)
    return ladder[min(number, len(ladder)) - 1]


_LADDER_READING = (
    "The ladder counts the subject's earlier SB 1383 citations that could carry a penalty, "
    "leaving out those dismissed by a hearing order before this one"
)
#: the ladder's reading, by whether the education period's citations count
LADDER_READING = {
    False: declare("enf.reading.ladder", _LADDER_READING + ".")(),
    True: declare(
        "enf.reading.ladder-education",
        _LADDER_READING + ", and counting those of the education period as violations.",
    )(),
}


_LADDER = (
    "{citation} is the {nth} SB 1383 violation of {subject}, so its base penalty may not exceed "
    "{ceiling}; it assesses {amount}"
)
_MODIFIED = ", as modified by {order}"
#: the amount against the ceiling, by whether a hearing order modified it and whether
#: it is above the ceiling
_PENALTY = {
    (False, False): declare("enf.penalty.within", _LADDER + "."),
    (True, False): declare("enf.penalty.within-modified", _LADDER + _MODIFIED + "."),
    (False, True): declare("enf.penalty.above", _LADDER + ", above it."),
    (True, True): declare("enf.penalty.above-modified", _LADDER + _MODIFIED + ", above it."),
}


@rule("ORG-PENALTY-AMOUNTS", on="citation")
def penalty_amount(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (E): "The penalty levels are as follows: (1) For a
    first violation, the amount of the base penalty shall not exceed $100 per
    violation. (2) For a second violation, the amount of the base penalty shall not
    exceed $200 per violation. (3) For a third or subsequent violation, the amount of
    the base penalty shall not exceed $500 per violation."

    Subject: the citation. For a supported SB 1383 citation issued once penalties
    start that states an amount: met within the ceiling, a violation above it (an
    unsupported one is ORG-CITATION's finding)."""
    if not is_org(citation.requirement) or citation.issued_on < ctx.param("org.penalties_start"):
        return None
    support = citation_support(citation, ctx)
    if support is None or not support.lawful:
        return None
    amount, order = assessed_amount(citation, ctx)
    if amount is None:
        return None
    number = ctx.derived("citation_ordinal", citation)
    ceiling = ctx.derived("penalty_ceiling", citation)
    ladder = ctx.param("org.penalty_ladder", on=citation.issued_on)
    step = min(number, len(ladder))
    said = {
        "citation": ref(ctx, citation, capital=True),
        "nth": ordinal_ref(number),
        "subject": ref(ctx, citation.subject),
        "ceiling": Money(ceiling),
        "amount": Money(amount),
    }
    if order is not None:
        said["order"] = ref(ctx, order)
    education = bool(ctx.param("enf.education_period_citations_count"))
    make = violation if amount > ceiling else met
    return make(
        _PENALTY[order is not None, amount > ceiling](**said),
        cite=enforcement_cite(f"(E)({step})"),
        reading=LADDER_READING[education],
    )
