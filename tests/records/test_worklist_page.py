"""The worklist's page of lines is computed by the database — from the lines the
sweep keeps, or, for filters that cut runs, by a window over each obligation's
run — and equals the lines computed from every open finding."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User

from sanitas.kit import selectors

from ..conftest import DEMO_AS_OF

pytestmark = pytest.mark.django_db

AS_OF = DEMO_AS_OF


def _key(line) -> list[int]:
    return [f.pk for f in line.findings]


@pytest.fixture
def demo(demo_city):
    """The demo city as of 2026-06-15, a copy for the module (tests/conftest.py): each
    test's writes are rolled back after it."""
    return demo_city


def test_every_page_of_lines_equals_the_lines_of_every_finding(demo):
    user = User.objects.create_user("sup")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    for sort in ("action", "due", "-due", "requirement", "-subject", "status"):
        _pages_equal(user, sort)
    _kept_lines_page_as_every_finding(user)


def _pages_equal(user, sort: str, *, kept: bool = False, **filters) -> None:
    filters = {"program": "all", "include_late": True, **filters}
    findings = selectors.worklist(user, today=AS_OF, sort=sort, **filters)
    everything = selectors.worklist_lines(list(findings))
    assert everything
    if filters == {"program": "all", "include_late": True}:
        assert any(line.collapsed for line in everything)  # the demo has long runs
    rows = None
    if kept:
        rows = selectors.worklist_rows(user, sort=sort, **filters)
    per_page = 97  # some seventeen pages: boundaries inside runs, without paging 40 times a sort
    pages = -(-len(everything) // per_page)
    seen = []
    for number in range(1, pages + 1):
        page, lines = selectors.worklist_page(findings, page=number, per_page=per_page, rows=rows)
        assert page.paginator.count == len(everything)
        if kept:
            assert page.finding_count == findings.count()
        seen.extend(lines)
    assert [_key(line) for line in seen] == [_key(line) for line in everything]


SORTS = (
    "action",
    "-action",
    "due",
    "-due",
    "requirement",
    "-requirement",
    "subject",
    "-subject",
    "status",
    "-status",
)


def _kept_lines_page_as_every_finding(supervisor) -> None:
    """The lines the sweep keeps page as the lines of every finding."""
    for sort in SORTS:
        _pages_equal(supervisor, sort, kept=True)
    for filters in (
        {"include_late": False},
        {"status": "overdue"},
        {"program": "fog"},
        {"program": "sb1383", "status": "due"},
    ):
        _pages_equal(supervisor, "action", kept=True, **filters)
        _pages_equal(supervisor, "-due", kept=True, **filters)
    # a role sees its program's lines only, as it sees its findings
    inspector = User.objects.create_user("fog")
    inspector.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    _pages_equal(inspector, "due", kept=True)


def test_the_kept_lines_follow_every_write_and_a_void(demo):
    """A write re-evaluates its groups in its transaction: the kept lines equal those
    made anew from the findings after it, and after a void."""
    from django.db import connection
    from django.utils import timezone

    from sanitas.records import worklist
    from sanitas.records.models import WorklistRow
    from sanitas.records.services import record_facts, void_record

    def kept() -> list[tuple]:
        # every field of every line, as the database holds it (the ids of the findings
        # as stored: on SQLite the very text, whichever way it was written)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {', '.join(worklist.LINE_FIELDS)} FROM records_worklist_row")
            return sorted(cursor.fetchall())

    before = kept()
    worklist.rebuild_all(now=timezone.now())
    assert kept() == before and before
    gi = next(r for r in WorklistRow.objects.filter(requirement="FOG-MIN-FREQUENCY"))
    record_facts(
        raw_facts=[
            {
                "id": "pump-test-1",
                "type": "pump_out",
                "device": gi.subject,
                "date": AS_OF.isoformat(),
                "full": True,
            }
        ],
        actor=None,
        why="test",
        source="test",
    )
    after = kept()
    worklist.rebuild_all(now=timezone.now())
    assert kept() == after and after != before
    void_record(key="pump-test-1", actor="clerk", why="entered in error")
    voided = kept()
    worklist.rebuild_all(now=timezone.now())
    assert kept() == voided
