"""SB 1383 enforcement (enforcement.py): the vocabulary it adds, its helpers, and the
readings and paths the scenario files do not show well."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sanitas.ordinance import enforcement as enf
from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.engine import Finding
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import Parameter, load_pack

from .support import context as _context
from .support import derived
from .support import evaluate_raw as _evaluate
from .support import findings as _find
from .support import overridden as _pack
from .support import problems_in as _problems


def _derived(evaluation, subject: str, name: str) -> Any:
    return derived(evaluation, name, subject)


NOTICE = {
    "id": "n-1",
    "type": "notice",
    "subject": "p-1",
    "requirement": "ORG-COM-ENROLL",
    "issued_on": "2024-03-01",
}
PREMISES = {"id": "p-1", "type": "premises"}


# --------------------------------------------------------------------------- vocabulary


def test_org_extension_refuses_an_unrecognized_reason():
    """ORG-EXTENSION: only the three reasons of (G) are accepted."""
    problems = _problems(
        [
            PREMISES,
            NOTICE,
            {
                "id": "ext-1",
                "type": "extension",
                "notice": "n-1",
                "date": "2024-04-01",
                "new_due_on": "2024-06-01",
                "reason": "strike",
            },
        ]
    )
    assert len(problems) == 1
    line = problems[0]
    assert line.startswith("fact 3 (id 'ext-1', extension): reason: 'strike' is not one of")
    assert "'act_of_god'" in line and "'permit_delay'" in line
    assert "'infrastructure_capacity'" in line


def test_org_extension_for_capacity_needs_a_corrective_action_plan():
    """ORG-EXTENSION (G)(3): "and the city is under a corrective action plan"."""
    raw = {
        "type": "extension",
        "notice": "n-1",
        "date": "2024-04-01",
        "new_due_on": "2024-06-01",
        "reason": "infrastructure_capacity",
    }
    problems = _problems([PREMISES, NOTICE, raw])
    assert problems == [
        "fact 3 (extension): (fact): corrective_action_plan: an infrastructure_capacity extension "
        "requires the city to be under a CalRecycle corrective action plan (set true)"
    ]
    assert parse_facts([PREMISES, NOTICE, {**raw, "corrective_action_plan": True}])


def test_org_extension_field_problems_name_the_field():
    """ORG-EXTENSION: a new deadline before the decision, a non-boolean, a wrong reference."""
    problems = _problems(
        [
            PREMISES,
            NOTICE,
            {
                "id": "c-1",
                "type": "citation",
                "subject": "p-1",
                "requirement": "ORG-COM-ENROLL",
                "issued_on": "2024-05-01",
            },
            {
                "type": "extension",
                "notice": "c-1",
                "date": "2024-04-01",
                "new_due_on": "2024-05-01",
                "reason": "act_of_god",
                "granted": "yes",
            },
            {"type": "extension", "notice": "n-1", "date": "2024-04-01", "reason": "act_of_god"},
            {
                "type": "extension",
                "notice": "n-1",
                "date": "2024-04-01",
                "new_due_on": "2024-03-01",
                "reason": "act_of_god",
            },
        ]
    )
    assert sorted(problems) == sorted(
        [
            "fact 4 (extension): granted: expected true or false, got 'yes'",
            "fact 4 (extension): notice: 'c-1' is a citation, expected notice",
            "fact 5 (extension): new_due_on: required field is missing",
            "fact 6 (extension): (fact): new_due_on: the new deadline 2024-03-01 is before the "
            "decision of 2024-04-01",
        ]
    )


def test_org_appeal_request_and_order_problems():
    """ORG-APPEAL: the request and the final order are validated field by field."""
    citation = {
        "id": "c-1",
        "type": "citation",
        "subject": "p-1",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2024-05-01",
    }
    problems = _problems(
        [
            PREMISES,
            citation,
            {"type": "appeal_request", "date": "2024-05-40"},
            {
                "type": "hearing_order",
                "citation": "c-1",
                "date": "2024-06-01",
                "decision": "overturned",
            },
            {
                "type": "hearing_order",
                "citation": "c-1",
                "date": "2024-06-01",
                "decision": "modified",
            },
            {
                "type": "hearing_order",
                "citation": "c-1",
                "date": "2024-06-01",
                "decision": "dismissed",
                "amount": 50,
            },
            {
                "type": "hearing_order",
                "citation": "c-1",
                "date": "2024-06-01",
                "decision": "upheld",
                "amount": -5,
            },
            {
                "type": "hearing_order",
                "citation": "c-1",
                "date": "2024-06-01",
                "decision": "upheld",
                "amount": "lots",
            },
        ]
    )
    assert "fact 3 (appeal_request): citation: required field is missing" in problems
    assert "fact 3 (appeal_request): date: '2024-05-40' is not a calendar date" in problems
    assert any(
        p.startswith("fact 4 (hearing_order): decision: 'overturned' is not one of")
        for p in problems
    )
    assert (
        "fact 5 (hearing_order): (fact): amount: a modified order states the amount it sets"
        in problems
    )
    assert (
        "fact 6 (hearing_order): (fact): amount: a dismissed citation carries no amount" in problems
    )
    assert (
        "fact 7 (hearing_order): (fact): amount: an amount cannot be negative, got -5" in problems
    )
    assert "fact 8 (hearing_order): amount: expected an amount in dollars, got 'lots'" in problems
    assert len(problems) == 7


def test_org_appeal_good_facts_parse():
    """ORG-APPEAL: a well-formed request and order are accepted."""
    facts = parse_facts(
        [
            PREMISES,
            {
                "id": "c-1",
                "type": "citation",
                "subject": "p-1",
                "requirement": "ORG-COM-ENROLL",
                "issued_on": "2024-05-01",
            },
            {"type": "appeal_request", "citation": "c-1", "date": "2024-05-02"},
            {
                "type": "hearing_order",
                "citation": "c-1",
                "date": "2024-06-01",
                "decision": "modified",
                "amount": "75.50",
            },
        ]
    )
    assert str(facts[-1].amount) == "75.50"
    assert facts[-1].date_of() == date(2024, 6, 1)


# --------------------------------------------------------------------------- helpers


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (101, "101st"),
        (111, "111th"),
    ],
)
def test_org_penalty_amounts_ordinal_words(n, text):
    """ORG-PENALTY-AMOUNTS: explanations name the violation's ordinal."""
    assert enf.ordinal(n) == text


