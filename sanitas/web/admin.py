"""The Django admin: for superusers repairing data, not for everyday work.

Records are read-mostly here. Nothing is added or deleted in the admin: a repair
of a field goes through :func:`sanitas.records.services.record_facts` with the
superuser as the actor and a required reason, so it is validated with the
engine's vocabulary and its old version kept; a record is voided (with a reason)
through :func:`sanitas.records.services.void_record`. Either evaluates the subject
groups it touched before the page answers, as every write does. The worklist tables
are read-only: the writes and the sweep keep them.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db import transaction
from django.http import HttpRequest
from django.template.response import TemplateResponse
from simple_history.admin import SimpleHistoryAdmin

from sanitas.ordinance.facts import FactsError
from sanitas.records.bridge import record_to_fact
from sanitas.records.models import (
    RECORD_MODELS,
    DataProblem,
    Finding,
    Record,
    RecordIndex,
    SubjectGroup,
)
from sanitas.records.services import RecordError, record_facts, validate_batch, void_record

_RECORD_COLUMNS = (
    "key",
    "subject_group",
    "recorded_at",
    "recorded_by",
    "recorded_why",
    "import_source",
    "updated_at",
    "voided_at",
    "voided_by",
    "voided_why",
)


class RecordRepairForm(forms.ModelForm):
    """A record's fields, plus why they are being changed; validated as a fact."""

    change_reason = forms.CharField(
        label="Why (kept in the record's history)",
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def _post_clean(self) -> None:
        super()._post_clean()
        if self.errors:
            return
        try:
            validate_batch([record_to_fact(self.instance)])
        except FactsError as exc:
            for problem in exc.problems:
                self.add_error(None, problem)


class VoidForm(forms.Form):
    why = forms.CharField(
        label="Why are these records void? (kept with each record)",
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class RecordAdmin(SimpleHistoryAdmin):
    form = RecordRepairForm
    list_display = ("key", "subject_group", "recorded_at", "recorded_by", "voided_at")
    list_filter = (("voided_at", admin.EmptyFieldListFilter),)
    search_fields = ("key", "subject_group")
    readonly_fields = _RECORD_COLUMNS
    actions = ("void_selected",)
    list_per_page = 50

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # a void record stays as it was voided
        if obj is not None and obj.voided_at is not None:
            return False
        return bool(request.user.is_superuser)

    def revert_disabled(self, request: HttpRequest, obj: Any = None) -> bool:
        return True

    @transaction.atomic
    def save_model(self, request: HttpRequest, obj: Record, form: Any, change: bool) -> None:
        actor = request.user  # the account: its id goes into every version written
        why = form.cleaned_data["change_reason"]
        result = record_facts(raw_facts=[record_to_fact(obj)], actor=actor, why=why, source="admin")
        if obj.key not in result.keys:
            # an event without an id is known by its content: the corrected event is
            # a new record, and the one it corrects is voided
            void_record(key=obj.key, actor=actor, why=f"corrected as {result.keys[0]}: {why}")

    @admin.action(description="Void the selected records (with a reason)")
    def void_selected(self, request: HttpRequest, queryset: Any) -> Any:
        form = VoidForm(request.POST if "confirm" in request.POST else None)
        if form.is_bound and form.is_valid():
            voided, problems = 0, []
            for record in queryset.filter(voided_at__isnull=True).order_by("key"):
                try:
                    void_record(
                        key=record.key,
                        actor=request.user,
                        why=form.cleaned_data["why"],
                    )
                    voided += 1
                except RecordError as exc:
                    problems.extend(exc.problems)
            self.message_user(request, f"{voided} record(s) voided.", messages.SUCCESS)
            for problem in problems:
                self.message_user(request, problem, messages.ERROR)
            return None
        return TemplateResponse(
            request,
            "staff/admin/void_confirm.html",
            {
                **self.admin_site.each_context(request),
                "title": "Void records",
                "opts": self.model._meta,
                "records": queryset,
                "form": form,
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            },
        )


class ReadOnlyMixin:
    """Tables the services and the sweep keep: to look at, never to edit."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def revert_disabled(self, request: HttpRequest, obj: Any = None) -> bool:
        return True


class FindingAdmin(ReadOnlyMixin, SimpleHistoryAdmin):
    list_display = (
        "requirement",
        "subject",
        "period",
        "status",
        "due",
        "current",
        "evaluated_as_of",
    )
    list_filter = ("status", "current")
    search_fields = ("requirement", "subject", "subject_group")


class DataProblemAdmin(ReadOnlyMixin, SimpleHistoryAdmin):
    list_display = ("subject_group", "problem", "current", "evaluated_as_of")
    list_filter = ("current",)
    search_fields = ("subject_group", "problem")


class RecordIndexAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("key", "fact_type", "subject_group", "voided")
    list_filter = ("voided", "fact_type")
    search_fields = ("key", "subject_group")


class SubjectGroupAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("key", "changed_at", "swept_at", "swept_as_of", "next_check_on")
    search_fields = ("key",)


for _model in RECORD_MODELS.values():
    admin.site.register(_model, RecordAdmin)
admin.site.register(Finding, FindingAdmin)
admin.site.register(DataProblem, DataProblemAdmin)
admin.site.register(RecordIndex, RecordIndexAdmin)
admin.site.register(SubjectGroup, SubjectGroupAdmin)
