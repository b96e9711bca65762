"""The records: one typed table per fact type of the engine's vocabulary.

The vocabulary (``sanitas.ordinance.facts`` and the area modules) is the single
definition of what a fact is; each fact type becomes a table here with a typed
column per field, so that the database, the scenario files and the engine
never disagree. Every table shares the columns of :class:`Record`: the fact's
natural key, who recorded it, when and why, and — since nothing regulated is
ever deleted — who voided it, when and why. django-simple-history keeps every
version of every row.
"""

from __future__ import annotations

import hashlib
import types
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, ClassVar, Literal, Union, get_args, get_origin

from django.db import models
from django.db.models import Q
from django.utils import timezone
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from simple_history.models import HistoricalRecords

import sanitas.ordinance.rules  # noqa: F401  (every area registers its fact types)
from sanitas.ordinance.facts import (
    FACT_TYPES,
    parse_date,
    parse_datetime,
    parse_money,
    parse_period,
    parse_requirement,
)


class Record(models.Model):
    """What every record has, whatever its type."""

    key = models.CharField(
        max_length=200,
        unique=True,
        help_text="The fact's id, or for an event without one a key derived from its content.",
    )
    subject_group = models.CharField(
        max_length=200,
        db_index=True,
        default="",
        help_text="The records evaluated together (a business, its premises and their facts).",
    )
    recorded_at = models.DateTimeField(default=timezone.now, editable=False)
    recorded_by = models.CharField(
        max_length=150, help_text="Who recorded it: a user name, or the import or process."
    )
    recorded_why = models.TextField(blank=True)
    import_source = models.CharField(max_length=300, blank=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)
    # no index on every row: nearly all are live, and an index on voided_at draws
    # the query planners to it for "live rows of these groups", scanning every live
    # row of the table; the voided ones are indexed by each table's partial index
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.CharField(max_length=150, blank=True)
    voided_why = models.TextField(blank=True)

    fact_type: ClassVar[str] = ""
    #: field name → accepted target types, for fields holding another record's key
    references: ClassVar[dict[str, tuple[str, ...]]] = {}
    list_references: ClassVar[dict[str, tuple[str, ...]]] = {}

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.fact_type} {self.key}"


class _History(HistoricalRecords):
    """Every version of a row, indexed for what is asked of it: a record's versions
    by its key (and a finding's by its id), and the versions before a date. The
    row's other indexes (its group, its references, its dates) serve queries of
    the live rows only; in the history they would only slow every write."""

    #: the fields whose index the history keeps
    INDEXED = frozenset({"key", "id"})

    def copy_fields(self, model: type[models.Model]) -> dict[str, models.Field]:
        fields = super().copy_fields(model)
        for field in fields.values():
            if field.name not in self.INDEXED:
                field.db_index = False
        return fields


def _history(table: str) -> HistoricalRecords:
    """Every version of a row, with who changed it. The user is kept by id, not by a
    foreign key: a hundred and fifty tables related to the user table would make
    every migration re-render all of them."""
    return _History(
        table_name=table,
        history_user_id_field=models.IntegerField(null=True, blank=True),
        history_user_getter=_history_user,
        history_user_setter=_set_history_user,
    )


def _history_user(historical: Any) -> Any:
    from django.contrib.auth import get_user_model

    if historical.history_user_id is None:
        return None
    return get_user_model().objects.filter(pk=historical.history_user_id).first()


def _set_history_user(historical: Any, user: Any) -> None:
    historical.history_user_id = getattr(user, "pk", None)


# --------------------------------------------------------------------------- from the vocabulary

CUSTOM_KINDS = {
    parse_date: "date",
    parse_datetime: "datetime",
    parse_money: "money",
    parse_period: "period",
    parse_requirement: "requirement",
}


def unwrap(annotation: Any) -> tuple[Any, bool, str | None]:
    """(base annotation, nullable, custom kind) of a pydantic annotation."""
    nullable = False
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        nullable = len(args) != len(get_args(annotation))
        annotation = args[0]
        origin = get_origin(annotation)
    custom = None
    if origin is Annotated:
        base, *extras = get_args(annotation)
        for extra in extras:
            func = getattr(extra, "func", None)
            if func in CUSTOM_KINDS:
                custom = CUSTOM_KINDS[func]
        annotation = base
    return annotation, nullable, custom


