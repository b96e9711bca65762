"""The staff pages. Thin: each view validates its parameters with a form, asks the
selectors, and renders; who may open which page is the access policy's
(:mod:`sanitas.access.doors`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sanitas.access.doors import door
from sanitas.access.policy import allows
from sanitas.kit import selectors
from sanitas.kit.said import finding_words
from sanitas.kit.titles import program_title, requirement_title, subject_title
from sanitas.web.selectors import places
from sanitas.web.words import program_words
from sanitas.web.worklist_forms import AsOfForm, WorklistFilterForm

_COLUMNS = (
    ("status", _("Status")),
    ("due", pgettext_lazy("a due date", "Due")),
    ("requirement", _("Requirement")),
    ("subject", _("Subject")),
)

#: the worklist's columns in a file: those on screen, then the keys
EXPORT_HEADER = (
    "Status",
    "Due",
    "Requirement",
    "Period",
    "Cite",
    "Subject",
    "Belongs to",
    "Explanation",
    "Assigned to",
    "Requirement ID",
    "Subject key",
    "Belongs to key",
)


@door
def worklist(request: HttpRequest) -> HttpResponse:
    """The open findings the user may see, in the order of action (violations, then
    overdue by days overdue, then due soonest), each obligation's run of findings on
    one line; filtered, sorted, paged, or downloaded as CSV or XLSX."""
    from sanitas.casework import selectors as casework_selectors
    from sanitas.kit.forms import EXPORT_FORMATS
    from sanitas.kit.titles import titles
    from sanitas.web.views import export_format

    user = request.user
    default = selectors.default_program(user)
    form = WorklistFilterForm(
        request.GET, programs=selectors.visible_programs(user), default_program=default
    )
    form.is_valid()
    # a field that does not validate is reported beside it and left at its default
    data = form.cleaned_data
    today = selectors.worklist_date()
    sort = data.get("sort") or "action"
    obligations = None
    if data.get("mine"):
        obligations = casework_selectors.my_obligations(user)
    # "Export selected" posts the selection (the form carries its CSRF token, which
    # must not travel in an address); the filters stay in the query string
    chosen = request.POST if request.method == "POST" else request.GET
    selected = [
        tuple(value.rsplit("|", 1)) for value in chosen.getlist("obligation") if "|" in value
    ]
    if selected:
        obligations = [o for o in selected if obligations is None or o in obligations]
    findings = selectors.worklist(
        user,
        today=today,
        program=data.get("program") or default,
        status=data.get("status") or "",
        include_late=bool(data.get("include_late")),
        window=data.get("window") or "",
        due_from=data.get("due_from"),
        due_to=data.get("due_to"),
        sort=sort,
        obligations=obligations,
    )
    fmt = export_format(request)
    if request.method == "POST":
        fmt = chosen.get("format", "")
        if fmt not in EXPORT_FORMATS or not selected:
            return HttpResponseBadRequest("Choose the lines to export, and CSV or XLSX.")
    if fmt:
        return _export(fmt, list(findings))
    rows = None
    if (
        not (data.get("window") or data.get("due_from") or data.get("due_to"))
        and obligations is None
    ):
        # whole lines: paged from the lines the sweep keeps
        rows = selectors.worklist_rows(
            user,
            program=data.get("program") or default,
            status=data.get("status") or "",
            include_late=bool(data.get("include_late")),
            sort=sort,
        )
    page, lines = selectors.worklist_page(findings, page=request.GET.get("page"), rows=rows)
    named = titles({line.first.subject for line in lines})
    assigned = casework_selectors.assignees(
        [(line.first.subject, line.first.requirement) for line in lines]
    )
    where = places({line.first.subject for line in lines})
    rows = [
        (
            line,
            named.get(line.first.subject),
            assigned.get((line.first.subject, line.first.requirement), ""),
            where.get(line.first.subject),
        )
        for line in lines
    ]
    columns = []
    for name, title in _COLUMNS:
        current = sort.lstrip("-") == name
        descending = sort.startswith("-")
        columns.append(
            {
                "name": name,
                "title": title,
                "next": f"-{name}" if current and not descending else name,
                "aria_sort": ("descending" if descending else "ascending") if current else "",
            }
        )
    program = data.get("program") or default
    return render(
        request,
        "staff/worklist.html",
        {
            "nav": "worklist",
            "form": form,
            "page": page,
            "rows": rows,
            "finding_count": (
                page.finding_count if hasattr(page, "finding_count") else findings.count()
            ),
            "columns": columns,
            "sort": sort,
            "today": today,
            "assignees": _assignees(user),
            "program_label": (
                program_words(program, program_title(program))
                if program in selectors.PROGRAMS
                else gettext_now("All programs")
            ),
        },
    )


def _assignees(user: Any) -> Any:
    from sanitas.casework.forms import BulkForm

    return BulkForm() if allows(user, "cases.work") else None


def _export(fmt: str, findings: list[Any]) -> HttpResponse:
    from sanitas.casework import selectors as casework_selectors
    from sanitas.kit.export import export_response
    from sanitas.kit.titles import titles

    named = titles({f.subject for f in findings})
    assigned = casework_selectors.assignees(
        list(dict.fromkeys((f.subject, f.requirement) for f in findings))
    )

    def row(finding: Any) -> list[Any]:
        subject = named.get(finding.subject)
        return [
            finding.status,
            finding.due,
            requirement_title(finding.requirement),
            finding.period,
            finding.cite,
            subject.text if subject else subject_title(finding.subject),
            subject.owner if subject else "",
            finding_words(finding),
            assigned.get((finding.subject, finding.requirement), ""),
            finding.requirement,
            finding.subject,
            subject.owner_key if subject else "",
        ]

    return export_response(
        fmt=fmt, name="worklist", header=EXPORT_HEADER, rows=(row(f) for f in findings)
    )


@door
def subject(request: HttpRequest, key: str) -> HttpResponse:
    """A record's page: its fields, findings, the records naming it and its timeline —
    as it stands, or as of the ``as_of`` day."""
    form = AsOfForm(request.GET)
    as_of = form.cleaned_data.get("as_of") if form.is_valid() else None
    page = selectors.subject_page(request.user, key=key, as_of=as_of, today=timezone.localdate())
    if page is None:
        return render(request, "staff/not_found.html", {"key": key}, status=404)
    findings = [(finding, page.named.get(finding.subject)) for finding in page.findings]
    return render(
        request,
        "staff/subject.html",
        {"form": form, "page": page, "findings": findings, "nav": "subject"},
    )
