"""A list of objects on a record's form (a design's runs, a noncompliance charge's
costs) is edited as rows: one per object, each field of the object a labelled input of
its kind derived from the vocabulary; rows are added, removed and moved by buttons that
post the form and bring it back with every value typed kept (the page's script does the
same in the page: tests/web/test_browser_record_rows.py); a bad value is refused beside
its row's input and named by row and field in the summary; and what is stored is what a
facts file with the same objects stores."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import translation

from sanitas.ordinance.facts import parse_facts, row_fields, row_model, vocabulary
from sanitas.records.bridge import fact_to_columns, record_to_fact
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.services import record_facts
from sanitas.records.versions import version_of
from sanitas.web.record_forms import (
    CHOICE,
    NUMBER,
    ROWS,
    TEXT,
    YESNO,
    RowsField,
    form_class,
)

from ..generic import post_data, rows_data

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"

#: the city a design and a charge are recorded in
CITY = [
    {"id": "lot-1", "type": "premises", "address": "10 Alhambra Rd"},
    {
        "id": "hc-design",
        "type": "permit",
        "kind": "house_connection",
        "number": "HC-2025-301",
        "premises": "lot-1",
        "issued_on": "2025-04-01",
        "fees_paid": True,
    },
    {"id": "fse-1", "type": "establishment", "category": "restaurant", "name": "Jade Garden"},
]

RUNS = [
    {
        "from": "street_sewer",
        "to": "property_line",
        "diameter_in": 6,
        "material": "vitrified_clay",
        "length_ft": 25,
        "fall_ft": 0.3,
        "depth_ft": 2,
        "in_street": True,
    },
    {
        "from": "property_line",
        "to": "bend_1",
        "diameter_in": 4,
        "material": "pvc",
        "length_ft": 40,
        "fall_ft": 1,
        "cleanout": False,
    },
    {"from": "bend_1", "to": "building", "diameter_in": 4, "material": "pvc", "length_ft": 12},
]

DESIGN = {
    "id": "d-1",
    "type": "connection_design",
    "permit": "hc-design",
    "persons_served": 30,
    "segments": RUNS,
}

CHARGE = {
    "id": "ch-1",
    "type": "noncompliance_charge",
    "establishment": "fse-1",
    "assessed_on": "2025-01-20",
    "costs": [
        {"category": "inspection_follow_up", "amount_cents": 25000},
        {"category": "agency_fine", "amount_cents": 100000, "description": "Regional board fine"},
    ],
}


def _user(name: str, role: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def city(db):
    record_facts(raw_facts=CITY, actor="clerk", why="the city before the form")


@pytest.fixture
def clerk(client, city):
    client.force_login(_user("kevin", "permit_clerk"))
    return client


@pytest.fixture
def inspector(client, city):
    client.force_login(_user("maria", "fog_inspector"))
    return client


def _new(fact_type: str) -> str:
    return reverse("web:record_new", args=[fact_type])


def _page(response: Any) -> str:
    return unescape(response.content.decode())


def _design_post(rows: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """A new design's post with ``rows`` as its runs' rows (values as a person types)."""
    form = form_class("connection_design")
    data = post_data(form, {**DESIGN, "segments": []}, token="t-design")
    data.update(
        rows_data("segments", [form.base_fields["segments"].row_form.initial_of(r) for r in rows])
    )
    data.update(more)
    return data


def _rows_posted(response: Any, name: str = "segments") -> list[dict[str, str]]:
    """The rows a page holds, as the person sees them: each row's inputs' values."""
    form = response.context["form"]
    out = []
    for row in form.fields[name].rows:
        values = {}
        for key in row.fields:
            value = row[key].value()
            values[key] = "" if value is None else str(value)
        out.append(values)
    return out


# --------------------------------------------------------------------------- the vocabulary


def test_every_list_of_objects_of_the_vocabulary_is_drawn_as_rows():
    """The lists of objects are the vocabulary's (a design's runs, a charge's costs, and
    any a fact type declares later): each is a field of rows, each of its object's
    fields an input of its kind, labelled and helped from the vocabulary."""
    lists = {
        (fact_type, name)
        for fact_type, model in vocabulary().items()
        for name, info in model.model_fields.items()
        if row_model(info.annotation) is not None
    }
    assert {("connection_design", "segments"), ("noncompliance_charge", "costs")} <= lists
    for fact_type, name in lists:
        field = form_class(fact_type).base_fields[name]
        assert isinstance(field, RowsField) and field.kind == ROWS, (fact_type, name)
        row = row_model(vocabulary()[fact_type].model_fields[name].annotation)
        assert list(field.row_form.base_fields) == [key for _n, key, _i in row_fields(row)]
        for _name, key, info in row_fields(row):
            sub = field.row_form.base_fields[key]
            assert sub.label and "_" not in str(sub.label), key
            assert sub.required == info.is_required(), key
            if info.description:
                assert info.description in str(sub.help_text), key
    # the kinds of the runs' inputs: text, number, yes/no; of the costs': choice, number
    runs = form_class("connection_design").base_fields["segments"].row_form
    assert runs.kinds == {
        "from": TEXT,
        "to": TEXT,
        "diameter_in": NUMBER,
        "material": TEXT,
        "length_ft": NUMBER,
        "fall_ft": NUMBER,
        "depth_ft": NUMBER,
        "in_street": YESNO,
        "clearance_wall_in": NUMBER,
        "cover_in": NUMBER,
        "cleanout": YESNO,
    }
    costs = form_class("noncompliance_charge").base_fields["costs"].row_form
    assert costs.kinds == {"category": CHOICE, "amount_cents": NUMBER, "description": TEXT}
    assert [v for v, _label in costs.base_fields["category"].choices][1:3] == [
        "inspection_follow_up",
        "sampling",
    ]


@pytest.mark.parametrize(
    ("fact_type", "role", "name", "inputs"),
    [
        (
            "connection_design",
            "permit_clerk",
            "segments",
            {
                "from": 'type="text"',
                "diameter_in": 'type="number"',
                "length_ft": 'type="number"',
                "material": 'type="text"',
            },
        ),
        (
            "noncompliance_charge",
            "fog_inspector",
            "costs",
            {"category": "<select", "amount_cents": 'type="number"'},
        ),
    ],
)
def test_a_new_records_form_draws_one_empty_row_of_labelled_inputs(
    client, city, fact_type, role, name, inputs
):
    client.force_login(_user("recorder", role))
    response = client.get(_new(fact_type))
    assert response.status_code == 200
    page = _page(response)
    assert f'name="{name}-count" value="1"' in page
    # no JSON is typed: no text area for the list, no word of JSON
    assert f'name="{name}"' not in page
    assert "JSON" not in page
    for key, tag in inputs.items():
        label = re.search(rf'<label class="usa-label" for="id_{name}-0-{key}">([^<]+)', page)
        assert label and label.group(1).strip(), key
        element = re.search(rf'<(input|select)[^>]*name="{name}-0-{key}"[^>]*>', page)
        assert element, key
        assert tag in element.group(0), key
    # the buttons of a row and of the list, each a submit button of the form
    assert f'value="{name} add"' in page
    assert f'value="{name} remove 0"' in page
    assert f'value="{name} down 0"' in page
    assert 'src="/static/web/rows.js"' in page


def test_a_list_given_in_the_address_is_no_list_of_rows(clerk):
    """A form opened with its fields in the address (?persons_served=4) takes no list
    of objects from it: the list begins with one empty row."""
    response = clerk.get(_new("connection_design") + "?persons_served=4&segments=x")
    assert response.status_code == 200
    assert _rows_posted(response) == [dict.fromkeys(_rows_posted(response)[0], "")]
    assert response.context["form"]["persons_served"].value() == "4"


def test_a_runs_yes_or_no_is_a_pair_of_radios_with_not_recorded(clerk):
    page = _page(clerk.get(_new("connection_design")))
    fieldset = re.search(r'aria-describedby="[^"]*id_segments-0-in_street_hint"', page)
    assert fieldset
    for value in ("yes", "no", ""):
        assert f'name="segments-0-in_street" value="{value}"' in page


def test_the_rows_speak_the_readers_language(clerk):
    with translation.override("es"):
        page = _page(clerk.get(_new("connection_design"), HTTP_ACCEPT_LANGUAGE="es"))
    assert "Tramo 1" in page
    assert "Agregar un tramo" in page
    assert "Diámetro (pulgadas)" in page
    assert "Subir" in page and "Bajar" in page and "Quitar" in page
    page = _page(clerk.get(_new("connection_design"), HTTP_ACCEPT_LANGUAGE="zh-Hant"))
    assert "管段 1" in page
    assert "直徑（英吋）" in page


# --------------------------------------------------------------------------- add, remove, move


def test_a_row_is_added_with_every_value_typed_kept_and_nothing_stored(clerk):
    before = set(RecordIndex.objects.values_list("key", flat=True))
    data = _design_post(RUNS[:2], row_action="segments add")
    data["segments-1-length_ft"] = "4O"  # a typo is kept as typed, not judged yet
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 200
    rows = _rows_posted(response)
    assert len(rows) == 3
    assert rows[0]["from"] == "street_sewer" and rows[0]["in_street"] == "yes"
    assert rows[1]["length_ft"] == "4O"
    assert set(rows[2].values()) == {""}
    page = _page(response)
    assert 'name="segments-count" value="3"' in page
    assert "Nothing was stored" not in page and "usa-error-message" not in page
    # the new row's first input is where the person goes on
    assert re.search(r'<input[^>]*name="segments-2-from"[^>]*autofocus', page)
    # the rest of the form as typed
    assert response.context["form"]["persons_served"].value() == "30"
    assert set(RecordIndex.objects.values_list("key", flat=True)) == before


def test_a_row_is_removed_and_the_rows_after_it_move_up(clerk):
    response = clerk.post(
        _new("connection_design"), _design_post(RUNS, row_action="segments remove 1")
    )
    assert response.status_code == 200
    rows = _rows_posted(response)
    assert [r["from"] for r in rows] == ["street_sewer", "bend_1"]
    assert rows[1]["length_ft"] == "12"
    assert re.search(r'<button[^>]*id="id_segments-add"[^>]*autofocus', _page(response))


@pytest.mark.parametrize(
    ("action", "order", "focused"),
    [
        ("segments up 2", ["street_sewer", "bend_1", "property_line"], r'value="segments up 1"'),
        (
            "segments down 0",
            ["property_line", "street_sewer", "bend_1"],
            r'value="segments down 1"',
        ),
        # the last row moved up to the first place keeps focus on a button it still has
        ("segments up 1", ["property_line", "street_sewer", "bend_1"], r'value="segments down 0"'),
    ],
)
def test_a_row_moves_up_or_down_with_its_values(clerk, action, order, focused):
    response = clerk.post(_new("connection_design"), _design_post(RUNS, row_action=action))
    assert response.status_code == 200
    rows = _rows_posted(response)
    assert [r["from"] for r in rows] == order
    moved = {r["from"]: r for r in rows}
    assert moved["street_sewer"]["depth_ft"] == "2" and moved["street_sewer"]["in_street"] == "yes"
    assert moved["property_line"]["cleanout"] == "no"
    assert re.search(rf"<button[^>]*{focused}[^>]*autofocus", _page(response))


def test_the_first_row_cannot_move_up_nor_the_last_down_and_a_bad_action_changes_nothing(clerk):
    page = _page(clerk.get(_new("connection_design")))
    assert re.search(r'<button[^>]*value="segments up 0"[^>]*hidden', page)
    assert re.search(r'<button[^>]*value="segments down 0"[^>]*hidden', page)
    for action in (
        "segments up 0",
        "segments down 2",
        "segments remove 9",
        "nothing add",
        "segments",
    ):
        response = clerk.post(_new("connection_design"), _design_post(RUNS, row_action=action))
        assert response.status_code == 200, action
        assert [r["from"] for r in _rows_posted(response)] == [r["from"] for r in RUNS], action


def test_a_post_cannot_ask_for_more_rows_than_a_list_takes(clerk):
    from sanitas.web.record_forms import MAX_ROWS

    data = _design_post(RUNS, row_action="segments add")
    data["segments-count"] = "100000000"
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 200
    assert len(response.context["form"].fields["segments"].rows) == MAX_ROWS
    # the empty rows beyond the three are left out of what is stored
    data = _design_post(RUNS)
    data["segments-count"] = "100000000"
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 302
    stored = record_to_fact(RECORD_MODELS["connection_design"].objects.get(key="d-1"))
    assert len(stored["segments"]) == 3
    # a count that is no count is no rows
    data = _design_post(RUNS, token="t-again")
    data["segments-count"] = "-3"
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 400
    assert "Add at least one run." in _page(response)


# --------------------------------------------------------------------------- validation


def test_a_bad_value_in_row_3_is_refused_beside_its_input_and_named_in_the_summary(clerk):
    before = set(RecordIndex.objects.values_list("key", flat=True))
    data = _design_post(RUNS)
    data["segments-2-length_ft"] = "twelve"
    data["segments-0-from"] = ""
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 400
    page = _page(response)
    error = re.search(
        r'<span class="usa-error-message" id="id_segments-2-length_ft_error"[^>]*>([^<]+)', page
    )
    assert error and "number" in error.group(1).lower()
    assert re.search(r'<input[^>]*name="segments-2-length_ft"[^>]*aria-invalid="true"', page)
    assert 'value="twelve"' in page  # what was typed stays to be corrected
    summary = response.context["form"].error_summary()
    named = {(link, label) for link, label, _message in summary}
    assert ("id_segments-2-length_ft", "Run 3, Length (feet)") in named
    assert ("id_segments-0-from", "Run 1, From") in named
    assert '<a href="#id_segments-2-length_ft">Run 3, Length (feet)</a>' in page
    assert set(RecordIndex.objects.values_list("key", flat=True)) == before


def test_a_number_not_above_its_bound_is_refused_beside_its_runs_input(clerk):
    """A diameter of 0, which must be more than 0, is refused beside the input of the row
    it is in, in the reader's words."""
    data = _design_post(RUNS)
    data["segments-1-diameter_in"] = "0"
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 400
    form = response.context["form"]
    row = form.fields["segments"].rows[1]
    assert row.errors["diameter_in"] == ["Enter a number greater than 0."]
    assert any(label == "Run 2, Diameter (inches)" for _id, label, _m in form.error_summary())


