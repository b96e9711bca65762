"""``sanitas backup`` and ``sanitas restore``: a round trip taken while a writer is
busy, compared table by table, on the database the suite runs on (SQLite, or
PostgreSQL under ``scripts/with-postgres.sh``).

The writer records batches of premises (one transaction each, keys ``wr-BATCH-N``)
without pause, so the backup is taken in the middle of one. The restored
database must equal the source with exactly the batches the backup did not see
left out: every other row of every table alike, and no batch in part.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import subprocess
import sys
import tarfile
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from sanitas.operations import backup

ROOT = Path(__file__).resolve().parents[2]
SANITAS = Path(sys.executable).with_name("sanitas")
BLOCK = ROOT / "examples" / "city-block.yaml"
SERVER = os.environ.get("DATABASE_URL") or None
BATCH = re.compile(r"\bwr-(\d+)-\d+\b")

WRITER = """
import os, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
django.setup()
from sanitas.records.services import record_facts
stop, size = sys.argv[1], int(sys.argv[2])
batch = 0
while not os.path.exists(stop) and batch < 5000:
    facts = [
        {"id": f"wr-{batch}-{n}", "type": "premises", "address": f"{n} Writer St, lot {batch}",
         "zone": "R-1", "use": "residential", "dwelling_units": 1}
        for n in range(size)
    ]
    record_facts(raw_facts=facts, actor="writer", why=f"batch {batch}")
    print(batch, flush=True)
    batch += 1
