"""The records app's one migration makes a new database, and a database migrated
through the thirteen it replaced needs nothing more.

``0001_squashed_0013_worklist_rows`` is the records app's first migration since the
thirteen it replaced were dropped (Django's "Squashing migrations"); migrations added
since follow it as any do. Each database here is made by a child process, in a
database of its own (on the suite's database server, or SQLite files): a new one
migrates through them to the schema the models declare; one whose migration table
lists the thirteen old names and the squash, as every database a release holding both
migrated does, has only the migrations added since to apply.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.migrations.recorder import MigrationRecorder

from sanitas.bench.records import child_env, drop_database, make_database

SERVER = os.environ.get("DATABASE_URL") or None

SQUASHED = ("records", "0001_squashed_0013_worklist_rows")
#: the migrations the squash replaced, as the migration table of a database they
#: migrated names them
REPLACED = (
    "0001_initial",
    "0002_finding_fewer_indexes",
    "0003_history_indexes_for_history_queries",
    "0004_subject_group_findings_digest",
    "0005_voided_rows_in_partial_indexes",
    "0006_employee_name_and_permit_number",
    "0007_finding_reading_and_data_problems",
    "0008_follow_up_observations_and_vocabulary_help",
    "0009_group_facts_documents",
    "0010_operators_and_owners_languages",
    "0011_distributed_sweep_runs_and_chunks",
    "0012_group_findings_documents",
    "0013_worklist_rows",
)

MIGRATE_AND_DESCRIBE = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
from django.db import connection
from django.core.management import call_command
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

squashed, replaced = json.loads(sys.argv[2]), json.loads(sys.argv[3])
executor = MigrationExecutor(connection)
targets = executor.loader.graph.leaf_nodes()
records = sorted(
    (name, bool(migration.replaces))
    for (app, name), migration in executor.loader.disk_migrations.items()
    if app == "records"
)
applied = [migration.name for migration, _ in executor.migration_plan(targets)
           if migration.app_label == "records"]
executor.migrate(targets)
if sys.argv[1] == "recorded-before-the-drop":
    # what a release holding the thirteen and the squash left in the migration table
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app="records").delete()
    for name in [*replaced, squashed[1]]:
        recorder.record_applied("records", name)
executor = MigrationExecutor(connection)  # read the migration table again
left = [migration.name for migration, _ in executor.migration_plan(targets)]
try:
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
    models_match = True
except SystemExit:
    models_match = False

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
print(json.dumps({
    "records": records, "applied": applied, "left": left, "models_match": models_match,
    "schema": schema,
}))
"""


def _migrated(how: str) -> dict:
    env = make_database(SERVER)
    try:
        proc = subprocess.run(
            [
                sys.executable,
                "-c",
                MIGRATE_AND_DESCRIBE,
                how,
                json.dumps(SQUASHED),
                json.dumps(REPLACED),
            ],
            env=child_env(env),
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)
    finally:
        drop_database(SERVER, env)


def test_a_new_database_migrates_through_the_one_records_migration():
    new = _migrated("new")
    # the squash is the records app's first migration, and replaces nothing now; those
    # added since follow it
    assert new["records"][0] == [SQUASHED[1], False]
    assert not any(replaces for _name, replaces in new["records"])
    assert new["applied"] == [name for name, _replaces in new["records"]]
    assert new["left"] == []
    # the tables it makes are those the models declare, history tables among them
    assert new["models_match"]
    assert "records_index" in new["schema"]
    assert "records_pump_out_history" in new["schema"]


def test_a_database_migrated_while_the_squash_replaced_the_thirteen_is_current():
    before_the_drop = _migrated("recorded-before-the-drop")
    # nothing is applied again, whatever migrated the tables: only the migrations added
    # after the squash are left
    after = [name for name, _replaces in before_the_drop["records"] if name != SQUASHED[1]]
    assert before_the_drop["left"] == after
    assert before_the_drop["models_match"]


def test_a_database_before_the_squash_is_refused_with_how_to_upgrade_it(db):
    """A database last migrated by a release older than the squash lists 0001_initial
    but not the squash: ``migrate`` stops before it tries to make the tables again,
    saying how to upgrade, and changes nothing."""
    recorded = MigrationRecorder.Migration.objects
    # such a database has none of the records' migrations since the squash either
    recorded.filter(app="records").delete()
    recorded.create(app="records", name=REPLACED[0])
    before = sorted(recorded.values_list("app", "name"))
    with pytest.raises(CommandError, match=r"older than the squash.*Upgrading"):
        call_command("migrate", interactive=False, verbosity=0)
    assert sorted(recorded.values_list("app", "name")) == before


def test_a_database_past_the_squash_migrates_as_before(db):
    MigrationRecorder.Migration.objects.create(app="records", name=REPLACED[0])
    call_command("migrate", interactive=False, verbosity=0)  # the squash is recorded: nothing
