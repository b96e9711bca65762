"""``manage.py issue_open311_key --name NAME``: a key an Open311 client posts
complaints with; printed once, stored only as its SHA-256."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from sanitas.public.management.commands import command_actor
from sanitas.public.services import issue_key


class Command(BaseCommand):
    help = "Issue an Open311 api_key to a client (shown once)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--name", required=True, help="who the client is, e.g. a 311 app")

    def handle(self, *args, **options) -> None:
        key, secret = issue_key(name=options["name"], actor=command_actor())
        self.stdout.write(f"Open311 key {key.pk} for {key.name!r}: {secret}")
        self.stdout.write("It is shown this once; only its digest is kept.")
