"""FOG (§§ 51.61–51.68): the area's fact types reject bad input with clear messages,
and the pack's readings change what the rules conclude."""

from __future__ import annotations

from datetime import date
from functools import partial
from typing import Any

import pytest

from sanitas.ordinance import fog
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import Parameter, RulePack, load_pack

from . import support
from .support import derived, evaluate, restated, statuses

FSE = {"id": "fse-1", "type": "establishment", "category": "restaurant", "cooks": True}
GI = {
    "id": "gi-1",
    "type": "device",
    "establishment": "fse-1",
    "kind": "grease_interceptor",
    "installed_on": "2020-01-01",
}


problems = partial(support.problems, base=(FSE, GI))
one_problem = partial(support.one_problem, base=(FSE, GI))


def with_params(**values: Any) -> RulePack:
    """The San Gabriel pack with some FOG parameters restated from 2000-01-01."""
    return restated({"fog." + key: value for key, value in values.items()})


# --------------------------------------------------------------------------- bad input


def test_fog_observation_rejects_an_unknown_monitoring_state():
    """FOG-MONITORING-FACILITY: the state is one of the four the rule knows."""
    message = one_problem(
        {
            "type": "fog_observation",
            "establishment": "fse-1",
            "date": "2025-01-01",
            "monitoring_facility": "flooded",
        }
    )
    assert "fact 3 (fog_observation): monitoring_facility:" in message
    assert "'flooded' is not one of" in message


def test_fog_observation_needs_a_date_and_true_or_false():
    """FOG-DISCHARGE-PROHIBITION: an observation is dated and its findings are booleans."""
    found = problems({"type": "fog_observation", "establishment": "fse-1", "fog_discharge": "yes"})
    assert "fact 3 (fog_observation): date: required field is missing" in found
    assert "fact 3 (fog_observation): fog_discharge: expected true or false, got 'yes'" in found


def test_fog_observation_device_must_be_a_device():
    """FOG-SANITARY-FIXTURES: the device observed is a device."""
    message = one_problem(
        {
            "type": "fog_observation",
            "establishment": "fse-1",
            "date": "2025-01-01",
            "device": "fse-1",
        }
    )
    assert (
        message == "fact 3 (fog_observation): device: 'fse-1' is a establishment, expected device"
    )


def test_fog_decision_rejects_an_unknown_kind():
    """FOG-ADDITIVES: a Director's decision is one of the kinds the rules read."""
    message = one_problem(
        {"type": "fog_decision", "establishment": "fse-1", "kind": "blessing", "date": "2025-01-01"}
    )
    assert message.startswith("fact 3 (fog_decision): kind: 'blessing' is not one of")


def test_fog_decision_cannot_be_revoked_before_it_was_made():
    """FOG-ADDITIVES: revoked_on is on or after the decision's date."""
    message = one_problem(
        {
            "id": "d-1",
            "type": "fog_decision",
            "establishment": "fse-1",
            "kind": "additives_approved",
            "date": "2025-01-10",
            "revoked_on": "2025-01-09",
        }
    )
    assert "fact 3 (id 'd-1', fog_decision)" in message
    assert "revoked_on: 2025-01-09 is before date 2025-01-10" in message


def test_operations_change_rejects_an_unknown_change():
    """FOG-WAIVER: the changes in operations that void a conditional waiver are named."""
    message = one_problem(
        {
            "type": "operations_change",
            "establishment": "fse-1",
            "date": "2025-01-01",
            "change": "new_paint",
        }
    )
    assert message.startswith("fact 3 (operations_change): change: 'new_paint' is not one of")


@pytest.mark.parametrize("time", ["25:00", "9:30", "noon"])
def test_in_house_cleaning_time_is_a_time_of_day(time):
    """FOG-COMPLIANCE-RECORD: the log's time is HH:MM."""
    message = one_problem(
        {"type": "in_house_cleaning", "device": "gi-1", "date": "2025-01-01", "time": time}
    )
    assert "fact 3 (in_house_cleaning)" in message
    assert f"time: expected a time of day (HH:MM), got '{time}'" in message


def test_in_house_cleaning_volume_cannot_be_negative():
    """FOG-COMPLIANCE-RECORD: the volume removed is zero or more."""
    message = one_problem(
        {"type": "in_house_cleaning", "device": "gi-1", "date": "2025-01-01", "volume_gallons": -2}
    )
    assert message.startswith("fact 3 (in_house_cleaning): volume_gallons:")
    assert "greater than or equal to 0" in message


def charge(**fields: Any) -> dict[str, Any]:
    base = {
        "id": "ch-1",
        "type": "noncompliance_charge",
        "establishment": "fse-1",
        "assessed_on": "2025-01-10",
        "costs": [{"category": "sampling", "amount_cents": 10000}],
    }
    return {**base, **fields}


def test_charge_needs_at_least_one_cost():
    """FOG-NONCOMPLIANCE-CHARGE: the charge is itemized."""
    message = one_problem(charge(costs=[]))
    assert "fact 3 (id 'ch-1', noncompliance_charge)" in message
    assert "costs: list at least one itemized cost" in message


def test_charge_costs_are_required():
    """FOG-NONCOMPLIANCE-CHARGE: a charge without costs cannot be computed."""
    raw = charge()
    del raw["costs"]
    assert one_problem(raw) == (
        "fact 3 (id 'ch-1', noncompliance_charge): costs: required field is missing"
    )


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        (-5, "costs[0].amount_cents: input should be greater than or equal to 0"),
        (12.5, "costs[0].amount_cents: expected a whole number, got 12.5"),
        ("100", "costs[0].amount_cents: expected a whole number, got '100'"),
    ],
)
def test_charge_amounts_are_whole_cents(amount, words):
    """FOG-NONCOMPLIANCE-CHARGE: costs are non-negative whole cents, never float."""
    message = one_problem(charge(costs=[{"category": "sampling", "amount_cents": amount}]))
    assert words in message


