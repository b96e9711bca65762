"""'65 Code § 6-8.119(B)(1)-(4) and § 6-8.120: a connection design's pipe material and
diameter, clean-outs, grade, clearance from clay pipe and depth, the connection
method, and the sections a design is tested in.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, derived, met, rule, violation
from sanitas.ordinance.permits.common import (
    UNSHOWN_FAILS_READING,
    UNSHOWN_READING,
    Run,
    any_of,
    at_least,
    code,
    fails_unshown,
    minimums_outcome,
    num,
    point_words,
    private_path,
    readings,
    runs,
    special_permit,
    unshown_note,
)
from sanitas.ordinance.words import capital, listing, name_of, plural, words

# --------------------------------------------------------------------------- design checks


@rule("PRM-PIPE-MATERIAL", on="connection_design", cite=code("119(B)(1)"))
def pipe_material(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(1): "All pipe shall be first-class, vitrified, salt glazed, socket
    pipe or standard cast iron soil pipe." """
    allowed = ctx.param("prm.pipe_materials")
    all_runs = runs(design)
    if not all_runs:
        return None
    bad = [r for r in all_runs if r.segment.material not in allowed]
    if bad:
        listed = listing([f"{r.label} is {words(r.segment.material)}" for r in bad])
        return violation(
            f"{capital(listed)}; house-connection pipe must be {any_of(allowed)} soil pipe."
        )
    return met(f"Every run of the design is {any_of(allowed)} pipe.")


