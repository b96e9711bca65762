"""Faults of the disk and the database, made for real for the fault tests: a
filesystem of a few megabytes, a database file the server's user may not write, a
database account stripped of its rights, and a city to meet them with.

A small filesystem is a tmpfs mounted for the test when the suite runs as root (as
CI does); as any other user, the same room is enforced on the child process's writes
with ``RLIMIT_FSIZE`` (a file may not grow past it), which is what a quota does to a
process. A PostgreSQL tablespace on a small filesystem needs the mount, so as another
user that test fails saying so: nothing is skipped silently.
"""

from __future__ import annotations

import json
import os
import pwd
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from sanitas.bench.records import child_env, drop_database, make_database

ROOT = Path(__file__).resolve().parents[2]
SERVER = os.environ.get("DATABASE_URL") or None
BLOCK = ROOT / "examples" / "city-block.yaml"
AS_ROOT = os.geteuid() == 0
#: the account a child runs as where a file's mode is the fault (made when root)
FAULT_USER = "sanitas-fault-test"
PRELUDE = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
"""


@dataclass
class Child:
    returncode: int
    stdout: str
    stderr: str

    def json(self) -> object:
        return json.loads(self.stdout.strip().splitlines()[-1])


def run(
    env: dict[str, str],
    args: list[str],
    *,
    preexec: Callable[[], None] | None = None,
    timeout: float = 600,
) -> Child:
    proc = subprocess.run(
        args,
        cwd=ROOT,
        env=child_env(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=preexec,
    )
    return Child(proc.returncode, proc.stdout, proc.stderr)


def python(env: dict[str, str], code: str, **options) -> Child:
    """``code`` in a fresh Django process on ``env``'s database."""
    return run(env, [sys.executable, "-c", PRELUDE + code], **options)


def sanitas(env: dict[str, str], *args: object, **options) -> Child:
    return run(env, [sys.executable, "-m", "sanitas", *map(str, args)], **options)


def ok(child: Child) -> Child:
    assert child.returncode == 0, child.stderr
    return child


# --------------------------------------------------------------------------- a city


@contextmanager
def city(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A private database holding the city block (and a data directory of its own)."""
    env = make_database(SERVER)
    if SERVER is not None:
        env["SANITAS_DATA_DIR"] = str(tmp_path / "data")
    env["SANITAS_ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    try:
        ok(sanitas(env, "import", BLOCK))
        yield env
    finally:
        drop_database(SERVER, env)


#: a signed-in inspector (a session made while the database could still be written)
#: and an API token for them; prints both
SIGN_IN = """
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.test import Client
from sanitas.api.services import issue_api_token
user = User.objects.create_user("maria", "maria@example.org", "a-long-test-password")
user.first_name, user.last_name = "Maria", "Lopez"
user.save()
user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
client = Client()
client.force_login(user)
token = issue_api_token(username="maria", name="faults", actor="admin", scopes=["read", "write"])
print(json.dumps({"session": client.cookies[settings.SESSION_COOKIE_NAME].value,
                  "token": token.secret}))
"""


def sign_in(env: dict[str, str]) -> dict[str, str]:
    return ok(python(env, SIGN_IN)).json()


# --------------------------------------------------------------------------- a small disk


def _fsize_limit(limit: int) -> Callable[[], None]:
    def limited() -> None:  # in the child, before it runs: writes past it fail (EFBIG)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limited


@dataclass
class SmallDisk:
    """Where a child writes with little room: ``path``, and what to run the child with."""

    path: Path
    preexec: Callable[[], None] | None
    mounted: bool

    def grow(self, size: int) -> None:
        """Make room (an operator freeing space): the tmpfs larger, or the limit lifted."""
        if self.mounted:
            subprocess.run(["mount", "-o", f"remount,size={size}", str(self.path)], check=True)
        self.preexec = None


@contextmanager
def small_disk(room: int, *, holding: Path | None = None, owner: str = "") -> Iterator[SmallDisk]:
    """A folder with ``room`` bytes free beyond the files of ``holding`` (a folder copied
    into it). As root a tmpfs of just that size (owned by ``owner`` when given); as
    another user a folder on the usual disk, its room enforced on the child by
    ``RLIMIT_FSIZE``: no file may be written past ``room`` bytes from its start (a new
    file, or SQLite's write-ahead log, fills it as it would the disk)."""
    base = Path(tempfile.mkdtemp(prefix="sanitas-small-"))
    base.chmod(0o755)  # the account that writes there (a database server's) passes through
    path = base / "disk"
    path.mkdir()
    used = _size(holding) if holding is not None else 0
    mounted = False
    try:
        if AS_ROOT:
            size = ((used + room) // 4096 + 1) * 4096
            subprocess.run(
                ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(path)],
                check=True,
            )
            mounted = True
            if owner:
                shutil.chown(path, owner, owner)
        if holding is not None:
            shutil.copytree(holding, path, dirs_exist_ok=True)
            if owner and AS_ROOT:
                for entry in [path, *path.rglob("*")]:
                    shutil.chown(entry, owner, owner)
        preexec = None if AS_ROOT else _fsize_limit(room)
        yield SmallDisk(path, preexec, mounted)
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(path)], check=False)
        shutil.rmtree(base, ignore_errors=True)


