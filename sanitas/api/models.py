"""API tokens: how a program outside the city hall signs in to the REST API.

Only a SHA-256 digest of a token is stored; the token itself is shown once, when
it is issued. A token is never deleted: it is revoked, with who did it and why.

A token has scopes and an expiry. ``read`` lets it call the endpoints that
change nothing, ``write`` the ones that record; ``program:NAME`` (``fog``,
``sewer``, ``solid_waste``, ``sb1383``: the programs as every page names them) limits
what it sees to those programs' findings and the subject groups they are about; a token
with no ``program:`` scope sees the whole city. It stops working at ``expires_at``.
A scope given by another name of a program (``program:organics`` for ``sb1383``,
``program:general`` for ``solid_waste``) is that program's.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from sanitas.access.roles import PROGRAM_ALIASES, PROGRAMS, program_key

ACTIONS = ("read", "write")
PROGRAM_PREFIX = "program:"
#: the scopes, each program by its one name (:data:`sanitas.access.roles.PROGRAMS`)
SCOPES = (*ACTIONS, *(PROGRAM_PREFIX + program for program in PROGRAMS))


def scope_name(scope: str) -> str:
    """A scope by its one name: ``program:organics`` is ``program:sb1383``."""
    if scope.startswith(PROGRAM_PREFIX) and scope[len(PROGRAM_PREFIX) :] in PROGRAM_ALIASES:
        return PROGRAM_PREFIX + program_key(scope[len(PROGRAM_PREFIX) :])
    return scope


#: how long a token lives unless its issuer says otherwise, and at most
DEFAULT_LIFETIME = timedelta(days=90)
MAX_LIFETIME = timedelta(days=366)


def default_expiry() -> datetime:
    return timezone.now() + DEFAULT_LIFETIME


class ApiToken(models.Model):
    name = models.CharField(
        max_length=150, help_text="What the token is for, e.g. a hauler portal."
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="api_tokens",
        help_text="The user the token acts for.",
    )
    digest = models.CharField(
        max_length=64, unique=True, editable=False, help_text="SHA-256 of the token (hex)."
    )
    prefix = models.CharField(
        max_length=16, editable=False, help_text="The token's first characters, to recognise it."
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    created_by = models.CharField(max_length=150)
    created_why = models.TextField(blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True, db_index=True)
    revoked_by = models.CharField(max_length=150, blank=True)
    revoked_why = models.TextField(blank=True)
    scopes = models.CharField(
        max_length=200,
        default="read",
        help_text="Space-separated: read, write, and program:NAME to limit it to programs.",
    )
    expires_at = models.DateTimeField(
        default=default_expiry, db_index=True, help_text="The token stops working then."
    )

    class Meta:
        db_table = "api_token"
        ordering = ["created_at", "id"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def scope_set(self) -> frozenset[str]:
        """The token's scopes, each by its one name (a token issued with a program's
        other name keeps the program it was given)."""
        return frozenset(scope_name(scope) for scope in self.scopes.split())

    @property
    def programs(self) -> tuple[str, ...]:
        """The programs the token is limited to; empty: the whole city."""
        return tuple(program for program in PROGRAMS if PROGRAM_PREFIX + program in self.scope_set)

    def allows(self, action: str) -> bool:
        return action in self.scope_set

    def sees_program(self, program: str | None) -> bool:
        return not self.programs or program_key(program) in self.programs

    def expired(self, at: datetime) -> bool:
        return at >= self.expires_at
