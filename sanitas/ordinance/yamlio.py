"""YAML reading for facts files and rule packs.

Dates stay strings until the fact vocabulary parses them, so that an impossible
date (2025-02-30) is reported against its fact and field rather than failing in
the parser; and only ``true``/``false`` are booleans (YAML 1.2), so that a
value such as ``on``, ``yes`` or ``no`` is never silently read as one.

A facts file is data from outside, so what would let a small file grow into a
huge one is refused, naming the line: anchors repeated by aliases (``&a`` …
``*a``) and merge keys (``<<: *a``), with which a file of a few hundred bytes
nests aliases into billions of values (a "billion laughs"), and whole numbers
written with more digits than any number of the vocabulary holds. libyaml itself
refuses nesting deeper than 1,000 levels. A number written with underscores
(``1_000``, which YAML 1.1 reads as 1000) stays text, which the vocabulary refuses
where a number belongs, naming the fact and the field.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


#: more digits than this in a whole number is beyond any value of the vocabulary
MAX_INT_DIGITS = 40


class RefusedYAML(yaml.MarkedYAMLError):
    """YAML that is well formed but not accepted in a facts file."""


class FactsLoader(_Base):  # type: ignore[misc, valid-type]
    """Safe loader with the YAML 1.2 core booleans and no implicit timestamps,
    which takes no aliases, no merge keys and no overlong whole numbers, and reads
    no number written with underscores."""

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        # every node is built once; a node met again is one an alias repeats
        if node in self.constructed_objects or node in self.recursive_objects:
            raise RefusedYAML(
                problem="a value anchored with & is repeated by an alias (*): facts files "
                "take no aliases; write the value out where it is needed",
                problem_mark=node.start_mark,
            )
        return super().construct_object(node, deep)

    def flatten_mapping(self, node: Any) -> None:
        for key_node, _value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise RefusedYAML(
                    problem="a merge key (<<) copies another mapping: facts files take "
                    "no merge keys; write the fields out",
                    problem_mark=key_node.start_mark,
                )
        super().flatten_mapping(node)

    def construct_yaml_int(self, node: Any) -> int | str:
        if "_" in str(node.value):
            return self.construct_scalar(node)  # 1_000 stays text (see the docstring)
        digits = sum(c.isalnum() for c in str(node.value))
        if digits > MAX_INT_DIGITS:
            raise RefusedYAML(
                problem=f"a whole number of {digits:,} digits is beyond any number a facts "
                "file holds",
                problem_mark=node.start_mark,
            )
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node: Any) -> float | str:
        if "_" in str(node.value):
            return self.construct_scalar(node)  # 1_000 stays text (see the docstring)
        return super().construct_yaml_float(node)


FactsLoader.add_constructor("tag:yaml.org,2002:int", FactsLoader.construct_yaml_int)
FactsLoader.add_constructor("tag:yaml.org,2002:float", FactsLoader.construct_yaml_float)


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
    except RefusedYAML as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise ValueError(f"{where}{exc.problem}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise ValueError(f"not valid YAML: {where}{exc.problem}") from None
    except yaml.YAMLError as exc:
        raise ValueError(f"not valid YAML: {exc}") from None
    except RecursionError:  # the pure-Python parser, where libyaml is missing
        raise ValueError("not valid YAML: nested too deeply") from None