def test_charge_cost_category_is_one_of_the_ordinance_costs():
    """FOG-NONCOMPLIANCE-CHARGE: only the costs § 51.67(B) names."""
    message = one_problem(charge(costs=[{"category": "lunch", "amount_cents": 10}]))
    assert "costs[0].category: 'lunch' is not one of" in message


def test_charge_cost_line_has_no_unknown_fields():
    """FOG-NONCOMPLIANCE-CHARGE: a cost line is a closed mapping."""
    message = one_problem(charge(costs=[{"category": "sampling", "amount_cents": 10, "tip": 2}]))
    assert message.endswith("costs[0].tip: unknown field")


def test_charge_billed_amount_and_dates_are_checked():
    """FOG-NONCOMPLIANCE-CHARGE: the billed total is cents; due and paid follow assessment."""
    assert "billed_cents: input should be greater than or equal to 0" in one_problem(
        charge(billed_cents=-1)
    )
    assert "due_on: 2025-01-09 is before assessed_on 2025-01-10" in one_problem(
        charge(due_on="2025-01-09")
    )
    assert "paid_on: 2025-01-01 is before assessed_on 2025-01-10" in one_problem(
        charge(paid_on="2025-01-01")
    )


def test_a_valid_charge_parses_through_the_fast_path():
    """FOG-NONCOMPLIANCE-CHARGE: a well-formed charge is mirrored and keeps its cents."""
    facts = parse_facts([FSE, GI, charge(costs=[{"category": "sampling", "amount_cents": 1010}])])
    assert facts[-1].costs[0].amount_cents == 1010


# --------------------------------------------------------------------------- helpers


def test_every_month_reads_as_words():
    """FOG-MIN-FREQUENCY: a frequency is said as a person says it."""
    assert fog._every(1) == "every month"
    assert fog._every(6) == "every 6 months"


def test_cents_read_as_dollars():
    """FOG-NONCOMPLIANCE-CHARGE: explanations show cents as dollars and cents."""
    assert fog._cents(155575) == "$1,555.75"
    assert fog._cents(5) == "$0.05"
    assert fog._cents(0) == "$0.00"


# --------------------------------------------------------------------------- readings


def test_reading_unsigned_training_counts_where_the_pack_says_so():
    """FOG-TRAINING-NEW-HIRE: with the signature reading off, an unsigned training counts."""
    facts = [
        FSE,
        {"id": "emp-1", "type": "employee", "establishment": "fse-1", "hired_on": "2025-02-03"},
        {
            "type": "training",
            "establishment": "fse-1",
            "date": "2025-02-10",
            "employees": ["emp-1"],
            "signed": False,
        },
    ]
    default = evaluate(facts, "2025-03-01")
    assert statuses(default, "FOG-TRAINING-NEW-HIRE", "emp-1") == ["overdue"]
    relaxed = evaluate(facts, "2025-03-01", with_params(training_counts_only_signed=False))
    assert statuses(relaxed, "FOG-TRAINING-NEW-HIRE", "emp-1") == ["met"]
    # the records requirement still sees the missing signatures
    assert statuses(relaxed, "FOG-TRAINING-RECORDS", "fse-1") == ["violation"]


def test_reading_waiver_lapses_on_its_expiry_date():
    """FOG-WAIVER: the pack decides whether a waiver holds on its expires_on date."""
    facts = [
        FSE,
        {
            "id": "w-1",
            "type": "waiver",
            "subject": "fse-1",
            "kind": "fog_conditional",
            "granted_on": "2020-01-01",
            "expires_on": "2025-03-01",
        },
    ]
    assert derived(evaluate(facts, "2025-03-01"), "waiver_valid", "w-1") is True
    strict = with_params(waiver_valid_through_expiry=False)
    assert derived(evaluate(facts, "2025-03-01", strict), "waiver_valid", "w-1") is False
    assert derived(evaluate(facts, "2025-02-28", strict), "waiver_valid", "w-1") is True


def test_reading_variance_device_must_be_approved():
    """FOG-INTERCEPTOR-REQUIRED: with the reading on, only an approved alternative device meets
    the requirement while a variance holds; one recorded unapproved is a violation, one whose
    approval is not on record is to be confirmed."""

    def facts(approved: bool | None) -> list[dict[str, Any]]:
        trap = {
            "id": "gt-1",
            "type": "device",
            "establishment": "fse-1",
            "kind": "grease_trap",
            "installed_on": "2020-01-01",
        }
        if approved is not None:
            trap["approved"] = approved
        return [
            {**FSE, "opened_on": "2020-01-01"},
            trap,
            {
                "id": "v-1",
                "type": "waiver",
                "subject": "fse-1",
                "kind": "fog_variance",
                "granted_on": "2020-02-01",
            },
        ]

    strict_pack = with_params(variance_device_must_be_approved=True)
    default = evaluate(facts(None), "2025-03-01")
    assert statuses(default, "FOG-INTERCEPTOR-REQUIRED", "fse-1") == ["met"]
    (finding,) = support.findings(default, "FOG-INTERCEPTOR-REQUIRED", "fse-1")
    assert finding.cite == "§ 51.63(C)" and "any pretreatment device" in finding.reading_text
    refused = evaluate(facts(False), "2025-03-01", strict_pack)
    (finding,) = support.findings(refused, "FOG-INTERCEPTOR-REQUIRED", "fse-1")
    assert finding.status == "violation"
    assert "but the grease trap of the restaurant is not approved" in finding.explanation
    unknown = evaluate(facts(None), "2025-03-01", strict_pack)
    (finding,) = support.findings(unknown, "FOG-INTERCEPTOR-REQUIRED", "fse-1")
    assert finding.status == "due" and finding.reading == fog.APPROVAL_NOT_RECORDED


