"""The REST API: token authentication, the read endpoints, ``POST /api/evaluate``
(equal to ``sanitas evaluate``), refusals as 4xx with every problem listed, and
the OpenAPI document (a snapshot).

The snapshot is ``tests/api/openapi.json``; after an intended change of the
API, regenerate it with ``SANITAS_UPDATE_SNAPSHOTS=1 .venv/bin/pytest
tests/api/test_api.py -k openapi`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import date, timedelta
from io import StringIO
from pathlib import Path
from typing import Any
from urllib.parse import quote

import orjson
import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client, override_settings
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from sanitas.api.models import ApiToken
from sanitas.api.services import TokenError, issue_api_token, revoke_api_token
from sanitas.cli import main as cli_main
from sanitas.kit.titles import program_title, requirement_title, titles
from sanitas.ordinance import engine
from sanitas.ordinance.document import parse_document, read_data
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex
from sanitas.records.services import record_facts, void_record
from sanitas.records.sweep import sweep
from sanitas.records.worklist import program_of as worklist_program_of

from ..conftest import OWN_SCENARIOS, ROOT, SHARED_SCENARIOS
from ..records.amend import amend_engine, lone_finding

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
SNAPSHOT = Path(__file__).parent / "openapi.json"
JSON = "application/json"


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def clerk():
    # a token never exceeds its user: the API's client is a supervisor, whose roles
    # open every operation (what each role may do: tests/access/test_doors.py)
    from django.contrib.auth.models import Group

    user = get_user_model().objects.create_user("api-clerk", password="not-used-here")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    return user


@pytest.fixture
def secret(clerk) -> str:
    return issue_api_token(username="api-clerk", name="test client", actor="admin").secret


@pytest.fixture
def api(secret) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}")


@pytest.fixture
def block() -> list[dict[str, Any]]:
    facts = read_data(BLOCK)["facts"]
    # stored, then evaluated by the sweep as of the block's day
    record_facts(
        raw_facts=facts, actor="clerk", why="test load", source="city-block.yaml", evaluate=False
    )
    sweep(as_of=AS_OF)
    return facts


def _get(client: Client, path: str, **params: Any) -> tuple[int, Any]:
    response = client.get(path, params)
    assert response["Content-Type"].startswith(JSON), response.content[:200]
    return response.status_code, response.json()


def _post(client: Client, body: bytes, **params: Any) -> tuple[int, Any]:
    path = "/api/evaluate"
    if params:
        path += "?" + "&".join(f"{k}={v}" for k, v in params.items())
    response = client.post(path, data=body, content_type=JSON)
    assert response["Content-Type"].startswith(JSON), response.content[:200]
    return response.status_code, response.json()


def _problems(status: int, payload: Any) -> list[str]:
    """A refusal's problems, after checking it is a 4xx with one string per problem."""
    assert 400 <= status < 500, (status, payload)
    assert list(payload) == ["detail"]
    assert payload["detail"] and all(isinstance(p, str) for p in payload["detail"])
    return payload["detail"]


def _all_pages(client: Client, path: str, limit: int, **params: Any) -> list[dict]:
    items: list[dict] = []
    offset = 0
    while True:
        status, page = _get(client, path, limit=limit, offset=offset, **params)
        assert status == 200, page
        assert (page["limit"], page["offset"]) == (limit, offset)
        assert len(page["items"]) <= limit
        items.extend(page["items"])
        offset += limit
        if offset >= page["count"]:
            assert len(items) == page["count"]
            return items


def _operations() -> list[tuple[str, str]]:
    schema = Client().get("/api/openapi.json").json()
    return [(method, path) for path, ops in schema["paths"].items() for method in ops]


def _concrete(path: str) -> str:
    return path.replace("{key}", "jade-gi").replace("{finding_id}", "1")


# --------------------------------------------------------------------------- authentication


def test_every_operation_needs_a_token(secret):
    operations = _operations()
    assert len(operations) >= 5
    for method, path in operations:
        response = getattr(Client(), method)(_concrete(path))
        assert response.status_code == 401, (method, path)
        assert response["WWW-Authenticate"].startswith("Bearer")
        assert _problems(401, response.json()) == [
            "Authorization: a valid, unrevoked API token is required (Bearer <token>)"
        ]


@pytest.mark.parametrize(
    "header",
    [
        "Bearer sgk_not-a-token",
        "Bearer ",
        "Bearer",
        "Token {secret}",
        "Basic YXBpLWNsZXJrOm5vdC11c2VkLWhlcmU=",
        "{secret}",
        "Bearer {secret}x",
        "Bearer " + "x" * 5000,
    ],
)
def test_a_bad_token_is_refused(secret, header):
    client = Client(HTTP_AUTHORIZATION=header.format(secret=secret))
    for method, path in _operations():
        assert getattr(client, method)(_concrete(path)).status_code == 401, (header, path)


