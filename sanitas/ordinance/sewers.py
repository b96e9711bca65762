"""Chapter 51, general sewer rules ('65 Code §§ 6-8.102 to 6-8.134, 6-8.103): the
SEW-* requirements.

Cesspools, what may be connected with a sewer and through what (storm water,
pools, cellar drains, safe wastes, exhausts, acids), wash-rack sand traps and
their daily inspections, grease traps by meals served, materials, repairs,
inspections of the work, manhole entry and the pipe layer's business licence.
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
from sanitas.ordinance.permits import (
    history,
    num,
    repair_outcome,
    runs,
    valid_permit,
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


# --------------------------------------------------------------------------- helpers


def _words(text: str) -> str:
    return text.replace("_", " ")


def _in_service(device: Any, ctx: Context) -> bool:
    return device.removed_on is None or device.removed_on > ctx.as_of


def _approved(device: Any, ctx: Context) -> bool:
    if device.approved is None:
        return not ctx.param("sew.approval_on_record")
    return device.approved


def _has_wash_rack(establishment: Any) -> bool:
    return establishment.category == "car_wash" or bool(establishment.wash_rack)


def _name(establishment: Any) -> str:
    return establishment.name or f"Establishment {establishment.id}"


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


def _not_approved_note(devices: list[Any], ctx: Context) -> str:
    unapproved = [d.id for d in devices if not _approved(d, ctx)]
    if not unapproved:
        return ""
    return (
        f" ({', '.join(unapproved)} not recorded approved; reading: a trap counts only "
        "when its record says approved)"
    )


# --------------------------------------------------------------------------- cesspools


@rule("SEW-CONNECT-REQUIRED", on="cesspool")
def cesspool(pool: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.102: "All plumbing … shall be connected with, and drained into, a public
    sewer, and it shall be unlawful for any person to erect, construct or maintain any
    cesspool in the city; provided, however, on premises where a cesspool is being
    maintained, the owner or occupant thereof shall not be required to connect with the
    public sewer so long as the cesspool is sufficient and adequate to serve the
    premises." """
    if pool.constructed_on is not None and pool.constructed_on > ctx.as_of:
        return None
    name = f"Cesspool {pool.id} at {pool.premises}"
    if pool.abandoned_on is not None and pool.abandoned_on <= ctx.as_of:
        return met(f"{name} was abandoned on {pool.abandoned_on} for the public sewer.")
    ban = ctx.param("sew.cesspool_ban_from")
    if pool.constructed_on is None:
        new = not ctx.param("sew.undated_cesspool_is_existing")
        built = "has no recorded construction date (reading: taken as " + (
            "new)" if new else "existing)"
        )
    else:
        new = pool.constructed_on >= ban
        built = (
            f"was built on {pool.constructed_on}, "
            + ("after" if new else "before")
            + f" cesspools were prohibited ({ban}, reading)"
        )
    if new:
        return violation(
            f"{name} {built}, and no cesspool may be erected: the plumbing must drain "
            "into a public sewer."
        )
    adequate, note = pool.adequate, ""
    if adequate is None:
        adequate = ctx.param("sew.cesspool_presumed_adequate")
        note = "; reading: adequate until an inspection finds otherwise"
    if adequate:
        return met(
            f"{name} {built}, so it may stay while sufficient and adequate to serve the "
            f"premises{note}."
        )
    return violation(
        f"{name} {built}, but it is not shown sufficient and adequate to serve the premises"
        f"{note}, so the premises must connect with the public sewer."
    )


# --------------------------------------------------------------------------- drain connections

_STORMWATER = ("roof_conductor", "yard_drain", "surface_water_conduit")
_POOL = ("swimming_pool", "tank")
_CELLAR = ("cellar_drain", "basement_shower", "yard_shower")
_SAFE_WASTE = ("safe_waste_pipe",)
_EXHAUST = ("engine_exhaust", "boiler_blowoff")
_ACID = ("acid_waste",)


