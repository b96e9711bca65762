"""The distributed sweep: chunk tasks on the ``sweep`` queue, taken by separate
worker processes, one of them killed midway, find exactly what one process finds.

The subprocess tests run against private databases (SQLite files, or databases
on the PostgreSQL server of DATABASE_URL) copied from a seeded template; the
in-process tests use the test database.
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
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.utils import timezone

from sanitas.bench.records import child_env, drop_database, make_database
from sanitas.records import distributed
from sanitas.records.models import Finding, SweepChunk, SweepRun
from sanitas.records.services import record_facts

SERVER = os.environ.get("DATABASE_URL") or None
AS_OF = date(2025, 6, 30)
ESTABLISHMENTS = 160
CHUNK = 6
LEASE = 3  # seconds: a dead worker's chunk is taken back soon after

#: what a sweep leaves in the database, but the times it ran at
SNAPSHOT = """
import json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
from sanitas.records.models import DataProblem, Finding, SubjectGroup
findings = list(
    Finding.objects.order_by("requirement", "subject", "period", "ordinal").values_list(
        "requirement", "subject", "period", "ordinal", "subject_group", "status", "due",
        "cite", "explanation", "reading", "current", "evaluated_as_of",
    )
)
problems = sorted(
    [g, f, p, c, str(d)]
    for g, f, p, c, d in DataProblem.objects.values_list(
        "subject_group", "facts", "problem", "current", "evaluated_as_of"
    )
)
groups = list(
    SubjectGroup.objects.order_by("key").values_list(
        "key", "swept_as_of", "next_check_on", "findings_digest"
    )
)
print(json.dumps({
    "findings": findings,
    "problems": problems,
    "groups": groups,
    "finding_history": Finding.history.count(),
    "problem_history": DataProblem.history.count(),
}, default=str))
"""


def _sanitas(env: dict, *args: str, **extra) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sanitas", *map(str, args)],
        env=child_env(env),
        capture_output=True,
        text=True,
        timeout=600,
        **extra,
    )


def _python(env: dict, code: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-c", code], env=child_env(env), capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _snapshot(env: dict) -> dict:
    return json.loads(_python(env, SNAPSHOT))


def _query(env: dict, sql: str, params: tuple = ()) -> list[tuple]:
    """Read the private database from here, with no Django: the workers write it."""
    if SERVER is None:
        path = Path(env["SANITAS_DATA_DIR"]) / "sanitas.sqlite3"
        with closing(sqlite3.connect(path, timeout=30)) as conn:
            return conn.execute(sql.replace("%s", "?"), params).fetchall()
    import psycopg

    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        return conn.execute(sql, params).fetchall()


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A migrated database holding a synthetic city of a few hundred establishments."""
    from sanitas.bench.engine import CityGenerator

    folder = tmp_path_factory.mktemp("city")
    city = folder / "city.json"
    city.write_text(json.dumps(CityGenerator(31).city(ESTABLISHMENTS)))
    env = make_database(SERVER)
    proc = _sanitas(env, "import", city)
    assert proc.returncode == 0, proc.stderr
    yield env
    if SERVER is not None:
        name = urlsplit(env["DATABASE_URL"]).path.lstrip("/")
        assert name.startswith("sanitas_scratch_")
    drop_database(SERVER, env)


@pytest.fixture
def copies(template):
    made = []

    def make() -> dict:
        env = make_database(SERVER, template=template)
        made.append(env)
        return env

    yield make
    for env in made:
        drop_database(SERVER, env)


def _worker(env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "sanitas", "sweep-worker", "--interval", "0.2"],
        env=child_env({**env, "SANITAS_SWEEP_LEASE_SECONDS": str(LEASE)}),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _held_by(env: dict, pid: int) -> list[int]:
    """The chunks a worker process holds now."""
    rows = _query(
        env,
        "SELECT id FROM records_sweep_chunk WHERE state = 'running' AND claimed_by LIKE %s",
        (f"%:{pid}",),
    )
    return [row[0] for row in rows]


def _done(env: dict, pid: int | None = None) -> int:
    """The chunks done (by worker process ``pid``, if given)."""
    if pid is None:
        return _query(env, "SELECT count(*) FROM records_sweep_chunk WHERE state = 'done'")[0][0]
    return _query(
        env,
        "SELECT count(*) FROM records_sweep_chunk WHERE state = 'done' AND claimed_by LIKE %s",
        (f"%:{pid}",),
    )[0][0]


