"""The only code that writes notices. Each public function is one transaction, takes
the ``actor`` (who), keyword-only, and writes an event on the notice's timeline.

A notice moves draft → approved (where the pack requires a supervisor's approval,
``notice.approval_required_kinds``) → served → complied, escalated, rescinded or
superseded. Service freezes it: its PDF and HTML, the recipient as they were, the
facts behind it and the content it printed, with their SHA-256 digests; from then on
every function here that would change what it says refuses (:class:`FrozenNotice`),
and the database refuses too. A correction is a new notice that supersedes the old.

The served document becomes the engine's fact (a ``notice``, a ``citation`` or a
``final_certificate``) through the records services, so every clock starts at
service; compliance, extensions, appeals and hearing orders are recorded the same
way, and the worklist is swept again.
"""

from __future__ import annotations

import secrets
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import timezone

from sanitas.notices import compose, render
from sanitas.notices.kinds import LANGUAGES, kind
from sanitas.notices.models import (
    METHODS,
    PAYMENT_METHODS,
    SERVED_STATES,
    Appeal,
    ExtensionRequest,
    Hearing,
    Notice,
    NoticeEvent,
    Payment,
)
from sanitas.ordinance.enforcement import REASON_WORDS
from sanitas.records.models import Finding, RecordIndex
from sanitas.records.services import RecordError, record_and_evaluate, void_and_evaluate
from sanitas.records.sweep import evaluation_day, evaluation_facts, jurisdiction_pack

#: the case code's letters: no 0/O, 1/I/L, so that it can be read over the phone
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_PREFIX = "SG-"


class NoticeError(Exception):
    """A change a notice cannot take; ``problems`` has one line per reason."""

    status = 422

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class FrozenNotice(NoticeError):
    """A change to a served notice: it never changes (a correction supersedes it)."""

    status = 409


class NotFound(NoticeError):
    status = 404


# --------------------------------------------------------------------------- helpers


def _notice(notice_id: int, *, lock: bool = True) -> Notice:
    rows = Notice.objects.select_for_update() if lock else Notice.objects
    try:
        return rows.get(pk=notice_id)
    except Notice.DoesNotExist:
        raise NotFound([f"notice {notice_id}: no such notice"]) from None


def _refuse_if_served(notice: Notice, what: str) -> None:
    if notice.served:
        raise FrozenNotice(
            [
                f"notice {notice.code}: it was served on {notice.served_on} and never changes; "
                f"{what} is refused (a correction is a new notice that supersedes it)"
            ]
        )


def _event(notice: Notice, *, actor: str, action: str, note: str = "") -> None:
    NoticeEvent.objects.create(
        notice=notice, actor=actor, action=action, state=notice.state, note=note
    )


def _new_code() -> str:
    while True:
        code = CODE_PREFIX + "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        if not Notice.objects.filter(code=code).exists():
            return code


def _fact_key(kind_key: str, code: str) -> str:
    prefix = {"citation": "citation", "final_certificate": "certificate"}.get(kind_key, "notice")
    return f"{prefix}-{code.lower()}"


def current_group(notice: Notice) -> str:
    """The subject group the notice's subject is evaluated in now: a later batch may
    have joined its group to another since the notice was drafted."""
    group = (
        RecordIndex.objects.filter(key=notice.subject)
        .values_list("subject_group", flat=True)
        .first()
    )
    return group or notice.subject_group


def records_of(notice: Notice) -> list[dict[str, Any]]:
    """The facts the sweep evaluates with the notice's subject (its group's own, and
    those it is lent)."""
    raw, _lent = evaluation_facts(current_group(notice))
    return raw


def _records(group: str) -> list[dict[str, Any]]:
    raw, _lent = evaluation_facts(group)
    return raw


def _update(notice: Notice, fields: list[str]) -> None:
    notice.save(update_fields=[*fields, "updated_at"])


def worklist_as_of() -> date:
    """The day the worklist speaks for (the latest sweep's), else today: the day the
    notices' writes are evaluated as of too."""
    return evaluation_day()


