"""``sanitas bench write`` runs: a few timed writes on a small city, figures printed
(no timing is asserted: the benchmark measures, it does not judge)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from sanitas.cli import main

from ..conftest import ROOT


def test_bench_write_times_writes_through_the_forms_service(tmp_path):
    env = {**os.environ, "SANITAS_DATA_DIR": str(tmp_path), "DATABASE_URL": ""}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sanitas",
            "bench",
            "write",
            "--writes",
            "8",
            "--format",
            "json",
            "--data-dir",
            str(tmp_path),
            "--facts",
            str(ROOT / "examples" / "city-block.yaml"),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["writes"] == 8 and result["database"] == "sqlite"
    assert set(result["by_kind"]) == {"pump_out", "training", "collection_service", "inspection"}
    assert 0 < result["p50_ms"] <= result["p95_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert 0 < result["evaluation_share"] < 1
    # the writes were stored, by the bench, with a reason
    import sqlite3

    with sqlite3.connect(tmp_path / "sanitas.sqlite3") as db:
        (stored,) = db.execute(
            "SELECT count(*) FROM records_pump_out WHERE manifest_number LIKE 'BENCH-%'"
        ).fetchone()
        (tokens,) = db.execute("SELECT count(*) FROM web_form_submission").fetchone()
    assert stored == 2 and tokens == 8


def test_bench_write_refuses_bad_options(tmp_path, capsys):
    assert main(["bench", "write", "--writes", "0"]) == 2
    assert main(["bench", "write", "--data-dir", str(tmp_path / "nowhere")]) == 2
    assert "no such directory" in capsys.readouterr().err
