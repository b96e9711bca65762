"""The only code that writes records. Each public function is one transaction,
takes the ``actor`` (who) and ``why``, and keeps every version.

- :func:`record_facts` validates a batch of facts completely (the engine's own
  vocabulary, references checked against the batch and the stored records) and
  then stores it: new records are inserted, changed ones updated (the history
  keeps the old version), identical ones left alone — so recording the same
  batch twice changes nothing.
- :func:`void_record` voids a record with a reason; nothing is deleted.

Every way a record arrives goes through these two: the record forms, inspections,
notices, ``POST /api/records``, the admin, ``sanitas import`` and the uploaded
import job (a large file in chunks, :mod:`sanitas.records.store`), and the demo
city. Each evaluates the subject groups it touched again before it returns, in its
own transaction, so that a recorded pump-out shows as met at once.

A change made by a person names the version of the record it was made from
(:mod:`sanitas.records.versions`); under the records' lock, a change made from a
version that is no longer the latest is refused whole (:class:`StaleVersion`) with
the other change described, so that two people editing one record never silently
replace each other's work.

The ``actor`` is an account (a user, or the user name of an active one) or the
name of a process ("bench", an import's source). Every version a write keeps —
those :mod:`~sanitas.records.bulk` copies by the thousand as well as those the
ORM saves — carries the account's id in ``history_user_id`` when the actor is
one, so the history names a real person however their name is typed later, and
still names them once their account is closed (accounts are never deleted).

Both are recorded now. Trusted intake paths that replay a past (the demo city, an
import of a legacy system's history) may give the time a batch was recorded or a
record voided (``recorded_at=``, ``voided_at=``): it becomes the records' recorded
time and their versions' ``history_date``, so that what the city knew on a past day
can be read from the history. The forms and the API never pass it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.utils import timezone

from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.records import bulk, documents, findings, replay, versions
from sanitas.records.bridge import (
    LENT_TYPES,
    WEAK_REFERENCES,
    fact_key,
    fact_to_columns,
    references_of,
)
from sanitas.records.models import RECORD_MODELS, RecordIndex, SubjectGroup


class RecordError(Exception):
    """A write that cannot be made; ``problems`` has one line per reason."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


class StaleVersion(RecordError):
    """Changes made from versions that are no longer the records' latest (someone
    else changed or voided them since): nothing is stored. ``conflicts`` holds, for
    each, what changed since and what the refused change would have stored
    (:class:`sanitas.records.versions.Conflict`)."""

    def __init__(self, conflicts: list[versions.Conflict]) -> None:
        self.conflicts = conflicts
        super().__init__([c.line() for c in conflicts])


class VersionRequired(RecordError):
    """A change of a stored record that does not say which version it was made from,
    where the caller requires it to."""


@dataclass
class RecordResult:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    keys: list[str] = field(default_factory=list)
    #: the subject groups whose findings the batch may have changed (its own and
    #: those it lends records to or borrows them from)
    groups: set[str] = field(default_factory=set)

    @property
    def changed(self) -> int:
        return self.created + self.updated


class IndexRow(NamedTuple):
    id: int
    fact_type: str
    subject_group: str
    voided: bool


class BatchIndex:
    """The index rows a batch names, each read once."""

    def __init__(self) -> None:
        self.rows: dict[str, IndexRow] = {}
        self._absent: set[str] = set()

    def load(self, keys: Iterable[str]) -> None:
        wanted = sorted({k for k in keys if k not in self.rows and k not in self._absent})
        columns = ("id", "key", "fact_type", "subject_group", "voided")
        for pk, key, fact_type, group, voided in bulk.select_in(
            RecordIndex, "key", wanted, columns
        ):
            self.rows[key] = IndexRow(pk, fact_type, group, bool(voided))
        self._absent.update(k for k in wanted if k not in self.rows)

    def known_types(self, keys: Iterable[str]) -> dict[str, str]:
        """The types of the live records among ``keys``."""
        keys = list(keys)
        self.load(keys)
        return {
            k: row.fact_type
            for k in keys
            if (row := self.rows.get(k)) is not None and not row.voided
        }


