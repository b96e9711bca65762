from django.contrib import admin
from django.urls import include, path

from sanitas.api.api import api
from sanitas.staff.urls import auth_urlpatterns as staff_auth_urls

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("accounts/", include(staff_auth_urls)),
    path("", include("sanitas.staff.urls")),
    path("", include("sanitas.web.urls")),
    path("", include("sanitas.casework.urls")),
]
