"""The jobs' pages. Thin: a form checks the request, a service starts the job,
the selectors read; who may use each address is the map in ``urls.py``, and the
feed's own check (program staff import their programs' feeds)."""

from __future__ import annotations

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from sanitas.access.doors import door
from sanitas.access.policy import allows
from sanitas.jobs import selectors, services
from sanitas.jobs.forms import ImportForm, JobFilterForm, SweepForm
from sanitas.jobs.models import Job


def _job(pk: int) -> Job:
    found = selectors.job(pk)
    if found is None:
        raise Http404("no such job")
    return found


@require_GET
@door
def job_list(request: HttpRequest) -> HttpResponse:
    form = JobFilterForm(request.GET or None)
    kind = state = ""
    mine = False
    if form.is_valid():
        kind, state, mine = (
            form.cleaned_data["kind"],
            form.cleaned_data["state"],
            form.cleaned_data["mine"],
        )
    rows = selectors.jobs(kind=kind, state=state, started_by=request.user if mine else None)
    return render(
        request,
        "jobs/list.html",
        {
            "nav": "jobs",
            "form": form,
            "rows": [(job, selectors.progress(job)) for job in rows],
            "sweep_form": SweepForm() if allows(request.user, "sweeps.start") else None,
            "may_upload": ImportForm(user=request.user).fields["feed"].choices != [],
        },
    )


@require_GET
@door
def job_page(request: HttpRequest, pk: int) -> HttpResponse:
    found = _job(pk)
    stored = selectors.account(found)
    return render(
        request,
        "jobs/job.html",
        {
            "nav": "jobs",
            "job": found,
            "progress": selectors.progress(found),
            "outcome": selectors.outcome_lines(found),
            "has_rejects": selectors.rejects_file(found) is not None,
            "account": stored,
            # the next step's buttons, for who may take it
            "may_import_again": found.kind == "import"
            and stored is not None
            and stored.next_step != "nothing"
            and services.kept_upload(found) is not None
            and selectors.may_import(request.user, found.params.get("feed", "")),
            "may_serve_rest": bool(stored and stored.unserved)
            and allows(request.user, "notices.serve"),
            "may_sweep": found.kind == "sweep" and allows(request.user, "sweeps.start"),
        },
    )


@require_POST
@door
def import_again(request: HttpRequest, pk: int) -> HttpResponse:
    """Import a failed import's kept file again: what it stored stays, the rest is stored."""
    found = _job(pk)
    if found.kind != "import":
        raise Http404("only an import is imported again")
    if not selectors.may_import(request.user, found.params.get("feed", "")):
        return render(request, "jobs/not_yours.html", {"what": _("import this feed")}, status=403)
    try:
        job = services.import_again(found, user=request.user)
    except services.JobError as refused:
        for problem in refused.problems:
            messages.error(request, problem)
        return redirect("jobs:job", pk=found.pk)
    messages.success(
        request,
        _("Import of %(name)s started again (job %(job)s).")
        % {"name": found.params.get("name") or _("the file"), "job": job.pk},
    )
    return redirect("jobs:job", pk=job.pk)


@require_GET
@door
def job_progress(request: HttpRequest, pk: int) -> JsonResponse:
    """What the job's page polls: its progress as JSON."""
    return JsonResponse(selectors.progress(_job(pk)))


@require_GET
@door
def job_rejects(request: HttpRequest, pk: int) -> FileResponse:
    found = _job(pk)
    path = selectors.rejects_file(found)
    if path is None:
        raise Http404("this job kept no rejects file")
    name = f"job-{found.pk}-{path.name}"
    return FileResponse(
        path.open("rb"), as_attachment=True, filename=name, content_type="text/csv; charset=utf-8"
    )


@require_POST
@door
def start_sweep(request: HttpRequest) -> HttpResponse:
    form = SweepForm(request.POST)
    if not form.is_valid():  # a checkbox: nothing can be wrong but a forged form
        return redirect("jobs:list")
    job = services.start_sweep(user=request.user, full=form.cleaned_data["full"])
    messages.success(request, _("Sweep started (job %(job)s).") % {"job": job.pk})
    return redirect("jobs:job", pk=job.pk)


@require_http_methods(["GET", "POST"])
@door
def upload_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    if not form.fields["feed"].choices:
        return render(request, "jobs/not_yours.html", {"what": _("import a feed")}, status=403)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        job = services.start_import(
            upload=data["file"],
            user=request.user,
            feed=data["feed"],
            accept_valid=data["accept_valid"],
            why=data["why"],
        )
        messages.success(
            request,
            _("Import of %(name)s started (job %(job)s).")
            % {"name": data["file"].name, "job": job.pk},
        )
        return redirect("jobs:job", pk=job.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "jobs/upload.html", {"nav": "jobs", "form": form}, status=status)
