"""The list pages' columns: what each shows on screen and exports, from one place,
so the file has the columns the page shows (plus the keys). The headings and the
columns' headers are English here (the files keep them so) and marked for the pages'
catalogs, where the page translates them (``{% translate column.header %}``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_noop

from sanitas.kit import permits
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


def _permit_states(rows: list[Any]) -> dict[str, Any]:
    states = permits.permit_states([row.key for row in rows])
    return {f"state:{key}": state for key, state in states.items()}


def _permit_status(row: Any, named: dict[str, Any]) -> Any:
    """The permit's status in words (the engine's lapse finding), "" where it has none."""
    state = named.get(f"state:{row.key}")
    return str(state.words) if state is not None else ""


def _permit_lapse(row: Any, named: dict[str, Any]) -> Any:
    """The last day of the permit's running 60 days (not started, suspended), or the day
    it became void (lapsed); "" while its work goes on or once finaled."""
    state = named.get(f"state:{row.key}")
    if state is None:
        return ""
    return state.since if state.status == "void" else state.lapses_on or ""


def _permit_contractor(row: Any, named: dict[str, Any]) -> str:
    """The contractor on record the permit names as its pipe layer, else the name
    typed on a permit recorded before contractors were records."""
    if row.pipe_layer and row.pipe_layer in named:
        return named[row.pipe_layer].text
    return row.contractor or ""


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
    #: what the columns read beside the titles, for the rows shown (by "state:" + key)
    lookup: Callable[[list[Any]], dict[str, Any]] | None = None

    def title(self, row: Any, named: dict[str, Title]) -> str:
        where = named[row.premises].text if getattr(row, "premises", None) in named else ""
        return title_of(self.fact_type, row, where=where if self.fact_type == "permit" else "")


_BUSINESS_COLUMNS = (
    Column(gettext_noop("Business"), lambda row, named: title_of("establishment", row), link=True),
    Column(
        gettext_noop("Kind"),
        lambda row, _t: words(row.category).capitalize() if row.category else "",
    ),
    Column(gettext_noop("Address"), _address),
    Column(gettext_noop("Contact"), lambda row, _t: row.contact or ""),
    Column(gettext_noop("Opened"), _day("opened_on")),
    Column(gettext_noop("Closed"), _day("closed_on")),
)

LIST_PAGES: dict[str, ListPage] = {
    page.slug: page
    for page in (
        ListPage(
            "establishments",
            "establishment",
            gettext_noop("Businesses"),
            "business",
            filters.EstablishmentFilter,
            _BUSINESS_COLUMNS,
            references=("premises",),
            counted="category",
        ),
        ListPage(
            "premises",
            "premises",
            gettext_noop("Premises"),
            "premises",
            filters.PremisesFilter,
            (
                Column(
                    gettext_noop("Address"), lambda row, _t: title_of("premises", row), link=True
                ),
                Column(
                    gettext_noop("Use"),
                    lambda row, _t: words(row.use).capitalize() if row.use else "",
                ),
                Column(gettext_noop("Zone"), lambda row, _t: row.zone or ""),
                Column(gettext_noop("Owner"), lambda row, _t: row.owner_name or ""),
                Column(
                    gettext_noop("Owner's mailing address"),
                    lambda row, _t: row.owner_tax_address or "",
                ),
                Column(gettext_noop("Dwelling units"), lambda row, _t: row.dwelling_units),
            ),
            counted="use",
        ),
        ListPage(
            "permits",
            "permit",
            gettext_noop("Permits"),
            "permit",
            filters.PermitFilter,
            (
                Column(
                    gettext_noop("Permit"),
                    lambda row, named: LIST_PAGES["permits"].title(row, named),
                    link=True,
                ),
                Column(
                    gettext_noop("Kind"),
                    lambda row, _t: words(row.kind).capitalize() if row.kind else "",
                ),
                Column(gettext_noop("Status"), _permit_status),
                Column(gettext_noop("Lapses or lapsed"), _permit_lapse),
                Column(gettext_noop("Contractor"), _permit_contractor),
                Column(gettext_noop("Issued"), _day("issued_on")),
                Column(gettext_noop("Fees paid"), lambda row, _t: row.fees_paid),
            ),
            references=("premises", "pipe_layer"),
            counted="kind",
            lookup=_permit_states,
        ),
        ListPage(
            "haulers",
            "hauler",
            gettext_noop("Haulers"),
            "hauler",
            filters.HaulerFilter,
            (
                Column(gettext_noop("Hauler"), lambda row, _t: title_of("hauler", row), link=True),
                Column(gettext_noop("Franchised"), lambda row, _t: row.franchised),
                Column(gettext_noop("Franchise from"), _day("franchise_start")),
                Column(gettext_noop("Franchise to"), _day("franchise_end")),
            ),
            counted="franchised",
        ),
        ListPage(
            "food_recovery",
            "establishment",
            gettext_noop("Food recovery organizations and services"),
            "food recovery organization or service",
            filters.FoodRecoveryFilter,
            _BUSINESS_COLUMNS,
            references=("premises",),
            categories=FOOD_RECOVERY,
            counted="category",
        ),
    )
}
