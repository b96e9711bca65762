"""Ch. 50 SB 1383 construction and demolition (ORG-CD-COVERED) and CALGreen
(ORG-CALGREEN).
"""

from __future__ import annotations

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, deadline, derived, due, met, rule, violation
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Day, Phrase, Word, declare, vocabulary
from sanitas.ordinance.organics.common import num, org_in_force, submitted
from sanitas.ordinance.organics.vocabulary import BuildingApplication, CdProject

# --------------------------------------------------------------------------- ORG-CD-COVERED


@derived("cd_project_covered", on="cd_project", requirement="ORG-CD-COVERED")
def cd_project_covered(project: CdProject, ctx: Context) -> bool:
    """C&D (A)-(C): "All projects within the city shall be considered covered projects";
    so are city projects and demolition-only projects: every project, once the
    subchapter is in force."""
    return org_in_force(ctx)


@derived("cd_single_project", on="cd_project", requirement="ORG-CD-COVERED")
def cd_single_project(project: CdProject, ctx: Context) -> str:
    """C&D (A): "all phases of a project and all related projects taking place on a
    single or adjoining parcel, as determined by the compliance official, shall be
    deemed a single project": the id of the project this one is joined to."""
    seen = {project.id}
    current = project
    while current.part_of is not None and current.part_of not in seen:
        seen.add(current.part_of)
        current = ctx.get(current.part_of)
    return current.id


vocabulary("the city project")
_PROJECT_AT = declare("org.cd.project-at", "the city project at {premises}")
_WMP_DEADLINE = declare(
    "org.cd.wmp-deadline",
    "{project} began work on {began}; its Waste Management Plan was due by {due}: {submitted}.",
)
_WMP_BEFORE = declare(
    "org.cd.wmp-before",
    "{project} submitted its Waste Management Plan on {date}, before work began.",
)
_WMP_NOT_BEGUN = declare(
    "org.cd.wmp-not-begun",
    "{project} has not begun work; its Waste Management Plan is due before it does.",
)
_WMP_PLANNED = declare(
    "org.cd.wmp-planned",
    "{project} has not begun work, planned for {date}; its Waste Management Plan is due "
    "before work begins.",
)
_WMP_PLANNED_PAST = declare(
    "org.cd.wmp-planned-past",
    "{project} was planned to begin work on {date}, but no start of work is on record; its "
    "Waste Management Plan is due before work begins.",
)


def _project(project: CdProject, ctx: Context) -> Phrase | Word:
    """ "The city project at 500 Mission Dr" (or "The city project")."""
    premises = ctx.get(project.premises)
    if premises is None:
        return Word("the city project", capital=True)
    return Phrase(_PROJECT_AT(premises=ref(ctx, premises)), capital=True)


_SAME_DAY_PLAN = declare(
    "org.reading.same-day-plan",
    "A plan submitted on the day work begins is submitted before work begins.",
)


@rule("ORG-CD-COVERED", on="cd_project", cite="Ch. 50 SB 1383 C&D (B)")
def city_project_waste_management_plan(project: CdProject, ctx: Context):
    """C&D (B): "The city or its designee shall submit a Waste Management Plan (WMP) to the
    compliance official prior to beginning any construction or demolition activities".
    Reading (``org.wmp_days_before_work``): a plan submitted by the day work begins is
    on time. Work begun before the subchapter took effect owed no plan."""
    if not project.city_project or not org_in_force(ctx):
        return None
    lead = ctx.param("org.wmp_days_before_work")
    began = project.work_began_on
    done = project.wmp_submitted_on
    name = _project(project, ctx)
    if began is not None:
        if not org_in_force(ctx, began):
            return None
        due_on = add_days(began, -lead)
        return deadline(
            due_on=due_on,
            done_on=done,
            as_of=ctx.as_of,
            explanation=_WMP_DEADLINE(
                project=name,
                began=Day(began),
                due=Day(due_on),
                submitted=submitted(done, due_on, ctx),
            ),
            reading=None if lead else _SAME_DAY_PLAN(),
        )
    if done is not None:
        return met(_WMP_BEFORE(project=name, date=Day(done)))
    planned = project.planned_start_on
    if planned is None:
        return due(_WMP_NOT_BEGUN(project=name))
    if planned >= ctx.as_of:
        return due(_WMP_PLANNED(project=name, date=Day(planned)), due=add_days(planned, -lead))
    return due(_WMP_PLANNED_PAST(project=name, date=Day(planned)))


# --------------------------------------------------------------------------- ORG-CALGREEN


