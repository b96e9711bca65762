"""A notice's legal terms, in one pure call: :func:`notice_terms`.

For a kind of document (``notice_kinds.yaml``), the finding it answers, the records,
the day of service and the rule pack, the call says what the document may say in law
and whether it may issue that day:

- the deadline: a date counted from service, "immediately" where the section says so
  (with the day the pack's reading of the word gives), a condition with no date
  (before work under a lapsed permit is recommenced), or none. Never more time than
  the section allows: where it says "immediately" the served notice's engine fact
  carries that day as its ``due_on``, so that the engine follows it;
- the correction the section requires (a message id and its arguments: the words
  are the app's, in every language), never one the records show already made;
- the consequences the section carries, and only those: the SB 1383 ladder's step
  and ceiling (and whether a higher step follows), contamination fines, FOG
  noncompliance charges, the misdemeanor of the requirement's own penalty section
  where the engine would refer the violation (GEN-PENALTY-MISDEMEANOR), no
  certificate of final inspection, a void permit;
- the review or appeal it offers and by when, and the sections quoted with their
  words;
- ``refusals``: each reason the document may not issue on that day (the records
  show the correction already made; a citation before the notice's deadline has
  passed uncorrected, or after it was complied with or extended; a ceiling of $0
  or an amount above it; no lawful recipient; a certificate for work not ready).

No Django, no I/O beyond this package's own data file, no clock: the day of service
is an argument.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.catalog import catalog, title
from sanitas.ordinance.engine import (
    RULES,
    Context,
    FactIndex,
    Finding,
    evaluate_facts,
    to_json_value,
    visible,
)
from sanitas.ordinance.facts import Fact, parse_facts
from sanitas.ordinance.naming import subject_said
from sanitas.ordinance.pack import RulePack
from sanitas.ordinance.words import dollars, name_of, requirement_words
from sanitas.ordinance.yamlio import load_yaml

HERE = Path(__file__).parent
KINDS_FILE = HERE / "notice_kinds.yaml"

#: the statuses of a finding that a correction can still answer
OPEN_STATUSES = ("violation", "overdue", "due")
#: the deadline rules a kind or a requirement may name
DEADLINE_RULES = ("engine", "days", "immediately", "before_work", "next_collection", "none")
#: the message id of the sentence that states each deadline rule (none: no sentence)
DEADLINE_MESSAGES = {
    "engine": "within_days",
    "days": "within_days",
    "immediately": "immediately",
    "before_work": "before_work",
    "next_collection": "next_collection",
    "none": None,
}


class TermsError(ValueError):
    """A call that names no document the law knows (an unknown kind, a subject not on
    record, a citation of no notice); ``problems`` says why, one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


# --------------------------------------------------------------------------- the kinds, in law


@dataclass(frozen=True)
class KindLaw:
    """One kind of document, in law (an entry of ``notice_kinds.yaml``)."""

    key: str
    name: str
    requirements: tuple[str, ...]
    excepted: tuple[str, ...]
    parameter: str | None
    statuses: tuple[str, ...]
    fact: Mapping[str, str]
    recipient: str
    deadline: Mapping[str, Any]
    correction: str
    consequences: tuple[str, ...]
    appeal: str
    authority: Mapping[str, str] | None

    @property
    def fact_type(self) -> str:
        return self.fact["type"]

    def answers_requirement(self, requirement: str, pack: RulePack, on: date) -> bool:
        """Whether the kind answers findings of ``requirement`` (any status)."""
        from sanitas.ordinance.enforcement.common import ENFORCEMENT_IDS

        patterns = pack.value(self.parameter, on) if self.parameter else self.requirements
        if not any(fnmatchcase(requirement, p) for p in patterns):
            return False
        if any(fnmatchcase(requirement, p) for p in self.excepted):
            return False
        if self.key == "sb1383_nov":
            contamination = pack.value("enf.contamination_notice_requirements", on)
            return requirement not in ENFORCEMENT_IDS and not any(
                fnmatchcase(requirement, p) for p in contamination
            )
        return True

    def answers(self, requirement: str, status: str | None, pack: RulePack, on: date) -> bool:
        return status in self.statuses and self.answers_requirement(requirement, pack, on)


@dataclass(frozen=True)
class Variation:
    """What differs from a kind's defaults for some requirements (``requirements:``)."""

    match: tuple[str, ...]
    excepted: tuple[str, ...]
    kinds: tuple[str, ...]
    subject_type: str | None
    changes: Mapping[str, Any]

    def applies(self, kind: str, requirement: str, subject_type: str | None) -> bool:
        return (
            kind in self.kinds
            and any(fnmatchcase(requirement, p) for p in self.match)
            and not any(fnmatchcase(requirement, p) for p in self.excepted)
            and (self.subject_type is None or self.subject_type == subject_type)
        )


def _words(spec: Mapping[str, Any] | None) -> dict[str, str] | None:
    if not spec:
        return None
    return {k: " ".join(str(v).split()) for k, v in spec.items()}


@cache
def _data() -> dict[str, Any]:
    return load_yaml(KINDS_FILE.read_text(encoding="utf-8"))


@cache
def kind_laws() -> dict[str, KindLaw]:
    """Every kind, in the order of ``notice_kinds.yaml`` (the first that answers a
    finding is the one offered first)."""
    out = {}
    for key, spec in _data()["kinds"].items():
        answers = spec["answers"]
        out[key] = KindLaw(
            key=key,
            name=spec.get("name") or key.replace("_", " "),
            requirements=tuple(answers.get("requirements", ())),
            excepted=tuple(answers.get("except", ())),
            parameter=answers.get("parameter"),
            statuses=tuple(answers["statuses"]),
            fact=dict(spec["fact"]),
            recipient=spec["recipient"],
            deadline=dict(spec["deadline"]),
            correction=spec["correction"],
            consequences=tuple(spec.get("consequences") or ()),
            appeal=spec["appeal"],
            authority=_words(spec.get("authority")),
        )
    return out


@cache
def variations() -> tuple[Variation, ...]:
    out = []
    for spec in _data().get("requirements") or ():
        changes = {
            k: v for k, v in spec.items() if k not in ("match", "except", "kinds", "subject_type")
        }
        if "authority" in changes:
            changes["authority"] = _words(changes["authority"])
        if "consequences" in changes:
            changes["consequences"] = tuple(changes["consequences"] or ())
        out.append(
            Variation(
                match=tuple(spec["match"]),
                excepted=tuple(spec.get("except") or ()),
                kinds=tuple(spec["kinds"]),
                subject_type=spec.get("subject_type"),
                changes=changes,
            )
        )
    return tuple(out)


@cache
def law_words() -> dict[str, dict[str, str]]:
    """The words each consequence and appeal rests on, by name (``law:``)."""
    return {name: _words(spec) or {} for name, spec in (_data().get("law") or {}).items()}