def _column(name: str, info: FieldInfo, refs: set[str]) -> models.Field:
    annotation, nullable, custom = unwrap(info.annotation)
    for meta in info.metadata:
        func = getattr(meta, "func", None)
        if func in CUSTOM_KINDS:
            custom = CUSTOM_KINDS[func]
    required = info.is_required()
    null = nullable or not required
    options: dict[str, Any] = {"null": null, "blank": null, "help_text": info.description or ""}
    if get_origin(annotation) is list:
        return models.JSONField(**options)
    if name in refs:
        return models.CharField(max_length=200, db_index=True, **options)
    if custom == "date" or annotation is date:
        return models.DateField(**options)
    if custom == "datetime" or annotation is datetime:
        return models.DateTimeField(**options)
    if custom == "money" or annotation is Decimal:
        return models.DecimalField(max_digits=14, decimal_places=2, **options)
    if custom in ("period", "requirement"):
        return models.CharField(max_length=64, db_index=custom == "requirement", **options)
    if get_origin(annotation) is Literal:
        choices = [(v, str(v).replace("_", " ")) for v in get_args(annotation)]
        default = info.get_default() if not required else models.NOT_PROVIDED
        if default is None:
            default = models.NOT_PROVIDED
        return models.CharField(max_length=64, choices=choices, default=default, **options)
    if annotation is bool:
        return models.BooleanField(**options)
    if annotation is int:
        return models.BigIntegerField(**options)
    if annotation is float:
        return models.FloatField(**options)
    if annotation is str:
        return models.TextField(**options)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return models.JSONField(**options)
    raise TypeError(f"no column for {name}: {info.annotation!r}")


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


_RESERVED = {
    "key",
    "subject_group",
    "recorded_at",
    "recorded_by",
    "recorded_why",
    "import_source",
    "updated_at",
    "voided_at",
    "voided_by",
    "voided_why",
    "pk",
    "objects",
    "history",
    "save",
    "delete",
    "clean",
}


def _voided_index(fact_type: str) -> models.Index:
    """The voided records of a table (a partial index: live rows are not in it)."""
    digest = hashlib.blake2b(fact_type.encode(), digest_size=6).hexdigest()
    return models.Index(
        fields=["voided_at"], name=f"voided_{digest}", condition=Q(voided_at__isnull=False)
    )


def _make_model(fact_type: str, model: type[BaseModel]) -> type[Record]:
    refs = set(model.references) | set(model.list_references)
    attrs: dict[str, Any] = {
        "__module__": __name__,
        "__doc__": model.__doc__,
        "fact_type": fact_type,
        "references": dict(model.references),
        "list_references": dict(model.list_references),
        "Meta": type(
            "Meta",
            (),
            {
                "db_table": f"records_{fact_type}",
                "verbose_name": fact_type.replace("_", " "),
                "ordering": ["key"],
                "indexes": [_voided_index(fact_type)],
            },
        ),
        "history": _history(f"records_{fact_type}_history"),
    }
    for name, info in model.model_fields.items():
        if name in ("type", "id"):
            continue
        if name in _RESERVED:
            raise TypeError(f"{fact_type}.{name} clashes with a record column")
        attrs[name] = _column(name, info, refs)
    return type(f"{_camel(fact_type)}Record", (Record,), attrs)


#: every fact type's record model, by fact type
RECORD_MODELS: dict[str, type[Record]] = {
    fact_type: _make_model(fact_type, model) for fact_type, model in sorted(FACT_TYPES.items())
}
globals().update({m.__name__: m for m in RECORD_MODELS.values()})


class RecordIndex(models.Model):
    """Every record's key, across all types: keys are unique city-wide, as fact ids are
    in a facts file, and a reference names a record without knowing its type."""

    key = models.CharField(max_length=200, unique=True)
    fact_type = models.CharField(max_length=64, db_index=True)
    subject_group = models.CharField(max_length=200, db_index=True)
    voided = models.BooleanField(default=False)

    class Meta:
        db_table = "records_index"

    def __str__(self) -> str:
        return f"{self.fact_type} {self.key}"


# --------------------------------------------------------------------------- the worklist


class Finding(models.Model):
    """What the engine found, kept as the worklist; every status change is kept."""

    subject_group = models.CharField(max_length=200, db_index=True)
    # (no index of its own on requirement, status or due: the unique key starts with
    # the requirement and the worklist index holds status and due; every index is
    # paid for on each of the sweep's hundreds of thousands of inserts)
    requirement = models.CharField(max_length=64)
    subject = models.CharField(max_length=200, db_index=True)
    period = models.CharField(max_length=16, blank=True)
    ordinal = models.PositiveSmallIntegerField(
        default=0, help_text="Which of several findings for the same requirement, subject, period."
    )
    status = models.CharField(max_length=16)
    due = models.CharField(max_length=16, blank=True)
    cite = models.CharField(max_length=120)
    explanation = models.TextField(
        blank=True,
        help_text=(
            "The English sentence of a rule that still writes its own; blank where the "
            "engine said the finding as a message (its English is rendered from it)."
        ),
    )
    reading = models.TextField(
        null=True,
        blank=True,
        help_text=(
            "The interpretation of the law the finding relies on (most have none), in "
            "English, from a rule that still writes its own; none where the engine said it "
            "as a message (reading_message)."
        ),
    )
    reading_message = models.JSONField(
        null=True,
        blank=True,
        help_text=(
            "The interpretation of the law the finding relies on, as a message id and its "
            "arguments, rendered in each reader's language, English included."
        ),
    )
    message = models.JSONField(
        null=True,
        blank=True,
        help_text=(
            "What the engine said, as a message id and its arguments, rendered in each "
            "reader's language, English included (none where the rule still writes its "
            "English sentence, which the explanation holds)."
        ),
    )
    evaluated_as_of = models.DateField()
    first_found_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    current = models.BooleanField(
        default=True, help_text="False once the engine no longer finds it (kept for history)."
    )
    history = _history("records_finding_history")

    class Meta:
        db_table = "records_finding"
        constraints = [
            models.UniqueConstraint(
                fields=["requirement", "subject", "period", "ordinal"], name="one_finding_per_key"
            )
        ]
        indexes = [models.Index(fields=["current", "status", "due"], name="worklist")]

    def __str__(self) -> str:
        return f"{self.requirement} {self.subject} {self.status}"


