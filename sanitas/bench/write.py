"""``sanitas bench write``: what one write from a record form costs, re-evaluation
included.

The demo city is loaded into a throwaway SQLite data directory (or an existing
data directory is used, ``--data-dir``), then ``--writes`` single-record writes
are made through :func:`sanitas.web.services.record_from_form` — the function the
record forms call, which records and evaluates the touched subject group in one
transaction — in a rotating mix: a pump-out of an interceptor, a training of a
business's employees, a change of a collection service (a new version of the
record) and an FOG inspection. Each write is timed whole, and the evaluation
inside it (:func:`sanitas.records.sweep.sweep_groups`) apart, so that the figures
say how much of a write is the engine and how much the storing.

No figure here is a target: the benchmark measures.
"""

from __future__ import annotations

import os
import random
import secrets
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, TextIO

KINDS = ("pump_out", "training", "collection_service", "inspection")


@dataclass
class WriteTimes:
    """Each write's time and its evaluation's, in seconds, by kind."""

    total: list[float] = field(default_factory=list)
    evaluation: list[float] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def _targets(rng: random.Random) -> dict[str, list[Any]]:
    """Live records to write about: interceptors, businesses with employees,
    collection services, businesses."""
    from sanitas.records.bridge import record_to_fact
    from sanitas.records.models import RECORD_MODELS

    live = {
        name: RECORD_MODELS[name].objects.filter(voided_at__isnull=True)
        for name in ("device", "employee", "collection_service", "establishment")
    }
    devices = list(
        live["device"].filter(kind="grease_interceptor").values_list("key", flat=True)[:2000]
    )
    staffed: dict[str, list[str]] = {}
    for key, business in (
        live["employee"].filter(left_on__isnull=True).values_list("key", "establishment")[:5000]
    ):
        staffed.setdefault(business, []).append(key)
    services = [record_to_fact(r) | {"id": r.key} for r in live["collection_service"][:2000]]
    businesses = list(live["establishment"].values_list("key", flat=True)[:5000])
    for values in (devices, services, businesses):
        rng.shuffle(values)
    return {
        "pump_out": devices,
        "training": sorted(staffed.items()),
        "collection_service": services,
        "inspection": businesses,
    }


def _fact(kind: str, i: int, targets: dict[str, list[Any]], day: date, rng: random.Random):
    pool = targets[kind]
    if not pool:
        return None
    target = pool[i % len(pool)]
    when = (day - timedelta(days=rng.randint(0, 60))).isoformat()
    if kind == "pump_out":
        return {
            "type": "pump_out",
            "device": target,
            "date": when,
            "full": True,
            "fog_gallons": float(rng.randint(50, 400)),
            "manifest_number": f"BENCH-{i}",
        }
    if kind == "training":
        business, employees = target
        return {
            "type": "training",
            "establishment": business,
            "date": when,
            "employees": employees[:8],
            "signed": True,
            "notes": f"bench {i}",
        }
    if kind == "collection_service":
        changed = dict(target)
        changed["gallons_per_week"] = float(rng.choice((32, 64, 96, 128, 192)))
        changed["notes"] = f"service level changed (bench {i})"
        return changed
    return {
        "type": "inspection",
        "subject": target,
        "date": when,
        "program": "fog",
        "fog_solids_percent_depth": float(rng.randint(5, 40)),
        "inspector": "bench",
    }


