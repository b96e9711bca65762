"""What the staff shell reads: search, the list pages' records and a business's page,
each record titled by :mod:`sanitas.kit.titles`. Findings are read only through
``sanitas.kit.selectors`` (the one module that reads the worklist's storage).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from difflib import SequenceMatcher
from typing import Any

from django.db.models import Case, QuerySet, Value, When
from django.urls import reverse
from django.utils.translation import gettext_noop

from sanitas.kit import selectors as staff_selectors
from sanitas.kit.titles import OWNER_FIELDS, Title, requirement_title, subject_title, titles
from sanitas.ordinance.facts import FACT_TYPES
from sanitas.ordinance.words import type_words, words
from sanitas.records.models import RECORD_MODELS, Record, RecordIndex

# --------------------------------------------------------------------------- search


@dataclass
class SearchHit:
    title: Title
    #: why it matched, in words ("name sounds like", "address", "phone")
    matched: str
    score: float
    detail: str = ""


SEARCH_LIMIT = 50
#: how alike a name must be to a misspelled query to be offered (0..1)
FUZZY_THRESHOLD = 0.72
_DIGITS = re.compile(r"\D+")


#: the most names a misspelled query is compared with: those sharing the most of
#: its two-letter pieces
FUZZY_CANDIDATES = 200


def _similarity(query: str, name: str) -> float:
    """How alike ``query`` is to ``name`` or to any run of its words of the query's
    length: "Jade Gardn" finds "Jade Garden Restaurant". The cheap upper bounds of a
    window's likeness skip one that cannot beat the best so far."""
    query, name = query.lower().strip(), name.lower()
    if not query or not name:
        return 0.0
    matcher = SequenceMatcher(None, query, "")
    tokens, size = name.split(), max(1, len(query.split()))
    windows = [name, *(" ".join(tokens[start : start + size]) for start in range(len(tokens)))]
    best = 0.0
    for window in dict.fromkeys(windows):
        matcher.set_seq2(window)
        if matcher.real_quick_ratio() <= best or matcher.quick_ratio() <= best:
            continue
        best = max(best, matcher.ratio())
    return best


def _pieces(query: str) -> list[str]:
    """The query's two-letter pieces (a one-letter word as it is)."""
    found: dict[str, None] = {}
    for word in query.lower().split():
        if len(word) < 2:
            found.setdefault(word)
        for start in range(len(word) - 1):
            found.setdefault(word[start : start + 2])
    return list(found)


def _fuzzy_candidates(model: type[Record], query: str) -> list[tuple[str, str]]:
    """The names a misspelled ``query`` may be: those that share the most of its
    two-letter pieces, counted by the database (a scan of one column, not a
    comparison in Python with every business of the city), at most
    :data:`FUZZY_CANDIDATES`. A name alike enough to be offered shares most of its
    pieces: "Arroyo Phoo" and "Arroyo Pho" share eight of nine."""
    pieces = _pieces(query)
    if not pieces:
        return []
    shared = sum(
        (Case(When(name__icontains=piece, then=Value(1)), default=Value(0)) for piece in pieces),
        Value(0),
    )
    return list(
        model.objects.exclude(name="")
        .exclude(name__isnull=True)
        .annotate(shared=shared)
        .filter(shared__gt=0)
        .order_by("-shared", "key")
        .values_list("key", "name")[:FUZZY_CANDIDATES]
    )


