"""The reports' addresses (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.reports import views

app_name = "reports"

urlpatterns = [
    path("reports/", views.index, name="index"),
    path("reports/builds/<int:pk>/", views.build_page, name="build"),
    path("reports/builds/<int:pk>/<str:name>", views.build_file, name="file"),
    path("reports/<slug:report>/", views.report_page, name="report"),
    path("reports/<slug:report>/build/", views.start, name="start"),
]