def test_the_vocabularys_refusal_of_a_runs_value_is_shown_beside_that_runs_input(clerk):
    """A value the form takes but the vocabulary refuses (a control character the
    records cannot hold) comes back from the records' service beside the input of the
    row it is in, and in the summary by row and field."""
    data = _design_post(RUNS)
    data["segments-2-to"] = "build\x07ing"
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 400
    form = response.context["form"]
    row = form.fields["segments"].rows[2]
    assert "to" in row.errors, form.errors.as_json()
    assert "control character" in row.errors["to"][0]
    assert not form.errors  # nothing on the list as a whole
    page = _page(response)
    assert re.search(r'id="id_segments-2-to_error"[^>]*>[^<]*control character', page)
    assert '<a href="#id_segments-2-to">Run 3, To</a>' in page
    assert not RECORD_MODELS["connection_design"].objects.filter(key="d-1").exists()


def test_an_empty_row_is_left_out_and_a_required_list_asks_for_one(clerk):
    data = _design_post([])
    data["segments-count"] = "1"
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 400
    page = _page(response)
    assert re.search(r'id="id_segments_error"[^>]*>Add at least one run\.', page)
    assert '<a href="#id_segments">Segments</a>: Add at least one run.' in page
    # an empty row among filled ones is left out
    data = _design_post([RUNS[0], {}, RUNS[1]])
    response = clerk.post(_new("connection_design"), data)
    assert response.status_code == 302, response.context and response.context["form"].errors
    stored = record_to_fact(RECORD_MODELS["connection_design"].objects.get(key="d-1"))
    assert [s["to"] for s in stored["segments"]] == ["property_line", "bend_1"]