def search(user: Any, *, query: str, kind: str = "") -> list[SearchHit]:
    """Records that match ``query``, the best first: a business by its name (typos
    forgiven), a street address, a business licence number, an owner's or contact's
    name, a phone number or a record key. Empty for a user who may not see records."""
    query = " ".join(query.split())
    if not query or not staff_selectors.is_staff_member(user):
        return []
    hits: dict[str, tuple[float, str]] = {}

    def hit(key: str, score: float, why: str) -> None:
        if key not in hits or hits[key][0] < score:
            hits[key] = (score, why)

    kinds = (
        (kind,)
        if kind
        else ("establishment", "premises", "permit", "hauler", "employee", "contractor")
    )
    lowered = query.lower()
    # a record's key, or a licence number (the licence feed keys businesses by it)
    # (looked up by the index: a key as typed or in lower case, as keys are written)
    for key in RecordIndex.objects.filter(
        key__in=[query, lowered, f"license-{_slug(query)}"]
    ).values_list("key", flat=True):
        hit(key, 1.0, "record key" if key.lower() == lowered else "business licence number")
    if " " not in query:  # part of a key (which holds no space): a scan of every key
        for key in RecordIndex.objects.filter(key__icontains=query).values_list("key", flat=True)[
            :20
        ]:
            hit(key, 0.6, "record key")

    text_fields = {
        "establishment": (("name", "name"), ("address", "address"), ("contact", "contact")),
        "premises": (
            ("address", "address"),
            ("owner_name", "owner"),
            ("owner_tax_address", "owner's mailing address"),
            ("service_payer_name", "service payer"),
        ),
        "permit": (("number", "permit number"), ("contractor", "contractor")),
        "hauler": (("name", "name"),),
        "employee": (("name", "employee name"),),
        "contractor": (("name", "name"),),
    }
    for fact_type in kinds:
        model = RECORD_MODELS[fact_type]
        for column, why in text_fields[fact_type]:
            for key, value in model.objects.filter(**{f"{column}__icontains": query}).values_list(
                "key", column
            )[:SEARCH_LIMIT]:
                exact = str(value).lower() == lowered
                starts = str(value).lower().startswith(lowered)
                hit(key, 0.95 if exact else 0.9 if starts else 0.8, why)

    # a misspelled name: compared in Python with the names that share most of its pieces
    if len(query) >= 3:
        for fact_type in ("establishment", "hauler", "contractor"):
            if fact_type not in kinds:
                continue
            model = RECORD_MODELS[fact_type]
            for key, name in _fuzzy_candidates(model, query):
                score = _similarity(query, name)
                if score >= FUZZY_THRESHOLD:
                    hit(key, 0.5 + score * 0.3, "name sounds like it")

    # a phone number: its digits, wherever a business's contact holds them
    digits = _DIGITS.sub("", query)
    if len(digits) >= 4 and "establishment" in kinds:
        model = RECORD_MODELS["establishment"]
        for key, contact in model.objects.exclude(contact="").values_list("key", "contact"):
            if contact and digits in _DIGITS.sub("", contact):
                hit(key, 0.9, "phone")

    found = titles(list(hits))
    if kind:
        found = {k: t for k, t in found.items() if t.fact_type == kind}
    ranked = sorted(
        (
            SearchHit(title=found[key], matched=why, score=score)
            for key, (score, why) in hits.items()
            if key in found
        ),
        key=lambda h: (-h.score, h.title.voided, h.title.text.lower(), h.title.key),
    )
    return ranked[:SEARCH_LIMIT]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# --------------------------------------------------------------------------- list pages


def records_of(fact_type: str, *, categories: tuple[str, ...] = ()) -> QuerySet[Record]:
    """The records of one type, for a list page: live first, by key."""
    rows = RECORD_MODELS[fact_type].objects.all()
    if categories:
        rows = rows.filter(category__in=categories)
    return rows.order_by("voided_at", "key")


FOOD_RECOVERY = ("food_recovery_organization", "food_recovery_service")


# --------------------------------------------------------------------------- a business


@dataclass
class Section:
    heading: str
    items: list[Title]
    details: dict[str, str] = field(default_factory=dict)


@dataclass
class OpenItem:
    requirement: str
    title: str
    status: str
    subject: Title
    count: int
    #: the earliest due date among them: open since then
    since: str


@dataclass
class BusinessPage:
    key: str
    name: str
    address: str
    category: str
    record: Record
    premises: Record | None
    premises_key: str
    contact: str
    owner_name: str
    owner_address: str
    payer_name: str
    payer_address: str
    opened_on: date | None
    closed_on: date | None
    open_items: list[OpenItem]
    sections: list[Section]
    subject: Any
    #: the history, newest first: each version with the title of its record
    history: list[tuple[Any, Title | None]] = field(default_factory=list)