def test_two_workers_one_killed_midway_find_what_one_process_finds(copies):
    single, shared = copies(), copies()
    proc = _sanitas(single, "sweep", "--full", "--as-of", AS_OF, "--workers", "1")
    assert proc.returncode == 0, proc.stderr
    expected = _snapshot(single)
    assert expected["findings"] and expected["problems"]

    coordinator = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sanitas",
            "sweep",
            "--distributed",
            "--full",
            "--as-of",
            str(AS_OF),
            "--chunk",
            str(CHUNK),
        ],
        env=child_env({**shared, "SANITAS_SWEEP_LEASE_SECONDS": str(LEASE)}),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    doomed, survivor = _worker(shared), _worker(shared)
    killed_chunk = None
    try:
        # stop the doomed worker while it holds a chunk, after a few are done; a
        # stopped process cannot move on, so what it holds is what it held
        deadline = time.monotonic() + 300
        while killed_chunk is None:
            assert time.monotonic() < deadline, "the workers never got going"
            assert coordinator.poll() is None, "the sweep ended before a worker was killed"
            # (after it has done one itself: on a busy machine the other may do the
            # first few alone)
            if _done(shared) >= 3 and _done(shared, doomed.pid) and _held_by(shared, doomed.pid):
                doomed.send_signal(signal.SIGSTOP)
                held = _held_by(shared, doomed.pid)
                if held:
                    doomed.send_signal(signal.SIGKILL)
                    killed_chunk = held[0]
                else:
                    doomed.send_signal(signal.SIGCONT)
            time.sleep(0.02)
        doomed.wait(timeout=30)
        assert doomed.returncode == -signal.SIGKILL
        out, err = coordinator.communicate(timeout=600)
        assert coordinator.returncode == 0, err
        assert "swept" in out
    finally:
        for proc in (doomed, survivor, coordinator):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(timeout=60)

    # the killed worker's chunk was taken back and swept by the survivor
    ((state, claimed_by, attempts),) = _query(
        shared,
        "SELECT state, claimed_by, attempts FROM records_sweep_chunk WHERE id = %s",
        (killed_chunk,),
    )
    assert state == "done" and claimed_by.endswith(f":{survivor.pid}") and attempts >= 2
    workers = dict(
        _query(
            shared,
            "SELECT claimed_by, count(*) FROM records_sweep_chunk WHERE state = 'done' "
            "GROUP BY claimed_by",
        )
    )
    assert {name.rsplit(":", 1)[1] for name in workers} == {str(doomed.pid), str(survivor.pid)}
    assert _query(shared, "SELECT state FROM records_sweep_run") == [("done",)]
    assert _snapshot(shared) == expected

    # a duplicated chunk changes nothing: a task for a chunk already done, and a
    # chunk swept and stored a second time (as if its done mark had been lost)
    again = _python(
        shared,
        """
import json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
from sanitas.records.distributed import run_chunk
from sanitas.records.models import SweepChunk, SweepRun
chunk = SweepChunk.objects.filter(state="done").order_by("number").first()
twice = run_chunk(chunk_id=chunk.pk, worker="again")
SweepRun.objects.update(state="running")
SweepChunk.objects.filter(pk=chunk.pk).update(state="pending")
stored = run_chunk(chunk_id=chunk.pk, worker="again")
print(json.dumps([twice, stored, SweepRun.objects.get().state]))
""",
    )
    twice, stored, run_state = json.loads(again)
    assert twice["outcome"] == "done or held by another worker"
    assert stored["outcome"] == "stored" and stored["swept"] == CHUNK
    assert stored["findings_created"] == stored["findings_updated"] == 0
    assert stored["findings_closed"] == 0 and run_state == "done"
    assert _snapshot(shared) == expected


# --------------------------------------------------------------------------- in this process


@pytest.fixture
def city(db):
    from sanitas.bench.engine import CityGenerator

    # stored only: the distributed sweep under test evaluates it
    record_facts(
        raw_facts=CityGenerator(5).city(12)["facts"], actor="clerk", why="test city", evaluate=False
    )


