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


def test_the_bench_times_a_commit_s_engine_in_turn_with_this_one():
    """``--against``: the same city measured by another commit's engine and this one in
    turn; here against this checkout's own last commit, which finds what this one finds."""
    result = bench_engine(subjects=30, against="HEAD", pairs=2)
    against = result["against"]
    assert against["rev"] == "HEAD" and against["pairs"] == 2
    assert against["same_findings"] is True
    assert len(against["each_pair_evaluate"]) == 2
    for stage in ("evaluate", "serialize", "both"):
        assert against["theirs_cpu_seconds"][stage] > 0 and against["ours_cpu_seconds"][stage] > 0
        assert against["speed_ratio"][stage] > 0  # theirs over ours, of unrounded times
    text = render_bench(result)
    assert "side by side with HEAD, best of 2 runs each" in text and "times its speed" in text


def test_a_commit_that_is_not_there_is_refused_with_exit_2(capsys):
    from sanitas.cli import main as sanitas

    code = sanitas(["bench", "engine", "--subjects", "5", "--against", "no-such-commit-0"])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("sanitas: bench engine: --against no-such-commit-0: no such commit")
