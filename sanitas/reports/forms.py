"""The reports' form: the reporting period and the day the figures are as of."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sanitas.kit.forms import UswdsForm
from sanitas.reports import ear
from sanitas.reports.services import EARLIEST, LATEST_YEARS_AHEAD


def _day_input() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class ReportForm(UswdsForm):
    """A period (by default the last complete reporting period, :meth:`defaults`)
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
    def defaults(today: date, *, report: str = "", years: Iterable[int] = ()) -> dict[str, Any]:
        """The last complete reporting period (the SB 1383 annual report's are the
        state's: January to June in 2022, calendar years after) in which a notice or
        citation of the report's program is on record (``years``); the last complete
        one when none is. As of its last day."""
        start, end = last_period(today, report=report, years=years)
        return {"start": start, "end": end, "as_of": end}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        for name, message in period_errors(
            start=data["start"], end=data["end"], as_of=data["as_of"]
        ):
            self.add_error(name, message)
        return data


def reporting_period(report: str, year: int) -> tuple[date, date]:
    """A report's period of ``year``: the state's for the SB 1383 annual report."""
    if report == "sb1383":
        return ear.reporting_period(year)
    return date(year, 1, 1), date(year, 12, 31)


def _complete_years(today: date, report: str) -> list[int]:
    """The years whose reporting period had ended by ``today``, latest first."""
    first = ear.first_year() if report == "sb1383" else EARLIEST.year
    return [
        year
        for year in range(today.year, first - 1, -1)
        if reporting_period(report, year)[1] < today
    ]


def last_complete_year(today: date, *, report: str) -> int:
    """The year of the last reporting period that had ended by ``today``."""
    return (_complete_years(today, report) or [today.year - 1])[0]


def last_period(today: date, *, report: str, years: Iterable[int]) -> tuple[date, date]:
    complete = _complete_years(today, report) or [today.year - 1]
    enforced = set(years)
    year = next((y for y in complete if y in enforced), complete[0])
    return reporting_period(report, year)


def empty_period_note(initial: dict[str, Any], years: Iterable[int], *, last: int) -> str:
    """Why the period the form offers is not the last complete one (of year ``last``),
    or why it shows no enforcement: in the reader's language; "" when there is
    nothing to say."""
    years = sorted(set(years))
    offered = initial["end"].year
    if offered in years:
        if offered == last:
            return ""
        skipped = ", ".join(str(y) for y in range(offered + 1, last + 1))
        return _(
            "No notice or citation on record falls in %(skipped)s: the period offered is "
            "%(offered)s's, the last complete one that holds some."
        ) % {"skipped": skipped, "offered": offered}
    if not years:
        return _(
            "No notice or citation is on record yet, so the enforcement figures of any "
            "period are zero."
        )
    return _(
        "No notice or citation on record falls in %(offered)s: the records' notices and "
        "citations are from %(years)s. The period offered will show no enforcement; "
        "choose a period in those years to see it."
    ) % {"offered": offered, "years": ", ".join(str(y) for y in years)}


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
