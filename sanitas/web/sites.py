"""The admin site, kept apart from the registrations in ``admin.py`` so that creating
the site never imports them half-way."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest


class RepairAdminSite(admin.AdminSite):
    """The admin site: superusers only, for repairing data."""

    site_header = "Sanitas: record repairs"
    site_title = "Sanitas repairs"
    index_title = "Repairs (superusers only; everyday work is on the staff pages)"

    def has_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.is_active and request.user.is_superuser)
