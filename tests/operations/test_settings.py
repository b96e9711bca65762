"""The settings read from the environment."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ..conftest import ROOT

SHOW = "from django.conf import settings; print(settings.DATA_DIR)"


def _env(**variables: str) -> dict[str, str]:
    """This environment without Sanitas's variables, a key given and a database that
    is never opened (so that no key or database file is written), and ``variables``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SANITAS_")}
    env.update(
        DJANGO_SETTINGS_MODULE="sanitas.settings",
        SANITAS_SECRET_KEY="k" * 50,
        DATABASE_URL="postgres://nobody@localhost/none",
        PYTHONPATH=str(ROOT),
        **variables,
    )
    return env


def _run(tmp_path, *command: str, **variables: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *command],
        cwd=tmp_path,
        env=_env(**variables),
        capture_output=True,
        text=True,
    )


def _data_dir(tmp_path, value: str | None) -> str:
    done = _run(tmp_path, "-c", SHOW, **({} if value is None else {"SANITAS_DATA_DIR": value}))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("value", [None, "", "  "])
def test_the_data_directory_unset_or_empty_is_var_beside_the_code(tmp_path, value):
    assert _data_dir(tmp_path, value) == str(ROOT / "var")
    assert list(tmp_path.iterdir()) == []  # nothing written in the working directory


def test_the_data_directory_set_is_taken(tmp_path):
    assert _data_dir(tmp_path, str(tmp_path / "data")) == str(tmp_path / "data")


SETTINGS = (
    "from django.conf import settings as s; "
    "print(s.SESSION_COOKIE_AGE, s.AXES_FAILURE_LIMIT, s.EMAIL_PORT, s.ALLOWED_HOSTS, "
    "s.LOGGING['root']['level'], s.SANITAS_NIGHTLY_SWEEP_AT)"
)


def test_variables_set_empty_take_their_defaults(tmp_path):
    empty = {
        name: ""
        for name in (
            "SANITAS_SESSION_HOURS",
            "SANITAS_SIGN_IN_FAILURES",
            "SANITAS_EMAIL_PORT",
            "SANITAS_ALLOWED_HOSTS",
            "SANITAS_LOG_LEVEL",
            "SANITAS_NIGHTLY_SWEEP_AT",
            "SANITAS_JOB_LEASE_MINUTES",
            "SANITAS_LOCKOUT_MINUTES",
        )
    }
    done = _run(tmp_path, "-c", SETTINGS, **empty)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(" ", 3)[:3] == ["28800", "5", "25"]
    assert "'localhost', '127.0.0.1', '[::1]']" in done.stdout
    assert done.stdout.rstrip().endswith("WARNING 02:00")


@pytest.mark.parametrize("command", [["sweep"], ["serve", "--no-demo"]])
def test_a_variable_that_is_not_a_number_is_named_in_one_line(tmp_path, command):
    done = _run(tmp_path, "-m", "sanitas", *command, SANITAS_SESSION_HOURS="eight")
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "sanitas: the settings could not be used: "
        "SANITAS_SESSION_HOURS: expected a number, got 'eight'"
    )
