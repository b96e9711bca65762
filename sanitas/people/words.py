"""The roles' titles and what each is for (:data:`sanitas.access.roles.ROLES`) in the
page's (or the e-mail's) language.

The table holds the English it translates; where that English is no longer the role's
(a role renamed), the title is shown as it now reads, in English, until the table is
brought up to date (tests/web/test_languages.py holds the table to the roles).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sanitas.access.roles import ROLES as ROLE_DEFINITIONS

#: (the English title, its translation, the English of what it does, its translation)
#: by role (group name)
ROLES = {
    "fog_inspector": (
        "FOG inspector",
        _("FOG inspector"),
        "grease interceptors and traps, pump-outs, trainings and FOG inspections",
        _("grease interceptors and traps, pump-outs, trainings and FOG inspections"),
    ),
    "permit_clerk": (
        "Permit clerk",
        _("Permit clerk"),
        "house-connection and special sewer permits, designs, tests and inspections",
        _("house-connection and special sewer permits, designs, tests and inspections"),
    ),
    "sb1383_coordinator": (
        "SB 1383 coordinator",
        _("SB 1383 coordinator"),
        "Chapter 50 organics: collection services, waivers, edible food recovery",
        _("Chapter 50 organics: collection services, waivers, edible food recovery"),
    ),
    "code_enforcement": (
        "Code enforcement officer",
        _("Code enforcement officer"),
        "solid-waste storage, accumulation and set-out",
        _("solid-waste storage, accumulation and set-out"),
    ),
    "supervisor": (
        "Supervisor",
        pgettext_lazy("role", "Supervisor"),
        "every program's work; approves notices and citations; manages staff accounts",
        _("every program's work; approves notices and citations; manages staff accounts"),
    ),
    "hearing_officer": (
        "Hearing officer",
        _("Hearing officer"),
        "hears the appeals assigned to them and issues the final written orders",
        _("hears the appeals assigned to them and issues the final written orders"),
    ),
    "auditor": (
        "Auditor",
        _("Auditor"),
        "reads every page, export and the audit; changes nothing",
        _("reads every page, export and the audit; changes nothing"),
    ),
}


def role_title(group: str, english: str) -> str:
    """The role ``group``, titled ``english``, in the page's language."""
    held = ROLES.get(group)
    return str(held[1]) if held is not None and held[0] == english else english


def role_does(group: str, english: str) -> str:
    """What the role ``group`` is for (``english``), in the page's language."""
    held = ROLES.get(group)
    return str(held[3]) if held is not None and held[2] == english else english


def role_titles(groups: Iterable[str]) -> list[str]:
    """The titles of the roles among ``groups``, in the order of
    :data:`sanitas.access.roles.ROLES`, in the page's language."""
    held = set(groups)
    return [role_title(g, role.title) for g, role in ROLE_DEFINITIONS.items() if g in held]


def roles_words(groups: Iterable[str]) -> str:
    """The roles among ``groups`` in words, in the page's language ("no role": none)."""
    return ", ".join(role_titles(groups)) or _now("no role")
