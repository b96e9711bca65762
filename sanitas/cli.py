"""The ``sanitas`` command line.

    sanitas evaluate FILE [--as-of DATE] [--format json|table]
    sanitas check FILE...
    sanitas requirements [--format json|table] [--scenarios PATH ...]
    sanitas vocabulary [--format markdown|json]
    sanitas exceptions [--format markdown|json]
    sanitas bench engine|anchor|write|sweep|distributed|import|load …  (sanitas.bench.cli)
    sanitas demo [--as-of DATE] [--seed N]
    sanitas serve [--port 8000] [--host 127.0.0.1] [--no-demo]
    sanitas import FILE [--accept-valid] [--actor NAME] [--why TEXT]
    sanitas export [--as-of DATE] [--subject ID] [--output FILE]
    sanitas sweep [--as-of DATE] [--full]
    sanitas backup [--output FILE]
    sanitas restore FILE

Exit status: 0 success; 1 a check failed; 2 bad input (every problem is printed,
one per line, naming the fact and the field; nothing is evaluated).

Dates, the as-of date among them, lie from 1900-01-01 to 2199-12-31, and every
value of a facts file within the bounds of :mod:`sanitas.ordinance.bounds`; a
YAML facts file takes no aliases and holds at most 16 MB (JSON, 64 MB).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import orjson

from sanitas.ordinance.bounds import FIRST_DATE, LAST_DATE
from sanitas.ordinance.document import load_document
from sanitas.ordinance.engine import Evaluation, to_json_value
from sanitas.ordinance.facts import FactsError, parse_date
from sanitas.ordinance.pack import PackError

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own errors exit 2 as well
        self.print_usage(sys.stderr)
        print(f"sanitas: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def _as_of(text: str) -> date:
    try:
        return parse_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def dump_json(evaluation: Evaluation) -> bytes:
    return orjson.dumps(evaluation.as_dict(), option=orjson.OPT_INDENT_2) + b"\n"


def render_table(evaluation: Evaluation, width: int = 80) -> str:
    """Findings and derived values grouped by subject, for an 80-column terminal."""
    lines = [
        f"{evaluation.jurisdiction} as of {evaluation.as_of.isoformat()}: "
        f"{len(evaluation.findings)} findings",
    ]
    subjects: dict[str, tuple[list, list]] = {}
    for finding in evaluation.findings:
        subjects.setdefault(finding.subject, ([], []))[0].append(finding)
    for value in evaluation.derived:
        subjects.setdefault(value.subject, ([], []))[1].append(value)
    wrap = textwrap.TextWrapper(width=width, initial_indent=" " * 12, subsequent_indent=" " * 12)
    for subject in sorted(subjects):
        findings, values = subjects[subject]
        lines.append("")
        lines.append(subject)
        for f in findings:
            when = ""
            if f.due is not None:
                when = f"due {to_json_value(f.due)}"
            if f.period is not None:
                when = f"{f.period} {when}".strip()
            head = f"  {f.status:<9} {f.requirement}"
            tail = f"{when}  {f.cite}".strip()
            if len(head) + 1 + len(tail) <= width:
                lines.append(head + " " * (width - len(head) - len(tail)) + tail)
            elif 12 + len(tail) <= width:
                lines.append(head)
                lines.append(" " * 12 + tail)
            else:  # a long cite: the period and due date beside the ID, the cite below
                lines.append(head + " " * max(1, width - len(head) - len(when)) + when)
                lines.extend(wrap.wrap(f.cite))
            lines.extend(wrap.wrap(f.explanation))
            if f.reading:
                lines.extend(wrap.wrap(f"Reading: {f.reading_text}"))
        for v in values:
            shown = orjson.dumps(to_json_value(v.value)).decode()
            lines.extend(
                textwrap.wrap(
                    f"{v.name} = {shown}",
                    width=width,
                    initial_indent="  · ",
                    subsequent_indent=" " * 6,
                )
            )
    if evaluation.data_problems:
        lines.append("")
        lines.append(f"{len(evaluation.data_problems)} data problems (no clock started on them)")
        for problem in evaluation.data_problems:
            lines.extend(
                textwrap.wrap(
                    f"{', '.join(problem.facts)}: {problem.text}",
                    width=width,
                    initial_indent="  ! ",
                    subsequent_indent=" " * 4,
                )
            )
    return "\n".join(lines) + "\n"


def _print_problems(problems: Sequence[str]) -> int:
    for line in problems:
        print(line, file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_evaluate(args: argparse.Namespace) -> int:
    try:
        document = load_document(args.file)
        evaluation = document.evaluate(as_of=args.as_of)
    except FactsError as exc:
        return _print_problems(exc.problems)
    except PackError as exc:
        return _print_problems([f"{args.file}: jurisdiction: {p}" for p in exc.problems])
    if args.format == "table":
        sys.stdout.write(render_table(evaluation))
    else:
        sys.stdout.buffer.write(dump_json(evaluation))
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from sanitas.ordinance.expect import check

    passed = failed = 0
    bad_input = False
    for path in args.files:
        try:
            document = load_document(path)
            if document.expect is None:
                print(f"{path}: no expect block")
                continue
            evaluation = document.evaluate()
        except (FactsError, PackError) as exc:
            problems = exc.problems
            for line in problems:
                print(line if line.startswith(str(path)) else f"{path}: {line}")
            bad_input = True
            failed += 1
            continue
        ok, failures = check(document.expect, evaluation)
        passed += ok
        failed += len(failures)
        for failure in failures:
            print(f"{path}: expect.{failure.section}[{failure.index}]: {failure.message}")
    print(f"{passed} passed, {failed} failed")
    if bad_input:
        return EXIT_BAD_INPUT
    return EXIT_FAILED if failed else EXIT_OK


def cmd_requirements(args: argparse.Namespace) -> int:
    from sanitas.ordinance.coverage import coverage, default_scenario_paths, render_coverage_table

    paths = args.scenarios if args.scenarios else default_scenario_paths()
    try:
        rows = coverage(paths)
    except FactsError as exc:
        return _print_problems(exc.problems)
    if args.format == "json":
        sys.stdout.buffer.write(orjson.dumps(rows, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        sys.stdout.write(render_coverage_table(rows))
    return EXIT_OK


def cmd_vocabulary(args: argparse.Namespace) -> int:
    from sanitas.ordinance.reference import vocabulary_json, vocabulary_markdown

    if args.format == "json":
        sys.stdout.buffer.write(orjson.dumps(vocabulary_json(), option=orjson.OPT_INDENT_2) + b"\n")
    else:
        sys.stdout.write(vocabulary_markdown())
    return EXIT_OK


def cmd_exceptions(args: argparse.Namespace) -> int:
    from sanitas.ordinance.reference import exceptions_json, exceptions_markdown

    if args.format == "json":
        sys.stdout.buffer.write(orjson.dumps(exceptions_json(), option=orjson.OPT_INDENT_2) + b"\n")
    else:
        sys.stdout.write(exceptions_markdown())
    return EXIT_OK


def _setup_django() -> None:
    """Only the records commands need Django; the engine's commands never load it."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
    django.setup()


