"""House-connection permits and construction (PRM-*): the area's fact types reject
bad input with clear messages, the helpers split a design into its runs, and the
pack's readings change what the rules conclude."""

from __future__ import annotations

from decimal import Decimal
from functools import partial
from typing import Any

import pytest

from sanitas.ordinance import permits
from sanitas.ordinance.facts import FactsError, parse_facts

from . import support
from .support import derived, evaluate, explanation, statuses, with_params

LOT = {"id": "lot-1", "type": "premises"}
PERMIT = {
    "id": "p-1",
    "type": "permit",
    "kind": "house_connection",
    "premises": "lot-1",
    "issued_on": "2025-03-01",
}


problems = partial(support.problems, base=(LOT, PERMIT))
one_problem = partial(support.one_problem, base=(LOT, PERMIT))


def design(ident: str = "d-1", permit: str | None = "p-1", **fields: Any) -> dict[str, Any]:
    out = {"id": ident, "type": "connection_design", "persons_served": 4, "segments": []}
    if permit:
        out["permit"] = permit
    out.update(fields)
    return out


def seg(start: str, end: str, **fields: Any) -> dict[str, Any]:
    return {"from": start, "to": end, "diameter_in": 6, "material": "vitrified_clay", **fields}


# --------------------------------------------------------------------------- bad input


def test_prm_joints_clay_check_records_every_clay_item():
    """PRM-JOINTS: a vitrified clay joint check names each unrecorded item."""
    message = one_problem(
        {
            "type": "joint_check",
            "permit": "p-1",
            "date": "2025-03-02",
            "material": "vitrified_clay",
            "laid_upgrade": True,
        }
    )
    assert message == (
        "fact 3 (joint_check): (fact): a vitrified_clay joint check must record "
        "sockets_upgrade, gasket_caulked, compound, watertight"
    )


def test_prm_joints_cast_iron_check_records_both_items():
    """PRM-JOINTS: a cast iron joint check records lead and oakum and caulking."""
    message = one_problem(
        {"type": "joint_check", "permit": "p-1", "date": "2025-03-02", "material": "cast_iron"}
    )
    assert "a cast_iron joint check must record lead_and_oakum, caulked" in message


def test_prm_joints_rejects_an_unknown_compound():
    """PRM-JOINTS: the compound is one of the kinds the rule knows."""
    message = one_problem(
        {
            "type": "joint_check",
            "permit": "p-1",
            "date": "2025-03-02",
            "material": "cast_iron",
            "lead_and_oakum": True,
            "caulked": True,
            "compound": "glue",
        }
    )
    assert message.startswith("fact 3 (joint_check): compound: 'glue' is not one of")


def test_sew_inspection_notice_rejects_an_unknown_result():
    """SEW-INSPECTION-NOTICE / PRM-APPROVAL: an inspection is approved, defective or
    obstructed."""
    message = one_problem(
        {"type": "work_inspection", "permit": "p-1", "date": "2025-03-02", "result": "passed"}
    )
    assert message == (
        "fact 3 (work_inspection): result: 'passed' is not one of 'approved', 'defective' "
        "or 'obstructed'"
    )


def test_prm_permit_required_rejects_unknown_work_and_bad_dates():
    """PRM-PERMIT-REQUIRED: the work is new, renewal, alteration or repair, dated."""
    found = problems(
        {"type": "sewer_connection", "premises": "lot-1", "date": "2025-02-30", "work": "patch"}
    )
    assert "fact 3 (sewer_connection): date: '2025-02-30' is not a calendar date" in found
    assert any(
        p.startswith("fact 3 (sewer_connection): work: 'patch' is not one of") for p in found
    )


def test_prm_charges_excavation_area_must_be_positive():
    """PRM-CHARGES: an excavation's area is a positive number of square feet."""
    message = one_problem(
        {"type": "street_excavation", "permit": "p-1", "date": "2025-03-02", "area_sqft": 0}
    )
    assert message == (
        "fact 3 (street_excavation): area_sqft: input should be greater than 0 (got 0)"
    )


def test_prm_charges_located_in_city_is_a_boolean():
    """PRM-CHARGES: the premises' located_in_city field is true or false."""
    with pytest.raises(FactsError) as caught:
        parse_facts([{"id": "lot-2", "type": "premises", "located_in_city": "no"}])
    assert caught.value.problems == [
        "fact 1 (id 'lot-2', premises): located_in_city: expected true or false, got 'no'"
    ]


