"""The jobs' writers: start a job, report its progress, end it.

Every write here is short and commits on its own: a job's progress is written in a
transaction of its own, between the job's chunks, so that reporting never holds
SQLite's write lock beside the job's work, and a page reading the progress never
waits for a chunk.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from sanitas.jobs.models import KINDS, Job, JobChunk

logger = logging.getLogger("sanitas.jobs")

#: the account the scheduler starts the nightly sweep as: it never signs in
SCHEDULER_ACCOUNT = "sanitas-scheduler"
#: progress is written at most this often (seconds), and when a job ends
PROGRESS_EVERY = 1.0
#: what each kind's progress counts (an app registering a kind adds its own,
#: ``sanitas.jobs.tasks.register_runner``)
UNITS = {"sweep": "groups", "import": "rows"}


class JobError(Exception):
    """A job that cannot be started, in words naming the field (``.problems``), in the
    language active when it is raised (the request's on a page, English elsewhere)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def jobs_dir() -> Path:
    """Where the jobs' files are kept (uploads and rejects), under the data directory."""
    from sanitas.records.keys import private_folder

    return private_folder(Path(settings.DATA_DIR) / "jobs")


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
        raise JobError(
            [
                _("kind: %(kind)s is not one of %(kinds)s")
                % {"kind": repr(kind), "kinds": ", ".join(dict(KINDS))}
            ]
        )
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
        Job.objects.filter(pk=job.pk).update(
            done=job.done, total=job.total, message=job.message, beat_at=timezone.now()
        )
    if throttle is not None:
        throttle._written = time.monotonic()
    return True


def this_process() -> str:
    """This process as a job's ``worker`` names it: host, process id and the process's
    start time (in clock ticks since boot, where the system says it), so that a
    process id the system has given again to another process is not taken for it."""
    return f"{socket.gethostname()}:{os.getpid()}:{_started(os.getpid()) or ''}"


def _started(pid: int) -> str | None:
    """When process ``pid`` started (Linux's ``/proc``), or None where unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # the command name (field 2) is in parentheses and may hold spaces
    fields = stat[stat.rindex(")") + 2 :].split()
    return fields[19] if len(fields) > 19 else None


def _alive_here(worker: str) -> bool | None:
    """Whether the process ``worker`` names is alive, when it ran on this host; None
    when it ran on another (only its sign of life can tell)."""
    host, _, rest = worker.partition(":")
    pid_text, _, started = rest.partition(":")
    if host != socket.gethostname() or not pid_text.isdigit():
        return None
    pid = int(pid_text)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        pass
    now_started = _started(pid)
    return not (started and now_started is not None and now_started != started)


def record_chunk(job: Job, chunk: Any) -> None:
    """Keep that a part of an import job was stored (a
    :class:`~sanitas.intake.imports.StoredChunk`). Called inside the transaction that
    stores the part's records, so the row is committed with them or not at all: the
    job's page counts what was stored from these rows."""
    JobChunk.objects.create(
        job=job,
        number=chunk.number,
        of=chunk.of,
        facts=chunk.facts,
        facts_through=chunk.facts_through,
        facts_total=chunk.facts_total,
        rows_through=chunk.rows_through,
        rows_total=chunk.rows_total,
        created=chunk.created,
        updated=chunk.updated,
        unchanged=chunk.unchanged,
    )


def mark_running(job: Job) -> None:
    job.state, job.started_at = "running", timezone.now()
    job.worker, job.beat_at = this_process(), job.started_at
    with transaction.atomic():
        Job.objects.filter(pk=job.pk).update(
            state=job.state, started_at=job.started_at, worker=job.worker, beat_at=job.beat_at
        )


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

    from sanitas.records.keys import private_folder

    folder = private_folder(jobs_dir() / "uploads" / secrets.token_hex(8))
    target = folder / _safe_name(upload.name)
    # the file is its owner's alone (0600), like everything in the data directory
    with os.fdopen(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as handle:
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


def kept_upload(job: Job) -> Path | None:
    """The file an import job was given, if it is still kept (never outside the jobs'
    folder)."""
    relative = str((job.params or {}).get("path", ""))
    if job.kind != "import" or not relative:
        return None
    base = jobs_dir().resolve()
    kept = (base / relative).resolve()
    return kept if base in kept.parents and kept.is_file() else None


def import_again(job: Job, *, user: AbstractBaseUser) -> Job:
    """Start the import ``job`` asked for again, from the file it kept, as ``user``: what
    it stored stays as it is (counted unchanged) and the rest is stored."""
    if kept_upload(job) is None:
        raise JobError(
            [
                _("job %(job)s: the file it imported is no longer kept; upload it again")
                % {"job": job.pk}
            ]
        )
    return start_job(kind="import", params={**job.params, "again_of": job.pk}, user=user)


#: a running job on another host with no sign of life for this long is taken for
#: one whose worker stopped (``SANITAS_JOB_LEASE_MINUTES``); on this host the worker's
#: process is asked directly
DEFAULT_LEASE_MINUTES = 30

#: what the people who started a job are told when its worker stopped, by kind (what
#: it stored, and what to do next, the job's page counts from the database itself)
_AFTER_A_STOP = {
    "sweep": "A new sweep was started in its place; what this one stored is kept.",
    "import": "What it stored is kept, in whole parts: the page counts them below.",
    "notice_batch": (
        "Each notice is served whole or not at all: the page names those served and not."
    ),
}


def lease() -> timedelta:
    return timedelta(minutes=getattr(settings, "SANITAS_JOB_LEASE_MINUTES", DEFAULT_LEASE_MINUTES))


def reap_abandoned(*, now: Any = None) -> list[Job]:
    """Jobs left running by a worker that stopped (killed, or its machine restarted)
    are marked failed, saying so, and a sweep is started again in its place (a
    sweep stores each group whole and skips what it already stored). A job is
    abandoned when its worker's process on this host is gone, or, run on another
    host, when it showed no sign of life for :func:`lease`. The failed jobs."""
    now = now or timezone.now()
    reaped = []
    for job in Job.objects.filter(state="running").select_related("started_by"):
        alive = _alive_here(job.worker)
        if alive is None:
            alive = job.beat_at is not None and now - job.beat_at < lease()
        if alive:
            continue
        with transaction.atomic():
            # taken by another reaper meanwhile: its decision stands
            if not Job.objects.filter(pk=job.pk, state="running").update(state="failed"):
                continue
            again = None
            if job.kind == "sweep":
                again = start_job(
                    kind="sweep",
                    params={**job.params, "restarted_from": job.pk},
                    user=job.started_by,
                )
            problem = (
                f"The job's worker ({_worker_words(job.worker)}) stopped while it ran. "
                f"{_AFTER_A_STOP.get(job.kind, '')}"
            ).strip()
            Job.objects.filter(pk=job.pk).update(
                finished_at=now, message=problem[:500], restarted_as=again
            )
            _fail_task(job.task_id, problem)
        logger.warning("job %s (%s) abandoned by its worker %s", job.pk, job.kind, job.worker)
        reaped.append(job)
    return reaped


def _worker_words(worker: str) -> str:
    """A job's ``worker`` as its page says it: "process 812 on host-a"."""
    host, _, rest = worker.partition(":")
    pid = rest.partition(":")[0]
    return f"process {pid} on {host}" if host and pid else "its process is not known"


def _fail_task(task_id: str, problem: str) -> None:
    """The task framework's own row of an abandoned job says it failed too, so that
    nothing anywhere shows it running."""
    if not task_id:
        return
    from django_tasks_db.models import DBTaskResult

    DBTaskResult.objects.filter(id=task_id, status="RUNNING").update(
        status="FAILED", finished_at=timezone.now(), traceback=problem
    )
