"""'65 Code §§ 6-8.117–6-8.118: a connection on the same lot, and a sewer in an
unaccepted street.
"""

from __future__ import annotations

from typing import Any

from sanitas.ordinance.engine import Context, Outcome, met, rule, violation
from sanitas.ordinance.general.common import ref, ref_namer
from sanitas.ordinance.messages import Count, Day, Items, Name, Phrase, declare
from sanitas.ordinance.permits.common import code
from sanitas.ordinance.words import namer

# --------------------------------------------------------------------------- lots and streets

#: the lots a connection may lie on, with or without their addresses
_THEIRS = {
    False: declare(
        "prm.lot.theirs",
        "the lot of the building it serves",
        plural="the lots of the building it serves",
        count="count",
    ),
    True: declare(
        "prm.lot.theirs-at",
        "the lot of the building it serves ({addresses})",
        plural="the lots of the building it serves ({addresses})",
        count="count",
    ),
}
_OTHER_LOTS = declare("prm.lot.others", "another lot", plural="{count} other lots", count="count")
_PARTLY_ELSEWHERE = declare(
    "prm.lot.violation",
    "{design} lies partly on {elsewhere}, but a connection may lie only on {theirs}.",
)
_ONLY_THEIRS = declare("prm.lot.met", "{design} lies only on {theirs}.")


@rule("PRM-SAME-LOT", on="connection_route", cite=code("118(A)"))
def same_lot(route: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.118(A): "No connection from any building or structure shall be made to any
    public sewer, which connection, or any portion thereof, shall be in, under, or upon
    any lot other than the lot on which such building or structure is located." (B): a
    house-court's buildings may share one private sewer on the house-court's parcel."""
    design = ctx.get(route.design)
    permit = ctx.get(design.permit)
    own = route.building_lots or ([permit.premises] if permit and permit.premises else None)
    if not own:
        return None
    others = [lot for lot in route.lots if lot not in own]
    where = ref(ctx, design, capital=True)
    named = _addresses(own, ctx)
    at = {"addresses": named} if named else {}
    theirs = Phrase(_THEIRS[bool(named)](count=Count(len(own)), **at))
    if others:
        elsewhere = _addresses(others, ctx) or Phrase(_OTHER_LOTS(count=Count(len(others))))
        return violation(
            _PARTLY_ELSEWHERE(design=where, elsewhere=elsewhere, theirs=theirs), subject=design.id
        )
    return met(_ONLY_THEIRS(design=where, theirs=theirs), subject=design.id)


def _addresses(ids: list[str], ctx: Context) -> Items | None:
    """The lots by address, or None where one has no address on record."""
    lots = [ctx.get(lot) for lot in ids]
    if any(lot is None or not lot.address for lot in lots):
        return None
    return Items(tuple(Name(lot.address) for lot in lots))


_UNSUPERVISED = declare(
    "prm.street.unsupervised",
    "was not laid under the supervision of the Director or Chief Engineer",
)
_PLANS_UNAPPROVED = declare(
    "prm.street.plans-unapproved",
    "was not laid to approved standard specifications, plans and profiles",
)
#: the sewer named, and where it is in a named street, that the street is not accepted
_NOT_TO_CONNECT = {
    False: declare(
        "prm.street.violation",
        "{sewer} {failures}, so {design} may not connect it with the public sewer.",
    ),
    True: declare(
        "prm.street.violation-in-street",
        "{sewer}, a street the Council has not accepted, {failures}, so {design} may not "
        "connect it with the public sewer.",
    ),
}
_MAY_CONNECT = {
    False: declare(
        "prm.street.met",
        "{sewer} was laid under supervision to approved plans, so {design} may connect it with "
        "the public sewer.",
    ),
    True: declare(
        "prm.street.met-in-street",
        "{sewer}, a street the Council has not accepted, was laid under supervision to approved "
        "plans, so {design} may connect it with the public sewer.",
    ),
}


@rule("PRM-UNACCEPTED-STREET", on="unaccepted_street_sewer", cite=code("117"))
def unaccepted_street(sewer: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.117: no sewer built in a street, alley, right-of-way or other public place
    "prior to the dedication and acceptance of such street … by the Council" may be
    connected with a public sewer "unless such sewer … shall have been laid under the
    supervision and to the satisfaction of the Community Development Director or the
    Chief Engineer and in accordance with the standard specifications and plans and
    profiles approved by" them."""
    failures = []
    if not sewer.supervised:
        failures.append(Phrase(_UNSUPERVISED()))
    if not sewer.plans_approved:
        failures.append(Phrase(_PLANS_UNAPPROVED()))
    where = ref(ctx, sewer, capital=True)
    design = ref(ctx, sewer.design)
    in_street = bool(sewer.street)
    if failures:
        return violation(
            _NOT_TO_CONNECT[in_street](sewer=where, failures=Items(tuple(failures)), design=design),
            subject=sewer.design,
        )
    return met(_MAY_CONNECT[in_street](sewer=where, design=design), subject=sewer.design)


#: the events of a permit's work, by the day they were recorded
_WORK_EVENTS = {
    "work_started": declare("prm.name.work-started", "the start of work on {date}"),
    "work_resumed": declare("prm.name.work-resumed", "the resumption of work on {date}"),
    "work_suspended": declare("prm.name.work-suspended", "the suspension of work on {date}"),
}


def _event_ref(ctx: Context, event: Any, capital: bool = False) -> Phrase:
    return Phrase(_WORK_EVENTS[event.type](date=Day(event.date)), capital=capital)


def _event_name(ctx: Context, event: Any) -> str:
    return _event_ref(ctx, event).render("en")


for _type in _WORK_EVENTS:
    ref_namer(_type)(_event_ref)
    namer(_type)(_event_name)
