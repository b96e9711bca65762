"""Open311 GeoReport v2 at ``/open311/v2/``, as the specification is written.

``discovery``, ``services``, ``services/{code}``, ``requests`` (GET and POST) and
``requests/{id}``, each in XML (``.xml``) and JSON (``.json``). A POST is form-encoded
and carries ``api_key`` (403 without a live one), ``jurisdiction_id`` (404 when it is not
this city's, as is an unknown ``service_code``) and the service's questions as
``attribute[code]`` or, for a list of values, ``attribute[code][]``; anything else wrong
is a 400. Errors are ``errors/error`` with ``code`` and ``description`` (at most 4,000
characters). Every datetime carries its offset; ``service_notice`` and
``expected_datetime`` come from the rule pack's investigation clock. Photos travel as
``media_url``. What a GET answers never holds a complainant's name, e-mail, telephone,
device or account, nor a residence's exact point (:mod:`sanitas.public.selectors`)."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from functools import wraps
from typing import Any
from xml.etree import ElementTree as ET

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt

from sanitas.access.doors import door
from sanitas.public import selectors, services
from sanitas.public.models import ServiceRequest
from sanitas.records.sweep import jurisdiction_pack

SPECIFICATION = "http://wiki.open311.org/GeoReport_v2"
FORMATS = {"xml": "text/xml; charset=utf-8", "json": "application/json; charset=utf-8"}
DESCRIPTION_LIMIT = 4000
#: when this interface last changed (discovery's changeset)
CHANGESET = "2026-12-05T00:00:00-08:00"


class Open311Error(Exception):
    def __init__(self, status: int, description: str) -> None:
        self.status = status
        self.description = description[:DESCRIPTION_LIMIT]
        super().__init__(description)


# --------------------------------------------------------------------------- answers


def _xml_of(parent: ET.Element, value: Any) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(inner, list) and key.endswith("*"):
                # a repeated element: "format*": [..] is <format>..</format><format>..</format>
                for item in inner:
                    _xml_of(ET.SubElement(parent, key[:-1]), item)
            else:
                _xml_of(ET.SubElement(parent, key), inner)
    elif value is None:
        return
    elif isinstance(value, bool):
        parent.text = "true" if value else "false"
    else:
        parent.text = str(value)


def _json_of(value: Any) -> Any:
    """As the specification's JSON: a repeated element's wrapper is its list, a
    number a number."""
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value)).endswith("*"):
            return _json_of(next(iter(value.values())))
        return {key.rstrip("*"): _json_of(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_json_of(item) for item in value]
    if isinstance(value, Decimal):
        return float(value)
    return value


def _answer(fmt: str, root: str, item: str | None, body: Any, status: int = 200) -> HttpResponse:
    """``body`` (a dict, or a list of dicts each an ``item``) as XML under ``root`` or
    as JSON (the list, or the dict, as the specification's JSON has it)."""
    if fmt == "json":
        text = json.dumps(_json_of(body), ensure_ascii=False)
    else:
        top = ET.Element(root)
        if isinstance(body, list):
            for one in body:
                _xml_of(ET.SubElement(top, item or root), one)
        else:
            _xml_of(top, body)
        text = '<?xml version="1.0" encoding="utf-8"?>' + ET.tostring(top, encoding="unicode")
    return HttpResponse(text, content_type=FORMATS[fmt], status=status)


def _error(fmt: str, refused: Open311Error) -> HttpResponse:
    errors = [{"code": refused.status, "description": refused.description}]
    return _answer(fmt if fmt in FORMATS else "xml", "errors", "error", errors, refused.status)


def _when(moment: datetime | None) -> str | None:
    """A datetime as W3C's format with its offset, in the city's time."""
    if moment is None:
        return None
    return timezone.localtime(moment).replace(microsecond=0).isoformat()


def _parse_when(name: str, text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise Open311Error(
            400,
            _("%(field)s: %(value)s is not a date and time (e.g. 2026-01-01T00:00:00-08:00).")
            % {"field": name, "value": text[:100]},
        ) from None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_current_timezone())
    return moment


def _notice(kind: services.Service) -> str:
    return ngettext(
        "A complaint of this kind is investigated within %(days)s day of its receipt.",
        "A complaint of this kind is investigated within %(days)s days of its receipt.",
        kind.investigation_days,
    ) % {"days": kind.investigation_days}


def _endpoint(view):
    """Wrap an endpoint: the format, the jurisdiction, and every refusal as the
    specification's errors."""

    @wraps(view)
    def endpoint(request: HttpRequest, fmt: str, **kwargs: Any) -> HttpResponse:
        try:
            if fmt not in FORMATS:
                raise Open311Error(
                    404, _("The formats are xml and json, not %(format)s.") % {"format": fmt[:20]}
                )
            given = request.POST if request.method == "POST" else request.GET
            jurisdiction = given.get("jurisdiction_id", "").strip()
            ours = jurisdiction_pack().jurisdiction
            if jurisdiction and jurisdiction != ours:
                raise Open311Error(
                    404,
                    _("%(jurisdiction)s is not a jurisdiction of this server; it serves %(ours)s.")
                    % {"jurisdiction": jurisdiction[:100], "ours": ours},
                )
            return view(request, fmt, **kwargs)
        except Open311Error as refused:
            return _error(fmt, refused)

    return endpoint


# --------------------------------------------------------------------------- endpoints


@door
@_endpoint
def discovery(request: HttpRequest, fmt: str) -> HttpResponse:
    """Where this city's Open311 interface is, and what it speaks."""
    root = request.build_absolute_uri(reverse("open311:services", args=["xml"]))
    root = root.rsplit("/", 1)[0]
    body = {
        "changeset": CHANGESET,
        "contact": _("City of San Gabriel, 425 South Mission Drive, (626) 308-2800"),
        "key_service": _("Ask the City of San Gabriel's Public Works Department for a key."),
        "endpoints": {
            "endpoint*": [
                {
                    "specification": SPECIFICATION,
                    "url": root,
                    "changeset": CHANGESET,
                    "type": "production",
                    "formats": {"format*": ["text/xml", "application/json"]},
                }
            ]
        },
    }
    return _answer(fmt, "discovery", None, body)


def _service_body(kind: services.Service) -> dict[str, Any]:
    return {
        "service_code": kind.code,
        "service_name": kind.name,
        "description": kind.description,
        "metadata": bool(kind.attributes),
        "type": "realtime",
        "keywords": ", ".join(kind.keywords),
        "group": kind.group,
    }


@door
@_endpoint
def service_list(request: HttpRequest, fmt: str) -> HttpResponse:
    """The kinds of complaint the city takes, in the reader's language."""
    return _answer(fmt, "services", "service", [_service_body(k) for k in services.services()])


@door
@_endpoint
def service_definition(request: HttpRequest, fmt: str, code: str) -> HttpResponse:
    """The questions a kind of complaint asks (its attributes)."""
    try:
        kind = services.service(code)
    except services.UnknownService as unknown:
        raise Open311Error(404, str(unknown)) from None
    attributes = [
        {
            "variable": True,
            "code": asked.code,
            "datatype": asked.datatype,
            "required": asked.required,
            "datatype_description": "",
            "order": order,
            "description": asked.description,
            "values": [{"key": key, "name": name} for key, name in asked.values],
        }
        for order, asked in enumerate(kind.attributes, start=1)
    ]
    if fmt == "json":
        body = {"service_code": kind.code, "attributes": attributes}
    else:  # XML repeats <attribute> in <attributes>, <value> in <values>
        for attribute in attributes:
            attribute["values"] = {"value*": attribute["values"]}
        body = {"service_code": kind.code, "attributes": {"attribute*": attributes}}
    return _answer(fmt, "service_definition", None, body)


def _request_body(one: ServiceRequest, names: dict[str, services.Service]) -> dict[str, Any]:
    """One request as the public may read it: no contact, no exact point."""
    kind = names.get(one.service_code)
    notes = one.status_notes
    if one.duplicate_of_id and not notes:
        notes = _("The same complaint as %(code)s, investigated with it.") % {
            "code": one.duplicate_of.code
        }
    return {
        "service_request_id": one.code,
        "status": one.status,
        "status_notes": notes,
        "service_name": kind.name if kind else one.service_code,
        "service_code": one.service_code,
        "description": one.description,
        "agency_responsible": kind.agency if kind else "",
        "service_notice": _notice(kind) if kind else "",
        "requested_datetime": _when(one.requested_at),
        "updated_datetime": _when(one.updated_at),
        "expected_datetime": _when(one.expected_at),
        "address": selectors.block_of(one.address),
        "address_id": "",
        "zipcode": one.zipcode,
        "lat": selectors.rounded(one.lat),
        "long": selectors.rounded(one.long),
        "media_url": one.media_url,
    }


def _listed(given: str) -> list[str]:
    return [part.strip() for part in given.split(",") if part.strip()]


def _read_requests(request: HttpRequest, fmt: str) -> HttpResponse:
    names = {kind.code: kind for kind in services.services()}
    service_codes = _listed(request.GET.get("service_code", ""))
    unknown = [code for code in service_codes if code not in names]
    if unknown:
        raise Open311Error(404, _("%(code)s is not a service of this city.") % {"code": unknown[0]})
    statuses = _listed(request.GET.get("status", ""))
    wrong = [s for s in statuses if s not in (ServiceRequest.OPEN, ServiceRequest.CLOSED)]
    if wrong:
        raise Open311Error(
            400, _("status: %(value)s is neither open nor closed.") % {"value": wrong[0]}
        )
    start = request.GET.get("start_date", "").strip()
    end = request.GET.get("end_date", "").strip()
    start_at = _parse_when("start_date", start) if start else None
    end_at = _parse_when("end_date", end) if end else None
    if start_at and end_at:
        if end_at < start_at:
            raise Open311Error(400, _("end_date is before start_date."))
        if (end_at - start_at).days > selectors.SPAN_DAYS:
            raise Open311Error(
                400,
                _("start_date and end_date may not span more than %(days)s days.")
                % {"days": selectors.SPAN_DAYS},
            )
    found = selectors.requests_between(
        codes=[services.normal_code(c) for c in _listed(request.GET.get("service_request_id", ""))],
        service_codes=service_codes,
        statuses=statuses,
        start=start_at,
        end=end_at,
        now=timezone.now(),
    )
    return _answer(fmt, "service_requests", "request", [_request_body(one, names) for one in found])


def _attributes(posted: Any) -> dict[str, Any]:
    """``attribute[code]`` and ``attribute[code][]`` of a form post, by code."""
    found: dict[str, Any] = {}
    for key in posted:
        if not key.startswith("attribute[") or "]" not in key:
            continue
        code = key[len("attribute[") : key.index("]")]
        if key.endswith("[]"):
            found[code] = posted.getlist(key)
        else:
            found[code] = posted.get(key)
    return found


def _file(request: HttpRequest, fmt: str) -> HttpResponse:
    posted = request.POST
    key = services.key_for(posted.get("api_key", "").strip())
    if key is None:
        raise Open311Error(
            403,
            _(
                "A complaint posted through Open311 needs a live api_key; this one is missing, "
                "unknown or revoked."
            ),
        )
    code = posted.get("service_code", "").strip()
    if not code:
        raise Open311Error(400, _("service_code is required."))
    try:
        services.service(code)
    except services.UnknownService as unknown:
        raise Open311Error(404, str(unknown)) from None
    if not services.within_rate(request.META.get("REMOTE_ADDR", "")):
        raise Open311Error(
            429, _("Too many complaints from this address on the internet; try again later.")
        )
    try:
        filed = services.file_request(
            service_code=code,
            description=posted.get("description", ""),
            address=posted.get("address_string", ""),
            zipcode=posted.get("zipcode", ""),
            lat=posted.get("lat"),
            long=posted.get("long"),
            attributes=_attributes(posted),
            media_url=posted.get("media_url", ""),
            first_name=posted.get("first_name", ""),
            last_name=posted.get("last_name", ""),
            email=posted.get("email", ""),
            phone=posted.get("phone", ""),
            device_id=posted.get("device_id", ""),
            account_id=posted.get("account_id", ""),
            source=ServiceRequest.OPEN311,
            client=key,
            language=getattr(request, "LANGUAGE_CODE", "") or settings.LANGUAGE_CODE,
        )
    except services.RequestError as refused:
        raise Open311Error(400, f"{refused.field}: {refused}") from None
    kind = services.service(filed.service_code)
    body = [
        {
            "service_request_id": filed.code,
            "token": "",
            "service_notice": _notice(kind),
            "account_id": "",
        }
    ]
    return _answer(fmt, "service_requests", "request", body, status=200)


@csrf_exempt
@door
@_endpoint
def requests(request: HttpRequest, fmt: str) -> HttpResponse:
    """GET: requests by id, kind, status and dates; POST: file a complaint."""
    if request.method == "POST":
        return _file(request, fmt)
    return _read_requests(request, fmt)


@door
@_endpoint
def one_request(request: HttpRequest, fmt: str, code: str) -> HttpResponse:
    """One request by its id (the tracking code)."""
    one = selectors.by_code(services.normal_code(code))
    if one is None:
        raise Open311Error(404, _("There is no service request %(id)s.") % {"id": code[:40]})
    names = {kind.code: kind for kind in services.services()}
    return _answer(fmt, "service_requests", "request", [_request_body(one, names)])
