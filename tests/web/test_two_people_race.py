"""Two people press Save at the same moment, from the same version of one record, in
two server processes (on SQLite, and on PostgreSQL in the suite's second run): the
records' lock makes them take turns, so exactly one change is stored, as one new
version, and the other is told of it (409) — never both stored, one over the other."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from ..operations import storage

SESSIONS = """
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.test import Client
from sanitas.records.versions import version_of
out = {"version": version_of("device", "jade-gi"), "sessions": []}
for name in ("maria", "juan"):
    user = User.objects.create_user(name, f"{name}@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    client = Client()
    client.force_login(user)
    out["sessions"].append(client.cookies[settings.SESSION_COOKIE_NAME].value)
print(json.dumps(out))
"""

#: one person's Save, pressed once the starting gun's file appears
SAVE = """
import secrets, time
from pathlib import Path
from django.conf import settings
from django.test import Client
session, version, capacity, gun = sys.argv[1:5]
client = Client()
client.cookies[settings.SESSION_COOKIE_NAME] = session
client.get("/")  # the application loaded before the gun
while not Path(gun).exists():
    time.sleep(0.001)
answer = client.post("/records/jade-gi/edit/", {
    "token": secrets.token_urlsafe(24), "version": version, "establishment": "jade-garden",
    "kind": "grease_interceptor", "installed_on": "04/01/2016", "compartments": "2",
    "capacity_gallons": capacity, "approved": "yes", "why": f"measured {capacity}",
})
print(json.dumps({"status": answer.status_code, "capacity": capacity}))
"""

STORED = """
from sanitas.records.models import RECORD_MODELS
device = RECORD_MODELS["device"].objects.get(key="jade-gi")
print(json.dumps({"capacity": device.capacity_gallons, "versions": device.history.count()}))
"""


def test_two_saves_at_once_from_one_version_store_exactly_one(tmp_path):
    with storage.city(tmp_path) as env:
        made = storage.ok(storage.python(env, SESSIONS)).json()
        before = storage.ok(storage.python(env, STORED)).json()
        gun = tmp_path / "gun"
        code = storage.PRELUDE + SAVE
        savers = [
            subprocess.Popen(
                [sys.executable, "-c", code, session, made["version"], capacity, str(gun)],
                cwd=storage.ROOT,
                env=storage.child_env(env),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for session, capacity in zip(made["sessions"], ("1200", "1300"), strict=True)
        ]
        time.sleep(3)  # both loaded and waiting
        Path(gun).touch()
        answers = []
        for saver in savers:
            out, err = saver.communicate(timeout=300)
            assert saver.returncode == 0, err
            answers.append(json.loads(out.strip().splitlines()[-1]))
        statuses = sorted(a["status"] for a in answers)
        assert statuses == [302, 409], answers
        (won,) = [a["capacity"] for a in answers if a["status"] == 302]
        after = storage.ok(storage.python(env, STORED)).json()
        assert after == {"capacity": int(won), "versions": before["versions"] + 1}
