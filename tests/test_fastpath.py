"""The fast decoder must accept exactly what the vocabulary of record accepts, with the
same values, so that no rule can tell which path a fact came through."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from sanitas.ordinance.document import read_data
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.facts import (
    FACT_TYPES,
    FactsError,
    _identities_hold,
    _parse_facts_reporting,
    parse_facts,
)
from sanitas.ordinance.fastpath import decoder
from sanitas.ordinance.pack import load_pack

from .conftest import OWN_SCENARIOS, SHARED_SCENARIOS

FILES = sorted(OWN_SCENARIOS.glob("*.yaml")) + sorted(SHARED_SCENARIOS.glob("*.yaml"))


def plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return {k: plain(getattr(value, k)) for k in type(value).model_fields}
    if isinstance(value, msgspec.Struct):
        return {k: plain(getattr(value, k)) for k in value.__struct_fields__}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def same(fast: Any, slow: Any) -> bool:
    fields = [k for k in type(slow).model_fields if k != "type"]
    return fast.type == slow.type and all(
        plain(getattr(fast, k)) == plain(getattr(slow, k)) for k in fields
    )


def test_every_fact_type_is_mirrored():
    import sanitas.ordinance.rules  # noqa: F401

    assert not decoder().slow, "these types fall back to pydantic: " + ", ".join(decoder().slow)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_both_paths_read_every_scenario_alike(path: Path):
    raw = read_data(path)["facts"]
    fast = parse_facts(raw)
    slow = _parse_facts_reporting(raw)
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        assert same(a, b), (a, b)
        assert a.dated_by == b.dated_by and a.references == b.references
        assert a.date_of() == b.date_of()
    pack = load_pack()
    as_of = date(2025, 6, 30)
    assert (
        evaluate_facts(fast, as_of=as_of, pack=pack).as_dict()
        == evaluate_facts(slow, as_of=as_of, pack=pack).as_dict()
    )


def _valid_fact_pool() -> list[tuple[list[dict], int]]:
    """(facts, index) pairs: every fact of every scenario, in its document."""
    pool = []
    for path in FILES:
        facts = read_data(path)["facts"]
        pool.extend((facts, i) for i in range(len(facts)))
    return pool


POOL = _valid_fact_pool()
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 2_000_000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        [
            "",
            "x",
            "2025-02-30",
            "2025-01-01",
            "2025-03-07T18:00",
            "2025-03-07T18:00:00",
            "2024",
            "2025-Q5",
            "FOG-MIN-FREQUENCY",
            "NOPE-1",
            "restaurant",
            "grease_interceptor",
            "1.5",
            "NaN",
        ]
    ),
    st.lists(st.sampled_from(["emp-1", "FOG-25-PERCENT", "x", "2025-01-01"]), max_size=2),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POOL), st.data())
def test_a_mutated_fact_is_judged_alike_by_both_paths(case, data):
    facts, index = case
    fact = dict(facts[index])
    model = FACT_TYPES[fact["type"]]
    names = sorted(
        {*model.model_fields, *(f.alias for f in model.model_fields.values() if f.alias)}
    )
    name = data.draw(st.sampled_from([n for n in names if n != "type"] + ["unknown_field"]))
    fact[name] = data.draw(ODD_VALUES)
    mutated = [*facts[:index], fact, *facts[index + 1 :]]
    fast = decoder().decode(mutated)
    if fast is not None and not _identities_hold(fast):
        fast = None
    try:
        slow = _parse_facts_reporting(mutated)
    except FactsError:
        slow = None
    if fast is not None and slow is not None:
        assert all(same(a, b) for a, b in zip(fast, slow, strict=True))
    elif fast is not None:
        # the fast path may accept only what the thorough path accepts
        pytest.fail(f"fast path accepted {name}={fact[name]!r} that the vocabulary refuses")
