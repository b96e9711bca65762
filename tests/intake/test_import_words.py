"""The import's own words match how it stores a file: ``sanitas import --help`` says a
large file is validated whole, stored in parts of about a thousand facts, each in its
own transaction, and that a rerun completes it and changes nothing already stored."""

from __future__ import annotations

import subprocess
import sys

from sanitas.records import store


def test_the_import_help_says_how_a_large_file_is_stored():
    help_text = subprocess.run(
        [sys.executable, "-m", "sanitas", "import", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    words = " ".join(help_text.split())
    assert "in one transaction. By default" not in words  # the old, wrong claim
    assert "A large one is validated whole first, then stored in parts (a thousand facts" in words
    assert store.STORE_CHUNK == 1_000  # "a thousand facts", as the help says
    assert "each in a transaction of its own" in words
    assert (
        "importing the same file again stores the rest and changes nothing already stored" in words
    )
    assert "1 the database or the disk refused" in words
