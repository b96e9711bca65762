"""SB 1383 enforcement (enforcement.py): the vocabulary it adds, its helpers, and the
readings and paths the scenario files do not show well."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from sanitas.ordinance import enforcement as enf
from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.engine import Finding
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import Parameter, load_pack
from sanitas.ordinance.words import period_words

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


def test_org_penalty_amounts_ordinals_in_words():
    """ORG-PENALTY-AMOUNTS / ORG-CONTAMINATION-NOV: small ordinals are read as words."""
    assert [enf.ordinal_word(n) for n in (1, 2, 3, 8, 9, 21)] == [
        "first",
        "second",
        "third",
        "eighth",
        "9th",
        "21st",
    ]


def test_org_contamination_nov_kinds_phrase():
    """ORG-CONTAMINATION-NOV: the accepted notice kinds read as a list."""
    assert enf.kinds_phrase([]) == ""
    assert enf.kinds_phrase(["nov"]) == "notice of violation"
    assert enf.kinds_phrase(("cart_tag", "nov", "education")) == (
        "cart tag, notice of violation or educational material"
    )


def test_org_civil_penalties_periods_read_aloud():
    """ORG-CIVIL-PENALTIES: a quarter is read as words, a year as it is."""
    assert period_words("2024-Q3") == "the third quarter of 2024"
    assert period_words("2024") == "2024"
    assert period_words("2024-H1") == "2024-H1"


def test_enforcement_ids_are_catalog_ids():
    """ORG-CIVIL-PENALTIES: the process requirements excluded from noncompliance exist."""
    assert enf.ENFORCEMENT_IDS.issubset(catalog())


def test_enforcement_cites_name_the_subdivision():
    """Every cite a rule of the enforcement section narrows to is of that section."""
    assert enf.SECTION == "Ch. 50 enforcement"
    assert enf.enforcement_cite("(E)(2)") == "Ch. 50 enforcement (E)(2)"


def test_org_civil_penalties_noncompliance_description():
    """ORG-CIVIL-PENALTIES: one sentence names the subject, the requirement in words
    and the periods overdue."""
    ctx = _context([{**PREMISES, "address": "12 Mission Dr"}], date(2024, 6, 1))
    group = enf.Noncompliance("p-1", "ORG-COM-SELF-INSPECT")
    group.findings = [
        Finding("ORG-COM-SELF-INSPECT", "p-1", "overdue", date(2024, 3, 31), "2024-Q1", "x", "x")
    ]
    assert group.describe(ctx).render("en") == (
        "12 Mission Dr is out of compliance with quarterly self-inspection of containers, "
        "overdue for the first quarter of 2024"
    )
    group.findings = [
        Finding("ORG-COM-SELF-INSPECT", "p-1", "overdue", None, f"2024-Q{q}", "x", "x")
        for q in (1, 2, 3)
    ]
    described = group.describe(ctx).render("en")
    assert described.endswith(
        ", overdue for 3 periods, from the first quarter of 2024 to the third quarter of 2024"
    )
    group = enf.Noncompliance("p-1", "ORG-COM-ENROLL")
    group.findings = [Finding("ORG-COM-ENROLL", "p-1", "violation", None, None, "x", "x")]
    assert (
        group.describe(ctx).render("en")
        == "12 Mission Dr is out of compliance with commercial organics service"
    )


# ------------------------------------------------------------------ the records as they stood


def test_org_nov_60_days_records_as_they_stood_hide_later_facts():
    """ORG-NOV-60-DAYS: the view of the records on an earlier day hides what is dated
    after it, by id, by type and by reference, and the underlying rules see it so."""
    raw = [
        {"id": "p-1", "type": "premises", "use": "commercial"},
        {"id": "s-old", "type": "collection_service", "premises": "p-1", "stream": "organics",
         "gallons_per_week": 32, "start": "2022-01-01"},
        {"id": "s-new", "type": "collection_service", "premises": "p-1", "stream": "organics",
         "gallons_per_week": 32, "start": "2024-04-10"},
        {**NOTICE, "issued_on": "2024-03-01"},
    ]  # fmt: skip
    ctx = _context(raw, date(2024, 6, 1))
    before = enf._context_on(date(2024, 4, 9), ctx)
    assert before.as_of == date(2024, 4, 9)
    assert before.get("s-new") is None and before.get("s-old") is not None
    assert [f.id for f in before.referring("collection_service", "premises", "p-1")] == ["s-old"]
    assert [f.id for f in before.of_type("collection_service")] == ["s-old"]
    assert enf._context_on(date(2024, 6, 1), ctx) is ctx
    notice = ctx.get("n-1")
    assert not enf.shows_compliance(notice, date(2024, 4, 9), ctx)
    assert enf.shows_compliance(notice, date(2024, 4, 10), ctx)
    found = enf.compliance(notice, ctx)
    assert (found.on, found.by_act) == (date(2024, 4, 10), True)


def test_org_nov_60_days_a_correction_earlier_than_the_act_wins():
    """ORG-NOV-60-DAYS: the earlier of the act shown and a correction recorded."""
    raw = [
        {"id": "p-1", "type": "premises", "use": "commercial"},
        {"type": "collection_service", "premises": "p-1", "stream": "organics",
         "gallons_per_week": 64, "start": "2024-04-10"},
        NOTICE,
        {"type": "correction", "notice": "n-1", "date": "2024-04-05"},
    ]  # fmt: skip
    (finding,) = _find(_evaluate(raw, date(2024, 6, 1)), "ORG-NOV-60-DAYS", "n-1")
    assert finding.status == "met"
    assert finding.explanation.endswith("compliance was recorded on 2024-04-05.")
    assert finding.reading is None


def test_org_nov_60_days_records_that_cannot_show_the_act_need_a_correction():
    """ORG-NOV-60-DAYS: a requirement no rule decides for the subject (here: a premises
    with no class) shows nothing; without a correction the notice is overdue."""
    (finding,) = _find(_evaluate([PREMISES, NOTICE], date(2024, 6, 1)), "ORG-NOV-60-DAYS", "n-1")
    assert finding.status == "overdue"
    assert finding.explanation == (
        "The notice of violation of 2024-03-01 to the premises required compliance with "
        "commercial organics service within 60 days, by 2024-04-30; the deadline passed with "
        "no compliance on record."
    )


def test_org_nov_60_days_a_missed_year_is_answered_by_the_next_years_act():
    """ORG-NOV-60-DAYS: annual information missed in 2024 can no longer be given in
    2024; a notice of 2025-02-01 is complied with by the information given in 2025,
    before its deadline, though 2024 stays overdue for good."""
    raw = [
        {"id": "shop", "type": "establishment", "name": "Hillside Hardware",
         "category": "other", "opened_on": "2024-01-01"},
        {"id": "n-1", "type": "notice", "subject": "shop", "requirement": "ORG-COM-EDUCATION",
         "issued_on": "2025-02-01"},
        {"type": "organics_education", "subject": "shop", "date": "2025-03-01",
         "audiences": ["employees", "contractors", "tenants", "customers"]},
    ]  # fmt: skip
    evaluation = _evaluate(raw, date(2025, 6, 1))
    (finding,) = _find(evaluation, "ORG-NOV-60-DAYS", "n-1")
    assert (finding.status, finding.due) == ("met", date(2025, 4, 2))
    assert "the records show compliance from 2025-03-01" in finding.explanation
    assert finding.reading == enf.ACT_READING
    assert _find(evaluation, "ORG-CITATION", "n-1") == []
    years = {f.period: f.status for f in _find(evaluation, "ORG-COM-EDUCATION", "shop")}
    assert years == {"2024": "overdue", "2025": "met"}


def test_org_nov_60_days_a_report_missed_since_the_notice_is_still_owed():
    """ORG-NOV-60-DAYS: a report may still be filed for its period, unlike a quarter's
    self-inspection; a year's report missed since the notice keeps the notice uncomplied
    with though the next year's came on time, where a year of annual information missed
    since would not."""
    raw = [
        {"id": "h", "type": "hauler", "name": "Valley Disposal", "franchised": True,
         "franchise_start": "2021-01-01"},
        {"type": "report", "subject": "h", "kind": "hauler_facilities", "period": "2022",
         "date": "2022-01-20"},
        {"id": "n-1", "type": "notice", "subject": "h", "requirement": "ORG-HAULER-FACILITIES",
         "issued_on": "2024-03-01"},
        {"type": "report", "subject": "h", "kind": "hauler_facilities", "period": "2026",
         "date": "2026-01-15"},
    ]  # fmt: skip
    evaluation = _evaluate(raw, date(2026, 3, 1))
    years = {f.period: f.status for f in _find(evaluation, "ORG-HAULER-FACILITIES", "h")}
    assert [years[y] for y in ("2022", "2023", "2024", "2025", "2026")] == [
        "met",
        "overdue",
        "overdue",
        "overdue",
        "met",
    ]
    (finding,) = _find(evaluation, "ORG-NOV-60-DAYS", "n-1")
    assert finding.status == "overdue"
    # the same history of a year's information: 2023 to 2025 are missed for good, and
    # 2026's act complies with the notice
    raw = [
        {"id": "shop", "type": "establishment", "name": "Hillside Hardware",
         "category": "other", "opened_on": "2022-01-01"},
        {"type": "organics_education", "subject": "shop", "date": "2022-01-20",
         "audiences": ["employees", "contractors", "tenants", "customers"]},
        {"id": "n-1", "type": "notice", "subject": "shop", "requirement": "ORG-COM-EDUCATION",
         "issued_on": "2024-03-01"},
        {"type": "organics_education", "subject": "shop", "date": "2026-01-15",
         "audiences": ["employees", "contractors", "tenants", "customers"]},
    ]  # fmt: skip
    (finding,) = _find(_evaluate(raw, date(2026, 3, 1)), "ORG-NOV-60-DAYS", "n-1")
    assert finding.status == "late"
    assert "the records show compliance from 2026-01-15" in finding.explanation


# --------------------------------------------------------------------------- readings and paths


def test_org_citation_late_correction_reading_can_end_the_referral():
    """ORG-CITATION: with enf.late_correction_ends_referral true, a late correction
    closes the referral (met) instead of leaving it overdue; the reading is the
    finding's own field, never in its explanation."""
    raw = [PREMISES, NOTICE, {"type": "correction", "notice": "n-1", "date": "2024-05-10"}]
    strict = _evaluate(raw, date(2024, 6, 1))
    (finding,) = _find(strict, "ORG-CITATION", "n-1")
    assert finding.status == "overdue"
    assert finding.explanation == (
        "The notice of violation of 2024-03-01 to the premises passed its deadline of "
        "2024-04-30 without compliance, which came only on 2024-05-10: refer it for an "
        "administrative citation."
    )
    assert finding.reading == enf.LATE_READING
    lenient = _evaluate(raw, date(2024, 6, 1), _pack(**{"enf.late_correction_ends_referral": True}))
    (finding,) = _find(lenient, "ORG-CITATION", "n-1")
    assert finding.status == "met"
    assert finding.reading == enf.LATE_ENDS_READING
    assert "reading" not in finding.explanation


