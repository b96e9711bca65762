"""The PDF: WeasyPrint, letter size, the letterhead and signature block from the rule
pack, tagged (PDF/UA-1), fonts that carry Chinese; read back by text extraction
(Debian's poppler-utils: pdftotext, pdfinfo), never judged by its size."""

from __future__ import annotations

import csv
import io
import subprocess
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from sanitas.notices import render, services

from .conftest import AS_OF, PASSWORD, draft, serve

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes, *extra: str) -> str:
    done = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", *extra, "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    return " ".join(done.stdout.decode("utf-8").split())


def info_of(pdf: bytes) -> dict[str, str]:
    done = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True)
    lines = done.stdout.decode("utf-8").splitlines()
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in lines)}


def fonts_of(pdf: bytes) -> str:
    done = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode("utf-8")


def test_the_served_notice_of_violation_reads_in_spanish_and_english(served_nov):
    pdf = bytes(served_nov.pdf)
    text = text_of(pdf)
    deadline = (AS_OF + timedelta(days=60)).isoformat()
    # the Spanish first, the English after it
    assert text.index("Aviso de Infracción") < text.index("Notice of Violation", 200)
    assert f"a más tardar el {deadline}" in text
    assert f"by {deadline}" in text
    assert "Fecha límite: " + deadline in text and "Deadline: " + deadline in text
    # the section quoted, with the words of the ordinance
    assert "Ch. 50 SB 1383 enforcement (D)(4)" in text
    assert "requiring compliance within 60 days of issuance of the notice" in text
    assert "Ch. 50 SB 1383 commercial (A)(1)" in text
    # the penalty that follows, and the recipient the ordinance names
    assert "multa base de hasta $100" in text and "base penalty of up to $100" in text
    assert "María López" in text and "PO Box 44, San Gabriel, CA 91778" in text
    # the case code, the letterhead and signature block of the pack, the digest
    assert served_nov.code in text
    assert "City of San Gabriel" in text and "425 South Mission Drive" in text
    assert "Code Enforcement Official" in text
    assert served_nov.content_sha256 in text.replace(" ", "")
    assert "BORRADOR" not in text and "DRAFT" not in text


def test_the_pdf_is_letter_size_tagged_and_titled(served_nov):
    info = info_of(bytes(served_nov.pdf))
    assert info["Page size"].startswith("612 x 792 pts (letter)")
    assert info["Tagged"] == "yes"
    assert info["Title"] == f"Aviso de Infracción {served_nov.code}"


def test_a_fog_notice_prints_traditional_chinese_with_a_font_that_carries_it(city):
    notice = serve(draft("FOG-MIN-FREQUENCY", "gi-pho"), method="certified_mail")
    pdf = bytes(notice.pdf)
    text = text_of(pdf)
    assert "不合規通知" in text and "Notice of Noncompliance" in text
    assert "陳美玲" in text and "Valley Holdings LLC" in text
    deadline = (AS_OF + timedelta(days=30)).isoformat()
    assert f"即 {deadline} 之前" in text and f"by {deadline}" in text
    assert "§ 51.67(A)" in text and "Public Works Director" in text
    assert "Noto-Sans-CJK" in fonts_of(pdf)  # Debian's fonts-noto-cjk, embedded


def test_a_draft_preview_says_it_is_a_draft(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    pdf = render.pdf(render.document_html(services.preview(notice)))
    text = text_of(pdf)
    assert "BORRADOR: no entregado" in text and "DRAFT: not served" in text
    assert "The digest is printed when the notice is served." in text


@pytest.fixture
def clerk_client(db) -> Client:
    person = User.objects.create_user("clerk2", "c@example.org", PASSWORD)
    for role in ("sb1383_coordinator", "fog_inspector"):  # both notices' programs
        person.groups.add(Group.objects.get_or_create(name=role)[0])
    client = Client()
    client.force_login(person)
    return client


def test_a_batch_is_one_pdf_for_the_mail_house_and_a_csv_of_addresses(city, clerk_client):
    nov = serve(draft("ORG-COM-ENROLL", "p-casa"), method="first_class_mail")
    fog = serve(draft("FOG-MIN-FREQUENCY", "gi-pho"), method="certified_mail")
    day = AS_OF.isoformat()
    response = clerk_client.get("/notices/batch.pdf", {"served_on": day})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    batch = response.content
    text = text_of(batch)
    assert nov.code in text and fog.code in text
    pages = int(info_of(batch)["Pages"])
    assert pages == int(info_of(bytes(nov.pdf))["Pages"]) + int(info_of(bytes(fog.pdf))["Pages"])
    response = clerk_client.get("/notices/batch.csv", {"served_on": day})
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))
    assert sorted((r["case_code"], r["name"]) for r in rows) == sorted(
        [(nov.code, "María López"), (fog.code, "陳美玲"), (fog.code, "Valley Holdings LLC")]
    )
    assert [r["case_code"] for r in rows] == sorted(r["case_code"] for r in rows)
    assert {r["address"] for r in rows if r["case_code"] == nov.code} == {
        "PO Box 44, San Gabriel, CA 91778"
    }


