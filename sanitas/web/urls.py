"""The staff shell's addresses, and the permission map of every staff address.

``PERMISSIONS`` maps every URL name the staff use (this app's, the worklist's and
subject pages', the cases', sign-in) to the access it needs; a test walks the
resolver and fails for a name that is missing, and checks each view enforces it."""

from django.urls import path

from sanitas.casework.urls import CASEWORK_PERMISSIONS
from sanitas.jobs.urls import JOBS_PERMISSIONS
from sanitas.staff.urls import PERMISSIONS as STAFF_PERMISSIONS
from sanitas.staff.views import STAFF
from sanitas.web import views
from sanitas.web.tables import LIST_PAGES

app_name = "web"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("businesses/<path:key>/", views.business, name="business"),
    *(
        path(f"{slug.replace('_', '-')}/", views.record_list, {"slug": slug}, name=slug)
        for slug in LIST_PAGES
    ),
]

#: this app's URL names → access
WEB_PERMISSIONS: dict[str, str] = {
    "web:search": STAFF,
    "web:business": STAFF,
    **{f"web:{slug}": STAFF for slug in LIST_PAGES},
}

#: every staff URL name → the access it needs (see ``sanitas.web.permissions``)
PERMISSIONS: dict[str, str] = {
    **STAFF_PERMISSIONS,
    **WEB_PERMISSIONS,
    **CASEWORK_PERMISSIONS,
    **JOBS_PERMISSIONS,
}
