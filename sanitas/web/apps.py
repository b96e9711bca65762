from django.apps import AppConfig


class WebConfig(AppConfig):
    """The staff shell: the USWDS base layout, navigation, the search box on every
    page, search, the list pages, a business's page, exports and the permission map
    of every staff address."""

    name = "sanitas.web"
    label = "web"
    verbose_name = "Staff shell"
    default_auto_field = "django.db.models.BigAutoField"
