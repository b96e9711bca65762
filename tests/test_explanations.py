"""Every explanation reads aloud: names and plain words, never machine language.

The scan runs over every finding of every scenario (the public ones and ours)
and of the demo city as of its default date. An explanation fails when it holds
a record key of its document, a requirement ID, a "(reading: …)" marker (the
reading is the finding's own field), "FSE", "the pack's", a snake_case value,
or a grammar slip the review found ("1 kitchen sink outlets", "Contractors's").
"""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.document import load_document, parse_document
from sanitas.ordinance.engine import RULES, evaluate_facts
from sanitas.ordinance.pack import load_pack

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT.parent / "shared" / "scenarios").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "scenarios").glob("*.yaml")
)

#: words that may stand between a number and its noun ("1 kitchen sink outlet")
_STOP = "is|was|has|had|are|were|the|a|an|of|in|and|or|for|with|on|at|to|by"
_FILLER = rf"(?:(?!(?:{_STOP})\b)[a-z-]+[^s\W] )"
#: verbs in the third person that end in s, after "1 employee"
_VERBS = (
    "needs|requires|holds|lacks|counts|stands|takes|makes|goes|shows|passes|remains|applies|"
    "means|serves|falls|exceeds|meets|does|uses|gets|keeps|has|was|is|lies|runs|follows"
)
_PLURAL_AFTER_ONE = re.compile(
    rf"(?<![\d.,$])\b1 {_FILLER}{{0,2}}(?!(?:{_VERBS})\b)[a-z-]{{2,}}[^s\W]s\b"
)
_SINGULAR_AFTER_MANY = re.compile(
    rf"(?<![\d.,$])\b(?:0|[2-9]|[1-9]\d+) {_FILLER}{{0,2}}"
    r"(?:outlet|employee|training|quarter|day|month|year|notice|trap|interceptor|citation)\b(?![-'])"
)

