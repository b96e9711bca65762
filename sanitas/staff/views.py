"""The staff pages. Thin: each view validates its parameters with a form, asks the
selectors, and renders; who may see which page is the map in ``urls.py``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from sanitas.staff import selectors
from sanitas.staff.forms import AsOfForm, WorklistFilterForm

#: anyone, signed in or not
PUBLIC = "public"
#: a superuser or a member of a role group (see ``selectors.ROLE_PROGRAMS``)
STAFF = "staff"


def staff_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Sign-in first; then a role (or superuser), else a page that says so."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not selectors.is_staff_member(request.user):
            return render(request, "staff/forbidden.html", status=403)
        return view(request, *args, **kwargs)

    wrapper.access = STAFF  # type: ignore[attr-defined]
    return wrapper


_COLUMNS = (
    ("status", "Status"),
    ("due", "Due"),
    ("requirement", "Requirement"),
    ("subject", "Subject"),
)


@staff_required
def worklist(request: HttpRequest) -> HttpResponse:
    """The open findings the user may see: their program first, filtered, sorted, paged."""
    user = request.user
    default = selectors.default_program(user)
    form = WorklistFilterForm(
        request.GET, programs=selectors.visible_programs(user), default_program=default
    )
    form.is_valid()
    # a field that does not validate is reported beside it and left at its default
    data = form.cleaned_data
    today = selectors.worklist_date()
    sort = data.get("sort") or "due"
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
    )
    page = Paginator(findings, selectors.PAGE_SIZE).get_page(request.GET.get("page"))
    labels = selectors.subject_labels([finding.subject for finding in page])
    rows = [(finding, labels.get(finding.subject)) for finding in page]
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
            "columns": columns,
            "today": today,
            "program_label": (
                selectors.PROGRAMS[program].label
                if program in selectors.PROGRAMS
                else "All programs"
            ),
        },
    )


@staff_required
def subject(request: HttpRequest, key: str) -> HttpResponse:
    """A record's page: its fields, findings, the records naming it and its timeline —
    as it stands, or as of the ``as_of`` day."""
    form = AsOfForm(request.GET)
    as_of = form.cleaned_data.get("as_of") if form.is_valid() else None
    page = selectors.subject_page(request.user, key=key, as_of=as_of, today=timezone.localdate())
    if page is None:
        return render(request, "staff/not_found.html", {"key": key}, status=404)
    keys = [finding.subject for finding in page.findings]
    labels = selectors.subject_labels(keys)
    findings = [(finding, labels.get(finding.subject)) for finding in page.findings]
    return render(
        request,
        "staff/subject.html",
        {"form": form, "page": page, "findings": findings, "nav": "subject"},
    )
