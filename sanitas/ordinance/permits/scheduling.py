"""'65 Code § 6-8.132 with § 6-8.119(B)(5)-(7) and § 6-8.133: the inspection of each
stage of the work under a permit, and what each stage needs before it is asked for.

§ 6-8.132 has the person doing the work give notice "immediately after the work is
ready for inspection"; the stages are the connection before it is covered (§
6-8.119(B)(7): "No sewer connection shall be covered or concealed in any way until it
has been inspected and approved"), the pressure test (§ 6-8.119(B)(5)-(6)) and the
final inspection, on which the certificate of § 6-8.133 issues. Work that has not
started is not ready for any of them; a connection already covered can no longer be
seen before backfill; a final inspection waits for a passed pressure test (the
connection "shall not be approved" while any part leaks, § 6-8.119(B)(7)); and a void
or finaled permit has no stage left to inspect.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sanitas.ordinance.engine import Context
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Day, Message, Phrase, declare
from sanitas.ordinance.permits.common import history, permit_events
from sanitas.ordinance.permits.testing import (
    cement_problem,
    leak_problem,
    standing_problem,
    tests_of,
)

#: the stages of the work, in the order the work reaches them
STAGES = ("before_backfill", "pressure_test", "final")


@dataclass(frozen=True)
class StageRefusal:
    """One reason an inspection of a stage may not be asked for yet."""

    #: the requirement it rests on
    requirement: str
    said: Message
    #: the fact to open to see or mend it (a test, a covering, the permit)
    about: Any = None


_VOID = declare(
    "prm.inspection.void",
    "{permit} is void since {date}: a new permit is required before its work is inspected",
)
_FINALED = declare(
    "prm.inspection.finaled",
    "{permit} was finaled on {date}: its certificate of final inspection was issued",
)
_NOT_STARTED = declare(
    "prm.inspection.not-started",
    "work under {permit} has not started, so nothing is ready for inspection",
)
_COVERED = declare(
    "prm.inspection.covered",
    "the connection was covered on {date}: it can no longer be inspected before backfill",
)
_NO_TEST = declare(
    "prm.inspection.no-test",
    "a final inspection needs a passed pressure test first, and no pressure test is on record",
)
_TEST_NOT_PASSED = declare(
    "prm.inspection.test-not-passed",
    "a final inspection needs a passed pressure test first: {problem}",
)


def passed_test(permit: Any, ctx: Context, on: date | None = None) -> tuple[Any, Any]:
    """(the latest pressure test by ``on``, what keeps it from passing): (None, None)
    with no test; (test, None) when it passed (no leak, the standing head and pressure
    met, the wait after cement joints kept)."""
    tests = tests_of(permit, ctx, on)
    if not tests:
        return None, None
    latest = tests[-1]
    for problem in (leak_problem, standing_problem, cement_problem):
        found = problem(latest, ctx)
        if found is not None:
            return latest, found
    return latest, None


def stage_refusals(
    permit: Any, stage: str, ctx: Context, on: date | None = None
) -> list[StageRefusal]:
    """Why an inspection of ``stage`` of the work under ``permit`` may not be asked for
    on ``on`` (default: the as-of day); empty when it may."""
    on = ctx.as_of if on is None else on
    state = history(permit, ctx, on)
    name = ref(ctx, permit)
    if state.status == "void":
        return [StageRefusal("PRM-LAPSE", _VOID(permit=name, date=Day(state.void_from)), permit)]
    if state.status == "finaled":
        said = _FINALED(permit=name, date=Day(state.finaled_on))
        return [StageRefusal("PRM-CERTIFICATE", said, permit)]
    if state.started_on is None:
        return [StageRefusal("SEW-INSPECTION-NOTICE", _NOT_STARTED(permit=name), permit)]
    out: list[StageRefusal] = []
    if stage == "before_backfill":
        covered = [c for c in permit_events("work_covered", permit, ctx) if c.date <= on]
        if covered:
            said = _COVERED(date=Day(covered[0].date))
            out.append(StageRefusal("PRM-APPROVAL", said, covered[0]))
    elif stage == "final":
        test, problem = passed_test(permit, ctx, on)
        if test is None:
            out.append(StageRefusal("PRM-PRESSURE", _NO_TEST(), permit))
        elif problem is not None:
            said = _TEST_NOT_PASSED(problem=Phrase(problem))
            out.append(StageRefusal("PRM-PRESSURE", said, test))
    return out
