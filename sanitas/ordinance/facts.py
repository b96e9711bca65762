"""The fact vocabulary: what the engine accepts, field by field.

A fact is a mapping with a ``type``. Things (establishments, devices, permits)
carry an ``id``; events (a pump-out, a training, a notice) may. A field that
names another fact holds that fact's ``id``. Each type is a pydantic model
registered with :func:`fact_type`; the reference page (``sanitas vocabulary``)
is generated from these models, so their docstrings and field descriptions are
the documentation.

This module holds only what every fact shares (the base, the field types, the
registry and the validation); each area declares its own types beside its rules
with :func:`fact_type`, and every type is validated the same way, completely,
before anything is evaluated.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from itertools import chain
from operator import attrgetter
from types import UnionType
from typing import Annotated, Any, ClassVar, Literal, Union, get_args, get_origin

import orjson
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo

from sanitas.ordinance.bounds import (
    check_date,
    is_key,
    key_problem,
    money_problem,
    number_text_flaw,
    number_text_problem,
    short_text,
    shown,
    text_limit,
    value_problem,
    year_problem,
)
from sanitas.ordinance.catalog import catalog

# --------------------------------------------------------------------------- field types

# the digits 0-9 alone (``\d`` would take other scripts' digits too: see bounds.py)
_DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_DATETIME_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$")


def parse_date(value: Any) -> Any:
    if isinstance(value, datetime):
        raise ValueError("expected a date (YYYY-MM-DD), got a date and time")
    if isinstance(value, date):
        return check_date(value)
    if isinstance(value, str) and _DATE_RE.match(value):
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a calendar date") from None
        return check_date(day)
    raise ValueError(f"expected a date (YYYY-MM-DD), got {shown(value)}")


def parse_datetime(value: Any) -> Any:
    if isinstance(value, datetime):
        check_date(value.date())
        return value.replace(second=0, microsecond=0, tzinfo=None)
    if isinstance(value, str) and _DATETIME_RE.match(value):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a calendar date and time") from None
        check_date(moment.date())
        return moment
    raise ValueError(f"expected a date and time (YYYY-MM-DDTHH:MM), got {shown(value)}")


def parse_money(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError(f"expected an amount in dollars, got {value!r}")
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int | float | str):
        if isinstance(value, str) and (problem := number_text_problem(value)):
            raise ValueError(f"expected an amount in dollars: {problem}")
        try:
            # an int exactly (its text may be too long for str()), the rest as written
            amount = Decimal(value) if isinstance(value, int) else Decimal(str(value))
        except InvalidOperation:
            raise ValueError(f"expected an amount in dollars, got {shown(value)}") from None
        if not amount.is_finite():
            raise ValueError(f"expected an amount in dollars, got {value!r}")
    else:
        raise ValueError(f"expected an amount in dollars, got {shown(value)}")
    problem = money_problem(amount)
    if problem:
        raise ValueError(problem)
    return amount


def parse_period(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9999:
        value = str(value)
    if isinstance(value, str) and re.match(r"^[0-9]{4}(-Q[1-4])?$", value):
        problem = year_problem(int(value[:4]))
        if problem:
            raise ValueError(problem)
        return value
    raise ValueError(f'expected a reporting period such as "2024" or "2025-Q1", got {shown(value)}')


def parse_requirement(value: Any) -> Any:
    if isinstance(value, str) and value in catalog():
        return value
    raise ValueError(f"{value!r} is not a requirement ID of the catalog")


Date = Annotated[date, BeforeValidator(parse_date)]
DateTime = Annotated[datetime, BeforeValidator(parse_datetime)]
Money = Annotated[Decimal, BeforeValidator(parse_money)]
Period = Annotated[str, BeforeValidator(parse_period)]
RequirementId = Annotated[str, BeforeValidator(parse_requirement)]


def ref(*types: str, description: str = "") -> Any:
    """A field holding the ``id`` of another fact of one of ``types`` (any type when
    none are given); optional fields get ``None`` as default."""
    return Field(default=None, description=description, json_schema_extra={"ref": list(types)})


def required_ref(*types: str, description: str = "") -> Any:
    """A required field holding the ``id`` of another fact."""
    return Field(description=description, json_schema_extra={"ref": list(types)})


# --------------------------------------------------------------------------- base and registry


class Fact(BaseModel):
    """Common to every fact."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: str
    id: str | None = Field(
        default=None,
        description="A unique name for this fact: letters, digits and - _ . : ~ /, "
        "beginning with a letter or a digit.",
    )
    notes: str | None = Field(default=None, description="Free text for people; never evaluated.")

    #: the field that dates the fact: a fact dated after the as-of date has not happened yet
    dated_by: ClassVar[str | None] = None
    #: reference fields, filled in by :func:`fact_type`: field name → accepted types
    references: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: list fields whose items are references
    list_references: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: the area that declares the type (``fog``, ``general``, …)
    area: ClassVar[str] = "core"

    def check(self) -> None:
        """Rules across fields of one fact; raise ``ValueError`` with the message."""

    @field_validator("*", mode="after")
    @classmethod
    def _within_bounds(cls, value: Any, info: ValidationInfo) -> Any:
        """Every field of every type within the bounds the records and the date
        arithmetic can hold (``bounds.py``; ``fastpath.py`` mirrors this)."""
        name = info.field_name or ""
        key = name == "id" or name in cls.references or name in cls.list_references
        problem = value_problem(value, text_limit(name, reference=key))
        if problem is None and key:
            problem = _keys_problem(value)
        if problem:
            raise ValueError(problem)
        return value

    @model_validator(mode="after")
    def _check(self) -> Fact:
        self.check()
        return self

    def date_of(self) -> date | None:
        if self.dated_by is None:
            return None
        value = getattr(self, self.dated_by)
        if isinstance(value, datetime):
            return value.date()
        return value