def kind_law(key: str) -> KindLaw:
    try:
        return kind_laws()[key]
    except KeyError:
        raise TermsError([f"kind: no notice kind {key!r}"]) from None


def kinds_answering(requirement: str, status: str, pack: RulePack, on: date) -> list[KindLaw]:
    """The kinds of document that answer a finding of ``requirement`` in ``status``."""
    return [k for k in kind_laws().values() if k.answers(requirement, status, pack, on)]


def terms_of_kind(kind: str, requirement: str, subject_type: str | None) -> dict[str, Any]:
    """A kind's deadline, correction, consequences and authority for ``requirement``,
    and what the document calls the requirement where not its title (``names``): its
    defaults, as the first variation that applies changes them."""
    law = kind_law(kind)
    out: dict[str, Any] = {
        "deadline": dict(law.deadline),
        "correction": law.correction,
        "consequences": law.consequences,
        "authority": law.authority,
        "names": None,
    }
    for variation in variations():
        if variation.applies(kind, requirement, subject_type):
            out.update(variation.changes)
            break
    return out


def message_ids() -> dict[str, set[str]]:
    """Every message id the kinds can produce, by section (``corrections``,
    ``deadlines``, ``consequences``): each must have its words in every language."""
    corrections = {k.correction for k in kind_laws().values()}
    consequences = {c for k in kind_laws().values() for c in k.consequences}
    for variation in variations():
        if "correction" in variation.changes:
            corrections.add(variation.changes["correction"])
        consequences.update(variation.changes.get("consequences", ()))
    consequences -= {"section_penalty", "citation_step"}
    consequences |= {"misdemeanor", "citation_step", "ladder_higher", "ladder_top"}
    deadlines = {m for m in DEADLINE_MESSAGES.values() if m} | {"pay_within_days"}
    return {"corrections": corrections, "deadlines": deadlines, "consequences": consequences}


def check_kinds() -> list[str]:
    """Every way ``notice_kinds.yaml`` is malformed, one line each (empty when sound)."""
    problems = []
    laws = kind_laws()
    for law in laws.values():
        rule = law.deadline.get("rule")
        if rule not in DEADLINE_RULES:
            problems.append(f"kinds.{law.key}.deadline: unknown rule {rule!r}")
        if rule in ("days", "immediately") and not law.deadline.get("parameter"):
            problems.append(f"kinds.{law.key}.deadline: a {rule} rule names its parameter")
        if law.appeal not in ("review", "citation", "none"):
            problems.append(f"kinds.{law.key}.appeal: unknown {law.appeal!r}")
    for index, variation in enumerate(variations()):
        for kind in variation.kinds:
            if kind not in laws:
                problems.append(f"requirements[{index}].kinds: no kind {kind!r}")
        rule = (variation.changes.get("deadline") or {}).get("rule", "days")
        if rule not in DEADLINE_RULES:
            problems.append(f"requirements[{index}].deadline: unknown rule {rule!r}")
        unknown = set(variation.changes) - {
            "deadline",
            "correction",
            "consequences",
            "authority",
            "names",
        }
        if unknown:
            problems.append(f"requirements[{index}]: unknown keys {sorted(unknown)}")
    return problems


# --------------------------------------------------------------------------- the words of the law

_QUOTE = re.compile(r'"([^"]{20,})"', re.S)


@cache
def _rule_quotes() -> dict[str, str]:
    """Each requirement's words as its rule's docstring quotes them from the ordinance
    (the house rule: a rule's docstring quotes the words it implements)."""
    quotes: dict[str, str] = {}
    for spec in RULES:
        if spec.requirement in quotes:
            continue
        match = _QUOTE.search(spec.func.__doc__ or "")
        if match:
            quotes[spec.requirement] = " ".join(match.group(1).split())
    return quotes


def requirement_cite(requirement: str) -> str:
    """The section of ``requirement`` as the ordinance prints it ("'65 Code § 6-8.116")."""
    from sanitas.ordinance.general import printed_cite

    entry = catalog().get(requirement)
    return printed_cite(entry.cite) if entry is not None else requirement


def section_words(requirement: str) -> str | None:
    """The ordinance's words for ``requirement``, where a rule quotes them."""
    return _rule_quotes().get(requirement)


# --------------------------------------------------------------------------- the document's target


@dataclass(frozen=True)
class Target:
    """What the served document names to the engine: its subject and requirement, and
    for a citation the notice it follows."""

    kind: str
    subject: str
    requirement: str
    notice: str | None = None


def resolve_target(kind: str, requirement: str, subject: str, ctx: Context) -> Target:
    """The document a finding of ``requirement`` on ``subject`` calls for: an SB 1383
    notice or cart tag goes to the generator (the thing an inspection or report belongs
    to: the engine answers a contamination found by a notice naming the premises); a
    citation follows the notice the ORG-CITATION finding names; a certificate is of
    the permit."""
    from sanitas.ordinance.enforcement.noncompliance import generator_of

    law = kind_law(kind)
    if kind in ("sb1383_nov", "contamination"):
        return Target(kind, generator_of(subject, ctx), requirement)
    if law.fact_type == "citation":
        notice = ctx.get(subject)
        if notice is None or notice.type != "notice":
            raise TermsError([f"finding: {subject} is not a notice on record"])
        return Target(kind, notice.subject, notice.requirement, notice=notice.id)
    if law.fact_type == "final_certificate":
        fact = ctx.get(subject)
        permit = fact if fact is not None and fact.type == "permit" else None
        if permit is None and fact is not None and "permit" in fact.references:
            permit = ctx.get(fact.permit)
        if permit is None:
            raise TermsError([f"finding: {subject} names no permit to certify"])
        return Target(kind, permit.id, "PRM-CERTIFICATE")
    return Target(kind, subject, requirement)


