"""The only code that writes notices. Each public function is one transaction, takes
the ``actor`` (who), keyword-only, and writes an event on the notice's timeline.

A notice moves draft → approved (where the pack requires a supervisor's approval,
``notice.approval_required_kinds``) → served → complied, escalated, rescinded or
superseded: the transitions, their states and conditions are the table in
:mod:`sanitas.notices.flow`, which every function here checks before it writes (who may
ask for each is the access policy's, asked at every door). Service freezes it: its PDF
and HTML, the recipient as they were, the facts behind it and the content it printed,
with their SHA-256 digests; from then on every function here that would change what it
says refuses (:class:`FrozenNotice`), and the database refuses too. A correction is a
new notice that supersedes the old.

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
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from sanitas.notices import compose, flow, render, versions
from sanitas.notices.kinds import LANGUAGES, kind, page_date, reader_language
from sanitas.notices.models import (
    METHODS,
    OPEN_STATES,
    PAYMENT_METHODS,
    Appeal,
    ExtensionRequest,
    Hearing,
    Notice,
    NoticeEvent,
    Payment,
)
from sanitas.ordinance.enforcement import REASON_WORDS
from sanitas.ordinance.facts import FactsError
from sanitas.ordinance.messages import said_in_english as english
from sanitas.ordinance.notice_terms import TermsError
from sanitas.records import replay
from sanitas.records.certificates import NotAPermit, certificate_blockers
from sanitas.records.models import Finding, RecordIndex
from sanitas.records.services import RecordError, record_facts, void_record
from sanitas.records.serving import document_terms, serve_document
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


class CertificateRefused(NoticeError):
    """A certificate of final inspection the permit may not have (already certified,
    void, or its work not ready): ``blockers`` are the reasons, each with the record to
    open (:func:`sanitas.records.certificates.certificate_blockers`)."""

    def __init__(self, permit: str, blockers: list[Any]) -> None:
        self.permit, self.blockers = permit, blockers
        super().__init__(certificate_problems(blockers))


def certificate_problems(blockers: list[Any]) -> list[str]:
    """The reasons a certificate may not issue, one line each, in the page's language."""
    language = reader_language()
    if blockers and blockers[0].certified:
        return [
            _("permit: no second certificate of final inspection: %(why)s.")
            % {"why": blockers[0].words(language)}
        ]
    return [
        _("permit: no certificate of final inspection may issue yet: %(why)s.")
        % {"why": blocker.words(language)}
        for blocker in blockers
    ]


class FrozenNotice(NoticeError):
    """A change to a served notice: it never changes (a correction supersedes it)."""

    status = 409


class NotFound(NoticeError):
    status = 404


class StaleNotice(NoticeError):
    """A change made from a version of the notice that is no longer its latest (someone
    edited, approved or served it since): nothing is stored. ``notice`` is as it stands
    and ``version`` the one the change was made from (:mod:`sanitas.notices.versions`
    says what happened since)."""

    status = 412

    def __init__(self, notice: Notice, version: str) -> None:
        self.notice, self.version = notice, version
        since = versions.events_since(notice, version)
        who = ", ".join(dict.fromkeys(f"{e.actor} {e.action}" for e in since)) or _("changed")
        super().__init__(
            [
                _(
                    "notice %(code)s: changed since the version you sent (%(who)s); nothing "
                    "was stored: it is now at version %(version)s"
                )
                % {"code": notice.code, "who": who, "version": versions.version_of(notice)}
            ]
        )


class NoticeVersionRequired(NoticeError):
    """A change that does not say which version of the notice it was made from."""

    status = 428


# --------------------------------------------------------------------------- helpers


def _day(value: date) -> str:
    """A day in a refusal: as ISO in English (as always), as the page writes it in
    another language."""
    return str(value) if reader_language() == "en" else page_date(value)


def _notice(notice_id: int, *, lock: bool = True) -> Notice:
    rows = Notice.objects.select_for_update() if lock else Notice.objects
    try:
        return rows.get(pk=notice_id)
    except Notice.DoesNotExist:
        raise NotFound([f"notice {notice_id}: no such notice"]) from None


def _check(action: str, notice: Notice) -> None:
    """The state table's word on ``action`` for ``notice`` (:mod:`sanitas.notices.flow`)."""
    try:
        flow.check(action, notice)
    except flow.TransitionRefused as exc:
        raise NoticeError(exc.problems) from None


def _today(today: date | None) -> date:
    """The real day (the city's calendar day), unless a caller names another; in a
    replay of the past (:mod:`sanitas.records.replay`), the replayed day."""
    return today or replay.today()


