"""Chapter 50, SB 1383 enforcement (Ord. 680): notices of violation, contamination,
citations, penalties, extensions, appeals, and the education period.

The clocks of the enforcement process, one function per requirement:

- contamination is its own track. A contamination found at an inspection opens
  ORG-CONTAMINATION-NOV (a cart tag or notice within 2 days, (D)(3); by the
  hauler, (D)(6)); the consecutive occasions make contamination processing fines
  assessable on the third ((D)(3)); the hauler's days of a calendar year allow its
  contamination service charge after two ((D)(6)). A contamination notice carries
  no 60-day clock: (D)(4) excepts "violations of generator contamination of
  container contents".
- every other Notice of Violation of an SB 1383 requirement requires compliance
  within 60 days (ORG-NOV-60-DAYS), extended only for the reasons of (G)
  (ORG-EXTENSION), each extension binding from the day it was decided. The notice
  is complied with when the records show the act it demanded, by the requirement's
  own rules applied to the records as they stood on each day (a self-inspection
  logged, a service started, a report filed, an agreement signed); a
  ``correction`` records compliance the other records cannot show.
- past its deadline without compliance, a notice is referred for an
  administrative citation (ORG-CITATION, (D)(5)(a)); a citation without a notice
  whose deadline passed uncorrected, or a contamination citation before the third
  consecutive occasion, is itself a finding. Only citations that could lawfully
  carry a penalty climb the ladder of $100 / $200 / $500 (ORG-PENALTY-AMOUNTS, (E));
  a citation may be appealed (ORG-APPEAL, (H)).
- before 2024-01-01 noncompliance gets educational material and no penalty
  (ORG-EDUCATION-PERIOD, (I)); from then on, a Notice of Violation
  (ORG-CIVIL-PENALTIES, (J)).

Records dated before the thing they answer (a correction before its notice, a
citation before the notice it names, an appeal before its citation) are data
problems: reported, and the start of no clock.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from datetime import date, datetime, timedelta
from decimal import Decimal
from fnmatch import fnmatchcase
from typing import Any, ClassVar, Literal, get_args

from pydantic import Field

from sanitas.ordinance.calendar import add_days, parse_period, quarter_start
from sanitas.ordinance.catalog import cite as catalog_cite
from sanitas.ordinance.engine import (
    FINDINGS,
    RULES,
    Context,
    FactIndex,
    Finding,
    Outcome,
    RuleSpec,
    deadline,
    derived,
    due,
    late,
    met,
    overdue,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import FACT_TYPES, Date, Fact, Money, Thing, fact_type, required_ref
from sanitas.ordinance.general import (
    Citation,
    Correction,
    Inspection,
    Notice,
    inspections_for,
    memo,
)
from sanitas.ordinance.words import (
    capital,
    day,
    dollars,
    listing,
    name_of,
    period_words,
    plural,
    requirement_words,
)

#: the requirements of the enforcement process itself: their findings are the
#: city's duties, not a generator's noncompliance calling for a notice
ENFORCEMENT_IDS = frozenset(
    {
        "ORG-ENFORCEMENT-MONITORING",
        "ORG-CONTAMINATION-NOV",
        "ORG-NOV-60-DAYS",
        "ORG-CITATION",
        "ORG-HAULER-CONTAMINATION-CHARGE",
        "ORG-PENALTY-AMOUNTS",
        "ORG-PENALTY-FACTORS",
        "ORG-EXTENSION",
        "ORG-APPEAL",
        "ORG-EDUCATION-PERIOD",
        "ORG-CIVIL-PENALTIES",
    }
)

KIND_WORDS = {
    "cart_tag": "cart tag",
    "nov": "notice of violation",
    "education": "educational material",
    "noncompliance": "notice of noncompliance",
}

#: the section the enforcement subdivisions belong to, as the catalog prints it
#: ("Ch. 50 enforcement"): the ordinance prints no number for it
SECTION = re.sub(r"(?:\([A-Za-z0-9]{1,4}\))+$", "", catalog_cite("ORG-NOV-60-DAYS")).strip()


def enforcement_cite(parts: str) -> str:
    """The narrowest cite of a subdivision of the enforcement section: "(E)(2)"."""
    return f"{SECTION} {parts}"


# --------------------------------------------------------------------------- vocabulary

ExtensionReason = Literal["act_of_god", "permit_delay", "infrastructure_capacity"]

REASON_WORDS = {
    "act_of_god": "an act of God or other emergency",
    "permit_delay": "delays in obtaining permits or agency approvals",
    "infrastructure_capacity": "infrastructure or capacity deficiencies under a CalRecycle "
    "corrective action plan",
}
REASON_PARTS = {
    "act_of_god": "(G)(1)",
    "permit_delay": "(G)(2)",
    "infrastructure_capacity": "(G)(3)",
}


@fact_type
class Extension(Fact):
    """The city's decision on extending the compliance deadline of a Notice of
    Violation (Ch. 50 SB 1383 enforcement (G)): a new deadline for an act of God, a
    permit delay, or an infrastructure or capacity deficiency while the city is
    under a CalRecycle corrective action plan. A granted extension binds from the
    day it was decided; the latest deadline granted by a day is the one in force."""

    type: Literal["extension"]
    notice: str = required_ref("notice", description="The notice whose deadline is extended.")
    date: Date = Field(description="The day the city decided.")
    new_due_on: Date = Field(description="The new compliance deadline.")
    reason: ExtensionReason = Field(
        description="act_of_god ((G)(1): earthquakes, wildfires, flooding, other emergencies), "
        "permit_delay ((G)(2): discretionary permits or agency approvals), or "
        "infrastructure_capacity ((G)(3): recycling infrastructure or food recovery capacity)."
    )
    granted: bool = Field(default=True, description="False records a refused request.")
    corrective_action_plan: bool | None = Field(
        default=None,
        description="The city is under a CalRecycle corrective action plan (14 CCR § 18996.2) "
        "for the deficiency; required for an infrastructure_capacity extension.",
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.new_due_on < self.date:
            raise ValueError(
                f"new_due_on: the new deadline {self.new_due_on} is before the decision of "
                f"{self.date}"
            )
        if self.reason == "infrastructure_capacity" and self.corrective_action_plan is not True:
            raise ValueError(
                "corrective_action_plan: an infrastructure_capacity extension requires the "
                "city to be under a CalRecycle corrective action plan (set true)"
            )


@fact_type
class AppealRequest(Fact):
    """A cited person's request for a hearing to appeal an administrative citation
    (Ch. 50 SB 1383 enforcement (H))."""

    type: Literal["appeal_request"]
    citation: str = required_ref("citation", description="The citation appealed.")
    date: Date = Field(description="The day the request was received.")
    dated_by: ClassVar[str | None] = "date"


HearingDecision = Literal["upheld", "modified", "dismissed"]


@fact_type
class HearingOrder(Fact):
    """The hearing officer's final written order on an appealed citation
    (Ch. 50 SB 1383 enforcement (H)). It binds from its date."""

    type: Literal["hearing_order"]
    citation: str = required_ref("citation", description="The citation decided.")
    date: Date = Field(description="The day of the final written order.")
    decision: HearingDecision = Field(
        description="upheld (the citation stands), modified (a new amount), or dismissed."
    )
    amount: Money | None = Field(
        default=None,
        description="The penalty as modified, in dollars (required when decision is modified).",
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.amount is not None and self.amount < 0:
            raise ValueError(f"amount: an amount cannot be negative, got {self.amount}")
        if self.decision == "modified" and self.amount is None:
            raise ValueError("amount: a modified order states the amount it sets")
        if self.decision == "dismissed" and self.amount:
            raise ValueError("amount: a dismissed citation carries no amount")


# --------------------------------------------------------------------------- words


def is_org(requirement: str) -> bool:
    return requirement.startswith("ORG-")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st …"""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ordinal_word(n: int) -> str:
    """ "first", "second", … "eighth", then "9th", "10th" …"""
    return _ORDINAL_WORDS[n - 1] if 1 <= n <= len(_ORDINAL_WORDS) else ordinal(n)


def kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind.replace("_", " "))


def kinds_phrase(kinds: tuple[str, ...] | list[str]) -> str:
    return listing([kind_words(kind) for kind in kinds], "or")


def _date(value: date | datetime) -> date:
    return value.date() if isinstance(value, datetime) else value


def _notice_to(notice: Notice, ctx: Context) -> str:
    """ "the notice of violation of 2024-03-01 to Casa Verde"."""
    return f"{name_of(ctx, notice)} to {name_of(ctx, notice.subject)}"


# ------------------------------------------------------------------ the contamination track


def is_contamination_requirement(requirement: str, ctx: Context, on: date | None = None) -> bool:
    """Whether ``requirement`` is about contamination of container contents (pack
    ``enf.contamination_notice_requirements``): its notices answer a contamination
    found and carry no 60-day clock."""
    patterns = ctx.param("enf.contamination_notice_requirements", on=on)
    return any(fnmatchcase(requirement, pattern) for pattern in patterns)


