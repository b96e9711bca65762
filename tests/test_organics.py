"""The organics area (Ch. 50 SB 1383): bad input for its fact types, its helpers, and
the readings the rule pack can change. Scenario files in ``tests/scenarios/org-*``
cover the rules themselves."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from sanitas.ordinance import organics
from sanitas.ordinance.engine import Context
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import load_pack

from .support import context, evaluate_raw
from .support import problems_in as _problems

AS_OF = date(2025, 3, 1)


def _context(raw: list, *, as_of: date = AS_OF, pack=None) -> Context:
    return context(raw, as_of, pack, hide_later=False)


def _findings(raw: list, requirement: str, *, as_of: date = AS_OF, pack=None) -> list:
    evaluation = evaluate_raw(raw, as_of, pack)
    return [f for f in evaluation.findings if f.requirement == requirement]


def _pack_with(tmp_path: Path, name: str, unit: str, value: str):
    (tmp_path / "org_test_town.yaml").write_text(
        "jurisdiction: org-test-town\nextends: san-gabriel\nparameters:\n"
        f"  {name}:\n    description: A test value.\n    unit: {unit}\n"
        f"    reference: Test Town Code\n    values:\n      2022-01-01: {value}\n"
    )
    return load_pack("org-test-town", [tmp_path])


# --------------------------------------------------------------------------- bad input


def test_capacity_request_and_response_name_fact_and_field():
    """ORG-FACILITY-CAPACITY / ORG-FRO-CAPACITY: a capacity request's kind and date are
    checked, and a response must answer a capacity request."""
    problems = _problems(
        [
            {"id": "compost", "type": "facility", "kind": "incinerator"},
            {
                "id": "cr-1",
                "type": "capacity_request",
                "subject": "compost",
                "kind": "food",
                "date": "2025-02-30",
            },
            {"type": "capacity_response", "request": "compost", "date": "2025-03-01"},
            {
                "id": "cr-2",
                "type": "capacity_request",
                "subject": "compost",
                "kind": "organic_waste",
            },
        ]
    )
    assert problems == [
        "fact 1 (id 'compost', facility): kind: 'incinerator' is not one of 'compost', "
        "'in_vessel_digestion', 'publicly_owned_treatment_works', 'community_composting', "
        "'transfer_processor', 'materials_recovery', 'high_diversion_organics', 'landfill' "
        "or 'other'",
        "fact 2 (id 'cr-1', capacity_request): kind: 'food' is not one of 'food_recovery' or "
        "'organic_waste'",
        "fact 2 (id 'cr-1', capacity_request): date: '2025-02-30' is not a calendar date",
        "fact 4 (id 'cr-2', capacity_request): date: required field is missing",
        "fact 3 (capacity_response): request: 'compost' is a facility, expected capacity_request",
    ]


def test_hauler_designation_and_delivery_name_fact_and_field():
    """ORG-HAULER-FACILITIES, ORG-HAULER-TRANSPORT, ORG-SELFHAUL-RECORDS: haulers,
    designations and deliveries are validated field by field."""
    problems = _problems(
        [
            {"id": "compost", "type": "facility"},
            {"id": "h", "type": "hauler"},
            {
                "type": "facility_designation",
                "hauler": "h",
                "facility": "compost",
                "period": "2025-Q5",
                "stream": "garbage",
                "date": "2025-01-01",
            },
            {
                "type": "delivery",
                "hauled_by": "compost",
                "facility": "nowhere",
                "date": "2025-01-01",
                "stream": "organics",
                "tons": -1,
                "receipt": "yes",
            },
        ]
    )
    assert problems == [
        "fact 2 (id 'h', hauler): franchised: required field is missing",
        'fact 3 (facility_designation): period: expected a reporting period such as "2024" '
        "or \"2025-Q1\", got '2025-Q5'",
        "fact 3 (facility_designation): stream: 'garbage' is not one of 'recyclables', "
        "'organics', 'mixed' or 'black'",
        "fact 4 (delivery): tons: input should be greater than or equal to 0 (got -1)",
        "fact 4 (delivery): receipt: expected true or false, got 'yes'",
        "fact 4 (delivery): hauled_by: 'compost' is a facility, expected hauler or "
        "establishment or premises",
        "fact 4 (delivery): facility: no fact has the id 'nowhere'",
    ]


def test_commercial_duty_facts_name_fact_and_field():
    """ORG-COM-CONTAINERS, ORG-COM-EMPLOYEES, ORG-COM-SELF-INSPECT, ORG-COM-EDUCATION,
    ORG-COM-NEW-TENANT: containers, checklists, self-inspections, move-ins and
    education are validated field by field, references by type."""
    problems = _problems(
        [
            {"id": "h", "type": "hauler", "franchised": True},
            {"id": "shop", "type": "establishment", "category": "other"},
            {
                "id": "c",
                "type": "container",
                "holder": "h",
                "stream": "green",
                "location": "lobby",
                "colour": "green",
            },
            {
                "type": "organics_checklist",
                "subject": "shop",
                "date": "2025-01-01",
                "containers_adequate": "no",
            },
            {"type": "self_inspection", "subject": "h", "date": "2025-01-01"},
            {"id": "mi", "type": "move_in", "date": "2025-01-01"},
            {
                "type": "organics_education",
                "subject": "shop",
                "date": "2025-01-01",
                "audiences": ["visitors"],
                "move_in": "c",
            },
        ]
    )
    assert problems == [
        "fact 3 (id 'c', container): stream: 'green' is not one of 'recyclables', 'organics' "
        "or 'black'",
        "fact 3 (id 'c', container): location: 'lobby' is not one of 'customer', 'employee', "
        "'tenant', 'restroom' or 'service'",
        "fact 3 (id 'c', container): colour: unknown field",
        "fact 4 (organics_checklist): containers_adequate: expected true or false, got 'no'",
        "fact 6 (id 'mi', move_in): premises: required field is missing",
        "fact 7 (organics_education): audiences[0]: 'visitors' is not one of 'employees', "
        "'contractors', 'tenants' or 'customers'",
        "fact 3 (id 'c', container): holder: 'h' is a hauler, expected premises or establishment",
        "fact 5 (self_inspection): subject: 'h' is a hauler, expected premises or establishment",
        "fact 7 (organics_education): move_in: 'c' is a container, expected move_in",
    ]


def test_construction_facts_name_fact_and_field():
    """ORG-CD-COVERED, ORG-CALGREEN: projects and permit applications are validated."""
    problems = _problems(
        [
            {"id": "c", "type": "hauler", "franchised": False},
            {"id": "p", "type": "cd_project", "part_of": "c", "work_began_on": "soon"},
            {
                "id": "a",
                "type": "building_application",
                "date": "2025-01-01",
                "construction": "remodel",
                "occupancy": "commercial",
                "new_dwelling_units": -2,
                "added_floor_area_sqft": "big",
            },
        ]
    )
    assert problems == [
        "fact 2 (id 'p', cd_project): work_began_on: expected a date (YYYY-MM-DD), got 'soon'",
        "fact 3 (id 'a', building_application): construction: 'remodel' is not one of 'new', "
        "'addition' or 'alteration'",
        "fact 3 (id 'a', building_application): new_dwelling_units: input should be greater "
        "than or equal to 0 (got -2)",
        "fact 3 (id 'a', building_application): added_floor_area_sqft: expected a number, "
        "got 'big'",
        "fact 2 (id 'p', cd_project): part_of: 'c' is a hauler, expected cd_project",
    ]


def test_inspection_residential_interior_is_a_boolean():
    """ORG-INSPECTIONS: the residential-interior flag of an inspection is true or false."""
    problems = _problems(
        [
            {"id": "home", "type": "premises"},
            {
                "type": "inspection",
                "subject": "home",
                "date": "2025-01-01",
                "residential_interior": "yes",
            },
        ]
    )
    assert problems == [
        "fact 2 (inspection): residential_interior: expected true or false, got 'yes'"
    ]


def test_well_formed_organics_facts_parse():
    """Every organics fact type accepts a complete, well-formed fact."""
    facts = parse_facts(
        [
            {"id": "lot", "type": "premises", "use": "commercial"},
            {"id": "shop", "type": "establishment", "premises": "lot", "category": "other"},
            {"id": "f", "type": "facility", "kind": "compost", "recovers_organics": True},
            {"id": "h", "type": "hauler", "franchised": True, "franchise_start": "2022-01-01"},
            {
                "id": "cr",
                "type": "capacity_request",
                "subject": "f",
                "kind": "organic_waste",
                "date": "2025-01-01",
                "due_on": "2025-02-01",
            },
            {"type": "capacity_response", "request": "cr", "date": "2025-01-15"},
            {
                "type": "facility_designation",
                "hauler": "h",
                "facility": "f",
                "period": 2025,
                "stream": "organics",
                "date": "2025-01-10",
            },
            {
                "type": "delivery",
                "hauled_by": "shop",
                "facility": "f",
                "date": "2025-01-02",
                "stream": "organics",
                "tons": 1.5,
                "receipt": True,
            },
            {
                "id": "c",
                "type": "container",
                "holder": "lot",
                "stream": "organics",
                "location": "customer",
                "acquired_on": "2020-01-01",
                "labeled": True,
            },
            {
                "type": "organics_checklist",
                "subject": "shop",
                "date": "2025-01-03",
                "containers_adequate": True,
            },
            {"type": "self_inspection", "subject": "shop", "date": "2025-01-04"},
            {"id": "mi", "type": "move_in", "premises": "lot", "date": "2025-01-05"},
            {
                "type": "organics_education",
                "subject": "lot",
                "date": "2025-01-06",
                "move_in": "mi",
                "audiences": ["tenants"],
            },
            {"id": "p", "type": "cd_project", "premises": "lot", "city_project": True},
            {
                "id": "a",
                "type": "building_application",
                "date": "2025-01-07",
                "construction": "new",
                "occupancy": "commercial",
                "storage_areas": True,
            },
        ]
    )
    assert [f.type for f in facts][-4:] == [
        "move_in",
        "organics_education",
        "cd_project",
        "building_application",
    ]
    designation = next(f for f in facts if f.type == "facility_designation")
    assert designation.period == "2025"


# --------------------------------------------------------------------------- helpers


def test_premises_class_reasons_name_the_words_that_decided():
    """ORG-CLASSIFY-PREMISES: the class and its reason, for each branch."""
    ctx = _context(
        [
            {"id": "motel", "type": "premises", "use": "hotel"},
            {"id": "mixed", "type": "premises", "use": "mixed_use", "dwelling_units": 40},
            {"id": "duplex", "type": "premises", "dwelling_units": 2, "shared_bins": True},
            {"id": "pd", "type": "premises", "dwelling_units": 9, "planned_development": True},
            {"id": "fed", "type": "premises", "non_local_entity": "federal"},
            {"id": "blank", "type": "premises"},
            {"id": "house", "type": "premises", "use": "residential", "dwelling_units": 1},
            {"id": "units-unknown", "type": "premises", "use": "residential"},
        ]
    )
    classes = {p.id: organics.premises_class_of(p, ctx) for p in ctx.of_type("premises")}
    assert classes["motel"] == ("commercial", "a hotel or motel, a commercial business")
    assert classes["mixed"] == ("commercial", "a mixed-use development")
    assert "its residential portion included, is taken as commercial" in str(
        organics.class_reading(ctx.get("mixed"), ctx)
    )
    assert organics.class_reading(ctx.get("motel"), ctx) is None
    assert classes["duplex"] == (
        "multi_family",
        "2 dwelling units the City Manager put on shared bins",
    )
    assert classes["pd"] == ("single_family", "dwelling units of a planned development")
    assert classes["fed"][0] == "non_local"
    assert classes["blank"] == (None, "neither its use nor its dwelling units are recorded")
    assert classes["house"] == ("single_family", "1 dwelling unit")
    # a residential premises whose units are not recorded gets no class: none is supplied
    assert classes["units-unknown"] == (None, "its dwelling units are not recorded")


def test_mixed_use_reading_is_a_pack_choice(tmp_path: Path):
    """ORG-CLASSIFY-PREMISES: another city may class a mixed-use development otherwise."""
    pack = _pack_with(tmp_path, "org.mixed_use_class", "premises class", "single_family")
    raw = [
        {"id": "mixed", "type": "premises", "use": "mixed_use", "dwelling_units": 3},
        *(
            {
                "type": "collection_service",
                "premises": "mixed",
                "stream": stream,
                "gallons_per_week": 40,
                "start": "2022-01-01",
            }
            for stream in ("recyclables", "organics")
        ),
    ]
    ctx = _context(raw, pack=pack)
    assert organics.premises_class(ctx.get("mixed"), ctx) == "single_family"
    (finding,) = _findings(raw, "ORG-SF-ENROLL", pack=pack)
    assert finding.status == "met"
    assert "taken as single-family" in finding.reading_text
    assert "taken as" not in finding.explanation


def test_de_minimis_test_small_and_large_generators(tmp_path: Path):
    """ORG-WAIVER-DE-MINIMIS: under 2 cubic yards and 10 gal; the state's 2+ cubic yards
    with under 20 gal only where the pack reading enables it."""
    ctx = _context([])
    assert organics.de_minimis_test(1.99, 9.9, ctx) == "small"
    assert organics.de_minimis_test(2.0, 9.9, ctx) is None
    assert organics.de_minimis_test(1.0, 10.0, ctx) is None
    assert organics.de_minimis_test(3.0, 15.0, ctx) is None
    state = _context(
        [], pack=_pack_with(tmp_path, "org.de_minimis_large_generator_test", "boolean", "true")
    )
    assert organics.de_minimis_test(3.0, 19.9, state) == "large"
    assert organics.de_minimis_test(3.0, 20.0, state) is None
    assert organics.de_minimis_test(1.0, 15.0, state) is None


def test_capacity_due_takes_the_shorter_date_only():
    """ORG-FACILITY-CAPACITY (and ORG-FRO-CAPACITY, which shares the request type):
    within 60 days unless the request sets a shorter date."""
    ctx = _context(
        [
            {"id": "f", "type": "facility"},
            {
                "id": "plain",
                "type": "capacity_request",
                "subject": "f",
                "kind": "organic_waste",
                "date": "2025-01-01",
            },
            {
                "id": "short",
                "type": "capacity_request",
                "subject": "f",
                "kind": "food_recovery",
                "date": "2025-01-01",
                "due_on": "2025-01-20",
            },
            {
                "id": "long",
                "type": "capacity_request",
                "subject": "f",
                "kind": "organic_waste",
                "date": "2025-01-01",
                "due_on": "2025-06-01",
            },
            {
                "id": "same",
                "type": "capacity_request",
                "subject": "f",
                "kind": "organic_waste",
                "date": "2025-01-01",
                "due_on": "2025-03-02",
            },
        ]
    )
    due_on, why = organics.capacity_due(ctx.get("plain"), ctx)
    assert (due_on, why.render("en")) == (date(2025, 3, 2), "60 days after the request")
    assert organics.capacity_due(ctx.get("short"), ctx)[0] == date(2025, 1, 20)
    due_on, why = organics.capacity_due(ctx.get("long"), ctx)
    assert due_on == date(2025, 3, 2) and "does not extend" in why.render("en")
    assert organics.capacity_due(ctx.get("same"), ctx)[0] == date(2025, 3, 2)


def test_which_facilities_accept_which_stream():
    """ORG-SELFHAUL-SEPARATE, ORG-HAULER-TRANSPORT: recovery by stream; a landfill with
    nothing recorded recovers nothing; anything else unrecorded decides nothing."""
    ctx = _context(
        [
            {"id": "compost", "type": "facility", "recovers_organics": True},
            {"id": "hdf", "type": "facility", "high_diversion": True},
            {
                "id": "mrf",
                "type": "facility",
                "recovers_recyclables": True,
                "recovers_organics": False,
            },
            {"id": "landfill", "type": "facility", "kind": "landfill"},
            {"id": "unknown", "type": "facility"},
        ]
    )
    accepts = organics._accepts
    assert accepts(ctx.get("compost"), "organics") is True
    assert accepts(ctx.get("hdf"), "organics") is True
    assert accepts(ctx.get("hdf"), "mixed") is True
    assert accepts(ctx.get("mrf"), "recyclables") is True
    assert accepts(ctx.get("mrf"), "organics") is False
    assert accepts(ctx.get("landfill"), "organics") is False
    assert accepts(ctx.get("landfill"), "recyclables") is False
    assert accepts(ctx.get("unknown"), "organics") is None
    assert accepts(ctx.get("compost"), "mixed") is None


def test_weekly_gallons_convert_cubic_yards_and_count_businesses_at_a_premises():
    """ORG-COM-ENROLL: a premises's services and its businesses' services, in gallons."""
    ctx = _context(
        [
            {"id": "lot", "type": "premises", "use": "commercial"},
            {"id": "shop", "type": "establishment", "premises": "lot", "category": "other"},
            {
                "type": "collection_service",
                "premises": "lot",
                "stream": "organics",
                "cubic_yards_per_week": 1,
                "start": "2022-01-01",
            },
            {
                "type": "collection_service",
                "establishment": "shop",
                "stream": "organics",
                "gallons_per_week": 32,
                "start": "2022-01-01",
            },
            {
                "type": "collection_service",
                "establishment": "shop",
                "stream": "black",
                "gallons_per_week": 96,
                "start": "2022-01-01",
                "end": "2025-02-28",
            },
        ]
    )
    gallons = organics.weekly_gallons(ctx.get("lot"), ctx)
    assert gallons["organics"] == pytest.approx(201.974 + 32)
    assert gallons["black"] == 0  # a service on record that has ended: none in effect
    assert gallons["recyclables"] is None  # no service on record: no level at all
    assert organics.weekly_gallons(ctx.get("shop"), ctx)["organics"] == 32


def test_numbers_in_explanations_are_short():
    """ORG-SF-ENROLL, ORG-WAIVER-DE-MINIMIS: quantities read aloud without float noise."""
    assert organics._num(64.0) == "64"
    assert organics._num(403.948) == "403.9"
    assert organics._num(1.9951, 3) == "1.995"


def test_subject_class_of_other_facts_is_none():
    """ORG-INSPECTIONS: only premises and businesses have an SB 1383 class."""
    ctx = _context([{"id": "h", "type": "hauler", "franchised": True}])
    assert organics.subject_class(ctx.get("h"), ctx) is None
    assert organics.subject_class(None, ctx) is None


# --------------------------------------------------------------------------- readings


def test_service_minimum_is_a_pack_parameter(tmp_path: Path):
    """ORG-COM-ENROLL: the 64-gallon minimum comes from the pack; a city may raise it."""
    raw = [
        {"id": "lot", "type": "premises", "use": "commercial"},
        {
            "type": "collection_service",
            "premises": "lot",
            "stream": "organics",
            "gallons_per_week": 64,
            "start": "2022-01-01",
        },
    ]
    assert [f.status for f in _findings(raw, "ORG-COM-ENROLL")] == ["met"]
    pack = _pack_with(tmp_path, "org.com_min_organics_gallons", "gallons per week", "96")
    (finding,) = _findings(raw, "ORG-COM-ENROLL", pack=pack)
    assert finding.status == "violation"
    assert "short of the 96 gallons a week" in finding.explanation


def test_explanations_are_one_sentence_with_the_deciding_numbers():
    """ORG-SF-ENROLL, ORG-SELFHAUL-REPORT: the explanation a clerk reads aloud."""
    raw = [
        {"id": "home", "type": "premises", "use": "residential", "dwelling_units": 1},
        {
            "type": "collection_service",
            "premises": "home",
            "stream": "recyclables",
            "gallons_per_week": 32,
            "start": "2022-01-01",
        },
        {
            "type": "collection_service",
            "premises": "home",
            "stream": "organics",
            "gallons_per_week": 64,
            "start": "2022-01-01",
        },
        {"id": "yard", "type": "establishment", "category": "other"},
        {"type": "self_hauler", "subject": "yard", "start": "2024-10-01"},
    ]
    (finding,) = _findings(raw, "ORG-SF-ENROLL")
    assert finding.explanation == (
        "The premises has 32 gallons a week of recyclables service and 64 gallons a week of "
        "organics service; single-family premises need at least 35 gallons a week of each, so "
        "its recyclables service is 3 gallons a week short."
    )
    reports = _findings(raw, "ORG-SELFHAUL-REPORT")
    assert [(f.period, f.status) for f in reports] == [("2024-Q4", "overdue")]
    assert reports[0].explanation == (
        "The establishment's self-haul report for the fourth quarter of 2024 was due "
        "2025-01-30, 30 days after the quarter ended; none received."
    )
    assert reports[0].reading is None  # self-hauled the whole quarter: no reading needed
    for finding in reports + _findings(raw, "ORG-SF-ENROLL"):
        assert finding.explanation.count(". ") == 0 and finding.explanation.endswith(".")


def test_a_refusal_inside_a_residence_is_no_violation():
    """ORG-INSPECTIONS: "This section does not allow city to enter the interior of a
    private residential property for inspection"."""
    raw = [
        {"id": "home", "type": "premises", "use": "residential", "dwelling_units": 1},
        {
            "id": "i-1",
            "type": "inspection",
            "subject": "home",
            "date": "2025-02-01",
            "program": "organics",
            "access_refused": True,
            "residential_interior": True,
        },
        {
            "id": "i-2",
            "type": "inspection",
            "subject": "home",
            "date": "2025-02-02",
            "program": "organics",
            "access_refused": True,
        },
    ]
    findings = _findings(raw, "ORG-INSPECTIONS")
    assert [(f.subject, f.status) for f in findings] == [("i-2", "violation")]


