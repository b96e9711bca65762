"""What the case pages read: a case with its findings (through the worklist's
selectors), notes and history; whose cases are whose; who may be given one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from sanitas.access.policy import GRANTS
from sanitas.casework.inspection import Place
from sanitas.casework.models import Case, InspectionVisit, Note, Photo, Signature
from sanitas.kit import selectors as staff_selectors
from sanitas.kit.titles import Title, titles
from sanitas.ordinance.catalog import title


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
                CaseEvent(version.history_date, who, _reason_words(version.history_change_reason))
            )
    for note in notes:
        events.append(
            CaseEvent(note.written_at, note.written_by.get_username(), _("wrote a note"), note.text)
        )
    last: dict[tuple[str, int], str] = {}
    engine = _("the engine")
    for version in staff_selectors.finding_history(user, subject=subject, requirement=requirement):
        slot = (version.period, version.ordinal)
        state = version.status if version.current else "gone"
        if last.get(slot) == state:
            continue
        last[slot] = state
        events.append(CaseEvent(version.history_date, engine, _found_words(state, version.period)))
    events.sort(key=lambda e: e.at, reverse=True)
    return events


#: a finding's status as the case's timeline says the engine found it
_FOUND = {
    "violation": pgettext_lazy("case timeline", "found it a violation"),
    "overdue": pgettext_lazy("case timeline", "found it overdue"),
    "due": pgettext_lazy("case timeline", "found it due"),
    "late": pgettext_lazy("case timeline", "found it late"),
    "met": pgettext_lazy("case timeline", "found it met"),
    "gone": pgettext_lazy("case timeline", "no longer found it"),
}
_FOUND_FOR = {
    "violation": pgettext_lazy("case timeline", "found it a violation for %(period)s"),
    "overdue": pgettext_lazy("case timeline", "found it overdue for %(period)s"),
    "due": pgettext_lazy("case timeline", "found it due for %(period)s"),
    "late": pgettext_lazy("case timeline", "found it late for %(period)s"),
    "met": pgettext_lazy("case timeline", "found it met for %(period)s"),
    "gone": pgettext_lazy("case timeline", "no longer found it for %(period)s"),
}


def _found_words(state: str, period: str | None) -> str:
    """ "found it overdue for 2024-Q3" in the page's language; a status this page does
    not know is said as it is."""
    if period:
        if state in _FOUND_FOR:
            return str(_FOUND_FOR[state]) % {"period": period}
        return f"{state} · {period}"
    return str(_FOUND.get(state, state))


def _reason_words(reason: str | None) -> str:
    """A case's stored change reason ("assigned to juan", "unassigned", "opened"), kept
    in English in its history, said in the page's language."""
    if not reason:
        return _("changed")
    if reason.startswith("assigned to "):
        return _("assigned to %(who)s") % {"who": reason.removeprefix("assigned to ")}
    return {"unassigned": _("unassigned"), "opened": _("opened")}.get(reason, reason)


def change_words(since: list[Any], *, me: Any = None) -> list[str]:
    """What was done to a case since a page showed it, one line each, oldest first:
    "Mar 3, 2025, 10:42 a.m. · Maria Lopez assigned it to juan"."""
    from sanitas.kit.dates import people_date

    lines = []
    for change in since:
        if change.who is None:
            who = "Someone"
        elif me is not None and change.who.pk == getattr(me, "pk", None):
            who = "You (in another window or tab)"
        else:
            who = change.who.get_full_name() or change.who.get_username()
        what = change.what or "changed it"
        if what.startswith("assigned to "):
            what = "assigned it to " + what.removeprefix("assigned to ")
        elif what == "unassigned":
            what = "took it back to unassigned"
        elif what == "opened":
            what = "opened the case"
        text = f": “{change.text}”" if change.text else ""
        lines.append(f"{people_date(change.at)} · {who} {what}{text}")
    return lines


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


def complaints_waiting() -> list[Case]:
    """The cases complaints from the public opened that nobody has yet, oldest first."""
    from sanitas.casework.services import COMPLAINTS

    return list(
        Case.objects.filter(requirement=COMPLAINTS, assignee__isnull=True).order_by(
            "opened_at", "id"
        )
    )


def my_obligations(user: Any) -> list[tuple[str, str]]:
    """The (subject, requirement) of every case assigned to ``user``."""
    return list(Case.objects.filter(assignee=user).values_list("subject", "requirement"))


def assignable_users() -> list[Any]:
    """Who may be given a case: active users in a role that works cases."""
    acting = [group for group, granted in GRANTS.items() if "cases.work" in granted]
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


# --------------------------------------------------------------------------- inspections


