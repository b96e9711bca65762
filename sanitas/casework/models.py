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


# --------------------------------------------------------------------------- inspections


class EvidenceIsKept(Exception):
    """Evidence is never deleted: a mistaken photo is voided with a reason instead."""


class InspectionVisit(models.Model):
    """One site visit, from its start to the facts it recorded. The answers of each
    step are kept as typed (``answers``, by step) until the visit is finished; then
    the facts they amount to are recorded and their keys kept here, and the visit
    no longer changes."""

    KINDS = [
        ("fog", "FOG inspection"),
        ("organics", "SB 1383 compliance inspection and route review"),
        ("storage", "Storage, accumulation and set-out observations"),
        ("sewer_work", "Sewer work inspection"),
    ]
    DRAFT, FINISHED = "draft", "finished"

    kind = models.CharField(max_length=20, choices=KINDS)
    subject = models.CharField(max_length=200, help_text="The key of the record visited.")
    visit_date = models.DateField(help_text="The day of the visit (the facts' date).")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="inspection_visits"
    )
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(
        max_length=10, choices=[(DRAFT, "draft"), (FINISHED, "finished")], default=DRAFT
    )
    answers = models.JSONField(default=dict, blank=True)
    recorded_keys = models.JSONField(
        default=list, blank=True, help_text="The keys of the facts the visit recorded."
    )
    history = HistoricalRecords(table_name="casework_inspection_visit_history")

    class Meta:
        indexes = [models.Index(fields=["subject", "visit_date"], name="visit_subject_day")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.subject} on {self.visit_date}"

    def access_about(self):
        """Whose work and evidence the visit is: its kind's program's
        (:mod:`sanitas.access.policy`)."""
        from sanitas.casework.inspection import VISIT_KINDS

        return VISIT_KINDS[self.kind].access_about()

    def delete(self, *args, **kwargs):
        raise EvidenceIsKept("An inspection visit is never deleted.")


class Photo(models.Model):
    """A photograph taken on a visit: its original bytes are kept untouched in the
    evidence folder under their SHA-256, which this row records with who took it
    and when. A mistaken photo is voided with a reason; it is never deleted."""

    visit = models.ForeignKey(InspectionVisit, on_delete=models.PROTECT, related_name="photos")
    sha256 = models.CharField(max_length=64)
    size = models.PositiveBigIntegerField(help_text="In bytes.")
    content_type = models.CharField(max_length=40)
    taken_at = models.DateTimeField(
        help_text="The camera's DateTimeOriginal when the file has one, else the upload time."
    )
    taken_at_from_camera = models.BooleanField(default=False)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="photos_taken"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)
    caption = models.CharField(max_length=300, blank=True)
    file_name = models.CharField(max_length=255, blank=True, help_text="As the phone named it.")
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.CharField(max_length=150, blank=True)
    voided_why = models.TextField(blank=True)
    history = HistoricalRecords(table_name="casework_photo_history")

    class Meta:
        ordering = ["uploaded_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["visit", "sha256"], name="one_copy_per_visit")
        ]

    def __str__(self) -> str:
        return f"photo {self.sha256[:12]} of {self.visit}"

    def delete(self, *args, **kwargs):
        raise EvidenceIsKept("A photo is never deleted; void it with a reason.")


class Signature(models.Model):
    """The person on site's signature (a PNG drawn on the screen, kept under its
    SHA-256 like a photo), or their typed name, or the note that they refused."""

    visit = models.OneToOneField(
        InspectionVisit, on_delete=models.PROTECT, related_name="signature"
    )
    signer_name = models.CharField(max_length=200, blank=True)
    signed_at = models.DateTimeField(default=timezone.now)
    refused = models.BooleanField(default=False)
    note = models.TextField(blank=True)
    sha256 = models.CharField(max_length=64, blank=True, help_text="Empty: no drawing.")
    size = models.PositiveBigIntegerField(default=0)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="signatures_recorded"
    )
    history = HistoricalRecords(table_name="casework_signature_history")

    def __str__(self) -> str:
        if self.refused:
            return f"refused to sign, {self.visit}"
        return f"signed by {self.signer_name}, {self.visit}"

    def delete(self, *args, **kwargs):
        raise EvidenceIsKept("A signature is never deleted.")