def test_a_revoked_token_is_refused_and_kept(api, secret):
    assert api.get("/api/records").status_code == 200
    token = ApiToken.objects.get()
    with pytest.raises(TokenError):
        revoke_api_token(token_id=token.pk, actor="admin", why="  ")
    revoke_api_token(token_id=token.pk, actor="admin", why="client retired")
    assert api.get("/api/records").status_code == 401
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert (token.revoked_by, token.revoked_why) == ("admin", "client retired")
    with pytest.raises(TokenError, match="already revoked"):
        revoke_api_token(token_id=token.pk, actor="admin", why="again")


def test_a_token_of_an_inactive_user_is_refused(api, clerk):
    clerk.is_active = False
    clerk.save()
    assert api.get("/api/records").status_code == 401


def test_only_a_digest_of_the_token_is_stored_and_its_use_is_noted(api, secret):
    token = ApiToken.objects.get()
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    stored = [str(getattr(token, f.attname)) for f in ApiToken._meta.concrete_fields]
    assert not any(secret in value for value in stored)
    assert secret.startswith(token.prefix) and len(token.prefix) < len(secret) // 3
    assert token.last_used_at is None
    assert api.get("/api/records").status_code == 200
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_issuing_names_every_problem():
    with pytest.raises(TokenError) as caught:
        issue_api_token(username="nobody", name=" ", actor="admin")
    assert caught.value.problems == [
        "name: a token needs a name saying what it is for",
        "user: no user named 'nobody'",
    ]
    assert not ApiToken.objects.exists()


def test_the_management_commands_issue_list_and_revoke(clerk):
    out, err = StringIO(), StringIO()
    call_command(
        "issue_api_token", "--user", "api-clerk", "--name", "hauler portal", stdout=out, stderr=err
    )
    secret = out.getvalue().strip()
    assert secret.startswith("sgk_") and "shown once" in err.getvalue()
    client = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert client.get("/api/records").status_code == 200
    token = ApiToken.objects.get()
    assert token.name == "hauler portal" and token.user == clerk and token.created_by

    listing = StringIO()
    call_command("list_api_tokens", stdout=listing)
    assert "hauler portal" in listing.getvalue() and secret not in listing.getvalue()

    call_command("revoke_api_token", str(token.pk), "--why", "portal replaced", stdout=StringIO())
    assert client.get("/api/records").status_code == 401
    with pytest.raises(CommandError, match="no user named"):
        call_command("issue_api_token", "--user", "ghost", "--name", "x", stdout=StringIO())


def test_a_token_needs_no_csrf_token(secret):
    client = Client(enforce_csrf_checks=True, HTTP_AUTHORIZATION=f"Bearer {secret}")
    body = orjson.dumps(read_data(SHARED_SCENARIOS / "fog-new-hire-training.yaml"))
    assert client.post("/api/evaluate", data=body, content_type=JSON).status_code == 200


# --------------------------------------------------------------------------- subjects


def test_a_subject_is_its_record(api, block):
    status, record = _get(api, "/api/subjects/jade-gi")
    assert status == 200
    assert record["key"] == "jade-gi" and record["type"] == "device"
    assert record["title"] == "Grease interceptor, 1,000 gal, installed 2016-04-01"
    assert record["subject_group"] == RecordIndex.objects.get(key="jade-gi").subject_group
    original = next(f for f in block if f.get("id") == "jade-gi")
    assert record["fields"] == {k: v for k, v in original.items() if k not in ("id", "type")}
    assert record["voided"] is False and record["voided_at"] is None
    assert (record["recorded_by"], record["recorded_why"]) == ("clerk", "test load")
    assert record["import_source"] == "city-block.yaml"
    assert record["data_problems"] == []


