"""The only code that writes complaints and Open311 keys. Each function is one
transaction, keyword-only; each change is kept in the complaint's history.

A complaint (:func:`file_request`) is checked field by field (:class:`RequestError`
names the field), given its tracking code and its investigation clock from the rule
pack (``public.services``), and either opens a staff case through the casework
services or, when an open complaint of the same kind is at the same address or within
``public.duplicate_radius_metres`` of its point, is linked to that one as a duplicate.
Closing a complaint (:func:`close_request`) closes its duplicates, notes it on the case
and tells every complainant who left an e-mail address. The complainants' contact
details are removed ``public.contact_retention_days`` after closing
(:func:`remove_expired_contacts`, run nightly), apart from the case's own retention."""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import URLValidator, validate_email
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from sanitas.access.policy import allows
from sanitas.casework import evidence
from sanitas.casework import services as casework
from sanitas.public.models import ApiKey, ServiceRequest
from sanitas.public.words import said
from sanitas.records.sweep import jurisdiction_pack

#: the tracking code's alphabet: digits and capitals without 0/O, 1/I/L or 5/S look-alikes
ALPHABET = "2346789ABCDEFGHJKMNPQRTUVWXYZ"
#: characters of a tracking code (4 groups of 4): 16 × log2(29) ≈ 77.7 bits
CODE_LENGTH = 16
#: the requirement a complaint's staff case is about, and its subject's prefix
REQUIREMENT = casework.COMPLAINTS
CASE_PREFIX = casework.COMPLAINT_PREFIX
DESCRIPTION_LIMIT = 4000
#: the city limits of San Gabriel, generously (a point outside is refused)
SOUTH, NORTH, WEST, EAST = Decimal("33.9"), Decimal("34.2"), Decimal("-118.2"), Decimal("-118.0")


class RequestError(ValueError):
    """A complaint that cannot be filed: ``field`` names the field, the message says
    why, in words for the person who sent it."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


class UnknownService(RequestError):
    """A service code the city's list does not hold."""


@dataclass(frozen=True)
class Attribute:
    """A question a service asks (Open311's service definition): its values by key."""

    code: str
    description: str
    datatype: str
    required: bool
    values: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Service:
    code: str
    name: str
    description: str
    group: str
    agency: str
    keywords: tuple[str, ...]
    investigation_days: int
    attributes: tuple[Attribute, ...] = ()


def city_day() -> date:
    return timezone.localdate()


def services(*, on: date | None = None) -> list[Service]:
    """The service list of the rule pack in force ``on`` (today), in the active language."""
    listed = jurisdiction_pack().value("public.services", on or city_day())
    return [
        Service(
            code=code,
            name=said(spec["name"]),
            description=said(spec["description"]),
            group=said(spec.get("group", "")),
            agency=said(spec.get("agency", "")),
            keywords=tuple(spec.get("keywords", ())),
            investigation_days=int(spec["investigation_days"]),
            attributes=tuple(
                Attribute(
                    code=name,
                    description=said(asked["description"]),
                    datatype=asked["datatype"],
                    required=bool(asked.get("required")),
                    values=tuple((key, said(text)) for key, text in asked["values"].items()),
                )
                for name, asked in (spec.get("attributes") or {}).items()
            ),
        )
        for code, spec in listed.items()
    ]


def service(code: str, *, on: date | None = None) -> Service:
    for one in services(on=on):
        if one.code == code:
            return one
    raise UnknownService(
        "service_code", _("%(code)s is not a service of this city.") % {"code": code}
    )


