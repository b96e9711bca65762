"""The engine's fast path gives the findings of its reference path, byte for byte.

The fast path pauses the garbage collector for an evaluation, memoises the
calendar's sums and the text of days, builds findings as tuples in place, and runs
the hot rule families (ORG-COM-SELF-INSPECT's quarters, ORG-COM-EDUCATION's years,
the FOG training rules) in one pass, and in the search for the day a notice was
complied with asks ORG-COM-ENROLL once per stretch of days on which nothing it
reads turns. :func:`reference_path` turns all of that off;
each test here evaluates the same facts both ways in the same run and compares the
JSON, so no stored output is needed.
"""

from __future__ import annotations

import gc
import random
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanitas.bench.engine import CityGenerator
from sanitas.ordinance import calendar
from sanitas.ordinance.document import decode_json, load_document, parse_document
from sanitas.ordinance.engine import (
    Evaluation,
    Finding,
    finding_dicts,
    paused_gc,
    reference_path,
)

from .conftest import OWN_SCENARIOS, SHARED_SCENARIOS

SCENARIOS = sorted(SHARED_SCENARIOS.glob("*.yaml")) + sorted(OWN_SCENARIOS.glob("*.yaml"))


def both_ways(document: Any, as_of: date | None = None) -> tuple[bytes, bytes]:
    """The fast path's output as the bench writes it (``as_json``), and the reference
    path's as every finding, derived value and data problem writes itself."""
    fast = bytes(document.evaluate(as_of).as_json())
    with reference_path():
        reference = orjson.dumps(document.evaluate(as_of).as_dict())
    return fast, reference


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_scenario_evaluates_the_same_both_ways(path: Path) -> None:
    fast, reference = both_ways(load_document(path))
    assert fast == reference


@pytest.mark.parametrize("as_of", [date(2025, 6, 30), date(2024, 12, 31), date(2023, 3, 31)])
def test_the_bench_city_evaluates_the_same_both_ways(as_of: date) -> None:
    document = parse_document(CityGenerator(1383).city(300))
    fast, reference = both_ways(document, as_of)
    assert fast == reference
    assert len(orjson.loads(fast)["findings"]) > 5_000  # the hot families are all there


def _day(rng: random.Random, start: date, end: date) -> date:
    """A day from ``start`` to ``end`` (``start`` when the span is empty: a record
    dated after the as-of date, which the engine does not see yet)."""
    return start + timedelta(days=rng.randrange(max(0, (end - start).days) + 1))


def _edge(rng: random.Random, start: date, end: date, edges: list[date]) -> date:
    """``_day``, or one time in three a day where the rules turn: ``edges``, and the
    first and last days of the quarters and years between."""
    if rng.random() < 0.66:
        return _day(rng, start, end)
    year = _day(rng, start, end).year
    number = rng.randrange(1, 5)
    return rng.choice(
        [*edges, calendar.quarter_start(year, number), calendar.quarter_end(year, number)]
    )


