"""§ 51.62, Best management practices required: the BMP program and its written
submittal (§ 51.62(A), (D)) and the employees' training and its records
(§ 51.62(B), (C)), with the training rules' fast path.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import NamedTuple

from sanitas.ordinance.calendar import add_days, day_text
from sanitas.ordinance.engine import (
    Context,
    Outcome,
    deadline,
    deadline_status,
    met,
    new_tuple,
    rule,
    violation,
)
from sanitas.ordinance.fog.common import (
    TOPICS_MUST_BE_COVERED,
    UNSIGNED_DOES_NOT_COUNT,
    capital_name,
    fse,
    fse_covered,
    has_opened,
    in_force_from,
    report_problem,
    thing_name,
)
from sanitas.ordinance.fog.vocabulary import BmpSubmittal, Training
from sanitas.ordinance.general import Employee, Establishment
from sanitas.ordinance.words import listing, plural, words

# --------------------------------------------------------------------------- FOG-BMP-PROGRAM

_BMP_LABEL = {
    "drain_screens": "drain screens",
    "grease_segregation": "segregation and collection of waste cooking grease",
    "food_waste_to_trash": "disposal of food waste into trash receptacles (not sinks)",
    "exhaust_filters": "kitchen exhaust filter maintenance",
    "employee_training": "an employee training program",
    "kitchen_signage": "kitchen signage",
}


def bmp_missing(submittal: BmpSubmittal, ctx: Context) -> list[str]:
    required = ctx.param("fog.bmp_elements", on=max(submittal.date, in_force_from(ctx)))
    return [_BMP_LABEL.get(e, words(e)) for e in required if e not in (submittal.elements or ())]


@rule("FOG-BMP-PROGRAM", on="establishment")
def bmp_program(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.62(A): "Best management practices shall include, at a minimum,
    installation of drain screens, segregation and collection of waste cooking
    grease, proper disposal of food waste into trash receptacles and not in sinks,
    maintenance of kitchen exhaust filters, employee training program on proper
    disposal of food waste and grease, and kitchen signage." The latest submitted
    program that lists its elements decides."""
    if not fse_covered(establishment, ctx) or not has_opened(establishment, ctx):
        return None
    submittal: BmpSubmittal | None = None
    for candidate in reversed(ctx.referring("bmp_submittal", "establishment", establishment.id)):
        if candidate.elements is not None:
            submittal = candidate
            break
    if submittal is None:
        return None
    required = ctx.param("fog.bmp_elements")
    missing = bmp_missing(submittal, ctx)
    program = (
        f"The best management practices program {thing_name(ctx, establishment)} submitted on "
        f"{submittal.date}"
    )
    if missing:
        return violation(
            f"{program} lacks {listing(missing)}: {len(missing)} of the "
            f"{plural(len(required), 'minimum practice')}."
        )
    return met(f"{program} includes all {plural(len(required), 'minimum practice')}.")


# --------------------------------------------------------------------------- FOG-BMP-SUBMITTAL


@rule("FOG-BMP-SUBMITTAL", on="establishment")
def bmp_submittal(establishment: Establishment, ctx: Context) -> Outcome | None:
    """§ 51.62(D): "A written copy of the best management practices program must be
    submitted to the Director." The subchapter sets no time for it: a notice of
    noncompliance does (FOG-NONCOMPLIANCE-NOTICE), and is met by the submittal."""
    if not fse_covered(establishment, ctx) or not has_opened(establishment, ctx):
        return None
    if ctx.as_of < in_force_from(ctx):
        return None
    submittals = ctx.referring("bmp_submittal", "establishment", establishment.id)
    if submittals:
        return met(
            f"{capital_name(ctx, establishment)} submitted its written best management practices "
            f"program to the Director on {submittals[-1].date}."
        )
    return violation(
        f"{capital_name(ctx, establishment)} is a food service establishment, and no written best "
        "management practices program from it has been submitted to the Director."
    )


