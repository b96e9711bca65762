"""'65 Code § 6-8.119(B)(1)-(4) and § 6-8.120: a connection design's pipe material and
diameter, clean-outs, grade, clearance from clay pipe and depth, the connection
method, and the sections a design is tested in.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sanitas.ordinance.engine import Context, Outcome, derived, met, rule, violation
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Day, Items, Name, Phrase, Word, declare, vocabulary
from sanitas.ordinance.permits.common import (
    UNSHOWN_FAILS_READING,
    UNSHOWN_READING,
    Run,
    at_least,
    code,
    fails_unshown,
    measure,
    minimums_outcome,
    point_ref,
    private_path,
    readings,
    runs,
    special_permit,
    unshown_note,
)
from sanitas.ordinance.words import words

# --------------------------------------------------------------------------- design checks

#: the pipe materials the catalogs translate; another is said as the design names it
_MATERIALS = ("vitrified_clay", "cast_iron", "abs", "pvc")
vocabulary(*(words(m) for m in _MATERIALS))


def material_word(value: str) -> Word | Name:
    """A pipe material in the catalogs' words ("vitrified clay"); one the pack does not
    list, as recorded."""
    return Word(words(value)) if value in _MATERIALS else Name(words(value))


_RUN_IS = declare("prm.material.run-is", "{run} is {material}")
_WRONG_MATERIAL = declare(
    "prm.material.violation", "{runs}; house-connection pipe must be {allowed} soil pipe."
)
_RIGHT_MATERIAL = declare("prm.material.met", "Every run of the design is {allowed} pipe.")


@rule("PRM-PIPE-MATERIAL", on="connection_design", cite=code("119(B)(1)"))
def pipe_material(design: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(B)(1): "All pipe shall be first-class, vitrified, salt glazed, socket
    pipe or standard cast iron soil pipe." """
    allowed = ctx.param("prm.pipe_materials")
    all_runs = runs(design)
    if not all_runs:
        return None
    bad = [r for r in all_runs if r.segment.material not in allowed]
    materials = Items(tuple(material_word(m) for m in allowed), "or")
    if bad:
        listed = tuple(
            Phrase(_RUN_IS(run=r.name, material=material_word(r.segment.material)), capital=not i)
            for i, r in enumerate(bad)
        )
        return violation(_WRONG_MATERIAL(runs=Items(listed), allowed=materials))
    return met(_RIGHT_MATERIAL(allowed=materials))


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
            narrow = _NARROW(run=run.name, diameter=measure(run.segment.diameter_in))
            failures.append(Phrase(narrow))
    if large:
        basis = _LARGE(persons=Count(persons), small=Count(small), large=measure(large_min))
    else:
        basis = _SMALL(
            persons=Count(persons),
            small=Count(small),
            street=measure(street_min),
            private=measure(private_min),
        )
    if failures:
        return violation(_TOO_NARROW(basis=Phrase(basis), failures=Items(tuple(failures))))
    return met(_WIDE_ENOUGH(basis=Phrase(basis)))


_NARROW = declare("prm.diameter.narrow", "{run} is only {diameter} in. across")
_LARGE = declare(
    "prm.diameter.large",
    "Serving {persons} person (more than {small}), every run must be at least {large} in. across",
    plural="Serving {persons} people (more than {small}), every run must be at least {large} in. "
    "across",
    count="persons",
)
_SMALL = declare(
    "prm.diameter.small",
    "Serving {persons} person ({small} or fewer), the runs from the public sewer to the property "
    "line must be at least {street} in. across and the rest at least {private} in.",
    plural="Serving {persons} people ({small} or fewer), the runs from the public sewer to the "
    "property line must be at least {street} in. across and the rest at least {private} in.",
    count="persons",
)
_TOO_NARROW = declare("prm.diameter.violation", "{basis}; {failures}.")
_WIDE_ENOUGH = declare("prm.diameter.met", "{basis}, and every run is.")


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
    points = Items(tuple(point_ref(p) for p in required))
    every = (
        _EVERY_POINT_READING
        if every_point and any(p not in ("building", "property_line") for p in required)
        else None
    )
    if missing:
        return violation(
            _CLEANOUTS_MISSING(
                required=points, missing=Items(tuple(point_ref(p) for p in missing))
            ),
            reading=readings(every, UNSHOWN_FAILS_READING if fails_unshown(ctx) else None),
        )
    shown = Items(tuple(point_ref(p) for p in required if p not in unshown))
    if unshown:
        said = _CLEANOUTS_PARTLY_SHOWN(
            required=points, shown=shown, unshown=Items(tuple(point_ref(p) for p in unshown))
        )
    else:
        said = _CLEANOUTS_SHOWN(required=points, shown=shown)
    return met(said, reading=readings(every, UNSHOWN_READING if unshown else None))


