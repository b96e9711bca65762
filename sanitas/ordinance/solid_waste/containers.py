"""Ch. 50 containers (A)-(C): setting containers out for collection and taking
them in (SW-CONTAINER-SETOUT), and where they stand (SW-CONTAINER-PLACEMENT).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, Outcome, derived, due, met, rule, violation
from sanitas.ordinance.general import Premises
from sanitas.ordinance.solid_waste.common import (
    EVIDENCE_READING,
    alternatives,
    has_passed,
    moment_reading,
    place_words,
    readings_sentence,
    set_out_trail,
)
from sanitas.ordinance.solid_waste.vocabulary import CollectionAccess, SetOut
from sanitas.ordinance.words import capital, day, name_of, words

# --------------------------------------------------------------------------- SW-CONTAINER-SETOUT

_LOCATION_SYNONYMS = {
    "alley": "alley_line",
    "alley_property_line": "alley_line",
    "curbside": "curb",
    "curb_line": "curb",
    "public_parkway": "parkway",
    "rear_yard": "rear",
    "side_yard": "side",
}


def set_out_location(text: str | None) -> str | None:
    """A set-out location in the pack's words: ``"Rear yard"`` → ``rear``."""
    if text is None or not text.strip():
        return None
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    return _LOCATION_SYNONYMS.get(key, key)


@derived("set_out_window", on="set_out", requirement="SW-CONTAINER-SETOUT")
def set_out_window(set_out: SetOut, ctx: Context) -> list[datetime] | None:
    """Ch. 50 containers (A): "… not earlier than six p.m. of the day preceding
    collection and such containers shall be removed … not later than eight p.m. on
    the day of collection." Null when the set-out's records contradict each other."""
    if set_out_trail(set_out, ctx) is None:
        return None
    return list(_window(set_out, ctx))


def _window(set_out: SetOut, ctx: Context) -> tuple[datetime, datetime]:
    on = set_out.collection_day
    before = ctx.param("sw.set_out_days_before", on=on)
    start = datetime.combine(
        add_days(on, -before), time.fromisoformat(str(ctx.param("sw.set_out_earliest", on=on)))
    )
    end = datetime.combine(on, time.fromisoformat(str(ctx.param("sw.set_out_removal_by", on=on))))
    return start, end


@rule("SW-CONTAINER-SETOUT", on="set_out")
def container_set_out(set_out: SetOut, ctx: Context) -> Outcome | None:
    """Ch. 50 containers (A): "Except when placed for collection as otherwise provided
    herein, no container shall be placed in any area, street, parkway or other public
    place or upon any private lot or parcel of land other than in the rear or side yard
    of improved lots. Such containers so set out or placed by the householder or
    commercial customer not earlier than six p.m. of the day preceding collection and
    such containers shall be removed by the householder from the collection place not
    later than eight p.m. on the day of collection." Containers standing in the rear
    or side yard are stored, not set out (reading ``sw.storage_locations``).

    Containers out at the collection place outside the window are the state (A)
    forbids; it is a violation only on a record of it: set out before the window
    opened or after it closed, seen still out after it (a follow-up observation), or
    removed after it. Removed by then, or found gone, meets it. With nothing recorded
    after they were set out they may stand until the window closes (reading
    ``sw.as_of_moment``), then a follow-up observation is due."""
    if set_out_location(set_out.location) in ctx.param(
        "sw.storage_locations", on=set_out.collection_day
    ):
        return None
    trail = set_out_trail(set_out, ctx)
    if trail is None:
        return None
    start, end = _window(set_out, ctx)
    head = (
        f"Containers at {name_of(ctx, set_out.premises)} for collection on "
        f"{day(set_out.collection_day)} may stand out from {day(start)} to {day(end)}"
    )
    placed = day(set_out.placed_at)
    removed = trail.removed
    kw = {"due": end}
    wrong = []
    if set_out.placed_at < start:
        wrong.append(f"set out at {placed}, before the window opened")
    elif set_out.placed_at > end:
        wrong.append(f"set out at {placed}, after the window closed")
    else:
        wrong.append(f"set out at {placed}")
        if trail.seen > end:
            wrong.append(f"seen still out at {day(trail.seen)}, after the window closed")
    if removed is not None and removed > end:
        wrong.append(f"removed only at {day(removed)}")
    if len(wrong) > 1 or set_out.placed_at < start or set_out.placed_at > end:
        told = wrong[0] if len(wrong) == 1 else ", ".join(wrong[:-1]) + ", and " + wrong[-1]
        return violation(f"{head}; they were {told}.", **kw)
    if removed is not None:
        return met(f"{head}; they were set out at {placed} and removed at {day(removed)}.", **kw)
    if trail.gone is not None:
        if trail.gone <= end:
            return met(
                f"{head}; they were set out at {placed} and a follow-up observation at "
                f"{day(trail.gone)} found them gone.",
                **kw,
            )
        return met(
            f"{head}; they were set out at {placed} and a follow-up observation at "
            f"{day(trail.gone)} found them gone, and no record shows them out after "
            f"{day(end)}.",
            reading=readings_sentence([EVIDENCE_READING]),
            **kw,
        )
    last = (
        f"last seen still out at {day(trail.seen)}" if trail.seen_again else f"set out at {placed}"
    )
    moment = moment_reading(end, ctx)
    if not has_passed(end, ctx):
        return met(
            f"{head}; they were {last} and may stay out until then.",
            reading=readings_sentence([moment]),
            **kw,
        )
    return due(
        f"{head}; they were {last} and no removal or later sighting is recorded, so a "
        "follow-up observation is due.",
        reading=readings_sentence([moment, EVIDENCE_READING]),
        **kw,
    )


