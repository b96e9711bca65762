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
- An expected notice is a document of ``kind`` answering the finding of
  ``requirement`` on ``subject`` (in ``status``, for ``period``, where given),
  served on ``served_on``: the engine's terms for it
  (:func:`sanitas.ordinance.notice_terms.notice_terms`, on the document's facts)
  must carry each key given: ``deadline`` (a date, ``immediately`` or ``none``),
  ``due_on`` (the day the deadline means, or null), ``correction`` (its message
  id), ``consequences`` (their message ids, in order), ``step``, ``ceiling`` and
  ``further`` (the ladder), ``appeal_by``, ``review_by``, ``cites`` (each among the
  sections quoted), ``refused`` (whether any reason stops it that day) and
  ``refusals`` (each a few words of some reason). ``amount`` is a citation's
  stated penalty, an input.
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
    for index, want in enumerate(expect.notices):
        problems = _notice_problems(want, expect)
        if not problems:
            passed += 1
            continue
        failures.append(
            Failure(
                "notices",
                index,
                f"{want['kind']} for {want['requirement']} on {want['subject']} served "
                f"{to_json_value(want['served_on'])}: " + "; ".join(problems),
            )
        )
    return passed, failures


def _notice_problems(want: dict[str, Any], expect: Expectations) -> list[str]:
    """How the engine's terms for an expected notice differ from what is expected."""
    from sanitas.ordinance.notice_terms import TermsError, notice_terms

    document = expect.document
    if document is None:
        return ["no facts to answer: the expectation belongs to no document"]
    try:
        terms = notice_terms(
            kind=want["kind"],
            requirement=want["requirement"],
            subject=want["subject"],
            status=want.get("status"),
            period=want.get("period"),
            facts=document.facts,
            served_on=want["served_on"],
            pack=document.pack(),
            amount=want.get("amount"),
            holidays=document.holidays,
        )
    except TermsError as exc:
        return exc.problems
    found = terms.as_json()
    deadline = found["deadline"]
    penalty = found["penalty"] or {}
    actual: dict[str, Any] = {
        "deadline": "immediately"
        if deadline["immediately"]
        else (deadline["on"] if deadline["on"] else "none"),
        "due_on": deadline["on"],
        "correction": found["correction"]["message"],
        "consequences": [c["message"] for c in found["consequences"]],
        "step": penalty.get("step"),
        "ceiling": penalty.get("ceiling"),
        "further": penalty.get("further"),
        "appeal_by": found["appeal"].get("appeal_by"),
        "review_by": found["appeal"].get("review_by"),
        "refused": bool(found["refusals"]),
    }
    problems = []
    for key, value in actual.items():
        if key in want and to_json_value(want[key]) != value:
            problems.append(f"{key}: expected {to_json_value(want[key])!r}; found {value!r}")
    cites = [c["cite"] for c in found["cites"]]
    for cite in want.get("cites", []):
        if cite not in cites:
            problems.append(f"cites: expected {cite!r} among {cites}")
    for words in want.get("refusals", []):
        if not any(words.lower() in reason.lower() for reason in found["refusals"]):
            problems.append(f"refusals: expected one saying {words!r}; found {found['refusals']}")
    if problems and found["refusals"] and "refused" not in want and "refusals" not in want:
        problems.append(f"(refused: {found['refusals']})")
    return problems
