"""The worklist's finding ids, encoded once by the set-based writes, are stored as
Django stores the same list through its ``JSONField``."""

from __future__ import annotations

import pytest
from django.db import connection

from sanitas.records import bulk
from sanitas.records.models import WorklistRow

pytestmark = pytest.mark.django_db

_LINE = {
    "subject_group": "g",
    "subject": "s",
    "requirement": "FOG-MIN-FREQUENCY",
    "program": "fog",
    "status": "due",
    "severity": 2,
    "size": 3,
    "head_no_due": False,
    "head_due": "2026-01-01",
    "head_period": "",
    "head_ordinal": 0,
    "head_id": 1,
    "tail_no_due": False,
    "tail_due": "2026-01-01",
    "tail_period": "",
    "tail_ordinal": 0,
    "tail_id": 1,
}


@pytest.mark.parametrize("ids", [[7], [1, 22, 333_333], list(range(40)), [2**40, 3]])
def test_the_encoded_ids_are_stored_as_the_field_stores_them(ids):
    WorklistRow.objects.create(**_LINE, findings=ids)
    names = ["findings", *_LINE]
    encode = bulk.int_list_encoder()
    bulk.table(WorklistRow).insert_values(names, [(encode(ids), *_LINE.values())])
    with connection.cursor() as cursor:
        # the stored value itself: SQLite's text, PostgreSQL's jsonb as text
        cursor.execute("SELECT CAST(findings AS TEXT) FROM records_worklist_row ORDER BY id")
        (by_django,), (by_bulk,) = cursor.fetchall()
    assert by_bulk == by_django
    assert [row.findings for row in WorklistRow.objects.order_by("id")] == [ids, ids]
