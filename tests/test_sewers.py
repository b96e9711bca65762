"""General sewer rules (SEW-*): the area's fact types reject bad input with clear
messages, and the pack's readings change what the rules conclude."""

from __future__ import annotations

from datetime import date
from functools import partial

from . import support
from .support import evaluate, explanation, statuses, with_params

LOT = {"id": "lot-1", "type": "premises"}
WASH = {"id": "wash", "type": "establishment", "category": "car_wash", "name": "Sparkle"}
TRAP = {
    "id": "st-1",
    "type": "device",
    "establishment": "wash",
    "kind": "sand_trap",
    "approved": True,
    "installed_on": "2024-01-01",
}


problems = partial(support.problems, base=(LOT, WASH, TRAP))
one_problem = partial(support.one_problem, base=(LOT, WASH, TRAP))


# --------------------------------------------------------------------------- bad input


def test_sew_washrack_use_until_not_before_date():
    """SEW-WASHRACK-SANDTRAP: a run of days in use ends on or after it starts."""
    message = one_problem(
        {
            "type": "wash_rack_use",
            "establishment": "wash",
            "date": "2025-03-05",
            "until": "2025-03-02",
        }
    )
    assert message == (
        "fact 4 (wash_rack_use): (fact): until: the last day in use comes before the first (date)"
    )


def test_sew_sand_trap_inspection_names_a_device():
    """SEW-WASHRACK-SANDTRAP: a log entry names the sand trap (a device), with a date."""
    found = problems({"type": "sand_trap_inspection", "device": "wash", "date": "March 3"})
    assert (
        "fact 4 (sand_trap_inspection): date: expected a date (YYYY-MM-DD), got 'March 3'" in found
    )
    assert (
        "fact 4 (sand_trap_inspection): device: 'wash' is a establishment, expected device" in found
    )


def test_sew_drain_connection_rejects_unknown_sources_and_paths():
    """SEW-STORMWATER, SEW-CELLAR-SANDTRAP, …: the source and the path are enumerations."""
    found = problems(
        {
            "id": "dc",
            "type": "drain_connection",
            "premises": "lot-1",
            "source": "sink",
            "through": "filter",
        }
    )
    assert len(found) == 2
    assert found[0].startswith("fact 4 (id 'dc', drain_connection): source: 'sink' is not one of")
    assert found[1].startswith(
        "fact 4 (id 'dc', drain_connection): through: 'filter' is not one of 'direct'"
    )


def test_sew_drain_connection_requires_an_id_and_premises():
    """SEW-POOL-PERMIT: a drain connection is a thing other facts may name."""
    found = problems({"type": "drain_connection", "source": "swimming_pool"})
    assert "fact 4 (drain_connection): id: required field is missing" in found
    assert "fact 4 (drain_connection): premises: required field is missing" in found


def test_sew_connect_required_cesspool_dates_are_dates():
    """SEW-CONNECT-REQUIRED: a cesspool's construction date is a calendar date."""
    message = one_problem(
        {"id": "c", "type": "cesspool", "premises": "lot-1", "constructed_on": "2024-13-01"}
    )
    assert (
        message == "fact 4 (id 'c', cesspool): constructed_on: '2024-13-01' is not a calendar date"
    )


def test_sew_manhole_entry_names_a_permit_and_a_known_act():
    """SEW-MANHOLE-ENTRY: the act is one of the four of § 6-8.134; the permit is a permit."""
    found = problems(
        {"id": "e", "type": "sewer_entry", "date": "2025-03-01", "act": "swim", "permit": "lot-1"}
    )
    assert any(
        p.startswith("fact 4 (id 'e', sewer_entry): act: 'swim' is not one of") for p in found
    )
    assert "fact 4 (id 'e', sewer_entry): permit: 'lot-1' is a premises, expected permit" in found


# --------------------------------------------------------------------------- readings


