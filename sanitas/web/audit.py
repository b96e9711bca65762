"""The audit of every write: who changed which record, when and why, read from the
history the records already keep (every record table's django-simple-history
table, and the findings' when asked), with filters, paged and exported.

The history tables are read as one ``UNION ALL`` of one filtered ``SELECT`` per
table, ordered and sliced by the database, so a page costs one query for its rows
and one for the count, whatever the number of tables; the filters are a
django-filter ``FilterSet`` applied to each table's history in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

import django_filters
from django import forms
from django.contrib.auth import get_user_model
from django.db.models import CharField, F, Q, QuerySet, Value
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from sanitas.kit.forms import UswdsForm
from sanitas.kit.said import reader_language
from sanitas.kit.titles import Title, titles
from sanitas.ordinance import naming
from sanitas.ordinance.words import capital
from sanitas.records.models import RECORD_MODELS, Finding
from sanitas.web.templatetags.web_tags import requirement_title, status_word
from sanitas.web.timeline import EVALUATION, people

FINDING = "finding"
#: what a write did, as the audit says it (a context of its own: other pages say
#: "changed" of other things)
ACTIONS = {
    "+": pgettext_lazy("audit action", "created"),
    "~": pgettext_lazy("audit action", "changed"),
    "-": pgettext_lazy("audit action", "deleted"),
}
#: the columns every table's history gives the union, in one order
COLUMNS = (
    "history_id",
    "history_date",
    "history_type",
    "history_user_id",
    "history_change_reason",
    "audit_record_key",
    "audit_record_type",
    "audit_actor",
    "audit_voided_actor",
    "audit_requirement",
    "audit_status",
)


def _history_models() -> dict[str, Any]:
    models = {ft: model.history.model for ft, model in RECORD_MODELS.items()}
    models[FINDING] = Finding.history.model
    return models


def _start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def _label(choice: tuple[str, str]) -> str:
    return str(choice[1])


def _type_name(fact_type: str) -> str:
    """A record type's name in the page's language ("pump-out", "vaciado")."""
    return naming.kind_word(fact_type).render(reader_language())


#: a record type's name for a filter's choice, capitalised, said in the page's language
#: each time the form is shown (the filter's choices are made once, at import)
_type_choice = lazy(
    lambda fact_type: capital(naming.kind_word(fact_type).render(reader_language())), str
)


#: a day, as the browser's own date field (typed or picked; sent as yyyy-mm-dd)
_DAY = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class AuditForm(UswdsForm):
    """The filters' form (USWDS widgets, errors tied to their fields)."""


class AuditFilter(django_filters.FilterSet):
    """The audit's filters; applied to each history table (see :func:`writes`)."""

    who = django_filters.ModelChoiceFilter(
        queryset=get_user_model().objects.order_by("username"),
        method="filter_who",
        label=gettext_lazy("Who"),
        empty_label=gettext_lazy("Anyone"),
    )
    record_type = django_filters.ChoiceFilter(
        choices=[
            *sorted(((ft, _type_choice(ft)) for ft in RECORD_MODELS), key=_label),
            (FINDING, gettext_lazy("Findings (the rules' evaluations)")),
        ],
        method="filter_nothing",
        label=gettext_lazy("Record type"),
        empty_label=gettext_lazy("Every record type"),
    )
    after = django_filters.DateFilter(
        method="filter_after", label=gettext_lazy("From"), widget=_DAY
    )
    before = django_filters.DateFilter(
        method="filter_before", label=gettext_lazy("To"), widget=_DAY
    )
    why = django_filters.CharFilter(
        field_name="history_change_reason",
        lookup_expr="icontains",
        label=gettext_lazy("Reason contains"),
    )
    findings = django_filters.BooleanFilter(
        method="filter_nothing", label=gettext_lazy("Include findings"), widget=forms.CheckboxInput
    )

    class Meta:
        form = AuditForm
        # the filters are declared, and applied to every history table; one stands
        # for them all where django-filter asks for a model
        model = Finding.history.model
        fields = ()

    def filter_nothing(self, rows: QuerySet, _name: str, _value: Any) -> QuerySet:
        return rows  # chooses the tables (see ``tables``), not rows

    def filter_who(self, rows: QuerySet, _name: str, user: Any) -> QuerySet:
        """The writes by an account: those whose history names it, and the older ones
        that only kept its user name."""
        by_name = Q(history_user_id__isnull=True)
        names = {f.name for f in rows.model._meta.concrete_fields}
        if "recorded_by" in names:
            by_name &= Q(recorded_by=user.get_username()) | Q(voided_by=user.get_username())
        else:
            by_name = Q(pk__in=[])
        return rows.filter(Q(history_user_id=user.pk) | by_name)

    def filter_after(self, rows: QuerySet, _name: str, day: date) -> QuerySet:
        return rows.filter(history_date__gte=_start(day))

    def filter_before(self, rows: QuerySet, _name: str, day: date) -> QuerySet:
        return rows.filter(history_date__lt=_start(day + timedelta(days=1)))

    def tables(self) -> dict[str, Any]:
        """The history tables asked for: one record type, or every record table (and
        the findings' only with "Include findings")."""
        models = _history_models()
        data = self.form.cleaned_data if self.is_valid() else {}
        chosen = data.get("record_type")
        if chosen:
            return {chosen: models[chosen]}
        if not data.get("findings"):
            models.pop(FINDING)
        return models


