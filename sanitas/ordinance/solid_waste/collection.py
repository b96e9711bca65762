"""Collection by others: unauthorized collection (§ 50.014), the exclusive hauler
(containers (D)), recyclables (A)-(B) and greenwaste, and the requirements the
records system tracks (contracts, fee liability).
"""

from __future__ import annotations

from dataclasses import dataclass

from sanitas.ordinance.engine import Context, Outcome, derived, met, records, rule, violation
from sanitas.ordinance.general import Premises
from sanitas.ordinance.solid_waste.common import SERVICE_WORDS, cite_parts, readings_sentence
from sanitas.ordinance.solid_waste.containers import customer_of, customer_reading
from sanitas.ordinance.solid_waste.vocabulary import (
    CollectionObservation,
    GreenwasteCheck,
    HaulingService,
    RecyclablesSale,
)
from sanitas.ordinance.words import day, listing, name_of, plural, words

# --------------------------------------------------------------------------- collection by others

_AUTHORIZED = ("contractor", "city")


@dataclass(frozen=True)
class Exception_:
    """Why a taking of recyclables was lawful, or why not."""

    words: str
    part: str  # (a) the collection ban, (b) recyclables set out for collection
    reading: str | None = None


_CHARITY_READING_YES = (
    "the charitable-entity exception is read to reach recyclables set out for collection"
)
_CHARITY_READING_NO = (
    "the charitable-entity exception covers collecting recyclables, not removing them from "
    "the contractor's containers or the curb once set out"
)


def _recyclables_exception(obs: CollectionObservation, ctx: Context) -> Exception_ | None:
    """Why taking recyclables was excepted, or None when it was unlawful."""
    if obs.from_collection_container:
        if obs.collector_role == "charity" and ctx.param("sw.charity_may_remove_from_containers"):
            return Exception_("a charitable entity took them", "(b)", _CHARITY_READING_YES)
        return None
    if obs.collector_role == "occupant":
        return Exception_("the premises' own owner or occupant took its own recyclables", "(a)")
    if obs.collector_role == "charity":
        return Exception_("a charitable entity is excepted from the collection ban", "(a)")
    if obs.recycling_arrangement:
        return Exception_(
            "they were segregated and taken by one with an arrangement to recycle all it collects",
            "(a)",
        )
    if obs.sale is not None:
        sale: RecyclablesSale = ctx.get(obs.sale)  # type: ignore[assignment]
        if sale is not None and not _sale_problems(sale):
            return Exception_(f"they were part of {name_of(ctx, sale)}, which qualifies", "(a)")
    return None


def _recyclables_refusal(obs: CollectionObservation, ctx: Context) -> Exception_:
    if obs.from_collection_container:
        return Exception_(
            "removed recyclables set out for collection, which became the contractor's "
            "property when they were placed",
            "(b)",
            _CHARITY_READING_NO if obs.collector_role == "charity" else None,
        )
    if obs.sale is not None:
        return Exception_(
            f"collected recyclables as part of {name_of(ctx, obs.sale)}, which does not qualify",
            "(a)",
        )
    return Exception_(
        "collected recyclables with no exception: not a charity, with no arrangement to "
        "recycle all it collects, and under no qualifying sale",
        "(a)",
    )


def _waste_exception(obs: CollectionObservation) -> str | None:
    """Why taking solid waste or greenwaste was excepted, or None."""
    if obs.collector_role == "occupant":
        return "the premises' own owner or occupant took its own waste to dispose of it"
    if obs.jobsite_debris_own_trucks:
        return "it was jobsite debris hauled in the hauler's own trucks"
    return None


def collection_review(
    obs: CollectionObservation, ctx: Context
) -> tuple[list[str], list[str], list[str | None]]:
    """What the collector did that only the contractor or the city may do, the
    exceptions that covered the rest, and the readings relied on."""
    acts: list[str] = []
    excepted: list[str] = []
    readings: list[str | None] = []
    if obs.tampered:
        acts.append("tampered with refuse bins or equipment")
    for material in ("solid_waste", "greenwaste"):
        if material in (obs.materials or ()):
            reason = _waste_exception(obs)
            if reason is None:
                acts.append(f"collected {words(material)}")
            else:
                excepted.append(f"for {words(material)}, {reason}")
    if "recyclables" in (obs.materials or ()):
        exception = _recyclables_exception(obs, ctx)
        if exception is None:
            refusal = _recyclables_refusal(obs, ctx)
            acts.append(refusal.words)
            readings.append(refusal.reading)
        else:
            excepted.append(f"for recyclables, {exception.words}")
            readings.append(exception.reading)
    return acts, excepted, readings