def test_sew_connect_required_rests_on_the_record_not_a_presumption():
    """SEW-CONNECT-REQUIRED: a cesspool with no construction date is not shown new, and
    one no inspection has found inadequate may stay; only a record of either makes a
    violation. The reading relied on is the finding's, not the explanation's."""
    facts = [
        {**LOT, "address": "12 Mission Dr"},
        {"id": "c", "type": "cesspool", "premises": "lot-1"},
        {"id": "bad", "type": "cesspool", "premises": "lot-1", "adequate": False},
    ]
    evaluation = evaluate(facts, "2025-03-10")
    assert statuses(evaluation, "SEW-CONNECT-REQUIRED", "c") == ["met"]
    (undated,) = support.findings(evaluation, "SEW-CONNECT-REQUIRED", "c")
    assert undated.explanation == (
        "The cesspool at 12 Mission Dr has no recorded construction date, so it is not "
        "shown to be new; it may stay while sufficient and adequate to serve the premises, "
        "and no inspection has found it otherwise."
    )
    assert (
        undated.reading_text
        == "A cesspool is new only when its record dates it after the prohibition."
    )
    assert undated.cite == "'65 Code § 6-8.102"
    assert statuses(evaluation, "SEW-CONNECT-REQUIRED", "bad") == ["violation"]
    assert "found not sufficient and adequate" in explanation(
        evaluation, "SEW-CONNECT-REQUIRED", "bad"
    )


def test_sew_connect_required_abandoned_before_built_is_a_data_problem():
    """SEW-CONNECT-REQUIRED: a cesspool recorded abandoned before it was built
    contradicts itself: a data problem, and no finding."""
    facts = [
        LOT,
        {
            "id": "c",
            "type": "cesspool",
            "premises": "lot-1",
            "constructed_on": "1990-01-01",
            "abandoned_on": "1980-01-01",
        },
    ]
    evaluation = evaluate(facts, "2025-03-10")
    assert statuses(evaluation, "SEW-CONNECT-REQUIRED", "c") == []
    (problem,) = evaluation.data_problems
    assert problem.facts == ("c",)
    assert problem.text == (
        "The cesspool at the premises is recorded abandoned on 1980-01-01, before it was "
        "built on 1990-01-01."
    )


def test_sew_sand_trap_log_after_its_removal_is_a_data_problem():
    """SEW-WASHRACK-SANDTRAP: a log entry dated on or after the day the sand trap was
    removed contradicts the device's record: a data problem naming the removal, in
    each language, and no inspection that day."""
    from sanitas.ordinance.messages import Message, render

    facts = [
        WASH,
        {**TRAP, "removed_on": "2025-03-05"},
        {"id": "late", "type": "sand_trap_inspection", "device": "st-1", "date": "2025-03-06"},
    ]
    evaluation = evaluate(facts, "2025-03-10")
    (problem,) = evaluation.data_problems
    assert problem.facts == ("late", "st-1")
    assert problem.text == (
        "The sand trap inspection of 2025-03-06 is logged for the sand trap of Sparkle, which "
        "was removed on 2025-03-05."
    )
    assert isinstance(problem.problem, Message)
    assert render(problem.problem, "es") == (
        "La inspección de trampa de arena del 6 de marzo de 2025 está anotada en el registro "
        "de la trampa de arena de Sparkle, que se retiró el 5 de marzo de 2025."
    )
    assert render(problem.problem, "zh-Hant") == (
        "2025年3月6日的沉砂器檢查登載於Sparkle的沉砂器名下，但該設備已於2025年3月5日移除。"
    )


def test_sew_connect_required_ban_date_is_the_packs():
    """SEW-CONNECT-REQUIRED (reading sew.cesspool_ban_from): the city enters Ord. 410's
    date and older cesspools become existing ones; the reading names the date entered,
    as each language writes a date."""
    from sanitas.ordinance.messages import render

    facts = [
        LOT,
        {"id": "c", "type": "cesspool", "premises": "lot-1", "constructed_on": "1970-05-01"},
    ]
    assert statuses(evaluate(facts, "2025-03-10"), "SEW-CONNECT-REQUIRED", "c") == ["violation"]
    later = with_params(sew_cesspool_ban_from=date(1971, 1, 1))
    evaluation = evaluate(facts, "2025-03-10", later)
    assert statuses(evaluation, "SEW-CONNECT-REQUIRED", "c") == ["met"]
    (found,) = support.findings(evaluation, "SEW-CONNECT-REQUIRED", "c")
    assert found.reading_text == (
        "A cesspool built on or after 1971-01-01 is a new cesspool; the ordinance's own date is "
        "not printed, so the 1965 Code's is used."
    )
    assert render(found.reading, "es").startswith(
        "Un pozo negro construido el 1 de enero de 1971 o después es un pozo negro nuevo"
    )
    assert render(found.reading, "zh-Hant").startswith("於1971年1月1日當日或之後建造的化糞池")


