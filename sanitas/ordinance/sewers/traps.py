"""'65 Code § 6-8.125 (wash-rack sand traps and their daily inspections) and
§ 6-8.127 (grease traps by meals served, and their size).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, derived, due, met, overdue, rule, violation
from sanitas.ordinance.general import memo
from sanitas.ordinance.permits.common import code, num, readings
from sanitas.ordinance.sewers.common import (
    APPROVAL_READING,
    devices_of,
    has_wash_rack,
    in_service,
    is_approved,
    is_operating,
    unapproved_devices,
)
from sanitas.ordinance.words import capital, name_of, plural, possessive

# --------------------------------------------------------------------------- helpers


def dates_of(days: list[date], shown: int = 5) -> str:
    text = ", ".join(str(d) for d in days[:shown])
    if len(days) > shown:
        text += f" and {len(days) - shown} more"
    return text


def not_approved_note(devices: list[Any], what: str, ctx: Context) -> str:
    unapproved = unapproved_devices(devices, ctx)
    if not unapproved:
        return ""
    if len(unapproved) == 1:
        return f"; its {what} on record is not recorded approved"
    return f"; its {plural(len(unapproved), what)} on record are not recorded approved"


# --------------------------------------------------------------------------- wash racks


@rule("SEW-WASHRACK-SANDTRAP", on="establishment", cite=code("125(A)"))
def wash_rack_sand_trap(establishment: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.125(A): "It shall be unlawful for any person owning or operating a private
    or public automobile or carriage wash rack to permit any water or effluent therefrom
    to flow into any public or house connection sewer unless such structure shall be
    trapped by a sand trap constructed according to approved building and engineering
    standards." """
    if not has_wash_rack(establishment) or not is_operating(establishment, ctx):
        return None
    traps = devices_of(establishment, "sand_trap", ctx)
    approved = [d for d in traps if is_approved(d, ctx)]
    name = name_of(ctx, establishment)
    if approved:
        return met(f"{capital(possessive(name))} wash rack drains through an approved sand trap.")
    return violation(
        f"{capital(name)} operates a wash rack with no approved sand trap"
        f"{not_approved_note(traps, 'sand trap', ctx)}, so its effluent may not flow into "
        "the sewer.",
        reading=APPROVAL_READING if unapproved_devices(traps, ctx) else None,
    )


def _days_in_use(device: Any, ctx: Context) -> list[date]:
    days: set[date] = set()
    last_day = ctx.as_of
    if device.removed_on is not None:
        last_day = min(last_day, device.removed_on - timedelta(days=1))
    for use in ctx.referring("wash_rack_use", "establishment", device.establishment):
        day = use.date if device.installed_on is None else max(use.date, device.installed_on)
        end = min(use.until or use.date, last_day)
        while day <= end:
            days.add(day)
            day += timedelta(days=1)
    return sorted(days)


def _inspected_days(device: Any, ctx: Context) -> set[date]:
    """The days the trap's log (and, by the pack's reading, a city inspection) shows it
    inspected. A log entry dated before the trap was installed, or after it was
    removed, contradicts the device's record: a data problem, not an inspection."""

    def compute() -> set[date]:
        days = set()
        for entry in ctx.referring("sand_trap_inspection", "device", device.id):
            installed, removed = device.installed_on, device.removed_on
            if (installed is not None and entry.date < installed) or (
                removed is not None and entry.date >= removed
            ):
                when = (
                    f"installed on {installed}"
                    if installed is not None and entry.date < installed
                    else f"removed on {removed}"
                )
                ctx.data_problem(
                    dict.fromkeys([entry.id, device.id]),
                    f"The sand trap inspection of {entry.date} is logged for "
                    f"{name_of(ctx, device)}, which was {when}.",
                )
                continue
            days.add(entry.date)
        if ctx.param("sew.washrack_city_inspection_counts"):
            days.update(i.date for i in ctx.referring("inspection", "subject", device.id))
        return days

    return memo(ctx, ("sand_trap_days", device.id), compute)


