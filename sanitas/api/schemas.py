"""What the API takes and gives, as pydantic schemas (and so as OpenAPI)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo

from django.conf import settings
from ninja import Schema
from pydantic import BeforeValidator, Field

from sanitas.access.roles import PROGRAM_ALIASES, PROGRAMS
from sanitas.api.numbers import PlainInt
from sanitas.ordinance.engine import STATUSES
from sanitas.ordinance.facts import parse_date
from sanitas.records.models import RECORD_MODELS

#: far beyond any city's records, and within every database's integers
MAX_OFFSET = 1_000_000_000
Status = Literal[STATUSES]  # type: ignore[valid-type]
#: every fact type of the vocabulary (``sanitas vocabulary``)
FactType = Literal[tuple(sorted(RECORD_MODELS))]  # type: ignore[valid-type]
#: a program by its one name, as every page names it
Program = Literal[PROGRAMS]  # type: ignore[valid-type]
#: a program asked for by any of its names (``organics`` is ``sb1383``, ``general``
#: ``solid_waste``)
ProgramAsked = Literal[(*PROGRAMS, *PROGRAM_ALIASES)]  # type: ignore[valid-type]


def _moment(value: Any) -> datetime:
    """A date (the start of that day in city time) or an ISO 8601 date and time (city
    time when it names no offset)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str) and len(value) == 10:
        moment = datetime.combine(parse_date(value), datetime.min.time())
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(
                f"expected a date (YYYY-MM-DD) or a date and time (ISO 8601), got {value!r}"
            ) from None
    else:
        raise ValueError(f"expected a date or a date and time, got {value!r}")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(settings.TIME_ZONE))
    try:
        moment.astimezone(UTC)
    except OverflowError:
        raise ValueError(f"{value!r} is out of range") from None
    return moment


#: ``YYYY-MM-DD``, a calendar date (2025-02-30 is refused with its reason)
IsoDate = Annotated[date, BeforeValidator(parse_date)]
#: a date or an ISO 8601 date and time
Moment = Annotated[datetime, BeforeValidator(_moment)]


class Problems(Schema):
    """Why a request was refused: one line per problem."""

    detail: list[str]


# --------------------------------------------------------------------------- records


class RecordOut(Schema):
    key: str = Field(description="The record's id, or for an event without one its content key.")
    title: str = Field(
        description="What a person calls the record, as every page titles it (a business by "
        "its name, a premises by its address, a device by its kind, size and installation, "
        "an event by what it is and its date)."
    )
    type: str = Field(description="The fact type (see `sanitas vocabulary`).")
    subject_group: str = Field(description="The records evaluated together with this one.")
    fields: dict[str, Any] = Field(
        description="The record's fields as in a facts file (dates YYYY-MM-DD, times "
        "YYYY-MM-DDTHH:MM city time; absent fields left out)."
    )
    voided: bool
    voided_at: datetime | None
    voided_by: str | None
    voided_why: str | None
    recorded_at: datetime
    recorded_by: str
    recorded_why: str
    import_source: str
    updated_at: datetime
    version: str = Field(
        description="The record's version as it stands (also its `ETag`): a change sends "
        "it back as `If-Match` (`POST /api/records`), and is refused (412) if the record "
        "changed since."
    )


class StoredDataProblem(Schema):
    facts: list[str] = Field(description="The keys of the records that contradict each other.")
    names: list[str] = Field(
        description="What a person calls each of them, in the order of `facts` (a business "
        "by its name, a premises by its address, an event by what it is and its date)."
    )
    problem: str = Field(description="What is wrong with them, in one sentence.")
    evaluated_as_of: date = Field(description="The as-of date of the sweep that last stored it.")
    first_found_at: datetime


class SubjectOut(RecordOut):
    data_problems: list[StoredDataProblem] = Field(
        description="The data problems the last sweep found among the records of this "
        "record's subject group: records that contradict each other (an event dated before "
        "the thing it belongs to existed). The rule that finds one counts no deadline from it."
    )


class PageQuery(Schema):
    limit: PlainInt = Field(100, ge=1, le=500, description="Items per page (at most 500).")
    offset: PlainInt = Field(0, ge=0, le=MAX_OFFSET, description="Items to skip.")


