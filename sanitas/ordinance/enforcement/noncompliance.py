"""Ch. 50 SB 1383 enforcement (I)-(J): the education period (ORG-EDUCATION-PERIOD)
and civil penalties (ORG-CIVIL-PENALTIES) on the noncompliance found, and the
requirements the records system tracks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date
from typing import Any

from sanitas.ordinance.calendar import add_days, parse_period, quarter_start
from sanitas.ordinance.enforcement.common import (
    ENFORCEMENT_IDS,
    day_of,
    is_contamination_notice,
    is_contamination_requirement,
    is_org,
    served_to_ref,
)
from sanitas.ordinance.enforcement.notices import compliance, complied_words
from sanitas.ordinance.enforcement.penalties import assessed_amount
from sanitas.ordinance.engine import (
    FINDINGS,
    Context,
    Finding,
    Outcome,
    due,
    met,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import FACT_TYPES, Thing
from sanitas.ordinance.general import Citation, Notice
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Day, Items, Money, Phrase, Title, declare
from sanitas.ordinance.organics.commercial import quarter_phrase

# ------------------------------------------------------------------ the education period


_IN_EDUCATION = (
    "{citation} falls in the education period, when no penalty may be imposed before {start}"
)
_EDUCATION_ASSESSES = declare(
    "enf.education.citation-assesses", _IN_EDUCATION + ", yet it assesses {amount}."
)
_EDUCATION_MODIFIED = declare(
    "enf.education.citation-assesses-modified",
    _IN_EDUCATION + ", yet it assesses {amount}, as modified by {order}.",
)
_EDUCATION_NONE = declare("enf.education.citation-none", _IN_EDUCATION + ", and it assesses none.")


@rule("ORG-EDUCATION-PERIOD", on="citation")
def education_period_citation(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (I): "Beginning January 1, 2022 and through December
    31, 2023, … it shall provide educational materials to the entity describing its
    obligations under this subchapter and a notice that … violations may be subject
    to administrative civil penalties starting on January 1, 2024."

    Subject: the citation. An SB 1383 citation issued in the education period is a
    violation when it assesses a penalty, met when it assesses none."""
    start, penalties = ctx.param("org.in_force"), ctx.param("org.penalties_start")
    if not is_org(citation.requirement) or not start <= citation.issued_on < penalties:
        return None
    amount, order = assessed_amount(citation, ctx)
    head = {"citation": served_to_ref(citation, ctx, capital=True), "start": Day(penalties)}
    if amount and order is not None:
        return violation(_EDUCATION_MODIFIED(**head, amount=Money(amount), order=ref(ctx, order)))
    if amount:
        return violation(_EDUCATION_ASSESSES(**head, amount=Money(amount)))
    return met(_EDUCATION_NONE(**head))


# ------------------------------------------------------------------ noncompliance to enforce


_OUT = "{subject} is out of compliance with {requirement}"
_OUT_OF = declare("enf.out", _OUT)
_OUT_FOR = declare("enf.out.overdue", _OUT + ", overdue for {periods}")
_OUT_SPAN = declare(
    "enf.out.overdue-span",
    _OUT + ", overdue for {count} period, from {first} to {last}",
    plural=_OUT + ", overdue for {count} periods, from {first} to {last}",
    count="count",
)


def period_ref(period: str) -> Phrase | str:
    """A finding's period in the reader's words, as ``words.period_words`` reads it: a
    quarter ("the third quarter of 2024") translated, a year or other label as it is."""
    year, _, quarter = str(period).partition("-Q")
    if quarter in ("1", "2", "3", "4") and year.isdigit():
        return quarter_phrase(int(year), int(quarter))
    return str(period)


class Noncompliance:
    """The open findings of one SB 1383 generator obligation on one subject."""

    def __init__(self, subject: str, requirement: str) -> None:
        self.subject = subject
        self.requirement = requirement
        self.findings: list[Finding] = []
        self.periods: list[str] = []
        self.events: list[str] = []

    @property
    def statuses(self) -> list[str]:
        return list(dict.fromkeys(f.status for f in self.findings))

    def describe(self, ctx: Context, findings: Iterable[Finding] | None = None) -> Phrase:
        """ "Casa Verde is out of compliance with written food recovery agreement" /
        "… with quarterly self-inspection of containers, overdue for the first quarter
        of 2024 and the second quarter of 2024", as a clause."""
        chosen = self.findings if findings is None else list(findings)
        head = {
            "subject": ref(ctx, self.subject, capital=True),
            "requirement": Title(self.requirement, lower=True),
        }
        periods = sorted({f.period for f in chosen if f.period is not None})
        if "overdue" in {f.status for f in chosen} and periods:
            if len(periods) <= 2:
                items = Items(tuple(period_ref(p) for p in periods))
                return Phrase(_OUT_FOR(**head, periods=items))
            return Phrase(
                _OUT_SPAN(
                    **head,
                    count=Count(len(periods)),
                    first=period_ref(periods[0]),
                    last=period_ref(periods[-1]),
                )
            )
        return Phrase(_OUT_OF(**head))


