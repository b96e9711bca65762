"""``sanitas bench engine``: a synthetic city evaluated end to end in a fresh
process, timed on the wall clock and in processor time."""

from __future__ import annotations

import orjson
import pytest

from sanitas.bench.engine import CityGenerator, bench_engine, main, profile, render_bench


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


def test_the_profile_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "city.json"
    path.write_bytes(orjson.dumps(CityGenerator(3).city(10)))
    assert main(["--profile", str(path), "5"]) == 0
    assert "function calls" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        ([], "usage: python -m sanitas.bench.engine"),
        (["--help"], "usage: python -m sanitas.bench.engine"),
        (["--profile"], "usage: python -m sanitas.bench.engine"),
        (["{missing}"], "missing.json: no such file"),
        (["{not_json}"], "not_json.json: not valid JSON"),
        (["--profile", "{bad_fact}"], "fact 1 (nope): type: unknown fact type 'nope'"),
        (["--profile", "{bad_fact}", "0"], "N must be a whole number above 0, not '0'"),
    ],
)
def test_wrong_arguments_exit_2_saying_why(tmp_path, capsys, argv, says):
    """The developer's entry point answers a wrong call in one line, never a traceback."""
    files = {
        "missing": tmp_path / "missing.json",
        "not_json": tmp_path / "not_json.json",
        "bad_fact": tmp_path / "bad_fact.json",
    }
    files["not_json"].write_text("not json")
    files["bad_fact"].write_text('{"as_of": "2026-01-01", "facts": [{"type": "nope"}]}')
    names = {key: str(path) for key, path in files.items()}
    assert main([arg.format(**names) for arg in argv]) == 2
    captured = capsys.readouterr()
    assert says in captured.err and captured.out == ""
