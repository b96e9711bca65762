"""``sanitas bench engine``: a synthetic city, evaluated end to end, with figures.

The city is a realistic mix: restaurants with interceptors or traps, pump-outs
(some late, some with incomplete manifests), employees and trainings;
supermarkets, groceries and Tier 2 generators with food-recovery agreements
and annual reports; food recovery organizations; residential and commercial
premises with collection services and waivers; house-connection permits with
designs, work events and pressure tests; accumulations and set-outs; notices
and citations.

The measured run happens in a fresh process so that its peak memory is its own:
load (parse the JSON file), validate (the whole document), evaluate, serialize.
Each stage is timed on the wall clock and in processor time: on a machine shared
with other work the wall clock counts the waits, the processor time does not.

``python -m sanitas.bench.engine --profile FILE [N]`` evaluates and serializes a facts file
under cProfile and prints its N (default 25) costliest functions by own time.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import orjson

AS_OF = date(2025, 6, 30)


def _d(day: date) -> str:
    return day.isoformat()


class CityGenerator:
    """Deterministic synthetic facts for ``n`` establishments (plus their premises)."""

    def __init__(self, seed: int = 1383) -> None:
        self.rng = random.Random(seed)

    def day_between(self, start: date, end: date) -> date:
        return start + timedelta(days=self.rng.randrange((end - start).days + 1))

    def establishment(self, i: int) -> list[dict[str, Any]]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.55:
            return self.restaurant(i)
        if roll < 0.67:
            return self.market(i)
        if roll < 0.77:
            return self.tier_two(i)
        if roll < 0.82:
            return self.recovery_org(i)
        if roll < 0.92:
            return self.residence(i)
        return self.commercial(i)

    def _premises(self, i: int, zone: str, use: str, units: int = 1) -> dict[str, Any]:
        return {
            "id": f"lot-{i}",
            "type": "premises",
            "address": f"{100 + i % 9000} {self.rng.choice(STREETS)}",
            "zone": zone,
            "use": use,
            "dwelling_units": units,
            "owner_name": f"Owner {i}",
            "owner_tax_address": f"PO Box {i}, San Gabriel, CA 91778",
        }

    def _services(self, i: int, holder: str, key: str, organics: int) -> list[dict[str, Any]]:
        start = _d(self.day_between(date(2021, 6, 1), date(2024, 6, 1)))
        return [
            {
                "type": "collection_service",
                key: holder,
                "stream": "organics",
                "gallons_per_week": organics,
                "start": start,
            },
            {
                "type": "collection_service",
                key: holder,
                "stream": "recyclables",
                "gallons_per_week": self.rng.choice([35, 64, 96]),
                "start": start,
            },
            {
                "type": "collection_service",
                key: holder,
                "stream": "total",
                "cubic_yards_per_week": self.rng.choice([1.0, 1.5, 3.0, 6.0]),
                "start": start,
            },
        ]

    def restaurant(self, i: int) -> list[dict[str, Any]]:
        rng = self.rng
        est = f"fse-{i}"
        opened = self.day_between(date(2005, 1, 1), date(2024, 12, 1))
        facts: list[dict[str, Any]] = [
            self._premises(i, rng.choice(["C-1", "C-3", "M-1", "C-2"]), "commercial"),
            {
                "id": est,
                "type": "establishment",
                "premises": f"lot-{i}",
                "name": f"{rng.choice(NAMES)} {rng.choice(KINDS)}",
                "category": "restaurant",
                "cooks": True,
                "opened_on": _d(opened),
                "meals_per_day": rng.randrange(40, 600),
                "seats": rng.randrange(20, 320),
                "floor_area_sqft": rng.randrange(800, 7000),
            },
        ]
        device = f"gi-{i}"
        interceptor = rng.random() < 0.8
        facts.append(
            {
                "id": device,
                "type": "device",
                "establishment": est,
                "kind": "grease_interceptor" if interceptor else "grease_trap",
                "installed_on": _d(opened),
                "compartments": 2 if interceptor else 1,
                "capacity_gallons": rng.choice([500, 750, 1000, 1500]),
                "grease_capacity_lbs": rng.choice([20, 40, 60]),
                "approved": rng.random() < 0.9,
            }
        )
        if rng.random() < 0.15:
            facts.append(
                {
                    "type": "frequency_order",
                    "device": device,
                    "date": _d(self.day_between(date(2020, 1, 1), date(2024, 1, 1))),
                    "months": rng.choice([1, 2, 6]),
                }
            )
        day = date(2024, 6, 1) + timedelta(days=rng.randrange(30))
        for n in range(rng.randrange(2, 5)):
            complete = rng.random() < 0.85
            pump = {
                "id": f"po-{i}-{n}",
                "type": "pump_out",
                "device": device,
                "date": _d(day),
                "full": rng.random() < 0.95,
                "hauler_name": "Valley Grease Haulers",
                "hauler_address": "12 Industrial Way, El Monte, CA",
                "operator_name": rng.choice(["J. Ortega", "M. Chen", "A. Patel"]),
                "operator_signed": True,
                "water_gallons": 600,
                "fog_gallons": 140,
                "floating_fog_inches": 5,
                "settled_solids_inches": 3,
                "disposal_facility": "Joint Water Pollution Control Plant",
                "manifest_number": f"VGH-{i}-{n}",
            }
            if not complete:
                del pump[rng.choice(["operator_name", "fog_gallons", "disposal_facility"])]
            facts.append(pump)
            day += timedelta(days=rng.choice([80, 90, 95, 120]))
            if day > AS_OF:
                break
        employees = []
        for n in range(rng.randrange(4, 12)):
            emp = f"emp-{i}-{n}"
            employees.append(emp)
            hired = self.day_between(max(opened, date(2020, 1, 1)), AS_OF)
            facts.append(
                {"id": emp, "type": "employee", "establishment": est, "hired_on": _d(hired)}
            )
        for year, month in ((2024, 3), (2024, 9), (2025, 3)):
            if rng.random() < 0.85:
                facts.append(
                    {
                        "type": "training",
                        "establishment": est,
                        "date": _d(date(year, month, rng.randrange(1, 28))),
                        "employees": employees,
                        "signed": rng.random() < 0.95,
                    }
                )
        if rng.random() < 0.3:
            facts.append(
                {
                    "type": "inspection",
                    "subject": device,
                    "date": _d(self.day_between(date(2025, 1, 1), AS_OF)),
                    "fog_solids_percent_volume": rng.randrange(5, 40),
                    "fog_solids_percent_depth": rng.randrange(5, 40),
                }
            )
        if rng.random() < 0.1:
            facts.append(
                {
                    "type": "ownership_transfer",
                    "establishment": est,
                    "date": _d(self.day_between(date(2018, 1, 1), date(2025, 1, 1))),
                }
            )
        facts.extend(self._services(i, f"lot-{i}", "premises", rng.choice([32, 64, 96])))
        facts.extend(self._enforcement(i, est))
        return facts

    def market(self, i: int) -> list[dict[str, Any]]:
        rng = self.rng
        est = f"mkt-{i}"
        category = rng.choice(["supermarket", "grocery_store", "food_distributor"])
        facts = [
            self._premises(i, "C-3", "commercial"),
            {
                "id": est,
                "type": "establishment",
                "premises": f"lot-{i}",
                "name": f"{rng.choice(NAMES)} Market",
                "category": category,
                "gross_annual_sales": rng.choice([1_500_000, 4_000_000, 12_000_000]),
                "floor_area_sqft": rng.randrange(4000, 40000),
                "opened_on": _d(self.day_between(date(2000, 1, 1), date(2024, 6, 1))),
            },
        ]
        facts.extend(self._generator_records(i, est))
        facts.extend(self._services(i, f"lot-{i}", "premises", rng.choice([64, 96, 192])))
        facts.extend(self._enforcement(i, est))
        return facts

    def tier_two(self, i: int) -> list[dict[str, Any]]:
        rng = self.rng
        est = f"t2-{i}"
        category = rng.choice(["restaurant", "hotel", "health_facility"])
        facts = [
            self._premises(i, "C-3", "hotel" if category == "hotel" else "commercial"),
            {
                "id": est,
                "type": "establishment",
                "premises": f"lot-{i}",
                "name": f"{rng.choice(NAMES)} {category.replace('_', ' ').title()}",
                "category": category,
                "seats": rng.randrange(150, 400),
                "rooms": rng.randrange(120, 400),
                "beds": rng.randrange(60, 300),
                "on_site_food_facility": True,
                "floor_area_sqft": rng.randrange(3000, 20000),
                "cooks": category == "restaurant",
                "meals_per_day": rng.randrange(200, 900),
            },
        ]
        facts.extend(self._generator_records(i, est))
        facts.extend(self._services(i, f"lot-{i}", "premises", rng.choice([64, 96, 192])))
        facts.extend(self._enforcement(i, est))
        return facts

    def _generator_records(self, i: int, est: str) -> list[dict[str, Any]]:
        rng = self.rng
        facts: list[dict[str, Any]] = []
        if rng.random() < 0.85:
            facts.append(
                {
                    "type": "food_recovery_agreement",
                    "generator": est,
                    "partner": f"fro-{i % 7}",
                    "start": _d(self.day_between(date(2022, 1, 1), date(2024, 6, 1))),
                }
            )
        for year in (2022, 2023, 2024):
            if rng.random() < 0.8:
                filed = date(year + 1, 1, 15) + timedelta(days=rng.choice([0, 10, 30]))
                facts.append(
                    {
                        "type": "report",
                        "subject": est,
                        "kind": "edible_food_annual",
                        "period": str(year),
                        "date": _d(filed),
                    }
                )
        return facts

    def recovery_org(self, i: int) -> list[dict[str, Any]]:
        return [
            self._premises(i, "C-1", "commercial"),
            {
                "id": f"fro-org-{i}",
                "type": "establishment",
                "premises": f"lot-{i}",
                "name": f"{self.rng.choice(NAMES)} Community Pantry",
                "category": "food_recovery_organization",
            },
            {
                "type": "report",
                "subject": f"fro-org-{i}",
                "kind": "food_recovery_annual",
                "period": "2024",
                "date": "2025-01-28",
            },
        ]

    def residence(self, i: int) -> list[dict[str, Any]]:
        rng = self.rng
        lot = f"lot-{i}"
        units = rng.choice([1, 1, 1, 2, 4, 8, 24])
        facts: list[dict[str, Any]] = [
            self._premises(i, rng.choice(["R-1", "R-2", "R-3"]), "residential", units)
        ]
        facts.extend(self._services(i, lot, "premises", rng.choice([32, 35, 64, 96])))
        if rng.random() < 0.1:
            facts.append(
                {
                    "id": f"w-{i}",
                    "type": "waiver",
                    "subject": lot,
                    "kind": rng.choice(["de_minimis", "physical_space"]),
                    "granted_on": _d(self.day_between(date(2022, 1, 1), date(2024, 1, 1))),
                }
            )
        if rng.random() < 0.4:
            permit = f"prm-{i}"
            issued = self.day_between(date(2024, 6, 1), date(2025, 6, 1))
            facts.append(
                {
                    "id": permit,
                    "type": "permit",
                    "kind": "house_connection",
                    "premises": lot,
                    "issued_on": _d(issued),
                    "fees_paid": True,
                }
            )
            facts.append(
                {
                    "id": f"design-{i}",
                    "type": "connection_design",
                    "permit": permit,
                    "persons_served": units * 3,
                    "public_sewer_diameter_in": 8,
                    "public_sewer_depth_ft": rng.choice([6, 8, 12]),
                    "segments": [
                        {
                            "from": "street_sewer",
                            "to": "property_line",
                            "diameter_in": 6,
                            "material": "vitrified_clay",
                            "length_ft": 25,
                            "fall_ft": rng.choice([0.4, 0.6, 0.8]),
                            "depth_ft": rng.choice([2.5, 4, 5]),
                            "in_street": True,
                            "clearance_wall_in": 120,
                            "cover_in": 48,
                        },
                        {
                            "from": "property_line",
                            "to": "building",
                            "diameter_in": rng.choice([4, 6]),
                            "material": "cast_iron",
                            "length_ft": 40,
                            "fall_ft": 1.0,
                        },
                    ],
                }
            )
            if rng.random() < 0.7:
                started = issued + timedelta(days=rng.randrange(10, 80))
                if started <= AS_OF:
                    facts.append({"type": "work_started", "permit": permit, "date": _d(started)})
                    tested = started + timedelta(days=5)
                    if tested <= AS_OF:
                        facts.append(
                            {
                                "type": "pressure_test",
                                "permit": permit,
                                "date": _d(tested),
                                "kind": "standing",
                                "psi_at_lower_terminus": rng.choice([3.5, 4, 4.5]),
                                "head_above_upper_terminus_in": 6,
                                "leaked": rng.random() < 0.1,
                            }
                        )
        if rng.random() < 0.2:
            facts.append(
                {
                    "id": f"acc-{i}",
                    "type": "accumulation",
                    "premises": lot,
                    "since": "2025-06-20T18:00",
                    "garbage": True,
                    "observed_at": "2025-06-24T09:00",
                }
            )
        if rng.random() < 0.3:
            facts.append(
                {
                    "id": f"so-{i}",
                    "type": "set_out",
                    "premises": lot,
                    "collection_day": "2025-06-25",
                    "placed_at": "2025-06-24T17:00",
                    "removed_at": "2025-06-25T19:00",
                }
            )
        return facts

    def commercial(self, i: int) -> list[dict[str, Any]]:
        rng = self.rng
        lot = f"lot-{i}"
        facts: list[dict[str, Any]] = [
            self._premises(i, rng.choice(["C-1", "C-3", "M-1"]), "commercial"),
            {
                "id": f"biz-{i}",
                "type": "establishment",
                "premises": lot,
                "name": f"{rng.choice(NAMES)} Offices",
                "category": "other",
            },
        ]
        facts.extend(self._services(i, lot, "premises", rng.choice([0, 32, 64])))
        if rng.random() < 0.2:
            facts.append(
                {
                    "id": f"w-{i}",
                    "type": "waiver",
                    "subject": lot,
                    "kind": "de_minimis",
                    "granted_on": _d(self.day_between(date(2022, 1, 1), date(2024, 1, 1))),
                }
            )
        facts.extend(self._enforcement(i, f"biz-{i}"))
        return facts

    def _enforcement(self, i: int, subject: str) -> list[dict[str, Any]]:
        rng = self.rng
        if rng.random() >= 0.1:
            return []
        issued = self.day_between(date(2024, 1, 15), date(2025, 4, 1))
        facts: list[dict[str, Any]] = [
            {
                "id": f"nov-{i}",
                "type": "notice",
                "subject": subject,
                "requirement": "ORG-COM-ENROLL",
                "issued_on": _d(issued),
            }
        ]
        roll = rng.random()
        if roll < 0.5:
            facts.append(
                {
                    "type": "correction",
                    "notice": f"nov-{i}",
                    "date": _d(issued + timedelta(days=rng.randrange(10, 90))),
                }
            )
        elif roll < 0.8:
            facts.append(
                {
                    "id": f"cit-{i}",
                    "type": "citation",
                    "subject": subject,
                    "requirement": "ORG-COM-ENROLL",
                    "notice": f"nov-{i}",
                    "issued_on": _d(issued + timedelta(days=75)),
                }
            )
        return facts

    def city(self, n: int) -> dict[str, Any]:
        facts: list[dict[str, Any]] = []
        for k in range(7):
            facts.append(
                {
                    "id": f"fro-{k}",
                    "type": "establishment",
                    "name": f"{NAMES[k]} Food Bank",
                    "category": "food_recovery_organization",
                }
            )
        for i in range(n):
            facts.extend(self.establishment(i))
        return {
            "name": f"Synthetic San Gabriel, {n} establishments",
            "as_of": _d(AS_OF),
            "facts": facts,
        }


NAMES = [
    "Mission",
    "Del Mar",
    "Las Tunas",
    "Valley",
    "Garvey",
    "Huntington",
    "Arcadia",
    "Jade",
    "Golden Dragon",
    "Vista",
    "Alhambra",
    "Sierra",
    "Rosemead",
    "Lotus",
]
KINDS = ["Grill", "Noodle House", "Taqueria", "Bakery", "Dim Sum", "Diner", "Cafe", "Kitchen"]
STREETS = ["Las Tunas Dr", "Valley Blvd", "San Gabriel Blvd", "Del Mar Ave", "Mission Dr"]


def _measure(path: Path) -> dict[str, Any]:
    """Load, validate, evaluate and serialize one facts file; the timings of each."""
    from sanitas.ordinance.document import decode_json_document, parse_document

    clock, cpu = time.perf_counter, time.process_time
    t0, c0 = clock(), cpu()
    data = decode_json_document(path.read_bytes())
    t1, c1 = clock(), cpu()
    document = parse_document(data, source=str(path))
    t2, c2 = clock(), cpu()
    evaluation = document.evaluate()
    t3, c3 = clock(), cpu()
    out = evaluation.as_json()
    t4, c4 = clock(), cpu()
    return {
        "facts": len(document.facts),
        "findings": len(evaluation.findings),
        "derived": len(evaluation.derived),
        "output_bytes": len(out),
        "seconds": {
            "load": t1 - t0,
            "validate": t2 - t1,
            "evaluate": t3 - t2,
            "serialize": t4 - t3,
        },
        "cpu_seconds": {
            "load": c1 - c0,
            "validate": c2 - c1,
            "evaluate": c3 - c2,
            "serialize": c4 - c3,
        },
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


#: the engine's last code before its explanations became messages (5 December 2026):
#: every rule built its English sentence as it decided. ``--against`` times it beside
#: today's code in one run, which is how issue 28's speed ratio is measured.
STRING_PATH = "cdfd44d"

#: the root of the checkout this module runs from (``--against`` reads its history)
ROOT = Path(__file__).resolve().parents[2]


class AgainstError(Exception):
    """The code to compare with cannot be had: not a git checkout, or no such commit."""


def _measured_run(path: Path, code: Path | None = None) -> dict[str, Any]:
    """One measured run of ``path`` in a fresh process: this checkout's engine, or the
    engine of the source tree ``code`` (its ``sanitas`` package first on the path; this
    module itself is run as a script, so the same measurement times both)."""
    env = dict(os.environ)
    if code is None:
        argv = [sys.executable, "-m", "sanitas.bench.engine", str(path)]
    else:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(code), env.get("PYTHONPATH")]))
        argv = [sys.executable, str(Path(__file__).resolve()), str(path)]
    proc = subprocess.run(argv, capture_output=True, env=env)
    if proc.returncode != 0:
        where = "this checkout" if code is None else str(code)
        raise RuntimeError(f"the measured run of {where} failed: {proc.stderr.decode()[-2000:]}")
    return json.loads(proc.stdout)


def _tree_of(rev: str, into: Path) -> Path:
    """The ``sanitas`` package of commit ``rev``, written under ``into``."""
    if not (ROOT / ".git").exists():
        raise AgainstError(f"--against needs a git checkout; {ROOT} is not one")
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        raise AgainstError(f"--against {rev}: no such commit in {ROOT}")
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", found.stdout.strip(), "sanitas"],
        capture_output=True,
        check=True,
    )
    import io
    import tarfile

    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def bench_engine(
    *, subjects: int, seed: int = 1383, against: str | None = None, pairs: int = 3
) -> dict[str, Any]:
    """The city of ``subjects`` establishments measured once; with ``against``, that
    commit's engine and this one measured in turn ``pairs`` times on the same file and
    compared best against best (the processor time of each stage)."""
    generator = CityGenerator(seed)
    compared = None
    with tempfile.TemporaryDirectory(prefix="sanitas-bench-") as tmp:
        path = Path(tmp) / "city.json"
        path.write_bytes(orjson.dumps(generator.city(subjects)))
        size = path.stat().st_size
        if against is None:
            run = _measured_run(path)
        else:
            rev = STRING_PATH if against == "string-path" else against
            code = _tree_of(rev, Path(tmp) / "against")
            theirs, ours = [], []
            for _ in range(pairs):
                theirs.append(_measured_run(path, code))
                ours.append(_measured_run(path))
            run = min(ours, key=lambda r: r["cpu_seconds"]["evaluate"])
            compared = _compared(rev, theirs, ours)
            if against == "string-path":
                compared["rev"] = f"{rev}, the string-building path"
    total = sum(run["seconds"].values())
    cpu = sum(run["cpu_seconds"].values())
    return {
        "subjects": subjects,
        "facts": run["facts"],
        "input_bytes": size,
        "findings": run["findings"],
        "derived": run["derived"],
        "seconds": {
            **{k: round(v, 4) for k, v in run["seconds"].items()},
            "total": round(total, 4),
        },
        "cpu_seconds": {
            **{k: round(v, 4) for k, v in run["cpu_seconds"].items()},
            "total": round(cpu, 4),
        },
        "subjects_per_second": round(subjects / total, 1),
        "subjects_per_cpu_second": round(subjects / cpu, 1),
        "facts_per_second": round(run["facts"] / total, 1),
        "peak_rss_mb": round(run["peak_rss_mb"], 1),
        "python": sys.version.split()[0],
        **({"against": compared} if compared is not None else {}),
    }


def _compared(rev: str, theirs: list[dict], ours: list[dict]) -> dict[str, Any]:
    """Each stage's best processor time of both codes, and how many times the speed of
    ``rev``'s this code runs it at (above 1: faster)."""
    stages = ("evaluate", "serialize")
    best = {
        side: {stage: min(r["cpu_seconds"][stage] for r in runs) for stage in stages}
        for side, runs in (("theirs", theirs), ("ours", ours))
    }
    for side in best:
        best[side]["both"] = best[side]["evaluate"] + best[side]["serialize"]
    return {
        "rev": rev,
        "pairs": len(ours),
        "same_findings": {r["findings"] for r in theirs} == {r["findings"] for r in ours},
        "theirs_cpu_seconds": {k: round(v, 3) for k, v in best["theirs"].items()},
        "ours_cpu_seconds": {k: round(v, 3) for k, v in best["ours"].items()},
        "speed_ratio": {
            k: round(best["theirs"][k] / best["ours"][k], 3) if best["ours"][k] else None
            for k in (*stages, "both")
        },
        "each_pair_evaluate": [
            [round(t["cpu_seconds"]["evaluate"], 3), round(o["cpu_seconds"]["evaluate"], 3)]
            for t, o in zip(theirs, ours, strict=True)
        ],
    }


