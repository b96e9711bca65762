from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class StaffConfig(AppConfig):
    """The staff pages: sign-in, the worklist and a page per subject."""

    name = "sanitas.staff"
    label = "staff"
    verbose_name = "Staff pages"
    default_auto_field = "django.db.models.BigAutoField"


class RepairAdminConfig(admin_apps.AdminConfig):
    """The Django admin, open to superusers only: it is for repairing data, not for work.
    Named in INSTALLED_APPS in place of ``django.contrib.admin``."""

    default = False

    default_site = "sanitas.staff.sites.RepairAdminSite"
