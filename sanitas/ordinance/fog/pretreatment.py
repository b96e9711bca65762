"""§ 51.63, FOG pretreatment required: when an interceptor is required (A), the
interceptor (B), a variance for another device (C), the conditional waiver (D),
written as an exception to the requirement, and sanitary fixtures (E).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, Outcome, derived, due, exception, met, rule, violation
from sanitas.ordinance.fog.common import (
    APPROVAL_NOT_RECORDED,
    ApprovalMessages,
    approved_state,
    blockages_of,
    devices_of,
    fse_covered,
    has_opened,
    in_force_from,
    installed_on_day,
    is_a,
    is_interceptor,
    latest_observation,
    ref,
)
from sanitas.ordinance.fog.vocabulary import Device, Waiver
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Money,
    Phrase,
    Word,
    declare,
    render,
    vocabulary,
)
from sanitas.ordinance.words import words

# --------------------------------------------------------------------------- waivers


def _waiver_establishments(waiver: Waiver, ctx: Context) -> list[Establishment]:
    subject = ctx.get(waiver.subject)
    if is_a(subject, "establishment"):
        return [subject]
    return list(ctx.referring("establishment", "premises", waiver.subject))


_CHANGE_WORDS = {
    "food_types": "a change in food types",
    "food_preparation": "a change in food preparation activities",
    "operational_procedures": "a change in operational procedures",
    "increased_discharge": "increased discharges to the sewer system",
}


vocabulary(
    "a transfer of operational control",
    "a renovation of the plumbing system",
    "the addition of equipment that may increase FOG",
    "a grease-related blockage",
    *_CHANGE_WORDS.values(),
)


def _voiding_event(waiver: Waiver, ctx: Context) -> tuple[date, str] | None:
    """The earliest change after a FOG conditional waiver was granted that voids it."""
    if waiver.kind != "fog_conditional":
        return None
    voided_by = ctx.param("fog.conditional_waiver_voided_by", on=waiver.granted_on)
    events: list[tuple[date, str]] = []
    for establishment in _waiver_establishments(waiver, ctx):
        ident = establishment.id
        if "ownership_transfer" in voided_by:
            events += [
                (t.date, "a transfer of operational control")
                for t in ctx.referring("ownership_transfer", "establishment", ident)
            ]
        for renovation in ctx.referring("renovation", "establishment", ident):
            if renovation.plumbing and "plumbing_renovation" in voided_by:
                events.append((renovation.date, "a renovation of the plumbing system"))
            elif renovation.fog_equipment and "fog_equipment" in voided_by:
                events.append((renovation.date, "the addition of equipment that may increase FOG"))
        if "operations_change" in voided_by:
            events += [
                (c.date, _CHANGE_WORDS[c.change])
                for c in ctx.referring("operations_change", "establishment", ident)
            ]
        if "blockage" in voided_by:
            events += [
                (b.date, "a grease-related blockage") for b in blockages_of(establishment, ctx)
            ]
    later = sorted(e for e in events if e[0] > waiver.granted_on)
    return later[0] if later else None


@derived("waiver_voided_on", on="waiver", requirement="FOG-WAIVER")
def waiver_voided_on(waiver: Waiver, ctx: Context) -> date | None:
    """§ 51.63(D): "Any waiver granted by the Director shall be voided by the food
    service establishment making changes in its operations that significantly
    affect FOG discharge, including, but not limited to, changes in food
    preparation activities, renovations of the plumbing system, and increased
    discharges to the sewer system." The date of the first such change after the
    grant (FOG conditional waivers only), else null."""
    event = _voiding_event(waiver, ctx)
    return None if event is None else event[0]


@derived("waiver_valid", on="waiver", requirement="FOG-WAIVER")
def waiver_valid(waiver: Waiver, ctx: Context) -> bool:
    """§ 51.63(D): "The waiver shall remain valid until the expiration date specified
    in the waiver … A waiver may be revoked at any time …" Every kind of waiver:
    granted by the date, not expired, not revoked; a FOG conditional waiver also
    not voided by a later change in operations."""
    as_of = ctx.as_of  # a waiver granted later is not yet among the facts
    if waiver.revoked_on is not None and waiver.revoked_on <= as_of:
        return False
    if waiver.expires_on is not None:
        through = ctx.param("fog.waiver_valid_through_expiry", on=waiver.granted_on)
        if as_of > waiver.expires_on or (as_of == waiver.expires_on and not through):
            return False
    return ctx.derived("waiver_voided_on", waiver) is None


def _waivers(establishment: Establishment, kind: str, ctx: Context) -> list[Waiver]:
    found = list(ctx.referring("waiver", "subject", establishment.id))
    if establishment.premises is not None:
        found += ctx.referring("waiver", "subject", establishment.premises)
    return [w for w in found if w.kind == kind]


def _valid_waivers(establishment: Establishment, kind: str, ctx: Context) -> list[Waiver]:
    return [w for w in _waivers(establishment, kind, ctx) if ctx.derived("waiver_valid", w)]


#: a waiver by its kind ("the conditional FOG waiver")
_WAIVER_WORDS = {kind: f"the {words(kind)}" for kind in ("fog_conditional", "fog_variance")}
vocabulary(*_WAIVER_WORDS.values())
_REVOKED = declare("fog.waiver.revoked", "{waiver} granted {granted} was revoked on {date}")
_VOIDED = declare("fog.waiver.voided", "{waiver} granted {granted} was voided on {date} by {event}")
_EXPIRED = declare("fog.waiver.expired", "{waiver} granted {granted} expired on {date}")


def _lapse(waiver: Waiver, ctx: Context) -> Phrase:
    """Why a waiver no longer holds ("the FOG variance granted … expired on …")."""
    which = {"waiver": Word(_WAIVER_WORDS[waiver.kind]), "granted": Day(waiver.granted_on)}
    if waiver.revoked_on is not None and waiver.revoked_on <= ctx.as_of:
        return Phrase(_REVOKED(**which, date=Day(waiver.revoked_on)))
    event = _voiding_event(waiver, ctx)
    if event is not None:
        return Phrase(_VOIDED(**which, date=Day(event[0]), event=Word(event[1])))
    return Phrase(_EXPIRED(**which, date=Day(waiver.expires_on)))


# ----------------------------------------------------------------------- FOG-PRETREAT-APPLICABILITY

_TRIGGER_ORDER = ("new_fse", "transfer", "renovation", "blockage")
#: why an interceptor is required, each a clause following "because"
_OPENED_AFTER = declare(
    "fog.trigger.opened-after",
    "it opened as a new food service establishment on {date}, after the FOG rules took effect "
    "on {in_force}",
)
_OPENED_SAME_DAY = declare(
    "fog.trigger.opened-same-day",
    "it opened as a new food service establishment on {date}, the day the FOG rules took effect",
)
_TRANSFERRED = declare(
    "fog.trigger.transfer", "operational control of it was transferred on {date}"
)
_PLUMBING = declare("fog.trigger.plumbing", "its plumbing system was renovated on {date}")
_EQUIPMENT = declare(
    "fog.trigger.equipment",
    "equipment that may increase its discharge of grease was added on {date}",
)
_VALUATION = declare(
    "fog.trigger.valuation",
    "it was renovated on {date} under a building permit valued at {valuation}, at least "
    "{threshold}",
)
_BLOCKAGE = declare(
    "fog.trigger.blockage",
    "it caused or contributed to a grease-related sewer blockage on {date}",
)
_SIGNIFICANT = declare(
    "fog.trigger.significant",
    "the Director determined on {date} that it discharges grease in significant quantities",
)


def _triggers(establishment: Establishment, ctx: Context) -> list[tuple[date, int, str, Message]]:
    """Every § 51.63(A) trigger of the establishment: (date, paragraph order, name,
    the clause saying why, to follow "because")."""
    in_force = in_force_from(ctx)
    ident = establishment.id
    found: list[tuple[date, int, str, Message]] = []

    def add(day: date, name: str, why: Message) -> None:
        if in_force <= day <= ctx.as_of:
            found.append((day, _TRIGGER_ORDER.index(name), name, why))

    if establishment.opened_on is not None:
        opened = Day(establishment.opened_on)
        add(
            establishment.opened_on,
            "new_fse",
            _OPENED_AFTER(date=opened, in_force=Day(in_force))
            if establishment.opened_on > in_force
            else _OPENED_SAME_DAY(date=opened),
        )
    for transfer in ctx.referring("ownership_transfer", "establishment", ident):
        add(transfer.date, "transfer", _TRANSFERRED(date=Day(transfer.date)))
    for renovation in ctx.referring("renovation", "establishment", ident):
        threshold = Decimal(str(ctx.param("fog.renovation_valuation", on=renovation.date)))
        on = Day(renovation.date)
        if renovation.plumbing:
            why = _PLUMBING(date=on)
        elif renovation.fog_equipment:
            why = _EQUIPMENT(date=on)
        elif renovation.valuation is not None and renovation.valuation >= threshold:
            why = _VALUATION(
                date=on, valuation=Money(renovation.valuation), threshold=Money(threshold)
            )
        else:
            continue
        add(renovation.date, "renovation", why)
    for blockage in blockages_of(establishment, ctx):
        add(blockage.date, "blockage", _BLOCKAGE(date=Day(blockage.date)))
    for decision in ctx.referring("fog_decision", "establishment", ident):
        if decision.kind == "significant_discharge":
            add(decision.date, "blockage", _SIGNIFICANT(date=Day(decision.date)))
    return found


def _first_trigger(establishment: Establishment, ctx: Context) -> tuple[date, int, str, Any] | None:
    """The earliest § 51.63(A) trigger of an FSE (of one day and paragraph, the first
    as its English sorts), computed once per evaluation."""
    cache = ctx.memo("fog.first_trigger")
    if establishment.id not in cache:
        triggers = _triggers(establishment, ctx) if fse_covered(establishment, ctx) else []
        first = None
        if triggers:
            earliest = min(t[:3] for t in triggers)
            tied = [t for t in triggers if t[:3] == earliest]
            first = tied[0] if len(tied) == 1 else min(tied, key=lambda t: render(t[3]))
        cache[establishment.id] = first
    return cache[establishment.id]


@derived("fog_interceptor_trigger", on="establishment", requirement="FOG-PRETREAT-APPLICABILITY")
def fog_interceptor_trigger(establishment: Establishment, ctx: Context) -> str | None:
    """§ 51.63(A): "The requirements of this section shall apply to: (1) All new food
    service establishments …; (2) Any existing food service establishment upon the
    sale or transfer of operational control thereof; (3) … upon renovation of the
    plumbing system or addition of any equipment that may increase discharge of FOG
    …, regardless of valuation; or any material renovation … with a building permit
    valuation of $50,000 or more; and (4) … [one] which has caused or contributed
    to a grease-related blockage …, or which … has been determined by the Director
    to be discharging FOG in significant quantities …" The earliest trigger
    (``blockage`` names paragraph (4), either way), or null."""
    trigger = _first_trigger(establishment, ctx)
    return None if trigger is None else trigger[2]


@derived("fog_interceptor_trigger_on", on="establishment", requirement="FOG-PRETREAT-APPLICABILITY")
def fog_interceptor_trigger_on(establishment: Establishment, ctx: Context) -> date | None:
    """The date of the earliest § 51.63(A) trigger, or null."""
    trigger = _first_trigger(establishment, ctx)
    return None if trigger is None else trigger[0]


@derived("fog_interceptor_required", on="establishment", requirement="FOG-PRETREAT-APPLICABILITY")
def fog_interceptor_required(establishment: Establishment, ctx: Context) -> bool:
    """§ 51.63(A)–(B): an establishment "specified in division (A) of this section
    shall install … [a] grease interceptor": required once a trigger has occurred
    (but for the conditional waiver of § 51.63(D), the exception below)."""
    return _first_trigger(establishment, ctx) is not None


@exception("fog_interceptor_required", cite="§ 51.63(D)", value=False)
def conditional_waiver(establishment: Establishment, ctx: Context) -> bool:
    """A valid FOG conditional waiver excuses a triggered establishment from
    installing a grease interceptor.

    § 51.63(D): "An existing food service establishment may obtain a conditional
    waiver from installing a grease interceptor …"."""
    return _first_trigger(establishment, ctx) is not None and bool(
        _valid_waivers(establishment, "fog_conditional", ctx)
    )


