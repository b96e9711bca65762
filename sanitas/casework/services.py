"""The only code that writes cases and notes. Each function is one transaction,
keyword-only, with the signed-in user as ``actor``; each change is kept in the
history with who made it and why.

An assignment and a note name the version of the case the page showed
(:func:`case_version`: its latest version and its latest note). Under the case's row
lock, one made from an older version stores nothing (:class:`StaleCase`), so that
nobody reassigns a case, or writes a note, without seeing what another person did to
it meanwhile; the bulk assignment from the worklist names the assignee each line
showed, and refuses a line assigned since to someone else."""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from sanitas.access.policy import allows
from sanitas.casework import evidence
from sanitas.casework.inspection import VISIT_KINDS, visit_facts
from sanitas.casework.models import Case, InspectionVisit, Note, Photo, Signature
from sanitas.kit import selectors as staff_selectors
from sanitas.ordinance.facts import FactsError
from sanitas.records.services import RecordError, problems_of, record_facts

NOTE_LIMIT = 5000


class CaseworkError(ValueError):
    """A case action that cannot be done, in words for the person who tried it."""


@dataclass(frozen=True)
class CaseChange:
    """One thing done to a case after the version a change was made from."""

    at: Any
    who: Any  # the account, or None for one no longer known
    what: str  # "assigned to juan", "unassigned", "opened", "wrote a note"
    text: str = ""


class StaleCase(CaseworkError):
    """A change made from a version of the case that is no longer its latest: nothing
    is stored. ``since`` says what was done to it meanwhile (oldest first) and
    ``version`` is its version now."""

    def __init__(self, *, since: list[CaseChange], version: str) -> None:
        self.since, self.version = since, version
        done = "; ".join(f"{_name(c.who)} {c.what}" for c in since) or "it changed"
        super().__init__(f"The case changed after you opened it ({done}): nothing was saved.")


def _name(user: Any) -> str:
    if user is None:
        return "someone"
    return user.get_full_name() or user.get_username()


def case_version(*, subject: str, requirement: str) -> str:
    """The version of the case of (subject, requirement) as it stands: the id of its
    latest version and of its latest note ("case.0.0" for a case not yet opened)."""
    case = Case.objects.filter(subject=subject, requirement=requirement).first()
    if case is None:
        return "case.0.0"
    latest = case.history.aggregate(latest=Max("history_id"))["latest"] or 0
    note = case.notes.aggregate(latest=Max("id"))["latest"] or 0
    return f"case.{latest}.{note}"


def _parse(version: str) -> tuple[int, int] | None:
    parts = str(version).split(".")
    if len(parts) != 3 or parts[0] != "case" or not all(p.isdigit() for p in parts[1:]):
        return None
    return int(parts[1]), int(parts[2])


def changes_since(*, subject: str, requirement: str, version: str) -> list[CaseChange]:
    """What was done to the case after ``version``, oldest first."""
    case = Case.objects.filter(subject=subject, requirement=requirement).first()
    if case is None:
        return []
    history, note = _parse(version) or (0, 0)
    from django.contrib.auth import get_user_model

    rows = list(case.history.filter(history_id__gt=history).order_by("history_id"))
    notes = list(case.notes.filter(id__gt=note).select_related("written_by").order_by("id"))
    ids = {r.history_user_id for r in rows if r.history_user_id is not None}
    users = get_user_model().objects.in_bulk(ids)
    changes = [
        CaseChange(r.history_date, users.get(r.history_user_id), r.history_change_reason or "")
        for r in rows
    ]
    changes += [CaseChange(n.written_at, n.written_by, "wrote a note", n.text) for n in notes]
    changes.sort(key=lambda c: c.at)
    return changes


def _reassigned_words(case: Case, requirement: str, subject: str, shown: str) -> str:
    """A bulk assignment refused because a line's case changed hands after the worklist
    showed it: who has it now, who gave it to them and when."""
    from sanitas.kit.dates import people_date

    now = case.assignee.get_username() if case.assignee_id else ""
    last = (
        case.history.filter(
            Q(history_change_reason__startswith="assigned to ")
            | Q(history_change_reason="unassigned")
        )
        .order_by("-history_id")
        .first()
    )
    by = ""
    if last is not None:
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(pk=last.history_user_id).first()
        by = f" by {_name(user)} on {people_date(last.history_date)}"
    held = f"assigned to {now}" if now else "unassigned"
    return (
        f"The case of {requirement} about {subject} was {held}{by}, after the worklist showed "
        f"{shown or 'nobody'} on it: nothing was assigned. Open the worklist again to see it."
    )