def place_of(subject: str) -> Place | None:
    """What a visit of ``subject`` attaches its facts to: the subject, its
    establishment and premises, the grease interceptors installed there and the
    permits of the premises, each with its title (None: no such live record)."""
    from sanitas.records.models import RECORD_MODELS, RecordIndex

    index = RecordIndex.objects.filter(key=subject, voided=False).first()
    if index is None:
        return None
    record = RECORD_MODELS[index.fact_type].objects.get(key=subject)
    establishment = premises = ""
    if index.fact_type == "establishment":
        establishment, premises = subject, record.premises or ""
    elif index.fact_type == "premises":
        premises = subject
    elif index.fact_type == "permit":
        premises = record.premises or ""
    devices: list[str] = []
    if establishment:
        devices = list(
            RECORD_MODELS["device"]
            .objects.filter(
                establishment=establishment,
                kind="grease_interceptor",
                voided_at__isnull=True,
                removed_on__isnull=True,
            )
            .order_by("key")
            .values_list("key", flat=True)
        )
    permits: list[str] = [subject] if index.fact_type == "permit" else []
    if premises and not permits:
        permits = list(
            RECORD_MODELS["permit"]
            .objects.filter(premises=premises, voided_at__isnull=True)
            .order_by("-issued_on", "key")
            .values_list("key", flat=True)
        )
    named = titles([*devices, *permits])
    return Place(
        subject=subject,
        fact_type=index.fact_type,
        establishment=establishment,
        premises=premises,
        interceptors=tuple((k, named[k].text if k in named else k) for k in devices),
        permits=tuple((k, named[k].text if k in named else k) for k in permits),
    )


def visit(pk: int) -> InspectionVisit | None:
    return (
        InspectionVisit.objects.select_related("started_by", "signature__recorded_by")
        .filter(pk=pk)
        .first()
    )


def visits_about(subjects: list[str]) -> list[InspectionVisit]:
    """The visits of any of ``subjects``, with their photos and signature, oldest
    first: what a business's or a premises' timeline shows of the inspections (three
    queries however many visits)."""
    if not subjects:
        return []
    return list(
        InspectionVisit.objects.filter(subject__in=subjects)
        .select_related("started_by", "signature__recorded_by")
        .prefetch_related("photos__taken_by")
        .order_by("started_at", "id")
    )


def photos_of(visit: InspectionVisit) -> list[Photo]:
    return list(visit.photos.select_related("taken_by").order_by("uploaded_at", "id"))


def signature_of(visit: InspectionVisit) -> Signature | None:
    return Signature.objects.select_related("recorded_by").filter(visit=visit).first()


@dataclass
class VisitFindingRow:
    status: str
    requirement: str
    requirement_title: str
    subject: Title
    due: str
    period: str
    explanation: str
    #: what the engine said, as a message (None where the rule writes its sentence)
    message: dict | None
    #: the finding rests on this visit (its period is the visit's day, or its
    #: requirement was marked observed on it)
    from_visit: bool


@dataclass
class VisitFindings:
    visit: InspectionVisit
    subject: Title
    as_of: date | None
    rows: list[VisitFindingRow]

    @property
    def from_visit(self) -> list[VisitFindingRow]:
        return [r for r in self.rows if r.from_visit]

    @property
    def still_open(self) -> list[VisitFindingRow]:
        from sanitas.kit.selectors import OPEN_STATUSES

        return [r for r in self.rows if not r.from_visit and r.status in OPEN_STATUSES]

    @property
    def closed_count(self) -> int:
        return len(self.rows) - len(self.from_visit) - len(self.still_open)


def _rests_on_visit(finding: Any, day: str, marked: set[str]) -> bool:
    """Whether a finding rests on what a visit of ``day`` recorded: it speaks of that
    day's inspection or observation (the engine's explanations name the day), and
    is about a requirement the visit marked, measured (its period is the day) or
    an inspection's refusal."""
    said = finding.explanation  # the English of a row of the subject's page
    if day not in said:
        return False
    return finding.requirement in marked or finding.period == day or "inspect" in said.lower()


def visit_findings(user: Any, *, visit: InspectionVisit, today: date) -> VisitFindings:
    """The findings about the visited subject and the records that name it as of the
    visit's day: the stored ones (what the worklist shows) while the worklist speaks
    for that day, else evaluated as of it; those the visit gave rise to first."""
    from sanitas.kit.selectors import SEVERITY, subject_page, worklist_date

    as_of = None if visit.visit_date == worklist_date() else visit.visit_date
    page = subject_page(user, key=visit.subject, as_of=as_of, today=today)
    findings = page.findings if page is not None else []
    marked = set()
    for step in (visit.answers or {}).values():
        marked.update(step.get("violations") or [])
    day = visit.visit_date.isoformat()
    named = titles([visit.subject, *(f.subject for f in findings)])
    rows = [
        VisitFindingRow(
            status=f.status,
            requirement=f.requirement,
            requirement_title=title(f.requirement),
            subject=named.get(f.subject) or Title(f.subject, "", f.subject),
            due=f.due,
            period=f.period,
            explanation=f.explanation,
            message=f.message,
            from_visit=_rests_on_visit(f, day, marked),
        )
        for f in findings
    ]
    rows.sort(key=lambda r: (not r.from_visit, SEVERITY.get(r.status, 9), r.due))
    return VisitFindings(
        visit=visit,
        subject=named.get(visit.subject) or Title(visit.subject, "", visit.subject),
        as_of=as_of or (page.findings_as_of if page is not None else None),
        rows=rows,
    )
