"""``sanitas backup`` and ``sanitas restore``: a data directory in one dated archive.

The archive (``sanitas-backup-YYYYMMDD-HHMMSS.tar.gz``) holds, under one folder:

- ``database/sanitas.sqlite3``: a consistent copy of an SQLite database, made
  with SQLite's online backup API in one step, so a write in flight is either
  wholly in it or not at all; or ``database/sanitas.pgdump``: ``pg_dump``'s
  custom format for PostgreSQL, taken in the snapshot the row counts were read in;
- ``evidence/``: the files under the data directory's ``evidence`` folder (files
  are only ever added there, and they are copied after the database, so every
  file the database names is in the archive);
- ``demo-sign-ins.json`` when the data directory is a demo one;
- ``manifest.json``: when and from what it was made, the row count of every
  table, and the SHA-256 and size of every other file in the archive.

Beside it, ``ARCHIVE.sha256`` (in ``sha256sum`` format) is the checksum of the
archive itself. The secret key is not backed up: a restored installation makes a
new one (everyone signs in again; passwords and API tokens do not depend on it).

``restore`` unpacks into an empty data directory (it refuses one holding
anything but a fresh secret key) and, for PostgreSQL, an empty database; it
checks the archive's checksum and every file's, restores, then opens the
restored database and compares the row count of every table with the manifest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sanitas.records.keys import tighten

FORMAT = 1
EVIDENCE_DIR = "evidence"
SQLITE_NAME = "sanitas.sqlite3"
PGDUMP_NAME = "sanitas.pgdump"
DEMO_FILE = "demo-sign-ins.json"
SECRET_FILE = "secret-key"
#: what a fresh data directory may already hold: the settings make the key and the
#: static files' folder at start
FRESH = {SECRET_FILE, "static"}


class BackupError(Exception):
    """A backup or restore that cannot be made; ``problems`` has one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class BackupResult:
    path: Path
    checksum: str
    engine: str
    tables: dict[str, int]
    files: int
    size: int


@dataclass
class RestoreResult:
    engine: str
    tables: dict[str, int]
    files: int
    problems: list[str] = field(default_factory=list)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def default_name(now: datetime) -> str:
    return f"sanitas-backup-{now:%Y%m%d-%H%M%S}"


# --------------------------------------------------------------------------- databases


def _sqlite_tables(conn: sqlite3.Connection) -> dict[str, int]:
    names = [
        row[0]
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
    ]
    return {name: conn.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0] for name in names}


def copy_sqlite(source: Path, target: Path) -> dict[str, int]:
    """Copy a live SQLite database with the online backup API, in one step (one read
    transaction: a consistent snapshot, whatever other connections are writing);
    the copy's row counts per table."""
    if not source.exists():
        raise BackupError([f"{source}: no database here"])
    with (
        closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=60)) as src,
        closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst, pages=-1)
    with closing(sqlite3.connect(target)) as dst:
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        if dst.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise BackupError([f"{source}: the copy fails SQLite's integrity check"])
        return _sqlite_tables(dst)


def _pg_conninfo(database: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """libpq keywords and the environment (the password) for a Django database entry."""
    options = dict(database.get("OPTIONS") or {})
    keywords = {
        "dbname": str(database.get("NAME") or ""),
        "user": str(database.get("USER") or ""),
        "host": str(database.get("HOST") or options.pop("host", "") or ""),
        "port": str(database.get("PORT") or ""),
    }
    for key in ("sslmode", "sslrootcert", "sslcert", "sslkey", "options"):
        if key in options:
            keywords[key] = str(options[key])
    env = dict(os.environ)
    if database.get("PASSWORD"):
        env["PGPASSWORD"] = str(database["PASSWORD"])
    return {k: v for k, v in keywords.items() if v}, env


def _dsn(keywords: dict[str, str]) -> str:
    def quote(value: str) -> str:
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"

    return " ".join(f"{key}={quote(value)}" for key, value in keywords.items())


def pg_tool(name: str) -> str:
    """``pg_dump`` or ``pg_restore``: ``$PGBIN``'s, else the one on the PATH, else
    the newest Debian cluster's."""
    pgbin = os.environ.get("PGBIN")
    if pgbin and (Path(pgbin) / name).exists():
        return str(Path(pgbin) / name)
    found = shutil.which(name)
    if found:
        return found
    clusters = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if clusters:
        return str(clusters[-1])
    raise BackupError([f"{name}: not found (install PostgreSQL's client tools, or set PGBIN)"])


def _pg_tables(cursor: Any) -> dict[str, int]:
    cursor.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
    )
    names = [row[0] for row in cursor.fetchall()]
    counts = {}
    for name in names:
        cursor.execute(f'SELECT COUNT(*) FROM "{name}"')
        counts[name] = cursor.fetchone()[0]
    return counts


