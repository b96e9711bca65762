from __future__ import annotations

from pathlib import Path

import pytest

# the shared helpers' asserts report like the tests' own
pytest.register_assert_rewrite("tests.support")

ROOT = Path(__file__).resolve().parent.parent
OWN_SCENARIOS = ROOT / "tests" / "scenarios"
SHARED_SCENARIOS = ROOT.parent / "shared" / "scenarios"
SHARED_SPEC = ROOT.parent / "shared" / "spec"


@pytest.fixture
def scenario_dir() -> Path:
    return OWN_SCENARIOS