def test_sew_approval_on_record_reading():
    """SEW-WASHRACK-SANDTRAP, SEW-GREASE-TRAP-MEALS (reading sew.approval_on_record): a
    device with no approval recorded counts only when the pack says so."""
    facts = [
        WASH,
        {**TRAP, "approved": None},
        {
            "id": "gt",
            "type": "device",
            "establishment": "wash",
            "kind": "grease_trap",
            "installed_on": "2024-01-01",
            "grease_capacity_lbs": 60,
        },
    ]
    facts[1] = {k: v for k, v in facts[1].items() if v is not None}
    default = evaluate(facts, "2025-03-10")
    assert statuses(default, "SEW-WASHRACK-SANDTRAP", "wash") == ["violation"]
    (found,) = support.findings(default, "SEW-WASHRACK-SANDTRAP", "wash")
    assert found.explanation == (
        "Sparkle operates a wash rack with no approved sand trap; its sand trap on record is "
        "not recorded approved, so its effluent may not flow into the sewer."
    )
    assert found.reading_text.startswith("A device counts as approved only when its record says so")
    assert statuses(default, "SEW-GREASE-TRAP-MEALS", "wash") == ["violation"]
    trusting = with_params(sew_approval_on_record=False)
    evaluation = evaluate(facts, "2025-03-10", trusting)
    assert statuses(evaluation, "SEW-WASHRACK-SANDTRAP", "wash") == ["met"]
    assert statuses(evaluation, "SEW-GREASE-TRAP-MEALS", "wash") == ["met"]


def test_sew_grease_trap_interceptor_and_outlet_readings():
    """SEW-GREASE-TRAP-MEALS (readings sew.interceptor_counts_as_grease_trap,
    sew.grease_trap_per_outlet)."""
    facts = [
        {
            "id": "fse",
            "type": "establishment",
            "category": "restaurant",
            "meals_per_day": 120,
            "kitchen_sink_outlets": 3,
        },
        {
            "id": "gi",
            "type": "device",
            "establishment": "fse",
            "kind": "grease_interceptor",
            "approved": True,
            "installed_on": "2020-01-01",
        },
        {
            "id": "gt",
            "type": "device",
            "establishment": "fse",
            "kind": "grease_trap",
            "approved": True,
            "installed_on": "2020-01-01",
            "grease_capacity_lbs": 20,
        },
    ]
    assert statuses(evaluate(facts, "2025-03-10"), "SEW-GREASE-TRAP-MEALS", "fse") == ["met"]
    no_interceptor = with_params(sew_interceptor_counts_as_grease_trap=False)
    evaluation = evaluate(facts, "2025-03-10", no_interceptor)
    assert statuses(evaluation, "SEW-GREASE-TRAP-MEALS", "fse") == ["violation"]
    (found,) = support.findings(evaluation, "SEW-GREASE-TRAP-MEALS", "fse")
    assert "one for each of its 3 kitchen sink outlets; it has 1 approved grease trap." in (
        found.explanation
    )
    assert found.reading_text.startswith("One grease trap is required for each kitchen sink outlet")
    one_trap = with_params(
        sew_interceptor_counts_as_grease_trap=False, sew_grease_trap_per_outlet=False
    )
    assert statuses(evaluate(facts, "2025-03-10", one_trap), "SEW-GREASE-TRAP-MEALS", "fse") == [
        "met"
    ]


def test_sew_grease_trap_kitchen_and_wash_rack_wastes():
    """SEW-GREASE-TRAP-MEALS: an establishment with both meals and a wash rack is told
    both wastes pass through traps; a closed one is not."""
    facts = [
        {
            "id": "both",
            "type": "establishment",
            "category": "other",
            "meals_per_day": 150,
            "wash_rack": True,
        },
        {
            "id": "closed",
            "type": "establishment",
            "category": "restaurant",
            "meals_per_day": 150,
            "closed_on": "2025-01-01",
        },
    ]
    evaluation = evaluate(facts, "2025-03-10")
    assert "its kitchen sink and wash rack wastes" in explanation(
        evaluation, "SEW-GREASE-TRAP-MEALS", "both"
    )
    assert statuses(evaluation, "SEW-GREASE-TRAP-MEALS", "closed") == []


