"""One writer for every record: whichever way a pump-out arrives — the record form,
``POST /api/records``, the admin, ``sanitas import``, the uploaded import job, an
import stored in parts, the demo city, or the records service itself — its
interceptor's FOG-MIN-FREQUENCY finding is current the moment the way returns, with
no sweep in between: the overdue period met (``late``, as its due date had passed)
and the next one ``due``. The inspections and the notices write their own facts through
the same service, and their findings are current at once too."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from sanitas.ordinance.document import read_data
from sanitas.records import store
from sanitas.records.models import RECORD_MODELS, Finding, Record, SubjectGroup
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db(transaction=False)

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
PASSWORD = "a-long-test-password"
#: the pump-out that brings jade-gi's schedule up to date (the block's last was in October)
PUMP_OUT = {
    "id": "po-2025-02",
    "type": "pump_out",
    "device": "jade-gi",
    "date": "2025-02-28",
    "full": True,
    "hauler_name": "Valley Grease Haulers",
    "manifest_number": "VGH-60001",
}


@pytest.fixture
def block():
    """The city block, swept as of March 1, 2025: jade-gi is overdue for a pump-out."""
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)


def _user(name: str, role: str | None = None, *, superuser: bool = False) -> User:
    make = User.objects.create_superuser if superuser else User.objects.create_user
    user = make(name, f"{name}@example.org", PASSWORD)
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def _frequency() -> list[str]:
    """The statuses of jade-gi's current FOG-MIN-FREQUENCY findings, by period."""
    return list(
        Finding.objects.filter(requirement="FOG-MIN-FREQUENCY", subject="jade-gi", current=True)
        .order_by("period")
        .values_list("status", flat=True)
    )


def _changed_groups() -> list[str]:
    """The groups a sweep would still have to evaluate as of the worklist's day."""
    from sanitas.records.sweep import groups_to_sweep

    return groups_to_sweep(AS_OF)


def _manifest(folder: Path) -> Path:
    """The pump-out as a hauler's manifest feed (CSV)."""
    path = folder / "manifests.csv"
    path.write_text(
        "Hauler,Manifest #,Device ID,Date,Full\n"
        f"{PUMP_OUT['hauler_name']},{PUMP_OUT['manifest_number']},jade-gi,2025-02-28,yes\n"
    )
    return path


# --------------------------------------------------------------------------- the ways in


def by_service(tmp_path: Path, client: Client) -> None:
    record_facts(raw_facts=[PUMP_OUT], actor="clerk", why="manifest received")


def by_form(tmp_path: Path, client: Client) -> None:
    client.force_login(_user("maria", "fog_inspector"))
    new = reverse("web:record_new", args=["pump_out"])
    token = client.get(f"{new}?near=jade-garden").context["form"]["token"].value()
    answer = client.post(
        new,
        {
            "token": token,
            "near": "jade-garden",
            "device": "jade-gi",
            "date": "02/28/2025",
            "full": "yes",
        },
    )
    assert answer.status_code == 302, answer.content[:500]


