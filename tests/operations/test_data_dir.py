"""The data directory is its owner's alone: made mode 0700, its database, secret key and
demo sign-ins 0600, and tightened at start when an earlier version or an operator
left them open to others (a log line for each); evidence files are the owner's to
read only. Checked by stat in a process that starts as the server does."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from sanitas.records import keys

ROOT = Path(__file__).resolve().parents[2]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _start(data_dir: Path, *, sqlite: bool = True) -> subprocess.CompletedProcess:
    """A process that sets Django up with ``data_dir`` and opens the database, as any
    command and the server do first."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("SANITAS_") and k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")
    }
    if not sqlite and os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["DATABASE_URL"]
    env.update({"SANITAS_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "sanitas.settings"})
    script = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "connection.ensure_connection()\n"
        "print(connection.vendor)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return proc


def test_a_new_data_directory_is_its_owners_alone(tmp_path):
    data = tmp_path / "new" / "data"
    started = _start(data)
    assert started.stdout.strip() == "sqlite"
    assert _mode(data) == 0o700 and _mode(data.parent) == 0o700
    assert _mode(data / keys.SECRET_KEY_FILE) == 0o600
    assert _mode(data / keys.SQLITE_FILE) == 0o600
    for end in ("-wal", "-shm"):
        if (data / f"{keys.SQLITE_FILE}{end}").exists():
            assert _mode(data / f"{keys.SQLITE_FILE}{end}") == 0o600
    assert _mode(data / "static") == 0o700
    # nothing was open to others, so nothing is said
    assert "data directory" not in started.stderr


def test_files_left_open_to_others_are_tightened_at_start_and_said_so(tmp_path):
    data = tmp_path / "data"
    _start(data)  # a data directory as a first start leaves it, with its database
    names = json.dumps({"inspector": "a-password-of-the-demo"})
    (data / keys.DEMO_PASSWORDS_FILE).write_text(names)
    loose = {
        data: 0o755,
        data / keys.SECRET_KEY_FILE: 0o644,
        data / keys.DEMO_PASSWORDS_FILE: 0o664,
        data / keys.SQLITE_FILE: 0o644,
    }
    for path, mode in loose.items():
        os.chmod(path, mode)
    started = _start(data)
    for path in loose:
        assert _mode(path) == (0o700 if path.is_dir() else 0o600), path
    lines = [line for line in started.stderr.splitlines() if "data directory:" in line]
    assert len(lines) == len(loose), started.stderr
    for path, mode in loose.items():
        tightened = 0o700 if path.is_dir() else 0o600
        said = f"{path}: mode {mode:04o} let others than its owner use it; now {tightened:04o}"
        assert any(line.endswith(said) for line in lines), (said, lines)
    assert all(" WARNING " in line and "sanitas.security" in line for line in lines)
    # and once tightened, the next start has nothing to say
    assert "data directory:" not in _start(data).stderr


def test_tightening_takes_rights_away_and_never_gives_any(tmp_path):
    kept = tmp_path / "read-only"
    kept.write_text("x")
    os.chmod(kept, 0o444)
    assert keys.tighten(kept) == f"{kept}: mode 0444 let others than its owner use it; now 0400"
    assert _mode(kept) == 0o400
    assert keys.tighten(kept) is None and keys.tighten(tmp_path / "missing") is None


def test_the_secret_and_the_demo_sign_ins_are_made_private_in_a_private_folder(tmp_path):
    keys.secret_key(tmp_path / "a" / "b", environ={})
    keys.demo_passwords(tmp_path / "a" / "b", ["inspector"], create=True)
    assert _mode(tmp_path / "a") == _mode(tmp_path / "a" / "b") == 0o700
    assert _mode(tmp_path / "a" / "b" / keys.SECRET_KEY_FILE) == 0o600
    assert _mode(tmp_path / "a" / "b" / keys.DEMO_PASSWORDS_FILE) == 0o600


@pytest.mark.django_db
def test_evidence_files_and_their_folders_are_the_owners_alone(settings, tmp_path):
    from sanitas.casework import evidence

    settings.DATA_DIR = tmp_path
    digest = evidence.store("photos", b"the bytes of a photograph")
    kept = evidence.path_of("photos", digest)
    assert kept.read_bytes() == b"the bytes of a photograph"
    assert _mode(kept) == 0o400
    for folder in (tmp_path / "evidence", tmp_path / "evidence" / "photos", kept.parent):
        assert _mode(folder) == 0o700, folder
