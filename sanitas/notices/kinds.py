"""The kinds of document the city serves, as printed (``kinds.yaml``), and the words
each says (``translations/<language>.yaml``, its legal terms held to
``translations/glossary.yaml``).

What a kind is in law (which findings it answers, the engine fact it becomes, its
deadline, correction, consequences and appeal) is the engine's
(:mod:`sanitas.ordinance.notice_terms`, ``notice_kinds.yaml``): a :class:`Kind` here
is that law with how the city prints it: the program whose office signs it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from sanitas.ordinance.notice_terms import KindLaw, kind_laws, law_words, message_ids
from sanitas.ordinance.pack import RulePack
from sanitas.ordinance.yamlio import load_yaml

HERE = Path(__file__).parent
TRANSLATIONS = HERE / "translations"
GLOSSARY = TRANSLATIONS / "glossary.yaml"
#: the languages every kind is written in, English (the source) first
LANGUAGES = ("en", "es", "zh-Hant")
LANGUAGE_NAMES = {"en": "English", "es": "Español", "zh-Hant": "繁體中文"}
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
#: the parts every kind has words for (the correction, its deadline and what follows
#: are messages the engine names, in ``corrections``, ``deadlines`` and ``consequences``)
KIND_PARTS = ("title", "intro", "appeal")


def reader_language() -> str:
    """The notices' language (``en``, ``es``, ``zh-Hant``) of the page being rendered:
    Django's active language (``zh-hant``) as the notices name it; English for a
    language the notices are not written in, or when none is active."""
    from django.utils.translation import get_language

    wanted = (get_language() or "en").lower()
    for language in LANGUAGES:
        if wanted in (language.lower(), language.lower().split("-")[0]):
            return language
    return "en"


def page_date(value: date | datetime | str) -> str:
    """A day (or a moment) as the staff pages write it in their language: as
    :func:`sanitas.kit.dates.people_date` in English, Babel's long date (and short time)
    in another ("3 de marzo de 2025", "2025年3月3日")."""
    from sanitas.kit import dates

    return dates.people_date_here(value)


@dataclass(frozen=True)
class Kind:
    """A kind of document: its law (the engine's) and the program that signs it."""

    key: str
    program: str
    law: KindLaw

    @property
    def requirements(self) -> tuple[str, ...]:
        return self.law.requirements

    @property
    def excepted(self) -> tuple[str, ...]:
        return self.law.excepted

    @property
    def parameter(self) -> str | None:
        return self.law.parameter

    @property
    def statuses(self) -> tuple[str, ...]:
        return self.law.statuses

    @property
    def fact(self) -> dict[str, str]:
        return dict(self.law.fact)

    @property
    def recipient(self) -> str:
        return self.law.recipient

    @property
    def deadline(self) -> dict[str, Any]:
        return dict(self.law.deadline)

    @property
    def appeal(self) -> str:
        return self.law.appeal

    @property
    def authority(self) -> dict[str, str] | None:
        return dict(self.law.authority) if self.law.authority else None

    @property
    def consequence(self) -> dict[str, str] | None:
        """The words of the law its first consequence rests on, where quoted."""
        for name in self.law.consequences:
            if name in law_words():
                return dict(law_words()[name])
        return None

    @property
    def fact_type(self) -> str:
        return self.law.fact["type"]

    @property
    def notice_kind(self) -> str | None:
        """The engine's ``notice.kind`` a served document of this kind records."""
        return self.law.fact.get("kind")

    @property
    def deadline_days_parameter(self) -> str | None:
        if self.law.deadline.get("rule") in ("days", "immediately"):
            return self.law.deadline.get("parameter")
        return None

    def answers_requirement(self, requirement: str, pack: RulePack, on: date) -> bool:
        return self.law.answers_requirement(requirement, pack, on)

    def answers(self, requirement: str, status: str, pack: RulePack, on: date) -> bool:
        return self.law.answers(requirement, status, pack, on)

    def title(self, language: str = "en") -> str:
        return text(language, f"kinds.{self.key}.title")


@cache
def kinds() -> dict[str, Kind]:
    """Every kind, in the engine's order (the first that answers a finding is the one
    offered first), with the program ``kinds.yaml`` gives it."""
    printed = load_yaml((HERE / "kinds.yaml").read_text(encoding="utf-8"))
    out = {}
    for key, law in kind_laws().items():
        spec = printed.get(key)
        if not spec or not spec.get("program"):
            raise KeyError(f"kinds.yaml: the kind {key!r} of the engine has no program")
        out[key] = Kind(key=key, program=spec["program"], law=law)
    extra = set(printed) - set(out)
    if extra:
        raise KeyError(f"kinds.yaml: {', '.join(sorted(extra))}: no such kind in the engine")
    return out


def kind(key: str) -> Kind:
    try:
        return kinds()[key]
    except KeyError:
        raise KeyError(f"no notice kind {key!r}") from None


def kinds_for(requirement: str, status: str, pack: RulePack, on: date) -> list[Kind]:
    """The kinds of document that answer a finding of ``requirement`` in ``status``."""
    return [k for k in kinds().values() if k.answers(requirement, status, pack, on)]


# --------------------------------------------------------------------------- words


@cache
def catalog(language: str) -> dict[str, Any]:
    """One language's file, as written."""
    if language not in LANGUAGES:
        raise KeyError(f"no translation into {language!r}")
    return load_yaml((TRANSLATIONS / f"{language}.yaml").read_text(encoding="utf-8"))


def flat(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """``{"common.to": "To", "kinds.sb1383_nov.title": …}``."""
    out: dict[str, str] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flat(value, f"{name}."))
        else:
            out[name] = "" if value is None else str(value)
    return out


@cache
def strings(language: str) -> dict[str, str]:
    data = dict(catalog(language))
    data.pop("language", None)
    return flat(data)


def text(language: str, key: str, **values: Any) -> str:
    """The words of ``key`` in ``language``, its placeholders filled."""
    template = strings(language)[key]
    return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)


