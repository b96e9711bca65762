"""The only writers of staff accounts: invite, change, deactivate, reactivate, and the
password an invited person sets. Each is keyword-only, takes the acting user as
``actor=``, runs in one transaction, asks the access policy again whether the actor may
manage staff (the page's door asked first), and appends an
:class:`~sanitas.people.models.AccountEvent` for every change, saying before and after
in words. A change that cannot be made raises :class:`PeopleError`, naming each field,
and stores nothing.

The guard rails: nobody deactivates their own account or removes their own supervisor
role (so that a supervisor cannot lock the city out by mistake), and superusers, kept
for repairs, are changed only in the admin. User names and e-mail addresses are unique
among all accounts, deactivated ones too (compared without regard to case).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.tokens import default_token_generator
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import IntegrityError, connection, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.encoding import force_bytes
from django.utils.formats import date_format
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sanitas.access.doors import require
from sanitas.access.roles import ROLES
from sanitas.people.models import AccountEvent, AccountSettings

MANAGE = "users.manage"
SUPERVISOR = "supervisor"
#: the longest names Django's user table keeps
NAME_MAX = 150
EMAIL_MAX = 254


class PeopleError(ValueError):
    """A change to a staff account that cannot be made. ``errors`` maps each field
    (``username``, ``email``, ``first_name``, ``last_name``, ``roles``, ``why``, or
    ``account`` for the account as a whole) to what is wrong with it; ``problems`` says
    the same one line each, naming the field."""

    def __init__(self, errors: dict[str, list[str]]) -> None:
        self.errors = errors
        self.problems = [f"{FIELD_WORDS.get(f, f)}: {m}" for f, ms in errors.items() for m in ms]
        super().__init__("; ".join(self.problems))


class StaleAccount(PeopleError):
    """The account changed since the page a change was made from was opened: the
    change is refused whole and ``since`` holds what the other person changed (the
    events after the page's version); ``version`` is the account's version now, from
    which the same change may be made again once the person has looked."""

    def __init__(self, account: Any, since: list[Any], version: str) -> None:
        self.since = since
        self.version = version
        changes = "; ".join(event_words(event) for event in since) or _("it was changed")
        super().__init__(
            {
                "account": [
                    _(
                        "%(account)s was changed since you opened this page (%(changes)s); "
                        "nothing of yours was saved: look at the change below and save yours "
                        "again if it still holds"
                    )
                    % {"account": _named(account), "changes": changes}
                ]
            }
        )


FIELD_WORDS = {
    "username": gettext_lazy("user name"),
    "email": gettext_lazy("e-mail"),
    "first_name": gettext_lazy("first name"),
    "last_name": gettext_lazy("last name"),
    "roles": gettext_lazy("roles"),
    "why": gettext_lazy("reason"),
    "account": gettext_lazy("account"),
    "language": gettext_lazy("language"),
}


class _Problems:
    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    def add(self, field: str, message: str) -> None:
        self.errors.setdefault(field, []).append(message)

    def raise_any(self) -> None:
        if self.errors:
            raise PeopleError(self.errors)


# --------------------------------------------------------------------------- in words


def role_titles(groups: Iterable[str]) -> list[str]:
    """The titles of the roles among ``groups``, in the order of :data:`ROLES`."""
    held = set(groups)
    return [role.title for group, role in ROLES.items() if group in held]


def roles_words(groups: Iterable[str]) -> str:
    return ", ".join(role_titles(groups)) or "no role"


def full_name(first_name: str, last_name: str) -> str:
    return f"{first_name} {last_name}".strip()


def _groups_of(account: Any) -> set[str]:
    return set(account.groups.filter(name__in=list(ROLES)).values_list("name", flat=True))


# --------------------------------------------------------------------------- checks


def _text(value: str | None) -> str:
    return (value or "").strip()


def _check_name(problems: _Problems, first_name: str, last_name: str) -> None:
    for field, value, required, too_long in (
        (
            "first_name",
            first_name,
            _("the first name is required"),
            _("the first name is at most %(count)d characters"),
        ),
        (
            "last_name",
            last_name,
            _("the last name is required"),
            _("the last name is at most %(count)d characters"),
        ),
    ):
        if not value:
            problems.add(field, required)
        elif len(value) > NAME_MAX:
            problems.add(field, too_long % {"count": NAME_MAX})


def _check_email(problems: _Problems, email: str, *, other_than: int | None = None) -> None:
    if not email:
        problems.add("email", _("an e-mail address is required (the invitation is sent to it)"))
        return
    if len(email) > EMAIL_MAX:
        problems.add(
            "email", _("an e-mail address is at most %(count)d characters") % {"count": EMAIL_MAX}
        )
        return
    try:
        validate_email(email)
    except ValidationError:
        problems.add("email", _("%(email)r is not an e-mail address") % {"email": email})
        return
    taken = get_user_model().objects.filter(email__iexact=email)
    if other_than is not None:
        taken = taken.exclude(pk=other_than)
    holder = taken.first()
    if holder is not None:
        problems.add(
            "email",
            _("%(email)s is already the e-mail of the account %(account)r")
            % {"email": email, "account": holder.username},
        )


def _check_username(problems: _Problems, username: str) -> None:
    if not username:
        problems.add("username", _("a user name is required"))
        return
    if len(username) > NAME_MAX:
        problems.add(
            "username", _("a user name is at most %(count)d characters") % {"count": NAME_MAX}
        )
        return
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError:
        problems.add(
            "username",
            _("%(username)r: a user name has only letters, digits and the marks @ . + - _")
            % {"username": username},
        )
        return
    holder = get_user_model().objects.filter(username__iexact=username).first()
    if holder is not None:
        problems.add(
            "username",
            _("%(username)r is already taken by %(account)s")
            % {"username": username, "account": _named(holder)},
        )


def _check_roles(problems: _Problems, roles: Iterable[str]) -> list[str]:
    chosen = [str(group) for group in roles]
    unknown = [group for group in chosen if group not in ROLES]
    if unknown:
        problems.add(
            "roles", _("no role called %(roles)s") % {"roles": ", ".join(repr(u) for u in unknown)}
        )
    if not chosen:
        problems.add("roles", _("choose at least one role (to take every role away, deactivate)"))
    return [group for group in ROLES if group in chosen]


def _named(account: Any) -> str:
    name = account.get_full_name()
    return f"{name} ({account.username})" if name else repr(account.username)


def _serialised() -> None:
    """Account changes wait for one another (on PostgreSQL; SQLite's transactions
    already take the write lock when they start), so that two invitations with one
    e-mail address cannot both pass the check."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext('sanitas.people'))")


