"""The kinds of document the city serves (``kinds.yaml``) and the words each says
(``translations/<language>.yaml``).

A kind answers findings by requirement pattern and status; SB 1383's Notice of
Violation leaves out the enforcement process's own requirements and the
contamination track, exactly as the engine's enforcement rules do
(:data:`sanitas.ordinance.enforcement.ENFORCEMENT_IDS`, pack
``enf.contamination_notice_requirements``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any

from sanitas.ordinance.enforcement import ENFORCEMENT_IDS
from sanitas.ordinance.pack import RulePack
from sanitas.ordinance.yamlio import load_yaml

HERE = Path(__file__).parent
TRANSLATIONS = HERE / "translations"
#: the languages every kind is written in, English (the source) first
LANGUAGES = ("en", "es", "zh-Hant")
LANGUAGE_NAMES = {"en": "English", "es": "Español", "zh-Hant": "繁體中文"}
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@dataclass(frozen=True)
class Kind:
    key: str
    program: str
    requirements: tuple[str, ...]
    excepted: tuple[str, ...]
    parameter: str | None
    statuses: tuple[str, ...]
    fact: dict[str, str]
    recipient: str
    deadline: Any
    follows: str
    appeal: str
    authority: dict[str, str]
    consequence: dict[str, str] | None

    @property
    def fact_type(self) -> str:
        return self.fact["type"]

    @property
    def notice_kind(self) -> str | None:
        """The engine's ``notice.kind`` a served document of this kind records."""
        return self.fact.get("kind")

    @property
    def deadline_days_parameter(self) -> str | None:
        return self.deadline.get("days") if isinstance(self.deadline, dict) else None

    def answers_requirement(self, requirement: str, pack: RulePack, on: date) -> bool:
        patterns = pack.value(self.parameter, on) if self.parameter else self.requirements
        if not any(fnmatchcase(requirement, p) for p in patterns):
            return False
        if any(fnmatchcase(requirement, p) for p in self.excepted):
            return False
        if self.key == "sb1383_nov":
            contamination = pack.value("enf.contamination_notice_requirements", on)
            return requirement not in ENFORCEMENT_IDS and not any(
                fnmatchcase(requirement, p) for p in contamination
            )
        return True

    def answers(self, requirement: str, status: str, pack: RulePack, on: date) -> bool:
        return status in self.statuses and self.answers_requirement(requirement, pack, on)

    def title(self, language: str = "en") -> str:
        return text(language, f"kinds.{self.key}.title")


@cache
def kinds() -> dict[str, Kind]:
    """Every kind, in the order of ``kinds.yaml`` (the first that answers a finding is
    the one offered first)."""
    raw = load_yaml((HERE / "kinds.yaml").read_text(encoding="utf-8"))
    out = {}
    for key, spec in raw.items():
        out[key] = Kind(
            key=key,
            program=spec["program"],
            requirements=tuple(spec["answers"].get("requirements", ())),
            excepted=tuple(spec["answers"].get("except", ())),
            parameter=spec["answers"].get("parameter"),
            statuses=tuple(spec["answers"]["statuses"]),
            fact=dict(spec["fact"]),
            recipient=spec["recipient"],
            deadline=spec["deadline"],
            follows=spec["follows"],
            appeal=spec["appeal"],
            authority={k: " ".join(str(v).split()) for k, v in spec["authority"].items()},
            consequence=(
                {k: " ".join(str(v).split()) for k, v in spec["consequence"].items()}
                if spec.get("consequence")
                else None
            ),
        )
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
    added; and a kind of ``kinds.yaml`` without its words. Empty when all is well."""
    problems: list[str] = []
    english = strings("en")
    for key in kinds():
        for part in ("title", "intro", "to_do", "follows", "appeal"):
            if f"kinds.{key}.{part}" not in english:
                problems.append(f"en: kinds.{key}.{part}: missing")
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
