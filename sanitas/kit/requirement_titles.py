"""Requirement titles in the reader's language: gettext catalogs beside the English.

The English title of every requirement is ``sanitas/ordinance/titles.yaml``. Its
Spanish and Traditional Chinese are
``sanitas/ordinance/locale/<es|zh_Hant>/LC_MESSAGES/titles.po``: one entry a
requirement, its context (``msgctxt``) the requirement's ID, its ``msgid`` the English
title it translates. A translation is used only while the English it translates is
still the title: a title reworded in ``titles.yaml`` prints in English until its
translation is reviewed again (:func:`write_catalogs` keeps the old one, marked fuzzy,
for the translator).

``python -m sanitas.kit.requirement_titles`` rewrites the catalogs from ``titles.yaml``,
keeping every translation they hold.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from sanitas.ordinance.catalog import title as catalog_title
from sanitas.ordinance.catalog import titles
from sanitas.ordinance.messages import LOCALE_DIR, LOCALES

DOMAIN = "titles"


def po_path(language: str) -> Path:
    try:
        locale = LOCALES[language]
    except KeyError:
        raise KeyError(f"no catalog of requirement titles in {language!r}") from None
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(language: str) -> Any:
    """The catalog file of ``language`` as Babel reads it; None when not written yet."""
    from babel.messages.pofile import read_po

    path = po_path(language)
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=LOCALES[language], domain=DOMAIN)


@cache
def entries(language: str) -> dict[str, tuple[str, str, bool]]:
    """The catalog of ``language`` as (English, translation, fuzzy) by requirement ID,
    read once; empty when the catalog is not written yet."""
    catalog = _read(language)
    if catalog is None:
        return {}
    previous = _previous_ids(po_path(language))
    out = {}
    for message in catalog:
        if not message.id or not message.context:
            continue
        # a fuzzy entry translates the English it was reviewed for (its previous msgid)
        source = previous.get(message.context, message.id) if message.fuzzy else message.id
        out[message.context] = (str(source), str(message.string or ""), message.fuzzy)
    return out


def english_title(requirement: str) -> str:
    """A requirement's title in words ("Interceptor pump-out frequency"), as the worklist
    leads a finding with it; the ID itself for one the catalog does not know."""
    try:
        return catalog_title(requirement)
    except KeyError:
        return requirement


def translated(requirement: str, english: str, language: str) -> str:
    """``english``, the title of ``requirement``, in ``language``: its reviewed
    translation, or the English where there is none (a new or reworded title, a
    language with no catalog)."""
    if language not in LOCALES:
        return english
    source, string, fuzzy = entries(language).get(requirement, ("", "", True))
    if fuzzy or not string.strip() or source != english:
        return english
    return string


_PREVIOUS = re.compile(r'^#\| msgid "((?:[^"\\]|\\.)*)"\nmsgctxt "((?:[^"\\]|\\.)*)"$', re.M)


def _previous_ids(path: Path) -> dict[str, str]:
    """The English each fuzzy entry was translated from (its ``#| msgid``), by
    requirement ID: Babel writes these comments but does not read them back."""
    from babel.messages.pofile import unescape

    found = _PREVIOUS.findall(path.read_text(encoding="utf-8"))
    return {unescape(f'"{context}"'): unescape(f'"{source}"') for source, context in found}


def catalog_problems() -> list[str]:
    """Every title a catalog leaves untranslated, fuzzy or translating other English
    than the title, and every entry for a requirement with no title; one line each,
    naming the file and the requirement. Empty when every catalog is whole."""
    problems = []
    english = titles()
    for language in LOCALES:
        path = po_path(language).relative_to(LOCALE_DIR.parent)
        held = entries(language)
        for requirement, title in english.items():
            source, string, fuzzy = held.get(requirement, ("", "", False))
            if requirement not in held or not string.strip():
                problems.append(f"{path}: {requirement}: untranslated")
            elif fuzzy:
                problems.append(f"{path}: {requirement}: fuzzy")
            elif source != title:
                problems.append(f"{path}: {requirement}: translates {source!r}, not {title!r}")
        for requirement in sorted(set(held) - set(english)):
            problems.append(f"{path}: {requirement}: no such requirement in titles.yaml")
    return problems


def write_catalogs(new: dict[str, dict[str, str]] | None = None) -> list[Path]:
    """Write each language's catalog from ``titles.yaml``, in its order: every
    translation the catalog holds is kept (marked fuzzy where the English has changed
    since), ``new`` (``{language: {requirement: translation}}``) is added. Returns the
    files written."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    written = []
    for language, locale in LOCALES.items():
        held = entries(language)
        given = (new or {}).get(language, {})
        before = _read(language)
        # the file's dates stay as they were, so that writing it again from the same
        # titles changes nothing
        created = before.creation_date if before is not None else datetime.now(UTC)
        revised = before.revision_date if before is not None else created
        catalog = Catalog(
            locale=locale,
            domain=DOMAIN,
            project="Sanitas",
            version="1",
            creation_date=created,
            revision_date=revised,
            fuzzy=False,
            header_comment=(
                f"# The requirement titles of sanitas/ordinance/titles.yaml in {language}.\n"
                "# msgctxt: the requirement's ID; msgid: its English title.\n"
                "# Legal terms as in sanitas/notices/translations/glossary.yaml."
            ),
        )
        for requirement, title in titles().items():
            source, string, fuzzy = held.get(requirement, (title, "", False))
            flags = []
            if requirement in given:
                string, fuzzy = given[requirement], False
            elif string and source != title:
                fuzzy = True
            if fuzzy and string:
                flags.append("fuzzy")
            catalog.add(
                title,
                string=string,
                context=requirement,
                flags=flags,
                previous_id=[source] if fuzzy and source != title else (),
            )
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        out = io.BytesIO()
        write_po(out, catalog, width=0, omit_header=False, include_previous=True)
        path.write_bytes(out.getvalue())
        written.append(path)
    entries.cache_clear()
    return written


if __name__ == "__main__":
    for path in write_catalogs():
        print(path)
