"""Plain words for explanations: the names of things, plurals, lists and amounts.

An explanation is what the recipient of a notice and the clerk reading it aloud
are told. It names things as a person would: a business by its name, a premises
by its address, a device by what it is and whose it is, an employee by name,
a permit by its number; never by a record's key, a requirement's ID or a field's
snake_case value. Every area module builds its sentences from these helpers, so
that the same thing is called the same way in every finding.

Where the facts give no name (a scenario that states only ``id`` and
``category``), the thing is described by what it is ("the restaurant", "the
grease interceptor of the restaurant", "the employee hired 2025-02-10").
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Any

#: value spellings that read better than the value with its underscores replaced
_VALUE_WORDS: dict[str, str] = {
    "street_sewer": "the public sewer",
    "property_line": "the property line",
    "building": "the building",
    "food_service_establishment": "food service establishment",
    "fog_conditional": "conditional FOG waiver",
    "fog_variance": "FOG variance",
    "de_minimis": "de minimis",
    "physical_space": "physical space",
    "nov": "notice of violation",
    "cart_tag": "cart tag",
    "noncompliance": "notice of noncompliance",
    "education": "educational material",
    "y_branch": "Y-branch",
    "vitrified_clay": "vitrified clay",
    "abs": "ABS",
    "pvc": "PVC",
    "mixed_use": "mixed use",
    "black": "black container",
    "total": "total",
    "local_education_agency": "local education agency",
    "state_agency_cafeteria": "state agency cafeteria",
    "food_recovery_organization": "food recovery organization",
    "food_recovery_service": "food recovery service",
}

#: how each kind of device is called
_DEVICE_WORDS: dict[str, str] = {
    "grease_interceptor": "grease interceptor",
    "grease_trap": "grease trap",
    "sand_trap": "sand trap",
    "neutralizing_tank": "neutralizing tank",
}

#: what a fact of each type is called when it has no name of its own
_TYPE_WORDS: dict[str, str] = {
    "bmp_submittal": "BMP program submittal",
    "nov": "notice of violation",
    "pump_out": "pump-out",
    "set_out": "set-out",
    "fog_observation": "FOG observation",
    "fog_decision": "Director's FOG decision",
}

_IRREGULAR_PLURALS: dict[str, str] = {
    "person": "people",
    "day": "days",
    "inch": "inches",
    "foot": "feet",
    "business": "businesses",
    "premises": "premises",
    "series": "series",
    "facility": "facilities",
    "quantity": "quantities",
    "company": "companies",
    "agency": "agencies",
    "entity": "entities",
    "property": "properties",
}


def words(value: Any) -> str:
    """A vocabulary value in plain words: ``street_sewer`` → "the public sewer",
    ``grease_trap`` → "grease trap"."""
    text = str(value)
    return _VALUE_WORDS.get(text) or _DEVICE_WORDS.get(text) or text.replace("_", " ")


def type_words(type_name: str) -> str:
    """A fact type in plain words: ``pump_out`` → "pump-out"."""
    return _TYPE_WORDS.get(type_name) or type_name.replace("_", " ")


def plural(count: int | float | Decimal, singular: str, many: str | None = None) -> str:
    """ "1 kitchen sink outlet", "3 kitchen sink outlets", "0 approved grease traps"."""
    return f"{number(count)} {noun(count, singular, many)}"


def noun(count: int | float | Decimal, singular: str, many: str | None = None) -> str:
    """The noun alone, singular or plural by ``count``: "outlet", "outlets"."""
    if count == 1:
        return singular
    if many is not None:
        return many
    head, _, last = singular.rpartition(" ")
    if last in _IRREGULAR_PLURALS:
        last = _IRREGULAR_PLURALS[last]
    elif last.endswith(("s", "x", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in "aeiou":
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def listing(items: Iterable[str], conjunction: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    parts = [str(p) for p in items]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {conjunction} " + parts[-1]


def possessive(name: str) -> str:
    """ "Canyon Sewer Contractors'" and "Arroyo Pho's"."""
    return name + ("'" if name.endswith("s") else "'s")


def number(value: int | float | Decimal) -> str:
    """1,000 and 2.5: thousands grouped, no trailing ".0"."""
    if isinstance(value, bool):
        return str(value)
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,}"


def dollars(value: int | float | Decimal) -> str:
    amount = Decimal(str(value))
    if amount == amount.to_integral_value():
        return f"${amount:,.0f}"
    return f"${amount:,.2f}"


def day(value: date | datetime | None) -> str:
    """A date as ``YYYY-MM-DD`` and a time as ``YYYY-MM-DD HH:MM``, as findings print them."""
    if value is None:
        return "no date"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    return value.isoformat()


def capital(text: str) -> str:
    """The sentence's first letter in capitals, the rest as it is."""
    return text[:1].upper() + text[1:]


_QUARTER_WORDS = {"1": "first", "2": "second", "3": "third", "4": "fourth"}


def period_words(period: str) -> str:
    """A finding's period read aloud: "2024" stays, "2024-Q3" is "the third quarter
    of 2024"; any other label is kept as written."""
    year, _, quarter = str(period).partition("-Q")
    if quarter in _QUARTER_WORDS and year.isdigit():
        return f"the {_QUARTER_WORDS[quarter]} quarter of {year}"
    return str(period)


