"""A notice's legal terms, from the engine's one pure call
(sanitas.ordinance.notice_terms): never more time than the section allows, only the
correction and the consequences the section carries, never an order of what the
records show done, the ladder's step and ceiling, and the reasons a document may not
issue on its day. The scenario files state the same cases in the contract's format
(tests/scenarios/notice-*.yaml); these tests hold what a scenario cannot say."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import orjson
import pytest

from sanitas.ordinance.document import load_document, parse_document
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.expect import check
from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.ordinance.notice_terms import (
    TermsError,
    check_kinds,
    kind_laws,
    message_ids,
    notice_terms,
    terms_of_kind,
)
from sanitas.ordinance.pack import load_pack
from sanitas.ordinance.yamlio import load_yaml

from .conftest import OWN_SCENARIOS

PACK = load_pack("san-gabriel")

FOG = [
    {"id": "fse-1", "type": "establishment", "name": "Golden Wok", "category": "restaurant",
     "cooks": True, "opened_on": "2018-01-01", "address": "12 Main St", "operator_name": "Lin Wei",
     "operator_language": "zh-Hant"},
    {"id": "gi-1", "type": "device", "establishment": "fse-1", "kind": "grease_interceptor",
     "compartments": 2, "approved": True, "installed_on": "2018-01-01"},
    {"type": "pump_out", "device": "gi-1", "date": "2025-01-10", "full": True},
    {"type": "inspection", "subject": "gi-1", "date": "2025-02-28", "fog_solids_percent_depth": 40},
]  # fmt: skip

SB1383 = [
    {"id": "p-1", "type": "premises", "use": "commercial", "address": "118 Las Tunas Dr",
     "owner_name": "María López", "owner_language": "es",
     "owner_tax_address": "PO Box 44, San Gabriel, CA 91778"},
    {"id": "casa", "type": "establishment", "name": "Casa Verde", "category": "restaurant",
     "premises": "p-1", "opened_on": "2020-05-01"},
    {"type": "collection_service", "premises": "p-1", "stream": "organics",
     "gallons_per_week": 32, "start": "2022-01-01"},
]  # fmt: skip

EARLIER_CITATIONS = [
    {"id": "n-a", "type": "notice", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
     "issued_on": "2024-02-01"},
    {"id": "c-a", "type": "citation", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
     "issued_on": "2024-04-05", "notice": "n-a", "amount": 100},
    {"id": "n-b", "type": "notice", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
     "issued_on": "2024-05-01"},
    {"id": "c-b", "type": "citation", "subject": "p-1", "requirement": "ORG-COM-ENROLL",
     "issued_on": "2024-07-05", "notice": "n-b", "amount": 200},
]  # fmt: skip

NOV = {
    "id": "nov-1",
    "type": "notice",
    "subject": "p-1",
    "requirement": "ORG-COM-ENROLL",
    "issued_on": "2025-03-03",
}


def terms(kind: str, requirement: str, subject: str, facts: list, day: date, **kw):
    return notice_terms(
        kind=kind,
        requirement=requirement,
        subject=subject,
        facts=facts,
        served_on=day,
        pack=PACK,
        **kw,
    )


def test_the_kinds_file_is_sound_and_every_message_is_named():
    assert check_kinds() == []
    assert list(kind_laws()) == [
        "sb1383_nov",
        "contamination",
        "fog_noncompliance",
        "removal",
        "permit_correction",
        "final_certificate",
        "citation",
    ]
    named = message_ids()
    for law in kind_laws().values():
        assert law.correction in named["corrections"]


def test_the_engine_call_needs_no_django():
    """The engine's layer: importing the call and its kinds brings in no Django."""
    code = (
        "import sys; import sanitas.ordinance.notice_terms as t; t.kind_laws(); "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path.cwd()
    )
    assert done.stdout.strip() == "False"