@derived("sand_trap_missed_days", on="device", requirement="SEW-WASHRACK-SANDTRAP")
def sand_trap_missed_days(device: Any, ctx: Context) -> list[date] | None:
    """The days before the as-of date the wash rack was in use and the sand trap was not
    inspected (null for other devices)."""
    if device.kind != "sand_trap":
        return None
    inspected = _inspected_days(device, ctx)
    return [d for d in _days_in_use(device, ctx) if d < ctx.as_of and d not in inspected]


_CITY_INSPECTION_READING = (
    "A city inspection of the sand trap on a day counts as that day's inspection, as well "
    "as the operator's own log entry."
)


@rule("SEW-WASHRACK-SANDTRAP", on="device", cite=code("125(B)"))
def sand_trap_daily(device: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.125(B): "Such sand traps shall be inspected daily when in use and shall be
    cleaned as often as necessary for their efficient operation." A day in use is met by
    a log entry that day (or, by the pack's reading, a city inspection of the trap)."""
    if device.kind != "sand_trap":
        return None
    used = _days_in_use(device, ctx)
    if not used:
        return None
    missed = ctx.derived("sand_trap_missed_days", device)
    span = (
        f"{capital(name_of(ctx, device))} was in use on {plural(len(used), 'day')} from "
        f"{used[0]} to {used[-1]}"
        if len(used) > 1
        else f"{capital(name_of(ctx, device))} was in use on {used[0]}"
    )
    city = ctx.param("sew.washrack_city_inspection_counts") and any(
        i.date in used for i in ctx.referring("inspection", "subject", device.id)
    )
    reading = _CITY_INSPECTION_READING if city else None
    if missed:
        of_them = f"{len(missed)} of them" if len(used) > 1 else "that day"
        return overdue(
            f"{span} but was not inspected on {of_them} ({dates_of(missed)}); it must be "
            "inspected daily when in use.",
            due=missed[0],
            reading=reading,
        )
    if used[-1] == ctx.as_of and ctx.as_of not in _inspected_days(device, ctx):
        return due(f"{span}; today's daily inspection is not yet logged.", due=ctx.as_of)
    each = "on each of them" if len(used) > 1 else "that day"
    return met(f"{span} and was inspected {each}.", reading=reading)


# --------------------------------------------------------------------------- grease traps


def _meals(establishment: Any, ctx: Context) -> str | None:
    meals = establishment.meals_per_day
    if meals is None or meals < ctx.param("sew.grease_trap_meals"):
        return None
    return f"serves {plural(meals, 'meal')} a day"


@derived("grease_trap_required", on="establishment", requirement="SEW-GREASE-TRAP-MEALS")
def grease_trap_required(establishment: Any, ctx: Context) -> bool | None:
    """Serves 100 or more meals a day, or operates a wash rack (null: meals not known)."""
    if has_wash_rack(establishment):
        return True
    if establishment.meals_per_day is None:
        return None
    return establishment.meals_per_day >= ctx.param("sew.grease_trap_meals")


_INTERCEPTOR_READING = (
    "An approved grease interceptor, which serves every fixture, serves as the grease trap "
    "for the wastes it receives."
)
_PER_OUTLET_READING = (
    "One grease trap is required for each kitchen sink outlet wasting into the sewer "
    "(at least one where the outlets are not recorded)."
)


@rule("SEW-GREASE-TRAP-MEALS", on="establishment", cite=code("127(A)"))
def grease_trap_meals(establishment: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.127(A): "It shall be unlawful for any person operating an establishment
    serving 100 or more meals per day, or for any person owning or operating a private
    or public automobile or carriage wash rack to permit the wastes from the kitchen
    sinks or wash racks to flow directly into any public sewer … without first passing
    the same through grease traps approved by the Community Development Director." """
    if not ctx.derived("grease_trap_required", establishment) or not is_operating(
        establishment, ctx
    ):
        return None
    band = _meals(establishment, ctx)
    wastes = "its kitchen sink wastes" if band else "its wash rack wastes"
    if band and has_wash_rack(establishment):
        wastes = "its kitchen sink and wash rack wastes"
    name = capital(name_of(ctx, establishment))
    basis = (
        f"{name} {band or 'operates a wash rack'}, so {wastes} must pass through approved "
        "grease traps"
    )
    if ctx.param("sew.interceptor_counts_as_grease_trap"):
        for interceptor in devices_of(establishment, "grease_interceptor", ctx):
            if is_approved(interceptor, ctx):
                return met(
                    f"{basis}; its approved grease interceptor receives them.",
                    reading=_INTERCEPTOR_READING,
                )
    traps = devices_of(establishment, "grease_trap", ctx)
    approved = [d for d in traps if is_approved(d, ctx)]
    outlets = establishment.kitchen_sink_outlets
    needed, count, per_outlet = 1, "", None
    if band and ctx.param("sew.grease_trap_per_outlet"):
        per_outlet = _PER_OUTLET_READING
        if outlets:
            needed = outlets
            count = (
                ", one for its kitchen sink outlet"
                if outlets == 1
                else f", one for each of its {plural(outlets, 'kitchen sink outlet')}"
            )
    found = f"it has {plural(len(approved), 'approved grease trap')}"
    if len(approved) >= needed:
        return met(f"{basis}{count}; {found}.", reading=per_outlet)
    unapproved = unapproved_devices(traps, ctx)
    return violation(
        f"{basis}{count}; {found}{not_approved_note(traps, 'grease trap', ctx)}.",
        reading=readings(per_outlet, APPROVAL_READING if unapproved else None),
    )


@derived("grease_trap_min_lbs", on="establishment", requirement="SEW-GREASE-TRAP-SIZE")
def grease_trap_min_lbs(establishment: Any, ctx: Context) -> int | None:
    """§ 6-8.127(B): 20 lb for 100 to 300 meals a day; 60 lb for more than 300 meals a
    day and for any wash rack (car washes); null otherwise."""
    if has_wash_rack(establishment):
        return ctx.param("sew.grease_trap_large_lbs")
    meals = establishment.meals_per_day
    if meals is None or meals < ctx.param("sew.grease_trap_meals"):
        return None
    if meals <= ctx.param("sew.grease_trap_large_meals"):
        return ctx.param("sew.grease_trap_small_lbs")
    return ctx.param("sew.grease_trap_large_lbs")


@rule("SEW-GREASE-TRAP-SIZE", on="device", cite=code("127(B)"))
def grease_trap_size(device: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.127(B): "Grease traps with a guaranteed minimum capacity of 20 pounds of pure
    grease shall be installed with each kitchen sink outlet … for establishments serving
    100 to 300 meals per day. Grease traps with a guaranteed minimum capacity of 60
    pounds of pure grease shall be installed for any establishment where more than 300
    meals are served per day and for the operation of any private or public wash
    rack." A trap whose record gives no guaranteed capacity is not judged: the figure
    is left to inspection, never supplied."""
    if device.kind != "grease_trap" or not in_service(device, ctx):
        return None
    establishment = ctx.get(device.establishment)
    minimum = ctx.derived("grease_trap_min_lbs", establishment)
    capacity = device.grease_capacity_lbs
    if minimum is None or capacity is None:
        return None
    owner = name_of(ctx, establishment)
    basis = "operates a wash rack" if has_wash_rack(establishment) else _meals(establishment, ctx)
    text = f"{capital(name_of(ctx, device))} holds {num(capacity)} lb of grease"
    need = f"{owner} {basis}, so its grease traps must hold at least {minimum} lb"
    if capacity < minimum:
        return violation(f"{text}, but {need}.")
    return met(f"{text}, and {need}.")
