"""Imports: facts files and the CSV/XLSX feeds, validated whole, stored in one
transaction (a large file in chunks, what a fact names first), safe when two run
at once or one dies half-way."""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from datetime import date, datetime
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from openpyxl import Workbook

from sanitas.bench.records import child_env, drop_database, make_database
from sanitas.intake.feeds import FEEDS, normalize_header, to_date
from sanitas.intake.imports import import_file, rejects_path, write_rejects
from sanitas.ordinance.document import read_data
from sanitas.records import services, store
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.services import record_facts, void_record

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"
FEED_DIR = Path(__file__).parent / "feeds"

PumpOut = RECORD_MODELS["pump_out"]
Establishment = RECORD_MODELS["establishment"]
Premises = RECORD_MODELS["premises"]


@pytest.fixture
def block():
    return record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="test load")


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copyfile(FEED_DIR / name, target)
    return target


def _write_csv(path: Path, rows: list[list]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _history_rows() -> int:
    return sum(model.history.count() for model in RECORD_MODELS.values())


# --------------------------------------------------------------------------- the four feeds


@pytest.mark.parametrize(
    ("name", "fact_type", "rows", "records"),
    [
        ("business-licenses.csv", "establishment", 4, 7),
        ("pump-out-manifests.csv", "pump_out", 3, 3),
        ("hauler-accounts.csv", "collection_service", 4, 4),
        ("food-recovery-pounds.csv", "food_recovery_quantity", 3, 3),
    ],
)
def test_each_feed_imports_and_importing_it_again_changes_nothing(
    block, tmp_path, name, fact_type, rows, records
):
    path = _copy(tmp_path, name)
    first = import_file(path, actor="clerk")
    assert first.ok, first.problems
    assert (first.rows, first.stored_rows, first.created) == (rows, rows, records)
    assert RecordIndex.objects.filter(fact_type=fact_type).count() >= rows
    index, history = RecordIndex.objects.count(), _history_rows()
    again = import_file(path, actor="clerk")
    assert again.ok and (again.created, again.updated, again.unchanged) == (0, 0, records)
    assert (RecordIndex.objects.count(), _history_rows()) == (index, history)


def test_a_manifest_row_becomes_a_pump_out_with_its_manifest_fields(block, tmp_path):
    result = import_file(_copy(tmp_path, "pump-out-manifests.csv"), actor="hauler-portal")
    assert result.ok
    record = PumpOut.objects.get(key="manifest-valley-grease-haulers-vgh-60113")
    assert (record.device, record.date, record.full) == ("el-sol-trap", date(2025, 2, 4), True)
    assert record.hauler_name == "Valley Grease Haulers"
    assert record.manifest_number == "VGH-60113"
    assert (record.water_gallons, record.fog_gallons) == (40, 12)
    assert record.repairs == "replaced baffle gasket"
    assert record.recorded_by == "hauler-portal"
    assert record.recorded_why == "imported from pump-out-manifests.csv"
    assert record.import_source == "pump-out-manifests.csv"
    partial = PumpOut.objects.get(key="manifest-arroyo-liquid-waste-ar-2231")
    assert partial.full is False


def test_the_same_manifest_sent_again_is_one_pump_out_and_a_contradiction_is_refused(
    block, tmp_path
):
    import_file(_copy(tmp_path, "pump-out-manifests.csv"), actor="hauler")
    # the hauler re-sends one manifest in another layout, as it was: nothing changes
    same = _write_csv(
        tmp_path / "resend.csv",
        [
            ["FOG gallons", "DEVICE", "manifest no", "Hauler Name", "Date Pumped", "Complete"],
            ["160", "jade-gi", "VGH-60112", "Valley Grease Haulers", "02/03/2025", "Y"],
        ],
    )
    result = import_file(same, actor="hauler")
    assert result.ok, result.problems
    assert (result.created, result.updated) == (0, 0)
    # the same manifest with other FOG gallons would overwrite what was stored: refused,
    # naming the row, the column and both values, and the stored manifest stays as it was
    contradicting = _write_csv(
        tmp_path / "contradict.csv",
        [
            ["FOG gallons", "DEVICE", "manifest no", "Hauler Name", "Date Pumped", "Complete"],
            ["175", "jade-gi", "VGH-60112", "Valley Grease Haulers", "02/03/2025", "Y"],
        ],
    )
    result = import_file(contradicting, actor="hauler")
    assert not result.ok
    text = " ".join(str(p) for p in result.problems)
    assert "FOG gallons" in text and "175" in text and "160" in text, text
    assert PumpOut.objects.filter(manifest_number="VGH-60112").count() == 1
    record = PumpOut.objects.get(manifest_number="VGH-60112")
    assert record.fog_gallons == 160 and record.operator_name == "R. Ortega"
    assert record.history.count() == 1


def test_the_license_list_makes_establishments_with_their_premises(block, tmp_path):
    result = import_file(_copy(tmp_path, "business-licenses.csv"), actor="clerk")
    assert result.ok and result.ignored_columns == ["Phone"]
    lotus = Establishment.objects.get(key="license-bl-2019-0412")
    assert (lotus.name, lotus.category, lotus.premises) == (
        "Golden Lotus Kitchen",
        "restaurant",
        "5371-012-034",
    )
    assert (lotus.opened_on, lotus.cooks, lotus.meals_per_day) == (date(2019, 3, 15), True, 220)
    grocery = Establishment.objects.get(key="license-bl-2021-0088")
    assert grocery.category == "grocery_store" and grocery.gross_annual_sales == 3_200_000
    pantry = Establishment.objects.get(key="license-bl-2024-0032")
    assert pantry.category == "food_recovery_organization"
    # two businesses on one parcel: one premises
    parcel = Premises.objects.get(key="5371-012-034")
    assert (parcel.zone, parcel.address) == ("C-3", "118 Las Tunas Dr")
    assert Establishment.objects.filter(premises="5371-012-034").count() == 2


def test_a_feed_row_leaves_what_it_leaves_blank_as_it_was(block, tmp_path):
    path = _write_csv(
        tmp_path / "licenses.csv",
        [
            ["license_number", "establishment_id", "business_name", "category", "seats"],
            ["BL-2016-0001", "jade-garden", "Jade Garden Restaurant", "restaurant", ""],
        ],
    )
    result = import_file(path, actor="clerk")
    assert result.ok and result.updated == 1
    jade = Establishment.objects.get(key="jade-garden")
    assert jade.name == "Jade Garden Restaurant"
    assert (jade.seats, jade.meals_per_day, jade.premises) == (140, 320, "lot-101")


def test_food_recovery_months_name_the_same_entry_either_way(block, tmp_path):
    import_file(_copy(tmp_path, "food-recovery-pounds.csv"), actor="coordinator")
    path = _write_csv(
        tmp_path / "pounds.csv",
        [
            ["Reporter", "Partner", "Year", "Month", "LBS"],
            ["mission-market", "valley-pantry", "2025", "1", "412.5"],
        ],
    )
    result = import_file(path, actor="coordinator")
    assert result.ok and (result.created, result.unchanged) == (0, 1)
    entry = RECORD_MODELS["food_recovery_quantity"].objects.get(
        key="frq-mission-market-valley-pantry-2025-01"
    )
    assert (entry.year, entry.month, entry.pounds) == (2025, 1, 412.5)


def test_an_xlsx_feed_reads_like_the_csv(block, tmp_path):
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Valley Grease Haulers: manifests for San Gabriel, February 2025"])
    sheet.append(["HAULER", "Manifest #", "Device Id", "Service Date", "Full?", "Water (gal)"])
    sheet.append(["Valley Grease Haulers", 61001, "jade-gi", datetime(2025, 2, 14), True, 640.0])
    sheet.append([None, None, None, None, None, None])
    sheet.append(["Valley Grease Haulers", "61002", "el-sol-trap", "2/15/2025", "no", "1,200"])
    path = tmp_path / "manifests.xlsx"
    workbook.save(path)
    result = import_file(path, actor="hauler")
    assert result.ok, result.problems
    assert result.kind == "hauler pump-out manifests" and result.rows == 2
    assert [unit.label for unit in result.table.units] == ["row 3", "row 5"]
    first = PumpOut.objects.get(key="manifest-valley-grease-haulers-61001")
    assert (first.manifest_number, first.date, first.full) == ("61001", date(2025, 2, 14), True)
    assert first.water_gallons == 640
    second = PumpOut.objects.get(key="manifest-valley-grease-haulers-61002")
    assert (second.date, second.full, second.water_gallons) == (date(2025, 2, 15), False, 1200)


def test_header_variants_and_cell_formats():
    assert normalize_header("  Manifest # ") == "manifest_number"
    assert normalize_header("Floor Area (sq. ft)") == "floor_area_sq_ft"
    feed = FEEDS["pump-out-manifests"]
    assert feed.resolve("DEVICE") is feed.resolve("device id") is feed.resolve("Device_ID")
    assert to_date("3/5/2025") == to_date("2025-03-05") == to_date(datetime(2025, 3, 5))
    with pytest.raises(ValueError, match="not a calendar date"):
        to_date("2/30/2025")


# --------------------------------------------------------------------------- bad input


BAD_MANIFESTS = [
    ["hauler", "manifest_no", "device", "date", "full", "water_gallons", "fog_gallons"],
    ["Valley Grease Haulers", "VGH-70001", "jade-gi", "2025-02-30", "yes", "800", "160"],
    ["Valley Grease Haulers", "VGH-70002", "no-such-device", "2025-03-01", "yes", "800", "160"],
    ["Valley Grease Haulers", "VGH-70003", "jade-gi", "2025-03-02", "maybe", "-5", "lots"],
    ["Valley Grease Haulers", "VGH-70004", "jade-gi", "2025-03-03", "yes", "800", "160"],
    ["Valley Grease Haulers", "", "jade-gi", "2025-03-03", "yes", "800", "160"],
    ["Valley Grease Haulers", "VGH-70004", "jade-gi", "2025-03-04", "yes", "800", "160"],
    ["Valley Grease Haulers", "VGH-70005", "el-sol", "2025-03-04", "yes", "-800", "160"],
]


def _expected_problems(path: Path) -> list[str]:
    return [
        f"{path}: {line}"
        for line in [
            "row 2, column date: '2025-02-30' is not a calendar date",
            "row 3, column device: no fact has the id 'no-such-device'",
            "row 4, column full: expected yes or no, got 'maybe'",
            "row 4, column fog_gallons: expected a number, got 'lots'",
            "row 4, column water_gallons: input should be greater than or equal to 0 (got -5)",
            "row 6, column manifest_no: required value is missing",
            "row 7, column date: '2025-03-04' differs from '2025-03-03' given for "
            "'manifest-valley-grease-haulers-vgh-70004' in row 5",
            "row 8, column water_gallons: input should be greater than or equal to 0 (got -800)",
            "row 8, column device: 'el-sol' is a establishment, expected device",
        ]
    ]


def test_a_file_with_any_bad_row_stores_nothing_and_names_every_problem(block, tmp_path):
    path = _write_csv(tmp_path / "manifests.csv", BAD_MANIFESTS)
    before = (RecordIndex.objects.count(), _history_rows())
    result = import_file(path, actor="hauler")
    assert not result.stored and result.rejected_rows == 6
    assert result.problems == _expected_problems(path)
    assert (RecordIndex.objects.count(), _history_rows()) == before
    assert not rejects_path(path).exists()


def test_accept_valid_stores_the_good_rows_and_writes_the_rejects_beside_the_input(block, tmp_path):
    path = _write_csv(tmp_path / "manifests.csv", BAD_MANIFESTS)
    result = import_file(path, actor="hauler", accept_valid=True)
    assert result.stored and (result.stored_rows, result.rejected_rows) == (1, 6)
    assert result.problems == _expected_problems(path)
    assert list(
        PumpOut.objects.filter(manifest_number__startswith="VGH-700").values_list(
            "manifest_number", "date"
        )
    ) == [("VGH-70004", date(2025, 3, 3))]
    target = write_rejects(result)
    assert target == tmp_path / "manifests.csv.rejects.csv"
    with target.open(newline="", encoding="utf-8") as handle:
        rejects = list(csv.reader(handle))
    assert rejects[0] == [*BAD_MANIFESTS[0], "problems"]
    assert [row[:-1] for row in rejects[1:]] == [BAD_MANIFESTS[i] for i in (1, 2, 3, 5, 6, 7)]
    assert rejects[3][-1] == (
        "row 4, column full: expected yes or no, got 'maybe'; "
        "row 4, column fog_gallons: expected a number, got 'lots'; "
        "row 4, column water_gallons: input should be greater than or equal to 0 (got -5)"
    )


def test_a_facts_file_names_problems_as_the_engine_does(block, tmp_path):
    path = tmp_path / "facts.yaml"
    path.write_text(
        "name: corrections\n"
        "facts:\n"
        "  - {id: gi-9, type: device, establishment: jade-garden, kind: grease_interceptor,"
        " installed_on: 2024-02-30}\n"
        "  - {type: pump_out, device: gi-9, date: 2025-01-01, full: true}\n"
        "  - {type: pump_out, device: jade-gi, date: 2025-01-02, full: true}\n"
        "  - {id: jade-gi, type: premises}\n"
        "  - 42\n"
    )
    result = import_file(path, actor="clerk")
    assert not result.stored
    assert result.problems == [
        f"{path}: fact 1 (id 'gi-9', device): installed_on: '2024-02-30' is not a calendar date",
        f"{path}: fact 4 (id 'jade-gi', premises): id: 'jade-gi' is already a device record, "
        "not a premises",
        f"{path}: fact 5: a fact is a mapping with a 'type', got 42",
    ]
    accepted = import_file(path, actor="clerk", accept_valid=True)
    assert accepted.stored and accepted.created == 1 and accepted.rejected_rows == 4
    assert f"{path}: fact 2 (pump_out): device: no fact has the id 'gi-9'" in accepted.problems
    write_rejects(accepted)
    with rejects_path(path).open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["fact"], r["type"], r["id"]) for r in rows] == [
        ("1", "device", "gi-9"),
        ("2", "pump_out", ""),
        ("4", "premises", "jade-gi"),
        ("5", "", ""),
    ]
    assert json.loads(rows[0]["json"])["installed_on"] == "2024-02-30"


