"""Edible food recovery (ORG-EFG-*, ORG-FRO-*, ORG-FRS-*): bad input, readings and
helpers that the scenario files cannot show well."""

from __future__ import annotations

from datetime import date

from sanitas.ordinance import edible_food
from sanitas.ordinance.document import parse_document
from sanitas.ordinance.engine import Evaluation
from sanitas.ordinance.pack import Parameter, load_pack

from .support import derived
from .support import evaluate_raw as _evaluate
from .support import findings as _findings
from .support import overridden as _pack
from .support import problems_in as _problems


def _derived(evaluation: Evaluation, subject: str, name: str):
    return derived(evaluation, name, subject)


GENERATOR = {"id": "gen", "type": "establishment", "category": "food_distributor"}
PANTRY = {"id": "pantry", "type": "establishment", "category": "food_recovery_organization"}


# --------------------------------------------------------------------------- bad input


def test_org_efg_records_quantity_month_must_be_a_calendar_month():
    """ORG-EFG-RECORDS: a food_recovery_quantity's year and month (1-12) are whole
    numbers, each problem named by fact and field."""
    problems = _problems(
        [
            GENERATOR,
            PANTRY,
            {
                "id": "q-1",
                "type": "food_recovery_quantity",
                "kept_by": "gen",
                "other_party": "pantry",
                "year": 2024,
                "month": 13,
                "pounds": 10,
            },
            {
                "type": "food_recovery_quantity",
                "kept_by": "gen",
                "other_party": "pantry",
                "year": "2024",
                "month": "2024-12",
                "pounds": 10,
            },
            {
                "type": "food_recovery_quantity",
                "kept_by": "gen",
                "other_party": "pantry",
                "month": 0,
                "pounds": 10,
            },
        ]
    )
    assert problems == [
        "fact 3 (id 'q-1', food_recovery_quantity): month: input should be less than or "
        "equal to 12 (got 13)",
        "fact 4 (food_recovery_quantity): year: expected a whole number, got '2024'",
        "fact 4 (food_recovery_quantity): month: expected a whole number, got '2024-12'",
        "fact 5 (food_recovery_quantity): year: required field is missing",
        "fact 5 (food_recovery_quantity): month: input should be greater than or equal to 1 "
        "(got 0)",
    ]


def test_org_frs_records_quantity_pounds_and_parties_are_validated():
    """ORG-FRS-RECORDS: pounds are a number of at least 0; both parties are required
    establishments; unknown fields are refused."""
    problems = _problems(
        [
            GENERATOR,
            PANTRY,
            {"id": "dev", "type": "device", "establishment": "gen", "kind": "grease_trap"},
            {
                "type": "food_recovery_quantity",
                "kept_by": "gen",
                "other_party": "pantry",
                "year": 2024,
                "month": 12,
                "pounds": -1,
            },
            {
                "type": "food_recovery_quantity",
                "kept_by": "gen",
                "year": 2024,
                "month": 12,
                "pounds": "many",
                "weight": 3,
            },
            {
                "type": "food_recovery_quantity",
                "kept_by": "dev",
                "other_party": "nobody",
                "year": 2024,
                "month": 12,
                "pounds": True,
            },
        ]
    )
    assert (
        "fact 4 (food_recovery_quantity): pounds: input should be greater than or equal "
        "to 0 (got -1)" in problems
    )
    assert "fact 5 (food_recovery_quantity): other_party: required field is missing" in problems
    assert "fact 5 (food_recovery_quantity): pounds: expected a number, got 'many'" in problems
    assert "fact 5 (food_recovery_quantity): weight: unknown field" in problems
    assert "fact 6 (food_recovery_quantity): pounds: expected a number, got True" in problems
    assert (
        "fact 6 (food_recovery_quantity): kept_by: 'dev' is a device, expected establishment"
        in problems
    )
    assert "fact 6 (food_recovery_quantity): other_party: no fact has the id 'nobody'" in problems


