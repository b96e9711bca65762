"""Ch. 50 time limits (SW-ACCUMULATION-TIME), accumulation that is a hazard
('65 § 6-4.104, SW-ACCUMULATION-HAZARD) and the means of disposal ('65 § 6-4.105,
SW-DISPOSAL-MEANS).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, get_args

from sanitas.ordinance.calendar import add_counted_hours, add_days
from sanitas.ordinance.engine import Context, Outcome, derived, due, late, met, rule, violation
from sanitas.ordinance.general import Premises
from sanitas.ordinance.general.vocabulary import PremisesUse
from sanitas.ordinance.messages import (
    Count,
    Day,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.organics.vocabulary import CollectionService, Stream
from sanitas.ordinance.solid_waste.common import (
    EVIDENCE_READING,
    Trail,
    accumulation_trail,
    cite_parts,
    has_passed,
    in_force_on,
    moment_reading,
    readings_sentence,
    ref,
    report_problem,
    zone_of,
)
from sanitas.ordinance.solid_waste.vocabulary import Accumulation, FireHazardNotice
from sanitas.ordinance.words import words

# --------------------------------------------------------------------------- SW-ACCUMULATION-TIME


@dataclass(frozen=True)
class AccumulationLimit:
    """How long an accumulation may stay, and why."""

    counted: bool  # the 48-hour limit, Sundays and holidays excepted
    basis: Phrase  # the words of the limit that apply, a clause of the findings
    period_end: datetime  # before any holiday-week extension
    holiday: date | None  # the holiday in the week the period ends, if any
    deadline: datetime
    cite: str  # the subdivisions the limit comes from
    readings: tuple[Message, ...]  # the readings the limit relied on


def _period_end_day(moment: datetime) -> date:
    """The day a period ending at ``moment`` ends on (a period ending at 00:00 ends
    with the day before)."""
    return (moment - timedelta(minutes=1)).date()


def accumulation_limit(accumulation: Accumulation, ctx: Context) -> AccumulationLimit:
    """The limit of SW-ACCUMULATION-TIME for one accumulation."""
    on = accumulation.since.date()
    zone = zone_of(ctx.get(accumulation.premises))  # type: ignore[arg-type]
    short_zones = {z.upper() for z in ctx.param("sw.short_limit_zones", on=on)}
    days = ctx.param("sw.standard_limit_days", on=on)
    week = Word(_ONE_WEEK) if days == 7 else Phrase(_DAYS(n=Count(days)))
    readings: list[Message] = []
    if accumulation.garbage and zone in short_zones:
        hours = ctx.param("sw.short_limit_hours", on=on)
        counted = True
        parts = ["(A)(1)"]
        basis = _LIMIT_HOURS(zone=Name(zone or ""), n=Count(hours))
        readings.append(_COUNTED_HOURS)
        end = add_counted_hours(accumulation.since, hours, ctx.calendar)
    else:
        counted = False
        if accumulation.garbage:
            parts = ["(A)(2)"]
            if zone:
                basis = _LIMIT_ZONE(zone=Name(zone), week=week)
            else:
                basis = _LIMIT_NO_ZONE(week=week)
                readings.append(_NO_ZONE_READING)
        else:
            parts = ["(B)"]
            basis = _LIMIT_OTHER(week=week)
        end = accumulation.since + timedelta(days=days)
    holiday = ctx.calendar.week_holiday(_period_end_day(end))
    limit = end
    if holiday is not None:
        parts.append("(C)")
        extra = ctx.param("sw.holiday_extension_days", on=on)
        if counted and ctx.param("sw.holiday_extension_counted", on=on):
            limit = add_counted_hours(end, 24 * extra, ctx.calendar)
            readings.append(_HOLIDAY_COUNTED(zone=Count(hours), n=Count(24 * extra)))
        else:
            limit = end + timedelta(days=extra)
    return AccumulationLimit(
        counted,
        Phrase(basis),
        end,
        holiday,
        limit,
        cite_parts("Ch. 50 time limits", parts),
        tuple(readings),
    )


_ONE_WEEK = "one week"
vocabulary(_ONE_WEEK)
_DAYS = declare("sw.limit.days", "{n} day", plural="{n} days", count="n")
_LIMIT_HOURS = declare(
    "sw.limit.hours",
    "in zone {zone} garbage may stay {n} hour, not counting Sundays and holidays",
    plural="in zone {zone} garbage may stay {n} hours, not counting Sundays and holidays",
    count="n",
)
_LIMIT_ZONE = declare("sw.limit.zone", "in zone {zone} garbage may stay {week}")
_LIMIT_NO_ZONE = declare("sw.limit.no-zone", "with no zone on record, garbage may stay {week}")
_LIMIT_OTHER = declare(
    "sw.limit.other", "solid waste other than garbage may stay {week} in any zone"
)
_COUNTED_HOURS = declare(
    "sw.reading.counted-hours",
    '"Sundays and holidays excepted" counts only the hours of days that are neither a Sunday '
    "nor a holiday",
)()
_NO_ZONE_READING = declare(
    "sw.reading.no-zone",
    "a premises with no recorded zone is held to the one-week limit of all other areas, the "
    "longer of the two",
)()
_HOLIDAY_COUNTED = declare(
    "sw.reading.holiday-counted",
    "in a {zone}-hour zone the additional day of a holiday week is {n} more counted hour, "
    "Sundays and holidays still excepted",
    plural="in a {zone}-hour zone the additional day of a holiday week is {n} more counted "
    "hours, Sundays and holidays still excepted",
    count="n",
)


@derived("accumulation_deadline", on="accumulation", requirement="SW-ACCUMULATION-TIME")
def accumulation_deadline(accumulation: Accumulation, ctx: Context) -> datetime | None:
    """Ch. 50 time limits: "(A) Solid waste including garbage shall not be accumulated
    or stored for a period of time in excess of: (1) Commercial and Industrial zoned
    areas (C-1, C-3, M-1 and MD): 48 hours. (Sundays and holidays excepted.) (2) All
    other areas: one week. (B) Solid waste other than garbage shall not be stored or
    accumulated for a period of time in excess of one week. (C) The above periods of
    time which end in any week in which a holiday occurs shall be extended one
    additional day." Null when the accumulation's records contradict each other."""
    if accumulation_trail(accumulation, ctx) is None:
        return None
    return accumulation_limit(accumulation, ctx).deadline


