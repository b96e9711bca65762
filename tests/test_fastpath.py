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


def _both_json_ways(raw: bytes, packs: Path | None = None) -> tuple[Any, Any]:
    """The document parsed from ``decode_json_document`` and from ``decode_json``:
    its facts shown with ``repr`` (which shows an amount's digits: ``Decimal('12.5')``
    equals ``Decimal('12.50')``), or the problems reported."""
    from sanitas.ordinance.document import decode_json, decode_json_document, parse_document

    out = []
    for decode in (decode_json_document, decode_json):
        try:
            data = decode(raw)
        except ValueError as exc:  # not JSON at all: orjson's own error, both ways
            out.append(("not json", str(exc)))
            continue
        try:
            document = parse_document(data, pack_dirs=[packs] if packs else None)
        except FactsError as exc:
            out.append(("problems", exc.problems))
            continue
        out.append(
            (
                repr(document.facts),
                [type(f) for f in document.facts],
                (document.name, document.as_of, document.holidays, document.jurisdiction),
                repr(document.expect),
            )
        )
    return out[0], out[1]


def _straight(raw: bytes) -> bool:
    """Whether the document's facts were decoded straight into the structs."""
    from sanitas.ordinance.document import decode_json_document
    from sanitas.ordinance.facts import DecodedFacts

    return type(decode_json_document(raw)["facts"]) is DecodedFacts


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_scenario_written_as_json_decodes_alike_both_ways(path: Path):
    import orjson

    data = read_data(path)
    fast, plain_ = _both_json_ways(orjson.dumps(data, default=str), path.parent / "packs")
    assert fast == plain_
    assert fast[0] != "problems"
    if decoder().decode(data["facts"]) is not None:  # plainly valid as decoded from YAML
        assert _straight(orjson.dumps(data, default=str)), "decoded straight into the structs"


AMOUNTS = [
    "0.1",
    "1e-7",
    "12.50",
    "12.5",
    "100",
    "5e0",
    "5E+0",
    "-0.0",
    "0.30000000000000004",
    "999999999999.99",
    "1e12",
    "100000000000000000000",
    "123456789012345678901234567890",
    "-123456789012345678901234567890",
    "1E400",
    "9223372036854775807",
    "18446744073709551616",
    '"12.50"',
    '"1_000"',
    '"NaN"',
    '"x"',
    "true",
    "null",
    "[1]",
]


@pytest.mark.parametrize("amount", AMOUNTS)
def test_an_amount_keeps_the_digits_decoding_it_first_gives(amount: str):
    """An amount decoded straight from its JSON text is the one decoding the text
    first with orjson gives (``12.50`` is a float there, so ``Decimal('12.5')``; an
    integer beyond 64 bits is a float there too), or both ways it is refused alike;
    so are numbers in other fields."""
    area = amount if amount[0] != '"' else "1"
    text = (
        '{"as_of": "2025-06-30", "facts": ['
        '{"id": "e", "type": "establishment", "name": "A", "category": "restaurant",'
        f' "gross_annual_sales": {amount}, "floor_area_sqft": {area}}},'
        '{"id": "c", "type": "citation", "subject": "e", "requirement": "FOG-MIN-FREQUENCY",'
        f' "issued_on": "2025-01-02", "amount": {amount}}}]}}'
    )
    fast, plain_ = _both_json_ways(text.encode())
    assert fast == plain_
    if amount in ("0.1", "12.50", "5e0", "100", '"12.50"', "null"):  # accepted, straight
        assert _straight(text.encode()), "decoded straight into the structs"


@pytest.mark.parametrize(
    "text",
    [
        b'{"facts": [{"id": "e", "type": "establishment", "name": "A", "category": "other"},'
        b' {"id": "e", "type": "establishment", "name": "B", "category": "other"}]}',
        b'{"facts": [{"type": "employee", "establishment": "nobody", "hired_on": "2025-01-01"}]}',
        b'{"facts": [], "unknown": 1}',
        b'{"facts": [], "expect": {"findings": [{"requirement": "FOG-MIN-FREQUENCY"}]}}',
        b'{"facts": [], "as_of": "2025-02-30", "holidays": ["2025-01-01", 5]}',
        b'{"facts": [], "name": "a", "name": "b", "jurisdiction": "san-gabriel"}',
        b'{"as_of": "2025-06-30"}',
        b'{"facts": null}',
        b'{"facts": [{"id": "e", "type": "establishment", "name": "\\ud800",'
        b' "category": "other"}]}',
        b'{"facts": [{"id": "e", "type": "establishment", "name": "A", "category": "other"}]} x',
        b"[]",
    ],
)
def test_a_faulty_json_document_is_reported_alike_both_ways(text: bytes):
    fast, plain_ = _both_json_ways(text)
    assert fast == plain_


def test_the_reference_path_decodes_json_documents_the_plain_way():
    from sanitas.ordinance.document import decode_json_document
    from sanitas.ordinance.engine import reference_path
    from sanitas.ordinance.facts import DecodedFacts

    raw = b'{"facts": [{"id": "e", "type": "establishment", "name": "A", "category": "other"}]}'
    assert type(decode_json_document(raw)["facts"]) is DecodedFacts
    with reference_path():
        assert type(decode_json_document(raw)["facts"]) is list