def test_org_fro_good_samaritan_notice_is_validated():
    """ORG-FRO-GOOD-SAMARITAN: a good_samaritan_notice needs a partner, a generator and
    a real date; the agreement's clause is true or false."""
    problems = _problems(
        [
            GENERATOR,
            PANTRY,
            {"type": "good_samaritan_notice", "partner": "pantry", "date": "2025-02-30"},
            {
                "type": "food_recovery_agreement",
                "generator": "gen",
                "partner": "pantry",
                "start": "2024-01-01",
                "good_samaritan_clause": "yes",
            },
        ]
    )
    assert problems == [
        "fact 3 (good_samaritan_notice): generator: required field is missing",
        "fact 3 (good_samaritan_notice): date: '2025-02-30' is not a calendar date",
        "fact 4 (food_recovery_agreement): good_samaritan_clause: expected true or false, "
        "got 'yes'",
    ]


def test_org_efg_records_contact_is_text():
    """ORG-EFG-RECORDS: an establishment's contact information is text."""
    problems = _problems([{**PANTRY, "contact": 6265550100}])
    assert problems == [
        "fact 1 (id 'pantry', establishment): contact: expected text, got 6265550100"
    ]


def test_org_efg_new_types_parse_from_a_document():
    """The new fact types load from a scenario document like the core ones."""
    document = parse_document(
        {
            "as_of": "2025-03-01",
            "facts": [
                GENERATOR,
                PANTRY,
                {
                    "type": "food_recovery_quantity",
                    "kept_by": "gen",
                    "other_party": "pantry",
                    "year": 2025,
                    "month": 1,
                    "pounds": 12.5,
                },
                {
                    "type": "good_samaritan_notice",
                    "partner": "pantry",
                    "generator": "gen",
                    "date": "2025-01-10",
                },
            ],
        }
    )
    quantity, notice = document.facts[2], document.facts[3]
    assert (quantity.year, quantity.month, quantity.pounds) == (2025, 1, 12.5)
    assert edible_food._month_label(quantity) == "2025-01"
    assert notice.date == date(2025, 1, 10)


# --------------------------------------------------------------------------- readings


def test_org_efg_tier1_reading_category_implies_definition_can_be_turned_off():
    """ORG-EFG-TIER1/TIER2 reading efg.category_implies_definition: with it off, a
    supermarket, large venue or large event whose measures are not recorded has no tier."""
    raw = [
        {"id": "sm", "type": "establishment", "category": "supermarket"},
        {"id": "venue", "type": "establishment", "category": "large_venue"},
        {
            "id": "event",
            "type": "establishment",
            "category": "large_event",
            "average_daily_attendance": 5000,
        },
        {
            "id": "event-free",
            "type": "establishment",
            "category": "large_event",
            "average_daily_attendance": 5000,
            "operated_by_local_agency": False,
        },
    ]
    strict = _evaluate(raw, "2025-03-01", _pack(**{"efg.category_implies_definition": False}))
    for subject in ("sm", "venue", "event", "event-free"):
        assert _derived(strict, subject, "edible_food_tier") is None
    default = _evaluate(raw, "2025-03-01")
    assert [_derived(default, s, "edible_food_tier") for s in ("sm", "venue", "event")] == [1, 2, 2]
    (finding,) = _findings(default, "ORG-EFG-TIER1", "sm")
    assert "carries the threshold of its own definition" in finding.reading_text
    assert "gross annual sales not on record" in finding.explanation
    (finding,) = _findings(default, "ORG-EFG-TIER2", "event-free")
    assert "its admission price not on record" in finding.explanation
    assert finding.reading == edible_food._IMPLIED_READING
    assert finding.cite.endswith("tier two commercial edible food generator (1)(e)")


