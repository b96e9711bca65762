"""What the jobs' pages say after a job is started, and the jobs' refusals they show,
in the language a person keeps on their account: a sweep started, an import started,
an import that cannot be started again (its file no longer kept), a role that may not
import another program's feed again; in Spanish and Traditional Chinese, and English
still English. A job started without a request (a worker, the scheduler) is refused
in English."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from sanitas.jobs import services
from sanitas.jobs.models import Job
from sanitas.people import services as people

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

FEEDS = ROOT / "tests" / "intake" / "feeds"
LANGUAGES = ["en", "es", "zh-hant"]

#: each language's words, with {job} for the job's number (the English byte for byte)
SAID = {
    "en": {
        "sweep": "Sweep started (job {job}).",
        "import": "Import of manifests.csv started (job {job}).",
        "gone": "job {job}: the file it imported is no longer kept; upload it again",
        "not_yours": "Your role does not import this feed",
    },
    "es": {
        "sweep": "Revisión general iniciada (proceso {job}).",
        "import": "Importación de manifests.csv iniciada (proceso {job}).",
        "gone": "proceso {job}: el archivo que importó ya no se conserva; vuelva a subirlo",
        "not_yours": "Su función no permite: importar esta fuente de datos",
    },
    "zh-hant": {
        "sweep": "已開始全面檢核（背景作業 {job}）。",
        "import": "已開始匯入 manifests.csv（背景作業 {job}）。",
        "gone": "背景作業 {job}：其匯入的檔案已不再保存，請重新上傳",
        "not_yours": "匯入此資料來源",
    },
}


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


def _user(name: str, role: str, language: str = "") -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    if language:
        people.set_language(account=user, language=language)
    return user


def _text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_started_sweep_and_import_say_so_in_the_persons_language(client, language):
    client.force_login(_user("sam", "supervisor", language))
    page = client.post(reverse("jobs:start_sweep"), {"full": "on"}, follow=True)
    sweep = Job.objects.get(kind="sweep")
    assert page.redirect_chain[-1][0] == reverse("jobs:job", args=[sweep.pk])
    assert SAID[language]["sweep"].format(job=sweep.pk) in _text(page)

    upload = SimpleUploadedFile(
        "manifests.csv", (FEEDS / "pump-out-manifests.csv").read_bytes(), content_type="text/csv"
    )
    page = client.post(
        reverse("jobs:upload"),
        {"file": upload, "feed": "pump-out-manifests", "why": "February"},
        follow=True,
    )
    job = Job.objects.get(kind="import")
    assert SAID[language]["import"].format(job=job.pk) in _text(page)
    if language != "en":
        assert "started (job" not in _text(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_import_whose_file_is_gone_is_refused_in_the_persons_language(client, language):
    ines = _user("ines", "fog_inspector", language)
    gone = services.start_job(
        kind="import",
        params={
            "path": "uploads/none/missing.csv",
            "name": "missing.csv",
            "feed": "pump-out-manifests",
        },
        user=ines,
    )
    client.force_login(ines)
    page = client.post(reverse("jobs:again", args=[gone.pk]), follow=True)
    assert page.redirect_chain[-1][0] == reverse("jobs:job", args=[gone.pk])
    assert SAID[language]["gone"].format(job=gone.pk) in _text(page)
    assert Job.objects.count() == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_another_programs_feed_is_not_imported_again_said_in_the_persons_language(client, language):
    haulers = services.start_job(
        kind="import",
        params={
            "path": "uploads/none/haulers.csv",
            "name": "haulers.csv",
            "feed": "hauler-accounts",
        },
        user=_user("sam", "supervisor"),
    )
    client.force_login(_user("ines", "fog_inspector", language))  # the FOG program's feeds
    page = client.post(reverse("jobs:again", args=[haulers.pk]))
    assert page.status_code == 403
    assert SAID[language]["not_yours"] in _text(page)
    assert Job.objects.count() == 1


def test_a_job_refused_outside_a_request_is_english_and_inside_one_in_its_language(db):
    sam = _user("sam", "supervisor")
    with translation.override(None), pytest.raises(services.JobError) as refused:
        services.start_job(kind="party", params={}, user=sam)
    assert refused.value.problems[0].startswith("kind: 'party' is not one of sweep, import")
    with translation.override("es"), pytest.raises(services.JobError) as refused:
        services.start_job(kind="party", params={}, user=sam)
    assert refused.value.problems[0].startswith("kind: 'party' no es ninguno de estos tipos:")
    assert not Job.objects.exists()


#: what a finished import says of itself on its page and in the jobs list
IMPORTED = {
    "en": ("rows stored (", "records created", "reading manifests.csv"),
    "es": ("filas guardadas (", "registros creados", "leyendo manifests.csv"),
    "zh-hant": ("已儲存", "筆紀錄", "正在讀取 manifests.csv"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_jobs_own_lines_are_said_in_the_readers_language(client, language):
    """The worker writes its progress and its last line in no one's language; the job's
    page, the jobs list and the progress the page polls say them in the reader's, with
    the counts grouped as the language groups them."""
    from sanitas.jobs.tasks import run_job
    from sanitas.jobs.words import in_words, said
    from sanitas.ordinance.document import read_data
    from sanitas.records.services import record_facts

    record_facts(
        raw_facts=read_data(ROOT / "examples" / "city-block.yaml")["facts"], actor="clerk", why="t"
    )
    sam = _user("sam", "supervisor", language)
    upload = SimpleUploadedFile(
        "manifests.csv", (FEEDS / "pump-out-manifests.csv").read_bytes(), content_type="text/csv"
    )
    client.force_login(sam)
    client.post(reverse("jobs:upload"), {"file": upload, "feed": "pump-out-manifests"})
    job = Job.objects.get(kind="import")
    run_job.call(job.pk)
    job.refresh_from_db()
    assert job.state == "finished"
    stored, created, reading = IMPORTED[language]
    for page in (reverse("jobs:job", args=[job.pk]), reverse("jobs:list")):
        text = _text(client.get(page))
        assert stored in text and created in text, page
        if language != "en":
            assert "rows stored" not in text and "records created" not in text
    # a progress line, as the page polls it
    services.report_progress(
        job, done=1, total=2, message=said("reading %(name)s", name="manifests.csv")
    )
    assert client.get(reverse("jobs:progress", args=[job.pk])).json()["message"] == reading
    with translation.override(language):
        big = in_words(said("%(name)s could not be read", name="x.csv"))
        assert "x.csv" in big and (language == "en") == ("could not be read" in big)
        counted = in_words(
            said(
                "nothing stored: %(rejected)s of %(rows)s rows have problems",
                rejected=1,
                rows=12345,
            )
        )
        assert "12,345" in counted or "12.345" in counted
    # a message kept as plain text (a problem's own words) is shown as it is
    assert in_words("the database could not be used") == "the database could not be used"
    assert in_words('{"said": broken') == '{"said": broken'
