"""Each subject group's facts document: its live records in one row.

The sweep evaluates a group from all its live records. Read from the typed tables
that is one query per record type present in the group, and most of a swept
group's time; read from :class:`~sanitas.records.models.GroupFacts` it is one row.
The services keep the document in the transaction of every write that records,
changes, voids or merges records (:func:`update_documents`): a new or changed
record's mapping is made from the values just stored, exactly as
:func:`~sanitas.records.bridge.row_to_fact` makes it from the row, and a group
that a batch merged with another is rebuilt from the tables.

The tables stay the records, with their history; the document is what they hold,
in the engine's form (``tests/records`` compares the two on every example city).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

import orjson
from django.db import models

from sanitas.ordinance.engine import paused_gc
from sanitas.records import bulk
from sanitas.records.bridge import fact_columns, row_to_fact
from sanitas.records.models import RECORD_MODELS, GroupFacts, Record, RecordIndex

#: a fact's place in an exported document: its group, its type, its key (compared
#: as Python compares strings, whatever the database's collation)
Place = tuple[str, str, str]
Placed = tuple[Place, dict[str, Any]]


def _place(item: Placed) -> Place:
    return item[0]


def _type_and_key(item: list) -> tuple[str, str]:
    """The order of a stored document's items, ``[fact type, key, mapping]``: their
    places' within one group."""
    return item[0], item[1]


# --------------------------------------------------------------------------- from the tables


def table_facts(groups: list[str]) -> dict[str, list[Placed]]:
    """The live records of ``groups`` read from the typed tables, as facts-file
    mappings with their places, by group, each group's in the order of their places."""
    out: dict[str, list[Placed]] = defaultdict(list)
    for start in range(0, len(groups), bulk.IN_CHUNK):
        chunk = groups[start : start + bulk.IN_CHUNK]
        types = (
            RecordIndex.objects.filter(subject_group__in=chunk, voided=False)
            .values_list("fact_type", flat=True)
            .distinct()
        )
        for fact_type in set(types):
            model = RECORD_MODELS[fact_type]
            names = fact_columns(model)
            # (unordered: the places sort them below, and the models' default order
            # would have the database sort every chunk by key first)
            rows = (
                model.objects.filter(subject_group__in=chunk, voided_at__isnull=True)
                .order_by()
                .values_list("subject_group", "key", *names)
            )
            for group, key, *values in rows.iterator(chunk_size=2000):
                out[group].append(((group, fact_type, key), row_to_fact(model, key, values)))
    for placed in out.values():
        placed.sort(key=_place)
    return out


# --------------------------------------------------------------------------- the documents


def read_documents(groups: list[str]) -> dict[str, list[Placed]]:
    """The live records of ``groups`` from their facts documents, as
    :func:`table_facts` gives them."""
    out: dict[str, list[Placed]] = {}
    rows = bulk.select_in(GroupFacts, "subject_group", groups, ("subject_group", "document"))
    # the decoded records all live on while the chunk is swept: the collector's passes
    # meanwhile would free nothing (the reading took twice as long with them)
    with paused_gc():
        for group, document in rows:
            facts = orjson.loads(document)
            placed = [((group, fact_type, key), fact) for fact_type, key, fact in facts]
            if placed:
                out[group] = placed
    return out


def _dumps(placed: Iterable[Placed]) -> str:
    return orjson.dumps([[fact_type, key, fact] for (_g, fact_type, key), fact in placed]).decode()


#: a change to a group's document: (fact type, key) → the record's new mapping, or
#: None for a record that left the group's live records
Patch = dict[tuple[str, str], dict[str, Any] | None]


def update_documents(patches: Mapping[str, Patch], rebuild: Iterable[str] = ()) -> None:
    """Apply ``patches`` to the groups' documents (a group with none yet gets one
    from its patch), and make those of ``rebuild`` anew from the tables. The caller
    holds the records' write lock, in its transaction."""
    table = bulk.table(GroupFacts)
    rebuild = set(rebuild)
    wanted = sorted(set(patches) | rebuild)
    stored = {
        group: (pk, document)
        for pk, group, document in bulk.select_in(
            GroupFacts, "subject_group", wanted, ("id", "subject_group", "document")
        )
    }
    documents: dict[str, list[Placed]] = {}
    from_tables = table_facts(sorted(rebuild))
    for group in rebuild:
        documents[group] = from_tables.get(group, [])
    texts: dict[str, str] = {}
    for group, patch in patches.items():
        if group in documents:
            continue  # read from the tables, which hold the patch already
        # a group with no document yet is new: no stored group was joined, so all
        # its records are in this batch, and in the patch
        items = [] if group not in stored else orjson.loads(stored[group][1])
        present = {(fact_type, key) for fact_type, key, _fact in items}
        if not present.intersection(patch) and None not in patch.values():
            # only records new to the group (an import's new pump-outs): added to the
            # document as it was read, in place, with no mapping made again
            items.extend([fact_type, key, fact] for (fact_type, key), fact in patch.items())
            items.sort(key=_type_and_key)
            texts[group] = orjson.dumps(items).decode()
            continue
        by_place = {(fact_type, key): fact for fact_type, key, fact in items}
        for place, fact in patch.items():
            if fact is None:
                by_place.pop(place, None)
            else:
                by_place[place] = fact
        documents[group] = sorted(
            (((group, t, k), fact) for (t, k), fact in by_place.items()), key=_place
        )
    texts.update((group, _dumps(placed)) for group, placed in documents.items())
    new = [{"subject_group": g, "document": texts[g]} for g in sorted(texts) if g not in stored]
    changed = [{"id": stored[g][0], "document": texts[g]} for g in sorted(texts) if g in stored]
    if new:
        from django.utils import timezone

        table.insert(new, now=timezone.now())
    table.update(changed, ["document"])


def rename_document(old: str, new: str) -> None:
    """The document of a group merged into another is no longer a group's: the
    merged group's is rebuilt by :func:`update_documents`."""
    GroupFacts.objects.filter(subject_group=old).delete()


# --------------------------------------------------------------------------- a record's mapping


def _normaliser(field: models.Field):
    """How a value just validated becomes the value the column gives back."""
    if isinstance(field, models.FloatField):
        return float
    if isinstance(field, models.BigIntegerField):
        return int
    if isinstance(field, models.DecimalField):
        exponent = Decimal(1).scaleb(-field.decimal_places)
        return lambda value: Decimal(value).quantize(exponent)
    if isinstance(field, models.JSONField):
        # as the database keeps it: JSON text, read back
        return lambda value: json.loads(json.dumps(value, cls=field.encoder))
    return None


_NORMALISERS: dict[type[Record], tuple] = {}


def record_mapping(model: type[Record], key: str, columns: Mapping[str, Any]) -> dict[str, Any]:
    """The facts-file mapping of a record whose fact columns are being stored as
    ``columns``: what :func:`~sanitas.records.bridge.row_to_fact` makes of the row."""
    normalisers = _NORMALISERS.get(model)
    if normalisers is None:
        normalisers = _NORMALISERS[model] = tuple(
            _normaliser(model._meta.get_field(name)) for name in fact_columns(model)
        )
    values = []
    for name, normalise in zip(fact_columns(model), normalisers, strict=True):
        value = columns.get(name)
        if value is not None and normalise is not None:
            value = normalise(value)
        values.append(value)
    return row_to_fact(model, key, values)