def _check_version(notice: Notice, version: str | None, *, required: bool = False) -> None:
    """Refuse a change made from another version of ``notice`` than its latest
    (:class:`StaleNotice`), or, where ``required``, one that names none."""
    if version is None:
        if required:
            raise NoticeVersionRequired(
                [
                    _(
                        "notice %(code)s: a change names the version it was made from; read "
                        "the notice and send its version"
                    )
                    % {"code": notice.code}
                ]
            )
        return
    if not versions.is_current(notice, version):
        raise StaleNotice(notice, version)


def _refuse_if_served(notice: Notice, what: str) -> None:
    """Refuse ``what`` (``edit``, ``approval`` or ``service``) of a served notice."""
    if notice.served:
        words = {
            "edit": _(
                "notice %(code)s: it was served on %(day)s and never changes; an edit is "
                "refused (a correction is a new notice that supersedes it)"
            ),
            "approval": _(
                "notice %(code)s: it was served on %(day)s and never changes; an approval is "
                "refused (a correction is a new notice that supersedes it)"
            ),
            "service": _(
                "notice %(code)s: it was served on %(day)s and never changes; a second "
                "service is refused (a correction is a new notice that supersedes it)"
            ),
        }
        raise FrozenNotice([words[what] % {"code": notice.code, "day": _day(notice.served_on)}])


def _event(notice: Notice, *, actor: str, action: str, note: str = "") -> None:
    NoticeEvent.objects.create(
        notice=notice, actor=actor, action=action, state=notice.state, note=note, at=replay.now()
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
        record_facts(raw_facts=raw, actor=actor, why=why, source="notices")
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


def _target(notice: Notice) -> compose.Target:
    k = kind(notice.kind)
    return compose.Target(
        k,
        notice.subject,
        notice.requirement,
        notice.cites_notice.fact_key if notice.cites_notice_id else None,
    )


def _ask(
    notice: Notice,
    served_on: date,
    *,
    approved: bool = False,
    referral_on: date | None = None,
) -> Any:
    """The question the law answers for ``notice`` served on ``served_on``."""
    return compose.ask(
        _target(notice),
        fact_key=notice.fact_key,
        served_on=served_on,
        cite=_cite(notice),
        amount=notice.amount,
        recipient=notice.cites_notice.recipient_snapshot if notice.cites_notice_id else None,
        approved=approved,
        referral_on=referral_on,
    )


def _content(notice: Notice, document: Any) -> dict[str, Any]:
    """What ``notice`` prints, from the law's ``document`` (read below, by the records
    floor), in the language chosen for it."""
    found = _found(notice)
    content = compose.content(
        document,
        code=notice.code,
        found=found,
        found_message=_found_message(notice, found),
        remarks=notice.remarks,
        projected=True,
    )
    if notice.language in LANGUAGES and notice.language != content["language"]:
        content["language"] = notice.language
        content["recipient"] = {**content["recipient"], "language": notice.language}
    return content


def _law_problems(exc: Exception) -> NoticeError:
    """A refusal of the law or the vocabulary (a document it does not know, records
    that do not parse), as the notice's problems."""
    return NoticeError(list(getattr(exc, "problems", None) or [str(exc)]))


def preview(notice: Notice, *, served_on: date | None = None) -> dict[str, Any]:
    """A draft's content as service on ``served_on`` (default: the worklist's day)
    would make it; a served notice's frozen content."""
    if notice.served:
        return notice.content_snapshot
    served_on = served_on or worklist_as_of()
    try:
        reading = document_terms(subject_group=notice.subject_group, ask=_ask(notice, served_on))
    except (TermsError, FactsError) as exc:
        raise _law_problems(exc) from None
    return _content(notice, reading.document)


def _finding(notice: Notice) -> Finding | None:
    return Finding.objects.filter(pk=notice.finding_id).first() if notice.finding_id else None


def _found(notice: Notice) -> str:
    """What was found: the finding's explanation as the engine stated it (for a
    citation, its notice's finding and the deadline that passed)."""
    events = notice.events.filter(action="drafted").first()
    if events is not None and events.note:
        return events.note
    finding = _finding(notice)
    return english(finding) if finding is not None else ""


def _found_message(notice: Notice, found: str) -> dict[str, Any] | None:
    """What was found as the engine's message, to be printed in the reader's language:
    the finding's message while its English is still what the draft recorded (a
    finding that has since said something else, or a citation's own account, has
    none, and prints in English)."""
    finding = _finding(notice)
    if finding is None or not finding.message or english(finding) != found:
        return None
    return finding.message


def _cite(notice: Notice) -> str:
    finding = _finding(notice)
    if notice.kind == "citation" and notice.cites_notice_id:
        return notice.cites_notice.content_snapshot["cite"]
    if notice.kind == "final_certificate":
        return kind(notice.kind).authority["cite"]
    return finding.cite if finding is not None else ""


@transaction.atomic
def draft_notice(
    *,
    finding_id: int,
    actor: str,
    kind_key: str | None = None,
    as_of: date | None = None,
    today: date | None = None,
) -> Notice:
    """A draft of the document the law answers the finding with, filled from the
    records and the rule pack. Refused when the finding is not current or no
    notice answers it, or when the records give the notice no lawful recipient. One
    open draft per finding and kind: a second request answers with the first (marked
    ``already_open``)."""
    finding = Finding.objects.filter(pk=finding_id).first()
    if finding is None:
        raise NotFound([f"finding {finding_id}: no such finding"])
    if not finding.current:
        raise NoticeError(
            [
                _("finding %(finding)s: no longer current; sweep and open it again")
                % {"finding": finding_id}
            ]
        )
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
                    _(
                        "finding %(finding)s: the notice it follows was not served through "
                        "notices, so no citation can be drafted from it here"
                    )
                    % {"finding": finding_id}
                ]
            )
        return _draft_citation(cites, actor=actor, today=_today(today), finding=finding)
    if target.kind.key == "final_certificate":
        _check_certificate(target)
        # one certificate per permit: a draft of it from another finding is the draft
        existing = _open_draft(subject=target.subject, kind=target.kind.key)
        if existing is not None:
            return existing
    existing = _open_draft(finding_id=finding.pk, kind=target.kind.key)
    if existing is not None:
        return existing
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
        created_at=replay.now(),
    )
    try:
        recipient = compose.recipient_of(target, raw, as_of, pack)
    except compose.ComposeError as exc:
        raise NoticeError(exc.problems) from None
    notice.language = recipient["language"]
    first = _save_draft(notice, finding_id=finding.pk)
    if first is not None:
        return first
    _event(notice, actor=actor, action="drafted", note=english(finding))
    return notice


