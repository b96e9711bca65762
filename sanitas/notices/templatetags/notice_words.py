"""The notice pages' names of what the records keep as keys: a notice's kind and state,
an extension request's and an appeal's state, a method of service or payment, a
hearing's decision, an extension's reason and the actions of a notice's timeline, each
in the language of the page (a key no name is known for is shown as recorded)."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from django import template
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from sanitas.notices import flow, forms
from sanitas.notices.kinds import kinds, page_date, reader_language
from sanitas.notices.models import METHODS
from sanitas.ordinance.enforcement import REASON_WORDS

register = template.Library()


@register.filter
def kind_name(key: str) -> str:
    """A kind of document's title in the page's language, as its notices print it
    (``translations/<language>.yaml``, held to the glossary)."""
    found = kinds().get(key)
    return found.title(reader_language()) if found is not None else key


def _name(names: dict, key: str) -> str:
    return str(names.get(key, key))


register.filter("state_name", flow.state_name)
register.filter("extension_state_name", flow.extension_state_name)
register.filter("appeal_state_name", flow.appeal_state_name)
register.filter("decision_name", flow.decision_name)
register.filter("event_name", flow.event_name)


@register.filter
def officer_title(title: str) -> str:
    """The title an order was signed with: the hearing officer's role title in the
    page's language; any other title as recorded."""
    from sanitas.access.roles import ROLES

    return gettext("Hearing officer") if title == ROLES["hearing_officer"].title else title


@register.filter
def method_name(method: str) -> str:
    return _name(forms.METHOD_NAMES, method)


@register.filter
def payment_method_name(method: str) -> str:
    return _name(forms.PAYMENT_METHOD_NAMES, method)


@register.filter
def reason_name(reason: str) -> str:
    return _name(forms.REASON_NAMES, reason)


# --------------------------------------------------------------------------- recorded notes

#: a draft's parts an edit names (the timeline's note of an edit lists them)
PART_NAMES = {
    "remarks": _("further directions"),
    "language": _("language"),
    "email": pgettext_lazy("a notice's part", "email"),
    "amount": pgettext_lazy("a notice's part", "amount"),
    "state": pgettext_lazy("a notice's part", "state"),
    "approved_at": _("approval"),
    "approved_by": _("approved by"),
}
DAY = r"\d{4}-\d{2}-\d{2}"
#: the notes the services record, by the action (or the closed state) they go with:
#: the pattern of the English as recorded, and the message that says it in the page's
#: language (its dates and methods named as the page names them)
NOTES: dict[str, tuple[re.Pattern[str], Any]] = {
    "served": (
        re.compile(rf"^(?P<method>.+) on (?P<day>{DAY})$"),
        _("%(method)s on %(day)s"),
    ),
    "escalated": (re.compile(r"^citation (?P<code>\S+) served$"), _("citation %(code)s served")),
    "corrects": (
        re.compile(r"^corrects (?P<code>\S+): (?P<why>.*)$", re.S),
        _("corrects %(code)s: %(why)s"),
    ),
    "payment": (
        re.compile(rf"^(?P<amount>[\d.]+) on (?P<day>{DAY}) \((?P<receipt>.*)\)$"),
        _("$%(amount)s on %(day)s (receipt %(receipt)s)"),
    ),
    "extension granted": (
        re.compile(rf"^new deadline (?P<day>{DAY})$"),
        _("new deadline %(day)s"),
    ),
    "appealed": (
        re.compile(rf"^hearing requested (?P<day>{DAY})$"),
        _("hearing requested %(day)s"),
    ),
    "hearing scheduled": (
        re.compile(rf"^(?P<day>{DAY} \d{{2}}:\d{{2}}) before (?P<officer>.+)$"),
        _("%(day)s before %(officer)s"),
    ),
    "hearing: upheld": (
        re.compile(rf"^final written order of (?P<day>{DAY})$"),
        _("final written order of %(day)s"),
    ),
    "complied": (re.compile(rf"^complied on (?P<day>{DAY})$"), _("complied on %(day)s")),
    "superseded": (re.compile(r"^superseded by (?P<code>\S+)$"), _("superseded by %(code)s")),
}
NOTES["hearing: modified"] = NOTES["hearing: dismissed"] = NOTES["hearing: upheld"]


@register.filter
def event_note(note: str, action: str) -> str:
    """What a notice's timeline says of an event (or its page of why it closed): the
    note as it was recorded, in English, and on a page in another language the same
    note in that language where the services wrote it (a reason or a direction a
    person typed is shown as written)."""
    if not note or reader_language() == "en":
        return note
    if action == "edited":
        parts = note.split(", ")
        if all(part in PART_NAMES for part in parts):
            return ", ".join(str(PART_NAMES[part]) for part in parts)
        return note
    if action == "extension requested":
        key = next((k for k, words in REASON_WORDS.items() if words == note), None)
        return str(forms.REASON_NAMES[key]) if key in forms.REASON_NAMES else note
    found = NOTES.get(action)
    match = found[0].match(note) if found else None
    if match is None:
        return note
    values = match.groupdict()
    if "day" in values:
        day = values["day"]
        values["day"] = page_date(
            datetime.fromisoformat(day) if " " in day else date.fromisoformat(day)
        )
    if "method" in values:
        key = next((k for k, words in METHODS if words == values["method"]), None)
        if key is None:
            return note
        values["method"] = method_name(key)
    return str(found[1]) % values
