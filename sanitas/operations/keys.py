"""Secrets kept under the data directory: the secret key and the demo's passwords.

Read by the settings before Django is set up, so nothing here imports Django.
Each file is created once, readable by its owner only (mode 0600), with
``O_EXCL`` so that two processes starting at once agree on one value.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

SECRET_KEY_FILE = "secret-key"
DEMO_PASSWORDS_FILE = "demo-sign-ins.json"


def _create_once(path: Path, text: str) -> str:
    """Write ``text`` to ``path`` unless it exists; either way, what the file holds."""
    path.parent.mkdir(parents=True, exist_ok=True)
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
