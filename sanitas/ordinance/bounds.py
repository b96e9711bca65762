"""The bounds of every value the engine accepts, in one place.

A fact's values end up in date arithmetic, in the records' database columns and
in messages a clerk reads, so each kind of value is held within what all three
can take, and a value beyond it is refused at validation, naming the fact and
the field, like any other bad value:

- **dates** (and the date of a date and time, a reporting period's year, the
  as-of date) lie from 1900-01-01 to 2199-12-31. The city's oldest records (the
  sewer permits of its first decades) come after 1900, and the deadlines the law
  sets are days, months or a few years after a fact, so no rule's arithmetic
  comes near the calendar's end (9999-12-31). The end also bounds the work of an
  evaluation: each periodic obligation (a quarterly report, a semiannual
  training) makes one finding per period up to the as-of date, so a far-off as-of
  date multiplies the findings (measured: the example city block of 32 facts
  evaluates in under a second as of 2199-12-31, making some 5,200 findings; as of
  9000-01-01 it would make forty times as many, after computing the holidays of
  every year to then).
- **whole numbers** fit a signed 64-bit database integer.
- **other numbers** (gallons, feet, square feet, pounds) are finite and at most a
  million billion (10^15) either way: far beyond any measure of the law, and
  small enough that a fee computed from one still fits an amount.
- **amounts in dollars** have at most twelve digits before the cents (the
  records' amounts hold fourteen digits, two of them cents).
- **text** has no control character other than tab, line feed and carriage
  return (no NUL, which PostgreSQL cannot store in text; none of the others,
  which an XLSX file cannot hold), and no lone half of a UTF-16 surrogate pair,
  which is not a character at all. An id, or a field naming another fact, holds
  at most 200 characters (the records' keys); free text for people (``notes``,
  ``repairs``, ``defects``) at most 10,000; any other text (a name, an address)
  at most 300.

- **numbers written as text** (a money amount, a cell of a feed, a form's field, a
  query parameter) use the digits 0 to 9 alone: Python's ``int()``, ``float()`` and
  ``Decimal()`` also read other scripts' digits (full-width ``１２``, Arabic-Indic
  ``١٢``) and underscores between digits (``1_000``), which nobody here means to
  write and which a person reading the record would not see as that number.
- **keys** (an ``id``, and a field naming another fact) are letters A to Z and a
  to z, digits 0 to 9 and ``- _ . : ~ /``, and begin with a letter or a digit: what
  the demo city, the feeds (``license-…``, ``manifest-…``), the notices
  (``extension-…``, ``order-…``, ``appeal-…``) and the records' content keys
  (``pump_out~3f2a…``) use. A key ends up in addresses, file names, CSV cells and
  messages, so no space, quote, ``<>``, ``%``, backslash, control character or
  look-alike from another script is taken.

This module is pure and imports nothing of the engine: ``facts.py`` applies it
to every field of every fact, ``fastpath.py`` mirrors it, and the edges (the
command line, the importer, the API) use the same bounds and messages.
"""

from __future__ import annotations

import math
import re
import reprlib
import unicodedata
from datetime import date
from decimal import Decimal
from typing import Any

FIRST_DATE = date(1900, 1, 1)
LAST_DATE = date(2199, 12, 31)
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
NUMBER_MAX = 10.0**15
MONEY_MAX = Decimal("999999999999.99")
ID_MAX = 200
TEXT_MAX = 300
LONG_TEXT_MAX = 10_000
LONG_TEXT_FIELDS = frozenset({"notes", "repairs", "defects"})

#: text without the characters the records cannot hold (see the module docstring)
TEXT_PATTERN = r"\A[^\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]*\Z"
_FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")
#: a reporting period ("2024", "2025-Q1") whose year lies within the dates above
PERIOD_PATTERN = r"^(?:19[0-9][0-9]|2[01][0-9][0-9])(?:-Q[1-4])?$"
#: a key: letters, digits and ``-_.:~/``, beginning with a letter or a digit
KEY_PATTERN = r"\A[A-Za-z0-9][A-Za-z0-9._:~/-]*\Z"
_KEY = re.compile(KEY_PATTERN)
_NOT_KEY = re.compile(r"[^A-Za-z0-9._:~/-]")
#: nesting deeper than this in a value is refused (no field of the vocabulary nests
#: more than a list of mappings)
MAX_DEPTH = 8