def _open(account_id: int) -> Any:
    """The account, locked for the change; a superuser is refused (for repairs, in the
    admin)."""
    account = get_user_model().objects.select_for_update().filter(pk=account_id).first()
    if account is None:
        raise PeopleError(
            {"account": [_("no staff account number %(number)s") % {"number": account_id}]}
        )
    if account.is_superuser:
        raise PeopleError(
            {
                "account": [
                    _(
                        "%(account)s is a superuser, kept for repairs: it is changed only in "
                        "the admin"
                    )
                    % {"account": _named(account)}
                ]
            }
        )
    return account


#: the events that change what the person's page edits (an invitation sent again, or a
#: password the person set, changes none of it)
EDITS = (
    AccountEvent.ROLES_CHANGED,
    AccountEvent.NAME_CHANGED,
    AccountEvent.EMAIL_CHANGED,
    AccountEvent.DEACTIVATED,
    AccountEvent.REACTIVATED,
)


def account_version(account: Any) -> str:
    """The version of ``account`` its page's forms are made from: the number of its
    latest event that changed what the page edits ("0" before any)."""
    latest = (
        AccountEvent.objects.filter(account=account, action__in=EDITS)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
    )
    return str(latest or 0)


def event_words(event: Any) -> str:
    """One event in words: who, when, what it was and what it became."""
    who = get_user_model().objects.filter(username=event.actor).first()
    name = (who.get_full_name() if who else "") or event.actor
    when = date_format(timezone.localtime(event.at), "N j, Y, P")
    change = f"{event.before} → {event.after}" if event.before or event.after else ""
    return f"{name}, {when}: {event.get_action_display()}" + (f" ({change})" if change else "")


