"""Ch. 50 SB 1383 enforcement (D)(3) and (D)(6): contamination, its cart tags and
notices, consecutive occasions, and the hauler's contamination charge
(ORG-CONTAMINATION-NOV, ORG-HAULER-CONTAMINATION-CHARGE).
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import date

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.enforcement.common import (
    enforcement_cite,
    is_contamination_requirement,
    kind_ref,
    kinds_ref,
    ordinal_ref,
)
from sanitas.ordinance.engine import Context, Outcome, deadline, derived, met, rule, violation
from sanitas.ordinance.general import Inspection, Notice, inspections_for, memo
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Phrase,
    Word,
    declare,
    reading_sentences,
    vocabulary,
)

# --------------------------------------------------------------------------- contamination

_BEFORE_OPENING = declare(
    "enf.problem.contamination-before-opening",
    "{inspection} found contamination at {subject}, which opened only on {date}.",
)


def _organics_inspections(subject: str, ctx: Context) -> list[Inspection]:
    return inspections_for(subject, "organics", ctx)


def _before_opening(inspection: Inspection, ctx: Context) -> bool:
    """A contamination recorded at a business before it opened: a data problem."""
    subject = ctx.get(inspection.subject)
    opened = getattr(subject, "opened_on", None) if subject is not None else None
    if opened is None or inspection.date >= opened:
        return False
    ctx.data_problem(
        [inspection, subject],
        _BEFORE_OPENING(
            inspection=ref(ctx, inspection, capital=True),
            subject=ref(ctx, subject),
            date=Day(opened),
        ),
    )
    return True


def _counts(inspection: Inspection, ctx: Context) -> bool:
    """A contamination observation the enforcement rules count: an organics (or
    unnamed-program) inspection from the SB 1383 start that recorded the check, at a
    subject that existed then."""
    return (
        inspection.contamination is not None
        and inspection.program in (None, "organics")
        and inspection.date >= ctx.param("org.in_force")
        and not _before_opening(inspection, ctx)
    )


def contamination_days(subject: str, ctx: Context) -> dict[date, bool]:
    """Each day the subject's containers were checked for contamination (from the
    SB 1383 start) → whether contamination was found that day."""

    def compute() -> dict[date, bool]:
        days: dict[date, bool] = {}
        for inspection in _organics_inspections(subject, ctx):
            if not _counts(inspection, ctx):
                continue
            days[inspection.date] = days.get(inspection.date, False) or inspection.contamination
        return days

    return memo(ctx, ("contamination_days", subject), compute)


def consecutive_occasions(subject: str, ctx: Context) -> dict[date, int]:
    """Each contaminated day → how many consecutive contaminated days end with it (a
    day checked clean starts the count again)."""

    def compute() -> dict[date, int]:
        run, out = 0, {}
        for when, contaminated in sorted(contamination_days(subject, ctx).items()):
            run = run + 1 if contaminated else 0
            if contaminated:
                out[when] = run
        return out

    return memo(ctx, ("consecutive_occasions", subject), compute)


FINE_READING = declare(
    "enf.reading.fines-from",
    "Contamination processing fines may be assessed from the {nth} consecutive occasion: "
    'the words say both "on more than three consecutive occasion(s)" and "on the third '
    'such occasion", and the operative clause is read.',
)
_EDUCATION_READING = declare(
    "enf.reading.education-material",
    "In the education period, educational material answers a contamination as a cart tag would.",
)()


@derived("contamination_occasion", on="inspection", requirement="ORG-CONTAMINATION-NOV")
def contamination_occasion(inspection: Inspection, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (D)(3): "If the city and/or their designee observes
    prohibited container contaminants in a generator's containers on more than three
    consecutive occasion(s) …". The consecutive occasion this inspection's day is (1,
    2, 3 …; all inspections of one day are one occasion), 0 when the containers were
    checked clean, null when contamination was not recorded."""
    if not _counts(inspection, ctx):
        return None
    if not inspection.contamination:
        return 0
    return consecutive_occasions(inspection.subject, ctx)[inspection.date]


@derived("contamination_fine_eligible", on="inspection", requirement="ORG-CONTAMINATION-NOV")
def contamination_fine_eligible(inspection: Inspection, ctx: Context) -> bool | None:
    """(D)(3): "… may assess contamination processing fines or contamination penalties
    on the generator on the third such occasion." Reading (pack
    ``enf.contamination_fine_occasion``): from the third consecutive occasion."""
    occasion = ctx.derived("contamination_occasion", inspection)
    if occasion is None:
        return None
    return occasion >= ctx.param("enf.contamination_fine_occasion", on=inspection.date)


def _answers_contamination(notice: Notice, on: date, ctx: Context) -> bool:
    """A notice that answers a contamination found on ``on``: of an accepted kind (pack
    ``enf.contamination_notice_kinds``) and naming a contamination requirement."""
    kinds = ctx.param("enf.contamination_notice_kinds", on=on)
    return notice.kind in kinds and is_contamination_requirement(notice.requirement, ctx, on)


