"""The notice pages. Thin: a view validates its form, calls one service or asks the
selectors, and renders. A refused change is shown beside the notice with its
reason; a change to a served notice answers 409."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from sanitas.intake.feeds import spreadsheet_safe
from sanitas.notices import forms, selectors, services
from sanitas.notices import render as documents
from sanitas.notices.kinds import LANGUAGE_NAMES, kinds
from sanitas.notices.models import STATES
from sanitas.web import selectors as web_selectors

#: who may see a page: staff (a role, or a superuser) or a hearing officer
NOTICES = "notices"


def notices_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not selectors.may_use_notices(request.user):
            return render(request, "staff/forbidden.html", status=403)
        return view(request, *args, **kwargs)

    wrapper.access = NOTICES  # type: ignore[attr-defined]
    return wrapper


def _actor(request: HttpRequest) -> str:
    return request.user.get_username()


def _get(request: HttpRequest, notice_id: int):
    notice = selectors.notice(request.user, notice_id)
    if notice is None:
        raise Http404(f"notice {notice_id}: no such notice")
    return notice


def _detail(request: HttpRequest, notice, *, status: int = 200, **extra: Any) -> HttpResponse:
    as_of_form = forms.AsOfForm(request.GET)
    as_of = as_of_form.cleaned_data.get("as_of") if as_of_form.is_valid() else None
    today = services.worklist_as_of()
    content, problems = None, list(extra.pop("problems", []))
    try:
        content = services.preview(notice)
    except services.NoticeError as exc:
        problems += exc.problems
    proposal = selectors.proposal(notice, as_of=as_of or today) if notice.served else None
    document = (
        documents.document_context(
            content, digest=notice.content_sha256 or None, served=content.get("service")
        )
        if content
        else {"parts": [], "served": None}
    )
    context = {
        "nav": "notices",
        "notice": notice,
        "kind": selectors.kind_of(notice),
        "content": content,
        "problems": problems,
        "events": notice.events.all(),
        "as_of_form": as_of_form,
        "as_of": as_of or today,
        "proposal": proposal,
        "balance": selectors.balance(notice, today=as_of or today),
        "payments": notice.payments.all(),
        "extensions": notice.extensions.all(),
        "appeals": notice.appeals.select_related("hearing").all(),
        "citations": notice.citations.all(),
        "may_approve": selectors.may_approve(request.user),
        "is_hearing_officer": selectors.is_hearing_officer(request.user),
        "requires_approval": services.requires_approval(notice.kind, today),
        "edit_form": forms.EditForm(
            initial={
                "remarks": notice.remarks,
                "language": notice.language,
                "email": notice.email,
                "amount": notice.amount,
            }
        ),
        "serve_form": forms.ServeForm(initial={"served_on": today}),
        "comply_form": forms.ComplyForm(prefix="comply", initial={"complied_on": today}),
        "rescind_form": forms.ReasonForm(prefix="rescind"),
        "supersede_form": forms.ReasonForm(prefix="supersede"),
        "payment_form": forms.PaymentForm(initial={"paid_on": today, "amount": notice.amount}),
        "extension_form": forms.ExtensionRequestForm(initial={"requested_on": today}),
        "decision_form": forms.ExtensionDecisionForm(
            prefix="extension", initial={"decided_on": today}
        ),
        "appeal_form": forms.AppealForm(initial={"filed_on": today}),
        "hearing_form": forms.HearingForm(),
        "order_form": forms.DecisionForm(prefix="order", initial={"decided_on": today}),
        "language_name": LANGUAGE_NAMES.get(notice.language, notice.language),
        "preview_parts": document["parts"],
        "served": document["served"],
        **extra,
    }
    return render(request, "notices/detail.html", context, status=status)


def _act(request: HttpRequest, notice, action: Callable[[], Any], done: str) -> HttpResponse:
    """Run a service; on refusal show the notice with the reasons (409 for a change
    to a served notice)."""
    try:
        action()
    except services.NoticeError as exc:
        notice.refresh_from_db()
        return _detail(request, notice, status=exc.status, problems=exc.problems)
    messages.success(request, done)
    return redirect("notices:detail", notice_id=notice.pk)


def _invalid(request: HttpRequest, notice, form) -> HttpResponse:
    problems = [f"{name}: {' '.join(errors)}" for name, errors in form.errors.items()]
    return _detail(request, notice, status=422, problems=problems)


# --------------------------------------------------------------------------- pages


@notices_required
def notice_list(request: HttpRequest) -> HttpResponse:
    code = request.GET.get("code", "").strip()
    if code:
        found = selectors.notice_by_code(request.user, code)
        if found is not None:
            return redirect("notices:detail", notice_id=found.pk)
        messages.error(request, f"No notice has the case code {code}.")
    return _list(request)


def _list(request: HttpRequest, *, serve_form=None, status: int = 200) -> HttpResponse:
    state = request.GET.get("state", "")
    kind_key = request.GET.get("kind", "")
    rows = selectors.notices(
        request.user,
        state=state if state in dict(STATES) else "",
        kind_key=kind_key if kind_key in kinds() else "",
    )
    page = Paginator(rows, 50).get_page(request.GET.get("page"))
    ready = selectors.ready_to_serve(request.user)
    if serve_form is None:
        serve_form = forms.ServeBatchForm(
            ready=ready,
            initial={"served_on": services.worklist_as_of(), "method": "first_class_mail"},
        )
    names = web_selectors.titles([n.subject for n in [*page, *ready]])
    for notice in [*page, *ready]:  # what a person calls the record the notice is about
        found = names.get(notice.subject)
        notice.subject_name = (
            "" if found is None else f"{found.owner}: {found.text}" if found.owner else found.text
        )
    return render(
        request,
        "notices/list.html",
        {
            "nav": "notices",
            "page": page,
            "states": STATES,
            "kinds": kinds().values(),
            "state": state,
            "kind_key": kind_key,
            "batch_form": forms.BatchForm(),
            "serve_form": serve_form,
            "ready": ready,
            "chosen": {str(v) for v in serve_form["notices"].value() or ()},
        },
        status=status,
    )


@require_POST
@notices_required
def serve_batch(request: HttpRequest) -> HttpResponse:
    """Serve the chosen notices together as a background job; its page follows it."""
    from sanitas.jobs import services as jobs

    ready = selectors.ready_to_serve(request.user)
    form = forms.ServeBatchForm(request.POST, ready=ready)
    if not form.is_valid():
        return _list(request, serve_form=form, status=400)
    data = form.cleaned_data
    try:
        job = jobs.start_notice_batch(
            user=request.user,
            notice_ids=data["notices"],
            served_on=data["served_on"],
            method=data["method"],
        )
    except jobs.JobError as refused:
        for problem in refused.problems:
            form.add_error(None, problem)
        return _list(request, serve_form=form, status=400)
    count = len(data["notices"])
    messages.success(request, f"Serving {count} notice{'s' if count != 1 else ''} as a job.")
    return redirect("jobs:job", pk=job.pk)


@notices_required
def draft(request: HttpRequest) -> HttpResponse:
    """GET: the finding and the kinds of document that answer it. POST: draft one."""
    source = request.POST if request.method == "POST" else request.GET
    finding_id = source.get("finding")
    finding = (
        selectors.finding(
            request.user,
            finding_id=int(finding_id) if finding_id and finding_id.isdigit() else None,
            requirement=source.get("requirement", ""),
            subject=source.get("subject", ""),
            period=source.get("period", ""),
        )
        if finding_id or source.get("requirement")
        else None
    )
    if finding is None:
        return render(
            request, "notices/draft.html", {"nav": "notices", "finding": None}, status=404
        )
    offered = selectors.offered_kinds(finding.requirement, finding.status)
    problems: list[str] = []
    if request.method == "POST":
        try:
            notice = services.draft_notice(
                finding_id=finding.pk, actor=_actor(request), kind_key=source.get("kind") or None
            )
        except services.NoticeError as exc:
            problems = exc.problems
        else:
            messages.success(request, f"Drafted {selectors.kind_of(notice).title()} {notice.code}.")
            return redirect("notices:detail", notice_id=notice.pk)
    return render(
        request,
        "notices/draft.html",
        {
            "nav": "notices",
            "finding": finding,
            "offered": offered,
            "problems": problems,
            "existing": selectors.notices_for_finding(finding),
        },
        status=422 if problems else 200,
    )


@notices_required
def detail(request: HttpRequest, notice_id: int) -> HttpResponse:
    return _detail(request, _get(request, notice_id))


@notices_required
def pdf(request: HttpRequest, notice_id: int) -> HttpResponse:
    """The served PDF as frozen; for a draft, a preview marked as a draft."""
    notice = _get(request, notice_id)
    if notice.served:
        data = bytes(notice.pdf)
    else:
        try:
            content = services.preview(notice)
        except services.NoticeError as exc:
            return _detail(request, notice, status=422, problems=exc.problems)
        data = documents.pdf(documents.document_html(content))
    response = HttpResponse(data, content_type="application/pdf")
    name = f"{notice.code}{'' if notice.served else '-draft'}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@require_POST
@notices_required
def edit(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.EditForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    data = form.cleaned_data
    return _act(
        request,
        notice,
        lambda: services.edit_draft(
            notice_id=notice.pk,
            actor=_actor(request),
            remarks=data["remarks"],
            language=data["language"],
            email=data["email"],
            amount=data["amount"],
        ),
        "The draft was saved.",
    )


@require_POST
@notices_required
def approve(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    if not selectors.may_approve(request.user):
        return _detail(
            request,
            notice,
            status=403,
            problems=["approval: only a notice supervisor approves a notice"],
        )
    return _act(
        request,
        notice,
        lambda: services.approve_notice(notice_id=notice.pk, actor=_actor(request)),
        "Approved.",
    )


@require_POST
@notices_required
def serve(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.ServeForm(request.POST, request.FILES)
    if not form.is_valid():
        return _invalid(request, notice, form)
    data = form.cleaned_data
    proof = data.get("proof")
    served_at = None
    if data.get("served_at"):
        served_at = timezone.make_aware(
            timezone.datetime.combine(data["served_on"], data["served_at"])
        )
    return _act(
        request,
        notice,
        lambda: services.serve_notice(
            notice_id=notice.pk,
            actor=_actor(request),
            method=data["method"],
            served_on=data["served_on"],
            served_at=served_at,
            served_by=data.get("served_by") or None,
            proof=proof.read() if proof else None,
            proof_name=proof.name if proof else "",
        ),
        "Served. The notice is frozen; its clock starts today.",
    )


@require_POST
@notices_required
def comply(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.ComplyForm(request.POST, prefix="comply")
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.record_compliance(
            notice_id=notice.pk,
            actor=_actor(request),
            complied_on=form.cleaned_data["complied_on"],
            why=form.cleaned_data["why"],
        ),
        "Compliance recorded.",
    )


@require_POST
@notices_required
def rescind(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.ReasonForm(request.POST, prefix="rescind")
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.rescind_notice(
            notice_id=notice.pk, actor=_actor(request), why=form.cleaned_data["why"]
        ),
        "Rescinded.",
    )


@require_POST
@notices_required
def supersede(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.ReasonForm(request.POST, prefix="supersede")
    if not form.is_valid():
        return _invalid(request, notice, form)
    try:
        new = services.supersede_notice(
            notice_id=notice.pk, actor=_actor(request), why=form.cleaned_data["why"]
        )
    except services.NoticeError as exc:
        return _detail(request, notice, status=exc.status, problems=exc.problems)
    messages.success(request, f"Drafted {new.code}, which corrects {notice.code} once served.")
    return redirect("notices:detail", notice_id=new.pk)


@require_POST
@notices_required
def cite(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.AsOfForm(request.POST)
    as_of = form.cleaned_data.get("as_of") if form.is_valid() else None
    try:
        citation = services.draft_citation(notice_id=notice.pk, actor=_actor(request), as_of=as_of)
    except services.NoticeError as exc:
        return _detail(request, notice, status=exc.status, problems=exc.problems)
    messages.success(request, f"Drafted citation {citation.code}.")
    return redirect("notices:detail", notice_id=citation.pk)


@require_POST
@notices_required
def payment(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.PaymentForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.record_payment(
            citation_id=notice.pk, actor=_actor(request), **form.cleaned_data
        ),
        "Payment recorded.",
    )


@require_POST
@notices_required
def extension(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.ExtensionRequestForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    data = form.cleaned_data
    return _act(
        request,
        notice,
        lambda: services.request_extension(
            notice_id=notice.pk,
            actor=_actor(request),
            requested_on=data["requested_on"],
            reason=data["reason"],
            explanation=data["explanation"],
            corrective_action_plan=data["corrective_action_plan"] or None,
        ),
        "Extension request recorded.",
    )


@require_POST
@notices_required
def extension_decide(request: HttpRequest, notice_id: int, request_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    if not selectors.may_approve(request.user):
        return _detail(
            request,
            notice,
            status=403,
            problems=["extension: only a notice supervisor decides an extension"],
        )
    form = forms.ExtensionDecisionForm(request.POST, prefix="extension")
    if not form.is_valid():
        return _invalid(request, notice, form)
    data = form.cleaned_data
    if not notice.extensions.filter(pk=request_id).exists():
        raise Http404(f"extension request {request_id}: not on this notice")
    return _act(
        request,
        notice,
        lambda: services.decide_extension(
            request_id=request_id,
            actor=_actor(request),
            granted=data["granted"],
            decided_on=data["decided_on"],
            new_due_on=data["new_due_on"],
        ),
        "Extension decided.",
    )


@require_POST
@notices_required
def appeal(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.AppealForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.file_appeal(
            citation_id=notice.pk, actor=_actor(request), **form.cleaned_data
        ),
        "Appeal filed.",
    )


@require_POST
@notices_required
def hearing(request: HttpRequest, notice_id: int, appeal_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    if not selectors.may_approve(request.user):
        return _detail(
            request,
            notice,
            status=403,
            problems=["hearing: only a notice supervisor schedules a hearing"],
        )
    form = forms.HearingForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    if not notice.appeals.filter(pk=appeal_id).exists():
        raise Http404(f"appeal {appeal_id}: not on this citation")
    return _act(
        request,
        notice,
        lambda: services.schedule_hearing(
            appeal_id=appeal_id, actor=_actor(request), **form.cleaned_data
        ),
        "Hearing scheduled.",
    )


@require_POST
@notices_required
def hearing_decide(request: HttpRequest, notice_id: int, hearing_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    form = forms.DecisionForm(request.POST, prefix="order")
    if not form.is_valid():
        return _invalid(request, notice, form)
    if not notice.appeals.filter(hearing__pk=hearing_id).exists():
        raise Http404(f"hearing {hearing_id}: not on this citation")
    return _act(
        request,
        notice,
        lambda: services.decide_hearing(
            hearing_id=hearing_id, actor=_actor(request), **form.cleaned_data
        ),
        "The final written order is recorded.",
    )


@notices_required
def order_pdf(request: HttpRequest, notice_id: int, hearing_id: int) -> HttpResponse:
    notice = _get(request, notice_id)
    found = [a.hearing for a in notice.appeals.all() if hasattr(a, "hearing")]
    hearing_ = next((h for h in found if h.pk == hearing_id and h.order_pdf), None)
    if hearing_ is None:
        raise Http404(f"hearing {hearing_id}: no order")
    response = HttpResponse(bytes(hearing_.order_pdf), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{notice.code}-order.pdf"'
    return response


MAILED = ("first_class_mail", "certified_mail")


def _batch(request: HttpRequest):
    form = forms.BatchForm(request.GET)
    if not form.is_valid():
        return None, form
    return selectors.served_for_batch(
        request.user, served_on=form.cleaned_data["served_on"], methods=MAILED
    ), form


@notices_required
def batch_pdf(request: HttpRequest) -> HttpResponse:
    """The notices mailed on a day, as one PDF for the mail house."""
    rows, form = _batch(request)
    if not rows:
        messages.error(
            request,
            "No notices were mailed on that day."
            if rows is not None
            else "Give the day the notices were served.",
        )
        return redirect(reverse("notices:list"))
    data = documents.batch_pdf([n.html for n in rows])
    response = HttpResponse(data, content_type="application/pdf")
    day = form.cleaned_data["served_on"].isoformat()
    response["Content-Disposition"] = f'attachment; filename="notices-{day}.pdf"'
    return response


@notices_required
def batch_csv(request: HttpRequest) -> HttpResponse:
    """The addresses of the notices mailed on a day, in the order of the batch PDF."""
    rows, form = _batch(request)
    if rows is None:
        messages.error(request, "Give the day the notices were served.")
        return redirect(reverse("notices:list"))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["case_code", "kind", "method", "name", "business", "address", "language"])
    for notice in rows:
        recipient = notice.recipient_snapshot
        for person in [recipient, *recipient.get("copies", [])]:
            # names and addresses are stored as given: a mail house's spreadsheet
            # must not run one as a formula
            writer.writerow(
                [
                    spreadsheet_safe(str(value))
                    for value in (
                        notice.code,
                        notice.kind,
                        notice.method,
                        person["name"],
                        person.get("business") or "",
                        person["address"],
                        person.get("language", "en"),
                    )
                ]
            )
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    day = form.cleaned_data["served_on"].isoformat()
    response["Content-Disposition"] = f'attachment; filename="notices-{day}.csv"'
    return response
