"""An explanation as a message with named arguments, rendered per language.

A rule declares each of its messages once, next to itself, with the English
template (``declare``); the call makes a :class:`Message`: the id and the named
arguments, nothing rendered. English is rendered from the declared template, so it
needs no catalog and stays as the rules wrote it; Spanish and Traditional Chinese
come from ``locale/<es|zh_Hant>/LC_MESSAGES/messages.po`` (msgctxt = the message id,
msgid = the English template), compiled to .mo by ``scripts/engine_catalogs.py``.

Arguments that read differently per language are typed: :class:`Day` (English
keeps the ISO date the findings have always shown), :class:`Money`, :class:`Count`,
:class:`Quantity` (a number and a unit from the vocabulary), :class:`Name` (a name
from the facts: a business, an address, a device "of" an establishment — the same in
every language), :class:`Word` (a word of the vocabulary, translated by the catalog)
and :class:`Items` (a list joined by "and" or "or"); :class:`Phrase` carries a
declared message inside another (a clause, a thing's description). A plain ``str`` or number is
used as it is.

Pure: no Django, no clock; the catalogs are package data read on first use.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from keyword import iskeyword
from pathlib import Path
from string import Formatter
from typing import Any, NamedTuple

from babel.dates import format_date, format_datetime
from babel.lists import format_list
from babel.numbers import format_currency, format_decimal

from sanitas.ordinance import words

LANGUAGES = ("en", "es", "zh-Hant")
#: the language's folder under locale/ and its Babel locale
#: the languages translated from the English, and the gettext and Babel locale of each
LOCALES = {"es": "es", "zh-Hant": "zh_Hant"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
#: the catalogs of the requirements' titles (:class:`Title`)
TITLES_DOMAIN = "titles"
#: the msgctxt of the vocabulary's words and units in the catalogs
WORD_CONTEXT = "word"

# --------------------------------------------------------------------------- argument kinds


class Day(NamedTuple):
    value: date | datetime | None

    def render(self, language: str) -> str:
        if language == "en" or self.value is None:
            return words.day(self.value) if self.value is not None else _word("no date", language)
        locale = LOCALES[language]
        if isinstance(self.value, datetime):
            pattern = "d 'de' MMMM 'de' y, HH:mm" if language == "es" else "y年M月d日 HH:mm"
            return format_datetime(self.value, pattern, locale=locale)
        if language == "es":
            return format_date(self.value, "d 'de' MMMM 'de' y", locale=locale)
        return format_date(self.value, "long", locale=locale)


class Money(NamedTuple):
    amount: Decimal | int

    def render(self, language: str) -> str:
        if language == "en":
            return words.dollars(self.amount)
        amount = Decimal(str(self.amount))
        whole = amount == amount.to_integral_value()
        pattern = "¤#,##0" if whole else "¤#,##0.00"
        return format_currency(
            amount, "USD", format=pattern, locale=LOCALES[language], currency_digits=False
        )


class Cents(NamedTuple):
    """An amount in cents, written to the cent in every language ("$1,555.75", "$100.00")."""

    cents: int

    def render(self, language: str) -> str:
        amount = Decimal(self.cents) / 100
        if language == "en":
            return f"${amount:,.2f}"
        return format_currency(
            amount, "USD", format="¤#,##0.00", locale=LOCALES[language], currency_digits=False
        )


class Count(NamedTuple):
    value: int | float | Decimal

    def render(self, language: str) -> str:
        if language == "en":
            return words.number(self.value)
        return format_decimal(self.value, locale=LOCALES[language])


class Quantity(NamedTuple):
    value: int | float | Decimal
    unit: str  # English, a word of the vocabulary

    def render(self, language: str) -> str:
        return f"{Count(self.value).render(language)} {_word(self.unit, language)}"


class Name(NamedTuple):
    text: str
    #: the name begins the English sentence: its first letter in capitals there
    capital: bool = False

    def render(self, language: str) -> str:
        return words.capital(self.text) if self.capital and language == "en" else self.text


class Word(NamedTuple):
    text: str  # English; translated by the catalog's "word" context
    #: the word begins the English sentence: its first letter in capitals there (a
    #: translation's sentence is given its capital by :func:`render`)
    capital: bool = False

    def render(self, language: str) -> str:
        text = _word(self.text, language)
        return words.capital(text) if self.capital and language == "en" else text


class Items(NamedTuple):
    items: tuple[Any, ...]
    #: "and", "or", or ";" for clauses joined by semicolons ("for A, missing the name;
    #: for B, missing …"), however many: the join is the catalog's ``list.clauses``,
    #: applied in a loop, never a message nested once for each clause; "." for whole
    #: sentences one after the other (the catalog's ``list.sentences``)
    conjunction: str = "and"

    def render(self, language: str) -> str:
        parts = [_argument(item, language) for item in self.items]
        if self.conjunction in _JOINS:
            return _clauses(parts, language, self.conjunction)
        if language == "en":
            return words.listing(parts, self.conjunction)
        style = "or" if self.conjunction == "or" else "standard"
        return format_list(parts, style=style, locale=LOCALES[language]) if parts else ""


_CLAUSES = "{first}; {rest}"
_SENTENCES = "{first} {rest}"
#: the joins of :class:`Items` that are the catalog's, by conjunction: (msgctxt, English)
_JOINS = {";": ("list.clauses", _CLAUSES), ".": ("list.sentences", _SENTENCES)}


def _clauses(parts: list[str], language: str, conjunction: str = ";") -> str:
    if not parts:
        return ""
    context, english = _JOINS[conjunction]
    join = english if language == "en" else translations(language).pgettext(context, english)
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = join.format(first=part, rest=out)
    return out


class Phrase(NamedTuple):
    """A declared message inside another: a clause or a thing's description ("the
    grease interceptor of Arroyo Pho") that reads differently per language."""

    message: Message
    #: the phrase begins the English sentence: its first letter in capitals there
    capital: bool = False

    def render(self, language: str) -> str:
        if language == "en":
            return _phrase_english(self)
        return _text(self.message, language)


