"""The general sewer rules' fact types ('65 Code §§ 6-8.102 to 6-8.134): cesspools,
drain connections, sand-trap inspections, sewer entries and pipe layers' licences.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from sanitas.ordinance.facts import Date, Fact, Thing, fact_type, ref, required_ref

# --------------------------------------------------------------------------- vocabulary


@fact_type
class Cesspool(Thing):
    """A cesspool on a lot (§ 6-8.102): none may be erected or constructed; an existing
    one may be maintained while it is sufficient and adequate to serve the premises."""

    type: Literal["cesspool"]
    premises: str = required_ref("premises", description="The lot the cesspool serves.")
    constructed_on: Date | None = Field(
        default=None, description="When it was built (absent: not recorded)."
    )
    adequate: bool | None = Field(
        default=None,
        description="Sufficient and adequate to serve the premises, as last found "
        "(absent: not determined).",
    )
    abandoned_on: Date | None = Field(
        default=None,
        description="Abandoned and the plumbing connected with the public sewer.",
    )


DrainSource = Literal[
    "roof_conductor",
    "yard_drain",
    "surface_water_conduit",
    "swimming_pool",
    "tank",
    "cellar_drain",
    "basement_shower",
    "yard_shower",
    "safe_waste_pipe",
    "engine_exhaust",
    "boiler_blowoff",
    "acid_waste",
]
DrainPath = Literal[
    "direct", "sand_trap", "watertight_sump", "water_supplied_sink", "neutralizing_tank"
]


@fact_type
class DrainConnection(Thing):
    """A drain, fixture or conduit connected with a public sewer or a house-connection
    sewer, and what it passes through on the way (§§ 6-8.122 to 6-8.129)."""

    type: Literal["drain_connection"]
    premises: str = required_ref("premises", description="The lot where it is connected.")
    establishment: str | None = ref(
        "establishment", description="The establishment whose fixture it is, if any."
    )
    source: DrainSource = Field(
        description="What is connected: a roof conductor, yard drain or surface water "
        "conduit; a swimming pool or tank; a cellar drain or basement/yard shower; a safe "
        "waste pipe; an engine exhaust or boiler blowoff; acid or corrosive wastes."
    )
    through: DrainPath = Field(
        default="direct",
        description="What the discharge passes through before the sewer (direct: nothing).",
    )
    device: str | None = ref(
        "device", description="The sand trap or neutralizing tank it passes through."
    )
    permit: str | None = ref("permit", description="The special permit it was connected under.")
    automatic_intake: bool | None = Field(
        default=None,
        description="Acid wastes: the dilution and neutralizing sink or tank is automatically "
        "supplied with water or neutralizing medium.",
    )
    connected_on: Date | None = Field(
        default=None, description="When it was connected (absent: found connected)."
    )
    disconnected_on: Date | None = None


@fact_type
class WashRackUse(Fact):
    """Days an automobile wash rack was in use: ``date``, or every day from ``date``
    through ``until`` (§ 6-8.125(B))."""

    type: Literal["wash_rack_use"]
    establishment: str = required_ref(
        "establishment", description="The establishment operating the wash rack."
    )
    date: Date
    until: Date | None = Field(
        default=None, description="The last day of a run of days in use (inclusive)."
    )
    dated_by: ClassVar[str | None] = "date"

    def check(self) -> None:
        if self.until is not None and self.until < self.date:
            raise ValueError("until: the last day in use comes before the first (date)")


@fact_type
class SandTrapInspection(Fact):
    """A day's inspection of a sand trap, from the operator's daily log
    (§ 6-8.125(B))."""

    type: Literal["sand_trap_inspection"]
    device: str = required_ref("device", description="The sand trap inspected.")
    date: Date
    cleaned: bool | None = Field(default=None, description="The trap was cleaned that day.")
    inspector: str | None = None
    dated_by: ClassVar[str | None] = "date"


SewerAct = Literal["open_or_enter", "remove", "injure", "take_flushing_water"]


@fact_type
class SewerEntry(Thing):
    """Someone opened, entered, removed or injured part of a public sewer, flush tank,
    flushing manhole or manhole, or took water from a flushing apparatus
    (§ 6-8.134)."""

    type: Literal["sewer_entry"]
    date: Date
    act: SewerAct
    permit: str | None = ref("permit", description="The special permit named for it.")
    person: str | None = None
    location: str | None = None
    dated_by: ClassVar[str | None] = "date"
