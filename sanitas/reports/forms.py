"""The reports' form: the reporting period and the day the figures are as of."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sanitas.kit.forms import UswdsForm
from sanitas.reports.services import EARLIEST, LATEST_YEARS_AHEAD


def _day_input() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class ReportForm(UswdsForm):
    """A period (a calendar year by default: the year before the worklist's day)
    and the day the figures are as of (the period's end by default)."""

    start = forms.DateField(
        label=gettext_lazy("Period starts"),
        help_text=gettext_lazy("The first day the report covers."),
        widget=_day_input(),
    )
    end = forms.DateField(
        label=gettext_lazy("Period ends"),
        help_text=gettext_lazy("The last day the report covers."),
        widget=_day_input(),
    )
    as_of = forms.DateField(
        label=gettext_lazy("As of"),
        widget=_day_input(),
        help_text=gettext_lazy("The day the records are read as of: what had happened by then."),
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
        for name, message in period_errors(
            start=data["start"], end=data["end"], as_of=data["as_of"]
        ):
            self.add_error(name, message)
        return data


def period_errors(*, start: date, end: date, as_of: date) -> list[tuple[str, str]]:
    """(field, sentence in the reader's language) of what is wrong with a report's
    dates: the checks of ``services.period_problems``, said to the person at the form."""
    latest = date(timezone.localdate().year + LATEST_YEARS_AHEAD, 12, 31)
    out = []
    for name, value in (("start", start), ("end", end), ("as_of", as_of)):
        if not EARLIEST <= value <= latest:
            out.append(
                (
                    name,
                    _("%(day)s is outside the years a report may cover (%(first)s to %(last)s).")
                    % {"day": value.isoformat(), "first": EARLIEST.year, "last": latest.year},
                )
            )
    if end < start:
        out.append(
            ("end", _("The period ends (%(day)s) before it starts.") % {"day": end.isoformat()})
        )
    if as_of < start:
        out.append(
            (
                "as_of",
                _("The report's day (%(day)s) is before the period.") % {"day": as_of.isoformat()},
            )
        )
    return out
