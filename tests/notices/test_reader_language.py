"""A notice in its reader's language: the dates as the language writes them, the
requirement's title, the program of the letterhead and the signature title in the
language, the ordinance quoted in English and said to be, and the Chinese PDF printed
with Traditional Chinese faces alone."""

from __future__ import annotations

import re
import subprocess
from datetime import date
from html import unescape

import pytest

from sanitas.notices import render
from sanitas.ordinance.messages import said_in_english
from sanitas.records.services import record_facts

from .conftest import AS_OF, draft, serve

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes) -> str:
    done = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return " ".join(done.stdout.decode("utf-8").split())


def faces_of(pdf: bytes) -> set[str]:
    """The names of the fonts a PDF embeds, without their subset prefix."""
    done = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True, check=True)
    lines = done.stdout.decode("utf-8").splitlines()[2:]
    return {re.sub(r"^[A-Z]{6}\+", "", line.split()[0]) for line in lines if line.strip()}


def test_dates_are_written_as_each_language_writes_them():
    day = date(2027, 2, 1)
    assert render.date_words(day, "en") == "2027-02-01"
    assert render.date_words("2027-02-01", "es") == "1 de febrero de 2027"
    assert render.date_words("2027-02-01", "zh-Hant") == "2027年2月1日"
    assert render.date_words("not a date", "es") == "not a date"


def test_the_chinese_pdf_embeds_traditional_chinese_faces_only(city):
    notice = serve(draft("FOG-MIN-FREQUENCY", "gi-pho"), method="certified_mail")
    faces = faces_of(bytes(notice.pdf))
    cjk = {face for face in faces if "CJK" in face}
    assert cjk and all("CJK-TC" in face or "CJKTC" in face for face in cjk), faces


def _html_text(html: str) -> str:
    body = re.sub(r"</?span\b[^>]*>", "", html.split("<body>", 1)[-1])  # inline
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _both(notice) -> list[str]:
    """The served notice's frozen HTML and its PDF, as text."""
    return [_html_text(notice.html), text_of(bytes(notice.pdf))]


def test_a_spanish_notice_of_violation_reads_wholly_in_spanish(city):
    notice = serve(draft("ORG-COM-ENROLL", "p-casa"))
    content = notice.content_snapshot
    review_by = render.date_words(content["values"]["review_by"], "es")
    for text in _both(notice):
        spanish = text[: text.index("A continuación figura el texto en inglés")]
        assert "Servicio comercial de orgánicos" in spanish  # the requirement
        assert "Programa de residuos orgánicos SB 1383" in spanish  # the letterhead
        assert "Funcionario de Cumplimiento de Códigos, City of San Gabriel" in spanish
        # every date as Spanish writes it, none as the English does
        assert "Entregado el 3 de marzo de 2025 por entrega en persona." in spanish
        assert "Fecha límite: 2 de mayo de 2025." in spanish
        assert "Fecha de entrega: 3 de marzo de 2025" in spanish
        assert not re.search(r"\b20\d\d-\d\d-\d\d\b", spanish.split("Lo que se encontró")[0])
        # the appeal and the penalty
        assert "Este aviso no es una citación." in spanish
        assert f"a más tardar el {review_by}." in spanish
        assert "multa base de hasta $100" in spanish
        # the ordinance quoted in English, headed by the section's title in Spanish,
        # and the notice says so and which version controls
        assert "Ch. 50 SB 1383 commercial (A)(1): Servicio comercial de orgánicos" in spanish
        assert "se cita en inglés" in spanish and "prevalece la versión en inglés" in spanish
        # the English text follows, in English
        english = text[text.index("A continuación figura el texto en inglés") :]
        assert "Commercial organics service" in english and "Code Enforcement Official" in english
        assert "Deadline: 2025-05-02." in english


def test_a_chinese_notice_reads_wholly_in_traditional_chinese(city):
    notice = serve(draft("FOG-MIN-FREQUENCY", "gi-pho"), method="certified_mail")
    content = notice.content_snapshot
    review_by = render.date_words(content["values"]["review_by"], "zh-Hant")
    assert review_by.startswith("2025年3月")
    for text in _both(notice):
        chinese = text[: text.index("本通知的英文內容附於其後")]
        assert "截流器抽除頻率 (§ 51.64(B))" in chinese  # the requirement
        assert "公共工程局油脂（FOG）管理計畫" in chinese  # the letterhead
        assert "公共工程局局長, City of San Gabriel" in chinese  # the signature
        assert "已於 2025年3月3日 以掛號郵件送達。" in chinese
        assert "期限：2025年4月2日。" in chinese and "送達日期：2025年3月3日" in chinese
        # the appeal and what follows
        assert f"最遲於 {review_by}（含當日），以書面通知公共工程局局長" in chinese
        assert "市政府可徵收違規費用" in chinese
        assert "§ 51.64(B): 截流器抽除頻率" in chinese
        assert "以英文版本為準" in chinese
        english = text[text.index("本通知的英文內容附於其後") :]
        assert "Interceptor pump-out frequency" in english and "Public Works Director" in english


