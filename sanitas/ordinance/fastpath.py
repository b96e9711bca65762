"""Fast validation of well-formed facts with msgspec.

The pydantic models in ``facts.py`` are the vocabulary of record: they document
every type and field, and they report *every* problem of a bad document. But
building a pydantic model costs microseconds per fact, and a city's batch holds
hundreds of thousands. So each model is mirrored here by a msgspec ``Struct``
generated from the model's own fields — same names, types, enumerations and
bounds, and the bounds every field shares (``bounds.py``: text lengths and
characters as ``max_length`` and ``pattern``, number ranges, dates in
``__post_init__``) — and a document is first decoded through those. Only when that fails
(or a type cannot be mirrored) does validation fall back to the pydantic models,
which then list every problem.

A mirrored struct carries the model's class attributes (``dated_by``,
``references``, …) and ``date_of()``, so a rule cannot tell the two apart.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
import msgspec
import orjson
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from sanitas.ordinance.bounds import (
    FIRST_DATE,
    INT_MAX,
    INT_MIN,
    KEY_PATTERN,
    LAST_DATE,
    NUMBER_MAX,
    PERIOD_PATTERN,
    TEXT_PATTERN,
    date_problem,
    money_problem,
    number_text_problem,
    text_limit,
)
from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.facts import (
    FACT_TYPES,
    DecodedFacts,
    Fact,
    parse_date,
    parse_datetime,
    parse_money,
    parse_period,
    parse_requirement,
)


class Unmirrorable(Exception):
    """A model field the fast path cannot reproduce exactly."""


_BOUNDS = {
    annotated_types.Ge: "ge",
    annotated_types.Gt: "gt",
    annotated_types.Le: "le",
    annotated_types.Lt: "lt",
}


class _Post:
    """What a struct's ``__post_init__`` must still do for one field."""

    def __init__(self) -> None:
        self.datetimes: list[str] = []
        self.requirements: list[str] = []
        self.requirement_lists: list[str] = []
        self.money: list[str] = []
        self.dates: list[str] = []
        self.date_lists: list[str] = []

    def __bool__(self) -> bool:
        return bool(
            self.datetimes
            or self.requirements
            or self.requirement_lists
            or self.money
            or self.dates
            or self.date_lists
        )


def _validators(info: FieldInfo) -> list[Callable]:
    out = []
    for meta in info.metadata:
        func = getattr(meta, "func", None)
        if func is not None:
            out.append(func)
    return out


def _leaf(annotation: Any, limit: int, bounds: dict[str, Any], *, key: bool = False) -> Any:
    """A plain type with the bounds of ``Fact._within_bounds`` (text: its length and
    characters, a key's its own; numbers: their range), merged with the field's own
    ``bounds``."""
    if annotation is str:
        if bounds:
            raise Unmirrorable(f"number bounds on text: {bounds!r}")
        pattern = KEY_PATTERN if key else TEXT_PATTERN
        return Annotated[str, msgspec.Meta(max_length=limit, pattern=pattern)]
    if annotation is int:
        return Annotated[int, msgspec.Meta(**_merged(bounds, INT_MIN, INT_MAX))]
    if annotation is float:
        return Annotated[float, msgspec.Meta(**_merged(bounds, -NUMBER_MAX, NUMBER_MAX))]
    if bounds:
        return Annotated[annotation, msgspec.Meta(**bounds)]
    return annotation


def _merged(bounds: dict[str, Any], low: Any, high: Any) -> dict[str, Any]:
    """The field's bounds within [low, high]: the narrower of each end."""
    out = dict(bounds)
    if "gt" in out:
        if out["gt"] < low:
            del out["gt"]
            out["ge"] = low
    else:
        out["ge"] = max(out.get("ge", low), low)
    if "lt" in out:
        if out["lt"] > high:
            del out["lt"]
            out["le"] = high
    else:
        out["le"] = min(out.get("le", high), high)
    return out