def _place_key(ctx: Context, location: str) -> str:
    """A location as the count of offenses tells it apart: a premises id by its address."""
    fact = ctx.get(location)
    if fact is not None and fact.type == "premises":
        return fact.address or fact.id  # type: ignore[attr-defined]
    return location


def _places(obs: CollectionObservation, ctx: Context) -> list[str]:
    return list(dict.fromkeys(_place_key(ctx, loc) for loc in obs.locations))


def _place_names(obs: CollectionObservation, ctx: Context) -> str:
    names = []
    for location in dict.fromkeys(obs.locations):
        fact = ctx.get(location)
        names.append(
            name_of(ctx, fact) if fact is not None and fact.type == "premises" else location
        )
    return listing(dict.fromkeys(names))


@rule("SW-UNAUTHORIZED-COLLECTION", on="collection_observation")
def unauthorized_collection(obs: CollectionObservation, ctx: Context) -> Outcome:
    """§ 50.014: "Except as otherwise provided in this chapter, it is unlawful for any
    person other than the contractor, as defined in this chapter, or the city to
    gather, collect or remove any solid waste, greenwaste or recyclable materials from
    any commercial, business, industrial or residential premises within the city or to
    tamper with, injure, destroy or remove any bin, container, or any other equipment
    used for refuse storage." """
    where = plural(len(_places(obs, ctx)), "location")
    when = day(obs.date)
    if obs.collector_role == "contractor":
        return met(f"On {when} {obs.collector}, the city's contractor, collected at {where}.")
    if obs.collector_role == "city":
        return met(f"On {when} {obs.collector}, for the city, collected at {where}.")
    acts, excepted, readings = collection_review(obs, ctx)
    if acts:
        return violation(
            f"On {when}, at {where}, {obs.collector}, who is neither the city's contractor nor "
            f"the city, {listing(acts)}.",
            reading=readings_sentence(readings),
        )
    return met(
        f"On {when} {obs.collector} collected at {where} under the chapter's exceptions: "
        f"{'; '.join(excepted)}.",
        reading=readings_sentence(readings),
    )


@rule("SW-RECYCLABLES-PROPERTY", on="collection_observation")
def recyclables_property(obs: CollectionObservation, ctx: Context) -> Outcome | None:
    """('65 Code, § 6-4.411): "(A) It is unlawful for any person … not otherwise
    excepted … to collect recyclable materials in the city; provided, however, the
    collection of segregated recyclable materials with the intent to recycle all such
    materials collected by one who has an arrangement to and does recycle all such
    materials collected shall not be prohibited. This section shall not apply to
    charitable entities … (B) From the time of placement of recyclable materials at
    curbside or other appropriate designated collection locations or in any container
    used for collection provided by city's contractor, said recyclable materials shall
    be and become the property of the contractor. It is unlawful for any person …
    other than the city's contractor to remove recyclable materials from a collection
    container provided by the city's contractor." """
    if "recyclables" not in (obs.materials or ()) or obs.collector_role in _AUTHORIZED:
        return None
    exception = _recyclables_exception(obs, ctx)
    if exception is None:
        refusal = _recyclables_refusal(obs, ctx)
        return violation(
            f"On {day(obs.date)} {obs.collector} {refusal.words}.",
            cite=f"'65 Code § 6-4.411{refusal.part}",
            reading=readings_sentence([refusal.reading]),
        )
    return met(
        f"On {day(obs.date)} {obs.collector} took recyclables lawfully: {exception.words}.",
        cite=f"'65 Code § 6-4.411{exception.part}",
        reading=readings_sentence([exception.reading]),
    )


@derived("scavenging_offenses", on="collection_observation", requirement="GEN-PENALTY-SCAVENGING")
def scavenging_offenses(obs: CollectionObservation, ctx: Context) -> int:
    """§ 50.999(B): the separate offenses of an unauthorized collection or removal of
    recyclables, one per location; 0 when there is none."""
    if obs.collector_role in _AUTHORIZED or "recyclables" not in (obs.materials or ()):
        return 0
    if _recyclables_exception(obs, ctx) is not None:
        return 0
    return len(_places(obs, ctx))


@rule("GEN-PENALTY-SCAVENGING", on="collection_observation")
def penalty_scavenging(obs: CollectionObservation, ctx: Context) -> Outcome | None:
    """§ 50.999(B): "Any person violating any provision of § 50.014 by engaging in the
    unauthorized collection or removal of recyclable materials is guilty of an
    infraction … Any such unauthorized collections from one or more locations within
    the city shall constitute a separate and distinct offense." """
    offenses = ctx.derived("scavenging_offenses", obs)
    if not offenses:
        return None
    return violation(
        f"The unauthorized collection of recyclables by {obs.collector} on {day(obs.date)} is "
        f"an infraction, a separate offense at each location: {plural(offenses, 'offense')}, "
        f"at {_place_names(obs, ctx)}."
    )


