"""scripts/sqlite_entries.py, the measurement of what a table or index entry costs
SQLite, run small: it must keep working for its figures in docs/speed.md to be checked."""

import io
import runpy
import sqlite3
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "sqlite_entries.py"


def _module():
    return runpy.run_path(str(SCRIPT), run_name="sqlite_entries")


def test_it_inserts_every_row_and_prints_each_index_in_turn(tmp_path):
    module = _module()
    rows = module["finding_rows"](1_234)
    assert len(rows) == 1_234
    # groups arrive in key order, 43 findings each; due dates in no order
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)
    assert [r[5] for r in rows] != sorted(r[5] for r in rows)
    path = str(tmp_path / "t.sqlite3")
    cpu = module["insert_cpu"](path, rows, 3, 2_000)
    assert cpu >= 0
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM t").fetchone() == (1_234,)
        indexes = db.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index'").fetchone()
        assert indexes == (3,)
    out = io.StringIO()
    results = module["measure"](450, 2_000, out=out)
    assert [r["indexes"] for r in results] == list(range(len(module["INDEXES"]) + 1))
    assert [r["entries"] for r in results] == [450 * (1 + n) for n in range(len(results))]
    text = out.getvalue()
    assert "the table alone" in text and "+ index on (req, due)" in text
    assert "in due-date order" in text and "µs an entry" in text


def test_bad_arguments_exit_2():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rows", "0"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "--rows" in done.stderr