def running_notice(target: Target, ctx: Context) -> str | None:
    """Why no new document of ``target`` is drafted on ``ctx.as_of``, in words: a
    notice of the same kind, served on the same subject for the same requirement,
    still gives time to comply (its deadline in force, extensions counted, has not
    passed), or for a Notice of Violation a citation of it still gives time to pay and
    comply. A second would answer the same noncompliance again, with a deadline of
    its own beside the one on record. None when none runs. (A corrected notice that
    supersedes a served one is not drafted from a finding, and is not asked about.)"""
    law = kind_law(target.kind)
    if law.fact_type != "notice":
        return None
    for notice in ctx.referring("notice", "subject", target.subject):
        if (
            notice.requirement != target.requirement
            or notice.kind != law.fact.get("kind")
            or notice.issued_on > ctx.as_of
        ):
            continue
        deadline = _day(ctx.derived("nov_compliance_due", notice)) or _day(notice.due_on)
        if deadline is not None and ctx.as_of <= deadline:
            return (
                f"{name_of(ctx, notice)} answers it and gives until {deadline} to comply; no "
                "second notice of the same noncompliance is drafted while it runs"
            )
    if target.kind == "sb1383_nov":
        # a citation orders the penalty paid and the requirement complied with within
        # its own days: a further notice, the way up the ladder, follows once they end
        for citation in ctx.referring("citation", "subject", target.subject):
            if citation.requirement != target.requirement or citation.issued_on > ctx.as_of:
                continue
            days = ctx.param("notice.citation_payment_days", on=citation.issued_on)
            deadline = add_days(citation.issued_on, days)
            if ctx.as_of <= deadline:
                return (
                    f"{name_of(ctx, citation)} answers it and gives until {deadline} to pay "
                    "and comply; no further notice of the same noncompliance is drafted while "
                    "it runs"
                )
    return None


def engine_fact(
    target: Target,
    *,
    fact_id: str,
    served_on: date,
    due_on: date | None,
    amount: Decimal | int | float | None = None,
) -> dict[str, Any]:
    """The engine fact a served document becomes."""
    law = kind_law(target.kind)
    if law.fact_type == "final_certificate":
        return {
            "id": fact_id,
            "type": "final_certificate",
            "permit": target.subject,
            "date": served_on.isoformat(),
        }
    if law.fact_type == "citation":
        fact: dict[str, Any] = {
            "id": fact_id,
            "type": "citation",
            "subject": target.subject,
            "requirement": target.requirement,
            "issued_on": served_on.isoformat(),
            "notice": target.notice,
        }
        if amount is not None:
            value = Decimal(str(amount))
            fact["amount"] = int(value) if value == value.to_integral_value() else float(value)
        return fact
    fact = {
        "id": fact_id,
        "type": "notice",
        "subject": target.subject,
        "requirement": target.requirement,
        "issued_on": served_on.isoformat(),
        "kind": law.fact["kind"],
    }
    if due_on is not None:
        fact["due_on"] = due_on.isoformat()
    return fact


# --------------------------------------------------------------------------- the terms


@dataclass
class NoticeTerms:
    """What a document may say in law, and whether it may issue on ``served_on``.
    :meth:`as_json` is its JSON form (what a notice's content carries as ``terms``)."""

    kind: str
    served_on: date
    finding: dict[str, Any]
    target: Target
    fact: dict[str, Any]
    deadline: dict[str, Any]
    correction: dict[str, Any]
    consequences: list[dict[str, Any]]
    penalty: dict[str, Any] | None
    appeal: dict[str, Any]
    cites: list[dict[str, str]]
    recipient: dict[str, Any] | None
    refusals: list[str] = field(default_factory=list)
    #: for a citation, the notice it follows: its id, day of service and the deadline
    #: that passed (in force, extensions counted)
    follows: dict[str, Any] | None = None

    @property
    def deadline_on(self) -> date | None:
        day = self.deadline.get("on")
        return date.fromisoformat(day) if day else None

    def values(self) -> dict[str, Any]:
        """Every argument of every message, in one mapping (for the words' blanks)."""
        out: dict[str, Any] = {}
        for part in (self.deadline, self.correction, *self.consequences):
            out.update(part.get("args") or {})
        out.update(self.appeal.get("args") or {})
        return out

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "served_on": self.served_on.isoformat(),
            "finding": dict(self.finding),
            "target": {
                "subject": self.target.subject,
                "requirement": self.target.requirement,
                "notice": self.target.notice,
            },
            "fact": dict(self.fact),
            "deadline": dict(self.deadline),
            "correction": dict(self.correction),
            "consequences": [dict(c) for c in self.consequences],
            "penalty": dict(self.penalty) if self.penalty is not None else None,
            "appeal": dict(self.appeal),
            "cites": [dict(c) for c in self.cites],
            "recipient": dict(self.recipient) if self.recipient is not None else None,
            "refusals": list(self.refusals),
            "follows": dict(self.follows) if self.follows is not None else None,
        }


def _parsed(facts: Sequence[Any]) -> list[Fact]:
    items = list(facts)
    if all(isinstance(f, Fact) for f in items):
        return items
    if any(isinstance(f, Fact) for f in items):
        raise TermsError(["facts: give every fact parsed, or every fact as a mapping"])
    return parse_facts(items)


def _context(facts: Iterable[Fact], as_of: date, pack: RulePack, holidays: Any) -> Context:
    index = FactIndex(visible(facts, as_of))
    return Context(facts=index, as_of=as_of, pack=pack, calendar=pack.calendar(holidays))


def _with(facts: list[Fact], extra: list[dict[str, Any]]) -> list[Fact]:
    known = {f.id: f.type for f in facts if f.id is not None}
    return [*facts, *parse_facts(extra, known=known)]


def _day(value: Any) -> date | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def _iso(value: Any) -> str | None:
    day = _day(value)
    return day.isoformat() if day is not None else None


def _fact_day(fact: Fact | None) -> date | None:
    if fact is None or fact.dated_by is None:
        return None
    return _day(getattr(fact, fact.dated_by, None))