def test_capacity_requests_of_food_recovery_kind_are_left_to_edible_food():
    """ORG-FACILITY-CAPACITY answers only organic waste capacity requests."""
    raw = [
        {"id": "pantry", "type": "establishment", "category": "food_recovery_organization"},
        {
            "id": "cr",
            "type": "capacity_request",
            "subject": "pantry",
            "kind": "food_recovery",
            "date": "2024-12-01",
        },
    ]
    assert _findings(raw, "ORG-FACILITY-CAPACITY") == []


def test_undated_containers_reading(tmp_path: Path):
    """ORG-COM-CONTAINERS: an undated non-conforming container keeps the 2036 allowance in
    San Gabriel; where the reading takes it as new, it needs labels."""
    raw = [
        {"id": "lot", "type": "premises", "use": "commercial"},
        {
            "id": "c",
            "type": "container",
            "holder": "lot",
            "stream": "organics",
            "color_conforms": False,
            "labeled": False,
        },
    ]
    (finding,) = _findings(raw, "ORG-COM-CONTAINERS")
    assert (finding.status, finding.due) == ("due", date(2036, 1, 1))
    assert "with no purchase date on record" in finding.explanation
    assert "keeps the allowance of one bought before 2022-01-01" in finding.reading_text
    # the other reading gives no allowance, and no violation either: a violation of the
    # label rule needs a purchase date on record
    pack = _pack_with(tmp_path, "org.undated_container_is_old", "boolean", "false")
    assert _findings(raw, "ORG-COM-CONTAINERS", pack=pack) == []


