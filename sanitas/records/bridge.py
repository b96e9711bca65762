"""Between records and facts: a record row is a fact of the vocabulary, and back.

The facts a scenario file states and the rows the records system keeps are the
same things in two forms; this module is the only place that converts one into
the other, so a finding computed from the database equals the finding the CLI
computes from the same facts exported to a file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

import orjson
from django.conf import settings

from sanitas.ordinance.engine import FactIndex
from sanitas.ordinance.facts import FACT_TYPES, FactsError, parse_facts
from sanitas.ordinance.messages import argument_in
from sanitas.ordinance.pack import RulePack
from sanitas.ordinance.words import name_of
from sanitas.records.models import RECORD_MODELS, Record

CITY_TZ = ZoneInfo(settings.TIME_ZONE)
_UTC = ZoneInfo("UTC")


def fact_key(raw: dict[str, Any]) -> str:
    """A fact's natural key: its ``id``, or for an event without one a digest of its
    content, so that recording the same event twice finds the first."""
    ident = raw.get("id")
    if isinstance(ident, str) and ident:
        return ident
    canonical = orjson.dumps(_plain(raw), option=orjson.OPT_SORT_KEYS)
    return f"{raw.get('type')}~{hashlib.sha256(canonical).hexdigest()[:20]}"


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value.normalize())
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _column_names(model: type[Record]) -> list[str]:
    fact_model = FACT_TYPES[model.fact_type]
    return [name for name in fact_model.model_fields if name not in ("type", "id")]


def fact_to_columns(fact: Any) -> dict[str, Any]:
    """The column values of a validated fact (pydantic model or its mirror)."""
    values: dict[str, Any] = {}
    for name in fact_columns(RECORD_MODELS[fact.type]):
        value = getattr(fact, name)
        kind = type(value)
        if kind is datetime:
            value = value.replace(tzinfo=CITY_TZ)
        elif kind is list:
            value = [_segment(v) for v in value]
        values[name] = value
    return values


def _segment(value: Any) -> Any:
    """A list item as JSON: nested models (sewer segments) as their facts-file mapping."""
    if hasattr(value, "__struct_fields__") or hasattr(value, "model_fields"):
        fields = getattr(value, "__struct_fields__", None) or type(value).model_fields
        out = {}
        for name in fields:
            item = getattr(value, name)
            if item is not None:
                out["from" if name == "from_" else name] = item
        return out
    return value


def record_to_fact(record: Record) -> dict[str, Any]:
    """The facts-file mapping of a record: what ``sanitas export`` writes."""
    model = type(record)
    names = fact_columns(model)
    return row_to_fact(model, record.key, [getattr(record, name) for name in names])


def record_names(raw_facts: list[dict[str, Any]], keys: Iterable[str]) -> dict[str, str]:
    """What a person calls each of the records ``keys`` ("Arroyo Pho", "the grease
    interceptor of Arroyo Pho", "the pump-out of 2026-09-01"), named as the engine's
    explanations name them from ``raw_facts`` (the facts evaluated with them); a key
    the facts do not hold keeps the key."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    try:
        index = FactIndex(parse_facts(raw_facts))
    except FactsError:
        return {key: key for key in wanted}
    return {key: name_of(index, key) if index.get(key) else key for key in wanted}


def record_names_in(
    raw_facts: list[dict[str, Any]], keys: Iterable[str], language: str, pack: RulePack
) -> dict[str, str]:
    """:func:`record_names` in ``language`` (the engine's code: "es", "zh-Hant"): each
    record named as the engine's messages name it (``general.common.ref``), its words
    from the catalogs, its names and addresses as recorded."""
    from sanitas.ordinance.calendar import HolidayCalendar
    from sanitas.ordinance.engine import Context
    from sanitas.ordinance.general.common import ref

    if language == "en":
        return record_names(raw_facts, keys)
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    try:
        index = FactIndex(parse_facts(raw_facts))
    except FactsError:
        return {key: key for key in wanted}
    context = Context(facts=index, as_of=date.today(), pack=pack, calendar=HolidayCalendar())
    return {
        key: argument_in(ref(context, key), language) if index.get(key) else key for key in wanted
    }


@cache
def fact_columns(model: type[Record]) -> tuple[str, ...]:
    """The columns of ``model`` that hold the fact's fields, in the vocabulary's order."""
    return tuple(_column_names(model))


def row_to_fact(model: type[Record], key: str, values: list[Any]) -> dict[str, Any]:
    """The facts-file mapping of a row: its key, and its :func:`fact_columns` values."""
    fact_type = model.fact_type
    out: dict[str, Any] = {"type": fact_type}
    if _has_id(model) and not key.startswith(f"{fact_type}~"):
        out["id"] = key
    for name, value in zip(fact_columns(model), values, strict=True):
        if value is None:
            continue
        kind = type(value)
        if kind is datetime:
            value = value.astimezone(CITY_TZ).strftime("%Y-%m-%dT%H:%M")
        elif kind is date:
            value = value.isoformat()
        elif kind is Decimal:
            value = int(value) if value == value.to_integral_value() else float(value)
        out[name] = value
    return out


@cache
def _has_id(model: type[Record]) -> bool:
    """Whether the model's facts have an ``id`` (events may not: their key is a digest)."""
    return "id" in FACT_TYPES[model.fact_type].model_fields


#: References to a party that serves many others: the food recovery organization an
#: agreement, a Good Samaritan notice or a reported quantity names, and the contractor
#: on record a permit names as its pipe layer. They do not join
#: subject groups (one food bank would otherwise pull every generator it serves into
#: a single group, and a change at any of them would re-evaluate them all); the
#: sweep lends such a party's records to each group that names it, and the facts
#: naming a party to the party's own group (:func:`sanitas.records.sweep.group_facts`).
WEAK_REFERENCES: dict[str, frozenset[str]] = {
    "food_recovery_agreement": frozenset({"partner"}),
    "good_samaritan_notice": frozenset({"partner"}),
    "food_recovery_quantity": frozenset({"other_party"}),
    # a contractor lays sewers under many permits at many addresses (§ 6-8.103)
    "permit": frozenset({"pipe_layer"}),
}


def _lent_types() -> frozenset[str]:
    """The fact types a group may lend another: the facts with weak references, and
    every type they name, directly or through what those name."""
    found = set(WEAK_REFERENCES)
    pending = list(found)
    while pending:
        model = FACT_TYPES[pending.pop()]
        for targets in (*model.references.values(), *model.list_references.values()):
            for target in targets:
                if target not in found:
                    found.add(target)
                    pending.append(target)
    return frozenset(found)


#: a change to a record of one of these types may change another group's evaluation
LENT_TYPES = _lent_types()
#: the types a weak reference may name
WEAK_TARGET_TYPES = frozenset(
    target
    for fact_type, fields in WEAK_REFERENCES.items()
    for name in fields
    for target in FACT_TYPES[fact_type].references[name]
)


def references_of(fact: Any, *, weak: bool | None = None) -> list[str]:
    """The keys of the records a fact names: all of them, or only the weak
    (``weak=True``) or the strong (``weak=False``) references."""
    skipped = WEAK_REFERENCES.get(fact.type, frozenset())
    keys = []
    for name in fact.references:
        if weak is not None and (name in skipped) != weak:
            continue
        target = getattr(fact, name)
        if target is not None:
            keys.append(target)
    if not weak:
        for name in fact.list_references:
            keys.extend(getattr(fact, name) or ())
    return keys
