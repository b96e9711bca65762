"""Ch. 50 containers (A)-(C): setting containers out for collection and taking
them in (SW-CONTAINER-SETOUT), and where they stand (SW-CONTAINER-PLACEMENT).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, Outcome, derived, due, met, rule, violation
from sanitas.ordinance.general import Premises
from sanitas.ordinance.messages import Day, Message, Phrase, declare
from sanitas.ordinance.solid_waste.common import (
    EVIDENCE_READING,
    has_passed,
    moment_reading,
    place_choices,
    place_word,
    readings_sentence,
    ref,
    set_out_trail,
)
from sanitas.ordinance.solid_waste.vocabulary import CollectionAccess, SetOut

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


_WINDOW = declare(
    "sw.set-out.window",
    "Containers at {premises} for collection on {day} may stand out from {start} to {end}",
)
_PLACED = declare("sw.set-out.placed", "set out at {placed}")
_PLACED_EARLY = declare("sw.set-out.placed-early", "set out at {placed}, before the window opened")
_PLACED_LATE = declare("sw.set-out.placed-late", "set out at {placed}, after the window closed")
_SEEN_LATE = declare("sw.set-out.seen-late", "seen still out at {seen}, after the window closed")
_REMOVED_LATE = declare("sw.set-out.removed-late", "removed only at {removed}")
_LAST_SEEN = declare("sw.set-out.last-seen", "last seen still out at {seen}")


_TOLD_2 = declare("sw.set-out.told-2", "{first}, and {second}")
_TOLD_3 = declare("sw.set-out.told-3", "{first}, {second}, and {third}")


def _told(clauses: list[Phrase]) -> Any:
    """What was wrong with a set-out: one clause, or two or three told in a row."""
    if len(clauses) == 1:
        return clauses[0]
    if len(clauses) == 2:
        return Phrase(_TOLD_2(first=clauses[0], second=clauses[1]))
    return Phrase(_TOLD_3(first=clauses[0], second=clauses[1], third=clauses[2]))


_WERE = declare("sw.set-out.were", "{head}; they were {told}.")
_REMOVED = declare(
    "sw.set-out.removed", "{head}; they were set out at {placed} and removed at {removed}."
)
_GONE = declare(
    "sw.set-out.gone",
    "{head}; they were set out at {placed} and a follow-up observation at {gone} found them gone.",
)
_GONE_LATE = declare(
    "sw.set-out.gone-late",
    "{head}; they were set out at {placed} and a follow-up observation at {gone} found them "
    "gone, and no record shows them out after {end}.",
)
_MAY_STAY = declare("sw.set-out.may-stay", "{head}; they were {last} and may stay out until then.")
_FOLLOW_UP_DUE = declare(
    "sw.set-out.follow-up-due",
    "{head}; they were {last} and no removal or later sighting is recorded, so a follow-up "
    "observation is due.",
)


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
    head = Phrase(
        _WINDOW(
            premises=ref(ctx, set_out.premises),
            day=Day(set_out.collection_day),
            start=Day(start),
            end=Day(end),
        )
    )
    placed = Day(set_out.placed_at)
    removed = trail.removed
    kw = {"due": end}
    wrong = []
    if set_out.placed_at < start:
        wrong.append(Phrase(_PLACED_EARLY(placed=placed)))
    elif set_out.placed_at > end:
        wrong.append(Phrase(_PLACED_LATE(placed=placed)))
    else:
        wrong.append(Phrase(_PLACED(placed=placed)))
        if trail.seen > end:
            wrong.append(Phrase(_SEEN_LATE(seen=Day(trail.seen))))
    if removed is not None and removed > end:
        wrong.append(Phrase(_REMOVED_LATE(removed=Day(removed))))
    if len(wrong) > 1 or set_out.placed_at < start or set_out.placed_at > end:
        return violation(_WERE(head=head, told=_told(wrong)), **kw)
    if removed is not None:
        return met(_REMOVED(head=head, placed=placed, removed=Day(removed)), **kw)
    if trail.gone is not None:
        if trail.gone <= end:
            return met(_GONE(head=head, placed=placed, gone=Day(trail.gone)), **kw)
        return met(
            _GONE_LATE(head=head, placed=placed, gone=Day(trail.gone), end=Day(end)),
            reading=readings_sentence([EVIDENCE_READING]),
            **kw,
        )
    last = (
        Phrase(_LAST_SEEN(seen=Day(trail.seen)))
        if trail.seen_again
        else Phrase(_PLACED(placed=placed))
    )
    moment = moment_reading(end, ctx)
    if not has_passed(end, ctx):
        return met(_MAY_STAY(head=head, last=last), reading=readings_sentence([moment]), **kw)
    return due(
        _FOLLOW_UP_DUE(head=head, last=last),
        reading=readings_sentence([moment, EVIDENCE_READING]),
        **kw,
    )


# --------------------------------------------------------------------------- SW-CONTAINER-PLACEMENT


@dataclass(frozen=True)
class Placement:
    """Where a premises' containers go for collection, and why."""

    customer: str  # householder or commercial
    locations: tuple[str, ...]
    basis: Phrase  # why the containers go there, a clause of the findings
    part: str  # the subdivision of Ch. 50 containers that applies
    reading: Message | None = None


