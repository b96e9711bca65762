"""Chapter 50, solid waste (SW-*, GEN-PENALTY-SCAVENGING): what scenarios cannot show
well — bad input messages for the area's fact types, the helpers, and the pack
readings switched the other way."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sanitas.ordinance.engine import RECORDS, Evaluation, evaluate_facts
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import RulePack, load_pack
from sanitas.ordinance.solid_waste import _alternatives, _cite, place_words, set_out_location
from sanitas.ordinance.words import name_of

from .support import derived, evaluate_raw, explanation, restated
from .support import problems_in as problems

# --------------------------------------------------------------------------- helpers


def pack_with(values: dict[str, Any]) -> RulePack:
    """The San Gabriel pack with some parameters' values replaced (another reading)."""
    return restated(values, since=None)


def evaluate(
    facts: list[dict[str, Any]],
    as_of: date,
    pack: RulePack | None = None,
    holidays: list[date] | None = None,
) -> Evaluation:
    return evaluate_raw(facts, as_of, pack, holidays=[] if holidays is None else holidays)


def statuses(evaluation: Evaluation, requirement: str) -> dict[str, str]:
    return {f.subject: f.status for f in evaluation.findings if f.requirement == requirement}


HOME = {"id": "home", "type": "premises", "zone": "R-1", "use": "residential"}
SHOP = {"id": "shop", "type": "premises", "zone": "C-3", "use": "commercial"}

# --------------------------------------------------------------------------- bad input


def test_sw_pile_limits_bad_pile_observation_names_fact_and_field():
    """SW-PILE-LIMITS: a negative volume and an unknown location are reported by field."""
    found = problems(
        [
            HOME,
            {
                "id": "p-1",
                "type": "pile_observation",
                "premises": "home",
                "date": "2025-03-01",
                "location": "roof",
                "total_cubic_yards": -1,
            },
        ]
    )
    assert any("fact 2 (id 'p-1', pile_observation): location:" in p for p in found)
    assert any("'roof' is not one of" in p for p in found)
    assert any("total_cubic_yards:" in p and "greater than or equal to 0" in p for p in found)


def test_sw_compost_rules_bad_compost_observation():
    """SW-COMPOST-RULES: an unknown receptacle, an unknown content and a text height."""
    found = problems(
        [
            HOME,
            {
                "type": "compost_observation",
                "premises": "home",
                "date": "2025-03-01",
                "location": "rear_yard",
                "receptacle": "bucket",
                "contents": ["leaves", "plastic"],
                "height_ft": "tall",
            },
        ]
    )
    assert any(p.startswith("fact 2 (compost_observation): receptacle:") for p in found)
    assert any("contents[1]:" in p and "'plastic'" in p for p in found)
    assert any("height_ft: expected a number, got 'tall'" in p for p in found)


def test_sw_unauthorized_collection_needs_materials_or_tampering():
    """SW-UNAUTHORIZED-COLLECTION: an observation must say what was taken or tampered."""
    found = problems(
        [
            {
                "id": "c-1",
                "type": "collection_observation",
                "date": "2025-03-01",
                "collector": "X",
                "locations": ["1 Elm St"],
            }
        ]
    )
    assert found == [
        "fact 1 (id 'c-1', collection_observation): (fact): give the materials taken, or "
        "tampered: true"
    ]


def test_gen_penalty_scavenging_observation_needs_a_location_and_a_sale_reference():
    """GEN-PENALTY-SCAVENGING counts locations: at least one is required; ``sale`` must
    name a recyclables_sale."""
    found = problems(
        [
            HOME,
            {
                "id": "c-1",
                "type": "collection_observation",
                "date": "2025-03-01",
                "collector": "X",
                "materials": ["recyclables"],
                "locations": [],
            },
            {
                "id": "c-3",
                "type": "collection_observation",
                "date": "2025-03-01",
                "collector": " ",
                "materials": ["recyclables", "cans"],
                "locations": ["b"],
            },
            {
                "id": "c-4",
                "type": "collection_observation",
                "date": "2025-03-01",
                "collector": "Y",
                "materials": [],
                "locations": ["b"],
            },
            {
                "id": "c-2",
                "type": "collection_observation",
                "date": "2025-03-01",
                "collector": "X",
                "materials": ["recyclables"],
                "locations": ["a"],
                "sale": "home",
            },
        ]
    )
    assert (
        "fact 2 (id 'c-1', collection_observation): (fact): locations: give at least one location"
        in found
    )
    assert any(
        "(id 'c-3', collection_observation): materials[1]: 'cans' is not one of" in p for p in found
    )
    assert (
        "fact 4 (id 'c-4', collection_observation): (fact): give the materials taken, or "
        "tampered: true" in found
    )
    assert any(
        "(id 'c-2', collection_observation): sale: 'home' is a premises, expected "
        "recyclables_sale" in p
        for p in found
    )


def test_sw_recyclables_sale_requires_the_two_conditions():
    """SW-RECYCLABLES-SALE: segregated and seller_paid_buyer are required booleans."""
    found = problems(
        [
            {
                "id": "s-1",
                "type": "recyclables_sale",
                "buyer": "B",
                "date": "2025-03-01",
                "segregated": "yes",
                "kind": "barter",
            }
        ]
    )
    assert "fact 1 (id 's-1', recyclables_sale): segregated: expected true or false, got 'yes'" in (
        found
    )
    assert "fact 1 (id 's-1', recyclables_sale): seller_paid_buyer: required field is missing" in (
        found
    )
    assert any("kind: 'barter' is not one of" in p for p in found)


