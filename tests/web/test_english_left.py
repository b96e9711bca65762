"""Every page in Spanish and Traditional Chinese says nothing in English but names,
addresses, keys and the law's own words: each page the access table names is opened by
a reader of each language, and the sentences of its text that read as English are
counted (two or more of English's commonest small words — "the", "of", "is", none of
them a Spanish word — in a line, outside the law's quotes and the English a page marks
``lang="en"``)."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from sanitas.access.doors import PAGES

from ..access.test_doors import World, _patterns

pytestmark = pytest.mark.django_db

SMALL = frozenset(
    [
        "the",
        "of",
        "and",
        "to",
        "is",
        "was",
        "for",
        "with",
        "not",
        "this",
        "that",
        "by",
        "from",
        "are",
        "has",
        "have",
        "its",
        "their",
        "your",
        "you",
        "be",
        "been",
        "will",
        "may",
        "must",
        "an",
        "at",
        "on",
        "or",
        "as",
        "it",
        "which",
        "what",
        "who",
        "when",
        "than",
    ]
)


#: the lines still English on each page, in either language, in the test's small city
#: (what stays English and why: docs/languages.md); a page may only fall below its number
ENGLISH_LEFT: dict[str, int] = {}


class _Visible(HTMLParser):
    """The lines a reader sees: no script, style or head, nor anything marked English."""

    SKIP = frozenset({"script", "style", "head", "title", "svg"})

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self._stack: list[tuple[str, bool]] = []
        self._buffer: list[str] = []

    def _hidden(self) -> bool:
        return any(hidden for _, hidden in self._stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        hidden = (
            tag in self.SKIP
            or attrs.get("lang", "").lower().startswith("en")
            or tag in ("code", "kbd", "samp", "blockquote", "q")
        )
        if tag in ("br", "img", "input", "meta", "link", "hr", "source", "wbr"):
            return
        self._flush()
        self._stack.append((tag, hidden))

    def handle_endtag(self, tag):
        self._flush()
        for i in range(len(self._stack) - 1, -1, -1):
            if self._stack[i][0] == tag:
                del self._stack[i:]
                break

    def handle_data(self, data):
        if not self._hidden():
            self._buffer.append(data)

    def _flush(self):
        text = " ".join("".join(self._buffer).split())
        self._buffer.clear()
        if text:
            self.lines.append(text)

    def close(self):
        super().close()
        self._flush()


def english_lines(html: str) -> list[str]:
    parser = _Visible()
    parser.feed(html)
    parser.close()
    out = []
    for line in parser.lines:
        words = re.findall(r"[^\W\d_]+", line)
        if sum(1 for w in words if w.lower() in SMALL) >= 2:
            out.append(line)
    return out


@pytest.mark.parametrize("language", ["es", "zh-hant"])
def test_pages_say_nothing_in_english_but_names_and_the_law(db, language, tmp_path):
    world = World()
    reader: User = world.users["superuser"]
    from sanitas.people.models import AccountSettings

    AccountSettings.objects.update_or_create(account=reader, defaults={"language": language})
    from django.test import Client

    client = Client()
    client.force_login(reader)
    found: dict[str, list[str]] = {}
    for name in sorted(_patterns()):
        if name.startswith("api:") or PAGES[name].get is None:
            continue
        url = reverse(name, kwargs=world.kwargs(name))
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        kind = response.get("Content-Type", "")
        if response.status_code != 200 or not kind.startswith("text/html"):
            continue
        lines = english_lines(response.content.decode())
        if lines:
            found[name] = lines
    report = os.environ.get("SANITAS_ENGLISH_LEFT")
    if report:
        with open(f"{report}-{language}.txt", "w", encoding="utf-8") as out:
            for name, lines in sorted(found.items()):
                out.write(f"== {name} ({len(lines)})\n")
                out.writelines(f"   {line}\n" for line in lines)
    counts = {name: len(lines) for name, lines in found.items()}
    grown = {
        name: (n, ENGLISH_LEFT.get(name, 0))
        for name, n in counts.items()
        if n > ENGLISH_LEFT.get(name, 0)
    }
    assert not grown, f"English lines on pages in {language} (found, allowed): {grown}"
