"""The sweep: records → facts → the engine → the worklist.

Subject group by subject group, the sweep turns the stored records into the
engine's facts, evaluates them as of a date, and stores the findings. It is
idempotent (a second run with nothing changed writes nothing) and incremental:
it evaluates only the groups whose records changed since they were last swept,
or whose earliest open deadline, future-dated fact or next calendar quarter has
arrived; ``full=True`` evaluates every group.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import defaultdict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from sanitas.ordinance.calendar import quarter_of, quarter_start
from sanitas.ordinance.engine import Finding as EngineFinding
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import RulePack, load_pack
from sanitas.records import bulk
from sanitas.records.bridge import fact_columns, row_to_fact
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex, SubjectGroup
from sanitas.records.services import lock_records

CHUNK = 400


def jurisdiction_pack() -> RulePack:
    return load_pack(os.environ.get("SANITAS_JURISDICTION", "san-gabriel"))


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


def group_facts(groups: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The live records of ``groups`` as facts-file mappings, by group."""
    types = (
        RecordIndex.objects.filter(subject_group__in=groups, voided=False)
        .values_list("fact_type", flat=True)
        .distinct()
    )
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for fact_type in sorted(set(types)):
        model = RECORD_MODELS[fact_type]
        names = fact_columns(model)
        rows = (
            model.objects.filter(subject_group__in=groups, voided_at__isnull=True)
            .order_by("key")
            .values_list("subject_group", "key", *names)
        )
        for group, key, *values in rows.iterator(chunk_size=2000):
            out[group].append(row_to_fact(model, key, values))
    return out


def default_workers() -> int:
    """Processes that evaluate groups side by side: one per core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def sweep(
    *, as_of: date, full: bool = False, pack: RulePack | None = None, workers: int = 1
) -> SweepResult:
    """Evaluate the groups that need it (all of them with ``full``) and store the
    findings. With ``workers`` above one, the engine runs in that many processes
    while this one reads the records and stores what they found."""
    pack = pack or jurisdiction_pack()
    result = SweepResult()
    pending = groups_to_sweep(as_of, full=full)
    parallel = workers > 1 and len(pending) > BATCH
    with _evaluator(pack, workers if parallel else 1) as evaluator:
        for start in range(0, len(pending), CHUNK):
            chunk = pending[start : start + CHUNK]
            _sweep_chunk(chunk, as_of, pack, evaluator, result)
    return result


#: groups per evaluation job
BATCH = 40

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


#: what the sweep keeps of a finding: (requirement, subject, period, ordinal) and
#: (status, due, cite, explanation)
Evaluated = tuple[str, list[tuple[tuple, tuple]], date]


def evaluate_groups(
    batch: list[tuple[str, list[dict[str, Any]]]], as_of: date, pack: RulePack | None = None
) -> list[Evaluated]:
    """Each group's findings, keyed, and the day to look at it again."""
    pack = pack or _WORKER_PACK
    out: list[Evaluated] = []
    for group, raw in batch:
        facts = parse_facts(raw)
        evaluation = evaluate_facts(facts, as_of=as_of, pack=pack)
        keyed: list[tuple[tuple, tuple]] = []
        seen: dict[tuple, int] = defaultdict(int)
        for finding in evaluation.findings:
            base = (finding.requirement, finding.subject, finding.period or "")
            values = (finding.status, _iso(finding.due), finding.cite, finding.explanation)
            keyed.append(((*base, seen[base]), values))
            seen[base] += 1
        out.append((group, keyed, _next_check(evaluation.findings, facts, as_of)))
    return out


