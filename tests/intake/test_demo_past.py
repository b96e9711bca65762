"""The demo city's past: its records entered over the years as a real program's would
have been, and the subject page's view of what the city knew on a past day.

The demo is the run's copy of it, put back for the module (``demo_city``);
the tests of the recording time itself use records of their own.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import timezone

from sanitas.demo import DEMO_ACTOR, DemoCity, load_demo, own_date
from sanitas.kit import selectors
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.services import RecordError, record_facts, void_record

from ..conftest import DEMO_AS_OF

pytestmark = pytest.mark.django_db

AS_OF = DEMO_AS_OF


@pytest.fixture
def demo(demo_city):
    """The demo city as of 2026-06-15, a copy for the module (tests/conftest.py)."""
    return demo_city


@pytest.fixture
def supervisor(demo):
    user = User.objects.create_user("boss", "boss@example.org", "a-long-password-1")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    return user


def _first_versions() -> dict[str, tuple[str, datetime, datetime]]:
    """Every record's first version: key → (type, history date, recorded_at)."""
    out = {}
    for fact_type, model in RECORD_MODELS.items():
        for key, when, recorded_at in model.history.filter(history_type="+").values_list(
            "key", "history_date", "recorded_at"
        ):
            out[key] = (fact_type, when, recorded_at)
    return out


def _day(moment: datetime) -> date:
    return timezone.localtime(moment).date()


def _entered(key: str) -> date:
    model = RECORD_MODELS[RecordIndex.objects.get(key=key).fact_type]
    return _day(model.history.filter(key=key).order_by("history_date").first().history_date)


def _finding_keys(page) -> set[tuple[str, str, str, str]]:
    return {(f.requirement, f.subject, f.status, f.due) for f in page.findings}


# --------------------------------------------------------------------------- the recording


def test_the_demo_is_entered_over_years_not_on_the_day_it_is_loaded(demo):
    first = _first_versions()
    # the city's records and those its notices made, each entered in the city's past
    assert len(first) == demo.facts + demo.enforcement_records == RecordIndex.objects.count()
    days = Counter(_day(when) for _type, when, _at in first.values())
    years = {day.year for day in days}
    assert years == set(range(AS_OF.year - 5, AS_OF.year + 1)), years
    assert len(days) > 300  # batched by the day they were entered
    assert max(days.values()) < len(first) / 10  # the go-live files are one batch of many
    assert days[AS_OF] < len(first) / 50
    assert demo.batches > 300 and demo.corrected > 10 and demo.voided > 3


def test_every_record_is_entered_on_or_after_its_own_date_and_after_what_it_names(demo):
    first = _first_versions()
    facts = DemoCity(as_of=AS_OF).facts()
    late = 0
    for fact in facts:
        _type, when, _at = first[fact["id"]]
        happened = own_date(fact)
        if happened is not None:
            assert _day(when) >= happened, (fact["id"], when, happened)
            late += (_day(when) - happened).days >= 20
        assert _day(when) <= AS_OF
        for name, value in fact.items():
            if name != "id" and isinstance(value, str) and value in first:
                assert first[value][1] <= when, (fact["id"], name, value)
    assert late > 50  # some papers sat in a tray for weeks


def test_history_dates_are_the_recorded_times(demo):
    first = _first_versions()
    assert all(when == recorded_at for _type, when, recorded_at in first.values())
    # a correction is a later version, with its reason, at its own time
    corrected = (
        RECORD_MODELS["pump_out"]
        .history.filter(history_type="~")
        .exclude(history_change_reason__startswith="voided")
    )
    assert corrected.count() >= 5
    for version in corrected:
        assert version.history_change_reason == (
            "manifest read again: the FOG gallons had been left blank"
        )
        assert version.history_date > first[version.key][1]
        assert version.recorded_by == DEMO_ACTOR
    # the few entered twice: voided, with the reason, after they were entered
    voided = RECORD_MODELS["pump_out"].objects.filter(voided_at__isnull=False)
    assert voided.count() == demo.voided
    for record in voided:
        assert record.key.endswith("-entered-twice") and record.voided_why.startswith(
            "entered twice: the same manifest as "
        )
        version = record.history.order_by("-history_date").first()
        assert version.history_date == record.voided_at > first[record.key][1]


