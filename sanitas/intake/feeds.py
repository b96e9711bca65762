"""The bulk feeds a city receives as CSV or XLSX, and how each row becomes facts.

A feed is a table with a header row. ``sanitas import`` recognises which feed a
file is from its columns (the columns marked *key* below), or from ``--feed``.
Headers are matched without regard to case, spaces or punctuation
(``Manifest #``, ``manifest no`` and ``MANIFEST_NUMBER`` are the same column),
and each column accepts the common names listed. Columns the feed does not know
are ignored (the import says which). Row numbers in messages are the numbers a
spreadsheet shows: the header is row 1.

Values are held within the bounds of :mod:`sanitas.ordinance.bounds`, as every
fact's are. A text cell that begins ``'`` and then one of ``= + - @``, a tab or
a carriage return is read without the quote: that is how :func:`spreadsheet_safe`
writes such a value into a file a spreadsheet opens (the rejects of an import),
so that a spreadsheet shows it as text instead of running it as a formula.

Values: dates as ``YYYY-MM-DD`` or ``MM/DD/YYYY`` (or a spreadsheet date);
yes/no columns as ``yes``/``no``, ``y``/``n``, ``true``/``false``, ``1``/``0``;
numbers may have thousands separators; amounts may have a ``$``. Choices such as
a category are matched without regard to case and spaces (``Grocery Store`` is
``grocery_store``). A blank cell is no value: a row that updates a stored record
leaves the fields it leaves blank as they were.

Business licenses (``business-licenses``) → an ``establishment`` per row, and its ``premises``

=======================  =====  =========================================================
column                   kind   meaning
=======================  =====  =========================================================
license_number           key    the business license number; the establishment is
                                ``license-<number>`` unless establishment_id is given
category                 key    the engine's establishment category (restaurant,
                                supermarket, grocery_store, hotel, …)
establishment_id                the establishment's id in the city's records
business_name                   the name the business trades under
address                         the business address
premises_id                     the parcel (APN) the business occupies; without it the
                                premises is ``addr-<address>``
zone, premises_use,             the premises' zoning district, use (residential,
dwelling_units                  commercial, …) and dwelling units
opened_on, closed_on            dates the business opened and closed
cooks, meals_per_day, seats,    the establishment fields of the same names
floor_area_sqft,
gross_annual_sales, rooms,
beds, on_site_food_facility,
average_daily_attendance,
charges_admission,
operated_by_local_agency,
contact
=======================  =====  =========================================================

Pump-out manifests (``pump-out-manifests``) → a ``pump_out`` per row. A hauler's
manifest number is the pump-out's natural key, so a manifest sent twice is stored
once; a manifest is one hauler's name and one number exactly as written (but for
runs of spaces), so that names and numbers that differ only in punctuation or
case (``A/100`` and ``A-100``; ``Valley Grease, Inc.`` and ``Valley Grease Inc``)
are different manifests. Its id is the readable
``manifest-<hauler>-<manifest number>`` (in lower case, the punctuation made
dashes), unless that key already belongs to a manifest whose hauler or number
differs from this one's in punctuation or case: then it is the exact
``manifest:<hauler>:<manifest number>`` (``%`` and ``:`` written ``%25`` and
``%3A``). So the keys stored before manifests were told apart stay as they were.
A manifest is a document: a row whose manifest is stored with other values is
refused, naming each column that differs, never merged over the first (a row
may still fill in what the stored manifest left blank).

=======================  =====  =========================================================
column                   kind   meaning
=======================  =====  =========================================================
hauler                   key    the hauler's company name
manifest_number          key    the hauler's manifest number
device_id                key    the id of the device pumped (grease interceptor or trap)
date                     req    the date of the pump-out
full                     req    yes if the device was fully pumped
hauler_address, operator_name, operator_signed, water_gallons, fog_gallons,
floating_fog_inches, settled_solids_inches, repairs, disposal_facility, notes
                                the manifest fields of § 51.64(D)
=======================  =====  =========================================================

Hauler accounts (``hauler-accounts``) → a ``collection_service`` per row, with id
``service-<hauler>-<account>-<stream>-<start>``.

=======================  =====  =========================================================
column                   kind   meaning
=======================  =====  =========================================================
hauler                   req    the hauler's company name
account_number           key    the hauler's account number
stream                   key    recyclables, organics, black (trash) or total
start                    req    the date the service started
premises_id or                  the premises or the establishment served (exactly one)
establishment_id
gallons_per_week, cubic_yards_per_week, collections_per_week, end
                                the collection_service fields of the same names
=======================  =====  =========================================================

Food-recovery pounds (``food-recovery-pounds``) → a ``food_recovery_quantity`` per
row, with id ``frq-<kept_by>-<other_party>-<year>-<month>``.

=======================  =====  =========================================================
column                   kind   meaning
=======================  =====  =========================================================
kept_by                  key    the establishment whose records hold the entry
other_party              key    the establishment the food went to or came from
pounds                   key    pounds of edible food recovered in the month
month                    req    the month: 1-12 with a year column, or ``YYYY-MM``
year                            the year (when month is 1-12)
=======================  =====  =========================================================
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from sanitas.ordinance.bounds import number_text_flaw, shown
from sanitas.records.rowfacts import RowFact, exact

# --------------------------------------------------------------------------- names


def normalize_header(text: Any) -> str:
    """``Manifest #`` → ``manifest_number``; ``Floor Area (sq. ft)`` → ``floor_area_sq_ft``."""
    value = str(text if text is not None else "").strip().lower().replace("#", " number ")
    return re.sub(r"[^a-z0-9]+", "_", value).strip("_")


