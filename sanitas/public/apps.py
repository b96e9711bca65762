from django.apps import AppConfig


class PublicConfig(AppConfig):
    """The public's complaints, filed on a form that needs no account or through
    Open311 GeoReport v2, each answered with a tracking code and opened as a staff
    case."""

    name = "sanitas.public"
    label = "public"
    verbose_name = "Public complaints and Open311"
    default_auto_field = "django.db.models.BigAutoField"
