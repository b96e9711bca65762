from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "sanitas.notices"
    label = "notices"
    verbose_name = "Notices, citations and appeals"
    default_auto_field = "django.db.models.BigAutoField"