def customer_of(premises: Premises, ctx: Context, on: date) -> str | None:
    if premises.use in ctx.param("sw.householder_uses", on=on):
        return "householder"
    if premises.use in ctx.param("sw.commercial_customer_uses", on=on):
        return "commercial"
    if premises.use is None and premises.dwelling_units:
        return "householder"
    return None


def customer_reading(premises: Premises, customer: str) -> Message | None:
    if premises.use is None:
        return _DWELLINGS_NO_USE
    if customer == "commercial":
        return _COMMERCIAL_OCCUPANTS.get(premises.use)
    return None


_DWELLINGS_NO_USE = declare(
    "sw.reading.dwellings-no-use",
    "a premises with dwelling units and no recorded use is a householder's",
)()
#: the uses whose occupants are read as commercial customers, though people live there
_COMMERCIAL_OCCUPANTS = {
    use: declare(
        f"sw.reading.{use.replace('_', '-')}-commercial",
        f"the occupants of {kind} premises set out containers as commercial customers",
    )()
    for use, kind in (("mixed_use", "mixed-use"), ("hotel", "hotel"))
}


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
    reading = customer_reading(premises, customer)
    if customer == "householder":
        alley = tuple(ctx.param("sw.alley_locations", on=on))
        curb = tuple(ctx.param("sw.curb_locations", on=on))
        if premises.alley:
            found, basis, part = alley, _ON_ALLEY, "(B)(1)"
        elif premises.alley is False:
            found, basis, part = curb, _OFF_ALLEY, "(B)(2)"
        else:
            found, basis, part = alley + curb, _ALLEY_UNKNOWN, "(B)(1)-(2)"
        name = ref(ctx, premises, capital=premises.alley is not None)
        return Placement(
            customer,
            found,
            Phrase(basis(premises=name, places=place_choices(found))),
            part,
            reading,
        )
    rear = tuple(ctx.param("sw.rear_side_locations", on=on))
    curb = tuple(ctx.param("sw.curb_locations", on=on))
    access = _access_on(premises, on, ctx)
    if access is None:
        basis = _NO_ASSESSMENT(
            premises=ref(ctx, premises, capital=True), places=place_choices(rear + curb)
        )
        return Placement(customer, rear + curb, Phrase(basis), "(C)(1)-(2)", reading)
    if access.rear_or_side_accessible and access.damage_unlikely:
        make, found, part = _REAR_SAFE, rear, "(C)(1)"
    elif not access.rear_or_side_accessible:
        make, found, part = _REAR_INACCESSIBLE, curb, "(C)(2)"
    else:
        make, found, part = _REAR_UNSAFE, curb, "(C)(2)"
    basis = make(premises=ref(ctx, premises), date=Day(access.date), places=place_choices(found))
    return Placement(customer, found, Phrase(basis), part, reading)


_ON_ALLEY = declare(
    "sw.placement.on-alley",
    "{premises} is on a public alley, so its containers go {places}, all in one place",
)
_OFF_ALLEY = declare(
    "sw.placement.off-alley",
    "{premises} is not on a public alley, so its containers go {places}, all in one place",
)
_ALLEY_UNKNOWN = declare(
    "sw.placement.alley-unknown",
    "No public alley is recorded for {premises}, so its containers may go {places}, all in one "
    "place",
)
_NO_ASSESSMENT = declare(
    "sw.placement.no-assessment",
    "{premises} has no assessment on record of its access for the contractor's equipment, so "
    "its containers may go {places}, all in one place",
)
_REAR_SAFE = declare(
    "sw.placement.rear-safe",
    "The rear or side of {premises} is accessible and safe for the contractor's equipment "
    "(assessed {date}), so its containers go {places}, all in one place",
)
_REAR_INACCESSIBLE = declare(
    "sw.placement.rear-inaccessible",
    "The rear and side of {premises} are inaccessible to the contractor's equipment (assessed "
    "{date}), so its containers go {places}, all in one place",
)
_REAR_UNSAFE = declare(
    "sw.placement.rear-unsafe",
    "The rear and side of {premises} are unsafe for the contractor's equipment (assessed "
    "{date}), so its containers go {places}, all in one place",
)
_STOOD = declare("sw.placement.stood", "{basis}; for collection on {day} they stood {place}.")
_STOOD_APART = declare(
    "sw.placement.stood-apart",
    "{basis}; for collection on {day} some stood {place} and some {elsewhere}.",
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
    on = Day(set_out.collection_day)
    if location not in placement.locations:
        return violation(_STOOD(basis=placement.basis, day=on, place=place_word(location)), **kw)
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
            _STOOD_APART(
                basis=placement.basis,
                day=on,
                place=place_word(location),
                elsewhere=place_word(elsewhere),
            ),
            **kw,
        )
    return met(_STOOD(basis=placement.basis, day=on, place=place_word(location)), **kw)