#: a business page's sections (their headings in English, translated by the page)
_SECTION_TYPES = (
    (gettext_noop("Devices"), ("device",)),
    (gettext_noop("Employees"), ("employee",)),
    (gettext_noop("Services"), ("collection_service", "hauling_service", "self_hauler")),
    (gettext_noop("Permits"), ("permit",)),
)


def business_page(user: Any, *, key: str, today: date) -> BusinessPage | None:
    """A business's page: who and where it is, what is open and since when, then its
    devices, employees, services and permits, then the history."""
    index = RecordIndex.objects.filter(key=key, fact_type="establishment").first()
    if index is None:
        return None
    record = RECORD_MODELS["establishment"].objects.get(key=key)
    subject = staff_selectors.subject_page(user, key=key, as_of=None, today=today)
    premises = None
    if record.premises:
        premises = RECORD_MODELS["premises"].objects.filter(key=record.premises).first()
    child_keys = [child.key for child in subject.children]
    permit_keys: list[str] = []
    if premises is not None:
        permit_keys = list(
            RECORD_MODELS["permit"]
            .objects.filter(premises=premises.key)
            .values_list("key", flat=True)
        )
    named = titles([*child_keys, *permit_keys, key, *([premises.key] if premises else [])])
    sections = []
    for heading, types in _SECTION_TYPES:
        items = [named[k] for k in (*child_keys, *permit_keys) if k in named]
        items = [t for t in dict.fromkeys(items) if t.fact_type in types]
        sections.append(Section(heading, items))
    open_items = _open_items(subject.findings, named)
    in_history = {entry.key for entry in subject.timeline} - set(named)
    named = {**named, **titles(in_history)} if in_history else named
    history = [(entry, named.get(entry.key)) for entry in subject.timeline]
    return BusinessPage(
        key=key,
        name=named[key].text,
        address=record.address or (premises.address if premises else ""),
        category=words(record.category) if record.category else "",
        record=record,
        premises=premises,
        premises_key=premises.key if premises else "",
        contact=record.contact or "",
        owner_name=(premises.owner_name if premises else "") or "",
        owner_address=(premises.owner_tax_address if premises else "") or "",
        payer_name=(premises.service_payer_name if premises else "") or "",
        payer_address=(premises.service_payer_address if premises else "") or "",
        opened_on=record.opened_on,
        closed_on=record.closed_on,
        open_items=open_items,
        sections=sections,
        subject=subject,
        history=history,
    )


def _open_items(findings: list[Any], named: dict[str, Title]) -> list[OpenItem]:
    """The open findings, one line per requirement and subject, the most pressing
    first, each with how many there are and the earliest due date."""
    grouped: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for finding in findings:
        if finding.status in staff_selectors.OPEN_STATUSES:
            grouped[(finding.requirement, finding.subject)].append(finding)
    items = []
    missing = [s for _r, s in grouped if s not in named]
    named = {**named, **titles(missing)} if missing else named
    for (requirement, subject_key), rows in grouped.items():
        worst = min(rows, key=lambda f: staff_selectors.SEVERITY.get(f.status, 9))
        dues = sorted(f.due for f in rows if f.due)
        items.append(
            OpenItem(
                requirement=requirement,
                title=requirement_title(requirement),
                status=worst.status,
                subject=named.get(subject_key)
                or Title(subject_key, "", subject_title(subject_key)),
                count=len(rows),
                since=dues[0] if dues else "",
            )
        )
    items.sort(key=lambda i: (staff_selectors.SEVERITY.get(i.status, 9), i.since or "9", i.title))
    return items


# --------------------------------------------------------------------------- pickers

PICK_LIMIT = 20


