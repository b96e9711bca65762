"""Date arithmetic of the ordinance, one definition for every rule.

The conventions are those of the scenario contract (``scenarios.md``):

- "within N days of X": due = X + N calendar days; an act on or before it meets it.
- "every N months" / "quarterly": last act + N calendar months, clamped to the
  last day of a shorter month (Jan 31 + 1 month = Feb 28).
- "by February 1" for a calendar-year report: Feb 1 of the following year.
- quarterly reports "30 days after the end of each quarter": Apr 30, Jul 30,
  Oct 30, Jan 30.
- accumulation hours "(Sundays and holidays excepted)" count only hours that fall
  on days that are neither Sunday nor a holiday; a period that ends in a week
  (Sunday–Saturday) holding a holiday is "extended one additional day".

Nothing here reads the clock: every function takes the dates it works on.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from typing import Any, NamedTuple

import holidays as holidays_lib
from dateutil.relativedelta import relativedelta

SUNDAY = 6  # date.weekday()

# Memos: the rules of a city ask the same sums again and again (every pump-out of a
# year plus its frequency, every quarter's last day), so each answer is kept, up to
# a bound, for every evaluation after. ``memoised(False)`` turns them off (the
# engine's reference path); the answers are the same either way.
_MEMO = True
_MEMO_LIMIT = 1 << 16
_DAYS: dict[tuple[date, int], date] = {}
_MONTHS: dict[tuple[date, int], date] = {}
_QUARTERS: dict[tuple[int, int], Quarter] = {}
_TEXTS: dict[date, str] = {}
_PERIODS: dict[str, tuple[int, int | None]] = {}


def memoised(on: bool) -> bool:
    """Turn the calendar's memos on or off; returns whether they were on."""
    global _MEMO
    was, _MEMO = _MEMO, on
    return was


def _kept(memo: dict, key: Any, value: Any) -> Any:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def day_text(day: date) -> str:
    """``str(day)``, as an f-string writes a date or a time (``2025-06-30``), memoised:
    an explanation names a day or two, and writing one out costs some ten times a
    dictionary lookup."""
    if _MEMO:
        text = _TEXTS.get(day)
        if text is None:
            text = _kept(_TEXTS, day, str(day))
        return text
    return str(day)


def add_days(start: date, days: int) -> date:
    """ "Within N days of X": X + N calendar days."""
    if _MEMO:
        key = (start, days)
        found = _DAYS.get(key)
        if found is None:
            found = _kept(_DAYS, key, start + timedelta(days=days))
        return found
    return start + timedelta(days=days)


def add_months(start: date, months: int) -> date:
    """ "Every N months": N calendar months later, clamped to the month's last day."""
    if _MEMO:
        key = (start, months)
        found = _MONTHS.get(key)
        if found is None:
            found = _kept(_MONTHS, key, start + relativedelta(months=months))
        return found
    return start + relativedelta(months=months)


def annual_report_due(year: int, *, month: int = 2, day: int = 1) -> date:
    """A calendar-year report due "by February 1" (or another day) of the next year."""
    return date(year + 1, month, day)


def quarter_of(day: date) -> tuple[int, int]:
    return day.year, (day.month - 1) // 3 + 1


def quarter_end(year: int, quarter: int) -> date:
    if _MEMO:
        return quarter_of_year(year, quarter).last
    return _quarter_end(year, quarter)


def quarter_start(year: int, quarter: int) -> date:
    if _MEMO:
        return quarter_of_year(year, quarter).first
    return _quarter_start(year, quarter)


def _quarter_end(year: int, quarter: int) -> date:
    if quarter == 4:
        return date(year, 12, 31)
    return date(year, quarter * 3 + 1, 1) - timedelta(days=1)


def _quarter_start(year: int, quarter: int) -> date:
    return date(year, (quarter - 1) * 3 + 1, 1)


def quarterly_report_due(year: int, quarter: int, *, days_after: int = 30) -> date:
    """A quarterly report due N days after the end of the quarter (Apr 30, Jul 30, …)."""
    return quarter_end(year, quarter) + timedelta(days=days_after)


def period_label_quarter(year: int, quarter: int) -> str:
    return f"{year}-Q{quarter}"


