"""What a notice says, computed from the records and the rule pack by the engine.

Nothing here is typed by staff: the recipient the ordinance names, what was found
(the finding's explanation), the words of the law with their sections, the
deadline counted from the service date, the penalty this respondent faces and
the appeal window are each read from an evaluation of the subject's records with
the notice added as it would stand once served. Staff's free text (the remarks)
is carried beside the computed parts, never inside them.

The engine is pure; this module gives it the records (as the sweep reads them)
and a service date, and reads back its derived values.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from functools import cache
from typing import Any

import orjson

from sanitas.notices.kinds import LANGUAGES, Kind, kind, kinds_for
from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.catalog import title
from sanitas.ordinance.enforcement import generator_of
from sanitas.ordinance.engine import RULES, Context, FactIndex, evaluate_facts, to_json_value
from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.ordinance.general import criminal_basis, related
from sanitas.ordinance.pack import RulePack
from sanitas.ordinance.words import dollars, listing, name_of

#: the placeholders every kind's sentences may use, filled below
_QUOTE = re.compile(r'"([^"]{20,})"', re.S)


class ComposeError(Exception):
    """A notice that cannot be composed; ``problems`` says why, one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Target:
    """What the served document will be to the engine: its kind, its subject and
    requirement, and for a citation the notice it follows."""

    kind: Kind
    subject: str
    requirement: str
    notice_fact: str | None = None


# --------------------------------------------------------------------------- the words of the law


@cache
def _rule_quotes() -> dict[str, str]:
    """Each requirement's words as its rule's docstring quotes them from the ordinance
    (the house rule: a rule's docstring quotes the words it implements)."""
    import sanitas.ordinance.rules  # noqa: F401

    quotes: dict[str, str] = {}
    for spec in RULES:
        if spec.requirement in quotes:
            continue
        match = _QUOTE.search(spec.func.__doc__ or "")
        if match:
            quotes[spec.requirement] = " ".join(match.group(1).split())
    return quotes


def requirement_words(requirement: str) -> str | None:
    """The ordinance's words for ``requirement``, where a rule quotes them."""
    return _rule_quotes().get(requirement)


# --------------------------------------------------------------------------- evaluation


def _evaluate(raw: list[dict[str, Any]], as_of: date, pack: RulePack) -> dict[tuple[str, str], Any]:
    """The derived values of an evaluation of ``raw`` as of ``as_of``, by (subject, name)."""
    try:
        facts = parse_facts(raw)
    except FactsError as exc:
        raise ComposeError(exc.problems) from None
    evaluation = evaluate_facts(facts, as_of=as_of, pack=pack)
    return {(d.subject, d.name): d.value for d in evaluation.derived}


def context(raw: list[dict[str, Any]], as_of: date, pack: RulePack) -> Context:
    """A context over the records, for the engine's naming and lookups."""
    facts = parse_facts(raw)
    return Context(facts=FactIndex(facts), as_of=as_of, pack=pack, calendar=pack.calendar())


def target_of(
    *,
    requirement: str,
    subject: str,
    status: str,
    raw: list[dict[str, Any]],
    as_of: date,
    pack: RulePack,
    kind_key: str | None = None,
) -> Target:
    """The document a finding calls for: the first kind that answers it (or the one
    asked for, if it answers it), and what the served document names."""
    offered = kinds_for(requirement, status, pack, as_of)
    if kind_key is not None:
        chosen = [k for k in offered if k.key == kind_key]
        if not chosen:
            words = title(requirement) if requirement else requirement
            raise ComposeError(
                [
                    f"kind: a {kind(kind_key).title()} does not answer a {status} finding of "
                    f"{requirement} ({words})"
                ]
            )
        offered = chosen
    if not offered:
        raise ComposeError(
            [f"finding: the law answers a {status} finding of {requirement} with no notice"]
        )
    chosen_kind = offered[0]
    ctx = context(raw, as_of, pack)
    if chosen_kind.key == "sb1383_nov":
        return Target(chosen_kind, generator_of(subject, ctx), requirement)
    if chosen_kind.key == "citation":
        notice = ctx.get(subject)
        if notice is None or notice.type != "notice":
            raise ComposeError([f"finding: {subject} is not a notice on record"])
        return Target(chosen_kind, notice.subject, notice.requirement, notice_fact=notice.id)
    if chosen_kind.key == "final_certificate":
        fact = ctx.get(subject)
        permit = fact if fact is not None and fact.type == "permit" else None
        if permit is None and fact is not None and "permit" in fact.references:
            permit = ctx.get(fact.permit)
        if permit is None:
            raise ComposeError([f"finding: {subject} names no permit to certify"])
        return Target(chosen_kind, permit.id, "PRM-CERTIFICATE")
    return Target(chosen_kind, subject, requirement)


