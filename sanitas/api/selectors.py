"""What the API reads: records and findings, filtered and paged.

Every list is ordered by a unique key, so that paging through it with
``limit``/``offset`` neither repeats nor skips a row while nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet, Value

from sanitas.access.roles import program_key
from sanitas.records.bridge import record_names, record_to_fact
from sanitas.records.models import RECORD_MODELS, DataProblem, Finding, Record, RecordIndex
from sanitas.records.worklist import PROGRAMS as WORKLIST_PROGRAMS
from sanitas.records.worklist import program_of as worklist_program_of

#: the programs, as the worklist and every page name them (a finding belongs to the
#: program its requirement ID's prefix says: ``sanitas.records.worklist.PROGRAMS``)
PROGRAMS: tuple[str, ...] = tuple(WORKLIST_PROGRAMS)


def program_of(requirement: str) -> str | None:
    """The program of a requirement, by the worklist's name for it."""
    return worklist_program_of(requirement)


def program_q(programs: tuple[str, ...] | list[str]) -> Q:
    """The findings of any of ``programs`` (each by any of its names), as a query."""
    match = Q(pk__in=[])
    for program in programs:
        match |= WORKLIST_PROGRAMS[program_key(program)].q()
    return match


@dataclass
class Page:
    count: int
    items: list[Any]


# --------------------------------------------------------------------------- records


def get_record(*, key: str) -> Record | None:
    """The record with ``key``, whatever its type, voided or not."""
    fact_type = RecordIndex.objects.filter(key=key).values_list("fact_type", flat=True).first()
    model = RECORD_MODELS.get(fact_type or "")
    if model is None:
        return None
    return model.objects.filter(key=key).first()


def record_versions(records: list[Record]) -> dict[str, str]:
    """The version of each of ``records`` as it stands (its ETag), by key."""
    from sanitas.records.versions import versions_of

    return versions_of([r.key for r in records], types={r.key: r.fact_type for r in records})


def record_fields(record: Record) -> dict[str, Any]:
    """A record's fields as in a facts file (no ``type``, no ``id``)."""
    fact = record_to_fact(record)
    fact.pop("type", None)
    fact.pop("id", None)
    return fact


def data_problems(*, group: str) -> list[dict[str, Any]]:
    """The data problems the last sweep found in ``group``, in the order it found
    them, each record named as the explanations name it."""
    from sanitas.records.sweep import evaluation_facts

    rows = list(
        DataProblem.objects.filter(subject_group=group, current=True)
        .order_by("id")
        .values("facts", "problem", "evaluated_as_of", "first_found_at")
    )
    if not rows:
        return []
    raw, _lent = evaluation_facts(group)
    names = record_names(raw, [key for row in rows for key in row["facts"]])
    return [{**row, "names": [names[key] for key in row["facts"]]} for row in rows]


def list_records(
    *,
    fact_type: str | None = None,
    group: str | None = None,
    updated_since: datetime | None = None,
    voided: bool | None = None,
    limit: int,
    offset: int,
) -> Page:
    """Records by key, optionally of one type, of one subject group, changed since a
    moment, voided or live."""
    if fact_type is not None:
        rows = _filtered(RECORD_MODELS[fact_type].objects.all(), group, updated_since, voided)
        rows = rows.order_by("key")
        return Page(count=rows.count(), items=list(rows[offset : offset + limit]))
    if updated_since is None:
        index = RecordIndex.objects.all()
        if group is not None:
            index = index.filter(subject_group=group)
        if voided is not None:
            index = index.filter(voided=voided)
        index = index.order_by("key").values_list("key", "fact_type")
        return Page(count=index.count(), items=_fetch(list(index[offset : offset + limit])))
    # changed since a moment, of any type: only the records tables know when
    types = RecordIndex.objects.all()
    if group is not None:
        types = types.filter(subject_group=group)
    present = sorted(set(types.values_list("fact_type", flat=True).distinct()))
    parts = [
        _filtered(RECORD_MODELS[t].objects.all(), group, updated_since, voided)
        .order_by()
        .annotate(record_type=Value(t))
        .values_list("key", "record_type")
        for t in present
        if t in RECORD_MODELS
    ]
    if not parts:
        return Page(count=0, items=[])
    union = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    union = union.order_by("key")
    return Page(count=union.count(), items=_fetch(list(union[offset : offset + limit])))


def _filtered(
    rows: QuerySet, group: str | None, updated_since: datetime | None, voided: bool | None
) -> QuerySet:
    if group is not None:
        rows = rows.filter(subject_group=group)
    if updated_since is not None:
        rows = rows.filter(updated_at__gte=updated_since)
    if voided is not None:
        rows = rows.filter(voided_at__isnull=not voided)
    return rows


def _fetch(keys: list[tuple[str, str]]) -> list[Record]:
    """The records of (key, fact type) pairs, in the pairs' order."""
    by_type: dict[str, list[str]] = {}
    for key, fact_type in keys:
        by_type.setdefault(fact_type, []).append(key)
    found: dict[str, Record] = {}
    for fact_type, type_keys in by_type.items():
        model = RECORD_MODELS.get(fact_type)
        if model is not None:
            found.update((r.key, r) for r in model.objects.filter(key__in=type_keys))
    return [found[key] for key, _ in keys if key in found]


# --------------------------------------------------------------------------- findings


def current_findings(
    *,
    program: str | None = None,
    status: str | None = None,
    requirement: str | None = None,
    subject: str | None = None,
    group: str | None = None,
    due_before: date | None = None,
    due_after: date | None = None,
) -> QuerySet[Finding]:
    """The worklist: findings the last sweep still found, earliest due first (findings
    with no due date last), then by requirement, subject, period.

    ``due_before`` and ``due_after`` are inclusive: a finding due at a time on the
    day counts as due on the day."""
    rows = Finding.objects.filter(current=True)
    if program is not None:
        rows = rows.filter(program_q([program]))
    if status is not None:
        rows = rows.filter(status=status)
    if requirement is not None:
        rows = rows.filter(requirement=requirement)
    if subject is not None:
        rows = rows.filter(subject=subject)
    if group is not None:
        rows = rows.filter(subject_group=group)
    if due_before is not None or due_after is not None:
        rows = rows.exclude(due="")
    if due_before is not None:
        # "2025-03-01T18:00" sorts after "2025-03-01": compare with the next day
        rows = rows.filter(due__lt=(due_before + timedelta(days=1)).isoformat())
    if due_after is not None:
        rows = rows.filter(due__gte=due_after.isoformat())
    undated = ExpressionWrapper(Q(due=""), output_field=BooleanField())
    return rows.order_by(undated, "due", "requirement", "subject", "period", "ordinal")


def list_findings(*, limit: int, offset: int, **filters: Any) -> Page:
    rows = current_findings(**filters)
    return Page(count=rows.count(), items=list(rows[offset : offset + limit]))


def get_finding(*, finding_id: int) -> Finding | None:
    if not 0 < finding_id < 2**63:  # no such row, and beyond what a database compares
        return None
    return Finding.objects.filter(pk=finding_id).first()


def finding_history(*, finding: Finding) -> list[Any]:
    """Every stored version of a finding, oldest first."""
    return list(finding.history.order_by("history_date", "history_id"))


def api_tokens() -> QuerySet:
    """Every API token, live and revoked, oldest first."""
    from sanitas.api.models import ApiToken

    return ApiToken.objects.select_related("user").order_by("id")
