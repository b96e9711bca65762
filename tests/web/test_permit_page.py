"""A permit's page leads with its state: the address, the owner and the contractor,
its status in words (not started, active, suspended, lapsed, finaled) with the day it
lapses and what would restart or finish it, then what is open, then the records that
carry its work on from that state. The permits list shows status, lapse day and
contractor, filtered by status.

One certificate of final inspection per permit: offered on the page of a permit
ready for it and nowhere else, refused for a void or finaled permit at every door that
makes one (the notices' draft, the record form, the API's records and notices), each
reason in words with a link to its record; addressed to the person who built the work."""

from __future__ import annotations

import html
import re
from datetime import date
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.api.services import issue_api_token
from sanitas.kit.permits import permit_states
from sanitas.notices import services
from sanitas.notices.models import Notice
from sanitas.records.models import Finding, RecordIndex
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

pytestmark = pytest.mark.django_db

AS_OF = date(2025, 4, 30)
JSON = "application/json"

_SEGMENTS = [
    {
        "from": "street_sewer",
        "to": "property_line",
        "diameter_in": 6,
        "material": "vitrified_clay",
        "length_ft": 25,
        "fall_ft": 0.6,
        "depth_ft": 4,
        "in_street": True,
        "clearance_wall_in": 120,
        "cover_in": 48,
    },
    {
        "from": "property_line",
        "to": "building",
        "diameter_in": 4,
        "material": "vitrified_clay",
        "length_ft": 40,
        "fall_ft": 1.0,
        "clearance_wall_in": 12,
        "cover_in": 18,
        "cleanout": True,
    },
]


def _work(n: int, *, issued: str = "2025-03-01", fees_paid: bool = True) -> list[dict]:
    """A house-connection permit at ``n`` Las Tunas Dr whose work passed every check."""
    p = f"p-{n}"
    return [
        {
            "id": f"lot-{n}",
            "type": "premises",
            "address": f"{n} Las Tunas Dr",
            "owner_name": "Rosa Díaz",
        },
        {
            "id": p,
            "type": "permit",
            "kind": "house_connection",
            "number": f"HC-2025-0{n}",
            "premises": f"lot-{n}",
            "issued_on": issued,
            "fees_paid": fees_paid,
            "contractor": "Acme Sewer",
            "contractor_license_expires_on": "2025-12-31",
        },
        {"type": "work_started", "permit": p, "date": "2025-03-05"},
        {
            "id": f"d-{n}",
            "type": "connection_design",
            "permit": p,
            "persons_served": 6,
            "public_sewer_diameter_in": 8,
            "public_sewer_depth_ft": 7,
            "method": "y_branch",
            "segments": _SEGMENTS,
        },
        {
            "type": "joint_check",
            "permit": p,
            "date": "2025-03-18",
            "material": "vitrified_clay",
            "laid_upgrade": True,
            "sockets_upgrade": True,
            "gasket_caulked": True,
            "compound": "hot_poured",
            "watertight": True,
        },
        {
            "type": "pressure_test",
            "permit": p,
            "date": "2025-03-20",
            "at": "2025-03-20T10:00",
            "kind": "standing",
            "psi_at_lower_terminus": 4,
            "head_above_upper_terminus_in": 6,
            "leaked": False,
            "cement_joints_made_at": "2025-03-18T16:00",
        },
        {"type": "work_inspection", "permit": p, "date": "2025-03-21", "result": "approved"},
    ]


def _bare(n: int, issued: str) -> list[dict]:
    """A permit at ``n`` Las Tunas Dr with nothing recorded under it."""
    return _work(n, issued=issued)[:2]


