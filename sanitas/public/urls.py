"""The public's pages (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.public import views

app_name = "public"

urlpatterns = [
    path("complaints/", views.complain, name="complain"),
    path("complaints/track/", views.track, name="track"),
    # the staff's: a complaint reviewed and closed, and its photo
    path("complaints/<str:code>/review/", views.review, name="review"),
    path("complaints/<str:code>/photo/", views.photo, name="photo"),
]