@rule("SW-ACCUMULATION-TIME", on="accumulation")
def accumulation_time(accumulation: Accumulation, ctx: Context) -> Outcome | None:
    """Ch. 50 time limits: "It is unlawful for any person to store or accumulate any
    solid waste … for any length of time other than as follows: …" (see
    ``accumulation_deadline``). A violation rests on a record of the waste there
    after the limit: its observation, a follow-up observation that found it still
    there, or its removal after the limit. A removal by the limit, or a follow-up
    that found it gone, meets it. With the last record before the limit and nothing
    since, it is within the limit until the limit passes (reading
    ``sw.as_of_moment``), then a follow-up observation is due."""
    trail = accumulation_trail(accumulation, ctx)
    if trail is None:
        return None
    limit = accumulation_limit(accumulation, ctx)
    until = limit.deadline
    args: dict[str, Any] = {
        "premises": ref(ctx, accumulation.premises),
        "since": Day(accumulation.since),
        "basis": limit.basis,
        "until": Day(until),
    }
    if limit.holiday is not None:
        args.update(end=Day(limit.period_end), holiday=Day(limit.holiday))
    head = Phrase(_HEADS[bool(accumulation.garbage), limit.holiday is not None](**args))
    exact = _IN_EXCESS_OF if until in (trail.seen, trail.removed) else None
    kw = {"due": until, "cite": limit.cite}
    seen = Word(_SEEN_AGAIN if trail.seen_again else _SEEN)
    at = Day(trail.seen)
    if trail.seen > until:
        if trail.removed is not None:
            message = _SEEN_LATE_REMOVED(head=head, seen=seen, at=at, removed=Day(trail.removed))
        else:
            message = _SEEN_LATE(head=head, seen=seen, at=at)
        return violation(message, reading=readings_sentence(limit.readings), **kw)
    if trail.removed is not None:
        if trail.removed > until:
            return violation(
                _REMOVED_LATE(head=head, removed=Day(trail.removed)),
                reading=readings_sentence(limit.readings),
                **kw,
            )
        return met(
            _REMOVED_IN_TIME(head=head, removed=Day(trail.removed)),
            reading=readings_sentence([*limit.readings, exact]),
            **kw,
        )
    if trail.gone is not None:
        if trail.gone <= until:
            return met(
                _GONE_IN_TIME(head=head, gone=Day(trail.gone)),
                reading=readings_sentence(limit.readings),
                **kw,
            )
        return met(
            _GONE_LATER(head=head, gone=Day(trail.gone)),
            reading=readings_sentence([*limit.readings, EVIDENCE_READING]),
            **kw,
        )
    moment = moment_reading(until, ctx)
    if not has_passed(until, ctx):
        return met(
            _MAY_STAY(head=head, seen=seen, at=at),
            reading=readings_sentence([*limit.readings, exact, moment]),
            **kw,
        )
    return due(
        _FOLLOW_UP_DUE(head=head, seen=seen, at=at),
        reading=readings_sentence([*limit.readings, exact, moment, EVIDENCE_READING]),
        **kw,
    )


