"""A complaint the public filed (an Open311 service request), and the keys Open311
clients post with.

A complaint is never deleted: it is closed, and its complainant's contact details are
removed after the rule pack's period (``public.contact_retention_days``), the removal
kept in its history like every other change. Its tracking code is the public's only
handle on it: high in entropy, of an alphabet without look-alike characters, never
the row's number. An Open311 key is stored as its SHA-256 only and revoked, never
deleted."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords


class ComplaintsAreKept(Exception):
    """A complaint or a key is never deleted: a complaint is closed, a key revoked."""


class ServiceRequest(models.Model):
    OPEN, CLOSED = "open", "closed"
    STATUSES = [(OPEN, "open"), (CLOSED, "closed")]
    FORM, OPEN311 = "form", "open311"

    code = models.CharField(
        max_length=24, unique=True, editable=False, help_text="The tracking code."
    )
    service_code = models.CharField(max_length=40, help_text="The kind of complaint.")
    description = models.TextField(blank=True)
    address = models.CharField(max_length=300, blank=True)
    zipcode = models.CharField(max_length=10, blank=True)
    lat = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)
    long = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    media_url = models.URLField(max_length=1000, blank=True)
    photo_sha256 = models.CharField(
        max_length=64, blank=True, help_text="A photo sent on the form, kept as evidence."
    )
    photo_type = models.CharField(max_length=40, blank=True)
    # the complainant's contact details: optional, removed after the rule pack's period
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    device_id = models.CharField(max_length=200, blank=True)
    account_id = models.CharField(max_length=200, blank=True)
    contact_removed_at = models.DateTimeField(null=True, blank=True)
    language = models.CharField(max_length=10, blank=True, help_text="For the closing e-mail.")
    source = models.CharField(max_length=10, default=FORM)
    client = models.ForeignKey(
        "ApiKey",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="requests",
        help_text="The Open311 client that posted it.",
    )
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN)
    status_notes = models.TextField(blank=True)
    requested_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    expected_at = models.DateTimeField(help_text="The end of the investigation clock.")
    closed_at = models.DateTimeField(null=True, blank=True)
    case_subject = models.CharField(max_length=200, blank=True)
    case_requirement = models.CharField(max_length=64, blank=True)
    duplicate_of = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="duplicates",
        help_text="The open complaint at the same place this one repeats.",
    )
    history = HistoricalRecords(table_name="public_service_request_history")

    class Meta:
        ordering = ["requested_at", "id"]
        indexes = [
            models.Index(fields=["service_code", "status"], name="request_service_status"),
            models.Index(fields=["requested_at"], name="request_requested_at"),
        ]

    def __str__(self) -> str:
        return f"{self.service_code} {self.code}"

    @property
    def has_contact(self) -> bool:
        return bool(self.email or self.phone or self.first_name or self.last_name)

    def delete(self, *args, **kwargs):
        raise ComplaintsAreKept("A complaint is never deleted; it is closed.")


class ApiKey(models.Model):
    """An Open311 client's key (``api_key``): only its SHA-256 is stored, the key
    itself shown once, when it is issued."""

    name = models.CharField(max_length=150, help_text="Who the client is, e.g. a 311 app.")
    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=16, editable=False)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    created_by = models.CharField(max_length=150)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.CharField(max_length=150, blank=True)
    revoked_why = models.TextField(blank=True)
    history = HistoricalRecords(table_name="public_api_key_history")

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = "Open311 key"

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def delete(self, *args, **kwargs):
        raise ComplaintsAreKept("An Open311 key is never deleted; it is revoked.")