def test_prm_same_lot_route_names_premises():
    """PRM-SAME-LOT: a route's lots are premises, and the route names a design."""
    found = problems(
        design(),
        {"type": "connection_route", "design": "d-1", "lots": ["lot-1", "p-1"]},
        {"type": "connection_route", "design": "p-1", "lots": []},
    )
    assert "fact 4 (connection_route): lots[1]: 'p-1' is a permit, expected premises" in found
    assert (
        "fact 5 (connection_route): design: 'p-1' is a permit, expected connection_design" in found
    )


def test_prm_unaccepted_street_requires_supervision_and_plans():
    """PRM-UNACCEPTED-STREET: supervised and plans_approved must both be stated."""
    found = problems(design(), {"id": "s-1", "type": "unaccepted_street_sewer", "design": "d-1"})
    assert (
        "fact 4 (id 's-1', unaccepted_street_sewer): supervised: required field is missing" in found
    )
    assert (
        "fact 4 (id 's-1', unaccepted_street_sewer): plans_approved: required field is missing"
        in found
    )


def test_prm_certificate_names_a_permit():
    """PRM-CERTIFICATE: a certificate of final inspection belongs to a permit."""
    message = one_problem({"type": "final_certificate", "permit": "p-9", "date": "2025-03-02"})
    assert message == "fact 3 (final_certificate): permit: no fact has the id 'p-9'"


# --------------------------------------------------------------------------- helpers


def test_prm_runs_split_at_the_property_line_in_either_direction():
    """PRM-PIPE-DIAMETER / PRM-GRADE: runs drawn toward the street still split at the
    property line; runs not connected to either end count beyond it."""
    facts = parse_facts(
        [
            design(
                permit=None,
                segments=[
                    seg("property_line", "curb"),
                    seg("curb", "street_sewer"),
                    seg("building", "property_line"),
                    seg("garage", "shed"),
                ],
            )
        ]
    )
    runs = permits.runs(facts[0])
    assert [(r.number, r.street_side) for r in runs] == [
        (2, True),
        (1, True),
        (3, False),
        (4, False),
    ]
    assert runs[0].label == "the run from the curb to the public sewer"
    assert runs[0].slope is None


def test_prm_runs_without_a_property_line_are_street_side():
    """PRM-PIPE-DIAMETER: with no property_line point every run from the street sewer is
    taken as street side (6 in.)."""
    evaluation = evaluate(
        [design(permit=None, segments=[seg("street_sewer", "building", diameter_in=4)])],
        "2025-03-10",
    )
    assert statuses(evaluation, "PRM-PIPE-DIAMETER", "d-1") == ["violation"]


def test_prm_private_path_follows_the_branch_to_the_building():
    """PRM-TEST-SECTIONS: the tested run is the path from the property line to the
    building, not a side branch."""
    facts = parse_facts(
        [
            design(
                permit=None,
                segments=[
                    seg("street_sewer", "property_line", length_ft=10, fall_ft=0.3),
                    seg("property_line", "wye", length_ft=20, fall_ft=1),
                    seg("wye", "garage", length_ft=30, fall_ft=20),
                    seg("wye", "building", length_ft=40, fall_ft=2),
                ],
            )
        ]
    )
    path = permits.private_path(facts[0])
    assert [r.number for r in path] == [2, 4]
    no_building = parse_facts([design(permit=None, segments=[seg("property_line", "garage")])])
    assert [r.number for r in permits.private_path(no_building[0])] == [1]


def test_prm_number_formatting():
    """Explanations print numbers as a clerk reads them."""
    assert permits.num(6.0) == "6"
    assert permits.num(0.6) == "0.6"
    assert permits.num(8.906666) == "8.91"
    assert permits.num(Decimal("12.50")) == "12.5"


def test_prm_lapse_history_ignores_out_of_order_events():
    """PRM-LAPSE: a suspension before work starts and a resumption while active change
    nothing; a certificate on a void permit is work on a void permit."""
    evaluation = evaluate(
        [
            LOT,
            PERMIT,
            {"type": "work_suspended", "permit": "p-1", "date": "2025-03-02"},
            {"type": "work_started", "permit": "p-1", "date": "2025-03-03"},
            {"type": "work_resumed", "permit": "p-1", "date": "2025-03-04"},
            {"type": "work_started", "permit": "p-1", "date": "2025-03-05"},
            {**PERMIT, "id": "p-2"},
            {"type": "final_certificate", "permit": "p-2", "date": "2025-05-15"},
            {"type": "work_started", "permit": "p-2", "date": "2025-05-16"},
        ],
        "2025-06-01",
    )
    assert derived(evaluation, "permit_status", "p-1") == "active"
    assert statuses(evaluation, "PRM-LAPSE", "p-1") == ["met"]
    assert derived(evaluation, "permit_status", "p-2") == "void"
    assert statuses(evaluation, "PRM-LAPSE", "p-2") == ["violation"]
    assert "a certificate of final inspection was issued on 2025-05-15" in explanation(
        evaluation, "PRM-LAPSE", "p-2"
    )


