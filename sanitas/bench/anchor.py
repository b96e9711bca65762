"""``sanitas bench anchor``: one rule, FOG-MIN-FREQUENCY, computed by Sanitas and by
a vectorised numpy reference of the same rule, side by side in one run.

The figure anchors the engine's speed to what the arithmetic alone costs: the
numpy reference computes every interceptor's due dates and statuses with arrays
and explains nothing; Sanitas computes the same findings with the rule of
``sanitas/ordinance/fog.py`` and explains each one. The run checks that both
agree on every finding (device, due date, status) before it prints the ratio.

The rule, as both compute it (§ 51.64(B)): an interceptor's maintenance runs in
intervals, from its installation and from each full pump-out (a partial one does
not count) to the next full pump-out. The frequency is quarterly from the later of
the subchapter's effective date and the establishment's opening, then each of the
Director's orders from its date (none before that first day; capped at six
months). The next pump-out is due the start plus the frequency in force on it; a
frequency that begins later applies only where the pump-out was not already due
before it began, counted from the start where that falls on or after its
beginning, else one new period from its beginning, never later than before. The
open interval is ``due`` or ``overdue`` on the as-of date; a past interval whose
pump-out came after its due date is ``late`` (the interval from the installation
only where the pack says so); one met on time needs no finding.

The synthetic city holds only what the rule needs: restaurants that cook, each
with one grease interceptor in service, some pump-outs (a few partial), and for
some a frequency order or two, a few dated before the establishment opened or
asking for more than six months. numpy is the ``bench`` extra (``pip install -e
.[bench]``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import date, timedelta
from typing import Any

AS_OF = date(2025, 6, 30)
#: exit status when numpy is not installed
EXIT_MISSING = 2


# --------------------------------------------------------------------------- the city


def anchor_facts(n: int, seed: int = 5164) -> list[dict[str, Any]]:
    """The facts of ``n`` restaurants with a grease interceptor each (deterministic)."""
    rng = random.Random(seed)
    facts: list[dict[str, Any]] = []
    for i in range(n):
        opened = date(2008, 1, 1) + timedelta(days=rng.randrange(17 * 365))
        installed = opened - timedelta(days=rng.choice([0, 0, 0, 30, 400]))
        facts.append({"id": f"lot-{i}", "type": "premises", "address": f"{100 + i} Valley Blvd"})
        facts.append(
            {
                "id": f"fse-{i}",
                "type": "establishment",
                "premises": f"lot-{i}",
                "name": f"Kitchen {i}",
                "category": "restaurant",
                "cooks": True,
                "opened_on": opened.isoformat(),
            }
        )
        device = f"gi-{i}"
        facts.append(
            {
                "id": device,
                "type": "device",
                "establishment": f"fse-{i}",
                "kind": "grease_interceptor",
                "installed_on": installed.isoformat(),
            }
        )
        orders = {
            installed + timedelta(days=rng.randrange((AS_OF - installed).days))
            for _ in range(rng.choice([0, 0, 0, 0, 1, 1, 2, 3]))
        }
        for k, day in enumerate(sorted(orders)):
            facts.append(
                {
                    "id": f"fo-{i}-{k}",
                    "type": "frequency_order",
                    "device": device,
                    "date": day.isoformat(),
                    "months": rng.choice([1, 2, 4, 6, 9]),
                }
            )
        day = max(installed, AS_OF - timedelta(days=rng.randrange(200, 900)))
        for k in range(rng.randrange(0, 6)):
            day += timedelta(days=rng.choice([30, 60, 88, 91, 92, 120, 200]))
            if day > AS_OF:
                break
            facts.append(
                {
                    "id": f"po-{i}-{k}",
                    "type": "pump_out",
                    "device": device,
                    "date": day.isoformat(),
                    "full": rng.random() < 0.9,
                }
            )
    return facts


# --------------------------------------------------------------------------- Sanitas


def sanitas_findings(facts: list[Any], pack: Any) -> list[tuple[str, date, str]]:
    """FOG-MIN-FREQUENCY's findings by the engine (explanations and all), as
    (device, due date, status)."""
    from sanitas.ordinance.engine import evaluate_facts

    evaluation = evaluate_facts(
        facts, as_of=AS_OF, pack=pack, report_derived=False, only=("FOG-MIN-FREQUENCY",)
    )
    return [(f.subject, f.due, f.status) for f in evaluation.findings]


# --------------------------------------------------------------------------- numpy


def columns(facts: list[Any], pack: Any) -> dict[str, Any]:
    """The facts as the reference's arrays: one row per interval start (an
    installation or a full pump-out, by device and date) and up to ``R`` frequency
    orders per device (``R`` the most any device has), the pack's values alongside."""
    import numpy as np

    devices: dict[str, int] = {}
    installed, opened_on, orders, starts = [], [], [], []
    establishments = {f.id: f for f in facts if f.type == "establishment"}
    for fact in facts:
        if fact.type == "device":
            devices[fact.id] = len(devices)
            installed.append(fact.installed_on.toordinal())
            opened_on.append(establishments[fact.establishment].opened_on.toordinal())
            orders.append([])
    as_of = AS_OF.toordinal()
    for fact in facts:
        if fact.type == "frequency_order":
            orders[devices[fact.device]].append((fact.date.toordinal(), fact.months))
        elif fact.type == "pump_out" and fact.full and fact.date.toordinal() <= as_of:
            starts.append((devices[fact.device], fact.date.toordinal(), 1))
    starts += [(k, day, 0) for k, day in enumerate(installed)]
    starts.sort()
    table = np.array(starts, np.int64).reshape(-1, 3)
    most = max((len(o) for o in orders), default=0)
    order_day = np.full((len(devices), max(most, 1)), np.datetime64("NaT"), "datetime64[D]")
    order_months = np.zeros((len(devices), max(most, 1)), np.int64)
    for k, found in enumerate(orders):
        for j, (day, months) in enumerate(sorted(found)):
            order_day[k, j], order_months[k, j] = _days(np.int64(day)), months
    param = pack.param
    return {
        "ids": list(devices),
        "device": table[:, 0],
        "start": _days(table[:, 1]),
        "after_pump_out": table[:, 2].astype(bool),
        "opened": _days(np.array(opened_on, np.int64)),
        "order_day": order_day,
        "order_months": order_months,
        "in_force": np.datetime64(param("fog.in_force").on(AS_OF), "D"),
        "default_months": param("fog.default_frequency_months").on(AS_OF),
        "cap_months": param("fog.max_frequency_months").on(AS_OF),
        "late_from_installation": bool(param("fog.late_from_installation").on(AS_OF)),
        "as_of": np.datetime64(AS_OF, "D"),
    }


