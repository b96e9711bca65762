"""``manage.py list_api_tokens``: every API token, live, expired and revoked (never
the secret)."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils import timezone

from sanitas.api.selectors import api_tokens


class Command(BaseCommand):
    help = (
        "List API tokens: number, start of the token, user, name, scopes, expiry, last use, state."
    )

    def handle(self, *args, **options) -> None:
        now = timezone.now()
        for token in api_tokens():
            used = token.last_used_at.isoformat(timespec="minutes") if token.last_used_at else "-"
            if token.revoked:
                state = f"revoked {token.revoked_at:%Y-%m-%d} by {token.revoked_by}"
            elif token.expired(now):
                state = "expired"
            else:
                state = "live"
            self.stdout.write(
                f"{token.pk}\t{token.prefix}…\t{token.user.get_username()}\t{token.name}\t"
                f"{token.scopes}\texpires {timezone.localtime(token.expires_at):%Y-%m-%d}\t"
                f"last used {used}\t{state}"
            )