# --------------------------------------------------------------------------- what is stored


def _as_stored(item: dict[str, Any], floats: bool = True) -> dict[str, Any]:
    """An object as the vocabulary holds it: a number of a float field as a float."""
    return {
        k: float(v) if floats and type(v) is int and k != "amount_cents" else v
        for k, v in item.items()
    }


@pytest.mark.parametrize("given", [DESIGN, CHARGE], ids=lambda f: f["type"])
def test_the_rows_make_the_facts_a_facts_file_with_the_same_objects_makes(city, given):
    """What the engine receives from the rows is what it received from the same list
    typed as JSON (the form's old way) or written in a facts file."""
    cls = form_class(given["type"])
    form = cls(post_data(cls, given), user=_user("clerk", "permit_clerk"))
    assert form.is_valid(), form.errors.as_json()
    raw = form.raw()
    name = "segments" if given["type"] == "connection_design" else "costs"
    assert raw[name] == [_as_stored(item) for item in given[name]]
    known = {"hc-design": "permit", "fse-1": "establishment"}
    (from_rows,) = parse_facts([raw], known=known)
    (from_file,) = parse_facts([given], known=known)
    assert from_rows == from_file
    assert fact_to_columns(from_rows) == fact_to_columns(from_file)


def test_a_design_recorded_with_three_runs_is_stored_as_its_facts_file_stores_it(clerk):
    response = clerk.post(_new("connection_design"), _design_post(RUNS, why=""))
    assert response.status_code == 302, response.context and response.context["form"].errors
    row = RECORD_MODELS["connection_design"].objects.get(key="d-1")
    (given,) = parse_facts([DESIGN], known={"hc-design": "permit"})
    assert row.segments == fact_to_columns(given)["segments"]
    assert row.import_source == "form"


