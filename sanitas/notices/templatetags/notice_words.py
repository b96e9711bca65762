"""The notice pages' names of what the records keep as keys: a notice's kind and state,
an extension request's and an appeal's state, a method of service or payment, a
hearing's decision, an extension's reason and the actions of a notice's timeline, each
in the language of the page (a key no name is known for is shown as recorded)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from sanitas.notices import flow, forms
from sanitas.notices.kinds import LANGUAGES, kinds

register = template.Library()


def notice_language(code: str | None = None) -> str:
    """The notices' own language (``en``, ``es``, ``zh-Hant``) for a page's language
    code (Django's ``zh-hant``); English for one the notices are not written in."""
    wanted = (code or get_language() or "en").lower()
    for language in LANGUAGES:
        if wanted == language.lower() or wanted.split("-")[0] == language.lower():
            return language
    return "en"


@register.filter
def kind_name(key: str) -> str:
    """A kind of document's title in the page's language, as its notices print it
    (``translations/<language>.yaml``, held to the glossary)."""
    found = kinds().get(key)
    return found.title(notice_language()) if found is not None else key


def _name(names: dict, key: str) -> str:
    return str(names.get(key, key))


@register.filter
def state_name(state: str) -> str:
    return _name(flow.NOTICE_STATE_NAMES, state)


@register.filter
def extension_state_name(state: str) -> str:
    return _name(flow.EXTENSION_STATE_NAMES, state)


@register.filter
def appeal_state_name(state: str) -> str:
    return _name(flow.APPEAL_STATE_NAMES, state)


@register.filter
def event_name(action: str) -> str:
    return _name(flow.EVENT_NAMES, action)


@register.filter
def method_name(method: str) -> str:
    return _name(forms.METHOD_NAMES, method)


@register.filter
def payment_method_name(method: str) -> str:
    return _name(forms.PAYMENT_METHOD_NAMES, method)


@register.filter
def decision_name(decision: str) -> str:
    return _name(forms.DECISION_NAMES, decision)


@register.filter
def reason_name(reason: str) -> str:
    return _name(forms.REASON_NAMES, reason)