def test_sw_exclusive_hauler_bad_hauling_service():
    """SW-EXCLUSIVE-HAULER: the kind of service is one of the listed kinds; provider is text."""
    found = problems(
        [
            {
                "id": "h-1",
                "type": "hauling_service",
                "date": "2025-03-01",
                "provider": "Rival",
                "franchisee": True,
                "kind": "dumpster",
            },
            {
                "id": "h-2",
                "type": "hauling_service",
                "date": "2025-03-01",
                "provider": "",
                "franchisee": False,
                "kind": "scheduled_container",
            },
        ]
    )
    assert any("(id 'h-1', hauling_service): kind: 'dumpster' is not one of" in p for p in found)
    assert "fact 2 (id 'h-2', hauling_service): (fact): provider: give the hauler's name" in found


def test_sw_accumulation_hazard_bad_notice_and_arrangement():
    """SW-ACCUMULATION-HAZARD: the danger is fire_hazard or public_danger; an arrangement
    refers to a fire_hazard_notice."""
    found = problems(
        [
            HOME,
            {
                "id": "n-1",
                "type": "fire_hazard_notice",
                "premises": "home",
                "date": "2025-03-01",
                "danger": "smelly",
            },
            {"type": "hazard_collection_arranged", "notice": "home", "date": "2025-03-02"},
        ]
    )
    assert any("(id 'n-1', fire_hazard_notice): danger: 'smelly' is not one of" in p for p in found)
    assert any(
        "fact 3 (hazard_collection_arranged): notice: 'home' is a premises, expected "
        "fire_hazard_notice" in p
        for p in found
    )


def test_sw_accumulation_time_bad_removal():
    """SW-ACCUMULATION-TIME: a removal's time is a date and time; its accumulation exists."""
    found = problems(
        [{"type": "accumulation_removal", "accumulation": "acc-9", "removed_at": "2025-03-01"}]
    )
    assert (
        "fact 1 (accumulation_removal): removed_at: expected a date and time "
        "(YYYY-MM-DDTHH:MM), got '2025-03-01'" in found
    )
    assert "fact 1 (accumulation_removal): accumulation: no fact has the id 'acc-9'" in found


def test_sw_findings_bad_dumping_burial_greenwaste_access():
    """SW-DUMPING, SW-NO-BURIAL, SW-GREENWASTE-SEPARATION, SW-CONTAINER-PLACEMENT: the
    incident and check types report bad fields by name."""
    found = problems(
        [
            HOME,
            {"id": "d-1", "type": "dumping", "date": "2025-03-01", "place": "moon"},
            {"type": "burial", "date": "2025-03-01"},
            {
                "type": "greenwaste_check",
                "premises": "home",
                "date": "2025-03-01",
                "greenwaste_separated": "no",
            },
            {
                "type": "collection_access",
                "premises": "home",
                "date": "2025-02-30",
                "rear_or_side_accessible": True,
            },
        ]
    )
    assert any("(id 'd-1', dumping): place: 'moon' is not one of" in p for p in found)
    assert "fact 3 (burial): premises: required field is missing" in found
    assert (
        "fact 4 (greenwaste_check): greenwaste_separated: expected true or false, got 'no'" in found
    )
    assert "fact 5 (collection_access): date: '2025-02-30' is not a calendar date" in found
    assert "fact 5 (collection_access): damage_unlikely: required field is missing" in found


def test_sw_disposal_means_collections_per_week_is_a_non_negative_number():
    """SW-DISPOSAL-MEANS: the core collection_service's collections_per_week."""
    found = problems(
        [
            HOME,
            {
                "type": "collection_service",
                "premises": "home",
                "stream": "black",
                "start": "2025-01-01",
                "collections_per_week": -1,
            },
        ]
    )
    assert any(
        "fact 2 (collection_service): collections_per_week:" in p and "greater than or equal" in p
        for p in found
    )


# --------------------------------------------------------------------------- helpers


def test_sw_container_placement_location_words_are_normalized():
    """SW-CONTAINER-PLACEMENT: set_out.location is free text; common spellings map to
    the pack's words."""
    assert set_out_location("Rear yard") == "rear"
    assert set_out_location(" side-yard ") == "side"
    assert set_out_location("Curb line") == "curb"
    assert set_out_location("curbside") == "curb"
    assert set_out_location("alley") == "alley_line"
    assert set_out_location("public parkway") == "parkway"
    assert set_out_location("driveway") == "driveway"
    assert set_out_location("  ") is None
    assert set_out_location(None) is None


def test_sw_explanation_helpers():
    """SW-*: places read aloud with their prepositions; cites list subdivisions in order."""
    assert place_words("alley_line") == "at the alley property line"
    assert place_words("parkway") == "in the parkway"
    assert place_words("carport") == "at the carport"
    assert _alternatives(["alley_line"]) == "at the alley property line"
    assert _alternatives(["rear", "side", "curb"]) == "at the rear, at the side or at the curb"
    assert _cite("Ch. 50 storage", ["(C)", "", "(A)", "(C)"]) == "Ch. 50 storage (A), (C)"
    assert _cite("Ch. 50 storage", [""]) == "Ch. 50 storage"


