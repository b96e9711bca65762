"""A record's title as a message, so that every page names a record in its reader's
language: "Grease interceptor, 1,000 gal, installed 2016-04-01" in English (as the
pages have always said it), "Interceptor de grasa, 1000 gal, instalado el 1 de abril
de 2016" in Spanish, "油脂截留器，1,000 加侖，2016年4月1日安裝" in Traditional Chinese.

The shape of each title (which parts, in which order) is
:func:`sanitas.kit.titles.title_of`'s; the words are here: each part a declared
message, the fact types' names and the values a title names (a business's category,
a device's kind, a permit's kind, a notice's kind, a collection's stream) registered
as the vocabulary, so that the engine's catalogs
(``locale/<language>/LC_MESSAGES/messages.po``) hold their translations. A name or an
address from the records is never translated.

Pure, like the rest of the law's floor; the loader is imported so that every area's
fact types are known.
"""

from __future__ import annotations

import typing
from datetime import date, datetime
from typing import Any

from sanitas.ordinance import rules  # noqa: F401  (every area's fact types registered)
from sanitas.ordinance.facts import FACT_TYPES
from sanitas.ordinance.messages import (
    Day,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.words import capital, type_words, words

AT = declare("title.at", "{what} at {address}")
NO_ADDRESS = declare("title.premises-no-address", "Premises with no address on record")
GALLONS = declare("title.gallons", "{gallons} gal")
INSTALLED = declare("title.installed", "installed {date}")
EMPLOYEE = declare("title.employee", "Employee")
HIRED = declare("title.hired", "hired {date}")
PERMIT_NUMBER = declare("title.permit-number", "Permit {number}")
PERMIT_KIND = declare("title.permit-kind", "{kind} permit")
ISSUED = declare("title.issued", "issued {date}")
HAULER = declare("title.hauler", "Hauler")
DATED = declare("title.dated", "{what} of {date}")
COLLECTION = declare("title.collection", "{stream} collection")
COLLECTION_FROM = declare("title.collection-from", "{stream} collection from {date}")
INSPECTION_ASKED = declare("title.inspection-asked", "{stage} inspection asked for {date}")
NOT_ON_FILE = declare("title.not-on-file", "Record not on file ({key})")

#: the fields whose values a title names, by fact type
NAMED_VALUES = {
    "establishment": "category",
    "device": "kind",
    "permit": "kind",
    "notice": "kind",
    "citation": "kind",
    "collection_service": "stream",
}
#: the words a title falls back on where the record leaves a value out
FALLBACK_WORDS = ("business", "device", "sewer", "citation", "nov", "collection")


def _values(fact_type: str, field: str) -> list[str]:
    model = FACT_TYPES.get(fact_type)
    info = model.model_fields.get(field) if model is not None else None
    if info is None:
        return []
    out: list[str] = []
    for candidate in (info.annotation, *typing.get_args(info.annotation)):
        if typing.get_origin(candidate) is typing.Literal:
            out.extend(str(value) for value in typing.get_args(candidate))
    return out


vocabulary(
    *(type_words(name) for name in FACT_TYPES),
    *(
        words(value)
        for type_name, field in NAMED_VALUES.items()
        for value in _values(type_name, field)
    ),
    *(words(value) for value in FALLBACK_WORDS),
)


def kind_word(fact_type: str, *, capital: bool = False) -> Word:
    """A fact type's name as a word of the vocabulary ("pump-out")."""
    return Word(type_words(fact_type), capital=capital)


def value_word(value: object, *, capital: bool = False) -> Word:
    """A vocabulary value as a word ("grease_trap": "grease trap")."""
    return Word(words(value), capital=capital)


#: the separator of a title's parts in each language
_SEPARATOR = {"en": ", ", "es": ", ", "zh-Hant": "，"}


def joined(parts: list[Message | Word | Name | str], language: str) -> str:
    """A title's parts rendered in ``language`` and joined as the language joins them;
    a title that begins with words (not a name) begins with a capital."""
    said = [_said(part, language) for part in parts]
    if said and language != "en" and isinstance(parts[0], (Message, Word)):
        said[0] = capital(said[0])
    return _SEPARATOR[language].join(said)


def _said(part: Message | Word | Name | str, language: str) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, Message):
        return Phrase(part).render(language)
    return part.render(language)


# --------------------------------------------------------------------------- a subject

#: what a document is about, as its heading names it ("Regarding", "Asunto", "事由")
SUBJECT = declare("name.subject", "{subject}")
#: the record types named as the findings name them (the general provisions' namer)
_DESCRIBED = ("establishment", "device", "employee", "premises", "notice", "permit")


def subject_said(ctx: Any, thing: Any) -> Message | None:
    """``thing`` (a fact, or a fact's id) as a document's heading names it, as a
    message: a business, premises, device, employee, notice or permit as the findings
    describe it (a name as recorded, "the grease interceptor of Jade Garden" in the
    reader's words); any other record by what it is and its date ("Blockage of
    2025-02-10"); None for a record not on file."""
    from sanitas.ordinance.general.common import ref

    fact = ctx.get(thing) if isinstance(thing, str) else thing
    if fact is None:
        return None
    if fact.type in _DESCRIBED:
        return SUBJECT(subject=ref(ctx, fact, capital=True))
    if getattr(fact, "name", None):
        return SUBJECT(subject=Name(str(fact.name)))
    what = kind_word(fact.type, capital=True)
    dated_by = FACT_TYPES[fact.type].dated_by if fact.type in FACT_TYPES else None
    when = getattr(fact, dated_by, None) if dated_by else None
    if isinstance(when, datetime):
        when = when.date()
    if isinstance(when, date):
        return SUBJECT(subject=Phrase(DATED(what=what, date=Day(when))))
    return SUBJECT(subject=what)
