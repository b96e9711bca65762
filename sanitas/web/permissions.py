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


# --------------------------------------------------------------------------- who records what

#: the businesses and premises every program meets in the field
_EVERYONE = frozenset({"establishment", "premises", "inspection"})

#: role group → the fact types its members record (by the vocabulary's area modules,
#: and the core types of each program); a supervisor records every type, an auditor none
RECORDS: dict[str, frozenset[str]] = {
    "fog_inspector": _EVERYONE
    | {
        "device",
        "employee",
        "pump_out",
        "training",
        "bmp_submittal",
        "frequency_order",
        "renovation",
        "blockage",
        "ownership_transfer",
        "waiver",
        "fog_decision",
        "fog_observation",
        "in_house_cleaning",
        "noncompliance_charge",
        "operations_change",
        "sand_trap_inspection",
        "wash_rack_use",
    },
    "permit_clerk": _EVERYONE
    | {
        "permit",
        "work_started",
        "work_suspended",
        "work_resumed",
        "connection_design",
        "pressure_test",
        "cesspool",
        "drain_connection",
        "sewer_entry",
        "connection_route",
        "final_certificate",
        "joint_check",
        "sewer_connection",
        "street_excavation",
        "unaccepted_street_sewer",
        "work_covered",
        "work_inspection",
    },
    "sb1383_coordinator": _EVERYONE
    | {
        "collection_service",
        "waiver",
        "self_hauler",
        "report",
        "food_recovery_agreement",
        "food_recovery_quantity",
        "good_samaritan_notice",
        "hauler",
        "facility",
        "facility_designation",
        "delivery",
        "container",
        "capacity_request",
        "capacity_response",
        "building_application",
        "cd_project",
        "move_in",
        "organics_checklist",
        "organics_education",
        "self_inspection",
    },
    "code_enforcement": _EVERYONE
    | {
        "accumulation",
        "accumulation_removal",
        "set_out",
        "burial",
        "collection_access",
        "collection_observation",
        "compost_observation",
        "dumping",
        "fire_hazard_notice",
        "follow_up_observation",
        "greenwaste_check",
        "hauling_service",
        "hazard_collection_arranged",
        "pile_observation",
        "recyclables_sale",
    },
}


def may_record(user: Any, fact_type: str) -> bool:
    """May ``user`` record (and edit and void) facts of ``fact_type``: a supervisor
    or superuser any type, each program's role its own, an auditor none."""
    if not may(user, WORK):
        return False
    if user.is_superuser:
        return True
    groups = {role.group for role in roles_of(user)}
    if "supervisor" in groups:
        return True
    return any(fact_type in RECORDS.get(group, ()) for group in groups)