# --------------------------------------------------------------------------- training

_TOPIC_WORDS = {
    "dry_wipe": "dry wiping",
    "food_waste_bagging": "bagging food waste",
    "absorbents": "absorbent products",
    "grease_disposal": "disposing of grease into a receptacle",
}


def _employment_end(employee: Employee, ctx: Context) -> date | None:
    """The last day of employment: ``left_on``, or the day the establishment closed."""
    establishment = ctx.get(employee.establishment)
    ends = [d for d in (employee.left_on, getattr(establishment, "closed_on", None)) if d]
    return min(ends) if ends else None


def training_defect(training: Training, ctx: Context) -> tuple[str, str] | None:
    """Why a training does not count, and the reading that says so; None if it counts."""
    if not training.signed and ctx.param("fog.training_counts_only_signed", on=training.date):
        return f"the training of {training.date} is unsigned", UNSIGNED_DOES_NOT_COUNT
    topics = ctx.param("fog.training_topics", on=max(training.date, in_force_from(ctx)))
    if training.topics is not None:
        lacking = [_TOPIC_WORDS.get(t, words(t)) for t in topics if t not in training.topics]
        if lacking:
            return (
                f"the training of {training.date} did not cover {listing(lacking)}",
                TOPICS_MUST_BE_COVERED,
            )
    return None


def _defect(training: Training, ctx: Context) -> tuple[str, str] | None:
    """``training_defect``, once per training and evaluation."""
    cache = ctx.memo("fog.training_defects")
    key = id(training)
    if key not in cache:
        cache[key] = training_defect(training, ctx)
    return cache[key]


def _classified(employee: Employee, ctx: Context) -> list[tuple[Training, tuple | None]]:
    """The employee's trainings that could have happened (dated while employed), oldest
    first, each with why it does not count (or None); a training dated before the
    employee was hired or after they left is a data problem. Once per evaluation."""
    cache = ctx.memo("fog.trainings")
    if employee.id not in cache:
        kept = []
        for training in ctx.referring("training", "employees", employee.id):
            if training.date < employee.hired_on:
                report_problem(
                    ctx,
                    [training, employee],
                    f"The training of {day_text(training.date)} at "
                    f"{thing_name(ctx, training.establishment)} lists {thing_name(ctx, employee)}, "
                    f"who was hired only on {day_text(employee.hired_on)}.",
                )
            elif employee.left_on is not None and training.date > employee.left_on:
                report_problem(
                    ctx,
                    [training, employee],
                    f"The training of {training.date} at "
                    f"{thing_name(ctx, training.establishment)} lists {thing_name(ctx, employee)}, "
                    f"who had left on {employee.left_on}.",
                )
            else:
                kept.append((training, _defect(training, ctx)))
        cache[employee.id] = kept
    return cache[employee.id]


def trainings_of(
    employee: Employee, ctx: Context, start: date, end: date | None = None
) -> tuple[list[Training], list[tuple[str, str]]]:
    """The employee's trainings dated from ``start`` to ``end``: those that count, and
    why each other one does not (with its reading)."""
    counted: list[Training] = []
    ignored: list[tuple[str, str]] = []
    for training, defect in _classified(employee, ctx):
        if training.date < start or (end is not None and training.date > end):
            continue
        if defect is None:
            counted.append(training)
        else:
            ignored.append(defect)
    return counted, ignored


def _not_counted(ignored: list[tuple[str, str]]) -> tuple[str, str | None]:
    """Why the trainings that did not count do not ("the training of 2025-02-10 is
    unsigned, so it does not count"; several joined by semicolons), and the readings
    that say so."""
    if not ignored:
        return "", None
    readings = " ".join(dict.fromkeys(reading for _, reading in ignored))
    return "; ".join(f"{why}, so it does not count" for why, _ in ignored), readings


