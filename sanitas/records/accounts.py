"""Accounts: who may act, and a record of who signed in.

Users are deactivated, never deleted, so that a record's history never loses
who did what: deleting a user is refused everywhere (the admin offers no
delete), and ``is_active = False`` is how an account is closed. Sign-ins,
failed sign-ins and sign-outs are logged to ``sanitas.security``.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.db.models.signals import pre_delete

logger = logging.getLogger("sanitas.security")


class UserDeletionRefused(Exception):
    """A user is never deleted: deactivate the account instead."""


def active_account(username: str) -> Any | None:
    """The active user named ``username``, or None."""
    if not username or len(username) > 150:
        return None
    return get_user_model().objects.filter(username=username, is_active=True).first()


def _address(request: Any) -> str:
    if request is None:
        return "-"
    return getattr(request, "axes_ip_address", None) or request.META.get("REMOTE_ADDR", "-")


def _signed_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    logger.info("signed in: %s from %s", user.get_username(), _address(request))


def _signed_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if user is not None:
        logger.info("signed out: %s from %s", user.get_username(), _address(request))


def _sign_in_failed(sender: Any, credentials: dict, request: Any = None, **kwargs: Any) -> None:
    # Django has already masked the password in ``credentials``
    logger.warning(
        "sign-in failed: user %r from %s", credentials.get("username", ""), _address(request)
    )


def _refuse_delete(sender: Any, instance: Any, **kwargs: Any) -> None:
    raise UserDeletionRefused(
        f"user {instance.get_username()!r}: users are never deleted (their names stay in "
        "the records' history); deactivate the account instead"
    )


def connect() -> None:
    user_logged_in.connect(_signed_in, dispatch_uid="sanitas-signed-in")
    user_logged_out.connect(_signed_out, dispatch_uid="sanitas-signed-out")
    user_login_failed.connect(_sign_in_failed, dispatch_uid="sanitas-sign-in-failed")
    pre_delete.connect(_refuse_delete, sender=get_user_model(), dispatch_uid="sanitas-keep-users")