class WorklistRow(models.Model):
    """One line of the worklist, kept by the sweep beside the findings it stores: a
    current finding with a worklist status, or a run of at least
    :data:`~sanitas.records.worklist.RUN_LENGTH` findings of one obligation (subject,
    requirement and status), which the worklist shows as one line that expands. A
    page of the worklist is then an index scan of these rows, not a window over every
    open finding of the city; they are derived from the findings (rebuilt whenever a
    group's findings are stored) and hold nothing of their own.

    A line is placed where its first finding would be: ``head_*`` is the first in
    ascending order of due date (no due date last), period, ordinal and id, ``tail_*``
    the first when the due date is sorted descending."""

    subject_group = models.CharField(max_length=200, db_index=True)
    subject = models.CharField(max_length=200)
    requirement = models.CharField(max_length=64)
    program = models.CharField(
        max_length=16, blank=True, help_text="The program the requirement belongs to."
    )
    status = models.CharField(max_length=16)
    severity = models.PositiveSmallIntegerField(help_text="0 for the most pressing status.")
    size = models.PositiveIntegerField(help_text="How many findings the line holds.")
    findings = models.JSONField(help_text="The ids of its findings, the head's first.")
    head_no_due = models.BooleanField()
    head_due = models.CharField(max_length=16, blank=True)
    head_period = models.CharField(max_length=16, blank=True)
    head_ordinal = models.PositiveSmallIntegerField()
    head_id = models.BigIntegerField()
    tail_no_due = models.BooleanField()
    tail_due = models.CharField(max_length=16, blank=True)
    tail_period = models.CharField(max_length=16, blank=True)
    tail_ordinal = models.PositiveSmallIntegerField()
    tail_id = models.BigIntegerField()

    class Meta:
        db_table = "records_worklist_row"
        # the orders a page is asked in most (by action, by due date), for the whole
        # city and for one program: a page is read from the index, not sorted
        indexes = [
            models.Index(
                fields=["severity", "head_no_due", "head_due"], name="worklist_row_action"
            ),
            models.Index(fields=["head_no_due", "head_due"], name="worklist_row_due"),
            models.Index(
                fields=["program", "severity", "head_no_due", "head_due"],
                name="worklist_row_program_action",
            ),
            models.Index(
                fields=["program", "head_no_due", "head_due"], name="worklist_row_program_due"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.requirement} {self.subject} {self.status} ({self.size})"


class GroupFindings(models.Model):
    """A subject group's current findings as one document: what its last sweep found,
    in the engine's order, with every finding's words (cite, explanation, reading,
    message).
    Written by the sweep in the transaction that stores the group's findings, and
    only when their digest changed, so a group's hundred-odd findings cost one row
    to store and one to read; the :class:`Finding` rows are the worklist's index and
    the status history."""

    subject_group = models.CharField(max_length=200, unique=True)
    document = models.TextField(
        default="[]",
        help_text="The group's current findings, as JSON: [requirement, subject, period, "
        "ordinal, status, due, cite, explanation, reading, message, reading message] for "
        "each, in the engine's order.",
    )
    evaluated_as_of = models.DateField(help_text="The date the findings were evaluated as of.")

    class Meta:
        db_table = "records_group_findings"

    def __str__(self) -> str:
        return self.subject_group


class DataProblem(models.Model):
    """Records of a subject group that contradict each other (an event dated before the
    thing it belongs to existed), as the engine reported them when it last evaluated
    the group; one the engine no longer reports is kept, not current, for history."""

    subject_group = models.CharField(max_length=200, db_index=True)
    facts = models.JSONField(help_text="The keys of the records that contradict each other.")
    problem = models.TextField(help_text="What is wrong with them, in one English sentence.")
    message = models.JSONField(
        null=True,
        blank=True,
        help_text=(
            "The problem as the engine said it, a message id and its arguments, rendered "
            "in each reader's language (none from a rule that still writes its sentence)."
        ),
    )
    evaluated_as_of = models.DateField()
    first_found_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    current = models.BooleanField(
        default=True, help_text="False once the engine no longer reports it (kept for history)."
    )
    history = _history("records_data_problem_history")

    class Meta:
        db_table = "records_data_problem"
        ordering = ["subject_group", "id"]

    def __str__(self) -> str:
        return f"{self.subject_group}: {self.problem}"


class SubjectGroup(models.Model):
    """A set of records the engine evaluates together, and when it last did."""

    key = models.CharField(max_length=200, unique=True)
    changed_at = models.DateTimeField(default=timezone.now, db_index=True)
    swept_at = models.DateTimeField(null=True, blank=True)
    swept_as_of = models.DateField(null=True, blank=True)
    next_check_on = models.DateField(
        null=True,
        blank=True,
        db_index=True,
        help_text="The earliest open deadline or start date: sweep again when it arrives.",
    )
    findings_digest = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text="A digest of the findings stored for the group by its last sweep: an "
        "evaluation with the same digest has nothing to store.",
    )

    class Meta:
        db_table = "records_subject_group"

    def __str__(self) -> str:
        return self.key


