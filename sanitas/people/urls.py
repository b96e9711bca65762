"""The Staff pages' addresses, and the invitation's set-password pages under
``/accounts/`` (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.people import views

app_name = "people"

urlpatterns = [
    path("staff/", views.staff_list, name="list"),
    path("staff/invite/", views.invite, name="invite"),
    path("staff/<int:pk>/", views.person, name="person"),
    path("staff/<int:pk>/account/", views.roles, name="roles"),
    path("staff/<int:pk>/deactivate/", views.deactivate, name="deactivate"),
    path("staff/<int:pk>/reactivate/", views.reactivate, name="reactivate"),
    # one's own account, and the language of the pages (the header's form posts here)
    path("account/", views.me, name="me"),
    path("language/", views.language, name="language"),
]

#: the invitation's link and the page after it, included under ``accounts/`` without a
#: namespace (Django's password-reset views reverse these names)
account_urlpatterns = [
    path(
        "set-password/<uidb64>/<token>/",
        views.set_password,
        name="password_reset_confirm",
    ),
    path("password-set/", views.password_set, name="password_reset_complete"),
]
