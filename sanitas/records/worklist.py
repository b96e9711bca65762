"""The worklist's lines, kept by the sweep (:class:`~sanitas.records.models.WorklistRow`).

The worklist shows each obligation's run of findings of one status (same subject,
requirement and status) as one line when it holds at least :data:`RUN_LENGTH`
findings, and every other finding as a line of its own, each line where its first
finding falls in the chosen order. Computed at each request from the findings, that
is a window over every open finding of the city: at 100,000 establishments, millions
of rows sorted for each page. Kept here instead, rebuilt for the groups whose
findings a sweep (or a write) just stored, in the same transaction, a page is an
index scan of the lines. The rows are derived from the findings and hold nothing of
their own, so a group's are replaced whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Q

from sanitas.records import bulk
from sanitas.records.models import Finding, WorklistRow

# --------------------------------------------------------------------------- programs


@dataclass(frozen=True)
class Program:
    """A program of the city's law, known by the prefixes of its requirement IDs."""

    key: str
    label: str
    prefixes: tuple[str, ...]
    excludes: tuple[str, ...] = ()

    def covers(self, requirement: str) -> bool:
        return requirement.startswith(self.prefixes) and not requirement.startswith(self.excludes)

    def q(self) -> Q:
        """The findings of this program, as a query."""
        found = Q()
        for prefix in self.prefixes:
            found |= Q(requirement__startswith=prefix)
        for prefix in self.excludes:
            found &= ~Q(requirement__startswith=prefix)
        return found


PROGRAMS: dict[str, Program] = {
    program.key: program
    for program in (
        # grease traps of § 51.63 belong to the FOG program, the rest of Chapter 51's
        # general sewer rules to sewer permits
        Program("fog", "FOG (fats, oils and grease)", ("FOG-", "SEW-GREASE-")),
        Program("sewer", "Sewer permits", ("PRM-", "SEW-"), excludes=("SEW-GREASE-",)),
        Program("solid_waste", "Solid waste", ("SW-", "GEN-")),
        Program("sb1383", "SB 1383 organic waste", ("ORG-",)),
    )
}
ALL = "all"


def program_of(requirement: str) -> str | None:
    """The program a requirement belongs to, or None."""
    for program in PROGRAMS.values():
        if program.covers(requirement):
            return program.key
    return None


# --------------------------------------------------------------------------- lines

#: the statuses the worklist shows (``late`` only when asked for)
OPEN_STATUSES = ("due", "overdue", "violation")
WORKLIST_STATUSES = (*OPEN_STATUSES, "late")
#: most pressing first
SEVERITY = {"violation": 0, "overdue": 1, "due": 2, "late": 3, "met": 4}
#: runs of at least this many findings of one obligation collapse into one line
RUN_LENGTH = 3

#: a finding as the lines are made of it, in this order
_COLUMNS = ("id", "subject_group", "subject", "requirement", "status", "due", "period", "ordinal")
#: a line as :func:`lines_of` makes it, in the order of :class:`WorklistRow`'s fields
LINE_FIELDS = (
    *("subject_group", "subject", "requirement", "program", "status", "severity", "size"),
    "findings",
    *("head_no_due", "head_due", "head_period", "head_ordinal", "head_id"),
    *("tail_no_due", "tail_due", "tail_period", "tail_ordinal", "tail_id"),
)
_ID, _GROUP, _SUBJECT, _REQUIREMENT, _STATUS, _DUE, _PERIOD, _ORDINAL = range(len(_COLUMNS))


def _ascending(row: tuple) -> tuple:
    return (row[_DUE] == "", row[_DUE], row[_PERIOD], row[_ORDINAL], row[_ID])


def _descending(row: tuple) -> tuple:
    # the due date (no due date first) descending, the rest ascending
    return (row[_DUE] != "", _Reversed(row[_DUE]), row[_PERIOD], row[_ORDINAL], row[_ID])


class _Reversed(str):
    """A string that sorts in reverse."""

    __slots__ = ()

    def __lt__(self, other: str) -> bool:  # type: ignore[override]
        return str.__gt__(self, other)