_EVERY_POINT_READING = declare(
    "prm.reading.every-point-a-bend",
    "Every point where two runs of the design meet, other than the property line, is "
    "taken as a change of alignment.",
)()
_CLEANOUTS_WHERE = (
    "Clean-outs are required at {required} (the junction with the soil pipe at the building "
    "and each change of alignment or grade)"
)
_CLEANOUTS_MISSING = declare(
    "prm.cleanouts.missing", _CLEANOUTS_WHERE + "; none is shown at {missing}."
)
_CLEANOUTS_SHOWN = declare(
    "prm.cleanouts.shown", _CLEANOUTS_WHERE + "; the design shows one at {shown}."
)
_CLEANOUTS_PARTLY_SHOWN = declare(
    "prm.cleanouts.partly-shown",
    _CLEANOUTS_WHERE
    + "; the design shows one at {shown} but does not show whether there is one at {unshown}.",
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
            _GRADE_SPECIAL(
                permit=ref(ctx, special, capital=True),
                date=Day(special.issued_on),
                percent=measure(minimum * 100),
            )
        )
    failures: list[Phrase] = []
    unshown: list[Phrase] = []
    slopes = []
    strict = False
    for run in street:
        slope = run.slope
        if slope is None:
            if fails_unshown(ctx):
                failures.append(Phrase(_NO_FALL(run=run.name)))
                strict = True
            else:
                unshown.append(Phrase(_FALL_OF(run=run.name)))
            continue
        slopes.append(slope)
        if not at_least(slope, minimum):
            seg = run.segment
            falls = _FALLS(
                run=run.name,
                fall=measure(seg.fall_ft),
                length=measure(seg.length_ft),
                percent=measure(slope * 100),
            )
            failures.append(Phrase(falls))
    step = ctx.param("prm.grade_change_min")
    if len(slopes) > 1 and round(max(slopes) - min(slopes), 9) >= step:
        bent = _NOT_STRAIGHT(low=measure(min(slopes) * 100), high=measure(max(slopes) * 100))
        failures.append(Phrase(bent))
    rule_text = Phrase(_GRADE_RULE(feet=measure(1 / minimum), percent=measure(minimum * 100)))
    if failures:
        return violation(
            _GRADE_SHORT(failures=Items(tuple(failures)), rule=rule_text),
            reading=UNSHOWN_FAILS_READING if strict else None,
        )
    if not slopes:
        return None
    return met(
        _GRADE_MET(
            percent=measure(min(slopes) * 100), rule=rule_text, note=unshown_note(unshown, ctx)
        ),
        reading=UNSHOWN_READING if unshown else None,
    )


