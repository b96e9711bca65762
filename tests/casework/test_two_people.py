"""Two people, one case: an assignment or a note made from a version of the case that
is no longer its latest saves nothing; the page says what the other did meanwhile
(who, when, what) and offers the person's own choice or note again, at the case's
current version. A worklist line assigned since it was shown to someone else refuses
the bulk assignment, naming who has it."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.casework.models import Case, Note
from sanitas.ordinance.document import read_data
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
SUBJECT, REQUIREMENT = "jade-gi", "FOG-MIN-FREQUENCY"
CASE = reverse("casework:case", kwargs={"subject": SUBJECT, "requirement": REQUIREMENT})
ASSIGN = reverse("casework:assign", kwargs={"subject": SUBJECT, "requirement": REQUIREMENT})
NOTE = reverse("casework:note", kwargs={"subject": SUBJECT, "requirement": REQUIREMENT})


def _person(username: str, full: str) -> User:
    first, last = full.split()
    person = User.objects.create_user(username, f"{username}@example.org", "a-long-password-1")
    person.first_name, person.last_name = first, last
    person.save()
    person.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    return person


@pytest.fixture
def people():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=date(2025, 3, 1))
    return {name: _person(name, full) for name, full in [("ana", "Ana Reyes"), ("ben", "Ben Cho")]}


def _browser(person: User) -> Client:
    client = Client()
    client.force_login(person)
    return client


def _version(client: Client) -> str:
    return client.get(CASE).context["assign"]["version"].value()


def _text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def test_an_assignment_made_after_another_is_shown_it_and_saves_nothing(people):
    ana, ben = _browser(people["ana"]), _browser(people["ben"])
    hers, his = _version(ana), _version(ben)
    assert hers == his
    assert ana.post(ASSIGN, {"assignee": people["ana"].pk, "version": hers}).status_code == 302
    refused = ben.post(ASSIGN, {"assignee": people["ben"].pk, "version": his})
    assert refused.status_code == 409
    page = _text(refused)
    assert "Nothing was saved: the case changed after you opened it" in page
    assert "Ana Reyes assigned it to ana" in page
    assert "It is assigned to ana now. Your choice is below, not yet saved" in page
    assert Case.objects.get().assignee == people["ana"]
    # his choice again, at the case's version now: saved when he confirms
    form = refused.context["assign"]
    assert form["assignee"].value() == people["ben"].pk
    again = {"assignee": people["ben"].pk, "version": form["version"].value()}
    assert ben.post(ASSIGN, again).status_code == 302
    assert Case.objects.get().assignee == people["ben"]


def test_a_note_written_while_another_was_added_is_shown_it_and_kept_for_the_writer(people):
    ana, ben = _browser(people["ana"]), _browser(people["ben"])
    hers, his = _version(ana), _version(ben)
    assert ana.post(NOTE, {"text": "Manager says Friday.", "version": hers}).status_code == 302
    refused = ben.post(NOTE, {"text": "Sending the notice today.", "version": his})
    assert refused.status_code == 409
    page = _text(refused)
    assert "Ana Reyes wrote a note: “Manager says Friday.”" in page
    assert "Your note is below, not yet added" in page
    assert list(Note.objects.values_list("text", flat=True)) == ["Manager says Friday."]
    form = refused.context["note"]
    assert form["text"].value() == "Sending the notice today."
    again = {"text": form["text"].value(), "version": form["version"].value()}
    assert ben.post(NOTE, again).status_code == 302
    assert Note.objects.count() == 2


def test_a_form_without_the_case_version_saves_nothing(people):
    ana = _browser(people["ana"])
    response = ana.post(ASSIGN, {"assignee": people["ana"].pk})
    assert response.status_code == 400
    assert "does not say which version of the case" in _text(response)
    assert not Case.objects.exists()


def test_a_worklist_line_assigned_since_it_was_shown_refuses_the_bulk_assignment(people):
    ana, ben = _browser(people["ana"]), _browser(people["ben"])
    worklist = ben.get(reverse("staff:worklist"))
    shown = f"{SUBJECT}|{REQUIREMENT}|"
    assert f'name="shown" value="{shown}"' in worklist.content.decode()
    ana.post(ASSIGN, {"assignee": people["ana"].pk, "version": _version(ana)})
    response = ben.post(
        reverse("casework:bulk_assign"),
        {
            "obligation": [f"{SUBJECT}|{REQUIREMENT}"],
            "shown": [shown],
            "assignee": people["ben"].pk,
            "next": "/",
        },
        follow=True,
    )
    page = _text(response)
    assert "was assigned to ana by Ana Reyes on" in page
    assert "after the worklist showed nobody on it: nothing was assigned" in page
    assert Case.objects.get().assignee == people["ana"]
