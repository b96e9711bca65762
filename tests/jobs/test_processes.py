"""Jobs across processes: a job run by a real ``db_worker``; sign-ins while an
import job stores a large file; ``sanitas serve`` starting the worker and the
scheduler and stopping them; the command line's progress bar on a terminal only."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest

from sanitas.bench.records import child_env, drop_database, make_database

from ..conftest import ROOT
from ..operations.test_serve import _free_port, _get

SERVER = os.environ.get("DATABASE_URL") or None
BLOCK = ROOT / "examples" / "city-block.yaml"
PASSWORD = "a-long-test-password"
PRELUDE = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
"""


@pytest.fixture
def database(tmp_path):
    """A private database holding the city block, and a data directory of its own."""
    env = make_database(SERVER)
    if SERVER is not None:
        env["SANITAS_DATA_DIR"] = str(tmp_path / "data")
    env["SANITAS_ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    done = _sanitas(env, "import", BLOCK)
    assert done.returncode == 0, done.stderr
    yield env
    drop_database(SERVER, env)


def _sanitas(env: dict, *args: str, **options) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sanitas", *map(str, args)],
        cwd=ROOT,
        env=child_env(env),
        capture_output=True,
        text=True,
        **options,
    )


def _python(env: dict, code: str) -> object:
    """Run ``code`` in a fresh Django process on ``env``'s database; what it prints
    (as JSON)."""
    proc = subprocess.run(
        [sys.executable, "-c", PRELUDE + code],
        cwd=ROOT,
        env=child_env(env),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


JOB = """
from sanitas.jobs.models import Job
from sanitas.jobs.words import in_words
from django_tasks_db.models import DBTaskResult
job = Job.objects.get(pk={pk})
task = DBTaskResult.objects.filter(id=job.task_id).values_list("status", flat=True).first()
print(json.dumps({{"state": job.state, "done": job.done, "total": job.total,
    "outcome": job.outcome, "message": in_words(job.message), "task": task}}))
"""

USER = """
from django.contrib.auth.models import Group, User
user = User.objects.create_user("sam", "sam@example.org", "{password}")
user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
"""


def test_a_job_runs_through_a_real_worker_and_its_progress_and_outcome_are_stored(database):
    pk = _python(
        database,
        USER.format(password=PASSWORD)
        + """
from sanitas.jobs.services import start_job
job = start_job(kind="sweep", params={"as_of": "2025-03-01", "full": True, "workers": 1}, user=user)
print(job.pk)
""",
    )
    assert _python(database, JOB.format(pk=pk))["state"] == "queued"
    worker = subprocess.run(
        [sys.executable, "manage.py", "db_worker", "--batch", "--queue-name", "default,sweep",
         "--no-startup-delay"],
        cwd=ROOT,
        env=child_env(database),
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    assert worker.returncode == 0, worker.stderr
    job = _python(database, JOB.format(pk=pk))
    assert job["state"] == "finished", job
    assert job["task"] == "SUCCESSFUL"
    # (the import evaluated the block as of today; the sweep as of March 1 rewrites it)
    outcome = job["outcome"]
    assert outcome["groups"] > 0
    assert outcome["findings_created"] + outcome["findings_updated"] + outcome["findings_closed"]
    assert job["done"] == job["total"] == job["outcome"]["groups"]
    assert "subject groups evaluated" in job["message"]


def _manifests(path: Path, rows: int) -> Path:
    lines = ["Hauler,Manifest #,Device ID,Date,Full,Operator,FOG gallons"]
    for n in range(rows):
        day = date(2024, 1 + n % 12, 1 + n % 28).isoformat()
        device = ("jade-gi", "el-sol-trap")[n % 2]
        lines.append(f"Foothill Pumping,FP-{n},{device},{day},yes,D. Kim,{n % 300}")
    path.write_text("\n".join(lines) + "\n")
    return path


SIGN_INS = """
import time
from django.test import Client
from sanitas.jobs.models import Job
from sanitas.jobs.words import in_words
Client().get("/accounts/login/")  # the first request loads the application
deadline = time.monotonic() + 300
while True:  # until the job stores its chunks
    job = Job.objects.get(pk={pk})
    said = in_words(job.message)  # as its page says it, in English here
    if job.state != "queued" and not (job.state == "running" and said.startswith("reading")):
        if job.state != "running" or said.startswith("storing"):
            break
    assert time.monotonic() < deadline, job.message
    time.sleep(0.05)
out = []
for attempt in range(5):
    before = Job.objects.get(pk={pk})
    client = Client()
    began = time.monotonic()
    answer = client.post("/accounts/login/", {{"username": "sam", "password": "{password}"}})
    took = round(time.monotonic() - began, 2)  # shown if the test fails, never asserted
    after = Job.objects.get(pk={pk})
    out.append([answer.status_code, answer.get("Location"), took, before.state,
                in_words(before.message), after.state, in_words(after.message)])
    time.sleep(0.2)
print(json.dumps(out))
"""


def test_sign_ins_succeed_while_an_import_job_stores_a_large_file(database, tmp_path):
    # twelve parts, all of two interceptors: each part evaluates the two groups again
    # with every manifest stored before it, so the import's work grows with the square
    # of its rows here (a hauler's real file spreads over many establishments)
    rows = 12_000
    big = _manifests(tmp_path / "manifests.csv", rows)
    pk = _python(
        database,
        USER.format(password=PASSWORD)
        + f"""
from django.core.files.uploadedfile import SimpleUploadedFile
from sanitas.jobs.services import start_import
upload = SimpleUploadedFile("manifests.csv", open({str(big)!r}, "rb").read())
print(start_import(upload=upload, user=user, feed="pump-out-manifests").pk)
""",
    )
    signer = subprocess.Popen(  # ready, waiting for the import to store
        [sys.executable, "-c", PRELUDE + SIGN_INS.format(password=PASSWORD, pk=pk)],
        cwd=ROOT,
        env=child_env(database),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)
    worker = subprocess.Popen(
        [sys.executable, "-m", "sanitas.jobs.processes", "worker"],
        cwd=ROOT,
        env=child_env(database),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        out, err = signer.communicate(timeout=600)
        assert signer.returncode == 0, err
        tries = json.loads(out.strip().splitlines()[-1])
        deadline = time.monotonic() + 600
        while (job := _python(database, JOB.format(pk=pk)))["state"] in ("queued", "running"):
            assert time.monotonic() < deadline, job
            time.sleep(0.5)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    assert [status for status, *_ in tries] == [302] * 5, tries
    assert all(where == "/start/" for _s, where, *_ in tries), tries  # the start page
    storing = [t for t in tries if t[3] == "running" and t[4].startswith("storing")]
    assert storing, tries  # the import was storing its chunks meanwhile
    # none waited for the whole import (each of its parts commits on its own): the first
    # sign-in asked as it stored was answered while the import still ran (work counted,
    # not seconds; how many parts a sign-in spans depends on how the two processes share
    # a busy machine's cores, and is not asserted)
    _status, _where, _took, state, message, state_after, message_after = storing[0]
    assert state_after == "running", tries
    assert _stored_by(state, message, rows) <= _stored_by(state_after, message_after, rows)
    assert job["state"] == "finished", job
    assert job["outcome"]["stored_rows"] == rows and job["done"] == job["total"] == rows


def _stored_by(state: str, message: str, rows: int) -> int:
    """How far an import had got by its job's state and message ("storing facts 3,001
    to 4,000 of 12,000"): the rows of the part it was storing, all once finished."""
    if state == "finished":
        return rows
    found = re.match(r"storing facts [\d,]+ to ([\d,]+) of", message)
    return int(found.group(1).replace(",", "")) if found else 0


def _children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``, with their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == pid:
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except (OSError, ValueError, IndexError):
            continue
    return {k: v.decode(errors="replace") for k, v in found.items()}


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _start_serve(database: dict, tmp_path: Path, port: int) -> subprocess.Popen:
    log = open(tmp_path / f"serve-{port}.log", "w")  # noqa: SIM115 - closed with the test
    proc = subprocess.Popen(
        [sys.executable, "-m", "sanitas", "serve", "--no-demo", "--port", str(port)],
        cwd=ROOT,
        env=child_env({**database, "SANITAS_WEB_WORKERS": "1"}),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    # the first start collects the static files (WhiteNoise compresses each: minutes on
    # a busy machine)
    deadline = time.monotonic() + 400
    while True:
        try:
            _get(f"http://127.0.0.1:{port}/accounts/login/")
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                pytest.fail(f"the server did not start:\n{Path(log.name).read_text()}")
            time.sleep(0.5)


def _companions(proc: subprocess.Popen) -> dict[str, int]:
    deadline = time.monotonic() + 30
    while True:
        named = {}
        for pid, line in _children(proc.pid).items():
            for name in ("worker", "scheduler"):
                if line.rstrip().endswith(f"sanitas.jobs.processes {name}"):
                    named[name] = pid
        if len(named) == 2 or time.monotonic() > deadline:
            return named
        time.sleep(0.2)


def _gone(pids, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while any(_alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def test_serve_starts_the_worker_and_the_scheduler_and_they_stop_with_it(database, tmp_path):
    proc = _start_serve(database, tmp_path, _free_port())
    try:
        companions = _companions(proc)
        assert set(companions) == {"worker", "scheduler"}, _children(proc.pid)
        # the scheduler's first look starts the night that is due: the worker runs it
        deadline = time.monotonic() + 120
        code = """
from sanitas.jobs.models import ScheduledRun
print(json.dumps([r.job.state for r in ScheduledRun.objects.select_related("job")]))
"""
        while (states := _python(database, code)) != ["finished"]:
            assert time.monotonic() < deadline, states
            time.sleep(1)

        # a worker killed in the middle of a sweep leaves its job running; killed
        # outright, the worker and the scheduler are started again, and the new
        # worker fails the abandoned job in words and starts the sweep again
        abandoned = _python(database, ABANDONED.format(worker=_ended_process()))
        for pid in companions.values():
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while True:
            again = _companions(proc)
            if set(again) == {"worker", "scheduler"} and not set(again.values()) & set(
                companions.values()
            ):
                break
            assert time.monotonic() < deadline, f"not started again: {_children(proc.pid)}"
            time.sleep(0.5)
        deadline = time.monotonic() + 120
        while (after := _python(database, AFTER.format(pk=abandoned)))["again"] != "finished":
            assert time.monotonic() < deadline, after
            time.sleep(1)
        assert after["state"] == "failed" and "stopped while it ran" in after["message"]
        companions = again
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=90)
    assert _gone(companions.values()), "the worker or the scheduler outlived sanitas serve"

    # killed outright, sanitas serve takes them with it still
    proc = _start_serve(database, tmp_path, _free_port())
    companions = _companions(proc)
    assert set(companions) == {"worker", "scheduler"}
    proc.kill()
    proc.wait()
    assert _gone(companions.values()), "a kill -9 of sanitas serve left its children running"
    assert _python(database, code) == ["finished"]  # the night was not run twice


ABANDONED = """
from django.utils import timezone
from sanitas.jobs.models import Job
from sanitas.jobs.services import scheduler_account
job = Job.objects.create(kind="sweep", params={{"full": True}}, started_by=scheduler_account(),
    state="running", started_at=timezone.now(), worker="{worker}", beat_at=timezone.now())
print(json.dumps(job.pk))
"""
AFTER = """
from sanitas.jobs.models import Job
job = Job.objects.select_related("restarted_as").get(pk={pk})
print(json.dumps({{"state": job.state, "message": job.message,
    "again": job.restarted_as.state if job.restarted_as else None}}))
"""


def _ended_process() -> str:
    """A job's ``worker`` naming a process of this host that has been killed."""
    from sanitas.jobs.services import _started, socket

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    named = f"{socket.gethostname()}:{child.pid}:{_started(child.pid)}"
    child.kill()
    child.wait()
    return named


def _on_a_terminal(env: dict, *args: str) -> str:
    """Run a command with standard error on a pseudo-terminal: what it drew there."""
    primary, secondary = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sanitas", *args],
        cwd=ROOT,
        env={**child_env(env), "COLUMNS": "120", "TERM": "xterm"},
        stdout=subprocess.DEVNULL,
        stderr=secondary,
    )
    os.close(secondary)
    drawn = b""
    while True:
        ready, _, _ = select.select([primary], [], [], 60)
        if not ready:
            break
        try:
            piece = os.read(primary, 65536)
        except OSError:  # the command ended and closed its side
            break
        if not piece:
            break
        drawn += piece
    proc.wait(timeout=120)
    os.close(primary)
    assert proc.returncode == 0, drawn.decode(errors="replace")
    return drawn.decode(errors="replace")


def test_the_command_line_draws_a_bar_on_a_terminal_and_stays_quiet_otherwise(database):
    drawn = _on_a_terminal(database, "sweep", "--full", "--as-of", "2025-03-01", "--workers", "1")
    assert "sweeping as of 2025-03-01" in drawn and "groups" in drawn and "100%" in drawn
    quiet = _sanitas(database, "sweep", "--full", "--as-of", "2025-03-01", "--workers", "1")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr == "" and "sweeping as of" not in quiet.stdout
    assert quiet.stdout.startswith("swept ")
