"""A job: one background task as the people who started it see it, kept for good."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import pgettext_lazy

KINDS = (
    ("sweep", pgettext_lazy("job kind", "Sweep")),
    ("import", pgettext_lazy("job kind", "Import")),
    ("notice_batch", pgettext_lazy("job kind", "Notice batch")),
    ("report", pgettext_lazy("job kind", "Report")),
)
STATES = (
    ("queued", pgettext_lazy("job state", "Queued")),
    ("running", pgettext_lazy("job state", "Running")),
    ("finished", pgettext_lazy("job state", "Finished")),
    ("failed", pgettext_lazy("job state", "Failed")),
)
#: what ``done`` and ``total`` count
UNITS = (
    ("rows", "rows"),
    ("groups", "subject groups"),
    ("notices", "notices"),
    ("sections", "sections"),
)


class Job(models.Model):
    """A background job. Never deleted: the list of jobs is their history."""

    kind = models.CharField(max_length=20, choices=KINDS)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="jobs",
        help_text="The account that started the job (the scheduler's own for a nightly sweep).",
    )
    params = models.JSONField(default=dict, blank=True, help_text="What the job was asked.")
    state = models.CharField(max_length=10, choices=STATES, default="queued")
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    done = models.BigIntegerField(default=0)
    total = models.BigIntegerField(null=True, blank=True, help_text="None while not yet known.")
    unit = models.CharField(max_length=10, choices=UNITS, default="rows")
    #: what it is doing now, or what went wrong, in words
    message = models.CharField(max_length=500, blank=True)
    #: counts and problems when it ended
    outcome = models.JSONField(default=dict, blank=True)
    #: the rejected rows of an import, relative to ``DATA_DIR/jobs``
    rejects = models.CharField(max_length=300, blank=True)
    task_id = models.CharField(max_length=64, blank=True, help_text="The django-tasks result id.")
    worker = models.CharField(
        max_length=200,
        blank=True,
        help_text="The process running it: host, process id and the process's start time.",
    )
    beat_at = models.DateTimeField(
        null=True, blank=True, help_text="When the running job last showed a sign of life."
    )
    restarted_as = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="restart_of",
        help_text="The job started again in its place after its worker stopped.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["kind", "state", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.pk}"


class JobChunk(models.Model):
    """A part of an import job as it was stored: written in the transaction that stored
    the part's records, so that a row here is exactly what the records hold of the job
    (the job's page counts what was stored from these, not from its last message)."""

    job = models.ForeignKey(Job, on_delete=models.PROTECT, related_name="chunks")
    number = models.PositiveIntegerField()
    of = models.PositiveIntegerField(help_text="How many parts the import was stored in.")
    facts = models.PositiveIntegerField(help_text="Facts (records) in this part.")
    facts_through = models.PositiveIntegerField(help_text="Facts stored by it and those before.")
    facts_total = models.PositiveIntegerField(help_text="Facts the import stores in all.")
    rows_through = models.PositiveIntegerField(
        help_text="Rows of the file whose every fact is stored by this part and those before."
    )
    rows_total = models.PositiveIntegerField(help_text="Rows of the file going into the store.")
    created = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    stored_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["job", "number"]
        constraints = [
            models.UniqueConstraint(fields=["job", "number"], name="one_row_per_job_chunk")
        ]

    def __str__(self) -> str:
        return f"job {self.job_id} part {self.number} of {self.of}"


class ScheduledRun(models.Model):
    """A night the scheduler started the nightly sweep for: one row per night (the
    unique key), so two schedulers, or a restart, never run a night twice."""

    night = models.DateField(unique=True)
    job = models.ForeignKey(Job, on_delete=models.PROTECT, related_name="scheduled_runs")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-night"]

    def __str__(self) -> str:
        return f"nightly sweep {self.night}"
