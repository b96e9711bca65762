"""What the general sewer sections share: cites, names in words and the helpers
of dates and records.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sanitas.ordinance.engine import Context
from sanitas.ordinance.words import name_of, namer, plural, words

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

PATH_WORDS = {
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


def in_service(device: Any, ctx: Context) -> bool:
    return device.removed_on is None or device.removed_on > ctx.as_of


APPROVAL_READING = (
    "A device counts as approved only when its record says so: approval is the "
    "Director's act, and the city's records are its record."
)


def is_approved(device: Any, ctx: Context) -> bool:
    if device.approved is None:
        return not ctx.param("sew.approval_on_record")
    return device.approved


def has_wash_rack(establishment: Any) -> bool:
    return establishment.category == "car_wash" or bool(establishment.wash_rack)


def is_operating(establishment: Any, ctx: Context) -> bool:
    return establishment.closed_on is None or establishment.closed_on > ctx.as_of


def devices_of(establishment: Any, kind: str, ctx: Context) -> list[Any]:
    return [
        d
        for d in ctx.referring("device", "establishment", establishment.id)
        if d.kind == kind and in_service(d, ctx)
    ]


def dates_of(days: list[date], shown: int = 5) -> str:
    text = ", ".join(str(d) for d in days[:shown])
    if len(days) > shown:
        text += f" and {len(days) - shown} more"
    return text


def unapproved_devices(devices: list[Any], ctx: Context) -> list[Any]:
    return [d for d in devices if not is_approved(d, ctx)]


def not_approved_note(devices: list[Any], what: str, ctx: Context) -> str:
    unapproved = unapproved_devices(devices, ctx)
    if not unapproved:
        return ""
    if len(unapproved) == 1:
        return f"; its {what} on record is not recorded approved"
    return f"; its {plural(len(unapproved), what)} on record are not recorded approved"