def _check_version(account: Any, version: str | None) -> None:
    """Refuse a change made from a page opened before the account's latest edit
    (``version`` None: a caller that read the account in this transaction)."""
    if version is None:
        return
    now = account_version(account)
    if version.strip() == now:
        return
    after = int(version) if version.strip().isdigit() else 0
    since = AccountEvent.objects.filter(account=account, action__in=EDITS, id__gt=after)
    raise StaleAccount(account, list(since.order_by("id")), now)


def _event(account: Any, actor: str, action: str, before: str, after: str, why: str) -> Any:
    return AccountEvent.objects.create(
        account=account, actor=actor, action=action, before=before, after=after, why=why
    )


def _set_roles(account: Any, groups: list[str]) -> None:
    wanted = {Group.objects.get_or_create(name=group)[0] for group in groups}
    held = set(account.groups.filter(name__in=list(ROLES)))
    if held - wanted:
        account.groups.remove(*(held - wanted))
    if wanted - held:
        account.groups.add(*(wanted - held))


# --------------------------------------------------------------------------- invitations


def invitation_link(account: Any, *, site: str) -> str:
    """The address where ``account`` sets its password: Django's password-reset link
    (``default_token_generator``), good once and for ``PASSWORD_RESET_TIMEOUT``."""
    path = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(account.pk)),
            "token": default_token_generator.make_token(account),
        },
    )
    return site.rstrip("/") + path


def _send_invitation(account: Any, *, actor: Any, site: str) -> None:
    """The invitation's e-mail, in the language of the account (chosen when it was
    invited; the page's where none was)."""
    from sanitas.people.words import roles_words as roles_in_words

    days = max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)
    with translation.override(account_language(account) or translation.get_language()):
        context = {
            "account": account,
            "name": account.get_full_name() or account.username,
            "invited_by": actor.get_full_name() or actor.get_username(),
            "roles": roles_in_words(_groups_of(account)),
            "link": invitation_link(account, site=site),
            "days": days,
            "sign_in": site.rstrip("/") + reverse("login"),
        }
        subject = render_to_string("people/invitation_subject.txt", context).strip()
        body = render_to_string("people/invitation_email.txt", context)
    try:
        send_mail(subject, body, None, [account.email])
    except OSError as exc:
        # the account is not kept without its invitation: the transaction is undone
        raise PeopleError(
            {
                "email": [
                    _("the invitation could not be sent to %(email)s (%(why)s); nothing was stored")
                    % {"email": account.email, "why": exc}
                ]
            }
        ) from None


@transaction.atomic
def invite(
    *,
    actor: Any,
    username: str,
    first_name: str,
    last_name: str,
    email: str,
    roles: Iterable[str],
    site: str,
    language: str = "",
) -> Any:
    """Make a staff account with ``roles`` and an unusable password, and e-mail the
    person a link (on ``site``, the application's address such as
    ``https://sanitas.city.example``) where they set their password. ``language`` (one
    of ``settings.LANGUAGES``; "" for none) is the language of their pages and of the
    e-mail."""
    require(actor, MANAGE)
    _serialised()
    username, email = _text(username), _text(email)
    first_name, last_name = _text(first_name), _text(last_name)
    problems = _Problems()
    _check_name(problems, first_name, last_name)
    _check_username(problems, username)
    _check_email(problems, email)
    groups = _check_roles(problems, roles)
    language = _text(language)
    if language and language not in language_names():
        problems.add(
            "language",
            _("%(language)r is not one of the pages' languages (%(languages)s)")
            % {"language": language, "languages": ", ".join(language_names())},
        )
    problems.raise_any()
    try:
        with transaction.atomic():
            account = get_user_model().objects.create_user(
                username=username,
                email=email,
                password=None,  # unusable until the person sets theirs
                first_name=first_name,
                last_name=last_name,
            )
    except IntegrityError:
        raise PeopleError(
            {"username": [_("%(username)r is already taken") % {"username": username}]}
        ) from None
    _set_roles(account, groups)
    if language:
        AccountSettings.objects.create(account=account, language=language)
    said = f"{full_name(first_name, last_name)} ({username}), {email}; roles: {roles_words(groups)}"
    if language:
        said += f"; language: {language_names()[language]}"
    _event(account, actor.get_username(), AccountEvent.INVITED, "", said, "")
    _send_invitation(account, actor=actor, site=site)
    return account


