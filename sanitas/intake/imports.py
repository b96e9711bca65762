"""Importing files into the records: facts files and the bulk feeds a city receives.

- A **facts file** (YAML or JSON, the scenario format: a mapping with a ``facts``
  list, or the list alone) is recorded as it stands: each fact replaces the
  stored record with the same key, as :func:`~sanitas.records.services.record_facts`
  does. Problems are named as the engine names them (``fact 3 (id 'gi-1',
  device): kind: …``).
- A **CSV or XLSX feed** (:mod:`sanitas.intake.feeds`) becomes facts row by
  row. A row updates the stored record with the same key field by field: what
  the row leaves blank stays as it was. Problems are named by row (as a
  spreadsheet numbers them) and column header.

A file is validated whole before anything is stored: every row is converted,
then the whole batch goes through the engine's vocabulary (and the references
are checked against the batch and the stored records). By default a file with
any bad row stores nothing; with ``accept_valid`` the good rows are stored and
the bad ones are returned (and :func:`write_rejects` writes them beside the
input). A record that staff voided is not restored by an import: its row is
reported as skipped.

This module reads, screens and maps; the records store. The rows are handed down
once, as plain data, to :func:`~sanitas.records.rows.store_rows`, which looks up what
the records hold for the keys they name, merges, validates and stores, and whose
every write evaluates the subject groups it touched before it returns, so an import
leaves the worklist current. An import of up to ``STORE_CHUNK``
(:mod:`sanitas.records.store`) facts is one transaction, taken under the records'
write lock (:func:`~sanitas.records.store.under_write_lock`), so two imports at once
behave as one after the other and an import that dies half-way leaves nothing behind.
A larger file is validated whole first, as any file is, then stored in parts of
``STORE_CHUNK`` facts (:func:`~sanitas.records.store.record_in_parts`), each part
evaluated in its own transaction: the write lock (on SQLite, the whole
database's) is never held for more than a part, so that sign-ins and every other
write go on while a hauler's year of manifests is stored. An import of a large
file that dies half-way has stored whole parts; storing the same file again
stores the rest and leaves those as they are (a record stored again unchanged is
counted unchanged).

A file comes from outside, so it is held within bounds before it is trusted:
a facts file within the sizes of :func:`~sanitas.ordinance.document.read_data`,
a CSV file within ``MAX_FEED_BYTES`` (read as it is parsed, never whole), an
XLSX workbook (a zip of XML files) within ``MAX_XLSX_BYTES``, its parts within
``MAX_XLSX_PART`` and ``MAX_XLSX_TOTAL`` once unpacked and none packed tighter
than ``MAX_XLSX_RATIO`` to one (a "zip bomb" unpacks a few kilobytes into
gigabytes), and no part declaring a DTD (whose entities can expand a few lines
into gigabytes: a "billion laughs"), all checked before the workbook is parsed.
Every value is then checked against the bounds of the vocabulary
(:mod:`sanitas.ordinance.bounds`: no NUL, lengths, 64-bit numbers, dates)
before any record is looked up, so that no database ever sees one it cannot
take. The rejects file is written for a spreadsheet: a value it would run as a
formula is written as text (:func:`~sanitas.intake.feeds.spreadsheet_safe`),
and a value longer than a spreadsheet cell holds is cut, saying so.
"""

from __future__ import annotations

import codecs
import csv
import stat
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from django.utils.translation import gettext_noop

from sanitas.intake.feeds import (
    FEEDS,
    Feed,
    RowError,
    complete,
    convert_row,
    detect,
    plan,
    spreadsheet_safe,
)
from sanitas.ordinance.bounds import TEXT_MAX, shown, text_limit, text_problem, value_problem
from sanitas.ordinance.document import TOP_LEVEL, megabytes, read_data
from sanitas.ordinance.facts import FACT_TYPES, FactsError, describe, parse_date, parse_fact
from sanitas.records.progress import Said, said
from sanitas.records.rowfacts import RowFact, StoredChunk, Unit
from sanitas.records.rows import field_base, store_rows

