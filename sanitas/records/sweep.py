"""The sweep: records → facts → the engine → the worklist.

Subject group by subject group, the sweep turns the stored records into the
engine's facts, evaluates them as of a date, and stores the findings (with the
readings they rely on) and the group's data problems. It is
idempotent (a second run with nothing changed writes nothing) and incremental:
it evaluates only the groups whose records changed since they were last swept,
or whose earliest open deadline, future-dated fact or next calendar quarter has
arrived; ``full=True`` evaluates every group.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Max, Q, QuerySet
from django.utils import timezone
from orjson import OPT_SORT_KEYS, dumps

from sanitas.ordinance.calendar import quarter_of, quarter_start
from sanitas.ordinance.engine import Finding as EngineFinding
from sanitas.ordinance.engine import evaluate_facts, paused_gc
from sanitas.ordinance.facts import FACT_TYPES, FactsError, parse_facts
from sanitas.ordinance.pack import RulePack, load_pack
from sanitas.records import bulk, deferred, worklist
from sanitas.records import findings as findings_documents
from sanitas.records.bridge import WEAK_REFERENCES, WEAK_TARGET_TYPES, fact_columns, row_to_fact
from sanitas.records.documents import Place, Placed, read_documents, table_facts
from sanitas.records.models import RECORD_MODELS, DataProblem, Finding, RecordIndex, SubjectGroup
from sanitas.records.services import lock_records

CHUNK = 400


def jurisdiction_pack() -> RulePack:
    return load_pack(os.environ.get("SANITAS_JURISDICTION", "").strip() or "san-gabriel")


@dataclass
class SweepResult:
    groups: int = 0
    findings_created: int = 0
    findings_updated: int = 0
    findings_closed: int = 0
    #: seconds spent reading records, evaluating and storing findings
    seconds: dict[str, float] = field(
        default_factory=lambda: {"read": 0.0, "evaluate": 0.0, "store": 0.0}
    )


def groups_to_sweep(as_of: date, *, full: bool = False) -> list[str]:
    groups = SubjectGroup.objects.all()
    if not full:
        groups = groups.filter(
            Q(swept_at__isnull=True)
            | Q(changed_at__gt=F("swept_at"))
            | Q(next_check_on__lte=as_of)
            | Q(swept_as_of__gt=as_of)
        )
    return list(groups.order_by("key").values_list("key", flat=True))


def placed_facts(groups: list[str]) -> dict[str, list[Placed]]:
    """The live records of ``groups`` as facts-file mappings with their places, by
    group, each group's in the order of their places: read from the groups' facts
    documents (one row per group, see :mod:`sanitas.records.documents`)."""
    return read_documents(groups)


def group_facts(groups: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The live records of ``groups`` as facts-file mappings, by group."""
    return {g: [fact for _place, fact in placed] for g, placed in placed_facts(groups).items()}


def evaluation_facts(group: str) -> tuple[list[dict[str, Any]], set[str]]:
    """What the sweep evaluates for ``group``: its facts and those it is lent, in
    place, and the keys of the lent ones (whose findings belong to other groups)."""
    own = placed_facts([group])
    lent = lent_facts([group], own)[group]
    return _in_place(own.get(group, []), lent), set(lent)


