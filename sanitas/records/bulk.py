"""Set-based writes for the services: many rows in one statement, with their history.

Django's ``bulk_create`` compiles every value of every row through the field's
methods into one long statement per batch, and django-simple-history builds a
model instance per historical row before doing the same again; for the sweep's
hundreds of thousands of findings that is four fifths of the time. Here a table's
columns and their conversions are worked out once, the rows go to the database
with ``executemany`` (one prepared statement, parameters streamed) or, on
PostgreSQL, binary ``COPY … FROM STDIN`` (the server's bulk-load protocol,
several times faster than any ``INSERT``), and each new or changed row's history is
copied by the database itself with ``INSERT … SELECT``.

The history rows are those django-simple-history writes (same table, columns and
meaning: ``+`` created, ``~`` changed), so the history views read them unchanged.
Only the services call this, inside their transaction and holding the records'
write lock (:func:`sanitas.records.services.lock_records`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

import orjson
from django.db import connection, models

#: rows per statement in a ``WHERE … IN (…)`` (SQLite allows 32,766 parameters)
IN_CHUNK = 500
#: rows per ``INSERT`` on SQLite (at 20 columns, 4,000 parameters)
ROWS_PER_INSERT = 200

_CONVERTED = (models.DateField, models.DecimalField, models.JSONField, models.TimeField)


def _converter(field: models.Field) -> Callable[[Any], Any] | None:
    """How a Python value becomes the database's, for the fields where the two differ
    (dates and times on SQLite, decimals, JSON); None where the value passes as is."""
    if not isinstance(field, _CONVERTED):
        return None
    if isinstance(field, models.JSONField):
        return lambda value: field.get_db_prep_save(value, connection)
    seen: dict[Any, Any] = {}  # dates and amounts repeat: convert each once

    def convert(value: Any) -> Any:
        try:
            return seen[value]
        except KeyError:
            prepared = seen[value] = field.get_db_prep_save(value, connection)
            return prepared

    return convert


def int_list_encoder() -> Callable[[list[int]], Any]:
    """How a list of integers becomes the value a ``JSONField`` stores, encoded once
    by orjson rather than through the field's methods (a tenth of the time): on
    SQLite the very text Django stores (``json.dumps``, whose separator after a comma
    is a space), on PostgreSQL the list sent as ``jsonb``, which the server keeps
    parsed, so the text's spacing is not kept either way."""
    if connection.vendor == "postgresql":
        from psycopg.types.json import Jsonb

        return lambda ids: Jsonb(ids, dumps=orjson.dumps)
    return lambda ids: orjson.dumps(ids).replace(b",", b", ").decode()


