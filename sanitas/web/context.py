"""What every staff page's shell needs: the navigation the user may use (each item shown
to who may open it, as the access policy says), the search box's current words, and the
page's language with those it may be switched to."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from sanitas.access.doors import PAGES, may_enter
from sanitas.access.policy import About, allows
from sanitas.access.roles import roles_of
from sanitas.people.words import role_title

#: (nav key, URL name, label): the shell's navigation, in order; an item is shown to
#: who may open its page
NAVIGATION = (
    ("worklist", "staff:worklist", _("Worklist")),
    ("hearings", "notices:hearings", _("Hearings")),
    ("cases", "casework:mine", _("My cases")),
    ("notices", "notices:list", _("Notices")),
    ("establishments", "web:establishments", _("Businesses")),
    ("premises", "web:premises", _("Premises")),
    ("permits", "web:permits", _("Permits")),
    ("inspections", "web:inspections", _("Inspections")),
    ("haulers", "web:haulers", _("Haulers")),
    ("food_recovery", "web:food_recovery", _("Food recovery")),
    ("jobs", "jobs:list", _("Jobs")),
    ("reports", "reports:index", _("Reports")),
    ("audit", "web:audit", _("Audit")),
    ("people", "people:list", _("Staff")),
)


#: the items whose page is one program's: shown to who may open it for that program
NAVIGATION_PROGRAM = {"inspections": "sewer"}


def navigation(user: Any) -> tuple[tuple[str, str, str], ...]:
    """The navigation items whose page ``user`` may open."""
    return tuple(
        item
        for item in NAVIGATION
        if may_enter(user, PAGES[item[1]].get or "")
        and (
            item[0] not in NAVIGATION_PROGRAM
            or allows(user, PAGES[item[1]].get or "", About.program(NAVIGATION_PROGRAM[item[0]]))
        )
    )


def html_language(code: str | None = None) -> str:
    """A language code as a page's ``lang`` says it (BCP 47): "es", "zh-Hant"; the
    active language when none is given."""
    locale = translation.to_locale(code or translation.get_language() or settings.LANGUAGE_CODE)
    return locale.replace("_", "-")


def shell(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    nav = navigation(user) if user is not None else ()
    return {
        "shell_nav": nav,
        # the search box is for who may read the records
        "shell_staff": user is not None and may_enter(user, "records.view"),
        "shell_roles": [role_title(role.group, role.title) for role in roles_of(user)],
        "shell_query": request.GET.get("q", "") if request.method == "GET" else "",
        # the header's language switch: the page's language and those it may be in
        "shell_lang": html_language(),
        "shell_language": translation.get_language(),
        "shell_languages": settings.LANGUAGES,
    }
