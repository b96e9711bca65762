"""The edible food fact types (Ch. 50 SB 1383 edible food recovery): food recovery
agreements and reports, and the readings of a generator's tier.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import Date, Fact, Period, fact_type, required_ref

# --------------------------------------------------------------------------- fact types


@fact_type
class FoodRecoveryAgreement(Fact):
    """A written agreement between an edible food generator and a food recovery
    organization or service."""

    type: Literal["food_recovery_agreement"]
    generator: str = required_ref("establishment")
    partner: str = required_ref("establishment")
    start: Date
    end: Date | None = None
    food_types: list[str] | None = None
    collection_frequency: str | None = None
    good_samaritan_clause: bool | None = Field(
        default=None,
        description="The agreement informs the generator of the Good Samaritan Food "
        "Donation Act protections (ORG-FRO-GOOD-SAMARITAN).",
    )
    dated_by: ClassVar[str | None] = "start"


ReportKind = Literal[
    "edible_food_annual", "food_recovery_annual", "self_haul_quarterly", "hauler_facilities"
]


@fact_type
class Report(Fact):
    """A report received by the city for a period."""

    type: Literal["report"]
    subject: str = required_ref()
    kind: ReportKind
    period: Period
    date: Date
    dated_by: ClassVar[str | None] = "date"


FRO = "food_recovery_organization"
FRS = "food_recovery_service"
RECOVERY_CATEGORIES = (FRO, FRS)
TIER_WORDS = {1: "one", 2: "two"}

# --------------------------------------------------------------------------- vocabulary


@fact_type
class FoodRecoveryQuantity(Fact):
    """Pounds of edible food recovered in one calendar month between two parties,
    as the records of one of them show it: a generator's pounds collected by or
    self-hauled to a food recovery organization or service (ORG-EFG-RECORDS); a
    food recovery service's pounds collected from a generator or delivered to a
    food recovery organization (ORG-FRS-RECORDS); a food recovery organization's
    pounds received from a generator or a service (ORG-FRO-RECORDS)."""

    type: Literal["food_recovery_quantity"]
    kept_by: str = required_ref(
        "establishment",
        description="Whose records hold the entry: the generator, the food recovery "
        "service or the food recovery organization.",
    )
    other_party: str = required_ref(
        "establishment", description="The party the food went to or came from."
    )
    year: int = Field(
        ge=1900, le=9999, description="The year of the month the pounds were recovered in."
    )
    month: int = Field(
        ge=1, le=12, description="The calendar month (1-12) the pounds were recovered in."
    )
    pounds: float = Field(ge=0, description="Pounds of edible food in the month (0 if none).")


@fact_type
class GoodSamaritanNotice(Fact):
    """A written communication from a food recovery organization or service telling a
    commercial edible food generator about the California and Federal Good Samaritan
    Food Donation Act protections (ORG-FRO-GOOD-SAMARITAN). An agreement that does so
    itself says ``good_samaritan_clause: true`` instead."""

    type: Literal["good_samaritan_notice"]
    partner: str = required_ref(
        "establishment", description="The food recovery organization or service that wrote."
    )
    generator: str = required_ref("establishment", description="The generator it wrote to.")
    date: Date
    dated_by: ClassVar[str | None] = "date"
