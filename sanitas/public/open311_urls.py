"""Open311 GeoReport v2's addresses, under /open311/v2/ (who may open each:
:data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.public import open311

app_name = "open311"

urlpatterns = [
    path("discovery.<str:fmt>", open311.discovery, name="discovery"),
    path("services.<str:fmt>", open311.service_list, name="services"),
    path("services/<str:code>.<str:fmt>", open311.service_definition, name="service"),
    path("requests.<str:fmt>", open311.requests, name="requests"),
    path("requests/<str:code>.<str:fmt>", open311.one_request, name="request"),
]
