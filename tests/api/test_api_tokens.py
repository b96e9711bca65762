"""API tokens with scopes and an expiry, checked on every endpoint.

Every operation of the OpenAPI document is called with a token of each scope:
``read`` opens the endpoints that change nothing (``GET``, and ``POST
/api/evaluate``, which stores nothing), ``write`` the ones that record, and a
``program:`` scope limits what a token sees to that program's findings and the
subject groups they are about.
"""

from __future__ import annotations

import logging
import re
from datetime import date, timedelta
from io import StringIO
from typing import Any

import orjson
import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from sanitas.api.models import PROGRAMS, ApiToken
from sanitas.api.selectors import program_of
from sanitas.api.services import TokenError, issue_api_token
from sanitas.ordinance.document import read_data
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT, SHARED_SCENARIOS

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
JSON = "application/json"
#: the operations that change nothing though their method is not GET
READ_POSTS = {("post", "/api/evaluate")}


@pytest.fixture
def clerk():
    # a token never exceeds its user: the API's client is a supervisor, whose roles
    # open every operation (what each role may do: tests/access/test_doors.py)
    from django.contrib.auth.models import Group

    user = get_user_model().objects.create_user("api-clerk", password="not-used-here")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    return user


@pytest.fixture
def block(clerk):
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="test load")
    sweep(as_of=AS_OF)


def _client(*scopes: str, expires_at=None) -> Client:
    secret = issue_api_token(
        username="api-clerk", name="test", actor="admin", scopes=scopes, expires_at=expires_at
    ).secret
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}")


def _operations() -> list[tuple[str, str]]:
    schema = Client().get("/api/openapi.json").json()
    return [(method, path) for path, ops in schema["paths"].items() for method in ops]


def _needs(method: str, path: str) -> str:
    return "read" if method == "get" or (method, path) in READ_POSTS else "write"


def _call(client: Client, method: str, path: str) -> Any:
    finding = Finding.objects.order_by("pk").values_list("pk", flat=True).first() or 1
    concrete = re.sub(
        r"\{(\w+)\}",
        lambda m: {"key": "jade-gi", "finding_id": str(finding)}.get(m.group(1), "1"),
        path,
    )
    if method == "get":
        return client.get(concrete)
    body = orjson.dumps(read_data(SHARED_SCENARIOS / "fog-new-hire-training.yaml"))
    return getattr(client, method)(concrete, data=body, content_type=JSON)


def test_every_endpoint_is_one_of_read_or_write():
    operations = _operations()
    assert len(operations) >= 5
    assert {_needs(m, p) for m, p in operations} <= {"read", "write"}
    assert ("post", "/api/evaluate") in operations


@pytest.mark.parametrize("scope", ["read", "write"])
def test_each_endpoint_answers_a_token_by_its_scope(block, scope):
    client = _client(scope)
    for method, path in _operations():
        response = _call(client, method, path)
        if _needs(method, path) == scope:
            assert response.status_code not in (401, 403), (scope, method, path, response.content)
        else:
            assert response.status_code == 403, (scope, method, path, response.status_code)
            assert response.json()["detail"] == [
                f"Authorization: this token's scopes ({scope}) do not include "
                f"{_needs(method, path)}"
            ]


def test_a_token_with_both_scopes_opens_every_endpoint(block):
    client = _client("read", "write")
    for method, path in _operations():
        assert _call(client, method, path).status_code not in (401, 403), (method, path)


def test_an_expired_token_opens_no_endpoint(block):
    client = _client("read", "write", expires_at=timezone.now() + timedelta(seconds=1))
    token = ApiToken.objects.get()
    assert client.get("/api/records").status_code == 200
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    for method, path in _operations():
        assert _call(client, method, path).status_code == 401, (method, path)


@pytest.mark.parametrize("program", PROGRAMS)
def test_a_program_scope_sees_only_its_programs_findings(block, program):
    client = _client("read", f"program:{program}")
    response = client.get("/api/findings", {"limit": 500})
    assert response.status_code == 200
    seen = response.json()["items"]
    expected = [
        f for f in Finding.objects.filter(current=True) if program_of(f.requirement) == program
    ]
    assert len(seen) == response.json()["count"] == len(expected)
    assert {item["program"] for item in seen} <= {program}
    others = [f for f in Finding.objects.all() if program_of(f.requirement) != program]
    for finding in others[:5]:
        assert client.get(f"/api/findings/{finding.pk}/history").status_code == 404
    for finding in expected[:5]:
        assert client.get(f"/api/findings/{finding.pk}/history").status_code == 200
    other = next(p for p in PROGRAMS if p != program)
    refused = client.get("/api/findings", {"program": other})
    assert refused.status_code == 403
    assert refused.json()["detail"] == [f"program: this token is limited to {program}, not {other}"]
    assert client.get("/api/findings", {"program": program}).status_code == 200


@pytest.mark.parametrize(("other", "program"), [("organics", "sb1383"), ("general", "solid_waste")])
def test_a_scope_by_a_programs_other_name_is_that_programs(block, other, program):
    # issued by the other name, the token is stored with the program's one name
    client = _client("read", f"program:{other}")
    token = ApiToken.objects.get()
    assert token.scopes == f"read program:{program}" and token.programs == (program,)
    seen = client.get("/api/findings", {"limit": 500}).json()["items"]
    assert seen and {item["program"] for item in seen} == {program}
    assert client.get("/api/findings", {"program": other, "limit": 500}).json()["items"] == seen
    # a token stored before with the other name sees the same program
    ApiToken.objects.filter(pk=token.pk).update(scopes=f"read program:{other}")
    assert ApiToken.objects.get().programs == (program,)
    assert client.get("/api/findings", {"limit": 500}).json()["items"] == seen


