"""The notices over the REST API: draft from a finding, serve, read with its state,
digests and deadline, fetch the PDF; and record a facts document through the
records services. Every refusal is ``{"detail": [one line per problem]}``; any
write to a served notice answers 409 with the reason.

:func:`mount` adds the endpoints to the project's API (``sanitas.api.api``) before
its catch-all, so that they are documented in the same OpenAPI.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from ninja import NinjaAPI, Schema, Status
from pydantic import Field

from sanitas.access.policy import About, allows
from sanitas.api import preconditions
from sanitas.api.auth import BearerToken, require_on, token_of
from sanitas.api.numbers import PlainDecimal, PlainInt
from sanitas.kit.titles import subject_title, titles
from sanitas.notices import selectors, services
from sanitas.notices import versions as notice_versions
from sanitas.notices.kinds import LANGUAGES, kinds
from sanitas.notices.models import Notice
from sanitas.ordinance.words import type_words
from sanitas.records.bridge import fact_key
from sanitas.records.certificates import NotAPermit, certificate_blockers
from sanitas.records.inspections import inspection_refusals
from sanitas.records.models import RecordIndex
from sanitas.records.services import RecordError, StaleVersion, VersionRequired, record_facts
from sanitas.records.versions import ANY, versions_of

Method = Literal["personal", "first_class_mail", "certified_mail", "email", "posting", "cart_tag"]
KindKey = Literal[tuple(kinds())]  # type: ignore[valid-type]
Language = Literal[LANGUAGES]  # type: ignore[valid-type]


class Problems(Schema):
    """Why a request was refused: one line per problem."""

    detail: list[str]


class DraftIn(Schema):
    finding: PlainInt = Field(description="The id of a current finding (`GET /api/findings`).")
    kind: KindKey | None = Field(
        None, description="The kind of document, where more than one answers the finding."
    )


class ServeIn(Schema):
    method: Method
    served_on: date = Field(description="The day of service: every clock starts from it.")
    served_at: datetime | None = Field(None, description="The moment of service, if known.")
    served_by: str | None = Field(None, max_length=150, description="Who served it.")


class DraftEditIn(Schema):
    remarks: str | None = Field(None, description="Further directions (free text).")
    language: Language | None = Field(None, description="The language it is printed in.")
    email: str | None = Field(None, description="Where an emailed notice is sent.")
    amount: PlainDecimal | None = Field(
        None, description="A citation's penalty, not above the ceiling."
    )


class RecipientOut(Schema):
    name: str
    address: str
    rule: str
    language: str
    business: str | None = None
    copies: list[dict[str, Any]] = Field(default_factory=list)


class NoticeOut(Schema):
    id: int
    code: str = Field(description="The case code printed for the recipient.")
    kind: str
    title: str
    state: str
    requirement: str
    subject: str
    subject_title: str = Field(
        description="What a person calls the notice's subject, as its record's `title`."
    )
    fact_key: str = Field(description="The key of the engine fact it becomes once served.")
    finding: int | None
    language: str
    recipient: RecipientOut | None
    deadline_on: date | None = Field(
        description="Served: the deadline the engine computed from the day of service. Draft: "
        "the deadline service on the worklist's day would give."
    )
    projected: bool = Field(description="True while a draft: the deadline is projected.")
    ceiling: int | None = Field(description="The penalty ceiling this respondent faces.")
    amount: Decimal | None
    served_on: date | None
    served_at: datetime | None
    method: str | None
    served_by: str | None
    content_sha256: str | None = Field(description="The SHA-256 printed on the notice.")
    pdf_sha256: str | None = Field(description="The SHA-256 of the served PDF's bytes.")
    supersedes: str | None
    cites: str | None
    version: str = Field(
        description="The notice's version as it stands (also its `ETag`): an edit, an "
        "approval or a service sends it back as `If-Match` (required to edit), and is "
        "refused (412) if the notice changed since."
    )


class RecordsIn(Schema):
    """A facts document (the scenario format); ``as_of`` and ``expect`` are ignored."""

    facts: list[dict[str, Any]] = Field(
        description="Facts: mappings with a `type` and that type's fields (`sanitas vocabulary`)."
    )
    why: str = Field("", max_length=2000, description="Why they are recorded.")


class RecordsOut(Schema):
    created: int
    updated: int
    unchanged: int
    keys: list[str]
    titles: dict[str, str] = Field(
        description="Each record's title after the write, by key: what a person calls it, "
        "as `title` in a record listing."
    )
    versions: dict[str, str] = Field(
        description="Each record's version after the write (its ETag), by key: what the "
        "next change of it sends as `If-Match`."
    )


class Conflicts(Schema):
    """A change refused because what it changes changed since the version it was made
    from: every problem in words, and each conflict field by field."""

    detail: list[str]
    conflicts: list[dict[str, Any]] = Field(
        default_factory=list,
        description="For each: `key`, `type`, the `version` sent and the `current_version`, "
        "who changed it since (`changed_by`), a `summary` in words, and `fields`: each "
        "field's label, what it `was`, `theirs` and `yours` (null where that one left it).",
    )


def _out(notice: Notice) -> dict[str, Any]:
    content = None
    try:
        content = services.preview(notice)
    except services.NoticeError:
        content = None
    return {
        "id": notice.pk,
        "code": notice.code,
        "kind": notice.kind,
        "title": selectors.kind_of(notice).title(),
        "state": notice.state,
        "requirement": notice.requirement,
        "subject": notice.subject,
        "subject_title": subject_title(notice.subject),
        "fact_key": notice.fact_key,
        "finding": notice.finding_id,
        "language": notice.language,
        "recipient": content["recipient"] if content else None,
        "deadline_on": notice.deadline_on
        if notice.served
        else (content["deadline_on"] if content else None),
        "projected": not notice.served,
        "ceiling": content["ceiling"] if content else None,
        "amount": notice.amount,
        "served_on": notice.served_on,
        "served_at": notice.served_at,
        "method": notice.method or None,
        "served_by": notice.served_by or None,
        "content_sha256": notice.content_sha256 or None,
        "pdf_sha256": notice.pdf_sha256 or None,
        "supersedes": notice.supersedes.code if notice.supersedes_id else None,
        "cites": notice.cites_notice.code if notice.cites_notice_id else None,
        "version": notice_versions.version_of(notice),
    }


def _answer(notice: Notice, response: HttpResponse) -> dict[str, Any]:
    """The notice as answered, its version as the response's ``ETag``."""
    out = _out(notice)
    response["ETag"] = preconditions.etag(out["version"])
    return out


