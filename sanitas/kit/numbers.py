"""Number fields of the staff pages' forms that take the digits 0 to 9 alone.

Django's ``IntegerField``, ``FloatField`` and ``DecimalField`` read what Python's
``int()``, ``float()`` and ``Decimal()`` read, and those read other scripts' digits
(full-width ``１２``, Arabic-Indic ``١٢``) and underscores (``1_000``): a record would
then hold a number the person never saw written. These fields refuse them first,
beside the field, saying why in the reader's language (the flaw is the one
``bounds.number_text_flaw`` finds; a character's Unicode name is a name, left as it is).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from sanitas.ordinance.bounds import number_text_flaw


def flaw_sentence(text: str) -> str | None:
    """What is wrong with ``text`` as a number written with the digits 0-9, as a
    sentence in the active language; None when nothing is."""
    if not number_text_flaw(text):
        return None
    index, char = next((i, c) for i, c in enumerate(text) if c == "_" or not c.isascii())
    where = number_format(index + 1, force_grouping=True)
    if char == "_":
        return _(
            "“%(text)s” holds an underscore at character %(where)s; write the number with "
            "the digits 0-9 alone (1000, not 1_000)."
        ) % {"text": text, "where": where}
    return _(
        "“%(text)s” holds %(character)s at character %(where)s; write the number with "
        "the digits 0-9."
    ) % {"text": text, "character": _character(char), "where": where}


def _character(char: str) -> str:
    """A character as the sentence names it: ``'１' (U+FF11 FULLWIDTH DIGIT ONE)``."""
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}{' ' + name if name else ''}"
    if unicodedata.category(char) in ("Cc", "Cs"):
        return _("the control character (%(code)s)") % {"code": code}
    return f"{char!r} ({code})"


class _Plain:
    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and (sentence := flaw_sentence(value.strip())):
            raise forms.ValidationError(sentence, code="invalid")
        return super().to_python(value)  # type: ignore[misc]


class PlainIntegerField(_Plain, forms.IntegerField):
    """A whole number written with the digits 0-9."""


class PlainFloatField(_Plain, forms.FloatField):
    """A number written with the digits 0-9."""


class PlainDecimalField(_Plain, forms.DecimalField):
    """An amount written with the digits 0-9."""
