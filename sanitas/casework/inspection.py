"""The inspection visits the ordinance implies, step by step: what each visit asks
the inspector (one form per step), which requirement IDs an inspector may mark
observed violated on it (read from the catalog's inspection findings, never listed
by hand), and what the answers amount to as facts of the vocabulary.

A visit's kinds and steps are data here, so that one set of views and templates
walks every kind; the facts are built from the answers alone (pure functions), and
the services record them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from sanitas.access.policy import About
from sanitas.kit.forms import UswdsForm
from sanitas.kit.numbers import PlainFloatField
from sanitas.ordinance.catalog import title
from sanitas.ordinance.general import observation_requirements, program_of

#: the answers' value for a question the inspector did not check
NOT_CHECKED = ""
YES_NO = [
    (NOT_CHECKED, gettext_lazy("Not checked")),
    ("yes", gettext_lazy("Yes")),
    ("no", gettext_lazy("No")),
]

# --------------------------------------------------------------------------- the forms


class StepForm(UswdsForm):
    """A step's form: each widget tied to its hint and its error for assistive
    technology, and its cleaned answers as JSON (dates as ISO text)."""

    def _describe(self) -> None:
        for name, field in self.fields.items():
            ids = []
            if field.help_text:
                ids.append(f"{self.auto_id % name}_hint")
            if self._errors is not None and name in self._errors:
                ids.append(f"{self.auto_id % name}_error")
                field.widget.attrs["aria-invalid"] = "true"
            if ids:
                field.widget.attrs["aria-describedby"] = " ".join(ids)
            elif "aria-describedby" in field.widget.attrs:
                del field.widget.attrs["aria-describedby"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._describe()

    def full_clean(self) -> None:
        super().full_clean()
        self._describe()

    def add_error(self, field: str | None, error: Any) -> None:
        super().add_error(field, error)
        self._describe()

    def answers(self) -> dict[str, Any]:
        out = {}
        for name, value in self.cleaned_data.items():
            if isinstance(value, datetime):
                value = value.replace(second=0, microsecond=0, tzinfo=None).isoformat(
                    timespec="minutes"
                )
            elif isinstance(value, date):
                value = value.isoformat()
            out[name] = value
        return out


class LocalDateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs=attrs, format="%Y-%m-%dT%H:%M")


def _when(label: str, *, required: bool = False, help_text: str = "") -> forms.DateTimeField:
    return forms.DateTimeField(
        label=label,
        required=required,
        help_text=help_text,
        widget=LocalDateTimeInput(),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )


def _yes_no(label: str, help_text: str = "") -> forms.ChoiceField:
    return forms.ChoiceField(label=label, choices=YES_NO, required=False, help_text=help_text)


def _inches(label: str, help_text: str = "") -> PlainFloatField:
    return PlainFloatField(
        label=label,
        required=False,
        min_value=0,
        max_value=1200,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": "0.1", "inputmode": "decimal"}),
    )


def percent_by_depth(*, floating: float, settled: float, total: float) -> float:
    """The share of the interceptor's liquid depth that FOG and solids fill: floating
    FOG plus settled solids over the total liquid depth, in percent (one decimal),
    as § 51.64(B) measures it "by depth"."""
    if total <= 0:
        raise ValueError("the total liquid depth must be more than zero")
    return round((floating + settled) / total * 100, 1)


class InterceptorForm(StepForm):
    """The FOG inspection's measurement of a grease interceptor."""

    device = forms.ChoiceField(label=gettext_lazy("Grease interceptor measured"), required=False)
    floating_fog_in = _inches(
        gettext_lazy("Floating FOG depth (inches)"), gettext_lazy("The layer of grease on top.")
    )
    settled_solids_in = _inches(
        gettext_lazy("Settled solids depth (inches)"), gettext_lazy("The layer at the bottom.")
    )
    total_depth_in = _inches(
        gettext_lazy("Total liquid depth (inches)"),
        gettext_lazy("From the water's surface to the interceptor's floor."),
    )
    percent_volume = PlainFloatField(
        label=gettext_lazy("FOG and solids by volume (percent), if measured"),
        required=False,
        min_value=0,
        max_value=100,
        widget=forms.NumberInput(attrs={"step": "0.1", "inputmode": "decimal"}),
    )

    def __init__(self, *args: Any, devices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["device"]
        field.choices = (
            devices
            if len(devices) == 1
            else [("", gettext_lazy("Choose the interceptor")), *devices]
        )
        field.required = len(devices) > 1
        if not devices:
            field.choices = [("", gettext_lazy("None on record"))]
        for name in ("floating_fog_in", "settled_solids_in", "total_depth_in"):
            self.fields[name].widget.attrs["data-fog-depth"] = name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        names = ("floating_fog_in", "settled_solids_in", "total_depth_in")
        depths = [cleaned.get(n) for n in names]
        given = [d is not None for d in depths]
        if any(given) and not all(given):
            for name, value in zip(names, depths, strict=True):
                if value is None:
                    self.add_error(name, _("Give all three depths, or none of them."))
            return cleaned
        if all(given):
            floating, settled, total = depths
            if total <= 0:
                self.add_error(
                    "total_depth_in", _("The total liquid depth must be more than zero.")
                )
            elif floating + settled > total:
                self.add_error(
                    "total_depth_in",
                    _(
                        "Floating FOG and settled solids together cannot be deeper than the "
                        "total liquid depth."
                    ),
                )
            else:
                cleaned["percent_depth"] = percent_by_depth(
                    floating=floating, settled=settled, total=total
                )
        return cleaned


class FogConditionForm(StepForm):
    """The rest of the FOG inspection: the interceptor's condition, the practices and
    records reviewed, and the conditions the rules judge (sanitary fixtures,
    additives, the monitoring facility)."""

    mechanical_condition = forms.ChoiceField(
        label=gettext_lazy("Mechanical condition of the interceptor"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not checked")),
            ("good", gettext_lazy("Good")),
            ("needs_repair", gettext_lazy("Needs repair (baffles, tees, lids or piping)")),
        ],
    )
    condition_notes = forms.CharField(
        label=gettext_lazy("What needs repair"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    bmps = forms.ChoiceField(
        label=gettext_lazy("Best management practices"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not checked")),
            ("followed", gettext_lazy("Posted and followed")),
            ("not_followed", gettext_lazy("Not posted or not followed")),
        ],
    )
    training_log = forms.ChoiceField(
        label=gettext_lazy("Employee training log"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not reviewed")),
            ("complete", gettext_lazy("Reviewed: complete and signed")),
            ("gaps", gettext_lazy("Reviewed: employees missing or unsigned")),
            ("missing", gettext_lazy("Not on site")),
        ],
    )
    last_pump_out = forms.ChoiceField(
        label=gettext_lazy("Last pump-out manifest"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not reviewed")),
            ("on_site", gettext_lazy("Reviewed: on site and complete")),
            ("incomplete", gettext_lazy("Reviewed: incomplete")),
            ("missing", gettext_lazy("Not on site")),
        ],
    )
    fog_discharge = _yes_no(gettext_lazy("FOG seen discharged to the sewer"))
    sanitary_fixtures_connected = _yes_no(
        gettext_lazy("Sanitary fixtures drain through the interceptor"),
        gettext_lazy("Toilets, urinals and the like."),
    )
    additives_used = _yes_no(
        gettext_lazy("FOG-reducing additives in use"), gettext_lazy("Bacteria, enzymes.")
    )
    emulsifiers_used = _yes_no(
        gettext_lazy("Emulsifiers introduced into the interceptor"),
        gettext_lazy("Chemicals or solvents beyond ordinary dishwashing."),
    )
    monitoring_facility = forms.ChoiceField(
        label=gettext_lazy("Monitoring facility (sampling port or manhole)"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not checked or not required")),
            ("accessible", gettext_lazy("Accessible")),
            ("inaccessible", gettext_lazy("Inaccessible")),
            ("unsafe", gettext_lazy("Unsafe")),
            ("missing", gettext_lazy("Missing")),
        ],
    )


class OrganicsForm(StepForm):
    """The SB 1383 compliance inspection and route review."""

    by_hauler = forms.BooleanField(
        label=gettext_lazy("A route review made by the franchised hauler"), required=False
    )
    containers = forms.ChoiceField(
        label=gettext_lazy("Collection containers"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not checked")),
            ("complete", gettext_lazy("Organics, recycling and trash containers present")),
            ("missing", gettext_lazy("A container is missing")),
        ],
    )
    contamination = _yes_no(
        gettext_lazy("Contamination in the containers"), gettext_lazy("Prohibited items seen.")
    )
    service_level = forms.ChoiceField(
        label=gettext_lazy("Service level"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not checked")),
            ("adequate", gettext_lazy("Adequate for what is generated")),
            ("overflowing", gettext_lazy("Too small: containers overflowing")),
        ],
    )
    signage = forms.ChoiceField(
        label=gettext_lazy("Container labels and signage"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not checked")),
            ("present", gettext_lazy("Present")),
            ("missing", gettext_lazy("Missing")),
        ],
    )
    residential_interior = forms.BooleanField(
        label=gettext_lazy("Entry sought to the interior of a private residence"),
        required=False,
        help_text=gettext_lazy(
            "The organics program may not enter it: a refusal there is no violation."
        ),
    )


class StorageForm(StepForm):
    """Solid waste storage: an accumulation and a set-out, each if observed."""

    accumulation_seen = forms.BooleanField(
        label=gettext_lazy("Solid waste accumulated"), required=False
    )
    accumulated_since = _when(
        gettext_lazy("Accumulated since"),
        help_text=gettext_lazy("Your best knowledge, e.g. from a neighbour's report."),
    )
    garbage = forms.BooleanField(
        label=gettext_lazy("It includes garbage (food waste)"), required=False
    )
    observed_at = _when(gettext_lazy("Observed at"))
    set_out_seen = forms.BooleanField(
        label=gettext_lazy("Containers set out for collection"), required=False
    )
    collection_day = forms.DateField(
        label=gettext_lazy("Collection day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    placed_at = _when(gettext_lazy("Set out at"))
    removed_at = _when(
        gettext_lazy("Taken back at"), help_text=gettext_lazy("Leave empty if still out.")
    )
    location = forms.ChoiceField(
        label=gettext_lazy("Where they stood"),
        required=False,
        choices=[
            (NOT_CHECKED, gettext_lazy("Not noted")),
            ("curb", gettext_lazy("Curb")),
            ("alley_line", gettext_lazy("Alley line")),
            ("parkway", gettext_lazy("Parkway")),
            ("rear", gettext_lazy("Rear of the lot")),
            ("side", gettext_lazy("Side of the lot")),
            ("sidewalk", gettext_lazy("On the sidewalk")),
        ],
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("accumulation_seen"):
            for name in ("accumulated_since", "observed_at"):
                if not cleaned.get(name):
                    self.add_error(name, _("Needed when an accumulation is recorded."))
            since, seen = cleaned.get("accumulated_since"), cleaned.get("observed_at")
            if since and seen and since > seen:
                self.add_error("accumulated_since", _("It cannot start after it was observed."))
        if cleaned.get("set_out_seen"):
            for name in ("collection_day", "placed_at"):
                if not cleaned.get(name):
                    self.add_error(name, _("Needed when a set-out is recorded."))
            placed, removed = cleaned.get("placed_at"), cleaned.get("removed_at")
            if placed and removed and removed < placed:
                self.add_error("removed_at", _("They cannot be taken back before being set out."))
        return cleaned


class PressureTestForm(StepForm):
    """The sewer work inspection's pressure test of a house-connection sewer."""

    permit = forms.ChoiceField(label=gettext_lazy("Permit the work is under"))
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind of test"),
        choices=[
            ("", gettext_lazy("Choose")),
            ("standing", gettext_lazy("Standing water")),
            ("air", gettext_lazy("Air")),
        ],
    )
    psi_at_lower_terminus = PlainFloatField(
        label=gettext_lazy("Pressure at the lower terminus (psi)"),
        min_value=0,
        max_value=1000,
        widget=forms.NumberInput(attrs={"step": "0.1", "inputmode": "decimal"}),
    )
    head_above_upper_terminus_in = PlainFloatField(
        label=gettext_lazy("Head above the upper terminus (inches)"),
        required=False,
        min_value=0,
        max_value=1200,
        widget=forms.NumberInput(attrs={"step": "0.1", "inputmode": "decimal"}),
    )
    leaked = forms.BooleanField(label=gettext_lazy("It leaked"), required=False)
    cement_joints_made_at = _when(
        gettext_lazy("Cement joints made at"), help_text=gettext_lazy("If any were made.")
    )
    at = _when(gettext_lazy("Tested at"))

    def __init__(self, *args: Any, permits: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = (
            permits if len(permits) == 1 else [("", gettext_lazy("Choose the permit")), *permits]
        )
        self.fields["permit"].choices = choices


class FindingsForm(StepForm):
    """What the inspector saw violated (the catalog's inspection findings of the
    visit's program), and whether access or records were refused."""

    violations = forms.MultipleChoiceField(
        label=gettext_lazy("Violations observed"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy(
            "Mark each requirement you saw violated. One not marked is recorded "
            "as found in order at this visit."
        ),
    )
    access_refused = forms.BooleanField(label=gettext_lazy("Access was refused"), required=False)
    records_refused = forms.BooleanField(label=gettext_lazy("Records were refused"), required=False)
    notes = forms.CharField(
        label=gettext_lazy("Notes"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, program: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["violations"].choices = [
            (ident, f"{title(ident)} ({ident})") for ident in observable(program)
        ]


class PhotoForm(StepForm):
    photo = forms.FileField(
        label=gettext_lazy("Photo"),
        help_text=gettext_lazy(
            "Take it with the camera, or choose a picture. JPEG, PNG, WebP or GIF, at most 15 MB."
        ),
        widget=forms.ClearableFileInput(
            attrs={"accept": "image/*", "capture": "environment", "class": "usa-file-input"}
        ),
    )
    caption = forms.CharField(label=gettext_lazy("Caption"), required=False, max_length=300)


class SignatureForm(StepForm):
    signer_name = forms.CharField(
        label=gettext_lazy("Name of the person on site"), required=False, max_length=200
    )
    drawing = forms.CharField(required=False, widget=forms.HiddenInput, max_length=3_000_000)
    refused = forms.BooleanField(label=gettext_lazy("They refused to sign"), required=False)
    note = forms.CharField(
        label=gettext_lazy("Note"),
        required=False,
        max_length=2000,
        help_text=gettext_lazy("Why they refused, or anything said on signing."),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not cleaned.get("refused") and not (cleaned.get("signer_name") or "").strip():
            self.add_error(
                "signer_name",
                _("Type the name of the person who signs, or note that they refused."),
            )
        return cleaned


class VoidPhotoForm(StepForm):
    why = forms.CharField(label=gettext_lazy("Why void this photo"), max_length=1000)


# --------------------------------------------------------------------------- the kinds


@dataclass(frozen=True)
class Step:
    slug: str
    title: str
    #: "form" (a StepForm of :data:`STEP_FORMS`), "photos", "signature" or "review"
    kind: str = "form"


PHOTOS = Step("photos", gettext_lazy("Photos"), "photos")
SIGNATURE = Step("signature", gettext_lazy("Signature"), "signature")
REVIEW = Step("review", gettext_lazy("Review and finish"), "review")
FINDINGS = Step("findings", gettext_lazy("Violations observed"))


@dataclass(frozen=True)
class VisitKind:
    slug: str
    title: str
    program: str
    #: the kinds of record such a visit may start from
    subject_types: tuple[str, ...]
    steps: tuple[Step, ...]

    @property
    def said(self) -> str:
        """The kind's title in the page's language (``title`` is the English that the
        records' reasons keep)."""
        return _(self.title)

    def step(self, slug: str) -> Step | None:
        return next((s for s in self.steps if s.slug == slug), None)

    def access_about(self) -> About:
        """Whose work a visit of this kind is: its program's (:mod:`sanitas.access`)."""
        return About.program(self.program)


VISIT_KINDS: dict[str, VisitKind] = {
    kind.slug: kind
    for kind in (
        VisitKind(
            "fog",
            gettext_noop("FOG inspection"),
            "fog",
            ("establishment",),
            (
                Step("interceptor", gettext_lazy("Interceptor")),
                Step("condition", gettext_lazy("Condition and records")),
                FINDINGS,
                PHOTOS,
                SIGNATURE,
                REVIEW,
            ),
        ),
        VisitKind(
            "organics",
            gettext_noop("SB 1383 compliance inspection and route review"),
            "organics",
            ("establishment", "premises"),
            (
                Step("containers", gettext_lazy("Containers and service")),
                FINDINGS,
                PHOTOS,
                SIGNATURE,
                REVIEW,
            ),
        ),
        VisitKind(
            "storage",
            gettext_noop("Storage, accumulation and set-out observations"),
            "solid_waste",
            ("establishment", "premises"),
            (
                Step("storage", gettext_lazy("Accumulation and set-out")),
                FINDINGS,
                PHOTOS,
                SIGNATURE,
                REVIEW,
            ),
        ),
        VisitKind(
            "sewer_work",
            gettext_noop("Sewer work inspection"),
            "sewer",
            ("premises", "permit"),
            (
                Step("pressure_test", gettext_lazy("Pressure test")),
                FINDINGS,
                PHOTOS,
                SIGNATURE,
                REVIEW,
            ),
        ),
    )
}

STEP_FORMS: dict[str, type[StepForm]] = {
    "interceptor": InterceptorForm,
    "condition": FogConditionForm,
    "containers": OrganicsForm,
    "storage": StorageForm,
    "pressure_test": PressureTestForm,
    "findings": FindingsForm,
}


def observable(program: str) -> list[str]:
    """The requirement IDs an inspector may mark observed violated on a visit for
    ``program``: the catalog's inspection findings of that program."""
    return [r.id for r in observation_requirements() if program_of(r.id) == program]


# --------------------------------------------------------------------------- answers → facts


@dataclass(frozen=True)
class Place:
    """What the facts of a visit attach to, as the records hold it: the subject
    visited, its establishment and premises, and the interceptors and permits there."""

    subject: str
    fact_type: str
    establishment: str = ""
    premises: str = ""
    interceptors: tuple[tuple[str, str], ...] = ()
    permits: tuple[tuple[str, str], ...] = ()


def _tri(value: str) -> bool | None:
    return {"yes": True, "no": False}.get(value or "")


_WORDS = {
    "mechanical_condition": (
        "Mechanical condition",
        {"good": "good", "needs_repair": "needs repair"},
    ),
    "bmps": (
        "Best management practices",
        {"followed": "posted and followed", "not_followed": "not posted or not followed"},
    ),
    "training_log": (
        "Training log",
        {
            "complete": "complete and signed",
            "gaps": "employees missing or unsigned",
            "missing": "not on site",
        },
    ),
    "last_pump_out": (
        "Last pump-out manifest",
        {"on_site": "on site and complete", "incomplete": "incomplete", "missing": "not on site"},
    ),
    "containers": ("Containers", {"complete": "all present", "missing": "one missing"}),
    "service_level": ("Service level", {"adequate": "adequate", "overflowing": "overflowing"}),
    "signage": ("Labels and signage", {"present": "present", "missing": "missing"}),
}


def _notes(answers: dict[str, dict[str, Any]], extra: str) -> str:
    """The answers no fact field holds, in words, for people (never evaluated)."""
    lines = []
    for step in answers.values():
        for name, (label, choices) in _WORDS.items():
            value = step.get(name)
            if value:
                lines.append(f"{label}: {choices.get(value, value)}.")
        if step.get("condition_notes"):
            lines.append(f"Repairs needed: {step['condition_notes']}")
    if extra:
        lines.append(extra)
    return " ".join(lines)


def visit_facts(
    *,
    kind: VisitKind,
    visit_id: int,
    day: date,
    place: Place,
    answers: dict[str, Any],
    inspector: str,
) -> list[dict[str, Any]]:
    """The raw facts a finished visit records, from its answers: always an
    ``inspection`` of the subject (its program, the violations marked, refusals,
    the inspector), and what the visit measured or observed — the FOG
    interceptor's percent and a ``fog_observation``, a ``pressure_test``, an
    ``accumulation`` or ``set_out``."""
    found = answers.get("findings", {})
    base_id = f"visit-{visit_id}"
    inspection: dict[str, Any] = {
        "type": "inspection",
        "id": base_id,
        "subject": place.subject,
        "date": day.isoformat(),
        "program": kind.program,
        "violations": list(found.get("violations") or []),
        "inspector": inspector,
    }
    for name in ("access_refused", "records_refused"):
        if found.get(name):
            inspection[name] = True
    facts: list[dict[str, Any]] = []
    if kind.slug == "fog":
        measured = answers.get("interceptor", {})
        percent = measured.get("percent_depth")
        volume = measured.get("percent_volume")
        device = measured.get("device") or ""
        reading: dict[str, Any] = {}
        if percent is not None:
            reading["fog_solids_percent_depth"] = percent
        if volume is not None:
            reading["fog_solids_percent_volume"] = volume
        if reading and device and len(place.interceptors) > 1:
            # several interceptors: the measurement is of the one measured
            facts.append(
                {
                    "type": "inspection",
                    "id": f"{base_id}-{device}",
                    "subject": device,
                    "date": day.isoformat(),
                    "program": "fog",
                    "inspector": inspector,
                    **reading,
                }
            )
        else:
            inspection.update(reading)
        condition = answers.get("condition", {})
        observed: dict[str, Any] = {}
        for name in (
            "fog_discharge",
            "sanitary_fixtures_connected",
            "additives_used",
            "emulsifiers_used",
        ):
            value = _tri(condition.get(name, ""))
            if value is not None:
                observed[name] = value
        if condition.get("monitoring_facility"):
            observed["monitoring_facility"] = condition["monitoring_facility"]
        if observed:
            fog_observation = {
                "type": "fog_observation",
                "id": f"{base_id}-observed",
                "establishment": place.establishment or place.subject,
                "date": day.isoformat(),
                **observed,
            }
            if device:
                fog_observation["device"] = device
            facts.append(fog_observation)
    elif kind.slug == "organics":
        seen = answers.get("containers", {})
        contamination = _tri(seen.get("contamination", ""))
        if contamination is not None:
            inspection["contamination"] = contamination
        for name in ("by_hauler", "residential_interior"):
            if seen.get(name):
                inspection[name] = True
    elif kind.slug == "storage":
        seen = answers.get("storage", {})
        if seen.get("accumulation_seen"):
            facts.append(
                {
                    "type": "accumulation",
                    "id": f"{base_id}-accumulation",
                    "premises": place.premises,
                    "since": seen["accumulated_since"],
                    "garbage": bool(seen.get("garbage")),
                    "observed_at": seen["observed_at"],
                }
            )
        if seen.get("set_out_seen"):
            set_out = {
                "type": "set_out",
                "id": f"{base_id}-set-out",
                "premises": place.premises,
                "collection_day": seen["collection_day"],
                "placed_at": seen["placed_at"],
            }
            if seen.get("removed_at"):
                set_out["removed_at"] = seen["removed_at"]
            if seen.get("location"):
                set_out["location"] = seen["location"]
            facts.append(set_out)
    elif kind.slug == "sewer_work":
        test = answers.get("pressure_test", {})
        if test:
            pressure = {
                "type": "pressure_test",
                "id": f"{base_id}-pressure-test",
                "permit": test["permit"],
                "date": day.isoformat(),
                "kind": test["kind"],
                "psi_at_lower_terminus": test["psi_at_lower_terminus"],
                "leaked": bool(test.get("leaked")),
            }
            for name in ("head_above_upper_terminus_in", "cement_joints_made_at", "at"):
                if test.get(name) not in (None, ""):
                    pressure[name] = test[name]
            facts.append(pressure)
            if place.fact_type != "permit":
                # the work inspected is the permit's: so is the inspection
                inspection["subject"] = test["permit"]
    notes = _notes(answers, found.get("notes", ""))
    if notes:
        inspection["notes"] = notes
    return [inspection, *facts]


def _percent(value: float) -> str:
    """A percent figure as the page's language writes it: 41.7, 41,7; 25, not 25.0."""
    return number_format(int(value) if float(value).is_integer() else value, use_l10n=True)


def answer_rows(
    kind: VisitKind, answers: dict[str, Any], place: Place | None
) -> list[tuple[str, list[tuple[str, str]]]]:
    """The answers of each step in words: (step title, [(question, answer)]), the
    questions and choices as the forms ask them; the FOG measurement with its
    percent."""
    out = []
    for step in kind.steps:
        if step.kind != "form" or step.slug not in answers:
            continue
        given = answers[step.slug]
        extra: dict[str, Any] = {}
        if step.slug == "interceptor":
            extra["devices"] = list(place.interceptors) if place else []
        elif step.slug == "pressure_test":
            extra["permits"] = list(place.permits) if place else []
        elif step.slug == "findings":
            extra["program"] = kind.program
        form = STEP_FORMS[step.slug](**extra)
        rows = []
        for name, field in form.fields.items():
            value = given.get(name)
            if value in (None, "", [], False) or isinstance(field.widget, forms.HiddenInput):
                continue
            choices = dict(getattr(field, "choices", None) or [])
            if isinstance(value, list):
                text = _("; ").join(str(choices.get(v, v)) for v in value)
            elif value is True:
                text = _("Yes")
            else:
                text = str(choices.get(value, value))
            rows.append((str(field.label), text))
        if given.get("percent_depth") is not None:
            rows.append(
                (
                    _("FOG and solids by depth"),
                    _("%(percent)s percent") % {"percent": _percent(given["percent_depth"])},
                )
            )
        out.append((str(step.title), rows))
    return out
