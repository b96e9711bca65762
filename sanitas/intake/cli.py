"""``sanitas import``: a facts file or a feed read, screened and mapped here, and
stored by the records (:mod:`sanitas.records.store`), whose every write evaluates
the subject groups it touched, so that the worklist is current when it returns.

    sanitas import FILE [--accept-valid] [--actor NAME] [--why TEXT] [--feed NAME]

Exit status: 0 every row stored; 2 bad input (one line per problem on standard
error, naming the row and column, or fact and field); 1 the database or the disk
refused.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sanitas.records.cli import (
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    EXIT_OK,
    database_error,
    default_actor,
    guarded,
    stored_text,
)


def _count(number: int, word: str) -> str:
    return f"{number:,} {word}{'' if number == 1 else 's'}"


def _stopped_words(path: Path, committed: list) -> str:
    """What an import that stopped midway stored: the parts committed before it stopped."""
    if not committed:
        return f"sanitas: {path}: nothing was stored; import it again once this is put right"
    last = committed[-1]
    return (
        f"sanitas: {path}: stopped after storing {last.number:,} of {last.of:,} parts "
        f"({last.facts_through:,} of {last.facts_total:,} records; {last.rows_through:,} of "
        f"{last.rows_total:,} rows whole); nothing of the rest was stored. Importing the same "
        "file again stores the rest and changes nothing already stored."
    )


def cmd_import(args: argparse.Namespace) -> int:
    """Import a facts file or a feed; print a summary, and every problem."""
    from sanitas.intake.imports import import_file, rejects_path, write_rejects

    progress = (
        (lambda message: print(f"sanitas: {message}", file=sys.stderr)) if args.progress else None
    )
    from sanitas.records.accounts import active_account

    if args.actor is not None and active_account(args.actor) is None:
        print(
            f"sanitas: --actor: {args.actor!r} is not the user name of an active account",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    from django.db import DatabaseError, transaction

    from sanitas.records.progress import progress_bar

    committed: list = []  # the parts stored, each once its transaction committed

    def stored(chunk) -> None:
        transaction.on_commit(lambda: committed.append(chunk))

    try:
        with progress_bar(f"importing {Path(args.file).name}", unit="rows") as bar:
            result = import_file(
                args.file,
                actor=args.actor or default_actor(),
                why=args.why or "",
                accept_valid=args.accept_valid,
                feed=args.feed,
                progress=progress,
                advance=bar,
                on_stored=stored,
            )
    except (DatabaseError, OSError) as exc:
        from sanitas.records.faults import is_storage_fault

        if not is_storage_fault(exc):
            raise
        database_error(exc)
        print(_stopped_words(Path(args.file), committed), file=sys.stderr)
        return EXIT_FAILED
    for line in result.problems:
        print(line, file=sys.stderr)
    for line in result.notes:
        print(line, file=sys.stderr)
    if result.table is None:
        return EXIT_BAD_INPUT
    if result.ignored_columns:
        print(f"{args.file}: ignored columns: {', '.join(result.ignored_columns)}", file=sys.stderr)
    unit = "row" if result.table.feed is not None else "fact"
    head = f"{args.file} ({result.kind}): {_count(result.rows, unit)}"
    if result.stored:
        print(
            f"{head}: {result.stored_rows} stored ({_count(result.created, 'record')} created, "
            f"{result.updated} updated, {result.unchanged} unchanged), "
            f"{result.rejected_rows} rejected, {result.skipped_rows} skipped"
        )
    else:
        print(f"{head}: nothing stored, {_count(result.rejected_rows, unit)} with problems")
    if args.accept_valid and result.rejected:
        try:
            target = write_rejects(result)
        except OSError as exc:
            print(f"{rejects_path(Path(args.file))}: cannot write: {exc.strerror}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(
            f"{args.file}: {_count(result.rejected_rows, 'rejected ' + unit)} written to {target}"
        )
    elif result.rejected:
        print(
            f"{args.file}: fix the {unit}s above, or give --accept-valid to store the good ones "
            f"(the rejects go to {rejects_path(Path(args.file)).name})",
            file=sys.stderr,
        )
    return EXIT_OK if result.ok else EXIT_BAD_INPUT


def register(subparsers: Any) -> None:
    """Add ``sanitas import`` to the ``sanitas`` parser."""
    from sanitas.intake.feeds import FEEDS, epilog

    p = subparsers.add_parser(
        "import",
        help="import a facts file (YAML/JSON) or a feed (CSV/XLSX) into the records",
        description="Validate a whole facts file (YAML/JSON) or feed (CSV/XLSX), then store "
        "it in the\nrecords. By default a file with any bad row stores nothing.\n\n"
        "A small file is stored in one transaction. A large one is validated whole first,\n"
        "then stored in parts (a thousand facts or so), each in a transaction of its own,\n"
        "so that other writers wait a part at most. Stopped midway (killed, the disk full,\n"
        "the database refusing), it has stored whole parts and nothing of the rest:\n"
        "importing the same file again stores the rest and changes nothing already stored\n"
        "(those rows are counted unchanged). The findings of what each part changed are\n"
        "evaluated again with it, so the worklist is current when the import ends.",
        epilog=epilog()
        + "\n\nExit status: 0 every row stored; 2 bad input (one line per problem; with "
        "--accept-valid\nthe good rows were stored and the rejects written beside the input); "
        "1 the database or\nthe disk refused (the cause, and the parts stored before it, "
        "on standard error).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path)
    p.add_argument(
        "--accept-valid",
        action="store_true",
        help="store the good rows and write the rejects to FILE.rejects.csv",
    )
    p.add_argument(
        "--actor",
        type=stored_text(150),
        help="who is importing: the user name of an active account (default: your login name)",
    )
    p.add_argument(
        "--why",
        type=stored_text(10_000),
        help="why (kept with every record; default: imported from FILE)",
    )
    p.add_argument(
        "--feed",
        choices=list(FEEDS),
        help="which feed a CSV/XLSX file is (default: recognised by its columns)",
    )
    p.add_argument("--progress", action="store_true", help="say what it is doing on stderr")
    p.set_defaults(func=guarded(cmd_import))
