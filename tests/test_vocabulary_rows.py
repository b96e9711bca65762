"""The vocabulary's lists of objects (a design's runs, a noncompliance charge's costs):
each object is a ``Row`` whose fields say what they hold, so that a record's form draws
each object as a row of labelled inputs, the catalogs carry the rows' words, and the
vocabulary's reference lists the objects' fields."""

from __future__ import annotations

from types import NoneType, UnionType
from typing import Union, get_args, get_origin

from pydantic import BaseModel

from sanitas.ordinance.facts import Row, row_fields, row_model, vocabulary
from sanitas.ordinance.field_texts import field_texts
from sanitas.ordinance.fog.vocabulary import CostLine
from sanitas.ordinance.messages import FIELD_CONTEXT, HELP_CONTEXT, WORD_CONTEXT
from sanitas.ordinance.permits.vocabulary import Segment
from sanitas.ordinance.reference import vocabulary_json, vocabulary_markdown


def _objects_of(annotation):
    """The model a list field holds, when it holds models."""
    base = annotation
    if get_origin(base) in (Union, UnionType):
        others = [a for a in get_args(base) if a is not NoneType]
        base = others[0] if len(others) == 1 else None
    if get_origin(base) is not list:
        return None
    (item,) = get_args(base)
    return item if isinstance(item, type) and issubclass(item, BaseModel) else None


def test_a_list_of_objects_is_found_optional_or_not():
    assert row_model(list[Segment]) is Segment
    assert row_model(list[Segment] | None) is Segment
    assert row_model(list[str]) is None
    assert row_model(list[str] | None) is None
    assert row_model(Segment) is None
    assert row_model(int | str) is None


def test_every_list_of_objects_of_the_vocabulary_holds_rows_that_say_what_they_hold():
    found = {}
    for fact_type, model in vocabulary().items():
        for name, info in model.model_fields.items():
            objects = _objects_of(info.annotation)
            if objects is None:
                continue
            # the form draws it as rows only when its objects are Rows
            assert issubclass(objects, Row), f"{fact_type}.{name}"
            assert row_model(info.annotation) is objects
            found[f"{fact_type}.{name}"] = objects
            # each field of the object describes itself, as a row's input is helped by it
            for field, key, field_info in row_fields(objects):
                assert field_info.description, f"{fact_type}.{name}: {field}"
                assert key == (field_info.alias or field)
            assert objects.row_word != Row.row_word, f"{fact_type}.{name}: name a row"
    assert found == {"connection_design.segments": Segment, "noncompliance_charge.costs": CostLine}


def test_a_runs_keys_are_as_a_facts_file_writes_them():
    keys = [key for _name, key, _info in row_fields(Segment)]
    assert keys[:3] == ["from", "to", "diameter_in"]
    assert "from_" not in keys


def test_the_catalogs_carry_the_words_of_the_rows():
    texts = set(field_texts())
    for label in ("From", "Diameter (inches)", "Length (feet)", "Cleanout", "Amount cents"):
        assert (FIELD_CONTEXT, label) in texts, label
    assert (HELP_CONTEXT, "The pipe's inside diameter.") in texts
    assert (WORD_CONTEXT, "run") in texts and (WORD_CONTEXT, "cost") in texts
    # a cost's categories are choices of its row
    assert (WORD_CONTEXT, "inspection follow up") in texts


def test_the_reference_lists_the_fields_of_each_row():
    design = next(e for e in vocabulary_json() if e["type"] == "connection_design")
    segments = next(f for f in design["fields"] if f["field"] == "segments")
    assert segments["type"] == "list of runs"
    assert segments["row"]["name"] == "run"
    assert [f["field"] for f in segments["row"]["fields"]][:2] == ["from", "to"]
    page = vocabulary_markdown()
    assert "Each run of `segments` (a row of the record's form):" in page
    assert "| `diameter_in` | float | yes | The pipe's inside diameter. |" in page
    assert "Each cost of `costs` (a row of the record's form):" in page
