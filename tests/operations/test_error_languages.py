"""The application's own error pages speak the reader's language: the 400, 403 (a
form without its token), 404 and 500 pages, their ``lang`` the page's language."""

from __future__ import annotations

import logging
import re

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

#: Accept-Language → what each page says in it
SAID = {
    "es": {
        400: "Solicitud incorrecta",
        403: "El formulario había vencido",
        404: "No existe esta página",
        500: "Algo salió mal",
    },
    "zh-Hant": {
        400: "請求有誤",
        403: "表單已過期",
        404: "查無此頁面",
        500: "發生錯誤",
    },
}
HEADER = {"es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}


def _lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


@pytest.mark.parametrize("language", ["es", "zh-Hant"])
def test_the_400_403_and_404_pages_are_in_the_readers_language(language):
    said = SAID[language]
    accept = HEADER[language]
    pages = {
        400: Client().get("/", HTTP_HOST="elsewhere.example", HTTP_ACCEPT_LANGUAGE=accept),
        403: Client(enforce_csrf_checks=True).post(
            "/accounts/login/", {"username": "x", "password": "y"}, HTTP_ACCEPT_LANGUAGE=accept
        ),
        404: Client().get("/no/such/page/", HTTP_ACCEPT_LANGUAGE=accept),
    }
    for status, response in pages.items():
        page = response.content.decode()
        assert response.status_code == status
        assert said[status] in page, (status, page)
        assert _lang(page).lower() == language.lower(), status
    english = Client().get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="en")
    assert "No such page" in english.content.decode() and _lang(english.content.decode()) == "en"


@pytest.mark.parametrize("language", ["es", "zh-Hant"])
@override_settings(ROOT_URLCONF="tests.operations.failing_urls")
def test_the_500_page_is_in_the_readers_language(language, caplog):
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.CRITICAL, logger="django.request"):
        response = client.get(
            "/fails/", HTTP_ACCEPT_LANGUAGE=HEADER[language], HTTP_X_REQUEST_ID="req-0042"
        )
    page = response.content.decode()
    assert response.status_code == 500
    assert SAID[language][500] in page and "Something went wrong" not in page
    assert "req-0042" in page and _lang(page).lower() == language.lower()
