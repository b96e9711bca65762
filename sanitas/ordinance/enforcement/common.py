"""What the enforcement sections share: the requirements of the enforcement process,
kinds of notice and ordinals in words, the contamination track, a notice's
corrections and granted extensions, and data problems.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from fnmatch import fnmatchcase
from typing import Any, get_args

from sanitas.ordinance.catalog import cite as catalog_cite
from sanitas.ordinance.enforcement.vocabulary import (
    REASON_WORDS,
    AppealRequest,
    Extension,
    HearingOrder,
)
from sanitas.ordinance.engine import Context
from sanitas.ordinance.general import Citation, Correction, Notice, memo
from sanitas.ordinance.general.common import ref, ref_namer
from sanitas.ordinance.general.vocabulary import NoticeKind
from sanitas.ordinance.messages import Day, Items, Name, Phrase, Word, declare, vocabulary
from sanitas.ordinance.words import listing, name_of, type_words

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


def day_of(value: date | datetime) -> date:
    return value.date() if isinstance(value, datetime) else value


def notice_to(notice: Notice, ctx: Context) -> str:
    """ "the notice of violation of 2024-03-01 to Casa Verde"."""
    return f"{name_of(ctx, notice)} to {name_of(ctx, notice.subject)}"


# --------------------------------------------------------------------------- in messages

vocabulary(*(kind_words(kind) for kind in get_args(NoticeKind)), *REASON_WORDS.values())

#: a notice or citation and whom it was served on: "the notice of violation of
#: 2024-03-01 to Casa Verde"
_SERVED_TO = declare("enf.name.to", "{document} to {subject}")


def notice_ref(notice: Notice, ctx: Context, capital: bool = False) -> Phrase:
    """:func:`notice_to` as a message's argument."""
    return served_to_ref(notice, ctx, capital)


def served_to_ref(document: Notice | Citation, ctx: Context, capital: bool = False) -> Phrase:
    """A notice or citation and whom it was served on, as a message's argument."""
    return Phrase(
        _SERVED_TO(document=ref(ctx, document), subject=ref(ctx, document.subject)),
        capital=capital,
    )


def kind_ref(kind: str) -> Word:
    """A kind of notice in the reader's words ("cart tag")."""
    return Word(kind_words(kind))


def kinds_ref(kinds: tuple[str, ...] | list[str]) -> Items:
    """:func:`kinds_phrase` as a message's argument: "cart tag or notice of violation"."""
    return Items(tuple(kind_ref(kind) for kind in kinds), "or")


def reason_ref(reason: str) -> Word:
    """An extension's reason in the reader's words ("an act of God or other emergency")."""
    return Word(REASON_WORDS[reason])


#: the first eight ordinals in words, then a numeral with its suffix, each a message
#: so that the catalogs give each language its ordinal (Spanish in the feminine: the
#: ordinals count occasions and violations, "ocasión" and "infracción")
_ORDINAL_MESSAGES = tuple(
    declare(f"enf.ordinal.{n}", word) for n, word in enumerate(_ORDINAL_WORDS, start=1)
)
_ORDINAL_SUFFIXED = {
    suffix: declare(f"enf.ordinal.{suffix}", "{n}" + suffix) for suffix in ("st", "nd", "rd", "th")
}


def ordinal_ref(n: int) -> Phrase:
    """:func:`ordinal_word` as a message's argument: "third", "9th"."""
    if 1 <= n <= len(_ORDINAL_MESSAGES):
        return Phrase(_ORDINAL_MESSAGES[n - 1]())
    return Phrase(_ORDINAL_SUFFIXED[ordinal(n)[len(str(n)) :]](n=n))


#: an enforcement record by its kind and day: "the extension of 2024-05-01"
_EVENT_OF = declare("enf.name.event-of", "{what} of {date}")
_EVENT_TYPES = ("citation", "correction", "extension", "appeal_request", "hearing_order")
vocabulary(*(f"the {type_words(kind)}" for kind in _EVENT_TYPES))


def _event_ref(ctx: Context, fact: Any, capital: bool = False) -> Any:
    """An enforcement record as ``words.name_of`` names an event, as a message's argument."""
    name = getattr(fact, "name", None)
    if isinstance(name, str) and name:
        return Name(name, capital=capital)
    what = Word(f"the {type_words(fact.type)}", capital=capital)
    dated_by = getattr(fact, "dated_by", None)
    when = getattr(fact, dated_by, None) if dated_by else None
    if when is None:
        return what
    return Phrase(_EVENT_OF(what=Word(what.text), date=Day(when)), capital=capital)


for _kind in _EVENT_TYPES:
    ref_namer(_kind)(_event_ref)


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

#: a record dated before the notice or citation it belongs to, by the record's type:
#: "The correction of 2024-02-29 is dated before the notice of violation of 2024-03-01
#: to 30 Las Tunas Dr it answers."
_DATED_BEFORE = {
    kind: declare(
        f"enf.problem.{kind.replace('_', '-')}-before",
        "{record} is dated before {document} " + verb + ".",
    )
    for kind, verb in (
        ("correction", "it answers"),
        ("extension", "it extends"),
        ("appeal_request", "it appeals"),
        ("hearing_order", "it decides"),
    )
}


def corrections_of(notice: Notice, ctx: Context) -> list[Correction]:
    """The corrections of a notice dated on or after its issue, oldest first; one
    dated before it is a data problem and counts for nothing."""

    def compute() -> list[Correction]:
        kept = []
        for correction in ctx.referring("correction", "notice", notice.id):
            if correction.date < notice.issued_on:
                ctx.data_problem(
                    [correction, notice],
                    _DATED_BEFORE["correction"](
                        record=ref(ctx, correction, capital=True), document=notice_ref(notice, ctx)
                    ),
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
                    _DATED_BEFORE["extension"](
                        record=ref(ctx, extension, capital=True), document=notice_ref(notice, ctx)
                    ),
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
                _DATED_BEFORE["appeal_request"](
                    record=ref(ctx, request, capital=True), document=ref(ctx, citation)
                ),
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
                    _DATED_BEFORE["hearing_order"](
                        record=ref(ctx, order, capital=True), document=ref(ctx, citation)
                    ),
                )
                continue
            kept.append(order)
        return kept

    return memo(ctx, ("hearing_orders", citation.id), compute)
