from django.apps import AppConfig


class AccessConfig(AppConfig):
    """The access policy; its migration makes the role groups the policy names."""

    name = "sanitas.access"
    label = "access"
    verbose_name = "Access policy"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import m2m_changed

        from sanitas.access.roles import forget_roles

        m2m_changed.connect(
            forget_roles, sender=get_user_model().groups.through, dispatch_uid="forget_roles"
        )
