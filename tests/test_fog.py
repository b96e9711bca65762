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


def test_listing_and_months():
    """Explanations: lists read as prose; months are counted in words."""
    assert fog._listing([]) == ""
    assert fog._listing(["a"]) == "a"
    assert fog._listing(["a", "b", "c"]) == "a, b and c"
    assert fog._months(1) == "1 month"
    assert fog._months(6) == "6 months"


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
    the requirement while a variance holds."""
    facts = [
        {**FSE, "opened_on": "2020-01-01"},
        {
            "id": "gt-1",
            "type": "device",
            "establishment": "fse-1",
            "kind": "grease_trap",
            "installed_on": "2020-01-01",
        },
        {
            "id": "v-1",
            "type": "waiver",
            "subject": "fse-1",
            "kind": "fog_variance",
            "granted_on": "2020-02-01",
        },
    ]
    default = evaluate(facts, "2025-03-01")
    assert statuses(default, "FOG-INTERCEPTOR-REQUIRED", "fse-1") == ["met"]
    strict = evaluate(facts, "2025-03-01", with_params(variance_device_must_be_approved=True))
    (finding,) = [f for f in strict.findings if f.requirement == "FOG-INTERCEPTOR-REQUIRED"]
    assert finding.status == "violation"
    assert "but an approved one is installed" in finding.explanation


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
    assert "was voided 2024-04-04 by a grease-related blockage" in finding.explanation


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
    assert "gt-1 (grease trap) at fse-1 is approved" in finding.explanation


def test_interceptor_with_unrecorded_compartments():
    """FOG-INTERCEPTOR-REQUIRED: an interceptor whose compartments are not recorded does not
    show it has two."""
    facts = [
        {**FSE, "opened_on": "2020-01-01"},
        {**GI, "approved": True},
    ]
    result = evaluate(facts, "2025-03-01")
    (finding,) = [f for f in result.findings if f.requirement == "FOG-INTERCEPTOR-REQUIRED"]
    assert finding.status == "violation"
    assert "gi-1 has no recorded compartments (at least 2 required)" in finding.explanation


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
    assert finding.explanation == (
        "Last full pump-out 2024-10-02 (the partial pump-out of 2025-02-10 does not count); "
        "the Director's order of 2024-01-01 sets every 6 months; next is due 2025-04-02."
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
    assert "set no deadline; compliance was achieved 2025-01-20" in finding.explanation


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
    assert finding.explanation == "On 2025-01-01 no emulsifiers were in use."


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