def history(seed: int) -> dict[str, Any]:
    """A restaurant with a random record of what the hot rule families look at:
    self-inspections (some finding contamination, employees told or not), annual
    organics information, employees (named or not, some gone) and their trainings
    (signed or not, with or without topics), opened and maybe closed, evaluated on a
    random day — quarter ends and year ends included."""
    rng = random.Random(seed)
    as_of = rng.choice(
        [
            _day(rng, date(2021, 6, 1), date(2026, 6, 30)),
            calendar.quarter_end(rng.randrange(2022, 2026), rng.randrange(1, 5)),
            date(rng.randrange(2022, 2026), 12, 31),
            date(rng.randrange(2022, 2026), 1, 1),
        ]
    )
    opened = rng.choice([None, _day(rng, date(2010, 1, 1), as_of)])
    establishment: dict[str, Any] = {
        "id": "biz",
        "type": "establishment",
        "premises": "lot",
        "category": "restaurant",
        "cooks": True,
        "meals_per_day": 120,
    }
    if rng.random() < 0.7:
        establishment["name"] = "Casa Verde"
    if opened is not None:
        establishment["opened_on"] = opened.isoformat()
        if rng.random() < 0.15:
            establishment["closed_on"] = _day(rng, opened, as_of + timedelta(days=400)).isoformat()
    facts: list[dict[str, Any]] = [
        {"id": "lot", "type": "premises", "address": "412 S Del Mar Ave", "zone": "C-1"},
        establishment,
    ]
    facts[0]["use"] = "commercial"
    for n in range(rng.randrange(0, 9)):
        log: dict[str, Any] = {
            "type": "self_inspection",
            "subject": "biz",
            "date": _edge(rng, date(2021, 10, 1), as_of, [as_of]).isoformat(),
        }
        if rng.random() < 0.4:
            log["contamination_found"] = True
            log["employees_informed"] = rng.choice([True, False, None])
        if rng.random() < 0.3:
            log["id"] = f"si-{n}"
        facts.append(log)
    for _ in range(rng.randrange(0, 5)):
        facts.append(
            {
                "type": "organics_education",
                "subject": "biz",
                "date": _edge(rng, date(2021, 10, 1), as_of, [as_of]).isoformat(),
            }
        )
    employees = []
    hires = []
    for n in range(rng.randrange(0, 5)):
        hired = _edge(rng, date(2011, 1, 1), as_of, [date(2013, 10, 31), date(2013, 11, 1)])
        hires.append(hired)
        employee: dict[str, Any] = {
            "id": f"emp-{n}",
            "type": "employee",
            "establishment": "biz",
            "hired_on": hired.isoformat(),
        }
        if rng.random() < 0.5:
            employee["name"] = f"Employee {n}"
        if rng.random() < 0.25:
            employee["left_on"] = _day(rng, hired, as_of + timedelta(days=200)).isoformat()
        employees.append(employee["id"])
        facts.append(employee)
    for _ in range(rng.randrange(0, 8) if employees else 0):
        training: dict[str, Any] = {
            "type": "training",
            "establishment": "biz",
            "date": _edge(
                rng,
                date(2012, 1, 1),
                as_of,
                [as_of, date(2014, 4, 29), *hires, *(h + timedelta(days=10) for h in hires)],
            ).isoformat(),
            "employees": rng.sample(employees, rng.randrange(1, len(employees) + 1)),
            "signed": rng.random() < 0.8,
        }
        if rng.random() < 0.3:
            topics = ["dry_wipe", "food_waste_bagging", "absorbents", "grease_disposal"]
            training["topics"] = rng.sample(topics, rng.randrange(1, 5))
        facts.append(training)
    return {"as_of": as_of.isoformat(), "facts": facts}


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_histories_evaluate_the_same_both_ways(seed: int) -> None:
    fast, reference = both_ways(parse_document(history(seed)))
    assert fast == reference


def test_the_histories_reach_every_branch_of_the_hot_families() -> None:
    """The random histories are worth comparing: between them they hold every status
    of the three families, and readings and data problems. A period missed is overdue
    for good (never late), with and without a later act that counts for its own
    period only."""
    seen: set[tuple[str, str]] = set()
    later: set[str] = set()
    readings = problems = 0
    for seed in range(150):
        evaluation = parse_document(history(seed)).evaluate()
        problems += len(evaluation.data_problems)
        for f in evaluation.findings:
            if f.requirement in ("ORG-COM-SELF-INSPECT", "ORG-COM-EDUCATION") or (
                f.requirement.startswith("FOG-TRAINING-")
            ):
                seen.add((f.requirement, f.status))
                readings += f.reading is not None
                if f.status == "overdue" and "counts for its own" in f.explanation:
                    later.add(f.requirement)
    for requirement in ("ORG-COM-SELF-INSPECT", "ORG-COM-EDUCATION"):
        assert {s for r, s in seen if r == requirement} == {"met", "due", "overdue"}
    assert later == {"ORG-COM-SELF-INSPECT", "ORG-COM-EDUCATION"}
    for requirement in ("FOG-TRAINING-SEMIANNUAL", "FOG-TRAINING-NEW-HIRE"):
        assert {s for r, s in seen if r == requirement} >= {"met", "overdue", "due"}
    assert ("FOG-TRAINING-NEW-HIRE", "late") in seen
    assert ("FOG-TRAINING-INITIAL", "met") in seen or ("FOG-TRAINING-INITIAL", "late") in seen
    assert readings and problems


