from django.apps import AppConfig


class PeopleConfig(AppConfig):
    """Staff accounts and their roles, managed by supervisors on the Staff page, with
    the account events that record every change."""

    name = "sanitas.people"
    label = "people"
    verbose_name = "Staff accounts"
    default_auto_field = "django.db.models.BigAutoField"
