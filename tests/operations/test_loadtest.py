"""``sanitas bench load``: the figures it prints are the samples' own, and a short
run against the real server signs its users in and answers every page."""

from __future__ import annotations

import json
import subprocess
import sys

from sanitas.bench.load import Sample, _percentile, render, summarise

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


class _Clock:
    """The load test's clock, moved on by its sleeps and by each page's answer (a
    page takes ``per_page`` seconds): the loop's work is then counted exactly, on any
    machine, however busy."""

    def __init__(self, per_page: float) -> None:
        self.now, self.per_page = 1000.0, per_page

    def monotonic(self) -> float:
        return self.now

    perf_counter = monotonic

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0
        self.now += seconds


class _Counting:
    """A browser that answers in the clock's time for a page and counts when it was
    asked."""

    def __init__(self, clock: _Clock) -> None:
        self.clock, self.asked = clock, []

    def get(self, path: str, timeout: float = 60) -> tuple[int, str]:
        self.asked.append(self.clock.now)
        self.clock.now += self.clock.per_page
        return 200, ""


def test_a_user_who_reads_each_page_asks_for_fewer(monkeypatch):
    from sanitas.bench import load as loadtest
    from sanitas.bench.load import Tally, _user_loop

    clock = _Clock(per_page=2**-9)  # some 2 ms, counted exactly in binary
    monkeypatch.setattr(loadtest, "time", clock)
    targets = {"names": ["Arroyo Pho"], "keys": ["arroyo-pho"]}
    eager, reader = _Counting(clock), _Counting(clock)
    eager_tally, reader_tally = Tally(), Tally()
    _user_loop(eager, targets, clock.now + 0.25, eager_tally, seed=1)
    _user_loop(reader, targets, clock.now + 1.2, reader_tally, seed=1, think=0.2)
    assert len(eager.asked) == 128  # no pause: one page after another, 0.25 s of them
    gaps = [b - a for a, b in zip(reader.asked, reader.asked[1:], strict=False)]
    # a pause of 0.1 to 0.3 s before each page (after one of up to 0.2 s before the first)
    assert 3 <= len(reader.asked) <= 13 and gaps
    assert all(0.1 <= gap - clock.per_page <= 0.3 + 1e-9 for gap in gaps), gaps
    assert len(eager_tally.samples) == 128 and len(reader_tally.samples) == len(reader.asked)


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
