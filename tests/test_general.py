"""Cross-cutting rules (general.py): the inspection-observation mechanism,
GEN-PENALTY-MISDEMEANOR and GEN-NOTICE-ADDRESS helpers."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from sanitas.ordinance import general as gen
from sanitas.ordinance.catalog import catalog, parse_catalog
from sanitas.ordinance.engine import RULES, Context, Finding

from .support import context


def _context(raw: list, as_of: date = date(2025, 5, 1)) -> Context:
    return context(raw, as_of)


# --------------------------------------------------------------------------- observations


@pytest.mark.parametrize(
    ("system", "observed"),
    [
        ("inspection finding", True),
        ("track device; inspection finding", True),
        ("track requirement + inspection finding", True),
        ("track complaints/inspection findings; workflow", True),
        ("finding", True),
        ("finding (see GEN-PENALTY-SCAVENGING)", True),
        ("finding from inspections/blockages", True),
        ("complaint/finding workflow", True),
        ("track approvals; finding", True),
        ("validate checklist at inspection", True),
        ("validate inspection checklist; compute the 2036 deadline", True),
        ("inspection checklist", True),
        ("compute from inspection measurements; immediate-service finding", False),
        ("validate each manifest field; incomplete manifest is a finding", False),
        ("workflow: inspection; refusal finding", False),
        ("refusal finding", False),
        ("contamination findings", False),
        ('track agreements; compute "no active agreement" finding', False),
        ("compute due dates; overdue finding", False),
        ("track device + daily inspection log; compute missing days", False),
        ("workflow", False),
    ],
)
def test_observation_system_columns(system, observed):
    """The generic mechanism registers only for inspector-observed provisions."""
    assert gen.is_observation(system) is observed


def test_observation_as_above_repeats_the_row_before():
    """A System column "as above" takes the previous row's (SEW-PROHIBITED-LIQUIDS)."""
    text = (
        "| A-ONE | § 1 | First. | track complaints/inspection findings; workflow |\n"
        "| A-TWO | § 2 | Second. | as above |\n"
        "| A-THREE | § 3 | Third. | compute |\n"
        "| A-FOUR | § 4 | Fourth. | as above |\n"
    )
    found = [r.id for r in gen.observation_requirements(parse_catalog(text))]
    assert found == ["A-ONE", "A-TWO"]


def test_observation_rules_registered_from_the_catalog():
    """One rule per observation requirement, each named and documented from the catalog,
    and none for a requirement whose System column is a computed finding."""
    expected = {r.id for r in gen.observation_requirements()}
    assert set(gen.OBSERVATION_RULES) == expected
    assert {
        "SEW-STORMWATER",
        "SEW-PROHIBITED-LIQUIDS",
        "FOG-SANITARY-FIXTURES",
        "PRM-JOINTS",
        "SW-DUMPING",
        "ORG-COM-EMPLOYEES",
        "ORG-EFG-NO-SPOIL",
    } <= expected
    for ident in (
        "FOG-25-PERCENT",
        "FOG-HAULER-MANIFEST",
        "FOG-INSPECTION-ENTRY",
        "ORG-SF-PARTICIPATE",
        "ORG-COM-ACCESS",
        "ORG-INSPECTIONS",
        "ORG-EFG-AGREEMENT",
        "FOG-TRAINING-NEW-HIRE",
        "SEW-WASHRACK-SANDTRAP",
    ):
        assert ident not in expected
    registered = [s for s in RULES if s.func in gen.OBSERVATION_RULES.values()]
    assert len(registered) == len(expected)
    assert all(s.on == "inspection" for s in registered)
    rule = gen.OBSERVATION_RULES["SEW-STORMWATER"]
    assert rule.__name__ == "observed_sew_stormwater"
    assert catalog()["SEW-STORMWATER"].provision in rule.__doc__
    assert rule.__doc__.startswith("§ 6-8.123:")


def test_observation_program_of_requirement():
    """An inspection of another program does not re-inspect a requirement."""
    assert gen.program_of("FOG-SANITARY-FIXTURES") == "fog"
    assert gen.program_of("PRM-JOINTS") == "sewer"
    assert gen.program_of("SEW-ACIDS") == "sewer"
    assert gen.program_of("SW-DUMPING") == "solid_waste"
    assert gen.program_of("ORG-COM-EMPLOYEES") == "organics"
    assert gen.program_of("GEN-AUDIT") is None


