"""What the city served, and what followed.

A :class:`Notice` is any document of a kind in ``kinds.yaml``: a notice, a cart tag,
a certificate of final inspection or an administrative citation. While a draft it
holds the parts staff may edit; on service its PDF, its HTML, the recipient as they
were, the facts behind it and the content it printed are frozen with their digests,
and the database itself refuses to change them (migration 0002's trigger). Only its
state after service, and why it changed, may still be written.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone

STATES = (
    ("draft", "draft"),
    ("approved", "approved"),
    ("served", "served"),
    ("complied", "complied"),
    ("escalated", "escalated"),
    ("rescinded", "rescinded"),
    ("superseded", "superseded"),
)
#: the states of a notice not yet served: an open draft
OPEN_STATES = ("draft", "approved")
#: the states of a notice that has been served (its frozen columns never change)
SERVED_STATES = ("served", "complied", "escalated", "rescinded", "superseded")
METHODS = (
    ("personal", "personal delivery"),
    ("first_class_mail", "first-class mail"),
    ("certified_mail", "certified mail"),
    ("email", "email"),
    ("posting", "posting"),
    ("cart_tag", "cart tag"),
)
#: the columns a served notice may still change: its state after service and why
MUTABLE_AFTER_SERVICE = ("state", "closed_at", "closed_by", "closed_why", "updated_at")


class Notice(models.Model):
    """A document the city serves, from its draft to what followed its service."""

    code = models.CharField(
        max_length=16, unique=True, help_text="The short case code printed for the recipient."
    )
    kind = models.CharField(max_length=32, help_text="A kind of kinds.yaml.")
    state = models.CharField(max_length=16, choices=STATES, default="draft")
    requirement = models.CharField(max_length=64, help_text="The requirement the notice enforces.")
    subject = models.CharField(max_length=200, help_text="The record the engine fact names.")
    subject_group = models.CharField(max_length=200, db_index=True)
    finding_id = models.BigIntegerField(
        null=True, blank=True, help_text="The worklist finding it was drafted from."
    )
    cites_notice = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="citations",
        help_text="For a citation: the notice whose deadline passed.",
    )
    supersedes = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="superseded_by",
        help_text="The served notice this one corrects.",
    )
    fact_key = models.CharField(
        max_length=200, unique=True, help_text="The key of the engine fact it becomes on service."
    )
    language = models.CharField(max_length=16, default="en")
    # ---- the parts staff may edit while it is a draft
    remarks = models.TextField(blank=True, help_text="Further directions, in the city's words.")
    amount = models.DecimalField(
        max_digits=10,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="For a citation: the penalty the officer sets, not above the ceiling.",
    )
    email = models.EmailField(blank=True, help_text="Where an emailed notice is sent.")
    # ---- who made it
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.CharField(max_length=150)
    updated_at = models.DateTimeField(auto_now=True)
    approved_at = models.DateTimeField(null=True, blank=True)
    approved_by = models.CharField(max_length=150, blank=True)
    # ---- frozen on service
    served_on = models.DateField(null=True, blank=True)
    served_at = models.DateTimeField(null=True, blank=True)
    method = models.CharField(max_length=32, choices=METHODS, blank=True)
    served_by = models.CharField(max_length=150, blank=True)
    proof = models.BinaryField(null=True, blank=True, help_text="The proof of service attached.")
    proof_name = models.CharField(max_length=200, blank=True)
    delivery = models.JSONField(
        null=True, blank=True, help_text="For email: the message's id, recipient and when sent."
    )
    deadline_on = models.DateField(null=True, blank=True)
    recipient_snapshot = models.JSONField(null=True, blank=True)
    facts_snapshot = models.JSONField(null=True, blank=True)
    content_snapshot = models.JSONField(null=True, blank=True)
    content_sha256 = models.CharField(max_length=64, blank=True)
    html = models.TextField(blank=True)
    pdf = models.BinaryField(null=True, blank=True)
    pdf_sha256 = models.CharField(max_length=64, blank=True)
    # ---- after service
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.CharField(max_length=150, blank=True)
    closed_why = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["state", "kind"], name="notice_state_kind")]
        constraints = [
            # one open draft per finding and kind: a second request answers with the first
            models.UniqueConstraint(
                fields=["finding_id", "kind"],
                condition=models.Q(state__in=OPEN_STATES, finding_id__isnull=False),
                name="notice_one_open_draft_per_finding",
            ),
            # and one open citation per notice
            models.UniqueConstraint(
                fields=["cites_notice", "kind"],
                condition=models.Q(state__in=OPEN_STATES, cites_notice__isnull=False),
                name="notice_one_open_citation_per_notice",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.code}"

    @property
    def served(self) -> bool:
        return self.served_at is not None

    def access_about(self):
        """What the access policy asks of a notice: its kind's program, and the hearing
        officers assigned to a hearing on it (a citation under appeal) or on a citation
        that follows it (they read what they hear)."""
        from sanitas.access.policy import About
        from sanitas.notices.kinds import kind

        cached = getattr(self, "_access_about", None)
        if cached is None:
            officers = ()
            if self.pk is not None:
                officers = tuple(
                    Hearing.objects.filter(
                        models.Q(appeal__citation=self)
                        | models.Q(appeal__citation__cites_notice=self)
                    )
                    .values_list("hearing_officer", flat=True)
                    .distinct()
                )
            cached = About(
                programs=About.program(kind(self.kind).program).programs, officers=officers
            )
            self._access_about = cached
        return cached


class NoticeEvent(models.Model):
    """The notice's timeline: one row per thing that happened to it."""

    notice = models.ForeignKey(Notice, on_delete=models.PROTECT, related_name="events")
    at = models.DateTimeField(default=timezone.now)
    actor = models.CharField(max_length=150)
    action = models.CharField(max_length=32)
    state = models.CharField(max_length=16, help_text="The state after the event.")
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.notice.code} {self.action}"