def dump_postgres(database: dict[str, Any], target: Path) -> dict[str, int]:
    """``pg_dump`` in the custom format, in the very snapshot the row counts are read
    in (``pg_export_snapshot``), so the manifest describes exactly what was dumped."""
    import psycopg

    keywords, env = _pg_conninfo(database)
    with psycopg.connect(_dsn(keywords), password=env.get("PGPASSWORD")) as conn:
        conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        with conn.cursor() as cursor:
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot = cursor.fetchone()[0]
            counts = _pg_tables(cursor)
        proc = subprocess.run(
            [
                pg_tool("pg_dump"),
                "--format=custom",
                "--no-owner",
                "--no-privileges",
                f"--snapshot={snapshot}",
                f"--file={target}",
                f"--dbname={_dsn(keywords)}",
            ],
            env=env,
            capture_output=True,
            text=True,
        )
        conn.rollback()
    if proc.returncode != 0:
        raise BackupError([f"pg_dump: {line}" for line in proc.stderr.strip().splitlines()])
    return counts


def _pg_is_empty(database: dict[str, Any]) -> bool:
    import psycopg

    keywords, env = _pg_conninfo(database)
    with psycopg.connect(_dsn(keywords), password=env.get("PGPASSWORD")) as conn:
        row = conn.execute(
            "SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema()"
        ).fetchone()
    return row[0] == 0


