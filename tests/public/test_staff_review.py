"""The staff's side of a complaint: it waits on My cases until someone has it, its case
leads to the complaint, the complaint's page shows what was sent (its contact details
until they are removed) and closes it for who works cases; the public never reaches
these pages."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import Group, User
from django.core import mail
from django.core.cache import cache
from django.urls import reverse
from PIL import Image

from sanitas.casework import services as casework
from sanitas.public import services
from sanitas.public.models import ServiceRequest

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()
    yield
    cache.clear()


def _staff(name: str, role: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def _jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (10, 20, 30)).save(out, format="JPEG")
    return out.getvalue()


@pytest.fixture
def complaint() -> ServiceRequest:
    return services.file_request(
        service_code="sewer_backup",
        description="Sewage in the yard",
        address="812 South Gladys Avenue",
        lat="34.091234",
        long="-118.102345",
        attributes={"where": "yard"},
        photo=_jpeg(),
        first_name="Ana",
        last_name="Reyes",
        email="ana.reyes@example.org",
        language="es",
    )


def test_a_complaint_waits_on_my_cases_until_someone_has_it(client, complaint):
    linh = _staff("linh", "sb1383_coordinator")
    client.force_login(linh)
    mine = client.get(reverse("casework:mine")).content.decode()
    assert f"Complaint {complaint.code}" in mine
    case_url = reverse("casework:case", args=[complaint.case_subject, complaint.case_requirement])
    assert case_url in mine
    case_page = client.get(case_url).content.decode()
    assert reverse("public:review", args=[complaint.code]) in case_page
    casework.assign_case(
        subject=complaint.case_subject,
        requirement=complaint.case_requirement,
        assignee=linh,
        actor=linh,
    )
    mine = client.get(reverse("casework:mine")).content.decode()
    assert f"Complaint {complaint.code}" not in mine  # it is hers now: among her cases
    assert case_url in mine


def test_the_complaints_page_shows_staff_what_was_sent(client, complaint):
    client.force_login(_staff("fer", "auditor"))
    page = client.get(reverse("public:review", args=[complaint.code]))
    assert page.status_code == 200
    text = page.content.decode()
    for sent in (
        "Sewage in the yard",
        "812 South Gladys Avenue",
        "34.091234",
        "Outside, from a clean-out or in a yard",
        "ana.reyes@example.org",
    ):
        assert sent in text
    assert "Close the complaint" not in text  # an auditor reads only
    photo = client.get(reverse("public:photo", args=[complaint.code]))
    assert photo.status_code == 200 and photo["Content-Type"] == "image/jpeg"
    assert photo.content == _jpeg()
    refused = client.post(reverse("public:review", args=[complaint.code]), {"notes": "x"})
    assert refused.status_code == 403
    assert ServiceRequest.objects.get(pk=complaint.pk).status == "open"


def test_the_public_never_reaches_the_staff_pages(client, complaint):
    for name in ("public:review", "public:photo"):
        answer = client.get(reverse(name, args=[complaint.code]))
        assert answer.status_code == 302 and answer["Location"].startswith(reverse("login"))


def test_staff_close_a_complaint_and_the_complainant_is_told(
    client, complaint, django_capture_on_commit_callbacks
):
    client.force_login(_staff("aram", "code_enforcement"))
    url = reverse("public:review", args=[complaint.code])
    empty = client.post(url, {"notes": ""})
    assert empty.status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        closed = client.post(url, {"notes": "Se limpió la línea del alcantarillado."})
    assert closed.status_code == 302
    assert ServiceRequest.objects.get(pk=complaint.pk).status == "closed"
    (told,) = mail.outbox
    assert told.to == ["ana.reyes@example.org"]
    assert told.subject == f"Su queja {complaint.code} está cerrada"
    assert "Se limpió la línea del alcantarillado." in told.body
    page = client.get(url).content.decode()
    assert "Close the complaint" not in page


def test_an_unknown_complaint_is_a_404(client):
    client.force_login(_staff("aram", "code_enforcement"))
    assert client.get(reverse("public:review", args=["AAAA-BBBB-CCCC-DDDD"])).status_code == 404
