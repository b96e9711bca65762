"""One timeline per business or premises: every record of it and every version of
those records, the findings' status changes, the cases' assignments and notes, in
date order, newest first, each with who did it and why.

A timeline takes its entries from *sources*: one small function per kind of event,
each reading its own storage with a bounded number of queries (never one per row)
and returning :class:`Entry` objects. :data:`SOURCES` lists them; another kind of
event (field inspections with their photos) joins the timeline by
:func:`register`-ing one more source, without touching the others.

What a business's timeline covers: the business, its premises, and every record
that names one of them or names such a record (devices, their pump-outs,
employees and their trainings, services, permits and their tests…), but not the
records of another business at the same premises. A premises' timeline covers the
premises and everything that names it, every business there included.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator
from django.db.models import DecimalField, FloatField, IntegerField, Q
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

from sanitas.kit import selectors as staff_selectors
from sanitas.kit.said import finding_words, reader_language
from sanitas.kit.titles import Title, titles
from sanitas.ordinance import naming
from sanitas.ordinance.field_texts import label_of
from sanitas.ordinance.messages import FIELD_CONTEXT, field_words
from sanitas.ordinance.words import capital, number
from sanitas.records.models import RECORD_MODELS, Record, RecordIndex
from sanitas.web.templatetags.web_tags import people_date, status_word
from sanitas.web.templatetags.web_tags import requirement_title as page_requirement_title

#: the kinds of record a timeline is drawn for
TIMELINE_TYPES = ("establishment", "premises")
PAGE_SIZE = 50
#: who a finding's status change is by: the rules, evaluated on a write or a sweep
EVALUATION = gettext_lazy("Sanitas (evaluation of the rules)")


@dataclass
class Entry:
    """One thing that happened: when, who, what in words, and why."""

    at: datetime
    kind: str
    #: what happened, in words ("Pump-out recorded", "capacity changed 750 → 1,000")
    what: str
    #: the name the history keeps for who did it (a user name, or a process)
    actor: str = ""
    #: the account that did it, when the history names one
    user_id: int | None = None
    why: str = ""
    #: the record it is about (linked), if any
    record: Title | None = None
    #: a requirement's title and ID, for findings and cases
    requirement: str = ""
    requirement_title: str = ""
    #: where to read more (a case's page)
    link: str = ""
    changes: list[str] = field(default_factory=list)
    #: filled in by :func:`timeline`: the person's full name or user name
    who: str = ""
    #: breaks ties between entries of the same instant (a source's own order)
    order: int = 0

    @property
    def text(self) -> str:
        """The entry as one line (for exports)."""
        parts = []
        if self.record is not None:
            parts.append(self.record.text)
        if self.requirement_title:
            parts.append(f"{self.requirement_title} ({self.requirement})")
        head = " — ".join(parts)
        return f"{head}: {self.what}" if head else self.what


@dataclass(frozen=True)
class Scope:
    """What a timeline covers: its root record and every record on it."""

    key: str
    fact_type: str
    #: key → fact type of every record the timeline covers (the root included)
    keys: dict[str, str]
    user: Any
    named: dict[str, Title]


@dataclass(frozen=True)
class Source:
    """One kind of event: its name on the filter, and the function that reads it."""

    kind: str
    label: str
    entries: Callable[[Scope], Iterable[Entry]]


#: every source of a timeline's entries, in the order of the filter's choices
SOURCES: list[Source] = []


def register(source: Source) -> Source:
    """Add a source of entries (one kind of event) to every timeline."""
    if any(s.kind == source.kind for s in SOURCES):
        raise ValueError(f"a timeline source of kind {source.kind!r} is already registered")
    SOURCES.append(source)
    return source


def kinds() -> list[tuple[str, str]]:
    """The kinds of entry, as (kind, label) choices."""
    return [(s.kind, s.label) for s in SOURCES]


@dataclass
class Timeline:
    root: Title
    page: Page
    #: the kinds shown (all of them when none was chosen)
    kinds: tuple[str, ...]
    count: int


def timeline(
    user: Any, *, key: str, only: Iterable[str] = (), page: Any = 1, per_page: int = PAGE_SIZE
) -> Timeline | None:
    """The timeline of a business or a premises, newest first, one page of it (None
    if ``key`` is neither). ``only`` limits it to those kinds of entry."""
    scope = scope_of(user, key=key)
    if scope is None:
        return None
    chosen = tuple(k for k, _label in kinds() if k in set(only))
    entries = entries_of(scope, kinds=chosen)
    paged = Paginator(entries, per_page).get_page(page)
    name_people(list(paged))
    return Timeline(
        root=scope.named[key],
        page=paged,
        kinds=chosen or tuple(k for k, _label in kinds()),
        count=len(entries),
    )


def entries_of(scope: Scope, *, kinds: tuple[str, ...] = ()) -> list[Entry]:
    """Every entry of the scope's sources (those of ``kinds``, or all), newest first."""
    entries: list[Entry] = []
    for source in SOURCES:
        if kinds and source.kind not in kinds:
            continue
        for position, entry in enumerate(source.entries(scope)):
            entry.order = position
            entries.append(entry)
    entries.sort(key=lambda e: (e.at, e.order), reverse=True)
    return entries


