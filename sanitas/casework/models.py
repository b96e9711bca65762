"""A case is the work on one requirement about one subject: the findings the engine
makes of them (read through the worklist's selectors, never copied here), who has
the case, and the notes written on it. A case row exists once someone acts on it;
before that the findings alone are the case. Nothing here is deleted; every
version of a case and of a note is kept."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords


class Case(models.Model):
    subject = models.CharField(max_length=200, help_text="The key of the record the case is about.")
    requirement = models.CharField(max_length=64, help_text="The requirement ID, as in findings.")
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="cases",
        help_text="The staff member who has the case (none: unassigned).",
    )
    opened_at = models.DateTimeField(default=timezone.now)
    opened_by = models.CharField(max_length=150)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(table_name="casework_case_history")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["subject", "requirement"], name="one_case_per_obligation"
            )
        ]
        indexes = [models.Index(fields=["assignee"], name="case_assignee")]

    def __str__(self) -> str:
        return f"{self.requirement} {self.subject}"


class Note(models.Model):
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="notes")
    text = models.TextField()
    written_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="case_notes"
    )
    written_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords(table_name="casework_note_history")

    class Meta:
        ordering = ["written_at", "id"]

    def __str__(self) -> str:
        return f"note on {self.case}"
