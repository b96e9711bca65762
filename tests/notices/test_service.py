"""Serve, then never change: draft → approved → served → complied, escalated,
rescinded or superseded; on service the PDF, the recipient and the facts are frozen
with their SHA-256; the services refuse a change, the admin shows it read-only, and
the database refuses an UPDATE of a frozen column (SQLite and PostgreSQL alike). The
served notice is the engine's ``notice`` fact: its clock starts at service."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.test import RequestFactory

from sanitas.notices import compose, services
from sanitas.notices.models import MUTABLE_AFTER_SERVICE, Notice
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex

from .conftest import AS_OF, draft, serve

pytestmark = pytest.mark.django_db


def test_a_notice_of_violation_needs_a_supervisors_approval(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    with pytest.raises(services.NoticeError) as refused:
        services.serve_notice(
            notice_id=notice.pk, actor="coordinator", method="personal", served_on=AS_OF
        )
    assert "approved by a supervisor" in refused.value.problems[0]
    with pytest.raises(services.NoticeError):
        services.approve_notice(notice_id=notice.pk, actor="coordinator")  # its own drafter
    services.approve_notice(notice_id=notice.pk, actor="supervisor")
    notice.refresh_from_db()
    assert (notice.state, notice.approved_by) == ("approved", "supervisor")
    services.edit_draft(notice_id=notice.pk, actor="coordinator", remarks="Another line.")
    notice.refresh_from_db()
    assert notice.state == "draft"  # the approval covered what was approved


def test_service_freezes_the_notice_with_its_digests(served_nov):
    notice = served_nov
    assert notice.state == "served"
    assert notice.served_on == AS_OF and notice.method == "personal"
    assert notice.deadline_on == AS_OF + timedelta(days=60)
    assert notice.recipient_snapshot["name"] == "María López"
    assert notice.pdf_sha256 == hashlib.sha256(bytes(notice.pdf)).hexdigest()
    assert notice.content_sha256 == compose.digest(
        {"content": notice.content_snapshot, "facts": notice.facts_snapshot}
    )
    assert notice.content_sha256 in notice.html
    assert any(f.get("id") == "casa-verde" for f in notice.facts_snapshot)
    assert [e.action for e in notice.events.all()] == ["drafted", "approved", "served"]


def test_the_served_notice_is_the_engines_fact_and_its_clock_starts_at_service(served_nov):
    record = RECORD_MODELS["notice"].objects.get(key=served_nov.fact_key)
    assert (record.subject, record.requirement, record.kind) == ("p-casa", "ORG-COM-ENROLL", "nov")
    assert record.issued_on == AS_OF
    clock = Finding.objects.get(
        current=True, requirement="ORG-NOV-60-DAYS", subject=served_nov.fact_key
    )
    assert (clock.status, clock.due) == ("due", (AS_OF + timedelta(days=60)).isoformat())
    penalties = Finding.objects.get(
        current=True, requirement="ORG-CIVIL-PENALTIES", subject="p-casa"
    )
    assert penalties.status == "met"


def test_the_services_refuse_every_change_to_a_served_notice(served_nov):
    pk = served_nov.pk
    refusals = [
        lambda: services.edit_draft(notice_id=pk, actor="x", remarks="changed"),
        lambda: services.approve_notice(notice_id=pk, actor="supervisor"),
        lambda: services.serve_notice(notice_id=pk, actor="x", method="posting", served_on=AS_OF),
    ]
    for refuse in refusals:
        with pytest.raises(services.FrozenNotice) as refused:
            refuse()
        assert "never changes" in refused.value.problems[0]
        assert refused.value.status == 409
    served_nov.refresh_from_db()
    assert served_nov.remarks == "" and served_nov.method == "personal"


#: a new value for each frozen column, unlike the served notice's own ("self": its own id)
FROZEN_VALUES = {
    "code": "SG-CHANGED",
    "kind": "removal",
    "requirement": "ORG-SF-ENROLL",
    "subject": "elsewhere",
    "subject_group": "elsewhere",
    "finding_id": None,
    "cites_notice_id": "self",
    "supersedes_id": "self",
    "fact_key": "notice-changed",
    "language": "en",
    "remarks": "changed",
    "amount": 5,
    "email": "a@b.c",
    "created_at": None,
    "created_by": "someone",
    "approved_at": None,
    "approved_by": "someone",
    "served_on": "2025-01-01",
    "served_at": None,
    "method": "posting",
    "served_by": "someone",
    "proof": b"forged",
    "proof_name": "x",
    "delivery": "{}",
    "deadline_on": "2030-01-01",
    "recipient_snapshot": "{}",
    "facts_snapshot": "[]",
    "content_snapshot": "{}",
    "content_sha256": "0",
    "html": "<p>changed</p>",
    "pdf": None,
    "pdf_sha256": "0",
}


def test_every_column_is_frozen_but_the_state_after_service():
    columns = {f.column for f in Notice._meta.concrete_fields} - {"id"}
    assert columns - set(MUTABLE_AFTER_SERVICE) == set(FROZEN_VALUES)


@pytest.mark.parametrize("column", sorted(FROZEN_VALUES))
def test_the_database_refuses_an_update_of_a_frozen_column(served_nov, column):
    value = FROZEN_VALUES[column]
    json = connection.vendor == "postgresql" and column in (
        "delivery",
        "recipient_snapshot",
        "facts_snapshot",
        "content_snapshot",
    )
    setting = "id" if value == "self" else ("%s::jsonb" if json else "%s")
    params = [] if value == "self" else [value]
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE notices_notice SET {column} = {setting} WHERE id = %s",
            [*params, served_nov.pk],
        )
    served_nov.refresh_from_db()
    assert served_nov.code.startswith("SG-") and served_nov.served_at is not None


def test_the_database_refuses_a_changed_pdf_and_a_delete(served_nov):
    with pytest.raises(IntegrityError, match="frozen"), transaction.atomic():
        Notice.objects.filter(pk=served_nov.pk).update(pdf=b"%PDF-1.7 forged")
    refused = pytest.raises(IntegrityError, match="frozen")
    with refused, transaction.atomic(), connection.cursor() as cursor:
        # its timeline first, so that only the trigger can refuse
        cursor.execute("DELETE FROM notices_noticeevent WHERE notice_id = %s", [served_nov.pk])
        cursor.execute("DELETE FROM notices_notice WHERE id = %s", [served_nov.pk])
    assert bytes(Notice.objects.get(pk=served_nov.pk).pdf) == bytes(served_nov.pdf)


def test_the_database_lets_the_state_after_service_change(served_nov):
    Notice.objects.filter(pk=served_nov.pk).update(state="complied", closed_why="paid")
    assert Notice.objects.get(pk=served_nov.pk).state == "complied"


def test_a_draft_is_not_frozen(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    Notice.objects.filter(pk=notice.pk).update(remarks="fine before service")
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM notices_noticeevent WHERE notice_id = %s", [notice.pk])
        cursor.execute("DELETE FROM notices_notice WHERE id = %s", [notice.pk])
    assert not Notice.objects.filter(pk=notice.pk).exists()


def test_compliance_is_the_engines_correction(served_nov):
    services.record_compliance(notice_id=served_nov.pk, actor="coordinator", complied_on=AS_OF)
    served_nov.refresh_from_db()
    assert served_nov.state == "complied"
    corrections = RECORD_MODELS["correction"].objects.filter(notice=served_nov.fact_key)
    assert [c.date for c in corrections] == [AS_OF]
    clock = Finding.objects.get(
        current=True, requirement="ORG-NOV-60-DAYS", subject=served_nov.fact_key
    )
    assert clock.status == "met"


def test_rescinding_a_served_notice_voids_its_fact(served_nov):
    with pytest.raises(services.NoticeError):
        services.rescind_notice(notice_id=served_nov.pk, actor="coordinator", why=" ")
    services.rescind_notice(
        notice_id=served_nov.pk, actor="coordinator", why="served on the wrong owner"
    )
    served_nov.refresh_from_db()
    assert served_nov.state == "rescinded" and served_nov.pdf_sha256
    assert RecordIndex.objects.get(key=served_nov.fact_key).voided
    assert not Finding.objects.filter(current=True, subject=served_nov.fact_key).exists()


def test_the_admin_shows_a_notice_read_only(served_nov):
    model_admin = admin.site._registry[Notice]
    request = RequestFactory().get("/admin/")
    request.user = User.objects.create_superuser("root", "root@example.org", "pw-pw-pw-pw")
    assert not model_admin.has_change_permission(request, served_nov)
    assert not model_admin.has_delete_permission(request, served_nov)
    assert not model_admin.has_add_permission(request)
    assert "pdf_sha256" in model_admin.get_readonly_fields(request, served_nov)


def test_a_contamination_cart_tag_needs_no_approval_and_sets_no_deadline(db):
    from sanitas.records.services import record_facts
    from sanitas.records.sweep import sweep

    record_facts(
        raw_facts=[
            {
                "id": "p-9",
                "type": "premises",
                "use": "residential",
                "dwelling_units": 1,
                "address": "9 Abbot Ave",
                "owner_name": "Lee Family",
                "owner_language": "zh-Hant",
            },
            {
                "id": "insp-9",
                "type": "inspection",
                "subject": "p-9",
                "date": "2025-03-02",
                "program": "organics",
                "contamination": True,
            },
        ],
        actor="clerk",
    )
    sweep(as_of=AS_OF)
    notice = draft("ORG-CONTAMINATION-NOV", "p-9")
    assert notice.kind == "contamination" and not services.requires_approval(notice.kind, AS_OF)
    served = serve(notice, method="cart_tag")
    assert served.deadline_on is None
    assert RECORD_MODELS["notice"].objects.get(key=served.fact_key).kind == "cart_tag"
    tag = Finding.objects.get(current=True, requirement="ORG-CONTAMINATION-NOV", subject="p-9")
    assert tag.status == "met"


def test_payments_need_a_served_citation(served_nov):
    with pytest.raises(services.NoticeError):
        services.record_payment(
            citation_id=served_nov.pk,
            actor="x",
            amount=Decimal("10"),
            paid_on=AS_OF,
            method="cash",
            receipt_number="R-1",
        )
