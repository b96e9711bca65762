"""'65 Code § 6-8.119(B)(3) and (B)(5)-(7): joints, pressure, the standing and
section tests and the wait for cement joints, and the approval of the work.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, derived, due, met, rule, violation
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.permits.common import (
    at_least,
    code,
    designs_of,
    measure,
    permit_events,
    private_path,
    test_ref,
)
from sanitas.ordinance.permits.design import above_upper_ft, head_ft
from sanitas.ordinance.words import words

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


_LEAKED = declare("prm.test.leaked", "{test} leaked")
_FELL_SHORT = declare("prm.test.fell-short", "{test} {problems}")
_DEVELOPED = declare("prm.test.developed", "developed {psi} psi at the lower terminus")
_NO_HEAD = declare("prm.test.no-head", "records no head above the upper terminus")
_STOOD = declare("prm.test.stood", "stood {head} in. above the upper terminus")


def leak_problem(test: Any, ctx: Context) -> Message | None:
    """That ``test`` leaked, as a clause (None: it did not)."""
    if test.leaked:
        return _LEAKED(test=test_ref(test))
    return None


def standing_problem(test: Any, ctx: Context) -> Message | None:
    """What keeps ``test`` from being the test of § 6-8.119(B)(6)(a), as a clause (None:
    nothing)."""
    psi = ctx.param("prm.test_psi")
    above = ctx.param("prm.test_min_head_above_upper_in")
    problems: list[Phrase] = []
    if not at_least(test.psi_at_lower_terminus, psi):
        problems.append(Phrase(_DEVELOPED(psi=measure(test.psi_at_lower_terminus))))
    if test.kind == "standing":
        head = test.head_above_upper_terminus_in
        if head is None:
            problems.append(Phrase(_NO_HEAD()))
        elif head < above:
            problems.append(Phrase(_STOOD(head=measure(head))))
    if not problems:
        return None
    return _FELL_SHORT(test=test_ref(test), problems=Items(tuple(problems)))


@dataclass(frozen=True)
class CementWait:
    """What a test's record shows of the wait after cement joints: ``early`` (made
    less than the wait after them), ``waited``, or ``unshown`` (the record gives a
    day but no time, on the day the wait ends)."""

    shown: str
    text: Message


def cement_wait(test: Any, ctx: Context) -> CementWait | None:
    """§ 6-8.119(B)(6)(c) on one test: None when no cement joints are recorded, or
    when their time comes after the test (a data problem, reported)."""
    made = test.cement_joints_made_at
    if made is None:
        return None
    wait = timedelta(hours=ctx.param("prm.cement_wait_hours"))
    hours = measure(wait.total_seconds() / 3600)
    if test.at is not None:
        earliest = latest = test.at
    else:
        earliest = datetime.combine(test.date, time.min)
        latest = datetime.combine(test.date, time.max)
    if made > latest:
        ctx.data_problem([test], _JOINTS_AFTER(test=test_ref(test, capital=True), made=Day(made)))
        return None
    named = test_ref(test)
    if latest - made < wait:
        if test.at is not None:
            elapsed = round((test.at - made).total_seconds() / 3600, 2)
            early = _CAME_EARLY(test=named, elapsed=Count(elapsed), made=Day(made), hours=hours)
        else:
            early = _SAME_DAY(test=named, made=Day(made), hours=hours)
        return CementWait("early", early)
    if earliest - made >= wait:
        return CementWait("waited", _WAITED(test=named, hours=hours))
    return CementWait("unshown", _WAIT_UNSHOWN(test=named, made=Day(made), hours=hours))


_JOINTS_AFTER = declare(
    "prm.problem.cement-after-test",
    "{test} records its cement joints as made on {made}, after the test.",
)
_CAME_EARLY = declare(
    "prm.cement.came-early",
    "{test} came {elapsed} hour after the cement joints made {made}, before the {hours} hours "
    "had passed",
    plural="{test} came {elapsed} hours after the cement joints made {made}, before the {hours} "
    "hours had passed",
    count="elapsed",
)
_SAME_DAY = declare(
    "prm.cement.same-day",
    "{test} was made on the same day as the cement joints made {made}, before the {hours} hours "
    "had passed",
)
_WAITED = declare(
    "prm.cement.waited", "{test} waited at least {hours} hours after the cement joints"
)
_WAIT_UNSHOWN = declare(
    "prm.cement.unshown",
    "{test} records no time, so it is not shown to have come {hours} hours after the cement "
    "joints made {made}",
)


def cement_problem(test: Any, ctx: Context) -> Message | None:
    """What keeps ``test`` from showing the cement wait (None: it shows it, or there
    were no cement joints)."""
    shown = cement_wait(test, ctx)
    return None if shown is None or shown.shown == "waited" else shown.text


_LATEST_READING = declare(
    "prm.reading.latest-test",
    "The latest pressure test is the test of record: a proper retest supersedes an earlier one.",
)()


def _latest_reading(permit: Any, ctx: Context) -> Message | None:
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
    under = ref(ctx, permit)
    leaks = [t for t in tests if t.leaked]
    if leaks:
        test = leaks[-1]
        return violation(
            _LEAKED_AT(
                test=test_ref(test, capital=True),
                permit=under,
                psi=measure(test.psi_at_lower_terminus),
                required=measure(psi),
            ),
            reading=_latest_reading(permit, ctx),
        )
    held = [t for t in tests if at_least(t.psi_at_lower_terminus, psi)]
    if not held or len(held) < len(tests):
        return None
    test = held[-1]
    return met(
        _HELD(
            test=test_ref(test, capital=True),
            permit=under,
            psi=measure(test.psi_at_lower_terminus),
            required=measure(psi),
        ),
        reading=_latest_reading(permit, ctx),
    )


_LEAKED_AT = declare(
    "prm.pressure.leaked",
    "{test} under {permit} leaked at {psi} psi; the line outside the building must hold "
    "{required} psi without leaking.",
)
_HELD = declare(
    "prm.pressure.held",
    "{test} under {permit} held {psi} psi without leaking ({required} psi required).",
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
    needs = {"psi": measure(psi), "head": measure(head_ft(ctx))}
    if any(t.kind == "standing" for t in tests):
        above = measure(ctx.param("prm.test_min_head_above_upper_in"))
        need = Phrase(_NEED_COLUMN(**needs, above=above))
    else:
        need = Phrase(_NEED(**needs))
    problems = [p for p in (standing_problem(t, ctx) for t in tests) if p]
    reading = _latest_reading(permit, ctx)
    if problems:
        listed = tuple(Phrase(p, capital=not i) for i, p in enumerate(problems))
        return violation(_STANDING_SHORT(problems=Items(listed), need=need), reading=reading)
    test = tests[-1]
    return met(
        _STANDING_MET(
            test=test_ref(test, capital=True), psi=measure(test.psi_at_lower_terminus), need=need
        ),
        reading=reading,
    )


_NEED = declare("prm.standing.need", "{psi} psi ({head} ft of water) at the lower terminus")
_NEED_COLUMN = declare(
    "prm.standing.need-column",
    "{psi} psi ({head} ft of water) at the lower terminus and a column at least {above} in. "
    "above the upper terminus",
)
_STANDING_SHORT = declare("prm.standing.violation", "{problems}, but the test needs {need}.")
_STANDING_MET = declare(
    "prm.standing.met", "{test} developed {psi} psi at the lower terminus, meeting {need}."
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
        return violation(_TOO_EARLY(tests=_listed(early)), reading=reading)
    unshown = [s.text for s in shown if s.shown == "unshown"]
    if unshown:
        return due(_WAIT_DUE(tests=_listed(unshown)), reading=reading)
    return met(_WAIT_MET(test=Phrase(shown[-1].text, capital=True)), reading=reading)


def _listed(clauses: list[Message]) -> Items:
    """Clauses listed, the first beginning the English sentence."""
    return Items(tuple(Phrase(c, capital=not i) for i, c in enumerate(clauses)))


_TOO_EARLY = declare("prm.cement.violation", "{tests}.")
_WAIT_DUE = declare(
    "prm.cement.due",
    "{tests}; the time of the test, or a new test, must show the wait before the connection "
    "is approved.",
)
_WAIT_MET = declare("prm.cement.met", "{test}.")


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
    steep_by = {
        "fall": measure(sum(r.segment.fall_ft for r in private_path(design))),
        "limit": measure(head_ft(ctx) - above_upper_ft(ctx)),
        "required": measure(psi),
    }
    over = [t for t in standing if t.psi_at_lower_terminus > psi]
    if over:
        test = over[-1]
        return violation(
            _OVER_PRESSED(**steep_by, test=test_ref(test), psi=measure(test.psi_at_lower_terminus))
        )
    return met(_SECTIONS_MET(**steep_by))


_STEEPNESS = (
    "The line falls {fall} ft from the property line to the building, so it is tested in "
    "sections of at most {limit} ft of fall"
)
_OVER_PRESSED = declare(
    "prm.sections.violation",
    _STEEPNESS + ", but {test} put {psi} psi on the pipe, over {required} psi.",
)
_SECTIONS_MET = declare(
    "prm.sections.met",
    _STEEPNESS + ", and no standing test put more than {required} psi on the pipe.",
)


# --------------------------------------------------------------------------- joints

_COMPOUND_WORDS = {
    "hot_poured": "hot-poured C.P.I. compound",
    "approved_equal": "an approved equal",
    "sewer_joint_compound": "sewer joint compound",
    "portland_cement_mortar": "Portland cement mortar",
    "other": "another compound",
}


vocabulary(*_COMPOUND_WORDS.values())


def _compound(value: str) -> Word | Name:
    """A joint filling in the reader's words; one the catalogs do not know, as named."""
    if value in _COMPOUND_WORDS:
        return Word(_COMPOUND_WORDS[value])
    return Name(words(value))