def _employee_subject(employee: Employee, ctx: Context) -> str:
    """The employee at the start of a sentence, with the hire date said once."""
    if getattr(employee, "name", None):
        return f"{employee.name} (hired {employee.hired_on})"
    return capital_name(ctx, employee)


def _training_deadline(
    *,
    employee: Employee,
    ctx: Context,
    start: date,
    due_on: date,
    why: str,
) -> Outcome | None:
    counted, ignored = trainings_of(employee, ctx, start)
    done_on = counted[0].date if counted else None
    end = _employment_end(employee, ctx)
    if done_on is None and end is not None and end < due_on:
        return None  # left before the training fell due
    skipped, reading = _not_counted(ignored if done_on is None else [])
    who = _employee_subject(employee, ctx)
    return deadline(
        due_on=due_on,
        done_on=done_on,
        as_of=ctx.as_of,
        explanation=_training_words(who, why, ctx.as_of, due_on, due_on, done_on, done_on, skipped),
        reading=reading,
    )


def _training_words(
    who: str,
    why: str,
    as_of: date,
    due_on: date,
    due_text: object,
    done_on: date | None,
    done_text: object,
    skipped: str,
) -> str:
    """The sentence of a training due once: ``who``, ``why`` (with ``{verb}``), the
    due day and the day trained (each as a date or as its text), and why the
    trainings that did not count do not."""
    verb = "is" if done_on is None and as_of <= due_on else "was"
    if done_on is not None and done_on <= due_on:
        tail = f"and was trained on {done_text}"
    elif done_on is not None:
        tail = f"and was trained on {done_text}, {plural((done_on - due_on).days, 'day')} late"
    elif as_of <= due_on:
        tail = "and no counted FOG training is on record yet"
    else:
        tail = "but no counted FOG training is on record"
    if skipped:
        tail += f" ({skipped})"
    return f"{who} {why.format(verb=verb)}, by {due_text}, {tail}."


@rule("FOG-TRAINING-INITIAL", on="employee")
def training_initial(employee: Employee, ctx: Context) -> Outcome | None:
    """§ 51.62(B): "All food service establishments shall provide employee training
    within 180 days of the effective date of the ordinance adopting this
    subchapter" — for the employees employed when it took effect; trainings from
    the effective date count."""
    if ctx.fast:
        return _training_initial_fast(employee, ctx)
    if fse(employee.establishment, ctx) is None:
        return None
    in_force = in_force_from(ctx)
    end = _employment_end(employee, ctx)
    if employee.hired_on >= in_force or (end is not None and end < in_force):
        return None
    days = ctx.param("fog.initial_training_days", on=in_force)
    return _training_deadline(
        employee=employee,
        ctx=ctx,
        start=in_force,
        due_on=add_days(in_force, days),
        why=f"was employed when the FOG rules took effect on {in_force} and {{verb}} to be "
        f"trained within {plural(days, 'day')}",
    )


@rule("FOG-TRAINING-NEW-HIRE", on="employee")
def training_new_hire(employee: Employee, ctx: Context) -> Outcome | None:
    """§ 51.62(B): "… to all new employees within ten days of their employment …" """
    if ctx.fast:
        return _training_new_hire_fast(employee, ctx)
    if fse(employee.establishment, ctx) is None or employee.hired_on < in_force_from(ctx):
        return None
    days = ctx.param("fog.new_hire_training_days", on=employee.hired_on)
    return _training_deadline(
        employee=employee,
        ctx=ctx,
        start=employee.hired_on,
        due_on=add_days(employee.hired_on, days),
        why=f"{{verb}} to receive FOG training within {plural(days, 'day')} of being hired",
    )