def _open_draft(**lookup: Any) -> Notice | None:
    """The open draft (or approved notice not yet served) that ``lookup`` names, marked
    ``already_open``: one open draft per finding and kind, and one open citation per
    notice; a second request answers with the first."""
    found = Notice.objects.filter(state__in=OPEN_STATES, **lookup).order_by("pk").first()
    if found is not None:
        found.already_open = True
    return found


def _save_draft(notice: Notice, **lookup: Any) -> Notice | None:
    """Save a new draft; where another request saved the same draft a moment before (the
    database's constraint refuses the second), the first, marked ``already_open``."""
    try:
        with transaction.atomic():
            notice.save()
    except IntegrityError:
        first = _open_draft(kind=notice.kind, **lookup)
        if first is None:
            raise
        return first
    return None


def _check_certificate(target: compose.Target) -> None:
    """Refuse a certificate the permit may not have, with every reason (the one answer
    every door asks: :func:`sanitas.records.certificates.certificate_blockers`)."""
    try:
        found = certificate_blockers(target.subject)
    except NotAPermit:
        problem = _("permit: %(key)s is no permit on record") % {"key": target.subject}
        raise NoticeError([problem]) from None
    if found:
        raise CertificateRefused(target.subject, found)


def _draft_citation(
    notice: Notice, *, actor: str, today: date, finding: Finding | None = None
) -> Notice:
    """A citation for ``notice``, refused unless it is ripe as of ``today`` (the real
    day); its amount is the ceiling the ladder allows for this respondent."""
    _check("cite", notice)
    problems = citation_problems(notice, on=today)
    if problems:
        raise NoticeError(problems)
    existing = _open_draft(cites_notice=notice, kind="citation")
    if existing is not None:
        return existing
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
        created_at=replay.now(),
    )
    first = _save_draft(citation, cites_notice=notice)
    if first is not None:
        return first
    content = preview(citation, served_on=today)
    if not content["ceiling"]:
        raise NoticeError(
            [
                _(
                    "notice %(code)s: the ladder allows no penalty for this violation "
                    "(a ceiling of $%(ceiling)s), so no citation follows it"
                )
                % {"code": notice.code, "ceiling": content["ceiling"] or 0}
            ]
        )
    citation.amount = Decimal(content["ceiling"])
    _update(citation, ["amount"])
    found = (
        f"{notice.content_snapshot['found']} {kind(notice.kind).title()} {notice.code}, served "
        f"{notice.served_on}, set a deadline of {notice.deadline_on} that passed without "
        "compliance."
    )
    _event(citation, actor=actor, action="drafted", note=found)
    return citation


