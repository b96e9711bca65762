"""A permit's state as the staff pages show it: its status in words (not started,
active, suspended, lapsed, finaled), the day it lapses or lapsed, and the finding that
says so, read from the engine's current PRM-LAPSE finding of each permit (the law's
§ 6-8.116 reading, stored by every write and sweep). Which of the engine's findings
means which state is the engine's own table
(:data:`sanitas.ordinance.permits.administration.LAPSE_STATES`); nothing here reads the
law again. A permit of a kind that does not lapse (a special grade or depth permit,
a condition of a house connection) has no such finding and no status of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy

from sanitas.ordinance.messages import Message
from sanitas.ordinance.permits.administration import LAPSE_STATES
from sanitas.records.models import Finding

LAPSE = "PRM-LAPSE"

#: the statuses, in a permit's order of life, with their words
STATUSES: dict[str, Any] = {
    "issued": gettext_lazy("Not started"),
    "active": gettext_lazy("Active"),
    "suspended": gettext_lazy("Suspended"),
    "void": gettext_lazy("Lapsed"),
    "finaled": gettext_lazy("Finaled"),
}


@dataclass(frozen=True)
class PermitState:
    """A permit's state: ``status`` a key of :data:`STATUSES`; ``lapses_on`` the last
    day of the running 60 days (not started, suspended) or the last day before it became
    void (lapsed); ``since`` the day it became void or was finaled; ``finding`` the
    PRM-LAPSE finding that says it in words."""

    status: str
    lapses_on: date | None
    since: date | None
    finding: Finding

    @property
    def words(self) -> Any:
        return STATUSES[self.status]


def _day(value: Any) -> date | None:
    if isinstance(value, date):
        return value
    if not value:
        return None
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def _arg_day(message: Message, name: str) -> date | None:
    value = message.args.get(name)
    return _day(getattr(value, "value", value))


def state_of(finding: Finding) -> PermitState | None:
    """The state a current PRM-LAPSE finding states (None for one the engine no longer
    says in a message this table knows)."""
    if not finding.message:
        return None
    try:
        message = Message.from_dict(finding.message)
    except (KeyError, TypeError, ValueError):
        return None
    status = LAPSE_STATES.get(message.id)
    if status is None:
        return None
    since = None
    if status == "void":
        since = _arg_day(message, "void")
    elif status == "finaled":
        since = _arg_day(message, "date")
    lapses_on = _day(finding.due) if status in ("issued", "suspended", "void") else None
    return PermitState(status, lapses_on, since, finding)


def permit_states(keys: list[str]) -> dict[str, PermitState]:
    """The state of each permit of ``keys`` that has one."""
    out: dict[str, PermitState] = {}
    for finding in Finding.objects.filter(requirement=LAPSE, current=True, subject__in=keys):
        found = state_of(finding)
        if found is not None:
            out[finding.subject] = found
    return out


def permits_in(status: str) -> QuerySet:
    """The keys of the permits in ``status`` (a key of :data:`STATUSES`), as a subquery."""
    ids = [ident for ident, said in LAPSE_STATES.items() if said == status]
    return Finding.objects.filter(requirement=LAPSE, current=True, message__id__in=ids).values(
        "subject"
    )


def permits_lapsing_by(day: date) -> QuerySet:
    """The keys of the permits not started or suspended that lapse by ``day`` unless
    their work starts or resumes, as a subquery."""
    ids = [ident for ident, said in LAPSE_STATES.items() if said in ("issued", "suspended")]
    return Finding.objects.filter(
        requirement=LAPSE, current=True, message__id__in=ids, due__lte=day.isoformat()
    ).values("subject")


def certificate_finding(permit: str) -> Finding | None:
    """A current met finding about the permit that a certificate of final inspection
    may be drafted from (the notices draft a document from a finding)."""
    return (
        Finding.objects.filter(
            current=True, subject=permit, status="met", requirement__startswith="PRM-"
        )
        .order_by("requirement", "pk")
        .first()
    )
