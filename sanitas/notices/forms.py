"""The notice pages' forms: each validates what a person typed and names the field
of every problem; the computed parts of a notice have no field at all."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sanitas.kit.forms import UswdsForm
from sanitas.kit.numbers import PlainDecimalField
from sanitas.notices.flow import DECISION_NAMES
from sanitas.notices.kinds import LANGUAGE_NAMES, LANGUAGES
from sanitas.notices.models import DECISIONS, METHODS, PAYMENT_METHODS
from sanitas.ordinance.enforcement import REASON_WORDS

#: how a notice may be served, payments made and hearings decided, as the pages name
#: them in the reader's language (the records keep the key; ``models`` the English)
METHOD_NAMES = {
    "personal": _("personal delivery"),
    "first_class_mail": _("first-class mail"),
    "certified_mail": _("certified mail"),
    "email": pgettext_lazy("method of service", "email"),
    "posting": _("posting"),
    "cart_tag": _("cart tag"),
}
PAYMENT_METHOD_NAMES = {
    "cash": _("cash"),
    "check": _("check"),
    "card": _("card"),
    "money_order": _("money order"),
    "online": _("online"),
}
#: the reasons the ordinance allows for an extension (Ch. 50 SB 1383 enforcement (G))
REASON_NAMES = {
    "act_of_god": _("an act of God or other emergency"),
    "permit_delay": _("delays in obtaining permits or agency approvals"),
    "infrastructure_capacity": _(
        "infrastructure or capacity deficiencies under a CalRecycle corrective action plan"
    ),
}


def _named(choices, names: dict[str, Any]) -> list[tuple[str, Any]]:
    """``choices`` (key, English) with each label in the reader's language."""
    return [(key, names.get(key, label)) for key, label in choices]


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class EditForm(UswdsForm):
    remarks = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=_("Further directions (free text, printed as written)"),
    )
    language = forms.ChoiceField(
        choices=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        label=_("Printed in (with the English beside it)"),
    )
    email = forms.EmailField(required=False, label=_("Recipient's email (to serve by email)"))
    amount = PlainDecimalField(
        required=False,
        min_value=0,
        decimal_places=2,
        label=_("Penalty (not above the ceiling)"),
    )
    #: the version of the notice the page was opened at, and its parts as shown then
    #: (to tell the person's own change from another's; see sanitas.notices.versions)
    version = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
    was = forms.JSONField(required=False, widget=forms.HiddenInput)


class ServeForm(UswdsForm):
    method = forms.ChoiceField(choices=_named(METHODS, METHOD_NAMES), label=_("Method of service"))
    served_on = forms.DateField(widget=DateInput(), label=_("Served on"))
    served_at = forms.TimeField(
        required=False, widget=forms.TimeInput(attrs={"type": "time"}), label=_("At (time)")
    )
    served_by = forms.CharField(required=False, max_length=150, label=_("Served by"))
    proof = forms.FileField(required=False, label=_("Proof of service (scan or photo)"))


class ComplyForm(UswdsForm):
    complied_on = forms.DateField(widget=DateInput(), label=_("Complied on"))
    why = forms.CharField(required=False, label=_("How it was shown"))


class ReasonForm(UswdsForm):
    why = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}))


class AsOfForm(UswdsForm):
    as_of = forms.DateField(
        required=False,
        widget=DateInput(),
        label=_("As of"),
    )


class PaymentForm(UswdsForm):
    amount = PlainDecimalField(min_value=0, decimal_places=2, label=_("Amount"))
    paid_on = forms.DateField(widget=DateInput(), label=_("Paid on"))
    method = forms.ChoiceField(
        choices=_named(PAYMENT_METHODS, PAYMENT_METHOD_NAMES), label=_("Method")
    )
    receipt_number = forms.CharField(max_length=64, label=_("Receipt number"))


class ExtensionRequestForm(UswdsForm):
    requested_on = forms.DateField(widget=DateInput(), label=_("Requested on"))
    reason = forms.ChoiceField(
        choices=_named(REASON_WORDS.items(), REASON_NAMES),
        label=pgettext_lazy("extension", "Reason"),
    )
    explanation = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), label=_("Explanation")
    )
    corrective_action_plan = forms.BooleanField(
        required=False, label=_("The city is under a CalRecycle corrective action plan")
    )


class ExtensionDecisionForm(UswdsForm):
    granted = forms.TypedChoiceField(
        choices=[("yes", _("Grant")), ("no", _("Deny"))],
        coerce=lambda v: v == "yes",
        label=_("Granted"),
    )
    decided_on = forms.DateField(widget=DateInput(), label=_("Decided on"))
    new_due_on = forms.DateField(required=False, widget=DateInput(), label=_("New deadline"))


class AppealForm(UswdsForm):
    filed_on = forms.DateField(widget=DateInput(), label=_("Request received on"))
    grounds = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), label=_("Grounds")
    )


class HearingForm(UswdsForm):
    hearing_officer = forms.ChoiceField(
        choices=(),
        label=_("Hearing officer"),
        help_text=_("The hearing officers with an active account."),
    )
    scheduled_at = forms.DateTimeField(
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}), label=_("Scheduled at")
    )
    place = forms.CharField(required=False, max_length=200, label=_("Place"))

    def __init__(self, *args: Any, officers: list[tuple[str, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["hearing_officer"].choices = [("", _("Choose a hearing officer")), *officers]


class DecisionForm(UswdsForm):
    decision = forms.ChoiceField(choices=_named(DECISIONS, DECISION_NAMES), label=_("Decision"))
    decided_on = forms.DateField(
        widget=DateInput(), label=_("Decided on"), help_text=_("On or after the hearing.")
    )
    amount = PlainDecimalField(
        required=False,
        min_value=0,
        decimal_places=2,
        label=_("Amount"),
        help_text=_("A modified order: the penalty it sets, not above the ladder's ceiling."),
    )
    findings = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        label=_("Findings"),
        help_text=_("What the hearing officer finds happened, on the evidence heard."),
    )
    reasons = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        label=_("Reasons"),
        help_text=_("Why the citation is upheld, modified or dismissed."),
    )
    order_text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label=_("Order"),
        help_text=_("What the order directs besides, if anything."),
    )


class BatchForm(UswdsForm):
    served_on = forms.DateField(widget=DateInput(), label=_("Served on"))


#: how a batch is served: the ways a person does not hand each notice over
BATCH_METHODS = tuple(m for m in METHODS if m[0] in ("first_class_mail", "certified_mail", "email"))


class ServeBatchForm(UswdsForm):
    """Serve the chosen notices together, as a background job (a mail-house run)."""

    notices = forms.TypedMultipleChoiceField(
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        label=_("Notices to serve"),
        error_messages={"required": _("Choose at least one notice to serve.")},
    )
    served_on = forms.DateField(widget=DateInput(), label=_("Served on"))
    method = forms.ChoiceField(
        choices=_named(BATCH_METHODS, METHOD_NAMES), label=_("Method of service")
    )

    def __init__(self, *args, ready: list = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["notices"].choices = [(n.pk, n.code) for n in ready]
