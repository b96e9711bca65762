"""Faults as an operator meets them, on SQLite and on PostgreSQL (the suite's second
run): a database that refuses writes (its file read-only for the server's user; the
server's account stripped of its rights), a full disk during an import, a backup and
a notice's service. Each answers with a clear page or exit status naming the cause,
leaves nothing half-written, and the server goes on serving what only reads.

The faults are real (:mod:`tests.operations.storage`): a tmpfs of a few megabytes, a
file mode, a revoked grant — each child process meets them as the server would."""

from __future__ import annotations

import os
import re
import shutil
import sys
from contextlib import contextmanager
from datetime import date
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


# --------------------------------------------------------------------------- a full disk

ROWS = 6_000
#: the room a full disk leaves: a part or two of the import (each part with the
#: findings of the groups it touched, evaluated with it), then no more. On SQLite the
#: first part of a thousand manifests grows the data directory by some 4.4 MB, the
#: later ones by more (5 December: its records, their history, and a finding for each
#: manifest with the engine's message beside its English), so 14 MB holds two or three
IMPORT_ROOM = {"sqlite": 14_000_000, "postgresql": 1_500_000}
STOPPED = re.compile(r"stopped after storing (\d+) of (\d+) parts \(([\d,]+) of ([\d,]+) records")
SUMMARY = re.compile(r"([\d,]+) records? created, ([\d,]+) updated, ([\d,]+) unchanged")

#: the manifests stored by the import, and the database's own check of itself
STORED = """
from django.db import connection
from sanitas.records.models import RECORD_MODELS
count = RECORD_MODELS["pump_out"].objects.filter(import_source="manifests.csv").count()
whole = "ok"
if connection.vendor == "sqlite":
    with connection.cursor() as cursor:
        whole = cursor.execute("PRAGMA integrity_check").fetchone()[0]
print(json.dumps({"count": count, "whole": whole}))
"""

#: a signed-in page that only reads, answered
READS = """
from django.conf import settings
from django.test import Client
client = Client()
client.cookies[settings.SESSION_COOKIE_NAME] = sys.argv[1]
print(json.dumps([client.get(url).status_code for url in sys.argv[2:]]))
"""


def _reads(env: dict[str, str], session: str, *urls: str) -> list[int]:
    code = storage.PRELUDE + READS
    return ok(storage.run(env, [sys.executable, "-c", code, session, *urls])).json()


def _manifests(path: Path, rows: int) -> Path:
    lines = ["Hauler,Manifest #,Device ID,Date,Full,Operator,FOG gallons"]
    for n in range(rows):
        day = date(2024, 1 + n % 12, 1 + n % 28).isoformat()
        device = ("jade-gi", "el-sol-trap")[n % 2]
        lines.append(f"Foothill Pumping,FP-{n},{device},{day},yes,D. Kim,{n % 300}")
    path.write_text("\n".join(lines) + "\n")
    return path


@contextmanager
def _database_on_a_small_disk(env: dict[str, str], room: int, tables: list[str]):
    """The database with ``room`` bytes left to grow: SQLite's data directory moved to a
    small disk; PostgreSQL's ``tables`` to a tablespace on one. Yields the environment
    and what a child runs with, and a function that makes room again."""
    if SERVER is None:
        data = Path(env["SANITAS_DATA_DIR"])
        storage.fold_wal(data)
        with storage.small_disk(room, holding=data) as disk:
            moved = {**env, "SANITAS_DATA_DIR": str(disk.path)}
            yield moved, disk.preexec, lambda: disk.grow(256 * 2**20)
    else:
        freed = []
        with storage.small_tablespace(env, tables, room):
            yield env, None, lambda: freed.append(True)
        assert freed, "room was made before the tablespace went"


def test_a_full_disk_stops_an_import_between_parts_and_a_rerun_completes_it(tmp_path):
    big = _manifests(tmp_path / "manifests.csv", ROWS)
    with storage.city(tmp_path) as env:
        signed = storage.sign_in(env)
        room = IMPORT_ROOM["sqlite" if SERVER is None else "postgresql"]
        tables = ["records_pump_out", "records_pump_out_history"]
        with _database_on_a_small_disk(env, room, tables) as (full, preexec, make_room):
            stopped = sanitas(full, "import", big, preexec=preexec)
            assert stopped.returncode == 1, stopped.stderr
            cause, account = stopped.stderr.strip().splitlines()[-2:]
            assert cause.startswith("sanitas: the database could not be used: the disk")
            assert "Traceback" not in stopped.stderr
            parts, of, records, total = STOPPED.search(account).groups()
            assert 0 < int(parts) < int(of) == ROWS // 1000, account  # stopped midway
            assert int(total.replace(",", "")) == ROWS
            assert "importing the same file again stores the rest" in account.lower()
            # nothing half-written: exactly the parts it names, the database whole
            after = ok(python(full, STORED)).json()
            assert after == {"count": int(records.replace(",", "")), "whole": "ok"}
            # the server goes on serving what only reads
            assert _reads(full, signed["session"], "/", "/subjects/jade-gi/") == [200, 200]
            make_room()
            if SERVER is None:  # the disk made larger: the same file again, on it
                rerun = ok(sanitas(full, "import", big))
        if SERVER is not None:  # the tables back where there is room
            rerun = ok(sanitas(env, "import", big))
        created, _updated, unchanged = (
            int(n.replace(",", "")) for n in SUMMARY.search(rerun.stdout).groups()
        )
        stored = int(records.replace(",", ""))
        assert (created, unchanged) == (ROWS - stored, stored), rerun.stdout