def test_prm_lapse_finaled_permit_ignores_later_events():
    """PRM-LAPSE: once finaled, a permit stays finaled."""
    evaluation = evaluate(
        [
            LOT,
            PERMIT,
            {"type": "work_started", "permit": "p-1", "date": "2025-03-02"},
            {"type": "final_certificate", "permit": "p-1", "date": "2025-03-20"},
            {"type": "work_suspended", "permit": "p-1", "date": "2025-03-21"},
        ],
        "2025-08-01",
    )
    assert derived(evaluation, "permit_status", "p-1") == "finaled"
    assert statuses(evaluation, "PRM-LAPSE", "p-1") == ["met"]


def test_prm_lapse_special_grade_and_depth_permits_do_not_lapse():
    """PRM-LAPSE (reading prm.lapsing_permit_kinds): a special grade permit is a
    condition of a house connection and never goes void on its own."""
    evaluation = evaluate([LOT, {**PERMIT, "kind": "special_depth"}], "2027-01-01")
    assert derived(evaluation, "permit_status", "p-1") == "issued"
    assert statuses(evaluation, "PRM-LAPSE", "p-1") == []
    everything = with_params(prm_lapsing_permit_kinds=("house_connection", "special_depth"))
    evaluation = evaluate([LOT, {**PERMIT, "kind": "special_depth"}], "2027-01-01", everything)
    assert derived(evaluation, "permit_status", "p-1") == "void"


# --------------------------------------------------------------------------- readings


STRICT_DESIGN = [
    LOT,
    PERMIT,
    design(
        segments=[
            seg("street_sewer", "property_line", in_street=True),
            seg("property_line", "building", diameter_in=4, clearance_wall_in=24),
        ]
    ),
]


def test_prm_unshown_dimensions_fail_when_the_pack_says_so():
    """PRM-GRADE, PRM-DEPTH, PRM-CLAY-CLEARANCE, PRM-CLEANOUTS (reading prm.unshown_fails):
    by default a design that leaves a dimension out is left to the field inspection;
    the strict reading fails it."""
    lenient = evaluate(STRICT_DESIGN, "2025-03-10")
    for requirement in ("PRM-GRADE", "PRM-DEPTH", "PRM-CLEANOUTS"):
        assert statuses(lenient, requirement, "d-1") == [], requirement
    assert statuses(lenient, "PRM-CLAY-CLEARANCE", "d-1") == ["met"]
    (clay,) = support.findings(lenient, "PRM-CLAY-CLEARANCE", "d-1")
    assert "the design does not show the distance from the building wall of the run" in (
        clay.explanation
    )
    assert clay.reading_text.startswith("A dimension or clean-out the design does not show")
    strict = evaluate(STRICT_DESIGN, "2025-03-10", with_params(prm_unshown_fails=True))
    for requirement in ("PRM-GRADE", "PRM-DEPTH", "PRM-CLAY-CLEARANCE", "PRM-CLEANOUTS"):
        assert statuses(strict, requirement, "d-1") == ["violation"], requirement
    assert "shows no fall or length" in explanation(strict, "PRM-GRADE", "d-1")
    assert "shows no depth" in explanation(strict, "PRM-DEPTH", "d-1")


def test_prm_test_standing_without_a_recorded_head_fails():
    """PRM-TEST-STANDING: a standing test must show the column stood at least 4 in. above
    the upper terminus; one that records no head does not."""
    facts = [
        LOT,
        PERMIT,
        {
            "type": "pressure_test",
            "permit": "p-1",
            "date": "2025-03-05",
            "kind": "standing",
            "psi_at_lower_terminus": 4,
            "leaked": False,
        },
    ]
    evaluation = evaluate(facts, "2025-03-10")
    assert statuses(evaluation, "PRM-TEST-STANDING", "p-1") == ["violation"]
    assert "records no head above the upper terminus" in explanation(
        evaluation, "PRM-TEST-STANDING", "p-1"
    )
    assert statuses(evaluation, "PRM-PRESSURE", "p-1") == ["met"]