class GroupFacts(models.Model):
    """A subject group's live records as the engine reads them: one document per group,
    kept by the services in the transaction of every write, so that evaluating a
    group reads one row instead of a query per record table. The typed tables (and
    their history) remain the records; the document is derived from them and equal
    to what they hold (a test compares the two)."""

    subject_group = models.CharField(max_length=200, unique=True)
    document = models.TextField(
        default="[]",
        help_text="The group's live records, as JSON: [fact type, key, facts-file mapping] "
        "for each, in the order of fact type and key.",
    )

    class Meta:
        db_table = "records_group_facts"

    def __str__(self) -> str:
        return self.subject_group


# --------------------------------------------------------------------------- distributed sweeps


class SweepRun(models.Model):
    """A sweep split into chunks of subject groups that any number of worker
    processes take from the ``sweep`` queue (see :mod:`sanitas.records.distributed`).
    The rule pack travels by name and version: a worker whose pack differs refuses."""

    RUNNING, DONE, FAILED = "running", "done", "failed"

    as_of = models.DateField()
    full = models.BooleanField(default=False)
    pack_name = models.CharField(max_length=100)
    pack_version = models.CharField(max_length=80)
    chunk_size = models.PositiveIntegerField()
    lease_seconds = models.PositiveIntegerField(
        help_text="How long a worker holds a chunk without a sign of life before another "
        "may take it."
    )
    groups = models.PositiveIntegerField(default=0, help_text="Subject groups planned.")
    state = models.CharField(
        max_length=16,
        default=RUNNING,
        choices=[(RUNNING, "running"), (DONE, "done"), (FAILED, "failed")],
    )
    started_by = models.CharField(max_length=150)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True, default="")

    class Meta:
        db_table = "records_sweep_run"

    def __str__(self) -> str:
        return f"sweep {self.pk} as of {self.as_of} ({self.state})"


class SweepChunk(models.Model):
    """One chunk of a :class:`SweepRun`: the groups it sweeps, who holds it and until
    when, and what its store did. Stored in the transaction that stores its findings,
    so a chunk is either done with all its groups or not at all."""

    PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"

    run = models.ForeignKey(SweepRun, on_delete=models.PROTECT, related_name="chunks")
    number = models.PositiveIntegerField(help_text="Its place in the run, in key order.")
    groups = models.JSONField(help_text="The subject groups' keys, in key order.")
    state = models.CharField(
        max_length=16,
        default=PENDING,
        choices=[(PENDING, "pending"), (RUNNING, "running"), (DONE, "done"), (FAILED, "failed")],
    )
    task_id = models.CharField(
        max_length=64, blank=True, default="", help_text="The task last enqueued for it."
    )
    claimed_by = models.CharField(max_length=200, blank=True, default="")
    lease_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True, default="")
    swept = models.PositiveIntegerField(default=0, help_text="Groups stored.")
    skipped = models.PositiveIntegerField(
        default=0,
        help_text="Groups changed since their read (or merged away): left to the next sweep.",
    )
    findings_created = models.PositiveIntegerField(default=0)
    findings_updated = models.PositiveIntegerField(default=0)
    findings_closed = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "records_sweep_chunk"
        constraints = [
            models.UniqueConstraint(fields=["run", "number"], name="one_chunk_per_number")
        ]
        indexes = [models.Index(fields=["run", "state"], name="sweep_chunk_state")]

    def __str__(self) -> str:
        return f"chunk {self.number} of sweep {self.run_id} ({self.state})"
