"""What the state asks of the SB 1383 annual report, subsection by subsection of
14 CCR § 18994.2 (``ear.yaml``, beside this module): each subsection's id and words in
English, Spanish and Traditional Chinese, and how the report answers it (figures from
the records, not applicable with the reason, or to be entered in the state's
Electronic Annual Report by the city itself, with the reason); and the state's
reporting periods (the first report January to June 2022, later ones calendar years)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from django.utils import translation

FIXTURE = Path(__file__).parent / "ear.yaml"
#: how an item is answered
ANSWERS = ("figure", "not_applicable", "enter_yourself")
#: the languages every text of the fixture is in (Django's locale names)
LANGUAGES = ("en", "es", "zh_Hant")


@dataclass(frozen=True)
class Item:
    id: str
    words: dict[str, str]
    answer: str
    reason: dict[str, str]
    source: str


@dataclass(frozen=True)
class Subsection:
    id: str
    title: dict[str, str]
    items: tuple[Item, ...]


class FixtureError(ValueError):
    """The fixture is not what this module reads (a packaging or editing error)."""


def _texts(raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, dict) or any(not str(raw.get(lang) or "").strip() for lang in LANGUAGES):
        raise FixtureError(f"{where}: needs its text in each of {', '.join(LANGUAGES)}")
    return {lang: str(raw[lang]).strip() for lang in LANGUAGES}


@cache
def fixture() -> dict[str, Any]:
    return yaml.safe_load(FIXTURE.read_text(encoding="utf-8")) or {}


@cache
def subsections() -> tuple[Subsection, ...]:
    """The lettered subsections in order, each with its items; every id once."""
    out: list[Subsection] = []
    seen: set[str] = set()
    for raw in fixture().get("subsections") or []:
        items: list[Item] = []
        for entry in raw.get("items") or []:
            ident = str(entry.get("id") or "")
            where = f"{FIXTURE.name}: {ident or raw.get('id')}"
            if not ident.startswith(str(raw.get("id"))) or ident in seen:
                raise FixtureError(f"{where}: an item's id is its subsection's, given once")
            seen.add(ident)
            answer = entry.get("answer")
            if answer not in ANSWERS:
                raise FixtureError(f"{where}: answer is one of {', '.join(ANSWERS)}")
            reason = {} if answer == "figure" else _texts(entry.get("reason"), f"{where} reason")
            items.append(
                Item(
                    ident,
                    _texts(entry.get("words"), f"{where} words"),
                    answer,
                    reason,
                    str(entry.get("source") or ""),
                )
            )
        if not items:
            raise FixtureError(f"{FIXTURE.name}: {raw.get('id')} has no item")
        out.append(
            Subsection(str(raw["id"]), _texts(raw.get("title"), str(raw["id"])), tuple(items))
        )
    return tuple(out)


@cache
def items() -> dict[str, Item]:
    return {item.id: item for sub in subsections() for item in sub.items}


def said(texts: dict[str, str], language: str | None = None) -> str:
    """``texts`` in ``language`` (a Django language code; the active one by default),
    English where the fixture has no such language."""
    locale = translation.to_locale(language or translation.get_language() or "en")
    return texts.get(locale) or texts.get(locale.split("_")[0]) or texts["en"]


def reporting_period(year: int) -> tuple[date, date]:
    """The period the state's report of ``year`` covers: January 1 to June 30 for the
    first (2022), the calendar year for every later one."""
    first = fixture()["first_report"]
    start, end = first["start"], first["end"]
    if year == start.year:
        return start, end
    return date(year, 1, 1), date(year, 12, 31)


def first_year() -> int:
    return fixture()["first_report"]["start"].year


def in_language(
    sections: list[dict[str, Any]], language: str | None = None
) -> list[dict[str, Any]]:
    """A build's sections as its page shows them: a § 18994.2 subsection's title, an
    item's words and a reason in the reader's language (the build keeps English)."""
    lettered = {sub.id: sub for sub in subsections()}
    shown = []
    for section in sections:
        section = dict(section)
        sub = lettered.get(section.get("subsection") or "")
        if sub is not None:
            section["title"] = f"§ {sub.id} {said(sub.title, language)}"
        figures = []
        for figure in section.get("figures", []):
            figure = dict(figure)
            item = items().get(figure.get("subsection") or "")
            if item is not None:
                figure["words"] = said(item.words, language)
                if item.reason:
                    figure["reason"] = said(item.reason, language)
            figures.append(figure)
        section["figures"] = figures
        shown.append(section)
    return shown


def answered(sections: list[dict[str, Any]]) -> dict[str, int] | None:
    """How a build's § 18994.2 items are answered: items by answer ("figure",
    "not_applicable", "enter_yourself"), each item once; None for a build of another
    report (or one built before the report was laid out by subsection)."""
    answers: dict[str, str] = {}
    for section in sections:
        for figure in section.get("figures", []):
            if figure.get("subsection"):
                answers[figure["subsection"]] = figure.get("answer", "figure")
    if not answers:
        return None
    return {answer: sum(1 for a in answers.values() if a == answer) for answer in ANSWERS}
