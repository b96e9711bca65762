"""The records system: storing facts, voiding, history, the sweep, the round trip."""

from __future__ import annotations

import os
from datetime import date
from functools import partial
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from sanitas.ordinance import engine
from sanitas.ordinance.document import parse_document, read_data
from sanitas.ordinance.facts import FactsError
from sanitas.ordinance.messages import reading_in
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records import services
from sanitas.records.findings import read_documents
from sanitas.records.models import RECORD_MODELS, DataProblem, Finding, RecordIndex, SubjectGroup
from sanitas.records.services import RecordError, void_record
from sanitas.records.sweep import export_facts, groups_to_sweep, sweep

from ..conftest import ROOT
from .amend import Key, amend_engine, lone_finding

pytestmark = pytest.mark.django_db(transaction=False)
BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)

#: the records stored and left to the sweep, whose work these tests watch (every
#: other writer evaluates what it touched at once: tests/records/test_one_writer.py)
record_facts = partial(services.record_facts, evaluate=False)


def _load_block():
    return record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="test load")


def _current_findings() -> list[tuple]:
    """The stored findings, each said in English (from its message, or its sentence)."""
    return sorted(
        (f.requirement, f.subject, f.period, f.status, f.due, english(f), reading_in(f) or None)
        for f in Finding.objects.filter(current=True)
    )


def _engine_findings(document: dict) -> list[tuple]:
    evaluation = parse_document(document).evaluate(as_of=AS_OF)
    return sorted(
        (
            f.requirement,
            f.subject,
            f.period or "",
            f.status,
            "" if f.due is None else f.as_dict()["due"],
            f.explanation,
            f.reading_text,
        )
        for f in evaluation.findings
    )


def test_the_database_is_the_one_ci_asked_for():
    """CI runs this suite twice; the PostgreSQL pass must really be on PostgreSQL."""
    expected = "postgresql" if os.environ.get("SANITAS_EXPECT_POSTGRES") else "sqlite"
    assert connection.vendor == expected


def test_sqlite_keeps_statement_journals_in_memory():
    """Each multi-row INSERT of a sweep, inside its chunk's transaction, keeps a
    statement journal; in a temporary file those writes were two in three of a
    first sweep's system calls."""
    if connection.vendor != "sqlite":
        pytest.skip("an SQLite setting")
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA temp_store")
        assert cursor.fetchone()[0] == 2  # MEMORY


def test_migrations_match_the_vocabulary():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_every_fact_type_has_a_typed_table():
    from sanitas.ordinance.facts import vocabulary

    assert set(RECORD_MODELS) == set(vocabulary())
    pump_out = RECORD_MODELS["pump_out"]
    assert pump_out._meta.get_field("date").get_internal_type() == "DateField"
    assert pump_out._meta.get_field("full").get_internal_type() == "BooleanField"
    assert pump_out._meta.get_field("water_gallons").get_internal_type() == "FloatField"


def test_recording_a_batch_and_recording_it_again_changes_nothing():
    first = _load_block()
    assert first.created == len(read_data(BLOCK)["facts"]) and first.updated == 0
    again = _load_block()
    assert (again.created, again.updated, again.unchanged) == (0, 0, first.created)
    assert RecordIndex.objects.count() == first.created


def test_a_bad_batch_stores_nothing_and_names_every_problem():
    _load_block()
    before = RecordIndex.objects.count()
    with pytest.raises(FactsError) as caught:
        record_facts(
            raw_facts=[
                {"type": "pump_out", "device": "jade-gi", "date": "2025-02-30", "full": True},
                {
                    "type": "pump_out",
                    "device": "no-such-device",
                    "date": "2025-02-03",
                    "full": True,
                },
            ],
            actor="clerk",
        )
    assert caught.value.problems == [
        "fact 1 (pump_out): date: '2025-02-30' is not a calendar date",
        "fact 2 (pump_out): device: no fact has the id 'no-such-device'",
    ]
    assert RecordIndex.objects.count() == before


def test_a_new_fact_may_name_a_stored_record():
    _load_block()
    result = record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-27", "full": True}],
        actor="hauler-portal",
        why="manifest upload",
    )
    assert result.created == 1
    (key,) = result.keys
    assert (
        RecordIndex.objects.get(key=key).subject_group
        == RecordIndex.objects.get(key="jade-gi").subject_group
    )


