"""Bearer-token authentication for API clients.

``Authorization: Bearer <token>``; the token is looked up by its SHA-256 digest,
and must be neither revoked nor acting for an inactive user.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from ninja.security import HttpBearer

from sanitas.api.models import ApiToken
from sanitas.api.services import note_token_use, token_digest


def token_for(secret: str) -> ApiToken | None:
    """The live token whose clear text is ``secret``, if any."""
    if not secret or len(secret) > 200:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=token_digest(secret), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    return token


class BearerToken(HttpBearer):
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
            return None
        note_token_use(token=found, at=timezone.now())
        request.user = found.user
        return found