# ------------------------------------------------------------------------- FOG-INTERCEPTOR-REQUIRED


_NOT_INTERCEPTOR = "not_interceptor"
_NOT_APPROVED = "not_approved"
_FEW_COMPARTMENTS = "few_compartments"
_APPROVAL_UNKNOWN = "its approval by the Director and the Building Official"
_COMPARTMENTS_UNKNOWN = "its number of compartments (at least 2 are required)"
vocabulary(_APPROVAL_UNKNOWN, _COMPARTMENTS_UNKNOWN)


def interceptor_defects(device: Device, ctx: Context) -> tuple[list[str], list[str]]:
    """What the device's record shows wrong for a grease interceptor (``not_interceptor``,
    ``not_approved``, ``few_compartments``), and what it does not show (to be
    confirmed, never taken as wrong; in words)."""
    minimum = ctx.param("fog.interceptor_min_compartments")
    wrong: list[str] = []
    unknown: list[str] = []
    if not is_interceptor(device):
        wrong.append(_NOT_INTERCEPTOR)
        return wrong, unknown
    if device.approved is False:
        wrong.append(_NOT_APPROVED)
    elif device.approved is None:
        unknown.append(_APPROVAL_UNKNOWN)
    if device.compartments is None:
        unknown.append(_COMPARTMENTS_UNKNOWN)
    elif device.compartments < minimum:
        wrong.append(_FEW_COMPARTMENTS)
    return wrong, unknown