def test_the_columns_of_exactly_one_of_premises_and_establishment_are_named(block, tmp_path):
    path = _write_csv(
        tmp_path / "accounts.csv",
        [
            ["hauler", "account", "parcel", "establishment", "stream", "start", "gallons"],
            ["Athens", "A-1", "lot-210", "jade-garden", "organics", "2025-01-01", "64"],
            ["Athens", "A-2", "", "", "compost", "2025-01-01", "64"],
        ],
    )
    result = import_file(path, actor="clerk")
    assert result.problems == [
        f"{path}: row 2, column parcel/establishment: give exactly one of 'premises' or "
        "'establishment'",
        f"{path}: row 3, column stream: 'compost' is not one of 'recyclables', 'organics', "
        "'black' or 'total'",
    ]


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("empty.csv", "", "empty: no header row"),
        ("other.csv", "foo,bar\n1,2\n", "the columns are not those of a known feed"),
        (
            "short.csv",
            "hauler,manifest,device\nA,1,jade-gi\n",
            "column 'date' is missing (also accepted: pump_date",
        ),
        ("twice.csv", "hauler,manifest,device,date,pump date,full\n", "are both date"),
        ("data.xls", "", "an .xls workbook; save it as .xlsx or .csv"),
        ("notes.docx", "", "not a facts file (.yaml, .json) or a feed (.csv, .xlsx)"),
        ("broken.xlsx", "not a zip", "not a readable XLSX workbook"),
        ("broken.json", "{", "not valid JSON"),
        ("list.yaml", "facts: {a: 1}\n", "facts: expected a list of facts"),
        ("extra.yaml", "facts: []\nhaulers: []\n", "haulers: unknown top-level field"),
    ],
)
def test_a_file_that_cannot_be_read_is_one_clear_line(block, tmp_path, name, content, problem):
    path = tmp_path / name
    path.write_text(content)
    before = RecordIndex.objects.count()
    result = import_file(path, actor="clerk")
    assert not result.stored and len(result.problems) >= 1
    assert problem in result.problems[0] and result.problems[0].startswith(f"{path}: ")
    assert RecordIndex.objects.count() == before