def _full_years(employee: Employee, ctx: Context) -> Iterator[int]:
    """The calendar years, up to the as-of year, the employee was employed all of
    while the subchapter was in force (the as-of year: employed since its start)."""
    in_force = in_force_from(ctx)
    first = max(in_force, employee.hired_on)
    year = first.year if first == date(first.year, 1, 1) else first.year + 1
    end = _employment_end(employee, ctx)
    while year <= ctx.as_of.year:
        if end is not None and end < date(year, 12, 31):
            return
        yield year
        year += 1


@rule("FOG-TRAINING-SEMIANNUAL", on="employee")
def training_semiannual(employee: Employee, ctx: Context) -> list[Outcome] | Iterator[Outcome]:
    """§ 51.62(B): "… and to all employees twice each calendar year, on the best
    management practices including but not limited to the following subjects: (1)
    … "dry wipe" …; (2) … food waste and solids in enclosed plastic bags …; (3) …
    absorption products …; (4) … grease or oils … into a grease receptacle …"

    A training belongs to the calendar year it is dated in: one given in January
    does not make up for the year before, which stays overdue."""
    if ctx.fast:
        return _training_semiannual_in_one_pass(employee, ctx)
    return _training_semiannual_each_year(employee, ctx)


def _training_semiannual_each_year(employee: Employee, ctx: Context) -> Iterator[Outcome]:
    """FOG-TRAINING-SEMIANNUAL, each year on its own (the engine's reference path)."""
    if fse(employee.establishment, ctx) is None:
        return
    who = capital_name(ctx, employee)
    for year in _full_years(employee, ctx):
        year_end = date(year, 12, 31)
        needed = ctx.param("fog.trainings_per_year", on=year_end)
        counted, ignored = trainings_of(employee, ctx, date(year, 1, 1), year_end)
        dates = listing(str(t.date) for t in counted)
        done_on = counted[needed - 1].date if len(counted) >= needed else None
        skipped, reading = _not_counted(ignored) if done_on is None else ("", None)
        counted_words = plural(len(counted), "counted FOG training")
        text = _year_of_training_words(
            who, year, year_end, ctx.as_of, dates, counted_words, needed, done_on, skipped
        )
        yield deadline(
            due_on=year_end,
            done_on=done_on,
            as_of=ctx.as_of,
            period=str(year),
            explanation=text,
            reading=reading,
        )


def _year_of_training_words(
    who: str,
    year: object,
    year_end: date,
    as_of: date,
    dates: str,
    counted_words: str,
    needed: int,
    done_on: date | None,
    skipped: str,
) -> str:
    """The sentence of a year's trainings: ``who``, the year and its last day, the
    days of the trainings that count and how many there are ("1 counted FOG
    training"), the ``needed`` ones, and why the others did not count."""
    employed = (
        f"{who} was employed all of {year}"
        if as_of >= year_end
        else f"{who} has been employed since the start of {year}"
    )
    if done_on is not None:
        return f"{employed} and was trained on {dates}, the {needed} trainings the year requires."
    notes = "; ".join(n for n in (dates, skipped) if n)
    so_far = f" ({notes})" if notes else ""
    verb = "are due" if as_of <= year_end else "were due"
    return (
        f"{employed}: {counted_words} dated in {year}"
        f"{so_far}, and {needed} {verb} by {day_text(year_end)}."
    )


# ------------------------------------------------------------- training, the fast path
#
# The three training rules above as the engine's fast path runs them: what they
# each work out about an employee (whether the business is a food service
# establishment, the end of employment, the names) once per employee, the days
# written from the calendar's memo, and the years of FOG-TRAINING-SEMIANNUAL in one
# pass over the employee's trainings. The findings are the rules' own, byte for
# byte (tests/test_engine_speed.py compares the two paths).


class _Trainee(NamedTuple):
    end: date | None  # the last day of employment
    name: str  # at the start of a sentence
    subject: str  # at the start of a sentence, with the hire date said once