class Table:
    """One model's table (and its history table, if it keeps one)."""

    def __init__(self, model: type[models.Model]) -> None:
        meta = model._meta
        self.model = model
        self.name = meta.db_table
        self.fields = [f for f in meta.concrete_fields if not f.primary_key]
        self.by_name = {f.name: f for f in self.fields}
        self.pk = meta.pk.column
        history = getattr(model, "history", None)
        self.history = None if history is None else history.model._meta
        self._converters: dict[str, tuple[str, Callable[[Any], Any] | None]] = {}

    # ------------------------------------------------------------------ conversions

    def _prepared(self, names: Sequence[str]) -> list[tuple[str, Callable[[Any], Any] | None]]:
        key = f"{connection.vendor}:{connection.alias}"
        out = []
        for name in names:
            cached = self._converters.get(f"{key}:{name}")
            if cached is None:
                field = self.by_name[name]
                cached = self._converters[f"{key}:{name}"] = (field.column, _converter(field))
            out.append(cached)
        return out

    def _defaults(self, now: datetime) -> dict[str, Any]:
        values = {}
        for field in self.fields:
            if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
                values[field.name] = now
            else:  # its default, or "" for text, or None (refused if the column needs one)
                values[field.name] = field.get_default()
        return values

    @staticmethod
    def _rows(
        rows: Iterable[Mapping[str, Any]],
        names: Sequence[str],
        prepared: list[tuple[str, Callable[[Any], Any] | None]],
        defaults: Mapping[str, Any],
    ) -> list[tuple]:
        pairs = [(name, defaults.get(name)) for name in names]
        converted = [(i, convert) for i, (_c, convert) in enumerate(prepared) if convert]
        out = []
        append = out.append
        for row in rows:
            get = row.get
            values = [get(name, default) for name, default in pairs]
            for i, convert in converted:
                value = values[i]
                if value is not None:
                    values[i] = convert(value)
            append(tuple(values))
        return out

    # ------------------------------------------------------------------ writes

    def insert(self, rows: Sequence[Mapping[str, Any]], *, now: datetime) -> None:
        """Insert ``rows`` (field name → value; a missing field takes its default,
        ``auto_now`` fields take ``now``)."""
        if not rows:
            return
        defaults = self._defaults(now)
        names = [f.name for f in self.fields]
        prepared = self._prepared(names)
        _load(
            self.name,
            [column for column, _convert in prepared],
            self._rows(rows, names, prepared, defaults),
        )

    def db_value(self, name: str, value: Any) -> Any:
        """``value`` as the database takes it in the column of field ``name``."""
        ((_column, convert),) = self._prepared([name])
        return value if convert is None or value is None else convert(value)

    def insert_values(self, names: Sequence[str], rows: Iterable[tuple]) -> None:
        """Insert rows given as tuples of database values (see :meth:`db_value`), in the
        order of the fields ``names``: the fast way for rows built by the million."""
        _load(self.name, [self.by_name[name].column for name in names], rows)

    def ids_since(self, after_pk: int, count: int) -> list[int]:
        """The primary keys of the ``count`` rows just inserted above ``after_pk`` (the
        write lock being held, the rows above the highest id before the insert are
        its own), in the order they were given: SQLite numbers the rows of an
        ``executemany`` one after the other, PostgreSQL draws each row's value from
        the sequence as ``COPY`` reads it."""
        quote = connection.ops.quote_name
        pk, name = quote(self.pk), quote(self.name)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT COUNT(*), MIN({pk}), MAX({pk}) FROM {name} WHERE {pk} > %s", [after_pk]
            )
            found, low, high = cursor.fetchone()
            if found == count and (count == 0 or high - low + 1 == count):
                return list(range(low, low + count)) if count else []
            # a sequence may skip values (drawn by a transaction rolled back)
            cursor.execute(f"SELECT {pk} FROM {name} WHERE {pk} > %s ORDER BY {pk}", [after_pk])
            ids = [value for (value,) in cursor.fetchall()]
        if len(ids) != count:
            raise RuntimeError(f"{self.name}: {len(ids)} rows above {after_pk}, not {count}")
        return ids

    def update(self, rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> None:
        """Set ``names`` of each row (which also has the primary key under ``"id"``)."""
        if not rows:
            return
        prepared = self._prepared(names)
        quote = connection.ops.quote_name
        assignments = ", ".join(f"{quote(column)} = %s" for column, _convert in prepared)
        sql = f"UPDATE {quote(self.name)} SET {assignments} WHERE {quote(self.pk)} = %s"
        values = self._rows(rows, names, prepared, {})
        with connection.cursor() as cursor:
            cursor.executemany(
                sql, [(*row, source["id"]) for row, source in zip(values, rows, strict=True)]
            )

    def max_pk(self) -> int:
        quote = connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT MAX({quote(self.pk)}) FROM {quote(self.name)}")
            (value,) = cursor.fetchone()
        return value or 0

    def keep_history_since(
        self,
        after_pk: int,
        *,
        kind: str,
        reason: str | None,
        when: datetime,
        user_id: int | None = None,
    ) -> None:
        """The history row of every row whose primary key is above ``after_pk`` (the
        rows this transaction inserted, the write lock being held)."""
        self._history_where(
            f"{connection.ops.quote_name(self.pk)} > %s", [after_pk], kind, reason, when, user_id
        )

    def keep_history_of(
        self,
        column: str,
        values: Sequence[Any],
        *,
        kind: str,
        reason: str | None,
        when: datetime,
        user_id: int | None = None,
    ) -> None:
        """The history row of every row whose ``column`` is one of ``values``."""
        quote = connection.ops.quote_name
        for start in range(0, len(values), IN_CHUNK):
            chunk = list(values[start : start + IN_CHUNK])
            marks = ", ".join(["%s"] * len(chunk))
            self._history_where(f"{quote(column)} IN ({marks})", chunk, kind, reason, when, user_id)

    def _history_where(
        self,
        where: str,
        params: list[Any],
        kind: str,
        reason: str | None,
        when: datetime,
        user_id: int | None,
    ) -> None:
        history = self.history
        if history is None:
            raise TypeError(f"{self.name} keeps no history")
        quote = connection.ops.quote_name
        tracked = [
            f.column
            for f in history.concrete_fields
            if not f.name.startswith("history_") and f.name != "history_id"
        ]
        reason_field = history.get_field("history_change_reason")
        if reason is not None and reason_field.max_length:
            reason = reason[: reason_field.max_length]
        date_field = history.get_field("history_date")
        extra = [
            ("history_date", date_field.get_db_prep_save(when, connection), date_field),
            ("history_change_reason", reason, reason_field),
            ("history_type", kind, history.get_field("history_type")),
            ("history_user_id", user_id, history.get_field("history_user_id")),
        ]
        selected = ", ".join(quote(column) for column in tracked)
        marks = ", ".join(_typed_mark(field) for _name, _value, field in extra)
        target = ", ".join([*(quote(c) for c in tracked), *(quote(n) for n, _v, _f in extra)])
        sql = (
            f"INSERT INTO {quote(history.db_table)} ({target}) "
            f"SELECT {selected}, {marks} FROM {quote(self.name)} WHERE {where}"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*(value for _n, value, _f in extra), *params])


