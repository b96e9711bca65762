"""What the public may read of complaints: status, kind, place and clock, never a
complainant's name, e-mail, telephone, device or account, nor a residence's exact
point. The point is given to about a hundred metres (three decimals) and an address
as its block ("1200 block of Las Tunas Drive")."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from decimal import ROUND_HALF_EVEN, Decimal

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from sanitas.public.models import ServiceRequest

#: the most requests one GET returns, and the widest span of days it may ask for
MOST = 1000
SPAN_DAYS = 90
_NUMBERED = re.compile(r"^\s*(\d+)([A-Za-z]?)\s*[-/ ]?\s*(.*)$")


def block_of(address: str) -> str:
    """A street address as its block: the house number's hundred, so that a
    residence is not pointed at ("1234 Las Tunas Dr" → "1200 block of Las Tunas Dr")."""
    found = _NUMBERED.match(address)
    if not found or not found.group(3):
        return address.strip()
    hundred = int(found.group(1)) // 100 * 100
    return _("%(hundred)s block of %(street)s") % {
        "hundred": hundred,
        "street": found.group(3).strip(),
    }


def rounded(value: Decimal | None) -> Decimal | None:
    if value is None:
        return None
    return value.quantize(Decimal("0.001"), rounding=ROUND_HALF_EVEN)


def by_code(code: str) -> ServiceRequest | None:
    return ServiceRequest.objects.select_related("duplicate_of").filter(code=code).first()


def requests_between(
    *,
    codes: list[str] | None = None,
    service_codes: list[str] | None = None,
    statuses: list[str] | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
    now: datetime,
) -> QuerySet[ServiceRequest]:
    """Requests by the Open311 GET's parameters: named ones (which override the rest),
    else those requested between ``start`` and ``end`` (the last 90 days by default),
    newest first, at most :data:`MOST`."""
    found = ServiceRequest.objects.select_related("duplicate_of")
    if codes:
        return found.filter(code__in=codes).order_by("-requested_at", "-id")[:MOST]
    if end is None:
        end = now if start is None else start + timedelta(days=SPAN_DAYS)
    if start is None:
        start = end - timedelta(days=SPAN_DAYS)
    found = found.filter(requested_at__gte=start, requested_at__lte=end)
    if service_codes:
        found = found.filter(service_code__in=service_codes)
    if statuses:
        found = found.filter(status__in=statuses)
    return found.order_by("-requested_at", "-id")[:MOST]
