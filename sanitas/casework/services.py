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
from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from sanitas.access.policy import allows
from sanitas.casework import evidence
from sanitas.casework.inspection import VISIT_KINDS, visit_facts
from sanitas.casework.models import Case, InspectionVisit, Note, Photo, Signature
from sanitas.kit import selectors as staff_selectors
from sanitas.ordinance.facts import FactsError
from sanitas.records.services import RecordError, problems_of, record_facts

NOTE_LIMIT = 5000
#: the requirement of a case a complaint from the public opened, and its subjects' prefix
#: (the complaint's tracking code follows it)
COMPLAINTS = "ORG-COMPLAINTS"
COMPLAINT_PREFIX = "complaint:"


class CaseworkError(ValueError):
    """A case action that cannot be done, in words for the person who tried it (in the
    language active when it is raised: the request's on a page, English elsewhere)."""


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
        done = _("; ").join(
            _("%(who)s %(what)s") % {"who": _name(c.who), "what": _what_words(c.what)}
            for c in since
        )
        super().__init__(
            _("The case changed after you opened it (%(done)s): nothing was saved.")
            % {"done": done or _("it changed")}
        )


def _name(user: Any) -> str:
    if user is None:
        return _("someone")
    return user.get_full_name() or user.get_username()


def _what_words(what: str) -> str:
    """What a :class:`CaseChange` did (its stored reason, kept in English in the case's
    history) in the active language."""
    if what.startswith("assigned to "):
        return _("assigned to %(who)s") % {"who": what.removeprefix("assigned to ")}
    known = {
        "unassigned": _("unassigned"),
        "opened": _("opened"),
        "wrote a note": _("wrote a note"),
    }
    return known.get(what, what)


def _locale() -> str:
    """The active language as Babel names its locale ("es", "zh_Hant"); "" for English."""
    code = translation.get_language() or "en"
    return "" if code.split("-")[0] == "en" else translation.to_locale(code)


