"""The staff shell's forms: the search box and a timeline's filter (their base:
:mod:`sanitas.kit.forms`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from sanitas.kit.forms import UswdsForm


class SearchForm(UswdsForm):
    q = forms.CharField(
        required=False,
        max_length=200,
        label=_("Search"),
        help_text=_(
            "A business's name (spelling need not be exact), a street address, a "
            "business licence number, an owner's or contact's name, a phone number or a "
            "record key."
        ),
    )
    kind = forms.ChoiceField(
        required=False,
        label=_("Only"),
        choices=[
            ("", _("Every kind of record")),
            ("establishment", _("Businesses")),
            ("premises", _("Premises")),
            ("permit", _("Permits")),
            ("hauler", _("Haulers")),
            ("employee", _("Employees")),
        ],
    )


class TimelineForm(UswdsForm):
    """Which kinds of entry a timeline shows (none ticked: all of them)."""

    kind = forms.MultipleChoiceField(
        required=False,
        label=_("Show"),
        widget=forms.CheckboxSelectMultiple(attrs={"class": "usa-checkbox__input"}),
        choices=(),
    )

    def __init__(self, *args: Any, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = choices
