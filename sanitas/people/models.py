"""What happened to staff accounts: one row per change, kept as written.

The accounts themselves are Django's users (never deleted: see
:mod:`sanitas.records.accounts`) and their roles Django's groups
(:data:`sanitas.access.roles.ROLES`). An :class:`AccountEvent` is appended by the
services of :mod:`sanitas.people.services` and never changed or deleted afterwards.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone


class AccountEventIsKept(Exception):
    """An account event is never changed or deleted: a later change is a new event."""


class KeptQuerySet(models.QuerySet):
    """Refuses the bulk changes that would bypass :meth:`AccountEvent.save`."""

    def update(self, **kwargs: Any) -> int:
        raise AccountEventIsKept("Account events are never changed; a change is a new event.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AccountEventIsKept("Account events are never deleted.")


class AccountEvent(models.Model):
    """One change to a staff account: who made it and when, what it was before and
    after (in words, as the person's page shows them), and why."""

    INVITED = "invited"
    ROLES_CHANGED = "roles_changed"
    NAME_CHANGED = "name_changed"
    EMAIL_CHANGED = "email_changed"
    DEACTIVATED = "deactivated"
    REACTIVATED = "reactivated"
    PASSWORD_SET = "password_set"
    ACTIONS = [
        (INVITED, "invited"),
        (ROLES_CHANGED, "roles changed"),
        (NAME_CHANGED, "name changed"),
        (EMAIL_CHANGED, "e-mail changed"),
        (DEACTIVATED, "deactivated"),
        (REACTIVATED, "reactivated"),
        (PASSWORD_SET, "password set"),
    ]

    at = models.DateTimeField(default=timezone.now)
    actor = models.CharField(max_length=150, help_text="The user name of who made the change.")
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="account_events"
    )
    action = models.CharField(max_length=20, choices=ACTIONS)
    before = models.TextField(blank=True, help_text="What it was, in words.")
    after = models.TextField(blank=True, help_text="What it became, in words.")
    why = models.TextField(blank=True)

    objects = KeptQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["account", "at"], name="account_event_account_at")]

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.account_id} by {self.actor}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AccountEventIsKept(
                f"account event {self.pk}: never changed; a change is a new event"
            )
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AccountEventIsKept(f"account event {self.pk}: never deleted")
