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
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from sanitas.kit.said import reader_language
from sanitas.kit.titles import Title
from sanitas.kit.titles import titles as record_titles
from sanitas.ordinance import naming
from sanitas.ordinance.words import capital
from sanitas.records.versions import Conflict, Written
from sanitas.web.record_forms import (
    CHECKS,
    CHOICE,
    DATE,
    DATETIME,
    LINES,
    REF,
    REFS,
    ROWS,
    YESNO,
    form_class,
)
from sanitas.web.templatetags.web_tags import people_date
from sanitas.web.timeline import page_number

#: how a field with nothing in it reads
NOTHING = gettext_lazy("not recorded")


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
        names[me.pk] = _("you")
    return names


def who(written: Written, names: dict[int, str], *, me: Any = None) -> str:
    if written.user_id is not None and written.user_id in names:
        return names[written.user_id]
    if me is not None and written.who == me.get_username():
        return _("you")
    return written.who or _("someone")


def _value(form: Any, name: str, value: Any, titles: dict[str, Title]) -> str:
    """``value`` of field ``name`` as people read it."""
    if value is None or value == "" or value == []:
        return str(NOTHING)
    kind = form.kinds.get(name)
    field_ = form.base_fields.get(name)
    if kind == YESNO or isinstance(value, bool):
        return _("Yes") if value else _("No")
    if kind in (DATE, DATETIME):
        return people_date(value)
    if kind == REF or (getattr(field_, "reference", False) and isinstance(value, str)):
        found = titles.get(str(value))
        return f"{found.text} ({value})" if found else str(value)
    if kind == REFS or (getattr(field_, "reference", False) and isinstance(value, list)):
        return _("; ").join(f"{titles[v].text} ({v})" if v in titles else str(v) for v in value)
    if kind in (CHOICE, CHECKS) and field_ is not None and hasattr(field_, "choices"):
        labels = {str(v): str(label) for v, label in field_.choices}
        if isinstance(value, list):
            return _("; ").join(labels.get(str(v), str(v)) for v in value)
        return labels.get(str(value), str(value))
    if kind == LINES and isinstance(value, list):
        return _("; ").join(str(v) for v in value)
    if kind == ROWS and isinstance(value, list) and field_ is not None:
        return _("; ").join(
            f"{field_.heading(number)}: {_row_said(field_.row_form, item, titles)}"
            for number, item in enumerate(value, 1)
            if isinstance(item, dict)
        )
    if isinstance(value, dict | list):
        return json.dumps(value, default=str, ensure_ascii=False)
    if isinstance(value, float) and value.is_integer():
        return page_number(int(value))
    if isinstance(value, int):
        return page_number(value)
    return str(value)


def _row_said(row_form: Any, item: dict[str, Any], titles: dict[str, Title]) -> str:
    """One object of a list (a design's run) as people read it: each of its values
    after its input's label."""
    return _(", ").join(
        f"{row_form.base_fields[key].label} {_value(row_form, key, item[key], titles)}"
        for key in row_form.kinds
        if item.get(key) is not None
    )


