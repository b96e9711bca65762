"""§ 50.999(A) and § 10.99: a violation of Chapter 50, or of a Chapter 51 section
printing "Penalty, see § 10.99", that rests on an act is a misdemeanor that may be
referred (GEN-PENALTY-MISDEMEANOR).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.engine import FINDINGS, Context, Finding, Outcome, rule, violation
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Message, Money, Name, Title, declare

# ------------------------------------------------------------------ GEN-PENALTY-MISDEMEANOR

_CH51_SECTION = re.compile(r"6-8\.\d+")

#: the penalty section each chapter's misdemeanors are punished under
CHAPTER_50_PENALTY = "§ 50.999(A)"
CHAPTER_51_PENALTY = "§ 10.99"


#: the reading of § 10.99, which Chapter 51 names without printing it
SECTION_10_99_READING = declare(
    "gen.reading.section-10-99",
    'Chapter 51 prints "Penalty, see § 10.99" without the section\'s text; § 10.99 is read '
    "as the general misdemeanor limit of Cal. Gov. Code § 36901.",
)()


def criminal_basis(requirement: str, ctx: Context) -> tuple[str, int, int, Message | None] | None:
    """The penalty section a violation of ``requirement`` is a misdemeanor under, the
    fine ceiling (dollars), the imprisonment ceiling (months) and the reading
    applied (or None); None where the law provides another penalty or none."""
    entry = catalog().get(requirement)
    if entry is None or requirement in ctx.param("gen.penalty_otherwise_provided"):
        return None
    if entry.area in ctx.param("gen.misdemeanor_chapter50_areas"):
        return (
            CHAPTER_50_PENALTY,
            ctx.param("gen.misdemeanor_fine_max"),
            ctx.param("gen.misdemeanor_jail_months_max"),
            None,
        )
    match = _CH51_SECTION.search(entry.cite)
    if match and match.group(0) in ctx.param("gen.penalty_10_99_sections"):
        return (
            CHAPTER_51_PENALTY,
            ctx.param("gen.section_10_99_fine_max"),
            ctx.param("gen.section_10_99_jail_months_max"),
            SECTION_10_99_READING,
        )
    return None


# ---- what a violation rests on: an act, or a reason not to approve


def _permit_of(fact: Fact | None, ctx: Context) -> Fact | None:
    """The permit a design, a test, a check or an inspection of work belongs to."""
    if fact is None:
        return None
    if fact.type == "permit":
        return fact
    return ctx.get(getattr(fact, "permit", None)) if "permit" in fact.references else None


def _built(permit: Fact, ctx: Context) -> bool:
    """The permit's work was connected with the public sewer (or a sewer renewed,
    altered or repaired under it), covered or certified."""
    from sanitas.ordinance.permits.common import permit_events

    connections = ctx.referring("sewer_connection", "permit", permit.id)
    if any(c.date >= permit.issued_on for c in connections):
        return True
    return bool(
        permit_events("work_covered", permit, ctx)
        or permit_events("final_certificate", permit, ctx)
    )


def _covered_before_approval(permit: Fact, ctx: Context) -> bool:
    """The work was covered before it was inspected and approved: the permittee's act
    of § 6-8.119(B)(7)(b), not the Director's approval of (B)(7)(a)."""
    from sanitas.ordinance.permits.testing import approval_problems

    return any(part == "(b)" for part, _ in approval_problems(permit, ctx))


def rests_on_act(finding: Finding, ctx: Context) -> bool:
    """Whether a violation rests on an act the law forbids, by the basis the pack
    names for its requirement (``gen.referral_acts``); a requirement it does not
    name is the act or state itself (a connection made, a discharge, a cesspool or
    waste kept, sewer laid without licence)."""
    bases = ctx.param("gen.referral_acts")
    basis = next((b for b, ids in bases.items() if finding.requirement in ids), None)
    if basis is None:
        return True
    subject = ctx.get(finding.subject)
    if basis == "never":
        return False
    if basis == "design":
        return subject is None or subject.type != "connection_design"
    permit = _permit_of(subject, ctx)
    if permit is None:
        return True  # observed in the field, not in the course of permitted work
    if basis == "connected":
        return _built(permit, ctx)
    if basis == "covered":
        return _covered_before_approval(permit, ctx)
    raise ValueError(f"gen.referral_acts: unknown basis {basis!r}")


#: the referral, by where the violation was: under a permit, at a premises or
#: establishment, concerning anything else (a device, a drain, an event)
_MISDEMEANOR = {
    where: declare(
        f"gen.misdemeanor.{where}",
        f"The violation of {{cite}}, {{title}}, {where} {{subject}} is a misdemeanor that may "
        "be referred for prosecution: a fine of up to {fine}, up to {months} months' "
        "imprisonment, or both.",
    )
    for where in ("under", "at", "concerning")
}


def _where(subject: str, ctx: Context) -> str:
    fact = ctx.get(subject)
    kind = fact.type if fact is not None else None
    if kind == "permit":
        return "under"
    if kind in ("premises", "establishment"):
        return "at"
    return "concerning"


@rule("GEN-PENALTY-MISDEMEANOR", on=FINDINGS)
def misdemeanor_referral(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """§ 50.999(A): "Any person violating any provision of this chapter for which no
    penalty is otherwise provided shall be guilty of a misdemeanor and shall be
    punished by a fine not to exceed $1,000, or imprisonment for not to exceed six
    months, or by both such fine and imprisonment." Chapter 51: "Penalty, see
    § 10.99". The SB 1383 subchapter (ORG-*) has its own administrative penalties,
    § 50.999(B) makes scavenging of recyclables an infraction, and the FOG
    subchapter (§§ 51.61-51.68) prints no penalty line: none of those is referred.

    A referral follows an act: one finding per subject and requirement whose
    finding has a referable status (pack ``gen.referral_statuses``: a violation,
    which rests on a record of the act or state) and rests on an act
    (:func:`rests_on_act`). Each cites its own chapter's penalty section only."""
    statuses = set(ctx.param("gen.referral_statuses"))
    seen: set[tuple[str, str]] = set()
    bases: dict[str, tuple[str, int, int, Message | None] | None] = {}
    for finding in findings:
        key = (finding.subject, finding.requirement)
        if finding.status not in statuses or key in seen:
            continue
        if finding.requirement not in bases:
            bases[finding.requirement] = criminal_basis(finding.requirement, ctx)
        basis = bases[finding.requirement]
        if basis is None or not rests_on_act(finding, ctx):
            continue
        seen.add(key)
        section, fine, months, reading = basis
        yield violation(
            _MISDEMEANOR[_where(finding.subject, ctx)](
                cite=Name(finding.cite),
                title=Title(finding.requirement, lower=True),
                subject=ref(ctx, finding.subject),
                fine=Money(fine),
                months=Count(months),
            ),
            subject=finding.subject,
            cite=section,
            reading=reading,
        )