_DEFECTS = {
    (_NOT_INTERCEPTOR,): declare(
        "fog.interceptor.other-kind", "{device} is not a grease interceptor"
    ),
    (_NOT_APPROVED,): declare("fog.interceptor.unapproved", "{device} is not approved"),
    (_FEW_COMPARTMENTS,): declare(
        "fog.interceptor.few-compartments",
        "{device} has {count} compartment, fewer than the {minimum} required",
        plural="{device} has {count} compartments, fewer than the {minimum} required",
        count="count",
    ),
    (_NOT_APPROVED, _FEW_COMPARTMENTS): declare(
        "fog.interceptor.unapproved-few-compartments",
        "{device} is not approved and has {count} compartment, fewer than the {minimum} required",
        plural="{device} is not approved and has {count} compartments, fewer than the {minimum} "
        "required",
        count="count",
    ),
}


def _defects(ctx: Context, device: Device, wrong: list[str]) -> Phrase:
    """What is wrong with a device, as a clause naming it."""
    args: dict[str, Any] = {"device": ref(ctx, device)}
    if _FEW_COMPARTMENTS in wrong:
        args.update(
            count=Count(device.compartments),
            minimum=Count(ctx.param("fog.interceptor_min_compartments")),
        )
    return Phrase(_DEFECTS[tuple(wrong)](**args))