def _test(day: str, **fields: Any) -> dict[str, Any]:
    return {
        "type": "pressure_test",
        "permit": "p-1",
        "date": day,
        "kind": "air",
        "psi_at_lower_terminus": 4,
        "leaked": False,
        **fields,
    }


def test_prm_every_test_counts_when_the_latest_does_not_govern():
    """PRM-PRESSURE, PRM-TEST-STANDING, PRM-TEST-CEMENT-WAIT (reading
    prm.latest_test_governs): by default a proper retest supersedes; otherwise every
    test is checked."""
    facts = [
        LOT,
        PERMIT,
        _test(
            "2025-03-02",
            leaked=True,
            psi_at_lower_terminus=3,
            at="2025-03-02T08:00",
            cement_joints_made_at="2025-03-01T12:00",
        ),
        _test("2025-03-05", cement_joints_made_at="2025-03-01T12:00"),
    ]
    latest = evaluate(facts, "2025-03-10")
    assert statuses(latest, "PRM-PRESSURE", "p-1") == ["met"]
    assert statuses(latest, "PRM-TEST-STANDING", "p-1") == ["met"]
    assert statuses(latest, "PRM-TEST-CEMENT-WAIT", "p-1") == ["met"]
    (standing,) = support.findings(latest, "PRM-TEST-STANDING", "p-1")
    assert standing.reading_text.startswith("The latest pressure test is the test of record")
    assert "reading" not in standing.explanation
    every = evaluate(facts, "2025-03-10", with_params(prm_latest_test_governs=False))
    assert statuses(every, "PRM-PRESSURE", "p-1") == ["violation"]
    assert statuses(every, "PRM-TEST-STANDING", "p-1") == ["violation"]
    assert statuses(every, "PRM-TEST-CEMENT-WAIT", "p-1") == ["violation"]


def test_prm_pressure_below_test_pressure_is_left_to_test_standing():
    """PRM-PRESSURE: a test that held but below 4 psi proves nothing either way; the
    inadequate test is a PRM-TEST-STANDING violation."""
    evaluation = evaluate([LOT, PERMIT, _test("2025-03-05", psi_at_lower_terminus=3)], "2025-03-10")
    assert statuses(evaluation, "PRM-PRESSURE", "p-1") == []
    assert statuses(evaluation, "PRM-TEST-STANDING", "p-1") == ["violation"]


def test_prm_cement_wait_of_an_untimed_test_is_decided_by_its_day_alone():
    """PRM-TEST-CEMENT-WAIT: a test recorded with a day and no time is early only when its
    whole day came within 24 hours of the joints (the same day), waited when its day
    began 24 hours after them, and otherwise not shown either way: due, never a violation
    the record cannot show."""
    joints = "2025-03-01T09:00"

    def status(day: str) -> list[str]:
        facts = [LOT, PERMIT, _test(day, cement_joints_made_at=joints)]
        return statuses(evaluate(facts, "2025-03-10"), "PRM-TEST-CEMENT-WAIT", "p-1")

    assert status("2025-03-01") == ["violation"]
    assert status("2025-03-02") == ["due"]
    assert status("2025-03-03") == ["met"]
    facts = [LOT, PERMIT, _test("2025-03-02", cement_joints_made_at=joints)]
    evaluation = evaluate(facts, "2025-03-10")
    assert explanation(evaluation, "PRM-TEST-CEMENT-WAIT", "p-1") == (
        "The air test of 2025-03-02 records no time, so it is not shown to have come 24 hours "
        "after the cement joints made 2025-03-01 09:00; the time of the test, or a new test, "
        "must show the wait before the connection is approved."
    )
    assert derived(evaluation, "connection_approvable", "p-1") is False


def test_prm_cement_joints_made_after_the_test_are_a_data_problem():
    """PRM-TEST-CEMENT-WAIT: a test whose record puts its cement joints after the test
    contradicts itself: a data problem, and no finding."""
    facts = [
        LOT,
        PERMIT,
        _test(
            "2025-03-02", id="t-1", at="2025-03-02T08:00", cement_joints_made_at="2025-03-02T10:00"
        ),
    ]
    evaluation = evaluate(facts, "2025-03-10")
    assert statuses(evaluation, "PRM-TEST-CEMENT-WAIT", "p-1") == []
    assert [p.facts for p in evaluation.data_problems] == [("t-1",)]
    assert evaluation.data_problems[0].text == (
        "The air test of 2025-03-02 08:00 records its cement joints as made on "
        "2025-03-02 10:00, after the test."
    )


