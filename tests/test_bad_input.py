"""Bad input the engine refuses clearly: the corpus in ``tests/bad/`` (and files too
large to keep there, made at test time) run through ``sanitas evaluate`` and
``sanitas check`` in a subprocess held to a memory limit (and killed if it hangs),
each refused with exit status 2 and a message naming the fact and the field, never
with a traceback, a hang or gigabytes of memory; what is refused unread is seen
unread by the bytes the process read; and the bounds of every value
(``sanitas.ordinance.bounds``), held alike by the vocabulary and the fast path.

The importer's side of the corpus is ``tests/intake/test_bad_imports.py``.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from sanitas.ordinance import bounds
from sanitas.ordinance.bounds import shown
from sanitas.ordinance.document import load_document, read_bounded, read_data
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.facts import FACT_TYPES, FactsError, _parse_facts_reporting, parse_facts
from sanitas.ordinance.fastpath import decoder
from sanitas.ordinance.yamlio import load_yaml

from .conftest import OWN_SCENARIOS, ROOT

BAD = ROOT / "tests" / "bad"
BLOCK = ROOT / "examples" / "city-block.yaml"
#: each run of the command line: in at most this much memory, and killed (a failure)
#: if it has not ended after this long, which only a hang takes
HANG_LIMIT = 300
MEMORY_LIMIT = 2**30


# --------------------------------------------------------------------------- running the CLI


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_limited(*argv: Any, env: dict[str, str] | None = None) -> Run:
    """``sanitas ARGV`` in its own process, held to ``MEMORY_LIMIT`` bytes of address
    space (an allocation beyond the limit fails the command with a MemoryError); a
    hang fails the test by its timeout, ``HANG_LIMIT``."""
    proc = subprocess.run(
        [sys.executable, "-m", "sanitas", *map(str, argv)],
        capture_output=True,
        text=True,
        errors="replace",
        timeout=HANG_LIMIT,
        preexec_fn=_limit_memory,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def assert_refused(run: Run, *fragments: str) -> None:
    """Exit status 2, each fragment in what was printed, and no traceback."""
    assert "Traceback" not in run.err, run.err[-3000:]
    assert "MemoryError" not in run.err, run.err[-3000:]
    assert run.code == 2, run.text[-3000:]
    for fragment in fragments:
        assert fragment in run.text, f"{fragment!r} not in:\n{run.text[-3000:]}"


def bytes_read(action: Callable[[], Any]) -> int:
    """How many bytes this process read (``rchar`` of ``/proc/self/io``: every read
    call, of any file) while ``action`` ran."""

    def rchar() -> int:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("rchar:"):
                return int(line.split()[1])
        raise AssertionError("no rchar in /proc/self/io")

    before = rchar()
    action()
    return rchar() - before


# --------------------------------------------------------------------------- the corpus

#: every facts file of the corpus, and what its refusal must say (the fact, the field)
FACTS_CORPUS: dict[str, tuple[str, ...]] = {
    "alias-bomb.yaml": (
        "alias-bomb.yaml: line 9, column 12: a value anchored with & is repeated by an alias",
    ),
    "merge-key-bomb.yaml": ("line 6, column 6: a merge key (<<) copies another mapping",),
    "as-of-end-of-calendar.yaml": (
        "as_of: 9999-12-31 is outside the dates Sanitas works with (1900-01-01 to 2199-12-31)",
    ),
    "dates-beyond-the-calendar.yaml": (
        "fact 1 (id 'arroyo-pho', establishment): opened_on: 0001-01-01 is outside the dates",
        "fact 3 (id 'last-pump', pump_out): date: 9999-12-30 is outside the dates",
        "fact 4 (id 'pile', accumulation): since: 9999-12-31 is outside the dates",
        "fact 6 (report): period: 9999 is outside the years Sanitas works with (1900 to 2199)",
    ),
    "integers-beyond-64-bits.yaml": (
        "fact 1 (id 'arroyo-pho', establishment): seats: 99999999999999999999 is beyond the "
        "whole numbers the records hold",
        "fact 2 (id 'gi-1', device): compartments: ",
        "fact 3 (frequency_order): months: 18446744073709551616 is beyond the whole numbers",
    ),
    "integers-beyond-64-bits.json": (
        "fact 1 (id 'arroyo-pho', establishment): seats: 18446744073709551615 is beyond",
        "fact 2 (id 'gi-1', device): compartments: expected a whole number",
    ),
    "number-of-5000-digits.yaml": (
        "line 5, column 72: a whole number of 5,000 digits is beyond any number a facts file holds",
    ),
    "numbers-beyond-range.yaml": (
        "fact 1 (id 'arroyo-pho', establishment): floor_area_sqft: ",
        "fact 1 (id 'arroyo-pho', establishment): gross_annual_sales: an amount of about "
        "10^400 is beyond the amounts the records hold",
        "fact 2 (id 'gi-1', device): capacity_gallons: inf is beyond the numbers accepted here",
        "fact 3 (id 'cite-1', citation): amount: $10,000,000,000,000 is beyond the amounts",
    ),
    "control-characters.yaml": (
        "fact 1 (id 'arroyo-pho', establishment): name: holds the control character U+0000 "
        "at character 7, which cannot be stored",
        "fact 2 (id 'lot-1', premises): address: holds the control character U+001B",
    ),
    "control-characters.json": (
        "fact 1 (id 'arroyo-pho', establishment): name: holds the control character U+0000",
        "fact 2 (id 'lot\\x00-1', premises): id: holds the control character U+0000",
    ),
    "lone-surrogate.json": ("lone-surrogate.json: not valid JSON: no low surrogate in string",),
    "overlong-text.yaml": (
        "(id 'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx', premises): id: text "
        "of 201 characters; this field holds at most 200",
        "fact 2 (id 'arroyo-pho', establishment): name: text of 329 characters; this field "
        "holds at most 300",
        "fact 3 (id 'lot-1', premises): notes: text of 10,001 characters; this field holds at "
        "most 10,000",
    ),
    "deep-nesting.json": ("deep-nesting.json: not valid JSON: depth limit exceeded",),
    "deep-nesting.yaml": ("deep-nesting.yaml: not valid YAML: line 5",),
    "unknown-type.yaml": ("fact 5 (spaceship): type: unknown fact type 'spaceship'",),
}


def test_the_corpus_is_listed_whole():
    """Each facts file of ``tests/bad`` has its expected refusal here (the feeds are
    the importer's: ``tests/intake/test_bad_imports.py``)."""
    files = {p.name for p in BAD.iterdir() if p.suffix in (".yaml", ".json")}
    assert files == set(FACTS_CORPUS)


@pytest.mark.parametrize("name", sorted(FACTS_CORPUS))
@pytest.mark.parametrize("command", ["evaluate", "check"])
def test_each_bad_facts_file_is_refused_by_the_command_line(command, name):
    run = run_limited(command, BAD / name)
    assert_refused(run, *FACTS_CORPUS[name])


def test_an_as_of_option_at_the_end_of_the_calendar_is_refused():
    run = run_limited("evaluate", BLOCK, "--as-of", "9999-12-31")
    assert_refused(
        run,
        "argument --as-of: 9999-12-31 is outside the dates Sanitas works with "
        "(1900-01-01 to 2199-12-31)",
    )
    assert_refused(run_limited("evaluate", BLOCK, "--as-of", "1899-12-31"), "1899-12-31")


def test_the_last_day_of_the_range_evaluates_with_bounded_work():
    """The calendar's end bounds an evaluation's work: each periodic obligation makes
    one finding per period up to the as-of date, some 5,200 for the city block as of
    2199-12-31 (``bounds.py``), not the forty times as many of a date in 9000."""
    run = run_limited("evaluate", BLOCK, "--as-of", "2199-12-31", "--format", "json")
    assert run.code == 0, run.err[-2000:]
    evaluation = json.loads(run.out)
    assert evaluation["as_of"] == "2199-12-31"
    assert 1_000 < len(evaluation["findings"]) < 10_000


# --------------------------------------------------------------------------- made at test time


def _note_of(size: int, suffix: str, path: Path) -> Path:
    big = "x" * size
    if suffix == ".json":
        path.write_text(
            '{"as_of": "2025-03-01", "facts": [{"id": "lot-1", "type": "premises", "notes": "'
            + big
            + '"}]}'
        )
    else:
        path.write_text(
            f"as_of: 2025-03-01\nfacts:\n  - {{id: lot-1, type: premises, notes: {big}}}\n"
        )
    return path


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_100_megabyte_file_is_refused_by_its_size_before_it_is_read(tmp_path, suffix):
    path = _note_of(100 * 2**20, suffix, tmp_path / f"huge-note{suffix}")
    limit = "16 MB accepted; split it, or write it as JSON" if suffix == ".yaml" else "64 MB"
    run = run_limited("evaluate", path)
    assert_refused(run, f"huge-note{suffix}: the file is 100 MB, more than the {limit}")
    # by its size: read no further than a look at its length (not a byte of its text)

    def read() -> None:
        with pytest.raises(FactsError, match="the file is 100 MB"):
            read_data(path)

    assert bytes_read(read) < 2**20


def test_a_text_field_of_megabytes_is_refused_by_its_length(tmp_path):
    """A field is measured before it is scanned, and its value never printed."""
    run = run_limited("evaluate", _note_of(20 * 2**20, ".json", tmp_path / "long-note.json"))
    assert_refused(
        run,
        "fact 1 (id 'lot-1', premises): notes: text of 20,971,520 characters; this field "
        "holds at most 10,000",
    )
    assert len(run.err) < 1000
    # measured first: a NUL at its end is not looked for (the text is not scanned)
    problem = bounds.text_problem("x" * 20 * 2**20 + "\x00", bounds.LONG_TEXT_MAX)
    assert problem == "text of 20,971,521 characters; this field holds at most 10,000"


def test_a_device_that_never_ends_is_read_only_to_the_limit():
    assert_refused(run_limited("evaluate", "/dev/zero"), "more than the 16 MB accepted")


def test_read_bounded_stops_a_stream_at_its_limit(tmp_path: Path):
    fifo = tmp_path / "stream.yaml"
    os.mkfifo(fifo)
    writer = subprocess.Popen(
        [sys.executable, "-c", f"open({str(fifo)!r}, 'wb').write(b'x' * (3 * 2**20))"]
    )
    try:
        with pytest.raises(Exception, match="more than the 2 MB accepted"):
            read_bounded(fifo, 2 * 2**20)
    finally:
        writer.kill()
        writer.wait()
    small = tmp_path / "small.yaml"
    small.write_bytes(b"facts: []\n")
    assert read_bounded(small, 2**20) == b"facts: []\n"


# --------------------------------------------------------------------------- YAML


def test_yaml_aliases_and_merge_keys_are_refused_even_when_harmless():
    with pytest.raises(ValueError, match=r"line 1, column 4: a value anchored with &"):
        load_yaml("a: &x 1\nb: *x\n")
    with pytest.raises(ValueError, match=r"a merge key \(<<\)"):
        load_yaml("a: &x {k: 1}\nb: {<<: *x}\n")
    with pytest.raises(ValueError, match="a value anchored with &"):
        load_yaml("a: &x [*x]\n")  # a recursive alias
    # an anchor no alias repeats is harmless
    assert load_yaml("a: &x 1\nb: 2\n") == {"a": 1, "b": 2}


def test_yaml_numbers_written_with_underscores_stay_text_for_the_vocabulary_to_refuse():
    """YAML 1.1 reads ``1_000`` as 1000; a facts file's numbers are its digits alone, so
    the value stays text, and the vocabulary refuses it naming the fact and the field."""
    data = load_yaml("a: 1_000\nb: 2_500.5\nc: 1000\nd: 0x1_F\ne: 12.5\n")
    assert data == {"a": "1_000", "b": "2_500.5", "c": 1000, "d": "0x1_F", "e": 12.5}
    text = (
        "facts:\n"
        "  - {id: e-1, type: establishment, category: restaurant, seats: 1_000,\n"
        "     floor_area_sqft: 2_500.5, gross_annual_sales: 12_000}\n"
    )
    with pytest.raises(FactsError) as refused:
        parse_facts(load_yaml(text)["facts"])
    label = "fact 1 (id 'e-1', establishment)"
    assert refused.value.problems == [
        f"{label}: seats: expected a whole number, got '1_000', which holds an underscore at "
        "character 2; write the number with the digits 0-9 alone (1000, not 1_000)",
        f"{label}: floor_area_sqft: expected a number, got '2_500.5', which holds an "
        "underscore at character 2; write the number with the digits 0-9 alone (1000, not "
        "1_000)",
        f"{label}: gross_annual_sales: expected an amount in dollars: '12_000' holds an "
        "underscore at character 3; write the number with the digits 0-9 alone (1000, not "
        "1_000)",
    ]


def test_yaml_whole_numbers_are_read_up_to_forty_digits():
    assert load_yaml("n: " + "9" * 40) == {"n": int("9" * 40)}
    with pytest.raises(ValueError, match="a whole number of 41 digits"):
        load_yaml("n: " + "9" * 41)


def test_a_facts_file_of_the_public_scenarios_still_reads():
    for path in sorted(OWN_SCENARIOS.glob("*.yaml"))[:20]:
        assert load_document(path).facts


# --------------------------------------------------------------------------- the bounds


def _fast_and_slow(raw: dict[str, Any]) -> tuple[bool, list[str]]:
    """Whether the fast path accepts ``[raw]``, and the vocabulary's problems with it."""
    fast = decoder().decode([raw]) is not None
    try:
        _parse_facts_reporting([raw])
    except FactsError as exc:
        return fast, exc.problems
    return fast, []


EST = {"id": "e-1", "type": "establishment", "category": "restaurant"}
EDGES: list[tuple[dict[str, Any], str | None]] = [
    # (fact, the problem: None where it is accepted)
    ({**EST, "name": "n" * 300}, None),
    ({**EST, "name": "n" * 301}, "name: text of 301 characters; this field holds at most 300"),
    ({**EST, "notes": "n" * 10_000}, None),
    ({**EST, "notes": "n" * 10_001}, "notes: text of 10,001 characters"),
    ({**EST, "id": "i" * 200}, None),
    ({**EST, "id": "i" * 201}, "id: text of 201 characters; this field holds at most 200"),
    ({**EST, "premises": "p" * 201}, "premises: text of 201 characters"),
    ({**EST, "name": "tab\tand\nnew line\r"}, None),
    ({**EST, "name": "bell\x07"}, "name: holds the control character U+0007 at character 5"),
    ({**EST, "name": "\x7fdel"}, None),
    ({**EST, "name": "x\ud83d"}, "name: holds U+D83D at character 2, half of a UTF-16 pair"),
    ({**EST, "name": "emoji 🍜"}, None),
    ({**EST, "seats": 2**63 - 1}, None),
    ({**EST, "seats": 2**63}, "seats: 9223372036854775808 is beyond the whole numbers"),
    ({**EST, "floor_area_sqft": 1e15}, None),
    ({**EST, "floor_area_sqft": 1.0000001e15}, "floor_area_sqft: 1000000100000000.0 is beyond"),
    ({**EST, "floor_area_sqft": 10**15}, None),
    ({**EST, "floor_area_sqft": 10**15 + 1}, "floor_area_sqft: 1000000000000001.0 is beyond"),
    ({**EST, "floor_area_sqft": float("nan")}, "floor_area_sqft: "),
    ({"id": "d", "type": "device", "establishment": "e-1", "kind": "sand_trap"}, None),
    ({**EST, "gross_annual_sales": "999999999999.99"}, None),
    ({**EST, "gross_annual_sales": "1000000000000"}, "gross_annual_sales: $1,000,000,000,000"),
    ({**EST, "gross_annual_sales": "-1000000000000"}, "gross_annual_sales: -$1,000,000,000,000"),
    ({**EST, "opened_on": "1900-01-01"}, None),
    ({**EST, "opened_on": "1899-12-31"}, "opened_on: 1899-12-31 is outside the dates"),
    ({**EST, "opened_on": "2199-12-31"}, None),
    ({**EST, "opened_on": "2200-01-01"}, "opened_on: 2200-01-01 is outside the dates"),
    ({**EST, "opened_on": date(9999, 12, 31)}, "opened_on: 9999-12-31 is outside the dates"),
    (
        {
            "type": "report",
            "subject": "e-1",
            "kind": "edible_food_annual",
            "period": "2199-Q4",
            "date": "2025-01-01",
        },
        None,
    ),
    (
        {
            "type": "report",
            "subject": "e-1",
            "kind": "edible_food_annual",
            "period": "2200",
            "date": "2025-01-01",
        },
        "period: 2200 is outside the years",
    ),
    (
        {"id": "lot-1", "type": "premises", "notes": "x", "zone": "C\x003"},
        "zone: holds the control character U+0000",
    ),
    (
        {
            "id": "cd-1",
            "type": "connection_design",
            "persons_served": 4,
            "segments": [
                {"from": "a", "to": "b", "diameter_in": 4, "material": "m" * 301},
            ],
        },
        "segments: [0].material: text of 301 characters",
    ),
    (
        {
            "type": "training",
            "establishment": "e-1",
            "date": "2025-01-01",
            "employees": ["e\x00"],
            "signed": True,
        },
        "employees: [0]: holds the control character U+0000",
    ),
    # keys: letters, digits and - _ . : ~ / (bounds.KEY_PATTERN), what every door uses
    ({**EST, "id": "Lot-12_b.3:x~y/z"}, None),
    ({**EST, "id": "pump_out~0a1b2c"}, None),
    ({**EST, "id": "jade garden"}, "id: 'jade garden' holds ' ' (U+0020 SPACE) at character 5"),
    ({**EST, "id": "line\nbreak"}, "id: 'line\\nbreak' holds the control character (U+000A)"),
    ({**EST, "id": 'say "hi"'}, "id: 'say \"hi\"' holds ' ' (U+0020 SPACE) at character 4"),
    ({**EST, "id": "a'b"}, 'id: "a\'b" holds "\'" (U+0027 APOSTROPHE) at character 2'),
    ({**EST, "id": "<b>"}, "id: '<b>' holds '<' (U+003C LESS-THAN SIGN) at character 1"),
    ({**EST, "id": "100%"}, "id: '100%' holds '%' (U+0025 PERCENT SIGN) at character 4"),
    ({**EST, "id": "a\\b"}, "id: 'a\\\\b' holds '\\\\' (U+005C REVERSE SOLIDUS) at character 2"),
    ({**EST, "id": "jаde"}, "id: 'jаde' holds 'а' (U+0430 CYRILLIC SMALL LETTER A) at character 2"),
    (
        {**EST, "id": "ｊａｄｅ"},
        "id: 'ｊａｄｅ' holds 'ｊ' (U+FF4A FULLWIDTH LATIN SMALL LETTER J)",
    ),
    ({**EST, "id": "/etc"}, "id: '/etc' begins with '/' (U+002F SOLIDUS)"),
    ({**EST, "id": ""}, "id: an empty key"),
    ({**EST, "premises": "lot 1"}, "premises: 'lot 1' holds ' ' (U+0020 SPACE) at character 4"),
    (
        {
            "type": "training",
            "establishment": "e-1",
            "date": "2025-01-01",
            "employees": ["e-2", "e 3"],
            "signed": True,
        },
        "employees: [1]: 'e 3' holds ' ' (U+0020 SPACE) at character 2",
    ),
    # numbers written as text: the digits 0-9 alone (bounds.number_text_problem)
    ({**EST, "gross_annual_sales": "1000.50"}, None),
    (
        {**EST, "gross_annual_sales": "1_000"},
        "gross_annual_sales: expected an amount in dollars: '1_000' holds an underscore at "
        "character 2",
    ),
    (
        {**EST, "gross_annual_sales": "１２"},
        "gross_annual_sales: expected an amount in dollars: '１２' holds '１' (U+FF11 "
        "FULLWIDTH DIGIT ONE) at character 1",
    ),
    (
        {**EST, "gross_annual_sales": "١٢"},
        "gross_annual_sales: expected an amount in dollars: '١٢' holds '١' (U+0661 "
        "ARABIC-INDIC DIGIT ONE) at character 1",
    ),
    ({**EST, "seats": "1_000"}, "seats: expected a whole number, got '1_000', which holds an "),
    ({**EST, "floor_area_sqft": "１２"}, "floor_area_sqft: expected a number, got '１２', which "),
    ({**EST, "opened_on": "２０２５-01-01"}, "opened_on: expected a date (YYYY-MM-DD), got '２０"),
    (
        {
            "type": "report",
            "subject": "e-1",
            "kind": "edible_food_annual",
            "period": "２０２４",
            "date": "2025-01-01",
        },
        'period: expected a reporting period such as "2024" or "2025-Q1", got \'２０２４\'',
    ),
]


@pytest.mark.parametrize(("fact", "problem"), EDGES, ids=lambda v: shown(v)[:40])
def test_each_bound_is_held_alike_by_the_vocabulary_and_the_fast_path(fact, problem):
    fast, problems = _fast_and_slow(fact)
    references = [p for p in problems if "no fact has the id" in p]
    own = [p for p in problems if p not in references]
    if problem is None:
        assert not own, own
    else:
        assert not fast, "the fast path accepted what the vocabulary refuses"
        assert any(problem in p for p in own), own


def test_every_text_field_of_the_vocabulary_is_bounded():
    """A value of 100,000 characters is refused in every text field of every type."""
    import sanitas.ordinance.rules  # noqa: F401

    long = "x" * 100_000
    checked = 0
    for name, model in FACT_TYPES.items():
        for field_name, info in model.model_fields.items():
            if info.annotation not in (str, str | None) or info.metadata:
                continue
            with pytest.raises(ValidationError) as caught:
                model.model_validate({"type": name, field_name: long})
            assert "text of 100,000 characters" in str(caught.value), (name, field_name)
            checked += 1
    assert checked > 150


SAMPLE = sorted(OWN_SCENARIOS.glob("*.yaml"))[::12]
EXTREMES = {
    int: [bounds.INT_MAX, bounds.INT_MIN],
    float: [bounds.NUMBER_MAX, -bounds.NUMBER_MAX],
    "date": ["2199-12-31", "1900-01-01"],
    "money": ["999999999999.99", "-999999999999.99"],
}


def _kind(model: type, name: str) -> Any:
    text = str(model.model_fields[name].annotation) + str(model.model_fields[name].metadata)
    if "parse_money" in text:
        return "money"
    if "parse_date" in text and "parse_datetime" not in text:
        return "date"
    if "int" in text and "list" not in text and "Literal" not in text:
        return int
    if "float" in text and "list" not in text:
        return float
    return None


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.name)
def test_values_at_the_bounds_never_crash_the_engine(path: Path):
    """Every number and date of a scenario set to the ends of its bounds, one field at
    a time: the facts are refused (by a field's own bounds) or evaluated, as of the
    first and the last day of the range, never a crash."""
    data = read_data(path)
    document = load_document(path)
    pack = document.pack()
    fields = {
        (raw["type"], name, kind)
        for raw in data["facts"]
        for name in FACT_TYPES[raw["type"]].model_fields
        if (kind := _kind(FACT_TYPES[raw["type"]], name)) is not None
    }
    for fact_type, name, kind in sorted(fields, key=str):
        for value in EXTREMES[kind]:
            facts = [{**f, name: value} if f["type"] == fact_type else f for f in data["facts"]]
            try:
                parsed = parse_facts(facts)
            except FactsError:
                continue
            for as_of in (bounds.LAST_DATE, bounds.FIRST_DATE, document.as_of):
                evaluate_facts(parsed, as_of=as_of, pack=pack)


def test_a_message_shows_a_huge_value_short():
    assert shown("x" * 10**7).startswith("'xxxx") and len(shown("x" * 10**7)) < 80
    assert shown(10**100_000) == "a whole number of about 100,001 digits"
    assert shown(-(10**100_000)) == "-a whole number of about 100,001 digits"
    deep: list[Any] = []
    for _ in range(10_000):
        deep = [deep]
    assert len(shown(deep)) < 80
    assert shown(Decimal("1e400")) == "an amount of about 10^400"
    assert shown(list(range(10**6))).endswith("...]")
