"""Contractors as records (§ 6-8.103): a permit names the contractor who lays its sewer
by the contractor's record, and the engine reads the name and the city business licence
from there; a permit recorded before contractors were records keeps being read from the
name and expiry typed on it, exactly as before. The pack warns of a licence on record
``sew.licence_warning_days`` before it ends while work under the permit may go on; the
certificate of final inspection goes to the contractor on record at its own address."""

from __future__ import annotations

import re
from datetime import date

from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.messages import Message, render
from sanitas.ordinance.notice_terms import notice_terms
from sanitas.ordinance.pack import load_pack
from sanitas.ordinance.sewers.works import LICENCE_WARNINGS

PACK = load_pack()
LICENCE = "SEW-PIPE-LAYER-LICENSE"


def _permit(**fields) -> list[dict]:
    return [
        {"id": "lot-1", "type": "premises", "address": "41 Abbot Ave", "owner_name": "Luis Soto"},
        {
            "id": "ctr-1",
            "type": "contractor",
            "name": "Bolt Pipe",
            "license_number": "BL-20417",
            "license_expires_on": "2025-05-30",
            "address": "900 E Main St, Alhambra, CA 91801",
        },
        {
            "id": "p-1",
            "type": "permit",
            "kind": "house_connection",
            "number": "HC-2025-101",
            "premises": "lot-1",
            "issued_on": "2025-04-01",
            "fees_paid": True,
            **fields,
        },
        {"type": "work_started", "permit": "p-1", "date": "2025-04-02"},
    ]


def _licence(facts: list[dict], day: date):
    found = [
        f
        for f in evaluate_facts(parse_facts(facts), as_of=day, pack=PACK).findings
        if f.requirement == LICENCE and f.subject == "p-1"
    ]
    assert len(found) == 1, found
    return found[0]


def test_the_licence_is_read_from_the_contractor_the_permit_names():
    finding = _licence(_permit(pipe_layer="ctr-1"), date(2025, 4, 20))
    assert finding.status == "met"
    assert str(finding.explanation) == (
        "Bolt Pipe's city business licence runs to 2025-05-30, covering the work under "
        "permit HC-2025-101 for 41 Abbot Ave since 2025-04-02."
    )


def test_the_record_wins_over_what_was_typed_on_the_permit():
    typed = {"contractor": "Old Name Sewer", "contractor_license_expires_on": "2025-04-10"}
    assert _licence(_permit(**typed), date(2025, 4, 20)).status == "due"
    finding = _licence(_permit(pipe_layer="ctr-1", **typed), date(2025, 4, 20))
    assert finding.status == "met" and "Old Name" not in str(finding.explanation)


def test_a_permit_without_a_contractor_on_record_is_read_as_it_always_was():
    """The name and expiry typed on the permit, and no warning however near the expiry:
    the findings recorded about such permits stay as they were."""
    typed = {"contractor": "Bolt Pipe", "contractor_license_expires_on": "2025-04-21"}
    finding = _licence(_permit(**typed), date(2025, 4, 20))
    assert finding.status == "met"
    assert str(finding.explanation).startswith("Bolt Pipe's city business licence runs to")


def test_the_warning_comes_the_packs_days_before_the_licence_ends():
    days = PACK.param("sew.licence_warning_days").on(date(2025, 4, 30))
    assert days == 30
    facts = _permit(pipe_layer="ctr-1")
    before, first, last = (
        _licence(facts, day) for day in (date(2025, 4, 29), date(2025, 4, 30), date(2025, 5, 30))
    )
    assert before.status == "met"
    for finding in (first, last):
        assert finding.status == "due" and str(finding.due) == "2025-05-30"
        assert finding.message.id == "sew.licence.expires-soon"
        assert finding.message.id in LICENCE_WARNINGS
    assert str(first.explanation) == (
        "Bolt Pipe's city business licence runs to 2025-05-30, and the work under permit "
        "HC-2025-101 for 41 Abbot Ave may go on after it; no sewer may be laid under it "
        "after that day unless the licence is renewed."
    )
    after = _licence(facts, date(2025, 5, 31))  # ended, no work recorded since
    assert after.status == "due" and after.message.id == "sew.licence.expired-under-way"


def test_a_renewed_licence_ends_the_warning():
    facts = _permit(pipe_layer="ctr-1")
    facts[1] = {**facts[1], "license_expires_on": "2026-05-30"}
    assert _licence(facts, date(2025, 5, 10)).status == "met"


def test_the_warnings_read_in_spanish_and_chinese_with_no_english_left():
    facts = _permit(pipe_layer="ctr-1")
    warned = [
        _licence(facts, date(2025, 5, 10)).message,
        _licence(facts[:3], date(2025, 5, 10)).message,  # not started
        _licence(facts[:3], date(2025, 5, 31)).message,  # ended before the work started
    ]
    assert [m.id for m in warned] == [
        "sew.licence.expires-soon",
        "sew.licence.expires-soon-before-work",
        "sew.licence.expired-before-work",
    ]
    for message in warned:
        assert isinstance(message, Message)
        for language, latin in (
            ("es", r"\b(the|licence|under|work|permit)\b"),
            ("zh-Hant", "[A-Za-z]{4,}"),
        ):
            text = render(message, language)
            for recorded in ("Bolt Pipe", "HC-2025-101", "Abbot", "Ave"):
                text = text.replace(recorded, " ")
            assert "{" not in text and not re.search(latin, text), (language, text)


def test_the_certificate_goes_to_the_contractor_on_record_at_its_address():
    """§ 6-8.133: "issued to the person constructing such work": the contractor on
    record at its own address, with a copy to the owner."""
    facts = [
        *_permit(pipe_layer="ctr-1", contractor="Old Name Sewer"),
        {
            "id": "d-1",
            "type": "connection_design",
            "permit": "p-1",
            "persons_served": 4,
            "public_sewer_diameter_in": 8,
            "public_sewer_depth_ft": 7,
            "method": "y_branch",
            "segments": [
                {
                    "from": "street_sewer",
                    "to": "property_line",
                    "diameter_in": 6,
                    "material": "vitrified_clay",
                    "length_ft": 25,
                    "fall_ft": 0.6,
                    "depth_ft": 4,
                    "in_street": True,
                    "clearance_wall_in": 120,
                    "cover_in": 48,
                },
            ],
        },
    ]
    found = notice_terms(
        kind="final_certificate",
        requirement="PRM-CERTIFICATE",
        subject="p-1",
        facts=facts,
        served_on=date(2025, 4, 30),
        pack=PACK,
    )
    recipient = found.recipient
    assert (recipient["name"], recipient["address"], recipient["rule"]) == (
        "Bolt Pipe",
        "900 E Main St, Alhambra, CA 91801",
        "constructor",
    )
    assert [c["name"] for c in recipient["copies"]] == ["Luis Soto"]
