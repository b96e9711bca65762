"""Ch. 50 SB 1383 haulers and facilities: haulers' reports and designated
facilities, and answers to the city's capacity requests.
"""

from __future__ import annotations

from datetime import date

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, deadline, met, rule
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Day, Phrase, Word, declare
from sanitas.ordinance.organics.common import is_a, named_facts, org_in_force
from sanitas.ordinance.organics.self_haulers import (
    STREAM_WORDS,
    destination,
    recovers_waste,
    report_deadline,
    reports_for,
    whose,
)
from sanitas.ordinance.organics.vocabulary import (
    CapacityRequest,
    Delivery,
    FacilityDesignation,
    Hauler,
)

# --------------------------------------------------------------------------- haulers

_FACILITIES_NOTICE = declare(
    "org.hauler-facilities.what",
    "{whose} written notice of the facilities it will use in {year}",
)


_FRANCHISE_BACKWARDS = declare(
    "org.problem.franchise-ends-before-start",
    "The franchise of {hauler} ends on {end}, before it starts on {start}.",
)
_FRANCHISED_ON_DUE_DAY = declare(
    "org.reading.franchised-on-due-day",
    "The notice for a year is owed by a hauler franchised on that year's January 31.",
)


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
            _FRANCHISE_BACKWARDS(hauler=ref(ctx, hauler), end=Day(end), start=Day(start)),
        )
        return None
    month, day = (int(part) for part in ctx.param("org.hauler_facilities_due").split("-"))
    reports = reports_for(hauler, "hauler_facilities", ctx, dated_in_period=False)
    reading = _FRANCHISED_ON_DUE_DAY() if start is not None or end is not None else None
    name = whose(ctx, hauler)
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
                Phrase(_FACILITIES_NOTICE(whose=name, year=str(year))),
                reading=reading,
            )
        )
    return out


_NAMED = declare("org.hauler-transport.named", "{hauler} named {facility} for {stream} in {period}")
_CONTAMINATED_LOAD = declare(
    "org.hauler-transport.contaminated",
    "{whose} load of {date} held prohibited container contaminants, so it need not go to a "
    "recovery facility.",
)


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
        lambda facility: _NAMED(
            hauler=ref(ctx, hauler, capital=True),
            facility=facility,
            stream=Word(STREAM_WORDS[designation.stream]),
            period=str(designation.period),
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
        return met(_CONTAMINATED_LOAD(whose=whose(ctx, hauler), date=Day(delivery.date)))
    return destination(delivery, ctx, ref(ctx, hauler, capital=True))


# --------------------------------------------------------------------------- facilities


_SHORTER = declare(
    "org.capacity.shorter",
    "the shorter date the request set ({days} day would be {standard})",
    plural="the shorter date the request set ({days} days would be {standard})",
    count="days",
)
_NOT_EXTENDED = declare(
    "org.capacity.not-extended",
    "{days} day after the request (its later date {own} does not extend them)",
    plural="{days} days after the request (its later date {own} does not extend them)",
    count="days",
)
_AFTER_REQUEST = declare(
    "org.capacity.after",
    "{days} day after the request",
    plural="{days} days after the request",
    count="days",
)


_ANSWER_DATE_BEFORE_REQUEST = declare(
    "org.problem.answer-date-before-request",
    "The capacity request of {date} to {subject} sets an answer date of {own}, before the "
    "request itself.",
)
_ANSWERED_BEFORE_REQUEST = declare(
    "org.problem.answered-before-request",
    "The answer to the capacity request of {date} to {subject} is dated {answered}, before "
    "the request.",
)


def capacity_due(
    request: CapacityRequest, ctx: Context, days_param: str = "org.capacity_response_days"
) -> tuple[date, Phrase]:
    """The answer's due date and why: the request + the pack's days, or the request's
    own earlier ``due_on``. A ``due_on`` before the request itself is a data problem
    (no date binds before the request existed): the standard days apply."""
    days = ctx.param(days_param, on=request.date)
    standard = add_days(request.date, days)
    within = Count(days)
    own = request.due_on
    if own is not None and own < request.date:
        ctx.data_problem(
            named_facts(request),
            _ANSWER_DATE_BEFORE_REQUEST(
                date=Day(request.date), subject=ref(ctx, request.subject), own=Day(own)
            ),
        )
        own = None
    if own is not None and own < standard:
        return own, Phrase(_SHORTER(days=within, standard=Day(standard)))
    if own is not None and own > standard:
        return standard, Phrase(_NOT_EXTENDED(days=within, own=Day(own)))
    return standard, Phrase(_AFTER_REQUEST(days=within))


def capacity_answered(request: CapacityRequest, ctx: Context) -> date | None:
    """The first answer to a capacity request; one dated before the request is a data
    problem and counts for nothing."""
    answered = None
    for answer in ctx.referring("capacity_response", "request", request.id):
        if answer.date < request.date:
            ctx.data_problem(
                named_facts(answer, request),
                _ANSWERED_BEFORE_REQUEST(
                    date=Day(request.date),
                    subject=ref(ctx, request.subject),
                    answered=Day(answer.date),
                ),
            )
            continue
        if answered is None or answer.date < answered:
            answered = answer.date
    return answered


#: how an answer stands against its due date: (answered, on time or not yet due)
_ANSWERED = {
    (True, True): declare("org.answered.on", "answered {date}"),
    (True, False): declare("org.answered.late", "answered late, on {date}"),
    (False, True): declare("org.answered.not-yet", "not yet answered"),
    (False, False): declare("org.answered.none", "no answer yet"),
}
_CAPACITY = {
    True: declare(
        "org.capacity.due",
        "The city's capacity request of {date} to {subject} is due {due}, {why}; {answered}.",
    ),
    False: declare(
        "org.capacity.was-due",
        "The city's capacity request of {date} to {subject} was due {due}, {why}; {answered}.",
    ),
}


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
    if answered is not None:
        tail = _ANSWERED[True, answered <= due_on](date=Day(answered))
    else:
        tail = _ANSWERED[False, ctx.as_of <= due_on]()
    return deadline(
        due_on=due_on,
        done_on=answered,
        as_of=ctx.as_of,
        explanation=_CAPACITY[answered is None and ctx.as_of <= due_on](
            date=Day(request.date),
            subject=ref(ctx, subject),
            due=Day(due_on),
            why=why,
            answered=Phrase(tail),
        ),
        cite="Ch. 50 SB 1383 facilities (B)" if composting else "Ch. 50 SB 1383 facilities (A)",
    )
