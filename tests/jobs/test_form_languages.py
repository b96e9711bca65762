"""The jobs' forms in the reader's language: the upload form's labels and its
refusals (a file Sanitas does not import, a facts file given as a feed), in Spanish
and Traditional Chinese when the browser asks for them, and English still English."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sanitas.jobs.models import Job

pytestmark = pytest.mark.django_db

HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}
#: Accept-Language → (a label of the form, a .txt refused, a facts file as a feed)
SAID = {
    "en": (
        "Which feed it is",
        "notes.txt: a .txt is not a file Sanitas imports (.json, .yaml, .yml, .csv, .xlsx)",
        "a facts file (YAML or JSON) is not a feed: leave it blank",
    ),
    "es": (
        "Qué fuente de datos es",
        "notes.txt: un archivo .txt no es un archivo que Sanitas importe (.json, .yaml, .yml, "
        ".csv, .xlsx)",
        "un archivo de hechos (YAML o JSON) no es una fuente de datos: deje este campo en blanco",
    ),
    "zh-Hant": (
        "屬於哪一種資料來源",
        "notes.txt：Sanitas 不匯入 .txt 檔案（可匯入：.json, .yaml, .yml, .csv, .xlsx）",
        "事實資料檔（YAML 或 JSON）不是資料來源：此欄請留空",
    ),
}


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_the_upload_forms_words_are_in_the_readers_language(client, language):
    user = User.objects.create_user("ines", "ines@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = HEADER[language]
    label, not_imported, not_a_feed = SAID[language]

    page = client.get(reverse("jobs:upload")).content.decode()
    assert label in page
    text = SimpleUploadedFile("notes.txt", b"hello")
    refused = client.post(reverse("jobs:upload"), {"file": text, "feed": "pump-out-manifests"})
    assert refused.status_code == 400 and not_imported in refused.content.decode()
    facts = SimpleUploadedFile("city.yaml", b"facts: []\n")
    refused = client.post(reverse("jobs:upload"), {"file": facts, "feed": "pump-out-manifests"})
    assert refused.status_code == 400 and not_a_feed in refused.content.decode()
    if language != "en":
        english = SAID["en"]
        assert english[0] not in page and english[2] not in refused.content.decode()
    assert not Job.objects.exists()
