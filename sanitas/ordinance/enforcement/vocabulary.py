"""The SB 1383 enforcement fact types: extensions and their reasons, appeal requests
and hearing orders.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import Date, Fact, Money, fact_type, required_ref

# --------------------------------------------------------------------------- vocabulary

ExtensionReason = Literal["act_of_god", "permit_delay", "infrastructure_capacity"]

REASON_WORDS = {
    "act_of_god": "an act of God or other emergency",
    "permit_delay": "delays in obtaining permits or agency approvals",
    "infrastructure_capacity": "infrastructure or capacity deficiencies under a CalRecycle "
    "corrective action plan",
}
REASON_PARTS = {
    "act_of_god": "(G)(1)",
    "permit_delay": "(G)(2)",
    "infrastructure_capacity": "(G)(3)",
}


@fact_type
class Extension(Fact):
    """The city's decision on extending the compliance deadline of a Notice of
    Violation (Ch. 50 SB 1383 enforcement (G)): a new deadline for an act of God, a
    permit delay, or an infrastructure or capacity deficiency while the city is
    under a CalRecycle corrective action plan. A granted extension binds from the
    day it was decided; the latest deadline granted by a day is the one in force."""

    type: Literal["extension"]
    notice: str = required_ref("notice", description="The notice whose deadline is extended.")
    date: Date = Field(description="The day the city decided.")
    new_due_on: Date = Field(description="The new compliance deadline.")
    reason: ExtensionReason = Field(
        description="act_of_god ((G)(1): earthquakes, wildfires, flooding, other emergencies), "
        "permit_delay ((G)(2): discretionary permits or agency approvals), or "
        "infrastructure_capacity ((G)(3): recycling infrastructure or food recovery capacity)."
    )
    granted: bool = Field(default=True, description="False records a refused request.")
    corrective_action_plan: bool | None = Field(
        default=None,
        description="The city is under a CalRecycle corrective action plan (14 CCR § 18996.2) "
        "for the deficiency; required for an infrastructure_capacity extension.",
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.new_due_on < self.date:
            raise ValueError(
                f"new_due_on: the new deadline {self.new_due_on} is before the decision of "
                f"{self.date}"
            )
        if self.reason == "infrastructure_capacity" and self.corrective_action_plan is not True:
            raise ValueError(
                "corrective_action_plan: an infrastructure_capacity extension requires the "
                "city to be under a CalRecycle corrective action plan (set true)"
            )


@fact_type
class AppealRequest(Fact):
    """A cited person's request for a hearing to appeal an administrative citation
    (Ch. 50 SB 1383 enforcement (H))."""

    type: Literal["appeal_request"]
    citation: str = required_ref("citation", description="The citation appealed.")
    date: Date = Field(description="The day the request was received.")
    dated_by: ClassVar[str | None] = "date"


HearingDecision = Literal["upheld", "modified", "dismissed"]


@fact_type
class HearingOrder(Fact):
    """The hearing officer's final written order on an appealed citation
    (Ch. 50 SB 1383 enforcement (H)). It binds from its date."""

    type: Literal["hearing_order"]
    citation: str = required_ref("citation", description="The citation decided.")
    date: Date = Field(description="The day of the final written order.")
    decision: HearingDecision = Field(
        description="upheld (the citation stands), modified (a new amount), or dismissed."
    )
    amount: Money | None = Field(
        default=None,
        description="The penalty as modified, in dollars (required when decision is modified).",
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.amount is not None and self.amount < 0:
            raise ValueError(f"amount: an amount cannot be negative, got {self.amount}")
        if self.decision == "modified" and self.amount is None:
            raise ValueError("amount: a modified order states the amount it sets")
        if self.decision == "dismissed" and self.amount:
            raise ValueError("amount: a dismissed citation carries no amount")