def is_contamination_notice(notice: Notice, ctx: Context) -> bool:
    """A cart tag, or a notice of a contamination requirement: (D)(3)'s track, which
    (D)(4) excepts from the 60 days."""
    return notice.kind == "cart_tag" or is_contamination_requirement(
        notice.requirement, ctx, notice.issued_on
    )


# --------------------------------------------------------------------------- data problems


def corrections_of(notice: Notice, ctx: Context) -> list[Correction]:
    """The corrections of a notice dated on or after its issue, oldest first; one
    dated before it is a data problem and counts for nothing."""

    def compute() -> list[Correction]:
        kept = []
        for correction in ctx.referring("correction", "notice", notice.id):
            if correction.date < notice.issued_on:
                ctx.data_problem(
                    [correction, notice],
                    f"{capital(name_of(ctx, correction))} is dated before "
                    f"{_notice_to(notice, ctx)} it answers.",
                )
                continue
            kept.append(correction)
        return kept

    return memo(ctx, ("corrections_of", notice.id), compute)


def first_correction(notice: Notice, ctx: Context) -> Correction | None:
    corrections = corrections_of(notice, ctx)
    return corrections[0] if corrections else None


def granted_extensions(notice: Notice, ctx: Context) -> list[Extension]:
    """The granted extensions of a notice, oldest first; one decided before the notice
    was issued is a data problem and extends nothing."""

    def compute() -> list[Extension]:
        kept = []
        for extension in ctx.referring("extension", "notice", notice.id):
            if extension.date < notice.issued_on:
                ctx.data_problem(
                    [extension, notice],
                    f"{capital(name_of(ctx, extension))} is dated before "
                    f"{_notice_to(notice, ctx)} it extends.",
                )
                continue
            if extension.granted:
                kept.append(extension)
        return kept

    return memo(ctx, ("granted_extensions", notice.id), compute)


def appeal_requests(citation: Citation, ctx: Context) -> list[AppealRequest]:
    """The appeal requests of a citation, oldest first; one dated before the citation
    is a data problem."""
    kept = []
    for request in ctx.referring("appeal_request", "citation", citation.id):
        if request.date < citation.issued_on:
            ctx.data_problem(
                [request, citation],
                f"{capital(name_of(ctx, request))} is dated before {name_of(ctx, citation)} "
                "it appeals.",
            )
            continue
        kept.append(request)
    return kept


def hearing_orders(citation: Citation, ctx: Context) -> list[HearingOrder]:
    """The hearing officer's orders on a citation, oldest first; one dated before the
    citation is a data problem and decides nothing."""

    def compute() -> list[HearingOrder]:
        kept = []
        for order in ctx.referring("hearing_order", "citation", citation.id):
            if order.date < citation.issued_on:
                ctx.data_problem(
                    [order, citation],
                    f"{capital(name_of(ctx, order))} is dated before {name_of(ctx, citation)} "
                    "it decides.",
                )
                continue
            kept.append(order)
        return kept

    return memo(ctx, ("hearing_orders", citation.id), compute)


# --------------------------------------------------------------------------- deadlines


def original_deadline(notice: Notice, ctx: Context) -> date | None:
    """The deadline the notice itself sets: its ``due_on``, else the default for its
    kind; none for a contamination notice ((D)(4) excepts contamination from the 60
    days) or a kind that sets none. A ``due_on`` before the issue is a data problem."""
    if notice.kind in ctx.param("enf.no_deadline_kinds", on=notice.issued_on):
        return None
    if is_org(notice.requirement) and is_contamination_notice(notice, ctx):
        return None
    if notice.due_on is not None:
        if notice.due_on < notice.issued_on:
            ctx.data_problem(
                [notice],
                f"{capital(_notice_to(notice, ctx))} sets a deadline of {day(notice.due_on)}, "
                "before it was issued.",
            )
            return None
        return notice.due_on
    if notice.kind in ctx.param("enf.default_deadline_kinds", on=notice.issued_on):
        return add_days(notice.issued_on, ctx.param("enf.nov_compliance_days", on=notice.issued_on))
    return None


def deadline_on(notice: Notice, when: date, ctx: Context) -> date | None:
    """The compliance deadline in force on ``when``: the notice's own, moved later by
    each granted extension decided by then. An extension binds from its date, and one
    that sets no later deadline extends nothing."""
    due_on = original_deadline(notice, ctx)
    if due_on is None:
        return None
    for extension in granted_extensions(notice, ctx):
        if extension.date > when:
            break
        due_on = max(due_on, extension.new_due_on)
    return due_on


def extension_in_force(notice: Notice, ctx: Context) -> Extension | None:
    """The extension that set the deadline now in force, if one did."""
    due_on = original_deadline(notice, ctx)
    if due_on is None:
        return None
    setting = None
    for extension in granted_extensions(notice, ctx):
        if extension.new_due_on > due_on:
            due_on, setting = extension.new_due_on, extension
    return setting


def deadline_basis(notice: Notice, ctx: Context) -> str:
    """How the notice's deadline was set, for an explanation: "within 60 days, by
    2024-04-30"."""
    extension = extension_in_force(notice, ctx)
    if extension is not None:
        return (
            f"by {day(extension.new_due_on)}, as extended on {day(extension.date)} for "
            f"{REASON_WORDS[extension.reason]}"
        )
    if notice.due_on is not None:
        return f"by its own deadline of {day(notice.due_on)}"
    days = ctx.param("enf.nov_compliance_days", on=notice.issued_on)
    return f"within {days} days, by {day(ctx.derived('nov_compliance_due', notice))}"


@derived("nov_compliance_due", on="notice", requirement="ORG-NOV-60-DAYS")
def nov_compliance_due(notice: Notice, ctx: Context) -> date | None:
    """Ch. 50 SB 1383 enforcement (D)(4): "With the exception of violations of
    generator contamination of container contents …, the city and/or their designee
    shall issue a Notice of Violation requiring compliance within 60 days of issuance
    of the notice"; (G): "The city may extend the compliance deadlines set forth in a
    Notice of Violation".

    The deadline in force: the notice's own ``due_on``, else issue + 60 days for an
    NOV, moved later by each granted extension (an extension that sets an earlier day
    extends nothing); null for a cart tag, educational material or a notice of an SB
    1383 contamination requirement (no clock), and for a kind with no default."""
    return deadline_on(notice, ctx.as_of, ctx)


# ------------------------------------------------------------------ the act a notice demanded


class _AsItStood:
    """One lookup of the evaluation's facts (by id, by type or by reference) as the
    records stood on an earlier day: a fact dated after that day is hidden."""

    __slots__ = ("_day", "_seen", "_source")

    def __init__(self, source: dict, on: date) -> None:
        self._source = source
        self._day = on
        self._seen: dict = {}

    def get(self, key: Any, default: Any = None) -> Any:
        try:
            kept = self._seen[key]
        except KeyError:
            value = self._source.get(key)
            if isinstance(value, list):
                kept = [fact for fact in value if not self._later(fact)]
            elif value is not None and self._later(value):
                kept = None
            else:
                kept = value
            self._seen[key] = kept
        return default if kept is None else kept

    def _later(self, fact: Fact) -> bool:
        when = fact.date_of()
        return when is not None and when > self._day


class _RecordsOn(FactIndex):
    """The evaluation's facts as they stood on an earlier day: a view of its index,
    built without copying it (the lookups filter as they are made)."""

    def __init__(self, index: FactIndex, on: date) -> None:  # a view: no facts to index
        self.by_id = _AsItStood(index.by_id, on)  # type: ignore[assignment]
        self.by_type = _AsItStood(index.by_type, on)  # type: ignore[assignment]
        self._refs = _AsItStood(index._refs, on)  # type: ignore[assignment]


class _Turns(set):
    """The days on which what rules read of the records as they stood on a day could
    turn: every date on a fact a lookup met (whether the day shows the fact or not)
    and the day after it, the dates the pack's values hold and the day after, and the
    days the values read on the day itself change. A rule that compares its as-of
    date only with such dates (``STEADY_BETWEEN_DATES``) decides alike on every day
    from one turn up to the next."""

    __slots__ = ()

    def note(self, value: Any) -> None:
        """Note a value a rule read: a date (or a date and time), or a collection of
        them; anything else holds no day."""
        if isinstance(value, date):
            day = value.date() if isinstance(value, datetime) else value
            self.add(day)
            self.add(day + _ONE_DAY)
        elif isinstance(value, list | tuple | set | frozenset):
            for item in value:
                if isinstance(item, date):
                    self.note(item)

    def note_fact(self, fact: Fact) -> None:
        for name in _date_fields(fact.type):
            value = getattr(fact, name, None)
            if value is not None:
                self.note(value)


_ONE_DAY = timedelta(days=1)
_DATE_FIELDS: dict[str, tuple[str, ...]] = {}


