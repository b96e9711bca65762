from django.apps import AppConfig


class CaseworkConfig(AppConfig):
    """Cases: the findings about one subject and one requirement, assigned to a staff
    member, with notes. A case's status is always the engine's (its findings'); no
    one sets it by hand."""

    name = "sanitas.casework"
    label = "casework"
    verbose_name = "Casework"
    default_auto_field = "django.db.models.BigAutoField"
