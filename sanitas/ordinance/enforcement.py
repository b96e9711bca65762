"""Chapter 50, SB 1383 enforcement (Ord. 680): notices of violation, contamination,
citations, penalties, extensions, appeals, and the education period.

The clocks of the enforcement process, one function per requirement:

- a contamination found at an inspection opens ORG-CONTAMINATION-NOV (a cart tag
  or notice within 2 days) and counts toward contamination fines and the
  hauler's contamination service charge;
- a Notice of Violation of an SB 1383 requirement requires compliance within 60
  days (ORG-NOV-60-DAYS), extended only for the reasons of (G) (ORG-EXTENSION);
  past its deadline without compliance it is referred for an administrative
  citation (ORG-CITATION), whose base penalty climbs $100 / $200 / $500
  (ORG-PENALTY-AMOUNTS) and may be appealed (ORG-APPEAL);
- before 2024-01-01 noncompliance gets educational material and no penalty
  (ORG-EDUCATION-PERIOD); from then on, a Notice of Violation (ORG-CIVIL-PENALTIES).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from fnmatch import fnmatchcase
from typing import Any, ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import (
    FINDINGS,
    Context,
    Finding,
    Outcome,
    deadline,
    derived,
    due,
    late,
    met,
    overdue,
    records,
    rule,
    violation,
)
from sanitas.ordinance.facts import (
    FACT_TYPES,
    Citation,
    Correction,
    Date,
    Fact,
    Inspection,
    Money,
    Notice,
    Thing,
    fact_type,
    required_ref,
)
from sanitas.ordinance.general import dollars, inspections_for, join_dates, memo

#: the requirements of the enforcement process itself: their findings are the
#: city's duties, not a generator's noncompliance calling for a notice
ENFORCEMENT_IDS = frozenset(
    {
        "ORG-ENFORCEMENT-MONITORING",
        "ORG-CONTAMINATION-NOV",
        "ORG-NOV-60-DAYS",
        "ORG-CITATION",
        "ORG-HAULER-CONTAMINATION-CHARGE",
        "ORG-PENALTY-AMOUNTS",
        "ORG-PENALTY-FACTORS",
        "ORG-EXTENSION",
        "ORG-APPEAL",
        "ORG-EDUCATION-PERIOD",
        "ORG-CIVIL-PENALTIES",
    }
)

KIND_WORDS = {
    "cart_tag": "cart tag",
    "nov": "notice of violation",
    "education": "educational material",
    "noncompliance": "notice of noncompliance",
}

# --------------------------------------------------------------------------- vocabulary

ExtensionReason = Literal["act_of_god", "permit_delay", "infrastructure_capacity"]

REASON_WORDS = {
    "act_of_god": "an act of God or other emergency ((G)(1))",
    "permit_delay": "delays in obtaining permits or agency approvals ((G)(2))",
    "infrastructure_capacity": "infrastructure or capacity deficiencies under a CalRecycle "
    "corrective action plan ((G)(3))",
}


@fact_type
class Extension(Fact):
    """The city's decision on extending the compliance deadline of a Notice of
    Violation (Ch. 50 SB 1383 enforcement (G)): a new deadline for an act of God, a
    permit delay, or an infrastructure or capacity deficiency while the city is
    under a CalRecycle corrective action plan. The latest granted extension sets
    the notice's deadline."""

    type: Literal["extension"]
    notice: str = required_ref("notice", description="The notice whose deadline is extended.")
    date: Date = Field(description="The day the city decided.")
    new_due_on: Date = Field(description="The new compliance deadline.")
    reason: ExtensionReason = Field(
        description="act_of_god ((G)(1): earthquakes, wildfires, flooding, other emergencies), "
        "permit_delay ((G)(2): discretionary permits or agency approvals), or "
        "infrastructure_capacity ((G)(3): recycling infrastructure or food recovery capacity)."
    )
    granted: bool = Field(default=True, description="False records a refused request.")
    corrective_action_plan: bool | None = Field(
        default=None,
        description="The city is under a CalRecycle corrective action plan (14 CCR § 18996.2) "
        "for the deficiency; required for an infrastructure_capacity extension.",
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.new_due_on < self.date:
            raise ValueError(
                f"new_due_on: the new deadline {self.new_due_on} is before the decision of "
                f"{self.date}"
            )
        if self.reason == "infrastructure_capacity" and self.corrective_action_plan is not True:
            raise ValueError(
                "corrective_action_plan: an infrastructure_capacity extension requires the "
                "city to be under a CalRecycle corrective action plan (set true)"
            )


@fact_type
class AppealRequest(Fact):
    """A cited person's request for a hearing to appeal an administrative citation
    (Ch. 50 SB 1383 enforcement (H))."""

    type: Literal["appeal_request"]
    citation: str = required_ref("citation", description="The citation appealed.")
    date: Date = Field(description="The day the request was received.")
    dated_by: ClassVar[str | None] = "date"


HearingDecision = Literal["upheld", "modified", "dismissed"]


@fact_type
class HearingOrder(Fact):
    """The hearing officer's final written order on an appealed citation
    (Ch. 50 SB 1383 enforcement (H))."""

    type: Literal["hearing_order"]
    citation: str = required_ref("citation", description="The citation decided.")
    date: Date = Field(description="The day of the final written order.")
    decision: HearingDecision = Field(
        description="upheld (the citation stands), modified (a new amount), or dismissed."
    )
    amount: Money | None = Field(
        default=None,
        description="The penalty as modified, in dollars (required when decision is modified).",
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.amount is not None and self.amount < 0:
            raise ValueError(f"amount: an amount cannot be negative, got {self.amount}")
        if self.decision == "modified" and self.amount is None:
            raise ValueError("amount: a modified order states the amount it sets")
        if self.decision == "dismissed" and self.amount:
            raise ValueError("amount: a dismissed citation carries no amount")


# --------------------------------------------------------------------------- helpers


def is_org(requirement: str) -> bool:
    return requirement.startswith("ORG-")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st …"""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


def kinds_phrase(kinds: tuple[str, ...] | list[str]) -> str:
    words = [KIND_WORDS.get(kind, kind) for kind in kinds]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def first_correction(notice: Notice, ctx: Context) -> Correction | None:
    corrections = ctx.referring("correction", "notice", notice.id)
    return corrections[0] if corrections else None


def granted_extensions(notice: Notice, ctx: Context) -> list[Extension]:
    return [e for e in ctx.referring("extension", "notice", notice.id) if e.granted]


def original_deadline(notice: Notice, ctx: Context) -> date | None:
    """The deadline the notice itself sets: its ``due_on``, else the default for its kind."""
    if notice.kind in ctx.param("enf.no_deadline_kinds", on=notice.issued_on):
        return None
    if notice.due_on is not None:
        return notice.due_on
    if notice.kind in ctx.param("enf.default_deadline_kinds", on=notice.issued_on):
        return add_days(notice.issued_on, ctx.param("enf.nov_compliance_days", on=notice.issued_on))
    return None


def deadline_basis(notice: Notice, ctx: Context) -> str:
    """How the notice's deadline was set, for an explanation."""
    extensions = granted_extensions(notice, ctx)
    if extensions:
        last = extensions[-1]
        return (
            f"had its deadline extended on {last.date} to {last.new_due_on} for "
            f"{REASON_WORDS[last.reason]}"
        )
    if notice.due_on is not None:
        return f"sets its own deadline of {notice.due_on}"
    days = ctx.param("enf.nov_compliance_days", on=notice.issued_on)
    due_on = ctx.derived("nov_compliance_due", notice)
    return f"requires compliance within {days} days, by {due_on}"


def assessed_amount(citation: Citation, ctx: Context) -> tuple[Decimal | None, str]:
    """The penalty a citation assesses, as a final order modified it; and how."""
    orders = ctx.referring("hearing_order", "citation", citation.id)
    if orders and orders[-1].decision == "modified":
        return orders[-1].amount, f" as modified by the hearing order of {orders[-1].date}"
    return citation.amount, ""


def dismissed_on(citation: Citation, ctx: Context) -> date | None:
    orders = ctx.referring("hearing_order", "citation", citation.id)
    if orders and orders[-1].decision == "dismissed":
        return orders[-1].date
    return None


# --------------------------------------------------------------------------- contamination


def _organics_inspections(subject: str, ctx: Context) -> list[Inspection]:
    return inspections_for(subject, "organics", ctx)


def contamination_days(subject: str, ctx: Context) -> dict[date, bool]:
    """Each day the subject's containers were checked for contamination (from the
    SB 1383 start) → whether contamination was found that day."""

    def compute() -> dict[date, bool]:
        start = ctx.param("org.in_force")
        days: dict[date, bool] = {}
        for inspection in _organics_inspections(subject, ctx):
            if inspection.contamination is None or inspection.date < start:
                continue
            days[inspection.date] = days.get(inspection.date, False) or inspection.contamination
        return days

    return memo(ctx, ("contamination_days", subject), compute)


def consecutive_occasions(subject: str, ctx: Context) -> dict[date, int]:
    """Each contaminated day → how many consecutive contaminated days end with it (a
    day checked clean starts the count again)."""

    def compute() -> dict[date, int]:
        run, out = 0, {}
        for day, contaminated in sorted(contamination_days(subject, ctx).items()):
            run = run + 1 if contaminated else 0
            if contaminated:
                out[day] = run
        return out

    return memo(ctx, ("consecutive_occasions", subject), compute)


def _counts(inspection: Inspection, ctx: Context) -> bool:
    """A contamination observation the enforcement rules count: an organics (or
    unnamed-program) inspection from the SB 1383 start that recorded the check."""
    return (
        inspection.contamination is not None
        and inspection.program in (None, "organics")
        and inspection.date >= ctx.param("org.in_force")
    )


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


def contamination_notices(subject: str, ctx: Context) -> dict[date, list[Notice]]:
    """The notices answering each contaminated day: a notice of an accepted kind and
    requirement answers the latest contaminated day on or before its issue."""

    def compute() -> dict[date, list[Notice]]:
        days = sorted(consecutive_occasions(subject, ctx))
        out: dict[date, list[Notice]] = {}
        for notice in ctx.referring("notice", "subject", subject):
            index = bisect_right(days, notice.issued_on) - 1
            if index < 0:
                continue
            day = days[index]
            kinds = ctx.param("enf.contamination_notice_kinds", on=day)
            patterns = ctx.param("enf.contamination_notice_requirements", on=day)
            if notice.kind in kinds and any(fnmatchcase(notice.requirement, p) for p in patterns):
                out.setdefault(day, []).append(notice)
        return out

    return memo(ctx, ("contamination_notices", subject), compute)


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
    penalties on the generator on the third such occasion."

    Subject: the inspection's subject; due the day found + 2 days; met by a notice
    of an accepted kind (cart tag or NOV; during the education period also
    educational material) naming an SB 1383 requirement (pack readings)."""
    if not _counts(inspection, ctx) or not inspection.contamination:
        return None
    day = inspection.date
    same_day = [
        other
        for other in _organics_inspections(inspection.subject, ctx)
        if other.date == day and other.contamination
    ]
    if same_day[0] is not inspection:
        return None  # one occasion per day
    days = ctx.param("enf.contamination_notice_days", on=day)
    due_on = add_days(day, days)
    occasion = consecutive_occasions(inspection.subject, ctx)[day]
    fine_from = ctx.param("enf.contamination_fine_occasion", on=day)
    who = " by the hauler" if any(o.by_hauler for o in same_day) else ""
    found = f"Contamination found{who} on {day}, consecutive occasion {occasion}"
    if occasion >= fine_from:
        found += (
            ", so contamination processing fines may be assessed (reading: from the "
            f"{ordinal(fine_from)} consecutive occasion)"
        )
    kinds = ctx.param("enf.contamination_notice_kinds", on=day)
    notices = contamination_notices(inspection.subject, ctx).get(day, [])
    first = min(notices, key=lambda n: n.issued_on) if notices else None
    if first is None and ctx.as_of <= due_on:
        tail = f"a {kinds_phrase(kinds)} is due by {due_on}"
    elif first is None:
        tail = f"no {kinds_phrase(kinds)} was issued by {due_on}"
    elif first.issued_on <= due_on:
        tail = (
            f"{KIND_WORDS.get(first.kind, first.kind)} {first.id} was issued on "
            f"{first.issued_on}, within {days} days"
        )
    else:
        tail = (
            f"{KIND_WORDS.get(first.kind, first.kind)} {first.id} was issued on "
            f"{first.issued_on}, after the {days}-day deadline of {due_on}"
        )
    return deadline(
        due_on=due_on,
        done_on=first.issued_on if first is not None else None,
        as_of=ctx.as_of,
        explanation=f"{found}; {tail}.",
        subject=inspection.subject,
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


@rule("ORG-HAULER-CONTAMINATION-CHARGE", on="inspection")
def hauler_contamination_charge(inspection: Inspection, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(6): "If a hauler observes prohibited container
    contaminants in a generator's containers on more than two occasion(s) every
    calendar year starting January 1, the hauler shall have the right to assess a
    contamination service charge on the generator … The foregoing contamination
    service charge shall not be considered an administrative fine or penalty."

    One finding per subject and calendar year (period "YYYY"): met while the hauler
    has found contamination on no more than two days that year; a violation once it
    has on more, when the charge may be assessed."""
    count = ctx.derived("hauler_contamination_count", inspection)
    if count is None:
        return None
    year = inspection.date.year
    days = hauler_occasions(inspection.subject, year, ctx)
    if inspection.date != days[-1]:
        return None
    same_day = [
        other
        for other in _organics_inspections(inspection.subject, ctx)
        if other.date == inspection.date and other.by_hauler and other.contamination
    ]
    if same_day[0] is not inspection:
        return None
    limit = ctx.param("enf.hauler_charge_after_occasions", on=inspection.date)
    count = f"{len(days)} day" + ("" if len(days) == 1 else "s")
    seen = f"The hauler found contamination on {count} of {year} ({join_dates(days)})"
    if len(days) > limit:
        return violation(
            f"{seen}, more than {limit}, so it may assess a contamination service charge "
            "under its rate schedule (not a fine; disputes go to the franchise complaint "
            "process).",
            period=str(year),
            subject=inspection.subject,
        )
    return met(
        f"{seen}, not more than {limit}, so no contamination service charge may be assessed.",
        period=str(year),
        subject=inspection.subject,
    )


# --------------------------------------------------------------------------- notices of violation


@derived("nov_compliance_due", on="notice", requirement="ORG-NOV-60-DAYS")
def nov_compliance_due(notice: Notice, ctx: Context) -> date | None:
    """Ch. 50 SB 1383 enforcement (D)(4): "the city and/or their designee shall issue a
    Notice of Violation requiring compliance within 60 days of issuance of the
    notice"; (G): "The city may extend the compliance deadlines set forth in a
    Notice of Violation".

    The latest granted extension's new deadline; else the notice's own ``due_on``;
    else issue + 60 days for an NOV; null for a cart tag or educational material
    (no clock) and for a kind with no default."""
    if notice.kind in ctx.param("enf.no_deadline_kinds", on=notice.issued_on):
        return None
    extensions = granted_extensions(notice, ctx)
    if extensions:
        return extensions[-1].new_due_on
    return original_deadline(notice, ctx)


@rule("ORG-NOV-60-DAYS", on="notice")
def nov_sixty_days(notice: Notice, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(4): "With the exception of violations of
    generator contamination of container contents …, the city and/or their designee
    shall issue a Notice of Violation requiring compliance within 60 days of issuance
    of the notice."

    Subject: the notice. Met by a correction by its deadline, late after it, due or
    overdue without one."""
    if not is_org(notice.requirement) or notice.kind != "nov":
        return None
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is None:  # pragma: no cover - an nov always has a deadline
        return None
    correction = first_correction(notice, ctx)
    head = f"The notice of violation of {notice.issued_on} for {notice.requirement}"
    basis = deadline_basis(notice, ctx)
    if correction is not None:
        tail = f"compliance was achieved on {correction.date}"
    elif ctx.as_of <= due_on:
        tail = "compliance is outstanding"
    else:
        tail = "the deadline passed without compliance"
    return deadline(
        due_on=due_on,
        done_on=correction.date if correction is not None else None,
        as_of=ctx.as_of,
        explanation=f"{head} {basis}; {tail}.",
    )


@rule("ORG-CITATION", on="notice")
def citation_referral(notice: Notice, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (D)(5)(a): "Absent compliance by the respondent
    within the deadline set forth in the Notice of Violation, the code enforcement
    official(s) and/or their designee shall commence an action to impose penalties,
    via an administrative citation and fine, pursuant to city code."

    Subject: the notice. Once its deadline passes without compliance: overdue
    ("refer for administrative citation") until a citation names the notice, then
    met; before penalties start (2024-01-01), due on that date. A late correction
    does not end the referral (pack reading ``enf.late_correction_ends_referral``)."""
    if not is_org(notice.requirement) or notice.kind != "nov":
        return None
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is None or ctx.as_of <= due_on:
        return None
    correction = first_correction(notice, ctx)
    if correction is not None and correction.date <= due_on:
        return None  # complied within the deadline: nothing to refer
    citations = ctx.referring("citation", "notice", notice.id)
    head = f"The notice of violation's deadline of {due_on} passed without compliance"
    if correction is not None:
        head += f" (compliance came late, on {correction.date})"
    if citations:
        first = citations[0]
        return met(
            f"{head}; administrative citation {first.id} was issued on {first.issued_on}.",
            due=due_on,
        )
    if correction is not None and ctx.param("enf.late_correction_ends_referral"):
        return met(f"{head}; reading: a late correction ends the referral.", due=due_on)
    start = ctx.param("org.penalties_start")
    if ctx.as_of < start:
        return due(
            f"{head}; refer for administrative citation when penalties may be imposed, "
            f"from {start}.",
            due=start,
        )
    reading = (
        " (reading: compliance after the deadline does not end the referral)"
        if correction is not None
        else ""
    )
    return overdue(f"{head}: refer for administrative citation{reading}.", due=due_on)


@rule("ORG-CITATION", on="citation")
def citation_after_deadline(citation: Citation, ctx: Context) -> Outcome | None:
    """(D)(5)(a): the citation follows "[a]bsent compliance by the respondent within
    the deadline set forth in the Notice of Violation". Subject: the citation. A
    citation naming an NOV whose deadline had not passed, or whose respondent had
    complied within it, is a violation of that order."""
    if not is_org(citation.requirement) or citation.notice is None:
        return None
    notice = ctx.get(citation.notice)
    if notice is None:
        return None  # the notice is dated after the as-of date
    due_on = ctx.derived("nov_compliance_due", notice)
    if due_on is None:
        return None
    correction = first_correction(notice, ctx)
    if (
        correction is not None
        and correction.date <= due_on
        and correction.date <= citation.issued_on
    ):
        return violation(
            f"Citation of {citation.issued_on} names notice {notice.id}, yet compliance was "
            f"achieved on {correction.date}, within its deadline of {due_on}."
        )
    if citation.issued_on <= due_on:
        return violation(
            f"Citation of {citation.issued_on} names notice {notice.id} before its compliance "
            f"deadline of {due_on} had passed."
        )
    return None


@rule("ORG-EXTENSION", on="extension")
def extension_granted(extension: Extension, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (G): "The city may extend the compliance deadlines
    set forth in a Notice of Violation issued in accordance with this chapter, if it
    finds that there are extenuating circumstances beyond the control of the
    respondent that make compliance within the deadlines impracticable, including
    the following: (1) Acts of God …; (2) Delays in obtaining discretionary permits
    or other government agency approvals; or (3) Deficiencies in organic waste
    recycling infrastructure or edible food recovery capacity and the city is under
    a corrective action plan with CalRecycle …"

    Subject: the extension (its id, else the notice). Met when a granted extension
    moves an SB 1383 notice's deadline later; a violation when the notice sets no
    deadline or the new one is not later."""
    notice = ctx.get(extension.notice)
    if notice is None or not extension.granted or not is_org(notice.requirement):
        return None
    if notice.kind in ctx.param("enf.no_deadline_kinds", on=notice.issued_on):
        return violation(
            f"The extension of {extension.date} is granted on {notice.id}, a "
            f"{KIND_WORDS.get(notice.kind, notice.kind)}, which sets no compliance deadline "
            "to extend."
        )
    granted = granted_extensions(notice, ctx)
    earlier = granted[: next(i for i, e in enumerate(granted) if e is extension)]
    prior = earlier[-1].new_due_on if earlier else original_deadline(notice, ctx)
    if prior is not None and extension.new_due_on <= prior:
        return violation(
            f"The extension of {extension.date} sets {extension.new_due_on}, not later than "
            f"the deadline of {prior} it replaces, so it extends nothing."
        )
    return met(
        f"The extension of {extension.date} for {REASON_WORDS[extension.reason]} moves "
        f"notice {notice.id}'s compliance deadline from {prior} to {extension.new_due_on}."
    )


# ------------------------------------------------------------------ citations and penalties


def org_citations(subject: str, ctx: Context) -> list[Citation]:
    def compute() -> list[Citation]:
        return [c for c in ctx.referring("citation", "subject", subject) if is_org(c.requirement)]

    return memo(ctx, ("org_citations", subject), compute)


@derived("citation_ordinal", on="citation", requirement="ORG-PENALTY-AMOUNTS")
def citation_ordinal(citation: Citation, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (E): "For a first violation … For a second violation
    … For a third or subsequent violation …". The count of the subject's SB 1383
    citations up to and including this one (in issue order); a citation a hearing
    order dismissed before this one was issued does not count (pack reading
    ``enf.dismissed_citations_count``). Null for other citations."""
    if not is_org(citation.requirement):
        return None
    count_dismissed = ctx.param("enf.dismissed_citations_count")
    count = 0
    for other in org_citations(citation.subject, ctx):
        if other is citation:
            return count + 1
        dismissed = dismissed_on(other, ctx)
        if count_dismissed or dismissed is None or dismissed > citation.issued_on:
            count += 1
    return None  # pragma: no cover - a citation is among its subject's citations


@derived("penalty_ceiling", on="citation", requirement="ORG-PENALTY-AMOUNTS")
def penalty_ceiling(citation: Citation, ctx: Context) -> int | None:
    """Ch. 50 SB 1383 enforcement (E): "(1) For a first violation, the amount of the
    base penalty shall not exceed $100 per violation. (2) For a second violation …
    $200 … (3) For a third or subsequent violation … $500"; (I): no penalties before
    January 1, 2024. Dollars; 0 for a citation issued before penalties start; null
    for a citation of a requirement outside SB 1383."""
    number = ctx.derived("citation_ordinal", citation)
    if number is None:
        return None
    if citation.issued_on < ctx.param("org.penalties_start"):
        return 0
    ladder = ctx.param("org.penalty_ladder", on=citation.issued_on)
    return ladder[min(number, len(ladder)) - 1]


@rule("ORG-PENALTY-AMOUNTS", on="citation")
def penalty_amount(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (E): "The penalty levels are as follows: (1) For a
    first violation, the amount of the base penalty shall not exceed $100 per
    violation. (2) For a second violation, the amount of the base penalty shall not
    exceed $200 per violation. (3) For a third or subsequent violation, the amount of
    the base penalty shall not exceed $500 per violation."

    Subject: the citation. For an SB 1383 citation issued once penalties start that
    states an amount: met within the ceiling, a violation above it."""
    if not is_org(citation.requirement) or citation.issued_on < ctx.param("org.penalties_start"):
        return None
    amount, how = assessed_amount(citation, ctx)
    if amount is None:
        return None
    number = ctx.derived("citation_ordinal", citation)
    ceiling = ctx.derived("penalty_ceiling", citation)
    head = (
        f"Citation of {citation.issued_on} is the subject's {ordinal(number)} SB 1383 "
        f"violation, so the base penalty may not exceed {dollars(ceiling)}"
    )
    if amount > ceiling:
        return violation(f"{head}; it assesses {dollars(amount)}{how}.")
    return met(f"{head}; it assesses {dollars(amount)}{how}.")


@derived("appeal_deadline", on="citation", requirement="ORG-APPEAL")
def appeal_deadline(citation: Citation, ctx: Context) -> date | None:
    """Ch. 50 SB 1383 enforcement (H): "A hearing will be held only if it is requested
    within the time prescribed and consistent with the city's procedures in the
    city's codes for appeals of administrative citations." The citation's issue plus
    the appeal window (pack reading ``enf.appeal_window_days``: 20 days); null for a
    citation outside SB 1383."""
    if not is_org(citation.requirement):
        return None
    return add_days(citation.issued_on, ctx.param("enf.appeal_window_days", on=citation.issued_on))


@rule("ORG-APPEAL", on="citation")
def appeal(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (H): "Persons receiving an administrative citation
    containing a penalty for an uncorrected violation may request a hearing to appeal
    the citation. A hearing will be held only if it is requested within the time
    prescribed … The city will appoint a hearing officer who shall conduct the hearing
    and issue a final written order."

    Subject: the citation, once a hearing is requested: late when requested after the
    window; due while a timely appeal awaits the final written order; met when the
    order is issued."""
    window_closes = ctx.derived("appeal_deadline", citation)
    requests = ctx.referring("appeal_request", "citation", citation.id)
    if window_closes is None or not requests:
        return None
    request = requests[0]
    days = ctx.param("enf.appeal_window_days", on=citation.issued_on)
    if request.date > window_closes:
        return late(
            f"The hearing was requested on {request.date}, after the appeal window closed on "
            f"{window_closes} (reading: {days} days from the citation's issue), so no hearing "
            "is held.",
            due=window_closes,
        )
    orders = ctx.referring("hearing_order", "citation", citation.id)
    if orders:
        order = orders[-1]
        return met(
            f"The hearing requested on {request.date}, within the window closing "
            f"{window_closes}, ended in the hearing officer's final written order of "
            f"{order.date}: {order.decision}.",
            due=window_closes,
        )
    return due(
        f"The hearing requested on {request.date}, within the window closing {window_closes}, "
        "awaits the hearing officer's final written order.",
        due=window_closes,
    )


@rule("ORG-EDUCATION-PERIOD", on="citation")
def education_period_citation(citation: Citation, ctx: Context) -> Outcome | None:
    """Ch. 50 SB 1383 enforcement (I): "Beginning January 1, 2022 and through December
    31, 2023, … it shall provide educational materials to the entity describing its
    obligations under this subchapter and a notice that … violations may be subject
    to administrative civil penalties starting on January 1, 2024."

    Subject: the citation. An SB 1383 citation issued in the education period is a
    violation when it assesses a penalty, met when it assesses none."""
    start, penalties = ctx.param("org.in_force"), ctx.param("org.penalties_start")
    if not is_org(citation.requirement) or not start <= citation.issued_on < penalties:
        return None
    amount, how = assessed_amount(citation, ctx)
    head = (
        f"Citation of {citation.issued_on} falls in the education period, when no penalty "
        f"may be imposed before {penalties}"
    )
    if amount:
        return violation(f"{head}, yet it assesses {dollars(amount)}{how}.")
    return met(f"{head}, and it assesses none.")


class Noncompliance:
    """The open findings of one SB 1383 generator obligation on one subject."""

    def __init__(self, subject: str, requirement: str) -> None:
        self.subject = subject
        self.requirement = requirement
        self.statuses: list[str] = []
        self.periods: list[str] = []
        self.events: list[str] = []

    def describe(self) -> str:
        """ "ORG-EFG-AGREEMENT is violated" / "ORG-COM-SELF-INSPECT is overdue for
        2024-Q1 and 2024-Q2"."""
        words = {"violation": "violated"}
        status = " and ".join(dict.fromkeys(words.get(s, s) for s in self.statuses))
        text = f"{self.requirement} is {status}"
        if len(self.periods) == 1:
            text += f" for {self.periods[0]}"
        elif self.periods:
            text += f" for {len(self.periods)} periods ({self.periods[0]} to {self.periods[-1]})"
        return text


def generator_of(subject: str, ctx: Context) -> str:
    """The thing a finding is about: its subject, or for an event (an inspection, a
    report) the thing the event belongs to, to whom a notice is served."""
    fact = ctx.get(subject)
    if fact is None or issubclass(FACT_TYPES[fact.type], Thing):
        return subject
    for name in fact.references:
        target = getattr(fact, name)
        if target is not None:
            return target
    return subject  # pragma: no cover - every event names what it belongs to


def noncompliance(findings: list[Finding], ctx: Context) -> list[Noncompliance]:
    """The open findings (pack ``enf.enforceable_statuses``) of SB 1383 generator
    obligations, not of the enforcement process itself, grouped by the generator
    (a finding about an inspection or a report belongs to its subject) and the
    requirement: one notice answers a requirement's violation whatever its periods."""
    statuses = set(ctx.param("enf.enforceable_statuses"))
    groups: dict[tuple[str, str], Noncompliance] = {}
    generators: dict[str, str] = {}
    for finding in findings:
        if (
            finding.status not in statuses
            or not finding.requirement.startswith("ORG-")
            or finding.requirement in ENFORCEMENT_IDS
        ):
            continue
        generator = generators.get(finding.subject)
        if generator is None:
            generator = generators[finding.subject] = generator_of(finding.subject, ctx)
        key = (generator, finding.requirement)
        group = groups.get(key)
        if group is None:
            group = groups[key] = Noncompliance(*key)
        group.statuses.append(finding.status)
        if finding.subject != group.subject and finding.subject not in group.events:
            group.events.append(finding.subject)
        if finding.period is not None and finding.period not in group.periods:
            group.periods.append(finding.period)
    for group in groups.values():
        group.periods.sort()
    return list(groups.values())


def _notices_for(group: Noncompliance, kinds: Any, ctx: Context) -> list[Notice]:
    """Notices of the group's requirement served on the generator or on one of the
    events the findings are about, oldest first."""
    notices = [
        n
        for subject in (group.subject, *group.events)
        for n in ctx.referring("notice", "subject", subject)
        if n.requirement == group.requirement and n.kind in kinds
    ]
    return sorted(notices, key=lambda n: n.issued_on)


@rule("ORG-EDUCATION-PERIOD", on=FINDINGS)
def education_material(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """Ch. 50 SB 1383 enforcement (I): "if the city determines that [an] entity is not
    in compliance, it shall provide educational materials to the entity describing
    its obligations under this subchapter and a notice that … violations may be
    subject to administrative civil penalties starting on January 1, 2024."

    During the education period, for each SB 1383 requirement a subject is out of
    compliance with: met by an ``education`` notice for that subject and
    requirement, else due."""
    start, penalties = ctx.param("org.in_force"), ctx.param("org.penalties_start")
    if not start <= ctx.as_of < penalties:
        return
    for group in noncompliance(findings, ctx):
        notices = _notices_for(group, ("education",), ctx)
        if notices:
            yield met(
                f"{group.describe()} in the education period; educational material "
                f"{notices[-1].id} was provided on {notices[-1].issued_on}.",
                subject=group.subject,
            )
        else:
            yield due(
                f"{group.describe()} in the education period: provide educational material "
                f"and notice that penalties may apply from {penalties}.",
                subject=group.subject,
            )


@rule("ORG-CIVIL-PENALTIES", on=FINDINGS)
def civil_penalties(findings: list[Finding], ctx: Context) -> Iterator[Outcome]:
    """Ch. 50 SB 1383 enforcement (J): "Beginning January 1, 2024, if the city
    determines that an organic waste generator, self-hauler, hauler, tier one or
    tier two commercial edible food generator, food recovery organization, food
    recovery service, or other entity is not in compliance with this subchapter, it
    shall document the noncompliance or violation, issue a Notice of Violation, and
    take enforcement action pursuant to this section, as needed."

    From penalties' start, for each SB 1383 requirement a subject is out of
    compliance with: met while an uncorrected Notice of Violation (or cart tag) for
    that subject and requirement stands, else due."""
    if ctx.as_of < ctx.param("org.penalties_start"):
        return
    kinds = ctx.param("enf.nov_kinds")
    for group in noncompliance(findings, ctx):
        notices = _notices_for(group, kinds, ctx)
        standing = [n for n in notices if first_correction(n, ctx) is None]
        if standing:
            notice = standing[-1]
            yield met(
                f"{group.describe()}; {KIND_WORDS.get(notice.kind, notice.kind)} {notice.id} "
                f"of {notice.issued_on} stands uncorrected.",
                subject=group.subject,
            )
        elif notices:
            yield due(
                f"{group.describe()} again after notice {notices[-1].id} was corrected: "
                "document it and issue a new Notice of Violation.",
                subject=group.subject,
            )
        else:
            yield due(
                f"{group.describe()}: document the noncompliance and issue a Notice of Violation.",
                subject=group.subject,
            )


# --------------------------------------------------------------------------- records

records(
    "ORG-PENALTY-FACTORS",
    "The records system keeps, with each penalty decision, the factors of (F)(1)-(7) weighed "
    "(severity, ability to pay, willfulness, mitigation, economic benefit, deterrence, "
    "conditions outside control); the amount is a judgment no rule can make.",
)
records(
    "ORG-ENFORCEMENT-MONITORING",
    "The records system keeps each monitoring activity (random checks, compliance and route "
    "reviews, complaint investigations, inspections, remote monitoring) and each official "
    "notification of obligations; the inspections it records feed the other rules.",
)
