"""Uploads are refused past their limits while they stream in, not after being read:
a body is made as it is read and the bytes the server took from it are counted. A
request declaring more than its address takes is refused before any of it is read; a
file that passes its field's limit is refused having read at most a chunk beyond it;
the answer is a 413 naming the field and the limit; nothing is kept, not even the
temporary file. Within the limits the forms work as before."""

from __future__ import annotations

import html
import json
import stat
import sys
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.test.client import ClientHandler
from django.urls import reverse

from sanitas.casework.models import Photo
from sanitas.jobs import services
from sanitas.jobs.models import Job
from sanitas.operations.uploads import MB, PROOF_LIMIT, size, takes_files

pytestmark = pytest.mark.django_db
BOUNDARY = "sanitas-test-boundary"
#: how far past a limit the parser may have read when it stops: a chunk of Django's
#: (64 KB) and the form's own text
SLACK = 128 * 1024


class StreamedForm:
    """A multipart form body made as it is read (never held whole), with ``fields``
    first and then one file of ``file_size`` bytes in ``file_field``; ``taken`` counts
    the bytes the server read of it."""

    def __init__(self, file_field: str, file_size: int, fields: dict[str, str] | None = None):
        self.file_size = file_size
        part = '--{}\r\nContent-Disposition: form-data; name="{}"\r\n\r\n{}\r\n'
        head = "".join(part.format(BOUNDARY, n, v) for n, v in (fields or {}).items()).encode()
        head += (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{file_field}"; '
            f'filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n'
        ).encode()
        self.head, self.tail = head, f"\r\n--{BOUNDARY}--\r\n".encode()
        self.length = len(self.head) + file_size + len(self.tail)
        self._pieces = self._made()
        self._buffer = b""
        self.taken = 0

    def _made(self) -> Iterator[bytes]:
        yield self.head
        block = b"x" * MB
        left = self.file_size
        while left:
            yield block[: min(left, MB)]
            left -= min(left, MB)
        yield self.tail

    def read(self, size: int = -1) -> bytes:
        while size < 0 or len(self._buffer) < size:
            piece = next(self._pieces, None)
            if piece is None:
                break
            self._buffer += piece
        if size < 0:
            size = len(self._buffer)
        out, self._buffer = self._buffer[:size], self._buffer[size:]
        self.taken += len(out)
        return out

    def readline(self, size: int = -1) -> bytes:
        while b"\n" not in self._buffer:
            piece = next(self._pieces, None)
            if piece is None:
                break
            self._buffer += piece
        end = self._buffer.find(b"\n") + 1 or len(self._buffer)
        return self.read(end if size < 0 else min(size, end))


def _post(path: str, body: StreamedForm, *, declared: int | None = None):
    """``body`` posted to ``path`` straight through Django's WSGI handler (the test
    client would build the whole body in memory first)."""
    environ = {
        "PATH_INFO": path,
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": f"multipart/form-data; boundary={BOUNDARY}",
        "CONTENT_LENGTH": str(body.length if declared is None else declared),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multiprocess": True,
        "wsgi.multithread": False,
        "wsgi.run_once": False,
    }
    return ClientHandler(enforce_csrf_checks=True)(environ)


#: each address that takes a file: where, which field, its limit
DOORS = [
    ("jobs:upload", (), "file"),
    ("casework:inspection_step", (1, "photos"), "photo"),
    ("notices:serve", (1,), "proof"),
]


def _limit(name: str, field: str) -> int:
    return takes_files()[name][field]


@pytest.fixture
def spool(settings, tmp_path):
    """Where Django keeps an upload of more than 2.5 MB while it is read: a folder of
    the test's own, to see that nothing is left in it."""
    folder = tmp_path / "spool"
    folder.mkdir()
    settings.FILE_UPLOAD_TEMP_DIR = str(folder)
    settings.DATA_DIR = tmp_path / "data"
    return folder


def _nothing_kept(spool, tmp_path) -> None:
    assert list(spool.iterdir()) == []
    assert not Job.objects.exists() and not Photo.objects.exists()
    assert not (tmp_path / "data" / "jobs" / "uploads").exists()
    assert not (tmp_path / "data" / "evidence").exists()


