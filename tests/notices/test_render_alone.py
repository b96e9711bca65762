"""A notice's words are the law's and the catalogs': rendering what a document prints
in a language needs neither the records' models nor a database (the legal review's
script, scripts/review_notices.py, renders drafts with Django's templates alone)."""

from __future__ import annotations

import subprocess
import sys

from ..conftest import ROOT

ALONE = """
import sys
from sanitas.notices.render import requirement_words
title = "Interceptor pump-out frequency"
content = {"requirement": "FOG-MIN-FREQUENCY", "requirement_title": title}
print(requirement_words(content, "es")[1], requirement_words(content, "zh-Hant")[1])
print(requirement_words(content, "en"))
print("sanitas.records.models" in sys.modules)
"""


def test_a_requirement_title_renders_in_each_language_without_the_records():
    proc = subprocess.run(
        [sys.executable, "-c", ALONE], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "es zh-Hant"
    assert lines[1] == "('Interceptor pump-out frequency', 'en')"
    assert lines[2] == "False"
