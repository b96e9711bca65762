"""What the tests of an area's messages share: the English a message said in Spanish or
Chinese leaves, the readings and data problems an area's scenarios produce, and how an
area's messages and words hold to the legal glossary."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

from sanitas.ordinance.document import load_document
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.messages import Items, Message, Name, Phrase, render

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS_DIR = ROOT / "tests" / "scenarios"


def _kept_as_recorded(value: Any) -> list[str]:
    """The texts a message carries as the facts recorded them (a business's name, an
    address) or as the ordinance wrote them, which stay as they are in every language."""
    if isinstance(value, Name) or type(value) is str:
        return [value if type(value) is str else value.text]
    if isinstance(value, Phrase):
        return _kept_as_recorded(value.message)
    if isinstance(value, Items):
        return [text for item in value.items for text in _kept_as_recorded(item)]
    if isinstance(value, Message):
        return [text for arg in value.args.values() for text in _kept_as_recorded(arg)]
    return []


def english_left(message: Message, language: str) -> set[str]:
    """The English words of four letters or more left in the message in ``language``:
    any such ASCII word in Chinese, a word of the English sentence in Spanish; a name,
    an address, a record's key or a section's cite is not counted."""

    def words(text: str) -> set[str]:
        for kept in sorted(_kept_as_recorded(message), key=len, reverse=True):
            text = text.replace(kept, " ")
        text = re.sub(r"(?:§|CCR) [\w.()-]+", " ", text)
        return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}

    said = words(render(message, language))
    if language == "zh-Hant":
        return said
    return (said & words(render(message))) - _SPANISH_TOO


#: words of four letters or more that are Spanish as much as English ("de minimis" is
#: Latin in both)
_SPANISH_TOO = {"final", "plan", "total", "minimis"}


def area_requirements(*modules: str) -> set[str]:
    """The requirements the rules of ``modules`` (package names) decide."""
    from sanitas.ordinance.engine import RULES

    return {spec.requirement for spec in RULES if spec.func.__module__.startswith(modules)}


def readings_and_problems(prefixes: tuple[str, ...], requirements: set[str]) -> list[tuple]:
    """(scenario, reading or problem, its English) of every reading a finding of
    ``requirements`` relied on and every data problem, in the scenarios named
    ``prefixes``…"""
    out = []
    for path in sorted(
        [*(ROOT.parent / "shared" / "scenarios").glob("*.yaml"), *SCENARIOS_DIR.glob("*.yaml")]
    ):
        if not path.name.startswith(prefixes):
            continue
        document = load_document(path)
        evaluation = evaluate_facts(
            document.facts,
            as_of=document.as_of or date(2025, 1, 1),
            pack=document.pack(),
            holidays=document.holidays,
        )
        out += [
            (path.name, f.reading, f.reading_text)
            for f in evaluation.findings
            if f.requirement in requirements and f.reading is not None
        ]
        out += [(path.name, p.problem, p.text) for p in evaluation.data_problems]
    return out


def area_words(*modules: Any) -> set[str]:
    """The words of the vocabulary the modules carry (their constants and the values of
    their tables)."""
    from sanitas.ordinance.messages import VOCABULARY

    found: set[str] = set()
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, dict):
                values = value.values()
            else:
                values = value if isinstance(value, (tuple, frozenset, set)) else [value]
            found.update(v for v in values if isinstance(v, str) and v in VOCABULARY)
    return found


def held_to_glossary(
    prefix: str, area_words: set[str], senses: dict[str, tuple[str, ...]] | None = None
) -> list[str]:
    """How the messages of ``prefix`` and the area's words fall short of the legal
    glossary or of their placeholders, in both languages; ``senses``: for an English
    text (a message's id or a word), the glossary's terms it uses in another sense
    ("that charges admission" is no charge)."""
    senses = senses or {}
    from sanitas.notices.kinds import _held_to_glossary
    from sanitas.ordinance.messages import TEMPLATES, translations

    from .catalog_forms import catalog_forms

    ours = [t for ident, t in TEMPLATES.items() if ident.startswith(prefix)]
    problems = []
    for language, template, english, text in catalog_forms(ours):
        bare = re.sub(r"\{\w+\}", "", english)
        if text == english and re.search(r"[a-z]{3}", bare):
            problems.append(f"{language}: {template.id}: not translated")
        kept = set(re.findall(r"\{(\w+)\}", text))
        fields = set(re.findall(r"\{(\w+)\}", english))
        if not (kept <= fields | {template.count} and fields - kept <= {template.count}):
            problems.append(f"{language}: {template.id}: placeholders {kept} for {fields}")
        ignore = senses.get(template.id, ())
        problems += _held_to_glossary(language, template.id, english, text, ignore=ignore)
    for language in ("es", "zh-Hant"):
        catalog = translations(language)
        for english in sorted(area_words):
            text = catalog.pgettext("word", english)
            if text == english:
                problems.append(f"{language}: word {english!r}: not translated")
            ignore = senses.get(english, ())
            problems += _held_to_glossary(language, "word", english, text, ignore=ignore)
    return problems