def text_limit(name: str, *, reference: bool = False) -> int:
    """How many characters the field ``name`` holds."""
    if name == "id" or reference:
        return ID_MAX
    if name in LONG_TEXT_FIELDS:
        return LONG_TEXT_MAX
    return TEXT_MAX


def date_problem(day: date) -> str | None:
    if FIRST_DATE <= day <= LAST_DATE:
        return None
    return (
        f"{day.isoformat()} is outside the dates Sanitas works with "
        f"({FIRST_DATE.isoformat()} to {LAST_DATE.isoformat()})"
    )


def check_date(day: date) -> date:
    """``day``, or ``ValueError`` if it is out of bounds."""
    problem = date_problem(day)
    if problem:
        raise ValueError(problem)
    return day


def year_problem(year: int) -> str | None:
    if FIRST_DATE.year <= year <= LAST_DATE.year:
        return None
    return f"{year} is outside the years Sanitas works with ({FIRST_DATE.year} to {LAST_DATE.year})"


def text_problem(text: str, limit: int) -> str | None:
    """Why ``text`` cannot be stored in a field of ``limit`` characters, or None.
    The length is looked at first, so an oversized value is never scanned."""
    if len(text) > limit:
        return f"text of {len(text):,} characters; this field holds at most {limit:,}"
    bad = _FORBIDDEN.search(text)
    if bad is None:
        return None
    char = bad.group()
    where = f"at character {bad.start() + 1:,}"
    if "\ud800" <= char <= "\udfff":
        return f"holds U+{ord(char):04X} {where}, half of a UTF-16 pair, which is no character"
    return (
        f"holds the control character U+{ord(char):04X} {where}, which cannot be stored; remove it"
    )


def is_key(key: str) -> bool:
    """Whether ``key`` is a key (what :func:`key_problem` takes without a word)."""
    return len(key) <= ID_MAX and _KEY.match(key) is not None


def key_problem(key: str) -> str | None:
    """Why ``key`` is no key (see the module docstring), or None: its length, then the
    first character a key does not take, named and placed."""
    if len(key) > ID_MAX:
        return f"a key of {len(key):,} characters; a key holds at most {ID_MAX:,}"
    if _KEY.match(key):
        return None
    if not key:
        return "an empty key; a key is letters, digits and - _ . : ~ /"
    bad = _NOT_KEY.search(key)
    if bad is None:  # only its first character is wrong
        return (
            f"{shown(key)} begins with {_character(key[0])}; a key begins with a letter or a digit"
        )
    return (
        f"{shown(key)} holds {_character(bad.group())} at character {bad.start() + 1:,}; "
        "a key is letters A-Z and a-z, digits 0-9 and - _ . : ~ / alone"
    )


def number_text_problem(text: str) -> str | None:
    """Why ``text``, the written form of a number, is refused before Python reads
    it, or None: it uses a digit or another character outside ASCII (full-width
    ``１２``, Arabic-Indic ``١٢``), or an underscore (``1_000``). Whether it is a number
    at all is for the reader to say."""
    flaw = number_text_flaw(text)
    return None if flaw is None else f"{shown(text)} {flaw}"


def number_text_flaw(text: str) -> str | None:
    """:func:`number_text_problem` without the text itself: "holds an underscore…"."""
    for index, char in enumerate(text):
        if char == "_":
            return (
                f"holds an underscore at character {index + 1:,}; write the number with "
                "the digits 0-9 alone (1000, not 1_000)"
            )
        if not char.isascii():
            return (
                f"holds {_character(char)} at character {index + 1:,}; write the number "
                "with the digits 0-9"
            )
    return None