def _check_version(*, subject: str, requirement: str, version: str | None) -> None:
    """Refuse (:class:`StaleCase`) a change made from another version of the case than
    its latest; None is a change that names none (the worklist's bulk assignment,
    which names the assignee each line showed instead)."""
    if version is None:
        return
    # the case's row, locked until the write commits: two changes of it take turns
    Case.objects.select_for_update().filter(subject=subject, requirement=requirement).first()
    now = case_version(subject=subject, requirement=requirement)
    if version != now:
        raise StaleCase(
            since=changes_since(subject=subject, requirement=requirement, version=version),
            version=now,
        )


def _check_actor(actor: Any) -> None:
    if not allows(actor, "cases.work"):
        raise CaseworkError(f"{actor.get_username()} may not act on cases (not their role's work).")


def _case(*, subject: str, requirement: str, actor: Any) -> Case:
    """The case of (subject, requirement), opened if need be; only for an obligation
    the engine has findings about."""
    case = Case.objects.select_for_update().filter(subject=subject, requirement=requirement).first()
    if case is not None:
        return case
    if not staff_selectors.case_has_findings(subject=subject, requirement=requirement):
        raise CaseworkError(f"There are no findings of {requirement} about {subject}.")
    case = Case(subject=subject, requirement=requirement, opened_by=actor.get_username())
    case._history_user = actor
    case._change_reason = "opened"
    case.save()
    return case


@transaction.atomic
def assign_case(
    *,
    subject: str,
    requirement: str,
    assignee: Any | None,
    actor: Any,
    version: str | None = None,
    shown: str | None = None,
) -> Case:
    """Give the case to ``assignee`` (None: take it back to unassigned). ``version`` is
    the version of the case the page showed (:class:`StaleCase` if it changed since);
    ``shown`` the user name of the assignee a worklist line showed ("" for nobody):
    refused if the case is someone else's now."""
    _check_actor(actor)
    if assignee is not None and not allows(assignee, "cases.work"):
        raise CaseworkError(f"{assignee.get_username()} is not in a role that works cases.")
    _check_version(subject=subject, requirement=requirement, version=version)
    case = _case(subject=subject, requirement=requirement, actor=actor)
    if shown is not None:
        now = case.assignee.get_username() if case.assignee_id else ""
        if now != shown and case.assignee_id != (assignee.pk if assignee is not None else None):
            raise CaseworkError(_reassigned_words(case, requirement, subject, shown))
    if case.assignee_id == (assignee.pk if assignee is not None else None):
        return case
    case.assignee = assignee
    case._history_user = actor
    case._change_reason = (
        f"assigned to {assignee.get_username()}" if assignee is not None else "unassigned"
    )
    case.save()
    return case


@transaction.atomic
def assign_cases(
    *,
    obligations: Iterable[tuple[str, str]],
    assignee: Any | None,
    actor: Any,
    shown: dict[tuple[str, str], str] | None = None,
) -> list[Case]:
    """Several cases to one person at once (the worklist's bulk select): all or none.
    ``shown`` is the assignee each line showed: a case assigned since to someone else
    refuses the whole batch, naming it."""
    return [
        assign_case(
            subject=subject,
            requirement=requirement,
            assignee=assignee,
            actor=actor,
            shown=(shown or {}).get((subject, requirement)),
        )
        for subject, requirement in dict.fromkeys(obligations)
    ]


@transaction.atomic
def add_note(
    *, subject: str, requirement: str, text: str, actor: Any, version: str | None = None
) -> Note:
    """A note on the case, kept as written; refused (:class:`StaleCase`) when the case
    changed after ``version``, the one the page showed."""
    _check_actor(actor)
    text = text.strip()
    if not text:
        raise CaseworkError("A note needs some text.")
    if len(text) > NOTE_LIMIT:
        raise CaseworkError(f"A note holds at most {NOTE_LIMIT} characters.")
    _check_version(subject=subject, requirement=requirement, version=version)
    case = _case(subject=subject, requirement=requirement, actor=actor)
    note = Note(case=case, text=text, written_by=actor)
    note._history_user = actor
    note.save()
    return note


