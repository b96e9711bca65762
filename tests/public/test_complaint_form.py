"""The public's complaint form: no account, three languages, anonymous or not, a photo
checked by its content and held to its size while it streams in, a honeypot and a
rate limit; and the tracking page, which shows the status by the code and nothing
personal."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from sanitas.casework.evidence import PHOTO_LIMIT
from sanitas.casework.models import Case
from sanitas.public.models import ServiceRequest

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()
    yield
    cache.clear()


def _jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (120, 90, 30)).save(out, format="JPEG")
    return out.getvalue()


def _form(**changes):
    data = {
        "service_code": "contamination",
        "description": "Food scraps in the blue bin every week",
        "address": "315 South Del Mar Avenue",
        "lat": "",
        "long": "",
        "name": "",
        "email": "",
        "phone": "",
        "website": "",
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "File a complaint"), ("es", "Presentar una queja"), ("zh-hant", "提交投訴")],
)
def test_the_form_needs_no_account_in_three_languages(client, language, heading):
    page = client.get(reverse("public:complain"), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = page.content.decode()
    assert heading in text
    assert 'name="website"' in text  # the honeypot, hidden from people


def test_an_anonymous_complaint_is_answered_with_its_tracking_code(client):
    answer = client.post(reverse("public:complain"), _form())
    assert answer.status_code == 201
    filed = ServiceRequest.objects.get()
    assert filed.code in answer.content.decode()
    assert not filed.has_contact and filed.source == "form"
    assert Case.objects.filter(subject=f"complaint:{filed.code}").exists()
    track = client.get(reverse("public:track"), {"code": filed.code.lower().replace("-", "")})
    assert track.status_code == 200
    assert "Contamination in a container" in track.content.decode()
    assert "300 block of South Del Mar Avenue" in track.content.decode()


def test_a_photo_is_kept_when_it_is_a_picture(client):
    photo = SimpleUploadedFile("bin.jpg", _jpeg(), content_type="image/jpeg")
    assert client.post(reverse("public:complain"), {**_form(), "photo": photo}).status_code == 201
    filed = ServiceRequest.objects.get()
    assert filed.photo_type == "image/jpeg" and len(filed.photo_sha256) == 64


def test_a_jpg_that_is_not_a_picture_is_refused_by_its_content(client):
    fake = SimpleUploadedFile("bin.jpg", b"%PDF-1.4 not a picture", content_type="image/jpeg")
    answer = client.post(reverse("public:complain"), {**_form(), "photo": fake})
    assert answer.status_code == 400
    assert "The file is not a picture this system can read." in answer.content.decode()
    assert not ServiceRequest.objects.exists()


def test_an_oversize_photo_is_refused_while_it_streams_in(client):
    big = SimpleUploadedFile("bin.jpg", b"\xff" * (PHOTO_LIMIT + 1), content_type="image/jpeg")
    answer = client.post(reverse("public:complain"), {**_form(), "photo": big})
    assert answer.status_code == 413
    assert "15 MB" in answer.content.decode()
    assert not ServiceRequest.objects.exists()


def test_the_honeypot_refuses_a_robot(client):
    answer = client.post(reverse("public:complain"), _form(website="http://spam.example"))
    assert answer.status_code == 400
    assert "not filled by a person" in answer.content.decode()
    assert not ServiceRequest.objects.exists()


def test_filing_too_often_from_one_address_is_refused(client):
    for number in range(10):
        answer = client.post(
            reverse("public:complain"), _form(address=f"{number + 1}00 West Valley Boulevard")
        )
        assert answer.status_code == 201
    refused = client.post(reverse("public:complain"), _form(address="1 Mission Drive"))
    assert refused.status_code == 429
    assert "Too many complaints" in refused.content.decode()
    assert ServiceRequest.objects.count() == 10
    # another address on the internet is not held back
    other = client.post(
        reverse("public:complain"), _form(address="2 Mission Drive"), REMOTE_ADDR="10.0.0.9"
    )
    assert other.status_code == 201


def test_where_is_required_and_named(client):
    answer = client.post(reverse("public:complain"), _form(address=""))
    assert answer.status_code == 400
    assert "Say where" in answer.content.decode()
    answer = client.post(
        reverse("public:complain"), _form(address="", lat="37.76524078", long="-122.4212043")
    )
    assert answer.status_code == 400
    assert "The point is not in the city" in answer.content.decode()
    spanish = client.post(
        reverse("public:complain"), _form(address="", service_code=""), HTTP_ACCEPT_LANGUAGE="es"
    )
    assert "Indique dónde" in spanish.content.decode()


def test_an_unknown_tracking_code_is_a_clear_404(client):
    answer = client.get(reverse("public:track"), {"code": "AAAA-BBBB-CCCC-DDDD"})
    assert answer.status_code == 404
    assert "No complaint has this tracking code" in answer.content.decode()
