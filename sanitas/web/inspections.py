"""Inspection scheduling: a permit's requests for the inspection of a stage of its work,
the inspector's day that lists them, and the result the inspector records.

A request is a record (``inspection_request``) made on the record form, opened from
the permit's page, at the counter or for the contractor's call; the form refuses a
stage the work is not ready for in the law's words
(:func:`sanitas.records.inspections.inspection_refusals`). The inspector's day lists
the requests asked for a day, by inspector and part of the day, to print or to take as
a calendar (.ics). The result (passed, failed, missed) changes the request, with the
record the law reads of it in the same write: the inspection of the work
(``work_inspection``) before backfill and at the final, the pressure test
(``pressure_test``) with its readings at the test. A failed or missed inspection is
asked for again by a new request, and the old one is kept with its result.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sanitas.access.doors import door, require
from sanitas.access.policy import About, allows
from sanitas.kit.dates import people_date_here
from sanitas.kit.said import reader_language
from sanitas.kit.titles import record_url, titles
from sanitas.ordinance.facts import FactsError
from sanitas.ordinance.messages import WORD_CONTEXT, field_words
from sanitas.ordinance.words import capital, words
from sanitas.records.inspections import NotAPermit, inspection_refusals
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import RecordError
from sanitas.records.sweep import evaluation_day
from sanitas.web import selectors, services

#: the program whose staff inspect the work under permits
PROGRAM = "sewer"
#: the parts of a day, in the order the day runs
WINDOWS = ("morning", "all_day", "afternoon")
#: the hours of each part of the day, for a calendar
_HOURS = {"morning": (8, 12), "afternoon": (13, 17), "all_day": (8, 17)}
#: the record the law reads of an inspection of each stage
STAGE_RECORD = {
    "before_backfill": "work_inspection",
    "pressure_test": "pressure_test",
    "final": "work_inspection",
}


def choice_words(value: str | None) -> str:
    """A value of the vocabulary's choices (a stage, a part of the day, a result) as the
    record form says it, in the reader's language."""
    if not value:
        return ""
    return capital(field_words(WORD_CONTEXT, words(value), reader_language()))


# --------------------------------------------------------------------------- the request form


def refuse_stage(form: Any, raw: dict[str, Any], *, editing: str) -> bool:
    """Add to ``form`` why the inspection its ``raw`` request asks for may not be asked
    for yet, beside the stage; True when refused. A change that keeps the request's
    permit and stage is not asked again (its result is being recorded)."""
    permit, stage = str(raw.get("permit") or ""), str(raw.get("stage") or "")
    if editing:
        stored = selectors.record_for_form(editing)
        if stored is not None and (stored[1].get("permit"), stored[1].get("stage")) == (
            permit,
            stage,
        ):
            return False
    try:
        on = date.fromisoformat(str(raw.get("requested_on")))
    except ValueError:
        return False  # the vocabulary names the bad date beside its field
    try:
        found = inspection_refusals(permit, stage, on=on)
    except NotAPermit:
        return False  # the vocabulary names a permit not on record beside its field
    if not found:
        return False
    named = titles([permit]).get(permit)
    language = reader_language()
    for reason in found:
        why = reason.words(language)
        if language == "es":  # after a colon, the clause goes on in small letters
            why = why[:1].lower() + why[1:]
        form.add_error(
            "stage",
            _("The %(stage)s inspection of %(permit)s cannot be asked for yet: %(why)s.")
            % {
                "stage": choice_words(stage).lower() if language == "en" else choice_words(stage),
                "permit": named.text if named else permit,
                "why": why,
            },
        )
    return True


def request_url(permit: str, **fields: str) -> str:
    """The record form of a new inspection request for ``permit``, opened from its page,
    asked on the worklist's day (and ``fields`` filled in: a stage, an inspector to ask
    again)."""
    query = {
        "near": permit,
        "permit": permit,
        "requested_on": evaluation_day().isoformat(),
        **{k: v for k, v in fields.items() if v},
    }
    return f"{reverse('web:record_new', args=['inspection_request'])}?{urlencode(query)}"


