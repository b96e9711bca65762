"""What a notice says: its legal terms from the engine's one pure call
(:func:`sanitas.ordinance.notice_terms.notice_terms`), with what the city prints
around them.

Nothing here is typed by staff, and nothing here decides the law: the deadline
(a date, or "immediately" where the section says so), the correction the section
requires, the consequences it carries, the penalty step and ceiling of the ladder,
the review or appeal and by when, the sections quoted, the recipient the ordinance
names, and every reason the document may not issue on its day of service
(``refusals``) are the engine's. This module gives it the records (as the sweep reads
them) and a service date, and adds the letterhead, the signature block, what was
found (the finding's explanation) and staff's free text (the remarks), which is
carried beside the computed parts, never inside them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import orjson

from sanitas.notices.kinds import LANGUAGES, Kind, kind, kinds_for
from sanitas.ordinance.catalog import title
from sanitas.ordinance.engine import Context, FactIndex, evaluate_facts
from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.ordinance.notice_terms import (
    DocumentAsk,
    NoticeDocument,
    TermsError,
    resolve_target,
    running_notice,
    section_words,
)
from sanitas.ordinance.notice_terms import recipient_of as _recipient_of
from sanitas.ordinance.pack import RulePack
from sanitas.ordinance.words import name_of


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

    def terms_target(self) -> Any:
        from sanitas.ordinance.notice_terms import Target as LawTarget

        return LawTarget(self.kind.key, self.subject, self.requirement, self.notice_fact)


def requirement_words(requirement: str) -> str | None:
    """The ordinance's words for ``requirement``, where a rule quotes them."""
    return section_words(requirement)


# --------------------------------------------------------------------------- evaluation


def _parsed(raw: list[dict[str, Any]]) -> list[Any]:
    try:
        return parse_facts(raw)
    except FactsError as exc:
        raise ComposeError(exc.problems) from None


def derived_values(
    raw: list[dict[str, Any]], as_of: date, pack: RulePack
) -> dict[tuple[str, str], Any]:
    """The derived values of an evaluation of ``raw`` as of ``as_of``, by (subject, name)."""
    evaluation = evaluate_facts(_parsed(raw), as_of=as_of, pack=pack)
    return {(d.subject, d.name): d.value for d in evaluation.derived}


def context(raw: list[dict[str, Any]], as_of: date, pack: RulePack) -> Context:
    """A context over the records, for the engine's naming and lookups."""
    facts = _parsed(raw)
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
    asked for, if it answers it), and what the served document names. Refused while a
    notice of the same kind on record still gives time to comply with the same
    requirement (``running_notice``)."""
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
    try:
        found = resolve_target(chosen_kind.key, requirement, subject, ctx)
    except TermsError as exc:
        raise ComposeError(exc.problems) from None
    running = running_notice(found, ctx)
    if running is not None:
        raise ComposeError([f"finding: as of {as_of} {running}"])
    return Target(chosen_kind, found.subject, found.requirement, found.notice)


# --------------------------------------------------------------------------- the recipient


def _language(value: Any) -> str:
    return value if value in LANGUAGES else "en"


def _printed_recipient(found: dict[str, Any]) -> dict[str, Any]:
    """The engine's recipient with the languages the notices are printed in."""
    copies = [{**c, "language": _language(c.get("language"))} for c in found.get("copies", [])]
    return {**found, "language": _language(found.get("language")), "copies": copies}


def recipient_of(
    target: Target, raw: list[dict[str, Any]], served_on: date, pack: RulePack
) -> dict[str, Any]:
    """To whom the document goes, in which language, and who gets a copy.

    SB 1383, solid waste and permits: the owner at the tax collector's address, else
    the property's, else the party paying for service (GEN-NOTICE-ADDRESS, the
    engine's ``notice_recipient``). FOG: the establishment's operator, with a copy
    to the owner."""
    ctx = context(raw, served_on, pack)
    found = _recipient_of(target.kind.law, target.terms_target(), ctx)
    if found is None:
        raise ComposeError(
            [
                f"recipient: no owner, property address or service payer is on record for "
                f"{name_of(ctx, target.subject)}, so the notice has no lawful address "
                "(GEN-NOTICE-ADDRESS)"
            ]
        )
    return _printed_recipient(found)


