"""The application's addresses and one that fails, for the 500 page's test."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from sanitas.urls import handler400, handler403, handler404, handler500, urlpatterns


def fails(request: HttpRequest) -> HttpResponse:
    return HttpResponse(str(1 / 0))


urlpatterns = [path("fails/", fails), *urlpatterns]
__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]
