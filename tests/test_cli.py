"""The command line: evaluate, check, requirements, vocabulary; exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sanitas.cli import main

from .conftest import ROOT, SHARED_SCENARIOS

QUARTERLY = SHARED_SCENARIOS / "fog-pump-out-quarterly-default.yaml"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_evaluate_prints_the_json_shape_of_the_contract(capsys):
    code, out, err = run(capsys, "evaluate", str(QUARTERLY))
    assert code == 0 and err == ""
    result = json.loads(out)
    assert list(result) == ["as_of", "jurisdiction", "findings", "derived", "data_problems"]
    assert result["as_of"] == "2025-03-01" and result["jurisdiction"] == "san-gabriel"
    finding = next(
        f
        for f in result["findings"]
        if f["requirement"] == "FOG-MIN-FREQUENCY" and f["subject"] == "gi-1"
    )
    assert list(finding) == [
        "requirement",
        "subject",
        "status",
        "due",
        "period",
        "cite",
        "explanation",
        "reading",
    ]
    assert finding["status"] == "overdue" and finding["due"] == "2025-01-02"
    assert finding["cite"] == "§ 51.64(B)"
    assert finding["explanation"].endswith(".") and "2024-10-02" in finding["explanation"]
    assert {"subject": "gi-1", "name": "next_pump_out_due", "value": "2025-01-02"} in result[
        "derived"
    ]


def test_evaluate_as_of_overrides_the_file(capsys):
    _, out, _ = run(capsys, "evaluate", str(QUARTERLY), "--as-of", "2024-12-01")
    result = json.loads(out)
    assert result["as_of"] == "2024-12-01"
    finding = next(
        f
        for f in result["findings"]
        if f["requirement"] == "FOG-MIN-FREQUENCY" and f["subject"] == "gi-1"
    )
    assert finding["status"] == "due"


def test_the_same_input_gives_byte_identical_output():
    outputs = {
        subprocess.run(
            [sys.executable, "-m", "sanitas", "evaluate", str(path)],
            capture_output=True,
            check=True,
        ).stdout
        for path in [SHARED_SCENARIOS / "org-nov-and-penalties.yaml"] * 3
    }
    assert len(outputs) == 1


def test_findings_and_derived_are_sorted(capsys):
    for path in sorted(SHARED_SCENARIOS.glob("*.yaml")):
        _, out, _ = run(capsys, "evaluate", str(path))
        result = json.loads(out)
        subjects = [(f["subject"], f["requirement"]) for f in result["findings"]]
        assert subjects == sorted(subjects)
        names = [(d["subject"], d["name"]) for d in result["derived"]]
        assert names == sorted(names)


def test_table_format_fits_an_80_column_terminal(capsys):
    for path in sorted(SHARED_SCENARIOS.glob("*.yaml")):
        code, out, _ = run(capsys, "evaluate", str(path), "--format", "table")
        assert code == 0
        assert max(len(line) for line in out.splitlines()) <= 80, path.name
    _, out, _ = run(capsys, "evaluate", str(QUARTERLY), "--format", "table")
    assert "gi-1" in out and "FOG-MIN-FREQUENCY" in out and "§ 51.64(B)" in out
    hazard = ROOT / "tests" / "scenarios" / "sw-fire-hazard-notice-day-of.yaml"
    _, out, _ = run(capsys, "evaluate", str(hazard), "--format", "table")
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "'65 Code § 6-4.104(A)" in out


def test_bad_input_exits_2_with_one_line_per_problem(capsys):
    code, out, err = run(capsys, "evaluate", str(ROOT / "tests" / "bad" / "unknown-type.yaml"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 11
    assert "Traceback" not in err


def test_missing_file_and_missing_as_of(capsys, tmp_path: Path):
    code, _, err = run(capsys, "evaluate", str(tmp_path / "nope.yaml"))
    assert code == 2 and "cannot read" in err
    path = tmp_path / "undated.yaml"
    path.write_text("facts: []\n")
    code, _, err = run(capsys, "evaluate", str(path))
    assert code == 2 and "as_of: no as-of date" in err
    code, out, _ = run(capsys, "evaluate", str(path), "--as-of", "2025-01-01")
    assert code == 0 and json.loads(out)["findings"] == []


def test_a_bad_as_of_option_exits_2(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["evaluate", str(QUARTERLY), "--as-of", "2025-02-30"])
    assert caught.value.code == 2
    assert "2025-02-30" in capsys.readouterr().err


def test_check_passes_the_public_scenarios(capsys):
    code, out, _ = run(capsys, "check", *map(str, sorted(SHARED_SCENARIOS.glob("*.yaml"))))
    assert code == 0, out
    assert out.strip().splitlines()[-1].endswith(" passed, 0 failed")


def test_check_reports_each_failed_expectation(capsys, tmp_path: Path):
    text = QUARTERLY.read_text().replace("status: overdue, due: 2025-01-02", "status: met")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text)
    code, out, _ = run(capsys, "check", str(wrong))
    assert code == 1
    lines = out.strip().splitlines()
    assert lines[0] == (
        f"{wrong}: expect.findings[0]: FOG-MIN-FREQUENCY on gi-1: expected met; "
        "found overdue due 2025-01-02 period 2025-01-02; late due 2024-09-28 period 2024-09-28"
    )
    assert lines[-1].endswith("passed, 1 failed")


def test_check_of_a_bad_file_exits_2(capsys):
    code, out, _ = run(capsys, "check", str(ROOT / "tests" / "bad" / "unknown-type.yaml"))
    assert code == 2
    assert "unknown fact type 'spaceship'" in out


def test_requirements_lists_every_id_in_json(capsys):
    code, out, _ = run(
        capsys, "requirements", "--format", "json", "--scenarios", str(SHARED_SCENARIOS)
    )
    assert code == 0
    rows = json.loads(out)
    from sanitas.ordinance.catalog import catalog

    assert [r["id"] for r in rows] == list(catalog())
    for row in rows:
        assert list(row) == ["id", "cite", "rules", "scenario_expectations", "status", "reason"]
        if row["status"] == "records":
            assert row["reason"]
        else:
            assert row["rules"] and all(":" in r for r in row["rules"])
    by_id = {r["id"]: r for r in rows}
    assert by_id["FOG-MIN-FREQUENCY"]["scenario_expectations"] >= 4
    assert "fog:min_frequency" in by_id["FOG-MIN-FREQUENCY"]["rules"]


def test_requirements_table(capsys):
    code, out, _ = run(capsys, "requirements", "--scenarios", str(SHARED_SCENARIOS))
    assert code == 0 and "FOG-MIN-FREQUENCY" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_vocabulary_reference(capsys):
    code, out, _ = run(capsys, "vocabulary")
    assert code == 0
    assert "## `pump_out`" in out and "`operator_signed`" in out
    code, out, _ = run(capsys, "vocabulary", "--format", "json")
    types = {entry["type"] for entry in json.loads(out)}
    assert {"establishment", "device", "pump_out", "notice", "set_out"} <= types


def test_the_generated_vocabulary_page_is_current(capsys):
    _, out, _ = run(capsys, "vocabulary")
    page = ROOT / "docs" / "vocabulary.md"
    assert page.read_text() == out, "run: sanitas vocabulary > docs/vocabulary.md"
