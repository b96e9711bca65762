"""A notice's service goes down the floors once (docs/architecture.md, "A notice's
service"): the notices app calls the records floor once, and only the records floor
asks the law; the app never reads the records or asks the law beside that call. A
tracer records every call that crosses from one floor's module to another's while a
notice of violation is approved, then served."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sanitas
from sanitas.notices import services
from sanitas.records.models import RECORD_MODELS

from .conftest import AS_OF, draft

pytestmark = pytest.mark.django_db

ROOT = Path(sanitas.__file__).resolve().parent

#: the law's words, which the notices app prints with (dates, amounts, requirement
#: titles in a language): formatting, not a question of law
LANGUAGE_MODULES = {"sanitas.ordinance.messages"}
#: the city's clock (a replay of the past moves it): read by every floor, it reads no
#: record
CLOCK = {"sanitas.records.replay"}


def _module(filename: str) -> str | None:
    path = Path(filename)
    if not path.is_absolute() or ROOT not in path.parents:
        return None
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _floor(module: str) -> str:
    return module.split(".")[1]


def crossings(call: Callable[[], Any]) -> list[tuple[str, str, str]]:
    """Every call, while ``call`` runs, from a module of one floor into a module of
    another (caller's module, callee's module, callee's function), in order. A call
    made from outside Sanitas (Django, a library) counts from the nearest Sanitas frame
    below it."""
    seen: list[tuple[str, str, str]] = []
    modules: dict[str, str | None] = {}

    def caller_module(frame: Any) -> str | None:
        frame = frame.f_back
        while frame is not None:
            name = frame.f_code.co_filename
            if name not in modules:
                modules[name] = _module(name)
            if modules[name] is not None:
                return modules[name]
            frame = frame.f_back
        return None

    def profile(frame: Any, event: str, _arg: Any) -> None:
        if event != "call" or frame.f_code.co_name == "<module>":  # imports: lint-imports'
            return
        name = frame.f_code.co_filename
        if name not in modules:
            modules[name] = _module(name)
        callee = modules[name]
        if callee is None:
            return
        caller = caller_module(frame)
        if caller is not None and _floor(caller) != _floor(callee):
            seen.append((caller, callee, frame.f_code.co_name))

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return seen


def _entries(seen: list[tuple[str, str, str]], down: str, into: str) -> list[tuple[str, str, str]]:
    return [c for c in seen if _floor(c[0]) == down and _floor(c[1]) == into and c[1] not in CLOCK]


def test_service_enters_the_records_once_and_only_the_records_ask_the_law(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    services.approve_notice(notice_id=notice.pk, actor="supervisor")
    seen = crossings(
        lambda: services.serve_notice(
            notice_id=notice.pk, actor="coordinator", method="personal", served_on=AS_OF
        )
    )
    # the app calls the records floor once: the service of the document
    assert [c[2] for c in _entries(seen, "notices", "records")] == ["serve_document"], seen
    # the law is asked by the records only; the app prints with the law's words alone
    asked = [c for c in _entries(seen, "notices", "ordinance") if c[1] not in LANGUAGE_MODULES]
    assert asked == [], asked
    for shared in ("kit", "access"):
        below = [c for c in seen if _floor(c[0]) == shared and _floor(c[1]) == "records"]
        assert below == [], below
    assert {c[2] for c in _entries(seen, "records", "ordinance")} >= {
        "notice_document",
        "evaluate_facts",
    }
    # nothing climbs: no floor below the app calls back up into it
    assert [c for c in seen if _floor(c[1]) == "notices" and _floor(c[0]) != "notices"] == []
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
    assert {c[2] for c in _entries(seen, "notices", "records")} >= {
        "evaluation_facts",
        "jurisdiction_pack",
    }
    assert any(c[2] == "evaluate_facts" for c in _entries(seen, "notices", "ordinance"))


def test_a_correction_served_voids_the_one_it_supersedes_in_the_same_one_call(served_nov):
    new = services.supersede_notice(notice_id=served_nov.pk, actor="coordinator", why="typo")
    services.approve_notice(notice_id=new.pk, actor="supervisor")
    seen = crossings(
        lambda: services.serve_notice(
            notice_id=new.pk, actor="coordinator", method="personal", served_on=AS_OF
        )
    )
    assert [c[2] for c in _entries(seen, "notices", "records")] == ["serve_document"], seen
    old = RECORD_MODELS["notice"].objects.get(key=served_nov.fact_key)
    assert old.voided_at is not None and old.voided_why == f"superseded by {new.kind} {new.code}"
    served_nov.refresh_from_db()
    assert served_nov.state == "superseded"
