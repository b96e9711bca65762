"""The reports' writers: start a report's build, and the job that builds it.

A build is a job of kind ``report`` (``sanitas.jobs``): who asked, for which period
and as of which day are its parameters, and its outcome names the files it wrote
under the jobs' folder, kept for good, with the figures themselves so that the
build's page shows them without reading its files. Its progress counts sections:
reading the city (each subject group evaluated as of the day), each section's
figures, then each file.
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from sanitas.jobs import services as job_services
from sanitas.jobs.services import JobError
from sanitas.jobs.words import Term, said
from sanitas.reports import ear, selectors, writers
from sanitas.reports.figures import (
    COUNTED_REQUIREMENTS,
    REPORTS,
    Period,
    english_name,
    fog,
    implementation_record,
    sb1383,
)

logger = logging.getLogger("sanitas.reports")

#: the earliest and latest days a report may speak of: the subchapters' effective
#: years to a few years ahead (a date outside is a typing error)
EARLIEST = date(2000, 1, 1)
LATEST_YEARS_AHEAD = 5
#: the steps besides the sections: reading the city, and the three files
STEPS_BESIDES_SECTIONS = 4
FILES = ("report.xlsx", "report.html", "report.pdf")


def period_problems(*, start: date | None, end: date | None, as_of: date | None) -> list[str]:
    """What is wrong with a report's dates, each naming its field (in the language
    active: English in the job that builds the report)."""
    latest = date(timezone.localdate().year + LATEST_YEARS_AHEAD, 12, 31)
    problems: list[str] = []
    for name, value in (("start", start), ("end", end), ("as_of", as_of)):
        if value is None:
            problems.append(_("%(field)s: a date is required") % {"field": name})
        elif not EARLIEST <= value <= latest:
            problems.append(
                _(
                    "%(field)s: %(day)s is outside the years a report may cover "
                    "(%(first)s to %(last)s)"
                )
                % {
                    "field": name,
                    "day": value.isoformat(),
                    "first": EARLIEST.year,
                    "last": latest.year,
                }
            )
    if start and end and end < start:
        problems.append(
            _("end: the period ends (%(day)s) before it starts") % {"day": end.isoformat()}
        )
    if as_of and start and as_of < start:
        problems.append(
            _("as_of: the report's day (%(day)s) is before the period") % {"day": as_of.isoformat()}
        )
    return problems


def start_report(
    *, report: str, start: date, end: date, as_of: date, user: AbstractBaseUser
) -> Any:
    """Start building ``report`` for the period as of ``as_of`` as ``user``; a
    :class:`JobError` naming the field when a date is wrong or the user may not."""
    if report not in REPORTS:
        raise JobError(
            [
                _("report: %(report)s is not one of %(reports)s")
                % {"report": repr(report), "reports": ", ".join(REPORTS)}
            ]
        )
    if not selectors.may_build(user, report):
        raise JobError(
            [
                _("report: %(user)s may not build the %(report)s")
                % {"user": user.get_username(), "report": REPORTS[report]}
            ]
        )
    problems = period_problems(start=start, end=end, as_of=as_of)
    if problems:
        raise JobError(problems)
    params = {
        "report": report,
        "name": english_name(report),
        "start": start.isoformat(),
        "end": end.isoformat(),
        "as_of": as_of.isoformat(),
    }
    return job_services.start_job(kind="report", params=params, user=user)


def build_report(job: Any, progress: job_services.Progress) -> tuple[dict[str, Any], str, str]:
    """The job's runner: read the city as of the day, compute the sections, write
    the files. Bad parameters (a job started other than through
    :func:`start_report`) fail the job with the problem in words."""
    from sanitas.jobs.tasks import JobFailed

    params = job.params or {}
    report = params.get("report")
    if report not in REPORTS:
        raise JobFailed(f"report: {report!r} is not a report this application builds", {})
    try:
        start, end, as_of = (
            date.fromisoformat(str(params.get(n))) for n in ("start", "end", "as_of")
        )
    except ValueError:
        raise JobFailed("the report's start, end or as-of date is not a date", {}) from None
    problems = period_problems(start=start, end=end, as_of=as_of)
    if problems:
        raise JobFailed("; ".join(problems), {"problems": problems})
    period = Period(start, end, as_of)
    steps = len(_SECTION_COUNT[report]) + STEPS_BESIDES_SECTIONS
    progress(0, steps, said(gettext_noop("reading the city's records as of %(day)s"), day=as_of))

    def reading(done: int, total: int) -> None:
        line = gettext_noop("reading the city's records: %(done)s of %(total)s subject groups")
        progress(0, steps, said(line, done=done, total=total))

    city = selectors.city(as_of=as_of, requirements=COUNTED_REQUIREMENTS, progress=reading)
    progress(1, steps, said(gettext_noop("computing the figures")))
    if report == "sb1383":
        sections = sb1383(
            city, period, ladder=_ladder(as_of), penalties_start=_penalties_start(as_of)
        )
    elif report == "fog":
        sections = fog(city, period)
    else:
        sections = implementation_record(
            city, period, named=lambda keys: {k: t.text for k, t in selectors.names(keys).items()}
        )
    done = 1 + len(sections)
    progress(done, steps, said(gettext_noop("writing the workbook")))
    folder = job_services.jobs_dir() / "reports" / str(job.pk)
    folder.mkdir(parents=True, exist_ok=True)
    title = english_name(report)
    writers.write_xlsx(folder / "report.xlsx", title=title, period=period, sections=sections)
    progress(done + 1, steps, said(gettext_noop("writing the printable page")))
    shown = [section.as_dict() for section in sections]
    built = {
        "by": job.started_by.get_full_name() or job.started_by.get_username(),
        "at": timezone.localtime(),
        "job": job.pk,
        "groups": city.groups,
    }
    html = writers.printable_html(title=title, period=period, sections=shown, built=built)
    (folder / "report.html").write_text(html, encoding="utf-8")
    progress(done + 2, steps, said(gettext_noop("writing the PDF")))
    writers.write_pdf(folder / "report.pdf", html)
    progress(steps, steps, said(gettext_noop("done")))
    # the lines of the annual report that the city answers itself are not figures
    figures = sum(1 for s in shown for f in s["figures"] if f.get("answer", "figure") == "figure")
    rows = sum(s["rows"] or 0 for s in shown)
    outcome = {
        "report": title,
        "period": period.words,
        "as_of": as_of.isoformat(),
        "subject_groups": city.groups,
        "figures": figures,
        "rows": rows,
        "folder": str(folder.relative_to(job_services.jobs_dir())),
        "files": list(FILES),
        "sections": shown,
        # the groups left out, each named (the figures count the rest)
        "problems": city.problems[:200],
    }
    line = _DONE[report == "implementation_record", bool(city.problems)]
    words = said(
        line,
        report=Term(title),
        start=period.start,
        end=period.end,
        figures=figures,
        rows=rows,
        problems=len(city.problems),
    )
    return outcome, "", words


#: a report's last line, by whether it counts records and whether records were left out
_DONE = {
    (False, False): gettext_noop("%(report)s for %(start)s to %(end)s: %(figures)s figures"),
    (True, False): gettext_noop(
        "%(report)s for %(start)s to %(end)s: %(figures)s figures, %(rows)s records"
    ),
    (False, True): gettext_noop(
        "%(report)s for %(start)s to %(end)s: %(figures)s figures; %(problems)s problems left "
        "some records out (listed below)"
    ),
    (True, True): gettext_noop(
        "%(report)s for %(start)s to %(end)s: %(figures)s figures, %(rows)s records; "
        "%(problems)s problems left some records out (listed below)"
    ),
}


#: each report's sections, for the progress bar's total before they are computed
_SECTION_COUNT = {
    # one per lettered subsection of 14 CCR § 18994.2 (sanitas/reports/ear.yaml)
    "sb1383": tuple(sub.id for sub in ear.subsections()),
    "fog": ("establishments", "devices", "pump-outs", "training", "inspections"),
    "implementation_record": (
        "premises",
        "waivers",
        "generators",
        "food recovery",
        "inspections",
        "notices",
        "citations",
        "extensions",
    ),
}


def _ladder(as_of: date) -> list[Any]:
    """The penalty ladder (ORG-PENALTY-AMOUNTS) in the rule pack on the day."""
    from sanitas.records.sweep import jurisdiction_pack

    return list(jurisdiction_pack().param("org.penalty_ladder").on(as_of))


def _penalties_start(as_of: date) -> date:
    """The day administrative civil penalties began (ORG-CIVIL-PENALTIES), in the rule
    pack on the day: the annual report counts penalties only for violations from it."""
    from sanitas.records.sweep import jurisdiction_pack

    return jurisdiction_pack().param("org.penalties_start").on(as_of)
