"""What a change of a notice was made from: its version, and what happened since.

A notice's version is the moment it was last written and the last event on its
timeline when it was read (``notice.12.1764870000123456.88``, opaque to the people
and programs that carry it). An edit of a draft, its approval and its service each
name the version they were made from; the notices' services compare it under the
notice's row lock and refuse one made from an older version (their ``StaleNotice``),
and this module says what happened since — the events written after it (who, when,
what) and, field by field, the draft's parts as they are now beside the ones the
refused edit would have set.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from sanitas.notices.models import Notice, NoticeEvent

#: the version that matches any: the caller replaces what is stored, whatever it is
ANY = "*"
#: the parts of a draft staff edit, in the order the page shows them
EDITABLE = ("remarks", "language", "email", "amount")
#: their labels, as the page's form shows them (in the reader's language)
LABELS = {
    "remarks": _("Further directions"),
    "language": _("Printed in"),
    "email": _("Recipient's email"),
    "amount": _("Penalty"),
}


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _moment(value: datetime) -> int:
    """A moment in whole microseconds (exact: no float between)."""
    return (value - _EPOCH) // timedelta(microseconds=1)


def version_of(notice: Notice) -> str:
    """The version of ``notice`` as it stands."""
    last = notice.events.order_by("-id").values_list("id", flat=True).first() or 0
    return f"notice.{notice.pk}.{_moment(notice.updated_at)}.{last}"


def parse(version: str) -> tuple[int, int, int] | None:
    """(notice id, moment, last event id) of a version, or None for text that is not one."""
    parts = str(version).strip().split(".")
    if len(parts) != 4 or parts[0] != "notice" or not all(p.isdigit() for p in parts[1:]):
        return None
    if any(len(p) > 20 for p in parts[1:]):
        return None
    return int(parts[1]), int(parts[2]), int(parts[3])


def is_current(notice: Notice, version: str) -> bool:
    """Whether ``version`` is ``notice`` as it stands (``ANY`` always is)."""
    if version == ANY:
        return True
    parsed = parse(version)
    return parsed is not None and parsed[0] == notice.pk and parsed[1] == _moment(notice.updated_at)


def events_since(notice: Notice, version: str) -> list[NoticeEvent]:
    """The events of ``notice``'s timeline written after ``version`` was read."""
    parsed = parse(version)
    last = parsed[2] if parsed is not None and parsed[0] == notice.pk else 0
    return list(notice.events.filter(id__gt=last).order_by("id"))


def parts_of(notice: Notice) -> dict[str, Any]:
    """The draft's editable parts as they stand."""
    return {name: getattr(notice, name) for name in EDITABLE}


@dataclass
class Line:
    name: str
    label: str
    before: str | None
    theirs: str | None
    yours: str | None

    @property
    def both(self) -> bool:
        return self.theirs is not None and self.yours is not None and self.theirs != self.yours


@dataclass
class Words:
    """A refused change of a notice, as the page or the API says it."""

    headline: str
    summary: str
    events: list[str]
    lines: list[Line]
    version: str
    current_version: str
    #: the parts the form now offers: as they stand, with the refused edit's on top
    merged: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "current_version": self.current_version,
            "summary": f"{self.headline} {self.summary}".strip(),
            "events": self.events,
            "fields": [
                {
                    "field": line.name,
                    "label": line.label,
                    "was": line.before,
                    "theirs": line.theirs,
                    "yours": line.yours,
                }
                for line in self.lines
            ],
        }


def _shown(name: str, value: Any) -> str:
    if value is None or value == "":
        return gettext("none")
    if name == "language":
        from sanitas.notices.kinds import LANGUAGE_NAMES

        return LANGUAGE_NAMES.get(str(value), str(value))
    if name == "amount":
        return f"${value:,.2f}" if not isinstance(value, str) else f"${value}"
    return str(value)


def _same(name: str, a: Any, b: Any) -> bool:
    if name == "amount":
        from decimal import Decimal, InvalidOperation

        try:
            return (a is None and b is None) or (
                a is not None and b is not None and Decimal(str(a)) == Decimal(str(b))
            )
        except InvalidOperation:
            return False
    return (a or "") == (b or "")


def _who(event: NoticeEvent, names: dict[str, str], me: Any) -> str:
    if me is not None and event.actor == me.get_username():
        return gettext("you")
    return names.get(event.actor, event.actor)


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a and b and c``: in the reader's language."""
    out = words[0]
    for word in words[1:]:
        out = gettext("%(first)s and %(second)s") % {"first": out, "second": word}
    return out