def test_a_stored_design_is_changed_through_its_rows_and_nothing_else_is_lost(clerk):
    """The round trip: a design recorded from a facts file opens in its rows; saved as it
    stands it is unchanged (no new version); a run moved and one value changed is a new
    version holding exactly that."""
    record_facts(raw_facts=[DESIGN], actor="clerk", why="from the plans")
    url = reverse("web:record_edit", args=["d-1"])
    response = clerk.get(url)
    assert response.status_code == 200
    rows = _rows_posted(response)
    assert [r["from"] for r in rows] == ["street_sewer", "property_line", "bend_1"]
    assert rows[0] == {
        "from": "street_sewer",
        "to": "property_line",
        "diameter_in": "6.0",
        "material": "vitrified_clay",
        "length_ft": "25.0",
        "fall_ft": "0.3",
        "depth_ft": "2.0",
        "in_street": "yes",
        "clearance_wall_in": "",
        "cover_in": "",
        "cleanout": "",
    }
    form = response.context["form"]
    base = {
        "token": "t-edit",
        "version": form["version"].value(),
        "permit": "hc-design",
        "persons_served": "30",
        "why": "checked against the plans",
        **rows_data("segments", rows),
    }
    version = version_of("connection_design", "d-1")
    response = clerk.post(url, base)
    assert response.status_code == 302
    assert version_of("connection_design", "d-1") == version  # nothing changed, none kept
    # move the last run up, then change its length, then save
    moved = clerk.post(url, {**base, "token": "t-edit-2", "row_action": "segments up 2"})
    assert moved.status_code == 200
    rows = _rows_posted(moved)
    assert [r["from"] for r in rows] == ["street_sewer", "bend_1", "property_line"]
    rows[1]["length_ft"] = "14.5"
    response = clerk.post(
        url, {**base, "token": "t-edit-2", "why": "the bend moved", **rows_data("segments", rows)}
    )
    assert response.status_code == 302, response.context and response.context["form"].errors
    assert version_of("connection_design", "d-1") != version
    stored = record_to_fact(RECORD_MODELS["connection_design"].objects.get(key="d-1"))
    assert stored["segments"] == [
        _as_stored(run) for run in [RUNS[0], {**RUNS[2], "length_ft": 14.5}, RUNS[1]]
    ]
    assert stored["persons_served"] == 30 and stored["permit"] == "hc-design"


