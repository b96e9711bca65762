"""A small recorded city for the reports' tests: premises of every SB 1383 class,
edible food generators of both tiers (one with an agreement and its annual report),
a food recovery organization and the pounds it received, waivers granted in and
before the period, inspections and a route review that found contamination, a
notice of violation, its citation, an extension and an appeal; a restaurant with a
grease interceptor whose pump-outs came late, a new hire never trained, and a
pump-out whose manifest is incomplete. The reporting period is 2025, as of its last
day; a few records fall outside it, to prove they are left out."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User

from sanitas.records.services import record_facts

START, END = date(2025, 1, 1), date(2025, 12, 31)
AS_OF = END
PASSWORD = "a-long-test-password"

FACTS = [
    # premises of every class
    {
        "id": "p-sf1",
        "type": "premises",
        "use": "residential",
        "dwelling_units": 1,
        "address": "101 Abbot Ave",
        "owner_name": "Ana Ruiz",
    },
    {
        "id": "p-sf2",
        "type": "premises",
        "use": "residential",
        "dwelling_units": 2,
        "address": "103 Abbot Ave",
    },
    {
        "id": "p-mf",
        "type": "premises",
        "use": "residential",
        "dwelling_units": 12,
        "address": "200 Mission Dr",
    },
    {"id": "p-com", "type": "premises", "use": "commercial", "address": "300 Las Tunas Dr"},
    {"id": "p-com2", "type": "premises", "use": "commercial", "address": "310 Las Tunas Dr"},
    {"id": "p-nl", "type": "premises", "non_local_entity": "federal", "address": "1 Federal Way"},
    {"id": "p-unk", "type": "premises", "address": "9 Unknown Ln"},
    # collection service: two single-family homes, one with organics; the apartments
    {
        "type": "collection_service",
        "premises": "p-sf1",
        "stream": "organics",
        "gallons_per_week": 64,
        "start": "2022-01-01",
    },
    {
        "type": "collection_service",
        "premises": "p-sf1",
        "stream": "recyclables",
        "gallons_per_week": 64,
        "start": "2022-01-01",
    },
    {
        "type": "collection_service",
        "premises": "p-sf2",
        "stream": "organics",
        "gallons_per_week": 35,
        "start": "2022-01-01",
        "end": "2025-06-30",
    },
    {
        "type": "collection_service",
        "premises": "p-mf",
        "stream": "organics",
        "gallons_per_week": 96,
        "start": "2023-01-01",
    },
    # generators: a supermarket (tier one) with an agreement and its report; a
    # distributor (tier one) with neither; a large restaurant (tier two) that cooks;
    # a supermarket closed before the period; a food recovery organization
    {
        "id": "market",
        "type": "establishment",
        "name": "Mission Market",
        "category": "supermarket",
        "premises": "p-com",
        "gross_annual_sales": "3000000",
        "opened_on": "2010-01-01",
    },
    {
        "id": "distrib",
        "type": "establishment",
        "name": "Valley Foods",
        "category": "food_distributor",
        "premises": "p-com",
        "opened_on": "2012-01-01",
    },
    {
        "id": "diner",
        "type": "establishment",
        "name": "Big Diner",
        "category": "restaurant",
        "premises": "p-com2",
        "seats": 300,
        "cooks": True,
        "opened_on": "2015-01-01",
    },
    {
        "id": "old-market",
        "type": "establishment",
        "name": "Old Market",
        "category": "supermarket",
        "premises": "p-com2",
        "gross_annual_sales": "2500000",
        "opened_on": "2000-01-01",
        "closed_on": "2023-06-30",
    },
    {
        "id": "pantry",
        "type": "establishment",
        "name": "Community Pantry",
        "category": "food_recovery_organization",
        "premises": "p-com2",
        "opened_on": "2018-01-01",
    },
    {
        "type": "food_recovery_agreement",
        "generator": "market",
        "partner": "pantry",
        "start": "2022-01-01",
        "food_types": ["produce"],
        "collection_frequency": "weekly",
    },
    {
        "type": "report",
        "subject": "market",
        "kind": "edible_food_annual",
        "period": "2024",
        "date": "2025-01-20",
    },
    {
        "type": "report",
        "subject": "market",
        "kind": "edible_food_annual",
        "period": "2023",
        "date": "2024-01-25",
    },
    {
        "type": "food_recovery_quantity",
        "kept_by": "pantry",
        "other_party": "market",
        "year": 2025,
        "month": 3,
        "pounds": 120.5,
    },
    {
        "type": "food_recovery_quantity",
        "kept_by": "pantry",
        "other_party": "market",
        "year": 2025,
        "month": 4,
        "pounds": 80,
    },
    {
        "type": "food_recovery_quantity",
        "kept_by": "pantry",
        "other_party": "market",
        "year": 2024,
        "month": 12,
        "pounds": 50,
    },
    # waivers: one granted in the period, one before it and still in effect, one revoked
    {
        "id": "w-1",
        "type": "waiver",
        "subject": "p-sf2",
        "kind": "de_minimis",
        "granted_on": "2025-02-01",
    },
    {
        "id": "w-2",
        "type": "waiver",
        "subject": "p-mf",
        "kind": "physical_space",
        "granted_on": "2022-05-01",
    },
    {
        "id": "w-3",
        "type": "waiver",
        "subject": "p-sf1",
        "kind": "de_minimis",
        "granted_on": "2024-03-01",
        "revoked_on": "2025-06-01",
    },
    # inspections: the city's and the hauler's, one of each finding contamination;
    # one before the period; a FOG inspection
    {
        "id": "i-1",
        "type": "inspection",
        "subject": "p-sf1",
        "date": "2025-04-02",
        "program": "organics",
        "contamination": True,
        "inspector": "Ines",
    },
    {
        "id": "i-2",
        "type": "inspection",
        "subject": "p-sf2",
        "date": "2025-05-01",
        "program": "organics",
        "by_hauler": True,
        "contamination": True,
    },
    {
        "id": "i-3",
        "type": "inspection",
        "subject": "p-mf",
        "date": "2025-07-07",
        "program": "organics",
        "contamination": False,
    },
    {
        "id": "i-old",
        "type": "inspection",
        "subject": "p-mf",
        "date": "2024-07-07",
        "program": "organics",
        "contamination": True,
    },
    {
        "id": "i-fog",
        "type": "inspection",
        "subject": "diner",
        "date": "2025-06-01",
        "program": "fog",
    },
    # enforcement: a notice of violation, its citation, an extension asked and
    # granted, an appeal; an educational notice before the period
    {
        "id": "nov-1",
        "type": "notice",
        "subject": "p-com",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2025-03-03",
        "kind": "nov",
    },
    {
        "id": "edu-1",
        "type": "notice",
        "subject": "p-com",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2023-03-03",
        "kind": "education",
    },
    {
        "type": "extension",
        "notice": "nov-1",
        "date": "2025-04-01",
        "new_due_on": "2025-06-01",
        "reason": "permit_delay",
        "granted": True,
    },
    {
        "id": "cit-1",
        "type": "citation",
        "subject": "p-com",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2025-08-10",
        "notice": "nov-1",
        "amount": "80",
    },
    {"type": "appeal_request", "citation": "cit-1", "date": "2025-08-20"},
    # FOG: the diner's interceptor pumped out late, a manifest without its hauler
    {
        "id": "gi-diner",
        "type": "device",
        "establishment": "diner",
        "kind": "grease_interceptor",
        "installed_on": "2015-01-01",
        "compartments": 2,
        "approved": True,
        "capacity_gallons": 1000,
    },
    {
        "type": "pump_out",
        "device": "gi-diner",
        "date": "2024-12-01",
        "full": True,
        "hauler_name": "Ace Pumping",
        "hauler_address": "1 Main St",
        "operator_name": "Bo",
        "operator_signed": True,
        "water_gallons": 800,
        "fog_gallons": 200,
        "floating_fog_inches": 3,
        "settled_solids_inches": 2,
        "disposal_facility": "JWPCP",
        "manifest_number": "M-1",
    },
    {"type": "pump_out", "device": "gi-diner", "date": "2025-08-15", "full": True},
    {
        "id": "emp-1",
        "type": "employee",
        "establishment": "diner",
        "name": "Lee Chan",
        "job_title": "cook",
        "hired_on": "2025-03-01",
    },
]


@pytest.fixture
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


@pytest.fixture
def city(db, data_dir):
    record_facts(raw_facts=FACTS, actor="clerk", why="the reports' test city")


def user(name: str, *roles: str) -> User:
    person = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    for role in roles:
        person.groups.add(Group.objects.get_or_create(name=role)[0])
    return person
