"""``manage.py issue_api_token --user NAME --name LABEL [--scope S ...] [--days N]``:
print a new API token once."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from sanitas.api.management.commands import command_actor
from sanitas.api.models import DEFAULT_LIFETIME, SCOPES
from sanitas.api.services import TokenError, issue_api_token


class Command(BaseCommand):
    help = (
        "Issue an API token acting for a user, with scopes and an expiry; the token is "
        "printed once and never stored."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--user", required=True, help="the user name the token acts for")
        parser.add_argument("--name", required=True, help="what the token is for")
        parser.add_argument("--why", default="", help="why it is issued (kept with the token)")
        parser.add_argument(
            "--scope",
            action="append",
            dest="scopes",
            metavar="SCOPE",
            help=f"repeat for each: {', '.join(SCOPES)} (default: read)",
        )
        expiry = parser.add_mutually_exclusive_group()
        expiry.add_argument(
            "--days",
            type=int,
            help=f"it expires this many days from now (default {DEFAULT_LIFETIME.days}, "
            "at most 366)",
        )
        expiry.add_argument(
            "--expires", help="it expires at the end of this day (YYYY-MM-DD, the city's time)"
        )

    def handle(self, *args, **options) -> None:
        expires_at = None
        if options["days"] is not None:
            expires_at = timezone.now() + timedelta(days=options["days"])
        elif options["expires"]:
            try:
                day = datetime.strptime(options["expires"], "%Y-%m-%d").date()
            except ValueError:
                raise CommandError(f"--expires: {options['expires']!r} is not YYYY-MM-DD") from None
            expires_at = timezone.make_aware(datetime.combine(day, time.max))
        try:
            issued = issue_api_token(
                username=options["user"],
                name=options["name"],
                actor=command_actor(),
                why=options["why"],
                scopes=tuple(options["scopes"] or ("read",)),
                expires_at=expires_at,
            )
        except TokenError as exc:
            raise CommandError("\n".join(exc.problems)) from None
        token = issued.token
        self.stderr.write(
            f"Token {token.pk} ({token.name!r}) acts for {token.user.get_username()} with "
            f"scopes {token.scopes} until {timezone.localtime(token.expires_at):%Y-%m-%d %H:%M}. "
            "It is shown once; keep it secret. Use: Authorization: Bearer <token>"
        )
        self.stdout.write(issued.secret)
