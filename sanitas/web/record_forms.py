"""A form for every fact type, built from the vocabulary itself.

One builder serves every type (the way NetBox's generic object views serve every
model from its metadata): each field of the type's pydantic model becomes a form
field — its label the field's name in words, its help text the field's
description, a date a USWDS date picker, a yes/no a pair of radios with "not
recorded", an enumeration a select (a list of one a set of checkboxes), a
reference a search-as-you-type picker limited to the types the vocabulary
accepts there, a list of objects (a design's runs, a charge's costs: a
:class:`sanitas.ordinance.facts.Row` each) a list of rows, each object's field an input
of its own, drawn as the form's fields are. The annotations are read with the
records' own ``unwrap``, so the form, the table and the engine never disagree about
a field; a field the builder has no input for is an error when the form is built,
never a box where a person types JSON.

A row is added, removed or moved by a button of the form (``row_action``): the post
comes back as the form with the rows changed and every value kept, nothing checked
or stored (:func:`rows_moved`); the page's script (``web/rows.js``) does the same
without a post.

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

import re
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Any, Literal, get_args, get_origin

from django import forms
from django.forms.utils import ErrorDict
from django.http import QueryDict
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
from sanitas.ordinance.facts import Fact, Row, row_fields, row_model, vocabulary
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
TEXT, LONG, NUMBER, DATE, DATETIME, YESNO, CHOICE, CHECKS, REF, REFS, LINES, ROWS = (
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
    "rows",
)
#: the kinds a row of a list of objects holds (one value each)
ROW_KINDS = frozenset({TEXT, LONG, NUMBER, DATE, DATETIME, YESNO, CHOICE})
#: the most rows a list of objects takes from one post (a design's runs are a handful)
MAX_ROWS = 100
#: the name of the buttons that add, remove and move a row
ROWS_ACTION = "row_action"


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


def _bounds(info: FieldInfo) -> dict[str, Any]:
    """A number's bounds in the vocabulary as the form field's: its least and greatest
    value, and a value it must be greater than (a pipe's diameter, more than 0)."""
    out: dict[str, Any] = {}
    for meta in info.metadata:
        for attr, key in (("ge", "min_value"), ("gt", "min_value"), ("le", "max_value")):
            value = getattr(meta, attr, None)
            if value is not None:
                out[key] = value
        if (limit := getattr(meta, "gt", None)) is not None:
            out["validators"] = [_GreaterThan(limit)]
    return out


class _GreaterThan:
    """A number that must be greater than ``limit``, said in the reader's language."""

    def __init__(self, limit: Any) -> None:
        self.limit = limit

    def __call__(self, value: Any) -> None:
        if value is not None and not value > self.limit:
            raise forms.ValidationError(
                _("Enter a number greater than %(limit)s.") % {"limit": self.limit},
                code="min_value",
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _GreaterThan) and other.limit == self.limit

    def __hash__(self) -> int:
        return hash(self.limit)


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
    fact_model: type[Fact] | type[Row],
    name: str,
    info: FieldInfo,
    *,
    near: str,
    near_keys: dict,
) -> forms.Field:
    """The form field of one field of the vocabulary (see the module docstring), or of
    the objects a list of them holds (a design's runs)."""
    references = getattr(fact_model, "references", {})
    list_references = getattr(fact_model, "list_references", {})
    rows = row_model(info.annotation)
    if rows is not None:
        return _rows_field(fact_model, name, info, rows)
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
    if name in references:
        types = references[name]
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
    if name in list_references:
        types = list_references[name]
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
            # a list of objects is a list of rows: its model must say what a row is
            raise TypeError(
                f"{fact_model.__name__}.{name}: the objects of a list are a Row's "
                "(sanitas.ordinance.facts.Row), so that a form draws them as rows"
            )
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
        # no field of the vocabulary is typed as JSON by a person: a new kind of value
        # needs its own input here
        raise TypeError(f"{fact_model.__name__}.{name}: no form input for {annotation!r}")
    field.kind = kind
    field.reference = False
    return field


# --------------------------------------------------------------------------- rows


def _row_heading(word: Any, number: Any) -> str:
    """A row's heading: "Run 3"."""
    return _("%(what)s %(number)s") % {"what": capital(str(word)), "number": number}


def _row_word(row: type[Row]) -> str:
    """What one of the objects is called, in the active language ("run")."""
    return _said(WORD_CONTEXT, words(row.row_word))


