"""'65 Code §§ 6-8.117–6-8.118: a connection on the same lot, and a sewer in an
unaccepted street.
"""

from __future__ import annotations

from typing import Any

from sanitas.ordinance.engine import Context, Outcome, met, rule, violation
from sanitas.ordinance.permits.common import code
from sanitas.ordinance.words import capital, listing, name_of, namer, plural

# --------------------------------------------------------------------------- lots and streets


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
    where = capital(name_of(ctx, design))
    theirs = ("the lot" if len(own) == 1 else "the lots") + " of the building it serves"
    named = _addresses(own, ctx)
    if named:
        theirs += f" ({named})"
    if others:
        elsewhere = _addresses(others, ctx) or (
            "another lot" if len(others) == 1 else f"{plural(len(others), 'other lot')}"
        )
        return violation(
            f"{where} lies partly on {elsewhere}, but a connection may lie only on {theirs}.",
            subject=design.id,
        )
    return met(f"{where} lies only on {theirs}.", subject=design.id)


def _addresses(ids: list[str], ctx: Context) -> str | None:
    """The lots by address, or None where one has no address on record."""
    lots = [ctx.get(lot) for lot in ids]
    if any(lot is None or not lot.address for lot in lots):
        return None
    return listing(lot.address for lot in lots)


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
        failures.append("was not laid under the supervision of the Director or Chief Engineer")
    if not sewer.plans_approved:
        failures.append("was not laid to approved standard specifications, plans and profiles")
    where = capital(name_of(ctx, sewer))
    if sewer.street:
        where += ", a street the Council has not accepted,"
    design = name_of(ctx, sewer.design)
    if failures:
        return violation(
            f"{where} {listing(failures)}, so {design} may not connect it with the public sewer.",
            subject=sewer.design,
        )
    return met(
        f"{where} was laid under supervision to approved plans, so {design} may connect it "
        "with the public sewer.",
        subject=sewer.design,
    )


@namer("work_started")
def _start_name(ctx: Context, event: Any) -> str:
    return f"the start of work on {event.date}"


@namer("work_resumed")
def _resumption_name(ctx: Context, event: Any) -> str:
    return f"the resumption of work on {event.date}"


@namer("work_suspended")
def _suspension_name(ctx: Context, event: Any) -> str:
    return f"the suspension of work on {event.date}"