def contamination_notices(subject: str, ctx: Context) -> dict[date, list[Notice]]:
    """The notices answering each contaminated day: a contamination notice answers the
    latest contaminated day on or before its issue."""

    def compute() -> dict[date, list[Notice]]:
        days = sorted(consecutive_occasions(subject, ctx))
        out: dict[date, list[Notice]] = {}
        for notice in ctx.referring("notice", "subject", subject):
            index = bisect_right(days, notice.issued_on) - 1
            if index < 0:
                continue
            found_on = days[index]
            if _answers_contamination(notice, found_on, ctx):
                out.setdefault(found_on, []).append(notice)
        return out

    return memo(ctx, ("contamination_notices", subject), compute)


def _same_day(inspection: Inspection, ctx: Context, *, by_hauler: bool = False) -> list[Inspection]:
    return [
        other
        for other in _organics_inspections(inspection.subject, ctx)
        if other.date == inspection.date
        and other.contamination
        and (other.by_hauler or not by_hauler)
        and _counts(other, ctx)
    ]


_FOUND = "Contamination was found in the containers of {who}"
_FINES = ", so contamination processing fines may be assessed"
_OCCASION = " on {date}, the {nth} consecutive occasion"
_BY_HAULER = " by the hauler on {date}"
#: how the contamination was found, by whether the hauler found it and whether fines
#: may be assessed
_FOUND_BY = {
    (False, False): declare("enf.contamination.found", _FOUND + _OCCASION),
    (False, True): declare("enf.contamination.found-fines", _FOUND + _OCCASION + _FINES),
    (True, False): declare(
        "enf.contamination.found-by-hauler", _FOUND + " by the hauler on {date}"
    ),
    (True, True): declare(
        "enf.contamination.found-by-hauler-fines",
        _FOUND + " by the hauler on {date}, the {nth} consecutive occasion" + _FINES,
    ),
}
_NOTICE_DUE = declare("enf.contamination.due", "a {wanted} is due by {due}")
_NOTICE_NONE = declare("enf.contamination.none", "no {wanted} was issued by {due}")
_NOTICE_FOLLOWED = declare(
    "enf.contamination.followed",
    "{notice} followed within {days} day",
    plural="{notice} followed within {days} days",
    count="days",
)
#: the English says "2-day" whatever the number; the catalogs by the plural
_NOTICE_LATE = declare(
    "enf.contamination.late",
    "{notice} came after the {days}-day deadline of {due}",
    plural="{notice} came after the {days}-day deadline of {due}",
    count="days",
)
_CONTAMINATION = declare("enf.contamination.notice", "{found}; {tail}.")
#: the hauler's own notice, (D)(6), where the accepted kinds name a notice of violation
_HAULER_NOTICE = "other notice of contamination"
vocabulary(_HAULER_NOTICE)


