"""The access policy: for each role, what it may read and what it may do, and over which
objects. Declared once here; every door asks :func:`allows` (pages, forms, the buttons a
page offers, the API, tokens, jobs, exports, notice PDFs and evidence files).

The table is :data:`GRANTS`: role → permission → scope. A scope is

- ``ALL``: every object of the permission;
- ``OWN``: the role's own objects — those of its programs (a notice, an inspection and
  its evidence, a report, a feed), the fact types it records, or for a hearing officer
  the hearings assigned to them (and the notices those hearings are about).

A permission that names no object (the audit, starting a sweep) has ``ALL`` only.
Asked without an object, :func:`allows` answers whether the user may do it to any object
at all (a page's door); asked with one, whether to that object. An object says what it is
about with :class:`About`, or with an ``access_about()`` method returning one (a notice, an
inspection visit).

The predicates are ``rules`` predicates (``rules.add_perm``), so Django's
``user.has_perm(name, obj)`` and the ``{% has_perm %}`` template tag answer the same as
:func:`allows`. A superuser (kept for repairs) may do everything; an inactive or anonymous
user nothing. A token never exceeds its user: :func:`allows` with ``token=`` asks the user's
roles at the moment of use and then narrows by the token's scopes (``read`` permits reading
permissions, ``write`` the others, ``program:…`` the objects of those programs).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import reduce
from typing import Any

import rules

from sanitas.access.roles import (
    ROLES,
    Role,
    program_key,
    records_types,
    roles_of,
)

ALL = "all"
OWN = "own"


@dataclass(frozen=True)
class About:
    """What an object is, as the policy asks: its programs, its fact type (a record),
    and the usernames of the hearing officers assigned to it (a hearing, a citation under
    appeal, the notice it follows)."""

    programs: tuple[str, ...] = ()
    fact_type: str | None = None
    officers: tuple[str, ...] = ()

    @classmethod
    def program(cls, name: str | None) -> About:
        key = program_key(name)
        return cls(programs=(key,) if key else ())

    @classmethod
    def record(cls, fact_type: str) -> About:
        return cls(fact_type=fact_type)


@dataclass(frozen=True)
class Permission:
    name: str
    #: what it lets a person do, in words (the README's table and the refusal pages)
    does: str
    #: True for a permission that changes something: a token needs its ``write`` scope
    writes: bool
    #: what ``OWN`` means for it: "programs", "fact_type", "officer" or "" (no object)
    about: str = ""


PERMISSIONS: dict[str, Permission] = {
    p.name: p
    for p in (
        # ---- reading
        Permission(
            "records.view",
            "read the records, findings, worklist, cases, timelines, lists and their exports",
            writes=False,
            # every role that reads sees every program (the records are public records,
            # GEN-RECORDS-PUBLIC); a city may narrow a role to OWN, its programs' findings
            about="programs",
        ),
        Permission(
            "notices.view",
            "read notices and citations, their PDFs, orders and the mail house's files",
            writes=False,
            about="programs",
        ),
        Permission(
            "evidence.view",
            "see inspection visits with their photos and signatures",
            writes=False,
            about="programs",
        ),
        Permission("jobs.view", "follow jobs and download their rejects files", writes=False),
        Permission("reports.view", "read the reports and their finished builds", writes=False),
        Permission("audit.view", "read the audit of every write, and export it", writes=False),
        Permission(
            "hearings.view", "see the hearings and their dates", writes=False, about="officer"
        ),
        Permission(
            "engine.evaluate",
            "apply the law to a posted facts document (nothing is stored)",
            writes=False,
        ),
        # ---- doing
        Permission(
            "records.record",
            "record, change and void records",
            writes=True,
            about="fact_type",
        ),
        Permission("cases.work", "assign cases and write case notes", writes=True),
        Permission(
            "inspections.make",
            "make inspection visits and void a mistaken photo",
            writes=True,
            about="programs",
        ),
        Permission("imports.upload", "upload feeds to import", writes=True, about="programs"),
        Permission("sweeps.start", "start a sweep of the records", writes=True),
        Permission("reports.build", "build reports", writes=True, about="programs"),
        Permission(
            "notices.draft",
            "draft notices and citations, edit drafts, draft a correction of a served notice",
            writes=True,
            about="programs",
        ),
        Permission("notices.approve", "approve notices and citations before service", writes=True),
        Permission(
            "notices.serve",
            "serve notices and citations, one at a time or together",
            writes=True,
            about="programs",
        ),
        Permission(
            "notices.comply",
            "record compliance with a served notice",
            writes=True,
            about="programs",
        ),
        Permission("notices.rescind", "rescind a notice", writes=True),
        Permission(
            "payments.record",
            "record payments of citations",
            writes=True,
            about="programs",
        ),
        Permission(
            "extensions.request",
            "record a request to extend a notice's deadline",
            writes=True,
            about="programs",
        ),
        Permission("extensions.decide", "grant or deny an extension", writes=True),
        Permission(
            "appeals.file",
            "record a request for a hearing on a citation",
            writes=True,
            about="programs",
        ),
        Permission("hearings.schedule", "schedule hearings before a hearing officer", writes=True),
        Permission(
            "hearings.decide",
            "decide a hearing and issue its final written order",
            writes=True,
            about="officer",
        ),
        Permission(
            "users.manage",
            "invite staff, change their roles, deactivate accounts",
            writes=True,
        ),
    )
}

#: what every program's staff may do in their own programs (and read in all)
_PROGRAM_STAFF: dict[str, str] = {
    "records.view": ALL,
    "notices.view": OWN,
    "evidence.view": OWN,
    "jobs.view": ALL,
    "engine.evaluate": ALL,
    "records.record": OWN,
    "cases.work": ALL,
    "inspections.make": OWN,
    "notices.draft": OWN,
    "notices.serve": OWN,
    "notices.comply": OWN,
    "extensions.request": OWN,
    "appeals.file": OWN,
}

#: THE TABLE: role → permission → scope. Nothing else grants anything.
GRANTS: dict[str, dict[str, str]] = {
    "fog_inspector": {
        **_PROGRAM_STAFF,
        "imports.upload": OWN,  # the haulers' pump-out manifests
        "reports.view": ALL,
        "reports.build": OWN,  # the FOG program report
    },
    "permit_clerk": {**_PROGRAM_STAFF},
    "sb1383_coordinator": {
        **_PROGRAM_STAFF,
        "imports.upload": OWN,  # hauler accounts, food recovery pounds
        "reports.view": ALL,
        "reports.build": OWN,  # the SB 1383 annual report, the Implementation Record
        "payments.record": OWN,
    },
    "code_enforcement": {
        **_PROGRAM_STAFF,
        "imports.upload": OWN,  # hauler accounts
    },
    "supervisor": {name: ALL for name in PERMISSIONS if name != "hearings.decide"},
    "hearing_officer": {
        "notices.view": OWN,  # the citations they hear and the notices those follow
        "hearings.view": OWN,
        "hearings.decide": OWN,
    },
    "auditor": {
        name: ALL
        for name in (
            "records.view",
            "notices.view",
            "evidence.view",
            "jobs.view",
            "reports.view",
            "audit.view",
            "hearings.view",
            "engine.evaluate",
        )
    },
}


class UnknownPermission(KeyError):
    pass


def permission(name: str) -> Permission:
    try:
        return PERMISSIONS[name]
    except KeyError:
        raise UnknownPermission(f"no permission called {name!r} in the access policy") from None


def about_of(obj: Any) -> About | None:
    """What ``obj`` is about, for the policy: an :class:`About`, or what its
    ``access_about()`` says, or None (no object: any object at all)."""
    if obj is None or isinstance(obj, About):
        return obj
    method = getattr(obj, "access_about", None)
    if method is None:
        raise TypeError(f"{type(obj).__name__} does not say what it is about (access_about)")
    return method()


def _own(role: Role, user: Any, perm: Permission, about: About) -> bool:
    """Whether ``about`` is among ``role``'s own objects for ``perm``."""
    if perm.about == "fact_type":
        return about.fact_type is not None and records_types(role, about.fact_type)
    if perm.about == "officer":
        return user.get_username() in about.officers
    if perm.about == "programs":
        own = set(role.programs) & set(about.programs)
        return bool(own) or user.get_username() in about.officers
    return False


