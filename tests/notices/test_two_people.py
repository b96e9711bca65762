"""Two people, one draft: the "Save the draft" form, the approval and the service carry
the version of the notice the page showed; one made from an older version stores
nothing and the page (409) or the API (412) says what happened since — who, when,
and field by field their change beside one's own — with the draft as it stands and
one's own change on top, to save or to leave."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.api.services import issue_api_token
from sanitas.notices.models import Notice

from .conftest import draft

pytestmark = pytest.mark.django_db
JSON = "application/json"


def _person(username: str, full: str, role: str) -> User:
    first, last = full.split()
    person = User.objects.create_user(username, f"{username}@example.org", "a-long-password-1")
    person.first_name, person.last_name = first, last
    person.save()
    person.groups.add(Group.objects.get_or_create(name=role)[0])
    return person


def _browser(person: User) -> Client:
    client = Client()
    client.force_login(person)
    return client


def _api(person: User) -> Client:
    secret = issue_api_token(
        username=person.username, name="test", actor="admin", scopes=("read", "write")
    ).secret
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}")


@pytest.fixture
def people(city):
    return {
        "lena": _person("lena", "Lena Park", "sb1383_coordinator"),
        "omar": _person("omar", "Omar Haddad", "sb1383_coordinator"),
        "sam": _person("sam", "Sam Rivera", "supervisor"),
    }


@pytest.fixture
def notice(people) -> Notice:
    return draft("ORG-COM-ENROLL", "p-casa", actor="lena")


def _text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def _edit_form(client: Client, notice: Notice) -> dict:
    """The "Save the draft" form as the page holds it."""
    response = client.get(reverse("notices:detail", args=[notice.pk]))
    assert response.status_code == 200
    return _form_data(response.context["edit_form"])


def _form_data(form) -> dict:
    data = {}
    for bound in form:
        value = bound.value()
        if value is None:
            continue
        data[bound.name] = (
            bound.field.widget.format_value(value)
            if bound.name == "was"
            else ("" if value is None else str(value))
        )
    return data


def test_two_edits_of_different_parts_both_stand_once_the_second_confirms(notice, people):
    lena, omar = _browser(people["lena"]), _browser(people["omar"])
    edit = reverse("notices:edit", args=[notice.pk])
    hers, his = _edit_form(lena, notice), _edit_form(omar, notice)
    assert hers["version"] == his["version"]
    saved = lena.post(edit, {**hers, "remarks": "Call before the visit."})
    assert saved.status_code == 302
    refused = omar.post(edit, {**his, "language": "en"})
    assert refused.status_code == 409
    notice.refresh_from_db()
    assert (notice.remarks, notice.language) == ("Call before the visit.", "es")
    page = _text(refused)
    assert "Nothing was stored: Lena Park edited this draft on" in page
    assert "after you opened it" in page
    assert "They changed Further directions and you Printed in: both can stand" in page
    lines = {line.label: line for line in refused.context["conflict"].lines}
    assert lines["Further directions"].theirs == "Call before the visit."
    assert lines["Printed in"].yours == "English" and lines["Printed in"].theirs is None
    # the form holds her remarks with his language on top, at the current version
    again = _form_data(refused.context["edit_form"])
    assert again["remarks"] == "Call before the visit." and again["language"] == "en"
    assert again["version"] != his["version"]
    assert omar.post(edit, again).status_code == 302
    notice.refresh_from_db()
    assert (notice.remarks, notice.language) == ("Call before the visit.", "en")


def test_the_same_part_changed_by_both_is_shown_and_the_first_stays(notice, people):
    lena, omar = _browser(people["lena"]), _browser(people["omar"])
    edit = reverse("notices:edit", args=[notice.pk])
    hers, his = _edit_form(lena, notice), _edit_form(omar, notice)
    lena.post(edit, {**hers, "remarks": "Bring the contract."})
    refused = omar.post(edit, {**his, "remarks": "Bring the invoice."})
    assert refused.status_code == 409
    (line,) = refused.context["conflict"].lines
    assert (line.theirs, line.yours, line.both) == (
        "Bring the contract.",
        "Bring the invoice.",
        True,
    )
    assert "You both changed Further directions: yours would replace theirs" in _text(refused)
    notice.refresh_from_db()
    assert notice.remarks == "Bring the contract."


def test_an_approval_covers_what_the_supervisor_read(notice, people):
    sam, lena = _browser(people["sam"]), _browser(people["lena"])
    read = sam.get(reverse("notices:detail", args=[notice.pk]))
    version = read.context["version"]
    assert f'name="version" value="{version}"' in read.content.decode()
    form = _edit_form(lena, notice)
    lena.post(reverse("notices:edit", args=[notice.pk]), {**form, "remarks": "Changed."})
    refused = sam.post(reverse("notices:approve", args=[notice.pk]), {"version": version})
    assert refused.status_code == 409
    page = _text(refused)
    assert "Lena Park edited this draft on" in page and "approve it if it is still right" in page
    notice.refresh_from_db()
    assert notice.state == "draft"
    again = sam.post(
        reverse("notices:approve", args=[notice.pk]), {"version": refused.context["version"]}
    )
    assert again.status_code == 302
    notice.refresh_from_db()
    assert notice.state == "approved"


def test_an_edit_made_before_an_approval_says_saving_it_asks_for_another(notice, people):
    sam, lena = _browser(people["sam"]), _browser(people["lena"])
    form = _edit_form(lena, notice)
    version = sam.get(reverse("notices:detail", args=[notice.pk])).context["version"]
    assert (
        sam.post(reverse("notices:approve", args=[notice.pk]), {"version": version}).status_code
        == 302
    )
    refused = lena.post(reverse("notices:edit", args=[notice.pk]), {**form, "remarks": "Late."})
    assert refused.status_code == 409
    page = _text(refused)
    assert "Sam Rivera approved this draft on" in page
    assert "saving yours returns the approved draft to a draft for another approval" in page
    notice.refresh_from_db()
    assert (notice.state, notice.remarks) == ("approved", "")


def test_the_api_edit_needs_the_version_and_a_stale_one_is_412(notice, people):
    lena, omar = _api(people["lena"]), _api(people["omar"])
    url = f"/api/notices/{notice.pk}"
    read = lena.get(url)
    etag = read["ETag"]
    assert etag == f'"{read.json()["version"]}"'
    missing = omar.patch(url, {"remarks": "x"}, content_type=JSON)
    assert missing.status_code == 428
    first = lena.patch(url, {"remarks": "Ring twice."}, content_type=JSON, HTTP_IF_MATCH=etag)
    assert first.status_code == 200, first.content
    assert first["ETag"] != etag
    stale = omar.patch(url, {"email": "owner@example.org"}, content_type=JSON, HTTP_IF_MATCH=etag)
    assert stale.status_code == 412
    (conflict,) = stale.json()["conflicts"]
    fields = {f["field"]: f for f in conflict["fields"]}
    assert fields["remarks"]["theirs"] == "Ring twice." and fields["remarks"]["yours"] is None
    assert fields["email"]["yours"] == "owner@example.org"
    assert conflict["current_version"] == first.json()["version"]
    assert "Lena Park edited this draft" in stale.json()["detail"][0]
    notice.refresh_from_db()
    assert notice.email == ""
    again = omar.patch(
        url, {"email": "owner@example.org"}, content_type=JSON, HTTP_IF_MATCH=first["ETag"]
    )
    assert again.status_code == 200
    notice.refresh_from_db()
    assert (notice.remarks, notice.email) == ("Ring twice.", "owner@example.org")


def test_an_api_approval_with_a_stale_version_is_412(notice, people):
    sam, lena = _api(people["sam"]), _api(people["lena"])
    url = f"/api/notices/{notice.pk}"
    etag = sam.get(url)["ETag"]
    lena.patch(url, {"remarks": "New."}, content_type=JSON, HTTP_IF_MATCH=etag)
    refused = sam.post(f"{url}/approve", HTTP_IF_MATCH=etag)
    assert refused.status_code == 412
    assert "to approve it, ask again with the version" in refused.json()["detail"][0]
    notice.refresh_from_db()
    assert notice.state == "draft"