def test_org_contamination_nov_kinds_phrase():
    """ORG-CONTAMINATION-NOV: the accepted notice kinds read as a list."""
    assert enf.kinds_phrase([]) == ""
    assert enf.kinds_phrase(["nov"]) == "notice of violation"
    assert enf.kinds_phrase(("cart_tag", "nov", "education")) == (
        "cart tag, notice of violation or educational material"
    )


def test_enforcement_ids_are_catalog_ids():
    """ORG-CIVIL-PENALTIES: the process requirements excluded from noncompliance exist."""
    assert enf.ENFORCEMENT_IDS.issubset(catalog())


def test_org_civil_penalties_noncompliance_description():
    """ORG-CIVIL-PENALTIES: one sentence names the requirement, its status and periods."""
    group = enf.Noncompliance("p-1", "ORG-COM-SELF-INSPECT")
    group.statuses = ["overdue", "violation"]
    group.periods = ["2024-Q1"]
    assert group.describe() == "ORG-COM-SELF-INSPECT is overdue and violated for 2024-Q1"


# --------------------------------------------------------------------------- readings and paths


def test_org_citation_late_correction_reading_can_end_the_referral():
    """ORG-CITATION: with enf.late_correction_ends_referral true, a late correction
    closes the referral (met) instead of leaving it overdue."""
    raw = [PREMISES, NOTICE, {"type": "correction", "notice": "n-1", "date": "2024-05-10"}]
    strict = _evaluate(raw, date(2024, 6, 1))
    (finding,) = _find(strict, "ORG-CITATION", "n-1")
    assert finding.status == "overdue"
    assert "reading: compliance after the deadline does not end the referral" in (
        finding.explanation
    )
    lenient = _evaluate(raw, date(2024, 6, 1), _pack(**{"enf.late_correction_ends_referral": True}))
    (finding,) = _find(lenient, "ORG-CITATION", "n-1")
    assert finding.status == "met"
    assert "reading: a late correction ends the referral" in finding.explanation


def test_org_citation_not_raised_for_a_citation_naming_a_cart_tag():
    """ORG-CITATION: a cart tag sets no deadline, so a citation naming it is not early."""
    raw = [
        PREMISES,
        {**NOTICE, "kind": "cart_tag", "requirement": "ORG-SF-PARTICIPATE"},
        {
            "id": "c-1",
            "type": "citation",
            "subject": "p-1",
            "requirement": "ORG-SF-PARTICIPATE",
            "issued_on": "2024-03-02",
            "notice": "n-1",
        },
    ]
    evaluation = _evaluate(raw, date(2024, 6, 1))
    assert _find(evaluation, "ORG-CITATION", "c-1") == []
    assert _find(evaluation, "ORG-CITATION", "n-1") == []
    assert _find(evaluation, "ORG-NOV-60-DAYS", "n-1") == []