def scope_of(user: Any, *, key: str) -> Scope | None:
    """What the timeline of ``key`` covers (see the module docstring)."""
    root = RecordIndex.objects.filter(key=key, fact_type__in=TIMELINE_TYPES).first()
    if root is None:
        return None
    in_group = dict(
        RecordIndex.objects.filter(subject_group=root.subject_group).values_list("key", "fact_type")
    )
    by_type: dict[str, list[str]] = defaultdict(list)
    for member, fact_type in in_group.items():
        by_type[fact_type].append(member)
    # who names whom, within the group: one query per type that names anything
    named_by: dict[str, set[str]] = defaultdict(set)
    for fact_type in by_type:
        model = RECORD_MODELS[fact_type]
        fields = [*model.references, *model.list_references]
        if not fields:
            continue
        rows = model.objects.filter(subject_group=root.subject_group).values_list("key", *fields)
        for member, *values in rows:
            for value in values:
                for target in value if isinstance(value, list) else [value]:
                    if isinstance(target, str) and target:
                        named_by[target].add(member)
    start = {key}
    if root.fact_type == "establishment":
        premises = (
            RECORD_MODELS["establishment"]
            .objects.filter(key=key)
            .values_list("premises", flat=True)
            .first()
        )
        if premises and premises in in_group:
            start.add(premises)
    covered = set(start)
    todo = list(start)
    while todo:
        target = todo.pop()
        for member in named_by.get(target, ()):
            if member in covered:
                continue
            # another business at the premises has its own timeline
            if in_group.get(member) == "establishment" and root.fact_type == "establishment":
                continue
            covered.add(member)
            todo.append(member)
    keys = {k: in_group[k] for k in sorted(covered) if k in in_group}
    return Scope(key=key, fact_type=root.fact_type, keys=keys, user=user, named=titles(keys))


# --------------------------------------------------------------------------- people


def people(*, ids: Iterable[int] = (), names: Iterable[str] = ()) -> tuple[dict, dict]:
    """What to call the accounts with these ids and user names (their full name, else
    their user name; a closed account too — users are never deleted), in one query:
    (by id, by user name)."""
    ids, names = set(ids) - {None}, set(names) - {"", None}
    if not ids and not names:
        return {}, {}
    model = get_user_model()
    by_id, by_name = {}, {}
    for user in model.objects.filter(Q(pk__in=ids) | Q(**{f"{model.USERNAME_FIELD}__in": names})):
        called = user.get_full_name().strip() or user.get_username()
        by_id[user.pk] = called
        by_name[user.get_username()] = called
    return by_id, by_name