def parse_period(period: str) -> tuple[int, int | None]:
    """``"2024"`` → (2024, None); ``"2025-Q1"`` → (2025, 1); ``ValueError`` for
    anything else."""
    if _MEMO:
        found = _PERIODS.get(period)
        if found is None:
            found = _kept(_PERIODS, period, _parse_period(period))
        return found
    return _parse_period(period)


def _parse_period(period: str) -> tuple[int, int | None]:
    if "-Q" in period:
        year, quarter = period.split("-Q")
        return int(year), int(quarter)
    return int(period), None


class Quarter(NamedTuple):
    """A calendar quarter and what the rules say of it."""

    year: int
    quarter: int
    label: str  # "2024-Q3"
    first: date
    last: date


def quarter_of_year(year: int, number: int) -> Quarter:
    """The quarter ``number`` (1-4) of ``year``, with its label and its first and last days."""
    if _MEMO:
        found = _QUARTERS.get((year, number))
        if found is None:
            found = _kept(_QUARTERS, (year, number), _quarter(year, number))
        return found
    return _quarter(year, number)


def _quarter(year: int, number: int) -> Quarter:
    return Quarter(
        year,
        number,
        period_label_quarter(year, number),
        _quarter_start(year, number),
        _quarter_end(year, number),
    )


def quarters_between(first: date, last: date) -> Iterable[tuple[int, int]]:
    """Every (year, quarter) from the quarter holding ``first`` to the one holding ``last``."""
    year, quarter = quarter_of(first)
    end = quarter_of(last)
    while (year, quarter) <= end:
        yield year, quarter
        quarter += 1
        if quarter == 5:
            year, quarter = year + 1, 1


class HolidayCalendar:
    """The holidays a jurisdiction observes.

    By default the `holidays` library's calendar for the pack's country (US
    federal holidays as observed); a scenario or a pack may give its own list,
    which replaces it.
    """

    def __init__(
        self,
        *,
        country: str = "US",
        subdivision: str | None = None,
        observed: bool = True,
        explicit: Iterable[date] | None = None,
        extra: Iterable[date] = (),
    ) -> None:
        self.country = country
        self.subdivision = subdivision
        self.observed = observed
        self.explicit = frozenset(explicit) if explicit is not None else None
        self.extra = frozenset(extra)

    def __contains__(self, day: date) -> bool:
        if day in self.extra:
            return True
        if self.explicit is not None:
            return day in self.explicit
        return day in _library_holidays(self.country, self.subdivision, self.observed, day.year)

    def name(self, day: date) -> str:
        if self.explicit is not None or day in self.extra:
            return "holiday"
        calendar = _library_holidays(self.country, self.subdivision, self.observed, day.year)
        return calendar.get(day, "holiday")

    def week_holiday(self, day: date) -> date | None:
        """The first holiday in the Sunday–Saturday week holding ``day``, if any."""
        sunday = day - timedelta(days=(day.weekday() + 1) % 7)
        for offset in range(7):
            candidate = sunday + timedelta(days=offset)
            if candidate in self:
                return candidate
        return None


@lru_cache(maxsize=256)
def _library_holidays(country: str, subdivision: str | None, observed: bool, year: int):
    return holidays_lib.country_holidays(
        country, subdiv=subdivision, years=[year], observed=observed
    )


def is_excepted_day(day: date, calendar: HolidayCalendar) -> bool:
    """Sundays and holidays, the days an "(Sundays and holidays excepted)" period skips."""
    return day.weekday() == SUNDAY or day in calendar


def add_counted_hours(start: datetime, hours: float, calendar: HolidayCalendar) -> datetime:
    """The wall time when ``hours`` hours have been counted from ``start``, counting
    only hours on days that are neither Sunday nor a holiday.

    Wall-clock hours: in the United States daylight saving time begins and ends on
    a Sunday, a day this count skips, so wall hours and elapsed hours agree.
    """
    remaining = timedelta(hours=hours)
    cursor = start
    while True:
        day = cursor.date()
        next_midnight = datetime.combine(day + timedelta(days=1), time())
        if is_excepted_day(day, calendar):
            cursor = next_midnight
            continue
        available = next_midnight - cursor
        if remaining <= available:
            return cursor + remaining
        remaining -= available
        cursor = next_midnight
