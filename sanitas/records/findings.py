"""Each subject group's findings document: its current findings in one row.

A first sweep of a city finds about forty findings per establishment, and storing
them one row each (with their unique key, the worklist's indexes and a history
copy) was most of its time. The sweep keeps each group's current findings, with
their words, as one document (:class:`~sanitas.records.models.GroupFindings`),
written in the transaction that stores the group's findings rows and only when
the group's findings digest changed. It is the group's findings with their
words in one row, beside the rows of the worklist's index.

A finding in a document is a list: requirement, subject, period, ordinal, status,
due, cite, explanation, reading, message (the message id and arguments, or null),
reading message (the same, of its reading) — the sweep's keyed finding flattened, in
the engine's order. A document written before readings were messages has no reading
message.

A finding the engine said as a message is stored as the message alone (its
explanation empty): its English, like its Spanish and Chinese, is rendered where it
is read (:func:`~sanitas.ordinance.messages.said_in_english`, which every reader calls).
A rule that still writes its sentence has its English stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from typing import Any

import orjson

from sanitas.records import bulk
from sanitas.records.models import GroupFindings


def _dumps(keyed: Iterable[tuple[tuple, tuple]]) -> str:
    return orjson.dumps([[*key, *values] for key, values in keyed]).decode()


def write_documents(
    produced: Mapping[str, Sequence[tuple[tuple, tuple]]], *, as_of: date, now: datetime
) -> None:
    """Make each group's document its ``produced`` findings (as
    :func:`~sanitas.records.sweep.evaluate_groups` keys them), evaluated as of
    ``as_of``. The caller holds the records' write lock, in the transaction that
    stores the groups' findings rows."""
    if not produced:
        return
    table = bulk.table(GroupFindings)
    groups = sorted(produced)
    stored = dict(
        (group, pk)
        for pk, group in bulk.select_in(
            GroupFindings, "subject_group", groups, ("id", "subject_group")
        )
    )
    new = [
        {"subject_group": g, "document": _dumps(produced[g]), "evaluated_as_of": as_of}
        for g in groups
        if g not in stored
    ]
    changed = [
        {"id": stored[g], "document": _dumps(produced[g]), "evaluated_as_of": as_of}
        for g in groups
        if g in stored
    ]
    table.insert(new, now=now)
    table.update(changed, ["document", "evaluated_as_of"])


def read_documents(groups: Iterable[str]) -> dict[str, list[list[Any]]]:
    """The current findings of ``groups`` as their documents hold them, by group (a
    group never swept has none)."""
    wanted = sorted(set(groups))
    return {
        group: orjson.loads(document)
        for group, document in bulk.select_in(
            GroupFindings, "subject_group", wanted, ("subject_group", "document")
        )
    }


def merge_documents(old: str, new: str) -> None:
    """The findings of group ``old``, merged into ``new``, are ``new``'s until the
    merged group is evaluated again (its findings rows move the same way)."""
    rows = {
        group: (pk, document)
        for pk, group, document in bulk.select_in(
            GroupFindings, "subject_group", [old, new], ("id", "subject_group", "document")
        )
    }
    if old not in rows:
        return
    old_pk, old_document = rows[old]
    if new in rows:
        pk, document = rows[new]
        merged = orjson.dumps([*orjson.loads(document), *orjson.loads(old_document)]).decode()
        GroupFindings.objects.filter(pk=pk).update(document=merged)
        GroupFindings.objects.filter(pk=old_pk).delete()
    else:
        GroupFindings.objects.filter(pk=old_pk).update(subject_group=new)