@transaction.atomic
def _sweep_chunk(
    groups: list[str], as_of: date, pack: RulePack, evaluator: Any, result: SweepResult
) -> None:
    # writers of records take turns with the sweep, so that no batch can commit
    # between reading the groups and stamping them swept and go unnoticed
    lock_records()
    now = timezone.now()
    inline = isinstance(evaluator, _Inline)
    jobs = []
    clock = time.perf_counter()
    facts_by_group = group_facts(groups)  # a query per fact type: the whole chunk at once
    _lap(result, "read", clock)
    for start in range(0, len(groups), BATCH):
        batch = groups[start : start + BATCH]
        clock = time.perf_counter()
        payload = [(group, facts_by_group.pop(group, [])) for group in batch]
        if inline:
            jobs.append(evaluator.submit(evaluate_groups, payload, as_of, pack))
            _lap(result, "evaluate", clock)
        else:
            jobs.append(evaluator.submit(evaluate_groups, payload, as_of))
    next_checks: dict[str, date] = {}
    for job in jobs:
        clock = time.perf_counter()
        evaluated = job.result()
        if not inline:  # the time spent waiting for the workers
            clock = _lap(result, "evaluate", clock)
        produced = {group: keyed for group, keyed, _next in evaluated}
        next_checks.update((group, next_check) for group, _keyed, next_check in evaluated)
        _store_findings(list(produced), produced, as_of, now, result)
        _lap(result, "store", clock)
    clock = time.perf_counter()
    _stamp_groups(groups, as_of, now, next_checks)
    _lap(result, "store", clock)
    result.groups += len(groups)


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
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


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
    kept: set[tuple] = set()
    db_now = findings.db_value("first_found_at", now)
    db_as_of = findings.db_value("evaluated_as_of", as_of)
    for group in groups:
        for key, (status, due, cite, explanation) in produced[group]:
            kept.add(key)
            row = stored.get(key)
            if row is None:
                # in the order of _NEW_COLUMNS
                to_create.append(
                    (*key, group, status, due, cite, explanation, db_as_of, db_now, db_now, True)
                )
                continue
            values = {
                "subject_group": group,
                "status": status,
                "due": due,
                "cite": cite,
                "explanation": explanation,
            }
            if not row["current"] or any(row[k] != v for k, v in values.items()):
                to_update.append(
                    {"id": row["id"], **values, "current": True, "evaluated_as_of": as_of}
                )
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
        findings.keep_history_since(after, kind="+", reason=None, when=now)
    if changed:
        findings.update(changed, [*_COMPARED, "current", "evaluated_as_of", "updated_at"])
        findings.keep_history_of(
            "id", [row["id"] for row in changed], kind="~", reason=None, when=now
        )
    result.findings_created += len(to_create)
    result.findings_updated += len(to_update)
    result.findings_closed += len(closed)


#: a stored finding's values that the sweep compares with the engine's
_COMPARED = ("subject_group", "status", "due", "cite", "explanation")
_NEW_COLUMNS = (
    *("requirement", "subject", "period", "ordinal"),
    *_COMPARED,
    *("evaluated_as_of", "first_found_at", "updated_at", "current"),
)


def _stamp_groups(groups: list[str], as_of: date, now: datetime, next_checks: dict) -> None:
    """Each group's sweep time, the date it was swept as of, and when to look again."""
    known = dict(SubjectGroup.objects.filter(key__in=groups).values_list("key", "id"))
    values = {"swept_at": now, "swept_as_of": as_of}
    table = bulk.table(SubjectGroup)
    table.update(
        [{"id": known[g], **values, "next_check_on": next_checks[g]} for g in groups if g in known],
        ["swept_at", "swept_as_of", "next_check_on"],
    )
    table.insert(
        [
            {"key": g, **values, "changed_at": now, "next_check_on": next_checks[g]}
            for g in groups
            if g not in known
        ],
        now=now,
    )


def export_facts(*, as_of: date | None = None, subject: str | None = None) -> dict[str, Any]:
    """A facts document of the live records (of one subject's group), which
    re-imports to the same records and evaluates to the same findings."""
    if subject is not None:
        group = RecordIndex.objects.filter(key=subject).values_list("subject_group", flat=True)
        groups = list(group)
    else:
        groups = list(SubjectGroup.objects.order_by("key").values_list("key", flat=True))
    facts: list[dict[str, Any]] = []
    for start in range(0, len(groups), CHUNK):
        by_group = group_facts(groups[start : start + CHUNK])
        for group in groups[start : start + CHUNK]:
            facts.extend(by_group.get(group, []))
    document: dict[str, Any] = {"name": "Exported records", "facts": facts}
    if as_of is not None:
        document = {"name": document["name"], "as_of": as_of.isoformat(), "facts": facts}
    return document
