"""Template tags for the staff pages: the "Issue notice" link beside a finding the
law answers with a notice, and a notice kind's title."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from sanitas.notices.kinds import kind

register = template.Library()


@register.inclusion_tag("notices/_issue_link.html")
def issue_notice(finding: Any) -> dict[str, Any]:
    """The link to draft the document a finding calls for (a stored finding, or a row
    of a subject's page), or nothing when no notice answers it."""
    from sanitas.notices import selectors

    kinds = selectors.offered_kinds(finding.requirement, finding.status)
    if not kinds:
        return {"kinds": []}
    query = {"requirement": finding.requirement, "subject": finding.subject}
    if getattr(finding, "period", ""):
        query["period"] = finding.period
    pk = getattr(finding, "pk", None)
    if pk is not None:
        query = {"finding": pk}
    return {"kinds": kinds, "url": f"{reverse('notices:draft')}?{urlencode(query)}"}


@register.filter
def kind_title(key: str, language: str = "en") -> str:
    return kind(key).title(language)
