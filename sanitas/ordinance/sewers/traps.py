"""'65 Code § 6-8.125 (wash-rack sand traps and their daily inspections) and
§ 6-8.127 (grease traps by meals served, and their size).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from sanitas.ordinance import words
from sanitas.ordinance.engine import Context, Outcome, derived, due, met, overdue, rule, violation
from sanitas.ordinance.general import memo
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Day, Phrase, declare
from sanitas.ordinance.permits.common import code, num, readings
from sanitas.ordinance.sewers.common import (
    APPROVAL_READING,
    devices_of,
    has_wash_rack,
    in_service,
    is_approved,
    is_operating,
    unapproved_devices,
    whose,
)
from sanitas.ordinance.words import name_of

# --------------------------------------------------------------------------- helpers

#: days listed: the first five, then how many more
_DAYS = declare("sew.days", "{first}, {rest}")
_DAYS_MORE = declare("sew.days.more", "{days} and {count} more")


def dates_of(days: list[date], shown: int = 5) -> Any:
    """The days listed, the first ``shown`` of them and then how many more ("2025-03-01,
    2025-03-02 and 4 more")."""
    out: Any = Day(days[min(len(days), shown) - 1])
    for day in reversed(days[: min(len(days), shown) - 1]):
        out = Phrase(_DAYS(first=Day(day), rest=out))
    if len(days) > shown:
        out = Phrase(_DAYS_MORE(days=out, count=Count(len(days) - shown)))
    return out


#: a device's own kind on record not recorded approved, one or several
_UNAPPROVED = {
    what: declare(
        f"sew.unapproved.{what.replace(' ', '-')}",
        f"its {what} on record is not recorded approved",
        plural=f"its {{count}} {what}s on record are not recorded approved",
        count="count",
    )
    for what in ("sand trap", "grease trap")
}


def not_approved_note(devices: list[Any], what: str, ctx: Context) -> Phrase | None:
    """The devices of ``what`` kind on record not recorded approved, as a clause ("its
    grease trap on record is not recorded approved"); None when there are none."""
    unapproved = unapproved_devices(devices, ctx)
    if not unapproved:
        return None
    return Phrase(_UNAPPROVED[what](count=Count(len(unapproved))))


# --------------------------------------------------------------------------- wash racks

_RACK_TRAPPED = declare(
    "sew.washrack.trapped", "{whose} wash rack drains through an approved sand trap."
)
_RACK_UNTRAPPED = declare(
    "sew.washrack.untrapped",
    "{name} operates a wash rack with no approved sand trap, so its effluent may not flow "
    "into the sewer.",
)
_RACK_UNTRAPPED_NOTE = declare(
    "sew.washrack.untrapped-unapproved",
    "{name} operates a wash rack with no approved sand trap; {unapproved}, so its effluent may "
    "not flow into the sewer.",
)


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
    if approved:
        owner = ref(ctx, establishment, capital=True)
        return met(_RACK_TRAPPED(whose=whose(owner, name_of(ctx, establishment))))
    note = not_approved_note(traps, "sand trap", ctx)
    name = ref(ctx, establishment, capital=True)
    if note is None:
        return violation(_RACK_UNTRAPPED(name=name))
    return violation(_RACK_UNTRAPPED_NOTE(name=name, unapproved=note), reading=APPROVAL_READING)


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


#: a sand trap's log entry dated before the trap was installed, or on or after its removal
_LOGGED_OUTSIDE = {
    when: declare(
        f"sew.problem.sandtrap-log-{when}",
        "The sand trap inspection of {date} is logged for {device}, which was " + when + " on "
        "{day}.",
    )
    for when in ("installed", "removed")
}


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
                before = installed is not None and entry.date < installed
                when, day = ("installed", installed) if before else ("removed", removed)
                ctx.data_problem(
                    dict.fromkeys([entry.id, device.id]),
                    _LOGGED_OUTSIDE[when](
                        date=Day(entry.date), device=ref(ctx, device), day=Day(day)
                    ),
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


_CITY_INSPECTION_READING = declare(
    "sew.reading.city-inspection",
    "A city inspection of the sand trap on a day counts as that day's inspection, as well "
    "as the operator's own log entry.",
)()


_IN_USE = {
    False: "{device} was in use on {date}",
    True: "{device} was in use on {days} days from {first} to {last}",
}
#: a sand trap's days in use (one, or several from the first to the last) and how its
#: inspections kept up with them: some missed, today's not yet logged, all inspected
_DAILY = {
    (many, case): declare(
        f"sew.sandtrap.{'days' if many else 'day'}-{case}",
        _IN_USE[many]
        + {
            "missed": " but was not inspected "
            + ("on {missed} of them" if many else "that day")
            + " ({dates}); it must be inspected daily when in use.",
            "today": "; today's daily inspection is not yet logged.",
            "inspected": " and was inspected " + ("on each of them" if many else "that day") + ".",
        }[case],
    )
    for many in (False, True)
    for case in ("missed", "today", "inspected")
}


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
    name = ref(ctx, device, capital=True)
    many = len(used) > 1
    if many:
        span = {
            "device": name,
            "days": Count(len(used)),
            "first": Day(used[0]),
            "last": Day(used[-1]),
        }
    else:
        span = {"device": name, "date": Day(used[0])}
    city = ctx.param("sew.washrack_city_inspection_counts") and any(
        i.date in used for i in ctx.referring("inspection", "subject", device.id)
    )
    reading = _CITY_INSPECTION_READING if city else None
    if missed:
        if many:
            span["missed"] = Count(len(missed))
        return overdue(
            _DAILY[many, "missed"](**span, dates=dates_of(missed)), due=missed[0], reading=reading
        )
    if used[-1] == ctx.as_of and ctx.as_of not in _inspected_days(device, ctx):
        return due(_DAILY[many, "today"](**span), due=ctx.as_of)
    return met(_DAILY[many, "inspected"](**span), reading=reading)


# --------------------------------------------------------------------------- grease traps


def _meals(establishment: Any, ctx: Context) -> int | None:
    """The meals a day the establishment serves, when they are enough for the grease
    trap rules (None otherwise)."""
    meals = establishment.meals_per_day
    if meals is None or meals < ctx.param("sew.grease_trap_meals"):
        return None
    return meals


@derived("grease_trap_required", on="establishment", requirement="SEW-GREASE-TRAP-MEALS")
def grease_trap_required(establishment: Any, ctx: Context) -> bool | None:
    """Serves 100 or more meals a day, or operates a wash rack (null: meals not known)."""
    if has_wash_rack(establishment):
        return True
    if establishment.meals_per_day is None:
        return None
    return establishment.meals_per_day >= ctx.param("sew.grease_trap_meals")


_INTERCEPTOR_READING = declare(
    "sew.reading.interceptor",
    "An approved grease interceptor, which serves every fixture, serves as the grease trap "
    "for the wastes it receives.",
)()
_PER_OUTLET_READING = declare(
    "sew.reading.per-outlet",
    "One grease trap is required for each kitchen sink outlet wasting into the sewer "
    "(at least one where the outlets are not recorded).",
)()


_MUST_PASS = "must pass through approved grease traps"
#: why grease traps are required: the meals served, a wash rack, or both
_BASIS = {
    "meals": declare(
        "sew.grease.basis-meals",
        "{name} serves {meals} meal a day, so its kitchen sink wastes " + _MUST_PASS,
        plural="{name} serves {meals} meals a day, so its kitchen sink wastes " + _MUST_PASS,
        count="meals",
    ),
    "both": declare(
        "sew.grease.basis-meals-rack",
        "{name} serves {meals} meal a day, so its kitchen sink and wash rack wastes " + _MUST_PASS,
        plural="{name} serves {meals} meals a day, so its kitchen sink and wash rack wastes "
        + _MUST_PASS,
        count="meals",
    ),
    "rack": declare(
        "sew.grease.basis-rack",
        "{name} operates a wash rack, so its wash rack wastes " + _MUST_PASS,
    ),
}
#: one grease trap for each kitchen sink outlet, one outlet or several
_PER_OUTLET = declare("sew.grease.per-outlet", "{basis}, one for its kitchen sink outlet")
_PER_OUTLETS = declare(
    "sew.grease.per-outlets", "{basis}, one for each of its {outlets} kitchen sink outlets"
)
_INTERCEPTOR = declare(
    "sew.grease.interceptor", "{basis}; its approved grease interceptor receives them."
)
_FOUND = declare(
    "sew.grease.found",
    "it has {count} approved grease trap",
    plural="it has {count} approved grease traps",
    count="count",
)
_TRAPS = declare("sew.grease.traps", "{basis}; {found}.")
_TRAPS_UNAPPROVED = declare("sew.grease.traps-unapproved", "{basis}; {found}; {unapproved}.")


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
    meals = _meals(establishment, ctx)
    name = ref(ctx, establishment, capital=True)
    if meals is None:
        basis = Phrase(_BASIS["rack"](name=name))
    else:
        both = "both" if has_wash_rack(establishment) else "meals"
        basis = Phrase(_BASIS[both](name=name, meals=Count(meals)))
    if ctx.param("sew.interceptor_counts_as_grease_trap"):
        for interceptor in devices_of(establishment, "grease_interceptor", ctx):
            if is_approved(interceptor, ctx):
                return met(_INTERCEPTOR(basis=basis), reading=_INTERCEPTOR_READING)
    traps = devices_of(establishment, "grease_trap", ctx)
    approved = [d for d in traps if is_approved(d, ctx)]
    outlets = establishment.kitchen_sink_outlets
    needed, per_outlet = 1, None
    if meals is not None and ctx.param("sew.grease_trap_per_outlet"):
        per_outlet = _PER_OUTLET_READING
        if outlets:
            needed = outlets
            if outlets == 1:
                basis = Phrase(_PER_OUTLET(basis=basis))
            else:
                basis = Phrase(_PER_OUTLETS(basis=basis, outlets=Count(outlets)))
    found = Phrase(_FOUND(count=Count(len(approved))))
    if len(approved) >= needed:
        return met(_TRAPS(basis=basis, found=found), reading=per_outlet)
    note = not_approved_note(traps, "grease trap", ctx)
    if note is None:
        return violation(_TRAPS(basis=basis, found=found), reading=per_outlet)
    # the two readings joined, each as a phrase so that each reads in the reader's language
    relied = APPROVAL_READING
    if per_outlet is not None:
        relied = readings(Phrase(per_outlet), Phrase(APPROVAL_READING))
    return violation(_TRAPS_UNAPPROVED(basis=basis, found=found, unapproved=note), reading=relied)


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


def _pounds(value: float) -> Any:
    """A trap's capacity in pounds as a clerk reads it (6, 0.6, 9.24): a number in the
    reader's language where its English is the same ("1234.5" is kept as written)."""
    rounded = round(float(value), 2)
    return Count(rounded) if words.number(rounded) == num(value) else num(value)


def _size(size: str, why: str) -> Any:
    """A grease trap's capacity against the minimum (too small, or enough), by why the
    minimum applies (a wash rack, or the meals served, by the plural)."""

    def english(meals: str) -> str:
        reason = "operates a wash rack" if why == "rack" else "serves {meals} " + meals + " a day"
        return (
            "{device} holds {capacity} lb of grease, "
            + ("but " if size == "small" else "and ")
            + "{owner} "
            + reason
            + ", so its grease traps must hold at least {minimum} lb."
        )

    ident = f"sew.grease-size.{size}-{why}"
    if why == "rack":
        return declare(ident, english(""))
    return declare(ident, english("meal"), plural=english("meals"), count="meals")


_SIZE = {(size, why): _size(size, why) for size in ("small", "enough") for why in ("rack", "meals")}


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
    size = "small" if capacity < minimum else "enough"
    args = {
        "device": ref(ctx, device, capital=True),
        "capacity": _pounds(capacity),
        "owner": ref(ctx, establishment),
        "minimum": Count(minimum),
    }
    if has_wash_rack(establishment):
        message = _SIZE[size, "rack"](**args)
    else:
        message = _SIZE[size, "meals"](**args, meals=Count(_meals(establishment, ctx)))
    return violation(message) if size == "small" else met(message)