def test_reading_blockage_may_void_a_conditional_waiver():
    """FOG-WAIVER: a pack may add a later blockage to the changes that void the waiver."""
    facts = [
        FSE,
        {"type": "ownership_transfer", "establishment": "fse-1", "date": "2019-01-01"},
        {
            "id": "w-1",
            "type": "waiver",
            "subject": "fse-1",
            "kind": "fog_conditional",
            "granted_on": "2020-01-01",
        },
        {"type": "blockage", "establishment": "fse-1", "date": "2024-04-04"},
    ]
    default = evaluate(facts, "2025-03-01")
    assert derived(default, "waiver_valid", "w-1") is True
    assert derived(default, "fog_interceptor_required", "fse-1") is False
    kinds = ["plumbing_renovation", "ownership_transfer", "blockage"]
    wider = evaluate(facts, "2025-03-01", with_params(conditional_waiver_voided_by=kinds))
    assert derived(wider, "waiver_voided_on", "w-1") == date(2024, 4, 4)
    (finding,) = [f for f in wider.findings if f.requirement == "FOG-INTERCEPTOR-REQUIRED"]
    assert "was voided on 2024-04-04 by a grease-related blockage" in finding.explanation


def test_premises_waiver_covers_its_establishments():
    """FOG-WAIVER: a FOG conditional waiver granted on a premises covers the FSEs there and
    is voided by their changes."""
    facts = [
        {"id": "p-1", "type": "premises"},
        {**FSE, "premises": "p-1"},
        {"type": "ownership_transfer", "establishment": "fse-1", "date": "2019-01-01"},
        {
            "id": "w-1",
            "type": "waiver",
            "subject": "p-1",
            "kind": "fog_conditional",
            "granted_on": "2020-01-01",
        },
        {
            "type": "operations_change",
            "establishment": "fse-1",
            "date": "2024-06-01",
            "change": "increased_discharge",
        },
    ]
    before = evaluate(facts, "2024-05-31")
    assert derived(before, "fog_interceptor_required", "fse-1") is False
    after = evaluate(facts, "2024-06-01")
    assert derived(after, "waiver_voided_on", "w-1") == date(2024, 6, 1)
    assert derived(after, "fog_interceptor_required", "fse-1") is True


def test_variance_on_a_premises_names_each_fse():
    """FOG-VARIANCE: a variance granted on a premises is checked at each FSE there."""
    facts = [
        {"id": "p-1", "type": "premises"},
        {**FSE, "premises": "p-1", "opened_on": "2020-01-01"},
        {
            "id": "gt-1",
            "type": "device",
            "establishment": "fse-1",
            "kind": "grease_trap",
            "approved": True,
            "installed_on": "2020-01-01",
        },
        {"id": "cold", "type": "establishment", "premises": "p-1", "category": "other"},
        {
            "id": "v-1",
            "type": "waiver",
            "subject": "p-1",
            "kind": "fog_variance",
            "granted_on": "2020-01-01",
        },
    ]
    result = evaluate(facts, "2025-03-01")
    (finding,) = [f for f in result.findings if f.requirement == "FOG-VARIANCE"]
    assert finding.subject == "v-1" and finding.status == "met"
    assert finding.explanation == (
        "The FOG variance granted 2020-01-01 to the restaurant allows another pretreatment "
        "device in place of a grease interceptor; the grease trap of the restaurant is approved."
    )


def test_interceptor_with_unrecorded_compartments():
    """FOG-INTERCEPTOR-REQUIRED: an interceptor whose compartments are not recorded does not
    show it has two, nor that it has fewer: they are to be confirmed (due), not a violation."""
    facts = [
        {**FSE, "opened_on": "2020-01-01"},
        {**GI, "approved": True},
    ]
    result = evaluate(facts, "2025-03-01")
    (finding,) = [f for f in result.findings if f.requirement == "FOG-INTERCEPTOR-REQUIRED"]
    assert finding.status == "due" and finding.reading == fog.APPROVAL_NOT_RECORDED
    assert (
        "its number of compartments (at least 2 are required) is not on record"
        in finding.explanation
    )
    one = evaluate([facts[0], {**GI, "approved": True, "compartments": 1}], "2025-03-01")
    assert statuses(one, "FOG-INTERCEPTOR-REQUIRED", "fse-1") == ["violation"]
    assert "has 1 compartment, fewer than the 2 required" in support.explanation(
        one, "FOG-INTERCEPTOR-REQUIRED", "fse-1"
    )


def test_min_frequency_names_an_ignored_partial_pump_out():
    """FOG-MIN-FREQUENCY: a partial pump-out after the last full one does not reset the clock,
    and the explanation says so."""
    facts = [
        FSE,
        GI,
        {"type": "pump_out", "device": "gi-1", "date": "2024-10-02", "full": True},
        {"type": "pump_out", "device": "gi-1", "date": "2025-02-10", "full": False},
        {"type": "frequency_order", "device": "gi-1", "date": "2024-01-01", "months": 6},
    ]
    result = evaluate(facts, "2025-03-01")
    (finding,) = [f for f in result.findings if f.requirement == "FOG-MIN-FREQUENCY"]
    assert finding.status == "due" and finding.due == date(2025, 4, 2)
    assert finding.period == "2025-04-02" and finding.reading is None
    assert finding.explanation == (
        "The grease interceptor of the restaurant was last fully pumped out on 2024-10-02 "
        "(the partial pump-out of 2025-02-10 does not count); the Director's order of "
        "2024-01-01 sets a pump-out every 6 months, so the next full pump-out is due by "
        "2025-04-02."
    )


def test_min_frequency_without_installation_date_has_no_deadline():
    """FOG-MIN-FREQUENCY: with neither a pump-out nor an installation date there is no clock."""
    facts = [FSE, {k: v for k, v in GI.items() if k != "installed_on"}]
    result = evaluate(facts, "2025-03-01")
    assert statuses(result, "FOG-MIN-FREQUENCY", "gi-1") == []
    assert derived(result, "next_pump_out_due", "gi-1") is None