def test_org_efg_tier1_explains_the_threshold_in_dollars():
    """ORG-EFG-TIER1: the finding names the sales and the threshold."""
    evaluation = _evaluate(
        [
            {
                "id": "sm",
                "type": "establishment",
                "category": "supermarket",
                "gross_annual_sales": "2500000.50",
            }
        ],
        "2025-03-01",
    )
    (finding,) = _findings(evaluation, "ORG-EFG-TIER1", "sm")
    assert finding.status == "met"
    assert finding.explanation == (
        "The supermarket is a tier one commercial edible food generator, a supermarket with "
        "gross annual sales of $2,500,000.50 ($2,000,000 or more); its food recovery "
        "obligations run from 2022-01-01."
    )
    assert finding.reading is None  # the sales are recorded: no reading was needed


def test_org_efg_tier_findings_start_with_the_subchapter():
    """ORG-EFG-TIER1/TIER2: no tier finding before the SB 1383 subchapter is in force
    (2022-01-01), though the derived tier is a classification of the facts."""
    raw = [
        GENERATOR,
        {"id": "diner", "type": "establishment", "category": "restaurant", "seats": 300},
    ]
    before = _evaluate(raw, "2021-12-31")
    assert not _findings(before, "ORG-EFG-TIER1", "gen")
    assert not _findings(before, "ORG-EFG-TIER2", "diner")
    assert not _findings(before, "ORG-EFG-AGREEMENT", "gen")
    assert _derived(before, "gen", "edible_food_tier") == 1
    on = _evaluate(raw, "2022-01-01")
    assert [f.status for f in _findings(on, "ORG-EFG-TIER1", "gen")] == ["met"]
    assert [f.status for f in _findings(on, "ORG-EFG-AGREEMENT", "gen")] == ["violation"]
    assert [f.status for f in _findings(on, "ORG-EFG-TIER2", "diner")] == ["met"]
    assert not _findings(on, "ORG-EFG-AGREEMENT", "diner")


def test_org_fro_annual_report_location_reading():
    """ORG-FRO-ANNUAL-REPORT: the duty rests on a primary address on record in the city.
    The organization's own ``located_in_city`` decides; where it is not recorded, the
    reading efg.recovery_located_in_city_default lets the premises it is recorded at
    decide; with neither, nothing is owed on the record (its location is never
    supplied)."""
    raw = [
        GENERATOR,
        PANTRY,
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-01-01",
        },
    ]
    assert not _findings(_evaluate(raw, "2025-03-01"), "ORG-FRO-ANNUAL-REPORT", "pantry")
    at_premises = [
        {"id": "hall", "type": "premises", "address": "9 Mission Dr"},
        {**PANTRY, "premises": "hall"},
        *raw[2:],
        GENERATOR,
    ]
    default = _evaluate(at_premises, "2025-03-01")
    (finding,) = _findings(default, "ORG-FRO-ANNUAL-REPORT", "pantry")
    assert (finding.period, finding.status) == ("2024", "overdue")
    assert finding.reading == edible_food._LOCATED_BY_PREMISES
    assert "reading" not in finding.explanation
    strict = _evaluate(
        at_premises, "2025-03-01", _pack(**{"efg.recovery_located_in_city_default": False})
    )
    assert not _findings(strict, "ORG-FRO-ANNUAL-REPORT", "pantry")
    outside = [{"id": "hall", "type": "premises", "located_in_city": False}, *at_premises[1:]]
    assert not _findings(_evaluate(outside, "2025-03-01"), "ORG-FRO-ANNUAL-REPORT", "pantry")