def _devices(ctx: Context, devices: list[Device]) -> Items:
    """Devices named and listed, each once."""
    return Items(tuple(dict.fromkeys(ref(ctx, d) for d in devices)))


_BASIS = "{establishment} must have an approved grease interceptor because {why}"
_BASIS_PLAIN = declare("fog.interceptor.basis", _BASIS)
_BASIS_LAPSED = declare("fog.interceptor.basis-lapsed", _BASIS + " ({lapsed})")


class _InterceptorCase(NamedTuple):
    """An establishment that must have an interceptor, as the rule and the variance
    read it: why (``basis``, a clause), its devices in service and what each lacks."""

    basis: Phrase
    devices: list[Device]
    checked: dict[str | None, tuple[list[str], list[str]]]

    def conforming(self) -> Device | None:
        """The first device in service that is an approved interceptor of enough
        compartments, or None."""
        return next((d for d in self.devices if self.checked[d.id] == ([], [])), None)


def _interceptor_case(establishment: Establishment, ctx: Context) -> _InterceptorCase | None:
    """The case of an opened establishment that must have an interceptor, once per
    evaluation; None where it need not."""
    cases = ctx.memo("fog.interceptor_case")
    try:
        return cases[establishment.id]
    except KeyError:
        pass
    case = cases[establishment.id] = None
    if ctx.derived("fog_interceptor_required", establishment) and has_opened(establishment, ctx):
        trigger = _first_trigger(establishment, ctx)
        assert trigger is not None
        who = ref(ctx, establishment, capital=True)
        lapsed = tuple(
            _lapse(w[-1], ctx)
            for w in (
                _waivers(establishment, "fog_conditional", ctx),
                _waivers(establishment, "fog_variance", ctx),
            )
            if w and not ctx.derived("waiver_valid", w[-1])
        )
        why = Phrase(trigger[3])
        basis = Phrase(
            _BASIS_LAPSED(establishment=who, why=why, lapsed=Items(lapsed))
            if lapsed
            else _BASIS_PLAIN(establishment=who, why=why)
        )
        devices = devices_of(establishment, ctx)
        checked = {d.id: interceptor_defects(d, ctx) for d in devices}
        case = cases[establishment.id] = _InterceptorCase(basis, devices, checked)
    return case