def referral_findings(notice: Notice, *, as_of: date) -> list[Any]:
    """The engine's findings about a served notice as of ``as_of``: among them
    ORG-CITATION, overdue once the deadline passed uncorrected (the referral to a
    citation the ordinance requires)."""
    from sanitas.ordinance.engine import evaluate_facts
    from sanitas.ordinance.facts import parse_facts

    raw = records_of(notice)
    evaluation = evaluate_facts(
        parse_facts(raw), as_of=as_of, pack=jurisdiction_pack(), report_derived=False
    )
    return [f for f in evaluation.findings if f.subject == notice.fact_key]


def citation_problems(notice: Notice, *, on: date) -> list[str]:
    """Why a citation may not follow ``notice`` on ``on`` (none when it may): the notice
    must be a served Notice of Violation, still in force, whose deadline passed
    uncorrected by then, as the engine finds it."""
    if notice.kind != "sb1383_nov":
        return [
            _("notice %(code)s: only a Notice of Violation is followed by a citation")
            % {"code": notice.code}
        ]
    if notice.state != "served":
        return [
            _(
                "notice %(code)s: it is %(state)s; a citation follows only a served "
                "notice whose deadline passed uncorrected"
            )
            % {"code": notice.code, "state": flow.state_name(notice.state)}
        ]
    referral = next(
        (f for f in referral_findings(notice, as_of=on) if f.requirement == "ORG-CITATION"),
        None,
    )
    if referral is not None:
        from sanitas.kit.said import finding_words

        referral = {
            "status": referral.status,
            "due": referral.due,
            # what the engine found, in the reader's language (its English as it was)
            "explanation": referral.explanation
            if reader_language() == "en"
            else finding_words(referral),
        }
    return _premature(notice, on=on, referral=referral)


def _premature(notice: Notice, *, on: date, referral: dict[str, Any] | None) -> list[str]:
    """Why a citation of ``notice`` is premature on ``on``, by its ORG-CITATION finding
    that day (``referral``: status, due, explanation; None when the engine finds none):
    nothing when that finding is overdue."""
    if referral is not None and referral["status"] == "overdue":
        return []
    due = referral["due"] if referral is not None and referral["due"] else notice.deadline_on
    words = {"code": notice.code, "on": _day(on), "due": _day(due)}
    if referral is None:
        return [
            _(
                "notice %(code)s: as of %(on)s its deadline of %(due)s has not passed "
                "uncorrected, so a citation is premature"
            )
            % words
        ]
    return [
        _(
            "notice %(code)s: as of %(on)s its deadline of %(due)s has not passed "
            "uncorrected, so a citation is premature (%(why)s)"
        )
        % {**words, "why": referral["explanation"]}
    ]


def _issue_problems(
    notice: Notice,
    content: dict[str, Any],
    *,
    on: date,
    today: date,
    document: Any = None,
) -> list[str]:
    """What stops ``notice`` from being approved or served on ``on``: the law's refusals
    for that day (the engine's: a correction already made, a premature citation, a
    ceiling of $0 or an amount above it, …), a blank left unfilled in any language, and
    for a citation one not ripe as of the real day either (from ``document``, the law's,
    when it was asked for that day too)."""
    problems = list(content.get("refusals") or [])
    problems += render.blank_problems(content)
    if notice.kind == "citation" and notice.cites_notice_id and today != on:
        cited = notice.cites_notice
        if cited.kind != "sb1383_nov" or cited.state != "served" or document is None:
            problems += citation_problems(cited, on=today)
        else:
            problems += _premature(cited, on=today, referral=document.referral)
    return list(dict.fromkeys(problems))


@transaction.atomic
def draft_citation(*, notice_id: int, actor: str, today: date | None = None) -> Notice:
    """An administrative citation for a served Notice of Violation whose deadline has
    passed uncorrected as of the real day, with the ceiling the ladder allows for this
    respondent as its amount. A second request answers with the open draft."""
    notice = _notice(notice_id)
    if not notice.served:
        raise NoticeError(
            [_("notice %(code)s: a draft is not followed by a citation") % {"code": notice.code}]
        )
    return _draft_citation(notice, actor=actor, today=_today(today))


