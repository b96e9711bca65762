"""The edible food rules' months due, found in one step on the fast path, are the
months the reference path finds month by month."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from sanitas.ordinance.edible_food import (
    _months_due_in_one_step,
    _months_due_month_by_month,
)

days = st.dates(min_value=date(2019, 1, 1), max_value=date(2031, 12, 31))


@settings(max_examples=600, deadline=None)
@given(first=days, last=days, grace=st.integers(min_value=-60, max_value=400), as_of=days)
def test_the_months_due_are_the_same_both_ways(
    first: date, last: date, grace: int, as_of: date
) -> None:
    expected = list(_months_due_month_by_month(first, last, grace, as_of))
    assert _months_due_in_one_step(first, last, grace, as_of) == expected


def test_the_months_due_stop_where_the_records_are_not_yet_due() -> None:
    # records of a month are due 30 days after it ends: on 2025-06-30, May's are not
    found = _months_due_in_one_step(date(2025, 1, 15), date(2025, 12, 1), 30, date(2025, 6, 30))
    assert found == ["2025-01", "2025-02", "2025-03", "2025-04"]
    assert _months_due_in_one_step(date(2025, 6, 1), date(2025, 7, 1), 30, date(2025, 6, 30)) == []
