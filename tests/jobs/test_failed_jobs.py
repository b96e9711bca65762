"""A failed or abandoned job's page says what was stored and what was not, counted from
the database — the parts its import committed (each with its records, in the same
transaction), the notices' states, the subject groups' evaluations — never from the
job's own last message, and offers the next step: nothing to do, continue, or start
again."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError
from django.urls import reverse

from sanitas.intake import imports
from sanitas.jobs import services
from sanitas.jobs.models import Job, JobChunk
from sanitas.jobs.tasks import run_job
from sanitas.ordinance.document import read_data
from sanitas.records import store
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts

from ..conftest import ROOT
from .test_jobs import _gone_process

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"
ROWS = 2_400


def _user(name: str, role: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")


@pytest.fixture
def small_parts(monkeypatch):
    """Parts of 500 facts, so that a file of a few thousand rows is stored in several."""
    monkeypatch.setattr(store, "STORE_CHUNK", 500)


def _manifests(rows: int = ROWS) -> SimpleUploadedFile:
    lines = ["Hauler,Manifest #,Device ID,Date,Full,Operator,FOG gallons"]
    for n in range(rows):
        day = date(2024, 1 + n % 12, 1 + n % 28).isoformat()
        device = ("jade-gi", "el-sol-trap")[n % 2]
        lines.append(f"Foothill Pumping,FP-{n},{device},{day},yes,D. Kim,{n % 300}")
    return SimpleUploadedFile("manifests.csv", ("\n".join(lines) + "\n").encode())


def _text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def _pump_outs() -> int:
    return RECORD_MODELS["pump_out"].objects.filter(import_source="manifests.csv").count()


def test_an_import_that_stopped_midway_counts_its_parts_and_continues(
    block, small_parts, monkeypatch, client
):
    ines = _user("ines", "fog_inspector")
    job = services.start_import(upload=_manifests(), user=ines, feed="pump-out-manifests")
    calls = {"n": 0}
    real = store.record_facts

    def failing_on_the_third(**kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise OperationalError("disk I/O error")
        return real(**kwargs)

    monkeypatch.setattr(store, "record_facts", failing_on_the_third)
    with pytest.raises(OperationalError):
        run_job.call(job.pk)
    job.refresh_from_db()
    assert job.state == "failed" and "the database could not be used" in job.message
    parts = list(JobChunk.objects.filter(job=job).values_list("number", "of", "facts_through"))
    assert parts == [(1, 5, 500), (2, 5, 1000)]
    assert _pump_outs() == 1000  # exactly what the parts say
    client.force_login(ines)
    page = client.get(reverse("jobs:job", args=[job.pk]))
    assert page.context["account"].next_step == "continue"
    text = _text(page)
    assert "What was stored" in text
    assert "2 of 5 parts: 1,000 of 2,400 records (1,000 created, 0 changed" in text
    assert "Not stored 3 parts: 1,400 records." in text
    assert "Import the same file again to store the rest" in text
    assert "Continue: import the rest" in text
    # continuing stores the rest, and leaves what was stored as it was
    monkeypatch.setattr(store, "record_facts", real)
    answer = client.post(reverse("jobs:again", args=[job.pk]))
    again = Job.objects.exclude(pk=job.pk).get()
    assert answer["Location"] == reverse("jobs:job", args=[again.pk])
    assert again.params["again_of"] == job.pk and again.params["path"] == job.params["path"]
    run_job.call(again.pk)
    again.refresh_from_db()
    assert again.state == "finished", again.message
    assert (again.outcome["created"], again.outcome["unchanged"]) == (1400, 1000)
    assert _pump_outs() == ROWS
    # the first job's page now points to the one that finished it
    page = _text(client.get(reverse("jobs:job", args=[job.pk])))
    assert f"It was imported again as job {again.pk}, which is finished" in page
    assert "Continue: import the rest" not in page


def test_an_import_abandoned_after_its_last_part_says_nothing_is_left_to_do(
    block, small_parts, client
):
    """The worker was killed after the import's last part committed and before the job
    was marked finished: every row is stored, and the page says so."""
    ines = _user("ines", "fog_inspector")
    job = services.start_import(upload=_manifests(), user=ines, feed="pump-out-manifests")
    path = services.jobs_dir() / job.params["path"]
    imports.import_file(
        path, actor="ines", on_stored=lambda chunk: services.record_chunk(job, chunk)
    )
    Job.objects.filter(pk=job.pk).update(
        state="running", worker=_gone_process(), message="storing facts 2,001 to 2,400"
    )
    assert [j.pk for j in services.reap_abandoned()] == [job.pk]
    client.force_login(ines)
    page = client.get(reverse("jobs:job", args=[job.pk]))
    assert page.context["account"].next_step == "nothing"
    text = _text(page)
    assert "Everything: 5 of 5 parts: 2,400 of 2,400 records" in text
    assert "2,400 of 2,400 rows whole" in text
    assert "Nothing to do: the file is stored whole." in text
    assert "upload the file again" not in text.lower()
    assert "Continue" not in text and "Import the file again" not in text


def test_an_import_that_stored_nothing_says_so_and_offers_to_start_again(block, client):
    ines = _user("ines", "fog_inspector")
    job = services.start_import(upload=_manifests(20), user=ines, feed="pump-out-manifests")
    Job.objects.filter(pk=job.pk).update(state="running", worker=_gone_process())
    services.reap_abandoned()
    client.force_login(ines)
    page = client.get(reverse("jobs:job", args=[job.pk]))
    assert page.context["account"].next_step == "again"
    text = _text(page)
    assert "Stored Nothing: no record was created or changed." in text
    assert "Import the file again: nothing of it is stored yet." in text
    assert "Import the file again" in text
    assert _pump_outs() == 0


def test_a_notice_batch_abandoned_midway_names_the_notices_served_and_not(client):
    from sanitas.notices import batch
    from sanitas.notices import services as notices
    from sanitas.records.sweep import sweep
    from tests.notices.conftest import FACTS, finding

    record_facts(raw_facts=FACTS, actor="clerk", why="test city")
    sweep(as_of=date(2025, 3, 3))
    coord = _user("coord", "supervisor")
    drafted = [
        notices.draft_notice(finding_id=finding(req, subject).pk, actor="someone")
        for req, subject in [("ORG-COM-ENROLL", "p-casa"), ("FOG-MIN-FREQUENCY", "gi-pho")]
    ]
    for notice in drafted:
        if notice.state == "draft" and notices.requires_approval(notice.kind, date(2025, 3, 3)):
            notices.approve_notice(notice_id=notice.pk, actor="coord")
    job = batch.start_notice_batch(
        user=coord,
        notice_ids=[n.pk for n in drafted],
        served_on=date(2025, 3, 3),
        method="first_class_mail",
    )
    # the worker served the first, then was killed
    notices.serve_notice(
        notice_id=drafted[0].pk,
        actor="coord",
        method="first_class_mail",
        served_on=date(2025, 3, 3),
    )
    Job.objects.filter(pk=job.pk).update(state="running", worker=_gone_process())
    services.reap_abandoned()
    # the FOG inspector reads the page and serves the FOG notice left
    client.force_login(_user("ines", "fog_inspector"))
    page = client.get(reverse("jobs:job", args=[job.pk]))
    account = page.context["account"]
    assert account.next_step == "continue" and [n.pk for n in account.unserved] == [drafted[1].pk]
    text = _text(page)
    served_code, rest_code = drafted[0].code, drafted[1].code
    assert f"1 of 2 notices served, each whole: {served_code}" in text
    assert f"1 not served, and untouched: {rest_code}" in text
    assert "Serve the 1 not served" in text
    # the button serves the rest as a new batch, on the same day by the same method
    answer = client.post(
        reverse("notices:serve_batch"),
        {"notices": [drafted[1].pk], "served_on": "2025-03-03", "method": "first_class_mail"},
    )
    rest = Job.objects.filter(kind="notice_batch").exclude(pk=job.pk).get()
    assert answer["Location"] == reverse("jobs:job", args=[rest.pk])
    run_job.call(rest.pk)
    rest.refresh_from_db()
    assert rest.state == "finished" and rest.outcome["served"] == 1
    page = client.get(reverse("jobs:job", args=[job.pk]))
    assert page.context["account"].next_step == "nothing"


def test_an_abandoned_sweep_counts_the_groups_evaluated_and_points_to_its_successor(block, client):
    from sanitas.records.sweep import sweep

    sam = _user("sam", "fog_inspector")
    job = services.start_job(kind="sweep", params={"as_of": "2025-03-01", "full": True}, user=sam)
    Job.objects.filter(pk=job.pk).update(
        state="running", worker=_gone_process(), started_at=job.created_at
    )
    sweep(as_of=date(2025, 3, 1), full=True)  # what it stored before its worker stopped
    (reaped,) = services.reap_abandoned()
    reaped.refresh_from_db()
    client.force_login(sam)
    page = client.get(reverse("jobs:job", args=[job.pk]))
    account = page.context["account"]
    assert account.next_step == "nothing"
    text = _text(page)
    assert re.search(r"Stored (\d+) of \1 subject groups evaluated as of 2025-03-01", text), text
    assert f"The sweep started in its place (job {reaped.restarted_as_id}) is queued" in text
    assert "Nothing to do: it carries on where this one stopped." in text