def test_fog_25_percent_is_serviced_immediately_and_the_engine_follows_the_day():
    """§ 51.64(B) "serviced immediately": the notice gives no 30 days; the day the
    pack's reading gives is the engine fact's due_on, and the engine holds the
    establishment to it."""
    found = terms("fog_noncompliance", "FOG-25-PERCENT", "gi-1", FOG, date(2025, 3, 3))
    assert found.deadline["immediately"] is True
    assert found.deadline["on"] == "2025-03-04" and found.deadline["reading"]
    assert found.fact["due_on"] == "2025-03-04"
    assert found.correction["message"] == "service_interceptor"
    assert [c["message"] for c in found.consequences] == ["fog_charges"]
    assert found.refusals == []
    served = {**found.fact, "id": "nc-1"}
    later = evaluate_facts(parse_facts([*FOG, served]), as_of=date(2025, 3, 5), pack=PACK)
    notice = [f for f in later.findings if f.requirement == "FOG-NONCOMPLIANCE-NOTICE"]
    assert [(f.status, f.due) for f in notice] == [("overdue", date(2025, 3, 4))]
    # another FOG finding keeps the Director's 30 days
    other = terms_of_kind("fog_noncompliance", "FOG-MIN-FREQUENCY", "device")
    assert other["deadline"] == {"rule": "days", "parameter": "notice.fog_noncompliance_days"}


def test_a_pump_out_since_the_inspection_refuses_the_notice():
    pumped = [*FOG, {"type": "pump_out", "device": "gi-1", "date": "2025-03-01", "full": True}]
    found = terms("fog_noncompliance", "FOG-25-PERCENT", "gi-1", pumped, date(2025, 3, 3))
    assert len(found.refusals) == 1
    assert "fully pumped out on 2025-03-01" in found.refusals[0]
    before = terms("fog_noncompliance", "FOG-25-PERCENT", "gi-1", pumped, date(2025, 2, 28))
    assert before.refusals == []


def test_a_lapsed_permit_is_not_ordered_repaired_nor_threatened_with_a_misdemeanor():
    """§ 6-8.116 prints no penalty line and gives no date: the permit is void, and a
    new permit and the same fees come before the work is recommenced."""
    facts = [
        {"id": "lot-50", "type": "premises", "address": "50 Elm St", "owner_name": "Kim Lee"},
        {"id": "p-50", "type": "permit", "kind": "house_connection", "premises": "lot-50",
         "issued_on": "2025-01-08"},
    ]  # fmt: skip
    found = terms("permit_correction", "PRM-LAPSE", "p-50", facts, date(2025, 3, 10))
    assert found.correction == {"message": "new_permit", "args": {}}
    assert [c["message"] for c in found.consequences] == ["permit_void"]
    assert found.deadline["rule"] == "before_work" and found.deadline["on"] is None
    assert "due_on" not in found.fact
    assert [c["cite"] for c in found.cites] == ["'65 Code § 6-8.116"]
    assert found.refusals == []
    assert all(v is not None for v in found.values().values())


def test_the_ladder_says_whether_a_higher_step_follows():
    day = date(2025, 5, 3)
    first = terms("citation", "ORG-CITATION", "nov-1", [*SB1383, NOV], day, amount=100)
    assert (first.penalty["step"], first.penalty["ceiling"], first.penalty["further"]) == (
        1,
        100,
        True,
    )
    assert [c["message"] for c in first.consequences] == ["citation_step", "ladder_higher"]
    assert first.consequences[1]["args"] == {"next_penalty": "$200"}
    top = terms(
        "citation", "ORG-CITATION", "nov-1", [*SB1383, *EARLIER_CITATIONS, NOV], day, amount=500
    )
    assert (top.penalty["step"], top.penalty["ceiling"], top.penalty["further"]) == (3, 500, False)
    assert [c["message"] for c in top.consequences] == ["citation_step", "ladder_top"]
    assert top.refusals == []


def test_a_notice_of_violation_states_the_step_of_the_citation_that_would_follow():
    found = terms("sb1383_nov", "ORG-COM-ENROLL", "p-1", SB1383, date(2025, 3, 3))
    assert found.deadline["on"] == "2025-05-02" and found.deadline["days"] == 60
    assert (found.penalty["ordinal"], found.penalty["ceiling"]) == (1, 100)
    args = found.consequences[0]["args"]
    assert found.consequences[0]["message"] == "citation_ladder"
    assert args == {"ordinal": 1, "penalty": "$100"}
    assert found.recipient["name"] == "María López" and found.recipient["language"] == "es"


@pytest.mark.parametrize(
    ("day", "ripe"),
    [(date(2025, 5, 2), False), (date(2025, 5, 3), True), (date(2025, 5, 4), True)],
)
def test_a_citation_is_ripe_only_after_the_deadline_passed_uncorrected(day, ripe):
    found = terms("citation", "ORG-CITATION", "nov-1", [*SB1383, NOV], day, amount=100)
    assert (found.refusals == []) is ripe
    assert found.penalty["ceiling"] == (100 if ripe else 0)
    if not ripe:
        assert "premature" in found.refusals[0] and "ceiling of $0" in found.refusals[1]


