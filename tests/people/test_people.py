"""Staff accounts managed in the application: a supervisor invites a person (an e-mail
whose link sets the password), changes their roles, name and e-mail, deactivates and
reactivates; every change is an account event with who made it and why; the guard rails
hold; nobody but who may manage staff opens a Staff page or posts to one (every door as
every role is also asked by tests/access/test_doors.py)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import Group, User
from django.core import mail
from django.db import transaction
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from sanitas.access.doors import Refused
from sanitas.access.roles import ROLES
from sanitas.api.services import issue_api_token
from sanitas.people import services
from sanitas.people.models import AccountEvent, AccountEventIsKept

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"
#: what an invited person chooses (passes the validators: long, not like their name)
CHOSEN = "violet-harbour-7391"
PEOPLE_GETS = ("people:list", "people:invite", "people:person")
PEOPLE_POSTS = ("people:invite", "people:roles", "people:deactivate", "people:reactivate")


def _user(name: str, *roles: str, **extra) -> User:
    person = User.objects.create_user(
        name, f"{name}@example.org", PASSWORD, first_name=name.title(), last_name="Test", **extra
    )
    for role in roles:
        person.groups.add(Group.objects.get_or_create(name=role)[0])
    return person


def _groups(user: User) -> set[str]:
    return set(user.groups.values_list("name", flat=True))


@pytest.fixture
def supervisor() -> User:
    return _user("sup", "supervisor")


@pytest.fixture
def boss(client, supervisor) -> Client:
    client.force_login(supervisor)
    return client


@pytest.fixture
def inspector() -> User:
    return _user("ines", "fog_inspector")


def _invite(client: Client, **overrides) -> object:
    data = {
        "first_name": "Ana",
        "last_name": "Ruiz",
        "username": "aruiz",
        "email": "ana.ruiz@example.org",
        "roles": ["fog_inspector"],
        **overrides,
    }
    return client.post(reverse("people:invite"), data)


def _link(message) -> str:
    found = re.search(r"https?://\S+/accounts/set-password/\S+/", message.body)
    assert found, message.body
    return found.group(0)


def _errors_beside(content: str, field: str, *, form: str = "id") -> str:
    """The error paragraph beside ``field`` of ``form`` (its id is the field's, then
    ``_error``)."""
    found = re.search(rf'id="{form}_{field}_error"[^>]*>([^<]*)<', content)
    return html.unescape(found.group(1)).lower() if found else ""


# --------------------------------------------------------------------------- the invitation


def test_an_invitation_sends_one_email_whose_link_sets_a_password_and_lets_the_person_in(
    boss, supervisor
):
    response = _invite(boss, roles=["fog_inspector", "sb1383_coordinator"])
    ana = User.objects.get(username="aruiz")
    assert response.status_code == 302 and response["Location"] == reverse(
        "people:person", args=[ana.pk]
    )
    assert not ana.has_usable_password() and ana.is_active and not ana.is_superuser
    assert _groups(ana) == {"fog_inspector", "sb1383_coordinator"}
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ana.ruiz@example.org"]
    assert "aruiz" in message.body and "FOG inspector, SB 1383 coordinator" in message.body
    invited = AccountEvent.objects.get(account=ana)
    assert (invited.action, invited.actor) == (AccountEvent.INVITED, "sup")
    assert "Ana Ruiz (aruiz)" in invited.after and "FOG inspector" in invited.after

    # the page says so, by name and role titles
    page = boss.get(reverse("people:person", args=[ana.pk])).content.decode()
    assert "Invited Ana Ruiz (aruiz)" in page and "FOG inspector, SB 1383 coordinator" in page
    assert "has not set a password yet" in page

    # an account with no password cannot sign in yet
    person = Client()
    refused = person.post(reverse("login"), {"username": "aruiz", "password": CHOSEN})
    assert refused.status_code == 200

    link = _link(message)
    opened = person.get(link)
    assert opened.status_code == 302  # the token is kept in the session, not the address
    form = person.get(opened["Location"])
    assert form.status_code == 200 and "Set your password" in form.content.decode()
    short = person.post(opened["Location"], {"new_password1": "short", "new_password2": "short"})
    assert short.status_code == 200 and "too short" in short.content.decode()
    done = person.post(opened["Location"], {"new_password1": CHOSEN, "new_password2": CHOSEN})
    assert done["Location"] == reverse("password_reset_complete")
    assert person.get(done["Location"]).status_code == 200
    ana.refresh_from_db()
    assert ana.has_usable_password()
    set_event = AccountEvent.objects.filter(account=ana).first()
    assert (set_event.action, set_event.actor) == (AccountEvent.PASSWORD_SET, "aruiz")

    signed_in = person.post(reverse("login"), {"username": "aruiz", "password": CHOSEN})
    assert signed_in.status_code == 302
    assert person.get(reverse("staff:worklist")).status_code == 200

    # the link works once
    again = Client().get(link)
    assert again.status_code == 200 and "This link no longer works" in again.content.decode()


def test_an_invitation_refused_is_a_form_error_beside_the_field_and_stores_nothing(boss, inspector):
    before = (User.objects.count(), AccountEvent.objects.count())
    cases = [
        ({"username": "INES"}, "username", "already taken"),
        ({"email": "Ines@Example.org"}, "email", "already the e-mail of the account 'ines'"),
        ({"username": "ana ruiz"}, "username", "only letters, digits"),
        ({"roles": []}, "roles", "choose at least one role"),
        ({"roles": ["mayor"]}, "roles", "not one of the available choices"),
        ({"first_name": ""}, "first_name", "required"),
        ({"email": "not-an-address"}, "email", "valid email"),
    ]
    for overrides, field, words in cases:
        response = _invite(boss, **overrides)
        assert response.status_code == 400, overrides
        beside = _errors_beside(response.content.decode(), field)
        assert words in beside, (overrides, response.content.decode()[:200])
    assert (User.objects.count(), AccountEvent.objects.count()) == before
    assert mail.outbox == []


class _MailServerDown:
    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages) -> int:
        raise ConnectionRefusedError("connection refused by the mail server")


def test_an_invitation_that_cannot_be_sent_stores_no_account(boss):
    with override_settings(EMAIL_BACKEND=f"{__name__}._MailServerDown"):
        response = _invite(boss)
    assert response.status_code == 400
    assert "could not be sent" in _errors_beside(response.content.decode(), "email")
    assert not User.objects.filter(username="aruiz").exists()
    assert not AccountEvent.objects.exists()


def test_no_superuser_is_made_by_an_invitation(boss):
    _invite(boss, is_superuser="on", is_staff="on")
    ana = User.objects.get(username="aruiz")
    assert not ana.is_superuser and not ana.is_staff


def test_the_invitation_is_sent_again_and_to_a_changed_address(boss, supervisor):
    _invite(boss)
    ana = User.objects.get(username="aruiz")
    boss.post(reverse("people:invite"), {"again": ana.pk})
    assert len(mail.outbox) == 2 and mail.outbox[1].to == ["ana.ruiz@example.org"]
    boss.post(
        reverse("people:roles", args=[ana.pk]),
        {"first_name": "Ana", "last_name": "Ruiz", "email": "ana@city.example",
         "roles": ["fog_inspector"]},
    )  # fmt: skip
    assert len(mail.outbox) == 3 and mail.outbox[2].to == ["ana@city.example"]
    # the old link carried the old address, and no longer works
    assert "no longer works" in Client().get(_link(mail.outbox[0]), follow=True).content.decode()
    person = Client()
    opened = person.get(_link(mail.outbox[2]))
    person.post(opened["Location"], {"new_password1": CHOSEN, "new_password2": CHOSEN})
    response = boss.post(reverse("people:invite"), {"again": ana.pk}, follow=True)
    assert "has set a password already" in response.content.decode()
    assert len(mail.outbox) == 3


# --------------------------------------------------------------------------- changes


def test_a_role_change_is_an_account_event_with_its_actor_and_reason(boss, inspector):
    url = reverse("people:roles", args=[inspector.pk])
    data = {"first_name": "Ines", "last_name": "Test", "email": "ines@example.org"}
    no_reason = boss.post(url, {**data, "roles": ["fog_inspector", "supervisor"]})
    assert no_reason.status_code == 400
    assert "say why the roles change" in _errors_beside(no_reason.content.decode(), "why")
    assert _groups(inspector) == {"fog_inspector"} and not AccountEvent.objects.exists()

    response = boss.post(
        url, {**data, "roles": ["fog_inspector", "supervisor"], "why": "acting supervisor"}
    )
    assert response.status_code == 302
    assert _groups(inspector) == {"fog_inspector", "supervisor"}
    event = AccountEvent.objects.get(account=inspector)
    assert event.action == AccountEvent.ROLES_CHANGED
    assert (event.actor, event.why) == ("sup", "acting supervisor")
    assert (event.before, event.after) == ("FOG inspector", "FOG inspector, Supervisor")

    # the person's page shows it, in words
    page = boss.get(reverse("people:person", args=[inspector.pk])).content.decode()
    assert "Roles changed" in page and "acting supervisor" in page
    words = re.sub(r"<[^>]+>", " ", page.split("<main")[1])  # what is read, not the markup
    assert "FOG inspector, Supervisor" in words and "fog_inspector" not in words


def test_a_name_and_an_email_change_are_events_and_a_taken_email_is_refused(boss, inspector):
    other = _user("otto", "permit_clerk")
    url = reverse("people:roles", args=[inspector.pk])
    base = {"first_name": "Ines", "last_name": "Test", "roles": ["fog_inspector"]}
    taken = boss.post(url, {**base, "email": "OTTO@example.org"})
    assert taken.status_code == 400
    assert "'otto'" in _errors_beside(taken.content.decode(), "email")
    assert not AccountEvent.objects.exists()

    boss.post(url, {**base, "last_name": "Navarro", "email": "ines.navarro@example.org"})
    inspector.refresh_from_db()
    assert (inspector.last_name, inspector.email) == ("Navarro", "ines.navarro@example.org")
    events = {e.action: e for e in AccountEvent.objects.filter(account=inspector)}
    assert set(events) == {AccountEvent.NAME_CHANGED, AccountEvent.EMAIL_CHANGED}
    assert (events["name_changed"].before, events["name_changed"].after) == (
        "Ines Test",
        "Ines Navarro",
    )
    assert events["email_changed"].after == "ines.navarro@example.org"
    assert mail.outbox == []  # she has a password: nothing is sent
    unchanged = boss.post(
        url, {**base, "last_name": "Navarro", "email": "ines.navarro@example.org"}, follow=True
    )
    assert "Nothing changed" in unchanged.content.decode()
    assert AccountEvent.objects.filter(account=inspector).count() == 2
    assert other.email == "otto@example.org"


def test_a_deactivated_account_cannot_sign_in_and_its_api_token_answers_401(boss, inspector):
    issued = issue_api_token(username="ines", name="laptop", actor="sup")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {issued.secret}"}
    theirs = Client()
    assert (
        theirs.post(reverse("login"), {"username": "ines", "password": PASSWORD}).status_code == 302
    )
    assert theirs.get("/api/records", **auth).status_code == 200
    assert theirs.get(reverse("staff:worklist")).status_code == 200

    url = reverse("people:deactivate", args=[inspector.pk])
    no_reason = boss.post(url, {"why": " "})
    assert no_reason.status_code == 400
    assert "required" in _errors_beside(no_reason.content.decode(), "why", form="deactivate")
    inspector.refresh_from_db()
    assert inspector.is_active

    assert boss.post(url, {"why": "left the city's employ"}).status_code == 302
    inspector.refresh_from_db()
    assert not inspector.is_active
    event = AccountEvent.objects.get(account=inspector)
    assert (event.action, event.actor, event.why) == (
        AccountEvent.DEACTIVATED,
        "sup",
        "left the city's employ",
    )
    assert (event.before, event.after) == ("active", "deactivated")

    # the session they had ends; signing in again is refused; the token answers 401
    assert theirs.get(reverse("staff:worklist"))["Location"].startswith(reverse("login"))
    again = Client().post(reverse("login"), {"username": "ines", "password": PASSWORD})
    assert again.status_code == 200
    assert Client().get("/api/records", **auth).status_code == 401
    assert User.objects.filter(pk=inspector.pk).exists()  # kept, never deleted

    # listed as deactivated, and reactivated with the roles it had
    listed = boss.get(reverse("people:list"), {"active": "no"}).content.decode()
    assert "ines@example.org" in listed and "sup@example.org" not in listed
    assert boss.post(reverse("people:reactivate", args=[inspector.pk]), {}).status_code == 302
    inspector.refresh_from_db()
    assert inspector.is_active and _groups(inspector) == {"fog_inspector"}
    assert AccountEvent.objects.filter(account=inspector).first().action == "reactivated"
    assert Client().get("/api/records", **auth).status_code == 200


# --------------------------------------------------------------------------- guard rails


def test_a_supervisor_cannot_deactivate_themself_or_remove_their_own_supervisor_role(
    boss, supervisor
):
    response = boss.post(reverse("people:deactivate", args=[supervisor.pk]), {"why": "test"})
    assert response.status_code == 400
    assert "cannot deactivate your own account" in response.content.decode()
    response = boss.post(
        reverse("people:roles", args=[supervisor.pk]),
        {"first_name": "Sup", "last_name": "Test", "email": "sup@example.org",
         "roles": ["fog_inspector"], "why": "moving to the field"},
    )  # fmt: skip
    assert response.status_code == 400
    assert "cannot remove your own supervisor role" in _errors_beside(
        response.content.decode(), "roles"
    )
    supervisor.refresh_from_db()
    assert supervisor.is_active and _groups(supervisor) == {"supervisor"}
    assert not AccountEvent.objects.exists()
    # their own page offers no deactivation
    page = boss.get(reverse("people:person", args=[supervisor.pk])).content.decode()
    assert reverse("people:deactivate", args=[supervisor.pk]) not in page
    # another supervisor may
    other = Client()
    other.force_login(_user("sara", "supervisor"))
    assert other.post(reverse("people:deactivate", args=[supervisor.pk]), {"why": "retired"})[
        "Location"
    ] == reverse("people:person", args=[supervisor.pk])


def test_a_superuser_is_listed_but_not_editable_here(boss):
    root = User.objects.create_superuser("root", "root@example.org", PASSWORD)
    listed = boss.get(reverse("people:list")).content.decode()
    assert "root@example.org" in listed and "Superuser (for repairs)" in listed
    page = boss.get(reverse("people:person", args=[root.pk])).content.decode()
    assert "changed only in the admin" in page
    assert reverse("people:roles", args=[root.pk]) not in page
    for name, data in (
        ("people:deactivate", {"why": "test"}),
        ("people:roles", {"first_name": "R", "last_name": "T", "email": "root@example.org",
                          "roles": ["auditor"], "why": "test"}),
    ):  # fmt: skip
        response = boss.post(reverse(name, args=[root.pk]), data)
        assert response.status_code == 400 and "changed only in the admin" in (
            response.content.decode()
        )
    root.refresh_from_db()
    assert root.is_active and root.is_superuser and _groups(root) == set()
    assert not AccountEvent.objects.exists()


@pytest.mark.parametrize("role", [r for r in ROLES if r != "supervisor"] + ["no-role", "anonymous"])
def test_who_may_not_manage_staff_is_refused_every_page_and_post(role, inspector):
    client = Client()
    if role != "anonymous":
        client.force_login(_user("asker", *([] if role == "no-role" else [role])))
    pk = inspector.pk
    for name in PEOPLE_GETS:
        url = reverse(name, args=[pk] if name == "people:person" else [])
        response = client.get(url)
        if role == "anonymous":
            assert response["Location"].startswith(reverse("login") + "?next="), name
        else:
            assert response.status_code == 403, (name, response.status_code)
    for name in PEOPLE_POSTS:
        url = reverse(name, args=[] if name == "people:invite" else [pk])
        response = client.post(
            url, {"why": "test", "first_name": "X", "last_name": "Y", "username": "x",
                  "email": "x@example.org", "roles": ["supervisor"]},
        )  # fmt: skip
        if role == "anonymous":
            assert response["Location"].startswith(reverse("login") + "?next="), name
        else:
            assert response.status_code == 403, (name, response.status_code)
    inspector.refresh_from_db()
    assert inspector.is_active and _groups(inspector) == {"fog_inspector"}
    assert not User.objects.filter(username="x").exists()
    assert not AccountEvent.objects.exists() and mail.outbox == []


def test_the_services_ask_the_policy_again(inspector):
    auditor = _user("audrey", "auditor")
    calls = [
        lambda: services.deactivate(actor=auditor, account_id=inspector.pk, why="x"),
        lambda: services.reactivate(actor=auditor, account_id=inspector.pk),
        lambda: services.change_roles(
            actor=auditor, account_id=inspector.pk, roles=["supervisor"], why="x"
        ),
        lambda: services.invite(
            actor=auditor,
            username="x",
            first_name="X",
            last_name="Y",
            email="x@example.org",
            roles=["auditor"],
            site="http://testserver",
        ),
    ]
    for call in calls:
        with pytest.raises(Refused), transaction.atomic():
            call()
    inspector.refresh_from_db()
    assert inspector.is_active and not AccountEvent.objects.exists()


def test_a_service_problem_names_its_field(supervisor, inspector):
    with pytest.raises(services.PeopleError) as refused:
        services.change_roles(actor=supervisor, account_id=inspector.pk, roles=["x"], why="")
    assert refused.value.errors["roles"] == ["no role called 'x'"]
    assert "roles: no role called 'x'" in refused.value.problems
    with pytest.raises(services.PeopleError) as refused:
        services.deactivate(actor=supervisor, account_id=10**9, why="x")
    assert refused.value.problems == [f"account: no staff account number {10**9}"]


# --------------------------------------------------------------------------- the events are kept


def test_account_events_are_never_changed_or_deleted(supervisor, inspector):
    event = services.deactivate(actor=supervisor, account_id=inspector.pk, why="left")
    event.why = "something else"
    for attempt in (
        event.save,
        event.delete,
        lambda: AccountEvent.objects.filter(pk=event.pk).update(why="x"),
        lambda: AccountEvent.objects.filter(pk=event.pk).delete(),
    ):
        with pytest.raises(AccountEventIsKept), transaction.atomic():
            attempt()
    assert AccountEvent.objects.get(pk=event.pk).why == "left"


# --------------------------------------------------------------------------- the pages


def test_the_list_shows_names_role_titles_and_last_sign_in_and_filters(boss, supervisor):
    ines = _user("ines", "fog_inspector")
    ines.last_login = timezone.make_aware(timezone.datetime(2025, 3, 1, 18, 0))
    ines.save()
    _user("paco", "permit_clerk", is_active=False)
    page = boss.get(reverse("people:list")).content.decode()
    assert "Ines Test" in page and "FOG inspector" in page and "Mar 1, 2025, 6:00 p.m." in page
    assert "Permit clerk" in page and "Deactivated" in page
    by_role = boss.get(reverse("people:list"), {"role": "fog_inspector"}).content.decode()
    assert "ines@example.org" in by_role and "paco@example.org" not in by_role
    active = boss.get(reverse("people:list"), {"active": "yes"}).content.decode()
    assert "ines@example.org" in active and "paco@example.org" not in active
    nobody = boss.get(reverse("people:list"), {"role": "none"}).content.decode()
    assert "No account matches" in nobody


class _Fields(HTMLParser):
    """The form controls of a page and the ``for`` of its labels."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[str] = []
        self.labelled: set[str] = set()

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        if tag == "label" and attrs.get("for"):
            self.labelled.add(attrs["for"])
        if tag in ("input", "select", "textarea") and attrs.get("type") not in (
            "hidden",
            "submit",
            "search",  # the shell's search box is labelled, by a label the parser reads too
        ):
            self.controls.append(attrs.get("id") or f"<{tag} name={attrs.get('name')}>")


def test_every_field_of_the_pages_is_labelled(boss, inspector):
    for url in (
        reverse("people:list"),
        reverse("people:invite"),
        reverse("people:person", args=[inspector.pk]),
    ):
        parser = _Fields()
        parser.feed(boss.get(url).content.decode())
        assert parser.controls, url
        assert len(set(parser.controls)) == len(parser.controls), url  # one id, one field
        unlabelled = [c for c in parser.controls if c not in parser.labelled]
        assert unlabelled == [], url
    _invite(boss)
    opened = Client().get(_link(mail.outbox[0]), follow=True)
    parser = _Fields()
    parser.feed(opened.content.decode())
    assert parser.controls and all(c in parser.labelled for c in parser.controls)


def test_the_link_of_a_deactivated_account_no_longer_works(boss, supervisor):
    _invite(boss)
    ana = User.objects.get(username="aruiz")
    services.deactivate(actor=supervisor, account_id=ana.pk, why="invited by mistake")
    response = Client().get(_link(mail.outbox[0]))
    assert response.status_code == 200 and "This link no longer works" in response.content.decode()