def test_a_subject_carries_the_data_problems_of_its_group(api, block, monkeypatch):
    problem = "The pump-out of 2024-06-12 is dated before the interceptor was installed."
    amend = amend_engine(monkeypatch)
    amend.problems.append(engine.DataProblem(("jade-gi", "po-2024-06"), problem))
    sweep(as_of=AS_OF, full=True)
    expected = {
        "facts": ["jade-gi", "po-2024-06"],
        "names": ["the grease interceptor of Jade Garden", "the pump-out of 2024-06-12"],
        "problem": problem,
        "evaluated_as_of": "2025-03-01",
    }
    for key in ("jade-gi", "jade-garden", "lot-101"):  # the records evaluated together
        status, record = _get(api, f"/api/subjects/{key}")
        assert status == 200
        (shown,) = record["data_problems"]
        assert {k: v for k, v in shown.items() if k != "first_found_at"} == expected
        assert shown["first_found_at"]
    assert _get(api, "/api/subjects/el-sol")[1]["data_problems"] == []
    # once the sweep no longer finds it, the subject no longer carries it
    amend.problems.clear()
    sweep(as_of=AS_OF, full=True)
    assert _get(api, "/api/subjects/jade-gi")[1]["data_problems"] == []


def test_an_event_without_an_id_is_found_by_its_content_key(api, block):
    key = RecordIndex.objects.filter(fact_type="training").order_by("key").first().key
    status, record = _get(api, f"/api/subjects/{key}")
    assert status == 200 and record["type"] == "training"
    assert record["title"] == f"Training of {record['fields']['date']}"
    assert record["fields"]["establishment"] == "jade-garden"
    assert record["fields"]["employees"] == ["jade-emp-1", "jade-emp-2"]


def test_a_voided_subject_shows_who_voided_it_and_why(api, block):
    void_record(key="acc-130", actor="inspector", why="reported for the wrong lot")
    status, record = _get(api, "/api/subjects/acc-130")
    assert status == 200 and record["voided"] is True and record["voided_at"]
    assert (record["voided_by"], record["voided_why"]) == (
        "inspector",
        "reported for the wrong lot",
    )
    assert record["fields"]["premises"] == "lot-130"


def test_an_unknown_subject_is_404(api, block):
    status, payload = _get(api, "/api/subjects/no-such-thing")
    assert _problems(status, payload) == ["no-such-thing: no record has this key"]
    assert status == 404


def test_any_key_is_looked_up_a_text_that_is_no_key_is_422_and_any_other_path_404(api, block):
    for key in ["a/b", "pump_out~0a1b", "x.y:z"]:
        response = api.get("/api/subjects/" + quote(key, safe=""))
        assert response.status_code == 404, key
        assert response.json() == {"detail": [f"{key}: no record has this key"]}
    refused = {
        "line\nbreak": "'line\\nbreak' holds the control character (U+000A) at character 5",
        "ü~ß": "'ü~ß' holds 'ü' (U+00FC LATIN SMALL LETTER U WITH DIAERESIS) at character 1",
        "%": "'%' holds '%' (U+0025 PERCENT SIGN) at character 1",
        "a b": "'a b' holds ' ' (U+0020 SPACE) at character 2",
        "<x>": "'<x>' holds '<' (U+003C LESS-THAN SIGN) at character 1",
        "-a": "'-a' begins with '-' (U+002D HYPHEN-MINUS); a key begins with a letter or a digit",
    }
    for key, said in refused.items():
        response = api.get("/api/subjects/" + quote(key, safe=""))
        assert response.status_code == 422, key
        (problem,) = response.json()["detail"]
        assert problem.startswith(f"path.key: {said}"), problem
    for path in ["/api/subjects/", "/api/nothing-here", "/api/records/extra"]:
        status, payload = _get(api, path)
        assert status == 404 and _problems(status, payload) == [f"{path}: no such endpoint"]


# --------------------------------------------------------------------------- records


def test_records_page_through_every_record_once_in_key_order(api, block):
    items = _all_pages(api, "/api/records", limit=7)
    keys = [item["key"] for item in items]
    assert keys == sorted(RecordIndex.objects.values_list("key", flat=True))
    assert len(keys) == len(block)
    by_key = {item["key"]: item for item in items}
    assert by_key["lot-101"]["type"] == "premises"
    # every record carries its title beside its key, as the pages title it
    assert {key: item["title"] for key, item in by_key.items()} == {
        key: title.text for key, title in titles(keys).items()
    }
    assert by_key["lot-101"]["title"] == "101 Las Tunas Dr"
    assert by_key["jade-garden"]["title"] == "Jade Garden"
    assert by_key["po-2024-06"]["title"] == "Pump-out of 2024-06-12"
    assert all(item["title"] and item["title"] != item["key"] for item in items)
    assert by_key["lot-101"]["fields"]["address"] == "101 Las Tunas Dr"


