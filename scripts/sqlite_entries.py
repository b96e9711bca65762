"""What SQLite's work of storing a first sweep costs per table and index entry.

A first sweep's storing is some nine million B-tree insertions at 20,000
establishments (``sanitas bench sweep`` prints them, table by table). This
measures, with the sqlite3 module alone (no Django, no Sanitas), what one entry
costs by the order its keys arrive in: rows shaped like findings (a group, a
subject, a requirement, a period, a status, a due date, a sentence), inserted as
the sweep inserts them (200 rows a statement, a transaction every 8,000 rows,
write-ahead log, temporary storage in memory), into a table with its rowid alone,
then with indexes whose keys arrive in ascending order (the group and subject, as
the sweep goes through the groups in order), then with indexes in due-date order,
whose keys arrive in no order at all (the worklist's sorts). It prints the
process's CPU time for each and what an added index cost a row.

    python scripts/sqlite_entries.py [--rows N] [--cache-kib K]
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import sys
import tempfile
import time

COLUMNS = ("grp", "subj", "req", "period", "status", "due", "words")
#: the indexes added in turn: two whose keys arrive in order, then four in due-date order
INDEXES = (
    ("in order", "grp"),
    ("in order", "subj"),
    ("in due-date order", "status, due"),
    ("in due-date order", "due"),
    ("in due-date order", "req, status, due"),
    ("in due-date order", "req, due"),
)
PER_INSERT = 200
PER_TRANSACTION = 8_000


def finding_rows(count: int, seed: int = 1383) -> list[tuple]:
    """``count`` rows of 43 findings a group, groups in key order, due dates at random."""
    draw = random.Random(seed)
    requirements = [f"REQ-{n:03d}" for n in range(117)]
    statuses = ("overdue", "due", "met", "late", "violation")
    rows = []
    group = 0
    while len(rows) < count:
        for n in range(43):
            rows.append(
                (
                    f"est-{group:07d}",
                    f"est-{group:07d}/e{n % 5}",
                    draw.choice(requirements),
                    f"2025-Q{n % 4 + 1}",
                    draw.choice(statuses),
                    f"202{draw.randint(0, 6)}-{draw.randint(1, 12):02d}-{draw.randint(1, 28):02d}",
                    "x" * 120,
                )
            )
        group += 1
    return rows[:count]


def insert_cpu(path: str, rows: list[tuple], indexes: int, cache_kib: int) -> float:
    """The CPU seconds of inserting ``rows`` into a new table with the first
    ``indexes`` of :data:`INDEXES`."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA temp_store=MEMORY")
        db.execute(f"PRAGMA cache_size=-{cache_kib}")
        db.execute(
            "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, "
            + ", ".join(f"{c} TEXT" for c in COLUMNS)
            + ")"
        )
        for n, (_order, columns) in enumerate(INDEXES[:indexes]):
            db.execute(f"CREATE INDEX i{n} ON t ({columns})")
        one = "(" + ", ".join(["?"] * len(COLUMNS)) + ")"
        head = f"INSERT INTO t ({', '.join(COLUMNS)}) VALUES "
        full = head + ", ".join([one] * PER_INSERT)
        started = time.process_time()
        for start in range(0, len(rows), PER_TRANSACTION):
            chunk = rows[start : start + PER_TRANSACTION]
            db.execute("BEGIN")
            whole = len(chunk) - len(chunk) % PER_INSERT
            for at in range(0, whole, PER_INSERT):
                db.execute(full, [v for row in chunk[at : at + PER_INSERT] for v in row])
            db.executemany(head + one, chunk[whole:])
            db.execute("COMMIT")
        return time.process_time() - started
    finally:
        db.close()


def measure(rows: int, cache_kib: int, out=sys.stdout) -> list[dict]:
    data = finding_rows(rows)
    results = []
    print(
        f"SQLite {sqlite3.sqlite_version}, {rows:,} rows, page cache {cache_kib:,} KiB; "
        "CPU of this process",
        file=out,
    )
    previous = None
    with tempfile.TemporaryDirectory(prefix="sanitas-entries-") as tmp:
        for indexes in range(len(INDEXES) + 1):
            path = os.path.join(tmp, f"t{indexes}.sqlite3")
            cpu = insert_cpu(path, data, indexes, cache_kib)
            entries = rows * (1 + indexes)
            what = "the table alone" if indexes == 0 else f"+ index on ({INDEXES[indexes - 1][1]})"
            order = "" if indexes == 0 else f", {INDEXES[indexes - 1][0]}"
            added = ""
            if previous is not None:
                added = f"; this index {(cpu - previous) / rows * 1e6:.2f} µs a row"
            print(
                f"  {what:32} {cpu:6.2f} s: {cpu / entries * 1e6:.2f} µs an entry, "
                f"{cpu / rows * 1e6:5.1f} µs a row{added}{order}",
                file=out,
            )
            results.append({"indexes": indexes, "cpu": cpu, "entries": entries})
            previous = cpu
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=400_000)
    parser.add_argument("--cache-kib", type=int, default=2_000, help="SQLite's default: 2,000")
    args = parser.parse_args(argv)
    if args.rows < 1 or args.cache_kib < 1:
        parser.error("--rows and --cache-kib must be at least 1")
    measure(args.rows, args.cache_kib)
    return 0


if __name__ == "__main__":
    sys.exit(main())
