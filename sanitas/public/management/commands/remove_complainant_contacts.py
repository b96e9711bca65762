"""``manage.py remove_complainant_contacts``: remove the contact details of complaints
closed longer ago than the rule pack's ``public.contact_retention_days`` (run it
nightly; running it twice removes nothing more)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from sanitas.public.services import remove_expired_contacts


class Command(BaseCommand):
    help = "Remove complainants' contact details past the rule pack's retention period."

    def handle(self, *args, **options) -> None:
        count = remove_expired_contacts()
        self.stdout.write(f"Contact details removed from {count} closed complaint(s).")
