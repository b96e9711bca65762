"""Citations and payments, extensions, appeals and hearings: when a notice's deadline
passes uncorrected the engine proposes the citation at the ceiling the ladder allows
for this respondent; the officer sets an amount not above it; the citation is served
and frozen like a notice; payments are recorded and an unpaid one past due shows so;
extensions move the deadline the engine honours; an appeal is filed within the window
(a late one refused with the reason), heard by a hearing officer, decided with its own
document, and the engine's clocks follow the decision."""

from __future__ import annotations

import subprocess
from datetime import date, datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from sanitas.notices import selectors, services
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.models import RECORD_MODELS, Finding
from sanitas.records.sweep import sweep

from .conftest import finding, serve, user

pytestmark = pytest.mark.django_db
DEADLINE = date(2025, 5, 2)  # 60 days from service on 2025-03-03
AFTER = date(2025, 5, 10)


def _current(requirement: str, subject: str) -> Finding:
    return Finding.objects.get(current=True, requirement=requirement, subject=subject)


@pytest.fixture
def lapsed(served_nov):
    """The worklist's day moves past the deadline, nothing having been done."""
    sweep(as_of=AFTER)
    return served_nov


def test_past_the_deadline_the_engine_proposes_a_citation_at_the_ceiling(served_nov):
    before = selectors.proposal(served_nov, as_of=DEADLINE, today=DEADLINE)
    assert not before.citation_due and "premature" in before.premature[0]
    after = selectors.proposal(served_nov, as_of=AFTER, today=AFTER)
    assert after.citation_due and (after.ceiling, after.ordinal) == (100, 1)
    referral = [f for f in after.findings if f.requirement == "ORG-CITATION"]
    assert referral[0].status == "overdue"


def test_a_citation_is_drafted_with_the_ceiling_and_the_amount_stays_within_it(lapsed):
    referral = _current("ORG-CITATION", lapsed.fact_key)
    assert referral.status == "overdue"
    citation = services.draft_notice(finding_id=referral.pk, actor="coordinator")
    assert citation.kind == "citation" and citation.cites_notice_id == lapsed.pk
    assert citation.amount == Decimal("100")
    content = services.preview(citation)
    assert content["recipient"] == lapsed.recipient_snapshot
    assert content["values"]["appeal_by"] == "2025-05-30"
    with pytest.raises(services.NoticeError) as refused:
        services.edit_draft(notice_id=citation.pk, actor="coordinator", amount=Decimal("150"))
    assert "above the ceiling" in refused.value.problems[0]
    services.edit_draft(notice_id=citation.pk, actor="coordinator", amount=Decimal("80"))
    citation.refresh_from_db()
    assert citation.amount == Decimal("80")


def _served_citation(lapsed, amount: str = "80"):
    citation = services.draft_citation(notice_id=lapsed.pk, actor="coordinator", today=AFTER)
    services.edit_draft(notice_id=citation.pk, actor="coordinator", amount=Decimal(amount))
    return serve(citation, served_on=AFTER, method="certified_mail")


def test_a_served_citation_is_frozen_and_becomes_the_engines_citation(lapsed):
    citation = _served_citation(lapsed)
    record = RECORD_MODELS["citation"].objects.get(key=citation.fact_key)
    assert (record.notice, record.amount, record.issued_on) == (lapsed.fact_key, 80, AFTER)
    lapsed.refresh_from_db()
    assert lapsed.state == "escalated"
    assert _current("ORG-CITATION", lapsed.fact_key).status == "met"
    assert _current("ORG-PENALTY-AMOUNTS", citation.fact_key).status == "met"
    text = subprocess.run(
        ["pdftotext", "-", "-"], input=bytes(citation.pdf), capture_output=True, check=True
    ).stdout.decode()
    text = " ".join(text.split())
    assert "Citación Administrativa" in text and "Administrative Citation" in text
    assert "Pay the penalty of $80" in text and "may not exceed $100" in text
    with pytest.raises(services.FrozenNotice):
        services.edit_draft(notice_id=citation.pk, actor="coordinator", amount=Decimal("10"))


def test_payments_and_an_unpaid_citation_past_due(lapsed):
    citation = _served_citation(lapsed)
    due = citation.deadline_on
    assert due == date(2025, 6, 9)  # 30 days from service (pack notice.citation_payment_days)
    assert not selectors.balance(citation, today=due).unpaid_past_due
    late = selectors.balance(citation, today=date(2025, 6, 10))
    assert late.unpaid_past_due and late.paid == 0
    services.record_payment(
        citation_id=citation.pk,
        actor="cashier",
        amount=Decimal("80"),
        paid_on=date(2025, 6, 12),
        method="check",
        receipt_number="R-1001",
    )
    assert not selectors.balance(citation, today=date(2025, 6, 20)).unpaid_past_due
    with pytest.raises(services.NoticeError) as refused:
        services.record_payment(
            citation_id=citation.pk,
            actor="cashier",
            amount=Decimal("1"),
            paid_on=date(2025, 6, 12),
            method="cash",
            receipt_number="R-1001",
        )
    assert "already recorded" in refused.value.problems[0]