def _keys_problem(value: Any) -> str | None:
    """Why the key in an ``id`` or a reference, or one of a list of them, is no key
    (``bounds.key_problem``), or None."""
    if isinstance(value, str):
        return key_problem(value)
    if isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str) and (problem := key_problem(item)):
                return f"[{index}]: {problem}"
    return None


FACT_TYPES: dict[str, type[Fact]] = {}


def fact_type(cls: type[Fact]) -> type[Fact]:
    """Register a fact model under the literal value of its ``type`` field."""
    annotation = cls.model_fields["type"].annotation
    if get_origin(annotation) is not Literal:
        raise TypeError(f"{cls.__name__}.type must be a Literal")
    (name,) = get_args(annotation)
    refs: dict[str, tuple[str, ...]] = {}
    list_refs: dict[str, tuple[str, ...]] = {}
    for field_name, info in cls.model_fields.items():
        extra = info.json_schema_extra
        if isinstance(extra, dict) and "ref" in extra:
            types = tuple(extra["ref"])
            if get_origin(info.annotation) is list or "list" in str(info.annotation):
                list_refs[field_name] = types
            else:
                refs[field_name] = types
    cls.references = refs
    cls.list_references = list_refs
    cls.area = _area_of(cls.__module__)
    if name in FACT_TYPES and FACT_TYPES[name] is not cls:
        raise TypeError(f"fact type {name!r} registered twice")
    FACT_TYPES[name] = cls
    return cls


def _area_of(module: str) -> str:
    """The area a type is declared in: ``fog`` for ``sanitas.ordinance.fog`` and for
    its section modules (``sanitas.ordinance.fog.pretreatment``)."""
    package = __name__.rsplit(".", 1)[0] + "."
    if module.startswith(package):
        module = module[len(package) :]
    return module.split(".", 1)[0]


