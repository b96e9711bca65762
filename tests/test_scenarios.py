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
