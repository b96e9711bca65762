"""The ``sanitas`` subcommands that work on the records (the Django side).

    sanitas export [--as-of DATE] [--subject ID] [--output FILE]
    sanitas sweep [--as-of DATE] [--full] [--workers N]
    sanitas sweep --distributed [--as-of DATE] [--full] [--chunk N]
    sanitas sweep-worker [--interval S] [--until-idle]

(``sanitas import`` is :mod:`sanitas.intake.cli`'s.) Django is set up only when
one of these runs, so that ``sanitas evaluate`` and
the other engine commands never touch it. The database is the one the settings
name (``DATABASE_URL``, else SQLite under ``SANITAS_DATA_DIR``); it is migrated
on first use. This edge is the only place a clock is read: ``--as-of`` defaults
to today in the city's time zone.

Exit status: 0 success; 1 the database could not be used; 2 bad input (one line
per problem on standard error, naming the row and column, or fact and field).
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from datetime import date
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _date(text: str) -> date:
    from sanitas.ordinance.facts import parse_date

    try:
        return parse_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def stored_text(limit: int):
    """An option whose text is stored with every record (who, why): held within
    what the records can hold, as a fact's text is."""

    def parse(text: str) -> str:
        from sanitas.ordinance.bounds import text_problem

        problem = text_problem(text, limit)
        if problem:
            raise argparse.ArgumentTypeError(problem)
        return text

    return parse


def default_actor() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "import"


def setup_django(*, migrate: bool = True) -> None:
    """Configure Django for a records command; migrate an unmigrated database."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
    import django

    django.setup()
    quiet_queries()
    if migrate:
        _migrate_if_needed()


def quiet_queries() -> None:
    """A batch command keeps no log of its queries: with DEBUG on, Django would hold
    every bulk insert's SQL in memory."""
    from django.conf import settings

    settings.DEBUG = False


def _migrate_if_needed() -> None:
    from django.core.management import call_command
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if plan:
        print(f"sanitas: setting up the database ({len(plan)} migrations)", file=sys.stderr)
        call_command("migrate", verbosity=0, interactive=False)


def city_today() -> date:
    """Today in the city's time zone."""
    from django.utils import timezone

    return timezone.localdate()


def database_error(exc: Exception) -> int:
    from sanitas.records.faults import cause

    message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    words = cause(exc)
    if not words.startswith("the database could not be used ("):
        message = words  # what refused it, in words (read-only, disk full, rights revoked)
    print(f"sanitas: the database could not be used: {message}", file=sys.stderr)
    return EXIT_FAILED


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def guarded(command):
    """Run a records command; a database that cannot be used is one line on standard
    error (exit status 1), never a traceback."""

    def run(args: argparse.Namespace) -> int:
        from django.core.exceptions import ImproperlyConfigured

        try:
            setup_django()
        except ImproperlyConfigured:  # a wrong setting: said by the command line's main
            raise
        except Exception as exc:  # a server that is not there
            return database_error(exc)
        from django.db import DatabaseError

        try:
            return command(args)
        except (DatabaseError, ImproperlyConfigured) as exc:
            return database_error(exc)

    run.__doc__ = command.__doc__
    return run


# --------------------------------------------------------------------------- export


