"""The task every job runs as, and what each kind of job does.

One django-tasks task, :func:`run_job`, takes a job's id: it reads what the job was
asked, runs the kind's runner with a progress reporter, and stores the outcome. A
runner returns its outcome (counts, problems, the rejects file) or raises; a raised
error fails the job with the problem in words (the traceback goes to the log).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from django.db import DatabaseError
from django.utils import timezone
from django.utils.translation import gettext_noop
from django_tasks import task

from sanitas.jobs import services
from sanitas.jobs.models import Job
from sanitas.jobs.words import READING_LINE, said
from sanitas.records.progress import Said

logger = logging.getLogger("sanitas.jobs")

#: a runner: the job and its progress reporter → (outcome, rejects file, message)
Runner = Callable[[Job, services.Progress], tuple[dict[str, Any], str, str]]
#: problems kept in a job's outcome (the rejects file has every row)
PROBLEMS_KEPT = 200


class JobFailed(Exception):
    """A job that ended without doing what it was asked, with its outcome."""

    def __init__(self, problem: str, outcome: dict[str, Any], rejects: str = "") -> None:
        self.problem, self.outcome, self.rejects = problem, outcome, rejects
        super().__init__(problem)


def _sweep(job: Job, progress: services.Progress) -> tuple[dict[str, Any], str, str]:
    from sanitas.records.sweep import default_workers, sweep

    params = job.params
    as_of = date.fromisoformat(params["as_of"]) if params.get("as_of") else timezone.localdate()
    full = bool(params.get("full"))
    progress(0, None, said(gettext_noop("sweeping as of %(day)s"), day=as_of))
    result = sweep(
        as_of=as_of,
        full=full,
        workers=int(params.get("workers") or default_workers()),
        progress=lambda done, total: progress(done, total),
    )
    outcome = {
        "as_of": as_of.isoformat(),
        "full": full,
        "groups": result.groups,
        "findings_created": result.findings_created,
        "findings_updated": result.findings_updated,
        "findings_closed": result.findings_closed,
    }
    message = said(
        gettext_noop(
            "%(groups)s subject groups evaluated: %(created)s findings created, "
            "%(updated)s updated, %(closed)s closed"
        ),
        groups=result.groups,
        created=result.findings_created,
        updated=result.findings_updated,
        closed=result.findings_closed,
    )
    return outcome, "", message


def _import(job: Job, progress: services.Progress) -> tuple[dict[str, Any], str, str]:
    from sanitas.intake.imports import import_file, write_rejects

    params = job.params
    path = services.jobs_dir() / params["path"]
    name = params.get("name") or path.name
    reading = said(READING_LINE, name=name)
    progress(0, None, reading)
    result = import_file(
        path,
        actor=job.started_by.get_username(),
        why=params.get("why") or f"imported from {name} (job {job.pk})",
        accept_valid=bool(params.get("accept_valid")),
        feed=params.get("feed") or None,
        progress=lambda message: progress(job.done, None, _import_line(message, reading)),
        advance=lambda done, total: progress(done, total),
        on_stored=lambda chunk: services.record_chunk(job, chunk),
    )
    shown = [line.replace(f"{path}", name, 1) for line in [*result.problems, *result.notes]]
    rejects = ""
    if result.rejected:
        written = write_rejects(result)
        if written is not None:
            rejects = str(written.relative_to(services.jobs_dir()))
    outcome = {
        "kind": result.kind,
        "rows": result.rows,
        "stored_rows": result.stored_rows,
        "rejected_rows": result.rejected_rows,
        "skipped_rows": result.skipped_rows,
        "created": result.created,
        "updated": result.updated,
        "unchanged": result.unchanged,
        "stored": result.stored,
        "problems": shown[:PROBLEMS_KEPT],
        "problem_count": len(shown),
    }
    job.done = result.rows
    if not result.stored and result.problems:
        raise JobFailed(
            said(
                gettext_noop("nothing stored: %(rejected)s of %(rows)s rows have problems"),
                rejected=result.rejected_rows,
                rows=result.rows,
            )
            if result.table is not None
            else said(gettext_noop("%(name)s could not be read"), name=name),
            outcome,
            rejects,
        )
    message = said(
        gettext_noop(
            "%(stored)s rows stored (%(created)s records created, %(updated)s updated, "
            "%(unchanged)s unchanged), %(rejected)s rejected, %(skipped)s skipped"
        ),
        stored=result.stored_rows,
        created=result.created,
        updated=result.updated,
        unchanged=result.unchanged,
        rejected=result.rejected_rows,
        skipped=result.skipped_rows,
    )
    return outcome, rejects, message


def _import_line(message: Any, reading: str) -> str:
    """A line the import said, as the job keeps it: its text and arguments, for its page
    to say in the reader's language (the file it reads by its name, not its path)."""
    if not isinstance(message, Said):
        return str(message)
    if message.text == READING_LINE:
        return reading
    return said(message.text, **dict(message.args))


RUNNERS: dict[str, Runner] = {"sweep": _sweep, "import": _import}


def register_runner(kind: str, runner: Runner, *, unit: str) -> None:
    """Let another app run its own kind of job (its ``AppConfig.ready`` calls this),
    so that the jobs app runs it without importing that app: ``kind`` must be one of
    :data:`sanitas.jobs.models.KINDS`, ``unit`` one of its ``UNITS``."""
    from sanitas.jobs.models import KINDS, UNITS

    if kind not in dict(KINDS) or unit not in dict(UNITS):
        raise ValueError(f"job kind {kind!r} or unit {unit!r} is not one the jobs app knows")
    RUNNERS[kind] = runner
    services.UNITS[kind] = unit


def describe(exc: BaseException) -> str:
    """An error as the job's page says it: words, never a traceback."""
    from sanitas.records.faults import OS_REFUSALS, cause

    if isinstance(exc, DatabaseError):
        return f"the database could not be used: {cause(exc)}"
    if isinstance(exc, OSError) and exc.strerror:
        where = f" ({Path(exc.filename).name})" if exc.filename else ""
        plain = f" ({OS_REFUSALS[exc.errno]})" if exc.errno in OS_REFUSALS else ""
        return f"a file could not be used{where}: {exc.strerror}{plain}"
    return "the job stopped on an unexpected error; it is in the server's log"


@task(queue_name="default")
def run_job(job_id: int) -> dict[str, Any]:
    """Run job ``job_id`` to its end, storing its progress and its outcome."""
    job = Job.objects.select_related("started_by").get(pk=job_id)
    if job.state != "queued":  # taken twice (a retried task): the first run stands
        return {"state": job.state}
    services.mark_running(job)
    progress = services.Progress(job)
    try:
        runner = RUNNERS.get(job.kind)
        if runner is None:
            raise JobFailed(f"no runner is installed for jobs of kind {job.kind!r}", {})
        outcome, rejects, message = runner(job, progress)
    except JobFailed as failed:
        services.fail_job(job, problem=failed.problem, outcome=failed.outcome)
        if failed.rejects:
            Job.objects.filter(pk=job.pk).update(rejects=failed.rejects)
        return {"state": "failed"}
    except Exception as exc:
        logger.exception("job %s (%s) failed", job.pk, job.kind)
        services.fail_job(job, problem=describe(exc))
        raise
    services.finish_job(job, outcome=outcome, rejects=rejects, message=message)
    return {"state": "finished"}