def test_a_citation_above_its_ceiling_is_refused():
    found = terms("citation", "ORG-CITATION", "nov-1", [*SB1383, NOV], date(2025, 5, 3), amount=150)
    assert found.refusals == [
        "amount: $150 is above the ceiling of $100 the ladder allows for this respondent"
    ]


def test_waste_removed_weeks_before_is_not_ordered_removed():
    facts = [
        {"id": "shop", "type": "premises", "zone": "C-3", "use": "commercial",
         "address": "400 Valley Blvd", "owner_name": "R. Ortiz"},
        {"id": "acc-1", "type": "accumulation", "premises": "shop",
         "since": "2025-02-24T18:00", "garbage": True, "observed_at": "2025-02-28T09:00"},
        {"type": "accumulation_removal", "accumulation": "acc-1", "removed_at": "2025-03-01T10:00"},
    ]  # fmt: skip
    found = terms("removal", "SW-ACCUMULATION-TIME", "acc-1", facts, date(2025, 3, 20))
    assert any("removed at 2025-03-01 10:00" in r for r in found.refusals), found.refusals
    assert [c["message"] for c in found.consequences] == ["misdemeanor"]
    assert found.consequences[0]["args"] == {
        "fine": "$1,000",
        "months": 6,
        "penalty_cite": "§ 50.999(A)",
    }


def test_the_terms_are_json():
    found = terms("sb1383_nov", "ORG-COM-ENROLL", "p-1", SB1383, date(2025, 3, 3))
    again = orjson.loads(orjson.dumps(found.as_json()))
    assert again["deadline"]["on"] == "2025-05-02" and again["refusals"] == []
    assert again["fact"] == found.fact


def test_bad_calls_name_what_is_wrong():
    with pytest.raises(TermsError) as refused:
        terms("letter", "ORG-COM-ENROLL", "p-1", SB1383, date(2025, 3, 3))
    assert refused.value.problems == ["kind: no notice kind 'letter'"]
    with pytest.raises(TermsError) as refused:
        terms("sb1383_nov", "ORG-COM-ENROLL", "p-9", SB1383, date(2025, 3, 3))
    assert refused.value.problems == ["subject: p-9 is not on record on 2025-03-03"]
    with pytest.raises(TermsError) as refused:
        terms("citation", "ORG-CITATION", "p-1", SB1383, date(2025, 3, 3))
    assert refused.value.problems == ["finding: p-1 is not a notice on record"]


def test_every_kind_has_a_scenario():
    kinds = set()
    for path in OWN_SCENARIOS.glob("notice-*.yaml"):
        expect = load_document(path).expect
        kinds |= {entry["kind"] for entry in expect.notices}
    assert kinds == set(kind_laws())


def _document(notice: dict) -> dict:
    return {"as_of": "2025-03-03", "facts": FOG, "expect": {"notices": [notice]}}


def test_a_notice_expectation_that_does_not_hold_fails_with_what_was_found():
    document = parse_document(
        _document(
            {
                "kind": "fog_noncompliance",
                "requirement": "FOG-25-PERCENT",
                "subject": "gi-1",
                "served_on": "2025-03-03",
                "deadline": "2025-04-02",
                "consequences": ["fog_charges", "misdemeanor"],
            }
        )
    )
    passed, failures = check(document.expect, document.evaluate())
    assert passed == 0 and len(failures) == 1
    message = failures[0].message
    assert "deadline: expected '2025-04-02'; found 'immediately'" in message
    assert "consequences: expected ['fog_charges', 'misdemeanor']; found ['fog_charges']" in message


def test_a_bad_notice_expectation_names_the_entry_and_the_key():
    with pytest.raises(FactsError) as bad:
        parse_document(
            _document(
                {
                    "kind": "letter",
                    "requirement": "FOG-25-PERCENT",
                    "subject": "gi-1",
                    "served_on": "2025-02-30",
                    "deadline": "soon",
                    "refused": "no",
                    "colour": "red",
                }
            )
        )
    problems = " | ".join(bad.value.problems)
    assert "expect.notices[0]: colour: unknown field" in problems
    assert "expect.notices[0]: kind: 'letter' is not one of" in problems
    assert "expect.notices[0]: served_on: '2025-02-30' is not a calendar date" in problems
    assert "expect.notices[0]: deadline: expected a date, immediately or none" in problems
    assert "expect.notices[0]: refused: expected true or false" in problems


