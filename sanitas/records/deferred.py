"""Indexes a city's first sweep builds after its rows, not entry by entry.

A first sweep inserts every finding of the city and every line of its worklist:
at 100,000 establishments, some four million findings and two million lines. Most
of their indexes take keys in the order the sweep goes (the group, the subject),
and an entry costs SQLite a fifth to a third of a microsecond; but the worklist's
orders (status and due date, severity and due date, by program) take keys in no
order at all, each entry lands on a page no longer in the cache, and costs 3 to 5
microseconds (``scripts/sqlite_entries.py``): entered one by one, those indexes are
half of a first sweep's storing. Built once after the rows, an index is one sort
of its keys and costs about a microsecond an entry. PostgreSQL's manual advises
the same for loading a new table ("Populating a Database": remove indexes, load,
create them again).

So a full sweep of a city where almost no group was ever swept (its first, when
the records have just been imported) drops :data:`DEFERRED` first and builds them
when it ends, whether it ends well or not. Nothing but the worklist's page orders
and the findings' order by due date rest on them: no unique key is among them, so
every guarantee holds while they are missing, and a query only runs slower. A
sweep that was killed before building them leaves them missing; the next sweep,
or the next distributed run as it is planned, builds them before anything else
(:func:`build_missing`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, models

from sanitas.records.models import Finding, SubjectGroup, WorklistRow

#: (model, name of one of its ``Meta.indexes``): those whose keys a sweep enters
#: in due-date order, in no order the sweep knows
DEFERRED: tuple[tuple[type[models.Model], str], ...] = (
    (Finding, "worklist"),
    (WorklistRow, "worklist_row_action"),
    (WorklistRow, "worklist_row_due"),
    (WorklistRow, "worklist_row_program_action"),
    (WorklistRow, "worklist_row_program_due"),
)
#: a first sweep of fewer groups enters its index keys as it goes (a few seconds)
DEFER_AT = 2_000


def _index(model: type[models.Model], name: str) -> models.Index:
    return next(index for index in model._meta.indexes if index.name == name)


def _present(model: type[models.Model]) -> set[str]:
    with connection.cursor() as cursor:
        return set(connection.introspection.get_constraints(cursor, model._meta.db_table))


def missing() -> list[tuple[type[models.Model], str]]:
    """The indexes of :data:`DEFERRED` the database does not have."""
    present: dict[type[models.Model], set[str]] = {}
    out = []
    for model, name in DEFERRED:
        if model not in present:
            present[model] = _present(model)
        if name not in present[model]:
            out.append((model, name))
    return out


def _editor():
    """A schema editor used only to write the statements: not entered, so that it
    neither opens a transaction nor (on SQLite) turns foreign key checks off."""
    editor = connection.schema_editor(atomic=False, collect_sql=True)
    editor.deferred_sql = []  # what entering it would set
    return editor


def _execute(statements: list[str]) -> None:
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def build_missing() -> list[str]:
    """Build the indexes of :data:`DEFERRED` that are missing; their names."""
    wanted = missing()
    if not wanted:
        return []
    editor = _editor()
    with _sorting_on_disk():
        _execute([str(_index(model, name).create_sql(model, editor)) for model, name in wanted])
    return [name for _model, name in wanted]


@contextmanager
def _sorting_on_disk() -> Iterator[None]:
    """On SQLite, outside a transaction: building an index sorts its keys, and with
    temporary storage in memory (as every connection opens, see the settings) the
    whole sort is held in memory, some 230 MB for the findings of 100,000
    establishments; in temporary files it keeps to the page cache, with a helper
    thread. Restored after."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    with connection.cursor() as cursor:
        (store,) = cursor.execute("PRAGMA temp_store").fetchone()
        (threads,) = cursor.execute("PRAGMA threads").fetchone()
        cursor.execute("PRAGMA temp_store=FILE")
        cursor.execute("PRAGMA threads=1")
        try:
            yield
        finally:
            cursor.execute(f"PRAGMA temp_store={int(store)}")
            cursor.execute(f"PRAGMA threads={int(threads)}")


def drop() -> None:
    """Drop the indexes of :data:`DEFERRED` that exist."""
    gone = set(missing())
    editor = _editor()
    _execute(
        [
            str(_index(model, name).remove_sql(model, editor))
            for model, name in DEFERRED
            if (model, name) not in gone
        ]
    )


def first_sweep(groups: int, *, full: bool) -> bool:
    """Whether a sweep of ``groups`` builds :data:`DEFERRED` after its rows: a full
    sweep of at least :data:`DEFER_AT` groups into a city where fewer than a tenth
    of them were ever swept (a clerk's writes evaluate the groups they touch, so a
    few may have been before the city's first sweep)."""
    if not full or groups < DEFER_AT:
        return False
    return SubjectGroup.objects.filter(swept_at__isnull=False).count() * 10 < groups


@contextmanager
def built_after(defer: bool, seconds: dict[str, float] | None = None) -> Iterator[None]:
    """Within, the indexes of :data:`DEFERRED` are missing when ``defer``; at the end,
    however it comes, they are built, and the time it took is added to ``seconds``
    under ``"indexes"``. Any left missing before are built first."""
    build_missing()
    if not defer:
        yield
        return
    drop()
    try:
        yield
    finally:
        started = time.perf_counter()
        build_missing()
        if seconds is not None:
            seconds["indexes"] = seconds.get("indexes", 0.0) + time.perf_counter() - started
