from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class WebConfig(AppConfig):
    """The staff shell: the USWDS base layout, navigation, the search box on every
    page, sign-in, the worklist and a page per subject, search, the list pages, a
    business's page, exports, the repair admin and the permission map of every staff
    address."""

    name = "sanitas.web"
    label = "web"
    verbose_name = "Staff shell"
    default_auto_field = "django.db.models.BigAutoField"


class RepairAdminConfig(admin_apps.AdminConfig):
    """The Django admin, open to superusers only: it is for repairing data, not for work.
    Named in INSTALLED_APPS in place of ``django.contrib.admin``."""

    default = False

    default_site = "sanitas.web.sites.RepairAdminSite"