def _record(raw: list[dict[str, Any]], *, actor: str, why: str) -> None:
    try:
        record_and_evaluate(raw_facts=raw, actor=actor, why=why, source="notices")
    except RecordError as exc:
        raise NoticeError(exc.problems) from None
    except Exception as exc:  # FactsError: the vocabulary refuses the fact
        problems = getattr(exc, "problems", None)
        if problems is None:
            raise
        raise NoticeError(problems) from None


def requires_approval(kind_key: str, on: date) -> bool:
    return kind_key in jurisdiction_pack().value("notice.approval_required_kinds", on)


# --------------------------------------------------------------------------- drafting


def _target(notice: Notice, raw: list[dict[str, Any]], on: date) -> compose.Target:
    k = kind(notice.kind)
    return compose.Target(
        k,
        notice.subject,
        notice.requirement,
        notice.cites_notice.fact_key if notice.cites_notice_id else None,
    )


def preview(notice: Notice, *, served_on: date | None = None) -> dict[str, Any]:
    """A draft's content as service on ``served_on`` (default: the worklist's day)
    would make it; a served notice's frozen content."""
    if notice.served:
        return notice.content_snapshot
    served_on = served_on or worklist_as_of()
    raw = records_of(notice)
    target = _target(notice, raw, served_on)
    recipient = None
    if notice.cites_notice_id:
        recipient = notice.cites_notice.recipient_snapshot
    try:
        found = _found(notice)
        content = compose.content(
            target,
            code=notice.code,
            fact_key=notice.fact_key,
            served_on=served_on,
            raw=raw,
            pack=jurisdiction_pack(),
            found=found,
            cite=_cite(notice),
            remarks=notice.remarks,
            amount=notice.amount,
            recipient=recipient,
            projected=True,
        )
    except compose.ComposeError as exc:
        raise NoticeError(exc.problems) from None
    if notice.language in LANGUAGES and notice.language != content["language"]:
        content["language"] = notice.language
        content["recipient"] = {**content["recipient"], "language": notice.language}
    return content


def _finding(notice: Notice) -> Finding | None:
    return Finding.objects.filter(pk=notice.finding_id).first() if notice.finding_id else None


def _found(notice: Notice) -> str:
    """What was found: the finding's explanation as the engine stated it (for a
    citation, its notice's finding and the deadline that passed)."""
    events = notice.events.filter(action="drafted").first()
    if events is not None and events.note:
        return events.note
    finding = _finding(notice)
    return finding.explanation if finding is not None else ""


def _cite(notice: Notice) -> str:
    finding = _finding(notice)
    if notice.kind == "citation" and notice.cites_notice_id:
        return notice.cites_notice.content_snapshot["cite"]
    if notice.kind == "final_certificate":
        return kind(notice.kind).authority["cite"]
    return finding.cite if finding is not None else ""


@transaction.atomic
def draft_notice(
    *, finding_id: int, actor: str, kind_key: str | None = None, as_of: date | None = None
) -> Notice:
    """A draft of the document the law answers the finding with, filled from the
    records and the rule pack. Refused when the finding is not current or no
    notice answers it, or when the records give the notice no lawful recipient."""
    finding = Finding.objects.filter(pk=finding_id).first()
    if finding is None:
        raise NotFound([f"finding {finding_id}: no such finding"])
    if not finding.current:
        raise NoticeError([f"finding {finding_id}: no longer current; sweep and open it again"])
    as_of = as_of or worklist_as_of()
    raw = _records(finding.subject_group)
    pack = jurisdiction_pack()
    try:
        target = compose.target_of(
            requirement=finding.requirement,
            subject=finding.subject,
            status=finding.status,
            raw=raw,
            as_of=as_of,
            pack=pack,
            kind_key=kind_key,
        )
    except compose.ComposeError as exc:
        raise NoticeError(exc.problems) from None
    cites = None
    if target.kind.key == "citation":
        cites = Notice.objects.filter(fact_key=target.notice_fact).first()
        if cites is None or not cites.served:
            raise NoticeError(
                [
                    f"finding {finding_id}: the notice it follows was not served through "
                    "notices, so no citation can be drafted from it here"
                ]
            )
        return _draft_citation(cites, actor=actor, as_of=as_of, finding=finding)
    if target.kind.key == "final_certificate":
        _check_certificate(target, raw, as_of, pack)
    code = _new_code()
    notice = Notice(
        code=code,
        kind=target.kind.key,
        requirement=target.requirement,
        subject=target.subject,
        subject_group=finding.subject_group,
        finding_id=finding.pk,
        cites_notice=cites,
        fact_key=_fact_key(target.kind.key, code),
        created_by=actor,
    )
    try:
        recipient = compose.recipient_of(target, raw, as_of, pack)
    except compose.ComposeError as exc:
        raise NoticeError(exc.problems) from None
    notice.language = recipient["language"]
    notice.save()
    _event(notice, actor=actor, action="drafted", note=finding.explanation)
    return notice


