"""Every list page, from a declaration of its data: it lists the records of its kind,
each filter keeps what it should, it pages, and a person who may not read records is
refused (the tests: ``tests/generic.py``'s ``ListPageTests``). The first test fails
while a list page has no declaration."""

from __future__ import annotations

from sanitas.web.tables import LIST_PAGES

from ..generic import ListPageTests

PREMISES = [
    {
        "id": "p-home",
        "type": "premises",
        "use": "residential",
        "dwelling_units": 1,
        "zone": "R1",
        "address": "101 Abbot Ave",
    },
    {
        "id": "p-flats",
        "type": "premises",
        "use": "residential",
        "dwelling_units": 12,
        "zone": "R3",
        "address": "200 Mission Dr",
        "owner_name": "Ana Ruiz",
    },
    {
        "id": "p-shop",
        "type": "premises",
        "use": "commercial",
        "zone": "C2",
        "address": "300 Las Tunas Dr",
    },
]
BUSINESSES = [
    *PREMISES,
    {
        "id": "cafe-open",
        "type": "establishment",
        "name": "Cafe Abierto",
        "category": "restaurant",
        "premises": "p-shop",
        "opened_on": "2015-01-01",
    },
    {
        "id": "market-closed",
        "type": "establishment",
        "name": "Old Market",
        "category": "supermarket",
        "premises": "p-shop",
        "opened_on": "2000-01-01",
        "closed_on": "2023-06-30",
    },
    {
        "id": "pantry",
        "type": "establishment",
        "name": "Community Pantry",
        "category": "food_recovery_organization",
        "premises": "p-shop",
        "opened_on": "2018-01-01",
    },
    {
        "id": "rescue",
        "type": "establishment",
        "name": "Food Rescue Riders",
        "category": "food_recovery_service",
        "address": "5 Valley Blvd",
    },
]


def test_every_list_page_is_declared():
    declared = ListPageTests.declared
    assert sorted(set(LIST_PAGES) - set(declared)) == [], "declare these list pages here"
    assert sorted(set(declared) - set(LIST_PAGES)) == [], "no such list pages"


class TestEstablishments(ListPageTests):
    slug = "establishments"
    facts = BUSINESSES
    listed = {"cafe-open", "market-closed", "pantry", "rescue"}
    filters = {
        "category=restaurant": {"cafe-open"},
        "open=closed": {"market-closed"},
        "q=pantry": {"pantry"},
    }
    one_more = {"id": "shop-{n}", "type": "establishment", "name": "Shop {n}", "category": "other"}


class TestFoodRecovery(ListPageTests):
    slug = "food_recovery"
    facts = BUSINESSES
    listed = {"pantry", "rescue"}
    filters = {
        "category=food_recovery_service": {"rescue"},
        "q=Valley": {"rescue"},
    }
    one_more = {
        "id": "pantry-{n}",
        "type": "establishment",
        "name": "Pantry {n}",
        "category": "food_recovery_organization",
    }


class TestPremises(ListPageTests):
    slug = "premises"
    facts = PREMISES
    listed = {"p-home", "p-flats", "p-shop"}
    filters = {
        "use=commercial": {"p-shop"},
        "zone=r1": {"p-home"},
        "q=ana ruiz": {"p-flats"},
    }
    one_more = {"id": "lot-{n}", "type": "premises", "address": "{n} Elm St"}


class TestPermits(ListPageTests):
    slug = "permits"
    facts = [
        *PREMISES,
        {
            "id": "hc-1",
            "type": "permit",
            "kind": "house_connection",
            "number": "HC-2025-1",
            "premises": "p-home",
            "issued_on": "2025-02-01",
            "contractor": "Valley Plumbing",
        },
        {
            "id": "pool-1",
            "type": "permit",
            "kind": "special_pool",
            "number": "SP-2024-7",
            "premises": "p-flats",
            "issued_on": "2024-06-01",
        },
        {
            "id": "mh-1",
            "type": "permit",
            "kind": "special_manhole",
            "number": "SM-2025-2",
            "premises": "p-shop",
            "issued_on": "2025-03-15",
        },
    ]
    listed = {"hc-1", "pool-1", "mh-1"}
    filters = {
        "kind=special_pool": {"pool-1"},
        "issued_from=2025-03-01": {"mh-1"},
        "issued_to=2024-12-31": {"pool-1"},
        "q=valley": {"hc-1"},
    }
    one_more = {
        "id": "hc-{n}-more",
        "type": "permit",
        "kind": "house_connection",
        "issued_on": "2025-01-02",
    }


class TestHaulers(ListPageTests):
    slug = "haulers"
    facts = [
        {
            "id": "city-hauler",
            "type": "hauler",
            "name": "San Gabriel Disposal",
            "franchised": True,
            "franchise_start": "2020-01-01",
        },
        {"id": "roll-off", "type": "hauler", "name": "Roll-Off Bins Co", "franchised": False},
    ]
    listed = {"city-hauler", "roll-off"}
    filters = {"franchised=no": {"roll-off"}, "q=disposal": {"city-hauler"}}
    one_more = {"id": "hauler-{n}", "type": "hauler", "name": "Hauler {n}", "franchised": False}