def test_a_missing_file_is_one_clear_line(tmp_path):
    result = import_file(tmp_path / "nowhere.csv", actor="clerk")
    assert result.problems == [
        f"{tmp_path / 'nowhere.csv'}: cannot read: No such file or directory"
    ]


def test_an_import_does_not_restore_a_voided_record(block, tmp_path):
    path = _copy(tmp_path, "pump-out-manifests.csv")
    import_file(path, actor="hauler")
    key = "manifest-arroyo-liquid-waste-ar-2231"
    void_record(key=key, actor="clerk", why="sent by the wrong hauler")
    result = import_file(path, actor="hauler")
    assert result.ok and (result.stored_rows, result.skipped_rows) == (2, 1)
    assert result.notes == [
        f"{path}: row 4: skipped: '{key}' was voided by clerk on "
        f"{PumpOut.objects.get(key=key).voided_at.date().isoformat()} "
        "(sent by the wrong hauler); an import does not restore it"
    ]
    assert PumpOut.objects.get(key=key).voided_at is not None
    assert RecordIndex.objects.get(key=key).voided


# --------------------------------------------------------------------------- atomicity in process


def test_an_import_that_fails_half_way_leaves_nothing(tmp_path, monkeypatch):
    # (the import's transaction is a savepoint inside the test's: its rollback is the
    # same; a real process killed mid-write is tested below)
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk")
    before = _snapshot_here()
    path = _copy(tmp_path, "business-licenses.csv")  # premises first, then establishments
    real = services._insert_new
    calls = []

    def fail_on_second_table(model, rows, **kwargs):
        calls.append(model.fact_type)
        if len(calls) == 2:
            raise RuntimeError("disk full")
        real(model, rows, **kwargs)

    monkeypatch.setattr(services, "_insert_new", fail_on_second_table)
    with pytest.raises(RuntimeError, match="disk full"):
        import_file(path, actor="clerk")
    assert len(calls) == 2
    assert _snapshot_here() == before