def test_observation_inspections_for_filters_by_program():
    ctx = _context(
        [
            {"id": "p-1", "type": "premises"},
            {"id": "a", "type": "inspection", "subject": "p-1", "date": "2025-01-01"},
            {
                "id": "b",
                "type": "inspection",
                "subject": "p-1",
                "date": "2025-02-01",
                "program": "fog",
            },
            {
                "id": "c",
                "type": "inspection",
                "subject": "p-1",
                "date": "2025-03-01",
                "program": "sewer",
            },
        ]
    )
    assert [i.id for i in gen.inspections_for("p-1", "sewer", ctx)] == ["a", "c"]
    assert [i.id for i in gen.inspections_for("p-1", None, ctx)] == ["a", "b", "c"]
    assert gen.inspections_for("nobody", "fog", ctx) == []


# ------------------------------------------------------------------ GEN-PENALTY-MISDEMEANOR


def test_gen_penalty_misdemeanor_basis_per_chapter():
    """GEN-PENALTY-MISDEMEANOR: Ch. 50 general and the Ch. 51 sections with "Penalty,
    see § 10.99" are misdemeanors, each under its own chapter's penalty section; the
    sections without it, FOG, SB 1383 and the recyclables infraction are not."""
    ctx = _context([])
    dumping = gen.criminal_basis("SW-DUMPING", ctx)
    assert dumping == ("§ 50.999(A)", 1000, 6, None)
    stormwater = gen.criminal_basis("SEW-STORMWATER", ctx)
    assert stormwater is not None and stormwater[0] == "§ 10.99" and "§ 10.99" in str(stormwater[3])
    assert gen.criminal_basis("PRM-PIPE-DIAMETER", ctx) is not None  # § 6-8.119
    assert gen.criminal_basis("SEW-PIPE-LAYER-LICENSE", ctx) is not None  # § 6-8.103
    for ident in (
        "PRM-CONNECTION-METHOD",  # § 6-8.120: no penalty line
        "PRM-CERTIFICATE",  # § 6-8.133
        "PRM-LAPSE",  # § 6-8.116
        "PRM-CHARGES",  # § 6-8.114
        "FOG-MIN-FREQUENCY",
        "ORG-COM-ENROLL",
        "SW-UNAUTHORIZED-COLLECTION",
        "SW-RECYCLABLES-PROPERTY",
        "NOT-AN-ID",
    ):
        assert gen.criminal_basis(ident, ctx) is None, ident


def test_gen_penalty_misdemeanor_follows_violations_once_per_subject_and_requirement():
    """GEN-PENALTY-MISDEMEANOR: a violation is referred, once per subject and
    requirement; an overdue obligation (the act not on record) and a late act are not
    evidence of a crime. The referral cites its own chapter's penalty section and names
    the requirement in words."""
    ctx = _context([{"id": "a-1", "type": "premises", "address": "9 Main St"}])
    time_limit = "'65 Code § 6-4.105(B)(1)"
    findings = [
        Finding("SW-DISPOSAL-MEANS", "a-1", "violation", None, "2025", time_limit, ""),
        Finding("SW-DISPOSAL-MEANS", "a-1", "violation", None, "2024", time_limit, ""),
        Finding("SW-ACCUMULATION-TIME", "a-2", "overdue", None, None, "Ch. 50 time limits", ""),
        Finding("SW-DISPOSAL-MEANS", "p-1", "late", None, None, time_limit, ""),
        Finding("SW-DISPOSAL-MEANS", "p-2", "met", None, None, time_limit, ""),
        Finding("FOG-MIN-FREQUENCY", "d-1", "violation", None, None, "§ 51.64(B)", ""),
    ]
    outcomes = list(gen.misdemeanor_referral(findings, ctx))
    assert [(o.subject, o.status, o.cite) for o in outcomes] == [
        ("a-1", "violation", "§ 50.999(A)")
    ]
    assert str(outcomes[0].explanation) == (
        "The violation of '65 Code § 6-4.105(B)(1), a permitted means of disposal, at 9 Main "
        "St is a misdemeanor that may be referred for prosecution: a fine of up to $1,000, "
        "up to 6 months' imprisonment, or both."
    )
    assert outcomes[0].reading is None


def _finding(requirement: str, subject: str) -> Finding:
    return Finding(requirement, subject, "violation", None, None, "'65 Code § 6-8.119", "")


