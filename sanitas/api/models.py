"""API tokens: how a program outside the city hall signs in to the REST API.

Only a SHA-256 digest of a token is stored; the token itself is shown once, when
it is issued. A token is never deleted: it is revoked, with who did it and why.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class ApiToken(models.Model):
    name = models.CharField(
        max_length=150, help_text="What the token is for, e.g. a hauler portal."
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="api_tokens",
        help_text="The user the token acts for.",
    )
    digest = models.CharField(
        max_length=64, unique=True, editable=False, help_text="SHA-256 of the token (hex)."
    )
    prefix = models.CharField(
        max_length=16, editable=False, help_text="The token's first characters, to recognise it."
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    created_by = models.CharField(max_length=150)
    created_why = models.TextField(blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True, db_index=True)
    revoked_by = models.CharField(max_length=150, blank=True)
    revoked_why = models.TextField(blank=True)

    class Meta:
        db_table = "api_token"
        ordering = ["created_at", "id"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None
