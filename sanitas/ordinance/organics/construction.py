"""Ch. 50 SB 1383 construction and demolition (ORG-CD-COVERED) and CALGreen
(ORG-CALGREEN).
"""

from __future__ import annotations

from sanitas.ordinance.calendar import add_days
from sanitas.ordinance.engine import Context, deadline, derived, due, met, rule, violation
from sanitas.ordinance.organics.common import num, org_in_force, tail_words
from sanitas.ordinance.organics.vocabulary import BuildingApplication, CdProject
from sanitas.ordinance.words import name_of, number, plural

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


def _project(project: CdProject, ctx: Context) -> str:
    """ "The city project at 500 Mission Dr" (or "The city project")."""
    premises = ctx.get(project.premises)
    return f"The city project at {name_of(ctx, premises)}" if premises else "The city project"


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
    submitted = project.wmp_submitted_on
    name = _project(project, ctx)
    if began is not None:
        if not org_in_force(ctx, began):
            return None
        due_on = add_days(began, -lead)
        return deadline(
            due_on=due_on,
            done_on=submitted,
            as_of=ctx.as_of,
            explanation=f"{name} began work on {began}; its Waste Management Plan was due by "
            f"{due_on}: {tail_words(submitted, due_on, ctx, 'submitted', 'none submitted')}.",
            reading=None
            if lead
            else "A plan submitted on the day work begins is submitted before work begins.",
        )
    if submitted is not None:
        return met(f"{name} submitted its Waste Management Plan on {submitted}, before work began.")
    planned = project.planned_start_on
    if planned is None:
        return due(f"{name} has not begun work; its Waste Management Plan is due before it does.")
    if planned >= ctx.as_of:
        return due(
            f"{name} has not begun work, planned for {planned}; its Waste Management Plan is due "
            "before work begins.",
            due=add_days(planned, -lead),
        )
    return due(
        f"{name} was planned to begin work on {planned}, but no start of work is on record; its "
        "Waste Management Plan is due before work begins."
    )


# --------------------------------------------------------------------------- ORG-CALGREEN


@derived("calgreen_storage_required", on="building_application", requirement="ORG-CALGREEN")
def calgreen_storage_required(application: BuildingApplication, ctx: Context) -> bool:
    """CALGreen (B)(1)-(2): storage areas for blue and green container materials "Where
    five or more multi-family dwelling units are constructed on a building site", and
    for "New commercial construction or additions resulting in more than 30% of the
    floor area"."""
    return _calgreen_reason(application, ctx) is not None


def _calgreen_reason(application: BuildingApplication, ctx: Context) -> str | None:
    if not org_in_force(ctx, application.date) or application.construction == "alteration":
        return None
    if application.occupancy == "multi_family":
        units = application.new_dwelling_units or 0
        minimum = ctx.param("org.calgreen_multi_family_units", on=application.date)
        if units >= minimum:
            return f"it builds {plural(units, 'multi-family dwelling unit')} ({minimum} or more)"
        return None
    if application.occupancy != "commercial":
        return None
    existing = application.existing_floor_area_sqft
    if application.construction == "new" or not existing:
        return "it is new commercial construction"
    added = application.added_floor_area_sqft or 0
    ratio = ctx.param("org.calgreen_addition_ratio", on=application.date)
    share = added / existing
    if share > ratio:
        return (
            f"its addition of {number(round(added, 1))} sq ft is {num(share * 100)}% of the "
            f"existing {number(round(existing, 1))} sq ft, more than {num(ratio * 100)}%"
        )
    return None


_CONSTRUCTION_WORDS = {"new": "new construction", "addition": "an addition"}


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
    at = f" at {name_of(ctx, premises)}" if premises is not None else ""
    head = (
        f"The building permit application of {application.date} for "
        f"{_CONSTRUCTION_WORDS[application.construction]}{at} needs recycling and organics "
        f"storage areas because {reason}"
    )
    cite = (
        "Ch. 50 SB 1383 CALGreen (B)(1)"
        if application.occupancy == "multi_family"
        else "Ch. 50 SB 1383 CALGreen (B)(2)"
    )
    if application.storage_areas:
        return met(f"{head}, and its plans identify them.", cite=cite)
    if application.storage_areas is None:
        return due(f"{head}; its plans are not yet on record as identifying them.", cite=cite)
    return violation(f"{head}, but its plans do not identify them.", cite=cite)