class RowForm(forms.Form):
    """One row of a list of objects (a design's run): an input per field of the
    object's model, drawn as the record form draws a field; its posted names are the
    row's prefix and the key a facts file writes the field under (``segments-2-from``).
    A row with nothing typed in it is left out of the list."""

    row_model: type[Row]
    #: key → kind (see the kinds above)
    kinds: dict[str, str]
    use_required_attribute = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _described(self)

    def full_clean(self) -> None:
        super().full_clean()
        _described(self)

    @property
    def blank(self) -> bool:
        """Nothing typed in any input of the row (a bound row only)."""
        for key in self.fields:
            name = self.add_prefix(key)
            values = (
                self.data.getlist(name)
                if isinstance(self.data, QueryDict)
                else [self.data.get(name)]
            )
            if any(value is not None and str(value).strip() for value in values):
                return False
        return True

    def item(self) -> dict[str, Any]:
        """The object as a facts file writes it, from the cleaned data; inputs left
        empty are absent."""
        out: dict[str, Any] = {}
        for key, kind in self.kinds.items():
            value = self.cleaned_data.get(key)
            if value in (None, ""):
                continue
            out[key] = _plain(kind, value)
        return out

    @classmethod
    def initial_of(cls, item: dict[str, Any]) -> dict[str, Any]:
        """An object as stored, as the row's initial values."""
        out: dict[str, Any] = {}
        for key, kind in cls.kinds.items():
            if key in item and item[key] is not None:
                value = item[key]
                out[key] = (YES if value else NO) if kind == YESNO else value
        return out


def _plain(kind: str, value: Any) -> Any:
    """A cleaned value as a facts file writes it."""
    if kind == YESNO:
        return value == YES
    if kind == DATE:
        return value.isoformat()
    if kind == DATETIME:
        return value.strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, Decimal):
        return str(value)
    return value


class RowsCount(forms.HiddenInput):
    """A list of objects' field among the form's visible ones: the rows are drawn by
    the record form's template, with the count of rows posted beside them."""

    @property
    def is_hidden(self) -> bool:
        return False


