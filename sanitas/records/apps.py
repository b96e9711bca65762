from typing import Any

from django.apps import AppConfig
from django.core.management.base import CommandError
from django.db.models.signals import pre_migrate

#: the records' one migration, into which the first thirteen were squashed
SQUASH = "0001_squashed_0013_worklist_rows"
#: the first of the thirteen, dropped once every database had migrated past the squash
FIRST_DROPPED = "0001_initial"


def refuse_a_database_before_the_squash(*, using: str = "default", **_: Any) -> None:
    """Stop ``migrate`` on a database last migrated by a release older than the squash:
    its tables exist but the one migration is not recorded, so migrating would try to
    make them again. Say how to upgrade it instead (docs/operating.md, "Upgrading")."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    recorder = MigrationRecorder(connections[using])
    if not recorder.has_table():
        return
    applied = {name for app, name in recorder.applied_migrations() if app == "records"}
    if FIRST_DROPPED in applied and SQUASH not in applied:
        raise CommandError(
            "the records' database was last migrated by a release older than the squash of "
            f"its first thirteen migrations ({SQUASH} is not recorded): upgrade it first "
            "to a release that holds the squash and start it once, then to this one "
            "(docs/operating.md, Upgrading); nothing was changed"
        )


class RecordsConfig(AppConfig):
    name = "sanitas.records"
    label = "records"
    verbose_name = "Records"

    def ready(self) -> None:
        pre_migrate.connect(refuse_a_database_before_the_squash, dispatch_uid="records-squash")
