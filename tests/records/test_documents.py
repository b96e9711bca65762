"""Each subject group's facts document holds what the typed tables hold."""

from __future__ import annotations

import orjson
import pytest

from sanitas.bench.engine import CityGenerator
from sanitas.ordinance.document import read_data
from sanitas.records.documents import read_documents, table_facts
from sanitas.records.models import GroupFacts, RecordIndex, SubjectGroup
from sanitas.records.services import RecordError, record_facts, void_record

from ..conftest import ROOT

pytestmark = pytest.mark.django_db(transaction=False)
BLOCK = ROOT / "examples" / "city-block.yaml"
AGREEMENTS = ROOT / "tests" / "scenarios" / "efg-agreement-in-force.yaml"


def _groups() -> list[str]:
    return sorted(SubjectGroup.objects.values_list("key", flat=True))


def _assert_documents_are_the_tables() -> None:
    groups = _groups()
    assert groups
    from_documents = read_documents(groups)
    from_tables = table_facts(groups)
    assert set(from_documents) == set(from_tables)
    for group in groups:
        assert from_documents.get(group, []) == from_tables.get(group, []), group


def _load_cities() -> None:
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk")
    record_facts(raw_facts=read_data(AGREEMENTS)["facts"], actor="clerk")
    # the bench city's every fact type with its amounts, floats, lists and times
    record_facts(raw_facts=CityGenerator(7).city(40)["facts"], actor="bench")


def test_every_write_keeps_its_groups_facts_document():
    _load_cities()
    _assert_documents_are_the_tables()
    assert GroupFacts.objects.count() == SubjectGroup.objects.count()
    # a change, a new event, a void: each group's document follows in the same write
    record_facts(
        raw_facts=[
            {"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True},
            {"id": "pantry", "type": "establishment", "category": "restaurant"},
        ],
        actor="clerk",
    )
    void_record(key="acc-130", actor="clerk", why="duplicate report")
    _assert_documents_are_the_tables()
    assert "acc-130" not in {key for _t, key, _f in _document(RecordIndex, "acc-130")}


def _document(_model, key: str) -> list:
    group = RecordIndex.objects.get(key=key).subject_group
    return orjson.loads(GroupFacts.objects.get(subject_group=group).document)


def test_a_merge_of_two_groups_leaves_one_document_with_the_records_of_both():
    record_facts(
        raw_facts=[
            {"id": "lot-a", "type": "premises", "address": "1 A St", "zone": "C-3"},
            {"id": "lot-b", "type": "premises", "address": "2 B St", "zone": "C-3"},
            {"id": "shop", "type": "establishment", "premises": "lot-b", "category": "restaurant"},
        ],
        actor="clerk",
    )
    assert len(_groups()) == 2
    # the shop moves in on lot-a: one record naming both groups joins them
    record_facts(
        raw_facts=[
            {
                "id": "move-1",
                "type": "move_in",
                "premises": "lot-a",
                "establishment": "shop",
                "date": "2025-01-06",
            }
        ],
        actor="clerk",
    )
    assert len(_groups()) == 1
    _assert_documents_are_the_tables()
    assert GroupFacts.objects.count() == 1
    assert len(_document(RecordIndex, "shop")) == 4


def test_a_rejected_write_leaves_the_documents_as_they_were():
    _load_cities()
    before = dict(GroupFacts.objects.values_list("subject_group", "document"))
    with pytest.raises(RecordError):
        void_record(key="jade-gi", actor="clerk", why="duplicate")  # still named
    assert dict(GroupFacts.objects.values_list("subject_group", "document")) == before
