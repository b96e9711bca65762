"""The jobs' addresses (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.jobs import views

app_name = "jobs"

urlpatterns = [
    path("jobs/", views.job_list, name="list"),
    path("jobs/sweep/", views.start_sweep, name="start_sweep"),
    path("jobs/import/", views.upload_import, name="upload"),
    path("jobs/<int:pk>/", views.job_page, name="job"),
    path("jobs/<int:pk>/progress.json", views.job_progress, name="progress"),
    path("jobs/<int:pk>/rejects.csv", views.job_rejects, name="rejects"),
    path("jobs/<int:pk>/again/", views.import_again, name="again"),
]
