"""The jobs' readers for the pages: the list, one job and its progress, and who may
start which job."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from sanitas.access.policy import About, allows
from sanitas.jobs.models import Job

#: a feed → the programs whose staff import it; a feed none names (business
#: licences, which every program reads) and facts files are a supervisor's
FEED_PROGRAMS: dict[str, tuple[str, ...]] = {
    "pump-out-manifests": ("fog",),
    "hauler-accounts": ("solid_waste", "sb1383"),
    "food-recovery-pounds": ("sb1383",),
}


def may_import(user: Any, feed: str) -> bool:
    """May ``user`` upload an import of ``feed``: the access policy's ``imports.upload``
    for the feed's programs (a feed no program names, and facts files, span programs:
    a supervisor's)."""
    return allows(user, "imports.upload", About(programs=FEED_PROGRAMS.get(feed, ())))


def jobs(
    *,
    kind: str = "",
    state: str = "",
    started_by: Any = None,
    params: dict[str, str] | None = None,
    limit: int = 200,
) -> QuerySet[Job]:
    """Jobs, newest first, filtered (``params``: what they were asked, e.g. which
    report a report job built)."""
    found = Job.objects.select_related("started_by").order_by("-created_at", "-id")
    for name, value in (params or {}).items():
        found = found.filter(**{f"params__{name}": value})
    if kind:
        found = found.filter(kind=kind)
    if state:
        found = found.filter(state=state)
    if started_by is not None:
        found = found.filter(started_by=started_by)
    return found[:limit]


def job(pk: int) -> Job | None:
    return Job.objects.select_related("started_by").filter(pk=pk).first()


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def progress(found: Job, *, now: Any = None) -> dict[str, Any]:
    """How far a job got, for its page and its progress endpoint: counts, the
    percent, and the time left estimated from its rate so far."""
    now = now or timezone.now()
    unit = found.get_unit_display()
    percent = None
    if found.total:
        percent = min(100, int(found.done * 100 / found.total))
    elif found.state == "finished":
        percent = 100
    left = None
    if found.state == "running" and found.started_at and found.total and found.done:
        elapsed = (now - found.started_at).total_seconds()
        remaining = max(0, found.total - found.done)
        left = elapsed / found.done * remaining
    if found.total is not None:
        counted = f"{found.done:,} of {found.total:,} {unit}"
    elif found.done:
        counted = f"{found.done:,} {unit}"
    else:
        counted = ""
    ended = found.state in ("finished", "failed")
    took = None
    if found.started_at and found.finished_at:
        took = _duration((found.finished_at - found.started_at).total_seconds())
    return {
        "id": found.pk,
        "state": found.state,
        "state_label": found.get_state_display(),
        "done": found.done,
        "total": found.total,
        "unit": unit,
        "counted": counted,
        "percent": percent,
        "seconds_left": None if left is None else round(left),
        "time_left": None if left is None else _duration(left),
        "took": took,
        "message": found.message,
        "ended": ended,
    }


def recent_nightly(days: int = 7) -> list[Any]:
    from sanitas.jobs.models import ScheduledRun

    since = timezone.localdate() - timedelta(days=days)
    return list(ScheduledRun.objects.filter(night__gte=since).select_related("job"))


def rejects_file(job: Job) -> Path | None:
    """The job's rejects file, if it has one still on disk, never outside the jobs'
    folder."""
    if not job.rejects:
        return None
    from sanitas.jobs.services import jobs_dir

    base = jobs_dir().resolve()
    path = (base / job.rejects).resolve()
    if base not in path.parents or not path.is_file():
        return None
    return path


#: the words for a job's outcome figures; a key not named here is written from its
#: name ("stored_rows" as "Stored rows")
OUTCOME_LABELS = {
    "as_of": "As of",
    "full": "Sweep",
    "groups": "Subject groups evaluated",
    "findings_created": "Findings created",
    "findings_updated": "Findings updated",
    "findings_closed": "Findings closed",
    "kind": "Kind of file",
    "rows": "Rows",
    "stored_rows": "Rows stored",
    "rejected_rows": "Rows rejected",
    "skipped_rows": "Rows skipped",
    "created": "Records created",
    "updated": "Records updated",
    "unchanged": "Records unchanged",
    "stored": "Stored",
    "served": "Notices served",
    "refused": "Notices refused",
    "report": "Report",
    "period": "Period",
    "subject_groups": "Subject groups",
    "figures": "Figures",
}
#: outcome entries whose values have words of their own
_CHOICES = {
    "full": {True: "Full: every subject group", False: "Incremental: the groups that changed"}
}
#: outcome entries shown in their own places on the job's page, not as figures
_NOT_FIGURES = frozenset({"problems", "sections", "files", "folder"})


def outcome_lines(found: Job) -> list[tuple[str, str]]:
    """A job's outcome as the page shows it: each figure's words and its value for
    people (dates written out, yes or no, numbers with their thousands)."""
    from sanitas.web.templatetags.web_tags import people_date

    lines = []
    for name, value in (found.outcome or {}).items():
        if name in _NOT_FIGURES:
            continue
        label = OUTCOME_LABELS.get(name) or name.replace("_", " ").capitalize()
        choices = _CHOICES.get(name, {})
        if isinstance(value, bool | int | str) and value in choices:
            shown = choices[value]
        elif isinstance(value, bool):
            shown = "Yes" if value else "No"
        elif isinstance(value, int):
            shown = f"{value:,}"
        elif name == "as_of" and isinstance(value, str):
            shown = people_date(value)
        else:
            shown = str(value)
        lines.append((label, shown))
    return lines