#: the head of a finding: what accumulated where and since when, its limit, and the
#: limit's end (extended in a holiday week)
_HEADS = {
    (garbage, holiday): declare(
        "sw.accumulation.head" + ("-garbage" if garbage else "") + ("-holiday" if holiday else ""),
        ("Garbage" if garbage else "Solid waste")
        + " accumulated at {premises} from {since}; {basis}"
        + (
            ": until {end}, extended by one day to {until} because the week holds the holiday "
            "of {holiday}"
            if holiday
            else ", so until {until}"
        ),
    )
    for garbage in (True, False)
    for holiday in (True, False)
}
_IN_EXCESS_OF = declare(
    "sw.reading.in-excess-of",
    '"in excess of" the limit: the very end of the period is still within it',
)()
_SEEN, _SEEN_AGAIN = "seen", "seen still there"
vocabulary(_SEEN, _SEEN_AGAIN)
_SEEN_LATE = declare("sw.accumulation.seen-late", "{head}; it was {seen} at {at}, after the limit.")
_SEEN_LATE_REMOVED = declare(
    "sw.accumulation.seen-late-removed",
    "{head}; it was {seen} at {at}, after the limit, and removed at {removed}.",
)
_REMOVED_LATE = declare(
    "sw.accumulation.removed-late", "{head}; it was removed only at {removed}, after the limit."
)
_REMOVED_IN_TIME = declare(
    "sw.accumulation.removed", "{head}; it was removed at {removed}, within the limit."
)
_GONE_IN_TIME = declare(
    "sw.accumulation.gone",
    "{head}; a follow-up observation at {gone} found it gone, within the limit.",
)
_GONE_LATER = declare(
    "sw.accumulation.gone-later",
    "{head}; a follow-up observation at {gone} found it gone, and no record shows it there "
    "after the limit.",
)
_MAY_STAY = declare(
    "sw.accumulation.may-stay", "{head}; it was {seen} at {at} and may stay until then."
)
_FOLLOW_UP_DUE = declare(
    "sw.accumulation.follow-up-due",
    "{head}; it was last {seen} at {at}, within the limit, and no removal is recorded, so a "
    "follow-up observation is due.",
)


# --------------------------------------------------------------------------- SW-ACCUMULATION-HAZARD