def test_the_notice_scenarios_hold():
    for path in sorted(OWN_SCENARIOS.glob("notice-*.yaml")):
        document = load_document(Path(path))
        _, failures = check(document.expect, document.evaluate())
        assert not failures, [f.message for f in failures]


# ----------------------------------------------------------------- what the legal review of
# drafted notices found (docs/legal-review.md, "Drafted notices")

SCENARIOS = OWN_SCENARIOS


def _scenario_facts(name: str) -> list:
    return load_document(SCENARIOS / name).facts


def test_a_certificate_is_issued_to_the_person_constructing_the_work():
    """§ 6-8.133: "issued to the person constructing such work": the permit's
    contractor, at the work (the records hold no other address of it), with a copy to
    the owner; with no contractor recorded, the owner."""
    facts = _scenario_facts("notice-certificate-once.yaml")
    found = terms("final_certificate", "PRM-CERTIFICATE", "p-70", facts, date(2025, 4, 30))
    assert found.refusals == []
    recipient = found.recipient
    assert (recipient["name"], recipient["address"], recipient["rule"]) == (
        "Acme Sewer",
        "70 Las Tunas Dr",
        "constructor",
    )
    assert [(c["name"], c["rule"]) for c in recipient["copies"]] == [
        ("Luis Soto", "owner_premises_address")
    ]
    raw = load_yaml((SCENARIOS / "notice-certificate-once.yaml").read_text(encoding="utf-8"))
    builder = [
        {k: v for k, v in f.items() if not (f.get("id") == "p-70" and k == "contractor")}
        for f in raw["facts"]
    ]
    own = terms("final_certificate", "PRM-CERTIFICATE", "p-70", builder, date(2025, 4, 30))
    assert (own.recipient["name"], own.recipient["copies"]) == ("Luis Soto", [])


def test_a_second_certificate_of_the_same_work_is_refused():
    facts = _scenario_facts("notice-certificate-once.yaml")
    found = terms("final_certificate", "PRM-CERTIFICATE", "p-71", facts, date(2025, 4, 30))
    assert found.refusals == [
        "permit: the certificate of final inspection of permit HC-2025-071 for 71 Las Tunas Dr "
        "was already issued on 2025-04-01; a second would certify the same work again"
    ]


def test_a_cart_tag_of_an_inspection_names_the_home_and_counts_its_occasions():
    """A contamination found at an inspection (ORG-SF-PARTICIPATE's subject) is the
    home's: the tag names the premises, so the engine counts it as the notice of that
    day's contamination, and says which consecutive occasion it was."""
    facts = _scenario_facts("notice-contamination-hauler-and-household.yaml")
    day = date(2026, 11, 9)
    found = terms("contamination", "ORG-SF-PARTICIPATE", "i-5b", facts, day)
    assert found.target.subject == "lot-5" and found.fact["subject"] == "lot-5"
    assert found.consequences[0]["args"] == {"occasion": 2, "fine_from": 3}
    assert all(v is not None for v in found.values().values())
    before = evaluate_facts(facts, as_of=day, pack=PACK)
    known = {f.id: f.type for f in facts if f.id is not None}
    tag = parse_facts([{**found.fact, "id": "tag-5"}], known=known)
    after = evaluate_facts([*facts, *tag], as_of=day, pack=PACK)

    def tagged(evaluation) -> str:
        (one,) = [
            f
            for f in evaluation.findings
            if f.requirement == "ORG-CONTAMINATION-NOV"
            and f.subject == "lot-5"
            and "2026-11-06" in f.explanation
        ]
        return one.status

    assert (tagged(before), tagged(after)) == ("overdue", "late")


def test_a_contamination_quote_is_the_subdivision_it_rests_on_and_is_quoted_once():
    facts = _scenario_facts("notice-contamination-hauler-and-household.yaml")
    hauler = terms("contamination", "ORG-CONTAMINATION-NOV", "lot-9", facts, date(2026, 11, 9))
    assert hauler.cites[0]["cite"] == "Ch. 50 enforcement (D)(6)"
    assert hauler.cites[0]["words"].startswith("In addition to the foregoing, for incidences")
    city = terms(
        "contamination",
        "ORG-CONTAMINATION-NOV",
        "p-1",
        _scenario_facts("notice-contamination-and-recipient.yaml"),
        date(2025, 3, 3),
    )
    fines = [c for c in city.cites if "on the third such occasion" in c["words"]]
    assert [c["cite"] for c in fines] == ["Ch. 50 enforcement (D)(3)"]