def notice_terms(
    *,
    kind: str,
    requirement: str,
    subject: str,
    facts: Sequence[Any],
    served_on: date,
    pack: RulePack,
    status: str | None = None,
    period: str | None = None,
    document_id: str = "document~terms",
    amount: Decimal | int | float | None = None,
    recipient: Mapping[str, Any] | None = None,
    holidays: list[date] | None = None,
) -> NoticeTerms:
    """The legal terms of a document of ``kind`` answering the finding of
    ``requirement`` on ``subject`` (in ``status``, for ``period``; for a citation the
    ORG-CITATION finding on the notice it follows) when served on ``served_on``.

    ``facts`` are the records (parsed facts, or mappings as a facts file holds them);
    the document itself is added as the engine fact it becomes, named
    ``document_id``. ``status`` left out is the finding's as the records show it on
    ``served_on``. ``amount`` is a citation's stated penalty; ``recipient``, when the
    document's recipient is fixed already (a citation goes to whom its notice went).
    Bad input (an unknown kind, a subject not on record) raises :class:`TermsError`;
    what stops the document on that day is in ``refusals``."""
    law = kind_law(kind)
    parsed = _parsed(facts)
    records = visible(parsed, served_on)
    ctx0 = _context(records, served_on, pack, holidays)
    if ctx0.get(subject) is None:
        raise TermsError([f"subject: {subject} is not on record on {served_on}"])
    target = resolve_target(kind, requirement, subject, ctx0)
    findings0 = evaluate_facts(
        records, as_of=served_on, pack=pack, holidays=holidays, report_derived=False
    ).findings
    refusals: list[str] = []

    answered = _answered(findings0, requirement, subject, period, status, law, ctx0)
    finding = {
        "requirement": requirement,
        "subject": subject,
        "status": status if status is not None else (answered.status if answered else None),
        "period": period,
    }
    # a citation is ripe or not by its notice's deadline, a certificate ready or not by
    # the permit's work (what drafting names by default is the document's own
    # requirement, ORG-CITATION or PRM-CERTIFICATE, not a finding in a status)
    ripeness_decides = law.fact_type in ("citation", "final_certificate") and status is None
    if not ripeness_decides and not law.answers(requirement, finding["status"], pack, served_on):
        refusals.append(
            f"finding: {_a(law.name)} does not answer "
            + (
                f"a {finding['status']} finding of {requirement}"
                if finding["status"]
                else f"{requirement} on {name_of(ctx0, subject)}: as of {served_on} the "
                "records show no finding of it that calls for one"
            )
            + f" ({title(requirement)})"
        )

    subject_fact = ctx0.get(subject)
    varied = terms_of_kind(kind, target.requirement, subject_fact.type if subject_fact else None)

    # the deadline, counted from service
    rule = varied["deadline"].get("rule", "days")
    deadline_on: date | None = None
    days: int | None = None
    reading = None
    if rule in ("days", "immediately"):
        parameter = varied["deadline"]["parameter"]
        days = ctx0.param(parameter, on=served_on)
        deadline_on = add_days(served_on, days)
        if rule == "immediately":
            reading = (
                f'"Immediately" is read as within {days} day{"s" if days != 1 else ""} of '
                f"service (pack {parameter})."
            )
    fact_due = deadline_on if law.fact_type == "notice" and rule != "engine" else None
    fact = engine_fact(
        target, fact_id=document_id, served_on=served_on, due_on=fact_due, amount=amount
    )
    with_document = _with(records, [fact])
    ctx1 = _context(with_document, served_on, pack, holidays)
    document = ctx1.get(document_id)
    if rule == "engine":
        deadline_on = _day(ctx1.derived("nov_compliance_due", document))
        if deadline_on is None:
            refusals.append("deadline: the engine gives this notice no compliance deadline")
        else:
            days = (deadline_on - served_on).days
    message = DEADLINE_MESSAGES[rule]
    if message == "within_days" and kind == "citation":
        message = "pay_within_days"
    deadline = {
        "rule": rule,
        "on": _iso(deadline_on),
        "days": days,
        "immediately": rule == "immediately",
        "message": message,
        "args": (
            {"days": days, "deadline": _iso(deadline_on)}
            if rule in ("engine", "days")
            else {"deadline": _iso(deadline_on)}
            if rule == "immediately"
            else {}
        ),
        "reading": reading,
    }

    # what the document is: recipient, appeal, penalty, consequences
    if recipient is None:
        recipient = recipient_of(law, target, ctx0)
        if recipient is None:
            refusals.append(
                f"recipient: no owner, property address or service payer is on record for "
                f"{name_of(ctx0, target.subject)}, so the notice has no lawful address "
                "(GEN-NOTICE-ADDRESS)"
            )
    appeal = _appeal(law, document, ctx1, served_on)
    penalty = None
    if kind == "citation":
        penalty = _citation_penalty(document, ctx1, amount, refusals)
    elif "citation_ladder" in varied["consequences"]:
        penalty = _ladder_ahead(records, fact, target, deadline_on, served_on, pack, holidays)
    consequences, consequence_law = _consequences(
        varied["consequences"], target, answered, finding, ctx0, penalty
    )
    correction = {
        "message": varied["correction"],
        "args": {"amount": dollars(amount) if amount is not None else None}
        if varied["correction"] == "pay_penalty"
        else {},
    }

    # the sections quoted: the requirement's own words (or, where the finding rests on
    # another subdivision whose words the kinds' law holds, that one's), the authority,
    # what follows and the appeal; a passage already quoted within another is not
    # quoted again
    cites: list[dict[str, str]] = []
    own = _own_words(target.requirement, answered)
    if own is not None:
        cites.append(own)
    if varied["authority"]:
        cites.append(dict(varied["authority"]))
    for name in consequence_law:
        cites.append(dict(law_words()[name]))
    if law.appeal == "citation":
        cites.append(dict(law_words()["appeal_citation"]))
    cites = _distinct_quotes(cites)
    follows = _follows(target, ctx0, ctx1) if kind == "citation" else None

    # what stops it on that day
    if kind == "citation":
        refusals[:0] = _citation_refusals(target, document, findings0, ctx0, ctx1, served_on)
    elif law.fact_type == "final_certificate":
        refusals.extend(_certificate_refusals(target, ctx0))
    elif kind == "sb1383_nov" and (
        on_record := _notice_on_record(target, answered, findings0, ctx0)
    ):
        refusals.append(f"notice: as of {served_on} {on_record}")
    else:
        done = _done(kind, target, finding, answered, document, findings0, ctx0, ctx1)
        done = done.rstrip(".") if done else done
        if done and target.requirement in _CITY_DUTIES:
            refusals.append(
                f"notice: as of {served_on} the records show the finding already answered ({done})"
            )
        elif done:
            refusals.append(
                f"correction: as of {served_on} the records show it already made ({done}); "
                "the notice would order what is done"
            )

    return NoticeTerms(
        kind=kind,
        served_on=served_on,
        finding=finding,
        target=target,
        fact=fact,
        deadline=deadline,
        correction=correction,
        consequences=consequences,
        penalty=penalty,
        appeal=appeal,
        cites=cites,
        recipient=dict(recipient) if recipient is not None else None,
        follows=follows,
        refusals=list(dict.fromkeys(refusals)),
    )


# --------------------------------------------------------------------------- the document


@dataclass(frozen=True)
class DocumentAsk:
    """What a document is, as its drafter holds it: the question :func:`notice_document`
    answers for a day of service. ``subject``, ``requirement`` and ``notice`` are what
    the served document names (the target); ``finding`` the finding it answers, when not
    the target's own (``requirement``, ``subject``, ``status``, ``period``); ``program``
    the office that signs it; ``cite`` the section the finding cited; ``approved``
    whether a supervisor approved it; ``referral_on`` a second day on which a citation
    must be ripe too (the real day, when service is dated earlier)."""

    kind: str
    program: str
    subject: str
    requirement: str
    served_on: date
    document_id: str
    notice: str | None = None
    finding: Mapping[str, Any] | None = None
    cite: str = ""
    amount: Decimal | None = None
    recipient: Mapping[str, Any] | None = None
    approved: bool = False
    referral_on: date | None = None


