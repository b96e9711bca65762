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
    see § 10.99" are misdemeanors; the sections without it, FOG, SB 1383 and the
    recyclables infraction are not."""
    ctx = _context([])
    dumping = gen.criminal_basis("SW-DUMPING", ctx)
    assert dumping is not None and dumping[1:3] == (1000, 6) and "§ 50.999(A)" in dumping[0]
    stormwater = gen.criminal_basis("SEW-STORMWATER", ctx)
    assert stormwater is not None and "§ 10.99" in stormwater[0] and "reading" in stormwater[3]
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


def test_gen_penalty_misdemeanor_one_referral_per_subject_and_requirement():
    """GEN-PENALTY-MISDEMEANOR: open findings only, once per subject and requirement."""
    ctx = _context([])
    disposal = catalog()["SW-DISPOSAL-MEANS"].cite
    findings = [
        Finding("SW-ACCUMULATION-TIME", "a-1", "overdue", None, "2025", "Ch. 50 time limits", ""),
        Finding("SW-ACCUMULATION-TIME", "a-1", "violation", None, "2024", "Ch. 50 time limits", ""),
        Finding("SW-DISPOSAL-MEANS", "p-1", "late", None, None, disposal, ""),
        Finding("SW-DISPOSAL-MEANS", "p-2", "met", None, None, disposal, ""),
        Finding("FOG-MIN-FREQUENCY", "d-1", "overdue", None, None, "§ 51.64(B)", ""),
    ]
    outcomes = list(gen.misdemeanor_referral(findings, ctx))
    assert [(o.subject, o.status) for o in outcomes] == [("a-1", "violation")]
    assert outcomes[0].explanation == (
        "SW-ACCUMULATION-TIME (Ch. 50 time limits) is overdue and has no penalty of its own, "
        "so it is a misdemeanor under § 50.999(A) that may be referred for prosecution: a fine "
        "of up to $1,000, up to 6 months' imprisonment, or both."
    )


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
