"""§ 51.64, Required maintenance of pretreatment devices: pumping before the 25
percent limit and at the minimum frequency (B), additives (C) and the hauler's
manifest (D).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any, NamedTuple

from sanitas.ordinance.calendar import add_days, add_months
from sanitas.ordinance.engine import Context, Outcome, deadline, derived, met, rule, violation
from sanitas.ordinance.fog.common import (
    CLOCK_FROM_START,
    GREASE_DEVICES,
    ORDER_FROM_ITS_DATE,
    REPAIRS_MAY_BE_ABSENT,
    ApprovalMessages,
    approved_state,
    frequency_orders_of,
    fse,
    fse_covered,
    in_force_from,
    in_service,
    installed_on_day,
    is_a,
    is_interceptor,
    is_operating,
    latest_observation,
    percent,
    possible_pump_out,
    pump_outs_of,
    ref,
    while_installed,
)
from sanitas.ordinance.fog.vocabulary import Device, FrequencyOrder, PumpOut
from sanitas.ordinance.general import Establishment, Inspection
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.words import plural, words

# --------------------------------------------------------------------------- FOG-ADDITIVES

_EMULSIFIERS = declare(
    "fog.additives.emulsifiers",
    "On {date} emulsifying agents were being put into the grease interceptor at "
    "{establishment}, which is strictly prohibited.",
)
_ADDITIVES = ApprovalMessages(
    approved=declare(
        "fog.additives.approved",
        "On {date} additives were in use at {establishment} with the Director's written "
        "approval of {approved}.",
    ),
    revoked=declare(
        "fog.additives.revoked",
        "On {date} additives were in use at {establishment} with the Director's approval of "
        "{approved}, which was revoked on {revoked}; a follow-up inspection is due to see "
        "whether it continues.",
    ),
    approved_later=declare(
        "fog.additives.approved-later",
        "On {date} additives were in use at {establishment} without the Director's approval; "
        "the Director approved it in writing on {approved}.",
    ),
    unapproved=declare(
        "fog.additives.unapproved",
        "On {date} additives were in use at {establishment} without the Director's approval.",
    ),
)
#: what an observation found not in use: additives, emulsifiers or both
_NONE_IN_USE = {
    ("additives", "emulsifiers"): declare(
        "fog.additives.none",
        "On {date} no additives or emulsifiers were in use at {establishment}.",
    ),
    ("additives",): declare(
        "fog.additives.no-additives", "On {date} no additives were in use at {establishment}."
    ),
    ("emulsifiers",): declare(
        "fog.additives.no-emulsifiers",
        "On {date} no emulsifiers were in use at {establishment}.",
    ),
}


@rule("FOG-ADDITIVES", on="establishment")
def additives(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.64(C): "The use of additives is subject to approval by the Director. The
    introduction of emulsifying agents, such as chemicals or solvents, either
    directly or indirectly into the grease interceptor, other than what is
    considered typical business operational practices such as dishwashing or
    sanitation, is strictly prohibited." """
    if not fse_covered(establishment, ctx):
        return None
    observation = latest_observation(establishment, ctx, "additives_used", "emulsifiers_used")
    if observation is None:
        return None
    args = {"date": Day(observation.date), "establishment": ref(ctx, establishment)}
    if observation.emulsifiers_used:
        return violation(_EMULSIFIERS(**args))
    if observation.additives_used:
        return approved_state(
            establishment, observation, "additives_approved", ctx, messages=_ADDITIVES, args=args
        )
    seen = tuple(
        name
        for name, value in (
            ("additives", observation.additives_used),
            ("emulsifiers", observation.emulsifiers_used),
        )
        if value is False
    )
    return met(_NONE_IN_USE[seen](**args))


# --------------------------------------------------------------------------- FOG-25-PERCENT