class RecordQuery(PageQuery):
    type: FactType | None = Field(None, description="Only records of this fact type.")
    group: str | None = Field(None, description="Only records of this subject group.")
    updated_since: Moment | None = Field(
        None,
        description="Only records stored or changed at or after this moment (a date means "
        "its first minute, city time).",
    )
    voided: bool | None = Field(None, description="Only voided (true) or live (false) records.")


class RecordPage(Schema):
    count: int = Field(description="How many records match, on all pages.")
    limit: int
    offset: int
    items: list[RecordOut]


# --------------------------------------------------------------------------- findings


class FindingOut(Schema):
    id: int
    title: str = Field(
        description="What the finding is about, in words: its requirement's title, as the "
        'worklist leads the finding with it (e.g. "Interceptor pump-out frequency").'
    )
    requirement: str
    program: Program | None
    program_title: str | None = Field(
        description="The program's title, as every page and export names it."
    )
    subject: str
    subject_title: str = Field(
        description="What a person calls the finding's subject, as `title` of its record."
    )
    subject_group: str
    period: str | None
    status: Status
    due: str | None = Field(description="YYYY-MM-DD, or YYYY-MM-DDTHH:MM for a deadline time.")
    cite: str
    explanation: str
    reading: str | None = Field(
        description="The interpretation of the law the finding relies on, for staff (null "
        "for most findings)."
    )
    current: bool = Field(description="False once the engine no longer finds it.")
    evaluated_as_of: date
    first_found_at: datetime
    updated_at: datetime


class FindingQuery(PageQuery):
    program: ProgramAsked | None = Field(
        None,
        description="fog (FOG-*, SEW-GREASE-*), sewer (SEW-*, PRM-*), solid_waste (SW-*, "
        "GEN-*), sb1383 (ORG-*); organics is sb1383 and general solid_waste.",
    )
    status: Status | None = None
    requirement: str | None = Field(None, description="A requirement ID, e.g. FOG-MIN-FREQUENCY.")
    subject: str | None = Field(None, description="The key of the finding's subject.")
    group: str | None = Field(None, description="The subject group.")
    due_before: IsoDate | None = Field(None, description="Due on or before this date.")
    due_after: IsoDate | None = Field(None, description="Due on or after this date.")


class FindingPage(Schema):
    count: int = Field(description="How many findings match, on all pages.")
    limit: int
    offset: int
    items: list[FindingOut]


class FindingVersion(Schema):
    at: datetime = Field(description="When this version was stored.")
    change: Literal["created", "changed", "removed"]
    status: Status
    due: str | None
    period: str | None
    current: bool
    evaluated_as_of: date
    cite: str
    explanation: str
    reading: str | None


class FindingHistory(Schema):
    finding: FindingOut
    versions: list[FindingVersion] = Field(description="Every stored version, oldest first.")


# --------------------------------------------------------------------------- evaluate


class FactsDocumentIn(Schema):
    """A facts document (the scenario format) as JSON; ``expect`` is accepted and ignored."""

    name: str | None = None
    description: str | None = None
    jurisdiction: str = Field("san-gabriel", description="The rule pack.")
    as_of: date | None = Field(None, description="The date the law is applied at.")
    holidays: list[date] | None = Field(
        None, description="Replaces the rule pack's holiday calendar."
    )
    facts: list[dict[str, Any]] = Field(
        description="Facts: mappings with a `type` and that type's fields (`sanitas vocabulary`)."
    )
    expect: dict[str, Any] | None = Field(None, description="Ignored.")


class EvaluateQuery(Schema):
    as_of: IsoDate | None = Field(
        None, description="The date the law is applied at; overrides the document's."
    )


class EngineFinding(Schema):
    requirement: str
    subject: str
    status: Status
    due: str | None
    period: str | None
    cite: str
    explanation: str
    reading: str | None = Field(
        description="The interpretation of the law the finding relies on (null for most)."
    )


class EngineDataProblem(Schema):
    """Facts that contradict each other: reported, never a violation, and the start
    of no deadline."""

    facts: list[str] = Field(description="The ids of the facts.")
    problem: str


class DerivedValue(Schema):
    subject: str
    name: str
    value: Any


class EvaluationOut(Schema):
    """Exactly what ``sanitas evaluate --format json`` prints."""

    as_of: date
    jurisdiction: str
    findings: list[EngineFinding]
    derived: list[DerivedValue]
    data_problems: list[EngineDataProblem]
