"""The admin's user pages: accounts are deactivated, never deleted."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest

User = get_user_model()


class KeptUserAdmin(UserAdmin):
    """Django's user admin without delete: untick "Active" to close an account."""

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_actions(self, request: HttpRequest) -> dict:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, KeptUserAdmin)