def _when(value: Any, *, english: str) -> str:
    """A day or a time in the active language's own form (Babel's long date, and its
    short time after a comma); ``english``, as the English sentences always said it."""
    locale = _locale()
    if not locale:
        return english
    from babel.dates import format_date, format_time

    if isinstance(value, datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        day = format_date(value.date(), format="long", locale=locale)
        return f"{day}, {format_time(value.time(), format='short', locale=locale)}"
    return format_date(value, format="long", locale=locale)


def _listing(items: list[str]) -> str:
    """Items listed in the active language ("a, b" in English, as always)."""
    locale = _locale()
    if not locale or not items:
        return ", ".join(items)
    from babel.lists import format_list

    return format_list(items, locale=locale)


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
        by = _name(user)
        day = _when(last.history_date, english=people_date(last.history_date))
    words = {
        "requirement": requirement,
        "subject": subject,
        "now": now,
        "shown": shown or _("nobody"),
    }
    if by and now:
        said = _(
            "The case of %(requirement)s about %(subject)s was assigned to %(now)s by %(by)s "
            "on %(day)s, after the worklist showed %(shown)s on it: nothing was assigned. "
            "Open the worklist again to see it."
        )
    elif by:
        said = _(
            "The case of %(requirement)s about %(subject)s was unassigned by %(by)s on "
            "%(day)s, after the worklist showed %(shown)s on it: nothing was assigned. Open "
            "the worklist again to see it."
        )
    elif now:
        said = _(
            "The case of %(requirement)s about %(subject)s was assigned to %(now)s, after the "
            "worklist showed %(shown)s on it: nothing was assigned. Open the worklist again "
            "to see it."
        )
    else:
        said = _(
            "The case of %(requirement)s about %(subject)s was unassigned, after the "
            "worklist showed %(shown)s on it: nothing was assigned. Open the worklist again "
            "to see it."
        )
    return said % ({**words, "by": by, "day": day} if by else words)


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
        raise CaseworkError(
            _("%(user)s may not act on cases (not their role's work).")
            % {"user": actor.get_username()}
        )


def _case(*, subject: str, requirement: str, actor: Any) -> Case:
    """The case of (subject, requirement), opened if need be; only for an obligation
    the engine has findings about."""
    case = Case.objects.select_for_update().filter(subject=subject, requirement=requirement).first()
    if case is not None:
        return case
    if not staff_selectors.case_has_findings(subject=subject, requirement=requirement):
        raise CaseworkError(
            _("There are no findings of %(requirement)s about %(subject)s.")
            % {"requirement": requirement, "subject": subject}
        )
    case = Case(subject=subject, requirement=requirement, opened_by=actor.get_username())
    case._history_user = actor
    case._change_reason = "opened"
    case.save()
    return case


@transaction.atomic
def open_case_for_complaint(*, subject: str, requirement: str, filed_by: str) -> Case:
    """The case a complaint from the public opens: the complaint is what is to be
    investigated, so the case needs no finding yet, and nobody on the staff opened it
    (``filed_by`` says who did, e.g. "the public (Open311)"). Opening it again returns
    the case as it stands."""
    case = Case.objects.select_for_update().filter(subject=subject, requirement=requirement).first()
    if case is not None:
        return case
    case = Case(subject=subject, requirement=requirement, opened_by=filed_by[:150])
    case._change_reason = "opened"
    case.save()
    return case


@transaction.atomic
def case_of_complaint_closed(*, subject: str, requirement: str, note: str, actor: Any) -> None:
    """The staff member who closed a complaint says so on its case, with the closing
    words the complainant is told."""
    _check_actor(actor)
    case = _case_of(subject=subject, requirement=requirement)
    written = Note(case=case, text=note.strip() or _("Complaint closed."), written_by=actor)
    written._history_user = actor
    written.save()


def _case_of(*, subject: str, requirement: str) -> Case:
    case = Case.objects.select_for_update().filter(subject=subject, requirement=requirement).first()
    if case is None:
        raise CaseworkError(
            _("There is no case of %(requirement)s about %(subject)s.")
            % {"requirement": requirement, "subject": subject}
        )
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
        raise CaseworkError(
            _("%(user)s is not in a role that works cases.") % {"user": assignee.get_username()}
        )
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
        raise CaseworkError(_("A note needs some text."))
    if len(text) > NOTE_LIMIT:
        raise CaseworkError(
            ngettext(
                "A note holds at most %(limit)s character.",
                "A note holds at most %(limit)s characters.",
                NOTE_LIMIT,
            )
            % {"limit": NOTE_LIMIT}
        )
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
        raise InspectionError(
            _("There is no kind of visit called %(kind)s.") % {"kind": repr(kind)}
        )
    if not may_inspect(actor, kind):
        raise InspectionError(
            _("%(user)s may not make a %(visit)s (it is another role's work).")
            % {"user": actor.get_username(), "visit": VISIT_KINDS[kind].said}
        )


def _draft(visit: InspectionVisit) -> InspectionVisit:
    locked = InspectionVisit.objects.select_for_update().get(pk=visit.pk)
    if locked.state != InspectionVisit.DRAFT:
        raise InspectionError(
            _("The visit of %(day)s is finished; what it recorded no longer changes.")
            % {"day": _when(locked.visit_date, english=str(locked.visit_date))}
        )
    return locked


#: the kinds of record a visit starts from, as its refusals name them
_RECORD_KINDS = {
    "establishment": pgettext_lazy("a kind of record", "establishment"),
    "premises": pgettext_lazy("a kind of record", "premises"),
    "permit": pgettext_lazy("a kind of record", "permit"),
}


def _starts_from(spec: Any, found: str) -> str:
    """ "A FOG inspection starts from a establishment, not from a premises." """

    def named(kind: str) -> str:
        return str(_RECORD_KINDS.get(kind, kind))

    kinds = [named(k) for k in spec.subject_types]
    words = {"visit": spec.title, "first": kinds[0], "found": named(found)}
    if len(kinds) == 1:
        return _("A %(visit)s starts from a %(first)s, not from a %(found)s.") % words
    return _("A %(visit)s starts from a %(first)s or a %(second)s, not from a %(found)s.") % {
        **words,
        "first": _listing(kinds[:-1]),
        "second": kinds[-1],
    }


@transaction.atomic
def start_visit(*, kind: str, subject: str, visit_date: date, actor: Any) -> InspectionVisit:
    """A new draft visit of ``subject`` by ``actor``."""
    from sanitas.casework.selectors import place_of

    _check_inspector(actor, kind)
    spec = VISIT_KINDS[kind]
    place = place_of(subject)
    if place is None:
        raise InspectionError(_("No live record is called %(key)s.") % {"key": repr(subject)})
    if place.fact_type not in spec.subject_types:
        raise InspectionError(_starts_from(spec, place.fact_type))
    if visit_date > timezone.localdate():
        raise InspectionError(_("A visit cannot be dated in the future."), field="visit_date")
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
        raise InspectionError(
            _("A %(visit)s has no step %(step)s.")
            % {"visit": visit.get_kind_display(), "step": repr(step)}
        )
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
        raise InspectionError(_("This photo is already kept with the visit."), field="photo")
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
        raise InspectionError(_("Say why the photo is voided."), field="why")
    photo = Photo.objects.select_for_update().get(pk=photo.pk)
    if photo.voided_at is not None:
        raise InspectionError(_("The photo is already void."))
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
            _("The drawn signature could not be read; draw it again."), field="drawing"
        )
    try:
        data = base64.b64decode(drawing[len(prefix) :], validate=True)
    except (binascii.Error, ValueError):
        raise InspectionError(
            _("The drawn signature could not be read; draw it again."), field="drawing"
        ) from None
    try:
        content_type, _taken = evidence.examine_image(data, limit=evidence.SIGNATURE_LIMIT)
    except evidence.EvidenceError as exc:
        raise InspectionError(
            _("The drawn signature: %(problem)s") % {"problem": exc}, field="drawing"
        ) from None
    if content_type != "image/png":
        raise InspectionError(_("The drawn signature must be a PNG image."), field="drawing")
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
        raise InspectionError(_("The visit is already signed (or the refusal noted)."))
    signer_name = signer_name.strip()
    if not refused and not signer_name:
        raise InspectionError(
            _("Type the name of the person who signs, or note that they refused."),
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
        raise InspectionError(
            _("The record %(key)s visited is no longer live.") % {"key": repr(visit.subject)}
        )
    if spec.slug == "storage" and not place.premises:
        raise InspectionError(
            _(
                "%(subject)s has no premises on record: accumulations and set-outs are "
                "recorded at a premises."
            )
            % {"subject": visit.subject}
        )
    missing = [
        str(step.title)
        for step in spec.steps
        if step.kind == "form" and step.slug not in (visit.answers or {})
    ]
    if missing:
        raise InspectionError(
            _("Answer these steps first: %(steps)s.") % {"steps": _listing(missing)}
        )
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
            _("The visit's answers could not be recorded."), problems=problems_of(exc)
        ) from None
    visit.recorded_keys = list(result.keys)
    visit.state = InspectionVisit.FINISHED
    visit.finished_at = timezone.now()
    visit._history_user = actor
    visit._change_reason = "finished"
    visit.save()
    return visit