def test_loading_the_demo_again_changes_nothing(demo):
    versions = {t: m.history.count() for t, m in RECORD_MODELS.items()}
    again = load_demo(as_of=AS_OF, sweep_after=False)
    assert (again.created, again.updated, again.unchanged) == (0, 0, demo.facts)
    assert (again.batches, again.corrected, again.voided) == (0, 0, 0)
    assert {t: m.history.count() for t, m in RECORD_MODELS.items()} == versions


# --------------------------------------------------------------------------- what the city knew


def test_as_of_a_past_day_a_record_entered_later_is_not_known(demo, supervisor):
    """A pump-out whose manifest was entered weeks late: as of the day before it was
    entered, the device's page neither lists it nor counts it."""
    pump_outs = RECORD_MODELS["pump_out"].objects.filter(voided_at__isnull=True)
    late = [p for p in pump_outs if (_entered(p.key) - p.date).days >= 20]
    assert late
    differs = 0
    for pump_out in late:
        entered = _entered(pump_out.key)
        device, today = pump_out.device, timezone.localdate()
        before = selectors.subject_page(
            supervisor, key=device, as_of=entered - timedelta(days=1), today=today
        )
        after = selectors.subject_page(supervisor, key=device, as_of=entered, today=today)
        assert pump_out.key not in {child.key for child in before.children}
        assert pump_out.key in {child.key for child in after.children}
        own = selectors.subject_page(
            supervisor, key=pump_out.key, as_of=entered - timedelta(days=1), today=today
        )
        assert own.record is None and own.findings == []
        frequency = [
            {k for k in _finding_keys(page) if k[0] == "FOG-MIN-FREQUENCY"}
            for page in (before, after)
        ]
        differs += frequency[0] != frequency[1]
    assert differs >= 1


def test_as_of_a_past_day_a_corrected_record_is_shown_as_it_was(demo, supervisor, client):
    corrected = RECORD_MODELS["pump_out"].history.filter(
        history_change_reason__startswith="manifest read again"
    )
    version = corrected.order_by("history_date").first()
    key, fixed_on = version.key, _day(version.history_date)
    entered = _entered(key)
    assert entered < fixed_on
    today = timezone.localdate()
    then = selectors.subject_page(
        supervisor, key=key, as_of=fixed_on - timedelta(days=1), today=today
    )
    now = selectors.subject_page(supervisor, key=key, as_of=fixed_on, today=today)
    assert then.record.fog_gallons is None and now.record.fog_gallons is not None
    (manifest_then,) = [f for f in then.findings if f.requirement == "FOG-HAULER-MANIFEST"]
    (manifest_now,) = [f for f in now.findings if f.requirement == "FOG-HAULER-MANIFEST"]
    assert manifest_then.status == "violation"
    assert "lacks the volume of grease removed" in manifest_then.explanation
    assert manifest_now.status == "met"
    assert [e.action for e in then.timeline if e.key == key] == ["recorded"]
    assert next(e.action for e in now.timeline if e.key == key) == "changed"

    client.force_login(supervisor)
    day = fixed_on - timedelta(days=1)
    response = client.get(reverse("staff:subject", kwargs={"key": key}), {"as_of": day.isoformat()})
    content = response.content.decode()
    shown = (
        f'As the city knew it on <time datetime="{day.isoformat()}">{day.day} {day:%B %Y}</time>'
    )
    assert response.status_code == 200 and shown in content


