"""The words of a record's form, from the vocabulary: each field's label (its name in
words, :func:`label_of`), its help text (the field's description) and the words of
its choices (a Literal's values, as :func:`sanitas.ordinance.words.words` says them).

The engine's catalogs hold their Spanish and Traditional Chinese under the msgctxt
``field``, ``help`` and ``word`` (:func:`field_texts`, which
``scripts/engine_catalogs.py`` reads, so that a field added to the vocabulary is in
the catalogs on the next update); the form renders them with
:func:`sanitas.ordinance.messages.field_words`.

Pure; the loader is imported so that every area's fact types are known.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from typing import Any

from pydantic.fields import FieldInfo

from sanitas.ordinance import rules  # noqa: F401  (every area's fact types registered)
from sanitas.ordinance.facts import FACT_TYPES, Fact, parse_money, row_fields, row_model
from sanitas.ordinance.messages import FIELD_CONTEXT, HELP_CONTEXT, WORD_CONTEXT
from sanitas.ordinance.words import capital, words

#: the units a number's name ends in, as a label says them
_UNITS = {"sqft": "sq ft", "ft": "feet", "in": "inches", "lbs": "pounds", "psi": "psi"}
_ACRONYMS = {
    "fog": "FOG",
    "bmp": "BMP",
    "wmp": "WMP",
    "psi": "PSI",
    "frs": "FRS",
    "fro": "FRO",
    "rdrs": "RDRS",
}
#: a field whose choices are named otherwise than by their words (a program by its title)
_TITLED_CHOICES = frozenset({"program"})


def label_of(name: str, *, numeric: bool = False) -> str:
    """A field's name in words: ``floating_fog_inches`` → "Floating FOG inches",
    ``floor_area_sqft`` (a number) → "Floor area (sq ft)"."""
    parts = name.rstrip("_").split("_")
    unit = ""
    if numeric and len(parts) > 1 and parts[-1] in _UNITS:
        unit = f" ({_UNITS[parts.pop()]})"
    text = " ".join(_ACRONYMS.get(part, part) for part in parts)
    return capital(text + unit)


def _unwrapped(annotation: Any) -> tuple[Any, bool]:
    """(the annotation without None and Annotated, whether it is money)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
    money = False
    if typing.get_origin(annotation) is typing.Annotated:
        annotation, *extras = typing.get_args(annotation)
        money = any(getattr(extra, "func", None) is parse_money for extra in extras)
    return annotation, money


def is_numeric(info: FieldInfo) -> bool:
    """Whether a field holds a number (an integer, a float or an amount of money): its
    label then says its unit ("Floor area (sq ft)")."""
    annotation, money = _unwrapped(info.annotation)
    money = money or any(getattr(meta, "func", None) is parse_money for meta in info.metadata)
    return annotation in (int, float) or money


def choice_values(annotation: Any) -> tuple[Any, ...]:
    """The values a Literal field (or a list of a Literal) chooses from; () for another."""
    annotation, _money = _unwrapped(annotation)
    if typing.get_origin(annotation) is list:
        annotation, _money = _unwrapped(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return ()


def about_of(fact_model: type[Fact]) -> str:
    """What a fact type is, as its form says above the fields: its docstring, in one line."""
    return " ".join((fact_model.__doc__ or "").replace("``", "").split())


def form_fields(fact_model: type[Fact]) -> Iterator[tuple[str, FieldInfo]]:
    """The fields a record's form labels from the vocabulary (not its type, nor its
    key, which the form names in its own words)."""
    for name, info in fact_model.model_fields.items():
        if name not in ("type", "id"):
            yield name, info


def field_texts() -> list[tuple[str, str]]:
    """(msgctxt, English) of every label, help text and choice word of every fact
    type's form, and of what the type is (:func:`about_of`, a help text), each once, in
    a stable order: labels, then help texts, then words. A list of objects (a design's
    runs) gives the words of its rows: what one is called and its fields'."""
    labels: set[str] = set()
    helps: set[str] = set()
    choices: set[str] = set()
    for fact_model in FACT_TYPES.values():
        if about := about_of(fact_model):
            helps.add(about)
        for name, info in form_fields(fact_model):
            labels.add(label_of(name, numeric=is_numeric(info)))
            if info.description:
                helps.add(info.description)
            if name not in _TITLED_CHOICES:
                choices.update(words(value) for value in choice_values(info.annotation))
            if (model := row_model(info.annotation)) is not None:
                # a list of objects: a row's name, and each of its fields' words
                choices.add(words(model.row_word))
                for row_name, _key, row_info in row_fields(model):
                    labels.add(label_of(row_name, numeric=is_numeric(row_info)))
                    if row_info.description:
                        helps.add(row_info.description)
                    choices.update(words(value) for value in choice_values(row_info.annotation))
    return [
        *((FIELD_CONTEXT, text) for text in sorted(labels)),
        *((HELP_CONTEXT, text) for text in sorted(helps)),
        *((WORD_CONTEXT, text) for text in sorted(choices)),
    ]