# --------------------------------------------------------------------------- the content

#: a recipient the records do not give: printed blank, so that nothing issues to it
NO_RECIPIENT = {"name": "", "address": "", "rule": None, "language": "en", "copies": []}


def ask(
    target: Target,
    *,
    fact_key: str,
    served_on: date,
    cite: str,
    amount: Decimal | None = None,
    recipient: dict[str, Any] | None = None,
    approved: bool = False,
    referral_on: date | None = None,
    finding: dict[str, Any] | None = None,
) -> DocumentAsk:
    """The question the law answers for a document of ``target`` served on
    ``served_on`` (:class:`~sanitas.ordinance.notice_terms.DocumentAsk`). ``recipient``
    fixes the recipient (a citation goes to whom its notice went); ``finding`` names
    the finding the document answers when not the target's own."""
    return DocumentAsk(
        kind=target.kind.key,
        program=target.kind.program,
        subject=target.subject,
        requirement=target.requirement,
        notice=target.notice_fact,
        served_on=served_on,
        document_id=fact_key,
        finding=finding,
        cite=cite,
        amount=amount,
        recipient=recipient,
        approved=approved,
        referral_on=referral_on,
    )


def content(
    document: NoticeDocument,
    *,
    code: str,
    found: str,
    found_message: dict[str, Any] | None = None,
    remarks: str = "",
    projected: bool = True,
) -> dict[str, Any]:
    """Everything the document prints, from the law's ``document`` (its legal terms as
    ``terms``, JSON, and ``refusals``, one line per reason it may not issue on its day
    of service; empty when it may), with the case code, what was found (the English, and
    the engine's message where it said it as one) and staff's remarks. ``projected``
    marks a draft's content: the deadline is what service on that day would give. Reads
    ``document`` only: the law was asked below."""
    asked = document.ask
    recipient = asked.recipient
    if recipient is None:
        recipient = (
            _printed_recipient(document.recipient)
            if document.recipient is not None
            else NO_RECIPIENT
        )
    letterhead = document.letterhead
    values: dict[str, Any] = {
        "code": code,
        "phone": letterhead["phone"],
        "address": ", ".join(letterhead["address"]),
        **document.values,
    }
    penalty = document.penalty
    deadline_on = document.deadline_on
    return {
        "kind": asked.kind,
        "code": code,
        "fact_key": asked.document_id,
        "projected": projected,
        "served_on": asked.served_on.isoformat(),
        "language": recipient["language"],
        "recipient": recipient,
        "subject": asked.subject,
        "subject_name": document.subject_name,
        "subject_message": document.subject_message,
        "requirement": asked.requirement,
        "requirement_title": document.requirement_title,
        "cite": asked.cite,
        "found": found,
        "found_message": found_message,
        "remarks": remarks,
        "law": document.law,
        "deadline_on": deadline_on.isoformat() if deadline_on else None,
        "ceiling": penalty["ceiling"] if penalty is not None else None,
        "ordinal": penalty["ordinal"] if penalty is not None else None,
        "amount": document.amount,
        "values": values,
        "letterhead": letterhead,
        "signature": document.signature,
        "fact": document.fact,
        "terms": document.terms,
        "refusals": list(document.refusals),
    }


def as_date(value: Any) -> date | None:
    if value is None:
        return None
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def digest(content_: dict[str, Any]) -> str:
    """The SHA-256 of a notice's content, as canonical JSON (sorted keys)."""
    return hashlib.sha256(orjson.dumps(content_, option=orjson.OPT_SORT_KEYS)).hexdigest()
