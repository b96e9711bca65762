"""The staff shell's writes: a record form's submission, once.

The records are written by ``sanitas.records.services`` (the one writer of records,
which evaluates the touched groups in the same transaction), in one call; this keeps the
form's one-time token in that transaction once the write is done, so that a page
submitted twice stores one record. A change or a void names the version of the record
its form was opened from: made from an older one, it is refused with the other change
described (:class:`~sanitas.records.services.StaleVersion`), the token left unused, and
nothing stored."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from sanitas.records.services import (
    RecordError,
    RecordResult,
    StaleVersion,
    record_facts,
    void_record,
)

__all__ = [
    "AlreadySubmitted",
    "StaleVersion",
    "record_batch_from_form",
    "record_from_form",
    "void_from_form",
]
from sanitas.web.models import FormSubmission


class AlreadySubmitted(Exception):
    """The form's token was used already: nothing more is stored."""

    def __init__(self, submission: FormSubmission) -> None:
        self.submission = submission
        super().__init__(f"form {submission.token} was submitted already")


def _refuse_if_used(token: str) -> None:
    """A token kept already: the page was submitted before (:class:`AlreadySubmitted`)."""
    used = FormSubmission.objects.filter(token=token).first()
    if used is not None:
        raise AlreadySubmitted(used)


def _keep_token(token: str, actor: str, next_url: str, keys: list[str]) -> FormSubmission:
    """Keep ``token`` as used, with the keys its write stored, in the write's
    transaction. The write took the records' lock, so a second submission of the page
    waited for the first to commit and finds its token here, and its own write is
    undone with the refusal (the token is unique, which settles any race)."""
    try:
        with transaction.atomic():
            return FormSubmission.objects.create(
                token=token, actor=actor, next_url=next_url, keys=keys
            )
    except IntegrityError:
        raise AlreadySubmitted(FormSubmission.objects.get(token=token)) from None


@transaction.atomic
def record_from_form(
    *,
    token: str,
    raw_fact: dict[str, Any],
    actor: str,
    why: str,
    next_url: str = "",
    editing: str = "",
    version: str | None = None,
) -> RecordResult:
    """Record one fact from a form, once per ``token``, and evaluate the groups it
    touched before returning (``FactsError``/``RecordError`` as the records' service
    raises them; :class:`AlreadySubmitted` for a token used before). A change of the
    record ``editing`` names the ``version`` its form was opened from (required):
    :class:`StaleVersion` when the record changed since."""
    _refuse_if_used(token)
    result = record_facts(
        raw_facts=[raw_fact],
        actor=actor,
        why=why,
        source="form",
        versions_from={editing: version} if editing and version else None,
        versions_required=bool(editing),
    )
    _keep_token(token, actor, next_url, result.keys)
    return result


@transaction.atomic
def record_batch_from_form(
    *,
    token: str,
    raw_facts: list[dict[str, Any]],
    actor: str,
    why: str,
    versions_from: dict[str, str],
    next_url: str = "",
) -> RecordResult:
    """Record several facts from one form together, once per ``token`` (a change of
    the records ``versions_from`` names, made from those versions, and the new records
    it brings: an inspection's result and the inspection the law reads), and evaluate
    the groups they touched before returning; :class:`StaleVersion` when a changed
    record changed since."""
    _refuse_if_used(token)
    result = record_facts(
        raw_facts=raw_facts,
        actor=actor,
        why=why,
        source="form",
        versions_from=versions_from,
        versions_required=True,
    )
    _keep_token(token, actor, next_url, result.keys)
    return result


@transaction.atomic
def void_from_form(
    *, token: str, key: str, actor: str, why: str, next_url: str = "", version: str | None = None
) -> set[str]:
    """Void one record from a form, once per ``token``, and evaluate again; refused
    (:class:`StaleVersion`) when the record changed after ``version``, the one the
    void page was opened at."""
    _refuse_if_used(token)
    try:
        touched = void_record(key=key, actor=actor, why=why, version=version)
    except RecordError:
        # a second submission that waited for the first finds the record voided by it
        _refuse_if_used(token)
        raise
    _keep_token(token, actor, next_url, [key])
    return touched