def engine_fact(
    target: Target,
    *,
    fact_key: str,
    served_on: date,
    deadline_on: date | None,
    amount: Decimal | None = None,
) -> dict[str, Any]:
    """The engine fact a served document becomes."""
    k = target.kind
    if k.fact_type == "final_certificate":
        return {
            "id": fact_key,
            "type": "final_certificate",
            "permit": target.subject,
            "date": served_on.isoformat(),
        }
    if k.fact_type == "citation":
        fact = {
            "id": fact_key,
            "type": "citation",
            "subject": target.subject,
            "requirement": target.requirement,
            "issued_on": served_on.isoformat(),
            "notice": target.notice_fact,
        }
        if amount is not None:
            fact["amount"] = int(amount) if amount == amount.to_integral_value() else float(amount)
        return fact
    fact = {
        "id": fact_key,
        "type": "notice",
        "subject": target.subject,
        "requirement": target.requirement,
        "issued_on": served_on.isoformat(),
        "kind": k.notice_kind,
    }
    if deadline_on is not None and k.deadline != "engine":
        fact["due_on"] = deadline_on.isoformat()
    return fact


def _probe_notice(subject: str, requirement: str, served_on: date) -> dict[str, Any]:
    return {
        "id": "notice~recipient-probe",
        "type": "notice",
        "subject": subject,
        "requirement": requirement,
        "issued_on": served_on.isoformat(),
        "kind": "nov",
    }


# --------------------------------------------------------------------------- the recipient


def _language(value: Any) -> str:
    return value if value in LANGUAGES else "en"


def recipient_of(
    target: Target, raw: list[dict[str, Any]], served_on: date, pack: RulePack
) -> dict[str, Any]:
    """To whom the document goes, in which language, and who gets a copy.

    SB 1383, solid waste and permits: the owner at the tax collector's address, else
    the property's, else the party paying for service (GEN-NOTICE-ADDRESS, the
    engine's ``notice_recipient``). FOG: the establishment's operator, with a copy
    to the owner."""
    subject = target.subject
    requirement = target.requirement
    probe = _probe_notice(subject, requirement, served_on)
    derived = _evaluate([*raw, probe], served_on, pack)
    owner = derived.get((probe["id"], "notice_recipient"))
    ctx = context(raw, served_on, pack)
    fact = ctx.get(subject)
    premises = related(fact, "premises", ctx)
    establishment = related(fact, "establishment", ctx)
    owner_language = _language(getattr(premises, "owner_language", None))
    owner_entry = None
    if owner is not None:
        owner_entry = {
            "name": owner["name"],
            "address": owner["address"],
            "rule": owner["rule"],
            "language": owner_language if owner["rule"] != "service_payer" else "en",
        }
    if target.kind.recipient == "operator_and_owner" and establishment is not None:
        address = getattr(establishment, "address", None) or (
            premises.address if premises is not None else None
        )
        operator = getattr(establishment, "operator_name", None) or name_of(ctx, establishment)
        main = {
            "name": operator,
            "business": name_of(ctx, establishment),
            "address": address or "",
            "rule": "operator",
            "language": _language(getattr(establishment, "operator_language", None)),
        }
        copies = [owner_entry] if owner_entry and owner_entry["name"] != operator else []
        return {**main, "copies": copies}
    if owner_entry is None:
        raise ComposeError(
            [
                f"recipient: no owner, property address or service payer is on record for "
                f"{name_of(ctx, subject)}, so the notice has no lawful address "
                "(GEN-NOTICE-ADDRESS)"
            ]
        )
    if establishment is not None:
        business = name_of(ctx, establishment)
    elif premises is not None:  # the businesses at the premises, by name
        named = [e.name for e in ctx.referring("establishment", "premises", premises.id) if e.name]
        business = listing(named) if named else None
    else:
        business = None
    return {**owner_entry, "business": business, "copies": []}


# --------------------------------------------------------------------------- the content


