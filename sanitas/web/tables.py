"""The list pages' columns: what each shows on screen and exports, from one place,
so the file has the columns the page shows (plus the keys)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sanitas.kit.titles import Title, title_of
from sanitas.ordinance.words import words
from sanitas.web import filters
from sanitas.web.selectors import FOOD_RECOVERY


@dataclass(frozen=True)
class Column:
    header: str
    value: Callable[[Any, dict[str, Title]], Any]
    #: the column links to the record's page
    link: bool = False


def _day(name: str) -> Callable[[Any, dict[str, Title]], Any]:
    return lambda row, _t: getattr(row, name) or ""


def _address(row: Any, named: dict[str, Title]) -> str:
    if row.address:
        return row.address
    return named[row.premises].text if row.premises in named else ""


@dataclass(frozen=True)
class ListPage:
    """One list page: its records, its filters, its columns."""

    slug: str
    fact_type: str
    heading: str
    noun: str
    filterset: type[filters.RecordFilter]
    columns: tuple[Column, ...]
    #: the references whose titles the columns show
    references: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    #: the filter whose choices are counted beside the list
    counted: str = ""

    def title(self, row: Any, named: dict[str, Title]) -> str:
        where = named[row.premises].text if getattr(row, "premises", None) in named else ""
        return title_of(self.fact_type, row, where=where if self.fact_type == "permit" else "")


_BUSINESS_COLUMNS = (
    Column("Business", lambda row, named: title_of("establishment", row), link=True),
    Column("Kind", lambda row, _t: words(row.category).capitalize() if row.category else ""),
    Column("Address", _address),
    Column("Contact", lambda row, _t: row.contact or ""),
    Column("Opened", _day("opened_on")),
    Column("Closed", _day("closed_on")),
)

LIST_PAGES: dict[str, ListPage] = {
    page.slug: page
    for page in (
        ListPage(
            "establishments",
            "establishment",
            "Businesses",
            "business",
            filters.EstablishmentFilter,
            _BUSINESS_COLUMNS,
            references=("premises",),
            counted="category",
        ),
        ListPage(
            "premises",
            "premises",
            "Premises",
            "premises",
            filters.PremisesFilter,
            (
                Column("Address", lambda row, _t: title_of("premises", row), link=True),
                Column("Use", lambda row, _t: words(row.use).capitalize() if row.use else ""),
                Column("Zone", lambda row, _t: row.zone or ""),
                Column("Owner", lambda row, _t: row.owner_name or ""),
                Column("Owner's mailing address", lambda row, _t: row.owner_tax_address or ""),
                Column("Dwelling units", lambda row, _t: row.dwelling_units),
            ),
            counted="use",
        ),
        ListPage(
            "permits",
            "permit",
            "Permits",
            "permit",
            filters.PermitFilter,
            (
                Column(
                    "Permit",
                    lambda row, named: LIST_PAGES["permits"].title(row, named),
                    link=True,
                ),
                Column("Kind", lambda row, _t: words(row.kind).capitalize() if row.kind else ""),
                Column("Issued", _day("issued_on")),
                Column("Contractor", lambda row, _t: row.contractor or ""),
                Column("Fees paid", lambda row, _t: row.fees_paid),
            ),
            references=("premises",),
            counted="kind",
        ),
        ListPage(
            "haulers",
            "hauler",
            "Haulers",
            "hauler",
            filters.HaulerFilter,
            (
                Column("Hauler", lambda row, _t: title_of("hauler", row), link=True),
                Column("Franchised", lambda row, _t: row.franchised),
                Column("Franchise from", _day("franchise_start")),
                Column("Franchise to", _day("franchise_end")),
            ),
            counted="franchised",
        ),
        ListPage(
            "food_recovery",
            "establishment",
            "Food recovery organizations and services",
            "food recovery organization or service",
            filters.FoodRecoveryFilter,
            _BUSINESS_COLUMNS,
            references=("premises",),
            categories=FOOD_RECOVERY,
            counted="category",
        ),
    )
}
