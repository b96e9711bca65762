"""The database refuses to change a served notice: a trigger on SQLite and on
PostgreSQL aborts an UPDATE that changes any of its frozen columns (every column but
its state after service and why it changed) and a DELETE of it."""

from django.db import migrations

TABLE = "notices_notice"
#: every column of a notice that is frozen once it is served (served_at is set)
FROZEN = (
    "code", "kind", "requirement", "subject", "subject_group", "finding_id",
    "cites_notice_id", "supersedes_id", "fact_key", "language", "remarks", "amount", "email",
    "created_at", "created_by", "approved_at", "approved_by", "served_on", "served_at",
    "method", "served_by", "proof", "proof_name", "delivery", "deadline_on",
    "recipient_snapshot", "facts_snapshot", "content_snapshot", "content_sha256", "html",
    "pdf", "pdf_sha256",
)
MESSAGE = "a served notice is frozen: it never changes (a correction is a new notice)"


def _sqlite(changed: str) -> list[str]:
    return [
        f"""CREATE TRIGGER {TABLE}_frozen_update BEFORE UPDATE ON {TABLE}
        FOR EACH ROW WHEN OLD.served_at IS NOT NULL AND ({changed})
        BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
        f"""CREATE TRIGGER {TABLE}_frozen_delete BEFORE DELETE ON {TABLE}
        FOR EACH ROW WHEN OLD.served_at IS NOT NULL
        BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
    ]


def _postgresql(changed: str) -> list[str]:
    return [
        f"""CREATE FUNCTION {TABLE}_frozen() RETURNS trigger AS $$
        BEGIN
          IF OLD.served_at IS NOT NULL AND (TG_OP = 'DELETE' OR {changed}) THEN
            RAISE EXCEPTION '{MESSAGE} (%)', OLD.code USING ERRCODE = 'check_violation';
          END IF;
          IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql""",
        f"""CREATE TRIGGER {TABLE}_frozen BEFORE UPDATE OR DELETE ON {TABLE}
        FOR EACH ROW EXECUTE FUNCTION {TABLE}_frozen()""",
    ]


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        statements = _sqlite(" OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in FROZEN))
    elif vendor == "postgresql":
        statements = _postgresql(" OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in FROZEN))
    else:  # pragma: no cover - the project runs on SQLite and PostgreSQL
        raise RuntimeError(f"no frozen-notice trigger for {vendor}")
    for statement in statements:
        # no parameters: the function's text holds a literal % for RAISE
        schema_editor.execute(statement, params=None)


def drop(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_frozen_update")
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_frozen_delete")
    elif vendor == "postgresql":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_frozen ON {TABLE}")
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {TABLE}_frozen()")


class Migration(migrations.Migration):
    dependencies = [("notices", "0001_initial")]
    operations = [migrations.RunPython(create, drop)]
