"""Each subject group's findings document (see :mod:`sanitas.records.findings`),
built here for the groups of an existing database from their current findings."""

from collections import defaultdict

import orjson
from django.db import migrations, models


def build_documents(apps, schema_editor):
    """One findings document per swept subject group, from its current findings
    rows in the order they were stored (the engine's, for findings stored by one
    sweep), evaluated as of the latest of their dates or, for a group with none,
    the day it was swept as of. Groups are read a chunk at a time so memory stays
    flat."""
    subject_groups = apps.get_model("records", "SubjectGroup")
    findings = apps.get_model("records", "Finding")
    documents = apps.get_model("records", "GroupFindings")
    swept = list(
        subject_groups.objects.filter(swept_as_of__isnull=False)
        .order_by("key")
        .values_list("key", "swept_as_of")
    )
    for start in range(0, len(swept), 400):
        chunk = dict(swept[start : start + 400])
        by_group = defaultdict(list)
        as_of = dict(chunk)
        rows = (
            findings.objects.filter(subject_group__in=list(chunk), current=True)
            .order_by("id")
            .values_list(
                "subject_group", "requirement", "subject", "period", "ordinal", "status",
                "due", "cite", "explanation", "reading", "evaluated_as_of",
            )
        )
        latest = {}
        for group, *finding, evaluated_as_of in rows:
            by_group[group].append(finding)
            if group not in latest or evaluated_as_of > latest[group]:
                latest[group] = evaluated_as_of
        documents.objects.bulk_create(
            [
                documents(
                    subject_group=group,
                    document=orjson.dumps(by_group.get(group, [])).decode(),
                    evaluated_as_of=latest.get(group, as_of[group]),
                )
                for group in chunk
            ]
        )


class Migration(migrations.Migration):

    dependencies = [
        ('records', '0011_distributed_sweep_runs_and_chunks'),
    ]

    operations = [
        migrations.CreateModel(
            name='GroupFindings',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('subject_group', models.CharField(max_length=200, unique=True)),
                ('document', models.TextField(default='[]', help_text="The group's current findings, as JSON: [requirement, subject, period, ordinal, status, due, cite, explanation, reading] for each, in the engine's order.")),
                ('evaluated_as_of', models.DateField(help_text='The date the findings were evaluated as of.')),
            ],
            options={
                'db_table': 'records_group_findings',
            },
        ),
        migrations.RunPython(build_documents, migrations.RunPython.noop),
    ]
