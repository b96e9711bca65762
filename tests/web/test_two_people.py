"""Two people, two browsers, one record: a change or a void made from a version that
is no longer the record's latest stores nothing; the page shows the other person's
change beside one's own, field by field, with who and when, and offers the record as
it stands with one's own change on top — stored only when the person saves it."""

from __future__ import annotations

import html
import re
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.ordinance.document import read_data
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
PUMP_OUT = "po-2024-10"


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=date(2025, 3, 1))


def _person(username: str, first: str, last: str, role: str = "fog_inspector") -> Client:
    user = User.objects.create_user(username, f"{username}@example.org", "a-long-password-1")
    user.first_name, user.last_name = first, last
    user.save()
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def maria(block) -> Client:
    return _person("maria", "Maria", "Lopez")


@pytest.fixture
def juan(block) -> Client:
    return _person("juan", "Juan", "Ortiz")


def _open(client: Client, url: str) -> dict[str, Any]:
    """What the browser holds after opening a change form: every field as the form
    would post it (its hidden token and version included)."""
    response = client.get(url)
    assert response.status_code == 200
    return _posted(response.context["form"])


def _posted(form) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for bound in form:
        value = bound.value()
        if value is None:
            continue
        if isinstance(value, list | tuple):
            data[bound.name] = [str(v) for v in value]
        elif isinstance(value, date):
            data[bound.name] = value.strftime("%m/%d/%Y")
        else:
            data[bound.name] = str(value)
    if getattr(form, "editing", ""):
        data.pop("id", None)
    return data


def _text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def _pump_out():
    return RECORD_MODELS["pump_out"].objects.get(key=PUMP_OUT)


def _versions() -> int:
    return _pump_out().history.count()


EDIT = reverse("web:record_edit", args=[PUMP_OUT])
VOID = reverse("web:record_void", args=[PUMP_OUT])


def test_changes_of_different_fields_are_both_kept_once_the_second_person_confirms(maria, juan):
    theirs, mine = _open(maria, EDIT), _open(juan, EDIT)
    assert theirs["version"] == mine["version"] != ""
    before = _versions()
    saved = maria.post(
        EDIT, {**theirs, "hauler_name": "Foothill Pumping", "why": "hauler's letterhead"}
    )
    assert saved.status_code == 302
    refused = juan.post(EDIT, {**mine, "water_gallons": "900", "why": "manifest re-read"})
    # nothing of the second change was stored, and the first is intact
    assert refused.status_code == 409
    row = _pump_out()
    assert (row.hauler_name, row.water_gallons) == ("Foothill Pumping", 790)
    assert _versions() == before + 1
    page = _text(refused)
    assert "Nothing was stored: Maria Lopez changed this pump-out on" in page
    assert "after you opened it" in page
    assert "Maria Lopez changed “Hauler name”; you changed “Water gallons”: both can stand" in page
    assert "hauler's letterhead" in page  # why they changed it
    lines = {line.label: line for line in refused.context["conflict"].lines}
    assert (lines["Hauler name"].before, lines["Hauler name"].theirs) == (
        "Valley Grease Haulers",
        "Foothill Pumping",
    )
    assert lines["Hauler name"].yours is None
    assert (lines["Water gallons"].before, lines["Water gallons"].yours) == ("790", "900")
    assert lines["Water gallons"].theirs is None
    # the form offered holds their version with this change on top, at the new version
    again = _posted(refused.context["form"])
    assert again["hauler_name"] == "Foothill Pumping" and again["water_gallons"] in ("900", "900.0")
    assert again["version"] != mine["version"] and again["why"] == "manifest re-read"
    assert "Save my change on top of theirs" in page
    # saved: both changes stand, as two versions with their own authors
    assert juan.post(EDIT, again).status_code == 302
    row = _pump_out()
    assert (row.hauler_name, row.water_gallons) == ("Foothill Pumping", 900)
    history = list(row.history.order_by("-history_id")[:2].values_list("recorded_by", flat=True))
    assert history == ["juan", "maria"]


