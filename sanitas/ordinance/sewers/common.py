"""What the general sewer sections share: cites, names in words and the helpers
of dates and records.
"""

from __future__ import annotations

from typing import Any

from sanitas.ordinance.engine import Context
from sanitas.ordinance.general.common import ref, ref_namer
from sanitas.ordinance.messages import Day, Name, Phrase, declare
from sanitas.ordinance.words import namer

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


_CESSPOOL = declare("sew.name.cesspool", "the cesspool at {premises}")
#: a drain connection named by what is connected
_DRAINS = {
    source: declare(f"sew.name.drain-{source.replace('_', '-')}", "the " + text + " at {premises}")
    for source, text in _SOURCE_WORDS.items()
}
_ACT_WORDS = {
    "open_or_enter": "entry into a public sewer or manhole",
    "remove": "removal of part of a public sewer",
    "injure": "injury to part of a public sewer",
    "take_flushing_water": "taking of water from a flushing apparatus",
}
#: an entry into or injury to a sewer named by the act, with or without who did it
_ENTRIES = {
    (act, by): declare(
        f"sew.name.{act.replace('_', '-')}" + ("-by" if by else ""),
        "the " + text + (" by {person}" if by else "") + " on {date}",
    )
    for act, text in _ACT_WORDS.items()
    for by in (False, True)
}


@ref_namer("cesspool")
def cesspool_ref(ctx: Context, pool: Any, capital: bool = False) -> Phrase:
    return Phrase(_CESSPOOL(premises=ref(ctx, pool.premises)), capital=capital)


@ref_namer("drain_connection")
def drain_ref(ctx: Context, connection: Any, capital: bool = False) -> Phrase:
    return Phrase(
        _DRAINS[connection.source](premises=ref(ctx, connection.premises)), capital=capital
    )


@ref_namer("sewer_entry")
def entry_ref(ctx: Context, entry: Any, capital: bool = False) -> Phrase:
    args: dict[str, Any] = {"date": Day(entry.date)}
    if entry.person:
        args["person"] = Name(entry.person)
    return Phrase(_ENTRIES[entry.act, bool(entry.person)](**args), capital=capital)


#: a possessive: "Mission Car Wash's", "Acme Sewers'" ("de …", "…的")
_WHOSE = declare("sew.whose", "{owner}'s")
_WHOSE_S = declare("sew.whose-s", "{owner}'")


def whose(owner: Any, english: str) -> Phrase:
    """``owner`` (a message argument whose English is ``english``) as a possessive:
    "Mission Car Wash's", "Acme Sewers'"."""
    return Phrase((_WHOSE_S if english.endswith("s") else _WHOSE)(owner=owner))


@namer("cesspool")
def _cesspool_name(ctx: Context, pool: Any) -> str:
    return cesspool_ref(ctx, pool).render("en")


@namer("drain_connection")
def _drain_name(ctx: Context, connection: Any) -> str:
    return drain_ref(ctx, connection).render("en")


@namer("sewer_entry")
def _entry_name(ctx: Context, entry: Any) -> str:
    return entry_ref(ctx, entry).render("en")


# --------------------------------------------------------------------------- helpers


def in_service(device: Any, ctx: Context) -> bool:
    return device.removed_on is None or device.removed_on > ctx.as_of


#: the reading of a device's approval (``sew.approval_on_record``)
APPROVAL_READING = declare(
    "sew.reading.approval",
    "A device counts as approved only when its record says so: approval is the "
    "Director's act, and the city's records are its record.",
)()


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


def unapproved_devices(devices: list[Any], ctx: Context) -> list[Any]:
    return [d for d in devices if not is_approved(d, ctx)]
