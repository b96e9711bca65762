"""The records commands: import, export, sweep and the sweep benchmark."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from sanitas.bench.records import city_chunks, render
from sanitas.cli import main
from sanitas.ordinance.document import load_document, read_data
from sanitas.records import cli as records_cli
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"
FEED_DIR = Path(__file__).parent.parent / "intake" / "feeds"
AS_OF = date(2025, 3, 1)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_engine_commands_never_load_django():
    script = (
        "import sys\n"
        "from sanitas.cli import main\n"
        f"code = main(['evaluate', {str(BLOCK)!r}, '--format', 'table'])\n"
        "assert code == 0, code\n"
        "assert not [m for m in sys.modules if m == 'django' or m.startswith('django.')], "
        "'django was imported'\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "FOG-MIN-FREQUENCY" in proc.stdout


def test_import_prints_a_summary_and_exits_0(capsys, tmp_path):
    get_user_model().objects.create_user("clerk")  # --actor names an active account
    code, out, err = _run(capsys, "import", BLOCK, "--actor", "clerk", "--why", "first load")
    assert code == 0, err
    assert out == (
        f"{BLOCK} (facts file): 32 facts: 32 stored (32 records created, 0 updated, "
        "0 unchanged), 0 rejected, 0 skipped\n"
    )
    record = RECORD_MODELS["device"].objects.get(key="jade-gi")
    assert (record.recorded_by, record.recorded_why) == ("clerk", "first load")
    code, out, _ = _run(capsys, "import", BLOCK)
    assert code == 0 and "(0 records created, 0 updated, 32 unchanged)" in out


def test_import_of_a_bad_feed_exits_2_with_one_line_per_problem(capsys, tmp_path):
    _run(capsys, "import", BLOCK)
    path = tmp_path / "manifests.csv"
    path.write_text(
        "Hauler,Manifest #,Device,Date,Full\n"
        "Valley Grease Haulers,VGH-1,jade-gi,2025-02-30,yes\n"
        "Valley Grease Haulers,VGH-2,jade-gi,2025-02-03,yes\n"
    )
    before = RecordIndex.objects.count()
    code, out, err = _run(capsys, "import", path)
    assert code == 2
    assert (
        out == f"{path} (hauler pump-out manifests): 2 rows: nothing stored, 1 row with problems\n"
    )
    assert err.splitlines() == [
        f"{path}: row 2, column Date: '2025-02-30' is not a calendar date",
        f"{path}: fix the rows above, or give --accept-valid to store the good ones "
        "(the rejects go to manifests.csv.rejects.csv)",
    ]
    assert RecordIndex.objects.count() == before
    assert "Traceback" not in err

    code, out, err = _run(capsys, "import", path, "--accept-valid")
    assert code == 2
    assert out.splitlines() == [
        f"{path} (hauler pump-out manifests): 2 rows: 1 stored (1 record created, 0 updated, "
        "0 unchanged), 1 rejected, 0 skipped",
        f"{path}: 1 rejected row written to {path}.rejects.csv",
    ]
    rejects = Path(f"{path}.rejects.csv").read_text().splitlines()
    assert rejects == [
        "Hauler,Manifest #,Device,Date,Full,problems",
        "Valley Grease Haulers,VGH-1,jade-gi,2025-02-30,yes,"
        "\"row 2, column Date: '2025-02-30' is not a calendar date\"",
    ]
    assert RecordIndex.objects.count() == before + 1


def test_import_of_an_unreadable_file_exits_2_without_a_traceback(capsys, tmp_path):
    path = tmp_path / "feed.csv"
    path.write_text("name,phone\nA,1\n")
    code, out, err = _run(capsys, "import", path)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}: the columns are not those of a known feed")
    code, _, err = _run(capsys, "import", tmp_path / "missing.yaml")
    assert (
        code == 2
        and err == f"{tmp_path / 'missing.yaml'}: cannot read: No such file or directory\n"
    )


def test_import_help_documents_every_feed_and_its_columns(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["import", "--help"])
    assert caught.value.code == 0
    out = capsys.readouterr().out
    for feed in (
        "business-licenses",
        "pump-out-manifests",
        "hauler-accounts",
        "food-recovery-pounds",
    ):
        assert feed in out
    for column in ("license_number", "manifest_number", "device_id", "account_number", "pounds"):
        assert column in out


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_export_writes_a_file_that_re_imports_to_the_same_records(capsys, tmp_path, suffix):
    _run(capsys, "import", BLOCK)
    for name in ("business-licenses.csv", "pump-out-manifests.csv", "hauler-accounts.csv"):
        shutil.copyfile(FEED_DIR / name, tmp_path / name)
        assert _run(capsys, "import", tmp_path / name)[0] == 0
    records = RecordIndex.objects.count()
    path = tmp_path / f"export{suffix}"
    code, out, err = _run(capsys, "export", "--as-of", "2025-03-01", "--output", path)
    assert code == 0 and out == "" and err == f"{path}: {records} facts\n"
    exported = read_data(path)
    assert exported["as_of"] == "2025-03-01" and len(exported["facts"]) == records
    history = sum(model.history.count() for model in RECORD_MODELS.values())
    code, out, _ = _run(capsys, "import", path)
    assert code == 0 and f"(0 records created, 0 updated, {records} unchanged)" in out
    assert sum(model.history.count() for model in RECORD_MODELS.values()) == history


def test_export_to_stdout_and_of_one_subject(capsys):
    _run(capsys, "import", BLOCK)
    code, out, _ = _run(capsys, "export", "--subject", "jade-gi")
    assert code == 0
    document = json.loads(out)
    assert "as_of" not in document
    ids = {fact.get("id") for fact in document["facts"]}
    assert {"jade-garden", "jade-gi", "lot-101", "po-2024-06"} <= ids
    assert "mission-market" not in ids
    code, out, err = _run(capsys, "export", "--subject", "no-such-record")
    assert code == 2 and err == "sanitas: --subject: no record has the key 'no-such-record'\n"


def test_the_sweep_command_and_the_cli_agree_through_an_export(capsys, tmp_path):
    _run(capsys, "import", BLOCK)
    # the import evaluated what it stored, as of the worklist's day (today: nothing was
    # swept yet); the sweep as of an earlier day evaluates every group again
    assert Finding.objects.filter(current=True).exists()
    code, out, _ = _run(capsys, "sweep", "--as-of", "2025-03-01")
    assert code == 0
    assert out.startswith("swept 7 subject groups as of 2025-03-01: ")
    assert _run(capsys, "sweep", "--as-of", "2025-03-01")[1] == (
        "swept 0 subject groups as of 2025-03-01: 0 findings created, 0 updated, 0 closed\n"
    )
    path = tmp_path / "city.yaml"
    _run(capsys, "export", "--as-of", "2025-03-01", "--output", path)
    evaluation = load_document(path).evaluate()
    from_file = sorted(
        (f.requirement, f.subject, f.period or "", f.status) for f in evaluation.findings
    )
    from_db = sorted(
        Finding.objects.filter(current=True).values_list(
            "requirement", "subject", "period", "status"
        )
    )
    assert from_file == from_db


def test_the_sweep_defaults_to_today_in_the_city(capsys, monkeypatch):
    _run(capsys, "import", BLOCK)
    monkeypatch.setattr(records_cli, "city_today", lambda: date(2025, 4, 2))
    code, out, _ = _run(capsys, "sweep", "--full")
    assert code == 0 and out.startswith("swept 7 subject groups as of 2025-04-02 (full): ")


def test_city_today_is_the_date_in_los_angeles(monkeypatch):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    # 2025-03-02 05:00 UTC is still March 1st in San Gabriel
    monkeypatch.setattr(timezone, "now", lambda: datetime(2025, 3, 2, 5, 0, tzinfo=ZoneInfo("UTC")))
    assert records_cli.city_today() == date(2025, 3, 1)


def test_bad_dates_on_the_command_line_exit_2(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["sweep", "--as-of", "2025-02-30"])
    assert caught.value.code == 2
    assert "'2025-02-30' is not a calendar date" in capsys.readouterr().err


def test_the_benchmark_seeds_the_generator_city_in_whole_establishments():
    from sanitas.bench.engine import CityGenerator

    chunks = list(city_chunks(60, 7, size=200))
    assert len(chunks) > 1
    assert [fact for chunk in chunks for fact in chunk] == CityGenerator(7).city(60)["facts"]
    for chunk in chunks[1:]:
        assert chunk[0]["type"] == "premises"


@pytest.fixture(scope="module")
def bench_sweep() -> dict:
    """One run of ``sanitas bench sweep`` with ``--explain-read`` and two workers, which
    the tests below read: a run starts some twenty processes, each its own Django, so
    the figures and the read's explanation are checked on one run rather than two."""
    argv = ["bench", "sweep", "--establishments", "12", "--manifest-rows", "60"]
    argv += ["--workers", "2", "--explain-read", "--format", "json"]
    if os.environ.get("DATABASE_URL"):
        argv += ["--database", os.environ["DATABASE_URL"]]
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code == 0, err.getvalue()
    out.flush()
    return json.loads(out.buffer.getvalue())


