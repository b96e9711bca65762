"""Facts documents: scenario files and import batches (YAML or JSON).

A document is validated whole before anything is evaluated: its top-level keys,
every fact, every reference, and its expectations. Every problem is reported,
one line each, naming the fact (its id or its position) and the field.

A file is read only up to a size: 64 MB of JSON (some 600,000 facts, read in
well under a second, in some ten times its size in memory) and 16 MB of YAML,
which is read at about a megabyte a second in some fifty times its size, so a
larger YAML file is refused with the advice to write it as JSON. The values
inside are held within the bounds of :mod:`sanitas.ordinance.bounds` (the as-of
date too).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import orjson

from sanitas.ordinance.engine import (
    STATUSES,
    Evaluation,
    evaluate_facts,
    on_fast_path,
    paused_gc,
)
from sanitas.ordinance.facts import Fact, FactsError, parse_date, parse_facts
from sanitas.ordinance.pack import PackError, RulePack, load_pack
from sanitas.ordinance.yamlio import load_yaml

TOP_LEVEL = {"name", "jurisdiction", "as_of", "holidays", "facts", "expect", "description"}
MAX_JSON_BYTES = 64 * 2**20
MAX_YAML_BYTES = 16 * 2**20
_CHUNK = 2**20


def megabytes(size: int) -> str:
    """A size in bytes as people read it: ``16 MB``, ``120.5 MB``."""
    return f"{size / 2**20:,.1f}".removesuffix(".0") + " MB"


class FileTooLarge(Exception):
    """A file larger than it may be; ``str()`` says how large, and the limit."""

    def __init__(self, size: int, limit: int, *, at_least: bool = False) -> None:
        self.size, self.limit = size, limit
        if at_least:
            super().__init__(f"more than the {megabytes(limit)} accepted")
        else:
            super().__init__(f"{megabytes(size)}, more than the {megabytes(limit)} accepted")


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, or :class:`FileTooLarge` as soon as it is seen to
    hold more than ``limit`` (a regular file by its size, before reading; a pipe
    or a device as it is read, a megabyte at a time)."""
    with path.open("rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            raise FileTooLarge(size, limit)
        chunks, total = [], 0
        want = size + 1 if size else _CHUNK  # a regular file in one read
        while chunk := handle.read(want):
            total += len(chunk)
            if total > limit:
                raise FileTooLarge(total, limit, at_least=True)
            chunks.append(chunk)
            want = _CHUNK
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)


@dataclass
class Expectations:
    findings: list[dict[str, Any]] = field(default_factory=list)
    absent: list[dict[str, Any]] = field(default_factory=list)
    derived: list[dict[str, Any]] = field(default_factory=list)
    #: each ``{facts: [ids]}``: a data problem naming (at least) these facts
    data_problems: list[dict[str, Any]] = field(default_factory=list)
    #: each a document answering a finding, served on a day, and the legal terms it
    #: must carry (:func:`sanitas.ordinance.notice_terms.notice_terms`)
    notices: list[dict[str, Any]] = field(default_factory=list)
    #: the document the expectations belong to: its facts are what a notice answers
    document: Any = field(default=None, repr=False, compare=False)

    def count(self) -> int:
        return (
            len(self.findings)
            + len(self.absent)
            + len(self.derived)
            + len(self.data_problems)
            + len(self.notices)
        )


@dataclass
class FactsDocument:
    facts: list[Fact]
    name: str = ""
    jurisdiction: str = "san-gabriel"
    as_of: date | None = None
    holidays: list[date] | None = None
    expect: Expectations | None = None
    source: str = "<facts>"
    pack_dirs: list[Path] = field(default_factory=list)

    def pack(self) -> RulePack:
        return load_pack(self.jurisdiction, self.pack_dirs)

    def evaluate(self, as_of: date | None = None, pack: RulePack | None = None) -> Evaluation:
        day = as_of or self.as_of
        if day is None:
            raise FactsError([f"{self.source}: as_of: no as-of date in the file or on the command"])
        return evaluate_facts(
            self.facts, as_of=day, pack=pack or self.pack(), holidays=self.holidays
        )


def decode_json(raw: bytes) -> Any:
    """A JSON document decoded with the garbage collector paused: a city's facts
    decode into hundreds of thousands of dictionaries that all live on, so each
    collection meanwhile (the later ones over everything decoded so far) frees
    nothing; decoding the 20,000-establishment bench city took 0.56 s of processor
    time with them, 0.34 s without."""
    with paused_gc():
        return orjson.loads(raw)


