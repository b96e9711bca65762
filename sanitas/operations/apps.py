import logging
import os
from pathlib import Path

from django.apps import AppConfig


class OperationsConfig(AppConfig):
    """Running for real: error pages, request ids, sign-in logging, users kept."""

    name = "sanitas.operations"
    label = "operations"
    verbose_name = "Operations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from sanitas.records import accounts

        accounts.connect()
        _say_what_was_tightened()
        connection_created.connect(_private_database, dispatch_uid="sanitas-private-database")


def _say_what_was_tightened() -> None:
    """The data directory's files the settings found open to others, and tightened
    (in the process that did it, not again in the workers forked from it)."""
    from django.conf import settings

    pid, lines = getattr(settings, "DATA_DIR_TIGHTENED", (None, []))
    if pid != os.getpid():
        return
    log = logging.getLogger("sanitas.security")
    for line in lines:
        log.warning("data directory: %s", line)


def _private_database(sender, connection, **kwargs) -> None:
    """SQLite makes the database's files with the process's default mode: they are
    made their owner's alone as soon as the database is opened (the write-ahead log
    and the shared memory, made as it opens, take the database file's mode after)."""
    from sanitas.records.keys import tighten

    if connection.vendor != "sqlite":
        return
    name = str(connection.settings_dict.get("NAME") or "")
    if name and name != ":memory:" and not name.startswith("file:"):
        for suffix in ("", "-wal", "-shm"):
            tighten(Path(name + suffix))