def restore_postgres(database: dict[str, Any], dump: Path) -> dict[str, int]:
    import psycopg

    keywords, env = _pg_conninfo(database)
    proc = subprocess.run(
        [
            pg_tool("pg_restore"),
            "--no-owner",
            "--no-privileges",
            "--exit-on-error",
            "--single-transaction",
            f"--dbname={_dsn(keywords)}",
            str(dump),
        ],
        env=env,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise BackupError([f"pg_restore: {line}" for line in proc.stderr.strip().splitlines()])
    with (
        psycopg.connect(_dsn(keywords), password=env.get("PGPASSWORD")) as conn,
        conn.cursor() as cursor,
    ):
        return _pg_tables(cursor)


# --------------------------------------------------------------------------- backup


def _engine(database: dict[str, Any]) -> str:
    engine = str(database.get("ENGINE", ""))
    if engine.endswith("sqlite3"):
        return "sqlite"
    if "postgresql" in engine:
        return "postgresql"
    raise BackupError([f"database: {engine or 'none'}: only SQLite and PostgreSQL are backed up"])


def make_backup(
    *,
    data_dir: Path,
    database: dict[str, Any],
    output: Path | None = None,
    now: datetime | None = None,
    version: str = "",
    say: Callable[[str], None] = lambda _message: None,
) -> BackupResult:
    """Write the archive; the database first, then the evidence files."""
    now = now or datetime.now(UTC)
    engine = _engine(database)
    name = default_name(now)
    output = Path(output) if output is not None else Path.cwd() / f"{name}.tar.gz"
    if output.exists():
        raise BackupError([f"{output}: exists already; a backup never overwrites a file"])
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".sanitas-backup-", dir=output.parent) as work:
        stage = Path(work) / name
        (stage / "database").mkdir(parents=True)
        if engine == "sqlite":
            say(f"copying the SQLite database {database['NAME']}")
            tables = copy_sqlite(Path(database["NAME"]), stage / "database" / SQLITE_NAME)
        else:
            say(f"dumping the PostgreSQL database {database.get('NAME')}")
            tables = dump_postgres(database, stage / "database" / PGDUMP_NAME)
        evidence = Path(data_dir) / EVIDENCE_DIR
        if evidence.is_dir():
            say(f"copying the evidence files from {evidence}")
            shutil.copytree(evidence, stage / EVIDENCE_DIR, symlinks=False)
        demo = Path(data_dir) / DEMO_FILE
        if demo.is_file():
            shutil.copy2(demo, stage / DEMO_FILE)
        files = {
            path.relative_to(stage).as_posix(): {
                "sha256": sha256_of(path),
                "size": path.stat().st_size,
            }
            for path in sorted(stage.rglob("*"))
            if path.is_file()
        }
        manifest = {
            "format": FORMAT,
            "made_at": now.isoformat(timespec="seconds"),
            "sanitas": version,
            "engine": engine,
            "tables": tables,
            "files": files,
        }
        (stage / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        partial = Path(work) / "archive.tar.gz"
        with tarfile.open(partial, "w:gz") as archive:
            archive.add(stage, arcname=name)
        os.chmod(partial, 0o600)  # it holds every record, and the demo's passwords
        checksum = sha256_of(partial)
        sums = Path(work) / "archive.sha256"
        sums.write_text(f"{checksum}  {output.name}\n")
        # both written whole beside it before either takes its name: a full disk or a
        # failure before here leaves nothing at ``output``
        os.replace(partial, output)
        try:
            os.replace(sums, f"{output}.sha256")
        except OSError:
            output.unlink(missing_ok=True)
            raise
    return BackupResult(
        path=output,
        checksum=checksum,
        engine=engine,
        tables=tables,
        files=len(files),
        size=output.stat().st_size,
    )


# --------------------------------------------------------------------------- restore


def read_archive(path: Path, into: Path) -> tuple[Path, dict[str, Any]]:
    """Check the archive's own checksum (when its ``.sha256`` is beside it), unpack it
    into ``into`` (refusing any member outside its one folder, or not a plain file or
    folder), and check every file against the manifest."""
    path = Path(path)
    if not path.is_file():
        raise BackupError([f"{path}: no such file"])
    sidecar = Path(f"{path}.sha256")
    if sidecar.is_file():
        expected = sidecar.read_text().split()[0] if sidecar.read_text().split() else ""
        if sha256_of(path) != expected:
            raise BackupError([f"{path}: its SHA-256 differs from {sidecar.name}'s: damaged"])
    try:
        with tarfile.open(path, "r:gz") as archive:
            members = archive.getmembers()
            tops = {Path(m.name).parts[0] for m in members if Path(m.name).parts}
            bad = [
                m.name
                for m in members
                if not (m.isfile() or m.isdir())
                or Path(m.name).is_absolute()
                or ".." in Path(m.name).parts
            ]
            if bad or len(tops) != 1:
                raise BackupError([f"{path}: not a Sanitas backup (unexpected members)"])
            archive.extractall(into, filter="data")
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise BackupError([f"{path}: cannot be read as a backup: {exc}"]) from None
    root = Path(into) / tops.pop()
    try:
        manifest = json.loads((root / "manifest.json").read_text())
    except (OSError, ValueError):
        raise BackupError([f"{path}: no readable manifest.json"]) from None
    if manifest.get("format") != FORMAT:
        raise BackupError([f"{path}: backup format {manifest.get('format')!r} is not {FORMAT}"])
    problems = []
    listed = manifest.get("files", {})
    for name, entry in sorted(listed.items()):
        member = root / name
        if not member.is_file():
            problems.append(f"{name}: listed in the manifest, missing from the archive")
        elif sha256_of(member) != entry.get("sha256"):
            problems.append(f"{name}: its SHA-256 differs from the manifest's")
    present = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()} - {
        "manifest.json"
    }
    for name in sorted(present - set(listed)):
        problems.append(f"{name}: in the archive, not in the manifest")
    if problems:
        raise BackupError(problems)
    return root, manifest


