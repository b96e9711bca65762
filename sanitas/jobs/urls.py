"""The jobs' addresses, and who may use each."""

from django.urls import path

from sanitas.jobs import views
from sanitas.staff.views import STAFF
from sanitas.web.permissions import WORK

app_name = "jobs"

urlpatterns = [
    path("jobs/", views.job_list, name="list"),
    path("jobs/sweep/", views.start_sweep, name="start_sweep"),
    path("jobs/import/", views.upload_import, name="upload"),
    path("jobs/<int:pk>/", views.job_page, name="job"),
    path("jobs/<int:pk>/progress.json", views.job_progress, name="progress"),
    path("jobs/<int:pk>/rejects.csv", views.job_rejects, name="rejects"),
]

JOBS_PERMISSIONS: dict[str, str] = {
    "jobs:list": STAFF,
    "jobs:job": STAFF,
    "jobs:progress": STAFF,
    "jobs:rejects": STAFF,
    # and a supervisor's own check in the view
    "jobs:start_sweep": WORK,
    # and the program's own check in the view and its form
    "jobs:upload": WORK,
}
