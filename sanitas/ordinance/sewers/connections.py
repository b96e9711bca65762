"""'65 Code § 6-8.102 (cesspools, SEW-CONNECT-REQUIRED) and §§ 6-8.122–6-8.129, what
may be connected with a sewer: storm water, pools, cellar drains, safe wastes,
exhausts and acids.
"""

from __future__ import annotations

from typing import Any

from sanitas.ordinance.engine import Context, Outcome, met, rule, violation
from sanitas.ordinance.permits.common import code, valid_permit
from sanitas.ordinance.sewers.common import APPROVAL_READING, PATH_WORDS, is_approved
from sanitas.ordinance.words import capital, name_of, words

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
        return f"connects {PATH_WORDS.get(connection.through, words(connection.through))}", None
    device = ctx.get(connection.device)
    if kind is not None and device is not None:
        if device.kind != kind:
            return f"passes through {name_of(ctx, device)}, not a {words(kind)}", None
        if not is_approved(device, ctx):
            return (
                f"passes through {name_of(ctx, device)}, which is not recorded approved",
                APPROVAL_READING,
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