def test_a_citation_names_the_notice_it_follows_with_the_deadline_that_passed():
    found = terms("citation", "ORG-CITATION", "nov-1", [*SB1383, NOV], date(2025, 5, 3), amount=100)
    assert found.follows == {"notice": "nov-1", "served_on": "2025-03-03", "deadline": "2025-05-02"}
    assert found.as_json()["follows"] == found.follows
    notice = terms("sb1383_nov", "ORG-COM-ENROLL", "p-1", SB1383, date(2025, 3, 3))
    assert notice.follows is None


def test_containers_taken_in_are_said_to_have_been_removed():
    facts = _scenario_facts("notice-removal-solid-waste.yaml")
    found = terms("removal", "SW-CONTAINER-SETOUT", "so-2", facts, date(2025, 3, 3))
    assert any(
        "the containers at 12 Elm St were removed at 2025-02-25 19:00" in r for r in found.refusals
    ), found.refusals


@pytest.mark.parametrize(
    ("day", "runs"),
    [(date(2025, 5, 1), True), (date(2025, 5, 2), True), (date(2025, 5, 3), False)],
)
def test_no_second_notice_is_drafted_while_one_gives_time_to_comply(day, runs):
    """A notice of the same kind, subject and requirement whose deadline in force has
    not passed answers the noncompliance: a second would stand beside it with a
    deadline of its own. From the day after its deadline, the citation's turn comes
    (or, once one is cited, a further notice's), and nothing here stops it."""
    from sanitas.ordinance.notice_terms import Target, running_notice

    ctx = _ctx([*SB1383, NOV], day)
    why = running_notice(Target("sb1383_nov", "p-1", "ORG-COM-ENROLL"), ctx)
    assert (why is not None) is runs
    if runs:
        assert "gives until 2025-05-02 to comply" in why
    assert running_notice(Target("sb1383_nov", "p-1", "ORG-COM-SELF-INSPECT"), ctx) is None
    assert running_notice(Target("citation", "p-1", "ORG-COM-ENROLL", "nov-1"), ctx) is None


@pytest.mark.parametrize(
    ("day", "runs"),
    [(date(2025, 6, 4), True), (date(2025, 6, 5), True), (date(2025, 6, 6), False)],
)
def test_no_further_notice_is_drafted_while_its_citation_runs(day, runs):
    """Once cited, a further notice is the way up the ladder; while the citation still
    gives its days to pay and comply (the pack's 30), it answers the noncompliance."""
    from sanitas.ordinance.notice_terms import Target, running_notice

    cited = {
        "id": "c-1",
        "type": "citation",
        "subject": "p-1",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2025-05-06",
        "notice": "nov-1",
        "amount": 100,
    }
    why = running_notice(
        Target("sb1383_nov", "p-1", "ORG-COM-ENROLL"), _ctx([*SB1383, NOV, cited], day)
    )
    assert (why is not None) is runs
    if runs:
        assert "gives until 2025-06-05 to pay and comply" in why


@pytest.mark.parametrize(
    ("day", "runs"),
    [(date(2025, 3, 3), True), (date(2025, 3, 4), True), (date(2025, 3, 5), False)],
)
def test_a_fog_notice_runs_until_its_own_due_day(day, runs):
    from sanitas.ordinance.notice_terms import Target, running_notice

    served = {
        "id": "nc-1",
        "type": "notice",
        "subject": "gi-1",
        "requirement": "FOG-25-PERCENT",
        "issued_on": "2025-03-03",
        "kind": "noncompliance",
        "due_on": "2025-03-04",
    }
    why = running_notice(
        Target("fog_noncompliance", "gi-1", "FOG-25-PERCENT"), _ctx([*FOG, served], day)
    )
    assert (why is not None) is runs


def _ctx(facts: list, day: date):
    from sanitas.ordinance.engine import Context, FactIndex

    parsed = parse_facts(facts)
    return Context(facts=FactIndex(parsed), as_of=day, pack=PACK, calendar=PACK.calendar())
