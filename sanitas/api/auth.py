"""Bearer-token authentication, and the access policy at the API's door.

``Authorization: Bearer <token>``; the token is looked up by its SHA-256 digest,
and must be neither revoked nor expired nor acting for an inactive user (any of
these: 401). Then the operation's permission (:data:`sanitas.access.doors.OPERATIONS`)
is asked of the access policy for the token's user, at the moment of use, narrowed by
the token's scopes (403 when refused): a permission that changes something needs the
``write`` scope, one that reads ``read``, and the user's roles must hold it — a token
never exceeds its user, and a user with no role reads nothing. A token limited to programs
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

from sanitas.access.doors import OPERATIONS
from sanitas.access.policy import allows, permission, token_allows
from sanitas.api.models import ApiToken
from sanitas.api.services import note_token_use, token_digest

logger = logging.getLogger("sanitas.api")


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


class BearerToken(HttpBearer):
    """The API's door for one operation (its ``operation_id``): the token, then the
    permission :data:`~sanitas.access.doors.OPERATIONS` names for it, asked of the
    access policy for the token's user through the token's scopes."""

    def __init__(self, operation: str) -> None:
        super().__init__()
        if operation not in OPERATIONS:
            raise ValueError(f"API operation {operation!r} is not in the access policy")
        self.operation = operation
        self.permission = permission(OPERATIONS[operation])

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
        perm = self.permission
        user = found.user
        if not token_allows(found, perm, None):
            needed = "write" if perm.writes else "read"
            logger.warning(
                "API refused: token %s (%s) lacks %r for %s %s",
                found.pk,
                user.get_username(),
                needed,
                request.method,
                request.path,
            )
            raise HttpError(
                403, f"Authorization: this token's scopes ({found.scopes}) do not include {needed}"
            )
        if not allows(user, perm.name):
            logger.warning(
                "API refused: %s's roles may not %s (token %s, %s %s)",
                user.get_username(),
                perm.name,
                found.pk,
                request.method,
                request.path,
            )
            raise HttpError(
                403,
                f"Authorization: {user.get_username()}'s roles may not {perm.does} ({perm.name})",
            )
        note_token_use(token=found, at=timezone.now())
        request.user = user
        logger.info(
            "API: token %s (%s) %s %s", found.pk, user.get_username(), request.method, request.path
        )
        return found


def require_on(request: HttpRequest, need: str, obj: Any) -> None:
    """Refuse (403) unless the token's user, through the token, may do ``need`` to ``obj``."""
    if not allows(request.user, need, obj, token=token_of(request)):
        raise HttpError(
            403,
            f"Authorization: {request.user.get_username()} may not "
            f"{permission(need).does} here ({need})",
        )


# --------------------------------------------------------------------------- programs


def _program_q(programs: tuple[str, ...]) -> Q:
    from sanitas.api.selectors import program_q

    return program_q(programs)


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