def test_records_filter_by_type_group_and_voided(api, block):
    status, page = _get(api, "/api/records", type="pump_out")
    assert status == 200 and page["count"] == 2
    assert {i["key"] for i in page["items"]} == {"po-2024-06", "po-2024-10"}
    assert {i["type"] for i in page["items"]} == {"pump_out"}

    group = RecordIndex.objects.get(key="jade-gi").subject_group
    members = sorted(RecordIndex.objects.filter(subject_group=group).values_list("key", flat=True))
    assert [i["key"] for i in _all_pages(api, "/api/records", limit=5, group=group)] == members
    status, page = _get(api, "/api/records", group=group, type="device")
    assert [i["key"] for i in page["items"]] == ["jade-gi"]

    void_record(key="acc-130", actor="inspector", why="duplicate")
    status, page = _get(api, "/api/records", voided="true")
    assert [i["key"] for i in page["items"]] == ["acc-130"]
    status, page = _get(api, "/api/records", voided="false")
    assert page["count"] == len(block) - 1
    status, page = _get(api, "/api/records", type="accumulation", voided="false")
    assert page["count"] == 0


def test_records_changed_since_a_moment(api, block):
    cutoff = timezone.now()
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-27", "full": True}],
        actor="hauler-portal",
    )
    void_record(key="acc-130", actor="inspector", why="duplicate")
    status, page = _get(api, "/api/records", updated_since=cutoff.isoformat())
    assert status == 200 and page["count"] == 2
    assert [i["type"] for i in page["items"]] == ["accumulation", "pump_out"]
    status, page = _get(api, "/api/records", updated_since=cutoff.isoformat(), type="pump_out")
    assert page["count"] == 1 and page["items"][0]["fields"]["date"] == "2025-02-27"
    status, page = _get(
        api, "/api/records", updated_since=cutoff.isoformat(), voided="true", limit=1
    )
    assert [i["key"] for i in page["items"]] == ["acc-130"]
    # a date is its first minute in city time; everything was stored after 2000-01-01
    status, page = _get(api, "/api/records", updated_since="2000-01-01")
    assert page["count"] == len(block) + 1
    later = (timezone.localdate() + timedelta(days=2)).isoformat()
    status, page = _get(api, "/api/records", updated_since=later)
    assert (page["count"], page["items"]) == (0, [])


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ({"type": "no_such_type"}, "query.type: 'no_such_type' is not one of the accepted"),
        ({"type": ""}, "query.type: '' is not one of the accepted values"),
        ({"updated_since": "2025-02-30"}, "query.updated_since: '2025-02-30' is not a calendar"),
        ({"updated_since": "yesterday"}, "query.updated_since: expected a date"),
        ({"limit": "0"}, "query.limit:"),
        ({"limit": "501"}, "query.limit:"),
        ({"limit": "ten"}, "query.limit:"),
        ({"offset": "-1"}, "query.offset:"),
        ({"offset": str(2**90)}, "query.offset:"),
        ({"updated_since": "9999-12-31T23:00"}, "query.updated_since: '9999-12-31T23:00' is out"),
        ({"voided": "maybe"}, "query.voided:"),
        ({"grup": "x"}, "query.grup: unknown query parameter"),
    ],
)
def test_bad_record_queries_are_422(api, params, problem):
    status, payload = _get(api, "/api/records", **params)
    assert status == 422
    assert any(p.startswith(problem) for p in _problems(status, payload)), payload


# --------------------------------------------------------------------------- findings


def _engine_findings(facts: list[dict]) -> list[tuple]:
    evaluation = parse_document({"facts": facts}).evaluate(as_of=AS_OF)
    return sorted(
        (
            *(f["requirement"], f["subject"], f["period"], f["status"], f["due"]),
            *(f["explanation"], f["reading"]),
        )
        for f in (finding.as_dict() for finding in evaluation.findings)
    )


def _as_rows(items: list[dict]) -> list[tuple]:
    return sorted(
        (
            *(i["requirement"], i["subject"], i["period"], i["status"], i["due"]),
            *(i["explanation"], i["reading"]),
        )
        for i in items
    )


def test_findings_are_the_current_worklist(api, block):
    items = _all_pages(api, "/api/findings", limit=9)
    assert _as_rows(items) == _engine_findings(block)
    assert all(i["current"] and i["evaluated_as_of"] == "2025-03-01" for i in items)
    # earliest due first, undated last
    dues = [i["due"] for i in items]
    dated = [d for d in dues if d is not None]
    assert dues == dated + [None] * (len(dues) - len(dated)) and dated == sorted(dated)
    frequency = next(
        i for i in items if (i["requirement"], i["subject"]) == ("FOG-MIN-FREQUENCY", "jade-gi")
    )
    assert frequency["program"] == "fog" and frequency["cite"].startswith("§ 51.64")
    # beside its requirement and its subject, what a person calls them
    assert frequency["title"] == requirement_title("FOG-MIN-FREQUENCY") != "FOG-MIN-FREQUENCY"
    assert frequency["subject_title"] == "Grease interceptor, 1,000 gal, installed 2016-04-01"
    assert frequency["program_title"] == program_title("fog") == "FOG (fats, oils and grease)"
    named = titles({i["subject"] for i in items})
    assert all(i["subject_title"] == named[i["subject"]].text for i in items)
    assert frequency["subject_group"] == RecordIndex.objects.get(key="jade-gi").subject_group


