"""Copies of the test database, kept by name and put back whole: an expensive state
(the demo city's five years of writes) is made once per run and each module that
reads it gets a fresh copy of it, then the empty database back.

On SQLite (the suite's database lives in memory) a copy is SQLite's online backup
into another in-memory database, and putting it back is the backup the other way.
On PostgreSQL a copy is a database made with the test database as its template, and
putting it back drops the test database and makes it again from the copy: a copy of
the files, far quicker than writing the rows again. Each pytest-xdist worker has its
own test database (``test_…_gw0``) and so its own copies.

A copy is kept and put back between tests only, never inside one: no transaction may
be open, and on PostgreSQL no connection may be held to the test database but
Django's own, which is closed first.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from django.db import connection


class DatabaseCopies:
    """Named copies of the default test database."""

    def __init__(self) -> None:
        self._sqlite: dict[str, sqlite3.Connection] = {}
        self._postgres: dict[str, str] = {}

    def keep(self, name: str) -> None:
        """Keep the database as it stands now under ``name`` (replacing an older copy)."""
        self._no_transaction()
        if connection.vendor == "sqlite":
            connection.ensure_connection()
            copy = sqlite3.connect(":memory:", check_same_thread=False)
            connection.connection.backup(copy)
            old = self._sqlite.pop(name, None)
            if old is not None:
                old.close()
            self._sqlite[name] = copy
        elif connection.vendor == "postgresql":
            database = connection.settings_dict["NAME"]
            copy = f"{database}_copy_{name}"
            strategy = self._strategy()
            self._close_all()
            self._admin(
                self._terminate(database),
                f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)',
                f'CREATE DATABASE "{copy}" TEMPLATE "{database}"{strategy}',
            )
            self._postgres[name] = copy
        else:
            raise NotImplementedError(f"no database copies on {connection.vendor}")

    def put_back(self, name: str) -> None:
        """Make the database the copy kept under ``name`` again."""
        self._no_transaction()
        if name not in self._sqlite and name not in self._postgres:
            raise KeyError(f"no copy of the database named {name!r} was kept")
        if connection.vendor == "sqlite":
            connection.ensure_connection()
            self._sqlite[name].backup(connection.connection)
        else:
            database = connection.settings_dict["NAME"]
            strategy = self._strategy()
            self._close_all()
            self._admin(
                self._terminate(self._postgres[name]),
                f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)',
                f'CREATE DATABASE "{database}" TEMPLATE "{self._postgres[name]}"{strategy}',
            )

    def __contains__(self, name: str) -> bool:
        return name in self._sqlite or name in self._postgres

    def discard(self) -> None:
        """Drop every copy."""
        for copy in self._sqlite.values():
            copy.close()
        self._sqlite.clear()
        if self._postgres:
            self._admin(
                *(
                    f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)'
                    for copy in self._postgres.values()
                )
            )
            self._postgres.clear()

    @staticmethod
    def _no_transaction() -> None:
        if connection.in_atomic_block:
            raise RuntimeError(
                "a copy of the database is kept or put back between tests only, "
                "outside any transaction"
            )

    @staticmethod
    def _close_all() -> None:
        """Close every connection Django holds (every alias, this thread's)."""
        from django.db import connections

        connections.close_all()

    @staticmethod
    def _terminate(database: str) -> str:
        """A statement ending every other session on ``database``: a template may have
        none, and a connection a finished test left open (a thread's, a server's) would
        otherwise make the copy fail."""
        name = database.replace("'", "''")
        return (
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        )

    @staticmethod
    def _strategy() -> str:
        """PostgreSQL 15's default copies a template through the write-ahead log, page
        by page; a copy of its files is far quicker for a database the size of the
        demo city's (the suite's server runs without fsync)."""
        connection.ensure_connection()
        return " STRATEGY FILE_COPY" if connection.pg_version >= 150000 else ""

    @staticmethod
    def _admin(*statements: str) -> None:
        """Run ``statements`` on the server's maintenance database, autocommitting."""
        import psycopg

        params: dict[str, Any] = connection.get_connection_params()
        params["dbname"] = "postgres"
        params.pop("cursor_factory", None)
        params.pop("context", None)
        with psycopg.connect(**params, autocommit=True) as admin:
            for statement in statements:
                admin.execute(statement)
