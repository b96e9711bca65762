"""On PostgreSQL a TRUNCATE deletes a table's rows without firing its row triggers, so
the guard of migration 0002 (no served notice is deleted) would not see it: a
statement-level trigger refuses a TRUNCATE of the notices while any of them is
served, naming the table, as a DELETE of a served notice is refused. A TRUNCATE of
another table with CASCADE that reaches the notices fires it too. SQLite has no
TRUNCATE (its DELETE without WHERE fires the row triggers once a table has any)."""

from django.db import migrations

TABLE = "notices_notice"
FUNCTION = f"{TABLE}_frozen_truncate"
MESSAGE = (
    "%: a served notice is frozen: it never changes and is never deleted, "
    "so TRUNCATE is refused while the table holds one"
)


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"""CREATE FUNCTION {FUNCTION}() RETURNS trigger AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM {TABLE} WHERE served_at IS NOT NULL) THEN
            RAISE EXCEPTION '{MESSAGE}', TG_TABLE_NAME USING ERRCODE = 'check_violation';
          END IF;
          RETURN NULL;
        END $$ LANGUAGE plpgsql""",
        params=None,  # the function's text holds a literal % for RAISE
    )
    schema_editor.execute(
        f"""CREATE TRIGGER {FUNCTION} BEFORE TRUNCATE ON {TABLE}
        FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()"""
    )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP TRIGGER IF EXISTS {FUNCTION} ON {TABLE}")
    schema_editor.execute(f"DROP FUNCTION IF EXISTS {FUNCTION}()")


class Migration(migrations.Migration):
    dependencies = [("notices", "0003_hearing_findings_and_one_open_draft")]
    operations = [migrations.RunPython(create, drop)]
