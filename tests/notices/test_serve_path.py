"""A notice's service goes down the floors once (docs/architecture.md, "A notice's
service"): the notices app calls the records floor once, and only the records floor
asks the law; the app never reads the records or asks the law beside that call. A
tracer records every call that crosses from one floor's module to another's while a
notice of violation is approved, then served."""

from __future__ import annotations

import pytest

from sanitas.notices import services
from sanitas.records.models import RECORD_MODELS

from ..tracing import LANGUAGE_MODULES, climbs, crossings, entries, floor
from .conftest import AS_OF, draft

pytestmark = pytest.mark.django_db


def test_service_enters_the_records_once_and_only_the_records_ask_the_law(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    services.approve_notice(notice_id=notice.pk, actor="supervisor")
    seen = crossings(
        lambda: services.serve_notice(
            notice_id=notice.pk, actor="coordinator", method="personal", served_on=AS_OF
        )
    )
    # the app calls the records floor once: the service of the document
    assert [c[2] for c in entries(seen, "notices", "records")] == ["serve_document"], seen
    # the law is asked by the records only; the app prints with the law's words alone
    asked = [c for c in entries(seen, "notices", "ordinance") if c[1] not in LANGUAGE_MODULES]
    assert asked == [], asked
    for shared in ("kit", "access"):
        below = [c for c in seen if floor(c[0]) == shared and floor(c[1]) == "records"]
        assert below == [], below
    assert {c[2] for c in entries(seen, "records", "ordinance")} >= {
        "notice_document",
        "evaluate_facts",
    }
    # nothing climbs: no floor below the app calls back up into it
    assert climbs(seen, ["notices", "kit", "access", "records", "ordinance"]) == []
    # and the service did what it does
    notice.refresh_from_db()
    assert notice.state == "served"
    assert RECORD_MODELS["notice"].objects.filter(key=notice.fact_key).exists()


def test_a_refused_service_writes_nothing_and_says_why(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")  # not approved: the pack asks it
    before = RECORD_MODELS["notice"].objects.count()
    seen: list = []
    with pytest.raises(services.NoticeError) as refused:
        seen = crossings(
            lambda: services.serve_notice(
                notice_id=notice.pk, actor="coordinator", method="personal", served_on=AS_OF
            )
        )
    assert refused.value.problems == [
        f"notice {notice.code}: a Notice of Violation is approved by a supervisor before it "
        "is served"
    ]
    assert RECORD_MODELS["notice"].objects.count() == before
    notice.refresh_from_db()
    assert notice.state == "draft" and not seen


def test_the_tracer_sees_a_climb_when_there_is_one(city):
    """The tracer is no blind witness: the app's own reading of a notice's referral
    (the records read, then the law asked by the app itself) shows as both."""
    notice = draft("ORG-COM-ENROLL", "p-casa")
    seen = crossings(lambda: services.referral_findings(notice, as_of=AS_OF))
    assert {c[2] for c in entries(seen, "notices", "records")} >= {
        "evaluation_facts",
        "jurisdiction_pack",
    }
    assert any(c[2] == "evaluate_facts" for c in entries(seen, "notices", "ordinance"))


def test_a_correction_served_voids_the_one_it_supersedes_in_the_same_one_call(served_nov):
    new = services.supersede_notice(notice_id=served_nov.pk, actor="coordinator", why="typo")
    services.approve_notice(notice_id=new.pk, actor="supervisor")
    seen = crossings(
        lambda: services.serve_notice(
            notice_id=new.pk, actor="coordinator", method="personal", served_on=AS_OF
        )
    )
    assert [c[2] for c in entries(seen, "notices", "records")] == ["serve_document"], seen
    old = RECORD_MODELS["notice"].objects.get(key=served_nov.fact_key)
    assert old.voided_at is not None and old.voided_why == f"superseded by {new.kind} {new.code}"
    served_nov.refresh_from_db()
    assert served_nov.state == "superseded"
