"""Secrets kept under the data directory: the secret key and the demo's passwords;
and the data directory itself, its owner's alone.

Read by the settings before Django is set up, so nothing here imports Django.
Each file is created once, readable by its owner only (mode 0600), with
``O_EXCL`` so that two processes starting at once agree on one value.

The data directory holds every record, the evidence and these secrets, so it is
made mode 0700; at every start the settings take from it, and from the files
directly in it that hold records or secrets (:data:`PRIVATE_FILES`), every right
of anyone but their owner (its group too), and say so for each one they had to
tighten. A file or folder another account owns is left as it is: its owner
arranged it, and this process could not change it.
"""

from __future__ import annotations

import json
import os
import secrets
import stat
from pathlib import Path

SECRET_KEY_FILE = "secret-key"
DEMO_PASSWORDS_FILE = "demo-sign-ins.json"
SQLITE_FILE = "sanitas.sqlite3"
#: the files directly in the data directory that hold records or secrets (the SQLite
#: database with its write-ahead log and shared memory, the secret key, the demo's
#: passwords)
PRIVATE_FILES = (
    SQLITE_FILE,
    f"{SQLITE_FILE}-wal",
    f"{SQLITE_FILE}-shm",
    SECRET_KEY_FILE,
    DEMO_PASSWORDS_FILE,
)
#: a folder and a file of the data directory: their owner's alone
PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
#: the rights of anyone but the owner
_OTHERS = 0o077


def private_folder(path: Path) -> Path:
    """``path`` made (with any missing parents) as a folder its owner's alone; an
    existing folder is left as it is."""
    path = Path(path)
    if not path.is_dir():
        missing = [p for p in (path, *path.parents) if not p.exists()]
        path.mkdir(mode=PRIVATE_DIR_MODE, parents=True, exist_ok=True)
        for made in missing:  # ``parents`` makes the parents with the default mode
            _tighten(made)
    return path


def tighten(path: Path) -> str | None:
    """Take from ``path`` every right of anyone but its owner (0644 becomes 0600, 0755
    0700, 0444 0400: nothing is added); a line saying so when it had any, else None
    (also when it is missing or another account's)."""
    return _tighten(Path(path), say=True)


def _tighten(path: Path, *, say: bool = False) -> str | None:
    try:
        info = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return None
    mode = info.st_mode & 0o7777
    if not mode & _OTHERS or info.st_uid != os.geteuid() or stat.S_ISLNK(info.st_mode):
        return None
    os.chmod(path, mode & ~_OTHERS)
    if not say:
        return None
    return f"{path}: mode {mode:04o} let others than its owner use it; now {mode & ~_OTHERS:04o}"


def secure_data_dir(data_dir: Path) -> list[str]:
    """Make ``data_dir`` (mode 0700), or tighten it and the :data:`PRIVATE_FILES` in it
    (see :func:`tighten`); one line for each that had to be tightened."""
    data_dir = Path(data_dir)
    if not data_dir.exists():
        private_folder(data_dir)
        return []
    lines = [tighten(data_dir), *(tighten(data_dir / name) for name in PRIVATE_FILES)]
    return [line for line in lines if line]


def _create_once(path: Path, text: str) -> str:
    """Write ``text`` to ``path`` unless it exists; either way, what the file holds."""
    private_folder(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    return text


def secret_key(data_dir: Path, environ: dict[str, str] | os._Environ = os.environ) -> str:
    """``SANITAS_SECRET_KEY`` when set; else the key kept in ``DATA_DIR/secret-key``,
    generated (64 random URL-safe characters) the first time."""
    given = environ.get("SANITAS_SECRET_KEY", "").strip()
    if given:
        return given
    key = _create_once(Path(data_dir) / SECRET_KEY_FILE, secrets.token_urlsafe(48) + "\n")
    key = key.strip()
    if len(key) < 50:
        raise RuntimeError(f"{Path(data_dir) / SECRET_KEY_FILE}: the secret key is too short")
    return key


def demo_passwords(data_dir: Path, usernames: list[str], *, create: bool) -> dict[str, str]:
    """The demo sign-ins' passwords for this installation, from
    ``DATA_DIR/demo-sign-ins.json``; with ``create``, made first (one random
    password per user name, and one for any user name the file lacks). Without
    ``create`` and without the file: none (not a demo data directory)."""
    path = Path(data_dir) / DEMO_PASSWORDS_FILE
    if not path.exists() and not create:
        return {}
    made = {name: secrets.token_urlsafe(12) for name in usernames}
    kept = json.loads(_create_once(path, json.dumps(made, indent=2) + "\n"))
    missing = [name for name in usernames if name not in kept]
    if missing and create:
        kept.update({name: made[name] for name in missing})
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(kept, indent=2) + "\n")
        os.replace(tmp, path)
    return {name: kept[name] for name in usernames if name in kept}
