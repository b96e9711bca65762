"""Waivers and exemptions as declared exceptions to named rules (the Catala habit):
the engine applies them, they can be listed, and their generated page is current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sanitas.cli import main
from sanitas.ordinance.document import parse_document
from sanitas.ordinance.engine import (
    DERIVED,
    LABELS,
    RULES,
    RuleSpec,
    evaluate_facts,
    exception,
    exceptions,
)

ROOT = Path(__file__).resolve().parent.parent


def _document(*waivers: dict, as_of: str = "2025-06-30"):
    facts = [
        {"type": "premises", "id": "p1", "zone": "C-3", "use": "commercial"},
        {
            "type": "establishment",
            "id": "e1",
            "premises": "p1",
            "name": "Golden Spoon",
            "category": "restaurant",
        },
        {
            "type": "collection_service",
            "premises": "p1",
            "stream": "organics",
            "gallons_per_week": 32,
            "start": "2021-01-01",
        },
        *waivers,
    ]
    return parse_document({"as_of": as_of, "jurisdiction": "san_gabriel", "facts": facts})


def _enroll(document) -> list[tuple[str, str]]:
    evaluation = evaluate_facts(
        document.facts, as_of=document.as_of, pack=document.pack(), only=["ORG-COM-ENROLL"]
    )
    return [(f.subject, f.status) for f in evaluation.findings]


def test_a_waiver_is_an_exception_the_engine_applies():
    """ORG-COM-ENROLL: without the waiver the premises is short of its organics
    service; a valid de minimis waiver excuses it; revoked, the rule decides again."""
    waiver = {
        "type": "waiver",
        "id": "w1",
        "subject": "p1",
        "kind": "de_minimis",
        "granted_on": "2023-01-01",
    }
    assert _enroll(_document()) == [("p1", "violation")]
    assert _enroll(_document(waiver)) == []
    assert _enroll(_document({**waiver, "revoked_on": "2024-01-01"})) == [("p1", "violation")]


def test_every_exception_names_a_labelled_definition_that_decides_through_it():
    listed = exceptions()
    assert {e.label for e in listed} >= {
        "fog_interceptor_required",
        "interceptor_required",
        "single_family_service_level",
        "commercial_service_level",
        "commercial_service_level_of_business",
    }
    for spec in listed:
        target = LABELS[spec.label]
        assert spec.cite and spec.summary and spec.consequence
        if isinstance(target, RuleSpec):
            assert target in RULES and target.label == spec.label
        else:
            assert DERIVED[spec.label] is target
        # the definition registered decides through its exceptions, and still reads
        # as the rule written (its name, module and docstring)
        assert target.func.__wrapped__ is not target.func
        assert target.func.__doc__ == target.func.__wrapped__.__doc__


def test_an_exception_to_no_labelled_definition_is_refused():
    with pytest.raises(ValueError, match="no rule or derived value is labelled 'no_such_rule'"):
        exception("no_such_rule", cite="§ 1")(lambda fact, ctx: True)


def test_the_exceptions_are_listed(capsys):
    assert main(["exceptions", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    waived = {(e["requirement"], e["exception"]) for e in listed}
    assert ("ORG-COM-ENROLL", "organics:commercial_service_waived") in waived
    assert ("FOG-PRETREAT-APPLICABILITY", "fog:conditional_waiver") in waived


def test_the_generated_exceptions_page_is_current(capsys):
    assert main(["exceptions"]) == 0
    page = ROOT / "docs" / "exceptions.md"
    assert page.read_text() == capsys.readouterr().out, (
        "run: sanitas exceptions > docs/exceptions.md"
    )
