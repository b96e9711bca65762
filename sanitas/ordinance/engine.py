"""The engine: facts and an as-of date in, findings and derived values out.

Rules and derived values register here with :func:`rule` and :func:`derived`;
each area (``fog``, ``sewers``, ``permits``, ``solid_waste``, ``organics``,
``edible_food``, ``enforcement``, ``general``) holds one small function per
requirement ID, its docstring quoting the words it implements. A requirement the
records system tracks but no rule can compute registers with :func:`records`
and a reason. A waiver or an exemption is an :func:`exception` to a labelled rule
or derived value, declared beside it the way Catala writes ``exception``; the
engine applies it, and :func:`exceptions` lists every one.

This module is the kernel: it imports no area. The areas register themselves
when the package's loader (``rules``) imports them.

The engine is pure: no clock, no I/O, no web framework. The same facts and the
same as-of date always give the same findings, in the same order.
"""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from functools import cache, lru_cache, wraps
from itertools import starmap
from operator import attrgetter, itemgetter
from types import ModuleType
from typing import Any, NamedTuple

import msgspec
import orjson

from sanitas.ordinance.calendar import HolidayCalendar
from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.messages import Message, render
from sanitas.ordinance.pack import RulePack

STATUSES = ("met", "due", "overdue", "late", "violation")
OPEN_STATUSES = ("due", "overdue", "violation")

# --------------------------------------------------------------------------- outcomes


class Outcome(NamedTuple):
    """What a rule concludes about one subject; the engine stamps the requirement
    and its cite.

    ``explanation`` is what the recipient is told, in names and plain words;
    ``reading`` is the interpretation of the law the rule relied on, for staff
    (never inside the explanation); ``cite`` narrows the requirement's cite to the
    subdivision this outcome rests on, where a rule knows it."""

    status: str
    #: a :class:`~sanitas.ordinance.messages.Message`, or a str from a rule not yet
    #: converted to messages
    explanation: str | Message
    due: date | datetime | None = None
    period: str | None = None
    subject: str | None = None
    #: a :class:`~sanitas.ordinance.messages.Message`, or a str from a rule not yet
    #: converted, or None: most outcomes rely on no reading
    reading: str | Message | None = None
    cite: str | None = None


#: ``new_tuple(Outcome, (status, explanation, due, period, subject, reading, cite))``:
#: a named tuple made from all its fields at once. The helpers below and the hot
#: rules use it: a rule makes one outcome per period of every subject, and the named
#: tuple's constructor, with keywords, costs more calls each time.
new_tuple = tuple.__new__


def _outcome_of(status: str) -> Callable[..., Outcome]:
    """The constructor of outcomes with ``status``: positional arguments and a tuple
    built in place, as the rules call it for every finding."""

    def make(
        explanation: str,
        due: date | datetime | None = None,
        period: str | None = None,
        subject: str | None = None,
        reading: str | None = None,
        cite: str | None = None,
    ) -> Outcome:
        return new_tuple(Outcome, (status, explanation, due, period, subject, reading, cite))

    make.__name__ = make.__qualname__ = status
    return make


met = _outcome_of("met")
due = _outcome_of("due")
overdue = _outcome_of("overdue")
late = _outcome_of("late")
violation = _outcome_of("violation")


def deadline_status(due_on: date, done_on: date | None, as_of: date) -> str:
    """The status of an obligation due ``due_on``, done ``done_on`` (or not), as of a date:
    met if done by the due date, late if done after it, else due or overdue."""
    if done_on is not None and done_on <= as_of:
        return "met" if done_on <= due_on else "late"
    return "due" if as_of <= due_on else "overdue"


def deadline(
    *,
    due_on: date,
    done_on: date | None,
    as_of: date,
    explanation: str,
    period: str | None = None,
    subject: str | None = None,
    reading: str | None = None,
    cite: str | None = None,
) -> Outcome:
    status = deadline_status(due_on, done_on, as_of)
    return new_tuple(Outcome, (status, explanation, due_on, period, subject, reading, cite))


