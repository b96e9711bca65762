"""The only code that writes cases and notes. Each function is one transaction,
keyword-only, with the signed-in user as ``actor``; each change is kept in the
history with who made it and why."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from sanitas.casework.models import Case, Note
from sanitas.staff import selectors as staff_selectors
from sanitas.web.permissions import WORK, may

NOTE_LIMIT = 5000


class CaseworkError(ValueError):
    """A case action that cannot be done, in words for the person who tried it."""


def _check_actor(actor: Any) -> None:
    if not may(actor, WORK):
        raise CaseworkError(f"{actor.get_username()} may not act on cases (their role reads only).")


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
def assign_case(*, subject: str, requirement: str, assignee: Any | None, actor: Any) -> Case:
    """Give the case to ``assignee`` (None: take it back to unassigned)."""
    _check_actor(actor)
    if assignee is not None and not may(assignee, WORK):
        raise CaseworkError(f"{assignee.get_username()} is not in a role that works cases.")
    case = _case(subject=subject, requirement=requirement, actor=actor)
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
    *, obligations: Iterable[tuple[str, str]], assignee: Any | None, actor: Any
) -> list[Case]:
    """Several cases to one person at once (the worklist's bulk select): all or none."""
    return [
        assign_case(subject=subject, requirement=requirement, assignee=assignee, actor=actor)
        for subject, requirement in dict.fromkeys(obligations)
    ]


@transaction.atomic
def add_note(*, subject: str, requirement: str, text: str, actor: Any) -> Note:
    """A note on the case, kept as written."""
    _check_actor(actor)
    text = text.strip()
    if not text:
        raise CaseworkError("A note needs some text.")
    if len(text) > NOTE_LIMIT:
        raise CaseworkError(f"A note holds at most {NOTE_LIMIT} characters.")
    case = _case(subject=subject, requirement=requirement, actor=actor)
    note = Note(case=case, text=text, written_by=actor)
    note._history_user = actor
    note.save()
    return note
