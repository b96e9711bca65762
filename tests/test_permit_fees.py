"""PRM-CHARGES as money: the fees by kind from the pack's schedule, the payments
recorded with their receipts, the balance, a void permit's fees forfeited or refunded
as the pack says, and a new permit after a lapse charged the same fees (§ 6-8.116)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from sanitas.ordinance.facts import FactsError, parse_facts

from .support import derived, evaluate, explanation, load_pack, statuses, with_params

LOT = {"id": "lot-1", "type": "premises", "address": "9 Fee St"}
PERMIT = {
    "id": "p-1",
    "type": "permit",
    "kind": "house_connection",
    "number": "HC-2025-900",
    "premises": "lot-1",
    "issued_on": "2025-03-01",
}


def paid(amount, day="2025-03-01", receipt="R-1", permit="p-1"):
    return {
        "type": "permit_payment",
        "permit": permit,
        "date": day,
        "amount": amount,
        "method": "check",
        "receipt_number": receipt,
    }


def blockers(evaluation, subject="p-1"):
    return derived(evaluation, "certificate_blockers", subject)


def test_payments_that_cover_the_fees_pay_them_and_clear_the_certificate_of_fees():
    evaluation = evaluate([LOT, PERMIT, paid("100.00"), paid("50", receipt="R-2")], "2025-03-10")
    assert statuses(evaluation, "PRM-CHARGES", "p-1") == ["met"]
    assert derived(evaluation, "permit_fee_balance", "p-1") == 0
    said = explanation(evaluation, "PRM-CHARGES", "p-1")
    assert "$150.00 paid (receipt R-1, $100.00 on 2025-03-01; receipt R-2, $50.00" in said
    assert "nothing outstanding" in said
    assert not any("fees" in b for b in blockers(evaluation))


def test_a_partial_payment_leaves_a_balance_and_blocks_the_certificate():
    evaluation = evaluate([LOT, PERMIT, paid("149.99")], "2025-03-10")
    assert statuses(evaluation, "PRM-CHARGES", "p-1") == ["due"]
    assert derived(evaluation, "permit_fee_balance", "p-1") == 1
    assert "$0.01 outstanding" in explanation(evaluation, "PRM-CHARGES", "p-1")
    assert "PRM-CHARGES: fees not recorded paid" in blockers(evaluation)


def test_a_payment_counts_from_its_day_only():
    facts = [LOT, PERMIT, paid("150", day="2025-03-20")]
    assert statuses(evaluate(facts, "2025-03-19"), "PRM-CHARGES", "p-1") == ["due"]
    assert statuses(evaluate(facts, "2025-03-20"), "PRM-CHARGES", "p-1") == ["met"]


def test_payments_outweigh_the_old_paid_mark():
    """A permit marked fees_paid before payments were records reads as marked; once a
    payment is recorded against it, the payments alone decide."""
    marked = {**PERMIT, "fees_paid": True}
    assert statuses(evaluate([LOT, marked], "2025-03-10"), "PRM-CHARGES", "p-1") == ["met"]
    evaluation = evaluate([LOT, marked, paid("20")], "2025-03-10")
    assert statuses(evaluation, "PRM-CHARGES", "p-1") == ["due"]
    assert derived(evaluation, "permit_fee_balance", "p-1") == 13000


@pytest.mark.parametrize("standing", ["forfeited", "refunded"])
def test_a_void_permits_fees_are_forfeited_or_refunded_as_the_pack_says(standing):
    pack = with_params(prm_void_permit_fees=standing)
    evaluation = evaluate([LOT, PERMIT, paid("150")], "2025-05-10", pack)
    said = explanation(evaluation, "PRM-CHARGES", "p-1")
    assert f"is {standing}" in said or f"is to be {standing}" in said
    assert "$150.00 paid of its fees (receipt R-1" in said and ", paid." not in said
    assert derived(evaluation, "permit_fee_balance", "p-1") == 0


def test_a_pack_that_says_neither_forfeited_nor_refunded_is_refused():
    pack = with_params(prm_void_permit_fees="kept")
    with pytest.raises(ValueError, match=r"prm\.void_permit_fees"):
        evaluate([LOT, PERMIT, paid("150")], "2025-05-10", pack)


def test_a_new_permit_after_a_lapse_charges_the_original_permits_fees():
    """§ 6-8.116: "the same fees fixed for the original permit": a schedule raised
    between the two permits does not reach the new one; another premises' permit pays
    the new schedule."""
    pack = load_pack()
    old = pack.param("prm.fee_schedule")
    first = old.values[0][1]
    raised = {**first, "permit": {**first["permit"], "house_connection": 400}}
    parameters = dict(pack.parameters)
    parameters["prm.fee_schedule"] = replace(
        old, values=((old.values[0][0], first), (date(2025, 4, 1), raised))
    )
    pack = replace(pack, parameters=parameters, _cache={})
    lapsed = {**PERMIT, "issued_on": "2025-01-02"}
    renewed = {**PERMIT, "id": "p-2", "number": "HC-2025-901", "issued_on": "2025-04-15"}
    other = {**renewed, "id": "p-3", "premises": "lot-2"}
    facts = [LOT, {"id": "lot-2", "type": "premises"}, lapsed, renewed, other]
    evaluation = evaluate(facts, "2025-05-01", pack)
    assert derived(evaluation, "permit_fees", "p-2") == 150
    assert derived(evaluation, "permit_fees", "p-3") == 400


@pytest.mark.parametrize(
    ("amount", "words"),
    [("0", "greater than 0"), ("-5", "greater than 0"), ("1.005", "cent")],
)
def test_a_payment_of_nothing_or_of_part_of_a_cent_is_refused(amount, words):
    with pytest.raises(FactsError, match=words):
        parse_facts([LOT, PERMIT, paid(amount)])
