"""Each subject group's facts document (see :mod:`sanitas.records.documents`),
built here for the groups of an existing database from their live records."""

from django.db import migrations, models


def build_documents(apps, schema_editor):
    """One facts document per subject group, from the typed tables. The conversion
    of a row is the bridge's, the tables being those of the vocabulary at this
    migration; groups are read a chunk at a time so memory stays flat."""
    from sanitas.records import documents

    subject_groups = apps.get_model("records", "SubjectGroup")
    groups = sorted(subject_groups.objects.values_list("key", flat=True))
    for start in range(0, len(groups), 400):
        documents.update_documents({}, rebuild=groups[start : start + 400])


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0008_follow_up_observations_and_vocabulary_help"),
    ]

    operations = [
        migrations.CreateModel(
            name='GroupFacts',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('subject_group', models.CharField(max_length=200, unique=True)),
                ('document', models.TextField(default='[]', help_text="The group's live records, as JSON: [fact type, key, facts-file mapping] for each, in the order of fact type and key.")),
            ],
            options={
                'db_table': 'records_group_facts',
            },
        ),
        migrations.RunPython(build_documents, migrations.RunPython.noop),
    ]
