"""A record's title in people's words: the one place it is made, for every page,
export, timeline and the API.

A device is "Grease interceptor, 1,000 gal, installed 2019-05-01", a permit "Permit
HC-2025-022, 412 S Del Mar Ave", an employee "Maria Lopez, line cook, hired
2025-02-10"; a business is its name and a premises its address; an event is what it
is and its date ("Pump-out of 2025-03-14"). A key is never a title: it may follow a
title, in small print. A title is said in the page's language ("Vaciado del 14 de marzo
de 2025", "2025年3月14日的抽除"): its words are the engine's
(:mod:`sanitas.ordinance.naming`, translated in its catalogs), its names and addresses
as recorded. A program has one title too (:func:`program_title`), the same
on pages, in exports and in the API.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone

from sanitas.access.roles import PROGRAMS, program_key
from sanitas.kit.said import reader_language
from sanitas.ordinance import naming
from sanitas.ordinance.facts import FACT_TYPES
from sanitas.ordinance.messages import Count, Day, Name
from sanitas.records.models import RECORD_MODELS, Record, RecordIndex
from sanitas.records.worklist import PROGRAMS as WORKLIST_PROGRAMS


@dataclass(frozen=True)
class Title:
    """What a person calls a record, and where its page is."""

    key: str
    fact_type: str
    text: str
    #: the business or premises it belongs to ("" for a business or premises itself)
    owner: str = ""
    owner_key: str = ""
    voided: bool = False

    @property
    def kind(self) -> str:
        """What the record is ("pump-out"), in the page's language."""
        return naming.kind_word(self.fact_type).render(reader_language())

    @property
    def url(self) -> str:
        return record_url(self.key, self.fact_type)


def record_url(key: str, fact_type: str) -> str:
    """A record's page: a business has its own; every other record the subject page."""
    if fact_type == "establishment":
        return reverse("web:business", args=[key])
    return reverse("staff:subject", args=[key])


def title_of(fact_type: str, row: Any, *, where: str = "", language: str | None = None) -> str:
    """A record's title from its row (``where``: the address or name of what it
    belongs to, for the types titled by it), in ``language`` (the engine's code; by
    default the page's): its words from the engine's catalogs
    (:mod:`sanitas.ordinance.naming`), its names and addresses as recorded."""
    return naming.joined(_parts(fact_type, row, where), language or reader_language())


def _day(value: Any) -> date | None:
    if isinstance(value, datetime):  # stored: aware; a fact as written: city time
        return (timezone.localtime(value) if timezone.is_aware(value) else value).date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            return None
    return None


def _parts(fact_type: str, row: Any, where: str) -> list[Any]:
    get = (lambda name: getattr(row, name, None)) if not isinstance(row, dict) else row.get
    if fact_type == "establishment":
        if get("name"):
            return [get("name")]
        category = get("category")
        what = naming.value_word(
            category if category not in (None, "other") else "business", capital=True
        )
        address = get("address") or where
        return [naming.AT(what=what, address=Name(address))] if address else [what]
    if fact_type == "premises":
        return [get("address") or naming.NO_ADDRESS()]
    if fact_type == "device":
        parts: list[Any] = [naming.value_word(get("kind") or "device", capital=True)]
        if get("capacity_gallons"):
            parts.append(naming.GALLONS(gallons=Count(get("capacity_gallons"))))
        if (installed := _day(get("installed_on"))) is not None:
            parts.append(naming.INSTALLED(date=Day(installed)))
        return parts
    if fact_type == "employee":
        parts = [get("name") or naming.EMPLOYEE()]
        if get("job_title"):
            parts.append(get("job_title"))
        if (hired := _day(get("hired_on"))) is not None:
            parts.append(naming.HIRED(date=Day(hired)))
        return parts
    if fact_type == "permit":
        if get("number"):
            parts = [naming.PERMIT_NUMBER(number=Name(get("number")))]
        else:
            kind = naming.value_word(get("kind") or "sewer", capital=True)
            parts = [naming.PERMIT_KIND(kind=kind)]
        if where:
            parts.append(where)
        if not get("number") and (issued := _day(get("issued_on"))) is not None:
            parts.append(naming.ISSUED(date=Day(issued)))
        return parts
    if fact_type == "hauler":
        return [get("name") or naming.HAULER()]
    if fact_type in ("notice", "citation"):
        default = "citation" if fact_type == "citation" else "nov"
        kind = naming.value_word(get("kind") or default, capital=True)
        issued = _day(get("issued_on"))
        return [naming.DATED(what=kind, date=Day(issued))] if issued else [kind]
    if fact_type == "collection_service":
        stream = naming.value_word(get("stream") or "collection", capital=True)
        start = _day(get("start"))
        if start is not None:
            return [naming.COLLECTION_FROM(stream=stream, date=Day(start))]
        return [naming.COLLECTION(stream=stream)]
    if fact_type == "inspection_request":
        stage = naming.value_word(get("stage") or "inspection", capital=True)
        day = _day(get("day"))
        if day is not None:
            return [naming.INSPECTION_ASKED(stage=stage, date=Day(day))]
        return [stage]
    if get("name"):
        return [str(get("name"))]
    what = naming.kind_word(fact_type, capital=True)
    dated_by = FACT_TYPES[fact_type].dated_by if fact_type in FACT_TYPES else None
    when = _day(get(dated_by)) if dated_by else None
    return [naming.DATED(what=what, date=Day(when))] if when is not None else [what]


