"""A document's terms and its service: the records' one call for each.

The notices app asks here, once, what a document says (:func:`document_terms`, for a
draft's preview) or to serve it (:func:`serve_document`): this floor reads the
group's facts as the sweep reads them, asks the law in one pure call what the document
says on its day of service (:func:`sanitas.ordinance.notice_terms.notice_document`),
and, to serve it, records the document as the engine's fact (a ``notice``, a
``citation`` or a ``final_certificate``), voids the facts of the documents it
replaces, and evaluates the groups it touched once, all in the caller's transaction.
Nothing is written when the law refuses the document (:meth:`NoticeDocument.may_issue`):
the caller reads the reasons from what is returned and refuses with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from sanitas.ordinance.notice_terms import DocumentAsk, NoticeDocument, notice_document
from sanitas.records.models import RecordIndex
from sanitas.records.services import RecordResult, evaluate_groups, record_facts, void_record
from sanitas.records.sweep import evaluation_facts, jurisdiction_pack


@dataclass(frozen=True)
class DocumentReading:
    """What :func:`document_terms` and :func:`serve_document` return: the facts read
    (as the sweep reads them, before the document was recorded), the law's document,
    and, when served, what the write stored (None when the law refused it)."""

    raw: list[dict[str, Any]]
    document: NoticeDocument
    recorded: RecordResult | None = None


def group_of(subject: str, default: str) -> str:
    """The subject group ``subject`` is evaluated in now (a later batch may have joined
    its group to another), ``default`` when it is not on record."""
    group = RecordIndex.objects.filter(key=subject).values_list("subject_group", flat=True).first()
    return group or default


def document_terms(*, subject_group: str, ask: DocumentAsk) -> DocumentReading:
    """The document ``ask`` names, as service on ``ask.served_on`` would make it, over
    the records of ``ask.subject``'s group (``subject_group`` when it is not on record).
    Raises the law's :class:`~sanitas.ordinance.notice_terms.TermsError` for a document
    it does not know."""
    raw, _lent = evaluation_facts(group_of(ask.subject, subject_group))
    return DocumentReading(raw, notice_document(ask, raw, jurisdiction_pack()))


@transaction.atomic
def serve_document(
    *,
    subject_group: str,
    ask: DocumentAsk,
    actor: Any,
    why: str,
    voids: Sequence[tuple[str, str]] = (),
) -> DocumentReading:
    """Serve the document ``ask`` names: read its terms as :func:`document_terms` does
    and, when the law lets it issue, record it as the engine's fact (``source`` notices,
    with ``why``), void each of ``voids`` (key, why: the facts of the documents it
    supersedes), and evaluate the touched groups once. Raises :class:`RecordError` or
    the vocabulary's ``FactsError`` as :func:`record_facts` does."""
    reading = document_terms(subject_group=subject_group, ask=ask)
    if not reading.document.may_issue():
        return reading
    recorded = record_facts(
        raw_facts=[reading.document.fact],
        actor=actor,
        why=why,
        source="notices",
        evaluate=False,
    )
    touched = set(recorded.groups)
    for key, void_why in voids:
        touched |= void_record(key=key, actor=actor, why=void_why, evaluate=False)
    evaluate_groups(touched)
    return DocumentReading(reading.raw, reading.document, recorded)
