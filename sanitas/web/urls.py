"""The staff shell's addresses, and the permission map of every staff address.

``PERMISSIONS`` maps every URL name the staff use (this app's, the worklist's and
subject pages', the cases', the notices', sign-in) to the access it needs; a test walks the
resolver and fails for a name that is missing, and checks each view enforces it."""

from django.urls import path

from sanitas.casework.urls import CASEWORK_PERMISSIONS
from sanitas.notices.urls import PERMISSIONS as NOTICES_PERMISSIONS
from sanitas.staff.urls import PERMISSIONS as STAFF_PERMISSIONS
from sanitas.staff.views import STAFF
from sanitas.web import views
from sanitas.web.permissions import SUPERVISE
from sanitas.web.tables import LIST_PAGES

app_name = "web"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("businesses/<path:key>/", views.business, name="business"),
    path("timeline/<path:key>/", views.timeline, name="timeline"),
    path("audit/", views.audit, name="audit"),
    *(
        path(f"{slug.replace('_', '-')}/", views.record_list, {"slug": slug}, name=slug)
        for slug in LIST_PAGES
    ),
]

#: this app's URL names → access
WEB_PERMISSIONS: dict[str, str] = {
    "web:search": STAFF,
    "web:business": STAFF,
    "web:timeline": STAFF,
    "web:audit": SUPERVISE,
    **{f"web:{slug}": STAFF for slug in LIST_PAGES},
}

#: every staff URL name → the access it needs (see ``sanitas.web.permissions``)
PERMISSIONS: dict[str, str] = {
    **STAFF_PERMISSIONS,
    **WEB_PERMISSIONS,
    **CASEWORK_PERMISSIONS,
    **NOTICES_PERMISSIONS,
}
