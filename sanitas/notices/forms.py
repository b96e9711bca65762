"""The notice pages' forms: each validates what a person typed and names the field
of every problem; the computed parts of a notice have no field at all."""

from __future__ import annotations

from typing import Any

from django import forms

from sanitas.kit.forms import UswdsForm
from sanitas.kit.numbers import PlainDecimalField
from sanitas.notices.kinds import LANGUAGE_NAMES, LANGUAGES
from sanitas.notices.models import DECISIONS, METHODS, PAYMENT_METHODS
from sanitas.ordinance.enforcement import REASON_WORDS


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class EditForm(UswdsForm):
    remarks = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label="Further directions (free text, printed as written)",
    )
    language = forms.ChoiceField(
        choices=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        label="Printed in (with the English beside it)",
    )
    email = forms.EmailField(required=False, label="Recipient's email (to serve by email)")
    amount = PlainDecimalField(
        required=False, min_value=0, decimal_places=2, label="Penalty (not above the ceiling)"
    )
    #: the version of the notice the page was opened at, and its parts as shown then
    #: (to tell the person's own change from another's; see sanitas.notices.versions)
    version = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
    was = forms.JSONField(required=False, widget=forms.HiddenInput)


class ServeForm(UswdsForm):
    method = forms.ChoiceField(choices=METHODS, label="Method of service")
    served_on = forms.DateField(widget=DateInput(), label="Served on")
    served_at = forms.TimeField(
        required=False, widget=forms.TimeInput(attrs={"type": "time"}), label="At (time)"
    )
    served_by = forms.CharField(required=False, max_length=150, label="Served by")
    proof = forms.FileField(required=False, label="Proof of service (scan or photo)")


class ComplyForm(UswdsForm):
    complied_on = forms.DateField(widget=DateInput(), label="Complied on")
    why = forms.CharField(required=False, label="How it was shown")


class ReasonForm(UswdsForm):
    why = forms.CharField(label="Reason", widget=forms.Textarea(attrs={"rows": 2}))


class AsOfForm(UswdsForm):
    as_of = forms.DateField(
        required=False,
        widget=DateInput(),
        label="As of",
    )


class PaymentForm(UswdsForm):
    amount = PlainDecimalField(min_value=0, decimal_places=2)
    paid_on = forms.DateField(widget=DateInput())
    method = forms.ChoiceField(choices=PAYMENT_METHODS)
    receipt_number = forms.CharField(max_length=64)


class ExtensionRequestForm(UswdsForm):
    requested_on = forms.DateField(widget=DateInput())
    reason = forms.ChoiceField(choices=list(REASON_WORDS.items()))
    explanation = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    corrective_action_plan = forms.BooleanField(
        required=False, label="The city is under a CalRecycle corrective action plan"
    )


class ExtensionDecisionForm(UswdsForm):
    granted = forms.TypedChoiceField(
        choices=[("yes", "Grant"), ("no", "Deny")], coerce=lambda v: v == "yes"
    )
    decided_on = forms.DateField(widget=DateInput())
    new_due_on = forms.DateField(required=False, widget=DateInput(), label="New deadline")


class AppealForm(UswdsForm):
    filed_on = forms.DateField(widget=DateInput(), label="Request received on")
    grounds = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))


class HearingForm(UswdsForm):
    hearing_officer = forms.ChoiceField(
        choices=(), help_text="The hearing officers with an active account."
    )
    scheduled_at = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    place = forms.CharField(required=False, max_length=200)

    def __init__(self, *args: Any, officers: list[tuple[str, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["hearing_officer"].choices = [("", "Choose a hearing officer"), *officers]


class DecisionForm(UswdsForm):
    decision = forms.ChoiceField(choices=DECISIONS)
    decided_on = forms.DateField(widget=DateInput(), help_text="On or after the hearing.")
    amount = PlainDecimalField(
        required=False,
        min_value=0,
        decimal_places=2,
        help_text="A modified order: the penalty it sets, not above the ladder's ceiling.",
    )
    findings = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        label="Findings",
        help_text="What the hearing officer finds happened, on the evidence heard.",
    )
    reasons = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        label="Reasons",
        help_text="Why the citation is upheld, modified or dismissed.",
    )
    order_text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Order",
        help_text="What the order directs besides, if anything.",
    )


class BatchForm(UswdsForm):
    served_on = forms.DateField(widget=DateInput(), label="Served on")


#: how a batch is served: the ways a person does not hand each notice over
BATCH_METHODS = tuple(m for m in METHODS if m[0] in ("first_class_mail", "certified_mail", "email"))


class ServeBatchForm(UswdsForm):
    """Serve the chosen notices together, as a background job (a mail-house run)."""

    notices = forms.TypedMultipleChoiceField(
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        label="Notices to serve",
        error_messages={"required": "Choose at least one notice to serve."},
    )
    served_on = forms.DateField(widget=DateInput(), label="Served on")
    method = forms.ChoiceField(choices=BATCH_METHODS, label="Method of service")

    def __init__(self, *args, ready: list = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["notices"].choices = [(n.pk, n.code) for n in ready]
