"""Inspection observations: a requirement whose finding is an inspector's
observation is decided by the latest inspection that observed it, and corrected
by the notice that answered it (one rule per such requirement).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from sanitas.ordinance.catalog import Requirement, catalog
from sanitas.ordinance.engine import Context, Outcome, late, met, rule, violation
from sanitas.ordinance.general.common import (
    EXISTED_FROM,
    existed_from,
    memo,
    printed_cite,
    ref,
)
from sanitas.ordinance.general.vocabulary import Inspection, Notice
from sanitas.ordinance.messages import Day, Message, Name, Phrase, Title, declare

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


#: an inspection that lists violations at a thing before it existed, by the words of
#: ``existed_from`` for how it came to exist
_BEFORE_IT_EXISTED = {
    said: declare(
        f"gen.problem.inspection-before-{said.removeprefix('was ').replace(' ', '-')}",
        f"The inspection of {{date}} lists violations at {{subject}}, which {said} only on "
        "{since}.",
    )
    for _, said in EXISTED_FROM
}


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
                    _BEFORE_IT_EXISTED[said](
                        date=Day(inspection.date), subject=ref(ctx, fact), since=Day(since)
                    ),
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


_OBSERVED = declare(
    "gen.observation.observed",
    "The inspection of {subject} on {date} found a violation of {cite}, {title}",
)
_UNCORRECTED = declare(
    "gen.observation.uncorrected",
    "{observed}, and no later inspection or correction shows it corrected.",
)
#: how an observed violation was corrected: on a notice, or by a re-inspection
_HOW = {
    "notice": declare(
        "gen.observation.corrected-on-notice",
        "compliance was recorded on {date} on {notice}",
    ),
    "reinspection": declare(
        "gen.observation.corrected-by-reinspection",
        "the re-inspection of {date} no longer lists it, so it is corrected",
    ),
}
_CORRECTED = declare("gen.observation.corrected", "{observed}; {how}.")
_CORRECTED_LATE = declare(
    "gen.observation.corrected-late",
    "{observed}; {how}, after the deadline of {deadline} that {notice} set.",
)


def _observed(requirement: Requirement, day: date, ctx: Context, subject: str) -> Phrase:
    return Phrase(
        _OBSERVED(
            subject=ref(ctx, subject),
            date=Day(day),
            cite=Name(printed_cite(requirement.cite)),
            title=Title(requirement.id, lower=True),
        )
    )


def _corrected(
    requirement: Requirement,
    observed: Phrase,
    notice: Notice | None,
    corrected_on: date,
    how: Message,
    subject: str,
    ctx: Context,
) -> Outcome:
    """``met``, or ``late`` when the correction came after the deadline of the notice
    served for the observation."""
    deadline = notice_deadline(notice, ctx) if notice is not None else None
    if deadline is not None and corrected_on > deadline:
        return late(
            _CORRECTED_LATE(
                observed=observed,
                how=Phrase(how),
                deadline=Day(deadline),
                notice=ref(ctx, notice),
            ),
            due=deadline,
            subject=subject,
        )
    return met(_CORRECTED(observed=observed, how=Phrase(how)), subject=subject, due=deadline)


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
                _HOW["notice"](date=Day(day), notice=ref(ctx, notice)),
                subject,
                ctx,
            )
        return violation(_UNCORRECTED(observed=observed), subject=subject)
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
        _HOW["reinspection"](date=Day(latest_day)),
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
