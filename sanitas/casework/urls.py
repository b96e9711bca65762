"""The case pages' addresses, and who may use each."""

from django.urls import path

from sanitas.casework import views
from sanitas.staff.views import STAFF
from sanitas.web.permissions import WORK

app_name = "casework"

urlpatterns = [
    path("cases/mine/", views.mine, name="mine"),
    path("cases/assign/", views.bulk_assign, name="bulk_assign"),
    # the actions first: a subject's key may hold a slash, so the case's own address
    # would take "…/assign/" as its requirement
    path("cases/<path:subject>/<str:requirement>/assign/", views.assign, name="assign"),
    path("cases/<path:subject>/<str:requirement>/notes/", views.note, name="note"),
    path("cases/<path:subject>/<str:requirement>/", views.case, name="case"),
]

CASEWORK_PERMISSIONS: dict[str, str] = {
    "casework:mine": STAFF,
    "casework:bulk_assign": WORK,
    "casework:case": STAFF,
    "casework:assign": WORK,
    "casework:note": WORK,
}
