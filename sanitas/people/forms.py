"""The Staff pages' forms: they read what a supervisor typed; the services check it
against the accounts (a user name or e-mail already taken) and the guard rails, and the
view puts each problem beside its field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import SetPasswordForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from sanitas.access.roles import ROLES
from sanitas.kit.forms import UswdsForm, uswds_widgets
from sanitas.people import services
from sanitas.people.selectors import NO_ROLE, role_choices
from sanitas.people.services import PeopleError
from sanitas.people.words import role_does, role_title


class RolesField(forms.MultipleChoiceField):
    widget = forms.CheckboxSelectMultiple

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Roles"))
        kwargs.setdefault("error_messages", {"required": _("Choose at least one role.")})
        super().__init__(choices=role_choices, **kwargs)


def role_options(field: forms.BoundField) -> list[dict[str, Any]]:
    """The roles as the form's checkboxes show them: title, what the role is for, and
    whether it is ticked (as submitted, or as the account holds them)."""
    value = field.value() or []
    chosen = {str(v) for v in (value if isinstance(value, list | tuple) else [value])}
    return [
        {
            "value": group,
            "title": role_title(group, role.title),
            "does": role_does(group, role.does),
            "checked": group in chosen,
        }
        for group, role in ROLES.items()
    ]


class PeopleForm(UswdsForm):
    auto_id_format = "id_%s"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", self.auto_id_format)
        super().__init__(*args, **kwargs)

    def put(self, error: PeopleError) -> None:
        """The service's problems, each beside its field (the form's top: the account)."""
        for field, messages in error.errors.items():
            for message in messages:
                self.add_error(
                    field if field in self.fields else None, message[:1].upper() + message[1:] + "."
                )


class VersionedForm(PeopleForm):
    """A change to an account, made from the account as its page showed it: the
    page's version travels with the form (:func:`services.account_version`)."""

    version = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean_version(self) -> str | None:
        """None when the post names no version (nothing to compare it with)."""
        return self.cleaned_data["version"].strip() or None

    def made_again(self, error: services.StaleAccount) -> VersionedForm:
        """The same form, as the person filled it, made from the account's version now
        and showing what changed: saving it again applies it over the other change."""
        data = self.data.copy()
        data["version"] = error.version
        again = type(self)(data)
        again.is_valid()
        again.put(error)
        return again


def _role_filter_choices() -> list[tuple[str, str]]:
    return [("", _("Any role")), *role_choices(), (NO_ROLE, _("No role"))]


class StaffFilterForm(UswdsForm):
    role = forms.ChoiceField(required=False, label=_("Role"), choices=_role_filter_choices)
    active = forms.ChoiceField(
        required=False,
        label=_("Active or not"),
        choices=[("", _("Active and deactivated")), ("yes", _("Active")), ("no", _("Deactivated"))],
    )

    def chosen(self) -> dict[str, Any]:
        """The filters as the selector takes them (invalid ones left at their default)."""
        data = self.cleaned_data if self.is_valid() else {}
        active = {"yes": True, "no": False}.get(data.get("active") or "")
        return {"role": data.get("role") or "", "active": active}


class InviteForm(PeopleForm):
    first_name = forms.CharField(label=_("First name"), max_length=150)
    last_name = forms.CharField(label=_("Last name"), max_length=150)
    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        help_text=_("What they type to sign in: letters, digits and @ . + - _ only."),
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )
    email = forms.EmailField(
        label=_("E-mail"), max_length=254, help_text=_("The invitation is sent here.")
    )
    roles = RolesField()
    language = forms.ChoiceField(
        required=False,
        label=_("Their language"),
        choices=settings.LANGUAGES,
        help_text=_("The invitation is written in it, and their pages are shown in it."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"language": translation.get_language()})
        super().__init__(*args, **kwargs)

    def clean_language(self) -> str:
        """The language chosen; none chosen: the page's (the inviting person's)."""
        return self.cleaned_data["language"] or translation.get_language()


class AccountForm(VersionedForm):
    first_name = forms.CharField(label=_("First name"), max_length=150)
    last_name = forms.CharField(label=_("Last name"), max_length=150)
    email = forms.EmailField(label=_("E-mail"), max_length=254)
    roles = RolesField()
    why = forms.CharField(
        required=False,
        label=_("Why (required when the roles change)"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class DeactivateForm(VersionedForm):
    #: its own ids: the person's page has three forms with a reason
    auto_id_format = "deactivate_%s"

    why = forms.CharField(
        label=_("Why is the account deactivated?"), widget=forms.Textarea(attrs={"rows": 2})
    )


class ReactivateForm(VersionedForm):
    auto_id_format = "reactivate_%s"

    why = forms.CharField(
        required=False, label=_("Why (optional)"), widget=forms.Textarea(attrs={"rows": 2})
    )


class StaffSetPasswordForm(SetPasswordForm):
    """Django's form for a new password, with the shell's widget classes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password1"].label = _("Password")
        self.fields["new_password2"].label = _("The same password again")
        uswds_widgets(self)

    def full_clean(self) -> None:
        super().full_clean()
        uswds_widgets(self)


class LanguageForm(PeopleForm):
    """The language of one's own pages: the header's small form and the account page's.
    ``next`` is the page to go back to (an address of this site only)."""

    auto_id_format = "language_%s"

    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    next = forms.CharField(required=False, widget=forms.HiddenInput)