vocabulary("by volume", "by depth")
_INTERCEPTORS_OF = declare(
    "fog.accumulation.interceptors-of", "the grease interceptors of {establishment}"
)
_WITHIN = declare(
    "fog.accumulation.within",
    "The inspection of {date} found fats, oils, grease and solids filling {percent}% of {what} "
    "{how}, within the {limit}% limit.",
)
_WITHIN_BOTH = declare(
    "fog.accumulation.within-both",
    "The inspection of {date} found fats, oils, grease and solids filling {percent}% of {what} "
    "{how} ({other}% {other_how}), within the {limit}% limit.",
)
_ABOVE = declare(
    "fog.accumulation.above",
    "The inspection of {date} found fats, oils, grease and solids filling {percent}% of {what} "
    "{how}, above the {limit}% limit.",
)
_ABOVE_BOTH = declare(
    "fog.accumulation.above-both",
    "The inspection of {date} found fats, oils, grease and solids filling {percent}% of {what} "
    "{how} ({other}% {other_how}), above the {limit}% limit.",
)
_SERVICE = (
    "Found above the {limit}% limit on {date}, {what} had to be serviced immediately, by {due}; "
)
_NOT_SERVICED = declare(
    "fog.accumulation.not-serviced", _SERVICE + "no full pump-out is on record since."
)
#: serviced on time or late, by the one interceptor (it) or one of several
_SERVICED = {
    (True, False): declare(
        "fog.accumulation.serviced", _SERVICE + "it was fully pumped out on {done}."
    ),
    (False, False): declare(
        "fog.accumulation.serviced-one",
        _SERVICE + "one of them was fully pumped out on {done}.",
    ),
    (True, True): declare(
        "fog.accumulation.serviced-late",
        _SERVICE + "it was fully pumped out on {done}, {days} day late.",
        plural=_SERVICE + "it was fully pumped out on {done}, {days} days late.",
        count="days",
    ),
    (False, True): declare(
        "fog.accumulation.serviced-one-late",
        _SERVICE + "one of them was fully pumped out on {done}, {days} day late.",
        plural=_SERVICE + "one of them was fully pumped out on {done}, {days} days late.",
        count="days",
    ),
}


_INSPECTION_OF = declare("fog.name.inspection-of", "the inspection of {date}")


def _accumulation_subject(inspection: Inspection, ctx: Context) -> tuple[str, list[Device]] | None:
    """The device an accumulation measurement is about (or the establishment, when it
    had several interceptors on the inspection day), with the interceptors that a
    pump-out would service. A measurement of a device dated before it was installed
    (or after it was removed) is a data problem, and no finding."""
    subject = ctx.get(inspection.subject)
    if is_a(subject, "device"):
        if not is_interceptor(subject) or fse(subject.establishment, ctx) is None:
            return None
        what = Phrase(_INSPECTION_OF(date=Day(inspection.date)))
        if not while_installed(inspection, inspection.date, subject, what, ctx):
            return None
        return subject.id, [subject]
    if fse_covered(subject, ctx):
        day = inspection.date
        interceptors = [
            d
            for d in ctx.referring("device", "establishment", subject.id)
            if is_interceptor(d) and installed_on_day(d, day)
        ]
        if not interceptors:
            return None
        return (interceptors[0].id if len(interceptors) == 1 else subject.id), interceptors
    return None


def above_limit(inspection: Inspection, ctx: Context) -> bool:
    measures = [
        v
        for v in (inspection.fog_solids_percent_volume, inspection.fog_solids_percent_depth)
        if v is not None
    ]
    return bool(measures) and max(measures) > ctx.param(
        "fog.max_accumulation_percent", on=max(inspection.date, in_force_from(ctx))
    )


def first_full_pump_out(devices: list[Device], since: date, ctx: Context) -> date | None:
    """The first full pump-out dated on or after ``since`` of any of ``devices``."""
    days = [p.date for d in devices for p in pump_outs_of(d, ctx) if p.full and p.date >= since]
    return min(days) if days else None


