"""Emptying a test database that holds served notices (the demo city's, say), for the
next module: the database refuses to delete a served notice (the triggers of
migrations 0002 and 0004), so the guard is lifted for the flush and put back."""

from __future__ import annotations

import importlib

from django.core.management import call_command
from django.db import connection

GUARDS = (
    "sanitas.notices.migrations.0002_served_notices_are_frozen",
    "sanitas.notices.migrations.0004_served_notices_survive_truncate",
)


def flush_with_served_notices() -> None:
    """``manage.py flush``, served notices and all; the guards stand again after."""
    guards = [importlib.import_module(name) for name in GUARDS]
    with connection.schema_editor() as editor:
        for guard in guards:
            guard.drop(None, editor)
    try:
        call_command("flush", interactive=False, verbosity=0)
    finally:
        with connection.schema_editor() as editor:
            for guard in guards:
                guard.create(None, editor)