def render_bench(result: dict[str, Any]) -> str:
    s, c = result["seconds"], result["cpu_seconds"]
    return (
        f"engine benchmark: {result['subjects']:,} establishments, {result['facts']:,} facts "
        f"({result['input_bytes'] / 1e6:.1f} MB JSON)\n"
        f"  load {s['load']:.2f} s, validate {s['validate']:.2f} s, "
        f"evaluate {s['evaluate']:.2f} s, serialize {s['serialize']:.2f} s; "
        f"total {s['total']:.2f} s\n"
        f"  processor time: load {c['load']:.2f} s, validate {c['validate']:.2f} s, "
        f"evaluate {c['evaluate']:.2f} s, serialize {c['serialize']:.2f} s; "
        f"total {c['total']:.2f} s\n"
        f"  {result['findings']:,} findings, {result['derived']:,} derived values\n"
        f"  subjects per second: {result['subjects_per_second']:,.0f} "
        f"({result['subjects_per_cpu_second']:,.0f} per second of processor time)\n"
        f"  facts per second:    {result['facts_per_second']:,.0f}\n"
        f"  peak memory (RSS):   {result['peak_rss_mb']:,.1f} MB\n"
    ) + _render_against(result.get("against"))


def _render_against(against: dict[str, Any] | None) -> str:
    if against is None:
        return ""
    theirs, ours = against["theirs_cpu_seconds"], against["ours_cpu_seconds"]
    ratio = against["speed_ratio"]
    lines = [
        f"  side by side with {against['rev']}, best of {against['pairs']} runs each, "
        "in turn (processor time):"
    ]
    for stage, named in (
        ("evaluate", "evaluate"),
        ("serialize", "serialize"),
        ("both", "the two"),
    ):
        lines.append(
            f"    {named:<10} {theirs[stage]:.2f} s there, {ours[stage]:.2f} s here: "
            f"{ratio[stage]:.2f} times its speed"
        )
    if not against["same_findings"]:
        lines.append("    the two found different numbers of findings: compare with care")
    return "\n".join(lines) + "\n"


