"""What happened to staff accounts: one row per change, kept as written; and what each
person chooses for their own account (:class:`AccountSettings`).

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
from django.utils.translation import gettext_lazy as _


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
    LANGUAGE_CHANGED = "language_changed"
    ACTIONS = [
        (INVITED, _("invited")),
        (ROLES_CHANGED, _("roles changed")),
        (NAME_CHANGED, _("name changed")),
        (EMAIL_CHANGED, _("e-mail changed")),
        (DEACTIVATED, _("deactivated")),
        (REACTIVATED, _("reactivated")),
        (PASSWORD_SET, _("password set")),
        (LANGUAGE_CHANGED, _("language changed")),
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


class AccountSettings(models.Model):
    """What a person chooses for their own account: the language of their pages ("" until
    they choose one: the browser's is used). Changed by
    :func:`sanitas.people.services.set_language`, which appends the account event."""

    account = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="account_settings"
    )
    language = models.CharField(max_length=10, blank=True, choices=settings.LANGUAGES)

    class Meta:
        db_table = "people_account_settings"
        verbose_name_plural = "account settings"

    def __str__(self) -> str:
        return f"{self.account_id}: {self.language or 'the browser’s language'}"