def test_self_inspection_informing_reading(tmp_path: Path):
    """ORG-COM-SELF-INSPECT: a self-inspection that found contamination without informing
    employees does not count, unless the pack reading says any self-inspection counts."""
    raw = [
        {"id": "shop", "type": "establishment", "category": "other", "opened_on": "2025-01-01"},
        {
            "type": "self_inspection",
            "subject": "shop",
            "date": "2025-02-01",
            "contamination_found": True,
            "employees_informed": False,
        },
    ]
    as_of = date(2025, 4, 1)
    finding = _findings(raw, "ORG-COM-SELF-INSPECT", as_of=as_of)[0]
    assert finding.period == "2025-Q1"
    assert finding.status == "overdue" and "does not count" in finding.explanation
    assert finding.reading == organics._INFORM_READING
    pack = _pack_with(tmp_path, "org.self_inspection_must_inform", "boolean", "false")
    finding = _findings(raw, "ORG-COM-SELF-INSPECT", as_of=as_of, pack=pack)[0]
    assert (finding.period, finding.status) == ("2025-Q1", "met")


# --------------------------------------------------------------------------- the principles


def test_periodic_helpers_find_the_act_within_and_the_one_after():
    """ORG-COM-SELF-INSPECT, ORG-COM-EDUCATION: the act within a period meets it; the
    first act after its end is found only to be named, counting for its own period."""
    acts = [date(2024, 9, 30), date(2024, 10, 1), date(2025, 1, 5)]
    assert organics._within(acts, date(2024, 7, 1), date(2024, 9, 30)) == date(2024, 9, 30)
    assert organics._within(acts, date(2024, 4, 1), date(2024, 6, 30)) is None
    assert organics._next_after(acts, date(2024, 9, 30)) == date(2024, 10, 1)
    assert organics._next_after(acts, date(2025, 3, 31)) is None