def lines_of(
    findings: Iterable[tuple], *, encode: Callable[[list[int]], Any] = list
) -> list[tuple]:
    """The worklist rows of ``findings`` (current, with a worklist status, each a tuple
    of :data:`_COLUMNS`), each a tuple of :data:`LINE_FIELDS` values, its finding ids
    passed through ``encode`` (:func:`sanitas.records.bulk.int_list_encoder` gives
    them as the database stores them)."""
    runs: dict[tuple[str, str, str], list[tuple]] = {}
    for row in findings:
        run_key = (row[_SUBJECT], row[_REQUIREMENT], row[_STATUS])
        run = runs.get(run_key)
        if run is None:
            runs[run_key] = [row]
        else:
            run.append(row)
    out = []
    append = out.append
    for (subject, requirement, status), run in runs.items():
        common = (subject, requirement, _program(requirement), status, SEVERITY[status])
        if len(run) >= RUN_LENGTH:
            run.sort(key=_ascending)
            head, tail = run[0], min(run, key=_descending)
            append(_line(head, tail, common, len(run), encode([one[_ID] for one in run])))
        else:  # each a line of its own: its own head and tail
            for one in run:
                append(_line(one, one, common, 1, encode([one[_ID]])))
    return out


def _line(head: tuple, tail: tuple, common: tuple, size: int, ids: Any) -> tuple:
    head_due, tail_due = head[_DUE], tail[_DUE]
    return (
        head[_GROUP],
        *common,
        size,
        ids,
        *(head_due == "", head_due, head[_PERIOD], head[_ORDINAL], head[_ID]),
        *(tail_due == "", tail_due, tail[_PERIOD], tail[_ORDINAL], tail[_ID]),
    )


@cache
def _program(requirement: str) -> str:
    return program_of(requirement) or ""


def replace(findings: Iterable[tuple], *, had_lines: Iterable[str]) -> None:
    """Make the worklist rows of the groups of ``findings`` those of ``findings``:
    every current finding of theirs with a worklist status, each a tuple of
    :data:`_COLUMNS` (the sweep has just stored them, and passes them on rather than
    reading them back; :func:`rebuild` reads them from the table).
    Only the rows of ``had_lines`` (the groups with such a finding before the store:
    a group has lines only then) are deleted first; on a city's first sweep, none.
    The caller holds the records' write lock, in the transaction that stored them."""
    old = sorted(set(had_lines))
    if old:
        quote = connection.ops.quote_name
        with connection.cursor() as cursor:
            for start in range(0, len(old), bulk.IN_CHUNK):
                chunk = old[start : start + bulk.IN_CHUNK]
                marks = ", ".join(["%s"] * len(chunk))
                cursor.execute(
                    f"DELETE FROM {quote(WorklistRow._meta.db_table)} "
                    f"WHERE {quote('subject_group')} IN ({marks})",
                    chunk,
                )
    lines = lines_of(findings, encode=bulk.int_list_encoder())
    if lines:
        bulk.table(WorklistRow).insert_values(LINE_FIELDS, lines)


def rebuild(groups: list[str], *, now: Any) -> None:
    """Replace the worklist rows of ``groups`` with those of their current findings,
    read from the table. The caller holds the records' write lock."""
    if not groups:
        return
    findings: list[tuple] = []
    for start in range(0, len(groups), bulk.IN_CHUNK):
        findings.extend(
            Finding.objects.filter(
                subject_group__in=groups[start : start + bulk.IN_CHUNK],
                current=True,
                status__in=WORKLIST_STATUSES,
            )
            .order_by()
            .values_list(*_COLUMNS)
        )
    replace(findings, had_lines=groups)


def rebuild_all(*, now: Any, chunk: int = 2_000) -> int:
    """Every group's worklist rows made anew from the findings (a database from before
    the rows, or one whose rows are in doubt); how many groups."""
    from sanitas.records.models import SubjectGroup

    keys = list(SubjectGroup.objects.order_by("key").values_list("key", flat=True))
    for start in range(0, len(keys), chunk):
        rebuild(keys[start : start + chunk], now=now)
    return len(keys)


def rename(old: str, new: str) -> None:
    """The rows of a group merged into another follow its findings."""
    WorklistRow.objects.filter(subject_group=old).update(subject_group=new)