def cmd_demo(args: argparse.Namespace) -> int:
    _setup_django()
    from sanitas.demo import run_demo

    return run_demo(as_of=args.as_of, seed=args.seed, out=sys.stdout)


def cmd_serve(args: argparse.Namespace) -> int:
    import os

    if args.host not in ("127.0.0.1", "localhost", "::1"):
        # reachable under other names too: accept them unless the operator chose
        allowed = "*" if args.host in ("0.0.0.0", "::") else f"{args.host},localhost,127.0.0.1"
        os.environ.setdefault("SANITAS_ALLOWED_HOSTS", allowed)
    _setup_django()
    from sanitas.demo import run_serve

    return run_serve(
        host=args.host,
        port=args.port,
        as_of=args.as_of,
        seed=args.seed,
        out=sys.stdout,
        demo=False if args.no_demo else None,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="sanitas", description="San Gabriel's sewer and solid-waste law as code.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("evaluate", help="apply the law to a facts file and print findings")
    p.add_argument("file", type=Path)
    p.add_argument(
        "--as-of",
        type=_as_of,
        help=f"the date the law is applied at (YYYY-MM-DD, {FIRST_DATE} to {LAST_DATE})",
    )
    p.add_argument("--format", choices=["json", "table"], default="json")
    p.set_defaults(func=cmd_evaluate)

    p = sub.add_parser("check", help="run scenario files' expectations")
    p.add_argument("files", nargs="+", type=Path)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("requirements", help="every requirement ID, its rules and its scenarios")
    p.add_argument("--format", choices=["json", "table"], default="table")
    p.add_argument("--scenarios", nargs="*", type=Path, help="scenario files or folders to count")
    p.set_defaults(func=cmd_requirements)

    p = sub.add_parser("vocabulary", help="the reference of every fact type and field")
    p.add_argument("--format", choices=["markdown", "json"], default="markdown")
    p.set_defaults(func=cmd_vocabulary)

    p = sub.add_parser("exceptions", help="every waiver and exemption, as an exception to a rule")
    p.add_argument("--format", choices=["markdown", "json"], default="markdown")
    p.set_defaults(func=cmd_exceptions)

    p = sub.add_parser("demo", help="load the demo city (a synthetic San Gabriel) and sweep it")
    p.add_argument("--as-of", type=_as_of, help="the day the demo is set around (default: today)")
    p.add_argument("--seed", type=int, default=91776, help="the same seed gives the same city")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("serve", help="start the web application (the demo city on first run)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument(
        "--as-of", type=_as_of, help="the day the worklist is swept as of (default: today)"
    )
    p.add_argument("--seed", type=int, default=91776, help="the demo city's seed on first run")
    p.add_argument(
        "--no-demo",
        action="store_true",
        help="a production data directory: no demo city, no demo sign-ins (or SANITAS_DEMO=0)",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("bench", help="benchmarks that print figures")
    bench = p.add_subparsers(dest="what", required=True, parser_class=_Parser)
    from sanitas.bench.cli import register as register_bench  # every bench subcommand

    register_bench(bench)

    from sanitas.intake.cli import register as register_import  # import
    from sanitas.records.cli import register  # export, sweep

    register_import(sub)
    register(sub)
    from sanitas.operations.cli import register as register_operations  # backup, restore

    register_operations(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:
        if not _misconfigured(exc):
            raise
        print(f"sanitas: the settings could not be used: {exc}", file=sys.stderr)
        return EXIT_FAILED


def _misconfigured(exc: Exception) -> bool:
    """Whether Django found a setting wrong (a variable of the environment, for one):
    a command that started Django says so in one line. The engine's commands never
    import Django."""
    django = sys.modules.get("django.core.exceptions")
    return django is not None and isinstance(exc, django.ImproperlyConfigured)


if __name__ == "__main__":
    raise SystemExit(main())
