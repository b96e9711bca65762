"""The list pages' filters (django-filter): each validates its parameters like a
form, so a bad value is a message beside its field and the list shows unfiltered
by it."""

from __future__ import annotations

import typing
from typing import Any

import django_filters
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from sanitas.kit import permits
from sanitas.kit.forms import UswdsForm
from sanitas.ordinance import facts, general
from sanitas.ordinance.words import words
from sanitas.records.models import RECORD_MODELS


def _choices(literal: typing.Any) -> list[tuple[str, str]]:
    values = [v for v in typing.get_args(literal) if isinstance(v, str)]
    for arg in typing.get_args(literal):
        values.extend(v for v in typing.get_args(arg) if isinstance(v, str))
    return [(v, words(v).capitalize()) for v in dict.fromkeys(values)]


def _field_literal(fact_type: str, name: str) -> typing.Any:
    return facts.FACT_TYPES[fact_type].model_fields[name].annotation


STATE_CHOICES = [
    ("live", _("In force (not void)")),
    ("void", _("Void")),
    ("all", _("Live and void")),
]


class RecordFilter(django_filters.FilterSet):
    """What every list shares: words to look for, and live or void records."""

    #: the columns ``q`` looks in
    text_columns: tuple[str, ...] = ()

    q = django_filters.CharFilter(method="filter_text", label=_("Contains"))
    state = django_filters.ChoiceFilter(
        choices=STATE_CHOICES, method="filter_state", label=_("Records"), empty_label=None
    )

    def __init__(self, data=None, *args, **kwargs):
        data = data.copy() if data is not None else {}
        data.setdefault("state", "live")
        super().__init__(data, *args, **kwargs)

    def filter_text(self, rows: QuerySet, _name: str, value: str) -> QuerySet:
        found = Q(key__icontains=value)
        for column in self.text_columns:
            found |= Q(**{f"{column}__icontains": value})
        return rows.filter(found)

    def filter_state(self, rows: QuerySet, _name: str, value: str) -> QuerySet:
        if value == "live":
            return rows.filter(voided_at__isnull=True)
        if value == "void":
            return rows.filter(voided_at__isnull=False)
        return rows


class EstablishmentFilter(RecordFilter):
    text_columns = ("name", "address", "contact")
    category = django_filters.ChoiceFilter(
        choices=_choices(general.Category), label=_("Kind of business"), empty_label=_("Every kind")
    )
    open = django_filters.ChoiceFilter(
        choices=[("open", _("Open")), ("closed", _("Closed"))],
        method="filter_open",
        label=_("Open or closed"),
        empty_label=_("Either"),
    )

    class Meta:
        model = RECORD_MODELS["establishment"]
        fields = ()
        form = UswdsForm

    def filter_open(self, rows: QuerySet, _name: str, value: str) -> QuerySet:
        return rows.filter(closed_on__isnull=value == "open")


class FoodRecoveryFilter(EstablishmentFilter):
    category = django_filters.ChoiceFilter(
        choices=[
            ("food_recovery_organization", _("Food recovery organization")),
            ("food_recovery_service", _("Food recovery service")),
        ],
        label=_("Kind"),
        empty_label=_("Organizations and services"),
    )


class PremisesFilter(RecordFilter):
    text_columns = ("address", "owner_name", "owner_tax_address", "service_payer_name")
    use = django_filters.ChoiceFilter(
        choices=_choices(_field_literal("premises", "use")),
        label=_("Use"),
        empty_label=_("Any use"),
    )
    zone = django_filters.CharFilter(lookup_expr="iexact", label=_("Zone"))

    class Meta:
        model = RECORD_MODELS["premises"]
        fields = ()
        form = UswdsForm


class PermitFilter(RecordFilter):
    text_columns = ("number", "contractor", "premises")

    def filter_text(self, rows: QuerySet, name: str, value: str) -> QuerySet:
        """The words in a permit's number, address key or typed contractor, or in the
        name of the contractor on record it names as its pipe layer."""
        named = RECORD_MODELS["contractor"].objects.filter(name__icontains=value).values("key")
        return super().filter_text(rows, name, value) | rows.filter(pipe_layer__in=named)

    kind = django_filters.ChoiceFilter(
        choices=_choices(_field_literal("permit", "kind")),
        label=_("Kind"),
        empty_label=_("Any kind"),
    )
    status = django_filters.ChoiceFilter(
        choices=list(permits.STATUSES.items()),
        method="filter_status",
        label=_("Status"),
        empty_label=_("Any status"),
    )
    lapses_by = django_filters.DateFilter(
        method="filter_lapses_by",
        label=_("Lapses by"),
        help_text=_("Permits not started or suspended that lapse by this day."),
    )
    issued_from = django_filters.DateFilter(
        field_name="issued_on", lookup_expr="gte", label=_("Issued from")
    )
    issued_to = django_filters.DateFilter(
        field_name="issued_on", lookup_expr="lte", label=_("Issued to")
    )

    class Meta:
        model = RECORD_MODELS["permit"]
        fields = ()
        form = UswdsForm

    def filter_status(self, rows: QuerySet, _name: str, value: str) -> QuerySet:
        """The permits the engine's lapse finding puts in ``value`` (not started, active,
        suspended, lapsed, finaled)."""
        return rows.filter(key__in=permits.permits_in(value))

    def filter_lapses_by(self, rows: QuerySet, _name: str, value: Any) -> QuerySet:
        """The permits whose work must start or resume by ``value`` or they lapse."""
        return rows.filter(key__in=permits.permits_lapsing_by(value))


class HaulerFilter(RecordFilter):
    text_columns = ("name",)
    franchised = django_filters.ChoiceFilter(
        choices=[("yes", _("Franchised")), ("no", _("Not franchised"))],
        method="filter_franchised",
        label=_("Franchise"),
        empty_label=_("Either"),
    )

    class Meta:
        model = RECORD_MODELS["hauler"]
        fields = ()
        form = UswdsForm

    def filter_franchised(self, rows: QuerySet, _name: str, value: str) -> QuerySet:
        return rows.filter(franchised=value == "yes")