def default_workers() -> int:
    """Processes that evaluate groups side by side: one per core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def _fact_refs(raw: dict[str, Any]) -> list[str]:
    """The keys a facts-file mapping names, by any reference."""
    model = FACT_TYPES[raw["type"]]
    keys = [raw[name] for name in model.references if raw.get(name)]
    for name in model.list_references:
        keys.extend(raw.get(name) or ())
    return keys


def _facts_by_key(keys: set[str]) -> dict[str, tuple[Place, dict[str, Any]]]:
    """The live records named ``keys``, as facts-file mappings with their places."""
    by_type: dict[str, list[str]] = defaultdict(list)
    for key, fact_type in bulk.select_in(RecordIndex, "key", sorted(keys), ("key", "fact_type")):
        by_type[fact_type].append(key)
    out: dict[str, tuple[Place, dict[str, Any]]] = {}
    for fact_type, wanted in by_type.items():
        model = RECORD_MODELS[fact_type]
        names = fact_columns(model)
        for start in range(0, len(wanted), bulk.IN_CHUNK):
            rows = (
                model.objects.filter(
                    key__in=wanted[start : start + bulk.IN_CHUNK], voided_at__isnull=True
                )
                .order_by()
                .values_list("subject_group", "key", *names)
            )
            for group, key, *values in rows:
                out[key] = ((group, fact_type, key), row_to_fact(model, key, values))
    return out


def _naming(targets: list[str]) -> Iterator[tuple[str, str, QuerySet]]:
    """The live records that name one of ``targets`` by a weak reference: for each
    (fact type, field) of :data:`~sanitas.records.bridge.WEAK_REFERENCES` and each
    chunk of targets, a query of them, unordered."""
    for fact_type, fields in WEAK_REFERENCES.items():
        model = RECORD_MODELS[fact_type]
        for field_name in fields:
            for start in range(0, len(targets), bulk.IN_CHUNK):
                chunk = targets[start : start + bulk.IN_CHUNK]
                yield (
                    fact_type,
                    field_name,
                    model.objects.filter(
                        **{f"{field_name}__in": chunk}, voided_at__isnull=True
                    ).order_by(),
                )


def lent_facts(
    groups: list[str], own: dict[str, list[tuple[Place, dict[str, Any]]]]
) -> dict[str, dict[str, tuple[Place, dict[str, Any]]]]:
    """For each group, the records of other groups that its evaluation needs, by key:
    the parties its facts name by a weak reference, the facts of other groups that
    name its members so, and everything those name in turn (a generator's
    establishment and premises, say). See :data:`sanitas.records.bridge.WEAK_REFERENCES`."""
    member_of = {raw["id"]: g for g in groups for _p, raw in own.get(g, ()) if "id" in raw}
    lent: dict[str, dict[str, tuple[Place, dict[str, Any]]]] = {g: {} for g in groups}
    wanted: dict[str, set[str]] = {g: set() for g in groups}
    targets: set[str] = set()
    for g in groups:
        for _place, raw in own.get(g, ()):
            for name in WEAK_REFERENCES.get(raw["type"], ()):
                target = raw.get(name)
                if target and member_of.get(target) != g:
                    wanted[g].add(target)
            if raw["type"] in WEAK_TARGET_TYPES and "id" in raw:
                targets.add(raw["id"])
    for fact_type, field_name, naming in _naming(sorted(targets)):
        model = RECORD_MODELS[fact_type]
        rows = naming.values_list("subject_group", field_name, "key", *fact_columns(model))
        for row_group, target, key, *values in rows:
            g = member_of[target]
            if row_group != g:
                fact = row_to_fact(model, key, values)
                lent[g][key] = ((row_group, fact_type, key), fact)
                wanted[g].update(_fact_refs(fact))
    # and what the lent facts name, until nothing new is named
    while True:
        for g in groups:
            wanted[g] = {k for k in wanted[g] if k not in lent[g] and member_of.get(k) != g}
        needed = set().union(*wanted.values()) if wanted else set()
        if not needed:
            return lent
        found = _facts_by_key(needed)
        for g in groups:
            named, wanted[g] = wanted[g], set()
            for key in named:
                placed = found.get(key)
                if placed is not None:
                    lent[g][key] = placed
                    wanted[g].update(_fact_refs(placed[1]))


def sweep(
    *,
    as_of: date,
    full: bool = False,
    pack: RulePack | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> SweepResult:
    """Evaluate the groups that need it (all of them with ``full``) and store the
    findings. With ``workers`` above one, the engine runs in that many processes
    while this one reads the records and stores what they found. ``progress`` is
    told (groups done, groups to do) after each chunk commits."""
    pack = pack or jurisdiction_pack()
    result = SweepResult()
    pending = groups_to_sweep(as_of, full=full)
    parallel = workers > 1 and len(pending) > BATCH
    chunks = [pending[start : start + CHUNK] for start in range(0, len(pending), CHUNK)]
    # a city's first sweep builds the worklist's orders after its rows (see
    # sanitas.records.deferred); any sweep builds those a killed one left missing
    first = deferred.first_sweep(len(pending), full=full)
    processes = workers if parallel else 1
    with deferred.built_after(first, result.seconds), _evaluator(pack, processes) as evaluator:
        ahead: _Read | None = None
        for number, chunk in enumerate(chunks):
            # with workers, the next chunk is read while they evaluate this one
            following = chunks[number + 1] if parallel and number + 1 < len(chunks) else None
            # a chunk's rows and the findings it stores make no reference cycles: the
            # collector's passes over them while it stores would free nothing
            with paused_gc():
                ahead = _sweep_chunk(chunk, ahead, following, as_of, pack, evaluator, result)
            if progress is not None:
                progress(min((number + 1) * CHUNK, len(pending)), len(pending))
    return result


def sweep_groups(
    groups: Iterable[str], *, as_of: date, pack: RulePack | None = None
) -> SweepResult:
    """Evaluate ``groups`` now, in this process, and store their findings: what a
    write does for the groups it touched. A group merged away meanwhile is skipped
    (its records are in the group that took them, which the write also names)."""
    pack = pack or jurisdiction_pack()
    result = SweepResult()
    wanted = sorted(set(groups))
    with _Inline() as evaluator:
        for start in range(0, len(wanted), CHUNK):
            chunk = wanted[start : start + CHUNK]
            _sweep_chunk(chunk, None, None, as_of, pack, evaluator, result)
    return result


def evaluation_day() -> date:
    """The day the worklist speaks for: the as-of date of the latest sweep (today
    when nothing was swept). A write evaluates its groups as of this day, so that
    they agree with the rest of the worklist; the nightly sweep moves every group
    on to the next day together."""
    latest = SubjectGroup.objects.aggregate(latest=Max("swept_as_of"))["latest"]
    return latest or timezone.localdate()


#: groups per evaluation job
BATCH = 40
#: facts per evaluation job, those lent included: a group with more is a job alone.
#: Memory in a worker is what its job holds, so that a food bank lent the records of
#: every generator it serves (thousands, in a large city) is not evaluated beside six
#: others, and the jobs stay of a size whatever the city's
BATCH_FACTS = 2_000

_WORKER_PACK: RulePack | None = None


def _init_worker(pack: RulePack) -> None:
    global _WORKER_PACK
    _WORKER_PACK = pack


class _Inline:
    """Evaluation in this process, with the interface of a process pool."""

    def submit(self, fn, *args) -> Future:
        future: Future = Future()
        future.set_result(fn(*args))
        return future

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _evaluator(pack: RulePack, workers: int) -> Any:
    if workers <= 1:
        return _Inline()
    # forked workers inherit the loaded engine and pack, and never touch the database
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_init_worker,
        initargs=(pack,),
    )


#: a data problem as the sweep keeps it: the keys of the records, the English sentence
#: (which tells one problem from another) and the message it was said as (JSON, or None)
Problem = tuple[tuple[str, ...], str, dict[str, Any] | None]
#: what the sweep keeps of a group's evaluation: each finding as (requirement,
#: subject, period, ordinal) and (status, due, cite, explanation, reading, message,
#: reading message): a finding the engine said as a message keeps the message as JSON
#: and no sentence (its English is rendered where it is read:
#: :func:`sanitas.ordinance.messages.said_in_english`), one whose rule still writes a
#: sentence keeps the sentence and no message, and its reading the same way; the
#: group's data problems; the day to look at the group again; and a digest of both
Evaluated = tuple[str, list[tuple[tuple, tuple]], list[Problem], date, str]


def evaluate_groups(
    batch: list[tuple[str, list[dict[str, Any]], set[str]]],
    as_of: date,
    pack: RulePack | None = None,
    stored: Mapping[str, str] | None = None,
) -> list[Evaluated]:
    """Each group's findings, keyed, its data problems, the day to look at it again,
    and the digest of its findings and problems. The records a group was lent are
    context for its own: no rule runs on them (a food bank is lent every generator
    it serves, and would otherwise find again what each generator's group finds),
    and any finding still about them, and the problems only among them, are left to
    the group that holds them. A group whose digest is its ``stored`` one (the
    digest of the findings its last sweep stored) comes back with None for its
    findings and problems: there is nothing to store, and nothing to send back.

    Groups that name no key in common are evaluated together, in one evaluation: a
    group's findings depend on its own records and those it is lent only (a whole
    city's evaluation is the union of its groups', in the same order), and an
    evaluation costs about as much again in fixed work as one group's rules (forty
    groups together take about half the time of forty alone)."""
    pack = pack or _WORKER_PACK
    stored = stored or {}
    together = _evaluate_together(batch, as_of, pack)
    out: list[Evaluated] = []
    for group, raw, lent in batch:
        if group in together:
            facts, findings, data_problems = together[group]
        else:
            facts = parse_facts(raw)
            evaluation = evaluate_facts(
                facts, as_of=as_of, pack=pack, report_derived=False, context=lent
            )
            findings, data_problems = evaluation.findings, evaluation.data_problems
        keyed: list[tuple[tuple, tuple]] = []
        seen: dict[tuple, int] = defaultdict(int)
        for finding in findings:
            if finding.subject in lent:
                continue
            base = (finding.requirement, finding.subject, finding.period or "")
            said = finding.message  # its English is not rendered to be stored
            reading = finding.reading
            values = (
                finding.status,
                _iso(finding.due),
                finding.cite,
                finding.explanation if said is None else "",
                reading if reading is None or type(reading) is str else None,
                said.to_dict() if said is not None else None,
                None if reading is None or type(reading) is str else reading.to_dict(),
            )
            keyed.append(((*base, seen[base]), values))
            seen[base] += 1
        problems = [
            (p.facts, p.text, None if type(p.problem) is str else p.problem.to_dict())
            for p in data_problems
            if not p.facts or any(key not in lent for key in p.facts)
        ]
        next_check = _next_check(findings, facts, as_of)
        digest = findings_digest(keyed, problems)
        if stored.get(group) == digest:
            out.append((group, None, None, next_check, digest))
        else:
            out.append((group, keyed, problems, next_check, digest))
    return out


def _evaluate_together(
    batch: list[tuple[str, list[dict[str, Any]], set[str]]], as_of: date, pack: RulePack
) -> dict[str, tuple[list[Any], list[EngineFinding], list[Any]]]:
    """The facts, findings and data problems of groups of ``batch``, from evaluations
    of several groups' facts at once: the findings and problems of each group in
    the order its own evaluation gives them. The batch is cut into parts whose
    groups name no key in common (two generators lent the same food bank go to two
    parts), so that each part's facts are its groups' own, side by side. A group
    left alone in its part, or in a part where a finding or problem cannot be told
    to one group or whose facts do not parse together, is not in the result (it is
    evaluated alone)."""
    out: dict[str, tuple[list[Any], list[EngineFinding], list[Any]]] = {}
    for part, owner in _disjoint(batch):
        if len(part) > 1:
            out.update(_evaluate_part(part, owner, as_of, pack))
    return out


def _disjoint(
    batch: list[tuple[str, list[dict[str, Any]], set[str]]],
) -> list[tuple[list[tuple[str, list[dict[str, Any]], set[str]]], dict[str, str]]]:
    """``batch`` cut into parts whose groups name no key in common, each with the
    group that names each of its keys (its records' ids and every key they name)."""
    parts: list[tuple[list, dict[str, str]]] = []
    for item in batch:
        group, raw, _lent = item
        keys = {key for fact in raw for key in (fact.get("id"), *_fact_refs(fact)) if key}
        for part, owner in parts:
            if keys.isdisjoint(owner):
                part.append(item)
                owner.update(dict.fromkeys(keys, group))
                break
        else:
            parts.append(([item], dict.fromkeys(keys, group)))
    return parts


def _evaluate_part(
    part: list[tuple[str, list[dict[str, Any]], set[str]]],
    owner: dict[str, str],
    as_of: date,
    pack: RulePack,
) -> dict[str, tuple[list[Any], list[EngineFinding], list[Any]]]:
    try:
        facts = parse_facts([fact for _group, raw, _lent in part for fact in raw])
    except FactsError:
        return {}
    # what any group of the part was lent: the groups name no key in common, so none
    # of it is another's own
    lent = set().union(*(lent for _group, _raw, lent in part))
    evaluation = evaluate_facts(facts, as_of=as_of, pack=pack, report_derived=False, context=lent)
    out: dict[str, tuple[list[Any], list[EngineFinding], list[Any]]] = {}
    start = 0
    for group, raw, _lent in part:
        out[group] = (facts[start : start + len(raw)], [], [])
        start += len(raw)
    # the findings are sorted by subject, then requirement, each requirement's in the
    # order its rule found them: a group's share of them is in the order its own
    # evaluation sorts them; the problems likewise, by their facts
    for finding in evaluation.findings:
        group = owner.get(finding.subject)
        if group is None:
            return {}
        out[group][1].append(finding)
    for problem in evaluation.data_problems:
        owners = {owner.get(key) for key in problem.facts}
        if len(owners) != 1 or None in owners:
            return {}
        out[owners.pop()][2].append(problem)
    return out


def findings_digest(keyed: list[tuple[tuple, tuple]], problems: list[Problem] = ()) -> str:
    """A digest of a group's keyed findings and its data problems: equal digests,
    equal findings and problems."""
    return hashlib.blake2b(dumps([keyed, list(problems)]), digest_size=20).hexdigest()


@dataclass
class _Read:
    """When groups were read, and their evaluation jobs."""

    read_at: datetime
    jobs: list[Future]


def _read_and_submit(
    groups: list[str], read_at: datetime, as_of: date, pack: RulePack, evaluator: Any, result
) -> _Read:
    inline = isinstance(evaluator, _Inline)
    jobs = []
    clock = time.perf_counter()
    facts_by_group = placed_facts(groups)  # one row per group: the whole chunk at once
    # the digests of the findings stored: a group that finds them again sends nothing back
    stored = dict(bulk.select_in(SubjectGroup, "key", groups, ("key", "findings_digest")))
    parts = _reading_parts(groups, facts_by_group)
    _lap(result, "read", clock)
    for part in parts:
        clock = time.perf_counter()
        lent = lent_facts(part, facts_by_group)
        _lap(result, "read", clock)
        for batch in _batches(part, facts_by_group, lent):
            clock = time.perf_counter()
            payload = []
            for group in batch:
                theirs = lent.pop(group)
                payload.append(
                    (group, _in_place(facts_by_group.pop(group, []), theirs), set(theirs))
                )
            digests = {group: stored[group] for group in batch if stored.get(group)}
            if inline:
                jobs.append(evaluator.submit(evaluate_groups, payload, as_of, pack, digests))
                _lap(result, "evaluate", clock)
            else:
                # sent as bytes: the pool keeps what it was given until the job is
                # done, and bytes take a fraction of the records' objects
                blob = pickle.dumps((payload, as_of, digests), pickle.HIGHEST_PROTOCOL)
                jobs.append(evaluator.submit(_evaluate_sent, blob))
    return _Read(read_at, jobs)


def _evaluate_sent(blob: bytes) -> list[Evaluated]:
    payload, as_of, digests = pickle.loads(blob)
    return evaluate_groups(payload, as_of, None, digests)


#: records a chunk reads of what its groups are lent before it makes their jobs:
#: the parent holds one part's records at once, not a chunk's
PART_FACTS = 4 * BATCH_FACTS


def _reading_weights(groups: list[str], facts_by_group: Mapping[str, list]) -> dict[str, int]:
    """About how many records each of ``groups`` holds once it is lent what it is
    lent, counted before they are read: its own, and for each record of another
    that names one of its members by a weak reference (a generator's agreement
    with a food bank), that record and what it names. The seven food banks of the
    bench city are side by side in the order of keys: at 100,000 establishments,
    read together, they were lent some 56,000 records at once."""
    member_of = {
        raw["id"]: group
        for group in groups
        for _place, raw in facts_by_group.get(group, ())
        if raw["type"] in WEAK_TARGET_TYPES and "id" in raw
    }
    referrers: dict[str, int] = defaultdict(int)
    for _fact_type, field_name, naming in _naming(sorted(member_of)):
        rows = naming.values_list(field_name, "subject_group").annotate(count=Count("pk"))
        for target, row_group, count in rows:
            if row_group != member_of[target]:  # (a group's own are not lent it)
                referrers[member_of[target]] += count
    return {
        group: len(facts_by_group.get(group, ())) + _NAMED_BY_REFERRER * referrers[group]
        for group in groups
    }


def _reading_parts(groups: list[str], facts_by_group: Mapping[str, list]) -> list[list[str]]:
    """``groups`` cut, in order, into parts whose records lent are read together,
    of at most :data:`PART_FACTS` records by :func:`_reading_weights` (a group over
    it is a part alone)."""
    return _cut(groups, _reading_weights(groups, facts_by_group), PART_FACTS)


#: a record that names a group's member brings itself and what it names (a
#: generator's agreement, and the generator's establishment and its premises)
_NAMED_BY_REFERRER = 3


def _batches(
    groups: list[str], facts_by_group: Mapping[str, list], lent: Mapping[str, Mapping]
) -> list[list[str]]:
    """``groups`` cut into evaluation jobs, in order, of at most ``BATCH`` groups and
    ``BATCH_FACTS`` facts (their own and those they are lent)."""
    sizes = {group: len(facts_by_group.get(group, ())) + len(lent[group]) for group in groups}
    return _cut(groups, sizes, BATCH_FACTS, most=BATCH)


def _cut(
    groups: list[str], sizes: Mapping[str, int], cap: int, most: int | None = None
) -> list[list[str]]:
    """``groups`` cut, in order, into runs whose ``sizes`` add up to at most ``cap``
    (a group over it is a run alone) and of at most ``most`` groups."""
    runs: list[list[str]] = [[]]
    total = 0
    for group in groups:
        size = sizes[group]
        if runs[-1] and (len(runs[-1]) == most or total + size > cap):
            runs.append([])
            total = 0
        runs[-1].append(group)
        total += size
    return runs if runs[-1] else []


@transaction.atomic
def _sweep_chunk(
    groups: list[str],
    ahead: _Read | None,
    following: list[str] | None,
    as_of: date,
    pack: RulePack,
    evaluator: Any,
    result: SweepResult,
) -> _Read | None:
    """Store the findings of ``groups`` (read now, or ``ahead`` by the previous
    chunk), and read and submit the ``following`` groups: returned for the next."""
    # writers of records take turns with the sweep: nothing commits between reading
    # groups and taking the time of the read, and a group is stamped swept as of the
    # time it was read, so a batch that commits after the read marks it to be swept
    # again; a group changed since it was read is left to the next sweep
    lock_records()
    now = timezone.now()
    current = ahead or _read_and_submit(groups, now, as_of, pack, evaluator, result)
    after = _read_and_submit(following, now, as_of, pack, evaluator, result) if following else None
    inline = isinstance(evaluator, _Inline)
    state = {
        key: (pk, changed_at, digest)
        for key, pk, changed_at, digest in SubjectGroup.objects.filter(key__in=groups).values_list(
            "key", "id", "changed_at", "findings_digest"
        )
    }
    read_at = current.read_at
    # a group merged into another since it was chosen (its row is gone) is swept as
    # part of that one; a group changed since it was read waits for the next sweep
    fresh = [g for g in groups if g in state and state[g][1] <= read_at]
    keep = set(fresh)
    next_checks: dict[str, date] = {}
    digests: dict[str, str] = {}
    for job in current.jobs:
        clock = time.perf_counter()
        evaluated = job.result()
        if not inline:  # the time spent waiting for the workers
            clock = _lap(result, "evaluate", clock)
        evaluated = _with_findings(evaluated, state, as_of, pack)
        # a group whose findings have the digest of those its last sweep stored has
        # nothing to store: its stored findings are not even read
        produced = {
            group: keyed
            for group, keyed, _problems, _next, digest in evaluated
            if group in keep and digest != state[group][2]
        }
        problems = {
            group: found for group, _keyed, found, _next, _digest in evaluated if group in produced
        }
        for group, _keyed, _problems, next_check, digest in evaluated:
            next_checks[group], digests[group] = next_check, digest
        _store_findings(list(produced), produced, as_of, now, result)
        _store_problems(list(produced), problems, as_of, now)
        _lap(result, "store", clock)
    clock = time.perf_counter()
    _stamp_groups({g: state[g][0] for g in fresh}, as_of, read_at, next_checks, digests)
    _lap(result, "store", clock)
    result.groups += len(fresh)
    return after


def _with_findings(
    evaluated: list[Evaluated], state: Mapping[str, tuple], as_of: date, pack: RulePack
) -> list[Evaluated]:
    """``evaluated``, where a group sent back no findings (it found the digest that
    was stored when it was read) but its stored digest has changed since (another
    sweep stored it meanwhile), evaluated again here from its records as they are
    now: the write lock is held, so they are those the digest is compared with."""
    again = [
        group
        for group, keyed, _p, _n, digest in evaluated
        if keyed is None and group in state and state[group][2] != digest
    ]
    if not again:
        return evaluated
    found = {item[0]: item for item in evaluate_groups(read_groups(again), as_of, pack)}
    return [found.get(item[0], item) for item in evaluated]


def read_groups(groups: list[str]) -> list[tuple[str, list[dict[str, Any]], set[str]]]:
    """What :func:`evaluate_groups` takes for ``groups``, read now: each group's facts
    and those it is lent, in place, and the keys of the lent ones. The caller holds
    the transaction that makes the read consistent."""
    facts_by_group = placed_facts(groups)
    lent = lent_facts(groups, facts_by_group)
    return [
        (group, _in_place(facts_by_group.pop(group, []), lent[group]), set(lent[group]))
        for group in groups
    ]


def store_evaluated(
    evaluated: list[Evaluated],
    *,
    fresh: dict[str, int],
    digests: dict[str, str],
    as_of: date,
    read_at: datetime,
    now: datetime,
    result: SweepResult,
) -> None:
    """Store what :func:`evaluate_groups` found for the ``fresh`` groups (key → id:
    those unchanged since their read), whose stored ``digests`` are given, and stamp
    them swept as of the read. A group whose digest is that of its stored findings
    has nothing to store. The caller holds the records' write lock, in the
    transaction that commits it all."""
    produced = {
        group: keyed
        for group, keyed, _problems, _next, digest in evaluated
        if group in fresh and digest != digests.get(group)
    }
    problems = {
        group: found for group, _keyed, found, _next, _digest in evaluated if group in produced
    }
    next_checks = {group: next_check for group, _k, _p, next_check, _d in evaluated}
    new_digests = {group: digest for group, _k, _p, _n, digest in evaluated}
    _store_findings(list(produced), produced, as_of, now, result)
    _store_problems(list(produced), problems, as_of, now)
    _stamp_groups(fresh, as_of, read_at, next_checks, new_digests)
    result.groups += len(fresh)


def _in_place(
    own: list[tuple[Place, dict[str, Any]]], lent: dict[str, tuple[Place, dict[str, Any]]]
) -> list[dict[str, Any]]:
    """A group's facts and those it was lent, in the order an export of the whole
    city lists them: the engine then explains its findings in the same words."""
    if not lent:
        return [fact for _place, fact in own]
    return [fact for _place, fact in sorted([*own, *lent.values()], key=_by_place)]


def _lap(result: SweepResult, stage: str, since: float) -> float:
    now = time.perf_counter()
    result.seconds[stage] += now - since
    return now


def _due_date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    return value


def _next_check(findings: list[EngineFinding], facts: list[Any], as_of: date) -> date:
    """When the group's findings may change with no new record: the day after the
    earliest open deadline, the first future-dated fact, or the next quarter."""
    year, quarter = quarter_of(as_of)
    candidates = [quarter_start(year + 1, 1) if quarter == 4 else quarter_start(year, quarter + 1)]
    for finding in findings:
        if finding.status == "due":
            day = _due_date(finding.due)
            if day is not None and day >= as_of:
                candidates.append(day + timedelta(days=1))
    for fact in facts:
        day = fact.date_of()
        if day is not None and day > as_of:
            candidates.append(day)
    return min(candidates)


def _iso(value: Any) -> str:
    # due dates repeat across a city's findings: each is written once
    try:
        return _ISO[value]
    except KeyError:
        pass
    if value is None:
        text = ""
    elif isinstance(value, datetime):
        text = value.strftime("%Y-%m-%dT%H:%M")
    else:
        text = value.isoformat()
    if len(_ISO) < 100_000:
        _ISO[value] = text
    return text


_ISO: dict[Any, str] = {}


def _store_findings(
    groups: list[str],
    produced: dict[str, list[tuple[tuple, tuple]]],
    as_of: date,
    now: datetime,
    result: SweepResult,
) -> None:
    findings = bulk.table(Finding)
    stored = {
        (row["requirement"], row["subject"], row["period"], row["ordinal"]): row
        for start in range(0, len(groups), bulk.IN_CHUNK)
        for row in Finding.objects.filter(
            subject_group__in=groups[start : start + bulk.IN_CHUNK]
        ).values("id", "requirement", "subject", "period", "ordinal", *_COMPARED, "current")
    }
    to_create: list[tuple] = []
    to_update: list[dict[str, Any]] = []
    versioned: list[int] = []  # the changed rows whose change is a new version
    kept: set[tuple] = set()
    db_now = findings.db_value("first_found_at", now)
    db_as_of = findings.db_value("evaluated_as_of", as_of)

    def db_message(message: dict[str, Any] | None, column: str = "message") -> Any:
        return None if message is None else findings.db_value(column, message)

    # the worklist's lines are made of the findings as stored here, not read back: each
    # (id, group, subject, requirement, status, due, period, ordinal), and for a new
    # row, the place its id will have among the rows inserted
    listed: list[tuple] = []
    listed_new: list[tuple[int, tuple]] = []
    on_worklist = worklist.WORKLIST_STATUSES
    for group in groups:
        for key, said in produced[group]:
            status, due, cite, explanation, reading, message, reading_message = said
            kept.add(key)
            row = stored.get(key)
            if row is None:
                if status in on_worklist:
                    listed_new.append(
                        (len(to_create), (group, key[1], key[0], status, due, key[2], key[3]))
                    )
                # in the order of _NEW_COLUMNS
                to_create.append(
                    (
                        *(*key, group, status, due, cite, explanation, reading),
                        db_message(message),
                        db_message(reading_message, "reading_message"),
                        *(db_as_of, db_now, db_now, True),
                    )
                )
                continue
            if status in on_worklist:
                listed.append((row["id"], group, key[1], key[0], status, due, key[2], key[3]))
            values = {
                "subject_group": group,
                "status": status,
                "due": due,
                "cite": cite,
                "explanation": explanation,
                "reading": reading,
                "message": message,
                "reading_message": reading_message,
            }
            if not row["current"] or any(
                row[k] != v and (k not in _JSON_COLUMNS or _json(row[k]) != _json(v))
                for k, v in values.items()
            ):
                to_update.append(
                    {"id": row["id"], **values, "current": True, "evaluated_as_of": as_of}
                )
                if not row["current"] or any(row[k] != values[k] for k in _VERSIONED):
                    versioned.append(row["id"])
    closed = [
        {"id": row["id"], **{k: row[k] for k in _COMPARED}, "current": False}
        for key, row in stored.items()
        if key not in kept and row["current"]
    ]
    for row in closed:
        row["evaluated_as_of"] = as_of
    changed = to_update + closed
    for row in changed:
        row["updated_at"] = now
    if to_create:
        # the records' write lock is held: the rows above the highest id are ours
        after = findings.max_pk()
        findings.insert_values(_NEW_COLUMNS, to_create)
        ids = findings.ids_since(after, len(to_create))
        listed.extend((ids[place], *finding) for place, finding in listed_new)
        findings.keep_history_since(after, kind="+", reason=None, when=now)
    if changed:
        findings.update(changed, [*_COMPARED, "current", "evaluated_as_of", "updated_at"])
    # a finding's history is its status: a new version when its status, due date,
    # group or being found change, not when only its words do (an explanation that
    # counts the days since a deadline changes every night; the words are kept with
    # the group's findings document)
    versioned.extend(row["id"] for row in closed)
    if versioned:
        findings.keep_history_of("id", versioned, kind="~", reason=None, when=now)
    # and each group's findings, with their words, as one document
    findings_documents.write_documents(
        {group: produced[group] for group in groups}, as_of=as_of, now=now
    )
    # the worklist's lines follow the rows just stored (every store comes here); a
    # group has lines only if it had a current finding with a worklist status
    worklist.replace(
        listed,
        had_lines={
            row["subject_group"]
            for row in stored.values()
            if row["current"] and row["status"] in on_worklist
        },
    )
    result.findings_created += len(to_create)
    result.findings_updated += len(to_update)
    result.findings_closed += len(closed)


def _json(value: Any) -> bytes:
    """``value`` as JSON, its keys sorted: a message read back from the database (its
    lists, its keys in the database's order) is the engine's when their JSON is."""
    return dumps(value, option=OPT_SORT_KEYS)


#: a stored finding's values that the sweep compares with the engine's
_COMPARED = (
    *("subject_group", "status", "due", "cite", "explanation", "reading", "message"),
    "reading_message",
)
#: those held as JSON: compared by their JSON, keys sorted (:func:`_json`)
_JSON_COLUMNS = frozenset({"message", "reading_message"})
#: those whose change (with ``current``) makes a new version of the finding
_VERSIONED = ("subject_group", "status", "due")
_NEW_COLUMNS = (
    *("requirement", "subject", "period", "ordinal"),
    *_COMPARED,
    *("evaluated_as_of", "first_found_at", "updated_at", "current"),
)


def _store_problems(
    groups: list[str], produced: dict[str, list[Problem]], as_of: date, now: datetime
) -> None:
    """Replace the current data problems of ``groups`` with those just ``produced``:
    a problem still reported stays as it is, one no longer reported is kept as not
    current, one reported again is current again, a new one is added."""
    problems = bulk.table(DataProblem)
    wanted = {
        g: {(tuple(facts), text): message for facts, text, message in produced[g]} for g in groups
    }
    stored: dict[tuple[str, tuple[str, ...], str], dict[str, Any]] = {}
    changed: list[dict[str, Any]] = []
    for start in range(0, len(groups), bulk.IN_CHUNK):
        rows = DataProblem.objects.filter(
            subject_group__in=groups[start : start + bulk.IN_CHUNK]
        ).values("id", "subject_group", "facts", "problem", "message", "current")
        for row in rows.order_by("id"):
            key = (row["subject_group"], tuple(row["facts"]), row["problem"])
            reported = key[1:] in wanted[row["subject_group"]]
            if key in stored or not reported:
                # no longer reported (or the same one twice, as two groups merged)
                if row["current"]:
                    changed.append({"id": row["id"], "current": False, "message": row["message"]})
                continue
            stored[key] = row
            # the same problem, said now as a message where it was stored as a sentence
            message = wanted[row["subject_group"]][key[1:]]
            if not row["current"] or _json(row["message"]) != _json(message):
                changed.append({"id": row["id"], "current": True, "message": message})
    new = [
        {
            "subject_group": group,
            "facts": list(facts),
            "problem": text,
            "message": message,
            "evaluated_as_of": as_of,
            "first_found_at": now,
            "current": True,
        }
        for group in groups
        for (facts, text), message in wanted[group].items()
        if (group, facts, text) not in stored
    ]
    if new:
        # the records' write lock is held: the rows above the highest id are ours
        after = problems.max_pk()
        problems.insert(new, now=now)
        problems.keep_history_since(after, kind="+", reason=None, when=now)
    if changed:
        for row in changed:
            row["evaluated_as_of"], row["updated_at"] = as_of, now
        problems.update(changed, ["current", "message", "evaluated_as_of", "updated_at"])
        problems.keep_history_of(
            "id", [row["id"] for row in changed], kind="~", reason=None, when=now
        )


def _stamp_groups(
    groups: dict[str, int], as_of: date, read_at: datetime, next_checks: dict, digests: dict
) -> None:
    """Each group's (key → id) sweep time, the date it was swept as of, when to look
    again, and the digest of its findings as now stored."""
    bulk.table(SubjectGroup).update(
        [
            {
                "id": pk,
                "swept_at": read_at,
                "swept_as_of": as_of,
                "next_check_on": next_checks[g],
                "findings_digest": digests[g],
            }
            for g, pk in groups.items()
        ],
        ["swept_at", "swept_as_of", "next_check_on", "findings_digest"],
    )


def export_facts(*, as_of: date | None = None, subject: str | None = None) -> dict[str, Any]:
    """A facts document of the live records (of one subject's group), which
    re-imports to the same records and evaluates to the same findings."""
    if subject is not None:
        group = RecordIndex.objects.filter(key=subject).values_list("subject_group", flat=True)
        groups = sorted(group)
    else:
        groups = sorted(SubjectGroup.objects.values_list("key", flat=True))
    facts: list[dict[str, Any]] = []
    for start in range(0, len(groups), CHUNK):
        chunk = groups[start : start + CHUNK]
        by_group = table_facts(chunk)  # the records themselves, not their documents
        # one group alone carries what it was lent, so that the file stands alone
        lent = lent_facts(chunk, by_group) if subject is not None else {}
        for group in chunk:
            facts.extend(_in_place(by_group.get(group, []), lent.get(group, {})))
    document: dict[str, Any] = {"name": "Exported records", "facts": facts}
    if as_of is not None:
        document = {"name": document["name"], "as_of": as_of.isoformat(), "facts": facts}
    return document


def _by_place(item: Placed) -> Place:
    return item[0]