def _trainee(employee: Employee, ctx: Context) -> _Trainee | None:
    """What the training rules need of an employee of a food service establishment
    (None for any other employee), once per evaluation."""
    cache = ctx.memo("fog.trainees")
    key = id(employee)
    try:
        return cache[key]
    except KeyError:
        pass
    trainee = None
    if fse(employee.establishment, ctx) is not None:
        name = capital_name(ctx, employee)
        subject = _employee_subject(employee, ctx) if getattr(employee, "name", None) else name
        trainee = _Trainee(_employment_end(employee, ctx), name, subject)
    cache[key] = trainee
    return trainee


def _training_deadline_fast(
    employee: Employee, trainee: _Trainee, ctx: Context, start: date, due_on: date, why: str
) -> Outcome | None:
    """``_training_deadline`` for a trainee: the first counted training from
    ``start``, or if there is none, why the others do not count."""
    done_on = None
    ignored: list[tuple[str, str]] = []
    for training, defect in _classified(employee, ctx):
        if training.date < start:
            continue
        if defect is None:
            done_on = training.date
            break
        ignored.append(defect)
    reading = None
    skipped = ""
    if done_on is None:
        end = trainee.end
        if end is not None and end < due_on:
            return None  # left before the training fell due
        skipped, reading = _not_counted(ignored)
    as_of = ctx.as_of
    text = _training_words(
        trainee.subject,
        why,
        as_of,
        due_on,
        day_text(due_on),
        done_on,
        None if done_on is None else day_text(done_on),
        skipped,
    )
    status = deadline_status(due_on, done_on, as_of)
    return new_tuple(Outcome, (status, text, due_on, None, None, reading, None))


def _training_initial_fast(employee: Employee, ctx: Context) -> Outcome | None:
    trainee = _trainee(employee, ctx)
    if trainee is None:
        return None
    in_force = in_force_from(ctx)
    end = trainee.end
    if employee.hired_on >= in_force or (end is not None and end < in_force):
        return None
    days = ctx.param("fog.initial_training_days", on=in_force)
    why = (
        f"was employed when the FOG rules took effect on {in_force} and {{verb}} to be "
        f"trained within {plural(days, 'day')}"
    )
    return _training_deadline_fast(employee, trainee, ctx, in_force, add_days(in_force, days), why)


#: "{verb} to receive FOG training within 10 days of being hired", by the days
_NEW_HIRE_WHY: dict[int, str] = {}


def _training_new_hire_fast(employee: Employee, ctx: Context) -> Outcome | None:
    hired_on = employee.hired_on
    if hired_on < in_force_from(ctx):
        return None
    trainee = _trainee(employee, ctx)
    if trainee is None:
        return None
    days = ctx.param("fog.new_hire_training_days", on=hired_on)
    why = _NEW_HIRE_WHY.get(days)
    if why is None:
        why = _NEW_HIRE_WHY[days] = (
            f"{{verb}} to receive FOG training within {plural(days, 'day')} of being hired"
        )
    return _training_deadline_fast(employee, trainee, ctx, hired_on, add_days(hired_on, days), why)


