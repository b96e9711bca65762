"""``manage.py issue_api_token --user NAME --name LABEL``: print a new API token once."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from sanitas.api.management.commands import command_actor
from sanitas.api.services import TokenError, issue_api_token


class Command(BaseCommand):
    help = "Issue an API token acting for a user; the token is printed once and never stored."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--user", required=True, help="the user name the token acts for")
        parser.add_argument("--name", required=True, help="what the token is for")
        parser.add_argument("--why", default="", help="why it is issued (kept with the token)")

    def handle(self, *args, **options) -> None:
        try:
            issued = issue_api_token(
                username=options["user"],
                name=options["name"],
                actor=command_actor(),
                why=options["why"],
            )
        except TokenError as exc:
            raise CommandError("\n".join(exc.problems)) from None
        token = issued.token
        self.stderr.write(
            f"Token {token.pk} ({token.name!r}) acts for {token.user.get_username()}. "
            "It is shown once; keep it secret. Use: Authorization: Bearer <token>"
        )
        self.stdout.write(issued.secret)
