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

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

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

_COLUMNS = ("id", "subject_group", "subject", "requirement", "status", "due", "period", "ordinal")


def _ascending(row: dict[str, Any]) -> tuple:
    return (row["due"] == "", row["due"], row["period"], row["ordinal"], row["id"])


def _descending(row: dict[str, Any]) -> tuple:
    # the due date (no due date first) descending, the rest ascending
    return (row["due"] != "", _Reversed(row["due"]), row["period"], row["ordinal"], row["id"])


class _Reversed(str):
    """A string that sorts in reverse."""

    __slots__ = ()

    def __lt__(self, other: str) -> bool:  # type: ignore[override]
        return str.__gt__(self, other)


def lines_of(findings: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The worklist rows of ``findings`` (current, with a worklist status), as
    :class:`WorklistRow` field values."""
    runs: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in findings:
        runs[row["subject"], row["requirement"], row["status"]].append(row)
    out = []
    for (subject, requirement, status), run in runs.items():
        members = [run] if len(run) >= RUN_LENGTH else [[one] for one in run]
        for line in members:
            line.sort(key=_ascending)
            head, tail = line[0], min(line, key=_descending)
            out.append(
                {
                    "subject_group": head["subject_group"],
                    "subject": subject,
                    "requirement": requirement,
                    "program": program_of(requirement) or "",
                    "status": status,
                    "severity": SEVERITY[status],
                    "size": len(line),
                    "findings": [one["id"] for one in line],
                    **_ends("head", head),
                    **_ends("tail", tail),
                }
            )
    return out


def _ends(prefix: str, row: dict[str, Any]) -> dict[str, Any]:
    return {
        f"{prefix}_no_due": row["due"] == "",
        f"{prefix}_due": row["due"],
        f"{prefix}_period": row["period"],
        f"{prefix}_ordinal": row["ordinal"],
        f"{prefix}_id": row["id"],
    }


def rebuild(groups: list[str], *, now: Any) -> None:
    """Replace the worklist rows of ``groups`` with those of their current findings.
    The caller holds the records' write lock, in the transaction that stored them."""
    if not groups:
        return
    findings = []
    for start in range(0, len(groups), bulk.IN_CHUNK):
        chunk = groups[start : start + bulk.IN_CHUNK]
        WorklistRow.objects.filter(subject_group__in=chunk).delete()
        findings.extend(
            Finding.objects.filter(
                subject_group__in=chunk, current=True, status__in=WORKLIST_STATUSES
            )
            .order_by()
            .values(*_COLUMNS)
        )
    lines = lines_of(findings)
    if lines:
        bulk.table(WorklistRow).insert(lines, now=now)


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