def _hazard_consistent(
    notice: FireHazardNotice, accumulation: Accumulation, trail: Trail, ctx: Context
) -> bool:
    """Whether the notice fits the accumulation it names; data problems otherwise."""
    named, it = ref(ctx, notice, capital=True), ref(ctx, accumulation)
    problems = []
    if accumulation.premises != notice.premises:
        problems.append(
            _NOTICE_OTHER_PREMISES(
                notice=named, premises=ref(ctx, notice.premises), accumulation=it
            )
        )
    if accumulation.since.date() > notice.date:
        problems.append(_NOTICE_BEFORE_ACCUMULATION(notice=named, accumulation=it))
    if trail.removed is not None and trail.removed.date() < notice.date:
        problems.append(
            _REMOVED_BEFORE_NOTICE(
                accumulation=it, removed=Day(trail.removed), notice=ref(ctx, notice)
            )
        )
    elif trail.gone is not None and trail.gone.date() < notice.date:
        problems.append(
            _GONE_BEFORE_NOTICE(accumulation=it, gone=Day(trail.gone), notice=ref(ctx, notice))
        )
    for problem in problems:
        report_problem(ctx, [notice, accumulation], problem)
    return not problems


_NOTICE_OTHER_PREMISES = declare(
    "sw.problem.notice-other-premises", "{notice} is for {premises}, but names {accumulation}."
)
_NOTICE_BEFORE_ACCUMULATION = declare(
    "sw.problem.notice-before-accumulation",
    "{notice} names {accumulation}, which began only after the notice.",
)
_REMOVED_BEFORE_NOTICE = declare(
    "sw.problem.removed-before-notice",
    "The records show {accumulation} removed at {removed}, before {notice} found it a fire hazard.",
)
_GONE_BEFORE_NOTICE = declare(
    "sw.problem.gone-before-notice",
    "A follow-up observation found {accumulation} gone at {gone}, before {notice} found it a "
    "fire hazard.",
)
_ARRANGED_BEFORE_NOTICE = declare(
    "sw.problem.arranged-before-notice",
    "The records show collection arranged on {date}, before {notice} that asked for it.",
)


def _hazard_reading(days: int) -> Message:
    if days == 0:
        return _IMMEDIATELY_SAME_DAY
    if days == 1:
        return _IMMEDIATELY_NEXT_DAY
    return _IMMEDIATELY_WITHIN(n=Count(days))


_IMMEDIATELY_SAME_DAY = declare(
    "sw.reading.immediately-same-day",
    '"immediately" is read as by the end of the day of the notice',
)()
_IMMEDIATELY_NEXT_DAY = declare(
    "sw.reading.immediately-next-day",
    '"immediately" is read as by the end of the day after the notice',
)()
_IMMEDIATELY_WITHIN = declare(
    "sw.reading.immediately-within",
    '"immediately" is read as within {n} day of the day of the notice',
    plural='"immediately" is read as within {n} days of the day of the notice',
    count="n",
)
_STILL_A_HAZARD = declare(
    "sw.reading.hazard-still-there",
    "the fire hazard seen still there after the deadline, with no arrangement recorded, is the "
    "unlawful accumulation the notice gave the chance to end",
)()
_HAZARD_EVIDENCE = declare(
    "sw.reading.hazard-evidence",
    "only a record after the deadline (a late arrangement or removal, or the accumulation "
    "still there) shows the notice not complied with",
)()