def generator_of(subject: str, ctx: Context) -> str:
    """The thing a finding is about: its subject, or for an event (an inspection, a
    report) the thing the event belongs to, to whom a notice is served."""
    fact = ctx.get(subject)
    if fact is None or issubclass(FACT_TYPES[fact.type], Thing):
        return subject
    for name in fact.references:
        target = getattr(fact, name)
        if target is not None:
            return target
    return subject  # pragma: no cover - every event names what it belongs to


def noncompliance(findings: list[Finding], ctx: Context) -> list[Noncompliance]:
    """The open findings (pack ``enf.enforceable_statuses``) of SB 1383 generator
    obligations, grouped by the generator (a finding about an inspection or a report
    belongs to its subject) and the requirement: one notice answers a requirement's
    violation whatever its periods. Left out: the enforcement process's own
    requirements (the city's duties), and contamination, whose notices are
    ORG-CONTAMINATION-NOV's own track."""
    statuses = set(ctx.param("enf.enforceable_statuses"))
    groups: dict[tuple[str, str], Noncompliance] = {}
    generators: dict[str, str] = {}
    # whether each requirement is one whose open findings are grouped, decided once
    # per requirement rather than once per finding: a city's open findings are
    # hundreds of thousands, of a few dozen requirements, and the contamination test
    # matches each against the pack's patterns
    grouped: dict[str, bool] = {}
    for finding in findings:
        if finding.status not in statuses:
            continue
        requirement = finding.requirement
        kept = grouped.get(requirement)
        if kept is None:
            kept = grouped[requirement] = (
                requirement.startswith("ORG-")
                and requirement not in ENFORCEMENT_IDS
                and not is_contamination_requirement(requirement, ctx)
            )
        if not kept:
            continue
        generator = generators.get(finding.subject)
        if generator is None:
            generator = generators[finding.subject] = generator_of(finding.subject, ctx)
        key = (generator, finding.requirement)
        group = groups.get(key)
        if group is None:
            group = groups[key] = Noncompliance(*key)
        group.findings.append(finding)
        if finding.subject != group.subject and finding.subject not in group.events:
            group.events.append(finding.subject)
        if finding.period is not None and finding.period not in group.periods:
            group.periods.append(finding.period)
    for group in groups.values():
        group.periods.sort()
    return list(groups.values())


def notices_for(group: Noncompliance, kinds: Any, ctx: Context) -> list[Notice]:
    """Notices of the group's requirement served on the generator or on one of the
    events the findings are about, oldest first."""
    notices = [
        n
        for subject in (group.subject, *group.events)
        for n in ctx.referring("notice", "subject", subject)
        if n.requirement == group.requirement and n.kind in kinds
    ]
    return sorted(notices, key=lambda n: n.issued_on)


def arose_on(finding: Finding, ctx: Context) -> date | None:
    """The day an open finding's noncompliance began, where the records show it: the
    day after its deadline, or the day of the event it is about."""
    if finding.due is not None:
        return add_days(day_of(finding.due), 1)
    fact = ctx.get(finding.subject)
    return fact.date_of() if fact is not None else None


def period_start(period: str | None) -> date | None:
    """The first day of a finding's period ("2024" or "2024-Q3"), where it has one."""
    if period is None:
        return None
    try:
        year, quarter = parse_period(period)
    except ValueError:
        return None
    return date(year, 1, 1) if quarter is None else quarter_start(year, quarter)


def finding_answered(finding: Finding, notices: list[Notice], ctx: Context) -> bool:
    """Whether a notice answers the finding's noncompliance: one issued on or after the
    day it began (a state the records do not date is answered by no past notice); one
    still standing, not yet complied with, on the day it began (a period that closed
    without the act while the notice ran its course is the noncompliance that notice
    answers, and its referral for a citation follows from it); or one whose compliance
    a correction records within the finding's period (the act the period asked for,
    done then, though no other record shows it)."""
    began = arose_on(finding, ctx)
    if began is not None and any(n.issued_on >= began for n in notices):
        return True
    if began is not None:
        for notice in notices:
            found = compliance(notice, ctx)
            if found is not None and notice.issued_on <= began <= found.on:
                return True
    start = period_start(finding.period)
    if start is None or finding.due is None:
        return False
    for notice in notices:
        found = compliance(notice, ctx)
        if found is not None and not found.by_act and start <= found.on <= day_of(finding.due):
            return True
    return False


_EDUCATION_PROVIDED = declare(
    "enf.education.provided",
    "{noncompliance} in the education period; educational material was provided on {date}.",
)
_EDUCATION_DUE = declare(
    "enf.education.due",
    "{noncompliance} in the education period: provide educational material and notice that "
    "penalties may apply from {start}.",
)


