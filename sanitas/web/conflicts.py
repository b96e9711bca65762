"""Another person's change beside one's own, in words.

When a change is refused because the record changed after the form was opened
(:class:`sanitas.records.services.StaleVersion`), the page and the API say what the
other person changed and what the refused change would have, field by field: the
labels are the record form's own (from the vocabulary), the values as people read
them (dates written out, yes or no, a reference by the name of what it names), with
who changed it, when and why. Where the two changes touch different fields it says
so plainly ("both can stand"); where they touch the same one it says whose value the
form now holds. Nothing is merged without the person: the form offered holds the
record as it stands with their change on top, for them to save or leave.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model

from sanitas.kit.dates import people_date
from sanitas.kit.titles import Title
from sanitas.kit.titles import titles as record_titles
from sanitas.ordinance.words import capital, listing, type_words
from sanitas.records.versions import Conflict, Written
from sanitas.web.record_forms import (
    CHECKS,
    CHOICE,
    DATE,
    DATETIME,
    JSON,
    LINES,
    REF,
    REFS,
    YESNO,
    form_class,
)

#: how a field with nothing in it reads
NOTHING = "not recorded"


@dataclass
class Line:
    """One field: as it was when the form was opened, and as each change has it
    (None where that change left it alone)."""

    name: str
    label: str
    before: str
    theirs: str | None
    yours: str | None

    @property
    def both(self) -> bool:
        """Both changed it, to different values."""
        return self.theirs is not None and self.yours is not None and self.theirs != self.yours


@dataclass
class Words:
    """A conflict as a page or an answer says it."""

    key: str
    fact_type: str
    what: str
    #: "Maria Lopez changed this pump-out on Mar 3, 2025, 10:42 a.m., after you opened it."
    headline: str
    #: what to make of it: "… both can stand." / "You both changed …"
    summary: str
    #: each version written since, oldest first: "Mar 3, 2025, 10:42 a.m. · Maria
    #: Lopez changed it: “corrected from the manifest”"
    versions: list[str]
    lines: list[Line]
    version: str
    current_version: str
    #: the record is void now: a change cannot be put on top of it
    they_voided: bool
    #: the refused change was a void
    void: bool
    changed_by: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The conflict as the API answers it."""
        last = self.versions[-1] if self.versions else ""
        return {
            "key": self.key,
            "type": self.fact_type,
            "version": self.version,
            "current_version": self.current_version,
            "changed_by": self.changed_by,
            "summary": f"{self.headline} {self.summary}".strip(),
            "latest": last,
            "voided": self.they_voided,
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


def people(written: list[Written], *, me: Any = None) -> dict[int, str]:
    """The people who wrote ``written``, by account id: their full names where the
    account has one ("Maria Lopez"), else their user names; "you" for ``me``."""
    ids = {w.user_id for w in written if w.user_id is not None}
    names: dict[int, str] = {}
    for user in get_user_model().objects.filter(pk__in=ids):
        names[user.pk] = user.get_full_name() or user.get_username()
    if me is not None and getattr(me, "pk", None) in names:
        names[me.pk] = "you"
    return names


def who(written: Written, names: dict[int, str], *, me: Any = None) -> str:
    if written.user_id is not None and written.user_id in names:
        return names[written.user_id]
    if me is not None and written.who == me.get_username():
        return "you"
    return written.who or "someone"


def _value(form: Any, name: str, value: Any, titles: dict[str, Title]) -> str:
    """``value`` of field ``name`` as people read it."""
    if value is None or value == "" or value == []:
        return NOTHING
    kind = form.kinds.get(name)
    field_ = form.base_fields.get(name)
    if kind == YESNO or isinstance(value, bool):
        return "Yes" if value else "No"
    if kind in (DATE, DATETIME):
        return people_date(value)
    if kind == REF or (getattr(field_, "reference", False) and isinstance(value, str)):
        found = titles.get(str(value))
        return f"{found.text} ({value})" if found else str(value)
    if kind == REFS or (getattr(field_, "reference", False) and isinstance(value, list)):
        return "; ".join(f"{titles[v].text} ({v})" if v in titles else str(v) for v in value)
    if kind in (CHOICE, CHECKS) and field_ is not None and hasattr(field_, "choices"):
        labels = {str(v): str(label) for v, label in field_.choices}
        if isinstance(value, list):
            return "; ".join(labels.get(str(v), str(v)) for v in value)
        return labels.get(str(value), str(value))
    if kind == LINES and isinstance(value, list):
        return "; ".join(str(v) for v in value)
    if kind == JSON or isinstance(value, dict | list):
        return json.dumps(value, default=str, ensure_ascii=False)
    if isinstance(value, float) and value.is_integer():
        return f"{int(value):,}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _quoted(labels: list[str]) -> str:
    return listing([f"“{label}”" for label in labels])


def describe(conflict: Conflict, *, me: Any = None, api: bool = False) -> Words:
    """``conflict`` in words for ``me`` (the person whose change was refused), for a
    page (the form offered below it) or for the API (``api``: send it again)."""
    form = form_class(conflict.fact_type)
    what = type_words(conflict.fact_type)
    names = people(conflict.since, me=me)
    refs = set()
    for mapping in (conflict.base, conflict.current, conflict.proposed or {}):
        for name, value in mapping.items():
            if getattr(form.base_fields.get(name), "reference", False):
                refs.update(value if isinstance(value, list) else [value])
    titles = record_titles(sorted(str(r) for r in refs if r))

    def label(name: str) -> str:
        found = form.base_fields.get(name)
        return str(found.label) if found is not None and found.label else capital(name)

    def shown(mapping: dict[str, Any] | None, name: str) -> str:
        return _value(form, name, (mapping or {}).get(name), titles)

    mine = [] if conflict.void else list(conflict.mine)
    lines = []
    for name in dict.fromkeys([*conflict.theirs, *mine]):
        lines.append(
            Line(
                name=name,
                label=label(name),
                before=shown(conflict.base, name),
                theirs=shown(conflict.current, name) if name in conflict.theirs else None,
                yours=shown(conflict.proposed, name) if name in mine else None,
            )
        )
    writers = list(dict.fromkeys(who(w, names, me=me) for w in conflict.since))
    others = listing(writers) or "someone"
    last = conflict.last
    when = people_date(last.at) if last else ""
    if conflict.current_voided and not conflict.base_voided:
        done = "voided"
    elif conflict.base_voided and not conflict.current_voided:
        done = "restored"
    else:
        done = "changed"
    since = "the version you sent" if api else "you opened it"
    if others == "you":
        elsewhere = "again" if api else "in another window or tab"
        headline = f"You {done} this {what} {elsewhere} on {when}, after {since}."
    else:
        headline = f"{capital(others)} {done} this {what} on {when}, after {since}."
    versions = []
    for written in conflict.since:
        reason = f": “{written.why}”" if written.why else ""
        verb = {"recorded": "recorded", "voided": "voided", "restored": "restored"}.get(
            written.kind, "changed"
        )
        versions.append(
            f"{people_date(written.at)} · {capital(who(written, names, me=me))} {verb} it{reason}"
        )
    theirs = [label(n) for n in conflict.theirs]
    both = [line.label for line in lines if line.both]
    alike = [
        line.label
        for line in lines
        if line.theirs is not None and line.yours is not None and not line.both
    ]
    yours_only = [line.label for line in lines if line.yours is not None and line.theirs is None]
    theirs_only = [line.label for line in lines if line.theirs is not None and line.yours is None]
    they = capital(others)
    if api:
        again = f"To put yours on top, send it again with the version {conflict.current_version}."
        void_again = f"To void it anyway, ask again with the version {conflict.current_version}."
    else:
        again = "The form below holds their version with your change on top: save it, or leave it."
        void_again = "Void it anyway, or keep it."
    if conflict.current_voided:
        summary = (
            f"A void record is not changed: nothing of yours was stored. Your change is "
            f"shown beside theirs; to keep it, ask {others} why it was voided."
            if not conflict.void
            else "It is void already: there is nothing more to do."
        )
    elif conflict.void:
        summary = (
            f"{they} changed {_quoted(theirs)}; voiding it now voids their version. {void_again}"
            if theirs
            else f"No field you can see changed. {void_again}"
        )
    elif not mine:
        summary = (
            f"{they} changed {_quoted(theirs)}; you changed nothing: their version stands, "
            "and there is nothing of yours to save."
        )
    elif not both and not alike:
        summary = (
            f"{they} changed {_quoted(theirs)}; you changed {_quoted(yours_only)}: both can "
            f"stand. {again}"
            if theirs
            else f"You changed {_quoted(yours_only)}, which they did not touch. {again}"
        )
    else:
        parts = []
        if both:
            parts.append(f"{they} and you both changed {_quoted(both)}: yours would replace theirs")
        if alike:
            parts.append(f"you both set {_quoted(alike)} alike")
        if theirs_only:
            parts.append(f"their change of {_quoted(theirs_only)} stands")
        if yours_only:
            changes = "changes" if len(yours_only) > 1 else "change"
            go = "go" if len(yours_only) > 1 else "goes"
            parts.append(f"your {changes} of {_quoted(yours_only)} {go} on top")
        summary = capital("; ".join(parts)) + f". {again}"
    return Words(
        key=conflict.key,
        fact_type=conflict.fact_type,
        what=what,
        headline=headline,
        summary=summary,
        versions=versions,
        lines=lines,
        version=conflict.version,
        current_version=conflict.current_version,
        they_voided=conflict.current_voided,
        void=conflict.void,
        changed_by=writers,
    )


def problem_lines(words: Words) -> list[str]:
    """A conflict as lines of words (the API's ``detail``): what happened, then each
    field."""
    lines = [f"{words.fact_type} {words.key}: {words.headline} {words.summary}".strip()]
    for line in words.lines:
        parts = [f"was {line.before}"]
        if line.theirs is not None:
            parts.append(f"theirs {line.theirs}")
        if line.yours is not None:
            parts.append(f"yours {line.yours}")
        lines.append(f"{words.fact_type} {words.key}: {line.label}: {'; '.join(parts)}")
    return lines
