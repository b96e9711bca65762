"""A message's nesting does not grow with the records: a list of clauses, however long,
is one :class:`Items` joined in a loop, never a message nested once a clause, which
Python's recursion limit would stop at some hundreds (a food recovery organization with
431 months of pounds to show did, in a city of 20,000 establishments)."""

from __future__ import annotations

from sanitas.bench.engine import CityGenerator
from sanitas.ordinance.document import parse_document
from sanitas.ordinance.messages import Items, Message, Name

DEEPEST = 12


def _depth(value: object) -> int:
    if isinstance(value, Message):
        return 1 + max((_depth(v) for _, v in value[1]), default=0)
    if isinstance(value, tuple):
        return max((_depth(v) for v in value), default=0)
    return 0


def test_clauses_without_end_render_in_every_language_and_come_back_from_storage():
    clauses = Items(tuple(Name(f"party {i}") for i in range(5000)), ";")
    assert clauses.render("en") == "; ".join(f"party {i}" for i in range(5000))
    assert clauses.render("es") == "; ".join(f"party {i}" for i in range(5000))
    assert clauses.render("zh-Hant") == "；".join(f"party {i}" for i in range(5000))
    for items in (clauses, Items((Name("a"), Name("b")), "or"), Items((Name("a"),))):
        stored = Message("efr.records.incomplete", {"shown": items}).to_dict()
        assert Message.from_dict(stored).args["shown"] == items


def test_no_finding_of_a_city_nests_its_message_deeper_than_a_fixed_depth():
    document = parse_document(CityGenerator(1383).city(3000), source="city")
    evaluation = document.evaluate()
    deepest = max(_depth(f.message) for f in evaluation.findings if f.message is not None)
    # 7 today; a list of clauses nested once a clause made it 80 in this city
    assert 3 <= deepest <= DEEPEST
    assert all(isinstance(f.explanation, str) for f in evaluation.findings)