def test_a_finding_and_its_versions_carry_the_reading(api, block, monkeypatch):
    reading = "The frequency is counted from the last full pump-out, not from any pump-out."
    key = lone_finding(Finding.objects.filter(current=True))
    requirement, subject, period = key
    amend_engine(monkeypatch).readings[key] = reading
    sweep(as_of=AS_OF, full=True)
    status, page = _get(api, "/api/findings", subject=subject, requirement=requirement)
    assert status == 200
    (item,) = [i for i in page["items"] if (i["period"] or "") == period]
    assert item["reading"] == reading
    status, history = _get(api, f"/api/findings/{item['id']}/history")
    assert history["finding"]["reading"] == reading
    assert history["finding"]["subject_title"] == item["subject_title"] != subject
    # a version is made when the status changes: a new reading alone is no new
    # version, and the first keeps the words the finding had then
    assert [(v["change"], v["reading"]) for v in history["versions"]] == [("created", None)]


@pytest.mark.parametrize("program", ["fog", "sewer", "solid_waste", "sb1383"])
def test_findings_by_program(api, block, program):
    # a program is the worklist's: its requirement IDs' prefixes, by the name every
    # page gives it
    expected = [row for row in _engine_findings(block) if worklist_program_of(row[0]) == program]
    items = _all_pages(api, "/api/findings", limit=50, program=program)
    assert items and _as_rows(items) == expected
    assert {i["program"] for i in items} == {program}
    assert {i["program_title"] for i in items} == {program_title(program)}


@pytest.mark.parametrize(("other", "program"), [("organics", "sb1383"), ("general", "solid_waste")])
def test_a_program_asked_for_by_its_other_name_is_the_same_program(api, block, other, program):
    by_other = _all_pages(api, "/api/findings", limit=50, program=other)
    assert by_other == _all_pages(api, "/api/findings", limit=50, program=program)
    assert {i["program"] for i in by_other} == {program}


def test_programs_cover_every_finding(api, block):
    total = _get(api, "/api/findings")[1]["count"]
    programs = ["fog", "sewer", "solid_waste", "sb1383"]
    assert sum(_get(api, "/api/findings", program=p)[1]["count"] for p in programs) == total


def test_findings_by_status_requirement_and_subject(api, block):
    rows = _engine_findings(block)
    for status in ("met", "due", "overdue", "late", "violation"):
        items = _all_pages(api, "/api/findings", limit=50, status=status)
        assert _as_rows(items) == [r for r in rows if r[3] == status]
    status, page = _get(api, "/api/findings", requirement="FOG-MIN-FREQUENCY", subject="jade-gi")
    # the quarter overdue now, and each period the engine finds pumped late
    expected = [r for r in rows if r[:2] == ("FOG-MIN-FREQUENCY", "jade-gi")]
    assert status == 200 and page["count"] == len(expected) >= 1
    assert _as_rows(page["items"]) == expected
    assert ("overdue", "2025-01-30") in {(i["status"], i["due"]) for i in page["items"]}
    status, page = _get(api, "/api/findings", subject="jade-gi")
    assert page["count"] == len([r for r in rows if r[1] == "jade-gi"]) > 1


def test_due_before_and_due_after_include_the_day(api, block):
    items = _all_pages(api, "/api/findings", limit=100)
    dated = [i for i in items if i["due"]]
    assert any("T" in i["due"] for i in dated), "the block has a deadline with a time"
    days = sorted({i["due"][:10] for i in dated})
    for day in days:
        for params, included in [
            ({"due_before": day}, lambda due, day=day: due[:10] <= day),
            ({"due_after": day}, lambda due, day=day: due[:10] >= day),
            ({"due_after": day, "due_before": day}, lambda due, day=day: due[:10] == day),
        ]:
            found = {f["id"] for f in _all_pages(api, "/api/findings", limit=100, **params)}
            assert found == {i["id"] for i in dated if included(i["due"])}, params
    window = _all_pages(
        api, "/api/findings", limit=100, due_after="2025-01-01", due_before="2025-03-31"
    )
    assert window and all("2025-01-01" <= f["due"][:10] <= "2025-03-31" for f in window)


