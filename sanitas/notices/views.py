"""The notice pages. Thin: a view validates its form, calls one service or asks the
selectors, and renders. Who may open each page is the access policy's door
(:mod:`sanitas.access.doors`); each view then asks the policy about the notice it opened
(its program; the hearing's officer) before it reads a form, and the page offers only the
actions the state table (:mod:`sanitas.notices.flow`) and the policy allow. A refused
change is shown beside the notice with its reason; a change to a served notice answers
409."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from sanitas.access.doors import door, require
from sanitas.access.policy import About, allows
from sanitas.intake.feeds import spreadsheet_safe
from sanitas.kit.titles import titles
from sanitas.notices import flow, forms, selectors, services
from sanitas.notices import render as documents
from sanitas.notices import versions as notice_versions
from sanitas.notices.kinds import LANGUAGE_NAMES, kinds
from sanitas.notices.models import STATES, Hearing
from sanitas.notices.templatetags.notice_words import kind_name
from sanitas.records.worklist import program_of


def _actor(request: HttpRequest) -> str:
    return request.user.get_username()


def _get(request: HttpRequest, notice_id: int, need: str = "notices.view"):
    """The notice, once the access policy lets the user do ``need`` to it (404 when there
    is no such notice, 403 when it is not theirs to read or act on)."""
    from sanitas.notices.models import Notice

    notice = Notice.objects.select_related("cites_notice").filter(pk=notice_id).first()
    if notice is None:
        raise Http404(f"notice {notice_id}: no such notice")
    require(request.user, "notices.view", notice)
    if need != "notices.view":
        require(request.user, need, notice)
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
    proposal = (
        selectors.proposal(notice, as_of=as_of or today, today=timezone.localdate())
        if notice.served
        else None
    )
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
        # what the state table and the access policy let this user do to this notice
        "can": flow.offered(request.user, notice),
        "decides": {
            appeal.hearing.pk
            for appeal in notice.appeals.select_related("hearing")
            if hasattr(appeal, "hearing")
            and not appeal.hearing.decision
            and allows(request.user, "hearings.decide", appeal.hearing)
        },
        "requires_approval": services.requires_approval(notice.kind, today),
        # what every change of it carries: the version the page shows
        "version": notice_versions.version_of(notice),
        "edit_form": _edit_form(notice),
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
        "hearing_form": forms.HearingForm(officers=selectors.hearing_officers()),
        "order_form": forms.DecisionForm(
            prefix="order", initial={"decided_on": timezone.localdate()}
        ),
        "language_name": LANGUAGE_NAMES.get(notice.language, notice.language),
        # the record it is about, as every page titles it
        "subject": titles([notice.subject]).get(notice.subject),
        "preview_parts": document["parts"],
        "served": document["served"],
        # a served notice is shown as it was served, never re-worded
        "frozen": mark_safe(documents.frozen_body(notice.html)) if notice.served else "",
        **extra,
    }
    return render(request, "notices/detail.html", context, status=status)


def _edit_form(notice, parts: dict[str, Any] | None = None) -> forms.EditForm:
    """The draft's form: its parts (as they stand, or ``parts``), the version it is
    opened at, and the parts as they stand then."""
    now = notice_versions.parts_of(notice)
    return forms.EditForm(
        initial={
            **(parts or now),
            "version": notice_versions.version_of(notice),
            "was": {k: (str(v) if v is not None else None) for k, v in now.items()},
        }
    )


def _act(
    request: HttpRequest,
    notice,
    action: Callable[[], Any],
    done: str,
    *,
    asked: str = "",
    yours: dict[str, Any] | None = None,
    was: dict[str, Any] | None = None,
) -> HttpResponse:
    """Run a service; on refusal show the notice with the reasons (409 for a change
    to a served notice, or one made from a version older than the notice's: then with
    what happened since, and for an edit the form holding the draft as it stands with
    the person's change on top)."""
    try:
        action()
    except services.StaleNotice as stale:
        notice.refresh_from_db()
        words = notice_versions.describe(
            notice, version=stale.version, asked=asked, yours=yours, was=was, me=request.user
        )
        extra: dict[str, Any] = {"conflict": words}
        if asked == "edit":
            extra["edit_form"] = _edit_form(notice, words.merged)
        return _detail(request, notice, status=409, **extra)
    except services.NoticeError as exc:
        notice.refresh_from_db()
        return _detail(request, notice, status=exc.status, problems=exc.problems)
    messages.success(request, done)
    return redirect("notices:detail", notice_id=notice.pk)


def _invalid(request: HttpRequest, notice, form) -> HttpResponse:
    # each problem named by the field's label, in the page's language
    problems = [
        f"{form[name].label}: {' '.join(errors)}" if name in form.fields else " ".join(errors)
        for name, errors in form.errors.items()
    ]
    return _detail(request, notice, status=422, problems=problems)


# --------------------------------------------------------------------------- pages


@door
def notice_list(request: HttpRequest) -> HttpResponse:
    code = request.GET.get("code", "").strip()
    if code:
        found = selectors.notice_by_code(request.user, code)
        if found is not None:
            return redirect("notices:detail", notice_id=found.pk)
        messages.error(request, _("No notice has the case code %(code)s.") % {"code": code})
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
    ready = _ready(request)
    if serve_form is None:
        serve_form = forms.ServeBatchForm(
            ready=ready,
            initial={"served_on": services.worklist_as_of(), "method": "first_class_mail"},
        )
    names = titles([n.subject for n in [*page, *ready]])
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
            "may_serve": allows(request.user, "notices.serve"),
            "chosen": {str(v) for v in serve_form["notices"].value() or ()},
        },
        status=status,
    )


