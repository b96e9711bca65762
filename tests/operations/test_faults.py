"""Faults as an operator meets them, on SQLite and on PostgreSQL (the suite's second
run): a database that refuses writes (its file read-only for the server's user; the
server's account stripped of its rights), a full disk during an import, a backup and
a notice's service. Each answers with a clear page or exit status naming the cause,
leaves nothing half-written, and the server goes on serving what only reads.

The faults are real (:mod:`tests.operations.storage`): a tmpfs of a few megabytes, a
file mode, a revoked grant — each child process meets them as the server would."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from . import storage
from .storage import SERVER, ok, python, sanitas

pytestmark = pytest.mark.filterwarnings("ignore")

#: what a signed-in inspector does in a child: pages that read, a change by the form,
#: the same by the API, each answer's status and the words of a refusal
VISIT = """
import html, re
from django.conf import settings
from django.test import Client
SESSION, TOKEN = sys.argv[1], sys.argv[2]
client = Client()
client.cookies[settings.SESSION_COOKIE_NAME] = SESSION
out = {}
for name, url in [("worklist", "/"), ("business", "/businesses/jade-garden/"),
                  ("record", "/subjects/jade-gi/"), ("jobs", "/jobs/")]:
    out[name] = client.get(url).status_code
form = client.get("/records/jade-gi/edit/")
out["form"] = form.status_code
page = form.content.decode()
hidden = dict(re.findall(r'name="(token|version)" value="([^"]*)"', page))
answer = client.post("/records/jade-gi/edit/", {
    **hidden, "establishment": "jade-garden", "kind": "grease_interceptor",
    "installed_on": "04/01/2016", "compartments": "2", "capacity_gallons": "1500",
    "approved": "yes", "why": "measured on the visit",
})
out["change"] = answer.status_code
out["change_page"] = html.unescape(
    re.sub(r"\\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))
)
api = Client(HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
answer = api.post("/api/records", {"facts": [{"id": "jade-gi", "type": "device",
    "establishment": "jade-garden", "kind": "grease_interceptor", "capacity_gallons": 1600}]},
    content_type="application/json", HTTP_IF_MATCH="*")
out["api"] = answer.status_code
out["api_detail"] = answer.json().get("detail")
out["subject_api"] = api.get("/api/subjects/jade-gi").status_code
print(json.dumps(out))
"""

#: the record the visit tries to change, as stored
DEVICE = """
from sanitas.records.models import RECORD_MODELS
device = RECORD_MODELS["device"].objects.get(key="jade-gi")
print(json.dumps({"capacity": device.capacity_gallons, "versions": device.history.count()}))
"""


def _visit(env: dict[str, str], signed: dict[str, str], **options) -> dict:
    return ok(
        storage.run(
            env,
            [
                sys.executable,
                "-c",
                storage.PRELUDE + VISIT,
                signed["session"],
                signed["token"],
            ],
            **options,
        )
    ).json()


def _refused_in_words(seen: dict, cause: str) -> None:
    """Reads served; the change refused with a 503 page and API answer naming ``cause``."""
    assert {seen[n] for n in ("worklist", "business", "record", "jobs", "form")} == {200}, seen
    assert seen["subject_api"] == 200, seen
    assert seen["change"] == 503, seen
    page = seen["change_page"]
    assert "Nothing was stored" in page and cause in page.lower(), page[:2000]
    assert "nothing is half-written" in page and "Traceback" not in page
    assert seen["api"] == 503 and cause in seen["api_detail"][0], seen["api_detail"]
    assert "nothing was stored" in seen["api_detail"][0]


def test_a_database_that_refuses_writes_says_so_and_goes_on_serving_reads(tmp_path):
    with storage.city(tmp_path) as env:
        signed = storage.sign_in(env)
        before = ok(python(env, DEVICE)).json()
        changed = tmp_path / "changed.yaml"
        changed.write_text(
            "facts:\n  - {id: jade-gi, type: device, establishment: jade-garden, "
            "kind: grease_interceptor, capacity_gallons: 1700}\n"
        )
        if SERVER is None:
            # the database's file read-only for the server's user (root writes any file:
            # the server then runs as an account of its own)
            data = Path(env["SANITAS_DATA_DIR"])
            storage.fold_wal(data)
            fault = storage.mode_fault()
            options: dict = {"preexec": fault.preexec}
            shutil.copy(changed, data / "changed.yaml")
            changed = data / "changed.yaml"
            if fault.owner is not None:  # the data directory is theirs, the database not
                for entry in [data, *data.rglob("*")]:
                    os.chown(entry, fault.owner.pw_uid, fault.owner.pw_gid)
                os.chown(data / "sanitas.sqlite3", 0, 0)
            os.chmod(data / "sanitas.sqlite3", 0o444)
            refusing, cause = env, "the database is read-only"
        else:
            # the server's account stripped of the right to write
            reader = f"sanitas_reader_{os.getpid()}"
            storage._admin(f"CREATE ROLE {reader} LOGIN")
            url = env["DATABASE_URL"]
            storage._admin(
                f"GRANT ALL ON ALL TABLES IN SCHEMA public TO {reader}; "
                f"GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {reader}; "
                f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public "
                f"FROM {reader}",
                url,
            )
            refusing = {**env, "DATABASE_URL": storage.with_user(url, reader)}
            cause = "the database refuses this server's account the right to write"
            options = {}
        try:
            _refused_in_words(_visit(refusing, signed, **options), cause)
            # the command line: one line naming the cause, exit status 1
            imported = sanitas(refusing, "import", changed, **options)
            assert imported.returncode == 1, imported.stderr
            assert imported.stderr.startswith(f"sanitas: the database could not be used: {cause}")
            assert "Traceback" not in imported.stderr
            assert "nothing was stored" in imported.stderr
        finally:
            if SERVER is None:
                os.chmod(Path(env["SANITAS_DATA_DIR"]) / "sanitas.sqlite3", 0o644)
            else:
                storage._admin(f"DROP OWNED BY {reader}", env["DATABASE_URL"])
                storage._admin(f"DROP ROLE {reader}")
        # nothing half-written: the record as it was, with the versions it had
        assert ok(python(env, DEVICE)).json() == before
