"""Chapter 51, general sewer rules ('65 Code §§ 6-8.102 to 6-8.134, 6-8.103): the
SEW-* requirements.

Cesspools, what may be connected with a sewer and through what (storm water,
pools, cellar drains, safe wastes, exhausts, acids), wash-rack sand traps and
their daily inspections, grease traps by meals served, materials, repairs,
inspections of the work, manhole entry and the pipe layer's business licence.

A violation rests on a record that shows the forbidden state or act: a cesspool
is new only when its record dates it after the prohibition, and inadequate only
when an inspection found it so; a pipe layer's licence expired during the work is
violated only when a record of the pipe layer's own work (a start, a test, a covering)
is dated after the expiry: the city's inspection of work already done is not one.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any, ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.engine import (
    Context,
    Outcome,
    derived,
    due,
    met,
    overdue,
    rule,
    violation,
)
from sanitas.ordinance.facts import Date, Fact, Thing, fact_type, ref, required_ref
from sanitas.ordinance.general import memo
from sanitas.ordinance.permits.administration import repair_outcome
from sanitas.ordinance.permits.common import (
    any_of,
    code,
    history,
    num,
    permit_events,
    readings,
    runs,
    valid_permit,
)
from sanitas.ordinance.words import (
    capital,
    listing,
    name_of,
    namer,
    plural,
    possessive,
    words,
)

# --------------------------------------------------------------------------- vocabulary


@fact_type
class Cesspool(Thing):
    """A cesspool on a lot (§ 6-8.102): none may be erected or constructed; an existing
    one may be maintained while it is sufficient and adequate to serve the premises."""

    type: Literal["cesspool"]
    premises: str = required_ref("premises", description="The lot the cesspool serves.")
    constructed_on: Date | None = Field(
        default=None, description="When it was built (absent: not recorded)."
    )
    adequate: bool | None = Field(
        default=None,
        description="Sufficient and adequate to serve the premises, as last found "
        "(absent: not determined).",
    )
    abandoned_on: Date | None = Field(
        default=None,
        description="Abandoned and the plumbing connected with the public sewer.",
    )


DrainSource = Literal[
    "roof_conductor",
    "yard_drain",
    "surface_water_conduit",
    "swimming_pool",
    "tank",
    "cellar_drain",
    "basement_shower",
    "yard_shower",
    "safe_waste_pipe",
    "engine_exhaust",
    "boiler_blowoff",
    "acid_waste",
]
DrainPath = Literal[
    "direct", "sand_trap", "watertight_sump", "water_supplied_sink", "neutralizing_tank"
]


@fact_type
class DrainConnection(Thing):
    """A drain, fixture or conduit connected with a public sewer or a house-connection
    sewer, and what it passes through on the way (§§ 6-8.122 to 6-8.129)."""

    type: Literal["drain_connection"]
    premises: str = required_ref("premises", description="The lot where it is connected.")
    establishment: str | None = ref(
        "establishment", description="The establishment whose fixture it is, if any."
    )
    source: DrainSource = Field(
        description="What is connected: a roof conductor, yard drain or surface water "
        "conduit; a swimming pool or tank; a cellar drain or basement/yard shower; a safe "
        "waste pipe; an engine exhaust or boiler blowoff; acid or corrosive wastes."
    )
    through: DrainPath = Field(
        default="direct",
        description="What the discharge passes through before the sewer (direct: nothing).",
    )
    device: str | None = ref(
        "device", description="The sand trap or neutralizing tank it passes through."
    )
    permit: str | None = ref("permit", description="The special permit it was connected under.")
    automatic_intake: bool | None = Field(
        default=None,
        description="Acid wastes: the dilution and neutralizing sink or tank is automatically "
        "supplied with water or neutralizing medium.",
    )
    connected_on: Date | None = Field(
        default=None, description="When it was connected (absent: found connected)."
    )
    disconnected_on: Date | None = None


@fact_type
class WashRackUse(Fact):
    """Days an automobile wash rack was in use: ``date``, or every day from ``date``
    through ``until`` (§ 6-8.125(B))."""

    type: Literal["wash_rack_use"]
    establishment: str = required_ref(
        "establishment", description="The establishment operating the wash rack."
    )
    date: Date
    until: Date | None = Field(
        default=None, description="The last day of a run of days in use (inclusive)."
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.until is not None and self.until < self.date:
            raise ValueError("until: the last day in use comes before the first (date)")


@fact_type
class SandTrapInspection(Fact):
    """A day's inspection of a sand trap, from the operator's daily log
    (§ 6-8.125(B))."""

    type: Literal["sand_trap_inspection"]
    device: str = required_ref("device", description="The sand trap inspected.")
    date: Date
    cleaned: bool | None = Field(default=None, description="The trap was cleaned that day.")
    inspector: str | None = None
    dated_by: ClassVar[str | None] = "date"


SewerAct = Literal["open_or_enter", "remove", "injure", "take_flushing_water"]


@fact_type
class SewerEntry(Thing):
    """Someone opened, entered, removed or injured part of a public sewer, flush tank,
    flushing manhole or manhole, or took water from a flushing apparatus
    (§ 6-8.134)."""

    type: Literal["sewer_entry"]
    date: Date
    act: SewerAct
    permit: str | None = ref("permit", description="The special permit named for it.")
    person: str | None = None
    location: str | None = None
    dated_by: ClassVar[str | None] = "date"


# --------------------------------------------------------------------------- names

_SOURCE_WORDS = {
    "roof_conductor": "roof conductor",
    "yard_drain": "yard drain",
    "surface_water_conduit": "surface-water conduit",
    "swimming_pool": "swimming pool",
    "tank": "tank",
    "cellar_drain": "cellar drain",
    "basement_shower": "basement shower",
    "yard_shower": "yard shower",
    "safe_waste_pipe": "safe waste pipe",
    "engine_exhaust": "engine exhaust",
    "boiler_blowoff": "boiler blowoff",
    "acid_waste": "acid waste line",
}

_PATH_WORDS = {
    "direct": "directly",
    "sand_trap": "through a sand trap",
    "watertight_sump": "through a watertight sump",
    "water_supplied_sink": "through a water-supplied sink",
    "neutralizing_tank": "through a neutralizing tank",
}


@namer("cesspool")
def _cesspool_name(ctx: Context, pool: Any) -> str:
    return f"the cesspool at {name_of(ctx, pool.premises)}"


@namer("drain_connection")
def _drain_name(ctx: Context, connection: Any) -> str:
    what = _SOURCE_WORDS.get(connection.source, words(connection.source))
    return f"the {what} at {name_of(ctx, connection.premises)}"


_ACT_WORDS = {
    "open_or_enter": "entry into a public sewer or manhole",
    "remove": "removal of part of a public sewer",
    "injure": "injury to part of a public sewer",
    "take_flushing_water": "taking of water from a flushing apparatus",
}


@namer("sewer_entry")
def _entry_name(ctx: Context, entry: Any) -> str:
    who = f" by {entry.person}" if entry.person else ""
    return f"the {_ACT_WORDS[entry.act]}{who} on {entry.date}"


# --------------------------------------------------------------------------- helpers


def _in_service(device: Any, ctx: Context) -> bool:
    return device.removed_on is None or device.removed_on > ctx.as_of


_APPROVAL_READING = (
    "A device counts as approved only when its record says so: approval is the "
    "Director's act, and the city's records are its record."
)


def _approved(device: Any, ctx: Context) -> bool:
    if device.approved is None:
        return not ctx.param("sew.approval_on_record")
    return device.approved


def _has_wash_rack(establishment: Any) -> bool:
    return establishment.category == "car_wash" or bool(establishment.wash_rack)


def _operating(establishment: Any, ctx: Context) -> bool:
    return establishment.closed_on is None or establishment.closed_on > ctx.as_of


def _devices(establishment: Any, kind: str, ctx: Context) -> list[Any]:
    return [
        d
        for d in ctx.referring("device", "establishment", establishment.id)
        if d.kind == kind and _in_service(d, ctx)
    ]


def _dates(days: list[date], shown: int = 5) -> str:
    text = ", ".join(str(d) for d in days[:shown])
    if len(days) > shown:
        text += f" and {len(days) - shown} more"
    return text


def _unapproved(devices: list[Any], ctx: Context) -> list[Any]:
    return [d for d in devices if not _approved(d, ctx)]


def _not_approved_note(devices: list[Any], what: str, ctx: Context) -> str:
    unapproved = _unapproved(devices, ctx)
    if not unapproved:
        return ""
    if len(unapproved) == 1:
        return f"; its {what} on record is not recorded approved"
    return f"; its {plural(len(unapproved), what)} on record are not recorded approved"


# --------------------------------------------------------------------------- cesspools


@rule("SEW-CONNECT-REQUIRED", on="cesspool", cite=code("102"))
def cesspool(pool: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.102: "All plumbing … shall be connected with, and drained into, a public
    sewer, and it shall be unlawful for any person to erect, construct or maintain any
    cesspool in the city; provided, however, on premises where a cesspool is being
    maintained, the owner or occupant thereof shall not be required to connect with the
    public sewer so long as the cesspool is sufficient and adequate to serve the
    premises."

    A cesspool is new (unlawful) only when its record dates its construction on or
    after the prohibition; an existing one must connect only when an inspection has
    found it not sufficient and adequate. A record that leaves either out supplies no
    violation."""
    if pool.constructed_on is not None and pool.constructed_on > ctx.as_of:
        return None
    name = capital(name_of(ctx, pool))
    abandoned = pool.abandoned_on
    if (
        abandoned is not None
        and pool.constructed_on is not None
        and abandoned < pool.constructed_on
    ):
        ctx.data_problem(
            [pool],
            f"{name} is recorded abandoned on {abandoned}, before it was built on "
            f"{pool.constructed_on}.",
        )
        return None
    if abandoned is not None and abandoned <= ctx.as_of:
        return met(
            f"{name} was abandoned on {abandoned} and the plumbing drains into the public sewer."
        )
    ban = ctx.param("sew.cesspool_ban_from")
    ban_reading = (
        f"A cesspool built on or after {ban} is a new cesspool; the ordinance's own date is "
        "not printed, so the 1965 Code's is used."
    )
    if pool.constructed_on is not None and pool.constructed_on >= ban:
        return violation(
            f"{name} was built on {pool.constructed_on}, after cesspools were prohibited, and "
            "no cesspool may be erected: the plumbing must drain into a public sewer.",
            reading=ban_reading,
        )
    if pool.constructed_on is None:
        built = "has no recorded construction date, so it is not shown to be new"
        reading = "A cesspool is new only when its record dates it after the prohibition."
    else:
        built = f"was built on {pool.constructed_on}, before cesspools were prohibited"
        reading = ban_reading
    if pool.adequate is False:
        return violation(
            f"{name} {built}, but it was found not sufficient and adequate to serve the "
            "premises, so the premises must connect with the public sewer.",
            reading=reading,
        )
    found = (
        "it was found sufficient and adequate to serve the premises"
        if pool.adequate
        else "no inspection has found it otherwise"
    )
    return met(
        f"{name} {built}; it may stay while sufficient and adequate to serve the premises, "
        f"and {found}.",
        reading=reading,
    )


