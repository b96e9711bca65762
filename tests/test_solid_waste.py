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
from sanitas.ordinance.solid_waste import _alternatives, _num, set_out_location

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
    """SW-*: numbers without a trailing .0; a list of places read aloud."""
    assert _num(2.0) == "2"
    assert _num(0.25) == "0.25"
    assert _alternatives(["alley_line"]) == "alley line"
    assert _alternatives(["rear", "side", "curb"]) == "rear, side or curb"


def test_sw_franchise_and_fee_liability_are_records():
    """SW-FRANCHISE, SW-FEE-LIABILITY: kept by the records system, with a reason."""
    import sanitas.ordinance.rules  # noqa: F401

    assert "franchise agreement" in RECORDS["SW-FRANCHISE"]
    assert "occupant" in RECORDS["SW-FEE-LIABILITY"]


# --------------------------------------------------------------------------- readings


def _acc(ident: str, premises: str, since: str, observed: str, garbage: bool = True) -> dict:
    return {
        "id": ident,
        "type": "accumulation",
        "premises": premises,
        "since": since,
        "garbage": garbage,
        "observed_at": observed,
    }


def test_sw_accumulation_time_start_of_day_reading():
    """SW-ACCUMULATION-TIME, reading sw.as_of_moment = start_of_day: on the day the
    limit passes, with no removal recorded, the accumulation is still within it."""
    facts = [HOME, _acc("acc-1", "home", "2025-03-07T18:00", "2025-03-08T09:00")]
    default = evaluate(facts, date(2025, 3, 14))
    assert statuses(default, "SW-ACCUMULATION-TIME") == {"acc-1": "violation"}
    assert "by the end of 2025-03-14" in explanation(default, "SW-ACCUMULATION-TIME", "acc-1")
    other = evaluate(facts, date(2025, 3, 14), pack_with({"sw.as_of_moment": "start_of_day"}))
    assert statuses(other, "SW-ACCUMULATION-TIME") == {"acc-1": "met"}
    assert "at the start of 2025-03-14" in explanation(other, "SW-ACCUMULATION-TIME", "acc-1")
    later = evaluate(facts, date(2025, 3, 15), pack_with({"sw.as_of_moment": "start_of_day"}))
    assert statuses(later, "SW-ACCUMULATION-TIME") == {"acc-1": "violation"}


def test_sw_accumulation_time_without_presumption_only_observations_decide():
    """SW-ACCUMULATION-TIME, reading sw.accumulation_presumed_until_removed = false."""
    facts = [
        HOME,
        _acc("acc-1", "home", "2025-03-07T18:00", "2025-03-08T09:00"),
        _acc("acc-2", "home", "2025-03-01T18:00", "2025-03-12T09:00"),
    ]
    pack = pack_with({"sw.accumulation_presumed_until_removed": False})
    found = statuses(evaluate(facts, date(2025, 3, 20), pack), "SW-ACCUMULATION-TIME")
    assert found == {"acc-2": "violation"}


def test_sw_accumulation_time_holiday_extension_in_wall_clock_reading():
    """SW-ACCUMULATION-TIME (C), reading sw.holiday_extension_counted = false: the
    additional day after a Saturday limit ends on the Sunday."""
    facts = [SHOP, _acc("acc-1", "shop", "2025-07-02T10:00", "2025-07-02T10:00")]
    july4 = [date(2025, 7, 4)]
    counted = evaluate(facts, date(2025, 7, 3), holidays=july4)
    assert derived(counted, "accumulation_deadline", "acc-1") == datetime(2025, 7, 7, 10, 0)
    wall = evaluate(
        facts, date(2025, 7, 3), pack_with({"sw.holiday_extension_counted": False}), july4
    )
    assert derived(wall, "accumulation_deadline", "acc-1") == datetime(2025, 7, 6, 10, 0)


