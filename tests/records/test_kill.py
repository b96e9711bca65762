"""``kill -9`` midway leaves nothing half-done: a sweep, and a batch of notices.

Each runs in a child process against a private database (a SQLite file, or a
database on the PostgreSQL server of DATABASE_URL), is killed with SIGKILL once
it has committed part of its work, and the database is then checked whole. An
import killed midway is in ``tests/intake/test_imports.py`` (it leaves the
database as it was, and the same import run again completes it); a worker of a
distributed sweep killed midway is in ``tests/records/test_distributed_sweep.py``.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from sanitas.bench.records import child_env, drop_database, make_database

SERVER = os.environ.get("DATABASE_URL") or None

SETUP = """
import os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
"""


MIGRATE = """
from django.core.management import call_command
call_command("migrate", verbosity=0, interactive=False)
"""


def _child(env: dict, code: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", SETUP + code],
        env=child_env(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _run(env: dict, code: str) -> str:
    proc = _child(env, code)
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return out


def _query(env: dict, sql: str) -> list[tuple]:
    """Read the private database from here, with no Django, while the child writes."""
    if SERVER is None:
        path = Path(env["SANITAS_DATA_DIR"]) / "sanitas.sqlite3"
        with closing(sqlite3.connect(path, timeout=30)) as conn:
            return conn.execute(sql).fetchall()
    import psycopg

    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        return conn.execute(sql).fetchall()


def _kill_when(proc: subprocess.Popen, ready, what: str) -> None:
    """SIGKILL ``proc`` once ``ready()`` says part of its work is committed."""
    deadline = time.monotonic() + 600
    try:
        while not ready():
            if proc.poll() is not None:
                pytest.fail(f"the {what} ended before it could be killed: {proc.stderr.read()}")
            assert time.monotonic() < deadline, f"the {what} never got going"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, f"the {what} ended before it was killed"


@pytest.fixture(scope="module")
def migrated():
    env = make_database(SERVER)
    _run(env, MIGRATE)
    yield env
    drop_database(SERVER, env)


@pytest.fixture
def database(migrated):
    env = make_database(SERVER, template=migrated)
    yield env
    drop_database(SERVER, env)


# --------------------------------------------------------------------------- a sweep

CITY = (
    MIGRATE
    + """
from sanitas.bench.engine import CityGenerator
from sanitas.records.services import record_facts
record_facts(
    raw_facts=CityGenerator(41).city(90)["facts"], actor="clerk", why="test city", evaluate=False
)
"""
)

#: the sweep in chunks of 5 groups (400 in production), so that it commits many
SWEEP = """
from datetime import date
from sanitas.records import sweep
sweep.CHUNK = 5
result = sweep.sweep(as_of=date(2025, 6, 30), full=FULL, workers=1)
print(result.groups)
"""

#: each group: whether it is stamped swept, and its findings and data problems
GROUPS = """
import json
from collections import defaultdict
from sanitas.records.models import DataProblem, Finding, SubjectGroup
out = defaultdict(lambda: {"swept": None, "findings": [], "problems": []})
for key, swept_as_of in SubjectGroup.objects.values_list("key", "swept_as_of"):
    out[key]["swept"] = str(swept_as_of) if swept_as_of else None
for row in Finding.objects.order_by("requirement", "subject", "period", "ordinal").values_list(
    "subject_group", "requirement", "subject", "period", "ordinal", "status", "due",
    "explanation", "current",
):
    out[row[0]]["findings"].append(list(row[1:]))
for group, facts, problem, current in DataProblem.objects.order_by(
    "subject_group", "problem"
).values_list("subject_group", "facts", "problem", "current"):
    out[group]["problems"].append([facts, problem, current])
print(json.dumps(out))
"""


def test_a_sweep_killed_midway_leaves_every_group_whole_and_the_next_sweep_finishes(
    database, tmp_path
):
    _run(database, CITY)
    copy = make_database(SERVER, template=database)
    try:
        _run(copy, SWEEP.replace("FULL", "True"))
        expected = json.loads(_run(copy, GROUPS))
    finally:
        drop_database(SERVER, copy)
    total = len(expected)
    assert total > 40 and all(group["swept"] for group in expected.values())

    def swept() -> int:
        rows = _query(
            database, "SELECT count(*) FROM records_subject_group WHERE swept_as_of IS NOT NULL"
        )
        return rows[0][0]

    proc = _child(database, SWEEP.replace("FULL", "True"))
    _kill_when(proc, lambda: swept() >= 10, "sweep")
    killed = json.loads(_run(database, GROUPS))
    stamped = [key for key, group in killed.items() if group["swept"]]
    assert 10 <= len(stamped) < total, "the sweep was not killed midway"
    for key, group in killed.items():
        if group["swept"]:
            # a group stamped swept holds all its findings and data problems
            assert group == expected[key], key
        else:
            # a group not stamped holds none of them: its chunk never committed
            assert group["findings"] == [] and group["problems"] == [], key
    # the next (incremental) sweep takes exactly the groups the killed one left
    left = int(_run(database, SWEEP.replace("FULL", "False")))
    assert left == total - len(stamped)
    assert json.loads(_run(database, GROUPS)) == expected


# --------------------------------------------------------------------------- a batch of notices

#: restaurants whose premises are short of organics service: each has a finding
#: that a Notice of Violation answers
NOTICE_CITY = (
    MIGRATE
    + """