def test_sew_grease_trap_size_is_not_judged_without_a_recorded_capacity():
    """SEW-GREASE-TRAP-SIZE: a trap whose record gives no guaranteed capacity is left to
    inspection; the missing figure is never taken as none."""
    facts = [
        {"id": "fse", "type": "establishment", "category": "restaurant", "meals_per_day": 150},
        {
            "id": "gt",
            "type": "device",
            "establishment": "fse",
            "kind": "grease_trap",
            "approved": True,
            "installed_on": "2020-01-01",
        },
        {**TRAP, "id": "gt-small", "establishment": "fse", "kind": "grease_trap"},
    ]
    facts[2]["grease_capacity_lbs"] = 12
    evaluation = evaluate(facts, "2025-03-10")
    assert statuses(evaluation, "SEW-GREASE-TRAP-SIZE", "gt") == []
    assert statuses(evaluation, "SEW-GREASE-TRAP-SIZE", "gt-small") == ["violation"]


def test_sew_city_inspection_of_a_sand_trap_reading():
    """SEW-WASHRACK-SANDTRAP (reading sew.washrack_city_inspection_counts): a city
    inspection of the trap counts as the day's inspection unless the pack says not."""
    facts = [
        WASH,
        TRAP,
        {"type": "wash_rack_use", "establishment": "wash", "date": "2025-03-03"},
        {"type": "inspection", "subject": "st-1", "date": "2025-03-03"},
    ]
    assert statuses(evaluate(facts, "2025-03-10"), "SEW-WASHRACK-SANDTRAP", "st-1") == ["met"]
    own_log = with_params(sew_washrack_city_inspection_counts=False)
    evaluation = evaluate(facts, "2025-03-10", own_log)
    assert statuses(evaluation, "SEW-WASHRACK-SANDTRAP", "st-1") == ["overdue"]
    (missed,) = [d.value for d in evaluation.derived if d.name == "sand_trap_missed_days"]
    assert missed == [date(2025, 3, 3)]


def test_sew_sand_trap_log_lists_at_most_five_days():
    """SEW-WASHRACK-SANDTRAP: a long gap is summarized, the count kept."""
    facts = [
        WASH,
        TRAP,
        {
            "type": "wash_rack_use",
            "establishment": "wash",
            "date": "2025-03-01",
            "until": "2025-03-09",
        },
    ]
    text = explanation(evaluate(facts, "2025-03-10"), "SEW-WASHRACK-SANDTRAP", "st-1")
    assert "not inspected on 9 of them (2025-03-01, 2025-03-02, 2025-03-03, 2025-03-04, " in text
    assert "2025-03-05 and 4 more)" in text


def test_sew_pipe_layer_license_unrecorded_reading():
    """SEW-PIPE-LAYER-LICENSE (reading sew.unrecorded_license_fails): a named pipe
    layer's licence not on record is overdue from the start of work, never a violation
    (the record's silence is not a licence refused); the lenient reading checks nothing."""
    facts = [
        LOT,
        {
            "id": "p",
            "type": "permit",
            "kind": "house_connection",
            "premises": "lot-1",
            "issued_on": "2025-03-01",
            "number": "HC-7",
            "contractor": "Dave's Drains",
        },
        {"type": "work_started", "permit": "p", "date": "2025-03-02"},
    ]
    evaluation = evaluate(facts, "2025-03-10")
    (found,) = support.findings(evaluation, "SEW-PIPE-LAYER-LICENSE", "p")
    assert (found.status, found.due) == ("overdue", date(2025, 3, 2))
    assert found.explanation == (
        "No city business licence is on record for Dave's Drains, who has laid sewer under "
        "permit HC-7 for the premises since 2025-03-02; the licence must be shown before "
        "sewer is laid."
    )
    assert found.reading is not None
    assert statuses(evaluation, "GEN-PENALTY-MISDEMEANOR", "p") == []
    lenient = with_params(sew_unrecorded_license_fails=False)
    assert statuses(evaluate(facts, "2025-03-10", lenient), "SEW-PIPE-LAYER-LICENSE", "p") == []