class Actor(NamedTuple):
    """Who writes: the name kept in ``recorded_by``/``voided_by``, and the account
    (None for a process, or a name no active account has)."""

    name: str
    user: Any | None

    @property
    def user_id(self) -> int | None:
        return None if self.user is None else self.user.pk


def acting(actor: Any) -> Actor:
    """The :class:`Actor` of ``actor``: a user, or a name that may be an active
    account's user name."""
    if hasattr(actor, "get_username"):
        return Actor(actor.get_username(), actor if actor.pk is not None else None)
    from sanitas.records.accounts import active_account

    name = str(actor)
    return Actor(name, active_account(name))


#: no record of the programs Sanitas administers predates this
EARLIEST_RECORDING = datetime(1990, 1, 1, tzinfo=UTC)


def recording_time(when: datetime | None, *, now: datetime, what: str) -> datetime:
    """The time a write is recorded at: ``now``, or a past time a trusted intake path
    gives (refused in the future, before 1990, or without a time zone)."""
    if when is None:
        return now
    if not isinstance(when, datetime) or timezone.is_naive(when):
        raise RecordError([f"{what}: {when!s} is not a date and time with a time zone"])
    if when > now:
        raise RecordError([f"{what}: {when.isoformat()} is in the future"])
    if when < EARLIEST_RECORDING:
        raise RecordError([f"{what}: {when.isoformat()} is before 1990"])
    return when


def _chunks(items: list, size: int):
    for start in range(0, len(items), size):
        yield items[start : start + size]


#: the PostgreSQL advisory lock that makes writers of records take turns
RECORDS_LOCK = 1_383_051


