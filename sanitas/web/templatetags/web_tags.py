"""Template helpers of the staff shell: dates for people and a requirement's title, both
in the page's language, and the status words of the findings."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from sanitas.kit import dates
from sanitas.kit.titles import requirement_title_in

register = template.Library()


@register.filter
def people_date(value: Any) -> str:
    """A date (or a time) as people write it in the page's language: "Mar 1, 2025" in
    English, "1 de marzo de 2025" in Spanish, "2025年3月1日" in Chinese (Babel's long date,
    and its short time after a comma); "" for nothing."""
    return dates.people_date_here(value)


@register.filter
def long_date(value: Any) -> str:
    """A day written out in the page's language: "1 March 2025", "1 de marzo de 2025",
    "2025年3月1日"."""
    if not value:
        return ""
    locale = dates.page_locale()
    if not locale:
        from django.utils.dateformat import format as date_format

        return date_format(value, "j F Y")
    from babel.dates import format_date

    return format_date(value, format="long", locale=locale)


@register.filter
def requirement_title(requirement: str) -> str:
    """A requirement's title in the page's language (the English until its translation
    is reviewed: :func:`sanitas.kit.titles.requirement_title_in`)."""
    from sanitas.web.context import html_language

    return requirement_title_in(requirement, html_language())


#: a finding's status as the pages say it (``sanitas.records.worklist.SEVERITY``)
STATUS_WORDS = {
    "violation": pgettext_lazy("finding status", "violation"),
    "overdue": pgettext_lazy("finding status", "overdue"),
    "due": pgettext_lazy("finding status", "due"),
    "late": pgettext_lazy("finding status", "late"),
    "met": pgettext_lazy("finding status", "met"),
}


@register.filter
def said(finding: Any) -> str:
    """What a finding says, in the page's language (:func:`sanitas.kit.said.finding_words`)."""
    from sanitas.kit.said import finding_words

    return finding_words(finding)


@register.filter
def reading(finding: Any) -> str:
    """The reading a finding relied on, in the page's language, "" for none
    (:func:`sanitas.kit.said.reading_words`)."""
    from sanitas.kit.said import reading_words

    return reading_words(finding)


@register.filter
def status_word(status: str) -> str:
    """A finding's status in the page's language (the status itself where unknown)."""
    return str(STATUS_WORDS.get(status, status))


@register.filter
def html_lang(code: str) -> str:
    """A language code as an HTML ``lang`` says it: "zh-hant" is "zh-Hant"."""
    from sanitas.web.context import html_language

    return html_language(code)


@register.filter
def language_name(code: str | None) -> str:
    """A notice language's name in itself ("Español"); "" for none."""
    from sanitas.notices.kinds import LANGUAGE_NAMES

    return LANGUAGE_NAMES.get(code or "", code or "")


_RUN_STATUS = {
    "violation": gettext_lazy("in violation"),
    "overdue": pgettext_lazy("finding status", "overdue"),
    "due": pgettext_lazy("finding status", "due"),
    "late": pgettext_lazy("finding status", "late"),
}


@register.filter
def run_words(line: Any) -> str:
    """A collapsed line in words: "overdue for 13 quarters, 2022-Q1 to 2025-Q1"."""
    from django.utils.translation import ngettext

    status = str(_RUN_STATUS.get(line.first.status, line.first.status))
    count = len(line.findings)
    periods = line.periods
    unit = line.unit
    # "quarters" or "years" (a period a finding), else "findings"
    if unit == "quarters":
        said = ngettext(
            "%(status)s for %(count)d quarter", "%(status)s for %(count)d quarters", count
        )
    elif unit == "years":
        said = ngettext("%(status)s for %(count)d year", "%(status)s for %(count)d years", count)
    else:
        said = ngettext("%(status)s: %(count)d finding", "%(status)s: %(count)d findings", count)
    said %= {"status": status, "count": count}
    if periods and unit in ("quarters", "years"):
        said += _(", %(first)s to %(last)s") % {"first": periods[0], "last": periods[-1]}
    return said


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