class Row(BaseModel):
    """One of the objects a list-of-objects field holds (a design's runs, a charge's
    costs): not a fact of its own, and a record's form edits each as a row of labelled
    inputs, one per field, derived from its model as a fact's fields are."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    #: what one of them is called, as a form heads its row ("run": "Run 3")
    row_word: ClassVar[str] = "row"


def row_model(annotation: Any) -> type[Row] | None:
    """The model of the objects a field of ``annotation`` holds when it is a list of
    them (``list[Segment]``, optional or not), else None."""
    if get_origin(annotation) in (Union, UnionType):
        others = [a for a in get_args(annotation) if a is not type(None)]
        if len(others) != 1:
            return None
        (annotation,) = others
    if get_origin(annotation) is not list:
        return None
    (item,) = get_args(annotation)
    return item if isinstance(item, type) and issubclass(item, Row) else None


def row_fields(model: type[Row]) -> list[tuple[str, str, FieldInfo]]:
    """(name, key, info) of each field of a row's model, in order: ``key`` is the name a
    facts file writes it under (its alias: a run's ``from``)."""
    return [(name, info.alias or name, info) for name, info in model.model_fields.items()]


class Thing(Fact):
    """A fact that other facts refer to: it must have an ``id``."""

    id: str = Field(
        description="A unique name for this fact, by which other facts refer to it: "
        "letters, digits and - _ . : ~ /, beginning with a letter or a digit."
    )


# --------------------------------------------------------------------------- validation


class FactsError(Exception):
    """A facts document that cannot be evaluated; ``problems`` holds one line per defect."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def describe(position: int, raw: Any) -> str:
    """How a problem names a fact: by its id where it has one, else by its position."""
    ident = raw.get("id") if isinstance(raw, dict) else None
    kind = raw.get("type") if isinstance(raw, dict) else None
    label = f"fact {position + 1}"
    if isinstance(ident, str) and ident:
        label += f" (id {shown(ident)}"
        label += f", {short_text(kind)})" if isinstance(kind, str) else ")"
    elif isinstance(kind, str):
        label += f" ({short_text(kind)})"
    return label


def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + short_text(str(part))
    return out or "(fact)"


def _message(error: dict[str, Any]) -> str:
    kind = error["type"]
    value = error.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "value_error":
        return str(error["ctx"]["error"]) if "ctx" in error else error["msg"]
    if kind == "literal_error":
        expected = error.get("ctx", {}).get("expected", "")
        return f"{shown(value)} is not one of {expected}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, got {shown(value)}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {_number_shown(value)}"
    if kind in ("float_type", "float_parsing"):
        return f"expected a number, got {_number_shown(value)}"
    if kind in ("string_type",):
        return f"expected text, got {shown(value)}"
    if kind in ("list_type",):
        return f"expected a list, got {shown(value)}"
    if kind in ("model_type", "dict_type"):
        return f"expected a mapping, got {shown(value)}"
    msg = error["msg"]
    return f"{msg[0].lower()}{msg[1:]}" + (f" (got {shown(value)})" if "input" in error else "")


def _number_shown(value: Any) -> str:
    """A value given for a number, and, when it is text written like one with other
    digits or underscores (``1_000``, ``１２``), why that is not taken either."""
    flaw = number_text_flaw(value) if isinstance(value, str) else None
    return shown(value) if flaw is None else f"{shown(value)}, which {flaw}"


def _validation_problems(label: str, exc: ValidationError) -> list[str]:
    problems = []
    for error in exc.errors(include_url=False):
        loc = tuple(p for p in error["loc"] if not str(p).startswith("function-"))
        problems.append(f"{label}: {_loc(loc)}: {_message(error)}")
    return problems


def parse_fact(raw: Any, position: int) -> tuple[Fact | None, list[str]]:
    label = describe(position, raw)
    if not isinstance(raw, dict):
        return None, [f"{label}: a fact is a mapping with a 'type', got {shown(raw)}"]
    kind = raw.get("type")
    if kind is None:
        return None, [f"{label}: type: required field is missing"]
    model = FACT_TYPES.get(kind) if isinstance(kind, str) else None
    if model is None:
        return None, [f"{label}: type: unknown fact type {shown(kind)}"]
    try:
        return model.model_validate(raw), []
    except ValidationError as exc:
        return None, _validation_problems(label, exc)


class DecodedFacts(list):
    """Facts decoded straight from a JSON document's text into the fast structs, each
    plainly valid (``FastDecoder.decode_json_document``); ``raw`` is that text, decoded
    again as any document is when the facts' identities do not hold, so that the
    thorough path can report every problem."""

    __slots__ = ("raw",)

    def __init__(self, facts: list[Any], raw: bytes) -> None:
        super().__init__(facts)
        self.raw = raw


def parse_facts(raw_facts: Any, *, known: dict[str, str] | None = None) -> list[Fact]:
    """Validate every fact, then every reference; raise :class:`FactsError` listing
    every problem, or return the facts. ``known`` maps ids held elsewhere (records
    already stored) to their types: references to them are valid too."""
    if not isinstance(raw_facts, list):
        raise FactsError([f"facts: expected a list of facts, got {type(raw_facts).__name__}"])
    from sanitas.ordinance.engine import paused_gc
    from sanitas.ordinance.fastpath import decoder

    # a city's batch decodes into hundreds of thousands of facts that all live on, so
    # the collector's passes meanwhile (the later ones over every fact so far) free
    # nothing: it is paused as for an evaluation
    if type(raw_facts) is DecodedFacts:
        with paused_gc():
            if _identities_hold(raw_facts, known):
                return list(raw_facts)
            raw_facts = orjson.loads(raw_facts.raw)["facts"]
    with paused_gc():
        decoded = decoder().decode(raw_facts)
        if decoded is not None and _identities_hold(decoded, known):
            return decoded
    return _parse_facts_reporting(raw_facts, known)


def _identities_hold(facts: list[Fact], known: dict[str, str] | None = None) -> bool:
    """Every id unique and every reference to a fact of an accepted type."""
    ids = [fact.id for fact in facts if fact.id is not None]
    types_by_id = {fact.id: fact.type for fact in facts if fact.id is not None}
    if len(types_by_id) != len(ids):
        return False
    if known:
        types_by_id = {**known, **types_by_id}
    by_class: dict[type, list[Fact]] = {}
    for fact in facts:
        by_class.setdefault(type(fact), []).append(fact)
    for cls, group in by_class.items():
        for field_name, allowed in cls.references.items():
            targets = set(map(attrgetter(field_name), group))
            targets.discard(None)
            if not _targets_hold(targets, allowed, types_by_id):
                return False
        for field_name, allowed in cls.list_references.items():
            lists = filter(None, map(attrgetter(field_name), group))
            if not _targets_hold(set(chain.from_iterable(lists)), allowed, types_by_id):
                return False
    return True


def _targets_hold(targets: set[str], allowed: tuple[str, ...], types: dict[str, str]) -> bool:
    for target in targets:
        actual = types.get(target)
        if actual is None or (allowed and actual not in allowed):
            return False
    return True


def _parse_facts_reporting(raw_facts: list[Any], known: dict[str, str] | None = None) -> list[Fact]:
    """The thorough path: pydantic validation of every fact, every problem reported."""
    problems: list[str] = []
    facts: list[Fact] = []
    positions: list[int] = []
    first_seen: dict[str, int] = {}
    for position, raw in enumerate(raw_facts):
        fact, fact_problems = parse_fact(raw, position)
        problems.extend(fact_problems)
        ident = raw.get("id") if isinstance(raw, dict) else None
        if isinstance(ident, str):
            if ident in first_seen:
                problems.append(
                    f"{describe(position, raw)}: id: {ident!r} is already the id of "
                    f"fact {first_seen[ident] + 1}"
                )
            else:
                first_seen[ident] = position
        if fact is not None:
            facts.append(fact)
            positions.append(position)
    # references are checked against every fact given, valid or not, so that one
    # bad fact does not hide or invent problems in the facts that name it
    types_by_id = {
        **(known or {}),
        **{
            raw["id"]: raw.get("type")
            for raw in raw_facts
            if isinstance(raw, dict) and isinstance(raw.get("id"), str)
        },
    }
    parsed = dict(zip(positions, facts, strict=True))
    for position, raw in enumerate(raw_facts):
        kind = raw.get("type") if isinstance(raw, dict) else None
        model = FACT_TYPES.get(kind) if isinstance(kind, str) else None
        if model is None:
            continue
        label = describe(position, raw)
        fact = parsed.get(position)
        for field_name, allowed in model.references.items():
            target = getattr(fact, field_name) if fact else raw.get(field_name)
            if isinstance(target, str) and is_key(target):  # else refused as no key
                problems.extend(_check_ref(label, field_name, target, allowed, types_by_id))
        for field_name, allowed in model.list_references.items():
            targets = getattr(fact, field_name) if fact else raw.get(field_name)
            if not isinstance(targets, list):
                continue
            for index, target in enumerate(targets):
                if isinstance(target, str) and is_key(target):
                    problems.extend(
                        _check_ref(label, f"{field_name}[{index}]", target, allowed, types_by_id)
                    )
    if problems:
        raise FactsError(problems)
    return facts


def _check_ref(
    label: str, field_name: str, target: str, allowed: tuple[str, ...], types: dict[str, str]
) -> list[str]:
    actual = types.get(target)
    if actual is None:
        return [f"{label}: {field_name}: no fact has the id {target!r}"]
    if allowed and actual not in allowed:
        return [
            f"{label}: {field_name}: {target!r} is a {actual}, expected " + " or ".join(allowed)
        ]
    return []


def vocabulary() -> dict[str, type[Fact]]:
    """Every registered fact type, by name (area modules register on import)."""
    return dict(sorted(FACT_TYPES.items()))
