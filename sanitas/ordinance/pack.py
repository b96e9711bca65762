"""Rule packs: every number, date, zone, amount and reading of a jurisdiction's law.

A pack is a YAML file (``packs/<jurisdiction>.yaml``). Each parameter has a
description, a unit, a reference to the words it comes from, and values keyed
by the date each took effect, so that the law can be applied as it stood on
any day. A second city is a second pack; a pack may ``extends:`` another and
restate only the parameters that differ.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from sanitas.ordinance.calendar import HolidayCalendar
from sanitas.ordinance.yamlio import load_yaml

PACK_DIR = Path(__file__).parent / "packs"
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class PackError(Exception):
    """A rule pack that cannot be used; ``problems`` holds one line per defect."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))


@dataclass(frozen=True)
class Parameter:
    name: str
    description: str
    unit: str
    reference: str
    values: tuple[tuple[date, Any], ...]  # sorted by effective date

    def on(self, day: date) -> Any:
        """The value in effect on ``day``; before the first effective date, the first value."""
        current = self.values[0][1]
        for effective, value in self.values:
            if effective <= day:
                current = value
            else:
                break
        return current

    def effective_on(self, day: date) -> date:
        current = self.values[0][0]
        for effective, _ in self.values:
            if effective <= day:
                current = effective
        return current


@dataclass(frozen=True)
class RulePack:
    jurisdiction: str
    name: str
    timezone: str
    parameters: dict[str, Parameter]
    holiday_country: str = "US"
    holiday_subdivision: str | None = None
    holiday_observed: bool = True
    holiday_dates: tuple[date, ...] | None = None
    holiday_extra: tuple[date, ...] = ()
    source: str = ""
    extends: str | None = None
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def param(self, name: str) -> Parameter:
        try:
            return self.parameters[name]
        except KeyError:
            raise KeyError(f"rule pack {self.jurisdiction!r} has no parameter {name!r}") from None

    def value(self, name: str, on: date) -> Any:
        key = (name, on)
        cache = self._cache
        if key not in cache:
            cache[key] = self.param(name).on(on)
        return cache[key]

    def calendar(self, override: list[date] | None = None) -> HolidayCalendar:
        explicit = override if override is not None else self.holiday_dates
        return HolidayCalendar(
            country=self.holiday_country,
            subdivision=self.holiday_subdivision,
            observed=self.holiday_observed,
            explicit=explicit,
            extra=() if override is not None else self.holiday_extra,
        )


def _parse_date(raw: Any) -> date | None:
    if isinstance(raw, date):
        return raw
    if isinstance(raw, str) and _DATE.match(raw):
        try:
            return date.fromisoformat(raw)
        except ValueError:
            return None
    return None


def _convert(unit: str, raw: Any) -> Any:
    if unit == "date":
        parsed = _parse_date(raw)
        if parsed is None:
            raise ValueError(f"{raw!r} is not a date (YYYY-MM-DD)")
        return parsed
    if unit == "date_list":
        if not isinstance(raw, list):
            raise ValueError("expected a list of dates")
        out = [_parse_date(item) for item in raw]
        if any(item is None for item in out):
            raise ValueError(f"{raw!r} holds a value that is not a date")
        return tuple(out)
    if isinstance(raw, list):
        return tuple(raw)
    return raw