_INTERCEPTOR_OK = declare(
    "fog.interceptor.conforming",
    "{basis}; {device} is approved and has {count} compartment.",
    plural="{basis}; {device} is approved and has {count} compartments.",
    count="count",
)
_NO_DEVICE = declare(
    "fog.interceptor.no-device", "{basis}, and no pretreatment device is installed."
)
_TO_CONFIRM = "{basis}; {device} is installed, but {unknown} "
_TO_CONFIRM_ONE = declare(
    "fog.interceptor.to-confirm", _TO_CONFIRM + "is not on record and must be confirmed."
)
_TO_CONFIRM_BOTH = declare(
    "fog.interceptor.to-confirm-both", _TO_CONFIRM + "are not on record and must be confirmed."
)
_DEFECTIVE = declare("fog.interceptor.defective", "{basis}, but {problems}.")


@rule("FOG-INTERCEPTOR-REQUIRED", on="establishment", label="interceptor_required")
def interceptor_required(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.63(B): "All food service establishments specified in division (A) of this
    section shall install, operate and maintain an approved type, adequately sized
    and readily accessible grease interceptor … Grease interceptors shall have a
    minimum of two compartments …" (but for a variance under § 51.63(C), the
    exception below).

    A violation rests on the record: no device in service, a device of another
    kind, one recorded unapproved or with fewer than two compartments. An
    interceptor whose approval or compartments are not recorded is to be confirmed
    (``due``)."""
    case = _interceptor_case(establishment, ctx)
    if case is None:
        return None
    basis, devices, checked = case
    device = case.conforming()
    if device is not None:
        return met(
            _INTERCEPTOR_OK(basis=basis, device=ref(ctx, device), count=Count(device.compartments))
        )
    if not devices:
        return violation(_NO_DEVICE(basis=basis))
    to_confirm = [d for d in devices if not checked[d.id][0]]
    if to_confirm:
        device = to_confirm[0]
        unknown = checked[device.id][1]
        made = _TO_CONFIRM_ONE if len(unknown) == 1 else _TO_CONFIRM_BOTH
        return due(
            made(
                basis=basis,
                device=ref(ctx, device),
                unknown=Items(tuple(Word(u) for u in unknown)),
            ),
            reading=APPROVAL_NOT_RECORDED,
        )
    problems = Items(tuple(_defects(ctx, d, checked[d.id][0]) for d in devices))
    return violation(_DEFECTIVE(basis=basis, problems=problems))


_GRANT = "{basis}; the FOG variance granted {granted} allows another pretreatment device"
#: the reading a variance's device relied on where its approval is not required
ANY_DEVICE_IN_LIEU = declare(
    "fog.reading.any-device-in-lieu",
    "While a variance holds, any pretreatment device in service meets the interceptor "
    "requirement; the variance rule itself checks the device's approval.",
)()
_LIEU_NONE = declare("fog.variance.lieu-none", _GRANT + ", but none is installed.")
_LIEU_MET = declare("fog.variance.lieu-installed", _GRANT + ", and {device} is installed.")
_LIEU_PENDING = declare(
    "fog.variance.lieu-pending",
    _GRANT + ", and {devices} is installed, but its approval is not on record and is to be "
    "confirmed.",
)
_LIEU_UNAPPROVED = declare(
    "fog.variance.lieu-unapproved", _GRANT + ", but {devices} is not approved."
)


def _in_lieu(establishment: Establishment, ctx: Context) -> Outcome:
    """The devices in service judged against the variance instead: met where one is
    installed (and approved, where the pack requires it), due where its approval is
    not on record, else a violation."""
    case = _interceptor_case(establishment, ctx)
    assert case is not None
    basis, devices, _ = case
    for variance in _valid_waivers(establishment, "fog_variance", ctx):
        must_approve = ctx.param("fog.variance_device_must_be_approved")
        grant = {"basis": basis, "granted": Day(variance.granted_on)}
        if not devices:
            return violation(_LIEU_NONE(**grant), cite="§ 51.63(C)")
        approved = [d for d in devices if d.approved is True]
        if approved or not must_approve:
            device = (approved or devices)[0]
            reading = None if device.approved is True else ANY_DEVICE_IN_LIEU
            return met(
                _LIEU_MET(**grant, device=ref(ctx, device)), cite="§ 51.63(C)", reading=reading
            )
        pending = [d for d in devices if d.approved is None]
        if pending:
            return due(
                _LIEU_PENDING(**grant, devices=_devices(ctx, pending)),
                cite="§ 51.63(C)",
                reading=APPROVAL_NOT_RECORDED,
            )
        return violation(
            _LIEU_UNAPPROVED(**grant, devices=_devices(ctx, devices)), cite="§ 51.63(C)"
        )
    raise AssertionError("the variance exception holds only where a variance is valid")


@exception("interceptor_required", cite="§ 51.63(C)", then=_in_lieu)
def variance_in_lieu(establishment: Establishment, ctx: Context) -> bool:
    """A valid FOG variance allows another pretreatment device in lieu of a grease
    interceptor, where no conforming interceptor is in service.

    § 51.63(C): a variance allows "an alternative pretreatment device in lieu of a
    grease interceptor"."""
    case = _interceptor_case(establishment, ctx)
    return (
        case is not None
        and case.conforming() is None
        and bool(_valid_waivers(establishment, "fog_variance", ctx))
    )