def test_accumulation_at_a_non_fse_or_other_subject_is_not_judged():
    """FOG-25-PERCENT: only interceptors of FSEs; a premises or a bare establishment
    without an interceptor is no subject."""
    facts = [
        {"id": "p-1", "type": "premises"},
        {"id": "cold", "type": "establishment", "category": "other", "premises": "p-1"},
        {
            "id": "gi-2",
            "type": "device",
            "establishment": "cold",
            "kind": "grease_interceptor",
        },
        FSE,
        {
            "type": "inspection",
            "subject": "gi-2",
            "date": "2025-01-01",
            "fog_solids_percent_depth": 90,
        },
        {
            "type": "inspection",
            "subject": "p-1",
            "date": "2025-01-01",
            "fog_solids_percent_depth": 90,
        },
        {
            "type": "inspection",
            "subject": "fse-1",
            "date": "2025-01-01",
            "fog_solids_percent_depth": 90,
        },
        {"type": "inspection", "subject": "fse-1", "date": "2025-01-02"},
    ]
    result = evaluate(facts, "2025-03-01")
    assert [f for f in result.findings if f.requirement == "FOG-25-PERCENT"] == []


def test_notice_without_deadline_met_when_corrected():
    """FOG-NONCOMPLIANCE-NOTICE: a notice that sets no time is met by the correction."""
    facts = [
        FSE,
        {
            "id": "n-1",
            "type": "notice",
            "kind": "noncompliance",
            "subject": "fse-1",
            "requirement": "FOG-ADDITIVES",
            "issued_on": "2025-01-01",
        },
        {"type": "correction", "notice": "n-1", "date": "2025-01-20"},
    ]
    result = evaluate(facts, "2025-03-01")
    (finding,) = [f for f in result.findings if f.requirement == "FOG-NONCOMPLIANCE-NOTICE"]
    assert (finding.subject, finding.status, finding.due) == ("n-1", "met", None)
    assert finding.explanation == (
        "The notice of noncompliance (Approved additives only) issued to the restaurant on "
        "2025-01-01 set no deadline; compliance was recorded on 2025-01-20."
    )


def test_charge_without_deadline_met_when_paid():
    """FOG-NONCOMPLIANCE-CHARGE: a charge with no due date is met by its payment."""
    facts = [FSE, charge(paid_on="2025-02-01")]
    result = evaluate(facts, "2025-03-01")
    assert statuses(result, "FOG-NONCOMPLIANCE-CHARGE", "ch-1") == ["met"]
    assert derived(result, "noncompliance_charge_cents", "ch-1") == 10000


def test_emulsifiers_only_observation():
    """FOG-ADDITIVES: an observation of emulsifiers alone decides the finding."""
    facts = [
        FSE,
        {
            "type": "fog_observation",
            "establishment": "fse-1",
            "date": "2025-01-01",
            "emulsifiers_used": False,
        },
    ]
    result = evaluate(facts, "2025-03-01")
    (finding,) = [f for f in result.findings if f.requirement == "FOG-ADDITIVES"]
    assert finding.explanation == "On 2025-01-01 no emulsifiers were in use at the restaurant."


def test_closed_establishment_and_departed_employee_fall_out_of_semiannual_training():
    """FOG-TRAINING-SEMIANNUAL: years after the establishment closed are not counted."""
    facts = [
        {**FSE, "opened_on": "2010-01-01", "closed_on": "2023-06-30"},
        {"id": "emp-1", "type": "employee", "establishment": "fse-1", "hired_on": "2020-01-01"},
    ]
    result = evaluate(facts, "2025-03-01")
    periods = sorted(
        f.period for f in result.findings if f.requirement == "FOG-TRAINING-SEMIANNUAL"
    )
    assert periods == ["2020", "2021", "2022"]


def test_pack_parameters_of_the_area_are_documented():
    """Every fog.* parameter states a description, a unit and a reference."""
    pack = load_pack()
    names = [n for n in pack.parameters if n.startswith("fog.")]
    assert len(names) >= 18
    for name in names:
        param: Parameter = pack.param(name)
        assert param.description and param.unit and param.reference, name


def test_variance_revoked_the_day_it_was_granted_never_held():
    """FOG-VARIANCE: a variance revoked on its grant day never held, so nothing is judged."""
    facts = [
        {**FSE, "opened_on": "2020-01-01"},
        {
            "id": "v-1",
            "type": "waiver",
            "subject": "fse-1",
            "kind": "fog_variance",
            "granted_on": "2024-01-01",
            "revoked_on": "2024-01-01",
        },
    ]
    result = evaluate(facts, "2025-03-01")
    assert statuses(result, "FOG-VARIANCE", "v-1") == []
    assert statuses(result, "FOG-INTERCEPTOR-REQUIRED", "fse-1") == ["violation"]


def test_interceptor_not_judged_before_the_establishment_opens():
    """FOG-INTERCEPTOR-REQUIRED: a transfer before opening makes the interceptor required,
    but nothing is judged until the establishment opens."""
    facts = [
        {**FSE, "opened_on": "2025-05-01"},
        {"type": "ownership_transfer", "establishment": "fse-1", "date": "2024-01-01"},
    ]
    before = evaluate(facts, "2025-03-01")
    assert derived(before, "fog_interceptor_required", "fse-1") is True
    assert statuses(before, "FOG-INTERCEPTOR-REQUIRED", "fse-1") == []
    after = evaluate(facts, "2025-05-01")
    assert statuses(after, "FOG-INTERCEPTOR-REQUIRED", "fse-1") == ["violation"]


# ------------------------------------------------------------- orders bind from their date