def test_a_closed_finding_leaves_the_list_but_keeps_its_history(api, block):
    finding = Finding.objects.get(requirement="SW-ACCUMULATION-TIME", subject="acc-130")
    void_record(key="acc-130", actor="inspector", why="duplicate report")
    sweep(as_of=AS_OF)
    status, page = _get(api, "/api/findings", subject="acc-130")
    assert page["count"] == 0
    status, history = _get(api, f"/api/findings/{finding.pk}/history")
    assert status == 200 and history["finding"]["current"] is False
    assert [v["current"] for v in history["versions"]] == [True, False]
    assert [v["change"] for v in history["versions"]] == ["created", "changed"]


def test_a_findings_history_is_every_status_it_had(api, block):
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="hauler-portal",
    )
    sweep(as_of=AS_OF)
    # the quarter that was overdue, pumped out late (the next is a finding of its own)
    finding = Finding.objects.get(
        requirement="FOG-MIN-FREQUENCY", subject="jade-gi", due="2025-01-30"
    )
    status, history = _get(api, f"/api/findings/{finding.pk}/history")
    assert status == 200
    assert history["finding"]["id"] == finding.pk and history["finding"]["status"] == "late"
    versions = history["versions"]
    assert [(v["status"], v["due"]) for v in versions] == [
        ("overdue", "2025-01-30"),
        ("late", "2025-01-30"),
    ]
    assert [v["change"] for v in versions] == ["created", "changed"]
    assert versions[0]["at"] <= versions[1]["at"]
    assert all(v["cite"] == finding.cite for v in versions)


def test_an_unknown_finding_is_404_and_a_bad_id_422(api, block):
    status, payload = _get(api, "/api/findings/987654/history")
    assert status == 404 and _problems(status, payload) == ["finding 987654: no such finding"]
    status, payload = _get(api, f"/api/findings/{2**80}/history")
    assert status == 404 and _problems(status, payload) == [f"finding {2**80}: no such finding"]
    status, payload = _get(api, "/api/findings/first/history")
    assert status == 422 and _problems(status, payload)[0].startswith("path.finding_id:")


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ({"status": "late-ish"}, "query.status:"),
        ({"program": "parking"}, "query.program:"),
        ({"due_before": "2025-02-30"}, "query.due_before: '2025-02-30' is not a calendar date"),
        ({"due_after": "03/01/2025"}, "query.due_after: expected a date (YYYY-MM-DD)"),
        ({"due_before": "2025-03-01T10:00"}, "query.due_before: expected a date"),
        ({"limit": "100000"}, "query.limit:"),
        ({"statuss": "due"}, "query.statuss: unknown query parameter"),
    ],
)
def test_bad_finding_queries_are_422(api, params, problem):
    status, payload = _get(api, "/api/findings", **params)
    assert status == 422
    assert any(p.startswith(problem) for p in _problems(status, payload)), payload


# --------------------------------------------------------------------------- evaluate


