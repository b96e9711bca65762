"""Draw the legal review's sample: random findings of the demo city, open or met.

    .venv/bin/python scripts/review_sample.py [--seed 2026] [--count 60] [--as-of 2026-12-01]
        [--status open|met|due|overdue|late|violation] [--facts]

The demo city is built for the as-of date (`sanitas demo` builds the same one),
evaluated by the engine alone, and ``count`` findings of the status asked for
(``open``, the default: every status but ``met``) are drawn with a fixed seed, so
the same command always draws the same sample. It prints one Markdown section per
finding with what a reviewer needs to judge it against the ordinance: the finding,
the reading it relied on, and the facts of its subject's group that the rule read.
The verdicts are the reviewer's, written into docs/legal-review.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sanitas.ordinance.catalog import title
from sanitas.ordinance.document import parse_document
from sanitas.ordinance.engine import evaluate_facts, to_json_value
from sanitas.ordinance.pack import load_pack


def _fields(fact) -> dict:
    """A fact's fields that hold a value, whether validated by pydantic or msgspec."""
    if hasattr(fact, "model_dump"):
        fields = fact.model_dump(exclude_none=True)
    else:
        import msgspec

        fields = {k: v for k, v in msgspec.structs.asdict(fact).items() if v is not None}
    return {"type": fact.type, **fields}


def _references(fields: dict, by_id: dict) -> list[str]:
    """The ids of other facts a fact's fields name (a reference, or a list of them)."""
    found: list[str] = []
    for name, value in fields.items():
        if name == "id":
            continue
        values = value if isinstance(value, list) else [value]
        found.extend(v for v in values if isinstance(v, str) and v in by_id)
    return found


def _dated(fields: dict) -> str:
    """The first date-like field of a fact, for ordering and for a compact line."""
    for name in (
        "date",
        "issued_on",
        "granted_on",
        "start",
        "hired_on",
        "installed_on",
        "opened_on",
        "since",
        "placed_at",
        "collection_day",
        "observed_at",
    ):
        if name in fields:
            return str(fields[name])
    if "year" in fields and "month" in fields:
        return f"{fields['year']:04d}-{fields['month']:02d}"
    return ""


def _compact(fields: dict) -> str:
    """A fact in one line: its type and its fields, dates as ISO text."""
    shown = {k: (str(v) if hasattr(v, "isoformat") else v) for k, v in fields.items()}
    kind = shown.pop("type", "?")
    return f"{kind} {shown}"


def related_facts(subject_id: str, by_id: dict, referring: dict, *, limit: int = 12) -> list[str]:
    """The facts a reviewer needs beside a finding's subject.

    The subject and the facts it names, up the chain (an event's device, the
    device's establishment, the establishment's premises); then the facts that
    name any of them (pump-outs, trainings, notices, services, the other
    businesses at the premises), and the facts naming those that name the
    subject itself (the corrections of a notice to it). Types with many facts are shown
    in full for their most recent ``limit``, by date only before that.
    """
    chain: list[str] = []
    todo = [subject_id]
    while todo:
        ident = todo.pop(0)
        if ident in chain or ident not in by_id:
            continue
        chain.append(ident)
        todo.extend(_references(_fields(by_id[ident]), by_id))
    lines = [f"  - {_compact(_fields(by_id[i]))}" for i in chain]
    seen = {id(by_id[i]) for i in chain}
    around: list[dict] = []
    for ident in chain:
        for fact in referring.get(ident, ()):
            key = id(fact)
            if key in seen:
                continue
            seen.add(key)
            around.append(_fields(fact))
            if ident == subject_id and fact.id is not None:
                for inner in referring.get(fact.id, ()):
                    if id(inner) not in seen:
                        seen.add(id(inner))
                        around.append(_fields(inner))
    by_type: dict[str, list[dict]] = {}
    for fields in around:
        by_type.setdefault(fields.get("type", "?"), []).append(fields)
    for kind, group in sorted(by_type.items()):
        group.sort(key=_dated)
        if len(group) > limit:
            earlier = ", ".join(_dated(fields) for fields in group[:-limit])
            lines.append(f"  - {kind}: {len(group)} on record; the earlier ones dated {earlier}")
            group = group[-limit:]
        lines.extend(f"  - {_compact(fields)}" for fields in group)
    return lines


#: the statuses ``--status`` may ask for: ``open`` is every status but met
STATUSES = ("open", "met", "due", "overdue", "late", "violation")


def drawn_from(findings: list, status: str) -> list:
    """The findings a sample of ``status`` is drawn from, in the engine's order."""
    if status == "open":
        return [f for f in findings if f.status != "met"]
    return [f for f in findings if f.status == status]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--as-of", type=date.fromisoformat, default=date(2026, 12, 1))
    parser.add_argument(
        "--status",
        choices=STATUSES,
        default="open",
        help="draw findings of this status (open: every status but met)",
    )
    parser.add_argument(
        "--facts", action="store_true", help="print each finding's subject and the facts around it"
    )
    args = parser.parse_args(argv)

    from sanitas.demo import DemoCity

    raw = DemoCity(as_of=args.as_of).document()
    document = parse_document(raw, source="demo city")
    evaluation = evaluate_facts(document.facts, as_of=args.as_of, pack=load_pack("san-gabriel"))
    not_met = [f for f in evaluation.findings if f.status != "met"]
    pool = drawn_from(evaluation.findings, args.status)
    sample = random.Random(args.seed).sample(pool, min(args.count, len(pool)))
    by_id = {f.id: f for f in document.facts if f.id is not None}
    referring: dict[str, list] = {}
    for fact in document.facts:
        for ident in _references(_fields(fact), by_id):
            referring.setdefault(ident, []).append(fact)

    counts = Counter(f.status for f in not_met)
    by_status = ", ".join(f"{counts[s]} {s}" for s in STATUSES[2:])
    print(
        f"{len(evaluation.findings)} findings as of {args.as_of}, {len(not_met)} not met "
        f"({by_status}); {len(sample)} {args.status} drawn with seed {args.seed}; "
        f"{len(evaluation.data_problems)} data problems\n"
    )
    for number, finding in enumerate(sample, 1):
        due = to_json_value(finding.due) or "—"
        print(f"## {number}. {finding.requirement} — {title(finding.requirement)}")
        print(f"- subject `{finding.subject}`, **{finding.status}**, due {due}, {finding.cite}")
        if finding.period:
            print(f"- period {finding.period}")
        print(f"- explanation: {finding.explanation}")
        if finding.reading:
            print(f"- reading: {finding.reading}")
        if args.facts and finding.subject in by_id:
            print("- facts:")
            print("\n".join(related_facts(finding.subject, by_id, referring)))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