def test_sw_accumulation_time_unzoned_premises_gets_one_week():
    """SW-ACCUMULATION-TIME (A)(2): a premises with no zone is among "all other areas"."""
    facts = [
        {"id": "p", "type": "premises"},
        _acc("a", "p", "2025-03-03T08:00", "2025-03-03T08:00"),
    ]
    found = evaluate(facts, date(2025, 3, 4))
    assert derived(found, "accumulation_deadline", "a") == datetime(2025, 3, 10, 8, 0)
    assert "area with no recorded zone" in explanation(found, "SW-ACCUMULATION-TIME", "a")


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
    facts = [
        premises,
        _acc(
            "a",
            premises["id"],
            since.strftime("%Y-%m-%dT%H:%M"),
            since.strftime("%Y-%m-%dT%H:%M"),
            garbage,
        ),
        _acc(
            "b",
            premises["id"],
            (since + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
            since.strftime("%Y-%m-%dT%H:%M"),
            garbage,
        ),
    ]
    found = evaluate_facts(parse_facts(facts), as_of=since.date(), pack=load_pack())
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


def test_sw_container_setout_start_of_day_reading():
    """SW-CONTAINER-SETOUT, reading sw.as_of_moment = start_of_day: on collection day an
    unremoved container is not yet judged late."""
    facts = [HOME, _set_out("so-1", "home", None)]
    assert statuses(evaluate(facts, date(2025, 3, 12)), "SW-CONTAINER-SETOUT") == {
        "so-1": "violation"
    }
    pack = pack_with({"sw.as_of_moment": "start_of_day"})
    assert statuses(evaluate(facts, date(2025, 3, 12), pack), "SW-CONTAINER-SETOUT") == {
        "so-1": "met"
    }


def test_sw_container_placement_unassessed_commercial_curb_reading():
    """SW-CONTAINER-PLACEMENT, reading sw.unassessed_commercial_placement = curb."""
    facts = [SHOP, _set_out("so-1", "shop", "rear")]
    assert statuses(evaluate(facts, date(2025, 3, 13)), "SW-CONTAINER-PLACEMENT") == {"so-1": "met"}
    pack = pack_with({"sw.unassessed_commercial_placement": "curb"})
    found = evaluate(facts, date(2025, 3, 13), pack)
    assert statuses(found, "SW-CONTAINER-PLACEMENT") == {"so-1": "violation"}
    assert derived(found, "required_set_out_locations", "so-1") == ["curb", "parkway"]


def test_sw_container_placement_unrecorded_alley_left_unjudged():
    """SW-CONTAINER-PLACEMENT, reading sw.alley_unrecorded_is_no_alley = false."""
    facts = [HOME, _set_out("so-1", "home", "curb")]
    pack = pack_with({"sw.alley_unrecorded_is_no_alley": False})
    found = evaluate(facts, date(2025, 3, 13), pack)
    assert statuses(found, "SW-CONTAINER-PLACEMENT") == {}
    assert derived(found, "required_set_out_locations", "so-1") is None


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
    hardwood twigs pass."""
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
    default = evaluate(facts, date(2025, 3, 2))
    assert statuses(default, "SW-COMPOST-RULES") == {"c-1": "violation"}
    assert "reading: excluded at any size" in explanation(default, "SW-COMPOST-RULES", "c-1")
    pack = pack_with({"sw.compost_hardwood_any_size": False})
    assert statuses(evaluate(facts, date(2025, 3, 2), pack), "SW-COMPOST-RULES") == {"c-1": "met"}


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
    assert statuses(default, "SW-RECYCLABLES-PROPERTY") == {"c-1": "violation"}
    assert derived(default, "scavenging_offenses", "c-1") == 2
    pack = pack_with({"sw.charity_may_remove_from_containers": True})
    other = evaluate(facts, date(2025, 3, 2), pack)
    assert statuses(other, "SW-RECYCLABLES-PROPERTY") == {"c-1": "met"}
    assert statuses(other, "SW-UNAUTHORIZED-COLLECTION") == {"c-1": "met"}
    assert derived(other, "scavenging_offenses", "c-1") == 0
    assert "GEN-PENALTY-SCAVENGING" not in {f.requirement for f in other.findings}


def test_gen_penalty_scavenging_explanation_counts_each_location_once():
    """GEN-PENALTY-SCAVENGING: "from one or more locations … a separate and distinct
    offense" — the explanation names each location once."""
    facts = [
        {
            "id": "c-1",
            "type": "collection_observation",
            "date": "2025-03-01",
            "collector": "X",
            "materials": ["recyclables"],
            "locations": ["1 Elm St", "2 Elm St", "1 Elm St"],
        },
    ]
    found = evaluate(facts, date(2025, 3, 2))
    text = explanation(found, "GEN-PENALTY-SCAVENGING", "c-1")
    assert "2 offense(s) (1 Elm St, 2 Elm St)" in text
    assert derived(found, "scavenging_offenses", "c-1") == 2


def test_sw_disposal_means_explains_a_service_less_than_weekly():
    """SW-DISPOSAL-MEANS: the explanation gives the frequency that fell short."""
    facts = [
        HOME,
        {
            "type": "collection_service",
            "premises": "home",
            "stream": "black",
            "collections_per_week": 0.5,
            "start": "2024-01-01",
        },
    ]
    text = explanation(evaluate(facts, date(2025, 3, 1)), "SW-DISPOSAL-MEANS", "home")
    assert "collects only 0.5 times a week (at least 1 required)" in text


def test_sw_explanations_are_single_sentences():
    """Every SW finding's explanation is one sentence a clerk could read aloud."""
    facts = [
        HOME,
        SHOP,
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
    ]
    found = evaluate(facts, date(2025, 3, 13))
    sw = [f for f in found.findings if f.requirement.startswith("SW-")]
    assert len(sw) >= 6
    for finding in sw:
        text = finding.explanation
        assert text.endswith(".") and "\n" not in text
        assert text[0].isupper()


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
