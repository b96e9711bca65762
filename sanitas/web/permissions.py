"""Who may do what on the staff pages: the roles, the access each address needs, and
the view decorators that enforce it.

Every URL name of the staff pages is in :data:`PERMISSIONS` (``sanitas.web.urls``
assembles it from each app's map); a test walks the URL resolver and fails for a
name that is not, and proves each page refuses the roles that may not use it.

Access levels:

- ``public``: anyone (sign-in, sign-out);
- ``staff``: anyone in a role, to read (the auditor included);
- ``work``: a role that acts — assigns cases, writes notes (everyone but the auditor);
- ``notices``: staff and hearing officers (``sanitas.notices.views.notices_required``;
  what each may do on a notice — approve, serve, decide — the notice pages check);
- ``supervise``: a supervisor (or a superuser) — the audit of every write.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from sanitas.staff import selectors as staff_selectors
from sanitas.staff.views import PUBLIC, STAFF

WORK = "work"
NOTICES = "notices"
SUPERVISE = "supervise"
ACCESS_LEVELS = (PUBLIC, STAFF, WORK, NOTICES, SUPERVISE)
#: the role group that supervises
SUPERVISOR = "supervisor"


@dataclass(frozen=True)
class Role:
    group: str
    title: str
    #: what the role is for, in a sentence (the README's staff section says the same)
    does: str
    acts: bool = True


ROLES: dict[str, Role] = {
    role.group: role
    for role in (
        Role(
            "fog_inspector",
            "FOG inspector",
            "grease interceptors and traps, pump-outs, trainings and FOG inspections",
        ),
        Role(
            "permit_clerk",
            "Permit clerk",
            "house-connection and special sewer permits, designs, tests and inspections",
        ),
        Role(
            "sb1383_coordinator",
            "SB 1383 coordinator",
            "Chapter 50 organics: collection services, waivers, edible food recovery",
        ),
        Role(
            "code_enforcement",
            "Code enforcement officer",
            "solid-waste storage, accumulation and set-out",
        ),
        Role("supervisor", "Supervisor", "every program's work"),
        Role("auditor", "Auditor", "reads every page and export; changes nothing", acts=False),
    )
}


def roles_of(user: Any) -> list[Role]:
    return [ROLES[group] for group in staff_selectors.roles_of(user) if group in ROLES]


def may(user: Any, access: str) -> bool:
    """May ``user`` use a page that needs ``access``."""
    if access == PUBLIC:
        return True
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    roles = roles_of(user)
    if access == STAFF:
        return bool(roles)
    if access == WORK:
        return any(role.acts for role in roles)
    if access == SUPERVISE:
        return any(role.group == SUPERVISOR for role in roles)
    raise ValueError(f"unknown access level {access!r}")


def requires(access: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A view for users with ``access``: sign-in first, then the role, else a 403 page
    that says what is missing."""
    if access not in ACCESS_LEVELS:
        raise ValueError(f"unknown access level {access!r}")

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if access != PUBLIC and not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not may(request.user, STAFF if access in (WORK, SUPERVISE) else access):
                return render(request, "staff/forbidden.html", status=403)
            if access == SUPERVISE and not may(request.user, access):
                return render(request, "web/supervisors_only.html", status=403)
            if not may(request.user, access):
                return render(request, "web/read_only.html", status=403)
            return view(request, *args, **kwargs)

        wrapper.access = access  # type: ignore[attr-defined]
        return wrapper

    return decorate
