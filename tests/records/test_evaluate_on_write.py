"""A write evaluates the groups it touched again before it returns, in its own
transaction: the findings never wait for a sweep to agree with the records."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from sanitas.ordinance.document import read_data
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records import sweep as sweep_module
from sanitas.records.models import Finding, RecordIndex, SubjectGroup
from sanitas.records.services import record_facts, void_record
from sanitas.records.sweep import evaluation_day, groups_to_sweep, sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)


def _findings() -> list[tuple]:
    return sorted(
        (f.subject_group, f.requirement, f.subject, f.period, f.status, f.due, english(f))
        for f in Finding.objects.filter(current=True)
    )


@pytest.fixture
def block():
    record_facts(
        raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="test load", evaluate=False
    )
    sweep(as_of=AS_OF)


def test_a_recorded_pump_out_changes_the_finding_before_the_write_returns(block):
    frequency = Finding.objects.filter(requirement="FOG-MIN-FREQUENCY", subject="jade-gi")
    assert "overdue" in frequency.filter(current=True).values_list("status", flat=True)
    result = record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="inspector",
        why="pump-out seen on the visit",
    )
    group = RecordIndex.objects.get(key="jade-gi").subject_group
    assert result.groups == {group}
    assert frequency.get(current=True, status="due").due == "2025-05-28"
    # nothing is left for the sweep: the group was swept as of the worklist's day
    assert groups_to_sweep(AS_OF) == []
    assert SubjectGroup.objects.get(key=group).swept_as_of == AS_OF


def test_findings_after_writes_equal_a_full_sweeps(block):
    record_facts(
        raw_facts=[
            {"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True},
            {
                "id": "jade-emp-4",
                "type": "employee",
                "establishment": "jade-garden",
                "hired_on": "2025-02-20",
            },
        ],
        actor="inspector",
    )
    void_record(key="acc-130", actor="clerk", why="reported twice")
    after_writes = _findings()
    SubjectGroup.objects.update(findings_digest="")
    sweep(as_of=AS_OF, full=True)
    assert _findings() == after_writes
    assert not Finding.objects.get(requirement="SW-ACCUMULATION-TIME", subject="acc-130").current


def test_an_evaluation_that_fails_stores_no_record(block, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the evaluation failed")

    monkeypatch.setattr(sweep_module, "sweep_groups", broken)
    before = RecordIndex.objects.count()
    with pytest.raises(RuntimeError):
        record_facts(
            raw_facts=[
                {"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}
            ],
            actor="inspector",
        )
    assert RecordIndex.objects.count() == before
    assert Finding.objects.filter(
        requirement="FOG-MIN-FREQUENCY", subject="jade-gi", current=True, status="overdue"
    ).exists()


def test_an_unchanged_write_evaluates_nothing(block, monkeypatch):
    calls = []
    monkeypatch.setattr(sweep_module, "sweep_groups", lambda groups, **kw: calls.append(groups))
    facts = read_data(BLOCK)["facts"]
    result = record_facts(raw_facts=facts[:3], actor="clerk")
    assert result.changed == 0 and calls == []


def test_the_evaluation_day_is_the_latest_sweeps_or_today(block):
    assert evaluation_day() == AS_OF
    SubjectGroup.objects.update(swept_as_of=None)
    assert evaluation_day() == timezone.localdate()


def test_a_trusted_bulk_path_leaves_its_groups_to_the_sweep(block):
    frequency = Finding.objects.filter(
        requirement="FOG-MIN-FREQUENCY", subject="jade-gi", current=True
    )
    result = record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="demo",
        evaluate=False,
    )
    group = RecordIndex.objects.get(key="jade-gi").subject_group
    assert result.groups == {group}
    assert "overdue" in frequency.values_list("status", flat=True)
    assert groups_to_sweep(AS_OF) == [group]
    sweep(as_of=AS_OF)
    assert frequency.get(status="due").due == "2025-05-28"