def _size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def fold_wal(data_dir: Path) -> None:
    """Fold an SQLite database's write-ahead log into its file (as a quiet server has)."""
    database = data_dir / "sanitas.sqlite3"
    with closing(sqlite3.connect(database)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


# --------------------------------------------------------------------------- PostgreSQL


def _admin(sql: str, url: str | None = None) -> list[tuple]:
    import psycopg

    with psycopg.connect(url or SERVER, autocommit=True) as conn:
        cursor = conn.execute(sql)
        return cursor.fetchall() if cursor.description else []


def server_user() -> str:
    """The operating-system account the PostgreSQL server runs as."""
    directory = _admin("SHOW data_directory")[0][0]
    return pwd.getpwuid(os.stat(directory).st_uid).pw_name


@contextmanager
def small_tablespace(env: dict[str, str], tables: list[str], room: int) -> Iterator[None]:
    """``tables`` (and their histories' growth) moved to a tablespace on a tmpfs with
    ``room`` bytes free. Needs root to mount it."""
    if not AS_ROOT:
        pytest.fail(
            "a PostgreSQL tablespace on a small filesystem needs a mount: run the suite as "
            "root (CI does) to try a full disk under PostgreSQL"
        )
    name = f"small_{os.getpid()}"
    with small_disk(room, owner=server_user()) as disk:
        _admin(f"CREATE TABLESPACE {name} LOCATION '{disk.path}'")
        try:
            for table in tables:
                _admin(f"ALTER TABLE {table} SET TABLESPACE {name}", env["DATABASE_URL"])
            yield
        finally:
            for table in tables:
                _admin(f"ALTER TABLE {table} SET TABLESPACE pg_default", env["DATABASE_URL"])
            _admin(f"DROP TABLESPACE IF EXISTS {name}")


def with_user(url: str, user: str) -> str:
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}@{host}"))


# --------------------------------------------------------------------------- refusing writes


def _others_reach(path: Path) -> bool:
    """Whether an account other than its owner's may reach ``path`` (every folder on
    the way searchable by others, the thing itself readable)."""
    path = path.resolve()
    for folder in path.parents:
        if not os.stat(folder).st_mode & 0o001:
            return False
    return bool(os.stat(path).st_mode & 0o004)


@dataclass
class ModeFault:
    """How a child meets a file's mode as its fault: the account that owns the files
    it may write (None: as it is), and what it runs with."""

    owner: pwd.struct_passwd | None
    preexec: Callable[[], None] | None
    how: str


def mode_fault() -> ModeFault:
    """Root writes any file, so as root the child must not be root's all-powerful self:
    it runs as an account of its own (made with ``useradd``) where that account can run
    this Python; where it cannot (the interpreter under root's own folder), as root
    without the capabilities that override file modes. As another user the mode is
    the fault already."""
    if not AS_ROOT:
        return ModeFault(None, None, "as this user")
    interpreter = Path(sys.executable)
    if _others_reach(interpreter) and _others_reach(Path(sys.base_prefix) / "lib"):
        account = fault_user()
        return ModeFault(account, as_user(account), f"as {FAULT_USER}")
    return ModeFault(None, _without_mode_override, "as root without CAP_DAC_OVERRIDE")


#: the capabilities by which root writes a file whose mode forbids it
_MODE_OVERRIDES = (1, 2, 3)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
_PR_CAPBSET_DROP = 24


def _without_mode_override() -> None:  # in the child: dropped from what exec may give
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in _MODE_OVERRIDES:
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def fault_user() -> pwd.struct_passwd:
    """The account a child runs as when a file's mode is the fault (root may write any
    file, so the fault is only real for another user); made when missing."""
    try:
        return pwd.getpwnam(FAULT_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
             FAULT_USER],
            check=True,
        )  # fmt: skip
        return pwd.getpwnam(FAULT_USER)


def as_user(account: pwd.struct_passwd) -> Callable[[], None]:
    def become() -> None:
        os.setgroups([])
        os.setgid(account.pw_gid)
        os.setuid(account.pw_uid)

    return become
