"""Collection by others: unauthorized collection (§ 50.014), the exclusive hauler
(containers (D)), recyclables (A)-(B) and greenwaste, and the requirements the
records system tracks (contracts, fee liability).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, derived, met, records, rule, violation
from sanitas.ordinance.general import Premises
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.solid_waste.common import (
    SERVICE_WORDS,
    at_args,
    cite_parts,
    declare_at,
    readings_sentence,
    ref,
)
from sanitas.ordinance.solid_waste.containers import customer_of, customer_reading
from sanitas.ordinance.solid_waste.vocabulary import (
    CollectionObservation,
    GreenwasteCheck,
    HaulingService,
    RecyclablesSale,
)
from sanitas.ordinance.words import name_of, words

# --------------------------------------------------------------------------- collection by others

_AUTHORIZED = ("contractor", "city")

# the acts of a collector and the exceptions that cover them, as the findings say them
_TAMPERED = "tampered with refuse bins or equipment"
_CHARITY_TOOK = "a charitable entity took them"
_OCCUPANT_TOOK = "the premises' own owner or occupant took its own recyclables"
_CHARITY_EXCEPTED = "a charitable entity is excepted from the collection ban"
_ARRANGEMENT = (
    "they were segregated and taken by one with an arrangement to recycle all it collects"
)
_REMOVED_SET_OUT = (
    "removed recyclables set out for collection, which became the contractor's "
    "property when they were placed"
)
_NO_EXCEPTION = (
    "collected recyclables with no exception: not a charity, with no arrangement to "
    "recycle all it collects, and under no qualifying sale"
)
_OCCUPANT_DISPOSED = "the premises' own owner or occupant took its own waste to dispose of it"
_JOBSITE_DEBRIS = "it was jobsite debris hauled in the hauler's own trucks"
_COLLECTED = {"solid_waste": "collected solid waste", "greenwaste": "collected greenwaste"}
vocabulary(
    _TAMPERED,
    _CHARITY_TOOK,
    _OCCUPANT_TOOK,
    _CHARITY_EXCEPTED,
    _ARRANGEMENT,
    _REMOVED_SET_OUT,
    _NO_EXCEPTION,
    _OCCUPANT_DISPOSED,
    _JOBSITE_DEBRIS,
    *_COLLECTED.values(),
    "solid waste",
    "greenwaste",
    "recyclables",
)
_PART_OF_SALE = declare("sw.collection.part-of-sale", "they were part of {sale}, which qualifies")
_PART_OF_BAD_SALE = declare(
    "sw.collection.part-of-bad-sale",
    "collected recyclables as part of {sale}, which does not qualify",
)
_EXCEPTED_FOR = declare("sw.collection.excepted-for", "for {material}, {why}")
_AUTHORIZED_COLLECTED = {
    "contractor": declare(
        "sw.collection.by-contractor",
        "On {date} {collector}, the city's contractor, collected at {n} location.",
        plural="On {date} {collector}, the city's contractor, collected at {n} locations.",
        count="n",
    ),
    "city": declare(
        "sw.collection.by-city",
        "On {date} {collector}, for the city, collected at {n} location.",
        plural="On {date} {collector}, for the city, collected at {n} locations.",
        count="n",
    ),
}
_UNAUTHORIZED = declare(
    "sw.collection.unauthorized",
    "On {date}, at {n} location, {collector}, who is neither the city's contractor nor the "
    "city, {acts}.",
    plural="On {date}, at {n} locations, {collector}, who is neither the city's contractor "
    "nor the city, {acts}.",
    count="n",
)
_EXCEPTED = declare(
    "sw.collection.excepted",
    "On {date} {collector} collected at {n} location under the chapter's exceptions: {excepted}.",
    plural="On {date} {collector} collected at {n} locations under the chapter's exceptions: "
    "{excepted}.",
    count="n",
)
_TOOK = declare("sw.recyclables.unlawful", "On {date} {collector} {what}.")
_TOOK_LAWFULLY = declare(
    "sw.recyclables.lawful", "On {date} {collector} took recyclables lawfully: {why}."
)
_INFRACTION = declare(
    "sw.scavenging.infraction",
    "The unauthorized collection of recyclables by {collector} on {date} is an infraction, a "
    "separate offense at each location: {n} offense, at {places}.",
    plural="The unauthorized collection of recyclables by {collector} on {date} is an "
    "infraction, a separate offense at each location: {n} offenses, at {places}.",
    count="n",
)
_FRANCHISEE = declare_at(
    "sw.hauler.franchisee", "{provider}, the city's franchisee, provided {what}{at} on {date}."
)
_OWN_TRUCKS = declare_at(
    "sw.hauler.own-trucks",
    "{provider} made {what}{at} on {date}, which anyone may do without the franchisee.",
)
_NOT_FRANCHISEE = declare_at(
    "sw.hauler.not-franchisee",
    "{provider}, not the city's franchisee, provided {what}{at} on {date}; only the "
    "franchisee may.",
)
_SALE_HEAD = {
    (kind, by): declare(
        f"sw.recyclables-sale.{kind}" + ("-by" if by else ""),
        f"the {kind} of recyclables" + (" by {seller}" if by else "") + " to {buyer} on {date}",
    )
    for kind in ("sale", "donation")
    for by in (False, True)
}
_SALE_FAILS = declare(
    "sw.recyclables-sale.fails", "{sale} does not qualify for the exception: {problems}."
)
_SALE_QUALIFIES = {
    "sale": declare(
        "sw.recyclables-sale.qualifies",
        "{sale} qualifies for the exception: the recyclables were kept apart from solid waste "
        "and nothing was paid to the buyer.",
    ),
    "donation": declare(
        "sw.recyclables-donation.qualifies",
        "{sale} qualifies for the exception: the recyclables were kept apart from solid waste "
        "and nothing was paid to the donee.",
    ),
}
_GREENWASTE_SEPARATED = declare(
    "sw.greenwaste.separated",
    "On {date} the householder at {premises} had greenwaste in its own container.",
)
_GREENWASTE_MIXED = declare(
    "sw.greenwaste.not-separated",
    "On {date} the householder at {premises} had not separated greenwaste into its container.",
)


@dataclass(frozen=True)
class Exception_:
    """Why a taking of recyclables was lawful, or why not."""

    words: Any  # a Word of the vocabulary, or a Phrase naming the sale
    part: str  # (a) the collection ban, (b) recyclables set out for collection
    reading: Message | None = None


_CHARITY_READING_YES = declare(
    "sw.reading.charity-reaches-set-out",
    "the charitable-entity exception is read to reach recyclables set out for collection",
)()
_CHARITY_READING_NO = declare(
    "sw.reading.charity-not-set-out",
    "the charitable-entity exception covers collecting recyclables, not removing them from "
    "the contractor's containers or the curb once set out",
)()


def _recyclables_exception(obs: CollectionObservation, ctx: Context) -> Exception_ | None:
    """Why taking recyclables was excepted, or None when it was unlawful."""
    if obs.from_collection_container:
        if obs.collector_role == "charity" and ctx.param("sw.charity_may_remove_from_containers"):
            return Exception_(Word(_CHARITY_TOOK), "(b)", _CHARITY_READING_YES)
        return None
    if obs.collector_role == "occupant":
        return Exception_(Word(_OCCUPANT_TOOK), "(a)")
    if obs.collector_role == "charity":
        return Exception_(Word(_CHARITY_EXCEPTED), "(a)")
    if obs.recycling_arrangement:
        return Exception_(Word(_ARRANGEMENT), "(a)")
    if obs.sale is not None:
        sale: RecyclablesSale = ctx.get(obs.sale)  # type: ignore[assignment]
        if sale is not None and not _sale_problems(sale):
            return Exception_(Phrase(_PART_OF_SALE(sale=ref(ctx, sale))), "(a)")
    return None


def _recyclables_refusal(obs: CollectionObservation, ctx: Context) -> Exception_:
    if obs.from_collection_container:
        return Exception_(
            Word(_REMOVED_SET_OUT),
            "(b)",
            _CHARITY_READING_NO if obs.collector_role == "charity" else None,
        )
    if obs.sale is not None:
        return Exception_(Phrase(_PART_OF_BAD_SALE(sale=ref(ctx, obs.sale))), "(a)")
    return Exception_(Word(_NO_EXCEPTION), "(a)")


def _waste_exception(obs: CollectionObservation) -> str | None:
    """Why taking solid waste or greenwaste was excepted, or None."""
    if obs.collector_role == "occupant":
        return _OCCUPANT_DISPOSED
    if obs.jobsite_debris_own_trucks:
        return _JOBSITE_DEBRIS
    return None


def collection_review(
    obs: CollectionObservation, ctx: Context
) -> tuple[list[Any], list[Any], list[Message | None]]:
    """What the collector did that only the contractor or the city may do, the
    exceptions that covered the rest (as message arguments), and the readings relied
    on."""
    acts: list[Any] = []
    excepted: list[Any] = []
    readings: list[Message | None] = []
    if obs.tampered:
        acts.append(Word(_TAMPERED))
    for material in ("solid_waste", "greenwaste"):
        if material in (obs.materials or ()):
            reason = _waste_exception(obs)
            if reason is None:
                acts.append(Word(_COLLECTED[material]))
            else:
                excepted.append(
                    Phrase(_EXCEPTED_FOR(material=Word(words(material)), why=Word(reason)))
                )
    if "recyclables" in (obs.materials or ()):
        exception = _recyclables_exception(obs, ctx)
        if exception is None:
            refusal = _recyclables_refusal(obs, ctx)
            acts.append(refusal.words)
            readings.append(refusal.reading)
        else:
            excepted.append(
                Phrase(_EXCEPTED_FOR(material=Word("recyclables"), why=exception.words))
            )
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


def _place_names(obs: CollectionObservation, ctx: Context) -> Items:
    """The locations of a collection, each once: a premises by its address, another
    place as the observation wrote it."""
    names: dict[str, Any] = {}
    for location in dict.fromkeys(obs.locations):
        fact = ctx.get(location)
        if fact is not None and fact.type == "premises":
            names.setdefault(name_of(ctx, fact), ref(ctx, fact))
        else:
            names.setdefault(location, Name(location))
    return Items(tuple(names.values()))


@rule("SW-UNAUTHORIZED-COLLECTION", on="collection_observation")
def unauthorized_collection(obs: CollectionObservation, ctx: Context) -> Outcome:
    """§ 50.014: "Except as otherwise provided in this chapter, it is unlawful for any
    person other than the contractor, as defined in this chapter, or the city to
    gather, collect or remove any solid waste, greenwaste or recyclable materials from
    any commercial, business, industrial or residential premises within the city or to
    tamper with, injure, destroy or remove any bin, container, or any other equipment
    used for refuse storage." """
    args = {
        "date": Day(obs.date),
        "collector": Name(obs.collector),
        "n": Count(len(_places(obs, ctx))),
    }
    if obs.collector_role in _AUTHORIZED:
        return met(_AUTHORIZED_COLLECTED[obs.collector_role](**args))
    acts, excepted, readings = collection_review(obs, ctx)
    if acts:
        return violation(
            _UNAUTHORIZED(acts=Items(tuple(acts)), **args), reading=readings_sentence(readings)
        )
    return met(
        _EXCEPTED(excepted=Items(tuple(excepted), ";"), **args),
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
            _TOOK(date=Day(obs.date), collector=Name(obs.collector), what=refusal.words),
            cite=f"'65 Code § 6-4.411{refusal.part}",
            reading=readings_sentence([refusal.reading]),
        )
    return met(
        _TOOK_LAWFULLY(date=Day(obs.date), collector=Name(obs.collector), why=exception.words),
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
        _INFRACTION(
            collector=Name(obs.collector),
            date=Day(obs.date),
            n=Count(offenses),
            places=_place_names(obs, ctx),
        )
    )