def test_org_efg_records_reading_monthly_record_days():
    """ORG-EFG-RECORDS reading efg.monthly_record_days: with 0 days, December 2024 is due
    on record by 2024-12-31: on 2025-01-01 it is overdue; once the 2024 annual report,
    received since, shows it missing, a violation. The finding names the reading."""
    raw = [
        GENERATOR,
        {**PANTRY, "name": "Valley Pantry", "address": "1 Main St", "contact": "626-555-0101"},
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-12-01",
            "food_types": ["produce"],
            "collection_frequency": "weekly",
        },
    ]
    assert _findings(_evaluate(raw, "2025-01-01"), "ORG-EFG-RECORDS", "gen")[0].status == "met"
    strict = _evaluate(raw, "2025-01-01", _pack(**{"efg.monthly_record_days": 0}))
    (finding,) = _findings(strict, "ORG-EFG-RECORDS", "gen")
    assert (finding.status, finding.due) == ("overdue", date(2024, 12, 31))
    assert finding.explanation == (
        "The food distributor's food recovery records do not yet show the pounds recovered "
        "for Valley Pantry for 1 month (2024-12), due on record from 2024-12-31; no report or "
        "inspection has shown the records since."
    )
    assert finding.reading_text.startswith("A month's pounds are due on record 0 days after")
    reported = [
        *raw,
        {
            "type": "report",
            "subject": "gen",
            "kind": "edible_food_annual",
            "period": "2024",
            "date": "2025-01-01",
        },
    ]
    strict = _evaluate(reported, "2025-01-01", _pack(**{"efg.monthly_record_days": 0}))
    (finding,) = _findings(strict, "ORG-EFG-RECORDS", "gen")
    assert finding.status == "violation"
    assert finding.explanation == (
        "The food distributor's food recovery records are incomplete: for Valley Pantry, "
        "missing pounds recovered for 1 month (2024-12)."
    )


# --------------------------------------------------------------------------- rules


def test_org_efg_annual_report_one_finding_per_year_from_the_first():
    """ORG-EFG-ANNUAL-REPORT: tier two owes 2024 first (due 2025-02-01); tier one from
    2022; a generator opened mid-year owes the year it opened; nothing for the current
    year."""
    raw = [
        GENERATOR,
        {"id": "diner", "type": "establishment", "category": "restaurant", "seats": 300},
        {
            "id": "late-opener",
            "type": "establishment",
            "category": "wholesale_food_vendor",
            "opened_on": "2023-05-15",
        },
    ]
    evaluation = _evaluate(raw, "2025-03-01")
    periods = {
        subject: [f.period for f in _findings(evaluation, "ORG-EFG-ANNUAL-REPORT", subject)]
        for subject in ("gen", "diner", "late-opener")
    }
    assert periods == {
        "gen": ["2022", "2023", "2024"],
        "diner": ["2024"],
        "late-opener": ["2023", "2024"],
    }
    (finding,) = _findings(evaluation, "ORG-EFG-ANNUAL-REPORT", "diner")
    assert finding.explanation == (
        "The restaurant's 2024 annual food recovery report was due 2025-02-01; none received "
        "by 2025-03-01."
    )


def test_org_efg_annual_report_never_due_before_the_first_due_date():
    """ORG-EFG-ANNUAL-REPORT: a first due date later than February 1 (another city's
    pack) moves the first report's due date, never earlier."""
    evaluation = _evaluate(
        [GENERATOR], "2025-03-01", _pack(**{"efg.tier1_first_report_due": date(2023, 3, 15)})
    )
    dues = [f.due for f in _findings(evaluation, "ORG-EFG-ANNUAL-REPORT", "gen")]
    assert dues == [date(2023, 3, 15), date(2024, 2, 1), date(2025, 2, 1)]


