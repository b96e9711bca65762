"""Template tags for the staff pages: the "Issue notice" link beside a finding the
law answers with a notice, and a notice kind's title."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.translation import gettext_lazy

from sanitas.notices.kinds import kind, reader_language

register = template.Library()


@register.inclusion_tag("notices/_issue_link.html", takes_context=True)
def issue_notice(context: Any, finding: Any) -> dict[str, Any]:
    """The link to draft the document a finding calls for (a stored finding, or a row
    of a subject's page), or nothing when no notice answers it or drafting it is not
    the signed-in user's work (the access policy's ``notices.draft`` for its program)."""
    from sanitas.access.policy import About, allows
    from sanitas.notices import selectors

    user = context["request"].user
    # a certificate of final inspection is the permit's, offered once on the permit's
    # page when it may issue, not beside each of its met findings
    kinds = [
        k
        for k in selectors.offered_kinds(finding.requirement, finding.status)
        if allows(user, "notices.draft", About.program(k.program)) and k.key != "final_certificate"
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


#: the words of the link that records what is missing, by its type
_RECORD_MISSING = {
    "connection_design": gettext_lazy("Record the connection design"),
    "pressure_test": gettext_lazy("Record a pressure test"),
    "work_inspection": gettext_lazy("Record the inspection of the work"),
}


#: what is mended by changing the permit's own record (its fees paid, its contractor's
#: licence), so its reason links to the permit's form
_MENDED_ON_THE_PERMIT = ("PRM-CHARGES", "SEW-PIPE-LAYER-LICENSE")


@register.inclusion_tag("notices/_certificate_blockers.html")
def certificate_blockers(permit: str, blockers: list[Any], level: int = 2) -> dict[str, Any]:
    """Why no certificate of final inspection may issue for ``permit``, each reason in
    the page's language with a link to the record that shows or mends it (or to record
    the one missing): :func:`sanitas.records.certificates.certificate_blockers`."""
    language = reader_language()
    items = []
    for blocker in blockers:
        if blocker.key == permit and blocker.requirement in _MENDED_ON_THE_PERMIT:
            url, label = reverse("web:record_edit", args=[permit]), ""
        elif blocker.key:
            url, label = reverse("staff:subject", args=[blocker.key]), ""
        elif blocker.missing:
            url = f"{reverse('web:record_new', args=[blocker.missing])}?" + urlencode(
                {"near": permit, "permit": permit}
            )
            label = _RECORD_MISSING.get(blocker.missing, "")
        else:
            url, label = "", ""
        items.append({"words": blocker.words(language), "url": url, "label": label})
    return {
        "items": items,
        "certified": bool(blockers) and blockers[0].certified,
        "heading": f"h{level}",
    }


@register.filter
def kind_title(key: str, language: str = "en") -> str:
    return kind(key).title(language)