_EPOCH = date(1970, 1, 1).toordinal()


def _days(ordinals: Any) -> Any:
    """Proleptic Gregorian ordinals (``date.toordinal()``) as numpy days."""
    return (ordinals - _EPOCH).astype("datetime64[D]")


def add_months(days: Any, months: Any) -> Any:
    """Calendar months added to days, clamped to the month's last day (Jan 31 + 1
    month = Feb 28 or 29), element by element."""
    import numpy as np

    month = days.astype("datetime64[M]")
    day = (days - month.astype("datetime64[D]")).astype(np.int64)
    later = month + np.asarray(months).astype("timedelta64[M]")
    first = later.astype("datetime64[D]")
    length = ((later + 1).astype("datetime64[D]") - first).astype(np.int64)
    return first + np.minimum(day, length - 1).astype("timedelta64[D]")


def numpy_findings(c: dict[str, Any]) -> list[tuple[str, date, str]]:
    """FOG-MIN-FREQUENCY computed on the arrays of :func:`columns`, as (device, due
    date, status): the same rule, in whole-array steps."""
    import numpy as np

    nat = np.datetime64("NaT")
    device, start = c["device"], c["start"]
    # the regimes of each device: the default from its first day, then each order
    # from the later of its date and that day (the later one of a day replacing it)
    first = np.maximum(c["in_force"], c["opened"])
    has_order = ~np.isnat(c["order_day"])
    order_since = np.where(has_order, np.maximum(c["order_day"], first[:, None]), nat)
    order_months = np.minimum(c["order_months"], c["cap_months"])
    for j in range(order_since.shape[1]):  # orders are by date: a later one of the day wins
        replaced = (has_order[:, j + 1 :] & (order_since[:, j + 1 :] == order_since[:, [j]])).any(
            axis=1
        )
        order_since[:, j] = np.where(replaced, nat, order_since[:, j])
    default_kept = ~(has_order & (order_since == first[:, None])).any(axis=1)
    since = np.concatenate([np.where(default_kept, first, nat)[:, None], order_since], axis=1)
    months = np.concatenate([np.full((len(first), 1), c["default_months"]), order_months], axis=1)
    valid = ~np.isnat(since)
    # per interval: the regimes of its device
    since, months, valid = since[device], months[device], valid[device]
    count = since.shape[1]
    before = valid & (since <= start[:, None])
    current = np.where(before.any(axis=1), count - 1 - np.argmax(before[:, ::-1], axis=1), -1)
    rows = np.arange(len(start))
    due = np.where(
        current >= 0,
        add_months(start, months[rows, np.maximum(current, 0)]),
        np.datetime64("NaT", "D"),
    )
    active = np.ones(len(start), bool)
    for j in range(count):
        apply = valid[:, j] & (j > current) & active
        known = ~np.isnat(due)
        stop = apply & known & (due < since[:, j])
        active &= ~stop
        apply &= ~stop
        counted = add_months(start, months[:, j])
        fresh = add_months(np.where(valid[:, j], since[:, j], start), months[:, j])
        counts = apply & (counted >= since[:, j])
        refresh = apply & ~counts & (~known | (fresh < due))
        due = np.where(counts, counted, np.where(refresh, fresh, due))
    # the open interval is each device's last; a past one is late when its pump-out
    # (the next interval's start) came after its due date
    last = np.ones(len(start), bool)
    last[:-1] = device[:-1] != device[1:]
    done = np.empty_like(start)
    done[:-1] = start[1:]
    open_status = np.where(c["as_of"] <= due, "due", "overdue")
    late = ~last & (done > due) & (c["after_pump_out"] | c["late_from_installation"])
    ids = c["ids"]
    found: list[tuple[str, date, str]] = []
    for k in np.flatnonzero(last | late):
        status = str(open_status[k]) if last[k] else "late"
        found.append((ids[device[k]], due[k].item(), status))
    return found


