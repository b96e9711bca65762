"""Two supervisors at one person's page: a change made from the page as it was before
the other's saved change is refused whole, with the other's change shown in words (who,
when, before and after) and the first person's values kept in the form; saving it again
applies it. Deactivating and reactivating carry the page's version the same way."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from sanitas.people import services
from sanitas.people.models import AccountEvent

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"


def _user(name: str, *roles: str) -> User:
    person = User.objects.create_user(
        name, f"{name}@example.org", PASSWORD, first_name=name.title(), last_name="Test"
    )
    for role in roles:
        person.groups.add(Group.objects.get_or_create(name=role)[0])
    return person


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _version(page) -> str:
    found = re.search(r'name="version" value="(\d+)"', page.content.decode())
    assert found, "the page's forms carry the account's version"
    return found.group(1)


@pytest.fixture
def two():
    grace, omar = _user("grace", "supervisor"), _user("omar", "supervisor")
    ana = _user("ana", "fog_inspector")
    return _client(grace), _client(omar), ana


def _change(client: Client, ana: User, version: str, **overrides):
    data = {
        "first_name": ana.first_name,
        "last_name": ana.last_name,
        "email": ana.email,
        "roles": ["fog_inspector"],
        "why": "",
        "version": version,
        **overrides,
    }
    return client.post(reverse("people:roles", args=[ana.pk]), data)


def test_a_change_made_from_an_older_page_is_shown_the_other_change_and_stores_nothing(two):
    grace, omar, ana = two
    page = reverse("people:person", args=[ana.pk])
    seen_by_grace = _version(grace.get(page))
    seen_by_omar = _version(omar.get(page))
    assert seen_by_grace == seen_by_omar

    done = _change(omar, ana, seen_by_omar, roles=["fog_inspector", "permit_clerk"], why="covers")
    assert done.status_code == 302
    events_before = AccountEvent.objects.count()

    refused = _change(grace, ana, seen_by_grace, last_name="Ruiz")
    assert refused.status_code == 409
    text = html.unescape(refused.content.decode())
    assert "was changed since you opened this page" in text
    assert "Omar Test" in text and "roles changed" in text and "Permit clerk" in text
    assert 'value="Ruiz"' in text  # Grace's own value is kept in the form
    ana.refresh_from_db()
    assert ana.last_name == "Test" and AccountEvent.objects.count() == events_before

    # her form is now made from the version that holds Omar's change: saving it applies hers
    again = _change(grace, ana, _version(refused), last_name="Ruiz")
    assert again.status_code == 400  # her form takes Omar's new role away: she must say why
    again = _change(grace, ana, _version(refused), last_name="Ruiz", why="not a permit clerk")
    assert again.status_code == 302
    ana.refresh_from_db()
    assert ana.last_name == "Ruiz"
    assert set(ana.groups.values_list("name", flat=True)) == {"fog_inspector"}  # as she chose


def test_a_password_set_or_an_invitation_sent_again_does_not_make_the_page_stale(two):
    grace, _, ana = two
    seen = _version(grace.get(reverse("people:person", args=[ana.pk])))
    services.set_own_password(account=ana, password="violet-harbour-7391")
    assert _change(grace, ana, seen, last_name="Ruiz").status_code == 302


def test_deactivating_from_an_older_page_is_refused_and_the_account_stays_open(two):
    grace, omar, ana = two
    page = reverse("people:person", args=[ana.pk])
    seen = _version(grace.get(page))
    assert (
        _change(omar, ana, _version(omar.get(page)), email="ana.new@example.org").status_code == 302
    )
    refused = grace.post(
        reverse("people:deactivate", args=[ana.pk]), {"why": "left the city", "version": seen}
    )
    assert refused.status_code == 409
    assert "ana.new@example.org" in html.unescape(refused.content.decode())
    ana.refresh_from_db()
    assert ana.is_active
    again = grace.post(
        reverse("people:deactivate", args=[ana.pk]),
        {"why": "left the city", "version": _version(refused)},
    )
    assert again.status_code == 302
    ana.refresh_from_db()
    assert not ana.is_active


def test_the_service_refuses_a_stale_version_naming_the_account():
    grace = _user("grace", "supervisor")
    ana = _user("ana", "fog_inspector")
    old = services.account_version(ana)
    services.change_roles(actor=grace, account_id=ana.pk, roles=["auditor"], why="moved")
    with pytest.raises(services.StaleAccount) as refused:
        services.reactivate(actor=grace, account_id=ana.pk, version=old)
    assert "'ana'" in str(refused.value) or "Ana Test" in str(refused.value)
    assert [e.action for e in refused.value.since] == [AccountEvent.ROLES_CHANGED]
