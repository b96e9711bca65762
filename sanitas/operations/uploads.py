"""Uploads held to their limits while they stream in.

Django reads a form's files before the view can look at them (the CSRF check reads
the form first), and left to itself keeps reading: a file of 2 GB would be spooled
whole to a temporary file before a form said it was too large. So every form post
is read here first, before the CSRF check, through :class:`LimitedUploadHandler`,
which counts each file's bytes as they arrive and stops reading the request the
moment a file passes the most its field takes (:func:`takes_files`): nothing more
is read from the client, the part received is discarded with the temporary file
Django made for it, and the view never runs, so nothing is half stored. A request
whose declared length already passes what the address takes is refused before any
of it is read. The answer is a 413 naming the field and its limit (a page, or
``{"detail": [...]}`` under ``/api/``).

An address not in :func:`takes_files` takes no file at all; the other fields of a
form are held by Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (a refusal of it is a 413
too).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.utils.datastructures import MultiValueDict

from sanitas.operations.middleware import request_id_of

logger = logging.getLogger("sanitas.operations")

MB = 2**20
#: a proof of service is a scan or a photograph, held as a photograph is
PROOF_LIMIT = 15 * MB
#: what a form's own text (its boundaries and part headers) may add to its files
FORM_OVERHEAD = 64 * 1024


def takes_files() -> dict[str, dict[str, int]]:
    """The addresses (URL names) that take files: for each, its file fields and the
    most bytes each takes."""
    from sanitas.casework.evidence import PHOTO_LIMIT
    from sanitas.intake.imports import MAX_FEED_BYTES

    return {
        "jobs:upload": {"file": MAX_FEED_BYTES},
        "casework:inspection_step": {"photo": PHOTO_LIMIT},
        "notices:serve": {"proof": PROOF_LIMIT},
        "public:complain": {"photo": PHOTO_LIMIT},
    }


def limits_of(request: HttpRequest | None) -> dict[str, int]:
    """The file fields ``request``'s address takes and their limits (none if it is
    not one of :func:`takes_files`)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return {}
    return dict(takes_files().get(match.view_name, {}))


def size(limit: int) -> str:
    """A number of bytes as people say it: ``64 MB``, ``2,048 MB``, ``1.5 MB``, ``512 KB``."""
    if limit >= MB:
        megabytes = limit / MB
        whole = megabytes >= 10 or megabytes == int(megabytes)
        return f"{megabytes:,.0f} MB" if whole else f"{megabytes:,.1f} MB"
    if limit >= 1024:
        return f"{limit / 1024:,.0f} KB"
    return f"{limit:,} bytes"


@dataclass(frozen=True)
class Refusal:
    """Why a request's upload was refused: the file field (``""``: the form as a
    whole), the most it takes, and the request's declared length when that alone
    was enough to refuse it."""

    field: str
    limit: int
    declared: int | None = None

    def words(self) -> str:
        if not self.field:
            if self.declared is not None:
                return (
                    f"The request is {size(self.declared)}, more than the {size(self.limit)} "
                    "this form takes; none of it was read, nothing was kept."
                )
            return (
                f"The form's fields hold more than {size(self.limit)}, the most a form takes; "
                "nothing was kept."
            )
        label = self.field.replace("_", " ").capitalize()
        if self.limit == 0:
            return f"{label}: this form takes no file; nothing was kept."
        if self.declared is not None:
            return (
                f"{label}: the request is {size(self.declared)}, more than the "
                f"{size(self.limit)} this field takes; none of it was read, nothing was kept."
            )
        return (
            f"{label}: the file is larger than {size(self.limit)}, the most this field takes; "
            "it was not read further and nothing of it was kept."
        )


class LimitedUploadHandler(FileUploadHandler):
    """Passes each file's bytes on to Django's own handlers (memory, then a temporary
    file) while counting them; past the field's limit it stops the upload without
    reading any more of the request, and leaves the :class:`Refusal` on the request
    (``request.upload_refused``)."""

    def __init__(self, request: HttpRequest | None = None) -> None:
        super().__init__(request)
        self.limits = limits_of(request)
        self.limit = 0

    def _refuse(self, refusal: Refusal) -> None:
        if self.request is not None:
            self.request.upload_refused = refusal

    def handle_raw_input(
        self,
        input_data: Any,
        META: dict[str, Any],
        content_length: int,
        boundary: bytes,
        encoding: str | None = None,
    ) -> tuple[QueryDict, MultiValueDict] | None:
        most = sum(self.limits.values()) + settings.DATA_UPLOAD_MAX_MEMORY_SIZE + FORM_OVERHEAD
        if content_length <= most:
            return None
        if len(self.limits) == 1:
            field, limit = next(iter(self.limits.items()))
        else:  # the form as a whole: its files and its other fields
            field, limit = "", most - FORM_OVERHEAD
        self._refuse(Refusal(field, limit, declared=content_length))
        # taken as handled, with nothing in it: none of the body is read
        return QueryDict(encoding=encoding), MultiValueDict()

    def new_file(self, field_name: str, *args: Any, **kwargs: Any) -> None:
        super().new_file(field_name, *args, **kwargs)
        self.limit = self.limits.get(field_name, 0)
        declared = self.content_length
        if self.limit == 0 or (declared is not None and declared > self.limit):
            self._refuse(Refusal(field_name, self.limit))
            raise StopUpload(connection_reset=True)

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > self.limit:
            self._refuse(Refusal(self.field_name, self.limit))
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the handlers after this one make the file


def too_large(request: HttpRequest, refusal: Refusal) -> HttpResponse:
    """The 413 answer: what was refused and the limit, as a page or as the API's JSON."""
    words = refusal.words()
    logger.warning(
        "%s %s: upload refused: %s (request of %s bytes)",
        request.method,
        request.path,
        words,
        request.META.get("CONTENT_LENGTH", "?"),
    )
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": [words]}, status=413)
    context = {
        "heading": "Too large to take",
        "message": words,
        "status": 413,
        "request_id": request_id_of(request),
        "nav": "",
    }
    return render(request, "operations/error.html", context, status=413)


class UploadLimitMiddleware:
    """Reads a form post before anything else does (the CSRF check does: so this is
    listed before it), through :class:`LimitedUploadHandler`; answers 413 when an
    upload or the form's other fields pass their limits."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable, args: tuple, kwargs: dict
    ) -> HttpResponse | None:
        if request.method != "POST" or request.content_type not in (
            "multipart/form-data",
            "application/x-www-form-urlencoded",
        ):
            return None
        request.upload_handlers.insert(0, LimitedUploadHandler(request))
        try:
            request.POST  # noqa: B018  (read now, with the limits)
        except RequestDataTooBig:
            return too_large(request, Refusal("", settings.DATA_UPLOAD_MAX_MEMORY_SIZE))
        refusal = getattr(request, "upload_refused", None)
        if refusal is not None:
            return too_large(request, refusal)
        return None