def decode_json_document(raw: bytes) -> Any:
    """``decode_json(raw)`` for a facts document, its facts decoded straight from the
    text into the fast structs (``FastDecoder.decode_json_document``) instead of into
    a dictionary each that is then converted: on the 20,000-establishment bench city
    decoding and converting took 0.97 s of processor time, this 0.74 s. The other
    fields are decoded by orjson, and an amount keeps the digits it has when decoded
    first as a number, so the document is the same either way; when any fact is not
    plainly valid the document is decoded the plain way, for the thorough path to
    report. ``parse_document`` takes the result as it takes ``decode_json``'s."""
    if on_fast_path():
        from sanitas.ordinance.fastpath import decoder

        with paused_gc():
            data = decoder().decode_json_document(raw, _OTHER_FIELDS)
        if data is not None:
            return data
    return decode_json(raw)


_OTHER_FIELDS = frozenset(TOP_LEVEL - {"facts"})


def read_data(path: Path, *, facts_document: bool = False) -> Any:
    """Read a YAML or JSON file; raise :class:`FactsError` with one clear line on failure.
    A JSON ``facts_document`` is decoded for :func:`parse_document` alone
    (:func:`decode_json_document`: its facts are already structs)."""
    json = path.suffix.lower() == ".json"
    try:
        raw = read_bounded(path, MAX_JSON_BYTES if json else MAX_YAML_BYTES)
    except OSError as exc:
        raise FactsError([f"{path}: cannot read: {exc.strerror}"]) from None
    except FileTooLarge as exc:
        advice = (
            "split it" if json else "split it, or write it as JSON (read faster, in less memory)"
        )
        raise FactsError([f"{path}: the file is {exc}; {advice}"]) from None
    try:
        if json:
            return decode_json_document(raw) if facts_document else decode_json(raw)
        return load_yaml(raw.decode("utf-8"))
    except orjson.JSONDecodeError as exc:
        raise FactsError([f"{path}: not valid JSON: {exc}"]) from None
    except UnicodeDecodeError:
        raise FactsError([f"{path}: not UTF-8 text"]) from None
    except ValueError as exc:
        raise FactsError([f"{path}: {exc}"]) from None


def load_document(path: str | Path) -> FactsDocument:
    path = Path(path)
    data = read_data(path, facts_document=True)
    return parse_document(data, source=str(path), pack_dirs=[path.parent / "packs"])


def parse_document(
    data: Any, *, source: str = "<facts>", pack_dirs: list[Path] | None = None
) -> FactsDocument:
    """Validate a whole document; raise :class:`FactsError` listing every problem."""
    if not isinstance(data, dict):
        raise FactsError([f"{source}: a facts document is a mapping with a 'facts' list"])
    problems: list[str] = []
    for key in data:
        if key not in TOP_LEVEL:
            problems.append(f"{source}: {key}: unknown top-level field")
    as_of = None
    if data.get("as_of") is not None:
        try:
            as_of = parse_date(data["as_of"])
        except ValueError as exc:
            problems.append(f"{source}: as_of: {exc}")
    holidays = None
    if data.get("holidays") is not None:
        raw = data["holidays"]
        if not isinstance(raw, list):
            problems.append(f"{source}: holidays: expected a list of dates")
        else:
            holidays = []
            for index, item in enumerate(raw):
                try:
                    holidays.append(parse_date(item))
                except ValueError as exc:
                    problems.append(f"{source}: holidays[{index}]: {exc}")
    jurisdiction = data.get("jurisdiction", "san-gabriel")
    if not isinstance(jurisdiction, str):
        problems.append(f"{source}: jurisdiction: expected the name of a rule pack")
        jurisdiction = "san-gabriel"
    name = data.get("name") or ""
    facts: list[Fact] = []
    if "facts" not in data:
        problems.append(f"{source}: facts: required field is missing")
    else:
        try:
            facts = parse_facts(data["facts"])
        except FactsError as exc:
            problems.extend(f"{source}: {line}" for line in exc.problems)
    expect = None
    if data.get("expect") is not None:
        expect, expect_problems = _parse_expect(data["expect"], source)
        problems.extend(expect_problems)
    document = FactsDocument(
        facts=facts,
        name=str(name),
        jurisdiction=jurisdiction,
        as_of=as_of,
        holidays=holidays,
        expect=expect,
        source=source,
        pack_dirs=list(pack_dirs or []),
    )
    if expect is not None:
        expect.document = document
    if not problems:
        try:
            document.pack()
        except PackError as exc:
            problems.extend(f"{source}: jurisdiction: {p}" for p in exc.problems)
    if problems:
        raise FactsError(problems)
    return document


