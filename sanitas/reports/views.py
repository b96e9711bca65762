"""The reports' pages. Thin: a form checks the dates, a service starts the build
(a job), the selectors read; who may use each address is the map in ``urls.py``,
and who may build which report the view asks ``selectors.may_build``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from sanitas.access.doors import door, require
from sanitas.jobs import selectors as job_selectors
from sanitas.jobs.services import JobError
from sanitas.kit.selectors import worklist_date
from sanitas.reports import ear, selectors, services
from sanitas.reports.figures import DESCRIPTIONS, REPORTS
from sanitas.reports.forms import ReportForm, empty_period_note, last_complete_year

CONTENT_TYPES = {
    "report.xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "report.html": "text/html; charset=utf-8",
    "report.pdf": "application/pdf",
}
FILE_WORDS = {
    "report.xlsx": gettext_lazy("Workbook (XLSX)"),
    "report.pdf": gettext_lazy("PDF"),
    "report.html": gettext_lazy("Printable page (HTML)"),
}


def _report(report: str) -> str:
    if report not in REPORTS:
        raise Http404("no such report")
    return report


def _build(pk: int) -> Any:
    found = selectors.build(pk)
    if found is None:
        raise Http404("no such report build")
    return found


@require_GET
@door
def index(request: HttpRequest) -> HttpResponse:
    reports = [
        {
            "key": key,
            "title": title,
            "description": DESCRIPTIONS[key],
            "may_build": selectors.may_build(request.user, key),
            "latest": next(iter(selectors.builds(key, limit=1)), None),
        }
        for key, title in REPORTS.items()
    ]
    return render(request, "reports/index.html", {"nav": "reports", "reports": reports})


def _report_context(request: HttpRequest, report: str, form: ReportForm) -> dict[str, Any]:
    return {
        "nav": "reports",
        "report": report,
        "title": REPORTS[report],
        "description": DESCRIPTIONS[report],
        "form": form,
        "may_build": selectors.may_build(request.user, report),
        "builds": selectors.builds(report),
    }


@require_GET
@door
def report_page(request: HttpRequest, report: str) -> HttpResponse:
    report = _report(report)
    today = worklist_date()
    prefix = selectors.REPORT_ENFORCEMENT[report]
    years = selectors.enforcement_years(prefix)
    initial = ReportForm.defaults(today, report=report, years=years)
    context = _report_context(request, report, ReportForm(initial=initial))
    last = last_complete_year(today, report=report)
    context["empty"] = empty_period_note(initial, years, last=last)
    return render(request, "reports/report.html", context)


@require_POST
@door
def start(request: HttpRequest, report: str) -> HttpResponse:
    report = _report(report)
    require(request.user, "reports.build", selectors.about_report(report))
    form = ReportForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            job = services.start_report(
                report=report,
                start=data["start"],
                end=data["end"],
                as_of=data["as_of"],
                user=request.user,
            )
        except JobError as refused:
            for line in refused.problems:
                form.add_error(None, line)
        else:
            messages.success(
                request,
                _("The %(report)s is being built (job %(job)s).")
                % {"report": REPORTS[report], "job": job.pk},
            )
            return redirect("jobs:job", pk=job.pk)
    context = _report_context(request, report, form)
    return render(request, "reports/report.html", context, status=400)


@require_GET
@door
def build_page(request: HttpRequest, pk: int) -> HttpResponse:
    found = _build(pk)
    outcome = found.outcome or {}
    files = [
        (name, FILE_WORDS.get(name, name))
        for name in outcome.get("files", [])
        if selectors.build_file(found, name) is not None
    ]
    return render(
        request,
        "reports/build.html",
        {
            "nav": "reports",
            "job": found,
            "report": found.params.get("report", ""),
            "title": REPORTS.get(found.params.get("report", ""), _("Report")),
            "progress": job_selectors.progress(found),
            "sections": ear.in_language(outcome.get("sections", [])),
            "answered": ear.answered(outcome.get("sections", [])),
            "files": files,
        },
    )


@require_GET
@door
def build_file(request: HttpRequest, pk: int, name: str) -> FileResponse:
    found = _build(pk)
    path = selectors.build_file(found, name)
    if path is None:
        raise Http404("this build kept no such file")
    report = found.params.get("report", "report")
    download = f"{report}-{found.params.get('start', '')}-{found.params.get('end', '')}"
    return FileResponse(
        path.open("rb"),
        as_attachment=True,
        filename=f"{download}{path.suffix}",
        content_type=CONTENT_TYPES.get(name, "application/octet-stream"),
    )
