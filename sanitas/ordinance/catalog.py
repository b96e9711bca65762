"""The requirement catalog: every provision of the ordinance the system acts on.

``requirements.md`` (shipped beside this module, identical to the project's
specification) breaks Chapters 50 and 51 into requirement IDs. The ID is the
contract: rules, findings, notices and reports name it, and the cite printed on
a finding comes from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CATALOG_FILE = Path(__file__).parent / "requirements.md"
_ROW = re.compile(r"^\|\s*([A-Z]+(?:-[A-Z0-9]+)+)\s*\|(.*)\|\s*$")


@dataclass(frozen=True)
class Requirement:
    id: str
    cite: str
    provision: str
    system: str
    area: str

    @property
    def computable(self) -> bool:
        """Whether the System column asks for a rule (compute or validate)."""
        system = self.system.lower()
        return "compute" in system or "validate" in system


def parse_catalog(text: str) -> dict[str, Requirement]:
    requirements: dict[str, Requirement] = {}
    for line in text.splitlines():
        match = _ROW.match(line)
        if not match:
            continue
        cells = [cell.strip() for cell in match.group(2).split("|")]
        if len(cells) < 3:
            continue
        ident = match.group(1)
        requirements[ident] = Requirement(
            id=ident,
            cite=cells[0],
            provision=cells[1],
            system=cells[2],
            area=ident.split("-", 1)[0],
        )
    return requirements


@cache
def catalog() -> dict[str, Requirement]:
    return parse_catalog(CATALOG_FILE.read_text(encoding="utf-8"))


def cite(requirement: str) -> str:
    return catalog()[requirement].cite
