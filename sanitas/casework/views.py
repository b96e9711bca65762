"""The case pages: a case (its findings, assignment, notes and timeline), my cases,
and the worklist's bulk assignment. Thin: forms validate, services write,
selectors read."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from sanitas.access.doors import door, require
from sanitas.access.policy import allows
from sanitas.casework import evidence, selectors, services
from sanitas.casework.forms import AssignForm, BulkForm, NoteForm, StartVisitForm
from sanitas.casework.inspection import (
    STEP_FORMS,
    VISIT_KINDS,
    PhotoForm,
    SignatureForm,
    VoidPhotoForm,
    answer_rows,
)
from sanitas.kit import selectors as staff_selectors
from sanitas.kit.titles import titles


def _render_case(
    request: HttpRequest,
    subject: str,
    requirement: str,
    *,
    assign=None,
    note=None,
    status=200,
    stale: services.StaleCase | None = None,
    stale_what: str = "",
) -> HttpResponse:
    page = selectors.case_page(request.user, subject=subject, requirement=requirement)
    if page is None:
        return render(
            request,
            "casework/no_case.html",
            {"subject": subject, "requirement": requirement},
            status=404,
        )
    version = services.case_version(subject=subject, requirement=requirement)
    if assign is None:
        assign = AssignForm(
            initial={"assignee": page.case.assignee if page.case else None, "version": version}
        )
    return render(
        request,
        "casework/case.html",
        {
            "page": page,
            "assign": assign,
            "note": note or NoteForm(initial={"version": version}),
            "may_work": allows(request.user, "cases.work"),
            "nav": "cases",
            # a case a complaint from the public opened: the complaint's own page
            "complaint_code": (
                subject.removeprefix(services.COMPLAINT_PREFIX)
                if requirement == services.COMPLAINTS
                and subject.startswith(services.COMPLAINT_PREFIX)
                else ""
            ),
            "stale": stale,
            "stale_what": stale_what,
            "since": selectors.change_words(stale.since, me=request.user) if stale else [],
        },
        status=status,
    )


@door
def case(request: HttpRequest, subject: str, requirement: str) -> HttpResponse:
    return _render_case(request, subject, requirement)


@require_POST
@door
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
            version=form.cleaned_data["version"],
        )
    except services.StaleCase as stale:
        # the person's choice again, at the case's version now: to save, or to leave
        again = AssignForm(
            initial={"assignee": form.cleaned_data["assignee"], "version": stale.version}
        )
        return _render_case(
            request,
            subject,
            requirement,
            assign=again,
            status=409,
            stale=stale,
            stale_what="assign",
        )
    except services.CaseworkError as exc:
        form.add_error("assignee", str(exc))
        return _render_case(request, subject, requirement, assign=form, status=400)
    messages.success(request, _("Assignment saved."))
    return redirect("casework:case", subject, requirement)


@require_POST
@door
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
            version=form.cleaned_data["version"],
        )
    except services.StaleCase as stale:
        again = NoteForm(initial={"text": form.cleaned_data["text"], "version": stale.version})
        return _render_case(
            request, subject, requirement, note=again, status=409, stale=stale, stale_what="note"
        )
    except services.CaseworkError as exc:
        form.add_error("text", str(exc))
        return _render_case(request, subject, requirement, note=form, status=400)
    messages.success(request, _("Note saved."))
    return redirect("casework:case", subject, requirement)


@door
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
    waiting = [
        (case, case.subject.removeprefix(services.COMPLAINT_PREFIX))
        for case in selectors.complaints_waiting()
    ]
    return render(request, "casework/mine.html", {"rows": rows, "waiting": waiting, "nav": "cases"})


@require_POST
@door
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
                messages.error(
                    request,
                    _("%(field)s: %(problems)s")
                    % {"field": form.fields[name].label, "problems": " ".join(errors)},
                )
        return redirect(back)
    assignee = form.cleaned_data["assignee"]
    try:
        cases = services.assign_cases(
            obligations=form.cleaned_data["obligations"],
            assignee=assignee,
            actor=request.user,
            shown=form.cleaned_data["shown"],
        )
    except services.CaseworkError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    if assignee is None:
        done = ngettext(
            "%(count)s case assigned to nobody.", "%(count)s cases assigned to nobody.", len(cases)
        ) % {"count": len(cases)}
    else:
        done = ngettext(
            "%(count)s case assigned to %(who)s.",
            "%(count)s cases assigned to %(who)s.",
            len(cases),
        ) % {"count": len(cases), "who": assignee.get_username()}
    messages.success(request, done)
    return redirect(back)


# --------------------------------------------------------------------------- inspections


def _forbidden(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "casework/not_your_visit.html", {"message": message}, status=403)


def _visit_or_404(request: HttpRequest, pk: int):
    visit = selectors.visit(pk)
    if visit is None:
        return None, render(
            request,
            "staff/not_found.html",
            {"key": _("inspection visit %(number)s") % {"number": pk}},
            status=404,
        )
    return visit, None


@door
def inspection_start(request: HttpRequest, subject: str) -> HttpResponse:
    """Choose the visit to make of a business, premises or permit, and its day."""
    place = selectors.place_of(subject)
    if place is None:
        return render(request, "staff/not_found.html", {"key": subject}, status=404)
    kinds = [
        (kind.slug, kind.title)
        for kind in VISIT_KINDS.values()
        if place.fact_type in kind.subject_types and services.may_inspect(request.user, kind.slug)
    ]
    named = titles([subject]).get(subject)
    if not kinds:
        return _forbidden(
            request,
            _("No visit of %(subject)s is your role's work.")
            % {"subject": named.text if named else subject},
        )
    form = StartVisitForm(
        request.POST or None, kinds=kinds, initial={"visit_date": timezone.localdate()}
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                visit = services.start_visit(
                    kind=form.cleaned_data["kind"],
                    subject=subject,
                    visit_date=form.cleaned_data["visit_date"],
                    actor=request.user,
                )
            except services.InspectionError as exc:
                form.add_error(exc.field if exc.field in form.fields else None, str(exc))
            else:
                first = VISIT_KINDS[visit.kind].steps[0]
                return redirect("casework:inspection_step", visit.pk, first.slug)
        status = 400
    return render(
        request,
        "casework/inspection_start.html",
        {"form": form, "subject": named, "subject_key": subject, "nav": "cases"},
        status=status,
    )


@door
def inspection(request: HttpRequest, pk: int) -> HttpResponse:
    """A visit: what was answered, its photos and signature with their SHA-256, who
    and when, and the facts it recorded."""
    visit, missing = _visit_or_404(request, pk)
    if missing:
        return missing
    require(request.user, "evidence.view", visit)
    spec = VISIT_KINDS[visit.kind]
    place = selectors.place_of(visit.subject)
    return render(
        request,
        "casework/inspection.html",
        {
            "visit": visit,
            "spec": spec,
            "subject": titles([visit.subject]).get(visit.subject),
            "answers": answer_rows(spec, visit.answers or {}, place),
            "photos": selectors.photos_of(visit),
            "signature": selectors.signature_of(visit),
            "recorded": [titles(visit.recorded_keys).get(k) or k for k in visit.recorded_keys],
            "may_continue": visit.state == visit.DRAFT
            and services.may_inspect(request.user, visit.kind),
            # a mistaken photo is voided even after the visit is finished
            "may_void": services.may_inspect(request.user, visit.kind),
            "nav": "cases",
        },
    )


def _step_form(visit, step, place, data=None, files=None):
    spec = VISIT_KINDS[visit.kind]
    initial = (visit.answers or {}).get(step.slug)
    kwargs = {}
    if step.slug == "interceptor":
        kwargs["devices"] = list(place.interceptors) if place else []
    elif step.slug == "pressure_test":
        kwargs["permits"] = list(place.permits) if place else []
    elif step.slug == "findings":
        kwargs["program"] = spec.program
    return STEP_FORMS[step.slug](data, files, initial=initial, **kwargs)


@door
def inspection_step(request: HttpRequest, pk: int, step: str) -> HttpResponse:
    """One step of a visit: its form (kept on the draft), the photos, the signature,
    or the review that finishes the visit."""
    visit, missing = _visit_or_404(request, pk)
    if missing:
        return missing
    spec = VISIT_KINDS[visit.kind]
    current = spec.step(step)
    if current is None:
        return render(
            request,
            "staff/not_found.html",
            {"key": _("step %(step)s") % {"step": step}},
            status=404,
        )
    if not services.may_inspect(request.user, visit.kind):
        return _forbidden(
            request, _("A %(visit)s is not your role's work.") % {"visit": spec.title}
        )
    if visit.state != visit.DRAFT:
        return redirect("casework:inspection", visit.pk)
    place = selectors.place_of(visit.subject)
    index = spec.steps.index(current)
    following = spec.steps[index + 1] if index + 1 < len(spec.steps) else None
    context: dict = {
        "visit": visit,
        "spec": spec,
        "step": current,
        "number": index + 1,
        "following": following,
        "previous": spec.steps[index - 1] if index else None,
        "subject": titles([visit.subject]).get(visit.subject),
        "nav": "cases",
    }
    status = 200
    form = None
    problems: list[str] = []
    # bound on every POST, an empty one too (no box ticked is an answer)
    posted = request.POST if request.method == "POST" else None
    if current.kind == "form":
        form = _step_form(visit, current, place, posted)
        if request.method == "POST":
            if form.is_valid():
                services.save_step(
                    visit=visit, step=current.slug, answers=form.answers(), actor=request.user
                )
                return redirect("casework:inspection_step", visit.pk, following.slug)
            status = 400
    elif current.kind == "photos":
        form = PhotoForm(posted, request.FILES if posted is not None else None)
        if request.method == "POST":
            if request.POST.get("next") == "1" and not request.FILES:
                return redirect("casework:inspection_step", visit.pk, following.slug)
            if form.is_valid():
                upload = form.cleaned_data["photo"]
                try:
                    services.add_photo(
                        visit=visit,
                        data=upload.read(),
                        file_name=upload.name,
                        caption=form.cleaned_data["caption"],
                        actor=request.user,
                    )
                except services.InspectionError as exc:
                    form.add_error("photo", str(exc))
                else:
                    messages.success(request, _("Photo kept."))
                    return redirect("casework:inspection_step", visit.pk, current.slug)
            status = 400
        context["photos"] = selectors.photos_of(visit)
    elif current.kind == "signature":
        signature = selectors.signature_of(visit)
        context["signature"] = signature
        if signature is None:
            form = SignatureForm(posted)
            if request.method == "POST":
                if form.is_valid():
                    try:
                        services.sign(
                            visit=visit,
                            signer_name=form.cleaned_data["signer_name"],
                            drawing=form.cleaned_data["drawing"],
                            refused=form.cleaned_data["refused"],
                            note=form.cleaned_data["note"],
                            actor=request.user,
                        )
                    except services.InspectionError as exc:
                        form.add_error(
                            exc.field if exc.field in form.fields else "signer_name", str(exc)
                        )
                    else:
                        return redirect("casework:inspection_step", visit.pk, following.slug)
                status = 400
        elif request.method == "POST":
            return redirect("casework:inspection_step", visit.pk, following.slug)
    else:  # review
        if request.method == "POST":
            try:
                services.finish_visit(visit=visit, actor=request.user)
            except services.InspectionError as exc:
                problems = exc.problems
                status = 400
            else:
                messages.success(request, _("Inspection finished and recorded."))
                return redirect("casework:inspection_findings", visit.pk)
        context["answers"] = answer_rows(spec, visit.answers or {}, place)
        context["photos"] = selectors.photos_of(visit)
        context["signature"] = selectors.signature_of(visit)
    context["form"] = form
    context["problems"] = problems
    context["steps"] = [
        (s, "complete" if i < index else "current" if i == index else "")
        for i, s in enumerate(spec.steps)
    ]
    return render(request, "casework/inspection_step.html", context, status=status)


@require_POST
@door
def inspection_photo_void(request: HttpRequest, pk: int, photo: int) -> HttpResponse:
    visit, missing = _visit_or_404(request, pk)
    if missing:
        return missing
    require(request.user, "inspections.make", visit)
    kept = visit.photos.filter(pk=photo).first()
    if kept is None:
        return render(
            request,
            "staff/not_found.html",
            {"key": _("photo %(number)s") % {"number": photo}},
            status=404,
        )
    form = VoidPhotoForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the photo is voided."))
    else:
        try:
            services.void_photo(photo=kept, why=form.cleaned_data["why"], actor=request.user)
        except services.InspectionError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Photo voided; it is kept with the reason."))
    return redirect("casework:inspection", visit.pk)


def _evidence_response(kind: str, sha256: str, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(evidence.read(kind, sha256), content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{name}"'
    response["Cache-Control"] = "private, max-age=3600"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@door
def inspection_photo(request: HttpRequest, pk: int, photo: int) -> HttpResponse:
    """A photo's original bytes, as taken."""
    visit, missing = _visit_or_404(request, pk)
    if missing:
        return missing
    require(request.user, "evidence.view", visit)
    kept = visit.photos.filter(pk=photo).first()
    if kept is None:
        return render(
            request,
            "staff/not_found.html",
            {"key": _("photo %(number)s") % {"number": photo}},
            status=404,
        )
    extension = kept.content_type.split("/")[-1]
    return _evidence_response(
        "photos", kept.sha256, kept.content_type, f"{kept.sha256}.{extension}"
    )


@door
def inspection_signature(request: HttpRequest, pk: int) -> HttpResponse:
    """The drawn signature, as drawn (PNG)."""
    visit, missing = _visit_or_404(request, pk)
    if missing:
        return missing
    require(request.user, "evidence.view", visit)
    signature = selectors.signature_of(visit)
    if signature is None or not signature.sha256:
        return render(request, "staff/not_found.html", {"key": _("signature")}, status=404)
    return _evidence_response(
        "signatures", signature.sha256, "image/png", f"{signature.sha256}.png"
    )


@door
def inspection_findings(request: HttpRequest, pk: int) -> HttpResponse:
    """Where a visit ends: the findings about the subject as of the visit's day."""
    visit, missing = _visit_or_404(request, pk)
    if missing:
        return missing
    require(request.user, "evidence.view", visit)
    found = selectors.visit_findings(request.user, visit=visit, today=timezone.localdate())
    return render(
        request,
        "casework/inspection_findings.html",
        {"found": found, "visit": visit, "spec": VISIT_KINDS[visit.kind], "nav": "cases"},
    )
