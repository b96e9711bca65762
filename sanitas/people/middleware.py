"""A signed-in person's pages in the language of their account.

Django's ``LocaleMiddleware`` (before the authentication) chooses the language of a
request from the language cookie or the browser's ``Accept-Language``; this middleware
(after the authentication) puts the language the person chose on their own account
(:func:`sanitas.people.services.set_language`) in its place for every request of theirs.
A person who has chosen none keeps the browser's. The response says the language it is
in (``Content-Language``, set by ``LocaleMiddleware`` from the language active here).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from sanitas.people.services import account_language


class AccountLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = account_language(user)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