def test_org_citation_contamination_citation_naming_a_cart_tag_needs_the_fine_occasion():
    """ORG-CITATION (D)(3): a citation naming a cart tag is a contamination fine; with no
    contamination on record it is unsupported, and the cart tag has no 60-day clock."""
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
    (finding,) = _find(evaluation, "ORG-CITATION", "c-1")
    assert (finding.status, finding.cite) == ("violation", "Ch. 50 enforcement (D)(3)")
    assert finding.explanation == (
        "The citation of 2024-03-02 to the premises is unsupported: no contamination of its "
        "containers is on record before it."
    )
    assert _find(evaluation, "ORG-CITATION", "n-1") == []
    assert _find(evaluation, "ORG-NOV-60-DAYS", "n-1") == []
    assert _derived(evaluation, "c-1", "penalty_ceiling") == 0


def test_org_nov_60_days_no_clock_for_a_contamination_notice_of_violation():
    """ORG-NOV-60-DAYS (D)(4): "With the exception of violations of generator
    contamination of container contents": a notice of violation naming a contamination
    requirement sets no deadline, even its own."""
    for requirement in ("ORG-CONTAMINATION-NOV", "ORG-SF-PARTICIPATE"):
        raw = [PREMISES, {**NOTICE, "requirement": requirement, "due_on": "2024-03-20"}]
        evaluation = _evaluate(raw, date(2024, 6, 1))
        assert _derived(evaluation, "n-1", "nov_compliance_due") is None
        assert _find(evaluation, "ORG-NOV-60-DAYS", "n-1") == []
        assert _find(evaluation, "ORG-CITATION", "n-1") == []