def _check_certificate(target: compose.Target, raw, as_of: date, pack) -> None:
    derived = compose._evaluate(raw, as_of, pack)
    if derived.get((target.subject, "certificate_ready")) is not True:
        blockers = derived.get((target.subject, "certificate_blockers")) or []
        raise NoticeError(
            [
                "permit: a certificate of final inspection cannot issue yet: "
                + ("; ".join(blockers) or "the permit's work is not ready")
            ]
        )


def _draft_citation(
    notice: Notice, *, actor: str, as_of: date, finding: Finding | None = None
) -> Notice:
    if notice.kind not in ("sb1383_nov",):
        raise NoticeError(
            [f"notice {notice.code}: only a Notice of Violation is followed by a citation"]
        )
    code = _new_code()
    citation = Notice(
        code=code,
        kind="citation",
        requirement=notice.requirement,
        subject=notice.subject,
        subject_group=notice.subject_group,
        finding_id=finding.pk if finding is not None else None,
        cites_notice=notice,
        fact_key=_fact_key("citation", code),
        language=notice.language,
        email=notice.email,
        created_by=actor,
    )
    citation.save()
    content = preview(citation, served_on=as_of)
    citation.amount = Decimal(content["ceiling"] or 0)
    _update(citation, ["amount"])
    found = (
        f"{notice.content_snapshot['found']} {kind(notice.kind).title()} {notice.code}, served "
        f"{notice.served_on}, set a deadline of {notice.deadline_on} that passed without "
        "compliance."
    )
    _event(citation, actor=actor, action="drafted", note=found)
    return citation


@transaction.atomic
def draft_citation(*, notice_id: int, actor: str, as_of: date | None = None) -> Notice:
    """An administrative citation for a served Notice of Violation whose deadline has
    passed, with the ceiling the ladder allows for this respondent as its amount."""
    notice = _notice(notice_id)
    if not notice.served:
        raise NoticeError([f"notice {notice.code}: a draft is not followed by a citation"])
    as_of = as_of or worklist_as_of()
    if notice.deadline_on is None or as_of <= notice.deadline_on:
        raise NoticeError(
            [
                f"notice {notice.code}: its deadline of {notice.deadline_on} has not passed "
                f"as of {as_of}"
            ]
        )
    return _draft_citation(notice, actor=actor, as_of=as_of)


