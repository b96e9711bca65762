"""The only code that writes API tokens: issue, revoke, note a use."""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils import timezone

from sanitas.access.policy import may_read_anything, may_write_anything
from sanitas.api.models import (
    ACTIONS,
    MAX_LIFETIME,
    SCOPES,
    ApiToken,
    default_expiry,
    scope_name,
)

TOKEN_PREFIX = "sgk_"
#: a token's last use is written at most this often (a read should not be a write each time)
LAST_USED_RESOLUTION = timedelta(minutes=1)

logger = logging.getLogger("sanitas.api")


class TokenError(Exception):
    """A token that cannot be issued or revoked; ``problems`` has one line per reason."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class IssuedToken:
    token: ApiToken
    #: the clear token: shown once, never stored
    secret: str


def token_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def scope_problems(scopes: list[str] | tuple[str, ...]) -> list[str]:
    known = ", ".join(SCOPES)
    problems = [f"scope: {s!r} is not one of {known}" for s in scopes if s not in SCOPES]
    if not problems and not any(scope in ACTIONS for scope in scopes):
        problems.append("scope: a token needs read, write or both")
    return problems


@transaction.atomic
def issue_api_token(
    *,
    username: str,
    name: str,
    actor: str,
    why: str = "",
    scopes: list[str] | tuple[str, ...] = ("read",),
    expires_at: datetime | None = None,
) -> IssuedToken:
    """A new token acting for ``username``, with ``scopes`` (see
    :mod:`sanitas.api.models`), until ``expires_at`` (by default in 90 days, at most
    a year); the clear token is returned once."""
    scopes = tuple(scope_name(scope) for scope in scopes)  # each program by its one name
    problems = []
    if not name.strip():
        problems.append("name: a token needs a name saying what it is for")
    problems += scope_problems(scopes)
    now = timezone.now()
    expires_at = expires_at or default_expiry()
    if expires_at <= now:
        problems.append("expires: the expiry must be in the future")
    elif expires_at - now > MAX_LIFETIME:
        problems.append(f"expires: a token lives at most {MAX_LIFETIME.days} days")
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        problems.append(f"user: no user named {username!r}")
    elif not user.is_active:
        problems.append(f"user: {username!r} is not active")
    elif not may_read_anything(user):
        # a token never exceeds its user: a user with no role may be issued none
        problems.append(f"user: {username!r} has no role, so a token could do nothing")
    elif "write" in scopes and not may_write_anything(user):
        problems.append(
            f"scope: {username!r}'s roles change nothing, so a token of theirs may not "
            "have the write scope"
        )
    if problems:
        raise TokenError(problems)
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        name=name.strip(),
        user=user,
        digest=token_digest(secret),
        prefix=secret[: len(TOKEN_PREFIX) + 8],
        created_by=actor,
        created_why=why,
        scopes=" ".join(scope for scope in SCOPES if scope in set(scopes)),
        expires_at=expires_at,
    )
    return IssuedToken(token=token, secret=secret)


@transaction.atomic
def revoke_api_token(*, token_id: int, actor: str, why: str) -> ApiToken:
    """Revoke a token; it stays, with who revoked it, when and why."""
    if not why.strip():
        raise TokenError([f"token {token_id}: a reason is required to revoke a token"])
    token = ApiToken.objects.select_for_update().filter(pk=token_id).first()
    if token is None:
        raise TokenError([f"token {token_id}: no such token"])
    if token.revoked:
        raise TokenError([f"token {token_id}: already revoked"])
    token.revoked_at = timezone.now()
    token.revoked_by = actor
    token.revoked_why = why
    token.save(update_fields=["revoked_at", "revoked_by", "revoked_why"])
    return token


def note_token_use(*, token: ApiToken, at: datetime) -> None:
    """Record that ``token`` was used at ``at`` (to the minute). A database that
    refuses writes (read-only, full) does not refuse the request for it: the use goes
    unnoted, saying so in the log, and a read is still answered."""
    if token.last_used_at is not None and at - token.last_used_at < LAST_USED_RESOLUTION:
        return
    try:
        with transaction.atomic():
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=at)
    except DatabaseError as exc:
        logger.warning("token %s: its use could not be noted: %s", token.pk, exc)
        return
    token.last_used_at = at