def test_org_efg_agreement_explanations():
    """ORG-EFG-AGREEMENT: the explanation names the partner, or why none counts."""
    raw = [
        GENERATOR,
        PANTRY,
        {"id": "cafe", "type": "establishment", "category": "restaurant", "seats": 10},
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-01-01",
        },
        {
            "id": "ag-2",
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "cafe",
            "start": "2024-01-01",
        },
    ]
    evaluation = _evaluate(raw, "2025-03-01")
    (finding,) = _findings(evaluation, "ORG-EFG-AGREEMENT", "gen")
    assert finding.explanation == (
        "The food distributor, a tier one commercial edible food generator with food recovery "
        "obligations from 2022-01-01, has a written agreement with the food recovery "
        "organization in force on 2025-03-01."
    )
    (finding,) = _findings(evaluation, "ORG-EFG-AGREEMENT", "ag-2")
    assert finding.explanation == (
        "The agreement of the food distributor with the restaurant from 2024-01-01 is not with "
        "a food recovery organization or service: the restaurant is a restaurant."
    )


def test_org_efg_records_window_crosses_a_year_and_shows_gaps():
    """ORG-EFG-RECORDS: months are counted across the new year; gaps print as ranges."""
    raw = [
        GENERATOR,
        {**PANTRY, "name": "Valley Pantry", "address": "1 Main St", "contact": "626-555-0101"},
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-10-15",
            "food_types": ["produce"],
            "collection_frequency": "weekly",
        },
        {
            "type": "food_recovery_quantity",
            "kept_by": "gen",
            "other_party": "pantry",
            "year": 2024,
            "month": 11,
            "pounds": 5,
        },
    ]
    (finding,) = _findings(_evaluate(raw, "2025-03-15"), "ORG-EFG-RECORDS", "gen")
    assert "the pounds recovered for Valley Pantry for 3 months (2024-10, 2024-12 to 2025-01)" in (
        finding.explanation
    )
    assert finding.due == date(2024, 11, 30)  # October's pounds were due on record first


def test_org_fro_capacity_ignores_requests_to_facilities():
    """ORG-FRO-CAPACITY: a food_recovery request to a facility is not this requirement's."""
    raw = [
        {"id": "plant", "type": "facility", "name": "Compost Co"},
        {
            "id": "req",
            "type": "capacity_request",
            "subject": "plant",
            "kind": "food_recovery",
            "date": "2025-01-02",
        },
        PANTRY,
        {
            "id": "req-2",
            "type": "capacity_request",
            "subject": "pantry",
            "kind": "food_recovery",
            "date": "2025-01-02",
            "due_on": "2025-04-30",
        },
    ]
    evaluation = _evaluate(raw, "2025-03-01")
    assert not _findings(evaluation, "ORG-FRO-CAPACITY", "req")
    (finding,) = _findings(evaluation, "ORG-FRO-CAPACITY", "req-2")
    assert (finding.status, finding.due) == ("due", date(2025, 3, 3))
    assert "its later date 2025-04-30 does not extend them" in finding.explanation


def test_org_frs_records_delivery_without_collection_is_not_required():
    """ORG-FRS-RECORDS: deliveries are owed only for months food was collected; an
    organization it delivers to must be identified."""
    raw = [
        {**GENERATOR, "name": "Acme", "address": "1 Depot", "contact": "x"},
        {"id": "courier", "type": "establishment", "category": "food_recovery_service"},
        {
            "id": "pantry",
            "type": "establishment",
            "category": "food_recovery_organization",
            "name": "P",
        },
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "courier",
            "start": "2024-12-01",
        },
        {
            "type": "food_recovery_quantity",
            "kept_by": "courier",
            "other_party": "gen",
            "year": 2024,
            "month": 12,
            "pounds": 0,
        },
        {
            "type": "food_recovery_quantity",
            "kept_by": "courier",
            "other_party": "pantry",
            "year": 2024,
            "month": 11,
            "pounds": 3,
        },
    ]
    (finding,) = _findings(_evaluate(raw, "2025-03-01"), "ORG-FRS-RECORDS", "courier")
    assert finding.status == "violation"
    assert finding.explanation == (
        "The food recovery service's records are incomplete: for P, missing address and "
        "contact information."
    )


# --------------------------------------------------------------------------- helpers