def test_a_change_to_the_runs_reads_run_by_run_beside_another_persons(db):
    """Where two people changed the same design, its runs are said run by run in the
    form's words (tests/web/test_two_people.py holds the rest of that page)."""
    from sanitas.web.conflicts import _value

    said = _value(form_class("connection_design"), "segments", RUNS[:2], {})
    assert said.startswith(
        "Run 1: From street_sewer, To property_line, Diameter (inches) 6, Material "
        "vitrified_clay, Length (feet) 25, Fall (feet) 0.3, Depth (feet) 2, In street Yes; "
        "Run 2: From property_line"
    )
    assert "Cleanout No" in said and "{" not in said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "From the public sewer, To the property line, Diameter (inches) 6, In street yes; "
            "From the property line, To bend 1, Diameter (inches) 4, In street no",
        ),
        (
            "es",
            "Desde la alcantarilla pública, Hasta el lindero de la propiedad, Diámetro "
            "(pulgadas) 6, Bajo la calle sí; Desde el lindero de la propiedad, Hasta bend 1, "
            "Diámetro (pulgadas) 4, Bajo la calle no",
        ),
    ],
)
def test_the_timeline_says_a_changed_list_of_objects_field_by_field(language, said):
    """A change of a design's runs reads on its timeline as each run's fields and values
    in the page's language, not as the mappings the records hold."""
    from sanitas.web.timeline import _value

    runs = [
        {"from": "street_sewer", "to": "property_line", "diameter_in": 6.0, "in_street": True},
        {"from": "property_line", "to": "bend_1", "diameter_in": 4.0, "in_street": False},
    ]
    with translation.override(language):
        assert _value(runs) == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ("Run {n}", "{row} added.", "{row} removed; the rows after it moved up.")),
        ("es", ("Tramo {n}", "Se agregó {row}.", "Se quitó {row}; las filas siguientes")),
        ("zh-Hant", ("管段 {n}", "已新增{row}。", "已移除{row}；其後各列已向上移。")),
    ],
)
def test_the_rows_script_says_what_it_did_in_the_pages_language(clerk, language, said):
    """The page's script numbers its rows and says what it did with the sentences the
    page gives it (data-say-*), in the reader's language."""
    page = _page(clerk.get(_new("connection_design"), HTTP_ACCEPT_LANGUAGE=language))
    heading, added, removed = said
    assert f'data-say-heading="{heading}"' in page
    assert f'data-say-added="{added}"' in page
    assert re.search(rf'data-say-removed="{re.escape(removed)}[^"]*"', page)
    assert 'data-say-moved="' in page


