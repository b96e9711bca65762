"""The REST API (django-ninja), mounted at ``/api/``.

Every endpoint but the OpenAPI document (``/api/openapi.json``) and its viewer
(``/api/docs``) needs ``Authorization: Bearer <token>`` (``manage.py
issue_api_token``). Every refusal is ``{"detail": [one line per problem]}``.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import orjson
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import register_converter
from ninja import NinjaAPI, Query, Schema, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError

from sanitas.api import selectors
from sanitas.api.auth import (
    BearerToken,
    check_program,
    check_record_listing,
    sees_finding,
    sees_group,
    visible_findings,
)
from sanitas.api.notices import mount as mount_notices
from sanitas.api.numbers import PlainInt
from sanitas.api.preconditions import etag
from sanitas.api.schemas import (
    EvaluateQuery,
    EvaluationOut,
    FactsDocumentIn,
    FindingHistory,
    FindingPage,
    FindingQuery,
    FindingVersion,
    Problems,
    RecordPage,
    RecordQuery,
    SubjectOut,
)
from sanitas.kit.titles import (
    Title,
    program_title,
    requirement_title,
    subject_title,
    title_of,
    titles,
)
from sanitas.ordinance.bounds import ID_MAX, TEXT_MAX, key_problem, shown, text_problem
from sanitas.ordinance.document import parse_document
from sanitas.ordinance.facts import FactsError
from sanitas.ordinance.messages import reading_in
from sanitas.ordinance.messages import said_in_english as english
from sanitas.ordinance.pack import PackError
from sanitas.records.models import Finding, Record


class _Text:
    """A path segment that is any text at all (a record key may hold a slash; Django's
    ``path`` converter stops at a line break), so that a text that is no key is
    answered as such (422, naming what a key may not hold) rather than as no endpoint."""

    regex = r"[\s\S]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(_Text, "anytext")

api = NinjaAPI(
    title="Sanitas",
    version="1",
    description=(
        "San Gabriel's sewer and solid-waste records and the findings the ordinance "
        "makes of them. Send `Authorization: Bearer <token>` with every request; "
        'a refused request answers `{"detail": [one line per problem]}`.'
    ),
    # an operation the access policy does not name is refused: each declares its own
    # door (``auth=BearerToken("<operation_id>")``)
    auth=lambda request: None,
    urls_namespace="api",
)

REFUSED = {401: Problems, 403: Problems, 422: Problems}
_PACK_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
logger = logging.getLogger(__name__)


# --------------------------------------------------------------------------- refusals


def _refuse(request: HttpRequest, status: int, problems: list[str], **headers: str) -> HttpResponse:
    response = api.create_response(request, {"detail": problems}, status=status)
    for name, value in headers.items():
        response[name] = value
    return response


def _where(loc: Any) -> str:
    return ".".join(str(part) for part in loc if part not in ("", None))


def _message(request: HttpRequest, error: dict[str, Any]) -> str:
    message = str(error.get("msg", "invalid"))
    loc = tuple(error.get("loc", ()))
    if error.get("type") == "literal_error" and len(message) > 200:
        # the fact types are too many to list in one line
        given = request.GET.get(str(loc[-1])) if loc and loc[0] == "query" else None
        return f"{given!r} is not one of the accepted values (see /api/openapi.json)"
    return message.removeprefix("Value error, ")


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    problems = [f"{_where(e.get('loc', ()))}: {_message(request, e)}" for e in exc.errors]
    return _refuse(request, 422, problems)


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return _refuse(
        request,
        401,
        ["Authorization: a valid, unrevoked API token is required (Bearer <token>)"],
        **{"WWW-Authenticate": 'Bearer realm="sanitas"'},
    )


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return _refuse(request, exc.status_code, [str(exc)])


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _refuse(request, 404, [str(exc) or f"{request.path}: not found"])


@api.exception_handler(DatabaseError)
def _storage_refused(request: HttpRequest, exc: DatabaseError) -> HttpResponse:
    """The database refused (read-only, full, rights revoked): 503 naming the cause;
    the write's transaction was rolled back whole."""
    from sanitas.records.faults import cause

    logger.error("%s %s refused by the database: %s", request.method, request.path, exc)
    done = "nothing was stored" if request.method not in ("GET", "HEAD") else "not answered"
    return _refuse(request, 503, [f"{cause(exc)}: {done}"])