def listing(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c", as the page's language lists them."""
    if len(items) <= 1:
        return "".join(items)
    return _(", ").join(items[:-1]) + _(" and ") + items[-1]


def _quoted(labels: list[str]) -> str:
    return listing([_("“%(label)s”") % {"label": label} for label in labels])


def _headline(done: str, *, mine: bool, api: bool) -> str:
    """What happened to the record since, as one sentence with %(others)s, %(what)s
    and %(when)s to fill."""
    if mine:
        return {
            ("changed", False): _(
                "You changed this %(what)s in another window or tab on %(when)s, after you "
                "opened it."
            ),
            ("voided", False): _(
                "You voided this %(what)s in another window or tab on %(when)s, after you "
                "opened it."
            ),
            ("restored", False): _(
                "You restored this %(what)s in another window or tab on %(when)s, after you "
                "opened it."
            ),
            ("changed", True): _(
                "You changed this %(what)s again on %(when)s, after the version you sent."
            ),
            ("voided", True): _(
                "You voided this %(what)s again on %(when)s, after the version you sent."
            ),
            ("restored", True): _(
                "You restored this %(what)s again on %(when)s, after the version you sent."
            ),
        }[done, api]
    return {
        ("changed", False): _("%(others)s changed this %(what)s on %(when)s, after you opened it."),
        ("voided", False): _("%(others)s voided this %(what)s on %(when)s, after you opened it."),
        ("restored", False): _(
            "%(others)s restored this %(what)s on %(when)s, after you opened it."
        ),
        ("changed", True): _(
            "%(others)s changed this %(what)s on %(when)s, after the version you sent."
        ),
        ("voided", True): _(
            "%(others)s voided this %(what)s on %(when)s, after the version you sent."
        ),
        ("restored", True): _(
            "%(others)s restored this %(what)s on %(when)s, after the version you sent."
        ),
    }[done, api]


def _version_line(kind: str, *, why: str) -> str:
    """One version written since, with %(when)s, %(who)s and %(why)s to fill."""
    if why:
        return {
            "recorded": _("%(when)s · %(who)s recorded it: “%(why)s”"),
            "voided": _("%(when)s · %(who)s voided it: “%(why)s”"),
            "restored": _("%(when)s · %(who)s restored it: “%(why)s”"),
        }.get(kind) or _("%(when)s · %(who)s changed it: “%(why)s”")
    return {
        "recorded": _("%(when)s · %(who)s recorded it"),
        "voided": _("%(when)s · %(who)s voided it"),
        "restored": _("%(when)s · %(who)s restored it"),
    }.get(kind) or _("%(when)s · %(who)s changed it")


def describe(conflict: Conflict, *, me: Any = None, api: bool = False) -> Words:
    """``conflict`` in words for ``me`` (the person whose change was refused), for a
    page (the form offered below it) or for the API (``api``: send it again)."""
    form = form_class(conflict.fact_type)
    what = naming.kind_word(conflict.fact_type).render(reader_language())
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
    others = listing(writers) or _("someone")
    last = conflict.last
    when = people_date(last.at) if last else ""
    if conflict.current_voided and not conflict.base_voided:
        done = "voided"
    elif conflict.base_voided and not conflict.current_voided:
        done = "restored"
    else:
        done = "changed"
    headline = _headline(done, mine=others == _("you"), api=api) % {
        "others": capital(others),
        "what": what,
        "when": when,
    }
    versions = [
        _version_line(written.kind, why=written.why)
        % {
            "when": people_date(written.at),
            "who": capital(who(written, names, me=me)),
            "why": written.why,
        }
        for written in conflict.since
    ]
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
    version = {"version": conflict.current_version}
    if api:
        again = _("To put yours on top, send it again with the version %(version)s.") % version
        void_again = _("To void it anyway, ask again with the version %(version)s.") % version
    else:
        again = _(
            "The form below holds their version with your change on top: save it, or leave it."
        )
        void_again = _("Void it anyway, or keep it.")
    said = {
        "they": they,
        "others": others,
        "theirs": _quoted(theirs),
        "yours": _quoted(yours_only),
        "next": void_again if conflict.void else again,
    }
    if conflict.current_voided:
        summary = (
            _(
                "A void record is not changed: nothing of yours was stored. Your change is "
                "shown beside theirs; to keep it, ask %(others)s why it was voided."
            )
            if not conflict.void
            else _("It is void already: there is nothing more to do.")
        ) % said
    elif conflict.void:
        summary = (
            _("%(they)s changed %(theirs)s; voiding it now voids their version. %(next)s")
            if theirs
            else _("No field you can see changed. %(next)s")
        ) % said
    elif not mine:
        summary = (
            _(
                "%(they)s changed %(theirs)s; you changed nothing: their version stands, "
                "and there is nothing of yours to save."
            )
            % said
        )
    elif not both and not alike:
        summary = (
            _("%(they)s changed %(theirs)s; you changed %(yours)s: both can stand. %(next)s")
            if theirs
            else _("You changed %(yours)s, which they did not touch. %(next)s")
        ) % said
    else:
        parts = []
        if both:
            parts.append(
                _("%(they)s and you both changed %(fields)s: yours would replace theirs")
                % {"they": they, "fields": _quoted(both)}
            )
        if alike:
            parts.append(_("you both set %(fields)s alike") % {"fields": _quoted(alike)})
        if theirs_only:
            parts.append(_("their change of %(fields)s stands") % {"fields": _quoted(theirs_only)})
        if yours_only:
            parts.append(
                ngettext(
                    "your change of %(fields)s goes on top",
                    "your changes of %(fields)s go on top",
                    len(yours_only),
                )
                % {"fields": _quoted(yours_only)}
            )
        summary = _("%(clauses)s. %(next)s") % {
            "clauses": capital(_("; ").join(parts)),
            "next": again,
        }
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
        parts = [_("was %(value)s") % {"value": line.before}]
        if line.theirs is not None:
            parts.append(_("theirs %(value)s") % {"value": line.theirs})
        if line.yours is not None:
            parts.append(_("yours %(value)s") % {"value": line.yours})
        lines.append(f"{words.fact_type} {words.key}: {line.label}: {_('; ').join(parts)}")
    return lines
