"""Ch. 50 SB 1383 enforcement (D)(5)(b): to whom a notice is sent
(GEN-NOTICE-ADDRESS), and the general requirements the records system tracks.
"""

from __future__ import annotations

from sanitas.ordinance.engine import Context, derived, records
from sanitas.ordinance.general.common import related
from sanitas.ordinance.general.vocabulary import Notice

# --------------------------------------------------------------------------- GEN-NOTICE-ADDRESS


@derived("notice_recipient", on="notice", requirement="GEN-NOTICE-ADDRESS")
def notice_recipient(notice: Notice, ctx: Context) -> dict[str, str] | None:
    """Ch. 50 SB 1383 enforcement (D)(5)(b): "Notices shall be sent to "owner" at the
    official address of the owner maintained by the tax collector for the city or if
    no such address is available, to the owner at the address of the dwelling or
    commercial property or to the party responsible for paying for the collection
    services, depending upon available information."

    The premises is the notice's subject or the one it belongs to (an
    establishment's, a device's establishment's, a permit's…). The value names the
    rule that picked the address: ``owner_tax_address``, ``owner_premises_address``
    (the premises' address, else the establishment's) or ``service_payer``; null
    when none is on record."""
    subject = ctx.get(notice.subject)
    premises = related(subject, "premises", ctx)
    establishment = related(subject, "establishment", ctx)
    owner = (premises.owner_name if premises is not None else None) or "Owner"
    if premises is not None and premises.owner_tax_address:
        return {"name": owner, "address": premises.owner_tax_address, "rule": "owner_tax_address"}
    property_address = (premises.address if premises is not None else None) or (
        establishment.address if establishment is not None else None
    )
    if property_address:
        return {"name": owner, "address": property_address, "rule": "owner_premises_address"}
    if premises is not None and premises.service_payer_address:
        return {
            "name": premises.service_payer_name or "Party responsible for collection service",
            "address": premises.service_payer_address,
            "rule": "service_payer",
        }
    return None


# --------------------------------------------------------------------------- records

records(
    "GEN-RECORDS-PUBLIC",
    "The records system keeps every record obtained in inspections exportable under the "
    "Public Records Act, with exempt fields flagged; no rule decides disclosure.",
)
records(
    "GEN-AUDIT",
    "The records system keeps an append-only history of who recorded what, when and on what "
    "evidence, voiding with a reason instead of deleting; the engine reads facts, not history.",
)