@rule("SW-ACCUMULATION-HAZARD", on="fire_hazard_notice", cite="'65 Code § 6-4.104(A)")
def accumulation_hazard(notice: FireHazardNotice, ctx: Context) -> Outcome | None:
    """('65 Code, § 6-4.104)(A): "It shall be unlawful for any person to accumulate any
    solid waste on his or her property in the city, which accumulation shall, in the
    opinion of the Fire Chief, constitute a fire hazard or be dangerous to the public
    peace, safety or health of the people of the city. In the event the accumulation
    constitutes a fire hazard in the opinion of the Fire Chief, he shall notify the
    owner, occupant, operator or other person responsible for the accumulation and
    that person shall immediately arrange for collection and disposal in an
    authorized manner."

    The notice is complied with by the act it demanded: an arrangement recorded, or
    the accumulation it names removed or found gone, by the deadline (reading
    ``sw.hazard_arrange_days``). It is missed only on a record after the deadline: a
    late arrangement or removal (late), or the accumulation seen still there with no
    arrangement recorded (a violation: the hazardous accumulation the first sentence
    makes unlawful, kept past the time to end it); with nothing recorded, a follow-up
    is due."""
    accumulation: Accumulation | None = ctx.get(notice.accumulation)  # type: ignore[assignment]
    trail = None
    if accumulation is not None:
        trail = accumulation_trail(accumulation, ctx)
        if trail is None or not _hazard_consistent(notice, accumulation, trail, ctx):
            return None
    arranged = ctx.referring("hazard_collection_arranged", "notice", notice.id)
    early = [a for a in arranged if a.date < notice.date]  # type: ignore[attr-defined]
    for arrangement in early:
        report_problem(
            ctx,
            [arrangement, notice],
            _ARRANGED_BEFORE_NOTICE(date=Day(arrangement.date), notice=ref(ctx, notice)),  # type: ignore[attr-defined]
        )
    if early:
        return None
    what = (
        ref(ctx, accumulation)
        if accumulation is not None
        else Phrase(_ACCUMULATION_AT(premises=ref(ctx, notice.premises)))
    )
    if notice.danger == "public_danger":
        return violation(_PUBLIC_DANGER(date=Day(notice.date), what=what))
    days = ctx.param("sw.hazard_arrange_days", on=notice.date)
    due_on = add_days(notice.date, days)
    head = Phrase(_HAZARD_HEAD(date=Day(notice.date), what=what, due=Day(due_on)))
    reading = _hazard_reading(days)
    # what answered the notice, the first by its day (an arrangement before a removal)
    acts: list[tuple[date, int, Phrase]] = [
        (a.date, 0, Phrase(_ARRANGED(date=Day(a.date))))  # type: ignore[attr-defined]
        for a in arranged
    ]
    if trail is not None and trail.removed is not None:
        acts.append((trail.removed.date(), 1, Phrase(_REMOVED(at=Day(trail.removed)))))
    done = min(acts, key=lambda act: act[:2]) if acts else None
    gone_on = trail.gone.date() if trail is not None and trail.gone is not None else None
    kw = {"due": due_on, "reading": readings_sentence([reading])}
    if done is not None and done[0] <= due_on:
        return met(_ANSWERED(head=head, done=done[2]), **kw)
    if gone_on is not None and gone_on <= due_on:
        return met(_HAZARD_GONE(head=head, gone=Day(trail.gone)), **kw)  # type: ignore[union-attr]
    if done is not None:
        return late(_ANSWERED_LATE(head=head, done=done[2]), **kw)
    if gone_on is not None:
        return met(
            _HAZARD_GONE_LATER(head=head, gone=Day(trail.gone)),  # type: ignore[union-attr]
            due=due_on,
            reading=readings_sentence([reading, EVIDENCE_READING]),
        )
    if trail is not None and trail.seen.date() > due_on:
        return violation(
            _HAZARD_STILL_THERE(head=head, seen=Day(trail.seen)),
            due=due_on,
            reading=readings_sentence([reading, _STILL_A_HAZARD]),
        )
    if ctx.as_of <= due_on:
        return due(_NOT_ARRANGED_YET(head=head), **kw)
    return due(
        _NOT_ARRANGED(head=head, due=Day(due_on)),
        due=due_on,
        reading=readings_sentence([reading, _HAZARD_EVIDENCE]),
    )