def _mirror_type(
    annotation: Any,
    info: FieldInfo | None,
    name: str,
    post: _Post,
    *,
    limit: int,
    bounds: dict[str, Any] | None = None,
    key: bool = False,
) -> Any:
    """The msgspec type for a pydantic annotation, or :class:`Unmirrorable`. ``bounds``
    (the field's own ``ge``, ``le``, …) apply to the field's value, not to list items;
    ``key``: its text (or its items') is a key."""
    bounds = bounds or {}
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *extras = get_args(annotation)
        funcs = [getattr(e, "func", None) for e in extras]
        return _custom(base, [f for f in funcs if f is not None], name, post, listed=False)
    if origin in (Union, types.UnionType):
        args = get_args(annotation)
        non_none = [a for a in args if a is not type(None)]
        if len(non_none) != 1:
            raise Unmirrorable(f"{name}: a union of several types")
        inner = _mirror_type(non_none[0], None, name, post, limit=limit, bounds=bounds, key=key)
        return inner | None
    if bounds and origin is not None:
        raise Unmirrorable(f"{name}: bounds on {annotation!r}")
    if origin is list:
        (item,) = get_args(annotation)
        if get_origin(item) is Annotated:
            base, *extras = get_args(item)
            funcs = [getattr(e, "func", None) for e in extras]
            return list[_custom(base, [f for f in funcs if f], name, post, listed=True)]
        return list[_mirror_type(item, None, name, post, limit=limit, key=key)]
    if origin is Literal:
        return annotation
    if annotation in (str, int, float, bool, date):
        if annotation is date:
            post.dates.append(name)
        return _leaf(annotation, limit, bounds, key=key)
    if bounds:
        raise Unmirrorable(f"{name}: bounds on {annotation!r}")
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _mirror_model(annotation)
    raise Unmirrorable(f"{name}: {annotation!r}")


def _custom(base: Any, funcs: list[Callable], name: str, post: _Post, *, listed: bool) -> Any:
    if funcs == [parse_date]:
        (post.date_lists if listed else post.dates).append(name)
        return date
    if funcs == [parse_datetime]:
        post.datetimes.append(name)
        return str
    if funcs == [parse_money]:
        # taken as written (a number or a text) and made an amount in ``__post_init__``
        # as msgspec would make it (:func:`_money`): a number decoded straight from
        # JSON text then keeps the digits that decoding it first with orjson gives
        post.money.append(name)
        return int | float | str
    if funcs == [parse_period]:
        return Annotated[str, msgspec.Meta(pattern=PERIOD_PATTERN)]
    if funcs == [parse_requirement]:
        (post.requirement_lists if listed else post.requirements).append(name)
        return str
    raise Unmirrorable(f"{name}: validators {funcs!r}")


def _field_type(name: str, info: FieldInfo, post: _Post, limit: int, *, key: bool) -> Any:
    annotation = info.annotation
    bounds = {}
    for meta in info.metadata:
        for cls, key in _BOUNDS.items():
            if isinstance(meta, cls):
                bounds[key] = getattr(meta, key)
    if not _validators(info):
        return _mirror_type(annotation, info, name, post, limit=limit, bounds=bounds, key=key)
    base = _custom(annotation, _validators(info), name, post, listed=False)
    if bounds:
        if get_origin(base) in (Union, types.UnionType):
            inner = next(a for a in get_args(base) if a is not type(None))
            return Annotated[inner, msgspec.Meta(**bounds)] | None
        return Annotated[base, msgspec.Meta(**bounds)]
    return base


def _struct_fields(model: type[BaseModel], post: _Post, skip: set[str]) -> list[tuple]:
    fields = []
    references = {**getattr(model, "references", {}), **getattr(model, "list_references", {})}
    for name, info in model.model_fields.items():
        if name in skip:
            continue
        key = name == "id" or name in references
        kind = _field_type(name, info, post, text_limit(name, reference=key), key=key)
        rename = info.alias if info.alias and info.alias != name else None
        if info.is_required():
            spec = msgspec.field(name=rename) if rename else msgspec.NODEFAULT
        else:
            default = info.get_default(call_default_factory=True)
            if isinstance(default, list | dict | set):
                raise Unmirrorable(f"{name}: a mutable default")
            spec = msgspec.field(default=default, name=rename)
        fields.append((name, kind) if spec is msgspec.NODEFAULT else (name, kind, spec))
    return fields