def _grant(role: Role, perm: Permission) -> rules.Predicate:
    def holds(user: Any, obj: Any = None) -> bool:
        # the scope is read from the table when asked, so that the table stays the one
        # place it is said
        scope = GRANTS[role.group].get(perm.name)
        if scope is None or role not in roles_of(user):
            return False
        about = about_of(obj)
        if scope == ALL or about is None:
            return True
        return _own(role, user, perm, about)

    return rules.predicate(holds, name=f"{role.group} {perm.name}")


@rules.predicate
def _active(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False) and user.is_active)


@rules.predicate
def _superuser(user: Any) -> bool:
    return bool(getattr(user, "is_superuser", False))


def _register() -> None:
    for name, perm in PERMISSIONS.items():
        grants = [
            _grant(ROLES[group], perm) for group, granted in GRANTS.items() if name in granted
        ]
        rule = _active & reduce(operator.or_, grants, _superuser)
        rules.set_perm(name, rule)


_register()


def allows(user: Any, name: str, obj: Any = None, *, token: Any = None) -> bool:
    """May ``user`` do ``name`` (to ``obj``, or to any object when None)? With ``token``
    (an API token of that user) the answer is narrowed by the token's scopes."""
    perm = permission(name)
    if token is not None and not token_allows(token, perm, about_of(obj)):
        return False
    return rules.has_perm(name, user, obj)


