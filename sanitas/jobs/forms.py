"""The jobs' forms: the list's filters, starting a sweep, uploading an import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sanitas.intake.feeds import FEEDS
from sanitas.intake.imports import FACTS_SUFFIXES, MAX_FEED_BYTES
from sanitas.jobs.models import KINDS, STATES
from sanitas.jobs.selectors import may_import
from sanitas.kit.forms import UswdsForm

#: what ``sanitas import`` reads
SUFFIXES = (*sorted(FACTS_SUFFIXES), ".csv", ".xlsx")


class JobFilterForm(UswdsForm):
    kind = forms.ChoiceField(
        required=False, choices=[("", gettext_lazy("Any kind")), *KINDS], label=gettext_lazy("Kind")
    )
    state = forms.ChoiceField(
        required=False,
        choices=[("", gettext_lazy("Any state")), *STATES],
        label=gettext_lazy("State"),
    )
    mine = forms.BooleanField(required=False, label=gettext_lazy("Only jobs I started"))


class SweepForm(UswdsForm):
    full = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "Evaluate every subject group (a full sweep), not only those that changed"
        ),
    )


class ImportForm(UswdsForm):
    """A file ``sanitas import`` takes, and which feed it is. Staff of a program
    import their program's feeds; a facts file, or a feed no program owns, is a
    supervisor's to import."""

    file = forms.FileField(
        label=gettext_lazy("File"),
    )
    feed = forms.ChoiceField(required=False, label=gettext_lazy("Which feed it is"))
    accept_valid = forms.BooleanField(
        required=False,
        label=gettext_lazy("Store the good rows and keep the rejected ones in a file to download"),
    )
    why = forms.CharField(
        required=False,
        max_length=1000,
        label=gettext_lazy("Why (kept with every record)"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["file"].help_text = _(
            "A feed (CSV or XLSX) or a facts file (YAML or JSON), at most %(most)s MB."
        ) % {"most": MAX_FEED_BYTES // 2**20}
        allowed = [(name, feed.title) for name, feed in FEEDS.items() if may_import(user, name)]
        blank = (
            [("", _("Recognise it by its columns (or a facts file)"))]
            if may_import(user, "")
            else []
        )
        self.fields["feed"].choices = [*blank, *allowed]
        self.fields["feed"].required = not blank

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        suffix = Path(upload.name).suffix.lower()
        if suffix not in SUFFIXES:
            kinds = ", ".join(SUFFIXES)
            if suffix:
                raise forms.ValidationError(
                    _("%(file)s: a %(suffix)s is not a file Sanitas imports (%(kinds)s)")
                    % {"file": upload.name, "suffix": suffix, "kinds": kinds}
                )
            raise forms.ValidationError(
                _("%(file)s: a file without an extension is not a file Sanitas imports (%(kinds)s)")
                % {"file": upload.name, "kinds": kinds}
            )
        if upload.size > MAX_FEED_BYTES:
            raise forms.ValidationError(
                _("%(file)s: %(size)s MB is more than the %(most)s MB a file may hold")
                % {
                    "file": upload.name,
                    "size": f"{upload.size / 2**20:.0f}",
                    "most": MAX_FEED_BYTES // 2**20,
                }
            )
        return upload

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        upload, feed = cleaned.get("file"), cleaned.get("feed")
        if upload is not None and Path(upload.name).suffix.lower() in FACTS_SUFFIXES:
            if feed:
                self.add_error(
                    "feed", _("a facts file (YAML or JSON) is not a feed: leave it blank")
                )
            elif not may_import(self.user, ""):
                self.add_error(
                    "file",
                    _("a facts file names records of every program: a supervisor imports it"),
                )
        return cleaned
