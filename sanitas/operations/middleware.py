"""A request id on every request: taken from the proxy's ``X-Request-ID`` when it
sends a plausible one, else made here; sent back on the response, shown on the
error pages and written on every log line the request causes."""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

HEADER = "X-Request-ID"
#: what a proxy may hand on: a short token of letters, digits and dashes
_GIVEN = re.compile(r"[A-Za-z0-9._-]{8,64}")

current_request_id: ContextVar[str] = ContextVar("sanitas_request_id", default="-")


def request_id_of(request: HttpRequest) -> str:
    return getattr(request, "request_id", None) or current_request_id.get()


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get(HEADER, "")
        request_id = given if _GIVEN.fullmatch(given) else uuid.uuid4().hex
        request.request_id = request_id
        token = current_request_id.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            current_request_id.reset(token)
        response[HEADER] = request_id
        return response


class RequestIdFilter(logging.Filter):
    """Puts ``request_id`` on every log record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request = getattr(record, "request", None)
            record.request_id = (
                getattr(request, "request_id", None) if request is not None else None
            ) or current_request_id.get()
        return True
