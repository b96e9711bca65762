"""What the FOG sections share: who is a food service establishment, its devices in
service, names and amounts in words, data problems, the events that cannot be (a
pump-out before its device was installed), and an observed state approved in
writing (read by §§ 51.63(E), 51.64(C) and 51.66(A)).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple, get_args

from sanitas.ordinance.engine import Context, Outcome, due, met, violation
from sanitas.ordinance.fog.vocabulary import Blockage, Device, DeviceKind, FrequencyOrder, PumpOut
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.general.common import ref as general_ref
from sanitas.ordinance.general.vocabulary import Category
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
from sanitas.ordinance.words import name_of, words

# --------------------------------------------------------------------------- helpers

GREASE_DEVICES = ("grease_interceptor", "grease_trap")

#: readings the rules state in a finding's ``reading`` (one sentence each, for staff),
#: each a message with no arguments
APPROVAL_NOT_RECORDED = declare(
    "fog.reading.approval-not-recorded",
    "A device whose approval is not on record is neither taken as approved nor as "
    "unapproved: confirming the approval is due, and only a record that it is not "
    "approved makes a violation.",
)()
FOLLOW_UP_DUE = declare(
    "fog.reading.follow-up-due",
    "An observation shows the state on its own day only: where the approval or "
    "requirement it was judged by changed afterwards, a follow-up observation is due "
    "from the change, and no violation is found without one.",
)()
UNSIGNED_DOES_NOT_COUNT = declare(
    "fog.reading.unsigned-does-not-count",
    "A training counts toward the training requirements only when the attendance sheet is signed.",
)()
TOPICS_MUST_BE_COVERED = declare(
    "fog.reading.topics-must-be-covered",
    "A training that lists its topics counts only when it covers all four subjects "
    "of § 51.62(B)(1)-(4); one that lists none is taken to cover them.",
)()
ORDER_FROM_ITS_DATE = declare(
    "fog.reading.order-from-its-date",
    "An order that shortens the frequency binds from its date: where the new frequency "
    "counted from the last pump-out had already run out, the next pump-out is due one "
    "new period after the order, and never later than under the old frequency.",
)()
CLOCK_FROM_START = declare(
    "fog.reading.clock-from-start",
    "The pump-out clock runs from the day the FOG rules took effect or the "
    "establishment opened, whichever is later: where the last pump-out or the "
    "installation came earlier, the first period is counted from that day.",
)()
NOTICE_MET_BY_ACT = declare(
    "fog.reading.notice-met-by-act",
    "A notice of noncompliance is complied with by the act it demanded, as the records "
    "show it, without a separate correction record.",
)()
REPAIRS_MAY_BE_ABSENT = declare(
    "fog.reading.repairs-may-be-absent",
    "A manifest that records no repairs is read as saying none were made.",
)()


def is_a(fact: Any, type_name: str) -> bool:
    """Whether ``fact`` is a fact of ``type_name`` (facts may be models or fast structs)."""
    return fact is not None and fact.type == type_name


def in_force_from(ctx: Context) -> date:
    return ctx.param("fog.in_force")


def fse_covered(establishment: Any, ctx: Context) -> bool:
    return is_a(establishment, "establishment") and bool(ctx.derived("is_fse", establishment))


def has_opened(establishment: Establishment, ctx: Context) -> bool:
    """Opened by the as-of date (or no opening recorded). A violation found while an
    establishment was open stays on its record after it closes."""
    return establishment.opened_on is None or establishment.opened_on <= ctx.as_of


def is_operating(establishment: Establishment, ctx: Context) -> bool:
    """Open on the as-of date: opened, and not closed (no more maintenance falls due)."""
    closed = establishment.closed_on
    return has_opened(establishment, ctx) and (closed is None or closed > ctx.as_of)


def fse(ident: str | None, ctx: Context) -> Establishment | None:
    """The establishment ``ident`` if it is a food service establishment."""
    establishment = ctx.get(ident)
    return establishment if fse_covered(establishment, ctx) else None


def is_interceptor(device: Device) -> bool:
    return device.kind == "grease_interceptor"


def in_service(device: Device, ctx: Context) -> bool:
    return device.removed_on is None or device.removed_on > ctx.as_of


def installed_on_day(device: Device, day: date) -> bool:
    """Installed by ``day`` (or no installation recorded) and not yet removed."""
    return (device.installed_on is None or device.installed_on <= day) and (
        device.removed_on is None or device.removed_on > day
    )


def devices_of(establishment: Establishment, ctx: Context) -> list[Device]:
    return [
        d for d in ctx.referring("device", "establishment", establishment.id) if in_service(d, ctx)
    ]


def cents_words(cents: int) -> str:
    """An amount in cents as dollars and cents: 155575 is "$1,555.75"."""
    return f"${Decimal(cents) / 100:,.2f}"


def number_words(value: float) -> str:
    return f"{value:g}"


def percent(value: float) -> Count:
    """A percentage as a message's count, as the findings print it: "12.5", "40"."""
    return Count(Decimal(number_words(value)))