#: what a joint check found wrong, by the item it checks
_NOT_UPGRADE = declare(
    "prm.joints.not-laid-upgrade", "the pipe not laid upgrade on an unyielding foundation"
)
_SOCKETS_DOWN = declare("prm.joints.sockets-not-upgrade", "the sockets not upgrade")
_NO_GASKET = declare("prm.joints.no-gasket", "no gasket caulked into the joints")
_FILLED = {
    False: declare(
        "prm.joints.filled-with", "the joints filled with {compound} rather than {allowed}"
    ),
    True: declare(
        "prm.joints.filled-with-wet",
        "the joints filled with {compound} in a wet trench rather than {allowed}",
    ),
}
_NOT_WATERTIGHT = declare("prm.joints.not-watertight", "the connection not watertight")
_NO_LEAD = declare("prm.joints.no-lead-and-oakum", "the joints not made with pig lead and oakum")
_NOT_CAULKED = declare("prm.joints.not-caulked", "the joints not thoroughly caulked")
_CHECK = "The {material} joint check of {date} under {permit} found "
_JOINTS_FOUND = declare("prm.joints.violation", _CHECK + "{failures}.")
_CLAY_GOOD = declare(
    "prm.joints.met-clay",
    _CHECK + "the pipe laid upgrade, gasketed, filled with {compound} and watertight.",
)
_IRON_GOOD = declare(
    "prm.joints.met-iron",
    _CHECK + "the pipe joined with pig lead and oakum and thoroughly caulked.",
)


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
    what = {
        "material": Word(words(check.material)),
        "date": Day(check.date),
        "permit": ref(ctx, permit),
    }
    if check.material == "vitrified_clay":
        allowed = ctx.param(
            "prm.wet_trench_joint_compounds" if check.wet_trench else "prm.clay_joint_compounds"
        )
        filled = _FILLED[bool(check.wet_trench)](
            compound=_compound(check.compound),
            allowed=Items(tuple(_compound(c) for c in allowed), "or"),
        )
        failures = [
            Phrase(text)
            for ok, text in (
                (check.laid_upgrade, _NOT_UPGRADE()),
                (check.sockets_upgrade, _SOCKETS_DOWN()),
                (check.gasket_caulked, _NO_GASKET()),
                (check.compound in allowed, filled),
                (check.watertight, _NOT_WATERTIGHT()),
            )
            if not ok
        ]
        good = _CLAY_GOOD(**what, compound=_compound(check.compound))
        where = code("119(B)(3)(a)-(b)") if check.wet_trench else code("119(B)(3)(a)")
    else:
        failures = [
            Phrase(text)
            for ok, text in ((check.lead_and_oakum, _NO_LEAD()), (check.caulked, _NOT_CAULKED()))
            if not ok
        ]
        good = _IRON_GOOD(**what)
        where = code("119(B)(3)(c)")
    if failures:
        return violation(_JOINTS_FOUND(**what, failures=Items(tuple(failures))), cite=where)
    return met(good, cite=where)