@rule("SW-EXCLUSIVE-HAULER", on="hauling_service")
def exclusive_hauler(service: HaulingService, ctx: Context) -> Outcome:
    """Ch. 50 containers (D): "The city's contractor is the exclusive franchised provider
    and the only hauler authorized to provide regularly scheduled and one-time special
    container (bin or roll-off) service … provided, however, that any contractor or
    other person may haul, in their own trucks, and properly dispose of any debris from
    a jobsite in the city. If the contractor or other person utilizes a waste hauling
    service, he shall utilize the services of the city's franchisee." """
    at, args = at_args(
        ctx,
        service.premises,
        provider=Name(service.provider),
        what=Word(SERVICE_WORDS[service.kind]),
        date=Day(service.date),
    )
    if service.franchisee:
        return met(_FRANCHISEE[at](**args))
    if service.kind == "own_truck_jobsite_debris":
        return met(_OWN_TRUCKS[at](**args))
    return violation(_NOT_FRANCHISEE[at](**args))


# --------------------------------------------------------------------------- SW-RECYCLABLES-SALE


_MIXED = "the recyclables were mixed with solid waste"
_SELLER_PAID = (
    "the seller paid the buyer for recycling, collecting, processing or transporting them"
)
_DISCOUNT = (
    "a discount or reduction in price for collection, disposal or recycling "
    "service is not a qualifying sale or donation"
)
vocabulary(_MIXED, _SELLER_PAID, _DISCOUNT)


