"""The notice's states as a declared table: the services refuse a transition the table
does not allow from a notice's state, whoever asks; the page offers only what the table
and the user's roles allow; and docs/notice-states.md is the table as it stands."""

from __future__ import annotations

import pytest

from sanitas.notices import flow, services
from sanitas.notices.models import Notice

from ..conftest import ROOT
from .conftest import draft, serve, user

pytestmark = pytest.mark.django_db


def test_the_docs_list_the_tables_as_they_stand():
    text = (ROOT / "docs" / "notice-states.md").read_text()
    assert flow.markdown() in text, "regenerate docs/notice-states.md from flow.markdown()"


def test_every_transition_names_a_known_permission_and_known_states():
    from sanitas.access.policy import PERMISSIONS

    for t in flow.NOTICE_TRANSITIONS.values():
        assert t.permission in PERMISSIONS, t.action
        assert set(t.sources) <= set(flow.NOTICE_STATES), t.action
        assert t.target is None or t.target in flow.NOTICE_STATES, t.action


def test_a_transition_from_a_state_the_table_does_not_start_it_from_is_refused(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    for refused in (
        lambda: services.record_compliance(
            notice_id=notice.pk, actor="coordinator", complied_on=notice.created_at.date()
        ),
        lambda: services.supersede_notice(notice_id=notice.pk, actor="coordinator", why="x"),
        lambda: services.draft_citation(notice_id=notice.pk, actor="coordinator"),
    ):
        with pytest.raises(services.NoticeError):
            refused()
    served = serve(notice)
    with pytest.raises(services.NoticeError) as again:
        services.approve_notice(notice_id=served.pk, actor="someone-else")
    assert "served" in again.value.problems[0]
    services.rescind_notice(notice_id=served.pk, actor="supervisor", why="wrong owner")
    with pytest.raises(services.NoticeError) as twice:
        services.rescind_notice(notice_id=served.pk, actor="supervisor", why="again")
    assert "it is rescinded" in twice.value.problems[0]
    assert Notice.objects.get(pk=served.pk).state == "rescinded"


def test_the_page_offers_what_the_table_and_the_role_allow(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    coordinator = user("c2", "sb1383_coordinator")
    boss = user("boss", "supervisor")
    fog = user("f2", "fog_inspector")
    auditor = user("a2", "auditor")
    mine = flow.offered(coordinator, notice)
    assert mine["edit"] and mine["serve"] and not mine["approve"] and not mine["rescind"]
    assert flow.offered(boss, notice)["approve"] and flow.offered(boss, notice)["rescind"]
    assert not any(flow.offered(fog, notice).values())  # another program's notice
    assert not any(flow.offered(auditor, notice).values())  # reads only
    served = serve(notice)
    after = flow.offered(coordinator, served)
    assert not after["edit"] and not after["serve"] and after["comply"] and after["cite"]
    assert not after["escalate"]  # the system's, never a button