def test_gen_penalty_misdemeanor_a_reason_not_to_approve_is_not_an_act():
    """GEN-PENALTY-MISDEMEANOR (reading gen.referral_acts): a design that fails plan
    check and a test procedure are reasons not to approve; a leak or a bad joint is an
    act once the work is connected or covered; of an approval's problems only covering
    before approval is the permittee's act; an inspector's observation in the field is
    always an act."""
    permit = {"type": "permit", "kind": "house_connection", "issued_on": "2025-03-01"}
    facts = [
        {"id": "open", **permit},
        {"id": "covered", **permit},
        {"type": "work_covered", "permit": "covered", "date": "2025-03-05"},
        {"id": "approved", **permit},
        {
            "type": "work_inspection",
            "permit": "approved",
            "date": "2025-03-04",
            "result": "approved",
        },
        {"type": "work_covered", "permit": "approved", "date": "2025-03-05"},
        {"id": "connected", **permit},
        {
            "type": "sewer_connection",
            "premises": "lot",
            "date": "2025-03-06",
            "permit": "connected",
        },
        {"id": "lot", "type": "premises"},
        {
            "id": "d-1",
            "type": "connection_design",
            "permit": "open",
            "persons_served": 4,
            "segments": [],
        },
    ]
    ctx = _context(facts)
    acts = {
        (requirement, subject): gen.rests_on_act(_finding(requirement, subject), ctx)
        for requirement, subject in [
            ("PRM-PIPE-DIAMETER", "d-1"),
            ("PRM-PIPE-DIAMETER", "lot"),
            ("PRM-TEST-STANDING", "covered"),
            ("PRM-PRESSURE", "open"),
            ("PRM-PRESSURE", "covered"),
            ("PRM-PRESSURE", "connected"),
            ("PRM-JOINTS", "lot"),
            ("PRM-APPROVAL", "covered"),
            ("PRM-APPROVAL", "approved"),
            ("SEW-STORMWATER", "lot"),
        ]
    }
    assert acts == {
        ("PRM-PIPE-DIAMETER", "d-1"): False,
        ("PRM-PIPE-DIAMETER", "lot"): True,
        ("PRM-TEST-STANDING", "covered"): False,
        ("PRM-PRESSURE", "open"): False,
        ("PRM-PRESSURE", "covered"): True,
        ("PRM-PRESSURE", "connected"): True,
        ("PRM-JOINTS", "lot"): True,
        ("PRM-APPROVAL", "covered"): True,
        ("PRM-APPROVAL", "approved"): False,
        ("SEW-STORMWATER", "lot"): True,
    }


def test_gen_observation_explanations_read_aloud():
    """The observation mechanism names the subject and the requirement in words and
    cites the printed section; no ID, key or marker reaches the sentence."""
    from tests.test_explanations import problems_in

    from .support import evaluate

    facts = [
        {"id": "lot-9", "type": "premises", "address": "9 Mission Dr"},
        {
            "type": "inspection",
            "subject": "lot-9",
            "date": "2025-03-01",
            "violations": ["SEW-STORMWATER", "SW-NO-BURIAL"],
        },
        {
            "type": "inspection",
            "subject": "lot-9",
            "date": "2025-04-01",
            "violations": ["SEW-STORMWATER"],
        },
    ]
    evaluation = evaluate(facts, "2025-05-01")
    found = {f.requirement: f for f in evaluation.findings if f.subject == "lot-9"}
    assert found["SEW-STORMWATER"].explanation == (
        "The inspection of 9 Mission Dr on 2025-04-01 found a violation of '65 Code § 6-8.123, "
        "no stormwater in the sanitary sewer, and no later inspection or correction shows it "
        "corrected."
    )
    assert found["SEW-STORMWATER"].cite == "'65 Code § 6-8.123"
    for finding in evaluation.findings:
        assert not problems_in(finding.explanation, {"lot-9"}), finding


def test_gen_observation_corrected_after_the_notice_deadline_is_late():
    """An observed violation corrected after the deadline its notice set is late (the
    lateness is part of the record), on its deadline or before it met."""
    from .support import evaluate, findings

    facts = [{"id": f"p-{n}", "type": "premises"} for n in (1, 2, 3)]
    for n, fixed in ((1, "2025-03-30"), (2, "2025-03-31"), (3, "2025-04-01")):
        facts += [
            {
                "type": "inspection",
                "subject": f"p-{n}",
                "date": "2025-03-01",
                "violations": ["SEW-ACIDS"],
            },
            {
                "id": f"n-{n}",
                "type": "notice",
                "subject": f"p-{n}",
                "requirement": "SEW-ACIDS",
                "issued_on": "2025-03-02",
                "due_on": "2025-03-31",
            },
            {"type": "inspection", "subject": f"p-{n}", "date": fixed, "violations": []},
        ]
    evaluation = evaluate(facts, "2025-05-01")
    got = {
        f.subject: (f.status, f.due) for f in evaluation.findings if f.requirement == "SEW-ACIDS"
    }
    deadline = date(2025, 3, 31)
    assert got == {"p-1": ("met", deadline), "p-2": ("met", deadline), "p-3": ("late", deadline)}
    (late,) = findings(evaluation, "SEW-ACIDS", "p-3")
    assert late.explanation.endswith(
        "the re-inspection of 2025-04-01 no longer lists it, so it is corrected, after the "
        "deadline of 2025-03-31 that the notice of violation of 2025-03-02 set."
    )