def test_bench_sweep_prints_its_figures(bench_sweep):
    result = bench_sweep
    expected = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"
    assert result["database"] == expected
    assert result["full_sweep"]["groups"] == result["seeded"]["groups"] > 0
    assert result["touched"]["establishments"] == 1
    assert result["incremental_sweep"]["groups"] == result["touched"]["groups"]
    assert result["idle_sweep"]["groups"] == 0
    assert result["full_sweep_again"]["groups"] == result["full_sweep"]["groups"]
    assert result["full_sweep_again"]["findings_created"] == 0
    # what the first sweep inserted: every finding a row, with its history
    inserted = result["full_sweep"]["inserted"]["tables"]
    created = result["full_sweep"]["findings_created"]
    assert inserted["records_finding"]["rows"] == created > 0
    assert inserted["records_finding_history"]["rows"] == created
    assert inserted["records_finding"]["entries_a_row"] >= 5  # the table, its key, 3 indexes
    assert result["full_sweep"]["inserted"]["entries"] == sum(
        t["rows"] * t["entries_a_row"] for t in inserted.values()
    )
    assert "records_finding" not in result["full_sweep_again"]["inserted"]["tables"]
    # the first sweep's findings by status, all of them current
    statuses = result["full_sweep"]["statuses"]
    assert sum(statuses["counts"].values()) == created
    assert set(statuses["counts"]) <= {"met", "due", "overdue", "late", "violation"}
    listed = sum(n for s, n in statuses["counts"].items() if s != "met")
    assert statuses["with_a_worklist_status"] == listed
    assert (result["import"]["rows"], result["import"]["created"]) == (60, 60)
    assert result["reimport"]["unchanged"] == 60
    # the processor time each sweep cost, by process, and the speed the cores allow at it
    for name in ("full_sweep", "full_sweep_again"):
        sweep, cpu = result[name], result[name]["cpu"]
        assert cpu["sweeping_process"] > 0 and cpu["workers"] >= 0
        assert (cpu["server"] is not None) == (expected == "postgresql")
        total = cpu["sweeping_process"] + cpu["workers"] + (cpu["server"] or 0)
        # each part is rounded to a hundredth of a second
        slack = 0.015 / sweep["groups"] * 1000
        assert cpu["ms_a_group"] == pytest.approx(total / sweep["groups"] * 1000, abs=slack)
        allowed = cpu["cores"] * 1000 / cpu["ms_a_group"]
        assert cpu["groups_a_second_at_most"] == pytest.approx(allowed, rel=0.05)
    text = render(result)
    for label in ("full sweep:", "table and index entries", "CSV import:", "establishments/s"):
        assert label in text
    assert text.count("groups/s at that cost") == 2
    # the machine's speed at plain Python, before and after, to compare runs by
    assert result["yardstick"]["before"] > 0 and result["yardstick"]["after"] > 0
    assert "rounds a CPU second before the run" in text
    assert f"{listed / created:.0%} with a worklist status" in text


