from django.contrib import admin
from django.urls import include, path

from sanitas.api.api import api
from sanitas.people.urls import account_urlpatterns as people_account_urls
from sanitas.web.worklist_urls import auth_urlpatterns as staff_auth_urls

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("accounts/", include(staff_auth_urls)),
    path("accounts/", include(people_account_urls)),
    path("notices/", include("sanitas.notices.urls")),
    path("", include("sanitas.web.worklist_urls")),
    path("", include("sanitas.web.urls")),
    path("", include("sanitas.casework.urls")),
    path("", include("sanitas.jobs.urls")),
    path("", include("sanitas.reports.urls")),
    path("", include("sanitas.people.urls")),
    # the public's complaint form and tracking page, and Open311 GeoReport v2
    path("", include("sanitas.public.urls")),
    path("open311/v2/", include("sanitas.public.open311_urls")),
]

# the application's own error pages (DEBUG is off unless SANITAS_DEBUG=1)
handler400 = "sanitas.operations.views.bad_request"
handler403 = "sanitas.operations.views.permission_denied"
handler404 = "sanitas.operations.views.page_not_found"
handler500 = "sanitas.operations.views.server_error"
