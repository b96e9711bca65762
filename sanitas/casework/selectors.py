"""What the case pages read: a case with its findings (through the worklist's
selectors), notes and history; whose cases are whose; who may be given one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from sanitas.casework.models import Case, Note
from sanitas.ordinance.catalog import title
from sanitas.staff import selectors as staff_selectors
from sanitas.web.permissions import ROLES
from sanitas.web.selectors import Title, titles


@dataclass
class CaseEvent:
    at: datetime
    who: str
    what: str
    text: str = ""


@dataclass
class CasePage:
    subject: Title
    requirement: str
    requirement_title: str
    case: Case | None
    findings: list[Any]
    notes: list[Note]
    events: list[CaseEvent]

    @property
    def status(self) -> str:
        """The case's status: its most pressing finding's, as the engine found it."""
        if not self.findings:
            return "no findings"
        return min(self.findings, key=lambda f: staff_selectors.SEVERITY.get(f.status, 9)).status


def case_page(user: Any, *, subject: str, requirement: str) -> CasePage | None:
    findings = staff_selectors.case_findings(user, subject=subject, requirement=requirement)
    case = (
        Case.objects.select_related("assignee")
        .filter(subject=subject, requirement=requirement)
        .first()
    )
    if not findings and case is None:
        return None
    named = titles([subject])
    notes = list(case.notes.select_related("written_by")) if case is not None else []
    return CasePage(
        subject=named.get(subject) or Title(subject, "", subject),
        requirement=requirement,
        requirement_title=title(requirement),
        case=case,
        findings=findings,
        notes=notes,
        events=_events(user, case, notes, subject=subject, requirement=requirement),
    )


def _events(
    user: Any, case: Case | None, notes: list[Note], *, subject: str, requirement: str
) -> list[CaseEvent]:
    """The case's timeline, newest first: assignments, notes and the findings' status
    changes, with who did what."""
    events: list[CaseEvent] = []
    if case is not None:
        users = dict(get_user_model().objects.values_list("pk", "username"))
        for version in case.history.order_by("history_date", "history_id"):
            who = users.get(version.history_user_id, "—")
            events.append(
                CaseEvent(version.history_date, who, version.history_change_reason or "changed")
            )
    for note in notes:
        events.append(
            CaseEvent(note.written_at, note.written_by.get_username(), "wrote a note", note.text)
        )
    last: dict[tuple[str, int], str] = {}
    for version in staff_selectors.finding_history(user, subject=subject, requirement=requirement):
        slot = (version.period, version.ordinal)
        state = version.status if version.current else "no longer found"
        if last.get(slot) == state:
            continue
        last[slot] = state
        period = f" for {version.period}" if version.period else ""
        events.append(CaseEvent(version.history_date, "the engine", f"found it {state}{period}"))
    events.sort(key=lambda e: e.at, reverse=True)
    return events


def assignees(pairs: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """Who has each of these obligations' cases (only the assigned ones)."""
    if not pairs:
        return {}
    subjects = {s for s, _ in pairs}
    requirements = {r for _, r in pairs}
    wanted = Q(subject__in=subjects, requirement__in=requirements, assignee__isnull=False)
    found = {}
    asked = set(pairs)
    for subject, requirement, username in Case.objects.filter(wanted).values_list(
        "subject", "requirement", "assignee__username"
    ):
        if (subject, requirement) in asked:
            found[(subject, requirement)] = username
    return found


def my_obligations(user: Any) -> list[tuple[str, str]]:
    """The (subject, requirement) of every case assigned to ``user``."""
    return list(Case.objects.filter(assignee=user).values_list("subject", "requirement"))


def assignable_users() -> list[Any]:
    """Who may be given a case: active users in a role that works cases."""
    acting = [group for group, role in ROLES.items() if role.acts]
    return list(
        get_user_model()
        .objects.filter(is_active=True, groups__name__in=acting)
        .distinct()
        .order_by("username")
    )


def case_versions(user: Any, *, subjects: list[str]) -> tuple[list[Any], list[Note]]:
    """Every version of the cases about ``subjects`` whose requirement ``user`` may see
    (oldest first), and the notes written on them: what a business's or a premises'
    timeline shows of the casework."""
    if not subjects:
        return [], []
    visible = set(staff_selectors.visible_programs(user))
    versions = [
        version
        for version in Case.history.filter(subject__in=subjects).order_by(
            "history_date", "history_id"
        )
        if staff_selectors.program_of(version.requirement) in visible
    ]
    cases = {version.id for version in versions}
    notes = list(Note.objects.filter(case_id__in=cases).select_related("case", "written_by"))
    return versions, notes