def test_org_extension_only_for_sb1383_notices_and_granted_requests():
    """ORG-EXTENSION: a refused request and an extension of a FOG notice produce no
    ORG-EXTENSION finding, though the FOG notice's deadline still follows it."""
    raw = [
        PREMISES,
        {
            "id": "n-2",
            "type": "notice",
            "subject": "p-1",
            "requirement": "FOG-BMP-SUBMITTAL",
            "kind": "noncompliance",
            "issued_on": "2024-03-01",
            "due_on": "2024-04-01",
        },
        {
            "id": "x-2",
            "type": "extension",
            "notice": "n-2",
            "date": "2024-03-20",
            "new_due_on": "2024-05-01",
            "reason": "permit_delay",
        },
        NOTICE,
        {
            "id": "x-1",
            "type": "extension",
            "notice": "n-1",
            "date": "2024-03-20",
            "new_due_on": "2024-07-01",
            "reason": "permit_delay",
            "granted": False,
        },
    ]
    evaluation = _evaluate(raw, date(2024, 6, 1))
    assert _find(evaluation, "ORG-EXTENSION", "x-1") == []
    assert _find(evaluation, "ORG-EXTENSION", "x-2") == []
    assert _derived(evaluation, "n-2", "nov_compliance_due") == date(2024, 5, 1)
    assert _derived(evaluation, "n-1", "nov_compliance_due") == date(2024, 4, 30)


def test_org_nov_60_days_explains_an_extension_and_an_open_deadline():
    """ORG-NOV-60-DAYS: the explanation names the extension that set the deadline."""
    raw = [
        PREMISES,
        NOTICE,
        {
            "type": "extension",
            "notice": "n-1",
            "date": "2024-04-20",
            "new_due_on": "2024-06-30",
            "reason": "act_of_god",
        },
    ]
    (finding,) = _find(_evaluate(raw, date(2024, 6, 1)), "ORG-NOV-60-DAYS", "n-1")
    assert finding.status == "due"
    assert finding.explanation == (
        "The notice of violation of 2024-03-01 for ORG-COM-ENROLL had its deadline extended "
        "on 2024-04-20 to 2024-06-30 for an act of God or other emergency ((G)(1)); "
        "compliance is outstanding."
    )


def test_org_contamination_fine_occasion_is_a_pack_reading():
    """ORG-CONTAMINATION-NOV: read "more than three", fines start at the 4th occasion."""
    raw = [PREMISES] + [
        {
            "id": f"i{n}",
            "type": "inspection",
            "subject": "p-1",
            "date": f"2025-01-0{n}",
            "contamination": True,
        }
        for n in range(1, 5)
    ]
    default = _evaluate(raw, date(2025, 2, 1))
    assert _derived(default, "i3", "contamination_fine_eligible") is True
    strict = _evaluate(raw, date(2025, 2, 1), _pack(**{"enf.contamination_fine_occasion": 4}))
    assert _derived(strict, "i3", "contamination_fine_eligible") is False
    assert _derived(strict, "i4", "contamination_fine_eligible") is True
    explanations = [f.explanation for f in _find(strict, "ORG-CONTAMINATION-NOV", "p-1")]
    assert any("(reading: from the 4th consecutive occasion)" in e for e in explanations)


def test_org_civil_penalties_groups_event_findings_under_their_subject():
    """ORG-CIVIL-PENALTIES: a finding about an inspection belongs to the inspection's
    subject, to whom the cart tag was served."""
    ctx = _context(
        [
            PREMISES,
            {
                "id": "i-1",
                "type": "inspection",
                "subject": "p-1",
                "date": "2024-05-01",
                "contamination": True,
            },
            {
                "id": "t-1",
                "type": "notice",
                "subject": "p-1",
                "requirement": "ORG-SF-PARTICIPATE",
                "kind": "cart_tag",
                "issued_on": "2024-05-02",
            },
        ],
        date(2024, 6, 1),
    )
    findings = [
        Finding("ORG-SF-PARTICIPATE", "i-1", "violation", None, None, "(A)(2)", "x"),
        Finding("ORG-SF-PARTICIPATE", "i-1", "violation", None, None, "(A)(2)", "x"),
        Finding("ORG-SF-ENROLL", "p-1", "late", None, None, "(A)(1)", "x"),
        Finding("ORG-NOV-60-DAYS", "n-9", "overdue", None, None, "(D)(4)", "x"),
        Finding("SW-DUMPING", "p-1", "violation", None, None, "Ch. 50", "x"),
    ]
    assert enf.generator_of("i-1", ctx) == "p-1"
    assert enf.generator_of("p-1", ctx) == "p-1"
    assert enf.generator_of("unknown", ctx) == "unknown"
    (outcome,) = enf.civil_penalties(findings, ctx)
    assert (outcome.status, outcome.subject) == ("met", "p-1")
    assert outcome.explanation == (
        "ORG-SF-PARTICIPATE is violated; cart tag t-1 of 2024-05-02 stands uncorrected."
    )
    assert list(enf.education_material(findings, ctx)) == []