def missing_values(language: str, key: str, values: dict[str, Any]) -> list[str]:
    """The placeholders of ``key`` that ``values`` leaves unfilled."""
    return [name for name in PLACEHOLDER.findall(strings(language)[key]) if name not in values]


def translation_problems() -> list[str]:
    """Every way a translation falls short of the English: a key missing or extra, an
    empty or untranslated (identical to the English) string, a placeholder dropped or
    added; a kind without its words, or a message the engine names (a correction, a
    deadline, a consequence) without its English. Empty when all is well."""
    problems: list[str] = []
    english = strings("en")
    for key in kinds():
        for part in KIND_PARTS:
            if f"kinds.{key}.{part}" not in english:
                problems.append(f"en: kinds.{key}.{part}: missing")
    for section, names in message_ids().items():
        for name in sorted(names):
            if f"{section}.{name}" not in english:
                problems.append(f"en: {section}.{name}: missing (the engine names it)")
    for language in LANGUAGES[1:]:
        theirs = strings(language)
        if not catalog(language).get("language"):
            problems.append(f"{language}: language: the language's own name is missing")
        for key, source in english.items():
            if key not in theirs:
                problems.append(f"{language}: {key}: missing")
                continue
            translated = theirs[key].strip()
            if not translated:
                problems.append(f"{language}: {key}: empty")
            elif translated == source.strip():
                problems.append(f"{language}: {key}: untranslated (same as the English)")
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(translated)):
                problems.append(
                    f"{language}: {key}: placeholders {sorted(PLACEHOLDER.findall(translated))} "
                    f"differ from the English {sorted(PLACEHOLDER.findall(source))}"
                )
        for key in theirs:
            if key not in english:
                problems.append(f"{language}: {key}: not in the English")
    return problems


# --------------------------------------------------------------------------- the legal terms


@dataclass(frozen=True)
class Term:
    """A legal term of the glossary: its English forms, and in each other language
    the words that render it and those that must never stand for it."""

    key: str
    english: tuple[str, ...]
    required: dict[str, tuple[str, ...]]
    forbidden: dict[str, tuple[str, ...]]
    note: str

    def used_in(self, english_text: str) -> bool:
        return any(_english_form(form).search(english_text) for form in self.english)


