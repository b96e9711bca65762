"""What the solid waste sections share: places and services in words, the
helpers of time and hours, and what the records show of a premises' services.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general import Premises
from sanitas.ordinance.general.common import ref_namer
from sanitas.ordinance.messages import (
    Day,
    Items,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    reading_clauses,
    render,
    vocabulary,
)
from sanitas.ordinance.solid_waste.vocabulary import (
    Accumulation,
    Burial,
    CollectionAccess,
    CollectionObservation,
    CompostObservation,
    Dumping,
    GreenwasteCheck,
    HaulingService,
    PileObservation,
    RecyclablesSale,
    SetOut,
)
from sanitas.ordinance.words import listing, name_of, namer, words

# --------------------------------------------------------------------------- names

#: a premises with no address of its own, and a reference to no record on file
_PREMISES = "the premises"
_NOT_ON_FILE = "a record not on file"
vocabulary(_PREMISES, _NOT_ON_FILE)


def ref(ctx: Context, thing: Any, capital: bool = False) -> Any:
    """A thing as a message's argument, read as ``name_of`` says it in English: an
    address or a name from the facts as it is in every language, a description ("the
    pile seen at 12 Alhambra Rd on 2025-05-04") in the reader's words. ``capital``: it
    begins the English sentence."""
    fact = ctx.get(thing) if isinstance(thing, str) else thing
    if fact is None:
        return Word(_NOT_ON_FILE, capital=capital)
    if fact.type == "premises" and not getattr(fact, "address", None):
        return Word(_PREMISES, capital=capital)
    describe = _DESCRIPTIONS.get(fact.type)
    if describe is not None:
        return Phrase(describe(ctx, fact), capital=capital)
    if fact.type == "establishment" and not getattr(fact, "name", None):
        # an establishment with no name, by what it is ("the restaurant at …"), as the
        # FOG findings describe it
        from sanitas.ordinance.fog.common import ref as described

        return described(ctx, fact, capital)
    return Name(name_of(ctx, fact), capital=capital)


def declare_at(ident: str, english: str) -> dict[bool, Any]:
    """A description with and without the premises it is at ("{at}" in ``english``)."""
    return {
        False: declare(ident, english.replace("{at}", "")),
        True: declare(f"{ident}-at", english.replace("{at}", " at {premises}")),
    }


def at_args(ctx: Context, premises: str | None, **args: Any) -> tuple[bool, dict[str, Any]]:
    if premises is None:
        return False, args
    return True, {**args, "premises": ref(ctx, premises)}


_NAME_ACCUMULATION = {
    True: declare_at("sw.name.accumulation-garbage", "the garbage{at} since {date}"),
    False: declare_at("sw.name.accumulation", "the solid waste{at} since {date}"),
}
_NAME_SET_OUT = declare_at("sw.name.set-out", "the containers set out{at} for collection on {date}")
_NAME_PILE = declare_at("sw.name.pile", "the pile seen{at} on {date}")
_NAME_COMPOST = declare_at("sw.name.compost", "the compost seen{at} on {date}")
_NAME_DUMPING = declare_at("sw.name.dumping", "the dumping found{at} on {date}")
_NAME_BURIAL = declare_at("sw.name.burial", "the burial found{at} on {date}")
_NAME_GREENWASTE_CHECK = declare_at(
    "sw.name.greenwaste-check", "the greenwaste check{at} on {date}"
)
_NAME_ACCESS = declare_at("sw.name.access", "the access assessment{at} of {date}")
_NAME_FIRE_NOTICE = declare("sw.name.fire-hazard-notice", "the Fire Chief's notice of {date}")
_NAME_ARRANGED = declare("sw.name.collection-arranged", "the collection arranged on {date}")
_NAME_FOLLOW_UP = declare("sw.name.follow-up", "the follow-up observation of {date}")
_NAME_REMOVAL = declare("sw.name.removal", "the removal of {date}")
_NAME_COLLECTION = declare("sw.name.collection", "the collection by {collector} on {date}")
_NAME_SALE = {
    kind: declare(f"sw.name.{kind}", f"the {kind} of recyclables to {{buyer}} on {{date}}")
    for kind in ("sale", "donation")
}

SERVICE_WORDS = {
    "scheduled_container": "regularly scheduled container service",
    "one_time_container": "one-time bin or roll-off service",
    "own_truck_jobsite_debris": "a haul of its own jobsite debris in its own trucks",
    "hauling_service": "a waste hauling service",
}
vocabulary(*SERVICE_WORDS.values())
_NAME_HAULING = {
    kind: declare(f"sw.name.{kind.replace('_', '-')}", f"the {english} by {{provider}} on {{date}}")
    for kind, english in SERVICE_WORDS.items()
}


def _describe_accumulation(ctx: Context, fact: Accumulation) -> Message:
    at, args = at_args(ctx, fact.premises, date=Day(fact.since))
    return _NAME_ACCUMULATION[bool(fact.garbage)][at](**args)


def _describe_at(
    table: dict[bool, Any], field: str, fact_type: type
) -> Callable[[Context, Any], Message]:
    def describe(ctx: Context, fact: Any) -> Message:
        at, args = at_args(ctx, fact.premises, date=Day(getattr(fact, field)))
        return table[at](**args)

    describe.__name__ = f"_describe_{fact_type.__name__}"
    return describe


def _describe_on(make: Any, field: str) -> Callable[[Context, Any], Message]:
    return lambda ctx, fact: make(date=Day(getattr(fact, field)))


def _describe_collection(ctx: Context, fact: CollectionObservation) -> Message:
    return _NAME_COLLECTION(collector=Name(fact.collector), date=Day(fact.date))


def _describe_hauling(ctx: Context, fact: HaulingService) -> Message:
    return _NAME_HAULING[fact.kind](provider=Name(fact.provider), date=Day(fact.date))


def _describe_sale(ctx: Context, fact: RecyclablesSale) -> Message:
    return _NAME_SALE[fact.kind](buyer=Name(fact.buyer), date=Day(fact.date))


#: how each solid waste fact is described, as a message (the English its name)
_DESCRIPTIONS: dict[str, Callable[[Context, Any], Message]] = {
    "accumulation": _describe_accumulation,
    "set_out": _describe_at(_NAME_SET_OUT, "collection_day", SetOut),
    "fire_hazard_notice": _describe_on(_NAME_FIRE_NOTICE, "date"),
    "hazard_collection_arranged": _describe_on(_NAME_ARRANGED, "date"),
    "follow_up_observation": _describe_on(_NAME_FOLLOW_UP, "observed_at"),
    "accumulation_removal": _describe_on(_NAME_REMOVAL, "removed_at"),
    "pile_observation": _describe_at(_NAME_PILE, "date", PileObservation),
    "compost_observation": _describe_at(_NAME_COMPOST, "date", CompostObservation),
    "dumping": _describe_at(_NAME_DUMPING, "date", Dumping),
    "burial": _describe_at(_NAME_BURIAL, "date", Burial),
    "collection_observation": _describe_collection,
    "hauling_service": _describe_hauling,
    "recyclables_sale": _describe_sale,
    "greenwaste_check": _describe_at(_NAME_GREENWASTE_CHECK, "date", GreenwasteCheck),
    "collection_access": _describe_at(_NAME_ACCESS, "date", CollectionAccess),
}


def _name_by_description(ctx: Context, fact: Any) -> str:
    return render(_DESCRIPTIONS[fact.type](ctx, fact))


def _ref_by_description(ctx: Context, fact: Any, capital: bool) -> Phrase:
    return Phrase(_DESCRIPTIONS[fact.type](ctx, fact), capital=capital)


for _type in _DESCRIPTIONS:
    namer(_type)(_name_by_description)
    # another area's message names these records in the reader's words too (a
    # misdemeanor referral of a sale of recyclables: general.common.ref)
    ref_namer(_type)(_ref_by_description)


# --------------------------------------------------------------------------- helpers

#: a set-out location as a sentence says where containers stood or go
_PLACE_WORDS = {
    "alley_line": "at the alley property line",
    "curb": "at the curb",
    "parkway": "in the parkway",
    "rear": "at the rear",
    "side": "at the side",
    "front_yard": "in the front yard",
    "street": "in the street",
    "driveway": "in the driveway",
    "sidewalk": "on the sidewalk",
}

#: where a pile or compost was seen, as a sentence says it
_YARD_WORDS = {
    "rear_yard": "in the rear yard",
    "side_yard": "in the side yard",
    "front_yard": "in the front yard",
    "street": "in the street",
    "alley": "in the alley",
    "parkway": "in the parkway",
    "public_place": "in a public place",
    "vacant_lot": "on a vacant lot",
    "unimproved_lot": "on an unimproved lot",
    "other_place": "in another place",
}


def place_words(location: str) -> str:
    """A set-out location as a sentence says it: ``parkway`` → "in the parkway"."""
    return _PLACE_WORDS.get(location) or f"at the {words(location)}"


def alternatives(locations: Iterable[str]) -> str:
    """``("parkway", "curb")`` → "in the parkway or at the curb"."""
    return listing([place_words(loc) for loc in locations], "or")


def yard_words(location: str) -> str:
    return _YARD_WORDS.get(location) or f"in the {words(location)}"


vocabulary(*_PLACE_WORDS.values(), *_YARD_WORDS.values())
#: a place the vocabulary does not know, named as the records have it
_AT_THE = declare("sw.place.at-the", "at the {place}")
_IN_THE = declare("sw.place.in-the", "in the {place}")


def place_word(location: str) -> Any:
    """A set-out location as a sentence says where containers stood or go: ``parkway``
    → "in the parkway"; a place the vocabulary does not know, by its own words."""
    known = _PLACE_WORDS.get(location)
    if known is not None:
        return Word(known)
    return Phrase(_AT_THE(place=Name(words(location))))


def place_choices(locations: Iterable[str]) -> Items:
    """``("parkway", "curb")`` → "in the parkway or at the curb"."""
    return Items(tuple(place_word(loc) for loc in locations), "or")


def yard_word(location: str) -> Any:
    """Where a pile or compost was seen: ``rear_yard`` → "in the rear yard"."""
    known = _YARD_WORDS.get(location)
    if known is not None:
        return Word(known)
    return Phrase(_IN_THE(place=Name(words(location))))


def cite_parts(section: str, parts: Iterable[str]) -> str:
    """``("Ch. 50 storage", ["(C)", "(A)"])`` → "Ch. 50 storage (A), (C)"; with no
    parts, the section alone."""
    named = sorted(dict.fromkeys(p for p in parts if p))
    return f"{section} {', '.join(named)}" if named else section


def full_sentence(text: str) -> str:
    """``text`` ended with one full stop (a last word such as "in." keeps its own)."""
    return text if text.endswith(".") else text + "."


def readings_sentence(parts: Iterable[Message | None]) -> Message | None:
    """The readings an outcome relied on, each a clause, as one sentence for staff (or
    None)."""
    return reading_clauses(parts)


def _as_of_moment(ctx: Context) -> datetime:
    """The as-of date as a moment (reading ``sw.as_of_moment``)."""
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return datetime.combine(ctx.as_of, time())
    return datetime.combine(add_days(ctx.as_of, 1), time())


def has_passed(limit: datetime, ctx: Context) -> bool:
    """Whether ``limit`` has passed by the as-of date (read as a moment)."""
    return limit < _as_of_moment(ctx)


def moment_reading(limit: datetime, ctx: Context) -> Message | None:
    """The reading that decided whether a limit falling on the as-of date has passed."""
    if limit.date() != ctx.as_of:
        return None
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return _MOMENT_FIRST
    return _MOMENT_LAST


_MOMENT_FIRST = declare(
    "sw.reading.as-of-first-moment",
    "the as-of date is read as its first moment (00:00), so a limit that day has not passed",
)()
_MOMENT_LAST = declare(
    "sw.reading.as-of-last-moment",
    "the as-of date is read as its last moment (24:00), so a limit that day has passed",
)()
EVIDENCE_READING = declare(
    "sw.reading.evidence",
    "only a record showing it there after the limit (an observation, a follow-up "
    "observation or a removal after it) shows the limit broken",
)()


def in_force_on(start: date, end: date | None, on: date) -> bool:
    """In force on ``on``: started, and not ended before it (the end day counts)."""
    return start <= on and (end is None or on <= end)


def zone_of(premises: Premises | None) -> str | None:
    if premises is None or premises.zone is None:
        return None
    return premises.zone.strip().upper()


def _key(fact: Fact) -> str | None:
    """How a data problem names a fact: its id, else the fact it belongs to."""
    if fact.id is not None:
        return fact.id
    for name in fact.references:
        target = getattr(fact, name)
        if target is not None:
            return target
    return None


def report_problem(ctx: Context, facts: Iterable[Fact], problem: Message) -> None:
    ctx.data_problem(list(dict.fromkeys(_key(f) for f in facts)), problem)


# --------------------------------------------------------------------------- what the records show


@dataclass(frozen=True)
class Trail:
    """What the records show of solid waste, or containers, after it began: the last
    moment a record shows it there, and the first that shows it gone."""

    seen: datetime  # the last moment a record shows it there
    seen_again: bool  # that record is a follow-up observation
    removed: datetime | None  # when it was removed (collected, or taken in)
    gone: datetime | None  # a follow-up observation found it gone (removed by then)


#: what a record shows of a thing (solid waste, or containers set out), as a data
#: problem says it: "{name} seen", "{name} removed"
_EVENTS = {
    verb: declare(f"sw.problem.event.{verb.replace(' ', '-')}", "{name} " + verb)
    for verb in ("seen", "seen still there", "found gone", "removed", "set out")
}
#: a record dated before the thing began (they: containers set out)
_BEFORE_IT_BEGAN = {
    False: declare(
        "sw.problem.before-it-began",
        "The records show {event} at {at}, before it began at {start}.",
    ),
    True: declare(
        "sw.problem.before-set-out",
        "The records show {event} at {at}, before they were set out at {start}.",
    ),
}
#: a removal after a follow-up observation found the thing gone
_REMOVED_AFTER_GONE = {
    False: declare(
        "sw.problem.removed-after-gone",
        "The records show {name} removed at {removed}, after a follow-up observation found it "
        "gone at {gone}.",
    ),
    True: declare(
        "sw.problem.removed-after-gone-them",
        "The records show {name} removed at {removed}, after a follow-up observation found them "
        "gone at {gone}.",
    ),
}
#: a sighting after a record of the thing gone, by how it went
_AFTER_GONE = {
    (plural_, how): declare(
        f"sw.problem.after-{how.replace(' ', '-')}" + ("-them" if plural_ else ""),
        "The records show {event} at {at}, after "
        + ("they were " if plural_ else "it was ")
        + how
        + " at {gone}.",
    )
    for plural_ in (False, True)
    for how in ("removed", "found gone")
}
_SET_OUT_LATE = declare(
    "sw.problem.set-out-after-collection",
    "The records show containers at {premises} set out at {placed} for collection on {day}, "
    "which had already passed.",
)


def _build_trail(
    ctx: Context,
    thing: Fact,
    began: datetime,
    presence: list[tuple[datetime, Fact, str]],
    removals: list[tuple[datetime, Fact, str]],
    plural_: bool = False,
) -> Trail | None:
    """The trail of ``thing`` from its records and its follow-up observations, or
    None (and data problems reported) when they contradict each other: a record
    before it began, a sighting after a record of it gone, a removal after a
    follow-up found it gone. Each record carries what it shows ("seen", "removed":
    a key of ``_EVENTS``)."""
    name = ref(ctx, thing)
    follow_ups = ctx.referring("follow_up_observation", "subject", thing.id)
    seen = list(presence)
    gone: list[tuple[datetime, Fact, str]] = []
    for follow_up in follow_ups:
        if follow_up.still_there:  # type: ignore[attr-defined]
            seen.append((follow_up.observed_at, follow_up, "seen still there"))  # type: ignore[attr-defined]
        else:
            gone.append((follow_up.observed_at, follow_up, "found gone"))  # type: ignore[attr-defined]
    consistent = True
    early: list[tuple[datetime, Fact, str]] = []
    for record in [*seen, *removals, *gone]:
        moment, fact, verb = record
        if moment < began:
            consistent = False
            early.append(record)
            report_problem(
                ctx,
                [fact, thing],
                _BEFORE_IT_BEGAN[plural_](
                    event=Phrase(_EVENTS[verb](name=name)), at=Day(moment), start=Day(began)
                ),
            )
    # a record already reported as dated before the start is not compared again
    seen = [r for r in seen if r not in early]
    removals = [r for r in removals if r not in early]
    gone = [r for r in gone if r not in early]
    removal = min(removals, key=lambda r: r[0]) if removals else None
    found_gone = min(gone, key=lambda g: g[0]) if gone else None
    if removal is not None and found_gone is not None and removal[0] > found_gone[0]:
        consistent = False
        report_problem(
            ctx,
            [removal[1], found_gone[1], thing],
            _REMOVED_AFTER_GONE[plural_](
                name=name, removed=Day(removal[0]), gone=Day(found_gone[0])
            ),
        )
    first_gone = removal or found_gone
    if first_gone is not None:
        for moment, fact, verb in seen:
            if moment > first_gone[0]:
                consistent = False
                report_problem(
                    ctx,
                    [fact, first_gone[1], thing],
                    _AFTER_GONE[plural_, first_gone[2]](
                        event=Phrase(_EVENTS[verb](name=name)),
                        at=Day(moment),
                        gone=Day(first_gone[0]),
                    ),
                )
    if not consistent or not seen:
        return None
    last = max(seen, key=lambda s: s[0])
    return Trail(
        seen=last[0],
        seen_again=last[1].type == "follow_up_observation",
        removed=removal[0] if removal else None,
        gone=found_gone[0] if found_gone else None,
    )


def accumulation_trail(accumulation: Accumulation, ctx: Context) -> Trail | None:
    """The accumulation's trail (memoized), or None when its records contradict each
    other."""
    memo = ctx.memo("sw.accumulation_trail")
    if accumulation.id not in memo:
        removals = [
            (removal.removed_at, removal, "removed")  # type: ignore[attr-defined]
            for removal in ctx.referring("accumulation_removal", "accumulation", accumulation.id)
        ]
        memo[accumulation.id] = _build_trail(
            ctx,
            accumulation,
            accumulation.since,
            [(accumulation.observed_at, accumulation, "seen")],
            removals,
        )
    return memo[accumulation.id]


def _removed_at(set_out: SetOut, ctx: Context) -> datetime | None:
    """The set-out's removal, unless dated after the as-of date (not yet happened)."""
    removed = set_out.removed_at
    return removed if removed is not None and removed.date() <= ctx.as_of else None


def set_out_trail(set_out: SetOut, ctx: Context) -> Trail | None:
    """The set-out's trail (memoized), or None when its records contradict each
    other (set out after its collection day, removed before it was set out)."""
    memo = ctx.memo("sw.set_out_trail")
    if set_out.id not in memo:
        if set_out.placed_at.date() > set_out.collection_day:
            report_problem(
                ctx,
                [set_out],
                _SET_OUT_LATE(
                    premises=ref(ctx, set_out.premises),
                    placed=Day(set_out.placed_at),
                    day=Day(set_out.collection_day),
                ),
            )
            memo[set_out.id] = None
        else:
            removed = _removed_at(set_out, ctx)
            memo[set_out.id] = _build_trail(
                ctx,
                set_out,
                set_out.placed_at,
                [(set_out.placed_at, set_out, "set out")],
                [(removed, set_out, "removed")] if removed is not None else [],
                plural_=True,
            )
    return memo[set_out.id]
