from django.apps import AppConfig


class PublicConfig(AppConfig):
    """The public's complaints, filed on a form that needs no account or through
    Open311 GeoReport v2, each answered with a tracking code and opened as a staff
    case."""

    name = "sanitas.public"
    label = "public"
    verbose_name = "Public complaints and Open311"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # the contact details past the rule pack's retention are removed each night, by
        # the jobs' scheduler, which imports no app
        from sanitas.jobs.schedule import register_nightly
        from sanitas.public.services import remove_expired_contacts

        register_nightly(
            "complainants' contact details removed",
            lambda now: remove_expired_contacts(now=now),
        )