# --------------------------------------------------------------------------- SW-CONTAINER-PLACEMENT


@dataclass(frozen=True)
class Placement:
    """Where a premises' containers go for collection, and why."""

    customer: str  # householder or commercial
    locations: tuple[str, ...]
    basis: str
    part: str  # the subdivision of Ch. 50 containers that applies
    reading: str | None = None


def customer_of(premises: Premises, ctx: Context, on: date) -> str | None:
    if premises.use in ctx.param("sw.householder_uses", on=on):
        return "householder"
    if premises.use in ctx.param("sw.commercial_customer_uses", on=on):
        return "commercial"
    if premises.use is None and premises.dwelling_units:
        return "householder"
    return None


def customer_reading(premises: Premises, customer: str) -> str | None:
    if premises.use is None:
        return "a premises with dwelling units and no recorded use is a householder's"
    if customer == "commercial" and premises.use in ("mixed_use", "hotel"):
        kind = "mixed-use" if premises.use == "mixed_use" else words(premises.use)
        return f"the occupants of {kind} premises set out containers as commercial customers"
    return None


def _access_on(premises: Premises, on: date, ctx: Context) -> CollectionAccess | None:
    """The latest access assessment made on or before ``on``: an assessment binds from
    its date, never a collection day before it."""
    for assessment in reversed(ctx.referring("collection_access", "premises", premises.id)):
        if assessment.date <= on:  # type: ignore[attr-defined]
            return assessment  # type: ignore[return-value]
    return None