def test_a_large_file_stored_in_chunks_is_stored_as_one_transaction_would(tmp_path, monkeypatch):

    document = read_data(BLOCK)
    # the facts in reverse: each names facts that come after it in the file
    path = tmp_path / "reversed.json"
    path.write_text(json.dumps({"facts": list(reversed(document["facts"]))}, default=str))
    from django.db import transaction

    with transaction.atomic():  # the same file in one transaction, to compare with
        import_file(path, actor="clerk")
        whole = _partition()
        transaction.set_rollback(True)
    assert not RecordIndex.objects.exists() and whole
    monkeypatch.setattr(store, "STORE_CHUNK", 3)
    commits = []
    real = services.record_facts
    monkeypatch.setattr(
        store, "record_facts", lambda **kw: commits.append(len(kw["raw_facts"])) or real(**kw)
    )
    moved = []
    result = import_file(
        path, actor="clerk", advance=lambda done, total: moved.append((done, total))
    )
    assert result.ok, result.problems
    assert len(commits) > 1 and sum(commits) == len(document["facts"])
    assert result.created == len(document["facts"]) and moved[-1] == (result.rows, result.rows)
    # the same records, in the same subject groups (a group may be named by another member)
    assert _partition() == whole


def _partition() -> list[list[str]]:
    groups: dict[str, list[str]] = {}
    for key, group in RecordIndex.objects.values_list("key", "subject_group"):
        groups.setdefault(group, []).append(key)
    return sorted(sorted(keys) for keys in groups.values())