def test_bench_sweep_explains_the_read(bench_sweep):
    """``--explain-read``: each sweep's read clocked chunk by chunk, the sweep again with
    one worker, the read alone; on PostgreSQL the server's times and autovacuum."""
    postgres = bool(os.environ.get("DATABASE_URL"))
    result = bench_sweep
    groups = result["seeded"]["groups"]
    assert result["full_sweep"]["workers"] == 2 and result["one_worker"]["workers"] == 1
    assert result["workers_again"]["workers"] == 2
    steps = {
        "full sweep": (result["full_sweep"], groups),
        "incremental sweep": (result["incremental_sweep"], result["touched"]["groups"]),
        "full sweep again": (result["full_sweep_again"], groups),
        "one worker": (result["one_worker"], groups),
        "two workers again": (result["workers_again"], groups),
        "read alone": (result["read_alone"], groups),
    }
    for name, (step, read_groups) in steps.items():
        explained = step["explain_read"]
        read = explained["read"]
        assert read["groups"] == read_groups, name
        assert read["chunks"] == 1, name  # fewer groups than a chunk's 400
        assert read["slowest_chunk"][0] == 0, name
        seconds = read["seconds"]
        # the read's parts share out its wall time; its own CPU time fits inside it (the
        # kernel brings a running thread's CPU time up to date at least once a tick)
        assert sum(read["parts"].values()) == pytest.approx(seconds["wall"], abs=0.002), name
        assert 0 < seconds["cpu"] <= seconds["wall"] + 0.01, name
        if "stages" in step:  # the sweep's own clock of its read (to 0.01 s) holds the chunks'
            assert seconds["wall"] <= step["stages"]["read"] + 0.006, name
        if postgres:
            assert isinstance(explained["server_pid"], int), name
            assert seconds["server_cpu"] > 0, name
            assert explained["server_seconds"]["cpu"] >= seconds["server_cpu"] - 0.002, name
            vacuum = explained["autovacuum"]
            assert vacuum["vacuums"] >= 0 and vacuum["analyzes"] >= 0, name
            if os.environ.get("SANITAS_POSTGRES_LOG"):
                assert vacuum["logged"] is not None, name
        else:
            assert seconds["server_cpu"] is None and explained["server_pid"] is None, name
            assert explained["autovacuum"] is None, name
    text = render(result)
    labels = ("the read, explained", "full sweep again, 1 worker", "then again, 2 worker(s)")
    for label in (*labels, "read alone, no sweep"):
        assert label in text
    assert ("server CPU" in text.split("read alone, no sweep")[-1]) is postgres