@api.exception_handler(RequestDataTooBig)
def _too_big(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    return _refuse(request, 413, ["body: larger than this server accepts"])


def _only(request: HttpRequest, query: type[Schema] | None) -> None:
    """Refuse query parameters the endpoint does not know (a misspelt filter would
    otherwise be ignored and answer with everything)."""
    allowed = set(query.model_fields) if query is not None else set()
    unknown = sorted(set(request.GET) - allowed)
    if unknown:
        raise ValidationError(
            [{"loc": ("query", name), "msg": "unknown query parameter"} for name in unknown]
        )
    # no text the records could not hold (a NUL, which PostgreSQL refuses) reaches a query
    unstorable = [
        {"loc": ("query", name), "msg": problem}
        for name, values in request.GET.lists()
        for value in values
        if (problem := text_problem(value, TEXT_MAX))
    ]
    if unstorable:
        raise ValidationError(unstorable)


# --------------------------------------------------------------------------- records


def _record_out(record: Record, version: str, named: dict[str, Title]) -> dict[str, Any]:
    """A record as the API gives it; ``named``: the titles of the records being given
    (:func:`sanitas.kit.titles.titles`)."""
    voided = record.voided_at is not None
    found = named.get(record.key)
    return {
        "key": record.key,
        "title": found.text if found else title_of(record.fact_type, record),
        "type": record.fact_type,
        "subject_group": record.subject_group,
        "fields": selectors.record_fields(record),
        "voided": voided,
        "voided_at": record.voided_at,
        "voided_by": record.voided_by if voided else None,
        "voided_why": record.voided_why if voided else None,
        "recorded_at": record.recorded_at,
        "recorded_by": record.recorded_by,
        "recorded_why": record.recorded_why,
        "import_source": record.import_source,
        "updated_at": record.updated_at,
        "version": version,
    }


@api.get(
    "/subjects/{anytext:key}",
    response={200: SubjectOut, 404: Problems, **REFUSED},
    operation_id="getSubject",
    auth=BearerToken("getSubject"),
    summary="A record by its key",
    tags=["records"],
)
def get_subject(request: HttpRequest, key: str, response: HttpResponse) -> Any:
    """The record named ``key`` (a fact's id, or an event's content key), of any type,
    voided or not, and the data problems the last sweep found among the records
    evaluated with it. Its ``ETag`` is its version: a change sends it as ``If-Match``."""
    _only(request, None)
    if problem := text_problem(key, ID_MAX) or key_problem(key):  # no record has it
        raise ValidationError([{"loc": ("path", "key"), "msg": problem}])
    record = selectors.get_record(key=key)
    if record is None or not sees_group(request, record.subject_group):
        raise Http404(f"{key}: no record has this key")
    problems = selectors.data_problems(group=record.subject_group)
    version = selectors.record_versions([record]).get(record.key, "")
    response["ETag"] = etag(version)
    named = titles([record.key])
    return {**_record_out(record, version, named), "data_problems": problems}


@api.get(
    "/records",
    response={200: RecordPage, **REFUSED},
    operation_id="listRecords",
    auth=BearerToken("listRecords"),
    summary="Records, filtered and paged",
    tags=["records"],
)
def list_records(request: HttpRequest, query: Query[RecordQuery]) -> Any:
    """Records ordered by key."""
    _only(request, RecordQuery)
    if not check_record_listing(request, query.group):  # a group outside the token's programs
        return {"count": 0, "limit": query.limit, "offset": query.offset, "items": []}
    page = selectors.list_records(
        fact_type=query.type,
        group=query.group,
        updated_since=query.updated_since,
        voided=query.voided,
        limit=query.limit,
        offset=query.offset,
    )
    versions = selectors.record_versions(page.items)
    named = titles([r.key for r in page.items])
    return {
        "count": page.count,
        "limit": query.limit,
        "offset": query.offset,
        "items": [_record_out(r, versions.get(r.key, ""), named) for r in page.items],
    }


# --------------------------------------------------------------------------- findings


def _finding_out(finding: Finding, named: dict[str, Title]) -> dict[str, Any]:
    """A finding as the API gives it; ``named``: the titles of the findings' subjects."""
    program = selectors.program_of(finding.requirement)
    subject = named.get(finding.subject)
    return {
        "id": finding.pk,
        "title": requirement_title(finding.requirement),
        "requirement": finding.requirement,
        "program": program,
        "program_title": program_title(program) or None,
        "subject": finding.subject,
        "subject_title": subject.text if subject else subject_title(finding.subject),
        "subject_group": finding.subject_group,
        "period": finding.period or None,
        "status": finding.status,
        "due": finding.due or None,
        "cite": finding.cite,
        "explanation": english(finding),
        "reading": reading_in(finding) or None,
        "current": finding.current,
        "evaluated_as_of": finding.evaluated_as_of,
        "first_found_at": finding.first_found_at,
        "updated_at": finding.updated_at,
    }


@api.get(
    "/findings",
    response={200: FindingPage, **REFUSED},
    operation_id="listFindings",
    auth=BearerToken("listFindings"),
    summary="The worklist: current findings, filtered and paged",
    tags=["findings"],
)
def list_findings(request: HttpRequest, query: Query[FindingQuery]) -> Any:
    """Findings the last sweep found, earliest due first (undated last)."""
    _only(request, FindingQuery)
    check_program(request, query.program)
    filters = query.model_dump(exclude={"limit", "offset"})
    rows = visible_findings(request, selectors.current_findings(**filters))
    shown = list(rows[query.offset : query.offset + query.limit])
    named = titles({f.subject for f in shown})
    return {
        "count": rows.count(),
        "limit": query.limit,
        "offset": query.offset,
        "items": [_finding_out(f, named) for f in shown],
    }


_CHANGES = {"+": "created", "~": "changed", "-": "removed"}


@api.get(
    "/findings/{finding_id}/history",
    response={200: FindingHistory, 404: Problems, **REFUSED},
    operation_id="getFindingHistory",
    auth=BearerToken("getFindingHistory"),
    summary="A finding and every version of it",
    tags=["findings"],
)
def finding_history(request: HttpRequest, finding_id: PlainInt) -> Any:
    """The finding (current or not) and each stored version, oldest first: how its
    status, due date or being found changed from sweep to sweep (a version is made
    when one of those changes, with the words the finding had then)."""
    _only(request, None)
    finding = selectors.get_finding(finding_id=finding_id)
    if finding is None or not sees_finding(request, finding.requirement):
        raise Http404(f"finding {finding_id}: no such finding")
    versions = [
        FindingVersion(
            at=v.history_date,
            change=_CHANGES[v.history_type],
            status=v.status,
            due=v.due or None,
            period=v.period or None,
            current=v.current,
            evaluated_as_of=v.evaluated_as_of,
            cite=v.cite,
            explanation=english(v),
            reading=reading_in(v) or None,
        )
        for v in selectors.finding_history(finding=finding)
    ]
    return {"finding": _finding_out(finding, titles([finding.subject])), "versions": versions}


# --------------------------------------------------------------------------- evaluate

_DOCUMENT_SCHEMA = FactsDocumentIn.model_json_schema()
_DOCUMENT_SCHEMA.pop("title", None)


@api.post(
    "/evaluate",
    response={
        200: EvaluationOut,
        400: Problems,
        401: Problems,
        403: Problems,
        413: Problems,
        422: Problems,
    },
    operation_id="evaluate",
    auth=BearerToken("evaluate"),
    summary="Apply the law to a posted facts document",
    tags=["engine"],
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": _DOCUMENT_SCHEMA}},
        }
    },
)
def evaluate(request: HttpRequest, query: Query[EvaluateQuery]) -> Any:
    """Evaluate a facts document exactly as `sanitas evaluate --format json` does and
    answer with the same JSON. Nothing is stored. A document with any problem is
    refused whole with every problem listed (422); a body that is not JSON is 400."""
    _only(request, EvaluateQuery)
    as_of = query.as_of
    body = request.body
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        return Status(400, {"detail": [f"body: not valid JSON: {exc}"]})
    problems: list[str] = []
    if isinstance(data, dict):
        data.pop("expect", None)
        jurisdiction = data.get("jurisdiction")
        if isinstance(jurisdiction, str) and not _PACK_NAME.fullmatch(jurisdiction):
            # a pack is a file found by its name: a name that is not one is not looked up
            problems.append(f"body: jurisdiction: no rule pack named {jurisdiction!r}")
            data.pop("jurisdiction")
        _name_unnamable_types(data.get("facts"))
    try:
        document = parse_document(data, source="body")
    except FactsError as exc:
        return Status(422, {"detail": problems + exc.problems})
    except Exception as exc:  # the validator failed on a shape it did not foresee
        logger.exception("POST /api/evaluate: the document could not be validated")
        return Status(
            422, {"detail": [f"body: the document could not be validated ({type(exc).__name__})"]}
        )
    if as_of is None and document.as_of is None:
        problems.append("body: as_of: no as-of date in the document or the query")
    if problems:
        return Status(422, {"detail": problems})
    try:
        evaluation = document.evaluate(as_of=as_of)
    except FactsError as exc:
        return Status(422, {"detail": exc.problems})
    except PackError as exc:
        return Status(422, {"detail": [f"body: jurisdiction: {p}" for p in exc.problems]})
    # the same JSON as the CLI's, unindented: written without a mapping per finding
    return HttpResponse(memoryview(evaluation.as_json()), content_type="application/json")


def _name_unnamable_types(facts: Any) -> None:
    """A fact whose ``type`` is a list or a mapping gets it as JSON text, so that the
    vocabulary reports it as an unknown type, with its position, beside every other
    problem (it cannot look such a value up)."""
    if not isinstance(facts, list):
        return
    for raw in facts:
        if isinstance(raw, dict) and isinstance(raw.get("type"), list | dict):
            try:
                raw["type"] = orjson.dumps(raw["type"]).decode()
            except orjson.JSONEncodeError:  # nested deeper than JSON is written
                raw["type"] = shown(raw["type"])


# the apps' endpoints, added before the catch-all below
mount_notices(api)


@api.api_operation(
    ["GET", "POST", "PUT", "PATCH", "DELETE"],
    "/{anytext:rest}",
    auth=None,
    include_in_schema=False,
)
def no_such_endpoint(request: HttpRequest, rest: str) -> Any:
    """Anything else under /api/ is a 404 in the API's own form. Registered last."""
    raise Http404(f"/api/{rest}: no such endpoint")
