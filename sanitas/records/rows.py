"""A file's rows stored: the records' one call for an import
(:func:`store_rows`).

Intake reads a file, screens every value against the vocabulary's bounds and maps
each row to facts (:mod:`sanitas.intake`); what it hands down here is plain data, a
:class:`Unit` per row (or per fact of a facts file) holding the facts made of it
(:class:`RowFact`).
This floor does the rest in one call: it looks up what the records hold for the keys
the rows name (their types, the voided ones, and for a feed the stored facts its rows
are merged over), gives each manifest the key that is its own, builds the batch (a
feed's rows naming one key merged; a voided record skipped, never restored; a
document row that contradicts its stored record refused), validates it whole and
stores it through :func:`~sanitas.records.services.record_facts` — in one
transaction under the records' write lock (:func:`~sanitas.records.store.under_write_lock`),
or, for more than ``STORE_CHUNK`` facts, in parts
(:func:`~sanitas.records.store.record_in_parts`), each part evaluated in its own
transaction. Each problem is attached to the row (and column) it came from; what names
no row is returned with the counts in a :class:`RowsStored`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from sanitas.ordinance.bounds import shown
from sanitas.ordinance.facts import FACT_TYPES, FactsError, describe
from sanitas.records import bulk, store
from sanitas.records.bridge import fact_columns, row_to_fact
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.progress import Said, said
from sanitas.records.rowfacts import RowFact, StoredChunk, Unit, exact
from sanitas.records.services import RecordError, fact_key_of, record_facts, validate_batch
from sanitas.records.store import Part, PartRefused, record_in_parts, under_write_lock

#: the longest key a row may give
KEY_MAX = 200
#: keys looked up per query
CHUNK = 500


@dataclass
class RowsStored:
    """What :func:`store_rows` did: whether anything was stored, the counts, the
    problems that name no row (those that do are the rows' own), and notes."""

    path: Path
    stored: bool = False
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def store_rows(
    units: list[Unit],
    *,
    path: Path,
    merge: bool,
    documents: bool,
    actor: str,
    why: str,
    accept_valid: bool,
    say: Callable[[Said], None],
    advance: Callable[[int, int], None] | None = None,
    on_stored: Callable[[StoredChunk], None] | None = None,
) -> RowsStored:
    """Store the facts of ``units`` (the rows of the file at ``path``; ``merge`` for a
    feed, whose rows are merged over the records they name, ``documents`` for a feed of
    documents, whose rows may not contradict them) as ``actor`` with ``why``: in one
    transaction under the write lock, or more than ``STORE_CHUNK`` facts in parts. With
    ``accept_valid``, the rows without a problem are stored and the others rejected;
    without, one row's problem stores nothing. ``advance`` is told (rows stored, rows)
    as parts are stored; ``on_stored`` each part, inside the transaction that stores
    it. The rows' problems are added to them."""
    result = RowsStored(path=path)
    options = {
        "merge": merge,
        "documents": documents,
        "actor": actor,
        "why": why,
        "accept_valid": accept_valid,
        "say": say,
        "advance": advance,
        "on_stored": on_stored,
    }
    facts = sum(len(unit.facts) for unit in units)
    if facts > store.STORE_CHUNK:
        # validated whole outside the write lock, then stored part by part
        _store_units(units, result, chunked=True, **options)
    else:
        under_write_lock(
            lambda: _store_units(units, result, **options), say, keep=lambda: result.stored
        )
    return result


# --------------------------------------------------------------------------- the batch


@dataclass
class Stored:
    """What the records hold for the keys a file names."""

    types: dict[str, str] = field(default_factory=dict)
    voided: dict[str, str] = field(default_factory=dict)
    facts: dict[str, dict[str, Any]] = field(default_factory=dict)


def _chunks(items: list, size: int = CHUNK) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _key_of(row_fact: RowFact, digest_types: set[str]) -> str | None:
    """The key a fact will be stored under: its id, or for an event without one
    (only where it matters: a type with voided records) its content digest."""
    raw = row_fact.raw
    ident = raw.get("id")
    if isinstance(ident, str):
        return ident
    kind = raw.get("type")
    if kind not in digest_types or kind not in FACT_TYPES:
        return None
    try:
        return fact_key_of(FACT_TYPES[kind].model_validate(raw))
    except (ValueError, TypeError):
        return None  # the batch's validation names the problem


def _load_stored(keys: set[str], *, with_facts: bool) -> Stored:
    stored = Stored()
    live_by_type: dict[str, list[str]] = {}
    voided_by_type: dict[str, list[str]] = {}
    for key, fact_type, voided in bulk.select_in(
        RecordIndex, "key", sorted(keys), ("key", "fact_type", "voided")
    ):
        stored.types[key] = fact_type
        # (SQLite answers 0 or 1)
        (voided_by_type if voided else live_by_type).setdefault(fact_type, []).append(key)
    for fact_type, type_keys in voided_by_type.items():
        model = RECORD_MODELS[fact_type]
        for chunk in _chunks(type_keys):
            for key, by, at, why in model.objects.filter(key__in=chunk).values_list(
                "key", "voided_by", "voided_at", "voided_why"
            ):
                when = at.date().isoformat() if at else "?"
                stored.voided[key] = f"voided by {by} on {when} ({why})"
    if with_facts:
        for fact_type, type_keys in live_by_type.items():
            model = RECORD_MODELS[fact_type]
            stored.facts.update(_stored_facts(model, type_keys))
    return stored


def _stored_facts(model: type, keys: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(key, facts-file mapping) of the records of ``model`` among ``keys``, read as
    rows (as the facts documents are made), without a model instance each."""
    names = fact_columns(model)
    for chunk in _chunks(keys):
        for key, *values in model.objects.filter(key__in=chunk).values_list("key", *names):
            yield key, row_to_fact(model, key, values)


def _resolve_shared_keys(units: list[Unit], stored: Stored) -> None:
    """Give each row fact whose readable key facts may share (a manifest's: see
    :mod:`sanitas.intake.feeds`) the key that is its own: the readable key if no
    record holds it or the record that does is this fact (the same hauler and
    number exactly), and no earlier row of the file took it for another; else its
    exact key. So two manifests never share a record, and a manifest stored under
    either key is found again under it."""
    shared = [
        row_fact
        for unit in units
        if not unit.problems
        for row_fact in unit.facts
        if row_fact.exact_key is not None and row_fact.key is not None
    ]
    voided = {
        rf.key for rf in shared if rf.key in stored.voided and rf.exact_key not in stored.types
    }
    held = dict(stored.facts)
    for fact_type in {stored.types[key] for key in voided}:
        held.update(_stored_facts(RECORD_MODELS[fact_type], sorted(voided)))
    claimed: dict[str, dict[str, Any]] = {}  # readable key → identity that took it here
    for row_fact in shared:
        key, identity = row_fact.key, row_fact.identity
        if row_fact.exact_key in stored.types:
            owner: dict[str, Any] | None = None  # stored under its exact key already
        elif key in stored.types:
            owner = held.get(key, {})
        elif key in claimed:
            owner = claimed[key]
        else:
            claimed[key] = identity
            continue
        if owner is not None and all(_same(v, owner.get(n)) for n, v in identity.items()):
            continue
        row_fact.key = row_fact.exact_key
        row_fact.raw["id"] = row_fact.exact_key


@dataclass
class Batch:
    raws: list[dict[str, Any]]
    #: for each fact of the batch, the units (and their row facts) it came from
    origins: list[list[tuple[Unit, RowFact]]]
    #: key → position in the batch
    keys: dict[str, int]


def _build(units: list[Unit], stored: Stored, *, merge: bool, documents: bool = False) -> Batch:
    """The batch of raw facts of ``units``. A feed's rows naming the same key are
    merged (a value that contradicts an earlier row is a problem of the later row),
    then merged over the stored record. Voided records are skipped. Problems are
    added to the units; a unit with a problem leaves the batch whole, with what it
    gave to facts it shares with other rows."""
    while True:
        batch = _build_once(units, stored, merge=merge, documents=documents)
        if not any(unit.problems for unit in units):
            return batch
        units = [unit for unit in units if not unit.problems]


def _same(given: Any, held: Any) -> bool:
    if isinstance(given, str) and isinstance(held, str):
        return exact(given) == exact(held)
    return given == held


def _differences(raw: dict[str, Any], held: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, problem) for each value a document row gives that its stored record
    holds otherwise (a value the stored record lacks is no difference: the row may
    fill it in)."""
    differing = [
        name
        for name, value in raw.items()
        if name != "id" and held.get(name) is not None and not _same(value, held[name])
    ]
    if not differing:  # the same document sent again: nothing to say
        return []
    if held.get("type") == "pump_out":
        what = (
            f"the manifest {shown(held.get('manifest_number'))} of "
            f"{shown(held.get('hauler_name'))} already stored: a second manifest with this "
            "hauler and number is refused, not merged over the first"
        )
    else:
        what = (
            f"the record {shown(raw.get('id'))} already stored: a second document with its "
            "key is refused, not merged over the first"
        )

    def show(value: Any) -> str:  # a stored 160.0 gallons as the row gives it: 160
        return shown(int(value) if isinstance(value, float) and value.is_integer() else value)

    return [
        (name, f"{show(raw[name])} differs from {show(held[name])} in {what}") for name in differing
    ]


def _build_once(
    units: list[Unit], stored: Stored, *, merge: bool, documents: bool = False
) -> Batch:
    entries: list[dict[str, Any]] = []
    entry_keys: list[str | None] = []
    origins: list[list[tuple[Unit, RowFact]]] = []
    keys: dict[str, int] = {}
    for unit in units:
        unit.skipped = []
        for row_fact in unit.facts:
            key, raw = row_fact.key, row_fact.raw
            problem = None if key is None else _key_problem(key, raw, stored)
            if problem is not None:
                unit.problems.append((row_fact.columns.get("id", "id"), problem))
                continue
            if key is not None and key in stored.voided:
                unit.skipped.append(
                    f"{key!r} was {stored.voided[key]}; an import does not restore it"
                )
                continue
            if merge and key is not None and key in keys:
                position = keys[key]
                earlier = entries[position]
                conflicts = [n for n, v in raw.items() if earlier.get(n) not in (None, v)]
                for name in conflicts:
                    first = origins[position][0][0]
                    unit.problems.append(
                        (
                            row_fact.columns.get(name, name),
                            f"{shown(raw[name])} differs from {shown(earlier[name])} given for "
                            f"{shown(key)} in {first.label}",
                        )
                    )
                if not conflicts:
                    entries[position] = {**earlier, **raw}
                    origins[position].append((unit, row_fact))
                continue
            if documents and key is not None and key in stored.facts:
                held = stored.facts[key]
                differs = _differences(raw, held)
                for name, problem in differs:
                    unit.problems.append((row_fact.columns.get(name, name), problem))
                if differs:
                    continue
                # the same document sent again (perhaps spaced otherwise) changes nothing
                raw = {n: held[n] if held.get(n) is not None else v for n, v in raw.items()}
            if key is not None:
                keys.setdefault(key, len(entries))
            entries.append(raw)
            entry_keys.append(key)
            origins.append([(unit, row_fact)])
    raws = entries
    if merge:
        raws = [
            {**stored.facts[key], **raw}
            if key in stored.facts and stored.facts[key].get("type") == raw.get("type")
            else raw
            for key, raw in zip(entry_keys, entries, strict=True)
        ]
    return Batch(raws=raws, origins=origins, keys=keys)


def _key_problem(key: str, raw: dict[str, Any], stored: Stored) -> str | None:
    if len(key) > KEY_MAX:
        return f"the key {key[:40]!r}… is longer than {KEY_MAX} characters"
    stored_type = stored.types.get(key)
    if stored_type is not None and stored_type != raw.get("type"):
        return f"{key!r} is already a {stored_type} record, not a {raw.get('type')}"
    return None


_FACT_LABEL = re.compile(r"^fact (\d+)\b")
_FACT_MENTION = re.compile(r"\bfact (\d+)\b")


def field_base(name: str) -> str:
    return re.split(r"[\[.]", name, maxsplit=1)[0]


def _assign(batch: Batch, lines: list[str], *, feed: bool) -> list[str]:
    """Attach the engine's problem lines (``fact N (…): field: reason``, or a
    record's ``type key: reason``) to the units they came from, naming the column
    for a feed; return the lines that name no unit."""

    def relabel(text: str) -> str:
        def label(match: re.Match) -> str:
            position = int(match.group(1)) - 1
            if 0 <= position < len(batch.origins):
                return batch.origins[position][0][0].label
            return match.group(0)

        return _FACT_MENTION.sub(label, text)

    unassigned = []
    for line in lines:
        targets: list[tuple[Unit, RowFact]] | None = None
        rest = ""
        match = _FACT_LABEL.match(line)
        if match:
            position = int(match.group(1)) - 1
            if 0 <= position < len(batch.raws):
                prefix = describe(position, batch.raws[position]) + ": "
                if line.startswith(prefix):
                    targets, rest = batch.origins[position], line[len(prefix) :]
        if targets is None:
            head, _, tail = line.partition(": ")
            key = head.split(" ", 1)[-1]
            if key in batch.keys:
                targets, rest = batch.origins[batch.keys[key]], f"(fact): {tail}"
        if targets is None:
            unassigned.append(line)
            continue
        name, sep, reason = rest.partition(": ")
        if not sep:
            name, reason = "(fact)", rest
        reason = relabel(reason)
        for unit, row_fact in targets:
            columns = row_fact.columns
            if not feed:
                unit.problems.append((None if name == "(fact)" else name, reason))
            elif field_base(name) in columns:
                unit.problems.append((columns[field_base(name)], reason))
            elif name == "(fact)":
                unit.problems.append((None, reason))
            else:
                unit.problems.append((None, f"{name}: {reason}"))
    return unassigned


# --------------------------------------------------------------------------- storing


def _store_chunked(
    batch: Batch,
    result: RowsStored,
    *,
    actor: str,
    why: str,
    rows: int,
    feed: bool,
    say: Callable[[Said], None],
    advance: Callable[[int, int], None] | None,
    on_stored: Callable[[StoredChunk], None] | None = None,
) -> None:
    """Hand a batch down to be validated whole and stored in parts
    (:func:`~sanitas.records.store.record_in_parts`: each part's groups evaluated
    again in its own transaction), telling ``on_stored`` of each part in words of
    the file's rows. A part refused (the records changed after the batch was
    validated) ends the import with its problems: the parts before it stay stored,
    and the file may be imported again. A batch the vocabulary refuses whole raises
    :class:`FactsError`, nothing stored."""
    whole_by: list[int] = []  # rows whole once part n is stored, by n (from the plan)

    def rows_whole(part: Part) -> list[int]:
        if not whole_by:
            last_part: dict[int, int] = {}  # each row is whole with its last fact's part
            for number, positions in enumerate(part.plan, start=1):
                for position in positions:
                    for unit, _row_fact in batch.origins[position]:
                        last_part[id(unit)] = number
            whole_by.extend([0] * (part.of + 2))
            for number in last_part.values():
                whole_by[number] += 1
            whole_by[-1] = len(last_part)
        return whole_by

    def told(part: Part) -> None:
        if on_stored is None:
            return
        counts = rows_whole(part)
        done = part.result
        on_stored(
            StoredChunk(
                number=part.number,
                of=part.of,
                facts=len(part.positions),
                facts_through=part.facts_before + len(part.positions),
                facts_total=len(batch.raws),
                rows_through=sum(counts[: part.number + 1]),
                rows_total=counts[-1],
                created=done.created,
                updated=done.updated,
                unchanged=done.unchanged,
            )
        )

    def stored(part: Part) -> None:
        result.stored = True
        result.created += part.result.created
        result.updated += part.result.updated
        result.unchanged += part.result.unchanged
        if advance is not None:
            through = part.facts_before + len(part.positions)
            advance(round(rows * through / len(batch.raws)), rows)

    try:
        record_in_parts(
            batch.raws,
            actor=actor,
            why=why,
            source=result.path.name,
            say=say,
            on_part=told,
            after_part=stored,
        )
    except PartRefused as exc:
        result.problems.extend(_assign(batch, exc.problems, feed=feed))
        if exc.stored:
            result.notes.append(
                f"{result.path}: {exc.stored:,} of {len(batch.raws):,} facts were stored before "
                f"the records changed under chunk {exc.number}; importing the file again "
                "stores the rest"
            )


def _store_units(
    units: list[Unit],
    result: RowsStored,
    *,
    merge: bool,
    documents: bool,
    actor: str,
    why: str,
    accept_valid: bool,
    say: Callable[[Said], None],
    advance: Callable[[int, int], None] | None = None,
    chunked: bool = False,
    on_stored: Callable[[StoredChunk], None] | None = None,
) -> None:
    digest_types = set(
        RecordIndex.objects.filter(voided=True).values_list("fact_type", flat=True).distinct()
    )
    keys = set()
    for unit in units:
        if unit.problems:  # rejected already: its keys need not be looked up
            continue
        for row_fact in unit.facts:
            row_fact.key = _key_of(row_fact, digest_types)
            if row_fact.key is not None:
                keys.add(row_fact.key)
            if row_fact.exact_key is not None:
                keys.add(row_fact.exact_key)
    say(said(gettext_noop("looking up %(keys)s keys among the stored records"), keys=len(keys)))
    stored = _load_stored(keys, with_facts=merge)
    _resolve_shared_keys(units, stored)
    included = [u for u in units if not u.problems]
    while True:
        batch = _build(included, stored, merge=merge, documents=documents)
        included = [u for u in included if not u.problems]
        if len(included) < len(units) and not accept_valid:
            say(said(gettext_noop("validating %(facts)s facts"), facts=len(batch.raws)))
            try:
                validate_batch(batch.raws)
            except FactsError as exc:
                result.problems.extend(_assign(batch, exc.problems, feed=merge))
            return
        if not batch.raws:
            result.stored = bool(included)
            return
        line = gettext_noop("validating and storing %(facts)s facts from %(rows)s rows")
        say(said(line, facts=len(batch.raws), rows=len(included)))
        try:
            if chunked:
                _store_chunked(
                    batch,
                    result,
                    actor=actor,
                    why=why,
                    rows=len(units),
                    feed=merge,
                    say=say,
                    advance=advance,
                    on_stored=on_stored,
                )
                return
            with transaction.atomic():
                recorded = record_facts(
                    raw_facts=batch.raws, actor=actor, why=why, source=result.path.name
                )
                if on_stored is not None:
                    rows = len({id(u) for origins in batch.origins for u, _rf in origins})
                    on_stored(
                        StoredChunk(
                            number=1,
                            of=1,
                            facts=len(batch.raws),
                            facts_through=len(batch.raws),
                            facts_total=len(batch.raws),
                            rows_through=rows,
                            rows_total=rows,
                            created=recorded.created,
                            updated=recorded.updated,
                            unchanged=recorded.unchanged,
                        )
                    )
        except (FactsError, RecordError) as exc:
            unassigned = _assign(batch, exc.problems, feed=merge)
            result.problems.extend(unassigned)
            if unassigned or not accept_valid or not any(u.problems for u in included):
                return
            included = [u for u in included if not u.problems]
            continue
        result.stored = True
        result.created, result.updated = recorded.created, recorded.updated
        result.unchanged = recorded.unchanged
        return
