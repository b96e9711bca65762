"""``sanitas bench load``: the figures it prints are the samples' own, and a short
run against the real server signs its users in and answers every page."""

from __future__ import annotations

import json
import subprocess
import sys

from sanitas.operations.loadtest import Sample, _percentile, render, summarise

from ..conftest import ROOT


def test_percentiles_are_the_nearest_rank():
    values = [float(n) for n in range(1, 101)]
    assert _percentile(values, 0.50) == 50
    assert _percentile(values, 0.95) == 95
    assert _percentile(values, 0.99) == 99
    assert _percentile([7.0], 0.99) == 7
    assert _percentile([], 0.5) == 0


def test_the_summary_counts_pages_and_errors_by_kind():
    samples = [Sample("worklist", 0.1, 200), Sample("worklist", 0.3, 200)]
    samples += [Sample("search", 0.2, 500), Sample("business", 1.0, 0, "ConnectionResetError")]
    summary = summarise(samples, seconds=2.0)
    assert summary["pages"]["all"]["requests"] == 4
    assert summary["pages"]["worklist"]["p95_ms"] == 300.0
    assert summary["errors"] == {"HTTP 500": 1, "ConnectionResetError": 1}
    assert summary["requests_per_second"] == 2.0
    text = render(
        {
            "users": 2,
            "seconds": 2.0,
            "establishments": 10,
            "records": 99,
            "database": "sqlite",
            "cores": 2,
            "busy": False,
            "alongside": {},
            **summary,
        }
    )
    assert "1 × HTTP 500" in text and "worklist" in text


def test_a_short_run_signs_in_and_every_page_answers(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sanitas",
            "bench",
            "load",
            "--establishments",
            "8",
            "--users",
            "2",
            "--seconds",
            "3",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout)
    assert result["users"] == 2 and result["pages"]["all"]["requests"] > 0
    assert result["errors"] == {}, result["errors"]


class _Counting:
    """A browser that answers at once and counts when it was asked."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    def get(self, path: str, timeout: float = 60) -> tuple[int, str]:
        import time

        self.asked.append(time.monotonic())
        return 200, ""


def test_a_user_who_reads_each_page_asks_for_fewer():
    import time

    from sanitas.operations.loadtest import Tally, _user_loop

    targets = {"names": ["Arroyo Pho"], "keys": ["arroyo-pho"]}
    eager, reader = _Counting(), _Counting()
    _user_loop(eager, targets, time.monotonic() + 0.3, Tally(), seed=1)
    _user_loop(reader, targets, time.monotonic() + 1.2, Tally(), seed=1, think=0.2)
    assert len(eager.asked) > 100  # no pause: one page after another
    gaps = [b - a for a, b in zip(reader.asked, reader.asked[1:], strict=False)]
    assert 3 <= len(reader.asked) <= 13 and gaps
    assert all(gap >= 0.09 for gap in gaps)  # at least half the pause between pages


def test_a_pause_out_of_bounds_is_named():
    proc = subprocess.run(
        [sys.executable, "-m", "sanitas", "bench", "load", "--think", "-1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode != 0 and "--think: -1.0 is not a pause" in proc.stderr
    assert "Traceback" not in proc.stderr
