"""The demo city's enforcement in the notices app: every notice and citation it holds
is a notice drafted, approved, served and followed up through the notices services on
its own day, and the stages of an SB 1383 case stand ready for a newcomer to follow.

The demo is the run's copy of it (``demo_city``: loaded once per run as of a day in the
past, so that its hearing "in the coming weeks" has a day), put back for the module.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from sanitas.demo import DemoCity, demo_account, load_demo, program_account
from sanitas.notices import services
from sanitas.notices.models import (
    SERVED_STATES,
    Appeal,
    ExtensionRequest,
    Hearing,
    Notice,
    NoticeEvent,
    Payment,
)
from sanitas.ordinance.document import parse_document
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex
from sanitas.records.sweep import export_facts

from ..conftest import DEMO_AS_OF

pytestmark = pytest.mark.django_db

AS_OF = DEMO_AS_OF
#: the engine facts the notices services record
ENFORCEMENT_TYPES = (
    "notice",
    "citation",
    "correction",
    "extension",
    "appeal_request",
    "hearing_order",
)


@pytest.fixture
def demo(demo_city):
    """The demo city as of 2026-06-15, a copy for the module, its sign-ins in a data
    directory of the run's own (tests/conftest.py)."""
    return demo_city


@pytest.fixture(scope="module")
def city():
    city = DemoCity(as_of=AS_OF)
    city.facts()
    return city


def _local_day(moment) -> date:
    return timezone.localtime(moment).date()


def _case_keys(city: DemoCity) -> dict[str, str]:
    """Each engine fact the notices services recorded for the demo's cases, by its key,
    to the name the demo's document gives it."""
    out: dict[str, str] = {}
    for case in city.enforcement():
        notice = Notice.objects.get(kind=case.kind, subject=case.subject, served_on=case.served_on)
        out[notice.fact_key] = case.key
        for request in notice.extensions.all():
            out[request.fact_key] = f"{case.key}-extension"
        correction = RECORD_MODELS["correction"].objects.filter(notice=notice.fact_key).first()
        if correction is not None:
            out[correction.key] = f"{case.key}-corrected"
        for citation in notice.citations.all():
            out[citation.fact_key] = f"{case.key}-citation"
            for appeal in citation.appeals.all():
                out[appeal.fact_key] = f"{case.key}-citation-appeal"
                if hasattr(appeal, "hearing") and appeal.hearing.fact_key:
                    out[appeal.hearing.fact_key] = f"{case.key}-citation-order"
    return out


def _renamed(fact: dict, names: dict[str, str]) -> dict:
    """``fact`` with the keys it names renamed, its own too (a compliance is recorded
    without one: it is named by what it says)."""
    renamed = {k: names.get(v, v) if isinstance(v, str) else v for k, v in fact.items()}
    if fact["type"] == "correction":
        renamed["id"] = f"{renamed['notice']}-corrected"
    return renamed


# --------------------------------------------------------------------------- the notices


def test_every_notice_and_citation_of_the_demo_is_a_served_notice(demo, city):
    assert demo.refused == []
    served = Notice.objects.filter(state__in=SERVED_STATES)
    assert Notice.objects.count() == served.count() == demo.served > 40
    # no notice or citation the engine knows but the notices app's
    for fact_type in ("notice", "citation"):
        keys = set(RECORD_MODELS[fact_type].objects.values_list("key", flat=True))
        assert keys == set(served.filter(fact_key__in=keys).values_list("fact_key", flat=True))
        assert keys
    assert RecordIndex.objects.count() == demo.facts + demo.enforcement_records
    assert {n.kind for n in served} == {
        "sb1383_nov",
        "contamination",
        "fog_noncompliance",
        "citation",
    }
    supervisor = demo_account("supervisor")
    for notice in served:
        program = program_account("sb1383" if notice.kind != "fog_noncompliance" else "fog")
        assert notice.created_by == notice.served_by == program, notice.code
        assert notice.pdf and notice.pdf_sha256 and notice.content_sha256, notice.code
        assert notice.facts_snapshot and notice.content_snapshot["fact"]["id"] == notice.fact_key
        assert notice.served_on <= AS_OF and _local_day(notice.served_at) == notice.served_on
        if services.requires_approval(notice.kind, notice.served_on):
            assert notice.approved_by == supervisor, notice.code
        # its timeline, on the day it was served, before the demo's date
        events = list(notice.events.order_by("at", "pk"))
        assert [e.action for e in events][: 2 + bool(notice.approved_by)] == (
            ["drafted", "approved", "served"] if notice.approved_by else ["drafted", "served"]
        )
        assert {_local_day(e.at) for e in events[:3]} == {notice.served_on}
        assert all(_local_day(e.at) <= AS_OF for e in events)
        # its engine fact, known to the city from the day it was served
        fact_type = "citation" if notice.kind == "citation" else "notice"
        record = RECORD_MODELS[fact_type].objects.get(key=notice.fact_key)
        assert _local_day(record.recorded_at) == notice.served_on
        assert record.recorded_by == program


