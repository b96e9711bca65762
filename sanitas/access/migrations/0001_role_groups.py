"""The role groups the access policy names, made on every installation (they were made
only by the demo and the tests before)."""

from django.db import migrations

ROLE_GROUPS = (
    "fog_inspector",
    "permit_clerk",
    "sb1383_coordinator",
    "code_enforcement",
    "supervisor",
    "hearing_officer",
    "auditor",
)


def make_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ROLE_GROUPS:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(make_groups, migrations.RunPython.noop)]
