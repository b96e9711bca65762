"""The Staff pages. Thin: a form reads the request, a service makes the change (and asks
the access policy again), the page redirects with a message; a change refused is shown
on the page again with each problem beside its field, and nothing stored. Who may open
each page: :data:`sanitas.access.doors.PAGES`.

The invitation's link opens Django's own password-reset page (its token, its form),
in the shell's style, for an active account only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.tokens import default_token_generator
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from sanitas.access.doors import door
from sanitas.people import selectors, services
from sanitas.people.forms import (
    AccountForm,
    DeactivateForm,
    InviteForm,
    LanguageForm,
    ReactivateForm,
    StaffFilterForm,
    StaffSetPasswordForm,
    VersionedForm,
    role_options,
)
from sanitas.people.middleware import remember_language

PER_PAGE = 50


def _site(request: HttpRequest) -> str:
    """The application's address as this request reached it (the invitation's links)."""
    return request.build_absolute_uri("/").rstrip("/")


def _row(request: HttpRequest, pk: int) -> selectors.StaffRow:
    row = selectors.person(request.user, pk)
    if row is None:
        raise Http404("no such staff account")
    return row


@door
def staff_list(request: HttpRequest) -> HttpResponse:
    """The staff accounts, filtered by role and by active or not."""
    form = StaffFilterForm(request.GET)
    rows = selectors.staff(request.user, **form.chosen())
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "people/list.html", {"nav": "people", "form": form, "page": page})


@door
def invite(request: HttpRequest) -> HttpResponse:
    """Invite a person: their account, with its roles, and an e-mail to set a password."""
    if request.method == "POST" and "again" in request.POST:
        return _invite_again(request, request.POST["again"])
    form = InviteForm(request.POST if request.method == "POST" else None)
    status = 200
    if form.is_bound:
        if form.is_valid():
            try:
                account = services.invite(
                    actor=request.user, site=_site(request), **form.cleaned_data
                )
            except services.PeopleError as exc:
                form.put(exc)
            else:
                messages.success(
                    request,
                    _(
                        "Invited %(name)s (%(username)s): an e-mail with a link to set a "
                        "password was sent to %(email)s."
                    )
                    % {
                        "name": account.get_full_name(),
                        "username": account.username,
                        "email": account.email,
                    },
                )
                return redirect("people:person", pk=account.pk)
        status = 400
    return render(
        request,
        "people/invite.html",
        {"nav": "people", "form": form, "role_options": role_options(form["roles"])},
        status=status,
    )


def _invite_again(request: HttpRequest, pk: str) -> HttpResponse:
    """The person page's "Send the invitation again" (it posts to the invitation)."""
    if not pk.isdigit():
        raise Http404("no such staff account")
    row = _row(request, int(pk))
    try:
        services.invite_again(actor=request.user, account_id=row.account.pk, site=_site(request))
    except services.PeopleError as exc:
        for problem in exc.problems:
            messages.error(request, problem[:1].upper() + problem[1:] + ".")
    else:
        messages.success(
            request,
            _("The invitation was sent again to %(email)s.") % {"email": row.account.email},
        )
    return redirect("people:person", pk=row.account.pk)


def _person_page(
    request: HttpRequest,
    row: selectors.StaffRow,
    *,
    account_form: AccountForm | None = None,
    deactivate_form: DeactivateForm | None = None,
    reactivate_form: ReactivateForm | None = None,
    status: int = 200,
) -> HttpResponse:
    account = row.account
    version = services.account_version(account)
    if account_form is None:
        account_form = AccountForm(
            initial={
                "first_name": account.first_name,
                "last_name": account.last_name,
                "email": account.email,
                "roles": list(row.groups),
                "version": version,
            }
        )
    return render(
        request,
        "people/person.html",
        {
            "nav": "people",
            "row": row,
            "person": account,
            "own": account.pk == request.user.pk,
            "account_form": account_form,
            "role_options": role_options(account_form["roles"]),
            "deactivate_form": deactivate_form or DeactivateForm(initial={"version": version}),
            "reactivate_form": reactivate_form or ReactivateForm(initial={"version": version}),
            "events": selectors.events(request.user, account),
        },
        status=status,
    )


@door
def person(request: HttpRequest, pk: int) -> HttpResponse:
    """One account: its details and roles, the forms that change it, and its events."""
    return _person_page(request, _row(request, pk))


@door
def roles(request: HttpRequest, pk: int) -> HttpResponse:
    """Change the account's roles, name and e-mail (a reason when the roles change)."""

    def said(row: selectors.StaffRow, events: list[Any]) -> tuple[int, str]:
        if not events:
            return messages.INFO, _("Nothing changed.")
        return messages.SUCCESS, _("Saved: %(changes)s.") % {
            "changes": ", ".join(str(e.get_action_display()) for e in events)
        }

    return _change(
        request,
        pk,
        AccountForm,
        "account_form",
        lambda **data: services.change_account(
            actor=request.user, account_id=pk, site=_site(request), **data
        ),
        said,
    )