def test_org_efg_records_months_text():
    """ORG-EFG-RECORDS: missing months print as runs."""
    assert edible_food._months_text(["2024-11"]) == "1 month (2024-11)"
    assert edible_food._months_text(["2024-11", "2024-12", "2025-01", "2025-03"]) == (
        "4 months (2024-11 to 2025-01, 2025-03)"
    )


def test_org_efg_tier_formatting_helpers():
    """ORG-EFG-TIER1/TIER2, ORG-EFG-AGREEMENT: categories read with their article."""
    assert edible_food._a(edible_food._category("restaurant")) == "a restaurant"
    assert edible_food._a(edible_food._category("other")) == "a business"
    assert edible_food._a("hotel") == "a hotel"
    assert edible_food._a("other business") == "an other business"


def test_org_efg_parameters_are_in_the_pack():
    """Every efg.* parameter the rules read has a description, a unit and a reference."""
    pack = load_pack()
    names = [name for name in pack.parameters if name.startswith("efg.")]
    assert len(names) >= 15
    for name in names:
        parameter: Parameter = pack.param(name)
        assert parameter.description and parameter.unit and parameter.reference


def test_org_efg_agreement_closed_generator_is_judged_on_its_last_day_open():
    """ORG-EFG-AGREEMENT: a closure ends the duty, not the record of how it stood: a
    generator that closed is judged on its last day open, and its records too."""
    raw = [
        {**GENERATOR, "closed_on": "2025-02-01"},
        PANTRY,
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-06-01",
            "end": "2025-01-15",
        },
    ]
    evaluation = _evaluate(raw, "2025-06-01")
    (finding,) = _findings(evaluation, "ORG-EFG-AGREEMENT", "gen")
    assert finding.status == "violation"
    assert finding.explanation == (
        "The food distributor, a tier one commercial edible food generator with food recovery "
        "obligations from 2022-01-01, has no written agreement with a food recovery "
        "organization or service in force on its last day open, 2025-01-31; its last "
        "agreement, with the food recovery organization, ended on 2025-01-15."
    )
    (records,) = _findings(evaluation, "ORG-EFG-RECORDS", "gen")
    assert "8 months (2024-06 to 2025-01)" in records.explanation
    assert [f.period for f in _findings(evaluation, "ORG-EFG-ANNUAL-REPORT", "gen")] == [
        "2022",
        "2023",
        "2024",
    ]


def test_org_fro_good_samaritan_names_every_generator_not_informed():
    """ORG-FRO-GOOD-SAMARITAN: every generator not informed in writing is named, by
    name; an agreement whose clause is not recorded decides nothing."""
    raw = [
        {**GENERATOR, "name": "Acme Foods"},
        {
            "id": "gen-2",
            "type": "establishment",
            "category": "food_service_provider",
            "name": "Bright Meals",
        },
        {**PANTRY, "name": "Valley Pantry"},
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-01-01",
            "good_samaritan_clause": False,
        },
        {
            "type": "food_recovery_agreement",
            "generator": "gen-2",
            "partner": "pantry",
            "start": "2024-01-01",
            "good_samaritan_clause": False,
        },
    ]
    (finding,) = _findings(_evaluate(raw, "2025-03-01"), "ORG-FRO-GOOD-SAMARITAN", "pantry")
    assert finding.status == "violation"
    assert finding.explanation == (
        "Valley Pantry has not informed Acme Foods and Bright Meals in writing of the Good "
        "Samaritan Food Donation Act protections: no agreement with them carries the clause "
        "and no letter to them is on record."
    )
    unrecorded = [{k: v for k, v in f.items() if k != "good_samaritan_clause"} for f in raw]
    assert not _findings(_evaluate(unrecorded, "2025-03-01"), "ORG-FRO-GOOD-SAMARITAN", "pantry")