# --------------------------------------------------------------------------- the run


def bench_anchor(*, establishments: int, seed: int = 5164, repeat: int = 3) -> dict[str, Any]:
    """Both computations on the same facts, best of ``repeat`` runs each, checked
    against each other finding by finding."""
    from sanitas.ordinance.facts import parse_facts
    from sanitas.ordinance.pack import load_pack

    pack = load_pack()
    raw = anchor_facts(establishments, seed)
    t0 = time.perf_counter()
    facts = parse_facts(raw)
    validate = time.perf_counter() - t0
    times: dict[str, float] = {}

    def best(name: str, func: Any, *args: Any) -> Any:
        for _ in range(repeat):
            t = time.perf_counter()
            result = func(*args)
            spent = time.perf_counter() - t
            times[name] = min(times.get(name, spent), spent)
        return result

    ours = best("sanitas", sanitas_findings, facts, pack)
    arrays = best("numpy_columns", columns, facts, pack)
    theirs = best("numpy_rule", numpy_findings, arrays)
    mine, reference = sorted(ours), sorted(theirs)
    disagree = [pair for pair in zip(mine, reference, strict=False) if pair[0] != pair[1]]
    statuses: dict[str, int] = {}
    for _, _, status in mine:
        statuses[status] = statuses.get(status, 0) + 1
    numpy_total = times["numpy_columns"] + times["numpy_rule"]
    return {
        "establishments": establishments,
        "facts": len(facts),
        "findings": len(mine),
        "statuses": dict(sorted(statuses.items())),
        "agree": len(mine) == len(reference) and not disagree,
        "first_disagreement": [list(map(str, p)) for p in disagree[:1]],
        "seconds": {
            "validate": round(validate, 4),
            "sanitas": round(times["sanitas"], 4),
            "numpy_columns": round(times["numpy_columns"], 4),
            "numpy_rule": round(times["numpy_rule"], 4),
        },
        "ratio_to_numpy_rule": round(times["sanitas"] / times["numpy_rule"], 1),
        "ratio_to_numpy_with_columns": round(times["sanitas"] / numpy_total, 1),
        "sanitas_us_per_establishment": round(times["sanitas"] / establishments * 1e6, 1),
        "python": sys.version.split()[0],
    }


def render_anchor(result: dict[str, Any]) -> str:
    s = result["seconds"]
    n = result["establishments"]
    agree = (
        "they agree on every finding (device, due date, status)"
        if result["agree"]
        else f"THEY DISAGREE: first {result['first_disagreement']}"
    )
    statuses = ", ".join(f"{v:,} {k}" for k, v in result["statuses"].items())
    return (
        f"anchor benchmark: FOG-MIN-FREQUENCY for {n:,} establishments "
        f"({result['facts']:,} facts, validated in {s['validate']:.2f} s)\n"
        f"  Sanitas (explained findings):  {s['sanitas']:.3f} s, "
        f"{result['sanitas_us_per_establishment']:,.1f} µs an establishment\n"
        f"  numpy reference, rule only:    {s['numpy_rule']:.3f} s "
        f"(and {s['numpy_columns']:.3f} s to make its arrays from the facts)\n"
        f"  {result['findings']:,} findings ({statuses}); {agree}\n"
        f"  Sanitas / numpy: {result['ratio_to_numpy_rule']:,.1f}x the rule alone, "
        f"{result['ratio_to_numpy_with_columns']:,.1f}x with the arrays made\n"
    )


def cmd_anchor(args: argparse.Namespace) -> int:
    try:
        import numpy  # noqa: F401
    except ImportError:
        sys.stderr.write(
            "sanitas bench anchor needs numpy for its reference: "
            "pip install -e '.[bench]' (or pip install numpy)\n"
        )
        return EXIT_MISSING
    import orjson

    result = bench_anchor(establishments=args.establishments, seed=args.seed, repeat=args.repeat)
    if args.format == "json":
        sys.stdout.buffer.write(orjson.dumps(result, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        sys.stdout.write(render_anchor(result))
    return 0 if result["agree"] else 1


def register(bench: Any) -> None:
    """``sanitas bench anchor``, on the ``bench`` subcommands."""
    a = bench.add_parser(
        "anchor", help="FOG-MIN-FREQUENCY by Sanitas and by a numpy reference, side by side"
    )
    a.add_argument("--establishments", type=int, default=100_000)
    a.add_argument("--seed", type=int, default=5164)
    a.add_argument("--repeat", type=int, default=3, help="runs of each; the best is kept")
    a.add_argument("--format", choices=["json", "table"], default="table")
    a.set_defaults(func=cmd_anchor)