def test_store_order_puts_what_a_fact_names_first_and_a_cycle_together():
    from sanitas.records.store import store_order

    raws = [
        {"id": "a", "type": "x", "of": "b"},
        {"id": "b", "type": "x", "of": ["c"]},
        {"id": "c", "type": "x"},
        {"id": "d", "type": "x", "of": "e"},
        {"id": "e", "type": "x", "of": "d"},
    ]
    order = store_order(raws)
    assert order.index([2]) < order.index([1]) < order.index([0])
    assert [3, 4] in order and sum(map(len, order)) == 5


def test_an_import_waits_its_turn_when_another_writer_holds_the_database(
    block, tmp_path, monkeypatch
):
    from types import SimpleNamespace

    from django.db import OperationalError, transaction

    attempts = []

    def atomic(*args, **kwargs):
        attempts.append(1)
        if len(attempts) == 1:  # SQLite's busy timeout ran out before BEGIN IMMEDIATE
            raise OperationalError("database is locked")
        return transaction.atomic(*args, **kwargs)

    fake = SimpleNamespace(atomic=atomic, set_rollback=transaction.set_rollback)
    monkeypatch.setattr(store, "transaction", fake)
    said = []
    result = import_file(_copy(tmp_path, "pump-out-manifests.csv"), actor="h", progress=said.append)
    assert result.ok and result.created == 3
    assert "waiting for another writer (1)" in [str(line) for line in said]


