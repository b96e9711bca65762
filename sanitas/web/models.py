"""What the staff shell keeps of its own: the one-time tokens of the record forms.

Each form page carries a token; the write that uses it keeps it here, in the
write's own transaction, so a second submission of the same page (a double
click, a reload of the posted page) finds it used and stores nothing — even when
the form was changed between the two, which the records' content keys alone
would take for a new version."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class FormSubmission(models.Model):
    """A record form's token, once used: who used it, when, and what it wrote."""

    token = models.CharField(max_length=64, unique=True)
    actor = models.CharField(max_length=150)
    used_at = models.DateTimeField(default=timezone.now)
    #: the records written (their keys), and where the person was sent after
    keys = models.JSONField(default=list)
    next_url = models.CharField(max_length=500, blank=True)

    class Meta:
        db_table = "web_form_submission"

    def __str__(self) -> str:
        return f"{self.token} by {self.actor}"