def pick(
    user: Any, *, query: str, types: tuple[str, ...] = (), near: str = "", owned: bool = True
) -> list[Title]:
    """The records a reference field may name, for its picker: those of ``types``
    (any type when empty) that ``query`` finds — by key, by name or address with
    :func:`search`'s typo tolerance, or as belonging to a business, premises or
    device it finds (a device by its business's name); those of the subject group
    of ``near`` first. Live records only; empty for a user who may not see records."""
    if not staff_selectors.is_staff_member(user):
        return []
    query = " ".join(query.split())
    near_titles = near_records(near) if near else {}

    def fits(title: Title) -> bool:
        return not title.voided and (not types or title.fact_type in types)

    ranked: dict[str, Title] = {}
    if not query:
        for title in sorted(near_titles.values(), key=lambda t: t.text.lower()):
            if fits(title):
                ranked[title.key] = title
        return list(ranked.values())[:PICK_LIMIT]
    exact = titles([query])
    hits = [h.title for h in search(user, query=query)]
    # what the hits own: a business's devices and employees, a premises' permits
    belonging: list[str] = []
    wanted = types or tuple(RECORD_MODELS)
    hit_keys = [t.key for t in hits] if owned else []
    for fact_type in wanted:
        model = RECORD_MODELS.get(fact_type)
        if model is None:
            continue
        for name in OWNER_FIELDS:
            if name in model.references and hit_keys:
                belonging.extend(
                    model.objects.filter(
                        **{f"{name}__in": hit_keys[:SEARCH_LIMIT]}, voided_at__isnull=True
                    ).values_list("key", flat=True)[: PICK_LIMIT * 2]
                )
    owned_titles = titles(belonging)
    candidates = [
        *exact.values(),
        *hits,
        *(owned_titles[k] for k in belonging if k in owned_titles),
    ]
    # the page's own records first, then in the order found
    candidates.sort(key=lambda t: t.key not in near_titles)
    for title in candidates:
        if fits(title) and title.key not in ranked:
            ranked[title.key] = title
    return list(ranked.values())[:PICK_LIMIT]


def near_records(key: str) -> dict[str, Title]:
    """The records of the subject group ``key`` belongs to, titled (for a form
    opened from that record's page, whose references are most likely among them)."""
    group = RecordIndex.objects.filter(key=key).values_list("subject_group", flat=True).first()
    if group is None:
        return {}
    keys = RecordIndex.objects.filter(subject_group=group, voided=False).values_list(
        "key", flat=True
    )
    return titles(list(keys))


def groups_of(keys: list[str]) -> set[str]:
    """The subject groups of the records among ``keys``."""
    return set(
        RecordIndex.objects.filter(key__in=[k for k in keys if k]).values_list(
            "subject_group", flat=True
        )
    )


def record_for_form(key: str) -> tuple[str, dict[str, Any], Record] | None:
    """(fact type, facts-file mapping, row) of the record ``key``, to edit or void."""
    from sanitas.records.bridge import record_to_fact

    index = RecordIndex.objects.filter(key=key).first()
    if index is None:
        return None
    row = RECORD_MODELS[index.fact_type].objects.get(key=key)
    return index.fact_type, record_to_fact(row), row


def record_version(fact_type: str, key: str) -> str:
    """The version of record ``key`` as it stands, which a change or void form carries
    (:mod:`sanitas.records.versions`)."""
    from sanitas.records.versions import version_of

    return version_of(fact_type, key) or ""


# --------------------------------------------------------------------------- what to record here

#: the records a person most often adds from a page of each type, in that order; the
#: vocabulary's other types that name it follow under "other records"
RECORD_FIRST: dict[str, tuple[str, ...]] = {
    "establishment": (
        "inspection",
        "pump_out",
        "training",
        "employee",
        "device",
        "collection_service",
        "waiver",
        "bmp_submittal",
        "self_hauler",
    ),
    "premises": (
        "inspection",
        "collection_service",
        "set_out",
        "accumulation",
        "permit",
        "waiver",
        "self_hauler",
    ),
    "device": ("pump_out", "inspection", "frequency_order", "in_house_cleaning"),
    "permit": (
        "inspection",
        "pressure_test",
        "work_started",
        "work_suspended",
        "work_resumed",
        "work_inspection",
    ),
}


def _record_label(fact_type: str) -> str:
    """ "Record a pump-out", "Record an inspection"."""
    what = type_words(fact_type)
    return f"Record {'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"


@dataclass(frozen=True)
class RecordAction:
    fact_type: str
    label: str
    url: str


