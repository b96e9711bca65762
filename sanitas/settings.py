"""Django settings for the Sanitas records system.

SQLite (WAL mode, so the web process and a sweep can work at once) is the
embedded default; set ``DATABASE_URL`` (e.g. ``postgres://user@host/sanitas``)
for PostgreSQL.

Everything an operator sets comes from the environment (``docs/operating.md``
lists it): ``SANITAS_DATA_DIR``, ``SANITAS_DEBUG`` (off unless ``1``),
``SANITAS_SECRET_KEY`` (else one generated on first run and kept in the data
directory), ``SANITAS_ALLOWED_HOSTS`` and ``SANITAS_CSRF_TRUSTED_ORIGINS``
(comma-separated), ``SANITAS_HTTPS=1`` when it is served over HTTPS (secure
cookies, HSTS, redirect to HTTPS), ``SANITAS_SESSION_HOURS``, ``SANITAS_LOG_LEVEL``,
``SANITAS_NIGHTLY_SWEEP_AT`` (the nightly sweep's time, 02:00 unless set).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from sanitas.records.keys import private_folder, secret_key, secure_data_dir

BASE_DIR = Path(__file__).resolve().parent.parent


def _text(name: str, default: str) -> str:
    """The variable's value; set but empty (or blank) counts as unset."""
    return os.environ.get(name, "").strip() or default


def _number(name: str, default: str, kind: type = int) -> Any:
    value = _text(name, default)
    try:
        return kind(value)
    except ValueError:
        expected = "a whole number" if kind is int else "a number"
        raise ImproperlyConfigured(f"{name}: expected {expected}, got {value!r}") from None


def _flag(name: str, default: bool = False) -> bool:
    value = _text(name, "").lower()
    if not value:
        return default
    return value in ("1", "true", "yes", "on")


DATA_DIR = Path(_text("SANITAS_DATA_DIR", str(BASE_DIR / "var")))


def _list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in _text(name, default).split(",") if item.strip()]


#: the data directory is its owner's alone (mode 0700), and so are the records and the
#: secrets in it (0600): made so, or tightened at every start; what had to be tightened
#: is logged once the logging is set up (``sanitas.operations.apps``)
DATA_DIR_TIGHTENED = (os.getpid(), secure_data_dir(DATA_DIR))

DEBUG = _flag("SANITAS_DEBUG")
SECRET_KEY = secret_key(DATA_DIR)
ALLOWED_HOSTS = _list("SANITAS_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = _list("SANITAS_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "sanitas.web.apps.RepairAdminConfig",  # the admin, for superusers repairing data
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "simple_history",
    "rules",  # the access policy's predicates and their {% has_perm %} template tag
    "sanitas.access",
    "sanitas.records",
    "sanitas.web",
    "sanitas.casework",
    "django_filters",
    "ninja",
    "sanitas.api",
    "sanitas.notices",
    "sanitas.operations",
    "sanitas.jobs",
    "sanitas.reports",
    "sanitas.people",
    "sanitas.public",
    "axes",
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "sanitas.operations.middleware.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # the page's language: the browser's (Accept-Language) or the language cookie; for
    # a signed-in person, their account's (the middleware after the authentication)
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # a form post is read here first, each file held to its limit as it streams in
    # (before the CSRF check, which reads the form): past it, a 413 and nothing kept
    "sanitas.operations.uploads.UploadLimitMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "sanitas.people.middleware.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # a write the disk or the database refused: a page naming the cause, no traceback
    "sanitas.operations.faults.StorageFaultMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

ROOT_URLCONF = "sanitas.urls"
WSGI_APPLICATION = "sanitas.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "sanitas.web.context.shell",
            ],
        },
    },
]


def _database() -> dict:
    url = os.environ.get("DATABASE_URL")
    if url:
        return dj_database_url.parse(url, conn_max_age=60)
    private_folder(DATA_DIR)
    # the file SQLite makes is its owner's alone too (``sanitas.operations.apps``)
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": DATA_DIR / "sanitas.sqlite3",
        "OPTIONS": {
            # WAL lets readers and one writer work at once; IMMEDIATE takes the write
            # lock when a transaction starts, so two writers queue instead of failing.
            # Temporary storage in memory: each multi-row INSERT inside a transaction
            # keeps a statement journal (the pages it changes, to undo it alone if it
            # fails); in a file, that was two in three of a first sweep's write calls
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA temp_store=MEMORY;"
            ),
            "transaction_mode": "IMMEDIATE",
            "timeout": 30,
        },
    }


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

