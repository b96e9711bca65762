"""The staff shell's addresses, and the permission map of every staff address.

``PERMISSIONS`` maps every URL name the staff use (this app's, the worklist's and
subject pages', the cases', the notices', sign-in) to the access it needs; a test walks the
resolver and fails for a name that is missing, and checks each view enforces it."""

from django.urls import path

from sanitas.casework.urls import CASEWORK_PERMISSIONS
from sanitas.jobs.urls import JOBS_PERMISSIONS
from sanitas.notices.urls import PERMISSIONS as NOTICES_PERMISSIONS
from sanitas.reports.urls import REPORTS_PERMISSIONS
from sanitas.staff.urls import PERMISSIONS as STAFF_PERMISSIONS
from sanitas.staff.views import STAFF
from sanitas.web import record_views, views
from sanitas.web.permissions import SUPERVISE, WORK
from sanitas.web.tables import LIST_PAGES

app_name = "web"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("businesses/<path:key>/", views.business, name="business"),
    path("record/<str:fact_type>/", record_views.record_new, name="record_new"),
    path("records/<path:key>/edit/", record_views.record_edit, name="record_edit"),
    path("records/<path:key>/void/", record_views.record_void, name="record_void"),
    path("pick/", record_views.pick, name="pick"),
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
    # each record form also asks whether the role records that type (``may_record``)
    "web:record_new": WORK,
    "web:record_edit": WORK,
    "web:record_void": WORK,
    "web:pick": STAFF,
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
    **JOBS_PERMISSIONS,
    **REPORTS_PERMISSIONS,
}
