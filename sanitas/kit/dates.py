"""Dates as people write them, for pages, messages and exports alike."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.utils import timezone, translation


def people_date(value: Any) -> str:
    """ "Mar 1, 2025" (and "Mar 1, 2025, 6:00 p.m." for a time) from a date, a
    datetime or the ISO text findings keep; "" for nothing."""
    if not value:
        return ""
    value = _day_or_moment(value)
    if isinstance(value, str):
        return value
    if isinstance(value, datetime):
        hour = value.strftime("%I").lstrip("0")
        suffix = "a.m." if value.hour < 12 else "p.m."
        return f"{value:%b} {value.day}, {value.year}, {hour}:{value:%M} {suffix}"
    return f"{value:%b} {value.day}, {value.year}"


def people_date_here(value: Any) -> str:
    """A date (or a time) as people write it in the active language: "Mar 1, 2025" in
    English, "1 de marzo de 2025" in Spanish, "2025年3月1日" in Chinese (Babel's long date,
    and its short time after a comma); "" for nothing."""
    locale = page_locale()
    if not locale or not value:
        return people_date(value)
    from babel.dates import format_date, format_time

    value = _day_or_moment(value)
    if isinstance(value, str):
        return value
    if isinstance(value, datetime):
        day = format_date(value.date(), format="long", locale=locale)
        return f"{day}, {format_time(value.time(), format='short', locale=locale)}"
    return format_date(value, format="long", locale=locale)


def page_locale() -> str:
    """The active language as Babel names its locale ("es", "zh_Hant"); "" for English."""
    code = translation.get_language() or "en"
    return "" if code.split("-")[0] == "en" else translation.to_locale(code)


def _day_or_moment(value: Any) -> Any:
    """A day or a moment (in the city's time) from itself or the ISO text the engine
    and the records write; text that is neither is returned as it is."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value) if len(value) > 10 else date.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return value
