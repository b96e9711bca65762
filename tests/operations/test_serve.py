"""Serving for real: the production configuration, its secrets, the error pages, the
request id, the demo's per-installation passwords, and gunicorn itself."""

from __future__ import annotations

import logging
import os
import re
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from sanitas.demo import (
    DEMO_STAFF,
    RETIRED_PASSWORDS,
    demo_staff,
    ensure_demo_staff,
    prepare_serve,
    render_sign_ins,
)
from sanitas.operations.middleware import RequestIdFilter
from sanitas.records import keys

ROOT = Path(__file__).resolve().parents[2]
SANITAS = Path(sys.executable).with_name("sanitas")


def _env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("SANITAS_") and k != "DJANGO_SETTINGS_MODULE"
    }
    if os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["DATABASE_URL"]
    env.update({"SANITAS_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "sanitas.settings"})
    env.update(extra)
    return env


# --------------------------------------------------------------------------- configuration


def test_check_deploy_passes_in_the_production_configuration(tmp_path):
    env = _env(tmp_path, SANITAS_HTTPS="1", SANITAS_ALLOWED_HOSTS="sanitas.sangabriel.example")
    env.pop("DATABASE_URL", None)  # the checks need no database
    proc = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "System check identified no issues (0 silenced)." in proc.stdout


def test_served_over_plain_http_the_deploy_checks_name_only_what_https_adds(tmp_path):
    env = _env(tmp_path)
    env.pop("DATABASE_URL", None)
    proc = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    found = set(re.findall(r"\((security\.\w+)\)", proc.stdout + proc.stderr))
    # HSTS, the redirect to HTTPS and secure cookies: SANITAS_HTTPS=1 turns them on
    assert found == {"security.W004", "security.W008", "security.W012", "security.W016"}


def _setting(data_dir: Path, expression: str, **extra: str) -> str:
    env = _env(data_dir, **extra)
    env.pop("DATABASE_URL", None)
    script = f"import django; django.setup(); from django.conf import settings; print({expression})"
    proc = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_debug_is_off_unless_asked_for(tmp_path):
    assert _setting(tmp_path, "settings.DEBUG") == "False"
    assert _setting(tmp_path, "settings.DEBUG", SANITAS_DEBUG="1") == "True"


def test_hosts_origins_and_https_come_from_the_environment(tmp_path):
    assert _setting(tmp_path, "settings.ALLOWED_HOSTS") == "['localhost', '127.0.0.1', '[::1]']"
    shown = _setting(
        tmp_path,
        "settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS, settings.SESSION_COOKIE_SECURE, "
        "settings.SECURE_HSTS_SECONDS",
        SANITAS_ALLOWED_HOSTS="sanitas.city.example, intranet",
        SANITAS_CSRF_TRUSTED_ORIGINS="https://sanitas.city.example",
        SANITAS_HTTPS="1",
    )
    assert shown == (
        "['sanitas.city.example', 'intranet'] ['https://sanitas.city.example'] True 31536000"
    )
    assert _setting(tmp_path, "settings.SESSION_COOKIE_SECURE, settings.SECURE_HSTS_SECONDS") == (
        "False 0"
    )


def test_the_secret_key_is_made_once_kept_private_and_the_environment_wins(tmp_path):
    first = keys.secret_key(tmp_path, environ={})
    assert len(first) >= 50 and "insecure" not in first
    path = tmp_path / keys.SECRET_KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert keys.secret_key(tmp_path, environ={}) == first
    assert keys.secret_key(tmp_path / "other", environ={}) != first
    assert keys.secret_key(tmp_path, environ={"SANITAS_SECRET_KEY": "k" * 60}) == "k" * 60
    # the settings use it
    assert _setting(tmp_path, "settings.SECRET_KEY") == first


# --------------------------------------------------------------------------- error pages


@pytest.mark.django_db
def test_an_unknown_address_is_the_applications_own_404_without_a_url_list(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "No such page" in page and "web/web.css" in page
    assert "URLconf" not in page and "urlpatterns" not in page and "admin/" not in page
    assert response["X-Request-ID"] in page


@pytest.mark.django_db
def test_a_host_not_allowed_is_the_applications_own_400(client):
    response = client.get("/", HTTP_HOST="elsewhere.example")
    assert response.status_code == 400
    assert "Bad request" in response.content.decode()
    assert "ALLOWED_HOSTS" not in response.content.decode()


@pytest.mark.django_db
def test_a_form_without_its_csrf_token_is_the_applications_own_403():
    response = Client(enforce_csrf_checks=True).post(
        "/accounts/login/", {"username": "x", "password": "y"}
    )
    assert response.status_code == 403
    page = response.content.decode()
    assert "The form had expired" in page and "CSRF_" not in page


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="tests.operations.failing_urls")
def test_an_error_is_the_applications_own_500_and_its_log_line_has_the_request_id(caplog):
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get("/fails/", HTTP_X_REQUEST_ID="proxy-given-0001")
    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page and "proxy-given-0001" in page
    assert "Traceback" not in page and "ZeroDivisionError" not in page
    assert response["X-Request-ID"] == "proxy-given-0001"
    logged = [r for r in caplog.records if r.name == "django.request"]
    assert logged and RequestIdFilter().filter(logged[0])
    assert logged[0].request_id == "proxy-given-0001" and logged[0].exc_info


@pytest.mark.django_db
def test_every_response_has_a_request_id_and_a_bad_one_is_replaced(client):
    first = client.get("/accounts/login/")["X-Request-ID"]
    second = client.get("/accounts/login/")["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", first) and first != second
    given = client.get("/accounts/login/", HTTP_X_REQUEST_ID="bad id\r\nx")["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", given)


# --------------------------------------------------------------------------- sign-ins


def test_demo_passwords_are_made_per_installation_kept_and_private(tmp_path):
    names = [s.username for s in DEMO_STAFF]
    assert keys.demo_passwords(tmp_path / "prod", names, create=False) == {}
    assert not (tmp_path / "prod").exists()
    first = keys.demo_passwords(tmp_path / "a", names, create=True)
    assert set(first) == set(names) and len(set(first.values())) == len(names)
    assert all(len(p) >= 16 for p in first.values())
    assert not set(first.values()) & set(RETIRED_PASSWORDS.values())
    path = tmp_path / "a" / keys.DEMO_PASSWORDS_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert keys.demo_passwords(tmp_path / "a", names, create=False) == first
    assert keys.demo_passwords(tmp_path / "a", [*names, "newcomer"], create=True)["newcomer"]
    other = keys.demo_passwords(tmp_path / "b", names, create=True)
    assert not set(other.values()) & set(first.values())


@pytest.mark.django_db
def test_a_demo_account_with_its_published_password_gets_this_installations(tmp_path):
    user = get_user_model().objects.create_user("inspector", password="fog-inspector-demo")
    with override_settings(DATA_DIR=tmp_path):
        made = dict((s.username, ok) for s, ok in ensure_demo_staff(actor="test"))
        passwords = {s.username: s.password for s in demo_staff()}
    assert all(made.values()) and set(made) == {s.username for s in DEMO_STAFF}
    user.refresh_from_db()
    assert not user.check_password("fog-inspector-demo")
    assert user.check_password(passwords["inspector"])


@pytest.mark.django_db
def test_a_production_data_directory_starts_with_no_account(tmp_path):
    out = StringIO()
    with override_settings(DATA_DIR=tmp_path):
        setup = prepare_serve(out=out, demo=False)
    assert setup.demo is None and setup.sign_ins == [] and setup.users == 0
    assert not get_user_model().objects.exists()
    assert not (tmp_path / keys.DEMO_PASSWORDS_FILE).exists()
    assert "createsuperuser" in render_sign_ins(setup.sign_ins, users=setup.users)


@pytest.mark.django_db
def test_an_operators_account_keeps_the_demo_city_out(tmp_path):
    get_user_model().objects.create_superuser("clerk-admin", password="x" * 20, email="")
    out = StringIO()
    with override_settings(DATA_DIR=tmp_path):
        setup = prepare_serve(out=out, demo=True)
    assert setup.demo is None and setup.sign_ins == []
    assert "no demo city loaded" in out.getvalue()
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["clerk-admin"]


# --------------------------------------------------------------------------- the server


def _pg_database(env: dict[str, str]) -> str:
    """A new database on the suite's PostgreSQL server, named in ``env``."""
    import secrets
    from urllib.parse import urlsplit

    import psycopg

    name = f"sanitas_serve_{secrets.token_hex(4)}"
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    env["DATABASE_URL"] = urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}").geturl()
    return name


def _pg_drop(name: str) -> None:
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_sanitas_serve_runs_gunicorn_with_static_files_headers_and_error_pages(tmp_path):
    port = _free_port()
    # the static files of the run's shared folder (tests/conftest.py), collected once
    static = os.environ["SANITAS_STATIC_ROOT"]
    env = _env(tmp_path / "data", SANITAS_WEB_WORKERS="1", SANITAS_STATIC_ROOT=static)
    database = None
    if env.get("DATABASE_URL"):  # a database of its own on the suite's PostgreSQL server
        database = _pg_database(env)
    log = open(tmp_path / "serve.log", "w+")  # noqa: SIM115 - read after the server stops
    proc = subprocess.Popen(
        [str(SANITAS), "serve", "--no-demo", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                status, headers, _ = _get(f"{base}/accounts/login/")
                break
            except (ConnectionError, urllib.error.URLError):
                assert proc.poll() is None, (tmp_path / "serve.log").read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.5)
        assert status == 200
        assert "gunicorn" in headers.get("Server", "")
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"

        status, headers, _ = _get(f"{base}/")
        assert status == 302 and headers["Location"] == "/accounts/login/?next=/"

        status, headers, body = _get(f"{base}/static/web/web.css")
        assert status == 200 and headers["Content-Type"].startswith("text/css")
        assert b"--ink" in body

        status, headers, body = _get(f"{base}/no/such/page/")
        assert status == 404 and b"No such page" in body and b"URLconf" not in body
        assert headers["X-Request-ID"].encode() in body
    finally:
        proc.terminate()
        proc.wait(timeout=60)
        if database is not None:
            _pg_drop(database)
    log.seek(0)
    printed = log.read()
    log.close()
    assert f"Sanitas is at http://127.0.0.1:{port}/" in printed
    assert "No accounts yet" in printed
    assert re.search(r"GET /no/such/page/ HTTP/1.1\" 404 \d+ \d+ms id=[0-9a-f]{32}", printed)


@pytest.mark.django_db
def test_a_demo_made_with_published_passwords_gets_new_ones_at_the_next_start(tmp_path):
    from sanitas.ordinance.document import read_data
    from sanitas.records.services import record_facts

    record_facts(raw_facts=read_data(ROOT / "examples" / "city-block.yaml")["facts"], actor="demo")
    for staff in DEMO_STAFF:  # the sign-ins of the versions that published passwords
        if staff.username in RETIRED_PASSWORDS:
            get_user_model().objects.create_user(
                staff.username, password=RETIRED_PASSWORDS[staff.username]
            )
    with override_settings(DATA_DIR=tmp_path):
        setup = prepare_serve(out=StringIO(), demo=True)
        passwords = {s.username: s.password for s in demo_staff()}
    assert [ok for _, ok in setup.sign_ins] == [True] * len(DEMO_STAFF)
    for user in get_user_model().objects.all():
        assert not user.check_password(RETIRED_PASSWORDS.get(user.username, ""))
        assert user.check_password(passwords[user.username])


@pytest.mark.django_db
def test_static_files_are_collected_again_only_when_they_changed(tmp_path, static_root):
    """On the application's own files (collected once for the run, tests/conftest.py),
    then on a small folder of sources of its own, changed in each way that matters."""
    from sanitas.operations.server import collect_static

    collect_static()  # unless a server of the run collected them already
    assert (static_root / "web" / "web.css").exists()
    assert (static_root / "web" / "web.css.gz").exists()  # WhiteNoise's compressed copy
    assert collect_static() is False

    sources, collected = tmp_path / "sources", tmp_path / "collected"
    (sources / "web").mkdir(parents=True)
    style = sources / "web" / "site.css"
    style.write_text("body { color: #1b1b1b; }\n" * 40)
    finders = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    with override_settings(
        STATIC_ROOT=collected, STATICFILES_DIRS=[sources], STATICFILES_FINDERS=finders
    ):
        assert collect_static() is True
        assert (collected / "web" / "site.css.gz").exists()
        assert collect_static() is False
        style.write_text("body { color: #000; }\n" * 40)  # a source changed, later
        later = style.stat().st_mtime + 5  # collectstatic compares whole seconds
        os.utime(style, (later, later))
        assert collect_static() is True
        assert "#000" in (collected / "web" / "site.css").read_text()
        (sources / "web" / "new.css").write_text("p { margin: 0; }\n")  # a source added
        assert collect_static() is True
        assert collect_static() is False
        (collected / ".collected-from").write_text("an older set of files")
        assert collect_static() is True