def test_a_quarter_missed_stays_overdue_and_says_the_next_counts_for_its_own():
    """ORG-COM-SELF-INSPECT: a quarter that closed without a self-inspection is breached
    for good; the next one, a day later, meets its own quarter, and the quarter missed
    says so in words the recipient can follow, with no reading: the law leaves no
    choice."""
    raw = [
        {
            "id": "deli",
            "type": "establishment",
            "name": "Mission Deli",
            "category": "other",
            "opened_on": "2024-07-01",
        },
        {"type": "self_inspection", "subject": "deli", "date": "2024-10-01"},
    ]
    q3, q4 = _findings(raw, "ORG-COM-SELF-INSPECT", as_of=date(2024, 12, 31))
    assert (q3.period, q3.status, q4.period, q4.status) == ("2024-Q3", "overdue", "2024-Q4", "met")
    assert (q3.due, q4.due) == (date(2024, 9, 30), date(2024, 12, 31))
    assert q3.explanation == (
        "Mission Deli made no self-inspection of its green and black containers in the third "
        "quarter of 2024; one was due by 2024-09-30, and the next, on 2024-10-01, counts for its "
        "own quarter only."
    )
    assert q3.reading is None and q4.reading is None
    # on its last day the quarter is due; from the next it is overdue, whether or not a
    # self-inspection follows, and names none that has not
    (q3,) = _findings(raw, "ORG-COM-SELF-INSPECT", as_of=date(2024, 9, 30))
    assert q3.status == "due"
    for facts in (raw, raw[:1]):
        q3, _ = _findings(facts, "ORG-COM-SELF-INSPECT", as_of=date(2024, 10, 1))
        assert q3.status == "overdue"
    assert q3.explanation.endswith("in the third quarter of 2024; one was due by 2024-09-30.")