_ACCUMULATION_AT = declare(
    "sw.hazard.accumulation-at", "the accumulation of solid waste at {premises}"
)
_PUBLIC_DANGER = declare(
    "sw.hazard.public-danger",
    "On {date} the Fire Chief found {what} dangerous to the public peace, safety or health, "
    "which is unlawful.",
)
_HAZARD_HEAD = declare(
    "sw.hazard.head",
    "On {date} the Fire Chief gave notice that {what} is a fire hazard, so collection and "
    "disposal had to be arranged immediately, by {due}",
)
_ARRANGED = declare("sw.hazard.arranged", "collection was arranged on {date}")
_REMOVED = declare("sw.hazard.removed", "it was removed at {at}")
_ANSWERED = declare("sw.hazard.answered", "{head}; {done}.")
_ANSWERED_LATE = declare("sw.hazard.answered-late", "{head}; {done}, after that.")
_HAZARD_GONE = declare("sw.hazard.gone", "{head}; a follow-up observation at {gone} found it gone.")
_HAZARD_GONE_LATER = declare(
    "sw.hazard.gone-later",
    "{head}; a follow-up observation at {gone} found it gone, and no record shows it still "
    "there after the deadline.",
)
_HAZARD_STILL_THERE = declare(
    "sw.hazard.still-there",
    "{head}; it was seen still there at {seen}, after that, and no arrangement is recorded.",
)
_NOT_ARRANGED_YET = declare("sw.hazard.not-arranged-yet", "{head}; no arrangement is recorded yet.")
_NOT_ARRANGED = declare(
    "sw.hazard.not-arranged",
    "{head}; no arrangement is recorded, and nothing after {due} shows whether it is still "
    "there, so a follow-up is due.",
)


# --------------------------------------------------------------------------- SW-DISPOSAL-MEANS

#: a disposal stream in a sentence: "black-container collection service"
_STREAM_WORDS = {
    stream: {"black": "black-container", "total": "solid waste"}.get(stream, words(stream))
    for stream in get_args(Stream)
}
#: a premises' use in a sentence: "in residential use"
_USE_WORDS = {
    use: "in mixed use" if use == "mixed_use" else f"in {words(use)} use"
    for use in get_args(PremisesUse)
}
_WEEKLY, _EVERY_OTHER_WEEK = "weekly", "every other week"
_FRANCHISE_WEEKLY = "weekly under the franchise"
_NO_SERVICE = "no collection service by the contractor"
vocabulary(
    *_STREAM_WORDS.values(),
    *_USE_WORDS.values(),
    _WEEKLY,
    _EVERY_OTHER_WEEK,
    _FRANCHISE_WEEKLY,
    _NO_SERVICE,
)
_TIMES_A_WEEK = declare("sw.disposal.times-a-week", "{n} times a week")
_BY_SERVICE = declare(
    "sw.disposal.service",
    "{premises} has {stream} collection service by the contractor since {start}, collected "
    "{how}: an at-least-weekly means of disposal.",
)
_BY_SELF_HAUL = declare(
    "sw.disposal.self-haul",
    "{holder} hauls its own solid waste to a disposal site (a self-hauler since {start}): a "
    "permitted means of disposal.",
)
_TOO_RARE = declare(
    "sw.disposal.too-rare",
    "{stream} collection only {how} (at least {least} is required)",
)
_NOT_SHOWN = declare(
    "sw.disposal.not-shown",
    "On {date} {premises}, {use}, has {why} and no self-haul to a disposal site on record, so "
    "it is to show how it disposes of its solid waste: by at-least-weekly collection by the "
    "contractor or by taking it to a licensed landfill or disposal site.",
)


def _holders(premises: Premises, ctx: Context) -> list[str]:
    """The premises and every establishment at it: a service or self-haul of either counts."""
    return [premises.id] + [e.id for e in ctx.referring("establishment", "premises", premises.id)]  # type: ignore[misc]


def _services(premises: Premises, ctx: Context) -> list[CollectionService]:
    services = list(ctx.referring("collection_service", "premises", premises.id))
    for establishment in ctx.referring("establishment", "premises", premises.id):
        services.extend(ctx.referring("collection_service", "establishment", establishment.id))
    return services  # type: ignore[return-value]


