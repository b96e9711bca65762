"""Template tags for the staff pages: the "Issue notice" link beside a finding the
law answers with a notice, and a notice kind's title."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from sanitas.notices.kinds import kind

register = template.Library()


@register.inclusion_tag("notices/_issue_link.html", takes_context=True)
def issue_notice(context: Any, finding: Any) -> dict[str, Any]:
    """The link to draft the document a finding calls for (a stored finding, or a row
    of a subject's page), or nothing when no notice answers it or drafting it is not
    the signed-in user's work (the access policy's ``notices.draft`` for its program)."""
    from sanitas.access.policy import About, allows
    from sanitas.notices import selectors

    user = context["request"].user
    kinds = [
        k
        for k in selectors.offered_kinds(finding.requirement, finding.status)
        if allows(user, "notices.draft", About.program(k.program))
    ]
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
