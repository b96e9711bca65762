"""A permit's contractor as the staff pages show it: the contractor on record the permit
names as its pipe layer (its name, city business licence number and the licence's last
day, read from its record), or for a permit recorded before contractors were records,
the name and expiry typed on the permit itself; and the engine's warning of the licence,
read from the permit's current SEW-PIPE-LAYER-LICENSE finding when the engine says it in
one of its warning messages (:data:`sanitas.ordinance.sewers.works.LICENCE_WARNINGS`:
the licence ends within the pack's days, or has ended while the work may go on).
Nothing here reads the law again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sanitas.ordinance.sewers.works import LICENCE_WARNINGS
from sanitas.records.models import RECORD_MODELS, Finding

LICENCE = "SEW-PIPE-LAYER-LICENSE"


@dataclass(frozen=True)
class PermitContractor:
    """Who lays the sewer under a permit, as its page shows it: ``key`` the contractor's
    record (None: typed on the permit, which names no contractor on record)."""

    name: str
    key: str | None
    license_number: str | None
    expires: date | None


def _day(value: Any) -> date | None:
    if isinstance(value, date) or value is None:
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def contractor_of(permit: Any) -> PermitContractor | None:
    """The contractor of the permit record ``permit`` (None: none is named): the record
    it names as its pipe layer, live; else the name typed on the permit."""
    if permit.pipe_layer:
        found = (
            RECORD_MODELS["contractor"]
            .objects.filter(key=permit.pipe_layer, voided_at__isnull=True)
            .first()
        )
        if found is not None:
            return PermitContractor(
                found.name, found.key, found.license_number, _day(found.license_expires_on)
            )
    if permit.contractor:
        return PermitContractor(
            permit.contractor, None, None, _day(permit.contractor_license_expires_on)
        )
    return None


def licence_warnings(permits: list[str]) -> dict[str, Finding]:
    """The current SEW-PIPE-LAYER-LICENSE finding of each permit of ``permits`` that
    warns of its contractor's licence."""
    return {
        finding.subject: finding
        for finding in Finding.objects.filter(
            requirement=LICENCE,
            current=True,
            subject__in=permits,
            message__id__in=sorted(LICENCE_WARNINGS),
        ).exclude(status="met")
    }


def permits_of(contractor: str) -> list[Any]:
    """The live permits that name the contractor ``contractor`` as their pipe layer,
    the newest first."""
    return list(
        RECORD_MODELS["permit"]
        .objects.filter(pipe_layer=contractor, voided_at__isnull=True)
        .order_by("-issued_on", "key")
    )