def _character(char: str) -> str:
    """A character as a message names it: ``'%' (U+0025 PERCENT SIGN)``."""
    name = unicodedata.name(char, "")
    control = unicodedata.category(char) in ("Cc", "Cs")
    shown_char = "the control character" if control else repr(char)
    return f"{shown_char} (U+{ord(char):04X}{' ' + name if name else ''})"


def int_problem(number: int) -> str | None:
    if INT_MIN <= number <= INT_MAX:
        return None
    return (
        f"{shown(number)} is beyond the whole numbers the records hold "
        f"(at most {INT_MAX:,} either way)"
    )


def number_problem(number: float) -> str | None:
    if math.isnan(number):
        return "not a number (nan)"
    if -NUMBER_MAX <= number <= NUMBER_MAX:
        return None
    return f"{number!r} is beyond the numbers accepted here (at most {NUMBER_MAX:,.0f} either way)"


def money_problem(amount: Decimal) -> str | None:
    if not amount.is_finite():
        return f"expected an amount in dollars, got {amount}"
    if -MONEY_MAX <= amount <= MONEY_MAX:
        return None
    if abs(amount.adjusted()) > 40:
        text = shown(amount)
    else:
        text = f"{'-' if amount < 0 else ''}${abs(amount):,}"
    return f"{text} is beyond the amounts the records hold (at most ${MONEY_MAX:,} either way)"


def value_problem(value: Any, limit: int, depth: int = 0, *, numbers: bool = True) -> str | None:
    """Why a validated field value is out of bounds, or None: its text (at most
    ``limit`` characters each), its numbers (unless ``numbers`` is false), and those
    of the lists and nested models it holds (named by position and field:
    ``[2].material: …``)."""
    kind = type(value)
    if kind is str:
        return text_problem(value, limit)
    if value is None or kind is bool:
        return None
    if kind is int:
        return int_problem(value) if numbers else None
    if kind is float:
        return number_problem(value) if numbers else None
    if depth >= MAX_DEPTH:
        return f"nested more than {MAX_DEPTH} deep"
    if kind is list or kind is tuple:
        for index, item in enumerate(value):
            problem = value_problem(item, limit, depth + 1, numbers=numbers)
            if problem:
                return f"[{index}]{'' if problem.startswith(('[', '.')) else ': '}{problem}"
        return None
    if kind is dict:
        for key, item in value.items():
            problem = value_problem(key, limit, depth + 1, numbers=numbers) or value_problem(
                item, limit, depth + 1, numbers=numbers
            )
            if problem:
                return f"[{shown(key)}]: {problem}"
        return None
    fields = getattr(kind, "model_fields", None)  # a nested model (a sewer segment)
    if isinstance(fields, dict):
        for name, info in fields.items():
            problem = value_problem(getattr(value, name), limit, depth + 1, numbers=numbers)
            if problem:
                return f".{info.alias or name}: {problem}"
    return None


def short_text(text: str, limit: int = 60) -> str:
    """``text`` itself, or its first characters and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Shown(reprlib.Repr):
    """A repr short enough for a message, whatever it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = self.maxlong = 60
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6
        self.maxlevel = 3

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 190:  # beyond 57 digits: say how long, never convert it all
            digits = int(x.bit_length() * math.log10(2)) + 1
            return f"{'-' if x < 0 else ''}a whole number of about {digits:,} digits"
        return repr(x)

    def repr_Decimal(self, x: Decimal, level: int) -> str:
        exponent = x.adjusted() if x.is_finite() else 0
        if abs(exponent) > 40:
            return f"an amount of about 10^{exponent}"
        return str(x)


_shown = _Shown()


def shown(value: Any) -> str:
    """``repr(value)`` cut short: at most some sixty characters of any text, a few
    items of any list, three levels of nesting, never all of a huge number."""
    try:
        return _shown.repr(value)
    except Exception:  # a value whose own repr fails
        return f"a {type(value).__name__}"