@transaction.atomic
def edit_draft(
    *,
    notice_id: int,
    actor: str,
    remarks: str | None = None,
    language: str | None = None,
    amount: Decimal | None = None,
    email: str | None = None,
) -> Notice:
    """Change a draft's free-text parts (its remarks, the language it is printed in,
    an emailed notice's address, a citation's amount within the ceiling). The
    computed parts stay computed; a served notice refuses."""
    notice = _notice(notice_id)
    _refuse_if_served(notice, "an edit")
    changed = []
    if remarks is not None and remarks != notice.remarks:
        notice.remarks, changed = remarks.strip(), [*changed, "remarks"]
    if language is not None and language != notice.language:
        if language not in LANGUAGES:
            raise NoticeError([f"language: {language!r} is not one of {', '.join(LANGUAGES)}"])
        notice.language, changed = language, [*changed, "language"]
    if email is not None and email != notice.email:
        notice.email, changed = email.strip(), [*changed, "email"]
    if amount is not None and amount != notice.amount:
        if notice.kind != "citation":
            raise NoticeError(["amount: only a citation carries an amount"])
        if amount < 0:
            raise NoticeError(["amount: cannot be negative"])
        ceiling = preview(notice)["ceiling"]
        if ceiling is not None and amount > ceiling:
            raise NoticeError(
                [f"amount: {amount} is above the ceiling of {ceiling} the ladder allows for "
                 "this respondent"]
            )  # fmt: skip
        notice.amount, changed = amount, [*changed, "amount"]
    if notice.state == "approved" and changed:
        notice.state = "draft"  # an approval covers what was approved
        notice.approved_at, notice.approved_by = None, ""
        changed += ["state", "approved_at", "approved_by"]
    if changed:
        _update(notice, changed)
        _event(notice, actor=actor, action="edited", note=", ".join(changed))
    return notice


@transaction.atomic
def approve_notice(*, notice_id: int, actor: str) -> Notice:
    """A supervisor's approval of a draft."""
    notice = _notice(notice_id)
    _refuse_if_served(notice, "an approval")
    if notice.state != "draft":
        raise NoticeError(
            [f"notice {notice.code}: only a draft is approved (it is {notice.state})"]
        )
    if actor == notice.created_by:
        raise NoticeError([f"notice {notice.code}: the one who drafted it cannot approve it"])
    preview(notice)  # a draft that cannot be composed is not approved
    notice.state, notice.approved_at, notice.approved_by = "approved", timezone.now(), actor
    _update(notice, ["state", "approved_at", "approved_by"])
    _event(notice, actor=actor, action="approved")
    return notice


# --------------------------------------------------------------------------- service


def _served_at(served_on: date, served_at: datetime | None) -> datetime:
    if served_at is not None:
        return served_at
    now = timezone.localtime()
    if now.date() == served_on:
        return now
    return timezone.make_aware(datetime.combine(served_on, time(12, 0)))


@transaction.atomic
def serve_notice(
    *,
    notice_id: int,
    actor: str,
    method: str,
    served_on: date,
    served_at: datetime | None = None,
    served_by: str | None = None,
    proof: bytes | None = None,
    proof_name: str = "",
) -> Notice:
    """Serve a draft (approved, where the pack requires it): compose it for the
    service date, render it, freeze it, and record it as the engine's fact so that
    its clock starts today. By email, the PDF is sent through Django's email
    framework and the delivery recorded."""
    notice = _notice(notice_id)
    _refuse_if_served(notice, "a second service")
    problems = []
    if method not in dict(METHODS):
        problems.append(f"method: {method!r} is not one of {', '.join(dict(METHODS))}")
    if requires_approval(notice.kind, served_on) and notice.state != "approved":
        problems.append(
            f"notice {notice.code}: a {kind(notice.kind).title()} is approved by a supervisor "
            "before it is served"
        )
    if method == "email" and not notice.email:
        problems.append("email: an emailed notice needs the recipient's email address")
    if method == "cart_tag" and notice.kind != "contamination":
        problems.append("method: only a contamination notice is served by a tag on the container")
    if notice.cites_notice_id and notice.cites_notice.served_on > served_on:
        problems.append(
            f"served_on: {served_on} is before the notice it follows was served "
            f"({notice.cites_notice.served_on})"
        )
    if problems:
        raise NoticeError(problems)
    content = preview(notice, served_on=served_on)
    content["projected"] = False
    served = {"method": method, "served_on": served_on.isoformat()}
    content["service"] = served
    raw = records_of(notice)
    content_digest = compose.digest({"content": content, "facts": raw})
    html = render.document_html(content, digest=content_digest, served=served)
    pdf = render.pdf(html)
    notice.state = "served"
    notice.served_on = served_on
    notice.served_at = _served_at(served_on, served_at)
    notice.method = method
    notice.served_by = served_by or actor
    notice.proof = proof
    notice.proof_name = proof_name
    notice.deadline_on = (
        date.fromisoformat(content["deadline_on"]) if content["deadline_on"] else None
    )
    notice.recipient_snapshot = content["recipient"]
    notice.facts_snapshot = raw
    notice.content_snapshot = content
    notice.content_sha256 = content_digest
    notice.html = html
    notice.pdf = pdf
    notice.pdf_sha256 = compose.hashlib.sha256(pdf).hexdigest()
    if method == "email":
        notice.delivery = _send_email(notice, pdf)
    notice.save()
    _event(notice, actor=actor, action="served", note=f"{dict(METHODS)[method]} on {served_on}")
    _record([content["fact"]], actor=actor, why=f"{kind(notice.kind).title()} {notice.code} served")
    if notice.cites_notice_id:
        cited = Notice.objects.select_for_update().get(pk=notice.cites_notice_id)
        if cited.state == "served":
            cited.state = "escalated"
            _update(cited, ["state"])
            _event(cited, actor=actor, action="escalated", note=f"citation {notice.code} served")
    if notice.supersedes_id:
        old = Notice.objects.select_for_update().get(pk=notice.supersedes_id)
        _close(old, state="superseded", actor=actor, why=f"superseded by {notice.code}")
        _void_fact(old, actor=actor, why=f"superseded by {notice.kind} {notice.code}")
    return notice


