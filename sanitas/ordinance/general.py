"""Cross-cutting rules (GEN-*) and the inspection-observation mechanism.

- Inspection observations: ``inspection.violations`` lists the requirement IDs
  an inspector observed violated at the inspection's subject. Every requirement
  whose System column in ``requirements.md`` calls for an *inspection finding*, a
  *finding* or a *checklist* gets one generated rule here (the set is read from
  the catalog, never listed by hand): the latest inspection of the subject that
  lists the ID is a ``violation``; a later inspection that no longer lists it, or
  a correction on a notice for it, records it corrected (``met``). No other rule
  reads ``inspection.violations``.
- GEN-PENALTY-MISDEMEANOR: which open findings may be referred for
  misdemeanor prosecution, and the ceiling.
- GEN-NOTICE-ADDRESS: to whom, and where, a notice is sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from datetime import date
from typing import Any

from sanitas.ordinance.catalog import Requirement, catalog
from sanitas.ordinance.engine import (
    FINDINGS,
    Context,
    Finding,
    Outcome,
    derived,
    met,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import Fact, Inspection, Notice

# --------------------------------------------------------------------------- helpers


def memo(ctx: Context, key: tuple, compute: Callable[[], Any]) -> Any:
    """A value computed once per evaluation (the engine memoizes only derived values)."""
    cache = ctx.memo("general")
    if key not in cache:
        cache[key] = compute()
    return cache[key]


def related(fact: Fact | None, type_name: str, ctx: Context, _depth: int = 0) -> Fact | None:
    """The nearest fact of ``type_name`` reached from ``fact`` through its reference
    fields (``premises`` first, then ``establishment``, then the others): a device's
    premises is its establishment's premises."""
    if fact is None or _depth > 4:
        return None
    if fact.type == type_name:
        return fact
    order = sorted(fact.references, key=lambda name: (name != "premises", name != "establishment"))
    for name in order:
        found = related(ctx.get(getattr(fact, name)), type_name, ctx, _depth + 1)
        if found is not None:
            return found
    return None


def dollars(amount: Any) -> str:
    """``$1,000`` or ``$12.50``."""
    text = f"{amount:,.2f}"
    return "$" + (text[:-3] if text.endswith(".00") else text)


def join_dates(days: Iterable[date]) -> str:
    items = [d.isoformat() for d in days]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ------------------------------------------------------------------ inspection observations

#: the inspection program each requirement area belongs to (``inspection.program``)
PROGRAM_OF_AREA = {
    "FOG": "fog",
    "SEW": "sewer",
    "PRM": "sewer",
    "SW": "solid_waste",
    "ORG": "organics",
}

# "finding" standing alone or observed at an inspection or on a complaint; not a
# finding the rules compute ("overdue finding", "refusal finding", "… is a finding")
_OBSERVED_FINDING = re.compile(r"(?:^|\binspection |\bcomplaints?/)findings?\b")


def is_observation(system: str) -> bool:
    """Whether a System column describes an inspector's observation: an
    "inspection finding", a bare "finding", a complaint/inspection finding or a
    checklist. Findings the rules compute from other facts ("overdue finding",
    "refusal finding", "contamination findings", "incomplete manifest is a
    finding") are not observations: their facts have their own fields."""
    for clause in system.lower().split(";"):
        clause = clause.strip()
        if "checklist" in clause or _OBSERVED_FINDING.search(clause):
            return True
    return False


def observation_requirements(
    requirements: dict[str, Requirement] | None = None,
) -> list[Requirement]:
    """The requirements of the catalog that an inspection observes (a System
    column "as above" repeats the row before it)."""
    requirements = catalog() if requirements is None else requirements
    out: list[Requirement] = []
    previous = ""
    for requirement in requirements.values():
        system = requirement.system.strip()
        if system.lower().startswith("as above"):
            system = previous
        previous = system
        if is_observation(system):
            out.append(requirement)
    return out


def program_of(requirement: str) -> str | None:
    return PROGRAM_OF_AREA.get(requirement.split("-", 1)[0])