@transaction.atomic
def edit_draft(
    *,
    notice_id: int,
    actor: str,
    remarks: str | None = None,
    language: str | None = None,
    amount: Decimal | None = None,
    email: str | None = None,
    version: str | None = None,
    version_required: bool = False,
) -> Notice:
    """Change a draft's free-text parts (its remarks, the language it is printed in,
    an emailed notice's address, a citation's amount within the ceiling). The
    computed parts stay computed; a served notice refuses. ``version`` is the version
    the edit was made from: refused (:class:`StaleNotice`) when the notice changed
    since; with ``version_required``, an edit naming none is refused too."""
    notice = _notice(notice_id)
    _refuse_if_served(notice, "edit")
    _check_version(notice, version, required=version_required)
    _check("edit", notice)
    changed = []
    if remarks is not None and remarks != notice.remarks:
        notice.remarks, changed = remarks.strip(), [*changed, "remarks"]
    if language is not None and language != notice.language:
        if language not in LANGUAGES:
            raise NoticeError(
                [
                    _("language: %(language)r is not one of %(languages)s")
                    % {"language": language, "languages": ", ".join(LANGUAGES)}
                ]
            )
        notice.language, changed = language, [*changed, "language"]
    if email is not None and email != notice.email:
        notice.email, changed = email.strip(), [*changed, "email"]
    if amount is not None and amount != notice.amount:
        if notice.kind != "citation":
            raise NoticeError([_("amount: only a citation carries an amount")])
        if amount < 0:
            raise NoticeError([_("amount: cannot be negative")])
        ceiling = preview(notice)["ceiling"]
        if ceiling is not None and amount > ceiling:
            raise NoticeError(
                [
                    _(
                        "amount: %(amount)s is above the ceiling of %(ceiling)s the ladder "
                        "allows for this respondent"
                    )
                    % {"amount": amount, "ceiling": ceiling}
                ]
            )
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
def approve_notice(
    *, notice_id: int, actor: str, today: date | None = None, version: str | None = None
) -> Notice:
    """A supervisor's approval of a draft: refused when the one who drafted it approves
    it, or when its content, as service on the real day would make it, carries a
    refusal of the law or a blank left unfilled in any language, or for a citation that
    is premature or contradicts the ladder as of the real day; and when it changed
    after ``version``, the one the supervisor read (:class:`StaleNotice`)."""
    notice = _notice(notice_id)
    _refuse_if_served(notice, "approval")
    _check_version(notice, version)
    _check("approve", notice)
    if actor == notice.created_by:
        raise NoticeError(
            [_("notice %(code)s: the one who drafted it cannot approve it") % {"code": notice.code}]
        )
    day = _today(today)
    # approved as it would be served on the real day
    content = preview(notice, served_on=day)
    problems = _issue_problems(notice, content, on=day, today=day)
    if problems:
        raise NoticeError(problems)
    notice.state, notice.approved_at, notice.approved_by = "approved", replay.now(), actor
    _update(notice, ["state", "approved_at", "approved_by"])
    _event(notice, actor=actor, action="approved")
    return notice


# --------------------------------------------------------------------------- service


