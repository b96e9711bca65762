"""What other apps' pages ask of inspections: may this person start a visit here."""

from __future__ import annotations

from typing import Any

from django import template

from sanitas.casework.inspection import VISIT_KINDS
from sanitas.casework.services import may_inspect

register = template.Library()


@register.simple_tag
def inspection_kinds(user: Any, fact_type: str) -> list[str]:
    """The titles of the visits ``user`` may make of a record of ``fact_type``."""
    return [
        kind.title
        for kind in VISIT_KINDS.values()
        if fact_type in kind.subject_types and may_inspect(user, kind.slug)
    ]
