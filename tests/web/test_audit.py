"""The audit of every write: supervisors and superusers only, read from the records'
history, filtered by who, record type, dates and reason, findings only when asked,
paged, and exported as CSV and XLSX with the same filters."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from sanitas.access.policy import GRANTS
from sanitas.access.roles import ROLES
from sanitas.ordinance.document import read_data
from sanitas.records.services import record_facts, void_record
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
FACTS = read_data(BLOCK)["facts"]
JADE_GI = next(f for f in FACTS if f.get("id") == "jade-gi")
AUDIT = reverse("web:audit")


def _user(name: str, role: str | None = None, **names: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "a-long-test-password", **names)
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def writes():
    """The block recorded by a process, a device re-measured and a pump-out voided
    by an inspector, and the rules evaluated."""
    maria = _user("maria", "fog_inspector", first_name="Maria", last_name="Lopez")
    record_facts(raw_facts=FACTS, actor="clerk", why="block survey")
    record_facts(
        raw_facts=[{**JADE_GI, "capacity_gallons": 1500}], actor=maria, why="measured on site"
    )
    void_record(key="po-2024-06", actor=maria, why="entered twice")
    sweep(as_of=date(2025, 3, 1))
    return maria


@pytest.fixture
def supervisor(client):
    client.force_login(_user("ana", "supervisor", first_name="Ana", last_name="Reyes"))
    return client


def _rows(response) -> list:
    return response.context["rows"]


def test_only_supervisors_auditors_and_superusers_may_read_the_audit(writes, client):
    assert client.get(AUDIT)["Location"].startswith(reverse("login"))
    for role in ROLES:
        client.force_login(_user(f"user-{role}", role))
        status = client.get(AUDIT).status_code
        assert status == (200 if "audit.view" in GRANTS[role] else 403), role
        assert (status == 200) == (role in ("supervisor", "auditor")), role
    client.force_login(_user("no-role"))
    assert client.get(AUDIT).status_code == 403
    client.force_login(User.objects.create_superuser("root", "root@example.org", "x-long-pass"))
    assert client.get(AUDIT).status_code == 200


def test_the_shell_shows_the_audit_to_supervisors_only(writes, client, supervisor):
    assert AUDIT in supervisor.get(reverse("staff:worklist")).content.decode()
    client.force_login(writes)
    assert AUDIT not in client.get(reverse("staff:worklist")).content.decode()
    refused = client.get(AUDIT)
    assert refused.status_code == 403
    assert "may not read the audit of every write" in refused.content.decode()


def test_every_write_newest_first_with_who_what_and_why(writes, supervisor):
    response = supervisor.get(AUDIT)
    rows = _rows(response)
    assert response.context["page"].paginator.count == len(FACTS) + 2
    assert [r.at for r in rows] == sorted((r.at for r in rows), reverse=True)
    voided, changed = rows[0], rows[1]
    assert (voided.who, voided.action, voided.key, voided.why) == (
        "Maria Lopez",
        "voided",
        "po-2024-06",
        "entered twice",
    )
    assert (changed.who, changed.action, changed.key, changed.why) == (
        "Maria Lopez",
        "changed",
        "jade-gi",
        "measured on site",
    )
    assert changed.what.startswith("Grease interceptor") and changed.url
    assert {r.who for r in rows[2:]} == {"clerk"}
    # no finding unless asked for
    assert all(r.record_type != "finding" for r in rows)


def test_the_filters(writes, supervisor):
    def keys(**query) -> set[str]:
        return {r.key for r in _rows(supervisor.get(AUDIT, query))}

    assert keys(who=writes.pk) == {"po-2024-06", "jade-gi"}
    assert keys(record_type="device") == {"jade-gi", "el-sol-trap"}
    assert keys(why="measured") == {"jade-gi"}
    tomorrow = timezone.localdate() + timedelta(days=1)
    assert keys(after=tomorrow.isoformat()) == set()
    assert keys(before=tomorrow.isoformat(), why="twice") == {"po-2024-06"}
    with_findings = _rows(supervisor.get(AUDIT, {"findings": "on"}))
    assert any(r.record_type == "finding" and r.requirement for r in with_findings)
    only = _rows(supervisor.get(AUDIT, {"record_type": "finding"}))
    assert only and {r.record_type for r in only} == {"finding"}
    assert only[0].who.startswith("Sanitas")


def test_a_bad_filter_is_a_message_beside_its_field(writes, supervisor):
    response = supervisor.get(AUDIT, {"after": "last tuesday"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="id_after_error"' in html and 'aria-describedby="id_after_error"' in html


def test_the_export_has_the_filtered_writes(writes, supervisor):
    response = supervisor.get(AUDIT, {"who": writes.pk, "format": "csv"})
    assert response["Content-Disposition"] == 'attachment; filename="audit.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["When", "Who", "Did", "Record type", "Record", "Why", "Key"]
    assert sorted((r[1], r[2], r[6], r[5]) for r in rows[1:]) == [
        ("Maria Lopez", "changed", "jade-gi", "measured on site"),
        ("Maria Lopez", "voided", "po-2024-06", "entered twice"),
    ]
    response = supervisor.get(AUDIT, {"record_type": "device", "format": "xlsx"})
    sheet = load_workbook(io.BytesIO(response.content)).active
    cells = list(sheet.iter_rows(values_only=True))
    assert cells[0][0] == "When"
    assert sorted((row[2], row[6]) for row in cells[1:]) == [
        ("changed", "jade-gi"),
        ("created", "el-sol-trap"),
        ("created", "jade-gi"),
    ]


def test_a_page_is_paged(writes, supervisor):
    first = supervisor.get(AUDIT, {"findings": "on"}).context["page"]
    assert first.paginator.num_pages > 1
    second = supervisor.get(AUDIT, {"findings": "on", "page": 2}).context["page"]
    assert second.number == 2 and len(second.object_list)