class RowsField(forms.Field):
    """A list of objects, edited as rows: the posted value is the number of rows (the
    rows themselves are :class:`RowForm`\\s the record form makes); what the field
    cleans to is the list of the rows' objects, made by :meth:`RecordForm.clean`."""

    widget = RowsCount

    def __init__(self, *, row_form: type[RowForm], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.row_form = row_form
        #: the form's rows, set by the record form for each of its instances
        self.rows: list[RowForm] = []
        #: the rows the list's objects came from, in order (the blank ones left out)
        self.kept: list[RowForm] = []
        #: after a row was added, removed or moved: the input or button to focus
        self.focus = ""

    def clean(self, value: Any) -> Any:
        return value

    @property
    def word(self) -> str:
        return _row_word(self.row_form.row_model)

    def heading(self, number: Any) -> str:
        return _row_heading(self.word, number)

    @property
    def say_heading(self) -> str:
        """A row's heading with ``{n}`` for its number, for the page's script."""
        return self.heading("{n}")

    @property
    def say_add(self) -> str:
        return _("Add a %(what)s") % {"what": self.word}

    @property
    def say_added(self) -> str:
        return _("%(row)s added.") % {"row": "{row}"}

    @property
    def say_removed(self) -> str:
        return _("%(row)s removed; the rows after it moved up.") % {"row": "{row}"}

    @property
    def say_moved(self) -> str:
        return _("Moved: it is now %(row)s.") % {"row": "{row}"}


def _rows_field(
    fact_model: type[Fact] | type[Row], name: str, info: FieldInfo, row: type[Row]
) -> RowsField:
    """The field of a list of objects: a row each, an input per field of the object."""
    attrs: dict[str, Any] = {"row_model": row, "kinds": {}}
    for row_name, key, row_info in row_fields(row):
        sub = _field_for(row, row_name, row_info, near="", near_keys={})
        if sub.kind not in ROW_KINDS:
            raise TypeError(f"{row.__name__}.{row_name}: a row holds no {sub.kind} field")
        attrs[key] = sub
        attrs["kinds"][key] = sub.kind
    row_form = type(f"{row.__name__}RowForm", (RowForm,), attrs)
    described = info.description or ""
    field = RowsField(
        row_form=row_form,
        required=info.is_required(),
        label=_in_language(FIELD_CONTEXT, label_of(name)),
        help_text=_in_language(HELP_CONTEXT, described) if described else "",
    )
    field.kind, field.reference = ROWS, False
    return field


def _described(form: forms.Form) -> None:
    """USWDS classes, and each field described by its help text (and its error), by
    the ids its bound field draws (a row's are prefixed)."""
    uswds_widgets(form)
    for name, field in form.fields.items():
        widget = field.widget
        if isinstance(widget, forms.HiddenInput):
            continue
        if isinstance(widget, forms.CheckboxSelectMultiple):
            widget.attrs["class"] = "usa-checkbox__input"
        elif isinstance(widget, forms.RadioSelect):
            widget.attrs["class"] = "usa-radio__input"
        if field.help_text and not isinstance(widget, forms.RadioSelect):
            hint = f"{form[name].auto_id}_hint"
            described = widget.attrs.get("aria-describedby", "")
            if hint not in described.split():
                widget.attrs["aria-describedby"] = f"{described} {hint}".strip()


def rows_moved(data: QueryDict, action: str, rows_fields: dict[str, str]) -> tuple[QueryDict, str]:
    """The post ``data`` with a row added, removed or moved as ``action`` says ("segments
    add", "segments remove 2", "segments up 2", "segments down 2"; rows counted from 0),
    every value typed kept; and the id of what to focus then. ``rows_fields`` maps each
    list's name to its prefix. An action that names no row leaves the data as it was."""
    moved = QueryDict(mutable=True)
    for key in data:
        values = data.getlist(key) if isinstance(data, QueryDict) else data[key]
        moved.setlist(key, values if isinstance(values, list) else [values])
    moved.pop(ROWS_ACTION, None)
    data = moved.copy()
    parts = action.split()
    if len(parts) not in (2, 3) or parts[0] not in rows_fields:
        return moved, ""
    name, verb = parts[0], parts[1]
    prefix = rows_fields[name]
    count = _count(data, prefix)
    rows = [
        {
            key[len(f"{prefix}-{i}-") :]: data.getlist(key)
            for key in data
            if key.startswith(f"{prefix}-{i}-")
        }
        for i in range(count)
    ]
    try:
        index = int(parts[2]) if len(parts) == 3 else len(rows)
    except ValueError:
        return moved, ""
    focus = ""
    if verb == "add" and len(parts) == 2 and len(rows) < MAX_ROWS:
        rows.append({})
        index = len(rows) - 1
        focus = f"{prefix}-{index}-first"
    elif verb == "remove" and 0 <= index < len(rows):
        del rows[index]
        focus = f"{prefix}-add"
    elif verb == "up" and 0 < index < len(rows):
        rows[index - 1], rows[index] = rows[index], rows[index - 1]
        focus = f"{prefix}-{index - 1}-{'up' if index - 1 > 0 else 'down'}"
    elif verb == "down" and 0 <= index < len(rows) - 1:
        rows[index + 1], rows[index] = rows[index], rows[index + 1]
        focus = f"{prefix}-{index + 1}-{'down' if index + 1 < len(rows) - 1 else 'up'}"
    else:
        return moved, ""
    for key in [k for k in moved if k.startswith(f"{prefix}-")]:
        del moved[key]
    moved[f"{prefix}-count"] = str(len(rows))
    for i, row in enumerate(rows):
        for key, values in row.items():
            moved.setlist(f"{prefix}-{i}-{key}", values)
    return moved, focus


def _count(data: Any, prefix: str) -> int:
    """How many rows a post says a list has (none when it says nothing a count can be,
    at most :data:`MAX_ROWS`)."""
    text = str(data.get(f"{prefix}-count", "") or "")
    return min(int(text), MAX_ROWS) if text.isascii() and text.isdigit() else 0


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
        #: a row was added, removed or moved: the form is drawn again, nothing checked
        self.rearranged = False
        focus = ""
        if self.is_bound and self.data.get(ROWS_ACTION):
            prefixes = {name: self.add_prefix(name) for name in self.row_lists}
            self.data, focus = rows_moved(self.data, str(self.data[ROWS_ACTION]), prefixes)
            self.rearranged = True
            self._errors, self.cleaned_data = ErrorDict(), {}
        self._rows(focus)
        self._style()

    def full_clean(self) -> None:
        super().full_clean()
        self._style()

    def _style(self) -> None:
        """USWDS classes, and each field described by its help text (and its error)."""
        _described(self)

    # ----------------------------------------------------------------- lists of objects

    @property
    def row_lists(self) -> list[str]:
        """The fields that hold a list of objects, edited as rows."""
        return [name for name, kind in self.kinds.items() if kind == ROWS]

    def _rows(self, focus: str) -> None:
        """Each list's rows: the posted ones (a row with nothing typed is not checked),
        else the record's objects, else one empty row where the list is required."""
        for name in self.row_lists:
            field = self.fields[name]
            prefix = self.add_prefix(name)
            if self.is_bound:
                field.rows = [
                    field.row_form(self.data, prefix=f"{prefix}-{i}")
                    for i in range(_count(self.data, prefix))
                ]
                for row in field.rows:
                    if self.rearranged or row.blank:
                        row._errors, row.cleaned_data = ErrorDict(), {}
            else:
                items = self.initial.get(name, field.initial)
                # the record's objects (an address's ?segments=… is no list of them)
                if not isinstance(items, list) or not items:
                    items = [{}] if field.required else []
                items = [item if isinstance(item, dict) else {} for item in items]
                field.rows = [
                    field.row_form(initial=item, prefix=f"{prefix}-{i}")
                    for i, item in enumerate(items[:MAX_ROWS])
                ]
            field.focus = "add" if focus == f"{prefix}-add" else ""
            # the empty row the page's script copies to add one
            field.blank_row = field.row_form(prefix=f"{prefix}-__row__")
            field.blank_row.heading = field.heading("")
            for i, row in enumerate(field.rows):
                row.heading = field.heading(i + 1)
                row.focus = ""
                if focus.startswith(f"{prefix}-{i}-"):
                    row.focus = focus[len(f"{prefix}-{i}-") :]
                if row.focus == "first" and row.fields:
                    row.fields[next(iter(row.fields))].widget.attrs["autofocus"] = True

    def _row_errors(self) -> bool:
        """Whether a row that was checked has a problem."""
        return any(row.errors for name in self.row_lists for row in self.fields[name].kept)

    def is_valid(self) -> bool:
        return not self.rearranged and super().is_valid() and not self._row_errors()

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
            elif kind == ROWS:
                data[name] = self._clean_rows(name)
        return data

    def _clean_rows(self, name: str) -> list[dict[str, Any]]:
        """A list's objects from its rows, each row checked beside its inputs; a row
        with nothing typed in it is left out."""
        field = self.fields[name]
        field.kept = [row for row in field.rows if not row.blank]
        valid = [row.is_valid() for row in field.kept]
        if not field.kept and field.required:
            self.add_error(name, _("Add at least one %(what)s.") % {"what": field.word})
        return [row.item() for row, ok in zip(field.kept, valid, strict=True) if ok]

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
            elif kind == ROWS:
                row_form = cls.base_fields[name].row_form
                value = [row_form.initial_of(item) for item in value or []]
            initial[name] = value
        return initial

    def show_problems(self, problems: list[str]) -> None:
        """Put each of the services' problems beside the field it names, in plain
        words; a problem that names no field of the form goes in the summary."""
        for problem in problems:
            name, message = problem_field(problem)
            top = name.split(".")[0].split("[")[0] if name else ""
            if self.kinds.get(top) == ROWS:
                # "segments[2].length_ft: …", or a bound's "segments: [2].from: …"
                if name == top and message.startswith("[") and ": " in message:
                    inner, message = message.split(": ", 1)
                    name += inner
                if self._row_problem(top, name, message):
                    continue
            if top in self.fields and top != "token":
                self.add_error(top, capital(message))
            else:
                self.add_error(None, capital(message))

    def _row_problem(self, name: str, path: str, message: str) -> bool:
        """Put a problem of the services with a list's object ("segments[2].length_ft")
        beside the input of its row; False when the path names no row of the list."""
        found = _ROW_PATH.match(path)
        field = self.fields[name]
        if found is None or int(found["index"]) >= len(field.kept):
            return False
        row = field.kept[int(found["index"])]
        key = found["key"]
        if key in row.fields:
            row.add_error(key, capital(message))
        else:
            number = field.rows.index(row) + 1
            self.add_error(name, f"{field.heading(number)}: {capital(message)}")
        return True

    def error_summary(self) -> list[tuple[str, str, str]]:
        """(input id, label, message) of every error, for the summary at the top, in
        the form's order; a row's name its list's row and its input's label ("Run 3,
        Length (feet)")."""
        errors = self.errors
        out = [("", "", str(e)) for e in errors.get("__all__", [])]
        for name, field in self.fields.items():
            bound = self[name]
            hidden = field.widget.is_hidden
            out.extend(
                ("", "", str(e)) if hidden else (bound.auto_id, field.label, str(e))
                for e in errors.get(name, [])
            )
            if self.kinds.get(name) != ROWS:
                continue
            for number, row in enumerate(field.rows, 1):
                if row not in field.kept:
                    continue
                for key, row_errors in row.errors.items():
                    label = _("%(row)s, %(field)s") % {
                        "row": field.heading(number),
                        "field": row.fields[key].label,
                    }
                    out.extend((row[key].auto_id, label, str(e)) for e in row_errors)
        return out


_ROW_PATH = re.compile(r"^[a-z_]+\[(?P<index>[0-9]+)\](?:\.(?P<key>[A-Za-z_]+))?")
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
