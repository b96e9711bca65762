"""The case forms: assign, write a note, and the worklist's bulk select."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sanitas.casework.selectors import assignable_users
from sanitas.casework.services import NOTE_LIMIT
from sanitas.kit.forms import UswdsForm


class AssigneeField(forms.ModelChoiceField):
    def label_from_instance(self, user: Any) -> str:
        full = user.get_full_name()
        return f"{full} ({user.get_username()})" if full else user.get_username()


def _assignee_field() -> AssigneeField:
    from django.contrib.auth import get_user_model

    users = get_user_model().objects.filter(pk__in=[u.pk for u in assignable_users()])
    return AssigneeField(
        queryset=users.order_by("username"),
        required=False,
        label=_("Assign to"),
        empty_label=_("Nobody (unassigned)"),
    )


def _version_field() -> forms.CharField:
    """The version of the case the page showed (sanitas.casework.services.case_version)."""
    return forms.CharField(
        widget=forms.HiddenInput,
        max_length=60,
        error_messages={
            "required": _(
                "This form does not say which version of the case it was opened "
                "from: open the case again."
            )
        },
    )


class AssignForm(UswdsForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["assignee"] = _assignee_field()
        self.fields["version"] = _version_field()
        from sanitas.kit.forms import uswds_widgets

        uswds_widgets(self)


class NoteForm(UswdsForm):
    text = forms.CharField(
        label=gettext_lazy("Note"), max_length=NOTE_LIMIT, widget=forms.Textarea(attrs={"rows": 4})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["version"] = _version_field()


class BulkForm(UswdsForm):
    """The worklist's selected lines: each ``obligation`` is ``subject|requirement``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["assignee"] = _assignee_field()
        from sanitas.kit.forms import uswds_widgets

        uswds_widgets(self)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        raw = self.data.getlist("obligation") if hasattr(self.data, "getlist") else []
        obligations = []
        for value in raw:
            subject, sep, requirement = value.rpartition("|")
            if not sep or not subject or not requirement:
                raise forms.ValidationError(
                    _("A selected line could not be read; select it again.")
                )
            obligations.append((subject, requirement))
        if not obligations:
            raise forms.ValidationError(_("Select at least one line of the worklist."))
        cleaned["obligations"] = obligations
        # who each line showed on the case ("subject|requirement|user name")
        shown: dict[tuple[str, str], str] = {}
        for value in self.data.getlist("shown") if hasattr(self.data, "getlist") else []:
            rest, sep, username = value.rpartition("|")
            subject, sep2, requirement = rest.rpartition("|")
            if sep and sep2 and subject and requirement:
                shown[(subject, requirement)] = username
        cleaned["shown"] = shown
        return cleaned


class StartVisitForm(UswdsForm):
    """Which visit, on which day."""

    kind = forms.ChoiceField(label=gettext_lazy("Kind of visit"), widget=forms.RadioSelect)
    visit_date = forms.DateField(
        label=gettext_lazy("Day of the visit"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=gettext_lazy("Today, unless you are recording a visit made earlier."),
    )

    def __init__(self, *args: Any, kinds: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # a kind's title is kept in English (sanitas.casework.inspection): said here
        self.fields["kind"].choices = [(slug, _(title)) for slug, title in kinds]
        if len(kinds) == 1:
            self.fields["kind"].initial = kinds[0][0]