def notices_history(seed: int) -> dict[str, Any]:
    """A commercial premises (or a business recorded without one) with a random record
    of what ORG-COM-ENROLL reads, changing on random days: organics services started
    and ended, de minimis and physical space waivers granted, expiring or revoked,
    self-hauler registrations; and notices of ORG-COM-ENROLL with their own deadlines
    or none, extensions, corrections and citations — so that the records cure a notice
    before its deadline, after it, never, or only by a correction. Evaluated on a
    random day, notice and deadline days included."""
    rng = random.Random(seed)
    as_of = _day(rng, date(2022, 3, 1), date(2026, 6, 30))
    on_premises = rng.random() < 0.75
    subject = "lot" if on_premises else "biz"
    facts: list[dict[str, Any]] = []
    if on_premises:
        lot: dict[str, Any] = {"id": "lot", "type": "premises", "address": "9 W Valley Blvd"}
        lot["use"] = rng.choice(["commercial", "commercial", "residential"])
        if lot["use"] == "residential":
            lot["dwelling_units"] = rng.choice([5, 12])
        facts.append(lot)
    for n in range(rng.randrange(1 if not on_premises else 0, 3 if on_premises else 2)):
        business: dict[str, Any] = {
            "id": "biz" if n == 0 else f"biz-{n}",
            "type": "establishment",
            "name": f"Valley Offices {n}",
            "category": rng.choice(["other", "other", "restaurant"]),
        }
        if on_premises:
            business["premises"] = "lot"
        if rng.random() < 0.3:
            business["opened_on"] = _day(rng, date(2020, 1, 1), as_of).isoformat()
        facts.append(business)
    holders = [subject] if not on_premises else ["lot", *(f["id"] for f in facts[1:])]
    notices: list[date] = []
    for n in range(rng.randrange(1, 4)):
        issued = _day(rng, date(2022, 1, 15), as_of + timedelta(days=30))
        notices.append(issued)
        notice: dict[str, Any] = {
            "id": f"nov-{n}",
            "type": "notice",
            "subject": subject,
            "requirement": "ORG-COM-ENROLL",
            "issued_on": issued.isoformat(),
            "kind": rng.choice(["nov", "nov", "nov", "noncompliance"]),
        }
        if rng.random() < 0.25:
            notice["due_on"] = _day(rng, issued, issued + timedelta(days=120)).isoformat()
        facts.append(notice)
        if rng.random() < 0.3:
            decided = _day(rng, issued, issued + timedelta(days=70))
            facts.append(
                {
                    "type": "extension",
                    "notice": notice["id"],
                    "date": decided.isoformat(),
                    "new_due_on": _day(rng, decided, issued + timedelta(days=150)).isoformat(),
                    "reason": rng.choice(["act_of_god", "permit_delay"]),
                    "granted": rng.random() < 0.8,
                }
            )
        if rng.random() < 0.3:
            cured = _day(rng, issued - timedelta(days=5), issued + timedelta(days=120))
            facts.append({"type": "correction", "notice": notice["id"], "date": cured.isoformat()})
        if rng.random() < 0.5:
            facts.append(
                {
                    "id": f"cit-{n}",
                    "type": "citation",
                    "subject": subject,
                    "requirement": "ORG-COM-ENROLL",
                    "notice": rng.choice([notice["id"], None]),
                    "issued_on": _day(rng, issued, issued + timedelta(days=150)).isoformat(),
                }
            )
    # the days a cure or a lapse may fall on: around each notice and its deadline
    edges = [d + timedelta(days=k) for d in notices for k in (-1, 0, 1, 30, 59, 60, 61, 90)]
    for _ in range(rng.randrange(0, 5)):
        start = _edge(rng, date(2021, 1, 1), as_of + timedelta(days=60), edges)
        service: dict[str, Any] = {
            "type": "collection_service",
            "stream": rng.choice(["organics", "organics", "organics", "recyclables"]),
            "gallons_per_week": rng.choice([16, 32, 64, 96]),
            "start": start.isoformat(),
        }
        holder = rng.choice(holders)
        service["premises" if holder == "lot" else "establishment"] = holder
        if rng.random() < 0.4:
            service["end"] = _edge(rng, start, as_of + timedelta(days=90), edges).isoformat()
        facts.append(service)
    later = as_of + timedelta(days=90)
    for n in range(rng.randrange(0, 3) if rng.random() < 0.4 else 0):
        granted = _edge(rng, date(2021, 6, 1), as_of + timedelta(days=30), edges)
        waiver: dict[str, Any] = {
            "id": f"w-{n}",
            "type": "waiver",
            "subject": rng.choice(holders),
            "kind": rng.choice(["de_minimis", "physical_space"]),
            "granted_on": granted.isoformat(),
        }
        if rng.random() < 0.5:
            waiver["expires_on"] = _edge(rng, granted, later, edges).isoformat()
        if rng.random() < 0.3:
            waiver["revoked_on"] = _edge(rng, granted, later, edges).isoformat()
        facts.append(waiver)
    for _ in range(rng.randrange(0, 3) if rng.random() < 0.4 else 0):
        start = _edge(rng, date(2021, 6, 1), as_of + timedelta(days=30), edges)
        registration: dict[str, Any] = {
            "type": "self_hauler",
            "subject": rng.choice(holders),
            "start": start.isoformat(),
        }
        if rng.random() < 0.5:
            end = _edge(rng, start - timedelta(days=3), as_of + timedelta(days=90), edges)
            registration["end"] = end.isoformat()
        facts.append(registration)
    return {"as_of": as_of.isoformat(), "facts": facts}


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_notice_histories_evaluate_the_same_both_ways(seed: int) -> None:
    """The compliance search asks ORG-COM-ENROLL once per stretch of days on the fast
    path and on every day tried on the reference path: the same findings."""
    fast, reference = both_ways(parse_document(notices_history(seed)))
    assert fast == reference


