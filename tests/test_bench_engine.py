"""``sanitas bench engine``: a synthetic city evaluated end to end in a fresh
process, timed on the wall clock and in processor time."""

from __future__ import annotations

import orjson

from sanitas.bench import CityGenerator, bench_engine, profile, render_bench


def test_the_bench_times_every_stage_both_ways():
    result = bench_engine(subjects=40)
    assert result["subjects"] == 40 and result["findings"] > 40 * 10
    for clock in ("seconds", "cpu_seconds"):
        stages = result[clock]
        assert set(stages) == {"load", "validate", "evaluate", "serialize", "total"}
        assert abs(sum(v for k, v in stages.items() if k != "total") - stages["total"]) < 1e-3
    assert result["subjects_per_cpu_second"] > 0
    text = render_bench(result)
    assert "processor time" in text and "40 establishments" in text


def test_the_profile_names_the_engine(tmp_path):
    path = tmp_path / "city.json"
    path.write_bytes(orjson.dumps(CityGenerator(3).city(30)))
    text = profile(path, top=10)
    assert "function calls" in text and "sanitas/ordinance" in text