def _drain(connection: Any, sources: tuple[str, ...], ctx: Context) -> tuple[str, Outcome | None]:
    """(name, outcome): the outcome decides already when the rule does not apply (None
    name) or the connection was removed (met)."""
    if connection.source not in sources:
        return "", None
    if connection.connected_on is not None and connection.connected_on > ctx.as_of:
        return "", None
    name = f"The {_words(connection.source)} {connection.id} at {connection.premises}"
    off = connection.disconnected_on
    if off is not None and off <= ctx.as_of:
        return name, met(f"{name} was disconnected from the sewer on {off}.")
    return name, None


def _applies(name: str, outcome: Outcome | None) -> bool:
    return bool(name) and outcome is None


def _through(connection: Any, path: str, kind: str | None, ctx: Context) -> str | None:
    """What is wrong with how the connection reaches the sewer (None: nothing)."""
    if connection.through != path:
        how = (
            "directly"
            if connection.through == "direct"
            else f"through a {_words(connection.through)}"
        )
        return f"connects {how}"
    device = ctx.get(connection.device)
    if kind is not None and device is not None:
        if device.kind != kind:
            return f"passes through {device.id}, a {_words(device.kind)}"
        if not _approved(device, ctx):
            return (
                f"passes through {device.id}, not recorded approved (reading: a device "
                "counts only when its record says approved)"
            )
    return None


@rule("SEW-STORMWATER", on="drain_connection")
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


@rule("SEW-POOL-PERMIT", on="drain_connection")
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
    return met(f"{name} was connected under special pool permit {permit.id}.")


