"""A notice in its reader's language: the dates as the language writes them, the
requirement's title, the program of the letterhead and the signature title in the
language, the ordinance quoted in English and said to be, and the Chinese PDF printed
with Traditional Chinese faces alone."""

from __future__ import annotations

import re
import subprocess
from datetime import date

import pytest

from sanitas.notices import render

from .conftest import draft, serve

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