def _ready(request: HttpRequest) -> list[Any]:
    """The drafts and approved notices the user may serve."""
    return [
        n
        for n in selectors.ready_to_serve(request.user)
        if allows(request.user, "notices.serve", n)
    ]


@door
def serve_batch(request: HttpRequest) -> HttpResponse:
    """Serve the chosen notices together as a background job; its page follows it."""
    from sanitas.jobs import services as jobs
    from sanitas.notices import batch

    ready = _ready(request)
    form = forms.ServeBatchForm(request.POST, ready=ready)
    if not form.is_valid():
        return _list(request, serve_form=form, status=400)
    data = form.cleaned_data
    try:
        job = batch.start_notice_batch(
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
    messages.success(
        request,
        ngettext("Serving %(count)d notice as a job.", "Serving %(count)d notices as a job.", count)
        % {"count": count},
    )
    return redirect("jobs:job", pk=job.pk)


@door
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
    # the kinds that answer the finding and that are this user's to draft
    offered = [
        k
        for k in selectors.offered_kinds(finding.requirement, finding.status)
        if allows(request.user, "notices.draft", About.program(k.program))
    ]
    if not offered and selectors.offered_kinds(finding.requirement, finding.status):
        require(request.user, "notices.draft", About.program(program_of(finding.requirement)))
    problems: list[str] = []
    # a certificate of final inspection is offered only for a permit that may have it;
    # otherwise the page says why, each reason with its record
    certificate = None
    if any(k.key == "final_certificate" for k in offered):
        certificate = selectors.certificate_for(finding.subject)
        if certificate is None or certificate["blockers"]:
            offered = [k for k in offered if k.key != "final_certificate"]
    if request.method == "POST":
        chosen = source.get("kind") or (offered[0].key if offered else None)
        if chosen is not None and chosen in kinds():
            require(request.user, "notices.draft", About.program(kinds()[chosen].program))
        try:
            notice = services.draft_notice(
                finding_id=finding.pk, actor=_actor(request), kind_key=chosen
            )
        except services.CertificateRefused as exc:
            certificate = {"permit": exc.permit, "blockers": exc.blockers}
        except services.NoticeError as exc:
            problems = exc.problems
        else:
            words = {"kind": kind_name(notice.kind), "code": notice.code}
            if getattr(notice, "already_open", False):
                messages.info(
                    request,
                    _("%(kind)s %(code)s is already drafted for this finding; here it is.") % words,
                )
            else:
                messages.success(request, _("Drafted %(kind)s %(code)s.") % words)
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
            "subject": titles([finding.subject]).get(finding.subject),
            "certificate": certificate if certificate and certificate["blockers"] else None,
        },
        status=422 if problems or (request.method == "POST" and certificate) else 200,
    )


@door
def detail(request: HttpRequest, notice_id: int) -> HttpResponse:
    return _detail(request, _get(request, notice_id))


@door
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


@door
def edit(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "notices.draft")
    form = forms.EditForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    data = form.cleaned_data
    yours = {name: data[name] for name in notice_versions.EDITABLE}
    return _act(
        request,
        notice,
        lambda: services.edit_draft(
            notice_id=notice.pk,
            actor=_actor(request),
            version=data["version"] or None,
            version_required=True,
            **yours,
        ),
        _("The draft was saved."),
        asked="edit",
        yours=yours,
        was=data["was"] if isinstance(data["was"], dict) else None,
    )


@door
def approve(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "notices.approve")
    return _act(
        request,
        notice,
        lambda: services.approve_notice(
            notice_id=notice.pk,
            actor=_actor(request),
            version=request.POST.get("version") or None,
        ),
        _("Approved."),
        asked="approve",
    )


@door
def serve(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "notices.serve")
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
            version=request.POST.get("version") or None,
        ),
        _("Served. The notice is frozen; its clock starts today."),
        asked="serve",
    )


@door
def comply(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "notices.comply")
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
        _("Compliance recorded."),
    )


@door
def rescind(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "notices.rescind")
    form = forms.ReasonForm(request.POST, prefix="rescind")
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.rescind_notice(
            notice_id=notice.pk, actor=_actor(request), why=form.cleaned_data["why"]
        ),
        _("Rescinded."),
    )


