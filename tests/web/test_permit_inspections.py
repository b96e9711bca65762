"""Inspection scheduling: a permit's clerk asks for the inspection of a stage of the
work (before backfill, the pressure test, the final) on a day and a part of it, at the
counter or for the contractor's call; a stage the work is not ready for is refused in
the law's words (a final before a passed test, a void or finaled permit, work not
started, a connection already covered). The inspector's day lists the requests by
inspector, printable and as a calendar; the result is recorded with the record the law
reads (an inspection of the work, a pressure test), and a failed or missed one is
asked for again, the history kept."""

from __future__ import annotations

import html
import re
from datetime import date
from urllib.parse import urlencode

import icalendar
import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.api.services import issue_api_token
from sanitas.records.inspections import inspection_refusals
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep
from tests.web.test_permit_page import _bare, _work

pytestmark = pytest.mark.django_db

AS_OF = date(2025, 4, 30)
DAY = "2025-05-02"


def _no_test(n: int) -> list[dict]:
    """An active permit whose work was started and not yet tested."""
    return _work(n)[:4]


@pytest.fixture
def permits() -> None:
    leaked = {
        "type": "pressure_test",
        "permit": "p-71",
        "date": "2025-03-20",
        "kind": "standing",
        "psi_at_lower_terminus": 4,
        "head_above_upper_terminus_in": 6,
        "leaked": True,
    }
    facts = [
        *_no_test(70),  # active, nothing tested
        *_no_test(71),  # active, its test leaked
        leaked,
        *_work(72),  # active, its test passed
        *_bare(73, "2025-01-02"),  # lapsed: void from 2025-03-04
        *_work(74),  # finaled
        {"id": "fc-74", "type": "final_certificate", "permit": "p-74", "date": "2025-04-01"},
        *_bare(75, "2025-04-10"),  # not started
        *_no_test(76),  # active, covered before inspection
        {"type": "work_covered", "permit": "p-76", "date": "2025-04-02"},
    ]
    record_facts(raw_facts=facts, actor="clerk", why="test permits")
    sweep(as_of=AS_OF)


def _user(name: str, group: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name=group)[0])
    return user


@pytest.fixture
def clerk(client) -> Client:
    client.force_login(_user("kevin", "permit_clerk"))
    return client