def _due(start: str, orders: list[tuple[str, int]], opened: str = "2015-01-01") -> date:
    """When the next pump-out falls due after one on ``start``, under these orders."""
    facts = [
        {**FSE, "opened_on": opened},
        {**GI, "installed_on": "2012-01-01"},
        {"type": "pump_out", "device": "gi-1", "date": start, "full": True},
        *(
            {"type": "frequency_order", "device": "gi-1", "date": day, "months": months}
            for day, months in orders
        ),
    ]
    return derived(evaluate(facts, "2026-12-31"), "next_pump_out_due", "gi-1")


def test_an_order_binds_from_its_date_never_before():
    """FOG-MIN-FREQUENCY: an order that shortens the frequency never makes the pump-out due on
    a day before the order existed; counted from the last pump-out where that falls after the
    order, else one new period from the order, never later than the old deadline."""
    assert _due("2024-01-10", []) == date(2024, 4, 10)
    # counted from the last pump-out: 2024-02-10 is after the order of 2024-01-20
    assert _due("2024-01-10", [("2024-01-20", 1)]) == date(2024, 2, 10)
    # 2024-02-10 was before the order of 2024-03-01: one month from the order
    assert _due("2024-01-10", [("2024-03-01", 1)]) == date(2024, 4, 1)
    # one new period from the order would pass the old deadline: the old one stands
    assert _due("2024-01-10", [("2024-03-20", 1)]) == date(2024, 4, 10)
    # an order after the deadline passed neither moves it nor rescues it
    assert _due("2024-01-10", [("2024-05-01", 6)]) == date(2024, 4, 10)
    # a longer frequency ordered while the pump-out is not yet due extends it, capped at six
    assert _due("2024-01-10", [("2024-02-01", 6)]) == date(2024, 7, 10)
    assert _due("2024-01-10", [("2024-02-01", 12)]) == date(2024, 7, 10)
    # the latest of several orders decides, each from its date
    assert _due("2024-01-10", [("2023-01-01", 6), ("2024-03-01", 2)]) == date(2024, 3, 10)


def test_the_clock_starts_no_earlier_than_the_law_or_the_opening():
    """FOG-MIN-FREQUENCY: a pump-out before the subchapter took effect, or before the
    establishment opened, starts the first period from that day where it had already run out."""
    # the law took effect 2013-10-31
    assert _due("2013-06-01", [], opened="2010-01-01") == date(2014, 1, 31)
    assert _due("2013-09-01", [], opened="2010-01-01") == date(2013, 12, 1)
    assert _due("2024-01-10", [], opened="2024-06-01") == date(2024, 9, 1)


def test_a_floored_due_date_names_its_reading():
    """FOG-MIN-FREQUENCY: the reading an order's own date relied on is the finding's reading,
    never part of its explanation."""
    facts = [
        FSE,
        GI,
        {"type": "pump_out", "device": "gi-1", "date": "2024-01-10", "full": True},
        {"type": "frequency_order", "device": "gi-1", "date": "2024-03-01", "months": 1},
    ]
    (finding,) = support.findings(evaluate(facts, "2024-03-15"), "FOG-MIN-FREQUENCY", "gi-1")
    assert (finding.status, finding.due) == ("due", date(2024, 4, 1))
    assert finding.reading == fog.ORDER_FROM_ITS_DATE
    assert "counted from the order" in finding.explanation
    assert "reading" not in finding.explanation


# ----------------------------------------------------------- lateness is part of the record


def _pumped(*days: str, **device: Any) -> list[dict[str, Any]]:
    return [
        {**FSE, "opened_on": "2015-01-01"},
        {**GI, **device},
        *({"type": "pump_out", "device": "gi-1", "date": day, "full": True} for day in days),
    ]


def test_each_late_pump_out_interval_is_one_late_finding_after_the_open_one():
    """FOG-MIN-FREQUENCY: the open interval comes first; each past interval whose pump-out
    came after its due date is one late finding, its period the due date; on time, none."""
    facts = _pumped("2024-01-10", "2024-04-10", "2024-07-11", "2024-10-10", "2025-01-15")
    result = evaluate(facts, "2025-03-01")
    found = support.findings(result, "FOG-MIN-FREQUENCY", "gi-1")
    assert [(f.status, f.period) for f in found] == [
        ("due", "2025-04-15"),
        ("late", "2024-07-10"),
        ("late", "2025-01-10"),
    ]
    assert found[1].explanation == (
        "The grease interceptor of the restaurant, last fully pumped out on 2024-04-10, was "
        "due for its next full pump-out by 2024-07-10 (with no frequency set by the Director "
        "it is pumped out quarterly); it was fully pumped out on 2024-07-11, 1 day late."
    )
    on_time = evaluate(_pumped("2024-01-10", "2024-04-10", "2024-07-10"), "2024-08-01")
    assert statuses(on_time, "FOG-MIN-FREQUENCY", "gi-1") == ["due"]


def test_an_overdue_interval_turns_late_on_the_same_key():
    """FOG-MIN-FREQUENCY: the overdue finding and the late one it becomes share the period."""
    before = support.findings(
        evaluate(_pumped("2024-01-10"), "2024-05-01"), "FOG-MIN-FREQUENCY", "gi-1"
    )
    after = support.findings(
        evaluate(_pumped("2024-01-10", "2024-05-01"), "2024-05-01"), "FOG-MIN-FREQUENCY", "gi-1"
    )
    assert [(f.status, f.period) for f in before] == [("overdue", "2024-04-10")]
    assert ("late", "2024-04-10") in [(f.status, f.period) for f in after]


