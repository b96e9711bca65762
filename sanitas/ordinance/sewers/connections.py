"""'65 Code § 6-8.102 (cesspools, SEW-CONNECT-REQUIRED) and §§ 6-8.122–6-8.129, what
may be connected with a sewer: storm water, pools, cellar drains, safe wastes,
exhausts and acids.
"""

from __future__ import annotations

from typing import Any

from sanitas.ordinance.engine import Context, Outcome, met, rule, violation
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Day, Message, Phrase, declare
from sanitas.ordinance.permits.common import code, valid_permit
from sanitas.ordinance.sewers.common import APPROVAL_READING, PATH_WORDS, is_approved

# --------------------------------------------------------------------------- cesspools

_ABANDONED = declare(
    "sew.cesspool.abandoned",
    "{pool} was abandoned on {date} and the plumbing drains into the public sewer.",
)
_NEW = declare(
    "sew.cesspool.new",
    "{pool} was built on {date}, after cesspools were prohibited, and no cesspool may be "
    "erected: the plumbing must drain into a public sewer.",
)
_OLD = "{pool} was built on {date}, before cesspools were prohibited"
_UNDATED = "{pool} has no recorded construction date, so it is not shown to be new"
_MAY_STAY = "; it may stay while sufficient and adequate to serve the premises, and "
#: an existing cesspool by whether its construction is dated, and what was found of it
_EXISTING = {
    (dated, found): declare(
        f"sew.cesspool.{'old' if dated else 'undated'}-{found}",
        (_OLD if dated else _UNDATED)
        + {
            "inadequate": ", but it was found not sufficient and adequate to serve the "
            "premises, so the premises must connect with the public sewer.",
            "adequate": _MAY_STAY + "it was found sufficient and adequate to serve the premises.",
            "not-found": _MAY_STAY + "no inspection has found it otherwise.",
        }[found],
    )
    for dated in (True, False)
    for found in ("inadequate", "adequate", "not-found")
}
#: the readings of when a cesspool is new: built on or after the day of the pack's
#: prohibition (``sew.cesspool_ban_from``), or, with no construction date, not shown new
_BAN_READING = declare(
    "sew.reading.cesspool-ban",
    "A cesspool built on or after {date} is a new cesspool; the ordinance's own date is not "
    "printed, so the 1965 Code's is used.",
)
_UNDATED_READING = declare(
    "sew.reading.cesspool-undated",
    "A cesspool is new only when its record dates it after the prohibition.",
)()
_ABANDONED_BEFORE_BUILT = declare(
    "sew.problem.cesspool-abandoned-before-built",
    "{pool} is recorded abandoned on {abandoned}, before it was built on {built}.",
)


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
    abandoned = pool.abandoned_on
    if (
        abandoned is not None
        and pool.constructed_on is not None
        and abandoned < pool.constructed_on
    ):
        ctx.data_problem(
            [pool],
            _ABANDONED_BEFORE_BUILT(
                pool=ref(ctx, pool, capital=True),
                abandoned=Day(abandoned),
                built=Day(pool.constructed_on),
            ),
        )
        return None
    name = ref(ctx, pool, capital=True)
    if abandoned is not None and abandoned <= ctx.as_of:
        return met(_ABANDONED(pool=name, date=Day(abandoned)))
    ban = ctx.param("sew.cesspool_ban_from")
    ban_reading = _BAN_READING(date=Day(ban))
    if pool.constructed_on is not None and pool.constructed_on >= ban:
        return violation(_NEW(pool=name, date=Day(pool.constructed_on)), reading=ban_reading)
    dated = pool.constructed_on is not None
    args = {"pool": name, "date": Day(pool.constructed_on)} if dated else {"pool": name}
    reading = ban_reading if dated else _UNDATED_READING
    if pool.adequate is False:
        return violation(_EXISTING[dated, "inadequate"](**args), reading=reading)
    found = "adequate" if pool.adequate else "not-found"
    return met(_EXISTING[dated, found](**args), reading=reading)


# --------------------------------------------------------------------------- drain connections

_STORMWATER = ("roof_conductor", "yard_drain", "surface_water_conduit")
_POOL = ("swimming_pool", "tank")
_CELLAR = ("cellar_drain", "basement_shower", "yard_shower")
_SAFE_WASTE = ("safe_waste_pipe",)
_EXHAUST = ("engine_exhaust", "boiler_blowoff")
_ACID = ("acid_waste",)


_DISCONNECTED = declare(
    "sew.drain.disconnected", "{name} was disconnected from the sewer on {date}."
)
_DISCONNECTED_BEFORE = declare(
    "sew.problem.drain-disconnected-before-connected",
    "{name} is recorded disconnected on {off}, before it was connected on {on}.",
)


def _drain(connection: Any, sources: tuple[str, ...], ctx: Context) -> tuple[Any, Outcome | None]:
    """(name, outcome): the outcome decides already when the rule does not apply (no
    name) or the connection was removed (met)."""
    if connection.source not in sources:
        return None, None
    on, off = connection.connected_on, connection.disconnected_on
    if on is not None and on > ctx.as_of:
        return None, None
    if on is not None and off is not None and off < on:
        ctx.data_problem(
            [connection],
            _DISCONNECTED_BEFORE(name=ref(ctx, connection, capital=True), off=Day(off), on=Day(on)),
        )
        return None, None
    name = ref(ctx, connection, capital=True)
    if off is not None and off <= ctx.as_of:
        return name, met(_DISCONNECTED(name=name, date=Day(off)))
    return name, None