def test_sw_franchise_and_fee_liability_are_records():
    """SW-FRANCHISE, SW-FEE-LIABILITY: kept by the records system, with a reason."""
    import sanitas.ordinance.rules  # noqa: F401

    assert "franchise agreement" in RECORDS["SW-FRANCHISE"]
    assert "occupant" in RECORDS["SW-FEE-LIABILITY"]


# --------------------------------------------------------------------------- evidence and readings


def _acc(ident: str, premises: str, since: str, observed: str, garbage: bool = True) -> dict:
    return {
        "id": ident,
        "type": "accumulation",
        "premises": premises,
        "since": since,
        "garbage": garbage,
        "observed_at": observed,
    }


def _finding(evaluation: Evaluation, requirement: str, subject: str):
    (found,) = [
        f for f in evaluation.findings if f.requirement == requirement and f.subject == subject
    ]
    return found


def _referred(evaluation: Evaluation) -> set[str]:
    return {f.subject for f in evaluation.findings if f.requirement == "GEN-PENALTY-MISDEMEANOR"}


def test_sw_accumulation_time_nothing_after_the_limit_is_due_never_a_violation():
    """SW-ACCUMULATION-TIME: with the last record before the limit and no removal, the
    accumulation is within the limit until it passes, then a follow-up observation is
    due; no violation and no referral ever follows from the absence of a record."""
    facts = [HOME, _acc("acc-1", "home", "2025-03-07T18:00", "2025-03-08T09:00")]
    for as_of, status in [
        (date(2025, 3, 13), "met"),
        (date(2025, 3, 14), "due"),
        (date(2025, 3, 15), "due"),
        (date(2026, 3, 15), "due"),
    ]:
        found = evaluate(facts, as_of)
        finding = _finding(found, "SW-ACCUMULATION-TIME", "acc-1")
        assert (finding.status, finding.due) == (status, datetime(2025, 3, 14, 18, 0)), as_of
        assert "acc-1" not in _referred(found)
    text = explanation(evaluate(facts, date(2025, 3, 15)), "SW-ACCUMULATION-TIME", "acc-1")
    assert "follow-up observation is due" in text
    assert "last seen at 2025-03-08 09:00" in text


def test_sw_accumulation_time_start_of_day_reading_decides_only_met_or_due():
    """SW-ACCUMULATION-TIME, reading sw.as_of_moment: on the day the limit passes it
    decides whether the accumulation is still within it (met) or awaits a follow-up
    (due), and says so in the finding's reading; it never makes a violation."""
    facts = [HOME, _acc("acc-1", "home", "2025-03-07T18:00", "2025-03-08T09:00")]
    default = _finding(evaluate(facts, date(2025, 3, 14)), "SW-ACCUMULATION-TIME", "acc-1")
    assert default.status == "due"
    assert "last moment (24:00)" in default.reading_text
    pack = pack_with({"sw.as_of_moment": "start_of_day"})
    other = _finding(evaluate(facts, date(2025, 3, 14), pack), "SW-ACCUMULATION-TIME", "acc-1")
    assert other.status == "met"
    assert "first moment (00:00)" in other.reading_text
    later = evaluate(facts, date(2025, 3, 15), pack)
    assert statuses(later, "SW-ACCUMULATION-TIME") == {"acc-1": "due"}


def test_sw_accumulation_time_the_presumption_readings_are_gone():
    """Principle 1: no pack reading supplies the fact that waste stayed, or that a lot is
    off an alley, or that an unassessed rear is inaccessible."""
    pack = load_pack()
    for name in (
        "sw.accumulation_presumed_until_removed",
        "sw.alley_unrecorded_is_no_alley",
        "sw.unassessed_commercial_placement",
    ):
        assert name not in pack.parameters