_SERVICED_IMMEDIATELY = declare(
    "fog.reading.serviced-immediately",
    '"Serviced immediately" is read as a full pump-out within {days} day of the inspection.',
    plural='"Serviced immediately" is read as a full pump-out within {days} days of the '
    "inspection.",
    count="days",
)


@rule("FOG-25-PERCENT", on="inspection")
def accumulation_limit(inspection: Inspection, ctx: Context) -> Iterator[Outcome]:
    """§ 51.64(B): "Grease interceptors shall be fully pumped out and cleaned at a
    frequency such that the combined FOG and solids accumulation does not exceed 25%
    of the total hydraulic capacity of the grease interceptor calculated by volume or
    depth, whichever is more stringent. … If the grease interceptor, at any time,
    contains FOG and solids accumulation that does not meet the requirements of this
    chapter, the food service establishment shall be required to have the grease
    interceptor serviced immediately …"

    The measurement is the evidence: above the limit it is a violation on the
    inspection's day, and the immediate service it calls for is a deadline (met,
    late, due or overdue). Both findings carry the inspection's date as period."""
    measures = [
        (value, how)
        for value, how in (
            (inspection.fog_solids_percent_volume, "by volume"),
            (inspection.fog_solids_percent_depth, "by depth"),
        )
        if value is not None
    ]
    if not measures or inspection.date < in_force_from(ctx):
        return
    found = _accumulation_subject(inspection, ctx)
    if found is None:
        return
    subject, interceptors = found
    value, how = max(measures, key=lambda m: m[0])
    other = [(v, h) for v, h in measures if h != how]
    limit = ctx.param("fog.max_accumulation_percent", on=inspection.date)
    one = len(interceptors) == 1
    what = (
        ref(ctx, interceptors[0])
        if one
        else Phrase(_INTERCEPTORS_OF(establishment=ref(ctx, ctx.get(subject))))
    )
    args = {
        "date": Day(inspection.date),
        "percent": percent(value),
        "what": what,
        "how": Word(how),
        "limit": percent(limit),
    }
    if other:
        args.update(other=percent(other[0][0]), other_how=Word(other[0][1]))
    period = inspection.date.isoformat()
    if value <= limit:
        yield met((_WITHIN_BOTH if other else _WITHIN)(**args), subject=subject, period=period)
        return
    yield violation((_ABOVE_BOTH if other else _ABOVE)(**args), subject=subject, period=period)
    days = ctx.param("fog.immediate_service_days", on=inspection.date)
    service_due = add_days(inspection.date, days)
    done_on = first_full_pump_out(interceptors, inspection.date, ctx)
    service = {"limit": args["limit"], "date": args["date"], "what": what, "due": Day(service_due)}
    if done_on is None:
        explanation = _NOT_SERVICED(**service)
    elif done_on > service_due:
        explanation = _SERVICED[one, True](
            **service, done=Day(done_on), days=Count((done_on - service_due).days)
        )
    else:
        explanation = _SERVICED[one, False](**service, done=Day(done_on))
    yield deadline(
        due_on=service_due,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=explanation,
        subject=subject,
        period=period,
        reading=_SERVICED_IMMEDIATELY(days=Count(days)),
    )


# --------------------------------------------------------------------------- FOG-MIN-FREQUENCY


class _Regime(NamedTuple):
    """A maintenance frequency and the day it began to bind."""

    since: date
    months: int
    order: Any  # the Director's frequency order, or None for the subchapter's default
    asked: int | None  # the months the order asked for, before the six-month cap


class _Interval(NamedTuple):
    """One stretch of an interceptor's maintenance: from its installation or a full
    pump-out to the next full pump-out (or still open)."""

    start: date
    after: PumpOut | None  # the full pump-out it starts from; None: the installation
    due: date
    regime: _Regime
    floored: bool  # the regime began after the start, and the period counts from it
    done: PumpOut | None  # the full pump-out that ended it


