"""The pages' words for what other floors name in English: the programs' titles
(:func:`sanitas.kit.titles.program_title`) and the roles' titles and what each is for
(:data:`sanitas.access.roles.ROLES`), in the page's language.

Each table holds the English it translates; where that English is no longer the title
(a program or role renamed), the title is shown as it now reads, in English, until the
table is brought up to date (tests/web/test_languages.py holds the tables to the titles).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

#: (the English title, its translation) by program key
PROGRAMS = {
    "fog": ("FOG (fats, oils and grease)", _("FOG (fats, oils and grease)")),
    "sewer": ("Sewer permits", _("Sewer permits")),
    "solid_waste": ("Solid waste", _("Solid waste")),
    "sb1383": ("SB 1383 organic waste", _("SB 1383 organic waste")),
}

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


def program_words(key: str, english: str) -> str:
    """The program ``key``, titled ``english``, in the page's language."""
    held = PROGRAMS.get(key)
    return str(held[1]) if held is not None and held[0] == english else english


def role_title(group: str, english: str) -> str:
    """The role ``group``, titled ``english``, in the page's language."""
    held = ROLES.get(group)
    return str(held[1]) if held is not None and held[0] == english else english


def role_does(group: str, english: str) -> str:
    """What the role ``group`` is for (``english``), in the page's language."""
    held = ROLES.get(group)
    return str(held[3]) if held is not None and held[2] == english else english