def test_prm_events_before_the_permit_was_issued_are_data_problems():
    """PRM-LAPSE, PRM-PRESSURE, PRM-JOINTS, PRM-APPROVAL, PRM-CERTIFICATE: a start, a test,
    a joint check, an inspection, a covering or a certificate dated before the permit was
    issued contradicts it; each is reported naming both, and none starts a clock."""
    facts = [
        LOT,
        {**PERMIT, "number": "HC-1"},
        {"id": "s-0", "type": "work_started", "permit": "p-1", "date": "2025-02-20"},
        _test("2025-02-27", id="t-0", leaked=True),
        {
            "id": "j-0",
            "type": "joint_check",
            "permit": "p-1",
            "date": "2025-02-27",
            "material": "cast_iron",
            "lead_and_oakum": False,
            "caulked": True,
        },
        {
            "id": "i-0",
            "type": "work_inspection",
            "permit": "p-1",
            "date": "2025-02-28",
            "result": "approved",
        },
        {"id": "c-0", "type": "work_covered", "permit": "p-1", "date": "2025-02-28"},
        {"id": "f-0", "type": "final_certificate", "permit": "p-1", "date": "2025-02-28"},
    ]
    evaluation = evaluate(facts, "2025-03-10")
    named = {p.facts for p in evaluation.data_problems}
    for event in ("s-0", "t-0", "j-0", "i-0", "c-0", "f-0"):
        assert (event, "p-1") in named, event
    assert derived(evaluation, "permit_status", "p-1") == "issued"
    for requirement in ("PRM-PRESSURE", "PRM-APPROVAL", "SEW-INSPECTION-NOTICE"):
        assert statuses(evaluation, requirement, "p-1") == [], requirement
    assert statuses(evaluation, "PRM-JOINTS", "j-0") == []
    assert statuses(evaluation, "PRM-CERTIFICATE", "f-0") == []
    problem = next(p for p in evaluation.data_problems if p.facts == ("t-0", "p-1"))
    assert problem.text == (
        "The air test of 2025-02-27 under permit HC-1 for the premises is dated before the "
        "permit was issued on 2025-03-01."
    )


def test_prm_cleanouts_only_at_grade_changes_under_the_narrow_reading():
    """PRM-CLEANOUTS (reading prm.cleanout_at_every_point): by default every point where
    runs meet takes a clean-out; the narrow reading asks only where the grade changes."""
    facts = [
        design(
            permit=None,
            segments=[
                seg("property_line", "bend", length_ft=20, fall_ft=0.5, cleanout=False),
                seg("bend", "building", length_ft=20, fall_ft=0.5, cleanout=True),
            ],
        )
    ]
    assert statuses(evaluate(facts, "2025-03-10"), "PRM-CLEANOUTS", "d-1") == ["violation"]
    narrow = with_params(prm_cleanout_at_every_point=False)
    evaluation = evaluate(facts, "2025-03-10", narrow)
    assert statuses(evaluation, "PRM-CLEANOUTS", "d-1") == ["met"]
    assert "reading: every point" not in explanation(evaluation, "PRM-CLEANOUTS", "d-1")


def test_prm_cleanouts_not_required_without_a_building_point():
    """PRM-CLEANOUTS: a design with no building point and no junction asks for none."""
    facts = [design(permit=None, segments=[seg("street_sewer", "property_line")])]
    assert statuses(evaluate(facts, "2025-03-10"), "PRM-CLEANOUTS", "d-1") == []


def test_prm_fee_schedule_is_the_packs():
    """PRM-CHARGES: the amounts come from the pack's schedule, keyed by the permit's
    issue date; a permit kind the schedule omits owes nothing."""
    schedule = {
        "permit": {"house_connection": 300},
        "outside_city_connection": 1000,
        "street_patch_per_sqft": 10,
        "street_patch_minimum": 0,
    }
    pack = with_params(prm_fee_schedule=schedule)
    facts = [
        LOT,
        PERMIT,
        {"type": "street_excavation", "permit": "p-1", "date": "2025-03-02", "area_sqft": 12.5},
        {**PERMIT, "id": "p-2", "kind": "special_grade"},
    ]
    evaluation = evaluate(facts, "2025-03-10", pack)
    assert derived(evaluation, "permit_fees", "p-1") == Decimal("425.00")
    assert derived(evaluation, "permit_fees", "p-2") == 0
    assert statuses(evaluation, "PRM-CHARGES", "p-2") == []
    assert "street patching of 12.5 sq ft at $10.00, $125.00" in explanation(
        evaluation, "PRM-CHARGES", "p-1"
    )


