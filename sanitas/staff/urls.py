"""The staff pages' addresses, and who may see each.

``PERMISSIONS`` maps every URL name of the staff pages (and the sign-in pages
they use) to who may see it; a test checks that every name is in it and that
each page enforces it.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from sanitas.staff import views
from sanitas.staff.views import PUBLIC, STAFF

app_name = "staff"

urlpatterns = [
    path("", views.worklist, name="worklist"),
    path("subjects/<path:key>/", views.subject, name="subject"),
]

#: sign-in and sign-out, included without a namespace (``LOGIN_URL = "login"``)
auth_urlpatterns = [
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="staff/login.html", redirect_authenticated_user=True
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(next_page="login"), name="logout"),
]

#: URL name → who may see it
PERMISSIONS: dict[str, str] = {
    "login": PUBLIC,
    "logout": PUBLIC,
    "staff:worklist": STAFF,
    "staff:subject": STAFF,
}