"""


# --------------------------------------------------------------------------- installations


def _database_url(name: str) -> str:
    assert SERVER is not None
    return urlsplit(SERVER)._replace(path=f"/{name}").geturl()


def _pg(sql: str) -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as conn:
        conn.execute(sql)


@pytest.fixture
def installations(tmp_path):
    """Two installations: the source and an empty one to restore into."""
    made = []

    def env(name: str) -> dict[str, str]:
        out = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("SANITAS_") and k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
        }
        out["SANITAS_DATA_DIR"] = str(tmp_path / name)
        if SERVER is not None:
            database = f"sanitas_backup_{name}_{secrets.token_hex(4)}"
            _pg(f"CREATE DATABASE {database}")
            made.append(database)
            out["DATABASE_URL"] = _database_url(database)
        return out

    yield env("source"), env("target")
    for database in made:
        _pg(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")


def _sanitas(env: dict[str, str], *args: Any) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(SANITAS), *map(str, args)], env=env, capture_output=True, text=True, timeout=300
    )


# --------------------------------------------------------------------------- reading tables


def _tables(env: dict[str, str]) -> dict[str, list[tuple]]:
    """Every row of every table, sorted (SQLite's own bookkeeping tables aside)."""
    if "DATABASE_URL" in env:
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as conn:
            names = [
                row[0]
                for row in conn.execute(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                )
            ]
            return {
                name: sorted((conn.execute(f'SELECT * FROM "{name}"').fetchall()), key=repr)
                for name in names
            }
    path = Path(env["SANITAS_DATA_DIR"]) / backup.SQLITE_NAME
    with closing(sqlite3.connect(path)) as conn:
        names = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {
            name: sorted(conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
            for name in names
        }


def _batch_of(row: tuple) -> int | None:
    found = {int(m.group(1)) for value in row for m in BATCH.finditer(str(value))}
    assert len(found) <= 1, row
    return found.pop() if found else None


# --------------------------------------------------------------------------- the round trip


def test_a_backup_taken_while_a_write_is_in_flight_restores_every_table(installations, tmp_path):
    source, target = installations
    loaded = _sanitas(source, "import", BLOCK, "--why", "the block")
    assert loaded.returncode == 0, loaded.stderr
    swept = _sanitas(source, "sweep", "--as-of", "2025-03-01")
    assert swept.returncode == 0, swept.stderr
    evidence = Path(source["SANITAS_DATA_DIR"]) / "evidence" / "2025" / "03"
    evidence.mkdir(parents=True)
    (evidence / "jade-gi-inspection.jpg").write_bytes(secrets.token_bytes(50_000))
    (evidence / "proof-of-service.pdf").write_bytes(b"%PDF-1.7\n" + secrets.token_bytes(9000))

    stop = tmp_path / "stop-writing"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(stop), "150"],
        env={**source, "DJANGO_SETTINGS_MODULE": "sanitas.settings"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout.readline().strip() == "0", writer.stderr.read()
        archive = tmp_path / "nightly.tar.gz"
        made = _sanitas(source, "backup", "--output", archive)
        assert made.returncode == 0, made.stderr
        # the writer goes on after the backup: two more batches, then it stops
        committed = [writer.stdout.readline().strip() for _ in range(2)]
        assert all(committed), writer.stderr.read()
    finally:
        stop.touch()
        writer.wait(timeout=120)
    assert writer.returncode == 0, writer.stderr.read()

    assert archive.exists() and Path(f"{archive}.sha256").exists()
    assert Path(f"{archive}.sha256").read_text().split() == [
        backup.sha256_of(archive),
        archive.name,
    ]
    with tarfile.open(archive) as packed:
        members = {Path(m.name).relative_to(Path(m.name).parts[0]).as_posix() for m in packed}
    database = backup.SQLITE_NAME if SERVER is None else backup.PGDUMP_NAME
    assert {
        "manifest.json",
        f"database/{database}",
        "evidence/2025/03/jade-gi-inspection.jpg",
        "evidence/2025/03/proof-of-service.pdf",
    } <= members
    assert backup.SECRET_FILE not in members

    restored = _sanitas(target, "restore", archive)
    assert restored.returncode == 0, restored.stderr
    assert "every checksum verified" in restored.stdout

    before, after = _tables(source), _tables(target)
    assert set(before) == set(after) and "records_premises" in after
    seen = {b for rows in after.values() for row in rows if (b := _batch_of(row)) is not None}
    written = {b for rows in before.values() for row in rows if (b := _batch_of(row)) is not None}
    assert seen == set(range(len(seen))) and seen, "the backup holds a first run of batches"
    assert len(written) >= len(seen) + 2, "batches were written after the backup"
    for name, rows in before.items():
        expected = [row for row in rows if (_batch_of(row) is None or _batch_of(row) in seen)]
        assert after[name] == expected, name

    kept = Path(target["SANITAS_DATA_DIR"]) / "evidence" / "2025" / "03"
    for name in ("jade-gi-inspection.jpg", "proof-of-service.pdf"):
        assert (kept / name).read_bytes() == (evidence / name).read_bytes()

    # the restored installation works: a sweep runs on it
    again = _sanitas(target, "sweep", "--as-of", "2025-03-01")
    assert again.returncode == 0, again.stderr

    # and a second restore into it is refused: it is not empty any more
    refused = _sanitas(target, "restore", archive)
    assert refused.returncode == 2
    assert "not empty" in refused.stderr and "restore only into a new" in refused.stderr


def test_a_damaged_or_altered_archive_is_refused(installations, tmp_path):
    source, target = installations
    assert _sanitas(source, "import", BLOCK).returncode == 0
    archive = tmp_path / "b.tar.gz"
    assert _sanitas(source, "backup", "--output", archive).returncode == 0
    refused = _sanitas(source, "backup", "--output", archive)
    assert refused.returncode == 1 and "never overwrites" in refused.stderr

    # a damaged archive: its checksum file says so
    damaged = tmp_path / "damaged.tar.gz"
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))
    Path(f"{damaged}.sha256").write_text(Path(f"{archive}.sha256").read_text())
    result = _sanitas(target, "restore", damaged)
    assert result.returncode == 1 and "damaged" in result.stderr

    # an altered database, repacked with the old manifest: the file's checksum says so
    unpacked = tmp_path / "unpacked"
    with tarfile.open(archive) as packed:
        packed.extractall(unpacked, filter="data")
    (root,) = unpacked.iterdir()
    manifest = json.loads((root / "manifest.json").read_text())
    (dump,) = (root / "database").iterdir()
    dump.write_bytes(dump.read_bytes() + b"\0")
    altered = tmp_path / "altered.tar.gz"
    with tarfile.open(altered, "w:gz") as packed:
        packed.add(root, arcname=root.name)
    result = _sanitas(target, "restore", altered)
    assert result.returncode == 1
    assert f"database/{dump.name}: its SHA-256 differs from the manifest's" in result.stderr
    assert manifest["tables"]["records_premises"] == 6

    # nothing was restored by the refusals
    leftover = Path(target["SANITAS_DATA_DIR"])
    assert sorted(p.name for p in leftover.iterdir()) <= sorted(backup.FRESH)


def test_a_restore_refuses_a_data_directory_that_is_not_empty(installations, tmp_path):
    source, _target = installations
    assert _sanitas(source, "import", BLOCK).returncode == 0
    archive = tmp_path / "b.tar.gz"
    assert _sanitas(source, "backup", "--output", archive).returncode == 0
    result = _sanitas(source, "restore", archive)
    assert result.returncode == 2, result.stderr
    assert "not empty" in result.stderr


def test_the_copy_of_a_live_sqlite_database_is_consistent_and_self_contained(tmp_path):
    source = tmp_path / "live.sqlite3"
    with closing(sqlite3.connect(source)) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE t (n INTEGER)")
        conn.executemany("INSERT INTO t VALUES (?)", [(n,) for n in range(1000)])
        conn.commit()
        writing = sqlite3.connect(source, timeout=1)
        writing.execute("BEGIN IMMEDIATE")
        writing.execute("INSERT INTO t VALUES (-1)")  # in flight: not committed
        counts = backup.copy_sqlite(source, tmp_path / "copy.sqlite3")
        # made while the write was still in flight: the copy never waited for the writer
        assert writing.in_transaction
        writing.rollback()
        writing.close()
    assert counts == {"t": 1000}
    with closing(sqlite3.connect(tmp_path / "copy.sqlite3")) as copy:
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert copy.execute("SELECT MIN(n), COUNT(*) FROM t").fetchone() == (0, 1000)