def test_prm_certificate_for_a_special_permit_checks_status_and_fees():
    """PRM-CERTIFICATE: a special permit's certificate needs only a live permit and paid
    fees; a house-connection certificate on a void permit is blocked."""
    evaluation = evaluate(
        [
            LOT,
            {**PERMIT, "id": "sp", "kind": "special_pool", "fees_paid": True},
            {"type": "work_started", "permit": "sp", "date": "2025-03-02"},
            {"type": "final_certificate", "permit": "sp", "date": "2025-03-09"},
            {**PERMIT, "fees_paid": True},
            {"type": "final_certificate", "permit": "p-1", "date": "2025-06-01"},
        ],
        "2025-06-10",
    )
    assert statuses(evaluation, "PRM-CERTIFICATE", "sp") == ["met"]
    assert derived(evaluation, "certificate_ready", "sp") is True
    assert statuses(evaluation, "PRM-CERTIFICATE", "p-1") == ["violation"]
    blockers = derived(evaluation, "certificate_blockers", "p-1")
    assert blockers[0] == "PRM-LAPSE: permit void from 2025-05-01"


def test_prm_certificate_lists_every_failed_check():
    """PRM-CERTIFICATE: failed joints, defective work, the pipe layer's licence, the
    route and the street sewer all block the certificate."""
    facts = [
        LOT,
        {"id": "lot-2", "type": "premises"},
        {**PERMIT, "fees_paid": True, "contractor_license_expires_on": "2025-03-03"},
        {"type": "work_started", "permit": "p-1", "date": "2025-03-02"},
        design(segments=[seg("street_sewer", "property_line")]),
        {"type": "connection_route", "design": "d-1", "lots": ["lot-2"]},
        {
            "id": "us",
            "type": "unaccepted_street_sewer",
            "design": "d-1",
            "supervised": False,
            "plans_approved": True,
        },
        {
            "type": "joint_check",
            "permit": "p-1",
            "date": "2025-03-04",
            "material": "cast_iron",
            "lead_and_oakum": True,
            "caulked": False,
        },
        _test("2025-03-05"),
        {"type": "work_inspection", "permit": "p-1", "date": "2025-03-06", "result": "approved"},
        {"type": "work_inspection", "permit": "p-1", "date": "2025-03-07", "result": "defective"},
    ]
    blockers = derived(evaluate(facts, "2025-03-10"), "certificate_blockers", "p-1")
    assert blockers == [
        "PRM-SAME-LOT: design d-1",
        "PRM-UNACCEPTED-STREET: us",
        "SEW-INSPECTION-NOTICE: work found defective",
        "PRM-JOINTS: joint check of 2025-03-04",
        "SEW-PIPE-LAYER-LICENSE: pipe layer's licence",
    ]


def test_prm_same_lot_needs_a_building_lot():
    """PRM-SAME-LOT: a design whose permit names no premises cannot be checked."""
    facts = [
        LOT,
        {**PERMIT, "premises": None},
        design(),
        {"type": "connection_route", "design": "d-1", "lots": ["lot-1"]},
    ]
    facts[1] = {k: v for k, v in facts[1].items() if v is not None}
    assert statuses(evaluate(facts, "2025-03-10"), "PRM-SAME-LOT", "d-1") == []


def test_prm_test_sections_with_no_lengths_have_no_plan():
    """PRM-TEST-SECTIONS: a section plan needs the runs' lengths."""
    facts = [design(permit=None, segments=[seg("property_line", "building", fall_ft=12)])]
    evaluation = evaluate(facts, "2025-03-10")
    assert derived(evaluation, "test_in_sections", "d-1") is True
    assert derived(evaluation, "test_sections", "d-1") is None


def test_prm_certificate_for_a_permit_not_yet_issued_is_not_judged():
    """PRM-CERTIFICATE: a certificate dated before its permit's issue date (a data
    error) is left alone rather than judged against a permit not yet in force."""
    facts = [
        LOT,
        {**PERMIT, "issued_on": "2025-04-01"},
        {"type": "final_certificate", "permit": "p-1", "date": "2025-03-05"},
    ]
    assert statuses(evaluate(facts, "2025-03-10"), "PRM-CERTIFICATE", "p-1") == []