def thing_name(ctx: Context, thing: Any) -> str:
    return name_of(ctx, thing)


# --------------------------------------------------------------------------- names in messages

#: an establishment with no name of its own, by what it is ("the restaurant")
_CATEGORY_WORDS = {
    category: f"the {words(category)}" for category in get_args(Category) if category != "other"
}
_UNNAMED = "the establishment"
#: a device by its kind ("the grease interceptor")
_KIND_WORDS = {kind: f"the {words(kind)}" for kind in get_args(DeviceKind)}
_EMPLOYEE = "the employee"
_PREMISES = "the premises"
vocabulary(_UNNAMED, _EMPLOYEE, _PREMISES, *_CATEGORY_WORDS.values(), *_KIND_WORDS.values())
_AT = declare("fog.name.at", "{what} at {address}")
_OF = declare("fog.name.of", "{kind} of {owner}")
#: a device told from others of its kind by its size, with or without its owner
_SIZED = {
    (kind, owned): declare(
        f"fog.name.sized-{kind.replace('_', '-')}" + ("-of" if owned else ""),
        f"the {{gallons}}-gallon {words(kind)}" + (" of {owner}" if owned else ""),
    )
    for kind in get_args(DeviceKind)
    for owned in (False, True)
}


#: an employee with no name of its own: of an establishment, hired on a day
_EMPLOYEES = {
    (True, False): declare("fog.name.employee-of", "the employee of {owner}"),
    (False, True): declare("fog.name.employee-hired", "the employee hired {date}"),
    (True, True): declare("fog.name.employee-of-hired", "the employee of {owner} hired {date}"),
}


def ref(ctx: Context, thing: Any, capital: bool = False) -> Any:
    """A thing as a message's argument, read as :func:`thing_name` says it in English:
    a name of its own (a business's name, an address) as it is in every language, a
    description ("the grease interceptor of Arroyo Pho", "the restaurant at 412 S Del
    Mar Ave") in the reader's words. ``capital``: it begins the English sentence."""
    fact = ctx.get(thing) if isinstance(thing, str) else thing
    kind = getattr(fact, "type", None)
    if kind == "establishment":
        return _establishment_ref(ctx, fact, capital)
    if kind == "device" and fact.kind in _KIND_WORDS:
        return _device_ref(ctx, fact, capital)
    if kind == "employee" and not getattr(fact, "name", None):
        return _employee_ref(ctx, fact, capital)
    if kind == "premises" and not getattr(fact, "address", None):
        return Word(_PREMISES, capital=capital)
    return Name(name_of(ctx, thing), capital=capital)


def _employee_ref(ctx: Context, fact: Any, capital: bool) -> Any:
    owner = ctx.get(getattr(fact, "establishment", None))
    hired = getattr(fact, "hired_on", None)
    args: dict[str, Any] = {}
    if owner is not None:
        args["owner"] = ref(ctx, owner)
    if hired:
        args["date"] = Day(hired)
    if not args:
        return Word(_EMPLOYEE, capital=capital)
    return Phrase(_EMPLOYEES[owner is not None, bool(hired)](**args), capital=capital)


def _establishment_ref(ctx: Context, fact: Any, capital: bool) -> Any:
    if getattr(fact, "name", None):
        return Name(fact.name, capital=capital)
    premises = ctx.get(getattr(fact, "premises", None))
    address = getattr(fact, "address", None) or (premises and getattr(premises, "address", None))
    what = Word(_CATEGORY_WORDS.get(getattr(fact, "category", None), _UNNAMED))
    if address:
        return Phrase(_AT(what=what, address=Name(address)), capital=capital)
    return Word(what.text, capital=capital)


def _device_ref(ctx: Context, fact: Any, capital: bool) -> Any:
    owner = ctx.get(getattr(fact, "establishment", None))
    gallons = getattr(fact, "capacity_gallons", None)
    if gallons and _others_of_its_kind(ctx, fact):
        args: dict[str, Any] = {"gallons": Count(gallons)}
        if owner is not None:
            args["owner"] = ref(ctx, owner)
        return Phrase(_SIZED[fact.kind, owner is not None](**args), capital=capital)
    if owner is not None:
        return Phrase(
            _OF(kind=Word(_KIND_WORDS[fact.kind]), owner=ref(ctx, owner)), capital=capital
        )
    return Word(_KIND_WORDS[fact.kind], capital=capital)