def test_the_limits_are_those_the_forms_say():
    limits = takes_files()
    assert limits["jobs:upload"] == {"file": 64 * MB}
    assert limits["casework:inspection_step"] == {"photo": 15 * MB}
    assert limits["notices:serve"] == {"proof": PROOF_LIMIT} and PROOF_LIMIT == 15 * MB
    assert (size(64 * MB), size(2**31 + 99), size(3 * MB // 2), size(512 * 1024), size(20)) == (
        "64 MB",
        "2,048 MB",
        "1.5 MB",
        "512 KB",
        "20 bytes",
    )


@pytest.mark.parametrize(("name", "args", "field"), DOORS)
def test_a_2_gb_upload_declared_as_such_is_refused_before_any_of_it_is_read(
    name, args, field, spool, tmp_path
):
    body = StreamedForm(field, 2 * 2**30)
    answer = _post(reverse(name, args=args), body)
    assert answer.status_code == 413
    assert body.taken == 0
    limit = size(_limit(name, field))
    said = f"{field.capitalize()}: the request is 2,048 MB, more than the {limit} this field takes"
    assert said in answer.content.decode()
    _nothing_kept(spool, tmp_path)


@pytest.mark.parametrize(("name", "args", "field"), DOORS)
def test_a_file_past_its_limit_is_refused_having_read_little_more_than_the_limit(
    name, args, field, spool, tmp_path
):
    limit = _limit(name, field)
    # within what the address takes as a whole (its file and a form's fields), so that
    # only the file's own count can stop it
    body = StreamedForm(field, limit + 3 * MB, {"caption": "a large one", "method": "personal"})
    answer = _post(reverse(name, args=args), body)
    assert answer.status_code == 413
    assert limit < body.taken <= limit + SLACK, body.taken
    page = answer.content.decode()
    assert f"{field.capitalize()}: the file is larger than {size(limit)}" in page
    assert "nothing of it was kept" in page
    _nothing_kept(spool, tmp_path)


def test_a_file_sent_where_none_is_taken_is_refused_before_its_bytes_are_read(spool, tmp_path):
    body = StreamedForm("attachment", 3 * MB, {"why": "no file belongs here"})
    answer = _post(reverse("jobs:start_sweep"), body)
    assert answer.status_code == 413
    assert body.taken < 64 * 1024 + len(body.head)
    assert "Attachment: this form takes no file" in answer.content.decode()
    _nothing_kept(spool, tmp_path)


def test_the_api_refuses_an_upload_in_its_own_words(spool, tmp_path):
    body = StreamedForm("document", 3 * MB)
    answer = _post("/api/evaluate", body)
    assert answer.status_code == 413
    assert json.loads(answer.content) == {
        "detail": ["Document: this form takes no file; nothing was kept."]
    }
    assert body.taken < 64 * 1024 + len(body.head)
    body = StreamedForm("document", 10 * MB)
    answer = _post("/api/evaluate", body)
    assert (answer.status_code, body.taken) == (413, 0)
    assert json.loads(answer.content)["detail"] == [
        "The request is 10 MB, more than the 4 MB this form takes; none of it was read, "
        "nothing was kept."
    ]
    _nothing_kept(spool, tmp_path)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_form_whose_fields_pass_their_limit_is_a_413_too(client):
    answer = client.post(reverse("login"), {"username": "x" * 2000, "password": "y"})
    assert answer.status_code == 413
    said = html.unescape(answer.content.decode())
    assert "The form's fields hold more than 1,000 bytes, the most a form takes" in said


def test_within_its_limit_an_import_is_kept_its_owners_alone(client, settings, tmp_path):
    settings.DATA_DIR = tmp_path / "data"
    user = User.objects.create_user("ines", "ines@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    client.force_login(user)
    upload = SimpleUploadedFile("city.yaml", b"facts: []\n")
    answer = client.post(reverse("jobs:upload"), {"file": upload})
    assert answer.status_code == 302, answer.content.decode()
    kept = services.kept_upload(Job.objects.get())
    assert kept is not None and kept.read_bytes() == b"facts: []\n"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    for folder in (kept.parent, kept.parent.parent, services.jobs_dir()):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