def _send_email(notice: Notice, pdf: bytes) -> dict[str, Any]:
    """Send the notice's PDF to its recipient; the message id and time are returned for
    the record."""
    from django.conf import settings

    content = notice.content_snapshot
    title = kind(notice.kind).title(content["language"])
    english = kind(notice.kind).title("en")
    subject = f"{title} {notice.code}" if title == english else f"{title} / {english} {notice.code}"
    body = (
        f"{content['letterhead']['city']}\n\n{english} {notice.code} is attached "
        f"(PDF, SHA-256 {notice.content_sha256}).\n"
    )
    message = EmailMessage(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[notice.email],
        headers={"X-Sanitas-Case": notice.code},
    )
    message.attach(f"{notice.code}.pdf", pdf, "application/pdf")
    message_id = message.message()["Message-ID"]
    message.extra_headers["Message-ID"] = message_id
    sent = message.send(fail_silently=False)
    if sent != 1:
        raise NoticeError([f"email: the message to {notice.email} was not accepted"])
    return {"to": notice.email, "message_id": message_id, "sent_at": timezone.now().isoformat()}


# --------------------------------------------------------------------------- after service


def _close(notice: Notice, *, state: str, actor: str, why: str) -> None:
    notice.state = state
    notice.closed_at, notice.closed_by, notice.closed_why = timezone.now(), actor, why
    _update(notice, ["state", "closed_at", "closed_by", "closed_why"])
    _event(notice, actor=actor, action=state, note=why)


def _void_fact(notice: Notice, *, actor: str, why: str) -> None:
    try:
        void_and_evaluate(key=notice.fact_key, actor=actor, why=why)
    except RecordError as exc:
        raise NoticeError(exc.problems) from None


@transaction.atomic
def record_compliance(*, notice_id: int, actor: str, complied_on: date, why: str = "") -> Notice:
    """Compliance with a served notice, as the engine's ``correction``: the notice is
    complied with from that day."""
    notice = _notice(notice_id)
    if notice.state != "served":
        raise NoticeError(
            [f"notice {notice.code}: only a served notice is complied with (it is {notice.state})"]
        )
    if complied_on > timezone.localdate():
        raise NoticeError([f"complied_on: {complied_on} has not come yet"])
    if complied_on < notice.served_on:
        raise NoticeError(
            [f"complied_on: {complied_on} is before the notice was served ({notice.served_on})"]
        )
    _record(
        [{"type": "correction", "notice": notice.fact_key, "date": complied_on.isoformat()}],
        actor=actor,
        why=why or f"compliance with {notice.code}",
    )
    _close(notice, state="complied", actor=actor, why=why or f"complied on {complied_on}")
    return notice


