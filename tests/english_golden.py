"""The English the engine writes today, recorded so that a change to how rules word
their explanations can be proved to leave the English byte-identical.

``python tests/english_golden.py`` writes ``tests/english_golden.json.gz``: every
finding of every scenario file (the public ones and ours) at its as-of date, and of
the demo city at the day tests/test_explanations.py uses, as rows of (file, as_of,
requirement, subject, explanation, reading), and every data problem the engine reported
as (file, as_of, "data problem", its records, the problem, None).
tests/test_english_golden.py renders the same rows now and compares them. Rerun the
script only when an explanation's English is meant to change, and say so in the commit.
"""

from __future__ import annotations

import gzip
import json
import sys
from datetime import date
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "english_golden.json.gz"
#: the same fixed day as tests/test_explanations.py: any fixed day gives a fixed city
DEMO_AS_OF = date(2026, 12, 1)


def scenario_paths() -> list[Path]:
    return sorted((ROOT.parent / "shared" / "scenarios").glob("*.yaml")) + sorted(
        (ROOT / "tests" / "scenarios").glob("*.yaml")
    )


#: the requirement column of a data problem's row
PROBLEM = "data problem"


def _rows(name: str, as_of: date, evaluation) -> list[list[str | None]]:
    day = as_of.isoformat()
    rows: list[list[str | None]] = [
        [name, day, f.requirement, f.subject, str(f.explanation), _text(f.reading)]
        for f in evaluation.findings
    ]
    rows.extend(
        [name, day, PROBLEM, " ".join(p.facts), str(p.problem), None]
        for p in evaluation.data_problems
    )
    return rows


def _text(said) -> str | None:
    return None if said is None else str(said)


@cache
def scenario_evaluation(path: Path):
    """The evaluation of the scenario file ``path`` at its as-of date (read once)."""
    from sanitas.ordinance.document import load_document
    from sanitas.ordinance.engine import evaluate_facts

    document = load_document(path)
    as_of = document.as_of or date(2025, 1, 1)
    return evaluate_facts(
        document.facts, as_of=as_of, pack=document.pack(), holidays=document.holidays
    )


def scenario_rows(path: Path) -> list[list[str | None]]:
    evaluation = scenario_evaluation(path)
    where = f"{path.parent.parent.name}/{path.parent.name}/{path.name}"
    return _rows(where, evaluation.as_of, evaluation)


@cache
def demo_evaluation():
    """The demo city's evaluation at :data:`DEMO_AS_OF` (made once)."""
    from sanitas.demo import DemoCity
    from sanitas.ordinance.document import parse_document
    from sanitas.ordinance.engine import evaluate_facts
    from sanitas.ordinance.pack import load_pack

    document = parse_document(DemoCity(as_of=DEMO_AS_OF).document(), source="demo city")
    return evaluate_facts(document.facts, as_of=DEMO_AS_OF, pack=load_pack("san-gabriel"))


def demo_rows() -> list[list[str | None]]:
    return _rows("demo city", DEMO_AS_OF, demo_evaluation())


def collect() -> list[list[str | None]]:
    rows: list[list[str | None]] = []
    for path in scenario_paths():
        rows.extend(scenario_rows(path))
    rows.extend(demo_rows())
    return rows


def load() -> list[list[str | None]]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as stream:
        return json.load(stream)


def write(rows: list[list[str | None]]) -> None:
    data = json.dumps(rows, ensure_ascii=False, indent=0).encode("utf-8")
    # mtime=0: the same English makes the same bytes
    with open(GOLDEN, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as stream:
        stream.write(data)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    rows = collect()
    write(rows)
    print(f"{len(rows)} findings written to {GOLDEN.relative_to(ROOT)}")
