"""A file's rows as facts: plain data, no Django, which intake makes of each row (or
each fact of a facts file) and the records store (:mod:`sanitas.records.rows`)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

_SPACES = re.compile(r"\s+")


def exact(text: str) -> str:
    """A value as a key part, losing nothing but what a person cannot see: runs of
    spaces are one space, and characters are in one Unicode form (NFC)."""
    return unicodedata.normalize("NFC", _SPACES.sub(" ", str(text).strip()))


@dataclass(eq=False)
class RowFact:
    """A fact made from a row, and which column each of its fields came from."""

    raw: dict[str, Any]
    #: fact field → column name (the same for every row of a feed)
    fields: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    #: the key it is stored under, once known
    key: str | None = None
    #: where ``key`` is shared by facts that differ in punctuation or case (a
    #: manifest's readable key): this fact's own key, and the fields that tell them
    #: apart; the fact takes ``exact_key`` when another holds ``key``
    exact_key: str | None = None
    identity: dict[str, Any] = field(default_factory=dict)

    @property
    def columns(self) -> dict[str, str]:
        """Fact field → the header the file gives that column (shared by the rows of
        a file, which share their fields and headers: read it, never change it)."""
        return _columns(self.fields, self.headers)


#: (id of fields, id of headers) → (fields, headers, columns): every row of a file
#: shares its fields and headers, so its columns are made once, not once a row; the
#: entry holds both, so neither id can be taken by another object while it is kept
_COLUMNS: dict[tuple[int, int], tuple[dict[str, str], dict[str, str], dict[str, str]]] = {}
_COLUMNS_KEPT = 256


def _columns(fields: dict[str, str], headers: dict[str, str]) -> dict[str, str]:
    cached = _COLUMNS.get((id(fields), id(headers)))
    if cached is not None:
        return cached[2]
    get = headers.get
    columns = {
        name: "/".join(get(part, part) for part in column.split("/"))
        for name, column in fields.items()
    }
    if len(_COLUMNS) >= _COLUMNS_KEPT:
        _COLUMNS.clear()
    _COLUMNS[id(fields), id(headers)] = (fields, headers, columns)
    return columns


@dataclass(eq=False)
class Unit:
    """One row of a feed, or one fact of a facts file: what is stored or rejected whole."""

    number: int
    label: str
    original: Any
    facts: list[RowFact] = field(default_factory=list)
    #: (column header or fact field, reason); the field is None for the row as a whole
    problems: list[tuple[str | None, str]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class StoredChunk:
    """A part of an import as it is stored, told to ``import_file``'s ``on_stored``
    inside the transaction that stores it (so that what the caller writes of it is
    stored with it, or not at all). A file stored in one transaction is one chunk."""

    number: int
    of: int
    #: facts in this chunk; stored by it and the chunks before it; in the whole batch
    facts: int
    facts_through: int
    facts_total: int
    #: rows of the file whose every fact is stored by now; rows going into the store
    rows_through: int
    rows_total: int
    created: int
    updated: int
    unchanged: int
