"""The jobs' readers for the pages: the list, one job and its progress, and who may
start which job."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from sanitas.access.policy import About, allows
from sanitas.jobs.models import Job
from sanitas.jobs.words import in_words

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


#: what a job counts and its states, as its page says them (the model keeps English)
UNIT_WORDS = {
    "rows": gettext_lazy("rows"),
    "groups": gettext_lazy("subject groups"),
    "notices": gettext_lazy("notices"),
    "sections": gettext_lazy("sections"),
}
STATE_WORDS = {
    "queued": pgettext_lazy("job state", "Queued"),
    "running": pgettext_lazy("job state", "Running"),
    "finished": pgettext_lazy("job state", "Finished"),
    "failed": pgettext_lazy("job state", "Failed"),
}


def _count(number: int) -> str:
    """A count as the page's language writes it: 1,000 in English, 1.000 in Spanish."""
    return number_format(number, force_grouping=True)


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = round(seconds / 60)
    if minutes < 90:
        return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}
    hours, minutes = divmod(minutes, 60)
    return _("%(hours)s h %(minutes)s min") % {"hours": hours, "minutes": f"{minutes:02d}"}


def progress(found: Job, *, now: Any = None) -> dict[str, Any]:
    """How far a job got, for its page and its progress endpoint: counts, the
    percent, and the time left estimated from its rate so far."""
    now = now or timezone.now()
    unit = str(UNIT_WORDS.get(found.unit, found.get_unit_display()))
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
        counted = _("%(done)s of %(total)s %(unit)s") % {
            "done": _count(found.done),
            "total": _count(found.total),
            "unit": unit,
        }
    elif found.done:
        counted = _("%(done)s %(unit)s") % {"done": _count(found.done), "unit": unit}
    else:
        counted = ""
    ended = found.state in ("finished", "failed")
    took = None
    if found.started_at and found.finished_at:
        took = _duration((found.finished_at - found.started_at).total_seconds())
    return {
        "id": found.pk,
        "state": found.state,
        "state_label": str(STATE_WORDS.get(found.state, found.get_state_display())),
        "done": found.done,
        "total": found.total,
        "unit": unit,
        "counted": counted,
        "percent": percent,
        "seconds_left": None if left is None else round(left),
        "time_left": None if left is None else _duration(left),
        "took": took,
        "message": in_words(found.message),
        "ended": ended,
    }


@dataclass
class Account:
    """What a job that ended without finishing stored, counted from the database (the
    parts its import committed, the notices' states, the subject groups' evaluations),
    never from its own last message, and the next step: ``"nothing"`` to do,
    ``"continue"`` (run it again: what is stored stays as it is) or ``"again"`` (start
    it again: nothing was stored)."""

    stored: str
    not_stored: str
    next_step: str
    advice: str
    #: the details, one line each ("Part 3 of 5: rows 2,001 to 3,000")
    lines: list[str] = field(default_factory=list)
    #: for a notice batch, the notices not served (to serve the rest)
    unserved: list[Any] = field(default_factory=list)


#: what a job of another app's kind stored, by kind (the app registers it,
#: :func:`register_account`, so that the jobs app reads it without importing that app)
ACCOUNTS: dict[str, Callable[[Job], Account]] = {}


def register_account(kind: str, tell: Callable[[Job], Account]) -> None:
    """Let another app say what a failed job of its ``kind`` stored (its
    ``AppConfig.ready`` calls this, beside :func:`sanitas.jobs.tasks.register_runner`)."""
    ACCOUNTS[kind] = tell


def account(found: Job) -> Account | None:
    """What ``found`` stored, for a job that failed (None for one that did not, or of a
    kind that stores nothing of its own)."""
    if found.state != "failed":
        return None
    if found.kind == "import":
        return _import_account(found)
    if found.kind in ACCOUNTS:
        return ACCOUNTS[found.kind](found)
    if found.kind == "sweep":
        return _sweep_account(found)
    if found.kind == "report":
        return Account(
            stored="Nothing: a report changes no records, and one that stops keeps no files.",
            not_stored="The report.",
            next_step="again",
            advice="Build it again from the report's page.",
        )
    return None


