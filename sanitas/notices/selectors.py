"""What the notice pages and the API read. Every function that lists or opens a
notice takes the signed-in ``user`` and returns only what that user may see: the
notices of the programs their role sees (``sanitas.staff.selectors``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import QuerySet, Sum
from django.utils import timezone

from sanitas.notices import compose, services
from sanitas.notices.kinds import Kind, kind, kinds, kinds_for
from sanitas.notices.models import SERVED_STATES, Hearing, Notice, Payment
from sanitas.notices.services import HEARING_OFFICER, NOTICE_SUPERVISOR
from sanitas.records.models import Finding
from sanitas.records.sweep import jurisdiction_pack
from sanitas.staff import selectors as staff


def _in_group(user: Any, group: str) -> bool:
    return bool(
        getattr(user, "is_authenticated", False)
        and user.is_active
        and user.groups.filter(name=group).exists()
    )


def may_use_notices(user: Any) -> bool:
    """Staff (a role or a superuser), or a hearing officer."""
    return staff.is_staff_member(user) or _in_group(user, HEARING_OFFICER)


def may_approve(user: Any) -> bool:
    return bool(getattr(user, "is_superuser", False)) or _in_group(user, NOTICE_SUPERVISOR)


def is_hearing_officer(user: Any) -> bool:
    return _in_group(user, HEARING_OFFICER)


def _programs(user: Any) -> tuple[str, ...]:
    programs = staff.visible_programs(user)
    if not programs and is_hearing_officer(user):
        return ("sb1383",)  # a hearing officer hears SB 1383 citations
    return programs


def _kinds_of(programs: tuple[str, ...]) -> list[str]:
    return [k.key for k in kinds().values() if k.program in programs]


def notices(user: Any, *, state: str = "", kind_key: str = "") -> QuerySet[Notice]:
    """The notices the user may see, newest first."""
    found = Notice.objects.filter(kind__in=_kinds_of(_programs(user)))
    if state:
        found = found.filter(state=state)
    if kind_key:
        found = found.filter(kind=kind_key)
    return found.select_related("cites_notice")


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


def notices_for_finding(finding_: Finding) -> list[Notice]:
    return list(Notice.objects.filter(finding_id=finding_.pk).order_by("-created_at"))


# --------------------------------------------------------------------------- a notice's page


@dataclass
class Proposal:
    """What the engine proposes next for a served notice as of a day."""

    as_of: date
    findings: list[Any] = field(default_factory=list)
    citation_due: bool = False
    ceiling: int | None = None
    ordinal: int | None = None


def proposal(notice_: Notice, *, as_of: date) -> Proposal:
    """The engine's findings about a served notice as of ``as_of`` (which may lie after
    today: what the law will make of the records if nothing more happens), and, for a
    Notice of Violation whose deadline will have passed uncorrected, the citation
    that follows and the ceiling the ladder allows for this respondent."""
    out = Proposal(as_of=as_of)
    if not notice_.served:
        return out
    raw = services.records_of(notice_)
    from sanitas.ordinance.engine import evaluate_facts
    from sanitas.ordinance.facts import parse_facts

    pack = jurisdiction_pack()
    evaluation = evaluate_facts(parse_facts(raw), as_of=as_of, pack=pack, report_derived=False)
    out.findings = [f for f in evaluation.findings if f.subject == notice_.fact_key]
    referral = [f for f in out.findings if f.requirement == "ORG-CITATION"]
    if referral and referral[0].status == "overdue" and notice_.kind == "sb1383_nov":
        out.citation_due = True
        probe = {
            "id": "citation~proposal",
            "type": "citation",
            "subject": notice_.subject,
            "requirement": notice_.requirement,
            "issued_on": as_of.isoformat(),
            "notice": notice_.fact_key,
        }
        derived = compose._evaluate([*raw, probe], as_of, pack)
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


def is_served(notice_: Notice) -> bool:
    return notice_.state in SERVED_STATES


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
