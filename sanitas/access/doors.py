"""Every door of Sanitas by name, and the permission each of its methods needs.

:data:`PAGES` names every URL of the web application (but the admin, which is a
superuser's, for repairs) and :data:`OPERATIONS` every operation of the REST API; a test
walks the URL resolver and the API's operations and fails on any that is missing here,
then asks each door as every role, anonymous, a deactivated user and tokens of the wrong
scope or out of date, and compares the answer with :mod:`sanitas.access.policy`.

A door's method answers 405 where the table gives it no permission. ``PUBLIC`` is anyone;
``SIGNED_IN`` any active signed-in user. Where a permission is about an object (a
notice's program, a record's type, a hearing's officer), the door lets in who may do it to
some object, and the view asks again about the object it opened
(:func:`require`), before it reads a form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed

from sanitas.access.policy import PERMISSIONS, allows

PUBLIC = "public"
SIGNED_IN = "signed-in"


@dataclass(frozen=True)
class Door:
    """What a door's GET (and HEAD) and POST need: a permission's name, ``PUBLIC``,
    ``SIGNED_IN``, or None (the method is not allowed)."""

    get: str | None = None
    post: str | None = None

    def needs(self, method: str) -> str | None:
        if method in ("GET", "HEAD"):
            return self.get
        if method == "POST":
            return self.post
        return None

    @property
    def methods(self) -> list[str]:
        return [m for m, need in (("GET", self.get), ("POST", self.post)) if need is not None]


def _read(perm: str) -> Door:
    return Door(get=perm)


def _act(perm: str) -> Door:
    """A POST-only action."""
    return Door(post=perm)


def _form(read: str, write: str | None = None) -> Door:
    """A page with a form that posts to itself: shown to who may submit it."""
    return Door(get=read, post=write or read)


PAGES: dict[str, Door] = {
    # ---- signing in, the start page
    "login": Door(get=PUBLIC, post=PUBLIC),
    "logout": Door(post=PUBLIC),
    # the link an invitation sends, where the person sets their password
    "password_reset_confirm": Door(get=PUBLIC, post=PUBLIC),
    "password_reset_complete": _read(PUBLIC),
    "web:home": _read(SIGNED_IN),
    # ---- the worklist and the records
    "staff:worklist": _form("records.view"),  # POST: export the selected lines
    "staff:subject": _read("records.view"),
    "web:search": _read("records.view"),
    "web:business": _read("records.view"),
    "web:pick": _read("records.view"),
    "web:timeline": _read("records.view"),
    "web:establishments": _read("records.view"),
    "web:premises": _read("records.view"),
    "web:permits": _read("records.view"),
    "web:haulers": _read("records.view"),
    "web:food_recovery": _read("records.view"),
    "web:record_new": _form("records.record"),
    "web:record_edit": _form("records.record"),
    "web:record_void": _form("records.record"),
    "web:audit": _read("audit.view"),
    # the inspector's day (the sewer program's, asked again in the view) and a result
    "web:inspections": _read("inspections.make"),
    "web:inspections_ics": _read("inspections.make"),
    "web:inspection_result": _form("records.record"),
    # ---- cases and inspections
    "casework:mine": _read("records.view"),
    "casework:case": _read("records.view"),
    "casework:assign": _act("cases.work"),
    "casework:note": _act("cases.work"),
    "casework:bulk_assign": _act("cases.work"),
    "casework:inspection_start": _form("inspections.make"),
    "casework:inspection_step": _form("inspections.make"),
    "casework:inspection_photo_void": _act("inspections.make"),
    "casework:inspection": _read("evidence.view"),
    "casework:inspection_findings": _read("evidence.view"),
    "casework:inspection_photo": _read("evidence.view"),
    "casework:inspection_signature": _read("evidence.view"),
    # ---- notices, citations, appeals and hearings
    "notices:list": _read("notices.view"),
    "notices:detail": _read("notices.view"),
    "notices:pdf": _read("notices.view"),
    "notices:order_pdf": _read("notices.view"),
    # a permit's invoice and a payment's receipt: anyone who reads the records
    "notices:permit_invoice": _read("records.view"),
    "notices:payment_receipt": _read("records.view"),
    "notices:batch_pdf": _read("notices.view"),
    "notices:batch_csv": _read("notices.view"),
    "notices:draft": _form("notices.draft"),
    "notices:edit": _act("notices.draft"),
    "notices:supersede": _act("notices.draft"),
    "notices:cite": _act("notices.draft"),
    "notices:approve": _act("notices.approve"),
    "notices:serve": _act("notices.serve"),
    "notices:serve_batch": _act("notices.serve"),
    "notices:comply": _act("notices.comply"),
    "notices:rescind": _act("notices.rescind"),
    "notices:payment": _act("payments.record"),
    "notices:extension": _act("extensions.request"),
    "notices:extension_decide": _act("extensions.decide"),
    "notices:appeal": _act("appeals.file"),
    "notices:hearing": _act("hearings.schedule"),
    "notices:hearings": _read("hearings.view"),
    "notices:hearing_decide": _act("hearings.decide"),
    # ---- jobs and reports
    "jobs:list": _read("jobs.view"),
    "jobs:job": _read("jobs.view"),
    "jobs:progress": _read("jobs.view"),
    "jobs:rejects": _read("jobs.view"),
    "jobs:start_sweep": _act("sweeps.start"),
    "jobs:upload": _form("imports.upload"),
    "jobs:again": _act("imports.upload"),
    "reports:index": _read("reports.view"),
    "reports:report": _read("reports.view"),
    "reports:build": _read("reports.view"),
    "reports:file": _read("reports.view"),
    "reports:start": _act("reports.build"),
    # ---- staff accounts
    "people:list": _read("users.manage"),
    "people:invite": _form("users.manage"),
    "people:person": _read("users.manage"),
    "people:roles": _act("users.manage"),
    "people:deactivate": _act("users.manage"),
    "people:reactivate": _act("users.manage"),
    # one's own account; the language of the pages (anyone: the sign-in page has it)
    "people:me": _read(SIGNED_IN),
    "people:language": Door(get=PUBLIC, post=PUBLIC),
    # ---- the public: a complaint needs no account, its tracking page shows its status
    # only; Open311 GeoReport v2 (a POST carries the client's api_key, which the view
    # checks as the specification says: 403 without a live one)
    "public:complain": Door(get=PUBLIC, post=PUBLIC),
    "public:track": _read(PUBLIC),
    # the staff review a complaint where they read cases, and close it if they work them
    "public:review": _form("records.view", "cases.work"),
    "public:photo": _read("records.view"),
    "open311:discovery": _read(PUBLIC),
    "open311:services": _read(PUBLIC),
    "open311:service": _read(PUBLIC),
    "open311:requests": Door(get=PUBLIC, post=PUBLIC),
    "open311:request": _read(PUBLIC),
    # ---- the API's own description
    "api:openapi-json": _read(PUBLIC),
    "api:openapi-view": _read(PUBLIC),
}

#: every REST API operation (its ``operation_id``) → the permission it needs
OPERATIONS: dict[str, str] = {
    "getSubject": "records.view",
    "listRecords": "records.view",
    "listFindings": "records.view",
    "getFindingHistory": "records.view",
    "evaluate": "engine.evaluate",
    "recordFacts": "records.record",
    "draftNotice": "notices.draft",
    "getNotice": "notices.view",
    "editNotice": "notices.draft",
    "approveNotice": "notices.approve",
    "serveNotice": "notices.serve",
    "getNoticePdf": "notices.view",
}


def _check_table() -> None:
    known = {*PERMISSIONS, PUBLIC, SIGNED_IN}
    for name, door in PAGES.items():
        for need in (door.get, door.post):
            if need is not None and need not in known:
                raise ValueError(f"door {name}: no permission called {need!r}")
    for name, need in OPERATIONS.items():
        if need not in PERMISSIONS:
            raise ValueError(f"operation {name}: no permission called {need!r}")


_check_table()


def may_enter(user: Any, need: str) -> bool:
    if need == PUBLIC:
        return True
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return need == SIGNED_IN or allows(user, need)


def refused(request: HttpRequest, need: str, *, this_one: bool = False) -> HttpResponse:
    """The 403 page: what the user may not do (``this_one``: to the object they opened,
    though they may to others), and the pages they may open instead."""
    from django.shortcuts import render

    perm = PERMISSIONS.get(need)
    return render(
        request,
        "web/forbidden.html",
        {"does": perm.does if perm else "", "this_one": this_one, "nav": ""},
        status=403,
    )


def door(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Guard a view with the door :data:`PAGES` names for the URL it was reached by: a
    method the door does not take answers 405, a visitor not signed in is sent to sign
    in, and a user whose roles do not hold the method's permission gets a 403 page saying
    what is missing. A URL the table does not name is refused (and fails the test)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        match = request.resolver_match
        entry = PAGES.get(match.view_name) if match is not None else None
        if entry is None:
            raise PermissionDenied("this address is not in the access policy")
        need = entry.needs(request.method or "")
        if need is None:
            return HttpResponseNotAllowed(entry.methods)
        if need != PUBLIC and not (request.user.is_authenticated and request.user.is_active):
            return redirect_to_login(request.get_full_path())
        if not may_enter(request.user, need):
            return refused(request, need)
        return view(request, *args, **kwargs)

    wrapper.guarded = True  # type: ignore[attr-defined]
    return wrapper


class Refused(PermissionDenied):
    """An object the user may not act on; the views' handler renders the 403 page."""

    def __init__(self, need: str, *, this_one: bool = False) -> None:
        self.need = need
        self.this_one = this_one
        super().__init__(PERMISSIONS[need].does if need in PERMISSIONS else need)


def require(user: Any, need: str, obj: Any = None, *, token: Any = None) -> None:
    """Refuse (:class:`Refused`) unless ``user`` (through ``token``, on the API) may do
    ``need`` to ``obj``."""
    if not allows(user, need, obj, token=token):
        # may they do it to some other object: then it is this one that is not theirs
        raise Refused(need, this_one=obj is not None and allows(user, need, token=token))