def _sale_problems(sale: RecyclablesSale) -> list[tuple[str, str]]:
    """What keeps a sale or donation from the exception (words of the vocabulary), and
    the paragraph each breaks."""
    problems = []
    if not sale.segregated:
        problems.append((_MIXED, "(A)(1)"))
    if sale.seller_paid_buyer:
        problems.append((_SELLER_PAID, "(A)(2)"))
    if sale.discount_for_service:
        problems.append((_DISCOUNT, "(A)(2)"))
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
    args: dict[str, Any] = {"buyer": Name(sale.buyer), "date": Day(sale.date)}
    if sale.seller is not None:
        args["seller"] = ref(ctx, sale.seller)
    head = Phrase(_SALE_HEAD[sale.kind, sale.seller is not None](**args), capital=True)
    problems = _sale_problems(sale)
    if problems:
        return violation(
            _SALE_FAILS(sale=head, problems=Items(tuple(Word(text) for text, _ in problems), ";")),
            cite=cite_parts("Ch. 50 recyclables", (part for _, part in problems)),
        )
    return met(_SALE_QUALIFIES[sale.kind](sale=head), cite="Ch. 50 recyclables (A)")


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
    args = {"date": Day(check.date), "premises": ref(ctx, premises)}
    reading = readings_sentence([customer_reading(premises, customer)])
    if check.greenwaste_separated:
        return met(_GREENWASTE_SEPARATED(**args), reading=reading)
    return violation(_GREENWASTE_MIXED(**args), reading=reading)


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
