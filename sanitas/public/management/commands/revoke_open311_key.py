"""``manage.py revoke_open311_key ID --why REASON``: the key stops working at once."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from sanitas.public.management.commands import command_actor
from sanitas.public.models import ApiKey
from sanitas.public.services import revoke_key


class Command(BaseCommand):
    help = "Revoke an Open311 key (it is kept, with who revoked it and why)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("key_id", type=int, help="the key's number")
        parser.add_argument("--why", required=True, help="why it is revoked")

    def handle(self, *args, **options) -> None:
        key = ApiKey.objects.filter(pk=options["key_id"], revoked_at__isnull=True).first()
        if key is None:
            raise CommandError(f"There is no live Open311 key {options['key_id']}.")
        revoke_key(key=key, actor=command_actor(), why=options["why"])
        self.stdout.write(f"Open311 key {key.pk} ({key.name!r}) revoked.")