def test_late_from_installation_is_a_reading_of_the_pack():
    """FOG-MIN-FREQUENCY: by default the first pump-out on record is not judged against the
    installation (the history on record may begin later); a pack may judge it."""
    facts = _pumped("2024-06-28", installed_on="2024-01-15")
    assert statuses(evaluate(facts, "2024-07-01"), "FOG-MIN-FREQUENCY", "gi-1") == ["due"]
    judged = evaluate(facts, "2024-07-01", with_params(late_from_installation=True))
    found = support.findings(judged, "FOG-MIN-FREQUENCY", "gi-1")
    assert [(f.status, f.period) for f in found] == [("due", "2024-09-28"), ("late", "2024-04-15")]
    assert "the first full pump-out on record is of 2024-06-28, 74 days late" in (
        found[1].explanation
    )


def test_late_pump_outs_stay_on_record_after_the_device_is_removed():
    """FOG-MIN-FREQUENCY: a removed interceptor has no open interval, but its late pump-outs
    remain part of its record."""
    facts = _pumped("2024-01-10", "2024-05-01", removed_on="2024-06-01")
    found = support.findings(evaluate(facts, "2025-03-01"), "FOG-MIN-FREQUENCY", "gi-1")
    assert [(f.status, f.period) for f in found] == [("late", "2024-04-10")]


# --------------------------------------------------------------------------- impossible data


def test_a_pump_out_before_installation_is_a_data_problem_and_starts_no_clock():
    """FOG-MIN-FREQUENCY, FOG-HAULER-MANIFEST: a pump-out dated before its device was
    installed is reported once, naming both, and neither meets nor starts anything."""
    facts = [
        FSE,
        {**GI, "installed_on": "2024-02-01"},
        {
            "id": "po-early",
            "type": "pump_out",
            "device": "gi-1",
            "date": "2024-01-05",
            "full": True,
        },
    ]
    result = evaluate(facts, "2024-03-01")
    assert [(p.facts, p.text) for p in result.data_problems] == [
        (
            ("po-early", "gi-1"),
            "The pump-out of 2024-01-05 is dated before the grease interceptor of the "
            "restaurant was installed on 2024-02-01.",
        )
    ]
    assert derived(result, "next_pump_out_due", "gi-1") == date(2024, 5, 1)
    assert statuses(result, "FOG-HAULER-MANIFEST", "po-early") == []
    # the day of installation is no problem
    same_day = [facts[0], facts[1], {**facts[2], "date": "2024-02-01"}]
    assert evaluate(same_day, "2024-03-01").data_problems == []


def test_a_pump_out_after_removal_is_a_data_problem():
    """FOG-MIN-FREQUENCY: a pump-out dated after the device was removed cannot have been."""
    facts = [
        FSE,
        {**GI, "removed_on": "2024-06-01"},
        {"id": "po-late", "type": "pump_out", "device": "gi-1", "date": "2024-06-02", "full": True},
    ]
    (problem,) = evaluate(facts, "2024-07-01").data_problems
    assert problem.facts == ("po-late", "gi-1") and "removed on 2024-06-01" in problem.text


def test_a_training_of_an_employee_not_yet_hired_counts_for_no_one_it_could_not_include():
    """FOG-TRAINING-NEW-HIRE: a training dated before an employee was hired (or after they
    left) is a data problem for that employee and does not count for them; it still counts
    for the others it lists."""
    facts = [
        FSE,
        {"id": "emp-1", "type": "employee", "establishment": "fse-1", "hired_on": "2025-02-01"},
        {"id": "emp-2", "type": "employee", "establishment": "fse-1", "hired_on": "2025-01-25"},
        {
            "id": "emp-3",
            "type": "employee",
            "establishment": "fse-1",
            "hired_on": "2025-01-02",
            "left_on": "2025-01-25",
        },
        {
            "id": "tr-1",
            "type": "training",
            "establishment": "fse-1",
            "date": "2025-01-31",
            "employees": ["emp-1", "emp-2", "emp-3"],
            "signed": True,
        },
    ]
    result = evaluate(facts, "2025-03-01")
    assert statuses(result, "FOG-TRAINING-NEW-HIRE", "emp-1") == ["overdue"]
    assert statuses(result, "FOG-TRAINING-NEW-HIRE", "emp-2") == ["met"]
    assert sorted(p.facts for p in result.data_problems) == [("tr-1", "emp-1"), ("tr-1", "emp-3")]


def test_a_blockage_before_opening_is_a_data_problem_and_no_trigger():
    """FOG-DISCHARGE-PROHIBITION, FOG-PRETREAT-APPLICABILITY: a blockage dated before the
    establishment opened is reported, is no violation and triggers nothing."""
    facts = [
        {**FSE, "opened_on": "2024-06-01"},
        {"id": "blk-1", "type": "blockage", "establishment": "fse-1", "date": "2024-05-01"},
    ]
    result = evaluate(facts, "2025-03-01")
    assert [p.facts for p in result.data_problems] == [("blk-1", "fse-1")]
    assert statuses(result, "FOG-DISCHARGE-PROHIBITION", "blk-1") == []
    assert derived(result, "fog_interceptor_trigger", "fse-1") == "new_fse"
    assert derived(result, "fog_interceptor_trigger_on", "fse-1") == date(2024, 6, 1)


def test_a_correction_before_its_notice_is_a_data_problem():
    """FOG-NONCOMPLIANCE-NOTICE: a correction dated before the notice was issued meets nothing."""
    facts = [
        FSE,
        {
            "id": "n-1",
            "type": "notice",
            "kind": "noncompliance",
            "subject": "fse-1",
            "requirement": "FOG-HAULER-MANIFEST",
            "issued_on": "2025-01-10",
            "due_on": "2025-02-10",
        },
        {"id": "c-1", "type": "correction", "notice": "n-1", "date": "2025-01-05"},
    ]
    result = evaluate(facts, "2025-03-01")
    assert statuses(result, "FOG-NONCOMPLIANCE-NOTICE", "n-1") == ["overdue"]
    assert [p.facts for p in result.data_problems] == [("c-1", "n-1")]


# ---------------------------------------------------------------- notices met by their act