def content(
    target: Target,
    *,
    code: str,
    fact_key: str,
    served_on: date,
    raw: list[dict[str, Any]],
    pack: RulePack,
    found: str,
    cite: str,
    remarks: str = "",
    amount: Decimal | None = None,
    recipient: dict[str, Any] | None = None,
    projected: bool = True,
) -> dict[str, Any]:
    """Everything the document prints, computed for service on ``served_on``.

    ``projected`` marks a draft's content: the deadline is what service on that
    day would give. ``recipient`` fixes the recipient (a citation goes to whom its
    notice went); else the ordinance's recipient is computed."""
    k = target.kind
    if recipient is None:
        recipient = recipient_of(target, raw, served_on, pack)
    ctx = context(raw, served_on, pack)
    values: dict[str, Any] = {"code": code}
    letterhead = pack.value("notice.letterhead", served_on)
    values["phone"] = letterhead["phone"]
    values["address"] = ", ".join(letterhead["address"])

    deadline_on, days = None, None
    probe_deadline = None
    if k.deadline_days_parameter:
        days = pack.value(k.deadline_days_parameter, served_on)
        deadline_on = add_days(served_on, days)
    fact = engine_fact(
        target, fact_key=fact_key, served_on=served_on, deadline_on=deadline_on, amount=amount
    )
    derived = _evaluate([*raw, fact], served_on, pack)
    if k.deadline == "engine":
        deadline_on = _date(derived.get((fact_key, "nov_compliance_due")))
        if deadline_on is None:
            raise ComposeError(["deadline: the engine gives this notice no compliance deadline"])
        days = (deadline_on - served_on).days
        probe_deadline = deadline_on
    if deadline_on is not None:
        values["deadline"] = deadline_on.isoformat()
        values["days"] = days

    review_days = pack.value("notice.review_request_days", served_on)
    values["review_days"] = review_days
    values["review_by"] = add_days(served_on, review_days).isoformat()
    values["appeal_days"] = pack.value("enf.appeal_window_days", served_on)

    ceiling = ordinal = None
    if k.follows == "ladder" and k.key == "citation":
        ceiling = derived.get((fact_key, "penalty_ceiling"))
        ordinal = derived.get((fact_key, "citation_ordinal"))
        appeal_by = _date(derived.get((fact_key, "appeal_deadline")))
        if appeal_by is not None:
            values["appeal_by"] = appeal_by.isoformat()
    elif k.follows == "ladder":
        # the citation that would follow the day after the deadline passed uncorrected
        after = add_days(probe_deadline or served_on, 1)
        probe = {
            "id": "citation~penalty-probe",
            "type": "citation",
            "subject": target.subject,
            "requirement": target.requirement,
            "issued_on": after.isoformat(),
            "notice": fact_key,
        }
        later = _evaluate([*raw, fact, probe], after, pack)
        ceiling = later.get((probe["id"], "penalty_ceiling"))
        ordinal = later.get((probe["id"], "citation_ordinal"))
    if ceiling is not None:
        values["penalty"] = dollars(ceiling)
        values["ordinal"] = ordinal
    if amount is not None:
        values["amount"] = dollars(amount)
    if k.follows == "misdemeanor":
        basis = criminal_basis(target.requirement, ctx)
        if basis is not None:
            _section, fine, months, _reading = basis
            values["fine"] = dollars(fine)
            values["months"] = months
    if k.follows == "contamination_fines":
        values["fine_from"] = pack.value("enf.contamination_fine_occasion", served_on)
        values["occasion"] = _latest_occasion(target.subject, raw, served_on, pack)

    law = []
    words = requirement_words(target.requirement)
    if words:
        law.append({"cite": cite, "words": words})
    law.append({"cite": k.authority["cite"], "words": k.authority["words"]})
    if k.consequence and k.consequence["cite"] != k.authority["cite"]:
        law.append({"cite": k.consequence["cite"], "words": k.consequence["words"]})
    signature = pack.value("notice.signatures", served_on)[k.program]
    return {
        "kind": k.key,
        "code": code,
        "fact_key": fact_key,
        "projected": projected,
        "served_on": served_on.isoformat(),
        "language": recipient["language"],
        "recipient": recipient,
        "subject": target.subject,
        "subject_name": name_of(ctx, target.subject),
        "requirement": target.requirement,
        "requirement_title": title(target.requirement),
        "cite": cite,
        "found": found,
        "remarks": remarks,
        "law": law,
        "deadline_on": deadline_on.isoformat() if deadline_on else None,
        "ceiling": ceiling,
        "ordinal": ordinal,
        "amount": to_json_value(amount) if amount is not None else None,
        "values": values,
        "letterhead": to_json_value(letterhead),
        "signature": dict(signature),
        "fact": fact,
    }


def _date(value: Any) -> date | None:
    if value is None:
        return None
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def _latest_occasion(subject: str, raw: list[dict[str, Any]], on: date, pack: RulePack) -> int:
    """The consecutive occasion of the subject's latest contamination by ``on``."""
    derived = _evaluate(raw, on, pack)
    best: tuple[str, int] | None = None
    for fact in raw:
        if fact.get("type") != "inspection" or fact.get("subject") != subject:
            continue
        occasion = derived.get((fact.get("id"), "contamination_occasion"))
        if occasion and (best is None or fact["date"] >= best[0]):
            best = (fact["date"], occasion)
    return best[1] if best else 1


def digest(content_: dict[str, Any]) -> str:
    """The SHA-256 of a notice's content, as canonical JSON (sorted keys)."""
    return hashlib.sha256(orjson.dumps(content_, option=orjson.OPT_SORT_KEYS)).hexdigest()


def next_day(day: date) -> date:
    return day + timedelta(days=1)