def test_as_of_a_past_day_a_copy_voided_later_is_still_live(demo, supervisor):
    copy = RECORD_MODELS["pump_out"].objects.filter(voided_at__isnull=False).first()
    entered, voided = _entered(copy.key), _day(copy.voided_at)
    today = timezone.localdate()
    if voided > entered:
        between = selectors.subject_page(supervisor, key=copy.key, as_of=entered, today=today)
        assert between.record.voided_at is None
        assert copy.key in {f.subject for f in between.findings}
    after = selectors.subject_page(supervisor, key=copy.key, as_of=voided, today=today)
    assert after.record.voided_at is not None and after.findings == []
    group = RecordIndex.objects.get(key=copy.key).subject_group
    known = selectors.group_facts_as_of(group, selectors.end_of_day(voided))
    assert copy.key not in {fact["id"] for fact in known}


# --------------------------------------------------------------------------- the recording time

PREMISES = {
    "id": "lot-1-test-st",
    "type": "premises",
    "address": "1 Test St, San Gabriel, CA 91776",
    "zone": "C-1",
    "use": "commercial",
}


def _versions(key: str) -> list[tuple[datetime, str]]:
    history = RECORD_MODELS["premises"].history.filter(key=key).order_by("history_date")
    return list(history.values_list("history_date", "history_type"))


def test_a_batch_recorded_at_a_past_time_dates_its_versions_then():
    first = datetime(2023, 4, 5, 16, 30, tzinfo=UTC)
    record_facts(raw_facts=[PREMISES], actor="import", why="legacy", recorded_at=first)
    record = RECORD_MODELS["premises"].objects.get(key=PREMISES["id"])
    assert record.recorded_at == first
    second = datetime(2024, 1, 9, 9, 0, tzinfo=UTC)
    record_facts(
        raw_facts=[{**PREMISES, "zone": "C-3"}], actor="import", why="rezoned", recorded_at=second
    )
    voided = datetime(2024, 2, 1, 12, 0, tzinfo=UTC)
    void_record(key=PREMISES["id"], actor="import", why="demolished", voided_at=voided)
    assert _versions(PREMISES["id"]) == [(first, "+"), (second, "~"), (voided, "~")]
    assert RECORD_MODELS["premises"].objects.get(key=PREMISES["id"]).voided_at == voided


def test_a_recording_time_in_the_future_or_before_1990_or_without_a_zone_is_refused():
    now = timezone.now()
    for when, says in (
        (now + timedelta(hours=1), "is in the future"),
        (datetime(1989, 12, 31, tzinfo=UTC), "before 1990"),
        (datetime(2024, 1, 1, 12, 0), "with a time zone"),
    ):
        with pytest.raises(RecordError) as refused:
            record_facts(raw_facts=[PREMISES], actor="import", recorded_at=when)
        assert says in refused.value.problems[0] and "recorded_at" in refused.value.problems[0]
    assert not RecordIndex.objects.filter(key=PREMISES["id"]).exists()
    record_facts(raw_facts=[PREMISES], actor="clerk")
    with pytest.raises(RecordError) as refused:
        void_record(key=PREMISES["id"], actor="clerk", why="x", voided_at=now + timedelta(days=1))
    assert "is in the future" in refused.value.problems[0]
    assert RECORD_MODELS["premises"].objects.get(key=PREMISES["id"]).voided_at is None


def test_a_version_dated_before_the_latest_one_is_refused():
    record_facts(raw_facts=[PREMISES], actor="import", recorded_at=datetime(2024, 5, 1, tzinfo=UTC))
    with pytest.raises(RecordError) as refused:
        record_facts(
            raw_facts=[{**PREMISES, "zone": "C-3"}],
            actor="import",
            recorded_at=datetime(2024, 4, 1, tzinfo=UTC),
        )
    assert "is before its version of" in refused.value.problems[0]
    assert RECORD_MODELS["premises"].objects.get(key=PREMISES["id"]).zone == "C-1"
    assert len(_versions(PREMISES["id"])) == 1
