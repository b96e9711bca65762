from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.test.utils import override_settings

from .browser import desk, phone, shots  # noqa: F401  (fixtures of the browser tests)
from .database_copies import DatabaseCopies

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


@pytest.fixture(scope="module", autouse=True)
def _earlier_objects_left_out_of_collections(request) -> Iterator[None]:
    """What the process holds when a database test module begins (its imports, the
    demo city, other modules' set-ups: some 600,000 objects in a worker of a full run)
    is kept out of the garbage collector's full collections while the module runs
    (``gc.freeze``), and put back after. A module that makes thousands of requests
    leaves each one's cycles for a full collection, and each full collection walked
    the whole heap: the page-for-every-role test spent 40 of its 114 s in them. The
    engine's own tests (tests/test_*.py) watch the collector themselves: not there."""
    if request.path.parent == ROOT / "tests":
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """Each test ends in English: a request a test makes in Spanish leaves its language
    active in the thread (Django's LocaleMiddleware activates it and never deactivates),
    which the next test, reading titles or dates outside a request, would inherit."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(scope="session", autouse=True)
def static_root(tmp_path_factory) -> Iterator[Path]:
    """One folder of collected static files for every server the run starts, in this
    process and in the ones it starts (SANITAS_STATIC_ROOT, which they inherit): the
    first start collects them (WhiteNoise compresses some 450 files, about 15 s of
    CPU), every later one finds them current and goes on. One folder per pytest-xdist
    worker, since a worker runs its tests one at a time. The test of the collection
    itself uses a folder of its own."""
    import os

    from django.test.utils import override_settings

    folder = tmp_path_factory.mktemp("static")
    before = os.environ.get("SANITAS_STATIC_ROOT")
    os.environ["SANITAS_STATIC_ROOT"] = str(folder)
    try:
        with override_settings(STATIC_ROOT=folder):
            yield folder
    finally:
        if before is None:
            os.environ.pop("SANITAS_STATIC_ROOT", None)
        else:
            os.environ["SANITAS_STATIC_ROOT"] = before


# --------------------------------------------------------------------------- the demo city

#: the day and seed the demo city is loaded as of for the tests that read it whole
DEMO_AS_OF = date(2026, 6, 15)
DEMO_SEED = 91776


@dataclass(frozen=True)
class DemoCopy:
    """The demo city loaded once for the run: what ``load_demo`` answered, the data
    directory its sign-ins were written to, and the database copies it is put back from."""

    result: Any
    data_dir: Path
    copies: DatabaseCopies
    setup: Any  # what ``prepare_serve`` answered
    printed: str  # and what it printed


@pytest.fixture(scope="session")
def demo_copy(
    django_db_setup, django_db_blocker, tmp_path_factory, static_root
) -> Iterator[DemoCopy]:
    """The demo city as of ``DEMO_AS_OF`` (its five years of writes, its served notices,
    its sweep), loaded once per run (once per pytest-xdist worker that runs a test
    reading it) and kept as a copy of the database, beside a copy of the empty one.
    It is loaded the way ``sanitas serve`` loads it on a first run (``prepare_serve`` on
    an empty database: migrate, the demo, static files), which tests/intake/test_demo.py
    reads, so that a run loads the demo once, not once for that module and once for
    the others."""
    from io import StringIO

    from sanitas.demo import prepare_serve
    from sanitas.records.models import RecordIndex

    copies = DatabaseCopies()
    data_dir = tmp_path_factory.mktemp("demo-data")  # the demo's sign-ins are kept here
    with django_db_blocker.unblock(), override_settings(DATA_DIR=data_dir):
        assert not RecordIndex.objects.exists(), "the demo is loaded into an empty database"
        copies.keep("empty")
        try:
            out = StringIO()
            setup = prepare_serve(as_of=DEMO_AS_OF, seed=DEMO_SEED, out=out, demo=True)
            copies.keep("demo")
        finally:
            copies.put_back("empty")
    try:
        yield DemoCopy(
            result=setup.demo,
            data_dir=data_dir,
            copies=copies,
            setup=setup,
            printed=out.getvalue(),
        )
    finally:
        with django_db_blocker.unblock():
            copies.discard()


@pytest.fixture(scope="module")
def demo_city(demo_copy, django_db_blocker) -> Iterator[Any]:
    """A fresh copy of the demo city for the module (its tests' own writes are rolled
    back after each, as every database test's are), then the empty database again.
    Answers what ``load_demo`` answered; the demo's data directory is the setting's
    while the module runs."""
    with django_db_blocker.unblock(), override_settings(DATA_DIR=demo_copy.data_dir):
        demo_copy.copies.put_back("demo")
        try:
            yield demo_copy.result
        finally:
            demo_copy.copies.put_back("empty")


# --------------------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the run (tests/browser.py): the tests that use it run
    after every other test, so that its event loop and Django's lifted async check
    reach none that does not expect them."""
    from .browser import start_browser

    yield from start_browser()


#: the test modules that read the demo city (found by their text, since pytest-xdist's
#: controller schedules the modules without collecting their tests)
DEMO_MODULES = frozenset(
    str(path.relative_to(ROOT))
    for path in (ROOT / "tests").glob("*/**/test_*.py")
    if re.search(r"\bdemo_city\b", path.read_text(encoding="utf-8"))
)


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` (scripts/test.sh), but the modules that read the demo city go
    to one worker together, which alone loads it (some 25 s of CPU a load): each
    other module goes whole to one worker, so that its module-wide set-ups are made
    once."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class DemoTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = super()._split_scope(nodeid)
            return "the demo city" if module in DEMO_MODULES else module

    return DemoTogether(config, log)


def pytest_collection_modifyitems(config, items) -> None:
    """The modules whose tests use the browser run last, whole (a module stays together,
    so that pytest-xdist sends it to one worker as a piece)."""

    def module(item) -> str:
        return getattr(getattr(item, "module", None), "__name__", "")

    with_browser = {module(item) for item in items if "browser" in item.fixturenames}
    items.sort(key=lambda item: module(item) in with_browser)