def data_dir_problems(data_dir: Path) -> list[str]:
    data_dir = Path(data_dir)
    if not data_dir.exists():
        return []
    extra = sorted(p.name for p in data_dir.iterdir() if p.name not in FRESH)
    if extra:
        return [
            f"{data_dir}: not empty ({', '.join(extra[:5])}{', …' if len(extra) > 5 else ''}); "
            "restore only into a new data directory"
        ]
    return []


def restore_backup(
    *,
    archive: Path,
    data_dir: Path,
    database: dict[str, Any],
    say: Callable[[str], None] = lambda _message: None,
) -> RestoreResult:
    """Restore ``archive`` into the empty ``data_dir`` (and, for PostgreSQL, the empty
    database ``database`` names), then check it."""
    engine = _engine(database)
    problems = data_dir_problems(data_dir)
    if engine == "postgresql" and not _pg_is_empty(database):
        problems.append(
            f"database {database.get('NAME')}: not empty; restore only into a new database"
        )
    if problems:
        raise BackupError(problems)
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".sanitas-restore-", dir=data_dir) as work:
        say(f"checking {archive}")
        root, manifest = read_archive(Path(archive), Path(work))
        if manifest["engine"] != engine:
            raise BackupError(
                [f"{archive}: a {manifest['engine']} backup; this installation uses {engine}"]
            )
        if engine == "sqlite":
            target = Path(database["NAME"])
            if target.exists():
                raise BackupError([f"{target}: a database is there already"])
            say(f"restoring the database to {target}")
            shutil.move(root / "database" / SQLITE_NAME, target)
            with closing(sqlite3.connect(target)) as conn:
                conn.execute("PRAGMA journal_mode=WAL")
                ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                tables = _sqlite_tables(conn)
            if not ok:
                raise BackupError([f"{target}: the restored copy fails SQLite's integrity check"])
        else:
            say(f"restoring the database {database.get('NAME')} with pg_restore")
            tables = restore_postgres(database, root / "database" / PGDUMP_NAME)
        files = 0
        if (root / EVIDENCE_DIR).is_dir():
            say(f"restoring the evidence files to {data_dir / EVIDENCE_DIR}")
            shutil.move(root / EVIDENCE_DIR, data_dir / EVIDENCE_DIR)
            files = sum(1 for p in (data_dir / EVIDENCE_DIR).rglob("*") if p.is_file())
        if (root / DEMO_FILE).is_file():
            shutil.move(root / DEMO_FILE, data_dir / DEMO_FILE)
            os.chmod(data_dir / DEMO_FILE, 0o600)
        # what the archive held is its owner's alone, as when it was first written
        restored = [data_dir]
        if engine == "sqlite":
            restored += [Path(f"{database['NAME']}{end}") for end in ("", "-wal", "-shm")]
        if (data_dir / EVIDENCE_DIR).is_dir():
            restored += [data_dir / EVIDENCE_DIR, *(data_dir / EVIDENCE_DIR).rglob("*")]
        for path in restored:
            tighten(path)
    expected = manifest["tables"]
    result = RestoreResult(engine=engine, tables=tables, files=files)
    for name in sorted(set(expected) | set(tables)):
        if name not in tables:
            result.problems.append(f"table {name}: in the backup, missing after the restore")
        elif name not in expected:
            result.problems.append(f"table {name}: after the restore, not in the backup")
        elif tables[name] != expected[name]:
            result.problems.append(
                f"table {name}: {tables[name]:,} rows restored, the backup has {expected[name]:,}"
            )
    return result


def render_tables(tables: dict[str, int]) -> str:
    return f"{len(tables)} tables, {sum(tables.values()):,} rows"