@rule("SEW-CELLAR-SANDTRAP", on="drain_connection")
def cellar_sand_trap(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.126: "It shall be unlawful for any person to connect any cellar drain or
    shower in basements or in yards directly with the soil or waste pipe, but such
    cellar drain or shower shall be trapped by a sand trap constructed according to
    approved building and engineering standards." """
    name, outcome = _drain(connection, _CELLAR, ctx)
    if not _applies(name, outcome):
        return outcome
    problem = _through(connection, "sand_trap", "sand_trap", ctx)
    if problem:
        return violation(f"{name} {problem}, but it must be trapped by an approved sand trap.")
    return met(f"{name} is trapped by a sand trap.")


@rule("SEW-SAFE-WASTE", on="drain_connection")
def safe_waste(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.128: "It shall be unlawful for any person to connect any safe waste pipe
    from any establishment directly to any public sewer … Such safe waste pipe shall
    discharge into a water-supplied sink or outside the building." """
    name, outcome = _drain(connection, _SAFE_WASTE, ctx)
    if not _applies(name, outcome):
        return outcome
    problem = _through(connection, "water_supplied_sink", None, ctx)
    if problem:
        return violation(
            f"{name} {problem}, but a safe waste pipe discharges into a water-supplied sink "
            "or outside the building."
        )
    return met(f"{name} discharges into a water-supplied sink.")


@rule("SEW-EXHAUST-SUMP", on="drain_connection")
def exhaust_sump(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.129: "It shall be unlawful for any person to cause, allow, or permit the
    exhaust from any engine or the blowoff from any boiler to be connected directly to
    any public sewer … Such exhaust or blowoff shall first connect with a watertight
    sump which may in turn be connected to the public sewer." """
    name, outcome = _drain(connection, _EXHAUST, ctx)
    if not _applies(name, outcome):
        return outcome
    problem = _through(connection, "watertight_sump", None, ctx)
    if problem:
        return violation(f"{name} {problem}, but it must first connect with a watertight sump.")
    return met(f"{name} first connects with a watertight sump.")


@rule("SEW-ACIDS", on="drain_connection")
def acids(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.122: "In no case shall acids or corrosive liquids … be discharged into the
    sewer without being fully diluted and neutralized by passing through a properly
    constructed dilution and neutralizing sink or tank. The sink or tank shall be
    automatically provided with a sufficient intake of water or neutralizing medium." """
    name, outcome = _drain(connection, _ACID, ctx)
    if not _applies(name, outcome):
        return outcome
    problem = _through(connection, "neutralizing_tank", "neutralizing_tank", ctx)
    if problem is None and connection.automatic_intake is False:
        problem = "passes through a sink or tank with no automatic intake of water or neutralizer"
    if problem:
        return violation(
            f"{name} {problem}, but acids and corrosive liquids must pass through a properly "
            "constructed dilution and neutralizing sink or tank with an automatic intake."
        )
    note = "" if connection.automatic_intake else " (its automatic intake is not recorded)"
    return met(f"{name} passes through a dilution and neutralizing tank{note}.")


# --------------------------------------------------------------------------- wash racks


@rule("SEW-WASHRACK-SANDTRAP", on="establishment")
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
    name = _name(establishment)
    if approved:
        return met(f"{name}'s wash rack drains through approved sand trap {approved[0].id}.")
    return violation(
        f"{name} operates a wash rack with no approved sand trap"
        f"{_not_approved_note(traps, ctx)}; its effluent may not flow into the sewer."
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
    days = {i.date for i in ctx.referring("sand_trap_inspection", "device", device.id)}
    if ctx.param("sew.washrack_city_inspection_counts"):
        days.update(i.date for i in ctx.referring("inspection", "subject", device.id))
    return days


@derived("sand_trap_missed_days", on="device", requirement="SEW-WASHRACK-SANDTRAP")
def sand_trap_missed_days(device: Any, ctx: Context) -> list[date] | None:
    """The days before the as-of date the wash rack was in use and the sand trap was not
    inspected (null for other devices)."""
    if device.kind != "sand_trap":
        return None
    inspected = _inspected_days(device, ctx)
    return [d for d in _days_in_use(device, ctx) if d < ctx.as_of and d not in inspected]


@rule("SEW-WASHRACK-SANDTRAP", on="device")
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
    span = f"Sand trap {device.id} was in use on {len(used)} days from {used[0]} to {used[-1]}"
    if missed:
        return overdue(
            f"{span} but was not inspected on {len(missed)} of them ({_dates(missed)}); it "
            "must be inspected daily when in use.",
            due=missed[0],
        )
    if used[-1] == ctx.as_of and ctx.as_of not in _inspected_days(device, ctx):
        return due(f"{span}; today's daily inspection is not yet logged.", due=ctx.as_of)
    return met(f"{span} and was inspected on each of them.")


# --------------------------------------------------------------------------- grease traps


def _meals_band(establishment: Any, ctx: Context) -> str | None:
    meals = establishment.meals_per_day
    low = ctx.param("sew.grease_trap_meals")
    high = ctx.param("sew.grease_trap_large_meals")
    if meals is None or meals < low:
        return None
    if meals <= high:
        return f"serves {meals} meals a day ({low} to {high})"
    return f"serves {meals} meals a day (more than {high})"


@derived("grease_trap_required", on="establishment", requirement="SEW-GREASE-TRAP-MEALS")
def grease_trap_required(establishment: Any, ctx: Context) -> bool | None:
    """Serves 100 or more meals a day, or operates a wash rack (null: meals not known)."""
    if _has_wash_rack(establishment):
        return True
    if establishment.meals_per_day is None:
        return None
    return establishment.meals_per_day >= ctx.param("sew.grease_trap_meals")


@rule("SEW-GREASE-TRAP-MEALS", on="establishment")
def grease_trap_meals(establishment: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.127(A): "It shall be unlawful for any person operating an establishment
    serving 100 or more meals per day, or for any person owning or operating a private
    or public automobile or carriage wash rack to permit the wastes from the kitchen
    sinks or wash racks to flow directly into any public sewer … without first passing
    the same through grease traps approved by the Community Development Director." """
    if not ctx.derived("grease_trap_required", establishment) or not _operating(establishment, ctx):
        return None
    band = _meals_band(establishment, ctx)
    wastes = "its kitchen sink wastes" if band else "its wash rack wastes"
    if band and _has_wash_rack(establishment):
        wastes = "its kitchen sink and wash rack wastes"
    name = _name(establishment)
    basis = (
        f"{name} {band or 'operates a wash rack'}, so {wastes} must pass through approved "
        "grease traps"
    )
    if ctx.param("sew.interceptor_counts_as_grease_trap"):
        for interceptor in _devices(establishment, "grease_interceptor", ctx):
            if _approved(interceptor, ctx):
                return met(
                    f"{basis}; approved grease interceptor {interceptor.id} receives them "
                    "(reading: an interceptor serves as the grease trap)."
                )
    traps = _devices(establishment, "grease_trap", ctx)
    approved = [d for d in traps if _approved(d, ctx)]
    outlets = establishment.kitchen_sink_outlets
    needed = 1
    count = ""
    if band and outlets and ctx.param("sew.grease_trap_per_outlet"):
        needed = outlets
        count = f", one for each of its {outlets} kitchen sink outlets (reading)"
    found = f"{len(approved)} approved grease trap" + ("" if len(approved) == 1 else "s")
    if len(approved) >= needed:
        return met(f"{basis}{count}; it has {found}.")
    return violation(f"{basis}{count}; it has {found}{_not_approved_note(traps, ctx)}.")


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


@rule("SEW-GREASE-TRAP-SIZE", on="device")
def grease_trap_size(device: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.127(B): "Grease traps with a guaranteed minimum capacity of 20 pounds of pure
    grease shall be installed with each kitchen sink outlet … for establishments serving
    100 to 300 meals per day. Grease traps with a guaranteed minimum capacity of 60
    pounds of pure grease shall be installed for any establishment where more than 300
    meals are served per day and for the operation of any private or public wash
    rack." """
    if device.kind != "grease_trap" or not _in_service(device, ctx):
        return None
    establishment = ctx.get(device.establishment)
    minimum = ctx.derived("grease_trap_min_lbs", establishment)
    if minimum is None:
        return None
    name = _name(establishment)
    basis = _meals_band(establishment, ctx)
    if _has_wash_rack(establishment):
        basis = "operates a wash rack"
    need = f"{name} {basis}, so its grease traps must hold at least {minimum} lb of grease"
    capacity = device.grease_capacity_lbs
    if capacity is None:
        if not ctx.param("sew.unrecorded_grease_capacity_fails"):
            return None
        return violation(
            f"Grease trap {device.id} has no recorded guaranteed grease capacity (reading: "
            f"then it has none); {need}."
        )
    text = f"Grease trap {device.id} holds {num(capacity)} lb; {need}"
    if capacity < minimum:
        return violation(f"{text}.")
    return met(f"{text}, and it does.")


# --------------------------------------------------------------------------- materials, repairs


@rule("SEW-MATERIALS", on="connection_design")
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
    listed = " or ".join(_words(m) for m in allowed)
    bad = [r for r in all_runs if r.segment.material not in allowed]
    if bad:
        which = ", ".join(f"{r.label} is {_words(r.segment.material)}" for r in bad)
        return violation(
            f"In design {design.id}, {which}: not a material of the city's Standard "
            f"Specifications for sanitary sewers ({listed}, the pack's list)."
        )
    return met(
        f"Every run of design {design.id} is {listed}, materials of the city's Standard "
        "Specifications (the pack's list)."
    )


@rule("SEW-REPAIRS-CONFORM", on="sewer_connection")
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


@rule("SEW-INSPECTION-NOTICE", on="permit")
def inspection_notice(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.132: "If any pipes are enclosed or covered in any way whatsoever, so as to
    tend to obstruct a thorough inspection of the drainage system, such obstruction
    shall be removed upon notice … When, upon examination by the inspector, it appears
    that any such work is defective, either in its construction or material, the same
    shall be removed or repaired to conform to the requirements set forth in this
    chapter." Open from such a finding until a later inspection approves the work."""
    inspections = ctx.referring("work_inspection", "permit", permit.id)
    if not inspections:
        return None
    last = inspections[-1]
    what = f" ({last.defects})" if last.defects else ""
    if last.result == "defective":
        return violation(
            f"The inspection of {last.date} found the work under permit {permit.id} "
            f"defective{what}; it must be removed or repaired to conform before approval."
        )
    if last.result == "obstructed":
        return violation(
            f"At the inspection of {last.date} the pipes under permit {permit.id} were "
            f"covered{what}; the obstruction must be removed so the inspection can be made."
        )
    flagged = [i for i in inspections if i.result != "approved"]
    if flagged:
        return met(
            f"The work under permit {permit.id} found {flagged[-1].result} on "
            f"{flagged[-1].date} was inspected and approved on {last.date}."
        )
    return met(f"The work under permit {permit.id} was inspected and approved on {last.date}.")


# --------------------------------------------------------------------------- manholes


@rule("SEW-MANHOLE-ENTRY", on="sewer_entry")
def manhole_entry(entry: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.134: "It shall be unlawful for any person to remove … or injure … any
    portion of any public sewer, flush tank, flushing manhole or manhole, or to open or
    enter … any public sewer, flush tank, flushing manhole or manhole, or to … take …
    any water from any flushing apparatus for any use whatever without first obtaining
    a permit from the Community Development Director to do so." """
    act = {
        "open_or_enter": "entry into a public sewer or manhole",
        "remove": "removal of part of a public sewer",
        "injure": "injury to part of a public sewer",
        "take_flushing_water": "taking of water from a flushing apparatus",
    }[entry.act]
    who = f" by {entry.person}" if entry.person else ""
    if entry.permit is None:
        return violation(f"The {act}{who} on {entry.date} had no special permit.")
    permit, problem = valid_permit(entry.permit, None, "special_manhole", entry.date, ctx)
    if problem is not None:
        return violation(f"The {act}{who} on {entry.date} had no valid special permit: {problem}.")
    return met(f"The {act}{who} on {entry.date} was under special permit {permit.id}.")


# --------------------------------------------------------------------------- pipe layers

_WORK_TYPES = (
    "work_started",
    "work_suspended",
    "work_resumed",
    "final_certificate",
    "pressure_test",
    "work_inspection",
    "work_covered",
    "joint_check",
)


def pipe_layer_license(permit: Any, ctx: Context, on: date | None = None) -> Outcome | None:
    """The pipe layer's licence against the days sewer was laid under ``permit`` by
    ``on``: from the start of work to the last work event (to ``on`` while work goes
    on)."""
    if permit.kind != "house_connection":
        return None
    on = ctx.as_of if on is None else on
    state = history(permit, ctx, on)
    days = [
        event.date
        for kind in _WORK_TYPES
        for event in ctx.referring(kind, "permit", permit.id)
        if event.date <= on
    ]
    first = state.started_on or (state.after_void[0][1] if state.after_void else None)
    if first is None:
        return None
    days.extend(day for _, day in state.after_void)
    working = state.status == "active" and state.suspended_on is None
    last = on if working else max([first, *days])
    who = permit.contractor or "the pipe layer"
    expires = permit.contractor_license_expires_on
    if expires is None:
        if permit.contractor is None or not ctx.param("sew.unrecorded_license_fails"):
            return None
        return violation(
            f"No city business licence is recorded for {who}, who has laid sewer under "
            f"permit {permit.id} since {first} (reading: none on record is none obtained)."
        )
    if expires < last:
        return violation(
            f"{who[0].upper()}{who[1:]}'s city business licence expired on {expires}, but sewer "
            f"work under permit {permit.id} went on from {first} to {last}."
        )
    return met(
        f"{who[0].upper()}{who[1:]}'s city business licence runs to {expires}, covering the "
        f"work under permit {permit.id} from {first} to {last}."
    )


@rule("SEW-PIPE-LAYER-LICENSE", on="permit")
def pipe_layer_license_rule(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.103: "It shall be unlawful for any person to lay, or to engage in or carry
    on the business of laying, sewers on private premises within the city unless such
    person shall have first obtained a city business license." """
    return pipe_layer_license(permit, ctx)