def test_the_same_field_changed_by_both_is_shown_and_the_first_stays_unless_replaced(maria, juan):
    theirs, mine = _open(maria, EDIT), _open(juan, EDIT)
    assert maria.post(EDIT, {**theirs, "fog_gallons": "200", "why": "scale"}).status_code == 302
    refused = juan.post(EDIT, {**mine, "fog_gallons": "185", "why": "manifest"})
    assert refused.status_code == 409
    page = _text(refused)
    assert "Maria Lopez and you both changed “FOG gallons”: yours would replace theirs" in page
    (line,) = refused.context["conflict"].lines
    assert (line.before, line.theirs, line.yours, line.both) == ("170", "200", "185", True)
    assert "both changed" in page
    # leaving it stores nothing: the first person's value stands
    assert _pump_out().fog_gallons == 200


def test_a_stale_form_submitted_twice_stores_nothing_either_time(maria, juan):
    theirs, mine = _open(maria, EDIT), _open(juan, EDIT)
    maria.post(EDIT, {**theirs, "operator_name": "A. Ruiz", "why": "signature"})
    before = _versions()
    for _ in range(2):
        response = juan.post(EDIT, {**mine, "operator_name": "R. Ortega Jr.", "why": "typo"})
        assert response.status_code == 409
    assert _versions() == before and _pump_out().operator_name == "A. Ruiz"


def test_a_void_asked_from_an_older_version_shows_the_change_and_asks_again(maria, juan):
    change, void = _open(maria, EDIT), _open(juan, VOID)
    maria.post(EDIT, {**change, "manifest_number": "VGH-57312", "why": "one digit"})
    refused = juan.post(VOID, {**void, "why": "entered twice"})
    assert refused.status_code == 409
    assert _pump_out().voided_at is None
    page = _text(refused)
    assert "Maria Lopez changed this pump-out on" in page
    assert "Maria Lopez changed “Manifest number”; voiding it now voids their version" in page
    assert "Void it anyway" in page
    again = _posted(refused.context["form"])
    assert again["version"] != void["version"] and again["why"] == "entered twice"
    assert juan.post(VOID, again).status_code == 302
    row = _pump_out()
    assert (row.voided_by, row.voided_why) == ("juan", "entered twice")


def test_a_change_made_before_the_record_was_voided_shows_who_voided_it(maria, juan):
    void, change = _open(maria, VOID), _open(juan, EDIT)
    assert maria.post(VOID, {**void, "why": "duplicate of the June one"}).status_code == 302
    refused = juan.post(EDIT, {**change, "water_gallons": "800", "why": "manifest"})
    assert refused.status_code == 409
    page = _text(refused)
    assert "Maria Lopez voided this pump-out on" in page and "duplicate of the June one" in page
    assert "A void record is not changed: nothing of yours was stored" in page
    assert "Save my change on top of theirs" not in page  # no form to put it on top
    (line,) = [line for line in refused.context["conflict"].lines if line.yours is not None]
    assert (line.label, line.yours) == ("Water gallons", "800")
    row = _pump_out()
    assert row.voided_at is not None and row.water_gallons == 790


def test_one_person_in_two_tabs_is_told_it_was_them(maria):
    first, second = _open(maria, EDIT), _open(maria, EDIT)
    maria.post(EDIT, {**first, "fog_gallons": "171", "why": "first tab"})
    refused = maria.post(EDIT, {**second, "water_gallons": "791", "why": "second tab"})
    assert refused.status_code == 409
    assert "You changed this pump-out in another window or tab on" in _text(refused)


def test_a_change_form_without_its_version_stores_nothing(juan):
    data = _open(juan, EDIT)
    del data["version"]
    before = _versions()
    response = juan.post(EDIT, {**data, "water_gallons": "1", "why": "no version"})
    assert response.status_code == 400
    assert "does not say which version of the record it was opened from" in _text(response)
    assert _versions() == before
    void = _open(juan, VOID)
    del void["version"]
    response = juan.post(VOID, {**void, "why": "no version"})
    assert response.status_code == 400 and _pump_out().voided_at is None


def test_a_change_identical_to_what_the_other_stored_is_not_a_conflict(maria, juan):
    """Nothing would be lost: the second finds the record as they would make it."""
    theirs, mine = _open(maria, EDIT), _open(juan, EDIT)
    maria.post(EDIT, {**theirs, "fog_gallons": "175", "why": "scale"})
    response = juan.post(EDIT, {**mine, "fog_gallons": "175", "why": "scale"})
    assert response.status_code == 302
    assert _pump_out().recorded_by == "maria"