def _notice_version(request: HttpRequest) -> str | Status | None:
    """The version an ``If-Match`` names for a notice (``*`` for any), None for none,
    or the refusal of a header that names something else."""
    try:
        tags = preconditions.if_match(request)
    except preconditions.BadPrecondition as exc:
        return Status(400, {"detail": [str(exc)]})
    if tags is None:
        return None
    if len(tags) != 1:
        return Status(400, {"detail": ["If-Match: one version of the notice, or *"]})
    return tags[0]


def _stale(request: HttpRequest, exc: services.StaleNotice, *, asked: str, body=None) -> Status:
    """412: what happened to the notice since the version sent, field by field."""
    words = notice_versions.describe(
        exc.notice, version=exc.version, asked=asked, yours=body, me=request.user, api=True
    )
    detail = [f"notice {exc.notice.code}: {words.headline} {words.summary}"]
    detail += [
        f"notice {exc.notice.code}: {line.label}: theirs {line.theirs or 'unchanged'}; "
        f"yours {line.yours or 'unchanged'}"
        for line in words.lines
    ]
    return Status(412, {"detail": detail, "conflicts": [words.as_json()]})


def _found(request: HttpRequest, notice_id: int, need: str = "notices.view") -> Notice | None:
    """The notice, if the token's user may read it through the token (else None: it is
    answered as if it did not exist); then refused (403) unless they may do ``need``."""
    notice = Notice.objects.select_related("cites_notice").filter(pk=notice_id).first()
    if notice is None or not allows(request.user, "notices.view", notice, token=token_of(request)):
        return None
    if need != "notices.view":
        require_on(request, need, notice)
    return notice


def _refused(exc: services.NoticeError) -> Status:
    return Status(exc.status, {"detail": exc.problems})


def _missing(notice_id: int) -> Status:
    return Status(404, {"detail": [f"notice {notice_id}: no such notice"]})


