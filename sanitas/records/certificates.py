"""May a certificate of final inspection issue for a permit, and if not, why: the
records' one call for it, asked by every door that makes a certificate (the notices'
draft, the record form, the API's records and notices) and by the permit's page.

It reads the permit's group as the sweep reads it and asks the law's one answer
(:func:`sanitas.ordinance.permits.administration.certificate_refusals`): a certificate
already on record (one certifies the work, § 6-8.133), a void permit, fees not paid,
and every check of the work that has not passed. Each reason keeps the words the law
said it in and the record to open, or the record missing, so a page names it in its
reader's language with a link to the record that mends it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sanitas.ordinance.engine import Context, FactIndex
from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.ordinance.permits.administration import certificate_refusals
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.sweep import evaluation_day, evaluation_facts, jurisdiction_pack


@dataclass(frozen=True)
class Blocker:
    """One reason a certificate may not issue."""

    #: the requirement it rests on (None: a record missing that no requirement names)
    requirement: str | None
    #: the law's words: a Word, a Phrase, or English from a rule still writing its own
    said: Any
    #: the record to open to see or mend it (None when a record is missing)
    key: str | None
    #: the type of the record whose absence blocks, to be recorded under the permit
    missing: str | None
    #: a certificate already issued (the permit is finaled)
    certified: bool = False

    def words(self, language: str = "en") -> str:
        render = getattr(self.said, "render", None)
        return render(language) if render is not None else str(self.said)


class NotAPermit(LookupError):
    """The key names no live permit."""


def permit_in_context(permit_key: str, on: date | None = None) -> tuple[Any, Context]:
    """The live permit ``permit_key`` and the engine's context of its group's records as
    of ``on`` (default: the worklist's day), for the law to be asked about it. Raises
    :class:`NotAPermit` for a key that names no live permit."""
    index = RecordIndex.objects.filter(key=permit_key, fact_type="permit", voided=False).first()
    if index is None:
        raise NotAPermit(permit_key)
    raw, _lent = evaluation_facts(index.subject_group)
    try:
        facts = parse_facts(raw)
    except FactsError:
        facts = []
    pack = jurisdiction_pack()
    ctx = Context(
        facts=FactIndex(facts), as_of=on or evaluation_day(), pack=pack, calendar=pack.calendar()
    )
    permit = ctx.get(permit_key)
    if permit is None:
        raise NotAPermit(permit_key)
    return permit, ctx


def certificate_blockers(permit_key: str, on: date | None = None) -> list[Blocker]:
    """Why no certificate of final inspection may issue for the permit ``permit_key`` on
    ``on`` (default: the worklist's day), the first reasons first; empty when it may.
    Raises :class:`NotAPermit` for a key that names no live permit."""
    permit, ctx = permit_in_context(permit_key, on)
    return [
        Blocker(
            requirement=found.requirement,
            said=found.said,
            key=record_key_of(found.about, permit_key),
            missing=found.missing,
            certified=found.requirement == "PRM-CERTIFICATE",
        )
        for found in certificate_refusals(permit, ctx, ctx.as_of)
    ]


def record_key_of(fact: Any, permit_key: str) -> str | None:
    """The record key of the fact a reason is about: its id, or for an event recorded
    without one (a test, a check, an inspection), the live record of its permit and day."""
    if fact is None:
        return None
    if fact.id:
        return fact.id
    model = RECORD_MODELS.get(fact.type)
    if model is None:
        return None
    rows = model.objects.filter(permit=permit_key, date=fact.date, voided_at__isnull=True)
    # two of a day (a failed test and its retest): the later recorded, as the law reads
    return rows.order_by("-pk").values_list("key", flat=True).first()
