"""``manage.py list_api_tokens``: every API token, live and revoked (never the secret)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from sanitas.api.selectors import api_tokens


class Command(BaseCommand):
    help = "List API tokens: number, start of the token, user, name, last use, revocation."

    def handle(self, *args, **options) -> None:
        for token in api_tokens():
            used = token.last_used_at.isoformat(timespec="minutes") if token.last_used_at else "-"
            state = (
                f"revoked {token.revoked_at:%Y-%m-%d} by {token.revoked_by}"
                if token.revoked
                else "live"
            )
            self.stdout.write(
                f"{token.pk}\t{token.prefix}…\t{token.user.get_username()}\t{token.name}\t"
                f"last used {used}\t{state}"
            )
