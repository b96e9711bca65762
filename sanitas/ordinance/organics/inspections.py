"""Ch. 50 SB 1383 access and inspections: access to the containers, and what an
inspection observes of a business's duties.
"""

from __future__ import annotations

from sanitas.ordinance.engine import Context, Outcome, met, records, rule, violation
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general import Inspection
from sanitas.ordinance.messages import Day, Items, Name, Word, declare, vocabulary
from sanitas.ordinance.organics.common import is_a, is_commercial, subject_class
from sanitas.ordinance.organics.single_family import organics_inspection
from sanitas.ordinance.words import name_of

# --------------------------------------------------------------------------- access, inspections

_REFUSALS = (
    ("access_refused", "access to its premises", "Ch. 50 SB 1383 commercial (A)(9)"),
    (
        "remote_monitoring_refused",
        "the installation and operation of remote monitoring equipment",
        "Ch. 50 SB 1383 commercial (A)(10)",
    ),
    ("records_refused", "access to its records", None),
)
vocabulary(*(text for _, text, _ in _REFUSALS))

_REFUSED = declare(
    "org.access.refused",
    "{subject} did not provide or arrange for {refused} at the organics inspection of {date}.",
)
_PROVIDED = declare(
    "org.access.provided",
    "At the organics inspection of {subject} on {date}, access was provided.",
)


def _refusal(
    inspection: Inspection, ctx: Context, fields: tuple[str, ...], narrow: bool
) -> Outcome | None:
    refused = [
        (text, cite)
        for name, text, cite in _REFUSALS
        if name in fields and getattr(inspection, name)
    ]
    answered = [name for name in fields if getattr(inspection, name) is not None]
    subject = name_of(ctx, inspection.subject)
    if refused:
        cites = {cite for _, cite in refused}
        return violation(
            _REFUSED(
                subject=Name(subject, capital=True),
                refused=Items(tuple(Word(text) for text, _ in refused)),
                date=Day(inspection.date),
            ),
            cite=cites.pop() if narrow and len(cites) == 1 else None,
        )
    if answered or inspection.program == "organics":
        return met(_PROVIDED(subject=Name(subject), date=Day(inspection.date)))
    return None


def _inspectable(inspection: Inspection, ctx: Context) -> Fact | None:
    """The subject of an organics inspection the refusal rules read, or None. Reading:
    an inspection flagged ``residential_interior`` sought what the city may not enter,
    so a refusal there produces no finding."""
    if not organics_inspection(inspection, ctx) or inspection.residential_interior:
        return None
    subject = ctx.get(inspection.subject)
    if is_a(subject, "premises", "establishment", "hauler", "facility"):
        return subject
    return None


@rule("ORG-COM-ACCESS", on="inspection")
def commercial_access(inspection: Inspection, ctx: Context):
    """Commercial (A)(9)-(10): "Provide or arrange access for the city or its designee to
    their properties during all inspections conducted in accordance with § 50.038" and
    "Accommodate and cooperate with city's remote monitoring program"."""
    subject = _inspectable(inspection, ctx)
    if subject is None or not is_commercial(subject, ctx):
        return None
    return _refusal(inspection, ctx, ("access_refused", "remote_monitoring_refused"), True)


@rule("ORG-INSPECTIONS", on="inspection", cite="§ 50.038(B)")
def inspection_refusal(inspection: Inspection, ctx: Context):
    """§ 50.038(B): "Failure to provide or arrange for: (i) access to an entity's
    premises; (ii) installation and operation of remote monitoring equipment; or (iii)
    access to records for any inspection or investigation is a violation of this
    ordinance"; (A): "This section does not allow city to enter the interior of a
    private residential property for inspection"."""
    subject = _inspectable(inspection, ctx)
    if subject is None or subject_class(subject, ctx) == "non_local":
        return None
    return _refusal(inspection, ctx, tuple(name for name, _, _ in _REFUSALS), False)


records(
    "ORG-COM-REMOTE-MONITOR",
    "A business's own remote monitoring is optional: the records system keeps its written "
    "notice, the city's approval and the devices' observations.",
)
records(
    "ORG-COMPLAINTS",
    "The records system takes in written complaints, anonymous ones included, and keeps "
    "their triage; a complaint decides nothing until an inspection finds facts.",
)
records(
    "ORG-ENFORCEMENT-MONITORING",
    "The records system keeps each monitoring activity (random checks, compliance and "
    "route reviews, complaint investigations, inspections) and the official notifications.",
)
