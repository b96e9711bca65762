"""What a finding says, in its reader's language.

The engine says each finding as a message with arguments
(:class:`~sanitas.ordinance.messages.Message`); the sweep keeps the message
(``Finding.message``, JSON) and, for a rule that still writes its own sentence, the
sentence (``Finding.explanation``). A page renders it here in the language it is read
in, from the engine's templates (English) and catalogs (Spanish, Traditional
Chinese). A finding whose rule still writes its own sentence has no message and is
read in English in every language.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

from sanitas.ordinance.messages import LANGUAGES, Message, reading_in, render
from sanitas.ordinance.messages import said_in_english as english

#: Django's language codes for the languages the engine speaks
_BY_DJANGO_CODE = {code.lower(): code for code in LANGUAGES}


def reader_language(code: str | None = None) -> str:
    """The engine's code ("en", "es", "zh-Hant") for a Django language code ("zh-hant"),
    by default the active one; English for a language the engine does not speak."""
    code = (code or translation.get_language() or "en").lower()
    return _BY_DJANGO_CODE.get(code, _BY_DJANGO_CODE.get(code.split("-")[0], "en"))


def finding_words(finding: Any, language: str | None = None) -> str:
    """What ``finding`` says in ``language`` (default: the active language): a stored
    finding (its ``message`` JSON and ``explanation``), a row of one, or the engine's
    own finding (as a page computes it for a past day)."""
    language = language or reader_language()
    message = _attribute(finding, "message")
    if message is None or language == "en":
        return english(finding)
    try:
        if not isinstance(message, Message):
            message = Message.from_dict(message)
        return render(message, language)
    except (KeyError, TypeError, ValueError):
        # a message stored by another version of the engine, one it no longer
        # declares: its English, as stored, stands
        return english(finding)


def reading_words(finding: Any, language: str | None = None) -> str:
    """The reading ``finding`` relied on, in ``language`` (default: the active one),
    "" for none: a stored finding (its ``reading_message`` JSON, or the ``reading`` of
    a rule that still writes its sentence), a row of one, or the engine's own."""
    return reading_in(finding, language or reader_language())


def problem_words(english: str, message: Any, language: str | None = None) -> str:
    """A data problem in ``language`` (default: the active one): its ``message`` (JSON,
    or the engine's own) rendered; its ``english`` sentence where it has none, or one
    this engine no longer declares."""
    language = language or reader_language()
    if not message or (language == "en" and english):
        return english
    try:
        if not isinstance(message, Message):
            message = Message.from_dict(message)
        return render(message, language)
    except (KeyError, TypeError, ValueError):
        return english


def _attribute(finding: Any, name: str) -> Any:
    if isinstance(finding, dict):
        return finding.get(name)
    return getattr(finding, name, None)
