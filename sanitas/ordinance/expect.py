"""Checking a scenario's ``expect`` block against what the engine found.

- An expected finding matches a produced finding with the same ``requirement``
  and ``subject`` (and ``period`` where given) whose ``status`` — and ``due``
  where given — are equal.
- ``absent`` means every produced finding for that requirement and subject (if
  any) has status ``met``.
- An expected derived value matches by ``subject`` and ``name``, compared as
  JSON values.
- An expected data problem matches a reported one that names at least the
  expected facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sanitas.ordinance.document import Expectations
from sanitas.ordinance.engine import Evaluation, Finding, to_json_value


@dataclass(frozen=True)
class Failure:
    section: str
    index: int
    message: str


def _describe(finding: Finding) -> str:
    text = finding.status
    if finding.due is not None:
        text += f" due {to_json_value(finding.due)}"
    if finding.period is not None:
        text += f" period {finding.period}"
    return text


def _norm(value: Any) -> Any:
    return None if value is None else str(to_json_value(value))


def check(expect: Expectations, evaluation: Evaluation) -> tuple[int, list[Failure]]:
    """Return (expectations passed, failures)."""
    by_key: dict[tuple[str, str], list[Finding]] = {}
    for finding in evaluation.findings:
        by_key.setdefault((finding.requirement, finding.subject), []).append(finding)
    derived = {(d.subject, d.name): to_json_value(d.value) for d in evaluation.derived}
    passed = 0
    failures: list[Failure] = []

    for index, want in enumerate(expect.findings):
        candidates = by_key.get((want["requirement"], want["subject"]), [])
        if "period" in want:
            candidates = [f for f in candidates if f.period == _norm(want["period"])]
        ok = any(
            f.status == want["status"] and ("due" not in want or _norm(f.due) == _norm(want["due"]))
            for f in candidates
        )
        if ok:
            passed += 1
            continue
        wanted = want["status"] + (f" due {_norm(want['due'])}" if "due" in want else "")
        if "period" in want:
            wanted += f" period {_norm(want['period'])}"
        found = "; ".join(_describe(f) for f in candidates) or "no such finding"
        failures.append(
            Failure(
                "findings",
                index,
                f"{want['requirement']} on {want['subject']}: expected {wanted}; found {found}",
            )
        )

    for index, want in enumerate(expect.absent):
        open_ = [
            f for f in by_key.get((want["requirement"], want["subject"]), []) if f.status != "met"
        ]
        if not open_:
            passed += 1
            continue
        failures.append(
            Failure(
                "absent",
                index,
                f"{want['requirement']} on {want['subject']}: expected none or met; found "
                + "; ".join(_describe(f) for f in open_),
            )
        )

    for index, want in enumerate(expect.derived):
        key = (want["subject"], want["name"])
        if key in derived and derived[key] == to_json_value(want["value"]):
            passed += 1
            continue
        found = repr(derived[key]) if key in derived else "no such value"
        failures.append(
            Failure(
                "derived",
                index,
                f"{want['name']} of {want['subject']}: expected {to_json_value(want['value'])!r}; "
                f"found {found}",
            )
        )
    for index, want in enumerate(expect.data_problems):
        named = set(want["facts"])
        if any(named <= set(p.facts) for p in evaluation.data_problems):
            passed += 1
            continue
        found = "; ".join(", ".join(p.facts) for p in evaluation.data_problems) or "none"
        failures.append(
            Failure(
                "data_problems",
                index,
                f"a data problem naming {', '.join(want['facts'])}: expected; found {found}",
            )
        )
    return passed, failures
