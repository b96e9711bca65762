"""Bearer-token authentication and scopes for API clients.

``Authorization: Bearer <token>``; the token is looked up by its SHA-256 digest,
and must be neither revoked nor expired nor acting for an inactive user (any of
these: 401). Then its scopes are checked against the endpoint (403 when it
lacks them): an endpoint that changes nothing needs ``read``, one that records
needs ``write`` (by the HTTP method unless the endpoint says otherwise, as
``POST /api/evaluate``, which stores nothing, does). A token limited to programs
(``program:fog``...) sees only their findings and the subject groups they are
about: the endpoints ask :func:`sees_finding` and :func:`sees_group`, and an
object outside its part of the city is answered as if it did not exist.

Every use is logged to ``sanitas.api`` (token number, user, method, path).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from ninja.errors import HttpError
from ninja.security import HttpBearer

from sanitas.api.models import ApiToken
from sanitas.api.services import note_token_use, token_digest

logger = logging.getLogger("sanitas.api")

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def token_for(secret: str) -> ApiToken | None:
    """The live token whose clear text is ``secret``, if any."""
    if not secret or len(secret) > 200:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=token_digest(secret), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active or token.expired(timezone.now()):
        return None
    return token


def required_scope(request: HttpRequest, declared: str | None = None) -> str:
    return declared or ("read" if request.method in READ_METHODS else "write")


class BearerToken(HttpBearer):
    """The API's authentication; ``scope`` names what an endpoint needs when its
    HTTP method does not say it (``BearerToken(scope="read")`` on a POST that
    stores nothing)."""

    def __init__(self, scope: str | None = None) -> None:
        super().__init__()
        self.scope = scope

    def __call__(self, request: HttpRequest) -> Any:
        # the base class logs a malformed header in full when DEBUG is on; a token
        # must never reach a log, so the header is read here
        scheme, _, secret = request.headers.get(self.header, "").partition(" ")
        if scheme.lower() != "bearer":
            return None
        return self.authenticate(request, secret.strip())

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        found = token_for(token)
        if found is None:
            logger.warning("API refused: no live token, %s %s", request.method, request.path)
            return None
        needed = required_scope(request, self.scope)
        if not found.allows(needed):
            logger.warning(
                "API refused: token %s (%s) lacks %r for %s %s",
                found.pk,
                found.user.get_username(),
                needed,
                request.method,
                request.path,
            )
            raise HttpError(
                403, f"Authorization: this token's scopes ({found.scopes}) do not include {needed}"
            )
        note_token_use(token=found, at=timezone.now())
        request.user = found.user
        logger.info(
            "API: token %s (%s) %s %s",
            found.pk,
            found.user.get_username(),
            request.method,
            request.path,
        )
        return found


# --------------------------------------------------------------------------- programs


def _program_q(programs: tuple[str, ...]) -> Q:
    from sanitas.api.selectors import PROGRAMS

    match = Q()
    for program in programs:
        for prefix in PROGRAMS[program]:
            match |= Q(requirement__startswith=prefix)
    return match


def token_of(request: HttpRequest) -> ApiToken:
    return request.auth  # type: ignore[attr-defined]


def check_program(request: HttpRequest, program: str | None) -> None:
    """Refuse (403) a filter by a program the token may not see."""
    token = token_of(request)
    if program is not None and not token.sees_program(program):
        raise HttpError(
            403,
            f"program: this token is limited to {', '.join(token.programs)}, not {program}",
        )


def visible_findings(request: HttpRequest, rows: QuerySet) -> QuerySet:
    """``rows`` (findings) limited to the token's programs."""
    programs = token_of(request).programs
    return rows.filter(_program_q(programs)) if programs else rows


def sees_finding(request: HttpRequest, requirement: str) -> bool:
    from sanitas.api.selectors import program_of

    return token_of(request).sees_program(program_of(requirement))


def sees_group(request: HttpRequest, group: str) -> bool:
    """Whether the token sees the subject group: the whole city, or a group one of its
    programs has (or had) a finding about."""
    from sanitas.records.models import Finding

    programs = token_of(request).programs
    if not programs:
        return True
    return Finding.objects.filter(subject_group=group).filter(_program_q(programs)).exists()


def check_record_listing(request: HttpRequest, group: str | None) -> bool:
    """Whether a listing of records may go ahead: a token limited to programs lists one
    subject group at a time (403 without one), and a group it does not see lists
    nothing (False)."""
    token = token_of(request)
    if not token.programs:
        return True
    if group is None:
        raise HttpError(
            403,
            f"group: this token is limited to {', '.join(token.programs)}; list records one "
            "subject group at a time (group=..., from its findings)",
        )
    return sees_group(request, group)
