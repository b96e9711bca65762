"""What an edit was made from: a record's version, and what changed since.

Two people may open the same record and both change it. Each change therefore names
the version it was made from — the id of the record's latest version in its history
when the form was opened or the record read (``"pump_out.1234"``: the type and the
history row, so that a version names one record's version city-wide). The records'
writer (:mod:`sanitas.records.services`) compares it with the record's latest version
under the records' lock, inside the write's transaction, and refuses a change made
from an older one (its ``StaleVersion``): nothing is stored, and each
:class:`Conflict` holds what is needed to show the other change beside one's own,
field by field — the version it was made from, the versions written since (who, when,
why), the record as it was, as it is now, and as the refused change would make it.

A change that would leave the record as it stands is never refused: nothing would
be lost. ``ANY`` (``*``) is a version that matches whatever the record holds, for a
caller that deliberately replaces it (HTTP's ``If-Match: *``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise
from typing import Any

from django.db.models import Max

from sanitas.records import bulk
from sanitas.records.bridge import fact_columns, row_to_fact
from sanitas.records.models import RECORD_MODELS, RecordIndex

#: the version that matches any: the caller replaces the record as it stands
ANY = "*"


def token(fact_type: str, history_id: int) -> str:
    """A record's version as an edit carries it."""
    return f"{fact_type}.{history_id}"


def parse(version: str) -> tuple[str, int] | None:
    """(fact type, history id) of a version, or None for text that is not one."""
    fact_type, sep, number = str(version).strip().rpartition(".")
    if not sep or fact_type not in RECORD_MODELS or not number.isdigit() or len(number) > 18:
        return None
    return fact_type, int(number)


def current_id(fact_type: str, key: str) -> int | None:
    """The id of the latest version of record ``key`` (None: no such record)."""
    model = RECORD_MODELS[fact_type]
    return model.history.filter(key=key).aggregate(latest=Max("history_id"))["latest"]


def version_of(fact_type: str, key: str) -> str | None:
    """The version of record ``key`` as it stands, as an edit carries it."""
    latest = current_id(fact_type, key)
    return None if latest is None else token(fact_type, latest)


def versions_of(keys: Iterable[str], *, types: Mapping[str, str] | None = None) -> dict[str, str]:
    """The current version of each of the records ``keys`` (those that exist), one query
    per fact type; ``types`` (key → fact type) spares looking the types up."""
    wanted = sorted(set(keys))
    if types is None:
        types = {
            key: fact_type
            for key, fact_type in bulk.select_in(RecordIndex, "key", wanted, ("key", "fact_type"))
        }
    by_type: dict[str, list[str]] = {}
    for key in wanted:
        if key in types:
            by_type.setdefault(types[key], []).append(key)
    out: dict[str, str] = {}
    for fact_type, members in by_type.items():
        history = RECORD_MODELS[fact_type].history
        for start in range(0, len(members), bulk.IN_CHUNK):
            chunk = members[start : start + bulk.IN_CHUNK]
            rows = (
                history.filter(key__in=chunk)
                .values("key")
                .annotate(latest=Max("history_id"))
                .values_list("key", "latest")
                .order_by()
            )
            out.update((key, token(fact_type, latest)) for key, latest in rows)
    return out


# --------------------------------------------------------------------------- conflicts


@dataclass(frozen=True)
class Written:
    """One version written since the one an edit was made from."""

    who: str
    user_id: int | None
    at: datetime
    why: str
    #: "recorded" (its first version), "changed", "voided" or "restored"
    kind: str


