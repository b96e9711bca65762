"""What the staff pages read. Every public function takes the signed-in ``user`` and
returns only what that user may see; views render what these return and never
query the models themselves.

- Programs: a finding belongs to a program by its requirement ID (FOG, sewer
  permits, solid waste, SB 1383).
- Roles: a user's Django groups name their role (:mod:`sanitas.access.roles`); who may
  read what is the access policy's (:mod:`sanitas.access.policy`).
- The worklist: the open findings the last sweep stored, filtered and sorted.
- A subject's page: its record, the records that name it, their findings and
  their history — today, or as the city knew them at the end of a past day, with
  the findings the engine makes of that knowledge.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone

from sanitas.access import roles as access_roles
from sanitas.access.policy import About, allows
from sanitas.kit.said import problem_words, reader_language, reading_words
from sanitas.kit.titles import Title, title_of, titles
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.facts import FACT_TYPES, FactsError, parse_facts
from sanitas.ordinance.messages import said_in_english as english
from sanitas.ordinance.words import type_words, words
from sanitas.records.bridge import record_names_in, record_to_fact
from sanitas.records.models import (
    RECORD_MODELS,
    DataProblem,
    Finding,
    Record,
    RecordIndex,
    WorklistRow,
)
from sanitas.records.sweep import evaluation_day, evaluation_facts, jurisdiction_pack
from sanitas.records.worklist import (
    ALL,
    OPEN_STATUSES,
    PROGRAMS,
    RUN_LENGTH,
    SEVERITY,
    WORKLIST_STATUSES,
    program_of,
)

# --------------------------------------------------------------------------- roles


def roles_of(user: Any) -> list[str]:
    """The user's role groups (:mod:`sanitas.access.roles`), in the table's order."""
    return [role.group for role in access_roles.roles_of(user)]


def visible_programs(user: Any) -> tuple[str, ...]:
    """The programs whose findings the user may see (the access policy's
    ``records.view``, about each program): every program for the roles that read, as the
    records are public records (GEN-RECORDS-PUBLIC); none for anyone else."""
    return tuple(p for p in PROGRAMS if allows(user, "records.view", About.program(p)))


def is_staff_member(user: Any) -> bool:
    """May the user read the records and the worklist (:mod:`sanitas.access.policy`)."""
    return allows(user, "records.view")


def default_program(user: Any) -> str:
    """The program the worklist opens on: the user's one role's, else every program."""
    roles = access_roles.roles_of(user)
    if user.is_superuser or len(roles) != 1:
        return ALL
    return roles[0].opens_on


def _visible_q(user: Any) -> Q:
    programs = visible_programs(user)
    if not programs:
        return Q(pk__in=[])
    if len(programs) == len(PROGRAMS):
        return Q()
    found = Q(pk__in=[])
    for key in programs:
        found |= PROGRAMS[key].q()
    return found


def _may_see(user: Any, requirement: str) -> bool:
    return program_of(requirement) in visible_programs(user)


# --------------------------------------------------------------------------- the worklist

WINDOWS = {"overdue": None, "7": 7, "30": 30, "90": 90}


def open_counts(groups: set[str] | list[str]) -> dict[str, int]:
    """The current open findings of the subject groups ``groups``, counted by status
    (what a write's message reports before and after)."""
    counts: dict[str, int] = {status: 0 for status in OPEN_STATUSES}
    if not groups:
        return counts
    rows = (
        Finding.objects.filter(
            subject_group__in=list(groups), current=True, status__in=OPEN_STATUSES
        )
        .values_list("status")
        .order_by()
    )
    for (status,) in rows:
        counts[status] += 1
    return counts


#: "action" is what needs action first: violations, then overdue by days overdue,
#: then due soonest
SORTS = ("action", "due", "requirement", "subject", "status")
PAGE_SIZE = 50


def worklist_date() -> date:
    """The day the worklist speaks for: the as-of date of the latest sweep (today if
    nothing has been swept). Due windows count from it."""
    return evaluation_day()


def _severity() -> Case:
    return Case(
        *(When(status=status, then=Value(rank)) for status, rank in SEVERITY.items()),
        default=Value(len(SEVERITY)),
        output_field=IntegerField(),
    )


def worklist(
    user: Any,
    *,
    today: date,
    program: str = ALL,
    status: str = "",
    include_late: bool = False,
    window: str = "",
    due_from: date | None = None,
    due_to: date | None = None,
    sort: str = "due",
    obligations: list[tuple[str, str]] | None = None,
) -> QuerySet[Finding]:
    """The current open findings the user may see, filtered and sorted.

    ``status`` empty means every open status (due, overdue, violation), plus late
    ones with ``include_late``. ``window`` counts from ``today``: ``overdue`` (due
    before it), or ``7``/``30``/``90`` (due from it to that many days after);
    ``due_from``/``due_to`` bound the due date (inclusive). ``sort`` is one of
    :data:`SORTS`, ``-`` first for descending; findings without a due date sort
    after every date. ``obligations`` limits them to those (subject, requirement)
    pairs (a person's cases).
    """
    findings = Finding.objects.filter(current=True).filter(_visible_q(user))
    if obligations is not None:
        pairs = Q(pk__in=[])
        for subject, requirement in obligations:
            pairs |= Q(subject=subject, requirement=requirement)
        findings = findings.filter(pairs)
    if program != ALL:
        findings = (
            findings.filter(PROGRAMS[program].q()) if program in PROGRAMS else findings.none()
        )
    if status:
        findings = findings.filter(status=status)
    else:
        findings = findings.filter(status__in=WORKLIST_STATUSES if include_late else OPEN_STATUSES)
    if window == "overdue":
        findings = findings.exclude(due="").filter(due__lt=today.isoformat())
    elif window in WINDOWS:
        until = today + timedelta(days=WINDOWS[window] + 1)
        findings = findings.filter(due__gte=today.isoformat(), due__lt=until.isoformat())
    if due_from is not None:
        findings = findings.filter(due__gte=due_from.isoformat())
    if due_to is not None:
        # a due time on the last day ("2025-03-10T18:00") is still within it
        findings = findings.exclude(due="").filter(due__lt=(due_to + timedelta(days=1)).isoformat())
    return _sorted(findings, sort)


def _sorted(findings: QuerySet[Finding], sort: str) -> QuerySet[Finding]:
    findings = findings.annotate(
        no_due=Case(When(due="", then=Value(1)), default=Value(0), output_field=IntegerField()),
        severity=_severity(),
    )
    return findings.order_by(*_order(sort))


def _order(sort: str) -> list[str]:
    """The findings' order for ``sort``: its columns, then every other as a tie."""
    descending = sort.startswith("-")
    column = sort.lstrip("-")
    if column not in SORTS:
        column, descending = "due", False
    primary = {
        "action": ["severity", "no_due", "due"],
        "due": ["no_due", "due"],
        "requirement": ["requirement"],
        "subject": ["subject"],
        "status": ["severity"],
    }[column]
    order = [f"-{name}" if descending else name for name in primary]
    for tie in ("no_due", "due", "requirement", "subject", "period", "ordinal", "id"):
        if tie not in primary:
            order.append(tie)
    return order


def worklist_rows(
    user: Any,
    *,
    program: str = ALL,
    status: str = "",
    include_late: bool = False,
    sort: str = "due",
) -> QuerySet[WorklistRow]:
    """The worklist's lines as the sweep keeps them (:mod:`sanitas.records.worklist`),
    for the filters that take whole lines (program, status, late ones), in the order
    :func:`worklist` gives the findings for ``sort``: each line where its first
    finding would be. A filter on due dates or on a person's cases cuts runs, so
    those are paged from the findings (:func:`worklist_page` without rows)."""
    visible = visible_programs(user)
    rows = WorklistRow.objects.all()
    if len(visible) < len(PROGRAMS):
        rows = rows.filter(program__in=visible)
    if program != ALL:
        rows = rows.filter(program=program) if program in PROGRAMS else rows.none()
    if status:
        rows = rows.filter(status=status)
    else:
        rows = rows.filter(status__in=WORKLIST_STATUSES if include_late else OPEN_STATUSES)
    order = _order(sort)
    # a line descending by due date is placed at the finding that sorts first so: its tail
    end = "tail" if order[0] in ("-no_due", "-severity") and "-due" in order else "head"
    placed = []
    for name in order:
        bare = name.lstrip("-")
        if bare in ("no_due", "due", "period", "ordinal", "id"):
            bare = f"{end}_{bare}"
        placed.append(("-" if name.startswith("-") else "") + bare)
    return rows.order_by(*placed)


@dataclass
class WorklistLine:
    """One line of the worklist: a finding, or a run of findings of one obligation
    (same subject, requirement and status) shown as one line that expands."""

    findings: list[Finding]

    @property
    def first(self) -> Finding:
        return self.findings[0]

    @property
    def collapsed(self) -> bool:
        return len(self.findings) >= RUN_LENGTH

    @property
    def periods(self) -> list[str]:
        return sorted(f.period for f in self.findings if f.period)

    @property
    def unit(self) -> str:
        """What the run counts: quarters, years, or findings."""
        periods = self.periods
        if periods and len(periods) == len(self.findings):
            if all("-Q" in p for p in periods):
                return "quarters"
            if all(p.isdigit() for p in periods):
                return "years"
        return "findings"


def worklist_lines(findings: QuerySet[Finding] | list[Finding]) -> list[WorklistLine]:
    """The findings as lines: each obligation's findings of one status gathered into
    one line at the place of its first (most pressing) finding, in the list's order."""
    runs: dict[tuple[str, str, str], list[Finding]] = {}
    for finding in findings:
        runs.setdefault((finding.subject, finding.requirement, finding.status), []).append(finding)
    lines: list[WorklistLine] = []
    for run in runs.values():
        if len(run) >= RUN_LENGTH:
            lines.append(WorklistLine(run))
        else:
            lines.extend(WorklistLine([finding]) for finding in run)
    order = {id(f): i for i, f in enumerate(findings)}
    lines.sort(key=lambda line: order[id(line.first)])
    return lines


def worklist_page(
    findings: QuerySet[Finding],
    *,
    page: Any,
    per_page: int = PAGE_SIZE,
    rows: QuerySet[WorklistRow] | None = None,
) -> tuple[Any, list[WorklistLine]]:
    """One page of :func:`worklist_lines`, computed by the database: a window over each
    obligation's findings of one status gives each its run's size and its place in
    the run, and a line begins at every finding of a short run and at the first of a
    long one; only the page's lines are read, then the findings of its long runs.
    The same lines in the same order as :func:`worklist_lines` (a test holds them
    equal), without reading every open finding of the city for each page."""
    from django.core.paginator import Paginator
    from django.db.models import Count, F, Window
    from django.db.models.functions import RowNumber

    if rows is not None:
        return _page_of_rows(findings, rows, page=page, per_page=per_page)
    order = [
        F(name[1:]).desc() if name.startswith("-") else F(name).asc()
        for name in findings.query.order_by
    ]
    run = [F("subject"), F("requirement"), F("status")]
    heads = (
        findings.annotate(
            run_size=Window(Count("pk"), partition_by=run),
            run_place=Window(RowNumber(), partition_by=run, order_by=order),
        )
        .annotate(
            # every finding of a short run begins a line; of a long run, the first
            last_head=Case(
                When(run_size__lt=RUN_LENGTH, then=Value(RUN_LENGTH)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .filter(run_place__lte=F("last_head"))
    )
    shown = Paginator(heads, per_page).get_page(page)
    long_runs = [h for h in shown if h.run_size >= RUN_LENGTH]
    members: dict[tuple[str, str, str], list[Finding]] = defaultdict(list)
    if long_runs:
        wanted = Q(pk__in=[])
        for h in long_runs:
            wanted |= Q(subject=h.subject, requirement=h.requirement, status=h.status)
        for finding in findings.filter(wanted):
            members[finding.subject, finding.requirement, finding.status].append(finding)
    lines = [
        WorklistLine(members[h.subject, h.requirement, h.status])
        if h.run_size >= RUN_LENGTH
        else WorklistLine([h])
        for h in shown
    ]
    shown.object_list = lines  # the page holds its lines, as a page of lines would
    return shown, lines


def _page_of_rows(
    findings: QuerySet[Finding], rows: QuerySet[WorklistRow], *, page: Any, per_page: int
) -> tuple[Any, list[WorklistLine]]:
    """A page of the lines the sweep keeps: the page's rows, then their findings (in
    the order of ``findings``) in one query."""
    from django.core.paginator import Paginator
    from django.db.models import Count, Sum

    # the lines and the findings they hold, counted in one pass over the rows
    totals = rows.order_by().aggregate(lines=Count("pk"), findings=Sum("size"))
    paginator = Paginator(rows.only("findings"), per_page)
    paginator.__dict__["count"] = totals["lines"]  # (Paginator.count is a cached property)
    shown = paginator.get_page(page)
    shown.finding_count = totals["findings"] or 0
    wanted = [pk for row in shown for pk in row.findings]
    found = {f.pk: f for f in findings.filter(pk__in=wanted)} if wanted else {}
    place = {pk: n for n, pk in enumerate(found)}
    lines = []
    for row in shown:
        members = sorted((pk for pk in row.findings if pk in found), key=place.__getitem__)
        if members:  # (a finding the user may not see is never in a line they may)
            lines.append(WorklistLine([found[pk] for pk in members]))
    shown.object_list = lines
    return shown, lines


def case_has_findings(*, subject: str, requirement: str) -> bool:
    """Does the engine have any current finding of ``requirement`` about ``subject``."""
    return Finding.objects.filter(current=True, subject=subject, requirement=requirement).exists()


def case_findings(user: Any, *, subject: str, requirement: str) -> list[Finding]:
    """The current findings of one obligation (every status), the most pressing first;
    none for a requirement the user may not see."""
    if not _may_see(user, requirement):
        return []
    return list(
        _sorted(
            Finding.objects.filter(current=True, subject=subject, requirement=requirement),
            "action",
        )
    )


def finding_history(user: Any, *, subject: str, requirement: str) -> list[Any]:
    """Every stored version of the obligation's findings, oldest first: how its
    status changed, and when."""
    if not _may_see(user, requirement):
        return []
    ids = list(
        Finding.objects.filter(subject=subject, requirement=requirement)
        .order_by()
        .values_list("pk", flat=True)
    )
    return list(Finding.history.filter(id__in=ids).order_by("history_date", "history_id"))


def finding_versions(user: Any, *, subjects: list[str]) -> list[Any]:
    """Every stored version of the findings about ``subjects`` that ``user`` may see,
    in the order of each finding's versions (a timeline reads their status changes
    from them). Only the columns a timeline shows are read: the versions of a
    business's years of quarterly obligations are many."""
    if not subjects:
        return []
    # by the findings' ids, which the history indexes (its rows are found by the
    # findings' own index on subject): the history keeps no index on subject, and
    # reading it by subject read every version of every finding of the city
    ids = list(Finding.objects.filter(subject__in=subjects).order_by().values_list("pk", flat=True))
    return list(
        Finding.history.filter(id__in=ids)
        .filter(_visible_q(user))
        .only(
            "history_id",
            "history_date",
            "history_user_id",
            "requirement",
            "subject",
            "period",
            "ordinal",
            "status",
            "current",
            "explanation",
            "message",
        )
        .order_by("requirement", "subject", "period", "ordinal", "history_date", "history_id")
    )


# --------------------------------------------------------------------------- a subject's page

_RECORD_COLUMNS = {f.name for f in Record._meta.concrete_fields} | {"id"}


@dataclass
class FieldRow:
    label: str
    text: str
    links: list[str] = field(default_factory=list)
    empty: bool = False
    #: each of ``links`` with its title: (key, title)
    titled: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class FindingRow:
    requirement: str
    subject: str
    status: str
    due: str
    period: str
    cite: str
    explanation: str
    program: str
    #: the interpretation of the law the finding relies on, for staff ("" for most)
    reading: str = ""
    #: what the engine said, as a message (stored as JSON, or the engine's own), read in
    #: the page's language (:func:`sanitas.kit.said.finding_words`); None where the
    #: rule writes its sentence
    message: Any = None


@dataclass
class DataProblemRow:
    """Records that contradict each other: each (key, what a person calls it), and
    what is wrong with them."""

    records: list[tuple[str, str]]
    problem: str


@dataclass
class ChildRow:
    key: str
    fact_type: str
    summary: str
    voided: bool
    title: str = ""

    @property
    def kind(self) -> str:
        return type_words(self.fact_type)


@dataclass
class TimelineEntry:
    at: datetime
    key: str
    fact_type: str
    action: str
    who: str
    why: str
    changes: list[str]
    user_id: int | None = None
    title: str = ""

    @property
    def kind(self) -> str:
        return type_words(self.fact_type)


@dataclass
class SubjectPage:
    key: str
    fact_type: str
    label: str
    subject_group: str
    as_of: date | None
    #: the record (its version at the end of ``as_of``), or None if not yet recorded then
    record: Record | None
    version_at: datetime | None
    #: the fields that hold a value, then the names of those that do not
    fields: list[FieldRow]
    unrecorded: list[str]
    children: list[ChildRow]
    #: kind → how many more records of that kind name it than are listed
    children_omitted: dict[str, int]
    findings: list[FindingRow]
    #: the date the findings are as of: the sweep's, or ``as_of``
    findings_as_of: date | None
    timeline: list[TimelineEntry]
    timeline_truncated: bool
    problems: list[str]
    #: the data problems among this record and the records that name it
    data_problems: list[DataProblemRow] = field(default_factory=list)
    #: the titles of the records the page names (its findings' subjects among them)
    named: dict[str, Title] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return type_words(self.fact_type)


TIMELINE_LIMIT = 200
CHILDREN_PER_TYPE = 50


def end_of_day(day: date) -> datetime:
    """The first instant after ``day`` in city local time: what was recorded before it
    was known on that day."""
    return datetime.combine(
        day + timedelta(days=1), time.min, tzinfo=timezone.get_current_timezone()
    )


def subject_page(user: Any, *, key: str, as_of: date | None, today: date) -> SubjectPage | None:
    """A record's page (None if no record has this key), as it stands or as of a day."""
    index = RecordIndex.objects.filter(key=key).first()
    if index is None:
        return None
    model = RECORD_MODELS[index.fact_type]
    group = index.subject_group
    at = end_of_day(as_of) if as_of is not None else None
    if at is None:
        record = model.objects.get(key=key)
        version_at = None
    else:
        version = (
            model.history.filter(key=key, history_date__lt=at)
            .order_by("-history_date", "-history_id")
            .first()
        )
        record = version.instance if version is not None else None
        version_at = version.history_date if version is not None else None

    children = _children(group, key, at)
    keys = [key, *(child.key for child, _ in children)]
    problems: list[str] = []
    data_problems: list[DataProblemRow] = []
    if as_of is None:
        stored = (
            Finding.objects.filter(current=True, subject__in=keys)
            .filter(_visible_q(user))
            .annotate(severity=_severity())
            .order_by("severity", "due", "requirement", "subject", "period", "ordinal")
        )
        findings = [_finding_row(f) for f in stored]
        findings_as_of = max((f.evaluated_as_of for f in stored), default=None)
        data_problems = stored_data_problems(group, keys)
    else:
        evaluated, problems, data_problems = findings_as_of_day(
            group, as_of=as_of, today=today, keys=keys
        )
        wanted = set(keys)
        findings = sorted(
            (
                _finding_row(f)
                for f in evaluated
                if f.subject in wanted and _may_see(user, f.requirement)
            ),
            key=lambda row: (SEVERITY.get(row.status, 9), row.due, row.requirement, row.subject),
        )
        findings_as_of = as_of

    rows = _fields(record) if record is not None else []
    child_rows, omitted = _child_rows([child for child, _ in children])
    types = {key: index.fact_type} | {child.key: child.fact_type for child, _ in children}
    timeline, truncated = _timeline(types, at)
    named = titles(
        {key}
        | {link for row in rows for link in row.links}
        | {child.key for child in child_rows}
        | {entry.key for entry in timeline}
        | {finding.subject for finding in findings}
    )
    for row in rows:
        row.titled = [(link, _titled(named, link)) for link in row.links]
    for child in child_rows:
        child.title = _titled(named, child.key)
    for entry in timeline:
        entry.title = _titled(named, entry.key)
    # as of a day, the record as it was then (a business named otherwise since)
    label = title_of(index.fact_type, record) if as_of and record else _titled(named, key)
    return SubjectPage(
        key=key,
        fact_type=index.fact_type,
        label=label,
        subject_group=group,
        as_of=as_of,
        record=record,
        version_at=version_at,
        fields=[row for row in rows if not row.empty],
        unrecorded=[row.label for row in rows if row.empty],
        children=child_rows,
        children_omitted=omitted,
        findings=findings,
        findings_as_of=findings_as_of,
        timeline=timeline,
        timeline_truncated=truncated,
        problems=problems,
        data_problems=data_problems,
        named=named,
    )


def _titled(named: dict[str, Title], key: str) -> str:
    found = named.get(key)
    return found.text if found else key


def _finding_row(finding: Any) -> FindingRow:
    due = finding.due
    if not isinstance(due, str):
        due = finding.as_dict()["due"] or ""
    return FindingRow(
        requirement=finding.requirement,
        subject=finding.subject,
        status=finding.status,
        due=due,
        period=finding.period or "",
        cite=finding.cite,
        explanation=english(finding),
        program=program_of(finding.requirement) or "",
        reading=reading_words(finding),
        message=finding.message,
    )


def stored_data_problems(group: str, keys: list[str]) -> list[DataProblemRow]:
    """The data problems the last sweep of ``group`` found that concern any of the
    records ``keys``, each record named as the explanations name it."""
    wanted = set(keys)
    found = [
        (tuple(facts), problem_words(problem, message))
        for facts, problem, message in DataProblem.objects.filter(subject_group=group, current=True)
        .order_by("id")
        .values_list("facts", "problem", "message")
        if wanted.intersection(facts)
    ]
    if not found:
        return []
    raw, _lent = evaluation_facts(group)
    return _named_problems(found, raw)


def _named_problems(
    problems: list[tuple[tuple[str, ...], str]], raw: list[dict[str, Any]]
) -> list[DataProblemRow]:
    keys = [key for facts, _problem in problems for key in facts]
    names = record_names_in(raw, keys, reader_language(), jurisdiction_pack())
    return [
        DataProblemRow(records=[(key, names[key]) for key in dict.fromkeys(facts)], problem=text)
        for facts, text in problems
    ]


def _group_keys(group: str) -> dict[str, list[str]]:
    """The keys of every record now in ``group``, by type. Groups only ever merge, so
    this holds every record the group ever had."""
    by_type: dict[str, list[str]] = defaultdict(list)
    for key, fact_type in RecordIndex.objects.filter(subject_group=group).values_list(
        "key", "fact_type"
    ):
        by_type[fact_type].append(key)
    return by_type


def _records(model: type[Record], keys: list[str], at: datetime | None):
    """The rows of ``model`` with ``keys``: as they stand, or their versions at ``at``."""
    if at is None:
        return model.objects.filter(key__in=keys)
    return model.history.filter(key__in=keys, history_date__lt=at).latest_of_each().as_instances()


def _children(group: str, key: str, at: datetime | None) -> list[tuple[Record, str]]:
    """The records of the group that name ``key`` (with the naming field), by type and key."""
    found: list[tuple[Record, str]] = []
    for fact_type, keys in sorted(_group_keys(group).items()):
        model = RECORD_MODELS[fact_type]
        if not model.references and not model.list_references:
            continue
        rows = _records(model, keys, at)
        if model.references:
            naming = Q(pk__in=[])
            for name in model.references:
                naming |= Q(**{name: key})
            if not model.list_references:
                rows = rows.filter(naming)
        for row in sorted(rows, key=lambda r: r.key):
            if row.key == key:
                continue
            for name in model.references:
                if getattr(row, name) == key:
                    found.append((row, name))
                    break
            else:
                for name in model.list_references:
                    if key in (getattr(row, name) or ()):
                        found.append((row, name))
                        break
    return found


def _child_rows(children: list[Record]) -> tuple[list[ChildRow], dict[str, int]]:
    """The records naming a subject, by type, the latest first; at most
    :data:`CHILDREN_PER_TYPE` of each type (with how many more there are)."""
    by_type: dict[str, list[Record]] = defaultdict(list)
    for child in children:
        by_type[child.fact_type].append(child)
    rows: list[ChildRow] = []
    omitted: dict[str, int] = {}
    for fact_type in sorted(by_type):
        dated_by = FACT_TYPES[fact_type].dated_by
        records = sorted(by_type[fact_type], key=lambda r: r.key)
        if dated_by:
            records.sort(key=lambda r: _sortable(getattr(r, dated_by)), reverse=True)
        for child in records[:CHILDREN_PER_TYPE]:
            rows.append(
                ChildRow(child.key, fact_type, _summary(child), child.voided_at is not None)
            )
        if len(records) > CHILDREN_PER_TYPE:
            omitted[type_words(fact_type)] = len(records) - CHILDREN_PER_TYPE
    return rows, omitted


def _sortable(value: Any) -> str:
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, date):
        return value.isoformat()
    return ""


def group_facts_as_of(group: str, at: datetime) -> list[dict[str, Any]]:
    """The facts of ``group`` as the city knew them just before ``at``: each record's
    latest version recorded before then, unless it was void; in the sweep's order."""
    facts: list[dict[str, Any]] = []
    for fact_type, keys in sorted(_group_keys(group).items()):
        model = RECORD_MODELS[fact_type]
        rows = _records(model, keys, at).filter(voided_at__isnull=True).order_by("key")
        facts.extend(record_to_fact(row) for row in rows)
    return facts


def findings_as_of_day(
    group: str, *, as_of: date, today: date, keys: list[str] | None = None
) -> tuple[list[Any], list[str], list[DataProblemRow]]:
    """What the engine makes of the group's records as the city knew them at the end of
    ``as_of`` (from ``today`` on, the records as they stand): (findings, problems
    evaluating them, the data problems among them that concern any of ``keys``)."""
    raw, lent = evaluation_facts(group)
    if as_of < today:
        raw = _lent_as_of(group, group_facts_as_of(group, end_of_day(as_of)), lent, as_of)
    try:
        facts = parse_facts(raw)
    except FactsError as exc:
        return (
            [],
            [f"The records of {as_of.isoformat()} cannot be evaluated: {p}" for p in exc.problems],
            [],
        )
    evaluation = evaluate_facts(facts, as_of=as_of, pack=jurisdiction_pack())
    wanted = set(keys or ())
    found = [
        (p.facts, problem_words(p.text, p.problem))
        for p in evaluation.data_problems
        if wanted.intersection(p.facts) and not lent.issuperset(p.facts)
    ]
    data_problems = _named_problems(found, raw) if found else []
    return [f for f in evaluation.findings if f.subject not in lent], [], data_problems


def _lent_as_of(
    group: str, own: list[dict[str, Any]], lent: set[str], as_of: date
) -> list[dict[str, Any]]:
    """The group's facts as the city knew them at the end of ``as_of``, with the
    versions of that day of the records other groups lend it now, in the sweep's order."""
    if not lent:
        return own
    at = end_of_day(as_of)
    placed: list[tuple[tuple[str, str, str], dict[str, Any]]] = []
    by_type: dict[str, list[str]] = defaultdict(list)
    for key, fact_type in RecordIndex.objects.filter(key__in=lent).values_list("key", "fact_type"):
        by_type[fact_type].append(key)
    for fact_type, keys in by_type.items():
        for row in _records(RECORD_MODELS[fact_type], keys, at).filter(voided_at__isnull=True):
            placed.append(((row.subject_group, fact_type, row.key), record_to_fact(row)))
    # own facts keep their order; lent ones go before or after them by their group
    before = sorted((p for p in placed if p[0][0] < group), key=lambda p: p[0])
    after = sorted((p for p in placed if p[0][0] > group), key=lambda p: p[0])
    return [f for _p, f in before] + own + [f for _p, f in after]


def _fact_columns(model: type[Record]) -> list[Any]:
    return [f for f in model._meta.concrete_fields if f.name not in _RECORD_COLUMNS]


def _text(value: Any) -> str:
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "; ".join(_text(v) for v in value)
    return str(value)


def _fields(record: Record) -> list[FieldRow]:
    """The record's own fields, in the vocabulary's order; references as links; in the
    page's language (the record form's labels and choice words, dates as the language
    writes them), names and free text as recorded."""
    model = type(record)
    said = _FieldWords(model)
    rows = []
    for column in _fact_columns(model):
        value = getattr(record, column.name)
        links: list[str] = []
        if column.name in model.references and value:
            links = [value]
        elif column.name in model.list_references and value:
            links = list(value)
        rows.append(
            FieldRow(
                label=said.label(column),
                text=said.value(column, value),
                links=links,
                empty=value is None or value == "" or value == [],
            )
        )
    return rows


def _summary(record: Record) -> str:
    """One line about a record, for lists: its date and its most telling fields."""
    said = _FieldWords(type(record))
    parts = []
    for column in _fact_columns(type(record)):
        if column.name in type(record).references:
            continue
        value = getattr(record, column.name)
        if value is None or value == "" or value == [] or isinstance(value, list | dict):
            continue
        parts.append(f"{said.label(column)}: {said.value(column, value)}")
        if len(parts) == 5:  # a pressure test's fifth says whether it leaked
            break
    return "; ".join(parts)


class _FieldWords:
    """A record's field names and values as a page in the reader's language says them:
    in English the field's own name, a choice in words ("grease interceptor"), yes or no,
    and the rest as stored ("floor area sqft", "2025-03-01"); otherwise the record form's label, the
    catalog's word of a choice, a date in the language's long form and yes or no."""

    def __init__(self, model: type[Record]) -> None:
        from sanitas.kit.said import reader_language

        self.language = reader_language()
        self.fields = FACT_TYPES[model.fact_type].model_fields

    def label(self, column: Any) -> str:
        if self.language == "en":
            return str(column.verbose_name)
        from sanitas.ordinance.field_texts import is_numeric, label_of
        from sanitas.ordinance.messages import FIELD_CONTEXT, field_words

        info = self.fields.get(column.name)
        numeric = info is not None and is_numeric(info)
        return field_words(FIELD_CONTEXT, label_of(column.name, numeric=numeric), self.language)

    def value(self, column: Any, value: Any) -> str:
        if value is None or value == "" or value == []:
            return _text(value)
        from django.template.defaultfilters import yesno

        from sanitas.ordinance.field_texts import choice_values
        from sanitas.ordinance.messages import WORD_CONTEXT, Day, field_words

        if isinstance(value, bool):
            return yesno(value)
        info = self.fields.get(column.name)
        if self.language == "en":
            # a choice in words ("house connection", not "house_connection"), yes or no
            if info is not None and choice_values(info.annotation):
                chosen = value if isinstance(value, list | tuple) else [value]
                return "; ".join(words(v) for v in chosen)
            return _text(value)
        if isinstance(value, date):  # a datetime too
            moment = timezone.localtime(value) if isinstance(value, datetime) else value
            return Day(moment).render(self.language)
        if info is not None and choice_values(info.annotation):
            chosen = value if isinstance(value, list | tuple) else [value]
            return "; ".join(field_words(WORD_CONTEXT, words(v), self.language) for v in chosen)
        return _text(value)


def _timeline(types: dict[str, str], at: datetime | None) -> tuple[list[TimelineEntry], bool]:
    """Every version of the records ``types`` names (key → type), newest first: who
    recorded it, when and why, and what changed from the version before."""
    entries: list[TimelineEntry] = []
    by_type: dict[str, list[str]] = defaultdict(list)
    for key, fact_type in types.items():
        by_type[fact_type].append(key)
    user_ids: set[int] = set()
    for fact_type, keys in by_type.items():
        model = RECORD_MODELS[fact_type]
        columns = [c.name for c in _fact_columns(model)]
        versions = model.history.filter(key__in=keys)
        if at is not None:
            versions = versions.filter(history_date__lt=at)
        previous: dict[str, Any] = {}
        for version in versions.order_by("key", "history_date", "history_id"):
            before = previous.get(version.key)
            previous[version.key] = version
            if version.history_user_id is not None:
                user_ids.add(version.history_user_id)
            entries.append(_entry(fact_type, version, before, columns))
    names = dict(
        get_user_model()
        .objects.filter(pk__in=user_ids)
        .values_list("pk", get_user_model().USERNAME_FIELD)
    )
    for entry in entries:
        name = names.get(entry.user_id)
        if name and name != entry.who:
            entry.who = f"{entry.who} (signed in as {name})"
    entries.sort(key=lambda e: (e.at, e.key), reverse=True)
    return entries[:TIMELINE_LIMIT], len(entries) > TIMELINE_LIMIT


def _entry(fact_type: str, version: Any, before: Any, columns: list[str]) -> TimelineEntry:
    reason = version.history_change_reason or ""
    if before is None:
        action, who, why, changes = (
            "recorded",
            version.recorded_by,
            reason or version.recorded_why,
            [],
        )
    elif version.voided_at is not None and before.voided_at is None:
        action, who, why, changes = "voided", version.voided_by, version.voided_why, []
    else:
        action = (
            "reinstated"
            if before.voided_at is not None and version.voided_at is None
            else "changed"
        )
        who, why = version.recorded_by, reason or version.recorded_why
        changes = [
            _change(name, getattr(before, name), getattr(version, name))
            for name in columns
            if getattr(before, name) != getattr(version, name)
        ]
        if before.subject_group != version.subject_group:
            changes.append(f"joined the records of {version.subject_group}")
    return TimelineEntry(
        at=version.history_date,
        key=version.key,
        fact_type=fact_type,
        action=action,
        who=who or "—",
        why=why,
        changes=changes,
        user_id=version.history_user_id,
    )


def _change(name: str, before: Any, after: Any) -> str:
    return f"{name.replace('_', ' ')}: {_text(before)} → {_text(after)}"
