"""Each subject group's findings document holds what its evaluation found, in the
engine's order with every finding's words, and follows every sweep, write and
merge in their transaction."""

from __future__ import annotations

from datetime import date
from itertools import pairwise

import pytest

from sanitas.bench.engine import CityGenerator
from sanitas.ordinance.document import read_data
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.findings import read_documents
from sanitas.records.models import Finding, GroupFindings, RecordIndex, SubjectGroup
from sanitas.records.services import record_facts
from sanitas.records.sweep import evaluate_groups, jurisdiction_pack, read_groups, sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)


def _groups() -> list[str]:
    return sorted(SubjectGroup.objects.values_list("key", flat=True))


def _evaluated(groups: list[str]) -> dict[str, list[list]]:
    """What the engine finds for ``groups`` now, flattened as a document holds it."""
    found = evaluate_groups(read_groups(groups), AS_OF, jurisdiction_pack())
    return {group: [[*key, *values] for key, values in keyed] for group, keyed, *_ in found}


def _rows() -> dict[str, list[list]]:
    """The current findings rows, by group, in the order they were stored."""
    out: dict[str, list[list]] = {}
    rows = Finding.objects.filter(current=True).order_by("id")
    for group, *finding in rows.values_list(
        "subject_group",
        "requirement",
        "subject",
        "period",
        "ordinal",
        "status",
        "due",
        "cite",
        "explanation",
        "reading",
        "message",
        "reading_message",
    ):
        out.setdefault(group, []).append(finding)
    return out


def _load() -> None:
    # stored only: the sweeps under test evaluate them
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", evaluate=False)
    record_facts(raw_facts=CityGenerator(7).city(20)["facts"], actor="bench", evaluate=False)


def test_a_sweep_stores_each_groups_findings_as_one_document_in_the_engines_order():
    _load()
    result = sweep(as_of=AS_OF, full=True)
    groups = _groups()
    documents = read_documents(groups)
    assert set(documents) == set(groups)
    assert documents == _evaluated(groups)
    assert sum(len(d) for d in documents.values()) == result.findings_created
    # the first sweep stored the rows in the engine's order too: the two agree
    assert {g: d for g, d in documents.items() if d} == _rows()
    assert set(GroupFindings.objects.values_list("evaluated_as_of", flat=True)) == {AS_OF}


def test_a_group_whose_findings_did_not_change_keeps_its_document_unwritten():
    _load()
    sweep(as_of=AS_OF, full=True)
    group = RecordIndex.objects.get(key="jade-gi").subject_group
    other = next(g for g in _groups() if g != group)
    # mark the stored document: a sweep that wrote it would replace the mark
    GroupFindings.objects.filter(subject_group=other).update(document="[]")
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="clerk",
    )
    sweep(as_of=AS_OF, full=True)
    assert GroupFindings.objects.get(subject_group=other).document == "[]"
    assert read_documents([group])[group] == _evaluated([group])[group]


def test_a_write_leaves_its_groups_document_fresh():
    _load()
    sweep(as_of=AS_OF)
    group = RecordIndex.objects.get(key="jade-gi").subject_group
    frequency = [
        f for f in read_documents([group])[group] if f[:2] == ["FOG-MIN-FREQUENCY", "jade-gi"]
    ]
    assert "overdue" in {f[4] for f in frequency}
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="inspector",
        why="pump-out seen on the visit",
    )
    document = read_documents([group])[group]
    assert document == _evaluated([group])[group]
    frequency = [f for f in document if f[:2] == ["FOG-MIN-FREQUENCY", "jade-gi"]]
    assert ("due", "2025-05-28") in {(f[4], f[5]) for f in frequency}
    # (the rows of findings new since the first sweep come after the others)
    stored = {g: sorted(d) for g, d in _rows().items()}
    assert {g: sorted(d) for g, d in read_documents(_groups()).items() if d} == stored


def test_a_merge_moves_the_findings_document_with_the_findings():
    record_facts(
        raw_facts=[
            {"id": "lot-a", "type": "premises", "address": "1 A St", "zone": "C-3"},
            {
                "id": "shop-a",
                "type": "establishment",
                "premises": "lot-a",
                "category": "restaurant",
            },
            {"id": "lot-b", "type": "premises", "address": "2 B St", "zone": "C-3"},
            {
                "id": "shop-b",
                "type": "establishment",
                "premises": "lot-b",
                "category": "restaurant",
            },
        ],
        actor="clerk",
    )
    sweep(as_of=AS_OF)
    assert len(_groups()) == 2
    before = read_documents(_groups())
    subjects = {f[1] for findings in before.values() for f in findings}
    assert {"shop-a", "shop-b"} <= subjects
    # a record naming both groups joins them, with no evaluation yet
    record_facts(
        raw_facts=[
            {
                "id": "move-1",
                "type": "move_in",
                "premises": "lot-a",
                "establishment": "shop-b",
                "date": "2025-01-06",
            }
        ],
        actor="clerk",
        evaluate=False,
    )
    (group,) = _groups()
    assert list(GroupFindings.objects.values_list("subject_group", flat=True)) == [group]
    merged = read_documents([group])[group]
    assert sorted(map(tuple, merged)) == sorted(
        tuple(f) for findings in before.values() for f in findings
    )
    assert {f[1] for f in merged} == subjects
    # and the next sweep makes it the merged group's findings
    sweep(as_of=AS_OF)
    assert read_documents([group])[group] == _evaluated([group])[group]


def test_a_finding_gets_a_new_version_when_its_status_changes_not_its_words():
    _load()
    sweep(as_of=AS_OF, full=True)
    before = {f.pk: english(f) for f in Finding.objects.all()}
    later = date(2025, 9, 1)
    result = sweep(as_of=later, full=True)
    rows = {
        f.pk: (f.status, f.due, f.subject_group, f.current, english(f))
        for f in Finding.objects.all()
    }
    versions: dict[int, list[tuple]] = {}
    for pk, *state in Finding.history.order_by("history_date", "history_id").values_list(
        "id", "status", "due", "subject_group", "current"
    ):
        versions.setdefault(pk, []).append(tuple(state))
    # every version differs from the one before in status, due date, group or being found
    for pk, states in versions.items():
        assert all(a != b for a, b in pairwise(states)), pk
        assert states[-1] == rows[pk][:4], pk
    # some findings changed only their words: their rows and documents have the new
    # words, and no new version
    reworded = [
        pk
        for pk, (_s, _d, _g, current, explanation) in rows.items()
        if current and pk in before and before[pk] != explanation and len(versions[pk]) == 1
    ]
    assert reworded and result.findings_updated > len(
        [pk for pk, states in versions.items() if len(states) > 1]
    )
    documents = read_documents(_groups())
    said = {
        tuple(f[:4]): english({"explanation": f[7], "message": f[9]})
        for findings in documents.values()
        for f in findings
    }
    for pk in reworded:
        finding = Finding.objects.get(pk=pk)
        key = (finding.requirement, finding.subject, finding.period, finding.ordinal)
        assert said[key] == english(finding)
