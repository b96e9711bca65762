"""'65 Code § 6-8.119(B)(3) and (B)(5)-(7): joints, pressure, the standing and
section tests and the wait for cement joints, and the approval of the work.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, derived, due, met, rule, violation
from sanitas.ordinance.permits.common import (
    at_least,
    code,
    designs_of,
    num,
    permit_events,
    private_path,
    test_name,
)
from sanitas.ordinance.permits.design import above_upper_ft, head_ft
from sanitas.ordinance.words import capital, listing, name_of, plural, words
from sanitas.ordinance.words import day as say

# --------------------------------------------------------------------------- tests


def _sort_moment(test: Any) -> datetime:
    """Where a test falls in time, for ordering (its recorded time, else its day)."""
    return test.at if test.at is not None else datetime.combine(test.date, time.min)


def tests_of(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    """The permit's pressure tests made by ``on``, in time order."""
    on = ctx.as_of if on is None else on
    tests = [t for t in permit_events("pressure_test", permit, ctx) if t.date <= on]
    return sorted(tests, key=_sort_moment)


def tests_of_record(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    tests = tests_of(permit, ctx, on)
    if tests and ctx.param("prm.latest_test_governs"):
        return tests[-1:]
    return tests


def leak_problem(test: Any, ctx: Context) -> str | None:
    if test.leaked:
        return f"{test_name(test)} leaked"
    return None


def standing_problem(test: Any, ctx: Context) -> str | None:
    """What keeps ``test`` from being the test of § 6-8.119(B)(6)(a) (None: nothing)."""
    psi = ctx.param("prm.test_psi")
    above = ctx.param("prm.test_min_head_above_upper_in")
    problems = []
    if not at_least(test.psi_at_lower_terminus, psi):
        problems.append(f"developed {num(test.psi_at_lower_terminus)} psi at the lower terminus")
    if test.kind == "standing":
        head = test.head_above_upper_terminus_in
        if head is None:
            problems.append("records no head above the upper terminus")
        elif head < above:
            problems.append(f"stood {num(head)} in. above the upper terminus")
    if not problems:
        return None
    return f"{test_name(test)} {listing(problems)}"


@dataclass(frozen=True)
class CementWait:
    """What a test's record shows of the wait after cement joints: ``early`` (made
    less than the wait after them), ``waited``, or ``unshown`` (the record gives a
    day but no time, on the day the wait ends)."""

    shown: str
    text: str


def cement_wait(test: Any, ctx: Context) -> CementWait | None:
    """§ 6-8.119(B)(6)(c) on one test: None when no cement joints are recorded, or
    when their time comes after the test (a data problem, reported)."""
    made = test.cement_joints_made_at
    if made is None:
        return None
    wait = timedelta(hours=ctx.param("prm.cement_wait_hours"))
    hours = num(wait.total_seconds() / 3600)
    if test.at is not None:
        earliest = latest = test.at
    else:
        earliest = datetime.combine(test.date, time.min)
        latest = datetime.combine(test.date, time.max)
    if made > latest:
        ctx.data_problem(
            [test],
            f"{capital(test_name(test))} records its cement joints as made on {say(made)}, "
            "after the test.",
        )
        return None
    if latest - made < wait:
        if test.at is not None:
            elapsed = round((test.at - made).total_seconds() / 3600, 2)
            came = f"came {plural(elapsed, 'hour')} after"
        else:
            came = "was made on the same day as"
        return CementWait(
            "early",
            f"{test_name(test)} {came} the cement joints made {say(made)}, before the "
            f"{hours} hours had passed",
        )
    if earliest - made >= wait:
        return CementWait(
            "waited", f"{test_name(test)} waited at least {hours} hours after the cement joints"
        )
    return CementWait(
        "unshown",
        f"{test_name(test)} records no time, so it is not shown to have come {hours} hours "
        f"after the cement joints made {say(made)}",
    )


def cement_problem(test: Any, ctx: Context) -> str | None:
    """What keeps ``test`` from showing the cement wait (None: it shows it, or there
    were no cement joints)."""
    shown = cement_wait(test, ctx)
    return None if shown is None or shown.shown == "waited" else shown.text


_LATEST_READING = (
    "The latest pressure test is the test of record: a proper retest supersedes an earlier one."
)


def _latest_reading(permit: Any, ctx: Context) -> str | None:
    if len(tests_of(permit, ctx)) > 1 and ctx.param("prm.latest_test_governs"):
        return _LATEST_READING
    return None


@rule("PRM-PRESSURE", on="permit", cite=code("119(B)(5)"))
def pressure(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(5): "Every house connection sewer outside of any building shall be
    constructed in such a manner as to withstand a pressure of not less than four
    pounds per square inch without leaking at any point when filled with water." """
    tests = tests_of_record(permit, ctx)
    psi = ctx.param("prm.test_psi")
    under = name_of(ctx, permit)
    leaks = [t for t in tests if t.leaked]
    if leaks:
        test = leaks[-1]
        return violation(
            f"{capital(test_name(test))} under {under} leaked at "
            f"{num(test.psi_at_lower_terminus)} psi; the line outside the building must hold "
            f"{num(psi)} psi without leaking.",
            reading=_latest_reading(permit, ctx),
        )
    held = [t for t in tests if at_least(t.psi_at_lower_terminus, psi)]
    if not held or len(held) < len(tests):
        return None
    test = held[-1]
    return met(
        f"{capital(test_name(test))} under {under} held {num(test.psi_at_lower_terminus)} psi "
        f"without leaking ({num(psi)} psi required).",
        reading=_latest_reading(permit, ctx),
    )


@rule("PRM-TEST-STANDING", on="permit", cite=code("119(B)(6)(a)"))
def test_standing(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(6)(a): a standing test carries the water "to a height sufficient to
    develop a pressure of four pounds per square inch at the lower terminus thereof, and
    in no event to a height of less than four inches above the top of the upper terminal
    end"; a pump test furnishes "an aggregate pressure of four pounds per square inch"."""
    tests = tests_of_record(permit, ctx)
    if not tests:
        return None
    psi = ctx.param("prm.test_psi")
    head = num(head_ft(ctx))
    above = num(ctx.param("prm.test_min_head_above_upper_in"))
    need = f"{num(psi)} psi ({head} ft of water) at the lower terminus"
    if any(t.kind == "standing" for t in tests):
        need += f" and a column at least {above} in. above the upper terminus"
    problems = [p for p in (standing_problem(t, ctx) for t in tests) if p]
    reading = _latest_reading(permit, ctx)
    if problems:
        return violation(
            f"{capital(listing(problems))}, but the test needs {need}.", reading=reading
        )
    test = tests[-1]
    return met(
        f"{capital(test_name(test))} developed {num(test.psi_at_lower_terminus)} psi at the "
        f"lower terminus, meeting {need}.",
        reading=reading,
    )


@rule("PRM-TEST-CEMENT-WAIT", on="permit", cite=code("119(B)(6)(c)"))
def test_cement_wait(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(6)(c): "In the event any joints of any house connection sewer are
    cemented with portland cement mortar, no test shall be made thereof until the
    expiration of not less than 24 hours after such cement joints are made."

    A test the record shows made too soon is a violation; one recorded with a day but
    no time, on the day the wait ends, is not shown either way: its time (or a new
    test) is due before the connection is approved."""
    shown = [s for s in (cement_wait(t, ctx) for t in tests_of_record(permit, ctx)) if s]
    if not shown:
        return None
    reading = _latest_reading(permit, ctx)
    early = [s.text for s in shown if s.shown == "early"]
    if early:
        return violation(f"{capital(listing(early))}.", reading=reading)
    unshown = [s.text for s in shown if s.shown == "unshown"]
    if unshown:
        return due(
            f"{capital(listing(unshown))}; the time of the test, or a new test, must show the "
            "wait before the connection is approved.",
            reading=reading,
        )
    return met(f"{capital(shown[-1].text)}.", reading=reading)


@rule("PRM-TEST-SECTIONS", on="permit", cite=code("119(B)(6)(b)"))
def test_sections_rule(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(6)(b): the line "shall be tested in sections of such length that no
    such section, nor any portion thereof, will be subjected to a pressure greater than
    four pounds per square inch." Every standing test counts: each put its pressure on
    the pipe."""
    steep = [d for d in designs_of(permit, ctx) if ctx.derived("test_in_sections", d)]
    standing = [t for t in tests_of(permit, ctx) if t.kind == "standing"]
    if not steep or not standing:
        return None
    psi = ctx.param("prm.test_psi")
    design = steep[0]
    fall = num(sum(r.segment.fall_ft for r in private_path(design)))
    over = [t for t in standing if t.psi_at_lower_terminus > psi]
    limit = num(head_ft(ctx) - above_upper_ft(ctx))
    steepness = (
        f"The line falls {fall} ft from the property line to the building, so it is tested "
        f"in sections of at most {limit} ft of fall"
    )
    if over:
        test = over[-1]
        return violation(
            f"{steepness}, but {test_name(test)} put {num(test.psi_at_lower_terminus)} psi on "
            f"the pipe, over {num(psi)} psi."
        )
    return met(f"{steepness}, and no standing test put more than {num(psi)} psi on the pipe.")


# --------------------------------------------------------------------------- joints

_COMPOUND_WORDS = {
    "hot_poured": "hot-poured C.P.I. compound",
    "approved_equal": "an approved equal",
    "sewer_joint_compound": "sewer joint compound",
    "portland_cement_mortar": "Portland cement mortar",
    "other": "another compound",
}


def _compound(value: str) -> str:
    return _COMPOUND_WORDS.get(value, words(value))


@rule("PRM-JOINTS", on="joint_check", cite=code("119(B)(3)"))
def joints(check: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(3): "(a) All vitrified clay pipe shall be laid upgrade on an
    unyielding foundation and with the socket ends of the pipe upgrade. A narrow gasket
    of oakum, hemp, or equivalent shall be caulked into each joint … filled with hot
    poured C.P.I. (sulphur silica) compound or approved equal, and the connection shall
    be watertight when completed. (b) When the condition of the trench is such that it
    is impossible to secure a watertight mortar joint, a sewer joint compound … shall be
    used. (c) All joints of standard cast iron soil pipe shall be made with pig lead and
    oakum and shall be thoroughly caulked." A later check of the same permit and
    material supersedes an earlier one."""
    permit = ctx.get(check.permit)
    if permit is None:
        return None
    checks = permit_events("joint_check", permit, ctx)
    if check not in checks:
        return None  # dated before the permit: a data problem
    if any(c.material == check.material and c.date > check.date for c in checks):
        return None
    material = words(check.material)
    if check.material == "vitrified_clay":
        allowed = ctx.param(
            "prm.wet_trench_joint_compounds" if check.wet_trench else "prm.clay_joint_compounds"
        )
        wet = " in a wet trench" if check.wet_trench else ""
        failures = [
            text
            for ok, text in (
                (check.laid_upgrade, "the pipe not laid upgrade on an unyielding foundation"),
                (check.sockets_upgrade, "the sockets not upgrade"),
                (check.gasket_caulked, "no gasket caulked into the joints"),
                (
                    check.compound in allowed,
                    f"the joints filled with {_compound(check.compound)}{wet} rather than "
                    f"{listing([_compound(c) for c in allowed], 'or')}",
                ),
                (check.watertight, "the connection not watertight"),
            )
            if not ok
        ]
        good = f"laid upgrade, gasketed, filled with {_compound(check.compound)} and watertight"
        where = code("119(B)(3)(a)-(b)") if check.wet_trench else code("119(B)(3)(a)")
    else:
        failures = [
            text
            for ok, text in (
                (check.lead_and_oakum, "the joints not made with pig lead and oakum"),
                (check.caulked, "the joints not thoroughly caulked"),
            )
            if not ok
        ]
        good = "joined with pig lead and oakum and thoroughly caulked"
        where = code("119(B)(3)(c)")
    what = f"The {material} joint check of {check.date} under {name_of(ctx, permit)}"
    if failures:
        return violation(f"{what} found {listing(failures)}.", cite=where)
    return met(f"{what} found the pipe {good}.", cite=where)


# --------------------------------------------------------------------------- approval


def approvals(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    on = ctx.as_of if on is None else on
    return [
        i
        for i in permit_events("work_inspection", permit, ctx)
        if i.result == "approved" and i.date <= on
    ]


def approval_problems(permit: Any, ctx: Context, on: date | None = None) -> list[tuple[str, str]]:
    """§ 6-8.119(B)(7): covers before approval ("(b)": a covering recorded, or an
    inspection that found the pipes covered) and approvals given over a leak or with no
    test ("(a)"), up to ``on``, each with its subdivision."""
    on = ctx.as_of if on is None else on
    approved = approvals(permit, ctx, on)
    first = approved[0].date if approved else None
    problems = []
    covers = [(c.date, f"covered on {c.date}") for c in permit_events("work_covered", permit, ctx)]
    # an inspection that found the pipes enclosed or covered shows them covered
    covers += [
        (i.date, f"found covered at the inspection of {i.date}")
        for i in permit_events("work_inspection", permit, ctx)
        if i.result == "obstructed"
    ]
    early = [c for c in sorted(covers) if c[0] <= on and (first is None or c[0] < first)]
    if early:
        problems.append(
            (
                "(b)",
                f"{early[0][1]}, before it was inspected and approved"
                + (f" (on {first})" if first else ""),
            )
        )
    if first is not None:
        before = tests_of(permit, ctx, first)
        if not before:
            problems.append(("(a)", f"approved on {first} without a pressure test"))
        elif before[-1].leaked:
            problems.append(("(a)", f"approved on {first} although {test_name(before[-1])} leaked"))
    return problems


@derived("connection_approvable", on="permit", requirement="PRM-APPROVAL")
def connection_approvable(permit: Any, ctx: Context) -> bool | None:
    """Whether the latest pressure test lets the connection be approved: it held the
    test pressure without leaking, properly made (null: no test yet)."""
    tests = tests_of(permit, ctx)
    if not tests:
        return None
    test = tests[-1]
    return not (leak_problem(test, ctx) or standing_problem(test, ctx) or cement_problem(test, ctx))


@rule("PRM-APPROVAL", on="permit", cite=code("119(B)(7)"))
def approval(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(7): "(a) No such house connection sewer shall be approved if any
    portion thereof … fails to withstand the test provided for in this subsection
    without leaking at any point. (b) No sewer connection shall be covered or concealed
    in any way until it has been inspected and approved by the Community Development
    Director." """
    problems = approval_problems(permit, ctx)
    what = f"The connection under {name_of(ctx, permit)}"
    if problems:
        parts = {part for part, _ in problems}
        return violation(
            f"{what} was {listing([text for _, text in problems])}.",
            cite=code("119(B)(7)") if len(parts) > 1 else code(f"119(B)(7){parts.pop()}"),
        )
    approved = approvals(permit, ctx)
    if not approved:
        return None
    first = approved[0].date
    test = tests_of(permit, ctx, first)[-1]
    return met(
        f"{what} was approved on {first} after {test_name(test)} held without leaking, and "
        "was not covered before."
    )
