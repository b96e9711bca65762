"""The staff shell's addresses (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.web import inspections, record_views, views
from sanitas.web.tables import LIST_PAGES

app_name = "web"

urlpatterns = [
    path("start/", views.home, name="home"),
    path("search/", views.search, name="search"),
    path("businesses/<path:key>/", views.business, name="business"),
    path("record/<str:fact_type>/", record_views.record_new, name="record_new"),
    path("records/<path:key>/edit/", record_views.record_edit, name="record_edit"),
    path("records/<path:key>/void/", record_views.record_void, name="record_void"),
    path("pick/", record_views.pick, name="pick"),
    path("timeline/<path:key>/", views.timeline, name="timeline"),
    path("audit/", views.audit, name="audit"),
    path("inspections/", inspections.inspection_day, name="inspections"),
    path("inspections/day.ics", inspections.inspection_day_ics, name="inspections_ics"),
    path("inspections/<path:key>/result/", inspections.inspection_result, name="inspection_result"),
    *(
        path(f"{slug.replace('_', '-')}/", views.record_list, {"slug": slug}, name=slug)
        for slug in LIST_PAGES
    ),
]