@transaction.atomic
def invite_again(*, actor: Any, account_id: int, site: str) -> Any:
    """Send an invited person who has not set a password yet a new link (the first
    may have expired, or gone astray)."""
    require(actor, MANAGE)
    account = _open(account_id)
    if not account.is_active:
        raise PeopleError(
            {
                "account": [
                    _("%(account)s is deactivated: reactivate it first")
                    % {"account": _named(account)}
                ]
            }
        )
    if account.has_usable_password():
        raise PeopleError(
            {
                "account": [
                    _("%(account)s has set a password already and can sign in")
                    % {"account": _named(account)}
                ]
            }
        )
    event = _event(
        account,
        actor.get_username(),
        AccountEvent.INVITED,
        "",
        f"the invitation sent again to {account.email}",
        "",
    )
    _send_invitation(account, actor=actor, site=site)
    return event


@transaction.atomic
def set_own_password(*, account: Any, password: str) -> Any:
    """The person sets their password from their invitation's link (the link's token
    was checked by the page); the account notes it."""
    account = get_user_model().objects.select_for_update().get(pk=account.pk)
    if not account.is_active:
        raise PeopleError(
            {"account": [_("%(account)s is deactivated") % {"account": _named(account)}]}
        )
    first = not account.has_usable_password()
    account.set_password(password)
    account.save(update_fields=["password"])
    _event(
        account,
        account.get_username(),
        AccountEvent.PASSWORD_SET,
        "no password yet" if first else "a password",
        "a password of their own",
        "",
    )
    return account


# --------------------------------------------------------------------------- changes


@transaction.atomic
def change_account(
    *,
    actor: Any,
    account_id: int,
    first_name: str,
    last_name: str,
    email: str,
    roles: Iterable[str],
    why: str = "",
    site: str = "",
    version: str | None = None,
) -> list[Any]:
    """Change an account's name, e-mail and roles to those given; one event for each of
    them that changed (none: nothing changed). A reason is required when the roles
    change. An invited person who has not set a password yet is sent the invitation
    again at a changed address (on ``site``), as the old link no longer works.
    ``version`` (:func:`account_version`) is the account as the page showed it: a change
    made from an older one raises :class:`StaleAccount` and stores nothing."""
    require(actor, MANAGE)
    _serialised()
    account = _open(account_id)
    _check_version(account, version)
    first_name, last_name, email = _text(first_name), _text(last_name), _text(email)
    why = _text(why)
    problems = _Problems()
    _check_name(problems, first_name, last_name)
    if email.lower() != account.email.lower() or not email:
        _check_email(problems, email, other_than=account.pk)
    groups = _check_roles(problems, roles)
    held = [group for group in ROLES if group in _groups_of(account)]
    roles_change = set(groups) != set(held)
    if roles_change and not why:
        problems.add("why", _("say why the roles change (it is kept with the change)"))
    if account.pk == actor.pk and SUPERVISOR in held and SUPERVISOR not in groups:
        problems.add(
            "roles",
            _("you cannot remove your own supervisor role; another supervisor can"),
        )
    problems.raise_any()
    who = actor.get_username()
    events = []
    before_name = full_name(account.first_name, account.last_name)
    if (first_name, last_name) != (account.first_name, account.last_name):
        account.first_name, account.last_name = first_name, last_name
        account.save(update_fields=["first_name", "last_name"])
        after = full_name(first_name, last_name)
        events.append(_event(account, who, AccountEvent.NAME_CHANGED, before_name, after, why))
    if email != account.email:
        before_email = account.email
        account.email = email
        account.save(update_fields=["email"])
        events.append(_event(account, who, AccountEvent.EMAIL_CHANGED, before_email, email, why))
        if site and account.is_active and not account.has_usable_password():
            _send_invitation(account, actor=actor, site=site)
    if roles_change:
        _set_roles(account, groups)
        events.append(
            _event(
                account,
                who,
                AccountEvent.ROLES_CHANGED,
                roles_words(held),
                roles_words(groups),
                why,
            )
        )
    return events


