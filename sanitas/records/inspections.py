"""May an inspection of a stage of a permit's work be asked for, and if not, why: the
records' one call for it, asked by every door that records an inspection request (the
permit's page, the record form, the API's records).

It reads the permit's group as the sweep reads it and asks the law's one answer
(:func:`sanitas.ordinance.permits.scheduling.stage_refusals`): a void or finaled
permit, work not started, a connection already covered for the inspection before
backfill, a final inspection without a passed pressure test. Each reason keeps the
law's words and the record to open, so a page names it in its reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sanitas.ordinance.messages import render
from sanitas.ordinance.permits.scheduling import stage_refusals
from sanitas.records.certificates import NotAPermit, permit_in_context, record_key_of

__all__ = ["NotAPermit", "StageRefused", "inspection_refusals"]


@dataclass(frozen=True)
class StageRefused:
    """One reason an inspection of a stage may not be asked for yet."""

    requirement: str
    #: the law's words (a message)
    said: Any
    #: the record to open to see or mend it
    key: str | None

    def words(self, language: str = "en") -> str:
        """What keeps the stage back, in ``language`` ("en", "es", "zh-Hant")."""
        return render(self.said, language)


def inspection_refusals(permit_key: str, stage: str, on: date | None = None) -> list[StageRefused]:
    """Why an inspection of ``stage`` of the work under the permit ``permit_key`` may not
    be asked for on ``on`` (default: the worklist's day); empty when it may. Raises
    :class:`NotAPermit` for a key that names no live permit."""
    permit, ctx = permit_in_context(permit_key, on)
    return [
        StageRefused(found.requirement, found.said, record_key_of(found.about, permit_key))
        for found in stage_refusals(permit, stage, ctx, ctx.as_of)
    ]
