"""The notices over the REST API: draft from a finding, serve, read, fetch the PDF;
any write to a served notice answers 409 with the reason; and a facts document
recorded through the records services (idempotent, all or nothing)."""

from __future__ import annotations

import subprocess
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from sanitas.api.services import issue_api_token
from sanitas.kit.titles import titles
from sanitas.records.models import RECORD_MODELS

from .conftest import AS_OF, finding

pytestmark = pytest.mark.django_db
JSON = "application/json"


def _client(name: str, *roles: str) -> Client:
    person = User.objects.create_user(name, password="not-used-here")
    for role in roles:
        person.groups.add(Group.objects.get_or_create(name=role)[0])
    secret = issue_api_token(
        username=name, name="test client", actor="admin", scopes=("read", "write")
    ).secret
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}")


@pytest.fixture
def clerk(db) -> Client:
    return _client("api-clerk", "sb1383_coordinator")


@pytest.fixture
def boss(db) -> Client:
    return _client("api-boss", "supervisor")


def test_draft_approve_serve_read_and_fetch_the_pdf(city, clerk, boss):
    source = finding("ORG-COM-ENROLL", "p-casa")
    response = clerk.post("/api/notices", {"finding": source.pk}, content_type=JSON)
    assert response.status_code == 201, response.content
    drafted = response.json()
    assert drafted["state"] == "draft" and drafted["kind"] == "sb1383_nov"
    assert drafted["projected"] is True and drafted["content_sha256"] is None
    assert drafted["recipient"]["name"] == "María López"
    # its subject named as every page names it, beside its key
    assert drafted["subject"] == "p-casa"
    assert drafted["subject_title"] == titles(["p-casa"])["p-casa"].text != "p-casa"
    notice = drafted["id"]
    refused = clerk.post(f"/api/notices/{notice}/approve")
    assert refused.status_code == 403
    served = clerk.post(
        f"/api/notices/{notice}/serve",
        {"method": "personal", "served_on": AS_OF.isoformat()},
        content_type=JSON,
    )
    assert served.status_code == 422 and "approved by a supervisor" in served.json()["detail"][0]
    assert boss.post(f"/api/notices/{notice}/approve").json()["state"] == "approved"
    served = clerk.post(
        f"/api/notices/{notice}/serve",
        {"method": "personal", "served_on": AS_OF.isoformat()},
        content_type=JSON,
    )
    assert served.status_code == 200, served.content
    body = clerk.get(f"/api/notices/{notice}").json()
    assert body["state"] == "served"
    assert body["deadline_on"] == (AS_OF + timedelta(days=60)).isoformat()
    assert len(body["content_sha256"]) == 64 and len(body["pdf_sha256"]) == 64
    assert body["projected"] is False and body["ceiling"] == 100
    pdf = clerk.get(f"/api/notices/{notice}/pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf["X-Content-SHA256"] == body["content_sha256"]
    text = subprocess.run(
        ["pdftotext", "-", "-"], input=pdf.content, capture_output=True, check=True
    ).stdout.decode()
    assert body["code"] in text and "Aviso de Infracción" in text
    assert RECORD_MODELS["notice"].objects.filter(key=body["fact_key"]).exists()


def test_any_write_to_a_served_notice_answers_409(city, clerk, boss):
    notice = clerk.post(
        "/api/notices", {"finding": finding("ORG-COM-ENROLL", "p-casa").pk}, content_type=JSON
    ).json()["id"]
    boss.post(f"/api/notices/{notice}/approve")
    serve = {"method": "personal", "served_on": AS_OF.isoformat()}
    assert clerk.post(f"/api/notices/{notice}/serve", serve, content_type=JSON).status_code == 200
    for response in (
        clerk.post(f"/api/notices/{notice}/serve", serve, content_type=JSON),
        clerk.patch(f"/api/notices/{notice}", {"remarks": "changed"}, content_type=JSON),
        boss.post(f"/api/notices/{notice}/approve"),
    ):
        assert response.status_code == 409, response.content
        assert (
            "never changes" in response.json()["detail"][0]
            or "served" in response.json()["detail"][0]
        )


def test_a_bad_draft_or_service_is_refused_with_its_reasons(city, clerk):
    met = finding("FOG-INTERCEPTOR-REQUIRED", "arroyo-pho")
    response = clerk.post("/api/notices", {"finding": met.pk}, content_type=JSON)
    assert response.status_code == 422 and "with no notice" in response.json()["detail"][0]
    assert clerk.post("/api/notices", {"finding": 999999}, content_type=JSON).status_code == 404
    assert clerk.get("/api/notices/999999").status_code == 404
    overdue = {"finding": finding("FOG-MIN-FREQUENCY", "gi-pho").pk}
    refused = clerk.post("/api/notices", overdue, content_type=JSON)  # not their program
    assert refused.status_code == 403 and "draft notices" in refused.json()["detail"][0]
    inspector = _client("api-inspector", "fog_inspector")
    fog = inspector.post("/api/notices", overdue, content_type=JSON).json()["id"]
    assert clerk.get(f"/api/notices/{fog}").status_code == 404  # another program's notice
    bad = inspector.post(
        f"/api/notices/{fog}/serve",
        {"method": "pigeon", "served_on": "2025-02-30"},
        content_type=JSON,
    )
    assert bad.status_code == 422


def test_a_facts_document_is_recorded_all_or_nothing_and_idempotently(db, clerk):
    facts = [
        {"id": "p-new", "type": "premises", "address": "5 New St", "use": "commercial"},
        {"id": "est-new", "type": "establishment", "category": "other", "premises": "p-new"},
    ]
    first = clerk.post("/api/records", {"facts": facts, "why": "survey"}, content_type=JSON)
    assert first.status_code == 200, first.content
    assert first.json()["created"] == 2
    again = clerk.post("/api/records", {"facts": facts}, content_type=JSON).json()
    assert (again["created"], again["unchanged"]) == (0, 2)
    bad = [
        {"id": "est-2", "type": "establishment", "category": "spaceport", "premises": "nowhere"},
        {"id": "p-2", "type": "premises", "use": "commercial"},
    ]
    refused = clerk.post("/api/records", {"facts": bad}, content_type=JSON)
    assert refused.status_code == 422
    assert len(refused.json()["detail"]) >= 2
    assert not RECORD_MODELS["premises"].objects.filter(key="p-2").exists()


def test_the_endpoints_are_in_the_openapi_document(db):
    schema = Client().get("/api/openapi.json").json()
    paths = schema["paths"]
    assert set(paths["/api/notices"]) == {"post"}
    assert {"get", "patch"} <= set(paths["/api/notices/{notice_id}"])
    assert set(paths["/api/notices/{notice_id}/serve"]) == {"post"}
    assert (
        "application/pdf"
        in paths["/api/notices/{notice_id}/pdf"]["get"]["responses"]["200"]["content"]
    )
    assert "post" in paths["/api/records"]
    method = schema["components"]["schemas"]["ServeIn"]["properties"]["method"]
    assert set(method["enum"]) == {
        "personal",
        "first_class_mail",
        "certified_mail",
        "email",
        "posting",
        "cart_tag",
    }