# --------------------------------------------------------------------------- a permit's requests


@dataclass(frozen=True)
class Request:
    """A request as a page shows it."""

    key: str
    permit: str
    permit_text: str
    permit_url: str
    address: str
    stage: str
    day: date
    window: str
    inspector: str
    called_by: str
    result: str
    requested_on: date

    @property
    def stage_words(self) -> str:
        return choice_words(self.stage)

    @property
    def window_words(self) -> str:
        return choice_words(self.window)

    @property
    def result_words(self) -> str:
        return choice_words(self.result)

    @property
    def day_words(self) -> str:
        return people_date_here(self.day)

    @property
    def open(self) -> bool:
        return not self.result

    @property
    def again(self) -> bool:
        """Failed or missed: the stage is asked for again by a new request."""
        return self.result in ("failed", "missed")


def _requests(rows: list[Any]) -> list[Request]:
    permits = {row.permit for row in rows}
    named = titles(permits)
    premises_of = dict(
        RECORD_MODELS["permit"].objects.filter(key__in=permits).values_list("key", "premises")
    )
    addresses = dict(
        RECORD_MODELS["premises"]
        .objects.filter(key__in={p for p in premises_of.values() if p})
        .values_list("key", "address")
    )
    out = []
    for row in rows:
        title = named.get(row.permit)
        out.append(
            Request(
                key=row.key,
                permit=row.permit,
                permit_text=title.text if title else row.permit,
                permit_url=record_url(row.permit, "permit"),
                address=addresses.get(premises_of.get(row.permit) or "", "") or "",
                stage=row.stage,
                day=row.day,
                window=row.window,
                inspector=row.inspector or "",
                called_by=row.called_by or "",
                result=row.result or "",
                requested_on=row.requested_on,
            )
        )
    return out


def _live():
    return RECORD_MODELS["inspection_request"].objects.filter(voided_at__isnull=True)


def permit_requests(permit: str) -> list[Request]:
    """The permit's inspection requests, the latest day first (the history of each
    stage kept: a failed or missed one stays beside the request that asked again)."""
    rows = list(_live().filter(permit=permit).order_by("-day", "-requested_on", "-pk"))
    return _requests(rows)


def day_requests(day: date) -> list[Request]:
    """The inspections asked for ``day``, by inspector (those not yet assigned last),
    then by the part of the day."""
    found = _requests(list(_live().filter(day=day)))
    return sorted(
        found,
        key=lambda r: (r.inspector == "", r.inspector.lower(), WINDOWS.index(r.window), r.key),
    )


# --------------------------------------------------------------------------- the inspector's day


def _styled(form: forms.Form) -> None:
    """The design system's look on each input."""
    for field in form.fields.values():
        widget = field.widget
        if isinstance(widget, forms.HiddenInput):
            continue
        if isinstance(widget, forms.RadioSelect):
            widget.attrs["class"] = "usa-radio__input"
            continue
        if isinstance(widget, forms.Textarea):
            widget.attrs["class"] = "usa-textarea"
        elif isinstance(widget, forms.Select):
            widget.attrs["class"] = "usa-select"
        else:
            widget.attrs["class"] = "usa-input"


