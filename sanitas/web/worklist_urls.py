"""The staff pages' addresses (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from sanitas.web import worklist as views

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
