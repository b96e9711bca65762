"""The moment a trusted replay of the city's past is at.

The demo city records its past as the city's staff would have entered it: each batch
at its own past time (:func:`sanitas.records.services.record_facts`'s ``recorded_at``),
and each notice drafted, approved, served and followed up on the day it was. Inside
:func:`at`, the records services record and void at that moment, and the notices
services date what they write by it and take its day as the real day, so that a notice
served in July reads as served, and known to the city, in July. The forms, the API and
the jobs never enter it: outside it, :func:`now` is the clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime

from django.utils import timezone

_AT: ContextVar[datetime | None] = ContextVar("sanitas_replayed_moment", default=None)


@contextmanager
def at(moment: datetime) -> Iterator[datetime]:
    """Replay what is done inside at ``moment`` (aware, and not after the clock's now)."""
    if timezone.is_naive(moment):
        raise ValueError(f"replay: {moment.isoformat()} is given without a time zone")
    if moment > timezone.now():
        raise ValueError(f"replay: {moment.isoformat()} has not come yet")
    token = _AT.set(moment)
    try:
        yield moment
    finally:
        _AT.reset(token)


def moment() -> datetime | None:
    """The replayed moment, or None outside a replay."""
    return _AT.get()


def now() -> datetime:
    """The replayed moment inside a replay; else the clock's now."""
    return _AT.get() or timezone.now()


def today() -> date:
    """The city's calendar day of :func:`now`."""
    return timezone.localdate(now())