@dataclass
class Conflict:
    """A change refused because the record changed after the version it was made from.

    ``base``, ``current`` and ``proposed`` are the record as a facts-file mapping at
    the version the change was made from, as it stands, and as the change would make
    it (``proposed`` is None when the refused change is a void)."""

    key: str
    fact_type: str
    version: str
    current_version: str
    since: list[Written]
    base: dict[str, Any]
    current: dict[str, Any]
    base_voided: bool
    current_voided: bool
    #: the fields the versions since changed, in the vocabulary's order
    theirs: tuple[str, ...]
    #: the fields the refused change changes (from the version it was made from)
    mine: tuple[str, ...] = ()
    proposed: dict[str, Any] | None = None
    why: str = ""
    #: the columns of the three, for a caller comparing values (not for display)
    columns: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)

    @property
    def void(self) -> bool:
        """Whether the refused change is a void."""
        return self.proposed is None

    @property
    def both(self) -> tuple[str, ...]:
        """The fields both changed (to different values: a field both set alike is no
        conflict)."""
        mine = self.columns.get("proposed") or {}
        now = self.columns.get("current") or {}
        return tuple(
            name
            for name in self.theirs
            if name in self.mine and _differs(now.get(name), mine.get(name))
        )

    @property
    def last(self) -> Written | None:
        return self.since[-1] if self.since else None

    def merged(self) -> dict[str, Any]:
        """The record as it stands with the refused change's own fields put on top:
        what re-applying it would store (where both changed a field, the refused
        change's value)."""
        if self.proposed is None:
            return dict(self.current)
        out = {k: v for k, v in self.current.items() if k not in self.mine}
        for name in self.mine:
            if name in self.proposed:
                out[name] = self.proposed[name]
        return out

    def line(self) -> str:
        """The conflict in one line, for a command's output or an API's list of problems."""
        who = self.last.who if self.last else "someone"
        at = self.last.at.isoformat(timespec="minutes") if self.last else ""
        what = ", ".join(self.theirs) or ("voided it" if self.current_voided else "no field")
        return (
            f"{self.fact_type} {self.key}: changed by {who} at {at} since version "
            f"{self.version} ({what}); nothing was stored: the record is now at version "
            f"{self.current_version}"
        )


def _differs(stored: Any, new: Any) -> bool:
    from sanitas.records.services import value_differs as differs

    return differs(stored, new)


def _kind(previous: Any, row: Any) -> str:
    if previous is None:
        return "recorded"
    if row.voided_at is not None and previous.voided_at is None:
        return "voided"
    if row.voided_at is None and previous.voided_at is not None:
        return "restored"
    return "changed"


def conflict(
    fact_type: str,
    key: str,
    version: str,
    *,
    proposed_columns: dict[str, Any] | None,
    why: str = "",
) -> Conflict | str:
    """The conflict of a change of ``key`` made from ``version`` (``proposed_columns``
    the record's columns as the change would make them; None for a void), or a
    problem in words when ``version`` is not one of the record's versions."""
    model = RECORD_MODELS[fact_type]
    parsed = parse(version)
    base = None
    if parsed is not None and parsed[0] == fact_type:
        base = model.history.filter(key=key, history_id=parsed[1]).first()
    if base is None:
        return (
            f"{fact_type} {key}: “{version}” is not a version of this record; open it again "
            "to change it"
        )
    rows = list(
        model.history.filter(key=key, history_id__gte=base.history_id).order_by("history_id")
    )
    names = fact_columns(model)
    current = rows[-1]
    since = []
    for previous, row in pairwise(rows):
        kind = _kind(previous, row)
        reason = row.history_change_reason or ""
        if kind == "voided":
            who, reason = row.voided_by, row.voided_why or reason.removeprefix("voided: ")
        else:
            who = row.recorded_by
            if reason == f"recorded by {who}":
                reason = ""
        since.append(Written(who, row.history_user_id, row.history_date, reason, kind))
    base_columns = {name: getattr(base, name) for name in names}
    current_columns = {name: getattr(current, name) for name in names}
    theirs = tuple(n for n in names if _differs(base_columns[n], current_columns[n]))
    mine: tuple[str, ...] = ()
    proposed = None
    if proposed_columns is not None:
        mine = tuple(n for n in names if _differs(base_columns[n], proposed_columns.get(n)))
        proposed = row_to_fact(model, key, [proposed_columns.get(n) for n in names])
    return Conflict(
        key=key,
        fact_type=fact_type,
        version=version,
        current_version=token(fact_type, current.history_id),
        since=since,
        base=row_to_fact(model, key, list(base_columns.values())),
        current=row_to_fact(model, key, list(current_columns.values())),
        base_voided=base.voided_at is not None,
        current_voided=current.voided_at is not None,
        theirs=theirs,
        mine=mine,
        proposed=proposed,
        why=why,
        columns={
            "base": base_columns,
            "current": current_columns,
            "proposed": dict(proposed_columns or {}),
        },
    )


def is_current(fact_type: str, key: str, version: str) -> bool:
    """Whether ``version`` is record ``key``'s latest (``ANY`` always is)."""
    if version == ANY:
        return True
    parsed = parse(version)
    if parsed is None or parsed[0] != fact_type:
        return False
    return current_id(fact_type, key) == parsed[1]