@transaction.atomic
def rescind_notice(*, notice_id: int, actor: str, why: str) -> Notice:
    """Rescind a served notice: it stays as served, and its fact is voided with the
    reason, so that it starts no clock. A draft is simply rescinded."""
    if not why.strip():
        raise NoticeError(["why: a reason is required to rescind a notice"])
    notice = _notice(notice_id)
    if notice.state in ("rescinded", "superseded", "complied"):
        raise NoticeError([f"notice {notice.code}: it is already {notice.state}"])
    if notice.served:
        _void_fact(notice, actor=actor, why=f"rescinded: {why}")
    _close(notice, state="rescinded", actor=actor, why=why)
    return notice


@transaction.atomic
def supersede_notice(*, notice_id: int, actor: str, why: str) -> Notice:
    """A correction of a served notice: a new draft of the same kind, finding and
    subject that supersedes the old one once it is served."""
    if not why.strip():
        raise NoticeError(["why: a reason is required to correct a served notice"])
    old = _notice(notice_id)
    if old.state not in ("served",):
        raise NoticeError(
            [
                f"notice {old.code}: only a served notice is corrected by a new one "
                f"(it is {old.state})"
            ]
        )
    code = _new_code()
    new = Notice.objects.create(
        code=code,
        kind=old.kind,
        requirement=old.requirement,
        subject=old.subject,
        subject_group=old.subject_group,
        finding_id=old.finding_id,
        cites_notice=old.cites_notice,
        supersedes=old,
        fact_key=_fact_key(old.kind, code),
        language=old.language,
        remarks=old.remarks,
        amount=old.amount,
        email=old.email,
        created_by=actor,
    )
    _event(new, actor=actor, action="drafted", note=old.content_snapshot["found"])
    _event(new, actor=actor, action="corrects", note=f"corrects {old.code}: {why}")
    return new


# --------------------------------------------------------------------------- citations


@transaction.atomic
def record_payment(
    *,
    citation_id: int,
    actor: str,
    amount: Decimal,
    paid_on: date,
    method: str,
    receipt_number: str,
) -> Payment:
    """A payment of a served citation's penalty."""
    citation = _notice(citation_id)
    problems = []
    if citation.kind != "citation" or not citation.served:
        problems.append(f"notice {citation.code}: payments are recorded on a served citation")
    if amount <= 0:
        problems.append("amount: a payment is more than zero")
    if method not in dict(PAYMENT_METHODS):
        problems.append(f"method: {method!r} is not one of {', '.join(dict(PAYMENT_METHODS))}")
    if not receipt_number.strip():
        problems.append("receipt_number: required")
    elif Payment.objects.filter(receipt_number=receipt_number.strip()).exists():
        problems.append(f"receipt_number: {receipt_number} is already recorded")
    if citation.served and paid_on < citation.served_on:
        problems.append(f"paid_on: {paid_on} is before the citation was served")
    if problems:
        raise NoticeError(problems)
    payment = Payment.objects.create(
        citation=citation,
        amount=amount,
        paid_on=paid_on,
        method=method,
        receipt_number=receipt_number.strip(),
        recorded_by=actor,
    )
    _event(
        citation, actor=actor, action="payment", note=f"{amount} on {paid_on} ({receipt_number})"
    )
    return payment


# --------------------------------------------------------------------------- extensions


@transaction.atomic
def request_extension(
    *,
    notice_id: int,
    actor: str,
    requested_on: date,
    reason: str,
    explanation: str = "",
    corrective_action_plan: bool | None = None,
) -> ExtensionRequest:
    """A request to extend a served notice's deadline, for one of the reasons the
    ordinance allows (Ch. 50 SB 1383 enforcement (G))."""
    notice = _notice(notice_id)
    problems = []
    if notice.state != "served" or notice.deadline_on is None:
        problems.append(f"notice {notice.code}: only a served notice with a deadline is extended")
    if reason not in REASON_WORDS:
        problems.append(f"reason: {reason!r} is not one of {', '.join(REASON_WORDS)}")
    if problems:
        raise NoticeError(problems)
    request = ExtensionRequest.objects.create(
        notice=notice,
        requested_on=requested_on,
        reason=reason,
        explanation=explanation,
        corrective_action_plan=corrective_action_plan,
        created_by=actor,
    )
    _event(notice, actor=actor, action="extension requested", note=REASON_WORDS[reason])
    return request