def test_a_worker_with_another_rule_pack_refuses_the_chunk_and_says_why(city):
    run = distributed.start_distributed_sweep(as_of=AS_OF, full=True, chunk_size=5)
    SweepRun.objects.filter(pk=run.pk).update(pack_version="0.0.1+0123456789abcdef")
    chunk = run.chunks.order_by("number").first()
    with pytest.raises(distributed.SweepRefused) as refused:
        distributed.run_chunk(chunk_id=chunk.pk, worker="elsewhere:1")
    message = str(refused.value)
    assert "san-gabriel" in message and "0.0.1+0123456789abcdef" in message
    assert distributed.pack_version(distributed.jurisdiction_pack()) in message
    chunk.refresh_from_db()
    # given back to the queue, with the reason, for a worker that has the pack
    assert chunk.state == "pending" and chunk.attempts == 1 and "rule pack" in chunk.error
    assert not Finding.objects.exists()
    for _ in range(distributed.MAX_ATTEMPTS - 1):
        with pytest.raises(distributed.SweepRefused):
            distributed.run_chunk(chunk_id=chunk.pk, worker="elsewhere:1")
    run.refresh_from_db()
    assert run.state == "failed" and "rule pack" in run.error


def test_a_pack_changed_in_one_value_has_another_version():
    from dataclasses import replace

    pack = distributed.jurisdiction_pack()
    name = "fog.max_frequency_months"
    param = pack.parameters[name]
    changed = replace(param, values=((param.values[0][0], 7),))
    other = replace(pack, parameters={**pack.parameters, name: changed})
    assert distributed.pack_version(other) != distributed.pack_version(pack)
    assert distributed.pack_version(replace(pack)) == distributed.pack_version(pack)


def test_a_slow_worker_past_its_lease_stores_nothing_over_the_one_that_took_over(city):
    run = distributed.start_distributed_sweep(
        as_of=AS_OF, full=True, chunk_size=100, lease_seconds=60
    )
    (chunk,) = run.chunks.all()
    slow = distributed._claim(chunk.pk, "slow:1")
    read = distributed._read(slow.groups)
    pack = distributed.jurisdiction_pack()
    evaluated = distributed.evaluate_groups(read.payload, run.as_of, pack)
    # its lease runs out; the chunk is taken back and swept by another worker
    assert distributed.reclaim_stale_chunks(now=timezone.now() + timedelta(seconds=61)) == [
        chunk.pk
    ]
    chunk.refresh_from_db()
    assert chunk.state == "pending" and "slow:1" in chunk.error
    assert distributed.run_chunk(chunk_id=chunk.pk, worker="quick:2")["outcome"] == "stored"
    history = Finding.history.count()
    assert distributed._store(slow, "slow:1", read, evaluated)["outcome"].startswith("already done")
    assert Finding.history.count() == history
    chunk.refresh_from_db()
    run.refresh_from_db()
    assert chunk.claimed_by == "quick:2" and run.state == "done"
    assert distributed.run_progress(run) == (1, 1)


def test_a_group_changed_after_its_read_is_left_to_the_next_sweep(city):
    from sanitas.records.models import SubjectGroup
    from sanitas.records.sweep import groups_to_sweep

    run = distributed.start_distributed_sweep(as_of=AS_OF, full=True, chunk_size=100)
    (chunk,) = run.chunks.all()
    claimed = distributed._claim(chunk.pk, "w:1")
    read = distributed._read(claimed.groups)
    pack = distributed.jurisdiction_pack()
    evaluated = distributed.evaluate_groups(read.payload, run.as_of, pack)
    changed = claimed.groups[0]
    SubjectGroup.objects.filter(key=changed).update(changed_at=timezone.now())
    outcome = distributed._store(claimed, "w:1", read, evaluated)
    assert outcome["skipped"] == 1 and outcome["swept"] == len(claimed.groups) - 1
    assert not Finding.objects.filter(subject_group=changed).exists()
    assert groups_to_sweep(AS_OF) == [changed]


def test_a_run_with_nothing_to_sweep_is_done_at_once(db):
    run = distributed.start_distributed_sweep(as_of=AS_OF, full=False)
    assert run.state == "done" and distributed.run_progress(run) == (0, 0)
    assert not SweepChunk.objects.exists()