def describe(
    notice: Notice,
    *,
    version: str,
    asked: str,
    yours: dict[str, Any] | None = None,
    was: dict[str, Any] | None = None,
    me: Any = None,
    api: bool = False,
) -> Words:
    """What happened to ``notice`` since ``version``, for the person whose ``asked``
    ("edit", "approve", "serve") was refused: the events since, and for an edit each
    part beside theirs. ``yours`` are the parts the refused edit would set (None for a
    part it leaves alone); ``was``, where known, the parts as the person saw them."""
    from django.contrib.auth import get_user_model

    from sanitas.notices import flow
    from sanitas.notices.kinds import page_date as people_date
    from sanitas.notices.templatetags.notice_words import event_note

    since = events_since(notice, version)
    users = get_user_model().objects.filter(username__in={e.actor for e in since})
    names = {u.get_username(): u.get_full_name() or u.get_username() for u in users}
    now = parts_of(notice)
    edited: list[str] = []
    for event in since:
        if event.action == "edited":
            edited.extend(n.strip() for n in event.note.split(",") if n.strip() in EDITABLE)
    edited = list(dict.fromkeys(edited))
    mine: dict[str, Any] = {}
    for name, value in (yours or {}).items():
        if value is None:
            continue
        base = (was or {}).get(name, now[name]) if was is not None else now[name]
        if was is not None and _same(name, value, base):
            continue  # the person left it as they saw it
        if was is None and _same(name, value, now[name]):
            continue
        mine[name] = value
    lines = []
    for name in EDITABLE:
        if name not in edited and name not in mine:
            continue
        lines.append(
            Line(
                name=name,
                label=str(LABELS[name]),
                before=_shown(name, was[name]) if was is not None and name in was else None,
                theirs=_shown(name, now[name]) if name in edited else None,
                yours=_shown(name, mine[name]) if name in mine else None,
            )
        )
    writers = list(dict.fromkeys(_who(e, names, me) for e in since)) or [gettext("someone")]
    who = _and(writers) if len(writers) <= 2 else ", ".join(writers)
    actions = [flow.event_name(a) for a in dict.fromkeys(e.action for e in since)]
    done = _and(actions or [gettext("changed")])
    last = since[-1].at if since else notice.updated_at
    said = {"who": who, "done": done, "day": people_date(last)}
    if notice.state in ("draft", "approved"):
        headline = (
            gettext("%(who)s %(done)s this draft on %(day)s, after the version you sent.")
            if api
            else gettext("%(who)s %(done)s this draft on %(day)s, after you opened it.")
        ) % said
    else:
        headline = (
            gettext("%(who)s %(done)s this notice on %(day)s, after the version you sent.")
            if api
            else gettext("%(who)s %(done)s this notice on %(day)s, after you opened it.")
        ) % said
    headline = headline[:1].upper() + headline[1:]
    events = []
    for e in since:
        line = {
            "day": people_date(e.at),
            "who": _who(e, names, me)[:1].upper() + _who(e, names, me)[1:],
            "action": flow.event_name(e.action),
        }
        if e.note and e.action != "drafted":
            line["note"] = event_note(e.note, e.action)
            events.append(gettext("%(day)s · %(who)s %(action)s: %(note)s") % line)
        else:
            events.append(gettext("%(day)s · %(who)s %(action)s") % line)
    current = version_of(notice)
    again = (
        gettext("send it again with the version %(version)s") % {"version": current}
        if api
        else gettext("the form below holds it as it stands with yours on top: save it, or leave it")
    )
    approved_since = any(e.action == "approved" for e in since) and notice.state == "approved"
    if notice.served:
        summary = gettext("It is served and never changes: nothing of yours was stored.")
    elif asked == "edit":
        both = [line.label for line in lines if line.both]
        theirs_only = [line.label for line in lines if line.theirs is not None and not line.yours]
        yours_only = [line.label for line in lines if line.yours is not None and not line.theirs]
        parts = []
        if both:
            parts.append(
                gettext("you both changed %(fields)s: yours would replace theirs")
                % {"fields": ", ".join(both)}
            )
        if theirs_only and yours_only:
            parts.append(
                gettext("they changed %(theirs)s and you %(yours)s: both can stand")
                % {"theirs": ", ".join(theirs_only), "yours": ", ".join(yours_only)}
            )
        elif theirs_only:
            parts.append(
                gettext("their change of %(fields)s stands") % {"fields": ", ".join(theirs_only)}
            )
        elif yours_only:
            parts.append(
                gettext("your change of %(fields)s goes on top") % {"fields": ", ".join(yours_only)}
            )
        if not mine:
            parts.append(gettext("you changed nothing, so there is nothing of yours to save"))
        if approved_since and mine:
            parts.append(
                gettext("saving yours returns the approved draft to a draft for another approval")
            )
        joined = gettext("; ").join(parts)
        summary = (
            gettext("%(parts)s; %(again)s.") % {"parts": joined, "again": again}
            if mine
            else gettext("%(parts)s.") % {"parts": joined}
        )
        summary = summary[:1].upper() + summary[1:]
    elif asked == "approve":
        summary = (
            gettext("Read it as it stands now; approve it if it is still right.")
            if not api
            else gettext(
                "Read it as it stands; to approve it, ask again with the version %(version)s."
            )
            % {"version": current}
        )
    else:
        summary = (
            gettext("Read it as it stands now before you serve it.")
            if not api
            else gettext(
                "Read it as it stands; to serve it, ask again with the version %(version)s."
            )
            % {"version": current}
        )
    merged = {**now, **mine}
    return Words(
        headline=headline,
        summary=summary,
        events=events,
        lines=lines,
        version=version,
        current_version=current,
        merged=merged,
    )
