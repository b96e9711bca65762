"""'65 Code §§ 6-8.130–6-8.134 and § 6-8.103: materials, repairs, the inspection of
the work, manhole entry and the pipe layer's business licence.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, due, met, overdue, rule, violation
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Day, Items, Name, Phrase, Word, declare, vocabulary
from sanitas.ordinance.permits.administration import repair_outcome
from sanitas.ordinance.permits.common import (
    code,
    history,
    permit_events,
    runs,
    valid_permit,
)
from sanitas.ordinance.permits.design import material_word
from sanitas.ordinance.sewers.common import whose
from sanitas.ordinance.words import name_of

# --------------------------------------------------------------------------- materials, repairs

_SPEC_READING = declare(
    "sew.reading.standard-specifications",
    "Until the Council's adopted Standard Specifications are entered, the pipe materials "
    "of '65 Code § 6-8.119(B)(1) are taken as theirs.",
)()


_RUN_IS = declare("sew.materials.run-is", "{run} is {material}")
_NOT_STANDARD = declare(
    "sew.materials.violation",
    "{runs}, not a material of the city's Standard Specifications for sanitary sewers ({allowed}).",
)
_STANDARD = declare(
    "sew.materials.met",
    "Every run of the design is {allowed}, materials of the city's Standard Specifications.",
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
    listed = Items(tuple(material_word(m) for m in allowed), "or")
    bad = [r for r in all_runs if r.segment.material not in allowed]
    if bad:
        which = Items(
            tuple(
                Phrase(_RUN_IS(run=r.name, material=material_word(r.segment.material)), i == 0)
                for i, r in enumerate(bad)
            )
        )
        return violation(_NOT_STANDARD(runs=which, allowed=listed), reading=_SPEC_READING)
    return met(_STANDARD(allowed=listed), reading=_SPEC_READING)


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


#: what the last inspection found, with the defects it noted or without
_FOUND = {
    ("defective", noted): declare(
        "sew.inspection.defective" + ("-noted" if noted else ""),
        "The inspection of {date} found the work under {permit} defective"
        + (" ({defects})" if noted else "")
        + "; it must be removed or repaired to conform before approval.",
    )
    for noted in (False, True)
} | {
    ("obstructed", noted): declare(
        "sew.inspection.obstructed" + ("-noted" if noted else ""),
        "At the inspection of {date} the pipes under {permit} were covered"
        + (" ({defects})" if noted else "")
        + "; the covering must be removed so the inspection can be made.",
    )
    for noted in (False, True)
}
#: approved after an inspection that found the work defective or covered
_APPROVED_AFTER = {
    result: declare(
        f"sew.inspection.approved-after-{result}",
        "The work under {permit}, found " + result + " on {found}, was inspected and approved "
        "on {date}.",
    )
    for result in ("defective", "obstructed")
}
_APPROVED = declare(
    "sew.inspection.approved", "The work under {permit} was inspected and approved on {date}."
)


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
    args = {"date": Day(last.date), "permit": ref(ctx, permit)}
    if last.defects:
        args["defects"] = Name(last.defects)
    if last.result in ("defective", "obstructed"):
        return violation(_FOUND[last.result, bool(last.defects)](**args))
    flagged = [i for i in inspections if i.result != "approved"]
    if flagged:
        return met(
            _APPROVED_AFTER[flagged[-1].result](
                permit=args["permit"], found=Day(flagged[-1].date), date=Day(last.date)
            )
        )
    return met(_APPROVED(permit=args["permit"], date=Day(last.date)))


# --------------------------------------------------------------------------- manholes


_NO_PERMIT = declare("sew.manhole.no-permit", "{name} had no special permit.")
_INVALID_PERMIT = declare(
    "sew.manhole.invalid-permit", "{name} had no valid special permit: {problem}."
)
_UNDER_PERMIT = declare("sew.manhole.permitted", "{name} was under {permit}.")


@rule("SEW-MANHOLE-ENTRY", on="sewer_entry", cite=code("134"))
def manhole_entry(entry: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.134: "It shall be unlawful for any person to remove … or injure … any
    portion of any public sewer, flush tank, flushing manhole or manhole, or to open or
    enter … any public sewer, flush tank, flushing manhole or manhole, or to … take …
    any water from any flushing apparatus for any use whatever without first obtaining
    a permit from the Community Development Director to do so." """
    name = ref(ctx, entry, capital=True)
    if entry.permit is None:
        return violation(_NO_PERMIT(name=name))
    permit, problem = valid_permit(entry.permit, None, "special_manhole", entry.date, ctx)
    if problem is not None:
        return violation(_INVALID_PERMIT(name=name, problem=Phrase(problem)))
    return met(_UNDER_PERMIT(name=name, permit=ref(ctx, permit)))


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