_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """A key part: ``Valley Grease Haulers, Inc.`` → ``valley-grease-haulers-inc``."""
    return _NOT_SLUG.sub("-", str(text).lower()).strip("-") or "_"


def manifest_key(hauler: str, number: str) -> str:
    """A pump-out's readable key from its hauler and manifest number, which
    manifests that differ only in punctuation or case share: the first of them
    stored holds it (see :func:`exact_manifest_key`)."""
    return f"manifest-{slug(hauler)}-{slug(number)}"


def exact_manifest_key(hauler: str, number: str) -> str:
    """A pump-out's key from its hauler and manifest number as written: one key for
    each pair of values (``A/100`` and ``A-100`` are two), never a readable key. A key
    holds letters, digits and ``-_.:~/`` alone (``bounds.KEY_PATTERN``), so every other
    character of a value, and ``~ : /`` themselves, are written as ``~`` and the hex
    digits of their UTF-8 bytes: ``Valley Grease, Inc.`` → ``Valley~20Grease~2C~20Inc.``
    (and ``~`` marking nothing else, two values never share a key)."""

    def part(text: str) -> str:
        return "".join(
            char if char in _KEY_KEPT else "".join(f"~{byte:02X}" for byte in char.encode())
            for char in exact(text)
        )

    return f"manifest:{part(hauler)}:{part(number)}"


#: what an exact key keeps of a value as it is written (the rest: see exact_manifest_key)
_KEY_KEPT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")


#: what a spreadsheet takes as the start of a formula (OWASP's list)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^[+-]?(?:\d[\d,]*)?(?:\.\d+)?(?:[eE][+-]?\d+)?$")


def spreadsheet_safe(text: str) -> str:
    """``text`` as a cell of a CSV or XLSX file that a spreadsheet opens: a value
    that a spreadsheet would run as a formula (``=HYPERLINK(…)``, ``+1+1``,
    ``@SUM(…)``) gets a ``'`` before it, which shows it as the text it is; a plain
    number (``-12.5``) is left as it is. Reading such a cell back takes the quote
    off again (:func:`_text`), so the round trip loses nothing."""
    if text.startswith(FORMULA_START) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    if text.startswith("'") and text.lstrip("'").startswith(FORMULA_START):
        return "'" + text  # read back, it loses one quote: the value as it was
    return text


# --------------------------------------------------------------------------- values


class CellError(ValueError):
    """A cell whose value cannot be read as its column's kind."""


