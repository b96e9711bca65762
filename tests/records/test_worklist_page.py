"""The worklist's page of lines is computed by the database (a window over each
obligation's run) and equals the lines computed from every open finding."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User

from sanitas.intake.demo import load_demo
from sanitas.staff import selectors

pytestmark = pytest.mark.django_db

AS_OF = date(2026, 6, 15)


def _key(line) -> list[int]:
    return [f.pk for f in line.findings]


def test_every_page_of_lines_equals_the_lines_of_every_finding():
    load_demo(as_of=AS_OF, seed=91776)
    user = User.objects.create_user("sup")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    for sort in ("action", "due", "-due", "requirement", "-subject", "status"):
        _pages_equal(user, sort)


def _pages_equal(user, sort: str) -> None:
    findings = selectors.worklist(user, today=AS_OF, program="all", sort=sort, include_late=True)
    everything = selectors.worklist_lines(list(findings))
    assert any(line.collapsed for line in everything)  # the demo has long runs
    per_page = 37
    pages = -(-len(everything) // per_page)
    seen = []
    for number in range(1, pages + 1):
        page, lines = selectors.worklist_page(findings, page=number, per_page=per_page)
        assert page.paginator.count == len(everything)
        seen.extend(lines)
    assert [_key(line) for line in seen] == [_key(line) for line in everything]
