from django.apps import AppConfig


class RecordsConfig(AppConfig):
    name = "sanitas.records"
    label = "records"
    verbose_name = "Records"