@pytest.fixture
def permits() -> None:
    facts = [
        *_work(60),  # active, ready for its certificate
        *_bare(61, "2025-04-10"),  # not started: lapses after 2025-06-09
        *_bare(62, "2025-01-02"),  # lapsed: void from 2025-03-04
        *_work(63),  # finaled
        {"id": "fc-63", "type": "final_certificate", "permit": "p-63", "date": "2025-04-01"},
        *_work(64),  # suspended
        {"type": "work_suspended", "permit": "p-64", "date": "2025-04-15"},
        *_work(65, fees_paid=False),  # active, its fees not paid
    ]
    record_facts(raw_facts=facts, actor="clerk", why="test permits")
    sweep(as_of=AS_OF)


@pytest.fixture
def clerk_client(client) -> Client:
    user = User.objects.create_user("permits", "permits@example.org", "a-long-test-password")
    user.first_name, user.last_name = "Kevin", "Tsai"
    user.save()
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    client.force_login(user)
    return client


def _text(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<script.*?</script>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _head(response) -> str:
    """The page's state section, as text."""
    body = response.content.decode()
    start = body.index('class="permit-state"')
    return _text_of(body[start : body.index("</section>", start)])


def _text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _page(client, key: str):
    response = client.get(reverse("staff:subject", args=[key]))
    assert response.status_code == 200
    return response


# --------------------------------------------------------------------------- the state


def test_the_engine_states_each_permits_status_and_lapse_day(permits):
    states = permit_states(["p-60", "p-61", "p-62", "p-63", "p-64"])
    assert {k: s.status for k, s in states.items()} == {
        "p-60": "active",
        "p-61": "issued",
        "p-62": "void",
        "p-63": "finaled",
        "p-64": "suspended",
    }
    assert states["p-61"].lapses_on == date(2025, 6, 9)
    assert states["p-62"].since == date(2025, 3, 4)
    assert states["p-63"].since == date(2025, 4, 1)
    assert states["p-64"].lapses_on == date(2025, 6, 14)


def test_an_active_permits_page_leads_with_its_address_people_and_status(permits, clerk_client):
    response = _page(clerk_client, "p-60")
    head = _head(response)
    assert "Address 60 Las Tunas Dr" in head
    assert "Owner Rosa Díaz" in head
    assert "Contractor Acme Sewer (city business licence to Dec 31, 2025)" in head
    assert "Active Work has started; the permit does not lapse while the work goes on." in head
    body = response.content.decode()
    # the key is no heading; the state comes before what is open, then the actions
    assert "p-60</span>" not in body
    assert body.index("permit-state") < body.index('id="findings-heading"')
    assert body.index('id="findings-heading"') < body.index("record-actions")


def test_a_permit_not_started_says_the_day_it_lapses(permits, clerk_client):
    head = _head(_page(clerk_client, "p-61"))
    assert (
        "Not started Work has not started; unless it starts by Jun 9, 2025, the permit lapses."
        in head
    )


def test_a_suspended_permit_says_what_restarts_it(permits, clerk_client):
    response = _page(clerk_client, "p-64")
    head = _head(response)
    assert (
        "Suspended Work is suspended; unless it resumes by Jun 14, 2025, the permit lapses." in head
    )
    actions = _text_of(response.content.decode().split('class="record-actions"', 1)[1])
    assert actions.index("Record a work resumed") < actions.index("Other records")


def test_a_lapsed_permit_says_a_new_permit_and_its_fees_are_required(permits, clerk_client):
    response = _page(clerk_client, "p-62")
    head = _head(response)
    assert (
        "Lapsed Void since Mar 4, 2025: before work can go on, a new permit must be taken" in head
    )
    assert "the same fees paid (§ 6-8.116)" in head
    new = (
        reverse("web:record_new", args=["permit"])
        + "?"
        + urlencode({"near": "lot-62", "premises": "lot-62", "kind": "house_connection"})
    )
    assert html.escape(new) in response.content.decode()
    # no work is offered first on a lapsed permit
    body = response.content.decode()
    first = body.split('class="usa-button-group record-actions__list"', 1)[1].split("</ul>")[0]
    assert "Record a pressure test" not in first


def test_a_finaled_permit_says_when_and_offers_no_second_certificate(permits, clerk_client):
    response = _page(clerk_client, "p-63")
    head = _head(response)
    assert "Finaled Finaled on Apr 1, 2025" in head
    assert "No second certificate of final inspection" in head
    assert "Its certificate of final inspection was already issued on 2025-04-01" in head
    assert reverse("staff:subject", args=["fc-63"]) in response.content.decode()
    assert "Issue the certificate of final inspection" not in response.content.decode()


def test_the_state_in_spanish_and_chinese(permits, clerk_client):
    clerk_client.cookies["django_language"] = "es"
    spanish = _head(
        clerk_client.get(reverse("staff:subject", args=["p-61"]), HTTP_ACCEPT_LANGUAGE="es")
    )
    assert "No iniciado" in spanish and "9 de junio de 2025" in spanish
    chinese = _head(
        clerk_client.get(reverse("staff:subject", args=["p-62"]), HTTP_ACCEPT_LANGUAGE="zh-hant")
    )
    assert "已失效" in chinese


# --------------------------------------------------------------------------- the certificate


def test_the_certificate_is_offered_once_on_a_ready_permit_and_beside_no_finding(
    permits, clerk_client
):
    ready = _page(clerk_client, "p-60").content.decode()
    assert ready.count("Issue the certificate of final inspection") == 1
    assert ready.count('value="final_certificate"') == 1
    assert "Issue certificate of final inspection" not in ready
    for key in ("p-61", "p-62", "p-63", "p-65", "d-60"):
        body = _page(clerk_client, key).content.decode()
        assert 'value="final_certificate"' not in body, key
        assert "certificate of final inspection</a>" not in body, key


def test_a_permit_not_ready_names_what_keeps_it_back_with_links(permits, clerk_client):
    response = _page(clerk_client, "p-65")
    head = _head(response)
    assert "Before a certificate of final inspection can issue" in head
    assert "The fees are not recorded paid" in head
    assert "PRM-CHARGES" not in head
    section = response.content.decode().split('class="certificate-blockers"', 1)[1]
    # the fees are recorded paid on the permit's own form
    assert reverse("web:record_edit", args=["p-65"]) in section.split("</div>")[0]


def test_the_notices_refuse_a_certificate_for_a_void_or_finaled_permit_in_words(
    permits, clerk_client
):
    for key, words, link in (
        ("p-62", "The permit was void from 2025-03-04", "p-62"),
        ("p-63", "Its certificate of final inspection was already issued on 2025-04-01", "fc-63"),
    ):
        finding = Finding.objects.filter(subject=key, requirement="PRM-CHARGES").get()
        response = clerk_client.post(
            reverse("notices:draft"), {"finding": finding.pk, "kind": "final_certificate"}
        )
        assert response.status_code == 422, key
        text = _text(response)
        assert words in text, text
        assert reverse("staff:subject", args=[link]) in response.content.decode()
        assert not Notice.objects.filter(subject=key).exists()
        # the page that offers the draft does not offer a certificate
        offered = clerk_client.get(reverse("notices:draft") + f"?finding={finding.pk}")
        assert 'value="final_certificate"' not in offered.content.decode()


def test_one_certificate_draft_per_permit_whatever_finding_it_is_drafted_from(permits):
    first, second = Finding.objects.filter(
        subject="p-60", status="met", requirement__in=["PRM-LAPSE", "PRM-CHARGES"]
    ).order_by("requirement")
    one = services.draft_notice(finding_id=first.pk, actor="permits", kind_key="final_certificate")
    two = services.draft_notice(finding_id=second.pk, actor="permits", kind_key="final_certificate")
    assert one.pk == two.pk and getattr(two, "already_open", False)


def test_the_record_form_refuses_a_certificate_for_a_void_or_finaled_permit(permits, clerk_client):
    for key, words in (
        ("p-62", "The permit was void from 2025-03-04"),
        ("p-63", "Its certificate of final inspection was already issued on 2025-04-01"),
    ):
        url = reverse("web:record_new", args=["final_certificate"])
        form = clerk_client.get(url + f"?permit={key}").content.decode()
        token = re.search(r'name="token" value="([^"]+)"', form)[1]
        response = clerk_client.post(
            url, {"token": token, "permit": key, "date": "2025-04-30", "near": key}
        )
        assert response.status_code == 400, key
        text = _text(response)
        assert words in text, text
        assert "may issue" in text or "a second is refused" in text
        assert reverse("staff:subject", args=[key]) in response.content.decode()
        assert RecordIndex.objects.filter(fact_type="final_certificate").count() == 1


def test_the_api_refuses_a_certificate_for_a_void_or_finaled_permit(permits):
    user = User.objects.create_user("api-permits", password="not-used-here")
    user.groups.add(Group.objects.get_or_create(name="permit_clerk")[0])
    secret = issue_api_token(
        username="api-permits", name="test client", actor="admin", scopes=("read", "write")
    ).secret
    api = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    for key, words in (
        ("p-62", "the permit was void from 2025-03-04"),
        ("p-63", "its certificate of final inspection was already issued on 2025-04-01"),
    ):
        response = api.post(
            "/api/records",
            {"facts": [{"type": "final_certificate", "permit": key, "date": "2025-04-30"}]},
            content_type=JSON,
        )
        assert response.status_code == 422, response.content
        line = response.json()["detail"][0]
        assert line.startswith("facts[0].permit: no certificate of final inspection may issue")
        assert words in line and "/subjects/" in line
        finding = Finding.objects.filter(subject=key, requirement="PRM-CHARGES").get()
        drafted = api.post(
            "/api/notices",
            {"finding": finding.pk, "kind": "final_certificate"},
            content_type=JSON,
        )
        assert drafted.status_code == 422, drafted.content
        assert words in " ".join(drafted.json()["detail"])
    assert RecordIndex.objects.filter(fact_type="final_certificate").count() == 1
    # the certificate already stored, sent again as it is, is left as it is
    again = api.post(
        "/api/records",
        {
            "facts": [
                {"id": "fc-63", "type": "final_certificate", "permit": "p-63", "date": "2025-04-01"}
            ]
        },
        content_type=JSON,
    )
    assert again.status_code == 200, again.content


def test_the_certificate_goes_to_the_person_who_built_the_work_and_reads_as_one(permits):
    finding = Finding.objects.get(subject="p-60", requirement="PRM-LAPSE")
    notice = services.draft_notice(
        finding_id=finding.pk, actor="permits", kind_key="final_certificate"
    )
    content = services.preview(notice, served_on=AS_OF)
    assert content["recipient"]["name"] == "Acme Sewer"
    assert content["recipient"]["rule"] == "constructor"
    assert [c["name"] for c in content["recipient"]["copies"]] == ["Rosa Díaz"]
    assert content["deadline_on"] is None
    assert content["terms"]["appeal"]["rule"] == "none"


# --------------------------------------------------------------------------- the list


def _rows(response) -> list[str]:
    body = response.content.decode()
    table = body.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [_text_of(row) for row in table.split("</tr>") if "<td" in row]


def test_the_permits_list_shows_status_lapse_day_and_contractor(permits, clerk_client):
    response = clerk_client.get(reverse("web:permits"))
    assert response.status_code == 200
    headers = _text_of(response.content.decode().split("<thead>", 1)[1].split("</thead>")[0])
    assert "Status Lapses or lapsed Contractor" in headers
    rows = {row.split(" ", 2)[1]: row for row in _rows(response)}
    assert "Not started Jun 9, 2025 Acme Sewer" in rows["HC-2025-061,"]
    assert "Lapsed Mar 4, 2025 Acme Sewer" in rows["HC-2025-062,"]
    assert "Finaled — Acme Sewer" in rows["HC-2025-063,"]
    assert "Active — Acme Sewer" in rows["HC-2025-060,"]


def test_the_permits_list_filters_by_status(permits, clerk_client):
    for status, numbers in (
        ("void", ["HC-2025-062"]),
        ("finaled", ["HC-2025-063"]),
        ("active", ["HC-2025-060", "HC-2025-065"]),
        ("suspended", ["HC-2025-064"]),
        ("issued", ["HC-2025-061"]),
    ):
        response = clerk_client.get(reverse("web:permits") + f"?status={status}")
        found = sorted(row.split(" ", 2)[1].rstrip(",") for row in _rows(response))
        assert found == numbers, status
    soon = clerk_client.get(reverse("web:permits") + "?lapses_by=2025-06-10")
    assert sorted(row.split(" ", 2)[1].rstrip(",") for row in _rows(soon)) == ["HC-2025-061"]
    later = clerk_client.get(reverse("web:permits") + "?lapses_by=2025-06-30")
    assert sorted(row.split(" ", 2)[1].rstrip(",") for row in _rows(later)) == [
        "HC-2025-061",
        "HC-2025-064",
    ]
    bad = clerk_client.get(reverse("web:permits") + "?status=nonsense")
    assert bad.status_code == 200 and "Select a valid choice" in _text(bad)


def test_the_permits_list_exports_its_status_columns(permits, clerk_client):
    response = clerk_client.get(reverse("web:permits") + "?status=void&format=csv")
    text = b"".join(response.streaming_content if response.streaming else [response.content])
    lines = text.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Permit,Kind,Status,Lapses or lapsed,Contractor")
    assert "Lapsed,2025-03-04,Acme Sewer" in lines[1]


def test_every_sentence_of_the_lapse_rule_names_a_state():
    """The pages read a permit's status from the engine's table of its lapse finding's
    messages: each sentence PRM-LAPSE says is in it (a clause inside one is not)."""
    from sanitas.ordinance import rules  # noqa: F401  (the areas declare their messages)
    from sanitas.ordinance.messages import TEMPLATES
    from sanitas.ordinance.permits.administration import LAPSE_STATES

    sentences = {
        ident
        for ident, template in TEMPLATES.items()
        if ident.startswith("prm.lapse.") and template.english.endswith(".")
    }
    assert sentences == set(LAPSE_STATES)
    assert set(LAPSE_STATES.values()) == {"issued", "active", "suspended", "void", "finaled"}


def test_a_drafted_certificate_is_refused_at_service_once_another_certifies_the_work(permits):
    """The service asks the same answer: a certificate recorded meanwhile (one issued
    on paper, entered through the form) refuses the draft's service, and nothing is
    frozen."""
    finding = Finding.objects.get(subject="p-60", requirement="PRM-LAPSE")
    notice = services.draft_notice(
        finding_id=finding.pk, actor="permits", kind_key="final_certificate"
    )
    record_facts(
        raw_facts=[{"type": "final_certificate", "permit": "p-60", "date": "2025-04-29"}],
        actor="clerk",
        why="a certificate issued on paper",
    )
    with pytest.raises(services.NoticeError) as refused:
        services.serve_notice(
            notice_id=notice.pk, actor="permits", method="personal", served_on=AS_OF, today=AS_OF
        )
    assert "already issued on 2025-04-29" in " ".join(refused.value.problems)
    notice.refresh_from_db()
    assert not notice.served


def test_the_certificate_reads_as_a_certificate_not_a_notice(permits):
    from sanitas.notices import render

    finding = Finding.objects.get(subject="p-60", requirement="PRM-LAPSE")
    notice = services.draft_notice(
        finding_id=finding.pk, actor="permits", kind_key="final_certificate"
    )
    words = _text_of(render.document_html(services.preview(notice, served_on=AS_OF)))
    assert "Acme Sewer" in words and "What this certificate recites" in words
    for absent in ("If you do not comply", "How to ask for a review", "appeal"):
        assert absent not in words, absent