@rule("PRM-PIPE-DIAMETER", on="connection_design", cite=code("119(B)(1)"))
def pipe_diameter(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(1): "not less than six inches in internal diameter, for that portion
    extending from the street sewer to the property line, and not less than four inches
    … from the property line to the house or building for house connection sewers
    serving 20 persons or less, and not less than six inches in internal diameter for
    all portions of house connection sewers serving more than 20 persons." """
    all_runs = runs(design)
    if not all_runs:
        return None
    persons = design.persons_served
    small = ctx.param("prm.small_service_persons")
    street_min = ctx.param("prm.street_run_min_diameter_in")
    large_min = ctx.param("prm.large_service_min_diameter_in")
    private_min = ctx.param("prm.private_run_min_diameter_in")
    large = persons > small
    failures = []
    for run in all_runs:
        if large:
            need = max(large_min, street_min) if run.street_side else large_min
        else:
            need = street_min if run.street_side else private_min
        if run.segment.diameter_in < need:
            failures.append(f"{run.label} is only {num(run.segment.diameter_in)} in. across")
    serving = plural(persons, "person")
    if large:
        basis = (
            f"Serving {serving} (more than {small}), every run must be at least "
            f"{num(large_min)} in. across"
        )
    else:
        basis = (
            f"Serving {serving} ({small} or fewer), the runs from the public sewer to the "
            f"property line must be at least {num(street_min)} in. across and the rest at "
            f"least {num(private_min)} in."
        )
    if failures:
        return violation(f"{basis}; {listing(failures)}.")
    return met(f"{basis}, and every run is.")


def _cleanout_shown(point: str, design: Any) -> bool | None:
    shown: bool | None = None
    for seg in design.segments:
        if seg.to == point and seg.cleanout is not None:
            if seg.cleanout:
                return True
            shown = False
    return shown


def _grade_changes(point: str, all_runs: list[Run], ctx: Context) -> bool | None:
    slopes = [r.slope for r in all_runs if point in (r.segment.from_, r.segment.to)]
    if any(s is None for s in slopes):
        return None
    step = ctx.param("prm.grade_change_min")
    return bool(slopes) and round(max(slopes) - min(slopes), 9) >= step


@rule("PRM-CLEANOUTS", on="connection_design", cite=code("119(B)(2)"))
def cleanouts(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(2): "A clean out shall be placed in every house connection sewer at
    the junction with the soil pipe at the building and at all changes in alignment and
    grade." """
    all_runs = runs(design)
    counts: dict[str, int] = defaultdict(int)
    for seg in design.segments:
        counts[seg.from_] += 1
        counts[seg.to] += 1
    every_point = ctx.param("prm.cleanout_at_every_point")
    required: list[str] = []
    for point in counts:
        if point == "building":
            required.append(point)
        elif point == "street_sewer" or counts[point] < 2:
            continue
        elif point == "property_line" or not every_point:
            if _grade_changes(point, all_runs, ctx):
                required.append(point)
        else:
            required.append(point)
    if not required:
        return None
    missing, unshown = [], []
    for point in required:
        shown = _cleanout_shown(point, design)
        if shown is False or (shown is None and fails_unshown(ctx)):
            missing.append(point)
        elif shown is None:
            unshown.append(point)
    if len(unshown) == len(required):
        return None
    where = (
        f"Clean-outs are required at {listing(point_words(p) for p in required)} (the "
        "junction with the soil pipe at the building and each change of alignment or grade)"
    )
    every = (
        "Every point where two runs of the design meet, other than the property line, is "
        "taken as a change of alignment."
        if every_point and any(p not in ("building", "property_line") for p in required)
        else None
    )
    if missing:
        return violation(
            f"{where}; none is shown at {listing(point_words(p) for p in missing)}.",
            reading=readings(every, UNSHOWN_FAILS_READING if fails_unshown(ctx) else None),
        )
    shown = [point_words(p) for p in required if p not in unshown]
    note = (
        f" but does not show whether there is one at {listing(point_words(p) for p in unshown)}"
        if unshown
        else ""
    )
    return met(
        f"{where}; the design shows one at {listing(shown)}{note}.",
        reading=readings(every, UNSHOWN_READING if unshown else None),
    )


@rule("PRM-GRADE", on="connection_design", cite=code("119(B)(3)(d)"))
def grade(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(3)(d): "The grade shall be straight from the property line to the
    public sewer and shall have a fall of not less than one foot in 50 feet toward the
    public sewer, except where otherwise permitted by a special permit in writing from
    the Community Development Director." """
    street = [r for r in runs(design) if r.street_side]
    if not street:
        return None
    minimum = ctx.param("prm.min_grade")
    special = special_permit(design, "special_grade", ctx)
    if special is not None:
        return met(
            f"{capital(name_of(ctx, special))}, issued {special.issued_on}, allows less than "
            f"the {num(minimum * 100)}% fall from the property line to the public sewer."
        )
    failures, unshown, slopes = [], [], []
    for run in street:
        slope = run.slope
        if slope is None:
            if fails_unshown(ctx):
                failures.append(f"{run.label} shows no fall or length")
            else:
                unshown.append(f"the fall of {run.label}")
            continue
        slopes.append(slope)
        if not at_least(slope, minimum):
            seg = run.segment
            failures.append(
                f"{run.label} falls {num(seg.fall_ft)} ft in {num(seg.length_ft)} ft "
                f"({num(slope * 100)}%)"
            )
    step = ctx.param("prm.grade_change_min")
    if len(slopes) > 1 and round(max(slopes) - min(slopes), 9) >= step:
        failures.append(
            f"the grade changes from {num(min(slopes) * 100)}% to {num(max(slopes) * 100)}% "
            "instead of running straight"
        )
    rule_text = (
        f"a straight fall of at least 1 ft in {num(1 / minimum)} ft ({num(minimum * 100)}%) "
        "toward the public sewer"
    )
    if failures:
        strict = any(" shows no " in f for f in failures)
        return violation(
            f"From the property line to the public sewer, {listing(failures)}, but "
            f"{rule_text} is required.",
            reading=UNSHOWN_FAILS_READING if strict else None,
        )
    if not slopes:
        return None
    return met(
        f"From the property line to the public sewer the grade is {num(min(slopes) * 100)}%"
        f", meeting {rule_text}{unshown_note(unshown, ctx)}.",
        reading=UNSHOWN_READING if unshown else None,
    )


@rule("PRM-CLAY-CLEARANCE", on="connection_design", cite=code("119(B)(3)(e)"))
def clay_clearance(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(3)(e): "Vitrified clay piping shall not be placed closer than 12
    inches to the exterior wall of any building or closer than 12 inches to the surface
    of the ground at any point of its course." """
    clay = [r for r in runs(design) if r.segment.material == "vitrified_clay"]
    if not clay:
        return None
    wall_min = ctx.param("prm.clay_min_wall_clearance_in")
    cover_min = ctx.param("prm.clay_min_cover_in")
    return minimums_outcome(
        [
            (run.label, value, minimum, what, f"in. {where}")
            for run in clay
            for value, minimum, what, where in (
                (
                    run.segment.clearance_wall_in,
                    wall_min,
                    "distance from the building wall",
                    "from the building wall",
                ),
                (run.segment.cover_in, cover_min, "cover", "below the ground surface"),
            )
        ],
        f"vitrified clay pipe must lie at least {num(wall_min)} in. from any building wall "
        f"and {num(cover_min)} in. below the ground surface",
        "Every clay run keeps the distances shown",
        ctx,
    )


@rule("PRM-DEPTH", on="connection_design", cite=code("119(B)(4)"))
def depth(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(4): "Where laid within the limits of a public street, no connection
    shall be laid less than three feet below the established grade of the same or below
    the surface, where no grade is established, except by a special permit in writing
    from the Community Development Director." """
    in_street = [r for r in runs(design) if r.segment.in_street]
    if not in_street:
        return None
    minimum = ctx.param("prm.street_min_depth_ft")
    special = special_permit(design, "special_depth", ctx)
    if special is not None:
        return met(
            f"{capital(name_of(ctx, special))}, issued {special.issued_on}, allows less than "
            f"{num(minimum)} ft of depth in the public street."
        )
    return minimums_outcome(
        [(run.label, run.segment.depth_ft, minimum, "depth", "ft deep") for run in in_street],
        f"a connection in a public street lies at least {num(minimum)} ft below grade",
        "Every run in the street is deep enough",
        ctx,
    )


# --------------------------------------------------------------------------- connection method


@derived("connection_methods_allowed", on="connection_design", requirement="PRM-CONNECTION-METHOD")
def connection_methods_allowed(design: Any, ctx: Context) -> list[str] | None:
    """§ 6-8.120: where no Y or T branch exists, "(A) In all public sewers 12 inches or
    less in internal diameter and ten feet or less in depth, … inserting a Y branch.
    (B) In public sewers from eight inches to 12 inches, inclusive, … and more than ten
    feet in depth, it shall be permissible to … insert a standard saddle." """
    if design.existing_branch:
        return []
    diameter, sewer_depth = design.public_sewer_diameter_in, design.public_sewer_depth_ft
    if diameter is None or sewer_depth is None:
        return None
    y_diameter = ctx.param("prm.y_branch_max_diameter_in")
    y_depth = ctx.param("prm.y_branch_max_depth_ft")
    if diameter <= y_diameter and sewer_depth <= y_depth:
        return ["y_branch"]
    low, high = ctx.param("prm.saddle_min_diameter_in"), ctx.param("prm.saddle_max_diameter_in")
    if low <= diameter <= high and sewer_depth > y_depth:
        return ["saddle", "y_branch"]
    return []


def _a(method: str) -> str:
    return f"a {words(method)}"


@rule("PRM-CONNECTION-METHOD", on="connection_design", cite=code("120"))
def connection_method(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.120: the connection to a public sewer with no Y or T branch is made by a Y
    branch, or (8 to 12 in. and deeper than 10 ft) by a standard saddle."""
    if design.method is None:
        return None
    allowed = ctx.derived("connection_methods_allowed", design)
    if allowed is None:
        return None
    method = _a(design.method)
    if design.existing_branch:
        return violation(
            f"The public sewer already has a branch for this connection, so no section may "
            f"be cut for {method}."
        )
    sewer = (
        f"The public sewer is {num(design.public_sewer_diameter_in)} in. across and "
        f"{num(design.public_sewer_depth_ft)} ft deep"
    )
    which = code("120(B)") if "saddle" in allowed else code("120(A)")
    if design.method in allowed:
        return met(
            f"{sewer}, so {listing([_a(m) for m in allowed], 'or')} may be used, and the "
            f"design uses {method}.",
            cite=which,
        )
    if allowed:
        return violation(
            f"{sewer}, so only {listing([_a(m) for m in allowed], 'or')} may be used, not "
            f"the design's {words(design.method)}.",
            cite=which,
        )
    return violation(
        f"{sewer}, for which the chapter allows neither a Y-branch nor a saddle, so the "
        f"design's {words(design.method)} may not be used."
    )


# --------------------------------------------------------------------------- sections


def head_ft(ctx: Context) -> float:
    return ctx.param("prm.test_psi") * ctx.param("prm.ft_water_per_psi")


def above_upper_ft(ctx: Context) -> float:
    return ctx.param("prm.test_min_head_above_upper_in") / 12


@derived("test_in_sections", on="connection_design", requirement="PRM-TEST-SECTIONS")
def test_in_sections(design: Any, ctx: Context) -> bool | None:
    """§ 6-8.119(B)(6)(b): "Where, by reason of excessive fall in any such house
    connection sewer, the static pressure in a standing test will exceed four pounds
    per square inch, such line shall be tested in sections." The total fall from the
    property line to the building plus the 4 in. above the upper terminus, against the
    4 psi head (9.24 ft of water)."""
    path = private_path(design)
    if not path or any(r.segment.fall_ft is None for r in path):
        return None
    fall = sum(r.segment.fall_ft for r in path)
    return round(fall + above_upper_ft(ctx), 6) > round(head_ft(ctx), 6)


@derived("test_sections", on="connection_design", requirement="PRM-TEST-SECTIONS")
def test_sections(design: Any, ctx: Context) -> list[dict[str, float]] | None:
    """The section plan: stations (feet from the property line) of sections whose fall
    plus the 4 in. above their upper end never exceeds the 4 psi head; one section when
    the whole run can be tested at once."""
    whole = ctx.derived("test_in_sections", design)
    path = private_path(design)
    if whole is None or any(r.segment.length_ft is None for r in path):
        return None
    limit = head_ft(ctx) - above_upper_ft(ctx)
    sections: list[dict[str, float]] = []
    start = station = fall = 0.0
    for run in path:
        length, drop = run.segment.length_ft, run.segment.fall_ft
        slope = drop / length
        while whole and slope > 0 and round(fall + length * slope, 9) > round(limit, 9):
            step = (limit - fall) / slope
            station += step
            length -= step
            sections.append({"from_ft": start, "to_ft": station, "fall_ft": limit})
            start, fall = station, 0.0
        station += length
        fall += length * slope
    sections.append({"from_ft": start, "to_ft": station, "fall_ft": fall})
    return [{k: round(v, 2) for k, v in s.items()} for s in sections]