def _cli_json(capsys, path: Path, *extra: str) -> dict:
    capsys.readouterr()
    assert cli_main(["evaluate", str(path), "--format", "json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def _as_json_body(path: Path) -> bytes:
    return orjson.dumps(read_data(path), option=orjson.OPT_NON_STR_KEYS)


SHARED = sorted(SHARED_SCENARIOS.glob("*.yaml"))


@pytest.mark.parametrize("path", SHARED, ids=[p.stem for p in SHARED])
def test_evaluate_answers_what_the_cli_prints(api, capsys, path):
    status, answer = _post(api, _as_json_body(path))
    assert status == 200, answer
    assert answer == _cli_json(capsys, path)
    assert list(answer) == ["as_of", "jurisdiction", "findings", "derived", "data_problems"]
    assert all("reading" in finding for finding in answer["findings"])


def test_there_are_shared_scenarios_to_compare():
    assert len(SHARED) >= 10


def test_evaluate_as_of_overrides_the_document(api, capsys):
    path = SHARED_SCENARIOS / "fog-pump-out-quarterly-default.yaml"
    status, answer = _post(api, _as_json_body(path), as_of="2025-09-30")
    assert status == 200 and answer["as_of"] == "2025-09-30"
    assert answer == _cli_json(capsys, path, "--as-of", "2025-09-30")
    assert answer != _cli_json(capsys, path)


def test_evaluate_answers_what_the_cli_prints_for_every_own_scenario(api, capsys):
    compared = 0
    for path in sorted(OWN_SCENARIOS.glob("*.yaml")):
        document = read_data(path)
        if document.get("jurisdiction", "san-gabriel") != "san-gabriel":
            continue  # a test pack beside the files, which the server does not have
        status, answer = _post(api, _as_json_body(path))
        assert status == 200, (path.name, answer)
        assert answer == _cli_json(capsys, path), path.name
        compared += 1
    assert compared >= 100


def test_evaluate_ignores_expect_and_stores_nothing(api, block):
    before = (RecordIndex.objects.count(), Finding.objects.count())
    document = read_data(SHARED_SCENARIOS / "fog-new-hire-training.yaml")
    document["expect"] = {"no such section": "not checked"}
    status, answer = _post(api, orjson.dumps(document))
    assert status == 200 and answer["findings"]
    assert (RecordIndex.objects.count(), Finding.objects.count()) == before


NEW_HIRE = read_data(SHARED_SCENARIOS / "fog-new-hire-training.yaml")


def _with(**changes: Any) -> bytes:
    document = {k: v for k, v in NEW_HIRE.items() if k != "expect"}
    document.update(changes)
    return orjson.dumps({k: v for k, v in document.items() if v is not ...})


NOT_JSON = ("body: not valid JSON: ",)
NOT_A_MAPPING = ("body: a facts document is a mapping with a 'facts' list",)


@pytest.mark.parametrize(
    ("body", "status", "problems"),
    [
        (b"", 400, [NOT_JSON]),
        (b"name: a YAML file", 400, [NOT_JSON]),
        (b'{"facts": [', 400, [NOT_JSON]),
        (b"\xff\xfe{}", 400, [NOT_JSON]),
        (b"[" * 5000 + b"]" * 5000, 400, [NOT_JSON]),
        (b"[]", 422, [NOT_A_MAPPING]),
        (b'[{"facts": []}]', 422, [NOT_A_MAPPING]),
        (b'"facts"', 422, [NOT_A_MAPPING]),
        (b"null", 422, [NOT_A_MAPPING]),
        (b"42", 422, [NOT_A_MAPPING]),
        (b'{"as_of": "2025-03-01"}', 422, [("body: facts: required field is missing",)]),
        (
            _with(facts=[{"id": "x", "type": "spaceship"}]),
            422,
            [("body: fact 1", "type", "'spaceship'")],
        ),
        (_with(as_of="2025-02-30"), 422, [("body: as_of: '2025-02-30' is not a calendar date",)]),
        (_with(as_of=...), 422, [("body: as_of: no as-of date in the document or the query",)]),
        (
            _with(as_of=20250301),
            422,
            [("body: as_of: expected a date (YYYY-MM-DD), got 20250301",)],
        ),
        (_with(holidays="2025-01-01"), 422, [("body: holidays: expected a list of dates",)]),
        (_with(holidays=["2025-13-01"]), 422, [("body: holidays[0]: '2025-13-01' is not a ",)]),
        (_with(surprise=1), 422, [("body: surprise: unknown top-level field",)]),
        (_with(jurisdiction="atlantis"), 422, [("body: jurisdiction: no rule pack named",)]),
        (_with(jurisdiction="../../etc/x"), 422, [("body: jurisdiction: no rule pack named",)]),
        (
            _with(jurisdiction="/etc/passwd", as_of="2025-02-30"),
            422,
            [("body: jurisdiction: no rule pack named '/etc/passwd'",), ("body: as_of:",)],
        ),
        (_with(jurisdiction=7), 422, [("body: jurisdiction: expected the name of a rule pack",)]),
        (_with(facts={"type": "premises", "id": "p"}), 422, [("body: facts",)]),
        (
            _with(facts=[{"id": "p", "type": ["premises"]}, {"type": {"a": 1}}]),
            422,
            [("body: fact 1", "'[\"premises\"]'"), ("body: fact 2", "'{\"a\":1}'")],
        ),
        (
            _with(facts=[1, None, "premises"]),
            422,
            [("body: fact 1",), ("body: fact 2",), ("body: fact 3",)],
        ),
        (
            _with(
                facts=[
                    {"id": "e", "type": "employee", "establishment": "nowhere", "hired_on": "x"},
                    {"id": "e", "type": "premises"},
                ]
            ),
            422,
            [
                ("body: fact 1", "establishment", "'nowhere'"),
                ("body: fact 1", "hired_on", "'x'"),
                ("body: fact 2", "'e'"),
            ],
        ),
    ],
)
def test_malformed_documents_are_refused_with_every_problem(api, body, status, problems):
    got_status, payload = _post(api, body)
    lines = _problems(got_status, payload)
    assert got_status == status, payload
    assert len(lines) == len(problems), lines
    for parts in problems:
        assert any(all(part in line for part in parts) for line in lines), (parts, lines)


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ({"as_of": "2025-02-30"}, "query.as_of: '2025-02-30' is not a calendar date"),
        ({"as_of": "tomorrow"}, "query.as_of: expected a date (YYYY-MM-DD), got 'tomorrow'"),
        ({"asof": "2025-03-01"}, "query.asof: unknown query parameter"),
    ],
)
def test_bad_evaluate_queries_are_422(api, params, problem):
    status, payload = _post(api, _with(), **params)
    assert status == 422 and problem in _problems(status, payload)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_too_large_is_413(api):
    status, payload = _post(api, _with(name="x" * 2000))
    assert status == 413
    assert _problems(status, payload) == ["body: larger than this server accepts"]


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["2025-02-30", "2025-03-01", "2025-03-01T25:00", "fse-1", "emp-1", ""]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@hypothesis_settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_document_makes_the_server_fail(api, data):
    """Any value in any place of a valid document: answered 200 or refused with problems."""
    document = {k: v for k, v in NEW_HIRE.items() if k != "expect"}
    document["facts"] = [dict(f) for f in document["facts"]]
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        where = data.draw(st.sampled_from(["top", "fact", "drop"]))
        value = data.draw(_json_values)
        if where == "top":
            document[data.draw(st.sampled_from(["as_of", "holidays", "name", "facts"]))] = value
        elif isinstance(document.get("facts"), list) and document["facts"]:
            facts = document["facts"]
            fact = facts[data.draw(st.integers(min_value=0, max_value=len(facts) - 1))]
            if not isinstance(fact, dict):
                continue
            field = data.draw(st.sampled_from([*sorted(fact), "extra", "date", "employees"]))
            if where == "drop":
                fact.pop(field, None)
            else:
                fact[field] = value
    status, payload = _post(api, json.dumps(document).encode())
    if status == 200:
        assert list(payload) == ["as_of", "jurisdiction", "findings", "derived", "data_problems"]
    else:
        assert status == 422, payload
        lines = _problems(status, payload)
        assert not any("could not be validated" in line for line in lines), (document, lines)