def cmd_export(args: argparse.Namespace) -> int:
    """Write the live records as a facts file (JSON, or YAML by the extension)."""
    import orjson

    from sanitas.records.models import RecordIndex
    from sanitas.records.sweep import export_facts

    if args.subject is not None and not RecordIndex.objects.filter(key=args.subject).exists():
        print(f"sanitas: --subject: no record has the key {args.subject!r}", file=sys.stderr)
        return EXIT_BAD_INPUT
    document = export_facts(as_of=args.as_of, subject=args.subject)
    output: Path | None = args.output
    if output is not None and output.suffix.lower() in (".yaml", ".yml"):
        data = dump_yaml(document).encode()
    else:
        data = orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n"
    if output is None:
        sys.stdout.buffer.write(data)
    else:
        try:
            output.write_bytes(data)
        except OSError as exc:
            print(f"sanitas: {output}: cannot write: {exc.strerror}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"{output}: {len(document['facts'])} facts", file=sys.stderr)
    return EXIT_OK


def dump_yaml(document: dict[str, Any]) -> str:
    """A facts document as YAML, one fact per block, keys in the vocabulary's order."""
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(
        document, Dumper=dumper, sort_keys=False, allow_unicode=True, default_flow_style=False
    )


# --------------------------------------------------------------------------- sweep


def cmd_sweep(args: argparse.Namespace) -> int:
    """Evaluate the subject groups that need it and store the findings."""
    from sanitas.records.sweep import default_workers, sweep

    as_of = args.as_of or city_today()
    if args.distributed:
        return _distributed_sweep(args, as_of)
    if args.chunk is not None:
        print("sanitas: sweep: --chunk is for a --distributed sweep", file=sys.stderr)
        return EXIT_BAD_INPUT
    workers = args.workers or default_workers()
    from sanitas.records.progress import progress_bar

    with progress_bar(f"sweeping as of {as_of.isoformat()}", unit="groups") as bar:
        result = sweep(as_of=as_of, full=args.full, workers=workers, progress=bar)
    print(
        f"swept {result.groups} subject groups as of {as_of.isoformat()}"
        f"{' (full)' if args.full else ''}: {result.findings_created} findings created, "
        f"{result.findings_updated} updated, {result.findings_closed} closed"
    )
    return EXIT_OK


def _distributed_sweep(args: argparse.Namespace, as_of: date) -> int:
    """Plan a distributed sweep, put its chunks on the ``sweep`` queue, and wait for
    the workers (``sanitas sweep-worker``, here or on other machines) to sweep them,
    taking back the chunks of any worker that dies meanwhile."""
    import time

    from sanitas.records.distributed import (
        DEFAULT_CHUNK,
        reclaim_stale_chunks,
        run_progress,
        run_totals,
        run_workers,
        start_distributed_sweep,
    )
    from sanitas.records.models import SweepRun

    if args.workers is not None:
        print(
            "sanitas: sweep: --workers is for a sweep on this machine; a distributed "
            "sweep is swept by `sanitas sweep-worker` processes",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    started = time.perf_counter()
    run = start_distributed_sweep(
        as_of=as_of, full=args.full, chunk_size=args.chunk or DEFAULT_CHUNK, actor=default_actor()
    )
    done, total = run_progress(run)
    print(
        f"sweep {run.pk}: {run.groups} subject groups in {total} chunks on the sweep queue; "
        "waiting for workers (sanitas sweep-worker)",
        file=sys.stderr,
    )
    shown, polls = -1, 0
    while True:
        run.refresh_from_db()
        if run.state != SweepRun.RUNNING:
            break
        if polls % 5 == 0:  # the idle workers look too; this covers a pool all busy or gone
            reclaim_stale_chunks()
        polls += 1
        done, total = run_progress(run)
        if done != shown and sys.stderr.isatty():
            print(f"\rsweep {run.pk}: {done}/{total} chunks", end="", file=sys.stderr)
            shown = done
        time.sleep(1)
    if shown >= 0:
        print(file=sys.stderr)
    totals = run_totals(run)
    seconds = time.perf_counter() - started
    if run.state == SweepRun.FAILED:
        print(f"sanitas: sweep {run.pk} failed: {run.error}", file=sys.stderr)
        return EXIT_FAILED
    workers = run_workers(run)
    print(
        f"swept {totals['swept']} subject groups as of {as_of.isoformat()}"
        f"{' (full)' if args.full else ''} in {seconds:.1f} s by {len(workers)} workers: "
        f"{totals['findings_created']} findings created, {totals['findings_updated']} updated, "
        f"{totals['findings_closed']} closed; {totals['skipped']} groups changed meanwhile "
        "are left to the next sweep"
    )
    return EXIT_OK


def cmd_sweep_worker(args: argparse.Namespace) -> int:
    """Take chunks of distributed sweeps from the ``sweep`` queue until stopped."""
    from sanitas.records.distributed import serve_sweep_queue, worker_name

    print(f"sanitas: sweep worker {worker_name()} taking chunks", file=sys.stderr, flush=True)
    serve_sweep_queue(interval=args.interval, until_idle=args.until_idle)
    return EXIT_OK


# --------------------------------------------------------------------------- registration


def register(subparsers: Any) -> None:
    """Add the records subcommands to the ``sanitas`` parser."""
    p = subparsers.add_parser("export", help="write the records as a facts file")
    p.add_argument("--as-of", type=_date, help="the as_of date the file states (YYYY-MM-DD)")
    p.add_argument("--subject", help="only the records evaluated with this record's key")
    p.add_argument(
        "--output", type=Path, help="the file to write (.json or .yaml; default: JSON to stdout)"
    )
    p.set_defaults(func=guarded(cmd_export))

    p = subparsers.add_parser("sweep", help="evaluate the records and update the worklist")
    p.add_argument("--as-of", type=_date, help="the date (default: today in the city)")
    p.add_argument("--full", action="store_true", help="evaluate every subject group")
    p.add_argument(
        "--workers",
        type=_positive_int,
        default=None,
        help="processes that evaluate side by side (default: one per core)",
    )
    p.add_argument(
        "--distributed",
        action="store_true",
        help="put the sweep on the sweep queue in chunks, for `sanitas sweep-worker` "
        "processes on any machine sharing the database, and wait for them",
    )
    p.add_argument(
        "--chunk",
        type=_positive_int,
        default=None,
        help="subject groups per chunk of a distributed sweep (default: 400)",
    )
    p.set_defaults(func=guarded(cmd_sweep))

    p = subparsers.add_parser(
        "sweep-worker",
        help="take chunks of distributed sweeps from the sweep queue until stopped",
    )
    p.add_argument(
        "--interval",
        type=float,
        default=1.0,
        help="seconds to wait when the queue is empty (default: 1)",
    )
    p.add_argument(
        "--until-idle",
        action="store_true",
        help="stop once no distributed sweep is left running",
    )
    p.set_defaults(func=guarded(cmd_sweep_worker))
