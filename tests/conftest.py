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


@pytest.fixture(scope="session", autouse=True)
def _quick_password_hashing():
    """Passwords the suite sets are hashed with MD5, as Django advises for test suites:
    the production hasher's million rounds of PBKDF2 cost about a third of a second a
    user, and some tests make a user for each role. A password hashed by the
    production hasher (by a child process, say) is still checked by it."""
    from django.conf import global_settings
    from django.test.utils import override_settings

    quick = ["django.contrib.auth.hashers.MD5PasswordHasher", *global_settings.PASSWORD_HASHERS]
    with override_settings(PASSWORD_HASHERS=quick):
        yield
