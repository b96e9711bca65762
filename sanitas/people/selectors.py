"""The readers of staff accounts for the Staff pages: the accounts with their roles by
title, one account, and its events. Each answers only a viewer who may manage staff
(``users.manage``), and nothing to anyone else; but :func:`own`, a person's own account."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Prefetch, Q, QuerySet
from django.db.models.functions import Lower

from sanitas.access.policy import allows
from sanitas.access.roles import ROLES
from sanitas.people.models import AccountEvent
from sanitas.people.words import role_title, role_titles

MANAGE = "users.manage"
#: the role filter's value for accounts that hold no role
NO_ROLE = "none"


def role_choices() -> list[tuple[str, str]]:
    """(group, title) of every role, in the order of :data:`ROLES`, in the page's
    language."""
    return [(group, role_title(group, role.title)) for group, role in ROLES.items()]


@dataclass(frozen=True)
class StaffRow:
    """An account as the Staff pages show it."""

    account: Any
    groups: tuple[str, ...]

    @property
    def roles(self) -> list[str]:
        return role_titles(self.groups)

    @property
    def name(self) -> str:
        return self.account.get_full_name() or self.account.username

    @property
    def editable(self) -> bool:
        """Superusers are kept for repairs: listed, but changed only in the admin."""
        return not self.account.is_superuser

    @property
    def invited(self) -> bool:
        """Invited and has not yet set a password."""
        return self.account.is_active and not self.account.has_usable_password()


def _accounts() -> QuerySet:
    from django.contrib.auth.models import Group

    return get_user_model().objects.prefetch_related(
        Prefetch(
            "groups",
            queryset=Group.objects.filter(name__in=list(ROLES)).only("name"),
            to_attr="role_groups",
        )
    )


def _row(account: Any) -> StaffRow:
    return StaffRow(account=account, groups=tuple(g.name for g in account.role_groups))


def staff(viewer: Any, *, role: str = "", active: bool | None = None) -> list[StaffRow]:
    """The accounts, by surname then first name, holding ``role`` (a group name;
    :data:`NO_ROLE`: none) and active or not (None: both)."""
    if not allows(viewer, MANAGE):
        return []
    accounts = _accounts()
    if role == NO_ROLE:
        accounts = accounts.annotate(
            held=Count("groups", filter=Q(groups__name__in=list(ROLES)))
        ).filter(held=0)
    elif role:
        accounts = accounts.filter(groups__name=role)
    if active is not None:
        accounts = accounts.filter(is_active=active)
    accounts = accounts.order_by(Lower("last_name"), Lower("first_name"), Lower("username"))
    return [_row(account) for account in accounts]


def person(viewer: Any, pk: int) -> StaffRow | None:
    """One account, or None (no such account, or a viewer who may not manage staff)."""
    if not allows(viewer, MANAGE):
        return None
    account = _accounts().filter(pk=pk).first()
    return _row(account) if account is not None else None


def own(viewer: Any) -> StaffRow:
    """The signed-in person's own account, as their account page shows it."""
    return _row(_accounts().get(pk=viewer.pk))


def events(viewer: Any, account: Any) -> QuerySet:
    """What happened to ``account``, newest first."""
    if not allows(viewer, MANAGE):
        return AccountEvent.objects.none()
    return AccountEvent.objects.filter(account=account).order_by("-at", "-id")