@rule("ORG-CONTAMINATION-NOV", on="inspection")
def contamination_nov(inspection: Inspection, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(3): "the city and/or designee will issue a Notice
    of Violation to any generator found to have prohibited container contaminants in
    a container. Such notice will be provided via a cart tag or other communication
    immediately upon identification of the prohibited container contaminants or
    within two days after determining that a violation has occurred. If the city
    and/or their designee observes prohibited container contaminants in a
    generator's containers on more than three consecutive occasion(s), the city
    and/or their designee may assess contamination processing fines or contamination
    penalties on the generator on the third such occasion." (D)(6): "for incidences of
    prohibited container contaminants found by a hauler in containers, hauler will
    issue a notice of contamination … within two days".

    Subject: the inspection's subject, one finding per contaminated day; due the day
    found + 2 days; met by a notice of an accepted kind (cart tag or NOV; during the
    education period also educational material) naming a contamination requirement,
    late when it came after the 2 days. No 60-day clock follows ((D)(4))."""
    if not inspection.contamination or not _counts(inspection, ctx):
        return None
    same_day = _same_day(inspection, ctx)
    if same_day[0] is not inspection:
        return None  # one occasion per day
    found_on = inspection.date
    days = ctx.param("enf.contamination_notice_days", on=found_on)
    due_on = add_days(found_on, days)
    occasion = consecutive_occasions(inspection.subject, ctx)[found_on]
    fine_from = ctx.param("enf.contamination_fine_occasion", on=found_on)
    by_hauler = any(other.by_hauler for other in same_day)
    kinds = ctx.param("enf.contamination_notice_kinds", on=found_on)
    if by_hauler:
        # (D)(6): the hauler's own notice of contamination; the consecutive count is
        # (D)(3)'s, told only where it lets the city assess fines
        wanted = Items(
            tuple(Word(_HAULER_NOTICE) if k == "nov" else kind_ref(k) for k in kinds), "or"
        )
    else:
        wanted = kinds_ref(kinds)
    reading = None
    fines = occasion >= fine_from
    found = {"who": ref(ctx, inspection.subject), "date": Day(found_on)}
    if fines or not by_hauler:
        found["nth"] = ordinal_ref(occasion)
    if fines:
        reading = FINE_READING(nth=ordinal_ref(fine_from))
    if "education" in kinds:
        reading = reading_sentences(reading, _EDUCATION_READING)
    notices = contamination_notices(inspection.subject, ctx).get(found_on, [])
    first = min(notices, key=lambda n: n.issued_on) if notices else None
    if first is None and ctx.as_of <= due_on:
        tail = _NOTICE_DUE(wanted=wanted, due=Day(due_on))
    elif first is None:
        tail = _NOTICE_NONE(wanted=wanted, due=Day(due_on))
    elif first.issued_on <= due_on:
        tail = _NOTICE_FOLLOWED(notice=ref(ctx, first), days=Count(days))
    else:
        tail = _NOTICE_LATE(notice=ref(ctx, first), days=days, due=Day(due_on))
    return deadline(
        due_on=due_on,
        done_on=first.issued_on if first is not None else None,
        as_of=ctx.as_of,
        explanation=_CONTAMINATION(
            found=Phrase(_FOUND_BY[by_hauler, fines](**found), capital=True), tail=Phrase(tail)
        ),
        subject=inspection.subject,
        reading=reading,
        cite=enforcement_cite("(D)(6)" if by_hauler else "(D)(3)"),
    )


def hauler_occasions(subject: str, year: int, ctx: Context) -> list[date]:
    """The days of ``year`` the hauler found contamination in the subject's containers."""

    def compute() -> list[date]:
        days = {
            inspection.date
            for inspection in _organics_inspections(subject, ctx)
            if inspection.by_hauler
            and inspection.contamination
            and inspection.date.year == year
            and _counts(inspection, ctx)
        }
        return sorted(days)

    return memo(ctx, ("hauler_occasions", subject, year), compute)


@derived(
    "hauler_contamination_count", on="inspection", requirement="ORG-HAULER-CONTAMINATION-CHARGE"
)
def hauler_contamination_count(inspection: Inspection, ctx: Context) -> int | None:
    """(D)(6): "If a hauler observes prohibited container contaminants in a
    generator's containers on more than two occasion(s) every calendar year starting
    January 1 …". For a contamination the hauler found: how many days of that
    calendar year, up to and including this one, it found contamination; else null."""
    if not (inspection.by_hauler and inspection.contamination and _counts(inspection, ctx)):
        return None
    days = hauler_occasions(inspection.subject, inspection.date.year, ctx)
    return days.index(inspection.date) + 1


_SEEN = "The hauler found contamination in the containers of {who} on {count} day"
_SEEN_MANY = "The hauler found contamination in the containers of {who} on {count} days"
_OF_YEAR = " of {year} ({days})"
_CHARGE_MAY = (
    ", more than {limit}, so it may assess a contamination service charge under its rate "
    "schedule; the charge is not a fine, and disputes go to the franchise complaint process."
)
_CHARGE_NOT = ", not more than {limit}, so no contamination service charge may be assessed."
_HAULER_CHARGE = declare(
    "enf.hauler-charge.may",
    _SEEN + _OF_YEAR + _CHARGE_MAY,
    plural=_SEEN_MANY + _OF_YEAR + _CHARGE_MAY,
    count="count",
)
_HAULER_NO_CHARGE = declare(
    "enf.hauler-charge.not",
    _SEEN + _OF_YEAR + _CHARGE_NOT,
    plural=_SEEN_MANY + _OF_YEAR + _CHARGE_NOT,
    count="count",
)


@rule("ORG-HAULER-CONTAMINATION-CHARGE", on="inspection", cite=enforcement_cite("(D)(6)"))
def hauler_contamination_charge(inspection: Inspection, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(6): "If a hauler observes prohibited container
    contaminants in a generator's containers on more than two occasion(s) every
    calendar year starting January 1, the hauler shall have the right to assess a
    contamination service charge on the generator … The foregoing contamination
    service charge shall not be considered an administrative fine or penalty."

    One finding per subject and calendar year (period "YYYY"), decided at the year's
    last such day: met while the hauler has found contamination on no more than two
    days that year; a violation once it has on more, when the charge may be
    assessed."""
    count = ctx.derived("hauler_contamination_count", inspection)
    if count is None:
        return None
    year = inspection.date.year
    days = hauler_occasions(inspection.subject, year, ctx)
    if (
        inspection.date != days[-1]
        or _same_day(inspection, ctx, by_hauler=True)[0] is not inspection
    ):
        return None
    limit = ctx.param("enf.hauler_charge_after_occasions", on=inspection.date)
    seen = {
        "who": ref(ctx, inspection.subject),
        "count": Count(len(days)),
        "year": str(year),
        "days": Items(tuple(Day(d) for d in days)),
        "limit": limit,
    }
    made = _HAULER_CHARGE if len(days) > limit else _HAULER_NO_CHARGE
    return (violation if len(days) > limit else met)(
        made(**seen), period=str(year), subject=inspection.subject
    )
