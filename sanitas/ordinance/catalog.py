"""The requirement catalog: every provision of the ordinance the system acts on.

``requirements.md`` (shipped beside this module, identical to the project's
specification) breaks Chapters 50 and 51 into requirement IDs. The ID is the
contract: rules, findings, notices and reports name it, and the cite printed on
a finding comes from here.

The Cite column is written for a reader of the table, not of a notice: a row may
only continue the row above ("(A)(7)" under "SB 1383 commercial (A)(1)"), name a
subject without its chapter ("Edible food (A)-(B)"), or give only the former
code section the ordinance prints as a source note ("('65 § 6-4.105)"). Each
requirement's ``cite`` is resolved to stand alone (``resolve_cite``); the
column's own words stay in ``cite_as_written``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

CATALOG_FILE = Path(__file__).parent / "requirements.md"
_ROW = re.compile(r"^\|\s*([A-Z]+(?:-[A-Z0-9]+)+)\s*\|(.*)\|\s*$")
_HEADING = re.compile(r"^##\s")
_CHAPTER = re.compile(r"\bChapter (\d+)\b")

#: one subsection part, "(A)", "(10)" or "(b)", or a range of them, "(A)-(B)"
_PART = r"\([A-Za-z0-9]{1,4}\)(?:-\([A-Za-z0-9]{1,4}\))?"
#: a cite that is nothing but subsection parts: it continues the row above
_CONTINUATION = re.compile(rf"^(?:{_PART})+$")
#: the subsection parts a cite ends with: "SB 1383 commercial (A)(1)" → "(A)(1)"
_TRAILING_PARTS = re.compile(rf"(?:{_PART})+$")
#: a former code section alone, as the ordinance's source notes print it:
#: "('65 § 6-4.105)" or "('65 Code, § 6-4.105)"
_SOURCE_NOTE = re.compile(r"^\(\s*'(\d\d)(?:\s+Code,?)?\s+(§\s*\S+)\s*\)$")
#: a first word in title case ("Edible", "Self-haulers"), lowered after a chapter;
#: initialisms and names ("FRO/FRS", "C&D", "CALGreen", "SB 1383") are kept
_TITLE_WORD = re.compile(r"^[A-Z][a-z]+(?:-[a-z]+)*\b")

#: The text of Chapter 50's general part prints neither a number nor a heading
#: for its sections, only source notes such as "('65 Code, § 6-4.105)". A row
#: whose Cite is such a note alone names no subject, and none can be derived from
#: the catalog or the text, so the subject of each of those sections is written
#: here once, from the ordinance, by former code section (not by requirement ID:
#: every requirement in the section gets it). A former section missing here still
#: resolves, to the chapter and the note alone; a test keeps the table complete.
FORMER_SECTION_SUBJECTS: dict[str, str] = {
    # "(A) Accumulations." and "(B) Disposal." of one section
    "6-4.104": "accumulations and disposal (A)",
    "6-4.105": "accumulations and disposal (B)",
    "6-4.107": "burial",
    "6-4.127": "liability for fees",
    # notes "§ 6-4.411(a)" and "§ 6-4.411(b)": collection of recyclables,
    # and recyclables set out becoming the contractor's property
    "6-4.411": "collection of recyclables (A)-(B)",
}


@dataclass(frozen=True)
class Requirement:
    id: str
    #: what a notice prints: the Cite column resolved to stand alone
    cite: str
    provision: str
    system: str
    area: str
    #: the Cite column as the catalog writes it
    cite_as_written: str

    @property
    def computable(self) -> bool:
        """Whether the System column asks for a rule (compute or validate)."""
        system = self.system.lower()
        return "compute" in system or "validate" in system


def _chapters_phrase(chapters: list[str]) -> str:
    named = [f"Ch. {number}" for number in chapters]
    if len(named) <= 1:
        return "".join(named)
    return ", ".join(named[:-1]) + " and " + named[-1]


def _with_chapter(cite: str, chapters: list[str]) -> str:
    """``cite`` led by its chapter, unless it names a section or a chapter already."""
    if "§" in cite or "Ch." in cite or not chapters:
        return cite
    phrase = _chapters_phrase(chapters)
    if cite.lower() == "all":
        return f"all of {phrase}"
    if _TITLE_WORD.match(cite):
        cite = cite[0].lower() + cite[1:]
    return f"{phrase} {cite}"


def _section_of(cite: str) -> str:
    """``cite`` without its trailing subsection parts, ready to take others:
    "SB 1383 commercial (A)(1)" → "SB 1383 commercial ", "§ 6-8.121(A)" → "§ 6-8.121"."""
    match = _TRAILING_PARTS.search(cite)
    if match is None:
        return cite + " "
    return cite[: match.start()]


def resolve_cite(written: str, above: str | None, chapters: list[str]) -> str:
    """The cite a notice prints for a row whose Cite column reads ``written``.

    ``above`` is the Cite of the nearest row above in the same table that does not
    begin with "(", and ``chapters`` the chapter numbers of the table's heading.

    - Subsection parts alone ("(A)(7)", "(D)-(E)") continue ``above``'s section:
      "SB 1383 commercial (A)(1)" then "(A)(7)" is "SB 1383 commercial (A)(7)".
    - A former code section alone ("('65 § 6-4.105)") is the source note the
      ordinance prints after a section that has no printed number: the cite is the
      chapter and the section's subject, then the note as the ordinance prints it,
      "Ch. 50 accumulations and disposal (B) ('65 Code, § 6-4.105)".
    - A cite naming neither a "§" section nor a "Ch." chapter is led by the
      chapter ("Ch. 50 SB 1383 commercial (A)(7)"); "all" is "all of" the
      chapters.
    """
    note = _SOURCE_NOTE.match(written)
    if note is not None:
        year, section = note.groups()
        printed = f"('{year} Code, {section})"
        number = _TRAILING_PARTS.sub("", section.removeprefix("§").strip())
        subject = FORMER_SECTION_SUBJECTS.get(number)
        head = _with_chapter(subject, chapters) if subject else _chapters_phrase(chapters)
        return f"{head} {printed}".strip()
    cite = written
    if above is not None and _CONTINUATION.match(written):
        cite = _section_of(above) + written
    return _with_chapter(cite, chapters)


def parse_catalog(text: str) -> dict[str, Requirement]:
    lines = text.splitlines()
    every_chapter = sorted(
        {c for line in lines if _HEADING.match(line) for c in _CHAPTER.findall(line)}, key=int
    )
    requirements: dict[str, Requirement] = {}
    chapters: list[str] = []
    above: str | None = None
    for line in lines:
        if _HEADING.match(line):
            # a table with no chapter in its heading (cross-cutting) spans them all
            chapters = _CHAPTER.findall(line) or every_chapter
            above = None
            continue
        match = _ROW.match(line)
        if not match:
            continue
        cells = [cell.strip() for cell in match.group(2).split("|")]
        if len(cells) < 3:
            continue
        ident, written = match.group(1), cells[0]
        requirements[ident] = Requirement(
            id=ident,
            cite=resolve_cite(written, above, chapters),
            provision=cells[1],
            system=cells[2],
            area=ident.split("-", 1)[0],
            cite_as_written=written,
        )
        if not written.startswith("("):
            above = written
    return requirements


@cache
def catalog() -> dict[str, Requirement]:
    return parse_catalog(CATALOG_FILE.read_text(encoding="utf-8"))


def cite(requirement: str) -> str:
    """The cite a notice prints for ``requirement``, standing alone."""
    return catalog()[requirement].cite


TITLES_FILE = Path(__file__).parent / "titles.yaml"


@cache
def titles() -> dict[str, str]:
    """Every requirement's short title in plain words (``titles.yaml``)."""
    loaded = yaml.safe_load(TITLES_FILE.read_text(encoding="utf-8")) or {}
    return {str(ident): str(text) for ident, text in loaded.items()}


def title(requirement: str) -> str:
    """What a person calls ``requirement``: "Interceptor pump-out frequency" for
    FOG-MIN-FREQUENCY. A requirement with no title is named by its cite."""
    return titles().get(requirement) or catalog()[requirement].cite
