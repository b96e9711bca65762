"""Two API clients changing the same record: each reads its version (the ``ETag``),
sends it back as ``If-Match``, and the one whose version is no longer the record's
is refused whole (412) with the other change described field by field — nothing of
its document is stored; a change with no ``If-Match`` is refused (428); ``If-Match:
*`` replaces deliberately; a new record or one sent unchanged needs none."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from sanitas.api.services import issue_api_token
from sanitas.kit.titles import titles
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts

pytestmark = pytest.mark.django_db
JSON = "application/json"

FACTS = [
    {"id": "p-1", "type": "premises", "use": "commercial", "address": "1 Main St"},
    {
        "id": "est-1",
        "type": "establishment",
        "name": "Lucky Noodle",
        "category": "restaurant",
        "premises": "p-1",
        "cooks": True,
    },
    {
        "id": "gi-1",
        "type": "device",
        "establishment": "est-1",
        "kind": "grease_interceptor",
        "capacity_gallons": 750,
        "approved": True,
    },
    {
        "id": "gi-2",
        "type": "device",
        "establishment": "est-1",
        "kind": "grease_trap",
        "capacity_gallons": 40,
    },
]


def _client(name: str, full_name: str) -> Client:
    first, last = full_name.split()
    person = User.objects.create_user(name, password="not-used-here", first_name=first)
    person.last_name = last
    person.save()
    person.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    secret = issue_api_token(
        username=name, name="test client", actor="admin", scopes=("read", "write")
    ).secret
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}")


@pytest.fixture
def city(db):
    record_facts(raw_facts=FACTS, actor="clerk", why="survey")


@pytest.fixture
def ana(city) -> Client:
    return _client("ana", "Ana Reyes")


@pytest.fixture
def ben(city) -> Client:
    return _client("ben", "Ben Cho")


def _read(client: Client, key: str) -> tuple[dict, str]:
    response = client.get(f"/api/subjects/{key}")
    assert response.status_code == 200, response.content
    etag = response["ETag"]
    assert etag == f'"{response.json()["version"]}"'
    return response.json(), etag


def _device(key: str, **changes) -> dict:
    base = next(f for f in FACTS if f["id"] == key)
    return {**base, **changes}


def _post(client: Client, facts: list[dict], etag: str | None = None, why: str = ""):
    headers = {"HTTP_IF_MATCH": etag} if etag is not None else {}
    return client.post("/api/records", {"facts": facts, "why": why}, content_type=JSON, **headers)


def test_the_second_of_two_clients_is_refused_with_the_first_change_described(ana, ben):
    _record, etag = _read(ana, "gi-1")
    assert _read(ben, "gi-1")[1] == etag
    first = _post(ana, [_device("gi-1", capacity_gallons=1000)], etag, why="measured")
    assert first.status_code == 200, first.content
    assert first.json()["updated"] == 1 and first.json()["versions"]["gi-1"] != etag.strip('"')
    # what was written, titled as it now stands
    assert first.json()["titles"] == {"gi-1": titles(["gi-1"])["gi-1"].text}
    assert "1,000 gal" in first.json()["titles"]["gi-1"]
    second = _post(ben, [_device("gi-1", compartments=3)], etag, why="drawing")
    assert second.status_code == 412, second.content
    body = second.json()
    (conflict,) = body["conflicts"]
    assert conflict["key"] == "gi-1" and conflict["changed_by"] == ["Ana Reyes"]
    assert conflict["version"] == etag.strip('"')
    assert conflict["current_version"] == first.json()["versions"]["gi-1"]
    fields = {f["field"]: f for f in conflict["fields"]}
    assert fields["capacity_gallons"]["was"] == "750"
    assert fields["capacity_gallons"]["theirs"] == "1,000"
    assert fields["capacity_gallons"]["yours"] is None
    assert fields["compartments"]["yours"] == "3" and fields["compartments"]["theirs"] is None
    assert "both can stand" in conflict["summary"]
    assert "measured" in conflict["latest"]
    assert any("Ana Reyes changed this device" in line for line in body["detail"])
    device = RECORD_MODELS["device"].objects.get(key="gi-1")
    assert (device.capacity_gallons, device.compartments) == (1000, None)
    # put on top of the current version, it is stored with both
    again = _post(
        ben,
        [_device("gi-1", capacity_gallons=1000, compartments=3)],
        f'"{conflict["current_version"]}"',
        why="drawing",
    )
    assert again.status_code == 200, again.content
    device.refresh_from_db()
    assert (device.capacity_gallons, device.compartments) == (1000, 3)


def test_a_document_with_one_stale_record_stores_nothing_of_it(ana, ben):
    _r, one = _read(ana, "gi-1")
    _r, two = _read(ana, "gi-2")
    assert _post(ben, [_device("gi-2", capacity_gallons=50)], two).status_code == 200
    refused = _post(
        ana,
        [_device("gi-1", capacity_gallons=800), _device("gi-2", capacity_gallons=45)],
        f"{one}, {two}",
    )
    assert refused.status_code == 412
    assert [c["key"] for c in refused.json()["conflicts"]] == ["gi-2"]
    assert RECORD_MODELS["device"].objects.get(key="gi-1").capacity_gallons == 750


def test_a_change_with_no_version_is_refused_and_a_new_or_unchanged_record_needs_none(ana):
    refused = _post(ana, [_device("gi-1", capacity_gallons=900)])
    assert refused.status_code == 428
    assert "names the version it was made from" in refused.json()["detail"][0]
    assert RECORD_MODELS["device"].objects.get(key="gi-1").capacity_gallons == 750
    new = {"id": "gi-3", "type": "device", "establishment": "est-1", "kind": "grease_trap"}
    stored = _post(ana, [new, _device("gi-2")])
    assert stored.status_code == 200, stored.content
    assert (stored.json()["created"], stored.json()["unchanged"]) == (1, 1)
    # * replaces whatever is stored, deliberately
    assert _post(ana, [_device("gi-1", capacity_gallons=900)], "*").status_code == 200
    assert RECORD_MODELS["device"].objects.get(key="gi-1").capacity_gallons == 900


def test_an_if_match_that_names_no_version_is_refused(ana):
    for header, status in [
        ('"device.999999999"', 412),
        ('"not-a-version"', 412),
        ("device.1", 400),
        ('W/"device.1"', 400),
    ]:
        response = _post(ana, [_device("gi-1", capacity_gallons=1)], header)
        assert response.status_code == status, (header, response.content)
        assert response.json()["detail"]
    assert RECORD_MODELS["device"].objects.get(key="gi-1").capacity_gallons == 750


def test_listed_records_carry_their_versions(ana):
    page = ana.get("/api/records", {"type": "device"}).json()
    versions = {item["key"]: item["version"] for item in page["items"]}
    assert versions["gi-1"] == _read(ana, "gi-1")[1].strip('"')
    assert versions["gi-1"] != versions["gi-2"]