# --------------------------------------------------------------------------- inspections


class InspectionError(ValueError):
    """An inspection action that cannot be done; ``problems`` (one line each, naming
    the record and field) when the facts it would record do not validate, and
    ``field`` when it is about one field of the form."""

    def __init__(self, message: str, *, problems: list[str] | None = None, field: str = ""):
        super().__init__(message)
        self.problems = problems or [message]
        self.field = field


def may_inspect(user: Any, kind: str) -> bool:
    """Whether it is ``user``'s job to make a visit of ``kind`` (a supervisor's is
    every kind; an auditor's none)."""
    return allows(user, "inspections.make", VISIT_KINDS[kind])


def _check_inspector(actor: Any, kind: str) -> None:
    if kind not in VISIT_KINDS:
        raise InspectionError(f"There is no kind of visit called {kind!r}.")
    if not may_inspect(actor, kind):
        raise InspectionError(
            f"{actor.get_username()} may not make a {VISIT_KINDS[kind].title} "
            "(it is another role's work)."
        )


def _draft(visit: InspectionVisit) -> InspectionVisit:
    locked = InspectionVisit.objects.select_for_update().get(pk=visit.pk)
    if locked.state != InspectionVisit.DRAFT:
        raise InspectionError(
            f"The visit of {locked.visit_date} is finished; what it recorded no longer changes."
        )
    return locked


@transaction.atomic
def start_visit(*, kind: str, subject: str, visit_date: date, actor: Any) -> InspectionVisit:
    """A new draft visit of ``subject`` by ``actor``."""
    from sanitas.casework.selectors import place_of

    _check_inspector(actor, kind)
    spec = VISIT_KINDS[kind]
    place = place_of(subject)
    if place is None:
        raise InspectionError(f"No live record is called {subject!r}.")
    if place.fact_type not in spec.subject_types:
        raise InspectionError(
            f"A {spec.title} starts from a {' or a '.join(spec.subject_types)}, "
            f"not from a {place.fact_type}."
        )
    if visit_date > timezone.localdate():
        raise InspectionError("A visit cannot be dated in the future.", field="visit_date")
    visit = InspectionVisit(kind=kind, subject=subject, visit_date=visit_date, started_by=actor)
    visit._history_user = actor
    visit._change_reason = "started"
    visit.save()
    return visit


@transaction.atomic
def save_step(
    *, visit: InspectionVisit, step: str, answers: dict[str, Any], actor: Any
) -> InspectionVisit:
    """Keep one step's answers on the draft (each save a version in the history)."""
    _check_inspector(actor, visit.kind)
    visit = _draft(visit)
    if VISIT_KINDS[visit.kind].step(step) is None:
        raise InspectionError(f"A {visit.get_kind_display()} has no step {step!r}.")
    visit.answers = {**(visit.answers or {}), step: answers}
    visit._history_user = actor
    visit._change_reason = f"answered {step}"
    visit.save()
    return visit


@transaction.atomic
def add_photo(
    *, visit: InspectionVisit, data: bytes, file_name: str, caption: str, actor: Any
) -> Photo:
    """Keep a photograph of the visit: its bytes untouched under their SHA-256, and
    who took it and when (the camera's time when the file has it)."""
    _check_inspector(actor, visit.kind)
    visit = _draft(visit)
    try:
        content_type, taken_at = evidence.examine_image(data)
    except evidence.EvidenceError as exc:
        raise InspectionError(str(exc), field="photo") from None
    sha256 = hashlib.sha256(data).hexdigest()
    if visit.photos.filter(sha256=sha256).exists():
        raise InspectionError("This photo is already kept with the visit.", field="photo")
    evidence.store("photos", data)
    now = timezone.now()
    photo = Photo(
        visit=visit,
        sha256=sha256,
        size=len(data),
        content_type=content_type,
        taken_at=taken_at or now,
        taken_at_from_camera=taken_at is not None,
        taken_by=actor,
        uploaded_at=now,
        caption=caption.strip()[:300],
        file_name=(file_name or "")[:255],
    )
    photo._history_user = actor
    photo._change_reason = "taken"
    photo.save()
    return photo