def _branch(fact_type: str, model: Any, filterset: AuditFilter) -> QuerySet:
    text = CharField()
    rows = model.objects.all()
    if filterset.is_valid():
        rows = filterset.filter_queryset(rows)
    if fact_type == FINDING:
        extra = {
            "audit_record_key": F("subject"),
            "audit_actor": Value("", output_field=text),
            "audit_voided_actor": Value("", output_field=text),
            "audit_requirement": F("requirement"),
            "audit_status": F("status"),
        }
    else:
        extra = {
            "audit_record_key": F("key"),
            "audit_actor": F("recorded_by"),
            "audit_voided_actor": F("voided_by"),
            "audit_requirement": Value("", output_field=text),
            "audit_status": Value("", output_field=text),
        }
    return (
        rows.order_by()
        .annotate(audit_record_type=Value(fact_type, output_field=text), **extra)
        .values(*COLUMNS)
    )


def writes(filterset: AuditFilter) -> QuerySet:
    """Every write the filters let through, newest first, as one query (a union of
    the history tables' filtered rows)."""
    branches = [_branch(ft, model, filterset) for ft, model in filterset.tables().items()]
    first, *others = branches
    union = first.union(*others, all=True) if others else first
    return union.order_by("-history_date", "-history_id")


@dataclass
class AuditRow:
    at: datetime
    who: str
    action: str
    record_type: str
    record: Title | None
    key: str
    why: str
    requirement: str = ""

    @property
    def what(self) -> str:
        name = self.record.text if self.record is not None else self.key
        if self.requirement:
            return _("%(requirement)s (%(id)s) about %(name)s") % {
                "requirement": requirement_title(self.requirement),
                "id": self.requirement,
                "name": name,
            }
        return name

    @property
    def url(self) -> str:
        return self.record.url if self.record is not None else ""


def audit_rows(rows: list[dict[str, Any]]) -> list[AuditRow]:
    """The rows of a page (or an export) in words: who by name, the record by title."""
    by_id, by_name = people(
        ids=(r["history_user_id"] for r in rows),
        names={n for r in rows for n in (r["audit_actor"], r["audit_voided_actor"])},
    )
    named = titles({r["audit_record_key"] for r in rows})
    out = []
    for row in rows:
        reason = row["history_change_reason"] or ""
        finding = row["audit_record_type"] == FINDING
        voided = reason.startswith("voided:")
        action = str(ACTIONS.get(row["history_type"], row["history_type"]))
        if voided:
            action = pgettext("audit action", "voided")
        if finding:
            status = {"status": status_word(row["audit_status"])}
            action = (
                _("found %(status)s") if row["history_type"] == "+" else _("now %(status)s")
            ) % status
        actor = row["audit_voided_actor"] if voided else row["audit_actor"]
        who = by_id.get(row["history_user_id"]) or by_name.get(actor) or actor
        if finding and not who:
            who = str(EVALUATION)
        out.append(
            AuditRow(
                at=row["history_date"],
                who=who or "—",
                action=action,
                record_type=_("finding") if finding else _type_name(row["audit_record_type"]),
                record=named.get(row["audit_record_key"]),
                key=row["audit_record_key"],
                why=reason.removeprefix("voided: ") if voided else reason,
                requirement=row["audit_requirement"] if finding else "",
            )
        )
    return out