def test_the_served_facts_say_what_the_demo_document_says(demo, city):
    """The engine facts recorded through the notices services are the document's (as
    the city served it), and so are the findings: the database, swept as of the demo's
    date, finds what the engine finds in the demo's document."""
    names = _case_keys(city)
    exported = export_facts(as_of=AS_OF)
    stored = sorted(
        (_renamed(f, names) for f in exported["facts"] if f["type"] in ENFORCEMENT_TYPES),
        key=lambda f: f["id"],
    )
    document = city.document()
    planned = sorted(
        (f for f in document["facts"] if f["type"] in ENFORCEMENT_TYPES),
        key=lambda f: f["id"],
    )
    assert stored == planned

    evaluation = parse_document(document).evaluate()
    engine = sorted(
        (f.requirement, f.subject, f.period or "", f.status) for f in evaluation.findings
    )
    found = sorted(
        (requirement, names.get(subject, subject), period, status)
        for requirement, subject, period, status in Finding.objects.filter(
            current=True
        ).values_list("requirement", "subject", "period", "status")
    )
    assert found == engine


def test_the_stages_of_an_sb1383_case_from_finding_to_hearing(demo):
    novs = Notice.objects.filter(kind="sb1383_nov")
    citations = Notice.objects.filter(kind="citation", state="served")
    # served, within its deadline
    assert novs.filter(state="served", deadline_on__gt=AS_OF, citations=None).exists()
    # past its deadline, uncorrected: a citation is ripe to propose, and proposed none yet
    ripe = [
        n
        for n in novs.filter(state="served", deadline_on__lt=AS_OF, citations=None)
        if services.citation_problems(n, on=AS_OF) == []
    ]
    assert ripe
    # an extension denied on one of them, one granted and complied with by the new deadline
    assert ExtensionRequest.objects.filter(state="denied", notice__in=ripe).exists()
    granted = ExtensionRequest.objects.get(state="granted")
    assert granted.notice.state == "complied" and granted.new_due_on > granted.notice.served_on
    complied_on = RECORD_MODELS["correction"].objects.get(notice=granted.notice.fact_key).date
    assert granted.notice.deadline_on < complied_on <= granted.new_due_on
    # a citation served, unpaid and not appealed
    assert citations.filter(payments=None, appeals=None).exists()
    for citation in citations:
        assert citation.cites_notice.state == "escalated"
        assert citation.amount == Decimal(citation.content_snapshot["ceiling"]) > 0
        assert citation.served_on > citation.cites_notice.deadline_on
    # one appealed, its hearing set in the coming weeks before the hearing officer
    officer = demo_account("hearing_officer")
    coming = Hearing.objects.get(decision="")
    assert coming.hearing_officer == officer and coming.appeal.state == "scheduled"
    held_on = _local_day(coming.scheduled_at)
    assert AS_OF < held_on <= AS_OF + timedelta(weeks=6)
    # one decided: the final written order, signed by the officer's full name
    decided = Hearing.objects.exclude(decision="").get()
    person = get_user_model().objects.get(username=officer)
    assert decided.officer_name == person.get_full_name() and " " in decided.officer_name
    assert decided.findings and decided.reasons and bytes(decided.order_pdf)
    assert _local_day(decided.scheduled_at) <= decided.decided_on <= AS_OF
    assert decided.appeal.state == "decided"
    assert Payment.objects.filter(citation=decided.appeal.citation).exists()
    # and a FOG notice of noncompliance for an interceptor above 25 percent: immediately
    over = Notice.objects.filter(kind="fog_noncompliance", requirement="FOG-25-PERCENT")
    assert over.exists()
    for notice in over:
        assert notice.deadline_on == notice.served_on + timedelta(days=1)


def test_the_notices_pages_list_the_demos_notices(demo, client):
    client.force_login(get_user_model().objects.get(username=demo_account("supervisor")))
    listed = client.get(reverse("notices:list"))
    assert listed.status_code == 200
    page = listed.content.decode()
    first = Notice.objects.order_by("-created_at", "-id")[:50]
    for notice in first:
        assert notice.code in page
    assert "escalated" in page and "complied" in page and "served" in page

    decided = Hearing.objects.exclude(decision="").get()
    citation = decided.appeal.citation
    shown = client.get(reverse("notices:detail", args=[citation.pk])).content.decode()
    payment = citation.payments.get()
    assert payment.receipt_number in shown and "Hearing requested" in shown
    assert decided.officer_name in shown and "upheld" in shown

    extended = ExtensionRequest.objects.get(state="granted").notice
    shown = client.get(reverse("notices:detail", args=[extended.pk])).content.decode()
    assert "Extension requests" in shown and "granted" in shown


def test_the_hearing_officer_sees_their_hearings(demo, client):
    officer = get_user_model().objects.get(username=demo_account("hearing_officer"))
    client.force_login(officer)
    page = client.get(reverse("notices:hearings"))
    assert page.status_code == 200
    content = page.content.decode()
    for hearing in Hearing.objects.all():
        assert hearing.appeal.citation.code in content
    # and reads the citation they hear
    coming = Hearing.objects.get(decision="")
    shown = client.get(reverse("notices:detail", args=[coming.appeal.citation.pk]))
    assert shown.status_code == 200


def test_loading_the_demo_again_changes_no_notice(demo):
    counts = [
        m.objects.count()
        for m in (Notice, NoticeEvent, Payment, ExtensionRequest, Appeal, Hearing, RecordIndex)
    ]
    findings = list(Finding.objects.order_by("pk").values_list("pk", "status", "updated_at"))
    again = load_demo(as_of=AS_OF)
    assert (again.acts, again.served, again.enforcement_records, again.refused) == (0, 0, 0, [])
    assert [
        m.objects.count()
        for m in (Notice, NoticeEvent, Payment, ExtensionRequest, Appeal, Hearing, RecordIndex)
    ] == counts
    assert list(Finding.objects.order_by("pk").values_list("pk", "status", "updated_at")) == (
        findings
    )