def _regimes(device: Device, ctx: Context) -> list[_Regime]:
    """The frequencies of the device in the order they began to bind: the
    subchapter's default from the later of its effective date and the
    establishment's opening, then each of the Director's orders from its date (none
    before the first), capped at the six-month minimum. Orders of the same day: the
    last recorded."""
    in_force = in_force_from(ctx)
    establishment = ctx.get(device.establishment)
    opened = getattr(establishment, "opened_on", None)
    first = max(in_force, opened) if opened is not None else in_force
    by_day: dict[date, _Regime] = {
        first: _Regime(first, ctx.param("fog.default_frequency_months", on=first), None, None)
    }
    for order in frequency_orders_of(device, ctx):
        since = max(order.date, first)
        cap = ctx.param("fog.max_frequency_months", on=since)
        by_day[since] = _Regime(since, min(order.months, cap), order, order.months)
    return [by_day[day] for day in sorted(by_day)]


def _due_from(start: date, regimes: list[_Regime]) -> tuple[date, _Regime, bool]:
    """When the next full pump-out is due after one (or an installation) on ``start``.

    Each frequency binds from the day it began: a frequency in force on ``start``
    counts from it; one that begins later applies only if the pump-out was not
    already due before it began, counting from ``start`` where that falls on or
    after its beginning, else one new period from its beginning (never later than
    the deadline before it)."""
    current: int | None = None
    for i, regime in enumerate(regimes):
        if regime.since <= start:
            current = i
    if current is not None:
        used, floored = regimes[current], False
        due_on: date | None = add_months(start, used.months)
        later = regimes[current + 1 :]
    else:
        used, floored, due_on, later = regimes[0], False, None, regimes
    for regime in later:
        if due_on is not None and due_on < regime.since:
            break  # already due before the new frequency began
        counted = add_months(start, regime.months)
        if counted >= regime.since:
            due_on, used, floored = counted, regime, False
        else:
            fresh = add_months(regime.since, regime.months)
            if due_on is None or fresh < due_on:
                due_on, used, floored = fresh, regime, True
    assert due_on is not None
    return due_on, used, floored


def pump_out_intervals(device: Device, ctx: Context) -> list[_Interval]:
    """The maintenance intervals of a grease interceptor, oldest first; the last is
    open. Computed once per evaluation."""
    cache = ctx.memo("fog.intervals")
    if device.id in cache:
        return cache[device.id]
    out: list[_Interval] = []
    if is_interceptor(device):
        regimes = _regimes(device, ctx)
        starts: list[tuple[date, PumpOut | None]] = []
        if device.installed_on is not None:
            starts.append((device.installed_on, None))
        starts += [(p.date, p) for p in pump_outs_of(device, ctx) if p.full]
        for k, (start, after) in enumerate(starts):
            done = starts[k + 1][1] if k + 1 < len(starts) else None
            due_on, regime, floored = _due_from(start, regimes)
            out.append(_Interval(start, after, due_on, regime, floored, done))
    cache[device.id] = out
    return out


@derived("maintenance_frequency_months", on="device", requirement="FOG-MIN-FREQUENCY")
def maintenance_frequency_months(device: Device, ctx: Context) -> int | None:
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established.
    The Director may change the maintenance frequency at any time." The frequency in
    force on the as-of date."""
    if not is_interceptor(device):
        return None
    orders = frequency_orders_of(device, ctx)
    if not orders:
        return ctx.param("fog.default_frequency_months")
    order = orders[-1]
    return min(
        order.months, ctx.param("fog.max_frequency_months", on=max(order.date, in_force_from(ctx)))
    )


@derived("next_pump_out_due", on="device", requirement="FOG-MIN-FREQUENCY")
def next_pump_out_due(device: Device, ctx: Context) -> date | None:
    """The last full pump-out (else the installation) plus the frequency in force,
    each frequency binding from its date (``_due_from``)."""
    intervals = pump_out_intervals(device, ctx)
    return intervals[-1].due if intervals else None


def every_words(months: int) -> str:
    """ "every month", "every 2 months"."""
    return "every month" if months == 1 else f"every {plural(months, 'month')}"


_QUARTERLY = declare("fog.frequency.quarterly", "quarterly")
_EVERY = declare(
    "fog.frequency.every", "every month", plural="every {months} months", count="months"
)


def _every(months: int, default: bool = False) -> Phrase:
    """ "every month", "every 2 months"; the subchapter's default of three is "quarterly"."""
    if default and months == 3:
        return Phrase(_QUARTERLY())
    return Phrase(_EVERY(months=Count(months)))


