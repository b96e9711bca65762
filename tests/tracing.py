"""A tracer of the floors a path goes through (docs/architecture.md): every call, while
a path runs, from a module of one floor of sanitas/ into a module of another."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sanitas

ROOT = Path(sanitas.__file__).resolve().parent

#: the law's words, which the notices app prints with (dates, amounts, requirement
#: titles in a language): formatting, not a question of law
LANGUAGE_MODULES = {"sanitas.ordinance.messages"}
#: the city's clock (a replay of the past moves it): read by every floor, it reads no
#: record
CLOCK = {"sanitas.records.replay"}


#: the frames that wrap a call without making it (a decorator's wrapper): by file, and
#: function where the file holds more than wrappers (the access policy's door, which
#: a view is decorated with)
TRANSPARENT = {
    "/contextlib.py": None,
    "/django/db/transaction.py": None,
    "/functools.py": None,
    "/sanitas/access/doors.py": "wrapper",
}
#: plain data two floors share (a file's rows as facts, made by intake and stored by
#: the records): reading it is neither entering a floor nor climbing one
DATA = {"sanitas.records.rowfacts"}


def _transparent(frame: Any) -> bool:
    name = frame.f_code.co_filename
    for suffix, function in TRANSPARENT.items():
        if name.endswith(suffix):
            return function is None or frame.f_code.co_name == function
    return False


def _module(filename: str) -> str | None:
    path = Path(filename)
    if not path.is_absolute() or ROOT not in path.parents:
        return None
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floor(module: str) -> str:
    return module.split(".")[1]


def crossings(call: Callable[[], Any]) -> list[tuple[str, str, str]]:
    """Every call, while ``call`` runs, from a module of one floor into a module of
    another (caller's module, callee's module, callee's function), in order. Only a
    call made by Sanitas's own code counts: Django calling a middleware, a template
    tag or a model's method is Django's, whatever called Django. A decorator's
    wrapper (``TRANSPARENT``: ``transaction.atomic``) is seen through."""
    seen: list[tuple[str, str, str]] = []
    modules: dict[str, str | None] = {}

    def caller_module(frame: Any) -> str | None:
        back = frame.f_back
        while back is not None and _transparent(back):
            back = back.f_back
        if back is None:
            return None
        name = back.f_code.co_filename
        if name not in modules:
            modules[name] = _module(name)
        return modules[name]

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
        if (
            caller is not None
            and floor(caller) != floor(callee)
            and DATA.isdisjoint((caller, callee))
        ):
            seen.append((caller, callee, frame.f_code.co_name))

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return seen


def entries(seen: list[tuple[str, str, str]], down: str, into: str) -> list[tuple[str, str, str]]:
    """The calls of ``seen`` from floor ``down`` into floor ``into`` (the clock aside)."""
    return [c for c in seen if floor(c[0]) == down and floor(c[1]) == into and c[1] not in CLOCK]


def climbs(seen: list[tuple[str, str, str]], order: list[str]) -> list[tuple[str, str, str]]:
    """The calls of ``seen`` from a floor of ``order`` (top first) into one above it."""
    rank = {name: n for n, name in enumerate(order)}
    return [
        c
        for c in seen
        if floor(c[0]) in rank and floor(c[1]) in rank and rank[floor(c[1])] < rank[floor(c[0])]
    ]