def name_people(entries: list[Entry]) -> None:
    """Fill in each entry's ``who``: the account's name, else the name kept."""
    by_id, by_name = people(
        ids=(e.user_id for e in entries), names=(e.actor for e in entries if e.user_id is None)
    )
    for entry in entries:
        if entry.user_id is not None and entry.user_id in by_id:
            entry.who = by_id[entry.user_id]
        else:
            entry.who = by_name.get(entry.actor) or entry.actor or "—"


# --------------------------------------------------------------------------- records


def page_number(value: int | float | Decimal) -> str:
    """A number as the page's language writes it: "1,000" and "2.5" in English, "1.000"
    and "2,5" in Spanish."""
    if (get_language() or "en").split("-")[0] == "en":
        return number(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return number_format(value, force_grouping=True)


def _value(value: Any) -> str:
    """A field's value in words, for "changed 750 → 1,000"."""
    if value is None or value == "" or value == []:
        return pgettext("field value", "none")
    if isinstance(value, bool):
        return pgettext("field value", "yes") if value else pgettext("field value", "no")
    if isinstance(value, datetime | date):
        return people_date(value)
    if isinstance(value, int | float | Decimal):
        return page_number(value)
    if isinstance(value, dict):  # one of a list of objects (a design's run)
        return _(", ").join(
            f"{_object_label(key, item)} {_value(item)}"
            for key, item in value.items()
            if item is not None
        )
    if isinstance(value, list):
        objects = any(isinstance(v, dict) for v in value)
        return (_("; ") if objects else _(", ")).join(_value(v) for v in value)
    text = str(value)
    if "_" in text and " " not in text:
        return naming.value_word(text).render(reader_language())
    return text


def _object_label(key: str, value: Any) -> str:
    """A field of one of a list of objects as the record form's row labels it, in the
    page's language ("Diameter (inches)")."""
    numeric = isinstance(value, int | float | Decimal) and not isinstance(value, bool)
    return field_words(FIELD_CONTEXT, label_of(key, numeric=numeric), reader_language())


def _kind(fact_type: str) -> str:
    """What a record is, capitalised, in the page's language ("Pump-out", "Business")."""
    if fact_type == "establishment":
        return _("Business")
    return capital(naming.kind_word(fact_type).render(reader_language()))


def _field_label(column: Any) -> str:
    """A record's field as the record form labels it, in the page's language (the
    engine's catalogs); in English, the field's own name ("hauler name")."""
    language = reader_language()
    if language == "en":
        return column.verbose_name
    numeric = isinstance(column, IntegerField | FloatField | DecimalField)
    return field_words(FIELD_CONTEXT, label_of(column.name, numeric=numeric), language)


def _columns(model: type[Record]) -> list[Any]:
    own = {f.name for f in Record._meta.concrete_fields} | {"id"}
    return [f for f in model._meta.concrete_fields if f.name not in own]


def record_entries(scope: Scope) -> list[Entry]:
    """Each record recorded, changed (field by field), voided or reinstated: one
    query per type of record on the timeline."""
    by_type: dict[str, list[str]] = defaultdict(list)
    for key, fact_type in scope.keys.items():
        by_type[fact_type].append(key)
    out: list[Entry] = []
    for fact_type, keys in sorted(by_type.items()):
        model = RECORD_MODELS[fact_type]
        columns = _columns(model)
        titled = _titled(scope, {*model.references, *model.list_references})
        kind = _kind(fact_type)
        before: dict[str, Any] = {}
        for version in model.history.filter(key__in=keys).order_by(
            "key", "history_date", "history_id"
        ):
            previous = before.get(version.key)
            before[version.key] = version
            entry = _record_entry(kind, version, previous, columns, titled)
            if entry is not None:
                entry.record = scope.named.get(version.key)
                out.append(entry)
    return out


def _titled(scope: Scope, references: set[str]) -> Callable[[str, Any], str]:
    """A field's value in words, a reference by the title of the record it names
    ("establishment changed Jade Garden → El Sol"), never by its key."""
    named = dict(scope.named)

    def title(key: Any) -> str:
        if key not in named:
            named.update(titles([str(key)]))
        found = named.get(key)
        return found.text if found else str(key)

    def value(name: str, given: Any) -> str:
        if name not in references or given in (None, "", []):
            return _value(given)
        return _(", ").join(title(key) for key in (given if isinstance(given, list) else [given]))

    return value


def _record_entry(
    kind: str, version: Any, previous: Any, columns: list[Any], titled: Callable[[str, Any], str]
) -> Entry | None:
    reason = version.history_change_reason or ""
    common = {"at": version.history_date, "kind": "records", "user_id": version.history_user_id}
    if previous is None:
        return Entry(
            what=_("%(kind)s recorded") % {"kind": kind},
            actor=version.recorded_by,
            why=version.recorded_why or reason,
            **common,
        )
    if version.voided_at is not None and previous.voided_at is None:
        return Entry(
            what=_("%(kind)s voided") % {"kind": kind},
            actor=version.voided_by,
            why=version.voided_why,
            **common,
        )
    changes = [
        _("%(field)s changed %(before)s → %(after)s")
        % {
            "field": _field_label(column),
            "before": titled(column.name, getattr(previous, column.name)),
            "after": titled(column.name, getattr(version, column.name)),
        }
        for column in columns
        if getattr(previous, column.name) != getattr(version, column.name)
    ]
    reinstated = previous.voided_at is not None and version.voided_at is None
    if not changes and not reinstated:
        return None  # only its grouping changed: nothing a person would read as news
    if reinstated:
        what = _("%(kind)s recorded again") % {"kind": kind}
    elif len(changes) <= 2:
        what, changes = _("; ").join(changes), []
    else:
        what = ngettext("%(count)s field changed", "%(count)s fields changed", len(changes)) % {
            "count": page_number(len(changes))
        }
    return Entry(
        what=what,
        actor=version.recorded_by,
        why=version.recorded_why or reason,
        changes=changes,
        **common,
    )


# --------------------------------------------------------------------------- findings


def finding_entries(scope: Scope) -> list[Entry]:
    """Each finding's status as the rules found it, and each change of it ("became
    overdue", "no longer found"): one query."""
    out: list[Entry] = []
    last: dict[tuple, str] = {}
    for version in staff_selectors.finding_versions(scope.user, subjects=list(scope.keys)):
        slot = (version.requirement, version.subject, version.period, version.ordinal)
        state = version.status if version.current else "no longer found"
        seen = last.get(slot)
        if seen == state:
            continue
        last[slot] = state
        said = {"status": status_word(state), "period": version.period}
        if state == "no longer found":
            what = _("no longer found for %(period)s") if version.period else _("no longer found")
        elif seen is None:
            what = _("found %(status)s for %(period)s") if version.period else _("found %(status)s")
        else:
            what = (
                _("became %(status)s for %(period)s") if version.period else _("became %(status)s")
            )
        out.append(
            Entry(
                at=version.history_date,
                kind="findings",
                what=what % said,
                actor=str(EVALUATION),
                user_id=version.history_user_id,
                why=finding_words(version) if version.current else "",
                record=scope.named.get(version.subject),
                requirement=version.requirement,
                requirement_title=page_requirement_title(version.requirement),
            )
        )
    return out


# --------------------------------------------------------------------------- casework


def case_entries(scope: Scope) -> list[Entry]:
    """Each case opened, assigned or given back, and each note written on it: two
    queries, and one for the names of the people the cases were given to."""
    from sanitas.casework import selectors as casework_selectors

    versions, notes = casework_selectors.case_versions(scope.user, subjects=list(scope.keys))
    assignees, _names = people(ids={v.assignee_id for v in versions if v.assignee_id})
    out: list[Entry] = []
    previous: dict[int, Any] = {}
    for version in versions:
        before = previous.get(version.id)
        previous[version.id] = version
        to = {"who": assignees.get(version.assignee_id, "—")}
        if before is None:
            what = _("Case opened")
            if version.assignee_id is not None:
                what = _("Case opened and assigned to %(who)s") % to
        elif before.assignee_id != version.assignee_id:
            what = (
                _("Case assigned to %(who)s") % to
                if version.assignee_id is not None
                else _("Case unassigned")
            )
        else:
            continue
        out.append(
            Entry(
                at=version.history_date,
                kind="cases",
                what=what,
                actor=version.opened_by if before is None else "",
                user_id=version.history_user_id,
                record=scope.named.get(version.subject),
                requirement=version.requirement,
                requirement_title=page_requirement_title(version.requirement),
                link=reverse("casework:case", args=[version.subject, version.requirement]),
            )
        )
    for note in notes:
        case = note.case
        out.append(
            Entry(
                at=note.written_at,
                kind="cases",
                what=_("Note: %(text)s") % {"text": note.text},
                actor=note.written_by.get_username(),
                user_id=note.written_by_id,
                record=scope.named.get(case.subject),
                requirement=case.requirement,
                requirement_title=page_requirement_title(case.requirement),
                link=reverse("casework:case", args=[case.subject, case.requirement]),
            )
        )
    return out


def inspection_entries(scope: Scope) -> list[Entry]:
    """Each inspection visit started and finished (with its signature or refusal),
    and each photo taken on it, linked to the visit and the photo's evidence."""
    from sanitas.casework import selectors as casework_selectors

    out: list[Entry] = []
    for visit in casework_selectors.visits_about(list(scope.keys)):
        title = _visit_title(visit)
        link = reverse("casework:inspection", args=[visit.pk])
        about = scope.named.get(visit.subject)
        out.append(
            Entry(
                at=visit.started_at,
                kind="inspections",
                what=_("%(visit)s of %(day)s started")
                % {"visit": title, "day": people_date(visit.visit_date)},
                actor=visit.started_by.get_username(),
                user_id=visit.started_by_id,
                record=about,
                link=link,
            )
        )
        for photo in visit.photos.all():
            said = {"visit": title, "caption": photo.caption, "why": photo.voided_why}
            if photo.caption and photo.voided_at is not None:
                words = _("Photo taken (%(visit)s): %(caption)s (void: %(why)s)") % said
            elif photo.caption:
                words = _("Photo taken (%(visit)s): %(caption)s") % said
            elif photo.voided_at is not None:
                words = _("Photo taken (%(visit)s) (void: %(why)s)") % said
            else:
                words = _("Photo taken (%(visit)s)") % said
            out.append(
                Entry(
                    at=photo.taken_at,
                    kind="inspections",
                    what=words,
                    actor=photo.taken_by.get_username(),
                    user_id=photo.taken_by_id,
                    record=about,
                    link=reverse("casework:inspection_photo", args=[visit.pk, photo.pk]),
                    changes=[f"SHA-256 {photo.sha256}"],
                )
            )
        if visit.finished_at is not None:
            signature = getattr(visit, "signature", None)
            said = {"visit": title}
            if signature is None:
                finished = _("%(visit)s finished, its facts recorded") % said
            elif signature.refused:
                finished = (
                    _("%(visit)s finished, its facts recorded; the person on site refused to sign")
                    % said
                )
            else:
                finished = _("%(visit)s finished, its facts recorded; signed by %(name)s") % {
                    **said,
                    "name": signature.signer_name,
                }
            out.append(
                Entry(
                    at=visit.finished_at,
                    kind="inspections",
                    what=finished,
                    actor=visit.started_by.get_username(),
                    user_id=visit.started_by_id,
                    record=about,
                    link=link,
                    order=1,
                )
            )
    return out


def _visit_title(visit: Any) -> str:
    """A visit's kind as the inspection pages call it, in the page's language."""
    from sanitas.casework.inspection import VISIT_KINDS

    kind = VISIT_KINDS.get(visit.kind)
    return kind.said if kind is not None else visit.get_kind_display()


register(Source("records", gettext_lazy("Records and their versions"), record_entries))
register(Source("findings", gettext_lazy("Findings' status changes"), finding_entries))
register(Source("cases", gettext_lazy("Cases: assignments and notes"), case_entries))
register(Source("inspections", gettext_lazy("Inspections and their photos"), inspection_entries))
