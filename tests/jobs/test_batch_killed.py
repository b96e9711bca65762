"""``kill -9`` of the job worker in the middle of a notice batch (on SQLite, and on
PostgreSQL in the suite's second run): every notice is served whole or left as it
was; the worker that starts next marks the job failed; the job's page, counted from
the notices' states, names those served and those not, and its button serves the
rest — a notice already served is never served twice."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time

import pytest

from sanitas.bench.records import child_env, drop_database, make_database

from ..conftest import ROOT
from ..records.test_kill import NOTICE_CITY, NOTICES, SERVER, _query, _run

START = """
import json
from datetime import date
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.test import Client
from sanitas.notices.batch import start_notice_batch
from sanitas.notices.models import Notice
lena = User.objects.create_user("lena", "lena@example.org", "a-long-test-password")
lena.groups.add(Group.objects.get_or_create(name="sb1383_coordinator")[0])
ids = list(Notice.objects.filter(state="approved").order_by("id").values_list("id", flat=True))
job = start_notice_batch(user=lena, notice_ids=ids, served_on=date(2025, 3, 3),
                         method="first_class_mail")
client = Client()
client.force_login(lena)
print(json.dumps({"job": job.pk, "session": client.cookies[settings.SESSION_COOKIE_NAME].value}))
"""

REAP = """
import json
from sanitas.jobs.services import reap_abandoned
print(json.dumps([job.pk for job in reap_abandoned()]))
"""

PAGE = """
import html, json, re, sys
from django.conf import settings
from django.test import Client
client = Client()
client.cookies[settings.SESSION_COOKIE_NAME] = sys.argv[1]
page = client.get(f"/jobs/{sys.argv[2]}/")
text = html.unescape(re.sub(r"\\s+", " ", re.sub(r"<[^>]+>", " ", page.content.decode())))
hidden = re.findall(r'<input type="hidden" name="(notices|served_on|method)" value="([^"]*)"',
                    page.content.decode())
print(json.dumps({"status": page.status_code, "text": text, "hidden": hidden}))
"""

SERVE_REST = """
import json, sys
from django.conf import settings
from django.test import Client
client = Client()
client.cookies[settings.SESSION_COOKIE_NAME] = sys.argv[1]
data = {}
for name, value in json.loads(sys.argv[2]):
    data.setdefault(name, []).append(value)
from django.urls import reverse
answer = client.post(reverse("notices:serve_batch"), data)
print(json.dumps({"status": answer.status_code, "location": answer.get("Location", "")}))
"""


@pytest.fixture
def database(tmp_path):
    env = make_database(SERVER)
    env["SANITAS_DATA_DIR"] = env.get("SANITAS_DATA_DIR") or str(tmp_path / "data")
    env["SANITAS_ALLOWED_HOSTS"] = "testserver"
    yield env
    drop_database(SERVER, env)


def _child(env: dict, code: str, *args: str) -> dict:
    from tests.records.test_kill import SETUP

    proc = subprocess.run(
        [sys.executable, "-c", SETUP + code, *args],
        cwd=ROOT,
        env=child_env(env),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_worker_killed_during_a_notice_batch_leaves_each_notice_whole_and_the_page_counts(
    database,
):
    _run(database, NOTICE_CITY)
    before = json.loads(_run(database, NOTICES))
    assert len(before) == 12 and {n["state"] for n in before} == {"approved"}
    started = _child(database, START)

    def served() -> int:
        rows = _query(database, "SELECT count(*) FROM notices_notice WHERE state = 'served'")
        return rows[0][0]

    worker = subprocess.Popen(
        [sys.executable, "-m", "sanitas.jobs.processes", "worker"],
        cwd=ROOT,
        env=child_env(database),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 600
    try:
        while served() < 2:
            assert worker.poll() is None, worker.stderr.read()
            assert time.monotonic() < deadline, "the batch never got going"
            time.sleep(0.05)
        worker.send_signal(signal.SIGKILL)
    finally:
        worker.wait()
    assert worker.returncode == -signal.SIGKILL
    after = json.loads(_run(database, NOTICES))
    done = [n for n in after if n["state"] == "served"]
    waiting = [n for n in after if n["state"] == "approved"]
    assert len(done) >= 2 and waiting, "the worker was not killed midway"
    for notice in done:  # served whole: rendered, frozen, on its timeline, the engine's fact
        assert notice["pdf_whole"] and notice["frozen"] and notice["fact"]
        assert notice["events"] == ["drafted", "approved", "served"]
    for notice in waiting:  # untouched
        assert notice == next(n for n in before if n["code"] == notice["code"])
    # the next worker to start marks the job its killed predecessor left running
    assert _child(database, REAP) == [started["job"]]
    page = _child(database, PAGE, started["session"], str(started["job"]))
    assert page["status"] == 200
    text = page["text"]
    assert f"{len(done)} of 12 notices served, each whole" in text
    assert f"{len(waiting)} not served, and untouched" in text
    assert all(n["code"] in text for n in waiting)
    assert f"Serve the {len(waiting)} not served" in text
    # its button serves the rest, on the same day by the same method
    rest = _child(database, SERVE_REST, started["session"], json.dumps(page["hidden"]))
    assert rest["status"] == 302 and re.search(r"/jobs/\d+/$", rest["location"])
    worker = subprocess.run(
        [sys.executable, "manage.py", "db_worker", "--batch", "--queue-name", "default,sweep",
         "--no-startup-delay"],
        cwd=ROOT,
        env=child_env(database),
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert worker.returncode == 0, worker.stderr
    final = json.loads(_run(database, NOTICES))
    assert {n["state"] for n in final} == {"served"}
    assert all(n["events"] == ["drafted", "approved", "served"] for n in final)
    # and the killed job's page now has nothing left to do
    page = _child(database, PAGE, started["session"], str(started["job"]))
    assert "12 of 12 notices served" in page["text"] and "Nothing to do" in page["text"]
    assert "Serve the" not in page["text"]
