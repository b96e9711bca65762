"""What the case and inspection pages say after a change, and the services' refusals
they show, in the language a person keeps on their account: a saved assignment or
note, a bulk assignment's count, a bulk assignment refused because a line changed
hands, a kept, a refused and a voided photo, a finished inspection, an inspection refused (dated
in the future, steps left unanswered, not one's role's work); in Spanish and
Traditional Chinese, and English still English."""

from __future__ import annotations

import html
import io
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import translation
from PIL import Image

from sanitas.casework import services
from sanitas.casework.models import Case, InspectionVisit
from sanitas.ordinance.document import read_data
from sanitas.people import services as people
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT
from .test_inspections import _finish, _fog_visit

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
PASSWORD = "a-long-test-password"
SUBJECT, REQUIREMENT = "jade-gi", "FOG-MIN-FREQUENCY"
LANGUAGES = ["en", "es", "zh-hant"]

#: each language's words for what the pages say (the English byte for byte)
SAID = {
    "en": {
        "assigned": "Assignment saved.",
        "noted": "Note saved.",
        "one": "1 case assigned to ben.",
        "two": "2 cases assigned to ben.",
        "nobody": "1 case assigned to nobody.",
        "refused": (
            f"The case of {REQUIREMENT} about {SUBJECT} was assigned to ben by Sue Park on "
        ),
        "refused_end": (
            "after the worklist showed nobody on it: nothing was assigned. Open the worklist "
            "again to see it."
        ),
        "kept": "Photo kept.",
        "voided": "Photo voided; it is kept with the reason.",
        "why": "Say why the photo is voided.",
        "finished": "Inspection finished and recorded.",
        "future": "A visit cannot be dated in the future.",
        "steps": "Answer these steps first: ",
        "not_yours": "No visit of Jade Garden",
        "no_picture": "The file is not a picture this system can read.",
    },
    "es": {
        "assigned": "Asignación guardada.",
        "noted": "Nota guardada.",
        "one": "1 caso asignado a ben.",
        "two": "2 casos asignados a ben.",
        "nobody": "1 caso quedó sin asignar.",
        "refused": (
            f"El caso de {REQUIREMENT} sobre {SUBJECT} fue asignado a ben por Sue Park el "
        ),
        "refused_end": (
            "después de que la lista de trabajo mostrara como responsable: nadie. No se asignó "
            "nada. Abra de nuevo la lista de trabajo para verlo."
        ),
        "kept": "Foto guardada.",
        "voided": "Foto anulada; se conserva junto con el motivo.",
        "why": "Indique por qué se anula la foto.",
        "finished": "Inspección terminada y registrada.",
        "future": "Una visita no puede tener una fecha futura.",
        "steps": "Responda primero estos pasos: ",
        "not_yours": "Ninguna visita de Jade Garden",
        "no_picture": "El archivo no es una imagen que este sistema pueda leer.",
    },
    "zh-hant": {
        "assigned": "已儲存指派。",
        "noted": "已儲存備註。",
        "one": "已將 1 件案件指派給 ben。",
        "two": "已將 2 件案件指派給 ben。",
        "nobody": "1 件案件已改為未指派。",
        "refused": (
            f"工作清單顯示 {SUBJECT} 的 {REQUIREMENT} 案件負責人為 無人 之後，Sue Park 已於 "
        ),
        "refused_end": "將該案件指派給 ben：未指派任何案件。請重新開啟工作清單查看。",
        "kept": "已保存照片。",
        "voided": "照片已作廢；照片及作廢原因仍予保存。",
        "why": "請說明作廢此照片的原因。",
        "finished": "檢查已完成並登錄。",
        "future": "訪視日期不得為未來的日期。",
        "steps": "請先回答以下步驟：",
        "not_yours": "的訪視均不是您角色的工作。",
        "no_picture": "此檔案不是本系統可讀取的圖片。",
    },
}


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return tmp_path


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)


def _user(name: str, role: str = "fog_inspector", language: str = "", **extra) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD, **extra)
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    if language:
        people.set_language(account=user, language=language)
    return user


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _case_url(name: str = "casework:case") -> str:
    return reverse(name, kwargs={"subject": SUBJECT, "requirement": REQUIREMENT})


def _version(client) -> str:
    return client.get(_case_url()).context["note"]["version"].value()