def test_org_education_and_civil_penalties_bounded_by_their_dates():
    """ORG-EDUCATION-PERIOD / ORG-CIVIL-PENALTIES: nothing before SB 1383 took effect,
    no educational material after 2023, no NOV before 2024."""
    findings = [Finding("ORG-COM-ENROLL", "p-1", "violation", None, None, "(A)(1)", "x")]
    before = _context([PREMISES], date(2021, 12, 31))
    assert list(enf.education_material(findings, before)) == []
    assert list(enf.civil_penalties(findings, before)) == []
    during = _context([PREMISES], date(2023, 12, 31))
    (outcome,) = enf.education_material(findings, during)
    assert outcome.status == "due"
    assert list(enf.civil_penalties(findings, during)) == []
    after = _context([PREMISES], date(2024, 1, 1))
    assert list(enf.education_material(findings, after)) == []
    (outcome,) = enf.civil_penalties(findings, after)
    assert outcome.explanation == (
        "ORG-COM-ENROLL is violated: document the noncompliance and issue a Notice of Violation."
    )


def test_org_nov_60_days_not_for_other_chapters():
    """ORG-NOV-60-DAYS: a notice of violation of a Chapter 51 provision has the
    default deadline but no SB 1383 clock or referral."""
    raw = [PREMISES, {**NOTICE, "requirement": "SEW-STORMWATER"}]
    evaluation = _evaluate(raw, date(2024, 6, 1))
    assert _derived(evaluation, "n-1", "nov_compliance_due") == date(2024, 4, 30)
    assert _find(evaluation, "ORG-NOV-60-DAYS", "n-1") == []
    assert _find(evaluation, "ORG-CITATION", "n-1") == []


def test_parameters_used_by_enforcement_exist():
    """Every enf.* parameter the module reads is in the pack with a reference."""
    pack = load_pack()
    names = [n for n in pack.parameters if n.startswith("enf.")]
    assert len(names) >= 12
    for name in names:
        parameter: Parameter = pack.param(name)
        assert parameter.reference and parameter.description


def test_org_contamination_and_hauler_edges():
    """ORG-CONTAMINATION-NOV / ORG-HAULER-CONTAMINATION-CHARGE: a notice before any
    contamination answers none; two hauler visits on the year's last day make one
    finding; a citation whose notice is not yet issued is not judged (ORG-CITATION)."""
    raw = [
        PREMISES,
        {**NOTICE, "kind": "cart_tag", "requirement": "ORG-SF-PARTICIPATE",
         "issued_on": "2024-12-01"},
        {"type": "inspection", "subject": "p-1", "date": "2024-12-10", "contamination": True,
         "by_hauler": True},
        {"type": "inspection", "subject": "p-1", "date": "2024-12-10", "contamination": True,
         "by_hauler": True},
        {"id": "n-2", "type": "notice", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
         "issued_on": "2025-03-01"},
        {"id": "c-2", "type": "citation", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
         "issued_on": "2024-12-20", "notice": "n-2"},
    ]  # fmt: skip
    evaluation = _evaluate(raw, date(2024, 12, 31))
    (nov,) = _find(evaluation, "ORG-CONTAMINATION-NOV", "p-1")
    assert (nov.status, nov.due) == ("overdue", date(2024, 12, 12))
    (charge,) = _find(evaluation, "ORG-HAULER-CONTAMINATION-CHARGE", "p-1")
    assert (charge.status, charge.period) == ("met", "2024")
    assert charge.explanation == (
        "The hauler found contamination on 1 day of 2024 (2024-12-10), not more than 2, so no "
        "contamination service charge may be assessed."
    )
    assert _find(evaluation, "ORG-CITATION", "c-2") == []


def test_org_nov_original_deadline_of_a_cart_tag_is_none():
    """ORG-NOV-60-DAYS: a cart tag sets no deadline of its own."""
    ctx = _context([PREMISES, {**NOTICE, "kind": "cart_tag"}], date(2024, 6, 1))
    assert enf.original_deadline(ctx.get("n-1"), ctx) is None
