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
from django.utils import timezone

from sanitas.jobs import schedule, selectors, services
from sanitas.jobs.models import Job, ScheduledRun
from sanitas.jobs.tasks import run_job
from sanitas.ordinance.document import read_data
from sanitas.records.models import RecordIndex
from sanitas.records.services import record_facts

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
CITY = ZoneInfo("America/Los_Angeles")
FEEDS = ROOT / "tests" / "intake" / "feeds"
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


def _gone_process() -> str:
    """The ``worker`` of a process of this host that has ended (as a kill -9 leaves it)."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        alive = f"{services.socket.gethostname()}:{child.pid}:{services._started(child.pid)}"
    finally:
        child.kill()
        child.wait()
    return alive


def _running(kind: str, *, worker: str, beat_at: datetime | None, user: User) -> Job:
    return Job.objects.create(
        kind=kind,
        params={"as_of": "2026-11-30", "nightly": True} if kind == "sweep" else {"feed": "x"},
        started_by=user,
        state="running",
        started_at=beat_at,
        worker=worker,
        beat_at=beat_at,
    )


def test_a_job_whose_worker_stopped_is_failed_in_words_and_a_sweep_starts_again(block, settings):
    settings.SANITAS_JOB_LEASE_MINUTES = 30
    user = _user("sam", "supervisor")
    now = timezone.now()
    dead_sweep = _running("sweep", worker=_gone_process(), beat_at=now, user=user)
    dead_import = _running("import", worker=_gone_process(), beat_at=now, user=user)
    here = _running("sweep", worker=services.this_process(), beat_at=now, user=user)
    # on another host only the sign of life tells: one quiet past the lease, one fresh
    hour_ago, minutes_ago = now - timedelta(hours=1), now - timedelta(minutes=5)
    quiet = _running("import", worker="elsewhere:41:7", beat_at=hour_ago, user=user)
    fresh = _running("import", worker="elsewhere:42:7", beat_at=minutes_ago, user=user)
    # a pid the system has given again to another process is not the worker's
    reused = services.this_process().rsplit(":", 1)[0] + ":1"
    recycled = _running("import", worker=reused, beat_at=now, user=user)

    reaped = services.reap_abandoned(now=now)

    assert {job.pk for job in reaped} == {dead_sweep.pk, dead_import.pk, quiet.pk, recycled.pk}
    for job in (here, fresh):
        job.refresh_from_db()
        assert job.state == "running" and job.restarted_as is None
    dead_sweep.refresh_from_db()
    assert dead_sweep.state == "failed" and dead_sweep.finished_at == now
    assert "stopped while it ran" in dead_sweep.message
    assert "A new sweep was started in its place" in dead_sweep.message
    again = dead_sweep.restarted_as
    assert again.kind == "sweep" and again.state == "queued" and again.started_by == user
    assert again.params == {"as_of": "2026-11-30", "nightly": True, "restarted_from": dead_sweep.pk}
    dead_import.refresh_from_db()
    assert dead_import.state == "failed" and dead_import.restarted_as is None
    assert "What it stored is kept" in dead_import.message
    assert dead_import.message.startswith("The job's worker (process ")
    # a second look finds nothing more to do
    assert services.reap_abandoned(now=now) == []
    # the sweep started again runs as any job does
    run_job.call(again.pk)
    again.refresh_from_db()
    assert again.state == "finished"


def test_the_job_page_says_what_took_an_abandoned_jobs_place(block, client):
    user = _user("sam", "supervisor")
    job = _running("sweep", worker=_gone_process(), beat_at=timezone.now(), user=user)
    services.reap_abandoned()
    job.refresh_from_db()
    client.force_login(user)
    page = client.get(reverse("jobs:job", args=[job.pk])).content.decode()
    assert "stopped while it ran" in page
    assert reverse("jobs:job", args=[job.restarted_as.pk]) in page


def test_progress_is_a_sign_of_life(block):
    user = _user("sam", "supervisor")
    job = _running("import", worker="elsewhere:1:1", beat_at=None, user=user)
    services.report_progress(job, done=5, total=10)
    job.refresh_from_db()
    assert job.beat_at is not None and job.done == 5


def test_the_job_page_writes_its_outcome_in_words(block, client):
    client.force_login(_user("sam", "supervisor"))
    client.post(reverse("jobs:start_sweep"), {"full": "on"})
    job = Job.objects.get()
    run_job.call(job.pk)
    job.refresh_from_db()
    assert job.state == "finished", job.message
    day = date.fromisoformat(job.outcome["as_of"])
    words = f"{day:%b} {day.day}, {day.year}"
    lines = dict(selectors.outcome_lines(job))
    assert lines["As of"] == words
    assert lines["Sweep"] == "Full: every subject group"
    assert lines["Subject groups evaluated"] == f"{job.outcome['groups']:,}"
    assert lines["Findings created"] == f"{job.outcome['findings_created']:,}"
    page = client.get(reverse("jobs:job", args=[job.pk])).content.decode()
    assert f'<th scope="row">As of</th><td>{words}</td>' in page
    assert "Asof" not in page and f"{day.isoformat()}</td>" not in page
    # a figure with no words of its own is written from its name
    job.outcome = {**job.outcome, "rows_kept_aside": 1200}
    assert ("Rows kept aside", "1,200") in selectors.outcome_lines(job)
    job.outcome = {**job.outcome, "full": False}
    assert ("Sweep", "Incremental: the groups that changed") in selectors.outcome_lines(job)