def _snapshot_here() -> dict:
    return {
        "index": sorted(RecordIndex.objects.values_list("key", "fact_type", "subject_group")),
        "history": _history_rows(),
    }


# --------------------------------------------------------------------------- processes at once

# Two processes, each with its own connection, against a private database (a
# SQLite file, or a database on the PostgreSQL server of DATABASE_URL) that is a
# copy of a seeded template.

SERVER = os.environ.get("DATABASE_URL") or None

SNAPSHOT = """
import json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
import django
django.setup()
from sanitas.records.bridge import record_to_fact
from sanitas.records.models import RECORD_MODELS, RecordIndex, SubjectGroup
out = {"records": {}, "history": {}}
for fact_type, model in RECORD_MODELS.items():
    rows = [
        [r.key, r.subject_group, r.voided_at is None, record_to_fact(r)]
        for r in model.objects.order_by("key")
    ]
    if rows:
        out["records"][fact_type] = rows
        out["history"][fact_type] = model.history.count()
out["index"] = list(
    RecordIndex.objects.order_by("key").values_list("key", "fact_type", "subject_group", "voided")
)
out["groups"] = list(SubjectGroup.objects.order_by("key").values_list("key", flat=True))
print(json.dumps(out, default=str))
"""


def _sanitas(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sanitas", *map(str, args)],
        env=child_env(env),
        capture_output=True,
        text=True,
    )