def lock_records() -> None:
    """Take the records' write lock until the end of the current transaction.

    Two batches naming the same new key would otherwise both find it absent and
    the second would fail on the unique key; and a batch that joins subject groups
    must see the groups as they are. SQLite takes its write lock when a transaction
    begins (``transaction_mode`` IMMEDIATE); PostgreSQL takes this advisory lock."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RECORDS_LOCK])


def validate_batch(raw_facts: list[dict[str, Any]], index: BatchIndex | None = None) -> list[Any]:
    """Validate a batch against the vocabulary and the stored records; raise
    :class:`FactsError` naming every problem."""
    referenced: set[str] = set()
    for raw in raw_facts:
        if isinstance(raw, dict):
            for value in raw.values():
                if isinstance(value, str):
                    referenced.add(value)
                elif isinstance(value, list):
                    referenced.update(v for v in value if isinstance(v, str))
    batch_ids = {raw.get("id") for raw in raw_facts if isinstance(raw, dict)}
    known = (index or BatchIndex()).known_types(referenced - batch_ids)
    return parse_facts(raw_facts, known=known)


@transaction.atomic
def record_facts(
    *,
    raw_facts: list[dict[str, Any]],
    actor: Any,
    why: str = "",
    source: str = "",
    recorded_at: datetime | None = None,
    versions_from: Mapping[str, str] | None = None,
    versions_required: bool = False,
    evaluate: bool = True,
) -> RecordResult:
    """Validate and store a batch of facts (see the module docstring), then evaluate
    every subject group it touched again and store their findings, in the same
    transaction: the pages, the worklist and the records agree the moment it commits
    (the nightly sweep is left only the days that pass). ``recorded_at`` (trusted
    intake paths only) is when the batch was recorded, if not now.

    ``versions_from`` (key → version, :mod:`sanitas.records.versions`) says which
    version of each stored record a change was made from: a change of a record whose
    latest version is another is refused whole (:class:`StaleVersion`), unless it
    would leave the record as it stands. With ``versions_required``, a change of a
    stored record that names no version is refused too (:class:`VersionRequired`).
    Inside a replay of the past (:func:`sanitas.records.replay.at`), its moment is
    ``recorded_at`` when none is given.

    ``evaluate=False`` is for the trusted bulk paths that evaluate once at their end
    (the demo city, a benchmark's seeding, a test of the sweep itself): the touched
    groups are left marked changed for the next sweep."""
    result = _store_batch(
        raw_facts=raw_facts,
        actor=actor,
        why=why,
        source=source,
        recorded_at=recorded_at,
        versions_from=versions_from,
        versions_required=versions_required,
    )
    if evaluate:
        evaluate_groups(result.groups)
    return result


def evaluate_groups(groups: set[str]) -> None:
    """Evaluate ``groups`` again as of the worklist's day and store their findings,
    in the current transaction (what every write does before it returns)."""
    if not groups:
        return
    from sanitas.records.sweep import evaluation_day, sweep_groups

    sweep_groups(groups, as_of=evaluation_day())


def _store_batch(
    *,
    raw_facts: list[dict[str, Any]],
    actor: Any,
    why: str,
    source: str,
    recorded_at: datetime | None,
    versions_from: Mapping[str, str] | None,
    versions_required: bool,
) -> RecordResult:
    """Store a batch (:func:`record_facts` without the evaluation), in the caller's
    transaction."""
    now = timezone.now()
    recorded_at = recorded_at or replay.moment()
    when = recording_time(recorded_at, now=now, what="recorded_at")
    who = acting(actor)
    actor = who.name
    lock_records()
    index = BatchIndex()
    facts = validate_batch(raw_facts, index)
    keys = [fact_key_of(f) for f in facts]
    index.load(keys)
    existing = {key: index.rows[key] for key in keys if key in index.rows}
    problems = []
    for fact, key in zip(facts, keys, strict=True):
        row = existing.get(key)
        if row is not None and row.fact_type != fact.type:
            problems.append(f"{fact.type} {key}: the key is already a {row.fact_type} record")
    if problems:
        raise RecordError(problems)

    merged: set[str] = set()
    groups = _assign_groups(facts, keys, index, merged)
    patches: dict[str, documents.Patch] = defaultdict(dict)
    result = RecordResult(keys=keys)
    by_type: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for fact, key in zip(facts, keys, strict=True):
        by_type[fact.type].append((key, fact))
    changed_groups: set[str] = set()
    stale: list[versions.Conflict] = []
    unversioned: list[str] = []
    for fact_type, items in by_type.items():
        model = RECORD_MODELS[fact_type]
        stored_keys = [k for k, _ in items if k in existing]  # only those can be stored
        stored = {
            r.key: r
            for chunk in _chunks(stored_keys, bulk.IN_CHUNK)
            for r in model.objects.filter(key__in=chunk)
        }
        to_create: list[dict[str, Any]] = []
        for key, fact in items:
            columns = fact_to_columns(fact)
            group = groups[key]
            record = stored.get(key)
            if record is None:
                to_create.append(
                    {
                        "key": key,
                        "subject_group": group,
                        "recorded_at": when,
                        "recorded_by": actor,
                        "recorded_why": why,
                        "import_source": source,
                        **columns,
                    }
                )
                changed_groups.add(group)
                patches[group][fact_type, key] = documents.record_mapping(model, key, columns)
                continue
            differs = (
                record.voided_at is not None
                or record.subject_group != group
                or any(
                    value_differs(getattr(record, name), value) for name, value in columns.items()
                )
            )
            if not differs:
                result.unchanged += 1
                continue
            if versions_from is not None or versions_required:
                made_from = (versions_from or {}).get(key)
                if made_from is None:
                    if versions_required:
                        unversioned.append(
                            f"{fact_type} {key}: a change of a stored record names the version "
                            "it was made from; read the record and send its version"
                        )
                    continue
                if not versions.is_current(fact_type, key, made_from):
                    found = versions.conflict(
                        fact_type, key, made_from, proposed_columns=columns, why=why
                    )
                    if isinstance(found, str):
                        unversioned.append(found)
                    else:
                        stale.append(found)
                    continue
            if recorded_at is not None:
                _refuse_out_of_order(model, key, when)
                record._history_date = when
            for name, value in columns.items():
                setattr(record, name, value)
            record.subject_group = group
            record.voided_at, record.voided_by, record.voided_why = None, "", ""
            record.recorded_by, record.recorded_why = actor, why
            record._change_reason = why or f"recorded by {actor}"
            record._history_user = who.user
            record.save()
            result.updated += 1
            changed_groups.add(group)
            patches[group][fact_type, key] = documents.record_mapping(model, key, columns)
        if to_create:
            _insert_new(
                model,
                to_create,
                now=now,
                when=when,
                reason=why or f"recorded by {actor}",
                user_id=who.user_id,
            )
            result.created += len(to_create)
    if unversioned:  # raised in the transaction: what the loop saved is rolled back
        raise VersionRequired(unversioned)
    if stale:
        raise StaleVersion(stale)
    _index(facts, keys, groups, existing)
    # the groups' facts documents, in this transaction: a merged group's anew
    documents.update_documents(patches, rebuild=merged)
    lending = {groups[k] for fact, k in zip(facts, keys, strict=True) if fact.type in LENT_TYPES}
    result.groups = changed_groups | partner_groups(lending & changed_groups)
    _touch_groups(result.groups, now)
    return result


def partner_groups(groups: set[str]) -> set[str]:
    """The groups that lend records to ``groups`` or borrow records from them: those
    holding what their facts name by a weak reference, and those whose facts name
    theirs (see :data:`~sanitas.records.bridge.WEAK_REFERENCES`)."""
    if not groups:
        return set()
    names = sorted(groups)
    partners: set[str] = set()
    # the groups' members and what they name are read first and asked for as lists:
    # as subqueries, a planner that believes a table empty (its statistics not yet
    # taken after a load) joins them by scanning the whole record index per row
    members = sorted(k for (k,) in bulk.select_in(RecordIndex, "subject_group", names, ("key",)))
    for fact_type, fields in WEAK_REFERENCES.items():
        model = RECORD_MODELS[fact_type]
        live = model.objects.filter(voided_at__isnull=True).order_by()
        for name in fields:
            named: set[str] = set()
            for start in range(0, len(names), bulk.IN_CHUNK):
                chunk = names[start : start + bulk.IN_CHUNK]
                named.update(
                    v
                    for v in live.filter(subject_group__in=chunk).values_list(name, flat=True)
                    if v
                )
            partners.update(
                g for (g,) in bulk.select_in(RecordIndex, "key", sorted(named), ("subject_group",))
            )
            for start in range(0, len(members), bulk.IN_CHUNK):
                chunk = members[start : start + bulk.IN_CHUNK]
                partners.update(
                    live.filter(**{f"{name}__in": chunk}).values_list("subject_group", flat=True)
                )
    return partners - groups


def fact_key_of(fact: Any) -> str:
    if fact.id is not None:
        return fact.id
    return fact_key({"type": fact.type, **fact_to_columns_plain(fact)})


def fact_to_columns_plain(fact: Any) -> dict[str, Any]:
    columns = fact_to_columns(fact)
    return {k: v for k, v in columns.items() if v is not None}


def value_differs(stored: Any, new: Any) -> bool:
    if isinstance(stored, float) or isinstance(new, float):
        return stored is None or new is None or float(stored) != float(new)
    return stored != new


def _insert_new(
    model, rows: list[dict[str, Any]], *, now, when, reason: str, user_id: int | None
) -> None:
    """New records of one type, each with its first version in the history, dated
    ``when`` (the rows' ``updated_at`` is ``now``, the time of the write itself)."""
    table = bulk.table(model)
    table.insert(rows, now=now)
    table.keep_history_of(
        "key", [row["key"] for row in rows], kind="+", reason=reason, when=when, user_id=user_id
    )


def _refuse_out_of_order(model, key: str, when: datetime) -> None:
    """A version given a past time may not come before the record's latest version:
    the latest version must be the record as it stands."""
    latest = (
        model.history.filter(key=key).order_by("-history_date").values_list("history_date")
    ).first()
    if latest is not None and latest[0] > when:
        raise RecordError(
            [
                f"{model.fact_type} {key}: recorded_at {when.isoformat()} is before its "
                f"version of {latest[0].isoformat()}"
            ]
        )


def _assign_groups(
    facts: list[Any], keys: list[str], index: BatchIndex, merged: set[str]
) -> dict[str, str]:
    """Each record's subject group: the records connected by references form one group
    (a business with its premises, devices, pump-outs, employees, notices…), so that
    evaluating a group alone finds what evaluating the whole city would. The stored
    groups that others joined are added to ``merged``."""
    parent: dict[str, str] = {}

    def find(key: str) -> str:
        while parent.setdefault(key, key) != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    def union(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    referenced: set[str] = set()
    for fact, key in zip(facts, keys, strict=True):
        find(key)
        for target in references_of(fact, weak=False):
            referenced.add(target)
            union(key, target)
    index.load(referenced)
    stored_groups = {
        key: row.subject_group
        for key in sorted(referenced | set(keys))
        if (row := index.rows.get(key)) is not None
    }
    # stored groups that the batch connects are merged too
    for key, group in stored_groups.items():
        union(key, f"group:{group}")
    members: dict[str, list[str]] = defaultdict(list)
    for node in list(parent):
        members[find(node)].append(node)
    names: dict[str, str] = {}
    for root, nodes in members.items():
        stored = sorted(n.removeprefix("group:") for n in nodes if n.startswith("group:"))
        # a component keeps the name of the (first) stored group it holds, else the first
        # key of a thing in it (an event's digest key names no group)
        named = sorted(n for n in nodes if "~" not in n and not n.startswith("group:"))
        names[root] = stored[0] if stored else (named or sorted(nodes))[0]
    merged_away = {
        (group, names[find(key)])
        for key, group in stored_groups.items()
        if group != names[find(key)]
    }
    for old, new in merged_away:
        _rename_group(old, new)
        merged.add(new)
    return {key: names[find(key)] for key in keys}


def _rename_group(old: str, new: str) -> None:
    """Records of ``old`` join ``new`` (a batch connected the two)."""
    for model in RECORD_MODELS.values():
        model.objects.filter(subject_group=old).update(subject_group=new)
    RecordIndex.objects.filter(subject_group=old).update(subject_group=new)
    from sanitas.records.models import DataProblem, Finding

    Finding.objects.filter(subject_group=old).update(subject_group=new)
    findings.merge_documents(old, new)
    DataProblem.objects.filter(subject_group=old).update(subject_group=new)
    SubjectGroup.objects.filter(key=old).delete()
    documents.rename_document(old, new)
    from sanitas.records import worklist

    worklist.rename(old, new)
    # the group now holds other findings than its digest says
    SubjectGroup.objects.filter(key=new).update(findings_digest="")


def _index(
    facts: list[Any], keys: list[str], groups: dict[str, str], existing: dict[str, IndexRow]
) -> None:
    rows = {key: (fact.type, groups[key]) for fact, key in zip(facts, keys, strict=True)}
    new = []
    changed = []
    for key, (fact_type, group) in rows.items():
        row = existing.get(key)
        if row is None:
            new.append({"key": key, "fact_type": fact_type, "subject_group": group})
        elif row.subject_group != group or row.voided:
            changed.append({"id": row.id, "subject_group": group, "voided": False})
    index = bulk.table(RecordIndex)
    index.insert(new, now=timezone.now())
    index.update(changed, ["subject_group", "voided"])


def _touch_groups(groups: set[str], now) -> None:
    if not groups:
        return
    existing = set(SubjectGroup.objects.filter(key__in=list(groups)).values_list("key", flat=True))
    SubjectGroup.objects.bulk_create(
        [SubjectGroup(key=g, changed_at=now) for g in sorted(groups - existing)], batch_size=1000
    )
    SubjectGroup.objects.filter(key__in=list(groups & existing)).update(changed_at=now)


@transaction.atomic
def void_record(
    *,
    key: str,
    actor: Any,
    why: str,
    voided_at: datetime | None = None,
    version: str | None = None,
    evaluate: bool = True,
) -> set[str]:
    """Void a record: it stays, with who voided it, when and why, and leaves every
    evaluation from now on; the groups it touched are evaluated again before it
    returns (``evaluate=False``: left to the next sweep, as :func:`record_facts`).
    A record other live records name cannot be voided before them. ``voided_at``
    (trusted intake paths only) is when it was voided, if not now. ``version`` is the
    version the void was asked from: refused (:class:`StaleVersion`) when the record
    changed since. Returns the subject groups whose findings it may have changed.
    Inside a replay of the past, its moment is ``voided_at`` when none is given."""
    touched = _void(key=key, actor=actor, why=why, voided_at=voided_at, version=version)
    if evaluate:
        evaluate_groups(touched)
    return touched


def _void(
    *, key: str, actor: Any, why: str, voided_at: datetime | None, version: str | None
) -> set[str]:
    """Void a record (:func:`void_record` without the evaluation), in the caller's
    transaction."""
    now = timezone.now()
    voided_at = voided_at or replay.moment()
    when = recording_time(voided_at, now=now, what=f"{key}: voided_at")
    if not why.strip():
        raise RecordError([f"{key}: a reason is required to void a record"])
    who = acting(actor)
    lock_records()
    try:
        index = RecordIndex.objects.select_for_update().get(key=key)
    except RecordIndex.DoesNotExist:
        raise RecordError([f"{key}: no such record"]) from None
    if version is not None and not versions.is_current(index.fact_type, key, version):
        found = versions.conflict(index.fact_type, key, version, proposed_columns=None, why=why)
        if isinstance(found, str):
            raise RecordError([found])
        raise StaleVersion([found])
    if index.voided:
        raise RecordError([f"{key}: already void"])
    model = RECORD_MODELS[index.fact_type]
    dependants = _live_references_to(key, index.subject_group)
    if dependants:
        raise RecordError(
            [f"{key}: still named by {', '.join(sorted(dependants)[:10])}; void those first"]
        )
    record = model.objects.get(key=key)
    if voided_at is not None:
        _refuse_out_of_order(model, key, when)
        record._history_date = when
    record.voided_at = when
    record.voided_by = who.name
    record.voided_why = why
    record._change_reason = f"voided: {why}"
    record._history_user = who.user
    record.save()
    index.voided = True
    index.save(update_fields=["voided"])
    documents.update_documents({index.subject_group: {(index.fact_type, key): None}})
    touched = {index.subject_group}
    if index.fact_type in LENT_TYPES:
        touched |= partner_groups(touched)
    _touch_groups(touched, now)
    return touched


def _live_references_to(key: str, group: str) -> list[str]:
    names = []
    for model in RECORD_MODELS.values():
        if not model.references and not model.list_references:
            continue
        rows = model.objects.filter(subject_group=group, voided_at__isnull=True)
        for name in model.references:
            names.extend(rows.filter(**{name: key}).values_list("key", flat=True))
        for name in model.list_references:
            for row_key, values in rows.values_list("key", name):
                if values and key in values:
                    names.append(row_key)
    # weak references cross subject groups
    for fact_type, fields in WEAK_REFERENCES.items():
        live = RECORD_MODELS[fact_type].objects.filter(voided_at__isnull=True)
        for name in fields:
            names.extend(
                live.filter(**{name: key})
                .exclude(subject_group=group)
                .values_list("key", flat=True)
            )
    return names


def problems_of(exc: Exception) -> list[str]:
    if isinstance(exc, FactsError | RecordError):
        return exc.problems
    return [str(exc)]