def _served_at(served_on: date, served_at: datetime | None) -> datetime:
    if served_at is not None:
        return served_at
    now = timezone.localtime(replay.now())
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
    today: date | None = None,
    version: str | None = None,
) -> Notice:
    """Serve a draft (approved, where the pack requires it): compose it for the
    service date, render it, freeze it, and record it as the engine's fact so that
    its clock starts today. By email, the PDF is sent through Django's email
    framework and the delivery recorded. Refused, before anything is frozen, for a day
    that has not come, and for content that carries a refusal of the law, a blank left
    unfilled in any language, or a citation premature on the day of service or the real
    day; and when it changed after ``version``, the one read (:class:`StaleNotice`)."""
    notice = _notice(notice_id)
    _refuse_if_served(notice, "service")
    _check_version(notice, version)
    _check("serve", notice)
    day = _today(today)
    problems = []
    if served_on > day:
        problems.append(_("served_on: %(day)s has not come yet") % {"day": _day(served_on)})
    if method not in dict(METHODS):
        problems.append(
            _("method: %(method)r is not one of %(methods)s")
            % {"method": method, "methods": ", ".join(dict(METHODS))}
        )
    if method == "email" and not notice.email:
        problems.append(_("email: an emailed notice needs the recipient's email address"))
    if method == "cart_tag" and notice.kind != "contamination":
        problems.append(
            _("method: only a contamination notice is served by a tag on the container")
        )
    if notice.cites_notice_id and notice.cites_notice.served_on > served_on:
        problems.append(
            _("served_on: %(day)s is before the notice it follows was served (%(cited)s)")
            % {"day": _day(served_on), "cited": _day(notice.cites_notice.served_on)}
        )
    if problems:
        raise NoticeError(problems)
    title = kind(notice.kind).title()
    # one call down: the records read the facts, ask the law, and record the document
    # (voiding the one it supersedes) only when the law lets it issue
    cites_late = notice.kind == "citation" and notice.cites_notice_id and day != served_on
    try:
        reading = serve_document(
            subject_group=notice.subject_group,
            ask=_ask(
                notice,
                served_on,
                approved=notice.state == "approved",
                referral_on=day if cites_late else None,
            ),
            actor=actor,
            why=f"{title} {notice.code} served",
            voids=[(notice.supersedes.fact_key, f"superseded by {notice.kind} {notice.code}")]
            if notice.supersedes_id
            else [],
        )
    except (TermsError, FactsError, RecordError) as exc:
        raise _law_problems(exc) from None
    document = reading.document
    if document.approval_required and notice.state != "approved":
        raise NoticeError(
            [
                _("notice %(code)s: a %(kind)s is approved by a supervisor before it is served")
                % {"code": notice.code, "kind": kind(notice.kind).title(reader_language())}
            ]
        )
    content = _content(notice, document)
    problems = _issue_problems(notice, content, on=served_on, today=day, document=document)
    if problems:
        # nothing stays written: the law refused before the records wrote, and a blank
        # left unfilled undoes the write with this transaction
        raise NoticeError(problems)
    if reading.recorded is None:  # the law's word, should no reason above have said it
        raise NoticeError(
            [_("notice %(code)s: the law does not let it issue as asked") % {"code": notice.code}]
        )
    content["projected"] = False
    served = {"method": method, "served_on": served_on.isoformat()}
    content["service"] = served
    raw = reading.raw
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
    if notice.cites_notice_id:
        cited = Notice.objects.select_for_update().get(pk=notice.cites_notice_id)
        if cited.state == "served":
            cited.state = "escalated"
            _update(cited, ["state"])
            _event(cited, actor=actor, action="escalated", note=f"citation {notice.code} served")
    if notice.supersedes_id:
        old = Notice.objects.select_for_update().get(pk=notice.supersedes_id)
        _close(old, state="superseded", actor=actor, why=f"superseded by {notice.code}")
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
        raise NoticeError(
            [_("email: the message to %(email)s was not accepted") % {"email": notice.email}]
        )
    return {"to": notice.email, "message_id": message_id, "sent_at": replay.now().isoformat()}


# --------------------------------------------------------------------------- after service


def _close(notice: Notice, *, state: str, actor: str, why: str) -> None:
    notice.state = state
    notice.closed_at, notice.closed_by, notice.closed_why = replay.now(), actor, why
    _update(notice, ["state", "closed_at", "closed_by", "closed_why"])
    _event(notice, actor=actor, action=state, note=why)


def _void_fact(notice: Notice, *, actor: str, why: str) -> None:
    try:
        void_record(key=notice.fact_key, actor=actor, why=why)
    except RecordError as exc:
        raise NoticeError(exc.problems) from None


