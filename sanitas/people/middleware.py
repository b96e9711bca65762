"""A signed-in person's pages in the language of their account.

Django's ``LocaleMiddleware`` (before the authentication) chooses the language of a
request from the language cookie or the browser's ``Accept-Language``; this middleware
(after the authentication) puts the language the person chose on their own account
(:func:`sanitas.people.services.set_language`) in its place for every request of theirs,
and puts it in the language cookie of the browser they use, so that the sign-in page
after they sign out is in it too. A person who has chosen none keeps the browser's. The
response says the language it is in (``Content-Language``, set by ``LocaleMiddleware``
from the language active here).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from sanitas.people.services import account_language


class AccountLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        language = ""
        if user is not None and user.is_authenticated:
            language = account_language(user)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = translation.get_language()
        response = self.get_response(request)
        if language and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language:
            remember_language(response, language)
        return response


def remember_language(response: HttpResponse, language: str) -> None:
    """The language cookie, for the pages of who is not signed in (the sign-in page
    after signing out, on this browser)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
