"""Number fields of the staff pages' forms that take the digits 0 to 9 alone.

Django's ``IntegerField``, ``FloatField`` and ``DecimalField`` read what Python's
``int()``, ``float()`` and ``Decimal()`` read, and those read other scripts' digits
(full-width ``１２``, Arabic-Indic ``١٢``) and underscores (``1_000``): a record would
then hold a number the person never saw written. These fields refuse them first,
beside the field, saying why (``bounds.number_text_problem``).
"""

from __future__ import annotations

from typing import Any

from django import forms

from sanitas.ordinance.bounds import number_text_flaw


class _Plain:
    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and (flaw := number_text_flaw(value.strip())):
            raise forms.ValidationError(f"“{value.strip()}” {flaw}.", code="invalid")
        return super().to_python(value)  # type: ignore[misc]


class PlainIntegerField(_Plain, forms.IntegerField):
    """A whole number written with the digits 0-9."""


class PlainFloatField(_Plain, forms.FloatField):
    """A number written with the digits 0-9."""


class PlainDecimalField(_Plain, forms.DecimalField):
    """An amount written with the digits 0-9."""
