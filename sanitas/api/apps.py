from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "sanitas.api"
    label = "api"
    verbose_name = "REST API"
