"""A form for every fact type, built from the vocabulary itself.

One builder serves every type (the way NetBox's generic object views serve every
model from its metadata): each field of the type's pydantic model becomes a form
field — its label the field's name in words, its help text the field's
description, a date a USWDS date picker, a yes/no a pair of radios with "not
recorded", an enumeration a select (a list of one a set of checkboxes), a
reference a search-as-you-type picker limited to the types the vocabulary
accepts there. The annotations are read with the records' own ``unwrap``, so the
form, the table and the engine never disagree about a field.

Labels, help texts and choices are drawn in the request's language when the form is
rendered (lazily): the vocabulary's words from the engine's catalogs (msgctxt
``field``, ``help`` and ``word``, :mod:`sanitas.ordinance.field_texts`), requirements
by their reviewed titles, programs by their titles, the form's own words from the
pages' catalog; English is the vocabulary's words as they have always read.

The form only turns what was typed into a facts-file mapping (:meth:`RecordForm.raw`);
the vocabulary validates it, through the services, and :meth:`RecordForm.show_problems`
puts each of their problems beside the field it names.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Any, Literal, get_args, get_origin

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from sanitas.access.roles import program_key
from sanitas.kit.forms import uswds_widgets
from sanitas.kit.numbers import PlainDecimalField, PlainFloatField, PlainIntegerField
from sanitas.kit.requirement_titles import translated
from sanitas.kit.said import reader_language
from sanitas.kit.titles import Title, program_title, titles
from sanitas.ordinance import naming
from sanitas.ordinance.bounds import (
    ID_MAX,
    LONG_TEXT_FIELDS,
    LONG_TEXT_MAX,
    TEXT_MAX,
    key_problem,
)
from sanitas.ordinance.catalog import catalog
from sanitas.ordinance.facts import Fact, vocabulary
from sanitas.ordinance.field_texts import about_of, label_of
from sanitas.ordinance.messages import FIELD_CONTEXT, HELP_CONTEXT, WORD_CONTEXT, field_words
from sanitas.ordinance.words import capital, words
from sanitas.records.models import CUSTOM_KINDS, unwrap
from sanitas.web import selectors
from sanitas.web.words import program_words

#: what a person types for yes, no and nothing recorded
YES, NO, UNKNOWN = "yes", "no", ""
#: formats a date is accepted in: the date picker's own, and the US way of writing one
DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y")
DATETIME_FORMATS = ("%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M")
#: how many records of a type near the page a reference is offered as a plain list
NEAR_CHOICES = 60

# the kinds of field, as the template draws them
TEXT, LONG, NUMBER, DATE, DATETIME, YESNO, CHOICE, CHECKS, REF, REFS, LINES, JSON = (
    "text",
    "long",
    "number",
    "date",
    "datetime",
    "yesno",
    "choice",
    "checks",
    "ref",
    "refs",
    "lines",
    "json",
)


def _said(context: str, english: str, capitalized: bool = False) -> str:
    """A label, help text or choice word of the vocabulary in the active language (the
    engine's catalogs: :func:`sanitas.ordinance.messages.field_words`)."""
    text = field_words(context, english, reader_language())
    return capital(text) if capitalized else text


#: :func:`_said` when the form is drawn, so that each request reads its own language
_in_language = lazy(_said, str)


def _hint_now(text: str, more: str) -> str:
    text, more = str(text), str(more)
    return f"{text} {more}" if text else more


#: a field's help text and a hint after it ("… mm/dd/yyyy"), joined when drawn
_hint = lazy(_hint_now, str)


def _fields_hint(fields: str) -> str:
    return _("As a JSON list, one mapping per item with the fields %(fields)s.") % {
        "fields": fields
    }


_fields_hint_lazy = lazy(_fields_hint, str)


def _bounds(info: FieldInfo) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for meta in info.metadata:
        for attr, key in (("ge", "min_value"), ("gt", "min_value"), ("le", "max_value")):
            value = getattr(meta, attr, None)
            if value is not None:
                out[key] = value
    return out


def _literal_choices(annotation: Any) -> list[tuple[str, str]]:
    return [(str(v), _in_language(WORD_CONTEXT, words(v), True)) for v in get_args(annotation)]


def _requirement_said(ident: str, english: str) -> str:
    """A requirement offered by its title in the active language, and its ID."""
    language = reader_language()
    return f"{translated(ident, english, language) if language != 'en' else english} ({ident})"


def _program_said(program: str) -> str:
    """A program by its one title, in the active language."""
    return program_words(program_key(program), program_title(program))


_requirement_lazy = lazy(_requirement_said, str)
_program_lazy = lazy(_program_said, str)


@cache
def _requirement_choices() -> tuple[tuple[str, str], ...]:
    """Every requirement of the catalog, titled (read once: the catalog is the
    package's own file)."""
    from sanitas.ordinance.catalog import titles

    named = titles()
    return tuple(
        (ident, _requirement_lazy(ident, named.get(ident) or requirement.cite))
        for ident, requirement in sorted(catalog().items())
    )


def _custom_of(info: FieldInfo, annotation: Any) -> str | None:
    _base, _nullable, custom = unwrap(annotation)
    for meta in info.metadata:
        func = getattr(meta, "func", None)
        if func in CUSTOM_KINDS:
            custom = CUSTOM_KINDS[func]
    return custom


class PickerInput(forms.TextInput):
    """A reference typed or picked: the key (or a name or address the form resolves),
    with what ``web.js`` needs to offer matching records as the person types."""

    template_name = "web/_picker_input.html"

    def __init__(self, *, types: tuple[str, ...], near: str, many: bool = False) -> None:
        super().__init__(attrs={"autocomplete": "off", "spellcheck": "false"})
        self.types, self.near, self.many = types, near, many

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        chosen = None
        if value and not self.many:
            chosen = titles([str(value)]).get(str(value))
        context["widget"].update(
            types=",".join(self.types), near=self.near, many=self.many, chosen=chosen
        )
        return context


class PickerTextarea(PickerInput):
    """Several references, one a line (the picker adds a line per pick)."""

    template_name = "web/_picker_textarea.html"


def _field_for(
    fact_model: type[Fact], name: str, info: FieldInfo, *, near: str, near_keys: dict
) -> forms.Field:
    """The form field of one field of the vocabulary (see the module docstring)."""
    annotation, _nullable, custom = unwrap(info.annotation)
    custom = _custom_of(info, info.annotation) or custom
    required = info.is_required()
    label = label_of(name, numeric=annotation in (int, float) or custom == "money")
    described = info.description or ""
    common: dict[str, Any] = {
        "required": required,
        "label": _in_language(FIELD_CONTEXT, label),
        "help_text": _in_language(HELP_CONTEXT, described) if described else "",
    }
    kind = TEXT
    field: forms.Field
    if name in fact_model.references:
        types = fact_model.references[name]
        offered = near_keys.get(types)
        if offered:
            choices = [("", gettext_lazy("— choose —"))] if not required or len(offered) > 1 else []
            field = forms.ChoiceField(
                choices=[*choices, *((t.key, t.text) for t in offered)],
                **common,
            )
            field.kind, field.types = CHOICE, types
            field.reference = True
            return field
        field = forms.CharField(
            max_length=ID_MAX, widget=PickerInput(types=types, near=near), **common
        )
        field.kind, field.types, field.reference = REF, types, True
        return field
    if name in fact_model.list_references:
        types = fact_model.list_references[name]
        offered = near_keys.get(types)
        if offered:
            field = forms.MultipleChoiceField(
                choices=[(t.key, t.text) for t in offered],
                widget=forms.CheckboxSelectMultiple,
                **{**common, "required": False},
            )
            field.kind, field.types, field.reference = CHECKS, types, True
            return field
        field = forms.CharField(
            max_length=LONG_TEXT_MAX,
            widget=PickerTextarea(types=types, near=near, many=True),
            **{**common, "required": False},
        )
        field.kind, field.types, field.reference = REFS, types, True
        return field
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        item_base, _n, item_custom = unwrap(item)
        if get_origin(item_base) is Literal:
            field = forms.MultipleChoiceField(
                choices=_literal_choices(item_base),
                widget=forms.CheckboxSelectMultiple,
                **{**common, "required": False},
            )
            kind = CHECKS
        elif item_custom == "requirement":
            field = forms.MultipleChoiceField(
                choices=_requirement_choices(),
                widget=forms.SelectMultiple(attrs={"size": 8}),
                **{**common, "required": False},
            )
            kind = CHOICE
        elif isinstance(item_base, type) and issubclass(item_base, BaseModel):
            field = forms.CharField(
                widget=forms.Textarea(attrs={"rows": 6}),
                **{
                    **common,
                    "help_text": _hint(
                        common["help_text"],
                        _fields_hint_lazy(
                            ", ".join((f.alias or n) for n, f in item_base.model_fields.items())
                        ),
                    ),
                },
            )
            kind = JSON
        else:
            field = forms.CharField(
                widget=forms.Textarea(attrs={"rows": 3}),
                **{
                    **common,
                    "required": False,
                    "help_text": _hint(common["help_text"], gettext_lazy("One a line.")),
                },
            )
            kind = LINES
    elif custom == "date" or annotation is date:
        field = forms.DateField(
            input_formats=DATE_FORMATS,
            error_messages={
                "invalid": gettext_lazy("Enter a date as mm/dd/yyyy, for example 02/28/2025.")
            },
            **{**common, "help_text": _hint(common["help_text"], gettext_lazy("mm/dd/yyyy"))},
        )
        kind = DATE
    elif custom == "datetime" or annotation is datetime:
        field = forms.DateTimeField(
            input_formats=DATETIME_FORMATS,
            widget=forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format=DATETIME_FORMATS[0]
            ),
            error_messages={
                "invalid": gettext_lazy("Enter a date and a time of day, e.g. 2025-02-28 09:30.")
            },
            **common,
        )
        kind = DATETIME
    elif custom == "money" or annotation is Decimal:
        field = PlainDecimalField(max_digits=14, decimal_places=2, **common)
        field.widget.attrs["inputmode"] = "decimal"
        kind = NUMBER
    elif custom == "requirement":
        field = forms.ChoiceField(
            choices=[("", gettext_lazy("— choose —")), *_requirement_choices()], **common
        )
        kind = CHOICE
    elif custom == "period":
        field = forms.CharField(max_length=7, **common)
        field.widget.attrs["placeholder"] = gettext_lazy("2025 or 2025-Q1")
        kind = TEXT
    elif get_origin(annotation) is Literal:
        choices = _literal_choices(annotation)
        if name == "program":  # a program by its one title, as every page names it
            choices = [(value, _program_lazy(value)) for value, _words in choices]
        default = info.get_default() if not required else None
        if not required and default is None:
            choices = [("", gettext_lazy("Not recorded")), *choices]
        elif required:
            choices = [("", gettext_lazy("— choose —")), *choices]
        field = forms.ChoiceField(choices=choices, initial=default, **common)
        kind = CHOICE
    elif annotation is bool:
        choices = [(YES, gettext_lazy("Yes")), (NO, gettext_lazy("No"))]
        if not required:
            choices.append((UNKNOWN, gettext_lazy("Not recorded")))
        field = forms.ChoiceField(
            choices=choices,
            widget=forms.RadioSelect,
            initial=None if required else UNKNOWN,
            **{**common, "required": required},
        )
        kind = YESNO
    elif annotation is int:
        field = PlainIntegerField(**common, **_bounds(info))
        kind = NUMBER
    elif annotation is float:
        field = PlainFloatField(**common, **_bounds(info))
        field.widget.attrs["step"] = "any"
        kind = NUMBER
    elif annotation is str:
        long = name in LONG_TEXT_FIELDS
        field = forms.CharField(
            max_length=LONG_TEXT_MAX if long else TEXT_MAX,
            widget=forms.Textarea(attrs={"rows": 3}) if long else forms.TextInput,
            **common,
        )
        kind = LONG if long else TEXT
    else:
        field = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), **common)
        field.help_text = _hint(field.help_text, gettext_lazy("As JSON."))
        kind = JSON
    field.kind = kind
    field.reference = False
    return field


