"""``sanitas bench sweep``: the records system at a city's scale, with figures.

The parent process makes a scratch database (a temporary SQLite file, or a new
database on the PostgreSQL server ``--database`` names, dropped afterwards) and
runs each step in a fresh child process, so that each step's peak memory is its
own:

1. migrate;
2. seed: the synthetic city of :class:`sanitas.bench.engine.CityGenerator` recorded
   through :func:`~sanitas.records.services.record_facts` in chunks — exactly
   what an import stores;
3. full sweep (every subject group, every finding new);
4. a new record (an inspection) for 1% of the establishments, then the
   incremental sweep, compared with the full one; an idle sweep (nothing
   changed); the full sweep again (every group evaluated, no finding changes);
5. a pump-out manifest CSV for existing devices, imported with full validation
   (:func:`~sanitas.intake.imports.import_file`), then imported again (every
   row unchanged).

``--explain-read`` clocks the read inside each sweep chunk by chunk (wall time;
the reading thread's time on a CPU and waiting for one; on PostgreSQL the same of
the server process answering it, read from ``/proc`` since the server runs on this
machine; the autovacuum runs during the sweep, counted from the server's statistics
and, under ``scripts/with-postgres.sh``, timed from its log); after the import it
sweeps the city in full with one worker, then with as many as before, and reads
every group alone, outside a sweep. The clock's own cost is four reads of
``/proc`` and a query a chunk.

``sanitas bench distributed`` seeds the same city once and, on a copy of it for
each count of workers, runs a distributed full sweep (every finding new) and
the same again (nothing to store) with that many ``sanitas sweep-worker``
processes taking the chunks, timed from the workers' start to their exit.

``sanitas bench import`` isolates step 5: it seeds the city (or copies a seeded
SQLite file kept by ``--keep-seed``, since seeding 100,000 establishments takes
minutes), writes the manifest file and imports it twice, new and unchanged,
timing each stage of the import (:data:`IMPORT_STAGES`) in the importing
process; ``--profile`` adds the top entries of a cProfile run of a third import
of the same rows into a fresh copy of the seeded database.

``python -m sanitas.bench.records STEP …`` is a child; it prints one JSON
object. No figure here is a target: the benchmark measures.
"""

from __future__ import annotations

import cProfile
import csv
import importlib
import io
import json
import os
import pstats
import random
import re
import resource
import secrets
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import closing, nullcontext
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sanitas.bench.engine import AS_OF, CityGenerator

SEED_CHUNK = 5_000
TOUCH_SHARE = 0.01


class BenchError(Exception):
    """The benchmark could not run (no database, a step failed)."""


# --------------------------------------------------------------------------- scratch databases


def _pg_execute(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:  # libpq reads the URL itself
        conn.execute(sql)


def _with_database(url: str, name: str) -> str:
    return urlsplit(url)._replace(path=f"/{name}").geturl()


def make_database(url: str | None, *, template: dict[str, str] | None = None) -> dict[str, str]:
    """A new, empty (or ``template``-copied) database: the environment a child
    process needs to use it. ``url`` is a PostgreSQL server; None means SQLite."""
    if url is None:
        folder = tempfile.mkdtemp(prefix="sanitas-scratch-")
        if template is not None:
            source = Path(template["SANITAS_DATA_DIR"]) / "sanitas.sqlite3"
            with closing(sqlite3.connect(source)) as conn:  # fold the WAL into the file
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            shutil.copyfile(source, Path(folder) / "sanitas.sqlite3")
        return {"SANITAS_DATA_DIR": folder, "DATABASE_URL": ""}
    name = f"sanitas_scratch_{os.getpid()}_{secrets.token_hex(4)}"
    copy = ""
    if template is not None:
        copy = f" TEMPLATE {urlsplit(template['DATABASE_URL']).path.lstrip('/')}"
    try:
        _pg_execute(url, f"CREATE DATABASE {name}{copy}")
    except Exception as exc:
        raise BenchError(f"cannot create a scratch database on {url}: {exc}") from None
    return {"DATABASE_URL": _with_database(url, name), "SANITAS_DATA_DIR": ""}


def drop_database(url: str | None, env: dict[str, str]) -> None:
    if url is None:
        shutil.rmtree(env["SANITAS_DATA_DIR"], ignore_errors=True)
        return
    name = urlsplit(env["DATABASE_URL"]).path.lstrip("/")
    _pg_execute(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def child_env(env: dict[str, str]) -> dict[str, str]:
    out = {**os.environ, **env, "DJANGO_SETTINGS_MODULE": "sanitas.settings"}
    if not out.get("SANITAS_DATA_DIR"):
        out.pop("SANITAS_DATA_DIR", None)
    return out


def run_child(
    env: dict[str, str], step: str, *args: Any, module: str = "sanitas.bench.records"
) -> dict[str, Any]:
    """Run one step (of ``module``'s steps) in a fresh process; its JSON result."""
    proc = subprocess.run(
        [sys.executable, "-m", module, step, *map(str, args)],
        capture_output=True,
        env=child_env(env),
        text=True,
    )
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-5:])
        raise BenchError(f"step {step} failed (exit {proc.returncode}):\n{tail}")
    return json.loads(proc.stdout)


# --------------------------------------------------------------------------- the parent


def _cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


def yardstick(trials: int = 5, seconds: float = 0.3) -> float:
    """How fast this machine runs plain Python now: rounds of a fixed piece of work
    (a table of tuples by string keys, sorted and summed: the kind of work the engine
    and the sweep do most) in a second of this process's CPU time, the best of
    ``trials``. The machines are shared, and the same code has cost twice the CPU
    time on one day that it cost on another; two runs' figures compare only as far as
    their yardsticks do. The work must never change, or old yardsticks mean nothing."""
    best = 0.0
    for _trial in range(trials):
        rounds = 0
        started = time.process_time()
        while True:
            _yardstick_round()
            rounds += 1
            spent = time.process_time() - started
            if spent >= seconds:
                break
        best = max(best, rounds / spent)
    return round(best, 1)


def _yardstick_round() -> int:
    table: dict[str, list[tuple[int, str, int]]] = {}
    for n in range(5_000):
        key = f"group-{n % 997:04d}/{n}"
        table.setdefault(key[:10], []).append((n % 13, key, n * 7 % 101))
    total = 0
    for key, rows in table.items():
        rows.sort()
        total += sum(row[2] for row in rows if row[0] > 3) + len(key)
    return total