# --------------------------------------------------------------------------- OpenAPI


FACT_TYPES_PLACEHOLDER = "<every fact type of the vocabulary>"


def _without_the_vocabulary(value: Any) -> Any:
    """The schema with the list of fact types (which grows with the engine's vocabulary)
    replaced by a placeholder, so that the snapshot changes only when the API does."""
    if value == sorted(RECORD_MODELS):
        return [FACT_TYPES_PLACEHOLDER]
    if isinstance(value, dict):
        return {k: _without_the_vocabulary(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_the_vocabulary(v) for v in value]
    return value


def test_the_openapi_document_is_public_and_matches_the_snapshot():
    response = Client().get("/api/openapi.json")
    assert response.status_code == 200
    schema = _without_the_vocabulary(response.json())
    text = json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if os.environ.get("SANITAS_UPDATE_SNAPSHOTS") == "1":
        SNAPSHOT.write_text(text, encoding="utf-8")
        pytest.skip(f"snapshot written to {SNAPSHOT}")
    assert SNAPSHOT.exists(), "no snapshot yet: run with SANITAS_UPDATE_SNAPSHOTS=1"
    assert text == SNAPSHOT.read_text(encoding="utf-8"), (
        "the API changed; if intended, regenerate with SANITAS_UPDATE_SNAPSHOTS=1 and review"
    )


def test_the_openapi_document_describes_the_api():
    schema = Client().get("/api/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) == {
        "/api/subjects/{key}",
        "/api/records",
        "/api/findings",
        "/api/findings/{finding_id}/history",
        "/api/evaluate",
        "/api/notices",
        "/api/notices/{notice_id}",
        "/api/notices/{notice_id}/approve",
        "/api/notices/{notice_id}/serve",
        "/api/notices/{notice_id}/pdf",
    }
    assert schema["components"]["securitySchemes"]["BearerToken"]["scheme"] == "bearer"
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert operation["security"] == [{"BearerToken": []}], (method, path)
            assert "401" in operation["responses"], (method, path)
    (type_filter,) = (
        p for p in schema["paths"]["/api/records"]["get"]["parameters"] if p["name"] == "type"
    )
    assert {"enum": sorted(RECORD_MODELS), "type": "string"} in type_filter["schema"]["anyOf"]
    body = schema["paths"]["/api/evaluate"]["post"]["requestBody"]["content"][JSON]["schema"]
    assert body["required"] == ["facts"]
    assert Client().get("/api/docs").status_code == 200
