"""The notice pages: who may see them, the "Issue notice" link beside a finding the
law answers with a notice, drafting, approving and serving by the forms, and a
served notice refused every change (409)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from sanitas.notices.models import Notice
from sanitas.records.sweep import sweep

from .conftest import AS_OF, draft, finding, serve, user

pytestmark = pytest.mark.django_db


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
    boss = _signed_in(user("boss", "supervisor"))
    source = finding("ORG-COM-ENROLL", "p-casa")
    page = coord.get(reverse("notices:draft"), {"finding": source.pk})
    assert page.status_code == 200 and "Notice of Violation" in page.content.decode()
    response = coord.post(reverse("notices:draft"), {"finding": source.pk, "kind": "sb1383_nov"})
    notice = Notice.objects.get(finding_id=source.pk)
    assert response["Location"] == reverse("notices:detail", kwargs={"notice_id": notice.pk})
    detail = coord.get(response["Location"]).content.decode()
    assert "Waiting for a supervisor" in detail and "María López" in detail
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


def test_a_future_as_of_view_shows_what_the_law_will_make_of_it_but_drafts_no_citation(city):
    """The page may look at any day; a citation is offered only when, as of the real day,
    the notice's deadline passed uncorrected (a notice served today is months from it)."""
    today = timezone.localdate()
    sweep(as_of=today)
    coord = _signed_in(user("coord", "sb1383_coordinator"))
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"), served_on=today)
    later = today + timedelta(days=90)
    page = coord.get(reverse("notices:detail", args=[notice.pk]), {"as_of": later.isoformat()})
    text = page.content.decode()
    assert "ORG-CITATION" in text  # the engine's findings as of the day looked at
    assert 'data-testid="citation-proposal"' not in text and "Draft the citation" not in text
    assert "a citation is premature" in text
    refused = coord.post(reverse("notices:cite", args=[notice.pk]), {"as_of": later.isoformat()})
    assert refused.status_code == 422 and "premature" in refused.content.decode()
    assert not Notice.objects.filter(kind="citation").exists()


def test_past_the_deadline_as_of_the_real_day_the_citation_is_offered(city):
    coord = _signed_in(user("coord", "sb1383_coordinator"))
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"))  # served 2025-03-03: long past
    page = coord.get(reverse("notices:detail", args=[notice.pk])).content.decode()
    assert 'data-testid="citation-proposal"' in page and "up to $100" in page
    response = coord.post(reverse("notices:cite", args=[notice.pk]))
    citation = Notice.objects.get(kind="citation")
    assert response["Location"] == reverse("notices:detail", args=[citation.pk])
    again = coord.post(reverse("notices:cite", args=[notice.pk]))
    assert again["Location"] == response["Location"]  # one open draft: the first again
    assert Notice.objects.filter(kind="citation").count() == 1


def test_a_served_notice_reads_on_its_page_as_it_was_served(city, monkeypatch):
    """The catalogs' words may change after service (a better translation); the page of
    a served notice shows the frozen document, never the new words."""
    from sanitas.notices import render

    coord = _signed_in(user("coord", "sb1383_coordinator"))
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"))
    monkeypatch.setattr(render, "text", lambda *args, **kwargs: "REWORDED")
    page = coord.get(reverse("notices:detail", args=[notice.pk])).content.decode()
    paper = page.split('<div class="paper">', 1)[1].split("</section>", 1)[0]
    assert "REWORDED" not in paper and notice.code in paper
    assert "Aviso de Infracción" in paper and "<h1" not in paper  # headings under the page's
    ines = _signed_in(user("ines", "fog_inspector"))
    fog = draft("FOG-MIN-FREQUENCY", "gi-pho")
    draft_page = ines.get(reverse("notices:detail", args=[fog.pk])).content.decode()
    assert "REWORDED" in draft_page  # a draft is composed afresh