def _jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (32, 24), (120, 90, 30)).save(out, "JPEG")
    return out.getvalue()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_saved_assignment_and_note_say_so_in_the_persons_language(client, block, language):
    ben = _user("ben")
    client.force_login(_user("ana", language=language))
    page = client.post(
        _case_url("casework:assign"),
        {"assignee": ben.pk, "version": _version(client)},
        follow=True,
    )
    assert page.redirect_chain[-1][0] == _case_url()
    assert SAID[language]["assigned"] in _text(page)
    page = client.post(
        _case_url("casework:note"),
        {"text": "Called the manager.", "version": _version(client)},
        follow=True,
    )
    assert SAID[language]["noted"] in _text(page)
    if language != "en":
        assert SAID["en"]["assigned"] not in _text(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bulk_assignment_counts_its_cases_in_the_persons_language(client, block, language):
    ben = _user("ben")
    client.force_login(_user("ana", language=language))
    other = Finding.objects.filter(current=True).exclude(subject=SUBJECT).order_by("id").first()
    lines = [f"{SUBJECT}|{REQUIREMENT}", f"{other.subject}|{other.requirement}"]
    bulk = reverse("casework:bulk_assign")
    page = client.post(bulk, {"obligation": lines[:1], "assignee": ben.pk}, follow=True)
    assert SAID[language]["one"] in _text(page)
    page = client.post(bulk, {"obligation": lines, "assignee": ben.pk}, follow=True)
    assert SAID[language]["two"] in _text(page)
    page = client.post(bulk, {"obligation": lines[:1], "assignee": ""}, follow=True)
    assert SAID[language]["nobody"] in _text(page)
    assert not Case.objects.filter(subject=SUBJECT, assignee__isnull=False).exists()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bulk_assignment_refused_names_who_has_the_case_in_the_persons_language(
    client, block, language
):
    sue = _user("sue", "supervisor", first_name="Sue", last_name="Park")
    ben, carl = _user("ben"), _user("carl")
    services.assign_case(subject=SUBJECT, requirement=REQUIREMENT, assignee=ben, actor=sue)
    client.force_login(_user("ana", language=language))
    page = client.post(
        reverse("casework:bulk_assign"),
        {
            "obligation": [f"{SUBJECT}|{REQUIREMENT}"],
            "shown": [f"{SUBJECT}|{REQUIREMENT}|"],
            "assignee": carl.pk,
        },
        follow=True,
    )
    text = _text(page)
    assert SAID[language]["refused"] in text
    assert SAID[language]["refused_end"] in text
    assert Case.objects.get(subject=SUBJECT).assignee == ben
    if language == "es":
        assert "de 20" in text.split(SAID["es"]["refused"])[1][:40]  # "5 de marzo de 2026"
    if language == "zh-hant":
        assert "年" in text.split(SAID["zh-hant"]["refused"])[1][:20]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_photo_kept_and_voided_say_so_in_the_persons_language(client, block, language):
    ana = _user("ana", language=language)
    client.force_login(ana)
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    photos = reverse("casework:inspection_step", args=[visit.pk, "photos"])
    upload = io.BytesIO(b"not a picture at all")
    upload.name = "report.jpg"
    page = client.post(photos, {"photo": upload, "caption": ""})
    assert page.status_code == 400
    assert SAID[language]["no_picture"] in _text(page)
    upload = io.BytesIO(_jpeg())
    upload.name = "IMG_0042.jpg"
    page = client.post(photos, {"photo": upload, "caption": "Outlet tee"}, follow=True)
    assert SAID[language]["kept"] in _text(page)
    photo = visit.photos.get()
    void = reverse("casework:inspection_photo_void", args=[visit.pk, photo.pk])
    page = client.post(void, {"why": ""}, follow=True)
    assert SAID[language]["why"] in _text(page)
    page = client.post(void, {"why": "Wrong restaurant"}, follow=True)
    assert SAID[language]["voided"] in _text(page)
    # the history keeps its reason as written, whatever the page's language
    photo.refresh_from_db()
    assert photo.history.latest("history_id").history_change_reason == "voided: Wrong restaurant"


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_inspection_refused_says_why_in_the_persons_language(client, block, language):
    client.force_login(_user("ana", language=language))
    start = reverse("casework:inspection_start", args=["jade-garden"])
    page = client.post(start, {"kind": "fog", "visit_date": "2999-01-01"})
    assert page.status_code == 400
    assert SAID[language]["future"] in _text(page)
    assert not InspectionVisit.objects.exists()
    page = client.post(start, {"kind": "fog", "visit_date": AS_OF.isoformat()})
    visit = InspectionVisit.objects.get()
    page = client.post(reverse("casework:inspection_step", args=[visit.pk, "review"]))
    assert page.status_code == 400
    assert SAID[language]["steps"] in _text(page)

    client.force_login(_user("pat", "permit_clerk", language=language))
    page = client.get(start)
    assert page.status_code == 403
    assert SAID[language]["not_yours"] in _text(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_finished_inspection_says_so_in_the_persons_language(client, block, language):
    client.force_login(_user("ana", language=language))
    visit = _finish(client, _fog_visit(client, photo=False))
    page = client.get(reverse("casework:inspection_findings", args=[visit.pk]))
    assert SAID[language]["finished"] in _text(page)


def test_a_refusal_outside_a_request_is_english():
    """A job worker or the command line has no person's language: the refusal is the
    English the tests and the logs have always read."""
    with translation.override("es"), pytest.raises(services.InspectionError) as refused:
        services._check_inspector(User(username="nobody"), "no-such-kind")
    assert str(refused.value) == "No existe ningún tipo de visita llamado 'no-such-kind'."
    with translation.override(None), pytest.raises(services.InspectionError) as refused:
        services._check_inspector(User(username="nobody"), "no-such-kind")
    assert str(refused.value) == "There is no kind of visit called 'no-such-kind'."


def test_a_stale_change_names_what_was_done_meanwhile_in_the_active_language():
    """The stored reasons stay English in the history; the refusal says them in the
    language active when it is raised."""
    since = [
        services.CaseChange(None, None, "assigned to ben"),
        services.CaseChange(None, User(username="ana"), "wrote a note", "Called."),
    ]
    with translation.override(None):
        english = str(services.StaleCase(since=since, version="case.2.1"))
    assert english == (
        "The case changed after you opened it (someone assigned to ben; ana wrote a note): "
        "nothing was saved."
    )
    with translation.override("es"):
        spanish = str(services.StaleCase(since=since, version="case.2.1"))
    assert spanish == (
        "El caso cambió después de que usted lo abrió (alguien: asignado a ben; ana: escribió "
        "una nota): no se guardó nada."
    )
    with translation.override("zh-hant"):
        chinese = str(services.StaleCase(since=[], version="case.2.1"))
    assert chinese == "您開啟案件後，案件已被變更（案件已變更）：未儲存任何資料。"