@cache
def _english_form(form: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(form)}(?![\w-])", re.I)


@cache
def glossary() -> dict[str, Term]:
    """The reviewed legal terms (``translations/glossary.yaml``), by key."""
    raw = load_yaml(GLOSSARY.read_text(encoding="utf-8"))
    out = {}
    for key, spec in raw["terms"].items():
        out[key] = Term(
            key=key,
            english=tuple(spec["en"]),
            required={lang: tuple(spec[lang]["use"]) for lang in LANGUAGES[1:]},
            forbidden={lang: tuple(spec[lang].get("never") or ()) for lang in LANGUAGES[1:]},
            note=" ".join(str(spec.get("note") or "").split()),
        )
    return out


def _forbidden_in(language: str, word: str, masked: str) -> bool:
    """Whether ``word`` stands in ``masked``: in Spanish as a word or its plural (so
    that "cargo" finds "cargos", and "cita" not "citación"), in Chinese anywhere."""
    if language == "zh-Hant":
        return word in masked
    return re.search(rf"(?<!\w){re.escape(word)}(?:s|es)?(?!\w)", masked) is not None


def glossary_problems() -> list[str]:
    """Every string of every catalog held to the glossary: where the English uses a
    legal term, the translation uses one of the words that render it, and none of the
    words that must never stand for it (a fine or a penalty is never a fee or a
    charge). A forbidden word is allowed where it renders another term the English
    uses in the same string (a noncompliance charge beside the fines it recovers).
    Empty when every string holds."""
    problems: list[str] = []
    english = strings("en")
    for language in LANGUAGES[1:]:
        theirs = strings(language)
        for key, source in english.items():
            if key not in theirs:
                continue  # translation_problems reports it
            problems += _held_to_glossary(language, key, source, theirs[key])
    return problems


#: requirement titles whose English uses a glossary term's words in another sense
#: (by requirement ID, the terms not meant): the meals a kitchen serves are not the
#: service of a notice
TITLES_OTHER_SENSE = {"SEW-GREASE-TRAP-MEALS": ("service",)}


def title_glossary_problems() -> list[str]:
    """Every requirement title's translation (``sanitas/ordinance/locale``) held to
    the glossary as the notices' strings are (:func:`glossary_problems`)."""
    from sanitas.kit.requirement_titles import LOCALES, entries
    from sanitas.ordinance.catalog import titles

    problems: list[str] = []
    for language in LOCALES:
        held = entries(language)
        for requirement, source in titles().items():
            if requirement not in held:
                continue  # catalog_problems reports it
            problems += _held_to_glossary(
                language,
                f"titles.po {requirement}",
                source,
                held[requirement][1],
                ignore=TITLES_OTHER_SENSE.get(requirement, ()),
            )
    return problems


def _held_to_glossary(
    language: str, key: str, source: str, translation: str, *, ignore: tuple[str, ...] = ()
) -> list[str]:
    """How one translated string falls short of the glossary (see
    :func:`glossary_problems`), ``ignore`` naming terms its English uses in another
    sense."""
    problems = []
    source_text = PLACEHOLDER.sub(" ", source)
    translated = PLACEHOLDER.sub(" ", translation).lower()
    present = [t for t in glossary().values() if t.used_in(source_text) and t.key not in ignore]
    for term in present:
        if not any(w.lower() in translated for w in term.required[language]):
            problems.append(
                f"{language}: {key}: the English says {term.key!r}, rendered as "
                f"{' or '.join(term.required[language])}; none is used"
            )
    masked = translated
    words = sorted(
        {w.lower() for t in present for w in t.required[language]}, key=len, reverse=True
    )
    for word in words:
        masked = masked.replace(word, " ¤ ")
    for term in present:
        for word in term.forbidden[language]:
            if _forbidden_in(language, word.lower(), masked):
                problems.append(
                    f"{language}: {key}: {word!r} is used where the English says "
                    f"{term.key!r}, which it must never render"
                )
    return problems
