from django.apps import AppConfig


class OperationsConfig(AppConfig):
    """Running for real: error pages, request ids, sign-in logging, users kept."""

    name = "sanitas.operations"
    label = "operations"
    verbose_name = "Operations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from sanitas.operations import accounts

        accounts.connect()