def test_gen_observation_before_its_subject_existed_is_a_data_problem():
    """An inspection listing violations at an establishment before it opened contradicts
    the establishment's record: a data problem, and no finding."""
    from .support import evaluate

    facts = [
        {
            "id": "cafe",
            "type": "establishment",
            "category": "restaurant",
            "name": "Cafe Uno",
            "opened_on": "2025-03-01",
        },
        {
            "id": "i-1",
            "type": "inspection",
            "subject": "cafe",
            "date": "2025-02-28",
            "violations": ["FOG-SANITARY-FIXTURES"],
        },
    ]
    evaluation = evaluate(facts, "2025-05-01")
    assert [f for f in evaluation.findings if f.requirement == "FOG-SANITARY-FIXTURES"] == []
    assert [(p.facts, p.text) for p in evaluation.data_problems] == [
        (
            ("i-1", "cafe"),
            "The inspection of 2025-02-28 lists violations at Cafe Uno, which opened only on "
            "2025-03-01.",
        )
    ]


def test_gen_formatting_helpers():
    assert gen.dollars(1000) == "$1,000"
    assert gen.dollars(Decimal("12.5")) == "$12.50"
    assert gen.join_dates([]) == ""
    assert gen.join_dates([date(2025, 1, 1)]) == "2025-01-01"
    assert gen.join_dates([date(2025, 1, 1), date(2025, 2, 1), date(2025, 3, 1)]) == (
        "2025-01-01, 2025-02-01 and 2025-03-01"
    )


# --------------------------------------------------------------------------- GEN-NOTICE-ADDRESS


def test_gen_notice_address_follows_references_to_the_premises():
    """GEN-NOTICE-ADDRESS: a device's notice goes by its establishment's premises; a
    chain that never reaches one gives nothing."""
    ctx = _context(
        [
            {"id": "pr", "type": "premises"},
            {"id": "est", "type": "establishment", "category": "other", "premises": "pr"},
            {"id": "dev", "type": "device", "establishment": "est", "kind": "grease_trap"},
            {"id": "lone", "type": "establishment", "category": "other"},
        ]
    )
    assert gen.related(ctx.get("dev"), "premises", ctx).id == "pr"
    assert gen.related(ctx.get("dev"), "establishment", ctx).id == "est"
    assert gen.related(ctx.get("lone"), "premises", ctx) is None
    assert gen.related(None, "premises", ctx) is None
    assert gen.related(ctx.get("dev"), "premises", ctx, _depth=5) is None


def test_gen_notice_address_default_names():
    """GEN-NOTICE-ADDRESS: "owner" and the paying party are named even without a name."""
    ctx = _context(
        [
            {"id": "pr", "type": "premises", "service_payer_address": "PO Box 1"},
            {
                "id": "n",
                "type": "notice",
                "subject": "pr",
                "requirement": "ORG-COM-ENROLL",
                "issued_on": "2025-01-01",
            },
            {"id": "pr2", "type": "premises", "owner_tax_address": "PO Box 2"},
            {
                "id": "n2",
                "type": "notice",
                "subject": "pr2",
                "requirement": "ORG-COM-ENROLL",
                "issued_on": "2025-01-01",
            },
        ]
    )
    assert gen.notice_recipient(ctx.get("n"), ctx) == {
        "name": "Party responsible for collection service",
        "address": "PO Box 1",
        "rule": "service_payer",
    }
    assert gen.notice_recipient(ctx.get("n2"), ctx) == {
        "name": "Owner",
        "address": "PO Box 2",
        "rule": "owner_tax_address",
    }


def test_memo_computes_once_per_evaluation():
    ctx = _context([])
    calls = []
    assert gen.memo(ctx, ("k",), lambda: calls.append(1) or 7) == 7
    assert gen.memo(ctx, ("k",), lambda: calls.append(1) or 8) == 7
    assert calls == [1]
