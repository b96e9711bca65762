"""An installed Sanitas carries every file its code reads: each file under sanitas/
that is not Python source is named by a pattern of ``[tool.setuptools.package-data]``
in pyproject.toml (a template, a stylesheet, a catalog or a law's data file left out
would be missing from a wheel, though present in a clone)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "sanitas"
#: Python source, and build output and caches, which a clone does not ship as such
SKIPPED_SUFFIXES = {".py", ".pyc", ".mo"}


def _package_data() -> dict[str, list[str]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["tool"]["setuptools"]["package-data"]


def missing(package_data: dict[str, list[str]]) -> list[str]:
    """The data files under sanitas/ that no pattern of ``package_data`` names."""
    shipped: set[Path] = set()
    for package, patterns in package_data.items():
        base = ROOT.joinpath(*package.split("."))
        for pattern in patterns:
            shipped.update(p for p in base.glob(pattern) if p.is_file())
    return sorted(
        str(path.relative_to(ROOT))
        for path in PACKAGE.rglob("*")
        if path.is_file()
        and path.suffix not in SKIPPED_SUFFIXES
        and "__pycache__" not in path.parts
        and path not in shipped
    )


def test_every_data_file_is_shipped() -> None:
    left_out = missing(_package_data())
    assert not left_out, "not in [tool.setuptools.package-data]: " + ", ".join(left_out)


def test_a_file_left_out_is_named() -> None:
    package_data = _package_data()
    package_data["sanitas.ordinance"] = [
        p for p in package_data["sanitas.ordinance"] if p != "notice_kinds.yaml"
    ]
    del package_data["sanitas.reports"]
    left_out = missing(package_data)
    assert "sanitas/ordinance/notice_kinds.yaml" in left_out
    assert any(p.startswith("sanitas/reports/templates/") for p in left_out)
