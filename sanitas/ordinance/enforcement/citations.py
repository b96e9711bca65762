"""Ch. 50 SB 1383 enforcement (D)(5): administrative citations after a notice's
deadline (ORG-CITATION).
"""

from __future__ import annotations

from sanitas.ordinance.enforcement.common import (
    enforcement_cite,
    is_contamination_notice,
    is_contamination_requirement,
    is_org,
    ordinal_word,
)
from sanitas.ordinance.enforcement.contamination import FINE_READING, consecutive_occasions
from sanitas.ordinance.enforcement.notices import (
    ACT_READING,
    compliance,
    complied_words,
    deadline_on,
    lapsed,
    sixty_day_notice,
)
from sanitas.ordinance.engine import Context, Outcome, met, rule, violation
from sanitas.ordinance.general import Citation, memo
from sanitas.ordinance.words import capital, day, name_of, requirement_words

# ------------------------------------------------------------------ citations


def _contamination_citation(citation: Citation, ctx: Context) -> bool:
    if is_contamination_requirement(citation.requirement, ctx, citation.issued_on):
        return True
    notice = ctx.get(citation.notice)
    return notice is not None and is_contamination_notice(notice, ctx)


class Support:
    """Whether a citation could lawfully carry a penalty, and why, in words."""

    __slots__ = ("cite", "lawful", "reading", "why")

    def __init__(self, lawful: bool, why: str, cite: str, reading: str | None = None) -> None:
        self.lawful = lawful
        self.why = why
        self.cite = cite
        self.reading = reading


def citation_support(citation: Citation, ctx: Context) -> Support | None:
    """Whether an SB 1383 citation issued once penalties may be imposed rests on what
    the law requires before it: a contamination citation on the fine occasion of
    (D)(3); any other on a Notice of Violation whose deadline passed uncorrected
    ((D)(5)(a)). None for a citation outside SB 1383, one of the education period
    (ORG-EDUCATION-PERIOD judges it), and one dated before the notice it names (a
    data problem)."""

    def compute() -> Support | None:
        if not is_org(citation.requirement):
            return None
        if citation.notice is not None:
            notice = ctx.get(citation.notice)
            if notice is None or notice.issued_on > citation.issued_on:
                named = name_of(ctx, notice) if notice is not None else "a notice"
                ctx.data_problem(
                    [citation, citation.notice],
                    f"{capital(name_of(ctx, citation))} names {named}, issued after it.",
                )
                return None
        if citation.issued_on < ctx.param("org.penalties_start"):
            return None
        if _contamination_citation(citation, ctx):
            return _contamination_support(citation, ctx)
        return _notice_support(citation, ctx)

    return memo(ctx, ("citation_support", citation.id), compute)


def _contamination_support(citation: Citation, ctx: Context) -> Support:
    fine_from = ctx.param("enf.contamination_fine_occasion", on=citation.issued_on)
    runs = consecutive_occasions(citation.subject, ctx)
    days = [d for d in sorted(runs) if d <= citation.issued_on]
    cite = enforcement_cite("(D)(3)")
    reading = FINE_READING.format(nth=ordinal_word(fine_from))
    if not days:
        return Support(
            False,
            "is unsupported: no contamination of its containers is on record before it",
            cite,
            reading,
        )
    last = days[-1]
    occasion = runs[last]
    if occasion < fine_from:
        return Support(
            False,
            f"is premature: contamination processing fines may be assessed from the "
            f"{ordinal_word(fine_from)} consecutive occasion, and the latest, on {day(last)}, "
            f"was the {ordinal_word(occasion)}",
            cite,
            reading,
        )
    return Support(
        True,
        f"follows the {ordinal_word(occasion)} consecutive occasion of contamination, on "
        f"{day(last)}, when contamination processing fines may be assessed",
        cite,
        reading,
    )


def _notice_support(citation: Citation, ctx: Context) -> Support:
    cite = enforcement_cite("(D)(5)(a)")
    issued = citation.issued_on
    if citation.notice is not None:
        notices = [ctx.get(citation.notice)]
    else:
        notices = [
            n
            for n in ctx.referring("notice", "subject", citation.subject)
            if n.requirement == citation.requirement
            and n.issued_on <= issued
            and sixty_day_notice(n, ctx)
        ]
    for notice in notices:
        if lapsed(notice, issued, ctx):
            due_on = deadline_on(notice, issued, ctx)
            return Support(
                True,
                f"follows {name_of(ctx, notice)}, whose deadline of {day(due_on)} passed "
                "without compliance",
                cite,
            )
    if not notices:
        return Support(
            False,
            "is unsupported: no notice of violation concerning "
            f"{requirement_words(citation.requirement)} had passed its deadline uncorrected",
            cite,
        )
    notice = notices[-1]
    due_on = deadline_on(notice, issued, ctx)
    if due_on is None:
        return Support(
            False,
            f"is unsupported: {name_of(ctx, notice)} it rests on sets no compliance deadline",
            cite,
        )
    found = compliance(notice, ctx)
    if found is not None and found.on <= due_on and found.on <= issued:
        return Support(
            False,
            f"is unsupported: {name_of(ctx, notice)} it rests on was complied with "
            f"({complied_words(found).render('en')}), within its deadline of {day(due_on)}",
            cite,
            ACT_READING if found.by_act else None,
        )
    return Support(
        False,
        f"is premature: {name_of(ctx, notice)} it rests on gave until {day(due_on)} to comply",
        cite,
    )


@rule("ORG-CITATION", on="citation")
def citation_after_deadline(citation: Citation, ctx: Context) -> Outcome | None:
    """(D)(5)(a): the citation follows "[a]bsent compliance by the respondent within
    the deadline set forth in the Notice of Violation"; (D)(3): contamination fines
    "on the third such occasion". Subject: the citation (SB 1383, issued once
    penalties may be imposed). Met when it follows a notice whose deadline then in
    force had passed without compliance (the one it names, else the subject's for the
    same requirement), or for contamination the fine occasion; a violation when it
    came before (premature) or rests on nothing (unsupported)."""
    support = citation_support(citation, ctx)
    if support is None:
        return None
    text = f"{capital(name_of(ctx, citation))} to {name_of(ctx, citation.subject)} {support.why}."
    make = met if support.lawful else violation
    return make(text, cite=support.cite, reading=support.reading)
