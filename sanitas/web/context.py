"""What every staff page's shell needs: the navigation the user may use (each item shown
to who may open it, as the access policy says) and the search box's current words."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sanitas.access.doors import PAGES, may_enter
from sanitas.access.roles import roles_of

#: (nav key, URL name, label): the shell's navigation, in order; an item is shown to
#: who may open its page
NAVIGATION = (
    ("worklist", "staff:worklist", "Worklist"),
    ("hearings", "notices:hearings", "Hearings"),
    ("cases", "casework:mine", "My cases"),
    ("notices", "notices:list", "Notices"),
    ("establishments", "web:establishments", "Businesses"),
    ("premises", "web:premises", "Premises"),
    ("permits", "web:permits", "Permits"),
    ("haulers", "web:haulers", "Haulers"),
    ("food_recovery", "web:food_recovery", "Food recovery"),
    ("jobs", "jobs:list", "Jobs"),
    ("reports", "reports:index", "Reports"),
    ("audit", "web:audit", "Audit"),
    ("people", "people:list", "Staff"),
)


def navigation(user: Any) -> tuple[tuple[str, str, str], ...]:
    """The navigation items whose page ``user`` may open."""
    return tuple(item for item in NAVIGATION if may_enter(user, PAGES[item[1]].get or ""))


def shell(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    nav = navigation(user) if user is not None else ()
    return {
        "shell_nav": nav,
        # the search box is for who may read the records
        "shell_staff": user is not None and may_enter(user, "records.view"),
        "shell_roles": [role.title for role in roles_of(user)],
        "shell_query": request.GET.get("q", "") if request.method == "GET" else "",
    }