def test_a_changed_fact_is_updated_and_its_old_version_kept():
    _load_block()
    facts = read_data(BLOCK)["facts"]
    for fact in facts:
        if fact.get("id") == "jade-garden":
            fact["seats"] = 150
    result = record_facts(raw_facts=facts, actor="clerk", why="seats recounted")
    assert result.updated == 1
    record = RECORD_MODELS["establishment"].objects.get(key="jade-garden")
    assert record.seats == 150
    versions = list(record.history.order_by("history_date").values_list("seats", flat=True))
    assert versions == [140, 150]
    assert record.history.first().history_change_reason == "seats recounted"


def test_voiding_keeps_the_record_and_needs_a_reason():
    _load_block()
    with pytest.raises(RecordError):
        void_record(key="acc-130", actor="clerk", why=" ")
    void_record(key="acc-130", actor="clerk", why="entered for the wrong address")
    record = RECORD_MODELS["accumulation"].objects.get(key="acc-130")
    assert record.voided_at is not None and record.voided_by == "clerk"
    assert record.voided_why == "entered for the wrong address"
    assert RecordIndex.objects.get(key="acc-130").voided
    with pytest.raises(RecordError) as caught:
        void_record(key="jade-gi", actor="clerk", why="duplicate")
    assert "still named by" in caught.value.problems[0]


def test_the_sweep_stores_what_the_engine_finds_and_is_idempotent():
    _load_block()
    result = sweep(as_of=AS_OF)
    assert result.groups == SubjectGroup.objects.count() and result.findings_created > 0
    assert _current_findings() == _engine_findings(read_data(BLOCK))
    again = sweep(as_of=AS_OF)
    assert (again.groups, again.findings_created, again.findings_updated) == (0, 0, 0)


def test_worker_processes_store_what_one_process_stores(monkeypatch):
    from sanitas.records import sweep as sweeping

    _load_block()
    sweep(as_of=AS_OF)
    inline = _current_findings()
    Finding.objects.update(status="stale", current=False)  # every finding must be rewritten
    SubjectGroup.objects.update(findings_digest="")  # (the digests vouched for the old ones)
    monkeypatch.setattr(sweeping, "BATCH", 2)  # the block's groups in several jobs
    monkeypatch.setattr(sweeping, "CHUNK", 3)  # and chunks, each read while one is evaluated
    result = sweep(as_of=AS_OF, full=True, workers=2)
    assert result.findings_updated == len(inline) and result.findings_created == 0
    assert _current_findings() == inline


def test_a_group_whose_findings_are_as_stored_is_not_read_again(monkeypatch):
    from sanitas.records import sweep as sweeping

    _load_block()
    sweep(as_of=AS_OF)
    stored = []
    original = sweeping._store_findings

    def spy(groups, *args):
        stored.extend(groups)
        return original(groups, *args)

    monkeypatch.setattr(sweeping, "_store_findings", spy)
    again = sweep(as_of=AS_OF, full=True)
    assert again.groups == SubjectGroup.objects.count() and stored == []
    assert (again.findings_created, again.findings_updated, again.findings_closed) == (0, 0, 0)
    # a new pump-out changes one group's findings: that group, and only it, is stored
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="hauler-portal",
    )
    moved = sweep(as_of=AS_OF, full=True)
    assert moved.findings_updated > 0
    assert stored == [RecordIndex.objects.get(key="jade-gi").subject_group]
    assert _current_findings() == _engine_findings(export_facts(as_of=AS_OF))


def test_a_group_changed_after_it_was_read_is_left_for_the_next_sweep():
    """The sweep reads a chunk ahead while the workers evaluate the one before; a
    record that commits in between must not be lost behind a swept stamp."""
    from sanitas.records import sweep as sweeping

    _load_block()
    sweep(as_of=AS_OF)
    group = RecordIndex.objects.get(key="jade-gi").subject_group
    before = SubjectGroup.objects.get(key=group).swept_at
    result = sweeping.SweepResult()
    evaluator = sweeping._Inline()
    pack = sweeping.jurisdiction_pack()
    read = sweeping._read_and_submit([group], timezone.now(), AS_OF, pack, evaluator, result)
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="hauler-portal",
    )
    sweeping._sweep_chunk([group], read, None, AS_OF, pack, evaluator, result)
    assert result.groups == 0 and result.findings_updated == 0
    assert SubjectGroup.objects.get(key=group).swept_at == before
    assert groups_to_sweep(AS_OF) == [group]
    assert sweep(as_of=AS_OF).findings_updated > 0


