"""Ch. 50 SB 1383 enforcement (D)(4)-(5) and (G): a Notice of Violation's 60 days and
its extensions (ORG-NOV-60-DAYS, ORG-EXTENSION), the act it demanded as the
records show it, and its referral for a citation (ORG-CITATION).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, get_args

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.enforcement.common import (
    ENFORCEMENT_IDS,
    corrections_of,
    day_of,
    enforcement_cite,
    first_correction,
    granted_extensions,
    is_contamination_notice,
    is_org,
    notice_ref,
    reason_ref,
)
from sanitas.ordinance.enforcement.vocabulary import REASON_PARTS, Extension
from sanitas.ordinance.engine import (
    FINDINGS,
    RULES,
    Context,
    FactIndex,
    Outcome,
    RuleSpec,
    deadline,
    derived,
    due,
    met,
    overdue,
    rule,
    violation,
)
from sanitas.ordinance.facts import FACT_TYPES, Fact
from sanitas.ordinance.general import Citation, Correction, Notice, memo
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Day, Message, Phrase, Title, declare

# --------------------------------------------------------------------------- deadlines

_DEADLINE_BEFORE_ISSUE = declare(
    "enf.problem.deadline-before-issue", "{notice} sets a deadline of {date}, before it was issued."
)


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
                _DEADLINE_BEFORE_ISSUE(
                    notice=notice_ref(notice, ctx, capital=True), date=Day(notice.due_on)
                ),
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


_BASIS_EXTENDED = declare("enf.basis.extended", "by {due}, as extended on {date} for {reason}")
_BASIS_OWN = declare("enf.basis.own", "by its own deadline of {due}")
#: the English says "days" whatever the number (the pack's 60); the catalogs by the plural
_BASIS_DAYS = declare(
    "enf.basis.days",
    "within {days} days, by {due}",
    plural="within {days} days, by {due}",
    count="days",
)


def deadline_basis(notice: Notice, ctx: Context) -> Phrase:
    """How the notice's deadline was set, for an explanation: "within 60 days, by
    2024-04-30"."""
    extension = extension_in_force(notice, ctx)
    if extension is not None:
        return Phrase(
            _BASIS_EXTENDED(
                due=Day(extension.new_due_on),
                date=Day(extension.date),
                reason=reason_ref(extension.reason),
            )
        )
    if notice.due_on is not None:
        return Phrase(_BASIS_OWN(due=Day(notice.due_on)))
    days = ctx.param("enf.nov_compliance_days", on=notice.issued_on)
    return Phrase(_BASIS_DAYS(days=days, due=Day(ctx.derived("nov_compliance_due", notice))))


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


def context_on(when: date, ctx: Context) -> Context:
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
    return _outcomes_in(notice, context_on(when, ctx))


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
    latest = max((day_of(o.due) for o in done if o.period is not None and o.due), default=None)
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
            and day_of(outcome.due) < answered_before
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


ACT_READING = declare(
    "enf.reading.complied-by-act",
    "A notice is complied with when the records show the act it demanded, by the "
    "requirement's own rules applied to the records as they stood on each day, with no "
    "correction record needed; a period missed before the notice is answered by the act done "
    "in a later period due since it, and so is a quarter or year missed since, whose act can "
    "no longer be done.",
)()


_COMPLIED_BY_ACT = declare("enf.complied.act", "the records show compliance from {date}")
_COMPLIED_RECORDED = declare("enf.complied.recorded", "compliance was recorded on {date}")


def complied_words(found: Compliance) -> Phrase:
    """How a notice was complied with, as a clause: "the records show compliance from
    2024-04-02", "compliance was recorded on 2024-04-02"."""
    made = _COMPLIED_BY_ACT if found.by_act else _COMPLIED_RECORDED
    return Phrase(made(date=Day(found.on)))


# --------------------------------------------------------------------------- notices of violation


def sixty_day_notice(notice: Notice, ctx: Context) -> bool:
    """An NOV of an SB 1383 requirement other than contamination: (D)(4)'s clock."""
    return (
        is_org(notice.requirement)
        and notice.kind == "nov"
        and not is_contamination_notice(notice, ctx)
    )