def _has_model_validators(model: type[BaseModel]) -> bool:
    """Validators other than the shared ``Fact.check`` hook cannot be mirrored."""
    decorators = model.__pydantic_decorators__
    own = [name for name in decorators.model_validators if name != "_check"]
    fields = [name for name in decorators.field_validators if name != "_within_bounds"]
    return bool(own or fields)


@cache
def _mirror_model(model: type[BaseModel]) -> type:
    """A plain (untagged) struct for a nested model such as a sewer segment."""
    if _has_model_validators(model):
        raise Unmirrorable(f"{model.__name__} has validators")
    post = _Post()
    fields = _struct_fields(model, post, set())
    if post:
        raise Unmirrorable(f"{model.__name__}: nested custom fields")
    return msgspec.defstruct(
        model.__name__, fields, forbid_unknown_fields=True, frozen=True, kw_only=True
    )


def _make_post_init(post: _Post, check: Callable | None) -> Callable | None:
    """The struct's ``__post_init__``, written out for its own fields: a city's batch
    calls it for every fact, and a loop over each kind of check (most of them empty
    for any one type) with a ``getattr`` per field cost more than the checks."""
    if not (post or check):
        return None
    lines = ["def __post_init__(self):"]
    for name in post.datetimes:
        lines += [
            f"    value = self.{name}",
            "    if value is not None:",
            f"        setter(self, {name!r}, parse_datetime(value))",
        ]
    for name in post.money:
        lines += [
            f"    value = self.{name}",
            "    if value is not None:",
            "        value = money(value)",
            "        if money_problem(value):",
            f"            raise ValueError({name + ': not an amount within bounds'!r})",
            f"        setter(self, {name!r}, value)",
        ]
    for name in post.dates:
        lines += [
            f"    value = self.{name}",
            "    if value is not None and not first <= value <= last:",
            f"        raise ValueError({name + ': '!r} + date_problem(value))",
        ]
    for name in post.date_lists:
        lines += [
            f"    for value in self.{name} or ():",
            "        if not first <= value <= last:",
            f"            raise ValueError({name + ': '!r} + date_problem(value))",
        ]
    for name in post.requirements:
        lines += [
            f"    value = self.{name}",
            "    if value is not None and value not in known:",
            f"        raise ValueError({name + ': not a requirement ID'!r})",
        ]
    for name in post.requirement_lists:
        lines += [
            f"    for value in self.{name} or ():",
            "        if value not in known:",
            f"            raise ValueError({name + ': not a requirement ID'!r})",
        ]
    if check is not None:
        lines.append("    check(self)")
    names: dict[str, Any] = {
        "setter": msgspec.structs.force_setattr,
        "parse_datetime": parse_datetime,
        "money": _money,
        "money_problem": money_problem,
        "date_problem": date_problem,
        "first": FIRST_DATE,
        "last": LAST_DATE,
        "known": catalog(),
        "check": check,
    }
    # the text is made of the model's field names (identifiers) and fixed words only
    exec("\n".join(lines), names)
    return names["__post_init__"]


def _money(value: int | float | str) -> Decimal:
    """An amount as msgspec converts a value to ``Decimal``: an int exactly, a float
    by its shortest text (``12.50`` decoded as a float is ``12.5``), a text as
    written; a text that is no number, or is written with other digits than 0-9 or
    with underscores (``bounds.number_text_problem``), is a ``ValueError``."""
    if type(value) is str and number_text_problem(value):
        raise ValueError("not an amount written with the digits 0-9")
    try:
        return Decimal(repr(value)) if type(value) is float else Decimal(value)
    except InvalidOperation:
        raise ValueError("not an amount") from None


def mirror_fact(model: type[Fact]) -> type | None:
    """The tagged struct mirroring a fact model, or None where it cannot be mirrored."""
    if _has_model_validators(model):
        return None
    tag = get_args(model.model_fields["type"].annotation)[0]
    post = _Post()
    try:
        fields = _struct_fields(model, post, {"type"})
    except Unmirrorable:
        return None
    namespace: dict[str, Any] = {
        "dated_by": model.dated_by,
        "references": model.references,
        "list_references": model.list_references,
        "area": model.area,
        "type": tag,
        "date_of": Fact.date_of,
        "__doc__": model.__doc__,
    }
    check = model.check if model.check is not Fact.check else None
    post_init = _make_post_init(post, check)
    if post_init is not None:
        namespace["__post_init__"] = post_init
    try:
        return _defstruct(model.__name__, fields, namespace, tag)
    except (TypeError, ValueError):  # a bound msgspec cannot express on that type
        return None


