"""Ch. 50 SB 1383 enforcement (D)(5): administrative citations after a notice's
deadline (ORG-CITATION).
"""

from __future__ import annotations

from sanitas.ordinance.enforcement.common import (
    enforcement_cite,
    is_contamination_notice,
    is_contamination_requirement,
    is_org,
    ordinal_ref,
    served_to_ref,
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
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import (
    Day,
    Message,
    Phrase,
    Title,
    Word,
    declare,
    render,
    vocabulary,
)

# ------------------------------------------------------------------ citations

_NAMES_LATER_NOTICE = declare(
    "enf.problem.citation-names-later-notice", "{citation} names {notice}, issued after it."
)
vocabulary("a notice")


def _contamination_citation(citation: Citation, ctx: Context) -> bool:
    if is_contamination_requirement(citation.requirement, ctx, citation.issued_on):
        return True
    notice = ctx.get(citation.notice)
    return notice is not None and is_contamination_notice(notice, ctx)


class Support:
    """Whether a citation could lawfully carry a penalty, and why: ``clause``, a message
    ("is premature: …"), and ``why``, its English."""

    __slots__ = ("cite", "clause", "lawful", "reading")

    def __init__(
        self, lawful: bool, clause: Message, cite: str, reading: str | None = None
    ) -> None:
        self.lawful = lawful
        self.clause = clause
        self.cite = cite
        self.reading = reading

    @property
    def why(self) -> str:
        return render(self.clause, "en")


_FINES_FROM = "contamination processing fines may be assessed"
_NO_CONTAMINATION = declare(
    "enf.support.no-contamination",
    "is unsupported: no contamination of its containers is on record before it",
)
_BEFORE_FINES = declare(
    "enf.support.before-fines",
    "is premature: " + _FINES_FROM + " from the {fine_from} consecutive occasion, and the "
    "latest, on {date}, was the {nth}",
)
_AT_FINES = declare(
    "enf.support.fines",
    "follows the {nth} consecutive occasion of contamination, on {date}, when " + _FINES_FROM,
)
_AFTER_NOTICE = declare(
    "enf.support.after-notice",
    "follows {notice}, whose deadline of {due} passed without compliance",
)
_NO_NOTICE = declare(
    "enf.support.no-notice",
    "is unsupported: no notice of violation concerning {requirement} had passed its deadline "
    "uncorrected",
)
_RESTS_ON = "{notice} it rests on "
_NO_DEADLINE = declare(
    "enf.support.no-deadline", "is unsupported: " + _RESTS_ON + "sets no compliance deadline"
)
_COMPLIED = declare(
    "enf.support.complied",
    "is unsupported: " + _RESTS_ON + "was complied with ({complied}), within its deadline of {due}",
)
_PREMATURE = declare(
    "enf.support.premature", "is premature: " + _RESTS_ON + "gave until {due} to comply"
)
_CITATION = declare("enf.citation", "{citation} {why}.")


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
                ctx.data_problem(
                    [citation, citation.notice],
                    _NAMES_LATER_NOTICE(
                        citation=ref(ctx, citation, capital=True),
                        notice=ref(ctx, notice) if notice is not None else Word("a notice"),
                    ),
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
    reading = FINE_READING(nth=ordinal_ref(fine_from))
    if not days:
        return Support(False, _NO_CONTAMINATION(), cite, reading)
    last = days[-1]
    occasion = runs[last]
    if occasion < fine_from:
        clause = _BEFORE_FINES(
            fine_from=ordinal_ref(fine_from), date=Day(last), nth=ordinal_ref(occasion)
        )
        return Support(False, clause, cite, reading)
    return Support(True, _AT_FINES(nth=ordinal_ref(occasion), date=Day(last)), cite, reading)


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
            return Support(True, _AFTER_NOTICE(notice=ref(ctx, notice), due=Day(due_on)), cite)
    if not notices:
        clause = _NO_NOTICE(requirement=Title(citation.requirement, lower=True))
        return Support(False, clause, cite)
    notice = notices[-1]
    due_on = deadline_on(notice, issued, ctx)
    if due_on is None:
        return Support(False, _NO_DEADLINE(notice=ref(ctx, notice)), cite)
    found = compliance(notice, ctx)
    if found is not None and found.on <= due_on and found.on <= issued:
        clause = _COMPLIED(notice=ref(ctx, notice), complied=complied_words(found), due=Day(due_on))
        return Support(False, clause, cite, ACT_READING if found.by_act else None)
    return Support(False, _PREMATURE(notice=ref(ctx, notice), due=Day(due_on)), cite)


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
    text = _CITATION(
        citation=served_to_ref(citation, ctx, capital=True), why=Phrase(support.clause)
    )
    make = met if support.lawful else violation
    return make(text, cite=support.cite, reading=support.reading)
