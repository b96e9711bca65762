"""Record titles, made in one place (``sanitas.kit.titles``): every record type has a
title in people's words that is never its key, stored records are titled as the rows
they are, and a program has one title whichever of its names it is given by."""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from typing import Any

import pytest

from sanitas.access.roles import PROGRAM_ALIASES, PROGRAMS
from sanitas.kit.titles import (
    program_choices,
    program_title,
    requirement_title,
    subject_title,
    title_of,
    titles,
)
from sanitas.ordinance.catalog import title as catalog_title
from sanitas.ordinance.document import read_data
from sanitas.ordinance.facts import parse_facts
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.services import record_facts
from sanitas.records.worklist import PROGRAMS as WORKLIST_PROGRAMS

from ..conftest import OWN_SCENARIOS, ROOT, SHARED_SCENARIOS

#: a title reads as words: a capital letter or a digit first, no identifier's underscore
WORDS = re.compile(r"^[A-Z0-9][^_]*$")
#: at most this many facts of a type are titled (the scenarios hold thousands)
PER_TYPE = 12


@cache
def _facts_by_type() -> dict[str, list[Any]]:
    """Facts of every type, as the scenarios and the example city write them."""
    paths = [
        *sorted(SHARED_SCENARIOS.glob("*.yaml")),
        *sorted(OWN_SCENARIOS.glob("*.yaml")),
        *sorted((ROOT / "examples").glob("*.yaml")),
    ]
    found: dict[str, list[Any]] = {}
    for path in paths:
        for fact in parse_facts(read_data(path)["facts"]):
            kept = found.setdefault(fact.type, [])
            if len(kept) < PER_TYPE:
                kept.append(fact)
    return found


def _reads_as_words(text: str, key: str | None) -> None:
    assert text and WORDS.match(text), text
    if key:
        assert text != key and not text.startswith(key), (key, text)


@pytest.mark.parametrize("fact_type", sorted(RECORD_MODELS))
def test_every_record_type_has_a_title_in_words_that_is_not_its_key(fact_type):
    facts = _facts_by_type().get(fact_type, [])
    assert facts, f"no scenario or example records a {fact_type}"
    for fact in facts:
        _reads_as_words(title_of(fact_type, fact), getattr(fact, "id", None))
    # a record with nothing but its type recorded is still called what it is
    _reads_as_words(title_of(fact_type, {}), None)


def test_a_title_says_what_the_record_is_and_when():
    assert title_of("pump_out", {"date": date(2024, 6, 12)}) == "Pump-out of 2024-06-12"
    assert title_of("device", {"kind": "grease_interceptor", "capacity_gallons": 1000}) == (
        "Grease interceptor, 1,000 gal"
    )
    assert title_of("premises", {"address": "101 Las Tunas Dr"}) == "101 Las Tunas Dr"
    assert title_of("establishment", {"category": "restaurant", "address": "9 Main St"}) == (
        "Restaurant at 9 Main St"
    )
    assert title_of("permit", {"number": "HC-1"}, where="9 Main St") == "Permit HC-1, 9 Main St"


@pytest.mark.django_db
def test_stored_records_are_titled_as_their_rows_with_what_they_belong_to():
    record_facts(
        raw_facts=read_data(ROOT / "examples" / "city-block.yaml")["facts"],
        actor="clerk",
        why="block survey",
    )
    keys = list(RecordIndex.objects.values_list("key", flat=True))
    named = titles(keys)
    assert set(named) == set(keys)
    for key, found in named.items():
        _reads_as_words(found.text, key)
        assert found.key == key and found.fact_type == RecordIndex.objects.get(key=key).fact_type
        assert found.owner_key in ("", *keys)
    assert named["jade-gi"].text == "Grease interceptor, 1,000 gal, installed 2016-04-01"
    assert (named["jade-gi"].owner, named["jade-gi"].owner_key) == ("Jade Garden", "jade-garden")
    assert named["po-2024-06"].text == "Pump-out of 2024-06-12"
    assert named["po-2024-06"].owner == named["jade-gi"].text
    assert subject_title("jade-gi") == named["jade-gi"].text
    # a key no record has is never passed off as a title
    assert subject_title("no-such-record") == "Record not on file (no-such-record)"


def test_a_program_has_one_title_whichever_name_it_is_given_by():
    assert [key for key, _title in program_choices()] == list(PROGRAMS) == list(WORKLIST_PROGRAMS)
    for key in PROGRAMS:
        assert program_title(key) == WORKLIST_PROGRAMS[key].label
    for other, key in PROGRAM_ALIASES.items():
        assert program_title(other) == program_title(key)
    assert program_title("organics") == "SB 1383 organic waste"
    assert len({title for _key, title in program_choices()}) == len(PROGRAMS)
    assert program_title(None) == program_title("") == ""
    with pytest.raises(KeyError):
        program_title("parking")


def test_a_requirement_is_titled_as_the_catalog_titles_it():
    assert requirement_title("FOG-MIN-FREQUENCY") == catalog_title("FOG-MIN-FREQUENCY")
    assert requirement_title("FOG-MIN-FREQUENCY") != "FOG-MIN-FREQUENCY"
    assert requirement_title("NO-SUCH-RULE") == "NO-SUCH-RULE"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "es",
            [
                "Vaciado del 12 de junio de 2024",
                "Interceptor de grasa, 1.000 gal, instalado el 1 de abril de 2016",
                "Restaurante en 9 Main St",
                "Permiso HC-1, 9 Main St",
                "Maria Lopez, line cook, contratado el 10 de febrero de 2025",
                "Aviso de infracción del 1 de marzo de 2025",
                "Recolección de residuos orgánicos desde el 1 de enero de 2024",
                "101 Las Tunas Dr",
            ],
        ),
        (
            "zh-Hant",
            [
                "2024年6月12日的抽除",
                "油脂截流器，1,000 加侖，2016年4月1日安裝",
                "位於9 Main St的餐廳",
                "許可證 HC-1，9 Main St",
                "Maria Lopez，line cook，2025年2月10日僱用",
                "2025年3月1日的違規通知",
                "自2024年1月1日起的有機廢棄物收集",
                "101 Las Tunas Dr",
            ],
        ),
    ],
)
def test_a_title_is_in_the_readers_language_its_names_as_recorded(language, said):
    from django.utils import translation

    rows = [
        ("pump_out", {"date": date(2024, 6, 12)}),
        ("device", {"kind": "grease_interceptor", "capacity_gallons": 1000,
                    "installed_on": date(2016, 4, 1)}),
        ("establishment", {"category": "restaurant", "address": "9 Main St"}),
        ("permit", {"number": "HC-1"}),
        ("employee", {"name": "Maria Lopez", "job_title": "line cook",
                      "hired_on": date(2025, 2, 10)}),
        ("notice", {"kind": "nov", "issued_on": date(2025, 3, 1)}),
        ("collection_service", {"stream": "organics", "start": date(2024, 1, 1)}),
        ("premises", {"address": "101 Las Tunas Dr"}),
    ]  # fmt: skip
    where = {"permit": "9 Main St"}
    titled = [title_of(t, row, where=where.get(t, ""), language=language) for t, row in rows]
    assert titled == said
    # by default, the page's language
    django_code = "zh-hant" if language == "zh-Hant" else language
    with translation.override(django_code):
        assert title_of("pump_out", {"date": date(2024, 6, 12)}) == said[0]
    assert title_of("pump_out", {"date": date(2024, 6, 12)}) == "Pump-out of 2024-06-12"