_DEFAULT = "with no frequency set by the Director it is pumped out {every}"
_BEFORE_ONE = (
    "the Director's order of {dates} is dated before the installation and sets no frequency "
    "for it: it is pumped out {every}"
)
_BEFORE_MANY = (
    "the Director's orders of {dates} are dated before the installation and set no frequency "
    "for it: it is pumped out {every}"
)
_CAPPED = (
    "the Director's order of {date} asks for a pump-out {asked}, but the law requires one at "
    "least {every}"
)
_ORDER = "the Director's order of {date} sets a pump-out {every}"
#: how an interval's frequency was set, by case and whether the period counts from the
#: day the frequency began (``floored``)
_HOW = {
    ("default", False): declare("fog.frequency.default", _DEFAULT),
    ("default", True): declare(
        "fog.frequency.default-counted", _DEFAULT + ", counted from {since}"
    ),
    ("before-one", False): declare("fog.frequency.order-before-installation", _BEFORE_ONE),
    ("before-one", True): declare(
        "fog.frequency.order-before-installation-counted", _BEFORE_ONE + ", counted from {since}"
    ),
    ("before-many", False): declare("fog.frequency.orders-before-installation", _BEFORE_MANY),
    ("before-many", True): declare(
        "fog.frequency.orders-before-installation-counted", _BEFORE_MANY + ", counted from {since}"
    ),
    ("capped", False): declare("fog.frequency.order-capped", _CAPPED),
    ("capped", True): declare(
        "fog.frequency.order-capped-counted", _CAPPED + ", counted from the order"
    ),
    ("order", False): declare("fog.frequency.order", _ORDER),
    ("order", True): declare("fog.frequency.order-counted", _ORDER + ", counted from the order"),
}
#: since when the open interval runs: (from a pump-out, a partial one since)
_SINCE = {
    (True, False): declare(
        "fog.frequency.last-pump-out", "{device} was last fully pumped out on {date}"
    ),
    (True, True): declare(
        "fog.frequency.last-pump-out-partial",
        "{device} was last fully pumped out on {date} (the partial pump-out of {partial} does "
        "not count)",
    ),
    (False, False): declare(
        "fog.frequency.not-since-installation",
        "{device} has not been fully pumped out since its installation on {date}",
    ),
    (False, True): declare(
        "fog.frequency.not-since-installation-partial",
        "{device} has not been fully pumped out since its installation on {date} (the partial "
        "pump-out of {partial} does not count)",
    ),
}
_IS_DUE = declare("fog.frequency.due", "{since}; {how}, so the next full pump-out is due by {due}.")
_WAS_DUE = declare(
    "fog.frequency.overdue", "{since}; {how}, so the next full pump-out was due by {due}."
)
_LATE = (
    "{device}, last fully pumped out on {start}, was due for its next full pump-out by {due} "
    "({how}); it was fully pumped out on {done}, {days} "
)
_LATE_FIRST = (
    "{device}, installed on {start}, was due for its first full pump-out by {due} ({how}); the "
    "first full pump-out on record is of {done}, {days} "
)
_LATE_AFTER = declare(
    "fog.frequency.late", _LATE + "day late.", plural=_LATE + "days late.", count="days"
)
_LATE_FROM_INSTALLATION = declare(
    "fog.frequency.late-first",
    _LATE_FIRST + "day late.",
    plural=_LATE_FIRST + "days late.",
    count="days",
)