def record_actions(
    user: Any, *, key: str, fact_type: str
) -> tuple[list[RecordAction], list[RecordAction]]:
    """(first, others): the records ``user`` may add from the page of the record
    ``key`` — each type of the vocabulary with a reference that accepts a
    ``fact_type``, opened with that reference filled in."""
    from sanitas.access.policy import About, allows
    from sanitas.ordinance.facts import vocabulary

    found: dict[str, RecordAction] = {}
    for name, model in vocabulary().items():
        if not allows(user, "records.record", About.record(name)):
            continue
        for field_name, accepted in model.references.items():
            if (accepted and fact_type in accepted) or (not accepted and field_name == "subject"):
                url = reverse("web:record_new", args=[name])
                found[name] = RecordAction(
                    name,
                    _record_label(name),
                    f"{url}?near={key}&{field_name}={key}",
                )
                break
        else:
            # one more step away: a pump-out of one of a business's devices
            for _field_name, accepted in model.references.items():
                hops = {
                    t
                    for t in accepted
                    if fact_type in FACT_TYPES[t].references.get("establishment", ())
                    or fact_type in FACT_TYPES[t].references.get("premises", ())
                }
                if accepted and hops and name in RECORD_FIRST.get(fact_type, ()):
                    url = reverse("web:record_new", args=[name])
                    found[name] = RecordAction(name, _record_label(name), f"{url}?near={key}")
                    break
    first = [found[t] for t in RECORD_FIRST.get(fact_type, ()) if t in found]
    others = sorted(
        (a for t, a in found.items() if t not in RECORD_FIRST.get(fact_type, ())),
        key=lambda a: a.label,
    )
    return first, others


# --------------------------------------------------------------------------- where to go


@dataclass(frozen=True)
class Place:
    """Where a record is, for someone going there: the business's name ("" for a
    premises, or a record of no business) and its street address ("" when none is on
    record)."""

    name: str
    address: str


#: how far a record's references are followed to the business or premises it is at
#: (a pump-out's device's business is two steps away)
_PLACE_STEPS = 3


def places(keys: list[str] | set[str]) -> dict[str, Place]:
    """For each of ``keys``, the business or premises it is at, by name and address:
    a business is its own place (its address, or its premises' when it has none
    recorded), a premises its address, any other record the place of what it
    belongs to (its business, premises or device). A key that leads to neither has
    no entry."""
    wanted = {key for key in keys if key}
    rows: dict[str, tuple[str, Record]] = {}
    up: dict[str, str] = {}
    pending = set(wanted)
    for _ in range(_PLACE_STEPS + 1):
        if not pending:
            break
        index = dict(RecordIndex.objects.filter(key__in=pending).values_list("key", "fact_type"))
        by_type: dict[str, list[str]] = defaultdict(list)
        for key, fact_type in index.items():
            by_type[fact_type].append(key)
        for fact_type, type_keys in by_type.items():
            for row in RECORD_MODELS[fact_type].objects.filter(key__in=type_keys):
                rows[row.key] = (fact_type, row)
        pending = set()
        for key in index:
            fact_type, row = rows.get(key, (None, None))
            if row is None or fact_type in ("establishment", "premises"):
                if fact_type == "establishment" and getattr(row, "premises", None):
                    up[key] = row.premises
                    if row.premises not in rows:
                        pending.add(row.premises)
                continue
            model = RECORD_MODELS[fact_type]
            for name in OWNER_FIELDS:
                if name in model.references and getattr(row, name, None):
                    up[key] = getattr(row, name)
                    if up[key] not in rows:
                        pending.add(up[key])
                    break
    named = titles([key for key, (fact_type, _) in rows.items() if fact_type == "establishment"])

    def place(key: str, steps: int) -> Place | None:
        fact_type, row = rows.get(key, (None, None))
        if row is None:
            return None
        if fact_type == "premises":
            return Place(name="", address=row.address or "")
        if fact_type == "establishment":
            address = row.address or ""
            if not address and key in up:
                premises = rows.get(up[key], (None, None))[1]
                address = getattr(premises, "address", "") or ""
            title = named.get(key)
            return Place(name=title.text if title else (row.name or ""), address=address)
        if steps and key in up:
            return place(up[key], steps - 1)
        return None

    found = {key: place(key, _PLACE_STEPS) for key in wanted}
    return {key: where for key, where in found.items() if where is not None}