@rule("ORG-EDUCATION-PERIOD", on=FINDINGS)
def education_material(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """Ch. 50 SB 1383 enforcement (I): "if the city determines that [an] entity is not
    in compliance, it shall provide educational materials to the entity describing
    its obligations under this subchapter and a notice that … violations may be
    subject to administrative civil penalties starting on January 1, 2024."

    During the education period, for each SB 1383 requirement a subject is out of
    compliance with (contamination aside: ORG-CONTAMINATION-NOV takes educational
    material then): met by an ``education`` notice for that subject and requirement,
    else due."""
    start, penalties = ctx.param("org.in_force"), ctx.param("org.penalties_start")
    if not start <= ctx.as_of < penalties:
        return
    for group in noncompliance(findings, ctx):
        notices = notices_for(group, ("education",), ctx)
        if notices:
            yield met(
                _EDUCATION_PROVIDED(
                    noncompliance=group.describe(ctx), date=Day(notices[-1].issued_on)
                ),
                subject=group.subject,
            )
        else:
            yield due(
                _EDUCATION_DUE(noncompliance=group.describe(ctx), start=Day(penalties)),
                subject=group.subject,
            )


_CIVIL_GIVES = declare(
    "enf.civil.standing",
    "{noncompliance}; {notice} was issued for it and gives until {due} to comply.",
)
_CIVIL_NOT_COMPLIED = declare(
    "enf.civil.not-complied",
    "{noncompliance}; {notice} was issued for it and has not been complied with.",
)
_CIVIL_NONE = declare(
    "enf.civil.none",
    "{noncompliance}: document the noncompliance and issue a notice of violation.",
)
_CIVIL_AGAIN = declare(
    "enf.civil.again",
    "{noncompliance} again since {notice} was complied with ({complied}): document it and "
    "issue a new notice of violation.",
)
_CIVIL_COMPLIED = declare(
    "enf.civil.complied",
    "{noncompliance}; {notice} was issued for it and complied with ({complied}).",
)


@rule("ORG-CIVIL-PENALTIES", on=FINDINGS)
def civil_penalties(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """Ch. 50 SB 1383 enforcement (J): "Beginning January 1, 2024, if the city
    determines that an organic waste generator, self-hauler, hauler, tier one or
    tier two commercial edible food generator, food recovery organization, food
    recovery service, or other entity is not in compliance with this subchapter, it
    shall document the noncompliance or violation, issue a Notice of Violation, and
    take enforcement action pursuant to this section, as needed."

    From penalties' start, for each SB 1383 requirement a subject is out of
    compliance with (contamination aside: its own track): met while a Notice of
    Violation for that subject and requirement stands (not yet complied with), or
    when every open finding began before a notice was since complied with (before it
    was issued, or while it stood); else due (a new Notice of Violation: none was
    issued, or the noncompliance is new since the last one was complied with)."""
    if ctx.as_of < ctx.param("org.penalties_start"):
        return
    kinds = ctx.param("enf.nov_kinds")
    for group in noncompliance(findings, ctx):
        notices = [n for n in notices_for(group, kinds, ctx) if not is_contamination_notice(n, ctx)]
        standing = [n for n in notices if compliance(n, ctx) is None]
        if standing:
            notice = standing[-1]
            due_on = ctx.derived("nov_compliance_due", notice)
            if due_on is not None and ctx.as_of <= due_on:
                message = _CIVIL_GIVES(
                    noncompliance=group.describe(ctx), notice=ref(ctx, notice), due=Day(due_on)
                )
            else:
                message = _CIVIL_NOT_COMPLIED(
                    noncompliance=group.describe(ctx), notice=ref(ctx, notice)
                )
            yield met(message, subject=group.subject)
            continue
        if not notices:
            # no notice answers any of them: nothing to ask of each finding
            yield due(_CIVIL_NONE(noncompliance=group.describe(ctx)), subject=group.subject)
            continue
        new = [f for f in group.findings if not finding_answered(f, notices, ctx)]
        last = notices[-1]
        told = {"notice": ref(ctx, last), "complied": complied_words(compliance(last, ctx))}
        if new:
            yield due(
                _CIVIL_AGAIN(noncompliance=group.describe(ctx, new), **told),
                subject=group.subject,
            )
        else:
            yield met(
                _CIVIL_COMPLIED(noncompliance=group.describe(ctx), **told),
                subject=group.subject,
            )


# --------------------------------------------------------------------------- records

records(
    "ORG-PENALTY-FACTORS",
    "The records system keeps, with each penalty decision, the factors of (F)(1)-(7) weighed "
    "(severity, ability to pay, willfulness, mitigation, economic benefit, deterrence, "
    "conditions outside control); the amount is a judgment no rule can make.",
)
records(
    "ORG-ENFORCEMENT-MONITORING",
    "The records system keeps each monitoring activity (random checks, compliance and route "
    "reviews, complaint investigations, inspections, remote monitoring) and each official "
    "notification of obligations; the inspections it records feed the other rules.",
)