def _import_account(found: Job) -> Account:
    made = _import_account_alone(found)
    again = Job.objects.filter(kind="import", params__again_of=found.pk).order_by("-id").first()
    if again is not None and made.next_step != "nothing":
        made.advice = (
            f"It was imported again as job {again.pk}, which is "
            f"{again.get_state_display().lower()}: see that job's page."
        )
        made.next_step = "nothing" if again.state in ("queued", "running", "finished") else "again"
    return made


def _import_account_alone(found: Job) -> Account:
    chunks = list(found.chunks.order_by("number"))
    if not chunks:
        outcome = found.outcome or {}
        if outcome.get("rejected_rows"):
            advice = "Correct the rows named below, then upload the file again."
        elif "rows" in outcome:  # read, and refused for what it holds
            advice = "Correct what is named below, then upload the file again."
        else:  # stopped (its worker, the database, the disk) before anything was stored
            advice = "Import the file again: nothing of it is stored yet."
        return Account(
            stored="Nothing: no record was created or changed.",
            not_stored="The whole file.",
            next_step="again",
            advice=advice,
        )
    last = chunks[-1]
    created = sum(c.created for c in chunks)
    updated = sum(c.updated for c in chunks)
    unchanged = sum(c.unchanged for c in chunks)
    parts = "part" if last.of == 1 else "parts"
    stored = (
        f"{last.number:,} of {last.of:,} {parts}: {last.facts_through:,} of "
        f"{last.facts_total:,} records ({created:,} created, {updated:,} changed, "
        f"{unchanged:,} already as the file has them), and {last.rows_through:,} of "
        f"{last.rows_total:,} rows whole."
    )
    lines = [
        f"Part {c.number:,} of {c.of:,}: {c.facts:,} records, stored {people_moment(c.stored_at)}"
        for c in chunks
    ]
    if last.number == last.of:
        return Account(
            stored=f"Everything: {stored}",
            not_stored="Nothing: every part was stored before it stopped.",
            next_step="nothing",
            advice="Nothing to do: the file is stored whole.",
            lines=lines,
        )
    left = last.of - last.number
    return Account(
        stored=stored,
        not_stored=(
            f"{left:,} {'part' if left == 1 else 'parts'}: "
            f"{last.facts_total - last.facts_through:,} records."
        ),
        next_step="continue",
        advice=(
            "Import the same file again to store the rest: what is stored stays as it is "
            "(counted unchanged), and the rest is stored."
        ),
        lines=lines,
    )


def _sweep_account(found: Job) -> Account:
    from sanitas.records.models import SubjectGroup

    as_of = (found.params or {}).get("as_of") or (
        found.started_at.date().isoformat() if found.started_at else None
    )
    groups = SubjectGroup.objects.all()
    total = groups.count()
    since = found.started_at or found.created_at
    evaluated = groups.filter(swept_at__gte=since, swept_as_of=as_of).count() if as_of else 0
    stale = groups.exclude(swept_as_of__gte=as_of).count() if as_of else total
    place = found.restarted_as
    if place is not None:
        state = place.get_state_display().lower()
        where = f"The sweep started in its place (job {place.pk}) is {state}."
    else:
        where = ""
    return Account(
        stored=(
            f"{evaluated:,} of {total:,} subject groups evaluated as of "
            f"{as_of} since it began, each stored whole."
        ),
        not_stored=f"{stale:,} subject groups are evaluated as of an earlier day.",
        next_step="nothing" if place is not None or not stale else "again",
        advice=(
            f"{where} Nothing to do: it carries on where this one stopped."
            if place is not None
            else "Start a sweep: it evaluates what is left and skips what is stored."
        ).strip(),
    )


def people_moment(value: Any) -> str:
    from sanitas.kit.dates import people_date

    return people_date(value)


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
    from sanitas.kit.dates import people_date

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
