"""The case pages' addresses (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.casework import views

app_name = "casework"

urlpatterns = [
    path("cases/mine/", views.mine, name="mine"),
    path("inspections/start/<path:subject>/", views.inspection_start, name="inspection_start"),
    path("inspections/<int:pk>/", views.inspection, name="inspection"),
    path("inspections/<int:pk>/findings/", views.inspection_findings, name="inspection_findings"),
    path("inspections/<int:pk>/steps/<slug:step>/", views.inspection_step, name="inspection_step"),
    path(
        "inspections/<int:pk>/photos/<int:photo>/", views.inspection_photo, name="inspection_photo"
    ),
    path(
        "inspections/<int:pk>/photos/<int:photo>/void/",
        views.inspection_photo_void,
        name="inspection_photo_void",
    ),
    path(
        "inspections/<int:pk>/signature/", views.inspection_signature, name="inspection_signature"
    ),
    path("cases/assign/", views.bulk_assign, name="bulk_assign"),
    # the actions first: a subject's key may hold a slash, so the case's own address
    # would take "…/assign/" as its requirement
    path("cases/<path:subject>/<str:requirement>/assign/", views.assign, name="assign"),
    path("cases/<path:subject>/<str:requirement>/notes/", views.note, name="note"),
    path("cases/<path:subject>/<str:requirement>/", views.case, name="case"),
]
