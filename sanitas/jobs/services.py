"""The jobs' writers: start a job, report its progress, end it.

Every write here is short and commits on its own: a job's progress is written in a
transaction of its own, between the job's chunks, so that reporting never holds
SQLite's write lock beside the job's work, and a page reading the progress never
waits for a chunk.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from sanitas.jobs.models import KINDS, Job

logger = logging.getLogger("sanitas.jobs")

#: the account the scheduler starts the nightly sweep as: it never signs in
SCHEDULER_ACCOUNT = "sanitas-scheduler"
#: progress is written at most this often (seconds), and when a job ends
PROGRESS_EVERY = 1.0
#: what each kind's progress counts (an app registering a kind adds its own,
#: ``sanitas.jobs.tasks.register_runner``)
UNITS = {"sweep": "groups", "import": "rows", "notice_batch": "notices"}


class JobError(Exception):
    """A job that cannot be started, in words naming the field (``.problems``)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def jobs_dir() -> Path:
    """Where the jobs' files are kept (uploads and rejects), under the data directory."""
    path = Path(settings.DATA_DIR) / "jobs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def scheduler_account() -> AbstractBaseUser:
    """The scheduler's own account (made once, inactive, with no password), so a
    nightly sweep's job names who started it as every other job does."""
    users = get_user_model().objects
    user, made = users.get_or_create(
        username=SCHEDULER_ACCOUNT, defaults={"is_active": False, "first_name": "Scheduler"}
    )
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def start_job(
    *, kind: str, params: dict[str, Any], user: AbstractBaseUser, queue: str = "default"
) -> Job:
    """Record a job and enqueue the task that runs it. The task is enqueued when the
    job's row is committed, so a worker never looks for a job that is not there."""
    from sanitas.jobs.tasks import run_job

    if kind not in dict(KINDS):
        raise JobError([f"kind: {kind!r} is not one of {', '.join(dict(KINDS))}"])
    with transaction.atomic():
        job = Job.objects.create(
            kind=kind, params=params, started_by=user, unit=UNITS.get(kind, "rows")
        )
        result = run_job.using(queue_name=queue).enqueue(job.pk)
        Job.objects.filter(pk=job.pk).update(task_id=str(result.id))
        job.task_id = str(result.id)
    logger.info("job %s (%s) started by %s", job.pk, kind, user.get_username())
    return job


class Progress:
    """A job's progress reporter: ``report_progress`` with the time of the last write
    kept, so that a job may call it for every row and writes at most once a second."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self._written = 0.0

    def __call__(self, done: int, total: int | None = None, message: str = "") -> None:
        report_progress(self.job, done=done, total=total, message=message, throttle=self)


def report_progress(
    job: Job,
    *,
    done: int,
    total: int | None = None,
    message: str = "",
    throttle: Progress | None = None,
    force: bool = False,
) -> bool:
    """Store how far ``job`` got, in a short transaction of its own (the jobs call
    it between their chunks, never inside one); with a ``throttle``, at most once
    every :data:`PROGRESS_EVERY` seconds (and always when ``done`` reaches
    ``total``). Whether it was written."""
    job.done = done
    if total is not None:
        job.total = total
    if message:
        job.message = message[:500]
    finished = job.total is not None and done >= job.total
    waiting = throttle is not None and time.monotonic() - throttle._written < PROGRESS_EVERY
    if waiting and not (force or finished):
        return False
    with transaction.atomic():
        Job.objects.filter(pk=job.pk).update(done=job.done, total=job.total, message=job.message)
    if throttle is not None:
        throttle._written = time.monotonic()
    return True


def mark_running(job: Job) -> None:
    job.state, job.started_at = "running", timezone.now()
    with transaction.atomic():
        Job.objects.filter(pk=job.pk).update(state=job.state, started_at=job.started_at)


def finish_job(job: Job, *, outcome: dict[str, Any], rejects: str = "", message: str = "") -> None:
    """The job ended: its counts and problems, and its rejects file, kept for good."""
    job.state, job.finished_at = "finished", timezone.now()
    job.outcome, job.rejects = outcome, rejects
    if job.total is None:
        job.total = job.done
    job.message = message[:500]
    with transaction.atomic():
        Job.objects.filter(pk=job.pk).update(
            state=job.state,
            finished_at=job.finished_at,
            outcome=job.outcome,
            rejects=job.rejects,
            done=job.done,
            total=job.total,
            message=job.message,
        )
    logger.info("job %s (%s) finished: %s", job.pk, job.kind, message)


def fail_job(job: Job, *, problem: str, outcome: dict[str, Any] | None = None) -> None:
    """The job could not finish: the problem in words for the people who read the
    job's page (the traceback goes to the log only)."""
    job.state, job.finished_at = "failed", timezone.now()
    job.message = problem[:500]
    job.outcome = outcome or {"problems": [problem]}
    with transaction.atomic():
        Job.objects.filter(pk=job.pk).update(
            state=job.state, finished_at=job.finished_at, message=job.message, outcome=job.outcome
        )


def start_sweep(*, user: AbstractBaseUser, full: bool = False) -> Job:
    """A sweep as of today in the city, started from its page."""
    return start_job(
        kind="sweep", params={"as_of": timezone.localdate().isoformat(), "full": full}, user=user
    )


def _safe_name(name: str) -> str:
    """An uploaded file's name as it is kept: its last part, with nothing a path
    could be made of."""
    kept = "".join(c if c.isalnum() or c in "._- " else "_" for c in Path(name).name).strip()
    return kept.lstrip(".")[:120] or "upload"


def start_import(
    *,
    upload: Any,
    user: AbstractBaseUser,
    feed: str = "",
    accept_valid: bool = False,
    why: str = "",
) -> Job:
    """Keep an uploaded file under the data directory and start the job that
    imports it as ``user`` (who the records' history names)."""
    import secrets

    folder = jobs_dir() / "uploads" / secrets.token_hex(8)
    folder.mkdir(parents=True)
    target = folder / _safe_name(upload.name)
    with target.open("wb") as handle:
        for piece in upload.chunks():
            handle.write(piece)
    params = {
        "path": str(target.relative_to(jobs_dir())),
        "name": upload.name[:200],
        "feed": feed,
        "accept_valid": accept_valid,
        "why": why,
    }
    return start_job(kind="import", params=params, user=user)