def parse_pack(data: Any, source: str, parent: RulePack | None = None) -> RulePack:
    problems: list[str] = []
    if not isinstance(data, dict):
        raise PackError(source, ["a pack is a mapping with 'jurisdiction' and 'parameters'"])
    known = {"jurisdiction", "name", "timezone", "extends", "holidays", "parameters"}
    for key in data:
        if key not in known:
            problems.append(f"unknown top-level key {key!r}")
    jurisdiction = data.get("jurisdiction")
    if not isinstance(jurisdiction, str) or not jurisdiction:
        problems.append("'jurisdiction' is required (e.g. san-gabriel)")
    raw_params = data.get("parameters") or {}
    if not isinstance(raw_params, dict):
        problems.append("'parameters' must be a mapping of name to parameter")
        raw_params = {}
    parameters: dict[str, Parameter] = dict(parent.parameters) if parent else {}
    for name, spec in raw_params.items():
        where = f"parameter {name!r}"
        if not isinstance(spec, dict):
            problems.append(
                f"{where}: expected a mapping with description, unit, reference, values"
            )
            continue
        for key in spec:
            if key not in {"description", "unit", "reference", "values"}:
                problems.append(f"{where}: unknown key {key!r}")
        missing = [k for k in ("description", "unit", "reference") if not spec.get(k)]
        for key in missing:
            problems.append(f"{where}: missing {key!r} (every parameter states its {key})")
        values = spec.get("values")
        if not isinstance(values, dict) or not values:
            problems.append(f"{where}: 'values' must map an effective date to a value")
            continue
        if missing:
            continue
        unit = str(spec["unit"])
        parsed: list[tuple[date, Any]] = []
        for key, raw in values.items():
            effective = _parse_date(key)
            if effective is None:
                problems.append(f"{where}: effective date {key!r} is not a date (YYYY-MM-DD)")
                continue
            try:
                parsed.append((effective, _convert(unit, raw)))
            except ValueError as exc:
                problems.append(f"{where}: value for {key}: {exc}")
        if parsed:
            parameters[name] = Parameter(
                name=name,
                description=str(spec["description"]).strip(),
                unit=unit,
                reference=str(spec["reference"]).strip(),
                values=tuple(sorted(parsed, key=lambda item: item[0])),
            )
    holidays = data.get("holidays") or {}
    if not isinstance(holidays, dict):
        problems.append("'holidays' must be a mapping (country, observed, dates, extra)")
        holidays = {}
    dates = holidays.get("dates")
    holiday_dates = None
    if dates is not None:
        holiday_dates = tuple(d for d in (_parse_date(x) for x in dates) if d is not None)
        if len(holiday_dates) != len(dates):
            problems.append("holidays.dates: every entry must be a date (YYYY-MM-DD)")
    extra_raw = holidays.get("extra") or []
    extra = tuple(d for d in (_parse_date(x) for x in extra_raw) if d is not None)
    if len(extra) != len(extra_raw):
        problems.append("holidays.extra: every entry must be a date (YYYY-MM-DD)")
    if problems:
        raise PackError(source, problems)
    return RulePack(
        jurisdiction=jurisdiction,
        name=str(data.get("name") or (parent.name if parent else jurisdiction)),
        timezone=str(data.get("timezone") or (parent.timezone if parent else "UTC")),
        parameters=parameters,
        holiday_country=str(
            holidays.get("country") or (parent.holiday_country if parent else "US")
        ),
        holiday_subdivision=holidays.get("subdivision")
        or (parent.holiday_subdivision if parent else None),
        holiday_observed=bool(
            holidays.get("observed", parent.holiday_observed if parent else True)
        ),
        holiday_dates=holiday_dates
        if holiday_dates is not None
        else (parent.holiday_dates if parent else None),
        holiday_extra=extra or (parent.holiday_extra if parent else ()),
        source=source,
        extends=data.get("extends"),
    )


def pack_search_path(extra: list[Path] | None = None) -> list[Path]:
    paths = list(extra or [])
    env = os.environ.get("SANITAS_PACK_PATH")
    if env:
        paths.extend(Path(p) for p in env.split(os.pathsep) if p)
    paths.append(PACK_DIR)
    return paths


def find_pack_file(jurisdiction: str, search: list[Path] | None = None) -> Path | None:
    filename = jurisdiction.replace("-", "_") + ".yaml"
    for directory in pack_search_path(search):
        candidate = directory / filename
        if candidate.is_file():
            return candidate
    return None


def load_pack_file(path: Path, search: list[Path] | None = None) -> RulePack:
    return _load_pack_file(str(Path(path).resolve()), tuple(str(p) for p in search or ()))


@cache
def _load_pack_file(path: str, search: tuple[str, ...]) -> RulePack:
    try:
        data = load_yaml(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise PackError(path, [f"cannot read: {exc.strerror}"]) from None
    except ValueError as exc:
        raise PackError(path, [str(exc)]) from None
    parent = None
    if isinstance(data, dict) and data.get("extends"):
        parent = load_pack(str(data["extends"]), [Path(p) for p in search])
    return parse_pack(data, path, parent)


def load_pack(jurisdiction: str = "san-gabriel", search: list[Path] | None = None) -> RulePack:
    """The rule pack for ``jurisdiction``, found on the pack search path."""
    path = find_pack_file(jurisdiction, search)
    if path is None:
        raise PackError(jurisdiction, [f"no rule pack named {jurisdiction!r}"])
    return load_pack_file(path, search)