def _defstruct(name: str, fields: list[tuple], namespace: dict[str, Any], tag: str) -> type:
    return msgspec.defstruct(
        name,
        fields,
        namespace=namespace,
        tag_field="type",
        tag=tag,
        forbid_unknown_fields=True,
        frozen=True,
        kw_only=True,
    )


class FastDecoder:
    """Decodes the fact types that can be mirrored; the rest go to pydantic."""

    def __init__(self, registry: dict[str, type[Fact]]) -> None:
        structs = {}
        for name, model in registry.items():
            struct = mirror_fact(model)
            if struct is not None:
                structs[name] = struct
        self.structs = structs
        self.slow = {name: model for name, model in registry.items() if name not in structs}
        self.union = Union[tuple(structs.values())] if structs else None  # noqa: UP007
        # msgspec keeps what it learns of a type (the union's tags, each struct's
        # fields) on a struct class: converting into a struct that holds the list
        # costs a tenth of converting into ``list[union]``, which is learnt anew on
        # every call — and the sweep calls once per subject group
        self._documents: dict[frozenset[str], msgspec.json.Decoder] = {}
        self._batch = (
            msgspec.defstruct("FactBatch", [("facts", list[self.union])]) if structs else None
        )

    def decode_json_document(self, raw: bytes, names: frozenset[str]) -> dict[str, Any] | None:
        """A JSON facts document decoded as ``orjson.loads`` would, its facts straight
        into the structs (no dictionary per fact first), or None if a fact is not
        plainly valid or the document holds a field not in ``names`` or ``facts``.
        The other fields (``names``) are decoded by orjson from their own text."""
        if self.slow or self.union is None:
            return None
        kind = self._documents.get(names)
        if kind is None:
            fields = [("facts", list[self.union])]
            fields += [(name, msgspec.Raw, msgspec.Raw()) for name in sorted(names)]
            kind = self._documents[names] = msgspec.json.Decoder(
                msgspec.defstruct("FactsDocumentJSON", fields, forbid_unknown_fields=True)
            )
        try:
            decoded = kind.decode(raw)
            data = {
                name: orjson.loads(memoryview(text))
                for name in names
                if (text := getattr(decoded, name))
            }
        except (msgspec.DecodeError, orjson.JSONDecodeError):
            return None
        data["facts"] = DecodedFacts(decoded.facts, raw)
        return data

    def _convert(self, raw_facts: list[Any]) -> list[Any]:
        return msgspec.convert({"facts": raw_facts}, self._batch).facts

    def decode(self, raw_facts: list[Any]) -> list[Any] | None:
        """Every fact decoded, in order, or None if any fact is not plainly valid."""
        if not self.slow and self.union is not None:
            try:
                return self._convert(raw_facts)
            except msgspec.ValidationError:
                return None
        structs = self.structs
        fast_positions: list[int] = []
        fast_raw: list[Any] = []
        slow: list[tuple[int, Any]] = []
        for position, raw in enumerate(raw_facts):
            kind = raw.get("type") if type(raw) is dict else None
            if kind in structs:
                fast_positions.append(position)
                fast_raw.append(raw)
            elif kind in self.slow:
                slow.append((position, raw))
            else:
                return None
        try:
            decoded = self._convert(fast_raw) if fast_raw else []
        except msgspec.ValidationError:
            return None
        if not slow:
            return decoded
        out: list[Any] = [None] * len(raw_facts)
        for position, fact in zip(fast_positions, decoded, strict=True):
            out[position] = fact
        from pydantic import ValidationError

        for position, raw in slow:
            try:
                out[position] = self.slow[raw["type"]].model_validate(raw)
            except ValidationError:
                return None
        return out


_decoder: tuple[int, FastDecoder] | None = None


def decoder() -> FastDecoder:
    """The decoder for the types registered so far (rebuilt when more register)."""
    global _decoder
    if _decoder is None or _decoder[0] != len(FACT_TYPES):
        _decoder = (len(FACT_TYPES), FastDecoder(dict(FACT_TYPES)))
    return _decoder[1]
