"""What the notice pages and the API read. Every function that lists or opens a
notice takes the signed-in ``user`` and returns only what that user may see: the
notices of the programs their role sees (``sanitas.kit.selectors``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.utils import timezone

from sanitas.access.policy import About, allows
from sanitas.access.roles import PROGRAMS, program_key
from sanitas.kit import selectors as staff
from sanitas.notices import compose, services
from sanitas.notices.kinds import Kind, kind, kinds, kinds_for
from sanitas.notices.models import Hearing, Notice, Payment
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex
from sanitas.records.sweep import jurisdiction_pack


def _kinds_of(programs: list[str]) -> list[str]:
    return [k.key for k in kinds().values() if program_key(k.program) in programs]


def notices(user: Any, *, state: str = "", kind_key: str = "") -> QuerySet[Notice]:
    """The notices the user may read (the access policy's ``notices.view``: their
    programs', and for a hearing officer the citations they hear and the notices those
    follow), newest first."""
    if not allows(user, "notices.view"):
        return Notice.objects.none()
    programs = [p for p in PROGRAMS if allows(user, "notices.view", About.program(p))]
    seen = Q(kind__in=_kinds_of(programs))
    if not user.is_superuser:
        officer = user.get_username()
        heard = Hearing.objects.filter(hearing_officer=officer)
        seen |= Q(pk__in=heard.values("appeal__citation")) | Q(
            pk__in=heard.values("appeal__citation__cites_notice")
        )
    found = Notice.objects.filter(seen)
    if state:
        found = found.filter(state=state)
    if kind_key:
        found = found.filter(kind=kind_key)
    return found.select_related("cites_notice")


def hearing_officers() -> list[tuple[str, str]]:
    """The active accounts that may decide hearings, as (username, name to show)."""
    from django.contrib.auth import get_user_model

    people = (
        get_user_model()
        .objects.filter(is_active=True, is_superuser=False, groups__name="hearing_officer")
        .distinct()
        .order_by("last_name", "first_name", "username")
    )
    return [
        (person.get_username(), f"{person.get_full_name() or person.get_username()}")
        for person in people
    ]


def hearings(user: Any) -> list[Hearing]:
    """The hearings the user may see (a hearing officer's own; a supervisor's and an
    auditor's all), soonest first, undecided before decided."""
    if not allows(user, "hearings.view"):
        return []
    found = Hearing.objects.select_related("appeal__citation").order_by(
        "decided_on", "scheduled_at", "pk"
    )
    rows = [h for h in found if allows(user, "hearings.view", h)]
    rows.sort(key=lambda h: (bool(h.decision), h.scheduled_at))
    return rows


def notice(user: Any, notice_id: int) -> Notice | None:
    return notices(user).filter(pk=notice_id).first()


def notice_by_code(user: Any, code: str) -> Notice | None:
    return notices(user).filter(code=code.strip().upper()).first()


# --------------------------------------------------------------------------- findings


def finding(
    user: Any,
    *,
    finding_id: int | None = None,
    requirement: str = "",
    subject: str = "",
    period: str = "",
) -> Finding | None:
    """A current finding the user may see, by id or by its requirement, subject and
    period (as the subject page lists them)."""
    rows = Finding.objects.filter(current=True)
    if finding_id is not None:
        rows = rows.filter(pk=finding_id)
    else:
        rows = rows.filter(requirement=requirement, subject=subject, period=period or "")
    found = rows.order_by("ordinal").first()
    if found is None or staff.program_of(found.requirement) not in staff.visible_programs(user):
        return None
    return found


def offered_kinds(requirement: str, status: str) -> list[Kind]:
    """The kinds of document the law answers a finding with (by requirement and status
    alone: the draft checks the records)."""
    return kinds_for(requirement, status, jurisdiction_pack(), timezone.localdate())


def certificate_for(subject: str) -> dict[str, Any] | None:
    """The permit a certificate of final inspection drafted from a finding about
    ``subject`` would certify (the permit, or the permit its record names), and why it
    may not issue (empty: it may); None when it names no permit on record."""
    from sanitas.records.certificates import NotAPermit, certificate_blockers

    index = RecordIndex.objects.filter(key=subject).first()
    if index is None:
        return None
    permit = subject
    if index.fact_type != "permit":
        record = RECORD_MODELS[index.fact_type].objects.filter(key=subject).first()
        permit = getattr(record, "permit", None) or ""
    try:
        return {"permit": permit, "blockers": certificate_blockers(permit)}
    except NotAPermit:
        return None


def notices_for_finding(finding_: Finding) -> list[Notice]:
    return list(Notice.objects.filter(finding_id=finding_.pk).order_by("-created_at"))


# --------------------------------------------------------------------------- a notice's page


@dataclass
class Proposal:
    """What the engine makes of a served notice as of a day, and whether a citation may
    follow it as of the real day."""

    as_of: date
    findings: list[Any] = field(default_factory=list)
    #: a citation may be drafted now (its notice's deadline passed uncorrected as of today)
    citation_due: bool = False
    #: why not yet, where the notice is one a citation follows
    premature: list[str] = field(default_factory=list)
    ceiling: int | None = None
    ordinal: int | None = None


def proposal(notice_: Notice, *, as_of: date, today: date) -> Proposal:
    """The engine's findings about a served notice as of ``as_of`` (which may lie after
    today: what the law will make of the records if nothing more happens), and, for a
    Notice of Violation, whether a citation is ripe as of ``today`` — the real day, never
    the view's — with the ceiling the ladder allows for this respondent."""
    out = Proposal(as_of=as_of)
    if not notice_.served:
        return out
    out.findings = services.referral_findings(notice_, as_of=as_of)
    if notice_.kind != "sb1383_nov" or notice_.state != "served":
        return out
    out.premature = services.citation_problems(notice_, on=today)
    if out.premature:
        return out
    out.citation_due = True
    raw = services.records_of(notice_)
    probe = {
        "id": "citation~proposal",
        "type": "citation",
        "subject": notice_.subject,
        "requirement": notice_.requirement,
        "issued_on": today.isoformat(),
        "notice": notice_.fact_key,
    }
    derived = compose.derived_values([*raw, probe], today, jurisdiction_pack())
    out.ceiling = derived.get((probe["id"], "penalty_ceiling"))
    out.ordinal = derived.get((probe["id"], "citation_ordinal"))
    return out


@dataclass
class Balance:
    amount: Any
    paid: Any
    due_on: date | None
    unpaid_past_due: bool


def balance(citation: Notice, *, today: date) -> Balance | None:
    """A served citation's penalty, what was paid, and whether it is unpaid past due."""
    if citation.kind != "citation" or not citation.served:
        return None
    paid = Payment.objects.filter(citation=citation).aggregate(total=Sum("amount"))["total"] or 0
    amount = citation.amount or 0
    due_on = citation.deadline_on
    under_appeal = citation.appeals.exclude(state="decided").exists()
    hearing = Hearing.objects.filter(appeal__citation=citation).exclude(decision="").first()
    if hearing is not None:
        if hearing.decision == "dismissed":
            amount = 0
        elif hearing.decision == "modified":
            amount = hearing.amount or 0
    late = bool(due_on is not None and today > due_on and paid < amount and not under_appeal)
    return Balance(amount=amount, paid=paid, due_on=due_on, unpaid_past_due=late)


def kind_of(notice_: Notice) -> Kind:
    return kind(notice_.kind)


def served_for_batch(user: Any, *, served_on: date, methods: tuple[str, ...]) -> list[Notice]:
    """The notices served on a day by mail: the mail house's batch."""
    return list(
        notices(user)
        .filter(served_on=served_on, method__in=methods)
        .exclude(pdf=None)
        .order_by("code")
    )


#: the most notices the batch form offers at once (the oldest first)
BATCH_LIMIT = 500


def ready_to_serve(user: Any) -> list[Notice]:
    """The drafts and approved notices the user may see, oldest first: what a batch
    may serve (a draft whose kind needs approval is refused by the service, named)."""
    return list(
        notices(user)
        .filter(state__in=("draft", "approved"))
        .order_by("created_at", "pk")[:BATCH_LIMIT]
    )


def codes(notice_ids: list[int]) -> dict[int, str]:
    """The case codes of ``notice_ids`` (what a person calls a notice), by id."""
    return dict(Notice.objects.filter(pk__in=notice_ids).values_list("pk", "code"))
