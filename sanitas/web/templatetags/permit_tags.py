"""The head of a permit's page: where and for whom the work is, its state in words
with the day it lapses and what would restart or finish it, and the certificate of
final inspection offered only when it may issue (else why not, each reason linked to
its record)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from sanitas.access.policy import About, allows
from sanitas.kit import permits
from sanitas.kit.titles import titles
from sanitas.notices.kinds import kind
from sanitas.records.certificates import NotAPermit, certificate_blockers
from sanitas.records.models import RECORD_MODELS

register = template.Library()


@register.inclusion_tag("staff/_permit_state.html", takes_context=True)
def permit_state(context: Any, page: Any) -> dict[str, Any]:
    """The permit's state, as of the worklist's day (the page of a past day shows the
    findings of that day below, not this head)."""
    user = context["request"].user
    record = page.record
    premises = None
    if record is not None and record.premises:
        premises = RECORD_MODELS["premises"].objects.filter(key=record.premises).first()
    where = titles([record.premises]).get(record.premises) if premises is not None else None
    state = permits.permit_states([page.key]).get(page.key)
    try:
        blockers = certificate_blockers(page.key)
    except NotAPermit:
        blockers = None
    certificate = None
    may_draft = allows(user, "notices.draft", About.program(kind("final_certificate").program))
    if blockers == [] and may_draft:
        finding = permits.certificate_finding(page.key)
        if finding is not None:
            certificate = finding
    new_permit = ""
    may_record = allows(user, "records.record", About.record("permit"))
    if state is not None and state.status == "void" and premises is not None and may_record:
        new_permit = f"{reverse('web:record_new', args=['permit'])}?" + urlencode(
            {"near": premises.key, "premises": premises.key, "kind": record.kind}
        )
    return {
        "request": context["request"],
        "page": page,
        "record": record,
        "premises": premises,
        "where": where,
        "state": state,
        "blockers": blockers or [],
        "ready": blockers == [],
        "certificate_finding": certificate,
        "new_permit": new_permit,
    }


@register.simple_tag
def permit_status(key: str) -> str:
    """The permit's status (a key of :data:`sanitas.kit.permits.STATUSES`), "" for none."""
    found = permits.permit_states([key]).get(key)
    return found.status if found is not None else ""


#: the records that carry a permit's work on from each state, offered first; the
#: others stay under "Other records" (a lapsed or finaled permit's work is done)
_FIRST_BY_STATE = {
    "issued": ("work_started", "connection_design"),
    "active": (
        "pressure_test",
        "joint_check",
        "work_inspection",
        "work_covered",
        "work_suspended",
        "connection_design",
        "street_excavation",
    ),
    "suspended": ("work_resumed",),
    "void": (),
    "finaled": (),
}


@register.inclusion_tag("web/_record_actions.html", takes_context=True)
def permit_actions(context: Any, key: str, status: str = "") -> dict[str, Any]:
    """The "Record …" buttons of a permit's page for its state: those that carry the work
    on first, the rest under "Other records"; never a certificate of final inspection,
    which the head of the page offers only when it may issue."""
    from sanitas.web.selectors import record_actions

    user = context["request"].user
    first, others = record_actions(user, key=key, fact_type="permit")
    every = {a.fact_type: a for a in [*first, *others] if a.fact_type != "final_certificate"}
    wanted = _FIRST_BY_STATE.get(status, tuple(a.fact_type for a in first))
    leading = [every[t] for t in wanted if t in every]
    rest = sorted((a for t, a in every.items() if t not in wanted), key=lambda a: str(a.label))
    mine = allows(user, "records.record", About.record("permit"))
    return {"first": leading, "others": rest, "key": key, "mine": mine, "fact_type": "permit"}


@register.filter
def shown_first(rows: list[Any], page: Any) -> list[Any]:
    """A record page's (finding, label) rows shown in its table: on a permit's page as
    it stands, those open (what the permit still needs; the met ones follow, folded);
    on any other page, all."""
    if page.fact_type != "permit" or page.as_of:
        return rows
    return [row for row in rows if row[0].status != "met"]


@register.filter
def met_findings(rows: list[Any]) -> list[Any]:
    """A page's (finding, label) rows that are met."""
    return [row for row in rows if row[0].status == "met"]