def new_code() -> str:
    """A tracking code: 16 characters drawn by :mod:`secrets` from :data:`ALPHABET`,
    written in groups of four."""
    drawn = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(drawn[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def normal_code(text: str) -> str:
    """A tracking code as typed (lower case, spaces, no dashes) in its written form."""
    kept = "".join(c for c in text.upper() if c.isalnum())
    if len(kept) != CODE_LENGTH:
        return text.strip()
    return "-".join(kept[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def _coordinate(name: str, raw: Any, low: Decimal, high: Decimal) -> Decimal | None:
    if raw in (None, ""):
        return None
    try:
        value = Decimal(str(raw).strip())
    except InvalidOperation:
        raise RequestError(name, _("%(field)s is not a number.") % {"field": name}) from None
    if not value.is_finite() or not low <= value <= high:
        raise RequestError(
            name,
            _("The point is not in the city (%(field)s %(value)s).")
            % {"field": name, "value": raw},
        )
    return value.quantize(Decimal("0.000001"))


def metres_between(a: tuple[Decimal, Decimal], b: tuple[Decimal, Decimal]) -> float:
    """The distance between two points (latitude, longitude) on the earth, in metres."""
    lat1, lon1, lat2, lon2 = (math.radians(float(v)) for v in (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6_371_000 * math.asin(math.sqrt(h))


def _same_address(a: str, b: str) -> bool:
    def plain(text: str) -> str:
        return " ".join("".join(c if c.isalnum() else " " for c in text.casefold()).split())

    return bool(plain(a)) and plain(a) == plain(b)


def _duplicate_of(
    *, service_code: str, address: str, point: tuple[Decimal, Decimal] | None, on: date
) -> ServiceRequest | None:
    radius = float(jurisdiction_pack().value("public.duplicate_radius_metres", on))
    open_ones = ServiceRequest.objects.select_for_update().filter(
        service_code=service_code, status=ServiceRequest.OPEN, duplicate_of__isnull=True
    )
    for other in open_ones.order_by("requested_at", "id"):
        if address and _same_address(address, other.address):
            return other
        if (
            point
            and other.lat is not None
            and other.long is not None
            and metres_between(point, (other.lat, other.long)) <= radius
        ):
            return other
    return None


def _answers(kind: Service, given: dict[str, Any]) -> dict[str, Any]:
    """The answers to the service's questions, each value one of its keys; answers to
    questions the service does not ask are not kept."""
    kept: dict[str, Any] = {}
    for asked in kind.attributes:
        raw = given.get(asked.code)
        values = [raw] if isinstance(raw, str) else list(raw or [])
        values = [str(v).strip() for v in values if str(v).strip()]
        known = {key for key, _text in asked.values}
        wrong = [v for v in values if v not in known]
        field = f"attribute[{asked.code}]"
        if wrong:
            raise RequestError(
                field,
                _("%(field)s: %(value)s is not one of %(known)s.")
                % {"field": field, "value": wrong[0], "known": ", ".join(sorted(known))},
            )
        if asked.datatype == "singlevaluelist" and len(values) > 1:
            raise RequestError(field, _("%(field)s takes one value.") % {"field": field})
        if asked.required and not values:
            raise RequestError(field, _("%(field)s is required.") % {"field": field})
        if values:
            kept[asked.code] = values if asked.datatype == "multivaluelist" else values[0]
    return kept


def _text(field: str, value: Any, limit: int) -> str:
    text = str(value or "").strip()
    if len(text) > limit:
        raise RequestError(
            field,
            _("%(field)s holds at most %(limit)s characters; this one has %(count)s.")
            % {"field": field, "limit": limit, "count": len(text)},
        )
    return text


@transaction.atomic
def file_request(
    *,
    service_code: str,
    description: str = "",
    address: str = "",
    zipcode: str = "",
    lat: Any = None,
    long: Any = None,
    attributes: dict[str, Any] | None = None,
    media_url: str = "",
    photo: bytes | None = None,
    first_name: str = "",
    last_name: str = "",
    email: str = "",
    phone: str = "",
    device_id: str = "",
    account_id: str = "",
    source: str = ServiceRequest.FORM,
    client: ApiKey | None = None,
    language: str = "",
    now: datetime | None = None,
) -> ServiceRequest:
    """File a complaint (see the module's docstring); refused whole with a
    :class:`RequestError` naming the field."""
    now = now or timezone.now()
    day = timezone.localdate(now)
    kind = service(service_code, on=day)
    point_lat = _coordinate("lat", lat, SOUTH, NORTH)
    point_long = _coordinate("long", long, WEST, EAST)
    if (point_lat is None) != (point_long is None):
        raise RequestError("lat", _("A point needs both lat and long."))
    address = _text("address_string", address, 300)
    if not address and point_lat is None:
        raise RequestError("address_string", _("Say where: an address, or a point (lat and long)."))
    description = _text("description", description, DESCRIPTION_LIMIT)
    email = _text("email", email, 254)
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise RequestError(
                "email", _("%(email)s is not an e-mail address.") % {"email": email}
            ) from None
    media_url = _text("media_url", media_url, 1000)
    if media_url:
        try:
            URLValidator(schemes=["http", "https"])(media_url)
        except ValidationError:
            raise RequestError(
                "media_url", _("media_url is not a web address (http or https).")
            ) from None
    photo_sha256 = photo_type = ""
    if photo:
        try:
            photo_type, _taken = evidence.examine_image(photo)
        except evidence.EvidenceError as refused:
            raise RequestError("photo", str(refused)) from None
        photo_sha256 = evidence.store("complaints", photo)
    point = (point_lat, point_long) if point_lat is not None else None
    original = _duplicate_of(service_code=kind.code, address=address, point=point, on=day)
    request = ServiceRequest(
        code=new_code(),
        service_code=kind.code,
        description=description,
        address=address,
        zipcode=_text("zipcode", zipcode, 10),
        lat=point_lat,
        long=point_long,
        attributes=_answers(kind, attributes or {}),
        media_url=media_url,
        photo_sha256=photo_sha256,
        photo_type=photo_type,
        first_name=_text("first_name", first_name, 100),
        last_name=_text("last_name", last_name, 100),
        email=email,
        phone=_text("phone", phone, 40),
        device_id=_text("device_id", device_id, 200),
        account_id=_text("account_id", account_id, 200),
        language=language[:10],
        source=source,
        client=client,
        requested_at=now,
        updated_at=now,
        expected_at=(
            original.expected_at if original else now + timedelta(days=kind.investigation_days)
        ),
        duplicate_of=original,
    )
    while ServiceRequest.objects.filter(code=request.code).exists():
        request.code = new_code()
    if original is not None:
        request.case_subject = original.case_subject
        request.case_requirement = original.case_requirement
        request._change_reason = f"filed; a duplicate of {original.code}"
    else:
        request.case_subject = CASE_PREFIX + request.code
        request.case_requirement = REQUIREMENT
        casework.open_case_for_complaint(
            subject=request.case_subject,
            requirement=REQUIREMENT,
            filed_by="the public (Open311)" if source == ServiceRequest.OPEN311 else "the public",
        )
        request._change_reason = "filed"
    request.save()
    return request


class CloseError(ValueError):
    """A complaint that cannot be closed, in words for the staff member who tried."""


@transaction.atomic
def close_request(
    *, request: ServiceRequest, notes: str, actor: Any, now: datetime | None = None
) -> ServiceRequest:
    """Close a complaint and its duplicates with ``notes`` (what the complainants are
    told), note it on the case and e-mail every complainant who left an address."""
    if not allows(actor, "cases.work"):
        raise CloseError(
            _("%(user)s may not act on cases (not their role's work).")
            % {"user": actor.get_username()}
        )
    request = ServiceRequest.objects.select_for_update().get(pk=request.pk)
    if request.duplicate_of_id:
        raise CloseError(
            _("Complaint %(code)s repeats complaint %(original)s: close that one.")
            % {"code": request.code, "original": request.duplicate_of.code}
        )
    if request.status == ServiceRequest.CLOSED:
        raise CloseError(_("Complaint %(code)s is already closed.") % {"code": request.code})
    now = now or timezone.now()
    notes = _text("status_notes", notes, DESCRIPTION_LIMIT)
    closed = [request, *request.duplicates.select_for_update().filter(status=ServiceRequest.OPEN)]
    for one in closed:
        one.status = ServiceRequest.CLOSED
        one.status_notes = notes
        one.closed_at = one.updated_at = now
        one._history_user = actor
        one._change_reason = "closed"
        one.save()
    casework.case_of_complaint_closed(
        subject=request.case_subject, requirement=request.case_requirement, note=notes, actor=actor
    )
    transaction.on_commit(lambda: _tell_closed([one.pk for one in closed]))
    return request


def _tell_closed(pks: list[int]) -> None:
    for one in ServiceRequest.objects.filter(pk__in=pks).exclude(email=""):
        with translation.override(one.language or settings.LANGUAGE_CODE):
            subject = _("Your complaint %(code)s is closed") % {"code": one.code}
            lines = [
                _("The City of San Gabriel has closed your complaint %(code)s (%(service)s).")
                % {"code": one.code, "service": service(one.service_code).name},
            ]
            if one.status_notes:
                lines.append(one.status_notes)
            lines.append(
                _("Your name, e-mail address and telephone number will be removed from it.")
            )
            send_mail(subject, "\n\n".join(lines), None, [one.email])


@transaction.atomic
def remove_expired_contacts(*, now: datetime | None = None) -> int:
    """Remove the contact details of complaints closed more than
    ``public.contact_retention_days`` ago (the complaint itself is kept); how many."""
    now = now or timezone.now()
    days = int(jurisdiction_pack().value("public.contact_retention_days", timezone.localdate(now)))
    due = ServiceRequest.objects.select_for_update().filter(
        status=ServiceRequest.CLOSED,
        closed_at__lte=now - timedelta(days=days),
        contact_removed_at__isnull=True,
    )
    count = 0
    for one in due:
        one.first_name = one.last_name = one.email = one.phone = ""
        one.device_id = one.account_id = ""
        one.contact_removed_at = now
        one._change_reason = f"contact details removed, {days} days after closing"
        one.save()
        count += 1
    return count


# --------------------------------------------------------------------------- Open311 keys


def key_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@transaction.atomic
def issue_key(*, name: str, actor: str) -> tuple[ApiKey, str]:
    """A new Open311 key for a client named ``name``; the clear key is returned once."""
    secret = secrets.token_urlsafe(32)
    key = ApiKey(name=name, digest=key_digest(secret), prefix=secret[:8], created_by=actor)
    key._change_reason = "issued"
    key.save()
    return key, secret


@transaction.atomic
def revoke_key(*, key: ApiKey, actor: str, why: str) -> ApiKey:
    key.revoked_at = timezone.now()
    key.revoked_by = actor
    key.revoked_why = why
    key._change_reason = "revoked"
    key.save()
    return key


def key_for(secret: str) -> ApiKey | None:
    """The live key whose clear text is ``secret``, if any."""
    if not secret or len(secret) > 200:
        return None
    key = ApiKey.objects.filter(digest=key_digest(secret), revoked_at__isnull=True).first()
    if key is not None:
        ApiKey.objects.filter(pk=key.pk).update(last_used_at=timezone.now())
    return key


# --------------------------------------------------------------------------- abuse


def within_rate(who: str, *, now: datetime | None = None) -> bool:
    """Whether ``who`` (an internet address) may file another complaint now: at most
    ``public.rate_limit`` count in its window of minutes (Django's cache keeps the
    count). Counts this filing."""
    now = now or timezone.now()
    limit = jurisdiction_pack().value("public.rate_limit", timezone.localdate(now))
    window = int(limit["minutes"]) * 60
    slot = int(now.timestamp()) // window
    key = f"sanitas.public.rate:{hashlib.sha256(who.encode()).hexdigest()}:{slot}"
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.set(key, 1, timeout=window)
        count = 1
    return count <= int(limit["count"])
