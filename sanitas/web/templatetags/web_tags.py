"""Template helpers of the staff shell: dates for people, a requirement's title."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django import template

from sanitas.kit.dates import people_date
from sanitas.kit.titles import requirement_title

register = template.Library()


register.filter("people_date", people_date)


register.filter("requirement_title", requirement_title)


@register.filter
def language_name(code: str | None) -> str:
    """A notice language's name in itself ("Español"); "" for none."""
    from sanitas.notices.kinds import LANGUAGE_NAMES

    return LANGUAGE_NAMES.get(code or "", code or "")


_STATUS_WORDS = {"violation": "in violation", "overdue": "overdue", "due": "due", "late": "late"}


@register.filter
def run_words(line: Any) -> str:
    """A collapsed line in words: "overdue for 13 quarters, 2022-Q1 to 2025-Q1"."""
    status = _STATUS_WORDS.get(line.first.status, line.first.status)
    count = len(line.findings)
    periods = line.periods
    unit = line.unit
    if unit == "findings":
        return f"{status}: {count} findings"
    span = f", {periods[0]} to {periods[-1]}" if periods else ""
    return f"{status} for {count} {unit}{span}"


@register.filter
def iso_date(value: Any) -> str:
    """A form field's date value as YYYY-MM-DD (what the USWDS date picker is given),
    or "" for nothing or what is not a date."""
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        for fmt in ("%Y-%m-%d", "%m/%d/%Y"):
            try:
                return datetime.strptime(value.strip(), fmt).date().isoformat()
            except ValueError:
                continue
    return ""


@register.inclusion_tag("web/_record_actions.html", takes_context=True)
def record_actions(context: Any, key: str, fact_type: str, voided: bool = False) -> dict[str, Any]:
    """The "Record …" buttons of a record's page, and its own Change and Void, for
    what the signed-in user's role records."""
    from sanitas.access.policy import About, allows
    from sanitas.web.selectors import record_actions as actions

    user = context["request"].user
    first, others = actions(user, key=key, fact_type=fact_type) if not voided else ([], [])
    mine = allows(user, "records.record", About.record(fact_type)) and not voided
    return {"first": first, "others": others, "key": key, "mine": mine, "fact_type": fact_type}


@register.filter
def person(username: str) -> str:
    """What a person is called on a page: the full name of the account ``username``, or
    the user name where the account has none (or no longer exists)."""
    from django.contrib.auth import get_user_model

    if not username:
        return ""
    found = get_user_model().objects.filter(username=username).first()
    return (found.get_full_name() if found is not None else "") or username