def _applies(name: Any, outcome: Outcome | None) -> bool:
    return name is not None and outcome is None


#: how a connection reaches the sewer when it takes another path than the one required
_CONNECTS = {
    path: declare(f"sew.through.connects-{path.replace('_', '-')}", "connects " + text)
    for path, text in PATH_WORDS.items()
}
#: the device it passes through is of another kind than the one required
_NOT_KIND = {
    kind: declare(
        f"sew.through.not-{kind.replace('_', '-')}",
        "passes through {device}, not a " + kind.replace("_", " "),
    )
    for kind in ("sand_trap", "neutralizing_tank")
}
_UNAPPROVED = declare(
    "sew.through.unapproved", "passes through {device}, which is not recorded approved"
)
_NO_INTAKE = declare(
    "sew.through.no-intake",
    "passes through a sink or tank with no automatic intake of water or neutralizer",
)


def _through(
    connection: Any, path: str, kind: str | None, ctx: Context
) -> tuple[Phrase | None, Message | None]:
    """What is wrong with how the connection reaches the sewer (None: nothing), as a
    clause ("connects directly"), and the reading relied on."""
    if connection.through != path:
        return Phrase(_CONNECTS[connection.through]()), None
    device = ctx.get(connection.device)
    if kind is not None and device is not None:
        if device.kind != kind:
            return Phrase(_NOT_KIND[kind](device=ref(ctx, device))), None
        if not is_approved(device, ctx):
            return Phrase(_UNAPPROVED(device=ref(ctx, device))), APPROVAL_READING
    return None, None


_STORMWATER_CONNECTED = declare(
    "sew.stormwater.connected",
    "{name} is connected with the sanitary sewer, where no conduit carrying rain or "
    "surface water may be.",
)


@rule("SEW-STORMWATER", on="drain_connection", cite=code("123"))
def stormwater(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.123: "It shall be unlawful for any person to connect any roof conductor,
    yard drain or other conduit used for carrying off rain or surface water with any
    sanitary sewer of the city or with any house connection sewer leading thereto." """
    name, outcome = _drain(connection, _STORMWATER, ctx)
    if not _applies(name, outcome):
        return outcome
    return violation(_STORMWATER_CONNECTED(name=name))


_POOL_UNPERMITTED = declare(
    "sew.pool.unpermitted",
    "{name} is connected with the sewer without a special permit: {problem}.",
)
_POOL_PERMITTED = declare("sew.pool.permitted", "{name} was connected under {permit}.")


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
        return violation(_POOL_UNPERMITTED(name=name, problem=Phrase(problem)))
    return met(_POOL_PERMITTED(name=name, permit=ref(ctx, permit)))


_CELLAR_UNTRAPPED = declare(
    "sew.cellar.untrapped", "{name} {problem}, but it must be trapped by an approved sand trap."
)
_CELLAR_TRAPPED = declare("sew.cellar.trapped", "{name} is trapped by a sand trap.")


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
        return violation(_CELLAR_UNTRAPPED(name=name, problem=problem), reading=reading)
    return met(_CELLAR_TRAPPED(name=name))


_SAFE_WASTE_DIRECT = declare(
    "sew.safe-waste.direct",
    "{name} {problem}, but a safe waste pipe discharges into a water-supplied sink or outside "
    "the building.",
)
_SAFE_WASTE_SINK = declare("sew.safe-waste.sink", "{name} discharges into a water-supplied sink.")


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
        return violation(_SAFE_WASTE_DIRECT(name=name, problem=problem), reading=reading)
    return met(_SAFE_WASTE_SINK(name=name))


_NO_SUMP = declare(
    "sew.exhaust.no-sump", "{name} {problem}, but it must first connect with a watertight sump."
)
_SUMP = declare("sew.exhaust.sump", "{name} first connects with a watertight sump.")


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
        return violation(_NO_SUMP(name=name, problem=problem), reading=reading)
    return met(_SUMP(name=name))


_ACIDS_UNTREATED = declare(
    "sew.acids.untreated",
    "{name} {problem}, but acids and corrosive liquids must pass through a properly "
    "constructed dilution and neutralizing sink or tank with an automatic intake.",
)
#: through the tank, by whether its automatic intake is recorded
_ACIDS_TREATED = {
    True: declare("sew.acids.treated", "{name} passes through a dilution and neutralizing tank."),
    False: declare(
        "sew.acids.treated-intake-unrecorded",
        "{name} passes through a dilution and neutralizing tank; its automatic intake is not "
        "recorded.",
    ),
}


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
        problem = Phrase(_NO_INTAKE())
    if problem:
        return violation(_ACIDS_UNTREATED(name=name, problem=problem), reading=reading)
    return met(_ACIDS_TREATED[bool(connection.automatic_intake)](name=name))