def test_staff_directions_are_printed_as_written_and_marked_so(city):
    from sanitas.notices import services

    notice = draft("ORG-COM-ENROLL", "p-casa")
    services.edit_draft(
        notice_id=notice.pk, actor="coordinator", remarks="Llame antes de las 10 a.m."
    )
    notice = serve(notice)
    for text in _both(notice):
        assert (
            "Texto del personal de la ciudad, impreso tal como se escribió: "
            "Llame antes de las 10 a.m." in text
        )
        assert "Written by the city's staff and printed as written: Llame antes" in text


def test_the_letterheads_english_is_the_rule_packs():
    """The catalogs' words for a program translate the pack's English: a program or
    title renamed in the pack prints in English until it is translated again."""
    from sanitas.notices.kinds import strings
    from sanitas.records.sweep import jurisdiction_pack

    signatures = jurisdiction_pack().value("notice.signatures", AS_OF)
    english = strings("en")
    for program, block in signatures.items():
        assert english[f"programs.{program}.office"] == block["office"]
        assert english[f"programs.{program}.title"] == block["title"]
    content = {"signature": {"office": "A renamed office", "title": "Public Works Director"}}
    words = render.signature_words(content, "es")
    assert words["office"] == "A renamed office" and words["office_lang"] == "en"
    assert words["title"] == "Director de Obras Públicas" and words["title_lang"] == "es"


def test_a_served_notice_is_shown_and_printed_as_served_never_rendered_again(city, monkeypatch):
    from django.contrib.auth.models import Group, User
    from django.test import Client

    notice = serve(draft("FOG-MIN-FREQUENCY", "gi-pho"), method="certified_mail")
    person = User.objects.create_user("reader", "r@example.org", "a-long-test-password")
    person.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    client = Client()
    client.force_login(person)

    def refuse(*args, **kwargs):
        raise AssertionError("a served notice was rendered again")

    monkeypatch.setattr(render, "pdf", refuse)
    monkeypatch.setattr(render, "found_words", refuse)
    response = client.get(f"/notices/{notice.pk}/pdf/")
    assert response.status_code == 200 and response.content == bytes(notice.pdf)
    monkeypatch.undo()
    # the page shows the frozen HTML, word for word as served, not the words the
    # notice would be rendered with today
    monkeypatch.setattr(render, "requirement_words", lambda c, lang: ("Reworded since", lang))
    page = client.get(f"/notices/{notice.pk}/").content.decode("utf-8")
    assert render.frozen_body(notice.html) in page and "Reworded since" not in page
    assert "截流器抽除頻率" in page


def test_what_was_found_reads_in_the_readers_language_where_the_engine_said_a_message(city):
    """A blockage at Arroyo Pho (FOG-DISCHARGE-PROHIBITION, said by the engine as a
    message): its notice tells the operator what was found in Traditional Chinese,
    with the English after it as recorded."""
    from sanitas.ordinance.messages import Message
    from sanitas.ordinance.messages import render as say
    from sanitas.records.models import Finding

    record_facts(
        raw_facts=[
            {
                "id": "blk-pho",
                "type": "blockage",
                "establishment": "arroyo-pho",
                "date": "2025-02-10",
            }
        ],
        actor="inspector",
        why="a blockage traced to the pho shop",
    )
    finding = Finding.objects.get(
        current=True, requirement="FOG-DISCHARGE-PROHIBITION", subject="blk-pho"
    )
    message = Message.from_dict(finding.message)
    notice = serve(draft("FOG-DISCHARGE-PROHIBITION", "blk-pho"), method="certified_mail")
    content = notice.content_snapshot
    assert content["found_message"] == finding.message and content["found"] == said_in_english(
        finding
    )
    chinese_words = say(message, "zh-Hant")
    assert "2025年2月10日" in chinese_words
    html, pdf = _both(notice)
    for text, said in ((html, chinese_words), (pdf, "下水道堵塞歸因於")):
        chinese = text[: text.index("本通知的英文內容附於其後")]
        english = text[text.index("本通知的英文內容附於其後") :]
        assert said in chinese and "is attributed to" not in chinese, chinese
        assert "is attributed to" in english


