"""Drafting refuses a second notice of a noncompliance while the one served for it
still gives time to comply (the legal review of drafted notices, docs/legal-review.md:
two live notices would give the recipient two deadlines); a corrected notice that
supersedes a served one is drafted all the same."""

from __future__ import annotations

from datetime import timedelta

import pytest

from sanitas.notices import services
from sanitas.notices.services import NoticeError

from .conftest import AS_OF, draft, serve

pytestmark = pytest.mark.django_db


def test_a_second_notice_is_refused_while_the_first_runs(served_nov):
    with pytest.raises(NoticeError) as refused:
        draft("ORG-COM-ENROLL", "p-casa")
    deadline = (AS_OF + timedelta(days=60)).isoformat()
    assert refused.value.problems == [
        f"finding: as of {AS_OF} the notice of violation of {AS_OF} answers it and gives until "
        f"{deadline} to comply; no second notice of the same noncompliance is drafted while it "
        "runs"
    ]


def test_a_corrected_notice_still_supersedes_the_one_it_corrects(served_nov):
    new = services.supersede_notice(
        notice_id=served_nov.pk, actor="coordinator", why="the owner's tax address was corrected"
    )
    served = serve(new, served_on=AS_OF + timedelta(days=3))
    assert served.state == "served" and served.supersedes_id == served_nov.pk
