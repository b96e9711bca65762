"""Drafting from a finding: the right kind, filled from the records and the rule pack
by the engine (recipient, what was found, the law with its section, the deadline
from the service date, the penalty that follows, the appeal), with a case code;
only the free-text parts may be edited."""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal

import pytest

from sanitas.notices import services
from sanitas.notices.compose import requirement_words
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from .conftest import AS_OF, draft, finding, serve

pytestmark = pytest.mark.django_db


def test_an_sb1383_violation_drafts_a_notice_of_violation_to_the_owner(city):
    """ORG-COM-ENROLL (violation) → a Notice of Violation, to the owner at the tax
    collector's address (GEN-NOTICE-ADDRESS), in the owner's Spanish."""
    source = finding("ORG-COM-ENROLL", "p-casa")
    notice = draft("ORG-COM-ENROLL", "p-casa")
    assert notice.kind == "sb1383_nov"
    assert notice.state == "draft"
    assert re.fullmatch(r"SG-[A-HJ-NP-Z2-9]{6}", notice.code)
    assert (notice.subject, notice.requirement) == ("p-casa", "ORG-COM-ENROLL")
    assert notice.language == "es"
    content = services.preview(notice, served_on=AS_OF)
    assert content["recipient"]["name"] == "María López"
    assert content["recipient"]["address"] == "PO Box 44, San Gabriel, CA 91778"
    assert content["recipient"]["rule"] == "owner_tax_address"
    assert content["found"] == english(source)
    assert "Casa Verde" in content["found"] and "p-casa" not in content["found"]
    cites = [item["cite"] for item in content["law"]]
    assert cites[0] == source.cite
    assert "Ch. 50 SB 1383 enforcement (D)(4)" in cites
    assert content["law"][0]["words"] == requirement_words("ORG-COM-ENROLL")
    assert "64 gallons" in content["law"][0]["words"]


