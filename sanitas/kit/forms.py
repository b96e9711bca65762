"""The form base every app's forms stand on: the USWDS classes each widget takes, set
again once a form is validated so that invalid fields are marked for assistive
technology, and the export formats a list page offers."""

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
            widget.attrs["aria-describedby"] = f"{form[name].auto_id}_error"


class UswdsForm(forms.Form):
    def full_clean(self) -> None:
        super().full_clean()
        uswds_widgets(self)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        uswds_widgets(self)