def measure_writes(*, writes: int, seed: int = 1383) -> WriteTimes:
    """Make ``writes`` single-record writes through the forms' service; their times."""
    from sanitas.records import sweep as sweep_module
    from sanitas.records.sweep import evaluation_day
    from sanitas.web.services import record_from_form

    rng = random.Random(seed)
    targets = _targets(rng)
    day = evaluation_day()
    times = WriteTimes()
    inner = sweep_module.sweep_groups
    spent: list[float] = []

    def timed_sweep_groups(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - start)

    sweep_module.sweep_groups = timed_sweep_groups
    try:
        for i in range(writes):
            kind = KINDS[i % len(KINDS)]
            raw = _fact(kind, i // len(KINDS), targets, day, rng)
            if raw is None:
                continue
            spent.clear()
            start = time.perf_counter()
            record_from_form(
                token=secrets.token_urlsafe(24),
                raw_fact=raw,
                actor="bench",
                why=f"bench write {i}",
            )
            times.total.append(time.perf_counter() - start)
            times.evaluation.append(sum(spent))
            times.kinds.append(kind)
    finally:
        sweep_module.sweep_groups = inner
    return times


def summary(times: WriteTimes) -> dict[str, Any]:
    """The figures, in milliseconds."""
    ms = [t * 1000 for t in times.total]
    total = sum(times.total) or 1.0
    by_kind = {}
    for kind in KINDS:
        own = [t * 1000 for t, k in zip(times.total, times.kinds, strict=True) if k == kind]
        if own:
            by_kind[kind] = {
                "writes": len(own),
                "p50_ms": statistics.median(own),
                "p95_ms": _percentile(own, 0.95),
            }
    return {
        "writes": len(ms),
        "p50_ms": _percentile(ms, 0.50),
        "p95_ms": _percentile(ms, 0.95),
        "p99_ms": _percentile(ms, 0.99),
        "max_ms": max(ms, default=0.0),
        "mean_ms": statistics.fmean(ms) if ms else 0.0,
        "evaluation_share": sum(times.evaluation) / total,
        "storing_share": 1 - sum(times.evaluation) / total,
        "by_kind": by_kind,
    }


def render(result: dict[str, Any]) -> str:
    lines = [
        f"{result['writes']} single-record writes with re-evaluation "
        f"({result['database']}, {result['records']:,} records, "
        f"{result['groups']:,} subject groups)",
        f"  p50 {result['p50_ms']:.1f} ms   p95 {result['p95_ms']:.1f} ms   "
        f"p99 {result['p99_ms']:.1f} ms   max {result['max_ms']:.1f} ms",
        f"  time in evaluation {result['evaluation_share']:.0%}, in storing "
        f"{result['storing_share']:.0%}",
    ]
    for kind, figures in result["by_kind"].items():
        lines.append(
            f"  {kind:<20} {figures['writes']:>4} writes   p50 {figures['p50_ms']:.1f} ms   "
            f"p95 {figures['p95_ms']:.1f} ms"
        )
    if result.get("load_s") is not None:
        lines.append(f"  (records loaded and swept first, in {result['load_s']:.1f} s)")
    return "\n".join(lines) + "\n"


def _load(path: Path, *, as_of: date) -> None:
    """A facts file's records, stored and swept (instead of the demo city)."""
    from sanitas.ordinance.document import read_data
    from sanitas.records.services import record_facts
    from sanitas.records.sweep import sweep

    record_facts(
        raw_facts=read_data(path)["facts"], actor="bench", why=f"bench: {path.name}", evaluate=False
    )
    sweep(as_of=as_of)


def bench_write(
    *,
    writes: int,
    data_dir: Path | None,
    facts: Path | None = None,
    seed: int = 91776,
    out: TextIO | None = None,
) -> dict[str, Any]:
    """Run the benchmark (see the module docstring); Django is set up here, on the
    data directory given or a throwaway one, so call it before anything else has."""
    scratch = None
    if data_dir is None:
        scratch = Path(tempfile.mkdtemp(prefix="sanitas-bench-write-"))
        data_dir = scratch
    os.environ["SANITAS_DATA_DIR"] = str(data_dir)
    os.environ["DATABASE_URL"] = ""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        from sanitas.records.models import RecordIndex, SubjectGroup

        call_command("migrate", interactive=False, verbosity=0)
        load_s = None
        if not RecordIndex.objects.exists():
            from sanitas.demo import load_demo, today_in_city

            if out is not None:
                out.write(f"bench: loading {facts or 'the demo city'}…\n")
                out.flush()
            start = time.perf_counter()
            if facts is None:
                load_demo(as_of=today_in_city(), seed=seed)
            else:
                _load(facts, as_of=today_in_city())
            load_s = time.perf_counter() - start
        result = summary(measure_writes(writes=writes))
        result.update(
            database=connection.vendor,
            records=RecordIndex.objects.count(),
            groups=SubjectGroup.objects.count(),
            load_s=load_s,
        )
        return result
    finally:
        if scratch is not None:
            from django.db import connections

            connections.close_all()
            shutil.rmtree(scratch, ignore_errors=True)
