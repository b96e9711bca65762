"""What a city's IT review checks: sign-in throttling and lockout, password rules,
sessions that expire, the Content Security Policy and the other headers, accounts
that are never deleted, and a log of who signed in."""

from __future__ import annotations

import logging
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from sanitas.cli import main
from sanitas.records.accounts import UserDeletionRefused

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"
BLOCK = ROOT / "examples" / "city-block.yaml"


@pytest.fixture
def inspector():
    user = get_user_model().objects.create_user("inspector", password=PASSWORD)
    from django.contrib.auth.models import Group

    user.groups.add(Group.objects.get_or_create(name="fog_inspector")[0])
    return user


def _sign_in(client: Client, password: str, username: str = "inspector", **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


# --------------------------------------------------------------------------- sign-in


def test_wrong_passwords_lock_the_sign_in_out_with_the_applications_own_page(inspector):
    client = Client()
    limit = settings.AXES_FAILURE_LIMIT
    assert limit == 5
    for _ in range(limit - 1):
        response = _sign_in(client, "not-the-password")
        assert response.status_code == 200
        assert "enter a correct username and password" in response.content.decode()
    locked = _sign_in(client, "not-the-password")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Sign-in locked for a while" in page and "web/web.css" in page
    assert "15 minutes" in page and f"({limit} in a row)" in page
    # the right password does not open it while it is locked
    again = _sign_in(client, PASSWORD)
    assert again.status_code == 429 and "_auth_user_id" not in client.session
    # another computer is not locked out of the same account
    elsewhere = _sign_in(Client(), PASSWORD, REMOTE_ADDR="10.1.2.3")
    assert elsewhere.status_code == 302


def test_a_good_sign_in_clears_the_failures(inspector):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _sign_in(client, "wrong")
    assert _sign_in(client, PASSWORD).status_code == 302
    client.post(reverse("logout"))
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _sign_in(client, "wrong").status_code == 200
    assert _sign_in(client, PASSWORD).status_code == 302


def test_sign_ins_and_failures_are_logged_without_the_password(inspector, caplog):
    with caplog.at_level(logging.INFO, logger="sanitas.security"):
        _sign_in(Client(), "wrong-password-here")
        client = Client()
        _sign_in(client, PASSWORD)
        client.post(reverse("logout"))
    messages = [r.getMessage() for r in caplog.records if r.name == "sanitas.security"]
    assert "sign-in failed: user 'inspector' from 127.0.0.1" in messages
    assert "signed in: inspector from 127.0.0.1" in messages
    assert "signed out: inspector from 127.0.0.1" in messages
    assert not any("wrong-password-here" in m or PASSWORD in m for m in messages)


def test_passwords_must_pass_djangos_validators(inspector):
    for weak in ("short", "password12345", "123456789012", "inspector-1"):
        with pytest.raises(ValidationError):
            validate_password(weak, user=inspector)
    validate_password("tall-cedar-grease-47-harbor", user=inspector)


def test_a_session_lasts_a_working_day_and_ends_with_the_browser(inspector):
    assert settings.SESSION_COOKIE_AGE == 8 * 3600
    assert settings.SESSION_EXPIRE_AT_BROWSER_CLOSE is True
    client = Client()
    response = _sign_in(client, PASSWORD)
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie["httponly"] and not cookie["expires"] and not cookie["max-age"]
    assert client.session.get_expiry_age() == 8 * 3600


# --------------------------------------------------------------------------- headers


def _headers_of(response) -> None:
    policy = response["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in policy.split(";") if part.strip()
    )
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"] and directives["object-src"] == ["'none'"]
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_the_sign_in_page_and_the_worklist_carry_the_security_headers(inspector):
    _headers_of(Client().get(reverse("login")))
    client = Client()
    client.force_login(inspector)
    response = client.get(reverse("staff:worklist"))
    assert response.status_code == 200
    _headers_of(response)
    _headers_of(client.get("/no/such/page/"))


def test_no_page_template_has_inline_script_or_style():
    """The policy allows no inline script or style: every page template keeps to
    files. (The notices' PDF templates are not pages: WeasyPrint reads their style.)"""
    inline = re.compile(
        r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>"
        r"|<style\b|\sstyle=\"|\son[a-z]+=\"|javascript:",
        re.IGNORECASE,
    )
    pages = [
        path
        for path in (ROOT / "sanitas").rglob("templates/**/*.html")
        if "pdf" not in path.relative_to(ROOT / "sanitas").parts
    ]
    assert len(pages) > 10
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)!r}"
        for path in pages
        for match in inline.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


# --------------------------------------------------------------------------- accounts


def test_a_user_is_never_deleted_only_deactivated(inspector):
    from django.db import transaction

    refused = pytest.raises(UserDeletionRefused, match="deactivate the account instead")
    with refused, transaction.atomic():
        inspector.delete()
    with pytest.raises(UserDeletionRefused), transaction.atomic():
        get_user_model().objects.filter(pk=inspector.pk).delete()
    assert get_user_model().objects.filter(pk=inspector.pk).exists()


def test_the_admin_offers_no_delete_for_users(inspector):
    admin = get_user_model().objects.create_superuser("root-admin", password=PASSWORD, email="")
    client = Client()
    client.force_login(admin)
    changelist = client.get(reverse("admin:auth_user_changelist"))
    assert changelist.status_code == 200
    assert "delete_selected" not in changelist.content.decode()
    change = client.get(reverse("admin:auth_user_change", args=[inspector.pk]))
    assert change.status_code == 200 and "deletelink" not in change.content.decode()
    assert client.get(reverse("admin:auth_user_delete", args=[inspector.pk])).status_code == 403
    deleting = client.post(reverse("admin:auth_user_delete", args=[inspector.pk]), {"post": "yes"})
    assert deleting.status_code == 403
    assert get_user_model().objects.filter(pk=inspector.pk).exists()


def test_an_imports_actor_is_an_active_account(capsys, inspector):
    assert main(["import", str(BLOCK), "--actor", "nobody", "--why", "x"]) == 2
    err = capsys.readouterr().err
    assert "--actor: 'nobody' is not the user name of an active account" in err
    inspector.is_active = False
    inspector.save()
    assert main(["import", str(BLOCK), "--actor", "inspector"]) == 2
    inspector.is_active = True
    inspector.save()
    from sanitas.records.models import RECORD_MODELS, RecordIndex

    assert not RecordIndex.objects.exists()
    assert main(["import", str(BLOCK), "--actor", "inspector"]) == 0
    assert RECORD_MODELS["device"].objects.get(key="jade-gi").recorded_by == "inspector"
