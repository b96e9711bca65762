"""The ``sanitas bench`` subcommands: each runs one driver of :mod:`sanitas.bench`.

    sanitas bench engine --subjects N [--seed N] [--format json]
    sanitas bench anchor --establishments N [--repeat N] [--format json]
    sanitas bench write [--writes N] [--data-dir DIR] [--facts FILE] [--format json]
    sanitas bench sweep --establishments N [--database URL] [--workers N] [--explain-read]
    sanitas bench distributed --establishments N [--workers 1,2] [--database URL]
    sanitas bench import --establishments N [--rows R] [--database URL] [--profile]
    sanitas bench load --establishments N --users N --seconds S [--busy] [--database URL]

Every driver is imported only when its subcommand runs: ``sanitas evaluate`` and the
other commands never load them.

Exit status: 0 the figures were printed; 1 the benchmark could not run (named on
standard error) or, for ``anchor``, the two computations disagree; 2 bad input
(for ``anchor``, numpy is missing).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sanitas.bench.anchor import register as register_anchor

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected counts like 1,2, got {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"expected counts of at least 1, got {text!r}")
    return counts


def _print(args: argparse.Namespace, result: dict[str, Any], render: Callable) -> None:
    """The figures, as a table or (``--format json``) as JSON."""
    import orjson

    if args.format == "json":
        sys.stdout.buffer.write(orjson.dumps(result, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        sys.stdout.write(render(result))


def _say(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr)


def _run(args: argparse.Namespace, name: str, measure: Callable, render: Callable, **kw) -> int:
    """Run a benchmark that works on a scratch database and print its figures; one
    that cannot run is named, with exit 1."""
    from sanitas.bench.records import BenchError

    try:
        result = measure(progress=_say, **kw)
    except BenchError as exc:
        print(f"sanitas: bench {name}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    _print(args, result, render)
    return EXIT_OK


# --------------------------------------------------------------------------- the commands


def cmd_engine(args: argparse.Namespace) -> int:
    """A synthetic city, evaluated end to end in a fresh process."""
    from sanitas.bench.engine import AgainstError, bench_engine, render_bench

    try:
        result = bench_engine(
            subjects=args.subjects, seed=args.seed, against=args.against, pairs=args.pairs
        )
    except AgainstError as error:
        print(f"sanitas: bench engine: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    _print(args, result, render_bench)
    return EXIT_OK


def cmd_write(args: argparse.Namespace) -> int:
    """Single-record writes through the record forms' service, re-evaluation included."""
    from sanitas.bench.write import bench_write, render

    if args.writes < 1:
        print("sanitas: bench write: --writes must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.data_dir is not None and not args.data_dir.is_dir():
        print(f"sanitas: bench write: {args.data_dir}: no such directory", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.facts is not None and not args.facts.is_file():
        print(f"sanitas: bench write: {args.facts}: no such file", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = bench_write(
        writes=args.writes, data_dir=args.data_dir, facts=args.facts, out=sys.stderr
    )
    _print(args, result, render)
    return EXIT_OK


def cmd_sweep(args: argparse.Namespace) -> int:
    """Seed a synthetic city and time the sweep and an import (each measured step runs
    in its own process against its own database)."""
    from sanitas.bench.records import bench_sweep, render

    return _run(
        args,
        "sweep",
        bench_sweep,
        render,
        establishments=args.establishments,
        database=args.database,
        seed=args.seed,
        manifest_rows=args.manifest_rows,
        workers=args.workers,
        explain_read=args.explain_read,
    )


def cmd_import(args: argparse.Namespace) -> int:
    """Seed a synthetic city and time a manifest import, stage by stage."""
    from sanitas.bench.records import bench_import, render_import

    return _run(
        args,
        "import",
        bench_import,
        render_import,
        establishments=args.establishments,
        rows=args.rows,
        database=args.database,
        seed=args.seed,
        keep_seed=args.keep_seed,
        profile=args.profile,
    )


def cmd_distributed(args: argparse.Namespace) -> int:
    """Seed a synthetic city and time a distributed full sweep with 1, 2, … workers."""
    from sanitas.bench.records import bench_distributed, render_distributed

    return _run(
        args,
        "distributed",
        bench_distributed,
        render_distributed,
        establishments=args.establishments,
        workers=args.workers,
        database=args.database,
        seed=args.seed,
        chunk=args.chunk,
    )


def cmd_load(args: argparse.Namespace) -> int:
    """Signed-in users against the real server; p50/p95/p99 and errors."""
    from sanitas.bench.load import bench_load, render
    from sanitas.bench.records import BenchError

    try:
        result = bench_load(
            establishments=args.establishments,
            users=args.users,
            seconds=args.seconds,
            database=args.database,
            busy=args.busy,
            manifest_rows=args.manifest_rows,
            seed=args.seed,
            think=args.think,
            progress=lambda message: print(f"sanitas: {message}", file=sys.stderr),
        )
    except BenchError as exc:
        print(f"sanitas: bench load: {exc}", file=sys.stderr)
        return EXIT_FAILED
    print(json.dumps(result, indent=2) if args.format == "json" else render(result))
    return EXIT_OK


# --------------------------------------------------------------------------- registration

_DATABASE_HELP = (
    "a PostgreSQL URL; scratch databases are made on that server and dropped after "
    "(default: temporary SQLite files)"
)


def register(bench: argparse._SubParsersAction) -> None:
    """Add every benchmark to the ``bench`` subcommands of the ``sanitas`` parser."""
    e = bench.add_parser("engine", help="evaluate a synthetic city end to end")
    e.add_argument("--subjects", type=int, default=10_000, help="establishments to generate")
    e.add_argument("--seed", type=int, default=1383)
    e.add_argument("--format", choices=["json", "table"], default="table")
    e.add_argument(
        "--against",
        metavar="COMMIT",
        help="time that commit's engine in turn with this one on the same city "
        "(string-path for the engine before its explanations became messages)",
    )
    e.add_argument("--pairs", type=_positive_int, default=3, help="runs of each with --against")
    e.set_defaults(func=cmd_engine)

    w = bench.add_parser(
        "write",
        help="time single-record writes with re-evaluation, as the record forms make them",
    )
    w.add_argument("--writes", type=int, default=200, help="how many writes to time")
    w.add_argument(
        "--data-dir",
        type=Path,
        help="an existing data directory to write into (default: a throwaway one with "
        "the demo city)",
    )
    w.add_argument(
        "--facts",
        type=Path,
        help="a facts file to load instead of the demo city (into an empty data directory)",
    )
    w.add_argument("--format", choices=["json", "table"], default="table")
    w.set_defaults(func=cmd_write)

    register_anchor(bench)

    s = bench.add_parser(
        "sweep", help="seed a synthetic city in a database; time the sweep and an import"
    )
    s.add_argument("--establishments", type=int, default=2_000)
    s.add_argument(
        "--database",
        help="a PostgreSQL URL; a scratch database is made on that server and dropped "
        "after (default: a temporary SQLite file)",
    )
    s.add_argument("--seed", type=int, default=1383)
    s.add_argument("--manifest-rows", type=int, default=10_000, help="rows of the timed CSV import")
    s.add_argument(
        "--workers",
        type=_positive_int,
        default=None,
        help="processes that evaluate side by side in the sweeps (default: one per core)",
    )
    s.add_argument(
        "--explain-read",
        action="store_true",
        help="clock each sweep's read chunk by chunk: wall time, this process's and the "
        "PostgreSQL server's CPU time and wait for a core, autovacuum runs; after the "
        "import, the full sweep again with one worker, then as many as before, and every "
        "group read alone",
    )
    s.add_argument("--format", choices=["json", "table"], default="table")
    s.set_defaults(func=cmd_sweep)

    d = bench.add_parser(
        "distributed",
        help="seed a synthetic city; time a distributed full sweep with 1, 2, … workers",
    )
    d.add_argument("--establishments", type=_positive_int, default=2_000)
    d.add_argument(
        "--workers",
        type=_counts,
        default=[1, 2],
        help="the counts of worker processes to time, e.g. 1,2 (the default)",
    )
    d.add_argument("--chunk", type=_positive_int, default=400, help="groups per chunk")
    d.add_argument("--database", help=_DATABASE_HELP)
    d.add_argument("--seed", type=int, default=1383)
    d.add_argument("--format", choices=["json", "table"], default="table")
    d.set_defaults(func=cmd_distributed)

    i = bench.add_parser(
        "import",
        help="seed a synthetic city; time a pump-out manifest import, stage by stage",
    )
    i.add_argument("--establishments", type=_positive_int, default=2_000)
    i.add_argument("--rows", type=_positive_int, default=10_000, help="rows of the manifest file")
    i.add_argument("--database", help=_DATABASE_HELP)
    i.add_argument("--seed", type=int, default=1383)
    i.add_argument(
        "--keep-seed",
        type=Path,
        help="an SQLite file: the seeded city is taken from it when it holds the same "
        "city, else kept there for the next run (SQLite only)",
    )
    i.add_argument(
        "--profile",
        action="store_true",
        help="also import into a fresh copy under cProfile and print its top entries",
    )
    i.add_argument("--format", choices=["json", "table"], default="table")
    i.set_defaults(func=cmd_import)

    lo = bench.add_parser(
        "load", help="signed-in users asking for pages of the real server, with figures"
    )
    lo.add_argument("--establishments", type=int, default=2_000)
    lo.add_argument("--users", type=int, default=50)
    lo.add_argument("--seconds", type=float, default=60.0)
    lo.add_argument(
        "--database",
        help="a PostgreSQL URL; a scratch database is made on that server and dropped after "
        "(default: a temporary SQLite file)",
    )
    lo.add_argument(
        "--busy", action="store_true", help="a full sweep and an import run at the same time"
    )
    lo.add_argument("--manifest-rows", type=int, default=20_000, help="rows of that import")
    lo.add_argument("--seed", type=int, default=1383)
    lo.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds each user reads a page before asking for the next (0: no pause)",
    )
    lo.add_argument("--format", choices=["json", "table"], default="table")
    lo.set_defaults(func=cmd_load)
