"""The reports' readers: the city as the engine sees it on a day (its records, what
the engine derives from them, and its findings), who may build which report, and
the past builds of a report.

A report's figures rest on what the engine decides (a premises' SB 1383 class, an
edible food generator's tier, a citation's place on the penalty ladder, whether a
business is a food service establishment), not on a second reading of the law in
this app. So :func:`city` reads every subject group as the sweep does and asks the
engine, as of the report's day, for its derived values and for the findings of
the requirements the reports count; the stored worklist (as of the last sweep) is
not read, so a report as of any day is the same whenever it is built.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from django.db import transaction

from sanitas.access.policy import About, allows
from sanitas.jobs import selectors as job_selectors
from sanitas.kit.titles import Title, titles
from sanitas.ordinance.engine import Finding, evaluate_facts
from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.records.bridge import fact_key
from sanitas.records.sweep import groups_to_sweep, jurisdiction_pack, read_groups

#: subject groups read and evaluated at a time
CHUNK = 100


@dataclass
class City:
    """The city's records as of a day, by type (each with its key), the engine's
    derived values by (key, name), and its findings of the requirements asked."""

    as_of: date
    facts: dict[str, list[tuple[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    derived: dict[tuple[str, str], Any] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    groups: int = 0
    #: subject groups whose records could not be evaluated, in words (left out)
    problems: list[str] = field(default_factory=list)

    def of(self, fact_type: str) -> list[tuple[str, Any]]:
        return self.facts.get(fact_type, [])

    def by_key(self, fact_type: str) -> dict[str, Any]:
        return dict(self.of(fact_type))

    def value(self, key: str, name: str) -> Any:
        return self.derived.get((key, name))


def city(
    *,
    as_of: date,
    requirements: Iterable[str],
    progress: Callable[[int, int], None] | None = None,
) -> City:
    """Every subject group's own records that had happened by ``as_of`` (the records
    a group is lent belong to the group that holds them), with the engine's derived
    values and the findings of ``requirements`` as of that day. ``progress`` is told
    (groups done, groups in all) after each chunk."""
    pack = jurisdiction_pack()
    only = frozenset(requirements)
    groups = groups_to_sweep(as_of, full=True)
    found = City(as_of=as_of, groups=len(groups))
    for start in range(0, len(groups), CHUNK):
        with transaction.atomic():  # one consistent read of the chunk, as the sweep's
            chunk = read_groups(groups[start : start + CHUNK])
        for group, raw, lent in chunk:
            try:
                parsed = parse_facts(raw)
            except FactsError as exc:
                found.problems.extend(f"subject group {group}: {p}" for p in exc.problems)
                continue
            evaluation = evaluate_facts(parsed, as_of=as_of, pack=pack, only=only)
            kept = {fact_key(item) for item in raw} - lent
            for item, fact in zip(raw, parsed, strict=True):
                key = fact_key(item)
                if key in kept and _happened(fact, as_of):
                    found.facts[fact.type].append((key, fact))
            for subject, name, value in evaluation.derived:
                if subject in kept:
                    found.derived[(subject, name)] = value
            found.findings.extend(f for f in evaluation.findings if f.subject not in lent)
        if progress is not None:
            progress(min(start + CHUNK, len(groups)), len(groups))
    return found


def _happened(fact: Any, as_of: date) -> bool:
    """What the engine sees as of the day: a fact dated later had not happened."""
    name = fact.dated_by
    day = getattr(fact, name, None) if name else None
    if day is None:
        return True
    return (day.date() if hasattr(day, "date") else day) <= as_of


def names(keys: Iterable[str]) -> dict[str, Title]:
    """What people call the records ``keys`` (the staff shell's titles)."""
    return titles(set(keys))


# --------------------------------------------------------------------------- who, and past builds

#: each report's program: who builds it is the access policy's ``reports.build`` for it
REPORT_PROGRAMS: dict[str, str] = {
    "sb1383": "sb1383",
    "implementation_record": "sb1383",
    "fog": "fog",
}


#: the requirements whose notices and citations are a report's enforcement (by prefix)
REPORT_ENFORCEMENT: dict[str, str] = {
    "sb1383": "ORG-",
    "implementation_record": "ORG-",
    "fog": "FOG-",
}


def enforcement_years(prefix: str) -> list[int]:
    """The years in which a notice or citation of a requirement starting ``prefix`` was
    issued, as recorded (voided records left out), oldest first."""
    from sanitas.records.models import RECORD_MODELS

    years: set[int] = set()
    for fact_type in ("notice", "citation"):
        model = RECORD_MODELS[fact_type]
        days = model.objects.filter(voided_at__isnull=True, requirement__startswith=prefix)
        years.update(day.year for day in days.dates("issued_on", "year"))
    return sorted(years)


def about_report(report: str) -> About:
    return About.program(REPORT_PROGRAMS.get(report))


def may_build(user: Any, report: str) -> bool:
    return allows(user, "reports.build", about_report(report))


def builds(report: str, *, limit: int = 50) -> list[Any]:
    """The jobs that built ``report``, newest first."""
    return list(job_selectors.jobs(kind="report", params={"report": report}, limit=limit))


def build(pk: int) -> Any:
    """A report's build (its job), or None."""
    found = job_selectors.job(pk)
    return found if found is not None and found.kind == "report" else None


def build_file(job: Any, name: str) -> Path | None:
    """One of the files a build wrote, never outside its own folder."""
    from sanitas.jobs.services import jobs_dir

    folder = (job.outcome or {}).get("folder")
    if not folder or name not in (job.outcome or {}).get("files", []):
        return None
    base = (jobs_dir() / folder).resolve()
    path = (base / name).resolve()
    if path.parent != base or not path.is_file():
        return None
    return path