@transaction.atomic
def change_roles(*, actor: Any, account_id: int, roles: Iterable[str], why: str) -> Any:
    """Give an account exactly ``roles`` (a reason is required); the event, or None
    when they were those already."""
    require(actor, MANAGE)
    account = _open(account_id)
    events = change_account(
        actor=actor,
        account_id=account_id,
        first_name=account.first_name,
        last_name=account.last_name,
        email=account.email,
        roles=roles,
        why=why,
    )
    return events[0] if events else None


@transaction.atomic
def deactivate(*, actor: Any, account_id: int, why: str, version: str | None = None) -> Any:
    """Close an account: it can no longer sign in, its sessions end and its API tokens
    stop working. It is kept, with everything it did. ``version``: as
    :func:`change_account`."""
    require(actor, MANAGE)
    _serialised()
    account = _open(account_id)
    _check_version(account, version)
    why = _text(why)
    problems = _Problems()
    if account.pk == actor.pk:
        problems.add("account", _("you cannot deactivate your own account; another supervisor can"))
    elif not account.is_active:
        problems.add(
            "account", _("%(account)s is already deactivated") % {"account": _named(account)}
        )
    if not why:
        problems.add("why", _("say why the account is deactivated (it is kept with the change)"))
    problems.raise_any()
    account.is_active = False
    account.save(update_fields=["is_active"])
    return _event(
        account, actor.get_username(), AccountEvent.DEACTIVATED, "active", "deactivated", why
    )


@transaction.atomic
def reactivate(*, actor: Any, account_id: int, why: str = "", version: str | None = None) -> Any:
    """Open a deactivated account again, with the roles it had. ``version``: as
    :func:`change_account`."""
    require(actor, MANAGE)
    _serialised()
    account = _open(account_id)
    _check_version(account, version)
    if account.is_active:
        raise PeopleError(
            {"account": [_("%(account)s is already active") % {"account": _named(account)}]}
        )
    account.is_active = True
    account.save(update_fields=["is_active"])
    return _event(
        account,
        actor.get_username(),
        AccountEvent.REACTIVATED,
        "deactivated",
        "active",
        _text(why),
    )


# --------------------------------------------------------------------------- one's own


def language_names() -> dict[str, str]:
    """The pages' languages by code, each named in itself (``settings.LANGUAGES``)."""
    return dict(settings.LANGUAGES)


def account_language(account: Any) -> str:
    """The language ``account`` chose for its pages ("" for none chosen: the browser's)."""
    if account is None or not getattr(account, "pk", None):
        return ""
    found = AccountSettings.objects.filter(account_id=account.pk).values_list("language", flat=True)
    return found.first() or ""


@transaction.atomic
def set_language(*, account: Any, language: str) -> Any:
    """The signed-in person chooses the language of their own pages: kept on their
    account, with an account event saying before and after; the event, or None when it
    was that language already. A code not among ``settings.LANGUAGES`` is refused."""
    language = _text(language)
    names = language_names()
    if language not in names:
        raise PeopleError(
            {
                "language": [
                    _("%(language)r is not one of the pages' languages (%(languages)s)")
                    % {"language": language, "languages": ", ".join(names)}
                ]
            }
        )
    account = get_user_model().objects.select_for_update().get(pk=account.pk)
    if not account.is_active:
        raise PeopleError(
            {"account": [_("%(account)s is deactivated") % {"account": _named(account)}]}
        )
    held, _made = AccountSettings.objects.select_for_update().get_or_create(account=account)
    if held.language == language:
        return None
    before = names.get(held.language, "the browser's language")
    held.language = language
    held.save(update_fields=["language"])
    return _event(
        account,
        account.get_username(),
        AccountEvent.LANGUAGE_CHANGED,
        before,
        names[language],
        "",
    )