_EXAMINED_WORK = declare(
    "sew.licence.examined",
    "{examined} was the city's examination of work already done",
    plural="{examined} were the city's examinations of work already done",
    count="count",
)
_UNRECORDED_LICENCE_READING = declare(
    "sew.reading.unrecorded-licence",
    "A named pipe layer's city business licence must be on record once work has started; "
    "until it is, showing it is overdue (the record's silence is not taken as no licence).",
)()


def _examined_after(permit: Any, ctx: Context, expires: date, on: date) -> Phrase | None:
    """A clause naming the city's examinations of the work under ``permit`` dated after
    ``expires``, by ``on`` (None when there are none): they show no work of the pipe
    layer's own."""
    events = [
        event
        for kind in _EXAMINED
        for event in permit_events(kind, permit, ctx)
        if expires < event.date <= on
    ]
    if not events:
        return None
    events.sort(key=lambda event: (event.date, name_of(ctx, event)))
    named = Items(tuple(ref(ctx, event) for event in events))
    return Phrase(_EXAMINED_WORK(examined=named, count=Count(len(events))))


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


_PIPE_LAYER = "the pipe layer"
vocabulary(_PIPE_LAYER)
_UNRECORDED = declare(
    "sew.licence.unrecorded",
    "No city business licence is on record for {who}, who has laid sewer under {permit} since "
    "{date}; the licence must be shown before sewer is laid.",
)
_EXPIRED_WORK = declare(
    "sew.licence.expired-work",
    "{holder} city business licence expired on {expires}, but {record} shows sewer work under "
    "{permit} after it.",
)
_RUNS_TO = declare(
    "sew.licence.runs-to",
    "{holder} city business licence runs to {expires}, covering the work under {permit} since "
    "{date}.",
)
_UNDER_WAY = (
    "{holder} city business licence expired on {expires} while the work under {permit} was "
    "under way; no work by {who} is recorded since, and none may be done until the licence is "
    "renewed"
)
_EXPIRED_UNDER_WAY = declare("sew.licence.expired-under-way", _UNDER_WAY + ".")
_EXPIRED_UNDER_WAY_EXAMINED = declare(
    "sew.licence.expired-under-way-examined", _UNDER_WAY + "; {examined}."
)
#: how the work recorded under a permit came to an end
_SUSPENDED = declare("sew.licence.ended-suspended", "was suspended on {date}")
_FINALED = declare("sew.licence.ended-finaled", "was finaled on {date}")
_VOIDED = declare("sew.licence.ended-void", "stopped when the permit became void on {date}")
#: a permit whose work was recorded resumed but never started: no day it became void
_STOPPED = declare("sew.licence.ended-unrecorded", "stopped with no later record")
#: the days the work was recorded: one, or from the first to the last
_ON = declare("sew.licence.on", "on {date}")
_FROM = declare("sew.licence.from", "from {first} to {last}")
_RAN = (
    "{holder} city business licence ran to {expires}, and no work by {who} under {permit} is "
    "recorded after it: the work, recorded {span}, {ended}"
)
_RAN_TO = declare("sew.licence.ran-to", _RAN + ".")
_RAN_TO_EXAMINED = declare("sew.licence.ran-to-examined", _RAN + "; {examined}.")


_EXPIRES_SOON = declare(
    "sew.licence.expires-soon",
    "{holder} city business licence runs to {expires}, and the work under {permit} may go on "
    "after it; no sewer may be laid under it after that day unless the licence is renewed.",
)
_EXPIRES_SOON_BEFORE_WORK = declare(
    "sew.licence.expires-soon-before-work",
    "{holder} city business licence runs to {expires}; work under {permit} has not started, "
    "and no sewer may be laid under it after that day unless the licence is renewed.",
)
_EXPIRED_BEFORE_WORK = declare(
    "sew.licence.expired-before-work",
    "{holder} city business licence expired on {expires}; work under {permit} has not "
    "started, and no sewer may be laid under it until the licence is renewed.",
)
#: the messages that warn of a contractor's licence about to end or ended while work
#: under the permit may still be done (a permit's page shows them as its warning)
LICENCE_WARNINGS = frozenset(
    {
        "sew.licence.expires-soon",
        "sew.licence.expires-soon-before-work",
        "sew.licence.expired-before-work",
        "sew.licence.expired-under-way",
        "sew.licence.expired-under-way-examined",
        "sew.licence.expired-work",
        "sew.licence.unrecorded",
    }
)


