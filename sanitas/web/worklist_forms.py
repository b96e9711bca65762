"""The staff pages' GET forms: they validate what is in the address bar, so a bad
parameter is a message beside its field, never an error page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sanitas.kit.forms import UswdsForm, uswds_widgets
from sanitas.kit.selectors import ALL, SORTS, WORKLIST_STATUSES
from sanitas.kit.titles import program_choices
from sanitas.web.words import program_words

#: the statuses as the filter offers them
STATUS_CHOICES = {
    "violation": pgettext_lazy("finding status filter", "Violation"),
    "overdue": pgettext_lazy("finding status filter", "Overdue"),
    "due": pgettext_lazy("finding status filter", "Due"),
    "late": pgettext_lazy("finding status filter", "Late"),
}


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%d", **kwargs)


class WorklistFilterForm(UswdsForm):
    program = forms.ChoiceField(required=False, label=_("Program"))
    status = forms.ChoiceField(
        required=False,
        label=_("Status"),
        choices=[("", _("Open (due, overdue, violation)"))]
        + [(s, STATUS_CHOICES.get(s, s.capitalize())) for s in WORKLIST_STATUSES],
    )
    include_late = forms.BooleanField(required=False, label=_("Include late"))
    window = forms.ChoiceField(
        required=False,
        label=pgettext_lazy("a due date", "Due"),
        choices=[
            ("", _("Any time")),
            ("overdue", _("Overdue (due date passed)")),
            ("7", _("Within 7 days")),
            ("30", _("Within 30 days")),
            ("90", _("Within 90 days")),
        ],
    )
    due_from = forms.DateField(required=False, label=_("Due from"), widget=DateInput())
    due_to = forms.DateField(required=False, label=_("Due to"), widget=DateInput())
    mine = forms.BooleanField(required=False, label=_("Only my cases"))
    sort = forms.ChoiceField(
        required=False,
        choices=[(s, s) for s in SORTS] + [(f"-{s}", f"-{s}") for s in SORTS],
        widget=forms.HiddenInput,
    )

    def __init__(self, data: Any, *, programs: tuple[str, ...], default_program: str) -> None:
        data = data.copy()
        data.setdefault("program", default_program)
        super().__init__(data)
        choices = [
            (key, program_words(key, title)) for key, title in program_choices() if key in programs
        ]
        if len(programs) > 1:
            choices.insert(0, (ALL, _("All programs")))
        self.fields["program"].choices = choices
        uswds_widgets(self)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        due_from, due_to = cleaned.get("due_from"), cleaned.get("due_to")
        if due_from and due_to and due_from > due_to:
            self.add_error("due_to", _("The end of the range is before its start."))
        return cleaned


class AsOfForm(UswdsForm):
    as_of = forms.DateField(
        required=False,
        label=_("As of"),
        widget=DateInput(attrs={"aria-describedby": "as-of-help"}),
        help_text=_("Show the records as the city knew them at the end of this day."),
    )