# --------------------------------------------------------------------------- drain connections

_STORMWATER = ("roof_conductor", "yard_drain", "surface_water_conduit")
_POOL = ("swimming_pool", "tank")
_CELLAR = ("cellar_drain", "basement_shower", "yard_shower")
_SAFE_WASTE = ("safe_waste_pipe",)
_EXHAUST = ("engine_exhaust", "boiler_blowoff")
_ACID = ("acid_waste",)


def _drain(connection: Any, sources: tuple[str, ...], ctx: Context) -> tuple[str, Outcome | None]:
    """(name, outcome): the outcome decides already when the rule does not apply (no
    name) or the connection was removed (met)."""
    if connection.source not in sources:
        return "", None
    on, off = connection.connected_on, connection.disconnected_on
    if on is not None and on > ctx.as_of:
        return "", None
    name = capital(name_of(ctx, connection))
    if on is not None and off is not None and off < on:
        ctx.data_problem(
            [connection],
            f"{name} is recorded disconnected on {off}, before it was connected on {on}.",
        )
        return "", None
    if off is not None and off <= ctx.as_of:
        return name, met(f"{name} was disconnected from the sewer on {off}.")
    return name, None


def _applies(name: str, outcome: Outcome | None) -> bool:
    return bool(name) and outcome is None