@transaction.atomic
def record_compliance(*, notice_id: int, actor: str, complied_on: date, why: str = "") -> Notice:
    """Compliance with a served notice, as the engine's ``correction``: the notice is
    complied with from that day."""
    notice = _notice(notice_id)
    _check("comply", notice)
    if complied_on > replay.today():
        raise NoticeError([_("complied_on: %(day)s has not come yet") % {"day": _day(complied_on)}])
    if complied_on < notice.served_on:
        raise NoticeError(
            [
                _("complied_on: %(day)s is before the notice was served (%(served)s)")
                % {"day": _day(complied_on), "served": _day(notice.served_on)}
            ]
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
        raise NoticeError([_("why: a reason is required to rescind a notice")])
    notice = _notice(notice_id)
    _check("rescind", notice)
    if notice.served:
        _void_fact(notice, actor=actor, why=f"rescinded: {why}")
    _close(notice, state="rescinded", actor=actor, why=why)
    return notice


@transaction.atomic
def supersede_notice(*, notice_id: int, actor: str, why: str) -> Notice:
    """A correction of a served notice: a new draft of the same kind, finding and
    subject that supersedes the old one once it is served."""
    if not why.strip():
        raise NoticeError([_("why: a reason is required to correct a served notice")])
    old = _notice(notice_id)
    _check("supersede", old)
    existing = _open_draft(supersedes=old)
    if existing is not None:
        return existing
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
        created_at=replay.now(),
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
    _check("payment", citation)
    problems = []
    if amount <= 0:
        problems.append(_("amount: a payment is more than zero"))
    if method not in dict(PAYMENT_METHODS):
        problems.append(
            _("method: %(method)r is not one of %(methods)s")
            % {"method": method, "methods": ", ".join(dict(PAYMENT_METHODS))}
        )
    if not receipt_number.strip():
        problems.append(_("receipt_number: required"))
    elif Payment.objects.filter(receipt_number=receipt_number.strip()).exists():
        problems.append(
            _("receipt_number: %(receipt)s is already recorded") % {"receipt": receipt_number}
        )
    if citation.served and paid_on < citation.served_on:
        problems.append(
            _("paid_on: %(day)s is before the citation was served") % {"day": _day(paid_on)}
        )
    if problems:
        raise NoticeError(problems)
    payment = Payment.objects.create(
        citation=citation,
        amount=amount,
        paid_on=paid_on,
        method=method,
        receipt_number=receipt_number.strip(),
        recorded_by=actor,
        recorded_at=replay.now(),
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
    _check("request_extension", notice)
    problems = []
    if notice.deadline_on is None:
        problems.append(_("notice %(code)s: it sets no deadline to extend") % {"code": notice.code})
    if reason not in REASON_WORDS:
        problems.append(
            _("reason: %(reason)r is not one of %(reasons)s")
            % {"reason": reason, "reasons": ", ".join(REASON_WORDS)}
        )
    if problems:
        raise NoticeError(problems)
    request = ExtensionRequest.objects.create(
        notice=notice,
        requested_on=requested_on,
        reason=reason,
        explanation=explanation,
        corrective_action_plan=corrective_action_plan,
        created_by=actor,
        created_at=replay.now(),
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
        raise NoticeError(
            [
                _("extension request %(request)s: already %(state)s")
                % {"request": request_id, "state": flow.extension_state_name(request.state)}
            ]
        )
    notice = request.notice
    _check("decide_extension", notice)
    problems = []
    if granted and (new_due_on is None or new_due_on <= notice.deadline_on):
        problems.append(
            _("new_due_on: a granted extension sets a deadline later than %(day)s")
            % {"day": _day(notice.deadline_on)}
        )
    if decided_on < notice.served_on:
        problems.append(
            _("decided_on: %(day)s is before the notice was served") % {"day": _day(decided_on)}
        )
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
    derived = compose.derived_values(raw, citation.served_on, jurisdiction_pack())
    return compose.as_date(derived.get((citation.fact_key, "appeal_deadline")))


@transaction.atomic
def file_appeal(*, citation_id: int, actor: str, filed_on: date, grounds: str = "") -> Appeal:
    """A request for a hearing on a served citation, filed within the appeal window;
    a late one is refused with the reason."""
    citation = _notice(citation_id)
    _check("appeal", citation)
    if citation.appeals.exists():
        raise NoticeError(
            [_("citation %(code)s: a hearing was already requested") % {"code": citation.code}]
        )
    closes = appeal_deadline(citation)
    if filed_on < citation.served_on:
        raise NoticeError(
            [_("filed_on: %(day)s is before the citation was served") % {"day": _day(filed_on)}]
        )
    if closes is not None and filed_on > closes:
        raise NoticeError(
            [
                _(
                    "filed_on: the appeal window of citation %(code)s closed on %(closes)s; "
                    "a request of %(day)s is late, so no hearing is held (Ch. 50 SB 1383 "
                    "enforcement (H))"
                )
                % {"code": citation.code, "closes": _day(closes), "day": _day(filed_on)}
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
        citation=citation,
        filed_on=filed_on,
        grounds=grounds,
        fact_key=key,
        created_by=actor,
        created_at=replay.now(),
    )
    _event(citation, actor=actor, action="appealed", note=f"hearing requested {filed_on}")
    return appeal


@transaction.atomic
def schedule_hearing(
    *, appeal_id: int, actor: str, hearing_officer: str, scheduled_at: datetime, place: str = ""
) -> Hearing:
    """A hearing before a hearing officer (an active account whose role decides hearings,
    :mod:`sanitas.access.policy`)."""
    from django.contrib.auth import get_user_model

    from sanitas.access.policy import allows

    appeal = Appeal.objects.select_for_update().filter(pk=appeal_id).first()
    if appeal is None:
        raise NotFound([f"appeal {appeal_id}: no such appeal"])
    _check("schedule_hearing", appeal.citation)
    if appeal.state != "filed":
        raise NoticeError(
            [
                _("appeal %(appeal)s: already %(state)s")
                % {"appeal": appeal_id, "state": flow.appeal_state_name(appeal.state)}
            ]
        )
    officer = get_user_model().objects.filter(username=hearing_officer, is_active=True).first()
    if officer is None or officer.is_superuser or not allows(officer, "hearings.decide"):
        raise NoticeError(
            [
                _("hearing_officer: %(officer)s is not a hearing officer")
                % {"officer": hearing_officer}
            ]
        )
    if scheduled_at.date() < appeal.filed_on:
        raise NoticeError(
            [
                _("scheduled_at: %(day)s is before the appeal was filed (%(filed)s)")
                % {"day": _day(scheduled_at.date()), "filed": _day(appeal.filed_on)}
            ]
        )
    hearing = Hearing.objects.create(
        appeal=appeal,
        hearing_officer=hearing_officer,
        scheduled_at=scheduled_at,
        place=place,
        created_by=actor,
        created_at=replay.now(),
    )
    appeal.state = "scheduled"
    appeal.save(update_fields=["state"])
    _event(
        appeal.citation,
        actor=actor,
        action="hearing scheduled",
        note=f"{timezone.localtime(scheduled_at):%Y-%m-%d %H:%M} before {hearing_officer}",
    )
    return hearing


@transaction.atomic
def decide_hearing(
    *,
    hearing_id: int,
    actor: str,
    decision: str,
    decided_on: date,
    findings: str,
    reasons: str,
    officer_name: str,
    officer_title: str,
    amount: Decimal | None = None,
    order_text: str = "",
) -> Hearing:
    """The hearing officer's final written order (upheld, modified with a new amount,
    or dismissed): dated on or after the hearing, with the officer's findings and the
    reasons for the decision, signed with the officer's full name and title; rendered
    as its own document in the respondent's language and recorded as the engine's
    ``hearing_order``, which the ladder and the citation's findings follow."""
    hearing = Hearing.objects.select_for_update().filter(pk=hearing_id).first()
    if hearing is None:
        raise NotFound([f"hearing {hearing_id}: no such hearing"])
    citation = hearing.appeal.citation
    _check("decide_hearing", citation)
    problems = []
    if hearing.decision:
        problems.append(
            _("hearing %(hearing)s: decided already (%(decision)s)")
            % {"hearing": hearing_id, "decision": flow.decision_name(hearing.decision)}
        )
    if actor != hearing.hearing_officer:
        problems.append(
            _("hearing %(hearing)s: only its hearing officer decides it") % {"hearing": hearing_id}
        )
    if decision not in ("upheld", "modified", "dismissed"):
        problems.append(
            _("decision: %(decision)r is not upheld, modified or dismissed")
            % {"decision": decision}
        )
    if decision == "modified" and (amount is None or amount < 0):
        problems.append(_("amount: a modified order states the amount it sets"))
    ceiling = citation.content_snapshot.get("ceiling")
    if decision == "modified" and amount is not None and ceiling is not None and amount > ceiling:
        problems.append(_("amount: the order cannot set more than the ladder's ceiling"))
    held_on = timezone.localtime(hearing.scheduled_at).date()
    if decided_on < held_on:
        problems.append(
            _(
                "decided_on: %(day)s is before the hearing of %(held)s; an order is "
                "dated on or after the hearing"
            )
            % {"day": _day(decided_on), "held": _day(held_on)}
        )
    if decided_on > replay.today():
        problems.append(_("decided_on: %(day)s has not come yet") % {"day": _day(decided_on)})
    if not findings.strip():
        problems.append(_("findings: the order states the hearing officer's findings"))
    if not reasons.strip():
        problems.append(_("reasons: the order states the reasons for the decision"))
    if not officer_name.strip():
        problems.append(
            _(
                "officer_name: the order is signed with the hearing officer's full name (a "
                "supervisor sets it on the Staff page)"
            )
        )
    if not officer_title.strip():
        problems.append(_("officer_title: the order is signed with the hearing officer's title"))
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
    hearing.findings, hearing.reasons = findings.strip(), reasons.strip()
    hearing.order_text = order_text.strip()
    hearing.officer_name, hearing.officer_title = officer_name.strip(), officer_title.strip()
    html = render.order_html(
        hearing=hearing,
        citation=citation,
        officer_name=hearing.officer_name,
        officer_title=hearing.officer_title,
    )
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