def _orders_before_installation(device: Device, ctx: Context) -> list[FrequencyOrder]:
    """The Director's frequency orders on record for the device dated before it was
    installed: each is a data problem, sets no frequency, and is named where the
    subchapter's default applies instead."""
    if device.installed_on is None:
        return []
    return [
        order
        for order in ctx.referring("frequency_order", "device", device.id)
        if order.date < device.installed_on
    ]


def _frequency_words(
    interval: _Interval, ctx: Context, device: Device
) -> tuple[Phrase, Message | None]:
    """How the interval's frequency was set, as a clause, and the reading it relied on."""
    regime = interval.regime
    months = regime.months
    floored = interval.floored
    args: dict[str, Any] = {}
    if regime.order is None:
        args["every"] = _every(months, default=True)
        impossible = _orders_before_installation(device, ctx)
        if impossible:
            case = "before-one" if len(impossible) == 1 else "before-many"
            args["dates"] = Items(tuple(Day(o.date) for o in impossible))
        else:
            case = "default"
        if floored:
            args["since"] = Day(regime.since)
    else:
        args.update(date=Day(regime.order.date), every=_every(months))
        if regime.asked is not None and regime.asked > months:
            case = "capped"
            args["asked"] = _every(regime.asked)
        else:
            case = "order"
    how = Phrase(_HOW[case, floored](**args))
    if not floored:
        return how, None
    return how, (CLOCK_FROM_START if regime.order is None else ORDER_FROM_ITS_DATE)


@rule("FOG-MIN-FREQUENCY", on="device")
def min_frequency(device: Device, ctx: Context) -> Iterator[Outcome]:
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established.
    The Director may change the maintenance frequency at any time …"

    One finding per maintenance interval that needs one, its ``period`` the
    interval's due date: the open interval (due or overdue) while the device is in
    service at an operating establishment, first; then each past interval whose
    full pump-out came after its due date (``late``). An interval met on time
    needs no finding. The interval from the installation to the first full pump-out
    on record is judged late only where the pack says so
    (``fog.late_from_installation``): a device's history on record may begin later."""
    if not is_interceptor(device):
        return
    establishment = fse(device.establishment, ctx)
    if establishment is None:
        return
    intervals = pump_out_intervals(device, ctx)
    if not intervals:
        return
    name = ref(ctx, device, capital=True)
    current = intervals[-1]
    if in_service(device, ctx) and is_operating(establishment, ctx):
        partial = [
            p.date for p in pump_outs_of(device, ctx) if not p.full and p.date >= current.start
        ]
        since_args = {"device": name, "date": Day(current.start)}
        if partial:
            since_args["partial"] = Day(partial[-1])
        since = _SINCE[current.after is not None, bool(partial)](**since_args)
        how, reading = _frequency_words(current, ctx, device)
        due_by = _WAS_DUE if ctx.as_of > current.due else _IS_DUE
        yield deadline(
            due_on=current.due,
            done_on=None,
            as_of=ctx.as_of,
            period=current.due.isoformat(),
            explanation=due_by(since=Phrase(since), how=how, due=Day(current.due)),
            reading=reading,
        )
    from_installation = ctx.param("fog.late_from_installation")
    for interval in intervals[:-1]:
        assert interval.done is not None
        if interval.done.date <= interval.due:
            continue
        if interval.after is None and not from_installation:
            continue  # the pump-out history on record may begin after the installation
        how, reading = _frequency_words(interval, ctx, device)
        text = (_LATE_AFTER if interval.after is not None else _LATE_FROM_INSTALLATION)(
            device=name,
            start=Day(interval.start),
            due=Day(interval.due),
            how=how,
            done=Day(interval.done.date),
            days=Count((interval.done.date - interval.due).days),
        )
        yield deadline(
            due_on=interval.due,
            done_on=interval.done.date,
            as_of=ctx.as_of,
            period=interval.due.isoformat(),
            explanation=text,
            reading=reading,
        )