def bench_sweep(
    *,
    establishments: int,
    database: str | None = None,
    seed: int = 1383,
    manifest_rows: int = 10_000,
    workers: int | None = None,
    explain_read: bool = False,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The whole benchmark (see the module's docstring). ``workers`` sets the sweeps'
    processes (default: one per core). With ``explain_read`` each sweep's read is
    clocked chunk by chunk (wall, this process's and the server's CPU and waits,
    autovacuum runs), and, after the import, the full sweep again with one worker and
    then with as many as before (when the sweeps had more), and every group read alone,
    outside a sweep."""
    say = progress or (lambda _message: None)
    if establishments < 1:
        raise BenchError("--establishments must be at least 1")
    if workers is not None and workers < 1:
        raise BenchError("--workers must be at least 1")
    count = workers or _cores()
    sweeping = (str(workers or ""), "explain" if explain_read else "")
    explained: dict[str, Any] = {}
    before = yardstick()
    env = make_database(database)
    try:
        with tempfile.TemporaryDirectory(prefix="sanitas-bench-") as tmp:
            say("migrating a scratch database")
            migrate = run_child(env, "migrate")
            say(f"seeding {establishments:,} establishments")
            seeded = run_child(env, "seed", establishments, seed)
            say("full sweep")
            full = run_child(env, "sweep", "full", *sweeping)
            # counted in a process of its own, so that the sweep's peak memory is its own
            full["statuses"] = run_child(env, "statuses")
            say("adding a record for 1% of the establishments")
            touched = run_child(env, "touch", TOUCH_SHARE, seed)
            say("incremental sweep")
            incremental = run_child(env, "sweep", "incremental", *sweeping)
            say("idle sweep (nothing changed)")
            idle = run_child(env, "sweep", "incremental", *sweeping)
            say("full sweep again (every group, the findings stored)")
            again_full = run_child(env, "sweep", "full", *sweeping)
            manifest = Path(tmp) / "manifests.csv"
            say(f"writing {manifest_rows:,} manifest rows")
            written = run_child(env, "manifests", manifest_rows, seed, manifest)
            say("importing them")
            imported = run_child(env, "import", manifest)
            say("importing them again")
            again = run_child(env, "import", manifest)
            if explain_read:  # after the figures above, so that they are those of a plain run
                if count > 1:
                    # one worker, then as many as before, one after the other: the load
                    # of a shared machine changes from one minute to the next
                    say("full sweep again with one worker (the read explained)")
                    explained["one_worker"] = run_child(env, "sweep", "full", 1, "explain")
                    say(f"full sweep again with {count} workers (the read explained)")
                    explained["workers_again"] = run_child(env, "sweep", "full", count, "explain")
                say("every group read alone, outside a sweep")
                explained["read_alone"] = run_child(env, "read-alone")
    finally:
        drop_database(database, env)
    ratio = incremental["seconds"] / full["seconds"] if full["seconds"] else None
    ratio_again = incremental["seconds"] / again_full["seconds"] if again_full["seconds"] else None
    return {
        "establishments": establishments,
        "database": migrate["vendor"],
        "seed": seed,
        "python": sys.version.split()[0],
        "yardstick": {"before": before, "after": yardstick()},
        "migrate": migrate,
        "seeded": seeded,
        "full_sweep": {
            **full,
            "establishments_per_second": round(establishments / full["seconds"], 1),
        },
        "touched": touched,
        "incremental_sweep": {
            **incremental,
            "share_of_full": None if ratio is None else round(ratio, 4),
            "share_of_full_again": None if ratio_again is None else round(ratio_again, 4),
        },
        "idle_sweep": idle,
        "full_sweep_again": {
            **again_full,
            "establishments_per_second": round(establishments / again_full["seconds"], 1),
        },
        "manifests": written,
        "import": imported,
        "reimport": again,
        **explained,
    }


def bench_import(
    *,
    establishments: int,
    rows: int = 10_000,
    database: str | None = None,
    seed: int = 1383,
    keep_seed: Path | None = None,
    profile: bool = False,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The manifest import alone: new rows, then the same rows again, each stage timed."""
    say = progress or (lambda _message: None)
    if establishments < 1:
        raise BenchError("--establishments must be at least 1")
    if rows < 1:
        raise BenchError("--rows must be at least 1")
    if keep_seed is not None and database is not None:
        raise BenchError("--keep-seed keeps an SQLite file; it is not for --database")
    before = yardstick()
    seeded_env = _seeded(establishments, seed, database, keep_seed, say)
    env = make_database(database, template=seeded_env)
    try:
        with tempfile.TemporaryDirectory(prefix="sanitas-bench-") as tmp:
            manifest = Path(tmp) / "manifests.csv"
            say(f"writing {rows:,} manifest rows")
            written = run_child(env, "manifests", rows, seed, manifest)
            say("importing them")
            imported = run_child(env, "staged-import", manifest)
            say("importing them again")
            again = run_child(env, "staged-import", manifest)
            profiled = None
            if profile:
                copy = make_database(database, template=seeded_env)
                try:
                    say("importing them into a fresh copy under cProfile")
                    profiled = run_child(copy, "profile-import", manifest)
                finally:
                    drop_database(database, copy)
    finally:
        drop_database(database, env)
        if keep_seed is None:
            drop_database(database, seeded_env)
    return {
        "establishments": establishments,
        "database": seeded_env["vendor"],
        "seed": seed,
        "python": sys.version.split()[0],
        "yardstick": {"before": before, "after": yardstick()},
        "seeded": seeded_env["seeded"],
        "manifests": written,
        "import": imported,
        "reimport": again,
        "profile": profiled,
    }


def _seeded(
    establishments: int,
    seed: int,
    database: str | None,
    keep: Path | None,
    say: Callable[[str], None],
) -> dict[str, Any]:
    """A database holding the seeded city: the environment of a child, plus its
    vendor and the seed's figures. With ``keep`` (an SQLite file), a city seeded
    before with the same figures is taken from it, else the new one is kept there."""
    facts = Path(f"{keep}.json") if keep is not None else None
    if keep is not None and keep.exists() and facts is not None and facts.exists():
        kept = json.loads(facts.read_text())
        if kept["establishments"] == establishments and kept["seed"] == seed:
            say(f"taking the seeded city from {keep}")
            folder = tempfile.mkdtemp(prefix="sanitas-scratch-")
            shutil.copyfile(keep, Path(folder) / "sanitas.sqlite3")
            env = {"SANITAS_DATA_DIR": folder, "DATABASE_URL": ""}
            return {**env, "vendor": "sqlite", "seeded": kept["seeded"]}
    env = make_database(database)
    say("migrating a scratch database")
    vendor = run_child(env, "migrate")["vendor"]
    say(f"seeding {establishments:,} establishments")
    seeded = run_child(env, "seed", establishments, seed)
    if keep is not None and facts is not None:
        source = Path(env["SANITAS_DATA_DIR"]) / "sanitas.sqlite3"
        with closing(sqlite3.connect(source)) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        shutil.copyfile(source, keep)
        facts.write_text(
            json.dumps({"establishments": establishments, "seed": seed, "seeded": seeded})
        )
    return {**env, "vendor": vendor, "seeded": seeded}


def render_import(result: dict[str, Any]) -> str:
    seeded = result["seeded"]
    lines = [
        f"import benchmark: {result['establishments']:,} establishments on "
        f"{result['database']} (Python {result['python']}, seed {result['seed']})",
        *_yardstick_lines(result),
        f"  seed:            {seeded['records']:,} records, {seeded['groups']:,} subject groups",
    ]
    for key, title, counted in (
        ("import", "new rows", "created"),
        ("reimport", "same file again", "unchanged"),
    ):
        run = result[key]
        lines.append(
            f"  {title + ':':16} {run['rows']:,} pump-out rows in {run['seconds']:.2f} s: "
            f"{run['rows_per_second']:,.0f} rows/s ({run[counted]:,} {counted}); "
            f"CPU {run['cpu_seconds']:.2f} s; peak {run['peak_rss_mb']:,.0f} MB"
        )
        lines.append(f"      {'stage':<36} {'wall s':>7}  {'CPU s':>6}  CPU µs a row")
        for stage, seconds in run["stages"].items():
            cpu = run["cpu_stages"][stage]
            per_row = 1e6 * cpu / max(1, run["rows"])
            lines.append(f"      {stage:<36} {seconds:7.3f}  {cpu:6.3f}  {per_row:6.1f}")
    profiled = result.get("profile")
    if profiled:
        seconds = profiled["seconds"]
        lines.append(f"  cProfile of a new import ({seconds:.2f} s under the profiler):")
        lines.extend(f"    {line}" for line in profiled["top"])
    return "\n".join(lines) + "\n"


def bench_distributed(
    *,
    establishments: int,
    workers: list[int],
    database: str | None = None,
    seed: int = 1383,
    chunk: int = 400,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The distributed sweep of the same city with each count of ``workers``."""
    say = progress or (lambda _message: None)
    if establishments < 1:
        raise BenchError("--establishments must be at least 1")
    if not workers or min(workers) < 1:
        raise BenchError("--workers lists counts of at least 1, e.g. 1,2")
    env = make_database(database)
    runs = []
    try:
        say("migrating a scratch database")
        migrate = run_child(env, "migrate")
        say(f"seeding {establishments:,} establishments")
        seeded = run_child(env, "seed", establishments, seed)
        for count in workers:
            copy = make_database(database, template=env)
            try:
                say(f"{count} worker(s): full sweep, every finding new")
                first = _distributed(copy, count, chunk)
                say(f"{count} worker(s): full sweep again, nothing to store")
                again = _distributed(copy, count, chunk)
            finally:
                drop_database(database, copy)
            runs.append({"workers": count, "first": first, "again": again})
    finally:
        drop_database(database, env)
    for run in runs:
        for key in ("first", "again"):
            sweep = run[key]
            sweep["establishments_per_second"] = round(establishments / sweep["seconds"], 1)
            sweep["worker_cpu_ms_per_group"] = round(
                1000 * sweep["worker_cpu_seconds"] / max(1, sweep["groups"]), 3
            )
    return {
        "establishments": establishments,
        "database": migrate["vendor"],
        "seed": seed,
        "chunk": chunk,
        "python": sys.version.split()[0],
        "cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "seeded": seeded,
        "runs": runs,
    }


def _distributed(env: dict[str, str], count: int, chunk: int) -> dict[str, Any]:
    """Plan a distributed full sweep, then time ``count`` workers sweeping it."""
    planned = run_child(env, "plan", chunk)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "sanitas", "sweep-worker", "--until-idle", "--interval", "0.1"],
            env=child_env(env),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    errors = [proc.communicate()[1] for proc in procs]
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    failed = [e for proc, e in zip(procs, errors, strict=True) if proc.returncode != 0]
    if failed:
        tail = "\n".join(failed[0].strip().splitlines()[-5:])
        raise BenchError(f"a sweep worker failed:\n{tail}")
    done = run_child(env, "run", planned["run"])
    if done["state"] != "done":
        raise BenchError(f"the distributed sweep ended {done['state']}: {done['error']}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        **done,
        "chunks": planned["chunks"],
        "seconds": round(seconds, 2),
        "worker_cpu_seconds": round(cpu, 2),
    }


def render_distributed(result: dict[str, Any]) -> str:
    seeded = result["seeded"]
    lines = [
        f"distributed sweep benchmark: {result['establishments']:,} establishments on "
        f"{result['database']} (Python {result['python']}, {result['cores']} cores, "
        f"seed {result['seed']}, chunks of {result['chunk']} groups)",
        f"  seed: {seeded['records']:,} records, {seeded['groups']:,} subject groups",
    ]
    for run in result["runs"]:
        for key, title in (("first", "every finding new"), ("again", "nothing to store")):
            sweep = run[key]
            lines.append(
                f"  {run['workers']} worker(s), {title + ':':18} {sweep['swept']:,} groups in "
                f"{sweep['chunks']:,} chunks, {sweep['findings_created']:,} findings created, "
                f"in {sweep['seconds']:.1f} s: {sweep['establishments_per_second']:,.0f} "
                f"establishments/s; workers' CPU {sweep['worker_cpu_seconds']:.1f} s "
                f"({sweep['worker_cpu_ms_per_group']:.2f} ms a group)"
            )
    return "\n".join(lines) + "\n"


def render(result: dict[str, Any]) -> str:
    seeded, full = result["seeded"], result["full_sweep"]
    touched, inc = result["touched"], result["incremental_sweep"]
    again = result["full_sweep_again"]
    imp, reimp = result["import"], result["reimport"]
    lines = [
        f"sweep benchmark: {result['establishments']:,} establishments on {result['database']} "
        f"(Python {result['python']}, seed {result['seed']})",
        *_yardstick_lines(result),
        f"  seed:              {seeded['records']:,} records in {seeded['seconds']:.1f} s "
        f"({seeded['records_per_second']:,.0f} records/s, chunks of {seeded['chunk']:,}); "
        f"{seeded['groups']:,} subject groups, the largest {seeded['largest_group']:,} "
        f"records; peak {seeded['peak_rss_mb']:,.0f} MB",
        f"  full sweep:        {full['groups']:,} groups, {full['findings_created']:,} findings "
        f"in {full['seconds']:.1f} s: {full['establishments_per_second']:,.0f} "
        f"establishments/s; peak {full['peak_rss_mb']:,.0f} MB"
        f"{_workers(full)}",
        f"                     {_stages(full)}",
        *_cpu_lines(full),
        *_inserted_lines(full, result["establishments"]),
        *_status_lines(full),
        f"  1% touched:        {touched['establishments']:,} establishments got an inspection "
        f"({touched['groups']:,} groups holding {touched['records_in_groups']:,} records, "
        f"{touched['share_of_records']:.1%} of all)",
        f"  incremental sweep: {inc['groups']:,} groups in {inc['seconds']:.2f} s = "
        f"{inc['share_of_full']:.1%} of the full sweep ({inc['share_of_full_again']:.1%} of "
        f"the full sweep again); peak {inc['peak_rss_mb']:,.0f} MB",
        f"  idle sweep:        {result['idle_sweep']['groups']:,} groups in "
        f"{result['idle_sweep']['seconds']:.2f} s",
        f"  full sweep again:  {again['groups']:,} groups, nothing to store, in "
        f"{again['seconds']:.1f} s: {again['establishments_per_second']:,.0f} "
        f"establishments/s; peak {again['peak_rss_mb']:,.0f} MB{_workers(again)}",
        f"                     {_stages(again)}",
        *_cpu_lines(again),
        f"  CSV import:        {imp['rows']:,} pump-out rows in {imp['seconds']:.2f} s: "
        f"{imp['rows_per_second']:,.0f} rows/s with full validation "
        f"({imp['created']:,} created); peak {imp['peak_rss_mb']:,.0f} MB",
        f"  same file again:   {reimp['rows']:,} rows in {reimp['seconds']:.2f} s: "
        f"{reimp['rows_per_second']:,.0f} rows/s ({reimp['unchanged']:,} unchanged)",
    ]
    if "explain_read" in full:
        lines.extend(_explained_lines(result))
    return "\n".join(lines) + "\n"


#: the read's figures, in the order printed: (key, column heading)
_READ_COLUMNS = (
    ("wall", "wall"),
    ("cpu", "CPU"),
    ("cpu_wait", "CPU wait"),
    ("server_cpu", "server CPU"),
    ("server_wait", "server wait"),
    ("other", "other"),
)


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _explained_lines(result: dict[str, Any]) -> list[str]:
    """The read of each explained step, per subject group, and the autovacuum runs."""
    again = result["full_sweep_again"]
    steps = [
        (f"full sweep, {result['full_sweep']['workers']} worker(s)", result["full_sweep"]),
        ("incremental sweep", result["incremental_sweep"]),
        (f"full sweep again, {again['workers']} worker(s)", again),
    ]
    if result.get("one_worker"):
        steps.append(("full sweep again, 1 worker", result["one_worker"]))
    if result.get("workers_again"):
        workers = result["workers_again"]["workers"]
        steps.append((f"then again, {workers} worker(s)", result["workers_again"]))
    if result.get("read_alone"):
        steps.append(("read alone, no sweep", result["read_alone"]))
    heading = "".join(f"{title:>12}" for _key, title in _READ_COLUMNS)
    lines = [
        "  the read, explained: ms per subject group (chunks of 400: the facts documents,",
        "  then what they are lent); this process's thread and, on PostgreSQL, the server",
        "  process answering it: time on a CPU, time waiting for one; other = neither",
        f"    {'':30}{heading}{'median':>9}{'slowest':>9}  documents; lent (s)",
    ]
    for title, step in steps:
        read = step["explain_read"]["read"]
        cells = "".join(f"{_ms(read['ms_per_group'][key]):>12}" for key, _title in _READ_COLUMNS)
        lines.append(
            f"    {title:30}{cells}{_ms(read['median_chunk_ms_per_group']):>9}"
            f"{_ms(read['slowest_chunk_ms_per_group']):>9}  "
            f"{read['parts']['documents']:.1f}; {read['parts']['lent']:.1f}"
            f"  ({read['groups']:,} groups, {read['seconds']['wall']:.1f} s)"
        )
    for title, step in steps:
        explained = step["explain_read"]
        server, vacuum = explained["server_seconds"], explained["autovacuum"]
        if server is None and vacuum is None:
            continue
        line = f"    {title}: "
        slowest = explained["read"].get("slowest_chunk")
        if slowest is not None:
            number, first, parts = slowest
            line += (
                f"slowest chunk no. {number} from group {first} (documents "
                f"{parts.get('documents', 0.0):.2f} s, lent {parts.get('lent', 0.0):.2f} s); "
            )
        if server is not None:
            line += (
                f"server CPU {server['cpu']:.1f} s over the step "
                f"(waiting for a core {server['cpu_wait']:.1f} s)"
            )
        if vacuum is not None:
            read = explained["read"]
            line += (
                f"; autovacuum {vacuum['vacuums']} vacuum(s), {vacuum['analyzes']} analyze(s) "
                f"during it, {read['chunks_read_during_autovacuum']} of {read['chunks']} chunks "
                "read while one ran"
            )
            during = read["chunks_read_during_autovacuum_ms_per_group"]
            if during is not None:
                line += f" ({during:.3f} ms a group)"
            logged = vacuum.get("logged")
            if logged:
                for kind in ("vacuum", "analyze"):
                    if kind in logged:
                        run = logged[kind]
                        line += (
                            f"; logged {run['runs']} {kind}(s), {run['elapsed_seconds']:.1f} s "
                            f"elapsed, {run['cpu_seconds']:.1f} s CPU"
                        )
                if logged.get("longest"):
                    longest = ", ".join(f"{n} {s:.1f} s" for n, s in logged["longest"].items())
                    line += f" (longest: {longest})"
        lines.append(line)
    return lines


def _yardstick_lines(result: dict[str, Any]) -> list[str]:
    """The machine's speed at plain Python before and after the run (:func:`yardstick`)."""
    measured = result.get("yardstick")
    if not measured:
        return []
    return [
        f"  machine:           yardstick {measured['before']:,.0f} rounds a CPU second before "
        f"the run, {measured['after']:,.0f} after (runs compare as far as these do)"
    ]


def _cpu_lines(sweep: dict[str, Any]) -> list[str]:
    """The processor time the sweep cost a subject group, by process, and the speed
    the cores allow at that cost (see :class:`_CpuClock`)."""
    cpu = sweep.get("cpu")
    if not cpu or not cpu["ms_a_group"]:
        return []
    parts = f"sweeping process {cpu['sweeping_process']:.1f} s, workers {cpu['workers']:.1f} s"
    if cpu["server"] is not None:
        parts += f", server {cpu['server']:.1f} s"
    return [
        f"                     CPU {parts}: {cpu['ms_a_group']:.2f} ms a group; "
        f"{cpu['cores']} core(s) allow at most {cpu['groups_a_second_at_most']:,} groups/s "
        "at that cost"
    ]


def _inserted_lines(sweep: dict[str, Any], establishments: int) -> list[str]:
    """What a sweep inserted, and what storing took for each entry it wrote."""
    inserted = sweep.get("inserted")
    if not inserted or not inserted["entries"]:
        return []
    stages = sweep.get("stages", {})
    # the indexes a first sweep builds after its rows are entries it wrote too
    store = stages.get("store", 0) + stages.get("indexes", 0)
    per_entry = f"; storing {store / inserted['entries'] * 1e6:.2f} µs an entry" if store else ""
    tables = ", ".join(
        f"{table} {t['rows']:,} × {t['entries_a_row']}"
        for table, t in sorted(inserted["tables"].items(), key=lambda item: -item[1]["entries"])
    )
    return [
        f"                     inserted {inserted['rows']:,} rows, {inserted['entries']:,} "
        f"table and index entries ({inserted['entries'] / establishments:,.0f} an "
        f"establishment){per_entry}",
        f"                     (rows × entries a row: {tables})",
    ]


def _status_lines(sweep: dict[str, Any]) -> list[str]:
    """The findings by status, and the share with a worklist status (due, overdue,
    violation, late): the rows a sweep would still store if it kept rows only for them."""
    statuses = sweep.get("statuses")
    counts = statuses["counts"] if statuses else {}
    total = sum(counts.values())
    if not total:
        return []
    shares = ", ".join(
        f"{status} {n / total:.0%}" for status, n in sorted(counts.items(), key=lambda i: -i[1])
    )
    return [
        f"                     findings by status: {shares}; "
        f"{statuses['with_a_worklist_status'] / total:.0%} with a worklist status"
    ]


def _workers(sweep: dict[str, Any]) -> str:
    if sweep.get("workers", 1) <= 1:
        return ""
    return f" (+ {sweep['workers']} workers, {sweep['worker_peak_rss_mb']:,.0f} MB at most each)"


def _stages(sweep: dict[str, Any]) -> str:
    """Where the sweeping process spent its time (with workers, "evaluate" is its wait)."""
    stages = sweep.get("stages", {})
    return "; ".join(f"{stage} {seconds:.1f} s" for stage, seconds in stages.items())


# --------------------------------------------------------------------------- the children


def _peak_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def step_migrate() -> dict[str, Any]:
    from django.core.management import call_command
    from django.db import connection

    started = time.perf_counter()
    call_command("migrate", verbosity=0, interactive=False)
    return {"vendor": connection.vendor, "seconds": round(time.perf_counter() - started, 2)}


def city_chunks(establishments: int, seed: int, size: int = SEED_CHUNK) -> Iterator[list[dict]]:
    """The facts of ``CityGenerator(seed).city(establishments)``, in the same order,
    in chunks that end where an establishment's facts end (so that a chunk never
    splits a subject group), generated as they are stored."""
    generator = CityGenerator(seed)
    chunk: list[dict] = list(generator.city(0)["facts"])
    for i in range(establishments):
        chunk.extend(generator.establishment(i))
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def step_seed(establishments: int, seed: int) -> dict[str, Any]:
    from django.db.models import Count

    from sanitas.records.models import RecordIndex
    from sanitas.records.services import record_facts

    records = 0
    started = time.perf_counter()
    for chunk in city_chunks(establishments, seed):
        result = record_facts(
            raw_facts=chunk, actor="bench", why="synthetic city", source="bench", evaluate=False
        )
        records += result.created
    seconds = time.perf_counter() - started
    sizes = (
        RecordIndex.objects.values("subject_group")
        .annotate(n=Count("id"))
        .order_by("-n")
        .values_list("n", flat=True)
    )
    return {
        "records": records,
        "seconds": round(seconds, 2),
        "records_per_second": round(records / seconds, 1),
        "chunk": SEED_CHUNK,
        "groups": RecordIndex.objects.values("subject_group").distinct().count(),
        "largest_group": next(iter(sizes), 0),
        "peak_rss_mb": _peak_mb(),
    }


def step_sweep(mode: str, workers: str = "", explain: str = "") -> dict[str, Any]:
    """A sweep (``mode`` full or incremental) with ``workers`` processes (default:
    one per core); with ``explain``, its read clocked chunk by chunk (:class:`_Explained`)."""
    from sanitas.records.sweep import default_workers, sweep

    count = int(workers) if workers else default_workers()
    explained = _Explained() if explain else None
    before = _highest_ids()
    cpu = _CpuClock()
    started = time.perf_counter()
    with explained if explained is not None else nullcontext():
        result = sweep(as_of=AS_OF, full=mode == "full", workers=count)
    seconds = time.perf_counter() - started
    workers = count
    extra = {"explain_read": explained.result} if explained is not None else {}
    return {
        **extra,
        "cpu": cpu.spent(result.groups),
        "inserted": _inserted(before, _highest_ids()),
        "groups": result.groups,
        "findings_created": result.findings_created,
        "findings_updated": result.findings_updated,
        "findings_closed": result.findings_closed,
        "seconds": round(seconds, 3),
        "workers": workers,
        "stages": {stage: round(seconds, 2) for stage, seconds in result.seconds.items()},
        "peak_rss_mb": _peak_mb(),
        "worker_peak_rss_mb": round(
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1
        ),
    }


class _CpuClock:
    """The processor time a sweep costs, wherever it is spent on this machine: the
    sweeping process (reading, storing), its workers (evaluating; they are its
    children, waited for when the sweep ends), and on PostgreSQL the server process
    answering its connection (read from ``/proc`` where the server runs here). Their
    sum a subject group, against what the cores give, is the fastest this sweep could
    go on them if they did nothing else and nothing ever waited."""

    def __init__(self) -> None:
        self.server_pid = _server_pid()
        self.before = self._now()

    def _now(self) -> tuple[float, float, float | None]:
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        server = None
        if self.server_pid is not None:
            times = _schedstat(f"/proc/{self.server_pid}/schedstat")
            server = None if times is None else times[0] / 1e9
        return (
            own.ru_utime + own.ru_stime,
            children.ru_utime + children.ru_stime,
            server,
        )

    def spent(self, groups: int) -> dict[str, Any]:
        after = self._now()
        own, workers = after[0] - self.before[0], after[1] - self.before[1]
        server = None
        if after[2] is not None and self.before[2] is not None:
            server = after[2] - self.before[2]
        total = own + workers + (server or 0.0)
        cores = _cores()
        return {
            "sweeping_process": round(own, 2),
            "workers": round(workers, 2),
            "server": None if server is None else round(server, 2),
            "ms_a_group": round(total / groups * 1000, 3) if groups else None,
            "cores": cores,
            "groups_a_second_at_most": round(cores * groups / total) if groups and total else None,
        }


def step_statuses() -> dict[str, Any]:
    """The current findings by status, and how many have a worklist status: what
    share of a sweep's findings rows the worklist needs and what share only says
    "met"."""
    from django.db.models import Count

    from sanitas.records.models import Finding
    from sanitas.records.worklist import WORKLIST_STATUSES

    rows = (
        Finding.objects.filter(current=True)
        .values_list("status")
        .annotate(n=Count("id"))
        .order_by("status")
    )
    counts = dict(rows)
    listed = sum(n for status, n in counts.items() if status in WORKLIST_STATUSES)
    return {"counts": counts, "with_a_worklist_status": listed}


def _stored_models() -> list[Any]:
    """The tables a sweep inserts into (the worklist's lines, the findings and their
    documents, the data problems), each with its history table."""
    from sanitas.records.models import DataProblem, Finding, GroupFindings, WorklistRow

    out: list[Any] = []
    for model in (Finding, WorklistRow, GroupFindings, DataProblem):
        out.append(model)
        history = getattr(model, "history", None)
        if history is not None:
            out.append(history.model)
    return out


def _highest_ids() -> dict[str, int]:
    """Each stored table's highest id: ids are never reused (SQLite's AUTOINCREMENT,
    PostgreSQL's sequences, one value a row that ``COPY`` reads), so the rows a sweep
    inserts are the difference, read off the primary key's index without a count."""
    from django.db import connection

    out = {}
    with connection.cursor() as cursor:
        for model in _stored_models():
            meta = model._meta
            quote = connection.ops.quote_name
            cursor.execute(f"SELECT MAX({quote(meta.pk.column)}) FROM {quote(meta.db_table)}")
            out[meta.db_table] = cursor.fetchone()[0] or 0
    return out


def _entries_a_row(table: str) -> int:
    """What one inserted row of ``table`` writes: the row itself and an entry in each
    of its indexes and unique keys (on SQLite the primary key is the table's own
    B-tree; on PostgreSQL the row goes to the heap and its key to an index)."""
    from django.db import connection

    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    indexes = sum(
        1 for c in constraints.values() if (c["index"] or c["unique"]) and not c["primary_key"]
    )
    return 1 + indexes + (1 if connection.vendor == "postgresql" else 0)


def _inserted(before: dict[str, int], after: dict[str, int]) -> dict[str, Any]:
    """The rows a sweep inserted, table by table, and the table and index entries they
    wrote: a first sweep's storing is that many B-tree insertions, one by one."""
    tables = {}
    for table, high in after.items():
        rows = high - before.get(table, 0)
        if rows:
            per_row = _entries_a_row(table)
            tables[table] = {"rows": rows, "entries_a_row": per_row, "entries": rows * per_row}
    return {
        "tables": tables,
        "rows": sum(t["rows"] for t in tables.values()),
        "entries": sum(t["entries"] for t in tables.values()),
    }


def step_plan(chunk: int) -> dict[str, Any]:
    """A distributed full sweep planned and on the queue (not timed)."""
    from sanitas.records.distributed import run_progress, start_distributed_sweep

    run = start_distributed_sweep(as_of=AS_OF, full=True, chunk_size=chunk, actor="bench")
    return {"run": run.pk, "chunks": run_progress(run)[1], "groups": run.groups}


def step_run(run_id: int) -> dict[str, Any]:
    """What a distributed sweep did."""
    from sanitas.records.distributed import run_totals, run_workers
    from sanitas.records.models import SweepRun

    run = SweepRun.objects.get(pk=run_id)
    return {
        "state": run.state,
        "error": run.error,
        "groups": run.groups,
        **run_totals(run),
        "by_worker": run_workers(run),
    }


def step_touch(share: float, seed: int) -> dict[str, Any]:
    """A new inspection for ``share`` of the establishments, picked at random."""
    from sanitas.records.models import RecordIndex
    from sanitas.records.services import record_facts

    keys = sorted(
        RecordIndex.objects.filter(fact_type="establishment")
        .exclude(key__regex=r"^fro-[0-9]+$")  # the food banks every city shares
        .values_list("key", flat=True)
    )
    picked = random.Random(seed).sample(keys, max(1, round(len(keys) * share)))
    day = AS_OF.replace(day=AS_OF.day - 1).isoformat()
    facts = [
        {"type": "inspection", "subject": key, "date": day, "notes": "benchmark visit"}
        for key in picked
    ]
    record_facts(
        raw_facts=facts, actor="bench", why="benchmark: 1% of subjects change", evaluate=False
    )
    groups = set(RecordIndex.objects.filter(key__in=picked).values_list("subject_group", flat=True))
    in_groups = RecordIndex.objects.filter(subject_group__in=groups).count()
    return {
        "establishments": len(picked),
        "groups": len(groups),
        "records_in_groups": in_groups,
        "share_of_records": round(in_groups / RecordIndex.objects.count(), 4),
    }


MANIFEST_HEADER = [
    "Hauler",
    "Manifest #",
    "Device ID",
    "Pump Date",
    "Full",
    "Hauler Address",
    "Operator",
    "Signed",
    "Water Gallons",
    "FOG Gallons",
    "Floating FOG Inches",
    "Settled Solids Inches",
    "Disposal Facility",
]


def step_manifests(rows: int, seed: int, path: str) -> dict[str, Any]:
    """A hauler's manifest file for devices on record (not timed)."""
    from sanitas.records.models import RecordIndex

    devices = sorted(RecordIndex.objects.filter(fact_type="device").values_list("key", flat=True))
    if not devices:
        raise BenchError("no devices to write manifests for")
    rng = random.Random(seed)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(MANIFEST_HEADER)
        for n in range(rows):
            writer.writerow(
                [
                    "Foothill Pumping Co.",
                    f"FP-{900000 + n}",
                    rng.choice(devices),
                    f"{rng.randrange(1, 13)}/{rng.randrange(1, 29)}/2025",
                    "yes" if rng.random() < 0.95 else "no",
                    "88 Rosemead Blvd, South El Monte, CA",
                    rng.choice(["L. Nguyen", "P. Ramos", "D. Kim"]),
                    "yes",
                    rng.randrange(200, 1500),
                    rng.randrange(20, 300),
                    rng.randrange(1, 12),
                    rng.randrange(1, 10),
                    "Joint Water Pollution Control Plant",
                ]
            )
    return {"rows": rows, "devices": len(devices)}


def step_import(path: str) -> dict[str, Any]:
    from sanitas.intake.imports import import_file

    started = time.perf_counter()
    result = import_file(path, actor="bench", why="benchmark import")
    seconds = time.perf_counter() - started
    if not result.ok:
        raise BenchError("; ".join(result.problems[:5]))
    return {
        "rows": result.rows,
        "created": result.created,
        "updated": result.updated,
        "unchanged": result.unchanged,
        "seconds": round(seconds, 3),
        "rows_per_second": round(result.rows / seconds, 1),
        "peak_rss_mb": _peak_mb(),
    }


#: the import's stages, each (name, module, attribute) of the function that does
#: it; a stage's time excludes the stages it calls, and "other" is the rest of
#: the import (a function absent from the code is left out)
IMPORT_STAGES: tuple[tuple[str, str, str], ...] = (
    ("read and convert the rows", "sanitas.intake.imports", "read_table"),
    ("screen the values' bounds", "sanitas.intake.imports", "_screen"),
    ("look up the stored keys", "sanitas.intake.imports", "_load_stored"),
    ("resolve shared keys", "sanitas.intake.imports", "_resolve_shared_keys"),
    ("build the batch", "sanitas.intake.imports", "_build"),
    ("order and chunk", "sanitas.records.store", "store_order"),
    ("validate (vocabulary)", "sanitas.ordinance.facts", "parse_facts"),
    ("check references", "sanitas.records.services", "BatchIndex.known_types"),
    ("index lookups of the batch's keys", "sanitas.records.services", "BatchIndex.load"),
    ("subject groups", "sanitas.records.services", "_assign_groups"),
    ("store records", "sanitas.records.services", "_insert_new"),
    ("history", "sanitas.records.bulk", "Table.keep_history_of"),
    ("index rows", "sanitas.records.services", "_index"),
    ("facts documents", "sanitas.records.documents", "update_documents"),
    ("groups' changed marks", "sanitas.records.services", "_touch_groups"),
    ("evaluate the touched groups", "sanitas.records.services", "evaluate_groups"),
    ("records' mappings for the documents", "sanitas.records.documents", "record_mapping"),
)


class _StageClock:
    """Exclusive time per stage, on the wall clock and in this process's CPU time (the
    better guide on shared cores): the time inside a stage's function, less the time
    inside the other stages it calls."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self._stack: list[list[float]] = []

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        clock, cpu_clock = time.perf_counter, time.process_time
        seconds, cpu, stack = self.seconds, self.cpu, self._stack

        def timed(*args: Any, **kwargs: Any) -> Any:
            frame = [0.0, 0.0]  # the time spent in the stages this one calls
            stack.append(frame)
            started, cpu_started = clock(), cpu_clock()
            try:
                return function(*args, **kwargs)
            finally:
                elapsed, cpu_elapsed = clock() - started, cpu_clock() - cpu_started
                stack.pop()
                seconds[name] = seconds.get(name, 0.0) + elapsed - frame[0]
                cpu[name] = cpu.get(name, 0.0) + cpu_elapsed - frame[1]
                if stack:
                    stack[-1][0] += elapsed
                    stack[-1][1] += cpu_elapsed

        return timed

    def install(self) -> None:
        """Wrap every stage's function where the code calls it: in its own module,
        and in each module that imported it by name."""
        import sys as _sys

        for name, module_name, attribute in IMPORT_STAGES:
            module = importlib.import_module(module_name)
            owner_name, _, function_name = attribute.rpartition(".")
            owner = getattr(module, owner_name) if owner_name else module
            function = getattr(owner, function_name, None)
            if function is None:
                continue
            timed = self.wrap(name, function)
            setattr(owner, function_name, timed)
            if owner_name:
                continue
            for other in list(_sys.modules.values()):
                if (
                    getattr(other, "__name__", "").startswith("sanitas.")
                    and getattr(other, function_name, None) is function
                ):
                    setattr(other, function_name, timed)


def _import_figures(path: str) -> tuple[Any, float, float]:
    from sanitas.intake.imports import import_file

    cpu = time.process_time()
    started = time.perf_counter()
    result = import_file(path, actor="bench", why="benchmark import")
    seconds = time.perf_counter() - started
    if not result.ok:
        raise BenchError("; ".join(result.problems[:5]))
    return result, seconds, time.process_time() - cpu


def step_staged_import(path: str) -> dict[str, Any]:
    """An import with each stage timed (the clock's own cost is a few calls a chunk)."""
    import sanitas.intake.imports  # noqa: F401  (the stages' modules, loaded to be wrapped)

    clock = _StageClock()
    clock.install()
    result, seconds, cpu = _import_figures(path)
    stages = dict(sorted(clock.seconds.items(), key=lambda item: -clock.cpu[item[0]]))
    stages["other"] = max(0.0, seconds - sum(stages.values()))
    cpu_stages = {stage: clock.cpu.get(stage, 0.0) for stage in stages}
    cpu_stages["other"] = max(0.0, cpu - sum(clock.cpu.values()))
    return {
        "rows": result.rows,
        "created": result.created,
        "updated": result.updated,
        "unchanged": result.unchanged,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "rows_per_second": round(result.rows / seconds, 1),
        "stages": {stage: round(value, 4) for stage, value in stages.items()},
        "cpu_stages": {stage: round(value, 4) for stage, value in cpu_stages.items()},
        "peak_rss_mb": _peak_mb(),
    }


def step_profile_import(path: str, top: int = 30) -> dict[str, Any]:
    """An import under cProfile: its top functions by their own time."""
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    _import_figures(path)
    profiler.disable()
    seconds = time.perf_counter() - started
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(int(top))
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    start = next((n for n, line in enumerate(lines) if line.lstrip().startswith("ncalls")), 0)
    top_lines = [_short(line) for line in lines[start:] if line.strip()]
    return {"seconds": round(seconds, 3), "top": top_lines}


def _short(line: str) -> str:
    """A profile line with the path of the library's files left out."""
    root = str(Path(__file__).resolve().parents[2]) + os.sep
    line = line.replace(root, "")
    return line.replace(str(Path(sys.prefix)) + os.sep, "")


# --------------------------------------------------------------------------- the read, explained

#: the sweep's read of a chunk: its facts documents, then the records they are lent
READ_PARTS: tuple[tuple[str, str], ...] = (("documents", "placed_facts"), ("lent", "lent_facts"))

#: an autovacuum worker's entry in the server's log (with log_autovacuum_min_duration=0)
_AUTOVACUUM_LOG = re.compile(r'automatic (vacuum|analyze) of table "([^"]+)"')
_AUTOVACUUM_USAGE = re.compile(
    r"CPU: user: ([\d.]+) s, system: ([\d.]+) s, elapsed: ([\d.]+) s", re.MULTILINE
)


def _schedstat(path: str) -> tuple[int, int] | None:
    """A task's time on a CPU and its time waiting for one, in nanoseconds (Linux's
    ``/proc/…/schedstat``), or None where it cannot be read."""
    try:
        with open(path, encoding="ascii") as handle:
            on_cpu, waiting, _slices = handle.read().split()
    except (OSError, ValueError):
        return None
    return int(on_cpu), int(waiting)


def _server_pid() -> int | None:
    """On PostgreSQL, the server process answering this connection (on this machine,
    its times are in ``/proc``); None on SQLite."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


class _ReadClock:
    """Each chunk's read inside a sweep (or alone): its wall time; the reading
    thread's time on a CPU and waiting for one; and, on PostgreSQL, the same two of
    the server process that answers this connection (it runs on this machine), read
    from ``/proc`` before and after. Whatever the wall time holds beyond these four
    is time neither process was running nor waiting for a core: the disk, the socket.
    The autovacuum workers at work when each read ends are noted by table."""

    def __init__(self) -> None:
        from django.db import connection

        self.chunks: list[dict[str, Any]] = []
        self._open: dict[str, Any] | None = None
        self.vendor = connection.vendor
        self.server_pid = _server_pid()

    def _now(self) -> tuple[float, tuple[int, int] | None, tuple[int, int] | None, float]:
        server = None
        if self.server_pid is not None:
            server = _schedstat(f"/proc/{self.server_pid}/schedstat")
        return (
            time.perf_counter(),
            _schedstat("/proc/thread-self/schedstat"),
            server,
            (time.thread_time()),
        )

    def server_times(self) -> tuple[int, int] | None:
        if self.server_pid is None:
            return None
        return _schedstat(f"/proc/{self.server_pid}/schedstat")

    def wrap(self, part: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(groups: list[str], *args: Any, **kwargs: Any) -> Any:
            before = self._now()
            try:
                return function(groups, *args, **kwargs)
            finally:
                self._lap(part, groups, before, self._now())

        return timed

    def _lap(self, part: str, groups: list[str], before: tuple, after: tuple) -> None:
        chunk = self._open
        if chunk is None:
            chunk = self._open = {"groups": len(groups), "first": groups[0], "parts": {}}
            for name in ("wall", "cpu", "cpu_wait", "server_cpu", "server_wait"):
                chunk[name] = 0.0 if name in ("wall", "cpu") else None
        wall = after[0] - before[0]
        chunk["wall"] += wall
        chunk["parts"][part] = chunk["parts"].get(part, 0.0) + wall
        for name, index, slot in (
            ("cpu", 1, 0),
            ("cpu_wait", 1, 1),
            ("server_cpu", 2, 0),
            ("server_wait", 2, 1),
        ):
            if before[index] is not None and after[index] is not None:
                spent = (after[index][slot] - before[index][slot]) / 1e9
                chunk[name] = (chunk[name] or 0.0) + spent
            elif name == "cpu":  # no schedstat: the thread's CPU clock
                chunk[name] += after[3] - before[3]
        if part == READ_PARTS[-1][0]:
            chunk["autovacuum"] = self._autovacuuming()
            self.chunks.append(chunk)
            self._open = None

    def _autovacuuming(self) -> list[str]:
        """The tables autovacuum workers are working on now (PostgreSQL)."""
        if self.server_pid is None:
            return []
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT query FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'"
            )
            return sorted(query for (query,) in cursor.fetchall() if query)

    def install(self) -> None:
        """Time the read where the sweep calls it (each part in :data:`READ_PARTS`)."""
        from sanitas.records import sweep

        for part, name in READ_PARTS:
            setattr(sweep, name, self.wrap(part, getattr(sweep, name)))

    def summary(self) -> dict[str, Any]:
        """The chunks' totals (seconds), the same per group (ms), and the chunks'
        spread: the median chunk's and the slowest chunk's wall time per group."""
        groups = sum(chunk["groups"] for chunk in self.chunks)
        totals: dict[str, float | None] = {}
        for name in ("wall", "cpu", "cpu_wait", "server_cpu", "server_wait"):
            values = [chunk[name] for chunk in self.chunks if chunk[name] is not None]
            totals[name] = round(sum(values), 3) if values else None
        known = [v for k, v in totals.items() if k != "wall" and v is not None]
        totals["other"] = round(max(0.0, (totals["wall"] or 0.0) - sum(known)), 3)
        parts = {
            part: round(sum(chunk["parts"].get(part, 0.0) for chunk in self.chunks), 3)
            for part, _name in READ_PARTS
        }
        # the spread is of the chunks of the full size: the last, of a few groups, pays
        # the fixed cost of a chunk's queries alone
        size = max((chunk["groups"] for chunk in self.chunks), default=0)
        full = [chunk for chunk in self.chunks if chunk["groups"] == size]
        walls = sorted(chunk["wall"] / max(1, chunk["groups"]) for chunk in full)
        slowest = max(full, key=lambda c: c["wall"], default=None)
        during = [chunk for chunk in self.chunks if chunk.get("autovacuum")]
        return {
            "chunks": len(self.chunks),
            "groups": groups,
            "seconds": totals,
            "ms_per_group": {
                name: None if value is None else round(1000 * value / max(1, groups), 3)
                for name, value in totals.items()
            },
            "parts": parts,
            "median_chunk_ms_per_group": round(1000 * walls[len(walls) // 2], 3) if walls else None,
            "slowest_chunk_ms_per_group": round(1000 * walls[-1], 3) if walls else None,
            # where the slowest chunk starts (its number and first group, in key order)
            "slowest_chunk": None
            if slowest is None
            else [self.chunks.index(slowest), slowest["first"], slowest["parts"]],
            "chunks_read_during_autovacuum": len(during),
            "chunks_read_during_autovacuum_ms_per_group": (
                round(1000 * sum(c["wall"] for c in during) / sum(c["groups"] for c in during), 3)
                if during
                else None
            ),
        }


def _autovacuum_counts() -> dict[str, list[int]] | None:
    """Each table's autovacuum and autoanalyze runs so far (PostgreSQL's statistics)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT relname, autovacuum_count, autoanalyze_count FROM pg_stat_user_tables"
        )
        return {name: [vacuums, analyzes] for name, vacuums, analyzes in cursor.fetchall()}


def _server_log_size() -> int | None:
    """Where the server's log ends now (``SANITAS_POSTGRES_LOG``, which
    ``scripts/with-postgres.sh`` sets, and whose server logs every autovacuum)."""
    path = os.environ.get("SANITAS_POSTGRES_LOG")
    if not path:
        return None
    try:
        return os.path.getsize(path)
    except OSError:
        return None


def _autovacuum_logged(since: int | None) -> dict[str, Any] | None:
    """The autovacuum and autoanalyze runs the server logged after ``since``: how
    many, and their CPU and elapsed seconds, by kind and in all, and by table."""
    path = os.environ.get("SANITAS_POSTGRES_LOG")
    if since is None or not path:
        return None
    with open(path, "rb") as handle:
        handle.seek(since)
        text = handle.read().decode("utf-8", "replace")
    runs: dict[str, dict[str, float]] = {}
    tables: dict[str, float] = {}
    starts = list(_AUTOVACUUM_LOG.finditer(text))
    for n, match in enumerate(starts):
        entry = text[match.end() : starts[n + 1].start() if n + 1 < len(starts) else len(text)]
        usage = _AUTOVACUUM_USAGE.search(entry)
        kind, table = match.group(1), match.group(2).rsplit(".", 1)[-1]
        run = runs.setdefault(kind, {"runs": 0, "cpu_seconds": 0.0, "elapsed_seconds": 0.0})
        run["runs"] += 1
        if usage is not None:
            run["cpu_seconds"] += float(usage.group(1)) + float(usage.group(2))
            run["elapsed_seconds"] += float(usage.group(3))
            tables[f"{kind} {table}"] = tables.get(f"{kind} {table}", 0.0) + float(usage.group(3))
    for run in runs.values():
        run["cpu_seconds"] = round(run["cpu_seconds"], 2)
        run["elapsed_seconds"] = round(run["elapsed_seconds"], 2)
    longest = sorted(tables.items(), key=lambda item: -item[1])[:5]
    return {**runs, "longest": {name: round(seconds, 2) for name, seconds in longest}}


class _Explained:
    """What :func:`step_sweep` and :func:`step_read_alone` add with ``explain``: the
    read clocked chunk by chunk, the server process's times over the whole step, and
    the autovacuum runs during it."""

    def __enter__(self) -> _Explained:
        self.clock = _ReadClock()
        self.clock.install()
        self.counts = _autovacuum_counts()
        self.log_size = _server_log_size()
        self.server = self.clock.server_times()
        self.result: dict[str, Any] = {}
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is not None:
            return
        server = self.clock.server_times()
        counts = _autovacuum_counts()
        ran: dict[str, list[int]] = {}
        if counts is not None and self.counts is not None:
            for table, (vacuums, analyzes) in counts.items():
                before = self.counts.get(table, [0, 0])
                if (vacuums, analyzes) != tuple(before):
                    ran[table] = [vacuums - before[0], analyzes - before[1]]
        self.result = {
            "read": self.clock.summary(),
            "server_pid": self.clock.server_pid,
            "server_seconds": None
            if server is None or self.server is None
            else {
                "cpu": round((server[0] - self.server[0]) / 1e9, 3),
                "cpu_wait": round((server[1] - self.server[1]) / 1e9, 3),
            },
            "autovacuum": None
            if counts is None
            else {
                "vacuums": sum(v for v, _a in ran.values()),
                "analyzes": sum(a for _v, a in ran.values()),
                "tables": ran,
                "logged": _autovacuum_logged(self.log_size),
            },
        }


def step_read_alone() -> dict[str, Any]:
    """Every group read as the sweep reads it, chunk by chunk, one transaction a
    chunk, with no evaluation, no worker and nothing stored: the read alone."""
    from django.db import transaction

    from sanitas.records import sweep
    from sanitas.records.models import SubjectGroup

    groups = list(SubjectGroup.objects.order_by("key").values_list("key", flat=True))
    started = time.perf_counter()
    with _Explained() as explained:
        for start in range(0, len(groups), sweep.CHUNK):
            chunk = groups[start : start + sweep.CHUNK]
            with transaction.atomic():
                facts = sweep.placed_facts(chunk)
                sweep.lent_facts(chunk, facts)
    return {
        "groups": len(groups),
        "seconds": round(time.perf_counter() - started, 3),
        "explain_read": explained.result,
        "peak_rss_mb": _peak_mb(),
    }


STEPS: dict[str, Callable[..., dict[str, Any]]] = {
    "migrate": step_migrate,
    "seed": lambda n, seed: step_seed(int(n), int(seed)),
    "sweep": step_sweep,
    "read-alone": step_read_alone,
    "plan": lambda chunk: step_plan(int(chunk)),
    "run": lambda run_id: step_run(int(run_id)),
    "touch": lambda share, seed: step_touch(float(share), int(seed)),
    "manifests": lambda rows, seed, path: step_manifests(int(rows), int(seed), path),
    "import": step_import,
    "statuses": step_statuses,
    "staged-import": step_staged_import,
    "profile-import": step_profile_import,
}


def main(argv: list[str]) -> int:
    from sanitas.records.cli import setup_django

    step, *args = argv
    setup_django(migrate=False)  # a step migrates only when it is the migrate step
    result = STEPS[step](*args)
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
