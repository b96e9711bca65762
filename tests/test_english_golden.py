"""The English of every explanation, every reading and every data problem stays
byte-identical to the recorded golden (tests/english_golden.py), finding by finding,
while the rules move from sentences built in place to messages with arguments."""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import english_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, list[list[str | None]]]:
    by_file: dict[str, list[list[str | None]]] = defaultdict(list)
    for row in english_golden.load():
        by_file[row[0]].append(row)
    return by_file


def _differences(recorded: list[list[str | None]], now: list[list[str | None]]) -> list[str]:
    out = []
    if len(recorded) != len(now):
        out.append(f"{len(recorded)} findings and data problems recorded, {len(now)} now")
    for old, new in zip(recorded, now, strict=False):
        if old != new:
            out.append(f"{old[2]} on {old[3]}:\n  recorded: {old[4:]!r}\n  now:      {new[4:]!r}")
    return out


@pytest.mark.parametrize("path", english_golden.scenario_paths(), ids=lambda p: p.name)
def test_scenario_english_is_unchanged(path: Path, golden) -> None:
    now = english_golden.scenario_rows(path)
    where = now[0][0] if now else f"{path.parent.parent.name}/{path.parent.name}/{path.name}"
    problems = _differences(golden.get(where, []), now)
    assert not problems, "\n".join(problems[:20])


def test_demo_city_english_is_unchanged(golden) -> None:
    assert golden["demo city"], "the demo city's findings are recorded"
    problems = _differences(golden["demo city"], english_golden.demo_rows())
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} in all)"


def test_a_changed_word_is_caught() -> None:
    row = ["f", "2026-01-01", "R-1", "s", "It is due.", "A reading."]
    assert _differences([row], [[*row[:4], "It is due", row[5]]])
    assert _differences([row], [[*row[:5], "A reading"]])
    assert _differences([row], [])
    assert not _differences([row], [list(row)])


def _not_messages(evaluation) -> list[str]:
    """The readings and data problems of ``evaluation`` still said as English strings."""
    from sanitas.ordinance.messages import Message

    out = [
        f"reading of {f.requirement} on {f.subject}: {f.reading_text}"
        for f in evaluation.findings
        if f.reading is not None and not isinstance(f.reading, Message)
    ]
    out.extend(
        f"data problem of {', '.join(p.facts)}: {p.text}"
        for p in evaluation.data_problems
        if not isinstance(p.problem, Message)
    )
    return out


def test_every_reading_and_data_problem_is_a_message() -> None:
    """Every reading and data problem the scenarios and the demo city produce is a
    message the pages render in the reader's language, none an English string."""
    left = [
        f"{path.name}: {line}"
        for path in english_golden.scenario_paths()
        for line in _not_messages(english_golden.scenario_evaluation(path))
    ]
    left += [f"demo city: {line}" for line in _not_messages(english_golden.demo_evaluation())]
    assert not left, "\n".join(left[:20]) + f"\n({len(left)} in all)"
