"""The casework forms' own refusals in the reader's language: an inspection step's
depths that do not add up, a signature with no name and no refusal, a number written
with other digits than 0-9, a bulk action with no line selected; in Spanish and
Traditional Chinese when the browser asks for them, and English still English."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.casework.inspection import VISIT_KINDS
from sanitas.casework.models import InspectionVisit
from sanitas.ordinance.document import read_data
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)

#: Accept-Language → what each refusal says in it
SAID = {
    "en": {
        "deeper": "cannot be deeper than the total liquid depth",
        "partial": "Give all three depths, or none of them.",
        "zero": "The total liquid depth must be more than zero.",
        "signer": "Type the name of the person who signs, or note that they refused.",
        "digits": "write the number with the digits 0-9",
        "bulk": "Select at least one line of the worklist.",
    },
    "es": {
        "deeper": "no pueden tener más profundidad que la profundidad total del líquido",
        "partial": "Indique las tres profundidades, o ninguna.",
        "zero": "La profundidad total del líquido debe ser mayor que cero.",
        "signer": "Escriba el nombre de la persona que firma, o indique que se negó a firmar.",
        "digits": "escriba el número solo con las cifras 0-9",
        "bulk": "Seleccione al menos una línea de la lista de trabajo.",
    },
    "zh-Hant": {
        "deeper": "深度合計不得超過液體總深度",
        "partial": "請填寫全部三項深度，或全部留空。",
        "zero": "液體總深度必須大於零。",
        "signer": "請輸入簽名者的姓名，或註明對方拒絕簽名。",
        "digits": "請只用 0-9 的數字書寫",
        "bulk": "請至少選取工作清單中的一列。",
    },
}
HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}


@pytest.fixture
def block(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)


def _inspector(client, language: str) -> None:
    user = User.objects.create_user("ana", "ana@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = HEADER[language]


def _step(client, visit: InspectionVisit, step: str, data: dict) -> str:
    url = reverse("casework:inspection_step", args=[visit.pk, step])
    response = client.post(url, data)
    assert response.status_code == 400, response.content.decode()[:2000]
    return response.content.decode()


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_an_inspection_steps_refusals_are_in_the_readers_language(client, block, language):
    _inspector(client, language)
    said = SAID[language]
    start = client.post(
        reverse("casework:inspection_start", args=["jade-garden"]),
        {"kind": "fog", "visit_date": AS_OF.isoformat()},
    )
    assert start.status_code == 302
    visit = InspectionVisit.objects.latest("pk")
    assert VISIT_KINDS["fog"].steps[0].slug == "interceptor"
    depths = {"device": "jade-gi", "floating_fog_in": "20", "settled_solids_in": "15"}
    deeper = _step(client, visit, "interceptor", {**depths, "total_depth_in": "30"})
    partial = _step(client, visit, "interceptor", depths)
    zero = _step(client, visit, "interceptor", {**depths, "total_depth_in": "0"})
    digits = _step(client, visit, "interceptor", {**depths, "total_depth_in": "３0"})
    signer = _step(client, visit, "signature", {"signer_name": "  "})
    assert said["deeper"] in deeper
    assert said["partial"] in partial
    assert said["zero"] in zero
    assert said["digits"] in digits and "U+FF13 FULLWIDTH DIGIT THREE" in digits
    assert said["signer"] in signer
    if language != "en":
        english = SAID["en"]
        for page, key in ((deeper, "deeper"), (partial, "partial"), (signer, "signer")):
            assert english[key] not in page
        assert english["digits"] not in digits


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_a_bulk_action_with_no_line_says_so_in_the_readers_language(client, block, language):
    _inspector(client, language)
    response = client.post(reverse("casework:bulk_assign"), {"next": "/"}, follow=True)
    page = response.content.decode()
    assert SAID[language]["bulk"] in page
    if language != "en":
        assert SAID["en"]["bulk"] not in page


#: Accept-Language → what the FOG visit's steps ask, in it
ASKED = {
    "en": (
        "Total liquid depth (inches)",
        "Condition and records",
        "Mechanical condition of the interceptor",
        "Needs repair (baffles, tees, lids or piping)",
    ),
    "es": (
        "Profundidad total del líquido (pulgadas)",
        "Estado y registros",
        "Estado mecánico del interceptor",
        "Necesita reparación (deflectores, tes, tapas o tuberías)",
    ),
    "zh-Hant": (
        "液體總深度（英寸）",
        "狀況及紀錄",
        "截流器的機械狀況",
        "需要維修（擋板、三通、蓋板或管線）",
    ),
}


#: Accept-Language → the start form's day of the visit, in it
STARTED = {
    "en": ("Day of the visit", "FOG inspection"),
    "es": ("Día de la visita", "Inspección de FOG"),
    "zh-Hant": ("訪查日期", "油脂（FOG）檢查"),
}


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_an_inspection_steps_questions_are_in_the_readers_language(client, block, language):
    _inspector(client, language)
    start = client.get(reverse("casework:inspection_start", args=["jade-garden"])).content
    day, kind = STARTED[language]
    assert day in start.decode() and kind in start.decode()
    client.post(
        reverse("casework:inspection_start", args=["jade-garden"]),
        {"kind": "fog", "visit_date": AS_OF.isoformat()},
    )
    visit = InspectionVisit.objects.latest("pk")
    step = reverse("casework:inspection_step", args=[visit.pk, "interceptor"])
    interceptor = client.get(step).content.decode()
    condition = client.get(
        reverse("casework:inspection_step", args=[visit.pk, "condition"])
    ).content.decode()
    depth, step_title, question, choice = ASKED[language]
    assert depth in interceptor and step_title in interceptor and f"<h1>{kind} " in interceptor
    assert question in condition and choice in condition
    if language != "en":
        for english in ASKED["en"][:3]:
            assert english not in interceptor + condition
