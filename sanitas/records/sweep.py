"""The sweep: records → facts → the engine → the worklist.

Subject group by subject group, the sweep turns the stored records into the
engine's facts, evaluates them as of a date, and stores the findings. It is
idempotent (a second run with nothing changed writes nothing) and incremental:
it evaluates only the groups whose records changed since they were last swept,
or whose earliest open deadline, future-dated fact or next calendar quarter has
arrived; ``full=True`` evaluates every group.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass
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
from sanitas.records.bridge import record_to_fact
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
        rows = model.objects.filter(subject_group__in=groups, voided_at__isnull=True).order_by(
            "key"
        )
        for record in rows.iterator(chunk_size=2000):
            out[record.subject_group].append(record_to_fact(record))
    return out


def sweep(*, as_of: date, full: bool = False, pack: RulePack | None = None) -> SweepResult:
    pack = pack or jurisdiction_pack()
    result = SweepResult()
    pending = groups_to_sweep(as_of, full=full)
    for start in range(0, len(pending), CHUNK):
        chunk = pending[start : start + CHUNK]
        _sweep_chunk(chunk, as_of, pack, result)
    return result


@transaction.atomic
def _sweep_chunk(groups: list[str], as_of: date, pack: RulePack, result: SweepResult) -> None:
    # writers of records take turns with the sweep, so that no batch can commit
    # between reading the groups and stamping them swept and go unnoticed
    lock_records()
    facts_by_group = group_facts(groups)
    now = timezone.now()
    produced: dict[str, list[tuple[tuple, EngineFinding]]] = {}
    next_checks: dict[str, date | None] = {}
    for group in groups:
        raw = facts_by_group.get(group, [])
        facts = parse_facts(raw)
        evaluation = evaluate_facts(facts, as_of=as_of, pack=pack)
        keyed: list[tuple[tuple, EngineFinding]] = []
        seen: dict[tuple, int] = defaultdict(int)
        for finding in evaluation.findings:
            base = (finding.requirement, finding.subject, finding.period or "")
            keyed.append(((*base, seen[base]), finding))
            seen[base] += 1
        produced[group] = keyed
        next_checks[group] = _next_check(evaluation.findings, facts, as_of)
    _store_findings(groups, produced, as_of, now, result)
    for group in groups:
        SubjectGroup.objects.update_or_create(
            key=group,
            defaults={"swept_at": now, "swept_as_of": as_of, "next_check_on": next_checks[group]},
        )
    result.groups += len(groups)


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
    produced: dict[str, list[tuple[tuple, EngineFinding]]],
    as_of: date,
    now: datetime,
    result: SweepResult,
) -> None:
    from simple_history.utils import bulk_create_with_history, bulk_update_with_history

    stored = {
        (f.requirement, f.subject, f.period, f.ordinal): f
        for f in Finding.objects.filter(subject_group__in=groups)
    }
    to_create: list[Finding] = []
    to_update: list[Finding] = []
    kept: set[tuple] = set()
    for group in groups:
        for key, finding in produced[group]:
            kept.add(key)
            values = {
                "subject_group": group,
                "status": finding.status,
                "due": _iso(finding.due),
                "cite": finding.cite,
                "explanation": finding.explanation,
            }
            row = stored.get(key)
            if row is None:
                to_create.append(
                    Finding(
                        requirement=key[0],
                        subject=key[1],
                        period=key[2],
                        ordinal=key[3],
                        evaluated_as_of=as_of,
                        first_found_at=now,
                        current=True,
                        **values,
                    )
                )
            elif row.current is False or any(getattr(row, k) != v for k, v in values.items()):
                for name, value in values.items():
                    setattr(row, name, value)
                row.current = True
                row.evaluated_as_of = as_of
                to_update.append(row)
    closed = [row for key, row in stored.items() if key not in kept and row.current]
    for row in closed:
        row.current = False
        row.evaluated_as_of = as_of
    if to_create:
        bulk_create_with_history(to_create, Finding, batch_size=500)
    fields = [
        "subject_group",
        "status",
        "due",
        "cite",
        "explanation",
        "current",
        "evaluated_as_of",
        "updated_at",
    ]
    for row in to_update + closed:
        row.updated_at = now
    if to_update or closed:
        bulk_update_with_history(to_update + closed, Finding, fields, batch_size=500)
    result.findings_created += len(to_create)
    result.findings_updated += len(to_update)
    result.findings_closed += len(closed)


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