def test_a_full_disk_refuses_a_backup_and_leaves_nothing_half_written(tmp_path):
    with storage.city(tmp_path) as env:
        with storage.small_disk(64_000) as disk:
            target = disk.path / "backup.tar.gz"
            refused = sanitas(env, "backup", "--output", target, preexec=disk.preexec)
            assert refused.returncode == 1, (refused.stdout, refused.stderr)
            said = refused.stderr.strip()
            assert said.startswith("sanitas: backup: "), said
            # in this program's words, or pg_dump's own when it writes the dump
            words = ("the disk is full", "No space left on device", "grew beyond the size")
            words += ("File too large", "could not be written")  # a quota on the file
            assert any(w in said for w in words), said
            assert said.endswith("nothing was written at the archive's name"), said
            assert "Traceback" not in refused.stderr
            assert list(disk.path.iterdir()) == []  # no archive, no checksum, no leftovers
        # the installation is as it was: a backup where there is room is whole
        made = ok(sanitas(env, "backup", "--output", tmp_path / "ok.tar.gz"))
        assert "SHA-256" in made.stdout
        assert (tmp_path / "ok.tar.gz.sha256").is_file()


NOTICE_CITY = """
from datetime import date
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.test import Client
from tests.notices.conftest import FACTS
from sanitas.notices import services
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep
record_facts(raw_facts=FACTS, actor="clerk", why="test city")
sweep(as_of=date(2025, 3, 3))
found = Finding.objects.get(current=True, requirement="ORG-COM-ENROLL", subject="p-casa")
notice = services.draft_notice(finding_id=found.pk, actor="coordinator")
services.approve_notice(notice_id=notice.pk, actor="supervisor")
user = User.objects.create_user("lena", "lena@example.org", "a-long-test-password")
user.groups.add(Group.objects.get_or_create(name="sb1383_coordinator")[0])
client = Client()
client.force_login(user)
session = client.cookies[settings.SESSION_COOKIE_NAME].value
print(json.dumps({"notice": notice.pk, "session": session}))
"""

SERVE = """
import html, re
from django.conf import settings
from django.test import Client
client = Client()
client.cookies[settings.SESSION_COOKIE_NAME] = sys.argv[1]
notice = sys.argv[2]
answer = client.post(f"/notices/{notice}/serve/", {"method": "personal", "served_on": "2025-03-03"})
text = html.unescape(re.sub(r"\\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode())))
print(json.dumps({"status": answer.status_code, "page": text,
    "reads": [client.get(u).status_code for u in (f"/notices/{notice}/", "/notices/", "/")]}))
"""

NOTICE_STATE = """
from sanitas.notices.models import Notice
from sanitas.records.models import RecordIndex
notice = Notice.objects.get(pk=int(sys.argv[1]))
print(json.dumps({"state": notice.state, "pdf": bool(notice.pdf),
    "served_at": bool(notice.served_at), "events": [e.action for e in notice.events.order_by("id")],
    "fact": RecordIndex.objects.filter(key=notice.fact_key).exists()}))
"""


def test_a_full_disk_refuses_a_notices_service_whole_and_the_page_says_why(tmp_path):
    with storage.city(tmp_path) as env:
        made = ok(python(env, NOTICE_CITY)).json()
        pk = str(made["notice"])

        def state(on: dict[str, str]) -> dict:
            code = storage.PRELUDE + NOTICE_STATE
            return ok(storage.run(on, [sys.executable, "-c", code, pk])).json()

        before = state(env)
        assert before["state"] == "approved" and not before["pdf"]
        tables = ["notices_notice", "notices_noticeevent"]
        with _database_on_a_small_disk(env, 96_000, tables) as (full, preexec, make_room):
            code = storage.PRELUDE + SERVE
            child = storage.run(
                full, [sys.executable, "-c", code, made["session"], pk], preexec=preexec
            )
            seen = ok(child).json()
            assert seen["status"] == 503, seen["page"][:1500]
            page = seen["page"]
            assert "Nothing was stored" in page and "the disk holding the database" in page.lower()
            assert "nothing is half-written" in page and "Traceback" not in page
            assert seen["reads"] == [200, 200, 200]
            # nothing half-written: still approved, no PDF, not served, not the engine's fact
            assert state(full) == before
            make_room()
