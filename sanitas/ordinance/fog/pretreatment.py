"""§ 51.63, FOG pretreatment required: when an interceptor is required (A), the
interceptor (B), a variance for another device (C), the conditional waiver (D),
written as an exception to the requirement, and sanitary fixtures (E).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import NamedTuple

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, Outcome, derived, due, exception, met, rule, violation
from sanitas.ordinance.fog.common import (
    APPROVAL_NOT_RECORDED,
    approved_state,
    blockages_of,
    capital_name,
    devices_of,
    fse_covered,
    has_opened,
    in_force_from,
    installed_on_day,
    is_a,
    is_interceptor,
    latest_observation,
    thing_name,
)
from sanitas.ordinance.fog.vocabulary import Device, Waiver
from sanitas.ordinance.general import Establishment
from sanitas.ordinance.words import capital, dollars, listing, plural, words

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


def _waiver_words(waiver: Waiver) -> str:
    """ "the conditional FOG waiver granted 2020-01-01"."""
    return f"the {words(waiver.kind)} granted {waiver.granted_on}"


def _lapse(waiver: Waiver, ctx: Context) -> str:
    """Why a waiver no longer holds, in words."""
    if waiver.revoked_on is not None and waiver.revoked_on <= ctx.as_of:
        return f"was revoked on {waiver.revoked_on}"
    event = _voiding_event(waiver, ctx)
    if event is not None:
        return f"was voided on {event[0]} by {event[1]}"
    return f"expired on {waiver.expires_on}"


# ----------------------------------------------------------------------- FOG-PRETREAT-APPLICABILITY

_TRIGGER_ORDER = ("new_fse", "transfer", "renovation", "blockage")


def _triggers(establishment: Establishment, ctx: Context) -> list[tuple[date, int, str, str]]:
    """Every § 51.63(A) trigger of the establishment: (date, paragraph order, name,
    words saying why, to follow "because")."""
    in_force = in_force_from(ctx)
    ident = establishment.id
    found: list[tuple[date, int, str, str]] = []

    def add(day: date, name: str, why: str) -> None:
        if in_force <= day <= ctx.as_of:
            found.append((day, _TRIGGER_ORDER.index(name), name, why))

    if establishment.opened_on is not None:
        add(
            establishment.opened_on,
            "new_fse",
            f"it opened as a new food service establishment on {establishment.opened_on}, "
            + (
                f"after the FOG rules took effect on {in_force}"
                if establishment.opened_on > in_force
                else "the day the FOG rules took effect"
            ),
        )
    for transfer in ctx.referring("ownership_transfer", "establishment", ident):
        add(
            transfer.date,
            "transfer",
            f"operational control of it was transferred on {transfer.date}",
        )
    for renovation in ctx.referring("renovation", "establishment", ident):
        threshold = Decimal(str(ctx.param("fog.renovation_valuation", on=renovation.date)))
        on = renovation.date
        if renovation.plumbing:
            why = f"its plumbing system was renovated on {on}"
        elif renovation.fog_equipment:
            why = f"equipment that may increase its discharge of grease was added on {on}"
        elif renovation.valuation is not None and renovation.valuation >= threshold:
            why = (
                f"it was renovated on {on} under a building permit valued at "
                f"{dollars(renovation.valuation)}, at least {dollars(threshold)}"
            )
        else:
            continue
        add(on, "renovation", why)
    for blockage in blockages_of(establishment, ctx):
        add(
            blockage.date,
            "blockage",
            f"it caused or contributed to a grease-related sewer blockage on {blockage.date}",
        )
    for decision in ctx.referring("fog_decision", "establishment", ident):
        if decision.kind == "significant_discharge":
            add(
                decision.date,
                "blockage",
                f"the Director determined on {decision.date} that it discharges grease in "
                "significant quantities",
            )
    return sorted(found)


def _first_trigger(establishment: Establishment, ctx: Context) -> tuple[date, int, str, str] | None:
    """The earliest § 51.63(A) trigger of an FSE, computed once per evaluation."""
    cache = ctx.memo("fog.first_trigger")
    if establishment.id not in cache:
        triggers = _triggers(establishment, ctx) if fse_covered(establishment, ctx) else []
        cache[establishment.id] = triggers[0] if triggers else None
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


def interceptor_defects(device: Device, ctx: Context) -> tuple[list[str], list[str]]:
    """What the device's record shows wrong for a grease interceptor, and what it
    does not show (to be confirmed, never taken as wrong)."""
    minimum = ctx.param("fog.interceptor_min_compartments")
    wrong: list[str] = []
    unknown: list[str] = []
    if not is_interceptor(device):
        wrong.append("is not a grease interceptor")
        return wrong, unknown
    if device.approved is False:
        wrong.append("is not approved")
    elif device.approved is None:
        unknown.append("its approval by the Director and the Building Official")
    if device.compartments is None:
        unknown.append("its number of compartments (at least 2 are required)")
    elif device.compartments < minimum:
        wrong.append(
            f"has {plural(device.compartments, 'compartment')}, fewer than the {minimum} required"
        )
    return wrong, unknown


def device_list(ctx: Context, devices: list[Device]) -> str:
    return listing(dict.fromkeys(thing_name(ctx, d) for d in devices))


class _InterceptorCase(NamedTuple):
    """An establishment that must have an interceptor, as the rule and the variance
    read it: why (``basis``), its devices in service and what each lacks."""

    basis: str
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
        who = capital_name(ctx, establishment)
        basis = f"{who} must have an approved grease interceptor because {trigger[3]}"
        lapsed = [
            f"{_waiver_words(w[-1])} {_lapse(w[-1], ctx)}"
            for w in (
                _waivers(establishment, "fog_conditional", ctx),
                _waivers(establishment, "fog_variance", ctx),
            )
            if w and not ctx.derived("waiver_valid", w[-1])
        ]
        if lapsed:
            basis += f" ({listing(lapsed)})"
        devices = devices_of(establishment, ctx)
        checked = {d.id: interceptor_defects(d, ctx) for d in devices}
        case = cases[establishment.id] = _InterceptorCase(basis, devices, checked)
    return case


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
            f"{basis}; {thing_name(ctx, device)} is approved and has "
            f"{plural(device.compartments, 'compartment')}."
        )
    if not devices:
        return violation(f"{basis}, and no pretreatment device is installed.")
    to_confirm = [d for d in devices if not checked[d.id][0]]
    if to_confirm:
        device = to_confirm[0]
        unknown = checked[device.id][1]
        return due(
            f"{basis}; {thing_name(ctx, device)} is installed, but {listing(unknown)} "
            f"{'is' if len(unknown) == 1 else 'are'} not on record and must be confirmed.",
            reading=APPROVAL_NOT_RECORDED,
        )
    problems = [f"{thing_name(ctx, d)} {' and '.join(checked[d.id][0])}" for d in devices]
    return violation(f"{basis}, but {listing(problems)}.")


def _in_lieu(establishment: Establishment, ctx: Context) -> Outcome:
    """The devices in service judged against the variance instead: met where one is
    installed (and approved, where the pack requires it), due where its approval is
    not on record, else a violation."""
    case = _interceptor_case(establishment, ctx)
    assert case is not None
    basis, devices, _ = case
    for variance in _valid_waivers(establishment, "fog_variance", ctx):
        must_approve = ctx.param("fog.variance_device_must_be_approved")
        grant = f"{_waiver_words(variance)} allows another pretreatment device"
        if not devices:
            return violation(f"{basis}; {grant}, but none is installed.", cite="§ 51.63(C)")
        approved = [d for d in devices if d.approved is True]
        if approved or not must_approve:
            device = (approved or devices)[0]
            reading = (
                None
                if device.approved is True
                else "While a variance holds, any pretreatment device in service meets the "
                "interceptor requirement; the variance rule itself checks the device's approval."
            )
            return met(
                f"{basis}; {grant}, and {thing_name(ctx, device)} is installed.",
                cite="§ 51.63(C)",
                reading=reading,
            )
        pending = [d for d in devices if d.approved is None]
        if pending:
            return due(
                f"{basis}; {grant}, and {device_list(ctx, pending)} is installed, but its "
                "approval is not on record and is to be confirmed.",
                cite="§ 51.63(C)",
                reading=APPROVAL_NOT_RECORDED,
            )
        return violation(
            f"{basis}; {grant}, but {device_list(ctx, devices)} is not approved.",
            cite="§ 51.63(C)",
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
    held = "" if holds else f" (it held until {day})"
    for establishment in _waiver_establishments(waiver, ctx):
        if not fse_covered(establishment, ctx) or not has_opened(establishment, ctx):
            continue
        head = (
            f"{capital(_waiver_words(waiver))} to {thing_name(ctx, establishment)} allows another "
            f"pretreatment device in place of a grease interceptor{held}"
        )
        devices = [
            d
            for d in ctx.referring("device", "establishment", establishment.id)
            if installed_on_day(d, day)
        ]
        approved = [d for d in devices if d.approved is True]
        pending = [d for d in devices if d.approved is None]
        if approved:
            yield met(f"{head}; {thing_name(ctx, approved[0])} is approved.")
        elif pending and holds:
            yield due(
                f"{head}; {device_list(ctx, pending)} is installed, but its approval by the "
                "Director and the Building Official is not on record and is to be confirmed.",
                reading=APPROVAL_NOT_RECORDED,
            )
        elif pending:
            continue  # lapsed: nothing left to confirm, and no record of a refusal
        elif devices:
            yield violation(
                f"{head}, but {device_list(ctx, devices)} is not approved by the Director "
                "and the Building Official."
            )
        else:
            yield violation(f"{head}, but no pretreatment device is installed.")


# --------------------------------------------------------------------------- FOG-SANITARY-FIXTURES


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
    if not observation.sanitary_fixtures_connected:
        return met(
            f"On {observation.date} no sanitary fixture at {thing_name(ctx, establishment)} "
            "discharged through the grease interceptor."
        )
    return approved_state(
        establishment,
        observation,
        "sanitary_fixtures_approved",
        ctx,
        state=f"On {observation.date} sanitary fixtures at {thing_name(ctx, establishment)} "
        "discharged through the grease interceptor",
        unapproved="without the Director's written approval",
    )
