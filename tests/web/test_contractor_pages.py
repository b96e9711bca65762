"""Contractors as records on the staff pages: a permit's page names the contractor on
record who lays its sewer, linked, with its city business licence, and warns (the
engine's finding, in the reader's language) before the licence ends; a contractor's page
lists the permits it holds with their addresses, status and warnings; the permits list
shows and finds the contractor on record. A permit recorded before contractors were
records shows the name typed on it, and offers to record it as a contractor."""

from __future__ import annotations

import html
import re
from datetime import date
from urllib.parse import parse_qs, urlparse

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

pytestmark = pytest.mark.django_db

AS_OF = date(2025, 4, 30)

BOLT = {
    "id": "ctr-bolt",
    "type": "contractor",
    "name": "Bolt Pipe",
    "license_number": "BL-20417",
    "license_expires_on": "2025-05-20",
    "contact_name": "Dana Wu",
    "phone": "626-555-0199",
}
CANYON = {
    "id": "ctr-canyon",
    "type": "contractor",
    "name": "Canyon Sewer Contractors",
    "license_number": "BL-31877",
    "license_expires_on": "2026-06-30",
}


def _permit(n: int, issued: str = "2025-03-01", **fields) -> list[dict]:
    return [
        {"id": f"lot-{n}", "type": "premises", "address": f"{n} Abbot Ave"},
        {
            "id": f"p-{n}",
            "type": "permit",
            "kind": "house_connection",
            "number": f"HC-2025-{n:03d}",
            "premises": f"lot-{n}",
            "issued_on": issued,
            "fees_paid": True,
            **fields,
        },
    ]


def _started(n: int) -> dict:
    return {"type": "work_started", "permit": f"p-{n}", "date": "2025-03-05"}


@pytest.fixture
def contractors() -> None:
    facts = [
        BOLT,
        CANYON,
        *_permit(70, pipe_layer="ctr-bolt"),  # active: warned, the licence ends May 20
        _started(70),
        *_permit(71, "2025-04-20", pipe_layer="ctr-bolt"),  # not started: warned
        *_permit(72, pipe_layer="ctr-canyon"),  # active: nothing to warn of
        _started(72),
        *_permit(73, contractor="Acme Sewer", contractor_license_expires_on="2025-05-10"),
        _started(73),  # typed on the permit: read as before, no warning
        *_permit(74, pipe_layer="ctr-bolt"),  # finaled: nothing to warn of
        _started(74),
        {"id": "fc-74", "type": "final_certificate", "permit": "p-74", "date": "2025-04-01"},
    ]
    record_facts(raw_facts=facts, actor="clerk", why="test contractors")
    sweep(as_of=AS_OF)


def _user(client: Client, role: str | None) -> Client:
    user = User.objects.create_user(role or "nobody", f"{role}@example.org", "a-long-password")
    user.first_name, user.last_name = "Kevin", "Tsai"
    user.save()
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    client.force_login(user)
    return client


@pytest.fixture
def clerk(client) -> Client:
    return _user(client, "permit_clerk")