def test_a_year_missed_stays_overdue_and_says_the_next_counts_for_its_own():
    """ORG-COM-EDUCATION: information given on January 1 meets its own year only; the
    year before, which closed without it, stays overdue and says why."""
    raw = [
        {
            "id": "deli",
            "type": "establishment",
            "name": "Mission Deli",
            "category": "other",
            "opened_on": "2024-01-01",
        },
        {"type": "organics_education", "subject": "deli", "date": "2025-01-01"},
    ]
    y2024, y2025 = _findings(raw, "ORG-COM-EDUCATION", as_of=date(2025, 1, 1))
    assert (y2024.status, y2025.status) == ("overdue", "met")
    assert y2024.explanation == (
        "Mission Deli has not given the annual information on organic waste recovery and "
        "sorting to its employees, contractors, tenants and customers in 2024; it was due by "
        "2024-12-31, and the information given on 2025-01-01 counts for its own year only."
    )
    assert y2024.reading is None


def test_a_self_inspection_before_the_business_opened_is_a_data_problem():
    """ORG-COM-SELF-INSPECT: an event dated before its business existed is reported,
    named in words, and counts for nothing."""
    raw = [
        {
            "id": "deli",
            "type": "establishment",
            "name": "Mission Deli",
            "category": "other",
            "opened_on": "2024-07-01",
        },
        {"id": "si-1", "type": "self_inspection", "subject": "deli", "date": "2024-06-30"},
    ]
    evaluation = evaluate_raw(raw, date(2024, 9, 30), None)
    (problem,) = evaluation.data_problems
    assert problem.facts == ("si-1", "deli")
    assert problem.text == (
        "The self-inspection of Mission Deli is dated 2024-06-30, before it opened on 2024-07-01."
    )
    (q3,) = [f for f in evaluation.findings if f.requirement == "ORG-COM-SELF-INSPECT"]
    assert (q3.period, q3.status) == ("2024-Q3", "due")