class Finding(NamedTuple):
    requirement: str
    subject: str
    status: str
    due: date | datetime | None
    period: str | None
    cite: str
    #: what the rule said: a :class:`~sanitas.ordinance.messages.Message` (rendered
    #: only where read, by :attr:`explanation`) or a str (a rule not yet converted)
    said: str | Message
    #: the reading relied on: a :class:`~sanitas.ordinance.messages.Message` (rendered
    #: only where read, by :attr:`reading_text`), a str (a rule not yet converted) or None
    reading: str | Message | None = None

    @property
    def explanation(self) -> str:
        """The explanation in English."""
        said = self[6]
        return said if type(said) is str else render(said)

    @property
    def reading_text(self) -> str | None:
        """The reading in English (None: the outcome relied on none)."""
        reading = self[7]
        return reading if reading is None or type(reading) is str else render(reading)

    @property
    def message(self) -> Message | None:
        """The explanation as a message with arguments, when the rule gave one."""
        said = self[6]
        return None if type(said) is str else said

    def as_dict(self) -> dict[str, Any]:
        return {
            "requirement": self.requirement,
            "subject": self.subject,
            "status": self.status,
            "due": _iso(self.due),
            "period": self.period,
            "cite": self.cite,
            "explanation": self.explanation,
            "reading": self.reading_text,
        }


class DataProblem(NamedTuple):
    """Facts that contradict each other (an event dated before the thing it belongs
    to existed): reported, never a violation, and the start of no clock. ``problem``
    is a :class:`~sanitas.ordinance.messages.Message`, or a str from a rule not yet
    converted; :attr:`text` is its English."""

    facts: tuple[str, ...]
    problem: str | Message

    @property
    def text(self) -> str:
        problem = self.problem
        return problem if type(problem) is str else render(problem)

    def as_dict(self) -> dict[str, Any]:
        return {"facts": list(self.facts), "problem": self.text}


class Derived(NamedTuple):
    subject: str
    name: str
    value: Any

    def as_dict(self) -> dict[str, Any]:
        return {"subject": self.subject, "name": self.name, "value": to_json_value(self.value)}


