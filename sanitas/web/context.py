"""What every staff page's shell needs: the navigation the user may use and the
search box's current words."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sanitas.staff.views import STAFF
from sanitas.web.permissions import SUPERVISE, may, roles_of

#: (nav key, URL name, label): the shell's navigation, in order
NAVIGATION = (
    ("worklist", "staff:worklist", "Worklist"),
    ("cases", "casework:mine", "My cases"),
    ("notices", "notices:list", "Notices"),
    ("establishments", "web:establishments", "Businesses"),
    ("premises", "web:premises", "Premises"),
    ("permits", "web:permits", "Permits"),
    ("haulers", "web:haulers", "Haulers"),
    ("food_recovery", "web:food_recovery", "Food recovery"),
    ("jobs", "jobs:list", "Jobs"),
)
#: what the roles that build or read reports see besides (every role may open them)
REPORTS_NAVIGATION = (("reports", "reports:index", "Reports"),)
#: what supervisors see besides
SUPERVISOR_NAVIGATION = (("audit", "web:audit", "Audit"),)


def shell(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    staff = user is not None and may(user, STAFF)
    from sanitas.reports.selectors import may_read as may_read_reports

    nav: tuple[tuple[str, str, str], ...] = ()
    if staff:
        nav = NAVIGATION
        if may_read_reports(user):
            nav += REPORTS_NAVIGATION
        if may(user, SUPERVISE):
            nav += SUPERVISOR_NAVIGATION
    return {
        "shell_nav": nav,
        "shell_staff": staff,
        "shell_roles": [role.title for role in roles_of(user)] if staff else [],
        "shell_query": request.GET.get("q", "") if request.method == "GET" else "",
    }
