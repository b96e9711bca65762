"""One timeline per business or premises: every record and version with who and
why, the findings' status changes, the cases' assignments and notes, newest first;
a closed account still named; the acting account's id in every version the
services keep (web, CLI and set-based writes alike)."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape
from django.utils.text import capfirst

from sanitas.casework import services as casework
from sanitas.cli import main
from sanitas.ordinance.document import read_data
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts, void_record
from sanitas.records.sweep import sweep
from sanitas.web import timeline as timelines

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
FACTS = read_data(BLOCK)["facts"]
JADE_GI = next(f for f in FACTS if f.get("id") == "jade-gi")
PUMP_OUT = next(f for f in FACTS if f.get("id") == "po-2024-10")


def _user(name: str, first: str, last: str, role: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "a-long-test-password")
    user.first_name, user.last_name = first, last
    user.save()
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def people():
    return _user("ana", "Ana", "Reyes", "supervisor"), _user(
        "maria", "Maria", "Lopez", "fog_inspector"
    )


@pytest.fixture
def story(people):
    """Jade Garden's story: surveyed by Ana, its interceptor re-measured and a
    pump-out voided by Maria, a case assigned to Maria who notes a call; the rules
    evaluated as of 2025-03-01 and again a year later."""
    ana, maria = people
    record_facts(raw_facts=FACTS, actor=ana, why="block survey")
    sweep(as_of=date(2025, 3, 1))
    record_facts(
        raw_facts=[{**JADE_GI, "capacity_gallons": 1500}], actor="maria", why="measured on site"
    )
    void_record(key="po-2024-06", actor=maria, why="entered twice")
    casework.assign_case(
        subject="jade-gi", requirement="FOG-MIN-FREQUENCY", assignee=maria, actor=ana
    )
    casework.add_note(
        subject="jade-gi", requirement="FOG-MIN-FREQUENCY", text="Called the owner", actor=maria
    )
    sweep(as_of=date(2026, 3, 1))
    return ana, maria


def _entries(user, key: str, only=()) -> list[timelines.Entry]:
    found = timelines.timeline(user, key=key, only=only, per_page=10_000)
    assert found is not None
    return list(found.page)


def _one(entries, **wanted) -> timelines.Entry:
    hits = [
        e
        for e in entries
        if all(
            (getattr(e, k).key if k == "record" else getattr(e, k)) == v for k, v in wanted.items()
        )
    ]
    assert len(hits) == 1, (wanted, [(e.text, e.who) for e in entries][:40])
    return hits[0]


def test_records_created_changed_and_voided_with_who_and_why(story):
    ana, _maria = story
    entries = _entries(ana, "jade-garden")
    recorded = _one(entries, record="po-2024-10", kind="records")
    assert (recorded.what, recorded.who, recorded.why) == (
        "Pump-out recorded",
        "Ana Reyes",
        "block survey",
    )
    changed = _one(entries, record="jade-gi", what="capacity gallons changed 1,000 → 1,500")
    assert (changed.who, changed.why) == ("Maria Lopez", "measured on site")
    assert changed.text.startswith("Grease interceptor, 1,500 gal")
    voided = _one(entries, record="po-2024-06", what="Pump-out voided")
    assert (voided.who, voided.why) == ("Maria Lopez", "entered twice")
    # the business's premises is on it; another business's records are not
    assert any(e.record and e.record.key == "lot-101" for e in entries)
    assert not any(e.record and e.record.key.startswith("el-sol") for e in entries)


def test_findings_status_changes_and_casework_in_date_order(story):
    ana, _maria = story
    entries = _entries(ana, "jade-garden")
    assert [e.at for e in entries] == sorted((e.at for e in entries), reverse=True)
    found = [e for e in entries if e.kind == "findings" and e.requirement == "FOG-MIN-FREQUENCY"]
    assert found and found[-1].what.startswith("found ")
    assert found[-1].who == timelines.EVALUATION and found[-1].why
    assert any(e.what.startswith("became ") for e in entries if e.kind == "findings")
    assigned = _one(entries, what="Case assigned to Maria Lopez")
    assert assigned.who == "Ana Reyes" and assigned.record.key == "jade-gi"
    assert assigned.link == reverse("casework:case", args=["jade-gi", "FOG-MIN-FREQUENCY"])
    note = _one(entries, what="Note: Called the owner")
    assert note.who == "Maria Lopez"
    # the note came after the assignment, which came after the survey
    survey = _one(entries, record="jade-garden", kind="records")
    assert entries.index(note) < entries.index(assigned) < entries.index(survey)


def test_a_closed_account_is_still_named(story):
    ana, maria = story
    maria.is_active = False
    maria.save()
    entries = _entries(ana, "jade-garden")
    assert _one(entries, what="Note: Called the owner").who == "Maria Lopez"
    assert _one(entries, record="po-2024-06", what="Pump-out voided").who == "Maria Lopez"


def test_the_timeline_filters_by_kind_and_a_premises_has_its_businesses(story):
    ana, _maria = story
    cases = _entries(ana, "jade-garden", only=["cases"])
    assert cases and {e.kind for e in cases} == {"cases"}
    premises = _entries(ana, "lot-101")
    assert any(e.record and e.record.key == "jade-gi" for e in premises)
    assert timelines.timeline(ana, key="jade-gi") is None  # a device has no timeline of its own


def test_a_sources_kind_is_registered_once():
    with pytest.raises(ValueError):
        timelines.register(timelines.Source("records", "again", lambda scope: []))


def test_the_timeline_costs_the_same_queries_however_many_pump_outs(story):
    ana, _maria = story

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            timelines.timeline(ana, key="jade-garden")
        return len(captured)

    before = queries()
    record_facts(
        raw_facts=[
            {**PUMP_OUT, "id": f"po-{n}", "date": f"2023-{n:02d}-01", "manifest_number": f"M-{n}"}
            for n in range(1, 13)
        ],
        actor=ana,
        why="old manifests",
    )
    assert queries() == before


def test_the_pages_show_the_timeline(story, client):
    _ana, maria = story
    client.force_login(maria)
    page = client.get(reverse("web:timeline", args=["jade-garden"]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Case assigned to Maria Lopez" in html and "Why: entered twice" in html
    records = client.get(reverse("web:timeline", args=["jade-garden"]), {"kind": "records"})
    assert "Pump-out recorded" in records.content.decode()
    cases = client.get(reverse("web:timeline", args=["jade-garden"]), {"kind": "cases"})
    assert "Pump-out recorded" not in cases.content.decode()
    assert "Case assigned to Maria Lopez" in cases.content.decode()
    assert client.get(reverse("web:timeline", args=["jade-gi"])).status_code == 404
    business = client.get(reverse("web:business", args=["jade-garden"])).content.decode()
    assert reverse("web:timeline", args=["jade-garden"]) in business
    newest = next(iter(timelines.timeline(maria, key="jade-garden").page))
    assert escape(capfirst(newest.what)) in business  # the newest entries lead the page


# --------------------------------------------------------------------------- the actor


def _versions(fact_type: str, key: str) -> list:
    return list(
        RECORD_MODELS[fact_type].history.filter(key=key).order_by("history_date", "history_id")
    )


def test_every_version_the_services_keep_carries_the_account(people):
    ana, maria = people
    record_facts(raw_facts=FACTS, actor=ana, why="block survey")  # set-based inserts
    record_facts(raw_facts=[{**JADE_GI, "compartments": 3}], actor="maria", why="recounted")
    void_record(key="po-2024-06", actor=maria, why="entered twice")
    assert [v.history_user_id for v in _versions("device", "jade-gi")] == [ana.pk, maria.pk]
    assert [v.history_user_id for v in _versions("pump_out", "po-2024-06")] == [ana.pk, maria.pk]
    # a process, or a name no active account has, is kept by name only
    record_facts(raw_facts=[{**JADE_GI, "compartments": 2}], actor="bench")
    assert _versions("device", "jade-gi")[-1].history_user_id is None
    maria.is_active = False
    maria.save()
    record_facts(raw_facts=[{**JADE_GI, "compartments": 4}], actor="maria")
    assert _versions("device", "jade-gi")[-1].history_user_id is None


def test_a_write_through_the_admin_keeps_the_signed_in_account(people, admin_client):
    record_facts(raw_facts=FACTS, actor="clerk", why="block survey")
    from sanitas.records.models import PumpOutRecord

    admin = User.objects.get(username="admin")

    changelist = reverse("admin:records_pumpoutrecord_changelist")
    record = PumpOutRecord.objects.get(key="po-2024-06")
    response = admin_client.post(
        changelist,
        {
            "action": "void_selected",
            "_selected_action": [record.pk],
            "confirm": "1",
            "why": "entered twice",
        },
    )
    assert response.status_code in (200, 302)
    assert _versions("pump_out", "po-2024-06")[-1].history_user_id == admin.pk


def test_the_cli_acts_as_an_active_account_and_refuses_any_other_name(people, capsys):
    _ana, maria = people
    assert main(["import", str(BLOCK), "--actor", "maria", "--why", "from the file"]) == 0
    assert _versions("device", "jade-gi")[0].history_user_id == maria.pk
    assert main(["import", str(BLOCK), "--actor", "nobody"]) == 2
    assert "'nobody' is not the user name of an active account" in capsys.readouterr().err
    maria.is_active = False
    maria.save()
    assert main(["import", str(BLOCK), "--actor", "maria"]) == 2


def test_users_are_deactivated_never_deleted(people, admin_client):
    from sanitas.records.accounts import UserDeletionRefused

    ana, _maria = people
    with pytest.raises(UserDeletionRefused), transaction.atomic():
        ana.delete()
    assert User.objects.filter(pk=ana.pk).exists()
    delete = reverse("admin:auth_user_delete", args=[ana.pk])
    assert admin_client.get(delete).status_code == 403
