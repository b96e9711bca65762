"""A small city for the notices' tests: a restaurant whose owner reads Spanish and
whose premises is short of organics service (an SB 1383 violation), a pho shop whose
operator reads Traditional Chinese and whose grease interceptor is overdue for its
pump-out (FOG), and the staff who draft, approve and serve."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User

from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

AS_OF = date(2025, 3, 3)
PASSWORD = "a-long-test-password"

FACTS = [
    {
        "id": "p-casa",
        "type": "premises",
        "use": "commercial",
        "address": "118 Las Tunas Dr",
        "owner_name": "María López",
        "owner_language": "es",
        "owner_tax_address": "PO Box 44, San Gabriel, CA 91778",
    },
    {
        "id": "casa-verde",
        "type": "establishment",
        "name": "Casa Verde",
        "category": "restaurant",
        "premises": "p-casa",
        "opened_on": "2020-05-01",
    },
    {
        "type": "collection_service",
        "premises": "p-casa",
        "stream": "organics",
        "gallons_per_week": 32,
        "start": "2022-01-01",
    },
    {
        "id": "p-pho",
        "type": "premises",
        "use": "commercial",
        "address": "301 Valley Blvd",
        "owner_name": "Valley Holdings LLC",
    },
    {
        "id": "arroyo-pho",
        "type": "establishment",
        "name": "Arroyo Pho",
        "category": "restaurant",
        "premises": "p-pho",
        "cooks": True,
        "opened_on": "2015-01-10",
        "meals_per_day": 200,
        "operator_name": "陳美玲",
        "operator_language": "zh-Hant",
    },
    {
        "id": "gi-pho",
        "type": "device",
        "establishment": "arroyo-pho",
        "kind": "grease_interceptor",
        "installed_on": "2015-01-10",
        "compartments": 2,
        "approved": True,
    },
    {"type": "pump_out", "device": "gi-pho", "date": "2024-09-02", "full": True},
]


@pytest.fixture
def city(db):
    record_facts(raw_facts=FACTS, actor="clerk", why="test city")
    sweep(as_of=AS_OF)


def finding(requirement: str, subject: str) -> Finding:
    return Finding.objects.get(current=True, requirement=requirement, subject=subject)


def user(name: str, *roles: str) -> User:
    person = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    for role in roles:
        person.groups.add(Group.objects.get_or_create(name=role)[0])
    return person


@pytest.fixture
def coordinator(db) -> User:
    return user("coordinator", "sb1383_coordinator")


@pytest.fixture
def supervisor(db) -> User:
    return user("supervisor", "supervisor")


def draft(requirement: str, subject: str, *, actor: str = "coordinator", **kw):
    from sanitas.notices import services

    return services.draft_notice(finding_id=finding(requirement, subject).pk, actor=actor, **kw)


def serve(notice, *, served_on: date = AS_OF, method: str = "personal", **kw):
    from sanitas.notices import services

    if services.requires_approval(notice.kind, served_on) and notice.state == "draft":
        services.approve_notice(notice_id=notice.pk, actor="supervisor")
    return services.serve_notice(
        notice_id=notice.pk, actor="coordinator", method=method, served_on=served_on, **kw
    )


@pytest.fixture
def served_nov(city):
    """Casa Verde's Notice of Violation, served in person on the worklist's day."""
    return serve(draft("ORG-COM-ENROLL", "p-casa"))