def _iso(value: date | datetime | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


_PLAIN = frozenset({str, int, bool, float, type(None)})


def to_json_value(value: Any) -> Any:
    """Dates as ``YYYY-MM-DD``, times as ``YYYY-MM-DDTHH:MM``, tuples as lists."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, date | datetime):
        return _iso(value)
    if isinstance(value, list | tuple):
        return [to_json_value(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json_value(v) for k, v in value.items()}
    if hasattr(value, "is_finite"):  # Decimal
        return int(value) if value == value.to_integral_value() else float(value)
    return value


# --------------------------------------------------------------------------- the fast path

#: whether evaluations take the fast path (collector paused, calendar memoised,
#: the hot rule families in one pass); :func:`reference_path` turns it off, so
#: that a test can compare the two outputs byte for byte
_FAST = True


@contextmanager
def reference_path() -> Iterator[None]:
    """Evaluate, for the duration, the plain way: the garbage collector left as it
    is, no calendar memo, every period of every rule computed on its own, every day
    the compliance search tries asked on its own. The findings are the same; only
    the time differs."""
    global _FAST
    from sanitas.ordinance import calendar

    was, was_memo = _FAST, calendar.memoised(False)
    _FAST = False
    try:
        yield
    finally:
        _FAST = was
        calendar.memoised(was_memo)


def on_fast_path() -> bool:
    """Whether the fast path is on (it is, but within :func:`reference_path`)."""
    return _FAST


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector paused for an evaluation, and restored after.

    An evaluation allocates a tuple and a string or two for every finding and frees
    almost nothing until it returns, and makes no reference cycles: each collection
    during it would scan the facts and the findings so far and free nothing (on a
    city of 20,000 establishments the collector's passes took a fifth of the time).
    Reference counting still frees whatever is dropped. When it is over, what was
    allocated meanwhile joins the oldest generation without a scan (``freeze`` then
    ``unfreeze``), so the collector does not walk every finding as soon as it runs
    again. That is done only after an evaluation that allocated some ten
    thousand objects or more (a small one leaves the collector little to walk), and not
    when something else keeps objects frozen: asking how many are frozen walks them
    all, some 23 ms for 700,000, which a page's evaluation of one group would pay
    each time in a process that froze its start-up objects."""
    if not _FAST or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        # the young generation's count: the objects allocated (less those freed)
        # since its last collection, which an evaluation with the collector off grows
        if gc.get_count()[0] >= _SETTLE_AFTER and gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        gc.enable()


#: the objects an evaluation leaves in the young generation past which
#: :func:`paused_gc` moves them to the oldest without a scan
_SETTLE_AFTER = 10_000


# --------------------------------------------------------------------------- registry

RuleFunc = Callable[..., Outcome | Iterable[Outcome] | None]


@dataclass(frozen=True)
class RuleSpec:
    requirement: str
    on: str
    func: RuleFunc
    phase: int = 1
    #: the narrowest printed section and subdivision this rule rests on, where the
    #: catalog's cite for the requirement is wider
    cite: str | None = None
    #: the name exceptions to this rule give (:func:`exception`), or None
    label: str | None = None

    @property
    def qualname(self) -> str:
        return _qualname(self.func)


@dataclass(frozen=True)
class DerivedSpec:
    name: str
    on: str
    func: Callable[[Any, Context], Any]
    requirement: str

    @property
    def qualname(self) -> str:
        return _qualname(self.func)

    @property
    def label(self) -> str:
        """A derived value is labelled by its name."""
        return self.name


def _qualname(func: Callable) -> str:
    """``fog:interceptor_required``: the function's area and its name."""
    return f"{_module_of(func).split('.', 1)[0]}:{func.__name__}"


def _module_of(func: Callable) -> str:
    """``fog.pretreatment`` for a function of ``sanitas.ordinance.fog.pretreatment``."""
    return func.__module__.removeprefix(_PACKAGE)


_PACKAGE = __name__.rsplit(".", 1)[0] + "."

RULES: list[RuleSpec] = []
DERIVED: dict[str, DerivedSpec] = {}
RECORDS: dict[str, str] = {}
#: every labelled rule and derived value, by label
LABELS: dict[str, RuleSpec | DerivedSpec] = {}
#: every exception, in the order declared
EXCEPTIONS: list[ExceptionSpec] = []
#: renewed at every registration, so that the rule plans cached below are renewed
_registry_version = 0

#: ``on=FINDINGS`` rules run after every other rule, once, over all findings
FINDINGS = "findings"


def _check_requirement(requirement: str) -> None:
    if requirement not in catalog():
        raise ValueError(f"{requirement!r} is not a requirement ID of requirements.md")


def rule(
    requirement: str, *, on: str, cite: str | None = None, label: str | None = None
) -> Callable[[RuleFunc], RuleFunc]:
    """Register a rule for ``requirement``, called once per fact of type ``on``
    (``fact, ctx``) — or, with ``on=FINDINGS``, once with every finding so far.
    ``cite`` names the narrowest printed section and subdivision the rule rests
    on, where it is narrower than the catalog's cite for the requirement (an
    outcome may narrow it further with its own ``cite``). ``label`` names the rule
    for the exceptions to it (:func:`exception`)."""
    _check_requirement(requirement)

    def register(func: RuleFunc) -> RuleFunc:
        spec = RuleSpec(requirement, on, func, 2 if on == FINDINGS else 1, cite, label)
        if label is not None:
            _label(label, spec)
        RULES.append(spec)
        _renew()
        return func

    return register


def derived(name: str, *, on: str, requirement: str) -> Callable:
    """Register a derived value ``name`` computed for every fact of type ``on``;
    its name is its label for the exceptions to it (:func:`exception`)."""
    _check_requirement(requirement)

    def register(func: Callable) -> Callable:
        if name in DERIVED:
            raise ValueError(f"derived value {name!r} registered twice")
        spec = DERIVED[name] = DerivedSpec(name, on, func, requirement)
        _label(name, spec)
        _renew()
        return func

    return register


def order_rules(areas: Iterable[ModuleType]) -> None:
    """Put the rules in the order of ``areas`` (the loader's), an area that is a
    package in the order of its ``SECTIONS``, and the rules of one module in the
    order they registered. It is the order in which the rules on facts run, and so
    the order in which a rule on findings reads the others' findings (an
    enforcement finding lists a subject's open requirements in it); the order of
    the imports does not enter into it."""
    rank: dict[str, int] = {}
    for area in areas:
        name = area.__name__.removeprefix(_PACKAGE)
        rank[name] = len(rank)
        for section in getattr(area, "SECTIONS", ()):
            rank[f"{name}.{section}"] = len(rank)
    unplaced = sorted({_module_of(spec.func) for spec in RULES} - rank.keys())
    if unplaced:
        raise ValueError(f"the loader places no module {', '.join(unplaced)} (an area's SECTIONS)")
    RULES.sort(key=lambda spec: rank[_module_of(spec.func)])
    _renew()


def _label(label: str, spec: RuleSpec | DerivedSpec) -> None:
    if label in LABELS:
        raise ValueError(f"the label {label!r} is given twice")
    LABELS[label] = spec


def _renew() -> None:
    global _registry_version
    _registry_version += 1


# --------------------------------------------------------------------------- exceptions


@dataclass(frozen=True)
class ExceptionSpec:
    """An exception to a labelled rule or derived value, as Catala writes
    ``exception``: where ``holds(fact, ctx)`` is true, the exception's consequence
    stands instead of what the rule (or the derived value) would conclude of that
    fact; elsewhere the rule decides as written.

    The consequence is ``then(fact, ctx)`` where given, else ``value``: for a rule,
    the outcome or outcomes it finds (None: no finding, the subject is exempt); for
    a derived value, the value."""

    label: str
    holds: Callable[[Any, Context], bool]
    cite: str
    then: Callable[[Any, Context], Any] | None = None
    value: Any = None

    @property
    def qualname(self) -> str:
        return _qualname(self.holds)

    @property
    def overrides(self) -> RuleSpec | DerivedSpec:
        return LABELS[self.label]

    @property
    def summary(self) -> str:
        """The first paragraph of the exception's docstring, on one line."""
        return " ".join((self.holds.__doc__ or "").strip().split("\n\n")[0].split())

    @property
    def consequence(self) -> str:
        """What the exception concludes, in words."""
        if self.then is not None:
            return " ".join((self.then.__doc__ or "").strip().split("\n\n")[0].split())
        if isinstance(self.overrides, RuleSpec):
            return "no finding" if self.value is None else repr(self.value)
        return f"{self.label} is {to_json_value(self.value)!r}"


def exception(
    label: str, *, cite: str, then: Callable[[Any, Context], Any] | None = None, value: Any = None
) -> Callable[[Callable[[Any, Context], bool]], Callable[[Any, Context], bool]]:
    """Declare the decorated function (``fact, ctx`` → whether it holds) an exception
    to the rule or derived value labelled ``label``, resting on ``cite``; its
    consequence is ``then(fact, ctx)``, or ``value`` (by default None: for a rule,
    no finding). The labelled definition is declared first, as the law states the
    general rule before its exceptions. Exceptions to one label are tried in the
    order declared, and the first that holds decides."""

    def register(holds: Callable[[Any, Context], bool]) -> Callable[[Any, Context], bool]:
        target = LABELS.get(label)
        if target is None:
            raise ValueError(
                f"{_qualname(holds)}: no rule or derived value is labelled {label!r} "
                "(an exception is declared after the definition it is an exception to)"
            )
        spec = ExceptionSpec(label, holds, cite, then, value)
        EXCEPTIONS.append(spec)
        own = [e for e in EXCEPTIONS if e.label == label]
        if len(own) == 1:  # the first: the definition decides through its exceptions
            decide = _with_exceptions(target.func, own)
            if isinstance(target, RuleSpec):
                RULES[RULES.index(target)] = LABELS[label] = replace(target, func=decide)
            else:
                DERIVED[label] = LABELS[label] = replace(target, func=decide)
        else:
            _EXCEPTIONS_OF[label].append(spec)
        _renew()
        return holds

    return register


#: each label's exceptions, as its deciding function reads them
_EXCEPTIONS_OF: dict[str, list[ExceptionSpec]] = {}


def _with_exceptions(base: Callable, own: list[ExceptionSpec]) -> Callable:
    """``base`` with its exceptions: the first that holds gives the consequence."""
    tried = _EXCEPTIONS_OF[own[0].label] = list(own)

    @wraps(base)
    def decide(fact: Any, ctx: Context) -> Any:
        for spec in tried:
            if spec.holds(fact, ctx):
                return spec.then(fact, ctx) if spec.then is not None else spec.value
        return base(fact, ctx)

    return decide


def exceptions() -> list[ExceptionSpec]:
    """Every exception declared, by the label it overrides, then as declared."""
    order = {label: position for position, label in enumerate(LABELS)}
    return sorted(EXCEPTIONS, key=lambda e: order[e.label])


def records(requirement: str, reason: str) -> None:
    """Declare ``requirement`` tracked by the records system, with no computable rule."""
    _check_requirement(requirement)
    RECORDS[requirement] = reason


# --------------------------------------------------------------------------- the facts, indexed


class FactIndex:
    """The facts visible on the as-of date, indexed by id, by type and by reference.

    Lookups are by key, never by scanning: evaluating N subjects costs O(N).
    """

    def __init__(self, facts: Iterable[Fact]) -> None:
        self.by_id: dict[str, Fact] = {}
        self.by_type: dict[str, list[Fact]] = defaultdict(list)
        refs: dict[tuple[str, str, str], list[Fact]] = defaultdict(list)
        by_id, by_type = self.by_id, self.by_type
        for fact in facts:
            if fact.id is not None:
                by_id[fact.id] = fact
            kind = fact.type
            by_type[kind].append(fact)
            for field_name in fact.references:
                target = getattr(fact, field_name)
                if target is not None:
                    refs[(kind, field_name, target)].append(fact)
            for field_name in fact.list_references:
                for target in getattr(fact, field_name) or ():
                    refs[(kind, field_name, target)].append(fact)
        for group in refs.values():
            if len(group) > 1:
                dated_by = group[0].dated_by
                if dated_by is not None:
                    group.sort(key=_undated_first(dated_by))
        self._refs = refs

    def get(self, ident: str | None) -> Fact | None:
        return None if ident is None else self.by_id.get(ident)

    def of_type(self, type_name: str) -> list[Fact]:
        return self.by_type.get(type_name, [])

    def referring(self, type_name: str, field_name: str, ident: str | None) -> list[Fact]:
        """Facts of ``type_name`` whose ``field_name`` names ``ident``, oldest first."""
        if ident is None:
            return []
        return self._refs.get((type_name, field_name, ident), [])


def _undated_first(field_name: str) -> Callable[[Fact], tuple]:
    """Sort key by a fact's date field; facts without a date come first (never latest)."""
    get = attrgetter(field_name)

    def key(fact: Fact) -> tuple:
        day = get(fact)
        return (False, 0) if day is None else (True, day)

    return key


def visible(facts: Iterable[Fact], as_of: date) -> list[Fact]:
    """The facts that had happened by the as-of date (a fact dated later has not)."""
    out = []
    append = out.append
    for fact in facts:
        name = fact.dated_by
        if name is not None:
            day = getattr(fact, name)
            if day is not None:
                if isinstance(day, datetime):
                    day = day.date()
                if day > as_of:
                    continue
        append(fact)
    return out


# --------------------------------------------------------------------------- context


class Context:
    """What a rule sees: the facts, the as-of date, the rule pack, the calendar.

    Its lookups are on the hot path of every rule, so they are plain dictionary
    reads; parameter values and derived values are computed once per evaluation.
    """

    __slots__ = (
        "_by_id",
        "_derived",
        "_memos",
        "_params",
        "_problems",
        "_refs",
        "as_of",
        "calendar",
        "facts",
        "fast",
        "pack",
    )

    def __init__(
        self, *, facts: FactIndex, as_of: date, pack: RulePack, calendar: HolidayCalendar
    ) -> None:
        self.facts = facts
        self.as_of = as_of
        self.pack = pack
        self.calendar = calendar
        self._derived: dict[tuple[str, Any], Any] = {}
        self._params = _values_of(pack)
        self._by_id = facts.by_id
        self._refs = facts._refs
        self._memos: dict[str, dict] = {}
        self._problems: dict[DataProblem, None] = {}
        #: whether the rules may take their fast path (see :func:`reference_path`)
        self.fast = _FAST

    def data_problem(self, facts: Iterable[str | Fact | None], problem: str | Message) -> None:
        """Report facts that contradict each other. The rule that finds them starts
        no clock on them; the same problem reported twice (by two rules, or a
        derived value and a rule) is listed once."""
        names = tuple(
            name
            for name in (f if isinstance(f, str) or f is None else _subject_of(f) for f in facts)
            if name is not None
        )
        self._problems[DataProblem(names, problem)] = None

    def memo(self, namespace: str) -> dict:
        """A dictionary that lives for this evaluation, for values a rule module
        computes once and reuses (e.g. an employee's trainings, classified)."""
        try:
            return self._memos[namespace]
        except KeyError:
            memo = self._memos[namespace] = {}
            return memo

    def param(self, name: str, on: date | None = None) -> Any:
        """The pack's value of ``name`` in effect on ``on`` (default: the as-of date)."""
        key = (name, self.as_of if on is None else on)
        try:
            return self._params[key]
        except KeyError:
            value = self._params[key] = self.pack.param(name).on(key[1])
            return value

    def reference(self, name: str) -> str:
        return self.pack.param(name).reference

    def derived(self, name: str, fact: Fact) -> Any:
        key = (name, fact.id or id(fact))
        try:
            return self._derived[key]
        except KeyError:
            value = self._derived[key] = DERIVED[name].func(fact, self)
            return value

    def get(self, ident: str | None) -> Fact | None:
        return None if ident is None else self._by_id.get(ident)

    def of_type(self, type_name: str) -> list[Fact]:
        return self.facts.by_type.get(type_name, [])

    def referring(self, type_name: str, field_name: str, ident: str | None) -> list[Fact]:
        """Facts of ``type_name`` whose ``field_name`` names ``ident``, oldest first."""
        if ident is None:
            return []
        return self._refs.get((type_name, field_name, ident), _EMPTY)


_EMPTY: list[Fact] = []

#: each pack's parameter values by (name, day), shared by its evaluations (a sweep
#: makes one per subject group); the pack is kept with them, so its id stays its own
_PACK_VALUES: dict[int, tuple[RulePack, dict[tuple[str, date], Any]]] = {}


def _values_of(pack: RulePack) -> dict[tuple[str, date], Any]:
    kept = _PACK_VALUES.get(id(pack))
    if kept is None or kept[0] is not pack:
        if len(_PACK_VALUES) > 64:  # packs loaded again and again (tests): start over
            _PACK_VALUES.clear()
        kept = _PACK_VALUES[id(pack)] = (pack, {})
    return kept[1]


# --------------------------------------------------------------------------- evaluation


@dataclass
class Evaluation:
    as_of: date
    jurisdiction: str
    findings: list[Finding]
    derived: list[Derived]
    data_problems: list[DataProblem] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        with paused_gc():
            return {
                "as_of": self.as_of.isoformat(),
                "jurisdiction": self.jurisdiction,
                "findings": finding_dicts(self.findings),
                "derived": [
                    {"subject": subject, "name": name, "value": to_json_value(value)}
                    for subject, name, value in self.derived
                ],
                "data_problems": [p.as_dict() for p in self.data_problems],
            }

    def as_json(self) -> bytes | bytearray:
        """``orjson.dumps(self.as_dict())``, the same bytes, made with less memory.

        A city's findings are most of the output (318 MB for 20,000
        establishments), and on these machines what costs is the memory: building
        a dictionary per finding, then writing them, touches some 600 MB that
        nothing held before, and each new page costs the kernel a fault. On the
        fast path each finding becomes a small struct without a dictionary (a
        fifth of the memory) that msgspec writes with the fields in the order of
        ``Finding.as_dict``, straight into the buffer that holds the rest, which
        orjson writes as before (derived values may hold numbers, and the two
        libraries write some large ones differently; findings hold only text,
        nulls and dates). The output is returned as the buffer it was written
        in: making it ``bytes`` would copy it once more."""
        if not _FAST:
            return orjson.dumps(self.as_dict())
        with paused_gc():
            findings = _finding_structs(self.findings)
            if findings is None:
                return orjson.dumps(self.as_dict())
            head = orjson.dumps(
                {"as_of": self.as_of.isoformat(), "jurisdiction": self.jurisdiction}
            )
            out = bytearray(head[:-1])
            out += b',"findings":'
            _ENCODER.encode_into(findings, out, len(out))
            del findings
            out += b',"derived":'
            out += orjson.dumps(
                [
                    {"subject": subject, "name": name, "value": to_json_value(value)}
                    for subject, name, value in self.derived
                ]
            )
            out += b',"data_problems":'
            out += orjson.dumps([p.as_dict() for p in self.data_problems])
            out += b"}"
            return out


class _FindingOut(msgspec.Struct, gc=False):
    """A finding as the JSON output writes it, in the order of ``Finding.as_dict``:
    built from the finding's tuple in one call, and holding no dictionary."""

    requirement: str
    subject: str
    status: str
    due: Any
    period: Any
    cite: str
    explanation: str
    reading: Any


_ENCODER = msgspec.json.Encoder()
_DUE = itemgetter(3)  # of a finding
_SAID = itemgetter(6)  # of a finding: its explanation, a str or a Message
_STR_ONLY = frozenset({str})
_READING = itemgetter(7)  # of a finding: its reading, a str, a Message or None
_READING_TYPES = frozenset({str, type(None)})
_DUE_TYPES = frozenset({date, datetime, type(None)})


def _finding_structs(findings: list[Finding]) -> list[_FindingOut] | None:
    """The findings as :class:`_FindingOut`, their dues as ``_iso`` writes them: msgspec
    writes a date as ``YYYY-MM-DD`` as ``_iso`` does, but a time with its seconds,
    so the few dues that are times are written here. None when a due is of another
    type (the dictionaries then show what it is)."""
    kinds = list(map(type, map(_DUE, findings)))
    seen = set(kinds)
    if not _DUE_TYPES.issuperset(seen):
        return None
    out = list(starmap(_FindingOut, findings))
    if not _STR_ONLY.issuperset(map(type, map(_SAID, findings))):
        for one in out:
            if type(one.explanation) is not str:
                one.explanation = render(one.explanation)
    if not _READING_TYPES.issuperset(map(type, map(_READING, findings))):
        for one in out:
            if type(one.reading) not in _READING_TYPES:
                one.reading = render(one.reading)
    if datetime in seen:
        position = -1
        find = kinds.index
        while True:
            try:
                position = find(datetime, position + 1)
            except ValueError:
                break
            out[position].due = _iso(findings[position][3])
    return out


def finding_dicts(findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """``[f.as_dict() for f in findings]``, in one pass: a city's findings fall due
    on a few hundred distinct days, each written out once."""
    if not _FAST:
        return [f.as_dict() for f in findings]
    days: dict[Any, str | None] = {None: None}
    out = []
    append = out.append
    for requirement, subject, status, due_on, period, cite, explanation, reading in findings:
        try:
            when = days[due_on]
        except KeyError:
            when = days[due_on] = _iso(due_on)
        append(
            {
                "requirement": requirement,
                "subject": subject,
                "status": status,
                "due": when,
                "period": period,
                "cite": cite,
                "explanation": explanation if type(explanation) is str else render(explanation),
                "reading": reading if reading is None or type(reading) is str else render(reading),
            }
        )
    return out


def _outcomes(result: Outcome | Iterable[Outcome] | None) -> Iterator[Outcome]:
    if result is None:
        return
    if isinstance(result, Outcome):
        yield result
    else:
        yield from result


def _subject_of(fact: Fact) -> str:
    if fact.id is not None:
        return fact.id
    for field_name in fact.references:
        target = getattr(fact, field_name)
        if target is not None:
            return target
    raise ValueError(f"a {fact.type} fact with no id and no reference cannot be a subject")


def evaluate_facts(
    facts: Iterable[Fact],
    *,
    as_of: date,
    pack: RulePack,
    holidays: list[date] | None = None,
    report_derived: bool = True,
    only: Iterable[str] | None = None,
    context: Iterable[str] = (),
) -> Evaluation:
    """Apply the law of ``pack`` to ``facts`` as of ``as_of``. With
    ``report_derived=False`` the derived values are computed only as the rules ask
    for them, and none is reported: the findings are the same. ``only`` names the
    requirements whose rules run (all, by default): a benchmark of one rule.

    ``context`` names facts that are there only for what the rules on the others
    read of them (the records a sweep lends a subject group, whose findings are
    their own group's): no rule runs on them. Rules on the other facts may still
    find about them, as about any subject they name. The sweep relies on no rule on
    a type it lends finding about another subject (``tests/records/
    test_sweep_batches.py`` compares its groups' findings with and without)."""
    chosen = None if only is None else frozenset(only)
    with paused_gc():
        return _evaluate(facts, as_of, pack, holidays, report_derived, chosen, frozenset(context))


def _evaluate(
    facts: Iterable[Fact],
    as_of: date,
    pack: RulePack,
    holidays: list[date] | None,
    report_derived: bool,
    only: frozenset[str] | None = None,
    context: frozenset[str] = frozenset(),
) -> Evaluation:
    index = FactIndex(visible(facts, as_of))
    ctx = Context(facts=index, as_of=as_of, pack=pack, calendar=pack.calendar(holidays))

    derived_values = _reported_derived(index, ctx) if report_derived else []

    findings: list[Finding] = []
    add = findings.append
    by_type = index.by_type
    if context:
        # the facts rules run on: each type's, less those there only as context
        by_type = {
            kind: [fact for fact in of_kind if fact.id not in context]
            for kind, of_kind in by_type.items()
        }
    known = _KNOWN_STATUSES
    for requirement, cite, func, on in _fact_rules(frozenset(by_type), _registry_version):
        if only is not None and requirement not in only:
            continue
        for fact in by_type[on]:
            result = func(fact, ctx)
            if result is None:
                continue
            if type(result) is Outcome:
                result = (result,)
            own = fact.id
            # the tuple built in place: _finding's checks, without a call per finding
            for status, explanation, due_on, period, subject, reading, narrower in result:
                if status not in known:
                    raise ValueError(f"{requirement}: unknown status {status!r}")
                if subject is None:
                    subject = own if own is not None else _subject_of(fact)
                add(
                    new_tuple(
                        Finding,
                        (
                            requirement,
                            subject,
                            status,
                            due_on,
                            period,
                            narrower or cite,
                            explanation,
                            reading,
                        ),
                    )
                )
    for requirement, cite, func in _findings_rules(_registry_version):
        if only is not None and requirement not in only:
            continue
        for outcome in _outcomes(func(list(findings), ctx)):
            add(_finding(requirement, cite, outcome, None))

    # by subject, then requirement; the sort is stable, so within one requirement the
    # order is the rules' own (periods in order), and the same input gives the same
    # output. Two stable sorts on one key each (requirement, then subject) give that
    # order in half the time of one sort on a key of both.
    findings.sort(key=_REQUIREMENT)
    findings.sort(key=_SUBJECT)
    # the derived values are made name by name (``_derived_specs``): by subject, then name
    derived_values.sort(key=_SUBJECT_OF_DERIVED)
    problems = sorted(ctx._problems, key=_by_facts_and_problem)
    return Evaluation(as_of, pack.jurisdiction, findings, derived_values, problems)


def _reported_derived(index: FactIndex, ctx: Context) -> list[Derived]:
    """Every derived value of every fact that has an id, name by name. A value is
    reported on a fact that can be named; an event without an id still feeds the
    rules that ask for it. On the fast path the values are read from and written to
    the context's memo here, as ``Context.derived`` does, without a call per value
    (a city of 20,000 establishments reports 245,076)."""
    out: list[Derived] = []
    if not _FAST:
        for spec in _derived_specs():
            for fact in index.of_type(spec.on):
                if fact.id is not None:
                    out.append(Derived(fact.id, spec.name, ctx.derived(spec.name, fact)))
        return out
    add = out.append
    memo = ctx._derived
    missing = _MISSING
    for spec in _derived_specs():
        name, func = spec.name, spec.func
        for fact in index.by_type.get(spec.on, _EMPTY):
            ident = fact.id
            if ident is None:
                continue
            key = (name, ident)
            value = memo.get(key, missing)
            if value is missing:
                value = memo[key] = func(fact, ctx)
            add(new_tuple(Derived, (ident, name, value)))
    return out


_MISSING = object()


@cache
def _cites() -> dict[str, str]:
    return {ident: req.cite for ident, req in catalog().items()}


@lru_cache(maxsize=4096)
def _fact_rules(types: frozenset[str], _registered: int) -> list[tuple[str, str, RuleFunc, str]]:
    """The rules on facts that apply to facts of ``types``, in the order they were
    registered, with their cites. A city's subject groups hold a few combinations
    of types, so a group's evaluation looks only at the rules that can apply to
    it; ``_registered`` (the registry's version) renews the plan when rules or
    exceptions are added."""
    cites = _cites()
    return [
        (spec.requirement, spec.cite or cites[spec.requirement], spec.func, spec.on)
        for spec in RULES
        if spec.phase == 1 and spec.on in types
    ]


@lru_cache(maxsize=8)
def _findings_rules(_registered: int) -> list[tuple[str, str, RuleFunc]]:
    """The rules on findings, run once all the others have found theirs."""
    cites = _cites()
    return [
        (spec.requirement, spec.cite or cites[spec.requirement], spec.func)
        for spec in RULES
        if spec.phase == 2
    ]


def _derived_specs() -> list[DerivedSpec]:
    return sorted(DERIVED.values(), key=attrgetter("name"))


_KNOWN_STATUSES = frozenset(STATUSES)
_REQUIREMENT = itemgetter(0)  # of a finding
_SUBJECT = itemgetter(1)  # of a finding
_SUBJECT_OF_DERIVED = itemgetter(0)


def _by_facts_and_problem(problem: DataProblem) -> tuple[tuple[str, ...], str]:
    """Data problems in the order of their records, then of their English."""
    return problem.facts, problem.text


def _finding(requirement: str, cite: str, outcome: Outcome, fact: Fact | None) -> Finding:
    status, explanation, due_on, period, subject, reading, narrower = outcome
    if status not in _KNOWN_STATUSES:
        raise ValueError(f"{requirement}: unknown status {status!r}")
    if subject is None:
        if fact is None:
            raise ValueError(f"{requirement}: a findings rule must name the subject")
        subject = fact.id if fact.id is not None else _subject_of(fact)
    return Finding(
        requirement, subject, status, due_on, period, narrower or cite, explanation, reading
    )