#: the reference that says whose a record is, by type (first found wins)
OWNER_FIELDS = ("establishment", "premises", "device", "subject")


def titles(keys: list[str] | set[str]) -> dict[str, Title]:
    """The titles of the records among ``keys``, each with what it belongs to."""
    wanted = sorted(set(keys))
    if not wanted:
        return {}
    index = {
        key: (fact_type, voided)
        for key, fact_type, voided in RecordIndex.objects.filter(key__in=wanted).values_list(
            "key", "fact_type", "voided"
        )
    }
    rows = _rows(index)
    owners: dict[str, str] = {}
    for key, (fact_type, row) in rows.items():
        model = RECORD_MODELS[fact_type]
        for name in OWNER_FIELDS:
            if name in model.references and getattr(row, name, None):
                owners[key] = getattr(row, name)
                break
    # what they belong to, and what that belongs to (a pump-out's device's business)
    missing = {k: "" for k in owners.values() if k not in rows}
    owner_index = {
        key: (fact_type, voided)
        for key, fact_type, voided in RecordIndex.objects.filter(key__in=list(missing)).values_list(
            "key", "fact_type", "voided"
        )
    }
    rows.update(_rows(owner_index))
    out: dict[str, Title] = {}
    for key, (fact_type, voided) in index.items():
        row = rows.get(key, (fact_type, None))[1]
        owner_key = owners.get(key, "")
        owner_row = rows.get(owner_key)
        owner_text = title_of(owner_row[0], owner_row[1]) if owner_row else ""
        where = owner_text if fact_type in ("permit",) else ""
        text = title_of(fact_type, row, where=where) if row is not None else key
        out[key] = Title(
            key=key,
            fact_type=fact_type,
            text=text,
            owner=owner_text if fact_type not in ("permit",) else "",
            owner_key=owner_key if owner_row and fact_type not in ("permit",) else "",
            voided=voided,
        )
    return out


def subject_title(key: str) -> str:
    """The title of the record named ``key``; for a key no record has (a finding's
    subject is always a record's, so only for a mistake) the key said as such."""
    found = titles([key]).get(key)
    if found is not None:
        return found.text
    return naming.joined([naming.NOT_ON_FILE(key=Name(key))], reader_language())


def _rows(index: dict[str, tuple[str, bool]]) -> dict[str, tuple[str, Record]]:
    by_type: dict[str, list[str]] = defaultdict(list)
    for key, (fact_type, _voided) in index.items():
        by_type[fact_type].append(key)
    rows: dict[str, tuple[str, Record]] = {}
    for fact_type, type_keys in by_type.items():
        for row in RECORD_MODELS[fact_type].objects.filter(key__in=type_keys):
            rows[row.key] = (fact_type, row)
    return rows


# --------------------------------------------------------------------------- programs


def program_title(program: str | None) -> str:
    """A program's one title, the same on every page, export and API answer ("SB 1383
    organic waste"), whichever of its names it is given by (``organics`` is
    ``sb1383``, ``general`` is ``solid_waste``: :data:`sanitas.access.roles.PROGRAM_ALIASES`);
    "" for none. An unknown name is a mistake in the code, and raises KeyError."""
    if not program:
        return ""
    return WORKLIST_PROGRAMS[program_key(program)].label


def program_choices() -> list[tuple[str, str]]:
    """Every program as (its key, its title), in the order the worklist lists them."""
    return [(key, program_title(key)) for key in PROGRAMS]


def requirement_title(requirement: str) -> str:
    """A requirement's title in words ("Interceptor pump-out frequency"), as the worklist
    leads a finding with it; the ID itself for one the catalog does not title."""
    from sanitas.kit.requirement_titles import english_title

    return english_title(requirement)


def requirement_title_in(requirement: str, language: str) -> str:
    """:func:`requirement_title` in ``language`` ("en", "es", "zh-Hant"): the reviewed
    translation of ``sanitas/ordinance/locale/<language>/LC_MESSAGES/titles.po``, the
    English where the catalog has none for the title as it now reads."""
    from sanitas.kit.requirement_titles import translated

    return translated(requirement, requirement_title(requirement), language)
