"""The notice pages: who may see them, the "Issue notice" link beside a finding the
law answers with a notice, drafting, approving and serving by the forms, and a
served notice refused every change (409)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from sanitas.notices import urls as notice_urls
from sanitas.notices.models import Notice
from sanitas.notices.views import NOTICES

from .conftest import AS_OF, draft, finding, serve, user

pytestmark = pytest.mark.django_db

SAMPLE = {"notice_id": 1, "request_id": 1, "appeal_id": 1, "hearing_id": 1}


def _url(pattern: URLPattern) -> str:
    names = set(pattern.pattern.converters)
    return reverse(f"notices:{pattern.name}", kwargs={k: SAMPLE[k] for k in names})


def test_every_page_is_in_the_permission_map_and_enforces_it(client):
    assert {f"notices:{p.name}" for p in notice_urls.urlpatterns} == set(notice_urls.PERMISSIONS)
    for pattern in notice_urls.urlpatterns:
        assert getattr(pattern.callback, "access", None) == NOTICES, pattern.name
        url = _url(pattern)
        response = client.get(url)
        if response.status_code == 405:  # a POST-only action
            response = client.post(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_a_user_without_a_role_is_refused(db):
    client = Client()
    client.force_login(user("nobody"))
    assert client.get(reverse("notices:list")).status_code == 403


def _signed_in(person) -> Client:
    client = Client()
    client.force_login(person)
    return client


def test_the_worklist_and_the_subject_page_offer_to_issue_a_notice(city):
    client = _signed_in(user("coord", "sb1383_coordinator"))
    source = finding("ORG-COM-ENROLL", "p-casa")
    page = client.get(reverse("staff:worklist"), {"program": "all"}).content.decode()
    assert f"{reverse('notices:draft')}?finding={source.pk}" in page
    assert "Issue notice of violation" in page
    subject = client.get(reverse("staff:subject", kwargs={"key": "p-casa"})).content.decode()
    assert "requirement=ORG-COM-ENROLL&amp;subject=p-casa" in subject
    met = finding("FOG-INTERCEPTOR-REQUIRED", "arroyo-pho")
    assert f'?finding={met.pk}"' not in page


def test_draft_approve_and_serve_through_the_pages(city):
    coord = _signed_in(user("coord", "sb1383_coordinator"))
    boss = _signed_in(user("boss", "sb1383_coordinator", "notice_supervisor"))
    source = finding("ORG-COM-ENROLL", "p-casa")
    page = coord.get(reverse("notices:draft"), {"finding": source.pk})
    assert page.status_code == 200 and "Notice of Violation" in page.content.decode()
    response = coord.post(reverse("notices:draft"), {"finding": source.pk, "kind": "sb1383_nov"})
    notice = Notice.objects.get(finding_id=source.pk)
    assert response["Location"] == reverse("notices:detail", kwargs={"notice_id": notice.pk})
    detail = coord.get(response["Location"]).content.decode()
    assert "Waiting for a notice supervisor" in detail and "María López" in detail
    assert (AS_OF + timedelta(days=60)).isoformat() in detail
    assert coord.post(reverse("notices:approve", args=[notice.pk])).status_code == 403
    assert boss.post(reverse("notices:approve", args=[notice.pk])).status_code == 302
    response = coord.post(
        reverse("notices:serve", args=[notice.pk]),
        {"method": "personal", "served_on": AS_OF.isoformat()},
    )
    assert response.status_code == 302
    notice.refresh_from_db()
    assert notice.state == "served"
    detail = coord.get(reverse("notices:detail", args=[notice.pk])).content.decode()
    assert notice.content_sha256 in detail and notice.pdf_sha256 in detail
    assert "Served and frozen" in detail and 'name="remarks"' not in detail
    pdf = coord.get(reverse("notices:pdf", args=[notice.pk]))
    assert pdf.content == bytes(notice.pdf)


def test_a_change_to_a_served_notice_through_the_pages_answers_409(city):
    coord = _signed_in(user("coord", "sb1383_coordinator"))
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"))
    response = coord.post(
        reverse("notices:edit", args=[notice.pk]), {"remarks": "changed", "language": "en"}
    )
    assert response.status_code == 409
    assert "never changes" in response.content.decode()
    response = coord.post(
        reverse("notices:serve", args=[notice.pk]),
        {"method": "posting", "served_on": AS_OF.isoformat()},
    )
    assert response.status_code == 409
    notice.refresh_from_db()
    assert notice.remarks == "" and notice.method == "personal"


def test_the_case_code_finds_the_notice(city):
    coord = _signed_in(user("coord", "sb1383_coordinator"))
    notice = draft("ORG-COM-ENROLL", "p-casa")
    response = coord.get(reverse("notices:list"), {"code": notice.code.lower()})
    assert response["Location"] == reverse("notices:detail", args=[notice.pk])


def test_moving_the_as_of_date_past_the_deadline_proposes_the_citation(city):
    coord = _signed_in(user("coord", "sb1383_coordinator"))
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"))
    page = coord.get(
        reverse("notices:detail", args=[notice.pk]), {"as_of": "2025-05-02"}
    ).content.decode()
    assert "Propose an administrative citation" not in page
    page = coord.get(
        reverse("notices:detail", args=[notice.pk]), {"as_of": "2025-05-03"}
    ).content.decode()
    assert "Propose an administrative citation" in page and "up to $100" in page
