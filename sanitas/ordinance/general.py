"""Cross-cutting rules (GEN-*) and the inspection-observation mechanism.

- Inspection observations: ``inspection.violations`` lists the requirement IDs
  an inspector observed violated at the inspection's subject. Every requirement
  whose System column in ``requirements.md`` calls for an *inspection finding*, a
  *finding* or a *checklist* gets one generated rule here (the set is read from
  the catalog, never listed by hand): the latest inspection of the subject that
  lists the ID is a ``violation``; a later inspection that no longer lists it, or
  a correction on a notice for it, records it corrected (``met``, or ``late`` when
  it came after the deadline a notice for it set). An inspection dated before its
  subject existed is a data problem and counts for nothing. No other rule reads
  ``inspection.violations``.
- GEN-PENALTY-MISDEMEANOR: which violations may be referred for misdemeanor
  prosecution, and the ceiling. A referral follows an act the law forbids: a
  design that fails plan check, or a test that has not yet passed, is a reason
  not to approve the work, not a crime (pack ``gen.referral_acts``).
- GEN-NOTICE-ADDRESS: to whom, and where, a notice is sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from datetime import date
from typing import Any, ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.catalog import Requirement, catalog
from sanitas.ordinance.engine import (
    FINDINGS,
    Context,
    Finding,
    Outcome,
    derived,
    late,
    met,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import (
    Date,
    Fact,
    Money,
    RequirementId,
    Thing,
    fact_type,
    ref,
    required_ref,
)
from sanitas.ordinance.words import name_of, requirement_words

# --------------------------------------------------------------------------- fact types

#: the languages notices are printed in: English, Spanish, Traditional Chinese
Language = Literal["en", "es", "zh-Hant"]


PremisesUse = Literal["residential", "commercial", "industrial", "mixed_use", "hotel"]


NonLocalEntity = Literal[
    "special_district",
    "federal",
    "prison",
    "state_park",
    "public_university",
    "county_fairground",
    "state_agency",
]


Category = Literal[
    "restaurant",
    "supermarket",
    "grocery_store",
    "food_service_provider",
    "food_distributor",
    "wholesale_food_vendor",
    "hotel",
    "health_facility",
    "large_venue",
    "large_event",
    "state_agency_cafeteria",
    "local_education_agency",
    "food_recovery_organization",
    "food_recovery_service",
    "car_wash",
    "other",
]


@fact_type
class Premises(Thing):
    """A lot or parcel: where collection service, zoning and sewer connections attach."""

    type: Literal["premises"]
    address: str | None = None
    zone: str | None = Field(default=None, description="Zoning district, e.g. C-3 or R-1.")
    dwelling_units: int | None = Field(default=None, ge=0)
    use: PremisesUse | None = None
    planned_development: bool | None = Field(
        default=None, description="Part of a planned development (Cal. Civil Code § 1351)."
    )
    shared_bins: bool | None = Field(
        default=None,
        description="The City Manager has determined the units must share bins.",
    )
    non_local_entity: NonLocalEntity | None = None
    alley: bool | None = Field(
        default=None, description="The lot is contiguous to a public alley (set-out location)."
    )
    owner_name: str | None = None
    owner_language: Language | None = Field(
        default=None, description="The language the owner reads notices in (en, es, zh-Hant)."
    )
    owner_tax_address: str | None = Field(
        default=None, description="The owner's address on the tax collector's roll."
    )
    service_payer_name: str | None = Field(
        default=None, description="The party responsible for paying for collection service."
    )
    service_payer_address: str | None = None
    located_in_city: bool | None = Field(
        default=None,
        description="Lies within the city's corporate limits (absent: it does); a sewer "
        "connection from outside pays the § 6-8.114(A) charge (PRM-CHARGES).",
    )


@fact_type
class Establishment(Thing):
    """A business or operation at a premises: a food service establishment, a
    supermarket, a hotel, a food recovery organization, a car wash…"""

    type: Literal["establishment"]
    premises: str | None = ref("premises")
    name: str | None = None
    address: str | None = None
    operator_name: str | None = Field(
        default=None, description="Who operates the business, as notices address them."
    )
    operator_language: Language | None = Field(
        default=None, description="The language the operator reads notices in (en, es, zh-Hant)."
    )
    category: Category
    cooks: bool | None = Field(
        default=None,
        description="Prepares hot food per the FSE definition (frying, baking, grilling, …).",
    )
    opened_on: Date | None = None
    closed_on: Date | None = None
    meals_per_day: int | None = Field(default=None, ge=0)
    seats: int | None = Field(default=None, ge=0)
    floor_area_sqft: float | None = Field(default=None, ge=0)
    gross_annual_sales: Money | None = None
    rooms: int | None = Field(default=None, ge=0)
    beds: int | None = Field(default=None, ge=0)
    on_site_food_facility: bool | None = None
    average_daily_attendance: int | None = Field(default=None, ge=0)
    charges_admission: bool | None = None
    operated_by_local_agency: bool | None = None
    wash_rack: bool | None = Field(
        default=None, description="Operates an automobile wash rack (car washes always do)."
    )
    kitchen_sink_outlets: int | None = Field(
        default=None, ge=0, description="Kitchen sink outlets wasting into the sewer."
    )
    located_in_city: bool | None = Field(
        default=None, description="Primary address physically in the city (FROs and FRSs)."
    )
    contact: str | None = Field(
        default=None,
        description="Contact information (person, phone, email) for food recovery records.",
    )
    multi_family: bool | None = None


@fact_type
class Employee(Thing):
    """A person employed at an establishment (for FOG training)."""

    type: Literal["employee"]
    establishment: str = required_ref("establishment")
    name: str | None = Field(default=None, description="The employee's name, as people call them.")
    job_title: str | None = Field(
        default=None, description="What the employee does, e.g. line cook."
    )
    hired_on: Date
    left_on: Date | None = None
    dated_by: ClassVar[str | None] = "hired_on"


@fact_type
class Inspection(Fact):
    """A site visit or check of any subject. ``violations`` lists the requirement
    IDs the inspector observed violated (the inspection findings of the
    catalog); a later inspection of the same subject that does not list one
    again records it corrected."""

    type: Literal["inspection"]
    subject: str = required_ref()
    date: Date
    fog_solids_percent_volume: float | None = Field(default=None, ge=0, le=100)
    fog_solids_percent_depth: float | None = Field(default=None, ge=0, le=100)
    access_refused: bool | None = None
    records_refused: bool | None = None
    remote_monitoring_refused: bool | None = None
    contamination: bool | None = None
    violations: list[RequirementId] | None = None
    program: Literal["fog", "sewer", "solid_waste", "organics"] | None = Field(
        default=None,
        description="The program the inspection was for; absent, every program's rules "
        "that fit the subject apply.",
    )
    by_hauler: bool | None = Field(
        default=None, description="Made by the franchised hauler (route review, cart check)."
    )
    residential_interior: bool | None = Field(
        default=None,
        description="Sought entry to the interior of a private residence, which the organics "
        "program may not enter (Ch. 50 inspections (A)): a refusal there is no violation.",
    )
    inspector: str | None = None
    dated_by: ClassVar[str | None] = "date"


NoticeKind = Literal["nov", "cart_tag", "noncompliance", "education"]


@fact_type
class Notice(Thing):
    """A notice served: a notice of violation, a cart tag, a FOG notice of
    noncompliance, or (during the education period) educational material."""

    type: Literal["notice"]
    subject: str = required_ref()
    requirement: RequirementId
    issued_on: Date
    kind: NoticeKind = "nov"
    due_on: Date | None = None
    dated_by: ClassVar[str | None] = "issued_on"


@fact_type
class Correction(Fact):
    """Compliance achieved on a notice."""

    type: Literal["correction"]
    notice: str = required_ref("notice")
    date: Date
    dated_by: ClassVar[str | None] = "date"


@fact_type
class Citation(Thing):
    """An administrative citation."""

    type: Literal["citation"]
    subject: str = required_ref()
    requirement: RequirementId
    issued_on: Date
    notice: str | None = ref("notice")
    amount: Money | None = None
    dated_by: ClassVar[str | None] = "issued_on"


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


_FORMER_CODE = re.compile(r"^§ (6-\d+\.\d+)")


def printed_cite(cite: str) -> str:
    """A cite as the ordinance prints its section: Chapter 51's sewer sections carry
    their 1965 Code numbers ("('65 Code, § 6-8.123)"), so "§ 6-8.123" is cited
    "'65 Code § 6-8.123"; every other cite stands as the catalog resolves it."""
    return _FORMER_CODE.sub(r"'65 Code § \1", cite)


#: when a thing came to exist, by the field that records it, and how to say so
_EXISTED_FROM = (
    ("opened_on", "opened"),
    ("installed_on", "was installed"),
    ("constructed_on", "was built"),
    ("connected_on", "was connected"),
    ("issued_on", "was issued"),
)


def existed_from(fact: Fact | None) -> tuple[date, str] | None:
    """The day a thing came to exist, and the words for it ("opened"), where its
    record says; None when it does not."""
    if fact is None:
        return None
    for field_name, said in _EXISTED_FROM:
        day = getattr(fact, field_name, None)
        if isinstance(day, date):
            return day, said
    return None


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


def observations_for(subject: str, program: str | None, ctx: Context) -> list[Inspection]:
    """The inspections of ``subject`` for ``program`` that can observe it: an
    inspection listing violations on a day before its subject existed (an
    establishment's opening, a device's installation, a permit's issue) contradicts
    the subject's record; it is reported as a data problem and observes nothing."""

    def compute() -> list[Inspection]:
        fact = ctx.get(subject)
        existed = existed_from(fact)
        if existed is None:
            return inspections_for(subject, program, ctx)
        since, said = existed
        kept = []
        for inspection in inspections_for(subject, program, ctx):
            if inspection.date < since and inspection.violations:
                ctx.data_problem(
                    dict.fromkeys([inspection.id, subject]),
                    f"The inspection of {inspection.date} lists violations at "
                    f"{name_of(ctx, fact)}, which {said} only on {since}.",
                )
                continue
            kept.append(inspection)
        return kept

    return memo(ctx, ("observations", subject, program), compute)


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


def notice_deadline(notice: Notice, ctx: Context) -> date | None:
    """The day a notice requires compliance by: its own ``due_on``; for an SB 1383
    notice, the deadline Chapter 50 enforcement (D)(4) and (G) give it (60 days, as
    extended; none for a cart tag)."""
    if notice.requirement.startswith("ORG-"):
        return ctx.derived("nov_compliance_due", notice)
    return notice.due_on


def _notice_after(subject: str, requirement: str, since: date, ctx: Context) -> Notice | None:
    """The first notice for ``requirement`` served on ``subject`` on or after ``since``."""
    for notice in ctx.referring("notice", "subject", subject):
        if notice.requirement == requirement and notice.issued_on >= since:
            return notice
    return None


def _observed(requirement: Requirement, day: date, ctx: Context, subject: str) -> str:
    where = name_of(ctx, subject)
    return (
        f"The inspection of {where} on {day} found a violation of "
        f"{printed_cite(requirement.cite)}, {requirement_words(requirement.id)}"
    )


def _corrected(
    requirement: Requirement,
    observed: str,
    notice: Notice | None,
    corrected_on: date,
    how: str,
    subject: str,
    ctx: Context,
) -> Outcome:
    """``met``, or ``late`` when the correction came after the deadline of the notice
    served for the observation."""
    deadline = notice_deadline(notice, ctx) if notice is not None else None
    if deadline is not None and corrected_on > deadline:
        return late(
            f"{observed}; {how}, after the deadline of {deadline} that {name_of(ctx, notice)} set.",
            due=deadline,
            subject=subject,
        )
    return met(f"{observed}; {how}.", subject=subject, due=deadline)


def _observation_outcome(
    requirement: Requirement, inspection: Inspection, ctx: Context
) -> Outcome | None:
    subject = inspection.subject
    history = observations_for(subject, program_of(requirement.id), ctx)
    if not history or history[-1] is not inspection:
        return None  # one finding per subject: decided at its latest inspection
    ident = requirement.id
    latest_day = inspection.date
    listed_now = any(
        ident in (other.violations or ()) for other in history if other.date == latest_day
    )
    if listed_now:
        observed = _observed(requirement, latest_day, ctx, subject)
        corrected = notice_correction(subject, ident, latest_day, ctx)
        if corrected is not None:
            notice, day = corrected
            return _corrected(
                requirement,
                observed,
                notice,
                day,
                f"compliance was recorded on {day} on {name_of(ctx, notice)}",
                subject,
                ctx,
            )
        return violation(
            f"{observed}, and no later inspection or correction shows it corrected.",
            subject=subject,
        )
    earlier = [
        other.date
        for other in history
        if other.date < latest_day and ident in (other.violations or ())
    ]
    if not earlier:
        return None
    observed = _observed(requirement, earlier[-1], ctx, subject)
    return _corrected(
        requirement,
        observed,
        _notice_after(subject, ident, earlier[-1], ctx),
        latest_day,
        f"the re-inspection of {latest_day} no longer lists it, so it is corrected",
        subject,
        ctx,
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
        "lists it, or a correction on a notice for it, records it corrected (late after "
        "the deadline the notice set)."
    )
    return observed


#: requirement ID → its generated observation rule
OBSERVATION_RULES: dict[str, Callable[[Inspection, Context], Any]] = {}
for _requirement in observation_requirements():
    _printed = printed_cite(_requirement.cite)
    OBSERVATION_RULES[_requirement.id] = rule(
        _requirement.id,
        on="inspection",
        cite=_printed if _printed != _requirement.cite else None,
    )(_observation_rule(_requirement))


# ------------------------------------------------------------------ GEN-PENALTY-MISDEMEANOR

_CH51_SECTION = re.compile(r"6-8\.\d+")

#: the penalty section each chapter's misdemeanors are punished under
CHAPTER_50_PENALTY = "§ 50.999(A)"
CHAPTER_51_PENALTY = "§ 10.99"


def criminal_basis(requirement: str, ctx: Context) -> tuple[str, int, int, str | None] | None:
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
            'Chapter 51 prints "Penalty, see § 10.99" without the section\'s text; § 10.99 '
            "is read as the general misdemeanor limit of Cal. Gov. Code § 36901.",
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


def _where(subject: str, ctx: Context) -> str:
    """Where the violation was: under a permit, at a premises or establishment,
    concerning anything else (a device, a drain, an event)."""
    fact = ctx.get(subject)
    name = name_of(ctx, subject)
    kind = fact.type if fact is not None else None
    if kind == "permit":
        return f"under {name}"
    if kind in ("premises", "establishment"):
        return f"at {name}"
    return f"concerning {name}"


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
    bases: dict[str, tuple[str, int, int, str | None] | None] = {}
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
            f"The violation of {finding.cite}, {requirement_words(finding.requirement)}, "
            f"{_where(finding.subject, ctx)} is a misdemeanor that may be "
            f"referred for prosecution: a fine of up to {dollars(fine)}, up to {months} "
            "months' imprisonment, or both.",
            subject=finding.subject,
            cite=section,
            reading=reading,
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
