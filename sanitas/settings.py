"""Django settings for the Sanitas records system.

SQLite (WAL mode, so the web process and a sweep can work at once) is the
embedded default; set ``DATABASE_URL`` (e.g. ``postgres://user@host/sanitas``)
for PostgreSQL.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("SANITAS_DATA_DIR", BASE_DIR / "var"))

DEBUG = os.environ.get("SANITAS_DEBUG", "1") == "1"
SECRET_KEY = os.environ.get("SANITAS_SECRET_KEY") or (
    "insecure-development-key-set-SANITAS_SECRET_KEY-in-production" if DEBUG else ""
)
ALLOWED_HOSTS = os.environ.get("SANITAS_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")

INSTALLED_APPS = [
    "sanitas.staff.apps.RepairAdminConfig",  # the admin, for superusers repairing data
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "simple_history",
    "sanitas.records",
    "sanitas.staff",
    "sanitas.web",
    "sanitas.casework",
    "django_filters",
    "ninja",
    "sanitas.api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
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
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": DATA_DIR / "sanitas.sqlite3",
        "OPTIONS": {
            # WAL lets readers and one writer work at once; IMMEDIATE takes the write
            # lock when a transaction starts, so two writers queue instead of failing
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 30,
        },
    }


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "America/Los_Angeles"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
