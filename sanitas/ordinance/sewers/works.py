"""'65 Code §§ 6-8.130–6-8.134 and § 6-8.103: materials, repairs, the inspection of
the work, manhole entry and the pipe layer's business licence.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, due, met, overdue, rule, violation
from sanitas.ordinance.permits.administration import repair_outcome
from sanitas.ordinance.permits.common import (
    any_of,
    code,
    history,
    permit_events,
    runs,
    valid_permit,
)
from sanitas.ordinance.words import capital, listing, name_of, possessive, words

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