def test_sew_pipe_layer_license_expiry_needs_work_recorded_after_it():
    """SEW-PIPE-LAYER-LICENSE: a licence that runs out while the work is under way is
    due at the expiry, with no presumption that work went on; a record of work after
    the expiry (here a pressure test) is the violation, and the referral follows it."""
    permit = {
        "id": "p",
        "type": "permit",
        "kind": "house_connection",
        "premises": "lot-1",
        "issued_on": "2025-03-01",
        "contractor": "Canyon Sewer Contractors",
        "contractor_license_expires_on": "2025-03-20",
    }
    start = {"type": "work_started", "permit": "p", "date": "2025-03-02"}
    quiet = evaluate([LOT, permit, start], "2025-04-10")
    (found,) = support.findings(quiet, "SEW-PIPE-LAYER-LICENSE", "p")
    assert (found.status, found.due) == ("due", date(2025, 3, 20))
    assert "went on" not in found.explanation
    assert found.explanation.startswith(
        "Canyon Sewer Contractors' city business licence expired on 2025-03-20 while the work"
    )
    assert statuses(quiet, "GEN-PENALTY-MISDEMEANOR", "p") == []
    test = {
        "id": "t-1",
        "type": "pressure_test",
        "permit": "p",
        "date": "2025-03-25",
        "kind": "air",
        "psi_at_lower_terminus": 4,
        "leaked": False,
    }
    shown = evaluate([LOT, permit, start, test], "2025-04-10")
    assert statuses(shown, "SEW-PIPE-LAYER-LICENSE", "p") == ["violation"]
    assert explanation(shown, "SEW-PIPE-LAYER-LICENSE", "p") == (
        "Canyon Sewer Contractors' city business licence expired on 2025-03-20, but the air "
        "test of 2025-03-25 shows sewer work under the house connection permit for the "
        "premises issued 2025-03-01 after it."
    )
    (referral,) = support.findings(shown, "GEN-PENALTY-MISDEMEANOR", "p")
    assert referral.cite == "§ 10.99"


def test_sew_pipe_layer_license_covers_work_on_a_void_permit():
    """SEW-PIPE-LAYER-LICENSE: work done after the permit lapsed is still sewer laid."""
    facts = [
        LOT,
        {
            "id": "p",
            "type": "permit",
            "kind": "house_connection",
            "premises": "lot-1",
            "issued_on": "2025-01-01",
            "contractor_license_expires_on": "2025-04-01",
        },
        {"type": "work_started", "permit": "p", "date": "2025-05-01"},
    ]
    evaluation = evaluate(facts, "2025-05-10")
    assert statuses(evaluation, "SEW-PIPE-LAYER-LICENSE", "p") == ["violation"]
    assert "the start of work on 2025-05-01 shows sewer work" in explanation(
        evaluation, "SEW-PIPE-LAYER-LICENSE", "p"
    )


def test_sew_acids_automatic_intake_not_recorded_is_noted():
    """SEW-ACIDS: a neutralizing tank with no intake recorded passes, and says so."""
    facts = [
        LOT,
        {
            "id": "a",
            "type": "drain_connection",
            "premises": "lot-1",
            "source": "acid_waste",
            "through": "neutralizing_tank",
        },
    ]
    text = explanation(evaluate(facts, "2025-03-10"), "SEW-ACIDS", "a")
    assert text == (
        "The acid waste line at the premises passes through a dilution and neutralizing "
        "tank; its automatic intake is not recorded."
    )


def test_sew_removals_end_a_violation():
    """SEW-CONNECT-REQUIRED, SEW-STORMWATER, SEW-WASHRACK-SANDTRAP: an abandoned cesspool,
    a disconnected drain and a closed wash rack are no longer violations. (Kept out of
    the scenario files: the dates that end them are fields, not dated facts, so the
    time-only invariant would read them as time undoing a violation.)"""
    facts = [
        LOT,
        {
            "id": "c",
            "type": "cesspool",
            "premises": "lot-1",
            "constructed_on": "2020-01-01",
            "abandoned_on": "2025-03-10",
        },
        {
            "id": "roof",
            "type": "drain_connection",
            "premises": "lot-1",
            "source": "roof_conductor",
            "connected_on": "2024-01-01",
            "disconnected_on": "2025-03-01",
        },
        {**WASH, "closed_on": "2025-01-31"},
    ]
    before = evaluate(facts, "2024-12-31")
    assert statuses(before, "SEW-CONNECT-REQUIRED", "c") == ["violation"]
    assert statuses(before, "SEW-STORMWATER", "roof") == ["violation"]
    assert statuses(before, "SEW-WASHRACK-SANDTRAP", "wash") == ["violation"]
    after = evaluate(facts, "2025-03-10")
    assert statuses(after, "SEW-CONNECT-REQUIRED", "c") == ["met"]
    assert explanation(after, "SEW-CONNECT-REQUIRED", "c") == (
        "The cesspool at the premises was abandoned on 2025-03-10 and the plumbing drains "
        "into the public sewer."
    )
    assert statuses(after, "SEW-STORMWATER", "roof") == ["met"]
    assert "disconnected from the sewer on 2025-03-01" in explanation(
        after, "SEW-STORMWATER", "roof"
    )
    assert statuses(after, "SEW-WASHRACK-SANDTRAP", "wash") == []