def inspections_for(subject: str, program: str | None, ctx: Context) -> list[Inspection]:
    """The inspections of ``subject`` for ``program`` (or for no named program), oldest first."""

    def compute() -> list[Inspection]:
        return [
            inspection
            for inspection in ctx.referring("inspection", "subject", subject)
            if inspection.program is None or program is None or inspection.program == program
        ]

    return memo(ctx, ("inspections", subject, program), compute)


def notice_correction(
    subject: str, requirement: str, since: date, ctx: Context
) -> tuple[Notice, date] | None:
    """The first correction, on or after ``since``, of a notice for ``requirement``
    served on ``subject``."""
    best: tuple[Notice, date] | None = None
    for notice in ctx.referring("notice", "subject", subject):
        if notice.requirement != requirement:
            continue
        for correction in ctx.referring("correction", "notice", notice.id):
            if correction.date >= since and (best is None or correction.date < best[1]):
                best = (notice, correction.date)
    return best


def _observation_outcome(
    requirement: Requirement, inspection: Inspection, ctx: Context
) -> Outcome | None:
    history = inspections_for(inspection.subject, program_of(requirement.id), ctx)
    if not history or history[-1] is not inspection:
        return None  # one finding per subject: decided at its latest inspection
    ident, cite = requirement.id, requirement.cite
    latest_day = inspection.date
    listed_now = any(
        ident in (other.violations or ()) for other in history if other.date == latest_day
    )
    if listed_now:
        corrected = notice_correction(inspection.subject, ident, latest_day, ctx)
        if corrected is not None:
            notice, day = corrected
            return met(
                f"The inspection of {latest_day} observed {ident} ({cite}) "
                f"violated; compliance was achieved on {day} on notice {notice.id}.",
                subject=inspection.subject,
            )
        return violation(
            f"The inspection of {latest_day} observed {ident} ({cite}) violated, "
            "and no later inspection or correction shows it corrected.",
            subject=inspection.subject,
        )
    earlier = [
        other.date
        for other in history
        if other.date < latest_day and ident in (other.violations or ())
    ]
    if not earlier:
        return None
    return met(
        f"The inspection of {earlier[-1]} observed {ident} ({cite}) violated; "
        f"the re-inspection of {latest_day} no longer lists it, so it is corrected.",
        subject=inspection.subject,
    )


def _observation_rule(requirement: Requirement) -> Callable[[Inspection, Context], Any]:
    def observed(inspection: Inspection, ctx: Context) -> Outcome | None:
        return _observation_outcome(requirement, inspection, ctx)

    name = "observed_" + requirement.id.lower().replace("-", "_")
    observed.__name__ = observed.__qualname__ = name
    observed.__doc__ = (
        f'{requirement.cite}: "{requirement.provision}"\n\n'
        f"An inspector's observation ({requirement.system}): the latest inspection of "
        f"the subject listing {requirement.id} in ``violations`` is a violation; a later "
        "inspection of the same subject (same program, or none named) that no longer "
        "lists it, or a correction on a notice for it, records it corrected."
    )
    return observed


#: requirement ID → its generated observation rule
OBSERVATION_RULES: dict[str, Callable[[Inspection, Context], Any]] = {}
for _requirement in observation_requirements():
    OBSERVATION_RULES[_requirement.id] = rule(_requirement.id, on="inspection")(
        _observation_rule(_requirement)
    )


# ------------------------------------------------------------------ GEN-PENALTY-MISDEMEANOR

_CH51_SECTION = re.compile(r"6-8\.\d+")


def criminal_basis(requirement: str, ctx: Context) -> tuple[str, int, int, str] | None:
    """Why a violation of ``requirement`` is a misdemeanor, the fine ceiling
    (dollars), the imprisonment ceiling (months) and any reading applied; None where
    the law provides another penalty or none."""
    entry = catalog().get(requirement)
    if entry is None or requirement in ctx.param("gen.penalty_otherwise_provided"):
        return None
    if entry.area in ctx.param("gen.misdemeanor_chapter50_areas"):
        return (
            "has no penalty of its own, so it is a misdemeanor under § 50.999(A)",
            ctx.param("gen.misdemeanor_fine_max"),
            ctx.param("gen.misdemeanor_jail_months_max"),
            "",
        )
    match = _CH51_SECTION.search(entry.cite)
    if match and match.group(0) in ctx.param("gen.penalty_10_99_sections"):
        return (
            'carries "Penalty, see § 10.99", so it is a misdemeanor',
            ctx.param("gen.section_10_99_fine_max"),
            ctx.param("gen.section_10_99_jail_months_max"),
            " (reading: § 10.99 read as the general misdemeanor limit)",
        )
    return None