def _others_of_its_kind(ctx: Context, fact: Any) -> bool:
    same = [
        d
        for d in ctx.referring("device", "establishment", getattr(fact, "establishment", None))
        if d.kind == fact.kind
    ]
    return len(same) > 1


def event_ref(ctx: Context, thing: Any, capital: bool = False) -> Any:
    """A record of the facts as a message's argument, named as ``words.name_of`` names
    it (an event by its kind and day, "the pump-out of 2024-11-30", a notice by its
    kind and day), in the reader's words (``general.common.ref``)."""
    return general_ref(ctx, thing, capital)


def _key(fact: Any) -> str | None:
    """The record key a data problem names: the fact's id, else the fact it belongs to."""
    if fact is None or isinstance(fact, str):
        return fact
    if fact.id is not None:
        return fact.id
    for field_name in fact.references:
        target = getattr(fact, field_name)
        if target is not None:
            return target
    return None


def report_problem(ctx: Context, facts: list[Any], problem: Message) -> None:
    """Report facts that contradict each other, each record named once."""
    keys = [k for k in dict.fromkeys(_key(f) for f in facts) if k is not None]
    ctx.data_problem(keys, problem)


def decisions_of(
    establishment: Establishment,
    kind: str,
    ctx: Context,
    device: str | None = None,
    on: date | None = None,
) -> list[Any]:
    """The Director's decisions of ``kind`` in force on ``on`` (default: the as-of
    date), for ``device`` where a decision is limited to one. A decision binds from
    its date until the day it is revoked."""
    day = ctx.as_of if on is None else on
    return [
        d
        for d in ctx.referring("fog_decision", "establishment", establishment.id)
        if d.kind == kind
        and d.date <= day
        and (d.revoked_on is None or d.revoked_on > day)
        and (d.device is None or device is None or d.device == device)
    ]


def latest_observation(establishment: Establishment, ctx: Context, *fields: str) -> Any:
    """The latest FOG observation of the establishment that reports any of ``fields``."""
    for observation in reversed(
        ctx.referring("fog_observation", "establishment", establishment.id)
    ):
        if any(getattr(observation, name) is not None for name in fields):
            return observation
    return None


# ------------------------------------------------------------------------ events that cannot be

#: an event about a device dated when the device did not exist, the event named first
_BEFORE_INSTALLED = declare(
    "fog.problem.dated-before-installation",
    "{event} is dated before {device} was installed on {date}.",
)
_AFTER_REMOVED = declare(
    "fog.problem.dated-after-removal", "{event} is dated after {device} was removed on {date}."
)
_BLOCKAGE_BEFORE_OPENING = declare(
    "fog.problem.blockage-before-opening",
    "The grease-related blockage of {date} is attributed to {establishment}, which opened "
    "only on {opened}.",
)
#: the Director's frequency order of a device, by its day
ORDER_OF = declare("fog.name.order-of", "the Director's frequency order of {date}")


def pump_outs_of(device: Device, ctx: Context) -> list[PumpOut]:
    """The device's pump-outs that could have happened, oldest first: none dated
    before its installation or after its removal. Each other one is reported as a data
    problem naming it and the device, and starts no clock. Computed once per
    evaluation."""
    cache = ctx.memo("fog.pump_outs")
    found = cache.get(device.id)
    if found is None:
        found = []
        for pump_out in ctx.referring("pump_out", "device", device.id):
            if device.installed_on is not None and pump_out.date < device.installed_on:
                report_problem(
                    ctx,
                    [pump_out, device],
                    _BEFORE_INSTALLED(
                        event=event_ref(ctx, pump_out, capital=True),
                        device=ref(ctx, device),
                        date=Day(device.installed_on),
                    ),
                )
            elif device.removed_on is not None and pump_out.date > device.removed_on:
                report_problem(
                    ctx,
                    [pump_out, device],
                    _AFTER_REMOVED(
                        event=event_ref(ctx, pump_out, capital=True),
                        device=ref(ctx, device),
                        date=Day(device.removed_on),
                    ),
                )
            else:
                found.append(pump_out)
        cache[device.id] = found
    return found