FACTS_SUFFIXES = {".yaml", ".yml", ".json"}
#: how many rows at the top of a feed may come before its header
HEADER_SEARCH = 10
#: the largest CSV feed read (some 300,000 rows; an import stores a few thousand a second)
MAX_FEED_BYTES = 64 * 2**20
#: an XLSX workbook: the file, each part and all parts unpacked, the tightest packing
#: of a part of more than a megabyte, the number of parts (a sheet of 100,000 rows
#: of 20 columns unpacks to some 100 MB, packed some ten to one)
MAX_XLSX_BYTES = 64 * 2**20
MAX_XLSX_PART = 160 * 2**20
MAX_XLSX_TOTAL = 320 * 2**20
MAX_XLSX_RATIO = 100
MAX_XLSX_PARTS = 10_000
#: a spreadsheet cell holds at most this many characters; a longer value is cut in
#: the rejects file
CELL_MAX = 32_767


class ImportFileError(Exception):
    """A file that cannot be read as a facts file or a feed at all."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class Table:
    """What a file holds: its units, and for a feed its header."""

    kind: str
    units: list[Unit]
    feed: Feed | None = None
    headers: list[str] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)


@dataclass
class ImportResult:
    path: Path
    kind: str = ""
    rows: int = 0
    stored_rows: int = 0
    rejected_rows: int = 0
    skipped_rows: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    stored: bool = False
    #: one line per problem, naming the file, the row and the column (or fact and field)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)
    rejected: list[Unit] = field(default_factory=list)
    table: Table | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


# --------------------------------------------------------------------------- reading


def read_table(path: Path, *, feed: str | None = None) -> Table:
    """The units of a file; raise :class:`ImportFileError` if it cannot be read."""
    suffix = path.suffix.lower()
    if suffix in FACTS_SUFFIXES:
        if feed is not None:
            raise ImportFileError([f"{path}: --feed is for CSV and XLSX files, not facts files"])
        return _read_facts_file(path)
    if suffix in (".xlsx", ".xlsm"):
        return _read_feed(path, _xlsx_rows(path), feed)
    if suffix in (".csv", ".tsv", ".txt"):
        return _read_feed(path, _csv_rows(path), feed)
    if suffix == ".xls":
        raise ImportFileError([f"{path}: an .xls workbook; save it as .xlsx or .csv"])
    raise ImportFileError(
        [f"{path}: not a facts file (.yaml, .json) or a feed (.csv, .xlsx): {suffix or 'none'}"]
    )


def _read_facts_file(path: Path) -> Table:
    try:
        data = read_data(path)
    except FactsError as exc:
        raise ImportFileError(exc.problems) from None
    problems = []
    if isinstance(data, dict):
        problems.extend(
            f"{path}: {key}: unknown top-level field" for key in data if key not in TOP_LEVEL
        )
        if "facts" not in data:
            problems.append(f"{path}: facts: required field is missing")
        facts = data.get("facts")
        # an import stores no as-of date, but a file that names an impossible one is bad
        for name, value in (("as_of", data.get("as_of")), *_holidays(data.get("holidays"))):
            try:
                if value is not None:
                    parse_date(value)
            except ValueError as exc:
                problems.append(f"{path}: {name}: {exc}")
    else:
        facts = data
    if not problems and not isinstance(facts, list):
        problems.append(f"{path}: facts: expected a list of facts, got {type(facts).__name__}")
    if problems:
        raise ImportFileError(problems)
    units = []
    for position, raw in enumerate(facts):
        unit = Unit(number=position + 1, label=describe(position, raw), original=raw)
        if isinstance(raw, dict):
            unit.facts.append(RowFact(raw=raw))
        else:
            unit.problems.append((None, f"a fact is a mapping with a 'type', got {shown(raw)}"))
        units.append(unit)
    return Table(kind="facts file", units=units)


def _holidays(raw: Any) -> list[tuple[str, Any]]:
    if not isinstance(raw, list):
        return [] if raw is None else [("holidays", raw)]
    return [(f"holidays[{index}]", item) for index, item in enumerate(raw)]


def _regular_file(path: Path, limit: int) -> int:
    """The size of ``path``; :class:`ImportFileError` unless it is a regular file of
    at most ``limit`` bytes."""
    try:
        info = path.stat()
    except OSError as exc:
        raise ImportFileError([f"{path}: cannot read: {exc.strerror}"]) from None
    if not stat.S_ISREG(info.st_mode):
        raise ImportFileError([f"{path}: not a regular file"])
    if info.st_size > limit:
        raise ImportFileError(
            [
                f"{path}: the file is {megabytes(info.st_size)}, more than the "
                f"{megabytes(limit)} an import takes; split it"
            ]
        )
    return info.st_size


def _encoding(path: Path) -> str:
    """The text encoding of a feed (UTF-8, else Windows-1252), found by decoding it
    a megabyte at a time without keeping the text."""
    for encoding in ("utf-8-sig", "cp1252"):
        decoder = codecs.getincrementaldecoder(encoding)()
        try:
            with path.open("rb") as handle:
                while chunk := handle.read(2**20):
                    decoder.decode(chunk)
                decoder.decode(b"", final=True)
            return encoding
        except UnicodeDecodeError:
            continue
        except OSError as exc:
            raise ImportFileError([f"{path}: cannot read: {exc.strerror}"]) from None
    raise ImportFileError([f"{path}: not UTF-8 or Windows-1252 text"])


def _csv_rows(path: Path) -> Iterator[tuple[int, list[Any]]]:
    _regular_file(path, MAX_FEED_BYTES)
    encoding = _encoding(path)
    with path.open(encoding=encoding, newline="") as handle:
        # the delimiter is the one the first line with anything on it uses most
        first = ""
        for line in iter(lambda: handle.readline(CELL_MAX), ""):
            if line.strip():
                first = line
                break
        handle.seek(0)
        delimiter = max(",;\t|", key=first.count) if first else ","
        if first.count(delimiter) == 0:
            delimiter = ","
        reader = csv.reader(handle, delimiter=delimiter)
        try:
            yield from enumerate(reader, start=1)
        except csv.Error as exc:
            reason = str(exc)
            if "field larger than field limit" in reason:
                reason = (
                    f"a value of more than {csv.field_size_limit():,} characters "
                    "(no field holds more than 10,000)"
                )
            else:
                reason = f"not valid CSV: {reason}"
            raise ImportFileError([f"{path}: row {reader.line_num}: {reason}"]) from None


class _Declared(Exception):
    """A part of a workbook declares a DTD or an entity."""


class _Root(Exception):
    """The root element of a part began: no DTD can follow."""


def _check_workbook(path: Path) -> None:
    """Refuse a workbook that would unpack or expand beyond bounds, before openpyxl
    reads it (see the module docstring). The sizes are those the zip declares for
    its parts: Python's zipfile never unpacks more of a part than its declared size
    (a part that holds more fails its check), so they bound what is read."""
    _regular_file(path, MAX_XLSX_BYTES)
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
            if len(parts) > MAX_XLSX_PARTS:
                raise ImportFileError(
                    [f"{path}: a workbook of {len(parts):,} parts (at most {MAX_XLSX_PARTS:,})"]
                )
            total = 0
            for part in parts:
                name = shown(part.filename)
                if part.file_size > MAX_XLSX_PART:
                    raise ImportFileError(
                        [
                            f"{path}: part {name} unpacks to {megabytes(part.file_size)}, "
                            f"more than the {megabytes(MAX_XLSX_PART)} an import takes "
                            "(save a large sheet as CSV)"
                        ]
                    )
                ratio = part.file_size / max(part.compress_size, 1)
                if part.file_size > 2**20 and ratio > MAX_XLSX_RATIO:
                    raise ImportFileError(
                        [
                            f"{path}: part {name} unpacks {ratio:,.0f} times its packed size "
                            f"(a spreadsheet's parts unpack at most {MAX_XLSX_RATIO} times): "
                            "refused as a zip bomb"
                        ]
                    )
                total += part.file_size
                if total > MAX_XLSX_TOTAL:
                    raise ImportFileError(
                        [
                            f"{path}: the workbook unpacks to more than "
                            f"{megabytes(MAX_XLSX_TOTAL)} (save a large sheet as CSV)"
                        ]
                    )
            for part in parts:
                if not part.is_dir() and _declares_dtd(archive, part):
                    raise ImportFileError(
                        [
                            f"{path}: part {shown(part.filename)} declares a DTD: a "
                            "spreadsheet has none, and its entities could expand without "
                            "bound; refused"
                        ]
                    )
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError) as exc:
        # (a part that unpacks to more or other than it declares fails its check here)
        raise ImportFileError([f"{path}: not a readable XLSX workbook: {exc}"]) from None
    except OSError as exc:
        raise ImportFileError([f"{path}: cannot read: {exc.strerror or exc}"]) from None


def _declares_dtd(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> bool:
    """Whether an XML part declares a document type (and so perhaps entities). A
    declaration can only come before the root element, so the part is read, in
    any encoding the XML parser knows, only until its root element begins."""
    from xml.parsers import expat

    parser = expat.ParserCreate()

    def declared(*_args: Any) -> None:
        raise _Declared

    def root(*_args: Any) -> None:
        raise _Root

    parser.StartDoctypeDeclHandler = declared
    parser.EntityDeclHandler = declared
    parser.StartElementHandler = root
    try:
        with archive.open(part) as handle:
            while chunk := handle.read(2**16):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except _Declared:
        return True
    except (_Root, expat.ExpatError):  # an element came first; or it is no XML at all
        return False
    return False


def _xlsx_rows(path: Path) -> Iterator[tuple[int, list[Any]]]:
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    _check_workbook(path)
    unreadable = (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, TypeError)
    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except OSError as exc:
        raise ImportFileError([f"{path}: cannot read: {exc.strerror or exc}"]) from None
    except zipfile.BadZipFile as exc:  # a part that unpacks otherwise than declared
        raise ImportFileError([f"{path}: not a readable XLSX workbook: {exc}"]) from None
    except (*unreadable, SyntaxError, EOFError):  # an XML parse error is a SyntaxError
        raise ImportFileError([f"{path}: not a readable XLSX workbook"]) from None
    number = 0
    try:
        sheet = workbook.worksheets[0]
        # the rows the sheet holds, not only those its (writer's) dimensions claim
        sheet.reset_dimensions()
        for number, values in enumerate(sheet.iter_rows(min_row=1, values_only=True), start=1):
            yield number, list(values)
    except (*unreadable, SyntaxError, EOFError, IndexError) as exc:
        reason = f": {exc}" if isinstance(exc, zipfile.BadZipFile) else ""
        raise ImportFileError(
            [f"{path}: row {number + 1}: not a readable XLSX workbook from here on{reason}"]
        ) from None
    finally:
        workbook.close()


def _blank(value: Any) -> bool:
    return value is None or (type(value) is str and not value.strip())


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if hasattr(value, "isoformat"):
        text = value.isoformat()
        return text.removesuffix("T00:00:00")
    return str(value)


def _read_feed(path: Path, rows: Iterator[tuple[int, list[Any]]], feed_name: str | None) -> Table:
    # the header is the first row that names a feed's key columns (a sheet may have a
    # title or a note above it), looking no further than the first few rows
    header: list[str] | None = None
    candidates: list[list[str]] = []
    for _number, values in rows:
        if all(_blank(v) for v in values):
            continue
        cells = [_cell_text(v).strip() for v in values]
        while cells and not cells[-1]:
            cells.pop()
        if _names_a_feed(cells, feed_name):
            header = cells
            break
        candidates.append(cells)
        if len(candidates) >= HEADER_SEARCH:
            break
    if header is None:
        if not candidates:
            raise ImportFileError([f"{path}: empty: no header row"])
        header = candidates[0]  # not a feed's header: the problems are named against it
    bad_headers = [
        f"{path}: the header's column {index + 1}: {problem}"
        for index, name in enumerate(header)
        if (problem := text_problem(name, TEXT_MAX))
    ]
    if bad_headers:
        raise ImportFileError(bad_headers)
    feed = _choose_feed(path, header, feed_name)
    positions: dict[str, tuple[int, str]] = {}
    problems, ignored = [], []
    for index, name in enumerate(header):
        if not name:
            continue
        column = feed.resolve(name)
        if column is None:
            ignored.append(name)
        elif column.name in positions:
            other = positions[column.name][1]
            problems.append(f"{path}: columns {other!r} and {name!r} are both {column.name}")
        else:
            positions[column.name] = (index, name)
    for column in feed.columns:
        if column.required and column.name not in positions:
            also = f" (also accepted: {', '.join(column.aliases)})" if column.aliases else ""
            problems.append(f"{path}: column {column.name!r} is missing{also}")
    if problems:
        raise ImportFileError(problems)
    row_plan = plan(feed, positions)
    width = len(header)
    units = []
    for number, values in rows:
        if not any(not _blank(v) for v in values):
            continue
        unit = Unit(number=number, label=f"row {number}", original=values)
        units.append(unit)
        if len(values) > width and any(not _blank(v) for v in values[width:]):
            extra = sum(1 for v in values[width:] if not _blank(v))
            unit.problems.append((None, f"{width + extra} values but {width} columns"))
            continue
        row = convert_row(row_plan, number, values)
        if row.problems:
            unit.problems.extend(row.problems)
        if not complete(feed, row):
            continue
        try:
            unit.facts = feed.build(row)
        except RowError as exc:
            unit.problems.extend(exc.problems)
            continue
        if row.problems:
            # the row is rejected already; name what else is wrong with its cells
            _check_cells(unit, {header for header, _ in row.problems})
    return Table(kind=feed.title, units=units, feed=feed, headers=header, ignored_columns=ignored)


def _check_cells(unit: Unit, bad_headers: set[str | None]) -> None:
    """Add the vocabulary's problems with the cells of a rejected row (or the fields
    of a rejected fact), leaving out the cells already named (references are not
    checked: the row is not stored)."""
    for row_fact in unit.facts:
        _fact, lines = parse_fact(row_fact.raw, 0)
        prefix = describe(0, row_fact.raw) + ": "
        for line in lines:
            name, _, reason = line.removeprefix(prefix).partition(": ")
            if row_fact.columns:
                column = row_fact.columns.get(field_base(name))
                if column is None:
                    continue
            else:  # a fact of a facts file: named by its field
                column = None if name == "(fact)" else name
                if column is not None and field_base(column) in bad_headers:
                    continue
            if column not in bad_headers and (column, reason) not in unit.problems:
                unit.problems.append((column, reason))


def _screen(table: Table) -> None:
    """Refuse, before any record is looked up, each text beyond the vocabulary's
    bounds (a NUL, an overlong value): the batch's texts are looked up as keys, and
    no database query may be given one it cannot hold. (Numbers are left to the
    vocabulary, which names them by their field's kind.) A unit refused here also
    gets the vocabulary's other problems with its facts, so that each is named at
    once. What depends only on a fact's type and a field's name (the name's own
    bounds, the field's limit) is worked out once per file, not once a value."""
    fields: dict[tuple[Any, type, Any], tuple[str, str | None, int]] = {}
    for unit in table.units:
        named: set[str | None] = {name for name, _ in unit.problems}
        found = False
        for row_fact in unit.facts:
            raw = row_fact.raw
            kind = raw.get("type")
            if not isinstance(kind, str):
                kind = None
            for name, value in raw.items():
                field_key = (kind, type(name), name)
                known = fields.get(field_key)
                if known is None:
                    known = fields[field_key] = _field_bounds(kind, name)
                label, name_problem, limit = known
                if name_problem is not None:
                    problem: str | None = name_problem
                elif type(value) is str:
                    problem = text_problem(value, limit)
                elif value is None or type(value) in (bool, int, float):
                    continue  # numbers are the vocabulary's to name
                else:
                    problem = value_problem(value, limit, numbers=False)
                if problem is None:
                    continue
                columns = row_fact.columns
                column = columns.get(label, label) if columns else label
                if (column, problem) not in unit.problems:
                    unit.problems.append((column, problem))
                named.add(column)
                found = True
        if found:
            _check_cells(unit, named)


def _field_bounds(kind: str | None, name: Any) -> tuple[str, str | None, int]:
    """A field's label, the problem with its name (or None), and the length its
    values may have, for a fact of type ``kind``."""
    model = FACT_TYPES.get(kind) if kind is not None else None
    references = {**model.references, **model.list_references} if model else {}
    label = str(name)
    problem = text_problem(label, TEXT_MAX) if isinstance(name, str) else None
    if problem:
        return shown(label), f"a field named so: {problem}", 0
    return label, None, text_limit(label, reference=label in references)


def _names_a_feed(cells: list[str], feed_name: str | None) -> bool:
    if feed_name is not None:
        return feed_name in FEEDS and FEEDS[feed_name].matches(cells)
    return bool(detect(cells))


def _choose_feed(path: Path, header: list[str], name: str | None) -> Feed:
    if name is not None:
        if name not in FEEDS:
            raise ImportFileError([f"{path}: --feed: {name!r} is not one of {', '.join(FEEDS)}"])
        return FEEDS[name]
    found = detect(header)
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(f.name for f in found)
        raise ImportFileError([f"{path}: the columns fit several feeds ({names}); give --feed"])
    expected = "; ".join(f"{f.name}: {', '.join(f.signature)}" for f in FEEDS.values())
    raise ImportFileError(
        [f"{path}: the columns are not those of a known feed (key columns: {expected})"]
    )


# --------------------------------------------------------------------------- importing


def import_file(
    path: str | Path,
    *,
    actor: str,
    why: str = "",
    accept_valid: bool = False,
    feed: str | None = None,
    progress: Callable[[Said], None] | None = None,
    advance: Callable[[int, int], None] | None = None,
    on_stored: Callable[[StoredChunk], None] | None = None,
) -> ImportResult:
    """Import a facts file or a feed (see the module docstring) as ``actor``: in one
    transaction, or a large file in chunks. Bad input never raises: the result lists
    every problem, one line each, and says whether anything was stored. ``advance``
    is told (rows stored, rows in the file) as the rows are stored; ``on_stored`` each
    chunk, inside the transaction that stores it."""
    path = Path(path)
    say = progress or (lambda _message: None)
    result = ImportResult(path=path)
    say(said(gettext_noop("reading %(name)s"), name=str(path)))
    try:
        table = read_table(path, feed=feed)
    except ImportFileError as exc:
        result.problems = list(exc.problems)
        return result
    result.table, result.kind = table, table.kind
    result.ignored_columns = table.ignored_columns
    result.rows = len(table.units)
    _screen(table)
    stored = store_rows(
        table.units,
        path=path,
        merge=table.feed is not None,
        documents=table.feed is not None and table.feed.documents,
        actor=actor,
        why=why or f"imported from {path.name}",
        accept_valid=accept_valid,
        say=say,
        advance=advance,
        on_stored=on_stored,
    )
    result.stored = stored.stored
    result.created, result.updated, result.unchanged = (
        stored.created,
        stored.updated,
        stored.unchanged,
    )
    result.problems.extend(stored.problems)
    result.notes.extend(stored.notes)
    _summarize(table, result)
    return result


def _summarize(table: Table, result: ImportResult) -> None:
    feed = table.feed is not None
    path = result.path
    for unit in table.units:
        if unit.problems:
            result.rejected.append(unit)
            for name, reason in unit.problems:
                result.problems.append(_problem_line(path, unit, name, reason, feed=feed))
            continue
        result.notes.extend(f"{path}: {unit.label}: skipped: {s}" for s in unit.skipped)
        if unit.facts and len(unit.skipped) == len(unit.facts):
            result.skipped_rows += 1
        elif result.stored:
            result.stored_rows += 1
    result.rejected_rows = len(result.rejected)


def _problem_line(path: Path, unit: Unit, name: str | None, reason: str, *, feed: bool) -> str:
    if name is None:
        return f"{path}: {unit.label}: {reason}"
    if feed:
        return f"{path}: {unit.label}, column {name}: {reason}"
    return f"{path}: {unit.label}: {name}: {reason}"


def rejects_path(path: Path) -> Path:
    """Where the rejected rows of ``path`` go: ``<input>.rejects.csv`` beside it."""
    return path.with_name(path.name + ".rejects.csv")


def write_rejects(result: ImportResult) -> Path | None:
    """Write the rejected rows beside the input: their original columns and a
    ``problems`` column (for a facts file: position, type, id, the fact as JSON
    and its problems). Returns the path, or None when nothing was rejected."""
    if not result.rejected or result.table is None:
        return None
    table = result.table
    target = rejects_path(result.path)
    feed = table.feed is not None
    with target.open("w", newline="", encoding="utf-8") as handle:
        writer = _SafeWriter(csv.writer(handle))
        if feed:
            writer.writerow([*table.headers, "problems"])
        else:
            writer.writerow(["fact", "type", "id", "json", "problems"])
        for unit in result.rejected:
            problems = "; ".join(
                _problem_line(result.path, unit, name, reason, feed=feed).removeprefix(
                    f"{result.path}: "
                )
                for name, reason in unit.problems
            )
            if feed:
                cells = [_cell_text(v) for v in unit.original[: len(table.headers)]]
                cells += [""] * (len(table.headers) - len(cells))
                writer.writerow([*cells, problems])
                continue
            raw = unit.original
            kind = raw.get("type", "") if isinstance(raw, dict) else ""
            ident = raw.get("id", "") if isinstance(raw, dict) else ""
            try:
                text = orjson.dumps(raw, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
            except orjson.JSONEncodeError:  # nested too deep for JSON
                text = shown(raw)
            writer.writerow([unit.number, kind, ident, text, problems])
    return target


class _SafeWriter:
    """A CSV writer for a file a spreadsheet opens: each cell as text, written so
    that no spreadsheet runs it as a formula, and cut where a cell could not hold it."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def writerow(self, cells: list[Any]) -> None:
        self.writer.writerow([_safe_cell(cell) for cell in cells])


def _safe_cell(value: Any) -> str:
    text = value if isinstance(value, str) else str(value)
    if len(text) > CELL_MAX:
        note = f"… [cut here: {len(text):,} characters in all]"
        text = text[: CELL_MAX - len(note)] + note
    return spreadsheet_safe(text)