def _load(table_name: str, columns: Sequence[str], rows: Iterable[tuple]) -> None:
    """Append ``rows`` (database values, in the order of ``columns``) to a table."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(column) for column in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # psycopg's own cursor, in the binary format: each value is sent as the
            # column's type holds it, with no text to format and parse again
            types = _column_types(cursor, table_name)
            sql = f"COPY {quote(table_name)} ({names}) FROM STDIN (FORMAT BINARY)"
            with cursor.cursor.copy(sql) as copy:
                copy.set_types([types[column] for column in columns])
                for row in rows:
                    copy.write_row(row)
            return
    # many rows a statement, not one: a table whose ids are AUTOINCREMENT (every
    # Django model's on SQLite) has its sqlite_sequence row read and written at each
    # statement, which for executemany is each row, half the time of inserting a
    # finding. The statement goes to sqlite3 itself, in its own "?" marks: Django's
    # cursor would rewrite its thousands of marks each time. The rows of a
    # statement are numbered in their order. The last rows go one a statement, so
    # that sqlite3 keeps one long statement prepared for a table, not one for every
    # length of the last batch.
    one = "(" + ", ".join(["?"] * len(columns)) + ")"
    insert = f"INSERT INTO {quote(table_name)} ({names}) VALUES "
    # within SQLite's default limit of 32,766 parameters a statement, however wide
    per_insert = max(1, min(ROWS_PER_INSERT, 32_766 // max(1, len(columns))))
    full = insert + ", ".join([one] * per_insert)
    raw = connection.connection
    pending: list[tuple] = []
    for row in rows:
        pending.append(row)
        if len(pending) == per_insert:
            raw.execute(full, [value for each in pending for value in each])
            pending = []
    if pending:
        raw.executemany(insert + one, pending)


_TYPES: dict[str, dict[str, int]] = {}


def _column_types(cursor: Any, table_name: str) -> dict[str, int]:
    """The type (its oid) of each column of a PostgreSQL table."""
    types = _TYPES.get(table_name)
    if types is None:
        cursor.execute(
            "SELECT attname, atttypid FROM pg_attribute "
            "WHERE attrelid = CAST(%s AS regclass) AND attnum > 0 AND NOT attisdropped",
            [connection.ops.quote_name(table_name)],
        )
        types = _TYPES[table_name] = dict(cursor.fetchall())
    return types


def _typed_mark(field: models.Field) -> str:
    """A parameter in a SELECT list: PostgreSQL must be told its type there."""
    if connection.vendor == "postgresql":
        return f"CAST(%s AS {field.db_type(connection)})"
    return "%s"


@cache
def table(model: type[models.Model]) -> Table:
    return Table(model)


def select_in(
    model: type[models.Model], column: str, values: Sequence[Any], columns: Sequence[str]
) -> list[tuple]:
    """``columns`` of the rows of ``model`` whose ``column`` is one of ``values``, as
    the database returns them (a boolean may come back as 0 or 1)."""
    quote = connection.ops.quote_name
    selected = ", ".join(quote(c) for c in columns)
    out: list[tuple] = []
    with connection.cursor() as cursor:
        for start in range(0, len(values), IN_CHUNK):
            chunk = list(values[start : start + IN_CHUNK])
            marks = ", ".join(["%s"] * len(chunk))
            cursor.execute(
                f"SELECT {selected} FROM {quote(model._meta.db_table)} "
                f"WHERE {quote(column)} IN ({marks})",
                chunk,
            )
            out.extend(cursor.fetchall())
    return out