class Title(NamedTuple):
    """A requirement named by its title ("Interceptor pump-out frequency"), in the
    reader's language from ``locale/<language>/LC_MESSAGES/titles.po`` (msgctxt = the
    requirement's ID, msgid = its English title); the English where that catalog has
    no translation of the title as it now reads."""

    requirement: str
    #: named inside a sentence: an ordinary first word in lower case ("interceptor
    #: pump-out frequency"), an initialism or a name as it is ("FOG", "SB 1383")
    lower: bool = False

    def render(self, language: str) -> str:
        from sanitas.ordinance.catalog import title

        english = title(self.requirement)
        if language == "en":
            return words.requirement_words(self.requirement) if self.lower else english
        text = translations(language, TITLES_DOMAIN).pgettext(self.requirement, english)
        return _lowered(text) if self.lower else text


def argument_in(value: Any, language: str) -> str:
    """A message's argument (a thing's name as a rule names it, a day, a word) on its
    own in ``language``, as it reads inside a sentence (no capital added)."""
    text = _argument(value, language)
    return _CONTRACTED.sub(_contract, text) if language == "es" else text


def _lowered(text: str) -> str:
    first = text.split(" ", 1)[0]
    if (first.isupper() and len(first) > 1) or not first[:1].isupper():
        return text
    return text[0].lower() + text[1:]


def _argument(value: Any, language: str) -> str:
    if isinstance(value, Message):  # a message inside another, as a Phrase reads it
        return _english(value) if language == "en" else _text(value, language)
    render = getattr(value, "render", None)
    if render is not None:
        return render(language)
    return str(value)