@settings(max_examples=300, deadline=None)
@given(
    observed=st.integers(min_value=0, max_value=14 * 24),
    removal=st.none() | st.integers(min_value=0, max_value=14 * 24),
    follow_up=st.none() | st.tuples(st.integers(min_value=0, max_value=14 * 24), st.booleans()),
    commercial=st.booleans(),
    as_of_days=st.integers(min_value=0, max_value=20),
)
def test_sw_accumulation_time_violation_only_on_a_record_after_the_limit(
    observed: int,
    removal: int | None,
    follow_up: tuple[int, bool] | None,
    commercial: bool,
    as_of_days: int,
):
    """SW-ACCUMULATION-TIME: whatever the records, the finding is a violation exactly when
    a visible record shows the waste there after the limit (its observation, a
    follow-up that found it still there, or a removal after the limit), and then it is
    referred; records that contradict each other give no finding at all."""
    since = datetime(2025, 3, 7, 18, 0)
    premises = SHOP if commercial else HOME

    def at(hours: int) -> str:
        return (since + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M")

    facts = [premises, _acc("a", premises["id"], at(0), at(observed))]
    if removal is not None:
        facts.append(
            {"type": "accumulation_removal", "accumulation": "a", "removed_at": at(removal)}
        )
    if follow_up is not None:
        facts.append(
            {
                "type": "follow_up_observation",
                "subject": "a",
                "observed_at": at(follow_up[0]),
                "still_there": follow_up[1],
            }
        )
    as_of = since.date() + timedelta(days=as_of_days)
    if since + timedelta(hours=observed) > datetime.combine(as_of, datetime.max.time()):
        return  # the accumulation itself was not yet observed
    found = evaluate(facts, as_of)
    status = statuses(found, "SW-ACCUMULATION-TIME").get("a")
    deadline_ = derived(found, "accumulation_deadline", "a")
    if found.data_problems:
        assert status is None and deadline_ is None
        return
    visible = [
        since + timedelta(hours=h)
        for h in [observed]
        + ([removal] if removal is not None else [])
        + ([follow_up[0]] if follow_up is not None and follow_up[1] else [])
        if (since + timedelta(hours=h)).date() <= as_of
    ]
    assert (status == "violation") == any(moment > deadline_ for moment in visible)
    assert ("a" in _referred(found)) == (status == "violation")


def test_sw_accumulation_time_data_problems_name_both_records_and_start_no_clock():
    """SW-ACCUMULATION-TIME, principle 8: a removal before the accumulation began is
    reported naming both records; the accumulation has no deadline and no finding, and
    a fire-hazard notice naming it has none either."""
    facts = [
        HOME,
        _acc("acc-1", "home", "2025-03-07T18:00", "2025-03-08T09:00"),
        {
            "id": "rm-1",
            "type": "accumulation_removal",
            "accumulation": "acc-1",
            "removed_at": "2025-03-07T17:00",
        },
        {
            "id": "hz-1",
            "type": "fire_hazard_notice",
            "premises": "home",
            "accumulation": "acc-1",
            "date": "2025-03-08",
        },
    ]
    found = evaluate(facts, date(2025, 3, 20))
    assert [p.facts for p in found.data_problems] == [("rm-1", "acc-1")]
    (problem,) = found.data_problems
    assert "removed at 2025-03-07 17:00, before it began at 2025-03-07 18:00" in problem.text
    assert derived(found, "accumulation_deadline", "acc-1") is None
    assert statuses(found, "SW-ACCUMULATION-TIME") == {}
    assert statuses(found, "SW-ACCUMULATION-HAZARD") == {}


def test_sw_data_problem_of_an_event_without_an_id_names_its_record_once():
    """A removal with no id is named by the accumulation it belongs to, once."""
    facts = [
        HOME,
        _acc("acc-1", "home", "2025-03-07T18:00", "2025-03-08T09:00"),
        {"type": "accumulation_removal", "accumulation": "acc-1", "removed_at": "2025-03-08T08:00"},
    ]
    found = evaluate(facts, date(2025, 3, 20))
    assert [p.facts for p in found.data_problems] == [("acc-1",)]
    assert "seen at 2025-03-08 09:00, after it was removed at 2025-03-08 08:00" in (
        found.data_problems[0].text
    )


def test_sw_accumulation_time_holiday_extension_in_wall_clock_reading():
    """SW-ACCUMULATION-TIME (C), reading sw.holiday_extension_counted = false: the
    additional day after a Saturday limit ends on the Sunday."""
    facts = [SHOP, _acc("acc-1", "shop", "2025-07-02T10:00", "2025-07-02T10:00")]
    july4 = [date(2025, 7, 4)]
    counted = evaluate(facts, date(2025, 7, 3), holidays=july4)
    assert derived(counted, "accumulation_deadline", "acc-1") == datetime(2025, 7, 7, 10, 0)
    finding = _finding(counted, "SW-ACCUMULATION-TIME", "acc-1")
    assert finding.cite == "Ch. 50 time limits (A)(1), (C)"
    assert "24 more counted hours" in finding.reading_text
    wall = evaluate(
        facts, date(2025, 7, 3), pack_with({"sw.holiday_extension_counted": False}), july4
    )
    assert derived(wall, "accumulation_deadline", "acc-1") == datetime(2025, 7, 6, 10, 0)
    assert (
        "counted hours"
        not in (_finding(wall, "SW-ACCUMULATION-TIME", "acc-1").reading_text or "x")[40:]
    )


def test_sw_accumulation_time_cites_the_subdivision_of_the_limit():
    """SW-ACCUMULATION-TIME: (A)(1) garbage in a 48-hour zone, (A)(2) garbage elsewhere,
    (B) other solid waste."""
    facts = [
        SHOP,
        HOME,
        _acc("g-shop", "shop", "2025-03-03T08:00", "2025-03-03T09:00"),
        _acc("g-home", "home", "2025-03-03T08:00", "2025-03-03T09:00"),
        _acc("r-shop", "shop", "2025-03-03T08:00", "2025-03-03T09:00", garbage=False),
    ]
    found = evaluate(facts, date(2025, 3, 4))
    cites = {f.subject: f.cite for f in found.findings if f.requirement == "SW-ACCUMULATION-TIME"}
    assert cites == {
        "g-shop": "Ch. 50 time limits (A)(1)",
        "g-home": "Ch. 50 time limits (A)(2)",
        "r-shop": "Ch. 50 time limits (B)",
    }


def test_sw_accumulation_time_unzoned_premises_gets_one_week():
    """SW-ACCUMULATION-TIME (A)(2): a premises with no zone is held to the one-week limit
    (the longer one), and the finding names that reading."""
    facts = [
        {"id": "p", "type": "premises"},
        _acc("a", "p", "2025-03-03T08:00", "2025-03-03T08:00"),
    ]
    found = evaluate(facts, date(2025, 3, 4))
    assert derived(found, "accumulation_deadline", "a") == datetime(2025, 3, 10, 8, 0)
    finding = _finding(found, "SW-ACCUMULATION-TIME", "a")
    assert "with no zone on record, garbage may stay one week" in finding.explanation
    assert "no recorded zone is held to the one-week limit" in finding.reading_text


@settings(max_examples=200, deadline=None)
@given(
    since=st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2030, 12, 31)),
    garbage=st.booleans(),
    commercial=st.booleans(),
)
def test_sw_accumulation_time_deadline_invariants(since: datetime, garbage: bool, commercial: bool):
    """SW-ACCUMULATION-TIME: the limit is never shorter than 48 wall-clock hours nor
    longer than a week and a day; the one-week limit is 7 days, or 8 in a holiday week.
    (A later start may give an earlier deadline: a week ending Saturday night in a
    holiday week is extended, one ending Sunday in the next week is not.)"""
    since = since.replace(second=0, microsecond=0)
    premises = SHOP if commercial else HOME
    start = since.strftime("%Y-%m-%dT%H:%M")
    facts = [
        premises,
        _acc("a", premises["id"], start, start, garbage),
        _acc(
            "b",
            premises["id"],
            (since + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
            (since + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
            garbage,
        ),
    ]
    found = evaluate_facts(
        parse_facts(facts), as_of=(since + timedelta(hours=1)).date(), pack=load_pack()
    )
    first = derived(found, "accumulation_deadline", "a")
    second = derived(found, "accumulation_deadline", "b")
    assert timedelta(hours=48) <= first - since <= timedelta(days=8)
    assert timedelta(hours=48) <= second - since - timedelta(hours=1) <= timedelta(days=8)
    if not (garbage and commercial):
        assert first - since in (timedelta(days=7), timedelta(days=8))


def _set_out(ident: str, premises: str, location: str | None, **more: Any) -> dict:
    fact = {
        "id": ident,
        "type": "set_out",
        "premises": premises,
        "collection_day": "2025-03-12",
        "placed_at": "2025-03-11T19:00",
        **more,
    }
    if location is not None:
        fact["location"] = location
    return fact


def test_sw_container_setout_nothing_after_the_window_is_due_never_a_violation():
    """SW-CONTAINER-SETOUT: containers set out in the window with nothing recorded after
    are within it until 20:00 passes, then a follow-up observation is due; the
    start-of-day reading decides only which, on collection day; nothing is referred."""
    facts = [HOME, _set_out("so-1", "home", None)]
    default = _finding(evaluate(facts, date(2025, 3, 12)), "SW-CONTAINER-SETOUT", "so-1")
    assert default.status == "due" and "follow-up observation is due" in default.explanation
    assert "last moment (24:00)" in default.reading_text
    pack = pack_with({"sw.as_of_moment": "start_of_day"})
    other = _finding(evaluate(facts, date(2025, 3, 12), pack), "SW-CONTAINER-SETOUT", "so-1")
    assert other.status == "met" and "may stay out until then" in other.explanation
    for as_of in (date(2025, 3, 12), date(2025, 4, 1)):
        assert "so-1" not in _referred(evaluate(facts, as_of))


def test_sw_container_setout_a_record_after_the_window_is_a_violation():
    """SW-CONTAINER-SETOUT: a removal after 20:00, or a follow-up that saw the
    containers still out after it, is the record of the forbidden state; a follow-up
    that found them gone is not."""
    facts = [
        HOME,
        _set_out("so-late", "home", None, removed_at="2025-03-12T21:00"),
        _set_out("so-seen", "home", None),
        {
            "type": "follow_up_observation",
            "subject": "so-seen",
            "observed_at": "2025-03-12T22:00",
            "still_there": True,
        },
        _set_out("so-gone", "home", None),
        {
            "type": "follow_up_observation",
            "subject": "so-gone",
            "observed_at": "2025-03-13T07:00",
            "still_there": False,
        },
    ]
    found = evaluate(facts, date(2025, 3, 14))
    assert statuses(found, "SW-CONTAINER-SETOUT") == {
        "so-late": "violation",
        "so-seen": "violation",
        "so-gone": "met",
    }
    assert "seen still out at 2025-03-12 22:00, after the window closed" in explanation(
        found, "SW-CONTAINER-SETOUT", "so-seen"
    )
    assert "so-gone" not in _referred(found)


@settings(max_examples=300, deadline=None)
@given(
    placed=st.integers(min_value=-30, max_value=28),
    removed=st.none() | st.integers(min_value=-30, max_value=60),
    follow_up=st.none() | st.tuples(st.integers(min_value=-30, max_value=60), st.booleans()),
    as_of_days=st.integers(min_value=-1, max_value=3),
)
def test_sw_container_setout_violation_only_on_a_record_outside_the_window(
    placed: int,
    removed: int | None,
    follow_up: tuple[int, bool] | None,
    as_of_days: int,
):
    """SW-CONTAINER-SETOUT: whatever the records (hours from 18:00 the day before
    collection), the finding is a violation exactly when a visible record shows the
    containers out outside the window: set out before or after it, seen still out
    after it, or removed after it; contradictory records give no finding at all."""
    opens = datetime(2025, 3, 11, 18, 0)
    closes = datetime(2025, 3, 12, 20, 0)

    def at(hours: int) -> str:
        return (opens + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M")

    fact = _set_out("so", "home", "curb", placed_at=at(placed))
    if removed is not None:
        fact["removed_at"] = at(removed)
    facts = [{**HOME, "alley": False}, fact]
    if follow_up is not None:
        facts.append(
            {
                "type": "follow_up_observation",
                "subject": "so",
                "observed_at": at(follow_up[0]),
                "still_there": follow_up[1],
            }
        )
    as_of = date(2025, 3, 12) + timedelta(days=as_of_days)
    if (opens + timedelta(hours=placed)).date() > as_of:
        return  # not yet set out
    found = evaluate(facts, as_of)
    status = statuses(found, "SW-CONTAINER-SETOUT").get("so")
    if found.data_problems:
        assert status is None and derived(found, "set_out_window", "so") is None
        return
    placed_at = opens + timedelta(hours=placed)
    later = [
        opens + timedelta(hours=h)
        for h in ([removed] if removed is not None else [])
        + ([follow_up[0]] if follow_up is not None and follow_up[1] else [])
        if (opens + timedelta(hours=h)).date() <= as_of
    ]
    outside = not opens <= placed_at <= closes or any(m > closes for m in later)
    assert (status == "violation") == outside, (status, placed_at, later)
    assert status != "due" or "so" not in _referred(found)


def test_sw_container_placement_unassessed_commercial_accepts_either_place():
    """SW-CONTAINER-PLACEMENT (C)(1)-(2): with no access assessment by the collection
    day, neither rule can be presumed, so the rear, side, parkway and curb are each
    lawful; the front yard is not."""
    facts = [
        SHOP,
        _set_out("so-rear", "shop", "rear"),
        _set_out(
            "so-curb", "shop", "curb", collection_day="2025-03-05", placed_at="2025-03-04T19:00"
        ),
        _set_out(
            "so-front",
            "shop",
            "front_yard",
            collection_day="2025-02-26",
            placed_at="2025-02-25T19:00",
        ),
    ]
    found = evaluate(facts, date(2025, 3, 13))
    assert statuses(found, "SW-CONTAINER-PLACEMENT") == {
        "so-rear": "met",
        "so-curb": "met",
        "so-front": "violation",
    }
    assert derived(found, "required_set_out_locations", "so-rear") == [
        "curb",
        "parkway",
        "rear",
        "side",
    ]
    assert _finding(found, "SW-CONTAINER-PLACEMENT", "so-front").cite == (
        "Ch. 50 containers (C)(1)-(2)"
    )


def test_sw_container_placement_cites_the_rule_that_applies():
    """SW-CONTAINER-PLACEMENT: (B)(1) on an alley, (B)(2) off one, (B)(1)-(2) unrecorded."""
    facts = [
        {**HOME, "id": "on", "alley": True},
        {**HOME, "id": "off", "alley": False},
        {**HOME, "id": "unknown"},
        _set_out("so-on", "on", "alley_line"),
        _set_out("so-off", "off", "curb"),
        _set_out("so-unknown", "unknown", "alley_line"),
    ]
    found = evaluate(facts, date(2025, 3, 13))
    cites = {f.subject: f.cite for f in found.findings if f.requirement == "SW-CONTAINER-PLACEMENT"}
    assert cites == {
        "so-on": "Ch. 50 containers (B)(1)",
        "so-off": "Ch. 50 containers (B)(2)",
        "so-unknown": "Ch. 50 containers (B)(1)-(2)",
    }
    assert statuses(found, "SW-CONTAINER-PLACEMENT")["so-unknown"] == "met"


def test_sw_container_placement_householder_rear_yard_beside_a_curb_set_out():
    """SW-CONTAINER-PLACEMENT: containers kept in the rear yard do not break "one and the
    same location" for the ones set out at the curb."""
    facts = [
        {**HOME, "alley": False},
        _set_out("so-1", "home", "curb", removed_at="2025-03-12T19:00"),
        _set_out("so-2", "home", "rear_yard"),
        _set_out("so-3", "home", None),
    ]
    assert statuses(evaluate(facts, date(2025, 3, 13)), "SW-CONTAINER-PLACEMENT") == {"so-1": "met"}


def test_sw_compost_rules_hardwood_size_limits_reading():
    """SW-COMPOST-RULES (E), reading sw.compost_hardwood_any_size = false: small
    hardwood twigs pass. The reading is the finding's own field, not its explanation."""
    facts = [
        HOME,
        {
            "id": "c-1",
            "type": "compost_observation",
            "premises": "home",
            "date": "2025-03-01",
            "location": "rear_yard",
            "receptacle": "pit",
            "hardwood_or_second_season": True,
            "max_branch_diameter_in": 0.1,
        },
    ]
    default = _finding(evaluate(facts, date(2025, 3, 2)), "SW-COMPOST-RULES", "c-1")
    assert default.status == "violation" and default.cite == "Ch. 50 composting (E)"
    assert "excluded at any size" in default.reading_text
    assert "reading" not in default.explanation and "hardwood" in default.explanation
    pack = pack_with({"sw.compost_hardwood_any_size": False})
    assert statuses(evaluate(facts, date(2025, 3, 2), pack), "SW-COMPOST-RULES") == {"c-1": "met"}


def test_sw_compost_and_pile_cite_each_broken_subdivision():
    """SW-COMPOST-RULES and SW-PILE-LIMITS name the subdivisions broken, in order; the
    two-cubic-yard limit stands in the section's opening words, with no subdivision."""
    facts = [
        HOME,
        {
            "id": "c-1",
            "type": "compost_observation",
            "premises": "home",
            "date": "2025-03-01",
            "location": "front_yard",
            "receptacle": "container",
            "container_material": "plastic",
            "cover": "none",
        },
        {
            "id": "p-1",
            "type": "pile_observation",
            "premises": "home",
            "date": "2025-03-01",
            "location": "rear_yard",
            "total_cubic_yards": 3,
            "shielded_from_wind": False,
            "separation_ft": 1,
        },
        {
            "id": "p-2",
            "type": "pile_observation",
            "premises": "home",
            "date": "2025-03-01",
            "location": "rear_yard",
            "total_cubic_yards": 3,
        },
    ]
    found = evaluate(facts, date(2025, 3, 2))
    assert _finding(found, "SW-COMPOST-RULES", "c-1").cite == "Ch. 50 composting (A), (C)(2), (D)"
    assert _finding(found, "SW-PILE-LIMITS", "p-1").cite == "Ch. 50 storage (A), (C)"
    assert _finding(found, "SW-PILE-LIMITS", "p-2").cite == "Ch. 50 storage"
    assert "3 cubic yards in all, more than 2" in explanation(found, "SW-PILE-LIMITS", "p-2")


def test_sw_recyclables_property_charity_reading_extended():
    """SW-RECYCLABLES-PROPERTY and GEN-PENALTY-SCAVENGING, reading
    sw.charity_may_remove_from_containers = true."""
    facts = [
        {
            "id": "c-1",
            "type": "collection_observation",
            "date": "2025-03-01",
            "collector": "Scouts",
            "collector_role": "charity",
            "materials": ["recyclables"],
            "from_collection_container": True,
            "locations": ["1 Elm St", "2 Elm St"],
        },
    ]
    default = evaluate(facts, date(2025, 3, 2))
    finding = _finding(default, "SW-RECYCLABLES-PROPERTY", "c-1")
    assert finding.status == "violation" and finding.cite == "'65 Code § 6-4.411(b)"
    assert "not removing them from the contractor's containers" in finding.reading_text
    assert derived(default, "scavenging_offenses", "c-1") == 2
    pack = pack_with({"sw.charity_may_remove_from_containers": True})
    other = evaluate(facts, date(2025, 3, 2), pack)
    assert statuses(other, "SW-RECYCLABLES-PROPERTY") == {"c-1": "met"}
    assert statuses(other, "SW-UNAUTHORIZED-COLLECTION") == {"c-1": "met"}
    assert derived(other, "scavenging_offenses", "c-1") == 0
    assert "GEN-PENALTY-SCAVENGING" not in {f.requirement for f in other.findings}
    assert (
        "reach recyclables set out"
        in _finding(other, "SW-UNAUTHORIZED-COLLECTION", "c-1").reading_text
    )


def test_gen_penalty_scavenging_explanation_counts_each_location_once():
    """GEN-PENALTY-SCAVENGING: "from one or more locations … a separate and distinct
    offense" — each location counted and named once, a premises by its address (given
    by id or by address alike)."""
    facts = [
        {"id": "p-1", "type": "premises", "address": "1 Elm St"},
        {
            "id": "c-1",
            "type": "collection_observation",
            "date": "2025-03-01",
            "collector": "X",
            "materials": ["recyclables"],
            "locations": ["1 Elm St", "2 Elm St", "p-1"],
        },
        {
            "id": "c-2",
            "type": "collection_observation",
            "date": "2025-03-01",
            "collector": "X",
            "materials": ["recyclables"],
            "locations": ["3 Elm St"],
        },
    ]
    found = evaluate(facts, date(2025, 3, 2))
    text = explanation(found, "GEN-PENALTY-SCAVENGING", "c-1")
    assert "2 offenses, at 1 Elm St and 2 Elm St." in text
    assert derived(found, "scavenging_offenses", "c-1") == 2
    assert "1 offense, at 3 Elm St." in explanation(found, "GEN-PENALTY-SCAVENGING", "c-2")
    assert "at 1 location," in explanation(found, "SW-UNAUTHORIZED-COLLECTION", "c-2")


def test_sw_disposal_means_explains_a_service_less_than_weekly():
    """SW-DISPOSAL-MEANS: the explanation gives the frequency that fell short; the cite
    names the means that met it."""
    facts = [
        HOME,
        {
            "type": "collection_service",
            "premises": "home",
            "stream": "black",
            "collections_per_week": 0.5,
            "start": "2024-01-01",
        },
        {**SHOP, "id": "shop"},
        {"type": "self_hauler", "subject": "shop", "start": "2024-01-01"},
        {**HOME, "id": "home-2"},
        {
            "type": "collection_service",
            "premises": "home-2",
            "stream": "total",
            "start": "2024-01-01",
        },
    ]
    found = evaluate(facts, date(2025, 3, 1))
    short = _finding(found, "SW-DISPOSAL-MEANS", "home")
    assert "black-container collection only every other week (at least weekly is required)" in (
        short.explanation
    )
    assert short.cite == "'65 Code § 6-4.105(B)(1)"
    assert _finding(found, "SW-DISPOSAL-MEANS", "shop").cite == "'65 Code § 6-4.105(B)(1)(b)"
    weekly = _finding(found, "SW-DISPOSAL-MEANS", "home-2")
    assert weekly.cite == "'65 Code § 6-4.105(B)(1)(a)"
    assert "regular weekly service" in weekly.reading_text


def test_sw_explanations_are_single_sentences_in_names():
    """Every SW finding's explanation is one sentence a clerk could read aloud, naming
    the premises by its address."""
    facts = [
        {**HOME, "address": "12 Elm St"},
        {**SHOP, "address": "400 Main St"},
        _acc("acc-1", "shop", "2025-03-07T18:00", "2025-03-11T09:00"),
        _set_out("so-1", "home", "curb", placed_at="2025-03-11T17:00"),
        {
            "id": "p-1",
            "type": "pile_observation",
            "premises": "home",
            "date": "2025-03-01",
            "location": "street",
            "total_cubic_yards": 3,
        },
        {"id": "d-1", "type": "dumping", "date": "2025-03-01", "place": "street"},
        {"id": "b-1", "type": "burial", "premises": "home", "date": "2025-03-01"},
    ]
    found = evaluate(facts, date(2025, 3, 13))
    sw = [f for f in found.findings if f.requirement.startswith("SW-")]
    assert len(sw) >= 7
    for finding in sw:
        text = finding.explanation
        assert text.endswith(".") and "\n" not in text
        assert text[0].isupper()
        for key in ("acc-1", "so-1", "p-1", "d-1", "b-1", "home", "shop"):
            assert key not in text.split(), (key, text)
    assert "400 Main St" in explanation(found, "SW-ACCUMULATION-TIME", "acc-1")
    assert "12 Elm St" in explanation(found, "SW-NO-BURIAL", "b-1")
    assert _finding(found, "SW-NO-BURIAL", "b-1").cite == "'65 Code § 6-4.107"


def test_sw_fire_hazard_notice_names_its_accumulation_and_cites_the_subdivision():
    """SW-ACCUMULATION-HAZARD: the notice names the accumulation by what and where, the
    reading of "immediately" is the finding's own field, the cite is § 6-4.104(A)."""
    facts = [
        {**SHOP, "address": "400 Main St"},
        _acc("acc-1", "shop", "2025-03-07T18:00", "2025-03-08T09:00"),
        {
            "id": "hz-1",
            "type": "fire_hazard_notice",
            "premises": "shop",
            "accumulation": "acc-1",
            "date": "2025-03-08",
        },
    ]
    finding = _finding(evaluate(facts, date(2025, 3, 8)), "SW-ACCUMULATION-HAZARD", "hz-1")
    assert finding.cite == "'65 Code § 6-4.104(A)"
    assert "the garbage at 400 Main St since 2025-03-07 18:00 is a fire hazard" in (
        finding.explanation
    )
    assert (
        finding.reading_text == '"immediately" is read as by the end of the day after the notice.'
    )


def test_sw_names_of_accumulations_and_set_outs():
    """The namers SW registers: what a notice or referral calls the area's records."""
    from tests.support import context

    ctx = context(
        [
            {**HOME, "address": "12 Elm St"},
            _acc("acc-1", "home", "2025-03-07T18:00", "2025-03-08T09:00", garbage=False),
            _set_out("so-1", "home", "curb"),
            {"id": "d-1", "type": "dumping", "date": "2025-03-01", "place": "street"},
        ],
        date(2025, 3, 20),
    )
    assert name_of(ctx, "acc-1") == "the solid waste at 12 Elm St since 2025-03-07 18:00"
    assert (
        name_of(ctx, "so-1") == "the containers set out at 12 Elm St for collection on 2025-03-12"
    )
    assert name_of(ctx, "d-1") == "the dumping found on 2025-03-01"


def test_sw_follow_up_observation_refers_to_an_accumulation_or_a_set_out():
    """A follow-up observation names what it looked at again, and says whether it was
    still there."""
    found = problems(
        [
            HOME,
            {"type": "follow_up_observation", "subject": "home", "observed_at": "2025-03-01T10:00"},
        ]
    )
    assert any(
        "subject: 'home' is a premises, expected accumulation or set_out" in p for p in found
    )
    assert "fact 2 (follow_up_observation): still_there: required field is missing" in found


def test_sw_collection_names_are_required_text():
    """SW-UNAUTHORIZED-COLLECTION, SW-RECYCLABLES-SALE: a blank collector or buyer is
    refused with the field named."""
    found = problems(
        [
            {
                "id": "c-1",
                "type": "collection_observation",
                "date": "2025-03-01",
                "collector": "",
                "materials": ["recyclables"],
                "locations": ["a"],
            },
            {
                "id": "s-1",
                "type": "recyclables_sale",
                "buyer": "  ",
                "date": "2025-03-01",
                "segregated": True,
                "seller_paid_buyer": False,
            },
        ]
    )
    assert found == [
        "fact 1 (id 'c-1', collection_observation): (fact): collector: give the name of the "
        "person or business",
        "fact 2 (id 's-1', recyclables_sale): (fact): buyer: give the buyer's or donee's name",
    ]