def test_a_program_scope_sees_only_the_subject_groups_of_its_programs(block):
    fog = _client("read", "program:fog")
    fog_groups = {
        f.subject_group for f in Finding.objects.all() if program_of(f.requirement) == "fog"
    }
    all_groups = set(Finding.objects.values_list("subject_group", flat=True))
    outside = sorted(all_groups - fog_groups)
    assert fog_groups and outside, "the block has groups in and outside the FOG program"
    from sanitas.records.models import RecordIndex

    inside_key = RecordIndex.objects.filter(subject_group__in=fog_groups).first().key
    outside_key = RecordIndex.objects.filter(subject_group=outside[0]).first().key
    assert fog.get(f"/api/subjects/{inside_key}").status_code == 200
    hidden = fog.get(f"/api/subjects/{outside_key}")
    assert hidden.status_code == 404
    assert hidden.json()["detail"] == [f"{outside_key}: no record has this key"]
    assert _client("read").get(f"/api/subjects/{outside_key}").status_code == 200

    listing = fog.get("/api/records")
    assert (
        listing.status_code == 403 and "one subject group at a time" in listing.json()["detail"][0]
    )
    group = sorted(fog_groups)[0]
    shown = fog.get("/api/records", {"group": group}).json()
    assert shown["count"] == RecordIndex.objects.filter(subject_group=group).count() > 0
    assert fog.get("/api/records", {"group": outside[0]}).json() == {
        "count": 0,
        "limit": 100,
        "offset": 0,
        "items": [],
    }


def test_issuing_refuses_unknown_scopes_and_bad_expiries(clerk):
    now = timezone.now()
    with pytest.raises(TokenError) as caught:
        issue_api_token(username="api-clerk", name="x", actor="admin", scopes=("admin",))
    assert caught.value.problems[0].startswith("scope: 'admin' is not one of read, write, ")
    with pytest.raises(TokenError, match="a token needs read, write or both"):
        issue_api_token(username="api-clerk", name="x", actor="admin", scopes=("program:fog",))
    with pytest.raises(TokenError, match="must be in the future"):
        issue_api_token(username="api-clerk", name="x", actor="admin", expires_at=now)
    with pytest.raises(TokenError, match="at most 366 days"):
        issue_api_token(
            username="api-clerk", name="x", actor="admin", expires_at=now + timedelta(days=400)
        )
    assert not ApiToken.objects.exists()
    token = issue_api_token(username="api-clerk", name="x", actor="admin").token
    assert token.scopes == "read"
    assert timedelta(days=90) <= token.expires_at - now < timedelta(days=90, minutes=1)


def test_the_commands_issue_scoped_tokens_and_list_their_expiry(clerk):
    out, err = StringIO(), StringIO()
    call_command(
        "issue_api_token",
        "--user",
        "api-clerk",
        "--name",
        "hauler portal",
        "--scope",
        "write",
        "--scope",
        "program:fog",
        "--days",
        "30",
        stdout=out,
        stderr=err,
    )
    token = ApiToken.objects.get()
    assert token.scopes == "write program:fog" and token.programs == ("fog",)
    assert "scopes write program:fog until" in err.getvalue()
    client = Client(HTTP_AUTHORIZATION=f"Bearer {out.getvalue().strip()}")
    assert client.get("/api/records", {"group": "x"}).status_code == 403  # no read
    call_command(
        "issue_api_token",
        "--user",
        "api-clerk",
        "--name",
        "report",
        "--expires",
        str(timezone.localdate() + timedelta(days=100)),
        stdout=StringIO(),
        stderr=StringIO(),
    )
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(days=1))
    listing = StringIO()
    call_command("list_api_tokens", stdout=listing)
    lines = listing.getvalue().splitlines()
    assert lines[0].endswith("\texpired") and "write program:fog" in lines[0]
    day = timezone.localdate() + timedelta(days=100)
    assert f"\tread\texpires {day}\t" in lines[1] and lines[1].endswith("\tlive")
    with pytest.raises(CommandError, match="is not one of"):
        call_command(
            "issue_api_token",
            "--user",
            "api-clerk",
            "--name",
            "x",
            "--scope",
            "all",
            stdout=StringIO(),
            stderr=StringIO(),
        )


def test_api_use_and_refusals_are_logged_without_the_token(block, caplog):
    secret = issue_api_token(username="api-clerk", name="t", actor="admin").secret
    client = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    token = ApiToken.objects.get()
    with caplog.at_level(logging.INFO, logger="sanitas.api"):
        client.get("/api/records")
        Client(HTTP_AUTHORIZATION="Bearer sgk_wrong").get("/api/records")
        client.post("/api/notices", data=b"{}", content_type=JSON)
    messages = [r.getMessage() for r in caplog.records if r.name == "sanitas.api"]
    assert f"API: token {token.pk} (api-clerk) GET /api/records" in messages
    assert "API refused: no live token, GET /api/records" in messages
    assert f"API refused: token {token.pk} (api-clerk) lacks 'write' for POST /api/notices" in (
        messages
    )
    assert not any(secret in m or "sgk_wrong" in m for m in messages)