def pipe_layer(permit: Any, ctx: Context) -> tuple[str | None, date | None, Any]:
    """Who lays the sewer under ``permit`` and the last day of their city business
    licence, with the contractor's record they are read from: the contractor on record
    the permit names as its pipe layer; for a permit that names none (one recorded
    before contractors were records), the name and expiry typed on the permit itself,
    read as they always were (record None)."""
    if permit.pipe_layer:
        record = ctx.get(permit.pipe_layer)
        if record is not None and record.type == "contractor":
            return record.name, record.license_expires_on, record
    return permit.contractor, permit.contractor_license_expires_on, None


def _warning(
    permit: Any, ctx: Context, on: date, expires: date | None, record: Any, started: bool
) -> Outcome | None:
    """The warning of a contractor's licence on record that ends within the pack's
    ``sew.licence_warning_days`` of ``on`` (or has ended before work started) while work
    under ``permit`` may still be done; None where there is nothing to warn of. A licence
    typed on the permit itself is read as it always was, without a warning."""
    if record is None or expires is None:
        return None
    state = history(permit, ctx, on)
    if state.status not in ("issued", "active"):
        return None
    args = {
        "holder": whose(Name(record.name, capital=True), record.name),
        "expires": Day(expires),
        "permit": ref(ctx, permit),
    }
    if expires < on:
        return None if started else due(_EXPIRED_BEFORE_WORK(**args), due=expires)
    if (expires - on).days > ctx.param("sew.licence_warning_days"):
        return None
    said = _EXPIRES_SOON(**args) if started else _EXPIRES_SOON_BEFORE_WORK(**args)
    return due(said, due=expires)


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
    contractor, expires, record = pipe_layer(permit, ctx)
    if first is None:
        return _warning(permit, ctx, on, expires, record, started=False)
    name = ref(ctx, permit)
    if contractor:
        who, holder = Name(contractor), Name(contractor, capital=True)
    else:
        who, holder = Word(_PIPE_LAYER), Word(_PIPE_LAYER, capital=True)
    if expires is None:
        if contractor is None or not ctx.param("sew.unrecorded_license_fails"):
            return None
        return overdue(
            _UNRECORDED(who=who, permit=name, date=Day(first)),
            due=first,
            reading=_UNRECORDED_LICENCE_READING,
        )
    licence = {
        "holder": whose(holder, contractor or _PIPE_LAYER),
        "expires": Day(expires),
        "permit": name,
    }
    after = [event for day, event in work if day > expires]
    if after:
        return violation(_EXPIRED_WORK(**licence, record=ref(ctx, after[0])))
    going_on = state.status == "active" and state.suspended_on is None
    last = max([first, *(d for d, _ in work)])
    if expires >= on:
        warned = _warning(permit, ctx, on, expires, record, started=True)
        return warned or met(_RUNS_TO(**licence, date=Day(first)))
    examined = _examined_after(permit, ctx, expires, on)
    if going_on:
        if examined is None:
            return due(_EXPIRED_UNDER_WAY(**licence, who=who), due=expires)
        return due(_EXPIRED_UNDER_WAY_EXAMINED(**licence, who=who, examined=examined), due=expires)
    if state.suspended_on:
        ended = _SUSPENDED(date=Day(state.suspended_on))
    elif state.finaled_on:
        ended = _FINALED(date=Day(state.finaled_on))
    elif state.void_from is not None:
        ended = _VOIDED(date=Day(state.void_from))
    else:
        # the history of a permit whose work was recorded resumed but never started has
        # no day it became void (the sentence once said "void on None")
        ended = _STOPPED()
    span = _ON(date=Day(first)) if first == last else _FROM(first=Day(first), last=Day(last))
    ran = {**licence, "who": who, "span": Phrase(span), "ended": Phrase(ended)}
    if examined is None:
        return met(_RAN_TO(**ran))
    return met(_RAN_TO_EXAMINED(**ran, examined=examined))


@rule("SEW-PIPE-LAYER-LICENSE", on="permit", cite=code("103"))
def pipe_layer_license_rule(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.103: "It shall be unlawful for any person to lay, or to engage in or carry
    on the business of laying, sewers on private premises within the city unless such
    person shall have first obtained a city business license." """
    return pipe_layer_license(permit, ctx)