class DayForm(forms.Form):
    day = forms.DateField(
        label=gettext_lazy("Day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )


def _day(request: HttpRequest) -> tuple[DayForm, date]:
    form = DayForm(request.GET or None)
    _styled(form)
    chosen = form.cleaned_data.get("day") if form.is_valid() else None
    return form, chosen or timezone.localdate()


@door
def inspection_day(request: HttpRequest) -> HttpResponse:
    """The inspections asked for a day (today unless another is chosen), by inspector,
    each with its permit, address, stage and part of the day; printable."""
    require(request.user, "inspections.make", About.program(PROGRAM))
    form, day = _day(request)
    found = day_requests(day)
    groups: list[tuple[str, list[Request]]] = []
    for item in found:
        if not groups or groups[-1][0] != item.inspector:
            groups.append((item.inspector, []))
        groups[-1][1].append(item)
    may_record = allows(request.user, "records.record", About.record("inspection_request"))
    return render(
        request,
        "staff/inspection_day.html",
        {
            "form": form,
            "day": day,
            "day_words": people_date_here(day),
            "previous": (day - timedelta(days=1)).isoformat(),
            "next_day": (day + timedelta(days=1)).isoformat(),
            "groups": groups,
            "count": len(found),
            "may_record": may_record,
            "nav": "inspections",
        },
    )


def _ics_text(text: str) -> str:
    return text.replace("\n", " ")


@door
def inspection_day_ics(request: HttpRequest) -> HttpResponse:
    """The inspector's day as a calendar file (.ics): an event for each inspection asked,
    in its part of the day, named by its stage and address."""
    import icalendar

    require(request.user, "inspections.make", About.program(PROGRAM))
    _form, day = _day(request)
    zone = timezone.get_current_timezone()
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//Sanitas//inspections//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", _("Inspections of %(day)s") % {"day": people_date_here(day)})
    stamp = timezone.now()
    for item in day_requests(day):
        start, end = _HOURS[item.window]
        event = icalendar.Event()
        event.add("uid", f"{item.key}@sanitas")
        event.add("dtstamp", stamp)
        event.add("dtstart", datetime.combine(day, time(start), tzinfo=zone))
        event.add("dtend", datetime.combine(day, time(end), tzinfo=zone))
        where = item.address or item.permit_text
        event.add("summary", _ics_text(f"{item.stage_words}: {where}"))
        event.add("location", _ics_text(where))
        lines = [item.permit_text, item.window_words]
        if item.inspector:
            lines.append(_("Inspector: %(name)s") % {"name": item.inspector})
        if item.called_by:
            lines.append(_("Called in by %(name)s") % {"name": item.called_by})
        event.add("description", _ics_text("; ".join(lines)))
        event.add("url", request.build_absolute_uri(item.permit_url))
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="inspections-{day.isoformat()}.ics"'
    return response


# --------------------------------------------------------------------------- the result


class ResultForm(forms.Form):
    """What the inspector found; at the pressure test, its readings."""

    token = forms.CharField(widget=forms.HiddenInput)
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    result = forms.ChoiceField(
        label=gettext_lazy("Result"),
        widget=forms.RadioSelect,
        choices=[
            ("passed", gettext_lazy("Passed")),
            ("failed", gettext_lazy("Failed")),
            ("missed", gettext_lazy("Missed: no access, or the work was not ready")),
        ],
    )
    on = forms.DateField(
        label=gettext_lazy("Day of the inspection"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    defects = forms.CharField(
        label=gettext_lazy("What the inspector found"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Required when the work failed: what is defective."),
    )
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind of test"),
        required=False,
        choices=[
            ("", gettext_lazy("— choose —")),
            ("standing", gettext_lazy("Standing water test")),
            ("air", gettext_lazy("Air test")),
        ],
    )
    psi = forms.FloatField(
        label=gettext_lazy("Pressure at the lower end (psi)"), required=False, min_value=0
    )
    head_in = forms.FloatField(
        label=gettext_lazy("Water standing above the upper end (inches)"),
        required=False,
        help_text=gettext_lazy("For a standing water test."),
    )
    leaked = forms.ChoiceField(
        label=gettext_lazy("Did any part leak?"),
        required=False,
        widget=forms.RadioSelect,
        choices=[("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No"))],
    )
    why = forms.CharField(
        label=gettext_lazy("Note for the record's history"),
        required=False,
        max_length=500,
    )

    def __init__(self, *args: Any, stage: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stage = stage
        if stage != "pressure_test":
            for name in ("kind", "psi", "head_in", "leaked"):
                del self.fields[name]
        _styled(self)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        result = data.get("result")
        if result == "failed" and self.stage != "pressure_test" and not data.get("defects"):
            self.add_error("defects", _("Say what was found defective."))
        if self.stage == "pressure_test" and result in ("passed", "failed"):
            for name in ("kind", "psi", "leaked"):
                if data.get(name) in (None, ""):
                    self.add_error(name, _("A test's result needs this reading."))
            if data.get("kind") == "standing" and data.get("head_in") is None:
                self.add_error("head_in", _("A standing water test needs this reading."))
            if result == "passed" and data.get("leaked") == "yes":
                self.add_error("leaked", _("A test in which a part leaked did not pass."))
            if result == "failed" and data.get("leaked") == "no" and not data.get("defects"):
                self.add_error("defects", _("Say why the test failed, since no part leaked."))
        return data


def result_facts(raw: dict[str, Any], data: dict[str, Any]) -> list[dict[str, Any]]:
    """The request with its result, and the record the law reads of it (none for a
    missed inspection)."""
    request = {**raw, "result": data["result"]}
    out = [request]
    if data["result"] == "missed":
        return out
    on = data["on"].isoformat()
    if raw["stage"] == "pressure_test":
        test: dict[str, Any] = {
            "type": "pressure_test",
            "permit": raw["permit"],
            "date": on,
            "kind": data["kind"],
            "psi_at_lower_terminus": data["psi"],
            "leaked": data["leaked"] == "yes",
        }
        if data.get("head_in") is not None:
            test["head_above_upper_terminus_in"] = data["head_in"]
        if data.get("defects"):
            test["notes"] = data["defects"]
        out.append(test)
    else:
        inspection: dict[str, Any] = {
            "type": "work_inspection",
            "permit": raw["permit"],
            "date": on,
            "result": "approved" if data["result"] == "passed" else "defective",
        }
        if data.get("defects"):
            inspection["defects"] = data["defects"]
        out.append(inspection)
    return out


@door
def inspection_result(request: HttpRequest, key: str) -> HttpResponse:
    """Record the result of the inspection asked by the request ``key``."""
    require(request.user, "records.record", About.record("inspection_request"))
    found = selectors.record_for_form(key)
    if found is None or found[0] != "inspection_request" or found[2].voided_at is not None:
        return render(request, "staff/not_found.html", {"key": key}, status=404)
    fact_type, raw, row = found
    require(request.user, "records.record", About.record(STAGE_RECORD[raw["stage"]]))
    item = _requests([row])[0]
    if request.method == "POST":
        form = ResultForm(request.POST, stage=raw["stage"])
        if form.is_valid() and item.result:
            form.add_error(
                None,
                _("The result of this inspection is recorded already (%(result)s).")
                % {"result": item.result_words},
            )
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.record_batch_from_form(
                    token=data["token"],
                    raw_facts=result_facts({**raw, "id": key}, data),
                    actor=request.user.get_username(),
                    why=data.get("why") or _("Inspection result recorded"),
                    versions_from={key: data.get("version") or ""},
                )
            except services.AlreadySubmitted:
                messages.info(request, _("This form was submitted already; it was stored once."))
                return redirect(item.permit_url)
            except services.StaleVersion:
                form.add_error(
                    None,
                    _("Someone changed this request meanwhile; open it again to see it."),
                )
            except (FactsError, RecordError) as exc:
                for problem in exc.problems:
                    form.add_error(None, str(problem))
            else:
                if data["result"] == "passed":
                    messages.success(
                        request,
                        _("The %(stage)s inspection of %(permit)s passed.")
                        % {"stage": item.stage_words, "permit": item.permit_text},
                    )
                else:
                    messages.success(
                        request,
                        _(
                            "The %(stage)s inspection of %(permit)s is recorded %(result)s; "
                            "ask for it again when the work is ready."
                        )
                        % {
                            "stage": item.stage_words,
                            "permit": item.permit_text,
                            "result": choice_words(data["result"]),
                        },
                    )
                return redirect(item.permit_url)
        status = 400
    else:
        form = ResultForm(
            initial={
                "token": secrets.token_urlsafe(16),
                "version": selectors.record_version(fact_type, key),
                "on": item.day,
            },
            stage=raw["stage"],
        )
        status = 200
    return render(
        request,
        "staff/inspection_result.html",
        {"form": form, "item": item, "nav": "inspections"},
        status=status,
    )
