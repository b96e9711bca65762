"""The engine's kernel knows no area: the areas register their fact types, rules and
exceptions with it, the loader at the package's edge places them, and the kernel's
modules import none of them (the import-linter contract ``ordinance-kernel``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sanitas.ordinance import rules
from sanitas.ordinance.engine import RULES, order_rules
from sanitas.ordinance.facts import FACT_TYPES

ROOT = Path(__file__).resolve().parent.parent
AREAS = {area.__name__.rsplit(".", 1)[-1] for area in rules.AREAS}


def test_the_kernel_imports_no_area():
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run(
        [str(lint), "--contract", "ordinance-kernel"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "imports none of its areas" in done.stdout and "KEPT" in done.stdout


def test_every_fact_type_lives_in_its_area():
    for name, model in FACT_TYPES.items():
        package, _, rest = model.__module__.removeprefix("sanitas.ordinance.").partition(".")
        assert package in AREAS and rest, f"{name} is declared in {model.__module__}"
        assert model.area == package


def test_every_rule_sits_in_a_section_its_area_places():
    placed = set()
    for area in rules.AREAS:
        name = area.__name__.removeprefix("sanitas.ordinance.")
        placed |= {f"{name}.{section}" for section in getattr(area, "SECTIONS", ())}
    modules = {spec.func.__module__.removeprefix("sanitas.ordinance.") for spec in RULES}
    assert modules <= placed
    assert {m.split(".", 1)[0] for m in modules} == AREAS


def test_the_loaders_order_is_the_order_the_rules_run_in():
    """Placing the rules again changes nothing: the order is the loader's, whatever
    order the modules were imported in."""
    before = list(RULES)
    order_rules(rules.AREAS)
    assert before == RULES


def test_a_module_the_loader_does_not_place_is_refused():
    before = list(RULES)
    with pytest.raises(ValueError, match="the loader places no module"):
        order_rules(rules.AREAS[:1])
    assert before == RULES