class RecordForm(forms.Form):
    """The base of every generated form: the fact's fields, then the reason, and a
    one-time token so that a double click stores one record."""

    fact_type: str = ""
    fact_model: type[Fact]
    #: field name → kind (see the kinds above)
    kinds: dict[str, str]

    token = forms.CharField(widget=forms.HiddenInput, max_length=64)
    #: the version of the record a change form was opened at (see sanitas.records.versions)
    version = forms.CharField(
        widget=forms.HiddenInput,
        max_length=100,
        required=False,
        error_messages={
            "required": gettext_lazy(
                "This form does not say which version of the record it was opened "
                "from: open the record's Change page again."
            )
        },
    )

    def __init__(
        self,
        *args: Any,
        user: Any = None,
        editing: str = "",
        why_required: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.user, self.editing = user, editing
        self.fields["version"].required = bool(editing)
        self.fields["why"] = forms.CharField(
            required=why_required,
            max_length=LONG_TEXT_MAX,
            label=_("Reason for the change") if why_required else _("Reason (optional)"),
            help_text=_("Kept with this version of the record, in its history."),
            widget=forms.Textarea(attrs={"rows": 2}),
        )
        if editing and "id" in self.fields:
            self.fields["id"].disabled = True
            self.fields["id"].help_text = _(
                "The record's key: it stays the same for every version."
            )
        self._style()

    def full_clean(self) -> None:
        super().full_clean()
        self._style()

    def _style(self) -> None:
        """USWDS classes, and each field described by its help text (and its error)."""
        uswds_widgets(self)
        for name, field in self.fields.items():
            widget = field.widget
            if isinstance(widget, forms.HiddenInput):
                continue
            if isinstance(widget, forms.CheckboxSelectMultiple):
                widget.attrs["class"] = "usa-checkbox__input"
            elif isinstance(widget, forms.RadioSelect):
                widget.attrs["class"] = "usa-radio__input"
            if field.help_text and not isinstance(widget, forms.RadioSelect):
                hint = f"{self.auto_id % name}_hint"
                described = widget.attrs.get("aria-describedby", "")
                if hint not in described.split():
                    widget.attrs["aria-describedby"] = f"{described} {hint}".strip()

    # ----------------------------------------------------------------- references

    def _resolve(self, name: str, text: str) -> str:
        """A reference as typed: a key of an accepted type, else the one record a
        name or address names; several or none is the person's to settle."""
        types = self.fields[name].types
        text = text.strip()
        language = reader_language()
        kinds = [naming.kind_word(t).render(language) for t in types]
        what = _(" or ").join(kinds) if types else _("record")
        exact = titles([text]).get(text)
        if exact is not None:
            if types and exact.fact_type not in types:
                raise forms.ValidationError(
                    _("“%(text)s” is a %(kind)s (%(title)s); this field takes a %(what)s.")
                    % {"text": text, "kind": exact.kind, "title": exact.text, "what": what}
                )
            if exact.voided:
                raise forms.ValidationError(
                    _("“%(title)s” (%(key)s) is void.") % {"title": exact.text, "key": text}
                )
            return text
        # what the words name themselves (a business by its name), else what those own
        choices = selectors.pick(self.user, query=text, types=types, owned=False)
        if len(choices) != 1:
            choices = selectors.pick(self.user, query=text, types=types)
        if len(choices) == 1:
            return choices[0].key
        if not choices:
            raise forms.ValidationError(
                _("No %(what)s matches “%(text)s”: type a name, an address or a key.")
                % {"what": what, "text": text}
            )
        shown = _("; ").join(f"{c.text} ({c.key})" for c in choices[:5])
        raise forms.ValidationError(
            _("Several records match “%(text)s”: %(shown)s. Type the key shown in brackets.")
            % {"text": text, "shown": shown}
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        key = data.get("id")
        if key and not self.editing:
            taken = titles([key]).get(key)
            if taken is not None:
                self.add_error(
                    "id",
                    _("The key “%(key)s” is taken by %(kind)s “%(title)s”: choose another.")
                    % {"key": key, "kind": taken.kind, "title": taken.text},
                )
        for name, kind in self.kinds.items():
            value = data.get(name)
            if kind == REF and value:
                try:
                    data[name] = self._resolve(name, value)
                except forms.ValidationError as exc:
                    self.add_error(name, exc)
            elif kind == REFS:
                keys = []
                for line in (value or "").splitlines():
                    if line.strip():
                        try:
                            keys.append(self._resolve(name, line))
                        except forms.ValidationError as exc:
                            self.add_error(name, exc)
                data[name] = keys
            elif kind == JSON and value:
                try:
                    data[name] = json.loads(value)
                except ValueError as exc:
                    self.add_error(name, _("This is not JSON: %(why)s.") % {"why": exc})
        return data

    # ----------------------------------------------------------------- to and from the facts

    def raw(self) -> dict[str, Any]:
        """The fact as a facts-file mapping, from the cleaned data; fields left
        empty are absent (the vocabulary's defaults apply)."""
        out: dict[str, Any] = {"type": self.fact_type}
        if self.editing:
            out["id"] = self.editing
        for name, kind in self.kinds.items():
            if name == "id" and self.editing:
                continue
            value = self.cleaned_data.get(name)
            if value in (None, "", []):
                continue
            if kind == YESNO:
                value = value == YES
            elif kind == DATE:
                value = value.isoformat()
            elif kind == DATETIME:
                value = value.strftime("%Y-%m-%dT%H:%M")
            elif isinstance(value, Decimal):
                value = str(value)
            elif kind == LINES:
                value = [line.strip() for line in value.splitlines() if line.strip()]
                if not value:
                    continue
            elif kind in (CHECKS, CHOICE) and isinstance(value, list):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def initial_from(cls, fact: dict[str, Any]) -> dict[str, Any]:
        """A stored record (its facts-file mapping) as the form's initial values."""
        initial: dict[str, Any] = {}
        for name, kind in cls.kinds.items():
            if name not in fact:
                continue
            value = fact[name]
            if kind == YESNO:
                value = YES if value else NO
            elif kind in (REFS, LINES):
                value = "\n".join(str(v) for v in value)
            elif kind == JSON:
                value = json.dumps(value, indent=1, default=str)
            initial[name] = value
        return initial

    def show_problems(self, problems: list[str]) -> None:
        """Put each of the services' problems beside the field it names, in plain
        words; a problem that names no field of the form goes in the summary."""
        for problem in problems:
            name, message = problem_field(problem)
            top = name.split(".")[0].split("[")[0] if name else ""
            if top in self.fields and top != "token":
                self.add_error(top, capital(message))
            else:
                self.add_error(None, capital(message))

    def error_summary(self) -> list[tuple[str, str, str]]:
        """(field id, label, message) of every error, for the summary at the top."""
        out = []
        for name, errors in self.errors.items():
            if name == "__all__" or self.fields[name].widget.is_hidden:
                out.extend(("", "", str(e)) for e in errors)
                continue
            field = self[name]
            out.extend((field.auto_id, field.label, str(e)) for e in errors)
        return out


_LABEL = re.compile(r"^fact \d+(?: \((?:[^()]|\([^)]*\))*\))?: ")
_RECORD = re.compile(r"^[a-z_]+ \S+: ")


def problem_field(problem: str) -> tuple[str, str]:
    """(field path, message) of one of the services' problems: "fact 1 (pump_out):
    date: expected a date…" → ("date", "expected a date…"); a problem that names no
    field gives ("", the problem without its record)."""
    text = _LABEL.sub("", problem, count=1)
    if text == problem:
        # a RecordError: "pump_out key: the key is already…"
        stripped = _RECORD.sub("", problem, count=1)
        return ("id" if "key" in stripped else "", stripped)
    path, sep, message = text.partition(": ")
    if not sep or path == "(fact)" or " " in path:
        return "", message if sep and path == "(fact)" else text
    return path, message


_FORMS: dict[str, type[RecordForm]] = {}


def form_class(fact_type: str, *, near: str = "", user: Any = None) -> type[RecordForm]:
    """The form of ``fact_type`` (a KeyError for a type the vocabulary lacks). With
    ``near`` (the key of the page the form was opened from), references to records
    of that page's subject group are offered as a list to choose from."""
    fact_model = vocabulary()[fact_type]
    near_keys = selectors.near_records(near) if near else {}
    offered: dict[tuple[str, ...], list[Title]] = {}
    for types in {*fact_model.references.values(), *fact_model.list_references.values()}:
        if not types:
            continue
        found = [t for t in near_keys.values() if t.fact_type in types and not t.voided]
        if 0 < len(found) <= NEAR_CHOICES:
            offered[types] = sorted(found, key=lambda t: (t.text.lower(), t.key))
    attrs: dict[str, Any] = {"fact_type": fact_type, "fact_model": fact_model, "kinds": {}}
    for name, info in fact_model.model_fields.items():
        if name == "type" or (name == "id" and not info.is_required()):
            continue
        if name == "id":
            field = forms.CharField(
                max_length=ID_MAX,
                label=gettext_lazy("Key"),
                help_text=gettext_lazy(
                    "A short unique name for this record, e.g. jade-garden-gi-2; other "
                    "records refer to it by it. Letters, digits and - _ . : ~ / only."
                ),
                validators=[_a_key],
            )
            field.kind, field.reference = TEXT, False
        else:
            field = _field_for(fact_model, name, info, near=near, near_keys=offered)
        attrs[name] = field
        attrs["kinds"][name] = field.kind
    # notes last, after the fields of the type
    if "notes" in attrs:
        attrs["notes"] = attrs.pop("notes")
        attrs["kinds"]["notes"] = attrs["kinds"].pop("notes")
    return type(f"{_camel(fact_type)}Form", (RecordForm,), attrs)


def type_said(fact_type: str) -> str:
    """What the form of ``fact_type`` records ("pump-out"), in the active language."""
    return naming.kind_word(fact_type).render(reader_language())


def about_said(fact_type: str) -> str:
    """What ``fact_type`` is, as its form says above the fields, in the active language
    (the type's description in the engine's catalogs)."""
    return field_words(HELP_CONTEXT, about_of(vocabulary()[fact_type]), reader_language())


def _a_key(value: str) -> None:
    """A record's key holds what ``bounds.key_problem`` takes (no space, quote, ``%``…)."""
    if problem := key_problem(value):
        raise forms.ValidationError(
            _("This is no key: %(why)s.") % {"why": problem}, code="invalid"
        )


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


class VoidForm(forms.Form):
    """Voiding asks why: the record stays, with the reason, in its history."""

    token = forms.CharField(widget=forms.HiddenInput, max_length=64)
    version = forms.CharField(
        widget=forms.HiddenInput,
        max_length=100,
        error_messages={
            "required": gettext_lazy(
                "This form does not say which version of the record it was opened "
                "from: open the record's Void page again."
            )
        },
    )
    why = forms.CharField(
        max_length=LONG_TEXT_MAX,
        label=gettext_lazy("Reason for voiding"),
        help_text=gettext_lazy(
            "Kept with the record; it leaves every evaluation from now on, and nothing is deleted."
        ),
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={
            "required": gettext_lazy("Say why the record is void: a reason is required.")
        },
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._style()

    def full_clean(self) -> None:
        super().full_clean()
        self._style()

    def _style(self) -> None:
        uswds_widgets(self)
        widget = self.fields["why"].widget
        described = widget.attrs.get("aria-describedby", "")
        widget.attrs["aria-describedby"] = f"{described} id_why_hint".strip()
