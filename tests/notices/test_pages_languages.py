"""The notice pages in Spanish and Traditional Chinese: a supervisor whose language is
Spanish or Chinese (chosen on their account) reads the notice list, a notice's page, a
citation with its appeal and hearing, a draft and the hearings page in that language,
the kinds of document, states, methods and timeline in its words and the legal terms as
the glossary has them; names, addresses and case codes stay as recorded; the page says
its language; a colleague whose language is English still reads English; and the
notices app's catalogs are whole and held to the glossary."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from sanitas.notices import services
from sanitas.notices.kinds import _held_to_glossary
from sanitas.records.sweep import sweep
from sanitas.web.catalogs import catalog_problems

from .conftest import finding, serve, user

pytestmark = pytest.mark.django_db

AFTER = date(2025, 5, 10)  # past the Notice of Violation's deadline, nothing done
HTML_LANG = re.compile(r'<html lang="([^"]+)">')
LOCALE = Path(__file__).resolve().parents[2] / "sanitas" / "notices" / "locale"

#: the words each page says in each language (none of them a name or a code)
SAID = {
    "es": {
        "list": [
            "Avisos",
            "Código de caso",
            "Mostrar avisos",
            "2 avisos.",
            "Aviso de Infracción",
            "Citación Administrativa",
            "seguido de citación",
            "Para la empresa de envíos postales",
            "Direcciones (CSV)",
        ],
        "notice": [
            "Resumen",
            "código de caso",
            "Destinatario",
            "Fecha límite",
            "entrega en persona",
            "Cronología",
            "redactado",
            "aprobado",
            "seguido de citación",
            "Impreso en",
            "seguido del inglés",
            "entrega en persona el 3 de marzo de 2025",
        ],
        "citation": [
            "Citación Administrativa",
            "Pagos",
            "Multa de $80",
            "Apelación",
            "Audiencia solicitada el",
            "(programada)",
            "ante Juana Pérez",
            "correo certificado",
            "Registrar el pago",
            # the timeline's notes, recorded in English, said in Spanish
            "correo certificado el 10 de mayo de 2025",
            "audiencia solicitada el 20 de mayo de 2025",
            "3 de junio de 2025, 10:00 ante judge",
        ],
        "draft": [
            "Emitir un aviso",
            "El hallazgo",
            "Requisito",
            "Explicación",
            "La norma responde a este hallazgo con",
            "Aviso de Incumplimiento",
            "Redactar el aviso",
        ],
        "hearings": [
            "Audiencias",
            "apelaciones de citaciones administrativas, por fecha",
            "Por celebrar y resolver",
            "Apelación presentada el",
            "Abrir la citación y su apelación",
            "Resueltas",
            "Ninguna todavía.",
        ],
    },
    "zh-Hant": {
        "list": [
            "通知",
            "案件代碼",
            "顯示通知",
            "2 份通知。",
            "違規通知",
            "行政罰單",
            "已開立罰單",
            "交付郵寄業者",
            "地址（CSV）",
        ],
        "notice": [
            "摘要",
            "案件代碼",
            "收件人",
            "期限",
            "專人送達",
            "時間軸",
            "擬稿",
            "核准",
            "已開立罰單",
            "列印語言",
            "其後附英文",
            "2025年3月3日，專人送達",
        ],
        "citation": [
            "行政罰單",
            "繳款",
            "罰款 $80",
            "上訴",
            "申請聽證會",
            "（已排定）",
            "由 Juana Pérez 主持",
            "掛號郵件",
            "登錄繳款",
            "2025年5月10日，掛號郵件",
            "2025年5月20日 申請聽證會",
            "2025年6月3日, 上午10:00，由 judge 主持",
        ],
        "draft": [
            "開立通知",
            "發現事項",
            "規定",
            "說明",
            "法規對此發現事項的處置為",
            "不合規通知",
            "擬定通知",
        ],
        "hearings": [
            "聽證",
            "行政罰單的上訴，依日期排列",
            "待聽證及裁決",
            "上訴提出日期",
            "開啟罰單及其上訴",
            "已裁決",
            "目前沒有。",
        ],
    },
}
#: what the same pages say in English, none of which a Spanish or Chinese page shows
#: (taken from the pages' own words, not from the notices printed on them, which carry
#: the English after the reader's language)
ENGLISH = {
    "list": [">Case code<", "Show notices", "For the mail house", "Addresses (CSV)", "escalated<"],
    "notice": [
        ">Summary<",
        ">Recipient<",
        ">Timeline<",
        ", personal delivery</dd>",
        "Printed in<",
        "personal delivery on 2025-03-03",
    ],
    "citation": [
        ">Payments<",
        ">Appeal<",
        "Hearing requested",
        "Record payment",
        "certified mail on 2025-05-10",
        "hearing requested 2025-05-20",
    ],
    "draft": ["Issue a notice", "The finding", "The law answers this finding with", "Draft the"],
    "hearings": [">Hearings", "To hear and decide", "Open the citation and its appeal"],
}


@pytest.fixture
def heard(served_nov):
    """Casa Verde's Notice of Violation, its deadline passed; the citation that follows
    it served by certified mail, appealed, and its hearing set before Juana Pérez."""
    sweep(as_of=AFTER)
    citation = services.draft_citation(notice_id=served_nov.pk, actor="coordinator", today=AFTER)
    services.edit_draft(notice_id=citation.pk, actor="coordinator", amount=Decimal("80"))
    citation = serve(citation, served_on=AFTER, method="certified_mail")
    appeal = services.file_appeal(
        citation_id=citation.pk, actor="clerk", filed_on=date(2025, 5, 20)
    )
    judge = user("judge", "hearing_officer")
    judge.first_name, judge.last_name = "Juana", "Pérez"
    judge.save()
    services.schedule_hearing(
        appeal_id=appeal.pk,
        actor="supervisor",
        hearing_officer="judge",
        scheduled_at=timezone.make_aware(datetime(2025, 6, 3, 10)),
    )
    return served_nov, citation


def _reader(name: str, language: str) -> Client:
    """A supervisor signed in, their language chosen on their account."""
    client = Client()
    client.force_login(user(name, "supervisor"))
    if language != "en":
        chosen = client.post(
            reverse("people:language"), {"language": language.lower(), "next": "/"}
        )
        assert chosen.status_code == 302, chosen.content[:300]
    return client


def _pages(client: Client, heard) -> dict[str, str]:
    nov, citation = heard
    fog = finding("FOG-MIN-FREQUENCY", "gi-pho")
    pages = {
        "list": client.get(reverse("notices:list")),
        "notice": client.get(reverse("notices:detail", args=[nov.pk])),
        "citation": client.get(reverse("notices:detail", args=[citation.pk])),
        "draft": client.get(reverse("notices:draft"), {"finding": fog.pk}),
        "hearings": client.get(reverse("notices:hearings")),
    }
    for name, response in pages.items():
        assert response.status_code == 200, (name, response.content[:300])
    return {name: response.content.decode() for name, response in pages.items()}


def _lang(page: str) -> str:
    found = HTML_LANG.search(page)
    assert found, page[:200]
    return found.group(1)


@pytest.mark.parametrize("language", ["es", "zh-Hant"])
def test_a_readers_notice_pages_are_in_their_language(heard, language):
    pages = _pages(_reader("lectora", language), heard)
    nov, citation = heard
    for name, page in pages.items():
        assert _lang(page).lower() == language.lower(), name
        for words in SAID[language][name]:
            assert words in page, (language, name, words)
        for words in ENGLISH[name]:
            assert words not in page, (language, name, words)
    # names, addresses and case codes as recorded
    assert "María López" in pages["notice"] and nov.code in pages["list"]
    assert citation.code in pages["hearings"] and "Juana Pérez" in pages["hearings"]


def test_an_english_readers_notice_pages_are_still_english(heard):
    pages = _pages(_reader("reader", "en"), heard)
    for name, page in pages.items():
        assert _lang(page) == "en", name
        for words in ENGLISH[name]:
            assert words in page, (name, words)
    assert "2 notices." in pages["list"] and "Notice of Violation" in pages["list"]
    assert "Hearing requested" in pages["citation"] and "(scheduled)" in pages["citation"]
    assert "Penalty $80" in pages["citation"] and "certified mail" in pages["citation"]
    assert "Appeal filed" in pages["hearings"] and "before Juana Pérez" in pages["hearings"]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Served. The notice is frozen; its clock starts today."),
        ("es", "Entregado. El aviso queda fijado; su plazo corre desde hoy."),
        ("zh-Hant", "已送達。通知已凍結；期限自今日起算。"),
    ],
)
def test_what_an_action_says_and_a_refused_fields_label_are_in_the_readers_language(
    city, language, said
):
    from .conftest import draft

    notice = draft("FOG-MIN-FREQUENCY", "gi-pho")
    services.approve_notice(notice_id=notice.pk, actor="supervisor")
    client = _reader("boss", language)
    bad = client.post(reverse("notices:serve", args=[notice.pk]), {"method": "personal"})
    assert bad.status_code == 422
    label = {"en": "Served on", "es": "Entregado el", "zh-Hant": "送達日期"}[language]
    assert f"<li>{label}: " in bad.content.decode()
    served = client.post(
        reverse("notices:serve", args=[notice.pk]),
        {"method": "personal", "served_on": date(2025, 3, 3).isoformat()},
        follow=True,
    )
    assert served.status_code == 200, re.findall(r"<li>(.*?)</li>", served.content.decode())
    assert said in served.content.decode()


@pytest.mark.parametrize("locale", ["es", "zh_Hant"])
def test_the_notices_page_catalogs_are_whole_and_hold_to_the_glossary(locale):
    po = LOCALE / locale / "LC_MESSAGES" / "django.po"
    assert catalog_problems(po) == []
    with po.open("rb") as stream:
        catalog = read_po(stream, locale=locale)
    language = locale.replace("_", "-")
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            problems += _held_to_glossary(language, ids[0], ids[-1], form)
    assert problems == []
    assert len(catalog) > 200


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "notice {code}: the one who drafted it cannot approve it"),
        ("es", "aviso {code}: quien lo redactó no puede aprobarlo"),
        ("zh-Hant", "通知 {code}：擬稿者本人不得核准"),
    ],
)
def test_a_refusal_is_told_in_the_readers_language(city, language, said):
    """The law's and the state table's refusals shown beside a notice: the person who
    drafted it may not approve it, and a served notice refuses a second service."""
    from .conftest import draft

    client = _reader("drafter", language)
    drafted = client.post(
        reverse("notices:draft"),
        {"finding": finding("ORG-COM-ENROLL", "p-casa").pk, "kind": "sb1383_nov"},
    )
    assert drafted.status_code == 302
    notice = draft("ORG-COM-ENROLL", "p-casa")  # the open draft, as drafted above
    refused = client.post(reverse("notices:approve", args=[notice.pk]))
    assert refused.status_code == 422
    assert said.format(code=notice.code) in refused.content.decode()


def test_every_action_a_refusal_names_is_in_the_pages_catalogs():
    """A refusal of the state table names the action by its button's words, which the
    pages' catalogs translate (they are the buttons' own entries)."""
    from django.utils import translation

    from sanitas.notices import flow

    for language in ("es", "zh-hant"):
        with translation.override(language):
            for transition in flow.NOTICE_TRANSITIONS.values():
                if transition.by_hand:
                    assert flow.action_name(transition) != transition.label.lower(), (
                        language,
                        transition.action,
                    )


#: what a draft's page and the list's batch form say
DRAFT_SAID = {
    "es": [
        "borrador",
        "Las partes de texto libre",
        "Indicaciones adicionales (texto libre, impreso tal como se escribe)",
        "Aprobación",
        "Un supervisor aprueba el documento (aviso de infracción) antes de su entrega",
        "Guardar el borrador",
        "Vista previa",
        "Retirar el borrador",
    ],
    "zh-Hant": [
        "草稿",
        "自由填寫的部分",
        "其他指示（自由填寫，依原文列印）",
        "核准",
        "違規通知須在送達前由主管核准",
        "儲存草稿",
        "預覽",
        "撤回草稿",
    ],
}
BATCH_SAID = {
    "es": ["Entregar juntos", "Avisos que entregar", "Forma de entrega", "correo de primera clase"],
    "zh-Hant": ["一併送達", "要送達的通知", "送達方式", "一級郵件"],
}


@pytest.mark.parametrize("language", ["es", "zh-Hant"])
def test_a_draft_and_the_batch_form_are_in_the_readers_language(city, language):
    from .conftest import draft

    notice = draft("ORG-COM-ENROLL", "p-casa")
    client = _reader("editor", language)
    page = client.get(reverse("notices:detail", args=[notice.pk])).content.decode()
    for words in DRAFT_SAID[language]:
        assert words in page, (language, words)
    for words in ("The free-text parts", "Save the draft", ">Approval<", "Withdraw the draft"):
        assert words not in page, (language, words)
    listed = client.get(reverse("notices:list")).content.decode()
    for words in BATCH_SAID[language]:
        assert words in listed, (language, words)
    assert "Serve together" not in listed and "first-class mail" not in listed


@pytest.mark.parametrize(
    ("language", "listed", "told"),
    [
        ("en", "upheld on Jun 4, 2025", "by Juana Pérez, Hearing officer."),
        ("es", "confirmada el 4 de junio de 2025", "por Juana Pérez, Funcionario de audiencias."),
        ("zh-Hant", "2025年6月4日 維持原處分", "由 Juana Pérez（聽證官）簽署"),
    ],
)
def test_a_decided_hearing_is_told_in_the_readers_language(heard, language, listed, told):
    from sanitas.notices.models import Hearing

    _, citation = heard
    hearing = Hearing.objects.get(appeal__citation=citation)
    services.decide_hearing(
        hearing_id=hearing.pk,
        actor="judge",
        decision="upheld",
        decided_on=date(2025, 6, 4),
        findings="The organics service was short on the day of the notice.",
        reasons="Nothing was shown to the contrary.",
        officer_name="Juana Pérez",
        officer_title="Hearing officer",
    )
    client = _reader("lector", language)
    hearings = client.get(reverse("notices:hearings")).content.decode()
    assert listed in hearings, hearings
    page = client.get(reverse("notices:detail", args=[citation.pk])).content.decode()
    assert told in page
    # the officer's findings and reasons as written
    assert "Nothing was shown to the contrary." in page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "es",
            [
                "No se guardó nada: Este borrador fue modificado por Lena Park el",
                "después de que usted lo abriera",
                "La otra persona cambió Indicaciones adicionales y usted Impreso en: "
                "ambos cambios pueden mantenerse",
                "Campo por campo",
            ],
        ),
        (
            "zh-Hant",
            [
                "未儲存任何內容：在您開啟之後，Lena Park於",
                "修改此草稿",
                "對方修改了其他指示，您修改了列印語言：兩者可以並存",
                "逐欄比較",
            ],
        ),
    ],
)
def test_two_peoples_edits_are_told_in_the_readers_language(city, language, said):
    """What happened since the page was opened (the 409 of a second edit), told to a
    Spanish or Chinese reader: who, what they did, field by field."""
    from .conftest import draft
    from .test_two_people import _edit_form, _person, _text

    notice = draft("ORG-COM-ENROLL", "p-casa")
    lena = Client()
    lena.force_login(_person("lena", "Lena Park", "sb1383_coordinator"))
    omar = _reader("omar", language)
    edit = reverse("notices:edit", args=[notice.pk])
    hers, his = _edit_form(lena, notice), _edit_form(omar, notice)
    assert lena.post(edit, {**hers, "remarks": "Call before the visit."}).status_code == 302
    refused = omar.post(edit, {**his, "language": "en"})
    assert refused.status_code == 409
    page = _text(refused)
    for words in said:
        assert words in page, (language, words, page[page.find("conflict") :][:600])
    assert "both can stand" not in page and "after you opened it" not in page


@pytest.mark.parametrize(
    ("language", "premature", "english_found"),
    [
        ("es", "Todavía no hay citación: aviso {code}: al ", "has not passed uncorrected"),
        ("zh-Hant", "尚不能開立罰單：通知 {code}：截至 ", "has not passed uncorrected"),
    ],
)
def test_a_premature_citation_is_told_in_the_readers_language(
    city, language, premature, english_found
):
    """A notice served today: no citation yet, said with the engine's finding in the
    reader's language; and one long past its deadline offers the citation."""
    from .conftest import draft

    today = timezone.localdate()
    sweep(as_of=today)
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"), served_on=today)
    client = _reader("lectora", language)
    page = client.get(reverse("notices:detail", args=[notice.pk])).content.decode()
    assert premature.format(code=notice.code) in page
    assert english_found not in page and "No citation yet" not in page