from datetime import date
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep
from sanitas.notices import services
from sanitas.records.models import Finding
facts = []
for n in range(12):
    facts += [
        {"id": f"p-{n}", "type": "premises", "use": "commercial",
         "address": f"{100 + n} Las Tunas Dr", "owner_name": f"Owner {n}",
         "owner_tax_address": "PO Box 44, San Gabriel, CA 91778"},
        {"id": f"e-{n}", "type": "establishment", "name": f"Casa {n}",
         "category": "restaurant", "premises": f"p-{n}", "opened_on": "2020-05-01"},
        {"type": "collection_service", "premises": f"p-{n}", "stream": "organics",
         "gallons_per_week": 32, "start": "2022-01-01"},
    ]
record_facts(raw_facts=facts, actor="clerk", why="test city")
sweep(as_of=date(2025, 3, 3))
for finding in Finding.objects.filter(current=True, requirement="ORG-COM-ENROLL").order_by("id"):
    notice = services.draft_notice(finding_id=finding.pk, actor="coordinator")
    services.approve_notice(notice_id=notice.pk, actor="supervisor")
"""
)

#: the day's batch: every approved notice served in turn, each in its own transaction
BATCH = """
from datetime import date
from sanitas.notices import services
from sanitas.notices.models import Notice
for notice in Notice.objects.filter(state="approved").order_by("id"):
    services.serve_notice(
        notice_id=notice.pk, actor="coordinator", method="first_class_mail",
        served_on=date(2025, 3, 3),
    )
"""

NOTICES = """
import hashlib, json
from sanitas.notices.models import Notice
from sanitas.records.models import RecordIndex
out = []
for notice in Notice.objects.order_by("id"):
    out.append({
        "code": notice.code,
        "state": notice.state,
        "served_on": str(notice.served_on) if notice.served_on else None,
        "pdf": bool(notice.pdf),
        "pdf_whole": bool(notice.pdf)
        and hashlib.sha256(bytes(notice.pdf)).hexdigest() == notice.pdf_sha256,
        "frozen": bool(notice.content_snapshot) and bool(notice.recipient_snapshot),
        "events": [e.action for e in notice.events.order_by("id")],
        "fact": RecordIndex.objects.filter(key=notice.fact_key).exists(),
    })
print(json.dumps(out))
"""


def test_a_notice_batch_killed_midway_leaves_no_notice_half_served(database):
    _run(database, NOTICE_CITY)
    before = json.loads(_run(database, NOTICES))
    assert len(before) == 12 and {n["state"] for n in before} == {"approved"}

    def served() -> int:
        rows = _query(database, "SELECT count(*) FROM notices_notice WHERE state = 'served'")
        return rows[0][0]

    proc = _child(database, BATCH)
    _kill_when(proc, lambda: served() >= 2, "batch")
    after = json.loads(_run(database, NOTICES))
    done = [n for n in after if n["state"] == "served"]
    waiting = [n for n in after if n["state"] == "approved"]
    assert len(done) >= 2 and waiting, "the batch was not killed midway"
    assert len(done) + len(waiting) == len(after)
    for notice in done:  # served whole: rendered, frozen, on its timeline, the engine's fact
        assert notice["served_on"] == "2025-03-03" and notice["pdf_whole"] and notice["frozen"]
        assert notice["events"] == ["drafted", "approved", "served"] and notice["fact"]
    for notice in waiting:  # untouched: as it was before the batch
        assert notice == next(n for n in before if n["code"] == notice["code"])
        assert not notice["pdf"] and not notice["fact"]
    # the batch run again serves exactly the rest
    _run(database, BATCH)
    final = json.loads(_run(database, NOTICES))
    assert {n["state"] for n in final} == {"served"}
    assert all(n["events"] == ["drafted", "approved", "served"] for n in final)