@door
def deactivate(request: HttpRequest, pk: int) -> HttpResponse:
    """Deactivate the account (with a reason): it can no longer sign in."""
    return _change(
        request,
        pk,
        DeactivateForm,
        "deactivate_form",
        lambda **data: services.deactivate(actor=request.user, account_id=pk, **data),
        lambda row, _events: (
            messages.SUCCESS,
            _(
                "Deactivated %(name)s: the account can no longer sign in, and its API "
                "tokens no longer work."
            )
            % {"name": row.name},
        ),
    )


@door
def reactivate(request: HttpRequest, pk: int) -> HttpResponse:
    """Reactivate the account, with the roles it had."""
    return _change(
        request,
        pk,
        ReactivateForm,
        "reactivate_form",
        lambda **data: services.reactivate(actor=request.user, account_id=pk, **data),
        lambda row, _events: (messages.SUCCESS, _("Reactivated %(name)s.") % {"name": row.name}),
    )


def _change(
    request: HttpRequest,
    pk: int,
    form_class: type[VersionedForm],
    slot: str,
    change: Callable[..., Any],
    said: Callable[[selectors.StaffRow, Any], tuple[int, str]],
) -> HttpResponse:
    """One change from a person's page: the form read, the service's ``change`` made
    with what it holds, and the page again with a message; refused, the page again with
    each problem beside its field (400), or, when the account changed since the page was
    opened, with the other change shown and the form made from the account as it is
    now (409). Nothing is stored unless the change is made."""
    row = _row(request, pk)
    form = form_class(request.POST)
    status = 400
    if form.is_valid():
        try:
            result = change(**form.cleaned_data)
        except services.StaleAccount as exc:
            row, form, status = _row(request, pk), form.made_again(exc), 409
        except services.PeopleError as exc:
            form.put(exc)
        else:
            level, text = said(row, result)
            messages.add_message(request, level, text)
            return redirect("people:person", pk=pk)
    return _person_page(request, row, status=status, **{slot: form})


# --------------------------------------------------------------------------- passwords


class SetPasswordView(auth_views.PasswordResetConfirmView):
    """The invitation's link: Django's password-reset page and token, for an active
    account; the password is set by :func:`services.set_own_password`."""

    form_class = StaffSetPasswordForm
    template_name = "people/set_password.html"
    success_url = reverse_lazy("password_reset_complete")
    token_generator = default_token_generator

    def get_user(self, uidb64: str) -> Any:
        user = super().get_user(uidb64)
        return user if user is not None and user.is_active else None

    def form_valid(self, form: StaffSetPasswordForm) -> HttpResponse:
        services.set_own_password(account=self.user, password=form.cleaned_data["new_password1"])
        del self.request.session[auth_views.INTERNAL_RESET_SESSION_TOKEN]
        return HttpResponseRedirect(self.get_success_url())


set_password = door(SetPasswordView.as_view())
password_set = door(
    auth_views.PasswordResetCompleteView.as_view(template_name="people/password_set.html")
)


# --------------------------------------------------------------------------- one's own


def _back(request: HttpRequest, wanted: str) -> str:
    """``wanted`` when it is an address of this site, else the person's own page (or the
    sign-in page, for who is not signed in)."""
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return reverse("people:me" if request.user.is_authenticated else "login")


@door
def me(request: HttpRequest) -> HttpResponse:
    """The signed-in person's own account: who they are, their roles, and the language
    of their pages."""
    row = selectors.own(request.user)
    form = LanguageForm(initial={"language": translation.get_language()})
    return render(
        request,
        "people/me.html",
        {"nav": "", "row": row, "person": row.account, "language_form": form},
    )


@door
def language(request: HttpRequest) -> HttpResponse:
    """Choose the language of the pages: kept on a signed-in person's account (and in a
    cookie, for the sign-in page after they sign out); for who is not signed in, in the
    cookie alone. Then back to the page it was chosen on."""
    if request.method != "POST":
        form = LanguageForm(
            initial={"language": translation.get_language(), "next": request.GET.get("next", "")}
        )
        return render(request, "people/language.html", {"nav": "", "language_form": form})
    form = LanguageForm(request.POST)
    if form.is_valid():
        chosen = form.cleaned_data["language"]
        try:
            if request.user.is_authenticated:
                services.set_language(account=request.user, language=chosen)
        except services.PeopleError as exc:
            form.put(exc)
        else:
            translation.activate(chosen)
            request.LANGUAGE_CODE = translation.get_language()
            if request.user.is_authenticated:
                messages.success(
                    request,
                    _("Your pages are now in %(language)s.")
                    % {"language": services.language_names()[chosen]},
                )
            response = redirect(_back(request, form.cleaned_data["next"]))
            remember_language(response, chosen)
            return response
    return render(request, "people/language.html", {"nav": "", "language_form": form}, status=400)
