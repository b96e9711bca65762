"""The records app's squashed migration makes the database its thirteen migrations make.

A new database is migrated through ``0001_squashed_0013_worklist_rows``; a database
migrated part of the way goes on through the original files. Both must end with the
same tables, columns, indexes and constraints: each is made here in a database of
its own (on the suite's database server, or SQLite files) by a child process, and
their schemas, read back through Django's introspection, compared.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from sanitas.bench.records import child_env, drop_database, make_database

SERVER = os.environ.get("DATABASE_URL") or None

SQUASHED = ("records", "0001_squashed_0013_worklist_rows")

MIGRATE_AND_DESCRIBE = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

squashed = tuple(json.loads(sys.argv[2]))
executor = MigrationExecutor(connection)
if sys.argv[1] == "chain":
    # the graph as it was before the squash: the thirteen files, the squashed one left out
    executor.loader = MigrationLoader(connection, replace_migrations=False)
    targets = [node for node in executor.loader.graph.leaf_nodes() if node != squashed]
else:
    targets = executor.loader.graph.leaf_nodes()
applied = [migration.name for migration, _ in executor.migration_plan(targets)
           if migration.app_label == "records"]
executor.migrate(targets)

schema = {}
with connection.cursor() as cursor:
    introspection = connection.introspection
    for table in sorted(t.name for t in introspection.get_table_list(cursor) if t.type == "t"):
        columns = sorted(
            [c.name, str(c.type_code), bool(c.null_ok), c.default]
            for c in introspection.get_table_description(cursor, table)
        )
        constraints = sorted(
            json.dumps(
                {
                    # a constraint the database named itself is known by what it holds
                    "name": "" if name.startswith("__unnamed") else name,
                    **{k: v for k, v in sorted(info.items()) if k != "definition"},
                },
                sort_keys=True,
                default=str,
            )
            for name, info in introspection.get_constraints(cursor, table).items()
        )
        schema[table] = {"columns": columns, "constraints": constraints}
print(json.dumps({"applied": applied, "schema": schema}))
"""


def _migrated(how: str) -> dict:
    env = make_database(SERVER)
    try:
        proc = subprocess.run(
            [sys.executable, "-c", MIGRATE_AND_DESCRIBE, how, json.dumps(SQUASHED)],
            env=child_env(env),
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)
    finally:
        drop_database(SERVER, env)


def test_the_squashed_migration_makes_the_schema_of_the_thirteen():
    squashed = _migrated("squashed")
    chain = _migrated("chain")
    # each database was made the way it was meant to be
    assert squashed["applied"] == [SQUASHED[1]]
    assert chain["applied"][0] == "0001_initial"
    assert chain["applied"][-1] == "0013_worklist_rows"
    assert len(chain["applied"]) == 13
    assert sorted(squashed["schema"]) == sorted(chain["schema"])
    for table, described in chain["schema"].items():
        assert squashed["schema"][table] == described, table
