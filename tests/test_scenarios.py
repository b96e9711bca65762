"""Every scenario file, public and our own, is a test: its expectations must hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from sanitas.ordinance.document import load_document
from sanitas.ordinance.expect import check

from .conftest import OWN_SCENARIOS, SHARED_SCENARIOS

FILES = sorted(OWN_SCENARIOS.glob("*.yaml")) + sorted(SHARED_SCENARIOS.glob("*.yaml"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def test_public_scenarios_are_present():
    """CI lays the shared folder beside the clone: the public contract must be checked."""
    assert sorted(SHARED_SCENARIOS.glob("*.yaml")), f"no public scenarios in {SHARED_SCENARIOS}"


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_scenario(path: Path):
    document = load_document(path)
    assert document.expect is not None and document.expect.count() > 0, "no expectations"
    _, failures = check(document.expect, document.evaluate())
    assert not failures, "\n".join(f.message for f in failures)


def test_findings_do_not_depend_on_reporting_the_derived_values():
    """The sweep asks for findings only: derived values are then computed just as the
    rules need them. The findings must be the very same, on every scenario."""
    from sanitas.ordinance.engine import evaluate_facts

    reported = 0
    for path in FILES:
        document = load_document(path)
        full = document.evaluate()
        reported += len(full.derived)
        lean = evaluate_facts(
            document.facts,
            as_of=full.as_of,
            pack=document.pack(),
            holidays=document.holidays,
            report_derived=False,
        )
        assert lean.findings == full.findings, path.name
        assert lean.derived == [], path.name
    assert reported > 0
