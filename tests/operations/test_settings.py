"""The settings read from the environment."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ..conftest import ROOT

SHOW = "from django.conf import settings; print(settings.DATA_DIR)"


def _data_dir(tmp_path, value: str | None) -> str:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SANITAS_DATA_DIR", "DATABASE_URL", "SANITAS_SECRET_KEY")
    }
    # a key given, and a database not opened, so that nothing is written anywhere
    env.update(
        DJANGO_SETTINGS_MODULE="sanitas.settings",
        SANITAS_SECRET_KEY="k" * 50,
        DATABASE_URL="postgres://nobody@localhost/none",
        PYTHONPATH=str(ROOT),
    )
    if value is not None:
        env["SANITAS_DATA_DIR"] = value
    done = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("value", [None, "", "  "])
def test_the_data_directory_unset_or_empty_is_var_beside_the_code(tmp_path, value):
    assert _data_dir(tmp_path, value) == str(ROOT / "var")
    assert list(tmp_path.iterdir()) == []  # nothing written in the working directory


def test_the_data_directory_set_is_taken(tmp_path):
    assert _data_dir(tmp_path, str(tmp_path / "data")) == str(tmp_path / "data")