def test_the_notice_histories_cure_on_various_days() -> None:
    """The random notice histories are worth comparing: between them notices are
    complied with by the records before their deadline and after it, by a correction,
    and not at all, on many different days after their issue, and the stretches the
    fast path keeps answer days tried after the first."""
    from sanitas.ordinance import enforcement
    from sanitas.ordinance.engine import Context, FactIndex, visible

    kinds: set[str] = set()
    offsets: set[int] = set()
    reused = 0
    for seed in range(300):
        document = parse_document(notices_history(seed))
        pack = document.pack()
        index = FactIndex(visible(document.facts, document.as_of))
        ctx = Context(
            facts=index, as_of=document.as_of, pack=pack, calendar=pack.calendar(document.holidays)
        )
        for notice in index.of_type("notice"):
            found = enforcement.compliance(notice, ctx)
            if found is None:
                kinds.add("never")
                continue
            due_on = ctx.derived("nov_compliance_due", notice)
            late = due_on is not None and found.on > due_on
            kinds.add(("act" if found.by_act else "correction") + (" late" if late else ""))
            if found.by_act:
                offsets.add((found.on - notice.issued_on).days)
        tried = len(ctx.memo("enforcement.shows"))
        kept = sum(len(s) for s in ctx.memo("enforcement.stretches").values())
        reused += tried - kept
    assert kinds >= {"act", "act late", "correction", "never"}
    assert len(offsets) > 25
    assert reused > 0