# --------------------------------------------------------------------------- approval


def approvals(permit: Any, ctx: Context, on: date | None = None) -> list[Any]:
    on = ctx.as_of if on is None else on
    return [
        i
        for i in permit_events("work_inspection", permit, ctx)
        if i.result == "approved" and i.date <= on
    ]


_COVERED = {
    (how, approved): declare(
        f"prm.approval.{how}" + ("-approved-later" if approved else ""),
        ("covered on {date}" if how == "covered" else "found covered at the inspection of {date}")
        + ", before it was inspected and approved"
        + (" (on {approved})" if approved else ""),
    )
    for how in ("covered", "found-covered")
    for approved in (False, True)
}
_NO_TEST_BEFORE = declare("prm.approval.without-test", "approved on {date} without a pressure test")
_OVER_A_LEAK = declare("prm.approval.over-leak", "approved on {date} although {test} leaked")
_NOT_APPROVABLE = declare("prm.approval.violation", "The connection under {permit} was {problems}.")
_APPROVED = declare(
    "prm.approval.met",
    "The connection under {permit} was approved on {date} after {test} held without leaking, "
    "and was not covered before.",
)


def approval_problems(
    permit: Any, ctx: Context, on: date | None = None
) -> list[tuple[str, Message]]:
    """§ 6-8.119(B)(7): covers before approval ("(b)": a covering recorded, or an
    inspection that found the pipes covered) and approvals given over a leak or with no
    test ("(a)"), up to ``on``, each with its subdivision."""
    on = ctx.as_of if on is None else on
    approved = approvals(permit, ctx, on)
    first = approved[0].date if approved else None
    problems: list[tuple[str, Message]] = []
    covers = [(c.date, "covered") for c in permit_events("work_covered", permit, ctx)]
    # an inspection that found the pipes enclosed or covered shows them covered
    covers += [
        (i.date, "found-covered")
        for i in permit_events("work_inspection", permit, ctx)
        if i.result == "obstructed"
    ]
    early = [c for c in sorted(covers) if c[0] <= on and (first is None or c[0] < first)]
    if early:
        day, how = early[0]
        later = {"approved": Day(first)} if first else {}
        problems.append(("(b)", _COVERED[how, bool(first)](date=Day(day), **later)))
    if first is not None:
        before = tests_of(permit, ctx, first)
        if not before:
            problems.append(("(a)", _NO_TEST_BEFORE(date=Day(first))))
        elif before[-1].leaked:
            problems.append(("(a)", _OVER_A_LEAK(date=Day(first), test=test_ref(before[-1]))))
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
    under = ref(ctx, permit)
    if problems:
        parts = {part for part, _ in problems}
        listed = Items(tuple(Phrase(text) for _, text in problems))
        return violation(
            _NOT_APPROVABLE(permit=under, problems=listed),
            cite=code("119(B)(7)") if len(parts) > 1 else code(f"119(B)(7){parts.pop()}"),
        )
    approved = approvals(permit, ctx)
    if not approved:
        return None
    first = approved[0].date
    test = tests_of(permit, ctx, first)[-1]
    return met(_APPROVED(permit=under, date=Day(first), test=test_ref(test)))
