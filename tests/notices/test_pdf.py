"""The PDF: WeasyPrint, letter size, the letterhead and signature block from the rule
pack, tagged (PDF/UA-1), fonts that carry Chinese; read back by text extraction
(Debian's poppler-utils: pdftotext, pdfinfo), never judged by its size."""

from __future__ import annotations

import csv
import io
import subprocess
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

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
    # the dates as each language writes them
    assert "a más tardar el 2 de mayo de 2025" in text
    assert f"by {deadline}" in text
    assert "Fecha límite: 2 de mayo de 2025" in text and "Deadline: " + deadline in text
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
    assert "最遲於 2025年4月2日（含當日）" in text and f"by {deadline}" in text
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


# ----------------------------------------------------------------- documents composed from
# the records alone, as the legal review of drafted notices reads them

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _composed(scenario: str, requirement: str, subject: str, status: str, day: date, **kw):
    from sanitas.notices import compose
    from sanitas.ordinance.notice_terms import notice_document
    from sanitas.ordinance.pack import load_pack
    from sanitas.ordinance.yamlio import load_yaml

    raw = load_yaml((SCENARIOS / scenario).read_text(encoding="utf-8"))["facts"]
    pack = load_pack("san-gabriel")
    target = compose.target_of(
        requirement=requirement, subject=subject, status=status, raw=raw, as_of=day, pack=pack
    )
    asked = compose.ask(
        target, fact_key="document-sg-review", served_on=day, cite=kw.pop("cite", ""), **kw
    )
    return compose.content(
        notice_document(asked, raw, pack), code="SG-REVIEW", found="As recorded."
    )


def _in(content: dict, language: str) -> str:
    shown = {**content, "language": language}
    shown["recipient"] = {**content["recipient"], "language": language}
    return text_of(render.pdf(render.document_html(shown)))


def test_a_certificate_recites_what_it_certifies_and_warns_of_nothing():
    """'65 Code § 6-8.133: the certificate is issued to the person constructing the work
    and recites that it was constructed according to the laws of the city; it orders
    nothing by a deadline, carries no consequence and offers no appeal, so none of
    those headings is printed over its words."""
    content = _composed(
        "notice-certificate-once.yaml", "PRM-APPROVAL", "p-70", "met", date(2025, 4, 30)
    )
    assert content["refusals"] == [] and render.blank_problems(content) == []
    english = _in(content, "en")
    assert "Acme Sewer" in english and "Copy to Luis Soto" in english
    assert "What this certificate recites Every inspection of the work has passed" in english
    for absent in ("If you do not comply", "How to ask for a review", "sets no compliance"):
        assert absent not in english
    spanish = _in(content, "es")
    assert spanish.index("Lo que este certificado hace constar") < spanish.index(
        "What this certificate recites"
    )
    assert "Si usted no cumple" not in spanish and "Cómo pedir una revisión" not in spanish
    chinese = _in(content, "zh-Hant")
    assert "本證明書載明事項" in chinese and "如果您未遵守" not in chinese


def test_a_citation_names_the_notice_it_follows_in_each_language():
    """The citation says it follows "the Notice of Violation named above": the notice
    is named above, with the day it was served and the deadline that passed."""
    content = _composed(
        "notice-citation-ripe-day-after.yaml",
        "ORG-CITATION",
        "nov-1",
        "overdue",
        date(2025, 5, 3),
        amount=Decimal("100"),
    )
    assert content["refusals"] == [] and render.blank_problems(content) == []
    english = _in(content, "en")
    row = "Notice of Violation served 2025-03-03, with a deadline of 2025-05-02"
    assert english.index(row) < english.index("You did not comply with the Notice of Violation")
    # each language writes the dates its own way
    assert (
        "Aviso de Infracción entregado el 3 de marzo de 2025, con fecha límite el "
        "2 de mayo de 2025" in _in(content, "es")
    )
    assert "違規通知 於 2025年3月3日 送達，期限為 2025年5月2日" in _in(content, "zh-Hant")


def test_a_cart_tag_names_what_the_generator_did_not_the_citys_duty_to_tag_it():
    """ORG-CONTAMINATION-NOV is the city's (or the hauler's) duty to tag a contamination
    within two days; the tag tells the generator of the contaminants in its containers,
    and quotes the hauler's own subdivision where the hauler found them."""
    content = _composed(
        "notice-contamination-hauler-and-household.yaml",
        "ORG-CONTAMINATION-NOV",
        "lot-9",
        "due",
        date(2026, 11, 9),
        cite="Ch. 50 enforcement (D)(6)",
    )
    assert content["refusals"] == [] and render.blank_problems(content) == []
    assert (
        content["requirement_title"]
        == "Prohibited container contaminants in the collection containers"
    )
    english = _in(content, "en")
    assert "Contamination notice within two days" not in english
    assert "Ch. 50 enforcement (D)(6) “In addition to the foregoing" in english
