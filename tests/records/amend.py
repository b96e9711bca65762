"""An engine whose findings carry readings and data problems on demand.

Few rules yet rely on a reading or report a data problem; these tests of how the
records system keeps and shows them amend what the real engine found, so that
every other value still comes from the law.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from sanitas.ordinance.engine import DataProblem

#: a finding as the tests name it: (requirement, subject, period or "")
Key = tuple[str, str, str]


def lone_finding(findings: Iterable[Any], statuses: Iterable[str] | None = None) -> Key:
    """The first (requirement, subject, period) that only one of ``findings`` (engine
    findings or stored ones) has, and whose finding relies on no reading; of one of
    ``statuses`` if given."""
    findings = list(findings)
    counts = Counter((f.requirement, f.subject, f.period or "") for f in findings)
    wanted = set(statuses) if statuses is not None else None
    return min(
        key
        for f in findings
        if counts[key := (f.requirement, f.subject, f.period or "")] == 1
        and f.reading is None
        and not getattr(f, "reading_message", None)  # a stored finding's reading as a message
        and (wanted is None or f.status in wanted)
    )


class Amend:
    """What to add to each evaluation: a reading by (requirement, subject, period),
    and data problems (each added where the evaluated facts hold every fact it names)."""

    def __init__(self) -> None:
        self.readings: dict[Key, str | None] = {}
        self.problems: list[DataProblem] = []

    def __call__(self, original: Any) -> Any:
        def evaluate(facts: Any, **kwargs: Any) -> Any:
            facts = list(facts)
            evaluation = original(facts, **kwargs)
            ids = {fact.id for fact in facts}
            evaluation.findings = [
                f._replace(reading=self.readings[key])
                if (key := (f.requirement, f.subject, f.period or "")) in self.readings
                else f
                for f in evaluation.findings
            ]
            evaluation.data_problems = sorted(
                {
                    *evaluation.data_problems,
                    *(p for p in self.problems if ids.issuperset(p.facts)),
                },
                key=lambda p: (p.facts, p.text),
            )
            return evaluation

        return evaluate


def amend_engine(monkeypatch: Any, *modules: Any) -> Amend:
    """Amend the engine as the sweep (and the other ``modules``) call it."""
    from sanitas.records import sweep

    amend = Amend()
    for module in (sweep, *modules):
        monkeypatch.setattr(module, "evaluate_facts", amend(module.evaluate_facts))
    return amend