# --------------------------------------------------------------------------- FOG-HAULER-MANIFEST

_MANIFEST_LABEL = {
    "hauler_name": "the hauler's name",
    "hauler_address": "the hauler's address",
    "operator_name": "the operator's name",
    "operator_signed": "the operator's signature",
    "water_gallons": "the volume of water removed",
    "fog_gallons": "the volume of grease removed",
    "floating_fog_inches": "the level of floating grease",
    "settled_solids_inches": "the level of settleable solids",
    "repairs": "the repairs made",
    "disposal_facility": "the disposal facility",
}
#: the paragraph of § 51.64(D) each manifest field answers
_MANIFEST_PARAGRAPH = {
    "hauler_name": 1,
    "hauler_address": 1,
    "operator_name": 2,
    "operator_signed": 2,
    "water_gallons": 3,
    "fog_gallons": 3,
    "floating_fog_inches": 4,
    "settled_solids_inches": 4,
    "repairs": 5,
    "disposal_facility": 6,
}


vocabulary(*_MANIFEST_LABEL.values())
_MANIFEST_LACKS = declare(
    "fog.manifest.lacking",
    "The hauler's manifest for the pump-out of {date} of {device} lacks {missing}.",
)
_MANIFEST_COMPLETE = declare(
    "fog.manifest.complete",
    "The hauler's manifest for the pump-out of {date} of {device} records all {count} required "
    "item.",
    plural="The hauler's manifest for the pump-out of {date} of {device} records all {count} "
    "required items.",
    count="count",
)


def _on_manifest(pump_out: PumpOut, name: str) -> bool:
    value = getattr(pump_out, name, None)
    if name == "operator_signed":
        return value is True
    if isinstance(value, str):
        return bool(value.strip())
    return value is not None


@rule("FOG-HAULER-MANIFEST", on="pump_out")
def hauler_manifest(pump_out: PumpOut, ctx: Context) -> Outcome | None:
    """§ 51.64(D): "All pumping of grease pretreatment facilities … must be tracked by
    a manifest … which must include: (1) The name and address of the hauling
    company; (2) The name and signature of operator performing the pump out; (3)
    Documentation of full pump out with volume of water and FOG removed …; (4)
    Documentation of the level of floating FOG and settable solids; (5)
    Documentation of any repairs to the grease interceptor; and (6) Identification
    of the facility where the waste hauler is planning to dispose of the waste."

    The cite names the paragraph a manifest fails, where it fails one only."""
    device = ctx.get(pump_out.device)
    if not is_a(device, "device") or device.kind not in GREASE_DEVICES:
        return None
    if fse(device.establishment, ctx) is None or pump_out.date < in_force_from(ctx):
        return None
    if not possible_pump_out(pump_out, device, ctx):
        return None
    fields = ctx.param("fog.manifest_fields", on=pump_out.date)
    lacking = [f for f in fields if not _on_manifest(pump_out, f)]
    reading = (
        None
        if "repairs" in fields or _on_manifest(pump_out, "repairs")
        else (REPAIRS_MAY_BE_ABSENT)
    )
    which = {"date": Day(pump_out.date), "device": ref(ctx, device)}
    if lacking:
        paragraphs = sorted({_MANIFEST_PARAGRAPH.get(f) for f in lacking} - {None})
        cite = f"§ 51.64(D)({paragraphs[0]})" if len(paragraphs) == 1 else None
        missing = Items(tuple(_manifest_item(f) for f in lacking))
        return violation(_MANIFEST_LACKS(**which, missing=missing), cite=cite, reading=reading)
    return met(_MANIFEST_COMPLETE(**which, count=Count(len(fields))), reading=reading)


def _manifest_item(field: str) -> Word | Name:
    """What a manifest lacks: a field of § 51.64(D) in the vocabulary's words; one the
    pack adds beyond them, by its field name in plain words."""
    label = _MANIFEST_LABEL.get(field)
    return Word(label) if label is not None else Name(words(field))
