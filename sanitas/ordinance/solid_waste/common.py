"""What the solid waste sections share: places and services in words, the
helpers of time and hours, and what the records show of a premises' services.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.general import Premises
from sanitas.ordinance.solid_waste.vocabulary import (
    Accumulation,
    AccumulationRemoval,
    Burial,
    CollectionAccess,
    CollectionObservation,
    CompostObservation,
    Dumping,
    FireHazardNotice,
    FollowUpObservation,
    GreenwasteCheck,
    HaulingService,
    HazardCollectionArranged,
    PileObservation,
    RecyclablesSale,
    SetOut,
)
from sanitas.ordinance.words import capital, day, listing, name_of, namer, words

# --------------------------------------------------------------------------- names


def _at(ctx: Context, premises: str | None) -> str:
    return f" at {name_of(ctx, premises)}" if premises is not None else ""


@namer("accumulation")
def _name_accumulation(ctx: Context, fact: Accumulation) -> str:
    what = "garbage" if fact.garbage else "solid waste"
    return f"the {what}{_at(ctx, fact.premises)} since {day(fact.since)}"


@namer("set_out")
def _name_set_out(ctx: Context, fact: SetOut) -> str:
    where = _at(ctx, fact.premises)
    return f"the containers set out{where} for collection on {day(fact.collection_day)}"


@namer("fire_hazard_notice")
def _name_fire_hazard_notice(ctx: Context, fact: FireHazardNotice) -> str:
    return f"the Fire Chief's notice of {day(fact.date)}"


@namer("hazard_collection_arranged")
def _name_arrangement(ctx: Context, fact: HazardCollectionArranged) -> str:
    return f"the collection arranged on {day(fact.date)}"


@namer("follow_up_observation")
def _name_follow_up(ctx: Context, fact: FollowUpObservation) -> str:
    return f"the follow-up observation of {day(fact.observed_at)}"


@namer("accumulation_removal")
def _name_removal(ctx: Context, fact: AccumulationRemoval) -> str:
    return f"the removal of {day(fact.removed_at)}"


@namer("pile_observation")
def _name_pile(ctx: Context, fact: PileObservation) -> str:
    return f"the pile seen{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("compost_observation")
def _name_compost(ctx: Context, fact: CompostObservation) -> str:
    return f"the compost seen{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("dumping")
def _name_dumping(ctx: Context, fact: Dumping) -> str:
    return f"the dumping found{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("burial")
def _name_burial(ctx: Context, fact: Burial) -> str:
    return f"the burial found{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("collection_observation")
def _name_collection(ctx: Context, fact: CollectionObservation) -> str:
    return f"the collection by {fact.collector} on {day(fact.date)}"


@namer("hauling_service")
def _name_hauling(ctx: Context, fact: HaulingService) -> str:
    return f"the {SERVICE_WORDS[fact.kind]} by {fact.provider} on {day(fact.date)}"


@namer("recyclables_sale")
def _name_sale(ctx: Context, fact: RecyclablesSale) -> str:
    return f"the {fact.kind} of recyclables to {fact.buyer} on {day(fact.date)}"


@namer("greenwaste_check")
def _name_greenwaste_check(ctx: Context, fact: GreenwasteCheck) -> str:
    return f"the greenwaste check{_at(ctx, fact.premises)} on {day(fact.date)}"


@namer("collection_access")
def _name_access(ctx: Context, fact: CollectionAccess) -> str:
    return f"the access assessment{_at(ctx, fact.premises)} of {day(fact.date)}"


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


def cite_parts(section: str, parts: Iterable[str]) -> str:
    """``("Ch. 50 storage", ["(C)", "(A)"])`` → "Ch. 50 storage (A), (C)"; with no
    parts, the section alone."""
    named = sorted(dict.fromkeys(p for p in parts if p))
    return f"{section} {', '.join(named)}" if named else section


def full_sentence(text: str) -> str:
    """``text`` ended with one full stop (a last word such as "in." keeps its own)."""
    return text if text.endswith(".") else text + "."


def readings_sentence(parts: Iterable[str | None]) -> str | None:
    """The readings an outcome relied on, as one sentence for staff (or None)."""
    named = [p for p in dict.fromkeys(parts) if p]
    return capital("; ".join(named)) + "." if named else None


def _as_of_moment(ctx: Context) -> datetime:
    """The as-of date as a moment (reading ``sw.as_of_moment``)."""
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return datetime.combine(ctx.as_of, time())
    return datetime.combine(add_days(ctx.as_of, 1), time())


def has_passed(limit: datetime, ctx: Context) -> bool:
    """Whether ``limit`` has passed by the as-of date (read as a moment)."""
    return limit < _as_of_moment(ctx)


def moment_reading(limit: datetime, ctx: Context) -> str | None:
    """The reading that decided whether a limit falling on the as-of date has passed."""
    if limit.date() != ctx.as_of:
        return None
    if ctx.param("sw.as_of_moment") == "start_of_day":
        return (
            "the as-of date is read as its first moment (00:00), so a limit that day has not passed"
        )
    return "the as-of date is read as its last moment (24:00), so a limit that day has passed"


EVIDENCE_READING = (
    "only a record showing it there after the limit (an observation, a follow-up "
    "observation or a removal after it) shows the limit broken"
)


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


def report_problem(ctx: Context, facts: Iterable[Fact], text: str) -> None:
    ctx.data_problem(list(dict.fromkeys(_key(f) for f in facts)), text)


# --------------------------------------------------------------------------- what the records show


@dataclass(frozen=True)
class Trail:
    """What the records show of solid waste, or containers, after it began: the last
    moment a record shows it there, and the first that shows it gone."""

    seen: datetime  # the last moment a record shows it there
    seen_again: bool  # that record is a follow-up observation
    removed: datetime | None  # when it was removed (collected, or taken in)
    gone: datetime | None  # a follow-up observation found it gone (removed by then)


def _build_trail(
    ctx: Context,
    thing: Fact,
    began: datetime,
    began_words: str,
    presence: list[tuple[datetime, Fact, str]],
    removals: list[tuple[datetime, Fact, str]],
    plural_: bool = False,
) -> Trail | None:
    """The trail of ``thing`` from its records and its follow-up observations, or
    None (and data problems reported) when they contradict each other: a record
    before it began, a sighting after a record of it gone, a removal after a
    follow-up found it gone."""
    name = name_of(ctx, thing)
    it, was = ("them", "they were") if plural_ else ("it", "it was")
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
                f"The records show {name} {verb} at {day(moment)}, before {began_words} at "
                f"{day(began)}.",
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
            f"The records show {name} removed at {day(removal[0])}, after a follow-up "
            f"observation found {it} gone at {day(found_gone[0])}.",
        )
    first_gone = removal or found_gone
    if first_gone is not None:
        for moment, fact, verb in seen:
            if moment > first_gone[0]:
                consistent = False
                report_problem(
                    ctx,
                    [fact, first_gone[1], thing],
                    f"The records show {name} {verb} at {day(moment)}, after {was} "
                    f"{first_gone[2]} at {day(first_gone[0])}.",
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
            "it began",
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
                f"The records show containers at {name_of(ctx, set_out.premises)} set out at "
                f"{day(set_out.placed_at)} for collection on {day(set_out.collection_day)}, "
                "which had already passed.",
            )
            memo[set_out.id] = None
        else:
            removed = _removed_at(set_out, ctx)
            memo[set_out.id] = _build_trail(
                ctx,
                set_out,
                set_out.placed_at,
                "they were set out",
                [(set_out.placed_at, set_out, "set out")],
                [(removed, set_out, "removed")] if removed is not None else [],
                plural_=True,
            )
    return memo[set_out.id]


# --------------------------------------------------------------------------- SW-EXCLUSIVE-HAULER

SERVICE_WORDS = {
    "scheduled_container": "regularly scheduled container service",
    "one_time_container": "one-time bin or roll-off service",
    "own_truck_jobsite_debris": "a haul of its own jobsite debris in its own trucks",
    "hauling_service": "a waste hauling service",
}