@transaction.atomic
def decide_extension(
    *, request_id: int, actor: str, granted: bool, decided_on: date, new_due_on: date | None = None
) -> ExtensionRequest:
    """Grant (with a new deadline) or deny a request; recorded as the engine's
    ``extension``, which moves the deadline from the day it was decided."""
    request = ExtensionRequest.objects.select_for_update().filter(pk=request_id).first()
    if request is None:
        raise NotFound([f"extension request {request_id}: no such request"])
    if request.state != "requested":
        raise NoticeError([f"extension request {request_id}: already {request.state}"])
    notice = request.notice
    problems = []
    if granted and (new_due_on is None or new_due_on <= notice.deadline_on):
        problems.append(
            f"new_due_on: a granted extension sets a deadline later than {notice.deadline_on}"
        )
    if decided_on < notice.served_on:
        problems.append(f"decided_on: {decided_on} is before the notice was served")
    if problems:
        raise NoticeError(problems)
    key = f"extension-{notice.code.lower()}-{request.pk}"
    _record(
        [
            {
                "id": key,
                "type": "extension",
                "notice": notice.fact_key,
                "date": decided_on.isoformat(),
                "new_due_on": (new_due_on or notice.deadline_on).isoformat(),
                "reason": request.reason,
                "granted": granted,
                **(
                    {"corrective_action_plan": request.corrective_action_plan}
                    if request.corrective_action_plan is not None
                    else {}
                ),
            }
        ],
        actor=actor,
        why=f"extension of {notice.code} {'granted' if granted else 'denied'}",
    )
    request.state = "granted" if granted else "denied"
    request.decided_on, request.decided_by = decided_on, actor
    request.new_due_on = new_due_on if granted else None
    request.fact_key = key
    request.save()
    _event(
        notice,
        actor=actor,
        action=f"extension {request.state}",
        note=f"new deadline {new_due_on}" if granted else "",
    )
    return request


# --------------------------------------------------------------------------- appeals and hearings


def appeal_deadline(citation: Notice) -> date | None:
    """The last day a hearing may be requested, as the engine computes it."""
    raw = [*citation.facts_snapshot, citation.content_snapshot["fact"]]
    derived = compose._evaluate(raw, citation.served_on, jurisdiction_pack())
    return compose._date(derived.get((citation.fact_key, "appeal_deadline")))


@transaction.atomic
def file_appeal(*, citation_id: int, actor: str, filed_on: date, grounds: str = "") -> Appeal:
    """A request for a hearing on a served citation, filed within the appeal window;
    a late one is refused with the reason."""
    citation = _notice(citation_id)
    if citation.kind != "citation" or not citation.served:
        raise NoticeError([f"notice {citation.code}: only a served citation is appealed"])
    if citation.appeals.exists():
        raise NoticeError([f"citation {citation.code}: a hearing was already requested"])
    closes = appeal_deadline(citation)
    if filed_on < citation.served_on:
        raise NoticeError([f"filed_on: {filed_on} is before the citation was served"])
    if closes is not None and filed_on > closes:
        raise NoticeError(
            [
                f"filed_on: the appeal window of citation {citation.code} closed on {closes}; "
                f"a request of {filed_on} is late, so no hearing is held (Ch. 50 SB 1383 "
                "enforcement (H))"
            ]
        )
    key = f"appeal-{citation.code.lower()}"
    _record(
        [
            {
                "id": key,
                "type": "appeal_request",
                "citation": citation.fact_key,
                "date": filed_on.isoformat(),
            }
        ],
        actor=actor,
        why=f"appeal of {citation.code}",
    )
    appeal = Appeal.objects.create(
        citation=citation, filed_on=filed_on, grounds=grounds, fact_key=key, created_by=actor
    )
    _event(citation, actor=actor, action="appealed", note=f"hearing requested {filed_on}")
    return appeal


