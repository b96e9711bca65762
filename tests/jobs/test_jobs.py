"""Jobs in the web process: the upload page starts an import job, its progress
endpoint, its outcome and rejects file; a failed job's words; the nightly
schedule runs a missed night once."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sanitas.jobs import schedule, selectors, services
from sanitas.jobs.models import Job, ScheduledRun
from sanitas.jobs.tasks import run_job
from sanitas.ordinance.document import read_data
from sanitas.records.models import RecordIndex
from sanitas.records.services import record_facts

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
CITY = ZoneInfo("America/Los_Angeles")
FEEDS = ROOT / "tests" / "records" / "feeds"
BLOCK = ROOT / "examples" / "city-block.yaml"


def _user(name: str, role: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")


def _manifests(bad: bool) -> bytes:
    text = (FEEDS / "pump-out-manifests.csv").read_text()
    if bad:  # a pump date that is no date
        lines = text.splitlines()
        lines[1] = lines[1].replace("2025-02-03", "someday")
        text = "\n".join(lines) + "\n"
    return text.encode()


def test_the_upload_page_starts_an_import_job_and_its_rejects_download(block, client):
    client.force_login(_user("ines", "fog_inspector"))
    page = client.get(reverse("jobs:upload"))
    assert page.status_code == 200
    assert b'type="file"' in page.content and b"hauler pump-out manifests" in page.content
    upload = SimpleUploadedFile("manifests.csv", _manifests(bad=True), content_type="text/csv")
    answer = client.post(
        reverse("jobs:upload"),
        {"file": upload, "feed": "pump-out-manifests", "accept_valid": "on", "why": "February"},
    )
    job = Job.objects.get()
    assert answer.status_code == 302 and answer["Location"] == reverse("jobs:job", args=[job.pk])
    assert job.kind == "import" and job.state == "queued" and job.task_id
    assert job.started_by.username == "ines"

    run_job.call(job.pk)  # what the worker does (tests/jobs/test_processes.py runs one)

    job.refresh_from_db()
    assert job.state == "finished", job.message
    assert job.outcome["rejected_rows"] == 1 and job.outcome["stored_rows"] >= 1
    assert any("row 2" in line and "Pump Date" in line for line in job.outcome["problems"])
    assert all(str(services.jobs_dir()) not in line for line in job.outcome["problems"])
    assert job.done == job.total == job.outcome["rows"]
    assert RecordIndex.objects.filter(key__icontains="vgh-60113").exists()

    page = client.get(reverse("jobs:job", args=[job.pk]))
    assert b"Download the rejected rows" in page.content and b"<script>" not in page.content
    rejects = client.get(reverse("jobs:rejects", args=[job.pk]))
    assert rejects.status_code == 200
    body = b"".join(rejects.streaming_content).decode()
    assert body.splitlines()[0].endswith(",problems") and "someday" in body
    assert "attachment" in rejects["Content-Disposition"]


def test_the_progress_endpoint_counts_percent_and_time_left(block, client):
    client.force_login(_user("sam", "supervisor"))
    answer = client.post(reverse("jobs:start_sweep"), {"full": "on"})
    job = Job.objects.get()
    assert answer.status_code == 302 and job.kind == "sweep" and job.params["full"] is True
    progress = client.get(reverse("jobs:progress", args=[job.pk])).json()
    assert progress["state"] == "queued" and progress["percent"] is None

    services.mark_running(job)
    services.report_progress(job, done=25, total=100, message="sweeping")
    job.refresh_from_db()
    shown = selectors.progress(job, now=job.started_at + timedelta(seconds=10))
    assert shown["percent"] == 25 and shown["counted"] == "25 of 100 subject groups"
    assert shown["seconds_left"] == 30  # 25 in 10 s: 75 more in 30 s
    assert shown["time_left"] == "30 seconds" and shown["message"] == "sweeping"
    polled = client.get(reverse("jobs:progress", args=[job.pk])).json()
    assert polled["percent"] == 25 and polled["state"] == "running" and not polled["ended"]

    run_job.call(job.pk)  # a job already running is not run twice
    job.refresh_from_db()
    assert job.state == "running"


def test_progress_writes_are_throttled(block):
    job = services.start_sweep(user=_user("sam", "supervisor"))
    reporter = services.Progress(job)
    reporter(1, 10)
    reporter(2, 10)  # within the second: not written
    assert Job.objects.get(pk=job.pk).done == 1
    reporter(10, 10)  # the end is always written
    assert Job.objects.get(pk=job.pk).done == 10


def test_a_job_that_fails_says_so_in_words_and_keeps_its_problem(block, client, caplog):
    user = _user("sam", "supervisor")
    job = services.start_job(
        kind="import", params={"path": "uploads/none/missing.csv", "name": "missing.csv"}, user=user
    )
    run_job.call(job.pk)
    job.refresh_from_db()
    assert job.state == "failed" and job.finished_at is not None
    assert "missing.csv" in job.message and "Traceback" not in job.message
    client.force_login(user)
    page = client.get(reverse("jobs:job", args=[job.pk])).content.decode()
    assert "missing.csv" in page and "Traceback" not in page and "usa-alert--error" in page

    broken = services.start_job(kind="notice_batch", params={"served_on": "no date"}, user=user)
    with pytest.raises(ValueError):
        run_job.call(broken.pk)
    broken.refresh_from_db()
    assert broken.state == "failed"
    assert broken.message == "the job stopped on an unexpected error; it is in the server's log"
    assert "job %s (%s) failed" in [r.msg for r in caplog.records]


def test_who_may_start_what(block, client):
    clerk = _user("pat", "permit_clerk")  # no feed of the sewer program
    client.force_login(clerk)
    assert client.get(reverse("jobs:upload")).status_code == 403
    assert client.post(reverse("jobs:start_sweep")).status_code == 403
    inspector = _user("ines", "fog_inspector")
    client.force_login(inspector)
    upload = SimpleUploadedFile("city.yaml", BLOCK.read_bytes())
    answer = client.post(reverse("jobs:upload"), {"file": upload, "feed": "pump-out-manifests"})
    assert answer.status_code == 400 and b"is not a feed" in answer.content
    upload = SimpleUploadedFile("haulers.csv", b"a,b\n1,2\n")
    answer = client.post(reverse("jobs:upload"), {"file": upload, "feed": "hauler-accounts"})
    assert answer.status_code == 400 and b"Select a valid choice" in answer.content  # not FOG's
    upload = SimpleUploadedFile("manifests.csv", b"a,b\n1,2\n")
    answer = client.post(reverse("jobs:upload"), {"file": upload, "feed": "pump-out-manifests"})
    assert answer.status_code == 302  # the columns are the worker's to read
    run_job.call(Job.objects.get().pk)
    assert Job.objects.get().state == "failed"
    upload = SimpleUploadedFile("notes.txt", b"hello")
    answer = client.post(reverse("jobs:upload"), {"file": upload, "feed": "pump-out-manifests"})
    assert answer.status_code == 400 and b"is not a file Sanitas imports" in answer.content
    assert b'aria-invalid="true"' in answer.content or b"usa-error-message" in answer.content
    assert Job.objects.count() == 1


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=CITY)


def test_the_scheduler_runs_a_missed_night_once(settings):
    settings.SANITAS_NIGHTLY_SWEEP_AT = "02:30"
    night = date(2026, 11, 30)
    assert schedule.run_due(_at(night, 2, 0)) is not None  # 02:00: the night before is due
    assert ScheduledRun.objects.get().night == date(2026, 11, 29)
    # the server was down the night of the 30th; it starts again at 09:00
    job = schedule.run_due(_at(night, 9, 0))
    assert job is not None and job.params == {"as_of": "2026-11-30", "nightly": True}
    assert job.started_by.username == services.SCHEDULER_ACCOUNT
    assert not job.started_by.is_active and not job.started_by.has_usable_password()
    # a second look, or a second scheduler, the same night: nothing more
    assert schedule.run_due(_at(night, 9, 1)) is None
    assert schedule.run_due(_at(night, 23, 59)) is None
    assert ScheduledRun.objects.count() == 2 and Job.objects.filter(kind="sweep").count() == 2


def test_a_time_that_is_not_one_is_named(settings):
    settings.SANITAS_NIGHTLY_SWEEP_AT = "2 am"
    with pytest.raises(ValueError, match="SANITAS_NIGHTLY_SWEEP_AT: '2 am'"):
        schedule.nightly_at()
