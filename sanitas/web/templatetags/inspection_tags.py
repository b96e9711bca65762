"""A permit's inspections on its page: each stage's requests with their day, part of
the day, inspector and result, the result to record for one not yet inspected, a
failed or missed one to ask for again, and a new request while the work goes on."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from sanitas.access.policy import About, allows
from sanitas.kit.titles import record_url
from sanitas.web.inspections import STAGE_RECORD, permit_requests, request_url

register = template.Library()


@register.simple_tag(takes_context=True)
def permit_inspections(context: Any, page: Any, state: Any = None) -> dict[str, Any]:
    """The permit's inspection requests and what the user may do with them."""
    user = context["request"].user
    may_request = allows(user, "records.record", About.record("inspection_request"))
    requests = permit_requests(page.key)
    seen: set[str] = set()
    rows = []
    for item in requests:  # the latest day first: the first of a stage is its latest
        latest = item.stage not in seen
        seen.add(item.stage)
        may_result = may_request and allows(
            user, "records.record", About.record(STAGE_RECORD[item.stage])
        )
        rows.append(
            {
                "item": item,
                "url": record_url(item.key, "inspection_request"),
                "result_url": reverse("web:inspection_result", args=[item.key])
                if item.open and may_result
                else "",
                "again_url": request_url(
                    page.key, stage=item.stage, inspector=item.inspector, window=item.window
                )
                if item.again and latest and may_request
                else "",
            }
        )
    working = state is not None and state.status == "active"
    return {
        "rows": rows,
        "request_url": request_url(page.key) if may_request and working else "",
    }