def token_allows(token: Any, perm: Permission, about: About | None) -> bool:
    """What a token's own scopes allow, before its user's roles are asked."""
    if not token.allows("write" if perm.writes else "read"):
        return False
    programs = {program_key(p) for p in token.programs}
    if programs and about is not None and about.programs:
        return bool(programs & set(about.programs))
    return True


def may_write_anything(user: Any) -> bool:
    """Whether any permission that changes something is the user's: a ``write`` token is
    issued only to such a user."""
    return any(allows(user, name) for name, perm in PERMISSIONS.items() if perm.writes)


def may_read_anything(user: Any) -> bool:
    return any(allows(user, name) for name, perm in PERMISSIONS.items() if not perm.writes)


def scope_words(role: str, name: str) -> str:
    """How far a role's grant of ``name`` reaches, in words (the README's table)."""
    scope = GRANTS[role].get(name)
    if scope is None:
        return ""
    if scope == ALL:
        return "all"
    about = PERMISSIONS[name].about
    if about == "fact_type":
        return "own types"
    if about == "officer" or (about == "programs" and not ROLES[role].programs):
        return "assigned"
    return "own program"


def markdown_table() -> str:
    """The table as the README shows it: a row for each permission, a column for each
    role, and how far each role's grant reaches ("all", "own program", "own types",
    "assigned"; blank: not at all)."""
    roles = list(ROLES.values())
    head = "| may … | " + " | ".join(role.title for role in roles) + " |"
    rule = "|---|" + "---|" * len(roles)
    rows = [
        f"| {perm.does} | " + " | ".join(scope_words(role.group, name) for role in roles) + " |"
        for name, perm in PERMISSIONS.items()
    ]
    return "\n".join([head, rule, *rows])


def markdown_roles(name: str) -> str:
    """The roles that hold ``name``, by title, with how far (for the docs)."""
    held = []
    for group, granted in GRANTS.items():
        if name in granted:
            words = scope_words(group, name)
            held.append(ROLES[group].title + ("" if words == "all" else f" ({words})"))
    return ", ".join(held)
