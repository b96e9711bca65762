"""Invariants of the law as code, checked with Hypothesis over every scenario.

- An act of compliance recorded on or before the as-of date never turns a met
  obligation overdue.
- Recording more citations never lowers a penalty ceiling.
- Evaluating as of a later date never un-violates a past violation unless a new
  fact was recorded in between.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sanitas.ordinance.document import parse_document, read_data
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import load_pack

from .conftest import OWN_SCENARIOS, SHARED_SCENARIOS

FILES = sorted(OWN_SCENARIOS.glob("*.yaml")) + sorted(SHARED_SCENARIOS.glob("*.yaml"))
DOCS = [(path.name, read_data(path)) for path in FILES]
SAN_GABRIEL_DOCS = [
    (name, data) for name, data in DOCS if data.get("jurisdiction", "san-gabriel") == "san-gabriel"
]
PACK = load_pack()
# derandomized: the same examples on every run, so that the suite's verdict does not
# depend on the draw (a draw that filtered out too many cases once failed a run)
SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _statuses(facts: list[Any], as_of: date, holidays=None) -> dict[tuple, set[str]]:
    evaluation = evaluate_facts(parse_facts(facts), as_of=as_of, pack=PACK, holidays=holidays)
    out: dict[tuple, set[str]] = {}
    for f in evaluation.findings:
        out.setdefault((f.requirement, f.subject, f.period), set()).add(f.status)
    return out


def _holidays(data: dict) -> list[date] | None:
    if data.get("holidays") is None:
        return None
    return [date.fromisoformat(str(d)) for d in data["holidays"]]


def _acts(facts: list[dict], day: str) -> list[dict]:
    """Compliance acts that could be recorded for the facts of a document."""
    acts: list[dict] = []
    for fact in facts:
        kind, ident = fact.get("type"), fact.get("id")
        if kind == "device":
            acts.append(
                {
                    "type": "pump_out",
                    "device": ident,
                    "date": day,
                    "full": True,
                    "hauler_name": "H",
                    "hauler_address": "A",
                    "operator_name": "O",
                    "operator_signed": True,
                    "water_gallons": 100,
                    "fog_gallons": 10,
                    "floating_fog_inches": 1,
                    "settled_solids_inches": 1,
                    "disposal_facility": "F",
                }
            )
        elif kind == "establishment":
            employees = [
                f["id"]
                for f in facts
                if f.get("type") == "employee" and f.get("establishment") == ident
            ]
            if employees:
                acts.append(
                    {
                        "type": "training",
                        "establishment": ident,
                        "date": day,
                        "employees": employees,
                        "signed": True,
                    }
                )
        elif kind == "notice":
            acts.append({"type": "correction", "notice": ident, "date": day})
    return acts


@SETTINGS
@given(st.sampled_from(SAN_GABRIEL_DOCS), st.data())
def test_an_act_never_turns_a_met_obligation_overdue(doc, data):
    name, document = doc
    facts = document["facts"]
    as_of = date.fromisoformat(str(document["as_of"]))
    offset = data.draw(st.integers(0, 400))
    day = (as_of - timedelta(days=offset)).isoformat()
    acts = _acts(facts, day)
    assume(acts)
    act = data.draw(st.sampled_from(acts))
    holidays = _holidays(document)
    before = _statuses(facts, as_of, holidays)
    after = _statuses([*facts, act], as_of, holidays)
    for key, statuses in before.items():
        if statuses == {"met"}:
            assert "overdue" not in after.get(key, set()), (name, act, key)


@SETTINGS
@given(
    st.lists(st.integers(0, 1500), min_size=1, max_size=8),
    st.integers(0, 1500),
)
def test_more_citations_never_lower_a_penalty_ceiling(offsets, extra):
    start = date(2022, 6, 1)
    facts: list[dict] = [{"id": "biz", "type": "establishment", "category": "other"}]
    for i, offset in enumerate(offsets):
        facts.append(
            {
                "id": f"c{i}",
                "type": "citation",
                "subject": "biz",
                "requirement": "ORG-COM-ENROLL",
                "issued_on": (start + timedelta(days=offset)).isoformat(),
            }
        )
    as_of = date(2027, 1, 1)

    def ceilings(facts: list[dict]) -> dict[str, Any]:
        evaluation = evaluate_facts(parse_facts(facts), as_of=as_of, pack=PACK)
        return {d.subject: d.value for d in evaluation.derived if d.name == "penalty_ceiling"}

    before = ceilings(facts)
    more = [
        *facts,
        {
            "id": "new",
            "type": "citation",
            "subject": "biz",
            "requirement": "ORG-COM-ENROLL",
            "issued_on": (start + timedelta(days=extra)).isoformat(),
        },
    ]
    after = ceilings(more)
    for subject, ceiling in before.items():
        assert after[subject] >= ceiling
    assert max(after.values()) >= max(before.values())


@SETTINGS
@given(st.sampled_from(SAN_GABRIEL_DOCS), st.integers(-400, 400), st.integers(1, 800))
def test_time_alone_never_undoes_a_violation(doc, shift, gap):
    name, document = doc
    parsed = parse_document(document, source=name)
    as_of = date.fromisoformat(str(document["as_of"]))
    first = as_of + timedelta(days=shift)
    later = first + timedelta(days=gap)
    dates = {fact.date_of() for fact in parsed.facts} - {None}
    assume(not any(first < d <= later for d in dates))
    holidays = _holidays(document)
    before = _statuses(document["facts"], first, holidays)
    after = _statuses(document["facts"], later, holidays)
    for key, statuses in before.items():
        if "violation" in statuses:
            assert "violation" in after.get(key, set()), (name, first, later, key)
