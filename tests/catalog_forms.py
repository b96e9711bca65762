"""Every form a declared message takes in the two translated catalogs, for the tests
that hold an area's translations to the glossary and their placeholders."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sanitas.ordinance.messages import translations


def catalog_forms(templates: list[Any]) -> Iterator[tuple[str, Any, str, str]]:
    """(language, template, English, translation) of each of ``templates`` in Spanish
    and Traditional Chinese: the one form, or the singular and the plural."""
    for language in ("es", "zh-Hant"):
        catalog = translations(language)
        for template in templates:
            if template.plural is None:
                yield (
                    language,
                    template,
                    template.english,
                    catalog.pgettext(template.id, template.english),
                )
                continue
            for english, n in ((template.english, 1), (template.plural, 2)):
                text = catalog.npgettext(template.id, template.english, template.plural, n)
                yield language, template, english, text