def test_org_efg_tier_cites_the_subdivision_of_the_definition():
    """ORG-EFG-TIER1/TIER2: each finding cites the lettered subdivision of the tier's
    definition its category falls under, and names the business."""
    raw = [
        {**GENERATOR, "name": "Acme Foods"},
        {
            "id": "grocer",
            "type": "establishment",
            "category": "grocery_store",
            "floor_area_sqft": 12000,
        },
        {"id": "diner", "type": "establishment", "category": "restaurant", "seats": 300},
        {
            "id": "inn",
            "type": "establishment",
            "category": "hotel",
            "rooms": 250,
            "on_site_food_facility": True,
        },
        {
            "id": "school",
            "type": "establishment",
            "category": "local_education_agency",
            "on_site_food_facility": True,
        },
    ]
    evaluation = _evaluate(raw, "2025-03-01")
    cites = {
        f.subject: f.cite.rsplit(" ", 1)[-1]
        for f in evaluation.findings
        if f.requirement in ("ORG-EFG-TIER1", "ORG-EFG-TIER2")
    }
    assert cites == {
        "gen": "(1)(d)",
        "grocer": "(1)(b)",
        "diner": "(1)(a)",
        "inn": "(1)(b)",
        "school": "(1)(g)",
    }
    (finding,) = _findings(evaluation, "ORG-EFG-TIER1", "gen")
    assert finding.explanation.startswith("Acme Foods is a tier one commercial edible food")


def test_org_efg_agreement_before_its_partner_opened_counts_from_the_opening():
    """ORG-EFG-AGREEMENT, ORG-EFG-RECORDS: an agreement dated before its partner existed
    is a data problem naming the agreement and both parties; it counts from the
    opening, so no pounds are owed for the months before it."""
    raw = [
        {**GENERATOR, "name": "Acme Foods"},
        {
            **PANTRY,
            "name": "New Pantry",
            "address": "1 Main St",
            "contact": "626-555-0101",
            "opened_on": "2024-12-01",
        },
        {
            "id": "ag",
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-10-01",
            "food_types": ["produce"],
            "collection_frequency": "weekly",
        },
    ]
    evaluation = _evaluate(raw, "2025-02-15")
    (problem,) = evaluation.data_problems
    assert problem.facts == ("ag", "gen", "pantry")
    assert "before New Pantry opened on 2024-12-01" in problem.text
    (agreement,) = _findings(evaluation, "ORG-EFG-AGREEMENT", "gen")
    assert agreement.status == "met"
    (records,) = _findings(evaluation, "ORG-EFG-RECORDS", "gen")
    assert "1 month (2024-12)" in records.explanation  # not October or November


def test_org_fro_good_samaritan_met_names_how_each_generator_was_told():
    """ORG-FRO-GOOD-SAMARITAN: the generators told in their agreements are named once,
    together; those told by letter with the letter's date."""
    raw = [
        {**GENERATOR, "name": "Acme Foods"},
        {
            "id": "gen-2",
            "type": "establishment",
            "category": "food_distributor",
            "name": "Bay Foods",
        },
        {**PANTRY, "name": "Valley Pantry"},
        {
            "type": "food_recovery_agreement",
            "generator": "gen",
            "partner": "pantry",
            "start": "2024-01-01",
            "good_samaritan_clause": True,
        },
        {
            "type": "food_recovery_agreement",
            "generator": "gen-2",
            "partner": "pantry",
            "start": "2024-01-01",
        },
        {
            "type": "good_samaritan_notice",
            "partner": "pantry",
            "generator": "gen-2",
            "date": "2024-02-01",
        },
    ]
    (finding,) = _findings(_evaluate(raw, "2025-03-01"), "ORG-FRO-GOOD-SAMARITAN", "pantry")
    assert finding.status == "met"
    assert finding.explanation == (
        "Valley Pantry informed its generators in writing of the Good Samaritan Food Donation "
        "Act protections: Acme Foods in its agreement and Bay Foods by the letter of "
        "2024-02-01."
    )