def by_api(tmp_path: Path, client: Client) -> None:
    from sanitas.api.services import issue_api_token

    _user("api-clerk", "supervisor")
    secret = issue_api_token(
        username="api-clerk", name="test client", actor="admin", scopes=("read", "write")
    ).secret
    api = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    answer = api.post(
        "/api/records",
        {"facts": [PUMP_OUT], "why": "manifest received"},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content[:500]
    assert answer.json()["created"] == 1


def by_admin(tmp_path: Path, client: Client) -> None:
    # the admin repairs what is stored: the pump-out was entered as partial, and the
    # manifest says the interceptor was pumped full
    record_facts(raw_facts=[{**PUMP_OUT, "full": False}], actor="clerk", why="manifest")
    assert "overdue" in _frequency()
    client.force_login(_user("root", superuser=True))
    record = RECORD_MODELS["pump_out"].objects.get(key=PUMP_OUT["id"])
    skip = {f.name for f in Record._meta.concrete_fields} | {"id"}
    data = {}
    for column in type(record)._meta.concrete_fields:
        value = getattr(record, column.name)
        if column.name in skip or value is None or value is False:
            continue
        data[column.name] = "on" if value is True else str(value)
    data |= {"full": "on", "change_reason": "the manifest says pumped full"}
    url = reverse("admin:records_pumpoutrecord_change", args=[record.pk])
    answer = client.post(url, data)
    assert answer.status_code == 302, answer.content[:2000]
    record.refresh_from_db()
    assert record.full and record.recorded_by == "root"


def by_command_line(tmp_path: Path, client: Client) -> None:
    from sanitas.cli import main

    _user("clerk")
    assert main(["import", str(_manifest(tmp_path)), "--actor", "clerk"]) == 0


def by_import_job(tmp_path: Path, client: Client) -> None:
    from sanitas.jobs import services
    from sanitas.jobs.models import Job
    from sanitas.jobs.tasks import run_job

    upload = SimpleUploadedFile("manifests.csv", _manifest(tmp_path).read_bytes())
    job = services.start_import(
        upload=upload, user=_user("ines", "fog_inspector"), feed="pump-out-manifests"
    )
    run_job.call(job.pk)  # what the worker does
    job.refresh_from_db()
    assert job.state == "finished", job.message
    assert Job.objects.get(pk=job.pk).outcome["created"] == 1


def by_import_in_parts(tmp_path: Path, client: Client) -> None:
    from sanitas.intake.imports import import_file

    # the grease trap's pump-outs of five months, and jade-gi's: parts of two facts
    others = [
        {
            "id": f"po-trap-{n}",
            "type": "pump_out",
            "device": "el-sol-trap",
            "date": f"2024-{n + 7:02d}-15",
            "full": True,
        }
        for n in range(5)
    ]
    path = tmp_path / "pump-outs.json"
    path.write_text(json.dumps({"facts": [*others, PUMP_OUT]}))
    overdue_after: list[bool] = []

    def stored(chunk) -> None:  # told inside the part's transaction, once it is stored
        assert chunk.of > 1
        overdue_after.append("overdue" in _frequency())

    result = import_file(path, actor="clerk", on_stored=stored)
    assert result.ok, result.problems
    assert result.created == 6 and len(overdue_after) > 1
    # the part holding jade-gi's pump-out evaluated its group before it committed: from
    # that part on, the finding is current
    assert False in overdue_after
    first = overdue_after.index(False)
    assert not any(overdue_after[first:]) and all(overdue_after[:first])


def by_demo(tmp_path: Path, client: Client) -> None:
    from sanitas import demo

    # the demo city's recording, given one batch: the pump-out, on its own day
    at = datetime(2025, 2, 28, 16, 0)
    city = demo.DemoCity
    patched = {
        "facts": lambda self: [dict(PUMP_OUT)],
        "recording": lambda self, facts=None: [demo.Entry(at=at, why="", facts=[dict(PUMP_OUT)])],
        "acts": lambda self, entries: [],
        "enforcement": lambda self: [],
    }
    saved = {name: getattr(city, name) for name in patched}
    try:
        for name, method in patched.items():
            setattr(city, name, method)
        demo.load_demo(as_of=AS_OF)
    finally:
        for name, method in saved.items():
            setattr(city, name, method)


WAYS: dict[str, Callable[..., None]] = {
    "service": by_service,
    "form": by_form,
    "api": by_api,
    "admin": by_admin,
    "command line": by_command_line,
    "import job": by_import_job,
    "import in parts": by_import_in_parts,
    "demo": by_demo,
}


@pytest.mark.parametrize("way", list(WAYS))
def test_a_pump_out_recorded_by_any_way_makes_its_finding_current_at_once(
    way, block, tmp_path, client, monkeypatch
):
    monkeypatch.setattr(store, "STORE_CHUNK", 2)  # an import of more than two facts, in parts
    before = _frequency()
    assert before[-1] == "overdue" and _changed_groups() == []
    WAYS[way](tmp_path, client)
    # the overdue period is met (late: after its due date), and the next one is due
    assert _frequency() == [*before[:-1], "late", "due"]
    stored = RECORD_MODELS["pump_out"].objects.filter(device="jade-gi", date=date(2025, 2, 28))
    assert stored.count() == 1
    # nothing was left for a sweep: the write evaluated its group as of the worklist's day
    assert _changed_groups() == []
    assert SubjectGroup.objects.filter(swept_as_of=AS_OF).count() == SubjectGroup.objects.count()


# --------------------------------------------------------------------------- their own facts


def test_a_finished_inspection_makes_its_finding_current_at_once(block):
    from sanitas.casework import services

    ana = _user("ana", "fog_inspector")
    too_full = Finding.objects.filter(
        requirement="FOG-25-PERCENT", subject="jade-gi", period=AS_OF.isoformat(), current=True
    )
    assert not too_full.exists()
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    for step, answers in (
        ("interceptor", {"device": "jade-gi", "percent_depth": 41.7}),
        ("condition", {}),
        ("findings", {}),
    ):
        visit = services.save_step(visit=visit, step=step, answers=answers, actor=ana)
    services.sign(
        visit=visit, signer_name="Wei Chen", drawing="", refused=False, note="", actor=ana
    )
    services.finish_visit(visit=visit, actor=ana)
    # the reading of 41.7 percent is a violation (and the cleaning it calls for, due)
    assert "violation" in too_full.values_list("status", flat=True)
    assert _changed_groups() == []


def test_a_served_notice_makes_its_finding_current_at_once(block):
    from sanitas.notices import services

    overdue = Finding.objects.get(
        current=True, requirement="FOG-MIN-FREQUENCY", subject="jade-gi", status="overdue"
    )
    _user("coordinator", "fog_inspector")
    _user("supervisor", "supervisor")
    notice = services.draft_notice(finding_id=overdue.pk, actor="coordinator")
    services.approve_notice(notice_id=notice.pk, actor="supervisor")
    notice = services.serve_notice(
        notice_id=notice.pk, actor="coordinator", method="personal", served_on=AS_OF
    )
    # the notice is the engine's fact: its 30 days to comply are on the worklist at once
    answer = Finding.objects.get(current=True, subject=notice.fact_key)
    assert (answer.requirement, answer.status, answer.due) == (
        "FOG-NONCOMPLIANCE-NOTICE",
        "due",
        "2025-03-31",
    )
    assert _changed_groups() == []
