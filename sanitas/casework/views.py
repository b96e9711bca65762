"""The case pages: a case (its findings, assignment, notes and timeline), my cases,
and the worklist's bulk assignment. Thin: forms validate, services write,
selectors read."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from sanitas.casework import selectors, services
from sanitas.casework.forms import AssignForm, BulkForm, NoteForm
from sanitas.staff import selectors as staff_selectors
from sanitas.staff.views import STAFF
from sanitas.web.permissions import WORK, may, requires
from sanitas.web.selectors import titles


def _render_case(
    request: HttpRequest, subject: str, requirement: str, *, assign=None, note=None, status=200
) -> HttpResponse:
    page = selectors.case_page(request.user, subject=subject, requirement=requirement)
    if page is None:
        return render(
            request,
            "casework/no_case.html",
            {"subject": subject, "requirement": requirement},
            status=404,
        )
    if assign is None:
        assign = AssignForm(initial={"assignee": page.case.assignee if page.case else None})
    return render(
        request,
        "casework/case.html",
        {
            "page": page,
            "assign": assign,
            "note": note or NoteForm(),
            "may_work": may(request.user, WORK),
            "nav": "cases",
        },
        status=status,
    )


@requires(STAFF)
def case(request: HttpRequest, subject: str, requirement: str) -> HttpResponse:
    return _render_case(request, subject, requirement)


@require_POST
@requires(WORK)
def assign(request: HttpRequest, subject: str, requirement: str) -> HttpResponse:
    form = AssignForm(request.POST)
    if not form.is_valid():
        return _render_case(request, subject, requirement, assign=form, status=400)
    try:
        services.assign_case(
            subject=subject,
            requirement=requirement,
            assignee=form.cleaned_data["assignee"],
            actor=request.user,
        )
    except services.CaseworkError as exc:
        form.add_error("assignee", str(exc))
        return _render_case(request, subject, requirement, assign=form, status=400)
    messages.success(request, "Assignment saved.")
    return redirect("casework:case", subject, requirement)


@require_POST
@requires(WORK)
def note(request: HttpRequest, subject: str, requirement: str) -> HttpResponse:
    form = NoteForm(request.POST)
    if not form.is_valid():
        return _render_case(request, subject, requirement, note=form, status=400)
    try:
        services.add_note(
            subject=subject,
            requirement=requirement,
            text=form.cleaned_data["text"],
            actor=request.user,
        )
    except services.CaseworkError as exc:
        form.add_error("text", str(exc))
        return _render_case(request, subject, requirement, note=form, status=400)
    messages.success(request, "Note saved.")
    return redirect("casework:case", subject, requirement)


@requires(STAFF)
def mine(request: HttpRequest) -> HttpResponse:
    """The cases assigned to the signed-in user, with their findings' status."""
    obligations = selectors.my_obligations(request.user)
    named = titles({s for s, _ in obligations})
    rows = []
    for subject, requirement in obligations:
        findings = staff_selectors.case_findings(
            request.user, subject=subject, requirement=requirement
        )
        worst = min(findings, key=lambda f: staff_selectors.SEVERITY.get(f.status, 9), default=None)
        rows.append((subject, requirement, named.get(subject), worst, len(findings)))
    rows.sort(
        key=lambda r: (
            staff_selectors.SEVERITY.get(r[3].status, 9) if r[3] else 9,
            r[3].due if r[3] else "",
        )
    )
    return render(request, "casework/mine.html", {"rows": rows, "nav": "cases"})


@require_POST
@requires(WORK)
def bulk_assign(request: HttpRequest) -> HttpResponse:
    """Assign the worklist's selected lines to one person."""
    form = BulkForm(request.POST)
    back = request.POST.get("next") or reverse("staff:worklist")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("staff:worklist")
    if not form.is_valid():
        for error in form.non_field_errors():
            messages.error(request, error)
        for name, errors in form.errors.items():
            if name != "__all__":
                messages.error(request, f"{form.fields[name].label}: {' '.join(errors)}")
        return redirect(back)
    assignee = form.cleaned_data["assignee"]
    try:
        cases = services.assign_cases(
            obligations=form.cleaned_data["obligations"], assignee=assignee, actor=request.user
        )
    except services.CaseworkError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    who = assignee.get_username() if assignee is not None else "nobody"
    messages.success(
        request, f"{len(cases)} case{'s' if len(cases) != 1 else ''} assigned to {who}."
    )
    return redirect(back)
