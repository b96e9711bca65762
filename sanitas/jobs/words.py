"""A job's message said in its reader's language.

A job's worker writes how far it got and, at the end, one line of what it did
(``Job.message``), long before anyone reads them, and in no one's language. It writes
them here as the English text, marked for the catalogs with ``gettext_noop``, and its
named arguments, kept as JSON (:func:`said`); a page renders them in the language it is
read in (:func:`in_words`): the text from the jobs app's catalog, a count with the
language's grouping, a day as the language writes it. A message stored as plain text
(a problem's own words, a job from before) is shown as it is.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any, NamedTuple

from babel.numbers import format_decimal
from django.utils.translation import gettext, gettext_noop

from sanitas.kit import dates

#: how a said message begins, told from plain text
_MARK = '{"said":'
#: the line of a job that reads a file
READING_LINE = gettext_noop("reading %(name)s")
#: the lines the floors below say as an import runs (sanitas.records.store and .rows),
#: marked here too so that the jobs' catalog, which the job's page reads, holds them
LINES_FROM_BELOW = (
    gettext_noop("storing facts %(first)s to %(last)s of %(total)s"),
    gettext_noop("waiting for another writer (%(attempt)s)"),
    gettext_noop("looking up %(keys)s keys among the stored records"),
    gettext_noop("validating %(facts)s facts"),
    gettext_noop("validating and storing %(facts)s facts from %(rows)s rows"),
)


class Term(NamedTuple):
    """An argument that is itself words of a catalog (a report's name), translated
    where it is read."""

    english: str


def said(text: str, /, **args: int | date | str | Term) -> str:
    """``text`` (``%(name)s`` placeholders, marked with ``gettext_noop``) with its
    arguments, as a job keeps its message: a day by its ISO date, a count as a number,
    a :class:`Term` by its English."""
    kept = {
        name: {"day": value.isoformat()}
        if isinstance(value, date)
        else {"term": value.english}
        if isinstance(value, Term)
        else value
        for name, value in args.items()
    }
    return json.dumps({"said": text, "args": kept}, ensure_ascii=False)


def in_words(stored: str) -> str:
    """A job's message in the active language ("" for none)."""
    if not stored or not stored.startswith(_MARK):
        return stored or ""
    try:
        data = json.loads(stored)
        text, args = data["said"], data.get("args") or {}
        return gettext(text) % {name: _shown(value) for name, value in args.items()}
    except (ValueError, KeyError, TypeError):
        return stored


def _shown(value: Any) -> str:
    if isinstance(value, dict) and "day" in value:
        return dates.people_date_here(date.fromisoformat(value["day"]))
    if isinstance(value, dict) and "term" in value:
        return gettext(value["term"])
    if isinstance(value, int) and not isinstance(value, bool):
        locale = dates.page_locale() or "en_US"
        return format_decimal(value, locale=locale)
    return str(value)