def _date_fields(type_name: str) -> tuple[str, ...]:
    """The fields of a fact type that may hold a date (or dates): its own, not those
    inside a nested record (a sewer segment's), which no rule of
    ``STEADY_BETWEEN_DATES`` reads."""
    names = _DATE_FIELDS.get(type_name)
    if names is None:
        model = FACT_TYPES.get(type_name)
        fields = model.model_fields if model is not None else {}
        names = _DATE_FIELDS[type_name] = tuple(
            name for name, info in fields.items() if _holds_dates(info.annotation)
        )
    return names


def _holds_dates(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, date):
        return True
    return any(_holds_dates(inner) for inner in get_args(annotation))


class _NotingAsItStood(_AsItStood):
    """``_AsItStood`` noting the dates on every fact a lookup meets."""

    __slots__ = ("_turns",)

    def __init__(self, source: dict, on: date, turns: _Turns) -> None:
        super().__init__(source, on)
        self._turns = turns

    def get(self, key: Any, default: Any = None) -> Any:
        if key not in self._seen:
            value = self._source.get(key)
            if isinstance(value, list):
                for fact in value:
                    self._turns.note_fact(fact)
            elif value is not None:
                self._turns.note_fact(value)
        return super().get(key, default)


class _NotingRecordsOn(FactIndex):
    """``_RecordsOn`` noting the turns of what is looked up."""

    def __init__(self, index: FactIndex, on: date, turns: _Turns) -> None:  # a view
        self.by_id = _NotingAsItStood(index.by_id, on, turns)  # type: ignore[assignment]
        self.by_type = _NotingAsItStood(index.by_type, on, turns)  # type: ignore[assignment]
        self._refs = _NotingAsItStood(index._refs, on, turns)  # type: ignore[assignment]


class _NotingContext(Context):
    """A context for the records as they stood on a day that notes the turns of the
    pack's values it reads and of the derived values it works out."""

    __slots__ = ("turns",)

    def __init__(self, ctx: Context, on: date) -> None:
        self.turns = _Turns()
        super().__init__(
            facts=_NotingRecordsOn(ctx.facts, on, self.turns),
            as_of=on,
            pack=ctx.pack,
            calendar=ctx.calendar,
        )

    def param(self, name: str, on: date | None = None) -> Any:
        value = super().param(name, on)
        if on is None:  # the value in force on the day: it turns when the pack's does
            self.turns.update(effective for effective, _ in self.pack.param(name).values)
        self.turns.note(value)
        return value

    def derived(self, name: str, fact: Fact) -> Any:
        value = super().derived(name, fact)
        self.turns.note(value)
        return value


#: the requirements whose rules, applied to the records as they stood on a day, use
#: that day only to compare it with dates on the records they read, with dates the
#: pack's values hold and the days those values change: no days counted from it, no
#: periods up to it. What they conclude is then the same on every day from one such
#: date (or the day after one) up to the next, and the compliance search asks them
#: once per stretch of days instead of once per day tried. ORG-COM-ENROLL (a
#: service, waiver or self-hauler registration in effect on the day, the subchapter
#: in force) is such a requirement; the reference path asks on every day tried, and
#: ``tests/test_engine_speed.py`` compares the two on random histories.
STEADY_BETWEEN_DATES = frozenset({"ORG-COM-ENROLL"})


def _context_on(when: date, ctx: Context) -> Context:
    """A context for the law applied to the records as they stood on ``when``."""
    if when >= ctx.as_of:
        return ctx
    contexts = ctx.memo("enforcement.contexts")
    view = contexts.get(when)
    if view is None:
        view = contexts[when] = Context(
            facts=_RecordsOn(ctx.facts, when), as_of=when, pack=ctx.pack, calendar=ctx.calendar
        )
    return view


_RULES_OF: dict[tuple[str, int], list[RuleSpec]] = {}


def _rules_of(requirement: str) -> list[RuleSpec]:
    """The rules on facts that decide ``requirement``."""
    key = (requirement, len(RULES))
    specs = _RULES_OF.get(key)
    if specs is None:
        specs = _RULES_OF[key] = [
            s for s in RULES if s.requirement == requirement and s.on != FINDINGS
        ]
    return specs


def _facts_about(subject: Fact, type_name: str, ctx: Context) -> list[Fact]:
    """The facts of ``type_name`` a rule would be called with for ``subject``: the
    subject itself, what it belongs to (a business's premises, which holds the
    service of the businesses at it), and the facts of that type that name it (its
    inspections, the businesses at a premises, its agreements …)."""
    found: dict[int, Fact] = {}
    if subject.type == type_name:
        found[id(subject)] = subject
    for field_name in subject.references:  # what it belongs to: a business's premises
        owner = ctx.get(getattr(subject, field_name))
        if owner is not None and owner.type == type_name:
            found.setdefault(id(owner), owner)
    model = FACT_TYPES.get(type_name)
    if model is not None and subject.id is not None:
        for field_name in (*model.references, *model.list_references):
            for fact in ctx.referring(type_name, field_name, subject.id):
                found.setdefault(id(fact), fact)
    return list(found.values())


def underlying_outcomes(notice: Notice, when: date, ctx: Context) -> list[Outcome] | None:
    """What the rules of the notice's requirement conclude about its subject, applied
    to the records as they stood on ``when``; None when no rule decides it."""
    specs = _rules_of(notice.requirement)
    if not specs or notice.requirement in ENFORCEMENT_IDS:
        return None
    return _outcomes_in(notice, _context_on(when, ctx))


def _outcomes_in(notice: Notice, view: Context) -> list[Outcome]:
    """What the rules of the notice's requirement conclude about its subject in
    ``view`` (the records as they stood on a day)."""
    specs = _rules_of(notice.requirement)
    subject = view.get(notice.subject)
    if subject is None:
        return []
    outcomes: list[Outcome] = []
    for spec in specs:
        for fact in _facts_about(subject, spec.on, view):
            result = spec.func(fact, view)
            if result is None:
                continue
            outcomes.extend([result] if isinstance(result, Outcome) else result)
    return outcomes


#: the requirements of a named period (a quarter's self-inspection, (A)(6); a year's
#: information, (A)(7)): a period that closes without the act is breached for good, and
#: no later act can do it, so a notice asks only that the act be done again in a period
#: due since it (unlike a report, which may still be filed for its period)
PERIOD_DUTIES = frozenset({"ORG-COM-SELF-INSPECT", "ORG-COM-EDUCATION"})


def shows_compliance(notice: Notice, when: date, ctx: Context) -> bool:
    """Whether the records as they stood on ``when`` show the act the notice demanded:
    the requirement's rules find its subject met (or done late) and nothing open, or
    open only for periods missed before the notice, while a period due since shows the
    act done; for a duty of a named period (``PERIOD_DUTIES``), open only for periods
    that closed without the act before a period done since the notice, which no later
    act can undo."""
    cache = ctx.memo("enforcement.shows")
    key = (notice.id, when)
    if key in cache:
        return cache[key]
    if ctx.fast and when < ctx.as_of and notice.requirement in STEADY_BETWEEN_DATES:
        shown = _shown_in_stretch(notice, when, ctx)
    else:
        shown = _shown(notice, underlying_outcomes(notice, when, ctx) or [], ctx)
    cache[key] = shown
    return shown


def _shown_in_stretch(notice: Notice, when: date, ctx: Context) -> bool:
    """``shows_compliance`` for a requirement of ``STEADY_BETWEEN_DATES``: the answer
    on a day of a stretch already asked about, else the rules' on ``when``, kept for
    the stretch of days around it on which nothing they read turns."""
    stretches = ctx.memo("enforcement.stretches").setdefault(notice.id, [])
    for first, last, shown in stretches:
        if first <= when <= last:
            return shown
    view = _NotingContext(ctx, when)
    shown = _shown(notice, _outcomes_in(notice, view), ctx)
    turns = view.turns
    first = max((t for t in turns if t <= when), default=date.min)
    after = min((t for t in turns if t > when), default=ctx.as_of)
    stretches.append((first, min(after, ctx.as_of) - _ONE_DAY, shown))
    return shown


def _shown(notice: Notice, outcomes: list[Outcome], ctx: Context) -> bool:
    """Whether ``outcomes`` show the act the notice demanded (``shows_compliance``)."""
    enforceable = set(ctx.param("enf.enforceable_statuses"))
    done = [o for o in outcomes if o.status in ("met", "late")]
    still_open = [o for o in outcomes if o.status in enforceable]

    if not done:
        return False
    if not still_open:
        return True
    # the latest period done, and whether one was due since the notice
    latest = max((_date(o.due) for o in done if o.period is not None and o.due), default=None)
    if latest is None or latest < notice.issued_on:
        return False
    # a period missed before the notice; for a duty of a named period, also one missed
    # since, before the period done: missed for good, and the act resumed after it
    answered_before = latest if notice.requirement in PERIOD_DUTIES else notice.issued_on

    def answered(outcome: Outcome) -> bool:
        return (
            outcome.status == "overdue"
            and outcome.period is not None
            and outcome.due is not None
            and _date(outcome.due) < answered_before
        )

    return all(answered(o) for o in still_open)