def test_the_set_based_writes_keep_the_history_simple_history_keeps():
    """New records and findings each get a first version ("+") with who, when and why;
    a change adds a "~" version with the values it replaced kept in the one before."""
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="opening the block")
    device = RECORD_MODELS["device"].objects.get(key="jade-gi")
    (first,) = device.history.all()
    assert (first.history_type, first.history_change_reason) == ("+", "opening the block")
    assert first.history_date == device.recorded_at == device.updated_at
    assert first.key == "jade-gi" and first.id == device.id
    assert first.instance.capacity_gallons == device.capacity_gallons
    sweep(as_of=AS_OF)
    finding = Finding.objects.get(
        requirement="FOG-MIN-FREQUENCY", subject="jade-gi", status="overdue"
    )
    (found,) = finding.history.all()
    assert (found.history_type, found.status, found.id) == ("+", finding.status, finding.id)
    assert found.history_date == finding.first_found_at == finding.updated_at


def test_the_sweep_is_incremental():
    _load_block()
    sweep(as_of=AS_OF)
    frequency = Finding.objects.filter(requirement="FOG-MIN-FREQUENCY", subject="jade-gi")
    overdue = frequency.get(status="overdue")
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="hauler-portal",
    )
    changed = RecordIndex.objects.get(key="jade-gi").subject_group
    assert groups_to_sweep(AS_OF) == [changed]
    result = sweep(as_of=AS_OF)
    assert result.groups == 1
    # the next pump-out is due in May; the quarter that was overdue was pumped late
    assert frequency.get(current=True, status="due").due == "2025-05-28"
    assert list(overdue.history.values_list("status", flat=True)) == ["late", "overdue"]


def test_a_voided_record_leaves_the_worklist():
    _load_block()
    sweep(as_of=AS_OF)
    assert Finding.objects.get(requirement="SW-ACCUMULATION-TIME", subject="acc-130").current
    void_record(key="acc-130", actor="clerk", why="duplicate report")
    sweep(as_of=AS_OF)
    assert not Finding.objects.get(requirement="SW-ACCUMULATION-TIME", subject="acc-130").current


def test_the_database_and_the_cli_agree_through_an_exported_file():
    _load_block()
    sweep(as_of=AS_OF)
    exported = export_facts(as_of=AS_OF)
    assert _engine_findings(exported) == _current_findings()
    # and the exported file re-imports to the same records
    assert record_facts(raw_facts=exported["facts"], actor="clerk").changed == 0


# ---------------------------------------------------------------- readings and data problems

READING = "The frequency is counted from the last full pump-out, not from any pump-out."
BEFORE_INSTALLATION = "The pump-out of 2024-06-12 is dated before the interceptor was installed."


def _block_finding() -> Key:
    """A finding of the block that no other finding shares a key with."""
    return lone_finding(parse_document(read_data(BLOCK)).evaluate(as_of=AS_OF).findings)


def _stored(key: Key) -> Finding:
    requirement, subject, period = key
    return Finding.objects.get(requirement=requirement, subject=subject, period=period)


def _without(key: Key, rows: list[tuple]) -> list[tuple]:
    return [row for row in rows if row[:3] != key]


def test_a_finding_keeps_its_reading_and_a_changed_reading_is_stored(monkeypatch):
    amend = amend_engine(monkeypatch)
    key = _block_finding()
    amend.readings[key] = READING
    _load_block()
    sweep(as_of=AS_OF)
    finding = _stored(key)
    assert finding.reading == READING
    assert list(finding.history.values_list("reading", flat=True)) == [READING]
    # every other finding has the reading (or none) the engine gave it
    assert _without(key, _current_findings()) == _without(key, _engine_findings(read_data(BLOCK)))
    before = (finding.status, finding.due, english(finding), finding.cite)
    # a sweep that changes only the reading updates the row and the group's findings
    # document; the finding's history is its status, so no new version is made
    amend.readings[key] = "Another reading of the same rule."
    again = sweep(as_of=AS_OF, full=True)
    assert (again.findings_created, again.findings_updated, again.findings_closed) == (0, 1, 0)
    finding.refresh_from_db()
    assert finding.reading == "Another reading of the same rule."
    assert (finding.status, finding.due, english(finding), finding.cite) == before
    readings = finding.history.order_by("history_date", "history_id").values_list(
        "reading", flat=True
    )
    assert list(readings) == [READING]
    (words,) = [
        f
        for f in read_documents([finding.subject_group])[finding.subject_group]
        if f[:3] == list(key)
    ]
    assert words[8] == "Another reading of the same rule."
    # and a reading the rule no longer relies on is cleared
    del amend.readings[key]
    assert sweep(as_of=AS_OF, full=True).findings_updated == 1
    assert _stored(key).reading is None
    assert sweep(as_of=AS_OF, full=True).findings_updated == 0


