from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """Reports built as background jobs (see the package docstring)."""

    name = "sanitas.reports"
    label = "reports"
    verbose_name = "Reports"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # the jobs app runs a report build without importing this app
        from sanitas.jobs.tasks import register_runner
        from sanitas.reports.services import build_report

        register_runner("report", build_report, unit="sections")
