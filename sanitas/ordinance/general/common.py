"""What the general provisions share with every area: a value computed once per
evaluation, facts related to a fact, amounts and dates in words, the cite as the
ordinance prints it, and the day a thing existed from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any, get_args

from sanitas.ordinance.engine import Context
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general.vocabulary import NoticeKind
from sanitas.ordinance.messages import Day, Name, Phrase, Word, declare, vocabulary
from sanitas.ordinance.words import has_namer, type_words, words

# --------------------------------------------------------------------------- helpers


def memo(ctx: Context, key: tuple, compute: Callable[[], Any]) -> Any:
    """A value computed once per evaluation (the engine memoizes only derived values)."""
    cache = ctx.memo("general")
    if key not in cache:
        cache[key] = compute()
    return cache[key]


def related(fact: Fact | None, type_name: str, ctx: Context, _depth: int = 0) -> Fact | None:
    """The nearest fact of ``type_name`` reached from ``fact`` through its reference
    fields (``premises`` first, then ``establishment``, then the others): a device's
    premises is its establishment's premises."""
    if fact is None or _depth > 4:
        return None
    if fact.type == type_name:
        return fact
    order = sorted(fact.references, key=lambda name: (name != "premises", name != "establishment"))
    for name in order:
        found = related(ctx.get(getattr(fact, name)), type_name, ctx, _depth + 1)
        if found is not None:
            return found
    return None


def dollars(amount: Any) -> str:
    """``$1,000`` or ``$12.50``."""
    text = f"{amount:,.2f}"
    return "$" + (text[:-3] if text.endswith(".00") else text)


def join_dates(days: Iterable[date]) -> str:
    items = [d.isoformat() for d in days]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_FORMER_CODE = re.compile(r"^§ (6-\d+\.\d+)")


def printed_cite(cite: str) -> str:
    """A cite as the ordinance prints its section: Chapter 51's sewer sections carry
    their 1965 Code numbers ("('65 Code, § 6-8.123)"), so "§ 6-8.123" is cited
    "'65 Code § 6-8.123"; every other cite stands as the catalog resolves it."""
    return _FORMER_CODE.sub(r"'65 Code § \1", cite)


#: when a thing came to exist, by the field that records it, and how to say so
EXISTED_FROM = (
    ("opened_on", "opened"),
    ("installed_on", "was installed"),
    ("constructed_on", "was built"),
    ("connected_on", "was connected"),
    ("issued_on", "was issued"),
)


def existed_from(fact: Fact | None) -> tuple[date, str] | None:
    """The day a thing came to exist, and the words for it ("opened"), where its
    record says; None when it does not."""
    if fact is None:
        return None
    for field_name, said in EXISTED_FROM:
        day = getattr(fact, field_name, None)
        if isinstance(day, date):
            return day, said
    return None


# --------------------------------------------------------------------------- in messages

#: a notice by its kind ("the notice of violation"), and of the day it was served
_NOTICE_WORDS = {kind: f"the {words(kind)}" for kind in get_args(NoticeKind)}
vocabulary(*_NOTICE_WORDS.values())
_NOTICE_OF = declare("gen.name.notice-of", "{notice} of {date}")
#: a record no area names itself, by its kind and its day (``words.name_of``'s events)
_EVENT_OF = declare("gen.name.event-of", "the {what} of {date}")
_EVENT = declare("gen.name.event", "the {what}")


def _event_ref(fact: Any, capital: bool) -> Phrase | None:
    """ "the street excavation of 2025-04-21" in the reader's words; None for one that
    has a name of its own (named as it is)."""
    name = getattr(fact, "name", None)
    if isinstance(name, str) and name:
        return None
    what = Word(type_words(fact.type))
    dated_by = getattr(fact, "dated_by", None)
    when = getattr(fact, dated_by, None) if dated_by else None
    if when is None:
        return Phrase(_EVENT(what=what), capital=capital)
    return Phrase(_EVENT_OF(what=what, date=Day(when)), capital=capital)


#: a permit by its number, and the premises it is for
PERMIT = declare("gen.name.permit", "permit {number}")
PERMIT_FOR = declare("gen.name.permit-for", "permit {number} for {premises}")

#: how a fact of a type is named as a message's argument, by the area that names it
#: (:func:`ref_namer`)
_REF_NAMERS: dict[str, Callable[[Context, Any, bool], Any]] = {}


def ref_namer(type_name: str) -> Callable[[Callable[[Context, Any, bool], Any]], Any]:
    """Register how :func:`ref` names a fact of ``type_name``: ``fn(ctx, fact, capital)``
    returns a message argument that renders in English as ``words.name_of`` names the
    fact (an area names its own fact types, as with ``words.namer``)."""

    def register(func: Callable[[Context, Any, bool], Any]) -> Any:
        _REF_NAMERS[type_name] = func
        return func

    return register


def ref(ctx: Context, thing: Any, capital: bool = False) -> Any:
    """A thing as a message's argument, read as ``words.name_of`` says it in English: a
    notice by its kind and day ("the notice of violation of 2025-02-01"), a business,
    device or employee with no name of its own in the reader's words, a name (a
    business's, an address, a permit's number) as it is in every language."""
    fact = ctx.get(thing) if isinstance(thing, str) else thing
    kind = getattr(fact, "type", None)
    namer = _REF_NAMERS.get(kind) if kind is not None else None
    if namer is not None:
        return namer(ctx, fact, capital)
    if kind == "permit" and getattr(fact, "number", None):
        premises = ctx.get(getattr(fact, "premises", None))
        if premises is None:
            return Phrase(PERMIT(number=Name(fact.number)), capital=capital)
        return Phrase(
            PERMIT_FOR(number=Name(fact.number), premises=ref(ctx, premises)), capital=capital
        )
    if kind == "notice":
        kind = Word(_NOTICE_WORDS[getattr(fact, "kind", None) or "nov"], capital=capital)
        if getattr(fact, "issued_on", None) is None:
            return kind
        return Phrase(_NOTICE_OF(notice=kind, date=Day(fact.issued_on)), capital=capital)
    if fact is not None and kind is not None and not has_namer(kind):
        named = _event_ref(fact, capital)
        if named is not None:
            return named
    from sanitas.ordinance.fog.common import ref as described  # the areas import general

    return described(ctx, thing, capital)
