"""Dates as people write them, for pages, messages and exports alike."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.utils import timezone


def people_date(value: Any) -> str:
    """ "Mar 1, 2025" (and "Mar 1, 2025, 6:00 p.m." for a time) from a date, a
    datetime or the ISO text findings keep; "" for nothing."""
    if not value:
        return ""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value) if "T" in value else date.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        hour = value.strftime("%I").lstrip("0")
        suffix = "a.m." if value.hour < 12 else "p.m."
        return f"{value:%b} {value.day}, {value.year}, {hour}:{value:%M} {suffix}"
    return f"{value:%b} {value.day}, {value.year}"