@rule("SW-EXCLUSIVE-HAULER", on="hauling_service")
def exclusive_hauler(service: HaulingService, ctx: Context) -> Outcome:
    """Ch. 50 containers (D): "The city's contractor is the exclusive franchised provider
    and the only hauler authorized to provide regularly scheduled and one-time special
    container (bin or roll-off) service … provided, however, that any contractor or
    other person may haul, in their own trucks, and properly dispose of any debris from
    a jobsite in the city. If the contractor or other person utilizes a waste hauling
    service, he shall utilize the services of the city's franchisee." """
    what = SERVICE_WORDS[service.kind]
    at = f" at {name_of(ctx, service.premises)}" if service.premises is not None else ""
    when = day(service.date)
    if service.franchisee:
        return met(f"{service.provider}, the city's franchisee, provided {what}{at} on {when}.")
    if service.kind == "own_truck_jobsite_debris":
        return met(
            f"{service.provider} made {what}{at} on {when}, which anyone may do without the "
            "franchisee."
        )
    return violation(
        f"{service.provider}, not the city's franchisee, provided {what}{at} on {when}; only "
        "the franchisee may."
    )


# --------------------------------------------------------------------------- SW-RECYCLABLES-SALE


def _sale_problems(sale: RecyclablesSale) -> list[tuple[str, str]]:
    problems = []
    if not sale.segregated:
        problems.append(("the recyclables were mixed with solid waste", "(A)(1)"))
    if sale.seller_paid_buyer:
        problems.append(
            (
                "the seller paid the buyer for recycling, collecting, processing or "
                "transporting them",
                "(A)(2)",
            )
        )
    if sale.discount_for_service:
        problems.append(
            (
                "a discount or reduction in price for collection, disposal or recycling "
                "service is not a qualifying sale or donation",
                "(A)(2)",
            )
        )
    return problems


@rule("SW-RECYCLABLES-SALE", on="recyclables_sale")
def recyclables_sale(sale: RecyclablesSale, ctx: Context) -> Outcome:
    """Ch. 50 recyclables (A): "Nothing contained in this chapter shall prohibit any
    person or commercial business from selling recyclable materials or giving
    recyclable materials away to persons or entities other than the city's contractor,
    provided, however, in either instance: (1) The recyclable materials must be
    segregated from and not mixed with solid waste; and (2) The seller/donor may not
    pay the buyer/donee any consideration or consulting fee … A discount or reduction
    in price for collection, disposal and/or recycling services … is not a qualifying
    sale or donation of recyclable materials per this exception." """
    seller = f" by {name_of(ctx, sale.seller)}" if sale.seller is not None else ""
    head = f"The {sale.kind} of recyclables{seller} to {sale.buyer} on {day(sale.date)}"
    problems = _sale_problems(sale)
    if problems:
        return violation(
            f"{head} does not qualify for the exception: "
            f"{'; '.join(text for text, _ in problems)}.",
            cite=cite_parts("Ch. 50 recyclables", (part for _, part in problems)),
        )
    return met(
        f"{head} qualifies for the exception: the recyclables were kept apart from solid "
        f"waste and nothing was paid to the {'buyer' if sale.kind == 'sale' else 'donee'}.",
        cite="Ch. 50 recyclables (A)",
    )


# ---------------------------------------------------------------------- SW-GREENWASTE-SEPARATION


@rule("SW-GREENWASTE-SEPARATION", on="greenwaste_check")
def greenwaste_separation(check: GreenwasteCheck, ctx: Context) -> Outcome | None:
    """Ch. 50 greenwaste: "Householders shall separate greenwaste and place it in the
    appropriate container for collection." Applies to householders only (reading
    ``sw.householder_uses``)."""
    premises: Premises = ctx.get(check.premises)  # type: ignore[assignment]
    customer = customer_of(premises, ctx, check.date)
    if customer != "householder":
        return None
    where = name_of(ctx, premises)
    reading = readings_sentence([customer_reading(premises, customer)])
    if check.greenwaste_separated:
        return met(
            f"On {day(check.date)} the householder at {where} had greenwaste in its own container.",
            reading=reading,
        )
    return violation(
        f"On {day(check.date)} the householder at {where} had not separated greenwaste into "
        "its container.",
        reading=reading,
    )


# --------------------------------------------------------------------------- records only

records(
    "SW-FRANCHISE",
    "The records system keeps the franchise agreement's terms and the Council's rates; "
    "collection under it is judged by SW-EXCLUSIVE-HAULER and SW-UNAUTHORIZED-COLLECTION.",
)
records(
    "SW-FEE-LIABILITY",
    "The records system keeps each premises' collection account and who owes it (owner and "
    "occupant); the civil debt is the contractor's to collect.",
)
