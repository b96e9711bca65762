"""An import and a form's post go down the floors once (docs/architecture.md, "A
form's post" and "An import"): the edge's floor hands the records one call, only the
records floor writes and asks the engine to evaluate, and nothing below calls back up
but the observers the edge passes to hear of progress (which decide nothing). The
tracer (``tests/tracing.py``) records every call that crosses floors."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from sanitas.intake.imports import import_file

from ..tracing import climbs, crossings, entries
from .test_one_writer import _frequency, _manifest, block, by_form  # noqa: F401

pytestmark = pytest.mark.django_db

FLOORS = ["web", "intake", "kit", "access", "records", "ordinance"]
#: what the form reads of the records' modules without entering the records: the
#: vocabulary's annotations (``unwrap``, for the form's fields) and the count of the
#: result the write returned (``changed``)
READING_AIDS = {"unwrap", "changed"}


def test_an_import_hands_the_records_one_call(block, tmp_path: Path) -> None:  # noqa: F811
    told: list[str] = []
    seen = crossings(
        lambda: import_file(
            _manifest(tmp_path), actor="clerk", progress=told.append, on_stored=told.append
        )
    )
    # (besides the progress lines it tells its observer, made with the records' ``said``,
    # which decides nothing)
    into = [c[2] for c in entries(seen, "intake", "records") if c[2] != "said"]
    assert into == ["store_rows"], seen
    assert climbs(seen, FLOORS) == [], climbs(seen, FLOORS)
    # intake reads the file with the vocabulary's readers and bounds; it never asks
    # the engine to evaluate: the records do, once the rows are stored
    read = {c[1] for c in entries(seen, "intake", "ordinance")}
    assert read <= {
        "sanitas.ordinance.bounds",
        "sanitas.ordinance.document",
        "sanitas.ordinance.facts",
    }, read
    assert "evaluate_facts" in {c[2] for c in entries(seen, "records", "ordinance")}
    assert _frequency()[-2:] == ["late", "due"]
    assert told and any("storing" in str(line) for line in told)


def test_a_forms_post_hands_the_records_one_call(block, tmp_path: Path, client: Client) -> None:  # noqa: F811
    seen = crossings(lambda: by_form(tmp_path, client))
    into = [c for c in entries(seen, "web", "records") if c[2] not in READING_AIDS]
    assert [c[2] for c in into] == ["record_facts"], into
    assert climbs(seen, FLOORS) == [], climbs(seen, FLOORS)
    asked = {c[2] for c in entries(seen, "web", "ordinance")}
    assert "evaluate_facts" not in asked and "parse_facts" not in asked, asked
    assert _frequency()[-2:] == ["late", "due"]