def _text(fragment: str) -> str:
    fragment = re.sub(r"<script.*?</script>", " ", fragment, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _row(body: str) -> str:
    """The contractor's row of a permit's page, as HTML."""
    start = body.rfind("<div", 0, body.index('class="fields__row permit-contractor"'))
    return body[start : body.index("</dd></div>", start)]


def _page(client: Client, key: str) -> str:
    response = client.get(reverse("staff:subject", args=[key]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_permits_licence_finding_reads_the_contractors_record(contractors):
    found = {
        f.subject: f
        for f in Finding.objects.filter(requirement="SEW-PIPE-LAYER-LICENSE", current=True)
    }
    assert (found["p-70"].status, found["p-70"].due) == ("due", "2025-05-20")
    assert (found["p-71"].status, found["p-71"].due) == ("due", "2025-05-20")
    assert found["p-72"].status == "met" and found["p-74"].status == "met"
    assert found["p-73"].status == "met"


def test_a_permits_page_names_its_contractor_on_record_and_warns(contractors, clerk):
    row = _row(_page(clerk, "p-70"))
    assert 'href="/subjects/ctr-bolt/"' in row
    text = _text(row)
    assert text.startswith(
        "Contractor Bolt Pipe (city business licence BL-20417, in force to May 20, 2025)"
    )
    assert "The contractor's licence: due May 20, 2025" in text
    assert (
        "Bolt Pipe's city business licence runs to 2025-05-20, and the work under "
        "permit HC-2025-070 for 70 Abbot Ave may go on after it" in text
    )
    assert "Typed on the permit" not in text
    not_started = _text(_row(_page(clerk, "p-71")))
    assert "work under permit HC-2025-071 for 71 Abbot Ave has not started" in not_started


def test_no_warning_far_from_the_end_or_once_the_work_is_finaled(contractors, clerk):
    for key, name in (("p-72", "Canyon Sewer Contractors"), ("p-74", "Bolt Pipe")):
        text = _text(_row(_page(clerk, key)))
        assert text.startswith(f"Contractor {name} (city business licence")
        assert "The contractor's licence" not in text


def test_a_permit_with_a_contractor_typed_on_it_offers_to_record_it(contractors, clerk, client):
    row = _row(_page(clerk, "p-73"))
    text = _text(row)
    assert text.startswith("Contractor Acme Sewer (city business licence to May 10, 2025)")
    assert "Typed on the permit: no contractor on record is named." in text
    assert "The contractor's licence" not in text
    link = re.search(r'href="([^"]*/record/contractor/[^"]*)"', row).group(1)
    query = parse_qs(urlparse(html.unescape(link)).query)
    assert query == {
        "near": ["p-73"],
        "name": ["Acme Sewer"],
        "license_expires_on": ["2025-05-10"],
    }
    form = clerk.get(html.unescape(link))
    assert form.status_code == 200
    body = form.content.decode()
    assert 'value="Acme Sewer"' in body and 'value="2025-05-10"' in body


def test_who_may_not_record_a_contractor_is_not_offered_the_form(contractors, client):
    auditor = _user(client, "auditor")
    row = _row(_page(auditor, "p-73"))
    assert "/record/contractor/" not in row
    assert auditor.get(reverse("web:record_new", args=["contractor"])).status_code == 403


def test_a_contractors_page_lists_the_permits_it_holds(contractors, clerk):
    body = _page(clerk, "ctr-bolt")
    start = body.rfind("<section", 0, body.index('class="contractor-permits"'))
    section = body[start : body.index("</section>", start)]
    text = _text(section)
    assert text.startswith("The 3 permits it holds")
    rows = [_text(r) for r in re.findall(r"<tr>(.*?)</tr>", section, flags=re.S)[1:]]
    assert [r.split(" ", 1)[0] for r in rows] == ["HC-2025-071", "HC-2025-070", "HC-2025-074"]
    assert rows[0].startswith("HC-2025-071 71 Abbot Ave Not started (lapses after Jun 19, 2025)")
    assert "due Bolt Pipe's city business licence runs to 2025-05-20" in rows[0]
    assert rows[1].startswith("HC-2025-070 70 Abbot Ave Active")
    assert rows[2] == "HC-2025-074 74 Abbot Ave Finaled Nothing to warn of"
    for key in ("p-70", "p-71", "p-74", "lot-70"):
        assert f'href="/subjects/{key}/"' in section
    assert "p-72" not in section and "Canyon" not in section
    canyon = _text(_page(clerk, "ctr-canyon"))
    assert "The permit it holds" in canyon
    assert "HC-2025-072 72 Abbot Ave Active Nothing to warn of" in canyon


def test_a_renewal_on_the_contractors_record_ends_every_warning_at_once(contractors, clerk):
    """The contractor's record is lent to each permit's group: a change of it
    evaluates every permit naming it again before the answer."""
    record_facts(
        raw_facts=[{**BOLT, "license_expires_on": "2026-05-20"}], actor="clerk", why="renewed"
    )
    current = Finding.objects.filter(requirement="SEW-PIPE-LAYER-LICENSE", current=True)
    assert {f.subject: f.status for f in current if f.subject in ("p-70", "p-71")} == {
        "p-70": "met"
    }
    assert "The contractor's licence" not in _text(_row(_page(clerk, "p-70")))


def test_the_permits_list_shows_and_finds_the_contractor_on_record(contractors, clerk):
    response = clerk.get(reverse("web:permits") + "?q=Bolt")
    assert response.status_code == 200
    table = response.content.decode().split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = [_text(row) for row in table.split("</tr>") if "<td" in row]
    numbers = sorted(r.split(" ", 2)[1].rstrip(",") for r in rows)
    assert numbers == ["HC-2025-070", "HC-2025-071", "HC-2025-074"]
    assert all("Bolt Pipe" in r for r in rows)
    typed = _text(clerk.get(reverse("web:permits") + "?q=Acme").content.decode())
    assert "HC-2025-073" in typed


@pytest.mark.parametrize(
    ("header", "said"),
    [
        ("es", "La licencia del contratista"),
        ("zh-TW,zh-Hant;q=0.9", "承包商的執照"),
    ],
)
def test_the_warning_reads_in_the_readers_language(contractors, header, said):
    client = _user(Client(HTTP_ACCEPT_LANGUAGE=header), "permit_clerk")
    text = _text(_row(_page(client, "p-70")))
    assert said in text
    assert "city business licence" not in text and "may go on" not in text


def test_the_permit_forms_picker_and_the_search_find_a_contractor_by_name(contractors, clerk):
    """The permit's pipe layer is picked by the contractor's name, misspelled or not,
    and the search box finds the contractor's page."""
    for typed in ("Bolt", "bolt pipe", "Bolt Pype"):
        response = clerk.get(reverse("web:pick"), {"q": typed, "types": "contractor"})
        assert response.status_code == 200
        assert [r["key"] for r in response.json()["results"]] == ["ctr-bolt"], typed
    found = _text(clerk.get(reverse("web:search"), {"q": "Canyon Sewer"}).content.decode())
    assert "Canyon Sewer Contractors" in found