def test_the_reference_path_is_scoped_and_restored() -> None:
    from sanitas.ordinance import engine

    assert engine._FAST and calendar._MEMO
    with reference_path():
        assert not engine._FAST and not calendar._MEMO
        with pytest.raises(RuntimeError), reference_path():
            raise RuntimeError
        assert not engine._FAST
    assert engine._FAST and calendar._MEMO


def test_the_collector_is_paused_for_an_evaluation_and_restored() -> None:
    document = parse_document(CityGenerator(7).city(20))
    states: list[bool] = []
    with paused_gc():
        states.append(gc.isenabled())
    assert states == [False] and gc.isenabled()
    gc.disable()  # a caller that paused it keeps it paused
    try:
        document.evaluate()
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(ZeroDivisionError), paused_gc():
        1 / 0  # noqa: B018
    assert gc.isenabled()
    with reference_path(), paused_gc():
        assert gc.isenabled()  # the reference path leaves it alone


def test_json_facts_decode_with_the_collector_paused() -> None:
    """Decoding a city's facts runs no collection (each would walk everything decoded
    so far and free nothing), gives what orjson gives, and leaves the collector on."""
    raw = orjson.dumps(CityGenerator(5).city(1000))
    passes: list[str] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(phase)

    gc.callbacks.append(count)
    try:
        plain = orjson.loads(raw)
        assert passes, "a plain decode of this size runs the collector"
        passes.clear()
        decoded = decode_json(raw)
        assert passes == [] and gc.isenabled()
        with reference_path():
            decode_json(raw)
        assert passes, "the reference path leaves the collector alone"
    finally:
        gc.callbacks.remove(count)
    assert decoded == plain


def test_a_freeze_made_elsewhere_is_kept() -> None:
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        parse_document(CityGenerator(7).city(20)).evaluate()
        # not unfrozen by the evaluation (which would empty the permanent generation);
        # a frozen object freed meanwhile leaves it, so the count may fall a little
        assert gc.get_freeze_count() > frozen // 2 > 0
    finally:
        gc.unfreeze()


def test_a_small_evaluation_does_not_count_the_objects_frozen_elsewhere(monkeypatch) -> None:
    """Counting the frozen objects walks every one of them: an evaluation of one group
    (a page's) does not ask, a city's does."""
    from sanitas.ordinance import engine

    asked: list[int] = []

    class Counting:
        def __getattr__(self, name: str):
            return getattr(gc, name)

        def get_freeze_count(self) -> int:
            asked.append(1)
            return gc.get_freeze_count()

    monkeypatch.setattr(engine, "gc", Counting())
    parse_document(CityGenerator(3).city(1)).evaluate()
    assert asked == [] and gc.isenabled()
    parse_document(CityGenerator(3).city(400)).evaluate()
    assert asked == [1] and gc.isenabled()


def test_an_evaluation_leaves_no_reference_cycles() -> None:
    """Pausing the collector is safe because an evaluation makes no cycles for it to
    free: the bench city and every scenario, evaluated, leave none behind."""
    documents = [parse_document(CityGenerator(11).city(200))] + [
        load_document(p) for p in SCENARIOS
    ]
    gc.collect()
    gc.disable()
    try:
        for document in documents:
            document.evaluate().as_dict()
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_the_calendar_memo_answers_as_the_sums_do() -> None:
    days = [date(2024, 1, 31), date(2024, 2, 29), date(2023, 12, 31), date(2025, 8, 31)]
    for start in days:
        for months in (1, 2, 3, 6, 12, 24, -1):
            with reference_path():
                plain = calendar.add_months(start, months)
            assert calendar.add_months(start, months) == plain
            assert calendar.add_months(start, months) == plain  # from the memo
        for n in (-1, 0, 10, 180, 365):
            assert calendar.add_days(start, n) == start + timedelta(days=n)
        assert calendar.day_text(start) == str(start) == f"{start}"
    for year in (2022, 2024):
        for number in (1, 2, 3, 4):
            q = calendar.quarter_of_year(year, number)
            assert (q.first, q.last, q.label) == (
                calendar.quarter_start(year, number),
                calendar.quarter_end(year, number),
                f"{year}-Q{number}",
            )