def _text(value: Any) -> str | None:
    if type(value) is str:
        text = value.strip()
        if text.startswith("'") and text.lstrip("'").startswith(FORMULA_START):
            text = text[1:].strip()  # a value spreadsheet_safe wrote: without its quote
        return text or None
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # a spreadsheet's number 1234.0 in a text column is "1234"
    if isinstance(value, datetime):
        value = value.date() if (value.hour, value.minute) == (0, 0) else value
    if isinstance(value, date | datetime):
        return value.isoformat()
    return str(value).strip() or None


def _number_text(text: str) -> str:
    """A number as written in a cell, without its thousands separators (``1,000``,
    ``1 000``); its digits are 0-9 alone (:func:`_plain`)."""
    return text.replace(",", "").replace(" ", "")


def _plain(text: str, expected: str) -> str:
    """``text``, or a :class:`CellError` if it is written with other digits than 0-9 or
    with underscores, which Python would read as a number (``１２``, ``١٢``, ``1_000``)
    and a person reading the feed would not."""
    flaw = number_text_flaw(text)
    if flaw:
        raise CellError(f"expected {expected}, got {shown(text)}, which {flaw}")
    return text


def to_int(value: Any) -> int | None:
    if isinstance(value, bool):
        raise CellError(f"expected a whole number, got {shown(value)}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise CellError(f"expected a whole number, got {shown(value)}")
    text = _text(value)
    if text is None:
        return None
    if len(text) > MAX_NUMBER_TEXT:
        raise CellError(f"expected a whole number, got a value of {len(text):,} characters")
    _plain(text, "a whole number")
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = Decimal(_number_text(text))
    except InvalidOperation:
        raise CellError(f"expected a whole number, got {shown(text)}") from None
    if not number.is_finite() or number != number.to_integral_value():
        raise CellError(f"expected a whole number, got {shown(text)}")
    return int(number)


#: a number written with more characters than this is no number of any feed
MAX_NUMBER_TEXT = 40


def to_number(value: Any) -> int | float | None:
    if isinstance(value, bool):
        raise CellError(f"expected a number, got {shown(value)}")
    if isinstance(value, int | float):
        number = float(value)
    else:
        text = _text(value)
        if text is None:
            return None
        if len(text) > MAX_NUMBER_TEXT:
            raise CellError(f"expected a number, got a value of {len(text):,} characters")
        _plain(text, "a number")
        try:
            number = float(text)
        except ValueError:
            try:
                number = float(_number_text(text))
            except ValueError:
                raise CellError(f"expected a number, got {shown(text)}") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise CellError(f"expected a number, got {shown(value)}")
    return int(number) if number.is_integer() else number


def to_money(value: Any) -> str | None:
    if isinstance(value, bool):
        raise CellError(f"expected an amount in dollars, got {shown(value)}")
    text = _text(value)
    if text is None:
        return None
    if len(text) > MAX_NUMBER_TEXT:
        raise CellError(f"expected an amount in dollars, got a value of {len(text):,} characters")
    _plain(text, "an amount in dollars")
    try:
        amount = Decimal(_number_text(text).replace("$", ""))
    except InvalidOperation:
        raise CellError(f"expected an amount in dollars, got {shown(text)}") from None
    if not amount.is_finite():
        raise CellError(f"expected an amount in dollars, got {shown(text)}")
    return str(amount)


_BOOLS = {
    **dict.fromkeys(("yes", "y", "true", "t", "1", "x"), True),
    **dict.fromkeys(("no", "n", "false", "f", "0"), False),
}


def to_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    text = _text(value)
    if text is None:
        return None
    answer = _BOOLS.get(text.lower())
    if answer is None:
        raise CellError(f"expected yes or no, got {shown(text)}")
    return answer


# the digits 0-9 alone (``\d`` takes other scripts' digits too, which ``int`` reads)
_ISO = re.compile(r"^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[ T]00:00(?::00)?)?$")
_SLASHED_US = re.compile(r"^([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})$")
_SLASHED_ISO = re.compile(r"^([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})$")


def to_date(value: Any) -> str | None:
    if isinstance(value, datetime):
        if (value.hour, value.minute, value.second) != (0, 0, 0):
            raise CellError(f"expected a date, got a date and time {value.isoformat()!r}")
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    text = _text(value)
    if text is None:
        return None
    match = _ISO.match(text) or _SLASHED_ISO.match(text)
    if match:
        year, month, day = (int(g) for g in match.groups())
    elif match := _SLASHED_US.match(text):
        month, day, year = (int(g) for g in match.groups())
    else:
        raise CellError(f"expected a date (YYYY-MM-DD or MM/DD/YYYY), got {shown(text)}")
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        raise CellError(f"{shown(text)} is not a calendar date") from None


def to_choice(value: Any, synonyms: dict[str, str] | None = None) -> str | None:
    text = _text(value)
    if text is None:
        return None
    choice = normalize_header(text)
    return (synonyms or {}).get(choice, choice)


_MONTH = re.compile(r"^([0-9]{4})-([0-9]{1,2})$")


def to_month(value: Any) -> tuple[int | None, int] | None:
    """A month as ``(year or None, month)``: ``3``, ``2025-03`` or a date in the month."""
    if isinstance(value, datetime | date):
        return value.year, value.month
    text = _text(value)
    if text is None:
        return None
    if match := _MONTH.match(text):
        year, month = int(match.group(1)), int(match.group(2))
    else:
        try:
            month, year = to_int(text), None
        except CellError:
            raise CellError(f"expected a month (1-12 or YYYY-MM), got {shown(text)}") from None
    if month is None or not 1 <= month <= 12:
        raise CellError(f"expected a month (1-12 or YYYY-MM), got {shown(text)}")
    return year, month


CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "text": _text,
    "int": to_int,
    "number": to_number,
    "money": to_money,
    "bool": to_bool,
    "date": to_date,
    "choice": to_choice,
    "month": to_month,
}


