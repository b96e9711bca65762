"""``sanitas bench anchor``: FOG-MIN-FREQUENCY by the engine and by a vectorised numpy
reference agree on every finding, and the city they run on tests every part of
the rule."""

from __future__ import annotations

import sys
from datetime import date, timedelta

import numpy as np  # the test extra installs it
import orjson
import pytest
from dateutil.relativedelta import relativedelta

from sanitas.bench.anchor import (
    AS_OF,
    add_months,
    anchor_facts,
    bench_anchor,
    columns,
    numpy_findings,
    sanitas_findings,
)
from sanitas.cli import main
from sanitas.ordinance.facts import parse_facts
from sanitas.ordinance.pack import load_pack


@pytest.fixture(scope="module")
def city():
    pack = load_pack()
    facts = parse_facts(anchor_facts(400))
    return facts, pack, sorted(sanitas_findings(facts, pack))


def test_both_compute_the_same_findings(city):
    facts, pack, ours = city
    assert sorted(numpy_findings(columns(facts, pack))) == ours
    assert {status for _, _, status in ours} == {"due", "overdue", "late"}
    assert len({device for device, _, _ in ours}) == 400  # every interceptor's open interval


@pytest.mark.parametrize(
    "change",
    [
        "cap_months",
        "orders",
        "late_from_installation",
        "opening",
        "default_months",
        "in_force",
    ],
)
def test_the_city_tests_every_part_of_the_rule(city, change):
    """A reference that gets one part of the rule wrong disagrees with the engine on
    this city: the six-month cap, the orders, the interval from the installation, the
    clock from the opening, the default frequency, the effective date."""
    facts, pack, ours = city
    c = columns(facts, pack)
    wrong = {
        "cap_months": {"cap_months": 12},
        "orders": {"order_day": np.full_like(c["order_day"], np.datetime64("NaT"))},
        "late_from_installation": {"late_from_installation": not c["late_from_installation"]},
        "opening": {"opened": np.full_like(c["opened"], np.datetime64("2000-01-01"))},
        "default_months": {"default_months": c["default_months"] + 1},
        "in_force": {"in_force": np.datetime64("2019-01-01")},
    }[change]
    assert sorted(numpy_findings({**c, **wrong})) != ours


def test_the_months_are_added_as_the_engine_adds_them():
    days = [date(2023, 1, 1) + timedelta(days=k) for k in range(0, 800, 7)] + [
        date(2024, 1, 31),
        date(2024, 2, 29),
        date(2023, 8, 31),
    ]
    for months in (1, 2, 3, 6, 13):
        got = add_months(np.array(days, "datetime64[D]"), np.full(len(days), months))
        assert [d.item() for d in got] == [d + relativedelta(months=months) for d in days]


def test_the_run_reports_agreement_and_ratios():
    result = bench_anchor(establishments=300, repeat=1)
    assert result["agree"] and result["findings"] > 300
    assert result["ratio_to_numpy_rule"] > 0 and result["seconds"]["sanitas"] > 0
    assert sum(result["statuses"].values()) == result["findings"]


def test_the_command_prints_json(capsysbinary):
    assert (
        main(["bench", "anchor", "--establishments", "150", "--repeat", "1", "--format", "json"])
        == 0
    )
    result = orjson.loads(capsysbinary.readouterr().out)
    assert result["agree"] is True and result["establishments"] == 150


def test_without_numpy_the_command_says_so(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy raises ImportError
    assert main(["bench", "anchor", "--establishments", "10"]) == 2
    assert "needs numpy" in capsys.readouterr().err


def test_the_city_is_what_the_rule_needs():
    facts = anchor_facts(50)
    assert {f["type"] for f in facts} == {
        "premises",
        "establishment",
        "device",
        "frequency_order",
        "pump_out",
    }
    assert all(date.fromisoformat(f["date"]) <= AS_OF for f in facts if "date" in f)
    assert anchor_facts(50) == facts  # deterministic