def test_a_spanish_notice_of_violation_says_what_was_found_in_spanish(city):
    """A blockage traced to a taquería whose operator reads Spanish: the notice of
    violation says what was found in Spanish (the engine's message, rendered from its
    Spanish catalog), its English after it as recorded."""
    from sanitas.ordinance.messages import Message
    from sanitas.ordinance.messages import render as say
    from sanitas.records.models import Finding

    record_facts(
        raw_facts=[
            {
                "id": "taqueria-sol",
                "type": "establishment",
                "name": "Taquería El Sol",
                "category": "restaurant",
                "premises": "p-casa",
                "cooks": True,
                "opened_on": "2019-04-01",
                "operator_name": "Jorge Ramírez",
                "operator_language": "es",
            },
            {
                "id": "blk-sol",
                "type": "blockage",
                "establishment": "taqueria-sol",
                "date": "2025-02-10",
            },
        ],
        actor="inspector",
        why="a blockage traced to the taquería",
    )
    finding = Finding.objects.get(
        current=True, requirement="FOG-DISCHARGE-PROHIBITION", subject="blk-sol"
    )
    spanish_words = say(Message.from_dict(finding.message), "es")
    assert "10 de febrero de 2025" in spanish_words
    assert spanish_words != said_in_english(finding)
    notice = serve(draft("FOG-DISCHARGE-PROHIBITION", "blk-sol"))
    content = notice.content_snapshot
    assert content["found_message"] == finding.message and content["found"] == said_in_english(
        finding
    )
    assert render.found_words(content, "es") == (spanish_words, "es")
    html, pdf = _both(notice)
    for text in (html, pdf):
        marker = text.index("A continuación figura el texto en inglés")
        spanish, english = text[:marker], text[marker:]
        assert spanish_words in spanish and said_in_english(finding) not in spanish, spanish
        assert said_in_english(finding) in english
    # what it is about, in the heading of each part: in Spanish, then in English
    assert content["subject_name"] == "the blockage of 2025-02-10"
    assert render.subject_words(content, "es") == ("Obstrucción del 10 de febrero de 2025", "es")
    assert render.subject_words(content, "zh-Hant") == ("2025年2月10日的堵塞", "zh-Hant")
    assert render.subject_words(content, "en") == ("the blockage of 2025-02-10", "en")
    for text in (html, pdf):
        marker = text.index("A continuación figura el texto en inglés")
        assert "Obstrucción del 10 de febrero de 2025" in text[:marker]
        assert "the blockage of 2025-02-10" in text[marker:]


def test_the_heading_names_a_business_as_recorded_and_an_old_notice_in_english():
    business = {"subject_name": "Casa Verde", "subject_message": None}
    assert render.subject_words(business, "es") == ("Casa Verde", "en")
    device = {
        "subject_name": "the grease interceptor of Casa Verde",
        "subject_message": {
            "id": "name.subject",
            "args": {
                "subject": {
                    "p": {
                        "id": "fog.name.of",
                        "args": {
                            "kind": {"w": "the grease interceptor"},
                            "owner": {"name": "Casa Verde"},
                        },
                    },
                    "cap": 1,
                }
            },
        },
    }
    spanish, language = render.subject_words(device, "es")
    assert language == "es" and spanish.startswith("El interceptor") and "Casa Verde" in spanish
    gone = {**device, "subject_message": {"id": "no.such", "args": {}}}
    assert render.subject_words(gone, "es") == ("the grease interceptor of Casa Verde", "en")


def test_what_was_found_without_a_message_prints_in_english_as_before():
    """A notice served before findings carried messages (no ``found_message``), or a
    finding whose rule writes its own sentence (None), prints the English it recorded,
    marked as English; an English notice prints the English as recorded."""
    assert render.found_words({"found": "As recorded."}, "es") == ("As recorded.", "en")
    none = {"found": "As recorded.", "found_message": None}
    assert render.found_words(none, "zh-Hant") == ("As recorded.", "en")
    said = {"found": "As recorded.", "found_message": {"id": "fog.no.such", "args": {}}}
    assert render.found_words(said, "es") == ("As recorded.", "en")
    assert render.found_words(said, "en") == ("As recorded.", "en")