def test_org_contamination_notices_must_name_contamination():
    """ORG-CONTAMINATION-NOV: a notice of violation of another SB 1383 requirement
    tells the generator nothing of contamination, so it answers none."""
    raw = [
        PREMISES,
        {"type": "inspection", "subject": "p-1", "date": "2024-03-01", "contamination": True},
        {**NOTICE, "requirement": "ORG-COM-ENROLL", "issued_on": "2024-03-02"},
    ]
    (finding,) = _find(_evaluate(raw, date(2024, 6, 1)), "ORG-CONTAMINATION-NOV", "p-1")
    assert (finding.status, finding.due) == ("overdue", date(2024, 3, 3))


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
        "The notice of violation of 2024-03-01 to the premises required compliance with "
        "commercial organics service by 2024-06-30, as extended on 2024-04-20 for an act of "
        "God or other emergency; compliance is outstanding."
    )


def test_org_extension_cites_its_reason():
    """ORG-EXTENSION (G)(1)-(3): each extension cites the subdivision of its reason."""
    raw = [PREMISES, NOTICE] + [
        {"id": f"x-{n}", "type": "extension", "notice": "n-1", "date": f"2024-04-0{n}",
         "new_due_on": f"2024-0{5 + n}-01", "reason": reason, "corrective_action_plan": True}
        for n, reason in enumerate(["act_of_god", "permit_delay", "infrastructure_capacity"], 1)
    ]  # fmt: skip
    evaluation = _evaluate(raw, date(2024, 4, 10))
    cites = [_find(evaluation, "ORG-EXTENSION", f"x-{n}")[0].cite for n in (1, 2, 3)]
    assert cites == [f"Ch. 50 enforcement (G)({n})" for n in (1, 2, 3)]
    assert _derived(evaluation, "n-1", "nov_compliance_due") == date(2024, 8, 1)