def _notice(requirement: str, subject: str = "fse-1", **kw: Any) -> dict[str, Any]:
    return {
        "id": "n-1",
        "type": "notice",
        "kind": "noncompliance",
        "subject": subject,
        "requirement": requirement,
        "issued_on": "2025-02-01",
        "due_on": "2025-02-15",
        **kw,
    }


def _notice_finding(facts: list[dict[str, Any]], as_of: str = "2025-03-01"):
    (finding,) = support.findings(evaluate(facts, as_of), "FOG-NONCOMPLIANCE-NOTICE", "n-1")
    return finding


def test_a_frequency_notice_is_met_by_the_pump_out_that_ended_the_missed_interval():
    """FOG-NONCOMPLIANCE-NOTICE: for an overdue interceptor, the full pump-out after it; one
    that came late but before the notice was issued also answers it."""
    base = _pumped("2024-10-01")
    on_time = _notice_finding(
        [*base, _notice("FOG-MIN-FREQUENCY", "gi-1"), *_pumped("2025-02-15")[2:]]
    )
    assert (on_time.status, on_time.reading) == ("met", fog.NOTICE_MET_BY_ACT)
    assert on_time.explanation.endswith(
        "; the grease interceptor of the restaurant was fully pumped out on 2025-02-15."
    )
    late = _notice_finding(
        [*base, _notice("FOG-MIN-FREQUENCY", "gi-1"), *_pumped("2025-02-16")[2:]]
    )
    assert late.status == "late" and late.explanation.endswith("on 2025-02-16, 1 day late.")
    crossed = _notice_finding(
        [*base, _notice("FOG-MIN-FREQUENCY", "gi-1"), *_pumped("2025-01-25")[2:]]
    )
    assert crossed.status == "met" and "before the notice was issued" in crossed.explanation
    none = _notice_finding([*base, _notice("FOG-MIN-FREQUENCY", "gi-1")])
    assert (none.status, none.reading) == ("overdue", None)


def test_a_notice_to_an_establishment_is_met_when_every_interceptor_is_pumped():
    """FOG-NONCOMPLIANCE-NOTICE: a notice to the establishment about its pump-outs waits for
    each of its interceptors, and is met by the last."""
    second = {**GI, "id": "gi-2"}
    facts = [
        *_pumped("2024-10-01"),
        second,
        {"type": "pump_out", "device": "gi-2", "date": "2024-10-01", "full": True},
        _notice("FOG-MIN-FREQUENCY"),
        {"type": "pump_out", "device": "gi-1", "date": "2025-02-05", "full": True},
    ]
    assert _notice_finding(facts).status == "overdue"
    facts.append({"type": "pump_out", "device": "gi-2", "date": "2025-02-12", "full": True})
    finding = _notice_finding(facts)
    assert (finding.status, finding.due) == ("met", date(2025, 2, 15))
    assert "were fully pumped out by 2025-02-12" in finding.explanation


def test_notices_met_by_a_training_a_submittal_an_interceptor_or_an_observation():
    """FOG-NONCOMPLIANCE-NOTICE: the act each notice demanded, dated by its deadline."""
    employee = {
        "id": "emp-1",
        "type": "employee",
        "establishment": "fse-1",
        "hired_on": "2025-01-10",
    }
    training = {
        "type": "training",
        "establishment": "fse-1",
        "date": "2025-02-14",
        "employees": ["emp-1"],
        "signed": True,
    }
    cases = [
        ([employee, _notice("FOG-TRAINING-NEW-HIRE", "emp-1"), training], "met"),
        (
            [employee, _notice("FOG-TRAINING-NEW-HIRE", "emp-1"), {**training, "signed": False}],
            "overdue",
        ),
        (
            [employee, _notice("FOG-TRAINING-SEMIANNUAL"), {**training, "date": "2025-02-16"}],
            "late",
        ),
        (
            [
                _notice("FOG-BMP-SUBMITTAL"),
                {"type": "bmp_submittal", "establishment": "fse-1", "date": "2025-02-15"},
            ],
            "met",
        ),
        (
            [
                _notice("FOG-BMP-SUBMITTAL"),
                {"type": "bmp_submittal", "establishment": "fse-1", "date": "2025-01-15"},
            ],
            "overdue",
        ),
        (
            [
                _notice("FOG-BMP-PROGRAM"),
                {
                    "type": "bmp_submittal",
                    "establishment": "fse-1",
                    "date": "2025-02-10",
                    "elements": ["drain_screens"],
                },
            ],
            "overdue",
        ),
        (
            [
                {
                    **GI,
                    "id": "gi-new",
                    "installed_on": "2025-02-14",
                    "approved": True,
                    "compartments": 2,
                },
                _notice("FOG-INTERCEPTOR-REQUIRED"),
            ],
            "met",
        ),
        (
            [
                {**GI, "id": "gi-new", "installed_on": "2025-02-14", "compartments": 2},
                _notice("FOG-INTERCEPTOR-REQUIRED"),
            ],
            "overdue",
        ),
        (
            [
                _notice("FOG-SANITARY-FIXTURES"),
                {
                    "type": "fog_observation",
                    "establishment": "fse-1",
                    "date": "2025-02-10",
                    "sanitary_fixtures_connected": False,
                },
            ],
            "met",
        ),
        (
            [
                _notice("FOG-INSPECTION-ENTRY"),
                {
                    "type": "inspection",
                    "subject": "fse-1",
                    "date": "2025-02-20",
                    "access_refused": False,
                },
            ],
            "late",
        ),
    ]
    for extra, status in cases:
        facts = [{**FSE, "opened_on": "2015-01-01"}, *extra]
        assert _notice_finding(facts).status == status, extra


