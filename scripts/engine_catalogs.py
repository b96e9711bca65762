"""The engine's message catalogs: sanitas/ordinance/locale/<es|zh_Hant>/LC_MESSAGES/messages.po.

``python scripts/engine_catalogs.py update`` writes each .po from the messages the
rules declare (msgctxt = the message id, msgid = its English template) and the
vocabulary they carry (msgctxt "word"), and the record forms' field labels
(msgctxt "field"), help texts ("help") and choices (words), from every fact type
(sanitas.ordinance.field_texts): a translation already made is kept; one
whose English changed is kept and marked fuzzy, for a translator to review; a
message no longer declared is kept as obsolete. ``compile`` writes each .mo (build
output, not kept in the repository); ``check`` fails when a message lacks a
translation or one is fuzzy.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# every area declares its messages; naming, the records' titles and their words
from sanitas.ordinance import engine, naming  # noqa: E402,F401
from sanitas.ordinance.field_texts import field_texts  # noqa: E402
from sanitas.ordinance.messages import (  # noqa: E402
    DOMAIN,
    FIELD_CONTEXT,
    HELP_CONTEXT,
    LOCALE_DIR,
    LOCALES,
    TEMPLATES,
    VOCABULARY,
    WORD_CONTEXT,
)

HEADER = (
    '# The ordinance engine\'s explanations: msgctxt is the message id (or "word" for\n'
    '# the vocabulary, "field" and "help" for a record form\'s labels and help texts),\n'
    "# msgid the English the rules and the vocabulary declare. Written by\n"
    "# scripts/engine_catalogs.py update; translate msgstr, keep every {placeholder}."
)


def _path(locale: str, ext: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.{ext}"


def _read(locale: str) -> Catalog:
    path = _path(locale, "po")
    if not path.exists():
        return Catalog(locale=locale, domain=DOMAIN, project="Sanitas")
    with path.open("rb") as stream:
        return read_po(stream, locale=locale, domain=DOMAIN)


def _wanted() -> list[tuple[str, str | tuple[str, str]]]:
    out: list[tuple[str, str | tuple[str, str]]] = []
    for ident in sorted(TEMPLATES):
        template = TEMPLATES[ident]
        msgid = template.english if template.plural is None else (template.english, template.plural)
        out.append((ident, msgid))
    fields = field_texts()
    choices = {text for context, text in fields if context == WORD_CONTEXT}
    out.extend((WORD_CONTEXT, word) for word in sorted(VOCABULARY | choices))
    out.extend((context, text) for context, text in fields if context != WORD_CONTEXT)
    return out


#: the contexts that hold words, not a message's id (an entry is found by its English)
_WORDS = (WORD_CONTEXT, FIELD_CONTEXT, HELP_CONTEXT)


def update() -> None:
    for locale in LOCALES.values():
        old = _read(locale)
        new = Catalog(
            locale=locale,
            domain=DOMAIN,
            header_comment=HEADER,
            project="Sanitas",
            version="1",
            copyright_holder="the Sanitas authors",
            msgid_bugs_address="the Sanitas issue tracker",
            creation_date=old.creation_date,
            revision_date=old.creation_date,
            last_translator="the Sanitas translators",
            language_team=locale,
            fuzzy=False,
        )
        by_context = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in old}
        by_id = {m.context: m for m in old if m.context not in _WORDS}
        for context, msgid in _wanted():
            first = msgid if isinstance(msgid, str) else msgid[0]
            known = by_context.get((context, first))
            fuzzy = False
            if known is None and context not in _WORDS:
                known = by_id.get(context)  # the message's English changed
                fuzzy = known is not None
            string = known.string if known is not None else ("" if isinstance(msgid, str) else ())
            if known is not None and known.id != msgid:
                fuzzy = True
                if isinstance(msgid, tuple) != isinstance(known.id, tuple):
                    string = "" if isinstance(msgid, str) else ()
            new.add(msgid, string, context=context, flags=("fuzzy",) if fuzzy else ())
        for message in old:
            if message.id and new.get(message.id, context=message.context) is None:
                new.obsolete[(message.id, message.context)] = message
        path = _path(locale, "po")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as stream:
            write_po(stream, new, width=100, omit_header=False, sort_output=False)
        print(f"{path.relative_to(ROOT)}: {len(new)} messages")


def compile_all() -> None:
    for locale in LOCALES.values():
        catalog = _read(locale)
        with _path(locale, "mo").open("wb") as stream:
            write_mo(stream, catalog)


def problems() -> list[str]:
    out = []
    for locale in LOCALES.values():
        catalog = _read(locale)
        for context, msgid in _wanted():
            first = msgid if isinstance(msgid, str) else msgid[0]
            message = catalog.get(first, context=context)
            where = f"{locale} {context}: {first!r}"
            if message is None:
                out.append(f"{where}: not in the catalog (run update)")
            elif message.fuzzy:
                out.append(f"{where}: the English changed; review the translation")
            elif not message.string or (
                isinstance(message.string, tuple) and not all(message.string)
            ):
                out.append(f"{where}: not translated")
    return out


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "compile"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) or "every engine message is translated")
        sys.exit(1 if found else 0)
    else:
        sys.exit("usage: engine_catalogs.py update|compile|check")
