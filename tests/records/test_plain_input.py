"""Numbers written with other digits than 0-9 or with underscores, and keys outside
the safe characters, refused at every door of the records with a message naming the
record and the field: a CSV and an XLSX feed, a facts file, the API's bodies, paths
and query parameters. (The record forms: tests/web/test_record_forms.py; the
vocabulary and its fast path: tests/test_bad_input.py.) Python's ``int()``,
``float()`` and ``Decimal()`` would read ``1_000`` as 1000 and ``１２`` as 12."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any
from urllib.parse import quote

import orjson
import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from openpyxl import Workbook

from sanitas.api.services import issue_api_token
from sanitas.intake.feeds import exact_manifest_key
from sanitas.intake.imports import import_file
from sanitas.ordinance.bounds import key_problem
from sanitas.ordinance.document import read_data
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.services import record_facts

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"
LICENSES = ["License Number", "Category", "Business Name", "Seats", "Gross Annual Sales"]
MANIFESTS = ["Hauler", "Manifest #", "Device ID", "Pump Date", "Full Pump-Out", "FOG Gallons"]


@pytest.fixture
def block():
    return record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="test load")


def _stored() -> int:
    return RecordIndex.objects.count() + sum(m.history.count() for m in RECORD_MODELS.values())


def _csv(path: Path, rows: list[list[Any]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _xlsx(path: Path, rows: list[list[Any]]) -> Path:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    book.save(path)
    return path


UNDERSCORE = "holds an underscore at character 2; write the number with the digits 0-9 alone"
FULL_WIDTH = "holds '１' (U+FF11 FULLWIDTH DIGIT ONE) at character 1"
ARABIC_INDIC = "holds '٣' (U+0663 ARABIC-INDIC DIGIT THREE) at character 1"


@pytest.mark.parametrize("write", [_csv, _xlsx], ids=["csv", "xlsx"])
def test_a_feed_refuses_numbers_not_written_with_0_to_9(block, tmp_path, write):
    rows = [
        LICENSES,
        ["BL-1", "restaurant", "Arroyo Pho", "1_000", "250000"],
        ["BL-2", "restaurant", "Casa Verde", "40", "１２0000"],
        ["BL-3", "restaurant", "Mission Deli", "٣٠", "1,250,000"],
        ["BL-4", "restaurant", "Valley Cafe", "30", "$1,250.50"],
    ]
    path = write(tmp_path / f"licenses{write.__name__}.{write.__name__[1:]}", rows)
    before = _stored()
    result = import_file(path, actor="clerk")
    assert not result.ok and _stored() == before
    said = "\n".join(result.problems)
    assert f"row 2, column Seats: expected a whole number, got '1_000', which {UNDERSCORE}" in said
    assert (
        f"row 3, column Gross Annual Sales: expected an amount in dollars, got '１２0000', "
        f"which {FULL_WIDTH}" in said
    )
    assert f"row 4, column Seats: expected a whole number, got '٣٠', which {ARABIC_INDIC}" in said
    assert "row 5" not in said  # thousands separators and a dollar sign are as before
    result = import_file(path, actor="clerk", accept_valid=True)
    assert result.stored_rows == 1 and result.rejected_rows == 3


def test_a_feed_refuses_dates_and_keys_written_with_other_characters(block, tmp_path):
    rows = [
        MANIFESTS,
        ["Valley Grease", "VG-1", "jade-gi", "２０２５-02-03", "yes", "100"],
        ["Valley Grease", "VG-2", "jade gi", "2025-02-03", "yes", "1_00"],
        ["Valley Grease", "VG-3", "jade-gi", "2025-02-03", "yes", "100"],
    ]
    result = import_file(_csv(tmp_path / "manifests.csv", rows), actor="hauler")
    said = "\n".join(result.problems)
    assert "row 2, column Pump Date: expected a date (YYYY-MM-DD or MM/DD/YYYY)" in said
    assert "row 3, column Device ID: 'jade gi' holds ' ' (U+0020 SPACE) at character 5" in said
    assert f"row 3, column FOG Gallons: expected a number, got '1_00', which {UNDERSCORE}" in said
    assert "row 4" not in said


def test_a_license_number_with_spaces_makes_a_key_and_an_id_column_must_be_one(block, tmp_path):
    """A key made from a value (``license-bl-7-a``) is always one; a key taken as it
    is written (an ``establishment_id`` column) must be one already."""
    rows = [
        ["License Number", "Establishment ID", "Category", "Business Name"],
        ["BL 7 A", "", "restaurant", "Arroyo Pho"],
        ["BL-8", "new cafe", "restaurant", "New Cafe"],
    ]
    result = import_file(_csv(tmp_path / "licenses.csv", rows), actor="clerk", accept_valid=True)
    assert result.stored_rows == 1 and result.rejected_rows == 1
    assert RecordIndex.objects.filter(key="license-bl-7-a").exists()
    said = "\n".join(result.problems)
    assert "row 3, column Establishment ID: 'new cafe' holds ' ' (U+0020 SPACE)" in said


def test_an_exact_manifest_key_is_a_key_for_any_hauler_and_number():
    pairs = [
        ("Valley Grease, Inc.", "A/100"),
        ("Valley:Grease", "100"),
        ("Valley%3AGrease", "100"),
        ("陳記清潔", "No. 7 ~ 8"),
        ('Hauler "Quoted" <x>', "\\back"),
    ]
    keys = [exact_manifest_key(*pair) for pair in pairs]
    assert all(key_problem(key) is None for key in keys), keys
    assert len(set(keys)) == len(pairs)
    assert keys[0] == "manifest:Valley~20Grease~2C~20Inc.:A~2F100"


def test_a_facts_file_refuses_underscored_numbers_and_odd_keys_naming_fact_and_field(
    block, tmp_path
):
    path = tmp_path / "facts.yaml"
    path.write_text(
        "facts:\n"
        "  - {id: new-cafe, type: establishment, category: restaurant, seats: 1_000}\n"
        "  - {id: 'new bakery', type: establishment, category: restaurant}\n"
        "  - {id: new-deli, type: establishment, category: restaurant,"
        " gross_annual_sales: '１２'}\n",
        encoding="utf-8",
    )
    before = _stored()
    result = import_file(path, actor="clerk")
    assert not result.ok and _stored() == before
    said = "\n".join(result.problems)
    label = "fact 1 (id 'new-cafe', establishment)"
    assert f"{label}: seats: expected a whole number, got '1_000', which {UNDERSCORE}" in said
    assert "fact 2 (id 'new bakery', establishment): id: 'new bakery' holds ' '" in said
    label = "fact 3 (id 'new-deli', establishment): gross_annual_sales"
    assert f"{label}: expected an amount in dollars: '１２' {FULL_WIDTH}" in said


# --------------------------------------------------------------------------- the API


@pytest.fixture
def api() -> Client:
    from django.contrib.auth.models import Group

    clerk = get_user_model().objects.create_user("plain-clerk", password="not-used-here")
    clerk.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    token = issue_api_token(
        username="plain-clerk", name="plain input", actor="admin", scopes=["read", "write"]
    )
    return Client(HTTP_AUTHORIZATION=f"Bearer {token.secret}")


def _detail(response) -> list[str]:
    assert response.status_code == 422, response.content
    return response.json()["detail"]


@pytest.mark.parametrize(
    ("written", "flaw"),
    [("1_0", "holds an underscore at character 2"), ("１０", FULL_WIDTH)],
)
def test_the_api_refuses_such_numbers_in_a_query_a_path_and_a_body(api, block, written, flaw):
    sent = quote(written)
    (problem,) = _detail(api.get(f"/api/findings?limit={sent}"))
    assert problem.startswith(f"query.limit: '{written}' {flaw}"), problem
    (problem,) = _detail(api.get(f"/api/records?offset={sent}"))
    assert problem.startswith(f"query.offset: '{written}' {flaw}"), problem
    (problem,) = _detail(api.get(f"/api/findings/{sent}/history"))
    assert problem.startswith(f"path.finding_id: '{written}' {flaw}"), problem
    (problem,) = _detail(api.get(f"/api/notices/{sent}"))
    assert problem.startswith(f"path.notice_id: '{written}' {flaw}"), problem
    body = orjson.dumps({"finding": written})
    (problem,) = _detail(api.post("/api/notices", body, content_type="application/json"))
    assert problem.startswith(f"body.body.finding: '{written}' {flaw}"), problem
    body = orjson.dumps({"amount": written})
    response = api.patch("/api/notices/1", body, content_type="application/json")
    (problem,) = _detail(response)
    assert problem.startswith(f"body.body.amount: '{written}' {flaw}"), problem
    # written plainly, the same values are taken
    assert api.get("/api/findings?limit=10").status_code == 200


def test_the_api_refuses_such_numbers_and_keys_in_a_facts_document(api, block):
    facts = [
        {"id": "e 1", "type": "establishment", "category": "restaurant"},
        {"id": "e-2", "type": "establishment", "category": "restaurant", "seats": "1_000"},
        {"id": "e-3", "type": "establishment", "category": "restaurant", "premises": "lot 1"},
        {
            "id": "e-4",
            "type": "establishment",
            "category": "restaurant",
            "gross_annual_sales": "٣٠",
        },
    ]
    document = orjson.dumps({"facts": facts, "as_of": "2025-03-01"})
    for path in ("/api/evaluate", "/api/records"):
        problems = _detail(api.post(path, document, content_type="application/json"))
        said = "\n".join(problems)
        assert "fact 1 (id 'e 1', establishment): id: 'e 1' holds ' ' (U+0020 SPACE)" in said
        assert "fact 2 (id 'e-2', establishment): seats: expected a whole number" in said
        assert "fact 3 (id 'e-3', establishment): premises: 'lot 1' holds ' '" in said
        label = "fact 4 (id 'e-4', establishment): gross_annual_sales"
        assert f"{label}: expected an amount in dollars: '٣٠' {ARABIC_INDIC}" in said
    assert not RecordIndex.objects.filter(key__in=["e-2", "e-3", "e-4"]).exists()