@dataclass(frozen=True)
class NoticeDocument:
    """A document's legal terms with what the law gives it to print, as plain data
    (what the records floor hands up to the notices app, which only reads it):

    - ``terms``: :meth:`NoticeTerms.as_json`; ``fact`` the engine fact the document
      becomes; ``refusals`` each reason it may not issue on its day of service;
      ``deadline_on``, ``penalty`` (step and ceiling), ``recipient`` (the ordinance's,
      None when the records give none), ``amount`` (JSON);
    - ``values``: every argument of every message, with the penalty and the amount in
      dollars; ``subject_name`` (in English) and ``subject_message`` (the same as a
      message to render in the reader's language, JSON; None for a record not on
      file); ``requirement_title`` (what the document calls the
      requirement); ``law``, the sections quoted (the finding's own cite where it
      quotes the requirement); the pack's ``letterhead`` and the signing office's
      ``signature``;
    - ``approval_required``: whether the pack asks a supervisor's approval before
      service; ``referral``: with ``referral_on``, the ORG-CITATION finding on the
      notice a citation follows that day (``status``, ``due``, ``explanation``), None
      when there is none."""

    ask: DocumentAsk
    terms: dict[str, Any]
    fact: dict[str, Any]
    refusals: tuple[str, ...]
    deadline_on: date | None
    penalty: dict[str, Any] | None
    recipient: dict[str, Any] | None
    amount: Any
    values: dict[str, Any]
    subject_name: str
    requirement_title: str
    law: list[dict[str, str]]
    letterhead: dict[str, Any]
    signature: dict[str, Any]
    approval_required: bool
    referral: dict[str, Any] | None = None
    subject_message: dict[str, Any] | None = None

    def ripe_on_referral_day(self) -> bool:
        """Whether a citation asked to be ripe on ``referral_on`` too is (its notice's
        ORG-CITATION overdue that day); true when nothing was asked."""
        if self.ask.referral_on is None:
            return True
        return self.referral is not None and self.referral["status"] == "overdue"

    def may_issue(self) -> bool:
        """Whether the law lets the document issue as asked: no refusal on its day,
        approved where the pack asks it, and ripe on the referral day."""
        return (
            not self.refusals
            and (self.ask.approved or not self.approval_required)
            and self.ripe_on_referral_day()
        )


def notice_document(ask: DocumentAsk, facts: Sequence[Any], pack: RulePack) -> NoticeDocument:
    """The document ``ask`` names, served on ``ask.served_on`` over ``facts`` (the
    records as the sweep reads them): its legal terms (:func:`notice_terms`) and what
    the law gives it to print, in one call. Raises :class:`TermsError` as
    :func:`notice_terms` does."""
    parsed = _parsed(facts)
    finding = ask.finding
    if finding is None:
        finding = (
            {"requirement": "ORG-CITATION", "subject": ask.notice}
            if ask.notice
            else {"requirement": ask.requirement, "subject": ask.subject}
        )
    terms = notice_terms(
        kind=ask.kind,
        requirement=finding["requirement"],
        subject=finding["subject"],
        status=finding.get("status"),
        period=finding.get("period"),
        facts=parsed,
        served_on=ask.served_on,
        pack=pack,
        document_id=ask.document_id,
        amount=ask.amount,
        recipient=ask.recipient,
    )
    ctx = Context(facts=FactIndex(parsed), as_of=ask.served_on, pack=pack, calendar=pack.calendar())
    subject = ctx.get(ask.subject)
    varied = terms_of_kind(ask.kind, ask.requirement, subject.type if subject is not None else None)
    law = []
    own = requirement_cite(ask.requirement)
    for item in terms.cites:
        if item["cite"] == own and item["words"] == section_words(ask.requirement):
            law.append({"cite": ask.cite or own, "words": item["words"]})
        else:
            law.append(dict(item))
    values = {k: v for k, v in terms.values().items() if v is not None}
    if terms.penalty is not None:
        values["penalty"] = dollars(terms.penalty["ceiling"])
        values["ordinal"] = terms.penalty["ordinal"]
    if ask.amount is not None:
        values["amount"] = dollars(ask.amount)
    referral = None
    if ask.referral_on is not None and ask.notice:
        found = evaluate_facts(
            parsed, as_of=ask.referral_on, pack=pack, report_derived=False
        ).findings
        referred = next(
            (f for f in found if f.subject == ask.notice and f.requirement == "ORG-CITATION"),
            None,
        )
        if referred is not None:
            referral = {
                "status": referred.status,
                "due": _day(referred.due),
                "explanation": referred.explanation,
            }
    return NoticeDocument(
        ask=ask,
        terms=terms.as_json(),
        fact=dict(terms.fact),
        refusals=tuple(terms.refusals),
        deadline_on=terms.deadline_on,
        penalty=dict(terms.penalty) if terms.penalty is not None else None,
        recipient=dict(terms.recipient) if terms.recipient is not None else None,
        amount=to_json_value(ask.amount) if ask.amount is not None else None,
        values=values,
        subject_name=name_of(ctx, ask.subject),
        subject_message=_said(subject_said(ctx, ask.subject)),
        requirement_title=varied.get("names") or title(ask.requirement),
        law=law,
        letterhead=to_json_value(pack.value("notice.letterhead", ask.served_on)),
        signature=dict(pack.value("notice.signatures", ask.served_on)[ask.program]),
        approval_required=ask.kind in pack.value("notice.approval_required_kinds", ask.served_on),
        referral=referral,
    )


def _said(message: Any) -> dict[str, Any] | None:
    return message.to_dict() if message is not None else None