# --------------------------------------------------------------------------- names of things


def name_of(ctx: Any, thing: Any) -> str:
    """What a person calls ``thing`` (a fact, or a fact's id) in a sentence,
    lower-case where it is a description ("the grease interceptor of Arroyo Pho"),
    as written where it is a name ("Arroyo Pho", "412 S Del Mar Ave")."""
    fact = ctx.get(thing) if isinstance(thing, str) else thing
    if fact is None:
        return "a record not on file"
    namer = _NAMERS.get(fact.type)
    if namer is not None:
        return namer(ctx, fact)
    return _event_name(ctx, fact)


def names_of(ctx: Any, things: Iterable[Any]) -> str:
    """Several things named and listed: "Arroyo Pho, Bamboo Cafe and Casa Verde"."""
    return listing(dict.fromkeys(name_of(ctx, t) for t in things))


def _establishment(ctx: Any, fact: Any) -> str:
    if getattr(fact, "name", None):
        return fact.name
    premises = ctx.get(getattr(fact, "premises", None))
    address = getattr(fact, "address", None) or (premises and getattr(premises, "address", None))
    what = words(fact.category) if getattr(fact, "category", None) not in (None, "other") else ""
    what = what or "establishment"
    return f"the {what} at {address}" if address else f"the {what}"


def _premises(ctx: Any, fact: Any) -> str:
    if getattr(fact, "address", None):
        return fact.address
    return "the premises"


def _device(ctx: Any, fact: Any) -> str:
    kind = _DEVICE_WORDS.get(fact.kind, words(fact.kind))
    owner = ctx.get(getattr(fact, "establishment", None))
    size = ""
    gallons = getattr(fact, "capacity_gallons", None)
    if gallons and len(_same_kind(ctx, fact)) > 1:
        size = f"{number(gallons)}-gallon "
    return f"the {size}{kind} of {name_of(ctx, owner)}" if owner else f"the {size}{kind}"


def _same_kind(ctx: Any, fact: Any) -> list[Any]:
    return [
        d
        for d in ctx.referring("device", "establishment", getattr(fact, "establishment", None))
        if d.kind == fact.kind
    ]


def _employee(ctx: Any, fact: Any) -> str:
    name = getattr(fact, "name", None)
    if name:
        return name
    owner = ctx.get(getattr(fact, "establishment", None))
    hired = f" hired {day(fact.hired_on)}" if getattr(fact, "hired_on", None) else ""
    at = f" of {name_of(ctx, owner)}" if owner else ""
    return f"the employee{at}{hired}"


def _permit(ctx: Any, fact: Any) -> str:
    number_ = getattr(fact, "number", None)
    premises = ctx.get(getattr(fact, "premises", None))
    where = f" for {name_of(ctx, premises)}" if premises is not None else ""
    if number_:
        return f"permit {number_}{where}"
    issued = f" issued {day(fact.issued_on)}" if getattr(fact, "issued_on", None) else ""
    return f"the {words(fact.kind)} permit{where}{issued}"


def _notice(ctx: Any, fact: Any) -> str:
    kind = words(getattr(fact, "kind", None) or "nov")
    issued = getattr(fact, "issued_on", None)
    return f"the {kind} of {day(issued)}" if issued else f"the {kind}"


def _event_name(ctx: Any, fact: Any) -> str:
    """An event: "the pump-out of 2026-09-01", or with no date "the pump-out"."""
    what = type_words(fact.type)
    name = getattr(fact, "name", None)
    if isinstance(name, str) and name:
        return name
    dated_by = getattr(fact, "dated_by", None)
    when = getattr(fact, dated_by, None) if dated_by else None
    return f"the {what} of {day(when)}" if when is not None else f"the {what}"


_NAMERS = {
    "establishment": _establishment,
    "premises": _premises,
    "device": _device,
    "employee": _employee,
    "permit": _permit,
    "notice": _notice,
}


def namer(type_name: str) -> Any:
    """Register how a fact of ``type_name`` is named in a sentence: an area module
    names its own fact types (``@namer("cesspool")`` on ``fn(ctx, fact) -> str``)."""

    def register(func: Any) -> Any:
        _NAMERS[type_name] = func
        return func

    return register


def has_namer(type_name: str) -> bool:
    """Whether an area names facts of ``type_name`` itself; the others are named as
    events ("the pump-out of 2026-09-01")."""
    return type_name in _NAMERS


@cache
def requirement_words(requirement: str) -> str:
    """A requirement named in a sentence, by its title in lower case: "the
    interceptor pump-out frequency" rule for FOG-MIN-FREQUENCY reads as
    "interceptor pump-out frequency". Worked out once per requirement: the titles
    are the catalog's, fixed for the process, and a city's findings name the same
    few dozen requirements hundreds of thousands of times."""
    from sanitas.ordinance.catalog import title

    text = title(requirement)
    first = text.split(" ", 1)[0]
    # keep initialisms and names ("FOG", "SB"), lower an ordinary first word ("A", "No")
    initialism = first.isupper() and len(first) > 1
    return text if initialism or not first[:1].isupper() else text[0].lower() + text[1:]
