"""``manage.py revoke_api_token ID --why REASON``: the token stops working at once."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from sanitas.api.management.commands import command_actor
from sanitas.api.services import TokenError, revoke_api_token


class Command(BaseCommand):
    help = "Revoke an API token (it is kept, with who revoked it and why)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("token_id", type=int, help="the token's number (list_api_tokens)")
        parser.add_argument("--why", required=True, help="why it is revoked")

    def handle(self, *args, **options) -> None:
        try:
            token = revoke_api_token(
                token_id=options["token_id"], actor=command_actor(), why=options["why"]
            )
        except TokenError as exc:
            raise CommandError("\n".join(exc.problems)) from None
        self.stdout.write(f"Token {token.pk} ({token.name!r}) revoked.")
