"""The public's forms: a complaint (no account; contact optional; a photo; an address
or a point), and looking a complaint up by its tracking code."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from sanitas.casework.evidence import PHOTO_LIMIT
from sanitas.kit.forms import UswdsForm
from sanitas.public import services

#: the honeypot's name: a field a person never sees and a robot fills
HONEYPOT = "website"


class ComplaintForm(UswdsForm):
    service_code = forms.ChoiceField(label=_("What is the complaint about?"))
    description = forms.CharField(
        label=_("What did you see?"),
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=services.DESCRIPTION_LIMIT,
        help_text=_("When and where, and what it looked or smelled like."),
    )
    address = forms.CharField(
        label=_("Address or nearest cross streets"),
        required=False,
        max_length=300,
        help_text=_("An address, or a point below, or both."),
    )
    # a number the complaint's service checks (in the city, both or neither)
    lat = forms.CharField(
        label=_("Latitude"),
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    long = forms.CharField(
        label=_("Longitude"),
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    photo = forms.FileField(
        label=_("A photo (optional)"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": "image/*"}),
    )
    name = forms.CharField(label=_("Your name (optional)"), required=False, max_length=200)
    email = forms.EmailField(
        label=_("Your e-mail address (optional)"),
        required=False,
        help_text=_("We write to you when the complaint is closed."),
    )
    phone = forms.CharField(
        label=_("Your telephone number (optional)"), required=False, max_length=40
    )
    website = forms.CharField(
        label=_("Leave this field empty"),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # in the page's language, asked when the form is made
        self.fields["photo"].help_text = _(
            "A JPEG, PNG, WebP or GIF picture of at most %(most)s MB."
        ) % {"most": PHOTO_LIMIT // 1024 // 1024}
        self.fields["service_code"].choices = [
            ("", _("Choose one")),
            *((kind.code, kind.name) for kind in services.services()),
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("address") and not (data.get("lat") and data.get("long")):
            self.add_error(
                "address", _("Say where: an address, or a point (latitude and longitude).")
            )
        return data


class TrackForm(UswdsForm):
    code = forms.CharField(
        label=_("Tracking code"),
        max_length=40,
        help_text=_("As the complaint's receipt gave it, e.g. ABCD-EFGH-JKMN-PQRT."),
    )


class CloseForm(UswdsForm):
    notes = forms.CharField(
        label=_("What the city found and did"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=services.DESCRIPTION_LIMIT,
        help_text=_("The complainants who left an e-mail address are sent these words."),
    )