# --------------------------------------------------------------------------- blanks, order


def test_every_served_notice_says_the_english_version_controls_in_each_language(served_nov):
    text = text_of(bytes(served_nov.pdf))
    assert "prevalece la versión en inglés" in text
    assert "the English version controls" in text


def test_a_blank_left_unfilled_is_named_in_every_language(served_nov):
    """The integrator's check at approval and service: one line per unfilled
    placeholder or missing value, naming the language and the part."""
    content = dict(served_nov.content_snapshot)
    assert render.blank_problems(content) == []
    values = {k: v for k, v in content["values"].items() if k != "penalty"}
    terms = {**content["terms"]}
    terms["consequences"] = [
        {**c, "args": {**c["args"], "penalty": None}} for c in terms["consequences"]
    ]
    problems = render.blank_problems({**content, "values": values, "terms": terms})
    assert problems == [
        f"{language}: follows: {{penalty}} is left unfilled (consequences.citation_ladder)"
        for language in ("en", "es", "zh-Hant")
    ]
    nameless = {**content, "recipient": {**content["recipient"], "name": ""}, "found": ""}
    problems = render.blank_problems(nameless)
    assert "zh-Hant: to: the recipient's name is missing" in problems
    assert "es: found: what was found is missing" in problems


def test_the_final_written_order_is_printed_in_the_respondents_language_and_signed(served_nov):
    """The order, like the citation, in its language first and English after it; the
    officer's findings and reasons; the officer's full name and title."""
    from datetime import date, datetime
    from decimal import Decimal
    from types import SimpleNamespace

    from django.utils import timezone

    citation = SimpleNamespace(
        code="SG-ORDER1",
        served_on=date(2025, 5, 10),
        amount=Decimal("100"),
        content_snapshot=served_nov.content_snapshot,
    )
    hearing = SimpleNamespace(
        decision="modified",
        amount=Decimal("50"),
        decided_on=date(2025, 6, 3),
        findings="The respondent ordered a 64-gallon cart on April 28.",
        reasons="The delay was the hauler's.",
        order_text="",
        place="City Hall, Room 2",
        scheduled_at=timezone.make_aware(datetime(2025, 6, 3, 10)),
        appeal=SimpleNamespace(filed_on=date(2025, 5, 20)),
    )
    html = render.order_html(
        hearing=hearing,
        citation=citation,
        officer_name="Rosa Delgado",
        officer_title="Hearing Officer",
    )
    assert '<html lang="es">' in html
    text = text_of(render.pdf(html))
    assert text.index("Orden Final por Escrito") < text.index("Final Written Order", 40)
    assert "la multa se fija en $50" in text and "the penalty is set at $50" in text
    assert text.count("Rosa Delgado, Hearing Officer") == 2
    assert "ordered a 64-gallon cart on April 28" in text and "The delay was the hauler's" in text
    assert "Hechos comprobados" in text and "Fundamentos" in text
    assert "prevalece la versión en inglés" in text


def test_a_notice_served_before_its_content_carried_the_terms_still_reads(served_nov):
    """A frozen content never changes: one composed before the engine's terms were
    kept beside it is printed from its kind's defaults and the values it kept."""
    legacy = {
        k: v for k, v in served_nov.content_snapshot.items() if k not in ("terms", "refusals")
    }
    parts = {p["language"]: p for p in render.document_context(legacy)["parts"]}
    assert parts["en"]["to_do"].startswith("Comply with the requirement named above.")
    assert "by 2025-05-02" in parts["en"]["to_do"]
    assert "base penalty of up to $100" in parts["en"]["follows"]
    assert render.blank_problems(legacy) == []