def profile(path: Path, top: int = 25) -> str:
    """The costliest functions, by own time, of evaluating and serializing a facts file."""
    import cProfile
    import io
    import pstats

    from sanitas.ordinance.document import parse_document

    document = parse_document(orjson.loads(path.read_bytes()), source=str(path))
    # once unprofiled first: what is paid once per process (modules imported on first
    # use, the fixed costs kept for later evaluations) is not what the profile is for,
    # and in a small city it would crowd the engine out of the top
    document.evaluate().as_json()
    profiler = cProfile.Profile()
    profiler.enable()
    document.evaluate().as_json()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


USAGE = "usage: python -m sanitas.bench.engine [--profile] FILE [N]"


def main(argv: list[str]) -> int:
    """``FILE``: the measured run, as JSON (what :func:`bench_engine` runs in a fresh
    process); ``--profile FILE [N]``: the profile's N costliest functions. Wrong
    arguments, or a file that cannot be read, exit 2 with one line saying why."""
    profiling = argv[:1] == ["--profile"]
    args = argv[1:] if profiling else argv
    if not args or len(args) > (2 if profiling else 1) or args[0].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    path = Path(args[0])
    if not path.is_file():
        print(f"sanitas.bench.engine: {path}: no such file", file=sys.stderr)
        return 2
    top = 25
    if len(args) == 2:
        if not args[1].isdigit() or int(args[1]) < 1:
            print(
                f"sanitas.bench.engine: N must be a whole number above 0, not {args[1]!r}",
                file=sys.stderr,
            )
            return 2
        top = int(args[1])
    from sanitas.ordinance.facts import FactsError

    try:
        text = profile(path, top) if profiling else json.dumps(_measure(path))
    except orjson.JSONDecodeError as error:
        print(f"sanitas.bench.engine: {path}: not valid JSON: {error}", file=sys.stderr)
        return 2
    except FactsError as error:
        print(
            "\n".join(f"sanitas.bench.engine: {line}" for line in error.problems), file=sys.stderr
        )
        return 2
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