# --------------------------------------------------------------------------- FOG-VARIANCE


def _last_valid_day(waiver: Waiver, ctx: Context) -> date:
    """The as-of date for a variance still valid; else the last day it held (a variance
    lapses by expiry or revocation only)."""
    if ctx.derived("waiver_valid", waiver):
        return ctx.as_of
    ends = []
    if waiver.revoked_on is not None and waiver.revoked_on <= ctx.as_of:
        ends.append(add_days(waiver.revoked_on, -1))
    if waiver.expires_on is not None:
        through = ctx.param("fog.waiver_valid_through_expiry", on=waiver.granted_on)
        ends.append(waiver.expires_on if through else add_days(waiver.expires_on, -1))
    return min(ends)


_HEAD = (
    "The FOG variance granted {granted} to {establishment} allows another pretreatment device "
    "in place of a grease interceptor"
)
_HEAD_HOLDS = declare("fog.variance.holds", _HEAD)
_HEAD_HELD = declare("fog.variance.held", _HEAD + " (it held until {until})")
_VARIANCE_APPROVED = declare("fog.variance.approved", "{head}; {device} is approved.")
_VARIANCE_PENDING = declare(
    "fog.variance.pending",
    "{head}; {devices} is installed, but its approval by the Director and the Building "
    "Official is not on record and is to be confirmed.",
)
_VARIANCE_UNAPPROVED = declare(
    "fog.variance.unapproved",
    "{head}, but {devices} is not approved by the Director and the Building Official.",
)
_VARIANCE_NONE = declare(
    "fog.variance.no-device", "{head}, but no pretreatment device is installed."
)