def frequency_orders_of(device: Device, ctx: Context) -> list[FrequencyOrder]:
    """The Director's frequency orders for the device that could have been made of it:
    none dated before it was installed or after it was removed (each such one is a data
    problem, and sets no frequency). Once per evaluation."""
    cache = ctx.memo("fog.orders")
    found = cache.get(device.id)
    if found is None:
        found = [
            order
            for order in ctx.referring("frequency_order", "device", device.id)
            if while_installed(
                order, order.date, device, Phrase(ORDER_OF(date=Day(order.date))), ctx
            )
        ]
        cache[device.id] = found
    return found


def possible_pump_out(pump_out: PumpOut, device: Device, ctx: Context) -> bool:
    """Whether the pump-out is dated while the device existed (else reported)."""
    pump_outs_of(device, ctx)  # reports the ones that could not have happened, once
    return installed_on_day(device, pump_out.date) or pump_out.date == device.removed_on


def while_installed(event: Any, day: date, device: Device, what: Phrase, ctx: Context) -> bool:
    """Whether an event about a device (an inspection, a cleaning) is dated while the
    device existed; if not, a data problem naming both, the event by ``what`` ("the
    inspection of 2025-03-01")."""
    if device.installed_on is not None and day < device.installed_on:
        report_problem(
            ctx,
            [event, device],
            _BEFORE_INSTALLED(
                event=what._replace(capital=True),
                device=ref(ctx, device),
                date=Day(device.installed_on),
            ),
        )
        return False
    if device.removed_on is not None and day > device.removed_on:
        report_problem(
            ctx,
            [event, device],
            _AFTER_REMOVED(
                event=what._replace(capital=True),
                device=ref(ctx, device),
                date=Day(device.removed_on),
            ),
        )
        return False
    return True


def blockages_of(establishment: Establishment, ctx: Context) -> list[Blockage]:
    """The establishment's grease-related blockages that could have happened: none
    dated before it opened (each such one is a data problem). Once per evaluation."""
    cache = ctx.memo("fog.blockages")
    found = cache.get(establishment.id)
    if found is None:
        found = []
        opened = establishment.opened_on
        for blockage in ctx.referring("blockage", "establishment", establishment.id):
            if opened is not None and blockage.date < opened:
                report_problem(
                    ctx,
                    [blockage, establishment],
                    _BLOCKAGE_BEFORE_OPENING(
                        date=Day(blockage.date),
                        establishment=ref(ctx, establishment),
                        opened=Day(opened),
                    ),
                )
            else:
                found.append(blockage)
        cache[establishment.id] = found
    return found


# --------------------------------------------------------------------------- FOG-WAIVER
# The validity of every waiver, and the voiding of a FOG conditional waiver, are the
# derived values ``waiver_valid`` and ``waiver_voided_on`` above; the interceptor
# rule applies them.


# ------------------------------------------------------------------ approvals of an observed state


class ApprovalMessages(NamedTuple):
    """The four findings of an observed state that needs the Director's approval, each
    a declared message taking the observation's arguments and the decisions' days
    (``approved``, ``revoked``)."""

    approved: Any  # approved then and still: {approved}
    revoked: Any  # approved then, revoked since: {approved}, {revoked}
    approved_later: Any  # approved only after the observation: {approved}
    unapproved: Any  # no approval


def approved_state(
    establishment: Establishment,
    observation: Any,
    kind: str,
    ctx: Context,
    *,
    messages: ApprovalMessages,
    args: dict[str, Any],
) -> Outcome:
    """An observed state that needs the Director's approval, judged by the approvals
    in force on the observation's day and since: an approval binds from its date
    until revoked. The finding is one of ``messages``, made with ``args`` (what was
    observed, and where) and the approvals' days."""
    then = decisions_of(establishment, kind, ctx, observation.device, on=observation.date)
    now = decisions_of(establishment, kind, ctx, observation.device)
    return _approval_finding(then, now, ctx, messages, args)


def _approval_finding(
    then: list[Any], now: list[Any], ctx: Context, messages: ApprovalMessages, args: dict
) -> Outcome:
    if then and now:
        return met(messages.approved(**args, approved=Day(then[-1].date)))
    if then:
        ended = min(
            d.revoked_on for d in then if d.revoked_on is not None and d.revoked_on <= ctx.as_of
        )
        return due(
            messages.revoked(**args, approved=Day(then[-1].date), revoked=Day(ended)),
            due=ended,
            reading=FOLLOW_UP_DUE,
        )
    if now:
        return met(messages.approved_later(**args, approved=Day(now[0].date)))
    return violation(messages.unapproved(**args))