@rule("GEN-PENALTY-MISDEMEANOR", on=FINDINGS)
def misdemeanor_referral(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """§ 50.999(A): "Any person violating any provision of this chapter for which no
    penalty is otherwise provided shall be guilty of a misdemeanor and shall be
    punished by a fine not to exceed $1,000, or imprisonment for not to exceed six
    months, or by both such fine and imprisonment." Chapter 51: "Penalty, see
    § 10.99". The SB 1383 subchapter (ORG-*) has its own administrative penalties,
    § 50.999(B) makes scavenging of recyclables an infraction, and the FOG
    subchapter (§§ 51.61-51.68) prints no penalty line: none of those is referred.

    One finding per subject and eligible requirement with an open finding (pack
    ``gen.referral_statuses``)."""
    statuses = set(ctx.param("gen.referral_statuses"))
    seen: set[tuple[str, str]] = set()
    words = {"violation": "violated"}
    bases: dict[str, tuple[str, int, int, str] | None] = {}
    for finding in findings:
        key = (finding.subject, finding.requirement)
        if finding.status not in statuses or key in seen:
            continue
        if finding.requirement not in bases:
            bases[finding.requirement] = criminal_basis(finding.requirement, ctx)
        basis = bases[finding.requirement]
        if basis is None:
            continue
        seen.add(key)
        why, fine, months, reading = basis
        status = words.get(finding.status, finding.status)
        yield violation(
            f"{finding.requirement} ({finding.cite}) is {status} and {why} that "
            f"may be referred for prosecution: a fine of up to {dollars(fine)}, up to "
            f"{months} months' imprisonment, or both{reading}.",
            subject=finding.subject,
        )


# --------------------------------------------------------------------------- GEN-NOTICE-ADDRESS


@derived("notice_recipient", on="notice", requirement="GEN-NOTICE-ADDRESS")
def notice_recipient(notice: Notice, ctx: Context) -> dict[str, str] | None:
    """Ch. 50 SB 1383 enforcement (D)(5)(b): "Notices shall be sent to "owner" at the
    official address of the owner maintained by the tax collector for the city or if
    no such address is available, to the owner at the address of the dwelling or
    commercial property or to the party responsible for paying for the collection
    services, depending upon available information."

    The premises is the notice's subject or the one it belongs to (an
    establishment's, a device's establishment's, a permit's…). The value names the
    rule that picked the address: ``owner_tax_address``, ``owner_premises_address``
    (the premises' address, else the establishment's) or ``service_payer``; null
    when none is on record."""
    subject = ctx.get(notice.subject)
    premises = related(subject, "premises", ctx)
    establishment = related(subject, "establishment", ctx)
    owner = (premises.owner_name if premises is not None else None) or "Owner"
    if premises is not None and premises.owner_tax_address:
        return {"name": owner, "address": premises.owner_tax_address, "rule": "owner_tax_address"}
    property_address = (premises.address if premises is not None else None) or (
        establishment.address if establishment is not None else None
    )
    if property_address:
        return {"name": owner, "address": property_address, "rule": "owner_premises_address"}
    if premises is not None and premises.service_payer_address:
        return {
            "name": premises.service_payer_name or "Party responsible for collection service",
            "address": premises.service_payer_address,
            "rule": "service_payer",
        }
    return None


# --------------------------------------------------------------------------- records

records(
    "GEN-RECORDS-PUBLIC",
    "The records system keeps every record obtained in inspections exportable under the "
    "Public Records Act, with exempt fields flagged; no rule decides disclosure.",
)
records(
    "GEN-AUDIT",
    "The records system keeps an append-only history of who recorded what, when and on what "
    "evidence, voiding with a reason instead of deleting; the engine reads facts, not history.",
)