@rule("FOG-VARIANCE", on="waiver")
def variance_device(waiver: Waiver, ctx: Context) -> Iterator[Outcome]:
    """§ 51.63(C): "Alternative pretreatment devices, including, but not limited to,
    grease traps and other separation and holding devices, must be appropriately
    sized and approved by the Director and the Building Official." Judged while the
    variance holds; once it lapses, as of its last day (the record does not change
    with time alone). A device whose approval is not recorded is to be confirmed
    while the variance holds, and is no finding once it has lapsed."""
    if waiver.kind != "fog_variance":
        return
    day = _last_valid_day(waiver, ctx)
    if day < waiver.granted_on:
        return
    holds = day == ctx.as_of
    for establishment in _waiver_establishments(waiver, ctx):
        if not fse_covered(establishment, ctx) or not has_opened(establishment, ctx):
            continue
        which = {"granted": Day(waiver.granted_on), "establishment": ref(ctx, establishment)}
        head = Phrase(_HEAD_HOLDS(**which) if holds else _HEAD_HELD(**which, until=Day(day)))
        devices = [
            d
            for d in ctx.referring("device", "establishment", establishment.id)
            if installed_on_day(d, day)
        ]
        approved = [d for d in devices if d.approved is True]
        pending = [d for d in devices if d.approved is None]
        if approved:
            yield met(_VARIANCE_APPROVED(head=head, device=ref(ctx, approved[0])))
        elif pending and holds:
            yield due(
                _VARIANCE_PENDING(head=head, devices=_devices(ctx, pending)),
                reading=APPROVAL_NOT_RECORDED,
            )
        elif pending:
            continue  # lapsed: nothing left to confirm, and no record of a refusal
        elif devices:
            yield violation(_VARIANCE_UNAPPROVED(head=head, devices=_devices(ctx, devices)))
        else:
            yield violation(_VARIANCE_NONE(head=head))


# --------------------------------------------------------------------------- FOG-SANITARY-FIXTURES


_FIXTURES = (
    "On {date} sanitary fixtures at {establishment} discharged through the grease interceptor"
)
_NO_FIXTURE = declare(
    "fog.fixtures.none",
    "On {date} no sanitary fixture at {establishment} discharged through the grease interceptor.",
)
_FIXTURES_APPROVAL = ApprovalMessages(
    approved=declare(
        "fog.fixtures.approved", _FIXTURES + " with the Director's written approval of {approved}."
    ),
    revoked=declare(
        "fog.fixtures.revoked",
        _FIXTURES + " with the Director's approval of {approved}, which was revoked on "
        "{revoked}; a follow-up inspection is due to see whether it continues.",
    ),
    approved_later=declare(
        "fog.fixtures.approved-later",
        _FIXTURES + " without the Director's written approval; the Director approved it in "
        "writing on {approved}.",
    ),
    unapproved=declare(
        "fog.fixtures.unapproved", _FIXTURES + " without the Director's written approval."
    ),
)


@rule("FOG-SANITARY-FIXTURES", on="establishment")
def sanitary_fixtures(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.63(E): "Toilets, urinals, and other similar sanitary fixtures shall not
    discharge through the grease interceptor unless specifically approved, in
    writing, by the Director." """
    if not fse_covered(establishment, ctx):
        return None
    observation = latest_observation(establishment, ctx, "sanitary_fixtures_connected")
    if observation is None:
        return None
    args = {"date": Day(observation.date), "establishment": ref(ctx, establishment)}
    if not observation.sanitary_fixtures_connected:
        return met(_NO_FIXTURE(**args))
    return approved_state(
        establishment,
        observation,
        "sanitary_fixtures_approved",
        ctx,
        messages=_FIXTURES_APPROVAL,
        args=args,
    )