@derived("calgreen_storage_required", on="building_application", requirement="ORG-CALGREEN")
def calgreen_storage_required(application: BuildingApplication, ctx: Context) -> bool:
    """CALGreen (B)(1)-(2): storage areas for blue and green container materials "Where
    five or more multi-family dwelling units are constructed on a building site", and
    for "New commercial construction or additions resulting in more than 30% of the
    floor area"."""
    return _calgreen_reason(application, ctx) is not None


_UNITS = declare(
    "org.calgreen.units",
    "it builds {units} multi-family dwelling unit ({minimum} or more)",
    plural="it builds {units} multi-family dwelling units ({minimum} or more)",
    count="units",
)
_NEW_COMMERCIAL = declare("org.calgreen.new-commercial", "it is new commercial construction")
_ADDITION = declare(
    "org.calgreen.addition",
    "its addition of {added} sq ft is {share}% of the existing {existing} sq ft, more than "
    "{ratio}%",
)


def _calgreen_reason(application: BuildingApplication, ctx: Context) -> Phrase | None:
    if not org_in_force(ctx, application.date) or application.construction == "alteration":
        return None
    if application.occupancy == "multi_family":
        units = application.new_dwelling_units or 0
        minimum = ctx.param("org.calgreen_multi_family_units", on=application.date)
        if units >= minimum:
            return Phrase(_UNITS(units=Count(units), minimum=Count(minimum)))
        return None
    if application.occupancy != "commercial":
        return None
    existing = application.existing_floor_area_sqft
    if application.construction == "new" or not existing:
        return Phrase(_NEW_COMMERCIAL())
    added = application.added_floor_area_sqft or 0
    ratio = ctx.param("org.calgreen_addition_ratio", on=application.date)
    share = added / existing
    if share > ratio:
        return Phrase(
            _ADDITION(
                added=Count(round(added, 1)),
                share=num(share * 100),
                existing=Count(round(existing, 1)),
                ratio=num(ratio * 100),
            )
        )
    return None


_CONSTRUCTION_WORDS = {"new": "new construction", "addition": "an addition"}
vocabulary(*_CONSTRUCTION_WORDS.values())
_HEAD = "The building permit application of {date} for {construction} at {premises} needs "
_HEAD_NO_PREMISES = "The building permit application of {date} for {construction} needs "
_NEEDS = "recycling and organics storage areas because {reason}"
#: (at a premises on record, plans identify the areas: True, False or None): the message
_CALGREEN = {
    (True, True): declare(
        "org.calgreen.identified", _HEAD + _NEEDS + ", and its plans identify them."
    ),
    (True, None): declare(
        "org.calgreen.not-yet",
        _HEAD + _NEEDS + "; its plans are not yet on record as identifying them.",
    ),
    (True, False): declare(
        "org.calgreen.not-identified", _HEAD + _NEEDS + ", but its plans do not identify them."
    ),
    (False, True): declare(
        "org.calgreen.identified-no-premises",
        _HEAD_NO_PREMISES + _NEEDS + ", and its plans identify them.",
    ),
    (False, None): declare(
        "org.calgreen.not-yet-no-premises",
        _HEAD_NO_PREMISES + _NEEDS + "; its plans are not yet on record as identifying them.",
    ),
    (False, False): declare(
        "org.calgreen.not-identified-no-premises",
        _HEAD_NO_PREMISES + _NEEDS + ", but its plans do not identify them.",
    ),
}


@rule("ORG-CALGREEN", on="building_application")
def calgreen_storage_areas(application: BuildingApplication, ctx: Context):
    """CALGreen (B): "as a condition of the city's permit approval … provide readily
    accessible areas … identified for the storage and collection of blue container and
    green container materials". A condition of approval: plans not yet on record as
    identifying the areas leave it open."""
    reason = _calgreen_reason(application, ctx)
    if reason is None:
        return None
    premises = ctx.get(application.premises)
    args = {
        "date": Day(application.date),
        "construction": Word(_CONSTRUCTION_WORDS[application.construction]),
        "reason": reason,
    }
    if premises is not None:
        args["premises"] = ref(ctx, premises)
    identified = None if application.storage_areas is None else bool(application.storage_areas)
    message = _CALGREEN[premises is not None, identified](**args)
    cite = (
        "Ch. 50 SB 1383 CALGreen (B)(1)"
        if application.occupancy == "multi_family"
        else "Ch. 50 SB 1383 CALGreen (B)(2)"
    )
    if application.storage_areas:
        return met(message, cite=cite)
    if application.storage_areas is None:
        return due(message, cite=cite)
    return violation(message, cite=cite)