def test_a_self_hauled_load_with_no_receipt_on_record_decides_nothing():
    """ORG-SELFHAUL-RECORDS: a receipt recorded as not kept is a lack; a load whose receipt
    is not recorded either way, but whose amount is, is neither met nor violated."""
    base = [
        {"id": "yard", "type": "establishment", "category": "other"},
        {"type": "self_hauler", "subject": "yard", "start": "2024-01-01"},
        {"id": "f", "type": "facility", "name": "Valley Compost", "recovers_organics": True},
    ]

    def load(**fields):
        return {
            "id": "d",
            "type": "delivery",
            "hauled_by": "yard",
            "facility": "f",
            "date": "2025-02-03",
            "stream": "organics",
            "tons": 2,
            **fields,
        }

    assert _findings([*base, load()], "ORG-SELFHAUL-RECORDS") == []
    (finding,) = _findings([*base, load(receipt=False)], "ORG-SELFHAUL-RECORDS")
    assert finding.status == "violation"
    assert finding.cite == "Ch. 50 SB 1383 self-haulers (C)(1)-(2)"
    (finding,) = _findings([*base, load(receipt=True)], "ORG-SELFHAUL-RECORDS")
    assert finding.status == "met" and "2 tons" in finding.explanation


def test_a_community_composting_operation_answers_under_facilities_b():
    """ORG-FACILITY-CAPACITY: the cite names the subdivision: (B) for a community
    composting operator, (A) for a recovery facility."""
    raw = [
        {"id": "garden", "type": "facility", "kind": "community_composting"},
        {"id": "plant", "type": "facility", "kind": "compost"},
        {
            "id": "cr-1",
            "type": "capacity_request",
            "subject": "garden",
            "kind": "organic_waste",
            "date": "2025-01-02",
        },
        {
            "id": "cr-2",
            "type": "capacity_request",
            "subject": "plant",
            "kind": "organic_waste",
            "date": "2025-01-02",
        },
    ]
    cites = {f.subject: f.cite for f in _findings(raw, "ORG-FACILITY-CAPACITY")}
    assert cites == {
        "cr-1": "Ch. 50 SB 1383 facilities (B)",
        "cr-2": "Ch. 50 SB 1383 facilities (A)",
    }


