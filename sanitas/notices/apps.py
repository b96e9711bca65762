from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "sanitas.notices"
    label = "notices"
    verbose_name = "Notices, citations and appeals"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # the jobs app runs a notice batch, and tells what one stored, without
        # importing this app
        from sanitas.jobs.selectors import register_account
        from sanitas.jobs.tasks import register_runner
        from sanitas.notices.batch import batch_account, run_batch

        register_runner("notice_batch", run_batch, unit="notices")
        register_account("notice_batch", batch_account)
