"""YAML reading for facts files and rule packs.

Dates stay strings until the fact vocabulary parses them, so that an impossible
date (2025-02-30) is reported against its fact and field rather than failing in
the parser; and only ``true``/``false`` are booleans (YAML 1.2), so that a
value such as ``on``, ``yes`` or ``no`` is never silently read as one.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class FactsLoader(_Base):  # type: ignore[misc, valid-type]
    """Safe loader with the YAML 1.2 core booleans and no implicit timestamps."""


FactsLoader.yaml_implicit_resolvers = {
    first: [
        (tag, regexp)
        for tag, regexp in resolvers
        if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")
    ]
    for first, resolvers in _Base.yaml_implicit_resolvers.items()
}
FactsLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


def load_yaml(text: str) -> Any:
    """Parse YAML text; a syntax error becomes a ``ValueError`` naming line and column."""
    try:
        return yaml.load(text, Loader=FactsLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise ValueError(f"not valid YAML: {where}{exc.problem}") from None
    except yaml.YAMLError as exc:
        raise ValueError(f"not valid YAML: {exc}") from None