def _frequency(service: CollectionService, ctx: Context) -> tuple[float, bool]:
    """Collections per week, and whether the pack's reading supplied it."""
    if service.collections_per_week is None:
        return ctx.param("sw.default_collections_per_week"), True
    return service.collections_per_week, False


def _per_week(count: float) -> Any:
    """How often a service collects: "weekly", "every other week", "3 times a week"."""
    if count == 1:
        return Word(_WEEKLY)
    if count == 0.5:
        return Word(_EVERY_OTHER_WEEK)
    return Phrase(_TIMES_A_WEEK(n=Count(count)))


@rule("SW-DISPOSAL-MEANS", on="premises")
def disposal_means(premises: Premises, ctx: Context) -> Outcome | None:
    """('65 Code, § 6-4.105)(B)(1): "It shall be the responsibility of every person to
    dispose of all solid waste … The disposal shall be by one of the following means:
    (a) Through regular, at least weekly, collection service by the city's authorized
    contractor; or (b) By personal transportation of the solid waste to a licensed
    public or private landfill or disposal site."

    Met by a current at-least-weekly contractor service or a self-hauler on record.
    Without either it is ``due``: the premises is to show its means of disposal. Its
    own transport to a licensed site needs no record with the city, so the absence of
    one is no evidence of a violation (and no ground for a referral); only a record of
    the waste kept (an accumulation past its limit, a pile, dumping) shows the duty
    broken, under those rules."""
    if premises.use not in ctx.param("sw.disposal_uses"):
        return None
    streams = ctx.param("sw.disposal_streams")
    minimum = ctx.param("sw.min_collections_per_week")
    current = [
        s
        for s in _services(premises, ctx)
        if s.stream in streams and in_force_on(s.start, s.end, ctx.as_of)
    ]
    for service in current:
        per_week, read = _frequency(service, ctx)
        if per_week >= minimum:
            return met(
                _BY_SERVICE(
                    premises=ref(ctx, premises, capital=True),
                    stream=Word(_STREAM_WORDS[service.stream]),
                    start=Day(service.start),
                    how=Word(_FRANCHISE_WEEKLY) if read else _per_week(per_week),
                ),
                cite="'65 Code § 6-4.105(B)(1)(a)",
                reading=readings_sentence([_FRANCHISE_FREQUENCY if read else None]),
            )
    for holder in _holders(premises, ctx):
        for hauler in ctx.referring("self_hauler", "subject", holder):
            if in_force_on(hauler.start, hauler.end, ctx.as_of):  # type: ignore[attr-defined]
                return met(
                    _BY_SELF_HAUL(
                        holder=ref(ctx, holder, capital=True),
                        start=Day(hauler.start),  # type: ignore[attr-defined]
                    ),
                    cite="'65 Code § 6-4.105(B)(1)(b)",
                )
    if current:
        service = current[0]
        why: Any = Phrase(
            _TOO_RARE(
                stream=Word(_STREAM_WORDS[service.stream]),
                how=_per_week(_frequency(service, ctx)[0]),
                least=_per_week(minimum),
            )
        )
    else:
        why = Word(_NO_SERVICE)
    return due(
        _NOT_SHOWN(
            date=Day(ctx.as_of),
            premises=ref(ctx, premises),
            use=Word(_USE_WORDS[premises.use]),  # type: ignore[index]
            why=why,
        ),
        cite="'65 Code § 6-4.105(B)(1)",
        reading=_DISPOSAL_NOT_SHOWN,
    )


_FRANCHISE_FREQUENCY = declare(
    "sw.reading.franchise-frequency",
    "a collection service that does not state its frequency is the franchise's regular weekly "
    "service",
)()
_DISPOSAL_NOT_SHOWN = declare(
    "sw.reading.disposal-not-shown",
    "Taking one's own solid waste to a licensed disposal site needs no record with the city, "
    "so a premises without at-least-weekly contractor collection or a self-haul on record is "
    "asked to show its means of disposal; only a record of the waste kept (an accumulation "
    "past its limit, a pile, dumping) shows the duty broken.",
)()