def _text(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<script.*?</script>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _ask(client: Client, permit: str, stage: str, **more: str):
    form = reverse("web:record_new", args=["inspection_request"])
    page = client.get(form, {"near": permit, "permit": permit})
    token = re.search(r'name="token" value="([^"]+)"', page.content.decode()).group(1)
    data = {
        "token": token,
        "near": permit,
        "permit": permit,
        "stage": stage,
        "requested_on": "2025-04-30",
        "day": DAY,
        "window": "morning",
        "inspector": "Ana Ruiz",
        **more,
    }
    return client.post(form, data)


def _requests(permit: str):
    return RECORD_MODELS["inspection_request"].objects.filter(permit=permit).order_by("pk")


# --------------------------------------------------------------------------- the law


def test_the_law_refuses_a_final_before_a_passed_test_in_words(permits):
    said = [r.words() for r in inspection_refusals("p-70", "final", on=AS_OF)]
    assert said == [
        "a final inspection needs a passed pressure test first, and no pressure test is on record"
    ]
    said = [r.words() for r in inspection_refusals("p-71", "final", on=AS_OF)]
    assert said == [
        "a final inspection needs a passed pressure test first: the standing test of "
        "2025-03-20 leaked"
    ]
    assert inspection_refusals("p-72", "final", on=AS_OF) == []
    assert inspection_refusals("p-70", "before_backfill", on=AS_OF) == []
    assert inspection_refusals("p-70", "pressure_test", on=AS_OF) == []


def test_the_law_refuses_every_stage_of_a_void_finaled_or_unstarted_permit(permits):
    for stage in ("before_backfill", "pressure_test", "final"):
        (void,) = inspection_refusals("p-73", stage, on=AS_OF)
        assert void.requirement == "PRM-LAPSE"
        assert "is void since 2025-03-04: a new permit is required" in void.words()
        (finaled,) = inspection_refusals("p-74", stage, on=AS_OF)
        assert "was finaled on 2025-04-01" in finaled.words()
        (unstarted,) = inspection_refusals("p-75", stage, on=AS_OF)
        assert "has not started, so nothing is ready for inspection" in unstarted.words()
    (covered,) = inspection_refusals("p-76", "before_backfill", on=AS_OF)
    assert covered.words() == (
        "the connection was covered on 2025-04-02: it can no longer be inspected before backfill"
    )
    assert covered.key is not None  # the covering, to open


def test_the_refusals_read_in_spanish_and_chinese(permits):
    (reason,) = inspection_refusals("p-70", "final", on=AS_OF)
    for language in ("es", "zh-Hant"):
        assert reason.words(language) != reason.words("en")
        assert "pressure" not in reason.words(language).lower()


# --------------------------------------------------------------------------- asking


def test_the_clerk_asks_for_an_inspection_from_the_permit_page(permits, clerk):
    page = clerk.get(reverse("staff:subject", args=["p-70"]))
    body = page.content.decode()
    assert "No inspection has been asked for." in _text(page)
    link = re.search(r'href="([^"]*/record/inspection_request/[^"]*)"', body).group(1)
    form = clerk.get(html.unescape(link))
    assert form.status_code == 200
    response = _ask(clerk, "p-70", "before_backfill", called_by="Luis at Acme Sewer")
    assert response.status_code == 302
    (row,) = _requests("p-70")
    assert (row.stage, row.day, row.window, row.inspector) == (
        "before_backfill",
        date(2025, 5, 2),
        "morning",
        "Ana Ruiz",
    )
    text = _text(clerk.get(reverse("staff:subject", args=["p-70"])))
    assert "Before backfill : May 2, 2025 (Morning), inspector Ana Ruiz;" in text
    assert "called in by Luis at Acme Sewer" in text
    assert "Not yet inspected" in text


def test_a_final_before_a_passed_test_is_refused_beside_the_stage(permits, clerk):
    response = _ask(clerk, "p-71", "final")
    assert response.status_code == 400
    text = _text(response)
    assert (
        "The final inspection of Permit HC-2025-071, 71 Las Tunas Dr cannot be asked for yet: "
        "a final inspection needs a passed pressure test first: the standing test of "
        "2025-03-20 leaked." in text
    )
    assert not _requests("p-71").exists()
    assert _ask(clerk, "p-72", "final").status_code == 302


def test_a_void_permit_offers_no_request_and_refuses_one(permits, clerk):
    page = clerk.get(reverse("staff:subject", args=["p-73"]))
    assert "Ask for an inspection" not in _text(page)
    response = _ask(clerk, "p-73", "pressure_test")
    assert response.status_code == 400
    assert "a new permit is required before its work is inspected" in _text(response)
    assert not _requests("p-73").exists()


def test_the_api_refuses_a_final_before_a_passed_test_in_words(permits):
    user = _user("api-inspections", "permit_clerk")
    secret = issue_api_token(
        username=user.username, name="test client", actor="admin", scopes=("read", "write")
    ).secret
    api = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    asked = {
        "type": "inspection_request",
        "permit": "p-71",
        "stage": "final",
        "requested_on": "2025-04-30",
        "day": DAY,
    }
    response = api.post("/api/records", {"facts": [asked]}, content_type="application/json")
    assert response.status_code == 422, response.content
    (line,) = response.json()["detail"]
    assert line.startswith(
        "facts[0].stage: the final inspection of Permit HC-2025-071, 71 Las Tunas Dr cannot be "
        "asked for yet: a final inspection needs a passed pressure test first: the standing "
        "test of 2025-03-20 leaked (see http://testserver/subjects/"
    )
    assert not _requests("p-71").exists()
    ready = {**asked, "permit": "p-72"}
    response = api.post("/api/records", {"facts": [ready]}, content_type="application/json")
    assert response.status_code == 200, response.content
    assert _requests("p-72").count() == 1


# --------------------------------------------------------------------------- results


def _result(client: Client, key: str, **data: str):
    url = reverse("web:inspection_result", args=[key])
    page = client.get(url)
    assert page.status_code == 200
    body = page.content.decode()
    token = re.search(r'name="token" value="([^"]+)"', body).group(1)
    version = re.search(r'name="version" value="([^"]*)"', body).group(1)
    return client.post(url, {"token": token, "version": version, "on": DAY, **data})


def test_a_failed_inspection_is_recorded_as_such_and_asked_for_again(permits, clerk):
    _ask(clerk, "p-70", "before_backfill")
    (first,) = _requests("p-70")
    refused = _result(clerk, first.key, result="failed")
    assert refused.status_code == 400
    assert "Say what was found defective." in _text(refused)
    response = _result(clerk, first.key, result="failed", defects="Joint at the wye open")
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.result == "failed"
    (inspection,) = RECORD_MODELS["work_inspection"].objects.filter(permit="p-70")
    assert (inspection.result, inspection.date) == ("defective", date(2025, 5, 2))
    assert inspection.defects == "Joint at the wye open"
    body = clerk.get(reverse("staff:subject", args=["p-70"])).content.decode()
    again = re.search(r'href="([^"]+)"[^>]*>Ask for it again', body).group(1)
    again = html.unescape(again)
    assert "stage=before_backfill" in again and "inspector=Ana+Ruiz" in again
    # asked again: the failed one stays, with its result
    _ask(clerk, "p-70", "before_backfill", day="2025-05-05")
    assert [r.result for r in _requests("p-70")] == ["failed", None]
    text = _text(clerk.get(reverse("staff:subject", args=["p-70"])))
    assert "Before backfill : May 5, 2025" in text and "Failed" in text
    assert "Ask for it again" not in text  # the later request asks for it already
    # a result is recorded once
    twice = _result(clerk, first.key, result="passed")
    assert twice.status_code == 400
    assert "recorded already" in _text(twice)


def test_a_missed_inspection_records_no_inspection_and_is_asked_for_again(permits, clerk):
    _ask(clerk, "p-70", "pressure_test")
    (request,) = _requests("p-70")
    assert _result(clerk, request.key, result="missed").status_code == 302
    request.refresh_from_db()
    assert request.result == "missed"
    assert not RECORD_MODELS["pressure_test"].objects.filter(permit="p-70").exists()
    assert "Ask for it again" in _text(clerk.get(reverse("staff:subject", args=["p-70"])))


def test_a_passed_test_records_the_pressure_test_and_opens_the_final(permits, clerk):
    _ask(clerk, "p-70", "pressure_test")
    (request,) = _requests("p-70")
    refused = _result(clerk, request.key, result="passed", kind="air", psi="4", leaked="yes")
    assert refused.status_code == 400
    assert "A test in which a part leaked did not pass." in _text(refused)
    unexplained = _result(clerk, request.key, result="failed", kind="air", psi="4", leaked="no")
    assert "Say why the test failed, since no part leaked." in _text(unexplained)
    missing = _result(clerk, request.key, result="passed", kind="standing", psi="4", leaked="no")
    assert "A standing water test needs this reading." in _text(missing)
    ok = _result(
        clerk, request.key, result="passed", kind="standing", psi="4.5", head_in="6", leaked="no"
    )
    assert ok.status_code == 302
    (test,) = RECORD_MODELS["pressure_test"].objects.filter(permit="p-70")
    assert (test.kind, test.psi_at_lower_terminus, test.leaked) == ("standing", 4.5, False)
    # the engine reads the test: the final may now be asked for
    assert inspection_refusals("p-70", "final", on=date(2025, 5, 2)) == []
    assert _ask(clerk, "p-70", "final", requested_on=DAY).status_code == 302


# --------------------------------------------------------------------------- the day


def test_the_inspectors_day_lists_the_days_requests_by_inspector(permits, clerk):
    _ask(clerk, "p-70", "before_backfill", window="afternoon")
    _ask(clerk, "p-72", "final", inspector="Bo Chen")
    _ask(clerk, "p-76", "pressure_test", inspector="", window="all_day")
    _ask(clerk, "p-72", "pressure_test", day="2025-05-03")
    response = clerk.get(reverse("web:inspections"), {"day": DAY})
    assert response.status_code == 200
    text = _text(response)
    assert "Inspections of May 2, 2025" in text
    assert "3 inspections asked for this day." in text
    ana, bo, nobody = (text.index(n) for n in ("Ana Ruiz", "Bo Chen", "No inspector assigned"))
    assert ana < bo < nobody
    assert "Afternoon Before backfill 70 Las Tunas Dr" in text
    assert "Morning Final 72 Las Tunas Dr" in text
    assert "Pressure test" in text and "May 3" not in text
    assert "p-70" not in text  # names and addresses, never keys


def test_the_inspectors_day_as_a_calendar(permits, clerk):
    _ask(clerk, "p-70", "before_backfill", window="afternoon")
    response = clerk.get(reverse("web:inspections_ics"), {"day": DAY})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(response.content)
    (event,) = calendar.walk("VEVENT")
    assert str(event["summary"]) == "Before backfill: 70 Las Tunas Dr"
    assert event.decoded("dtstart").hour == 13 and event.decoded("dtend").hour == 17
    assert event.decoded("dtstart").date() == date(2025, 5, 2)


def test_the_day_in_spanish_and_chinese(permits, clerk):
    _ask(clerk, "p-70", "before_backfill")
    english = _text(clerk.get(reverse("web:inspections"), {"day": DAY}))
    said = {
        "es": ("Inspecciones del 2 de mayo de 2025", "Antes del relleno", "Mañana"),
        "zh-hant": ("2025年5月2日的檢查", "回填前", "上午", "記錄結果"),
    }
    for language, expected in said.items():
        clerk.cookies["django_language"] = language
        page = clerk.get(reverse("web:inspections"), {"day": DAY}, HTTP_ACCEPT_LANGUAGE=language)
        text = _text(page)
        for words in ("Inspections of", "Before backfill", "Morning", "Record the result"):
            assert words in english and words not in text, (language, words)
        for words in expected:
            assert words in text, (language, words)


# --------------------------------------------------------------------------- access


@pytest.mark.parametrize("group", ["auditor", "fog_inspector", "hearing_officer"])
def test_every_door_refuses_the_roles_that_do_not_inspect_permits(permits, clerk, client, group):
    _ask(clerk, "p-70", "before_backfill")
    (request,) = _requests("p-70")
    other = Client()
    other.force_login(_user(f"someone-{group}", group))
    assert other.get(reverse("web:inspections"), {"day": DAY}).status_code == 403
    assert other.get(reverse("web:inspections_ics"), {"day": DAY}).status_code == 403
    url = reverse("web:inspection_result", args=[request.key])
    assert other.get(url).status_code == 403
    assert other.post(url, {"result": "passed", "on": DAY}).status_code == 403
    request.refresh_from_db()
    assert request.result is None
    form = reverse("web:record_new", args=["inspection_request"])
    assert other.post(form, {"permit": "p-70", "stage": "final"}).status_code == 403
    home = other.get(reverse("web:home"), follow=True)
    assert reverse("web:inspections") not in home.content.decode()


def test_the_navigation_leads_the_permit_clerk_to_the_inspectors_day(permits, clerk):
    home = clerk.get(reverse("web:home"), follow=True)
    assert f'href="{reverse("web:inspections")}"' in home.content.decode()


def test_a_signed_out_visitor_is_sent_to_sign_in(permits, client):
    for url in (reverse("web:inspections"), reverse("web:inspections_ics")):
        response = client.get(url + "?" + urlencode({"day": DAY}))
        assert response.status_code == 302 and "login" in response["Location"]


def test_the_request_form_and_the_result_page_in_spanish_and_chinese(permits, clerk):
    _ask(clerk, "p-70", "pressure_test")
    (request,) = _requests("p-70")
    form = reverse("web:record_new", args=["inspection_request"])
    clerk.cookies["django_language"] = "es"
    spanish = _text(clerk.get(form, {"near": "p-70", "permit": "p-70"}, HTTP_ACCEPT_LANGUAGE="es"))
    for words in ("Etapa", "Antes del relleno", "Prueba de presión", "Franja del día", "Mañana"):
        assert words in spanish, words
    result = reverse("web:inspection_result", args=[request.key])
    clerk.cookies["django_language"] = "zh-hant"
    chinese = _text(clerk.get(result, HTTP_ACCEPT_LANGUAGE="zh-hant"))
    for words in ("檢查結果", "合格", "不合格", "是否有任何部分滲漏？", "記錄結果"):
        assert words in chinese, words
    for words in ("Passed", "Failed", "Kind of test", "Record the result"):
        assert words not in chinese, words
