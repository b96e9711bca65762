from django.apps import AppConfig


class JobsConfig(AppConfig):
    """Background jobs with their progress and outcome (see the package docstring)."""

    name = "sanitas.jobs"
    label = "jobs"
    verbose_name = "Jobs"
    default_auto_field = "django.db.models.BigAutoField"