_REQUIRED = "{notice} required compliance with {requirement} {basis}; "
_NOV_WITHIN = declare("enf.nov.complied", _REQUIRED + "{complied}.")
_NOV_LATE = declare("enf.nov.complied-late", _REQUIRED + "{complied}, after the deadline.")
_NOV_OUTSTANDING = declare("enf.nov.outstanding", _REQUIRED + "compliance is outstanding.")
_NOV_PASSED = declare(
    "enf.nov.passed", _REQUIRED + "the deadline passed with no compliance on record."
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
    if not sixty_day_notice(notice, ctx):
        return None
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is None:
        return None  # a deadline set before the notice: a data problem, no clock
    found = compliance(notice, ctx)
    head = {
        "notice": notice_ref(notice, ctx, capital=True),
        "requirement": Title(notice.requirement, lower=True),
        "basis": deadline_basis(notice, ctx),
    }
    explanation: Message
    if found is not None and found.on <= due_on:
        explanation = _NOV_WITHIN(**head, complied=complied_words(found))
    elif found is not None:
        explanation = _NOV_LATE(**head, complied=complied_words(found))
    elif ctx.as_of <= due_on:
        explanation = _NOV_OUTSTANDING(**head)
    else:
        explanation = _NOV_PASSED(**head)
    return deadline(
        due_on=due_on,
        done_on=found.on if found is not None else None,
        as_of=ctx.as_of,
        explanation=explanation,
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


LATE_READING = declare(
    "enf.reading.late-compliance",
    'Compliance after the deadline does not end the referral: the words "absent compliance '
    '… within the deadline" make compliance within it what avoids the citation.',
)()
LATE_ENDS_READING = declare(
    "enf.reading.late-correction-ends",
    "A correction after the deadline, before any citation, ends the referral.",
)()


_PASSED = "{notice} passed its deadline of {due} without compliance"
#: the head of a referral, by whether compliance came late
_HEADS = {False: _PASSED, True: _PASSED + ", which came only on {late}"}
_REFERRAL_FOLLOWED = declare("enf.referral.followed", _PASSED + "; {citation} followed.")
_REFERRAL_ENDED = declare(
    "enf.referral.late-ends", _HEADS[True] + "; the late compliance ends the referral."
)
_REFER_FROM = {
    late: declare(
        "enf.referral.from" + ("-late" if late else ""),
        head + ": refer it for an administrative citation once penalties may be imposed, "
        "from {start}.",
    )
    for late, head in _HEADS.items()
}
_REFER = {
    late: declare(
        "enf.referral.refer" + ("-late" if late else ""),
        head + ": refer it for an administrative citation.",
    )
    for late, head in _HEADS.items()
}


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
    if not sixty_day_notice(notice, ctx):
        return None
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is None or ctx.as_of <= due_on:
        return None
    found = compliance(notice, ctx)
    if found is not None and found.on <= due_on:
        return None  # complied within the deadline: nothing to refer
    named = notice_ref(notice, ctx, capital=True)
    head = {"notice": named, "due": Day(due_on)}
    late = found is not None
    if found is not None:
        head["late"] = Day(found.on)
    citations = citations_answering(notice, ctx)
    if citations:
        first = citations[0]
        lapsed_on = deadline_on(notice, first.issued_on, ctx)
        return met(
            _REFERRAL_FOLLOWED(notice=named, due=Day(lapsed_on), citation=ref(ctx, first)),
            due=lapsed_on,
        )
    if found is not None and ctx.param("enf.late_correction_ends_referral"):
        return met(_REFERRAL_ENDED(**head), due=due_on, reading=LATE_ENDS_READING)
    reading = LATE_READING if found is not None else None
    start = ctx.param("org.penalties_start")
    if ctx.as_of < start:
        return due(_REFER_FROM[late](**head, start=Day(start)), due=start, reading=reading)
    return overdue(_REFER[late](**head), due=due_on, reading=reading)


@rule("ORG-NOV-60-DAYS", on="correction")
def correction_dates(correction: Correction, ctx: Context) -> None:
    """A correction dated before the SB 1383 notice it answers is a data problem
    (reported by ``corrections_of``); it records no compliance and ends no clock."""
    notice = ctx.get(correction.notice)
    if notice is not None and is_org(notice.requirement):
        corrections_of(notice, ctx)


_EXTENSION = "{extension} for {reason} "
_EXTENDS_NOTHING = declare(
    "enf.extension.no-deadline",
    _EXTENSION + "extends nothing: {notice} sets no compliance deadline.",
)
_NOT_LATER = declare(
    "enf.extension.not-later",
    _EXTENSION + "sets {new}, not later than the deadline of {prior} it would replace, so it "
    "extends nothing.",
)
_MOVES = declare(
    "enf.extension.moves",
    _EXTENSION + "moves the compliance deadline of {notice} from {prior} to {new}.",
)


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
    what = {"extension": ref(ctx, extension, capital=True), "reason": reason_ref(extension.reason)}
    if original_deadline(notice, ctx) is None:
        return violation(_EXTENDS_NOTHING(**what, notice=notice_ref(notice, ctx)), cite=cite)
    prior = max([original_deadline(notice, ctx), *(e.new_due_on for e in granted[:place])])
    if extension.new_due_on <= prior:
        return violation(
            _NOT_LATER(**what, new=Day(extension.new_due_on), prior=Day(prior)), cite=cite
        )
    return met(
        _MOVES(
            **what,
            notice=notice_ref(notice, ctx),
            prior=Day(prior),
            new=Day(extension.new_due_on),
        ),
        cite=cite,
    )