_MARKERS = [
    (re.compile(r"\(reading\b|\breading:", re.I), "a reading marker"),
    (re.compile(r"\bFSEs?\b"), '"FSE"'),
    (re.compile(r"\bthe pack's\b|\brule pack\b", re.I), "the rule pack"),
    (re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"), "a snake_case value"),
    (re.compile(r"s's\b"), 'a possessive "s\'s"'),
    (_PLURAL_AFTER_ONE, "a plural after 1"),
    (_SINGULAR_AFTER_MANY, "a singular after a number"),
    (re.compile(r"\(s\)"), 'a "(s)" plural'),
    (re.compile(r"\bNone\b|\bTrue\b|\bFalse\b"), "a Python value"),
]
#: the demo city is built around its as-of date; any fixed day gives a fixed city
DEMO_AS_OF = date(2026, 12, 1)

_REQUIREMENT = re.compile(r"\b[A-Z]{2,5}(?:-[A-Z0-9]+)+\b")


def problems_in(explanation: str, keys: set[str]) -> list[str]:
    """What makes an explanation unreadable aloud, by name."""
    found = [what for pattern, what in _MARKERS if pattern.search(explanation)]
    ids = set(catalog())
    for token in _REQUIREMENT.findall(explanation):
        if token in ids:
            found.append(f"the requirement ID {token}")
    for token in re.findall(r"[A-Za-z0-9][A-Za-z0-9_.\-]*[A-Za-z0-9]", explanation):
        if token in keys and not _reads_as_words(token):
            found.append(f"the record key {token}")
    return found


def _reads_as_words(token: str) -> bool:
    """A key that is also a plain word or number ("C-3", "2025") is not a leak."""
    return bool(re.fullmatch(r"[A-Za-z]+|\d+|[A-Z]-\d+|[A-Z]{1,3}-\d{1,4}[A-Z]?", token))


def _scan(evaluation, keys: set[str], where: str) -> list[str]:
    out = []
    for finding in evaluation.findings:
        for problem in problems_in(finding.explanation, keys):
            out.append(
                f"{where}: {finding.requirement} on {finding.subject}: {problem}: "
                f"{finding.explanation}"
            )
        if finding.reading is not None and not finding.reading_text.strip():
            out.append(f"{where}: {finding.requirement} on {finding.subject}: empty reading")
    return out


def _keys(facts) -> set[str]:
    return {f.id for f in facts if f.id is not None}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_explanations_read_aloud(path: Path) -> None:
    document = load_document(path)
    as_of = document.as_of or date(2025, 1, 1)
    evaluation = evaluate_facts(
        document.facts,
        as_of=as_of,
        pack=document.pack(),  # a scenario's own packs folder, as `sanitas check` loads it
        holidays=document.holidays,
    )
    problems = _scan(evaluation, _keys(document.facts), path.name)
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


@cache
def _demo():
    from sanitas.demo import DemoCity

    raw = DemoCity(as_of=DEMO_AS_OF).document()
    document = parse_document(raw, source="demo city")
    return document, evaluate_facts(document.facts, as_of=DEMO_AS_OF, pack=load_pack("san-gabriel"))


AREAS = [
    "fog",
    "sewers",
    "permits",
    "general",
    "solid_waste",
    "organics",
    "edible_food",
    "enforcement",
]


def _area_of(requirement: str) -> set[str]:
    """The modules whose rules write the requirement's explanations. general.py's
    generated inspection-observation rules are left out where the requirement's own
    area has rules too (an area's explanation is not general's; the observation
    sentences are scanned by tests/test_general.py)."""
    from sanitas.ordinance.general import OBSERVATION_RULES

    specs = [s for s in RULES if s.requirement == requirement]
    generated = set(OBSERVATION_RULES.values())
    own = [s for s in specs if s.func not in generated] or specs
    return {s.func.__module__.rsplit(".", 1)[-1] for s in own}


def _demo_problems(area: str) -> list[str]:
    document, evaluation = _demo()
    keys = _keys(document.facts)
    return [
        p
        for p in _scan(evaluation, keys, "demo city")
        if area in _area_of(p.split(": ", 2)[1].split(" on ", 1)[0])
    ]


@pytest.mark.parametrize("area", AREAS)
def test_demo_city_explanations_read_aloud(area: str) -> None:
    """By the module whose rules wrote the explanation."""
    problems = _demo_problems(area)
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


def test_the_scan_catches_what_the_review_found() -> None:
    keys = {"arroyo-pho", "gi-1", "prm-2025-001"}
    for bad in [
        "arroyo-pho is a food service establishment.",
        "FOG-MIN-FREQUENCY is overdue.",
        "It has none (reading: none on record is none obtained).",
        "The FSE has no BMP program.",
        "Run 1 (street_sewer to property_line) is 2.5 ft deep.",
        "one for each of its 1 kitchen sink outlets",
        "Canyon Sewer Contractors's licence expired.",
        "Permit prm-2025-001 was issued.",
        "as the pack's reading says",
        "it has 3 approved grease trap.",
    ]:
        assert problems_in(bad, keys), bad
    for good in [
        "Arroyo Pho is a food service establishment.",
        "Premises in zone C-3 may keep garbage 48 hours.",
        "one for each of its 1 kitchen sink outlet; it has 1 approved grease trap.",
        "Canyon Sewer Contractors' licence expired on 2026-10-23.",
        "Last full pump-out 2024-10-02; every 3 months applies; 1,000 gal; 1 lb; $100.",
        "a fall of 1 ft in 50 ft (2%) and 1 in. of cover",
    ]:
        assert not problems_in(good, keys), (good, problems_in(good, keys))


def test_every_requirement_has_a_title_in_words() -> None:
    from sanitas.ordinance.catalog import titles

    assert set(titles()) == set(catalog()), set(titles()) ^ set(catalog())
    for ident, text in titles().items():
        assert text and text[0].isupper() and not text.endswith("."), ident
        assert not _REQUIREMENT.search(text), ident