#: background jobs (sweeps, imports, notice batches, report builds) are django-tasks
#: tasks kept in the database itself (django-tasks-db), so they work the same on
#: SQLite and PostgreSQL with no broker to run; ``manage.py db_worker`` takes them
#: the nightly sweep's time of day (HH:MM, city time), started by the scheduler that
#: ``sanitas serve`` runs beside the web server; a night missed runs at the next start
SANITAS_NIGHTLY_SWEEP_AT = _text("SANITAS_NIGHTLY_SWEEP_AT", "02:00")
#: a running job on another host with no sign of life for this long is taken for one
#: whose worker stopped, and failed (on this host the worker's process is asked)
SANITAS_JOB_LEASE_MINUTES = _number("SANITAS_JOB_LEASE_MINUTES", "30")
TASKS = {
    "default": {
        "BACKEND": "django_tasks_db.DatabaseBackend",
        "QUEUES": ["default", "sweep"],
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --------------------------------------------------------------------------- security

AUTHENTICATION_BACKENDS = [
    # django-axes first: a locked-out sign-in is refused before a password is checked
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    # the access policy (sanitas.access.policy): ``user.has_perm`` and ``{% has_perm %}``
    "rules.permissions.ObjectPermissionBackend",
]
#: five wrong passwords for one user from one address lock that pair out for 15 minutes
AXES_FAILURE_LIMIT = _number("SANITAS_SIGN_IN_FAILURES", "5")
AXES_COOLOFF_TIME = timedelta(minutes=_number("SANITAS_LOCKOUT_MINUTES", "15"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "sanitas.operations.views.lockout_response"
AXES_VERBOSE = False  # sign-ins are logged by sanitas.operations (sanitas.security)

#: a working day, and no longer than the browser stays open
SESSION_COOKIE_AGE = int(_number("SANITAS_SESSION_HOURS", "8", float) * 3600)
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
CSRF_FAILURE_VIEW = "sanitas.operations.views.csrf_failure"

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

#: served over HTTPS (directly or behind a proxy that terminates TLS): secure
#: cookies, HSTS for a year, and plain HTTP redirected
HTTPS = _flag("SANITAS_HTTPS")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = _number("SANITAS_HSTS_SECONDS", "31536000") if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS and _flag("SANITAS_HSTS_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = HTTPS and _flag("SANITAS_HSTS_PRELOAD", True)
if _flag("SANITAS_BEHIND_PROXY"):
    # the proxy in front says which scheme the browser used
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

#: no inline script or style anywhere, nothing from another origin, never framed
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --------------------------------------------------------------------------- logging

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "sanitas.operations.middleware.RequestIdFilter"}},
    "formatters": {
        "plain": {
            "format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s",
        }
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "plain",
        }
    },
    "root": {"handlers": ["console"], "level": _text("SANITAS_LOG_LEVEL", "WARNING")},
    "loggers": {
        "django.request": {"level": "ERROR"},
        "sanitas.security": {"level": "INFO"},
        "axes": {"level": "WARNING"},
    },
}

LANGUAGE_CODE = "en"
TIME_ZONE = "America/Los_Angeles"
USE_I18N = True
#: the staff pages' languages (a person chooses theirs: ``sanitas.people``); each app's
#: catalogs are its ``locale/<es|zh_Hant>/LC_MESSAGES/django.po``, found by Django
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("zh-hant", "繁體中文"),
]
#: Sanitas's own catalogs first: a word the admin's or Django's catalogs also translate
#: ("Change", "Search") is said as the pages' catalogs say it
LOCALE_PATHS = sorted(BASE_DIR.glob("sanitas/*/locale"))
LANGUAGE_COOKIE_NAME = "sanitas_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_TZ = True

# --------------------------------------------------------------------------- uploads

#: the files each address takes and their limits: ``sanitas.operations.uploads``. A
#: form's other fields together hold at most 4 MB (a signature drawn on a phone is
#: sent as text, at most some 2.7 million characters), and so does an API request's
#: body (a facts document to evaluate); a file of more than 2.5 MB is kept in a
#: temporary file (its owner's alone) rather than in memory while it is checked
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 2**20
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 2**19
#: a file saved through Django's storage is its owner's alone, like the data directory
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700

STATIC_URL = "static/"
#: where ``collectstatic`` gathers the pages' files for WhiteNoise: the data directory's
#: static/ unless SANITAS_STATIC_ROOT names another, which several data directories on
#: one machine may share (the files depend on the code only, not on the data)
STATIC_ROOT = Path(_text("SANITAS_STATIC_ROOT", str(DATA_DIR / "static")))
private_folder(STATIC_ROOT)  # WhiteNoise reads it at start
#: evidence files (photographs, proofs of service): ``sanitas backup`` keeps them
MEDIA_ROOT = DATA_DIR / "evidence"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # WhiteNoise serves what collectstatic gathers, compressed, from the application
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "web:home"

# email (notices served by email, sanitas/notices): SMTP from the environment
EMAIL_HOST = _text("SANITAS_EMAIL_HOST", "localhost")
EMAIL_PORT = _number("SANITAS_EMAIL_PORT", "25")
EMAIL_HOST_USER = os.environ.get("SANITAS_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("SANITAS_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = _flag("SANITAS_EMAIL_TLS")
DEFAULT_FROM_EMAIL = _text("SANITAS_EMAIL_FROM", "notices@sangabrielcity.com")
