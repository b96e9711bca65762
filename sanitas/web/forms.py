"""The staff shell's forms: the search box, and the USWDS classes every staff form's
widgets take."""

from __future__ import annotations

from typing import Any

from django import forms

EXPORT_FORMATS = ("csv", "xlsx")


def uswds_widgets(form: forms.BaseForm) -> None:
    """Give each widget of ``form`` its USWDS class, and mark invalid ones for
    assistive technology."""
    for name, field in form.fields.items():
        widget = field.widget
        if isinstance(widget, forms.HiddenInput):
            continue
        if isinstance(widget, forms.CheckboxInput):
            css = "usa-checkbox__input"
        elif isinstance(widget, forms.Select):
            css = "usa-select"
        elif isinstance(widget, forms.Textarea):
            css = "usa-textarea"
        else:
            css = "usa-input"
        widget.attrs["class"] = f"{widget.attrs.get('class', '')} {css}".strip()
        # only once validated: asking for errors earlier would validate too soon
        if form._errors is not None and name in form._errors:
            widget.attrs["aria-invalid"] = "true"
            widget.attrs["aria-describedby"] = f"{form.auto_id % name}_error"


class UswdsForm(forms.Form):
    def full_clean(self) -> None:
        super().full_clean()
        uswds_widgets(self)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        uswds_widgets(self)


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