def test_the_autovacuum_runs_are_read_from_the_servers_log(tmp_path, monkeypatch):
    from sanitas.bench.records import _autovacuum_logged

    log = tmp_path / "log"
    log.write_text('LOG:  automatic analyze of table "db.public.before"\n')
    since = log.stat().st_size
    with log.open("a") as handle:
        handle.write(
            'LOG:  automatic vacuum of table "db.public.records_finding": index scans: 1\n'
            "\tpages: 0 removed, 40 remain, 40 scanned (100.00% of total)\n"
            "\tsystem usage: CPU: user: 0.25 s, system: 0.05 s, elapsed: 1.50 s\n"
            'LOG:  automatic analyze of table "db.public.records_group_facts"\n'
            "\tsystem usage: CPU: user: 0.10 s, system: 0.00 s, elapsed: 0.40 s\n"
            'LOG:  automatic analyze of table "db.public.records_finding"\n'
            "\tsystem usage: CPU: user: 0.20 s, system: 0.00 s, elapsed: 0.60 s\n"
        )
    monkeypatch.setenv("SANITAS_POSTGRES_LOG", str(log))
    logged = _autovacuum_logged(since)
    assert logged["vacuum"] == {"runs": 1, "cpu_seconds": 0.3, "elapsed_seconds": 1.5}
    assert logged["analyze"] == {"runs": 2, "cpu_seconds": 0.3, "elapsed_seconds": 1.0}
    assert list(logged["longest"]) == [
        "vacuum records_finding",
        "analyze records_finding",
        "analyze records_group_facts",
    ]
    monkeypatch.delenv("SANITAS_POSTGRES_LOG")
    assert _autovacuum_logged(since) is None


@pytest.mark.parametrize("url", ["postgres://nobody@/x?host=/nonexistent", "nosuchdb://x"])
def test_a_database_that_cannot_be_used_is_one_line(tmp_path, url):
    env = {**os.environ, "DATABASE_URL": url}
    proc = subprocess.run(
        [sys.executable, "-m", "sanitas", "import", str(BLOCK)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert proc.returncode == 1
    assert proc.stderr.startswith("sanitas: the database could not be used: ")
    assert len(proc.stderr.splitlines()) == 1


def test_bench_import_times_each_stage_and_keeps_the_seeded_city(capsys, tmp_path):
    from sanitas.bench.records import render_import

    kept = tmp_path / "seeded.sqlite3"
    argv = ["bench", "import", "--establishments", "8", "--rows", "40", "--format", "json"]
    if os.environ.get("DATABASE_URL"):
        argv += ["--database", os.environ["DATABASE_URL"]]
    else:
        argv += ["--keep-seed", str(kept), "--profile"]
    code, out, err = _run(capsys, *argv)
    assert code == 0, err
    result = json.loads(out)
    assert (result["import"]["rows"], result["import"]["created"]) == (40, 40)
    assert result["reimport"]["unchanged"] == 40
    stages = result["import"]["stages"]
    for stage in ("read and convert the rows", "validate (vocabulary)", "store records", "other"):
        assert stage in stages
    # the stages share out the import's time, none counted twice
    assert sum(stages.values()) == pytest.approx(result["import"]["seconds"], abs=0.01)
    cpu = result["import"]["cpu_stages"]
    assert set(cpu) == set(stages)
    assert sum(cpu.values()) == pytest.approx(result["import"]["cpu_seconds"], abs=0.01)
    assert "CPU µs a row" in render_import(result)
    assert result["yardstick"]["before"] > 0 and result["yardstick"]["after"] > 0
    assert "rounds a CPU second before the run" in render_import(result)
    if os.environ.get("DATABASE_URL"):
        return
    top = result["profile"]["top"]
    assert kept.exists() and top[0].split()[:2] == ["ncalls", "tottime"]
    assert any("sanitas/" in line for line in top[1:])
    # a second run takes the same city from the kept file instead of seeding it again
    code, out, err = _run(capsys, *argv)
    assert code == 0, err
    assert "taking the seeded city from" in err
    assert json.loads(out)["import"]["created"] == 40


def test_the_yardstick_does_the_same_work_every_time():
    """Yardsticks of two days compare only if the work they time is the same: its
    result is fixed here, so a change to it fails."""
    from sanitas.bench.records import _yardstick_round, yardstick

    assert _yardstick_round() == 182934
    assert yardstick(trials=2, seconds=0.01) > 0
