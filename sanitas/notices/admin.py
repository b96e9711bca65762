"""The admin, for superusers' repairs: notices are shown, never changed there. A
served notice is read-only everywhere; a draft is changed through its page, where
the computed parts stay computed."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from sanitas.notices.models import Appeal, ExtensionRequest, Hearing, Notice, NoticeEvent, Payment


class ReadOnlyAdmin(admin.ModelAdmin):
    """Every field shown, none editable; nothing added or deleted here."""

    def get_readonly_fields(self, request: Any, obj: Any = None) -> list[str]:
        return [f.name for f in self.model._meta.concrete_fields]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Notice)
class NoticeAdmin(ReadOnlyAdmin):
    list_display = ("code", "kind", "state", "requirement", "subject", "served_on", "deadline_on")
    list_filter = ("state", "kind")
    search_fields = ("code", "subject", "fact_key")
    exclude = ("pdf", "proof")


for model in (NoticeEvent, Payment, ExtensionRequest, Appeal, Hearing):
    admin.site.register(model, ReadOnlyAdmin)
