"""The engine's framework: vocabulary validation, calendar, rule pack, catalog."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

import pytest

from sanitas.ordinance import calendar as cal
from sanitas.ordinance.catalog import (
    CATALOG_FILE,
    FORMER_SECTION_SUBJECTS,
    catalog,
    cite,
    parse_catalog,
)
from sanitas.ordinance.document import load_document, parse_document
from sanitas.ordinance.engine import DERIVED, RECORDS, RULES, deadline_status
from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.ordinance.pack import PackError, load_pack, parse_pack

from .conftest import ROOT, SHARED_SPEC
from .support import problems_in as _problems

BAD = ROOT / "tests" / "bad"

# --------------------------------------------------------------------------- validation


def test_every_problem_of_a_bad_file_is_named_by_fact_and_field():
    with pytest.raises(FactsError) as caught:
        load_document(BAD / "unknown-type.yaml")
    text = "\n".join(caught.value.problems)
    expected = [
        "fact 1 (id 'fse-1', establishment): cooks: expected true or false, got 'yes'",
        "fact 1 (id 'fse-1', establishment): opened_on: '2025-02-30' is not a calendar date",
        "fact 2 (id 'fse-1', establishment): category: 'taqueria' is not one of",
        "fact 2 (id 'fse-1', establishment): id: 'fse-1' is already the id of fact 1",
        "fact 3 (id 'gi-1', device): colour: unknown field",
        "fact 3 (id 'gi-1', device): establishment: no fact has the id 'fse-9'",
        "fact 4 (frequency_order): months: expected a whole number, got '6'",
        "fact 5 (spaceship): type: unknown fact type 'spaceship'",
        "fact 6 (pump_out): date: required field is missing",
        "fact 7 (training): establishment: 'gi-1' is a device, expected establishment",
        "fact 7 (training): employees[0]: no fact has the id 'emp-404'",
    ]
    for line in expected:
        assert line in text
    assert len(caught.value.problems) == len(expected)
    assert all(p.startswith(str(BAD / "unknown-type.yaml")) for p in caught.value.problems)


def test_forward_references_are_fine():
    facts = parse_facts(
        [
            {"type": "pump_out", "device": "gi-1", "date": "2025-01-01", "full": True},
            {"id": "gi-1", "type": "device", "establishment": "fse-1", "kind": "grease_trap"},
            {"id": "fse-1", "type": "establishment", "category": "restaurant"},
        ]
    )
    assert [f.type for f in facts] == ["pump_out", "device", "establishment"]


def test_a_fact_that_is_not_a_mapping_is_named_by_position():
    assert _problems([["device"]]) == ["fact 1: a fact is a mapping with a 'type', got ['device']"]


def test_missing_type_and_non_list_facts():
    assert _problems([{"id": "x"}]) == ["fact 1 (id 'x'): type: required field is missing"]
    with pytest.raises(FactsError) as caught:
        parse_facts({"id": "x"})
    assert "expected a list of facts" in caught.value.problems[0]


def test_datetimes_take_exactly_minutes():
    problems = _problems(
        [
            {"id": "p", "type": "premises"},
            {
                "id": "a",
                "type": "accumulation",
                "premises": "p",
                "since": "2025-03-07T18:00:00",
                "garbage": True,
                "observed_at": "2025-03-07",
            },
        ]
    )
    assert problems == [
        "fact 2 (id 'a', accumulation): since: expected a date and time (YYYY-MM-DDTHH:MM), "
        "got '2025-03-07T18:00:00'",
        "fact 2 (id 'a', accumulation): observed_at: expected a date and time "
        "(YYYY-MM-DDTHH:MM), got '2025-03-07'",
    ]


def test_collection_service_belongs_to_exactly_one_holder():
    problems = _problems(
        [{"type": "collection_service", "stream": "organics", "start": "2024-01-01"}]
    )
    assert problems == [
        "fact 1 (collection_service): (fact): give exactly one of 'premises' or 'establishment'"
    ]


def test_notice_requirement_must_be_in_the_catalog():
    problems = _problems(
        [
            {"id": "e", "type": "establishment", "category": "other"},
            {
                "id": "n",
                "type": "notice",
                "subject": "e",
                "requirement": "ORG-MADE-UP",
                "issued_on": "2025-01-01",
            },
        ]
    )
    assert problems == [
        "fact 2 (id 'n', notice): requirement: 'ORG-MADE-UP' is not a requirement ID of the catalog"
    ]


def test_yaml_on_and_yes_are_not_booleans(tmp_path: Path):
    path = tmp_path / "f.yaml"
    path.write_text(
        "as_of: 2025-01-01\nfacts:\n  - {id: e, type: establishment, category: other, cooks: on}\n"
    )
    with pytest.raises(FactsError) as caught:
        load_document(path)
    assert caught.value.problems == [
        f"{path}: fact 1 (id 'e', establishment): cooks: expected true or false, got 'on'"
    ]


def test_json_and_yaml_documents_are_the_same(tmp_path: Path):
    yaml_doc = load_document(ROOT.parent / "shared" / "scenarios" / "fog-frequency-order.yaml")
    import orjson

    from sanitas.ordinance.yamlio import load_yaml

    data = load_yaml(
        (ROOT.parent / "shared" / "scenarios" / "fog-frequency-order.yaml").read_text()
    )
    path = tmp_path / "same.json"
    path.write_bytes(orjson.dumps(data))
    json_doc = load_document(path)
    assert json_doc.evaluate().as_dict() == yaml_doc.evaluate().as_dict()


def test_document_level_problems(tmp_path: Path):
    with pytest.raises(FactsError) as caught:
        parse_document(
            {
                "as_of": "2025-13-01",
                "holidays": ["2025-01-01", "soon"],
                "colour": "blue",
                "expect": {"findings": [{"requirement": "X"}], "maybe": []},
            },
            source="doc",
        )
    problems = caught.value.problems
    assert "doc: colour: unknown top-level field" in problems
    assert "doc: as_of: '2025-13-01' is not a calendar date" in problems
    assert "doc: holidays[1]: expected a date (YYYY-MM-DD), got 'soon'" in problems
    assert "doc: facts: required field is missing" in problems
    assert "doc: expect.maybe: unknown section" in problems
    assert "doc: expect.findings[0]: subject: required field is missing" in problems


def test_unknown_jurisdiction_is_bad_input():
    with pytest.raises(FactsError) as caught:
        parse_document({"jurisdiction": "atlantis", "facts": []}, source="doc")
    assert caught.value.problems == ["doc: jurisdiction: no rule pack named 'atlantis'"]


def test_invalid_yaml_names_line_and_column(tmp_path: Path):
    path = tmp_path / "broken.yaml"
    path.write_text("facts: [\n")
    with pytest.raises(FactsError) as caught:
        load_document(path)
    assert caught.value.problems[0].startswith(f"{path}: not valid YAML: line 2, column 1")


def test_facts_dated_after_the_as_of_date_are_not_seen():
    document = load_document(ROOT.parent / "shared" / "scenarios" / "fog-frequency-order.yaml")
    before_order = document.evaluate(as_of=date(2022, 12, 31)).as_dict()
    derived = {d["name"]: d["value"] for d in before_order["derived"] if d["subject"] == "gi-1"}
    assert derived["maintenance_frequency_months"] == 3  # the 2023 order is not yet made


# --------------------------------------------------------------------------- calendar


def test_months_clamp_to_the_end_of_a_shorter_month():
    assert cal.add_months(date(2025, 1, 31), 1) == date(2025, 2, 28)
    assert cal.add_months(date(2024, 1, 31), 1) == date(2024, 2, 29)
    assert cal.add_months(date(2024, 11, 30), 3) == date(2025, 2, 28)
    assert cal.add_months(date(2024, 10, 2), 3) == date(2025, 1, 2)


def test_report_due_dates():
    assert cal.annual_report_due(2024) == date(2025, 2, 1)
    assert [cal.quarterly_report_due(2025, q) for q in (1, 2, 3, 4)] == [
        date(2025, 4, 30),
        date(2025, 7, 30),
        date(2025, 10, 30),
        date(2026, 1, 30),
    ]
    assert cal.parse_period("2025-Q3") == (2025, 3)
    assert cal.parse_period("2024") == (2024, None)
    assert list(cal.quarters_between(date(2024, 11, 5), date(2025, 4, 1))) == [
        (2024, 4),
        (2025, 1),
        (2025, 2),
    ]


def test_federal_holidays_are_the_default_and_a_list_replaces_them():
    federal = cal.HolidayCalendar()
    assert date(2025, 1, 20) in federal  # Martin Luther King Jr. Day
    assert date(2021, 12, 31) in federal  # New Year's Day 2022 observed on Friday
    assert date(2025, 1, 21) not in federal
    explicit = cal.HolidayCalendar(explicit=[date(2025, 1, 21)])
    assert date(2025, 1, 20) not in explicit and date(2025, 1, 21) in explicit
    assert cal.HolidayCalendar(explicit=[]).week_holiday(date(2025, 7, 4)) is None
    assert federal.week_holiday(date(2025, 7, 1)) == date(2025, 7, 4)


def test_counted_hours_skip_sundays_and_holidays():
    none = cal.HolidayCalendar(explicit=[])
    friday_evening = datetime(2025, 3, 7, 18, 0)
    assert cal.add_counted_hours(friday_evening, 48, none) == datetime(2025, 3, 10, 18, 0)
    with_monday_holiday = cal.HolidayCalendar(explicit=[date(2025, 3, 10)])
    assert cal.add_counted_hours(friday_evening, 48, with_monday_holiday) == datetime(
        2025, 3, 11, 18, 0
    )
    starting_on_sunday = datetime(2025, 3, 9, 10, 0)
    assert cal.add_counted_hours(starting_on_sunday, 48, none) == datetime(2025, 3, 12, 0, 0)


def test_deadline_statuses():
    due_on = date(2025, 1, 10)
    assert deadline_status(due_on, date(2025, 1, 10), date(2025, 2, 1)) == "met"
    assert deadline_status(due_on, date(2025, 1, 11), date(2025, 2, 1)) == "late"
    assert deadline_status(due_on, None, date(2025, 1, 10)) == "due"
    assert deadline_status(due_on, None, date(2025, 1, 11)) == "overdue"
    # an act after the as-of date has not happened yet
    assert deadline_status(due_on, date(2025, 1, 5), date(2025, 1, 4)) == "due"


# --------------------------------------------------------------------------- rule pack


def _param(**overrides):
    spec = {
        "description": "A threshold.",
        "unit": "gallons",
        "reference": "§ 1",
        "values": {"2020-01-01": 10, "2024-07-01": 20},
    }
    spec.update(overrides)
    return {"jurisdiction": "x", "parameters": {"t": spec}}


def test_pack_values_are_keyed_by_the_date_they_took_effect():
    pack = parse_pack(_param(), "x.yaml")
    assert pack.value("t", date(2024, 6, 30)) == 10
    assert pack.value("t", date(2024, 7, 1)) == 20
    assert pack.value("t", date(2019, 1, 1)) == 10  # before the first value: the first


@pytest.mark.parametrize("missing", ["unit", "reference", "description"])
def test_pack_rejects_a_parameter_without_unit_reference_or_description(missing):
    with pytest.raises(PackError) as caught:
        parse_pack(_param(**{missing: None}), "x.yaml")
    assert caught.value.problems == [
        f"parameter 't': missing {missing!r} (every parameter states its {missing})"
    ]


def test_pack_rejects_bad_dates_and_unknown_keys():
    data = _param(values={"someday": 1}, colour="red")
    data["extra"] = 1
    with pytest.raises(PackError) as caught:
        parse_pack(data, "x.yaml")
    assert set(caught.value.problems) == {
        "unknown top-level key 'extra'",
        "parameter 't': unknown key 'colour'",
        "parameter 't': effective date 'someday' is not a date (YYYY-MM-DD)",
    }


def test_the_san_gabriel_pack_loads_and_every_parameter_is_cited():
    pack = load_pack("san-gabriel")
    assert pack.timezone == "America/Los_Angeles"
    for parameter in pack.parameters.values():
        assert parameter.unit and parameter.reference and parameter.description


def test_a_pack_extends_another(tmp_path: Path):
    (tmp_path / "other_town.yaml").write_text(
        "jurisdiction: other-town\nextends: san-gabriel\nparameters:\n"
        "  org.penalty_ladder:\n    description: Lower ladder.\n    unit: dollars\n"
        "    reference: Other Town Code § 9\n    values:\n      2022-01-01: [50, 75, 150]\n"
    )
    pack = load_pack("other-town", [tmp_path])
    assert pack.value("org.penalty_ladder", date(2025, 1, 1)) == (50, 75, 150)
    assert pack.value("fog.default_frequency_months", date(2025, 1, 1)) == 3
    assert pack.timezone == "America/Los_Angeles"


# --------------------------------------------------------------------------- the catalog


def test_the_shipped_catalog_is_the_specification():
    spec = SHARED_SPEC / "requirements.md"
    assert spec.is_file(), "the shared specification must be beside the clone"
    assert CATALOG_FILE.read_text() == spec.read_text()


def test_every_cite_stands_alone():
    """What a notice prints names a section or a chapter; none merely continues the
    row above it in the catalog ("(A)(7)") or is a bare source note ("('65 § …)")."""
    for requirement in catalog().values():
        assert not requirement.cite.startswith("("), requirement.id
        assert "§" in requirement.cite or "Ch." in requirement.cite, requirement.id


@pytest.mark.parametrize(
    ("ident", "written", "printed"),
    [
        ("ORG-COM-EDUCATION", "(A)(7)", "Ch. 50 SB 1383 commercial (A)(7)"),
        ("ORG-COM-ACCESS", "(A)(9)-(10)", "Ch. 50 SB 1383 commercial (A)(9)-(10)"),
        ("ORG-SF-PARTICIPATE", "(A)(2)", "Ch. 50 SB 1383 single-family (A)(2)"),
        ("ORG-WAIVER-SPACE", "(B)", "Ch. 50 SB 1383 waivers (B)"),
        ("ORG-EFG-AGREEMENT", "(C)(1)-(2)", "Ch. 50 edible food (C)(1)-(2)"),
        ("ORG-SELFHAUL-REPORT", "(D)-(E)", "Ch. 50 self-haulers (D)-(E)"),
        ("ORG-NOV-60-DAYS", "(D)(4)", "Ch. 50 enforcement (D)(4)"),
        ("ORG-CIVIL-PENALTIES", "(J)", "Ch. 50 enforcement (J)"),
        ("ORG-CLASSIFY-PREMISES", "SB 1383 definitions", "Ch. 50 SB 1383 definitions"),
        ("ORG-FRS-RECORDS", "FRO/FRS (A)", "Ch. 50 FRO/FRS (A)"),
        ("ORG-COMPLAINTS", "Inspections (B)(3)", "Ch. 50 inspections (B)(3)"),
        (
            "SW-DISPOSAL-MEANS",
            "('65 § 6-4.105)",
            "Ch. 50 accumulations and disposal (B) ('65 Code, § 6-4.105)",
        ),
        ("SW-NO-BURIAL", "('65 § 6-4.107)", "Ch. 50 burial ('65 Code, § 6-4.107)"),
        ("GEN-AUDIT", "all", "all of Ch. 50 and Ch. 51"),
        ("FOG-MIN-FREQUENCY", "§ 51.64(B)", "§ 51.64(B)"),
        ("PRM-JOINTS", "§ 6-8.119(B)(3)(a)-(c)", "§ 6-8.119(B)(3)(a)-(c)"),
        ("SW-CONTAINER-PLACEMENT", "Ch. 50 containers (B)-(C)", "Ch. 50 containers (B)-(C)"),
        (
            "GEN-NOTICE-ADDRESS",
            "Ch. 50 SB 1383 enforcement (D)(5)(b)",
            "Ch. 50 SB 1383 enforcement (D)(5)(b)",
        ),
    ],
)
def test_a_cite_is_resolved_and_the_written_one_kept(ident, written, printed):
    requirement = catalog()[ident]
    assert requirement.cite_as_written == written
    assert requirement.cite == printed
    assert cite(ident) == printed


def test_every_former_code_section_cited_alone_has_its_subject():
    """A row citing only a source note gets the subject of its section in the chapter."""
    notes = [r for r in catalog().values() if r.cite_as_written.startswith("('")]
    assert {r.id for r in notes} >= {"SW-DISPOSAL-MEANS", "SW-RECYCLABLES-PROPERTY"}
    for requirement in notes:
        number = requirement.cite_as_written.split("§")[1].strip(" )")
        assert number in FORMER_SECTION_SUBJECTS, requirement.id
        assert FORMER_SECTION_SUBJECTS[number] in requirement.cite


def test_cite_resolution_rules():
    text = (
        "## AAA — Chapter 7, one\n\n"
        "| ID | Cite | Provision | System |\n|---|---|---|---|\n"
        "| AAA-ONE | § 7.1(A) | a | track |\n"
        "| AAA-TWO | (B)(2) | b | track |\n"
        "| AAA-THREE | Fees (A) | c | track |\n"
        "| AAA-FOUR | ('65 § 1-2.300) | d | track |\n"
        "| AAA-FIVE | (C) | e | track |\n"
        "## BBB — shared\n\n"
        "| BBB-ONE | (D) | f | track |\n"
        "| BBB-TWO | all | g | track |\n"
        "## CCC — Chapter 3, other\n\n"
        "| CCC-ONE | SB 1 things | h | track |\n"
    )
    cites = {ident: r.cite for ident, r in parse_catalog(text).items()}
    assert cites == {
        "AAA-ONE": "§ 7.1(A)",
        "AAA-TWO": "§ 7.1(B)(2)",  # a section's parts follow it without a space
        "AAA-THREE": "Ch. 7 fees (A)",
        "AAA-FOUR": "Ch. 7 ('65 Code, § 1-2.300)",  # a former section of unknown subject
        "AAA-FIVE": "Ch. 7 fees (C)",  # a source note is not a section to continue
        "BBB-ONE": "Ch. 3 and Ch. 7 (D)",  # nothing above it in its own table
        "BBB-TWO": "all of Ch. 3 and Ch. 7",
        "CCC-ONE": "Ch. 3 SB 1 things",
    }


def test_every_requirement_has_a_rule_or_a_records_reason_and_nothing_else():
    import sanitas.ordinance.rules  # noqa: F401

    in_code = {spec.requirement for spec in RULES} | {s.requirement for s in DERIVED.values()}
    assert in_code | set(RECORDS) == set(catalog())
    for ident, reason in RECORDS.items():
        assert reason.strip(), f"{ident} has no reason"


def test_every_requirement_id_written_in_the_code_is_in_the_catalog():
    # whole IDs only: a family written as "ORG-EFG-*" or a prefix "SEW-GREASE-" is not an ID
    pattern = re.compile(r"\b(?:GEN|SEW|PRM|FOG|SW|ORG)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b(?![-*])")
    known = set(catalog())
    unknown = set()
    for path in (ROOT / "sanitas").rglob("*.py"):
        for match in pattern.findall(path.read_text()):
            if match not in known:
                unknown.add((path.name, match))
    assert not unknown


def test_computable_requirements_all_have_rules():
    import sanitas.ordinance.rules  # noqa: F401

    implemented = {spec.requirement for spec in RULES} | {s.requirement for s in DERIVED.values()}
    missing = [r.id for r in catalog().values() if r.computable and r.id not in implemented]
    assert not missing


def test_facts_without_a_date_sort_before_dated_ones():
    """Two devices of one establishment, one with no installation date."""
    from sanitas.ordinance.engine import FactIndex

    facts = parse_facts(
        [
            {"id": "e", "type": "establishment", "category": "restaurant"},
            {
                "id": "d1",
                "type": "device",
                "establishment": "e",
                "kind": "grease_trap",
                "installed_on": "2020-01-01",
            },
            {"id": "d2", "type": "device", "establishment": "e", "kind": "grease_trap"},
        ]
    )
    index = FactIndex(facts)
    assert [d.id for d in index.referring("device", "establishment", "e")] == ["d2", "d1"]


def test_every_computable_requirement_is_exercised_by_a_scenario():
    from sanitas.ordinance.coverage import coverage

    from .conftest import OWN_SCENARIOS, SHARED_SCENARIOS

    rows = coverage([OWN_SCENARIOS, SHARED_SCENARIOS])
    computable = {r.id for r in catalog().values() if r.computable}
    unexercised = [
        row["id"]
        for row in rows
        if row["status"] == "rule"
        and row["scenario_expectations"] == 0
        and (row["id"] in computable or row["rules"])
    ]
    assert not unexercised


def test_a_type_that_is_not_text_is_an_unknown_type_not_a_crash():
    assert _problems([{"type": ["device"]}, {"type": {"a": 1}}]) == [
        "fact 1: type: unknown fact type ['device']",
        "fact 2: type: unknown fact type {'a': 1}",
    ]