def _earliest_showing(notice: Notice, low: date, high: date, ctx: Context) -> date:
    """The first day in [low, high] the records show the act, given they do on
    ``high`` (the records only grow: once shown, shown)."""
    while low < high:
        middle = low + timedelta(days=(high - low).days // 2)
        if shows_compliance(notice, middle, ctx):
            high = middle
        else:
            low = middle + timedelta(days=1)
    return high


class Compliance:
    """When and how a notice was complied with: by the act the records show, or by a
    correction recorded."""

    __slots__ = ("by_act", "on")

    def __init__(self, on: date, by_act: bool) -> None:
        self.on = on
        self.by_act = by_act


def compliance(notice: Notice, ctx: Context) -> Compliance | None:
    """The day a notice of an SB 1383 requirement was complied with, if it was: the
    first day the records show the act it demanded, or its first correction,
    whichever came first."""

    def compute() -> Compliance | None:
        act = _act_day(notice, ctx)
        correction = first_correction(notice, ctx)
        if correction is not None and (act is None or correction.date < act):
            return Compliance(correction.date, by_act=False)
        return Compliance(act, by_act=True) if act is not None else None

    return memo(ctx, ("compliance", notice.id), compute)


def _act_day(notice: Notice, ctx: Context) -> date | None:
    if not is_org(notice.requirement) or is_contamination_notice(notice, ctx):
        return None
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is not None and notice.issued_on <= due_on < ctx.as_of:
        if shows_compliance(notice, due_on, ctx):
            return _earliest_showing(notice, notice.issued_on, due_on, ctx)
        if shows_compliance(notice, ctx.as_of, ctx):
            return _earliest_showing(notice, add_days(due_on, 1), ctx.as_of, ctx)
        return None
    if shows_compliance(notice, ctx.as_of, ctx):
        return _earliest_showing(notice, notice.issued_on, ctx.as_of, ctx)
    return None


ACT_READING = (
    "A notice is complied with when the records show the act it demanded, by the "
    "requirement's own rules applied to the records as they stood on each day, with no "
    "correction record needed; a period missed before the notice is answered by the act done "
    "in a later period due since it, and so is a quarter or year missed since, whose act can "
    "no longer be done."
)


def _complied_words(found: Compliance) -> str:
    if found.by_act:
        return f"the records show compliance from {day(found.on)}"
    return f"compliance was recorded on {day(found.on)}"


# --------------------------------------------------------------------------- contamination


def _organics_inspections(subject: str, ctx: Context) -> list[Inspection]:
    return inspections_for(subject, "organics", ctx)


def _before_opening(inspection: Inspection, ctx: Context) -> bool:
    """A contamination recorded at a business before it opened: a data problem."""
    subject = ctx.get(inspection.subject)
    opened = getattr(subject, "opened_on", None) if subject is not None else None
    if opened is None or inspection.date >= opened:
        return False
    ctx.data_problem(
        [inspection, subject],
        f"{capital(name_of(ctx, inspection))} found contamination at {name_of(ctx, subject)}, "
        f"which opened only on {day(opened)}.",
    )
    return True


def _counts(inspection: Inspection, ctx: Context) -> bool:
    """A contamination observation the enforcement rules count: an organics (or
    unnamed-program) inspection from the SB 1383 start that recorded the check, at a
    subject that existed then."""
    return (
        inspection.contamination is not None
        and inspection.program in (None, "organics")
        and inspection.date >= ctx.param("org.in_force")
        and not _before_opening(inspection, ctx)
    )


def contamination_days(subject: str, ctx: Context) -> dict[date, bool]:
    """Each day the subject's containers were checked for contamination (from the
    SB 1383 start) → whether contamination was found that day."""

    def compute() -> dict[date, bool]:
        days: dict[date, bool] = {}
        for inspection in _organics_inspections(subject, ctx):
            if not _counts(inspection, ctx):
                continue
            days[inspection.date] = days.get(inspection.date, False) or inspection.contamination
        return days

    return memo(ctx, ("contamination_days", subject), compute)


def consecutive_occasions(subject: str, ctx: Context) -> dict[date, int]:
    """Each contaminated day → how many consecutive contaminated days end with it (a
    day checked clean starts the count again)."""

    def compute() -> dict[date, int]:
        run, out = 0, {}
        for when, contaminated in sorted(contamination_days(subject, ctx).items()):
            run = run + 1 if contaminated else 0
            if contaminated:
                out[when] = run
        return out

    return memo(ctx, ("consecutive_occasions", subject), compute)


FINE_READING = (
    "Contamination processing fines may be assessed from the {nth} consecutive occasion: "
    'the words say both "on more than three consecutive occasion(s)" and "on the third '
    'such occasion", and the operative clause is read.'
)


@derived("contamination_occasion", on="inspection", requirement="ORG-CONTAMINATION-NOV")
def contamination_occasion(inspection: Inspection, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (D)(3): "If the city and/or their designee observes
    prohibited container contaminants in a generator's containers on more than three
    consecutive occasion(s) …". The consecutive occasion this inspection's day is (1,
    2, 3 …; all inspections of one day are one occasion), 0 when the containers were
    checked clean, null when contamination was not recorded."""
    if not _counts(inspection, ctx):
        return None
    if not inspection.contamination:
        return 0
    return consecutive_occasions(inspection.subject, ctx)[inspection.date]


@derived("contamination_fine_eligible", on="inspection", requirement="ORG-CONTAMINATION-NOV")
def contamination_fine_eligible(inspection: Inspection, ctx: Context) -> bool | None:
    """(D)(3): "… may assess contamination processing fines or contamination penalties
    on the generator on the third such occasion." Reading (pack
    ``enf.contamination_fine_occasion``): from the third consecutive occasion."""
    occasion = ctx.derived("contamination_occasion", inspection)
    if occasion is None:
        return None
    return occasion >= ctx.param("enf.contamination_fine_occasion", on=inspection.date)


def _answers_contamination(notice: Notice, on: date, ctx: Context) -> bool:
    """A notice that answers a contamination found on ``on``: of an accepted kind (pack
    ``enf.contamination_notice_kinds``) and naming a contamination requirement."""
    kinds = ctx.param("enf.contamination_notice_kinds", on=on)
    return notice.kind in kinds and is_contamination_requirement(notice.requirement, ctx, on)


def contamination_notices(subject: str, ctx: Context) -> dict[date, list[Notice]]:
    """The notices answering each contaminated day: a contamination notice answers the
    latest contaminated day on or before its issue."""

    def compute() -> dict[date, list[Notice]]:
        days = sorted(consecutive_occasions(subject, ctx))
        out: dict[date, list[Notice]] = {}
        for notice in ctx.referring("notice", "subject", subject):
            index = bisect_right(days, notice.issued_on) - 1
            if index < 0:
                continue
            found_on = days[index]
            if _answers_contamination(notice, found_on, ctx):
                out.setdefault(found_on, []).append(notice)
        return out

    return memo(ctx, ("contamination_notices", subject), compute)


def _same_day(inspection: Inspection, ctx: Context, *, by_hauler: bool = False) -> list[Inspection]:
    return [
        other
        for other in _organics_inspections(inspection.subject, ctx)
        if other.date == inspection.date
        and other.contamination
        and (other.by_hauler or not by_hauler)
        and _counts(other, ctx)
    ]


@rule("ORG-CONTAMINATION-NOV", on="inspection")
def contamination_nov(inspection: Inspection, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(3): "the city and/or designee will issue a Notice
    of Violation to any generator found to have prohibited container contaminants in
    a container. Such notice will be provided via a cart tag or other communication
    immediately upon identification of the prohibited container contaminants or
    within two days after determining that a violation has occurred. If the city
    and/or their designee observes prohibited container contaminants in a
    generator's containers on more than three consecutive occasion(s), the city
    and/or their designee may assess contamination processing fines or contamination
    penalties on the generator on the third such occasion." (D)(6): "for incidences of
    prohibited container contaminants found by a hauler in containers, hauler will
    issue a notice of contamination … within two days".

    Subject: the inspection's subject, one finding per contaminated day; due the day
    found + 2 days; met by a notice of an accepted kind (cart tag or NOV; during the
    education period also educational material) naming a contamination requirement,
    late when it came after the 2 days. No 60-day clock follows ((D)(4))."""
    if not inspection.contamination or not _counts(inspection, ctx):
        return None
    same_day = _same_day(inspection, ctx)
    if same_day[0] is not inspection:
        return None  # one occasion per day
    found_on = inspection.date
    days = ctx.param("enf.contamination_notice_days", on=found_on)
    due_on = add_days(found_on, days)
    occasion = consecutive_occasions(inspection.subject, ctx)[found_on]
    fine_from = ctx.param("enf.contamination_fine_occasion", on=found_on)
    by_hauler = any(other.by_hauler for other in same_day)
    who = name_of(ctx, inspection.subject)
    kinds = ctx.param("enf.contamination_notice_kinds", on=found_on)
    if by_hauler:
        # (D)(6): the hauler's own notice of contamination; the consecutive count is
        # (D)(3)'s, told only where it lets the city assess fines
        found = f"Contamination was found in the containers of {who} by the hauler on "
        found += day(found_on)
        wanted = listing(
            ["other notice of contamination" if k == "nov" else kind_words(k) for k in kinds],
            "or",
        )
    else:
        found = (
            f"Contamination was found in the containers of {who} on {day(found_on)}, the "
            f"{ordinal_word(occasion)} consecutive occasion"
        )
        wanted = kinds_phrase(kinds)
    reading = None
    if occasion >= fine_from:
        if by_hauler:
            found += f", the {ordinal_word(occasion)} consecutive occasion"
        found += ", so contamination processing fines may be assessed"
        reading = FINE_READING.format(nth=ordinal_word(fine_from))
    if "education" in kinds:
        education = (
            "In the education period, educational material answers a contamination as a cart "
            "tag would."
        )
        reading = f"{reading} {education}" if reading else education
    notices = contamination_notices(inspection.subject, ctx).get(found_on, [])
    first = min(notices, key=lambda n: n.issued_on) if notices else None
    if first is None and ctx.as_of <= due_on:
        tail = f"a {wanted} is due by {day(due_on)}"
    elif first is None:
        tail = f"no {wanted} was issued by {day(due_on)}"
    elif first.issued_on <= due_on:
        tail = f"{name_of(ctx, first)} followed within {plural(days, 'day')}"
    else:
        tail = f"{name_of(ctx, first)} came after the {days}-day deadline of {day(due_on)}"
    return deadline(
        due_on=due_on,
        done_on=first.issued_on if first is not None else None,
        as_of=ctx.as_of,
        explanation=f"{found}; {tail}.",
        subject=inspection.subject,
        reading=reading,
        cite=enforcement_cite("(D)(6)" if by_hauler else "(D)(3)"),
    )