def test_org_contamination_fine_occasion_is_a_pack_reading():
    """ORG-CONTAMINATION-NOV: read "more than three", fines start at the 4th occasion;
    the reading is the finding's own field."""
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
    findings = _find(strict, "ORG-CONTAMINATION-NOV", "p-1")
    readings = [f.reading_text for f in findings if f.reading]
    assert len(readings) == 1 and "from the fourth consecutive occasion" in readings[0]
    assert all("reading" not in f.explanation for f in findings)


def test_org_civil_penalties_groups_event_findings_under_their_subject():
    """ORG-CIVIL-PENALTIES: a finding about an inspection belongs to the inspection's
    subject, to whom the notice was served; contamination findings are left to their
    own track."""
    ctx = _context(
        [
            PREMISES,
            {"id": "i-1", "type": "inspection", "subject": "p-1", "date": "2024-05-01"},
            {
                "id": "n-2",
                "type": "notice",
                "subject": "p-1",
                "requirement": "ORG-COM-ACCESS",
                "issued_on": "2024-05-02",
            },
        ],
        date(2024, 6, 1),
    )
    findings = [
        Finding("ORG-COM-ACCESS", "i-1", "violation", None, None, "(A)(9)", "x"),
        Finding("ORG-COM-ACCESS", "i-1", "violation", None, None, "(A)(9)", "x"),
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
    assert str(outcome.explanation) == (
        "The premises is out of compliance with access for organics inspections; the notice "
        "of violation of 2024-05-02 was issued for it and gives until 2024-07-01 to comply."
    )
    assert list(enf.education_material(findings, ctx)) == []


def test_org_civil_penalties_a_complied_notice_answers_what_came_before_it():
    """ORG-CIVIL-PENALTIES: a missed quarter that began before a notice since complied
    with, or the quarter in which a correction records the compliance, calls for no
    new notice; one missed after it does."""
    ctx = _context(
        [
            PREMISES,
            {**NOTICE, "requirement": "ORG-COM-SELF-INSPECT", "issued_on": "2024-10-15"},
            {"type": "correction", "notice": "n-1", "date": "2024-11-01"},
        ],
        date(2025, 5, 1),
    )
    old = Finding("ORG-COM-SELF-INSPECT", "p-1", "overdue", date(2024, 9, 30), "2024-Q3", "", "")
    new = Finding("ORG-COM-SELF-INSPECT", "p-1", "overdue", date(2025, 3, 31), "2025-Q1", "", "")
    (outcome,) = enf.civil_penalties([old], ctx)
    assert outcome.status == "met"
    assert str(outcome.explanation).endswith(
        "the notice of violation of 2024-10-15 was issued for it and complied with "
        "(compliance was recorded on 2024-11-01)."
    )
    # the correction of 2024-11-01 records the act within the fourth quarter
    fourth = Finding(
        "ORG-COM-SELF-INSPECT", "p-1", "overdue", date(2024, 12, 31), "2024-Q4", "", ""
    )
    (outcome,) = enf.civil_penalties([old, fourth], ctx)
    assert outcome.status == "met"
    (outcome,) = enf.civil_penalties([old, fourth, new], ctx)
    assert outcome.status == "due"
    assert str(outcome.explanation) == (
        "The premises is out of compliance with quarterly self-inspection of containers, "
        "overdue for the first quarter of 2025 again since the notice of violation of "
        "2024-10-15 was complied with (compliance was recorded on 2024-11-01): document it "
        "and issue a new notice of violation."
    )


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
    assert str(outcome.explanation) == (
        "The premises is out of compliance with commercial organics service in the education "
        "period: provide educational material and notice that penalties may apply from "
        "2024-01-01."
    )
    assert list(enf.civil_penalties(findings, during)) == []
    after = _context([PREMISES], date(2024, 1, 1))
    assert list(enf.education_material(findings, after)) == []
    (outcome,) = enf.civil_penalties(findings, after)
    assert str(outcome.explanation) == (
        "The premises is out of compliance with commercial organics service: document the "
        "noncompliance and issue a notice of violation."
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
    assert len(names) >= 13
    for name in names:
        parameter: Parameter = pack.param(name)
        assert parameter.reference and parameter.description
    assert pack.param("enf.education_period_citations_count").on(date(2024, 1, 1)) is True


def test_org_penalty_amounts_education_period_citations_reading():
    """ORG-PENALTY-AMOUNTS: with enf.education_period_citations_count false, a citation
    of the education period is no violation on the ladder."""
    raw = [
        PREMISES,
        {**NOTICE, "issued_on": "2023-09-01"},
        {"id": "c-0", "type": "citation", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
         "issued_on": "2023-12-01"},
        {"id": "c-1", "type": "citation", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
         "issued_on": "2024-01-02", "amount": 200},
    ]  # fmt: skip
    default = _evaluate(raw, date(2024, 6, 1))
    assert _derived(default, "c-1", "penalty_ceiling") == 200
    strict = _evaluate(
        raw, date(2024, 6, 1), _pack(**{"enf.education_period_citations_count": False})
    )
    assert _derived(strict, "c-1", "penalty_ceiling") == 100
    (finding,) = _find(strict, "ORG-PENALTY-AMOUNTS", "c-1")
    assert (finding.status, finding.cite) == ("violation", "Ch. 50 enforcement (E)(1)")


def test_org_contamination_and_hauler_edges():
    """ORG-CONTAMINATION-NOV / ORG-HAULER-CONTAMINATION-CHARGE: a notice before any
    contamination answers none; two hauler visits on the year's last day make one
    finding; a citation dated before the notice it names is a data problem that no
    rule judges (ORG-CITATION)."""
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
    assert (nov.status, nov.due, nov.cite) == (
        "overdue",
        date(2024, 12, 12),
        "Ch. 50 enforcement (D)(6)",
    )
    (charge,) = _find(evaluation, "ORG-HAULER-CONTAMINATION-CHARGE", "p-1")
    assert (charge.status, charge.period, charge.cite) == (
        "met",
        "2024",
        "Ch. 50 enforcement (D)(6)",
    )
    assert charge.explanation == (
        "The hauler found contamination in the containers of the premises on 1 day of 2024 "
        "(2024-12-10), not more than 2, so no contamination service charge may be assessed."
    )
    assert _find(evaluation, "ORG-CITATION", "c-2") == []
    assert [p.facts for p in evaluation.data_problems] == [("c-2", "n-2")]
    assert evaluation.data_problems[0].text == (
        "The citation of 2024-12-20 names a notice, issued after it."
    )


def test_org_nov_original_deadline_of_a_cart_tag_is_none():
    """ORG-NOV-60-DAYS: a cart tag sets no deadline of its own."""
    ctx = _context([PREMISES, {**NOTICE, "kind": "cart_tag"}], date(2024, 6, 1))
    assert enf.original_deadline(ctx.get("n-1"), ctx) is None


def test_enforcement_findings_never_carry_a_reading_in_the_explanation():
    """Every finding of this module on its scenario files keeps its reading apart."""
    from sanitas.ordinance.document import load_document

    root = Path(__file__).parent / "scenarios"
    seen = 0
    for path in sorted(root.glob("enf-*.yaml")):
        document = load_document(path)
        for finding in document.evaluate().findings:
            if finding.requirement in enf.ENFORCEMENT_IDS:
                seen += 1
                assert "reading" not in finding.explanation.lower(), (path.name, finding)
                assert finding.cite.startswith(enf.SECTION), (path.name, finding)
    assert seen > 100


def test_org_nov_60_days_complied_by_an_agreement_signed():
    """ORG-NOV-60-DAYS: a notice for a missing food recovery agreement is complied with
    by the agreement the records show in force by the deadline; the public scenario's
    cafe, with none, is not (its citation follows the lapsed notice)."""
    raw = [
        {"id": "pantry", "type": "establishment", "category": "food_recovery_organization"},
        {"id": "cafe", "type": "establishment", "name": "Jade Bistro", "category": "restaurant",
         "seats": 300},
        {"id": "n-1", "type": "notice", "subject": "cafe", "requirement": "ORG-EFG-AGREEMENT",
         "issued_on": "2024-03-01"},
        {"type": "food_recovery_agreement", "generator": "cafe", "partner": "pantry",
         "start": "2024-04-30"},
        {"id": "c-1", "type": "citation", "subject": "cafe", "requirement": "ORG-EFG-AGREEMENT",
         "issued_on": "2024-05-06", "notice": "n-1"},
    ]  # fmt: skip
    evaluation = _evaluate(raw, date(2024, 6, 1))
    (finding,) = _find(evaluation, "ORG-NOV-60-DAYS", "n-1")
    assert (finding.status, finding.due) == ("met", date(2024, 4, 30))
    assert "the records show compliance from 2024-04-30" in finding.explanation
    (citation,) = _find(evaluation, "ORG-CITATION", "c-1")
    assert citation.status == "violation"
    assert _derived(evaluation, "c-1", "penalty_ceiling") == 0
    without = _evaluate(raw[:3] + raw[4:], date(2024, 6, 1))
    assert [f.status for f in _find(without, "ORG-CITATION", "c-1")] == ["met"]
    assert _derived(without, "c-1", "penalty_ceiling") == 100