def _through(
    connection: Any, path: str, kind: str | None, ctx: Context
) -> tuple[str | None, str | None]:
    """What is wrong with how the connection reaches the sewer (None: nothing), and the
    reading relied on."""
    if connection.through != path:
        return f"connects {_PATH_WORDS.get(connection.through, words(connection.through))}", None
    device = ctx.get(connection.device)
    if kind is not None and device is not None:
        if device.kind != kind:
            return f"passes through {name_of(ctx, device)}, not a {words(kind)}", None
        if not _approved(device, ctx):
            return (
                f"passes through {name_of(ctx, device)}, which is not recorded approved",
                _APPROVAL_READING,
            )
    return None, None


@rule("SEW-STORMWATER", on="drain_connection", cite=code("123"))
def stormwater(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.123: "It shall be unlawful for any person to connect any roof conductor,
    yard drain or other conduit used for carrying off rain or surface water with any
    sanitary sewer of the city or with any house connection sewer leading thereto." """
    name, outcome = _drain(connection, _STORMWATER, ctx)
    if not _applies(name, outcome):
        return outcome
    return violation(
        f"{name} is connected with the sanitary sewer, where no conduit carrying rain or "
        "surface water may be."
    )


@rule("SEW-POOL-PERMIT", on="drain_connection", cite=code("124"))
def pool_permit(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.124: "It shall be unlawful for any person to connect any swimming pool or
    tank to any public sewer of the city or house connection sewer leading thereto
    except by special permit from the Community Development Director." """
    name, outcome = _drain(connection, _POOL, ctx)
    if not _applies(name, outcome):
        return outcome
    day = connection.connected_on or ctx.as_of
    permit, problem = valid_permit(connection.permit, connection.premises, "special_pool", day, ctx)
    if problem is not None:
        return violation(f"{name} is connected with the sewer without a special permit: {problem}.")
    return met(f"{name} was connected under {name_of(ctx, permit)}.")


@rule("SEW-CELLAR-SANDTRAP", on="drain_connection", cite=code("126"))
def cellar_sand_trap(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.126: "It shall be unlawful for any person to connect any cellar drain or
    shower in basements or in yards directly with the soil or waste pipe, but such
    cellar drain or shower shall be trapped by a sand trap constructed according to
    approved building and engineering standards." """
    name, outcome = _drain(connection, _CELLAR, ctx)
    if not _applies(name, outcome):
        return outcome
    problem, reading = _through(connection, "sand_trap", "sand_trap", ctx)
    if problem:
        return violation(
            f"{name} {problem}, but it must be trapped by an approved sand trap.", reading=reading
        )
    return met(f"{name} is trapped by a sand trap.")


@rule("SEW-SAFE-WASTE", on="drain_connection", cite=code("128"))
def safe_waste(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.128: "It shall be unlawful for any person to connect any safe waste pipe
    from any establishment directly to any public sewer … Such safe waste pipe shall
    discharge into a water-supplied sink or outside the building." """
    name, outcome = _drain(connection, _SAFE_WASTE, ctx)
    if not _applies(name, outcome):
        return outcome
    problem, reading = _through(connection, "water_supplied_sink", None, ctx)
    if problem:
        return violation(
            f"{name} {problem}, but a safe waste pipe discharges into a water-supplied sink "
            "or outside the building.",
            reading=reading,
        )
    return met(f"{name} discharges into a water-supplied sink.")


@rule("SEW-EXHAUST-SUMP", on="drain_connection", cite=code("129"))
def exhaust_sump(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.129: "It shall be unlawful for any person to cause, allow, or permit the
    exhaust from any engine or the blowoff from any boiler to be connected directly to
    any public sewer … Such exhaust or blowoff shall first connect with a watertight
    sump which may in turn be connected to the public sewer." """
    name, outcome = _drain(connection, _EXHAUST, ctx)
    if not _applies(name, outcome):
        return outcome
    problem, reading = _through(connection, "watertight_sump", None, ctx)
    if problem:
        return violation(
            f"{name} {problem}, but it must first connect with a watertight sump.",
            reading=reading,
        )
    return met(f"{name} first connects with a watertight sump.")


@rule("SEW-ACIDS", on="drain_connection", cite=code("122"))
def acids(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.122: "In no case shall acids or corrosive liquids … be discharged into the
    sewer without being fully diluted and neutralized by passing through a properly
    constructed dilution and neutralizing sink or tank. The sink or tank shall be
    automatically provided with a sufficient intake of water or neutralizing medium." """
    name, outcome = _drain(connection, _ACID, ctx)
    if not _applies(name, outcome):
        return outcome
    problem, reading = _through(connection, "neutralizing_tank", "neutralizing_tank", ctx)
    if problem is None and connection.automatic_intake is False:
        problem = "passes through a sink or tank with no automatic intake of water or neutralizer"
    if problem:
        return violation(
            f"{name} {problem}, but acids and corrosive liquids must pass through a properly "
            "constructed dilution and neutralizing sink or tank with an automatic intake.",
            reading=reading,
        )
    note = "" if connection.automatic_intake else "; its automatic intake is not recorded"
    return met(f"{name} passes through a dilution and neutralizing tank{note}.")


# --------------------------------------------------------------------------- wash racks


@rule("SEW-WASHRACK-SANDTRAP", on="establishment", cite=code("125(A)"))
def wash_rack_sand_trap(establishment: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.125(A): "It shall be unlawful for any person owning or operating a private
    or public automobile or carriage wash rack to permit any water or effluent therefrom
    to flow into any public or house connection sewer unless such structure shall be
    trapped by a sand trap constructed according to approved building and engineering
    standards." """
    if not _has_wash_rack(establishment) or not _operating(establishment, ctx):
        return None
    traps = _devices(establishment, "sand_trap", ctx)
    approved = [d for d in traps if _approved(d, ctx)]
    name = name_of(ctx, establishment)
    if approved:
        return met(f"{capital(possessive(name))} wash rack drains through an approved sand trap.")
    return violation(
        f"{capital(name)} operates a wash rack with no approved sand trap"
        f"{_not_approved_note(traps, 'sand trap', ctx)}, so its effluent may not flow into "
        "the sewer.",
        reading=_APPROVAL_READING if _unapproved(traps, ctx) else None,
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
            f"{span} but was not inspected on {of_them} ({_dates(missed)}); it must be "
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
    if _has_wash_rack(establishment):
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
    if not ctx.derived("grease_trap_required", establishment) or not _operating(establishment, ctx):
        return None
    band = _meals(establishment, ctx)
    wastes = "its kitchen sink wastes" if band else "its wash rack wastes"
    if band and _has_wash_rack(establishment):
        wastes = "its kitchen sink and wash rack wastes"
    name = capital(name_of(ctx, establishment))
    basis = (
        f"{name} {band or 'operates a wash rack'}, so {wastes} must pass through approved "
        "grease traps"
    )
    if ctx.param("sew.interceptor_counts_as_grease_trap"):
        for interceptor in _devices(establishment, "grease_interceptor", ctx):
            if _approved(interceptor, ctx):
                return met(
                    f"{basis}; its approved grease interceptor receives them.",
                    reading=_INTERCEPTOR_READING,
                )
    traps = _devices(establishment, "grease_trap", ctx)
    approved = [d for d in traps if _approved(d, ctx)]
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
    unapproved = _unapproved(traps, ctx)
    return violation(
        f"{basis}{count}; {found}{_not_approved_note(traps, 'grease trap', ctx)}.",
        reading=readings(per_outlet, _APPROVAL_READING if unapproved else None),
    )


@derived("grease_trap_min_lbs", on="establishment", requirement="SEW-GREASE-TRAP-SIZE")
def grease_trap_min_lbs(establishment: Any, ctx: Context) -> int | None:
    """§ 6-8.127(B): 20 lb for 100 to 300 meals a day; 60 lb for more than 300 meals a
    day and for any wash rack (car washes); null otherwise."""
    if _has_wash_rack(establishment):
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
    if device.kind != "grease_trap" or not _in_service(device, ctx):
        return None
    establishment = ctx.get(device.establishment)
    minimum = ctx.derived("grease_trap_min_lbs", establishment)
    capacity = device.grease_capacity_lbs
    if minimum is None or capacity is None:
        return None
    owner = name_of(ctx, establishment)
    basis = "operates a wash rack" if _has_wash_rack(establishment) else _meals(establishment, ctx)
    text = f"{capital(name_of(ctx, device))} holds {num(capacity)} lb of grease"
    need = f"{owner} {basis}, so its grease traps must hold at least {minimum} lb"
    if capacity < minimum:
        return violation(f"{text}, but {need}.")
    return met(f"{text}, and {need}.")


# --------------------------------------------------------------------------- materials, repairs

_SPEC_READING = (
    "Until the Council's adopted Standard Specifications are entered, the pipe materials "
    "of '65 Code § 6-8.119(B)(1) are taken as theirs."
)


@rule("SEW-MATERIALS", on="connection_design", cite=code("130"))
def standard_materials(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.130: "All material used for the work required by the provisions of this
    chapter shall be equal in quality to … the Standard Specifications for the
    Construction of Sanitary Sewers and Appurtenances thereto … All such work shall be
    constructed or installed in accordance therewith before a certificate of final
    inspection shall be granted." """
    allowed = ctx.param("sew.standard_spec_materials")
    all_runs = runs(design)
    if not all_runs:
        return None
    listed = any_of(allowed)
    bad = [r for r in all_runs if r.segment.material not in allowed]
    if bad:
        which = listing([f"{r.label} is {words(r.segment.material)}" for r in bad])
        return violation(
            f"{capital(which)}, not a material of the city's Standard Specifications for "
            f"sanitary sewers ({listed}).",
            reading=_SPEC_READING,
        )
    return met(
        f"Every run of the design is {listed}, materials of the city's Standard Specifications.",
        reading=_SPEC_READING,
    )


@rule("SEW-REPAIRS-CONFORM", on="sewer_connection", cite=code("131"))
def repairs_conform(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.131: "Upon the renewal or alteration of any public or house connection
    sewer, or upon the making of any repairs or additions thereto, … every such new
    part shall be properly connected with and attached to the original part of the
    sewer, and … shall be made to conform in all respects to the rules and regulations
    prescribed in this chapter." The work is done under a house-connection permit, so
    that its design and tests are checked."""
    if connection.work == "new":
        return None
    return repair_outcome(connection, ctx)


# --------------------------------------------------------------------------- inspection of the work


@rule("SEW-INSPECTION-NOTICE", on="permit", cite=code("132"))
def inspection_notice(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.132: "If any pipes are enclosed or covered in any way whatsoever, so as to
    tend to obstruct a thorough inspection of the drainage system, such obstruction
    shall be removed upon notice … When, upon examination by the inspector, it appears
    that any such work is defective, either in its construction or material, the same
    shall be removed or repaired to conform to the requirements set forth in this
    chapter." Open from such a finding until a later inspection approves the work: the
    approval is the record of the repair the finding demanded."""
    inspections = permit_events("work_inspection", permit, ctx)
    if not inspections:
        return None
    last = inspections[-1]
    what = f" ({last.defects})" if last.defects else ""
    name = name_of(ctx, permit)
    if last.result == "defective":
        return violation(
            f"The inspection of {last.date} found the work under {name} defective{what}; it "
            "must be removed or repaired to conform before approval."
        )
    if last.result == "obstructed":
        return violation(
            f"At the inspection of {last.date} the pipes under {name} were covered{what}; the "
            "covering must be removed so the inspection can be made."
        )
    flagged = [i for i in inspections if i.result != "approved"]
    if flagged:
        return met(
            f"The work under {name}, found {flagged[-1].result} on {flagged[-1].date}, was "
            f"inspected and approved on {last.date}."
        )
    return met(f"The work under {name} was inspected and approved on {last.date}.")


# --------------------------------------------------------------------------- manholes


@rule("SEW-MANHOLE-ENTRY", on="sewer_entry", cite=code("134"))
def manhole_entry(entry: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.134: "It shall be unlawful for any person to remove … or injure … any
    portion of any public sewer, flush tank, flushing manhole or manhole, or to open or
    enter … any public sewer, flush tank, flushing manhole or manhole, or to … take …
    any water from any flushing apparatus for any use whatever without first obtaining
    a permit from the Community Development Director to do so." """
    name = capital(name_of(ctx, entry))
    if entry.permit is None:
        return violation(f"{name} had no special permit.")
    permit, problem = valid_permit(entry.permit, None, "special_manhole", entry.date, ctx)
    if problem is not None:
        return violation(f"{name} had no valid special permit: {problem}.")
    return met(f"{name} was under {name_of(ctx, permit)}.")


# --------------------------------------------------------------------------- pipe layers

#: the records of the pipe layer's own work under a permit, each showing sewer being laid
#: on its day: the work started or resumed, a pressure test of the line, which the person
#: doing the work makes before approval (§ 6-8.119(B)(6)), its covering, an excavation in
#: the street for it (§ 6-8.114(C)); and a connection made under the permit (_work_records)
_LAYING = (
    "work_started",
    "work_resumed",
    "pressure_test",
    "work_covered",
    "street_excavation",
)
#: the city's records of the work: an inspection (§ 6-8.132) or an inspector's check of
#: the joints examines work already done, and shows no work of the pipe layer's on its day
_EXAMINED = ("joint_check", "work_inspection")

_UNRECORDED_LICENCE_READING = (
    "A named pipe layer's city business licence must be on record once work has started; "
    "until it is, showing it is overdue (the record's silence is not taken as no licence)."
)


def _examined_after(permit: Any, ctx: Context, expires: date, on: date) -> str:
    """A clause naming the city's examinations of the work under ``permit`` dated after
    ``expires``, by ``on`` ("" when there are none): they show no work of the pipe
    layer's own."""
    found = sorted(
        (event.date, name_of(ctx, event))
        for kind in _EXAMINED
        for event in permit_events(kind, permit, ctx)
        if expires < event.date <= on
    )
    if not found:
        return ""
    verb = "was the city's examination" if len(found) == 1 else "were the city's examinations"
    return f"; {listing(name for _, name in found)} {verb} of work already done"


def _work_records(permit: Any, ctx: Context, on: date) -> list[tuple[date, Any]]:
    """The records of the pipe layer's own work under ``permit`` by ``on``, oldest
    first."""
    found = [
        (event.date, event)
        for kind in _LAYING
        for event in permit_events(kind, permit, ctx)
        if event.date <= on
    ]
    found += [
        (c.date, c)
        for c in ctx.referring("sewer_connection", "permit", permit.id)
        if permit.issued_on <= c.date <= on
    ]
    return sorted(found, key=lambda pair: pair[0])


def pipe_layer_license(permit: Any, ctx: Context, on: date | None = None) -> Outcome | None:
    """The pipe layer's licence against the records of sewer laid under ``permit`` by
    ``on``. A licence that expired during the work is violated only where a record of
    the pipe layer's own work is dated after the expiry (a start or resumption, a
    test, a covering, an excavation, a connection); the city's inspection or joint
    check after it examines work already done and shows none. With no such record the
    work is not shown to have gone on, and the finding is due at the expiry."""
    if permit.kind != "house_connection":
        return None
    on = ctx.as_of if on is None else on
    state = history(permit, ctx, on)
    work = _work_records(permit, ctx, on)
    starts = [d for d in (state.started_on, *(day for _, day in state.after_void)) if d]
    first = min([*starts, *(d for d, _ in work)], default=None)
    if first is None:
        return None
    name = name_of(ctx, permit)
    who = permit.contractor or "the pipe layer"
    expires = permit.contractor_license_expires_on
    if expires is None:
        if permit.contractor is None or not ctx.param("sew.unrecorded_license_fails"):
            return None
        return overdue(
            f"No city business licence is on record for {who}, who has laid sewer under "
            f"{name} since {first}; the licence must be shown before sewer is laid.",
            due=first,
            reading=_UNRECORDED_LICENCE_READING,
        )
    holder = capital(possessive(who))
    after = [event for day, event in work if day > expires]
    if after:
        return violation(
            f"{holder} city business licence expired on {expires}, but "
            f"{name_of(ctx, after[0])} shows sewer work under {name} after it."
        )
    going_on = state.status == "active" and state.suspended_on is None
    last = max([first, *(d for d, _ in work)])
    if expires >= on:
        return met(
            f"{holder} city business licence runs to {expires}, covering the work under "
            f"{name} since {first}."
        )
    examined = _examined_after(permit, ctx, expires, on)
    if going_on:
        return due(
            f"{holder} city business licence expired on {expires} while the work under "
            f"{name} was under way; no work by {who} is recorded since, and none may be done "
            f"until the licence is renewed{examined}.",
            due=expires,
        )
    ended = (
        f"was suspended on {state.suspended_on}"
        if state.suspended_on
        else f"was finaled on {state.finaled_on}"
        if state.finaled_on
        else f"stopped when the permit became void on {state.void_from}"
    )
    span = f"on {first}" if first == last else f"from {first} to {last}"
    return met(
        f"{holder} city business licence ran to {expires}, and no work by {who} under {name} "
        f"is recorded after it: the work, recorded {span}, {ended}{examined}."
    )


@rule("SEW-PIPE-LAYER-LICENSE", on="permit", cite=code("103"))
def pipe_layer_license_rule(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.103: "It shall be unlawful for any person to lay, or to engage in or carry
    on the business of laying, sewers on private premises within the city unless such
    person shall have first obtained a city business license." """
    return pipe_layer_license(permit, ctx)