_KINDS = {
    cls.__name__: cls
    for cls in (Day, Money, Cents, Count, Quantity, Name, Word, Items, Phrase, Title)
}
#: the tag of each kind's short stored form (:func:`_to_json`)
_TAG: dict[type, str] = {
    Money: "$",
    Cents: "c",
    Count: "n",
    Quantity: "q",
    Name: "name",
    Word: "w",
    Items: "items",
    Phrase: "p",
    Title: "t",
}
#: the tags read back, a Day's two among them
_TAGGED: dict[str, type] = {"d": Day, "at": Day, **{tag: kind for kind, tag in _TAG.items()}}

# --------------------------------------------------------------------------- declarations


class Template(NamedTuple):
    id: str
    english: str
    #: the English when ``count`` is not 1, for a message with a plural
    plural: str | None = None
    #: the argument whose number picks the plural form
    count: str | None = None


#: every message declared, by id
TEMPLATES: dict[str, Template] = {}
#: every word of the vocabulary a message may carry as a Word or a Quantity's unit
VOCABULARY: set[str] = {"no date"}


def declare(ident: str, english: str, *, plural: str | None = None, count: str | None = None):
    """Declare the message ``ident`` with its English; returns the function that makes
    it from named arguments. Declaring an id twice with other English is an error."""
    template = Template(ident, english, plural, count)
    known = TEMPLATES.get(ident)
    if known is not None and known != template:
        raise ValueError(f"message {ident}: declared twice with different English")
    # a plural's count is an argument even where no form shows it ("with it", "with them")
    names = _fields(english) | (_fields(plural) if plural else set()) | ({count} - {None})
    if (plural is None) != (count is None):
        raise ValueError(f"message {ident}: a plural needs its count among the arguments")
    make = _maker(ident, tuple(sorted(names)))
    TEMPLATES[ident] = template
    make.__name__ = make.__qualname__ = ident.replace(".", "_").replace("-", "_")
    make.template = template  # type: ignore[attr-defined]
    return make


def _maker(ident: str, order: tuple[str, ...]) -> Any:
    """The function that makes message ``ident`` from its named arguments, written for
    its names as ``collections.namedtuple`` writes its classes: the arguments go into
    the message in its sorted order with no dictionary, sort or set made at each call
    (a city of 20,000 establishments makes some 1.5 million messages)."""
    if not all(n.isidentifier() and not iskeyword(n) and not n.startswith("_m_") for n in order):
        raise ValueError(f"message {ident}: an argument's name is not a Python name")
    # the function's own names begin "_m_", which no argument's may
    params = "".join(f"{name}=_m_NONE, " for name in order)
    given = " or ".join(f"{name} is _m_NONE" for name in order) or "False"
    named = ", ".join(f"{name!r}: {name}" for name in order)
    items = "".join(f"({name!r}, {name}), " for name in order)
    source = (
        f"def make({'*, ' if order else ''}{params}**_m_more):\n"
        f"    if {given}:\n"
        f"        _m_missing({{{named}}})\n"
        f"    if _m_more:\n"
        f"        return _m_Message(_m_ident, {{{named}{', ' if named else ''}**_m_more}})\n"
        f"    return _m_new(_m_Message, (_m_ident, ({items})))\n"
    )

    def missing(args: dict[str, Any]) -> None:
        names = sorted(name for name, value in args.items() if value is _NONE)
        raise TypeError(f"message {ident}: missing {', '.join(names)}")

    space: dict[str, Any] = {
        "_m_Message": Message,
        "_m_new": tuple.__new__,
        "_m_ident": ident,
        "_m_NONE": _NONE,
        "_m_missing": missing,
    }
    exec(source, space)  # only checked Python names are written into it
    return space["make"]


#: an argument not given (None is a value a message may carry)
_NONE = object()


def vocabulary(*english: str) -> None:
    """Register words a message carries as :class:`Word` or a :class:`Quantity`'s unit,
    so that the catalogs hold their translations."""
    VOCABULARY.update(english)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


# --------------------------------------------------------------------------- the message