@door
def supersede(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "notices.draft")
    form = forms.ReasonForm(request.POST, prefix="supersede")
    if not form.is_valid():
        return _invalid(request, notice, form)
    try:
        new = services.supersede_notice(
            notice_id=notice.pk, actor=_actor(request), why=form.cleaned_data["why"]
        )
    except services.NoticeError as exc:
        return _detail(request, notice, status=exc.status, problems=exc.problems)
    if getattr(new, "already_open", False):
        messages.info(
            request,
            _("%(new)s, a correction of %(old)s, is already drafted.")
            % {"new": new.code, "old": notice.code},
        )
    else:
        messages.success(
            request,
            _("Drafted %(new)s, which corrects %(old)s once served.")
            % {"new": new.code, "old": notice.code},
        )
    return redirect("notices:detail", notice_id=new.pk)


@door
def cite(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "notices.draft")
    # ripe or not as of the real day, whatever day the page was looking at
    try:
        citation = services.draft_citation(notice_id=notice.pk, actor=_actor(request))
    except services.NoticeError as exc:
        return _detail(request, notice, status=exc.status, problems=exc.problems)
    if getattr(citation, "already_open", False):
        messages.info(
            request,
            _("Citation %(code)s is already drafted; here it is.") % {"code": citation.code},
        )
    else:
        messages.success(request, _("Drafted citation %(code)s.") % {"code": citation.code})
    return redirect("notices:detail", notice_id=citation.pk)


@door
def payment(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "payments.record")
    form = forms.PaymentForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.record_payment(
            citation_id=notice.pk, actor=_actor(request), **form.cleaned_data
        ),
        _("Payment recorded."),
    )


@door
def extension(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "extensions.request")
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
        _("Extension request recorded."),
    )


@door
def extension_decide(request: HttpRequest, notice_id: int, request_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "extensions.decide")
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
        _("Extension decided."),
    )


@door
def appeal(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "appeals.file")
    form = forms.AppealForm(request.POST)
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.file_appeal(
            citation_id=notice.pk, actor=_actor(request), **form.cleaned_data
        ),
        _("Appeal filed."),
    )


@door
def hearing(request: HttpRequest, notice_id: int, appeal_id: int) -> HttpResponse:
    notice = _get(request, notice_id, "hearings.schedule")
    form = forms.HearingForm(request.POST, officers=selectors.hearing_officers())
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
        _("Hearing scheduled."),
    )


@door
def hearing_decide(request: HttpRequest, notice_id: int, hearing_id: int) -> HttpResponse:
    """The assigned hearing officer's final written order, signed with their full name
    and their role's title."""
    from sanitas.access.roles import ROLES

    notice = _get(request, notice_id)
    found = Hearing.objects.filter(pk=hearing_id, appeal__citation=notice).first()
    if found is None:
        raise Http404(f"hearing {hearing_id}: not on this citation")
    require(request.user, "hearings.decide", found)
    form = forms.DecisionForm(request.POST, prefix="order")
    if not form.is_valid():
        return _invalid(request, notice, form)
    return _act(
        request,
        notice,
        lambda: services.decide_hearing(
            hearing_id=hearing_id,
            actor=_actor(request),
            officer_name=request.user.get_full_name(),
            officer_title=ROLES["hearing_officer"].title,
            **form.cleaned_data,
        ),
        _("The final written order is recorded."),
    )


@door
def hearings(request: HttpRequest) -> HttpResponse:
    """A hearing officer's page: the hearings assigned to them by date, the undecided
    first (a supervisor and an auditor see every hearing)."""
    rows = selectors.hearings(request.user)
    today = timezone.localdate()
    return render(
        request,
        "notices/hearings.html",
        {
            "nav": "hearings",
            "upcoming": [h for h in rows if not h.decision],
            "decided": [h for h in rows if h.decision],
            "today": today,
        },
    )


@door
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


@door
def batch_pdf(request: HttpRequest) -> HttpResponse:
    """The notices mailed on a day, as one PDF for the mail house."""
    rows, form = _batch(request)
    if not rows:
        messages.error(
            request,
            _("No notices were mailed on that day.")
            if rows is not None
            else _("Give the day the notices were served."),
        )
        return redirect(reverse("notices:list"))
    data = documents.batch_pdf([n.html for n in rows])
    response = HttpResponse(data, content_type="application/pdf")
    day = form.cleaned_data["served_on"].isoformat()
    response["Content-Disposition"] = f'attachment; filename="notices-{day}.pdf"'
    return response


@door
def batch_csv(request: HttpRequest) -> HttpResponse:
    """The addresses of the notices mailed on a day, in the order of the batch PDF."""
    rows, form = _batch(request)
    if rows is None:
        messages.error(request, _("Give the day the notices were served."))
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
