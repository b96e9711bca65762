"""Helpers the area test files share: bad-input problems, restated rule packs,
evaluations and what to read from them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from typing import Any

import pytest

from sanitas.ordinance.document import parse_document
from sanitas.ordinance.engine import (
    Context,
    Evaluation,
    FactIndex,
    Finding,
    evaluate_facts,
    visible,
)
from sanitas.ordinance.facts import FactsError, parse_facts
from sanitas.ordinance.pack import RulePack, load_pack

# --------------------------------------------------------------------------- bad input


def problems_in(facts: list[dict[str, Any]]) -> list[str]:
    """What ``parse_facts`` reports of facts it must refuse."""
    with pytest.raises(FactsError) as caught:
        parse_facts(facts)
    return caught.value.problems


def problems(*facts: dict[str, Any], base: Iterable[dict[str, Any]] = ()) -> list[str]:
    """The problems of ``facts`` given after the ``base`` facts they refer to."""
    return problems_in([*base, *facts])


def one_problem(*facts: dict[str, Any], base: Iterable[dict[str, Any]] = ()) -> str:
    found = problems(*facts, base=base)
    assert len(found) == 1, found
    return found[0]


# --------------------------------------------------------------------------- rule packs


def restated(values: dict[str, Any], since: date | None = date(2000, 1, 1)) -> RulePack:
    """The San Gabriel pack with some parameters (by full name) given another value
    from ``since``, or, with ``since`` None, from the day their first value took effect."""
    pack = load_pack()
    parameters = dict(pack.parameters)
    for name, value in values.items():
        old = pack.param(name)
        start = old.values[0][0] if since is None else since
        parameters[name] = replace(old, values=((start, value),))
    return replace(pack, parameters=parameters, _cache={})


def overridden(**values: Any) -> RulePack:
    """The San Gabriel pack with some parameters replaced from 2000-01-01."""
    return restated(values)


def with_params(**values: Any) -> RulePack:
    """The San Gabriel pack with some parameters (``sew_x`` for ``sew.x``) restated from
    1900-01-01."""
    return restated({k.replace("_", ".", 1): v for k, v in values.items()}, date(1900, 1, 1))


# --------------------------------------------------------------------------- evaluations


def evaluate(facts: list[dict[str, Any]], as_of: str, pack: RulePack | None = None) -> Evaluation:
    """A facts document of ``facts`` evaluated as of ``as_of``."""
    return parse_document({"as_of": as_of, "facts": facts}).evaluate(pack=pack)


def evaluate_raw(
    facts: list[dict[str, Any]],
    as_of: date | str,
    pack: RulePack | None = None,
    **options: Any,
) -> Evaluation:
    """``evaluate_facts`` of raw facts as of a date (or its ISO text)."""
    if isinstance(as_of, str):
        as_of = date.fromisoformat(as_of)
    return evaluate_facts(parse_facts(facts), as_of=as_of, pack=pack or load_pack(), **options)


def context(
    facts: list[dict[str, Any]],
    as_of: date,
    pack: RulePack | None = None,
    *,
    hide_later: bool = True,
) -> Context:
    """The context a rule sees; with ``hide_later`` False it keeps facts dated after
    ``as_of`` too."""
    pack = pack or load_pack()
    parsed = parse_facts(facts)
    index = FactIndex(visible(parsed, as_of) if hide_later else parsed)
    return Context(facts=index, as_of=as_of, pack=pack, calendar=pack.calendar())


def findings(evaluation: Evaluation, requirement: str, subject: str) -> list[Finding]:
    return [f for f in evaluation.findings if f.requirement == requirement and f.subject == subject]


def statuses(evaluation: Evaluation, requirement: str, subject: str) -> list[str]:
    return [f.status for f in findings(evaluation, requirement, subject)]


def explanation(evaluation: Evaluation, requirement: str, subject: str) -> str:
    (found,) = findings(evaluation, requirement, subject)
    return found.explanation


def derived(evaluation: Evaluation, name: str, subject: str) -> Any:
    (value,) = [d.value for d in evaluation.derived if d.name == name and d.subject == subject]
    return value