def test_a_late_appeal_is_refused_with_the_reason(lapsed):
    citation = _served_citation(lapsed)
    with pytest.raises(services.NoticeError) as refused:
        services.file_appeal(citation_id=citation.pk, actor="clerk", filed_on=date(2025, 5, 31))
    assert "closed on 2025-05-30" in refused.value.problems[0]
    assert not citation.appeals.exists()


def test_an_appeal_heard_and_decided_moves_the_engines_findings(lapsed):
    citation = _served_citation(lapsed)
    sweep(as_of=date(2025, 5, 20), full=True)
    appeal = services.file_appeal(
        citation_id=citation.pk,
        actor="clerk",
        filed_on=date(2025, 5, 20),
        grounds="The cart was ordered.",
    )
    assert _current("ORG-APPEAL", citation.fact_key).status == "due"
    with pytest.raises(services.NoticeError):
        services.schedule_hearing(
            appeal_id=appeal.pk,
            actor="supervisor",
            hearing_officer="coordinator",
            scheduled_at=timezone.make_aware(datetime(2025, 6, 3, 10)),
        )
    user("judge", "hearing_officer")
    hearing = services.schedule_hearing(
        appeal_id=appeal.pk,
        actor="supervisor",
        hearing_officer="judge",
        scheduled_at=timezone.make_aware(datetime(2025, 6, 3, 10)),
        place="City Hall, Room 2",
    )
    signed = {"officer_name": "Rosa Delgado", "officer_title": "Hearing officer"}
    with pytest.raises(services.NoticeError) as refused:
        services.decide_hearing(
            hearing_id=hearing.pk,
            actor="supervisor",
            decision="upheld",
            decided_on=date(2025, 6, 3),
            findings="Heard.",
            reasons="Upheld.",
            **signed,
        )
    assert "only its hearing officer decides it" in refused.value.problems[0]
    sweep(as_of=date(2025, 6, 3), full=True)
    services.decide_hearing(
        hearing_id=hearing.pk,
        actor="judge",
        decision="modified",
        decided_on=date(2025, 6, 3),
        amount=Decimal("50"),
        findings="The respondent ordered a 64-gallon cart on April 28; the hauler delivered it "
        "on May 12.",
        reasons="The delay was the hauler's; the penalty is reduced to what the delay warrants.",
        **signed,
    )
    hearing.refresh_from_db()
    order = RECORD_MODELS["hearing_order"].objects.get(key=hearing.fact_key)
    assert (order.decision, order.amount) == ("modified", 50)
    assert _current("ORG-APPEAL", citation.fact_key).status == "met"
    assert "modified the penalty to $50" in english(_current("ORG-APPEAL", citation.fact_key))
    text = subprocess.run(
        ["pdftotext", "-", "-"], input=bytes(hearing.order_pdf), capture_output=True, check=True
    ).stdout.decode()
    assert "Final Written Order" in text and citation.code in text and "$50" in text
    flat = " ".join(text.split())
    assert "Rosa Delgado" in flat and "the hauler delivered it on May 12" in flat
    assert hearing.officer_title == "Hearing officer" and hearing.reasons.startswith("The delay")
    assert selectors.balance(citation, today=date(2025, 6, 20)).amount == Decimal("50")


def test_a_granted_extension_moves_the_deadline_the_engine_honours(served_nov):
    request = services.request_extension(
        notice_id=served_nov.pk,
        actor="coordinator",
        requested_on=served_nov.served_on,
        reason="permit_delay",
        explanation="Waiting for the enclosure permit.",
    )
    with pytest.raises(services.NoticeError):
        services.decide_extension(
            request_id=request.pk,
            actor="supervisor",
            granted=True,
            decided_on=served_nov.served_on,
            new_due_on=DEADLINE,
        )
    services.decide_extension(
        request_id=request.pk,
        actor="supervisor",
        granted=True,
        decided_on=served_nov.served_on,
        new_due_on=date(2025, 6, 30),
    )
    clock = _current("ORG-NOV-60-DAYS", served_nov.fact_key)
    assert (clock.status, clock.due) == ("due", "2025-06-30")
    assert "as extended" in english(clock)
    assert not selectors.proposal(served_nov, as_of=AFTER, today=AFTER).citation_due
    assert selectors.proposal(served_nov, as_of=AFTER, today=date(2025, 7, 1)).citation_due


