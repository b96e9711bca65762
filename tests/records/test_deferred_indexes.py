"""A city's first sweep builds the worklist's orders after its rows (sanitas.records.deferred).

The indexes are missing while it stores and present when it ends, well or not, as
the migrations made them; what it stores is what a sweep that kept them stores;
a sweep into a city with findings keeps them; one that finds them missing (a sweep
killed before it built them) builds them before anything else.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection

from sanitas.bench.engine import CityGenerator
from sanitas.records import deferred
from sanitas.records import sweep as sweeping
from sanitas.records.models import (
    DataProblem,
    Finding,
    GroupFindings,
    SubjectGroup,
    WorklistRow,
)
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

pytestmark = pytest.mark.django_db
AS_OF = date(2025, 11, 17)


def _city() -> int:
    # stored only: the first sweep, which these tests watch, evaluates it
    record_facts(raw_facts=CityGenerator(23).city(40)["facts"], actor="bench", evaluate=False)
    return SubjectGroup.objects.count()


def _indexes() -> dict[str, dict]:
    """The indexes of the two tables, as the database describes them."""
    out = {}
    with connection.cursor() as cursor:
        for model in (Finding, WorklistRow):
            table = model._meta.db_table
            for name, info in connection.introspection.get_constraints(cursor, table).items():
                if info["index"] and not info["primary_key"]:
                    out[name] = {k: info[k] for k in ("columns", "unique", "orders")}
    return out


def _stored() -> tuple[list, list]:
    findings = sorted(
        Finding.objects.values_list(
            "requirement", "subject", "period", "ordinal", "status", "due", "explanation"
        )
    )
    lines = sorted(
        WorklistRow.objects.values_list(
            "subject", "requirement", "status", "size", "head_due", "tail_due", "program"
        )
    )
    return findings, lines


def _missing_while_storing(monkeypatch) -> list[list]:
    """What :func:`deferred.missing` says each time the sweep stores findings."""
    seen: list[list] = []
    store = sweeping._store_findings

    def noted(*args, **kwargs):
        seen.append(sorted(name for _model, name in deferred.missing()))
        return store(*args, **kwargs)

    monkeypatch.setattr(sweeping, "_store_findings", noted)
    return seen


def test_a_first_sweep_stores_without_them_and_ends_with_them_as_migrated(monkeypatch):
    groups = _city()
    migrated = _indexes()
    assert all(name in migrated for _model, name in deferred.DEFERRED)
    monkeypatch.setattr(deferred, "DEFER_AT", groups)
    monkeypatch.setattr(sweeping, "CHUNK", 10)  # several chunks, each its own transaction
    seen = _missing_while_storing(monkeypatch)
    result = sweep(as_of=AS_OF, full=True)
    assert result.groups == groups and result.findings_created > 0
    every = sorted(name for _model, name in deferred.DEFERRED)
    assert len(seen) > 1 and all(names == every for names in seen)
    assert deferred.missing() == []
    assert _indexes() == migrated
    assert result.seconds["indexes"] >= 0


def test_what_it_stores_is_what_a_sweep_that_keeps_them_stores(monkeypatch):
    groups = _city()
    monkeypatch.setattr(deferred, "DEFER_AT", groups)
    dropped = []
    monkeypatch.setattr(deferred, "drop", lambda drop=deferred.drop: dropped.append(1) or drop())
    sweep(as_of=AS_OF, full=True)
    assert dropped == [1]
    first = _stored()
    assert first[0] and first[1]
    # the same city swept again from nothing, the indexes kept throughout
    for model in (Finding, WorklistRow, GroupFindings, DataProblem):
        model.objects.all().delete()
    SubjectGroup.objects.update(findings_digest="", swept_at=None)
    monkeypatch.setattr(deferred, "DEFER_AT", groups + 1)
    sweep(as_of=AS_OF, full=True)
    assert dropped == [1]
    assert _stored() == first


def test_a_sweep_that_fails_while_storing_still_builds_them(monkeypatch):
    groups = _city()
    monkeypatch.setattr(deferred, "DEFER_AT", groups)

    def fails(*_args, **_kwargs):
        assert deferred.missing()  # they were dropped
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(sweeping, "_store_problems", fails)
    with pytest.raises(RuntimeError, match="the disk is full"):
        sweep(as_of=AS_OF, full=True)
    assert deferred.missing() == []


def test_a_sweep_builds_those_a_killed_sweep_left_missing(monkeypatch):
    _city()
    deferred.drop()
    assert len(deferred.missing()) == len(deferred.DEFERRED)
    seen = _missing_while_storing(monkeypatch)
    sweep(as_of=AS_OF)  # incremental, and too small to defer anything
    assert seen and all(names == [] for names in seen)
    assert deferred.missing() == []


def test_a_sweep_into_a_city_with_findings_keeps_them(monkeypatch):
    groups = _city()
    sweep(as_of=AS_OF, full=True)  # fewer groups than DEFER_AT: kept
    monkeypatch.setattr(deferred, "DEFER_AT", 1)
    assert deferred.first_sweep(groups, full=True) is False
    seen = _missing_while_storing(monkeypatch)
    SubjectGroup.objects.update(findings_digest="")  # every group's findings stored again
    sweep(as_of=date(2026, 2, 2), full=True)
    assert seen and all(names == [] for names in seen)


def test_a_first_is_a_full_sweep_of_enough_groups_of_which_few_were_swept(monkeypatch):
    groups = _city()
    monkeypatch.setattr(deferred, "DEFER_AT", groups)
    assert deferred.first_sweep(groups, full=True) is True
    assert deferred.first_sweep(groups - 1, full=True) is False
    assert deferred.first_sweep(groups, full=False) is False
    # a clerk's writes evaluated a few groups before the city's first sweep
    keys = list(SubjectGroup.objects.order_by("key").values_list("key", flat=True))
    few = keys[: (groups - 1) // 10]
    assert few
    sweeping.sweep_groups(few, as_of=AS_OF)
    assert Finding.objects.exists()
    assert deferred.first_sweep(groups, full=True) is True
    sweeping.sweep_groups(keys[len(few) : len(few) + 1], as_of=AS_OF)  # a tenth
    assert deferred.first_sweep(groups, full=True) is False


def test_a_distributed_run_builds_those_a_killed_sweep_left_missing():
    from sanitas.records.distributed import start_distributed_sweep

    _city()
    deferred.drop()
    assert deferred.missing()
    start_distributed_sweep(as_of=AS_OF, full=True)
    assert deferred.missing() == []


@pytest.mark.django_db(transaction=True)
def test_on_sqlite_the_keys_are_sorted_in_files_not_in_memory(monkeypatch):
    """Temporary storage in memory would hold the whole sort of an index's keys."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's temporary storage")
    deferred.drop()
    during = []
    execute = deferred._execute

    def noted(statements):
        with connection.cursor() as cursor:
            during.append(cursor.execute("PRAGMA temp_store").fetchone()[0])
        execute(statements)

    monkeypatch.setattr(deferred, "_execute", noted)
    assert sorted(deferred.build_missing()) == sorted(name for _m, name in deferred.DEFERRED)
    assert during == [1]  # in files
    with connection.cursor() as cursor:
        assert cursor.execute("PRAGMA temp_store").fetchone()[0] == 2  # as the settings open it
        assert cursor.execute("PRAGMA threads").fetchone()[0] == 0
    assert deferred.missing() == []
