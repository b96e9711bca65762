"""Ch. 50 SB 1383 Definitions: the subchapter's effective date (ORG-EFFECTIVE) and the
class of a premises, single-family, multi-family, commercial or a non-local entity
(ORG-CLASSIFY-PREMISES).
"""

from __future__ import annotations

from sanitas.ordinance.engine import Context, derived, records
from sanitas.ordinance.general import Premises
from sanitas.ordinance.organics.common import premises_class_of

# --------------------------------------------------------------------------- ORG-EFFECTIVE

records(
    "ORG-EFFECTIVE",
    "The subchapter's effective date is the rule pack parameter org.in_force (2022-01-01), "
    "which bounds every ORG rule; the records system keeps the ordinance's adoption history.",
)

# --------------------------------------------------------------------------- ORG-CLASSIFY-PREMISES


@derived("premises_class", on="premises", requirement="ORG-CLASSIFY-PREMISES")
def premises_class(premises: Premises, ctx: Context) -> str | None:
    """Definitions: SINGLE-FAMILY is "any residential premises with fewer than five
    units … each residential dwelling unit which is part of a 'planned development' …
    or any second unit/granny flat"; MULTI-FAMILY is "residential premises with five or
    more dwelling units; or any building … containing two or more residential dwelling
    units which the City Manager determines must receive … shared bin(s)", and "do not
    include hotels, motels … which are considered commercial businesses" nor "MIXED USE
    DEVELOPMENTS … or any residential portion of a MIXED USE DEVELOPMENT"; NON-LOCAL
    ENTITY: special districts, federal facilities, prisons, state parks, public
    universities, county fairgrounds, state agencies. A mixed-use development's class
    is the reading ``org.mixed_use_class``; multi-family premises count as commercial
    businesses for the commercial duties."""
    return premises_class_of(premises, ctx)[0]
