"""The reports' addresses, and who may use each."""

from django.urls import path

from sanitas.reports import views
from sanitas.staff.views import STAFF
from sanitas.web.permissions import WORK

app_name = "reports"

urlpatterns = [
    path("reports/", views.index, name="index"),
    path("reports/builds/<int:pk>/", views.build_page, name="build"),
    path("reports/builds/<int:pk>/<str:name>", views.build_file, name="file"),
    path("reports/<slug:report>/", views.report_page, name="report"),
    path("reports/<slug:report>/build/", views.start, name="start"),
]

REPORTS_PERMISSIONS: dict[str, str] = {
    # every role reads the reports and their finished builds (public records)
    "reports:index": STAFF,
    "reports:report": STAFF,
    "reports:build": STAFF,
    "reports:file": STAFF,
    # and the report's own builders in the view (``selectors.may_build``): SB 1383
    # coordinators the SB 1383 reports, FOG inspectors the FOG report, supervisors all
    "reports:start": WORK,
}
