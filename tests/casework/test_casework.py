"""Cases: the findings about one subject and one requirement, assigned to a staff
member, with notes; the status is always the engine's; bulk assignment from the
worklist; who may act on cases."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.casework import selectors, services
from sanitas.casework.models import Case, Note
from sanitas.ordinance.document import read_data
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
PASSWORD = "a-long-test-password"
SUBJECT, REQUIREMENT = "jade-gi", "FOG-MIN-FREQUENCY"


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)


def _user(name: str, role: str | None = "fog_inspector") -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def _case_url(name: str = "casework:case") -> str:
    return reverse(name, kwargs={"subject": SUBJECT, "requirement": REQUIREMENT})


def _version(client) -> str:
    """The version of the case its page shows (its forms' hidden field)."""
    return client.get(_case_url()).context["note"]["version"].value()


def test_a_case_is_the_findings_of_one_subject_and_requirement(block):
    user = _user("ana")
    page = selectors.case_page(user, subject=SUBJECT, requirement=REQUIREMENT)
    stored = Finding.objects.filter(current=True, subject=SUBJECT, requirement=REQUIREMENT)
    assert {f.pk for f in page.findings} == {f.pk for f in stored}
    assert page.case is None  # nobody has acted on it yet
    assert page.requirement_title == "Interceptor pump-out frequency"
    assert page.status in {f.status for f in stored}
    assert selectors.case_page(user, subject=SUBJECT, requirement="ORG-NOTHING") is None


def test_assigning_and_taking_back_keeps_every_version_with_who(block):
    ana, ben = _user("ana"), _user("ben")
    services.assign_case(subject=SUBJECT, requirement=REQUIREMENT, assignee=ben, actor=ana)
    case = Case.objects.get(subject=SUBJECT, requirement=REQUIREMENT)
    assert case.assignee == ben and case.opened_by == "ana"
    services.assign_case(subject=SUBJECT, requirement=REQUIREMENT, assignee=None, actor=ben)
    case.refresh_from_db()
    assert case.assignee is None
    versions = list(case.history.order_by("history_date", "history_id"))
    assert [v.history_change_reason for v in versions] == [
        "opened",
        "assigned to ben",
        "unassigned",
    ]
    assert [v.history_user_id for v in versions] == [ana.pk, ana.pk, ben.pk]


def test_assigning_never_touches_the_findings(block):
    before = list(
        Finding.objects.filter(subject=SUBJECT, requirement=REQUIREMENT)
        .order_by("pk")
        .values_list("pk", "status", "due", "updated_at")
    )
    services.assign_case(
        subject=SUBJECT, requirement=REQUIREMENT, assignee=_user("ben"), actor=_user("ana")
    )
    after = list(
        Finding.objects.filter(subject=SUBJECT, requirement=REQUIREMENT)
        .order_by("pk")
        .values_list("pk", "status", "due", "updated_at")
    )
    assert after == before


def test_a_case_needs_findings_and_an_acting_role(block):
    ana = _user("ana")
    with pytest.raises(services.CaseworkError, match="no findings"):
        services.assign_case(subject="nowhere", requirement=REQUIREMENT, assignee=ana, actor=ana)
    auditor = _user("audrey", role="auditor")
    with pytest.raises(services.CaseworkError, match="not their role's work"):
        services.add_note(subject=SUBJECT, requirement=REQUIREMENT, text="x", actor=auditor)
    with pytest.raises(services.CaseworkError, match="not in a role"):
        services.assign_case(subject=SUBJECT, requirement=REQUIREMENT, assignee=auditor, actor=ana)
    assert not Case.objects.exists()


def test_the_case_page_assigns_and_takes_notes(block, client):
    ana, ben = _user("ana"), _user("ben")
    client.force_login(ana)
    response = client.post(
        _case_url("casework:assign"), {"assignee": ben.pk, "version": _version(client)}
    )
    assert response.status_code == 302
    response = client.post(
        _case_url("casework:note"), {"text": "Called the manager.", "version": _version(client)}
    )
    assert response.status_code == 302
    page = client.get(_case_url())
    content = page.content.decode()
    assert "To <strong>ben</strong>" in content
    assert "Called the manager." in content
    assert "assigned to ben" in content and "wrote a note" in content
    assert Note.objects.get().written_by == ana


def test_bad_case_input_is_a_message_beside_the_field_and_stores_nothing(block, client):
    client.force_login(_user("ana"))
    version = _version(client)
    response = client.post(_case_url("casework:note"), {"text": "   ", "version": version})
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
    response = client.post(_case_url("casework:assign"), {"assignee": "99999", "version": version})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Case.objects.exists() and not Note.objects.exists()


def test_mine_lists_my_cases_and_the_worklist_filters_by_them(block, client):
    ana = _user("ana")
    services.assign_case(subject=SUBJECT, requirement=REQUIREMENT, assignee=ana, actor=ana)
    client.force_login(ana)
    mine = client.get(reverse("casework:mine"))
    assert mine.context["rows"][0][:2] == (SUBJECT, REQUIREMENT)
    worklist = client.get(reverse("staff:worklist"), {"mine": "on"})
    shown = {(f.subject, f.requirement) for line in worklist.context["page"] for f in line.findings}
    assert shown == {(SUBJECT, REQUIREMENT)}
    assert "ana" in worklist.content.decode()  # the Assigned column


def test_bulk_assign_from_the_worklist(block, client):
    ana, ben = _user("ana"), _user("ben")
    client.force_login(ana)
    other = Finding.objects.filter(current=True).exclude(subject=SUBJECT).order_by("id").first()
    picked = [f"{SUBJECT}|{REQUIREMENT}", f"{other.subject}|{other.requirement}"]
    response = client.post(
        reverse("casework:bulk_assign"), {"obligation": picked, "assignee": ben.pk, "next": "/"}
    )
    assert response.status_code == 302 and response["Location"] == "/"
    assert set(Case.objects.filter(assignee=ben).values_list("subject", "requirement")) == {
        (SUBJECT, REQUIREMENT),
        (other.subject, other.requirement),
    }


def test_bulk_with_nothing_selected_says_so_and_stores_nothing(block, client):
    client.force_login(_user("ana"))
    response = client.post(reverse("casework:bulk_assign"), {"next": "/"}, follow=True)
    assert "Select at least one line" in response.content.decode()
    assert not Case.objects.exists()


def test_bulk_export_of_the_selected_lines(block, client):
    client.force_login(_user("ana"))
    response = client.get(
        reverse("staff:worklist"), {"obligation": f"{SUBJECT}|{REQUIREMENT}", "format": "csv"}
    )
    lines = response.content.decode("utf-8-sig").strip().splitlines()
    assert (
        len(lines) - 1
        == Finding.objects.filter(
            current=True,
            subject=SUBJECT,
            requirement=REQUIREMENT,
            status__in=("due", "overdue", "violation"),
        ).count()
    )
    assert all(REQUIREMENT in line for line in lines[1:])


def test_export_selected_posts_the_selection_and_keeps_the_token_out_of_the_address(block, client):
    """The worklist's "Export selected" button posts the bulk form: its CSRF token
    travels in the body, never in an address a proxy log or a browser history keeps."""
    from django.test import Client

    user = _user("ana")
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(user)
    page = guarded.get(reverse("staff:worklist"), {"status": "overdue"})
    html = page.content.decode()
    assert 'formmethod="post"' in html and 'formmethod="get"' not in html
    token = page.cookies["csrftoken"].value
    response = guarded.post(
        reverse("staff:worklist") + "?status=overdue",
        {
            "obligation": f"{SUBJECT}|{REQUIREMENT}",
            "format": "csv",
            "csrfmiddlewaretoken": token,
        },
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode("utf-8-sig").strip().splitlines()
    assert len(lines) > 1 and all(REQUIREMENT in line for line in lines[1:])
    # without the token the post is refused; with no line chosen it is a clear 400
    assert guarded.post(reverse("staff:worklist"), {"format": "csv"}).status_code == 403
    refused = guarded.post(
        reverse("staff:worklist"), {"format": "csv", "csrfmiddlewaretoken": token}
    )
    assert refused.status_code == 400


@pytest.mark.parametrize(
    ("language", "engine", "found"),
    [("en", "the engine", "found it "), ("es", "el motor de reglas", "lo determinó "),
     ("zh-hant", "規則引擎", "判定")],
)  # fmt: skip
def test_the_case_timeline_says_what_the_engine_found_in_the_readers_language(
    block, client, language, engine, found
):
    ana = _user("ana")
    client.force_login(ana)
    client.post(_case_url("casework:note"), {"text": "Llamé.", "version": _version(client)})
    content = client.get(_case_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert engine in content
    assert found in content
    if language != "en":
        assert "found it" not in content and "wrote a note" not in content
