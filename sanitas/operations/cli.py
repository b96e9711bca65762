"""The operator's subcommands of ``sanitas``.

    sanitas backup [--output FILE]
    sanitas restore FILE

Exit status: 0 done; 1 the backup or restore failed (one line per problem on
standard error); 2 bad input (a data directory or database that is not empty).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _setup() -> None:
    """Django's settings, without migrating: a restore must find the database absent."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
    django.setup()


def _say(message: str) -> None:
    print(f"sanitas: {message}", file=sys.stderr)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sanitas")
    except PackageNotFoundError:
        return ""


def cmd_backup(args: argparse.Namespace) -> int:
    """Back up the database and the evidence files into one dated archive."""
    _setup()
    from django.conf import settings

    from sanitas.operations.backup import BackupError, make_backup, render_tables

    try:
        result = make_backup(
            data_dir=settings.DATA_DIR,
            database=settings.DATABASES["default"],
            output=args.output,
            version=_version(),
            say=_say if args.verbose else lambda _message: None,
        )
    except BackupError as exc:
        for line in exc.problems:
            print(f"sanitas: backup: {line}", file=sys.stderr)
        # the archive takes its name only once whole: a refusal leaves nothing there
        print("sanitas: backup: nothing was written at the archive's name", file=sys.stderr)
        return EXIT_FAILED
    except (OSError, sqlite3.Error) as exc:  # the disk full, or not writable
        from sanitas.records.faults import cause

        if isinstance(exc, OSError):
            words = cause(exc)
        elif "full" in str(exc).lower():  # SQLite's copy, on the archive's disk
            words = f"the disk is full ({exc})"
        else:
            words = f"the copy of the database could not be written ({exc})"
        print(
            f"sanitas: backup: {words}; what was begun beside the archive is removed: "
            "nothing was written at the archive's name",
            file=sys.stderr,
        )
        return EXIT_FAILED
    print(
        f"{result.path}: {result.engine} database, {render_tables(result.tables)}, "
        f"{result.files} files, {result.size:,} bytes\n"
        f"SHA-256 {result.checksum} (also in {result.path.name}.sha256)"
    )
    return EXIT_OK


def cmd_restore(args: argparse.Namespace) -> int:
    """Restore a backup into an empty data directory (and empty database), and check it."""
    _setup()
    from django.conf import settings
    from django.db import connections

    from sanitas.operations.backup import BackupError, render_tables, restore_backup

    connections.close_all()
    try:
        result = restore_backup(
            archive=args.file,
            data_dir=settings.DATA_DIR,
            database=settings.DATABASES["default"],
            say=_say if args.verbose else lambda _message: None,
        )
    except BackupError as exc:
        for line in exc.problems:
            print(f"sanitas: restore: {line}", file=sys.stderr)
        refused = any("not empty" in line or "already" in line for line in exc.problems)
        return EXIT_BAD_INPUT if refused else EXIT_FAILED
    for line in result.problems:
        print(f"sanitas: restore: {line}", file=sys.stderr)
    if result.problems:
        return EXIT_FAILED
    print(
        f"{args.file}: restored into {settings.DATA_DIR}: {result.engine} database, "
        f"{render_tables(result.tables)} (every table's count as in the backup), "
        f"{result.files} evidence files; every checksum verified"
    )
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("backup", help="back up the database and evidence into one archive")
    p.add_argument(
        "--output",
        type=Path,
        help="the archive to write (default: ./sanitas-backup-YYYYMMDD-HHMMSS.tar.gz)",
    )
    p.add_argument("--verbose", action="store_true", help="say each step on standard error")
    p.set_defaults(func=cmd_backup)

    p = sub.add_parser("restore", help="restore a backup into an empty data directory")
    p.add_argument("file", type=Path, help="a sanitas backup archive (.tar.gz)")
    p.add_argument("--verbose", action="store_true", help="say each step on standard error")
    p.set_defaults(func=cmd_restore)
