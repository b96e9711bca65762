"""The pages' words for what a lower floor names in English: the programs' titles
(:func:`sanitas.kit.titles.program_title`) in the page's language (the roles':
:mod:`sanitas.people.words`).

The table holds the English it translates; where that English is no longer the title (a
program renamed), the title is shown as it now reads, in English, until the table is
brought up to date (tests/web/test_languages.py holds the table to the titles).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

#: (the English title, its translation) by program key
PROGRAMS = {
    "fog": ("FOG (fats, oils and grease)", _("FOG (fats, oils and grease)")),
    "sewer": ("Sewer permits", _("Sewer permits")),
    "solid_waste": ("Solid waste", _("Solid waste")),
    "sb1383": ("SB 1383 organic waste", _("SB 1383 organic waste")),
}


def program_words(key: str, english: str) -> str:
    """The program ``key``, titled ``english``, in the page's language."""
    held = PROGRAMS.get(key)
    return str(held[1]) if held is not None and held[0] == english else english