def _a(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _own_words(requirement: str, answered: Finding | None) -> dict[str, str] | None:
    """The requirement's own section and words; where the finding answered rests on
    another subdivision (its cite) whose words the kinds' ``law:`` holds, that one (a
    contamination the hauler found is (D)(6)'s notice of contamination, not (D)(3)'s)."""
    if answered is not None and answered.cite:
        for entry in law_words().values():
            if entry.get("cite") == answered.cite and entry.get("words"):
                return dict(entry)
    words = section_words(requirement)
    return {"cite": requirement_cite(requirement), "words": words} if words else None


def _distinct_quotes(cites: list[dict[str, str]]) -> list[dict[str, str]]:
    """The sections quoted, each once: one cite quoted once, and a passage whose words
    another quoted passage already holds left out."""
    by_cite = list({c["cite"]: c for c in cites}.values())
    out = []
    for item in by_cite:
        words = " ".join(item["words"].split())
        if any(
            other is not item and words in " ".join(other["words"].split())
            for other in by_cite
            if len(other["words"]) > len(item["words"])
        ):
            continue
        out.append(item)
    return out


def _follows(target: Target, ctx0: Context, ctx1: Context) -> dict[str, Any] | None:
    """The notice a citation follows: its id, the day it was served and the deadline
    in force that passed (the engine's nov_compliance_due, extensions counted)."""
    notice = ctx0.get(target.notice) if target.notice else None
    if notice is None:
        return None
    deadline = ctx1.derived("nov_compliance_due", ctx1.get(notice.id) or notice)
    return {
        "notice": notice.id,
        "served_on": _iso(notice.issued_on),
        "deadline": _iso(deadline),
    }


def _matches(found: Finding, requirement: str, subject: str, period: str | None, ctx) -> bool:
    from sanitas.ordinance.enforcement.noncompliance import generator_of

    if found.requirement != requirement:
        return False
    if period is not None and found.period != str(period):
        return False
    return found.subject == subject or generator_of(found.subject, ctx) == subject


def _answered(
    findings: list[Finding],
    requirement: str,
    subject: str,
    period: str | None,
    status: str | None,
    law: KindLaw,
    ctx: Context,
) -> Finding | None:
    """The finding the document answers, as the records show it on the day: the one
    in ``status`` if given, else the first the kind answers."""
    candidates = [f for f in findings if _matches(f, requirement, subject, period, ctx)]
    if status is not None:
        same = [f for f in candidates if f.status == status]
        return same[0] if same else (candidates[0] if candidates else None)
    answered = [f for f in candidates if f.status in law.statuses]
    return answered[0] if answered else None


# --------------------------------------------------------------------------- recipient


def recipient_of(law: KindLaw, target: Target, ctx: Context) -> dict[str, Any] | None:
    """To whom the document goes and who gets a copy, with the language each reads
    where the records say (else None): SB 1383, solid waste and permits, the owner at
    the tax collector's address, else the property's, else the party paying for
    service (GEN-NOTICE-ADDRESS); FOG, the establishment's operator, with a copy to
    the owner; a certificate of final inspection, "the person constructing such work"
    (§ 6-8.133: the permit's contractor, the contractor on record it names as its pipe
    layer at that record's address, else the contractor typed on the permit, at the
    work, the records holding no other address of it), with a copy to the owner, or
    the owner where no contractor is recorded. None when the records give no lawful
    address."""
    from sanitas.ordinance.general import notice_recipient, related

    fact = ctx.get(target.subject)
    owner = notice_recipient(SimpleNamespace(subject=target.subject), ctx)  # type: ignore[arg-type]
    premises = related(fact, "premises", ctx)
    establishment = related(fact, "establishment", ctx)
    owner_language = getattr(premises, "owner_language", None)
    owner_entry = None
    if owner is not None:
        owner_entry = {
            "name": owner["name"],
            "address": owner["address"],
            "rule": owner["rule"],
            "language": owner_language if owner["rule"] != "service_payer" else "en",
        }
    if law.recipient == "operator_and_owner" and establishment is not None:
        address = getattr(establishment, "address", None) or (
            premises.address if premises is not None else None
        )
        operator = getattr(establishment, "operator_name", None) or name_of(ctx, establishment)
        main = {
            "name": operator,
            "business": name_of(ctx, establishment),
            "address": address or "",
            "rule": "operator",
            "language": getattr(establishment, "operator_language", None),
        }
        copies = [owner_entry] if owner_entry and owner_entry["name"] != operator else []
        return {**main, "copies": copies}
    contractor = getattr(fact, "contractor", None) if fact is not None else None
    layer = getattr(fact, "pipe_layer", None) if fact is not None else None
    on_record = ctx.get(layer) if layer else None
    at = premises.address if premises is not None and premises.address else ""
    if on_record is not None and on_record.type == "contractor":
        contractor, at = on_record.name, on_record.address or at
    if law.recipient == "constructor_and_owner" and contractor:
        main = {
            "name": contractor,
            "business": None,
            "address": at,
            "rule": "constructor",
            "language": None,
        }
        copies = [owner_entry] if owner_entry and owner_entry["name"] != contractor else []
        return {**main, "copies": copies}
    if owner_entry is None:
        return None
    if establishment is not None:
        business = name_of(ctx, establishment)
    elif premises is not None:  # the businesses at the premises, by name
        named = [e.name for e in ctx.referring("establishment", "premises", premises.id) if e.name]
        business = ", ".join(named) if named else None
    else:
        business = None
    return {**owner_entry, "business": business, "copies": []}


# --------------------------------------------------------------------------- appeal, penalty


def _appeal(law: KindLaw, document: Fact, ctx: Context, served_on: date) -> dict[str, Any]:
    review_days = ctx.param("notice.review_request_days", on=served_on)
    appeal_days = ctx.param("enf.appeal_window_days", on=served_on)
    if law.appeal == "citation":
        appeal_by = _iso(ctx.derived("appeal_deadline", document))
        return {
            "rule": "citation",
            "appeal_days": appeal_days,
            "appeal_by": appeal_by,
            "args": {"appeal_days": appeal_days, "appeal_by": appeal_by},
        }
    if law.appeal == "review":
        review_by = add_days(served_on, review_days).isoformat()
        return {
            "rule": "review",
            "review_days": review_days,
            "review_by": review_by,
            "appeal_days": appeal_days,
            "args": {
                "review_days": review_days,
                "review_by": review_by,
                "appeal_days": appeal_days,
            },
        }
    return {"rule": "none", "args": {}}


def _step(ordinal: int | None, ceiling: Any, on: date, ctx: Context) -> dict[str, Any] | None:
    """A place on the SB 1383 ladder: the violation's number, its step, its ceiling,
    and the ceiling of the next step where there is a higher one."""
    if ordinal is None or ceiling is None:
        return None
    ladder = list(ctx.param("org.penalty_ladder", on=on))
    step = min(ordinal, len(ladder))
    further = step < len(ladder)
    return {
        "ordinal": ordinal,
        "step": step,
        "ceiling": ceiling,
        "further": further,
        "next_ceiling": ladder[step] if further else None,
        "top": ladder[-1],
    }


def _citation_penalty(
    document: Fact, ctx: Context, amount: Any, refusals: list[str]
) -> dict[str, Any] | None:
    ceiling = ctx.derived("penalty_ceiling", document)
    ordinal = ctx.derived("citation_ordinal", document)
    penalty = _step(ordinal, ceiling, document.issued_on, ctx)
    if penalty is None:
        refusals.append("penalty: the citation is of no SB 1383 requirement, so no ladder applies")
        return None
    penalty["amount"] = to_json_value(Decimal(str(amount))) if amount is not None else None
    if not ceiling:
        refusals.append(
            f"penalty: the ladder allows no penalty for this citation on {document.issued_on} "
            "(a ceiling of $0), so it cannot be issued"
        )
    elif amount is not None and Decimal(str(amount)) > Decimal(str(ceiling)):
        refusals.append(
            f"amount: {dollars(amount)} is above the ceiling of {dollars(ceiling)} the ladder "
            "allows for this respondent"
        )
    return penalty


def _ladder_ahead(
    records: list[Fact],
    fact: dict[str, Any],
    target: Target,
    deadline_on: date | None,
    served_on: date,
    pack: RulePack,
    holidays: Any,
) -> dict[str, Any] | None:
    """The step of the administrative citation that would follow a notice whose
    deadline passed uncorrected: issued the day after the deadline, or the day
    penalties may first be imposed if later; the respondent's earlier citations as the
    records stand on service. The ceiling is that step's on the ladder: the citation
    the notice warns of is one that follows its deadline passed without compliance,
    whatever the records show done by its service (a period duty's notice is called
    for though the act has resumed, ORG-CIVIL-PENALTIES)."""
    after = add_days(deadline_on or served_on, 1)
    start = pack.value("org.penalties_start", served_on)
    after = max(after, start)
    probe = {
        "id": "citation~penalty-probe",
        "type": "citation",
        "subject": target.subject,
        "requirement": target.requirement,
        "issued_on": after.isoformat(),
        "notice": fact["id"],
    }
    later = _with(records, [fact, probe])
    ctx = _context(later, after, pack, holidays)
    ordinal = ctx.derived("citation_ordinal", ctx.get(probe["id"]))
    if ordinal is None:
        return None
    ladder = list(ctx.param("org.penalty_ladder", on=after))
    return _step(ordinal, ladder[min(ordinal, len(ladder)) - 1], after, ctx)


# --------------------------------------------------------------------------- consequences


def _permit_of(fact: Fact | None, ctx: Context) -> Fact | None:
    if fact is None:
        return None
    if fact.type == "permit":
        return fact
    if "permit" in fact.references:
        return ctx.get(fact.permit)
    return None


def _consequences(
    names: Iterable[str],
    target: Target,
    answered: Finding | None,
    finding: Mapping[str, Any],
    ctx: Context,
    penalty: Mapping[str, Any] | None,
) -> tuple[list[dict[str, Any]], list[str]]:
    """The consequences the section carries, resolved from the records, with the law
    each quotes: the messages, and the names of their ``law:`` entries."""
    from sanitas.ordinance.enforcement.contamination import consecutive_occasions
    from sanitas.ordinance.general import CHAPTER_50_PENALTY, criminal_basis, rests_on_act

    out: list[dict[str, Any]] = []
    quoted: list[str] = []
    served_on = ctx.as_of
    for name in names:
        if name == "section_penalty":
            basis = criminal_basis(target.requirement, ctx)
            if basis is None:
                continue
            probe = answered or Finding(
                target.requirement,
                str(finding["subject"]),
                str(finding.get("status") or "violation"),
                None,
                finding.get("period"),
                "",
                "",
                None,
            )
            if not rests_on_act(probe, ctx):
                continue
            section, fine, months, _reading = basis
            out.append(
                {
                    "message": "misdemeanor",
                    "args": {"fine": dollars(fine), "months": months, "penalty_cite": section},
                    "cite": section,
                }
            )
            quoted.append(
                "misdemeanor_50_999" if section == CHAPTER_50_PENALTY else "misdemeanor_10_99"
            )
        elif name == "no_certificate":
            permit = _permit_of(ctx.get(target.subject), ctx)
            if permit is None or ctx.derived("permit_status", permit) == "finaled":
                continue
            out.append({"message": name, "args": {}, "cite": law_words()[name]["cite"]})
            quoted.append(name)
        elif name == "citation_ladder":
            args = {
                "ordinal": penalty["ordinal"] if penalty else None,
                "penalty": dollars(penalty["ceiling"]) if penalty else None,
            }
            out.append({"message": name, "args": args, "cite": law_words()[name]["cite"]})
            quoted.append(name)
        elif name == "citation_step":
            args = {
                "ordinal": penalty["ordinal"] if penalty else None,
                "penalty": dollars(penalty["ceiling"]) if penalty else None,
            }
            cite = law_words()[name]["cite"]
            out.append({"message": name, "args": args, "cite": cite})
            if penalty is not None and penalty["further"]:
                out.append(
                    {
                        "message": "ladder_higher",
                        "args": {"next_penalty": dollars(penalty["next_ceiling"])},
                        "cite": cite,
                    }
                )
            elif penalty is not None:
                top = {"penalty": dollars(penalty["top"])}
                out.append({"message": "ladder_top", "args": top, "cite": cite})
            quoted.append(name)
        elif name == "contamination_fines":
            runs = consecutive_occasions(target.subject, ctx)
            days = [d for d in sorted(runs) if d <= served_on]
            occasion = runs[days[-1]] if days else None
            fine_from = ctx.param("enf.contamination_fine_occasion", on=served_on)
            out.append(
                {
                    "message": name,
                    "args": {"occasion": occasion, "fine_from": fine_from},
                    "cite": law_words()[name]["cite"],
                }
            )
            quoted.append(name)
        else:
            known = law_words().get(name)
            cite = known["cite"] if known else requirement_cite(target.requirement)
            out.append({"message": name, "args": {}, "cite": cite})
            if known:
                quoted.append(name)
    return out, quoted


# --------------------------------------------------------------------------- what stops it


def _citation_refusals(
    target: Target,
    document: Fact,
    findings0: list[Finding],
    ctx0: Context,
    ctx1: Context,
    served_on: date,
) -> list[str]:
    """A citation is ripe on ``served_on`` only when the notice's deadline then in
    force has passed without compliance within it (the engine's ORG-CITATION referral
    overdue on the notice), and the citation would rest on it."""
    from sanitas.ordinance.enforcement.citations import citation_support

    notice = ctx0.get(target.notice)
    referral = next(
        (f for f in findings0 if f.requirement == "ORG-CITATION" and f.subject == target.notice),
        None,
    )
    support = citation_support(document, ctx1)
    if (
        referral is not None
        and referral.status == "overdue"
        and (support is None or support.lawful)
    ):
        return []
    if support is not None and not support.lawful:
        why = f"the citation {support.why}"
    elif referral is not None:
        why = referral.explanation
    else:
        why = "its deadline has not passed uncorrected"
    return [
        f"citation: as of {served_on}, {name_of(ctx0, notice)} is not ripe for a citation: {why}"
    ]


def _certificate_refusals(target: Target, ctx: Context) -> list[str]:
    """A certificate issues once, for work ready (§ 6-8.133: "shall cause to be issued
    ... a certificate of final inspection"): what the permits' one answer
    (:func:`~sanitas.ordinance.permits.administration.certificate_refusals`) says, in
    English."""
    from sanitas.ordinance.permits.administration import certificate_refusals

    permit = ctx.get(target.subject)
    if permit is None or permit.type != "permit":
        return []
    found = certificate_refusals(permit, ctx)
    if found and found[0].requirement == "PRM-CERTIFICATE":
        first = found[0].about.date
        return [
            f"permit: the certificate of final inspection of {name_of(ctx, permit)} was "
            f"already issued on {first}; a second would certify the same work again"
        ]
    if not found:
        return []
    return [
        "permit: a certificate of final inspection cannot issue yet: "
        + "; ".join(blocker.words() for blocker in found)
    ]


def _done(
    kind: str,
    target: Target,
    finding: Mapping[str, Any],
    answered: Finding | None,
    document: Fact,
    findings0: list[Finding],
    ctx0: Context,
    ctx1: Context,
) -> str | None:
    """What the records show already done of the correction the document would
    order, in words; None when it is still to be done."""
    if kind == "sb1383_nov":
        from sanitas.ordinance.enforcement.notices import PERIOD_DUTIES, compliance

        # a period duty's notice answers periods that closed without the act, which
        # nothing can make up: the act resumed since is no correction of them, and
        # (J) calls for the notice all the same (ORG-CIVIL-PENALTIES)
        found = None if target.requirement in PERIOD_DUTIES else compliance(document, ctx1)
        if found is not None and found.on <= ctx1.as_of:
            how = "as the records show" if found.by_act else "as a correction records"
            return (
                f"{name_of(ctx1, target.subject)} complied with "
                f"{requirement_words(target.requirement)} on {found.on}, {how}"
            )
    if kind == "fog_noncompliance":
        from sanitas.ordinance.fog.noncompliance import NOTICE_ACTS

        act_of = NOTICE_ACTS.get(target.requirement)
        act = act_of(document, ctx1) if act_of is not None else None
        if act is not None and act[0] <= ctx1.as_of:
            return act[1]
    check = _DONE_CHECKS.get(target.requirement)
    if check is not None:
        done = check(target, finding, ctx0, findings0)
        if done:
            return done
    requirement, subject, period = finding["requirement"], finding["subject"], finding["period"]
    matching = [f for f in findings0 if _matches(f, requirement, subject, period, ctx0)]
    if matching and not any(f.status in OPEN_STATUSES for f in matching):
        return matching[-1].explanation
    return None


def _notice_on_record(
    target: Target, answered: Finding | None, findings: list[Finding], ctx: Context
) -> str | None:
    """A Notice of Violation on record, since complied with, that answered the finding
    (issued after its noncompliance began, or standing then: ORG-CIVIL-PENALTIES's
    reading), in words: a new notice would open again what that one closed. None when
    none did. A notice still standing stops nothing here: once cited, a further notice
    is the way up the ladder ((E): "a second violation"), and a corrected notice that
    supersedes a served one is composed as a new one is."""
    from sanitas.ordinance.enforcement.common import is_contamination_notice
    from sanitas.ordinance.enforcement.noncompliance import (
        finding_answered,
        noncompliance,
        notices_for,
    )
    from sanitas.ordinance.enforcement.notices import compliance

    if answered is None:
        return None
    kinds = ctx.param("enf.nov_kinds")
    for group in noncompliance(findings, ctx):
        if (group.subject, group.requirement) != (target.subject, target.requirement):
            continue
        notices = [n for n in notices_for(group, kinds, ctx) if not is_contamination_notice(n, ctx)]
        for notice in reversed(notices):
            found = compliance(notice, ctx)
            if found is not None and finding_answered(answered, [notice], ctx):
                return (
                    f"{name_of(ctx, notice)} answered this finding and was complied with on "
                    f"{found.on}; a second notice would answer it again"
                )
    return None


def _trail_done(kind: str) -> Any:
    """Solid waste (or containers set out) the records show removed or found gone."""

    def check(target: Target, _finding: Any, ctx: Context, _findings: Any) -> str | None:
        from sanitas.ordinance.solid_waste import common as solid_waste
        from sanitas.ordinance.words import day

        fact = ctx.get(target.subject)
        if fact is None or fact.type != kind:
            return None
        if kind == "accumulation":
            trail = solid_waste.accumulation_trail(fact, ctx)
            what = name_of(ctx, fact)
        else:
            trail = solid_waste.set_out_trail(fact, ctx)
            what = f"the containers at {name_of(ctx, fact.premises)}"
        if trail is None:
            return None
        verb = "was" if kind == "accumulation" else "were"
        if trail.removed is not None:
            return f"{what} {verb} removed at {day(trail.removed)}"
        if trail.gone is not None:
            return f"a follow-up observation at {day(trail.gone)} found {what} gone"
        return None

    return check


def _later_observation_done(
    target: Target, finding: Any, ctx: Context, findings: Any
) -> str | None:
    """A later observation of the same kind at the same premises, by the day, that
    finds the requirement met."""
    fact = ctx.get(target.subject)
    premises = getattr(fact, "premises", None)
    since = _fact_day(fact)
    if fact is None or premises is None or since is None:
        return None
    for other in reversed(findings):
        if other.requirement != target.requirement or other.status != "met":
            continue
        later = ctx.get(other.subject)
        if later is None or later.type != fact.type or later is fact:
            continue
        when = _fact_day(later)
        if getattr(later, "premises", None) == premises and when is not None and when > since:
            return other.explanation
    return None


def _new_permit_done(target: Target, finding: Any, ctx: Context, findings: Any) -> str | None:
    """A lapsed permit: a new permit of the same kind for the same premises issued
    since it became void (§ 6-8.116: "a new permit shall be taken out")."""
    from sanitas.ordinance.permits.common import history

    permit = ctx.get(target.subject)
    if permit is None or permit.type != "permit" or permit.premises is None:
        return None
    void_from = history(permit, ctx).void_from
    if void_from is None:
        return None
    for other in ctx.referring("permit", "premises", permit.premises):
        if other is not permit and other.kind == permit.kind and other.issued_on >= void_from:
            return f"a new permit was taken out: {name_of(ctx, other)}"
    return None


#: requirements whose finding is the city's own duty to give notice, not a correction
_CITY_DUTIES = frozenset({"ORG-CONTAMINATION-NOV"})

_DONE_CHECKS = {
    "SW-ACCUMULATION-TIME": _trail_done("accumulation"),
    "SW-CONTAINER-SETOUT": _trail_done("set_out"),
    "SW-CONTAINER-PLACEMENT": _later_observation_done,
    "SW-PILE-LIMITS": _later_observation_done,
    "PRM-LAPSE": _new_permit_done,
}


__all__ = [
    "KindLaw",
    "NoticeTerms",
    "Target",
    "TermsError",
    "engine_fact",
    "kind_law",
    "kind_laws",
    "kinds_answering",
    "notice_terms",
    "resolve_target",
    "running_notice",
    "section_words",
]
