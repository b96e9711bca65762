"""No module of sanitas/ reaches into another's private names.

A name that starts with one underscore is its module's own: another module neither
imports it (``from sanitas.records.models import _unwrap``, or relatively) nor reads
it off an imported module (``compose._evaluate``). What two modules share has a
public name. (The floors themselves, who may import whom, are import-linter's:
``pyproject.toml``'s ``[tool.importlinter]``, run by scripts/test.sh.) Tests may
still import private names.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sanitas"


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str, root: Path) -> bool:
    """Whether ``name`` (dotted, from the package's parent) is a module or package
    of the tree under ``root``."""
    relative = Path(*name.split("."))
    base = root.parent / relative
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_reaches(source: str, module: str, *, is_package: bool, root: Path) -> list[str]:
    """Each place in ``source`` (the module ``module``) that imports another module's
    private name or reads one off another imported module, as "line: what"."""
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: list[str] = []
    aliases: dict[str, str] = {}  # a local name → the module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                source_module = ".".join(parts + ([node.module] if node.module else []))
            else:
                source_module = node.module or ""
            for alias in node.names:
                if _private(alias.name) and source_module != module:
                    found.append(f"{node.lineno}: from {source_module} import {alias.name}")
                dotted = f"{source_module}.{alias.name}"
                if _is_module(dotted, root):
                    aliases[alias.asname or alias.name] = dotted
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and _is_module(alias.name, root):
                    aliases[alias.asname] = alias.name
                if any(_private(part) for part in alias.name.split(".")[1:]):
                    found.append(f"{node.lineno}: import {alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and aliases[node.value.id] != module
            and _private(node.attr)
        ):
            found.append(f"{node.lineno}: {aliases[node.value.id]}.{node.attr}")
    return found


def test_no_private_name_is_imported_across_modules():
    reaches = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        module = _module_name(path, PACKAGE)
        for where in private_reaches(
            path.read_text(encoding="utf-8"),
            module,
            is_package=path.name == "__init__.py",
            root=PACKAGE,
        ):
            reaches.append(f"{path.relative_to(PACKAGE.parent)}:{where}")
    assert not reaches, "private names used across modules:\n" + "\n".join(reaches)


def test_the_walk_finds_each_way_of_reaching_in(tmp_path):
    """The check above can fail: each way in is found, and a module's own names,
    dunders and attributes of things that are not modules are let be."""
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    for name in ("__init__.py", "sub/__init__.py", "sub/a.py", "sub/b.py"):
        (root / name).write_text("")
    source = "\n".join(
        [
            "from pkg.sub.a import _hidden, shown",  # 1: absolute
            "from .a import _relative",  # 2: relative, from the same package
            "from pkg.sub import a",
            "a._attribute",  # 4: read off an imported module
            "import pkg.sub.a as alias",
            "alias._other",  # 6: through an alias
            "from pkg.sub.b import _own",  # the module's own: let be
            "from __future__ import annotations",
            "a.__doc__",  # a dunder: let be
            "from pkg.sub.a import Thing",
            "Thing._meta",  # not a module: let be
        ]
    )
    found = private_reaches(source, "pkg.sub.b", is_package=False, root=root)
    assert found == [
        "1: from pkg.sub.a import _hidden",
        "2: from pkg.sub.a import _relative",
        "4: pkg.sub.a._attribute",
        "6: pkg.sub.a._other",
    ]