@transaction.atomic
def void_photo(*, photo: Photo, why: str, actor: Any) -> Photo:
    """Set a mistaken photo aside with a reason; it and its bytes are kept."""
    _check_inspector(actor, photo.visit.kind)
    why = why.strip()
    if not why:
        raise InspectionError("Say why the photo is voided.", field="why")
    photo = Photo.objects.select_for_update().get(pk=photo.pk)
    if photo.voided_at is not None:
        raise InspectionError("The photo is already void.")
    photo.voided_at = timezone.now()
    photo.voided_by = actor.get_username()
    photo.voided_why = why
    photo._history_user = actor
    photo._change_reason = f"voided: {why}"
    photo.save()
    return photo


def _drawing_bytes(drawing: str) -> bytes:
    prefix = "data:image/png;base64,"
    if not drawing.startswith(prefix):
        raise InspectionError(
            "The drawn signature could not be read; draw it again.", field="drawing"
        )
    try:
        data = base64.b64decode(drawing[len(prefix) :], validate=True)
    except (binascii.Error, ValueError):
        raise InspectionError(
            "The drawn signature could not be read; draw it again.", field="drawing"
        ) from None
    try:
        content_type, _ = evidence.examine_image(data, limit=evidence.SIGNATURE_LIMIT)
    except evidence.EvidenceError as exc:
        raise InspectionError(f"The drawn signature: {exc}", field="drawing") from None
    if content_type != "image/png":
        raise InspectionError("The drawn signature must be a PNG image.", field="drawing")
    return data


@transaction.atomic
def sign(
    *,
    visit: InspectionVisit,
    signer_name: str,
    drawing: str,
    refused: bool,
    note: str,
    actor: Any,
) -> Signature:
    """The person on site signs (a drawing on the screen, or their typed name), or
    their refusal is noted. Once given it is kept as it was."""
    _check_inspector(actor, visit.kind)
    visit = _draft(visit)
    if Signature.objects.filter(visit=visit).exists():
        raise InspectionError("The visit is already signed (or the refusal noted).")
    signer_name = signer_name.strip()
    if not refused and not signer_name:
        raise InspectionError(
            "Type the name of the person who signs, or note that they refused.",
            field="signer_name",
        )
    data = _drawing_bytes(drawing) if drawing and not refused else b""
    sha256 = evidence.store("signatures", data) if data else ""
    signature = Signature(
        visit=visit,
        signer_name=signer_name,
        signed_at=timezone.now(),
        refused=refused,
        note=note.strip(),
        sha256=sha256,
        size=len(data),
        recorded_by=actor,
    )
    signature._history_user = actor
    signature._change_reason = "refused to sign" if refused else "signed"
    signature.save()
    return signature


@transaction.atomic
def finish_visit(*, visit: InspectionVisit, actor: Any) -> InspectionVisit:
    """Record the facts the visit's answers amount to, with the findings of the
    groups they touch evaluated again, and close the visit: all in one
    transaction, so that the worklist shows what the visit found the moment it
    is finished, or nothing was recorded."""
    from sanitas.casework.selectors import place_of

    _check_inspector(actor, visit.kind)
    visit = _draft(visit)
    spec = VISIT_KINDS[visit.kind]
    place = place_of(visit.subject)
    if place is None:
        raise InspectionError(f"The record {visit.subject!r} visited is no longer live.")
    if spec.slug == "storage" and not place.premises:
        raise InspectionError(
            f"{visit.subject} has no premises on record: accumulations and set-outs are "
            "recorded at a premises."
        )
    missing = [
        step.title
        for step in spec.steps
        if step.kind == "form" and step.slug not in (visit.answers or {})
    ]
    if missing:
        raise InspectionError(f"Answer these steps first: {', '.join(missing)}.")
    inspector = actor.get_full_name() or actor.get_username()
    raw = visit_facts(
        kind=spec,
        visit_id=visit.pk,
        day=visit.visit_date,
        place=place,
        answers=visit.answers,
        inspector=inspector,
    )
    try:
        result = record_facts(
            raw_facts=raw,
            actor=actor.get_username(),
            why=f"{spec.title} of {visit.visit_date}",
            source=f"inspection visit {visit.pk}",
        )
    except (FactsError, RecordError) as exc:
        raise InspectionError(
            "The visit's answers could not be recorded.", problems=problems_of(exc)
        ) from None
    visit.recorded_keys = list(result.keys)
    visit.state = InspectionVisit.FINISHED
    visit.finished_at = timezone.now()
    visit._history_user = actor
    visit._change_reason = "finished"
    visit.save()
    return visit