PAYMENT_METHODS = (
    ("cash", "cash"),
    ("check", "check"),
    ("card", "card"),
    ("money_order", "money order"),
    ("online", "online"),
)


class Payment(models.Model):
    """A payment of an administrative citation's penalty."""

    citation = models.ForeignKey(Notice, on_delete=models.PROTECT, related_name="payments")
    amount = models.DecimalField(max_digits=10, decimal_places=2)
    paid_on = models.DateField()
    method = models.CharField(max_length=16, choices=PAYMENT_METHODS)
    receipt_number = models.CharField(max_length=64, unique=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    recorded_by = models.CharField(max_length=150)

    class Meta:
        ordering = ["paid_on", "id"]

    def __str__(self) -> str:
        return f"{self.receipt_number} {self.amount}"


EXTENSION_STATES = (("requested", "requested"), ("granted", "granted"), ("denied", "denied"))


class ExtensionRequest(models.Model):
    """A request to extend a notice's compliance deadline, and the city's decision."""

    notice = models.ForeignKey(Notice, on_delete=models.PROTECT, related_name="extensions")
    requested_on = models.DateField()
    reason = models.CharField(max_length=32)
    explanation = models.TextField(blank=True)
    corrective_action_plan = models.BooleanField(null=True, blank=True)
    state = models.CharField(max_length=16, choices=EXTENSION_STATES, default="requested")
    decided_on = models.DateField(null=True, blank=True)
    decided_by = models.CharField(max_length=150, blank=True)
    new_due_on = models.DateField(null=True, blank=True)
    fact_key = models.CharField(max_length=200, blank=True)
    created_by = models.CharField(max_length=150)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"extension of {self.notice.code} ({self.state})"


APPEAL_STATES = (("filed", "filed"), ("scheduled", "scheduled"), ("decided", "decided"))
DECISIONS = (("upheld", "upheld"), ("modified", "modified"), ("dismissed", "dismissed"))


class Appeal(models.Model):
    """A request for a hearing on an administrative citation, filed in time."""

    citation = models.ForeignKey(Notice, on_delete=models.PROTECT, related_name="appeals")
    filed_on = models.DateField()
    grounds = models.TextField(blank=True)
    state = models.CharField(max_length=16, choices=APPEAL_STATES, default="filed")
    fact_key = models.CharField(max_length=200)
    created_by = models.CharField(max_length=150)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"appeal of {self.citation.code}"


class Hearing(models.Model):
    """The hearing of an appeal before a hearing officer, and the final written order."""

    appeal = models.OneToOneField(Appeal, on_delete=models.PROTECT, related_name="hearing")
    hearing_officer = models.CharField(max_length=150)
    scheduled_at = models.DateTimeField()
    place = models.CharField(max_length=200, blank=True)
    decision = models.CharField(max_length=16, choices=DECISIONS, blank=True)
    decided_on = models.DateField(null=True, blank=True)
    amount = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    findings = models.TextField(blank=True, help_text="The hearing officer's findings of fact.")
    reasons = models.TextField(blank=True, help_text="The reasons for the decision.")
    order_text = models.TextField(blank=True, help_text="What the order directs, if anything.")
    officer_name = models.CharField(
        max_length=150, blank=True, help_text="The full name the order is signed with."
    )
    officer_title = models.CharField(
        max_length=150, blank=True, help_text="The title the order is signed with."
    )
    order_pdf = models.BinaryField(null=True, blank=True)
    order_sha256 = models.CharField(max_length=64, blank=True)
    fact_key = models.CharField(max_length=200, blank=True)
    created_by = models.CharField(max_length=150)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"hearing of {self.appeal.citation.code}"

    def access_about(self):
        """A hearing is its officer's, in its citation's program."""
        from sanitas.access.policy import About
        from sanitas.notices.kinds import kind

        program = About.program(kind(self.appeal.citation.kind).program).programs
        return About(programs=program, officers=(self.hearing_officer,))
