"""What an API edit was made from: HTTP's ETag and ``If-Match``.

A record's or a notice's answer carries its version as an ``ETag`` (and in the body,
``version``); an edit sends it back in ``If-Match``. An edit whose ``If-Match`` no
longer names what is stored is refused with 412 and the other change described
(who, when, why, and field by field theirs beside the client's own); an edit of
something stored that sends no ``If-Match`` at all is refused with 428. ``If-Match:
*`` deliberately replaces whatever is stored. A document that changes several
records sends each one's ETag, comma-separated, as HTTP allows.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest

from sanitas.records import versions

#: one entity tag in an If-Match list: quoted (weak ones are not accepted for a write)
_TAG = re.compile(r'\s*(W/)?"([^"]*)"\s*(?:,|$)')


def etag(version: str) -> str:
    """A version as an ``ETag`` header's value."""
    return f'"{version}"'


class BadPrecondition(ValueError):
    """An ``If-Match`` header that cannot be read; the message says why."""


def if_match(request: HttpRequest) -> tuple[str, ...] | None:
    """The versions an ``If-Match`` header names (``("*",)`` for any), or None when
    the request sends none."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    header = header.strip()
    if header == "*":
        return (versions.ANY,)
    tags: list[str] = []
    position = 0
    while position < len(header):
        match = _TAG.match(header, position)
        if match is None:
            raise BadPrecondition(
                f'If-Match: {header[:80]!r} is not a list of quoted versions ("pump_out.1234")'
            )
        if match.group(1):
            raise BadPrecondition(
                "If-Match: a weak version (W/) cannot say what a change was made from"
            )
        tags.append(match.group(2))
        position = match.end()
    if not tags:
        raise BadPrecondition("If-Match: empty; send the version you read, or *")
    return tuple(tags)


def record_versions(tags: tuple[str, ...]) -> tuple[dict[str, str], list[str]]:
    """The records the versions of an ``If-Match`` list are versions of: (key →
    version, problems for tags that are no record's version)."""
    found: dict[str, str] = {}
    problems: list[str] = []
    for tag in tags:
        parsed = versions.parse(tag)
        if parsed is None:
            problems.append(f"If-Match: “{tag}” is not a record's version")
            continue
        fact_type, number = parsed
        from sanitas.records.models import RECORD_MODELS

        key = (
            RECORD_MODELS[fact_type]
            .history.filter(history_id=number)
            .values_list("key", flat=True)
            .first()
        )
        if key is None:
            problems.append(f"If-Match: “{tag}” is not a record's version")
        elif key in found and found[key] != tag:
            problems.append(f"If-Match: two versions of {key} ({found[key]} and {tag})")
        else:
            found[key] = tag
    return found, problems


def conflict_answer(stale: Any, *, me: Any) -> dict[str, Any]:
    """The body of a 412 for a :class:`~sanitas.records.services.StaleVersion`: every
    problem in words, and each conflict field by field."""
    from sanitas.web import conflicts

    described = [conflicts.describe(c, me=me, api=True) for c in stale.conflicts]
    return {
        "detail": [line for words in described for line in conflicts.problem_lines(words)],
        "conflicts": [words.as_json() for words in described],
    }