def test_a_correction_still_answers_a_notice_the_records_cannot_show():
    """FOG-NONCOMPLIANCE-NOTICE: with no act the records can show, a correction decides; where
    both exist, the earlier does."""
    notice = _notice("FOG-HAULER-MANIFEST")
    corrected = _notice_finding(
        [FSE, notice, {"type": "correction", "notice": "n-1", "date": "2025-02-10"}]
    )
    assert (corrected.status, corrected.reading) == ("met", None)
    assert corrected.explanation.endswith("; compliance was recorded on 2025-02-10.")
    both = [
        *_pumped("2024-10-01"),
        _notice("FOG-MIN-FREQUENCY", "gi-1"),
        {"type": "correction", "notice": "n-1", "date": "2025-02-20"},
        {"type": "pump_out", "device": "gi-1", "date": "2025-02-14", "full": True},
    ]
    assert _notice_finding(both).status == "met"


def test_an_extension_moves_a_notices_deadline():
    """FOG-NONCOMPLIANCE-NOTICE: the latest granted extension sets the deadline."""
    facts = [
        *_pumped("2024-10-01"),
        _notice("FOG-MIN-FREQUENCY", "gi-1"),
        {
            "type": "extension",
            "notice": "n-1",
            "date": "2025-02-10",
            "new_due_on": "2025-03-01",
            "reason": "permit_delay",
        },
        {"type": "pump_out", "device": "gi-1", "date": "2025-02-20", "full": True},
    ]
    finding = _notice_finding(facts)
    assert (finding.status, finding.due) == ("met", date(2025, 3, 1))
    assert "required compliance by 2025-03-01 (extended on 2025-02-10)" in finding.explanation


# --------------------------------------------------------------------------- evidence


def test_an_approval_revoked_after_the_last_observation_calls_for_a_follow_up():
    """FOG-SANITARY-FIXTURES: fixtures seen connected while approved are lawful that day; once
    the approval is revoked, with no observation since, a follow-up is due from the revocation,
    not a violation. An approval granted after an unapproved observation binds from its date."""
    facts = [
        FSE,
        {
            "type": "fog_decision",
            "establishment": "fse-1",
            "kind": "sanitary_fixtures_approved",
            "date": "2024-01-01",
            "revoked_on": "2025-02-01",
        },
        {
            "type": "fog_observation",
            "establishment": "fse-1",
            "date": "2025-01-10",
            "sanitary_fixtures_connected": True,
        },
    ]
    assert statuses(evaluate(facts, "2025-01-31"), "FOG-SANITARY-FIXTURES", "fse-1") == ["met"]
    for as_of in ("2025-02-01", "2025-02-02"):
        (finding,) = support.findings(evaluate(facts, as_of), "FOG-SANITARY-FIXTURES", "fse-1")
        assert (finding.status, finding.due) == ("due", date(2025, 2, 1))
        assert finding.reading == fog.FOLLOW_UP_DUE
    later = [
        FSE,
        {**facts[2], "date": "2024-06-01"},
        {**facts[1], "date": "2024-07-01", "revoked_on": None},
    ]
    (finding,) = support.findings(evaluate(later, "2025-03-01"), "FOG-SANITARY-FIXTURES", "fse-1")
    assert finding.status == "met"
    assert finding.explanation == (
        "On 2024-06-01 sanitary fixtures at the restaurant discharged through the grease "
        "interceptor without the Director's written approval; the Director approved it in "
        "writing on 2024-07-01."
    )


def test_a_manifest_names_the_paragraph_it_fails():
    """FOG-HAULER-MANIFEST: a manifest lacking items of one paragraph of § 51.64(D) cites it;
    one lacking several paragraphs cites (D); the repairs reading is the finding's reading."""
    complete = {
        "hauler_name": "Valley Grease",
        "hauler_address": "1 Main St",
        "operator_name": "J. Ruiz",
        "operator_signed": True,
        "water_gallons": 1000,
        "fog_gallons": 100,
        "floating_fog_inches": 3,
        "settled_solids_inches": 2,
        "disposal_facility": "JWPCP",
    }
    pump_out = {
        "id": "po-1",
        "type": "pump_out",
        "device": "gi-1",
        "date": "2025-01-10",
        "full": True,
    }
    unsigned = evaluate([FSE, GI, {**pump_out, **complete, "operator_signed": False}], "2025-03-01")
    (finding,) = support.findings(unsigned, "FOG-HAULER-MANIFEST", "po-1")
    assert (finding.status, finding.cite) == ("violation", "§ 51.64(D)(2)")
    assert finding.reading == fog.REPAIRS_MAY_BE_ABSENT
    bare = evaluate([FSE, GI, pump_out], "2025-03-01")
    (finding,) = support.findings(bare, "FOG-HAULER-MANIFEST", "po-1")
    assert finding.cite == "§ 51.64(D)"
    repaired = evaluate([FSE, GI, {**pump_out, **complete, "repairs": "baffle"}], "2025-03-01")
    (finding,) = support.findings(repaired, "FOG-HAULER-MANIFEST", "po-1")
    assert (finding.status, finding.reading) == ("met", None)


def test_the_accumulation_findings_carry_the_inspection_day_as_period():
    """FOG-25-PERCENT: the violation and the immediate-service deadline of one inspection share
    its date as period; the reading of "immediately" is the deadline's reading."""
    facts = [
        FSE,
        {**GI, "approved": True, "compartments": 2},
        {
            "type": "inspection",
            "subject": "gi-1",
            "date": "2025-02-10",
            "fog_solids_percent_depth": 30,
        },
        {"type": "pump_out", "device": "gi-1", "date": "2025-02-12", "full": True},
    ]
    found = support.findings(evaluate(facts, "2025-03-01"), "FOG-25-PERCENT", "gi-1")
    assert [(f.status, f.period) for f in found] == [
        ("violation", "2025-02-10"),
        ("late", "2025-02-10"),
    ]
    assert found[1].reading and "within 1 day" in found[1].reading_text
    assert found[1].explanation.endswith("it was fully pumped out on 2025-02-12, 1 day late.")
