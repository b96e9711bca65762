"""When the disk or the database refuses a write: its cause in words.

A write that the database refuses (its file read-only, its disk full, the server's
account stripped of the right to write) or that a full disk stops is rolled back
whole by its transaction; what the person is told is what happened and that nothing
was stored — never a traceback. :func:`cause` words an error for a page, a job's page
and the command line alike (the page: :mod:`sanitas.operations.faults`).
"""

from __future__ import annotations

import errno
from pathlib import Path

from django.db import DatabaseError

#: an operating system's refusal of a write, in words
OS_REFUSALS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EFBIG: "a file grew beyond the size this server may write",
    errno.EROFS: "the disk is mounted read-only",
    errno.EACCES: "this server may not write there",
    errno.EPERM: "this server may not write there",
    errno.EIO: "the disk could not be written",
}
#: a database's refusal of a write, by what its message says, in words
_DATABASE = (
    ("readonly database", "the database is read-only: this server may not write to its file"),
    ("read-only transaction", "the database is read-only"),
    ("database or disk is full", "the disk holding the database is full"),
    ("no space left on device", "the disk holding the database is full"),
    ("could not extend file", "the disk holding the database is full"),
    ("disk quota exceeded", "the disk quota of the database is used up"),
    ("permission denied", "the database refuses this server's account the right to write"),
    ("disk i/o error", "the disk holding the database could not be written"),
    ("unable to open database file", "the database's file could not be opened"),
    ("database is locked", "another writer held the database longer than this one waits"),
)
#: the errors this module words (others are the server's own faults: a 500)
STORAGE_ERRORS = (DatabaseError, OSError)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def cause(exc: BaseException) -> str:
    """What refused the write, in words, with the system's own words after it:
    "the disk holding the database is full (database or disk is full)"."""
    if isinstance(exc, OSError) and not isinstance(exc, DatabaseError):
        plain = OS_REFUSALS.get(exc.errno or 0, "a file could not be written")
        where = f" ({Path(exc.filename).name})" if exc.filename else ""
        return f"{plain}{where}: {exc.strerror or _first_line(exc)}"
    first = _first_line(exc)
    lowered = first.lower()
    for needle, plain in _DATABASE:
        if needle in lowered:
            return f"{plain} ({first})"
    return f"the database could not be used ({first})"


def is_storage_fault(exc: BaseException) -> bool:
    """Whether ``exc`` is the disk's or the database's refusal (not a bug of ours)."""
    if isinstance(exc, DatabaseError):
        return True
    return isinstance(exc, OSError) and exc.errno in OS_REFUSALS