def test_worker_processes_store_the_readings_one_process_stores(monkeypatch):
    from sanitas.records import sweep as sweeping

    amend = amend_engine(monkeypatch)
    key = _block_finding()
    amend.readings[key] = READING
    amend.problems.append(engine.DataProblem(("jade-gi", "po-2024-06"), BEFORE_INSTALLATION))
    _load_block()
    monkeypatch.setattr(sweeping, "BATCH", 2)
    monkeypatch.setattr(sweeping, "CHUNK", 3)
    sweep(as_of=AS_OF, workers=2)
    assert _stored(key).reading == READING
    assert list(DataProblem.objects.values_list("facts", "problem")) == [
        (["jade-gi", "po-2024-06"], BEFORE_INSTALLATION)
    ]


def _problems(**filters) -> list[tuple]:
    rows = DataProblem.objects.filter(**filters).order_by("id")
    return list(rows.values_list("subject_group", "facts", "problem", "current"))


def test_a_groups_data_problems_are_stored_replaced_and_kept(monkeypatch):
    amend = amend_engine(monkeypatch)
    first = engine.DataProblem(("jade-gi", "po-2024-06"), BEFORE_INSTALLATION)
    amend.problems.append(first)
    _load_block()
    sweep(as_of=AS_OF)
    group = _group("jade-gi")
    assert _problems() == [(group, ["jade-gi", "po-2024-06"], BEFORE_INSTALLATION, True)]
    stored = DataProblem.objects.get()
    assert (stored.evaluated_as_of, stored.history.get().history_type) == (AS_OF, "+")
    # swept again with nothing changed: nothing is written
    again = sweep(as_of=AS_OF, full=True)
    assert (again.findings_created, again.findings_updated) == (0, 0)
    assert DataProblem.history.count() == 1
    # the next sweep reports another problem: it replaces the first, which is kept
    amend.problems[:] = [engine.DataProblem(("jade-gi", "po-2024-10"), "Another contradiction.")]
    sweep(as_of=AS_OF, full=True)
    assert _problems() == [
        (group, ["jade-gi", "po-2024-06"], BEFORE_INSTALLATION, False),
        (group, ["jade-gi", "po-2024-10"], "Another contradiction.", True),
    ]
    stored.refresh_from_db()
    assert list(stored.history.order_by("history_id").values_list("history_type", "current")) == [
        ("+", True),
        ("~", False),
    ]
    # reported again, the first is current again; none reported, none is current
    amend.problems[:] = [first]
    sweep(as_of=AS_OF, full=True)
    assert [row[3] for row in _problems()] == [True, False]
    amend.problems.clear()
    sweep(as_of=AS_OF, full=True)
    assert _problems(current=True) == [] and len(_problems()) == 2
    # the other groups never had one
    assert {row[0] for row in _problems()} == {group}


def test_a_problem_only_among_lent_records_is_left_to_their_group(monkeypatch):
    amend = amend_engine(monkeypatch)
    amend.problems.append(engine.DataProblem(("pantry",), "The pantry closed before it opened."))
    record_facts(raw_facts=read_data(AGREEMENTS)["facts"], actor="clerk")
    sweep(as_of=AS_OF)
    # the food bank is lent to each generator that names it; only its own group keeps it
    assert _problems() == [
        (_group("pantry"), ["pantry"], "The pantry closed before it opened.", True)
    ]


BEFORE_JADE_GI = {
    "id": "po-before-install",
    "type": "pump_out",
    "device": "jade-gi",
    "date": "2016-03-20",
    "full": True,
}


def test_a_pump_out_dated_before_its_device_was_installed():
    """The engine reports it; the sweep stores what the engine reports for the same
    records, and forgets it once the record is corrected."""
    _load_block()
    record_facts(raw_facts=[BEFORE_JADE_GI], actor="hauler-portal")
    sweep(as_of=AS_OF)
    evaluation = parse_document(export_facts(as_of=AS_OF)).evaluate(as_of=AS_OF)
    assert [p.facts for p in evaluation.data_problems] == [("po-before-install", "jade-gi")]
    group = _group("jade-gi")
    assert _problems() == [(group, list(p.facts), p.text, True) for p in evaluation.data_problems]
    assert _current_findings() == _engine_findings(export_facts(as_of=AS_OF))
    # the date corrected, the problem is no longer current (and kept)
    record_facts(raw_facts=[{**BEFORE_JADE_GI, "date": "2016-04-20"}], actor="clerk", why="typo")
    sweep(as_of=AS_OF)
    assert [row[3] for row in _problems()] == [False]


# --------------------------------------------------------------------------- a shared partner