def test_two_people_changing_a_design_see_each_others_runs_and_keep_both(clerk, client):
    """One person changes a run's length while another changes the persons served from
    the same version: the second is refused (409) with the other's change said run by
    run, and offered the form holding the design as it stands (the other's run) with
    their own change on top; saved, both stand."""
    from django.test import Client

    record_facts(raw_facts=[DESIGN], actor="clerk", why="from the plans")
    url = reverse("web:record_edit", args=["d-1"])
    other = Client()
    other.force_login(_user("linh", "permit_clerk"))
    mine, theirs = clerk.get(url), other.get(url)

    def post_of(response: Any, **changes: Any) -> dict[str, Any]:
        form = response.context["form"]
        rows = _rows_posted(response)
        data = {
            "token": f"t-{form['token'].value()}",
            "version": form["version"].value(),
            "permit": "hc-design",
            "persons_served": "30",
            "why": "checked",
            **rows_data("segments", rows),
        }
        data.update(changes)
        return data

    saved = other.post(url, post_of(theirs, **{"segments-1-length_ft": "44", "why": "resurvey"}))
    assert saved.status_code == 302
    refused = clerk.post(url, post_of(mine, persons_served="32"))
    assert refused.status_code == 409
    lines = {line.name: line for line in refused.context["conflict"].lines}
    assert lines["segments"].yours is None and "Length (feet) 44" in lines["segments"].theirs
    assert "Run 2: From property_line" in lines["segments"].theirs
    # the form offered: their runs, my persons served
    again = refused.context["form"]
    assert str(again["persons_served"].value()) == "32"
    assert [r["length_ft"] for r in _rows_posted(refused)] == ["25.0", "44.0", "12.0"]
    data = post_of(refused, persons_served="32")
    data["version"] = again["version"].value()
    assert clerk.post(url, data).status_code == 302
    stored = record_to_fact(RECORD_MODELS["connection_design"].objects.get(key="d-1"))
    assert stored["persons_served"] == 32
    assert [run["length_ft"] for run in stored["segments"]] == [25.0, 44.0, 12.0]
