"""Progress bars for the commands that can run long (``sanitas sweep``, ``import``,
``demo``, ``serve``'s first start), drawn with rich on standard error, and only
when standard error is a terminal: a command whose output goes to a file, a pipe
or a log prints what it always printed, and no bar.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple, TextIO


class Bar:
    """One task's bar: ``bar(done, total)`` moves it; ``bar.stage(words)`` says what
    is being done (with no count yet, the bar pulses)."""

    def __init__(self, progress: object | None, description: str, unit: str) -> None:
        self._progress = progress
        self._unit = unit
        self._task = None
        if progress is not None:
            self._task = progress.add_task(description, total=None, unit=unit)

    def __call__(self, done: int, total: int | None = None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, completed=done, total=total)

    def stage(self, description: str, *, total: int | None = None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, description=description, total=total, completed=0)

    @property
    def shown(self) -> bool:
        return self._progress is not None


def wanted(stream: TextIO | None = None) -> bool:
    """Is a bar wanted: is ``stream`` (standard error) a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress_bar(description: str, *, unit: str, stream: TextIO | None = None) -> Iterator[Bar]:
    """A bar on ``stream`` (standard error) while the block runs, when it is a
    terminal; otherwise a :class:`Bar` that draws nothing."""
    stream = sys.stderr if stream is None else stream
    if not wanted(stream):
        yield Bar(None, description, unit)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[unit]}"),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    console = Console(file=stream, stderr=stream is sys.stderr)
    with Progress(*columns, console=console, transient=False) as progress:
        yield Bar(progress, description, unit)


class Said(NamedTuple):
    """A line of progress as its English text (``%(name)s`` placeholders, marked for
    the catalogs with ``gettext_noop``) and its arguments. Printed, it is the English,
    counts grouped ("storing facts 3,001 to 4,000 of 12,000"); a job keeps the text and
    the arguments, for its page to say them in the reader's language."""

    text: str
    args: tuple[tuple[str, Any], ...]

    def __str__(self) -> str:
        return self.text % {k: f"{v:,}" if type(v) is int else v for k, v in self.args}


def said(text: str, /, **args: Any) -> Said:
    return Said(text, tuple(sorted(args.items())))
