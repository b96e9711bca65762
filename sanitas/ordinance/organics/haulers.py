"""Ch. 50 SB 1383 haulers and facilities: haulers' reports and designated
facilities, and answers to the city's capacity requests.
"""

from __future__ import annotations

from datetime import date

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, deadline, met, rule
from sanitas.ordinance.organics.common import (
    is_a,
    named_facts,
    org_in_force,
    tail_words,
    thing_name,
)
from sanitas.ordinance.organics.self_haulers import (
    STREAM_WORDS,
    destination,
    recovers_waste,
    report_deadline,
    reports_for,
)
from sanitas.ordinance.organics.vocabulary import (
    CapacityRequest,
    Delivery,
    FacilityDesignation,
    Hauler,
)
from sanitas.ordinance.words import name_of, plural, possessive

# --------------------------------------------------------------------------- haulers


@rule("ORG-HAULER-FACILITIES", on="hauler")
def hauler_facilities_notice(hauler: Hauler, ctx: Context):
    """Haulers (A)(1): "Through written notice to the city annually on or before January
    31, identify the facilities to which they will transport organic waste". Reading:
    the notice for a year is owed by a hauler franchised on that year's January 31."""
    if not hauler.franchised or not org_in_force(ctx):
        return None
    start, end = hauler.franchise_start, hauler.franchise_end
    if start is not None and end is not None and end < start:
        ctx.data_problem(
            named_facts(hauler),
            f"The franchise of {name_of(ctx, hauler)} ends on {end}, before it starts on {start}.",
        )
        return None
    month, day = (int(part) for part in ctx.param("org.hauler_facilities_due").split("-"))
    reports = reports_for(hauler, "hauler_facilities", ctx, dated_in_period=False)
    reading = (
        "The notice for a year is owed by a hauler franchised on that year's January 31."
        if start is not None or end is not None
        else None
    )
    name = possessive(thing_name(ctx, hauler))
    out = []
    for year in range(ctx.param("org.in_force").year, ctx.as_of.year + 1):
        due_on = date(year, month, day)
        if start is not None and start > due_on:
            continue
        if end is not None and end < due_on:
            continue
        out.append(
            report_deadline(
                reports,
                str(year),
                due_on,
                ctx,
                f"{name} written notice of the facilities it will use in {year}",
                reading=reading,
            )
        )
    return out


@rule("ORG-HAULER-TRANSPORT", on="facility_designation", cite="Ch. 50 SB 1383 haulers (A)(2)")
def hauler_designated_facility(designation: FacilityDesignation, ctx: Context):
    """Haulers (A)(2): "Transport source separated recyclable materials, source separated
    green container organic waste and any other eligible waste to a facility, operation,
    activity, or property that recovers organic waste"."""
    hauler = ctx.get(designation.hauler)
    if not hauler.franchised or not org_in_force(ctx, designation.date):
        return None
    return recovers_waste(
        designation.stream,
        designation.facility,
        ctx,
        lambda name: (
            f"{thing_name(ctx, hauler)} named {name} for "
            f"{STREAM_WORDS[designation.stream]} in {designation.period}"
        ),
    )


@rule("ORG-HAULER-TRANSPORT", on="delivery", cite="Ch. 50 SB 1383 haulers (A)(2)")
def hauler_delivery(delivery: Delivery, ctx: Context):
    """Haulers (A)(2): "… hauler shall not be required to transport any containers with
    prohibited container contaminants to a facility … that recovers organic waste"."""
    hauler = ctx.get(delivery.hauled_by)
    if not is_a(hauler, "hauler") or not hauler.franchised:
        return None
    if not org_in_force(ctx, delivery.date):
        return None
    if delivery.contaminated:
        return met(
            f"{possessive(thing_name(ctx, hauler))} load of {delivery.date} held prohibited "
            "container contaminants, so it need not go to a recovery facility."
        )
    return destination(delivery, ctx, thing_name(ctx, hauler))


# --------------------------------------------------------------------------- facilities


def capacity_due(
    request: CapacityRequest, ctx: Context, days_param: str = "org.capacity_response_days"
) -> tuple[date, str]:
    """The answer's due date and why: the request + the pack's days, or the request's
    own earlier ``due_on``. A ``due_on`` before the request itself is a data problem
    (no date binds before the request existed): the standard days apply."""
    days = ctx.param(days_param, on=request.date)
    standard = add_days(request.date, days)
    within = plural(days, "day")
    own = request.due_on
    if own is not None and own < request.date:
        ctx.data_problem(
            named_facts(request),
            f"The capacity request of {request.date} to {name_of(ctx, request.subject)} sets an "
            f"answer date of {own}, before the request itself.",
        )
        own = None
    if own is not None and own < standard:
        return own, f"the shorter date the request set ({within} would be {standard})"
    if own is not None and own > standard:
        return standard, f"{within} after the request (its later date {own} does not extend them)"
    return standard, f"{within} after the request"


def capacity_answered(request: CapacityRequest, ctx: Context) -> date | None:
    """The first answer to a capacity request; one dated before the request is a data
    problem and counts for nothing."""
    answered = None
    for answer in ctx.referring("capacity_response", "request", request.id):
        if answer.date < request.date:
            ctx.data_problem(
                named_facts(answer, request),
                f"The answer to the capacity request of {request.date} to "
                f"{name_of(ctx, request.subject)} is dated {answer.date}, before the request.",
            )
            continue
        if answered is None or answer.date < answered:
            answered = answer.date
    return answered


@rule("ORG-FACILITY-CAPACITY", on="capacity_request")
def facility_capacity_answer(request: CapacityRequest, ctx: Context):
    """Facilities (A)-(B): owners of facilities that recover organic waste and community
    composting operators, "upon the city's request, provide information regarding
    available and potential new or expanded capacity … Entities contacted by the city
    shall respond within 60 days"."""
    if request.kind != "organic_waste" or not org_in_force(ctx, request.date):
        return None
    due_on, why = capacity_due(request, ctx)
    answered = capacity_answered(request, ctx)
    subject = ctx.get(request.subject)
    composting = is_a(subject, "facility") and subject.kind == "community_composting"
    verb = "is due" if answered is None and ctx.as_of <= due_on else "was due"
    return deadline(
        due_on=due_on,
        done_on=answered,
        as_of=ctx.as_of,
        explanation=f"The city's capacity request of {request.date} to {name_of(ctx, subject)} "
        f"{verb} {due_on}, {why}; "
        f"{tail_words(answered, due_on, ctx, 'answered', 'no answer yet')}.",
        cite="Ch. 50 SB 1383 facilities (B)" if composting else "Ch. 50 SB 1383 facilities (A)",
    )
