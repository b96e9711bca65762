"""The record forms' own refusals in the reader's language: a key already taken, a
reference that names nothing or several records, a void without a reason, a date
not written as asked; in Spanish and Traditional Chinese when the browser asks for
them, the records' names and keys as recorded, and English still English."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.ordinance.document import read_data
from sanitas.records.models import RECORD_MODELS, RecordIndex
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}
SAID = {
    "en": {
        "taken": "The key “jade-garden” is taken by establishment “Jade Garden”: choose another.",
        "none": "No device matches “nothing like it”: type a name, an address or a key.",
        "several": "Several records match “jade”:",
        "key label": ">Key <span",
        "reason": "Say why the record is void: a reason is required.",
        "date": "Enter a date as mm/dd/yyyy, for example 02/28/2025.",
    },
    "es": {
        "taken": "La clave “jade-garden” ya la usa un registro de tipo establecimiento, "
        "“Jade Garden”: elija otra.",
        "none": "Nada coincide con “nothing like it” (se busca: dispositivo): escriba un "
        "nombre, una dirección o una clave.",
        "several": "Varios registros coinciden con “jade”:",
        "key label": ">Clave <span",
        "reason": "Indique por qué se anula el registro: el motivo es obligatorio.",
        "date": "Escriba una fecha como mm/dd/aaaa, por ejemplo 02/28/2025.",
    },
    "zh-Hant": {
        "taken": "鍵值「jade-garden」已由營業場所「Jade Garden」使用：請另選一個。",
        "none": "找不到符合「nothing like it」的設備：請輸入名稱、地址或鍵值。",
        "several": "有多筆紀錄符合「jade」：",
        "key label": ">鍵值 <span",
        "reason": "請說明作廢此紀錄的原因：原因為必填。",
        "date": "請以 mm/dd/yyyy（月/日/年）格式輸入日期，例如 02/28/2025。",
    },
}


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=date(2025, 3, 1))


def _token(client, url: str) -> tuple[str, str]:
    response = client.get(url)
    assert response.status_code == 200
    form = response.context["form"]
    return form["token"].value(), response.content.decode()


def _refused(client, url: str, data: dict) -> str:
    response = client.post(url, data)
    assert response.status_code == 400, response.content.decode()[:2000]
    return response.content.decode()


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_the_record_forms_refusals_are_in_the_readers_language(block, client, language):
    user = User.objects.create_user("maria", "maria@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = HEADER[language]
    said = SAID[language]

    new = reverse("web:record_new", args=["device"])
    token, page = _token(client, new)
    assert said["key label"] in page
    taken = _refused(
        client,
        new,
        {
            "token": token,
            "id": "jade-garden",
            "establishment": "jade-garden",
            "kind": "grease_trap",
        },
    )
    new = reverse("web:record_new", args=["pump_out"])
    token, _page = _token(client, new)
    nothing = _refused(
        client, new, {"token": token, "device": "nothing like it", "date": "2025-02-27"}
    )
    dated = _refused(client, new, {"token": token, "device": "jade-gi", "date": "27.02.2025"})
    new = reverse("web:record_new", args=["training"])
    token, _page = _token(client, new)
    several = _refused(
        client,
        new,
        {
            "token": token,
            "establishment": "jade-garden",
            "date": "2025-02-27",
            "signed": "yes",
            "employees": "jade-emp-1\njade",
        },
    )
    void = reverse("web:record_void", args=["po-2024-10"])
    response = client.get(void)
    form = response.context["form"]
    reasonless = _refused(
        client, void, {"token": form["token"].value(), "version": form["version"].value()}
    )

    for key, text in (
        ("taken", taken),
        ("none", nothing),
        ("several", several),
        ("reason", reasonless),
        ("date", dated),
    ):
        assert said[key] in text, key
        if language != "en":
            assert SAID["en"][key] not in text, key
    assert "(jade-emp-2)" in several  # a record's key is never translated
    assert not RecordIndex.objects.filter(key="jade-garden", fact_type="device").exists()
    assert RECORD_MODELS["pump_out"].objects.get(key="po-2024-10").voided_at is None
