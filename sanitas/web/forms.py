"""The staff shell's forms: the search box and a timeline's filter (their base:
:mod:`sanitas.kit.forms`)."""

from __future__ import annotations

from typing import Any

from django import forms

from sanitas.kit.forms import UswdsForm


class SearchForm(UswdsForm):
    q = forms.CharField(
        required=False,
        max_length=200,
        label="Search",
        help_text="A business's name (spelling need not be exact), a street address, a "
        "business licence number, an owner's or contact's name, a phone number or a "
        "record key.",
    )
    kind = forms.ChoiceField(
        required=False,
        label="Only",
        choices=[
            ("", "Every kind of record"),
            ("establishment", "Businesses"),
            ("premises", "Premises"),
            ("permit", "Permits"),
            ("hauler", "Haulers"),
            ("employee", "Employees"),
        ],
    )


class TimelineForm(UswdsForm):
    """Which kinds of entry a timeline shows (none ticked: all of them)."""

    kind = forms.MultipleChoiceField(
        required=False,
        label="Show",
        widget=forms.CheckboxSelectMultiple(attrs={"class": "usa-checkbox__input"}),
        choices=(),
    )

    def __init__(self, *args: Any, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = choices
