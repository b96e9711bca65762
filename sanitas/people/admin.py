"""The admin, for superusers' repairs: account events are shown, never changed, added
or deleted there (they are appended by :mod:`sanitas.people.services`)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from sanitas.people.models import AccountEvent


@admin.register(AccountEvent)
class AccountEventAdmin(admin.ModelAdmin):
    list_display = ("at", "account", "action", "actor", "before", "after", "why")
    list_filter = ("action",)
    search_fields = ("account__username", "actor", "why")

    def get_readonly_fields(self, request: Any, obj: Any = None) -> list[str]:
        return [f.name for f in self.model._meta.concrete_fields]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