def _training_semiannual_in_one_pass(employee: Employee, ctx: Context) -> list[Outcome]:
    """FOG-TRAINING-SEMIANNUAL's years in one pass over the employee's trainings: a
    year without any costs its sentence alone."""
    trainee = _trainee(employee, ctx)
    if trainee is None:
        return []
    as_of = ctx.as_of
    first = max(in_force_from(ctx), employee.hired_on)
    year = first.year if first.month == 1 and first.day == 1 else first.year + 1
    if year > as_of.year:
        return []
    who, end = trainee.name, trainee.end
    by_year: dict[int, _YearOfTrainings] | None = None
    out: list[Outcome] = []
    add = out.append
    for number, year_end, period in _years(year, as_of.year):
        if end is not None and end < year_end:
            break
        if by_year is None:
            by_year = _trainings_by_year(employee, ctx)
        needed = ctx.param("fog.trainings_per_year", on=year_end)
        if number not in by_year and needed > 0:
            # a year with no training on record: its sentence but the name is the
            # same for every employee, written once
            key = (number, needed, as_of)
            untrained = _UNTRAINED.get(key)
            if untrained is None:
                if len(_UNTRAINED) > 4096:
                    _UNTRAINED.clear()
                untrained = _UNTRAINED[key] = (
                    _year_of_training_words(
                        "", period, year_end, as_of, "", _COUNTED_WORDS[0], needed, None, ""
                    ),
                    deadline_status(year_end, None, as_of),
                )
            tail, status = untrained
            add(new_tuple(Outcome, (status, who + tail, year_end, period, None, None, None)))
            continue
        texts, dates, ignored = by_year.get(number, _NO_TRAININGS)
        done_on = dates[needed - 1] if len(dates) >= needed else None
        skipped, reading = _not_counted(ignored) if done_on is None else ("", None)
        counted = len(dates)
        counted_words = _COUNTED_WORDS.get(counted) or plural(counted, "counted FOG training")
        text = _year_of_training_words(
            who, period, year_end, as_of, listing(texts), counted_words, needed, done_on, skipped
        )
        status = deadline_status(year_end, done_on, as_of)
        add(new_tuple(Outcome, (status, text, year_end, period, None, reading, None)))
    return out


#: a year's trainings of one employee: the texts and the days of those that count,
#: and why each other one does not
_YearOfTrainings = tuple[list[str], list[date], list[tuple[str, str]]]
_NO_TRAININGS: _YearOfTrainings = ([], [], [])
_COUNTED_WORDS = {n: plural(n, "counted FOG training") for n in range(8)}
#: the sentence of a year without a training on record, after the employee's name,
#: and its status, by (the year, the trainings it needs, the as-of date)
_UNTRAINED: dict[tuple[int, int, date], tuple[str, str]] = {}


def _trainings_by_year(employee: Employee, ctx: Context) -> dict[int, _YearOfTrainings]:
    """The employee's trainings by calendar year, in the order the rules see them
    (oldest first)."""
    by_year: dict[int, _YearOfTrainings] = {}
    for training, defect in _classified(employee, ctx):
        bucket = by_year.get(training.date.year)
        if bucket is None:
            bucket = by_year[training.date.year] = ([], [], [])
        if defect is None:
            bucket[0].append(day_text(training.date))
            bucket[1].append(training.date)
        else:
            bucket[2].append(defect)
    return by_year


#: the calendar years from one to another: (the year, December 31, its label)
_YEARS: dict[tuple[int, int], tuple[tuple[int, date, str], ...]] = {}


def _years(first: int, last: int) -> tuple[tuple[int, date, str], ...]:
    key = (first, last)
    run = _YEARS.get(key)
    if run is None:
        if len(_YEARS) > 4096:
            _YEARS.clear()
        run = _YEARS[key] = tuple(
            (year, date(year, 12, 31), str(year)) for year in range(first, last + 1)
        )
    return run


@rule("FOG-TRAINING-RECORDS", on="training")
def training_records(training: Training, ctx: Context) -> Outcome | None:
    """§ 51.62(C): "Training shall be documented and employee signatures retained
    indicating each employee's attendance and understanding of the practices
    reviewed." The finding names the establishment."""
    establishment = fse(training.establishment, ctx)
    if establishment is None or training.date < in_force_from(ctx):
        return None
    people = plural(len(training.employees), "employee")
    what = f"The FOG training at {thing_name(ctx, establishment)} on {training.date} ({people})"
    if training.signed:
        return met(f"{what} is documented with signatures.", subject=establishment.id)
    counts_only_signed = ctx.param("fog.training_counts_only_signed", on=training.date)
    return violation(
        f"{what} has no employee signatures showing attendance and understanding.",
        subject=establishment.id,
        reading=UNSIGNED_DOES_NOT_COUNT if counts_only_signed else None,
    )
