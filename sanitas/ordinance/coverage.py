"""Coverage of the law: every requirement ID, the rules that implement it, and how
many scenario expectations exercise it."""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.document import load_document
from sanitas.ordinance.engine import DERIVED, RECORDS, RULES


def default_scenario_paths() -> list[Path]:
    """The project's own scenarios and the shared public ones, where they exist."""
    candidates = [Path("tests/scenarios"), Path("../shared/scenarios")]
    return [p for p in candidates if p.is_dir()]


def scenario_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.glob("*.yaml")) + sorted(path.glob("*.json")))
        else:
            files.append(path)
    return files


def expectation_counts(paths: list[Path]) -> Counter:
    counts: Counter = Counter()
    derived_requirement = {name: spec.requirement for name, spec in DERIVED.items()}
    for path in scenario_files(paths):
        document = load_document(path)
        if document.expect is None:
            continue
        for entry in document.expect.findings + document.expect.absent:
            counts[entry["requirement"]] += 1
        for entry in document.expect.derived:
            requirement = derived_requirement.get(entry["name"])
            if requirement:
                counts[requirement] += 1
    return counts


def implementations() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for spec in RULES:
        out.setdefault(spec.requirement, []).append(spec.qualname)
    for spec in DERIVED.values():
        out.setdefault(spec.requirement, []).append(spec.qualname)
    return {k: sorted(set(v)) for k, v in out.items()}


def coverage(paths: list[Path]) -> list[dict[str, Any]]:
    rules = implementations()
    counts = expectation_counts(paths)
    rows = []
    for ident, requirement in catalog().items():
        implemented = rules.get(ident, [])
        if implemented:
            status, reason = "rule", None
        else:
            status, reason = "records", RECORDS.get(ident)
        rows.append(
            {
                "id": ident,
                "cite": requirement.cite,
                "rules": implemented,
                "scenario_expectations": counts.get(ident, 0),
                "status": status,
                "reason": reason,
            }
        )
    return rows


def render_coverage_table(rows: list[dict[str, Any]], width: int = 80) -> str:
    lines = [f"{'requirement':<32} {'status':<8} {'exp':>4}  rules / reason"]
    for row in rows:
        detail = ", ".join(row["rules"]) if row["rules"] else (row["reason"] or "")
        head = f"{row['id']:<32} {row['status']:<8} {row['scenario_expectations']:>4}  "
        wrapped = textwrap.wrap(detail, width=width - len(head)) or [""]
        lines.append(head + wrapped[0])
        lines.extend(" " * len(head) + more for more in wrapped[1:])
    with_rule = sum(1 for r in rows if r["status"] == "rule")
    lines.append("")
    lines.append(
        f"{len(rows)} requirements: {with_rule} with a rule, {len(rows) - with_rule} records"
    )
    return "\n".join(lines) + "\n"