def hauler_occasions(subject: str, year: int, ctx: Context) -> list[date]:
    """The days of ``year`` the hauler found contamination in the subject's containers."""

    def compute() -> list[date]:
        days = {
            inspection.date
            for inspection in _organics_inspections(subject, ctx)
            if inspection.by_hauler
            and inspection.contamination
            and inspection.date.year == year
            and _counts(inspection, ctx)
        }
        return sorted(days)

    return memo(ctx, ("hauler_occasions", subject, year), compute)


@derived(
    "hauler_contamination_count", on="inspection", requirement="ORG-HAULER-CONTAMINATION-CHARGE"
)
def hauler_contamination_count(inspection: Inspection, ctx: Context) -> int | None:
    """(D)(6): "If a hauler observes prohibited container contaminants in a
    generator's containers on more than two occasion(s) every calendar year starting
    January 1 …". For a contamination the hauler found: how many days of that
    calendar year, up to and including this one, it found contamination; else null."""
    if not (inspection.by_hauler and inspection.contamination and _counts(inspection, ctx)):
        return None
    days = hauler_occasions(inspection.subject, inspection.date.year, ctx)
    return days.index(inspection.date) + 1


@rule("ORG-HAULER-CONTAMINATION-CHARGE", on="inspection", cite=enforcement_cite("(D)(6)"))
def hauler_contamination_charge(inspection: Inspection, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(6): "If a hauler observes prohibited container
    contaminants in a generator's containers on more than two occasion(s) every
    calendar year starting January 1, the hauler shall have the right to assess a
    contamination service charge on the generator … The foregoing contamination
    service charge shall not be considered an administrative fine or penalty."

    One finding per subject and calendar year (period "YYYY"), decided at the year's
    last such day: met while the hauler has found contamination on no more than two
    days that year; a violation once it has on more, when the charge may be
    assessed."""
    count = ctx.derived("hauler_contamination_count", inspection)
    if count is None:
        return None
    year = inspection.date.year
    days = hauler_occasions(inspection.subject, year, ctx)
    if (
        inspection.date != days[-1]
        or _same_day(inspection, ctx, by_hauler=True)[0] is not inspection
    ):
        return None
    limit = ctx.param("enf.hauler_charge_after_occasions", on=inspection.date)
    seen = (
        f"The hauler found contamination in the containers of {name_of(ctx, inspection.subject)} "
        f"on {plural(len(days), 'day')} of {year} ({listing(day(d) for d in days)})"
    )
    if len(days) > limit:
        return violation(
            f"{seen}, more than {limit}, so it may assess a contamination service charge under "
            "its rate schedule; the charge is not a fine, and disputes go to the franchise "
            "complaint process.",
            period=str(year),
            subject=inspection.subject,
        )
    return met(
        f"{seen}, not more than {limit}, so no contamination service charge may be assessed.",
        period=str(year),
        subject=inspection.subject,
    )


# --------------------------------------------------------------------------- notices of violation


def _sixty_day_notice(notice: Notice, ctx: Context) -> bool:
    """An NOV of an SB 1383 requirement other than contamination: (D)(4)'s clock."""
    return (
        is_org(notice.requirement)
        and notice.kind == "nov"
        and not is_contamination_notice(notice, ctx)
    )


@rule("ORG-NOV-60-DAYS", on="notice")
def nov_sixty_days(notice: Notice, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(4): "With the exception of violations of
    generator contamination of container contents addressed under § 50.038(B)(2), the
    city and/or their designee shall issue a Notice of Violation requiring compliance
    within 60 days of issuance of the notice."

    Subject: the notice (an NOV of an SB 1383 requirement other than contamination).
    Met when the records show the act it demanded done by its deadline (or a
    correction records it), late when it came after, due or overdue without it."""
    if not _sixty_day_notice(notice, ctx):
        return None
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is None:
        return None  # a deadline set before the notice: a data problem, no clock
    found = compliance(notice, ctx)
    head = (
        f"{capital(_notice_to(notice, ctx))} required compliance with "
        f"{requirement_words(notice.requirement)} {deadline_basis(notice, ctx)}"
    )
    if found is not None and found.on <= due_on:
        tail = _complied_words(found)
    elif found is not None:
        tail = f"{_complied_words(found)}, after the deadline"
    elif ctx.as_of <= due_on:
        tail = "compliance is outstanding"
    else:
        tail = "the deadline passed with no compliance on record"
    return deadline(
        due_on=due_on,
        done_on=found.on if found is not None else None,
        as_of=ctx.as_of,
        explanation=f"{head}; {tail}.",
        reading=ACT_READING if found is not None and found.by_act else None,
    )


def lapsed(notice: Notice, when: date, ctx: Context) -> bool:
    """Whether, on ``when``, the notice's deadline then in force had passed without
    compliance within it."""
    due_on = deadline_on(notice, when, ctx)
    if due_on is None or when <= due_on:
        return False
    found = compliance(notice, ctx)
    return found is None or found.on > due_on


def citations_answering(notice: Notice, ctx: Context) -> list[Citation]:
    """The citations that followed a notice once its deadline had lapsed: those naming
    it, and those of its subject and requirement naming no notice."""
    named = list(ctx.referring("citation", "notice", notice.id))
    unnamed = [
        c
        for c in ctx.referring("citation", "subject", notice.subject)
        if c.notice is None and c.requirement == notice.requirement
    ]
    followed = [c for c in named + unnamed if lapsed(notice, c.issued_on, ctx)]
    return sorted(followed, key=lambda c: c.issued_on)


LATE_READING = (
    'Compliance after the deadline does not end the referral: the words "absent compliance '
    '… within the deadline" make compliance within it what avoids the citation.'
)
LATE_ENDS_READING = "A correction after the deadline, before any citation, ends the referral."


@rule("ORG-CITATION", on="notice")
def citation_referral(notice: Notice, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(5)(a): "Absent compliance by the respondent
    within the deadline set forth in the Notice of Violation, the code enforcement
    official(s) and/or their designee shall commence an action to impose penalties,
    via an administrative citation and fine, pursuant to city code."

    Subject: the notice (an NOV with (D)(4)'s clock; a contamination notice has none
    and is never referred from it). Once its deadline passes without compliance:
    overdue ("refer for administrative citation") until a citation follows, then met;
    before penalties start (2024-01-01), due on that date. A late compliance does not
    end the referral (pack reading ``enf.late_correction_ends_referral``)."""
    if not _sixty_day_notice(notice, ctx):
        return None
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is None or ctx.as_of <= due_on:
        return None
    found = compliance(notice, ctx)
    if found is not None and found.on <= due_on:
        return None  # complied within the deadline: nothing to refer
    head = (
        f"{capital(_notice_to(notice, ctx))} passed its deadline of {day(due_on)} "
        "without compliance"
    )
    if found is not None:
        head += f", which came only on {day(found.on)}"
    citations = citations_answering(notice, ctx)
    if citations:
        first = citations[0]
        lapsed_on = deadline_on(notice, first.issued_on, ctx)
        return met(
            f"{capital(_notice_to(notice, ctx))} passed its deadline of {day(lapsed_on)} "
            f"without compliance; {name_of(ctx, first)} followed.",
            due=lapsed_on,
        )
    if found is not None and ctx.param("enf.late_correction_ends_referral"):
        return met(f"{head}; the late compliance ends the referral.", due=due_on,
                   reading=LATE_ENDS_READING)  # fmt: skip
    reading = LATE_READING if found is not None else None
    start = ctx.param("org.penalties_start")
    if ctx.as_of < start:
        return due(
            f"{head}: refer it for an administrative citation once penalties may be imposed, "
            f"from {day(start)}.",
            due=start,
            reading=reading,
        )
    return overdue(f"{head}: refer it for an administrative citation.", due=due_on, reading=reading)


@rule("ORG-NOV-60-DAYS", on="correction")
def correction_dates(correction: Correction, ctx: Context) -> None:
    """A correction dated before the SB 1383 notice it answers is a data problem
    (reported by ``corrections_of``); it records no compliance and ends no clock."""
    notice = ctx.get(correction.notice)
    if notice is not None and is_org(notice.requirement):
        corrections_of(notice, ctx)


@rule("ORG-EXTENSION", on="extension")
def extension_granted(extension: Extension, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (G): "The city may extend the compliance deadlines
    set forth in a Notice of Violation issued in accordance with this chapter, if it
    finds that there are extenuating circumstances beyond the control of the
    respondent that make compliance within the deadlines impracticable, including
    the following: (1) Acts of God …; (2) Delays in obtaining discretionary permits
    or other government agency approvals; or (3) Deficiencies in organic waste
    recycling infrastructure or edible food recovery capacity and the city is under
    a corrective action plan with CalRecycle …"

    Subject: the extension (its id, else the notice). Met when a granted extension
    moves an SB 1383 notice's deadline later, from the day it was decided; a
    violation when the notice sets no deadline or the new one is not later. One
    decided before the notice was issued is a data problem."""
    notice = ctx.get(extension.notice)
    if notice is None or not extension.granted or not is_org(notice.requirement):
        return None
    granted = granted_extensions(notice, ctx)
    place = next((i for i, e in enumerate(granted) if e is extension), None)
    if place is None:
        return None  # decided before the notice: a data problem
    cite = enforcement_cite(REASON_PARTS[extension.reason])
    what = f"{capital(name_of(ctx, extension))} for {REASON_WORDS[extension.reason]}"
    if original_deadline(notice, ctx) is None:
        return violation(
            f"{what} extends nothing: {_notice_to(notice, ctx)} sets no compliance deadline.",
            cite=cite,
        )
    prior = max([original_deadline(notice, ctx), *(e.new_due_on for e in granted[:place])])
    if extension.new_due_on <= prior:
        return violation(
            f"{what} sets {day(extension.new_due_on)}, not later than the deadline of "
            f"{day(prior)} it would replace, so it extends nothing.",
            cite=cite,
        )
    return met(
        f"{what} moves the compliance deadline of {_notice_to(notice, ctx)} from "
        f"{day(prior)} to {day(extension.new_due_on)}.",
        cite=cite,
    )


# ------------------------------------------------------------------ citations


def _contamination_citation(citation: Citation, ctx: Context) -> bool:
    if is_contamination_requirement(citation.requirement, ctx, citation.issued_on):
        return True
    notice = ctx.get(citation.notice)
    return notice is not None and is_contamination_notice(notice, ctx)


class Support:
    """Whether a citation could lawfully carry a penalty, and why, in words."""

    __slots__ = ("cite", "lawful", "reading", "why")

    def __init__(self, lawful: bool, why: str, cite: str, reading: str | None = None) -> None:
        self.lawful = lawful
        self.why = why
        self.cite = cite
        self.reading = reading


def citation_support(citation: Citation, ctx: Context) -> Support | None:
    """Whether an SB 1383 citation issued once penalties may be imposed rests on what
    the law requires before it: a contamination citation on the fine occasion of
    (D)(3); any other on a Notice of Violation whose deadline passed uncorrected
    ((D)(5)(a)). None for a citation outside SB 1383, one of the education period
    (ORG-EDUCATION-PERIOD judges it), and one dated before the notice it names (a
    data problem)."""

    def compute() -> Support | None:
        if not is_org(citation.requirement):
            return None
        if citation.notice is not None:
            notice = ctx.get(citation.notice)
            if notice is None or notice.issued_on > citation.issued_on:
                named = name_of(ctx, notice) if notice is not None else "a notice"
                ctx.data_problem(
                    [citation, citation.notice],
                    f"{capital(name_of(ctx, citation))} names {named}, issued after it.",
                )
                return None
        if citation.issued_on < ctx.param("org.penalties_start"):
            return None
        if _contamination_citation(citation, ctx):
            return _contamination_support(citation, ctx)
        return _notice_support(citation, ctx)

    return memo(ctx, ("citation_support", citation.id), compute)


def _contamination_support(citation: Citation, ctx: Context) -> Support:
    fine_from = ctx.param("enf.contamination_fine_occasion", on=citation.issued_on)
    runs = consecutive_occasions(citation.subject, ctx)
    days = [d for d in sorted(runs) if d <= citation.issued_on]
    cite = enforcement_cite("(D)(3)")
    reading = FINE_READING.format(nth=ordinal_word(fine_from))
    if not days:
        return Support(
            False,
            "is unsupported: no contamination of its containers is on record before it",
            cite,
            reading,
        )
    last = days[-1]
    occasion = runs[last]
    if occasion < fine_from:
        return Support(
            False,
            f"is premature: contamination processing fines may be assessed from the "
            f"{ordinal_word(fine_from)} consecutive occasion, and the latest, on {day(last)}, "
            f"was the {ordinal_word(occasion)}",
            cite,
            reading,
        )
    return Support(
        True,
        f"follows the {ordinal_word(occasion)} consecutive occasion of contamination, on "
        f"{day(last)}, when contamination processing fines may be assessed",
        cite,
        reading,
    )


def _notice_support(citation: Citation, ctx: Context) -> Support:
    cite = enforcement_cite("(D)(5)(a)")
    issued = citation.issued_on
    if citation.notice is not None:
        notices = [ctx.get(citation.notice)]
    else:
        notices = [
            n
            for n in ctx.referring("notice", "subject", citation.subject)
            if n.requirement == citation.requirement
            and n.issued_on <= issued
            and _sixty_day_notice(n, ctx)
        ]
    for notice in notices:
        if lapsed(notice, issued, ctx):
            due_on = deadline_on(notice, issued, ctx)
            return Support(
                True,
                f"follows {name_of(ctx, notice)}, whose deadline of {day(due_on)} passed "
                "without compliance",
                cite,
            )
    if not notices:
        return Support(
            False,
            "is unsupported: no notice of violation concerning "
            f"{requirement_words(citation.requirement)} had passed its deadline uncorrected",
            cite,
        )
    notice = notices[-1]
    due_on = deadline_on(notice, issued, ctx)
    if due_on is None:
        return Support(
            False,
            f"is unsupported: {name_of(ctx, notice)} it rests on sets no compliance deadline",
            cite,
        )
    found = compliance(notice, ctx)
    if found is not None and found.on <= due_on and found.on <= issued:
        return Support(
            False,
            f"is unsupported: {name_of(ctx, notice)} it rests on was complied with "
            f"({_complied_words(found)}), within its deadline of {day(due_on)}",
            cite,
            ACT_READING if found.by_act else None,
        )
    return Support(
        False,
        f"is premature: {name_of(ctx, notice)} it rests on gave until {day(due_on)} to comply",
        cite,
    )


@rule("ORG-CITATION", on="citation")
def citation_after_deadline(citation: Citation, ctx: Context) -> Outcome | None:
    """(D)(5)(a): the citation follows "[a]bsent compliance by the respondent within
    the deadline set forth in the Notice of Violation"; (D)(3): contamination fines
    "on the third such occasion". Subject: the citation (SB 1383, issued once
    penalties may be imposed). Met when it follows a notice whose deadline then in
    force had passed without compliance (the one it names, else the subject's for the
    same requirement), or for contamination the fine occasion; a violation when it
    came before (premature) or rests on nothing (unsupported)."""
    support = citation_support(citation, ctx)
    if support is None:
        return None
    text = f"{capital(name_of(ctx, citation))} to {name_of(ctx, citation.subject)} {support.why}."
    make = met if support.lawful else violation
    return make(text, cite=support.cite, reading=support.reading)


# ------------------------------------------------------------------ penalties


def org_citations(subject: str, ctx: Context) -> list[Citation]:
    def compute() -> list[Citation]:
        return [c for c in ctx.referring("citation", "subject", subject) if is_org(c.requirement)]

    return memo(ctx, ("org_citations", subject), compute)


def assessed_amount(citation: Citation, ctx: Context) -> tuple[Decimal | None, str]:
    """The penalty a citation assesses, as the latest final order modified it; and how."""
    orders = hearing_orders(citation, ctx)
    if orders and orders[-1].decision == "modified":
        return orders[-1].amount, f", as modified by {name_of(ctx, orders[-1])}"
    return citation.amount, ""


def dismissed_on(citation: Citation, ctx: Context) -> date | None:
    orders = hearing_orders(citation, ctx)
    if orders and orders[-1].decision == "dismissed":
        return orders[-1].date
    return None


def _on_the_ladder(other: Citation, citation: Citation, ctx: Context) -> bool:
    """Whether an earlier citation counts as a violation on ``citation``'s ladder: not
    dismissed by an order dated by then (pack ``enf.dismissed_citations_count``), and
    able to carry a penalty: supported, or of the education period (pack
    ``enf.education_period_citations_count``)."""
    dismissed = dismissed_on(other, ctx)
    if (
        dismissed is not None
        and dismissed <= citation.issued_on
        and not ctx.param("enf.dismissed_citations_count")
    ):
        return False
    if other.issued_on < ctx.param("org.penalties_start"):
        return bool(ctx.param("enf.education_period_citations_count"))
    support = citation_support(other, ctx)
    return support is not None and support.lawful


@derived("citation_ordinal", on="citation", requirement="ORG-PENALTY-AMOUNTS")
def citation_ordinal(citation: Citation, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (E): "For a first violation … For a second violation
    … For a third or subsequent violation …". This citation's place among the
    subject's SB 1383 citations in issue order, counting only earlier ones that are
    violations on the ladder: supported (a lapsed notice, or contamination's fine
    occasion), not dismissed by a hearing order dated by this one's issue, and — by
    the pack's readings — those of the education period. Null for other citations."""
    if not is_org(citation.requirement):
        return None
    count = 0
    for other in org_citations(citation.subject, ctx):
        if other is citation:
            return count + 1
        if _on_the_ladder(other, citation, ctx):
            count += 1
    return None  # pragma: no cover - a citation is among its subject's citations


@derived("penalty_ceiling", on="citation", requirement="ORG-PENALTY-AMOUNTS")
def penalty_ceiling(citation: Citation, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (E): "(1) For a first violation, the amount of the
    base penalty shall not exceed $100 per violation. (2) For a second violation …
    $200 … (3) For a third or subsequent violation … $500"; (I): no penalties before
    January 1, 2024. Dollars; 0 for a citation that may carry no penalty (issued
    before penalties start, or resting on no lapsed notice); null for a citation of a
    requirement outside SB 1383."""
    number = ctx.derived("citation_ordinal", citation)
    if number is None:
        return None
    if citation.issued_on < ctx.param("org.penalties_start"):
        return 0
    support = citation_support(citation, ctx)
    if support is None or not support.lawful:
        return 0
    ladder = ctx.param("org.penalty_ladder", on=citation.issued_on)
    return ladder[min(number, len(ladder)) - 1]


LADDER_READING = (
    "The ladder counts the subject's earlier SB 1383 citations that could carry a penalty, "
    "leaving out those dismissed by a hearing order before this one{education}."
)


@rule("ORG-PENALTY-AMOUNTS", on="citation")
def penalty_amount(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (E): "The penalty levels are as follows: (1) For a
    first violation, the amount of the base penalty shall not exceed $100 per
    violation. (2) For a second violation, the amount of the base penalty shall not
    exceed $200 per violation. (3) For a third or subsequent violation, the amount of
    the base penalty shall not exceed $500 per violation."

    Subject: the citation. For a supported SB 1383 citation issued once penalties
    start that states an amount: met within the ceiling, a violation above it (an
    unsupported one is ORG-CITATION's finding)."""
    if not is_org(citation.requirement) or citation.issued_on < ctx.param("org.penalties_start"):
        return None
    support = citation_support(citation, ctx)
    if support is None or not support.lawful:
        return None
    amount, how = assessed_amount(citation, ctx)
    if amount is None:
        return None
    number = ctx.derived("citation_ordinal", citation)
    ceiling = ctx.derived("penalty_ceiling", citation)
    ladder = ctx.param("org.penalty_ladder", on=citation.issued_on)
    step = min(number, len(ladder))
    head = (
        f"{capital(name_of(ctx, citation))} is the {ordinal_word(number)} SB 1383 violation of "
        f"{name_of(ctx, citation.subject)}, so its base penalty may not exceed "
        f"{dollars(ceiling)}; it assesses {dollars(amount)}{how}"
    )
    education = (
        ", and counting those of the education period as violations"
        if ctx.param("enf.education_period_citations_count")
        else ""
    )
    make = violation if amount > ceiling else met
    return make(
        f"{head}{', above it' if amount > ceiling else ''}.",
        cite=enforcement_cite(f"(E)({step})"),
        reading=LADDER_READING.format(education=education),
    )


# ------------------------------------------------------------------ appeals


@derived("appeal_deadline", on="citation", requirement="ORG-APPEAL")
def appeal_deadline(citation: Citation, ctx: Context) -> date | None:
    """Ch. 50 SB 1383 enforcement (H): "A hearing will be held only if it is requested
    within the time prescribed and consistent with the city's procedures in the
    city's codes for appeals of administrative citations." The citation's issue plus
    the appeal window (pack reading ``enf.appeal_window_days``: 20 days); null for a
    citation outside SB 1383."""
    if not is_org(citation.requirement):
        return None
    return add_days(citation.issued_on, ctx.param("enf.appeal_window_days", on=citation.issued_on))


APPEAL_READING = (
    "The appeal window is read as {days} days from the citation's issue, the period the "
    "city's procedures for appeals of administrative citations are read to give."
)
DECISION_WORDS = {"upheld": "upheld it", "dismissed": "dismissed it"}


@rule("ORG-APPEAL", on="citation")
def appeal(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (H): "Persons receiving an administrative citation
    containing a penalty for an uncorrected violation may request a hearing to appeal
    the citation. A hearing will be held only if it is requested within the time
    prescribed … The city will appoint a hearing officer who shall conduct the hearing
    and issue a final written order."

    Subject: the citation, once a hearing is requested: late when requested after the
    window; due while a timely appeal awaits the final written order; met when the
    order is issued. A request or order dated before the citation is a data problem."""
    window_closes = ctx.derived("appeal_deadline", citation)
    if window_closes is None:
        return None
    hearing_orders(citation, ctx)  # an order dated before the citation: a data problem
    requests = appeal_requests(citation, ctx)
    if not requests:
        return None
    request = requests[0]
    days = ctx.param("enf.appeal_window_days", on=citation.issued_on)
    reading = APPEAL_READING.format(days=days)
    what = f"A hearing on {name_of(ctx, citation)} to {name_of(ctx, citation.subject)}"
    if request.date > window_closes:
        return late(
            f"{what} was requested on {day(request.date)}, after the appeal window closed on "
            f"{day(window_closes)}, so no hearing is held.",
            due=window_closes,
            reading=reading,
        )
    orders = [o for o in hearing_orders(citation, ctx) if o.date >= request.date]
    head = (
        f"{what} was requested on {day(request.date)}, within the appeal window closing "
        f"{day(window_closes)}"
    )
    if orders:
        order = orders[-1]
        decided = DECISION_WORDS.get(order.decision) or (
            f"modified the penalty to {dollars(order.amount)}"
        )
        return met(
            f"{head}; the hearing officer's final written order of {day(order.date)} {decided}.",
            due=window_closes,
            reading=reading,
        )
    return due(
        f"{head}, and awaits the hearing officer's final written order.",
        due=window_closes,
        reading=reading,
    )


# ------------------------------------------------------------------ the education period


@rule("ORG-EDUCATION-PERIOD", on="citation")
def education_period_citation(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (I): "Beginning January 1, 2022 and through December
    31, 2023, … it shall provide educational materials to the entity describing its
    obligations under this subchapter and a notice that … violations may be subject
    to administrative civil penalties starting on January 1, 2024."

    Subject: the citation. An SB 1383 citation issued in the education period is a
    violation when it assesses a penalty, met when it assesses none."""
    start, penalties = ctx.param("org.in_force"), ctx.param("org.penalties_start")
    if not is_org(citation.requirement) or not start <= citation.issued_on < penalties:
        return None
    amount, how = assessed_amount(citation, ctx)
    head = (
        f"{capital(name_of(ctx, citation))} to {name_of(ctx, citation.subject)} falls in the "
        f"education period, when no penalty may be imposed before {day(penalties)}"
    )
    if amount:
        return violation(f"{head}, yet it assesses {dollars(amount)}{how}.")
    return met(f"{head}, and it assesses none.")


# ------------------------------------------------------------------ noncompliance to enforce


class Noncompliance:
    """The open findings of one SB 1383 generator obligation on one subject."""

    def __init__(self, subject: str, requirement: str) -> None:
        self.subject = subject
        self.requirement = requirement
        self.findings: list[Finding] = []
        self.periods: list[str] = []
        self.events: list[str] = []

    @property
    def statuses(self) -> list[str]:
        return list(dict.fromkeys(f.status for f in self.findings))

    def describe(self, ctx: Context, findings: Iterable[Finding] | None = None) -> str:
        """ "Casa Verde is out of compliance with written food recovery agreement" /
        "… with quarterly self-inspection of containers, overdue for the first and
        second quarters of 2024"."""
        chosen = self.findings if findings is None else list(findings)
        text = (
            f"{capital(name_of(ctx, self.subject))} is out of compliance with "
            f"{requirement_words(self.requirement)}"
        )
        periods = sorted({f.period for f in chosen if f.period is not None})
        if "overdue" in {f.status for f in chosen} and periods:
            if len(periods) <= 2:
                text += f", overdue for {listing(period_words(p) for p in periods)}"
            else:
                text += (
                    f", overdue for {plural(len(periods), 'period')}, from "
                    f"{period_words(periods[0])} to {period_words(periods[-1])}"
                )
        return text


def generator_of(subject: str, ctx: Context) -> str:
    """The thing a finding is about: its subject, or for an event (an inspection, a
    report) the thing the event belongs to, to whom a notice is served."""
    fact = ctx.get(subject)
    if fact is None or issubclass(FACT_TYPES[fact.type], Thing):
        return subject
    for name in fact.references:
        target = getattr(fact, name)
        if target is not None:
            return target
    return subject  # pragma: no cover - every event names what it belongs to


def noncompliance(findings: list[Finding], ctx: Context) -> list[Noncompliance]:
    """The open findings (pack ``enf.enforceable_statuses``) of SB 1383 generator
    obligations, grouped by the generator (a finding about an inspection or a report
    belongs to its subject) and the requirement: one notice answers a requirement's
    violation whatever its periods. Left out: the enforcement process's own
    requirements (the city's duties), and contamination, whose notices are
    ORG-CONTAMINATION-NOV's own track."""
    statuses = set(ctx.param("enf.enforceable_statuses"))
    groups: dict[tuple[str, str], Noncompliance] = {}
    generators: dict[str, str] = {}
    # whether each requirement is one whose open findings are grouped, decided once
    # per requirement rather than once per finding: a city's open findings are
    # hundreds of thousands, of a few dozen requirements, and the contamination test
    # matches each against the pack's patterns
    grouped: dict[str, bool] = {}
    for finding in findings:
        if finding.status not in statuses:
            continue
        requirement = finding.requirement
        kept = grouped.get(requirement)
        if kept is None:
            kept = grouped[requirement] = (
                requirement.startswith("ORG-")
                and requirement not in ENFORCEMENT_IDS
                and not is_contamination_requirement(requirement, ctx)
            )
        if not kept:
            continue
        generator = generators.get(finding.subject)
        if generator is None:
            generator = generators[finding.subject] = generator_of(finding.subject, ctx)
        key = (generator, finding.requirement)
        group = groups.get(key)
        if group is None:
            group = groups[key] = Noncompliance(*key)
        group.findings.append(finding)
        if finding.subject != group.subject and finding.subject not in group.events:
            group.events.append(finding.subject)
        if finding.period is not None and finding.period not in group.periods:
            group.periods.append(finding.period)
    for group in groups.values():
        group.periods.sort()
    return list(groups.values())


def notices_for(group: Noncompliance, kinds: Any, ctx: Context) -> list[Notice]:
    """Notices of the group's requirement served on the generator or on one of the
    events the findings are about, oldest first."""
    notices = [
        n
        for subject in (group.subject, *group.events)
        for n in ctx.referring("notice", "subject", subject)
        if n.requirement == group.requirement and n.kind in kinds
    ]
    return sorted(notices, key=lambda n: n.issued_on)


def arose_on(finding: Finding, ctx: Context) -> date | None:
    """The day an open finding's noncompliance began, where the records show it: the
    day after its deadline, or the day of the event it is about."""
    if finding.due is not None:
        return add_days(_date(finding.due), 1)
    fact = ctx.get(finding.subject)
    return fact.date_of() if fact is not None else None


def period_start(period: str | None) -> date | None:
    """The first day of a finding's period ("2024" or "2024-Q3"), where it has one."""
    if period is None:
        return None
    try:
        year, quarter = parse_period(period)
    except ValueError:
        return None
    return date(year, 1, 1) if quarter is None else quarter_start(year, quarter)


def finding_answered(finding: Finding, notices: list[Notice], ctx: Context) -> bool:
    """Whether a notice answers the finding's noncompliance: one issued on or after the
    day it began (a state the records do not date is answered by no past notice); one
    still standing, not yet complied with, on the day it began (a period that closed
    without the act while the notice ran its course is the noncompliance that notice
    answers, and its referral for a citation follows from it); or one whose compliance
    a correction records within the finding's period (the act the period asked for,
    done then, though no other record shows it)."""
    began = arose_on(finding, ctx)
    if began is not None and any(n.issued_on >= began for n in notices):
        return True
    if began is not None:
        for notice in notices:
            found = compliance(notice, ctx)
            if found is not None and notice.issued_on <= began <= found.on:
                return True
    start = period_start(finding.period)
    if start is None or finding.due is None:
        return False
    for notice in notices:
        found = compliance(notice, ctx)
        if found is not None and not found.by_act and start <= found.on <= _date(finding.due):
            return True
    return False


@rule("ORG-EDUCATION-PERIOD", on=FINDINGS)
def education_material(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """Ch. 50 SB 1383 enforcement (I): "if the city determines that [an] entity is not
    in compliance, it shall provide educational materials to the entity describing
    its obligations under this subchapter and a notice that … violations may be
    subject to administrative civil penalties starting on January 1, 2024."

    During the education period, for each SB 1383 requirement a subject is out of
    compliance with (contamination aside: ORG-CONTAMINATION-NOV takes educational
    material then): met by an ``education`` notice for that subject and requirement,
    else due."""
    start, penalties = ctx.param("org.in_force"), ctx.param("org.penalties_start")
    if not start <= ctx.as_of < penalties:
        return
    for group in noncompliance(findings, ctx):
        notices = notices_for(group, ("education",), ctx)
        if notices:
            yield met(
                f"{group.describe(ctx)} in the education period; educational material was "
                f"provided on {day(notices[-1].issued_on)}.",
                subject=group.subject,
            )
        else:
            yield due(
                f"{group.describe(ctx)} in the education period: provide educational material "
                f"and notice that penalties may apply from {day(penalties)}.",
                subject=group.subject,
            )


@rule("ORG-CIVIL-PENALTIES", on=FINDINGS)
def civil_penalties(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """Ch. 50 SB 1383 enforcement (J): "Beginning January 1, 2024, if the city
    determines that an organic waste generator, self-hauler, hauler, tier one or
    tier two commercial edible food generator, food recovery organization, food
    recovery service, or other entity is not in compliance with this subchapter, it
    shall document the noncompliance or violation, issue a Notice of Violation, and
    take enforcement action pursuant to this section, as needed."

    From penalties' start, for each SB 1383 requirement a subject is out of
    compliance with (contamination aside: its own track): met while a Notice of
    Violation for that subject and requirement stands (not yet complied with), or
    when every open finding began before a notice was since complied with (before it
    was issued, or while it stood); else due (a new Notice of Violation: none was
    issued, or the noncompliance is new since the last one was complied with)."""
    if ctx.as_of < ctx.param("org.penalties_start"):
        return
    kinds = ctx.param("enf.nov_kinds")
    for group in noncompliance(findings, ctx):
        notices = [n for n in notices_for(group, kinds, ctx) if not is_contamination_notice(n, ctx)]
        standing = [n for n in notices if compliance(n, ctx) is None]
        if standing:
            notice = standing[-1]
            due_on = ctx.derived("nov_compliance_due", notice)
            state = (
                f"gives until {day(due_on)} to comply"
                if due_on is not None and ctx.as_of <= due_on
                else "has not been complied with"
            )
            yield met(
                f"{group.describe(ctx)}; {name_of(ctx, notice)} was issued for it and {state}.",
                subject=group.subject,
            )
            continue
        if not notices:
            # no notice answers any of them: nothing to ask of each finding
            yield due(
                f"{group.describe(ctx)}: document the noncompliance and issue a notice of "
                "violation.",
                subject=group.subject,
            )
            continue
        new = [f for f in group.findings if not finding_answered(f, notices, ctx)]
        if new:
            last = notices[-1]
            yield due(
                f"{group.describe(ctx, new)} again since {name_of(ctx, last)} was complied with "
                f"({_complied_words(compliance(last, ctx))}): document it and issue a new "
                "notice of violation.",
                subject=group.subject,
            )
        else:
            last = notices[-1]
            yield met(
                f"{group.describe(ctx)}; {name_of(ctx, last)} was issued for it and complied "
                f"with ({_complied_words(compliance(last, ctx))}).",
                subject=group.subject,
            )


# --------------------------------------------------------------------------- records

records(
    "ORG-PENALTY-FACTORS",
    "The records system keeps, with each penalty decision, the factors of (F)(1)-(7) weighed "
    "(severity, ability to pay, willfulness, mitigation, economic benefit, deterrence, "
    "conditions outside control); the amount is a judgment no rule can make.",
)
records(
    "ORG-ENFORCEMENT-MONITORING",
    "The records system keeps each monitoring activity (random checks, compliance and route "
    "reviews, complaint investigations, inspections, remote monitoring) and each official "
    "notification of obligations; the inspections it records feed the other rules.",
)