def test_a_full_memo_starts_over() -> None:
    from datetime import datetime

    kept = dict(calendar._TEXTS)
    try:
        calendar._TEXTS.clear()
        start = datetime(2000, 1, 1)
        calendar._TEXTS.update({start + timedelta(minutes=i): "x" for i in range(1 << 16)})
        assert calendar.day_text(date(2025, 6, 30)) == "2025-06-30"
        assert len(calendar._TEXTS) == 1
    finally:
        calendar._TEXTS.clear()
        calendar._TEXTS.update(kept)


def test_findings_serialise_as_each_finding_does() -> None:
    from datetime import datetime

    findings = [
        Finding("SW-DISPOSAL-MEANS", "a", "violation", datetime(2025, 6, 24, 9, 0), None, "c", "e"),
        Finding("FOG-MIN-FREQUENCY", "b", "due", date(2025, 6, 24), "2025", "c", "e", "r"),
        Finding("FOG-MIN-FREQUENCY", "b", "due", None, None, "c", "e"),
    ]
    assert finding_dicts(findings) == [f.as_dict() for f in findings]
    assert finding_dicts(findings)[0]["due"] == "2025-06-24T09:00"
    evaluation = Evaluation(date(2025, 6, 30), "san-gabriel", findings, [])
    with reference_path():
        assert evaluation.as_dict() == Evaluation(**vars(evaluation)).as_dict()


def test_the_json_output_is_the_dictionaries_written_by_orjson() -> None:
    """``as_json`` writes findings through msgspec and the rest through orjson: the
    bytes are orjson's of ``as_dict()``, with dues that are times written to the
    minute, text that needs escapes, and no findings at all; a due of another type
    is left to the dictionaries."""
    from datetime import datetime

    from sanitas.ordinance.engine import DataProblem, Derived

    escaped = 'q"\\\n\x01\x7f\u2028 中'
    findings = [
        Finding(
            "SW-DISPOSAL-MEANS", "a", "violation", datetime(2025, 6, 24, 9, 5, 7), None, "c", "e"
        ),
        Finding(
            "FOG-MIN-FREQUENCY",
            "b\u00e9",
            "due",
            date(2025, 6, 24),
            "2025",
            "c",
            escaped,
            "r",
        ),
        Finding("FOG-MIN-FREQUENCY", "b", "due", None, None, "c", "e"),
        Finding(
            "SW-DISPOSAL-MEANS", "z", "late", datetime(2024, 1, 2, 23, 59), "2024-Q1", "c", "e"
        ),
    ]
    derived = [Derived("a", "x", 1e20), Derived("a", "y", [date(2025, 1, 1), 0.1, None])]
    problems = [DataProblem(("a", "b"), "a problem")]
    for kept in (findings, [], findings[1:3]):
        evaluation = Evaluation(date(2025, 6, 30), "san-gabriel", kept, derived, problems)
        assert evaluation.as_json() == orjson.dumps(evaluation.as_dict())
    odd = [Finding("FOG-MIN-FREQUENCY", "b", "due", "2025-06-24", None, "c", "e")]
    evaluation = Evaluation(date(2025, 6, 30), "san-gabriel", odd, [])
    with pytest.raises(AttributeError):  # as the dictionaries do: a due is a day or a time
        evaluation.as_json()
    city = parse_document(CityGenerator(17).city(400)).evaluate()
    assert any(type(f.due) is datetime for f in city.findings)
    assert city.as_json() == orjson.dumps(city.as_dict())
