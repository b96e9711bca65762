"""When the disk or the database refuses a write during a request: the page.

:class:`StorageFaultMiddleware` answers a request that met a refusal with a 503 page
(JSON under ``/api/``) naming the cause in words (:func:`sanitas.records.faults.cause`),
while the pages that only read go on being served.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from sanitas.operations.middleware import request_id_of
from sanitas.records.faults import cause, is_storage_fault

logger = logging.getLogger("sanitas.operations")


class StorageFaultMiddleware:
    """A request that met a refusal of the disk or the database answers 503 with the
    cause in words, saying nothing was stored (the write's transaction was rolled
    back); the traceback goes to the log only."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_storage_fault(exception):
            return None
        words = cause(exception)
        logger.error(
            "%s %s refused by storage: %s",
            request.method,
            request.path,
            words,
            exc_info=exception,
        )
        reads = request.method in ("GET", "HEAD")
        if request.path.startswith("/api/"):
            what = "nothing was stored" if not reads else "the request could not be answered"
            return JsonResponse({"detail": [f"{words}: {what}"]}, status=503)
        try:
            return render(
                request,
                "operations/storage_fault.html",
                {
                    "cause": words,
                    "reads": reads,
                    "request_id": request_id_of(request),
                    "nav": "",
                },
                status=503,
            )
        except Exception:  # the page itself needs what failed: the plainest answer
            logger.exception("the storage fault page could not be drawn")
            return HttpResponse(
                f"Nothing was stored: {words}. Request {request_id_of(request)}.",
                status=503,
                content_type="text/plain; charset=utf-8",
            )
