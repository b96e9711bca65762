"""What the SB 1383 sections share: the subchapter in force (ORG-EFFECTIVE), the
class of a premises or business (Definitions), the services on record and their
weekly gallons, waivers and self-hauler registrations in effect, names and amounts
in words.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from sanitas.ordinance.engine import Context
from sanitas.ordinance.facts import Fact
from sanitas.ordinance.fog.vocabulary import Waiver
from sanitas.ordinance.general import Establishment, Premises
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import (
    Day,
    Message,
    Phrase,
    Word,
    declare,
    reading_sentences,
    vocabulary,
)
from sanitas.ordinance.organics.vocabulary import CollectionService, Facility, Hauler, SelfHauler
from sanitas.ordinance.words import capital, name_of, namer, plural, words

# --------------------------------------------------------------------------- helpers


def org_in_force(ctx: Context, day: date | None = None) -> bool:
    """ORG-EFFECTIVE: the subchapter applies from ``org.in_force``."""
    return (ctx.as_of if day is None else day) >= ctx.param("org.in_force")


def is_a(fact: Fact | None, *types: str) -> bool:
    """Whether a fact is of one of ``types`` (facts may be models or their fast mirrors,
    so the type name decides, never the class)."""
    return fact is not None and fact.type in types


def num(value: float, digits: int = 1) -> str:
    """A quantity for an explanation: 64, 12.5, 403.9 (or more ``digits``)."""
    return f"{round(value, digits):g}"


def is_current(start: date, end: date | None, day: date) -> bool:
    """A dated arrangement in effect on ``day`` (``end`` is its last day)."""
    return start <= day and (end is None or end >= day)


_FACILITY_WORDS = {
    "compost": "the compost facility",
    "in_vessel_digestion": "the in-vessel digestion facility",
    "publicly_owned_treatment_works": "the publicly-owned treatment works",
    "community_composting": "the community composting operation",
    "transfer_processor": "the transfer/processor",
    "materials_recovery": "the materials recovery facility",
    "high_diversion_organics": "the high diversion organic waste processing facility",
    "landfill": "the landfill",
}


@namer("hauler")
def _hauler_name(ctx: Context, hauler: Hauler) -> str:
    """A hauler by its name, else "the franchised hauler" or "the hauler"."""
    if hauler.name:
        return hauler.name
    return "the franchised hauler" if hauler.franchised else "the hauler"


@namer("facility")
def _facility_name(ctx: Context, facility: Facility) -> str:
    """A facility by its name, else by what it is ("the compost facility")."""
    return facility.name or _FACILITY_WORDS.get(facility.kind or "", "the facility")


def thing_name(ctx: Context, thing: Fact | str | None) -> str:
    """:func:`name_of`, at the start of a sentence."""
    return capital(name_of(ctx, thing))


def named_facts(*facts: Fact | str | None) -> list[str | Fact]:
    """The facts a data problem names: events without an id are left out (they are
    named by what they belong to, which is listed too), each once, in order."""
    out: list[str | Fact] = []
    for fact in facts:
        if fact is None or (not isinstance(fact, str) and fact.id is None):
            continue
        ident = fact if isinstance(fact, str) else fact.id
        if ident not in out:
            out.append(ident)
    return out


_CLASS_WORDS = {
    "single_family": "single-family",
    "multi_family": "multi-family",
    "commercial": "commercial",
    "non_local": "non-local",
}


def premises_class_of(premises: Premises, ctx: Context) -> tuple[str | None, str]:
    """The SB 1383 class of a premises and the words that decided it. A class is given
    only from what is recorded: a residential premises whose dwelling units are not
    recorded has none (fewer than five units makes it single-family, five or more
    multi-family)."""
    if premises.non_local_entity is not None:
        return "non_local", f"a non-local entity ({words(premises.non_local_entity)})"
    use = premises.use
    if use == "hotel":
        return "commercial", "a hotel or motel, a commercial business"
    if use == "mixed_use":
        return ctx.param("org.mixed_use_class"), "a mixed-use development"
    if use in ("commercial", "industrial"):
        return "commercial", f"{use} use"
    units = premises.dwelling_units
    if use is None and units is None:
        if ctx.referring("establishment", "premises", premises.id):
            return "commercial", "a business operates there"
        return None, "neither its use nor its dwelling units are recorded"
    if premises.planned_development:
        return "single_family", "dwelling units of a planned development"
    if units is None:
        return None, "its dwelling units are not recorded"
    if units >= ctx.param("org.multi_family_min_units"):
        return "multi_family", plural(units, "dwelling unit")
    if premises.shared_bins and units >= ctx.param("org.shared_bins_min_units"):
        return (
            "multi_family",
            f"{plural(units, 'dwelling unit')} the City Manager put on shared bins",
        )
    return "single_family", plural(units, "dwelling unit")


vocabulary(*_CLASS_WORDS.values())
_MIXED_USE_READING = declare(
    "org.reading.mixed-use-class",
    "A mixed-use development is never multi-family premises; the development, its "
    "residential portion included, is taken as {chosen}.",
)


def class_reading(premises: Premises | None, ctx: Context) -> Message | None:
    """The reading a premises' class rests on, where one decided it (a mixed-use
    development), else None."""
    if not is_a(premises, "premises") or premises.non_local_entity is not None:
        return None
    if premises.use == "mixed_use":
        chosen = _CLASS_WORDS.get(ctx.param("org.mixed_use_class"), "commercial")
        return _MIXED_USE_READING(chosen=Word(chosen))
    return None


def sentences(*readings: Message | None) -> Message | None:
    """Readings that are whole sentences, one after the other (``reading_sentences``,
    each a phrase inside it so that it reads in the reader's language); one as it is,
    None when there is none."""
    named = [r for r in readings if r is not None]
    if len(named) <= 1:
        return named[0] if named else None
    return reading_sentences(*(Phrase(r) for r in named))


def class_of(premises: Premises, ctx: Context) -> str | None:
    return ctx.derived("premises_class", premises)


def establishment_class(establishment: Establishment, ctx: Context) -> str:
    """Commercial, multi_family or non_local: how the subchapter sees a business."""
    if establishment.category in ctx.param("org.non_commercial_categories"):
        return "non_local"
    premises = ctx.get(establishment.premises)
    cls = class_of(premises, ctx) if premises is not None else None
    if cls == "non_local":
        return "non_local"
    if establishment.multi_family or cls == "multi_family":
        return "multi_family"
    return "commercial"


def subject_class(subject: Fact | None, ctx: Context) -> str | None:
    """The class of a premises or an establishment (None for anything else)."""
    if is_a(subject, "premises"):
        return class_of(subject, ctx)
    if is_a(subject, "establishment"):
        return establishment_class(subject, ctx)
    return None


def is_commercial(subject: Fact | None, ctx: Context, *, multi_family: bool = True) -> bool:
    """A commercial business (multi-family premises counting as one unless excluded)."""
    cls = subject_class(subject, ctx)
    return cls == "commercial" or (multi_family and cls == "multi_family")


def establishments_at(premises: Premises, ctx: Context) -> list[Establishment]:
    return ctx.referring("establishment", "premises", premises.id)


def _holders(subject: Fact, ctx: Context) -> list[str]:
    """Whose collection services count for a subject: a premises's own and those of the
    businesses at it; an establishment's own."""
    if is_a(subject, "premises"):
        return [subject.id, *(e.id for e in establishments_at(subject, ctx))]
    return [subject.id]


#: the streams of a collection service, as a data problem names them
vocabulary(*(words(stream) for stream in ("recyclables", "organics", "black", "total")))
_SERVICE_BACKWARDS = declare(
    "org.problem.service-ends-before-start",
    "The {stream} collection service of {holder} ends on {end}, before it starts on {start}.",
)


def service_record(subject: Fact, ctx: Context) -> dict[str, list[CollectionService]]:
    """The collection services on record for a subject (and, for a premises, the
    businesses at it), by stream, started by the as-of date, current or ended. A
    service that ends before it starts is a data problem and counts for nothing."""
    memo = ctx.memo("organics.services")
    found = memo.get(subject.id)
    if found is not None:
        return found
    found = {}
    for holder in _holders(subject, ctx):
        for field_name in ("premises", "establishment"):
            for service in ctx.referring("collection_service", field_name, holder):
                if service.end is not None and service.end < service.start:
                    ctx.data_problem(
                        named_facts(service, holder),
                        _SERVICE_BACKWARDS(
                            stream=Word(words(service.stream)),
                            holder=ref(ctx, holder),
                            end=Day(service.end),
                            start=Day(service.start),
                        ),
                    )
                    continue
                found.setdefault(service.stream, []).append(service)
    memo[subject.id] = found
    return found


def services_of(subject: Fact, ctx: Context) -> list[CollectionService]:
    """The subject's services in effect on the as-of date."""
    return [
        s
        for services in service_record(subject, ctx).values()
        for s in services
        if is_current(s.start, s.end, ctx.as_of)
    ]


def gallons_words(service: CollectionService, ctx: Context) -> float | None:
    """A service's gallons a week, or None when its size is not recorded."""
    if service.gallons_per_week is not None:
        return service.gallons_per_week
    if service.cubic_yards_per_week is not None:
        return service.cubic_yards_per_week * ctx.param("org.gallons_per_cubic_yard")
    return None


def cubic_yards_words(service: CollectionService, ctx: Context) -> float | None:
    if service.cubic_yards_per_week is not None:
        return service.cubic_yards_per_week
    gallons = gallons_words(service, ctx)
    return None if gallons is None else gallons / ctx.param("org.gallons_per_cubic_yard")


def _level(services: list[CollectionService], ctx: Context) -> float | None:
    """Gallons a week of the services in effect on the as-of date (0 when every one has
    ended); None when one in effect has no recorded size."""
    total = 0.0
    for service in services:
        if is_current(service.start, service.end, ctx.as_of):
            gallons = gallons_words(service, ctx)
            if gallons is None:
                return None
            total += gallons
    return total


def weekly_gallons(subject: Fact, ctx: Context) -> dict[str, float | None]:
    """Gallons a week of the subject's services in effect, by stream: a level rests on a
    service of the stream on record (one that has ended counts as none in effect); a
    stream with no service on record, or one in effect of unrecorded size, is None."""
    record = service_record(subject, ctx)
    return {
        stream: _level(record[stream], ctx) if stream in record else None
        for stream in ("recyclables", "organics", "black", "total")
    }


def waiver_in_effect(waiver: Waiver, ctx: Context) -> bool:
    """The core ``waiver_valid`` (granted, not expired, not revoked, not voided)."""
    return bool(ctx.derived("waiver_valid", waiver))


def service_waiver(holder: str, ctx: Context) -> Waiver | None:
    """A valid de minimis or physical space waiver naming ``holder``."""
    for waiver in ctx.referring("waiver", "subject", holder):
        if waiver.kind in ("de_minimis", "physical_space") and waiver_in_effect(waiver, ctx):
            return waiver
    return None


_REGISTRATION_BACKWARDS = declare(
    "org.problem.registration-ends-before-start",
    "The self-hauler registration of {subject} ends on {end}, before it starts on {start}.",
)


def registrations_of(subject_id: str, ctx: Context) -> list[SelfHauler]:
    """A subject's self-hauler registrations; one that ends before it starts is a data
    problem and counts for nothing."""
    out = []
    for registration in ctx.referring("self_hauler", "subject", subject_id):
        if registration.end is not None and registration.end < registration.start:
            ctx.data_problem(
                named_facts(registration, subject_id),
                _REGISTRATION_BACKWARDS(
                    subject=ref(ctx, subject_id),
                    end=Day(registration.end),
                    start=Day(registration.start),
                ),
            )
            continue
        out.append(registration)
    return out


def current_self_hauler(holder: str, ctx: Context) -> SelfHauler | None:
    """A current self-hauler registration naming ``holder``."""
    for registration in registrations_of(holder, ctx):
        if is_current(registration.start, registration.end, ctx.as_of):
            return registration
    return None


def premises_wide(subject: Fact, ctx: Context, test: Callable[[str], object]) -> bool:
    """True when ``test`` holds for the subject, or for every business at a premises."""
    if test(subject.id):
        return True
    if is_a(subject, "premises"):
        businesses = establishments_at(subject, ctx)
        return bool(businesses) and all(test(e.id) for e in businesses)
    return False


#: the events :func:`opened_after` names
EVENT_WORDS = (
    "the self-inspection",
    "the annual organic waste information",
    "the self-hauled load",
)
vocabulary(*EVENT_WORDS)
_BEFORE_OPENING = declare(
    "org.problem.before-opening",
    "{what} of {subject} is dated {date}, before it opened on {opened}.",
)


def opened_after(subject: Fact | None, event: Fact, day: date, what: str, ctx: Context) -> bool:
    """A data problem when ``event`` (``what``, a word of the vocabulary, dated ``day``)
    is dated before its business opened: True, and the event counts for nothing."""
    opened = getattr(subject, "opened_on", None)
    if opened is None or day >= opened:
        return False
    ctx.data_problem(
        named_facts(event, subject),
        _BEFORE_OPENING(
            what=Word(what, capital=True),
            subject=ref(ctx, subject),
            date=Day(day),
            opened=Day(opened),
        ),
    )
    return True


#: how a submission stands against its due date: (submitted, on time or not yet due)
_SUBMITTED = {
    (True, True): declare("org.submitted.on", "submitted {date}"),
    (True, False): declare("org.submitted.late", "submitted late, on {date}"),
    (False, True): declare("org.submitted.not-yet", "not yet submitted"),
    (False, False): declare("org.submitted.none", "none submitted"),
}


def submitted(done: date | None, due_on: date, ctx: Context) -> Phrase:
    """How a submission stands against its due date: "submitted 2025-01-20",
    "submitted late, on 2025-02-03", "not yet submitted", "none submitted"."""
    if done is not None:
        return Phrase(_SUBMITTED[True, done <= due_on](date=Day(done)))
    return Phrase(_SUBMITTED[False, ctx.as_of <= due_on]())
