"""The gettext catalogs of every part of Sanitas: compiled by the build, checked by the tests.

Every ``.po`` under ``sanitas/`` is a catalog: the staff pages' words of each app
(``<app>/locale/<es|zh_Hant>/LC_MESSAGES/django.po``, made with ``manage.py
makemessages``), the engine's explanations (``messages.po``) and the requirement titles
(``titles.po``) of ``sanitas/ordinance/locale/``. The pages' catalogs are compiled
here, with Babel, to the ``django.mo`` beside each (build output, not kept in the
repository); the engine's by ``scripts/engine_catalogs.py compile``; the titles are read
from their ``.po``.

:func:`problems` finds, in every catalog, an entry that is untranslated (a plural form
left empty counts) or fuzzy, a header marked fuzzy, and a compiled ``.mo`` that does not
hold what its ``.po`` says (or is missing, for a domain that is compiled).

``python -m sanitas.web.catalogs compile`` compiles the pages' catalogs;
``python -m sanitas.web.catalogs check`` prints every problem and fails on any.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: the domains whose catalogs are compiled to a .mo beside the .po (the pages' here, the
#: engine's by scripts/engine_catalogs.py); the requirement titles are read from the .po
COMPILED = ("django", "messages")
#: the domain this module compiles
PAGES_DOMAIN = "django"


def catalogs(root: Path = ROOT) -> list[Path]:
    """Every ``.po`` under ``root``, in order."""
    return sorted(root.rglob("*.po"))


def _locale(po: Path) -> str:
    # <...>/locale/<locale>/LC_MESSAGES/<domain>.po
    return po.parent.parent.name


def _read(po: Path) -> Any:
    from babel.messages.pofile import read_po

    with po.open("rb") as stream:
        return read_po(stream, locale=_locale(po), domain=po.stem, abort_invalid=True)


def _key(message: Any) -> tuple[str | None, str]:
    context = message.context
    if isinstance(context, bytes):  # Babel reads a .mo's contexts as bytes
        context = context.decode("utf-8")
    return context, message.id if isinstance(message.id, str) else message.id[0]


def _strings(messages: Iterable[Any]) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """What a catalog renders, by (context, msgid): each translated message's forms."""
    out = {}
    for message in messages:
        if not message.id:
            continue
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        out[_key(message)] = tuple(str(form) for form in forms)
    return out


def _translated(catalog: Any) -> list[Any]:
    return [
        message
        for message in catalog
        if message.id and not message.fuzzy and message.string and all(message.string)
    ]


def compile_catalog(po: Path) -> Path:
    """Write the ``.mo`` of ``po`` beside it (its fuzzy and untranslated entries left
    out, as gettext does); the ``.mo`` written."""
    from babel.messages.mofile import write_mo

    mo = po.with_suffix(".mo")
    with mo.open("wb") as stream:
        write_mo(stream, _read(po), use_fuzzy=False)
    return mo


def compile_pages(root: Path = ROOT) -> list[Path]:
    """Compile every pages' catalog (``django.po``) under ``root``."""
    return [compile_catalog(po) for po in catalogs(root) if po.stem == PAGES_DOMAIN]


def _mo_problems(po: Path, catalog: Any) -> list[str]:
    from babel.messages.mofile import read_mo

    mo = po.with_suffix(".mo")
    if not mo.exists():
        return [f"{mo}: missing (compile the catalogs)"] if po.stem in COMPILED else []
    try:
        with mo.open("rb") as stream:
            compiled = read_mo(stream)
    except Exception as exc:  # a truncated or foreign file: Babel raises what it meets
        return [f"{mo}: not a readable catalog ({exc})"]
    want = _strings(_translated(catalog))
    have = _strings(message for message in compiled if message.id)
    out = []
    for key in sorted(set(want) | set(have), key=lambda k: (k[0] or "", k[1])):
        if want.get(key) != have.get(key):
            context, msgid = key
            where = f"msgctxt {context!r} msgid {msgid!r}" if context else f"msgid {msgid!r}"
            out.append(f"{mo}: does not match its .po at {where} (compile the catalogs)")
    return out


def catalog_problems(po: Path) -> list[str]:
    """The problems of one catalog, one line each, naming the file and the entry."""
    try:
        catalog = _read(po)
    except Exception as exc:  # Babel's parse errors are of several kinds
        return [f"{po}: cannot be read ({exc})"]
    out = []
    if catalog.fuzzy:
        out.append(f"{po}: the header is marked fuzzy (review it and remove the flag)")
    for message in catalog:
        if not message.id:
            continue
        line = f"{po}:{message.lineno}: msgid {_key(message)[1]!r}"
        if message.fuzzy:
            out.append(f"{line}: fuzzy (the English changed: review the translation)")
        elif not message.string or not all(message.string):
            out.append(f"{line}: untranslated")
    return out + _mo_problems(po, catalog)


def problems(root: Path = ROOT) -> list[str]:
    """Every problem of every catalog under ``root``; empty when all are whole."""
    return [line for po in catalogs(root) for line in catalog_problems(po)]


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    root = Path(argv[1]) if len(argv) > 1 else ROOT
    if command == "compile":
        for mo in compile_pages(root):
            print(mo.relative_to(root.parent) if mo.is_relative_to(root.parent) else mo)
        return 0
    if command == "check":
        found = problems(root)
        print("\n".join(found) or f"every catalog under {root} is translated and compiled")
        return 1 if found else 0
    print("usage: python -m sanitas.web.catalogs compile|check [folder]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