_EXPECT_KEYS = {
    "findings": ({"requirement", "subject", "status"}, {"due", "period"}),
    "absent": ({"requirement", "subject"}, set()),
    "derived": ({"subject", "name", "value"}, set()),
    "data_problems": ({"facts"}, set()),
    # a document of a kind answering a finding, served on a day: what it must carry
    "notices": (
        {"kind", "requirement", "subject", "served_on"},
        {
            "status",
            "period",
            "amount",
            "deadline",
            "due_on",
            "correction",
            "consequences",
            "step",
            "ceiling",
            "further",
            "appeal_by",
            "review_by",
            "cites",
            "refused",
            "refusals",
        },
    ),
}


def _parse_expect(raw: Any, source: str) -> tuple[Expectations, list[str]]:
    problems: list[str] = []
    expect = Expectations()
    if not isinstance(raw, dict):
        return expect, [f"{source}: expect: expected a mapping of findings, absent, derived"]
    for section, entries in raw.items():
        if section not in _EXPECT_KEYS:
            problems.append(f"{source}: expect.{section}: unknown section")
            continue
        if not isinstance(entries, list):
            problems.append(f"{source}: expect.{section}: expected a list")
            continue
        required, optional = _EXPECT_KEYS[section]
        for index, entry in enumerate(entries):
            where = f"{source}: expect.{section}[{index}]"
            if not isinstance(entry, dict):
                problems.append(f"{where}: expected a mapping")
                continue
            for key in required - entry.keys():
                problems.append(f"{where}: {key}: required field is missing")
            for key in entry.keys() - required - optional:
                problems.append(f"{where}: {key}: unknown field")
            if section == "findings" and entry.get("status") not in STATUSES:
                problems.append(
                    f"{where}: status: {entry.get('status')!r} is not one of {', '.join(STATUSES)}"
                )
            if "due" in entry and entry["due"] is not None:
                try:
                    parse_date(entry["due"])
                except ValueError:
                    if not isinstance(entry["due"], str):
                        problems.append(f"{where}: due: expected a date")
            if section == "data_problems" and not (
                isinstance(entry.get("facts"), list)
                and entry["facts"]
                and all(isinstance(f, str) for f in entry["facts"])
            ):
                problems.append(f"{where}: facts: expected a list of fact ids")
                continue
            if section == "notices":
                entry, notice_problems = _parse_notice(entry, where)
                problems.extend(notice_problems)
            if "period" in entry and isinstance(entry["period"], int):
                entry = {**entry, "period": str(entry["period"])}
            getattr(expect, section).append(entry)
    return expect, problems


def _parse_notice(entry: dict[str, Any], where: str) -> tuple[dict[str, Any], list[str]]:
    """An expected notice's keys checked and its dates parsed: ``served_on``, and
    ``deadline`` (a date, ``immediately`` or ``none``), ``due_on``, ``appeal_by`` and
    ``review_by`` (a date or null)."""
    from sanitas.ordinance.notice_terms import kind_laws

    problems: list[str] = []
    out = dict(entry)
    if "kind" in entry and entry["kind"] not in kind_laws():
        problems.append(f"{where}: kind: {entry['kind']!r} is not one of {', '.join(kind_laws())}")
    for key in ("served_on", "due_on", "appeal_by", "review_by"):
        if key not in entry or (entry[key] is None and key != "served_on"):
            continue
        try:
            out[key] = parse_date(entry[key])
        except ValueError as exc:
            problems.append(f"{where}: {key}: {exc}")
    if "deadline" in entry and entry["deadline"] not in ("immediately", "none"):
        try:
            out["deadline"] = parse_date(entry["deadline"])
        except ValueError:
            problems.append(
                f"{where}: deadline: expected a date, immediately or none, got "
                f"{entry['deadline']!r}"
            )
    for key in ("consequences", "cites", "refusals"):
        value = entry.get(key)
        if key in entry and not (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        ):
            problems.append(f"{where}: {key}: expected a list of words")
    for key in ("refused", "further"):
        if key in entry and not isinstance(entry[key], bool):
            problems.append(f"{where}: {key}: expected true or false")
    for key in ("step", "ceiling"):
        if key in entry and (isinstance(entry[key], bool) or not isinstance(entry[key], int)):
            problems.append(f"{where}: {key}: expected a whole number")
    if "amount" in entry and (
        isinstance(entry["amount"], bool) or not isinstance(entry["amount"], int | float)
    ):
        problems.append(f"{where}: amount: expected an amount of dollars")
    if "status" in entry and entry["status"] not in STATUSES:
        problems.append(
            f"{where}: status: {entry.get('status')!r} is not one of {', '.join(STATUSES)}"
        )
    return out, problems
