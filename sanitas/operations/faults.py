"""When the disk or the database refuses a write: its cause in words, and the page.

A write that the database refuses (its file read-only, its disk full, the server's
account stripped of the right to write) or that a full disk stops is rolled back
whole by its transaction; what the person is told is what happened and that nothing
was stored — never a traceback. :func:`cause` words an error for a page, a job's page
and the command line alike; :class:`StorageFaultMiddleware` answers a request that
met one with a 503 page (JSON under ``/api/``) naming the cause, while the pages that
only read go on being served.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from pathlib import Path

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from sanitas.operations.middleware import request_id_of

logger = logging.getLogger("sanitas.operations")

#: an operating system's refusal of a write, in words
OS_REFUSALS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EFBIG: "a file grew beyond the size this server may write",
    errno.EROFS: "the disk is mounted read-only",
    errno.EACCES: "this server may not write there",
    errno.EPERM: "this server may not write there",
    errno.EIO: "the disk could not be written",
}
#: a database's refusal of a write, by what its message says, in words
_DATABASE = (
    ("readonly database", "the database is read-only: this server may not write to its file"),
    ("read-only transaction", "the database is read-only"),
    ("database or disk is full", "the disk holding the database is full"),
    ("no space left on device", "the disk holding the database is full"),
    ("could not extend file", "the disk holding the database is full"),
    ("disk quota exceeded", "the disk quota of the database is used up"),
    ("permission denied", "the database refuses this server's account the right to write"),
    ("disk i/o error", "the disk holding the database could not be written"),
    ("unable to open database file", "the database's file could not be opened"),
    ("database is locked", "another writer held the database longer than this one waits"),
)
#: the errors this module words (others are the server's own faults: a 500)
STORAGE_ERRORS = (DatabaseError, OSError)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def cause(exc: BaseException) -> str:
    """What refused the write, in words, with the system's own words after it:
    "the disk holding the database is full (database or disk is full)"."""
    if isinstance(exc, OSError) and not isinstance(exc, DatabaseError):
        plain = OS_REFUSALS.get(exc.errno or 0, "a file could not be written")
        where = f" ({Path(exc.filename).name})" if exc.filename else ""
        return f"{plain}{where}: {exc.strerror or _first_line(exc)}"
    first = _first_line(exc)
    lowered = first.lower()
    for needle, plain in _DATABASE:
        if needle in lowered:
            return f"{plain} ({first})"
    return f"the database could not be used ({first})"


def is_storage_fault(exc: BaseException) -> bool:
    """Whether ``exc`` is the disk's or the database's refusal (not a bug of ours)."""
    if isinstance(exc, DatabaseError):
        return True
    return isinstance(exc, OSError) and exc.errno in OS_REFUSALS


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
