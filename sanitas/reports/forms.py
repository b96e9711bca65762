"""The reports' form: the reporting period and the day the figures are as of."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms

from sanitas.kit.forms import UswdsForm
from sanitas.reports.services import period_problems


def _day_input() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class ReportForm(UswdsForm):
    """A period (a calendar year by default: the year before the worklist's day)
    and the day the figures are as of (the period's end by default)."""

    start = forms.DateField(
        label="Period starts", help_text="The first day the report covers.", widget=_day_input()
    )
    end = forms.DateField(
        label="Period ends", help_text="The last day the report covers.", widget=_day_input()
    )
    as_of = forms.DateField(
        label="As of",
        widget=_day_input(),
        help_text="The day the records are read as of: what had happened by then.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._describe()

    def full_clean(self) -> None:
        super().full_clean()
        self._describe()

    def _describe(self) -> None:
        """Each field described by its hint, and by its error when it has one."""
        for name, field in self.fields.items():
            hint = f"{self.auto_id % name}_hint"
            shown = field.widget.attrs.get("aria-describedby", "")
            if hint not in shown.split():
                field.widget.attrs["aria-describedby"] = f"{shown} {hint}".strip()

    @staticmethod
    def defaults(today: date) -> dict[str, Any]:
        year = today.year - 1
        return {"start": date(year, 1, 1), "end": date(year, 12, 31), "as_of": date(year, 12, 31)}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        for line in period_problems(start=data["start"], end=data["end"], as_of=data["as_of"]):
            name, _, words = line.partition(": ")
            self.add_error(name, words[:1].upper() + words[1:] + ".")
        return data