_GRADE_SPECIAL = declare(
    "prm.grade.special-permit",
    "{permit}, issued {date}, allows less than the {percent}% fall from the property line to "
    "the public sewer.",
)
_NO_FALL = declare("prm.grade.not-shown", "{run} shows no fall or length")
_FALL_OF = declare("prm.grade.unshown", "the fall of {run}")
_FALLS = declare("prm.grade.falls", "{run} falls {fall} ft in {length} ft ({percent}%)")
_NOT_STRAIGHT = declare(
    "prm.grade.not-straight", "the grade changes from {low}% to {high}% instead of running straight"
)
_GRADE_RULE = declare(
    "prm.grade.rule",
    "a straight fall of at least 1 ft in {feet} ft ({percent}%) toward the public sewer",
)
_GRADE_SHORT = declare(
    "prm.grade.violation",
    "From the property line to the public sewer, {failures}, but {rule} is required.",
)
_GRADE_MET = declare(
    "prm.grade.met",
    "From the property line to the public sewer the grade is {percent}%, meeting {rule}{note}.",
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
            measured
            for run in clay
            for measured in (
                (run, run.segment.clearance_wall_in, wall_min, "wall"),
                (run, run.segment.cover_in, cover_min, "cover"),
            )
        ],
        Phrase(_CLAY_RULE(wall=measure(wall_min), cover=measure(cover_min))),
        _CLAY_MET,
        ctx,
    )


_CLAY_RULE = declare(
    "prm.clay.rule",
    "vitrified clay pipe must lie at least {wall} in. from any building wall and {cover} in. "
    "below the ground surface",
)
_CLAY_MET = declare("prm.clay.met", "Every clay run keeps the distances shown: {rule}{note}.")


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
            _DEPTH_SPECIAL(
                permit=ref(ctx, special, capital=True),
                date=Day(special.issued_on),
                depth=measure(minimum),
            )
        )
    return minimums_outcome(
        [(run, run.segment.depth_ft, minimum, "depth") for run in in_street],
        Phrase(_DEPTH_RULE(depth=measure(minimum))),
        _DEPTH_MET,
        ctx,
    )


_DEPTH_SPECIAL = declare(
    "prm.depth.special-permit",
    "{permit}, issued {date}, allows less than {depth} ft of depth in the public street.",
)
_DEPTH_RULE = declare(
    "prm.depth.rule", "a connection in a public street lies at least {depth} ft below grade"
)
_DEPTH_MET = declare("prm.depth.met", "Every run in the street is deep enough: {rule}{note}.")


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


#: a method with its article ("a Y-branch"), and as the design's ("the design's saddle")
_A_METHOD = {method: f"a {words(method)}" for method in ("y_branch", "saddle")}
vocabulary(*_A_METHOD.values())
_DESIGNS_METHOD = {
    method: declare(
        f"prm.method.designs-{method.replace('_', '-')}", f"the design's {words(method)}"
    )
    for method in ("y_branch", "saddle")
}


def _a(method: str) -> Word:
    return Word(_A_METHOD[method])


_HAS_BRANCH = declare(
    "prm.method.existing-branch",
    "The public sewer already has a branch for this connection, so no section may be cut for "
    "{method}.",
)
_SEWER = "The public sewer is {diameter} in. across and {depth} ft deep"
_METHOD_USED = declare(
    "prm.method.met", _SEWER + ", so {allowed} may be used, and the design uses {method}."
)
_METHOD_NOT_ALLOWED = declare(
    "prm.method.not-allowed", _SEWER + ", so only {allowed} may be used, not {method}."
)
_NO_METHOD = declare(
    "prm.method.none-allowed",
    _SEWER + ", for which the chapter allows neither a Y-branch nor a saddle, so {method} may "
    "not be used.",
)


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
        return violation(_HAS_BRANCH(method=method))
    sewer = {
        "diameter": measure(design.public_sewer_diameter_in),
        "depth": measure(design.public_sewer_depth_ft),
    }
    which = code("120(B)") if "saddle" in allowed else code("120(A)")
    methods = Items(tuple(_a(m) for m in allowed), "or")
    designs = Phrase(_DESIGNS_METHOD[design.method]())
    if design.method in allowed:
        return met(_METHOD_USED(**sewer, allowed=methods, method=method), cite=which)
    if allowed:
        return violation(_METHOD_NOT_ALLOWED(**sewer, allowed=methods, method=designs), cite=which)
    return violation(_NO_METHOD(**sewer, method=designs))


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