def required_placement(set_out: SetOut, ctx: Context) -> Placement | None:
    """The locations SW-CONTAINER-PLACEMENT allows a set-out, or None when the facts
    cannot say (the premises is neither a householder's nor a commercial customer's).
    Where the fact that decides between two places is not on record (whether the lot
    is on a public alley, whether its rear is accessible), either place is allowed."""
    premises: Premises = ctx.get(set_out.premises)  # type: ignore[assignment]
    on = set_out.collection_day
    customer = customer_of(premises, ctx, on)
    if customer is None:
        return None
    name = name_of(ctx, premises)
    reading = customer_reading(premises, customer)
    if customer == "householder":
        alley = tuple(ctx.param("sw.alley_locations", on=on))
        curb = tuple(ctx.param("sw.curb_locations", on=on))
        if premises.alley:
            found, basis, part = alley, f"{capital(name)} is on a public alley", "(B)(1)"
        elif premises.alley is False:
            found, basis, part = curb, f"{capital(name)} is not on a public alley", "(B)(2)"
        else:
            found = alley + curb
            basis = f"No public alley is recorded for {name}"
            part = "(B)(1)-(2)"
        verb = "may go" if premises.alley is None else "go"
        return Placement(
            customer,
            found,
            f"{basis}, so its containers {verb} {alternatives(found)}, all in one place",
            part,
            reading,
        )
    rear = tuple(ctx.param("sw.rear_side_locations", on=on))
    curb = tuple(ctx.param("sw.curb_locations", on=on))
    access = _access_on(premises, on, ctx)
    if access is None:
        return Placement(
            customer,
            rear + curb,
            f"{capital(name)} has no assessment on record of its access for the contractor's "
            f"equipment, so its containers may go {alternatives(rear + curb)}, all in one place",
            "(C)(1)-(2)",
            reading,
        )
    if access.rear_or_side_accessible and access.damage_unlikely:
        return Placement(
            customer,
            rear,
            f"The rear or side of {name} is accessible and safe for the contractor's equipment "
            f"(assessed {day(access.date)}), so its containers go {alternatives(rear)}, all in "
            "one place",
            "(C)(1)",
            reading,
        )
    why = "inaccessible to" if not access.rear_or_side_accessible else "unsafe for"
    return Placement(
        customer,
        curb,
        f"The rear and side of {name} are {why} the contractor's equipment (assessed "
        f"{day(access.date)}), so its containers go {alternatives(curb)}, all in one place",
        "(C)(2)",
        reading,
    )


@derived("required_set_out_locations", on="set_out", requirement="SW-CONTAINER-PLACEMENT")
def required_set_out_locations(set_out: SetOut, ctx: Context) -> list[str] | None:
    """Ch. 50 containers (B)-(C): the places a set-out may stand, sorted; null when
    the premises' use does not say whether a householder or a commercial customer
    sets it out."""
    placement = required_placement(set_out, ctx)
    return None if placement is None else sorted(placement.locations)


@rule("SW-CONTAINER-PLACEMENT", on="set_out")
def container_placement(set_out: SetOut, ctx: Context) -> Outcome | None:
    """Ch. 50 containers (B): "(1) When the householder's property is contiguous to a
    public alley, all containers shall be placed at the alley property line in one and
    the same location. (2) When the householder's property is not contiguous to a
    public alley, all containers shall be placed in the public parkway or at the curb
    line in one and the same location." (C): "(1) When the rear or side of the
    establishment is accessible to contractor's equipment and when personal injury or
    property damage is unlikely …, all containers … shall be placed at the rear or,
    when appropriate, at the side of the establishment in one and the same location.
    (2) When the rear or side … is inaccessible … or when personal injury or property
    damage is likely …, all containers … shall be placed in the public parkway or
    curbside at one and the same location." """
    location = set_out_location(set_out.location)
    placement = required_placement(set_out, ctx)
    if location is None or placement is None or set_out_trail(set_out, ctx) is None:
        return None
    storage = ctx.param("sw.storage_locations", on=set_out.collection_day)
    if placement.customer == "householder" and location in storage:
        return None  # kept in the rear or side yard: not set out
    kw = {
        "cite": f"Ch. 50 containers {placement.part}",
        "reading": readings_sentence([placement.reading]),
    }
    on = day(set_out.collection_day)
    if location not in placement.locations:
        return violation(
            f"{placement.basis}; for collection on {on} they stood {place_words(location)}.", **kw
        )
    for other in ctx.referring("set_out", "premises", set_out.premises):
        if other is set_out or other.collection_day != set_out.collection_day:  # type: ignore[attr-defined]
            continue
        elsewhere = set_out_location(other.location)  # type: ignore[attr-defined]
        if elsewhere is None or elsewhere == location:
            continue
        if set_out_trail(other, ctx) is None:  # type: ignore[arg-type]
            continue  # its own records contradict each other
        if placement.customer == "householder" and elsewhere in storage:
            continue
        return violation(
            f"{placement.basis}; for collection on {on} some stood {place_words(location)} and "
            f"some {place_words(elsewhere)}.",
            **kw,
        )
    return met(
        f"{placement.basis}; for collection on {on} they stood {place_words(location)}.", **kw
    )