def test_an_extension_is_asked_for_a_reason_the_ordinance_allows(served_nov):
    with pytest.raises(services.NoticeError) as refused:
        services.request_extension(
            notice_id=served_nov.pk,
            actor="coordinator",
            requested_on=served_nov.served_on,
            reason="vacation",
        )
    assert "reason" in refused.value.problems[0]
    assert finding("ORG-COM-ENROLL", "p-casa").status == "violation"


def test_a_premature_citation_is_refused_at_draft_approval_and_service_with_the_reason(lapsed):
    """As of the real day (here the deadline's, 2025-05-02), whatever day a page looks at,
    no citation is drafted, approved or served before the deadline has passed."""
    with pytest.raises(services.NoticeError) as refused:
        services.draft_citation(notice_id=lapsed.pk, actor="coordinator", today=DEADLINE)
    assert "premature" in refused.value.problems[0] and "2025-05-02" in refused.value.problems[0]
    citation = services.draft_citation(notice_id=lapsed.pk, actor="coordinator", today=AFTER)
    with pytest.raises(services.NoticeError) as refused:
        services.approve_notice(notice_id=citation.pk, actor="boss", today=DEADLINE)
    assert any("premature" in p for p in refused.value.problems), refused.value.problems
    services.approve_notice(notice_id=citation.pk, actor="boss", today=AFTER)
    with pytest.raises(services.NoticeError) as refused:  # served with a day before ripeness
        services.serve_notice(
            notice_id=citation.pk,
            actor="coordinator",
            method="personal",
            served_on=DEADLINE,
            today=AFTER,
        )
    assert any("premature" in p for p in refused.value.problems), refused.value.problems
    citation.refresh_from_db()
    assert citation.state == "approved" and not citation.served and citation.pdf is None


def test_a_second_request_for_a_citation_answers_with_the_open_one(lapsed):
    first = services.draft_citation(notice_id=lapsed.pk, actor="coordinator", today=AFTER)
    again = services.draft_citation(notice_id=lapsed.pk, actor="someone", today=AFTER)
    assert again.pk == first.pk and again.already_open
    assert lapsed.citations.count() == 1


def test_a_citation_after_compliance_or_with_no_penalty_is_refused(served_nov):
    services.record_compliance(
        notice_id=served_nov.pk, actor="coordinator", complied_on=date(2025, 4, 1)
    )
    with pytest.raises(services.NoticeError) as refused:
        services.draft_citation(notice_id=served_nov.pk, actor="coordinator", today=AFTER)
    assert "draft the citation is for a served notice (it is complied)" in refused.value.problems[0]


def _scheduled(lapsed):
    citation = _served_citation(lapsed)
    appeal = services.file_appeal(
        citation_id=citation.pk, actor="clerk", filed_on=date(2025, 5, 20)
    )
    user("judge", "hearing_officer")
    return services.schedule_hearing(
        appeal_id=appeal.pk,
        actor="supervisor",
        hearing_officer="judge",
        scheduled_at=timezone.make_aware(datetime(2025, 6, 3, 10)),
    )


def test_a_hearing_order_is_dated_on_or_after_the_hearing_with_findings_reasons_and_a_signature(
    lapsed,
):
    hearing = _scheduled(lapsed)
    with pytest.raises(services.NoticeError) as refused:
        services.decide_hearing(
            hearing_id=hearing.pk,
            actor="judge",
            decision="upheld",
            decided_on=date(2025, 5, 20),
            findings=" ",
            reasons="",
            officer_name="",
            officer_title="Hearing officer",
        )
    problems = " | ".join(refused.value.problems)
    assert "before the hearing of 2025-06-03" in problems
    assert "findings: the order states" in problems and "reasons: the order states" in problems
    assert "officer_name: the order is signed" in problems
    hearing.refresh_from_db()
    assert hearing.decision == "" and not hearing.order_pdf


def test_a_hearing_is_scheduled_before_a_hearing_officer_only(lapsed):
    citation = _served_citation(lapsed)
    appeal = services.file_appeal(
        citation_id=citation.pk, actor="clerk", filed_on=date(2025, 5, 20)
    )
    user("boss2", "supervisor")
    for who in ("boss2", "nobody"):
        with pytest.raises(services.NoticeError) as refused:
            services.schedule_hearing(
                appeal_id=appeal.pk,
                actor="supervisor",
                hearing_officer=who,
                scheduled_at=timezone.make_aware(datetime(2025, 6, 3, 10)),
            )
        assert "is not a hearing officer" in refused.value.problems[0]
