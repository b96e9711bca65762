"""A permit's contractor on its page (the contractor on record, linked, with its city
business licence and the engine's warning before the licence ends) and a contractor's
page listing the permits it holds, each with its address, status and any warning."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from sanitas.access.policy import About, allows
from sanitas.kit import contractors, permits
from sanitas.kit.titles import titles
from sanitas.records.models import RECORD_MODELS

register = template.Library()


@register.inclusion_tag("staff/_permit_contractor.html", takes_context=True)
def permit_contractor(context: Any, page: Any) -> dict[str, Any]:
    """The contractor row of a permit's page: who lays the sewer, its licence, and the
    engine's warning of it; for a name typed on the permit, the form that records it
    as a contractor, filled in, for those who may record one."""
    user = context["request"].user
    record = page.record
    who = contractors.contractor_of(record) if record is not None else None
    warning = contractors.licence_warnings([page.key]).get(page.key)
    record_it = ""
    if (
        who is not None
        and who.key is None
        and allows(user, "records.record", About.record("contractor"))
    ):
        filled = {"near": page.key, "name": who.name}
        if who.expires:
            filled["license_expires_on"] = who.expires.isoformat()
        record_it = f"{reverse('web:record_new', args=['contractor'])}?{urlencode(filled)}"
    return {"request": context["request"], "who": who, "warning": warning, "record_it": record_it}


@register.inclusion_tag("staff/_contractor_permits.html", takes_context=True)
def contractor_permits(context: Any, page: Any) -> dict[str, Any]:
    """The permits a contractor holds: each named by its title, with its address, its
    status in words and the engine's warning of the contractor's licence, if any."""
    held = contractors.permits_of(page.key)
    keys = [p.key for p in held]
    named = titles([*keys, *(p.premises for p in held if p.premises)])
    addresses = dict(
        RECORD_MODELS["premises"]
        .objects.filter(key__in=[p.premises for p in held if p.premises])
        .values_list("key", "address")
    )
    states = permits.permit_states(keys)
    warnings = contractors.licence_warnings(keys)
    rows = [
        {
            "permit": permit,
            "title": named.get(permit.key),
            "address": addresses.get(permit.premises, ""),
            "premises": permit.premises if permit.premises in named else "",
            "state": states.get(permit.key),
            "warning": warnings.get(permit.key),
        }
        for permit in held
    ]
    return {"request": context["request"], "page": page, "rows": rows}