class Message(tuple):
    """``Message(id, args)``: immutable, hashable when its arguments are, compared
    by id and arguments; nothing is rendered until asked."""

    __slots__ = ()

    def __new__(cls, ident: str, args: dict[str, Any] | None = None) -> Message:
        return tuple.__new__(cls, (ident, tuple(sorted((args or {}).items()))))

    @property
    def id(self) -> str:
        return self[0]

    @property
    def args(self) -> dict[str, Any]:
        return dict(self[1])

    def __repr__(self) -> str:
        return f"Message({self[0]!r}, {self.args!r})"

    def __str__(self) -> str:
        return render(self, "en")

    def to_dict(self) -> dict[str, Any]:
        """``{"id": …, "args": {…}}`` in JSON types, each argument in the short form of
        its kind (:func:`_to_json`); :meth:`from_dict` reads it back, and reads the
        longer form the findings were first stored in as well."""
        if not self[1]:
            return {"id": self[0]}
        return {"id": self[0], "args": {k: _to_json(v) for k, v in self[1]}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        return cls(data["id"], {k: _from_json(v) for k, v in data.get("args", {}).items()})


# A stored argument is a JSON value: a string, a number or null as it is; a list for
# a tuple; and a dict of one tag for the rest, with "cap" or "or" beside it where it
# differs from the default. The tags:
#   {"d": "2025-05-04"} Day      {"at": "2025-05-04T09:30:00"} Day of a moment
#   {"$": 100} Money             {"c": 155575} Cents
#   {"n": 3} Count               {"q": [3, "gallon"]} Quantity
#   {"name": "Jade Garden"} Name {"w": "the grease interceptor"} Word
#   {"items": [...]} Items       {"p": {"id": …, "args": …}} Phrase
#   {"t": "FOG-MIN-FREQUENCY"} Title
#   {"id": …, "args": …} a message; {"date": …}, {"datetime": …}, {"decimal": "2.5"} values
# Findings stored before carry {"kind": "Day", "value": …} and the like, read as well.


def _value_json(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, tuple):
        if type(value).__name__ in _KINDS:
            return _to_json(value)
        return [_value_json(v) for v in value]
    if isinstance(value, datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    return value


def _to_json(value: Any) -> Any:
    kind = type(value)
    if kind is Word or kind is Name or kind is Phrase:
        out = {_TAG[kind]: _value_json(value[0])}
        if value.capital:
            out["cap"] = 1
        return out
    if kind is Day:
        day = value.value
        if isinstance(day, datetime):
            return {"at": day.isoformat()}
        return {"d": day.isoformat() if day is not None else None}
    if kind is Items:
        out = {"items": [_value_json(v) for v in value.items]}
        if value.conjunction == "or":
            out["or"] = 1
        elif value.conjunction == ";":
            out["semi"] = 1
        elif value.conjunction == ".":
            out["sentences"] = 1
        return out
    if kind is Money:
        return {"$": _value_json(value.amount)}
    if kind is Quantity:
        return {"q": [_value_json(value.value), value.unit]}
    if kind is Title and value.lower:
        return {"t": value.requirement, "low": 1}
    if kind in _TAG:  # Cents, Count, Title: one field
        return {_TAG[kind]: _value_json(value[0])}
    return _value_json(value)


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    if not isinstance(value, dict):
        return value
    if "kind" in value:  # the form first stored
        kind = _KINDS[value["kind"]]
        return kind(*(_from_json(value[name]) for name in kind._fields if name in value))
    for tag, kind in _TAGGED.items():
        if tag in value:
            return _from_tag(tag, kind, value)
    if "datetime" in value:
        return datetime.fromisoformat(value["datetime"])
    if "date" in value:
        return date.fromisoformat(value["date"])
    if "decimal" in value:
        return Decimal(value["decimal"])
    if "id" in value:
        return Message.from_dict(value)
    raise ValueError(f"not a stored message argument: {value!r}")


def _from_tag(tag: str, kind: type, value: dict[str, Any]) -> Any:
    field = value[tag]
    if kind is Day:
        if field is None:
            return Day(None)
        return Day(datetime.fromisoformat(field) if tag == "at" else date.fromisoformat(field))
    if kind is Quantity:
        return Quantity(_from_json(field[0]), field[1])
    if kind is Items:
        conjunction = (
            "or"
            if value.get("or")
            else ";"
            if value.get("semi")
            else "."
            if value.get("sentences")
            else "and"
        )
        return Items(_from_json(field), conjunction)
    if kind is Phrase:
        return Phrase(Message.from_dict(field), bool(value.get("cap")))
    if kind is Word or kind is Name:
        return kind(field, bool(value.get("cap")))
    if kind is Title:
        return Title(field, bool(value.get("low")))
    return kind(_from_json(field))


def said_in_english(finding: Any) -> str:
    """What a finding as stored (a row, a version of one, or a dict of their values)
    says in English: the sentence stored by a rule that writes one, else its message
    (JSON, or a :class:`Message`) rendered; a message no longer declared by this
    engine, with no sentence stored, is said by its id."""
    get = finding.get if isinstance(finding, dict) else lambda name: getattr(finding, name, None)
    text = get("explanation")
    if text:
        return text
    message = get("message")
    if not message:
        return ""
    if not isinstance(message, Message):
        try:
            message = Message.from_dict(message)
        except (KeyError, TypeError, ValueError):
            return str(message.get("id", "")) if isinstance(message, dict) else ""
    try:
        return render(message, "en")
    except (KeyError, TypeError, ValueError):
        return message.id


def reading_in(finding: Any, language: str = "en") -> str:
    """The reading a finding relied on, in ``language`` ("" for none): the engine's
    own finding (its ``reading``, a message or a sentence), or one as stored (a row,
    a version of one, or a dict: the ``reading`` sentence of a rule that still writes
    one, else its ``reading_message`` JSON). A stored message this engine no longer
    declares is said by its English sentence if one was kept, else not at all."""
    get = finding.get if isinstance(finding, dict) else lambda name: getattr(finding, name, None)
    reading = get("reading")
    if isinstance(reading, Message):
        return render(reading, language)
    if reading:
        return reading
    message = get("reading_message")
    if not message:
        return ""
    try:
        if not isinstance(message, Message):
            message = Message.from_dict(message)
        return render(message, language)
    except (KeyError, TypeError, ValueError):
        return ""


# --------------------------------------------------------------------------- rendering


def render(message: Message | str, language: str = "en") -> str:
    """The message in ``language`` ("en", "es" or "zh-Hant"); a plain string (a rule
    not yet converted) is returned as it is."""
    if type(message) is str:
        return message
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: expected one of {', '.join(LANGUAGES)}")
    text = _text(message, language)
    if language == "en":
        return text
    if language == "es":
        text = _CONTRACTED.sub(_contract, text)
    return words.capital(text)


#: Spanish contracts "de el" and "a el" (a description's article after a template's
#: preposition: "de el interceptor" is "del interceptor"); a name's capital "El" stays
_CONTRACTED = re.compile(r"\b(de|a) el\b")


def _contract(match: re.Match[str]) -> str:
    return "del" if match[1] == "de" else "al"


def _text(message: Message, language: str) -> str:
    """The message in ``language``, its first letter as the template has it."""
    if language == "en":
        return _english(message)
    ident, items = message
    template = TEMPLATES.get(ident)
    if template is None:
        raise KeyError(f"message {ident}: not declared")
    args = dict(items)
    n = args[template.count] if template.count is not None else None
    if isinstance(n, Count):
        n = n.value
    if language == "en":
        text = template.english if n is None or n == 1 else template.plural
    else:
        catalog = translations(language)
        if n is None:
            text = catalog.pgettext(ident, template.english)
        else:
            # gettext's plural rules count whole things: a fraction takes the form of
            # many in both languages translated (1.5 gallons: "1,5 galones")
            whole = int(n) if n == int(n) else 2
            text = catalog.npgettext(ident, template.english, template.plural, whole)
    return text.format(**{k: _argument(v, language) for k, v in items})


def _english(message: Message) -> str:
    """The message in English: :func:`_text`'s, taken the shortest way, since the
    command line's JSON and the sweep's English say every finding."""
    ident, items = message
    template = TEMPLATES.get(ident)
    if template is None:
        raise KeyError(f"message {ident}: not declared")
    text = template.english
    if template.count is not None:
        n = dict(items)[template.count]
        if isinstance(n, Count):
            n = n.value
        if n is not None and n != 1:
            text = template.plural
    args = {}
    for name, value in items:
        kind = type(value)
        if kind is str:
            args[name] = value
        elif kind is Phrase:
            args[name] = _phrase_english(value)
        else:
            args[name] = _argument(value, "en")
    return text.format_map(args)


#: the English of phrases already said: a thing's description recurs in every finding
#: about it (a device's in each of its findings, an establishment's in its
#: employees'); emptied when it holds more than ``_PHRASES_KEPT``
_PHRASES_SAID: dict[Phrase, str] = {}
_PHRASES_KEPT = 100_000


def _phrase_english(phrase: Phrase) -> str:
    said = _PHRASES_SAID.get(phrase)
    if said is None:
        said = _english(phrase.message)
        if phrase.capital:
            said = words.capital(said)
        if len(_PHRASES_SAID) >= _PHRASES_KEPT:
            _PHRASES_SAID.clear()
        _PHRASES_SAID[phrase] = said
    return said


def _word(english: str, language: str) -> str:
    if language == "en":
        return english
    return translations(language).pgettext(WORD_CONTEXT, english)


#: the msgctxt of a record form's field labels and of its fields' help texts
FIELD_CONTEXT, HELP_CONTEXT = "field", "help"


def field_words(context: str, english: str, language: str) -> str:
    """A record form's words in ``language``: a field's label (``FIELD_CONTEXT``), its
    description (``HELP_CONTEXT``) or a choice's word (``WORD_CONTEXT``), as the
    catalog has them; English, and a text the catalog lacks, as given."""
    if language == "en" or not english:
        return english
    return translations(language).pgettext(context, english)


@cache
def translations(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The language's compiled catalog of ``domain``; read from the .po when the .mo
    has not been compiled (a fresh clone before the build)."""
    folder = LOCALE_DIR / LOCALES[language] / "LC_MESSAGES"
    mo = folder / f"{domain}.mo"
    po = folder / f"{domain}.po"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    if not po.exists():
        return gettext.NullTranslations()
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as stream:
        catalog = read_po(stream, locale=LOCALES[language])
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


#: clauses joined by semicolons (:class:`Items` with ";"), and sentences one after
#: another (with "."), the join in each language
declare("list.clauses", _CLAUSES)
declare("list.sentences", _SENTENCES)

# --------------------------------------------------------------------------- readings

_READING_CLAUSES = declare("reading.clauses", "{clauses}.")


def reading_clauses(parts: Iterable[Any]) -> Message | None:
    """The readings an outcome relied on, each a clause ("the as-of date is read as
    its last moment …"), as one sentence for staff: the clauses joined by
    semicolons, the first with its capital, a full stop at the end; each clause once,
    in the order given. None when there is none."""
    named = [p for p in dict.fromkeys(parts) if p]
    if not named:
        return None
    first = named[0]
    if type(first) is str:
        named[0] = words.capital(first)
    elif isinstance(first, Message):
        named[0] = Phrase(first, capital=True)
    else:  # a Phrase, a Word or a Name
        named[0] = first._replace(capital=True)
    return _READING_CLAUSES(clauses=Items(tuple(named), ";"))


def reading_sentences(*parts: Message | str | None) -> Message | str | None:
    """Readings that are whole sentences, one after the other (None when there is
    none; a single one as it is)."""
    named = [p.message if type(p) is Phrase else p for p in parts if p]
    if not named:
        return None
    if len(named) == 1:
        return named[0]
    return _READINGS(sentences=Items(tuple(named), "."))


_READINGS = declare("reading.sentences", "{sentences}")