def test_the_deadline_is_the_engines_sixty_days_from_the_service_date(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    for served_on in (AS_OF, date(2025, 4, 30)):
        content = services.preview(notice, served_on=served_on)
        assert content["deadline_on"] == (served_on + timedelta(days=60)).isoformat()
        assert content["values"]["days"] == 60
        assert content["projected"] is True


def test_the_penalty_that_follows_climbs_the_ladder_for_this_respondent(city):
    """The first violation: up to $100; with an earlier lawful citation on record for
    the same respondent, the next is up to $200 (ORG-PENALTY-AMOUNTS)."""
    notice = draft("ORG-COM-ENROLL", "p-casa")
    content = services.preview(notice)
    assert (content["ceiling"], content["ordinal"]) == (100, 1)
    assert content["values"]["penalty"] == "$100"
    record_facts(
        raw_facts=[
            {
                "id": "old-nov",
                "type": "notice",
                "subject": "p-casa",
                "requirement": "ORG-COM-ENROLL",
                "issued_on": "2024-03-01",
            },
            {
                "id": "old-cit",
                "type": "citation",
                "subject": "p-casa",
                "requirement": "ORG-COM-ENROLL",
                "issued_on": "2024-06-01",
                "notice": "old-nov",
            },
        ],
        actor="clerk",
    )
    content = services.preview(notice)
    assert (content["ceiling"], content["ordinal"]) == (200, 2)


def test_the_appeal_and_review_windows_come_from_the_pack(city):
    content = services.preview(draft("ORG-COM-ENROLL", "p-casa"), served_on=AS_OF)
    assert content["values"]["review_by"] == (AS_OF + timedelta(days=10)).isoformat()
    assert content["values"]["appeal_days"] == 20


def test_a_fog_finding_drafts_a_notice_of_noncompliance_to_operator_and_owner(city):
    """FOG-MIN-FREQUENCY (overdue) → § 51.67 notice of noncompliance, to the operator
    in Traditional Chinese with a copy to the owner; its deadline is the time the pack
    prescribes, from service."""
    notice = draft("FOG-MIN-FREQUENCY", "gi-pho")
    assert notice.kind == "fog_noncompliance"
    assert notice.language == "zh-Hant"
    content = services.preview(notice, served_on=AS_OF)
    assert content["recipient"]["name"] == "陳美玲"
    assert content["recipient"]["business"] == "Arroyo Pho"
    assert [c["name"] for c in content["recipient"]["copies"]] == ["Valley Holdings LLC"]
    assert content["deadline_on"] == (AS_OF + timedelta(days=30)).isoformat()
    assert content["fact"]["kind"] == "noncompliance"
    assert content["fact"]["due_on"] == content["deadline_on"]
    assert any(item["cite"] == "§ 51.67(A)" for item in content["law"])


def test_a_finding_no_notice_answers_is_refused(city):
    met = finding("FOG-INTERCEPTOR-REQUIRED", "arroyo-pho")
    assert met.status == "met"
    with pytest.raises(services.NoticeError) as refused:
        services.draft_notice(finding_id=met.pk, actor="coordinator")
    assert "with no notice" in refused.value.problems[0]


def test_a_notice_with_no_lawful_address_is_refused(db):
    record_facts(
        raw_facts=[
            {"id": "lot-9", "type": "premises", "use": "commercial"},
            {
                "type": "collection_service",
                "premises": "lot-9",
                "stream": "organics",
                "gallons_per_week": 32,
                "start": "2022-01-01",
            },
        ],
        actor="clerk",
    )
    sweep(as_of=AS_OF)
    with pytest.raises(services.NoticeError) as refused:
        draft("ORG-COM-ENROLL", "lot-9")
    assert "GEN-NOTICE-ADDRESS" in refused.value.problems[0]


def test_staff_edit_only_the_free_text_parts(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    before = services.preview(notice)
    services.edit_draft(
        notice_id=notice.pk,
        actor="coordinator",
        remarks="Call the hauler to add a 64-gallon green cart.",
        language="zh-Hant",
    )
    notice.refresh_from_db()
    after = services.preview(notice)
    assert after["remarks"] == "Call the hauler to add a 64-gallon green cart."
    assert after["language"] == "zh-Hant"
    for computed in ("found", "law", "deadline_on", "ceiling", "cite", "fact"):
        assert after[computed] == before[computed], computed
    with pytest.raises(services.NoticeError):
        services.edit_draft(notice_id=notice.pk, actor="coordinator", language="fr")
    with pytest.raises(services.NoticeError):
        services.edit_draft(notice_id=notice.pk, actor="coordinator", amount=Decimal("50"))


def test_a_correction_of_a_served_notice_supersedes_it_once_served(served_nov):
    new = services.supersede_notice(
        notice_id=served_nov.pk, actor="coordinator", why="the owner's tax address was corrected"
    )
    assert new.state == "draft" and new.supersedes_id == served_nov.pk
    assert new.fact_key != served_nov.fact_key
    serve(new, served_on=AS_OF + timedelta(days=3))
    served_nov.refresh_from_db()
    assert served_nov.state == "superseded"
    from sanitas.records.models import RecordIndex

    assert RecordIndex.objects.get(key=served_nov.fact_key).voided
    assert not RecordIndex.objects.get(key=new.fact_key).voided


def test_garbage_kept_too_long_drafts_a_notice_to_remove_it(db):
    """SW-ACCUMULATION-TIME → a notice to remove solid waste, to the owner, with the
    pack's removal days and the misdemeanor of § 50.999(A) as what follows."""
    record_facts(
        raw_facts=[
            {"id": "shop", "type": "premises", "zone": "C-3", "use": "commercial",
             "address": "400 Valley Blvd", "owner_name": "R. Ortiz"},
            {"id": "acc-1", "type": "accumulation", "premises": "shop",
             "since": "2025-02-24T18:00", "garbage": True, "observed_at": "2025-02-28T09:00"},
        ],
        actor="clerk",
    )  # fmt: skip
    sweep(as_of=AS_OF)
    notice = draft("SW-ACCUMULATION-TIME", "acc-1")
    assert notice.kind == "removal"
    content = services.preview(notice, served_on=AS_OF)
    assert content["recipient"]["name"] == "R. Ortiz"
    assert content["deadline_on"] == (AS_OF + timedelta(days=2)).isoformat()
    assert (content["values"]["fine"], content["values"]["months"]) == ("$1,000", 6)
    assert content["fact"] == {
        "id": notice.fact_key, "type": "notice", "subject": "acc-1",
        "requirement": "SW-ACCUMULATION-TIME", "issued_on": AS_OF.isoformat(), "kind": "nov",
        "due_on": content["deadline_on"],
    }  # fmt: skip


def test_a_notice_on_a_premises_names_the_businesses_there(city):
    content = services.preview(draft("ORG-COM-ENROLL", "p-casa"))
    assert content["recipient"]["business"] == "Casa Verde"


# --------------------------------------------------------------------------- the engine's terms


def _open(requirement: str, subject: str, status: str):
    from sanitas.records.models import Finding

    return Finding.objects.get(
        current=True, requirement=requirement, subject=subject, status=status
    )


def test_the_content_carries_the_engines_terms_and_no_refusal_when_it_may_issue(city):
    content = services.preview(draft("ORG-COM-ENROLL", "p-casa"), served_on=AS_OF)
    terms = content["terms"]
    assert content["refusals"] == [] and terms["refusals"] == []
    assert terms["deadline"]["on"] == content["deadline_on"] == "2025-05-02"
    assert terms["correction"]["message"] == "comply_requirement"
    assert [c["message"] for c in terms["consequences"]] == ["citation_ladder"]
    assert terms["penalty"]["further"] is True and terms["fact"] == content["fact"]


def test_an_interceptor_above_25_percent_is_ordered_serviced_immediately(city):
    """§ 51.64(B) "serviced immediately": the day after service (the pack's reading),
    never the 30 days of other FOG notices; the served fact carries that day, so the
    engine follows it."""
    from sanitas.notices import render

    record_facts(
        raw_facts=[
            {"type": "inspection", "subject": "gi-pho", "date": "2025-03-01",
             "fog_solids_percent_depth": 40},
        ],
        actor="clerk",
    )  # fmt: skip
    sweep(as_of=AS_OF)
    source = _open("FOG-25-PERCENT", "gi-pho", "violation")
    notice = services.draft_notice(finding_id=source.pk, actor="coordinator")
    content = services.preview(notice, served_on=AS_OF)
    assert content["terms"]["deadline"]["immediately"] is True
    assert content["deadline_on"] == (AS_OF + timedelta(days=1)).isoformat()
    assert content["fact"]["due_on"] == content["deadline_on"]
    assert content["refusals"] == [] and render.blank_problems(content) == []
    english = render.document_context(content)["parts"][-1]
    assert english["to_do"].startswith("Have the grease interceptor serviced")
    assert f"immediately, and no later than {content['deadline_on']}" in english["to_do"]
    assert "30 days" not in english["to_do"]


def test_a_lapsed_permit_is_ordered_a_new_permit_with_nothing_left_blank(db):
    """§ 6-8.116: no repair of work never started, no misdemeanor the section does not
    carry, and every blank filled in all three languages."""
    from sanitas.notices import render

    record_facts(
        raw_facts=[
            {"id": "lot-50", "type": "premises", "address": "50 Elm St", "owner_name": "Kim Lee",
             "owner_language": "zh-Hant"},
            {"id": "p-50", "type": "permit", "kind": "house_connection", "premises": "lot-50",
             "issued_on": "2024-12-01"},
        ],
        actor="clerk",
    )  # fmt: skip
    sweep(as_of=AS_OF)
    notice = draft("PRM-LAPSE", "p-50", actor="permits")
    assert notice.kind == "permit_correction"
    content = services.preview(notice, served_on=AS_OF)
    assert render.blank_problems(content) == [] and content["refusals"] == []
    parts = {p["language"]: p for p in render.document_context(content)["parts"]}
    english = parts["en"]
    assert "new permit" in english["to_do"] and "same fees" in english["to_do"]
    assert "repair" not in english["to_do"] and "misdemeanor" not in english["follows"]
    assert "null and void" in english["follows"]
    assert "{" not in parts["zh-Hant"]["to_do"] + parts["zh-Hant"]["follows"]
    assert content["deadline_on"] is None and "due_on" not in content["fact"]


def test_waste_the_records_show_removed_is_refused_an_order_to_remove_it(db):
    record_facts(
        raw_facts=[
            {"id": "shop", "type": "premises", "zone": "C-3", "use": "commercial",
             "address": "400 Valley Blvd", "owner_name": "R. Ortiz"},
            {"id": "acc-1", "type": "accumulation", "premises": "shop",
             "since": "2025-02-10T18:00", "garbage": True, "observed_at": "2025-02-14T09:00"},
        ],
        actor="clerk",
    )  # fmt: skip
    sweep(as_of=date(2025, 2, 14))
    notice = draft("SW-ACCUMULATION-TIME", "acc-1")
    assert services.preview(notice, served_on=date(2025, 2, 14))["refusals"] == []
    record_facts(
        raw_facts=[
            {"type": "accumulation_removal", "accumulation": "acc-1",
             "removed_at": "2025-02-15T10:00"},
        ],
        actor="clerk",
    )  # fmt: skip
    refusals = services.preview(notice, served_on=AS_OF)["refusals"]
    assert len(refusals) == 1 and "removed at 2025-02-15 10:00" in refusals[0]


def test_a_citation_at_the_top_of_the_ladder_promises_no_higher_penalty(lapsed_at_the_top):
    from sanitas.notices import render

    citation = services.draft_citation(
        notice_id=lapsed_at_the_top.pk, actor="coordinator", today=date(2025, 5, 10)
    )
    content = services.preview(citation, served_on=date(2025, 5, 10))
    assert (content["ceiling"], content["ordinal"]) == (500, 3)
    assert content["terms"]["penalty"]["further"] is False
    for part in render.document_context(content)["parts"]:
        if part["language"] == "en":
            assert "higher penalties" not in part["follows"]
            assert "highest step" in part["follows"] and "up to $500" in part["follows"]


@pytest.fixture
def lapsed_at_the_top(city):
    """Casa Verde's owner with two lawful citations on record, and a notice served on
    the worklist's day whose deadline has passed by 2025-05-10."""
    record_facts(
        raw_facts=[
            {"id": "n-a", "type": "notice", "subject": "p-casa", "requirement": "ORG-COM-ENROLL",
             "issued_on": "2024-02-01"},
            {"id": "c-a", "type": "citation", "subject": "p-casa",
             "requirement": "ORG-COM-ENROLL", "issued_on": "2024-04-05", "notice": "n-a",
             "amount": 100},
            {"id": "n-b", "type": "notice", "subject": "p-casa", "requirement": "ORG-COM-ENROLL",
             "issued_on": "2024-05-01"},
            {"id": "c-b", "type": "citation", "subject": "p-casa",
             "requirement": "ORG-COM-ENROLL", "issued_on": "2024-07-05", "notice": "n-b",
             "amount": 200},
        ],
        actor="clerk",
    )  # fmt: skip
    sweep(as_of=AS_OF)
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"))
    sweep(as_of=date(2025, 5, 10))
    return notice
