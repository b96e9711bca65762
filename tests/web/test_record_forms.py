"""Record anything: a form for every fact type, derived from the vocabulary, that
validates with the vocabulary, writes through the services with the signed-in user
as actor, keeps every version, voids with a reason, stores one record for a double
submit, and shows the findings changed before the page answers. What every fact
type's form must do is tested from a declaration of its data in
tests/web/test_fact_type_forms.py; here, what the forms do beyond it."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, get_args

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.ordinance.document import read_data
from sanitas.ordinance.facts import vocabulary
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep
from sanitas.web.record_forms import CHECKS, CHOICE, ROWS, YESNO, form_class

from ..conftest import ROOT
from ..generic import post_data

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
PASSWORD = "a-long-test-password"


def _user(name: str, role: str | None = None) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def test_choices_come_from_the_enumerations():
    device = form_class("device")
    kinds = get_args(vocabulary()["device"].model_fields["kind"].annotation)
    offered = [v for v, _label in device.base_fields["kind"].choices if v]
    assert offered == list(kinds)
    assert device.base_fields["kind"].kind == CHOICE
    assert dict(device.base_fields["kind"].choices)["grease_interceptor"] == "Grease interceptor"
    # a yes/no is yes, no or not recorded; a required one yes or no
    assert device.base_fields["approved"].kind == YESNO
    assert [v for v, _ in device.base_fields["approved"].choices] == ["yes", "no", ""]
    assert [v for v, _ in form_class("pump_out").base_fields["full"].choices] == ["yes", "no"]
    # a list of an enumeration is a set of checkboxes
    audiences = form_class("organics_education").base_fields["audiences"]
    assert audiences.kind == CHECKS
    assert [v for v, _ in audiences.choices] == ["employees", "contractors", "tenants", "customers"]
    # requirement IDs are the catalog's, titled
    violations = form_class("inspection").base_fields["violations"]
    assert ("FOG-MIN-FREQUENCY", "Interceptor pump-out frequency (FOG-MIN-FREQUENCY)") in [
        tuple(c) for c in violations.choices
    ]
    # bounds of the vocabulary hold in the form
    percent = form_class("inspection").base_fields["fog_solids_percent_depth"]
    assert (percent.min_value, percent.max_value) == (0, 100)
    # a list of objects is a list of rows (tests/web/test_record_rows.py)
    assert form_class("connection_design").base_fields["segments"].kind == ROWS


# --------------------------------------------------------------------------- the pages


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)


@pytest.fixture
def inspector(client):
    client.force_login(_user("maria", "fog_inspector"))
    return client


def _form_page(client, url: str) -> tuple[Any, str]:
    response = client.get(url)
    assert response.status_code == 200
    return response, response.context["form"]["token"].value()


def _open_frequency() -> list[str]:
    return sorted(
        Finding.objects.filter(
            requirement="FOG-MIN-FREQUENCY", subject="jade-gi", current=True
        ).values_list("status", flat=True)
    )


def test_a_pump_out_recorded_from_the_business_page_changes_its_finding_at_once(block, inspector):
    business = reverse("web:business", args=["jade-garden"])
    page = inspector.get(business).content.decode()
    new = reverse("web:record_new", args=["pump_out"])
    assert f'href="{new}?near=jade-garden"' in page
    assert "overdue" in _open_frequency()
    response, token = _form_page(inspector, f"{new}?near=jade-garden")
    html = response.content.decode()
    # the business's device is offered by name; the date is a USWDS date picker
    assert "Grease interceptor, 1,000 gal, installed 2016-04-01" in html
    assert 'class="usa-date-picker"' in html
    data = {"token": token, "near": "jade-garden", "device": "jade-gi", "date": "02/28/2025"}
    response = inspector.post(new, {**data, "full": "yes", "fog_gallons": "120"})
    assert response.status_code == 302 and response["Location"] == business
    stored = RECORD_MODELS["pump_out"].objects.get(date=date(2025, 2, 28))
    assert (stored.recorded_by, stored.fog_gallons, stored.import_source) == (
        "maria",
        120.0,
        "form",
    )
    # evaluated before the page answered: no sweep in between
    assert "overdue" not in _open_frequency()
    page = inspector.get(business)
    said = [str(m) for m in page.context["messages"]]
    assert any("Pump-out recorded" in m and "Open findings:" in m for m in said), said


def test_a_bad_value_is_shown_beside_its_field_and_nothing_is_stored(block, inspector):
    new = reverse("web:record_new", args=["inspection"])
    _response, token = _form_page(inspector, f"{new}?subject=jade-gi")
    before = RECORD_MODELS["inspection"].objects.count()
    response = inspector.post(
        new,
        {
            "token": token,
            "subject": "jade-gi",
            "date": "2025-02-30",
            "fog_solids_percent_depth": "140",
        },
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert set(form.errors) == {"date", "fog_solids_percent_depth"}
    html = response.content.decode()
    assert 'id="id_date_error"' in html and 'aria-describedby="id_date_error' in html
    assert "usa-error-message" in html and "Nothing was stored: 2 problems" in html
    assert RECORD_MODELS["inspection"].objects.count() == before


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("1_000", "“1_000” holds an underscore at character 2"),
        ("１２０", "“１２０” holds '１' (U+FF11 FULLWIDTH DIGIT ONE) at character 1"),
        ("١٢٠", "“١٢٠” holds '١' (U+0661 ARABIC-INDIC DIGIT ONE) at character 1"),
    ],
)
def test_a_number_written_with_other_digits_or_underscores_is_refused_beside_it(
    block, inspector, written, said
):
    """Python reads ``1_000`` as 1000 and ``１２０`` as 120; the form takes neither, in a
    whole number, a number or an amount, and says why beside the field."""
    before = RecordIndex.objects.count()
    new = reverse("web:record_new", args=["pump_out"])
    _r, token = _form_page(inspector, f"{new}?near=jade-garden")
    data = {"token": token, "near": "jade-garden", "device": "jade-gi", "date": "02/28/2025"}
    response = inspector.post(new, {**data, "full": "yes", "fog_gallons": written})
    assert response.status_code == 400
    (error,) = response.context["form"].errors["fog_gallons"]
    assert error.startswith(said) and "write the number with the digits 0-9" in error
    client = _supervisor(inspector)
    new = reverse("web:record_new", args=["establishment"])
    _r, token = _form_page(client, new)
    response = client.post(
        new,
        {
            "token": token,
            "id": "new-cafe",
            "category": "restaurant",
            "seats": written,
            "gross_annual_sales": written,
        },
    )
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert set(errors) == {"seats", "gross_annual_sales"}
    assert all(e[0].startswith(said) for e in errors.values()), errors
    assert RecordIndex.objects.count() == before


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("jade trap", "'jade trap' holds ' ' (U+0020 SPACE) at character 5"),
        ("jade\ntrap", "'jade\\ntrap' holds the control character (U+000A) at character 5"),
        ("jade<trap>", "'jade<trap>' holds '<' (U+003C LESS-THAN SIGN) at character 5"),
        ("jade%20trap", "'jade%20trap' holds '%' (U+0025 PERCENT SIGN) at character 5"),
        ("jadе-trap", "'jadе-trap' holds 'е' (U+0435 CYRILLIC SMALL LETTER IE) at character 4"),
        ("-jade-trap", "'-jade-trap' begins with '-' (U+002D HYPHEN-MINUS)"),
    ],
)
def test_a_key_outside_the_safe_characters_is_refused_beside_it(block, inspector, key, said):
    client = _supervisor(inspector)
    new = reverse("web:record_new", args=["device"])
    _r, token = _form_page(client, new)
    response = client.post(
        new, {"token": token, "id": key, "establishment": "jade-garden", "kind": "grease_trap"}
    )
    assert response.status_code == 400
    (error,) = response.context["form"].errors["id"]
    assert error.startswith(f"This is no key: {said}"), error
    assert not RecordIndex.objects.filter(key=key).exists()


def test_the_vocabularys_own_problems_land_beside_their_field(block, inspector):
    """What the form cannot know (a rule across fields, a key taken) the services
    report; each problem goes beside the field it names, and nothing is stored."""
    new = reverse("web:record_new", args=["collection_service"])
    client = _supervisor(inspector)  # a FOG inspector does not record collection services
    _r, token = _form_page(client, new)
    response = client.post(
        new,
        {
            "token": token,
            "premises": "lot-101",
            "establishment": "jade-garden",
            "stream": "organics",
            "start": "2025-01-01",
        },
    )
    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "Give exactly one of 'premises' or 'establishment'"
    ]
    new = reverse("web:record_new", args=["device"])
    _r, token = _form_page(client, new)
    response = client.post(
        new,
        {
            "token": token,
            "id": "jade-garden",
            "establishment": "jade-garden",
            "kind": "grease_trap",
        },
    )
    assert response.status_code == 400
    assert response.context["form"].errors["id"] == [
        "The key “jade-garden” is taken by establishment “Jade Garden”: choose another."
    ]
    # a reference to a record of a type the field does not accept
    response = client.post(
        new,
        {"token": token, "id": "jade-trap", "establishment": "jade-gi", "kind": "grease_trap"},
    )
    assert response.status_code == 400 and "establishment" in response.context["form"].errors
    assert not RecordIndex.objects.filter(key="jade-trap").exists()


def _supervisor(client):
    client.force_login(_user("sam", "supervisor"))
    return client


def test_editing_keeps_the_key_and_the_history_and_needs_a_reason(block, inspector):
    edit = reverse("web:record_edit", args=["jade-gi"])
    response, token = _form_page(inspector, edit)
    data = post_data(response.context["form"].__class__, _stored("jade-gi"), token=token)
    data["capacity_gallons"] = "1500"
    data["version"] = _version(response)
    response = inspector.post(edit, {**data, "why": ""})
    assert response.status_code == 400 and "why" in response.context["form"].errors
    assert RECORD_MODELS["device"].objects.get(key="jade-gi").capacity_gallons == 1000
    response = inspector.post(edit, {**data, "why": "measured on the visit"})
    assert response.status_code == 302
    device = RECORD_MODELS["device"].objects.get(key="jade-gi")
    assert device.capacity_gallons == 1500 and device.recorded_why == "measured on the visit"
    versions = list(
        device.history.order_by("history_date").values_list(
            "capacity_gallons", "history_change_reason"
        )
    )
    assert versions[0][0] == 1000 and versions[-1] == (1500, "measured on the visit")
    assert RECORD_MODELS["device"].objects.filter(key="jade-gi").count() == 1


def _version(response) -> str:
    """The version of the record a change or void page was opened at (its hidden field)."""
    return response.context["form"]["version"].value()


def _stored(key: str) -> dict[str, Any]:
    from sanitas.web.selectors import record_for_form

    return record_for_form(key)[1]


def test_an_event_without_an_id_is_edited_under_its_key(block, inspector):
    pump_out = RECORD_MODELS["pump_out"].objects.get(key="po-2024-10")
    pump_out_key = "po-2024-10"
    training = RECORD_MODELS["training"].objects.filter(date=date(2024, 9, 17)).get()
    edit = reverse("web:record_edit", args=[training.key])
    response, token = _form_page(inspector, edit)
    data = post_data(response.context["form"].__class__, _stored(training.key), token=token)
    data["employees"] = ["jade-emp-1"]
    data["version"] = _version(response)  # the business's employees are offered as boxes
    response = inspector.post(edit, {**data, "why": "attendance sheet corrected"})
    assert response.status_code == 302, response.context["form"].errors
    training.refresh_from_db()
    assert training.employees == ["jade-emp-1"]
    assert RECORD_MODELS["training"].objects.filter(date=date(2024, 9, 17)).count() == 1
    assert pump_out.key == pump_out_key


def test_voiding_needs_a_reason_and_deletes_nothing(block, inspector):
    void = reverse("web:record_void", args=["po-2024-10"])
    response, token = _form_page(inspector, void)
    assert "Void “Pump-out of 2024-10-30”" in response.content.decode()
    version = _version(response)
    response = inspector.post(void, {"token": token, "version": version, "why": "  "})
    assert response.status_code == 400 and "a reason is required" in response.content.decode()
    assert RECORD_MODELS["pump_out"].objects.get(key="po-2024-10").voided_at is None
    response = inspector.post(
        void, {"token": token, "version": version, "why": "entered twice by the hauler"}
    )
    assert response.status_code == 302
    row = RECORD_MODELS["pump_out"].objects.get(key="po-2024-10")
    assert (row.voided_by, row.voided_why) == ("maria", "entered twice by the hauler")
    # a record others name cannot be voided before them: said in words
    void = reverse("web:record_void", args=["jade-gi"])
    response, token = _form_page(inspector, void)
    response = inspector.post(
        void, {"token": token, "version": _version(response), "why": "removed"}
    )
    assert response.status_code == 400 and "void those first" in response.content.decode()


def test_a_double_submit_stores_one_record(block, inspector):
    new = reverse("web:record_new", args=["pump_out"])
    _r, token = _form_page(inspector, f"{new}?near=jade-garden")
    data = {
        "token": token,
        "near": "jade-garden",
        "device": "jade-gi",
        "date": "2025-02-27",
        "full": "yes",
    }
    first = inspector.post(new, data)
    # the same form again (a double click): one record, the person sent to the same page
    second = inspector.post(new, data)
    # the same form changed between the clicks: still one record, one version
    third = inspector.post(new, {**data, "fog_gallons": "99"})
    assert first.status_code == second.status_code == third.status_code == 302
    assert second["Location"] == first["Location"]
    rows = RECORD_MODELS["pump_out"].objects.filter(date=date(2025, 2, 27))
    assert rows.count() == 1 and rows.get().fog_gallons is None
    assert rows.get().history.count() == 1
    # without the token's guard, the content key alone keeps an identical event once
    _r, other = _form_page(inspector, f"{new}?near=jade-garden")
    inspector.post(new, {**data, "token": other})
    assert rows.count() == 1 and rows.get().history.count() == 1


def test_the_auditor_is_refused_and_each_role_records_its_own_programs(block, client):
    new = reverse("web:record_new", args=["pump_out"])
    client.force_login(_user("audrey", "auditor"))
    assert client.get(new).status_code == 403
    assert (
        client.post(new, {"device": "jade-gi", "date": "2025-02-27", "full": "yes"}).status_code
        == 403
    )
    assert client.get(reverse("web:record_void", args=["po-2024-10"])).status_code == 403
    assert not RECORD_MODELS["pump_out"].objects.filter(date=date(2025, 2, 27)).exists()
    # an auditor's business page offers nothing to record
    assert (
        "web/_record_actions.html"
        not in [t.name for t in client.get(reverse("web:business", args=["jade-garden"])).templates]
        or "Record a pump-out"
        not in client.get(reverse("web:business", args=["jade-garden"])).content.decode()
    )
    client.force_login(_user("pat", "permit_clerk"))
    assert client.get(new).status_code == 403
    assert client.get(reverse("web:record_edit", args=["jade-gi"])).status_code == 403
    assert client.get(reverse("web:record_new", args=["pressure_test"])).status_code == 200
    client.force_login(_user("cora", "sb1383_coordinator"))
    assert client.get(reverse("web:record_new", args=["collection_service"])).status_code == 200
    assert client.get(new).status_code == 403
    assert client.get(reverse("web:record_new", args=["no_such_type"])).status_code == 404


def test_the_picker_answers_titles_of_the_accepted_types_only(block, inspector):
    pick = reverse("web:pick")
    found = inspector.get(pick, {"q": "Jade Gardn", "types": "device"}).json()["results"]
    assert [r["key"] for r in found] == ["jade-gi"]
    assert found[0]["text"] == "Grease interceptor, 1,000 gal, installed 2016-04-01"
    assert found[0]["owner"] == "Jade Garden"
    found = inspector.get(pick, {"q": "Jade Gardn", "types": "establishment"}).json()["results"]
    assert [r["key"] for r in found] == ["jade-garden"]
    found = inspector.get(pick, {"q": "jade", "types": "employee"}).json()["results"]
    assert {r["key"] for r in found} == {"jade-emp-1", "jade-emp-2", "jade-emp-3"}
    # the page's own records, before anything is typed
    found = inspector.get(pick, {"q": "", "types": "device", "near": "jade-garden"}).json()
    assert [r["key"] for r in found["results"]] == ["jade-gi"]
    assert inspector.get(pick, {"q": "zzzz-nothing", "types": "device"}).json()["results"] == []


def test_a_reference_typed_as_a_name_is_resolved_or_asked_about(block, inspector):
    """Without script, a person types a name: one match is taken, several are listed."""
    new = reverse("web:record_new", args=["inspection"])
    _r, token = _form_page(inspector, new)
    response = inspector.post(new, {"token": token, "subject": "Jade Gardn", "date": "2025-02-27"})
    assert response.status_code == 302
    assert (
        RECORD_MODELS["inspection"]
        .objects.filter(subject="jade-garden", date=date(2025, 2, 27), recorded_by="maria")
        .exists()
    )
    new = reverse("web:record_new", args=["pump_out"])
    _r, token = _form_page(inspector, new)
    response = inspector.post(
        new, {"token": token, "device": "nothing like it", "date": "2025-02-27", "full": "yes"}
    )
    assert response.status_code == 400
    assert "No device matches “nothing like it”" in str(response.context["form"].errors["device"])
    new = reverse("web:record_new", args=["training"])
    _r, token = _form_page(inspector, new)
    response = inspector.post(
        new,
        {
            "token": token,
            "establishment": "jade-garden",
            "date": "2025-02-27",
            "signed": "yes",
            "employees": "jade-emp-1\njade",
        },
    )
    assert response.status_code == 400
    (message,) = response.context["form"].errors["employees"]
    assert message.startswith("Several records match “jade”:") and "(jade-emp-2)" in message


def test_money_and_datetimes_go_through_the_form(block, client):
    client.force_login(_user("sam", "supervisor"))
    new = reverse("web:record_new", args=["accumulation"])
    _r, token = _form_page(client, new)
    response = client.post(
        new,
        {
            "token": token,
            "id": "acc-1",
            "premises": "lot-101",
            "since": "2025-02-20T08:00",
            "garbage": "yes",
            "observed_at": "2025-02-27T09:30",
        },
    )
    assert response.status_code == 302
    row = RECORD_MODELS["accumulation"].objects.get(key="acc-1")
    assert row.garbage is True and row.observed_at.hour in (9, 17)
    new = reverse("web:record_new", args=["renovation"])
    _r, token = _form_page(client, new)
    response = client.post(
        new,
        {
            "token": token,
            "establishment": "jade-garden",
            "date": "2025-02-01",
            "valuation": "125000.50",
        },
    )
    assert response.status_code == 302
    assert RECORD_MODELS["renovation"].objects.get(
        establishment="jade-garden"
    ).valuation == Decimal("125000.50")


def test_record_actions_on_the_business_and_subject_pages(block, inspector):
    html = inspector.get(reverse("web:business", args=["jade-garden"])).content.decode()
    for label in ("Record a pump-out", "Record a training", "Record an employee"):
        assert label in html
    # what a FOG inspector does not record is not offered
    assert "Record a collection service" not in html
    html = inspector.get(reverse("staff:subject", args=["jade-gi"])).content.decode()
    assert "Record a pump-out" in html and reverse("web:record_edit", args=["jade-gi"]) in html
    new = reverse("web:record_new", args=["pump_out"])
    assert f'href="{new}?near=jade-gi&amp;device=jade-gi"' in html