def _changed(
    request: HttpRequest,
    notice_id: int,
    need: str,
    response: HttpResponse,
    change: Callable[[Notice, str | None], Notice],
    *,
    asked: str,
    yours: dict[str, Any] | None = None,
) -> Any:
    """One change of a notice: the notice found and the change allowed (``need``),
    made by ``change(notice, version)`` from the version sent as If-Match, and the
    notice answered with its new ETag; or refused — 404, 403, 412 with what happened
    since (``yours``: what the request asked to change), the service's refusal."""
    notice = _found(request, notice_id, need)
    if notice is None:
        return _missing(notice_id)
    version = _notice_version(request)
    if isinstance(version, Status):
        return version
    try:
        notice = change(notice, version)
    except services.StaleNotice as exc:
        return _stale(request, exc, asked=asked, body=yours)
    except services.NoticeError as exc:
        return _refused(exc)
    return _answer(notice, response)


REFUSED = {401: Problems, 403: Problems, 404: Problems, 409: Problems, 422: Problems}
#: and for a change, what it was made from
CHANGE_REFUSED = {**REFUSED, 400: Problems, 412: Conflicts, 428: Problems}


def mount(api: NinjaAPI) -> None:
    """Add the notice endpoints (and ``POST /records``) to ``api``."""

    @api.post(
        "/notices",
        response={200: NoticeOut, 201: NoticeOut, **REFUSED},
        operation_id="draftNotice",
        auth=BearerToken("draftNotice"),
        summary="Draft the notice the law answers a finding with",
        tags=["notices"],
    )
    def draft_notice(request: HttpRequest, body: DraftIn) -> Any:
        """A draft filled from the records and the rule pack: the recipient the
        ordinance names, what was found, the law, the deadline from the day of
        service, the penalty that follows. Refused (422) when no notice answers the
        finding."""
        finding = selectors.finding(request.user, finding_id=body.finding)
        if finding is None:
            return Status(404, {"detail": [f"finding {body.finding}: no such current finding"]})
        offered = selectors.offered_kinds(finding.requirement, finding.status)
        chosen = next((k for k in offered if k.key == body.kind), None) if body.kind else None
        for k in [chosen] if chosen is not None else offered[:1]:
            require_on(request, "notices.draft", About.program(k.program))
        try:
            notice = services.draft_notice(
                finding_id=body.finding, actor=request.user.get_username(), kind_key=body.kind
            )
        except services.NoticeError as exc:
            return _refused(exc)
        # one open draft per finding and kind: a second request answers with the first
        return Status(200 if getattr(notice, "already_open", False) else 201, _out(notice))

    @api.get(
        "/notices/{notice_id}",
        response={200: NoticeOut, **REFUSED},
        operation_id="getNotice",
        auth=BearerToken("getNotice"),
        summary="A notice with its state, digests and deadline",
        tags=["notices"],
    )
    def get_notice(request: HttpRequest, notice_id: PlainInt, response: HttpResponse) -> Any:
        """The notice; its ``ETag`` is its version, which an edit, an approval or a
        service sends back as ``If-Match``."""
        notice = _found(request, notice_id)
        return _answer(notice, response) if notice is not None else _missing(notice_id)

    @api.patch(
        "/notices/{notice_id}",
        response={200: NoticeOut, **CHANGE_REFUSED},
        operation_id="editNotice",
        auth=BearerToken("editNotice"),
        summary="Edit a draft's free-text parts (409 once served; If-Match required)",
        tags=["notices"],
    )
    def edit_notice(
        request: HttpRequest, notice_id: PlainInt, body: DraftEditIn, response: HttpResponse
    ) -> Any:
        """Send the version read (`ETag`) as `If-Match`: an edit made from an older
        version is refused (412) with what happened since, field by field; one with no
        `If-Match` is refused (428); `If-Match: *` edits whatever the draft now says."""
        edits = body.model_dump()
        return _changed(
            request,
            notice_id,
            "notices.draft",
            response,
            lambda notice, version: services.edit_draft(
                notice_id=notice.pk,
                actor=request.user.get_username(),
                version=version,
                version_required=True,
                **edits,
            ),
            asked="edit",
            yours=edits,
        )

    @api.post(
        "/notices/{notice_id}/approve",
        response={200: NoticeOut, **CHANGE_REFUSED},
        operation_id="approveNotice",
        auth=BearerToken("approveNotice"),
        summary="A supervisor's approval of a draft (409 once served)",
        tags=["notices"],
    )
    def approve_notice(request: HttpRequest, notice_id: PlainInt, response: HttpResponse) -> Any:
        """With `If-Match` (the version read), refused (412) if the draft changed since:
        an approval covers what the supervisor read."""
        return _changed(
            request,
            notice_id,
            "notices.approve",
            response,
            lambda notice, version: services.approve_notice(
                notice_id=notice.pk, actor=request.user.get_username(), version=version
            ),
            asked="approve",
        )

    @api.post(
        "/notices/{notice_id}/serve",
        response={200: NoticeOut, **CHANGE_REFUSED},
        operation_id="serveNotice",
        auth=BearerToken("serveNotice"),
        summary="Serve a notice: it is frozen, and its clock starts on the day of service",
        tags=["notices"],
    )
    def serve_notice(
        request: HttpRequest, notice_id: PlainInt, body: ServeIn, response: HttpResponse
    ) -> Any:
        """Service renders and freezes the PDF, the recipient and the facts behind it
        (their SHA-256 digests are returned), and records the notice as the engine's
        fact. A served notice answers 409. With `If-Match` (the version read), refused
        (412) if the notice changed since."""
        return _changed(
            request,
            notice_id,
            "notices.serve",
            response,
            lambda notice, version: services.serve_notice(
                notice_id=notice.pk,
                actor=request.user.get_username(),
                method=body.method,
                served_on=body.served_on,
                served_at=body.served_at,
                served_by=body.served_by,
                version=version,
            ),
            asked="serve",
        )

    @api.get(
        "/notices/{notice_id}/pdf",
        response={200: None, **REFUSED},
        operation_id="getNoticePdf",
        auth=BearerToken("getNoticePdf"),
        summary="The notice's PDF (as served; a draft's preview is marked as a draft)",
        tags=["notices"],
        openapi_extra={
            "responses": {
                "200": {
                    "description": "The PDF",
                    "content": {
                        "application/pdf": {"schema": {"type": "string", "format": "binary"}}
                    },
                }
            }
        },
    )
    def notice_pdf(request: HttpRequest, notice_id: PlainInt) -> Any:
        from sanitas.notices import render

        notice = _found(request, notice_id)
        if notice is None:
            return _missing(notice_id)
        if notice.served:
            data = bytes(notice.pdf)
        else:
            try:
                data = render.pdf(render.document_html(services.preview(notice)))
            except services.NoticeError as exc:
                return _refused(exc)
        response = HttpResponse(data, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{notice.code}.pdf"'
        if notice.served:
            response["X-Content-SHA256"] = notice.content_sha256
        return response

    @api.post(
        "/records",
        response={
            200: RecordsOut,
            400: Problems,
            401: Problems,
            403: Problems,
            412: Conflicts,
            422: Problems,
            428: Problems,
        },
        operation_id="recordFacts",
        auth=BearerToken("recordFacts"),
        summary="Record a facts document through the records services",
        tags=["records"],
    )
    def record(request: HttpRequest, body: RecordsIn) -> Any:
        """All or nothing: the whole document is validated (the vocabulary, references
        against the document and the stored records) and then stored; a problem
        anywhere refuses it whole with every problem listed (422). Idempotent by
        natural key: a record already stored as given is left unchanged. Every fact's
        type must be one the token's user records (403 naming those that are not).

        A change of a stored record says which version it was made from: send the
        record's `ETag` (`GET /api/subjects/{key}`, or `version` in any record listing)
        as `If-Match`, several comma-separated for several records. A record that changed
        since refuses the whole document (412) with the other change described field by
        field; a change with no `If-Match` is refused (428); `If-Match: *` replaces what
        is stored whatever it is. New records and records left as they are need none.

        Before it answers, the findings of every subject group the document touched are
        evaluated again, in the same transaction: `GET /api/findings` shows them at once
        (a pump-out recorded here makes its interceptor's schedule current)."""
        token = token_of(request)
        refused = sorted(
            {
                str(raw.get("type"))
                for raw in body.facts
                if not allows(
                    request.user, "records.record", About.record(str(raw.get("type"))), token=token
                )
            }
        )
        if refused:
            return Status(
                403,
                {
                    "detail": [
                        f"facts: {request.user.get_username()}'s roles do not record "
                        f"{', '.join(refused)}"
                    ]
                },
            )
        uncertified = _certificates_refused(request, body.facts)
        if uncertified:
            return Status(422, {"detail": uncertified})
        unready = _inspections_refused(request, body.facts)
        if unready:
            return Status(422, {"detail": unready})
        try:
            tags = preconditions.if_match(request)
        except preconditions.BadPrecondition as exc:
            return Status(400, {"detail": [str(exc)]})
        versions_from = None
        if tags is not None and tags != (ANY,):
            versions_from, unknown = preconditions.record_versions(tags)
            if unknown:
                return Status(412, {"detail": unknown})
        try:
            result = record_facts(
                raw_facts=body.facts,
                actor=request.user.get_username(),
                why=body.why,
                source="api",
                versions_from=versions_from,
                versions_required=tags != (ANY,),
            )
        except StaleVersion as exc:
            return Status(412, preconditions.conflict_answer(exc, me=request.user))
        except VersionRequired as exc:
            return Status(428, {"detail": exc.problems})
        except RecordError as exc:
            return Status(422, {"detail": exc.problems})
        except Exception as exc:
            problems = getattr(exc, "problems", None)
            if problems is None:
                raise
            return Status(422, {"detail": problems})
        named = titles(result.keys)
        return {
            "created": result.created,
            "updated": result.updated,
            "unchanged": result.unchanged,
            "keys": result.keys,
            "titles": {key: named[key].text for key in result.keys if key in named},
            "versions": versions_of(result.keys),
        }


def _certificates_refused(request: HttpRequest, facts: list[Any]) -> list[str]:
    """Each new certificate of final inspection in ``facts`` that its permit may not
    have on its day, with every reason and the address of the record that shows it
    (:func:`sanitas.records.certificates.certificate_blockers`, as the notices and the
    record form ask); one already stored, recorded again as it is, is not asked."""
    problems: list[str] = []
    for position, raw in enumerate(facts):
        if not isinstance(raw, dict) or raw.get("type") != "final_certificate":
            continue
        if RecordIndex.objects.filter(key=fact_key(raw)).exists():
            continue
        permit = str(raw.get("permit") or "")
        try:
            on = date.fromisoformat(str(raw.get("date")))
            found = certificate_blockers(permit, on=on)
        except (ValueError, NotAPermit):
            continue  # the vocabulary names a bad date or an unknown permit
        named = titles([permit]).get(permit)
        what = named.text if named else permit
        for blocker in found:
            where = ""
            if blocker.key:
                url = request.build_absolute_uri(reverse("staff:subject", args=[blocker.key]))
                where = f" (see {url})"
            elif blocker.missing:
                where = f" (to record: {type_words(blocker.missing)})"
            problems.append(
                f"facts[{position}].permit: no certificate of final inspection may issue for "
                f"{what}: {blocker.words()}{where}"
            )
    return problems


def _inspections_refused(request: HttpRequest, facts: list[Any]) -> list[str]:
    """Each new inspection request in ``facts`` for a stage its permit's work is not
    ready for on the day it was asked, with every reason in the law's words and the
    address of the record that shows it
    (:func:`sanitas.records.inspections.inspection_refusals`, as the record form asks);
    one already stored, recorded again (its result added), is not asked again."""
    problems: list[str] = []
    for position, raw in enumerate(facts):
        if not isinstance(raw, dict) or raw.get("type") != "inspection_request":
            continue
        if RecordIndex.objects.filter(key=raw.get("id") or fact_key(raw)).exists():
            continue
        permit, stage = str(raw.get("permit") or ""), str(raw.get("stage") or "")
        try:
            on = date.fromisoformat(str(raw.get("requested_on")))
            found = inspection_refusals(permit, stage, on=on)
        except (ValueError, NotAPermit):
            continue  # the vocabulary names a bad date or an unknown permit
        named = titles([permit]).get(permit)
        what = named.text if named else permit
        for reason in found:
            where = ""
            if reason.key:
                url = request.build_absolute_uri(reverse("staff:subject", args=[reason.key]))
                where = f" (see {url})"
            problems.append(
                f"facts[{position}].stage: the {type_words(stage)} inspection of {what} "
                f"cannot be asked for yet: {reason.words()}{where}"
            )
    return problems