def _snapshot(env: dict) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", SNAPSHOT], env=child_env(env), capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _manifests(path: Path, numbers: range, devices: list[str]) -> Path:
    rows = [["Hauler", "Manifest #", "Device ID", "Date", "Full", "Operator", "FOG gallons"]]
    for n in numbers:
        day = date(2025, 1 + n % 12, 1 + n % 28).isoformat()
        rows.append(
            [
                "Foothill Pumping",
                f"FP-{n}",
                devices[n % len(devices)],
                day,
                "yes",
                "D. Kim",
                n % 300,
            ]
        )
    return _write_csv(path, rows)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A migrated database holding a small synthetic city (and its devices)."""
    from sanitas.bench.engine import CityGenerator

    folder = tmp_path_factory.mktemp("template")
    city = folder / "city.json"
    document = CityGenerator(29).city(40)
    city.write_text(json.dumps(document))
    devices = sorted(f["id"] for f in document["facts"] if f["type"] == "device")
    env = make_database(SERVER)
    proc = _sanitas(env, "import", city)
    assert proc.returncode == 0, proc.stderr
    yield env, devices
    drop_database(SERVER, env)


@pytest.fixture
def private_db(template):
    env = make_database(SERVER, template=template[0])
    yield env, template[1]
    drop_database(SERVER, env)


@pytest.fixture
def second_db(template):
    env = make_database(SERVER, template=template[0])
    yield env
    drop_database(SERVER, env)


def test_two_imports_of_overlapping_files_at_once_are_as_if_one_ran_after_the_other(
    private_db, second_db, tmp_path
):
    env, devices = private_db
    first = _manifests(tmp_path / "first.csv", range(0, 800), devices)
    second = _manifests(tmp_path / "second.csv", range(400, 1200), devices)
    command = [sys.executable, "-m", "sanitas", "import"]
    procs = [
        subprocess.Popen(
            [*command, path],
            env=child_env(env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for path in (first, second)
    ]
    outputs = [proc.communicate(timeout=600) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], outputs
    together = _snapshot(env)
    for path in (first, second):
        proc = _sanitas(second_db, "import", path)
        assert proc.returncode == 0, proc.stderr
    one_after_the_other = _snapshot(second_db)
    assert together == one_after_the_other
    pump_outs = [row[3] for row in together["records"]["pump_out"]]
    assert sum(1 for fact in pump_outs if fact.get("hauler_name") == "Foothill Pumping") == 1200


def _writing(env: dict) -> bool:
    """Whether an import has written into its (uncommitted) transaction yet."""
    if SERVER is None:
        wal = Path(env["SANITAS_DATA_DIR"]) / "sanitas.sqlite3-wal"
        return wal.exists() and wal.stat().st_size > 1_000_000
    import psycopg

    name = urlsplit(env["DATABASE_URL"]).path.lstrip("/")
    with psycopg.connect(SERVER, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND backend_xid IS NOT NULL",
            [name],
        ).fetchone()
    return row[0] > 0


def test_an_import_killed_while_it_writes_leaves_whole_chunks_and_finishes_when_run_again(
    private_db, second_db, tmp_path
):
    # a large file is stored in chunks (so that sign-ins and other writers go on while
    # it is stored): a kill leaves whole chunks, each record with its index, group and
    # history, and importing the file again ends as one import of it would have
    env, devices = private_db
    before = _snapshot(env)
    big = _manifests(tmp_path / "big.csv", range(0, 15_000), devices)
    proc = subprocess.Popen(
        [sys.executable, "-m", "sanitas", "import", big],
        env=child_env(env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while proc.poll() is None and not _writing(env):
            time.sleep(0.05)
        if proc.poll() is not None:
            pytest.fail("the import finished before it could be killed: make the file bigger")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    killed = _snapshot(env)
    new = len(killed["index"]) - len(before["index"])
    assert 0 <= new < 15_000, new
    stored = {row[0] for rows in killed["records"].values() for row in rows}
    assert {row[0] for row in killed["index"]} == stored  # no record without its index
    done = _sanitas(env, "import", big)
    assert done.returncode == 0, done.stderr
    once = _sanitas(second_db, "import", big)
    assert once.returncode == 0, once.stderr
    assert _snapshot(env) == _snapshot(second_db)