# --------------------------------------------------------------------------- feeds


@dataclass(frozen=True)
class Column:
    name: str
    kind: str = "text"
    required: bool = False
    aliases: tuple[str, ...] = ()
    help: str = ""
    synonyms: dict[str, str] | None = None

    def converter(self) -> Callable[[Any], Any]:
        if self.kind == "choice" and self.synonyms:
            synonyms = self.synonyms
            return lambda value: to_choice(value, synonyms)
        return CONVERTERS[self.kind]


@dataclass
class Row:
    """A row's values by column name (converted), and the header each came from."""

    number: int
    values: dict[str, Any]
    headers: dict[str, str]
    #: (column header, reason) for each cell that could not be read
    problems: list[tuple[str | None, str]] = field(default_factory=list)

    def header(self, name: str) -> str:
        return self.headers.get(name, name)


class RowError(Exception):
    """Problems with one row as ``(column header or None, reason)`` pairs."""

    def __init__(self, problems: list[tuple[str | None, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(reason for _, reason in problems))


@dataclass(frozen=True)
class Feed:
    name: str
    title: str
    produces: str
    columns: tuple[Column, ...]
    #: columns whose presence says a file is this feed
    signature: tuple[str, ...]
    build: Callable[[Row], list[RowFact]]
    #: columns the rows' keys are made of
    keys: tuple[str, ...] = ()
    #: each row is a document sent once (a hauler's manifest): a row whose key is
    #: stored with other values is refused, not merged over the stored record
    documents: bool = False

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)

    def resolve(self, header: str) -> Column | None:
        key = normalize_header(header)
        for column in self.columns:
            if key == column.name or key in column.aliases:
                return column
        return None

    def matches(self, headers: Iterable[str]) -> bool:
        names = {c.name for h in headers if (c := self.resolve(h)) is not None}
        return set(self.signature) <= names


def _fact(
    row: Row, fact_type: str, ident: str | None, fields: dict[str, str], **computed: Any
) -> RowFact:
    """A row fact: ``fields`` maps fact fields to the columns they are read from
    (``computed`` values are given instead); blank values are left out."""
    raw: dict[str, Any] = {"type": fact_type}
    if ident is not None:
        raw["id"] = ident
    values = row.values
    for name, column in fields.items():
        value = computed[name] if name in computed else values.get(column)
        if value is not None:
            raw[name] = value
    return RowFact(raw=raw, fields=fields, headers=row.headers)


def _same(*names: str) -> dict[str, str]:
    return {name: name for name in names}


# -- business licenses

_PREMISES_FIELDS = {
    "id": "premises_id",
    "address": "address",
    "zone": "zone",
    "use": "premises_use",
    "dwelling_units": "dwelling_units",
}
_ESTABLISHMENT_FIELDS = {
    "id": "license_number",
    "premises": "premises_id",
    "name": "business_name",
    "address": "address",
    "category": "category",
    **_same(
        "cooks",
        "meals_per_day",
        "seats",
        "floor_area_sqft",
        "gross_annual_sales",
        "rooms",
        "beds",
        "on_site_food_facility",
        "average_daily_attendance",
        "charges_admission",
        "operated_by_local_agency",
        "contact",
        "opened_on",
        "closed_on",
    ),
}
_VARIANTS: dict[tuple[str, str], dict[str, str]] = {}


def _variant(fields: dict[str, str], **changes: str) -> dict[str, str]:
    """``fields`` with some fields read from other columns (made once, then shared)."""
    key = (str(id(fields)), repr(sorted(changes.items())))
    if key not in _VARIANTS:
        _VARIANTS[key] = {**fields, **changes}
    return _VARIANTS[key]


def _license_facts(row: Row) -> list[RowFact]:
    v = row.values
    facts = []
    premises, premises_column = v.get("premises_id"), "premises_id"
    if premises is None and v.get("address"):
        premises, premises_column = f"addr-{slug(v['address'])}", "address"
    if premises is not None:
        fields = _variant(_PREMISES_FIELDS, id=premises_column)
        facts.append(_fact(row, "premises", premises, fields, id=None))
    else:
        given = [row.header(k) for k in ("zone", "premises_use", "dwelling_units") if v.get(k)]
        if given:
            return _premises_without_place(given[0])
    establishment, id_column = v.get("establishment_id"), "establishment_id"
    if establishment is None:
        establishment, id_column = f"license-{slug(v['license_number'])}", "license_number"
    fields = _variant(_ESTABLISHMENT_FIELDS, id=id_column, premises=premises_column)
    facts.append(_fact(row, "establishment", establishment, fields, id=None, premises=premises))
    return facts


def _premises_without_place(header: str) -> list[RowFact]:
    raise RowError([(header, "a premises field needs a premises_id or an address to attach to")])


_CATEGORY_SYNONYMS = {
    "grocery": "grocery_store",
    "market": "grocery_store",
    "supermarkets": "supermarket",
    "restaurants": "restaurant",
    "school": "local_education_agency",
    "school_district": "local_education_agency",
    "hospital": "health_facility",
    "food_bank": "food_recovery_organization",
    "food_pantry": "food_recovery_organization",
    "carwash": "car_wash",
}

BUSINESS_LICENSES = Feed(
    name="business-licenses",
    title="business license list",
    produces="establishment (and its premises)",
    signature=("license_number", "category"),
    build=_license_facts,
    keys=("license_number",),
    columns=(
        Column(
            "license_number",
            required=True,
            aliases=(
                "license",
                "license_no",
                "license_id",
                "business_license",
                "business_license_number",
                "business_license_no",
                "bl_number",
            ),
            help="the business license number",
        ),
        Column(
            "category",
            "choice",
            required=True,
            aliases=("business_category", "business_type", "establishment_category"),
            synonyms=_CATEGORY_SYNONYMS,
            help="the establishment category (restaurant, supermarket, grocery_store, …)",
        ),
        Column(
            "establishment_id",
            aliases=("establishment",),
            help="the establishment's id in the city's records (default license-<number>)",
        ),
        Column(
            "business_name",
            aliases=("name", "dba", "doing_business_as", "trade_name", "business"),
        ),
        Column(
            "address",
            aliases=(
                "business_address",
                "site_address",
                "location_address",
                "street_address",
                "location",
            ),
        ),
        Column(
            "premises_id",
            aliases=("premises", "parcel", "parcel_number", "apn", "ain", "parcel_id"),
            help="the parcel (default addr-<address>)",
        ),
        Column("zone", aliases=("zoning", "zone_code", "zoning_district")),
        Column("premises_use", "choice", aliases=("use", "land_use")),
        Column("dwelling_units", "int", aliases=("units",)),
        Column(
            "opened_on",
            "date",
            aliases=("open_date", "opened", "date_opened", "business_start_date", "start_date"),
        ),
        Column("closed_on", "date", aliases=("close_date", "closed", "date_closed")),
        Column("cooks", "bool", aliases=("cooking", "hot_food")),
        Column("meals_per_day", "int", aliases=("meals", "meals_served_per_day")),
        Column("seats", "int", aliases=("seating", "seat_count")),
        Column(
            "floor_area_sqft",
            "number",
            aliases=("floor_area", "square_feet", "sq_ft", "sqft", "floor_area_sq_ft"),
        ),
        Column(
            "gross_annual_sales",
            "money",
            aliases=("annual_sales", "gross_sales", "gross_receipts"),
        ),
        Column("rooms", "int", aliases=("room_count", "guest_rooms")),
        Column("beds", "int", aliases=("bed_count", "licensed_beds")),
        Column("on_site_food_facility", "bool"),
        Column("average_daily_attendance", "int", aliases=("ada", "daily_attendance")),
        Column("charges_admission", "bool"),
        Column("operated_by_local_agency", "bool"),
        Column("contact", aliases=("contact_name", "contact_person")),
    ),
)


# -- pump-out manifests


_PUMP_OUT_FIELDS = {
    "id": "manifest_number",
    "hauler_name": "hauler",
    "device": "device_id",
    **_same(
        "manifest_number",
        "date",
        "full",
        "hauler_address",
        "operator_name",
        "operator_signed",
        "water_gallons",
        "fog_gallons",
        "floating_fog_inches",
        "settled_solids_inches",
        "repairs",
        "disposal_facility",
        "notes",
    ),
}


def _manifest_facts(row: Row) -> list[RowFact]:
    v = row.values
    hauler, number = v["hauler"], v["manifest_number"]
    fact = _fact(row, "pump_out", manifest_key(hauler, number), _PUMP_OUT_FIELDS, id=None)
    fact.exact_key = exact_manifest_key(hauler, number)
    fact.identity = {"hauler_name": hauler, "manifest_number": number}
    return [fact]


PUMP_OUT_MANIFESTS = Feed(
    name="pump-out-manifests",
    title="hauler pump-out manifests",
    produces="pump_out",
    signature=("hauler", "manifest_number", "device_id"),
    build=_manifest_facts,
    keys=("hauler", "manifest_number"),
    documents=True,
    columns=(
        Column(
            "hauler",
            required=True,
            aliases=("hauler_name", "hauler_company", "company", "transporter"),
        ),
        Column(
            "manifest_number",
            required=True,
            aliases=("manifest", "manifest_no", "manifest_id"),
        ),
        Column(
            "device_id",
            required=True,
            aliases=("device", "device_number", "interceptor_id", "interceptor", "trap_id"),
        ),
        Column(
            "date",
            "date",
            required=True,
            aliases=(
                "pump_date",
                "service_date",
                "pumped_on",
                "date_pumped",
                "pump_out_date",
                "pumpout_date",
            ),
        ),
        Column(
            "full",
            "bool",
            required=True,
            aliases=("full_pump_out", "full_pumpout", "fully_pumped", "complete"),
        ),
        Column("hauler_address", aliases=("hauler_addr",)),
        Column("operator_name", aliases=("operator", "driver", "driver_name", "technician")),
        Column(
            "operator_signed",
            "bool",
            aliases=("signed", "operator_signature", "signature", "driver_signed"),
        ),
        Column("water_gallons", "number", aliases=("water_gal", "gallons_water")),
        Column("fog_gallons", "number", aliases=("grease_gallons", "fog_gal", "gallons_fog")),
        Column(
            "floating_fog_inches",
            "number",
            aliases=("floating_fog_in", "fog_inches", "floating_grease_inches"),
        ),
        Column(
            "settled_solids_inches",
            "number",
            aliases=("settled_solids_in", "solids_inches", "solids_in"),
        ),
        Column("repairs", aliases=("repairs_made", "repair_notes")),
        Column(
            "disposal_facility",
            aliases=("disposal_site", "disposal", "facility", "disposal_location"),
        ),
        Column("notes", aliases=("comments", "remarks")),
    ),
)


# -- hauler accounts


_SERVICE_FIELDS = {
    "id": "account_number",
    "(fact)": "premises_id/establishment_id",
    "premises": "premises_id",
    "establishment": "establishment_id",
    **_same(
        "stream", "gallons_per_week", "cubic_yards_per_week", "collections_per_week", "start", "end"
    ),
}


def _account_facts(row: Row) -> list[RowFact]:
    v = row.values
    ident = (
        f"service-{slug(v['hauler'])}-{slug(v['account_number'])}-"
        f"{slug(v.get('stream') or '_')}-{v.get('start') or '_'}"
    )
    return [_fact(row, "collection_service", ident, _SERVICE_FIELDS, id=None, **{"(fact)": None})]


_STREAM_SYNONYMS = {
    "recycling": "recyclables",
    "recycle": "recyclables",
    "blue": "recyclables",
    "organic": "organics",
    "green": "organics",
    "green_waste": "organics",
    "food_waste": "organics",
    "trash": "black",
    "refuse": "black",
    "garbage": "black",
    "solid_waste": "black",
    "gray": "black",
    "grey": "black",
}

HAULER_ACCOUNTS = Feed(
    name="hauler-accounts",
    title="hauler account data",
    produces="collection_service",
    signature=("account_number", "stream"),
    build=_account_facts,
    keys=("hauler", "account_number"),
    columns=(
        Column("hauler", required=True, aliases=("hauler_name", "hauler_company", "company")),
        Column(
            "account_number",
            required=True,
            aliases=("account", "account_no", "account_id", "customer_number", "customer_no"),
        ),
        Column(
            "stream",
            "choice",
            required=True,
            aliases=("service_type", "material", "waste_stream", "container_type"),
            synonyms=_STREAM_SYNONYMS,
        ),
        Column(
            "start",
            "date",
            required=True,
            aliases=("start_date", "service_start", "started_on", "start_on"),
        ),
        Column("end", "date", aliases=("end_date", "service_end", "ended_on", "stop_date")),
        Column("premises_id", aliases=("premises", "parcel", "parcel_number", "apn", "ain")),
        Column("establishment_id", aliases=("establishment", "business_id")),
        Column(
            "gallons_per_week",
            "number",
            aliases=("gallons", "weekly_gallons", "gal_per_week", "gallons_week"),
        ),
        Column(
            "cubic_yards_per_week",
            "number",
            aliases=("cubic_yards", "yards_per_week", "cy_per_week", "weekly_cubic_yards"),
        ),
        Column(
            "collections_per_week",
            "number",
            aliases=("pickups_per_week", "pickups", "frequency", "collection_frequency"),
        ),
    ),
)


# -- food-recovery pounds


_QUANTITY_FIELDS = {"id": "kept_by", **_same("kept_by", "other_party", "year", "month", "pounds")}


def _pounds_facts(row: Row) -> list[RowFact]:
    v = row.values
    year, month = v["month"]
    fields = _QUANTITY_FIELDS
    if year is None:
        year = v.get("year")
        if year is None:
            raise RowError([(row.header("year"), "a year is required when month is 1-12")])
    else:
        fields = _variant(_QUANTITY_FIELDS, year="month")
    ident = f"frq-{v['kept_by']}-{v['other_party']}-{year}-{month:02d}"
    return [_fact(row, "food_recovery_quantity", ident, fields, id=None, year=year, month=month)]


FOOD_RECOVERY_POUNDS = Feed(
    name="food-recovery-pounds",
    title="food-recovery pounds",
    produces="food_recovery_quantity",
    signature=("kept_by", "other_party", "pounds"),
    build=_pounds_facts,
    keys=("kept_by", "other_party", "month"),
    columns=(
        Column(
            "kept_by",
            required=True,
            aliases=(
                "reporting_establishment",
                "reported_by",
                "reporter",
                "establishment_id",
                "establishment",
            ),
        ),
        Column(
            "other_party",
            required=True,
            aliases=("partner", "partner_id", "counterparty", "recipient", "donor"),
        ),
        Column("month", "month", required=True, aliases=("period", "recovery_month")),
        Column("year", "int", aliases=("calendar_year",)),
        Column(
            "pounds",
            "number",
            required=True,
            aliases=("lbs", "pounds_recovered", "weight_lbs", "weight_pounds", "total_pounds"),
        ),
    ),
)


FEEDS: dict[str, Feed] = {
    feed.name: feed
    for feed in (BUSINESS_LICENSES, PUMP_OUT_MANIFESTS, HAULER_ACCOUNTS, FOOD_RECOVERY_POUNDS)
}


def detect(headers: list[str]) -> list[Feed]:
    """The feeds whose key columns are all among ``headers``."""
    return [feed for feed in FEEDS.values() if feed.matches(headers)]


@dataclass(frozen=True)
class Plan:
    """How to read a file's rows: for each known column, its position and header."""

    feed: Feed
    #: (column name, position, header, converter, required)
    cells: tuple[tuple[str, int, str, Callable[[Any], Any], bool], ...]
    headers: dict[str, str]


def plan(feed: Feed, positions: dict[str, tuple[int, str]]) -> Plan:
    """The plan for a file whose columns are at ``positions`` (name → (index, header))."""
    cells = []
    for column in feed.columns:
        if column.name in positions:
            index, header = positions[column.name]
            cells.append((column.name, index, header, column.converter(), column.required))
    headers = {name: header for name, (_index, header) in positions.items()}
    return Plan(feed=feed, cells=tuple(cells), headers=headers)


def convert_row(row_plan: Plan, number: int, values: list[Any]) -> Row:
    """Read one row's cells as the column kinds say. A bad cell is left out of
    the values and named in ``problems``."""
    out: dict[str, Any] = {}
    problems: list[tuple[str | None, str]] = []
    width = len(values)
    for name, index, header, convert, required in row_plan.cells:
        try:
            value = convert(values[index] if index < width else None)
        except CellError as exc:
            problems.append((header, str(exc)))
            continue
        if value is None and required:
            problems.append((header, "required value is missing"))
        out[name] = value
    return Row(number=number, values=out, headers=row_plan.headers, problems=problems)


def complete(feed: Feed, row: Row) -> bool:
    """The row's keys can be made: every column they are made of has a value."""
    return all(row.values.get(name) is not None for name in feed.keys)


def epilog() -> str:
    """The feeds and their columns, for ``sanitas import --help``."""
    lines = [
        "CSV and XLSX feeds (recognised by their key columns; headers match without regard",
        "to case, spaces and punctuation; row numbers count the header as row 1):",
    ]
    for feed in FEEDS.values():
        lines.append("")
        lines.append(f"  {feed.name}: {feed.title} -> {feed.produces}")
        for column in feed.columns:
            mark = "key" if column.name in feed.signature else ("req" if column.required else "")
            also = f" (also: {', '.join(column.aliases[:4])})" if column.aliases else ""
            lines.append(f"    {column.name:<26} {mark:<4} {column.kind}{also}")
    lines += [
        "",
        "Dates YYYY-MM-DD or MM/DD/YYYY; yes/no as yes, no, y, n, true, false, 1, 0.",
        "A blank cell leaves a stored record's field as it was.",
    ]
    return "\n".join(lines)