def test_a_premises_names_its_address_and_its_businesses():
    """ORG-COM-ENROLL: the premises by its address and the businesses at it by name; how
    their services are counted together is the reading, never part of the sentence."""
    raw = [
        {"id": "lot", "type": "premises", "address": "12 Main St", "use": "commercial"},
        {
            "id": "a",
            "type": "establishment",
            "premises": "lot",
            "name": "Bamboo Cafe",
            "category": "restaurant",
        },
        {
            "id": "b",
            "type": "establishment",
            "premises": "lot",
            "name": "Casa Verde",
            "category": "restaurant",
        },
        {
            "type": "collection_service",
            "establishment": "a",
            "stream": "organics",
            "gallons_per_week": 32,
            "start": "2022-01-01",
        },
    ]
    (finding,) = _findings(raw, "ORG-COM-ENROLL")
    assert finding.explanation == (
        "12 Main St, where Bamboo Cafe and Casa Verde do business, has 32 gallons a week of "
        "organics service, short of the 64 gallons a week that a commercial business needs "
        "unless it self-hauls."
    )
    assert "counted together" in finding.reading_text


def test_the_service_record_is_gathered_once_per_subject():
    """ORG-SF-ENROLL, ORG-COM-ENROLL, ORG-WAIVER-DE-MINIMIS: the services of a subject are
    gathered once per evaluation and reused."""
    ctx = _context(
        [
            {"id": "lot", "type": "premises", "use": "commercial"},
            {
                "type": "collection_service",
                "premises": "lot",
                "stream": "organics",
                "gallons_per_week": 64,
                "start": "2022-01-01",
            },
        ]
    )
    first = organics._service_record(ctx.get("lot"), ctx)
    assert organics._service_record(ctx.get("lot"), ctx) is first
    assert set(first) == {"organics"}
