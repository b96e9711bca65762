"""The application's own error pages (Django's debug pages are never shown: DEBUG is
off unless ``SANITAS_DEBUG=1``). Each names the request id its log lines carry; none
lists an address, a setting or a stack."""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext_lazy as _

from sanitas.operations.middleware import request_id_of

logger = logging.getLogger("sanitas.security")

PAGES = {
    400: (_("Bad request"), _("This request could not be understood, so nothing was done.")),
    403: (
        _("Not allowed"),
        _("Your account may not open this page, or the form had expired."),
    ),
    404: (
        _("No such page"),
        _(
            "There is no page at this address. It may have moved, or the "
            "link you followed was mistyped."
        ),
    ),
}


def _page(request: HttpRequest, status: int, message: str | None = None) -> HttpResponse:
    heading, default = PAGES[status]
    context = {
        "heading": heading,
        "message": message or default,
        "status": status,
        "request_id": request_id_of(request),
    }
    return render(request, "operations/error.html", context, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    from sanitas.access.doors import Refused, refused

    if isinstance(exception, Refused) and request.user.is_authenticated:
        # what the access policy refused, and the pages the user's roles open instead
        return refused(request, exception.need, this_one=exception.this_one)
    return _page(request, 403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page reads nothing from the database (it may be what failed)."""
    template = loader.get_template("operations/server_error.html")
    return HttpResponse(template.render({"request_id": request_id_of(request)}), status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    logger.warning("CSRF check failed for %s %s: %s", request.method, request.path, reason)
    return _page(
        request,
        403,
        _(
            "The form had expired or did not come from this site, so nothing was done. "
            "Go back, reload the page and try again."
        ),
    )


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials=None
) -> HttpResponse:
    """What a locked-out sign-in gets (django-axes' ``AXES_LOCKOUT_CALLABLE``): the
    application's own page, 429."""
    from axes.helpers import get_client_username, get_cool_off, get_failure_limit

    username = get_client_username(request, credentials) or ""
    logger.warning("sign-in locked out: user %r from %s", username, _address(request))
    cooloff = get_cool_off(request)
    context = {
        "failure_limit": get_failure_limit(request, credentials),
        "minutes": int(cooloff.total_seconds() // 60) if cooloff else None,
    }
    return render(request, "operations/locked_out.html", context, status=429)


def _address(request: HttpRequest) -> str:
    return getattr(request, "axes_ip_address", None) or request.META.get("REMOTE_ADDR", "-")
