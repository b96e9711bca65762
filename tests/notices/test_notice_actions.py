"""Every action that moves a notice to another state, from a declaration of its data:
offered on the notice's page to the role that takes it and to no other, refused to
the others with the notice left as it was, and taken by its role, the notice moving
on (the tests: ``tests/generic.py``'s ``NoticeActionTests``; the city is this folder's
conftest's). The first test fails while such an action of the notices' table has no
declaration."""

from __future__ import annotations

from sanitas.notices.flow import NOTICE_TRANSITIONS

from ..generic import NoticeActionTests
from .conftest import AS_OF, FACTS

#: Casa Verde's premises is short of organics service: a Notice of Violation, which
#: a supervisor approves before it is served
NOV = ("ORG-COM-ENROLL", "p-casa")


def test_every_action_that_moves_a_notice_on_is_declared():
    moving = {
        t.action
        for t in NOTICE_TRANSITIONS.values()
        if t.by_hand and t.target is not None and t.target not in t.sources
    }
    declared = set(NoticeActionTests.declared)
    assert sorted(moving - declared) == [], "declare these notice actions here"
    assert sorted(declared - moving) == [], "no such actions move a notice on"


class TestApprove(NoticeActionTests):
    action = "approve"
    facts = FACTS
    as_of = AS_OF
    finding = NOV
    role = "supervisor"
    refused = ("sb1383_coordinator", "auditor", "fog_inspector")
    before, after = "draft", "approved"


class TestServe(NoticeActionTests):
    action = "serve"
    facts = FACTS
    as_of = AS_OF
    finding = NOV
    steps = ("approve",)
    posted = {"method": "personal", "served_on": AS_OF.isoformat()}
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector", "hearing_officer")
    before, after = "approved", "served"


class TestComply(NoticeActionTests):
    action = "comply"
    facts = FACTS
    as_of = AS_OF
    finding = NOV
    steps = ("approve", "serve")
    posted = {"comply-complied_on": "2025-03-20", "comply-why": "organics service started"}
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector", "permit_clerk")
    before, after = "served", "complied"


class TestRescind(NoticeActionTests):
    action = "rescind"
    facts = FACTS
    as_of = AS_OF
    finding = NOV
    steps = ("approve", "serve")
    posted = {"rescind-why": "served on the wrong owner"}
    role = "supervisor"
    refused = ("sb1383_coordinator", "auditor")
    before, after = "served", "rescinded"