@transaction.atomic
def schedule_hearing(
    *, appeal_id: int, actor: str, hearing_officer: str, scheduled_at: datetime, place: str = ""
) -> Hearing:
    """A hearing before a hearing officer (a member of the hearing_officer group)."""
    from django.contrib.auth import get_user_model

    appeal = Appeal.objects.select_for_update().filter(pk=appeal_id).first()
    if appeal is None:
        raise NotFound([f"appeal {appeal_id}: no such appeal"])
    if appeal.state != "filed":
        raise NoticeError([f"appeal {appeal_id}: already {appeal.state}"])
    officer = get_user_model().objects.filter(
        username=hearing_officer, groups__name=HEARING_OFFICER, is_active=True
    )
    if not officer.exists():
        raise NoticeError([f"hearing_officer: {hearing_officer} is not a hearing officer"])
    hearing = Hearing.objects.create(
        appeal=appeal,
        hearing_officer=hearing_officer,
        scheduled_at=scheduled_at,
        place=place,
        created_by=actor,
    )
    appeal.state = "scheduled"
    appeal.save(update_fields=["state"])
    _event(
        appeal.citation,
        actor=actor,
        action="hearing scheduled",
        note=f"{scheduled_at:%Y-%m-%d %H:%M} before {hearing_officer}",
    )
    return hearing


HEARING_OFFICER = "hearing_officer"
NOTICE_SUPERVISOR = "notice_supervisor"


@transaction.atomic
def decide_hearing(
    *,
    hearing_id: int,
    actor: str,
    decision: str,
    decided_on: date,
    amount: Decimal | None = None,
    order_text: str = "",
) -> Hearing:
    """The hearing officer's final written order (upheld, modified with a new amount,
    or dismissed), rendered as its own document and recorded as the engine's
    ``hearing_order``, which the ladder and the citation's findings follow."""
    hearing = Hearing.objects.select_for_update().filter(pk=hearing_id).first()
    if hearing is None:
        raise NotFound([f"hearing {hearing_id}: no such hearing"])
    problems = []
    if hearing.decision:
        problems.append(f"hearing {hearing_id}: decided already ({hearing.decision})")
    if actor != hearing.hearing_officer:
        problems.append(f"hearing {hearing_id}: only its hearing officer decides it")
    if decision not in ("upheld", "modified", "dismissed"):
        problems.append(f"decision: {decision!r} is not upheld, modified or dismissed")
    citation = hearing.appeal.citation
    if decision == "modified" and (amount is None or amount < 0):
        problems.append("amount: a modified order states the amount it sets")
    ceiling = citation.content_snapshot.get("ceiling")
    if decision == "modified" and amount is not None and ceiling is not None and amount > ceiling:
        problems.append("amount: the order cannot set more than the ladder's ceiling")
    if decided_on < hearing.appeal.filed_on:
        problems.append(f"decided_on: {decided_on} is before the appeal was filed")
    if problems:
        raise NoticeError(problems)
    key = f"order-{citation.code.lower()}"
    fact = {
        "id": key,
        "type": "hearing_order",
        "citation": citation.fact_key,
        "date": decided_on.isoformat(),
        "decision": decision,
    }
    if decision == "modified":
        fact["amount"] = int(amount) if amount == amount.to_integral_value() else float(amount)
    _record([fact], actor=actor, why=f"hearing order on {citation.code}: {decision}")
    hearing.decision, hearing.decided_on, hearing.amount = decision, decided_on, amount
    hearing.order_text = order_text
    html = render.order_html(hearing=hearing, citation=citation)
    hearing.order_pdf = render.pdf(html)
    hearing.order_sha256 = compose.hashlib.sha256(hearing.order_pdf).hexdigest()
    hearing.fact_key = key
    hearing.save()
    appeal = hearing.appeal
    appeal.state = "decided"
    appeal.save(update_fields=["state"])
    _event(
        citation,
        actor=actor,
        action=f"hearing: {decision}",
        note=f"final written order of {decided_on}",
    )
    return hearing


def is_served_state(state: str) -> bool:
    return state in SERVED_STATES