AGREEMENTS = ROOT / "tests" / "scenarios" / "efg-agreement-in-force.yaml"


def _group(key: str) -> str:
    return RecordIndex.objects.get(key=key).subject_group


def test_a_food_bank_does_not_join_the_groups_of_the_generators_it_serves():
    record_facts(raw_facts=read_data(AGREEMENTS)["facts"], actor="clerk")
    groups = {_group(k) for k in ("pantry", "g-active", "g-ended", "g-courier", "courier")}
    assert len(groups) == 5
    sweep(as_of=AS_OF)
    # each group, evaluated with what it is lent, finds what the whole city's export finds
    assert _current_findings() == _engine_findings(export_facts(as_of=AS_OF))
    # the same findings as the original document, but for the order of names in a sentence
    assert {f[:5] for f in _current_findings()} == {
        f[:5] for f in _engine_findings(read_data(AGREEMENTS))
    }


def _statuses(requirement: str, subject: str) -> list[str]:
    found = Finding.objects.filter(requirement=requirement, subject=subject, current=True)
    return list(found.values_list("status", flat=True))


def test_only_the_groups_a_change_concerns_are_swept_again():
    record_facts(raw_facts=read_data(AGREEMENTS)["facts"], actor="clerk")
    sweep(as_of=AS_OF)
    visit = {"type": "inspection", "subject": "g-active", "date": "2025-02-20", "notes": "visit"}
    record_facts(raw_facts=[visit], actor="inspector")
    assert groups_to_sweep(AS_OF) == [_group("g-active")]
    sweep(as_of=AS_OF)
    # a new agreement concerns the generator and the food bank it names
    agreement = {
        "type": "food_recovery_agreement",
        "generator": "g-starts-tomorrow",
        "partner": "pantry",
        "start": "2025-02-01",
    }
    record_facts(raw_facts=[agreement], actor="clerk")
    assert set(groups_to_sweep(AS_OF)) == {_group("g-starts-tomorrow"), _group("pantry")}
    sweep(as_of=AS_OF)
    assert _statuses("ORG-EFG-AGREEMENT", "g-starts-tomorrow") == ["met"]
    # a change to the food bank itself concerns every generator it lends itself to
    record_facts(
        raw_facts=[{"id": "pantry", "type": "establishment", "category": "restaurant"}],
        actor="clerk",
    )
    pending = set(groups_to_sweep(AS_OF))
    assert {_group("pantry"), _group("g-active"), _group("g-ended")} <= pending
    assert _group("g-courier") not in pending
    sweep(as_of=AS_OF)
    assert set(_statuses("ORG-EFG-AGREEMENT", "g-active")) == {"violation"}
    assert _current_findings() == _engine_findings(export_facts(as_of=AS_OF))


def test_one_generator_exported_alone_carries_the_food_bank_it_names():
    record_facts(raw_facts=read_data(AGREEMENTS)["facts"], actor="clerk")
    exported = export_facts(as_of=AS_OF, subject="g-active")
    keys = {fact.get("id") for fact in exported["facts"]}
    assert {"g-active", "pantry"} <= keys and "g-ended" not in keys
    parse_document(exported).evaluate(as_of=AS_OF)  # every reference resolves


def test_a_food_bank_named_by_another_group_cannot_be_voided():
    record_facts(raw_facts=read_data(AGREEMENTS)["facts"], actor="clerk")
    with pytest.raises(RecordError) as caught:
        void_record(key="pantry", actor="clerk", why="closed")
    assert "still named by" in caught.value.problems[0]


def test_the_live_records_of_groups_are_found_through_the_group_index():
    """An index over every row's voided_at drew SQLite's planner to it for the
    sweep's "live records of these groups", reading every live row of the table
    for each chunk; only voided rows may be indexed by it."""
    table = RECORD_MODELS["pump_out"]._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            marks = ", ".join(["%s"] * 400)
            cursor.execute(
                f"EXPLAIN QUERY PLAN SELECT key FROM {table} "
                f"WHERE subject_group IN ({marks}) AND voided_at IS NULL",
                [f"group-{n}" for n in range(400)],
            )
            plan = " ".join(str(row[-1]) for row in cursor.fetchall())
            assert "subject_group" in plan and "voided" not in plan, plan
        else:
            cursor.execute(
                "SELECT indexdef FROM pg_indexes WHERE tablename = %s AND indexdef LIKE %s",
                [table, "%voided_at%"],
            )
            (definition,) = [row[0] for row in cursor.fetchall()]
            assert "WHERE (voided_at IS NOT NULL)" in definition, definition
