"""The docs are a map, and a map that names a room the house no longer has misleads.

Every repository path the README's map, the checklists (``docs/adding-*.md``) and the
architecture page name must exist, and every link between the docs must reach its
page and its heading: a move that leaves a doc naming the old place fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import ROOT

DOCS = ROOT / "docs"
README = ROOT / "README.md"
#: the pages that name paths a newcomer follows
MAPS = [README, DOCS / "architecture.md", *sorted(DOCS.glob("adding-*.md"))]
#: the folders a path named in the docs starts from
TOP = ("sanitas/", "tests/", "docs/", "scripts/", "examples/")

CODE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+?)\s*$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
#: a file name a map's row names beside its folder (`titles.py` in `sanitas/kit/`)
LOCAL = re.compile(r"^[A-Za-z_][\w.-]*(?:\.(?:py|yaml|md|json)|/)$")


def _prose(text: str) -> str:
    """The text outside fenced code blocks (commands, examples)."""
    return FENCE.sub("", text)


def _exists(path: str) -> bool:
    """Whether ``path`` (from the repository's root) is there; a pattern
    (``tests/test_*.py``) must match something."""
    path = path.split("::", 1)[0].rstrip(".,;:")
    if any(c in path for c in "*?["):
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


def named_paths(page: Path) -> list[str]:
    """The repository paths ``page`` names in code spans, outside code blocks, less
    those written as patterns with a placeholder (``tests/<app>/``)."""
    found = []
    for span in CODE.findall(_prose(page.read_text(encoding="utf-8"))):
        for word in span.split():
            if word.startswith(TOP) and "<" not in word and "{" not in word:
                found.append(word)
    return found


def map_rows(page: Path) -> list[tuple[str, list[str]]]:
    """The rows of a table whose path cell names a folder under ``sanitas/``, with the
    file names its other cells name (resolved in that folder)."""
    rows = []
    for line in _prose(page.read_text(encoding="utf-8")).splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        folder = next((c.strip("`") for c in cells if re.fullmatch(r"`sanitas/[\w/]+/`", c)), None)
        if folder is None:
            continue
        rest = " ".join(c for c in cells if c.strip("`") != folder)
        local = [w for w in CODE.findall(rest) if LOCAL.match(w) and not w.startswith(TOP)]
        rows.append((folder, local))
    return rows


def slug(heading: str) -> str:
    """A heading's anchor, as the forges make it."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(h) for h in HEADING.findall(_prose(page.read_text(encoding="utf-8")))}


def links(page: Path) -> list[tuple[Path, str]]:
    """The pages ``page`` links to within the repository, with the anchor asked."""
    out = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        out.append(((page.parent / file).resolve() if file else page, anchor))
    return out


@pytest.mark.parametrize("page", MAPS, ids=lambda p: p.name)
def test_every_path_a_map_names_exists(page: Path):
    assert page.is_file(), f"{page.relative_to(ROOT)} is missing"
    missing = [p for p in named_paths(page) if not _exists(p)]
    assert not missing, f"{page.relative_to(ROOT)} names paths that are not there: {missing}"


@pytest.mark.parametrize("page", MAPS, ids=lambda p: p.name)
def test_every_file_a_map_row_names_is_in_its_folder(page: Path):
    missing = [
        f"{folder}{name}"
        for folder, names in map_rows(page)
        for name in names
        if not (ROOT / folder / name).exists()
    ]
    assert not missing, f"{page.relative_to(ROOT)} names files that are not there: {missing}"


def test_the_readme_maps_every_app():
    """Each folder under ``sanitas/`` that is a Python package has its row in the map."""
    mapped = {folder for folder, _ in map_rows(README)}
    apps = {
        f"sanitas/{p.parent.name}/"
        for p in (ROOT / "sanitas").glob("*/__init__.py")
        if p.parent.name not in ("migrations", "management")
    }
    assert not apps - mapped, f"the README's map leaves out {sorted(apps - mapped)}"
    assert not mapped - apps, f"the README's map names folders that are gone: {mapped - apps}"


@pytest.mark.parametrize("page", [README, *sorted(DOCS.glob("*.md"))], ids=lambda p: p.name)
def test_every_link_between_the_docs_reaches_its_page_and_heading(page: Path):
    broken = []
    for target, anchor in links(page):
        if not target.exists():
            broken.append(f"{target.relative_to(ROOT)}: no such file")
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            broken.append(f"{target.relative_to(ROOT)}#{anchor}: no such heading")
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"


def test_the_checks_find_what_they_check():
    """The parsing finds the paths, rows and links the pages do hold, so that the
    tests above cannot pass by reading nothing."""
    assert len(named_paths(DOCS / "adding-a-fact-type.md")) > 20
    assert len(map_rows(README)) >= 14
    assert any(f == "sanitas/kit/" and "titles.py" in names for f, names in map_rows(README))
    assert slug("Notices in a scenario (`expect.notices`)") == "notices-in-a-scenario-expectnotices"
    assert (DOCS / "operating.md", "the-demo-city") in links(README)
    assert not _exists("sanitas/no_such_room/")
    assert not _exists("tests/test_no_such_*.py")
